//! `sudoku-dlx completions SHELL` and `sudoku-dlx man`: shell completion
//! scripts and a roff man page, both made from the clap definition so they
//! never drift from the real options.

use anyhow::Result;
use clap::{Args, CommandFactory};
use clap_complete::Shell;
use std::io::Write;

/// Options of `completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, powershell or elvish.
    #[arg(value_enum)]
    shell: Shell,
}

/// Writes the completion script for one shell to standard output.
pub fn run_completions(args: CompletionsArgs) -> Result<i32> {
    let mut command = super::Cli::command();
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut command, "sudoku-dlx", &mut out);
    write_stdout(&out)
}

/// Writes the man page (roff) to standard output.
pub fn run_man() -> Result<i32> {
    let mut out = Vec::new();
    clap_mangen::Man::new(super::Cli::command()).render(&mut out)?;
    write_stdout(&out)
}

fn write_stdout(bytes: &[u8]) -> Result<i32> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(bytes)?;
    stdout.flush()?;
    Ok(0)
}
