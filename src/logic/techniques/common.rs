//! Search functions several producers share: SE's house order, subsets
//! whose union stays small, the step built only when it removes
//! something. They sit in a file of their own so that every producer can
//! import them without importing another producer.

use super::super::candidates::{bit, Candidates};
use super::super::cell_set::{BoardSets, CellSet};
use super::super::step::Step;

/// A bound on a cell's peers on the largest board (its row, column and
/// box less itself: at most 3 x 24; under a variant also two diagonals,
/// a window, a disjoint group and twelve knight's and king's moves), for
/// peer lists kept on the stack.
pub(crate) const MAX_PEERS: usize = 6 * 24 + 12;

/// The step `make` builds, removing `d` from each cell `cells()` yields
/// that still holds it, if there is one. Most patterns found remove
/// nothing, so the step (and its allocations) is built only for one that
/// does; `cells` is called twice, to look and then to remove.
pub(crate) fn step_removing<I: Iterator<Item = usize>>(
    c: &Candidates,
    d: u8,
    cells: impl Fn() -> I,
    make: impl FnOnce() -> Step,
) -> Option<Step> {
    let holding = || cells().filter(|&cell| c.mask(cell) & bit(d) != 0);
    holding().next()?;
    let mut step = make();
    for cell in holding() {
        step.eliminate(cell, d, c.n());
    }
    Some(step)
}

/// The houses in the order SE scans them: boxes, then columns, then rows.
pub(crate) fn se_house_order(n: usize) -> impl Iterator<Item = usize> {
    (2 * n..3 * n).chain(n..2 * n).chain(0..n)
}

/// A variant's houses in the order SE scans them after rows, columns
/// and boxes: disjoint groups, window groups, the two diagonals (none on
/// a classic board, and only those the variant has).
pub(crate) fn extra_house_order(c: &Candidates) -> impl Iterator<Item = usize> + '_ {
    let n = c.n();
    let t = c.tables();
    let extras = if t.house_count() > 3 * n {
        (4 * n + 2..5 * n + 2).chain(3 * n + 2..4 * n + 2).chain(3 * n..3 * n + 2)
    } else {
        (0..0).chain(0..0).chain(0..0)
    };
    extras.filter(move |&h| !t.house(h).is_empty())
}

/// The step if it removes anything, else `None`.
pub(crate) fn if_progress(step: Step) -> Option<Step> {
    step.makes_progress().then_some(step)
}

/// The cells that `changed` or see a changed cell: a pattern that is new
/// since its search last found nothing, and whose existence and removals
/// depend only on its cells and their peers, has a cell among them.
pub(crate) fn near_changed<const W: usize>(
    c: &Candidates,
    sets: &BoardSets<W>,
    changed: &dyn Fn(usize) -> bool,
) -> CellSet<W> {
    let mut near = CellSet::<W>::default();
    for x in (0..c.cell_count()).filter(|&x| changed(x)) {
        near.insert(x);
        near = near.or(sets.peers(c, x));
    }
    near
}

/// The first step `pattern` finds among the unordered pairs of `items`,
/// each pair once and in order: `(items[0], items[1])`, `(items[0],
/// items[2])`, ...
pub(crate) fn first_in_pairs<T: Copy>(
    items: &[T],
    mut pattern: impl FnMut(T, T) -> Option<Step>,
) -> Option<Step> {
    items
        .iter()
        .enumerate()
        .find_map(|(i, &a)| items[i + 1..].iter().find_map(|&b| pattern(a, b)))
}

/// Calls `visit` with every `k`-subset of `masks` (as indices, smallest
/// first) whose union has at most `limit` bits, until `visit` returns
/// `Some`. Subsets are pruned as soon as their union grows past `limit`.
/// The subset is kept in a fixed array (the searches run after every
/// step): sets and fish have at most [`MAX_SUBSET`] members.
pub(crate) fn search_subsets<T>(
    masks: &[u32],
    k: usize,
    limit: u32,
    visit: &mut impl FnMut(&[usize], u32) -> Option<T>,
) -> Option<T> {
    assert!(k <= MAX_SUBSET, "subsets of at most {MAX_SUBSET} members");
    let mut chosen = Subset {
        at: [0; MAX_SUBSET],
        len: 0,
    };
    extend_subset(masks, k, limit, 0, 0, &mut chosen, visit)
}

/// The largest subset [`search_subsets`] looks for (the solver's sets
/// and fish have at most four members).
pub(crate) const MAX_SUBSET: usize = 8;

/// The indices chosen so far by [`search_subsets`].
struct Subset {
    at: [usize; MAX_SUBSET],
    len: usize,
}

fn extend_subset<T>(
    masks: &[u32],
    k: usize,
    limit: u32,
    from: usize,
    union: u32,
    chosen: &mut Subset,
    visit: &mut impl FnMut(&[usize], u32) -> Option<T>,
) -> Option<T> {
    if chosen.len == k {
        return visit(&chosen.at[..k], union);
    }
    for i in from..masks.len() {
        let next = union | masks[i];
        if next.count_ones() > limit {
            continue;
        }
        chosen.at[chosen.len] = i;
        chosen.len += 1;
        let found = extend_subset(masks, k, limit, i + 1, next, chosen, visit);
        chosen.len -= 1;
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Every `k`-subset of `0..m` as a bit mask, in increasing numeric order
/// (SE's enumeration order).
pub(crate) fn subsets(k: usize, m: usize) -> impl Iterator<Item = u32> {
    let first: u64 = (1u64 << k) - 1;
    let end: u64 = 1u64 << m;
    let mut next = (k <= m).then_some(first);
    std::iter::from_fn(move || {
        let v = next?;
        next = if v == 0 {
            None
        } else {
            let low = v & v.wrapping_neg();
            let ripple = v + low;
            let following = ripple | (((v ^ ripple) >> 2) / low);
            (following < end).then_some(following)
        };
        Some(v as u32)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_come_in_numeric_order() {
        let all: Vec<u32> = subsets(2, 4).collect();
        assert_eq!(all, vec![0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
        assert_eq!(subsets(3, 3).collect::<Vec<_>>(), vec![0b111]);
        assert_eq!(subsets(0, 3).collect::<Vec<_>>(), vec![0]);
    }
}
