//! The logical solver (rate and explain) on small boards. On a puzzle with
//! exactly one solution (known from DLX, an independent engine) no step
//! may place a wrong digit or remove the solution's digit, logic may not
//! call the puzzle impossible, and a finished path ends on the solution.
//! On any puzzle: no panic, a finished grid keeps the rules and the
//! givens, and the rating is finite, in range and of the right level.
#![no_main]

mod common;

use arbitrary::{Arbitrary, Unstructured};
use common::{small_shape, solves, with_engine, Built};
use libfuzzer_sys::fuzz_target;
use std::time::{Duration, Instant};
use sudoku_dlx::logic::{Level, LogicalSolver, Rating};
use sudoku_dlx::{BackendKind, Grid};

/// Wall time for one solve: long enough for any 9x9 path on this machine,
/// short enough that a slow input cannot stall the fuzzer.
const DEADLINE: Duration = Duration::from_secs(2);

#[derive(Debug)]
struct Input(Built);

impl<'a> Arbitrary<'a> for Input {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Input> {
        common::puzzle(u, small_shape, common::is_small).map(Input)
    }
}

fn check_rating(rating: &Rating, puzzle: &Grid) {
    assert!(rating.score.is_finite(), "{rating:?}");
    assert!((0.0..=20.0).contains(&rating.score), "{rating:?}");
    assert_eq!(rating.level, Level::of(rating.score), "{rating:?}");
    if !puzzle.is_full() && rating.solved {
        assert!(rating.score >= 1.0, "{rating:?} for {puzzle}");
    }
}

fuzz_target!(|input: Input| {
    let built = &input.0;
    let shape = built.puzzle.shape();
    let puzzle = &built.puzzle;
    let count = with_engine(shape, BackendKind::Dlx, |e| e.count(puzzle, 2, Some(1_000_000)));
    let unique = (count.complete && count.solutions == 1).then(|| count.first.clone().unwrap());
    let mut solver = LogicalSolver::new(shape);
    let deadline = Instant::now() + DEADLINE;
    let result = solver.solve_until(puzzle, true, Some(deadline));
    let path = match (result, &unique) {
        (Ok(Some(path)), _) => path,
        (Ok(None), _) => return,
        (Err(e), Some(solution)) => panic!("{e} on {puzzle}, which has one solution {solution}"),
        (Err(_), None) => return,
    };
    check_rating(&path.rating, puzzle);
    for step in &path.steps {
        // Rendering must not panic either.
        let _ = step.to_string();
        assert!(!step.placements.is_empty() || !step.eliminations.is_empty(), "{step}");
    }
    if path.solved {
        assert!(
            solves(&path.grid, puzzle),
            "{} does not solve {puzzle}",
            path.grid
        );
    }
    let Some(solution) = unique else { return };
    let n = shape.n();
    for step in &path.steps {
        for p in &step.placements {
            assert_eq!(solution.get(p.cell.index(n)), p.digit, "{step} on {puzzle}");
        }
        for e in &step.eliminations {
            assert_ne!(solution.get(e.cell.index(n)), e.digit, "{step} on {puzzle}");
        }
    }
    if path.solved {
        assert_eq!(path.grid, solution);
    }
    // `rate` is the same path without the steps.
    if let Ok(Some(again)) = solver.solve_until(puzzle, false, Some(Instant::now() + DEADLINE)) {
        assert_eq!(again.rating, path.rating, "{puzzle}");
    }
});
