//! `sudoku-dlx generate`: batches of unique puzzles, in parallel, streamed
//! in index order so that output never depends on the thread count.

use super::batch::{self, warn};
use super::limits::{deadline, parse_seconds};
use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde_json::json;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use sudoku_dlx::generator::{shard_range, GenerateOptions, Generated, Generator, Symmetry, Target};
use sudoku_dlx::logic::{Level, LogicalSolver, Rating};
use sudoku_dlx::{BackendKind, Shape};

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
    /// The book form this format is written in, if it is one.
    fn book(self) -> Option<super::print::BookFormat> {
        match self {
            GenFormat::Pdf => Some(super::print::BookFormat::Pdf),
            GenFormat::Svg => Some(super::print::BookFormat::Svg),
            _ => None,
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
    #[arg(long, short = 'n', default_value_t = 1)]
    count: u64,
    /// Run seed; puzzle i of seed S is always the same puzzle. Random (and
    /// printed to stderr) when omitted.
    #[arg(long)]
    seed: Option<u64>,
    /// Board shape as box rows x box columns.
    #[arg(long = "box", value_name = "RxC", default_value = "3x3")]
    shape: Shape,
    /// Clue symmetry: none, rot180, rot90, mirror, flip, mirror-both,
    /// diagonal, antidiagonal, dihedral.
    #[arg(long, default_value = "none", value_parser = |s: &str| s.parse::<Symmetry>())]
    symmetry: Symmetry,
    /// Stop digging at K clues instead of digging to a minimal puzzle.
    #[arg(long, value_name = "K")]
    givens: Option<usize>,
    /// Bound per puzzle: fresh grids to try when --givens is not reached
    /// (default 100), or puzzles to rate when aiming at a difficulty
    /// (default 1000); then the puzzle is reported as a shortfall.
    #[arg(long, value_name = "N")]
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
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// Rate every puzzle (the rating is in json, jsonl and csv records).
    #[arg(long)]
    rate: bool,
    /// Node budget per uniqueness probe (default: unbounded up to 12x12,
    /// then 2,000,000 for 16x16 and 5,000 for 25x25).
    #[arg(long, value_name = "NODES")]
    budget: Option<u64>,
    /// Engine that decides uniqueness while digging.
    #[arg(long, default_value = "dlx", value_parser = super::parse_backend)]
    backend: BackendKind,
    /// Re-check every puzzle with the other engine before writing it.
    #[arg(long)]
    check: bool,
    /// Worker threads (default: all cores). Output is the same for any
    /// count.
    #[arg(long, value_name = "T")]
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

/// Set by Ctrl-C: workers stop taking puzzles and the output is closed
/// after the last complete record.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Per-thread state: the generator, the grader and, with `--check`, the
/// other engine.
struct Worker {
    generator: Generator,
    grader: LogicalSolver,
    checker: Option<Box<dyn sudoku_dlx::Backend>>,
}

/// What one index produced.
enum Produced {
    Puzzle(Box<Generated>, Option<Rating>),
    Failed(String),
    /// Ctrl-C: not started.
    Skipped,
    /// `--timeout` passed before this index was produced.
    TimedOut,
}

impl GenerateArgs {
    /// The rating band aimed at, if any.
    fn band(&self) -> Option<std::ops::Range<f32>> {
        self.rating.clone().or_else(|| self.difficulty.map(Level::range))
    }

    fn options(&self) -> GenerateOptions {
        let mut options = GenerateOptions::new(self.shape);
        options.symmetry = self.symmetry;
        options.givens = self.givens;
        options.max_attempts = self.max_attempts.unwrap_or(100);
        options.backend = self.backend;
        if self.budget.is_some() {
            options.probe_budget = self.budget;
        }
        options
    }

    fn record_json(&self, g: &Generated, rating: Option<&Rating>) -> serde_json::Value {
        let mut value = json!({
            "index": g.index,
            "seed": g.seed,
            "shape": self.shape,
            "puzzle": g.puzzle.to_line(),
            "clues": g.puzzle.given_count(),
            "symmetry": self.symmetry,
            "backend": self.backend,
            "effort": g.effort,
            "minimal": g.minimal,
            "attempts": g.attempts,
            "version": env!("CARGO_PKG_VERSION"),
        });
        if self.solution {
            value["solution"] = json!(g.solution.to_line());
        }
        if let Some(r) = rating {
            for (key, v) in super::rate::rating_json(r).as_object().into_iter().flatten() {
                value[key] = v.clone();
            }
        }
        value
    }

    /// The text of one record; `first` says whether it opens the output.
    fn render(&self, g: &Generated, rating: Option<&Rating>, first: bool) -> String {
        match self.format {
            GenFormat::Line if self.solution => {
                format!("{} {}\n", g.puzzle.to_line(), g.solution.to_line())
            }
            GenFormat::Line => format!("{}\n", g.puzzle.to_line()),
            GenFormat::Grid if self.solution => {
                format!("{}\n{}\n", g.puzzle.to_pretty(), g.solution.to_pretty())
            }
            GenFormat::Grid => format!("{}\n", g.puzzle.to_pretty()),
            // Books are written whole at the end, from `book_entry`.
            GenFormat::Pdf | GenFormat::Svg => String::new(),
            GenFormat::Jsonl => format!("{}\n", self.record_json(g, rating)),
            GenFormat::Json => format!(
                "{}  {}\n",
                if first { "[\n" } else { "," },
                self.record_json(g, rating)
            ),
            GenFormat::Csv => {
                let mut row = format!(
                    "{},{},{},{},{},{},{}",
                    g.index,
                    g.seed,
                    self.shape,
                    g.puzzle.to_line(),
                    g.puzzle.given_count(),
                    g.effort,
                    g.minimal
                );
                if let Some(r) = rating {
                    row.push_str(&format!(",{:.1},{}", r.score, r.level));
                }
                if self.solution {
                    row.push(',');
                    row.push_str(&g.solution.to_line());
                }
                row.push('\n');
                row
            }
        }
    }

    /// A puzzle as a book entry, numbered from its index.
    fn book_entry(&self, g: &Generated, rating: Option<&Rating>) -> sudoku_dlx::print::Entry {
        sudoku_dlx::print::Entry {
            number: g.index + 1,
            puzzle: g.puzzle.clone(),
            solution: g.solution.clone(),
            level: rating.map(|r| r.level.to_string()),
            rating: rating.map(|r| (r.score * 10.0).round() / 10.0),
        }
    }

    fn header(&self) -> Option<String> {
        (self.format == GenFormat::Csv).then(|| {
            let rated = if self.rates() { ",rating,level" } else { "" };
            let extra = if self.solution { ",solution" } else { "" };
            format!("index,seed,shape,puzzle,clues,effort,minimal{rated}{extra}\n")
        })
    }

    /// Whether records carry a rating.
    fn rates(&self) -> bool {
        self.rate || self.band().is_some()
    }

    fn footer(&self, wrote_any: bool) -> Option<&'static str> {
        match (self.format, wrote_any) {
            (GenFormat::Json, true) => Some("]\n"),
            (GenFormat::Json, false) => Some("[]\n"),
            _ => None,
        }
    }
}

fn make_worker(args: &GenerateArgs) -> Worker {
    let generator = Generator::new(args.options()).expect("options checked before starting");
    let checker = args.check.then(|| args.backend.other().build(args.shape));
    let grader = LogicalSolver::new(args.shape);
    Worker {
        generator,
        grader,
        checker,
    }
}

fn produce(worker: &mut Worker, args: &GenerateArgs, seed: u64, index: u64, run: &Run) -> Produced {
    if INTERRUPTED.load(Ordering::Relaxed) {
        return Produced::Skipped;
    }
    let past_deadline = || run.deadline.is_some_and(|d| Instant::now() >= d);
    if past_deadline() {
        return Produced::TimedOut;
    }
    let result = match args.band() {
        None => worker.generator.generate(seed, index),
        Some(band) => {
            let target = Target {
                band,
                max_rated: args.max_attempts.unwrap_or(1000),
                deadline: run.deadline,
            };
            let grader = &mut worker.grader;
            let band = target.band.clone();
            let mut rate = |p: &sudoku_dlx::Grid| {
                run.rated.fetch_add(1, Ordering::Relaxed);
                // Enough to aim, and far cheaper than a full rating.
                grader.band_score(p, band.clone()).unwrap_or(f32::INFINITY)
            };
            worker
                .generator
                .generate_rated(seed, index, &target, &mut rate)
                .map(|found| found.generated)
        }
    };
    let generated = match result {
        Ok(g) => g,
        // A shortfall the deadline caused is not this index's failure.
        Err(_) if past_deadline() => return Produced::TimedOut,
        Err(e) => return Produced::Failed(format!("puzzle {index}: {e}")),
    };
    if let Some(checker) = worker.checker.as_mut() {
        let count = checker.count(&generated.puzzle, 2, None);
        if count.solutions != 1 || count.first.as_ref() != Some(&generated.solution) {
            let message = format!(
                "puzzle {index}: engines disagree: {} found it unique, {} counted {} solution(s)",
                worker.generator.options().backend,
                checker.name(),
                count.solutions
            );
            return Produced::Failed(message);
        }
    }
    let rating = if args.rates() {
        worker.grader.rate(&generated.puzzle).ok()
    } else {
        None
    };
    Produced::Puzzle(Box::new(generated), rating)
}

/// What every worker of a run shares.
struct Run {
    deadline: Option<Instant>,
    /// Candidates rated so far, for the progress bar and `--stats`.
    rated: AtomicU64,
}

fn progress_bar(total: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {per_sec}, eta {eta} {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

fn open_output(path: &Option<PathBuf>) -> Result<Box<dyn Write>> {
    Ok(match path {
        Some(p) => {
            let file = std::fs::File::create(p).with_context(|| format!("cannot create {}", p.display()))?;
            Box::new(std::io::BufWriter::new(file))
        }
        None => Box::new(batch::stdout()),
    })
}

/// Runs `generate`; returns the exit code.
pub fn run(args: GenerateArgs) -> Result<i32> {
    Generator::new(args.options())?;
    let seed = args.seed.unwrap_or_else(|| {
        let seed = rand::random::<u64>();
        warn(format_args!(
            "sudoku-dlx: seed {seed} (pass --seed {seed} to repeat this run)"
        ));
        seed
    });
    let range = match args.shard {
        Some(s) => shard_range(args.count, s.part, s.parts)?,
        None => 0..args.count,
    };
    let pool = batch::pool(args.threads)?;
    // Ignore a failure to install the handler (one may exist already):
    // Ctrl-C then just ends the process, as it would anyway.
    let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::SeqCst));
    if args.format.book().is_some() {
        args.book.check(args.shape)?;
    }
    let mut book = Vec::new();
    let mut out = match args.format.book() {
        Some(_) => Box::new(std::io::sink()),
        None => open_output(&args.output)?,
    };
    let bar = progress_bar(range.end - range.start);
    let start = Instant::now();
    let run = Run {
        deadline: deadline(start, args.timeout),
        rated: AtomicU64::new(0),
    };
    let mut timed_out = false;
    let chunk = 16 * pool.current_num_threads() as u64;
    let (mut written, mut failed) = (0u64, 0u64);
    let (mut clues, mut effort) = (0u64, 0u64);
    if let Some(header) = args.header() {
        out.write_all(header.as_bytes())?;
    }
    let states = batch::PerThread::new(&pool);
    let mut next = range.start;
    'run: while next < range.end {
        let end = (next + chunk).min(range.end);
        let results: Vec<Produced> = pool.install(|| {
            (next..end)
                .into_par_iter()
                .map(|i| states.with(|| make_worker(&args), |w| produce(w, &args, seed, i, &run)))
                .collect()
        });
        for produced in results {
            match produced {
                Produced::Puzzle(g, rating) if args.format.book().is_some() => {
                    book.push(args.book_entry(&g, rating.as_ref()));
                    written += 1;
                    clues += g.puzzle.given_count() as u64;
                    effort += g.effort;
                }
                Produced::Puzzle(g, rating) => {
                    out.write_all(args.render(&g, rating.as_ref(), written == 0).as_bytes())?;
                    written += 1;
                    clues += g.puzzle.given_count() as u64;
                    effort += g.effort;
                }
                Produced::Failed(message) => {
                    bar.suspend(|| warn(format_args!("sudoku-dlx: {message}")));
                    failed += 1;
                }
                Produced::Skipped => break 'run,
                Produced::TimedOut => {
                    timed_out = true;
                    break 'run;
                }
            }
            bar.inc(1);
        }
        if args.band().is_some() {
            let rated = run.rated.load(Ordering::Relaxed);
            bar.set_message(format!("rated {rated}, hits {written}"));
        }
        out.flush()?;
        next = end;
    }
    if let Some(footer) = args.footer(written > 0) {
        out.write_all(footer.as_bytes())?;
    }
    out.flush()?;
    bar.finish_and_clear();
    if let Some(format) = args.format.book() {
        super::print::write_book(&book, &args.book, format, args.output.as_deref())?;
    }
    if args.stats {
        let secs = start.elapsed().as_secs_f64();
        let mean = |total: u64| total as f64 / written.max(1) as f64;
        warn(format_args!(
            "puzzles generated: {written}, failed: {failed}, time: {secs:.3} s, {:.1} puzzles/s, mean clues: {:.2}, mean effort: {:.1} nodes",
            written as f64 / secs.max(1e-9),
            mean(clues),
            mean(effort)
        ));
        if args.band().is_some() {
            let rated = run.rated.load(Ordering::Relaxed);
            warn(format_args!(
                "candidates rated: {rated} ({:.1} per puzzle found)",
                rated as f64 / written.max(1) as f64
            ));
        }
    }
    if INTERRUPTED.load(Ordering::SeqCst) {
        warn(format_args!("sudoku-dlx: interrupted after {written} puzzles"));
        return Ok(130);
    }
    if timed_out {
        let wanted = range.end - range.start;
        warn(format_args!(
            "sudoku-dlx: --timeout {} s reached after {:.2} s: wrote {written} of {wanted} puzzles, {} not produced",
            args.timeout.unwrap_or(Duration::MAX).as_secs_f64(),
            start.elapsed().as_secs_f64(),
            wanted - written - failed
        ));
        return Ok(1);
    }
    Ok(if failed == 0 { 0 } else { 1 })
}
