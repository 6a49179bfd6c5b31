//! # sudoku-dlx
//!
//! Sudoku generation, solving and grading built on an exact-cover engine
//! (Knuth's dancing links), cross-checked by an independent SAT engine.
//!
//! - [`shape`], [`grid`]: the board model, generic over the box shape.
//! - [`exact_cover`]: the encoding every engine shares.
//! - [`dlx`]: the dancing-links engine; [`sat`]: the varisat engine;
//!   [`backend`]: the interface both implement.
//! - [`canon`]: canonical (minlex) forms, to find puzzles that are the
//!   same puzzle in disguise.

pub mod backend;
pub mod canon;
pub mod dig_proofs;
pub mod dlx;
pub mod exact_cover;
pub mod formats;
pub mod generator;
pub mod grid;
pub mod logic;
pub mod print;
pub mod sat;
pub mod shape;

pub use backend::{Backend, BackendKind, Count, Digger, Removal};
pub use grid::Grid;
pub use shape::Shape;
