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

use super::super::candidates::Candidates;
use super::super::step::{cell_list, Pattern, Step};
use super::super::technique::{Finder, Technique};
use super::cell_set::{by_set_width, BoardSets, CellSet};
use std::fmt;

pub(crate) const FINDER: Finder = Finder {
    id: "aligned_triplet_exclusion",
    name: "Aligned Triplet Exclusion",
    score: 7.5,
    find: Some(|c, cx| {
        cx.memo
            .first_since_nothing(Technique::AlignedTripletExclusion, c, |changed| {
                by_set_width!(c, find_with(c, changed))
            })
    }),
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

/// Finds an aligned triplet exclusion (the whole board).
#[cfg(test)]
fn find(c: &Candidates) -> Option<Step> {
    by_set_width!(c, find_with(c, &|_| true))
}

/// The first aligned triplet exclusion with a cell in or next to a cell
/// that `changed` (the solve's memo: the cells whose candidates changed
/// since a search found nothing). Why that is enough: whether three
/// cells form a triplet and what it removes depends only on the three
/// cells and their peers (base cells need no single and some cell of two
/// or three candidates among their peers; excluders are common peers),
/// so a triplet whose cells and peers are all unchanged still removes
/// nothing.
fn find_with<const W: usize>(c: &Candidates, changed: &dyn Fn(usize) -> bool) -> Option<Step> {
    let t = c.tables();
    let sets = BoardSets::<W>::new(c);
    let peers: Vec<CellSet<W>> = (0..c.cell_count()).map(|x| sets.peers(c, x)).collect();
    // A triplet needs a cell in `near`.
    let near = super::near_changed(c, &sets, changed);
    if near.is_empty() {
        return None;
    }
    // Base cells and, for each, its excluders (peers of 2-3 candidates).
    let mut excluders = vec![CellSet::<W>::default(); c.cell_count()];
    let base: Vec<usize> = super::exclusion_bases(c, &peers, 3)
        .into_iter()
        .map(|(cell, mine)| {
            excluders[cell] = mine;
            cell
        })
        .collect();
    let base_set: CellSet<W> = base.iter().copied().collect();
    if base.len() < 3 {
        return None;
    }
    // A triplet is met from each of its pairs that passes the tests
    // below; what it removes does not depend on which (see `exclude`),
    // so only its first meeting is looked at. Kept for up to 64 base
    // cells (a bit per ordered triple), else every meeting is looked at.
    let mut met = TripletsMet::new(&base, c.cell_count());
    for second in 1..base.len() {
        for first in 0..second {
            let (a, b) = (base[first], base[second]);
            let both = excluders[a].and(excluders[b]);
            // The triplet's common excluders are among these.
            if !both.has_two() {
                continue;
            }
            // A combination empties an excluder only when the excluder's
            // digits are among its three, so at most one of them may be
            // outside the pair's candidates. With no such excluder only
            // repeats rule combinations out, and those remove nothing
            // unless the three cells all see each other.
            let pair_digits = c.mask(a) | c.mask(b);
            let mut killers = CellSet::default();
            // The base cells (all of two or three candidates here) seeing
            // two or more of `both`: the thirds with two common excluders.
            let mut once = CellSet::<W>::default();
            let mut twice = CellSet::<W>::default();
            for e in both.iter() {
                let rest = c.mask(e) & !pair_digits;
                if rest & rest.wrapping_sub(1) == 0 {
                    killers.insert(e);
                }
                twice = twice.or(once.and(peers[e]));
                once = once.or(peers[e]);
            }
            if killers == CellSet::default() && !t.sees(a, b) {
                continue;
            }
            let pair: CellSet<W> = [a, b].into_iter().collect();
            // SE's order: the first cell's peers, then the second's others.
            let mut thirds = base_set.and(twice).without(pair);
            if !near.contains(a) && !near.contains(b) {
                thirds = thirds.and(near);
            }
            let from_a = excluders[a].and(thirds);
            let from_b = excluders[b].and(thirds).without(from_a);
            for third in from_a.iter().chain(from_b.iter()) {
                if !met.first_meeting(a, b, third) {
                    continue;
                }
                let common = both.and(excluders[third]);
                debug_assert!(common.has_two());
                if let Some(step) = exclude(c, [a, b, third], common, killers.and(excluders[third])) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The triplets of base cells already looked at, by their base cells'
/// positions in the base list.
struct TripletsMet {
    /// Per cell, its position in the base list.
    position: Vec<u8>,
    len: usize,
    /// One bit per triple of positions, smallest first (empty when the
    /// base list is too long to keep them).
    bits: Vec<u64>,
}

impl TripletsMet {
    fn new(base: &[usize], cells: usize) -> TripletsMet {
        let len = base.len();
        if len > 64 {
            return TripletsMet {
                position: Vec::new(),
                len,
                bits: Vec::new(),
            };
        }
        let mut position = vec![0u8; cells];
        for (i, &cell) in base.iter().enumerate() {
            position[cell] = i as u8;
        }
        TripletsMet {
            position,
            len,
            bits: vec![0; (len * len * len).div_ceil(64)],
        }
    }

    /// Whether the triplet of base cells `a`, `b`, `c` is met for the
    /// first time (always true when not kept); marks it met.
    fn first_meeting(&mut self, a: usize, b: usize, c: usize) -> bool {
        if self.bits.is_empty() {
            return true;
        }
        let mut p = [a, b, c].map(|x| self.position[x] as usize);
        p.sort_unstable();
        let i = (p[0] * self.len + p[1]) * self.len + p[2];
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        let first = self.bits[word] & bit == 0;
        self.bits[word] |= bit;
        first
    }
}

/// The common excluders kept on the stack: they are peers of the first
/// cell (20 on a 9x9 board, 45 on 16x16).
const MAX_EXCLUDERS: usize = 48;

/// The step removing every digit of the base cells that no allowed
/// combination uses, if any. `excluders` are the common excluders and
/// `killers` those of them a combination could empty. What goes does not
/// depend on the order of the three cells: a common excluder left out
/// of `killers` for one order has two digits only the third cell holds,
/// and one cell takes one digit, so no combination empties it.
fn exclude<const W: usize>(
    c: &Candidates,
    cells: [usize; 3],
    excluders: CellSet<W>,
    killers: CellSet<W>,
) -> Option<Step> {
    let t = c.tables();
    let masks = cells.map(|x| c.mask(x));
    let reach = masks[0] | masks[1] | masks[2];
    let mut ex_masks = [0u32; MAX_EXCLUDERS];
    let mut len = 0;
    let mut more = Vec::new();
    for m in killers.iter().map(|x| c.mask(x)).filter(|&m| m & !reach == 0) {
        if len < MAX_EXCLUDERS {
            ex_masks[len] = m;
            len += 1;
        } else {
            // Only on boards beyond 16x16 (the order does not matter).
            more.push(m);
        }
    }
    if !more.is_empty() {
        more.extend_from_slice(&ex_masks[..len]);
    }
    let ex_masks = if more.is_empty() {
        &ex_masks[..len]
    } else {
        &more[..]
    };
    let sees = [
        t.sees(cells[0], cells[1]),
        t.sees(cells[0], cells[2]),
        t.sees(cells[1], cells[2]),
    ];
    let used = allowed_digits(masks, sees, ex_masks)?;
    step_of(c, cells, excluders, used)
}

/// The step removing the digits of `cells` outside `used`.
fn step_of<const W: usize>(
    c: &Candidates,
    cells: [usize; 3],
    excluders: CellSet<W>,
    used: [u32; 3],
) -> Option<Step> {
    let step = Step::new(
        Technique::AlignedTripletExclusion,
        Triplet {
            cells,
            excluders: excluders.iter().collect(),
            n: c.n(),
        },
    );
    super::remove_unused(step, c, &cells, &used)
}

/// The digits of each base cell (candidates `masks`) that some allowed
/// combination uses, or `None` as soon as every digit is used (nothing
/// to remove). `sees` is for the pairs (0,1), (0,2), (1,2); `excluders`
/// are the candidates of the common excluders.
///
/// The third cell has two or three candidates, so the walk is over its
/// digit `z` and the first cell's `x`, and the second cell's allowed
/// digits come at once as a mask.
fn allowed_digits(masks: [u32; 3], sees: [bool; 3], excluders: &[u32]) -> Option<[u32; 3]> {
    if excluders.is_empty() {
        return allowed_without_excluders(masks, sees);
    }
    let mut used = [0u32; 3];
    let mut xs = masks[0];
    while xs != 0 {
        let bx = xs & xs.wrapping_neg();
        xs &= xs - 1;
        let mut zs = masks[2];
        while zs != 0 {
            let bz = zs & zs.wrapping_neg();
            zs &= zs - 1;
            if sees[1] && bx == bz {
                continue;
            }
            // Nothing new to learn from this pair once the second cell
            // is covered.
            if used[0] & bx != 0 && used[2] & bz != 0 && used[1] == masks[1] {
                continue;
            }
            // The digits y that would repeat x or z in a house or leave
            // an excluder empty: it is emptied when its digits outside
            // {x, z} are none, or only y.
            let mut forbidden = 0;
            if sees[0] {
                forbidden |= bx;
            }
            if sees[2] {
                forbidden |= bz;
            }
            let xz = bx | bz;
            for &m in excluders {
                let rest = m & !xz;
                if rest == 0 {
                    forbidden = u32::MAX;
                    break;
                }
                if rest & (rest - 1) == 0 {
                    forbidden |= rest;
                }
            }
            let ys = masks[1] & !forbidden;
            if ys != 0 {
                used[0] |= bx;
                used[1] |= ys;
                used[2] |= bz;
                if used == masks {
                    return None;
                }
            }
        }
    }
    Some(used)
}

/// [`allowed_digits`] when no excluder can be emptied, in closed form:
/// only repeats rule combinations out, and every cell has two or more
/// candidates, so a digit `x` of one cell is never used only when the
/// three cells see each other and the other two are the same pair
/// `{x, d}` (a naked pair).
fn allowed_without_excluders(masks: [u32; 3], sees: [bool; 3]) -> Option<[u32; 3]> {
    if !(sees[0] && sees[1] && sees[2]) {
        return None;
    }
    let mut used = masks;
    for (i, (j, k)) in [(1, 2), (0, 2), (0, 1)].into_iter().enumerate() {
        if masks[j] == masks[k] && masks[j].count_ones() == 2 {
            used[i] &= !masks[j];
        }
    }
    (used != masks).then_some(used)
}

#[cfg(test)]
mod tests {
    use super::super::super::candidates::{bit, digits};
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

    /// The used digits by walking every combination, as the rule says.
    fn used_by_walking(masks: [u32; 3], sees: [bool; 3], excluders: &[u32]) -> [u32; 3] {
        let mut used = [0u32; 3];
        for x in digits(masks[0]) {
            for y in digits(masks[1]) {
                for z in digits(masks[2]) {
                    let repeat = (sees[0] && x == y) || (sees[1] && x == z) || (sees[2] && y == z);
                    let taken = bit(x) | bit(y) | bit(z);
                    if !repeat && !excluders.iter().any(|&m| m & !taken == 0) {
                        used[0] |= bit(x);
                        used[1] |= bit(y);
                        used[2] |= bit(z);
                    }
                }
            }
        }
        used
    }

    #[test]
    fn the_shortcuts_agree_with_walking_every_combination() {
        // A small deterministic generator: masks of 2-4 digits out of 5
        // (the third cell 2-3), 0-3 excluders of 2-3 digits.
        let mut seed = 0x2545_f491_u32;
        let mut next = |below: u32| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed % below
        };
        let mask_of = |lo: u32, hi: u32, next: &mut dyn FnMut(u32) -> u32| loop {
            let m = next(32);
            if (lo..=hi).contains(&m.count_ones()) {
                break m;
            }
        };
        let mut checked = [0usize; 2];
        for _ in 0..20_000 {
            let masks = [
                mask_of(2, 4, &mut next),
                mask_of(2, 4, &mut next),
                mask_of(2, 3, &mut next),
            ];
            let sees = [next(4) != 0, next(4) != 0, next(4) != 0];
            let excluders: Vec<u32> = (0..next(4)).map(|_| mask_of(2, 3, &mut next)).collect();
            let walked = used_by_walking(masks, sees, &excluders);
            let expected = (walked != masks).then_some(walked);
            assert_eq!(
                allowed_digits(masks, sees, &excluders),
                expected,
                "{masks:?} {sees:?} {excluders:?}"
            );
            checked[usize::from(expected.is_some())] += 1;
        }
        // Both outcomes must have been exercised for the check to mean much.
        assert!(checked[0] > 100 && checked[1] > 100, "{checked:?}");
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
