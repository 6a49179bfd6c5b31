//! The wings Sukaku Explainer builds from an almost locked set (ALS): `k`
//! cells that all see each other and hold `k + 1` digits between them,
//! plus a bivalue cell {x, z} outside them whose digits both occur in the
//! set. If every set cell holding x sees the bivalue cell, x is a
//! restricted common: the bivalue cell or the set holds z, so z leaves
//! every cell seeing the bivalue cell and all the set's z cells. When z is
//! a restricted common too (doubly linked), x goes the same way and each
//! other digit of the set leaves the cells seeing all its places in the
//! set (the set is then locked).
//!
//! `k = 3` is SE's WXYZ-Wing (5.5-5.6), `k = 4` its VWXYZ-Wing (6.2-6.4):
//! the difficulty grows with how far the set's largest cell is from the
//! extremes, and the name carries SE's code `<1|2 linked><largest cell
//! size><total candidates>`. SE takes the easiest, then the one removing
//! most, then the largest code.

use super::super::board::{cell_list, Cell};
use super::super::candidates::{bit, bits, digits, Candidates};
use super::super::cell_set::{by_set_width, BoardSets, CellSet};
use super::super::producer::{Context, Memo, Producer, Scratch};
use super::super::step::{Pattern, Step};
use super::super::technique::Technique;
use crate::shape::Shape;
use std::any::Any;
use std::fmt;

/// A wing found: the set, the bivalue cell and what it removes.
#[derive(Debug)]
pub(crate) struct WingPattern {
    set: Vec<usize>,
    pivot: usize,
    /// The restricted common digit(s): x, and z too when doubly linked.
    commons: Vec<u8>,
    /// The digit removed in the singly linked case.
    z: u8,
    code: String,
    n: usize,
}

impl Pattern for WingPattern {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = Shape::symbol(self.commons[0]);
        write!(
            f,
            "{} hold {} digits in {} cells and {} holds only {}",
            cell_list(&self.set, self.n),
            self.set.len() + 1,
            self.set.len(),
            Cell::of(self.pivot, self.n),
            super::super::board::digit_list(&[self.commons[0], self.z])
        )?;
        if self.commons.len() == 2 {
            write!(
                f,
                "; both are restricted commons, so the cells lock {} digits",
                self.set.len() + 2
            )
        } else {
            write!(
                f,
                "; {x} cannot be in both, so one of them holds {}",
                Shape::symbol(self.z)
            )
        }
    }

    fn name_suffix(&self) -> Option<String> {
        Some(format!(" {}", self.code))
    }
}

/// The ALS wings with a set of `size` cells: SE's WXYZ-Wing (3) and
/// VWXYZ-Wing (4), found by one search.
pub(crate) struct AlsWing {
    /// Cells in the almost locked set: 3 or 4.
    pub size: usize,
}

impl Producer for AlsWing {
    fn techniques(&self) -> &'static [Technique] {
        if self.size == 3 {
            &[Technique::WXYZWing]
        } else {
            &[Technique::VWXYZWing]
        }
    }

    /// The least difficulty: SE adds to it by the size of the set's
    /// largest cell (see [`difficulty_tenths`]).
    fn difficulty(&self, _: Technique) -> f32 {
        if self.size == 3 {
            5.5
        } else {
            6.2
        }
    }

    fn find(&self, c: &Candidates, cx: &mut Context) -> Option<Step> {
        find(c, self.size, self.techniques()[0], cx.memo)
    }
}

impl Scratch for SetCache {
    fn forget(&mut self) {
        self.houses.iter_mut().for_each(|(v, _)| *v = 0);
    }

    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

/// The easiest wing with a set of `k` cells, as SE picks it.
///
/// `memo` lets it skip what cannot have changed: when the search last
/// found nothing on a board of which `c` is a reduction (every cell's
/// candidates a subset), a wing now must have a cell whose candidates
/// changed since, in its set or as its pivot. A wing whose cells all kept
/// their candidates was a wing then too (the set, the pivot and its
/// restricted commons read only those cells) and removed at least as
/// much, since candidates elsewhere only went away.
fn find(c: &Candidates, k: usize, technique: Technique, memo: &mut Memo) -> Option<Step> {
    // One cache for both sizes: it lists every house's sets by size.
    let mut cache: Box<SetCache> = memo.take_scratch(Technique::WXYZWing);
    let found = by_set_width!(
        c,
        find_with(
            c,
            k,
            technique,
            memo.shrunk_since_nothing(technique, c),
            &mut cache
        )
    );
    memo.keep_scratch(Technique::WXYZWing, cache);
    if found.is_none() {
        memo.nothing_on_board(technique, c);
    }
    found
}

/// The sets of each house by size, kept for a solve: a house's sets
/// depend on its cells alone, so they are enumerated again only when the
/// house changed ([`Candidates::house_version`]).
#[derive(Default)]
pub(crate) struct SetCache {
    /// Per `k * houses + house`: the house's version when listed (0:
    /// never; versions start at 1) and its sets of `k` cells with their
    /// digits, in enumeration order.
    houses: Vec<(u32, Vec<SetOfHouse>)>,
}

/// A set of a house: its cells (the first `k`) and its digits.
type SetOfHouse = ([usize; MAX_SET], u32);

/// The most cells a set may have here (SE uses 3 and 4).
const MAX_SET: usize = 8;

fn find_with<const W: usize>(
    c: &Candidates,
    k: usize,
    technique: Technique,
    changed: Option<CellSet<W>>,
    cache: &mut SetCache,
) -> Option<Step> {
    assert!((2..MAX_SET).contains(&k), "ALS wings take sets of 2 to 7 cells");
    let n = c.n();
    if cache.houses.len() != MAX_SET * 3 * n {
        cache.houses.clear();
        cache.houses.resize_with(MAX_SET * 3 * n, Default::default);
    }
    if changed.is_some_and(|ch| ch.is_empty()) {
        return None;
    }
    // The bivalue cells grouped by their two digits: a pivot's digits
    // must both be in the set.
    let mut bivalue: Vec<(u32, CellSet<W>)> = Vec::new();
    for x in (0..c.cell_count()).filter(|&x| c.mask(x).count_ones() == 2) {
        let m = c.mask(x);
        match bivalue.iter_mut().find(|(pm, _)| *pm == m) {
            Some((_, group)) => group.insert(x),
            None => {
                let mut group = CellSet::default();
                group.insert(x);
                bivalue.push((m, group));
            }
        }
    }
    if bivalue.is_empty() {
        return None;
    }
    let mut search = Search {
        c,
        k,
        sets: BoardSets::new(c),
        bivalue,
        changed,
        best: None,
    };
    if c.tables().rules().variant {
        search.try_cliques();
    }
    // A set lies in one house (cells that all see each other do); boxes
    // come first so that a set inside a box and a line is met once.
    let classic_houses = if c.tables().rules().variant { 0 } else { 3 * n };
    for h in (2 * n..3 * n).chain(0..2 * n).take(classic_houses) {
        let mut pool = [0usize; 32];
        let mut pool_cells = CellSet::<W>::default();
        let mut pool_digits = 0;
        let mut len = 0;
        for &x in c.tables().house(h) {
            if (2..=k as u32 + 1).contains(&c.mask(x).count_ones()) {
                pool[len] = x;
                pool_cells.insert(x);
                pool_digits |= c.mask(x);
                len += 1;
            }
        }
        // An unchanged house has only unchanged sets: they need a changed
        // pivot whose digits are in the set and which sees some of it.
        if let Some(ch) = changed {
            if pool_cells.and(ch).is_empty() && !search.changed_pivot_fits(pool_cells, pool_digits) {
                continue;
            }
        }
        let (version, sets) = &mut cache.houses[k * 3 * n + h];
        if *version != c.house_version(h) {
            *version = c.house_version(h);
            sets.clear();
            let mut chosen = [0usize; MAX_SET];
            search.subsets(&pool[..len], h < 2 * n, 0, &mut chosen, 0, 0, sets);
        }
        for (set, union) in sets.iter() {
            search.try_set(&set[..k], *union);
        }
    }
    let best = search.best.take()?;
    let set = &best.set[..k];
    let (x, z, doubly) = (best.x, best.z, best.doubly);
    let peers = search.set_peers(set);
    let mut removed = Vec::new();
    let mut add = |d: u8, cells: CellSet<W>| removed.extend(cells.iter().map(|v| (v, d)));
    if doubly {
        let pm = c.mask(best.pivot);
        for w in digits(best.union & !pm) {
            add(w, search.seeing(set, &peers, best.pivot, w, false));
        }
        add(x, search.seeing(set, &peers, best.pivot, x, true));
        add(z, search.seeing(set, &peers, best.pivot, z, true));
    } else {
        add(z, search.seeing(set, &peers, best.pivot, z, true));
    }
    let largest = set.iter().map(|&s| c.mask(s).count_ones()).max().unwrap_or(2);
    let total: u32 = set.iter().map(|&s| c.mask(s).count_ones()).sum();
    let code = format!("{}{largest}{total}", if best.linked_twice { 2 } else { 1 });
    debug_assert_eq!(code_key(best.linked_twice, largest, total), best.key.2 .0);
    let pattern = WingPattern {
        set: set.to_vec(),
        pivot: best.pivot,
        commons: if doubly { vec![x, z] } else { vec![x] },
        z,
        code,
        n,
    };
    let mut step = Step::new(technique, best.key.0 as f32 / 10.0, pattern);
    for (cell, d) in removed {
        step.eliminate(cell, d, n);
    }
    Some(step)
}

/// SE's order: easiest (difficulty in tenths), then most removals (as
/// `usize::MAX - count`), then the largest code (as bytes, see
/// [`code_key`]).
type SortKey = (u32, usize, std::cmp::Reverse<[u8; 8]>);

/// The code `<1|2><largest><total>` as bytes padded with zeros: byte
/// arrays compare as the strings do, without formatting one per wing.
fn code_key(linked_twice: bool, largest: u32, total: u32) -> [u8; 8] {
    let mut key = [0u8; 8];
    key[0] = if linked_twice { b'2' } else { b'1' };
    let mut at = 1;
    for part in [largest, total] {
        // Decimal digits, most significant first (sizes are below 1000).
        let mut started = false;
        for unit in [100, 10, 1] {
            let digit = (part / unit % 10) as u8;
            if started || digit != 0 || unit == 1 {
                key[at] = b'0' + digit;
                at += 1;
                started = true;
            }
        }
    }
    key
}

/// The best wing so far. Among wings of equal key SE keeps the first met
/// in its order (sets by increasing cells, then pivots by index), so the
/// set and pivot break ties.
struct Best {
    key: SortKey,
    set: [usize; MAX_SET],
    pivot: usize,
    union: u32,
    x: u8,
    z: u8,
    doubly: bool,
    linked_twice: bool,
}

/// The state of one search: the board as cell sets and the best wing.
struct Search<'a, const W: usize> {
    c: &'a Candidates,
    k: usize,
    sets: BoardSets<W>,
    bivalue: Vec<(u32, CellSet<W>)>,
    /// The cells changed since the last search in vain, if known: a new
    /// wing has one in its set or as its pivot.
    changed: Option<CellSet<W>>,
    best: Option<Best>,
}

impl<const W: usize> Search<'_, W> {
    /// Lists in `out` every `k`-subset of `pool` (cells of one house, by
    /// index) holding `k + 1` digits, with its digits; in a line, sets
    /// inside one box are left out (their box has them).
    #[allow(clippy::too_many_arguments)]
    fn subsets(
        &self,
        pool: &[usize],
        in_line: bool,
        from: usize,
        chosen: &mut [usize; MAX_SET],
        len: usize,
        union: u32,
        out: &mut Vec<SetOfHouse>,
    ) {
        if len == self.k {
            if union.count_ones() as usize != self.k + 1 {
                return;
            }
            let set = &chosen[..len];
            let t = self.c.tables();
            let boxed = set.iter().all(|&s| t.houses_of(s)[2] == t.houses_of(set[0])[2]);
            if !(in_line && boxed) {
                out.push((*chosen, union));
            }
            return;
        }
        // Leave enough cells for the rest of the set.
        let Some(last) = (pool.len() + len + 1).checked_sub(self.k) else {
            return;
        };
        for i in from..last {
            let next = union | self.c.mask(pool[i]);
            if next.count_ones() as usize > self.k + 1 {
                continue;
            }
            chosen[len] = pool[i];
            self.subsets(pool, in_line, i + 1, chosen, len + 1, next, out);
        }
    }

    /// Whether a changed bivalue cell has its digits among `digits` and
    /// sees some of `cells`: a pivot for an unchanged set of them.
    fn changed_pivot_fits(&self, cells: CellSet<W>, digits: u32) -> bool {
        let Some(changed) = self.changed else {
            return true;
        };
        self.bivalue.iter().any(|&(pm, group)| {
            pm & !digits == 0
                && group
                    .and(changed)
                    .iter()
                    .any(|p| !self.sets.peers(self.c, p).and(cells).is_empty())
        })
    }

    /// The peers of each cell of `set`.
    fn set_peers(&self, set: &[usize]) -> [CellSet<W>; MAX_SET] {
        let mut peers = [CellSet::default(); MAX_SET];
        for (p, &s) in peers.iter_mut().zip(set) {
            *p = self.sets.peers(self.c, s);
        }
        peers
    }

    /// The places of digit `d` in `set`, as bits of positions in `set`.
    fn holders(&self, set: &[usize], d: u8) -> u32 {
        let mut places = 0;
        for (i, &s) in set.iter().enumerate() {
            if self.c.mask(s) & bit(d) != 0 {
                places |= 1 << i;
            }
        }
        places
    }

    /// The candidates of `d` outside the wing that see all its places in
    /// the set (and the pivot, when `with_pivot`).
    fn seeing(
        &self,
        set: &[usize],
        peers: &[CellSet<W>; MAX_SET],
        pivot: usize,
        d: u8,
        with_pivot: bool,
    ) -> CellSet<W> {
        let mut cells = self.sets.holding(d);
        for i in bits(self.holders(set, d)) {
            cells = cells.and(peers[i]);
        }
        if with_pivot {
            cells = cells.and(self.sets.peers(self.c, pivot));
        }
        // The set's cells are not their own peers; the pivot may be one
        // of the set's peers.
        cells.remove(pivot);
        cells
    }

    /// Under a variant, cells that all see each other need not share a
    /// house (a row and a diagonal, a king's move): SE takes any such
    /// cells (`Cell.getForwardVisibleCells` in `WXYZWing.java`,
    /// `VWXYZWing.java`), so every set of them is tried, each once.
    fn try_cliques(&mut self) {
        let c = self.c;
        let pool: CellSet<W> = (0..c.cell_count())
            .filter(|&x| (2..=self.k as u32 + 1).contains(&c.mask(x).count_ones()))
            .collect();
        let mut chosen = [0usize; MAX_SET];
        self.extend_clique(pool, &mut chosen, 0, 0);
    }

    /// Extends the first `len` cells of `chosen` (all seeing each other,
    /// holding `union`) by cells of `open` (later cells seeing them all).
    fn extend_clique(&mut self, open: CellSet<W>, chosen: &mut [usize; MAX_SET], len: usize, union: u32) {
        let mut rest = open;
        for x in open.iter() {
            rest.remove(x);
            let next = union | self.c.mask(x);
            if next.count_ones() as usize > self.k + 1 {
                continue;
            }
            chosen[len] = x;
            if len + 1 == self.k {
                if next.count_ones() as usize == self.k + 1 {
                    self.try_set(&chosen[..self.k], next);
                }
            } else {
                let seen = rest.and(self.sets.peers(self.c, x));
                self.extend_clique(seen, chosen, len + 1, next);
            }
        }
    }

    /// Every wing of `set` with a bivalue pivot, kept if it beats the best.
    fn try_set(&mut self, set: &[usize], union: u32) {
        let c = self.c;
        let largest = set.iter().map(|&s| c.mask(s).count_ones()).max().unwrap_or(2);
        let total: u32 = set.iter().map(|&s| c.mask(s).count_ones()).sum();
        let difficulty = difficulty_tenths(self.k, largest as usize);
        if self.best.as_ref().is_some_and(|b| difficulty > b.key.0) {
            return;
        }
        // Pivots: bivalue cells outside the set whose two digits are in
        // it (ties between wings are broken by set and pivot, so the
        // order they are tried in does not matter).
        let members: CellSet<W> = set.iter().copied().collect();
        let mut pivots = self
            .bivalue
            .iter()
            .filter(|(pm, _)| pm & !union == 0)
            .fold(CellSet::default(), |acc, &(_, group)| acc.or(group))
            .without(members);
        if let Some(changed) = self.changed {
            if members.and(changed).is_empty() {
                pivots = pivots.and(changed);
            }
        }
        if pivots.is_empty() {
            return;
        }
        // A restricted common has all its places in the set seeing the
        // pivot, so the pivot sees the set.
        let peers = self.set_peers(set);
        let near = peers[..set.len()]
            .iter()
            .fold(CellSet::default(), |acc, &p| acc.or(p));
        for pivot in pivots.and(near).iter() {
            let pm = c.mask(pivot);
            self.try_pivot(set, union, &peers, pivot, pm, difficulty, (largest, total));
        }
    }

    /// The wing of `set` with `pivot` (of candidates `pm`), kept if it
    /// beats the best.
    #[allow(clippy::too_many_arguments)]
    fn try_pivot(
        &mut self,
        set: &[usize],
        union: u32,
        peers: &[CellSet<W>; MAX_SET],
        pivot: usize,
        pm: u32,
        difficulty: u32,
        (largest, total): (u32, u32),
    ) {
        {
            let mut seen = 0u32;
            for (i, p) in peers[..set.len()].iter().enumerate() {
                if p.contains(pivot) {
                    seen |= 1 << i;
                }
            }
            let restricted = |d: u8| self.holders(set, d) & !seen == 0;
            let (a, b) = (pm.trailing_zeros() as u8 + 1, 32 - (pm.leading_zeros() as u8));
            let (x, z, doubly) = match (restricted(a), restricted(b)) {
                (true, true) => (a, b, true),
                (true, false) => (a, b, false),
                (false, true) => (b, a, false),
                (false, false) => return,
            };
            let (removed, linked_twice) = if doubly {
                let weak: u32 = digits(union & !pm)
                    .map(|w| self.seeing(set, peers, pivot, w, false).len())
                    .sum();
                let strong_x = self.seeing(set, peers, pivot, x, true).len();
                let strong_z = self.seeing(set, peers, pivot, z, true).len();
                // SE calls it doubly linked only when the second link removes.
                (
                    weak + strong_x + strong_z,
                    weak > 0 || (strong_x > 0 && strong_z > 0),
                )
            } else {
                (self.seeing(set, peers, pivot, z, true).len(), false)
            };
            if removed == 0 {
                return;
            }
            let key = (
                difficulty,
                usize::MAX - removed as usize,
                std::cmp::Reverse(code_key(linked_twice, largest, total)),
            );
            let beats = self
                .best
                .as_ref()
                .is_none_or(|b| (&key, set, pivot) < (&b.key, &b.set[..set.len()], b.pivot));
            if beats {
                let mut kept = [0usize; MAX_SET];
                kept[..set.len()].copy_from_slice(set);
                self.best = Some(Best {
                    key,
                    set: kept,
                    pivot,
                    union,
                    x,
                    z,
                    doubly,
                    linked_twice,
                });
            }
        }
    }
}

/// SE's difficulty in tenths: the base for the size, plus a tenth for each
/// step the largest cell is closer to the middle size.
fn difficulty_tenths(k: usize, largest: usize) -> u32 {
    let base = if k == 3 { 55 } else { 62 };
    let digits = k + 1;
    let middle = (digits + 2) / 2;
    let bonus = (digits - middle) as i64 - (middle as i64 - largest as i64).abs();
    (base + bonus) as u32
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn wxyz(c: &Candidates) -> Option<Step> {
        AlsWing { size: 3 }.find(c, &mut scratch())
    }

    fn vwxyz(c: &Candidates) -> Option<Step> {
        AlsWing { size: 4 }.find(c, &mut scratch())
    }

    #[test]
    fn ratings_follow_se_codes() {
        // WXYZ-Wing 126/148 5.5, 137/138 5.6; VWXYZ-Wing 128 6.3,
        // 139/1310 6.4, 1412 6.3, 1513 6.2 (from SE's traces).
        assert_eq!(difficulty_tenths(3, 2), 55);
        assert_eq!(difficulty_tenths(3, 3), 56);
        assert_eq!(difficulty_tenths(3, 4), 55);
        assert_eq!(difficulty_tenths(4, 2), 63);
        assert_eq!(difficulty_tenths(4, 3), 64);
        assert_eq!(difficulty_tenths(4, 4), 63);
        assert_eq!(difficulty_tenths(4, 5), 62);
    }

    #[test]
    fn removes_z_from_cells_seeing_the_pivot_and_every_z_of_the_set() {
        let mut c = open_board();
        // Set r1c1 {1,2}, r1c2 {1,3}, r2c1 {2,3,4} (box 1); pivot r1c5
        // {1,4}. Every 1 of the set is in row 1 with the pivot, so the set
        // or the pivot holds 4: r1c3 and r2c4-6 see r2c1 and r1c5.
        c.set_digits(rc(1, 1), &[1, 2]);
        c.set_digits(rc(1, 2), &[1, 3]);
        c.set_digits(rc(2, 1), &[2, 3, 4]);
        c.set_digits(rc(1, 5), &[1, 4]);
        let step = wxyz(&c).expect("wxyz-wing");
        assert_eq!(removed(&step), each(&[rc(1, 3), rc(2, 4), rc(2, 5), rc(2, 6)], 4));
        assert_eq!(step.name(), "WXYZ-Wing 137");
        assert!((step.difficulty - 5.6).abs() < 1e-4);
    }

    #[test]
    fn a_wing_made_by_a_later_removal_is_found_with_the_memo() {
        // The wing of the test above, first without it: the pivot r1c5
        // has a third digit, then the set cell r2c1 has a fifth. The
        // search after each removal reuses the memo of the search before,
        // which found nothing; the wing must still be found.
        let find = |c: &Candidates, cx: &mut Context| AlsWing { size: 3 }.find(c, cx);
        let mut cx = scratch();
        let mut c = open_board();
        c.set_digits(rc(1, 1), &[1, 2]);
        c.set_digits(rc(1, 2), &[1, 3]);
        c.set_digits(rc(2, 1), &[2, 3, 4, 5]);
        c.set_digits(rc(1, 5), &[1, 4, 5]);
        assert!(find(&c, &mut cx).is_none());
        c.set_digits(rc(1, 5), &[1, 4]);
        assert!(find(&c, &mut cx).is_none(), "the set has five digits");
        assert!(find(&c, &mut cx).is_none(), "nothing changed");
        c.set_digits(rc(2, 1), &[2, 3, 4]);
        let step = find(&c, &mut cx).expect("wxyz-wing after the removals");
        assert_eq!(removed(&step), each(&[rc(1, 3), rc(2, 4), rc(2, 5), rc(2, 6)], 4));
        // A board that is no reduction of the last one is searched whole.
        let mut other = open_board();
        other.set_digits(rc(1, 1), &[1, 2]);
        other.set_digits(rc(1, 2), &[1, 3]);
        other.set_digits(rc(2, 1), &[2, 3, 4]);
        other.set_digits(rc(1, 5), &[1, 4]);
        let mut cx = scratch();
        c.set_digits(rc(1, 5), &[1, 4, 6]);
        c.set_digits(rc(9, 9), &[7, 8]);
        assert!(find(&c, &mut cx).is_none());
        assert!(find(&other, &mut cx).is_some());
    }

    #[test]
    fn no_wing_when_the_common_digit_is_not_restricted() {
        let mut c = open_board();
        // As above, but the pivot r5c5 {1,4} sees no cell of the set.
        c.set_digits(rc(1, 1), &[1, 2]);
        c.set_digits(rc(1, 2), &[1, 3]);
        c.set_digits(rc(2, 1), &[2, 3, 4]);
        c.set_digits(rc(5, 5), &[1, 4]);
        assert!(wxyz(&c).is_none());
    }

    #[test]
    fn four_cell_set_with_a_bivalue_pivot() {
        let mut c = open_board();
        // Set r1c1 {1,2}, r1c2 {1,3}, r1c3 {1,4}, r2c1 {2,3,4,5} (box 1);
        // pivot r1c5 {1,5}: every 1 of the set shares row 1 with it, so
        // 5 is in r2c1 or r1c5 and leaves r2c4-6.
        c.set_digits(rc(1, 1), &[1, 2]);
        c.set_digits(rc(1, 2), &[1, 3]);
        c.set_digits(rc(1, 3), &[1, 4]);
        c.set_digits(rc(2, 1), &[2, 3, 4, 5]);
        c.set_digits(rc(1, 5), &[1, 5]);
        let step = vwxyz(&c).expect("vwxyz-wing");
        assert_eq!(removed(&step), each(&[rc(2, 4), rc(2, 5), rc(2, 6)], 5));
        assert_eq!(step.name(), "VWXYZ-Wing 1410");
        assert!((step.difficulty - 6.3).abs() < 1e-4);
    }
}
