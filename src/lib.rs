//! # sudoku-dlx
//!
//! Sudoku generation, solving and grading built on an exact-cover engine
//! (Knuth's dancing links), cross-checked by an independent SAT engine.
//!
//! One puzzle takes one line: [`solve`], [`count`], [`is_unique`],
//! [`rate`], [`explain`] and [`generate`] take a puzzle's text or a
//! [`Grid`] and borrow the library's cached backend and grader for its
//! shape. A batch is a [`Plan`] ([`Plan::builder`]): iterate it with
//! [`Plan::puzzles`] or run it on threads with [`Plan::run`], handing each
//! [`Puzzle`] to a [`Sink`] in index order. docs/api.md has the whole API
//! and its vocabulary.
//!
//! - [`formats`]: reading puzzles; [`output`]: writing records in every
//!   format; [`print`](mod@print): PDF and SVG books.
//! - [`canon`]: canonical (minlex) forms, to find puzzles that are the
//!   same puzzle in disguise.
//! - [`limits`]: per-record time and node bounds for the backend and the
//!   grader; [`parallel`]: ordered parallel maps with per-thread state.
//!
//! Generate a rated puzzle, rate it again and explain it step by step:
//!
//! ```
//! use sudoku_dlx::{explain, rate, Level, Plan, Shape};
//!
//! let plan = Plan::builder(Shape::CLASSIC).seed(7).difficulty(Level::Medium).build()?;
//! let puzzle = plan.puzzles().next().expect("one puzzle")?;
//! let rating = puzzle.rating.clone().expect("a difficulty rates the puzzle");
//! assert_eq!(rate(&puzzle.puzzle)?, rating);
//!
//! let path = explain(&puzzle.puzzle)?;
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

/// docs/api.md's examples run as doctests too.
#[cfg(doctest)]
#[doc = include_str!("../docs/api.md")]
pub struct ApiDoctests;

/// The layers below the public API are public only with the `internals`
/// feature, which the crate's own tests, benchmarks and fuzz targets turn
/// on to check them piece by piece; a library user sees the re-exports
/// below. Without the feature, items only those checks call are unused.
macro_rules! internal_modules {
    ($($name:ident),* $(,)?) => {$(
        #[cfg(feature = "internals")]
        pub mod $name;
        #[cfg(not(feature = "internals"))]
        // Their docs may link their own items, which a build without the
        // feature does not document.
        #[allow(dead_code, unused_imports, rustdoc::private_intra_doc_links)]
        mod $name;
    )*};
}

/// An item public with the `internals` feature, for the crate's own tests,
/// benchmarks and fuzz targets, and crate-private without it. Written
/// without a visibility: `internal_pub! { /// docs\n fn f() {} }`.
macro_rules! internal_pub {
    ($(#[$meta:meta])* $kind:ident $($rest:tt)*) => {
        #[cfg(feature = "internals")]
        $(#[$meta])*
        pub $kind $($rest)*
        #[cfg(not(feature = "internals"))]
        // Without the feature, items only those checks call are unused.
        #[allow(dead_code)]
        $(#[$meta])*
        pub(crate) $kind $($rest)*
    };
}

internal_modules!(engine, generator, grid, logic, pipeline, shape, variant, verify);

mod cache;
mod calls;
pub mod canon;
pub mod formats;
pub mod limits;
pub mod output;
mod play;
pub mod print;

/// Ordered parallel maps over batches read from files, with state (a
/// backend, a grader) built once per worker thread.
pub mod parallel {
    pub use crate::pipeline::{for_each_ordered, map_ordered, PerThread};
}

pub use calls::{
    count, count_within, cross_check, explain, generate, generate_variant_in_band, grade_variant_within,
    grade_within, is_unique, rate, solve, variant_max_rated, CrossCheck, Error, PuzzleInput,
};
pub use engine::{BackendKind, Count, EffortUnit, UnknownBackend};
pub use generator::{generate_variant, GenerateError, Rules, ShardError, Symmetry, VariantPuzzle};
pub use grid::{Clash, Grid};
pub use logic::{
    Cell, Level, Rating, SolvePath, Step, TechniqueFilter, Techniques, UnknownLevel, UnknownTechnique,
};
pub use pipeline::{
    Controls, Effort, Plan, PlanBuilder, Puzzle, RatingBand, RunError, Shard, Sink, SpecError,
};
pub use play::{check_board, daily, hint, hint_within, CheckMode, Hint, Mistake};
pub use shape::{Shape, ShapeError};
pub use variant::{Constraint, Variant, VariantError};
pub use verify::{Disagreement, GradeError, Graded};
