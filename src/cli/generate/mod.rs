//! `sudoku-dlx generate`: batches of unique puzzles, in parallel, streamed
//! in index order so that output never depends on the thread count. The
//! flags become a library [`Plan`] (`args.rs`); the library runs it; the
//! output module or the book printer writes what it yields.

mod args;

use super::batch::{self, warn};
use super::print::BookFormat;
use super::progress::Tally;
use anyhow::{Context, Result};
pub use args::GenerateArgs;
use std::io::{IsTerminal, Write};
use std::sync::atomic::Ordering;
use std::time::Instant;
use sudoku_dlx::output::{Format, OutputError, Writer};
use sudoku_dlx::{Controls, Plan, RunError};

/// What every worker shares: Ctrl-C and the rated-candidates counter.
static CONTROLS: std::sync::LazyLock<Controls> = std::sync::LazyLock::new(Controls::default);

/// Runs `generate`; returns the exit code.
pub fn run(mut args: GenerateArgs) -> Result<i32> {
    args.read_seeds()?;
    let start = Instant::now();
    let seed_drawn = args.seed.is_none();
    let seed = args.seed.unwrap_or_else(rand::random::<u64>);
    if let Some(variant) = args.variant.as_ref().filter(|v| !v.is_classic()) {
        return run_variant(
            &args,
            variant,
            seed,
            seed_drawn,
            batch::thread_count(args.threads)?,
        );
    }
    let plan = args.plan(seed, start)?;
    let threads = batch::thread_count(args.threads)?;
    if seed_drawn {
        batch::announce_seed(seed);
    }
    // Ignore a failure to install the handler (one may exist already):
    // Ctrl-C then just ends the process, as it would anyway.
    let _ = ctrlc::set_handler(|| CONTROLS.stop.store(true, Ordering::SeqCst));
    let mut tally = Tally::new(plan.indices(), plan.band().is_some() || plan.guided());
    tally.set_guided(plan.guided());
    if plan.guided() && !std::io::stderr().is_terminal() {
        log_progress();
    }
    let outcome = match args.format.target() {
        Ok(format) => write_records(&args, &plan, threads, format, &mut tally),
        Err(book) => write_book(&args, &plan, threads, book, &mut tally),
    };
    tally.finish();
    outcome?;
    if args.stats {
        tally.report_stats(start.elapsed(), &CONTROLS);
    }
    Ok(tally.exit_code(args.timeout, start.elapsed()))
}

/// The variant path: refuses what it does not offer, then generates.
fn run_variant(
    args: &GenerateArgs,
    variant: &sudoku_dlx::Variant,
    seed: u64,
    seed_drawn: bool,
    threads: usize,
) -> Result<i32> {
    let unsupported = [
        (args.givens.is_some(), "--givens"),
        (args.shard.is_some(), "--shard"),
        (args.timeout.is_some(), "--timeout"),
        (args.from.is_some(), "--from"),
        (args.state.is_some(), "--state"),
        (args.budget.is_some(), "--budget"),
        (args.backend.is_some(), "--backend"),
    ];
    if let Some((_, what)) = unsupported.iter().find(|(asked, _)| *asked) {
        anyhow::bail!("{what} is not available with --variant {variant}");
    }
    let format = args.format.target().map_err(|book| (book, &args.book));
    super::variant::generate(super::variant::GenerateJob {
        shape: args.shape,
        variant,
        seed,
        seed_drawn,
        count: args.count,
        symmetry: args.symmetry,
        threads,
        format,
        solution: args.solution,
        check: args.check,
        output: args.output.as_deref(),
        band: variant_band(args),
        filter: args.filter(),
        rate: args.rate,
        stats: args.stats,
    })
}

/// The band a variant run aims at, and the puzzles it rates per index:
/// every rating for a technique filter alone.
fn variant_band(args: &GenerateArgs) -> Option<(std::ops::Range<f32>, u32)> {
    let filter = args.filter();
    let band = match (&args.difficulty, &args.rating) {
        (Some(level), _) => level.range(),
        (None, Some(band)) => band.0.clone(),
        (None, None) if !filter.is_empty() => 0.0..f32::INFINITY,
        (None, None) => return None,
    };
    let ratings = args
        .max_attempts
        .unwrap_or_else(|| sudoku_dlx::variant_max_rated(&filter));
    Some((band, ratings))
}

/// A guided search's progress on stderr every [`LOG_EVERY`] when stderr
/// is no terminal (a log file of a long run; a terminal has the bar):
/// candidates rated, puzzles found, the best rating so far.
fn log_progress() {
    std::thread::spawn(|| loop {
        std::thread::sleep(LOG_EVERY);
        let rated = CONTROLS.rated.load(Ordering::Relaxed);
        let found = FOUND.load(Ordering::Relaxed);
        let best = match CONTROLS.best.load(Ordering::Relaxed) {
            0 => String::from("-"),
            bits => format!("{:.1}", f32::from_bits(bits)),
        };
        warn(format_args!(
            "sudoku-dlx: rated {rated}, found {found}, best {best}"
        ));
    });
}

/// Puzzles written so far, for the progress log.
static FOUND: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// How often a guided search logs its progress.
const LOG_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// Streams the run's records in `format`, flushing after each batch.
fn write_records(
    args: &GenerateArgs,
    plan: &Plan,
    threads: usize,
    format: Format,
    tally: &mut Tally,
) -> Result<()> {
    let (out, resumed): (Box<dyn Write>, Option<u64>) = match &args.output {
        Some(path) => {
            let (file, resumed) = open_output(path, plan, format, args.solution)?;
            (Box::new(std::io::BufWriter::new(file)), resumed)
        }
        None => (Box::new(batch::stdout()), None),
    };
    let mut writer = match resumed {
        Some(bytes) => Writer::resumed(out, format, plan.shard(), bytes)?,
        None => Writer::new(out, format, plan.shard())?,
    };
    writer.begin_puzzles(plan.rates(), args.solution)?;
    let sink = Records {
        writer: &mut writer,
        tally,
        with_solution: args.solution,
        guided: plan.guided(),
        to_file: args.output.is_some(),
    };
    plan.run_with(threads, &CONTROLS, sink).map_err(sink_error)?;
    writer.end()?;
    Ok(())
}

/// The output file of a run: created afresh, or, for a guided search
/// resumed from a state file that recorded where this file stood, opened
/// and cut back to that length (records past it were written after the
/// save, and the resumed run writes them again), with that length.
fn open_output(
    path: &std::path::Path,
    plan: &Plan,
    format: Format,
    with_solution: bool,
) -> Result<(std::fs::File, Option<u64>)> {
    let create = || std::fs::File::create(path).with_context(|| format!("cannot create {}", path.display()));
    // At 0 the saved state counts nothing written: the file starts afresh.
    let Some(position) = plan.resume_position()?.filter(|&p| p > 0) else {
        return Ok((create()?, None));
    };
    let mut file = match std::fs::OpenOptions::new().read(true).write(true).open(path) {
        Ok(file) => file,
        // Not there: this part of the run goes to a file of its own.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((create()?, None)),
        Err(e) => return Err(e).with_context(|| format!("cannot open {}", path.display())),
    };
    let len = file
        .metadata()
        .with_context(|| format!("cannot read {}", path.display()))?
        .len();
    anyhow::ensure!(
        len >= position,
        "{} holds {len} bytes where the state file counts {position} bytes of this run's output: it is not this run's output (name another file, or none)",
        path.display()
    );
    let mut head = Vec::new();
    std::io::Read::read_to_end(&mut std::io::Read::take(&file, position.min(256)), &mut head)
        .with_context(|| format!("cannot read {}", path.display()))?;
    anyhow::ensure!(
        sudoku_dlx::output::continues_puzzles(format, plan.shard(), plan.rates(), with_solution, &head),
        "{} does not begin as {} output of this run does: the resumed run would append records of another format or other columns to it (name another file, or keep the format)",
        path.display(),
        format!("{format:?}").to_lowercase()
    );
    file.set_len(position)
        .with_context(|| format!("cannot cut {} back to {position} bytes", path.display()))?;
    std::io::Seek::seek(&mut file, std::io::SeekFrom::End(0))
        .with_context(|| format!("cannot append to {}", path.display()))?;
    Ok((file, Some(position)))
}

/// Hands each result of the run to the writer; when the output is a file,
/// its position is the file's length, saved with a guided search's state.
struct Records<'a, W: Write> {
    writer: &'a mut Writer<W>,
    tally: &'a mut Tally,
    with_solution: bool,
    guided: bool,
    to_file: bool,
}

impl<W: Write> sudoku_dlx::Sink for Records<'_, W> {
    type Error = OutputError;

    fn take(
        &mut self,
        result: Result<sudoku_dlx::Puzzle, sudoku_dlx::GenerateError>,
    ) -> Result<(), OutputError> {
        let found = self.tally.take(result, &CONTROLS);
        if let Some(puzzle) = &found {
            FOUND.fetch_add(1, Ordering::Relaxed);
            self.writer.puzzle(puzzle, self.with_solution)?;
        }
        // A guided search's puzzles are rare and costly: each is on disk
        // before the state file says it was reported.
        if self.tally.at_batch_end() || (found.is_some() && self.guided) {
            self.writer.flush()?;
        }
        Ok(())
    }

    fn position(&mut self) -> Option<u64> {
        // Only what reached the file counts.
        (self.to_file && self.writer.flush().is_ok()).then(|| self.writer.bytes())
    }
}

/// Collects the run into a PDF book or SVG pictures.
fn write_book(
    args: &GenerateArgs,
    plan: &Plan,
    threads: usize,
    book_format: BookFormat,
    tally: &mut Tally,
) -> Result<()> {
    args.book.check(args.shape)?;
    let mut book = Vec::new();
    plan.run_with(
        threads,
        &CONTROLS,
        |result| -> Result<(), std::convert::Infallible> {
            book.extend(
                tally
                    .take(result, &CONTROLS)
                    .map(|p| super::print::book_entry(&p)),
            );
            Ok(())
        },
    )
    .map_err(sink_error)?;
    super::print::write_book(&book, &args.book, book_format, args.output.as_deref())
}

/// The sink's own error as it is (so a closed pipe is still seen as one),
/// or why the run could not start.
fn sink_error<E: std::error::Error + Send + Sync + 'static>(e: RunError<E>) -> anyhow::Error {
    match e {
        RunError::Sink(e) => e.into(),
        other => anyhow::anyhow!("{other}"),
    }
}
