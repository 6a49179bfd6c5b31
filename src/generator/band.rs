//! A target difficulty band and what a search for it finds: apart from
//! the search, so the generator re-exports them without importing the
//! search (which imports the generator).

use super::generated::Generated;
use std::ops::Range;
use std::time::Instant;

/// A difficulty band and the bounds on the search for it.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    /// Wanted ratings: start included, end excluded.
    pub band: Range<f32>,
    /// Most puzzles to rate for one index before reporting a shortfall.
    pub max_rated: u32,
    /// Give up at this instant (with `--timeout`).
    pub deadline: Option<Instant>,
}

/// A puzzle found in the band, with its rating and the search's cost.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedSearch {
    /// The puzzle.
    pub generated: Generated,
    /// Its rating.
    pub rating: f32,
    /// Puzzles rated to find it.
    pub rated: u32,
}
