//! Pointing (locked candidates type 1): when a digit's places in a box all
//! lie on one row or column, the digit cannot go elsewhere on that line
//! (SE 2.6).

use super::super::board::House;
use super::super::candidates::Candidates;
use super::super::producer::{Context, Producer};
use super::super::step::Step;
use super::super::technique::Technique;
use super::common::step_removing;
use super::locked::Locked;

/// SE's difficulty of the technique's steps.
const DIFFICULTY: f32 = 2.6;

/// Pointing: a digit confined to one line inside a box.
pub(crate) struct Pointing;

impl Producer for Pointing {
    fn techniques(&self) -> &'static [Technique] {
        &[Technique::Pointing]
    }

    fn difficulty(&self, _: Technique) -> f32 {
        DIFFICULTY
    }

    fn find(&self, c: &Candidates, cx: &mut Context) -> Option<Step> {
        // SE: every box confined to a column first, then to a row; digit
        // by digit, box by box.
        let n = c.n();
        let t = Technique::Pointing;
        cx.memo.first_by_digit(t, c, 2 * n..3 * n, &[1, 0], |kind, d, b| {
            confined_to_line(c, b, d, Some(kind))
        })
    }
}

/// Finds a box whose places for a digit share a line, with the digit still
/// present on that line outside the box.
#[cfg(test)]
pub fn find(c: &Candidates) -> Option<Step> {
    find_where(c, |_| true)
}

/// The first such step that `accept` takes (used by the direct variant).
#[cfg(test)]
pub fn find_where(c: &Candidates, accept: impl Fn(&Step) -> bool) -> Option<Step> {
    let n = c.n();
    (2 * n..3 * n).find_map(|b| find_in(c, b, &accept))
}

/// Finds a pointing from box `b` (its house number) that `accept` takes.
#[cfg(test)]
pub fn find_in(c: &Candidates, b: usize, accept: &impl Fn(&Step) -> bool) -> Option<Step> {
    let mut all = [0u32; 32];
    c.all_positions(b, &mut all);
    for d in 1..=c.n() as u8 {
        // Two or more places: a single place is a hidden single.
        let p = all[d as usize - 1];
        if p.count_ones() < 2 || !in_one_line(c, p) {
            continue;
        }
        if let Some(step) = confined_to_line(c, b, d, None).filter(|s| accept(s)) {
            return Some(step);
        }
    }
    None
}

/// Whether box-local positions `p` share a row or a column of the box.
#[cfg(test)]
fn in_one_line(c: &Candidates, p: u32) -> bool {
    let bc = c.shape().box_cols();
    let row = ((1u32 << bc) - 1) << (p.trailing_zeros() as usize / bc * bc);
    let col =
        (0..c.shape().box_rows()).fold(0u32, |m, r| m | 1 << (r * bc + p.trailing_zeros() as usize % bc));
    p & !row == 0 || p & !col == 0
}

/// The pointing of `d` from box `b` onto a line (of `kind`, 0 rows or 1
/// columns, if given).
fn confined_to_line(c: &Candidates, b: usize, d: u8, kind: Option<usize>) -> Option<Step> {
    let n = c.n();
    let mut places = c.cells_with(b, d);
    let first = places.next()?;
    let [row, col, _] = c.tables().houses_of(first);
    let (mut same_row, mut same_col, mut count) = (true, true, 1);
    for cell in places {
        let [r, k, _] = c.tables().houses_of(cell);
        same_row &= r == row;
        same_col &= k == col;
        count += 1;
    }
    if count < 2 {
        return None;
    }
    let line = if same_row {
        row
    } else if same_col {
        col
    } else {
        return None;
    };
    if kind.is_some_and(|k| line / n != k) {
        return None;
    }
    let outside = || {
        c.cells_with(line, d)
            .filter(|&cell| c.tables().houses_of(cell)[2] != b)
    };
    step_removing(c, d, outside, || {
        Step::new(
            Technique::Pointing,
            DIFFICULTY,
            Locked {
                digit: d,
                from: House::of(b, n),
                to: House::of(line, n),
            },
        )
    })
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn removes_the_digit_from_the_rest_of_the_row() {
        let mut c = open_board();
        // In box 2 (r1-3, c4-6), 4 only at r1c4 and r1c6. Row 1 also has 4
        // at r1c7 and r1c8; other boxes keep theirs.
        let mut keep = vec![rc(1, 4), rc(1, 6), rc(1, 7), rc(1, 8)];
        keep.extend([rc(4, 1), rc(5, 5), rc(9, 9), rc(2, 2)]);
        confine(&mut c, 4, &keep);
        let step = find(&c).expect("pointing");
        assert_eq!(removed(&step), each(&[rc(1, 7), rc(1, 8)], 4));
        assert_eq!(
            step.to_string(),
            "Pointing: 4 in box 2 is confined to row 1, so remove 4 from r1c7, r1c8"
        );
    }

    #[test]
    fn nothing_to_remove_means_no_step() {
        let mut c = open_board();
        // 4 in box 2 on row 1 only, but row 1 has no other 4.
        confine(&mut c, 4, &[rc(1, 4), rc(1, 6), rc(5, 5), rc(9, 9)]);
        assert!(find(&c).is_none());
    }
}
