//! Aligned Triplet Exclusion, SE's way (7.5): three base cells and the
//! cells with two or three candidates that see all three (the
//! *excluders*). A combination of digits for the base cells is ruled out
//! when two base cells that see each other take the same digit, or when
//! an excluder would be left without a candidate. A base cell's digit
//! that appears in no remaining combination goes.
//!
//! SE tries it when its cycles and forcing X-/XY-chains find nothing,
//! before Nishio. It takes as base cells the unsolved cells that see no
//! naked single and see at least one cell of two or three candidates;
//! it walks the pairs of them in order (`(0,1), (0,2), (1,2), (0,3)...`)
//! and, for each, the third cells among the base cells seen by either
//! (the first's peers in index order, then the second's), and applies
//! the first triplet with at least two common excluders that removes
//! something.

use super::super::candidates::{bit, digits, Candidates};
use super::super::step::{cell_list, Pattern, Step};
use super::super::technique::{Finder, Technique};
use std::fmt;

pub(crate) const FINDER: Finder = Finder {
    id: "aligned_triplet_exclusion",
    name: "Aligned Triplet Exclusion",
    score: 7.5,
    find: Some(|c, _| find(c)),
};

/// The three base cells and their common excluders.
#[derive(Debug)]
struct Triplet {
    cells: [usize; 3],
    excluders: Vec<usize>,
    n: usize,
}

impl Pattern for Triplet {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} cannot take digits that leave one of {} empty or repeat a digit in a house",
            cell_list(&self.cells, self.n),
            cell_list(&self.excluders, self.n)
        )
    }
}

/// A set of cells as bits, `W` words of 64 (2 words for 9x9, 10 for
/// boards up to 25x25 = 625 cells).
#[derive(Clone, Copy, PartialEq)]
struct CellSet<const W: usize>([u64; W]);

impl<const W: usize> Default for CellSet<W> {
    fn default() -> Self {
        CellSet([0; W])
    }
}

impl<const W: usize> CellSet<W> {
    fn insert(&mut self, x: usize) {
        self.0[x / 64] |= 1 << (x % 64);
    }

    fn and(self, other: Self) -> Self {
        CellSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    fn without(self, other: Self) -> Self {
        CellSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    fn len(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The cells, smallest index first.
    fn iter(self) -> impl Iterator<Item = usize> {
        self.0.into_iter().enumerate().flat_map(|(i, mut w)| {
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    i * 64 + b
                })
            })
        })
    }
}

/// Finds an aligned triplet exclusion.
pub fn find(c: &Candidates) -> Option<Step> {
    if c.cell_count() <= 128 {
        find_with::<2>(c)
    } else {
        find_with::<10>(c)
    }
}

fn find_with<const W: usize>(c: &Candidates) -> Option<Step> {
    let t = c.tables();
    // Base cells and, for each, its excluders (peers of 2-3 candidates).
    let mut base: Vec<usize> = Vec::new();
    let mut base_set = CellSet::<W>::default();
    let mut excluders = vec![CellSet::<W>::default(); c.cell_count()];
    for cell in (0..c.cell_count()).filter(|&x| c.mask(x).count_ones() >= 2) {
        let peers = t.peers(cell);
        if peers.iter().any(|&p| c.mask(p).count_ones() == 1) {
            continue;
        }
        let mut mine = CellSet::default();
        for &p in peers
            .iter()
            .filter(|&&p| (2..=3).contains(&c.mask(p).count_ones()))
        {
            mine.insert(p);
        }
        if mine.len() > 0 {
            excluders[cell] = mine;
            base.push(cell);
            base_set.insert(cell);
        }
    }
    if base.len() < 3 {
        return None;
    }
    for second in 1..base.len() {
        for first in 0..second {
            let (a, b) = (base[first], base[second]);
            let both = excluders[a].and(excluders[b]);
            // The triplet's common excluders are among these.
            if both.len() < 2 {
                continue;
            }
            let mut pair = CellSet::default();
            pair.insert(a);
            pair.insert(b);
            // SE's order: the first cell's peers, then the second's others.
            let from_a = excluders[a].and(base_set).without(pair);
            let from_b = excluders[b].and(base_set).without(pair).without(from_a);
            for third in from_a.iter().chain(from_b.iter()) {
                let common = both.and(excluders[third]);
                if common.len() < 2 {
                    continue;
                }
                if let Some(step) = exclude(c, [a, b, third], common) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The step removing every digit of the base cells that no allowed
/// combination uses, if any.
fn exclude<const W: usize>(c: &Candidates, cells: [usize; 3], excluders: CellSet<W>) -> Option<Step> {
    let used = used_digits(c, cells, excluders)?;
    let n = c.n();
    let excluders = excluders.iter().collect();
    let mut step = Step::new(
        Technique::AlignedTripletExclusion,
        Triplet { cells, excluders, n },
    );
    for (i, &cell) in cells.iter().enumerate() {
        for d in digits(c.mask(cell) & !used[i]) {
            step.eliminate(cell, d, n);
        }
    }
    super::if_progress(step)
}

/// The digits of each base cell that some allowed combination uses, or
/// `None` as soon as every digit is used (nothing to remove: most
/// triplets end here after a few combinations).
fn used_digits<const W: usize>(c: &Candidates, cells: [usize; 3], excluders: CellSet<W>) -> Option<[u32; 3]> {
    let t = c.tables();
    let sees = [
        t.sees(cells[0], cells[1]),
        t.sees(cells[0], cells[2]),
        t.sees(cells[1], cells[2]),
    ];
    // A cell has fewer than 3n peers, and n is at most 32.
    let mut ex_masks = [0u32; 96];
    let mut count = 0;
    for x in excluders.iter() {
        ex_masks[count] = c.mask(x);
        count += 1;
    }
    let ex_masks = &ex_masks[..count];
    let masks = cells.map(|x| c.mask(x));
    let mut used = [0u32; 3];
    for x in digits(masks[0]) {
        for y in digits(masks[1]) {
            if sees[0] && x == y {
                continue;
            }
            for z in digits(masks[2]) {
                if (sees[1] && x == z) || (sees[2] && y == z) {
                    continue;
                }
                let taken = bit(x) | bit(y) | bit(z);
                if ex_masks.iter().any(|&m| m & !taken == 0) {
                    continue;
                }
                used[0] |= bit(x);
                used[1] |= bit(y);
                used[2] |= bit(z);
                if used == masks {
                    return None;
                }
            }
        }
    }
    Some(used)
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn a_digit_that_empties_an_excluder_goes() {
        let mut c = open_board();
        // Base cells r1c1 {1,2}, r1c2 {1,3}, r1c3 {2,3,4} (row 1, box 1);
        // excluders r1c5 {1,4} (row 1) and r2c2 {3,4} (box 1) see all
        // three. With 4 in r1c3 the others take (2,1) or (2,3): 1 and 4
        // empty r1c5, 3 and 4 empty r2c2. Without 4 the base cells can
        // be (1,3,2) or (2,1,3). So r1c3 loses 4, and nothing else.
        c.set_digits(rc(1, 1), &[1, 2]);
        c.set_digits(rc(1, 2), &[1, 3]);
        c.set_digits(rc(1, 3), &[2, 3, 4]);
        c.set_digits(rc(1, 5), &[1, 4]);
        c.set_digits(rc(2, 2), &[3, 4]);
        let step = find(&c).expect("aligned triplet exclusion");
        assert_eq!(removed(&step), vec![(rc(1, 3), 4)]);
        assert_eq!(step.name(), "Aligned Triplet Exclusion");
        assert!((step.difficulty - 7.5).abs() < 1e-4);
    }

    #[test]
    fn nothing_without_two_common_excluders() {
        let mut c = open_board();
        // Only r1c1 {1,2} and r1c2 {3,4} have few candidates: a triplet
        // has at most one of them as a common excluder.
        c.set_digits(rc(1, 1), &[1, 2]);
        c.set_digits(rc(1, 2), &[3, 4]);
        assert!(find(&c).is_none());
    }
}
