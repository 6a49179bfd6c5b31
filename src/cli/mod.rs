//! Command-line interface: argument parsing and dispatch. Each command
//! lives in its own module; shared input/output plumbing in [`batch`].

#![deny(clippy::print_stdout, clippy::print_stderr)]

mod batch;
mod canon;
mod check;
mod completions;
mod count;
mod dedup;
mod explain;
mod generate;
mod limits;
mod print;
mod progress;
mod rate;
mod solve;

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use sudoku_dlx::{BackendKind, Shape};

/// Generate, solve, count and rate Sudoku puzzles of any box shape.
#[derive(Parser, Debug)]
#[command(name = "sudoku-dlx", version, about, propagate_version = true)]
pub(crate) struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Generate puzzles with exactly one solution.
    Generate(generate::GenerateArgs),
    /// Solve each puzzle: prints its unique solution.
    Solve(solve::SolveArgs),
    /// Count each puzzle's solutions up to a limit.
    Count(count::CountArgs),
    /// Rate each puzzle as a person would solve it (Sudoku Explainer scale).
    Rate(rate::RateArgs),
    /// Show how a person would solve one puzzle, step by step.
    Explain(explain::ExplainArgs),
    /// Solve and count every puzzle with both engines; report any
    /// disagreement.
    Check(check::CheckArgs),
    /// Print puzzles as a book (PDF) or as pictures (SVG), with an answer
    /// key.
    Print(print::PrintArgs),
    /// Write a shell completion script to standard output.
    Completions(completions::CompletionsArgs),
    /// Write the man page (roff) to standard output.
    Man,
    /// Print each puzzle's canonical (minlex) form: equal for puzzles that
    /// are the same puzzle in disguise.
    Canon(canon::CanonArgs),
    /// Copy puzzle records unchanged, keeping only the first of each class
    /// of equivalent puzzles; a summary goes to stderr.
    Dedup(dedup::DedupArgs),
}

/// Options shared by every command that reads puzzles.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// Puzzle files (standard input when none): one puzzle per line,
    /// pasted grids, or JSON records.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Board shape as box rows x box columns (e.g. 3x3, 2x3); inferred from
    /// each puzzle's size when omitted (36 cells are read as 2x3 and 144 as
    /// 3x4: give --box 3x2 or --box 4x3 for the others).
    #[arg(long = "box", value_name = "RxC")]
    pub shape: Option<Shape>,
    /// Worker threads (default: all cores). Output is the same for any
    /// count.
    #[arg(long, value_name = "T", allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Print a summary (counts, time, puzzles per second) to stderr.
    #[arg(long)]
    pub stats: bool,
    /// Search bounds per record.
    #[command(flatten)]
    pub limits: limits::LimitArgs,
}

/// How records are written.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One line per record (the 81-character line for 9x9).
    Line,
    /// A picture of the board for people.
    Grid,
    /// One JSON object per line.
    Json,
}

impl Format {
    /// The output module's format for these records: `json` is one
    /// object per line. Refuses `grid` for commands without pictures.
    pub fn records(self, command: &str, has_grid: bool) -> anyhow::Result<sudoku_dlx::output::Format> {
        use sudoku_dlx::output::Format as Out;
        Ok(match self {
            Format::Line => Out::Line,
            Format::Json => Out::Jsonl,
            Format::Grid if has_grid => Out::Grid,
            Format::Grid => anyhow::bail!("{command} has no grid format: use line or json"),
        })
    }
}

/// Which engine runs the search.
pub fn parse_backend(text: &str) -> Result<BackendKind, String> {
    text.parse()
        .map_err(|e: sudoku_dlx::UnknownBackend| e.to_string())
}

/// Runs the command line; returns the process exit code.
pub fn run() -> i32 {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Generate(args) => generate::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Count(args) => count::run(args),
        Command::Check(args) => check::run(args),
        Command::Rate(args) => rate::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Print(args) => print::run(args),
        Command::Completions(args) => completions::run_completions(args),
        Command::Man => completions::run_man(),
        Command::Canon(args) => canon::run(args),
        Command::Dedup(args) => dedup::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            if batch::is_broken_pipe(&e) {
                return 0;
            }
            batch::warn(format_args!("sudoku-dlx: error: {:#}", flag_words(e)));
            2
        }
    }
}

/// The library's errors name options by their library words; the command
/// line says which flag to change.
fn flag_words(e: anyhow::Error) -> anyhow::Error {
    use sudoku_dlx::output::OutputError;
    use sudoku_dlx::print::PrintError;
    use sudoku_dlx::GenerateError;
    if let Some(GenerateError::GivensOutOfRange(k, shape, least, most)) = e.downcast_ref() {
        return anyhow::anyhow!(
            "--givens {k} is impossible on a {shape} board: a unique puzzle needs at least {least} clues and at most {most}"
        );
    }
    if let Some(GenerateError::NoAttempts) = e.downcast_ref() {
        return anyhow::anyhow!("--max-attempts must be at least 1");
    }
    if let Some(OutputError::JsonShard) = e.downcast_ref() {
        return anyhow::anyhow!(
            "--format json cannot be sharded: shard outputs would be separate arrays that do not concatenate into one; use --format jsonl, whose shards concatenate into the single run's output"
        );
    }
    if let Some(p @ PrintError::DoesNotFit { fits, .. }) = e.downcast_ref() {
        let library_words = format!("; puzzles per page that fit: {fits}");
        let flag = format!("; use --per-page {fits}");
        return anyhow::anyhow!("{}", p.to_string().replace(&library_words, &flag));
    }
    e
}
