//! Puzzle generation: fill a random complete grid, then dig clues out while
//! the selected engine still finds exactly one solution.
//!
//! Puzzle `i` of seed `S` is a pure function of `(S, i, options)`: its
//! random stream is ChaCha8 seeded with `S` on stream `i` (portable and
//! documented, unlike `StdRng`), so batches split across threads or
//! machines give the same puzzles. See docs/generator.md.

mod band;
mod dig_order;
mod generated;
mod sweep;
pub mod symmetry;
mod target;
pub mod variant;
pub(crate) mod variant_band;
pub(crate) mod guided;

pub use band::{RatedSearch, Target};
pub use generated::Generated;
pub use symmetry::Symmetry;
pub use variant::{generate_variant, Rules, VariantPuzzle};

use crate::engine::dlx::Dlx;
use crate::engine::{Backend, BackendKind, Digger, Removal};
use crate::grid::Grid;
use crate::shape::Shape;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;
use sweep::Sweeps;

/// FNV-1a of `text`: a 64-bit hash that is the same on every machine and
/// Rust version (unlike `DefaultHasher`), for keys and seeds that are
/// kept or shared: the guided search's state file, the daily puzzle.
pub(crate) fn stable_hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// Board shape.
    pub shape: Shape,
    /// Clue symmetry.
    pub symmetry: Symmetry,
    /// Stop digging at this many clues; `None` digs to a minimal puzzle.
    pub givens: Option<usize>,
    /// Search-node budget for one uniqueness probe. With the DLX backend a
    /// probe that runs out is settled by the SAT engine (the portfolio,
    /// [`crate::engine::portfolio`]); an engine that cannot settle it keeps
    /// the clue. `None` is unbounded.
    pub probe_budget: Option<u64>,
    /// Settle probes past the budget with the other engine (DLX: the SAT
    /// portfolio) so that every probe is decided and puzzles are minimal;
    /// false lets them give up, keeping the clue. Default: on up to 16x16,
    /// off on 25x25 (a minimal 25x25 puzzle takes minutes; an explicit
    /// budget through the pipeline turns it on).
    pub settle_past_budget: bool,
    /// Fresh grids to try per puzzle before giving up on `givens`.
    pub max_attempts: u32,
    /// Engine that decides uniqueness while digging.
    pub backend: BackendKind,
    /// Give up on a puzzle once this instant has passed, checked between
    /// uniqueness probes and between attempts (a fill, and a single probe,
    /// run to their end). `None` never gives up.
    pub deadline: Option<Instant>,
    /// Measure each puzzle's [`Generated::effort`] (a DLX count to two
    /// solutions). The count is the same work whether or not anyone reads
    /// it: a tenth of a minimal 9x9 puzzle's time and a third of a 16x16
    /// one's, so runs that print no effort turn it off. Default: on.
    pub measure_effort: bool,
}

impl GenerateOptions {
    /// Minimal 9x9 puzzles, no symmetry, DLX, default budget.
    pub fn new(shape: Shape) -> GenerateOptions {
        GenerateOptions {
            shape,
            symmetry: Symmetry::None,
            givens: None,
            probe_budget: default_probe_budget(shape),
            settle_past_budget: shape.n() <= 16,
            max_attempts: 100,
            backend: BackendKind::Dlx,
            deadline: None,
            measure_effort: true,
        }
    }
}

/// The default probe budget: none up to 12x12, where probes are quick; on
/// 16x16 about what one SAT probe costs (a few milliseconds), since a
/// DLX probe past it goes to the SAT engine, which settles the long tail
/// faster (docs/engine.md, "Portfolio"); on 25x25, where probes near the
/// end of a dig can run for minutes, a tight bound. Under DLX a probe past
/// the budget goes to the SAT engine only when
/// [`GenerateOptions::settle_past_budget`] is on: by default up to 16x16,
/// so those puzzles are minimal. On 25x25 it is off by default and a probe
/// past the budget keeps its clue, so the default 25x25 puzzle is unique
/// but not necessarily minimal; an explicit budget (`--budget`,
/// `PlanBuilder::probe_budget`) turns settling on and digs a minimal
/// one.
pub fn default_probe_budget(shape: Shape) -> Option<u64> {
    match shape.n() {
        0..=12 => None,
        13..=16 => Some(30_000),
        _ => Some(5_000),
    }
}

/// Node budget for the effort measure, so that a hard 25x25 puzzle cannot
/// stall a batch; a capped effort is a lower bound. One million nodes is
/// about 0.15 s of search: at ten million, counting alone took 1.6 s of a
/// 1.8 s unique 25x25 puzzle (seed 1), where the whole puzzle is meant to
/// take under 1 s.
const EFFORT_BUDGET: u64 = 1_000_000;

/// The fewest clues a unique puzzle of this shape can have, where known
/// (4x4: 4, 6x6: 8, 9x9: 17); otherwise `n - 1`, below which two digits
/// would be missing and could be swapped.
pub fn fewest_possible_clues(shape: Shape) -> usize {
    match (shape.box_rows(), shape.box_cols()) {
        (2, 2) => 4,
        (2, 3) | (3, 2) => 8,
        (3, 3) => 17,
        _ => shape.n() - 1,
    }
}

/// Why options or a generation run failed.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum GenerateError {
    /// `--check`: the other engine does not confirm the puzzle.
    #[error("engines disagree: {0}")]
    EnginesDisagree(crate::verify::Disagreement),
    /// The run's deadline passed before
    /// this puzzle was produced.
    #[error("the deadline passed before this puzzle was produced")]
    DeadlinePassed,
    /// The run was stopped (Ctrl-C) before this puzzle was started.
    #[error("stopped before this puzzle was started")]
    Stopped,
    /// A shard that does not exist.
    #[error(transparent)]
    Shard(#[from] ShardError),
    /// The symmetry does not map this shape's boxes onto boxes.
    #[error("symmetry {0} needs square boxes, but the board has {1} boxes")]
    SymmetryDoesNotFit(Symmetry, Shape),
    /// `--givens` outside what the shape allows.
    #[error(
        "{0} givens are impossible on a {1} board: a unique puzzle needs at least {2} clues and at most {3}"
    )]
    GivensOutOfRange(usize, Shape, usize, usize),
    /// No puzzle in the wanted rating band within the bounds.
    #[error("no puzzle rated {band} after rating {rated} candidates{}", closest_note(*.closest))]
    RatingShortfall {
        /// The band asked for.
        band: String,
        /// Puzzles rated.
        rated: u32,
        /// The rating closest to the band; NaN when nothing was rated (a
        /// deadline that had already passed).
        closest: f32,
    },
    /// `max_attempts` of 0: nothing could ever be produced.
    #[error("the attempts per puzzle must be at least 1")]
    NoAttempts,
    /// A rating band no puzzle can be in.
    #[error("no puzzle can be rated {0}: the Sudoku Explainer scale ends below 12.0")]
    UnreachableBand(String),
    /// A technique filter that asks for a technique no solving path on the
    /// run's board and rules can use (the text names it and says why).
    #[error("no puzzle can meet the technique filter {0}")]
    UnreachableFilter(String),
    /// A seed puzzle of another shape than the run's.
    #[error("seed puzzle {seed} is {shape}, but the run makes {wanted} puzzles")]
    SeedOfAnotherShape {
        /// The seed's position in the list, from 1.
        seed: usize,
        /// Its shape.
        shape: Shape,
        /// The run's shape.
        wanted: Shape,
    },
    /// A state file asked for a run that is not a guided search.
    #[error("a state file is kept only by a guided search (from seed puzzles, or a rating band from 9.0)")]
    StateWithoutSearch,
    /// The guided search's state file could not be read or written, or
    /// belongs to another search.
    #[error("guided search state: {0}")]
    StateFile(String),
    /// No attempt reached the requested clue count.
    #[error("no puzzle with {wanted} clues after {attempts} attempts (fewest reached: {best})")]
    Shortfall {
        /// Clues asked for.
        wanted: usize,
        /// Attempts made.
        attempts: u32,
        /// Fewest clues reached.
        best: usize,
    },
}

/// " (closest rating: 4.5)", or nothing when no candidate was rated.
fn closest_note(closest: f32) -> String {
    if closest.is_nan() {
        String::new()
    } else {
        format!(" (closest rating: {closest:.1})")
    }
}

/// Generates puzzles with one engine per instance (one per thread).
pub struct Generator {
    options: GenerateOptions,
    backend: crate::cache::LentBackend,
    /// The DLX engine that measures effort when the backend is not DLX; a
    /// DLX backend measures on its own matrix (see [`Generator::effort`]).
    effort_engine: Option<Dlx>,
    orbits: Vec<Vec<usize>>,
}

impl Generator {
    /// Checks the options and builds the engines.
    pub fn new(options: GenerateOptions) -> Result<Generator, GenerateError> {
        let shape = options.shape;
        if !options.symmetry.fits(shape) {
            return Err(GenerateError::SymmetryDoesNotFit(options.symmetry, shape));
        }
        if let Some(k) = options.givens {
            let least = fewest_possible_clues(shape);
            if k < least || k > shape.cells() {
                return Err(GenerateError::GivensOutOfRange(k, shape, least, shape.cells()));
            }
        }
        Ok(Generator {
            backend: crate::cache::LentBackend::take(options.backend, shape),
            effort_engine: (options.measure_effort && options.backend != BackendKind::Dlx)
                .then(|| Dlx::new(shape)),
            orbits: options.symmetry.orbits(shape),
            options,
        })
    }

    /// The options in force.
    pub fn options(&self) -> &GenerateOptions {
        &self.options
    }

    /// The random stream of puzzle `index` of run `seed`.
    pub fn rng(seed: u64, index: u64) -> ChaCha8Rng {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(index);
        rng
    }

    /// Puzzle `index` of run `seed`.
    pub fn generate(&mut self, seed: u64, index: u64) -> Result<Generated, GenerateError> {
        let mut rng = Generator::rng(seed, index);
        let mut best = usize::MAX;
        for attempt in 1..=self.options.max_attempts.max(1) {
            let (puzzle, solution, probes_complete) =
                self.attempt(&mut rng).ok_or(GenerateError::DeadlinePassed)?;
            let clues = puzzle.given_count();
            if self.options.givens.is_none_or(|k| clues <= k) {
                let effort = self.effort(&puzzle);
                let minimal = self.options.givens.is_none() && probes_complete;
                return Ok(Generated {
                    puzzle,
                    solution,
                    seed,
                    index,
                    attempts: attempt,
                    effort,
                    minimal,
                });
            }
            best = best.min(clues);
        }
        Err(GenerateError::Shortfall {
            wanted: self.options.givens.unwrap_or(0),
            attempts: self.options.max_attempts.max(1),
            best,
        })
    }

    /// DLX search nodes to count `puzzle`'s solutions to 2 (the `effort`
    /// of a record), if measured. A DLX backend counts on its own matrix,
    /// which every dig leaves as built, so the count is the same as on a
    /// fresh engine, and one matrix stays in the cache instead of two.
    fn effort(&mut self, puzzle: &Grid) -> Option<u64> {
        if !self.options.measure_effort {
            return None;
        }
        if puzzle.is_full() {
            // A full grid needs no search node: skip the count.
            return Some(0);
        }
        let engine: &mut dyn Backend = match self.effort_engine.as_mut() {
            Some(dlx) => dlx,
            None => self.backend.get(),
        };
        Some(engine.count(puzzle, 2, Some(EFFORT_BUDGET)).effort)
    }

    /// One fill and dig: the puzzle, its solution, and whether every probe
    /// finished within budget; `None` if the deadline passed.
    fn attempt(&mut self, rng: &mut ChaCha8Rng) -> Option<(Grid, Grid, bool)> {
        if self.past_deadline() {
            return None;
        }
        let solution = self.backend.get().fill(rng);
        if self.options.givens.is_some_and(|k| k >= solution.cells().len()) {
            // Nothing to dig (`--givens` = every cell): no shuffle, no
            // digging session, whose set-up would cost more than the fill.
            return Some((solution.clone(), solution, true));
        }
        // Shuffling indices moves the random stream exactly as shuffling
        // the orbits would (the shuffle depends only on the length), without
        // cloning every orbit.
        let mut visit: Vec<u32> = (0..self.orbits.len() as u32).collect();
        visit.shuffle(rng);
        let all = std::mem::take(&mut self.orbits);
        let mut orbits: Vec<&[usize]> = visit.iter().map(|&i| all[i as usize].as_slice()).collect();
        if self.big_minimal_dig() {
            dig_order::cluster_tail(&mut orbits, self.options.shape);
        }
        let dug = self.dig(&solution, &[], &orbits);
        self.orbits = all;
        let (puzzle, complete) = dug?;
        Some((puzzle, solution, complete))
    }

    /// Whether this is a dig to a minimal puzzle on a board above 16x16
    /// whose probes all settle (no budget, the portfolio past it, or the
    /// SAT backend, which ignores budgets): the digs whose late probes are
    /// long SAT searches, where sweeps and the clustered tail of the
    /// visiting order pay (`sweep`, `dig_order`). On 16x16 and below
    /// sweeps cost more than they save; a dig that may give up, or stops at
    /// `givens`, digs as it always did.
    fn big_minimal_dig(&self) -> bool {
        // A backend that ignores node budgets (SAT) settles every probe.
        let exact = self.options.probe_budget.is_none()
            || self.options.settle_past_budget
            || !self.options.backend.capabilities().honours_node_budget;
        self.options.shape.cells() > 256 && exact && self.options.givens.is_none()
    }

    /// Whether [`GenerateOptions::deadline`] has passed.
    fn past_deadline(&self) -> bool {
        self.options.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Digs `solution`: first removes `known_free` without probes (the
    /// caller vouches the rest is still unique), then tries `orbits` in
    /// order, down to `givens` clues if set. `None` if the deadline passed
    /// (a half-dug puzzle is unique but has far too many clues).
    fn dig<O: AsRef<[usize]>>(
        &mut self,
        solution: &Grid,
        known_free: &[usize],
        orbits: &[O],
    ) -> Option<(Grid, bool)> {
        let order: Vec<usize> = known_free
            .iter()
            .chain(orbits.iter().flat_map(|o| o.as_ref()))
            .copied()
            .collect();
        let target = self.options.givens.unwrap_or(0);
        if known_free.is_empty() && solution.cells().len() <= target {
            // Nothing to dig (`--givens` = every cell): no digging session,
            // whose set-up would cost more than the fill.
            return Some((solution.clone(), true));
        }
        let budget = self.options.probe_budget;
        let deadline = self.options.deadline;
        let mut sweeps = Sweeps::new(orbits.len(), self.big_minimal_dig());
        let mut digger = self.backend.get().digger(solution, &order);
        if self.options.settle_past_budget {
            digger.settle_past_budget();
        }
        digger.remove_unchecked(known_free);
        let complete = dig_orbits(digger.as_mut(), orbits, target, budget, deadline, &mut sweeps)?;
        Some((digger.puzzle().clone(), complete))
    }

    /// A random complete grid (puzzle `index` of run `seed`'s stream).
    pub fn fill(&mut self, seed: u64, index: u64) -> Grid {
        self.backend.get().fill(&mut Generator::rng(seed, index))
    }
}

/// Tries `orbits` in order with `digger`, down to `target` clues (0: a
/// minimal puzzle), letting `sweeps` find needed clues ahead of their turn.
/// Whether every probe settled; `None` if `deadline` passed.
fn dig_orbits<O: AsRef<[usize]>>(
    digger: &mut dyn Digger,
    orbits: &[O],
    target: usize,
    budget: Option<u64>,
    deadline: Option<Instant>,
    sweeps: &mut Sweeps,
) -> Option<bool> {
    let mut clues = digger.puzzle().given_count();
    let mut complete = true;
    for (k, orbit) in orbits.iter().map(AsRef::as_ref).enumerate() {
        if clues <= target {
            break;
        }
        if clues - orbit.len() < target {
            continue;
        }
        // A clock read costs far less than a probe.
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        let swept = if sweeps.due() {
            sweeps.sweep(digger, orbits, k, budget, deadline)?
        } else {
            None
        };
        if sweeps.known_needed(k) {
            continue;
        }
        let removal = if swept == Some(Removal::Removed) {
            // The sweep just proved it removable, and nothing changed since.
            digger.remove_unchecked(orbit);
            Removal::Removed
        } else {
            digger.try_remove(orbit, budget)
        };
        sweeps.record(removal);
        match removal {
            Removal::Removed => clues -= orbit.len(),
            Removal::Kept => {}
            Removal::GaveUp => complete = false,
        }
    }
    Some(complete)
}

/// A shard that does not exist: `part` must be below `parts`, and
/// `parts` at least 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("shard {part}/{parts} does not exist: expected I/M with 0 <= I < M, such as 0/4")]
pub struct ShardError {
    /// The shard asked for (from 0).
    pub(crate) part: u64,
    /// Shards in the run.
    pub(crate) parts: u64,
}

/// The half-open range of indices that shard `part` of `parts` produces
/// out of `count` puzzles: contiguous slices, so shard outputs
/// concatenated in order equal the unsharded run. The arithmetic is in
/// `u128`, so any `u64` count splits exactly.
pub fn shard_range(count: u64, part: u64, parts: u64) -> Result<std::ops::Range<u64>, ShardError> {
    if part >= parts {
        return Err(ShardError { part, parts });
    }
    // k <= parts, so count * k / parts <= count fits in u64.
    let bound = |k: u64| ((count as u128 * k as u128) / parts as u128) as u64;
    Ok(bound(part)..bound(part + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_tile_the_run() {
        for count in [0, 1, 7, 100] {
            let mut next = 0;
            for part in 0..3 {
                let r = shard_range(count, part, 3).unwrap();
                assert_eq!(r.start, next);
                next = r.end;
            }
            assert_eq!(next, count);
        }
        let r = shard_range(u64::MAX, u64::MAX - 1, u64::MAX).unwrap();
        assert_eq!(r, u64::MAX - 1..u64::MAX);
    }

    /// The library refuses shards the CLI would refuse, instead of
    /// dividing by zero or producing an empty or overlapping slice.
    #[test]
    fn impossible_shards_are_errors() {
        for (part, parts) in [(0, 0), (10, 0), (3, 3), (u64::MAX, u64::MAX)] {
            assert_eq!(shard_range(10, part, parts), Err(ShardError { part, parts }));
        }
    }

    /// A deadline stops a puzzle in progress (a 25x25 dig with SAT took
    /// minutes) with a typed error, rated searches included.
    #[test]
    fn a_passed_deadline_is_an_error_not_a_puzzle() {
        let mut options = GenerateOptions::new(Shape::new(2, 3).unwrap());
        options.deadline = Some(Instant::now());
        let mut generator = Generator::new(options).unwrap();
        assert_eq!(generator.generate(1, 0), Err(GenerateError::DeadlinePassed));
        let target = Target {
            band: 0.0..f32::INFINITY,
            max_rated: 10,
            deadline: None,
        };
        let result = generator.generate_rated(1, 0, &target, &mut |_| 1.0);
        assert!(
            matches!(result, Err(GenerateError::RatingShortfall { rated: 0, .. })),
            "{result:?}"
        );
    }

    #[test]
    fn rejects_impossible_options() {
        let six = Shape::new(2, 3).unwrap();
        let mut options = GenerateOptions::new(six);
        options.symmetry = Symmetry::Rot90;
        assert!(matches!(
            Generator::new(options),
            Err(GenerateError::SymmetryDoesNotFit(..))
        ));
        let mut options = GenerateOptions::new(Shape::CLASSIC);
        options.givens = Some(16);
        assert!(matches!(
            Generator::new(options),
            Err(GenerateError::GivensOutOfRange(..))
        ));
    }
}
