//! One live varisat solver holding the formula of a shape, and the small
//! protocol the backend speaks to it: givens as assumptions, temporary
//! clauses guarded by activation literals that are retired afterwards.
//!
//! Kept separate so [`super::SatBackend`], the filler and the digger share
//! one solver (learnt clauses carry over between calls) and one place that
//! knows the variable numbering.

use super::cnf::{encode, option_lit, AtMostOne};
use crate::engine::exact_cover::ExactCover;
use crate::grid::Grid;
use crate::shape::Shape;
use varisat::config::SolverConfigUpdate;
use varisat::{ExtendFormula, Lit, Solver};

/// A solver loaded with the exactly-one formula of one shape.
pub struct Engine {
    solver: Solver<'static>,
    shape: Shape,
    options: usize,
    solves: u64,
    /// Activation literals no longer assumed, awaiting their unit clause.
    retired: Vec<Lit>,
}

/// Conflicts between varisat's reductions of learnt clauses (default
/// 15,000 and 10,000). Our solves are many and short, so with the defaults
/// learnt clauses pile up across puzzles and slow propagation; 300 was the
/// fastest setting we measured (count: 3,500 -> 7,500 puzzles/s on 17-clue
/// puzzles; 30 and 2,000 were slower).
const REDUCE_INTERVAL: u64 = 300;

/// [`REDUCE_INTERVAL`] for boards larger than 16x16, whose hard solves
/// (the late probes of a minimal 25x25 dig) run thousands of conflicts:
/// reducing every 300 threw away the clauses they were learning. On 70
/// such probes (25x25 `--seed 2`, replayed on one solver) 5,000 took
/// 72 s where 300 took 271 s; 1,000, 2,000 and 15,000 were in between.
const REDUCE_INTERVAL_LARGE: u64 = 5_000;

/// Applies [`REDUCE_INTERVAL`] or, past 16x16, [`REDUCE_INTERVAL_LARGE`].
fn tune(solver: &mut Solver, shape: Shape) {
    let interval = if shape.n() > 16 {
        REDUCE_INTERVAL_LARGE
    } else {
        REDUCE_INTERVAL
    };
    let mut config = SolverConfigUpdate::new();
    config.reduce_locals_interval = Some(interval);
    config.reduce_mids_interval = Some(interval);
    // Only fails for out-of-range values, and 300 is in range.
    let _ = solver.config(&config);
}

/// How many retired activation literals are collected before their unit
/// clauses are added together.
const RETIRE_BATCH: usize = 64;

// SAFETY: `Solver` is `!Send` only because it can hold a proof writer
// (`Box<dyn Write>`) and proof processors (`&mut dyn ProofProcessor`),
// which need not be `Send`. The solver here is private to `Engine`, which
// never installs either: the writer stays the default `io::sink()` and the
// processor list stays empty, so everything the solver owns is plain data
// that may move between threads.
unsafe impl Send for Engine {}

impl Engine {
    /// Loads the formula of `shape`, written with `amo` at-most-one
    /// constraints.
    pub fn new(shape: Shape, amo: AtMostOne) -> Engine {
        let cnf = encode(shape, amo);
        let mut solver = Solver::new();
        tune(&mut solver, shape);
        // Declaring every variable first keeps user numbering equal to ours,
        // so activation variables from `new_var` come after them.
        for _ in 0..cnf.vars {
            solver.new_var();
        }
        for clause in &cnf.clauses {
            solver.add_clause(clause);
        }
        Engine {
            solver,
            shape,
            options: ExactCover::new(shape).option_count(),
            solves: 0,
            retired: Vec::new(),
        }
    }

    /// The shape loaded.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Solve calls made so far: the effort measure we report ([`EffortUnit::SolveCalls`](crate::engine::EffortUnit))
    /// (varisat exposes no decision or conflict counters).
    pub fn solves(&self) -> u64 {
        self.solves
    }

    /// Counts a solve call made for this engine's caller on another
    /// formula (the open-cell formula of big boards), so that
    /// [`Engine::solves`] stays the effort of every question asked.
    pub fn count_outside_solve(&mut self) {
        self.solves += 1;
    }

    /// The literal "cell holds digit".
    pub fn lit(&self, cell: usize, digit: u8) -> Lit {
        option_lit(ExactCover::new(self.shape).option(cell, digit))
    }

    /// One positive assumption per given of `grid`.
    pub fn given_lits(&self, grid: &Grid) -> Vec<Lit> {
        let cells = grid.cells().iter().enumerate();
        cells
            .filter(|&(_, &d)| d != 0)
            .map(|(cell, &d)| self.lit(cell, d))
            .collect()
    }

    /// Whether the formula has a model under `assumptions`.
    pub fn solve(&mut self, assumptions: &[Lit]) -> bool {
        self.solves += 1;
        self.solver.assume(assumptions);
        // varisat only fails when a proof writer fails or a solve is
        // interrupted; we use neither, so an error is a bug in varisat.
        self.solver
            .solve()
            .expect("varisat failed without proof output or interrupts")
    }

    /// The grid of the last model; only meaningful after `solve` said yes.
    pub fn model_grid(&self) -> Grid {
        let mut grid = Grid::empty(self.shape);
        let n = self.shape.n();
        for lit in self.solver.model().unwrap_or_default() {
            let option = lit.var().index();
            if lit.is_positive() && option < self.options {
                grid.set(option / n, (option % n) as u8 + 1);
            }
        }
        grid
    }

    /// A fresh activation literal: clauses containing its negation only
    /// bind while it is assumed.
    pub fn activation(&mut self) -> Lit {
        self.solver.new_var().positive()
    }

    /// Adds a clause that only binds while `act` is assumed.
    pub fn add_guarded(&mut self, act: Lit, lits: &[Lit]) {
        let mut clause = Vec::with_capacity(lits.len() + 1);
        clause.push(!act);
        clause.extend_from_slice(lits);
        self.solver.add_clause(&clause);
    }

    /// Retires `act` for good. Until the batch is flushed it is merely no
    /// longer assumed, so the solver may set it false and its clauses stop
    /// binding; see [`Engine::flush_retired`] for the permanent part.
    pub fn retire(&mut self, act: Lit) {
        self.retired.push(act);
        if self.retired.len() >= RETIRE_BATCH {
            self.flush_retired();
        }
    }

    /// Adds the unit clause `!act` for each retired literal, which satisfies
    /// every clause it guarded (so the solver drops them), and hides the
    /// variable so varisat recycles its number and models do not grow.
    ///
    /// Batched because each new unit makes varisat's next solve rescan the
    /// whole clause database: one rescan per count call cost about a third
    /// of the time of counting 17-clue puzzles.
    fn flush_retired(&mut self) {
        for &act in &self.retired {
            self.solver.add_clause(&[!act]);
        }
        // varisat refuses to hide a variable that is still assumed.
        self.solver.assume(&[]);
        for act in self.retired.drain(..) {
            self.solver.hide_var(act.var());
        }
    }
}
