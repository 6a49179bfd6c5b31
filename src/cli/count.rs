//! `sudoku-dlx count`: how many solutions each puzzle has, up to a limit.

use super::batch::{self, warn, Tally};
use super::options::{Format, InputArgs};
use super::solve::{count_record, Verdict};
use anyhow::Result;
use clap::Args;
use sudoku_dlx::output::{Record, Writer};
use sudoku_dlx::BackendKind;

/// Options of `count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Stop counting at this many solutions (2 settles uniqueness).
    #[arg(long, default_value_t = 2, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
    /// Output: `line` (the count alone) or `json` (with details).
    #[arg(long, value_enum, default_value = "line")]
    format: Format,
    /// Search engine.
    #[arg(long, default_value = "dlx", value_parser = super::options::parse_backend)]
    backend: BackendKind,
}

/// Runs `count`; returns the exit code. Zero solutions is an answer, not a
/// failure; only unreadable or clashing records, and records given up on
/// (`--budget`, `--timeout`), fail.
pub fn run(args: CountArgs) -> Result<i32> {
    if let Some(v) = args.input.variant() {
        let task = super::variant::Task::Count;
        return super::variant::run(&args.input, v, task, args.backend, args.limit, args.format);
    }
    let mut out = Writer::new(batch::stdout(), args.format.records("count", false)?, None)?;
    let mut tally = Tally::start();
    let mut invalid = 0;
    batch::process(
        &args.input,
        &mut out,
        |item| count_record(args.backend, item, args.limit, args.input.limits),
        |out, item, verdict| {
            tally.add(verdict.outcome());
            let json = args.format == Format::Json;
            match &verdict {
                Verdict::Invalid(message) => {
                    warn(message);
                    invalid += 1;
                    if json {
                        out.record(&Record::error(item.source(), message))?;
                    }
                }
                Verdict::GaveUp(puzzle, gave_up) => {
                    warn(format_args!("{}: {gave_up}", item.place()));
                    invalid += 1;
                    if json {
                        let record =
                            Record::counted(item.source(), puzzle, args.backend, Err(gave_up), args.limit);
                        out.record(&record)?;
                    }
                }
                Verdict::Counted(puzzle, count) => {
                    let record = Record::counted(item.source(), puzzle, args.backend, Ok(count), args.limit);
                    out.record(&record)?;
                }
            }
            Ok(())
        },
    )?;
    out.end()?;
    if args.input.stats {
        warn(tally.summary("unique"));
    }
    Ok(if invalid == 0 { 0 } else { 1 })
}
