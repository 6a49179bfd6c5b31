//! XY-chain: a chain of bivalue cells, each sharing a digit with the next.
//! If the first cell is not x, the last cell is x; cells seeing both ends
//! lose x. Rated from 6.8 (between SE's X-chains and its mixed forcing
//! chains) plus the length bonus.

use super::super::candidates::Candidates;
use super::super::step::Step;
use super::super::technique::{Finder, Technique};
use super::chains::{self, Links};

pub(crate) const FINDER: Finder = Finder {
    id: "xy_chain",
    name: "Forcing Y-Chain",
    score: 6.8,
    find: Some(|c, _| find(c)),
};

/// Longest chain searched, in nodes.
const MAX_NODES: usize = 20;

/// Finds the shortest XY-chain that removes or places something.
pub fn find(c: &Candidates) -> Option<Step> {
    let links = Links {
        strong_in_cell: true,
        strong_in_house: false,
        weak_in_cell: false,
    };
    chains::find(c, links, Technique::XYChain, MAX_NODES, u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn four_cells_remove_the_end_digit() {
        let mut c = open_board();
        // (1=2)r1c1 - (2=3)r1c5 - (3=4)r5c5 - (4=1)r5c9: r1c1 or r5c9 is 1,
        // so r1c9 and r5c1 (seeing both) lose 1.
        c.set_digits(rc(1, 1), &[1, 2]);
        c.set_digits(rc(1, 5), &[2, 3]);
        c.set_digits(rc(5, 5), &[3, 4]);
        c.set_digits(rc(5, 9), &[4, 1]);
        let step = find(&c).expect("xy-chain");
        assert_eq!(removed(&step), each(&[rc(1, 9), rc(5, 1)], 1));
        let expected = Technique::XYChain.score() + crate::logic::technique::chain_length_bonus(8);
        assert!((step.difficulty - expected).abs() < 1e-4, "a 8-node chain");
    }

    #[test]
    fn ends_on_different_digits_in_unrelated_cells_give_nothing() {
        let mut c = open_board();
        c.set_digits(rc(1, 1), &[1, 2]);
        c.set_digits(rc(1, 5), &[2, 3]);
        c.set_digits(rc(5, 5), &[3, 4]);
        c.set_digits(rc(5, 9), &[4, 6]);
        assert!(find(&c).is_none());
    }
}
