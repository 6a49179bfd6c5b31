//! Per-engine shares of the DLX digging portfolio (docs/engine.md,
//! "Portfolio"): digs one minimal puzzle per seed with the DLX session
//! and a node budget per probe, and prints how many probes each engine
//! settled and the time each took.
//!
//! ```text
//! cargo run --release --example portfolio_shares -- 5x5 5000 1 2 3
//! ```
//!
//! Arguments: box shape `RxC`, DLX node budget per probe, then seeds. The
//! fill and the dig order come from the seed's own stream, not the
//! generator's, so puzzles differ from `generate --seed`; the shares are
//! what this measures.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;
use sudoku_dlx::engine::dlx::Dlx;
use sudoku_dlx::engine::Backend;
use sudoku_dlx::engine::Removal;
use sudoku_dlx::Shape;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: portfolio_shares RxC BUDGET SEED...";
    let (r, c) = args
        .first()
        .and_then(|s| s.split_once('x'))
        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
        .expect(usage);
    let shape = Shape::new(r, c).expect("a supported box shape");
    let budget: u64 = args.get(1).and_then(|b| b.parse().ok()).expect(usage);
    let mut dlx = Dlx::new(shape);
    for seed in args[2..].iter().map(|s| s.parse::<u64>().expect(usage)) {
        let before = dlx.portfolio_stats();
        let start = Instant::now();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let solution = dlx.fill(&mut rng);
        let mut order: Vec<usize> = (0..shape.cells()).collect();
        order.shuffle(&mut rng);
        let (clues, gave_up) = {
            let mut digger = dlx.digger(&solution, &order);
            digger.settle_past_budget();
            let gave_up = order
                .iter()
                .filter(|&&cell| digger.try_remove(&[cell], Some(budget)) == Removal::GaveUp)
                .count();
            (digger.puzzle().given_count(), gave_up)
        };
        let after = dlx.portfolio_stats();
        println!(
            "seed {seed}: {clues} clues, {:.2} s; DLX {} probes {:.2} s ({} over budget); \
             SAT {} probes {:.2} s ({} found a second solution); gave up {gave_up}",
            start.elapsed().as_secs_f64(),
            after.dlx_probes - before.dlx_probes,
            (after.dlx_time - before.dlx_time).as_secs_f64(),
            after.dlx_gave_up - before.dlx_gave_up,
            after.sat_probes - before.sat_probes,
            (after.sat_time - before.sat_time).as_secs_f64(),
            after.sat_found_other - before.sat_found_other,
        );
    }
}
