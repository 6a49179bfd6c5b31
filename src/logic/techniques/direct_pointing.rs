//! Direct pointing and direct claiming: a digit's places in one house all
//! lie in a second house, and the removals that implies would leave the
//! digit one place in a third house of the first kind. SE counts the
//! pattern only with that hidden single and places the single directly
//! (without making the removals), rating it 1.7 (from a box) or 1.9 (from
//! a line), below naked singles.
//!
//! SE searches both in one pass, in this order: box to column, box to
//! row, column to box, row to box; digit by digit; so one producer finds
//! both.

use super::super::board::{Cell, House};
use super::super::candidates::{bits, Candidates};
use super::super::producer::{Context, Producer};
use super::super::step::{Pattern, Step};
use super::super::technique::Technique;
use crate::shape::Shape;
use std::fmt;

/// SE's direct locking producer (`Locking(true)`): direct pointing
/// (1.7) and direct claiming (1.9) in one pass.
pub(crate) struct DirectPointing;

impl Producer for DirectPointing {
    fn techniques(&self) -> &'static [Technique] {
        &[Technique::DirectPointing, Technique::DirectClaiming]
    }

    fn difficulty(&self, technique: Technique) -> f32 {
        difficulty(technique)
    }

    fn find(&self, c: &Candidates, cx: &mut Context) -> Option<Step> {
        find_fresh(c, cx)
    }
}

/// SE's difficulty of a direct pointing or a direct claiming.
fn difficulty(technique: Technique) -> f32 {
    if technique == Technique::DirectPointing {
        1.7
    } else {
        1.9
    }
}

/// The locked digit and the hidden single it leaves.
#[derive(Debug)]
pub(crate) struct DirectLocked {
    pub digit: u8,
    pub from: House,
    pub to: House,
    pub single_house: House,
    pub single: Cell,
}

impl Pattern for DirectLocked {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{d} in {} is confined to {}, which leaves {d} one place in {}: {}",
            self.from,
            self.to,
            self.single_house,
            self.single,
            d = Shape::symbol(self.digit)
        )
    }
}

/// House kinds as in the house tables: rows, columns, boxes; under a
/// variant also disjoint groups and window groups (each a partition of
/// the board on 9x9, as boxes are).
const ROW: usize = 0;
const COLUMN: usize = 1;
const BOX: usize = 2;
const GROUP: usize = 3;
const WINDOW: usize = 4;

/// The house of kind `kind` holding `cell` (`usize::MAX` if none).
fn house_of_kind(c: &Candidates, cell: usize, kind: usize) -> usize {
    let t = c.tables();
    if kind <= BOX {
        return t.houses_of(cell)[kind];
    }
    let n = c.n();
    let range = if kind == GROUP { 4 * n + 2..5 * n + 2 } else { 3 * n + 2..4 * n + 2 };
    t.extra_houses_of(cell)
        .iter()
        .map(|&(h, _)| h)
        .find(|h| range.contains(h))
        .unwrap_or(usize::MAX)
}

/// The houses of kind `kind`, in order.
fn houses_of_kind(n: usize, kind: usize) -> std::ops::Range<usize> {
    match kind {
        GROUP => 4 * n + 2..5 * n + 2,
        WINDOW => 3 * n + 2..4 * n + 2,
        _ => kind * n..(kind + 1) * n,
    }
}

/// SE's pairs of kinds for direct locking under a variant, after the
/// classic four: disjoint groups, then window groups, then both.
fn variant_pairs(c: &Candidates) -> Vec<(usize, usize)> {
    let n = c.n();
    let t = c.tables();
    let has = |kind: usize| {
        t.house_count() > 3 * n && houses_of_kind(n, kind).any(|h| !t.house(h).is_empty())
    };
    let mut pairs = Vec::new();
    for kind in [GROUP, WINDOW] {
        if has(kind) {
            pairs.extend([(kind, COLUMN), (kind, ROW), (COLUMN, kind), (ROW, kind), (BOX, kind), (kind, BOX)]);
        }
    }
    if has(GROUP) && has(WINDOW) {
        pairs.extend([(WINDOW, GROUP), (GROUP, WINDOW)]);
    }
    pairs
}

/// Finds the first direct pointing or claiming in SE's order (the unit
/// tests' entry: the solver goes through [`find_fresh`]).
#[cfg(test)]
pub fn find(c: &Candidates) -> Option<Step> {
    let all: Vec<u8> = (1..=c.n() as u8).collect();
    first_in(c, &all)
}

/// [`find`] over the digits changed since this search last found nothing:
/// a digit's result depends on that digit's places alone, and the search
/// re-runs after every step of a solve, mostly in vain.
fn find_fresh(c: &Candidates, cx: &mut Context) -> Option<Step> {
    let key = Technique::DirectPointing;
    let mut changed = [0u8; 32];
    let mut count = 0;
    for d in 1..=c.n() as u8 {
        if cx.memo.digit_changed(key, c, d) {
            changed[count] = d;
            count += 1;
        }
    }
    let found = first_in(c, &changed[..count]);
    if found.is_none() {
        for &d in &changed[..count] {
            cx.memo.nothing_for_digit(key, c, d);
        }
    }
    found
}

/// The first direct locking on one of `digits` (ascending) in SE's order.
fn first_in(c: &Candidates, digits: &[u8]) -> Option<Step> {
    let n = c.n();
    if digits.is_empty() {
        return None;
    }
    for (from, to) in [(BOX, COLUMN), (BOX, ROW), (COLUMN, BOX), (ROW, BOX)] {
        for &d in digits {
            for h1 in from * n..(from + 1) * n {
                if let Some(step) = from_house(c, d, h1, from, to) {
                    return Some(step);
                }
            }
        }
    }
    if c.tables().house_count() == 3 * n {
        return None;
    }
    for (from, to) in variant_pairs(c) {
        for &d in digits {
            for h1 in houses_of_kind(n, from) {
                if let Some(step) = from_house(c, d, h1, from, to) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// A direct locking of `d` from house `h1` into a house of kind `to`.
fn from_house(c: &Candidates, d: u8, h1: usize, from: usize, to: usize) -> Option<Step> {
    let n = c.n();
    let t = c.tables();
    if t.house(h1).is_empty() {
        return None;
    }
    let places = c.positions(h1, d);
    if places.count_ones() < 2 {
        return None;
    }
    let cells = t.house(h1);
    let h2 = house_of_kind(c, cells[places.trailing_zeros() as usize], to);
    if h2 == usize::MAX || bits(places).any(|i| house_of_kind(c, cells[i], to) != h2) {
        return None;
    }
    // Other houses of h1's kind crossing h2, in order: house numbers
    // stay below 5 * 25 + 2 = 127, so one bit each.
    let crossing = t
        .house(h2)
        .iter()
        .map(|&x| house_of_kind(c, x, from))
        .filter(|&h| h != usize::MAX)
        .fold(0u128, |m, h| m | 1 << h);
    let mut others = crossing & !(1u128 << h1);
    while others != 0 {
        let h3 = others.trailing_zeros() as usize;
        others &= others - 1;
        let places3 = c.positions(h3, d);
        if places3.count_ones() < 2 {
            continue;
        }
        let row3 = t.house(h3);
        let mut outside = bits(places3)
            .map(|i| row3[i])
            .filter(|&x| house_of_kind(c, x, to) != h2);
        let (Some(single), None) = (outside.next(), outside.next()) else {
            continue;
        };
        let technique = if from == BOX {
            Technique::DirectPointing
        } else {
            Technique::DirectClaiming
        };
        let pattern = DirectLocked {
            digit: d,
            from: House::of(h1, n),
            to: House::of(h2, n),
            single_house: House::of(h3, n),
            single: Cell::of(single, n),
        };
        return Some(Step::new(technique, difficulty(technique), pattern).place(single, d, n));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn pointing_that_leaves_one_place_in_another_box() {
        let mut c = open_board();
        // 4 in box 2 only at r1c4, r1c6 (row 1). Box 3 has 4 at r1c7, r1c8
        // and r2c9: without row 1, r2c9 is its one place. Box 1 keeps
        // three places off row 1, so it gives no single.
        confine(
            &mut c,
            4,
            &[
                rc(1, 4),
                rc(1, 6),
                rc(1, 7),
                rc(1, 8),
                rc(2, 9),
                rc(2, 1),
                rc(3, 2),
                rc(3, 3),
                rc(5, 5),
                rc(9, 1),
                rc(6, 2),
                rc(8, 3),
            ],
        );
        let step = find(&c).expect("direct pointing");
        assert_eq!(step.technique, Technique::DirectPointing);
        assert_eq!(placed(&step), vec![(rc(2, 9), 4)]);
        assert!(removed(&step).is_empty(), "SE places the single only");
    }

    #[test]
    fn pointing_without_a_resulting_single_is_not_direct() {
        let mut c = open_board();
        // As above but box 3 keeps two places off row 1.
        confine(
            &mut c,
            4,
            &[
                rc(1, 4),
                rc(1, 6),
                rc(1, 7),
                rc(1, 8),
                rc(2, 9),
                rc(3, 9),
                rc(2, 1),
                rc(3, 2),
                rc(3, 3),
                rc(5, 5),
                rc(9, 1),
                rc(6, 2),
                rc(8, 3),
            ],
        );
        assert!(find(&c).is_none());
    }

    #[test]
    fn claiming_that_leaves_one_place_in_another_row() {
        let mut c = open_board();
        // Row 5: 6 only at r5c4, r5c5 (box 5); box 5 also has r4c6, r6c6.
        // Row 4 has 6 at r4c6 and r4c1: without box 5, r4c1 is row 4's
        // one place. Row 6 keeps r6c6 and two more places. No box-to-line
        // locking exists: every box keeps 6 on two rows and two columns.
        confine(
            &mut c,
            6,
            &[
                rc(5, 4),
                rc(5, 5),
                rc(4, 6),
                rc(6, 6),
                rc(4, 1),
                rc(6, 2),
                rc(6, 8),
                rc(1, 1),
                rc(2, 2),
                rc(3, 3),
                rc(7, 7),
                rc(8, 8),
                rc(9, 9),
                rc(1, 4),
                rc(2, 5),
                rc(3, 6),
                rc(7, 4),
                rc(8, 5),
                rc(9, 6),
                rc(1, 7),
                rc(2, 8),
                rc(3, 9),
                rc(7, 1),
                rc(8, 2),
                rc(9, 3),
            ],
        );
        let step = find(&c).expect("direct claiming");
        assert_eq!(step.technique, Technique::DirectClaiming);
        assert_eq!(placed(&step), vec![(rc(4, 1), 6)]);
    }

    #[test]
    fn open_board_has_nothing_direct() {
        assert!(find(&open_board()).is_none());
    }
}
