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
//! the rating grows with how far the set's largest cell is from the
//! extremes, and the name carries SE's code `<1|2 linked><largest cell
//! size><total candidates>`. SE takes the easiest, then the one removing
//! most, then the largest code.

use super::super::candidates::{bit, digits, Candidates};
use super::super::step::{cell_list, Cell, Pattern, Step};
use super::super::technique::Technique;
use crate::shape::Shape;
use std::fmt;

/// A wing found: the set, the bivalue cell and what it removes.
#[derive(Debug)]
pub(crate) struct AlsWing {
    set: Vec<usize>,
    pivot: usize,
    /// The restricted common digit(s): x, and z too when doubly linked.
    commons: Vec<u8>,
    /// The digit removed in the singly linked case.
    z: u8,
    code: String,
    n: usize,
}

impl Pattern for AlsWing {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = Shape::symbol(self.commons[0]);
        write!(
            f,
            "{} hold {} digits in {} cells and {} holds only {}",
            cell_list(&self.set, self.n),
            self.set.len() + 1,
            self.set.len(),
            Cell::of(self.pivot, self.n),
            super::super::step::digit_list(&[self.commons[0], self.z])
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

/// The easiest wing with a set of `k` cells, as SE picks it.
pub(crate) fn find(c: &Candidates, k: usize, technique: Technique) -> Option<Step> {
    let n = c.n();
    let bivalue: Vec<usize> = (0..c.cell_count())
        .filter(|&x| c.mask(x).count_ones() == 2)
        .collect();
    if bivalue.is_empty() {
        return None;
    }
    let mut best: Option<(Candidate, SortKey)> = None;
    let mut set = Vec::with_capacity(k);
    sets(c, k, 0, 0, &mut set, &mut |set, union| {
        for &pivot in &bivalue {
            if let Some(found) = wing(c, set, union, pivot, k) {
                let key = (
                    found.rating_tenths,
                    usize::MAX - found.removed.len(),
                    std::cmp::Reverse(found.code.clone()),
                );
                if best.as_ref().is_none_or(|(_, b)| key < *b) {
                    best = Some((found, key));
                }
            }
        }
    });
    let (found, _) = best?;
    let rating = found.rating_tenths as f32 / 10.0;
    let pattern = AlsWing {
        set: found.set,
        pivot: found.pivot,
        commons: found.commons,
        z: found.z,
        code: found.code,
        n,
    };
    let mut step = Step::new(technique, pattern).rated(rating);
    for (cell, d) in found.removed {
        step.eliminate(cell, d, n);
    }
    Some(step)
}

/// SE's order: easiest, then most removals, then the largest code.
type SortKey = (u32, usize, std::cmp::Reverse<String>);

/// A wing before it becomes a step.
struct Candidate {
    set: Vec<usize>,
    pivot: usize,
    commons: Vec<u8>,
    z: u8,
    code: String,
    rating_tenths: u32,
    removed: Vec<(usize, u8)>,
}

/// Calls `visit` with every set of `k` mutually visible cells, in
/// increasing cell order, of two or more candidates each, holding `k + 1`
/// digits between them.
fn sets(
    c: &Candidates,
    k: usize,
    from: usize,
    union: u32,
    set: &mut Vec<usize>,
    visit: &mut impl FnMut(&[usize], u32),
) {
    if set.len() == k {
        if union.count_ones() as usize == k + 1 {
            visit(set, union);
        }
        return;
    }
    // Every later cell must see the first one: walk its peers (sorted)
    // rather than the whole grid.
    match set.first() {
        Some(&first) => {
            let peers = c.tables().peers(first);
            let start = peers.partition_point(|&x| x < from);
            for &cell in &peers[start..] {
                add_and_recurse(c, k, cell, union, set, visit);
            }
        }
        None => {
            for cell in from..c.cell_count() {
                add_and_recurse(c, k, cell, union, set, visit);
            }
        }
    }
}

/// [`sets`] with `cell` added, if it fits: two or more candidates, the
/// union within `k + 1` digits, seen by every cell of the set.
fn add_and_recurse(
    c: &Candidates,
    k: usize,
    cell: usize,
    union: u32,
    set: &mut Vec<usize>,
    visit: &mut impl FnMut(&[usize], u32),
) {
    let m = c.mask(cell);
    if m.count_ones() < 2 {
        return;
    }
    let next = union | m;
    let t = c.tables();
    if next.count_ones() as usize > k + 1 || !set.iter().skip(1).all(|&s| t.sees(s, cell)) {
        return;
    }
    set.push(cell);
    sets(c, k, cell + 1, next, set, visit);
    set.pop();
}

/// The wing of `set` with bivalue cell `pivot`, if it removes anything.
fn wing(c: &Candidates, set: &[usize], union: u32, pivot: usize, k: usize) -> Option<Candidate> {
    let pm = c.mask(pivot);
    if pm & !union != 0 || set.contains(&pivot) {
        return None;
    }
    let t = c.tables();
    let restricted = |d: u8| set.iter().all(|&s| c.mask(s) & bit(d) == 0 || t.sees(s, pivot));
    let mut ds = digits(pm);
    let (a, b) = (ds.next()?, ds.next()?);
    let (x, z, doubly) = match (restricted(a), restricted(b)) {
        (true, true) => (a, b, true),
        (true, false) => (a, b, false),
        (false, true) => (b, a, false),
        (false, false) => return None,
    };
    let holders = |d: u8| set.iter().copied().filter(move |&s| c.mask(s) & bit(d) != 0);
    let outside = |cell: usize| cell != pivot && !set.contains(&cell);
    // The candidates of `d` outside the wing that see all its places in
    // the set (and the pivot, for the pivot's digits).
    // Every digit of the set has a place in it, so the group is never
    // empty, and a cell seeing the whole group is a peer of its first cell
    // (peers are sorted, so the order is the grid's).
    let seeing = |d: u8, with_pivot: bool| -> Vec<(usize, u8)> {
        let mut group = [0usize; 8];
        let mut len = 0;
        for s in holders(d).chain(with_pivot.then_some(pivot)) {
            group[len] = s;
            len += 1;
        }
        let group = &group[..len];
        t.peers(group[0])
            .iter()
            .copied()
            .filter(|&v| c.mask(v) & bit(d) != 0 && outside(v))
            .filter(|&v| group[1..].iter().all(|&g| t.sees(v, g)))
            .map(|v| (v, d))
            .collect()
    };
    let mut removed = Vec::new();
    let mut linked_twice = false;
    if doubly {
        for w in digits(union & !pm) {
            removed.extend(seeing(w, false));
        }
        let weak = !removed.is_empty();
        let strong_x = seeing(x, true);
        let strong_z = seeing(z, true);
        // SE calls it doubly linked only when the second link removes.
        linked_twice = weak || (!strong_x.is_empty() && !strong_z.is_empty());
        removed.extend(strong_x);
        removed.extend(strong_z);
    } else {
        removed = seeing(z, true);
    }
    if removed.is_empty() {
        return None;
    }
    let largest = set.iter().map(|&s| c.mask(s).count_ones()).max().unwrap_or(2);
    let total: u32 = set.iter().map(|&s| c.mask(s).count_ones()).sum();
    let code = format!("{}{largest}{total}", if linked_twice { 2 } else { 1 });
    Some(Candidate {
        set: set.to_vec(),
        pivot,
        commons: if doubly { vec![x, z] } else { vec![x] },
        z,
        code,
        rating_tenths: rating_tenths(k, largest as usize),
        removed,
    })
}

/// SE's rating in tenths: the base for the size, plus a tenth for each
/// step the largest cell is closer to the middle size.
fn rating_tenths(k: usize, largest: usize) -> u32 {
    let base = if k == 3 { 55 } else { 62 };
    let digits = k + 1;
    let middle = (digits + 2) / 2;
    let bonus = (digits - middle) as i64 - (middle as i64 - largest as i64).abs();
    (base + bonus) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_follow_se_codes() {
        // WXYZ-Wing 126/148 5.5, 137/138 5.6; VWXYZ-Wing 128 6.3,
        // 139/1310 6.4, 1412 6.3, 1513 6.2 (from SE's traces).
        assert_eq!(rating_tenths(3, 2), 55);
        assert_eq!(rating_tenths(3, 3), 56);
        assert_eq!(rating_tenths(3, 4), 55);
        assert_eq!(rating_tenths(4, 2), 63);
        assert_eq!(rating_tenths(4, 3), 64);
        assert_eq!(rating_tenths(4, 4), 63);
        assert_eq!(rating_tenths(4, 5), 62);
    }
}
