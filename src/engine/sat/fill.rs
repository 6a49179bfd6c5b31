//! Random complete grids from a solver that has no random seed of its own.
//!
//! varisat is deterministic and exposes no phase or seed settings, so the
//! randomness comes from the assumptions: cells are visited in random
//! order and each gets a random digit that the solver confirms can still
//! be completed. The result depends only on the random stream (never on
//! which model the solver happened to find), so the same stream gives the
//! same grid however the solver was used before.

use super::engine::Engine;
use super::open_cells::OpenCellSat;
use crate::grid::Grid;
use crate::shape::Shape;
use rand::seq::SliceRandom;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use varisat::Lit;

/// Fills an empty board at random.
///
/// Cells are visited in random order (the diagonal boxes first, see
/// [`visiting_order`]), first in batches: a random digit per cell, all
/// confirmed by one solve (the batch halves whenever that fails). Once
/// batches are down to one cell, each cell draws digits at random from
/// those its houses still allow. A draw that some known completion has in
/// that cell needs no solve; any other draw is checked with one solve call
/// and, if it cannot be completed, discarded before the next draw. Once
/// the placed digits admit only one completion the rest of the board is
/// copied from it.
pub fn fill(engine: &mut Engine, rng: &mut dyn RngCore) -> Grid {
    // How many draws the fill makes depends on when it notices the board
    // is forced, which depends on the solver's history. Drawing from a
    // child stream keeps the caller's stream use fixed at one number, so
    // whatever the caller draws next is history-independent too.
    let rng: &mut dyn RngCore = &mut ChaCha8Rng::seed_from_u64(rng.next_u64());
    let shape = engine.shape();
    let (order, first_batch) = visiting_order(shape, rng);
    let mut state = FillState::new(engine);
    let mut batch = first_batch;
    let mut next = 0;
    while next < order.len() {
        if batch > 1 {
            let end = (next + batch).min(order.len());
            if state.place_batch(&order[next..end], rng) {
                next = end;
                // Past the diagonal boxes, batches of a house's size.
                batch = batch.min(shape.n());
            } else {
                batch /= 2;
            }
            continue;
        }
        let cell = order[next];
        let digit = state.choose(cell, rng);
        state.place(cell, digit);
        next += 1;
    }
    state.grid
}

/// The cells in random order, but those of the diagonal boxes (box `i` of
/// band `i`, which share no row, column or box) first, with the size of
/// that first batch. Random digits in those boxes only need each box to be
/// a permutation, and such a batch has (in our runs) always been
/// completable on 9x9, so one solve call places a third of the board. The
/// solve call still checks it, and a failed batch just halves.
fn visiting_order(shape: Shape, rng: &mut dyn RngCore) -> (Vec<usize>, usize) {
    let diagonal = shape.box_rows().min(shape.box_cols());
    let is_diagonal = |cell: usize| {
        let b = shape.box_of(cell);
        b / shape.box_rows() == b % shape.box_rows() && b / shape.box_rows() < diagonal
    };
    let (mut first, mut rest): (Vec<usize>, Vec<usize>) = (0..shape.cells()).partition(|&c| is_diagonal(c));
    first.shuffle(rng);
    rest.shuffle(rng);
    let batch = first.len();
    first.extend(rest);
    (first, batch)
}

/// The partial fill: digits placed so far (also held as assumptions) and
/// every completion of them the solver has shown us.
struct FillState<'e> {
    engine: &'e mut Engine,
    grid: Grid,
    houses: HouseDigits,
    assumptions: Vec<Lit>,
    /// Distinct complete grids that agree with every placed digit; never
    /// empty. Any digit one of them has in a cell is known completable,
    /// so drawing it costs no solve, and two of them prove the fill is not
    /// yet forced.
    models: Vec<Grid>,
    /// The placed digits have only one completion, `models[0]`.
    forced: bool,
    /// On boards from [`OPEN_CELL_MIN_N`] up, the questions go to a fresh
    /// formula over the open cells' candidates instead of the whole-board
    /// solver (the answers are the same facts, so the grid is the same).
    open_cells: Option<OpenCellSat>,
}

/// The smallest board side whose fill asks the open-cell formula: on
/// 25x25 three fills took 2.8 s instead of 34.6 s, while on 16x16 the
/// whole-board solver, which keeps what it learnt, stays faster (20 fills:
/// 0.66 s against 1.01 s).
const OPEN_CELL_MIN_N: usize = 17;

impl<'e> FillState<'e> {
    fn new(engine: &'e mut Engine) -> FillState<'e> {
        let shape = engine.shape();
        // Every shape has solutions (the pattern grid), so this succeeds.
        engine.solve(&[]);
        let model = engine.model_grid();
        FillState {
            engine,
            grid: Grid::empty(shape),
            houses: HouseDigits::new(shape.n()),
            assumptions: Vec::with_capacity(shape.cells()),
            models: vec![model],
            forced: false,
            open_cells: (shape.n() >= OPEN_CELL_MIN_N).then(|| OpenCellSat::new(shape)),
        }
    }

    /// Draws a random digit for each of `cells` (consistent with each
    /// other) and places them all if one solve call says they can be
    /// completed together; otherwise places none. Early in the fill almost
    /// every batch succeeds, which saves most of the solve calls.
    fn place_batch(&mut self, cells: &[usize], rng: &mut dyn RngCore) -> bool {
        let shape = self.engine.shape();
        let mut drawn = Vec::with_capacity(cells.len());
        for &cell in cells {
            let keys = shape.houses_of(cell);
            let Some(d) = draw(&mut self.houses.free(keys), rng) else {
                break;
            };
            self.houses.take(keys, d);
            drawn.push((cell, d));
        }
        let ok = drawn.len() == cells.len() && self.completable(&drawn);
        for &(cell, d) in &drawn {
            let keys = shape.houses_of(cell);
            self.houses.release(keys, d);
            if ok {
                self.place(cell, d);
            }
        }
        ok
    }

    /// Whether the placed digits plus `drawn` can be completed: free when a
    /// known model agrees with every draw, otherwise one solve call whose
    /// model joins the pool.
    fn completable(&mut self, drawn: &[(usize, u8)]) -> bool {
        let agrees = |m: &Grid| drawn.iter().all(|&(c, d)| m.get(c) == d);
        if self.models.iter().any(agrees) {
            return true;
        }
        if let Some(sat) = &self.open_cells {
            let mut trial = self.grid.clone();
            drawn.iter().for_each(|&(c, d)| trial.set(c, d));
            // The formula checks the completion it finds.
            let completion = sat.completion(&trial);
            self.engine.count_outside_solve();
            let found = completion.is_some();
            self.models.extend(completion);
            return found;
        }
        let before = self.assumptions.len();
        for &(c, d) in drawn {
            self.assumptions.push(self.engine.lit(c, d));
        }
        let sat = self.engine.solve(&self.assumptions);
        self.assumptions.truncate(before);
        if sat {
            self.models.push(self.engine.model_grid());
        }
        sat
    }

    /// A random digit for `cell` that the placed digits can be completed
    /// with.
    fn choose(&mut self, cell: usize, rng: &mut dyn RngCore) -> u8 {
        let keys = self.engine.shape().houses_of(cell);
        let mut candidates = self.houses.free(keys);
        while !self.forced {
            // Every model's digit is a candidate and completable, so the
            // draw never runs dry; the fallback is just defensive.
            let Some(d) = draw(&mut candidates, rng) else {
                break;
            };
            if self.models.iter().any(|m| m.get(cell) == d) {
                return d;
            }
            // Checking first pays off: once the board is forced, every
            // later draw would otherwise cost a solve.
            self.check_forced();
            if !self.forced && self.completable(&[(cell, d)]) {
                return d;
            }
        }
        self.models[0].get(cell)
    }

    /// Whether the placed digits have only one completion, after which
    /// every remaining cell is known without solving. Two known models
    /// settle it for free; otherwise one solve looks for a second. Being
    /// forced is a fact about the placed digits, not about the solver, so
    /// the grid still depends only on the random stream.
    fn check_forced(&mut self) {
        if self.forced || self.models.len() > 1 {
            return;
        }
        if let Some(sat) = &self.open_cells {
            let open: Vec<usize> = (0..self.grid.cells().len())
                .filter(|&c| self.grid.get(c) == 0)
                .collect();
            let other = sat.other_solution(&self.grid, &self.models[0], &open);
            self.engine.count_outside_solve();
            self.forced = other.is_none();
            self.models.extend(other);
            return;
        }
        let act = self.engine.activation();
        let model = &self.models[0];
        let block: Vec<Lit> = (0..self.grid.cells().len())
            .filter(|&c| self.grid.get(c) == 0)
            .map(|c| !self.engine.lit(c, model.get(c)))
            .collect();
        self.engine.add_guarded(act, &block);
        self.assumptions.push(act);
        let other = self.engine.solve(&self.assumptions);
        self.assumptions.pop();
        self.engine.retire(act);
        self.forced = !other;
        if other {
            self.models.push(self.engine.model_grid());
        }
    }

    /// Places `digit` in `cell`, keeping only the models that agree.
    fn place(&mut self, cell: usize, digit: u8) {
        let keys = self.engine.shape().houses_of(cell);
        self.assumptions.push(self.engine.lit(cell, digit));
        self.houses.take(keys, digit);
        self.grid.set(cell, digit);
        self.models.retain(|m| m.get(cell) == digit);
    }
}

/// Removes and returns a random element.
fn draw(candidates: &mut Vec<u8>, rng: &mut dyn RngCore) -> Option<u8> {
    if candidates.is_empty() {
        return None;
    }
    let i = rng.gen_range(0..candidates.len());
    Some(candidates.swap_remove(i))
}

/// Digits already placed in each house, as bit masks (`n <= 25` fits).
struct HouseDigits {
    n: usize,
    used: Vec<u32>,
}

impl HouseDigits {
    fn new(n: usize) -> HouseDigits {
        HouseDigits {
            n,
            used: vec![0; 3 * n],
        }
    }

    /// Digits none of the three houses holds yet, ascending.
    fn free(&self, keys: [usize; 3]) -> Vec<u8> {
        let used = keys.iter().fold(0, |m, &k| m | self.used[k]);
        (1..=self.n as u8).filter(|d| used >> d & 1 == 0).collect()
    }

    fn take(&mut self, keys: [usize; 3], digit: u8) {
        for k in keys {
            self.used[k] |= 1 << digit;
        }
    }

    /// Undoes [`HouseDigits::take`] (the digit was not in these houses
    /// before).
    fn release(&mut self, keys: [usize; 3], digit: u8) {
        for k in keys {
            self.used[k] &= !(1 << digit);
        }
    }
}
