//! BUG type 4: two BUG cells (see `bug_plus_one.rs`) in one house that
//! share exactly one digit v besides their BUG values. In the grave, v
//! has two places in that house, so it has no other place there: one of
//! the two cells is v, and since a unique puzzle keeps a BUG value in
//! one of them, the other holds its BUG value. Neither keeps its third
//! digit (SE 5.7).

use super::super::candidates::{digits, Candidates};
use super::super::step::{Cell, House, Pattern, Step};
use super::super::technique::{Finder, Technique};
use super::bug_plus_one::{analyse, Grave, KIND_ORDER};
use crate::shape::Shape;
use std::fmt;

pub(crate) const FINDER: Finder = Finder {
    id: "bug_type_4",
    name: "BUG type 4",
    score: 5.7,
    find: Some(|c, _| find(c)),
};

/// Two BUG cells in one house, their common digit locked there.
#[derive(Debug)]
struct LockedPair {
    cells: [usize; 2],
    house: usize,
    value: u8,
    n: usize,
}

impl Pattern for LockedPair {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.cells.map(|x| Cell::of(x, self.n));
        write!(
            f,
            "without their BUG values {a} and {b} would leave zero or two solutions, and {v} has no other place in {}: one of them is {v}, the other keeps its BUG value",
            House::of(self.house, self.n),
            v = Shape::symbol(self.value)
        )
    }
}

/// Finds a BUG type 4.
pub fn find(c: &Candidates) -> Option<Step> {
    let grave = analyse(c)?;
    let [a, b] = grave.cells[..] else {
        return None;
    };
    if grave.all_extras.count_ones() > 1 && grave.common.is_empty() {
        return None;
    }
    locked_pair(c, &grave, [a, b])
}

fn locked_pair(c: &Candidates, grave: &Grave, cells: [usize; 2]) -> Option<Step> {
    let [a, b] = cells;
    let common = c.mask(a) & c.mask(b) & !grave.all_extras;
    if common.count_ones() != 1 {
        return None;
    }
    let value = common.trailing_zeros() as u8 + 1;
    let t = c.tables();
    let house = KIND_ORDER
        .into_iter()
        .map(|k| (t.houses_of(a)[k], t.houses_of(b)[k]))
        .find(|(x, y)| x == y)?
        .0;
    let n = c.n();
    let mut step = Step::new(
        Technique::BugType4,
        LockedPair {
            cells,
            house,
            value,
            n,
        },
    );
    for x in cells {
        for d in digits(c.mask(x) & !grave.extras_of(x) & !common) {
            step.eliminate(x, d, n);
        }
    }
    super::if_progress(step)
}

#[cfg(test)]
mod tests {
    use super::super::bug_plus_one::tests::nine_grave;
    use super::super::testing::*;
    use super::*;

    #[test]
    fn each_cell_keeps_the_locked_digit_or_its_bug_value() {
        let mut c = nine_grave();
        // r1c1 {1,2} gets 5 and r1c2 {2,3} gets 7. In box 1, 2 fits only
        // in these two cells: one is 2, the other keeps its BUG value, so
        // r1c1 loses 1 and r1c2 loses 3.
        c.set_digits(rc(1, 1), &[1, 2, 5]);
        c.set_digits(rc(1, 2), &[2, 3, 7]);
        let step = find(&c).expect("bug type 4");
        assert_eq!(step.name(), "BUG type 4");
        assert_eq!(removed(&step), vec![(rc(1, 1), 1), (rc(1, 2), 3)]);
    }

    #[test]
    fn cells_sharing_no_digit_are_not_type_4() {
        let mut c = nine_grave();
        c.set_digits(rc(1, 1), &[1, 2, 5]);
        c.set_digits(rc(1, 3), &[3, 4, 7]);
        assert!(find(&c).is_none());
    }
}
