//! Canonical forms on the big and the non-square shapes (12x12 both
//! ways, 16x16, 20x20, 24x24, 25x25), where no brute force is possible:
//! generated puzzles (tests/data/canon_generated.txt) must settle within
//! the default budget; the form must not change under random
//! transformations, must be no larger than any disguise of the puzzle
//! (relabelled here, independently, by first appearance), and must tell
//! apart puzzles a transformation-invariant statistic tells apart.

mod common;

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudoku_dlx::canon::{canonical, try_canonical, BudgetExceeded, Transform, DEFAULT_BUDGET};
use sudoku_dlx::formats::parse_line;
use sudoku_dlx::generator::{GenerateOptions, Generator};
use sudoku_dlx::{Grid, Shape};

/// The committed generated puzzles, each with its shape.
fn generated() -> Vec<Grid> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/canon_generated.txt");
    std::fs::read_to_string(path)
        .expect("tests/data/canon_generated.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            let (shape, puzzle) = l.split_once(' ').expect("shape, then puzzle");
            let shape: Shape = shape.parse().expect("a box shape");
            parse_line(puzzle.trim(), Some(shape), i + 1).expect("a puzzle line")
        })
        .collect()
}

/// `grid`'s cells with digits renamed 1, 2, 3... in order of first
/// appearance (row-major): the smallest relabelling of that arrangement.
fn relabelled_by_appearance(grid: &Grid) -> Vec<u8> {
    let mut names = vec![0u8; grid.shape().n() + 1];
    let mut next = 0;
    grid.cells()
        .iter()
        .map(|&d| {
            if d != 0 && names[d as usize] == 0 {
                next += 1;
                names[d as usize] = next;
            }
            names[d as usize]
        })
        .collect()
}

/// Sorted given counts of the rows and, separately, of the columns (an
/// unordered pair for square boxes, where transposing swaps them): equal
/// for equivalent puzzles.
fn line_count_statistic(grid: &Grid) -> Vec<Vec<usize>> {
    let n = grid.shape().n();
    let count = |cell: &dyn Fn(usize, usize) -> usize| {
        let mut counts: Vec<usize> = (0..n)
            .map(|a| (0..n).filter(|&b| grid.get(cell(a, b)) != 0).count())
            .collect();
        counts.sort_unstable();
        counts
    };
    let mut pair = vec![count(&|r, c| r * n + c), count(&|c, r| r * n + c)];
    if grid.shape().is_square_box() {
        pair.sort();
    }
    pair
}

/// Checks the form of `puzzle` against `disguises` random disguises.
fn check_form(puzzle: &Grid, disguises: usize, rng: &mut ChaCha8Rng) -> Grid {
    let shape = puzzle.shape();
    let form = try_canonical(puzzle, Some(DEFAULT_BUDGET))
        .unwrap_or_else(|e| panic!("{shape} puzzle {}: {e}", puzzle.to_line()));
    assert_eq!(form.given_count(), puzzle.given_count());
    assert!(form.first_clash().is_none());
    assert_eq!(canonical(&form), form, "{shape}: the form is its own form");
    assert_eq!(line_count_statistic(&form), line_count_statistic(puzzle));
    assert!(form.cells() <= &relabelled_by_appearance(puzzle)[..]);
    for _ in 0..disguises {
        let transform = Transform::random(shape, rng);
        assert!(transform.is_valid_for(shape));
        let disguised = transform.apply(puzzle);
        assert!(
            form.cells() <= &relabelled_by_appearance(&disguised)[..],
            "{shape}: a disguise is smaller than the form"
        );
        assert_eq!(
            try_canonical(&disguised, Some(DEFAULT_BUDGET)),
            Ok(form.clone()),
            "{shape} puzzle {} and its disguise {}",
            puzzle.to_line(),
            disguised.to_line()
        );
    }
    form
}

#[test]
fn generated_puzzles_of_big_and_non_square_shapes_settle_and_are_invariant() {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let puzzles = generated();
    assert!(puzzles.iter().filter(|p| p.shape().n() == 25).count() >= 5);
    let forms: Vec<Grid> = puzzles.iter().map(|p| check_form(p, 3, &mut rng)).collect();
    // Distinctness: puzzles whose line counts differ are different puzzles
    // and must get different forms; a clue more changes the count too.
    for (a, pa) in puzzles.iter().enumerate() {
        for (b, pb) in puzzles.iter().enumerate().skip(a + 1) {
            if pa.shape() == pb.shape() && line_count_statistic(pa) != line_count_statistic(pb) {
                assert_ne!(forms[a], forms[b], "{} puzzles {a} and {b}", pa.shape());
            }
        }
        // A clue more (the first digit its houses allow: the puzzle has a
        // solution, so there is one) is another clue count.
        let shape = pa.shape();
        let empty = (0..shape.cells()).find(|&c| pa.get(c) == 0).expect("a puzzle");
        let houses = shape.houses_of(empty);
        let digit = (1..=shape.n() as u8)
            .find(|&d| {
                (0..shape.cells())
                    .all(|c| pa.get(c) != d || shape.houses_of(c).iter().zip(&houses).all(|(h, e)| h != e))
            })
            .expect("a digit the houses allow");
        let mut more = pa.clone();
        more.set(empty, digit);
        assert_ne!(
            try_canonical(&more, Some(DEFAULT_BUDGET)).ok(),
            Some(forms[a].clone())
        );
    }
}

/// A random complete grid of `shape` (the generator's shuffled fill).
fn random_solution(shape: Shape, seed: u64) -> Grid {
    let mut generator = Generator::new(GenerateOptions::new(shape)).expect("default options");
    generator.fill(seed, 0)
}

#[test]
fn random_digs_of_big_shapes_are_invariant() {
    // Dense grids (complete, or 70% full) only where they settle: boxes
    // of two rows or columns on 16x16 and 24x24 boards (2x8, 12x2, ...)
    // tie in too many branches when nearly full (docs/canon.md, limits).
    let dense_too = [(3, 4), (4, 3), (4, 4), (5, 5), (4, 5), (5, 4), (3, 8)];
    let sparse_only = [(2, 12), (12, 2), (8, 3), (2, 8), (8, 2)];
    let mut rng = ChaCha8Rng::seed_from_u64(29);
    for (k, &(r, c)) in dense_too.iter().chain(&sparse_only).enumerate() {
        let shape = common::shape(r, c);
        let solution = random_solution(shape, k as u64);
        let densities: &[f64] = if k < dense_too.len() {
            &[0.0, 0.3, 0.5, 0.7, 0.9, 0.97]
        } else {
            &[0.5, 0.7, 0.9, 0.97]
        };
        for &empty in densities {
            let puzzle = common::dig_randomly(&solution, empty, &mut rng);
            check_form(&puzzle, 2, &mut rng);
        }
    }
}

#[test]
fn complete_cyclic_grids_settle_and_a_pathological_grid_is_bounded() {
    // The cyclic pattern has a huge symmetry group: its complete grids
    // still settle within the default budget...
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    for (r, c) in [(4, 4), (5, 5)] {
        let full = common::planted_solution(common::shape(r, c), &mut rng);
        let form = check_form(&full, 1, &mut rng);
        let n = r * c;
        assert_eq!(form.cells()[..n], (1..=n as u8).collect::<Vec<_>>()[..]);
    }
    // ...but its first row and column alone tie in far more branches:
    // the bounded search ends with the typed error, quickly.
    let shape = common::shape(5, 5);
    let full = common::planted_solution(shape, &mut rng);
    let mut cross = Grid::empty(shape);
    for k in 0..25 {
        cross.set(k, full.get(k));
        cross.set(k * 25, full.get(k * 25));
    }
    assert_eq!(try_canonical(&cross, Some(100_000)), Err(BudgetExceeded(100_000)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn invariant_on_16x16_and_25x25(
        big in any::<bool>(),
        seed in any::<u64>(),
        empty in 0.3f64..0.9,
    ) {
        let shape = if big { common::shape(5, 5) } else { common::shape(4, 4) };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let puzzle = common::dig_randomly(&random_solution(shape, seed), empty, &mut rng);
        let disguised = Transform::random(shape, &mut rng).apply(&puzzle);
        prop_assert_eq!(
            try_canonical(&disguised, Some(DEFAULT_BUDGET)),
            try_canonical(&puzzle, Some(DEFAULT_BUDGET))
        );
    }
}
