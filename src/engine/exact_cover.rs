//! Sudoku as an exact-cover problem: the one encoding that every engine
//! (DLX, SAT, the test oracle) is built from.
//!
//! An *option* is "digit `d` in cell `c`": `n^3` of them, numbered
//! `cell * n + (d - 1)`. Each option covers exactly four *items*
//! (columns), one from each family of `n^2`:
//!
//! | family | item | meaning |
//! |---|---|---|
//! | 0 | `cell` | the cell holds some digit |
//! | 1 | `n^2 + row * n + d-1` | the row holds digit `d` |
//! | 2 | `2n^2 + col * n + d-1` | the column holds digit `d` |
//! | 3 | `3n^2 + box * n + d-1` | the box holds digit `d` |
//!
//! A solution is a set of options covering every item exactly once.

use crate::shape::Shape;

/// The exact-cover view of a shape: item and option numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExactCover {
    shape: Shape,
}

impl ExactCover {
    /// The encoding for a shape.
    pub fn new(shape: Shape) -> ExactCover {
        ExactCover { shape }
    }

    /// The shape encoded.
    pub fn shape(self) -> Shape {
        self.shape
    }

    /// Items (columns of the matrix): `4 n^2`.
    pub fn item_count(self) -> usize {
        4 * self.shape.cells()
    }

    /// Options (rows of the matrix): `n^3`.
    pub fn option_count(self) -> usize {
        self.shape.cells() * self.shape.n()
    }

    /// The option placing `digit` (1-based) in `cell`.
    pub fn option(self, cell: usize, digit: u8) -> usize {
        cell * self.shape.n() + digit as usize - 1
    }

    /// The cell of an option.
    pub fn cell_of(self, option: usize) -> usize {
        option / self.shape.n()
    }

    /// The digit (1-based) of an option.
    pub fn digit_of(self, option: usize) -> u8 {
        (option % self.shape.n()) as u8 + 1
    }

    /// The four items an option covers, in family order.
    pub fn items(self, option: usize) -> [usize; 4] {
        let s = self.shape;
        let (n, nn) = (s.n(), s.cells());
        let cell = self.cell_of(option);
        let d = option % n;
        [
            cell,
            nn + s.row(cell) * n + d,
            2 * nn + s.col(cell) * n + d,
            3 * nn + s.box_of(cell) * n + d,
        ]
    }

    /// A person-readable name for an item, for docs and debugging.
    pub fn describe_item(self, item: usize) -> String {
        let (n, nn) = (self.shape.n(), self.shape.cells());
        let (family, rest) = (item / nn, item % nn);
        let (house, d) = (rest / n + 1, rest % n + 1);
        match family {
            0 => format!("cell r{}c{}", rest / n + 1, rest % n + 1),
            1 => format!("row {house} has {d}"),
            2 => format!("column {house} has {d}"),
            _ => format!("box {house} has {d}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_has_n_options_and_options_differ() {
        for (r, c) in [(2, 2), (2, 3), (3, 3), (3, 4)] {
            let ec = ExactCover::new(Shape::new(r, c).unwrap());
            let n = ec.shape().n();
            let mut per_item = vec![0; ec.item_count()];
            for o in 0..ec.option_count() {
                let items = ec.items(o);
                for (family, &i) in items.iter().enumerate() {
                    assert_eq!(i / ec.shape().cells(), family);
                    per_item[i] += 1;
                }
                assert_eq!(ec.option(ec.cell_of(o), ec.digit_of(o)), o);
            }
            assert!(per_item.iter().all(|&k| k == n));
        }
    }
}
