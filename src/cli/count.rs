//! `sudoku-dlx count`: how many solutions each puzzle has, up to a limit.

use super::batch::{self, warn, Engines, Tally};
use super::solve::{count_record, Verdict};
use super::{Format, InputArgs};
use anyhow::Result;
use clap::Args;
use serde_json::json;
use sudoku_dlx::BackendKind;

/// Options of `count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Stop counting at this many solutions (2 settles uniqueness).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
    /// Output: `line` (the count alone) or `json` (with details).
    #[arg(long, value_enum, default_value = "line")]
    format: Format,
    /// Search engine.
    #[arg(long, default_value = "dlx", value_parser = super::parse_backend)]
    backend: BackendKind,
}

/// Runs `count`; returns the exit code. Zero solutions is an answer, not a
/// failure; only unreadable or clashing records, and records given up on
/// (`--budget`, `--timeout`), fail.
pub fn run(args: CountArgs) -> Result<i32> {
    anyhow::ensure!(
        args.format != Format::Grid,
        "count has no grid format: use line or json"
    );
    let mut out = batch::stdout();
    let mut tally = Tally::start();
    let mut invalid = 0;
    batch::process(
        &args.input,
        || Engines::new(args.backend),
        |engines, item| count_record(engines, item, args.limit, args.input.limits),
        |item, verdict| {
            tally.add(verdict.outcome());
            let text = match &verdict {
                Verdict::Invalid(message) => {
                    warn(message);
                    invalid += 1;
                    match args.format {
                        Format::Json => {
                            let record =
                                json!({"file": &*item.file, "line": item.record.line, "error": message});
                            format!("{record}\n")
                        }
                        _ => String::new(),
                    }
                }
                Verdict::GaveUp(puzzle, gave_up) => {
                    warn(format_args!("{}: {gave_up}", item.place()));
                    invalid += 1;
                    match args.format {
                        Format::Json => {
                            let record = json!({
                                "file": &*item.file,
                                "line": item.record.line,
                                "shape": puzzle.shape(),
                                "puzzle": puzzle.to_line(),
                                "solutions": gave_up.solutions,
                                "limit": args.limit,
                                "complete": false,
                                "nodes": gave_up.nodes,
                                "error": gave_up.to_string(),
                            });
                            format!("{record}\n")
                        }
                        _ => String::new(),
                    }
                }
                Verdict::Counted(puzzle, count) => match args.format {
                    Format::Json => {
                        let record = json!({
                            "file": &*item.file,
                            "line": item.record.line,
                            "shape": puzzle.shape(),
                            "puzzle": puzzle.to_line(),
                            "solutions": count.solutions,
                            "limit": args.limit,
                            "complete": count.complete,
                            "first_solution": count.first.as_ref().map(|g| g.to_line()),
                            "nodes": count.effort,
                        });
                        format!("{record}\n")
                    }
                    _ => format!("{}\n", count.solutions),
                },
            };
            batch::write_record(&mut out, &text)
        },
    )?;
    std::io::Write::flush(&mut out)?;
    if args.input.stats {
        warn(tally.summary("unique"));
    }
    Ok(if invalid == 0 { 0 } else { 1 })
}
