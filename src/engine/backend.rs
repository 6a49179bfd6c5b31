//! The engine interface: what the generator, the grader and the commands
//! need from a solver, so that DLX and SAT are interchangeable
//! (`--backend dlx|sat`) and can check each other.

use crate::grid::Grid;
use crate::shape::Shape;
use rand::RngCore;
use serde::Serialize;
use std::fmt;

/// The result of counting solutions up to a limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found, at most the limit asked for.
    pub solutions: u64,
    /// The first solution found, if any.
    pub first: Option<Grid>,
    /// Effort spent, in the engine's [`EffortUnit`]: search-tree nodes for
    /// DLX, solve calls for SAT.
    pub effort: u64,
    /// False when a node budget ran out before the count was settled; then
    /// `solutions` is only a lower bound.
    pub complete: bool,
}

impl Count {
    internal_pub! {
        /// A settled count with no solution (clashing givens, say).
        fn none() -> Count {
            Count {
                solutions: 0,
                first: None,
                effort: 0,
                complete: true,
            }
        }
    }
}

/// What happened to a clue (or an orbit of clues) the digger tried to
/// remove.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    /// Removed: the puzzle still has exactly one solution.
    Removed,
    /// Kept: without it the puzzle would have several solutions.
    Kept,
    /// Kept because the probe hit its node budget: the removal might have
    /// been fine, so the puzzle may not be minimal.
    GaveUp,
}

/// A digging session: the puzzle starts as a full solution grid and clues
/// are removed one orbit at a time, each removal kept only if the solution
/// stays unique. Engines keep state between probes (covered givens, a live
/// SAT solver), which is why a digging session is an object and not a function.
pub trait Digger {
    /// The puzzle as dug so far.
    fn puzzle(&self) -> &Grid;

    /// Removes the clues in `cells` if the puzzle keeps exactly one
    /// solution without them; otherwise leaves them in place.
    fn try_remove(&mut self, cells: &[usize], budget: Option<u64>) -> Removal;

    /// What [`Digger::try_remove`] would answer for `cells` now, without
    /// removing anything: `Kept` means the clues are needed, and stay
    /// needed however many other clues are removed later (a puzzle with
    /// fewer clues has at least the solutions it had). The generator asks
    /// this of many clues at once on large boards, where proving a clue
    /// needed costs less the more clues are left (see
    /// `generator::sweep`). An engine that cannot ask without removing
    /// answers [`Removal::GaveUp`], which the generator reads as "not
    /// known" and settles later with `try_remove`.
    fn would_remove(&mut self, cells: &[usize], budget: Option<u64>) -> Removal {
        let _ = (cells, budget);
        Removal::GaveUp
    }

    /// Removes the clues in `cells` without a probe: the caller vouches
    /// that the puzzle stays unique (it still contains a unique puzzle).
    /// Used to start a dig from a known puzzle plus some clues.
    fn remove_unchecked(&mut self, cells: &[usize]);

    /// Effort spent by this digging session so far, in the engine's
    /// [`EffortUnit`].
    fn effort(&self) -> u64;

    /// From now on, settle probes that run out of their budget by another
    /// means instead of answering [`Removal::GaveUp`], where the engine
    /// has one (DLX: the SAT portfolio, [`crate::engine::portfolio`]).
    /// Engines whose probes always finish ignore it.
    fn settle_past_budget(&mut self) {}
}

/// A solving engine for one board shape.
pub trait Backend: Send {
    /// The engine's name, as given to `--backend`.
    fn name(&self) -> &'static str;

    /// The shape this engine was built for.
    fn shape(&self) -> Shape;

    /// What this engine reports as effort and how it treats budgets.
    fn capabilities(&self) -> Capabilities;

    /// Counts the solutions of `puzzle` up to `limit`, keeping the first.
    /// Clashing givens simply give zero solutions. With a `budget` (in the
    /// engine's [`EffortUnit`]), the search may stop early and say so in
    /// [`Count::complete`].
    fn count(&mut self, puzzle: &Grid, limit: u64, budget: Option<u64>) -> Count;

    /// The solutions of `puzzle`, at most `limit` of them: fewer than
    /// `limit` are all there are. Clashing givens have none. No budget:
    /// callers ask it of puzzles a few clues short of unique, whose
    /// solutions are quickly listed.
    fn solutions(&mut self, puzzle: &Grid, limit: u64) -> Vec<Grid>;

    /// A uniformly shuffled search for one complete grid: different random
    /// streams give different grids, the same stream the same grid.
    fn fill(&mut self, rng: &mut dyn RngCore) -> Grid;

    /// Starts digging clues out of `solution`, a complete valid grid.
    /// `order` is the order in which cells will be tried, a hint engines
    /// may use to keep their state cheap to update.
    fn digger<'a>(&'a mut self, solution: &Grid, order: &[usize]) -> Box<dyn Digger + 'a>;
}

/// What an engine's effort figures count. The figures of two engines are
/// not comparable: a DLX node is a few nanoseconds, a SAT solve call
/// hundreds of microseconds.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EffortUnit {
    /// Search-tree nodes (options tried) of Algorithm X.
    SearchNodes,
    /// Calls to the SAT solver (each runs to its end).
    SolveCalls,
}

impl EffortUnit {
    internal_pub! {
        /// The unit's name as printed after a figure ("nodes", "solve calls").
        fn label(self) -> &'static str {
            match self {
                EffortUnit::SearchNodes => "nodes",
                EffortUnit::SolveCalls => "solve calls",
            }
        }
    }
}

impl fmt::Display for EffortUnit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// What an engine can do, so that callers can tell how far to trust a
/// budget and how to label effort.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Capabilities {
    /// The unit of [`Count::effort`] and [`Digger::effort`].
    pub effort_unit: EffortUnit,
    /// True if a budget bounds the search at node granularity (DLX). False
    /// if it only bounds coarser steps that each run to their end (SAT: one
    /// solve call cannot be interrupted), so a small budget may be
    /// overshot by one step's work.
    pub honours_node_budget: bool,
}
