//! Non-consecutive rating: soundness on generated puzzles. Every
//! placement of every step is the digit of the SAT engine's unique
//! solution and no elimination removes it; a solve that completes ends
//! at that solution, which a checker written here confirms keeps the
//! rows, columns, boxes and the non-consecutive rule. The agreement with
//! Sukaku Explainer (`serate --isNC=1`) is checked by
//! `tests/variant_rating.rs` over `tests/data/se_variant_ratings.tsv`.

mod common;

use common::check_step;
use std::time::{Duration, Instant};
use sudoku_dlx::logic::LogicalSolver;
use sudoku_dlx::{generate_variant, BackendKind, Grid, Rules, Shape, Symmetry, Variant};

/// Whether `grid` is a complete grid keeping rows, columns and boxes,
/// with no two orthogonal neighbours one apart.
fn keeps_the_rules(grid: &Grid) -> bool {
    let shape = grid.shape();
    let n = shape.n();
    let cells = grid.cells();
    let all: Vec<u8> = (1..=n as u8).collect();
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    let houses = (0..n)
        .map(|r| (0..n).map(|c| r * n + c).collect::<Vec<_>>())
        .chain((0..n).map(|c| (0..n).map(|r| r * n + c).collect()))
        .chain((0..n).map(|b| {
            let (r0, c0) = (b / br * br, b % br * bc);
            (0..n).map(|k| (r0 + k / bc) * n + c0 + k % bc).collect()
        }));
    let houses_ok = houses.into_iter().all(|h: Vec<usize>| {
        let mut seen: Vec<u8> = h.iter().map(|&x| cells[x]).collect();
        seen.sort_unstable();
        seen == all
    });
    let apart = |a: usize, b: usize| cells[a].abs_diff(cells[b]) != 1;
    let neighbours_ok = (0..n * n).all(|x| {
        let (r, c) = (x / n, x % n);
        (c + 1 == n || apart(x, x + 1)) && (r + 1 == n || apart(x, x + n))
    });
    houses_ok && neighbours_ok
}

/// Solves `count` generated non-consecutive puzzles on `shape`, each with
/// `added` of its solution's digits added, checking each step against
/// the SAT engine's solution; returns how many the techniques completed
/// and how many steps were non-consecutive techniques.
fn sound_over(shape: Shape, count: u64, added: usize) -> (usize, usize) {
    let variant: Variant = "non-consecutive".parse().unwrap();
    let (mut solved, mut nc_steps) = (0, 0);
    for seed in 0..count {
        let mut p = generate_variant(shape, &variant, 3100 + seed, Symmetry::None).expect("a puzzle");
        let empty: Vec<usize> = (0..shape.cells()).filter(|&x| p.puzzle.cells()[x] == 0).collect();
        for k in 0..added.min(empty.len()) {
            let x = empty[(k * 7 + seed as usize * 3) % empty.len()];
            p.puzzle.set(x, p.solution.cells()[x]);
        }
        let what = format!("{}", p.puzzle);
        let sat = Rules::new(shape, &variant)
            .and_then(|mut r| r.count(&p.puzzle, 2, BackendKind::Sat, None))
            .expect("SAT counts the puzzle");
        assert_eq!(sat.solutions, 1, "{what}");
        let solution = sat.first.expect("the one solution");
        assert!(keeps_the_rules(&solution), "{what}");
        let mut solver = LogicalSolver::with_variant(shape, &variant).expect("non-consecutive is rated");
        // The hardest take the nested chains minutes: the steps found in
        // a few seconds are checked.
        let deadline = Instant::now() + Duration::from_secs(5);
        let path = solver
            .solve_until(&p.puzzle, true, Some(deadline))
            .expect("a valid puzzle")
            .expect("a path");
        for step in &path.steps {
            check_step(step, &solution, shape.n(), &what);
            let nc = ["Non-Consecutive Forcing Cell", "Locked Non Consecutive"];
            nc_steps += usize::from(nc.contains(&step.name().as_str()));
        }
        if path.solved {
            assert_eq!(path.grid, solution, "{what}");
            solved += 1;
        }
    }
    (solved, nc_steps)
}

#[test]
fn non_consecutive_steps_are_sound_on_9x9() {
    let count = if cfg!(debug_assertions) { 3 } else { 8 };
    let (solved, nc_steps) = sound_over(Shape::CLASSIC, count, 12);
    assert!(solved > 0, "none of {count} solved");
    // The non-consecutive techniques must have had their say.
    assert!(nc_steps > 0);
}

#[test]
fn non_consecutive_steps_are_sound_on_6x6() {
    let count = if cfg!(debug_assertions) { 4 } else { 12 };
    let (solved, _) = sound_over(Shape::new(2, 3).unwrap(), count, 0);
    assert!(solved > 0);
}
