//! The list of techniques the logical solver knows, with their human names
//! and their difficulty on the Sudoku Explainer (SE) scale.
//!
//! It exists as one table so the solver order, the rating and the
//! documentation (docs/rating.md) all read the same numbers.

use serde::Serialize;

/// A solving technique. Variants are listed from easiest to hardest, which
/// is also the order the solver tries them in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Technique {
    /// The last empty cell of a house.
    FullHouse,
    /// A digit with one place left in a box.
    HiddenSingleBox,
    /// A digit with one place left in a row or column.
    HiddenSingleLine,
    /// Pointing that leaves a hidden single.
    DirectPointing,
    /// Claiming that leaves a hidden single.
    DirectClaiming,
    /// A hidden pair that leaves a hidden single.
    DirectHiddenPair,
    /// A cell with one candidate left.
    NakedSingle,
    /// A hidden triple that leaves a hidden single.
    DirectHiddenTriple,
    /// A digit confined to one line inside a box.
    Pointing,
    /// A digit confined to one box inside a line.
    Claiming,
    /// Two cells of a house holding the same two candidates only.
    NakedPair,
    /// A digit in two rows (columns) confined to two columns (rows).
    XWing,
    /// Two digits confined to the same two cells of a house.
    HiddenPair,
    /// Three cells of a house holding only three digits between them.
    NakedTriple,
    /// The three-line fish.
    Swordfish,
    /// Three digits confined to three cells of a house.
    HiddenTriple,
    /// Two parallel strong links joined at one end by a shared line.
    Skyscraper,
    /// A row strong link and a column strong link joined in a box.
    TwoStringKite,
    /// A bivalue pivot with two bivalue pincers.
    XYWing,
    /// A four-node X-chain: two strong links on one digit joined by a weak
    /// link (skyscrapers and kites are the named special cases).
    TurbotFish,
    /// An X-Wing with extra candidates (fins) in one box.
    FinnedXWing,
    /// A trivalue pivot with two bivalue pincers.
    XYZWing,
    /// Unique rectangle type 1.
    UniqueRectangle,
    /// Four cells of a house holding only four digits between them.
    NakedQuad,
    /// The four-line fish.
    Jellyfish,
    /// A Swordfish with fins in one box.
    FinnedSwordfish,
    /// A Jellyfish with fins in one box.
    FinnedJellyfish,
    /// Four digits confined to four cells of a house.
    HiddenQuad,
    /// Bivalue universal grave plus one.
    BugPlusOne,
    /// Two-colouring the conjugate pairs of one digit.
    SimpleColoring,
    /// An alternating chain on one digit, longer than a turbot fish.
    XChain,
    /// Two equal bivalue cells joined by a strong link on one digit.
    WWing,
    /// A chain of bivalue cells.
    XYChain,
    /// An alternating inference chain mixing digit and cell links.
    Aic,
    /// An assumption that leads, through singles, to a contradiction.
    ContradictionChain,
    /// Every candidate of one cell leads, through singles, to the same
    /// conclusion.
    CellForcingChain,
    /// Every place of a digit in a house leads, through singles, to the
    /// same conclusion.
    UnitForcingChain,
}

impl Technique {
    /// Every technique in solving order, easiest first.
    pub const ALL: [Technique; 37] = [
        Technique::FullHouse,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::NakedSingle,
        Technique::DirectHiddenTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::XYWing,
        Technique::TurbotFish,
        Technique::FinnedXWing,
        Technique::XYZWing,
        Technique::UniqueRectangle,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::FinnedSwordfish,
        Technique::FinnedJellyfish,
        Technique::HiddenQuad,
        Technique::BugPlusOne,
        Technique::SimpleColoring,
        Technique::XChain,
        Technique::WWing,
        Technique::XYChain,
        Technique::Aic,
        Technique::ContradictionChain,
        Technique::CellForcingChain,
        Technique::UnitForcingChain,
    ];

    /// The name a person uses in a sentence: the two hidden singles (SE
    /// rates them apart) are both just "Hidden single" there.
    pub fn family_name(self) -> &'static str {
        match self {
            Technique::HiddenSingleBox | Technique::HiddenSingleLine => "Hidden single",
            _ => self.name(),
        }
    }

    /// The name a person would use, distinct for every technique (so
    /// counts per technique can be keyed by it).
    pub fn name(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => "Full house",
            HiddenSingleBox => "Hidden single in box",
            HiddenSingleLine => "Hidden single in line",
            NakedSingle => "Naked single",
            DirectPointing => "Direct pointing",
            DirectClaiming => "Direct claiming",
            DirectHiddenPair => "Direct hidden pair",
            DirectHiddenTriple => "Direct hidden triple",
            Pointing => "Pointing",
            Claiming => "Claiming",
            NakedPair => "Naked pair",
            XWing => "X-Wing",
            HiddenPair => "Hidden pair",
            NakedTriple => "Naked triple",
            Swordfish => "Swordfish",
            HiddenTriple => "Hidden triple",
            XYWing => "XY-Wing",
            XYZWing => "XYZ-Wing",
            UniqueRectangle => "Unique rectangle type 1",
            NakedQuad => "Naked quad",
            Jellyfish => "Jellyfish",
            HiddenQuad => "Hidden quad",
            BugPlusOne => "BUG+1",
            Skyscraper => "Skyscraper",
            TwoStringKite => "Two-String Kite",
            FinnedXWing => "Finned X-Wing",
            WWing => "W-Wing",
            SimpleColoring => "Simple coloring",
            FinnedSwordfish => "Finned Swordfish",
            TurbotFish => "Turbot fish",
            XChain => "X-chain",
            FinnedJellyfish => "Finned Jellyfish",
            XYChain => "XY-chain",
            Aic => "Alternating inference chain",
            ContradictionChain => "Contradiction chain",
            CellForcingChain => "Cell forcing chain",
            UnitForcingChain => "Unit forcing chain",
        }
    }

    /// The base difficulty on the SE scale. Chains add a length bonus on
    /// top (see [`chain_length_bonus`]); docs/rating.md gives the reasons
    /// for each value.
    pub fn score(self) -> f32 {
        use Technique::*;
        match self {
            FullHouse => 1.0,
            HiddenSingleBox => 1.2,
            HiddenSingleLine => 1.5,
            NakedSingle => 2.3,
            DirectPointing => 1.7,
            DirectClaiming => 1.9,
            DirectHiddenPair => 2.0,
            DirectHiddenTriple => 2.5,
            Pointing => 2.6,
            Claiming => 2.8,
            NakedPair => 3.0,
            XWing => 3.2,
            HiddenPair => 3.4,
            NakedTriple => 3.6,
            Swordfish => 3.8,
            HiddenTriple => 4.0,
            XYWing => 4.2,
            XYZWing => 4.4,
            UniqueRectangle => 4.5,
            NakedQuad => 5.0,
            Jellyfish => 5.2,
            HiddenQuad => 5.4,
            BugPlusOne => 5.6,
            Skyscraper => 4.0,
            TwoStringKite => 4.1,
            TurbotFish => 4.2,
            FinnedXWing => 4.3,
            FinnedSwordfish => 5.2,
            FinnedJellyfish => 5.3,
            SimpleColoring | XChain => 6.6,
            WWing => 6.7,
            XYChain => 6.8,
            Aic => 7.0,
            ContradictionChain => 7.8,
            CellForcingChain => 8.2,
            UnitForcingChain => 8.4,
        }
    }

    /// Whether the technique is a "direct" variant: a pattern counted
    /// only when it leaves a hidden single, which SE rates easier.
    pub fn is_direct(self) -> bool {
        use Technique::*;
        matches!(
            self,
            DirectPointing | DirectClaiming | DirectHiddenPair | DirectHiddenTriple
        )
    }

    /// Whether the technique is a chain whose difficulty grows with length.
    pub fn is_chain(self) -> bool {
        use Technique::*;
        matches!(
            self,
            XChain | XYChain | Aic | ContradictionChain | CellForcingChain | UnitForcingChain
        )
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
    fn solving_order_never_gets_easier() {
        for pair in Technique::ALL.windows(2) {
            assert!(pair[0].score() <= pair[1].score(), "{pair:?}");
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
