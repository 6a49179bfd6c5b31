//! Command-line interface: argument parsing and dispatch. Each command
//! lives in its own module; shared input/output plumbing in [`batch`].

#![deny(clippy::print_stdout, clippy::print_stderr)]

mod batch;
mod canon;
mod check;
mod commands;
mod completions;
mod count;
mod dedup;
mod explain;
mod generate;
mod limits;
mod options;
mod play;
mod print;
mod progress;
mod rate;
#[cfg(feature = "serve")]
mod serve;
mod solve;
mod variant;

use clap::{CommandFactory, Parser};
use commands::Command;
// The grammar, also for the fuzz target that parses random arguments.
pub(crate) use commands::Cli;

/// Runs the command line; returns the process exit code.
pub fn run() -> i32 {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Generate(args) => generate::run(*args),
        Command::Solve(args) => solve::run(args),
        Command::Count(args) => count::run(args),
        Command::Check(args) => check::run(args),
        Command::Rate(args) => rate::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Hint(args) => play::run_hint(args),
        Command::CheckBoard(args) => play::run_check_board(args),
        Command::Daily(args) => play::run_daily(args),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(args),
        Command::Print(args) => print::run(args),
        Command::Completions(args) => completions::run_completions(args, Cli::command()),
        Command::Man => completions::run_man(Cli::command()),
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
    if let Some((p, fits)) = e.downcast_ref().and_then(|p: &PrintError| Some((p, p.fits()?))) {
        let library_words = format!("; puzzles per page that fit: {fits}");
        let flag = format!("; use --per-page {fits}");
        return anyhow::anyhow!("{}", p.to_string().replace(&library_words, &flag));
    }
    e
}
