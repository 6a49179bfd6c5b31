//! Digging clues out of a solution with one solve call per probe.
//!
//! Separate from counting because digging needs no counting at all: the
//! current puzzle is unique, so the puzzle without some clues stays unique
//! exactly when no solution differs from `solution` in one of those cells.
//! That is one "exclusion probe" per removal attempt.

use super::engine::Engine;
use crate::backend::{Digger, Removal};
use crate::grid::Grid;
use crate::shape::Shape;
use varisat::Lit;

/// A digging session that borrows the backend's solver.
pub struct SatDigger<'a> {
    engine: &'a mut Engine,
    solution: Grid,
    puzzle: Grid,
    solves_at_start: u64,
    /// False when `solution` is not a complete valid grid; then nothing is
    /// ever removed, since "unique" would have no meaning.
    valid: bool,
}

impl<'a> SatDigger<'a> {
    /// Starts from the full `solution`. The [`crate::Backend::digger`]
    /// contract asks for a complete valid grid; anything else is kept
    /// whole rather than dug into a meaningless puzzle.
    pub fn new(engine: &'a mut Engine, solution: &Grid) -> SatDigger<'a> {
        let solves_at_start = engine.solves();
        SatDigger {
            engine,
            solution: solution.clone(),
            puzzle: solution.clone(),
            solves_at_start,
            valid: solution.is_full() && solution.first_clash().is_none(),
        }
    }

    /// The clues among `cells` that are still on the board, once each;
    /// cells off the board are ignored.
    fn present(&self, cells: &[usize]) -> Vec<usize> {
        let mut present: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&c| c < self.puzzle.cells().len() && self.puzzle.get(c) != 0)
            .collect();
        present.sort_unstable();
        present.dedup();
        present
    }

    /// Whether some solution of `trial` differs from the solution in one of
    /// `removed`. One cell is a plain negative assumption; several share a
    /// clause guarded by an activation literal, retired afterwards.
    fn another_solution(&mut self, trial: &Grid, removed: &[usize]) -> bool {
        let mut assumptions = self.engine.given_lits(trial);
        let differs: Vec<Lit> = removed
            .iter()
            .map(|&c| !self.engine.lit(c, self.solution.get(c)))
            .collect();
        if let [single] = differs[..] {
            assumptions.push(single);
            return self.engine.solve(&assumptions);
        }
        let act = self.engine.activation();
        self.engine.add_guarded(act, &differs);
        assumptions.push(act);
        let sat = self.engine.solve(&assumptions);
        self.engine.retire(act);
        sat
    }
}

/// Whether the clues of `puzzle` alone force `digit` into the empty
/// `cell`: as a naked single (its peers' clues hold every other digit) or a
/// hidden single (in one of its houses, every other empty cell sees
/// `digit` in a clue). Then removing that clue cannot add a solution, and
/// the probe's solve call (whose unit propagation would find the same
/// thing) is skipped: early in a dig most clues are such singles.
fn forced_single(puzzle: &Grid, cell: usize, digit: u8) -> bool {
    let shape = puzzle.shape();
    let seen = |c: usize| -> u32 {
        houses(shape, c)
            .into_iter()
            .flatten()
            .fold(0, |m, p| m | 1 << puzzle.get(p))
    };
    let all_digits = ((1u32 << shape.n()) - 1) << 1;
    if (seen(cell) | 1 << digit) & all_digits == all_digits {
        return true;
    }
    houses(shape, cell).into_iter().any(|house| {
        house
            .into_iter()
            .filter(|&p| p != cell && puzzle.get(p) == 0)
            .all(|p| seen(p) >> digit & 1 == 1)
    })
}

/// The cells of the row, column and box of `cell`.
fn houses(shape: Shape, cell: usize) -> [Vec<usize>; 3] {
    let (r, c, n) = (shape.row(cell), shape.col(cell), shape.n());
    [
        (0..n).map(|i| shape.cell(r, i)).collect(),
        (0..n).map(|i| shape.cell(i, c)).collect(),
        shape.box_cells(shape.box_of(cell)).collect(),
    ]
}

impl Digger for SatDigger<'_> {
    fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    /// Removes `cells` if the puzzle stays unique. Cells already empty or
    /// off the board are ignored (nothing left to remove counts as
    /// removed). With an invalid starting grid every clue is kept. The budget is ignored: SAT probes always finish, so the
    /// answer is never [`Removal::GaveUp`].
    fn try_remove(&mut self, cells: &[usize], _budget: Option<u64>) -> Removal {
        let removed = self.present(cells);
        if removed.is_empty() {
            return Removal::Removed;
        }
        if !self.valid {
            return Removal::Kept;
        }
        let mut trial = self.puzzle.clone();
        for &c in &removed {
            trial.set(c, 0);
        }
        let forced = matches!(removed[..], [c] if forced_single(&trial, c, self.solution.get(c)));
        if !forced && self.another_solution(&trial, &removed) {
            Removal::Kept
        } else {
            self.puzzle = trial;
            Removal::Removed
        }
    }

    /// Solve calls made by this session.
    fn nodes(&self) -> u64 {
        self.engine.solves() - self.solves_at_start
    }
}
