//! Claiming (locked candidates type 2, box-line reduction): when a digit's
//! places in a row or column all lie in one box, the digit cannot go
//! elsewhere in that box (SE 2.8).

use super::super::board::House;
use super::super::candidates::Candidates;
use super::super::producer::{Context, Producer};
use super::super::step::Step;
use super::super::technique::Technique;
use super::common::step_removing;
use super::locked::Locked;

/// SE's difficulty of the technique's steps.
const DIFFICULTY: f32 = 2.8;

/// Claiming: a digit confined to one box inside a line.
pub(crate) struct Claiming;

impl Producer for Claiming {
    fn techniques(&self) -> &'static [Technique] {
        &[Technique::Claiming]
    }

    fn difficulty(&self, _: Technique) -> f32 {
        DIFFICULTY
    }

    fn find(&self, c: &Candidates, cx: &mut Context) -> Option<Step> {
        let n = c.n();
        // SE: columns first, then rows; digit by digit, line by line.
        let t = Technique::Claiming;
        cx.memo.first_by_digit(t, c, 0..2 * n, &[1, 0], |kind, d, line| {
            (line / n == kind).then(|| confined_to_box(c, line, d)).flatten()
        })
    }
}

/// Finds a line whose places for a digit share a box, with the digit still
/// present in that box off the line.
#[cfg(test)]
pub fn find(c: &Candidates) -> Option<Step> {
    find_where(c, |_| true)
}

/// The first such step that `accept` takes (used by the direct variant).
#[cfg(test)]
pub fn find_where(c: &Candidates, accept: impl Fn(&Step) -> bool) -> Option<Step> {
    (0..2 * c.n()).find_map(|line| find_in(c, line, &accept))
}

/// Finds a claiming from `line` (a row or column house number) that
/// `accept` takes.
#[cfg(test)]
pub fn find_in(c: &Candidates, line: usize, accept: &impl Fn(&Step) -> bool) -> Option<Step> {
    let mut all = [0u32; 32];
    c.all_positions(line, &mut all);
    for d in 1..=c.n() as u8 {
        let p = all[d as usize - 1];
        if p.count_ones() < 2 || !in_one_box(c, line, p) {
            continue;
        }
        if let Some(step) = confined_to_box(c, line, d).filter(|s| accept(s)) {
            return Some(step);
        }
    }
    None
}

/// Whether line-local positions `p` lie in one box's segment of the line.
#[cfg(test)]
fn in_one_box(c: &Candidates, line: usize, p: u32) -> bool {
    let width = if line < c.n() {
        c.shape().box_cols()
    } else {
        c.shape().box_rows()
    };
    let segment = ((1u32 << width) - 1) << (p.trailing_zeros() as usize / width * width);
    p & !segment == 0
}

fn confined_to_box(c: &Candidates, line: usize, d: u8) -> Option<Step> {
    let n = c.n();
    let mut places = c.cells_with(line, d);
    let first = places.next()?;
    let b = c.tables().houses_of(first)[2];
    let mut count = 1;
    for cell in places {
        if c.tables().houses_of(cell)[2] != b {
            return None;
        }
        count += 1;
    }
    if count < 2 {
        return None;
    }
    let kind = line / n;
    let off_line = || {
        c.cells_with(b, d)
            .filter(|&cell| c.tables().houses_of(cell)[kind] != line)
    };
    step_removing(c, d, off_line, || {
        Step::new(
            Technique::Claiming,
            DIFFICULTY,
            Locked {
                digit: d,
                from: House::of(line, n),
                to: House::of(b, n),
            },
        )
    })
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn removes_the_digit_from_the_rest_of_the_box() {
        let mut c = open_board();
        // Column 5: 6 only at r4c5 and r6c5 (box 5). Box 5 also has 6 at
        // r5c4 and r6c6; r5c9 and r6c1 keep rows 5 and 6 from claiming.
        let keep = [
            rc(4, 5),
            rc(6, 5),
            rc(5, 4),
            rc(6, 6),
            rc(5, 9),
            rc(6, 1),
            rc(1, 1),
            rc(9, 9),
        ];
        confine(&mut c, 6, &keep);
        let step = find(&c).expect("claiming");
        assert_eq!(removed(&step), each(&[rc(5, 4), rc(6, 6)], 6));
        assert_eq!(
            step.to_string(),
            "Claiming: 6 in column 5 is confined to box 5, so remove 6 from r5c4, r6c6"
        );
    }

    #[test]
    fn spread_over_two_boxes_is_no_claim() {
        let mut c = open_board();
        confine(&mut c, 6, &[rc(4, 5), rc(8, 5), rc(5, 4), rc(4, 1), rc(8, 8)]);
        assert!(find(&c).is_none());
    }
}
