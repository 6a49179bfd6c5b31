//! Inputs the fuzz targets (fuzz/, docs/fuzzing.md) found failing, replayed
//! through the same library calls, each asserting the correct behaviour.

use assert_cmd::Command;
use std::time::{Duration, Instant};
use sudoku_dlx::generator::{GenerateError, GenerateOptions, Generator, Symmetry, Target};
use sudoku_dlx::logic::LogicalSolver;
use sudoku_dlx::{BackendKind, Grid, Shape};

/// Target `generate`, artifact crash-b1b37baf: a rated search ignored
/// `givens` and returned an 8x8 puzzle with 44 clues for `givens: 43`
/// (the dig could not get lower). A rated puzzle must respect the clue
/// bound like any other; here none can, so it is a clue shortfall.
#[test]
fn rated_search_respects_givens() {
    let shape = Shape::new(2, 4).unwrap();
    let mut options = GenerateOptions::new(shape);
    options.symmetry = Symmetry::MirrorBoth;
    options.givens = Some(43);
    options.probe_budget = None;
    options.max_attempts = 1;
    options.backend = BackendKind::Dlx;
    let mut generator = Generator::new(options).unwrap();
    let target = Target {
        band: -7295299000000.0..500156.47,
        max_rated: 3,
        deadline: Some(Instant::now() + Duration::from_secs(2)),
    };
    let mut grader = LogicalSolver::new(shape);
    let mut rate = |p: &Grid| grader.rate(p).map_or(f32::NAN, |r| r.score);
    let result = generator.generate_rated(85233681101957, 0, &target, &mut rate);
    assert_eq!(
        result.map(|found| found.generated.puzzle.given_count()),
        Err(GenerateError::Shortfall {
            wanted: 43,
            attempts: 1,
            best: 44
        })
    );
}

/// The same through the command line, where `--givens` with a rating band
/// once printed puzzles above the bound with exit 0.
#[test]
fn generate_with_a_band_respects_givens() {
    let out = Command::cargo_bin("sudoku-dlx")
        .unwrap()
        .args([
            "generate", "--box", "2x4", "--givens", "20", "--rating", "0..", "--seed", "1", "-n", "3",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 3);
    for line in text.lines() {
        let clues = line.chars().filter(|&c| c != '.').count();
        assert!(clues <= 20, "{line} has {clues} clues");
    }
}

/// Target `generate`, artifact crash-46c590f0: a band whose end is NaN
/// (a library caller's garbage; the command line refuses it) counted
/// every rating as inside, so a 1.5 puzzle came back "in" a band that
/// contains nothing. No rating is in such a band: a rating shortfall.
#[test]
fn a_nan_band_contains_no_rating() {
    let shape = Shape::new(2, 4).unwrap();
    let mut options = GenerateOptions::new(shape);
    options.max_attempts = 3;
    options.backend = BackendKind::Sat;
    options.probe_budget = None;
    let mut generator = Generator::new(options).unwrap();
    let target = Target {
        band: -3.4286276e-12..f32::NAN,
        max_rated: 3,
        deadline: Some(Instant::now() + Duration::from_secs(2)),
    };
    let mut grader = LogicalSolver::new(shape);
    let mut rate = |p: &Grid| grader.rate(p).map_or(f32::NAN, |r| r.score);
    let result = generator.generate_rated(64739244643450879, 0, &target, &mut rate);
    assert!(
        matches!(result, Err(GenerateError::RatingShortfall { rated: 3, .. })),
        "{result:?}"
    );
}
