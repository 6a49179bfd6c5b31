//! The solving order: every producer, in the order Sukaku Explainer
//! tries its hint producers. The solver takes the first step of the first
//! producer that finds one.
//!
//! It only lists producers (with their parameters, as SE builds them:
//! `HiddenSet(2, true)`, `Fisherman(3)`, `Chaining(...)`) and answers
//! which producer reports a technique; what a producer finds, says and
//! rates lives in its own file.

use super::chaining::steps::Chains;
use super::candidates::VariantRules;
use super::chaining::Engine;
use super::producer::Producer;
use super::technique::Technique;
use super::techniques::aligned_exclusion::AlignedExclusion;
use super::techniques::als_wing::AlsWing;
use super::techniques::bug::Bug;
use super::techniques::claiming::Claiming;
use super::techniques::direct_pointing::DirectPointing;
use super::techniques::fish::Fish;
use super::techniques::full_house::FullHouse;
use super::techniques::generalized::{GeneralizedIntersection, GeneralizedNakedSet, VariantTurbotFish};
use super::techniques::hidden_set::HiddenSet;
use super::techniques::hidden_single::HiddenSingle;
use super::techniques::locked_nc::LockedNonConsecutive;
use super::techniques::naked_set::NakedSet;
use super::techniques::naked_single::NakedSingle;
use super::techniques::nc_forcing_cell::NonConsecutiveForcingCell;
use super::techniques::pointing::Pointing;
use super::techniques::strong_links::StrongLinks;
use super::techniques::unique_rectangle::UniqueRectangle;
use super::techniques::xy_wing::XYWing;

/// Every producer in solving order.
pub(crate) static ORDER: &[&dyn Producer] = &[
    &FullHouse,
    &HiddenSingle { in_box: true },
    &HiddenSingle { in_box: false },
    &DirectPointing,
    &HiddenSet {
        degree: 2,
        direct: true,
    },
    &NakedSingle,
    &HiddenSet {
        degree: 3,
        direct: true,
    },
    &Pointing,
    &Claiming,
    &NakedSet { degree: 2 },
    &Fish { size: 2 },
    &HiddenSet {
        degree: 2,
        direct: false,
    },
    &NakedSet { degree: 3 },
    &Fish { size: 3 },
    &HiddenSet {
        degree: 3,
        direct: false,
    },
    &StrongLinks { count: 2 },
    &XYWing { xyz: false },
    &XYWing { xyz: true },
    &UniqueRectangle,
    &NakedSet { degree: 4 },
    &Fish { size: 4 },
    &HiddenSet {
        degree: 4,
        direct: false,
    },
    &StrongLinks { count: 3 },
    &AlsWing { size: 3 },
    &Bug,
    &AlsWing { size: 4 },
    &AlignedExclusion { degree: 2 },
    &Chains(Engine::Unary),
    &AlignedExclusion { degree: 3 },
    &Chains(Engine::Nishio),
    &Chains(Engine::Multiple),
    &Chains(Engine::Dynamic),
    &Chains(Engine::Nested { level: 1, limit: 0 }),
    &Chains(Engine::Nested { level: 2, limit: 0 }),
    &Chains(Engine::Nested { level: 3, limit: 0 }),
    &Chains(Engine::Nested { level: 4, limit: 0 }),
    &Chains(Engine::Nested { level: 4, limit: 1 }),
    &Chains(Engine::Nested { level: 4, limit: 2 }),
    &Chains(Engine::Nested { level: 4, limit: 3 }),
];

/// Every producer in solving order under a variant, derived from
/// [`ORDER`]: SE's variant technique set (`Settings.initVariants`) has
/// generalized intersections instead of pointing and claiming,
/// generalized naked sets instead of naked sets, its Turbot Fish over
/// the variant's houses too in place of the two strong links, and no
/// three strong links; with same-digit
/// conflicts outside houses (`conflicts`) also no uniqueness technique
/// nor BUG.
fn variant_order(conflicts: bool) -> &'static [&'static dyn Producer] {
    static VARIANT: std::sync::OnceLock<[Vec<&'static dyn Producer>; 2]> = std::sync::OnceLock::new();
    let [plain, with_conflicts] = VARIANT.get_or_init(|| {
        let plain: Vec<&'static dyn Producer> = ORDER.iter().flat_map(|&p| under_variants(p)).collect();
        let uniqueness = [Technique::UniqueRectangle, Technique::BugPlusOne];
        let with_conflicts = plain
            .iter()
            .copied()
            .filter(|p| !uniqueness.contains(&p.techniques()[0]))
            .collect();
        [plain, with_conflicts]
    });
    if conflicts {
        with_conflicts
    } else {
        plain
    }
}

/// Every producer in solving order under non-consecutive, derived from
/// [`ORDER`]: SE's classic set (`--isNC=1` alone keeps `isVLatin` on),
/// its two non-consecutive producers right after the naked single
/// (`Solver`'s constructor), and no uniqueness technique nor BUG
/// (`Settings.init`: off with any forbidden pairs).
fn non_consecutive_order() -> &'static [&'static dyn Producer] {
    static NON_CONSECUTIVE: std::sync::OnceLock<Vec<&'static dyn Producer>> = std::sync::OnceLock::new();
    NON_CONSECUTIVE.get_or_init(|| {
        let uniqueness = [Technique::UniqueRectangle, Technique::BugPlusOne];
        let non_consecutive: [&'static dyn Producer; 2] = [&NonConsecutiveForcingCell, &LockedNonConsecutive];
        ORDER
            .iter()
            .copied()
            .filter(|p| !uniqueness.contains(&p.techniques()[0]))
            .flat_map(|p| {
                let after: &[&'static dyn Producer] = if p.techniques()[0] == Technique::NakedSingle {
                    &non_consecutive
                } else {
                    &[]
                };
                std::iter::once(p).chain(after.iter().copied())
            })
            .collect()
    })
}

/// What a classic producer becomes in SE's variant technique set.
fn under_variants(p: &'static dyn Producer) -> Vec<&'static dyn Producer> {
    match p.techniques()[0] {
        Technique::Pointing => vec![&GeneralizedIntersection],
        Technique::Claiming | Technique::ThreeSkyscrapers => vec![],
        Technique::NakedPair => vec![&GeneralizedNakedSet { degree: 2 }],
        Technique::NakedTriple => vec![&GeneralizedNakedSet { degree: 3 }],
        Technique::NakedQuad => vec![&GeneralizedNakedSet { degree: 4 }],
        Technique::Skyscraper => vec![&VariantTurbotFish],
        _ => vec![p],
    }
}

/// The producers in solving order for boards with these tables'
/// rules.
fn order_for(rules: VariantRules) -> &'static [&'static dyn Producer] {
    if rules.non_consecutive {
        non_consecutive_order()
    } else if rules.variant {
        variant_order(rules.conflicts)
    } else {
        ORDER
    }
}

/// Whether any producer of the solving order for `rules` reports
/// `technique`: a path under other rules never uses it.
pub(crate) fn reports(rules: VariantRules, technique: Technique) -> bool {
    order_for(rules).iter().any(|p| p.techniques().contains(&technique))
}

/// The producers a solve searching the first `searched` techniques of
/// [`Technique::ALL`] tries: those whose first technique is among them.
pub(crate) fn searched(searched: usize, rules: VariantRules) -> impl Iterator<Item = &'static dyn Producer> {
    order_for(rules).iter().copied().take_while(move |&p| in_prefix(p, searched))
}

/// Whether a solve searching the first `searched` techniques of
/// [`Technique::ALL`] tries `producer`.
fn in_prefix(producer: &dyn Producer, searched: usize) -> bool {
    producer.techniques()[0].index() < searched
}

/// [`searched`] as a part of the solving order, for a solve that runs
/// some of them side by side (counting them costs a pass over the order,
/// which [`searched`] stops short of when an early producer finds a
/// step).
pub(crate) fn searched_order(searched: usize, rules: VariantRules) -> &'static [&'static dyn Producer] {
    let order = order_for(rules);
    let count = order.iter().take_while(|&&p| in_prefix(p, searched)).count();
    &order[..count]
}

/// The first producer that reports `technique`.
fn producer_of(technique: Technique) -> &'static dyn Producer {
    ORDER
        .iter()
        .chain(variant_order(false))
        .chain(non_consecutive_order())
        .copied()
        .find(|p| p.techniques().contains(&technique))
        .expect("every technique has a producer")
}

impl Technique {
    /// The base difficulty of the technique's steps on the SE scale, as
    /// its producer rates them; some patterns add to it (see
    /// [`Step::difficulty`](super::step::Step::difficulty)).
    pub fn difficulty(self) -> f32 {
        producer_of(self).difficulty(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_producers_report_every_technique_in_solving_order() {
        let reported = |order: &[&dyn Producer]| {
            let mut reported: Vec<Technique> = order
                .iter()
                .flat_map(|p| p.techniques().iter().copied())
                .collect();
            reported.dedup();
            reported
        };
        let generalized = [
            Technique::VariantTurbotFish,
            Technique::GeneralizedIntersection,
            Technique::GeneralizedNakedPair,
            Technique::GeneralizedNakedTriple,
            Technique::GeneralizedNakedQuad,
        ];
        let non_consecutive = [Technique::NonConsecutiveForcingCell, Technique::LockedNonConsecutive];
        let classic: Vec<Technique> = Technique::ALL
            .into_iter()
            .filter(|t| !generalized.contains(t) && !non_consecutive.contains(t))
            .collect();
        assert_eq!(reported(ORDER), classic);
        // The variant order is a subsequence of the same solving order.
        let variant = reported(variant_order(false));
        let mut rest = Technique::ALL.iter();
        assert!(variant.iter().all(|t| rest.any(|x| x == t)));
        for t in generalized {
            assert!(variant.contains(&t));
        }
        let conflicts = reported(variant_order(true));
        assert!(!conflicts.contains(&Technique::UniqueRectangle));
        assert!(!conflicts.contains(&Technique::BugType3));
        // Non-consecutive: the classic order with its two producers after
        // the naked single and no uniqueness technique.
        let nc = reported(non_consecutive_order());
        let mut expected = classic.clone();
        let at = expected.iter().position(|&t| t == Technique::NakedSingle).unwrap() + 1;
        expected.splice(at..at, non_consecutive);
        expected.retain(|t| !matches!(t, Technique::UniqueRectangle) && !t.id().starts_with("bug"));
        assert_eq!(nc, expected);
    }

    #[test]
    fn machine_names_are_distinct_and_round_trip() {
        for t in Technique::ALL {
            assert_eq!(Technique::from_id(t.id()), Some(t));
        }
    }

    #[test]
    fn base_difficulties_are_those_of_sukaku_explainer() {
        let expected = [
            (Technique::FullHouse, 1.0),
            (Technique::DirectClaiming, 1.9),
            (Technique::DirectHiddenTriple, 2.5),
            (Technique::HiddenQuad, 5.4),
            (Technique::GroupedTurbotCrane, 4.3),
            (Technique::NonConsecutiveForcingCell, 2.4),
            (Technique::LockedNonConsecutive, 2.5),
            (Technique::BugType3, 5.7),
            (Technique::AlignedTripletExclusion, 7.5),
            (Technique::NestedForcingChains, 9.5),
        ];
        for (t, difficulty) in expected {
            assert_eq!(t.difficulty(), difficulty, "{t:?}");
        }
    }
}

