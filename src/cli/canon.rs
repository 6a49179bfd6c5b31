//! `sudoku-dlx canon`: the canonical (minlex) form of each puzzle, one line
//! each, in input order.

use super::batch::{self, Item};
use super::InputArgs;
use anyhow::Result;
use clap::Args;
use sudoku_dlx::canon::{try_canonical, DEFAULT_BUDGET};

/// Options of `canon`.
#[derive(Args, Debug)]
pub struct CanonArgs {
    #[command(flatten)]
    input: InputArgs,
}

fn canon_record(_: &mut (), item: &Item) -> Result<String, String> {
    let puzzle = batch::puzzle_or_message(item)?;
    try_canonical(puzzle, Some(DEFAULT_BUDGET))
        .map(|form| form.to_line())
        .map_err(|e| format!("{}: {e}", item.place()))
}

/// Runs `canon`; returns the exit code (1 if a record could not be read).
pub fn run(args: CanonArgs) -> Result<i32> {
    let mut out = batch::stdout();
    let mut tally = batch::Tally::start();
    batch::process(
        &args.input,
        || (),
        canon_record,
        |_, result| {
            match result {
                Ok(line) => {
                    tally.add(batch::Outcome::Unique);
                    batch::write_record(&mut out, &format!("{line}\n"))?;
                }
                Err(message) => {
                    tally.add(batch::Outcome::Invalid);
                    super::batch::warn(format_args!("{message}"));
                }
            }
            Ok(())
        },
    )?;
    std::io::Write::flush(&mut out)?;
    if args.input.stats {
        super::batch::warn(format_args!("{}", tally.summary("canonicalised")));
    }
    Ok(if tally.get(batch::Outcome::Invalid) == 0 {
        0
    } else {
        1
    })
}
