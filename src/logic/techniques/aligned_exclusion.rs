//! SE's aligned exclusions of `degree` base cells: a combination of
//! digits for the base cells is ruled out when two of them that see each
//! other take the same digit, or when a cell seeing them all (an
//! *excluder*) would be left empty; a base cell's digit that appears in no
//! remaining combination goes.
//!
//! One producer, two searches: SE's Aligned Pair Exclusion (6.2) is a
//! search of its own, written for two cells (its excluders are the
//! bivalue cells seeing both, and it walks the pairs of base cells),
//! which overrides the general aligned exclusion SE runs for three cells
//! (7.5: excluders of two or three candidates, third cells taken among
//! the base cells either of the first two sees). The path must follow
//! SE's, so each degree keeps SE's own search (`pair`, `triplet`); the
//! base cells, the memo and the deduction are shared.

use super::super::candidates::{digits, Candidates};
use super::super::cell_set::{by_set_width, CellSet};
use super::super::producer::{Context, Producer};
use super::super::board::cell_list;
use super::super::step::{Pattern, Step};
use std::fmt;
use super::super::technique::Technique;
use super::common::{if_progress, near_changed};
use pair::find_with as find_pairs;
use triplet::find_with as find_triplets;

/// SE's difficulty of an aligned pair exclusion.
const PAIR_DIFFICULTY: f32 = 6.2;

/// SE's difficulty of an aligned triplet exclusion.
const TRIPLET_DIFFICULTY: f32 = 7.5;

/// Aligned exclusions of `degree` base cells: 2 (pairs) or 3 (triplets).
pub(crate) struct AlignedExclusion {
    /// Base cells: 2 or 3.
    pub degree: usize,
}

impl Producer for AlignedExclusion {
    fn techniques(&self) -> &'static [Technique] {
        if self.degree == 2 {
            &[Technique::AlignedPairExclusion]
        } else {
            &[Technique::AlignedTripletExclusion]
        }
    }

    fn difficulty(&self, _: Technique) -> f32 {
        if self.degree == 2 {
            PAIR_DIFFICULTY
        } else {
            TRIPLET_DIFFICULTY
        }
    }

    fn find(&self, c: &Candidates, cx: &mut Context) -> Option<Step> {
        let technique = self.techniques()[0];
        let degree = self.degree;
        cx.memo.first_since_nothing(technique, c, |changed| {
            if degree == 2 {
                by_set_width!(c, find_pairs(c, changed))
            } else {
                by_set_width!(c, find_triplets(c, changed))
            }
        })
    }
}

/// The base cells of SE's aligned exclusions of `degree` cells, in index
/// order, each with its excluders: the unsolved cells that see no naked
/// single and see some cell of 2 to `degree` candidates (those peers are
/// its excluders). `peers` holds each cell's peers.
fn exclusion_bases<const W: usize>(
    c: &Candidates,
    peers: &[CellSet<W>],
    degree: u32,
) -> Vec<(usize, CellSet<W>)> {
    let few = |x: usize| (2..=degree).contains(&c.mask(x).count_ones());
    let singles: CellSet<W> = (0..c.cell_count())
        .filter(|&x| c.mask(x).count_ones() == 1)
        .collect();
    let excluding: CellSet<W> = (0..c.cell_count()).filter(|&x| few(x)).collect();
    (0..c.cell_count())
        .filter(|&x| c.mask(x).count_ones() >= 2 && peers[x].and(singles).is_empty())
        .map(|x| (x, peers[x].and(excluding)))
        .filter(|(_, mine)| !mine.is_empty())
        .collect()
}

/// The base cells of an aligned exclusion and their common excluders.
#[derive(Debug)]
struct Aligned<const K: usize> {
    cells: [usize; K],
    excluders: Vec<usize>,
    n: usize,
}

impl<const K: usize> Pattern for Aligned<K> {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = if K == 2 { "two digits" } else { "digits" };
        write!(
            f,
            "{} cannot take {digits} that leave one of {} empty or repeat a digit in a house",
            cell_list(&self.cells, self.n),
            cell_list(&self.excluders, self.n)
        )
    }
}

/// The aligned exclusions' deduction: the step of `K` base `cells` with
/// their `excluders`, removing from each cell the digits of its
/// candidates outside `used` (the digits some allowed combination gives
/// it), if any.
fn aligned_step<const K: usize, const W: usize>(
    c: &Candidates,
    cells: [usize; K],
    excluders: CellSet<W>,
    used: [u32; K],
) -> Option<Step> {
    let (technique, difficulty) = if K == 2 {
        (Technique::AlignedPairExclusion, PAIR_DIFFICULTY)
    } else {
        (Technique::AlignedTripletExclusion, TRIPLET_DIFFICULTY)
    };
    let n = c.n();
    let pattern = Aligned {
        cells,
        excluders: excluders.iter().collect(),
        n,
    };
    let mut step = Step::new(technique, difficulty, pattern);
    for (&cell, &used) in cells.iter().zip(&used) {
        for d in digits(c.mask(cell) & !used) {
            step.eliminate(cell, d, n);
        }
    }
    if_progress(step)
}

mod pair {
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

    use crate::logic::candidates::{bit, digits, Candidates};
    use crate::logic::cell_set::{BoardSets, CellSet};
    use crate::logic::step::Step;

    use super::{aligned_step, exclusion_bases, near_changed};

    /// Finds an aligned pair exclusion (the whole board).
    #[cfg(test)]
    pub(super) fn find(c: &Candidates) -> Option<Step> {
        crate::logic::cell_set::by_set_width!(c, find_with(c, &|_| true))
    }

    /// The first aligned pair exclusion with a cell in or next to a cell that
    /// `changed` (the solve's memo: the cells whose candidates changed since
    /// a search found nothing). Why that is enough: whether two cells form a
    /// pair and what it removes depends only on the two cells and their
    /// peers (base cells need no single and some bivalue cell among their
    /// peers; excluders are common peers), so a pair whose cells and peers
    /// are all unchanged still removes nothing.
    pub(super) fn find_with<const W: usize>(c: &Candidates, changed: &dyn Fn(usize) -> bool) -> Option<Step> {
        let sets = BoardSets::<W>::new(c);
        let peers: Vec<CellSet<W>> = (0..c.cell_count()).map(|x| sets.peers(c, x)).collect();
        let near = near_changed(c, &sets, changed);
        if near.is_empty() {
            return None;
        }
        // Base cells and, for each, its excluders (bivalue peers).
        let base = exclusion_bases(c, &peers, 2);
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
        aligned_step(c, cells, excluders, used)
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use crate::logic::technique::Technique;
        use crate::logic::techniques::testing::*;

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
}

mod triplet {
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

    use crate::logic::candidates::Candidates;
    use crate::logic::cell_set::{BoardSets, CellSet};
    use crate::logic::step::Step;

    use super::{aligned_step, exclusion_bases, near_changed};

    /// Finds an aligned triplet exclusion (the whole board).
    #[cfg(test)]
    pub(super) fn find(c: &Candidates) -> Option<Step> {
        crate::logic::cell_set::by_set_width!(c, find_with(c, &|_| true))
    }

    /// The first aligned triplet exclusion with a cell in or next to a cell
    /// that `changed` (the solve's memo: the cells whose candidates changed
    /// since a search found nothing). Why that is enough: whether three
    /// cells form a triplet and what it removes depends only on the three
    /// cells and their peers (base cells need no single and some cell of two
    /// or three candidates among their peers; excluders are common peers),
    /// so a triplet whose cells and peers are all unchanged still removes
    /// nothing.
    pub(super) fn find_with<const W: usize>(c: &Candidates, changed: &dyn Fn(usize) -> bool) -> Option<Step> {
        let t = c.tables();
        let sets = BoardSets::<W>::new(c);
        let peers: Vec<CellSet<W>> = (0..c.cell_count()).map(|x| sets.peers(c, x)).collect();
        // A triplet needs a cell in `near`.
        let near = near_changed(c, &sets, changed);
        if near.is_empty() {
            return None;
        }
        // Base cells and, for each, its excluders (peers of 2-3 candidates).
        let mut excluders = vec![CellSet::<W>::default(); c.cell_count()];
        let base: Vec<usize> = exclusion_bases(c, &peers, 3)
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
        aligned_step(c, cells, excluders, used)
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
        use super::*;
        use crate::logic::candidates::{bit, digits};
        use crate::logic::techniques::testing::*;

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
}
