//! Hidden single: a digit with one place left in a house goes there. SE
//! rates it 1.2 in a box and 1.5 in a row or column, because a box is
//! easier to scan, so the two are separate techniques.

use super::super::board::{Cell, House};
use super::super::candidates::{bits, Candidates};
use super::super::producer::{Context, Producer};
use super::super::step::{Pattern, Step};
use super::super::technique::Technique;
use super::common::extra_house_order;
use crate::shape::Shape;
use std::fmt;

/// Hidden singles in boxes (`in_box`) or in columns and rows: SE rates
/// them apart (1.2 and 1.5), as a box is easier to scan.
pub(crate) struct HiddenSingle {
    /// Boxes, or else columns then rows.
    pub in_box: bool,
}

impl HiddenSingle {
    fn technique(&self) -> Technique {
        if self.in_box {
            Technique::HiddenSingleBox
        } else {
            Technique::HiddenSingleLine
        }
    }
}

impl Producer for HiddenSingle {
    fn techniques(&self) -> &'static [Technique] {
        if self.in_box {
            &[Technique::HiddenSingleBox]
        } else {
            &[Technique::HiddenSingleLine]
        }
    }

    fn difficulty(&self, technique: Technique) -> f32 {
        difficulty(technique)
    }

    // A house's hidden single depends on that house alone: houses
    // unchanged since they had none are skipped.
    fn find(&self, c: &Candidates, cx: &mut Context) -> Option<Step> {
        let n = c.n();
        let t = self.technique();
        if self.in_box {
            cx.memo.first_house(t, c, 2 * n..3 * n, |h| in_house(c, h, t))
        } else {
            // Under a variant SE rates its houses' singles as a line's.
            let houses = (n..2 * n).chain(0..n).chain(extra_house_order(c));
            cx.memo.first_house(t, c, houses, |h| in_house(c, h, t))
        }
    }
}

/// SE's difficulty of a hidden single in a box or in a line.
fn difficulty(technique: Technique) -> f32 {
    if technique == Technique::HiddenSingleBox {
        1.2
    } else {
        1.5
    }
}

/// The one place left for a digit in a house.
#[derive(Debug)]
struct OnePlace {
    digit: u8,
    house: House,
    cell: Cell,
}

impl Pattern for OnePlace {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} in {} must go in {}",
            Shape::symbol(self.digit),
            self.house,
            self.cell
        )
    }
}

/// Finds a hidden single in a box.
#[cfg(test)]
fn find_in_box(c: &Candidates) -> Option<Step> {
    let n = c.n();
    find_in(c, 2 * n..3 * n, Technique::HiddenSingleBox)
}

/// Finds a hidden single in a column or row (columns first, as SE).
#[cfg(test)]
fn find_in_line(c: &Candidates) -> Option<Step> {
    let n = c.n();
    find_in(c, (n..2 * n).chain(0..n), Technique::HiddenSingleLine)
}

#[cfg(test)]
fn find_in(c: &Candidates, mut houses: impl Iterator<Item = usize>, technique: Technique) -> Option<Step> {
    houses.find_map(|h| in_house(c, h, technique))
}

/// The first hidden single of house `h` (by digit), as `technique`.
fn in_house(c: &Candidates, h: usize, technique: Technique) -> Option<Step> {
    let n = c.n();
    let cells = c.tables().house(h);
    // Bit-sliced counting: `once` has the digits seen at least once,
    // `twice` those seen at least twice.
    let (mut once, mut twice) = (0u32, 0u32);
    for &cell in cells {
        let m = c.mask(cell);
        twice |= once & m;
        once |= m;
    }
    let single = once & !twice;
    let d = bits(single).next()? as u8 + 1;
    let cell = c.cells_with(h, d).next()?;
    Some(
        Step::new(
            technique,
            difficulty(technique),
            OnePlace {
                digit: d,
                house: House::of(h, n),
                cell: Cell::of(cell, n),
            },
        )
        .place(cell, d, n),
    )
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::logic::candidates::bit;

    #[test]
    fn finds_the_one_place_in_a_box() {
        let mut c = open_board();
        // Box 1 (r1-3, c1-3): 7 only at r2c3.
        for cell in [
            rc(1, 1),
            rc(1, 2),
            rc(1, 3),
            rc(2, 1),
            rc(2, 2),
            rc(3, 1),
            rc(3, 2),
            rc(3, 3),
        ] {
            c.set_mask(cell, c.mask(cell) & !bit(7));
        }
        let step = find_in_box(&c).expect("hidden single");
        assert_eq!(placed(&step), vec![(rc(2, 3), 7)]);
        assert_eq!(step.technique, Technique::HiddenSingleBox);
        // Row 2 and column 3 still have many places for 7.
        assert!(find_in_line(&c).is_none());
    }

    #[test]
    fn finds_the_one_place_in_a_row() {
        let mut c = open_board();
        for col in 1..=9 {
            if col != 5 {
                c.set_mask(rc(3, col), c.mask(rc(3, col)) & !bit(7));
            }
        }
        let step = find_in_line(&c).expect("hidden single");
        assert_eq!(placed(&step), vec![(rc(3, 5), 7)]);
        assert_eq!(
            step.to_string(),
            "Hidden Single: 7 in row 3 must go in r3c5, so place 7 in r3c5"
        );
    }

    #[test]
    fn two_places_are_not_a_single() {
        let mut c = open_board();
        confine(&mut c, 7, &[rc(1, 1), rc(1, 2), rc(2, 1), rc(2, 2)]);
        // Rows 1-2, columns 1-2 and box 1 each have two places for 7; the
        // other houses have none, which is no single either.
        assert!(find_in_box(&c).is_none());
        assert!(find_in_line(&c).is_none());
    }
}
