//! Hidden pairs, triples and quads: `k` digits whose places in a house are
//! only `k` cells fill those cells, so the cells lose every other candidate
//! (SE 3.4, 4.0, 5.4).

use super::super::candidates::{bit, bits, Candidates};
use super::super::step::{cell_list, digit_list, House, Pattern, Step};
use super::super::technique::{Finder, Technique};
use super::{if_progress, se_house_order, search_subsets};
use std::fmt;

pub(crate) const PAIR: Finder = Finder {
    id: "hidden_pair",
    name: "Hidden Pair",
    score: 3.4,
    find: Some(|c, cx| {
        let houses = se_house_order(c.n());
        cx.memo
            .first_house(Technique::HiddenPair, c, houses, |h| find_in(c, 2, h, &|_| true))
    }),
};

pub(crate) const TRIPLE: Finder = Finder {
    id: "hidden_triplet",
    name: "Hidden Triplet",
    score: 4.0,
    find: Some(|c, cx| {
        let houses = se_house_order(c.n());
        cx.memo.first_house(Technique::HiddenTriple, c, houses, |h| {
            find_in(c, 3, h, &|_| true)
        })
    }),
};

pub(crate) const QUAD: Finder = Finder {
    id: "hidden_quad",
    name: "Hidden Quad",
    score: 5.4,
    find: Some(|c, cx| {
        let houses = se_house_order(c.n());
        cx.memo
            .first_house(Technique::HiddenQuad, c, houses, |h| find_in(c, 4, h, &|_| true))
    }),
};

/// `k` digits whose places in a house are `k` cells.
#[derive(Debug)]
pub(crate) struct HiddenSet {
    pub digits: Vec<u8>,
    pub house: House,
    pub cells: Vec<usize>,
    pub n: usize,
}

impl Pattern for HiddenSet {
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

/// Finds a hidden subset of `size` digits (2, 3 or 4) that removes
/// something.
#[cfg(test)]
pub fn find(c: &Candidates, size: usize) -> Option<Step> {
    find_where(c, size, |_| true)
}

/// The first hidden subset of `size` digits that `accept` takes (used by
/// the direct variants).
#[cfg(test)]
pub fn find_where(c: &Candidates, size: usize, accept: impl Fn(&Step) -> bool) -> Option<Step> {
    (0..3 * c.n()).find_map(|h| find_in(c, size, h, &accept))
}

/// Finds a hidden subset of `size` digits in house `h` that `accept`
/// takes.
pub fn find_in(c: &Candidates, size: usize, h: usize, accept: &impl Fn(&Step) -> bool) -> Option<Step> {
    let technique = match size {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    let n = c.n();
    // SE looks for a hidden set only where more than twice its size is
    // empty (otherwise the naked set on the other cells is the same).
    let empty = c.empty_cells(h);
    if empty <= 2 * size {
        return None;
    }
    let mut digits = [0u8; 32];
    let mut places = [0u32; 32];
    let mut count = 0;
    let mut all = [0u32; 32];
    c.all_positions(h, &mut all);
    for d in 1..=n as u8 {
        let p = all[d as usize - 1];
        if (2..=size).contains(&(p.count_ones() as usize)) {
            digits[count] = d;
            places[count] = p;
            count += 1;
        }
    }
    search_subsets(&places[..count], size, size as u32, &mut |chosen, union| {
        let mut subset = [0u8; super::MAX_SUBSET];
        for (slot, &i) in subset.iter_mut().zip(chosen) {
            *slot = digits[i];
        }
        subset_step(c, technique, h, &subset[..chosen.len()], union).filter(|s| accept(s))
    })
}

fn subset_step(c: &Candidates, technique: Technique, h: usize, subset: &[u8], union: u32) -> Option<Step> {
    let n = c.n();
    let keep = subset.iter().fold(0, |m, &d| m | bit(d));
    let house = c.tables().house(h);
    // Nothing to strip: leave before building anything.
    if !bits(union).any(|i| c.mask(house[i]) & !keep != 0) {
        return None;
    }
    let cells: Vec<usize> = bits(union).map(|i| house[i]).collect();
    let pattern = HiddenSet {
        digits: subset.to_vec(),
        house: House::of(h, n),
        cells: cells.clone(),
        n,
    };
    let mut step = Step::new(technique, pattern);
    for &cell in &cells {
        for d in super::super::candidates::digits(c.mask(cell) & !keep) {
            step.eliminate(cell, d, n);
        }
    }
    if_progress(step)
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

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
}
