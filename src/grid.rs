//! A board of digits: a puzzle (with empty cells) or a solution.

use crate::shape::{Shape, MAX_SIDE};
use std::fmt;

/// A board: `shape.cells()` cells in row-major order, each `0` (empty) or a
/// digit `1..=n`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

/// Two givens that break a rule: the same digit twice in one house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clash {
    /// The digit that repeats.
    pub(crate) digit: u8,
    /// The earlier cell holding it.
    pub(crate) first: usize,
    /// The later cell holding it.
    pub(crate) second: usize,
    /// The house they share: "row", "column" or "box".
    pub(crate) house: &'static str,
    /// The board the cells are numbered on, for naming them.
    pub(crate) shape: Shape,
}

/// Words for a clash, e.g. "givens clash: 5 twice in row 1 (r1c1, r1c9)".
impl fmt::Display for Clash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shape = self.shape;
        let rc = |cell: usize| format!("r{}c{}", shape.row(cell) + 1, shape.col(cell) + 1);
        let house = match self.house {
            "row" => format!("row {}", shape.row(self.first) + 1),
            "column" => format!("column {}", shape.col(self.first) + 1),
            _ => format!("box {}", shape.box_of(self.first) + 1),
        };
        write!(
            f,
            "givens clash: {} twice in {house} ({}, {})",
            Shape::symbol(self.digit),
            rc(self.first),
            rc(self.second)
        )
    }
}

impl Grid {
    /// An empty board.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// A board from its cells; `None` if the length or a digit is out of
    /// range for the shape.
    pub fn from_cells(shape: Shape, cells: Vec<u8>) -> Option<Grid> {
        let ok = cells.len() == shape.cells() && cells.iter().all(|&d| d as usize <= shape.n());
        ok.then_some(Grid { shape, cells })
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// All cells, row-major, `0` for empty.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The digit in a cell, `0` if empty.
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Puts a digit (or `0` to empty the cell).
    pub fn set(&mut self, cell: usize, digit: u8) {
        debug_assert!(digit as usize <= self.shape.n());
        self.cells[cell] = digit;
    }

    internal_pub! {
        /// How many cells hold a digit.
        fn given_count(&self) -> usize {
            self.cells.iter().filter(|&&d| d != 0).count()
        }
    }

    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// The first pair of givens that share a house and a digit, if any.
    pub fn first_clash(&self) -> Option<Clash> {
        // One digit mask per house: checked for every record read, so no
        // allocation.
        let mut seen = [0u32; 3 * MAX_SIDE];
        for (cell, &d) in self.cells.iter().enumerate() {
            if d == 0 {
                continue;
            }
            for (kind, house) in self.shape.houses_of(cell).into_iter().enumerate() {
                let bit = 1u32 << d;
                if seen[house] & bit != 0 {
                    let first = (0..cell)
                        .find(|&c| self.cells[c] == d && self.shape.houses_of(c)[kind] == house)
                        .expect("a digit seen in a house was given before");
                    return Some(Clash {
                        digit: d,
                        first,
                        second: cell,
                        house: ["row", "column", "box"][kind],
                        shape: self.shape,
                    });
                }
                seen[house] |= bit;
            }
        }
        None
    }

    internal_pub! {
        /// Whether this is a complete, valid solution that keeps every given of
        /// `puzzle`.
        fn solves(&self, puzzle: &Grid) -> bool {
            self.shape == puzzle.shape
                && self.is_full()
                && self.first_clash().is_none()
                && puzzle
                    .cells
                    .iter()
                    .zip(&self.cells)
                    .all(|(&p, &s)| p == 0 || p == s)
        }
    }

    /// The one-line form: one symbol per cell, `.` for empty.
    pub fn to_line(&self) -> String {
        self.cells.iter().map(|&d| Shape::symbol(d)).collect()
    }

    /// A multi-line picture with box separators, for people.
    pub fn to_pretty(&self) -> String {
        let s = self.shape;
        let n = s.n();
        let mut out = String::new();
        let rule: String = (0..s.box_rows())
            .map(|_| "-".repeat(2 * s.box_cols() + 1))
            .collect::<Vec<_>>()
            .join("+");
        for r in 0..n {
            if r > 0 && r % s.box_rows() == 0 {
                out.push_str(&rule);
                out.push('\n');
            }
            for c in 0..n {
                if c > 0 && c % s.box_cols() == 0 {
                    out.push_str(" |");
                }
                out.push(' ');
                out.push(Shape::symbol(self.get(s.cell(r, c))));
            }
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_clash_names_the_earliest_pair_and_house() {
        let mut grid = Grid::empty(Shape::CLASSIC);
        grid.set(4, 7);
        grid.set(40, 3);
        grid.set(60, 3); // r7c7: no house in common with r5c5
        assert_eq!(grid.first_clash(), None);
        grid.set(76, 7); // r9c5: column 5 again
        let clash = grid.first_clash().unwrap();
        assert_eq!(
            (clash.digit, clash.first, clash.second, clash.house),
            (7, 4, 76, "column")
        );
        grid.set(50, 3); // r6c6: box 5 with r5c5, which comes first
        let clash = grid.first_clash().unwrap();
        assert_eq!(
            (clash.digit, clash.first, clash.second, clash.house),
            (3, 40, 50, "box")
        );
        let big = Shape::new(5, 5).unwrap();
        let mut grid = Grid::empty(big);
        grid.set(3, 25);
        grid.set(24, 25);
        let clash = grid.first_clash().unwrap();
        assert_eq!(
            (clash.digit, clash.first, clash.second, clash.house),
            (25, 3, 24, "row")
        );
    }

    fn classic(line: &str) -> Grid {
        let cells = line
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        Grid::from_cells(Shape::CLASSIC, cells).unwrap()
    }

    #[test]
    fn finds_clashes_in_each_house() {
        let mut g = Grid::empty(Shape::CLASSIC);
        assert!(g.first_clash().is_none());
        g.set(0, 5);
        g.set(8, 5);
        assert_eq!(g.first_clash().unwrap().house, "row");
        g.set(8, 0);
        g.set(72, 5);
        assert_eq!(g.first_clash().unwrap().house, "column");
        g.set(72, 0);
        g.set(20, 5);
        let clash = g.first_clash().unwrap();
        assert_eq!((clash.house, clash.first, clash.second), ("box", 0, 20));
    }

    #[test]
    fn recognises_a_solution() {
        // A solution written down by hand from the classic pattern
        // (r*3 + r/3 + c) mod 9 + 1, independent of any solver.
        let line: String = (0..81)
            .map(|i| {
                let (r, c) = (i / 9, i % 9);
                char::from(b'1' + ((r * 3 + r / 3 + c) % 9) as u8)
            })
            .collect();
        let solution = classic(&line);
        let mut puzzle = solution.clone();
        puzzle.set(40, 0);
        assert!(solution.solves(&puzzle));
        let mut wrong = solution.clone();
        wrong.cells.swap(0, 1);
        assert!(!wrong.solves(&puzzle));
    }
}
