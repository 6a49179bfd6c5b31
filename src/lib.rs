//! # sudoku-dlx
//!
//! Sudoku generation, solving and grading built on an exact-cover engine
//! (Knuth's dancing links), cross-checked by an independent SAT engine.
//!
//! - [`shape`], [`grid`]: the board model, generic over the box shape.
//! - [`engine`]: the solving engines, a leaf layer: [`engine::dlx`]
//!   (dancing links), [`engine::sat`] (varisat), the interface both
//!   implement and the exact-cover encoding they share.
//! - [`generator`]: fill and dig one puzzle; [`pipeline`]: whole runs
//!   ([`Generator::builder`]), ordered parallel batches and shards.
//! - [`logic`]: the grader (Sudoku Explainer scale); [`verify`]:
//!   [`grade`] (uniqueness first) and the DLX/SAT cross-check.
//! - [`formats`]: reading puzzles; [`output`]: writing records in every
//!   format; [`print`](mod@print): PDF and SVG books.
//! - [`canon`]: canonical (minlex) forms, to find puzzles that are the
//!   same puzzle in disguise.
//!
//! Generate a rated puzzle, grade it again and explain it step by step:
//!
//! ```
//! use sudoku_dlx::logic::{Level, LogicalSolver};
//! use sudoku_dlx::{grade, Generator, Shape};
//!
//! let plan = Generator::builder(Shape::CLASSIC).seed(7).difficulty(Level::Medium).build()?;
//! let puzzle = plan.puzzles().next().expect("one puzzle")?;
//! let rating = puzzle.rating.clone().expect("a difficulty rates the puzzle");
//! assert_eq!(grade(&puzzle.puzzle)?, rating);
//!
//! let path = LogicalSolver::new(Shape::CLASSIC).explain(&puzzle.puzzle)?;
//! assert!(path.solved && path.grid == puzzle.solution);
//! for (i, step) in path.steps.iter().enumerate() {
//!     println!("{}. {step}", i + 1);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

/// The README's examples run as doctests, so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub mod canon;
pub mod engine;
pub mod formats;
pub mod generator;
pub mod grid;
pub mod limits;
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
