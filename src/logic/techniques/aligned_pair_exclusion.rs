//! Aligned Pair Exclusion, SE's way (6.2): two base cells and the
//! bivalue cells that see both (the *excluders*). A combination of
//! digits for the pair is ruled out when the two cells see each other and
//! take the same digit, or when it is exactly an excluder's two digits
//! (the excluder would be left empty). A base cell's digit that appears
//! in no remaining combination goes.
//!
//! SE tries it after the VWXYZ-Wing, before its cycles and forcing
//! chains. Its base cells are the unsolved cells that see no naked single
//! and see at least one bivalue cell; the two cells need not share a
//! house. It walks the pairs of them in order (`(0,1), (0,2), (1,2),
//! (0,3)...`) and applies the first pair with at least two common
//! excluders that removes something.
//!
//! Sukaku Explainer's default settings enable it, but no puzzle of the
//! 5,320 traced paths needed it; a 17-clue puzzle rated on held-out data
//! (SE 6.2) did (see the test below).

use super::super::candidates::{bit, digits, Candidates};
use super::super::step::{cell_list, Pattern, Step};
use super::super::technique::{Finder, Technique};
use super::cell_set::{by_set_width, BoardSets, CellSet};
use std::fmt;

pub(crate) const FINDER: Finder = Finder {
    id: "aligned_pair_exclusion",
    name: "Aligned Pair Exclusion",
    score: 6.2,
    find: Some(|c, cx| {
        cx.memo
            .first_since_nothing(Technique::AlignedPairExclusion, c, |changed| {
                by_set_width!(c, find_with(c, changed))
            })
    }),
};

/// The two base cells and their common excluders.
#[derive(Debug)]
struct Pair {
    cells: [usize; 2],
    excluders: Vec<usize>,
    n: usize,
}

impl Pattern for Pair {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} cannot take two digits that leave one of {} empty or repeat a digit in a house",
            cell_list(&self.cells, self.n),
            cell_list(&self.excluders, self.n)
        )
    }
}

/// Finds an aligned pair exclusion (the whole board).
#[cfg(test)]
fn find(c: &Candidates) -> Option<Step> {
    by_set_width!(c, find_with(c, &|_| true))
}

/// The first aligned pair exclusion with a cell in or next to a cell that
/// `changed` (the solve's memo: the cells whose candidates changed since
/// a search found nothing). Why that is enough: whether two cells form a
/// pair and what it removes depends only on the two cells and their
/// peers (base cells need no single and some bivalue cell among their
/// peers; excluders are common peers), so a pair whose cells and peers
/// are all unchanged still removes nothing.
fn find_with<const W: usize>(c: &Candidates, changed: &dyn Fn(usize) -> bool) -> Option<Step> {
    let sets = BoardSets::<W>::new(c);
    let peers: Vec<CellSet<W>> = (0..c.cell_count()).map(|x| sets.peers(c, x)).collect();
    let near = super::near_changed(c, &sets, changed);
    if near.is_empty() {
        return None;
    }
    // Base cells and, for each, its excluders (bivalue peers).
    let base = super::exclusion_bases(c, &peers, 2);
    for second in 1..base.len() {
        for first in 0..second {
            let (a, excluders_a) = base[first];
            let (b, excluders_b) = base[second];
            if !near.contains(a) && !near.contains(b) {
                continue;
            }
            let common = excluders_a.and(excluders_b);
            if !common.has_two() {
                continue;
            }
            if let Some(step) = exclude(c, [a, b], common) {
                return Some(step);
            }
        }
    }
    None
}

/// The step removing every digit of the pair that no allowed combination
/// uses, if any.
fn exclude<const W: usize>(c: &Candidates, cells: [usize; 2], excluders: CellSet<W>) -> Option<Step> {
    let sees = c.tables().sees(cells[0], cells[1]);
    let masks = cells.map(|x| c.mask(x));
    // A digit of one cell is used when some digit of the other makes no
    // excluder's pair with it (and repeats it only where the two cells
    // do not see each other): the partners each excluder rules out,
    // gathered per digit, decide that in one pass over the excluders.
    let mut ruled_out = [0u32; 32];
    for e in excluders.iter() {
        let m = c.mask(e);
        for x in digits(m) {
            ruled_out[x as usize - 1] |= m & !bit(x);
        }
    }
    let used_of = |mine: u32, other: u32| {
        digits(mine)
            .filter(|&x| {
                let repeat = if sees { bit(x) } else { 0 };
                other & !(ruled_out[x as usize - 1] | repeat) != 0
            })
            .fold(0, |m, x| m | bit(x))
    };
    let used = [used_of(masks[0], masks[1]), used_of(masks[1], masks[0])];
    if used == masks {
        return None;
    }
    let step = Step::new(
        Technique::AlignedPairExclusion,
        Pair {
            cells,
            excluders: excluders.iter().collect(),
            n: c.n(),
        },
    );
    super::remove_unused(step, c, &cells, &used)
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn removes_the_digit_every_partner_combination_rules_out() {
        // Sukaku Explainer 1.15.10's position before its step "Aligned
        // Pair Exclusion: I8,I9" (r8c9, r9c9) in the 17-clue puzzle
        // ..............1.23.14.5..........6...7.28.4..3....7.......4...1..6......2........
        // which SE rates 6.2. With r8c9 = 5, every digit of r9c9 empties
        // a cell seeing both (r1c9 45, r7c8 56, r9c7 58, r5c9 59) or
        // repeats 5 in column 9: SE removes 5 from r8c9.
        let rows = [
            "7 2 3 8 6 9 1 45 45",
            "5 6 8 4 7 1 9 2 3",
            "9 1 4 3 5 2 7 68 68",
            "1 8 2 5 9 4 6 3 7",
            "6 7 59 2 8 3 4 1 59",
            "3 4 59 6 1 7 58 589 2",
            "8 3 7 9 4 56 2 56 1",
            "4 59 6 1 2 58 3 7 589",
            "2 59 1 7 3 568 58 4569 4689",
        ];
        let mut c = open_board();
        for (r, row) in rows.iter().enumerate() {
            for (col, cell) in row.split(' ').enumerate() {
                let ds: Vec<u8> = cell.bytes().map(|b| b - b'0').collect();
                if ds.len() == 1 {
                    c.place(rc(r + 1, col + 1), ds[0]);
                } else {
                    c.set_digits(rc(r + 1, col + 1), &ds);
                }
            }
        }
        let step = find(&c).expect("SE's aligned pair exclusion");
        assert_eq!(step.technique, Technique::AlignedPairExclusion);
        assert_eq!(removed(&step), vec![(rc(8, 9), 5)]);
    }

    #[test]
    fn two_common_excluders_are_needed() {
        // Row 1: r1c1 {1,2}, r1c2 {1,2,3}, every other cell open. If r1c4
        // is 2, r1c2 is 1 or 3 and r1c1 (then 2) or r1c3 repeats the 2:
        // but r1c3 is open, so with one bivalue excluder nothing goes.
        let mut c = open_board();
        c.set_digits(rc(1, 1), &[1, 2]);
        c.set_digits(rc(1, 2), &[1, 2, 3]);
        assert!(find(&c).is_none());
        // With r1c3 {2,3} as well, r1c2 and r1c4 have both as excluders:
        // (1,2) empties r1c1, (3,2) empties r1c3, (2,2) repeats.
        c.set_digits(rc(1, 3), &[2, 3]);
        let step = find(&c).expect("two excluders");
        assert_eq!(removed(&step), vec![(rc(1, 4), 2)]);
    }
}
