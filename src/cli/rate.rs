//! `sudoku-dlx rate`: how a person would find each puzzle, on the Sudoku
//! Explainer scale, beside the engine's search effort. Grading (uniqueness
//! first, within the record's bounds) is the library's
//! [`sudoku_dlx::grade_within`]; records go through the output module.

use super::batch::{self, warn, Item, Outcome, Tally};
use super::options::{Format, InputArgs};
use anyhow::Result;
use clap::Args;
use sudoku_dlx::limits::Limits;
use sudoku_dlx::output::{Record, Writer};
use sudoku_dlx::Level;
use sudoku_dlx::{grade_variant_within, GradeError, Variant};

/// Options of `rate`.
#[derive(Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Output: `line` (puzzle, rating, level, hardest technique, effort,
    /// technique counts, SE's ER/EP/ED; tab-separated) or `json` (one
    /// object per line).
    #[arg(long, value_enum, default_value = "line")]
    format: Format,
}

/// Words for why a puzzle was not graded, and the summary bucket.
pub fn refusal(error: &GradeError) -> (String, Outcome) {
    match error {
        GradeError::Clash(clash) => (clash.to_string(), Outcome::Invalid),
        GradeError::NoSolution => ("no solution: cannot rate".into(), Outcome::Unsolvable),
        GradeError::NotUnique { .. } => (
            "several solutions: only unique puzzles are rated".into(),
            Outcome::Multiple,
        ),
        GradeError::GaveUp(gave_up) => (gave_up.to_string(), Outcome::GaveUp),
        other => (other.to_string(), Outcome::Invalid),
    }
}

/// A graded record, or why it could not be graded.
enum Rated {
    Failed(String, Outcome),
    Done(Level, Record),
}

fn rate_record(item: &Item, limits: Limits, variant: Option<&Variant>) -> Rated {
    let puzzle = match batch::puzzle_or_message(item) {
        Ok(p) => p,
        Err(message) => return Rated::Failed(message, Outcome::Invalid),
    };
    let classic = Variant::default();
    match grade_variant_within(puzzle, variant.unwrap_or(&classic), limits, false) {
        Ok(graded) => Rated::Done(
            graded.path.rating.level,
            Record::rated(item.source(), puzzle, &graded),
        ),
        Err(e) => {
            let (why, outcome) = refusal(&e);
            Rated::Failed(format!("{}: {why}", item.place()), outcome)
        }
    }
}

/// `rate --variant` with jigsaw: each record is read whole (a puzzle
/// line and its region line) and rated under its own regions.
fn rate_jigsaw(args: &RateArgs, variant: &Variant, format: sudoku_dlx::output::Format) -> Result<i32> {
    let mut writer = Writer::new(batch::stdout(), format, None)?;
    let limits = Limits::from(args.input.limits);
    let mut failures = 0;
    for (file, record) in super::variant::records(&args.input, variant)? {
        let source = sudoku_dlx::output::Source {
            file,
            line: record.line,
        };
        let graded = record
            .puzzle
            .map_err(|e| e.to_string())
            .and_then(|(puzzle, rules)| {
                grade_variant_within(&puzzle, &rules, limits, false)
                    .map(|graded| (puzzle, graded))
                    .map_err(|e| refusal(&e).0)
            });
        match graded {
            Ok((puzzle, graded)) => writer.record(&Record::rated(source, &puzzle, &graded))?,
            Err(why) => {
                failures += 1;
                warn(format_args!("{}:{}: {why}", source.file, source.line));
                if args.format == Format::Json {
                    writer.record(&Record::error(source, why))?;
                }
            }
        }
    }
    writer.end()?;
    Ok(if failures == 0 { 0 } else { 1 })
}

/// Runs `rate`; returns the exit code.
pub fn run(args: RateArgs) -> Result<i32> {
    let format = args.format.records("rate", false)?;
    if let Some(jigsaw) = args
        .input
        .variant()
        .filter(|v| v.has(sudoku_dlx::Constraint::Jigsaw))
    {
        return rate_jigsaw(&args, jigsaw, format);
    }
    let mut writer = Writer::new(batch::stdout(), format, None)?;
    let mut tally = Tally::start();
    let mut levels = [0u64; Level::ALL.len()];
    let limits = Limits::from(args.input.limits);
    let variant = args.input.variant();
    let rate = |item: &Item| rate_record(item, limits, variant);
    batch::process(&args.input, &mut writer, rate, |writer, item, rated| {
        match rated {
            Rated::Failed(message, outcome) => {
                tally.add(outcome);
                warn(&message);
                if args.format == Format::Json {
                    writer.record(&Record::error(item.source(), message))?;
                }
            }
            Rated::Done(level, record) => {
                tally.add(Outcome::Unique);
                levels[level as usize] += 1;
                writer.record(&record)?;
            }
        }
        Ok(())
    })?;
    writer.end()?;
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
