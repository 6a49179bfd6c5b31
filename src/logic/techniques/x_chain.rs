//! X-chain: an alternating chain on a single digit, strong links being
//! houses with exactly two places. Its two ends cannot both be false, so
//! cells seeing both ends lose the digit. Four-node chains are turbot fish
//! (a technique of their own); longer ones are rated from 6.6, SE's value
//! for forcing X-chains, plus the length bonus.

use super::super::candidates::Candidates;
use super::super::step::Step;
use super::super::technique::{Finder, Technique};
use super::chains::{self, Links};

pub(crate) const FINDER: Finder = Finder {
    id: "x_chain",
    name: "Forcing X-Chain",
    score: 6.6,
    find: Some(|c, cx| cx.memo.at_once(Technique::XChain, c, |mask| find_on(c, mask))),
};

/// Longest chain searched, in nodes; bounds the time spent.
const MAX_NODES: usize = 16;

/// Finds the shortest X-chain that removes or places something.
#[cfg(test)]
pub fn find(c: &Candidates) -> Option<Step> {
    find_on(c, u32::MAX)
}

/// Finds the shortest X-chain on any digit of `digit_mask`.
pub fn find_on(c: &Candidates, digit_mask: u32) -> Option<Step> {
    let links = Links {
        strong_in_cell: false,
        strong_in_house: true,
        weak_in_cell: false,
    };
    chains::find(c, links, Technique::XChain, MAX_NODES, digit_mask)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::testing::*;
    use super::*;

    /// Digit 1 with strong links r1c1=r1c6, r4c6=r4c9, r8c9=r8c2 and
    /// r8c2=r7c1 (box 7); rows 2, 5 and 6 hold 1 everywhere so that no
    /// column or other box is a strong link.
    pub(crate) fn chain_position(with_last_link: bool) -> Candidates {
        let mut c = open_board();
        let mut keep = vec![rc(1, 1), rc(1, 6), rc(4, 6), rc(4, 9), rc(3, 2), rc(7, 1)];
        if with_last_link {
            keep.extend([rc(8, 9), rc(8, 2)]);
        }
        for row in [2, 5, 6] {
            keep.extend((1..=9).map(|col| rc(row, col)));
        }
        confine(&mut c, 1, &keep);
        c
    }

    #[test]
    fn six_node_chain_removes_from_cells_seeing_both_ends() {
        // r1c1 = r1c6 - r4c6 = r4c9 - r8c9 = r8c2: r1c1 or r8c2 is 1, so
        // r2c2, r3c2 (box 1, column 2) and r7c1 (column 1, box 7) lose it.
        // Shorter chains have no cell seeing both ends with a 1.
        let step = find(&chain_position(true)).expect("x-chain");
        assert_eq!(removed(&step), each(&[rc(2, 2), rc(3, 2), rc(7, 1)], 1));
        let expected = Technique::XChain.score() + crate::logic::technique::chain_length_bonus(6);
        assert!((step.difficulty - expected).abs() < 1e-4, "a 6-node chain");
        assert!((step.difficulty - 6.7).abs() < 1e-4);
        assert_eq!(
            step.to_string(),
            "Forcing X-Chain: one end of the chain (1)r1c1 = (1)r1c6 - (1)r4c6 = (1)r4c9 - (1)r8c9 = (1)r8c2 is true, so remove 1 from r2c2, r3c2, r7c1"
        );
    }

    #[test]
    fn without_the_last_link_nothing_follows() {
        assert!(find(&chain_position(false)).is_none());
    }
}
