//! What a producer is and what it shares with the others during a solve.
//!
//! A producer finds the steps of one technique, or of a family of
//! techniques SE finds in one search (the hidden sets of one degree, the
//! BUG types, a chaining engine). This file declares the [`Producer`]
//! interface every producer file implements and the solve-wide
//! [`Context`] and [`Memo`] they receive; the registry lists producers,
//! the solver calls them. It belongs to the declaration layer: it imports
//! the board vocabulary, the steps and the technique names only.

use super::candidates::Candidates;
use super::cell_set::CellSet;
use super::step::Step;
use super::technique::Technique;
use std::any::Any;

/// A producer of steps: SE's hint producers, one per entry of the
/// solving order.
pub(crate) trait Producer: Sync {
    /// The techniques its steps are of, in solving order. The first
    /// places the producer in that order: a solve that searches it
    /// searches the producer.
    fn techniques(&self) -> &'static [Technique];

    /// The base difficulty of a step of `technique` (one of
    /// [`Producer::techniques`]) on the SE scale; a pattern may add to it
    /// (a chain's length, a variant).
    fn difficulty(&self, technique: Technique) -> f32;

    /// The first step it finds that makes progress, in SE's order.
    fn find(&self, c: &Candidates, cx: &mut Context) -> Option<Step>;
}

/// What a producer keeps between its searches of one solve (caches of
/// links or sets). The memo holds it without knowing its type.
pub(crate) trait Scratch: Any + Send + Sync {
    /// Marks everything stale for a new solve, keeping the buffers.
    fn forget(&mut self);

    /// Itself as [`Any`], to get its type back.
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
}

/// What one solve shares between searches.
pub(crate) struct Context<'a> {
    /// Where earlier searches of this solve found nothing.
    pub memo: &'a mut Memo,
    /// How many techniques of the solving order ([`Technique::ALL`]) this
    /// solve searches: a prefix, so that a solve bounded by a difficulty
    /// skips the techniques rated at or above it.
    pub searched: usize,
}

impl Context<'_> {
    /// Whether this solve searches `technique` (a producer reporting
    /// several techniques with searches of their own checks each).
    pub fn searches(&self, technique: Technique) -> bool {
        technique.index() < self.searched
    }
}

/// The most houses a board of side `n` numbers: rows, columns, boxes and
/// a variant's houses (see [`House::of`](super::board::House::of)).
fn house_stride(n: usize) -> usize {
    5 * n + 2
}

/// Remembers, per single-digit technique and digit, the digit's version
/// (see [`Candidates::digit_version`]) when the technique last found
/// nothing, so unchanged digits are not searched again. One per solve
/// (reset between solves).
pub(crate) struct Memo {
    /// Board side: the per-digit and per-house records are flat, `n` and
    /// `5n + 2` entries per technique (one allocation each per solve).
    n: usize,
    nothing_at: Vec<u32>,
    house_nothing_at: Vec<u32>,
    /// Per technique, every cell's candidates when a whole-board search
    /// last found nothing (empty until then).
    board_nothing_at: Vec<Vec<u32>>,
    /// Per technique, what its producer keeps between its searches of
    /// one solve (see [`Scratch`]), typed by that producer only.
    scratch: Vec<Option<Box<dyn Scratch>>>,
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Memo").field("n", &self.n).finish_non_exhaustive()
    }
}

impl Memo {
    /// Forgets everything, for a new solve on boards of side `n`, keeping
    /// the buffers (a solver rates many puzzles). Records hold versions,
    /// which start at 1 on every board, so 0 means "never searched".
    pub(crate) fn reset(&mut self, n: usize) {
        if n != self.n {
            *self = Memo::new(n);
            return;
        }
        self.nothing_at.fill(0);
        self.house_nothing_at.fill(0);
        self.board_nothing_at.iter_mut().for_each(Vec::clear);
        self.scratch.iter_mut().flatten().for_each(|s| s.forget());
    }

    /// An empty memo for boards of side `n`.
    pub(crate) fn new(n: usize) -> Memo {
        Memo {
            n,
            nothing_at: vec![0; n * Technique::ALL.len()],
            house_nothing_at: vec![0; house_stride(n) * Technique::ALL.len()],
            board_nothing_at: vec![Vec::new(); Technique::ALL.len()],
            scratch: (0..Technique::ALL.len()).map(|_| None).collect(),
        }
    }

    /// The scratch `technique`'s producer keeps in this solve, taken out
    /// of the memo while the producer uses it beside the memo (hand it
    /// back with [`Memo::keep_scratch`]); a new one on first use.
    pub(crate) fn take_scratch<T: Scratch + Default>(&mut self, technique: Technique) -> Box<T> {
        match self.scratch[technique.index()].take() {
            Some(kept) => kept
                .into_any()
                .downcast()
                .expect("one scratch type per technique"),
            None => Box::default(),
        }
    }

    /// Hands back the scratch taken with [`Memo::take_scratch`].
    pub(crate) fn keep_scratch<T: Scratch>(&mut self, technique: Technique, scratch: Box<T>) {
        self.scratch[technique.index()] = Some(scratch);
    }

    /// Every cell's candidates when `technique` last searched the whole
    /// board in vain, if it did. A technique whose patterns, once there,
    /// survive the loss of candidates outside them searches only around
    /// the cells that changed since, when every cell's candidates are a
    /// subset of these (see `als_wing.rs`).
    pub(crate) fn board_at_nothing(&self, technique: Technique) -> Option<&[u32]> {
        let board = &self.board_nothing_at[technique as usize];
        (!board.is_empty()).then_some(&board[..])
    }

    /// The cells whose candidates changed since `technique` last searched
    /// the whole board in vain, if it did and every cell's candidates are
    /// a subset of what they were then (`c` is a reduction of that board).
    pub(crate) fn shrunk_since_nothing<const W: usize>(
        &self,
        technique: Technique,
        c: &Candidates,
    ) -> Option<CellSet<W>> {
        let before = self.board_at_nothing(technique)?;
        if before.len() != c.cell_count() || !CellSet::<W>::fits(c.cell_count()) {
            return None;
        }
        let mut changed = CellSet::default();
        for (x, &old) in before.iter().enumerate() {
            let now = c.mask(x);
            if now & !old != 0 {
                return None;
            }
            if now != old {
                changed.insert(x);
            }
        }
        Some(changed)
    }

    /// The first step `search(changed)` finds, for a technique whose
    /// patterns, once there, survive the loss of candidates outside their
    /// own cells: `changed(cell)` says whether a cell's candidates changed
    /// since the technique last searched the whole board in vain (a new
    /// pattern must have such a cell), or is always true when that board
    /// is unknown or `c` is no reduction of it. Records a search in vain.
    pub(crate) fn first_since_nothing(
        &mut self,
        technique: Technique,
        c: &Candidates,
        search: impl Fn(&dyn Fn(usize) -> bool) -> Option<Step>,
    ) -> Option<Step> {
        let found = if let Some(changed) = self.shrunk_since_nothing::<2>(technique, c) {
            if changed.is_empty() {
                None
            } else {
                search(&|x| changed.contains(x))
            }
        } else if let Some(changed) = self.shrunk_since_nothing::<10>(technique, c) {
            search(&|x| changed.contains(x))
        } else {
            search(&|_| true)
        };
        if found.is_none() {
            self.nothing_on_board(technique, c);
        }
        found
    }

    /// Records that `technique` found nothing on the whole board `c`.
    pub(crate) fn nothing_on_board(&mut self, technique: Technique, c: &Candidates) {
        let board = &mut self.board_nothing_at[technique as usize];
        board.clear();
        board.extend((0..c.cell_count()).map(|x| c.mask(x)));
    }

    /// The digits of `c` that `technique` has not yet searched in vain.
    fn changed(&self, technique: Technique, c: &Candidates) -> Vec<u8> {
        let seen = &self.nothing_at[technique as usize * self.n..];
        (1..=c.n() as u8)
            .filter(|&d| seen[d as usize - 1] != c.digit_version(d))
            .collect()
    }

    /// Whether digit `d` changed since `technique` last found nothing on it.
    pub(crate) fn digit_changed(&self, technique: Technique, c: &Candidates, d: u8) -> bool {
        self.nothing_at[technique as usize * self.n + d as usize - 1] != c.digit_version(d)
    }

    /// Whether house `h` changed since `technique` last found nothing there.
    pub(crate) fn house_changed(&self, technique: Technique, c: &Candidates, h: usize) -> bool {
        self.house_nothing_at[technique as usize * house_stride(self.n) + h] != c.house_version(h)
    }

    /// Records that `technique` found nothing in house `h` as it is now.
    pub(crate) fn nothing_in_house(&mut self, technique: Technique, c: &Candidates, h: usize) {
        self.house_nothing_at[technique as usize * house_stride(self.n) + h] = c.house_version(h);
    }

    /// The first step `search(pass, d, h)` finds in SE's order: pass by
    /// pass, digit by digit, then house by house, over the houses of
    /// `houses` that changed since `t` last found nothing in them (for
    /// searches whose result depends only on one house).
    pub(crate) fn first_by_digit(
        &mut self,
        t: Technique,
        c: &Candidates,
        houses: impl Iterator<Item = usize>,
        passes: &[usize],
        search: impl Fn(usize, u8, usize) -> Option<Step>,
    ) -> Option<Step> {
        let changed: Vec<usize> = houses.filter(|&h| self.house_changed(t, c, h)).collect();
        let found = passes.iter().find_map(|&pass| {
            (1..=c.n() as u8).find_map(|d| changed.iter().find_map(|&h| search(pass, d, h)))
        });
        if found.is_none() {
            for h in changed {
                self.nothing_in_house(t, c, h);
            }
        }
        found
    }

    /// Records that `technique` found nothing on digit `d` as it is now.
    pub(crate) fn nothing_for_digit(&mut self, technique: Technique, c: &Candidates, d: u8) {
        self.found_nothing(technique, c, d);
    }

    fn found_nothing(&mut self, technique: Technique, c: &Candidates, d: u8) {
        self.nothing_at[technique as usize * self.n + d as usize - 1] = c.digit_version(d);
    }

    /// The first step `search` finds on a changed digit.
    pub(crate) fn first(
        &mut self,
        t: Technique,
        c: &Candidates,
        search: impl Fn(u8) -> Option<Step>,
    ) -> Option<Step> {
        for d in self.changed(t, c) {
            let found = search(d);
            if found.is_some() {
                return found;
            }
            self.found_nothing(t, c, d);
        }
        None
    }

    /// The first step `search` finds in a house of `houses` that changed
    /// since `t` last found nothing there (for techniques whose result
    /// depends only on one house, or can only shrink otherwise).
    pub(crate) fn first_house(
        &mut self,
        t: Technique,
        c: &Candidates,
        houses: impl Iterator<Item = usize>,
        search: impl Fn(usize) -> Option<Step>,
    ) -> Option<Step> {
        for h in houses {
            let version = c.house_version(h);
            let at = t as usize * house_stride(self.n) + h;
            if self.house_nothing_at[at] == version {
                continue;
            }
            let found = search(h);
            if found.is_some() {
                return found;
            }
            self.house_nothing_at[at] = version;
        }
        None
    }
}
