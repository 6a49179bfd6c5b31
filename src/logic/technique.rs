//! What the solver calls each technique: the [`Technique`] enum with its
//! stable machine name and Sukaku Explainer's name.
//!
//! It is the declaration layer's technique list, as SE's own list of
//! solving techniques: it names techniques and nothing else. The producer
//! that finds a technique's steps owns its search, its sentences and its
//! difficulty (`techniques/`), and the registry (`registry.rs`) lists the
//! producers in the order the solver tries them; this file imports
//! neither.

use serde::{Serialize, Serializer};

/// Declares the [`Technique`] enum: each entry is a documented variant
/// with its machine name and SE's name, in solving order.
macro_rules! techniques {
    ($($(#[$doc:meta])* $variant:ident = $id:literal, $name:literal;)*) => {
        /// A solving technique. Variants are listed in the order the
        /// solver tries them (Sukaku Explainer's producer order).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Technique {
            $($(#[$doc])* $variant,)*
        }

        impl Technique {
            /// Every technique in solving order.
            pub const ALL: [Technique; [$(stringify!($variant)),*].len()] =
                [$(Technique::$variant),*];

            /// A stable machine name (snake case), e.g. `hidden_single_box`.
            pub fn id(self) -> &'static str {
                match self {
                    $(Technique::$variant => $id,)*
                }
            }

            /// Sukaku Explainer's name, e.g. `Hidden Single` or `XY-Wing`.
            /// Some techniques share a name (SE rates the hidden singles
            /// apart).
            pub fn name(self) -> &'static str {
                match self {
                    $(Technique::$variant => $name,)*
                }
            }
        }
    };
}

techniques! {
    /// The last empty cell of a house (SE: a hidden single, 1.0).
    FullHouse = "full_house", "Hidden Single";
    /// A digit with one place left in a box.
    HiddenSingleBox = "hidden_single_box", "Hidden Single";
    /// A digit with one place left in a column or row.
    HiddenSingleLine = "hidden_single_line", "Hidden Single";
    /// Pointing that leaves a hidden single in another box.
    DirectPointing = "direct_pointing", "Direct Pointing";
    /// Claiming that leaves a hidden single in another line (found by the
    /// direct pointing search, which SE runs as one).
    DirectClaiming = "direct_claiming", "Direct Claiming";
    /// A hidden pair that leaves a hidden single.
    DirectHiddenPair = "direct_hidden_pair", "Direct Hidden Pair";
    /// A cell with one candidate left.
    NakedSingle = "naked_single", "Naked Single";
    /// Non-consecutive: a cell left with two consecutive digits, three
    /// consecutive digits or two digits two apart, whose orthogonal
    /// neighbours lose every digit that is, or is one apart from, each of
    /// them (SE's "NC Forcing Cell", 2.4).
    NonConsecutiveForcingCell = "non_consecutive_forcing_cell", "Non-Consecutive Forcing Cell";
    /// Non-consecutive: a digit with two or three places in a house,
    /// which leaves the digits one apart from it in every cell
    /// orthogonally next to all the places (SE's "Locked NC", 2.5).
    LockedNonConsecutive = "locked_non_consecutive", "Locked Non Consecutive";
    /// A hidden triple that leaves a hidden single.
    DirectHiddenTriple = "direct_hidden_triplet", "Direct Hidden Triplet";
    /// A digit confined to one line inside a box.
    Pointing = "pointing", "Pointing";
    /// A digit confined to one box inside a line.
    Claiming = "claiming", "Claiming";
    /// Variants: a digit's places in a house (two to six) all see the
    /// cells it is removed from (SE's "Generalized Intersections", 2.9,
    /// in place of pointing and claiming).
    GeneralizedIntersection = "generalized_intersection", "Generalized Intersections";
    /// Two cells of a house holding the same two candidates only.
    NakedPair = "naked_pair", "Naked Pair";
    /// Variants: a naked pair whose digits leave every cell seeing both
    /// its places, in a house or not.
    GeneralizedNakedPair = "generalized_naked_pair", "Generalized Naked Pair";
    /// A digit in two rows (columns) confined to two columns (rows).
    XWing = "x_wing", "X-Wing";
    /// Two digits confined to the same two cells of a house.
    HiddenPair = "hidden_pair", "Hidden Pair";
    /// Three cells of a house holding only three digits between them.
    NakedTriple = "naked_triplet", "Naked Triplet";
    /// Variants: a naked triple removing its digits from every cell
    /// seeing all their places.
    GeneralizedNakedTriple = "generalized_naked_triplet", "Generalized Naked Triplet";
    /// The three-line fish.
    Swordfish = "swordfish", "Swordfish";
    /// Three digits confined to three cells of a house.
    HiddenTriple = "hidden_triplet", "Hidden Triplet";
    /// Two parallel line strong links on one digit joined by a shared
    /// house (SE's two-link search reports all six below).
    Skyscraper = "skyscraper", "Skyscraper";
    /// A row and a column strong link joined by a shared house.
    TwoStringKite = "two_string_kite", "Two-string Kite";
    /// Two strong links, one of them in a box.
    TurbotCrane = "turbot_crane", "Turbot Crane";
    /// A skyscraper with a grouped link.
    GroupedSkyscraper = "grouped_skyscraper", "Grouped Skyscraper";
    /// A two-string kite with a grouped link.
    GroupedTwoStringKite = "grouped_two_string_kite", "Grouped 2-String Kite";
    /// A turbot crane whose box link is grouped.
    GroupedTurbotCrane = "grouped_turbot_crane", "Grouped Turbot Crane";
    /// Variants: two strong links joined by a weak one, one of them in a
    /// diagonal, window group or disjoint group (SE's Turbot Fish, 4.3).
    VariantTurbotFish = "variant_turbot_fish", "Turbot Fish";
    /// A bivalue pivot with two bivalue pincers.
    XYWing = "xy_wing", "XY-Wing";
    /// A trivalue pivot with two bivalue pincers.
    XYZWing = "xyz_wing", "XYZ-Wing";
    /// Unique rectangles and loops, types 1-4 (SE's "Unique patterns",
    /// easiest first).
    UniqueRectangle = "unique_rectangle", "Unique Rectangle";
    /// Four cells of a house holding only four digits between them.
    NakedQuad = "naked_quad", "Naked Quad";
    /// Variants: a naked quad removing its digits from every cell
    /// seeing all their places.
    GeneralizedNakedQuad = "generalized_naked_quad", "Generalized Naked Quad";
    /// The four-line fish.
    Jellyfish = "jellyfish", "Jellyfish";
    /// Four digits confined to four cells of a house.
    HiddenQuad = "hidden_quad", "Hidden Quad";
    /// Three parallel line strong links chained (SE's three-link search
    /// reports the three below).
    ThreeSkyscrapers = "three_skyscrapers", "3 Skyscrapers";
    /// Three strong links chained, one of them in a box.
    ThreeStrongLinks = "three_strong_links", "3 Strong links (including blocks)";
    /// Three row and column strong links chained.
    ThreeStringKite = "three_string_kite", "3-String Kite";
    /// A three-cell almost locked set and a bivalue cell.
    WXYZWing = "wxyz_wing", "WXYZ-Wing";
    /// Bivalue universal grave plus one (SE's BUG type 1).
    BugPlusOne = "bug", "BUG type";
    /// BUG cells sharing one BUG value (SE's BUG producer tries type 2,
    /// then type 4, then type 3).
    BugType2 = "bug_type_2", "BUG type 2";
    /// Two BUG cells in a house with one common digit locked there.
    BugType4 = "bug_type_4", "BUG type 4";
    /// The BUG cells as one cell of a naked set.
    BugType3 = "bug_type_3", "BUG type 3";
    /// A four-cell almost locked set and a bivalue cell.
    VWXYZWing = "vwxyz_wing", "VWXYZ-Wing";
    /// Two cells whose digit combinations would empty a bivalue cell
    /// seeing both, with two or more such cells (6.2).
    AlignedPairExclusion = "aligned_pair_exclusion", "Aligned Pair Exclusion";
    /// SE's "Forcing Chains & Cycles": bidirectional X-, Y- and mixed
    /// cycles and forcing X- and XY-chains (6.5-7.x with the length extra).
    ForcingChainsCycles = "forcing_chains_cycles", "Forcing Chains & Cycles";
    /// Three cells whose digit combinations would empty two or more
    /// cells seeing them all (7.5; SE tries it after the cycles and
    /// forcing chains, before Nishio).
    AlignedTripletExclusion = "aligned_triplet_exclusion", "Aligned Triplet Exclusion";
    /// Nishio forcing chains: an assumption that contradicts itself
    /// through last-place rules on the shrinking board (7.5 and up).
    NishioForcingChains = "nishio_forcing_chain", "Nishio Forcing Chain";
    /// Cell and region forcing chains over static implications (8.0 and
    /// up).
    MultipleForcingChains = "multiple_forcing_chains", "Multiple Forcing Chains";
    /// Dynamic contradiction, double, cell and region forcing chains (8.5
    /// and up).
    DynamicForcingChains = "dynamic_forcing_chains", "Dynamic Forcing Chains";
    /// Dynamic forcing chains that may use the basic techniques inside a
    /// chain (9.0 and up).
    DynamicForcingChainsPlus = "dynamic_forcing_chains_plus", "Dynamic Forcing Chains (+)";
    /// Dynamic forcing chains that may use other chains inside a chain
    /// (9.5 and up).
    NestedForcingChains = "nested_forcing_chains", "Nested Forcing Chains";
}

impl Technique {
    /// The technique with machine name `id`.
    pub fn from_id(id: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.id() == id)
    }

    /// The position in [`Technique::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

impl Serialize for Technique {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

/// The bonus SE adds for a chain of `nodes` nodes: nothing up to 4 nodes,
/// then 0.1 more each time the length passes the next threshold of the
/// sequence 4, 6, 8, 12, 16, 24, 32, ... (alternately times 3/2 and 4/3).
pub fn chain_length_bonus(nodes: usize) -> f32 {
    let mut bonus = 0.0;
    let mut ceiling = 4;
    let mut times_three_halves = true;
    while nodes > ceiling {
        bonus += 0.1;
        ceiling = if times_three_halves {
            ceiling * 3 / 2
        } else {
            ceiling * 4 / 3
        };
        times_three_halves = !times_three_halves;
    }
    bonus
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn machine_names_are_distinct_and_round_trip() {
        for t in Technique::ALL {
            assert_eq!(Technique::from_id(t.id()), Some(t));
        }
    }

    #[test]
    fn length_bonus_follows_the_thresholds() {
        // Thresholds 4, 6, 8, 12, 16: one tenth each time one is passed.
        let expected = [
            (4, 0.0),
            (5, 0.1),
            (6, 0.1),
            (7, 0.2),
            (8, 0.2),
            (9, 0.3),
            (12, 0.3),
            (13, 0.4),
            (17, 0.5),
        ];
        for (nodes, bonus) in expected {
            assert!((chain_length_bonus(nodes) - bonus).abs() < 1e-4, "{nodes}");
        }
    }
}
