//! `sudoku-dlx canon`: the canonical (minlex) form of each puzzle, one line
//! each, in input order.

use super::batch::{self, Item};
use super::options::InputArgs;
use anyhow::Result;
use clap::Args;
use sudoku_dlx::canon::{try_canonical, DEFAULT_BUDGET};
use sudoku_dlx::output::{Format, Record, Writer};

/// Options of `canon`.
#[derive(Args, Debug)]
pub struct CanonArgs {
    #[command(flatten)]
    input: InputArgs,
}

fn canon_record(item: &Item) -> Result<Record, String> {
    let puzzle = batch::puzzle_or_message(item)?;
    try_canonical(puzzle, Some(DEFAULT_BUDGET))
        .map(|form| Record::canonical(item.source(), puzzle, &form))
        .map_err(|e| format!("{}: {e}", item.place()))
}

/// Runs `canon`; returns the exit code (1 if a record could not be read).
pub fn run(args: CanonArgs) -> Result<i32> {
    args.input.classic_only("canon")?;
    let mut out = Writer::new(batch::stdout(), Format::Line, None)?;
    let mut tally = batch::Tally::start();
    batch::process(&args.input, &mut out, canon_record, |out, _, result| {
        match result {
            Ok(record) => {
                tally.add(batch::Outcome::Unique);
                out.record(&record)?;
            }
            Err(message) => {
                tally.add(batch::Outcome::Invalid);
                batch::warn(format_args!("{message}"));
            }
        }
        Ok(())
    })?;
    out.end()?;
    if args.input.stats {
        batch::warn(format_args!("{}", tally.summary("canonicalised")));
    }
    Ok(if tally.get(batch::Outcome::Invalid) == 0 {
        0
    } else {
        1
    })
}
