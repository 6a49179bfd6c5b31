//! Direct hidden pairs and triplets: `k` digits confined to `k` cells of a
//! house, which would leave another digit one place in that house once
//! the cells lose their other candidates. SE counts the pattern only with
//! that hidden single and places the single directly (without the
//! removals), rating it 2.0 (pair) or 2.5 (triplet).

use super::super::candidates::{bit, Candidates};
use super::super::step::{Cell, Pattern, Step};
use super::super::technique::{Finder, Technique};
use super::hidden_subset::HiddenSet;
use super::{se_house_order, search_subsets, Context};
use crate::shape::Shape;
use std::fmt;

pub(crate) const PAIR: Finder = Finder {
    id: "direct_hidden_pair",
    name: "Direct Hidden Pair",
    score: 2.0,
    find: Some(|c, cx| find_fresh(c, cx, 2, Technique::DirectHiddenPair)),
};

pub(crate) const TRIPLE: Finder = Finder {
    id: "direct_hidden_triplet",
    name: "Direct Hidden Triplet",
    score: 2.5,
    find: Some(|c, cx| find_fresh(c, cx, 3, Technique::DirectHiddenTriple)),
};

/// A hidden set and the single it leaves in its house.
#[derive(Debug)]
struct DirectHiddenSet {
    set: HiddenSet,
    digit: u8,
    single: Cell,
}

impl Pattern for DirectHiddenSet {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.set.describe(f)?;
        write!(
            f,
            ", which leaves {} one place there: {}",
            Shape::symbol(self.digit),
            self.single
        )
    }
}

/// Finds a direct hidden set of `size` digits (2 or 3) in SE's order:
/// boxes, columns, rows; digit tuples in increasing order (the unit tests'
/// entry: the solver goes through [`find_fresh`]).
#[cfg(test)]
pub fn find(c: &Candidates, size: usize) -> Option<Step> {
    let n = c.n();
    se_house_order(n).find_map(|h| find_in(c, size, h))
}

/// The first direct hidden set of `size` digits in SE's house order
/// (boxes, columns, rows; digit tuples in increasing order), over the
/// houses changed since this search last found nothing
/// in them: a house's result depends on that house alone, and the search
/// re-runs after every step of a solve.
fn find_fresh(c: &Candidates, cx: &mut Context, size: usize, memo_key: Technique) -> Option<Step> {
    let n = c.n();
    cx.memo
        .first_house(memo_key, c, se_house_order(n), |h| find_in(c, size, h))
}

fn find_in(c: &Candidates, size: usize, h: usize) -> Option<Step> {
    let n = c.n();
    let house = c.tables().house(h);
    let empty = c.empty_cells(h);
    // SE looks only where more cells are empty than the set fills.
    if empty <= size {
        return None;
    }
    let mut all = [0u32; 32];
    c.all_positions(h, &mut all);
    // Fixed arrays: this runs after every step, so no allocation.
    let mut digits = [0u8; 32];
    let mut places = [0u32; 32];
    let mut count = 0;
    for d in 1..=n as u8 {
        let p = all[d as usize - 1];
        if (2..=size).contains(&(p.count_ones() as usize)) {
            digits[count] = d;
            places[count] = p;
            count += 1;
        }
    }
    search_subsets(&places[..count], size, size as u32, &mut |chosen, union| {
        let in_set = chosen.iter().fold(0, |m, &i| m | bit(digits[i]));
        let (d, at) = (1..=n as u8).filter(|&d| in_set & bit(d) == 0).find_map(|d| {
            let p = all[d as usize - 1];
            let rest = p & !union;
            (p.count_ones() > 1 && rest.count_ones() == 1).then(|| (d, rest.trailing_zeros() as usize))
        })?;
        let set: Vec<u8> = chosen.iter().map(|&i| digits[i]).collect();
        let single = house[at];
        let cells = super::super::candidates::bits(union).map(|i| house[i]).collect();
        let pattern = DirectHiddenSet {
            set: HiddenSet {
                digits: set,
                house: super::super::step::House::of(h, n),
                cells,
                n,
            },
            digit: d,
            single: Cell::of(single, n),
        };
        let technique = if size == 2 {
            Technique::DirectHiddenPair
        } else {
            Technique::DirectHiddenTriple
        };
        Some(Step::new(technique, pattern).place(single, d, n))
    })
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn hidden_pair_that_leaves_a_single() {
        // Box 5: 2 and 9 only in r4c4 {2,5,9} and r6c6 {1,2,9}; 5 is
        // elsewhere in box 5 only at r5c5, so without r4c4 it has one
        // place: r5c5.
        let mut c = box5_hidden_pair();
        for cell in [rc(4, 5), rc(4, 6), rc(5, 4), rc(5, 6), rc(6, 4), rc(6, 5)] {
            c.set_mask(cell, c.mask(cell) & !bit(5));
        }
        let step = find(&c, 2).expect("direct hidden pair");
        assert_eq!(step.technique, Technique::DirectHiddenPair);
        assert_eq!(placed(&step), vec![(rc(5, 5), 5)]);
        assert!(removed(&step).is_empty());
    }

    #[test]
    fn plain_hidden_pair_is_not_direct() {
        let c = box5_hidden_pair();
        assert!(super::super::hidden_subset::find(&c, 2).is_some());
        assert!(find(&c, 2).is_none());
    }
}
