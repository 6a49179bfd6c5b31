//! What the generator hands out: apart from the generator, so the
//! generation to a target band and the generator share it without
//! importing each other.

use crate::grid::Grid;

/// A generated puzzle and what is needed to reproduce and judge it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Grid,
    /// Its unique solution.
    pub solution: Grid,
    /// Run seed.
    pub seed: u64,
    /// Index in the run.
    pub index: u64,
    /// Fresh grids tried (1 unless `givens` forced retries).
    pub attempts: u32,
    /// DLX search-tree nodes to count the puzzle's solutions to 2: a cheap
    /// machine measure of difficulty; `None` when
    /// [`GenerateOptions::measure_effort`](super::GenerateOptions::measure_effort) is off.
    pub effort: Option<u64>,
    /// False when `givens` stopped digging early or a probe gave up, so a
    /// clue might still be removable.
    pub minimal: bool,
}
