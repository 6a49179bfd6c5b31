//! Direct pointing: a pointing that leaves a hidden single. SE rates it
//! 1.7, below naked singles, because the solver only needs to see the
//! pointing while looking for where a digit goes.

use super::super::candidates::Candidates;
use super::super::step::Step;
use super::super::technique::Technique;
use super::{as_direct, opens_hidden_single, pointing};

/// Finds a pointing whose removals leave a hidden single.
pub fn find(c: &Candidates) -> Option<Step> {
    let step = pointing::find_where(c, |s| opens_hidden_single(c, s))?;
    Some(as_direct(step, Technique::DirectPointing))
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn pointing_that_leaves_one_place_in_the_row() {
        let mut c = open_board();
        // 4 in box 2 only at r1c4, r1c6 (row 1); row 1 also has 4 at r1c7,
        // r1c8 only. Box 3 keeps 4 at r1c7, r1c8 and r2c9, so removing
        // r1c7, r1c8 leaves box 3 one place: r2c9.
        confine(
            &mut c,
            4,
            &[
                rc(1, 4),
                rc(1, 6),
                rc(1, 7),
                rc(1, 8),
                rc(2, 9),
                rc(5, 5),
                rc(9, 1),
                rc(6, 2),
                rc(8, 3),
            ],
        );
        let step = find(&c).expect("direct pointing");
        assert_eq!(removed(&step), each(&[rc(1, 7), rc(1, 8)], 4));
        assert_eq!(step.technique, Technique::DirectPointing);
    }

    #[test]
    fn pointing_without_a_resulting_single_is_not_direct() {
        let mut c = open_board();
        // As above, with 4 kept on all of box 3 but r1c7, r1c8 removals:
        // box 3, column 7 and column 8 keep several places.
        let keep: Vec<usize> = (0..81)
            .filter(|&x| x / 9 != 0 || [rc(1, 4), rc(1, 6), rc(1, 7), rc(1, 8)].contains(&x))
            .collect();
        let keep: Vec<usize> = keep
            .into_iter()
            .filter(|&x| !(x / 9 < 3 && (3..6).contains(&(x % 9))) || x / 9 == 0)
            .collect();
        confine(&mut c, 4, &keep);
        assert!(pointing::find(&c).is_some());
        assert!(find(&c).is_none());
    }
}
