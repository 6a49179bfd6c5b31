//! BUG type 3: the BUG cells (see `bug_plus_one.rs`) share a house and
//! have several BUG values. A unique puzzle keeps one of those values in
//! one of the cells, so together they act as one cell holding the BUG
//! values; with other cells of the house that see them all, they may
//! form a naked set, whose digits then leave the rest of the house
//! (SE 5.7, plus 0.1 per set cell beyond one: a pair is 5.8).
//!
//! SE tries sets of 2 to 6 cells, smallest first, in boxes, rows, then
//! columns, the cells of the house in index order.

use super::super::candidates::{bits, digits, Candidates};
use super::super::step::{cell_list, digit_list, House, Pattern, Step};
use super::super::technique::{Finder, Technique};
use super::bug_plus_one::{analyse, Grave, KIND_ORDER};
use std::fmt;

pub(crate) const FINDER: Finder = Finder {
    id: "bug_type_3",
    name: "BUG type 3",
    score: 5.7,
    find: Some(|c, _| find(c)),
};

/// The BUG cells as one cell in a naked set of a house.
#[derive(Debug)]
struct BugNakedSet {
    bug_cells: Vec<usize>,
    bug_values: u32,
    others: Vec<usize>,
    set: u32,
    house: usize,
    n: usize,
}

impl Pattern for BugNakedSet {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "without their BUG values {} {} would leave zero or two solutions, so one of them holds {}; with {} they make a naked set on {} in {}",
            digit_list(&digits(self.bug_values).collect::<Vec<_>>()),
            cell_list(&self.bug_cells, self.n),
            digit_list(&digits(self.bug_values).collect::<Vec<_>>()),
            cell_list(&self.others, self.n),
            digit_list(&digits(self.set).collect::<Vec<_>>()),
            House::of(self.house, self.n)
        )
    }
}

/// Finds a BUG type 3.
pub fn find(c: &Candidates) -> Option<Step> {
    let grave = analyse(c)?;
    if grave.cells.len() < 2 || grave.all_extras.count_ones() < 2 || grave.common.is_empty() {
        return None;
    }
    (2..=6).find_map(|degree| {
        KIND_ORDER
            .into_iter()
            .filter_map(|kind| shared_house(c, &grave, kind))
            .find_map(|house| naked_set(c, &grave, house, degree))
    })
}

/// The house of kind `kind` holding every BUG cell, if any.
fn shared_house(c: &Candidates, grave: &Grave, kind: usize) -> Option<usize> {
    let t = c.tables();
    let house = t.houses_of(grave.cells[0])[kind];
    grave
        .cells
        .iter()
        .all(|&x| t.houses_of(x)[kind] == house)
        .then_some(house)
}

/// The first naked set of `degree` cells: the BUG cells as one, and
/// `degree - 1` cells of `house` seeing them all.
fn naked_set(c: &Candidates, grave: &Grave, house: usize, degree: usize) -> Option<Step> {
    let t = c.tables();
    let candidates: Vec<usize> = grave
        .common
        .iter()
        .copied()
        .filter(|&x| t.house(house).contains(&x))
        .collect();
    if candidates.len() < degree {
        return None;
    }
    super::unique_rectangle::subsets(degree - 1, candidates.len()).find_map(|chosen| {
        let others: Vec<usize> = bits(chosen).map(|i| candidates[i]).collect();
        let union = others.iter().fold(0, |m, &x| m | c.mask(x));
        // The other cells alone must cover the set's digits.
        if union.count_ones() as usize != degree || union | grave.all_extras != union {
            return None;
        }
        if others.iter().any(|&x| c.mask(x).count_ones() <= 1) {
            return None;
        }
        let n = c.n();
        let mut step = Step::new(
            Technique::BugType3,
            BugNakedSet {
                bug_cells: grave.cells.clone(),
                bug_values: grave.all_extras,
                others: others.clone(),
                set: union,
                house,
                n,
            },
        )
        .rated(5.7 + 0.1 * (degree - 1) as f32);
        for &x in candidates.iter().filter(|x| !others.contains(x)) {
            for d in digits(c.mask(x) & union) {
                step.eliminate(x, d, n);
            }
        }
        super::if_progress(step)
    })
}

#[cfg(test)]
mod tests {
    use super::super::bug_plus_one::tests::nine_grave;
    use super::super::testing::*;
    use super::*;

    #[test]
    fn the_bug_values_make_a_naked_triple_in_the_box() {
        let mut c = nine_grave();
        // r1c1 {1,2} gets 5 and r1c3 {3,4} gets 7: one of them is 5 or
        // 7. In box 1, r2c2 {5,6} and r2c3 {6,7} make with them a naked
        // triple on 5, 6, 7 (no pair exists), so r2c1 {4,5} loses 5 and
        // r3c1 {7,8} loses 7 (5.9).
        c.set_digits(rc(1, 1), &[1, 2, 5]);
        c.set_digits(rc(1, 3), &[3, 4, 7]);
        let step = find(&c).expect("bug type 3");
        assert_eq!(step.name(), "BUG type 3");
        assert!((step.difficulty - 5.9).abs() < 1e-4);
        assert_eq!(removed(&step), vec![(rc(2, 1), 5), (rc(3, 1), 7)]);
    }

    #[test]
    fn bug_cells_in_no_common_house_are_not_type_3() {
        let mut c = nine_grave();
        // r1c1 gets 5 and r2c4 gets 8: rows, columns and boxes differ.
        c.set_digits(rc(1, 1), &[1, 2, 5]);
        c.set_digits(rc(2, 4), &[7, 8, 1]);
        assert!(find(&c).is_none());
    }
}
