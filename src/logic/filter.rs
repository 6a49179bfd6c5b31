//! Technique filters for generation: puzzles whose solving path must use
//! a technique, must not, or whose hardest step must be one, as Sukaku
//! Explainer's generator offers. Techniques are named as SE names them
//! (`X-Wing`), by their machine name (`x_wing`) or by family (`fish`).

use super::candidates::{LogicError, Tables};
use super::rating::Rating;
use super::registry;
use super::room::Room;
use super::solver::LogicalSolver;
use super::technique::Technique;
use crate::grid::Grid;
use crate::shape::Shape;
use std::fmt;

/// How far past a `hardest` filter's aim a search for it still rates
/// candidates exactly: [`TechniqueFilter::fit`] gives a candidate 0.45
/// times e to the minus its distance from the aim, so past this margin
/// the difference it makes is under 0.07. A margin of 2.0 rather than
/// 3.0 leaves the cycles and forcing X-chains (6.5 and up) out of the
/// searches for fish and subsets up to 4.5: ten techniques, six seeds
/// each, took 102.7 CPU s against 111.8 (docs/generator.md).
const RANKING_MARGIN: f32 = 2.0;

/// What SE adds at most to a technique's base difficulty for a larger
/// pattern below the chains: a unique loop's length, a BUG's extra
/// cells, an ALS wing's digits (a unique rectangle type 3 rates up to 4.8
/// on base 4.5 in SE's paths of `se_traces`).
const PATTERN_HEADROOM: f32 = 0.5;

/// What SE takes at most off a technique's base difficulty for a
/// pattern: an ALS wing whose largest set is small rates 0.1 under its
/// base.
const PATTERN_SPREAD: f32 = 0.1;

/// How far past its hardest `with` technique a search without a
/// `hardest` set looks.
const WITH_REACH: f32 = 3.0;

/// The base difficulty from which the chains start (Aligned Pair
/// Exclusion, 6.2): past it a step's difficulty grows with its length.
const CHAINS_FROM: f32 = 6.0;

/// Techniques whose search climbs through others: a wanted technique,
/// and the techniques a path reaches the same grid state with. BUG type
/// 3 needs every unsolved cell down to two candidates but a few, as the
/// other BUG types do, and then a naked set among the extra candidates;
/// a search that ranked only by BUG type 3 itself and the rating found
/// none in 20 s from seeds 1 and 2 as the hardest step, where crediting
/// paths through another BUG type found 81 and 126
/// (`benchmarks/2026-12-04/README.md`). A search for BUG type 4 found
/// fewer with the same credit from the other BUG types (622 against
/// 1,036 over four runs), so it has none.
const KIN: [(Technique, &[Technique]); 1] = [(
    Technique::BugType3,
    &[Technique::BugPlusOne, Technique::BugType2, Technique::BugType4],
)];

/// What a path that uses no member of a wanted set, but a kin of one
/// ([`KIN`]), adds to its filter fit: a third of the near term's top,
/// so that the pool leans towards the state the technique needs without
/// giving up the rating's pull (0.3 found fewer than 0.15, 252 against
/// 471 over four BUG type 3 runs).
const KIN_CREDIT: f32 = 0.15;

/// Whether a path using `t` is a step from one using a member of `set`.
fn kin_of(set: &Techniques, t: Technique) -> bool {
    KIN.iter()
        .any(|(wanted, kin)| set.contains(*wanted) && kin.contains(&t))
}

/// Families of techniques, by name: what each covers.
const FAMILIES: [(&str, &[Technique]); 9] = [
    (
        "singles",
        &[Technique::FullHouse, Technique::HiddenSingleBox, Technique::HiddenSingleLine, Technique::NakedSingle],
    ),
    (
        "direct",
        &[
            Technique::DirectPointing,
            Technique::DirectClaiming,
            Technique::DirectHiddenPair,
            Technique::DirectHiddenTriple,
        ],
    ),
    ("intersections", &[Technique::Pointing, Technique::Claiming]),
    (
        "subsets",
        &[
            Technique::NakedPair,
            Technique::HiddenPair,
            Technique::NakedTriple,
            Technique::HiddenTriple,
            Technique::NakedQuad,
            Technique::HiddenQuad,
        ],
    ),
    ("fish", &[Technique::XWing, Technique::Swordfish, Technique::Jellyfish]),
    (
        "links",
        &[
            Technique::Skyscraper,
            Technique::TwoStringKite,
            Technique::TurbotCrane,
            Technique::GroupedSkyscraper,
            Technique::GroupedTwoStringKite,
            Technique::GroupedTurbotCrane,
            Technique::ThreeSkyscrapers,
            Technique::ThreeStrongLinks,
            Technique::ThreeStringKite,
        ],
    ),
    (
        "wings",
        &[Technique::XYWing, Technique::XYZWing, Technique::WXYZWing, Technique::VWXYZWing],
    ),
    (
        "uniqueness",
        &[
            Technique::UniqueRectangle,
            Technique::BugPlusOne,
            Technique::BugType2,
            Technique::BugType3,
            Technique::BugType4,
        ],
    ),
    (
        "chains",
        &[
            Technique::AlignedPairExclusion,
            Technique::ForcingChainsCycles,
            Technique::AlignedTripletExclusion,
            Technique::NishioForcingChains,
            Technique::MultipleForcingChains,
            Technique::DynamicForcingChains,
            Technique::DynamicForcingChainsPlus,
            Technique::NestedForcingChains,
        ],
    ),
];

/// A set of techniques named as one: an SE name (`Unique Rectangle`;
/// `Hidden Single` covers SE's three hidden singles), a machine name
/// (`unique_rectangle`) or a family (`fish`, `wings`, ...). Names are
/// matched ignoring case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Techniques {
    name: String,
    members: Vec<Technique>,
}

impl Techniques {
    /// The techniques in the set, in solving order.
    #[cfg(test)]
    fn members(&self) -> &[Technique] {
        &self.members
    }

    fn contains(&self, technique: Technique) -> bool {
        self.members.contains(&technique)
    }

    /// Whether the path `rating` describes takes a step by a member.
    fn used_on(&self, rating: &Rating) -> bool {
        rating.techniques.iter().any(|&(t, _)| self.contains(t))
    }
}

impl fmt::Display for Techniques {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl std::str::FromStr for Techniques {
    type Err = UnknownTechnique;

    fn from_str(text: &str) -> Result<Techniques, UnknownTechnique> {
        let wanted = text.trim();
        let members: Vec<Technique> = match FAMILIES.iter().find(|(f, _)| f.eq_ignore_ascii_case(wanted)) {
            Some((_, family)) => family.to_vec(),
            None => Technique::ALL
                .into_iter()
                .filter(|t| t.name().eq_ignore_ascii_case(wanted) || t.id().eq_ignore_ascii_case(wanted))
                .collect(),
        };
        if members.is_empty() {
            return Err(UnknownTechnique(wanted.to_string()));
        }
        Ok(Techniques {
            name: wanted.to_string(),
            members,
        })
    }
}

/// A technique name that is neither an SE name, a machine name nor a
/// family; the message lists the valid names.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown technique '{0}': expected one of {names}", names = valid_names())]
pub struct UnknownTechnique(pub(crate) String);

/// Every name [`Techniques`] accepts, for error messages: families, then
/// SE's names in solving order.
fn valid_names() -> String {
    let mut names: Vec<&str> = FAMILIES.iter().map(|(f, _)| *f).collect();
    for t in Technique::ALL {
        if !names.contains(&t.name()) {
            names.push(t.name());
        }
    }
    names.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", ")
}

/// What a puzzle's solving path must show: every `with` set used, no
/// `without` set used, and the hardest step (ER's) in `hardest`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct TechniqueFilter {
    /// Sets the path must each use at least once.
    pub with: Vec<Techniques>,
    /// Sets the path must not use.
    pub without: Vec<Techniques>,
    /// The set the hardest step must belong to.
    pub hardest: Option<Techniques>,
}

impl TechniqueFilter {
    /// Whether the filter asks for nothing (every solved path passes).
    pub fn is_empty(&self) -> bool {
        self.with.is_empty() && self.without.is_empty() && self.hardest.is_none()
    }

    internal_pub! {
        /// Whether a puzzle with `rating` passes: solved by the techniques
        /// (a puzzle beyond them has no known path) and as the filter asks.
        fn accepts(&self, rating: &Rating) -> bool {
            if self.is_empty() {
                return true;
            }
            let used = |set: &Techniques| set.used_on(rating);
            rating.solved
                && self.with.iter().all(used)
                && !self.without.iter().any(used)
                && self
                    .hardest
                    .as_ref()
                    .is_none_or(|set| rating.hardest.is_some_and(|t| set.contains(t)))
        }
    }
}

impl TechniqueFilter {
    /// How well a path with `rating` meets the filter, for the guided
    /// search to rank by, so that a search for a rare technique keeps the
    /// puzzles that come closest: one point per `with` set used, one per
    /// `without` set unused, one for a hardest step in `hardest` (half of
    /// one when that set is used but a harder step comes too), plus under
    /// half a point for an ER near the wanted techniques' difficulty (a
    /// much harder puzzle rarely loses its harder steps in one move, and
    /// an easier one cannot use the technique), plus [`KIN_CREDIT`] per
    /// wanted set unused whose kin the path uses ([`KIN`]).
    pub(crate) fn fit(&self, rating: &Rating) -> f32 {
        let used = |set: &Techniques| set.used_on(rating);
        let with = self.with.iter().filter(|set| used(set)).count();
        let without = self.without.iter().filter(|set| !used(set)).count();
        let hardest = match &self.hardest {
            Some(set) if rating.hardest.is_some_and(|t| set.contains(t)) => 1.0,
            Some(set) if used(set) => 0.5,
            _ => 0.0,
        };
        let near = self.aim().map_or(0.0, |aim| 0.45 * (-(rating.score - aim).abs()).exp());
        let kin = self
            .with
            .iter()
            .chain(&self.hardest)
            .filter(|set| !used(set) && rating.techniques.iter().any(|&(t, _)| kin_of(set, t)))
            .count();
        (with + without) as f32 + hardest + near + KIN_CREDIT * kin as f32
    }

    /// How many techniques of the solving order a search for this filter
    /// rates candidates with first (`LogicalSolver::rate_with_first`):
    /// those up to the last member of its `with` and `hardest` sets or
    /// [`RANKING_MARGIN`] past the aim, whichever comes later, and every
    /// technique for a filter that asks for none. The techniques left out
    /// (for the easier sets, the chains, which cost the most) cannot
    /// change what the prefix found: the prefix's path is the whole path
    /// as far as it goes. A `hardest` filter's wanted puzzle needs none of
    /// them; a path that uses every `with` set before stopping short is
    /// rated again with all of them ([`TechniqueFilter::rates_on`]). Those
    /// within the margin stay, so the search still tells a candidate just
    /// past the set from one far past it.
    fn techniques_tried(&self) -> usize {
        let all = Technique::ALL.len();
        let Some(aim) = self.aim() else {
            return all;
        };
        let members = self.with.iter().chain(&self.hardest).flat_map(|set| &set.members);
        let last = members.map(|t| t.index() + 1).max().unwrap_or(all);
        let near = Technique::ALL
            .iter()
            .position(|t| t.difficulty() >= aim + RANKING_MARGIN)
            .unwrap_or(all);
        last.max(near)
    }

    /// `puzzle`'s rating as a search for this filter ranks and judges it:
    /// by the first [`TechniqueFilter::techniques_tried`] techniques, and
    /// by all of them when [`TechniqueFilter::rates_on`] asks.
    pub(crate) fn rate_candidate(&self, solver: &mut LogicalSolver, puzzle: &Grid) -> Result<Rating, LogicError> {
        let first = solver.rate_with_first(puzzle, self.techniques_tried())?;
        if self.rates_on(&first) {
            solver.rate_with_first(puzzle, Technique::ALL.len())
        } else {
            Ok(first)
        }
    }

    /// Whether a candidate whose rating by the first
    /// [`TechniqueFilter::techniques_tried`] techniques is `first` must be
    /// rated with every technique: its path stopped short after using
    /// every `with` set and no `without` set, so only the rest of the path
    /// tells whether it passes (a later step may be a `without` one, or
    /// none may solve it) and what it rates. Any other path stopped short
    /// fails the filter whatever comes after: a `hardest` filter's, or one
    /// that has not used a `with` set by the aim and the margin past it,
    /// which the search then ranks by the first technique left out.
    fn rates_on(&self, first: &Rating) -> bool {
        let used = |set: &Techniques| set.used_on(first);
        first.lower_bound
            && self.hardest.is_none()
            && self.with.iter().all(used)
            && !self.without.iter().any(used)
    }

    /// The difficulty a path that meets the filter comes near: the
    /// easiest member's of the hardest set, or else the highest of the
    /// `with` sets' easiest members.
    fn aim(&self) -> Option<f32> {
        let easiest = |set: &Techniques| set.members.iter().map(|t| t.difficulty()).fold(f32::INFINITY, f32::min);
        match &self.hardest {
            Some(set) => Some(easiest(set)),
            None => self.with.iter().map(easiest).reduce(f32::max),
        }
    }

    /// Why no puzzle with `tables`' shape and rules can meet the filter,
    /// when that is so: a `with` or `hardest` set none of whose
    /// techniques a solving path there can use. A technique is out of
    /// reach when SE's technique set for the rules lacks it (Pointing
    /// under X, the generalized intersections on a classic board), and
    /// Direct Claiming is out of reach on a 9x9 board with classic houses.
    /// Say a digit's places in row r all lie in box B and claiming them
    /// leaves another row of the band one place, x, in box B'. The band's
    /// third box then has places only in the band's third row (or the
    /// digit is placed there, and x is a hidden single of B'), and the
    /// pointing from it to that row leaves B' the one place x: a hidden
    /// single, or a Direct Pointing (1.7), which SE takes before any
    /// Direct Claiming (1.9). Columns likewise.
    pub(crate) fn unreachable(&self, tables: &Tables) -> Option<String> {
        let rules = tables.rules();
        let classic_houses = tables.shape() == Shape::CLASSIC
            && !tables.has_regions()
            && (rules == Default::default() || rules.non_consecutive);
        let reachable = |t: Technique| {
            registry::reports(rules, t) && !(t == Technique::DirectClaiming && classic_houses)
        };
        let set = self
            .with
            .iter()
            .chain(&self.hardest)
            .find(|set| !set.members.iter().any(|&t| reachable(t)))?;
        Some(if set.contains(Technique::DirectClaiming) && classic_houses {
            format!(
                "'{set}': on a 9x9 board with classic houses a Direct Pointing (1.7) or a hidden single \
                 comes with every Direct Claiming (1.9), and is taken first"
            )
        } else {
            format!("'{set}': Sukaku Explainer's technique set for these rules does not have it")
        })
    }

    /// The ratings a search for the filter aims at. A path that uses a
    /// technique rates at least that technique's step, and one whose
    /// hardest step is in the `hardest` set rates that step: from the
    /// easiest member's base difficulty to the hardest member's, give or
    /// take what SE changes for a pattern's size ([`PATTERN_SPREAD`]
    /// below, [`PATTERN_HEADROOM`] above), with no bound above for the
    /// chains (from 6.2), whose length adds without bound. Without a
    /// `hardest` set, up to [`WITH_REACH`] past the hardest `with`
    /// technique: a much harder puzzle seldom needs it, and rating one
    /// through its chains costs the most (minutes for some anti-knight
    /// puzzles). A search for variant puzzles gives clues back to a
    /// candidate above the reach.
    pub(crate) fn reach(&self) -> std::ops::Range<f32> {
        let start = self.aim().map_or(0.0, |aim| (aim - PATTERN_SPREAD).max(0.0));
        let end = match &self.hardest {
            Some(set) => {
                let highest = set.members.iter().map(|t| t.difficulty()).fold(0.0, f32::max);
                if highest >= CHAINS_FROM {
                    f32::INFINITY
                } else {
                    highest + PATTERN_HEADROOM
                }
            }
            None => self.aim().map_or(f32::INFINITY, |aim| aim + WITH_REACH),
        };
        start..end
    }

    /// What the clues of every puzzle that meets the filter on a classic
    /// board of `shape` leave room for ([`Room`]): a `with` or `hardest`
    /// set whose every member needs a room of one kind needs the
    /// loosest of them.
    pub(crate) fn rooms(&self, shape: Shape) -> Vec<Room> {
        let room = |set: &Techniques| {
            let rooms = set.members.iter().map(|&t| Room::of(t, shape));
            rooms.reduce(|a, b| a?.looser(b?)).flatten()
        };
        self.with.iter().chain(&self.hardest).filter_map(room).collect()
    }

    /// Whether the filter asks for a technique to be used: such puzzles
    /// can be rare among random ones, so a run looks for them with the
    /// guided search (a filter of `without` sets alone refuses few).
    pub(crate) fn seeks(&self) -> bool {
        !self.with.is_empty() || self.hardest.is_some()
    }
}

impl fmt::Display for TechniqueFilter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        parts.extend(self.with.iter().map(|t| format!("with {t}")));
        parts.extend(self.without.iter().map(|t| format!("without {t}")));
        parts.extend(self.hardest.iter().map(|t| format!("hardest {t}")));
        f.write_str(&parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    fn asking(with: &str, hardest: Option<&str>) -> TechniqueFilter {
        TechniqueFilter {
            with: vec![with.parse().unwrap()],
            without: Vec::new(),
            hardest: hardest.map(|h| h.parse().unwrap()),
        }
    }

    fn tables(shape: Shape, variant: &str) -> Tables {
        let variant: Variant = variant.parse().unwrap();
        Tables::for_variant(shape, &variant).unwrap()
    }

    #[test]
    fn techniques_no_path_under_the_rules_uses_are_out_of_reach() {
        let classic = Tables::new(Shape::CLASSIC);
        let why = asking("Direct Claiming", None).unreachable(&classic).unwrap();
        assert!(why.contains("Direct Pointing"), "{why}");
        assert!(asking("direct", None).unreachable(&classic).is_none());
        assert!(asking("Generalized Naked Pair", None).unreachable(&classic).is_some());
        // The band argument needs three rows and three boxes per band.
        let six = Shape::new(2, 3).unwrap();
        assert!(asking("Direct Claiming", None).unreachable(&Tables::new(six)).is_none());
        let x = tables(Shape::CLASSIC, "x");
        assert!(asking("Pointing", None).unreachable(&x).is_some());
        assert!(asking("X-Wing", Some("Pointing")).unreachable(&x).is_some());
        assert!(asking("Generalized Intersections", None).unreachable(&x).is_none());
        // SE turns the uniqueness techniques off under anti-knight.
        let knight = tables(Shape::CLASSIC, "anti-knight");
        assert!(asking("Unique Rectangle", None).unreachable(&knight).is_some());
        assert!(asking("uniqueness", None).unreachable(&tables(Shape::CLASSIC, "windoku")).is_none());
    }

    /// A set needs a room only when every member needs one of one kind:
    /// a family with a member that needs none (fish: X-Wing) needs none.
    #[test]
    fn rooms_come_from_sets_whose_every_member_needs_one() {
        let nine = Shape::CLASSIC;
        assert_eq!(asking("Hidden Quad", None).rooms(nine), [Room::House(0)]);
        assert_eq!(asking("X-Wing", Some("Jellyfish")).rooms(nine), [Room::Digit(1)]);
        assert!(asking("fish", Some("subsets")).rooms(nine).is_empty());
        assert_eq!(asking("Hidden Quad", None).rooms(Shape::new(4, 4).unwrap()), [Room::House(7)]);
    }

    #[test]
    fn the_reach_of_a_filter_brackets_the_ratings_it_allows() {
        let x_wing = asking("Naked Pair", Some("X-Wing")).reach();
        assert!(x_wing.contains(&3.2) && !x_wing.contains(&3.0) && !x_wing.contains(&3.8));
        // A unique rectangle's type 3 rates 4.8 in SE's paths; a WXYZ-Wing
        // 5.4 to 5.6 on base 5.5.
        assert!(asking("X-Wing", Some("Unique Rectangle")).reach().contains(&4.8));
        let wxyz = asking("X-Wing", Some("WXYZ-Wing")).reach();
        assert!(wxyz.contains(&5.4) && wxyz.contains(&5.6));
        assert_eq!(asking("X-Wing", Some("chains")).reach().end, f32::INFINITY);
        let with = asking("X-Wing", None).reach();
        assert!(with.contains(&3.2) && with.contains(&6.0) && !with.contains(&9.0));
        let without = TechniqueFilter {
            without: vec!["fish".parse().unwrap()],
            ..TechniqueFilter::default()
        };
        assert_eq!(without.reach(), 0.0..f32::INFINITY);
    }

    #[test]
    fn names_families_and_machine_names_parse() {
        let x: Techniques = "x-wing".parse().unwrap();
        assert_eq!(x.members(), [Technique::XWing]);
        let hs: Techniques = "Hidden Single".parse().unwrap();
        assert_eq!(hs.members().len(), 3);
        let fish: Techniques = "FISH".parse().unwrap();
        assert!(fish.members().contains(&Technique::Jellyfish));
        assert_eq!("unique_rectangle".parse::<Techniques>().unwrap().members(), [Technique::UniqueRectangle]);
    }

    /// Every technique can be named, by SE name and by machine name.
    #[test]
    fn every_technique_has_a_name_that_parses() {
        for t in Technique::ALL {
            assert!(t.name().parse::<Techniques>().unwrap().members().contains(&t));
            assert_eq!(t.id().parse::<Techniques>().unwrap().members(), [t]);
        }
    }

    /// A search for a hardest step rates with every member of the set and
    /// the techniques just past it, but not the chains when the set is
    /// easy; a filter that asks for no technique with every technique.
    #[test]
    fn a_hardest_filter_leaves_out_the_techniques_far_past_it() {
        let hardest = |name: &str| TechniqueFilter {
            hardest: Some(name.parse().unwrap()),
            ..TechniqueFilter::default()
        };
        let tried = hardest("X-Wing").techniques_tried();
        assert!(tried > Technique::UniqueRectangle.index() && tried <= Technique::ForcingChainsCycles.index());
        let fish = hardest("fish").techniques_tried();
        assert!(fish > Technique::Jellyfish.index() && fish <= Technique::ForcingChainsCycles.index());
        let all = Technique::ALL.len();
        assert_eq!(hardest("Nested Forcing Chains").techniques_tried(), all);
        let without = TechniqueFilter {
            without: vec!["X-Wing".parse().unwrap()],
            ..TechniqueFilter::default()
        };
        assert_eq!(without.techniques_tried(), all);
    }

    /// A `--with` search rates a candidate past its technique's margin
    /// only when the path used the technique before stopping short.
    /// Sukaku Explainer 1.15.10 rates both puzzles 8.3 (Region and Cell
    /// Forcing Chains), the first with a Hidden Quad on its path, the
    /// second without one (`benchmarks/2026-12-04`, serate's paths).
    #[test]
    fn a_with_filter_rates_on_only_paths_that_used_its_technique() {
        let filter = asking("Hidden Quad", None);
        let mut solver = LogicalSolver::new(Shape::CLASSIC);
        let used: Grid = "2..7.....1.7.2.3...9...3......2.6.......89....53......86....1......1.7.2......49."
            .parse()
            .unwrap();
        let rating = filter.rate_candidate(&mut solver, &used).unwrap();
        assert!(rating.solved && !rating.lower_bound);
        assert_eq!(rating.score, 8.3);
        assert!(filter.accepts(&rating));
        let unused: Grid = ".6.1.4..2.24....8..95..3...........7.3.8........7923.69.6...........751.......4.."
            .parse()
            .unwrap();
        let rating = filter.rate_candidate(&mut solver, &unused).unwrap();
        assert!(rating.lower_bound && !filter.accepts(&rating));
        assert!(rating.score < 8.3, "ranked by the first technique left out: {}", rating.score);
    }

    /// A path through BUG type 2 (SE's own hardest step for this puzzle,
    /// `benchmarks/2026-12-03/filters_family_serate_check.tsv`) ranks
    /// above the same path without it for a BUG type 3 search, by the kin
    /// credit alone, and no higher for a BUG type 4 search.
    #[test]
    fn a_bug_type_3_search_credits_paths_through_other_bug_types() {
        let puzzle: Grid = "....2.6.5.6.7....9..13..........8.1..5.......278.4....93..7..........2.....9..7.4"
            .parse()
            .unwrap();
        let rating = LogicalSolver::new(Shape::CLASSIC).rate_with_first(&puzzle, Technique::ALL.len()).unwrap();
        assert_eq!(rating.hardest, Some(Technique::BugType2));
        let mut without_bug = rating.clone();
        without_bug.techniques.retain(|&(t, _)| t != Technique::BugType2);
        let type3 = asking("Naked Single", Some("BUG type 3"));
        assert!((type3.fit(&rating) - type3.fit(&without_bug) - KIN_CREDIT).abs() < 1e-6);
        let type4 = asking("Naked Single", Some("BUG type 4"));
        assert_eq!(type4.fit(&rating), type4.fit(&without_bug));
    }

    #[test]
    fn an_unknown_name_lists_the_valid_ones() {
        let err = "X Wing".parse::<Techniques>().unwrap_err().to_string();
        assert!(err.contains("'X Wing'"), "{err}");
        assert!(err.contains("'X-Wing'") && err.contains("'fish'") && err.contains("'Unique Rectangle'"), "{err}");
    }
}
