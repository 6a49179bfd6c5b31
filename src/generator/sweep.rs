//! Sweeps: on large boards, find the clues that have become needed while
//! proving it is still cheap, before the dig reaches them.
//!
//! Why: on a 25x25 board nearly all the time of a minimal dig goes to
//! proving clues needed late in the dig, each by a SAT search for a second
//! solution, and those searches cost more the fewer clues are left (about
//! twice as much for every five clues fewer near the end: docs/generator.md,
//! "Big boards"). A clue that is needed stays needed: removing more clues only
//! adds solutions, so a second solution found for it now is still one
//! later. So once the dig starts keeping clues often, a sweep asks about
//! every clue still ahead in the visiting order
//! ([`Digger::would_remove`]), while the board is fuller, and the dig then
//! passes over the clues found needed without probing them again.
//!
//! The puzzle does not change: the dig removes the same clues in the same
//! order, since a clue found needed would have been kept when its turn
//! came. Only the proofs move earlier. A clue a sweep finds removable is
//! probed again in its turn (by then other clues may be gone); those
//! repeated probes are what a sweep costs, so sweeps run only when the
//! dig's recent verdicts say that many of the clues ahead are needed.

use crate::engine::{Digger, Removal};
use std::time::Instant;

/// Verdicts of the dig's own probes that the trigger looks back on.
const WINDOW: usize = 10;

/// Kept verdicts among the last [`WINDOW`] probes that start a sweep: the
/// dig visits the undecided clues in random order, so its share of kept
/// verdicts estimates the share of the clues ahead that a sweep would find
/// needed.
const KEPT_TO_SWEEP: usize = 5;

/// [`KEPT_TO_SWEEP`] for digs of variants with irregular regions
/// (jigsaw) past 128 cells, whose clues, once needed, are proved so by
/// SAT searches that grow costly within a few removals. In a random
/// visiting order, sweeping on three kept verdicts of ten took 16x16
/// jigsaw seeds 1-9 a median 6.0 s against 10.8 s with no sweeps, and on
/// five of ten 6.3 s (docs/variants.md).
pub(super) const EAGER_KEPT_TO_SWEEP: usize = 3;

/// The sweeps of one dig: which orbits are known to be needed, and the
/// recent verdicts that decide when to sweep again.
pub(super) struct Sweeps {
    on: bool,
    /// Kept verdicts among the last [`WINDOW`] that start a sweep.
    kept_to_sweep: usize,
    /// Per orbit (in visiting order): found needed by a sweep.
    needed: Vec<bool>,
    /// Kept (true) or removed, for the dig's probes since the last sweep,
    /// the newest last; at most [`WINDOW`].
    recent: Vec<bool>,
    /// Sweeps run and the clues they found needed, for the tests and docs.
    pub(super) runs: usize,
    pub(super) found: usize,
}

impl Sweeps {
    /// Sweeps for a dig of `orbits` orbits, if `on`. The generator turns
    /// them on for minimal digs above 16x16 whose probes all settle; on
    /// 12x12 and 16x16 probes are cheap enough that a sweep's repeated
    /// probes cost more than it saves (docs/generator.md, "Big boards").
    /// The variant dig turns them on for jigsaw past 128 cells, whose
    /// late probes are SAT searches already on 12x12 and 16x16.
    pub(super) fn new(orbits: usize, on: bool) -> Sweeps {
        Sweeps {
            on,
            kept_to_sweep: KEPT_TO_SWEEP,
            needed: vec![false; orbits],
            recent: Vec::with_capacity(WINDOW),
            runs: 0,
            found: 0,
        }
    }

    /// Sweeps that start after `kept` kept verdicts of the last
    /// [`WINDOW`] instead of [`KEPT_TO_SWEEP`].
    pub(super) fn starting_at(mut self, kept: usize) -> Sweeps {
        self.kept_to_sweep = kept;
        self
    }

    /// Whether a sweep found orbit `k` needed: it stays needed, so the dig
    /// keeps it unprobed.
    pub(super) fn known_needed(&self, k: usize) -> bool {
        self.needed[k]
    }

    /// Notes the verdict of the dig's own probe.
    pub(super) fn record(&mut self, removal: Removal) {
        if !self.on {
            return;
        }
        if self.recent.len() == WINDOW {
            self.recent.remove(0);
        }
        self.recent.push(removal == Removal::Kept);
    }

    /// Whether enough of the recent probes kept their clues.
    pub(super) fn due(&self) -> bool {
        self.on
            && self.recent.len() == WINDOW
            && self.recent.iter().filter(|&&kept| kept).count() >= self.kept_to_sweep
    }

    /// Asks `needed_now` about every orbit from `from` on that is not
    /// known to be needed yet (true: the puzzle has another solution
    /// without it), and marks those it finds needed. For digs that probe
    /// without a [`Digger`]; their probes always settle. Returns the
    /// answer for orbit `from`, as [`Sweeps::sweep`] does.
    pub(super) fn sweep_with(&mut self, from: usize, mut needed_now: impl FnMut(usize) -> bool) -> Option<Removal> {
        let verdict = |k| Some(if needed_now(k) { Removal::Kept } else { Removal::Removed });
        self.sweep_by(from, verdict).flatten()
    }

    /// Asks `digger` about every orbit from `from` on that is not known to
    /// be needed yet, and marks those it finds needed. Returns the answer
    /// for orbit `from` itself (if it was asked): the puzzle has not
    /// changed since, so the dig may act on it without asking again.
    /// `None` if `deadline` passed (checked between probes, as the dig
    /// does).
    pub(super) fn sweep<O: AsRef<[usize]>>(
        &mut self,
        digger: &mut dyn Digger,
        orbits: &[O],
        from: usize,
        budget: Option<u64>,
        deadline: Option<Instant>,
    ) -> Option<Option<Removal>> {
        self.sweep_by(from, |k| {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return None;
            }
            Some(digger.would_remove(orbits[k].as_ref(), budget))
        })
    }

    /// The sweep itself: `verdict` answers for each orbit from `from` on
    /// not known to be needed, or stops the sweep with `None`. Returns
    /// the answer for orbit `from` (if asked); `None` if stopped.
    fn sweep_by(&mut self, from: usize, mut verdict: impl FnMut(usize) -> Option<Removal>) -> Option<Option<Removal>> {
        self.recent.clear();
        self.runs += 1;
        let mut first = None;
        for k in from..self.needed.len() {
            if self.needed[k] {
                continue;
            }
            let removal = verdict(k)?;
            if removal == Removal::Kept {
                self.needed[k] = true;
                self.found += 1;
            }
            if k == from {
                first = Some(removal);
            }
        }
        Some(first)
    }
}

#[cfg(test)]
mod tests;
