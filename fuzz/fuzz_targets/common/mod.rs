//! Shared by the search targets: puzzles built from fuzz input, and one
//! engine per shape kept across inputs (building a 25x25 SAT formula costs
//! far more than one bounded search, and libFuzzer needs many runs a
//! second).
#![allow(dead_code)]

use arbitrary::{Arbitrary, Unstructured};
use std::cell::RefCell;
use std::collections::HashMap;
use sudoku_dlx::generator::Generator;
use sudoku_dlx::engine::Backend;
use sudoku_dlx::{BackendKind, Grid, Shape};

/// Box shapes of the small boards the engines and the grader are
/// cross-checked on.
pub const SMALL: [(usize, usize); 6] = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)];

/// A puzzle as fuzz input: a random solution grid (from `seed`), the cells
/// kept as givens (`keep`, one bit per cell, repeated), then `edits` that
/// overwrite cells with any digit (so clashing, many-solution and
/// no-solution puzzles come up too).
#[derive(Arbitrary, Debug)]
pub struct PuzzleSpec {
    pub seed: u64,
    pub keep: Vec<u8>,
    pub edits: Vec<(u16, u8)>,
}

/// The puzzle of a fuzz input, after its header bytes: when the first
/// byte is even, the rest is a puzzle in any text form the reader takes
/// (so the seed corpus can hold real puzzles: 17-clue, hardest lists);
/// when odd, a shape from `shape_of` and a [`PuzzleSpec`]. A text puzzle
/// whose shape `allowed` refuses is no input.
pub fn puzzle(
    u: &mut Unstructured,
    shape_of: fn(&mut Unstructured) -> arbitrary::Result<Shape>,
    allowed: fn(Shape) -> bool,
) -> arbitrary::Result<Built> {
    let mode: u8 = u.arbitrary()?;
    if mode.is_multiple_of(2) {
        let rest = std::mem::replace(u, Unstructured::new(&[])).take_rest();
        let text = std::str::from_utf8(rest).map_err(|_| arbitrary::Error::IncorrectFormat)?;
        let grid = sudoku_dlx::formats::PuzzleReader::new(text.as_bytes(), None)
            .next()
            .and_then(|record| record.puzzle.ok())
            .filter(|grid| allowed(grid.shape()))
            .ok_or(arbitrary::Error::IncorrectFormat)?;
        return Ok(Built {
            puzzle: grid,
            source: None,
        });
    }
    let shape = shape_of(u)?;
    let rest = std::mem::replace(u, Unstructured::new(&[]));
    Ok(PuzzleSpec::arbitrary_take_rest(rest)?.build(shape))
}

/// A puzzle and, when it was cut from a solution without edits, that
/// solution (then the puzzle has at least one solution).
#[derive(Debug)]
pub struct Built {
    pub puzzle: Grid,
    pub source: Option<Grid>,
}

impl PuzzleSpec {
    /// The puzzle on `shape`.
    pub fn build(&self, shape: Shape) -> Built {
        let solution = with_engine(shape, BackendKind::Dlx, |e| {
            e.fill(&mut Generator::rng(self.seed, 0))
        });
        let mut cells = solution.cells().to_vec();
        if !self.keep.is_empty() {
            for (i, cell) in cells.iter_mut().enumerate() {
                let byte = self.keep[(i / 8) % self.keep.len()];
                if byte & (1 << (i % 8)) == 0 {
                    *cell = 0;
                }
            }
        }
        let n = shape.n();
        for &(cell, digit) in &self.edits {
            let cell = cell as usize % cells.len();
            cells[cell] = digit % (n as u8 + 1);
        }
        let puzzle = Grid::from_cells(shape, cells).expect("digits are reduced mod n + 1");
        let source = self.edits.is_empty().then_some(solution);
        Built { puzzle, source }
    }
}

/// Any supported shape: box sides from 2 to 12 with a side of at most 25.
pub fn any_shape(u: &mut Unstructured) -> arbitrary::Result<Shape> {
    let rows = u.int_in_range(2..=12)?;
    let cols = u.int_in_range(2..=12)?;
    Shape::new(rows, cols).map_err(|_| arbitrary::Error::IncorrectFormat)
}

/// Whether `shape` is one of [`SMALL`].
pub fn is_small(shape: Shape) -> bool {
    SMALL.contains(&(shape.box_rows(), shape.box_cols()))
}

/// Any shape at all.
pub fn any(_: Shape) -> bool {
    true
}

/// One of [`SMALL`].
pub fn small_shape(u: &mut Unstructured) -> arbitrary::Result<Shape> {
    let (rows, cols) = *u.choose(&SMALL)?;
    Ok(Shape::new(rows, cols).expect("small shapes are valid"))
}

thread_local! {
    static ENGINES: RefCell<HashMap<(Shape, BackendKind), Box<dyn Backend>>> =
        RefCell::new(HashMap::new());
}

/// Runs `f` with this thread's engine of `kind` for `shape`.
pub fn with_engine<T>(shape: Shape, kind: BackendKind, f: impl FnOnce(&mut dyn Backend) -> T) -> T {
    ENGINES.with(|engines| {
        let mut engines = engines.borrow_mut();
        let engine = engines.entry((shape, kind)).or_insert_with(|| kind.build(shape));
        f(engine.as_mut())
    })
}

/// Whether `grid` is a complete grid that keeps the Sudoku rules, checked
/// here from scratch rather than with the library's own check.
pub fn is_valid_solution(grid: &Grid) -> bool {
    let shape = grid.shape();
    let n = shape.n();
    let full = grid.cells().iter().all(|&d| d >= 1 && d as usize <= n);
    let mut seen = vec![0u32; 3 * n];
    for (cell, &d) in grid.cells().iter().enumerate() {
        let houses = [shape.row(cell), n + shape.col(cell), 2 * n + shape.box_of(cell)];
        for h in houses {
            if seen[h] & (1 << d) != 0 {
                return false;
            }
            seen[h] |= 1 << d;
        }
    }
    full
}

/// Whether `solution` is a valid complete grid keeping every given of
/// `puzzle`.
pub fn solves(solution: &Grid, puzzle: &Grid) -> bool {
    solution.shape() == puzzle.shape()
        && is_valid_solution(solution)
        && puzzle
            .cells()
            .iter()
            .zip(solution.cells())
            .all(|(&p, &s)| p == 0 || p == s)
}
