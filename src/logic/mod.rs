//! A human-style logical solver and a Sudoku Explainer (SE) style rating.
//!
//! The solver keeps candidates per cell and, at every step, applies the
//! easiest technique that makes progress, from full houses and singles up
//! to chains and forcing chains, recording each step in words a person
//! understands. The rating is the SE-scale difficulty of the hardest step
//! on that easiest-first path. docs/rating.md documents the values.
//!
//! - [`candidates`]: the candidate grid and the shape tables.
//! - [`technique`]: what each technique declares (names, SE rating).
//! - `techniques` (crate-internal): one module per technique, and the
//!   solving-order list that makes [`Technique`].
//! - [`step`]: a step and its rendering.
//! - [`solver`]: the solving loop; [`rating`]: scores and levels.

pub mod candidates;
pub mod chaining;
pub mod rating;
pub mod solver;
pub mod step;
pub mod technique;
pub(crate) mod techniques;

pub use candidates::{Candidates, LogicError};
pub use rating::{Level, Rating, UnknownLevel};
pub use solver::{LogicalSolver, SolvePath};
pub use step::{Candidate, Cell, House, NestedChain, Pattern, Step};
pub use technique::Technique;

use crate::grid::Grid;

/// Rates one puzzle. For many puzzles of one shape, keep a
/// [`LogicalSolver`] instead.
pub fn rate(puzzle: &Grid) -> Result<Rating, LogicError> {
    LogicalSolver::new(puzzle.shape()).rate(puzzle)
}
