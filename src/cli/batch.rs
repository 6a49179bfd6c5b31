//! Batch plumbing shared by the commands: reading records from files or
//! standard input, processing them on a thread pool, and handing results
//! back in input order so output is the same for any thread count.

use super::options::InputArgs;
use anyhow::{Context, Result};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::time::Instant;
use sudoku_dlx::formats::{PuzzleReader, Record};
use sudoku_dlx::output::Writer;
use sudoku_dlx::parallel::for_each_ordered;
use sudoku_dlx::Grid;

/// A record with the name of the file it came from.
pub struct Item {
    /// File name, or `-` for standard input.
    pub file: std::sync::Arc<str>,
    /// The record itself.
    pub record: Record,
}

impl Item {
    /// `FILE: line L`, to start a message about this record: the layout
    /// of every per-record message (parse errors add `, column C`).
    pub fn place(&self) -> String {
        format!("{}: line {}", self.file, self.record.line)
    }

    /// File and line, as output records name them.
    pub fn source(&self) -> sudoku_dlx::output::Source {
        sudoku_dlx::output::Source {
            file: self.file.to_string(),
            line: self.record.line,
        }
    }
}

/// Threads per core beyond which more threads only cost: the work is
/// CPU-bound, and each thread builds its own backends.
const THREADS_PER_CORE: usize = 4;

/// The most worker threads worth starting on this machine.
pub fn max_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    cores.saturating_mul(THREADS_PER_CORE)
}

/// A thread pool of the requested size (all cores by default), capped at
/// [`max_threads`]: `--threads 10000` would spend seconds starting threads
/// and building engines that have nothing to do. Output does not depend on
/// the thread count, so the cap changes only speed.
pub fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(thread_count(threads)?)
        .build()
        .context("cannot start worker threads")
}

/// The worker threads `--threads` asks for, capped at [`max_threads`]; 0
/// (one per core) when it is not given.
pub fn thread_count(threads: Option<usize>) -> Result<usize> {
    let Some(t) = threads else { return Ok(0) };
    anyhow::ensure!(t > 0, "--threads must be at least 1");
    let cap = max_threads();
    if t > cap {
        warn(format_args!(
            "sudoku-dlx: --threads {t} capped at {cap} ({THREADS_PER_CORE} per core)"
        ));
    }
    Ok(t.min(cap))
}

fn open(path: &std::path::Path) -> Result<Box<dyn BufRead + Send>> {
    if path.as_os_str() == "-" {
        return Ok(Box::new(BufReader::new(io::stdin())));
    }
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    // Opening a directory succeeds; reading it fails. Say so up front.
    let is_dir = file.metadata().is_ok_and(|m| m.is_dir());
    anyhow::ensure!(!is_dir, "cannot read {}: it is a directory", path.display());
    Ok(Box::new(BufReader::with_capacity(1 << 16, file)))
}

/// Runs `work` on every record of the inputs, on the pool, and passes each
/// result to `emit` in input order, each as soon as it and the records
/// before it are done. Backends and graders come from the library's
/// per-thread cache. Output is flushed
/// whenever the batch waits, so each record shows as soon as it is ready.
pub fn process<T: Send, W: Write>(
    input: &InputArgs,
    out: &mut Writer<W>,
    work: impl Fn(&Item) -> T + Sync + Send,
    mut emit: impl FnMut(&mut Writer<W>, &Item, T) -> Result<()>,
) -> Result<()> {
    // Emitting writes to `out` and waiting flushes it: never at once.
    let out = std::cell::RefCell::new(out);
    let pool = pool(input.threads)?;
    let files: Vec<std::path::PathBuf> = if input.files.is_empty() {
        vec!["-".into()]
    } else {
        input.files.clone()
    };
    for path in files {
        let name: std::sync::Arc<str> = path.display().to_string().into();
        let items = PuzzleReader::new(open(&path)?, input.shape).map(move |record| Item {
            file: name.clone(),
            record,
        });
        for_each_ordered(
            &pool,
            items,
            &work,
            |item, result| emit(&mut out.borrow_mut(), &item, result),
            || Ok(out.borrow_mut().flush()?),
        )?;
    }
    Ok(())
}

/// How a record ended, for the summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Exactly one solution.
    Unique,
    /// No solution.
    Unsolvable,
    /// Two or more solutions.
    Multiple,
    /// Unreadable, or givens that clash.
    Invalid,
    /// Stopped by `--budget` or `--timeout` before an answer.
    GaveUp,
}

/// The line `check` ends with: records read, how they came out, and the
/// time since `start`.
pub fn check_summary(
    read: u64,
    agreed: u64,
    disagreed: u64,
    invalid: u64,
    gave_up: u64,
    start: Instant,
) -> String {
    let secs = start.elapsed().as_secs_f64();
    format!(
        "checked: {read}, engines agree: {agreed}, disagree: {disagreed}, invalid: {invalid}, gave up: {gave_up}, time: {secs:.3} s, {:.0} puzzles/s",
        read as f64 / secs.max(1e-9)
    )
}

/// Counts of outcomes and the wall time, for `--stats`.
pub struct Tally {
    start: Instant,
    counts: [u64; 5],
}

impl Tally {
    /// Starts the clock.
    pub fn start() -> Tally {
        Tally {
            start: Instant::now(),
            counts: [0; 5],
        }
    }

    /// When the clock started.
    pub fn started(&self) -> Instant {
        self.start
    }

    /// Counts one record.
    pub fn add(&mut self, outcome: Outcome) {
        self.counts[outcome as usize] += 1;
    }

    /// Records read so far.
    pub fn read(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// How many records ended this way.
    pub fn get(&self, outcome: Outcome) -> u64 {
        self.counts[outcome as usize]
    }

    /// The summary line for `--stats`.
    pub fn summary(&self, first: &str) -> String {
        let secs = self.start.elapsed().as_secs_f64();
        format!(
            "puzzles read: {}, {first}: {}, unsolvable: {}, several solutions: {}, invalid: {}, gave up: {}, time: {:.3} s, {:.0} puzzles/s",
            self.read(),
            self.get(Outcome::Unique),
            self.get(Outcome::Unsolvable),
            self.get(Outcome::Multiple),
            self.get(Outcome::Invalid),
            self.get(Outcome::GaveUp),
            secs,
            self.read() as f64 / secs.max(1e-9)
        )
    }
}

/// Whether an error is a closed output pipe (`... | head`), which ends a
/// batch quietly rather than as a failure.
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Writes one line to standard error, best effort: a closed or failing
/// stderr drops the message instead of panicking (as `eprintln!` does,
/// exit 101) or stopping the run. Every message the command line prints
/// goes through here.
pub fn warn(message: impl std::fmt::Display) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "{message}");
}

/// Tells the user the seed a run drew (no `--seed` given), so that the
/// run can be repeated; called once the run's options are checked, so
/// that a refused run prints its error alone.
pub fn announce_seed(seed: u64) {
    warn(format_args!(
        "sudoku-dlx: seed {seed} (pass --seed {seed} to repeat this run)"
    ));
}

/// Buffered standard output; each record's text is written whole. Write
/// errors propagate to [`super::run`], which ends quietly on a closed pipe.
pub fn stdout() -> io::BufWriter<io::Stdout> {
    io::BufWriter::with_capacity(1 << 16, io::stdout())
}

/// The puzzle of a record, or a message for stderr.
pub fn puzzle_or_message(item: &Item) -> std::result::Result<&Grid, String> {
    match &item.record.puzzle {
        Ok(grid) => Ok(grid),
        Err(e) => Err(format!("{}: {e}", item.file)),
    }
}

/// The puzzle of a record if it is readable and its givens do not clash;
/// otherwise the message for stderr.
pub fn valid_puzzle(item: &Item) -> std::result::Result<&Grid, String> {
    let puzzle = puzzle_or_message(item)?;
    match puzzle.first_clash() {
        Some(clash) => Err(format!("{}: {}", item.place(), clash)),
        None => Ok(puzzle),
    }
}
