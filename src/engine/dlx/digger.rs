//! The DLX digging session: givens stay covered between probes.

use super::Dlx;
use crate::engine::backend::{Digger, Removal};
use crate::grid::Grid;
use std::time::Instant;

/// Guesses the witness search may make before the engine takes a probe
/// over (docs/generator.md, "Cheap proofs"; measurements in
/// benchmarks/2026-11-26/generation-speed.md).
const WITNESS_GUESSES: u32 = 64;

/// The same for the deep witness search of large boards (see
/// [`DlxDigger::witness_search`]): a 16x16 probe that keeps its clue costs
/// DLX thousands of nodes, and one guess of the search with hidden singles
/// stands for a dozen of them at a few times less cost.
const DEEP_WITNESS_GUESSES: u32 = 4000;

/// Boards from this many cells (12x12) get the deep witness search. On
/// 9x9 it costs more than it saves (callgrind, docs/generator.md,
/// "Cheap proofs").
const DEEP_WITNESS_CELLS: usize = 144;

/// Digging with the givens kept covered between probes.
///
/// Selections are a stack, so a clue can only be uncovered once everything
/// selected after it is. The stack holds the clues already decided at the
/// bottom and the clues still to visit above them, in reverse visiting
/// order, so the next cell to try is on top. A clue kept by a probe is
/// selected again on top, and later probes must pop such clues and select
/// them back. That juggling grows with every kept clue, so once it has cost
/// as many selections as the board has clues, the stack is rebuilt in the
/// good order instead (one copy of the bare matrix, one selection per
/// clue): the ski-rental rule, never more than twice the better of the two.
pub(super) struct DlxDigger<'a> {
    dlx: &'a mut Dlx,
    solution: Grid,
    puzzle: Grid,
    effort: u64,
    /// The visiting order.
    order: Vec<usize>,
    /// Cells already probed (or removed unchecked), or not in the visiting
    /// order: decided for good.
    decided: Vec<bool>,
    /// Selections popped and made again since the last rebuild.
    juggled: usize,
    /// Cells popped to reach a probe's targets.
    popped: Vec<usize>,
    /// Clues removed on a cheap proof but still selected: the next probe
    /// that searches deselects them first (`stale_count` of them).
    stale: Vec<bool>,
    stale_count: usize,
    /// Probes past the budget go to the SAT engine instead of giving up.
    portfolio: bool,
    /// Guess limit of the deep witness search (`DEEP_WITNESS_GUESSES`;
    /// tests lower it to send probes to the engines).
    deep_guesses: u32,
    /// Whether the clues are selected yet: the stack is built only when a
    /// probe first has to search (most probes are settled by cheap proofs,
    /// and by then many clues are gone).
    built: bool,
}

impl<'a> DlxDigger<'a> {
    pub(super) fn new(dlx: &'a mut Dlx, solution: &Grid, order: &[usize]) -> DlxDigger<'a> {
        assert!(solution.is_full(), "digging starts from a complete grid");
        let mut decided = vec![true; solution.cells().len()];
        order.iter().for_each(|&c| decided[c] = false);
        let digger = DlxDigger {
            dlx,
            solution: solution.clone(),
            puzzle: solution.clone(),
            effort: 0,
            order: order.to_vec(),
            decided,
            juggled: 0,
            popped: Vec::new(),
            stale: vec![false; solution.cells().len()],
            stale_count: 0,
            portfolio: false,
            deep_guesses: DEEP_WITNESS_GUESSES,
            built: false,
        };
        digger.dlx.proofs.start(solution);
        digger.dlx.prefer_solution(Some(solution));
        digger
    }

    fn option(&self, cell: usize) -> usize {
        self.dlx.ec.option(cell, self.solution.get(cell))
    }

    fn select_cell(&mut self, cell: usize) {
        let selected = self.dlx.select(self.option(cell));
        assert!(selected, "solution grid must be valid");
    }

    /// Selects every clue but `targets` from scratch, decided clues at the
    /// bottom and the rest in reverse visiting order.
    fn rebuild(&mut self, targets: &[usize]) {
        self.dlx.deselect_all();
        let keep = |digger: &Self, c: usize| digger.puzzle.get(c) != 0 && !targets.contains(&c);
        for cell in 0..self.puzzle.cells().len() {
            if self.decided[cell] && keep(self, cell) {
                self.select_cell(cell);
            }
        }
        for i in (0..self.order.len()).rev() {
            let cell = self.order[i];
            if !self.decided[cell] && keep(self, cell) {
                self.select_cell(cell);
            }
        }
        self.juggled = 0;
        self.clear_stale();
    }

    fn clear_stale(&mut self) {
        if self.stale_count > 0 {
            self.stale.iter_mut().for_each(|s| *s = false);
            self.stale_count = 0;
        }
    }

    /// Uncovers every cell of `targets` and every stale clue, leaving every
    /// other clue selected: pops down to them and selects the clues popped
    /// on the way again, or rebuilds once juggling has cost more than a
    /// rebuild.
    fn uncover_targets(&mut self, targets: &[usize]) {
        if !self.built {
            self.built = true;
            self.rebuild(targets);
            return;
        }
        self.popped.clear();
        let mut left = targets.len() + self.stale_count;
        while left > 0 {
            let option = self.dlx.deselect().expect("targets are selected");
            let cell = self.dlx.ec.cell_of(option);
            if targets.contains(&cell) || self.stale[cell] {
                left -= 1;
            } else {
                self.popped.push(cell);
            }
        }
        self.clear_stale();
        self.juggled += self.popped.len();
        if self.juggled >= self.puzzle.given_count() {
            self.rebuild(targets);
            return;
        }
        let popped = std::mem::take(&mut self.popped);
        for &cell in popped.iter().rev() {
            self.select_cell(cell);
        }
        self.popped = popped;
    }

    /// Whether the puzzle, with `targets` uncovered, has a solution other
    /// than the known one: `Some(true)`, `Some(false)`, or `None` if the
    /// budget ran out. In portfolio mode a probe DLX gives up on is settled
    /// by the SAT engine (`crate::engine::portfolio`), so `None` never
    /// comes back then.
    fn has_other_solution(&mut self, targets: &[usize], budget: Option<u64>) -> Option<bool> {
        let start = Instant::now();
        let verdict = self.dlx_probe(targets, budget);
        let stats = &mut self.dlx.sat.stats;
        stats.dlx_probes += 1;
        stats.dlx_time += start.elapsed();
        if verdict.is_some() || !self.portfolio {
            return verdict;
        }
        stats.dlx_gave_up += 1;
        let start = Instant::now();
        let mut trial = self.puzzle.clone();
        targets.iter().for_each(|&c| trial.set(c, 0));
        let found = self.dlx.sat.other_solution(&trial, &self.solution, targets);
        self.dlx.sat.stats.sat_time += start.elapsed();
        Some(found)
    }

    /// [`Self::has_other_solution`] by DLX alone.
    fn dlx_probe(&mut self, targets: &[usize], budget: Option<u64>) -> Option<bool> {
        for &cell in targets {
            let option = self.option(cell);
            // Forced: nothing else can fill one of its items.
            if self.dlx.fewest_alternatives(option) <= 1 {
                continue;
            }
            self.dlx.exclude(option);
            let stats = self.dlx.search(1, budget, None);
            self.dlx.include(option);
            self.effort += stats.nodes;
            if stats.solutions > 0 {
                return Some(true);
            }
            if !stats.complete {
                return None;
            }
        }
        Some(false)
    }

    /// The clues among `cells`.
    fn clues_among(&self, cells: &[usize]) -> Vec<usize> {
        cells
            .iter()
            .copied()
            .filter(|&c| self.puzzle.get(c) != 0)
            .collect()
    }

    /// The clues among `cells`, now decided whatever the probe says.
    fn take_targets(&mut self, cells: &[usize]) -> Vec<usize> {
        let targets = self.clues_among(cells);
        targets.iter().for_each(|&c| self.decided[c] = true);
        targets
    }

    /// The verdict on removing `targets` (clues, at least one), and
    /// whether an engine searched for it: then the targets are left
    /// uncovered, for the caller to erase or select again. The cheap
    /// proofs come first and leave the selections alone.
    fn settle(&mut self, targets: &[usize], budget: Option<u64>) -> (Removal, bool) {
        if self.dlx.proofs.needed(targets) {
            return (Removal::Kept, false);
        }
        if self.dlx.proofs.forced(targets) {
            return (Removal::Removed, false);
        }
        let exact = budget.is_none() || self.portfolio;
        let (limit, deep) = self.witness_search(exact);
        match self.dlx.proofs.witness(targets, limit, deep) {
            Some(true) => return (Removal::Kept, false),
            // The search ran out of options: the puzzle stays unique. Taken
            // only where the engine would settle the probe exactly too, so
            // the verdict is the one the engine gives.
            Some(false) if exact => return (Removal::Removed, false),
            _ => {}
        }
        self.uncover_targets(targets);
        let verdict = match self.has_other_solution(targets, budget) {
            Some(false) => Removal::Removed,
            Some(true) => Removal::Kept,
            None => Removal::GaveUp,
        };
        (verdict, true)
    }

    /// Guess limit of the witness search, and whether it is the deep one
    /// (hidden singles too, many more guesses): on boards of 12x12 and up
    /// whose probes are settled `exact`ly (no budget, or the SAT engine
    /// past it), so that whatever the search leaves is still settled by an
    /// engine. Elsewhere (25x25 under a budget without the portfolio, where
    /// a probe DLX gives up on keeps its clue) the small search keeps the
    /// output as it was.
    fn witness_search(&self, exact: bool) -> (u32, bool) {
        if exact && self.solution.cells().len() >= DEEP_WITNESS_CELLS {
            (self.deep_guesses, true)
        } else {
            (WITNESS_GUESSES, false)
        }
    }

    /// Takes `targets` out of the puzzle without touching the selections:
    /// they stay selected, stale, until a probe has to search.
    fn remove_stale(&mut self, targets: &[usize]) {
        self.erase(targets);
        targets.iter().for_each(|&c| self.stale[c] = true);
        self.stale_count += targets.len();
    }

    /// Takes `targets` out of the puzzle (their selections are handled by
    /// the caller).
    fn erase(&mut self, targets: &[usize]) {
        for &c in targets {
            self.puzzle.set(c, 0);
            self.dlx.proofs.remove(c);
        }
    }
}

impl Digger for DlxDigger<'_> {
    fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    fn try_remove(&mut self, cells: &[usize], budget: Option<u64>) -> Removal {
        let targets = self.take_targets(cells);
        if targets.is_empty() {
            return Removal::Removed;
        }
        let (verdict, uncovered) = self.settle(&targets, budget);
        match (verdict, uncovered) {
            // Settled without a search: the clues stay selected (stale if
            // removed) until a probe has to search.
            (Removal::Removed, false) => self.remove_stale(&targets),
            (Removal::Removed, true) => self.erase(&targets),
            (_, true) => targets.iter().for_each(|&c| self.select_cell(c)),
            (_, false) => {}
        }
        verdict
    }

    /// The same proofs and engines as [`Digger::try_remove`]; a clue asked
    /// about stays undecided, so the stack may need a rebuild later (the
    /// juggling rule pays for it).
    fn would_remove(&mut self, cells: &[usize], budget: Option<u64>) -> Removal {
        let targets = self.clues_among(cells);
        if targets.is_empty() {
            return Removal::Removed;
        }
        let (verdict, uncovered) = self.settle(&targets, budget);
        if uncovered {
            targets.iter().for_each(|&c| self.select_cell(c));
        }
        verdict
    }

    fn remove_unchecked(&mut self, cells: &[usize]) {
        let targets = self.take_targets(cells);
        // Nothing to uncover: leave the stack unbuilt (see `built`).
        if targets.is_empty() {
            return;
        }
        self.uncover_targets(&targets);
        self.erase(&targets);
    }

    fn effort(&self) -> u64 {
        self.effort
    }

    fn settle_past_budget(&mut self) {
        self.portfolio = true;
    }
}

impl Drop for DlxDigger<'_> {
    fn drop(&mut self) {
        self.dlx.deselect_all();
        self.dlx.prefer_solution(None);
        #[cfg(debug_assertions)]
        self.dlx.sanity();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::backend::Backend;
    use crate::engine::sat::SatBackend;
    use crate::engine::BackendKind;
    use crate::shape::Shape;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// `would_remove` answers what `try_remove` then does, leaves the
    /// puzzle alone, and agrees with counts by the other engine; for the
    /// DLX digger (plain, and as the portfolio with a tiny budget, so that
    /// SAT settles some probes) and for the SAT digger.
    #[test]
    fn would_remove_foretells_try_remove() {
        let shape = Shape::new(3, 3).unwrap();
        let mut dlx = Dlx::new(shape);
        let mut sat = SatBackend::new(shape);
        let (mut kept, mut removed) = (0, 0);
        for seed in 0..6 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let solution = dlx.fill(&mut rng);
            let mut order: Vec<usize> = (0..shape.cells()).collect();
            order.shuffle(&mut rng);
            for (engine, budget) in [("dlx", None), ("portfolio", Some(1)), ("sat", None)] {
                // The other engine counts.
                let mut check = if engine == "sat" {
                    BackendKind::Dlx
                } else {
                    BackendKind::Sat
                }
                .build(shape);
                let mut digger = if engine == "sat" {
                    sat.digger(&solution, &order)
                } else {
                    dlx.digger(&solution, &order)
                };
                digger.settle_past_budget();
                for (i, &cell) in order.iter().enumerate() {
                    // Ask about cells ahead too, as a sweep does.
                    for &ahead in &order[i..(i + 4).min(order.len())] {
                        let before = digger.puzzle().clone();
                        let verdict = digger.would_remove(&[ahead], budget);
                        assert_eq!(digger.puzzle(), &before, "{engine} seed {seed}");
                        let mut fewer = before.clone();
                        fewer.set(ahead, 0);
                        let solutions = check.count(&fewer, 2, None).solutions;
                        let expected = if solutions == 2 {
                            Removal::Kept
                        } else {
                            Removal::Removed
                        };
                        assert_eq!(verdict, expected, "{engine} seed {seed} cell {ahead}");
                    }
                    let foretold = digger.would_remove(&[cell], budget);
                    let verdict = digger.try_remove(&[cell], budget);
                    assert_eq!(foretold, verdict, "{engine} seed {seed} cell {cell}");
                    match verdict {
                        Removal::Kept => kept += 1,
                        _ => removed += 1,
                    }
                }
            }
        }
        assert!(kept > 300 && removed > 300, "{kept} kept, {removed} removed");
    }

    /// With a deep witness search that gives up after one guess, the
    /// probes it would have settled go to DLX (and past the budget to SAT
    /// on 16x16). The verdicts are facts, so the puzzle must
    /// be the one the full search digs, and the one the SAT backend digs
    /// alone.
    #[test]
    fn deep_search_hand_offs_dig_the_same_puzzle() {
        for (r, c, budget) in [(3, 4, None), (4, 4, Some(30_000))] {
            let shape = Shape::new(r, c).unwrap();
            let mut dlx = Dlx::new(shape);
            let mut rng = ChaCha8Rng::seed_from_u64(11);
            let solution = dlx.fill(&mut rng);
            let mut order: Vec<usize> = (0..shape.cells()).collect();
            order.shuffle(&mut rng);
            let dig = |dlx: &mut Dlx, guesses: u32| {
                let mut digger = DlxDigger::new(dlx, &solution, &order);
                digger.settle_past_budget();
                digger.deep_guesses = guesses;
                for &cell in &order {
                    assert_ne!(digger.try_remove(&[cell], budget), Removal::GaveUp);
                }
                digger.puzzle().clone()
            };
            let full = dig(&mut dlx, DEEP_WITNESS_GUESSES);
            let before = dlx.portfolio_stats();
            let handed_off = dig(&mut dlx, 1);
            let after = dlx.portfolio_stats();
            assert_eq!(handed_off, full, "{r}x{c}");
            let mut sat = SatBackend::new(shape);
            let by_sat = {
                let mut digger = sat.digger(&solution, &order);
                order.iter().for_each(|&cell| {
                    digger.try_remove(&[cell], None);
                });
                digger.puzzle().clone()
            };
            assert_eq!(by_sat, full, "{r}x{c}: the SAT backend digs another puzzle");
            let (sat_probes, dlx_probes) = (
                after.sat_probes - before.sat_probes,
                after.dlx_probes - before.dlx_probes,
            );
            // What the search leaves goes to DLX; to SAT only past a budget.
            assert!(dlx_probes > 10, "{r}x{c}: {sat_probes} {dlx_probes}");
            assert!(
                budget.is_some() || sat_probes == 0,
                "{r}x{c}: {sat_probes} {dlx_probes}"
            );
        }
    }
}
