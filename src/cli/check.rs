//! `sudoku-dlx check`: solve and count every puzzle with both engines and
//! report every disagreement. Two independent engines agreeing is how we
//! know our answers are right.

use super::batch::{self, warn, Item};
use super::options::{Format, InputArgs};
use anyhow::Result;
use clap::Args;
use std::time::Instant;
use sudoku_dlx::limits::GaveUp;
use sudoku_dlx::output::{Record, Writer};
use sudoku_dlx::{cross_check, BackendKind, Count, Grid};

/// Options of `check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Count solutions up to this limit with each engine.
    #[arg(long, default_value_t = 2, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
    /// Output: `line` (disagreements only) or `json` (every record).
    #[arg(long, value_enum, default_value = "line")]
    format: Format,
}

/// Both engines' view of one record.
enum Checked {
    Invalid(String),
    /// An engine hit `--budget` or `--timeout`: nothing to compare.
    GaveUp(Grid, &'static str, GaveUp),
    Compared {
        puzzle: Grid,
        dlx: Count,
        sat: Count,
        problems: Vec<String>,
    },
}

fn check_record(item: &Item, args: &CheckArgs) -> Checked {
    let puzzle = match batch::valid_puzzle(item) {
        Ok(p) => p,
        Err(message) => return Checked::Invalid(message),
    };
    match cross_check(puzzle, args.limit, args.input.limits.into()) {
        Ok(checked) => Checked::Compared {
            puzzle: puzzle.clone(),
            problems: match checked.disagreement {
                Some(d) => d.problems(),
                None => Vec::new(),
            },
            dlx: checked.dlx,
            sat: checked.sat,
        },
        Err((BackendKind::Sat, gave_up)) => Checked::GaveUp(puzzle.clone(), "sat", gave_up),
        Err((_, gave_up)) => Checked::GaveUp(puzzle.clone(), "dlx", gave_up),
    }
}

/// Runs `check`; returns the exit code (1 on any disagreement, invalid
/// record or record given up on).
pub fn run(args: CheckArgs) -> Result<i32> {
    if let Some(v) = args.input.variant() {
        let task = super::variant::Task::Check;
        return super::variant::run(&args.input, v, task, BackendKind::Dlx, args.limit, args.format);
    }
    let start = Instant::now();
    let mut out = Writer::new(batch::stdout(), args.format.records("check", false)?, None)?;
    let json = args.format == Format::Json;
    let (mut read, mut agreed, mut disagreed, mut invalid) = (0u64, 0u64, 0u64, 0u64);
    let mut gave_up_count = 0u64;
    batch::process(
        &args.input,
        &mut out,
        |item| check_record(item, &args),
        |out, item, checked| {
            read += 1;
            match checked {
                Checked::Invalid(message) => {
                    invalid += 1;
                    warn(&message);
                    if json {
                        out.record(&Record::error(item.source(), message))?;
                    }
                }
                Checked::GaveUp(puzzle, engine, gave_up) => {
                    gave_up_count += 1;
                    let message = format!("{}: {engine} {gave_up}", item.place());
                    warn(&message);
                    if json {
                        out.record(&Record::gave_up(item.source(), &puzzle, message))?;
                    }
                }
                Checked::Compared {
                    puzzle,
                    dlx,
                    sat,
                    problems,
                } => {
                    let agree = problems.is_empty();
                    if agree {
                        agreed += 1;
                    } else {
                        disagreed += 1;
                    }
                    let record =
                        Record::checked(item.source(), &puzzle, dlx.solutions, sat.solutions, problems);
                    // The line form lists disagreements only.
                    if json || !agree {
                        out.record(&record)?;
                    }
                }
            }
            Ok(())
        },
    )?;
    out.end()?;
    warn(batch::check_summary(
        read,
        agreed,
        disagreed,
        invalid,
        gave_up_count,
        start,
    ));
    Ok(if disagreed == 0 && invalid == 0 && gave_up_count == 0 {
        0
    } else {
        1
    })
}
