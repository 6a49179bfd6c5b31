//! Direct claiming: a claiming that leaves a hidden single. SE rates it
//! 1.9, below naked singles.

use super::super::candidates::Candidates;
use super::super::step::Step;
use super::super::technique::Technique;
use super::{as_direct, claiming, opens_hidden_single};

/// Finds a claiming whose removals leave a hidden single.
pub fn find(c: &Candidates) -> Option<Step> {
    let step = claiming::find_where(c, |s| opens_hidden_single(c, s))?;
    Some(as_direct(step, Technique::DirectClaiming))
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn claiming_that_leaves_one_place_in_a_row() {
        let mut c = open_board();
        // Column 5: 6 only at r4c5, r6c5 (box 5). Box 5 also has 6 at
        // r5c4; row 5 has 6 at r5c4 and r5c9 only, so removing r5c4 leaves
        // r5c9 the one place in row 5. r6c1 keeps row 6 from claiming.
        confine(
            &mut c,
            6,
            &[
                rc(4, 5),
                rc(6, 5),
                rc(5, 4),
                rc(5, 9),
                rc(6, 1),
                rc(1, 1),
                rc(9, 9),
                rc(2, 9),
                rc(8, 1),
            ],
        );
        let step = find(&c).expect("direct claiming");
        assert_eq!(removed(&step), each(&[rc(5, 4)], 6));
    }

    #[test]
    fn open_board_has_nothing_direct() {
        assert!(find(&open_board()).is_none());
    }
}
