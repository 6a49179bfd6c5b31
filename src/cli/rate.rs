//! `sudoku-dlx rate`: how a person would find each puzzle, on the Sudoku
//! Explainer scale, beside the engine's search effort.

use super::batch::{self, describe_clash, warn, Engines, Item, Outcome, Tally};
use super::limits::{GaveUp, Limits, RecordClock};
use super::{Format, InputArgs};
use anyhow::Result;
use clap::Args;
use std::collections::HashMap;
use sudoku_dlx::logic::{Level, LogicalSolver, Rating};
use sudoku_dlx::output::{EffortFields, ErrorRecord, RatedRecord, RatingFields, Record};
use sudoku_dlx::{BackendKind, Grid, Shape};

/// Options of `rate`.
#[derive(Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Output: `line` (puzzle, rating, level, hardest technique, effort,
    /// technique counts; tab-separated) or `json`.
    #[arg(long, value_enum, default_value = "line")]
    format: Format,
}

/// Per-thread state: an engine to check uniqueness and measure effort,
/// and a logical solver per shape.
pub struct Rater {
    engines: Engines,
    solvers: HashMap<Shape, LogicalSolver>,
}

impl Rater {
    /// Engines and solvers are built per shape on first use.
    pub fn new() -> Rater {
        Rater {
            engines: Engines::new(BackendKind::Dlx),
            solvers: HashMap::new(),
        }
    }

    /// The logical solver for a shape.
    pub fn solver(&mut self, shape: Shape) -> &mut LogicalSolver {
        self.solvers
            .entry(shape)
            .or_insert_with(|| LogicalSolver::new(shape))
    }

    /// Checks that `puzzle` has exactly one solution, within the record's
    /// bounds; returns the engine's effort (search nodes) or why it cannot
    /// be rated.
    pub fn check_unique(&mut self, puzzle: &Grid, clock: &RecordClock) -> Result<u64, Refusal> {
        if let Some(clash) = puzzle.first_clash() {
            return Err(Refusal::Invalid(describe_clash(puzzle.shape(), &clash)));
        }
        let count = clock
            .count(self.engines.get(puzzle.shape()), puzzle, 2)
            .map_err(Refusal::GaveUp)?;
        match count.solutions {
            0 => Err(Refusal::NoSolution),
            1 => Ok(count.effort),
            _ => Err(Refusal::Several),
        }
    }
}

/// Why a puzzle is not rated.
pub enum Refusal {
    /// Givens that clash, or a logic error: the message says which.
    Invalid(String),
    /// No solution.
    NoSolution,
    /// Several solutions.
    Several,
    /// `--budget` or `--timeout` stopped the uniqueness search or the
    /// logical solve.
    GaveUp(GaveUp),
}

impl Refusal {
    /// The summary bucket of this refusal.
    pub fn outcome(&self) -> Outcome {
        match self {
            Refusal::Invalid(_) => Outcome::Invalid,
            Refusal::NoSolution => Outcome::Unsolvable,
            Refusal::Several => Outcome::Multiple,
            Refusal::GaveUp(_) => Outcome::GaveUp,
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Invalid(why) => f.write_str(why),
            Refusal::NoSolution => f.write_str("no solution: cannot rate"),
            Refusal::Several => f.write_str("several solutions: only unique puzzles are rated"),
            Refusal::GaveUp(gave_up) => write!(f, "{gave_up}"),
        }
    }
}

/// A rated record, or why it could not be rated.
enum Rated {
    Failed(String, Outcome),
    Done(Grid, Rating, u64),
}

fn rate_record(rater: &mut Rater, item: &Item, limits: Limits) -> Rated {
    let puzzle = match batch::puzzle_or_message(item) {
        Ok(p) => p,
        Err(message) => return Rated::Failed(message, Outcome::Invalid),
    };
    let clock = RecordClock::start(limits);
    let refused = |why: Refusal| Rated::Failed(format!("{}: {why}", item.place()), why.outcome());
    let effort = match rater.check_unique(puzzle, &clock) {
        Ok(effort) => effort,
        Err(why) => return refused(why),
    };
    match rater
        .solver(puzzle.shape())
        .solve_until(puzzle, false, clock.deadline())
    {
        Ok(Some(path)) => Rated::Done(puzzle.clone(), path.rating, effort),
        Ok(None) => refused(Refusal::GaveUp(clock.timed_out(effort, 1))),
        Err(e) => refused(Refusal::Invalid(e.to_string())),
    }
}

/// The technique counts as `name:count` pairs.
fn technique_list(rating: &Rating) -> String {
    let parts: Vec<String> = rating
        .techniques
        .iter()
        .map(|(t, k)| format!("{}:{k}", t.name()))
        .collect();
    parts.join(",")
}

fn render(item: &Item, puzzle: &Grid, rating: &Rating, effort: u64, format: Format) -> String {
    let hardest = rating.hardest.map_or("none", |t| t.name());
    match format {
        Format::Json => {
            let record = RatedRecord {
                source: item.source(),
                puzzle: puzzle.to_line(),
                rating: RatingFields::from(rating),
                effort: EffortFields::of(BackendKind::Dlx, effort),
            };
            format!("{}\n", record.line())
        }
        _ => {
            let beyond = if rating.solved {
                ""
            } else {
                " (beyond the techniques)"
            };
            format!(
                "{}\t{:.1}\t{}\t{hardest}{beyond}\t{effort}\t{}\n",
                puzzle.to_line(),
                rating.score,
                rating.level,
                technique_list(rating)
            )
        }
    }
}

/// Runs `rate`; returns the exit code.
pub fn run(args: RateArgs) -> Result<i32> {
    anyhow::ensure!(
        args.format != Format::Grid,
        "rate has no grid format: use line or json"
    );
    let mut out = batch::stdout();
    let mut tally = Tally::start();
    let mut levels = [0u64; Level::ALL.len()];
    let limits = args.input.limits;
    let rate = |rater: &mut Rater, item: &Item| rate_record(rater, item, limits);
    batch::process(&args.input, Rater::new, rate, |item, rated| {
        match rated {
            Rated::Failed(message, outcome) => {
                tally.add(outcome);
                warn(&message);
                if args.format == Format::Json {
                    let record = ErrorRecord::new(item.source(), message);
                    batch::write_record(&mut out, &format!("{}\n", record.line()))?;
                }
            }
            Rated::Done(puzzle, rating, effort) => {
                tally.add(Outcome::Unique);
                levels[rating.level as usize] += 1;
                batch::write_record(&mut out, &render(item, &puzzle, &rating, effort, args.format))?;
            }
        }
        Ok(())
    })?;
    std::io::Write::flush(&mut out)?;
    if args.input.stats {
        warn(tally.summary("rated"));
        let rated = tally.get(Outcome::Unique).max(1) as f64;
        let shares: Vec<String> = Level::ALL
            .iter()
            .zip(levels)
            .map(|(level, k)| format!("{level}: {k} ({:.1}%)", 100.0 * k as f64 / rated))
            .collect();
        warn(format_args!("levels: {}", shares.join(", ")));
    }
    Ok(if tally.get(Outcome::Unique) == tally.read() {
        0
    } else {
        1
    })
}
