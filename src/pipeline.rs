//! The whole generation pipeline as a library: a validated plan built with
//! [`Plan::builder`], puzzles that carry everything known about them
//! (rated once), and ordered parallel batches and shards that every front
//! end (the command line, Python) shares.
//!
//! ```
//! use sudoku_dlx::{Level, Plan, Shape};
//!
//! let plan = Plan::builder(Shape::CLASSIC)
//!     .seed(7)
//!     .count(2)
//!     .difficulty(Level::Easy)
//!     .build()?;
//! for puzzle in plan.puzzles() {
//!     let puzzle = puzzle?;
//!     let rating = puzzle.rating.as_ref().expect("a difficulty rates every puzzle");
//!     assert!(Level::Easy.range().contains(&rating.score));
//!     assert_eq!(puzzle.clues, puzzle.puzzle.given_count());
//! }
//! # Ok::<(), sudoku_dlx::GenerateError>(())
//! ```

use crate::engine::{Backend, BackendKind, EffortUnit};
use crate::generator::guided::{End, Found, Rated, Score, Search};
use crate::canon::Transform;
use crate::generator::{shard_range, GenerateError, GenerateOptions, Generated, Generator, Symmetry, Target};
use crate::grid::Grid;
use crate::logic::candidates::Tables;
use crate::logic::{Level, LogicalSolver, Rating, TechniqueFilter};
use crate::shape::Shape;
use crate::verify::confirm_unique;
use crate::logic::chaining::multiple::without_parallel_walks;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;
use std::ops::{ControlFlow, Range};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Puzzles rated for one index, by default, before a difficulty search
/// reports a shortfall.
pub const DEFAULT_MAX_RATED: u32 = 1000;

/// Effort with its unit: the figures of different units do not compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Effort {
    /// The amount spent.
    pub value: u64,
    /// What `value` counts.
    pub unit: EffortUnit,
}

/// One generated puzzle and everything the pipeline knows about it.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Puzzle {
    /// Index in the run (puzzle `index` of `seed` is always the same).
    pub index: u64,
    /// The run seed.
    pub seed: u64,
    /// The puzzle.
    pub puzzle: Grid,
    /// Its unique solution.
    pub solution: Grid,
    /// Clues in the puzzle.
    pub clues: usize,
    /// DLX search effort to count the puzzle's solutions to two: a cheap
    /// machine measure of difficulty, always in search nodes whatever
    /// engine dug the puzzle, so figures of one run compare. `None` when
    /// the plan does not measure it ([`PlanBuilder::measure_effort`]).
    pub effort: Option<Effort>,
    /// True when no clue can be removed with the solution staying unique;
    /// false when `givens` stopped digging early or a probe gave up.
    pub minimal: bool,
    /// Fresh grids (or, with a difficulty, puzzles rated) spent on it.
    pub attempts: u32,
    /// The full rating, when the plan rates (`rate` or a difficulty): the
    /// rating found while searching, never computed twice.
    pub rating: Option<Rating>,
    /// The clue symmetry it was dug with.
    pub symmetry: Symmetry,
    /// The backend that decided uniqueness while digging.
    pub backend: BackendKind,
}

impl Puzzle {
    fn new(generated: Generated, rating: Option<Rating>, options: &GenerateOptions) -> Puzzle {
        Puzzle {
            symmetry: options.symmetry,
            backend: options.backend,
            index: generated.index,
            seed: generated.seed,
            clues: generated.puzzle.given_count(),
            puzzle: generated.puzzle,
            solution: generated.solution,
            effort: generated.effort.map(|value| Effort {
                value,
                unit: EffortUnit::SearchNodes,
            }),
            minimal: generated.minimal,
            attempts: generated.attempts,
            rating,
        }
    }
}

/// Builds a [`Plan`]; start with [`Plan::builder`].
#[derive(Clone, Debug)]
#[must_use]
pub struct PlanBuilder {
    plan: Plan,
    max_attempts: Option<u32>,
}

impl Plan {
    /// A builder for a generation run on `shape`: minimal puzzles, no
    /// symmetry, DLX, seed 0, one puzzle, unrated.
    pub fn builder(shape: Shape) -> PlanBuilder {
        PlanBuilder {
            plan: Plan {
                options: GenerateOptions::new(shape),
                seed: 0,
                count: 1,
                shard: None,
                band: None,
                rate: false,
                max_rated: DEFAULT_MAX_RATED,
                check: false,
                deadline: None,
                seeds: Arc::new(Vec::new()),
                filter: TechniqueFilter::default(),
                state_file: None,
                guided_max_rated: None,
            },
            max_attempts: None,
        }
    }
}

impl PlanBuilder {
    /// The run seed.
    pub fn seed(mut self, seed: u64) -> Self {
        self.plan.seed = seed;
        self
    }

    /// Puzzles in the whole run (all shards together).
    pub fn count(mut self, count: u64) -> Self {
        self.plan.count = count;
        self
    }

    /// Produce only slice `part` of `parts` (contiguous index ranges).
    pub fn shard(mut self, part: u64, parts: u64) -> Self {
        self.plan.shard = Some((part, parts));
        self
    }

    /// Clue symmetry.
    pub fn symmetry(mut self, symmetry: Symmetry) -> Self {
        self.plan.options.symmetry = symmetry;
        self
    }

    /// Stop digging at `givens` clues instead of at a minimal puzzle.
    pub fn givens(mut self, givens: usize) -> Self {
        self.plan.options.givens = Some(givens);
        self
    }

    /// Aim at a difficulty level (its band on the Sudoku Explainer scale).
    pub fn difficulty(mut self, level: Level) -> Self {
        self.plan.band = Some(level.range());
        self
    }

    /// Aim at a rating band: `start` included, `end` excluded.
    pub fn rating(mut self, band: Range<f32>) -> Self {
        self.plan.band = Some(band);
        self
    }

    /// Rate every puzzle (implied by a difficulty or a rating band).
    pub fn rate(mut self, rate: bool) -> Self {
        self.plan.rate = rate;
        self
    }

    /// The engine that decides uniqueness while digging.
    pub fn backend(mut self, backend: BackendKind) -> Self {
        self.plan.options.backend = backend;
        self
    }

    /// Node budget per uniqueness probe (`None`: unbounded); defaults to
    /// a budget that grows with the board. Setting it also turns on
    /// settling probes past the budget (DLX: by the SAT engine), so every
    /// probe is decided and puzzles are minimal, also on 25x25.
    pub fn probe_budget(mut self, budget: Option<u64>) -> Self {
        self.plan.options.probe_budget = budget;
        self.plan.options.settle_past_budget = true;
        self
    }

    /// Bound per puzzle: fresh grids to try when `givens` is not reached
    /// (default 100), or puzzles to rate when aiming at a difficulty
    /// (default 1000).
    pub fn max_attempts(mut self, attempts: u32) -> Self {
        self.max_attempts = Some(attempts);
        self
    }

    /// Measure each puzzle's effort (default: on). Counting costs a tenth
    /// of a minimal 9x9 puzzle's time and a third of a 16x16 one's, so a
    /// run that writes no effort turns it off.
    pub fn measure_effort(mut self, measure: bool) -> Self {
        self.plan.options.measure_effort = measure;
        self
    }

    /// Confirm every puzzle with the other engine.
    pub fn check(mut self, check: bool) -> Self {
        self.plan.check = check;
        self
    }

    /// Stop producing puzzles at this instant; a puzzle being dug then is
    /// abandoned between uniqueness probes.
    pub fn deadline(mut self, deadline: Option<Instant>) -> Self {
        self.plan.deadline = deadline;
        self.plan.options.deadline = deadline;
        self
    }

    /// Search around these puzzles (a list of hard puzzles, say) for new
    /// ones in the rating band: the guided search (docs/generator.md).
    /// The seeds themselves, and puzzles isomorphic to them, are never
    /// reported.
    pub fn from_seeds(mut self, seeds: Vec<Grid>) -> Self {
        self.plan.seeds = Arc::new(seeds);
        self
    }

    /// Keep only puzzles whose solving path passes `filter` (the plan
    /// then rates every puzzle).
    pub fn techniques(mut self, filter: TechniqueFilter) -> Self {
        self.plan.filter = filter;
        self
    }

    /// Keep the guided search's state in this file, so that a stopped run
    /// started again with the same options goes on where it was, without
    /// reporting a puzzle twice.
    pub fn state_file(mut self, path: PathBuf) -> Self {
        self.plan.state_file = Some(path);
        self
    }

    /// Validates the options and gives the plan.
    pub fn build(self) -> Result<Plan, GenerateError> {
        let mut plan = self.plan;
        if let Some(at) = plan.seeds.iter().position(|s| s.shape() != plan.options.shape) {
            return Err(GenerateError::SeedOfAnotherShape {
                seed: at + 1,
                shape: plan.seeds[at].shape(),
                wanted: plan.options.shape,
            });
        }
        if let Some(why) = plan.filter.unreachable(&Tables::new(plan.options.shape)) {
            return Err(GenerateError::UnreachableFilter(why));
        }
        if plan.state_file.is_some() && !plan.guided() {
            return Err(GenerateError::StateWithoutSearch);
        }
        if self.max_attempts == Some(0) {
            return Err(GenerateError::NoAttempts);
        }
        if let Some(band) = &plan.band {
            if band.is_empty() || band.start.is_nan() || band.start > HIGHEST_RATING {
                return Err(GenerateError::UnreachableBand(format!(
                    "{:.1}..{:.1}",
                    band.start,
                    band.end - 0.05
                )));
            }
        }
        if let Some(attempts) = self.max_attempts {
            plan.options.max_attempts = attempts;
            plan.max_rated = attempts;
            plan.guided_max_rated = Some(u64::from(attempts));
        }
        if let Some((part, parts)) = plan.shard {
            shard_range(plan.count, part, parts)?;
        }
        Generator::new(plan.options.clone())?;
        Ok(plan)
    }
}

/// The lowest band start for which generation switches to the guided
/// search: fill-and-dig makes a few puzzles rated 8.5 to 9.5 per second,
/// and next to none above.
pub const GUIDED_FROM: f32 = 9.0;

/// The highest rating on the Sudoku Explainer scale (its hardest
/// techniques rate below 12): a band starting above it has no puzzle.
pub const HIGHEST_RATING: f32 = 12.0;

/// The lowest rating of a puzzle with an empty cell (a full house): a
/// band ending below it has no puzzle.
pub const LOWEST_RATING: f32 = 1.0;

/// A shard `I/M`: the `I`-th (from 0) of `M` contiguous slices of a run,
/// as `--shard` spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// The slice, from 0.
    pub part: u64,
    /// Slices in the run.
    pub parts: u64,
}

impl std::str::FromStr for Shard {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Shard, SpecError> {
        let bad = || {
            SpecError(format!(
                "'{text}' is not a shard: expected I/M with 0 <= I < M, such as 0/4"
            ))
        };
        let (i, m) = text.split_once('/').ok_or_else(bad)?;
        let part: u64 = i.trim().parse().map_err(|_| bad())?;
        let parts: u64 = m.trim().parse().map_err(|_| bad())?;
        if parts == 0 || part >= parts {
            return Err(bad());
        }
        Ok(Shard { part, parts })
    }
}

/// A rating band `MIN..MAX` on the Sudoku Explainer scale, both ends
/// included; either may be left out (`6.5..`, `..2.0`). Ratings have one
/// decimal, so the half-open range ends half a step above `MAX`.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingBand(pub Range<f32>);

impl std::str::FromStr for RatingBand {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<RatingBand, SpecError> {
        let bad = || {
            SpecError(format!(
                "'{text}' is not a rating band: expected MIN..MAX, such as 2.6..4.4 or 6.5.."
            ))
        };
        let (lo, hi) = text.split_once("..").ok_or_else(bad)?;
        let end = |t: &str, open: f32| -> Result<f32, SpecError> {
            match t.trim() {
                "" => Ok(open),
                t => t.parse::<f32>().ok().filter(|x| x.is_finite()).ok_or_else(bad),
            }
        };
        let (lo, hi) = (end(lo, 0.0)?, end(hi, f32::INFINITY)?);
        if lo > hi {
            return Err(bad());
        }
        if lo > HIGHEST_RATING {
            return Err(SpecError(format!(
                "'{text}': no puzzle rates above {HIGHEST_RATING:.1} on the Sudoku Explainer scale"
            )));
        }
        if hi < LOWEST_RATING {
            return Err(SpecError(format!(
                "'{text}': no puzzle rates below {LOWEST_RATING:.1} on the Sudoku Explainer scale (a full house is 1.0)"
            )));
        }
        Ok(RatingBand(lo..hi + 0.05))
    }
}

/// Why a shard or a rating band could not be read: the message names the
/// text and the expected form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SpecError(String);

/// A validated generation run: what to make and how many. Cheap to clone;
/// backends and graders are built once per thread.
#[derive(Clone, Debug)]
pub struct Plan {
    options: GenerateOptions,
    seed: u64,
    count: u64,
    shard: Option<(u64, u64)>,
    band: Option<Range<f32>>,
    rate: bool,
    max_rated: u32,
    check: bool,
    deadline: Option<Instant>,
    seeds: Arc<Vec<Grid>>,
    filter: TechniqueFilter,
    state_file: Option<PathBuf>,
    /// An explicit bound on the candidates a guided search rates without
    /// a find; by default a guided search runs to its count or deadline.
    guided_max_rated: Option<u64>,
}

/// What stops a batch early.
#[derive(Debug, Default)]
pub struct Controls {
    /// Set (by a Ctrl-C handler, say) to stop starting puzzles.
    pub stop: AtomicBool,
    /// Candidates rated so far, for progress reports.
    pub rated: AtomicU64,
    /// The best rating (ER) of a candidate so far, as `f32` bits (0: none
    /// yet), for the guided search's progress reports.
    pub best: AtomicU32,
}

impl Plan {
    /// The board shape of every puzzle of the run.
    pub fn shape(&self) -> Shape {
        self.options.shape
    }

    internal_pub! {
        /// The run seed.
        fn seed(&self) -> u64 {
            self.seed
        }
    }

    /// The rating band aimed at, if any.
    pub fn band(&self) -> Option<Range<f32>> {
        self.band.clone()
    }

    /// Whether puzzles carry a rating.
    pub fn rates(&self) -> bool {
        self.rate || self.search_band().is_some()
    }

    /// Where the output of a run resumed from its state file stands: the
    /// position ([`Sink::position`]) of the sink when the saved state was
    /// written, so that a front end appending to the same file cuts it
    /// back to this length first (the records past it were written after
    /// that save, and the resumed run writes them again). `None` with no
    /// state file, none saved yet, or a sink that gave no position. An
    /// error for a state file that is unreadable or another search's.
    pub fn resume_position(&self) -> Result<Option<u64>, GenerateError> {
        if self.state_file.is_none() {
            return Ok(None);
        }
        self.search().saved_position().map_err(GenerateError::StateFile)
    }

    /// Whether the run is a guided search: it starts from seeds, aims at
    /// a band starting at 9.0 or above (where fill-and-dig finds next to
    /// nothing), or has a technique filter that asks for a technique (one
    /// random puzzle in a few hundred to a few ten thousand has it as its
    /// hardest step, and a neighbour of one that has often has it too).
    pub fn guided(&self) -> bool {
        !self.seeds.is_empty() || self.band.as_ref().is_some_and(|b| b.start >= GUIDED_FROM) || self.filter.seeks()
    }

    /// Whether the run is a guided search for a technique filter alone
    /// (no seeds, no band beyond fill-and-dig's reach): its pool restarts
    /// after a few finds, so that the puzzles come from many families.
    fn filter_search(&self) -> bool {
        self.filter.seeks() && self.seeds.is_empty() && !self.band.as_ref().is_some_and(|b| b.start >= GUIDED_FROM)
    }

    /// The band and filter a shortfall names: `0.0..inf` alone would not
    /// say that a technique filter refused the candidates.
    fn wanted_text(&self, band: &Range<f32>) -> String {
        let band = format!("{:.1}..{:.1}", band.start, band.end);
        if self.filter.is_empty() {
            band
        } else {
            format!("{band} ({})", self.filter)
        }
    }

    /// The band candidates are rated against: the plan's, or every
    /// rating when only a technique filter asks for a rating.
    fn search_band(&self) -> Option<Range<f32>> {
        match &self.band {
            Some(band) => Some(band.clone()),
            None if !self.filter.is_empty() => Some(0.0..f32::INFINITY),
            None => None,
        }
    }

    /// Whether this run is one shard of a larger one.
    pub fn shard(&self) -> Option<(u64, u64)> {
        self.shard
    }

    /// The indices this run (or shard) produces.
    pub fn indices(&self) -> Range<u64> {
        match self.shard {
            Some((part, parts)) => shard_range(self.count, part, parts).expect("checked by build"),
            None => 0..self.count,
        }
    }

    /// Engines and grader for one thread.
    pub(crate) fn worker(&self) -> Worker {
        let shape = self.options.shape;
        Worker {
            generator: Generator::new(self.options.clone()).expect("options checked by build"),
            grader: LogicalSolver::new(shape),
            checker: self.check.then(|| self.options.backend.other().build(shape)),
        }
    }

    /// The run's puzzles in index order, on this thread.
    pub fn puzzles(&self) -> Box<dyn Iterator<Item = Result<Puzzle, GenerateError>> + '_> {
        if self.guided() {
            // The search runs by generations: collect it on this thread.
            let mut found = Vec::new();
            let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build();
            match pool {
                Ok(pool) => {
                    self.run_ordered(&pool, &Controls::default(), &|| None, |r| {
                        found.push(r);
                        ControlFlow::<()>::Continue(())
                    });
                }
                Err(e) => found.push(Err(GenerateError::StateFile(e.to_string()))),
            }
            return Box::new(found.into_iter());
        }
        let mut worker = self.worker();
        let controls = Controls::default();
        Box::new(self.indices().map(move |i| worker.produce(self, i, &controls)))
    }

    /// Produces the run on `threads` threads (0: one per core), handing
    /// each result to `sink` in index order, so the output does not depend
    /// on the thread count. The first error `sink` returns stops the run
    /// and comes back as [`RunError::Sink`], still of the sink's own type.
    /// A passed deadline ends the run after handing the sink
    /// [`GenerateError::DeadlinePassed`].
    pub fn run<S: Sink>(&self, threads: usize, sink: S) -> Result<(), RunError<S::Error>> {
        self.run_with(threads, &Controls::default(), sink)
    }

    /// [`Plan::run`] with `controls`: a front end sets `controls.stop` (on
    /// Ctrl-C, say) to stop starting puzzles, and reads `controls.rated`
    /// for progress.
    pub fn run_with<S: Sink>(&self, threads: usize, controls: &Controls, sink: S) -> Result<(), RunError<S::Error>> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| RunError::Threads(e.to_string()))?;
        // The guided search asks the sink for its position between the
        // results it hands over, never during one.
        let sink = std::cell::RefCell::new(sink);
        let position = || sink.borrow_mut().position();
        let broke = self.run_ordered(&pool, controls, &position, |result| match sink.borrow_mut().take(result) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => ControlFlow::Break(e),
        });
        broke.map_or(Ok(()), |e| Err(RunError::Sink(e)))
    }

    /// Produces the run on `pool`, handing each result to `sink` in index
    /// order whatever the thread count; one worker per thread, built on
    /// first use. Stops when `sink` breaks (its value is returned) or at
    /// the first [`GenerateError::Stopped`] or
    /// [`GenerateError::DeadlinePassed`], which is handed to `sink` last.
    /// `position` is the sink's [`Sink::position`], which a guided search
    /// saves in its state file.
    pub(crate) fn run_ordered<B>(
        &self,
        pool: &rayon::ThreadPool,
        controls: &Controls,
        position: &dyn Fn() -> Option<u64>,
        mut sink: impl FnMut(Result<Puzzle, GenerateError>) -> ControlFlow<B>,
    ) -> Option<B> {
        if self.guided() {
            return self.run_guided(pool, controls, position, sink);
        }
        let workers = PerThread::new(pool);
        let threads = pool.current_num_threads() as u64;
        // Each thread makes puzzles of its own, so a rating's chain walks
        // stay on its thread (see `without_parallel_walks`).
        let produce = |i| {
            workers.with(
                || self.worker(),
                |w| without_parallel_walks(|| w.produce(self, i, controls)),
            )
        };
        let range = self.indices();
        if threads == 1 {
            // Handing each batch to a one-thread pool costs two thread
            // switches, more than a full grid takes to make.
            for i in range {
                if let Some(end) = hand_over(produce(i), &mut sink) {
                    return end;
                }
            }
            return None;
        }
        let mut batch = 16 * threads;
        let mut next = range.start;
        while next < range.end {
            let end = (next + batch).min(range.end);
            let started = Instant::now();
            let results: Vec<Result<Puzzle, GenerateError>> =
                pool.install(|| (next..end).into_par_iter().map(produce).collect());
            if started.elapsed() < QUICK_BATCH {
                // Cheap records (full grids): bigger batches, fewer hand-offs,
                // and still a batch every few milliseconds.
                batch = (batch * 2).min(MAX_BATCH_PER_THREAD * threads);
            }
            for result in results {
                if let Some(end) = hand_over(result, &mut sink) {
                    return end;
                }
            }
            next = end;
        }
        None
    }

    fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The guided search for this plan (or shard): a shard searches with
    /// a seed of its own, so shards explore apart and their outputs merge
    /// with `dedup`.
    fn search(&self) -> Search {
        let range = self.indices();
        let shape = self.options.shape;
        let seed = match self.shard {
            Some((part, parts)) if parts > 1 => self.seed ^ part.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15),
            _ => self.seed,
        };
        let seeds_key = self
            .seeds
            .iter()
            .fold(0u64, |h, s| h.rotate_left(5) ^ crate::generator::guided::form_key(&s.to_line()));
        let fingerprint = format!(
            "seed {}, shard {:?}, band {:?}, shape {}, backend {}, givens {:?}, filter [{}], seeds {} ({seeds_key:016x})",
            self.seed,
            self.shard,
            self.band,
            shape,
            self.options.backend,
            self.options.givens,
            self.filter,
            self.seeds.len()
        );
        Search {
            shape,
            seed,
            backend: self.options.backend,
            minimal: self.options.givens.is_none(),
            most_clues: self.options.givens.unwrap_or(shape.cells()),
            seeds: self.seeds.to_vec(),
            band: self.search_band().unwrap_or(0.0..f32::INFINITY),
            wanted: range.end - range.start,
            deadline: self.deadline,
            max_rated: self
                .guided_max_rated
                .or(self.filter_search().then_some(FILTER_MAX_RATED)),
            family: self.filter_search().then_some(FAMILY_FINDS),
            // A search from seeds or for a band keeps to no room: its
            // seeds need not have one, and steps could not make it.
            rooms: if self.filter_search() { self.filter.rooms(shape) } else { Vec::new() },
            state_file: self.state_file.clone(),
            fingerprint,
        }
    }

    /// Runs the guided search on `pool`, handing each puzzle found to
    /// `sink` as found (see [`Plan::run_ordered`]).
    fn run_guided<B>(
        &self,
        pool: &rayon::ThreadPool,
        controls: &Controls,
        position: &dyn Fn() -> Option<u64>,
        mut sink: impl FnMut(Result<Puzzle, GenerateError>) -> ControlFlow<B>,
    ) -> Option<B> {
        let search = self.search();
        let shape = self.options.shape;
        let band = search.band.clone();
        let graders = PerThread::new(pool);
        // Rates without counting: the disguise of a found puzzle is not a
        // candidate of the search.
        let rate_again = |p: &Grid| -> Option<Rated<Rating>> {
            let rating = graders
                .with(
                    || LogicalSolver::new(shape),
                    |g| without_parallel_walks(|| self.filter.rate_candidate(g, p)),
                )
                .ok()?;
            let wanted = rating.solved && band.contains(&rating.score) && self.filter.accepts(&rating);
            Some(Rated {
                score: Score {
                    fit: self.filter.fit(&rating),
                    er: rating.score,
                    depth: rating.chain_steps() as f32,
                    ep: rating.pearl,
                    ed: rating.diamond,
                },
                wanted,
                extra: rating,
            })
        };
        let rate = |p: &Grid| -> Option<Rated<Rating>> {
            let rated = rate_again(p)?;
            controls.rated.fetch_add(1, Ordering::Relaxed);
            Some(rated)
        };
        let start = self.indices().start;
        let disguise = self.filter_search();
        let mut broke = None;
        let mut emit = |found: Found<Rating>| -> ControlFlow<()> {
            let found = if disguise { disguised(found, search.seed, &rate_again) } else { found };
            let result = self.found_puzzle(start, found);
            match sink(result) {
                ControlFlow::Break(b) => {
                    broke = Some(b);
                    ControlFlow::Break(())
                }
                ControlFlow::Continue(()) => ControlFlow::Continue(()),
            }
        };
        let progress = |_rated: u64, best: Score| {
            if best.er >= 0.0 {
                controls.best.store(best.er.to_bits(), Ordering::Relaxed);
            }
        };
        let end = search.run(pool, &controls.stop, &rate, &mut emit, position, &progress);
        if broke.is_some() {
            return broke;
        }
        let last = match end {
            End::Done => return None,
            End::DeadlinePassed => GenerateError::DeadlinePassed,
            End::Stopped => GenerateError::Stopped,
            End::State(e) => GenerateError::StateFile(e),
            End::Shortfall(rated, best) => GenerateError::RatingShortfall {
                band: self.wanted_text(&band),
                rated: u32::try_from(rated).unwrap_or(u32::MAX),
                closest: if best.er >= 0.0 { best.er } else { f32::NAN },
            },
        };
        match sink(Err(last)) {
            ControlFlow::Break(b) => Some(b),
            ControlFlow::Continue(()) => None,
        }
    }

    /// The record of a puzzle the guided search found: its effort
    /// measured and, with `check`, its uniqueness confirmed by the other
    /// engine.
    fn found_puzzle(&self, start: u64, found: Found<Rating>) -> Result<Puzzle, GenerateError> {
        let shape = self.options.shape;
        let backend = self.options.backend;
        if self.check {
            crate::cache::with_backend(backend.other(), shape, |checker| {
                confirm_unique(&found.puzzle, &found.solution, backend, checker, backend.other())
            })
            .map_err(GenerateError::EnginesDisagree)?;
        }
        let effort = self.options.measure_effort.then(|| {
            crate::cache::with_backend(BackendKind::Dlx, shape, |dlx| {
                dlx.count(&found.puzzle, 2, Some(GUIDED_EFFORT_BUDGET)).effort
            })
        });
        let generated = Generated {
            puzzle: found.puzzle,
            solution: found.solution,
            seed: self.seed,
            index: start + found.number,
            attempts: u32::try_from(found.rated).unwrap_or(u32::MAX),
            effort,
            minimal: self.options.givens.is_none(),
        };
        Ok(Puzzle::new(generated, Some(found.extra), &self.options))
    }
}

/// `found` in a random disguise (a transposition, rows and columns moved
/// within and with their bands and stacks, digits relabelled), drawn from
/// the search's seed and the puzzle's number.
///
/// Why: a filter search reports up to [`FAMILY_FINDS`] neighbours from one
/// pool, which share most of their clues in the same cells and would look
/// alike on a page. Disguised they do not. The disguise is rated again and
/// kept only if it is still wanted, since SE's path can take another step
/// of the same rating when the cells come in another order; otherwise the
/// puzzle is reported as found.
fn disguised(found: Found<Rating>, seed: u64, rate: &dyn Fn(&Grid) -> Option<Rated<Rating>>) -> Found<Rating> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ DISGUISE_SEED);
    rng.set_stream(found.number);
    let transform = Transform::random(found.puzzle.shape(), &mut rng);
    let puzzle = transform.apply(&found.puzzle);
    match rate(&puzzle) {
        Some(rated) if rated.wanted => Found {
            solution: transform.apply(&found.solution),
            puzzle,
            extra: rated.extra,
            ..found
        },
        _ => found,
    }
}

/// Mixed into the seed of [`disguised`]'s streams, so that they are not
/// the search's own.
const DISGUISE_SEED: u64 = 0xd15_9015e;

/// Node budget for a found puzzle's effort, as for fill-and-dig.
const GUIDED_EFFORT_BUDGET: u64 = 1_000_000;

/// Puzzles a filter search reports from one pool before it restarts
/// near them (see `generator::guided`): neighbours share most clues, so
/// a pool that went on would fill the output with one family.
const FAMILY_FINDS: u64 = 24;

/// Candidates a filter search rates without a find before it gives up
/// (unless `max_attempts` says otherwise): a filter no puzzle meets
/// (`--hardest "Naked Single" --without singles`) must end. The rarest
/// techniques up to 6.0 are found well within it.
const FILTER_MAX_RATED: u64 = 100_000;

/// What takes a run's results, one at a time, in index order: a closure
/// `FnMut(Result<Puzzle, GenerateError>) -> Result<(), E>` or a type of
/// its own. Returning an error stops the run; the caller gets that error
/// back with its type intact.
pub trait Sink {
    /// What can go wrong in the sink (writing a file, say).
    type Error;

    /// Takes the result for the next index: a puzzle, or why that index
    /// has none (the run goes on unless this returns an error).
    fn take(&mut self, result: Result<Puzzle, GenerateError>) -> Result<(), Self::Error>;

    /// How much output this sink holds for good, as a byte offset (a
    /// file's length once the records taken so far are flushed); `None`
    /// (the default) when it cannot say, as for a pipe. A guided search
    /// with a state file saves it with each save, so that a run resumed
    /// from that state can cut its output back to the records the state
    /// counts and append from there ([`Plan::resume_position`]): no
    /// record twice, even after a kill between a write and the save that
    /// counts it.
    fn position(&mut self) -> Option<u64> {
        None
    }
}

impl<F, E> Sink for F
where
    F: FnMut(Result<Puzzle, GenerateError>) -> Result<(), E>,
{
    type Error = E;

    fn take(&mut self, result: Result<Puzzle, GenerateError>) -> Result<(), E> {
        self(result)
    }
}

/// Why [`Plan::run`] stopped before the end of the run.
#[non_exhaustive]
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum RunError<E> {
    /// The sink returned this error.
    #[error("{0}")]
    Sink(E),
    /// The worker threads could not be started.
    #[error("cannot start worker threads: {0}")]
    Threads(String),
}

/// A batch done faster than this doubles the next batch's size.
const QUICK_BATCH: Duration = Duration::from_millis(5);

/// The largest batch, per thread.
const MAX_BATCH_PER_THREAD: u64 = 1024;

/// Gives `result` to `sink`: `Some(outcome)` if the run ends there, with
/// the sink's break value if it broke, `None` if it ended on a stop or a
/// passed deadline (handed over last).
fn hand_over<B>(
    result: Result<Puzzle, GenerateError>,
    sink: &mut impl FnMut(Result<Puzzle, GenerateError>) -> ControlFlow<B>,
) -> Option<Option<B>> {
    let ends_run = matches!(
        result,
        Err(GenerateError::Stopped | GenerateError::DeadlinePassed)
    );
    if let ControlFlow::Break(b) = sink(result) {
        return Some(Some(b));
    }
    ends_run.then_some(None)
}

/// One thread's engines: the generator, the grader and, with `check`, the
/// other engine.
pub(crate) struct Worker {
    generator: Generator,
    grader: LogicalSolver,
    checker: Option<Box<dyn Backend>>,
}

impl Worker {
    /// Puzzle `index` of `plan`: generated, rated when the plan rates
    /// (once), confirmed by the other engine with `check`.
    pub(crate) fn produce(&mut self, plan: &Plan, index: u64, controls: &Controls) -> Result<Puzzle, GenerateError> {
        if controls.stop.load(Ordering::Relaxed) {
            return Err(GenerateError::Stopped);
        }
        if plan.past_deadline() {
            return Err(GenerateError::DeadlinePassed);
        }
        let (generated, rating) = match self.generate(plan, index, controls) {
            Ok(found) => found,
            // A shortfall the deadline caused is not this index's failure.
            Err(_) if plan.past_deadline() => return Err(GenerateError::DeadlinePassed),
            Err(e) => return Err(e),
        };
        if let Some(checker) = self.checker.as_mut() {
            let backend = plan.options.backend;
            confirm_unique(
                &generated.puzzle,
                &generated.solution,
                backend,
                checker.as_mut(),
                backend.other(),
            )
            .map_err(GenerateError::EnginesDisagree)?;
        }
        Ok(Puzzle::new(generated, rating, &plan.options))
    }

    fn generate(
        &mut self,
        plan: &Plan,
        index: u64,
        controls: &Controls,
    ) -> Result<(Generated, Option<Rating>), GenerateError> {
        let Some(band) = plan.search_band() else {
            let generated = self.generator.generate(plan.seed, index)?;
            let rating = plan
                .rate
                .then(|| self.grader.rate(&generated.puzzle).ok())
                .flatten();
            return Ok((generated, rating));
        };
        let target = Target {
            band,
            max_rated: plan.max_rated,
            deadline: plan.deadline,
        };
        let grader = &mut self.grader;
        let band = target.band.clone();
        let filter = &plan.filter;
        let mut rate = |p: &Grid| {
            controls.rated.fetch_add(1, Ordering::Relaxed);
            score_for_band(grader, p, &band, filter)
        };
        let (found, rating) = self
            .generator
            .generate_rated_keeping(plan.seed, index, &target, &mut rate)
            .map_err(|e| match e {
                GenerateError::RatingShortfall { rated, closest, .. } => GenerateError::RatingShortfall {
                    band: plan.wanted_text(&band),
                    rated,
                    closest,
                },
                e => e,
            })?;
        Ok((found.generated, rating))
    }
}

/// A candidate's score against `band` for the band search, with its
/// full rating when it lands in the band. The cheap band score (exact
/// below the band's end, a bound above it) aims; a candidate inside gets
/// the full rating its record carries, from the band solve itself when
/// that went to the end, else from a second, full solve. (A puzzle beyond the
/// techniques has only a lower bound, so the band score puts it in a band
/// only if the band has no end.)
/// A candidate that fails `filter` scores NaN: never in the band, never
/// close to it.
fn score_for_band(grader: &mut LogicalSolver, p: &Grid, band: &Range<f32>, filter: &TechniqueFilter) -> (f32, Option<Rating>) {
    match grader.band_rating(p, band.clone()) {
        Ok((score, full)) if band.contains(&score) => match full.map_or_else(|| grader.rate(p), Ok) {
            Ok(r) if filter.accepts(&r) => (r.score, Some(r)),
            Ok(_) => (f32::NAN, None),
            Err(_) => (f32::INFINITY, None),
        },
        Ok((score, _)) => (score, None),
        Err(_) => (f32::INFINITY, None),
    }
}

/// Maps `work` over `items` on `pool`, results in input order, whatever
/// the thread count. Each worker thread's state lives in `states`, made by
/// `make` the first time that thread needs it (engines are built once per
/// thread, not once per item). For batches of puzzles read from files:
/// the command line's `solve`, `count`, `rate`, `check` and the Python
/// package's batch functions.
pub fn map_ordered<I, T, W>(
    pool: &rayon::ThreadPool,
    states: &PerThread<W>,
    items: &[I],
    make: impl Fn() -> W + Sync + Send,
    work: impl Fn(&mut W, &I) -> T + Sync + Send,
) -> Vec<T>
where
    I: Sync,
    T: Send,
    W: Send,
{
    if let [item] = items {
        // One item: it may use the whole pool (a rating walks its chains
        // in parallel).
        return vec![pool.install(|| states.with(&make, |w| work(w, item)))];
    }
    // Each thread takes items of its own, so a rating's chain walks stay
    // on its thread (see `without_parallel_walks`).
    pool.install(|| {
        items
            .par_iter()
            .map(|item| states.with(&make, |w| without_parallel_walks(|| work(w, item))))
            .collect()
    })
}

/// Parts of a streaming batch in flight per thread: enough that a thread
/// rarely waits for the reader, few enough that memory stays small and
/// output follows input closely.
const IN_FLIGHT_PER_THREAD: u64 = 4;

/// Most items in one part of a streaming batch. Items are handed out one
/// at a time while they are slow (a hard rating), and in growing parts
/// while they are quick (solving a typical puzzle takes microseconds, no
/// more than handing it to another thread).
const MAX_PART: usize = 256;

/// Work per item below which parts grow, and above which they shrink.
const QUICK_ITEM: Duration = Duration::from_micros(50);
const SLOW_ITEM: Duration = Duration::from_millis(1);

/// How often an idle worker of a streaming batch checks whether the
/// batch has stopped.
const STOP_CHECK: Duration = Duration::from_millis(20);

/// Items a worker sends back: each with its result (or its panic) and
/// the time the part took.
type DonePart<I, T> = (u64, Vec<(I, std::thread::Result<T>)>, Duration);

/// Runs `work` over `items` on `pool` and hands each item with its result
/// to `emit` in input order, as soon as it and every item before it are
/// done: output streams record by record, whatever the thread count, and
/// only a few parts per thread are in flight, so memory stays bounded
/// however long the input is. `waiting` is called whenever the batch is
/// about to wait after emitting something: the place to flush buffered
/// output, so that a reader sees each record as soon as it is ready
/// without a flush per record. An error from `emit` or `waiting` stops
/// the batch: no item after it is started, and the error is returned.
///
/// `items` is read on a thread of its own, so a slow input (a pipe from
/// another program) never holds back results already made. If the batch
/// stops early while that thread waits for input, the thread ends at its
/// next read.
///
/// A batch of one item runs on the whole pool (a rating walks its chains
/// in parallel); in a longer batch each item runs on one thread, so the
/// threads never wait inside one another's items.
pub fn for_each_ordered<I, T, E>(
    pool: &rayon::ThreadPool,
    items: impl Iterator<Item = I> + Send + 'static,
    work: impl Fn(&I) -> T + Sync,
    mut emit: impl FnMut(I, T) -> Result<(), E>,
    mut waiting: impl FnMut() -> Result<(), E>,
) -> Result<(), E>
where
    I: Send + 'static,
    T: Send,
{
    let mut items = items.peekable();
    let Some(first) = items.next() else {
        return Ok(());
    };
    if items.peek().is_none() {
        let (first, result) = pool.install(|| {
            let result = work(&first);
            (first, result)
        });
        emit(first, result)?;
        return waiting();
    }
    let threads = pool.current_num_threads();
    let feed = Arc::new(Feed::new(IN_FLIGHT_PER_THREAD * threads as u64));
    let (todo_tx, todo_rx) = std::sync::mpsc::channel::<(u64, Vec<I>)>();
    let reader = {
        let feed = feed.clone();
        let items = std::iter::once(first).chain(items);
        std::thread::Builder::new()
            .name("batch reader".into())
            .spawn(move || feed.read(items, todo_tx))
            .expect("the batch reader thread starts")
    };
    let todo_rx = Mutex::new(todo_rx);
    let (done_tx, done_rx) = std::sync::mpsc::channel::<DonePart<I, T>>();
    let work = &work;
    let outcome = pool.in_place_scope(|scope| {
        for _ in 0..threads {
            let done_tx = done_tx.clone();
            let (todo_rx, feed) = (&todo_rx, &*feed);
            scope.spawn(move |_| run_parts(todo_rx, &done_tx, feed, work));
        }
        drop(done_tx);
        let outcome = emit_in_order(&done_rx, &feed, &mut emit, &mut waiting);
        // The workers end within a moment (a part they started is
        // finished first); the reader at its next read.
        feed.stop();
        outcome
    });
    if reader.is_finished() {
        if let Err(panic) = reader.join() {
            std::panic::resume_unwind(panic);
        }
    }
    // No second flush: `emit_in_order` flushes before it waits, the last
    // wait (for the workers to stop) included.
    outcome
}

/// The calling thread's side of [`for_each_ordered`]: takes the workers'
/// parts as they come and emits them in order, until every worker has
/// stopped.
fn emit_in_order<I, T, E>(
    done_rx: &std::sync::mpsc::Receiver<DonePart<I, T>>,
    feed: &Feed,
    emit: &mut impl FnMut(I, T) -> Result<(), E>,
    waiting: &mut impl FnMut() -> Result<(), E>,
) -> Result<(), E> {
    let mut pending = std::collections::BTreeMap::new();
    let (mut emitted, mut flushed) = (0u64, 0u64);
    loop {
        let (index, done, took) = match done_rx.try_recv() {
            Ok(next) => next,
            Err(_) if flushed < emitted => {
                flushed = emitted;
                waiting()?;
                continue;
            }
            Err(_) => match done_rx.recv() {
                Ok(next) => next,
                // Every worker has stopped: the input is used up.
                Err(_) => return Ok(()),
            },
        };
        feed.adapt(took / done.len().max(1) as u32);
        pending.insert(index, done);
        while let Some(done) = pending.remove(&emitted) {
            emitted += 1;
            feed.emitted(emitted);
            for (item, result) in done {
                match result {
                    Ok(result) => emit(item, result)?,
                    Err(panic) => {
                        feed.stop();
                        std::panic::resume_unwind(panic)
                    }
                }
            }
        }
    }
}

/// A worker of [`for_each_ordered`]: takes parts until the queue closes.
/// A panic is carried to the calling thread, which would otherwise wait
/// for the part for ever.
fn run_parts<I, T>(
    todo: &Mutex<std::sync::mpsc::Receiver<(u64, Vec<I>)>>,
    done: &std::sync::mpsc::Sender<DonePart<I, T>>,
    feed: &Feed,
    work: &(impl Fn(&I) -> T + Sync),
) {
    use std::sync::mpsc::RecvTimeoutError;
    // The reader may be waiting for input when the batch stops, so the
    // queue may never close: the stop is checked between waits.
    while !feed.stopped() {
        let next = todo.lock().unwrap_or_else(|e| e.into_inner()).recv_timeout(STOP_CHECK);
        let (index, part) = match next {
            Ok(next) => next,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => break,
        };
        let started = Instant::now();
        let results = part
            .into_iter()
            .map(|item| {
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    without_parallel_walks(|| work(&item))
                }));
                (item, result)
            })
            .collect();
        if done.send((index, results, started.elapsed())).is_err() {
            break;
        }
    }
}

/// What the reader of [`for_each_ordered`] and its calling thread share:
/// how far output has got (the reader stays at most `window` parts
/// ahead), how many items go in a part, and whether to stop.
struct Feed {
    window: u64,
    /// Parts emitted so far, and whether the batch has stopped.
    progress: Mutex<(u64, bool)>,
    moved: std::sync::Condvar,
    part_len: std::sync::atomic::AtomicUsize,
}

impl Feed {
    fn new(window: u64) -> Feed {
        Feed {
            window,
            progress: Mutex::new((0, false)),
            moved: std::sync::Condvar::new(),
            part_len: std::sync::atomic::AtomicUsize::new(1),
        }
    }

    /// Reads `items` into parts and queues them, numbered, while output
    /// is less than `window` parts behind; ends at the end of the input
    /// or when the batch stops, which closes the queue.
    fn read<I>(&self, mut items: impl Iterator<Item = I>, todo: std::sync::mpsc::Sender<(u64, Vec<I>)>) {
        let mut sent = 0u64;
        loop {
            let mut progress = self.progress.lock().unwrap_or_else(|e| e.into_inner());
            while sent - progress.0 >= self.window && !progress.1 {
                progress = self.moved.wait(progress).unwrap_or_else(|e| e.into_inner());
            }
            if progress.1 {
                return;
            }
            drop(progress);
            let part: Vec<I> = items.by_ref().take(self.part_len.load(Ordering::Relaxed)).collect();
            if part.is_empty() || todo.send((sent, part)).is_err() {
                return;
            }
            sent += 1;
        }
    }

    /// Output has reached `parts` parts.
    fn emitted(&self, parts: u64) {
        self.progress.lock().unwrap_or_else(|e| e.into_inner()).0 = parts;
        self.moved.notify_all();
    }

    fn stopped(&self) -> bool {
        self.progress.lock().unwrap_or_else(|e| e.into_inner()).1
    }

    fn stop(&self) {
        self.progress.lock().unwrap_or_else(|e| e.into_inner()).1 = true;
        self.moved.notify_all();
    }

    /// Grows parts while items are quick, shrinks them when slow.
    fn adapt(&self, per_item: Duration) {
        let len = self.part_len.load(Ordering::Relaxed);
        let len = if per_item < QUICK_ITEM {
            (len * 2).min(MAX_PART)
        } else if per_item > SLOW_ITEM {
            (len / 2).max(1)
        } else {
            len
        };
        self.part_len.store(len, Ordering::Relaxed);
    }
}

/// Per-thread state that lives as long as a batch: engines are built once
/// per worker thread, not once per piece of work rayon splits off.
pub struct PerThread<W> {
    slots: Vec<Mutex<Option<W>>>,
}

impl<W> PerThread<W> {
    /// One empty slot per thread of `pool`.
    pub fn new(pool: &rayon::ThreadPool) -> PerThread<W> {
        let slots = (0..pool.current_num_threads())
            .map(|_| Mutex::new(None))
            .collect();
        PerThread { slots }
    }

    /// Runs `f` on this thread's state, making it first if needed. Each
    /// slot is only ever locked by its own thread, so the lock is free.
    /// A thread that waits inside `f` for parallel work (rating splits one
    /// puzzle's chain search across the pool) may meanwhile be handed
    /// another item: finding its own slot held, it works on fresh state
    /// rather than wait for itself.
    pub fn with<R>(&self, make: impl Fn() -> W, f: impl FnOnce(&mut W) -> R) -> R {
        let index = rayon::current_thread_index().unwrap_or(0) % self.slots.len();
        let mut slot = match self.slots[index].try_lock() {
            Ok(slot) => slot,
            Err(std::sync::TryLockError::Poisoned(e)) => e.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) => return f(&mut make()),
        };
        f(slot.get_or_insert_with(make))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    }

    fn collect(plan: &Plan, threads: usize) -> Vec<Puzzle> {
        let mut out = Vec::new();
        plan.run_ordered::<()>(&pool(threads), &Controls::default(), &|| None, |r| {
            out.push(r.unwrap());
            ControlFlow::Continue(())
        });
        out
    }

    /// Items whose work takes a pseudo-random while, so that they finish
    /// out of order on several threads.
    fn jittery(i: &u64) -> u64 {
        std::thread::sleep(Duration::from_micros(i.wrapping_mul(2_654_435_761) % 300));
        i * i
    }

    #[test]
    fn streaming_batches_emit_every_item_in_input_order_on_any_thread_count() {
        for threads in [1, 2, 3, 8] {
            for len in [0u64, 1, 2, 7, 300] {
                let mut seen = Vec::new();
                let mut waits = 0;
                let outcome: Result<(), ()> = for_each_ordered(
                    &pool(threads),
                    0..len,
                    jittery,
                    |i, square| {
                        seen.push((i, square));
                        Ok(())
                    },
                    || {
                        waits += 1;
                        Ok(())
                    },
                );
                assert_eq!(outcome, Ok(()));
                let expected: Vec<(u64, u64)> = (0..len).map(|i| (i, i * i)).collect();
                assert_eq!(seen, expected, "{threads} threads, {len} items");
                // Output is flushed at least once at the end of a batch.
                assert!(len == 0 || waits >= 1);
            }
        }
    }

    #[test]
    fn a_failing_emit_stops_a_streaming_batch_soon_and_returns_its_error() {
        let started = std::sync::atomic::AtomicU64::new(0);
        let mut emitted = 0;
        // An endless input: only the stop can end the batch.
        let outcome = for_each_ordered(
            &pool(2),
            0u64..,
            |i| {
                started.fetch_add(1, Ordering::Relaxed);
                jittery(i)
            },
            |i, _| {
                emitted += 1;
                if i == 10 {
                    Err("closed")
                } else {
                    Ok(())
                }
            },
            || Ok(()),
        );
        assert_eq!((outcome, emitted), (Err("closed"), 11));
        // Work past the stop is bounded by the parts in flight.
        let started = started.load(Ordering::Relaxed);
        assert!(started < 11 + IN_FLIGHT_PER_THREAD * 2 * MAX_PART as u64, "{started}");
    }

    #[test]
    fn a_panic_in_a_streaming_batch_reaches_the_caller() {
        let outcome = std::panic::catch_unwind(|| {
            let _ = for_each_ordered(
                &pool(2),
                0u64..50,
                |&i| {
                    assert!(i != 7, "item seven");
                    i
                },
                |_, _| Ok::<(), ()>(()),
                || Ok(()),
            );
        });
        let panic = outcome.expect_err("the panic is carried over");
        assert_eq!(panic.downcast_ref::<&str>(), Some(&"item seven"));
    }

    #[test]
    fn a_nested_chain_puzzle_lands_only_in_bands_that_hold_its_rating() {
        // The first puzzle of the forum's HardestDatabase110626: Sukaku
        // Explainer 1.15.10 rates it 10.3 (a region forcing chain with
        // forcing chains nested, tests/data/se_hard_traces.jsonl).
        let p: Grid = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
            .parse()
            .unwrap();
        let mut grader = LogicalSolver::new(Shape::CLASSIC);
        let rating = grader.rate(&p).unwrap();
        assert!(rating.solved && rating.score == 10.3, "{rating:?}");
        let (score, kept) = score_for_band(&mut grader, &p, &(8.5..9.5), &TechniqueFilter::default());
        assert!(score >= 9.5 && kept.is_none(), "{score}");
        let (score, kept) = score_for_band(&mut grader, &p, &(10.0..f32::INFINITY), &TechniqueFilter::default());
        assert_eq!((score, kept.map(|r| r.score)), (10.3, Some(10.3)));
    }

    #[test]
    fn parallel_batches_equal_the_sequential_run_and_shards_concatenate() {
        let plan = Plan::builder(Shape::CLASSIC)
            .seed(3)
            .count(40)
            .build()
            .unwrap();
        let sequential: Vec<Puzzle> = plan.puzzles().map(Result::unwrap).collect();
        assert_eq!(collect(&plan, 1), sequential);
        assert_eq!(collect(&plan, 3), sequential);
        let mut sharded = Vec::new();
        for part in 0..3 {
            let shard = Plan::builder(Shape::CLASSIC)
                .seed(3)
                .count(40)
                .shard(part, 3)
                .build()
                .unwrap();
            sharded.extend(collect(&shard, 2));
        }
        assert_eq!(sharded, sequential);
    }

    #[test]
    fn a_difficulty_keeps_the_rating_it_found() {
        let plan = Plan::builder(Shape::CLASSIC)
            .seed(11)
            .count(3)
            .difficulty(Level::Medium)
            .build()
            .unwrap();
        let mut fresh = LogicalSolver::new(Shape::CLASSIC);
        for puzzle in plan.puzzles() {
            let puzzle = puzzle.unwrap();
            let rating = puzzle.rating.clone().expect("rated");
            assert_eq!(rating, fresh.rate(&puzzle.puzzle).unwrap());
            assert!(Level::Medium.range().contains(&rating.score));
        }
    }

    #[test]
    fn build_refuses_bad_options_with_typed_errors() {
        let shard = Plan::builder(Shape::CLASSIC).shard(3, 3).build();
        assert!(matches!(shard, Err(GenerateError::Shard(_))));
        let givens = Plan::builder(Shape::CLASSIC).givens(3).build();
        assert!(matches!(
            givens,
            Err(GenerateError::GivensOutOfRange(3, _, 17, 81))
        ));
    }

    #[test]
    fn a_stop_request_ends_the_batch() {
        let plan = Plan::builder(Shape::CLASSIC).count(10).build().unwrap();
        let controls = Controls::default();
        controls.stop.store(true, Ordering::Relaxed);
        let mut seen = Vec::new();
        plan.run_ordered::<()>(&pool(2), &controls, &|| None, |r| {
            seen.push(r);
            ControlFlow::Continue(())
        });
        assert_eq!(seen, vec![Err(GenerateError::Stopped)]);
    }
}
