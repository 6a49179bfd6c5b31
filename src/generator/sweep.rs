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
mod tests {
    use super::*;
    use crate::engine::dlx::Dlx;
    use crate::engine::sat::SatBackend;
    use crate::{Backend, Grid, Shape};
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Digs `solution` cell by cell in `order` with `backend`, with or
    /// without sweeps; the puzzle and the sweeps' counters.
    fn dig(
        backend: &mut dyn Backend,
        solution: &Grid,
        order: &[usize],
        budget: Option<u64>,
        sweep: bool,
    ) -> (Grid, Sweeps) {
        let orbits: Vec<[usize; 1]> = order.iter().map(|&c| [c]).collect();
        let mut sweeps = Sweeps::new(orbits.len(), sweep);
        let mut digger = backend.digger(solution, order);
        digger.settle_past_budget();
        let complete = super::super::dig_orbits(digger.as_mut(), &orbits, 0, budget, None, &mut sweeps);
        assert_eq!(complete, Some(true));
        (digger.puzzle().clone(), sweeps)
    }

    /// Sweeps only move proofs earlier: with them forced on, DLX (also as
    /// the portfolio under a budget) and SAT dig exactly the puzzles they
    /// dig without, and the other engine finds each puzzle unique and
    /// every clue needed.
    #[test]
    fn sweeps_dig_the_puzzle_a_plain_dig_digs() {
        let mut swept = 0;
        for (r, c, seeds, budget) in [(3, 3, 0..6, None), (3, 4, 0..2, None), (4, 4, 0..1, Some(2_000))] {
            let shape = Shape::new(r, c).unwrap();
            let mut dlx = Dlx::new(shape);
            let mut sat = SatBackend::new(shape);
            for seed in seeds {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let solution = dlx.fill(&mut rng);
                let mut order: Vec<usize> = (0..shape.cells()).collect();
                order.shuffle(&mut rng);
                let (plain, _) = dig(&mut dlx, &solution, &order, budget, false);
                let (with_sweeps, sweeps) = dig(&mut dlx, &solution, &order, budget, true);
                assert_eq!(with_sweeps, plain, "{r}x{c} seed {seed}, DLX");
                assert!(
                    sweeps.runs > 0 && sweeps.found > 0,
                    "{r}x{c} seed {seed}: no sweep found a clue"
                );
                swept += sweeps.found;
                if shape.n() == 9 {
                    let (by_sat, _) = dig(&mut sat, &solution, &order, None, true);
                    assert_eq!(by_sat, plain, "9x9 seed {seed}, SAT");
                }
                assert_minimal(&mut sat, &plain);
            }
        }
        assert!(swept > 100, "sweeps found only {swept} needed clues");
    }

    /// Unique, and unique no more without any one clue, by `engine`.
    fn assert_minimal(engine: &mut dyn Backend, puzzle: &Grid) {
        assert_eq!(engine.count(puzzle, 2, None).solutions, 1);
        for cell in (0..puzzle.cells().len()).filter(|&c| puzzle.get(c) != 0) {
            let mut fewer = puzzle.clone();
            fewer.set(cell, 0);
            assert_eq!(
                engine.count(&fewer, 2, None).solutions,
                2,
                "clue {cell} is not needed"
            );
        }
    }

    #[test]
    fn due_when_the_window_holds_enough_kept_verdicts() {
        let mut sweeps = Sweeps::new(4, true);
        let record = |sweeps: &mut Sweeps, removal, times| (0..times).for_each(|_| sweeps.record(removal));
        record(&mut sweeps, Removal::Kept, KEPT_TO_SWEEP);
        assert!(!sweeps.due(), "window not full yet");
        record(&mut sweeps, Removal::Removed, WINDOW - KEPT_TO_SWEEP);
        assert!(sweeps.due());
        record(&mut sweeps, Removal::Removed, 1);
        assert!(!sweeps.due(), "the oldest kept verdict left the window");
        record(&mut sweeps, Removal::Kept, KEPT_TO_SWEEP);
        assert!(sweeps.due(), "the newest {KEPT_TO_SWEEP} kept");
    }

    #[test]
    fn never_due_when_off() {
        let mut sweeps = Sweeps::new(4, false);
        (0..WINDOW).for_each(|_| sweeps.record(Removal::Kept));
        assert!(!sweeps.due());
    }
}
