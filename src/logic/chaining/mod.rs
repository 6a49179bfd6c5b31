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

pub mod derive;
pub mod derived;
pub mod engine;
pub mod hint;
pub mod multiple;
mod nested;
pub mod node;
pub mod steps;
pub mod unary;

pub use hint::{ChainHint, ChainKind, Engine};

use crate::logic::candidates::Candidates;
use engine::Board;

thread_local! {
    /// When the current solve must stop (see [`with_deadline`]).
    static DEADLINE: std::cell::Cell<Option<std::time::Instant>> = const { std::cell::Cell::new(None) };
    /// The base rating of the first engine the deadline cut short.
    static CUT_AT: std::cell::Cell<Option<f64>> = const { std::cell::Cell::new(None) };
}

/// The base rating of the first chaining engine the deadline cut short in
/// the last [`with_deadline`] run, if one was: every engine before it
/// found nothing, so the next step is rated at least this (the engines'
/// bases rise along [`Engine::ORDER`] from there on).
pub fn cut_at() -> Option<f64> {
    CUT_AT.get()
}

/// Runs `f` with chain searches that stop early once `deadline` has
/// passed (their answer is then incomplete: the caller, which set the
/// deadline, must check it after `f` and drop the answer).
pub fn with_deadline<T>(deadline: Option<std::time::Instant>, f: impl FnOnce() -> T) -> T {
    let outer = DEADLINE.replace(deadline);
    CUT_AT.set(None);
    let result = f();
    DEADLINE.set(outer);
    result
}

/// Whether the current solve's deadline has passed.
fn past_deadline() -> bool {
    DEADLINE.get().is_some_and(|d| std::time::Instant::now() >= d)
}

/// The candidate masks of `c`, one per cell (empty when solved).
fn masks(c: &Candidates) -> Vec<u32> {
    (0..c.cell_count()).map(|cell| c.mask(cell)).collect()
}

thread_local! {
    /// The unary engine's buffers, kept between searches: allocating and
    /// growing them for every search cost more than the searches' setup.
    static WALKER: std::cell::RefCell<unary::Walker> = std::cell::RefCell::default();
}

/// The easiest hint `engine` finds on `c`, as SE would take it (none when
/// a deadline set by [`with_deadline`] cut the search short).
pub fn find(c: &Candidates, engine: Engine) -> Option<ChainHint> {
    let hint = find_uncut(c, engine);
    if past_deadline() {
        if CUT_AT.get().is_none() {
            CUT_AT.set(Some(engine.base()));
        }
        return None;
    }
    hint
}

fn find_uncut(c: &Candidates, engine: Engine) -> Option<ChainHint> {
    let mut board = Board::new(c.tables(), masks(c));
    match engine {
        Engine::Unary => WALKER.with(|walker| match walker.try_borrow_mut() {
            Ok(mut walker) => unary::find(&mut board, &mut walker),
            // Not reentrant, but stay correct if it ever is.
            Err(_) => unary::find(&mut board, &mut unary::Walker::default()),
        }),
        _ => multiple::find(&mut board, engine),
    }
}

/// [`find`] for Nishio walking only the digits of `only` (a digit mask;
/// see [`multiple::find_on_digits`]); also returns the digits whose walks
/// found a contradiction.
pub fn find_nishio_on(c: &Candidates, only: u32) -> (Option<ChainHint>, u32) {
    let mut board = Board::new(c.tables(), masks(c));
    multiple::find_on_digits(&mut board, Engine::Nishio, only)
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
