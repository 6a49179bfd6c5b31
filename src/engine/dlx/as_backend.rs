//! The DLX engine as a [`Backend`]: apart from the engine's state, so the
//! state's module need not import the digger it hands out (the digger
//! imports the state).

use super::digger::DlxDigger;
use super::{Dlx, CAPABILITIES};
use crate::engine::backend::{Backend, Capabilities, Count, Digger};
use crate::grid::Grid;
use crate::shape::Shape;
use rand::RngCore;

impl Backend for Dlx {
    fn name(&self) -> &'static str {
        "dlx"
    }

    fn shape(&self) -> Shape {
        self.ec.shape()
    }

    fn capabilities(&self) -> Capabilities {
        CAPABILITIES
    }

    fn count(&mut self, puzzle: &Grid, limit: u64, budget: Option<u64>) -> Count {
        if !self.select_givens(puzzle) {
            return Count::none();
        }
        let stats = self.search(limit, budget, None);
        self.deselect_all();
        #[cfg(debug_assertions)]
        self.sanity();
        let first = (stats.solutions > 0).then(|| {
            let mut grid = puzzle.clone();
            self.write_first_solution(&mut grid);
            grid
        });
        Count {
            solutions: stats.solutions,
            first,
            effort: stats.nodes,
            complete: stats.complete,
        }
    }

    fn solutions(&mut self, puzzle: &Grid, limit: u64) -> Vec<Grid> {
        if !self.select_givens(puzzle) {
            return Vec::new();
        }
        self.search.collecting = true;
        self.search(limit, None, None);
        self.search.collecting = false;
        self.deselect_all();
        self.collected_solutions(puzzle)
    }

    /// A random complete grid; see `fill.rs` for how.
    fn fill(&mut self, rng: &mut dyn RngCore) -> Grid {
        self.random_fill(rng)
    }

    fn digger<'a>(&'a mut self, solution: &Grid, order: &[usize]) -> Box<dyn Digger + 'a> {
        Box::new(DlxDigger::new(self, solution, order))
    }
}
