//! `sudoku-dlx rate`: how a person would find each puzzle, on the Sudoku
//! Explainer scale, beside the engine's search effort. Grading (uniqueness
//! first, within the record's bounds) is the library's
//! [`sudoku_dlx::grade_within`]; records go through the output module.

use super::batch::{self, warn, Item, Outcome, Tally};
use super::options::{Format, InputArgs};
use anyhow::Result;
use clap::Args;
use sudoku_dlx::formats::VariantRecord;
use sudoku_dlx::limits::Limits;
use sudoku_dlx::output::{Record, Source, Writer};
use sudoku_dlx::parallel::for_each_ordered;
use sudoku_dlx::{grade_variant_within, GradeError, Grid, Level, Variant};

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

fn rate_record(item: &Item, limits: Limits) -> Rated {
    match batch::puzzle_or_message(item) {
        Ok(puzzle) => rated(item.source(), puzzle, &Variant::default(), limits),
        Err(message) => Rated::Failed(message, Outcome::Invalid),
    }
}

/// A variant record, under its own rules (from the record, or the
/// command line's).
fn rate_variant_record((file, record): &(String, VariantRecord), limits: Limits) -> Rated {
    let source = Source {
        file: file.clone(),
        line: record.line,
    };
    match &record.puzzle {
        Ok((puzzle, rules)) => rated(source, puzzle, rules, limits),
        Err(e) => Rated::Failed(format!("{file}: {e}"), Outcome::Invalid),
    }
}

/// `puzzle` graded under `rules`: its record (naming the rules unless
/// classic), or why not, after where it was read.
fn rated(source: Source, puzzle: &Grid, rules: &Variant, limits: Limits) -> Rated {
    match grade_variant_within(puzzle, rules, limits, false) {
        Ok(graded) => {
            let record = Record::rated(source, puzzle, &graded);
            let record = if rules.is_classic() {
                record
            } else {
                record.with_variant(rules)
            };
            Rated::Done(graded.path.rating.level, record)
        }
        Err(e) => {
            let (why, outcome) = refusal(&e);
            Rated::Failed(format!("{source}: {why}"), outcome)
        }
    }
}

/// Runs `rate`; returns the exit code.
pub fn run(args: RateArgs) -> Result<i32> {
    let format = args.format.records("rate", false)?;
    let mut writer = Writer::new(batch::stdout(), format, None)?;
    let mut tally = Tally::start();
    let mut levels = [0u64; Level::ALL.len()];
    let limits = Limits::from(args.input.limits);
    let json = args.format == Format::Json;
    let mut emit = |writer: &mut Writer<_>, source: Source, rated: Rated| -> Result<()> {
        match rated {
            Rated::Failed(message, outcome) => {
                tally.add(outcome);
                warn(&message);
                if json {
                    writer.record(&Record::error(source, message))?;
                }
            }
            Rated::Done(level, record) => {
                tally.add(Outcome::Unique);
                levels[level as usize] += 1;
                writer.record(&record)?;
            }
        }
        Ok(())
    };
    if let Some(variant) = args.input.variant() {
        // Variant records are read whole (a jigsaw line is followed by
        // its region line; JSON records may carry rules of their own).
        let records = super::variant::records(&args.input, variant)?;
        let pool = batch::pool(args.input.threads)?;
        let writer = std::cell::RefCell::new(&mut writer);
        for_each_ordered(
            &pool,
            records.into_iter(),
            |record| rate_variant_record(record, limits),
            |(file, record), rated| {
                let source = Source {
                    file,
                    line: record.line,
                };
                emit(&mut writer.borrow_mut(), source, rated)
            },
            || Ok(writer.borrow_mut().flush()?),
        )?;
    } else {
        let rate = |item: &Item| rate_record(item, limits);
        batch::process(&args.input, &mut writer, rate, |writer, item, rated| {
            emit(writer, item.source(), rated)
        })?;
    }
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
