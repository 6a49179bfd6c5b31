//! Propagation of singles for the forcing chains: for each candidate, what
//! follows, through naked and hidden singles only, from assuming it true.
//!
//! The contradiction, cell and unit forcing chains all read these branches,
//! so they are computed once per step. Each branch records, for every
//! candidate, after how many placements it was removed, so a conclusion
//! has a length (the number of singles needed) that the rating uses.

use super::super::candidates::{bit, digits, Candidates};
use super::super::step::{digit_list, Cell, House, Pattern};
use crate::shape::Shape;
use std::fmt;

/// What a forcing chain starts from, and how many singles its longest
/// branch needed.
#[derive(Debug)]
pub(crate) struct Forcing {
    pub source: Source,
    pub length: usize,
}

/// The assumptions a forcing chain tries.
#[derive(Debug)]
pub(crate) enum Source {
    /// One candidate, which fails.
    Assumption(Cell, u8),
    /// Every candidate of a cell.
    Cell(Cell, Vec<u8>),
    /// Every place of a digit in a house.
    House(House, u8),
}

impl Pattern for Forcing {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.source {
            Source::Assumption(cell, d) => write!(
                f,
                "placing {} in {cell} leads through {} singles to a contradiction",
                Shape::symbol(*d),
                self.length
            ),
            Source::Cell(cell, ds) => write!(
                f,
                "each candidate of {cell} ({}) leads through singles (at most {}) to the same result",
                digit_list(ds),
                self.length
            ),
            Source::House(house, d) => write!(
                f,
                "each place for {} in {house} leads through singles (at most {}) to the same result",
                Shape::symbol(*d),
                self.length
            ),
        }
    }
}

/// Time stamp meaning "never happened in this branch".
pub(super) const NEVER: u16 = u16::MAX;

/// Most placements followed in one branch; bounds the work on big boards.
const MAX_PLACEMENTS: u16 = 2000;

/// What assuming one candidate led to.
pub(super) enum Outcome {
    /// A contradiction after this many placements.
    Contradiction(u16),
    /// No contradiction; the branch's final digits and when each candidate
    /// went away (kept only when the branches were computed in full).
    Settled(Option<Box<Settled>>),
}

/// The end state of a branch without contradiction.
pub(super) struct Settled {
    /// Digits per cell (0 unsolved).
    pub values: Vec<u8>,
    /// Placement count at which each cell got its digit, or [`NEVER`].
    pub placed_at: Vec<u16>,
    /// Placement count at which each candidate `cell * n + d - 1` was
    /// removed, or [`NEVER`].
    pub removed_at: Vec<u16>,
}

/// The branches of every candidate of a position.
pub struct Branches {
    n: usize,
    index: Vec<u32>,
    outcomes: Vec<Outcome>,
    full: bool,
}

impl Branches {
    /// Propagates singles from every candidate of `c`, keeping only which
    /// ones end in a contradiction (all the contradiction chain needs).
    pub fn compute(c: &Candidates) -> Branches {
        Branches::propagate(c, false)
    }

    /// Makes sure the end state of every branch is kept, as the cell and
    /// unit forcing chains need.
    pub fn ensure_full(&mut self, c: &Candidates) {
        if !self.full {
            *self = Branches::propagate(c, true);
        }
    }

    fn propagate(c: &Candidates, full: bool) -> Branches {
        let n = c.n();
        let mut index = vec![u32::MAX; c.cell_count() * n];
        let mut outcomes = Vec::new();
        let mut work = Propagation::new(c);
        // Without full states only the shortest contradictions matter, so a
        // branch may stop once it is longer than the best one so far.
        let mut cap = MAX_PLACEMENTS;
        for cell in 0..c.cell_count() {
            for d in digits(c.mask(cell)) {
                index[cell * n + d as usize - 1] = outcomes.len() as u32;
                let outcome = work.run(c, cell, d, full, cap);
                if let (Outcome::Contradiction(t), false) = (&outcome, full) {
                    cap = cap.min(*t);
                }
                outcomes.push(outcome);
            }
        }
        Branches {
            n,
            index,
            outcomes,
            full,
        }
    }

    /// The outcome of assuming `d` in `cell`, if it is a candidate.
    pub(super) fn get(&self, cell: usize, d: u8) -> Option<&Outcome> {
        let i = self.index[cell * self.n + d as usize - 1];
        (i != u32::MAX).then(|| &self.outcomes[i as usize])
    }
}

/// Reusable arrays for one propagation.
struct Propagation {
    masks: Vec<u32>,
    values: Vec<u8>,
    placed_at: Vec<u16>,
    removed_at: Vec<u16>,
    time: u16,
}

impl Propagation {
    fn new(c: &Candidates) -> Propagation {
        let cells = c.cell_count();
        Propagation {
            masks: vec![0; cells],
            values: vec![0; cells],
            placed_at: vec![NEVER; cells],
            removed_at: vec![NEVER; cells * c.n()],
            time: 0,
        }
    }

    /// Propagates from `d` in `cell`; `keep` keeps the end state, `cap`
    /// stops the branch (as settled) once it has made more placements.
    fn run(&mut self, c: &Candidates, cell: usize, d: u8, keep: bool, cap: u16) -> Outcome {
        for x in 0..c.cell_count() {
            self.masks[x] = c.mask(x);
            self.values[x] = c.value(x);
        }
        if keep {
            self.placed_at.fill(NEVER);
            self.removed_at.fill(NEVER);
        }
        self.time = 0;
        self.place(c, cell, d);
        while self.time < MAX_PLACEMENTS && self.time <= cap {
            match self.sweep(c) {
                Sweep::Contradiction => return Outcome::Contradiction(self.time),
                Sweep::Placed => {}
                Sweep::Stalled => break,
            }
        }
        Outcome::Settled(keep.then(|| {
            Box::new(Settled {
                values: self.values.clone(),
                placed_at: self.placed_at.clone(),
                removed_at: self.removed_at.clone(),
            })
        }))
    }

    fn place(&mut self, c: &Candidates, cell: usize, d: u8) {
        let n = c.n();
        self.time += 1;
        let t = self.time;
        for e in digits(self.masks[cell] & !bit(d)) {
            self.removed_at[cell * n + e as usize - 1] = t;
        }
        self.values[cell] = d;
        self.placed_at[cell] = t;
        self.masks[cell] = 0;
        let b = bit(d);
        for &p in c.tables().peers(cell) {
            if self.masks[p] & b != 0 {
                self.masks[p] &= !b;
                self.removed_at[p * n + d as usize - 1] = t;
            }
        }
    }

    /// One pass of naked then hidden singles over the board.
    fn sweep(&mut self, c: &Candidates) -> Sweep {
        let mut placed = false;
        for cell in 0..c.cell_count() {
            if self.values[cell] != 0 {
                continue;
            }
            let m = self.masks[cell];
            match m.count_ones() {
                0 => return Sweep::Contradiction,
                1 => {
                    self.place(c, cell, m.trailing_zeros() as u8 + 1);
                    placed = true;
                }
                _ => {}
            }
        }
        let n = c.n();
        for h in 0..3 * n {
            let (mut once, mut twice, mut solved) = (0u32, 0u32, 0u32);
            for &cell in c.tables().house(h) {
                let m = self.masks[cell];
                twice |= once & m;
                once |= m;
                if self.values[cell] != 0 {
                    solved |= bit(self.values[cell]);
                }
            }
            if (once | solved).count_ones() as usize != n {
                return Sweep::Contradiction;
            }
            for d in digits(once & !twice) {
                let b = bit(d);
                let target = c
                    .tables()
                    .house(h)
                    .iter()
                    .copied()
                    .find(|&x| self.masks[x] & b != 0);
                if let Some(cell) = target {
                    self.place(c, cell, d);
                    placed = true;
                }
            }
        }
        if placed {
            Sweep::Placed
        } else {
            Sweep::Stalled
        }
    }
}

enum Sweep {
    Contradiction,
    Placed,
    Stalled,
}

/// A conclusion common to every branch of a group, with the number of
/// placements the slowest branch needed to reach it.
pub(super) struct Common {
    /// The cell concluded about.
    pub cell: usize,
    /// The digit placed there, or removed from it.
    pub digit: u8,
    /// Whether the digit is placed (else removed).
    pub placed: bool,
    /// Placements needed by the slowest branch.
    pub length: u16,
}

/// The quickest conclusion shared by all the given branches (which must
/// all have settled without contradiction), about candidates still open in
/// `c`.
pub(super) fn quickest_common(c: &Candidates, group: &[&Settled]) -> Option<Common> {
    let n = c.n();
    let mut best: Option<Common> = None;
    for cell in 0..c.cell_count() {
        if c.value(cell) != 0 {
            continue;
        }
        let first = group[0].values[cell];
        if first != 0 && group.iter().all(|b| b.values[cell] == first) {
            let length = group.iter().map(|b| b.placed_at[cell]).max().unwrap_or(NEVER);
            consider(
                &mut best,
                Common {
                    cell,
                    digit: first,
                    placed: true,
                    length,
                },
            );
        }
        for d in digits(c.mask(cell)) {
            let i = cell * n + d as usize - 1;
            let length = group.iter().map(|b| b.removed_at[i]).max().unwrap_or(NEVER);
            if length != NEVER {
                consider(
                    &mut best,
                    Common {
                        cell,
                        digit: d,
                        placed: false,
                        length,
                    },
                );
            }
        }
    }
    best
}

fn consider(best: &mut Option<Common>, candidate: Common) {
    if best.as_ref().is_none_or(|b| candidate.length < b.length) {
        *best = Some(candidate);
    }
}

/// The settled branches for a group of candidates, or `None` if any of
/// them is missing or contradictory (the contradiction chain handles
/// those).
pub(super) fn settled_group(
    branches: &Branches,
    group: impl Iterator<Item = (usize, u8)>,
) -> Option<Vec<&Settled>> {
    group
        .map(|(cell, d)| match branches.get(cell, d)? {
            Outcome::Settled(s) => s.as_deref(),
            Outcome::Contradiction(_) => None,
        })
        .collect()
}
