//! Naked and hidden singles, used by the digger to skip solve calls.
//!
//! When a clue is removed, the puzzle stays unique if the remaining clues
//! force the clue's digit back by singles alone. Most removals while
//! digging are like that, and the solver's unit propagation would reach
//! the same conclusion, only at the cost of a full solve call (tens of
//! microseconds each in varisat). Keeping this deduction in its own module
//! keeps the digger's SAT probe logic separate from it.

use crate::grid::Grid;
use crate::shape::Shape;

/// The houses of one shape, built once per digging session.
pub struct Singles {
    shape: Shape,
    /// The cells of each house: rows, then columns, then boxes.
    houses: Vec<Vec<usize>>,
    /// The three houses of each cell.
    keys: Vec<[usize; 3]>,
}

impl Singles {
    /// The houses of `shape`.
    pub fn new(shape: Shape) -> Singles {
        let n = shape.n();
        let rows = (0..n).map(|r| (0..n).map(|c| shape.cell(r, c)).collect());
        let cols = (0..n).map(|c| (0..n).map(|r| shape.cell(r, c)).collect());
        let boxes = (0..n).map(|b| shape.box_cells(b).collect());
        let keys = (0..shape.cells()).map(|c| shape.houses_of(c)).collect();
        Singles {
            shape,
            houses: rows.chain(cols).chain(boxes).collect(),
            keys,
        }
    }

    /// Whether naked and hidden singles, starting from the clues of
    /// `puzzle`, place `digit` in the empty `cell`. Each single holds in
    /// every solution, so `true` proves every solution has `digit` there.
    pub fn forces(&self, puzzle: &Grid, cell: usize, digit: u8) -> bool {
        let mut board = Board::new(self, puzzle);
        loop {
            let progress = board.round();
            let placed = board.cells[cell];
            if placed != 0 {
                return placed == digit;
            }
            if !progress {
                return false;
            }
        }
    }
}

/// A board being filled by singles, with per-house digit masks.
struct Board<'s> {
    singles: &'s Singles,
    cells: Vec<u8>,
    /// Digits present in each house, as bits `1..=n`.
    used: Vec<u32>,
    /// Candidates of each cell as of the start of the round (a superset of
    /// the live candidates, which is still sound for both kinds of single).
    cands: Vec<u32>,
}

impl<'s> Board<'s> {
    fn new(singles: &'s Singles, puzzle: &Grid) -> Board<'s> {
        let n = singles.shape.n();
        let mut board = Board {
            singles,
            cells: vec![0; puzzle.cells().len()],
            used: vec![0; 3 * n],
            cands: vec![0; puzzle.cells().len()],
        };
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                board.place(cell, d);
            }
        }
        board
    }

    fn place(&mut self, cell: usize, digit: u8) {
        self.cells[cell] = digit;
        for k in self.singles.keys[cell] {
            self.used[k] |= 1 << digit;
        }
    }

    /// Live candidates of an empty cell, as bits `1..=n`.
    fn live(&self, cell: usize) -> u32 {
        let all = ((1u32 << self.singles.shape.n()) - 1) << 1;
        let keys = self.singles.keys[cell];
        all & !(self.used[keys[0]] | self.used[keys[1]] | self.used[keys[2]])
    }

    /// One pass of naked then hidden singles; true if anything was placed.
    fn round(&mut self) -> bool {
        for cell in 0..self.cells.len() {
            self.cands[cell] = if self.cells[cell] == 0 { self.live(cell) } else { 0 };
        }
        let mut progress = false;
        for cell in 0..self.cells.len() {
            let c = self.cands[cell];
            if self.cells[cell] == 0 && c.is_power_of_two() && self.live(cell) & c != 0 {
                self.place(cell, c.trailing_zeros() as u8);
                progress = true;
            }
        }
        for h in 0..self.singles.houses.len() {
            progress |= self.hidden_in(h);
        }
        progress
    }

    /// Places digits with a single possible cell in house `h`.
    fn hidden_in(&mut self, h: usize) -> bool {
        let (mut once, mut twice) = (0u32, 0u32);
        for &cell in &self.singles.houses[h] {
            let c = if self.cells[cell] == 0 {
                self.cands[cell]
            } else {
                0
            };
            twice |= once & c;
            once |= c;
        }
        let mut hidden = once & !twice & !self.used[h];
        let mut progress = false;
        while hidden != 0 {
            let digit = hidden.trailing_zeros() as u8;
            hidden &= hidden - 1;
            let spot = self.singles.houses[h]
                .iter()
                .copied()
                .find(|&c| self.cells[c] == 0 && self.cands[c] >> digit & 1 == 1);
            // Re-check live: an earlier placement this round may have
            // taken the digit or the cell.
            if let Some(cell) = spot.filter(|&c| self.live(c) >> digit & 1 == 1) {
                self.place(cell, digit);
                progress = true;
            }
        }
        progress
    }
}
