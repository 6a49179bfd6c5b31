//! A human-style logical solver and a Sudoku Explainer (SE) style rating.
//!
//! The solver keeps candidates per cell and, at every step, applies the
//! easiest technique that makes progress, from full houses and singles up
//! to chains and forcing chains, recording each step in words a person
//! understands. The rating is the SE-scale difficulty of the hardest step
//! on that easiest-first path. docs/rating.md documents the values.
//!
//! The files form layers, each importing only the layers below it (a
//! test, `tests/module_cycles.rs`, checks that no import cycle creeps
//! in), as Sukaku Explainer lays its solver out:
//!
//! 1. Board vocabulary: [`board`] (cells, houses, candidates as people
//!    name them), [`candidates`] (the candidate grid and the shape
//!    tables), `cell_set` (sets of cells as bits).
//! 2. Declarations: [`technique`] (each technique's names), [`step`] (a
//!    step and its rendering, the [`Pattern`] a producer fills in),
//!    `producer` (the interface every producer implements, and the
//!    solve-wide memo), `room` (what some techniques need of the clues).
//! 3. Producers: `techniques` (one file per producer: its search, its
//!    sentences, its difficulty, its tests) and [`chaining`] (SE's
//!    chaining engines, one producer each).
//! 4. The registry: `registry` lists the producers in SE's order.
//! 5. On top: [`solver`] (the solving loop) and [`rating`] (ratings and
//!    levels).

pub mod board;
pub mod candidates;
pub mod filter;
pub(crate) mod cell_set;
pub mod chaining;
pub(crate) mod producer;
pub mod rating;
pub(crate) mod registry;
pub(crate) mod room;
pub mod solver;
pub mod step;
pub mod technique;
pub(crate) mod techniques;

pub use board::{Candidate, Cell, House};
pub use candidates::{Candidates, LogicError};
pub use filter::{TechniqueFilter, Techniques, UnknownTechnique};
pub use rating::{Level, Rating, UnknownLevel};
pub use solver::{LogicalSolver, SolvePath};
pub use step::{NestedChain, Pattern, Step};
pub use technique::Technique;

use crate::grid::Grid;

/// Rates one puzzle. For many puzzles of one shape, keep a
/// [`LogicalSolver`] instead.
pub fn rate(puzzle: &Grid) -> Result<Rating, LogicError> {
    LogicalSolver::new(puzzle.shape()).rate(puzzle)
}
