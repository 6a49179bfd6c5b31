//! Random complete grids from a solver that has no random seed of its own.
//!
//! varisat is deterministic and exposes no phase or seed settings, so the
//! randomness comes from the assumptions: cells are visited in random
//! order and each gets a random digit that the solver confirms can still
//! be completed. The result depends only on the random stream (never on
//! which model the solver happened to find), so the same stream gives the
//! same grid however the solver was used before.

use super::engine::Engine;
use crate::grid::Grid;
use rand::seq::SliceRandom;
use rand::{Rng, RngCore};

/// Fills an empty board at random.
///
/// Each cell, in random order, draws digits at random from those its
/// houses still allow. A draw equal to the current model's digit needs no
/// solve (the model proves it completable); any other draw is checked with
/// one solve call and, if it cannot be completed, discarded before the
/// next draw. Most cells late in the fill have one candidate and cost
/// nothing.
pub fn fill(engine: &mut Engine, rng: &mut dyn RngCore) -> Grid {
    let shape = engine.shape();
    let mut order: Vec<usize> = (0..shape.cells()).collect();
    order.shuffle(rng);
    let mut houses = HouseDigits::new(shape.n());
    let mut grid = Grid::empty(shape);
    let mut assumptions = Vec::with_capacity(shape.cells());
    // Every shape has solutions (the pattern grid), so this is satisfiable.
    engine.solve(&assumptions);
    let mut model = engine.model_grid();
    for cell in order {
        let keys = house_keys(shape, cell);
        let mut candidates = houses.free(keys);
        let digit = loop {
            let Some(d) = draw(&mut candidates, rng) else {
                // Unreachable while the model agrees with the assumptions:
                // its digit is always a candidate and always completable.
                break model.get(cell);
            };
            if d == model.get(cell) {
                break d;
            }
            assumptions.push(engine.lit(cell, d));
            if engine.solve(&assumptions) {
                model = engine.model_grid();
                assumptions.pop();
                break d;
            }
            assumptions.pop();
        };
        assumptions.push(engine.lit(cell, digit));
        houses.take(keys, digit);
        grid.set(cell, digit);
    }
    grid
}

/// Removes and returns a random element.
fn draw(candidates: &mut Vec<u8>, rng: &mut dyn RngCore) -> Option<u8> {
    if candidates.is_empty() {
        return None;
    }
    let i = rng.gen_range(0..candidates.len());
    Some(candidates.swap_remove(i))
}

/// Indexes of a cell's row, column and box in [`HouseDigits`].
fn house_keys(shape: crate::Shape, cell: usize) -> [usize; 3] {
    let n = shape.n();
    [
        shape.row(cell),
        n + shape.col(cell),
        2 * n + shape.box_of(cell),
    ]
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
}
