//! The solver loop: at every step apply the easiest technique that makes
//! progress, record the step, and repeat until the grid is full or no
//! technique applies.

use super::candidates::{Candidates, LogicError, Tables};
use super::producer::{Context, Memo, Producer};
use super::rating::{Rating, Tally};
use super::registry;
use super::step::Step;
use super::technique::Technique;
use crate::grid::Grid;
use crate::shape::Shape;
use serde::Serialize;
use std::ops::Range;
use std::sync::Arc;
use std::time::Instant;

/// A logical solver for one shape; keep it to solve many puzzles without
/// rebuilding the shape tables.
#[derive(Debug)]
pub struct LogicalSolver {
    tables: Arc<Tables>,
    /// The solve-wide memo, reset for each puzzle: its buffers serve them
    /// all.
    memo: Memo,
}

impl Clone for LogicalSolver {
    /// A solver for the same shape, sharing the tables (not the memo,
    /// which only lives during a solve).
    fn clone(&self) -> LogicalSolver {
        LogicalSolver {
            tables: self.tables.clone(),
            memo: Memo::new(self.tables.shape().n()),
        }
    }
}

/// The result of a logical solve.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct SolvePath {
    /// Every step in order (empty when solved with [`LogicalSolver::rate`]).
    pub steps: Vec<Step>,
    /// The grid as far as logic got: the solution if `solved`. Serialized
    /// as its one-line form.
    #[serde(serialize_with = "grid_line")]
    pub grid: Grid,
    /// True if the grid was completed; false if the techniques got stuck.
    pub solved: bool,
    /// The rating of the path.
    pub rating: Rating,
}

impl LogicalSolver {
    /// A solver for puzzles of `shape`.
    pub fn new(shape: Shape) -> LogicalSolver {
        LogicalSolver {
            tables: shared_tables(shape),
            memo: Memo::new(shape.n()),
        }
    }

    /// A solver for puzzles of `shape` under the rules of `variant`, as
    /// Sukaku Explainer rates them with its variant switches (the
    /// variant's houses and peers, its technique set: docs/variants.md,
    /// "Rating"). Classic rules give [`LogicalSolver::new`]'s solver.
    /// Errors: non-consecutive combined with other rules is not rated.
    /// Jigsaw regions are read where SE reads boxes.
    pub fn with_variant(shape: Shape, variant: &crate::variant::Variant) -> Result<LogicalSolver, LogicError> {
        Ok(LogicalSolver {
            tables: Arc::new(Tables::for_variant(shape, variant)?),
            memo: Memo::new(shape.n()),
        })
    }

    /// The first clash of `puzzle`'s givens when the solver reads jigsaw
    /// regions, which the grid's own check (boxes) does not see.
    pub(crate) fn region_clash(&self, puzzle: &Grid) -> Option<LogicError> {
        self.tables.has_regions().then(|| self.tables.clash(puzzle)).flatten()
    }

    /// Whether the solver reads jigsaw regions in the boxes' place.
    pub(crate) fn reads_regions(&self) -> bool {
        self.tables.has_regions()
    }

    /// The shape tables, for a candidate grid built outside the solver.
    pub(crate) fn tables(&self) -> Arc<Tables> {
        Arc::clone(&self.tables)
    }

    /// The shape this solver handles.
    pub fn shape(&self) -> Shape {
        self.tables.shape()
    }

    /// Solves `puzzle`, keeping every step for an explanation.
    pub fn explain(&mut self, puzzle: &Grid) -> Result<SolvePath, LogicError> {
        self.solve(puzzle, true)
    }

    /// Rates `puzzle` without keeping the steps.
    pub fn rate(&mut self, puzzle: &Grid) -> Result<Rating, LogicError> {
        Ok(self.solve(puzzle, false)?.rating)
    }

    /// Solves `puzzle`; `keep_steps` decides whether the steps are kept.
    /// Errors: clashing givens, a grid of another shape, or a position
    /// logic proves impossible.
    pub fn solve(&mut self, puzzle: &Grid, keep_steps: bool) -> Result<SolvePath, LogicError> {
        let path = self.solve_until(puzzle, keep_steps, None)?;
        Ok(path.expect("without a deadline the solve runs to its end"))
    }

    /// [`LogicalSolver::solve`] that stops once `deadline` has passed
    /// (checked between steps and inside the chain searches): the path so
    /// far is then returned, unsolved, its rating marked as a lower bound
    /// ([`Rating::lower_bound`]: every rating is at least what it says).
    /// Always `Some`; for per-record time bounds (`--timeout`) in the
    /// command line.
    pub fn solve_until(
        &mut self,
        puzzle: &Grid,
        keep_steps: bool,
        deadline: Option<Instant>,
    ) -> Result<Option<SolvePath>, LogicError> {
        let path = self.run(puzzle, keep_steps, deadline, Technique::ALL.len(), f32::INFINITY)?;
        Ok(path.map(|(path, _)| path))
    }

    /// The step SE would take first from `board`, a position that need
    /// not come from a puzzle's givens alone (a player's board with
    /// entries and pencil marks): `Some(None)` when no technique applies,
    /// `None` when `deadline` passed first, since a chain search cut short
    /// proves nothing.
    pub(crate) fn first_step(&mut self, board: &Candidates, deadline: Option<Instant>) -> Option<Option<Step>> {
        self.memo.reset(board.n());
        let memo = &mut self.memo;
        let found =
            crate::logic::chaining::with_deadline(deadline, || next_step(Technique::ALL.len(), board, memo, &[]));
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        Some(found)
    }

    /// How `puzzle` scores against `band` (start included, end excluded),
    /// as cheaply as that can be told; for generating to a band:
    ///
    /// - with a finite end, the exact score if it is below the end,
    ///   otherwise a lower bound at or above the end. Techniques rated at
    ///   or above the end are never searched, and the solve stops at the
    ///   first step that reaches it;
    /// - with no end, the exact score if it is below the start, otherwise
    ///   a lower bound in the band: the solve stops at the first step
    ///   that reaches the start.
    ///
    /// Why a score below the end is exact: the techniques tried are a
    /// prefix of the solving order, so whenever the prefix finds a step,
    /// the full list finds the same one.
    pub fn band_score(&mut self, puzzle: &Grid, band: Range<f32>) -> Result<f32, LogicError> {
        Ok(self.band_rating(puzzle, band)?.0)
    }

    /// [`LogicalSolver::band_score`] with the full rating when the solve
    /// went to the end: then its steps are every step of the full solve
    /// (see there), so the rating is the one [`LogicalSolver::rate`]
    /// gives, and a puzzle found in the band needs no second solve.
    pub(crate) fn band_rating(&mut self, puzzle: &Grid, band: Range<f32>) -> Result<(f32, Option<Rating>), LogicError> {
        let ceiling = band.end;
        let stop = if ceiling.is_finite() { ceiling } else { band.start };
        let tried = Technique::ALL
            .iter()
            .position(|t| t.difficulty() >= ceiling)
            .unwrap_or(Technique::ALL.len());
        let (path, hardest) = self
            .run(puzzle, false, None, tried, stop)?
            .expect("without a deadline the solve runs to its end");
        let hardest = (hardest * 10.0).round() / 10.0;
        if hardest >= stop {
            return Ok((hardest, None));
        }
        if path.solved {
            return Ok((path.rating.score, Some(path.rating)));
        }
        if !ceiling.is_finite() {
            return Ok((path.rating.score, None));
        }
        // Stuck: the next step is rated at least as the first technique
        // left out, which is at the ceiling or more; with every technique
        // tried, the puzzle is beyond them and its score (9.0) is only a
        // lower bound too, so it is not known to be below the ceiling.
        let bound = match Technique::ALL.get(tried) {
            Some(t) => t.difficulty(),
            None => path.rating.score,
        };
        Ok((bound.max(ceiling), None))
    }

    /// Rates `puzzle` trying only the first `tried` techniques of the
    /// solving order: when they solve it, the rating [`LogicalSolver::rate`]
    /// gives (a prefix of the order finds the same steps as the whole list,
    /// see [`LogicalSolver::band_score`]). Otherwise the path so far,
    /// unsolved, with no hardest step and scored at the base difficulty of
    /// the first technique left out, marked as a lower bound: a score to
    /// rank by, for searches that want only puzzles the prefix solves.
    pub(crate) fn rate_with_first(&mut self, puzzle: &Grid, tried: usize) -> Result<Rating, LogicError> {
        let (path, _) = self
            .run(puzzle, false, None, tried, f32::INFINITY)?
            .expect("without a deadline the solve runs to its end");
        let mut rating = path.rating;
        if let (false, Some(next)) = (path.solved, Technique::ALL.get(tried)) {
            rating.score = next.difficulty();
            rating.level = super::rating::Level::of(rating.score);
            rating.hardest = None;
            rating.lower_bound = true;
        }
        Ok(rating)
    }

    /// The solving loop: only the first `tried` techniques of the solving
    /// order, stopping after a step rated `stop` or more. Also returns the
    /// hardest step's difficulty.
    fn run(
        &mut self,
        puzzle: &Grid,
        keep_steps: bool,
        deadline: Option<Instant>,
        tried: usize,
        stop: f32,
    ) -> Result<Option<(SolvePath, f32)>, LogicError> {
        let mut c = Candidates::from_grid(self.tables.clone(), puzzle)?;
        if c.is_contradictory() {
            return Err(LogicError::Contradiction);
        }
        let mut steps = Vec::new();
        let mut tally = Tally::default();
        let memo = &mut self.memo;
        memo.reset(c.n());
        let mut hardest = 0.0f32;
        let mut ahead = Ahead::START;
        let past = || deadline.is_some_and(|d| Instant::now() >= d);
        let mut stopped = false;
        while !c.is_solved() {
            if past() {
                stopped = true;
                break;
            }
            let found = crate::logic::chaining::with_deadline(deadline, || next_step(tried, &c, memo, ahead.engines));
            // A chain search cut short by the deadline proves nothing: the
            // step (or its absence) is dropped.
            if past() {
                stopped = true;
                break;
            }
            let Some(step) = found else {
                break;
            };
            apply(&mut c, &step)?;
            ahead = ahead.after(&step);
            tally.add(&step);
            hardest = hardest.max(step.difficulty);
            let over = (step.difficulty * 10.0).round() / 10.0 >= stop;
            if keep_steps {
                steps.push(step);
            }
            if over {
                break;
            }
        }
        let solved = c.is_solved();
        // Singles are not checked step by step (see `apply`), so a stuck
        // position may be an impossible one.
        if !solved && c.is_contradictory() {
            return Err(LogicError::Contradiction);
        }
        let rating = if stopped {
            let next = crate::logic::chaining::cut_at().unwrap_or(0.0) as f32;
            tally.finish_at_deadline(next)
        } else {
            tally.finish(solved)
        };
        let path = SolvePath {
            steps,
            grid: c.to_grid(),
            solved,
            rating,
        };
        Ok(Some((path, hardest)))
    }
}

/// The tables of `shape`, built once per process: they never change, and
/// building them costs as much as rating an easy puzzle, which a solver
/// made per request (a server's) would pay every time.
fn shared_tables(shape: Shape) -> Arc<Tables> {
    static TABLES: std::sync::Mutex<Vec<Arc<Tables>>> = std::sync::Mutex::new(Vec::new());
    let mut tables = TABLES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(found) = tables.iter().find(|t| t.shape() == shape) {
        return Arc::clone(found);
    }
    let made = Arc::new(Tables::new(shape));
    tables.push(Arc::clone(&made));
    made
}

fn grid_line<S: serde::Serializer>(grid: &Grid, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(grid)
}

/// The step SE would take next: the first step of the first producer
/// that makes progress, among the producers of the first `searched`
/// techniques of the solving order (all of them, or a prefix). `memo`
/// carries what earlier searches of the same solve found nothing in.
///
/// `ahead` names producers to start ahead of need (see [`Ahead`]): with
/// a second thread to run them, their searches start beside the producers
/// before them instead of after them. On the hardest puzzles those
/// producers mostly find nothing, on one thread, while the searches
/// ahead make use of the other.
fn next_step(searched: usize, c: &Candidates, memo: &mut Memo, ahead: &[Technique]) -> Option<Step> {
    let rules = c.tables().rules();
    let mut cx = Context { memo, searched };
    let starts_ahead = !ahead.is_empty() && crate::logic::chaining::multiple::search_ahead_pays();
    if !starts_ahead {
        return registry::searched(searched, rules).find_map(|producer| producer.find(c, &mut cx));
    }
    let order = registry::searched_order(searched, rules);
    let split = order.iter().position(|p| p.techniques()[0] == ahead[0]).filter(|&i| {
        let group = order[i..].iter().map(|p| p.techniques()[0]);
        ahead.len() <= order.len() - i && group.zip(ahead).all(|(t, &a)| t == a)
    });
    let Some(split) = split else {
        return order.iter().find_map(|producer| producer.find(c, &mut cx));
    };
    let (before, after) = order.split_at(split);
    let (group, after) = after.split_at(ahead.len());
    let found = first_beside(
        || before.iter().find_map(|producer| producer.find(c, &mut cx)),
        || first_ahead(group, c, searched),
    );
    found.or_else(|| after.iter().find_map(|producer| producer.find(c, &mut cx)))
}

/// `first`'s step, or else `later`'s, the two run side by side on the
/// rayon pool: a step of `first` calls `later` off (see
/// [`with_stop`](crate::logic::chaining::with_stop)), its answer unused.
/// The step is the one `first` and then `later` give in turn, whatever
/// the threads do.
fn first_beside(
    first: impl FnOnce() -> Option<Step> + Send,
    later: impl FnOnce() -> Option<Step> + Send,
) -> Option<Step> {
    use crate::logic::chaining::{with_stop, StopSignals};
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    // The thread that runs `later` also stops with the caller's signals.
    let signals = StopSignals::current().and(stop.clone());
    let (found, later) = rayon::join(
        || {
            let found = first();
            if found.is_some() {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
            found
        },
        || with_stop(signals, later),
    );
    found.or(later)
}

/// The first step of `group`, its producers all started at once. Each
/// gets a memo of its own, fresh: a memo only spares searches known to
/// find nothing, so a producer finds the same step with a fresh one.
fn first_ahead(group: &[&dyn Producer], c: &Candidates, searched: usize) -> Option<Step> {
    let (producer, rest) = group.split_first()?;
    let find = || producer.find(c, &mut Context { memo: &mut Memo::new(c.n()), searched });
    if rest.is_empty() {
        return find();
    }
    first_beside(find, || first_ahead(rest, c, searched))
}

/// The producers to start ahead of need at the next step (see
/// [`next_step`]): the chaining engine that found the last chain step,
/// with the first nesting level after a nested step, while at most
/// [`Ahead::KEEP`] easier steps followed it. On the hardest puzzles a
/// chain step is mostly followed by another of the same engine, or by a
/// few singles and then one; the run of singles that ends a solve stops
/// it. Nishio is never started ahead: its producer skips the digits the
/// solve's memo knows have nothing, which a fresh memo would search
/// again. Nor are the engines past the first nesting level: their
/// searches are long, and one started ahead would hold a thread that the
/// walks of the levels before it need.
#[derive(Clone, Copy)]
struct Ahead {
    engines: &'static [Technique],
    /// Easier steps since the chain step.
    since: u8,
}

impl Ahead {
    /// Most easier steps after a chain step that keep its engines ahead.
    const KEEP: u8 = 3;

    /// Before the first step: a hard puzzle's first step is often a
    /// nested one, and an easy puzzle's first step calls the search off
    /// at once.
    const START: Ahead = Ahead {
        engines: &[Technique::DynamicForcingChains, Technique::DynamicForcingChainsPlus],
        since: Ahead::KEEP,
    };

    /// What to start ahead after `step`.
    fn after(self, step: &Step) -> Ahead {
        let engines: &'static [Technique] = match step.technique {
            Technique::ForcingChainsCycles => &[Technique::ForcingChainsCycles],
            Technique::MultipleForcingChains => &[Technique::MultipleForcingChains],
            Technique::DynamicForcingChains => &[Technique::DynamicForcingChains],
            t if t >= Technique::DynamicForcingChainsPlus => {
                &[Technique::DynamicForcingChains, Technique::DynamicForcingChainsPlus]
            }
            _ if self.since < Ahead::KEEP => {
                return Ahead {
                    since: self.since + 1,
                    ..self
                }
            }
            _ => &[],
        };
        Ahead { engines, since: 0 }
    }
}

/// Applies a step's placements and eliminations; an error if the result is
/// impossible. After a placement alone the full check is skipped for speed:
/// a contradiction left by placements stops the singles (no single applies
/// to an empty cell), and the solver checks again when it gets stuck.
fn apply(c: &mut Candidates, step: &Step) -> Result<(), LogicError> {
    let n = c.n();
    for p in &step.placements {
        let cell = p.cell.index(n);
        if !c.has(cell, p.digit) {
            return Err(LogicError::Contradiction);
        }
        c.place(cell, p.digit);
    }
    for e in &step.eliminations {
        c.eliminate(e.cell.index(n), e.digit);
    }
    if !step.eliminations.is_empty() && c.is_contradictory() {
        return Err(LogicError::Contradiction);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Puzzles of every difficulty with SE's rating (tests/data).
    fn sample() -> Vec<(Grid, f32)> {
        include_str!("../../tests/data/se_rated_sample.tsv")
            .lines()
            .filter(|l| !l.starts_with('#'))
            .step_by(3)
            .map(|l| {
                let mut fields = l.split('\t');
                let grid = crate::formats::parse_line(fields.next().unwrap(), None, 1).unwrap();
                (grid, fields.next().unwrap().parse().unwrap())
            })
            .collect()
    }

    /// The chain steps counted against Sukaku Explainer's own paths: its
    /// dynamic and nested forcing chains are the steps it names
    /// "Dynamic ...".
    #[test]
    fn chain_steps_match_the_dynamic_steps_of_se_paths() {
        let traces = include_str!("../../tests/data/se_hard_traces.jsonl");
        for line in traces.lines().take(2) {
            let trace: serde_json::Value = serde_json::from_str(line).unwrap();
            let se = trace["steps"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|s| s["name"].as_str().unwrap().starts_with("Dynamic"))
                .count();
            assert!(se > 0);
            let puzzle: crate::grid::Grid = trace["puzzle"].as_str().unwrap().parse().unwrap();
            let rating = LogicalSolver::new(puzzle.shape()).rate(&puzzle).unwrap();
            assert_eq!(rating.chain_steps(), se, "{}", trace["puzzle"]);
        }
    }

    #[test]
    fn a_solver_can_be_shared_between_threads() {
        fn shareable<T: Send + Sync>() {}
        shareable::<LogicalSolver>();
    }

    fn path_text(path: &SolvePath) -> Vec<String> {
        path.steps
            .iter()
            .map(|s| format!("{} {s}", s.difficulty))
            .collect()
    }

    #[test]
    fn a_reused_solver_takes_the_path_a_fresh_one_takes() {
        let puzzles = sample();
        let mut reused = LogicalSolver::new(Shape::CLASSIC);
        // Forward and then backward, with band searches in between, so
        // every puzzle follows a different one on the reused solver.
        let order = (0..puzzles.len()).chain((0..puzzles.len()).rev());
        for i in order {
            let (puzzle, _) = &puzzles[i];
            reused.band_score(puzzle, 4.5..6.5).unwrap();
            let again = reused.explain(puzzle).unwrap();
            let fresh = LogicalSolver::new(Shape::CLASSIC).explain(puzzle).unwrap();
            assert_eq!(path_text(&again), path_text(&fresh), "{puzzle}");
            assert_eq!(again.rating, fresh.rating);
        }
    }

    #[test]
    fn band_scores_are_exact_below_the_end_and_bounds_above_it() {
        let mut solver = LogicalSolver::new(Shape::CLASSIC);
        let bands = [0.0..1.6, 2.6..4.5, 4.5..6.5, 6.6..7.45, 6.5..f32::INFINITY];
        let mut checked = 0;
        for (puzzle, se) in sample() {
            let score = solver.rate(&puzzle).unwrap().score;
            for band in bands.clone() {
                let aimed = solver.band_score(&puzzle, band.clone()).unwrap();
                // Whether it is in the band must agree with the rating.
                assert_eq!(band.contains(&aimed), band.contains(&score), "{puzzle} {band:?}");
                if score < band.start || (band.end.is_finite() && score < band.end) {
                    assert_eq!(aimed, score, "{puzzle} {band:?}");
                } else if band.end.is_finite() {
                    assert!(aimed >= band.end, "{puzzle} {band:?}: {aimed}");
                }
                checked += usize::from(band.contains(&se));
            }
        }
        assert!(checked > 20, "the sample covers the bands");
    }

    /// A prefix of the solving order that solves a puzzle rates it as SE
    /// does (the sample's ratings, from serate), with every step from the
    /// prefix's producers; one that does not solve it says so, with a
    /// score no higher than SE's.
    #[test]
    fn a_prefix_that_solves_rates_as_se_and_one_that_does_not_says_so() {
        let mut solver = LogicalSolver::new(Shape::CLASSIC);
        let prefixes = [
            Technique::XWing.index() + 1,
            Technique::UniqueRectangle.index() + 1,
            Technique::ForcingChainsCycles.index(),
        ];
        let (mut solved, mut cut) = (0, 0);
        for (puzzle, se) in sample() {
            for tried in prefixes {
                let rating = solver.rate_with_first(&puzzle, tried).unwrap();
                if rating.solved {
                    solved += 1;
                    assert_eq!(rating.score, se, "{puzzle}, first {tried}");
                    assert!(!rating.lower_bound);
                    let last = registry::searched(tried, crate::logic::candidates::VariantRules::default())
                        .flat_map(|p| p.techniques().iter().map(|t| t.index()))
                        .max()
                        .unwrap();
                    assert!(rating.techniques.iter().all(|(t, _)| t.index() <= last), "{puzzle}");
                } else {
                    cut += 1;
                    assert!(rating.lower_bound && rating.hardest.is_none(), "{puzzle}");
                    assert!(rating.score <= se, "{puzzle}, first {tried}: {} above SE's {se}", rating.score);
                }
            }
        }
        assert!(solved > 20 && cut > 20, "the sample covers both: {solved} solved, {cut} cut");
    }
}
