//! SE's BUG producer (bivalue universal grave): after the grave analysis
//! (`bug_grave.rs`) finds the BUG cells and their BUG values, it tries
//! type 1 (one BUG cell: it keeps only its BUG values, SE 5.6), then type
//! 2 (the BUG cells share one BUG value), type 4 (two BUG cells in a house
//! with a digit locked there) and type 3 (the BUG cells as one cell of a
//! naked set), each SE 5.7 or more.

use super::super::board::{cell_list, digit_list, Cell, House};
use super::super::candidates::{bit, bits, digits, Candidates};
use super::super::producer::{Context, Producer};
use super::super::step::{Pattern, Step};
use super::super::technique::Technique;
use super::bug_grave::{analyse, Grave, KIND_ORDER};
use super::common::{if_progress, subsets};
use crate::shape::Shape;
use std::fmt;

/// SE's difficulty of a BUG type 1.
const TYPE_1: f32 = 5.6;

/// SE's base difficulty of BUG types 2, 3 and 4 (a type 3 adds 0.1 per
/// digit of its naked set beyond two).
const TYPES_2_TO_4: f32 = 5.7;

/// The search for one BUG type.
type TypeSearch = fn(&Candidates) -> Option<Step>;

/// SE's BUG producer: types 1, 2, 4 and 3, in that order.
pub(crate) struct Bug;

impl Producer for Bug {
    fn techniques(&self) -> &'static [Technique] {
        &[
            Technique::BugPlusOne,
            Technique::BugType2,
            Technique::BugType4,
            Technique::BugType3,
        ]
    }

    fn difficulty(&self, technique: Technique) -> f32 {
        if technique == Technique::BugPlusOne {
            TYPE_1
        } else {
            TYPES_2_TO_4
        }
    }

    /// The first type that gives a step, among the types this solve
    /// searches (a solve bounded below 5.7 tries type 1 only).
    fn find(&self, c: &Candidates, cx: &mut Context) -> Option<Step> {
        let types: [(Technique, TypeSearch); 4] = [
            (Technique::BugPlusOne, find_type1),
            (Technique::BugType2, find_type2),
            (Technique::BugType4, find_type4),
            (Technique::BugType3, find_type3),
        ];
        types
            .into_iter()
            .filter(|(t, _)| cx.searches(*t))
            .find_map(|(_, find)| find(c))
    }
}

/// The one BUG cell and its BUG values.
#[derive(Debug)]
struct BugCell {
    cell: usize,
    values: Vec<u8>,
    n: usize,
}

impl Pattern for BugCell {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "without {} in {} every unsolved cell would have two candidates and every digit two places in each house (zero or two solutions), so {} keeps only {}",
            digit_list(&self.values),
            Cell::of(self.cell, self.n),
            Cell::of(self.cell, self.n),
            digit_list(&self.values)
        )
    }

    fn name_suffix(&self) -> Option<String> {
        Some(" 1".to_string())
    }
}

/// Finds a BUG type 1: the BUG cell loses every digit but its BUG values.
fn find_type1(c: &Candidates) -> Option<Step> {
    let grave = analyse(c)?;
    let [cell] = grave.cells[..] else {
        return None;
    };
    let n = c.n();
    let mut step = Step::new(
        Technique::BugPlusOne,
        TYPE_1,
        BugCell {
            cell,
            values: digits(grave.all_extras).collect(),
            n,
        },
    );
    for d in digits(c.mask(cell) & !grave.all_extras) {
        step.eliminate(cell, d, n);
    }
    if_progress(step)
}

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
fn find_type2(c: &Candidates) -> Option<Step> {
    let grave = analyse(c)?;
    if grave.cells.len() < 2 || grave.all_extras.count_ones() != 1 {
        return None;
    }
    let value = grave.all_extras.trailing_zeros() as u8 + 1;
    let n = c.n();
    let mut step = Step::new(
        Technique::BugType2,
        TYPES_2_TO_4,
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
    if_progress(step)
}

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
fn find_type4(c: &Candidates) -> Option<Step> {
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
        TYPES_2_TO_4,
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
    if_progress(step)
}

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
fn find_type3(c: &Candidates) -> Option<Step> {
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
    subsets(degree - 1, candidates.len()).find_map(|chosen| {
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
            TYPES_2_TO_4 + 0.1 * (degree - 1) as f32,
            BugNakedSet {
                bug_cells: grave.cells.clone(),
                bug_values: grave.all_extras,
                others: others.clone(),
                set: union,
                house,
                n,
            },
        );
        for &x in candidates.iter().filter(|x| !others.contains(x)) {
            for d in digits(c.mask(x) & union) {
                step.eliminate(x, d, n);
            }
        }
        if_progress(step)
    })
}

#[cfg(test)]
mod tests {
    use super::super::bug_grave::tests::{grave, nine_grave, removed_4x4};
    use super::super::testing::*;
    use super::*;

    #[test]
    fn the_bug_cell_keeps_only_the_digit_that_breaks_the_grave() {
        let mut c = grave();
        // r1c1 gets 3 as well: 3 now appears three times in row 1
        // (c1, c3, c4), column 1 (r1, r2, r4) and box 1 (r1c1, r2c1, r2c2).
        c.set_digits(0, &[1, 2, 3]);
        let step = find_type1(&c).expect("bug+1");
        assert_eq!(step.name(), "BUG type 1");
        assert_eq!(removed_4x4(&step), vec![(0, 1), (0, 2)]);
    }

    #[test]
    fn a_plain_grave_or_two_unrelated_extra_cells_give_nothing() {
        let mut c = grave();
        assert!(find_type1(&c).is_none());
        c.set_digits(0, &[1, 2, 3]);
        c.set_digits(15, &[1, 2, 3]);
        assert!(find_type1(&c).is_none());
    }

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
        let step = find_type2(&c).expect("bug type 2");
        assert_eq!(step.name(), "BUG type 2");
        assert_eq!(removed_4x4(&step), vec![(2, 3), (3, 3), (4, 3), (5, 3)]);
    }

    #[test]
    fn two_different_values_are_not_type_2() {
        let mut c = grave();
        // r1c1 gets 3 and r1c2 gets 4: two BUG values.
        c.set_digits(0, &[1, 2, 3]);
        c.set_digits(1, &[1, 2, 4]);
        assert!(find_type2(&c).is_none());
    }

    #[test]
    fn each_cell_keeps_the_locked_digit_or_its_bug_value() {
        let mut c = nine_grave();
        // r1c1 {1,2} gets 5 and r1c2 {2,3} gets 7. In box 1, 2 fits only
        // in these two cells: one is 2, the other keeps its BUG value, so
        // r1c1 loses 1 and r1c2 loses 3.
        c.set_digits(rc(1, 1), &[1, 2, 5]);
        c.set_digits(rc(1, 2), &[2, 3, 7]);
        let step = find_type4(&c).expect("bug type 4");
        assert_eq!(step.name(), "BUG type 4");
        assert_eq!(removed(&step), vec![(rc(1, 1), 1), (rc(1, 2), 3)]);
    }

    #[test]
    fn cells_sharing_no_digit_are_not_type_4() {
        let mut c = nine_grave();
        c.set_digits(rc(1, 1), &[1, 2, 5]);
        c.set_digits(rc(1, 3), &[3, 4, 7]);
        assert!(find_type4(&c).is_none());
    }

    #[test]
    fn the_bug_values_make_a_naked_triple_in_the_box() {
        let mut c = nine_grave();
        // r1c1 {1,2} gets 5 and r1c3 {3,4} gets 7: one of them is 5 or
        // 7. In box 1, r2c2 {5,6} and r2c3 {6,7} make with them a naked
        // triple on 5, 6, 7 (no pair exists), so r2c1 {4,5} loses 5 and
        // r3c1 {7,8} loses 7 (5.9).
        c.set_digits(rc(1, 1), &[1, 2, 5]);
        c.set_digits(rc(1, 3), &[3, 4, 7]);
        let step = find_type3(&c).expect("bug type 3");
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
        assert!(find_type3(&c).is_none());
    }
}
