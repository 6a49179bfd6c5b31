//! Technique filters for generation: puzzles whose solving path must use
//! a technique, must not, or whose hardest step must be one, as Sukaku
//! Explainer's generator offers. Techniques are named as SE names them
//! (`X-Wing`), by their machine name (`x_wing`) or by family (`fish`).

use super::rating::Rating;
use super::technique::Technique;
use std::fmt;

/// How far past a `hardest` filter's aim a search for it still rates
/// candidates exactly: [`TechniqueFilter::fit`] gives a candidate 0.45
/// times e to the minus its distance from the aim, so past this margin
/// the difference it makes is under 0.07. A margin of 2.0 rather than
/// 3.0 leaves the cycles and forcing X-chains (6.5 and up) out of the
/// searches for fish and subsets up to 4.5: ten techniques, six seeds
/// each, took 102.7 CPU s against 111.8 (docs/generator.md).
const RANKING_MARGIN: f32 = 2.0;

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
    internal_pub! {
        /// Whether the filter asks for nothing.
        fn is_empty(&self) -> bool {
            self.with.is_empty() && self.without.is_empty() && self.hardest.is_none()
        }
    }

    internal_pub! {
        /// Whether a puzzle with `rating` passes: solved by the techniques
        /// (a puzzle beyond them has no known path) and as the filter asks.
        fn accepts(&self, rating: &Rating) -> bool {
            if self.is_empty() {
                return true;
            }
            let used = |set: &Techniques| rating.techniques.iter().any(|&(t, _)| set.contains(t));
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
    /// an easier one cannot use the technique).
    pub(crate) fn fit(&self, rating: &Rating) -> f32 {
        let used = |set: &Techniques| rating.techniques.iter().any(|&(t, _)| set.contains(t));
        let with = self.with.iter().filter(|set| used(set)).count();
        let without = self.without.iter().filter(|set| !used(set)).count();
        let hardest = match &self.hardest {
            Some(set) if rating.hardest.is_some_and(|t| set.contains(t)) => 1.0,
            Some(set) if used(set) => 0.5,
            _ => 0.0,
        };
        let near = self.aim().map_or(0.0, |aim| 0.45 * (-(rating.score - aim).abs()).exp());
        (with + without) as f32 + hardest + near
    }

    /// How many techniques of the solving order a search for this filter
    /// rates candidates with (`LogicalSolver::rate_with_first`): with a
    /// `hardest` set, a wanted puzzle needs no technique after that set's
    /// last member, so the techniques past both that member and
    /// [`RANKING_MARGIN`] above the aim (for the easier sets, the chains,
    /// which cost the most) are left out. Those within the margin stay:
    /// the search still tells a candidate just past the set from one far
    /// past it. Every technique for a filter without a `hardest` set.
    pub(crate) fn techniques_tried(&self) -> usize {
        let all = Technique::ALL.len();
        let (Some(set), Some(aim)) = (&self.hardest, self.aim()) else {
            return all;
        };
        let last = set.members.iter().map(|t| t.index() + 1).max().unwrap_or(all);
        let near = Technique::ALL
            .iter()
            .position(|t| t.difficulty() >= aim + RANKING_MARGIN)
            .unwrap_or(all);
        last.max(near)
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
    /// easy; other filters with every technique.
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
        let with = TechniqueFilter {
            with: vec!["X-Wing".parse().unwrap()],
            ..TechniqueFilter::default()
        };
        assert_eq!(with.techniques_tried(), all);
    }

    #[test]
    fn an_unknown_name_lists_the_valid_ones() {
        let err = "X Wing".parse::<Techniques>().unwrap_err().to_string();
        assert!(err.contains("'X Wing'"), "{err}");
        assert!(err.contains("'X-Wing'") && err.contains("'fish'") && err.contains("'Unique Rectangle'"), "{err}");
    }
}
