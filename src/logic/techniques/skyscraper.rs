//! Skyscraper: two rows (or columns) each with exactly two places for a
//! digit, where one end of each shares a column (row). The shared ends
//! cannot both hold the digit, so one of the two far ends does; cells that
//! see both far ends lose the digit. A turbot fish; the SE build our
//! reference ratings come from rates it 4.0.

use super::super::candidates::Candidates;
use super::super::step::{Cell, Pattern, Step};
use super::super::technique::{Finder, Technique};
use super::{eliminate_where_present, first_in_pairs, if_progress};
use crate::shape::Shape;
use std::fmt;

pub(crate) const FINDER: Finder = Finder {
    id: "skyscraper",
    name: "Skyscraper",
    score: 4.0,
    find: Some(|c, cx| cx.memo.first(Technique::Skyscraper, c, |d| find_digit(c, d))),
};

/// Two strong links on one digit, `ends[0]=ends[1]` and `ends[2]=ends[3]`,
/// whose inner ends `ends[1]` and `ends[2]` see each other: one of the
/// outer ends holds the digit.
#[derive(Debug)]
pub(crate) struct TwoLinks {
    pub digit: u8,
    pub ends: [Cell; 4],
}

impl TwoLinks {
    pub fn new(digit: u8, cells: [usize; 4], n: usize) -> TwoLinks {
        TwoLinks {
            digit,
            ends: cells.map(|c| Cell::of(c, n)),
        }
    }
}

impl Pattern for TwoLinks {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, x, y] = self.ends;
        let d = Shape::symbol(self.digit);
        write!(
            f,
            "{d} has strong links {a}={b} and {x}={y}, and {b} sees {x}: {a} or {y} is {d}"
        )
    }
}

/// Finds a skyscraper that removes something.
#[cfg(test)]
pub fn find(c: &Candidates) -> Option<Step> {
    (1..=c.n() as u8).find_map(|d| find_digit(c, d))
}

/// Finds a skyscraper on digit `d`.
pub fn find_digit(c: &Candidates, d: u8) -> Option<Step> {
    [0, 1].into_iter().find_map(|kind| {
        let links = strong_links(c, d, kind);
        first_in_pairs(&links, |a, b| joined(c, d, a, b))
    })
}

/// The lines of `kind` (0 rows, 1 columns) with exactly two places for `d`.
fn strong_links(c: &Candidates, d: u8, kind: usize) -> Vec<[usize; 2]> {
    let n = c.n();
    (kind * n..(kind + 1) * n)
        .filter_map(|line| c.two_places(line, d))
        .collect()
}

/// The step for two parallel links if exactly one pair of ends shares a
/// cross line.
fn joined(c: &Candidates, d: u8, a: [usize; 2], b: [usize; 2]) -> Option<Step> {
    let n = c.n();
    let t = c.tables();
    // Parallel rows share columns (houses_of index 1), columns share rows.
    let cross = if t.houses_of(a[0])[0] == t.houses_of(a[1])[0] {
        1
    } else {
        0
    };
    let line = |cell: usize| t.houses_of(cell)[cross];
    for (i, j) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        let (base_a, end_a, base_b, end_b) = (a[i], a[1 - i], b[j], b[1 - j]);
        if line(base_a) != line(base_b) || line(end_a) == line(end_b) {
            continue;
        }
        let pattern = TwoLinks::new(d, [end_a, base_a, base_b, end_b], n);
        let mut step = Step::new(Technique::Skyscraper, pattern);
        let victims = t.common_peers(end_a, end_b);
        eliminate_where_present(&mut step, c, victims, d);
        return if_progress(step);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn removes_from_cells_seeing_both_tops() {
        let mut c = open_board();
        // 1 in row 2 at c2, c5; in row 8 at c2, c6: bases in column 2,
        // tops r2c5 and r8c6. Cells seeing both tops: r1c6, r3c6 (box 2
        // with r2c5, column 6 with r8c6), r7c5, r9c5 (box 8 and column 5).
        let mut keep = vec![rc(2, 2), rc(2, 5), rc(8, 2), rc(8, 6)];
        keep.extend([
            rc(1, 6),
            rc(3, 6),
            rc(7, 5),
            rc(9, 5),
            rc(5, 5),
            rc(5, 6),
            rc(4, 9),
            rc(6, 9),
        ]);
        keep.extend([
            rc(1, 1),
            rc(1, 8),
            rc(3, 3),
            rc(3, 7),
            rc(7, 3),
            rc(7, 8),
            rc(9, 1),
            rc(9, 7),
        ]);
        confine(&mut c, 1, &keep);
        let step = find(&c).expect("skyscraper");
        assert_eq!(removed(&step), each(&[rc(1, 6), rc(3, 6), rc(7, 5), rc(9, 5)], 1));
    }

    #[test]
    fn tops_in_one_column_are_an_x_wing_not_a_skyscraper() {
        let mut c = open_board();
        let keep = [
            rc(2, 2),
            rc(2, 5),
            rc(8, 2),
            rc(8, 5),
            rc(1, 6),
            rc(3, 6),
            rc(5, 5),
            rc(5, 6),
        ];
        confine(&mut c, 1, &keep);
        assert!(find(&c).is_none());
    }
}
