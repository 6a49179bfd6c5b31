//! BUG type 2: the BUG cells (see `bug_plus_one.rs`) all have the same
//! one BUG value x. A unique puzzle keeps x in one of them, so x leaves
//! every cell that sees them all (SE 5.7).

use super::super::candidates::{bit, Candidates};
use super::super::step::{cell_list, Pattern, Step};
use super::super::technique::{Finder, Technique};
use super::bug_plus_one::analyse;
use crate::shape::Shape;
use std::fmt;

pub(crate) const FINDER: Finder = Finder {
    id: "bug_type_2",
    name: "BUG type 2",
    score: 5.7,
    find: Some(|c, _| find(c)),
};

/// The BUG cells sharing their one BUG value.
#[derive(Debug)]
struct SharedValue {
    cells: Vec<usize>,
    value: u8,
    n: usize,
}

impl Pattern for SharedValue {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "without {x} in {} every unsolved cell would have two candidates and every digit two places in each house (zero or two solutions), so one of them is {x}",
            cell_list(&self.cells, self.n),
            x = Shape::symbol(self.value)
        )
    }
}

/// Finds a BUG type 2.
pub fn find(c: &Candidates) -> Option<Step> {
    let grave = analyse(c)?;
    if grave.cells.len() < 2 || grave.all_extras.count_ones() != 1 {
        return None;
    }
    let value = grave.all_extras.trailing_zeros() as u8 + 1;
    let n = c.n();
    let mut step = Step::new(
        Technique::BugType2,
        SharedValue {
            cells: grave.cells.clone(),
            value,
            n,
        },
    );
    for &x in &grave.common {
        if c.mask(x) & bit(value) != 0 {
            step.eliminate(x, value, n);
        }
    }
    super::if_progress(step)
}

#[cfg(test)]
mod tests {
    use super::super::bug_plus_one::tests::{grave, removed_4x4};
    use super::*;

    #[test]
    fn the_shared_value_leaves_the_common_peers() {
        let mut c = grave();
        // r1c1 {1,2,3} and r1c2 {1,2,3}: 3 has four places in row 1 and
        // three in box 1; both cells are to blame in the row, r1c1 alone
        // in column 1 and r1c2 alone in column 2. Removing 3 from both
        // leaves the grave, so one of them is 3: r1c3 and r1c4 (row 1)
        // and r2c1, r2c2 (box 1) lose 3.
        c.set_digits(0, &[1, 2, 3]);
        c.set_digits(1, &[1, 2, 3]);
        let step = find(&c).expect("bug type 2");
        assert_eq!(step.name(), "BUG type 2");
        assert_eq!(removed_4x4(&step), vec![(2, 3), (3, 3), (4, 3), (5, 3)]);
    }

    #[test]
    fn two_different_values_are_not_type_2() {
        let mut c = grave();
        // r1c1 gets 3 and r1c2 gets 4: two BUG values.
        c.set_digits(0, &[1, 2, 3]);
        c.set_digits(1, &[1, 2, 4]);
        assert!(find(&c).is_none());
    }
}
