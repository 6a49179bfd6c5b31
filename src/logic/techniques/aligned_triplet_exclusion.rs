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

/// Finds an aligned triplet exclusion.
pub fn find(c: &Candidates) -> Option<Step> {
    let t = c.tables();
    // Base cells and, for each, its excluders (peers of 2-3 candidates).
    let mut base: Vec<usize> = Vec::new();
    let mut excluders: Vec<Vec<usize>> = vec![Vec::new(); c.cell_count()];
    for cell in (0..c.cell_count()).filter(|&x| c.mask(x).count_ones() >= 2) {
        let peers = t.peers(cell);
        if peers.iter().any(|&p| c.mask(p).count_ones() == 1) {
            continue;
        }
        let mine: Vec<usize> = peers
            .iter()
            .copied()
            .filter(|&p| (2..=3).contains(&c.mask(p).count_ones()))
            .collect();
        if !mine.is_empty() {
            excluders[cell] = mine;
            base.push(cell);
        }
    }
    if base.len() < 3 {
        return None;
    }
    let is_base = |x: usize| !excluders[x].is_empty();
    for second in 1..base.len() {
        for first in 0..second {
            let (a, b) = (base[first], base[second]);
            let mut twins: Vec<usize> = Vec::new();
            for &x in excluders[a].iter().chain(&excluders[b]) {
                if x != a && x != b && is_base(x) && !twins.contains(&x) {
                    twins.push(x);
                }
            }
            for &third in &twins {
                let cells = [a, b, third];
                let common: Vec<usize> = excluders[a]
                    .iter()
                    .copied()
                    .filter(|x| excluders[b].contains(x) && excluders[third].contains(x))
                    .collect();
                if common.len() < 2 {
                    continue;
                }
                if let Some(step) = exclude(c, cells, common) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The step removing every digit of the base cells that no allowed
/// combination uses, if any.
fn exclude(c: &Candidates, cells: [usize; 3], excluders: Vec<usize>) -> Option<Step> {
    let t = c.tables();
    let sees = [
        t.sees(cells[0], cells[1]),
        t.sees(cells[0], cells[2]),
        t.sees(cells[1], cells[2]),
    ];
    let ex_masks: Vec<u32> = excluders.iter().map(|&x| c.mask(x)).collect();
    let mut used = [0u32; 3];
    for x in digits(c.mask(cells[0])) {
        for y in digits(c.mask(cells[1])) {
            if sees[0] && x == y {
                continue;
            }
            for z in digits(c.mask(cells[2])) {
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
            }
        }
    }
    let n = c.n();
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
