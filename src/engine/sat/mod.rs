//! The SAT engine: Sudoku as a propositional formula solved by varisat.
//!
//! It exists as an independent check on the DLX engine: a different
//! algorithm (CDCL instead of exact-cover search) over the same model
//! ([`crate::engine::exact_cover`]). See `docs/sat.md` for the encoding.
//!
//! - [`cnf`]: the formula (one variable per option, exactly one option per
//!   item).
//! - `engine`: the live solver and its assumption/activation protocol.
//! - `fill`: random complete grids.
//! - `dig`: the digging session, with `singles` to skip easy probes.
//! - `open_cells`: one probe's question as a formula over the open cells'
//!   candidates (the DLX portfolio's fallback).

pub mod cnf;
mod dig;
pub(crate) mod engine;
mod fill;
pub(crate) mod open_cells;
mod singles;

use crate::engine::backend::{Backend, Capabilities, Count, Digger, EffortUnit};
use crate::grid::Grid;
use crate::shape::Shape;
use cnf::AtMostOne;
use engine::Engine;
use rand::RngCore;

/// SAT counts solve calls; a budget bounds them, but one call always runs
/// to its end, so it is not a node budget.
pub(crate) const CAPABILITIES: Capabilities = Capabilities {
    effort_unit: EffortUnit::SolveCalls,
    honours_node_budget: false,
};

/// The SAT engine for one shape: the formula is built once and one solver
/// stays alive across calls; puzzles reach it only as assumptions.
pub struct SatBackend {
    engine: Engine,
}

impl SatBackend {
    /// Builds the formula for `shape`, using the at-most-one encoding that
    /// [`AtMostOne::for_shape`] picks.
    pub fn new(shape: Shape) -> SatBackend {
        SatBackend::with_encoding(shape, AtMostOne::for_shape(shape))
    }

    /// Builds the formula with a chosen at-most-one encoding, so tests can
    /// check that both encodings agree.
    pub fn with_encoding(shape: Shape, amo: AtMostOne) -> SatBackend {
        SatBackend {
            engine: Engine::new(shape, amo),
        }
    }

    /// Solve calls made by this engine so far, over all operations: the
    /// effort measure behind [`Count::effort`] and [`Digger::effort`], here
    /// also covering [`Backend::fill`].
    pub fn solve_calls(&self) -> u64 {
        self.engine.solves()
    }

    /// Panics unless `grid` has this engine's shape: passing a board of the
    /// wrong shape is a programming error, not bad input.
    fn check_shape(&self, grid: &Grid) {
        assert_eq!(
            grid.shape(),
            self.engine.shape(),
            "grid shape does not match the SAT engine's shape"
        );
    }

    /// Finds models of `puzzle` up to `limit` (and `budget` solve calls),
    /// blocking each one found and handing it to `each`.
    fn models(&mut self, puzzle: &Grid, limit: u64, budget: Option<u64>, mut each: impl FnMut(&Grid)) -> Count {
        self.check_shape(puzzle);
        if puzzle.first_clash().is_some() || limit == 0 {
            return Count::none();
        }
        let before = self.engine.solves();
        let mut assumptions = self.engine.given_lits(puzzle);
        let act = self.engine.activation();
        assumptions.push(act);
        let mut count = Count::none();
        let budget = budget.unwrap_or(u64::MAX);
        while count.solutions < limit {
            if self.engine.solves() - before >= budget {
                count.complete = false;
                break;
            }
            if !self.engine.solve(&assumptions) {
                break;
            }
            count.solutions += 1;
            let model = self.engine.model_grid();
            let block = blocking_clause(&self.engine, puzzle, &model);
            self.engine.add_guarded(act, &block);
            each(&model);
            count.first.get_or_insert(model);
        }
        self.engine.retire(act);
        count.effort = self.engine.solves() - before;
        count
    }
}

impl Backend for SatBackend {
    fn name(&self) -> &'static str {
        "sat"
    }

    fn shape(&self) -> Shape {
        self.engine.shape()
    }

    fn capabilities(&self) -> Capabilities {
        CAPABILITIES
    }

    /// Counts by blocking each model found. `effort` is the number of solve
    /// calls, and the budget bounds them (varisat has no finer effort
    /// limit, so one call always runs to its end).
    ///
    /// # Panics
    /// If `puzzle` is not of this engine's shape.
    fn count(&mut self, puzzle: &Grid, limit: u64, budget: Option<u64>) -> Count {
        self.models(puzzle, limit, budget, |_| {})
    }

    /// Lists by blocking each model found, as [`SatBackend::count`] counts.
    ///
    /// # Panics
    /// If `puzzle` is not of this engine's shape.
    fn solutions(&mut self, puzzle: &Grid, limit: u64) -> Vec<Grid> {
        let mut found = Vec::new();
        self.models(puzzle, limit, None, |model| found.push(model.clone()));
        found
    }

    /// A random complete grid, randomised through assumptions (see
    /// `docs/sat.md`): the same stream gives the same grid.
    fn fill(&mut self, rng: &mut dyn RngCore) -> Grid {
        fill::fill(&mut self.engine, rng)
    }

    /// A digging session on this engine's solver; `order` is not needed.
    ///
    /// # Panics
    /// If `solution` is not of this engine's shape.
    fn digger<'a>(&'a mut self, solution: &Grid, _order: &[usize]) -> Box<dyn Digger + 'a> {
        self.check_shape(solution);
        Box::new(dig::SatDigger::new(&mut self.engine, solution))
    }
}

/// "Some empty cell of `puzzle` differs from `model`": the givens are
/// assumed anyway, so only the empty cells' digits need blocking.
fn blocking_clause(engine: &Engine, puzzle: &Grid, model: &Grid) -> Vec<varisat::Lit> {
    let empty = (0..puzzle.cells().len()).filter(|&c| puzzle.get(c) == 0);
    empty.map(|c| !engine.lit(c, model.get(c))).collect()
}
