//! An independent test oracle: solution counting with the `dancing-links`
//! crate on an exact-cover model written here from the rules, sharing no
//! code with the engines under test (not even `sudoku_dlx::exact_cover`).
//!
//! Only the board types (`Grid`, `Shape`) come from the crate.

use dancing_links::{ExactCover, Solver};
use sudoku_dlx::{Grid, Shape};

/// "Digit `digit` in cell `cell`", for an empty cell only.
#[derive(Clone, Copy, Debug)]
struct Placement {
    cell: usize,
    digit: usize,
}

/// A constraint still open after the givens: which kind of house and
/// which house/digit pair, numbered `kind * n * n + house * n + digit - 1`
/// (the cell kind uses the cell number instead).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Need(usize);

/// The remaining exact-cover problem of one puzzle.
struct Remaining {
    shape: Shape,
    placements: Vec<Placement>,
    needs: Vec<Need>,
}

/// The four needs a digit in a cell meets: the cell is filled, and its row,
/// column and box have the digit.
fn needs_met(shape: Shape, cell: usize, digit: usize) -> [Need; 4] {
    let n = shape.box_rows() * shape.box_cols();
    let (row, col) = (cell / n, cell % n);
    let bx = (row / shape.box_rows()) * shape.box_rows() + col / shape.box_cols();
    let nn = n * n;
    [
        Need(cell),
        Need(nn + row * n + digit - 1),
        Need(2 * nn + col * n + digit - 1),
        Need(3 * nn + bx * n + digit - 1),
    ]
}

impl Remaining {
    /// The problem left by the givens of `puzzle`, or `None` if two givens
    /// meet the same need (a clash).
    fn new(puzzle: &Grid) -> Option<Remaining> {
        let shape = puzzle.shape();
        let n = shape.box_rows() * shape.box_cols();
        let mut met = vec![false; 4 * n * n];
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                for Need(i) in needs_met(shape, cell, d as usize) {
                    if std::mem::replace(&mut met[i], true) {
                        return None;
                    }
                }
            }
        }
        let placements = (0..n * n)
            .filter(|&cell| puzzle.get(cell) == 0)
            .flat_map(|cell| (1..=n).map(move |digit| Placement { cell, digit }))
            .filter(|p| needs_met(shape, p.cell, p.digit).iter().all(|k| !met[k.0]))
            .collect();
        let needs = (0..4 * n * n).filter(|&i| !met[i]).map(Need).collect();
        Some(Remaining {
            shape,
            placements,
            needs,
        })
    }
}

impl ExactCover for Remaining {
    type Possibility = Placement;
    type Constraint = Need;

    fn satisfies(&self, poss: &Placement, cons: &Need) -> bool {
        needs_met(self.shape, poss.cell, poss.digit).contains(cons)
    }

    fn is_optional(&self, _cons: &Need) -> bool {
        false
    }

    fn possibilities(&self) -> &[Placement] {
        &self.placements
    }

    fn constraints(&self) -> &[Need] {
        &self.needs
    }
}

/// Solutions of `puzzle` as full grids, at most `limit` of them.
fn solutions(puzzle: &Grid, limit: usize) -> Vec<Grid> {
    let Some(problem) = Remaining::new(puzzle) else {
        return Vec::new();
    };
    if problem.needs.is_empty() {
        // A full, clash-free board is its own solution; the crate's solver
        // reports nothing when there is nothing left to cover.
        return vec![puzzle.clone()].into_iter().take(limit).collect();
    }
    Solver::new(&problem)
        .take(limit)
        .map(|chosen| {
            let mut grid = puzzle.clone();
            for p in chosen {
                grid.set(p.cell, p.digit as u8);
            }
            grid
        })
        .collect()
}

/// Number of solutions of `puzzle`, counting at most `limit`; 0 if the
/// givens clash.
pub fn oracle_count(puzzle: &Grid, limit: usize) -> usize {
    solutions(puzzle, limit).len()
}

/// Some solution of `puzzle`, if it has one.
pub fn oracle_solution(puzzle: &Grid) -> Option<Grid> {
    solutions(puzzle, 1).pop()
}

/// Asserts that no clue of `puzzle` can be removed: the oracle finds two
/// solutions without any one of them.
pub fn assert_minimal(puzzle: &Grid) {
    for cell in (0..puzzle.cells().len()).filter(|&c| puzzle.get(c) != 0) {
        let mut fewer = puzzle.clone();
        fewer.set(cell, 0);
        assert_eq!(
            oracle_count(&fewer, 2),
            2,
            "clue {cell} removable in {}",
            puzzle.to_line()
        );
    }
}
