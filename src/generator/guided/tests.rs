//! The search loop with a stand-in rater, so that what it reports can be
//! told from what it was given.

use super::{End, Rated, Score, Search};
use crate::canon::canonical_line;
use crate::engine::BackendKind;
use crate::grid::Grid;
use crate::shape::Shape;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;

#[test]
fn the_best_so_far_leaves_the_seeds_out() {
    // The seed rates far above anything the stand-in rater gives the
    // search's own puzzles: the progress line's best must never be the
    // seed's, since the search did not find it.
    let seed: Grid = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
        .parse()
        .expect("a puzzle line");
    let seed_form = canonical_line(&seed);
    let search = Search {
        shape: Shape::CLASSIC,
        seed: 1,
        backend: BackendKind::Dlx,
        minimal: true,
        most_clues: 81,
        seeds: vec![seed],
        band: 100.0..f32::INFINITY,
        wanted: 1,
        deadline: None,
        max_rated: Some(150),
        family: None,
        rooms: Vec::new(),
        state_file: None,
        fingerprint: String::new(),
    };
    let rate = |p: &Grid| {
        let er = if canonical_line(p) == seed_form {
            11.9
        } else {
            1.0 + p.given_count() as f32 / 100.0
        };
        Some(Rated {
            score: Score::flat(er),
            wanted: false,
            extra: (),
        })
    };
    let bests = Mutex::new(Vec::new());
    let progress = |_: u64, best: Score| bests.lock().unwrap().push(best.er);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a pool");
    let end = search.run(&pool, &AtomicBool::new(false), &rate, &mut |_| ControlFlow::Continue(()), &progress);
    assert!(matches!(end, End::Shortfall(..)), "{end:?}");
    let bests = bests.into_inner().unwrap();
    assert!(!bests.is_empty(), "no progress heard");
    // None yet while only the seed has been rated, then the search's own.
    assert!(bests.iter().all(|&best| best < 2.0), "the seed's rating as the best so far: {bests:?}");
    let last = bests.last().copied().unwrap_or(-1.0);
    assert!((1.0..2.0).contains(&last), "the best so far at the end: {last}");
}
