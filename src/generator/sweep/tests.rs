//! The sweeps' tests, in a file of their own: they dig through the
//! generator's orbit digging, which the sweeps' module must not import (the
//! generator imports it).

use super::*;
use crate::engine::dlx::Dlx;
use crate::engine::sat::SatBackend;
use crate::engine::backend::Backend;
use crate::grid::Grid;
use crate::shape::Shape;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Digs `solution` cell by cell in `order` with `backend`, with or
/// without sweeps; the puzzle and the sweeps' counters.
fn dig(
    backend: &mut dyn Backend,
    solution: &Grid,
    order: &[usize],
    budget: Option<u64>,
    sweep: bool,
) -> (Grid, Sweeps) {
    let orbits: Vec<[usize; 1]> = order.iter().map(|&c| [c]).collect();
    let mut sweeps = Sweeps::new(orbits.len(), sweep);
    let mut digger = backend.digger(solution, order);
    digger.settle_past_budget();
    let complete = super::super::dig_orbits(digger.as_mut(), &orbits, 0, budget, None, &mut sweeps);
    assert_eq!(complete, Some(true));
    (digger.puzzle().clone(), sweeps)
}

/// Sweeps only move proofs earlier: with them forced on, DLX (also as
/// the portfolio under a budget) and SAT dig exactly the puzzles they
/// dig without, and the other engine finds each puzzle unique and
/// every clue needed.
#[test]
fn sweeps_dig_the_puzzle_a_plain_dig_digs() {
    let mut swept = 0;
    for (r, c, seeds, budget) in [(3, 3, 0..6, None), (3, 4, 0..2, None), (4, 4, 0..1, Some(2_000))] {
        let shape = Shape::new(r, c).unwrap();
        let mut dlx = Dlx::new(shape);
        let mut sat = SatBackend::new(shape);
        for seed in seeds {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let solution = dlx.fill(&mut rng);
            let mut order: Vec<usize> = (0..shape.cells()).collect();
            order.shuffle(&mut rng);
            let (plain, _) = dig(&mut dlx, &solution, &order, budget, false);
            let (with_sweeps, sweeps) = dig(&mut dlx, &solution, &order, budget, true);
            assert_eq!(with_sweeps, plain, "{r}x{c} seed {seed}, DLX");
            assert!(
                sweeps.runs > 0 && sweeps.found > 0,
                "{r}x{c} seed {seed}: no sweep found a clue"
            );
            swept += sweeps.found;
            if shape.n() == 9 {
                let (by_sat, _) = dig(&mut sat, &solution, &order, None, true);
                assert_eq!(by_sat, plain, "9x9 seed {seed}, SAT");
            }
            assert_minimal(&mut sat, &plain);
        }
    }
    assert!(swept > 100, "sweeps found only {swept} needed clues");
}

/// Unique, and unique no more without any one clue, by `engine`.
fn assert_minimal(engine: &mut dyn Backend, puzzle: &Grid) {
    assert_eq!(engine.count(puzzle, 2, None).solutions, 1);
    for cell in (0..puzzle.cells().len()).filter(|&c| puzzle.get(c) != 0) {
        let mut fewer = puzzle.clone();
        fewer.set(cell, 0);
        assert_eq!(
            engine.count(&fewer, 2, None).solutions,
            2,
            "clue {cell} is not needed"
        );
    }
}

#[test]
fn due_when_the_window_holds_enough_kept_verdicts() {
    let mut sweeps = Sweeps::new(4, true);
    let record = |sweeps: &mut Sweeps, removal, times| (0..times).for_each(|_| sweeps.record(removal));
    record(&mut sweeps, Removal::Kept, KEPT_TO_SWEEP);
    assert!(!sweeps.due(), "window not full yet");
    record(&mut sweeps, Removal::Removed, WINDOW - KEPT_TO_SWEEP);
    assert!(sweeps.due());
    record(&mut sweeps, Removal::Removed, 1);
    assert!(!sweeps.due(), "the oldest kept verdict left the window");
    record(&mut sweeps, Removal::Kept, KEPT_TO_SWEEP);
    assert!(sweeps.due(), "the newest {KEPT_TO_SWEEP} kept");
}

#[test]
fn never_due_when_off() {
    let mut sweeps = Sweeps::new(4, false);
    (0..WINDOW).for_each(|_| sweeps.record(Removal::Kept));
    assert!(!sweeps.due());
}
