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

/// The sweeps of one dig: which orbits are known to be needed, and the
/// recent verdicts that decide when to sweep again.
pub(super) struct Sweeps {
    on: bool,
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
    pub(super) fn new(orbits: usize, on: bool) -> Sweeps {
        Sweeps {
            on,
            needed: vec![false; orbits],
            recent: Vec::with_capacity(WINDOW),
            runs: 0,
            found: 0,
        }
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
            && self.recent.iter().filter(|&&kept| kept).count() >= KEPT_TO_SWEEP
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
        self.recent.clear();
        self.runs += 1;
        let mut first = None;
        for (k, orbit) in orbits.iter().enumerate().skip(from) {
            if self.needed[k] {
                continue;
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return None;
            }
            let verdict = digger.would_remove(orbit.as_ref(), budget);
            if verdict == Removal::Kept {
                self.needed[k] = true;
                self.found += 1;
            }
            if k == from {
                first = Some(verdict);
            }
        }
        Some(first)
    }
}

#[cfg(test)]
mod tests;
