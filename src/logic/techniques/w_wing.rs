//! W-Wing: two cells that do not see each other both hold only {x,y}, and
//! a strong link on x (a house with exactly two places for x) has one end
//! seeing each cell. If neither cell were y, both would be x and the link
//! would have no x; so one of them is y and cells seeing both lose y.

use super::super::candidates::{digits, Candidates};
use super::super::step::Step;
use super::super::technique::Technique;
use super::{eliminate_where_present, first_in_pairs, if_progress};

/// Finds a W-Wing that removes something.
pub fn find(c: &Candidates) -> Option<Step> {
    let bivalue: Vec<usize> = (0..c.cell_count())
        .filter(|&cell| c.mask(cell).count_ones() == 2)
        .collect();
    first_in_pairs(&bivalue, |a, b| {
        if c.mask(a) != c.mask(b) || c.tables().sees(a, b) {
            return None;
        }
        wing(c, a, b)
    })
}

fn wing(c: &Candidates, a: usize, b: usize) -> Option<Step> {
    let n = c.n();
    let t = c.tables();
    let pair: Vec<u8> = digits(c.mask(a)).collect();
    for (x, y) in [(pair[0], pair[1]), (pair[1], pair[0])] {
        for h in 0..3 * n {
            let Some([p, q]) = c.two_places(h, x) else {
                continue;
            };
            let (p, q) = if t.sees(p, a) && t.sees(q, b) {
                (p, q)
            } else if t.sees(q, a) && t.sees(p, b) {
                (q, p)
            } else {
                continue;
            };
            if [p, q].iter().any(|e| *e == a || *e == b) {
                continue;
            }
            let mut step = Step::new(Technique::WWing)
                .with_cells([a, b, p, q], n)
                .with_digits([x, y]);
            let victims = t.common_peers(a, b);
            eliminate_where_present(&mut step, c, victims, y);
            if step.makes_progress() {
                return if_progress(step);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn removes_the_other_digit_between_the_cells() {
        let mut c = open_board();
        // r1c1 and r5c9 hold {4,7}. 4 in column 5 only at r1c5 (sees
        // r1c1) and r5c5 (sees r5c9). So r1c1 or r5c9 is 7: r1c9 and r5c1
        // lose 7.
        c.set_digits(rc(1, 1), &[4, 7]);
        c.set_digits(rc(5, 9), &[4, 7]);
        let mut keep: Vec<usize> = (1..=9).flat_map(|r| (1..=9).map(move |k| rc(r, k))).collect();
        keep.retain(|&cell| cell % 9 != 4 || cell == rc(1, 5) || cell == rc(5, 5));
        confine(&mut c, 4, &keep);
        let step = find(&c).expect("w-wing");
        assert_eq!(removed(&step), each(&[rc(1, 9), rc(5, 1)], 7));
    }

    #[test]
    fn needs_the_strong_link() {
        let mut c = open_board();
        c.set_digits(rc(1, 1), &[4, 7]);
        c.set_digits(rc(5, 9), &[4, 7]);
        assert!(find(&c).is_none());
    }
}
