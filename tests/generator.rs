//! Generated puzzles judged by engines other than the one that dug them:
//! the `dancing-links` oracle (and DLX for SAT-dug puzzles) checks exactly
//! one solution and minimality; the clue pattern is checked against its
//! symmetry by mapping cells directly.

mod common;

use common::checks::is_valid_solution;
use common::oracle::{assert_minimal, oracle_count};
use sudoku_dlx::engine::dlx::Dlx;
use sudoku_dlx::engine::Backend;
use sudoku_dlx::generator::{GenerateOptions, Generated, Generator, Symmetry};
use sudoku_dlx::{BackendKind, Grid, Shape};

fn generate(options: GenerateOptions, seed: u64, index: u64) -> Generated {
    Generator::new(options).unwrap().generate(seed, index).unwrap()
}

fn assert_unique_and_solved(g: &Generated) {
    let s = g.puzzle.shape();
    assert_eq!(oracle_count(&g.puzzle, 2), 1, "{}", g.puzzle.to_line());
    assert!(is_valid_solution(
        &g.puzzle.to_line(),
        &g.solution.to_line(),
        s.box_rows(),
        s.box_cols()
    ));
}

#[test]
fn minimal_unique_puzzles_for_small_and_classic_shapes() {
    for (r, c, count) in [(2, 2, 20), (2, 3, 10), (3, 3, 6), (3, 4, 1)] {
        let options = GenerateOptions::new(Shape::new(r, c).unwrap());
        for i in 0..count {
            let g = generate(options.clone(), 11, i);
            assert!(g.minimal);
            assert_unique_and_solved(&g);
            if r * c <= 9 {
                assert_minimal(&g.puzzle);
            }
        }
    }
}

#[test]
fn twelve_by_twelve_is_minimal_per_dlx() {
    // The oracle is too slow for 100+ removal checks on 12x12; DLX, a
    // different engine from the digger's session logic, counts instead.
    let g = generate(GenerateOptions::new(Shape::new(3, 4).unwrap()), 3, 0);
    let mut dlx = Dlx::new(g.puzzle.shape());
    for cell in (0..144).filter(|&c| g.puzzle.get(c) != 0) {
        let mut fewer = g.puzzle.clone();
        fewer.set(cell, 0);
        assert_eq!(dlx.count(&fewer, 2, None).solutions, 2);
    }
}

#[test]
fn large_boards_are_unique() {
    for (r, c) in [(4, 4), (5, 5)] {
        let g = generate(GenerateOptions::new(Shape::new(r, c).unwrap()), 5, 0);
        let sat = BackendKind::Sat.build(g.puzzle.shape()).count(&g.puzzle, 2, None);
        assert_eq!(sat.solutions, 1, "{r}x{c}");
        assert_eq!(sat.first.as_ref(), Some(&g.solution));
    }
}

/// The image of (row, col) under one generating map of each symmetry,
/// written out again here rather than taken from the library.
fn images(sym: Symmetry, r: usize, c: usize, n: usize) -> Vec<(usize, usize)> {
    let (rr, cc) = (n - 1 - r, n - 1 - c);
    match sym {
        Symmetry::None => vec![],
        Symmetry::Rot180 => vec![(rr, cc)],
        Symmetry::Rot90 => vec![(c, rr)],
        Symmetry::Mirror => vec![(r, cc)],
        Symmetry::Flip => vec![(rr, c)],
        Symmetry::MirrorBoth => vec![(r, cc), (rr, c)],
        Symmetry::Diagonal => vec![(c, r)],
        Symmetry::Antidiagonal => vec![(cc, rr)],
        Symmetry::Dihedral => vec![(c, rr), (r, cc)],
    }
}

#[test]
fn symmetric_puzzles_follow_their_symmetry() {
    for (r, c) in [(2, 3), (3, 3), (4, 4)] {
        let shape = Shape::new(r, c).unwrap();
        for sym in Symmetry::ALL.into_iter().filter(|s| s.fits(shape)) {
            let mut options = GenerateOptions::new(shape);
            options.symmetry = sym;
            let g = generate(options, 8, 1);
            let n = shape.n();
            for cell in 0..shape.cells() {
                for (r2, c2) in images(sym, cell / n, cell % n, n) {
                    let given = g.puzzle.get(cell) != 0;
                    assert_eq!(given, g.puzzle.get(r2 * n + c2) != 0, "{sym} on {r}x{c}");
                }
            }
            if n <= 9 {
                assert_unique_and_solved(&g);
                assert_orbit_minimal(&g.puzzle, sym);
            }
        }
    }
}

/// No orbit of clues can be removed: the oracle finds two solutions
/// without any one of them. Orbits are closed under `images` here, apart
/// from the library's own orbit code.
fn assert_orbit_minimal(puzzle: &Grid, sym: Symmetry) {
    let n = puzzle.shape().n();
    for cell in (0..puzzle.cells().len()).filter(|&c| puzzle.get(c) != 0) {
        let mut orbit = vec![cell];
        let mut i = 0;
        while i < orbit.len() {
            let (r, c) = (orbit[i] / n, orbit[i] % n);
            for (r2, c2) in images(sym, r, c, n) {
                if !orbit.contains(&(r2 * n + c2)) {
                    orbit.push(r2 * n + c2);
                }
            }
            i += 1;
        }
        let mut fewer = puzzle.clone();
        orbit.iter().for_each(|&c| fewer.set(c, 0));
        assert_eq!(
            oracle_count(&fewer, 2),
            2,
            "{sym}: orbit of {cell} removable in {}",
            puzzle.to_line()
        );
    }
}

#[test]
fn givens_target_is_met() {
    let mut options = GenerateOptions::new(Shape::CLASSIC);
    options.givens = Some(30);
    for i in 0..5 {
        let g = generate(options.clone(), 2, i);
        assert_eq!(g.puzzle.given_count(), 30);
        assert_unique_and_solved(&g);
    }
    // 17 clues is possible but far too rare to hit by digging: a bounded
    // shortfall, not an endless loop.
    options.givens = Some(17);
    options.max_attempts = 3;
    assert!(Generator::new(options).unwrap().generate(2, 0).is_err());
}

#[test]
fn sat_digging_gives_minimal_unique_puzzles_and_is_seeded() {
    let mut options = GenerateOptions::new(Shape::CLASSIC);
    options.backend = BackendKind::Sat;
    let a = generate(options.clone(), 21, 4);
    let b = generate(options.clone(), 21, 4);
    assert_eq!(a, b);
    assert_ne!(a.puzzle, generate(options, 21, 5).puzzle);
    let mut dlx = Dlx::new(Shape::CLASSIC);
    assert_eq!(dlx.count(&a.puzzle, 2, None).solutions, 1);
    assert_minimal(&a.puzzle);
}

#[test]
fn same_seed_same_puzzle_different_index_different_puzzle() {
    let options = GenerateOptions::new(Shape::CLASSIC);
    let a = generate(options.clone(), 77, 3);
    assert_eq!(a, generate(options.clone(), 77, 3));
    assert_ne!(a.puzzle, generate(options.clone(), 77, 4).puzzle);
    assert_ne!(a.puzzle, generate(options, 78, 3).puzzle);
}

/// The effort a generator reports (counted on its digging engine's own
/// matrix under DLX, on a separate DLX engine under SAT) is what a fresh
/// DLX engine counts for the puzzle; turning the measure off changes no
/// puzzle and reports no effort.
#[test]
fn effort_is_a_fresh_count_and_can_be_left_out() {
    for (shape, backend) in [
        (Shape::CLASSIC, BackendKind::Dlx),
        (Shape::CLASSIC, BackendKind::Sat),
        (Shape::new(3, 4).unwrap(), BackendKind::Dlx),
    ] {
        let mut options = GenerateOptions::new(shape);
        options.backend = backend;
        let mut measured = Generator::new(options.clone()).unwrap();
        options.measure_effort = false;
        let mut unmeasured = Generator::new(options).unwrap();
        let mut fresh = Dlx::new(shape);
        for index in 0..6 {
            let g = measured.generate(5, index).unwrap();
            let count = fresh.count(&g.puzzle, 2, Some(1_000_000));
            assert_eq!(count.solutions, 1);
            assert_eq!(g.effort, Some(count.effort), "{shape} {backend:?} index {index}");
            let bare = unmeasured.generate(5, index).unwrap();
            assert_eq!(bare.effort, None);
            assert_eq!((bare.puzzle, bare.solution), (g.puzzle, g.solution));
        }
    }
}
