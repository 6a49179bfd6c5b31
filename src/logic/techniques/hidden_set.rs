//! Hidden sets (SE's `HiddenSet(degree, direct)`): `k` digits whose
//! places in a house are only `k` cells fill those cells.
//!
//! - Plain (pairs, triplets, quads: SE 3.4, 4.0, 5.4): the cells lose
//!   every other candidate.
//! - Direct (pairs and triplets: SE 2.0, 2.5): SE counts the pattern only
//!   when stripping the cells would leave another digit one place in the
//!   house, and places that single directly (without the removals).
//!
//! Both look at the same digit sets; they differ in how many empty cells
//! the house needs and in what a set found gives.

use super::super::board::{cell_list, digit_list, Cell, House};
use super::super::candidates::{bit, bits, digits, Candidates};
use super::super::producer::{Context, Producer};
use super::super::step::{Pattern, Step};
use super::super::technique::Technique;
use super::common::{extra_house_order, if_progress, se_house_order, search_subsets, MAX_SUBSET};
use crate::shape::Shape;
use std::fmt;

/// Hidden sets of `degree` digits, plain or direct.
pub(crate) struct HiddenSet {
    /// Digits in the set: 2, 3 or 4 (2 or 3 when direct).
    pub degree: usize,
    /// Only sets that leave a hidden single, which is placed.
    pub direct: bool,
}

impl Producer for HiddenSet {
    fn techniques(&self) -> &'static [Technique] {
        match (self.direct, self.degree) {
            (true, 2) => &[Technique::DirectHiddenPair],
            (true, _) => &[Technique::DirectHiddenTriple],
            (false, 2) => &[Technique::HiddenPair],
            (false, 3) => &[Technique::HiddenTriple],
            (false, _) => &[Technique::HiddenQuad],
        }
    }

    fn difficulty(&self, _: Technique) -> f32 {
        match (self.direct, self.degree) {
            (true, 2) => 2.0,
            (true, _) => 2.5,
            (false, 2) => 3.4,
            (false, 3) => 4.0,
            (false, _) => 5.4,
        }
    }

    /// The first set in SE's house order (boxes, columns, rows; digit
    /// tuples in increasing order), over the houses changed since this
    /// search last found nothing in them: a house's result depends on that
    /// house alone, and the search re-runs after every step of a solve.
    fn find(&self, c: &Candidates, cx: &mut Context) -> Option<Step> {
        let houses = se_house_order(c.n()).chain(extra_house_order(c));
        cx.memo
            .first_house(self.techniques()[0], c, houses, |h| self.find_in(c, h))
    }
}

impl HiddenSet {
    /// The first set in house `h` that gives a step.
    fn find_in(&self, c: &Candidates, h: usize) -> Option<Step> {
        let technique = self.techniques()[0];
        let difficulty = self.difficulty(technique);
        let size = self.degree;
        // SE looks for a direct set only where more cells are empty than
        // the set fills, and for a plain one only where more than twice
        // its size is empty (otherwise the naked set on the other cells is
        // the same).
        let least_empty = if self.direct { size + 1 } else { 2 * size + 1 };
        if c.empty_cells(h) < least_empty {
            return None;
        }
        let mut all = [0u32; 32];
        c.all_positions(h, &mut all);
        each_set(c.n(), &all, size, |set, union| {
            let step = |pattern| Step::new(technique, difficulty, pattern);
            if self.direct {
                let (pattern, single, d) = direct_pattern(c, h, &all, set, union)?;
                Some(Step::new(technique, difficulty, pattern).place(single, d, c.n()))
            } else {
                plain_step(c, h, set, union, step)
            }
        })
    }
}

/// The first step `step(set, union)` gives over the sets of `size` digits
/// (each with 2 to `size` places, `all` giving each digit's places in the
/// house) whose places are `size` cells at most, `union` those places.
fn each_set(
    n: usize,
    all: &[u32; 32],
    size: usize,
    mut step: impl FnMut(&[u8], u32) -> Option<Step>,
) -> Option<Step> {
    // Fixed arrays: this runs after every step, so no allocation.
    let mut digits = [0u8; 32];
    let mut places = [0u32; 32];
    let mut count = 0;
    for d in 1..=n as u8 {
        let p = all[d as usize - 1];
        if (2..=size).contains(&(p.count_ones() as usize)) {
            digits[count] = d;
            places[count] = p;
            count += 1;
        }
    }
    search_subsets(&places[..count], size, size as u32, &mut |chosen, union| {
        let mut set = [0u8; MAX_SUBSET];
        for (slot, &i) in set.iter_mut().zip(chosen) {
            *slot = digits[i];
        }
        step(&set[..chosen.len()], union)
    })
}

/// `k` digits whose places in a house are `k` cells.
#[derive(Debug)]
struct HiddenSetPattern {
    digits: Vec<u8>,
    house: House,
    cells: Vec<usize>,
    n: usize,
}

impl Pattern for HiddenSetPattern {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} in {} fit only in {}",
            digit_list(&self.digits),
            self.house,
            cell_list(&self.cells, self.n)
        )
    }
}

/// A hidden set and the single it leaves in its house.
#[derive(Debug)]
struct DirectHiddenSet {
    set: HiddenSetPattern,
    digit: u8,
    single: Cell,
}

impl Pattern for DirectHiddenSet {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.set.describe(f)?;
        write!(
            f,
            ", which leaves {} one place there: {}",
            Shape::symbol(self.digit),
            self.single
        )
    }
}

/// A plain hidden set's step: the cells of `union` in house `h` lose
/// every candidate outside `set`, if they hold any.
fn plain_step(
    c: &Candidates,
    h: usize,
    set: &[u8],
    union: u32,
    make: impl Fn(HiddenSetPattern) -> Step,
) -> Option<Step> {
    let n = c.n();
    let keep = set.iter().fold(0, |m, &d| m | bit(d));
    let house = c.tables().house(h);
    // Nothing to strip: leave before building anything.
    if !bits(union).any(|i| c.mask(house[i]) & !keep != 0) {
        return None;
    }
    let cells: Vec<usize> = bits(union).map(|i| house[i]).collect();
    let mut step = make(HiddenSetPattern {
        digits: set.to_vec(),
        house: House::of(h, n),
        cells: cells.clone(),
        n,
    });
    for &cell in &cells {
        for d in digits(c.mask(cell) & !keep) {
            step.eliminate(cell, d, n);
        }
    }
    if_progress(step)
}

/// A direct hidden set's pattern, with the cell and digit of its single:
/// the first digit outside `set` that the set's cells (`union`) would
/// leave one place in house `h`.
fn direct_pattern(
    c: &Candidates,
    h: usize,
    all: &[u32; 32],
    set: &[u8],
    union: u32,
) -> Option<(DirectHiddenSet, usize, u8)> {
    let n = c.n();
    let house = c.tables().house(h);
    let in_set = set.iter().fold(0, |m, &d| m | bit(d));
    let (d, at) = (1..=n as u8).filter(|&d| in_set & bit(d) == 0).find_map(|d| {
        let p = all[d as usize - 1];
        let rest = p & !union;
        (p.count_ones() > 1 && rest.count_ones() == 1).then(|| (d, rest.trailing_zeros() as usize))
    })?;
    let single = house[at];
    let pattern = DirectHiddenSet {
        set: HiddenSetPattern {
            digits: set.to_vec(),
            house: House::of(h, n),
            cells: bits(union).map(|i| house[i]).collect(),
            n,
        },
        digit: d,
        single: Cell::of(single, n),
    };
    Some((pattern, single, d))
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    /// The first plain hidden set of `degree` digits on the board.
    fn find(c: &Candidates, degree: usize) -> Option<Step> {
        HiddenSet {
            degree,
            direct: false,
        }
        .find(c, &mut scratch())
    }

    /// The first direct hidden set of `degree` digits on the board.
    fn find_direct(c: &Candidates, degree: usize) -> Option<Step> {
        HiddenSet { degree, direct: true }.find(c, &mut scratch())
    }

    #[test]
    fn pair_strips_the_other_candidates() {
        // In box 5, 2 and 9 fit only in r4c4 and r6c6; elsewhere on the
        // board they stay open.
        let c = box5_hidden_pair();
        let step = find(&c, 2).expect("hidden pair");
        assert_eq!(removed(&step), vec![(rc(4, 4), 5), (rc(6, 6), 1)]);
        assert_eq!(
            step.to_string(),
            "Hidden Pair: 2, 9 in box 5 fit only in r4c4, r6c6, so remove 1 from r6c6; 5 from r4c4"
        );
    }

    #[test]
    fn digits_spread_over_three_cells_are_no_pair() {
        let mut c = open_board();
        let others = [rc(4, 5), rc(4, 6), rc(5, 4), rc(5, 5), rc(6, 4), rc(6, 5)];
        for cell in others {
            c.set_digits(cell, &[1, 3, 4, 5, 6, 7, 8]);
        }
        c.set_digits(rc(4, 4), &[2, 5, 9]);
        c.set_digits(rc(5, 6), &[2, 4]);
        c.set_digits(rc(6, 6), &[1, 9]);
        assert!(find(&c, 2).is_none());
    }

    #[test]
    fn hidden_pair_that_leaves_a_single() {
        // Box 5: 2 and 9 only in r4c4 {2,5,9} and r6c6 {1,2,9}; 5 is
        // elsewhere in box 5 only at r5c5, so without r4c4 it has one
        // place: r5c5.
        let mut c = box5_hidden_pair();
        for cell in [rc(4, 5), rc(4, 6), rc(5, 4), rc(5, 6), rc(6, 4), rc(6, 5)] {
            c.set_mask(cell, c.mask(cell) & !bit(5));
        }
        let step = find_direct(&c, 2).expect("direct hidden pair");
        assert_eq!(step.technique, Technique::DirectHiddenPair);
        assert_eq!(placed(&step), vec![(rc(5, 5), 5)]);
        assert!(removed(&step).is_empty());
    }

    #[test]
    fn plain_hidden_pair_is_not_direct() {
        let c = box5_hidden_pair();
        assert!(find(&c, 2).is_some());
        assert!(find_direct(&c, 2).is_none());
    }
}
