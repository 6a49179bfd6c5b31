//! `sudoku-dlx dedup`: copies puzzle records (lines, pasted grids, JSON
//! records, for example concatenated shard outputs) unchanged and in
//! order, keeping only the first of each class of equivalent puzzles.
//! Canonical forms are computed in parallel; the output streams.

use super::options::InputArgs;
use anyhow::{Context, Result};
use clap::Args;
use rayon::prelude::*;
use std::io::BufRead;
use sudoku_dlx::canon::{try_canonical, try_canonical_variant, BudgetExceeded, Dedup, DEFAULT_BUDGET};
use sudoku_dlx::formats::{read_variant_records, PuzzleReader};
use sudoku_dlx::output::{Format, Record, Source, Writer};
use sudoku_dlx::{Grid, Variant};

/// Options of `dedup`.
#[derive(Args, Debug)]
pub struct DedupArgs {
    #[command(flatten)]
    input: InputArgs,
}

/// Lines read at once: enough for both cores, small enough to stream.
const CHUNK: usize = 4096;

/// One record: its original text (all its lines) and its puzzle.
struct Raw {
    /// The line it starts on, in its file.
    line: usize,
    text: String,
    puzzle: Result<Grid, String>,
}

/// The output record of a record copied through.
fn copied(file: &str, raw: &Raw) -> Record {
    let source = Source {
        file: file.to_string(),
        line: raw.line,
    };
    Record::copied(source, raw.text.clone())
}

/// Reads whole records, keeping their text so they are written unchanged.
/// Lines the reader skips (blank, `#` comments, a CSV header) are copied
/// through as they are.
fn read_records(text: &str, shape: Option<sudoku_dlx::Shape>, start_line: usize) -> Vec<Raw> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut out = Vec::new();
    let mut reader = PuzzleReader::new(text.as_bytes(), shape).peekable();
    let mut next_line = 1;
    while let Some(record) = reader.next() {
        let end = reader.peek().map_or(lines.len() + 1, |r| r.line);
        let skipped: String = lines[next_line - 1..record.line - 1].concat();
        if !skipped.is_empty() {
            out.push(Raw {
                line: start_line + next_line - 1,
                text: skipped,
                puzzle: Err(String::new()),
            });
        }
        // A record owns the blank and comment lines after it, so a dropped
        // record takes them along (pasted grids end with a blank line).
        let body_end = end - 1;
        out.push(Raw {
            line: start_line + record.line - 1,
            text: lines[record.line - 1..body_end].concat(),
            puzzle: record.puzzle.map_err(|e| {
                let column = e.column.map(|c| format!(", column {c}")).unwrap_or_default();
                format!("line {}{column}: {}", start_line + e.line - 1, e.message)
            }),
        });
        next_line = body_end + 1;
    }
    if next_line <= lines.len() {
        out.push(Raw {
            line: start_line + next_line - 1,
            text: lines[next_line - 1..].concat(),
            puzzle: Err(String::new()),
        });
    }
    out
}

/// Reads up to `CHUNK` lines, then on to the end of a record (a pasted
/// grid is never split between chunks: chunks end at a blank line or at a
/// line that is a whole one-line record).
fn read_chunk(input: &mut dyn BufRead) -> Result<Option<String>> {
    let mut text = String::new();
    let mut lines = 0;
    loop {
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            break;
        }
        lines += 1;
        let boundary = ends_record(&line);
        text.push_str(&line);
        if (lines >= CHUNK && boundary) || lines >= 4 * CHUNK {
            break;
        }
    }
    Ok((!text.is_empty()).then_some(text))
}

/// Whether a line ends any record it is part of: blank, JSON, or a whole
/// one-line puzzle of 6x6 or larger (a 16-symbol line could be a row of
/// a pasted 16x16 grid).
fn ends_record(line: &str) -> bool {
    let t = line.trim();
    let field = t.split_whitespace().next().map_or(0, |f| f.chars().count());
    t.is_empty() || t.starts_with('{') || [36, 81, 144, 256, 625].contains(&field)
}

/// Runs `dedup`; returns the exit code (1 if a record could not be read).
pub fn run(args: DedupArgs) -> Result<i32> {
    if let Some(variant) = args.input.variant() {
        return run_variant(&args, variant);
    }
    let pool = super::batch::pool(args.input.threads)?;
    let files = if args.input.files.is_empty() {
        vec!["-".into()]
    } else {
        args.input.files.clone()
    };
    let mut out = Writer::new(super::batch::stdout(), Format::Line, None)?;
    let mut seen = Dedup::default();
    let (mut kept, mut dropped, mut invalid, mut unsettled) = (0u64, 0u64, 0u64, 0u64);
    for path in files {
        let name = path.display().to_string();
        let mut input: Box<dyn BufRead> = if name == "-" {
            Box::new(std::io::BufReader::new(std::io::stdin()))
        } else {
            let file = std::fs::File::open(&path).with_context(|| format!("cannot open {name}"))?;
            Box::new(std::io::BufReader::with_capacity(1 << 16, file))
        };
        let mut line = 1;
        // Name the file in a read error (a directory, bytes that are not
        // UTF-8): the error ends the run.
        while let Some(text) = read_chunk(input.as_mut()).with_context(|| format!("cannot read {name}"))? {
            let records = read_records(&text, args.input.shape, line);
            line += text.matches('\n').count();
            let forms: Vec<Option<Result<Grid, BudgetExceeded>>> = pool.install(|| {
                records
                    .par_iter()
                    .map(|r| {
                        r.puzzle
                            .as_ref()
                            .ok()
                            .map(|p| try_canonical(p, Some(DEFAULT_BUDGET)))
                    })
                    .collect()
            });
            for (record, form) in records.iter().zip(forms) {
                match (form, &record.puzzle) {
                    (Some(Err(e)), _) => {
                        // Kept: it cannot be shown to be a duplicate.
                        unsettled += 1;
                        super::batch::warn(format_args!("{name}: a record kept unchecked: {e}"));
                        out.record(&copied(&name, record))?;
                    }
                    (Some(Ok(form)), _) => {
                        if seen.insert_canonical(&form) {
                            kept += 1;
                            out.record(&copied(&name, record))?;
                        } else {
                            dropped += 1;
                        }
                    }
                    (None, Err(message)) if !message.is_empty() => {
                        invalid += 1;
                        super::batch::warn(format_args!("{name}: {message}"));
                    }
                    // Comments, blank lines, headers: copied through.
                    (None, _) => out.record(&copied(&name, record))?,
                }
            }
            out.flush()?;
        }
    }
    out.end()?;
    summary(kept, dropped, invalid, unsettled)
}

/// The closing line on stderr, and the exit code.
fn summary(kept: u64, dropped: u64, invalid: u64, unsettled: u64) -> Result<i32> {
    // Every generated puzzle settles; "kept unchecked" is only said when a
    // grid with a huge symmetry group exceeded the search budget.
    let unchecked = if unsettled == 0 {
        String::new()
    } else {
        format!(", {unsettled} kept unchecked (canonical form not settled)")
    };
    super::batch::warn(format_args!(
        "sudoku-dlx dedup: kept {kept}, dropped {dropped} duplicate(s), {invalid} unreadable{unchecked}"
    ));
    Ok(if invalid + unsettled == 0 { 0 } else { 1 })
}

/// `dedup --variant`: each input is read whole (a jigsaw record spans two
/// lines) and its records' forms under their own rules are computed in
/// parallel; records are copied as in the classic path, each with the
/// blank and comment lines after it.
fn run_variant(args: &DedupArgs, variant: &Variant) -> Result<i32> {
    let pool = super::batch::pool(args.input.threads)?;
    let stdin = [std::path::PathBuf::from("-")];
    let files = if args.input.files.is_empty() {
        &stdin[..]
    } else {
        &args.input.files[..]
    };
    let mut out = Writer::new(super::batch::stdout(), Format::Line, None)?;
    let mut seen = Dedup::default();
    let (mut kept, mut dropped, mut invalid, mut unsettled) = (0u64, 0u64, 0u64, 0u64);
    for path in files {
        let (name, text) = super::variant::read_whole(path)?;
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let records = read_variant_records(&text, args.input.shape, variant);
        let forms: Vec<_> = pool.install(|| {
            records
                .par_iter()
                .map(|r| {
                    r.puzzle
                        .as_ref()
                        .ok()
                        .map(|(p, rules)| try_canonical_variant(p, rules, Some(DEFAULT_BUDGET)))
                })
                .collect()
        });
        let first = records.first().map_or(lines.len() + 1, |r| r.line);
        let head: String = lines[..first - 1].concat();
        if !head.is_empty() {
            out.record(&Record::copied(
                Source {
                    file: name.clone(),
                    line: 1,
                },
                head,
            ))?;
        }
        for (i, (record, form)) in records.iter().zip(forms).enumerate() {
            let end = records.get(i + 1).map_or(lines.len() + 1, |r| r.line);
            let source = Source {
                file: name.clone(),
                line: record.line,
            };
            let copy = || Record::copied(source.clone(), lines[record.line - 1..end - 1].concat());
            match (form, &record.puzzle) {
                (Some(Err(e)), _) => {
                    unsettled += 1;
                    super::batch::warn(format_args!("{source}: a record kept unchecked: {e}"));
                    out.record(&copy())?;
                }
                (Some(Ok((form, rules))), _) => {
                    if seen.insert_variant_canonical(&form, &rules) {
                        kept += 1;
                        out.record(&copy())?;
                    } else {
                        dropped += 1;
                    }
                }
                (None, Err(e)) => {
                    invalid += 1;
                    super::batch::warn(format_args!("{name}: {e}"));
                }
                (None, Ok(_)) => unreachable!("a read record has a form or an error"),
            }
        }
        out.flush()?;
    }
    out.end()?;
    summary(kept, dropped, invalid, unsettled)
}
