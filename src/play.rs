//! Playing a puzzle: the next step from a player's board ([`hint`]),
//! mistake checks ([`check_board`]) and the puzzle of the day
//! ([`daily`]).
//!
//! It exists because a player's board is not a puzzle: it holds entries
//! that may be wrong and pencil marks that may or may not agree with the
//! candidates, and a hint has to start from there, not from the givens.
//! The grader's solving loop starts from a candidate grid, so a hint is
//! the first step the grader takes from the board's candidates.

use crate::cache::{with_backend, with_grader};
use crate::calls::{Error, PuzzleInput};
use crate::engine::BackendKind;
use crate::grid::Grid;
use crate::limits::{Limits, RecordClock};
use crate::logic::candidates::{bit, Candidates};
use crate::logic::{Cell, Level, Step};
use crate::pipeline::{Plan, Puzzle};
use crate::shape::Shape;
use crate::verify::GradeError;
use serde::{Deserialize, Serialize};

/// An entry of the player's that is wrong: it clashes with another digit
/// of its house, or differs from the solution.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mistake {
    /// The cell of the entry.
    pub cell: Cell,
    /// The digit entered there (0 for pencil marks that leave out the
    /// cell's digit).
    pub digit: u8,
    /// What is wrong, in words.
    pub text: String,
}

/// What [`check_board`] looks for.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CheckMode {
    /// Clashes: an entry equal to another digit of one of its houses. No
    /// solution is needed, so nothing is revealed.
    Rules,
    /// Wrong entries: every entry that differs from the puzzle's unique
    /// solution.
    Solution,
}

/// The next thing a player should know about their board.
#[non_exhaustive]
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Hint {
    /// The board holds wrong entries (or pencil marks that leave out a
    /// cell's digit): fix these first.
    Mistakes {
        /// Each wrong entry, in cell order.
        mistakes: Vec<Mistake>,
    },
    /// The easiest step from the board, as the grader would take it.
    Step {
        /// The step: technique, name, difficulty, placements and
        /// eliminations.
        step: Step,
        /// The cells to highlight: every cell the step's sentence names,
        /// its placements and eliminations, in cell order.
        cells: Vec<Cell>,
        /// The step's sentence.
        text: String,
    },
    /// Every cell is filled and right.
    Solved,
    /// No technique the grader knows applies from this board.
    Stuck,
}

/// The next step from a player's `board` on `puzzle`: the wrong entries
/// when there are any, otherwise the easiest step (Sudoku Explainer's
/// order) from the board's candidates. `board` holds the givens and the
/// player's entries; `pencilmarks`, one list of digits per cell (empty:
/// none), narrow the candidates when they keep every cell's digit.
pub fn hint(
    puzzle: impl PuzzleInput,
    board: impl PuzzleInput,
    pencilmarks: Option<&[Vec<u8>]>,
) -> Result<Hint, Error> {
    hint_within(puzzle, board, pencilmarks, Limits::default())
}

/// [`hint`] within `limits`: the solution count and the step search stop
/// at the node budget or the timeout, with [`GradeError::GaveUp`].
pub fn hint_within(
    puzzle: impl PuzzleInput,
    board: impl PuzzleInput,
    pencilmarks: Option<&[Vec<u8>]>,
    limits: Limits,
) -> Result<Hint, Error> {
    let clock = RecordClock::start(limits);
    let (puzzle, board) = (puzzle.to_grid()?, board.to_grid()?);
    fits(&puzzle, &board)?;
    let solution = unique_solution(&puzzle, &clock)?;
    let n = puzzle.shape().n();
    let mut mistakes = wrong_entries(&puzzle, &board, &solution);
    let marks = pencilmarks.map(|m| read_marks(m, puzzle.shape())).transpose()?;
    if let Some(marks) = &marks {
        for (cell, &mask) in marks.iter().enumerate() {
            let digit = solution.get(cell);
            if board.get(cell) == 0 && mask != 0 && mask & bit(digit) == 0 {
                mistakes.push(Mistake {
                    cell: Cell::of(cell, n),
                    digit: 0,
                    text: format!(
                        "the pencil marks of {} leave out the digit that belongs there",
                        Cell::of(cell, n)
                    ),
                });
            }
        }
    }
    if !mistakes.is_empty() {
        mistakes.sort_by_key(|m| m.cell);
        return Ok(Hint::Mistakes { mistakes });
    }
    if board.is_full() {
        return Ok(Hint::Solved);
    }
    let found = with_grader(puzzle.shape(), |grader| {
        let solver = grader.solver();
        let mut c = Candidates::from_grid(solver.tables(), &board).map_err(GradeError::logic)?;
        if let Some(marks) = &marks {
            for (cell, &mask) in marks.iter().enumerate() {
                if board.get(cell) == 0 && mask != 0 {
                    for d in 1..=n as u8 {
                        if mask & bit(d) == 0 {
                            c.eliminate(cell, d);
                        }
                    }
                }
            }
        }
        Ok::<_, Error>(solver.first_step(&c, clock.deadline()))
    })?;
    match found {
        None => Err(GradeError::GaveUp(clock.timed_out(0, 1)).into()),
        Some(None) => Ok(Hint::Stuck),
        Some(Some(step)) => {
            let cells = step_cells(&step, n);
            let text = step.to_string();
            Ok(Hint::Step { step, cells, text })
        }
    }
}

/// The mistakes on a player's `board` of `puzzle`: clashes in its houses
/// ([`CheckMode::Rules`]) or entries that differ from the unique solution
/// ([`CheckMode::Solution`]), in cell order; empty when there are none.
/// The solution count stops at the node budget or the timeout of
/// `limits` ([`Limits::default`]: none), with [`GradeError::GaveUp`].
pub fn check_board(
    puzzle: impl PuzzleInput,
    board: impl PuzzleInput,
    mode: CheckMode,
    limits: Limits,
) -> Result<Vec<Mistake>, Error> {
    let clock = RecordClock::start(limits);
    let (puzzle, board) = (puzzle.to_grid()?, board.to_grid()?);
    fits(&puzzle, &board)?;
    let mut mistakes = match mode {
        CheckMode::Rules => clashes(&puzzle, &board),
        CheckMode::Solution => {
            let solution = unique_solution(&puzzle, &clock)?;
            wrong_entries(&puzzle, &board, &solution)
        }
    };
    mistakes.sort_by_key(|m| m.cell);
    Ok(mistakes)
}

/// The puzzle of the day `date` (`YYYY-MM-DD`) at `level`: a 9x9 puzzle
/// generated from a seed that a fixed hash (FNV-1a, not the standard
/// library's per-process one) derives from the date and the level, so
/// every machine and version of this crate with the same generator gives
/// the same puzzle.
pub fn daily(date: &str, level: Level) -> Result<Puzzle, Error> {
    let seed = daily_seed(date, level)?;
    let plan = Plan::builder(Shape::CLASSIC)
        .seed(seed)
        .difficulty(level)
        .build()?;
    let first = plan
        .puzzles()
        .next()
        .expect("a plan of one puzzle yields one result");
    Ok(first?)
}

/// The seed of the day: FNV-1a over a fixed salt, the date and the level.
fn daily_seed(date: &str, level: Level) -> Result<u64, Error> {
    let bad = |why: &str| Error::Date(format!("'{}' is not a date: {why}", crate::shape::quote(date)));
    let parts: Vec<&str> = date.split('-').collect();
    let [y, m, d] = parts[..] else {
        return Err(bad("expected YYYY-MM-DD"));
    };
    let number = |s: &str, len: usize| {
        (s.len() == len && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u32>().ok())
            .flatten()
    };
    let (Some(y), Some(m), Some(d)) = (number(y, 4), number(m, 2), number(d, 2)) else {
        return Err(bad("expected YYYY-MM-DD"));
    };
    let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    let days = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if !(1..=12).contains(&m) || d == 0 || d > days[m as usize - 1] {
        return Err(bad("no such day"));
    }
    let text = format!("sudoku-dlx daily puzzle|{y:04}-{m:02}-{d:02}|{level}");
    Ok(crate::generator::stable_hash(&text))
}

/// Checks that `board` is a board of `puzzle`: same shape, every given
/// in place.
fn fits(puzzle: &Grid, board: &Grid) -> Result<(), Error> {
    if puzzle.shape() != board.shape() {
        return Err(Error::Board(format!(
            "the board is {}, the puzzle {}",
            board.shape(),
            puzzle.shape()
        )));
    }
    if let Some(clash) = puzzle.first_clash() {
        return Err(Error::Clash(clash));
    }
    let n = puzzle.shape().n();
    for (cell, (&given, &held)) in puzzle.cells().iter().zip(board.cells()).enumerate() {
        if given != 0 && held != given {
            return Err(Error::Board(format!(
                "{} holds {} where the puzzle gives {}",
                Cell::of(cell, n),
                Shape::symbol(held),
                Shape::symbol(given)
            )));
        }
    }
    Ok(())
}

/// The puzzle's solution, once DLX has shown there is exactly one.
fn unique_solution(puzzle: &Grid, clock: &RecordClock) -> Result<Grid, Error> {
    let count = with_backend(BackendKind::Dlx, puzzle.shape(), |b| clock.count(b, puzzle, 2))
        .map_err(GradeError::GaveUp)?;
    match (count.solutions, count.first) {
        (0, _) => Err(GradeError::NoSolution.into()),
        (1, Some(solution)) => Ok(solution),
        (solutions, _) => Err(GradeError::NotUnique { solutions }.into()),
    }
}

/// Entries that differ from `solution`.
fn wrong_entries(puzzle: &Grid, board: &Grid, solution: &Grid) -> Vec<Mistake> {
    let n = puzzle.shape().n();
    (0..board.cells().len())
        .filter(|&cell| {
            puzzle.get(cell) == 0 && board.get(cell) != 0 && board.get(cell) != solution.get(cell)
        })
        .map(|cell| Mistake {
            cell: Cell::of(cell, n),
            digit: board.get(cell),
            text: format!("{} is not {}", Cell::of(cell, n), Shape::symbol(board.get(cell))),
        })
        .collect()
}

/// Entries that repeat a digit of one of their houses, each once, naming
/// the first other cell and house it clashes with.
fn clashes(puzzle: &Grid, board: &Grid) -> Vec<Mistake> {
    let n = puzzle.shape().n();
    let tables = crate::logic::candidates::Tables::new(puzzle.shape());
    let mut found = Vec::new();
    for cell in 0..board.cells().len() {
        let digit = board.get(cell);
        if puzzle.get(cell) != 0 || digit == 0 {
            continue;
        }
        let other = tables.houses_of(cell).into_iter().find_map(|h| {
            let same = tables
                .house(h)
                .iter()
                .find(|&&o| o != cell && board.get(o) == digit)?;
            Some((*same, crate::logic::House::of(h, n)))
        });
        if let Some((other, house)) = other {
            found.push(Mistake {
                cell: Cell::of(cell, n),
                digit,
                text: format!(
                    "{} in {} clashes with {} ({house})",
                    Shape::symbol(digit),
                    Cell::of(cell, n),
                    Cell::of(other, n)
                ),
            });
        }
    }
    found
}

/// The cells a step's sentence names (`r3c5`), its placements and its
/// eliminations, each once, in cell order.
fn step_cells(step: &Step, n: usize) -> Vec<Cell> {
    let mut cells: Vec<Cell> = step
        .placements
        .iter()
        .chain(&step.eliminations)
        .map(|c| c.cell)
        .collect();
    cells.extend(named_cells(&step.description(), n));
    cells.sort();
    cells.dedup();
    cells
}

/// Every `r<row>c<column>` in `text` that is a cell of a board of side `n`.
fn named_cells(text: &str, n: usize) -> Vec<Cell> {
    let bytes = text.as_bytes();
    let number = |at: usize| {
        let len = bytes[at..].iter().take_while(|b| b.is_ascii_digit()).count();
        let value = text[at..at + len].parse::<usize>().ok();
        (value, at + len)
    };
    let mut cells = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        if bytes[i] == b'r' && starts_word {
            let (row, after) = number(i + 1);
            if let (Some(row), Some(b'c')) = (row, bytes.get(after)) {
                let (col, end) = number(after + 1);
                if let Some(col) = col {
                    if (1..=n).contains(&row) && (1..=n).contains(&col) {
                        cells.push(Cell::of((row - 1) * n + col - 1, n));
                    }
                    i = end;
                    continue;
                }
            }
        }
        i += 1;
    }
    cells
}

/// Pencil marks as one candidate mask per cell, each digit checked.
fn read_marks(marks: &[Vec<u8>], shape: Shape) -> Result<Vec<u32>, Error> {
    let n = shape.n();
    if marks.len() != shape.cells() {
        return Err(Error::Board(format!(
            "pencil marks for {} cells on a board of {}",
            marks.len(),
            shape.cells()
        )));
    }
    marks
        .iter()
        .enumerate()
        .map(|(cell, digits)| {
            digits.iter().try_fold(0u32, |mask, &d| {
                if d == 0 || d as usize > n {
                    Err(Error::Board(format!(
                        "pencil mark {d} in {} is not a digit of a {shape} board",
                        Cell::of(cell, n)
                    )))
                } else {
                    Ok(mask | bit(d))
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_name_cells() {
        let cells = named_cells("(7)r3c5 = (7)r12c1, box r9c9x r10c1 or cr1c1", 9);
        assert_eq!(cells, vec![Cell { row: 2, col: 4 }, Cell { row: 8, col: 8 }]);
    }

    #[test]
    fn dates_are_checked_and_seeds_differ_by_day_and_level() {
        assert!(daily_seed("2026-02-29", Level::Easy).is_err());
        assert!(daily_seed("2024-02-29", Level::Easy).is_ok());
        assert!(daily_seed("2026-1-01", Level::Easy).is_err());
        assert!(daily_seed("2026-13-01", Level::Easy).is_err());
        let a = daily_seed("2026-11-27", Level::Easy).unwrap();
        assert_ne!(a, daily_seed("2026-11-28", Level::Easy).unwrap());
        assert_ne!(a, daily_seed("2026-11-27", Level::Hard).unwrap());
    }
}
