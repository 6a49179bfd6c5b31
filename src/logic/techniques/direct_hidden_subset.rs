//! Direct hidden pairs and triples: a hidden subset whose removals leave a
//! hidden single. SE rates them 2.0 and 2.5, below the plain subsets.

use super::super::candidates::Candidates;
use super::super::step::Step;
use super::super::technique::Technique;
use super::{as_direct, hidden_subset, opens_hidden_single};

/// Finds a hidden pair (`size` 2) or triple (3) whose removals leave a
/// hidden single.
pub fn find(c: &Candidates, size: usize) -> Option<Step> {
    let technique = if size == 2 {
        Technique::DirectHiddenPair
    } else {
        Technique::DirectHiddenTriple
    };
    let step = hidden_subset::find_where(c, size, |s| opens_hidden_single(c, s))?;
    Some(as_direct(step, technique))
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn hidden_pair_that_leaves_a_single() {
        // Box 5: 2 and 9 only in r4c4 {2,5,9} and r6c6 {1,2,9}. Row 4 has
        // 5 only at r4c4 and r4c5, so removing 5 from r4c4 leaves r4c5 the
        // one place for 5 in row 4.
        let mut c = box5_hidden_pair();
        for col in [1, 2, 3, 6, 7, 8, 9] {
            c.set_mask(rc(4, col), c.mask(rc(4, col)) & !crate::logic::candidates::bit(5));
        }
        let step = find(&c, 2).expect("direct hidden pair");
        assert_eq!(removed(&step), vec![(rc(4, 4), 5), (rc(6, 6), 1)]);
    }

    #[test]
    fn plain_hidden_pair_is_not_direct() {
        let c = box5_hidden_pair();
        assert!(hidden_subset::find(&c, 2).is_some());
        assert!(find(&c, 2).is_none());
    }
}
