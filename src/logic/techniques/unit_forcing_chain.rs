//! Unit forcing chain: every place of a digit in one house leads, through
//! singles, to the same placement or removal, so that conclusion holds
//! wherever the digit goes. Rated from 8.4 (after cell forcing chains, as
//! in SE) plus the length bonus.

use super::super::candidates::Candidates;
use super::super::step::{House, Step};
use super::super::technique::{Finder, Technique};
use super::cell_forcing_chain::conclude;
use super::forcing::{quickest_common, settled_group, Branches, Common, Source};

pub(crate) const FINDER: Finder = Finder {
    id: "region_forcing_chain",
    name: "Region Forcing Chains",
    score: 8.4,
    find: Some(|c, cx| find(c, super::full_branches(c, cx.branches))),
};

/// Finds the house and digit whose places agree on something fastest.
pub fn find(c: &Candidates, branches: &Branches) -> Option<Step> {
    let n = c.n();
    let mut best: Option<(Common, usize, u8)> = None;
    for h in 0..3 * n {
        for d in 1..=n as u8 {
            if c.positions(h, d).count_ones() < 2 {
                continue;
            }
            let Some(group) = settled_group(branches, c.cells_with(h, d).map(|cell| (cell, d))) else {
                continue;
            };
            if let Some(common) = quickest_common(c, &group) {
                if best.as_ref().is_none_or(|(b, _, _)| common.length < b.length) {
                    best = Some((common, h, d));
                }
            }
        }
    }
    let (common, h, d) = best?;
    Some(conclude(
        Technique::UnitForcingChain,
        Source::House(House::of(h, n), d),
        common,
        n,
    ))
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn every_place_of_a_digit_removes_the_same_candidate() {
        let mut c = open_board();
        // 9 in row 1 only at r1c1 and r1c9; 4 in row 5 only at c1, c5, c9.
        // 9 at r1c1 makes r5c1 {9,4} a 4; 9 at r1c9 makes r5c9 {9,4} a 4.
        // Either way r5c5 loses 4 after two placements.
        confine(
            &mut c,
            9,
            &(0..81)
                .filter(|&x| x >= 9 || x == rc(1, 1) || x == rc(1, 9))
                .collect::<Vec<_>>(),
        );
        let row5 = |x: usize| x / 9 == 4;
        confine(
            &mut c,
            4,
            &(0..81)
                .filter(|&x| !row5(x) || [rc(5, 1), rc(5, 5), rc(5, 9)].contains(&x))
                .collect::<Vec<_>>(),
        );
        c.set_digits(rc(5, 1), &[4, 9]);
        c.set_digits(rc(5, 9), &[4, 9]);
        let mut branches = Branches::compute(&c);
        branches.ensure_full(&c);
        let step = find(&c, &branches).expect("unit forcing chain");
        assert_eq!(removed(&step), vec![(rc(5, 5), 4)]);
    }

    #[test]
    fn an_open_board_forces_nothing() {
        let c = open_board();
        let mut branches = Branches::compute(&c);
        branches.ensure_full(&c);
        assert!(find(&c, &branches).is_none());
    }
}
