//! From puzzle records to book entries: each puzzle's one answer, its
//! rating when asked for, and the numbers printed above it. The rules a
//! book must keep (an answer key needs exactly one solution; numbering
//! follows the generating run when the records carry distinct indices)
//! live here, so every front end prints the same book.

use super::input::Source;
use super::entry::Entry;
use crate::engine::BackendKind;
use crate::generator::Rules;
use crate::variant::Variant;
use crate::grid::Grid;
use crate::pipeline::Puzzle;
use crate::shape::Shape;
use crate::cache::{with_backend, with_variant_grader};
use crate::verify::GradeError;
use crate::limits::{GaveUp, Limits, RecordClock, FIRST_TRY};
use crate::engine::Count;

/// Why a record cannot go into a book.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum EntryError {
    /// Two givens clash.
    #[error("the givens break a rule: '{symbol}' twice in a {house} (r{}c{} and r{}c{})", .first.0, .first.1, .second.0, .second.1)]
    Clash {
        /// The repeated symbol.
        symbol: char,
        /// `row`, `column` or `box`.
        house: &'static str,
        /// The first cell, 1-based (row, column).
        first: (usize, usize),
        /// The second cell, 1-based (row, column).
        second: (usize, usize),
    },
    /// The record's own solution does not solve its puzzle.
    #[error("the record's solution does not solve its puzzle")]
    WrongSolution,
    /// No solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// Several solutions: no single answer to print.
    #[error("the puzzle has more than one solution, so it has no single answer to print")]
    NotUnique,
    /// The rating failed.
    #[error("cannot rate: {0}")]
    Rating(GradeError),
    /// The search for its answer reached the limits given.
    #[error("no answer found within the limits: {0}")]
    GaveUp(GaveUp),
}

/// A record that cannot go into a book, with where it is.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{file}: {place}: {error}")]
pub struct BookError {
    /// The file it was read from.
    pub(crate) file: String,
    /// Where in the file.
    pub(crate) place: super::input::Place,
    /// What is wrong.
    pub(crate) error: EntryError,
}

/// Book entries from records read by [`super::input::read_sources`], each
/// paired with its file name: checked, solved, and rated when `rate` (a
/// record's own rating is kept). `limits` bound the search for the
/// answers of the whole book (records with their own solution need
/// none), so that a server can give a book its request's time. Numbers
/// are the records' `index + 1` when every record has a distinct index
/// (so a book of a generated run keeps the run's numbering), else
/// positions 1, 2, 3...
pub fn entries(sources: Vec<(String, Source)>, rate: bool, limits: Limits) -> Result<Vec<Entry>, BookError> {
    let clock = RecordClock::start(limits);
    let mut indices: Option<Vec<u64>> = sources.iter().map(|(_, s)| s.index).collect();
    let use_indices = indices.as_mut().is_some_and(|v| {
        let len = v.len();
        v.sort_unstable();
        v.dedup();
        v.len() == len
    });
    let mut out = Vec::with_capacity(sources.len());
    for (position, (file, src)) in sources.into_iter().enumerate() {
        let fail = |error| BookError {
            file: file.clone(),
            place: src.place,
            error,
        };
        let solution = answer(&src, &clock).map_err(fail)?;
        let (mut rating, mut level) = (src.rating, src.level.clone());
        if rate && rating.is_none() {
            let r = with_variant_grader(src.puzzle.shape(), &src.variant, |g| g.grade(&src.puzzle))
                .and_then(|graded| graded)
                .map_err(|e| fail(EntryError::Rating(e)))?;
            rating = Some(crate::output::one_decimal(r.score) as f32);
            level = level.or(Some(r.level.to_string()));
        }
        let number = match (use_indices, src.index) {
            (true, Some(i)) => i + 1,
            _ => position as u64 + 1,
        };
        out.push(Entry {
            number,
            puzzle: src.puzzle,
            solution,
            level,
            rating,
            variant: src.variant,
        });
    }
    Ok(out)
}

/// The puzzle's one solution: the record's own once checked, or found by
/// the DLX engine (under the record's variant rules, if any) within
/// `clock`'s bounds. A puzzle with no solution or several has no place in
/// a book.
pub(crate) fn answer(src: &Source, clock: &RecordClock) -> Result<Grid, EntryError> {
    let puzzle = &src.puzzle;
    if !src.variant.is_classic() {
        return variant_answer(src, clock);
    }
    if let Some(clash) = puzzle.first_clash() {
        let s = puzzle.shape();
        let at = |cell: usize| (s.row(cell) + 1, s.col(cell) + 1);
        return Err(EntryError::Clash {
            symbol: Shape::symbol(clash.digit),
            house: clash.house,
            first: at(clash.first),
            second: at(clash.second),
        });
    }
    if let Some(solution) = &src.solution {
        if !solution.solves(puzzle) {
            return Err(EntryError::WrongSolution);
        }
        return Ok(solution.clone());
    }
    let count = with_backend(BackendKind::Dlx, puzzle.shape(), |b| clock.count(b, puzzle, 2))
        .map_err(EntryError::GaveUp)?;
    match (count.solutions, count.first) {
        (1, Some(solution)) => Ok(solution),
        (0, _) => Err(EntryError::NoSolution),
        _ => Err(EntryError::NotUnique),
    }
}

/// [`answer`] under variant rules: clashes show as no solution, since
/// the rules' engine finds none.
fn variant_answer(src: &Source, clock: &RecordClock) -> Result<Grid, EntryError> {
    let (puzzle, shape) = (&src.puzzle, src.puzzle.shape());
    let mut rules = Rules::new(shape, &src.variant).map_err(|_| EntryError::NoSolution)?;
    if let Some(solution) = &src.solution {
        if !(solution.solves(puzzle) && rules.holds_for(solution)) {
            return Err(EntryError::WrongSolution);
        }
        return Ok(solution.clone());
    }
    // The puzzle has the rules' shape (they were made for it), so the
    // count cannot fail on that.
    let mut refused = false;
    let count = clock
        .count_by(FIRST_TRY, |budget| {
            rules.count(puzzle, 2, BackendKind::Dlx, budget).unwrap_or_else(|_| {
                refused = true;
                Count::none()
            })
        })
        .map_err(EntryError::GaveUp)?;
    if refused {
        return Err(EntryError::NoSolution);
    }
    match (count.solutions, count.first) {
        (1, Some(solution)) => Ok(solution),
        (0, _) => Err(EntryError::NoSolution),
        _ => Err(EntryError::NotUnique),
    }
}

impl From<&Puzzle> for Entry {
    /// A generated puzzle as a book entry, numbered from its index.
    fn from(p: &Puzzle) -> Entry {
        Entry {
            number: p.index + 1,
            puzzle: p.puzzle.clone(),
            solution: p.solution.clone(),
            level: p.rating.as_ref().map(|r| r.level.to_string()),
            rating: p
                .rating
                .as_ref()
                .map(|r| crate::output::one_decimal(r.score) as f32),
            variant: Variant::classic(),
        }
    }
}
