//! `--budget NODES` and `--timeout SECONDS` for the commands that read
//! puzzles: the flags of the library's per-record [`Limits`].

use clap::Args;
use std::time::Duration;
use sudoku_dlx::limits::{parse_seconds, Limits};

/// The search-bound flags of one command.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct LimitArgs {
    /// Give up on a record after this many search nodes per engine (DLX:
    /// search-tree nodes; SAT: solver calls). The record is reported as
    /// given up; the others go on.
    #[arg(long, value_name = "NODES", allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..))]
    pub budget: Option<u64>,
    /// Give up on a record after this many seconds (decimals allowed;
    /// `inf` for none). Checked between search tries and between logical
    /// steps, so a record may overrun by one step.
    // Hyphen values reach the parser, so `-1` is refused as negative
    // rather than taken for an option.
    #[arg(long, value_name = "SECONDS", allow_hyphen_values = true, value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
}

impl From<LimitArgs> for Limits {
    fn from(args: LimitArgs) -> Limits {
        Limits {
            budget: args.budget,
            timeout: args.timeout,
        }
    }
}
