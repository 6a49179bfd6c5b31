//! Two-String Kite: a row and a column each with exactly two places for a
//! digit, where one end of each lies in the same box (in different cells).
//! Those two ends cannot both hold the digit, so one of the far ends does;
//! cells seeing both far ends lose it. A turbot fish; rated 4.1, as the SE
//! build our reference ratings come from does.

use super::super::candidates::Candidates;
use super::super::step::Step;
use super::super::technique::{Finder, Technique};
use super::skyscraper::TwoLinks;
use super::{eliminate_where_present, if_progress};

pub(crate) const FINDER: Finder = Finder {
    id: "two_string_kite",
    name: "Two-string Kite",
    score: 4.1,
    find: Some(|c, cx| cx.memo.first(Technique::TwoStringKite, c, |d| find_digit(c, d))),
};

/// Finds a two-string kite that removes something.
#[cfg(test)]
pub fn find(c: &Candidates) -> Option<Step> {
    (1..=c.n() as u8).find_map(|d| find_digit(c, d))
}

/// Finds a two-string kite on digit `d`.
pub fn find_digit(c: &Candidates, d: u8) -> Option<Step> {
    let n = c.n();
    let rows = strong_links(c, d, 0..n);
    let cols = strong_links(c, d, n..2 * n);
    for &(row, r) in &rows {
        for &(col, k) in &cols {
            if let Some(step) = kite(c, d, (row, r), (col, k)) {
                return Some(step);
            }
        }
    }
    None
}

/// The houses in `range` with exactly two places for `d`, with the places.
fn strong_links(c: &Candidates, d: u8, range: std::ops::Range<usize>) -> Vec<(usize, [usize; 2])> {
    range
        .filter_map(|h| c.two_places(h, d).map(|places| (h, places)))
        .collect()
}

fn kite(c: &Candidates, d: u8, (_, r): (usize, [usize; 2]), (_, k): (usize, [usize; 2])) -> Option<Step> {
    let n = c.n();
    let t = c.tables();
    if r.iter().any(|cell| k.contains(cell)) {
        return None;
    }
    for (i, j) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        let (row_end, row_hinge, col_hinge, col_end) = (r[1 - i], r[i], k[j], k[1 - j]);
        if t.houses_of(row_hinge)[2] != t.houses_of(col_hinge)[2] {
            continue;
        }
        let pattern = TwoLinks::new(d, [row_end, row_hinge, col_hinge, col_end], n);
        let mut step = Step::new(Technique::TwoStringKite, pattern);
        let victims = t.common_peers(row_end, col_end);
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
    fn removes_where_the_strings_cross() {
        let mut c = open_board();
        // 6 in row 1 at c2 and c8; in column 3 at r3 and r7. r1c2 and r3c3
        // share box 1, so r1c8 or r7c3 is 6: r7c8 sees both.
        confine(&mut c, 6, &[rc(1, 2), rc(1, 8), rc(3, 3), rc(7, 3), rc(7, 8)]);
        let step = find(&c).expect("kite");
        assert_eq!(removed(&step), each(&[rc(7, 8)], 6));
        assert_eq!(
            step.to_string(),
            "Two-string Kite: 6 has strong links r1c8=r1c2 and r3c3=r7c3, and r1c2 sees r3c3: r1c8 or r7c3 is 6, so remove 6 from r7c8"
        );
    }

    #[test]
    fn hinges_in_different_boxes_do_nothing() {
        let mut c = open_board();
        // As above with the column's hinge moved to r4c3 (box 4).
        confine(&mut c, 6, &[rc(1, 2), rc(1, 8), rc(4, 3), rc(7, 3), rc(7, 8)]);
        assert!(find(&c).is_none());
    }
}
