//! The open-cell solver's tests, in a file of their own: they check it
//! against the DLX engine, which this solver's module must not import (the
//! engine's portfolio imports it).

use super::*;
use crate::engine::backend::Backend;
use crate::engine::dlx::Dlx;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Against DLX counts: on unique puzzles met while digging random
/// grids (6x6 to 16x16), removing one to three clues leaves a second
/// solution exactly when DLX counts two, and the one found solves the
/// smaller puzzle and differs in a removed cell.
#[test]
fn agrees_with_dlx_counts() {
    let (mut found, mut none) = (0, 0);
    for (r, c, seeds) in [(2, 3, 0..8), (3, 3, 0..8), (3, 4, 0..3), (4, 4, 0..1)] {
        let shape = Shape::new(r, c).unwrap();
        let mut dlx = Dlx::new(shape);
        let sat = OpenCellSat::new(shape);
        for seed in seeds {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let solution = dlx.fill(&mut rng);
            let mut order: Vec<usize> = (0..shape.cells()).collect();
            order.shuffle(&mut rng);
            let mut puzzle = solution.clone();
            for (i, &cell) in order.iter().enumerate() {
                let targets = &order[i..(i + 1 + i % 3).min(order.len())];
                let mut fewer = puzzle.clone();
                targets.iter().for_each(|&t| fewer.set(t, 0));
                let count = dlx.count(&fewer, 2, None);
                match sat.other_solution(&fewer, &solution, targets) {
                    Some(other) => {
                        assert_eq!(count.solutions, 2, "{r}x{c} seed {seed} {targets:?}");
                        assert!(other.solves(&fewer));
                        assert!(targets.iter().any(|&t| other.get(t) != solution.get(t)));
                        found += 1;
                    }
                    None => {
                        assert_eq!(count.solutions, 1, "{r}x{c} seed {seed} {targets:?}");
                        none += 1;
                    }
                }
                let mut one_fewer = puzzle.clone();
                one_fewer.set(cell, 0);
                if dlx.count(&one_fewer, 2, None).solutions == 1 {
                    puzzle = one_fewer;
                }
            }
        }
    }
    assert!(found > 100 && none > 100, "{found} found, {none} unique");
}
