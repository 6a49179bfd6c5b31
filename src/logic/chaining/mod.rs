//! Sudoku Explainer's chaining family: bidirectional cycles, forcing
//! chains, Nishio, cell and region forcing chains, dynamic forcing chains
//! and the nested chains built on them, each rated as SE rates it (a base
//! for the kind plus 0.1 per length step, see [`hint::length_extra`]).
//!
//! SE runs its chaining engines in a fixed order and takes the first
//! engine that finds anything; within an engine it takes the easiest hint
//! (then the simplest, then by kind, then the first found). This module
//! reproduces each engine's search order and tie-breaks, so the step SE
//! would take is the step taken here ([`Engine::ORDER`]):
//!
//! 1. [`Engine::Unary`] ([`unary`]): X-, Y- and mixed cycles, forcing X-
//!    and XY-chains (6.5-7.x);
//! 2. [`Engine::Nishio`] ([`multiple`]): Nishio forcing chains (7.5+);
//! 3. [`Engine::Multiple`] ([`multiple`]): cell and region forcing chains
//!    (8.0+);
//! 4. [`Engine::Dynamic`] ([`multiple`]): dynamic contradiction, double,
//!    cell and region forcing chains (8.5+);
//! 5. [`Engine::Nested`] levels 1 to 4 ([`multiple`] with the rules of
//!    `derive` and `nested` inside each walk): dynamic chains that may also
//!    use the basic techniques (9.0+), forcing chains (9.5+), multiple
//!    forcing chains (10.0+) or dynamic chains of a lower level (10.5+).
//!
//! - [`engine`]: nodes, implication rules, walks, complexity;
//! - [`mod@derive`]: the techniques a nested walk uses inside itself;
//! - [`hint`]: the deduction, its names and SE's rating and order.

mod deadline;
pub mod derive;
pub mod derived;
pub mod engine;
pub mod hint;
pub mod multiple;
mod nested;
pub mod node;
pub mod steps;
pub mod unary;

pub use deadline::{cut_at, with_deadline, with_stop, StopSignals};
pub use hint::{ChainHint, ChainKind, Engine};

use crate::logic::candidates::Candidates;
use engine::Board;

/// The candidate masks of `c`, one per cell (empty when solved).
fn masks(c: &Candidates) -> Vec<u32> {
    (0..c.cell_count()).map(|cell| c.mask(cell)).collect()
}

/// The easiest hint `engine` finds on `c`, as SE would take it (none when
/// a deadline set by [`with_deadline`] cut the search short, or a signal
/// of [`with_stop`] called it off).
pub fn find(c: &Candidates, engine: Engine) -> Option<ChainHint> {
    let hint = find_uncut(c, engine);
    if deadline::stopped() {
        return None;
    }
    if deadline::past_deadline() {
        deadline::note_cut(engine.base());
        return None;
    }
    hint
}

fn find_uncut(c: &Candidates, engine: Engine) -> Option<ChainHint> {
    let mut board = Board::new(c.tables(), masks(c));
    match engine {
        Engine::Unary => unary::with_walker(|walker| unary::find(&mut board, walker)),
        _ => multiple::find(&mut board, engine, nested::deriver),
    }
}

/// [`find`] for Nishio walking only the digits of `only` (a digit mask;
/// see [`multiple::find_on_digits`]); also returns the digits whose walks
/// found a contradiction.
pub fn find_nishio_on(c: &Candidates, only: u32) -> (Option<ChainHint>, u32) {
    let mut board = Board::new(c.tables(), masks(c));
    multiple::find_on_digits(&mut board, Engine::Nishio, only, nested::deriver)
}

/// The hint SE's chaining engines give on `c`: the first engine, in SE's
/// order, that finds one.
pub fn find_any(c: &Candidates) -> Option<ChainHint> {
    Engine::ORDER.into_iter().find_map(|e| find(c, e))
}

#[cfg(test)]
mod calibration;
#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;
