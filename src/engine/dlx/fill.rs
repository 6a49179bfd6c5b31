//! Random complete grids: random diagonal boxes, then a shuffled search.

use super::Dlx;
use crate::grid::Grid;
use rand::{Rng, RngCore};

impl Dlx {
    /// Boxes on the diagonal share no row or column, so each takes an
    /// independent random permutation; the search then completes the rest.
    /// This removes a quarter to a fifth of the levels, where a large
    /// board's scan costs most. Randomised search has a heavy tail on large
    /// boards (a rare start wanders for minutes), so each try has a node
    /// budget, and a try that runs out restarts from fresh random boxes
    /// with a doubled budget: deterministic for a given random stream.
    pub(super) fn random_fill(&mut self, rng: &mut dyn RngCore) -> Grid {
        let shape = self.ec.shape();
        let mut budget = 4 * shape.cells() as u64;
        loop {
            let mut grid = Grid::empty(shape);
            self.deselect_all();
            self.select_random_diagonal(&mut grid, rng);
            let stats = self.search(1, Some(budget), Some(&mut *rng));
            // The search restores the matrix, so only the diagonal is
            // selected: undoing those few selections costs less than
            // copying the whole matrix back.
            while self.deselect().is_some() {}
            if stats.solutions == 1 {
                self.write_first_solution(&mut grid);
                return grid;
            }
            budget = budget.saturating_mul(2);
        }
    }

    /// Selects a random permutation of the digits in each box of the
    /// diagonal, writing them into `grid`.
    pub(super) fn select_random_diagonal(&mut self, grid: &mut Grid, rng: &mut dyn RngCore) {
        let shape = self.ec.shape();
        let mut digits: Vec<u8> = (1..=shape.n() as u8).collect();
        for i in 0..shape.box_rows().min(shape.box_cols()) {
            for j in (1..digits.len()).rev() {
                digits.swap(j, rng.gen_range(0..=j));
            }
            for (cell, &d) in shape.box_cells(i * shape.box_rows() + i).zip(&digits) {
                grid.set(cell, d);
                let selected = self.select(self.ec.option(cell, d));
                debug_assert!(selected, "diagonal boxes are independent");
            }
        }
    }
}
