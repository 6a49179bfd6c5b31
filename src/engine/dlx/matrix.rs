//! The matrix: links in flat `u16` arrays and the cover/uncover
//! primitives of Algorithm X, and selections (givens) made outside the
//! search.

use super::stack::SearchState;
use super::{DigProofs, Dlx, Link, SatFallback, COVERED, GROUPED_SCAN_ITEMS, SCAN_CHUNK, SCAN_GROUP};
use crate::engine::exact_cover::ExactCover;
use crate::grid::Grid;
use crate::shape::Shape;

impl Dlx {
    /// Builds the matrix for a shape: `4 n^2` items and `n^3` options.
    pub fn new(shape: Shape) -> Dlx {
        let ec = ExactCover::new(shape);
        let items = ec.item_count();
        let total = items + 4 * ec.option_count();
        assert!(total <= u16::MAX as usize, "board too large for u16 links");
        let mut dlx = Dlx {
            ec,
            items,
            links: (0..items as u16)
                .map(|i| Link {
                    up: i,
                    down: i,
                    item: i,
                })
                .collect(),
            len: padded_lengths(items, scan_unit(items)),
            grouped_scan: items >= GROUPED_SCAN_ITEMS,
            remaining: items,
            selected: Vec::with_capacity(shape.cells()),
            search: SearchState::new(shape),
            pristine_links: Vec::new(),
            pristine_len: Vec::new(),
            proofs: DigProofs::new(shape),
            sat: SatFallback::new(shape),
        };
        for option in 0..ec.option_count() {
            for (k, &it) in ec.items(option).iter().enumerate() {
                dlx.append(items + 4 * option + k, it);
            }
        }
        dlx.pristine_links = dlx.links.clone();
        dlx.pristine_len = dlx.len.clone();
        dlx
    }

    pub(super) fn append(&mut self, node: usize, item: usize) {
        let last = self.links[item].up;
        self.links.push(Link {
            up: last,
            down: item as u16,
            item: item as u16,
        });
        debug_assert_eq!(self.links.len(), node + 1);
        self.links[last as usize].down = node as u16;
        self.links[item].up = node as u16;
        self.len[item] += 1;
    }

    #[inline(always)]
    pub(super) fn link(&self, x: usize) -> Link {
        debug_assert!(x < self.links.len());
        // SAFETY: callers pass indices read from `links` or below `items`,
        // which the struct invariant keeps in bounds.
        unsafe { *self.links.get_unchecked(x) }
    }

    #[inline(always)]
    pub(super) fn set_up(&mut self, x: usize, v: usize) {
        debug_assert!(x < self.links.len());
        // SAFETY: as in `link`.
        unsafe { self.links.get_unchecked_mut(x).up = v as u16 }
    }

    #[inline(always)]
    pub(super) fn set_down(&mut self, x: usize, v: usize) {
        debug_assert!(x < self.links.len());
        // SAFETY: as in `link`.
        unsafe { self.links.get_unchecked_mut(x).down = v as u16 }
    }

    #[inline(always)]
    pub(super) fn len_mut(&mut self, item: usize) -> &mut u16 {
        debug_assert!(item < self.len.len());
        // SAFETY: item values come from `links`, all below `items`.
        unsafe { self.len.get_unchecked_mut(item) }
    }

    /// Takes node `q` out of its item's list.
    #[inline(always)]
    pub(super) fn unlink(&mut self, q: usize) {
        let Link { up, down, item } = self.link(q);
        self.set_down(up as usize, down as usize);
        self.set_up(down as usize, up as usize);
        *self.len_mut(item as usize) -= 1;
    }

    /// Puts node `q` back where [`Dlx::unlink`] took it from.
    #[inline(always)]
    pub(super) fn relink(&mut self, q: usize) {
        let Link { up, down, item } = self.link(q);
        self.set_down(up as usize, q);
        self.set_up(down as usize, q);
        *self.len_mut(item as usize) += 1;
    }

    pub(super) fn node_of(&self, option: usize) -> usize {
        self.items + 4 * option
    }

    pub(super) fn option_of(&self, node: usize) -> usize {
        (node - self.items) / 4
    }

    /// Unlinks the row of `p` from every item but `p`'s own.
    #[inline(always)]
    pub(super) fn hide(&mut self, p: usize) {
        let [a, b, c] = row_mates(p);
        self.unlink(a);
        self.unlink(b);
        self.unlink(c);
    }

    /// Relinks what [`Dlx::hide`] unlinked, in reverse order.
    #[inline(always)]
    pub(super) fn unhide(&mut self, p: usize) {
        let [a, b, c] = row_mates(p);
        self.relink(c);
        self.relink(b);
        self.relink(a);
    }

    #[inline]
    pub(super) fn cover(&mut self, item: usize) {
        let mut p = self.link(item).down as usize;
        while p != item {
            self.hide(p);
            p = self.link(p).down as usize;
        }
        *self.len_mut(item) |= COVERED;
        self.remaining -= 1;
    }

    #[inline]
    pub(super) fn uncover(&mut self, item: usize) {
        *self.len_mut(item) &= !COVERED;
        self.remaining += 1;
        let mut p = self.link(item).up as usize;
        while p != item {
            self.unhide(p);
            p = self.link(p).up as usize;
        }
    }

    /// Covers the items of `x`'s row other than `x`'s own (already covered
    /// by the caller).
    pub(super) fn commit_row(&mut self, x: usize) {
        for q in row_mates(x) {
            self.cover(self.link(q).item as usize);
        }
    }

    pub(super) fn uncommit_row(&mut self, x: usize) {
        for q in row_mates(x).into_iter().rev() {
            self.uncover(self.link(q).item as usize);
        }
    }

    /// Whether `option` can still be chosen: none of its items is covered
    /// and it has not been hidden by a clashing choice.
    pub(crate) fn is_available(&self, option: usize) -> bool {
        let start = self.node_of(option);
        (start..start + 4).all(|q| {
            let it = self.links[q].item as usize;
            self.len[it] & COVERED == 0 && self.is_linked(q)
        })
    }

    pub(super) fn is_linked(&self, q: usize) -> bool {
        self.links[self.links[q].up as usize].down as usize == q
    }

    /// Fixes `option` (a given) by covering its four items. Returns false,
    /// changing nothing, if the option is no longer available.
    pub(crate) fn select(&mut self, option: usize) -> bool {
        if !self.is_available(option) {
            return false;
        }
        let x = self.node_of(option);
        self.cover(self.links[x].item as usize);
        self.commit_row(x);
        self.selected.push(option as u16);
        true
    }

    /// Undoes the most recent [`Dlx::select`]; returns its option.
    pub(crate) fn deselect(&mut self) -> Option<usize> {
        let option = self.selected.pop()? as usize;
        let x = self.node_of(option);
        self.uncommit_row(x);
        self.uncover(self.links[x].item as usize);
        Some(option)
    }

    /// Undoes every selection at once, by copying the matrix as built: for
    /// a board of givens one copy beats undoing each. Exclusions must have
    /// been included back first.
    pub(crate) fn deselect_all(&mut self) {
        if self.selected.is_empty() {
            return;
        }
        self.links.copy_from_slice(&self.pristine_links);
        self.len.copy_from_slice(&self.pristine_len);
        self.remaining = self.items;
        self.selected.clear();
    }

    /// Removes an available option from the matrix without choosing it
    /// (to ask "is there a solution without this?"). Undo with
    /// [`Dlx::include`], in reverse order of exclusions.
    pub(crate) fn exclude(&mut self, option: usize) {
        debug_assert!(self.is_available(option));
        let start = self.node_of(option);
        (start..start + 4).for_each(|q| self.unlink(q));
    }

    /// Undoes [`Dlx::exclude`].
    pub(crate) fn include(&mut self, option: usize) {
        let start = self.node_of(option);
        (start..start + 4).rev().for_each(|q| self.relink(q));
    }

    /// Options still available in the least-covered item of `option`: 1
    /// means the option is forced (nothing else can cover that item).
    pub(crate) fn fewest_alternatives(&self, option: usize) -> usize {
        let start = self.node_of(option);
        (start..start + 4)
            .map(|q| (self.len[self.links[q].item as usize] & !COVERED) as usize)
            .min()
            .unwrap_or(0)
    }

    /// Selects every given of `puzzle`; false (with nothing selected) if
    /// two givens clash.
    pub(super) fn select_givens(&mut self, puzzle: &Grid) -> bool {
        assert_eq!(
            puzzle.shape(),
            self.ec.shape(),
            "puzzle shape differs from engine shape"
        );
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 && !self.select(self.ec.option(cell, d)) {
                self.deselect_all();
                return false;
            }
        }
        true
    }
}

/// The other three nodes of `p`'s option: every option has exactly four
/// nodes in a block aligned to four, so flipping the low two bits of `p`
/// visits its row mates. Their order does not matter: each lies in a
/// different item's list, so unlinking them commutes.
#[inline(always)]
pub(super) fn row_mates(p: usize) -> [usize; 3] {
    [p ^ 1, p ^ 2, p ^ 3]
}

/// What the column choice scans `len` in steps of for `items` items:
/// chunks, or groups of chunks on large boards.
pub(super) fn scan_unit(items: usize) -> usize {
    if items >= GROUPED_SCAN_ITEMS {
        SCAN_GROUP
    } else {
        SCAN_CHUNK
    }
}

/// Zero options for every real item, and `u16::MAX` padding (never
/// chosen: real covered items read at most `COVERED | n`) up to a whole
/// number of scan steps of `unit` items.
pub(super) fn padded_lengths(items: usize, unit: usize) -> Vec<u16> {
    let mut len = vec![0; items];
    len.resize(items.div_ceil(unit) * unit, u16::MAX);
    len
}

/// The matrix invariants, checked in debug builds as Knuth's `sanity()`
/// does in his DLX programs: every list is doubly linked both ways, every
/// uncovered item's length is the number of nodes in its list, each node
/// sits in the list of its own item, `remaining` counts the uncovered
/// items, and the padding of `len` is untouched.
#[cfg(debug_assertions)]
impl Dlx {
    /// Panics, naming the first broken invariant, unless the matrix is
    /// consistent. Cost: one pass over every node.
    pub(crate) fn sanity(&self) {
        let mut uncovered = 0;
        for item in 0..self.items {
            let covered = self.len[item] & COVERED != 0;
            uncovered += usize::from(!covered);
            let mut count = 0u16;
            let mut p = self.links[item].down as usize;
            let mut steps = 0;
            while p != item {
                let link = self.links[p];
                assert!(p >= self.items, "item {item}: list reaches header {p}");
                assert_eq!(link.item as usize, item, "node {p} is in item {item}'s list");
                let down = link.down as usize;
                assert_eq!(self.links[down].up as usize, p, "node {p}: down.up is not {p}");
                assert_eq!(
                    self.links[link.up as usize].down as usize, p,
                    "node {p}: up.down is not {p}"
                );
                count += 1;
                steps += 1;
                assert!(steps <= self.links.len(), "item {item}: list does not close");
                p = down;
            }
            assert_eq!(
                self.len[item] & !COVERED,
                count,
                "item {item}: len differs from its list"
            );
        }
        assert_eq!(
            self.remaining, uncovered,
            "remaining differs from uncovered items"
        );
        let padding = &self.len[self.items..];
        assert!(padding.iter().all(|&l| l == u16::MAX), "len padding was written");
        assert_eq!(
            self.len.len() % scan_unit(self.items),
            0,
            "len is not padded to whole scan steps"
        );
    }
}
