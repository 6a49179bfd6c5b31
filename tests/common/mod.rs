//! Helpers shared by the integration tests: the independent oracle and
//! puzzle builders that do not use any engine.

// Each test binary uses a different subset of these helpers.
#![allow(dead_code)]

pub mod checks;
pub mod oracle;

use rand::seq::SliceRandom;
use rand::Rng;
use std::io::Write;
use sudoku_dlx::{Grid, Shape};

/// Every supported shape, smallest first.
pub const SHAPES: [(usize, usize); 6] = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5)];

/// The shape with `box_rows x box_cols` boxes.
pub fn shape(box_rows: usize, box_cols: usize) -> Shape {
    Shape::new(box_rows, box_cols).expect("a supported shape")
}

/// A solved grid without any solver: the pattern
/// `((r % R) * C + r / R + c) % n + 1`, with digits relabelled at random,
/// rows shuffled within bands and columns shuffled within stacks (all of
/// which keep a grid valid).
pub fn planted_solution(shape: Shape, rng: &mut impl Rng) -> Grid {
    let (br, bc, n) = (shape.box_rows(), shape.box_cols(), shape.n());
    let mut relabel: Vec<u8> = (1..=n as u8).collect();
    relabel.shuffle(rng);
    let rows = shuffled_within_blocks(n, br, rng);
    let cols = shuffled_within_blocks(n, bc, rng);
    let mut grid = Grid::empty(shape);
    for (r, &pr) in rows.iter().enumerate() {
        for (c, &pc) in cols.iter().enumerate() {
            let d = ((pr % br) * bc + pr / br + pc) % n;
            grid.set(shape.cell(r, c), relabel[d]);
        }
    }
    grid
}

/// A permutation of `0..n` that only moves indexes within consecutive
/// blocks of `block`.
fn shuffled_within_blocks(n: usize, block: usize, rng: &mut impl Rng) -> Vec<usize> {
    let mut perm: Vec<usize> = (0..n).collect();
    for chunk in perm.chunks_mut(block) {
        chunk.shuffle(rng);
    }
    perm
}

/// `solution` with each cell emptied with probability `empty`.
pub fn dig_randomly(solution: &Grid, empty: f64, rng: &mut impl Rng) -> Grid {
    let mut puzzle = solution.clone();
    for cell in 0..puzzle.cells().len() {
        if rng.gen_bool(empty) {
            puzzle.set(cell, 0);
        }
    }
    puzzle
}

/// Changes one given (if any) to a different digit, which usually leaves
/// no solution.
pub fn corrupt_one_given(puzzle: &mut Grid, rng: &mut impl Rng) {
    let givens: Vec<usize> = (0..puzzle.cells().len())
        .filter(|&c| puzzle.get(c) != 0)
        .collect();
    if let Some(&cell) = givens.choose(rng) {
        let n = puzzle.shape().n() as u8;
        let old = puzzle.get(cell);
        let new = (old + rng.gen_range(1..n) - 1) % n + 1;
        puzzle.set(cell, new);
    }
}

/// A 9x9 puzzle from an 81-character line (`.` or `0` empty).
pub fn parse_classic(line: &str) -> Option<Grid> {
    let cells: Option<Vec<u8>> = line
        .trim()
        .bytes()
        .map(|b| match b {
            b'.' | b'0' => Some(0),
            b'1'..=b'9' => Some(b - b'0'),
            _ => None,
        })
        .collect();
    Grid::from_cells(Shape::CLASSIC, cells?)
}

/// The lines of a shared data file (`../shared/data/<name>` from the
/// crate), or `None` with the reason printed when it is absent.
pub fn data_lines(name: &str, take: usize) -> Option<Vec<String>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text.lines().take(take).map(str::to_string).collect()),
        Err(e) => {
            // Written past the test harness's capture, so the skip is seen.
            let _ = writeln!(std::io::stderr(), "SKIPPED: cannot read {}: {e}", path.display());
            None
        }
    }
}
