//! The search loop with a stand-in rater, so that what it reports can be
//! told from what it was given.

use super::{restart, End, Rated, Score, Search, State, FAMILIES_KEPT};
use crate::canon::canonical_line;
use crate::engine::BackendKind;
use crate::grid::Grid;
use crate::shape::Shape;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
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
    let end = search.run(&pool, &AtomicBool::new(false), &rate, &mut |_| ControlFlow::Continue(()), &|| None, &progress);
    assert!(matches!(end, End::Shortfall(..)), "{end:?}");
    let bests = bests.into_inner().unwrap();
    assert!(!bests.is_empty(), "no progress heard");
    // None yet while only the seed has been rated, then the search's own.
    assert!(bests.iter().all(|&best| best < 2.0), "the seed's rating as the best so far: {bests:?}");
    let last = bests.last().copied().unwrap_or(-1.0);
    assert!((1.0..2.0).contains(&last), "the best so far at the end: {last}");
}

/// A filter search's families keep away from each other. The stand-in
/// rater wants one candidate in sixteen (by a hash of its line), and a
/// family is one puzzle, so the search restarts after each generation
/// that reports: every puzzle reported after a restart shares at most
/// three quarters of its clues (same cell, same digit, counted here)
/// with each puzzle reported in an earlier generation (twelve puzzles,
/// so every family is still kept).
#[test]
fn each_family_keeps_away_from_the_ones_before() {
    let search = Search {
        shape: Shape::CLASSIC,
        seed: 7,
        backend: BackendKind::Dlx,
        minimal: true,
        most_clues: 81,
        seeds: Vec::new(),
        band: 0.0..f32::INFINITY,
        wanted: 12,
        deadline: None,
        max_rated: Some(5_000),
        family: Some(1),
        rooms: Vec::new(),
        state_file: None,
        fingerprint: String::new(),
    };
    let fnv = |line: &str| line.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    let rate = |p: &Grid| {
        Some(Rated {
            score: Score::flat(1.0),
            wanted: fnv(&p.to_line()) % 16 == 0,
            extra: (),
        })
    };
    let generation = std::sync::atomic::AtomicUsize::new(0);
    let mut found: Vec<(usize, Grid)> = Vec::new();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a pool");
    let end = search.run(
        &pool,
        &AtomicBool::new(false),
        &rate,
        &mut |f| {
            found.push((generation.load(Ordering::Relaxed), f.puzzle));
            ControlFlow::Continue(())
        },
        &|| None,
        &|_, _| {
            generation.fetch_add(1, Ordering::Relaxed);
        },
    );
    assert_eq!(end, End::Done);
    assert_eq!(found.len(), 12);
    let shared = |a: &Grid, b: &Grid| (0..81).filter(|&c| a.get(c) != 0 && a.get(c) == b.get(c)).count();
    let mut families = 0;
    for (g, later) in &found {
        if !found.iter().any(|(e, _)| e < g) {
            continue;
        }
        families += 1;
        for (_, earlier) in found.iter().filter(|(e, _)| e < g) {
            let fewer = later.given_count().min(earlier.given_count());
            assert!(
                4 * shared(later, earlier) <= 3 * fewer,
                "{} shares {} of {fewer} clues with {}",
                later.to_line(),
                shared(later, earlier),
                earlier.to_line()
            );
        }
    }
    assert!(families >= 6, "{families} puzzles came after a family");
}

/// Restarts go round the families kept: four from the family before,
/// one from fresh puzzles, four from the newest older family, and so on;
/// a new family sends the one before to the older ones, the oldest past
/// sixteen forgotten.
#[test]
fn restarts_go_round_the_families_kept() {
    let mut state = State::new(String::new(), 4);
    let family = |k: usize| vec![format!("f{k}")];
    for k in 0..3 {
        state.family = family(k);
        restart(&mut state);
    }
    assert_eq!(state.last_family, family(2));
    assert_eq!(state.older_families, [family(0), family(1)]);
    let mut sources = Vec::new();
    for _ in 0..15 {
        restart(&mut state);
        sources.push(state.last_family.first().cloned().unwrap_or_else(|| "fresh".into()));
    }
    let expected = ["f2", "f2", "f2", "fresh", "f1", "f1", "f1", "f1", "fresh", "f0", "f0", "f0", "f0", "fresh", "f2"];
    assert_eq!(sources, expected);
    for k in 3..30 {
        state.family = family(k);
        restart(&mut state);
    }
    assert_eq!(state.last_family, family(29));
    assert_eq!(state.older_families.len(), FAMILIES_KEPT - 1);
    assert_eq!(state.older_families[0], family(14));
}
