//! Rebuilding the position before SE's first chain step, for the chain
//! tests and the calibration against SE's traces: the techniques below
//! the chains, applied until none applies.

use crate::logic::candidates::Candidates;
use crate::logic::producer::{Context, Memo};
use crate::logic::registry;
use crate::logic::technique::Technique;

/// Whether SE's step name `se_name` (variant codes included) is one of
/// the grader's techniques below the chains.
pub fn is_basic_name(se_name: &str) -> bool {
    basic().any(|t| se_name.starts_with(t.name()))
}

/// The techniques SE tries before its chains, in solving order.
fn basic() -> impl Iterator<Item = Technique> {
    Technique::ALL
        .into_iter()
        .take_while(|&t| t != Technique::ForcingChainsCycles)
}

/// Applies the techniques below the chains until none applies.
pub fn basic_fixpoint(c: &mut Candidates) {
    let mut memo = Memo::new(c.n());
    let searched = Technique::ForcingChainsCycles.index();
    loop {
        let mut cx = Context {
            memo: &mut memo,
            searched,
        };
        let Some(step) = registry::searched(searched, c.tables().rules()).find_map(|p| p.find(c, &mut cx)) else {
            return;
        };
        let n = c.n();
        for p in &step.placements {
            c.place(p.cell.index(n), p.digit);
        }
        for e in &step.eliminations {
            c.eliminate(e.cell.index(n), e.digit);
        }
    }
}
