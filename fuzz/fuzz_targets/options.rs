//! Option strings: argument lists through the command line's own parser
//! (src/cli compiled in, so every value parser it uses is the one the
//! binary runs: --box, --rating, --difficulty, --symmetry, --shard,
//! --timeout, --budget, --threads, --givens, --limit, --page...), and
//! single values through the library's parsers. No panic; accepted
//! values are within what the rest of the program can handle.
#![no_main]

// The binary's argument definitions, compiled here unchanged.
#[allow(dead_code, unused_imports)]
#[path = "../../src/cli/mod.rs"]
mod cli;

use clap::{CommandFactory, FromArgMatches};
use libfuzzer_sys::fuzz_target;
use sudoku_dlx::generator::Symmetry;
use sudoku_dlx::logic::Level;
use sudoku_dlx::print::PageSize;
use sudoku_dlx::{BackendKind, Shape};

/// Subcommands.
const COMMANDS: [&str; 12] = [
    "generate",
    "solve",
    "count",
    "rate",
    "explain",
    "check",
    "print",
    "canon",
    "dedup",
    "completions",
    "man",
    "help",
];

fn library_parsers(text: &str) {
    if let Ok(shape) = text.parse::<Shape>() {
        assert!(
            shape.n() <= 25 && shape.box_rows() >= 2 && shape.box_cols() >= 2,
            "{text}"
        );
        assert_eq!(shape.n(), shape.box_rows() * shape.box_cols());
    }
    if let Ok(sym) = text.parse::<Symmetry>() {
        assert_eq!(sym.name(), text);
    }
    if let Ok(level) = text.parse::<Level>() {
        assert_eq!(level.name(), text.trim().to_ascii_lowercase());
    }
    let _ = text.parse::<BackendKind>();
    let _ = text.parse::<PageSize>();
}

thread_local! {
    /// The command tree, built (and checked) once.
    static COMMAND: clap::Command = {
        let mut command = cli::Cli::command();
        command.build();
        command
    };
}

/// The input is text, one argument per line (so seeds are readable
/// command lines); a first line that is not a subcommand gets one chosen
/// by its first byte, so most inputs get past the first word.
fn arguments(data: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(data);
    let mut args = vec!["sudoku-dlx".to_string()];
    let words: Vec<&str> = text.split('\n').collect();
    if !COMMANDS.contains(&words[0]) {
        let pick = data.first().map_or(0, |&b| b as usize % COMMANDS.len());
        args.push(COMMANDS[pick].to_string());
    }
    args.extend(words.iter().map(|w| w.to_string()));
    args
}

fuzz_target!(|data: &[u8]| {
    let args = arguments(data);
    for arg in &args {
        library_parsers(arg);
    }
    // `Cli::try_parse_from`, minus rebuilding (and, with debug assertions,
    // re-validating) the whole command tree for every input.
    let parsed = COMMAND.with(|command| command.clone().try_get_matches_from(&args));
    match parsed.and_then(|matches| cli::Cli::from_arg_matches(&matches)) {
        Ok(parsed) => {
            let _ = format!("{parsed:?}");
        }
        // Rendering the message (or the help it carries) must not panic.
        Err(e) => {
            let _ = e.render().to_string();
        }
    }
});
