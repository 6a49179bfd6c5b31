//! The command line's grammar: the commands and their arguments, as clap
//! parses them; apart from the dispatch, so the commands that describe
//! the command line (completions, the man page) can read it.

use clap::{Parser, Subcommand};

/// Generate, solve, count and rate Sudoku puzzles of any box shape.
#[derive(Parser, Debug)]
#[command(name = "sudoku-dlx", version, about, propagate_version = true)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(super) command: Command,
}

#[derive(Subcommand, Debug)]
pub(super) enum Command {
    /// Generate puzzles with exactly one solution.
    Generate(Box<super::generate::GenerateArgs>),
    /// Solve each puzzle: prints its unique solution.
    Solve(super::solve::SolveArgs),
    /// Count each puzzle's solutions up to a limit.
    Count(super::count::CountArgs),
    /// Rate each puzzle as a person would solve it (Sudoku Explainer scale).
    Rate(super::rate::RateArgs),
    /// Show how a person would solve one puzzle, step by step.
    Explain(super::explain::ExplainArgs),
    /// The next step from a player's board, or the wrong entries on it.
    Hint(super::play::HintArgs),
    /// Look for mistakes on a player's board: clashes or wrong entries.
    CheckBoard(super::play::CheckBoardArgs),
    /// The puzzle of the day: the same on every machine for a date and
    /// level.
    Daily(super::play::DailyArgs),
    /// Serve the JSON API and the web page over HTTP.
    #[cfg(feature = "serve")]
    Serve(super::serve::ServeArgs),
    /// Solve and count every puzzle with both engines; report any
    /// disagreement.
    Check(super::check::CheckArgs),
    /// Print puzzles as a book (PDF) or as pictures (SVG), with an answer
    /// key.
    Print(super::print::PrintArgs),
    /// Write a shell completion script to standard output.
    Completions(super::completions::CompletionsArgs),
    /// Write the man page (roff) to standard output.
    Man,
    /// Print each puzzle's canonical (minlex) form: equal for puzzles that
    /// are the same puzzle in disguise.
    Canon(super::canon::CanonArgs),
    /// Copy puzzle records unchanged, keeping only the first of each class
    /// of equivalent puzzles; a summary goes to stderr.
    Dedup(super::dedup::DedupArgs),
}
