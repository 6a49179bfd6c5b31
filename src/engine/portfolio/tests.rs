//! The portfolio's tests, in a file of their own: they drive both engines,
//! which the portfolio's module itself must not import (the DLX engine
//! imports it).

use crate::engine::dlx::Dlx;
use crate::engine::sat::SatBackend;
use crate::engine::backend::Removal;
use crate::engine::backend::Backend;
use crate::grid::Grid;
use crate::shape::Shape;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Digs `solution` in `order` with the DLX session and `budget`, in
/// portfolio mode.
fn dig(dlx: &mut Dlx, solution: &Grid, order: &[usize], budget: Option<u64>) -> Grid {
    let mut digger = dlx.digger(solution, order);
    digger.settle_past_budget();
    for &cell in order {
        assert_ne!(digger.try_remove(&[cell], budget), Removal::GaveUp);
    }
    digger.puzzle().clone()
}

/// With a one-node budget nearly every probe that searches goes to
/// SAT; the verdicts are facts, so the puzzle must be the one DLX digs
/// without a budget, and the one the SAT backend digs on its own (an
/// independent engine: the witness searches settle nearly every probe
/// of both DLX digs), and the SAT backend must count it unique.
#[test]
fn portfolio_digs_the_puzzle_dlx_alone_digs() {
    let mut settled_by_sat = 0;
    for (r, c, seeds) in [(2, 3, 0..6), (3, 3, 0..40), (3, 4, 0..2), (4, 4, 0..1)] {
        let shape = Shape::new(r, c).unwrap();
        let mut dlx = Dlx::new(shape);
        let mut sat = SatBackend::new(shape);
        let before = dlx.portfolio_stats().sat_probes;
        for seed in seeds {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let solution = dlx.fill(&mut rng);
            let mut order: Vec<usize> = (0..shape.cells()).collect();
            order.shuffle(&mut rng);
            let sat_before = dlx.portfolio_stats().sat_probes;
            let alone = dig(&mut dlx, &solution, &order, None);
            assert_eq!(dlx.portfolio_stats().sat_probes, sat_before, "no budget, no SAT");
            let mixed = dig(&mut dlx, &solution, &order, Some(1));
            assert_eq!(alone, mixed, "{r}x{c} seed {seed}");
            let by_sat = {
                let mut digger = sat.digger(&solution, &order);
                for &cell in &order {
                    digger.try_remove(&[cell], None);
                }
                digger.puzzle().clone()
            };
            assert_eq!(
                by_sat, mixed,
                "{r}x{c} seed {seed}: the SAT backend digs another puzzle"
            );
            let count = sat.count(&mixed, 2, None);
            assert_eq!((count.solutions, count.complete), (1, true));
        }
        settled_by_sat += dlx.portfolio_stats().sat_probes - before;
    }
    // The cheap proofs and the witness searches settle nearly every
    // probe; a few 9x9 digs leave some to the engines (the deep search's
    // hand-offs are tested in `digger.rs`).
    assert!(settled_by_sat > 0, "SAT settled no probe");
}
