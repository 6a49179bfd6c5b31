//! Options and parsers several commands share: how puzzles are read,
//! how records are written, which engine runs.

use clap::{Args, ValueEnum};
use std::path::PathBuf;
use sudoku_dlx::{BackendKind, Shape, Variant};

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
    pub limits: super::limits::LimitArgs,
    /// Variant rules for every puzzle: a comma-separated list of x,
    /// windoku, disjoint-groups, anti-knight, anti-king, non-consecutive,
    /// jigsaw (a jigsaw puzzle line is followed by its region line; JSON
    /// records may carry their own "variant" and "regions").
    #[arg(long, value_name = "LIST")]
    pub variant: Option<Variant>,
}

impl InputArgs {
    /// The variant rules asked for, unless classic.
    pub fn variant(&self) -> Option<&Variant> {
        self.variant.as_ref().filter(|v| !v.is_classic())
    }
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
