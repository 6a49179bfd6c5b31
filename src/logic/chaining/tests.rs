//! Tests of the chaining engines on positions where SE took a chain.

/// Rebuilding the position before SE's first chain step.
pub(crate) mod support {
    use crate::logic::candidates::Candidates;
    use crate::logic::technique::Technique;
    use crate::logic::techniques::{self, Memo};

    /// SE's names of the techniques the grader has with SE's meaning.
    pub fn basic_families() -> &'static [&'static str] {
        &[
            "Hidden Single",
            "Direct Pointing",
            "Direct Hidden Pair",
            "Naked Single",
            "Direct Hidden Triplet",
            "Pointing",
            "Claiming",
            "Naked Pair",
            "X-Wing",
            "Hidden Pair",
            "Naked Triplet",
            "Swordfish",
            "Hidden Triplet",
            "Skyscraper",
            "Two-string Kite",
            "Turbot Crane",
            "XY-Wing",
            "XYZ-Wing",
            "Unique Rectangle type 1",
            "Naked Quad",
            "Jellyfish",
            "Hidden Quad",
            "BUG type 1",
        ]
    }

    /// Whether `t` is one of SE's techniques below the chains.
    fn is_basic(t: Technique) -> bool {
        use Technique::*;
        !matches!(
            t,
            FinnedXWing
                | FinnedSwordfish
                | FinnedJellyfish
                | WWing
                | SimpleColoring
                | XChain
                | XYChain
                | Aic
                | ContradictionChain
                | CellForcingChain
                | UnitForcingChain
        )
    }

    /// Applies the techniques below the chains until none applies.
    pub fn basic_fixpoint(c: &mut Candidates) {
        let mut memo = Memo::new(c.n());
        loop {
            let mut branches = None;
            let step = Technique::ALL
                .into_iter()
                .filter(|&t| is_basic(t))
                .find_map(|t| techniques::find(t, c, &mut branches, &mut memo));
            let Some(step) = step else { return };
            let n = c.n();
            for p in &step.placements {
                c.place(p.cell.index(n), p.digit);
            }
            for e in &step.eliminations {
                c.eliminate(e.cell.index(n), e.digit);
            }
        }
    }
}
