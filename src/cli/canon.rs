//! `sudoku-dlx canon`: the canonical (minlex) form of each puzzle, one line
//! each, in input order.

use super::batch::{self, Item};
use super::options::InputArgs;
use anyhow::Result;
use clap::Args;
use sudoku_dlx::canon::{try_canonical, try_canonical_variant, DEFAULT_BUDGET};
use sudoku_dlx::output::{Format, Record, Source, Writer};
use sudoku_dlx::Variant;

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
    if let Some(variant) = args.input.variant() {
        return run_variant(&args, variant);
    }
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

/// `canon --variant`: each record's form under its own rules, in input
/// order; a jigsaw form is followed by its region line, so that the
/// output reads back.
fn run_variant(args: &CanonArgs, variant: &Variant) -> Result<i32> {
    let mut out = Writer::new(batch::stdout(), Format::Line, None)?;
    let mut tally = batch::Tally::start();
    for (file, record) in super::variant::records(&args.input, variant)? {
        let source = Source {
            file: file.clone(),
            line: record.line,
        };
        let formed = record
            .puzzle
            .map_err(|e| format!("{file}: {e}"))
            .and_then(|(puzzle, rules)| {
                try_canonical_variant(&puzzle, &rules, Some(DEFAULT_BUDGET))
                    .map(|(form, rules)| (puzzle, form, rules))
                    .map_err(|e| format!("{source}: {e}"))
            });
        match formed {
            Ok((puzzle, form, rules)) => {
                tally.add(batch::Outcome::Unique);
                let record = match rules.region_map() {
                    Some(map) => Record::copied(source, format!("{}\n{map}\n", form.to_line())),
                    None => Record::canonical(source, &puzzle, &form),
                };
                out.record(&record)?;
            }
            Err(message) => {
                tally.add(batch::Outcome::Invalid);
                batch::warn(format_args!("{message}"));
            }
        }
        out.flush()?;
    }
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
