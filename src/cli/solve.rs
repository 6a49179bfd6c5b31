//! `sudoku-dlx solve`: the unique solution of each puzzle.

use super::batch::{self, warn, Item, Outcome, Tally};
use super::options::{Format, InputArgs};
use anyhow::Result;
use clap::Args;
use sudoku_dlx::limits::{GaveUp, Limits};
use sudoku_dlx::output::{Record, Writer};
use sudoku_dlx::{count_within, BackendKind, Count, Grid};

/// Options of `solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Output: `line` (the solution as one line), `grid`, or `json`.
    #[arg(long, value_enum, default_value = "line")]
    format: Format,
    /// Search engine.
    #[arg(long, default_value = "dlx", value_parser = super::options::parse_backend)]
    backend: BackendKind,
    /// Print the first solution found without proving it is the only one.
    /// Faster (no search for a second solution), but a puzzle with several
    /// solutions then gets one of them instead of an error.
    #[arg(long)]
    first: bool,
}

/// A record after the engine has seen it.
pub enum Verdict {
    /// Unreadable or clashing: the message says why.
    Invalid(String),
    /// The puzzle and its count.
    Counted(Grid, Count),
    /// The puzzle, and the bound that stopped its search.
    GaveUp(Grid, GaveUp),
}

impl Verdict {
    /// The summary bucket of this verdict.
    pub fn outcome(&self) -> Outcome {
        match self {
            Verdict::Invalid(_) => Outcome::Invalid,
            Verdict::GaveUp(..) => Outcome::GaveUp,
            Verdict::Counted(_, c) if c.solutions == 0 => Outcome::Unsolvable,
            Verdict::Counted(_, c) if c.solutions == 1 => Outcome::Unique,
            Verdict::Counted(..) => Outcome::Multiple,
        }
    }
}

/// Reads, checks and counts one record up to `limit`, within `limits`.
pub fn count_record(kind: BackendKind, item: &Item, limit: u64, limits: impl Into<Limits>) -> Verdict {
    let puzzle = match batch::valid_puzzle(item) {
        Ok(p) => p,
        Err(message) => return Verdict::Invalid(message),
    };
    match count_within(puzzle, limit, kind, limits.into()) {
        Ok(count) => Verdict::Counted(puzzle.clone(), count),
        Err(gave_up) => Verdict::GaveUp(puzzle.clone(), gave_up),
    }
}

fn status(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Unique => "solved",
        Outcome::Unsolvable => "no solution",
        Outcome::Multiple => "several solutions",
        Outcome::Invalid => "invalid",
        Outcome::GaveUp => "gave up",
    }
}

/// The output record of a verdict: an error record for an unreadable or
/// clashing one, otherwise the count read as an answer.
fn solve_record(item: &Item, verdict: &Verdict, uniqueness_checked: bool, kind: BackendKind) -> Record {
    let source = item.source();
    match verdict {
        Verdict::Invalid(message) => Record::invalid(source, message),
        Verdict::Counted(puzzle, count) => {
            Record::solved(source, puzzle, kind, Ok(count), uniqueness_checked)
        }
        Verdict::GaveUp(puzzle, gave_up) => {
            Record::solved(source, puzzle, kind, Err(gave_up), uniqueness_checked)
        }
    }
}

/// Runs `solve`; returns the exit code.
pub fn run(args: SolveArgs) -> Result<i32> {
    if let Some(v) = args.input.variant() {
        let task = super::variant::Task::Solve;
        return super::variant::run(&args.input, v, task, args.backend, 2, args.format);
    }
    let mut out = Writer::new(batch::stdout(), args.format.records("solve", true)?, None)?;
    let mut tally = Tally::start();
    let limit = if args.first { 1 } else { 2 };
    batch::process(
        &args.input,
        &mut out,
        |item| count_record(args.backend, item, limit, args.input.limits),
        |out, item, verdict| {
            let outcome = verdict.outcome();
            tally.add(outcome);
            match (&verdict, outcome) {
                (Verdict::Invalid(message), _) => warn(message),
                (Verdict::GaveUp(_, gave_up), _) => warn(format_args!("{}: {gave_up}", item.place())),
                (Verdict::Counted(..), Outcome::Unique) => {}
                (Verdict::Counted(..), _) => warn(format_args!("{}: {}", item.place(), status(outcome))),
            }
            // Line and grid output show solutions only; JSON shows every
            // record, errors included.
            if args.format == Format::Json || outcome == Outcome::Unique {
                out.record(&solve_record(item, &verdict, !args.first, args.backend))?;
            }
            Ok(())
        },
    )?;
    out.end()?;
    if args.input.stats {
        let label = if args.first {
            "solved (uniqueness not checked)"
        } else {
            "solved"
        };
        warn(tally.summary(label));
    }
    Ok(if tally.get(Outcome::Unique) == tally.read() {
        0
    } else {
        1
    })
}
