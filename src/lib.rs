//! # sudoku-dlx
//!
//! Sudoku generation, solving and grading built on an exact-cover engine
//! (Knuth's dancing links), cross-checked by an independent SAT engine.
//!
//! - [`shape`], [`grid`]: the board model, generic over the box shape.
//! - [`engine`]: the solving engines, a leaf layer: [`engine::dlx`]
//!   (dancing links), [`engine::sat`] (varisat), the interface both
//!   implement and the exact-cover encoding they share.
//! - [`canon`]: canonical (minlex) forms, to find puzzles that are the
//!   same puzzle in disguise.

pub mod canon;
pub mod engine;
pub mod formats;
pub mod generator;
pub mod grid;
pub mod logic;
pub mod output;
pub mod pipeline;
pub mod print;
pub mod shape;
pub mod verify;

pub use engine::{Backend, BackendKind, Capabilities, Count, Digger, EffortUnit, Removal};
pub use generator::Generator;
pub use grid::Grid;
pub use pipeline::{Effort, Plan, Puzzle};
pub use shape::Shape;
pub use verify::{grade, GradeError};
