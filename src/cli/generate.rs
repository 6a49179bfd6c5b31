//! `sudoku-dlx generate`: batches of unique puzzles, in parallel, streamed
//! in index order so that output never depends on the thread count.

use super::batch::{self, warn};
use super::progress::Tally;
use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use sudoku_dlx::generator::{GenerateError, Symmetry};
use sudoku_dlx::limits::{deadline, parse_seconds};
use sudoku_dlx::logic::Level;
use sudoku_dlx::output::{Format, GeneratedRecord, Writer};
use sudoku_dlx::pipeline::{Controls, GeneratorBuilder, Plan};
use sudoku_dlx::{BackendKind, Generator, Shape};

/// Output forms of `generate`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenFormat {
    /// The puzzle as one line (then the solution with `--solution`).
    Line,
    /// Pictures of the board for people.
    Grid,
    /// One JSON array of records.
    Json,
    /// One JSON record per line.
    Jsonl,
    /// Comma-separated values with a header row.
    Csv,
    /// A PDF puzzle book with an answer key (see the book options).
    Pdf,
    /// SVG pictures: one file per puzzle, or one puzzle to standard output.
    Svg,
}

impl GenFormat {
    /// The book form this format is written in, or the record format.
    fn target(self) -> Result<Format, super::print::BookFormat> {
        match self {
            GenFormat::Pdf => Err(super::print::BookFormat::Pdf),
            GenFormat::Svg => Err(super::print::BookFormat::Svg),
            GenFormat::Line => Ok(Format::Line),
            GenFormat::Grid => Ok(Format::Grid),
            GenFormat::Json => Ok(Format::Json),
            GenFormat::Jsonl => Ok(Format::Jsonl),
            GenFormat::Csv => Ok(Format::Csv),
        }
    }
}

/// A shard `I/M`: the I-th (from 0) of M contiguous slices of the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    part: u64,
    parts: u64,
}

fn parse_shard(text: &str) -> Result<Shard, String> {
    let bad = || format!("'{text}' is not a shard: expected I/M with 0 <= I < M, such as 0/4");
    let (i, m) = text.split_once('/').ok_or_else(bad)?;
    let part: u64 = i.trim().parse().map_err(|_| bad())?;
    let parts: u64 = m.trim().parse().map_err(|_| bad())?;
    if parts == 0 || part >= parts {
        return Err(bad());
    }
    Ok(Shard { part, parts })
}

/// A rating band `MIN..MAX`, both ends included (ratings have one
/// decimal, so the end is widened by half a step).
fn parse_band(text: &str) -> Result<std::ops::Range<f32>, String> {
    let bad = || format!("'{text}' is not a rating band: expected MIN..MAX, such as 3.0..5.0 or 6.5..");
    let (lo, hi) = text.split_once("..").ok_or_else(bad)?;
    let lo: f32 = if lo.trim().is_empty() {
        0.0
    } else {
        lo.trim().parse().map_err(|_| bad())?
    };
    let hi: f32 = if hi.trim().is_empty() {
        f32::INFINITY
    } else {
        hi.trim().parse().map_err(|_| bad())?
    };
    if lo.is_nan() || hi.is_nan() || lo > hi {
        return Err(bad());
    }
    Ok(lo..hi + 0.05)
}

/// Options of `generate`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// Puzzles in the whole run (all shards together).
    #[arg(long, short = 'n', default_value_t = 1, allow_negative_numbers = true)]
    count: u64,
    /// Run seed; puzzle i of seed S is always the same puzzle. Random (and
    /// printed to stderr) when omitted.
    #[arg(long, allow_negative_numbers = true)]
    seed: Option<u64>,
    /// Board shape as box rows x box columns.
    #[arg(long = "box", value_name = "RxC", default_value = "3x3")]
    shape: Shape,
    /// Clue symmetry: none, rot180, rot90, mirror, flip, mirror-both,
    /// diagonal, antidiagonal, dihedral.
    #[arg(long, default_value = "none", value_parser = |s: &str| s.parse::<Symmetry>())]
    symmetry: Symmetry,
    /// Stop digging at K clues instead of digging to a minimal puzzle.
    #[arg(long, value_name = "K", allow_negative_numbers = true)]
    givens: Option<usize>,
    /// Bound per puzzle: fresh grids to try when --givens is not reached
    /// (default 100), or puzzles to rate when aiming at a difficulty
    /// (default 1000); then the puzzle is reported as a shortfall.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    max_attempts: Option<u32>,
    /// Aim at a difficulty level: easy, medium, hard, expert, extreme
    /// (bands in docs/rating.md).
    #[arg(long, value_name = "LEVEL", conflicts_with = "rating")]
    difficulty: Option<Level>,
    /// Aim at a rating band on the Sudoku Explainer scale, MIN..MAX (both
    /// included; either may be left out, as in 6.5..).
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_band)]
    rating: Option<std::ops::Range<f32>>,
    /// Stop the run after this many seconds (decimals allowed): puzzles
    /// not produced by then are reported in one summary line, and the exit
    /// code is 1.
    #[arg(long, value_name = "SECONDS", allow_hyphen_values = true, value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// Rate every puzzle (the rating is in json, jsonl and csv records).
    #[arg(long)]
    rate: bool,
    /// Node budget per uniqueness probe (default: unbounded up to 12x12,
    /// then 2,000,000 for 16x16 and 5,000 for 25x25).
    #[arg(long, value_name = "NODES", allow_negative_numbers = true)]
    budget: Option<u64>,
    /// Engine that decides uniqueness while digging.
    #[arg(long, default_value = "dlx", value_parser = super::parse_backend)]
    backend: BackendKind,
    /// Re-check every puzzle with the other engine before writing it.
    #[arg(long)]
    check: bool,
    /// Worker threads (default: all cores). Output is the same for any
    /// count.
    #[arg(long, value_name = "T", allow_negative_numbers = true)]
    threads: Option<usize>,
    /// Output form.
    #[arg(long, value_enum, default_value = "line")]
    format: GenFormat,
    /// Include each puzzle's solution.
    #[arg(long)]
    solution: bool,
    /// Write to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// Produce only slice I of M of the run (contiguous index ranges), so
    /// machines can split a run and concatenate their outputs.
    #[arg(long, value_name = "I/M", value_parser = parse_shard)]
    shard: Option<Shard>,
    /// Print a summary (count, time, puzzles per second) to stderr.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    book: super::print::BookArgs,
}

impl GenerateArgs {
    /// The validated library plan: what the flags ask for.
    fn plan(&self, seed: u64, start: Instant) -> Result<Plan, GenerateError> {
        let mut builder: GeneratorBuilder = Generator::builder(self.shape)
            .seed(seed)
            .count(self.count)
            .symmetry(self.symmetry)
            .backend(self.backend)
            .rate(self.rate)
            .check(self.check)
            .deadline(deadline(start, self.timeout));
        if let Some(k) = self.givens {
            builder = builder.givens(k);
        }
        if let Some(n) = self.max_attempts {
            builder = builder.max_attempts(n);
        }
        if self.budget.is_some() {
            builder = builder.probe_budget(self.budget);
        }
        if let Some(band) = self.rating.clone().or_else(|| self.difficulty.map(Level::range)) {
            builder = builder.rating(band);
        }
        if let Some(s) = self.shard {
            builder = builder.shard(s.part, s.parts);
        }
        builder.build()
    }
}

/// What every worker shares: Ctrl-C and the rated-candidates counter.
static CONTROLS: std::sync::LazyLock<Controls> = std::sync::LazyLock::new(Controls::default);

/// Runs `generate`; returns the exit code.
pub fn run(args: GenerateArgs) -> Result<i32> {
    let start = Instant::now();
    let seed = args.seed.unwrap_or_else(|| {
        let seed = rand::random::<u64>();
        warn(format_args!(
            "sudoku-dlx: seed {seed} (pass --seed {seed} to repeat this run)"
        ));
        seed
    });
    let plan = args.plan(seed, start)?;
    let pool = batch::pool(args.threads)?;
    // Ignore a failure to install the handler (one may exist already):
    // Ctrl-C then just ends the process, as it would anyway.
    let _ = ctrlc::set_handler(|| CONTROLS.stop.store(true, Ordering::SeqCst));
    let record = |p: &sudoku_dlx::Puzzle| GeneratedRecord::new(p, args.symmetry, args.backend, args.solution);
    let mut tally = Tally::new(plan.indices(), plan.band().is_some());
    let outcome = match args.format.target() {
        Ok(format) => {
            let out: Box<dyn Write> = match &args.output {
                Some(p) => Box::new(std::io::BufWriter::new(
                    std::fs::File::create(p).with_context(|| format!("cannot create {}", p.display()))?,
                )),
                None => Box::new(batch::stdout()),
            };
            let mut writer = Writer::new(out, format, plan.shard())?;
            writer.begin(&GeneratedRecord::csv_header(plan.rates(), args.solution))?;
            let broke = plan.run_ordered(&pool, &CONTROLS, |result| {
                let written = tally.take(result, &CONTROLS).map(|p| writer.record(&record(&p)));
                match written {
                    Some(Err(e)) => ControlFlow::Break(e),
                    _ if tally.at_batch_end() => writer
                        .flush()
                        .map_or_else(ControlFlow::Break, ControlFlow::Continue),
                    _ => ControlFlow::Continue(()),
                }
            });
            match broke {
                Some(e) => Err(e),
                None => writer.end(),
            }
        }
        Err(book_format) => {
            args.book.check(args.shape)?;
            let mut book = Vec::new();
            plan.run_ordered::<()>(&pool, &CONTROLS, |result| {
                book.extend(
                    tally
                        .take(result, &CONTROLS)
                        .map(|p| super::print::book_entry(&p)),
                );
                ControlFlow::Continue(())
            });
            super::print::write_book(&book, &args.book, book_format, args.output.as_deref())?;
            Ok(())
        }
    };
    tally.finish();
    outcome?;
    if args.stats {
        tally.report_stats(start.elapsed(), &CONTROLS);
    }
    Ok(tally.exit_code(args.timeout, start.elapsed()))
}
