//! The one-line calls: solve, count, rate, explain or generate one puzzle
//! without building or keeping anything. They borrow the library's cached
//! backend and grader for the puzzle's shape ([`crate::cache`]), so a loop
//! of calls costs what a loop over one kept engine costs.

use crate::cache::{with_backend, with_grader};
use crate::engine::{BackendKind, Count};
use crate::formats::ParseError;
use crate::generator::variant_band::generate_variant_rated;
use crate::generator::{GenerateError, Symmetry, Target, VariantPuzzle};
use crate::grid::{Clash, Grid};
use crate::limits::{GaveUp, Limits, RecordClock};
use crate::logic::{Rating, SolvePath, TechniqueFilter};
use crate::pipeline::Plan;
use crate::pipeline::Puzzle;
use crate::shape::Shape;
use crate::variant::Variant;
use crate::verify::{compare_counts, Disagreement, GradeError, Graded};
use std::borrow::Cow;
use std::ops::Range;
use std::time::Instant;

/// What a one-line call takes as a puzzle: its text (one line, `.` or `0`
/// for an empty cell) or a [`Grid`].
pub trait PuzzleInput {
    /// The puzzle as a grid, read from text when it is text.
    fn to_grid(&self) -> Result<Cow<'_, Grid>, ParseError>;
}

impl PuzzleInput for str {
    fn to_grid(&self) -> Result<Cow<'_, Grid>, ParseError> {
        self.parse().map(Cow::Owned)
    }
}

impl PuzzleInput for String {
    fn to_grid(&self) -> Result<Cow<'_, Grid>, ParseError> {
        self.as_str().to_grid()
    }
}

impl PuzzleInput for Grid {
    fn to_grid(&self) -> Result<Cow<'_, Grid>, ParseError> {
        Ok(Cow::Borrowed(self))
    }
}

impl<T: PuzzleInput + ?Sized> PuzzleInput for &T {
    fn to_grid(&self) -> Result<Cow<'_, Grid>, ParseError> {
        (**self).to_grid()
    }
}

/// Why a one-line call has no answer.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Error {
    /// The text is not a puzzle.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// Two givens clash, so no backend is asked.
    #[error("invalid puzzle: {0}")]
    Clash(Clash),
    /// The puzzle could not be rated or explained: a clash, no solution,
    /// several solutions.
    #[error(transparent)]
    Rate(#[from] GradeError),
    /// No puzzle could be generated.
    #[error(transparent)]
    Generate(#[from] GenerateError),
    /// A player's board does not belong to the puzzle (another shape, a
    /// given changed) or its pencil marks do not read.
    #[error("invalid board: {0}")]
    Board(String),
    /// The text is not a calendar date.
    #[error("{0}")]
    Date(String),
}

/// The puzzle as a grid without clashing givens.
fn checked(puzzle: &(impl PuzzleInput + ?Sized)) -> Result<Cow<'_, Grid>, Error> {
    let grid = puzzle.to_grid()?;
    match grid.first_clash() {
        Some(clash) => Err(Error::Clash(clash)),
        None => Ok(grid),
    }
}

/// A solution of `puzzle` (the first the DLX backend finds), or `None`
/// when it has none. Uniqueness is not checked: see [`is_unique`].
pub fn solve(puzzle: impl PuzzleInput) -> Result<Option<Grid>, Error> {
    let grid = checked(&puzzle)?;
    let found = with_backend(BackendKind::Dlx, grid.shape(), |b| b.count(&grid, 1, None));
    Ok(found.first)
}

/// The number of solutions of `puzzle`, counted up to `limit`.
pub fn count(puzzle: impl PuzzleInput, limit: u64) -> Result<u64, Error> {
    let grid = checked(&puzzle)?;
    let found = with_backend(BackendKind::Dlx, grid.shape(), |b| b.count(&grid, limit, None));
    Ok(found.solutions)
}

/// Whether `puzzle` has exactly one solution.
pub fn is_unique(puzzle: impl PuzzleInput) -> Result<bool, Error> {
    Ok(count(puzzle, 2)? == 1)
}

/// The solutions of `puzzle` counted up to `limit` by `backend`, within
/// `limits` (a node budget, a timeout), with the first solution found and
/// the effort spent; `Err` when a bound stopped the count first.
pub fn count_within(
    puzzle: &Grid,
    limit: u64,
    backend: BackendKind,
    limits: Limits,
) -> Result<Count, GaveUp> {
    let clock = RecordClock::start(limits);
    with_backend(backend, puzzle.shape(), |b| clock.count(b, puzzle, limit))
}

/// Both backends' counts of one puzzle, compared.
#[non_exhaustive]
#[derive(Clone, Debug)]
pub struct CrossCheck {
    /// The DLX backend's count.
    pub dlx: Count,
    /// The SAT backend's count.
    pub sat: Count,
    /// What is wrong between the two counts, if anything.
    pub disagreement: Option<Disagreement>,
}

/// Counts `puzzle`'s solutions up to `limit` with the DLX backend, then
/// with the independent SAT backend, and compares them: the counts must
/// agree, every solution must solve the puzzle, and a unique puzzle must
/// have the same solution in both. `limits` bound the two counts
/// together; `Err` names the backend a bound stopped.
pub fn cross_check(puzzle: &Grid, limit: u64, limits: Limits) -> Result<CrossCheck, (BackendKind, GaveUp)> {
    let clock = RecordClock::start(limits);
    let count =
        |kind| with_backend(kind, puzzle.shape(), |b| clock.count(b, puzzle, limit)).map_err(|g| (kind, g));
    let dlx = count(BackendKind::Dlx)?;
    let sat = count(BackendKind::Sat)?;
    let disagreement = compare_counts(puzzle, (BackendKind::Dlx, &dlx), (BackendKind::Sat, &sat)).err();
    Ok(CrossCheck {
        dlx,
        sat,
        disagreement,
    })
}

/// The rating of `puzzle` on the Sudoku Explainer scale, once a backend
/// has shown it has exactly one solution.
pub fn rate(puzzle: impl PuzzleInput) -> Result<Rating, Error> {
    let grid = puzzle.to_grid()?;
    Ok(with_grader(grid.shape(), |g| g.grade(&grid))?)
}

/// `puzzle` graded within `limits` (one clock for the uniqueness count
/// and the logical solve): its solving path with the rating, the steps
/// kept only when `keep_steps`, and the DLX effort spent showing it has
/// exactly one solution.
pub fn grade_within(puzzle: &Grid, limits: Limits, keep_steps: bool) -> Result<Graded, GradeError> {
    with_grader(puzzle.shape(), |g| g.grade_within(puzzle, limits, keep_steps))
}

/// [`grade_within`] under variant rules (classic rules grade as
/// [`grade_within`] does): the uniqueness count and the logical solve
/// follow the variant's houses and peers, with Sukaku Explainer's
/// techniques for variants. An error for rules the grader does not rate
/// (non-consecutive combined with other rules).
pub fn grade_variant_within(
    puzzle: &Grid,
    variant: &Variant,
    limits: Limits,
    keep_steps: bool,
) -> Result<Graded, GradeError> {
    crate::cache::with_variant_grader(puzzle.shape(), variant, |g| {
        g.grade_within(puzzle, limits, keep_steps)
    })?
}

/// The candidates [`generate_variant_in_band`] rates per puzzle when the
/// caller does not choose (`max_rated`), as the command line, Python and
/// the server use it: 1,000 for a band alone, 10,000 when `filter` asks
/// for something, since the rarer techniques as the hardest step
/// (Swordfish under X) take thousands (docs/variants.md, "Technique
/// filters").
pub fn variant_max_rated(filter: &TechniqueFilter) -> u32 {
    if filter.is_empty() {
        1_000
    } else {
        10_000
    }
}

/// A variant puzzle whose rating under its rules lies in `band` (start
/// included, end excluded) and whose solving path meets `filter`, with
/// the rating: `make` makes the minimal puzzle of a seed
/// ([`crate::Rules::generate`], or [`crate::generate_variant`] for jigsaw
/// with regions drawn per puzzle), from `seed` first, then from seeds
/// drawn from it. Where minimal puzzles rate above the band (easy X
/// puzzles, say), or above the ratings the filter aims at (up to its
/// `hardest` set's, or a little past its `with` techniques': see
/// docs/variants.md, "Technique filters"), clues of the solution are given back, whole orbits of `symmetry`, and
/// the puzzle is reported with `minimal` false (docs/variants.md, "Rating
/// bands"). Each candidate is rated only as far as the band needs: a
/// solve stops at its first step rated at the band's end or more. After
/// `max_rated` candidates, or at `deadline`, a
/// [`GenerateError::RatingShortfall`] (or
/// [`GenerateError::DeadlinePassed`]); a
/// [`GenerateError::UnreachableFilter`] when no path under the rules can
/// meet the filter.
pub fn generate_variant_in_band<E: From<GenerateError> + From<GradeError>>(
    make: &mut dyn FnMut(u64) -> Result<VariantPuzzle, E>,
    seed: u64,
    symmetry: Symmetry,
    band: Range<f32>,
    filter: &TechniqueFilter,
    max_rated: u32,
    deadline: Option<Instant>,
) -> Result<(VariantPuzzle, Rating), E> {
    let reach = filter.reach();
    let steered = band.start.max(reach.start)..band.end.min(reach.end);
    let steered = if steered.is_empty() { band.clone() } else { steered };
    let within = steered.clone();
    let mut checked = false;
    // In the band: the full rating (the band-bounded solve has it when it
    // ran to the end), kept when its path meets the filter; otherwise the
    // score, exact or a bound past the band.
    let mut rate = |grid: &Grid, variant: &Variant| -> Result<Result<Rating, f32>, E> {
        let rated = crate::cache::with_variant_grader(grid.shape(), variant, |g| {
            let solver = g.solver();
            if !checked {
                if let Some(why) = filter.unreachable(&solver.tables()) {
                    return Err(VariantFailure::Unreachable(why));
                }
            }
            match solver
                .band_rating(grid, within.clone())
                .map_err(VariantFailure::Logic)?
            {
                (score, full) if within.contains(&score) => {
                    let rating = full
                        .map_or_else(|| solver.rate(grid), Ok)
                        .map_err(VariantFailure::Logic)?;
                    Ok(if filter.accepts(&rating) {
                        Ok(rating)
                    } else {
                        Err(score)
                    })
                }
                (score, _) => Ok(Err(score)),
            }
        })?;
        checked = true;
        match rated {
            Ok(said) => Ok(said),
            Err(VariantFailure::Unreachable(why)) => Err(GenerateError::UnreachableFilter(why).into()),
            Err(VariantFailure::Logic(e)) => Err(GradeError::logic(e).into()),
        }
    };
    let wanted = if filter.is_empty() {
        String::new()
    } else {
        format!(" ({filter})")
    };
    let target = Target {
        band: steered,
        max_rated,
        deadline,
    };
    generate_variant_rated(make, &mut rate, seed, symmetry, target, &wanted)
}

/// Why a variant candidate could not be rated for a band.
enum VariantFailure {
    /// The filter asks for a technique the rules' paths never use.
    Unreachable(String),
    /// The logical solve failed.
    Logic(crate::logic::LogicError),
}

/// The steps a person would take to solve `puzzle` (which must have
/// exactly one solution), with the rating of the path.
pub fn explain(puzzle: impl PuzzleInput) -> Result<SolvePath, Error> {
    let grid = puzzle.to_grid()?;
    let graded = with_grader(grid.shape(), |g| g.grade_within(&grid, Limits::default(), true))?;
    Ok(graded.path)
}

/// Puzzle 0 of `seed` on `shape`: minimal, no symmetry, unrated. The same
/// seed always gives the same puzzle; for more puzzles, ratings or a
/// difficulty, build a [`crate::Plan`] with [`Plan::builder`].
pub fn generate(shape: Shape, seed: u64) -> Result<Puzzle, Error> {
    let plan = Plan::builder(shape).seed(seed).build()?;
    let first = plan
        .puzzles()
        .next()
        .expect("a plan of one puzzle yields one result");
    Ok(first?)
}
