//! The engine interface: what the commands and the generator need from a
//! solver, so that DLX and SAT are interchangeable (`--backend dlx|sat`)
//! and can check each other.

use crate::grid::Grid;
use crate::shape::Shape;
use rand::RngCore;
use std::fmt;
use std::str::FromStr;

/// The result of counting solutions up to a limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found, at most the limit asked for.
    pub solutions: u64,
    /// The first solution found, if any.
    pub first: Option<Grid>,
    /// Search effort: DLX search-tree nodes, or SAT decisions.
    pub nodes: u64,
    /// False when a node budget ran out before the count was settled; then
    /// `solutions` is only a lower bound.
    pub complete: bool,
}

impl Count {
    /// A settled count with no solution (clashing givens, say).
    pub fn none() -> Count {
        Count {
            solutions: 0,
            first: None,
            nodes: 0,
            complete: true,
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
/// SAT solver), which is why this is a session and not a function.
pub trait Digger {
    /// The puzzle as dug so far.
    fn puzzle(&self) -> &Grid;

    /// Removes the clues in `cells` if the puzzle keeps exactly one
    /// solution without them; otherwise leaves them in place.
    fn try_remove(&mut self, cells: &[usize], budget: Option<u64>) -> Removal;

    /// Removes the clues in `cells` without a probe: the caller vouches
    /// that the puzzle stays unique (it still contains a unique puzzle).
    /// Used to start a dig from a known puzzle plus some clues.
    fn remove_unchecked(&mut self, cells: &[usize]);

    /// Search effort spent by this session so far.
    fn nodes(&self) -> u64;
}

/// A solving engine for one board shape.
pub trait Backend: Send {
    /// The engine's name, as given to `--backend`.
    fn name(&self) -> &'static str;

    /// The shape this engine was built for.
    fn shape(&self) -> Shape;

    /// Counts the solutions of `puzzle` up to `limit`, keeping the first.
    /// Clashing givens simply give zero solutions. With a `budget`, the
    /// search may stop early and say so in [`Count::complete`].
    fn count(&mut self, puzzle: &Grid, limit: u64, budget: Option<u64>) -> Count;

    /// A uniformly shuffled search for one complete grid: different random
    /// streams give different grids, the same stream the same grid.
    fn fill(&mut self, rng: &mut dyn RngCore) -> Grid;

    /// Starts digging clues out of `solution`, a complete valid grid.
    /// `order` is the order in which cells will be tried, a hint engines
    /// may use to keep their state cheap to update.
    fn digger<'a>(&'a mut self, solution: &Grid, order: &[usize]) -> Box<dyn Digger + 'a>;
}

/// Which engine to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BackendKind {
    /// Dancing links (Algorithm X), the fast default.
    #[default]
    Dlx,
    /// The varisat SAT solver, the independent check.
    Sat,
}

impl BackendKind {
    /// Builds this engine for a shape.
    pub fn build(self, shape: Shape) -> Box<dyn Backend> {
        match self {
            BackendKind::Dlx => Box::new(crate::dlx::Dlx::new(shape)),
            BackendKind::Sat => Box::new(crate::sat::SatBackend::new(shape)),
        }
    }

    /// The other engine, for cross-checks.
    pub fn other(self) -> BackendKind {
        match self {
            BackendKind::Dlx => BackendKind::Sat,
            BackendKind::Sat => BackendKind::Dlx,
        }
    }
}

impl fmt::Display for BackendKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BackendKind::Dlx => "dlx",
            BackendKind::Sat => "sat",
        })
    }
}

impl FromStr for BackendKind {
    type Err = String;

    fn from_str(s: &str) -> Result<BackendKind, String> {
        match s {
            "dlx" => Ok(BackendKind::Dlx),
            "sat" => Ok(BackendKind::Sat),
            _ => Err(format!("unknown backend '{s}': expected dlx or sat")),
        }
    }
}
