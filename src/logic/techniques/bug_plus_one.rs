//! BUG+1 (bivalue universal grave plus one): every unsolved cell has two
//! candidates except one cell with three, and every candidate appears
//! exactly twice in each house except one digit of that cell, which
//! appears three times in its houses. Without that digit the grid would be
//! a BUG, which has zero or two solutions; assuming a unique solution, the
//! cell holds that digit (SE 5.6).

use super::super::candidates::{bit, digits, Candidates};
use super::super::step::{Cell, Pattern, Step};
use super::super::technique::{Finder, Technique};
use crate::shape::Shape;
use std::fmt;

pub(crate) const FINDER: Finder = Finder {
    id: "bug",
    name: "BUG type",
    score: 5.6,
    find: Some(|c, _| find(c)),
};

/// The one cell with three candidates in an otherwise bivalue grid.
#[derive(Debug)]
struct Grave {
    cell: Cell,
    digit: u8,
}

impl Pattern for Grave {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "every unsolved cell but {} has two candidates, and {} appears three times in its houses",
            self.cell,
            Shape::symbol(self.digit)
        )
    }

    fn name_suffix(&self) -> Option<String> {
        Some(" 1".to_string())
    }
}

/// Finds a BUG+1 placement.
pub fn find(c: &Candidates) -> Option<Step> {
    let mut extra = None;
    for cell in 0..c.cell_count() {
        match c.mask(cell).count_ones() {
            0 | 2 => {}
            3 if extra.is_none() => extra = Some(cell),
            _ => return None,
        }
    }
    let cell = extra?;
    let n = c.n();
    let d = digits(c.mask(cell)).find(|&d| {
        c.tables()
            .houses_of(cell)
            .iter()
            .all(|&h| c.cells_with(h, d).count() == 3)
    })?;
    if !is_grave_without(c, cell, d) {
        return None;
    }
    Some(
        Step::new(
            Technique::BugPlusOne,
            Grave {
                cell: Cell::of(cell, n),
                digit: d,
            },
        )
        .place(cell, d, n),
    )
}

/// Whether, with `d` removed from `cell`, every digit has zero or two
/// places in every house.
fn is_grave_without(c: &Candidates, cell: usize, d: u8) -> bool {
    let n = c.n();
    (0..3 * n).all(|h| {
        (1..=n as u8).all(|digit| {
            let mut count = c.cells_with(h, digit).count();
            if digit == d && c.tables().house(h).contains(&cell) && c.mask(cell) & bit(d) != 0 {
                count -= 1;
            }
            count == 0 || count == 2
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    /// A 4x4 grave worked out by hand from the solution
    /// `1234 / 3412 / 2143 / 4321`: each cell holds its digit and the digit
    /// it swaps with (1<->2, 3<->4), so every candidate appears exactly twice
    /// in every row, column and box.
    fn grave() -> Candidates {
        let mut c = Candidates::new(Shape::new(2, 2).unwrap());
        let rows = [
            [12, 12, 34, 34],
            [34, 34, 12, 12],
            [12, 12, 34, 34],
            [34, 34, 12, 12],
        ];
        for (r, row) in rows.iter().enumerate() {
            for (k, &pair) in row.iter().enumerate() {
                c.set_digits(r * 4 + k, &[pair / 10, pair % 10]);
            }
        }
        c
    }

    #[test]
    fn places_the_digit_that_breaks_the_grave() {
        let mut c = grave();
        // r1c1 gets 3 as well: 3 now appears three times in row 1
        // (c1, c3, c4), column 1 (r1, r2, r4) and box 1 (r1c1, r2c1, r2c2).
        c.set_digits(0, &[1, 2, 3]);
        let step = find(&c).expect("bug+1");
        assert_eq!(step.placements.len(), 1);
        assert_eq!(
            (step.placements[0].cell.index(4), step.placements[0].digit),
            (0, 3)
        );
    }

    #[test]
    fn a_plain_grave_or_two_extra_cells_give_nothing() {
        let mut c = grave();
        assert!(find(&c).is_none());
        c.set_digits(0, &[1, 2, 3]);
        c.set_digits(15, &[1, 2, 3]);
        assert!(find(&c).is_none());
    }
}
