//! Alternating inference chains (AIC): chains mixing strong links inside
//! bivalue cells and between the two places of a digit in a house, with
//! weak links inside cells and between equal digits in peer cells. SE's
//! static forcing chains cover the same ground from 7.0 plus the length
//! bonus.

use super::super::candidates::Candidates;
use super::super::step::Step;
use super::super::technique::{Finder, Technique};
use super::chains::{self, Links};

pub(crate) const FINDER: Finder = Finder {
    id: "aic",
    name: "Forcing Chain",
    score: 7.0,
    find: Some(|c, _| find(c)),
};

/// Longest chain searched, in nodes.
const MAX_NODES: usize = 24;

/// Finds the shortest AIC that removes or places something.
pub fn find(c: &Candidates) -> Option<Step> {
    let links = Links {
        strong_in_cell: true,
        strong_in_house: true,
        weak_in_cell: true,
    };
    chains::find(c, links, Technique::Aic, MAX_NODES, u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn position(bilocation: bool) -> Candidates {
        let mut c = open_board();
        // r1c1 and r7c2 hold {1,2}; 2 in column 5 only at r1c5 and r7c5.
        c.set_digits(rc(1, 1), &[1, 2]);
        c.set_digits(rc(7, 2), &[1, 2]);
        let mut keep: Vec<usize> = (0..81).filter(|cell| cell % 9 != 4).collect();
        keep.extend([rc(1, 5), rc(7, 5)]);
        if !bilocation {
            keep.push(rc(4, 5));
        }
        confine(&mut c, 2, &keep);
        c
    }

    #[test]
    fn mixed_chain_removes_the_end_digit() {
        // (1)r1c1 = (2)r1c1 - (2)r1c5 = (2)r7c5 - (2)r7c2 = (1)r7c2: one of
        // r1c1, r7c2 is 1. Cells seeing both: r1c2, r2c2, r3c2, r7c1, r8c1,
        // r9c1.
        let step = find(&position(true)).expect("aic");
        let expect = [rc(1, 2), rc(2, 2), rc(3, 2), rc(7, 1), rc(8, 1), rc(9, 1)];
        assert_eq!(removed(&step), each(&expect, 1));
        let expected = Technique::Aic.score() + crate::logic::technique::chain_length_bonus(6);
        assert!((step.difficulty - expected).abs() < 1e-4, "a 6-node chain");
    }

    #[test]
    fn no_strong_link_in_the_column_means_no_chain() {
        assert!(find(&position(false)).is_none());
    }
}
