//! The rating of a puzzle on the Sudoku Explainer scale and the named
//! difficulty levels built on it.
//!
//! It exists so that `rate`, `explain` and `generate --difficulty` share
//! one definition of how hard a puzzle is; docs/rating.md explains the
//! numbers.

use super::step::Step;
use super::technique::Technique;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// Score given to a puzzle the techniques cannot finish, as Sukaku
/// Explainer gives it (serate's 20.0: "Beyond solver"). With every SE
/// producer in the solving order, that is where SE itself gives up.
pub const BEYOND_SCORE: f32 = 20.0;

/// SE's name for the rating of a puzzle its techniques cannot finish.
pub const BEYOND_NAME: &str = "Beyond solver";

/// How hard a puzzle is. Serialized as every record writes a rating
/// ([`RatingFields`]), so there is one schema.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(into = "RatingFields")]
#[non_exhaustive]
pub struct Rating {
    /// The SE-scale score (SE's ER): the hardest step on the
    /// easiest-first path, or at least [`BEYOND_SCORE`] when the
    /// techniques could not finish.
    pub score: f32,
    /// The named level of the score.
    pub level: Level,
    /// The technique of the hardest step (`None` for a full grid).
    pub(crate) hardest: Option<Technique>,
    /// SE's name of the first hardest step, as SE names the technique of
    /// ER: with its variant code (e.g. `WXYZ-Wing 137`), dynamic chains
    /// as `Dynamic ...`; empty for a full grid.
    pub hardest_name: String,
    /// SE's pearl (EP): the hardest step up to and including the first
    /// step that places a value in SE's sense ([`Step::is_placement`]);
    /// 0.0 when no step placed one (a full grid, or stuck before).
    pub pearl: f32,
    /// The technique of the pearl, named as [`Rating::hardest_name`]:
    /// the first step that reached it; empty when `pearl` is 0.0.
    pub pearl_name: String,
    /// SE's diamond (ED): the rating of the first step; 0.0 for a full
    /// grid.
    pub diamond: f32,
    /// The technique of the diamond (the first step), named as
    /// [`Rating::hardest_name`]; empty for a full grid.
    pub diamond_name: String,
    /// How many steps each technique made, easiest technique first.
    pub(crate) techniques: Vec<(Technique, usize)>,
    /// Whether the techniques solved the puzzle completely (false: beyond
    /// them, or stopped at a time limit).
    pub solved: bool,
    /// Whether the solve stopped at its time limit: the ratings are then
    /// those of the path so far, and the puzzle's are at least as high.
    pub lower_bound: bool,
}

/// A rating as every record writes it: the score to one decimal as
/// `rating`, SE's three ratings (ER, EP, ED, one decimal) with their
/// techniques, the level, the hardest technique, each technique's step
/// count (easiest first) and whether logic finished the puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct RatingFields {
    /// Sudoku Explainer score, one decimal (the same as `er`).
    pub rating: f64,
    /// SE's ER: the hardest step (the score).
    pub er: f64,
    /// SE's EP, the pearl: the hardest step up to the first placement.
    pub ep: f64,
    /// SE's ED, the diamond: the first step's rating.
    pub ed: f64,
    /// Named level.
    pub level: Level,
    /// The hardest technique, `null` for a full grid.
    pub hardest: Option<&'static str>,
    /// SE's name of the step that gives ER (empty for a full grid).
    pub er_technique: String,
    /// SE's name of the step that gives EP (empty when EP is 0).
    pub ep_technique: String,
    /// SE's name of the step that gives ED (empty for a full grid).
    pub ed_technique: String,
    /// Steps per technique, easiest first.
    #[serde(serialize_with = "techniques_map")]
    pub techniques: Vec<(&'static str, usize)>,
    /// Whether the techniques solved the puzzle (false: rated beyond them,
    /// or stopped at a time limit).
    pub solved_by_logic: bool,
    /// Present and true when the solve stopped at its time limit: every
    /// rating is then at least what it says (the path so far).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub lower_bound: bool,
}

impl Rating {
    /// Steps by dynamic or nested forcing chains.
    pub(crate) fn chain_steps(&self) -> usize {
        self.techniques
            .iter()
            .filter(|(t, _)| *t >= Technique::DynamicForcingChains)
            .map(|(_, n)| n)
            .sum()
    }
}

impl From<&Rating> for RatingFields {
    fn from(r: &Rating) -> RatingFields {
        RatingFields {
            rating: one_decimal(r.score),
            er: one_decimal(r.score),
            ep: one_decimal(r.pearl),
            ed: one_decimal(r.diamond),
            level: r.level,
            hardest: r.hardest.map(|t| t.name()),
            er_technique: r.hardest_name.clone(),
            ep_technique: r.pearl_name.clone(),
            ed_technique: r.diamond_name.clone(),
            techniques: steps_by_name(r),
            solved_by_logic: r.solved,
            lower_bound: r.lower_bound,
        }
    }
}

impl From<Rating> for RatingFields {
    fn from(r: Rating) -> RatingFields {
        RatingFields::from(&r)
    }
}

/// Steps per technique name, easiest first. Variants that share a name
/// (hidden singles in a box, a row, a column) are added together, so a
/// JSON object never repeats a key.
fn steps_by_name(r: &Rating) -> Vec<(&'static str, usize)> {
    let mut merged: Vec<(&'static str, usize)> = Vec::new();
    for (technique, count) in &r.techniques {
        match merged.iter_mut().find(|(name, _)| *name == technique.name()) {
            Some((_, total)) => *total += count,
            None => merged.push((technique.name(), *count)),
        }
    }
    merged
}

/// A score to one decimal, as SE prints it.
pub fn one_decimal(score: f32) -> f64 {
    (score as f64 * 10.0).round() / 10.0
}

fn techniques_map<S: Serializer>(techniques: &[(&'static str, usize)], s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(techniques.len()))?;
    for (name, count) in techniques {
        map.serialize_entry(name, count)?;
    }
    map.end()
}

/// A named difficulty band on the Sudoku Explainer scale. The bands follow
/// SE's technique families (docs/rating.md has the table and sources).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Singles only (last value, hidden singles): SE 1.0 to 1.5.
    Easy,
    /// Direct locked candidates and hidden subsets, naked singles: SE 1.6
    /// to 2.5.
    Medium,
    /// Locked candidates, pairs and triples, X-Wing and Swordfish, the
    /// strong-link patterns, XY- and XYZ-Wing: SE 2.6 to 4.4.
    Hard,
    /// Uniqueness patterns, quads and Jellyfish, BUG, WXYZ- and
    /// VWXYZ-Wings and the other non-chain patterns: SE 4.5 to 6.4.
    Expert,
    /// Chains and forcing chains: SE 6.5 and up.
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
    ];

    /// The band of scores of this level: lower bound included, upper
    /// excluded (unbounded for extreme). Scores have one decimal, so
    /// `1.6..2.6` is SE 1.6 to 2.5.
    pub fn range(self) -> Range<f32> {
        match self {
            Level::Easy => 0.0..1.6,
            Level::Medium => 1.6..2.6,
            Level::Hard => 2.6..4.5,
            Level::Expert => 4.5..6.5,
            Level::Extreme => 6.5..f32::INFINITY,
        }
    }

    /// The level whose band holds `score`.
    pub fn of(score: f32) -> Level {
        // Round to one decimal first so 2.9999 from float sums counts as 3.0.
        let score = (score * 10.0).round() / 10.0;
        Level::ALL
            .into_iter()
            .find(|l| l.range().contains(&score))
            .unwrap_or(Level::Extreme)
    }

    internal_pub! {
        /// The lowercase name used on the command line.
        fn name(self) -> &'static str {
            match self {
                Level::Easy => "easy",
                Level::Medium => "medium",
                Level::Hard => "hard",
                Level::Expert => "expert",
                Level::Extreme => "extreme",
            }
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of the five.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level '{0}': expected easy, medium, hard, expert or extreme")]
pub struct UnknownLevel(pub(crate) String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let wanted = s.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == wanted)
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

/// Collects the steps of a solve into a [`Rating`].
pub(super) struct Tally {
    counts: [usize; Technique::ALL.len()],
    hardest: Option<(f32, Technique)>,
    hardest_name: String,
    /// EP and its name, once a step has placed a value.
    pearl: Option<(f32, String)>,
    /// ED and its name, once there is a step.
    diamond: Option<(f32, String)>,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            counts: [0; Technique::ALL.len()],
            hardest: None,
            hardest_name: String::new(),
            pearl: None,
            diamond: None,
        }
    }
}

impl Tally {
    /// Counts one step (after it is applied), as SE's `getDifficulty`
    /// does: the first of the hardest steps names ER (a later step must
    /// be strictly harder to replace it); until EP is set, the first step
    /// sets ED to ER so far, and the first step that places a value sets
    /// EP to ER so far. EP and ED never change afterwards.
    pub fn add(&mut self, step: &Step) {
        self.counts[step.technique.index()] += 1;
        if self.hardest.is_none_or(|(d, _)| step.difficulty > d) {
            self.hardest = Some((step.difficulty, step.technique));
            self.hardest_name = step.rating_name();
        }
        if self.pearl.is_none() {
            let so_far = self.hardest.map_or(0.0, |(d, _)| d);
            if self.diamond.is_none() {
                self.diamond = Some((so_far, self.hardest_name.clone()));
            }
            if step.is_placement() {
                self.pearl = Some((so_far, self.hardest_name.clone()));
            }
        }
    }

    /// The rating of a path stopped at its time limit: the hardest step
    /// so far, or `next` (what the next step is known to be rated at
    /// least) when higher; a lower bound of the puzzle's rating.
    pub fn finish_at_deadline(&self, next: f32) -> Rating {
        let mut rating = self.finish(true);
        rating.solved = false;
        rating.lower_bound = true;
        if next > rating.score {
            rating.score = tenths(next);
            rating.level = Level::of(rating.score);
        }
        rating
    }

    /// The rating, given whether the puzzle was finished.
    pub fn finish(&self, solved: bool) -> Rating {
        let mut score = self.hardest.map_or(0.0, |(d, _)| d);
        let mut hardest_name = self.hardest_name.clone();
        if !solved {
            score = BEYOND_SCORE;
            hardest_name = BEYOND_NAME.to_string();
        }
        let score = tenths(score);
        let (pearl, pearl_name) = self.pearl.clone().unwrap_or_default();
        let (diamond, diamond_name) = self.diamond.clone().unwrap_or_default();
        Rating {
            score,
            level: Level::of(score),
            hardest: self.hardest.map(|(_, t)| t),
            hardest_name,
            pearl: tenths(pearl),
            pearl_name,
            diamond: tenths(diamond),
            diamond_name,
            techniques: Technique::ALL
                .iter()
                .zip(self.counts)
                .filter(|(_, k)| *k > 0)
                .map(|(&t, k)| (t, k))
                .collect(),
            solved,
            lower_bound: false,
        }
    }
}

/// A score rounded to tenths, as SE prints it.
fn tenths(score: f32) -> f32 {
    (score * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_and_cover_the_scale() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>().unwrap(), level);
        }
        assert_eq!("Hard".parse::<Level>().unwrap(), Level::Hard);
        assert!("impossible".parse::<Level>().is_err());
        // The boundaries are checked against docs/rating.md's table by
        // tests/rating_levels.rs; here only the rounding of float sums.
        assert_eq!(Level::of(2.59999), Level::of(2.6));
        assert_eq!(Level::of(11.0), Level::Extreme);
    }

    #[test]
    fn tally_keeps_the_hardest_step() {
        #[derive(Debug)]
        struct Seen;
        impl crate::logic::step::Pattern for Seen {
            fn describe(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
                Ok(())
            }
        }
        let mut t = Tally::default();
        t.add(&Step::new(
            Technique::HiddenSingleBox,
            Technique::HiddenSingleBox.difficulty(),
            Seen,
        ));
        t.add(&Step::new(
            Technique::Pointing,
            Technique::Pointing.difficulty(),
            Seen,
        ));
        t.add(&Step::new(
            Technique::HiddenSingleBox,
            Technique::HiddenSingleBox.difficulty(),
            Seen,
        ));
        let r = t.finish(true);
        assert_eq!(r.score, 2.6);
        assert_eq!(r.hardest, Some(Technique::Pointing));
        assert_eq!(
            r.techniques,
            vec![(Technique::HiddenSingleBox, 2), (Technique::Pointing, 1)]
        );
        assert_eq!(t.finish(false).score, BEYOND_SCORE);
        // The first step is ED and, placing a value, EP.
        assert_eq!((r.diamond, r.diamond_name.as_str()), (1.2, "Hidden Single"));
        assert_eq!((r.pearl, r.pearl_name.as_str()), (1.2, "Hidden Single"));
    }

    #[test]
    fn pearl_and_diamond_follow_se() {
        #[derive(Debug)]
        struct Seen;
        impl crate::logic::step::Pattern for Seen {
            fn describe(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
                Ok(())
            }
        }
        let step = |t: Technique| Step::new(t, t.difficulty(), Seen);
        let mut t = Tally::default();
        // Eliminations first: ED is the first, EP waits for a placement
        // and takes the hardest step so far, named by its first step.
        t.add(&step(Technique::Pointing));
        t.add(&step(Technique::NakedPair));
        t.add(&step(Technique::Claiming));
        t.add(&Step::new(Technique::NakedPair, 3.0, Seen));
        t.add(&step(Technique::HiddenSingleBox));
        t.add(&step(Technique::XWing));
        t.add(&step(Technique::NakedSingle));
        let r = t.finish(true);
        assert_eq!((r.score, r.hardest_name.as_str()), (3.2, "X-Wing"));
        assert_eq!((r.pearl, r.pearl_name.as_str()), (3.0, "Naked Pair"));
        assert_eq!((r.diamond, r.diamond_name.as_str()), (2.6, "Pointing"));
        // Stuck before any placement: ER is a floor, EP stays unset.
        let mut t = Tally::default();
        t.add(&step(Technique::Pointing));
        let r = t.finish(false);
        assert_eq!((r.score, r.pearl, r.diamond), (BEYOND_SCORE, 0.0, 2.6));
        assert!(r.pearl_name.is_empty());
        // A full grid: nothing.
        let r = Tally::default().finish(true);
        assert_eq!((r.score, r.pearl, r.diamond), (0.0, 0.0, 0.0));
        assert!(r.hardest_name.is_empty() && r.diamond_name.is_empty());
    }
}
