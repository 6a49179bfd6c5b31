//! `sudoku-dlx completions SHELL` and `sudoku-dlx man`: shell completion
//! scripts and a roff man page, both made from the clap definition so they
//! never drift from the real options.

use anyhow::Result;
use clap::Args;
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
/// `command` is the whole command line's definition, given by the
/// dispatch (the definition names this command's arguments in turn).
pub fn run_completions(args: CompletionsArgs, mut command: clap::Command) -> Result<i32> {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut command, "sudoku-dlx", &mut out);
    if args.shell == Shell::Bash {
        out = fix_bash_hyphen_states(&out);
    }
    write_stdout(&out)
}

/// clap_complete's bash script spells the state for `sudoku-dlx SUB` as
/// `sudoku__dlx__subcmd__SUB` where it sets it but `sudoku__subcmd__dlx__
/// subcmd__SUB` in the `case` arms that read it, so no option of a
/// subcommand ever completes (github.com/clap-rs/clap/issues/6421, open
/// for binaries with a hyphen). Spelling the arms the way the state is set fixes it;
/// once clap_complete is fixed this replaces nothing.
fn fix_bash_hyphen_states(script: &[u8]) -> Vec<u8> {
    String::from_utf8_lossy(script)
        .replace("sudoku__subcmd__dlx", "sudoku__dlx")
        .into_bytes()
}

/// Writes the man page (roff) of the whole command line, `command`, to
/// standard output.
pub fn run_man(command: clap::Command) -> Result<i32> {
    let mut out = Vec::new();
    clap_mangen::Man::new(command).render(&mut out)?;
    write_stdout(&out)
}

fn write_stdout(bytes: &[u8]) -> Result<i32> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(bytes)?;
    stdout.flush()?;
    Ok(0)
}
