//! The per-probe portfolio of the DLX digging session: a probe that runs
//! out of its DLX node budget is handed to the SAT engine, which settles it.
//!
//! Why: on 25x25 boards (and rarely on 16x16) the last probes of a dig can
//! take DLX minutes, while varisat's clause learning settles the same
//! question in seconds (docs/engine.md, "Portfolio"). Without the fallback
//! such a probe gives up, keeping its clue, and the puzzle may not be
//! minimal.
//!
//! What each engine proves: a second solution, from either engine, is a
//! certificate and is checked here before it is believed (it must solve the
//! puzzle without the probed clues and differ from the solution in one of
//! them). A SAT "no other solution" is the SAT engine's word alone; so with
//! `--backend dlx` and a node budget, uniqueness is decided by DLX for every
//! probe that finishes within the budget and by SAT for the rest. On 12x12
//! and larger the deep witness search (`dig_proofs/witness.rs`) comes first
//! and settles most probes; what it gives up on goes to DLX. The
//! counters in [`PortfolioStats`] say how many probes each engine settled
//! and how long each took.
//!
//! Each probe gets a fresh solver on a formula of its own, over the
//! candidates of the open cells only (`sat::open_cells`): on 25x25 the
//! late probes of a dig solved that way take about a third of the time
//! they take on one solver of the whole board kept across probes, with the
//! clues as assumptions (docs/engine.md, "Portfolio").

use super::sat::open_cells::OpenCellSat;
use crate::grid::Grid;
use crate::shape::Shape;
use std::time::Duration;

/// How many probes each engine of the portfolio settled, and the time each
/// spent, over the life of one DLX engine. Time is for reporting only:
/// no decision depends on it, so output stays a function of the seed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PortfolioStats {
    /// Probes DLX searched (settled or not).
    pub dlx_probes: u64,
    /// Of those, probes that ran out of the node budget and went to SAT.
    pub dlx_gave_up: u64,
    /// Wall time in DLX probe searches, including those that gave up.
    pub dlx_time: Duration,
    /// Probes the SAT engine settled.
    pub sat_probes: u64,
    /// Of those, probes where SAT found (and we checked) a second solution.
    pub sat_found_other: u64,
    /// Wall time in SAT probes, including building the solver.
    pub sat_time: Duration,
}

/// The SAT side of the portfolio.
pub(crate) struct SatFallback {
    sat: OpenCellSat,
    pub(crate) stats: PortfolioStats,
}

/// A clone starts with zero counters: they count one engine's probes.
impl Clone for SatFallback {
    fn clone(&self) -> SatFallback {
        SatFallback {
            sat: self.sat.clone(),
            stats: PortfolioStats::default(),
        }
    }
}

impl SatFallback {
    /// The fallback for boards of `shape`; see [`SatFallback::other_solution`].
    pub(crate) fn new(shape: Shape) -> SatFallback {
        SatFallback {
            sat: OpenCellSat::new(shape),
            stats: PortfolioStats::default(),
        }
    }

    /// Whether `puzzle` (the current puzzle without the probed cells) has
    /// a solution that differs from `solution` in one of `targets` (the
    /// formula checks the solution it finds).
    pub(crate) fn other_solution(&mut self, puzzle: &Grid, solution: &Grid, targets: &[usize]) -> bool {
        let found = self.sat.other_solution(puzzle, solution, targets).is_some();
        self.stats.sat_found_other += u64::from(found);
        self.stats.sat_probes += 1;
        found
    }
}

#[cfg(test)]
mod tests;
