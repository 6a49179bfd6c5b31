//! Generator options on small boards: any shape, symmetry, clue count,
//! attempt bound, probe budget, engine, seed and index, with or without a
//! rating band. `Generator::new` refuses exactly the impossible options;
//! a generated puzzle has exactly one solution (counted by both engines),
//! keeps its symmetry and clue bound, is minimal when it says so, and a
//! rated puzzle lies in its band; a deadline (passed, or falling mid-dig)
//! gives a typed error or a finished puzzle. Never a panic, never an
//! endless run.
#![no_main]

mod common;

use arbitrary::{Arbitrary, Unstructured};
use common::{small_shape, solves, with_engine};
use libfuzzer_sys::fuzz_target;
use std::time::{Duration, Instant};
use sudoku_dlx::generator::{
    fewest_possible_clues, GenerateError, GenerateOptions, Generator, Symmetry, Target,
};
use sudoku_dlx::logic::LogicalSolver;
use sudoku_dlx::{BackendKind, Grid};

#[derive(Debug)]
struct Input {
    options: GenerateOptions,
    seed: u64,
    index: u64,
    band: Option<(f32, f32, u32)>,
}

impl<'a> Arbitrary<'a> for Input {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Input> {
        let shape = small_shape(u)?;
        let mut options = GenerateOptions::new(shape);
        options.symmetry = *u.choose(&Symmetry::ALL)?;
        options.givens = if u.arbitrary()? {
            Some(if u.arbitrary()? {
                u.arbitrary()?
            } else {
                u.int_in_range(0..=81)?
            })
        } else {
            None
        };
        options.max_attempts = u.int_in_range(0..=3)?;
        options.probe_budget = if u.arbitrary()? {
            Some(u.int_in_range(1..=2_000)?)
        } else {
            None
        };
        options.backend = if u.arbitrary()? {
            BackendKind::Sat
        } else {
            BackendKind::Dlx
        };
        // No deadline, one already passed, or one that may fall mid-dig.
        options.deadline = match u.int_in_range(0..=3)? {
            0 => Some(Instant::now()),
            1 => Some(Instant::now() + Duration::from_millis(u.int_in_range(0..=20)?)),
            _ => None,
        };
        let band = if u.arbitrary()? {
            Some((u.arbitrary()?, u.arbitrary()?, u.int_in_range(0..=4)?))
        } else {
            None
        };
        Ok(Input {
            options,
            seed: u.arbitrary()?,
            index: u.arbitrary()?,
            band,
        })
    }
}

/// Solutions of `puzzle` counted to 2 by both engines, which must agree.
fn solutions(puzzle: &Grid) -> u64 {
    let shape = puzzle.shape();
    let dlx = with_engine(shape, BackendKind::Dlx, |e| e.count(puzzle, 2, None));
    let sat = with_engine(shape, BackendKind::Sat, |e| e.count(puzzle, 2, None));
    assert_eq!(dlx.solutions, sat.solutions, "engines disagree on {puzzle}");
    dlx.solutions
}

/// Whether the options are ones the generator must accept.
fn possible(options: &GenerateOptions) -> bool {
    let shape = options.shape;
    options.symmetry.fits(shape)
        && options
            .givens
            .is_none_or(|k| (fewest_possible_clues(shape)..=shape.cells()).contains(&k))
}

fuzz_target!(|input: Input| {
    let options = input.options.clone();
    let mut generator = match Generator::new(options.clone()) {
        Ok(g) => g,
        Err(e) => {
            assert!(!possible(&options), "refused {options:?}: {e}");
            return;
        }
    };
    assert!(possible(&options), "accepted {options:?}");
    let result = match input.band {
        None => generator.generate(input.seed, input.index),
        Some((lo, hi, max_rated)) => {
            let target = Target {
                band: lo..hi,
                max_rated,
                deadline: Some(Instant::now() + Duration::from_secs(2)),
            };
            let mut grader = LogicalSolver::new(options.shape);
            let mut rate = |p: &Grid| grader.rate(p).map_or(f32::NAN, |r| r.score);
            match generator.generate_rated(input.seed, input.index, &target, &mut rate) {
                Ok(found) => {
                    assert!(target.band.contains(&found.rating), "{found:?}");
                    let again = LogicalSolver::new(options.shape)
                        .rate(&found.generated.puzzle)
                        .unwrap();
                    assert_eq!(again.score, found.rating);
                    Ok(found.generated)
                }
                Err(e) => {
                    match e {
                        GenerateError::RatingShortfall { .. } => {}
                        // Digs that never reached `givens`: nothing to rate.
                        GenerateError::Shortfall { .. } => assert!(options.givens.is_some(), "{e}"),
                        _ => panic!("unexpected error {e}"),
                    }
                    let _ = e.to_string();
                    return;
                }
            }
        }
    };
    let generated = match result {
        Ok(g) => g,
        Err(e) => {
            match e {
                GenerateError::DeadlinePassed => {
                    assert!(options.deadline.is_some(), "{e} without a deadline")
                }
                GenerateError::Shortfall { .. } => assert!(options.givens.is_some(), "{e} without --givens"),
                _ => panic!("unexpected error {e}"),
            }
            let _ = e.to_string();
            return;
        }
    };
    let puzzle = &generated.puzzle;
    assert!(solves(&generated.solution, puzzle), "{puzzle}");
    assert_eq!(solutions(puzzle), 1, "not unique: {puzzle}");
    assert!(
        options.symmetry.holds_for(puzzle.cells(), options.shape),
        "{puzzle}"
    );
    if let Some(k) = options.givens {
        assert!(puzzle.given_count() <= k, "{puzzle} has more than {k} clues");
    }
    if generated.minimal {
        // Every orbit of clues is needed: without it, two solutions.
        for orbit in options.symmetry.orbits(options.shape) {
            if puzzle.get(orbit[0]) == 0 {
                continue;
            }
            let mut fewer = puzzle.clone();
            for &cell in &orbit {
                fewer.set(cell, 0);
            }
            assert_eq!(
                solutions(&fewer),
                2,
                "{puzzle} called minimal, {orbit:?} removable"
            );
        }
    }
});
