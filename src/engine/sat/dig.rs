//! Digging clues out of a solution with at most one solve call per probe.
//!
//! Separate from counting because digging needs no counting at all: the
//! current puzzle is unique, so the puzzle without some clues stays unique
//! exactly when no solution differs from `solution` in one of those cells.
//! That is one "exclusion probe" per removal attempt.
//!
//! On boards from 16x16 up the probe is asked of a small formula over the
//! open cells' candidates ([`OpenCellSat`], the DLX portfolio's fallback)
//! instead of the whole-board solver with the clues as assumptions: a
//! late 25x25 probe has about 2,000 candidates where the whole board has
//! 15,625 options, and clues that are assumptions still weigh on every
//! propagation.

use super::engine::Engine;
use super::open_cells::OpenCellSat;
use super::singles::Singles;
use crate::engine::backend::{Digger, Removal};
use crate::grid::Grid;
use varisat::Lit;

/// A digging session that borrows the backend's solver.
pub struct SatDigger<'a> {
    engine: &'a mut Engine,
    solution: Grid,
    puzzle: Grid,
    solves_at_start: u64,
    /// Deduction by singles, to skip solve calls for easy removals.
    singles: Singles,
    /// False when `solution` is not a complete valid grid; then nothing is
    /// ever removed, since "unique" would have no meaning.
    valid: bool,
    /// The small per-probe formula, on boards of [`OPEN_CELL_MIN_N`] and up.
    open_cells: Option<OpenCellSat>,
}

/// The smallest board side whose probes go to the open-cell formula. On
/// 16x16 it is already faster (see docs/sat.md); on 9x9 and 12x12 the
/// whole-board solver, which keeps what it learnt between probes, is.
const OPEN_CELL_MIN_N: usize = 16;

impl<'a> SatDigger<'a> {
    /// Starts from the full `solution`. The [`crate::Backend::digger`]
    /// contract asks for a complete valid grid; anything else is kept
    /// whole rather than dug into a meaningless puzzle.
    pub fn new(engine: &'a mut Engine, solution: &Grid) -> SatDigger<'a> {
        let solves_at_start = engine.solves();
        SatDigger {
            engine,
            solution: solution.clone(),
            puzzle: solution.clone(),
            solves_at_start,
            singles: Singles::new(solution.shape()),
            valid: solution.is_full() && solution.first_clash().is_none(),
            open_cells: (solution.shape().n() >= OPEN_CELL_MIN_N).then(|| OpenCellSat::new(solution.shape())),
        }
    }

    /// The clues among `cells` that are still on the board, once each;
    /// cells off the board are ignored.
    fn present(&self, cells: &[usize]) -> Vec<usize> {
        let mut present: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&c| c < self.puzzle.cells().len() && self.puzzle.get(c) != 0)
            .collect();
        present.sort_unstable();
        present.dedup();
        present
    }

    /// Whether the puzzle stays unique without `removed` (clues on the
    /// board, from [`Self::present`]): never with an invalid starting
    /// grid; always when nothing is removed or singles force the one
    /// removed cell; otherwise one solve call.
    fn verdict(&mut self, removed: &[usize]) -> Removal {
        if removed.is_empty() {
            return Removal::Removed;
        }
        if !self.valid {
            return Removal::Kept;
        }
        let mut trial = self.puzzle.clone();
        for &c in removed {
            trial.set(c, 0);
        }
        let forced = matches!(removed[..], [c] if self.singles.forces(&trial, c, self.solution.get(c)));
        if !forced && self.another_solution(&trial, removed) {
            Removal::Kept
        } else {
            Removal::Removed
        }
    }

    /// Whether some solution of `trial` differs from the solution in one of
    /// `removed`. One cell is a plain negative assumption; several share a
    /// clause guarded by an activation literal, retired afterwards.
    fn another_solution(&mut self, trial: &Grid, removed: &[usize]) -> bool {
        if let Some(sat) = &self.open_cells {
            // The formula checks the second solution it finds.
            self.engine.count_outside_solve();
            return sat.other_solution(trial, &self.solution, removed).is_some();
        }
        let mut assumptions = self.engine.given_lits(trial);
        let differs: Vec<Lit> = removed
            .iter()
            .map(|&c| !self.engine.lit(c, self.solution.get(c)))
            .collect();
        if let [single] = differs[..] {
            assumptions.push(single);
            return self.engine.solve(&assumptions);
        }
        let act = self.engine.activation();
        self.engine.add_guarded(act, &differs);
        assumptions.push(act);
        let sat = self.engine.solve(&assumptions);
        self.engine.retire(act);
        sat
    }
}

impl Digger for SatDigger<'_> {
    fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    /// Removes `cells` if the puzzle stays unique. Cells already empty or
    /// off the board are ignored (nothing left to remove counts as
    /// removed). With an invalid starting grid every clue is kept. The
    /// budget is ignored: SAT probes always finish, so the answer is never
    /// [`Removal::GaveUp`].
    fn try_remove(&mut self, cells: &[usize], _budget: Option<u64>) -> Removal {
        let removed = self.present(cells);
        let verdict = self.verdict(&removed);
        if verdict == Removal::Removed {
            for &c in &removed {
                self.puzzle.set(c, 0);
            }
        }
        verdict
    }

    /// Same question as [`Digger::try_remove`], the puzzle left as it is.
    fn would_remove(&mut self, cells: &[usize], _budget: Option<u64>) -> Removal {
        let removed = self.present(cells);
        self.verdict(&removed)
    }

    fn remove_unchecked(&mut self, cells: &[usize]) {
        for c in self.present(cells) {
            self.puzzle.set(c, 0);
        }
    }

    /// Solve calls made by this digging session.
    fn effort(&self) -> u64 {
        self.engine.solves() - self.solves_at_start
    }
}
