//! Turbot fish: the shortest X-chain, two strong links on one digit joined
//! by a weak link (four nodes). The two far ends cannot both be false, so
//! cells seeing both lose the digit. Skyscrapers and Two-String Kites are
//! its named cases and are tried first; this covers the rest, such as a
//! strong link in a box. SE (the Sukaku Explainer build our reference
//! ratings come from) rates it 4.2.

use super::super::candidates::Candidates;
use super::super::step::Step;
use super::super::technique::{Finder, Technique};
use super::skyscraper::TwoLinks;
use super::{eliminate_where_present, first_in_pairs, if_progress};

pub(crate) const FINDER: Finder = Finder {
    id: "turbot_crane",
    name: "Turbot Crane",
    score: 4.2,
    find: Some(|c, cx| cx.memo.first(Technique::TurbotFish, c, |d| find_digit(c, d))),
};

/// Finds a turbot fish that removes something.
#[cfg(test)]
pub fn find(c: &Candidates) -> Option<Step> {
    (1..=c.n() as u8).find_map(|d| find_digit(c, d))
}

/// Finds a turbot fish on digit `d`: strong links `a=b` and `x=y` with
/// `b` seeing `x`, so `a` or `y` holds `d`.
pub fn find_digit(c: &Candidates, d: u8) -> Option<Step> {
    let links = strong_links(c, d);
    first_in_pairs(&links, |(a1, b1), (a2, b2)| {
        for (a, b) in [(a1, b1), (b1, a1)] {
            for (x, y) in [(a2, b2), (b2, a2)] {
                if let Some(step) = turbot(c, d, [a, b, x, y]) {
                    return Some(step);
                }
            }
        }
        None
    })
}

/// The strong links of `d`: pairs of cells that are its only two places in
/// some house, each pair once.
fn strong_links(c: &Candidates, d: u8) -> Vec<(usize, usize)> {
    let mut links = Vec::new();
    for h in 0..3 * c.n() {
        if let Some([a, b]) = c.two_places(h, d) {
            if !links.contains(&(a, b)) {
                links.push((a, b));
            }
        }
    }
    links
}

fn turbot(c: &Candidates, d: u8, [a, b, x, y]: [usize; 4]) -> Option<Step> {
    let t = c.tables();
    let distinct = a != x && a != y && b != x && b != y;
    if !distinct || !t.sees(b, x) {
        return None;
    }
    let n = c.n();
    let mut step = Step::new(Technique::TurbotFish, TwoLinks::new(d, [a, b, x, y], n));
    let victims = t.peers(a).iter().copied().filter(|&v| v != y && t.sees(v, y));
    eliminate_where_present(&mut step, c, victims, d);
    if_progress(step)
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    /// Box 1 without r1c1 and r3c2: emptied of 8 there, it leaves a strong
    /// link r1c1=r3c2.
    fn box1_but_the_link() -> [usize; 7] {
        [
            rc(1, 2),
            rc(1, 3),
            rc(2, 1),
            rc(2, 2),
            rc(2, 3),
            rc(3, 1),
            rc(3, 3),
        ]
    }

    #[test]
    fn box_link_and_row_link() {
        let mut c = open_board();
        // 8 in box 1 only at r1c1 and r3c2; in row 6 only at c2 and c7.
        // r3c2 - r6c2 share column 2, so r1c1 or r6c7 is 8. Of the cells
        // seeing both (r1c7, r6c1), only r1c7 still has 8.
        let box1 = box1_but_the_link();
        let row6 = [
            rc(6, 1),
            rc(6, 3),
            rc(6, 4),
            rc(6, 5),
            rc(6, 6),
            rc(6, 8),
            rc(6, 9),
        ];
        let keep: Vec<usize> = (0..81)
            .filter(|x| !box1.contains(x) && !row6.contains(x))
            .collect();
        confine(&mut c, 8, &keep);
        let step = find(&c).expect("turbot fish");
        assert_eq!(removed(&step), each(&[rc(1, 7)], 8));
    }

    #[test]
    fn no_second_strong_link_no_fish() {
        let mut c = open_board();
        let box1 = box1_but_the_link();
        let keep: Vec<usize> = (0..81).filter(|x| !box1.contains(x)).collect();
        confine(&mut c, 8, &keep);
        assert!(find(&c).is_none());
    }
}
