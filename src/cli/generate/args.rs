//! The flags of `generate` and the library plan they ask for: parsing
//! only; validation is the library's ([`PlanBuilder::build`]).

use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use sudoku_dlx::limits::parse_seconds;
use sudoku_dlx::output::Format;
use sudoku_dlx::Level;
use sudoku_dlx::{BackendKind, Shape};
use sudoku_dlx::{GenerateError, Symmetry};
use sudoku_dlx::{Plan, PlanBuilder, RatingBand, Shard};
use sudoku_dlx::{TechniqueFilter, Techniques};

/// Output forms of `generate`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenFormat {
    /// The puzzle as one line (then the solution with `--solution`).
    Line,
    /// Pictures of the board for people.
    Grid,
    /// One JSON array of records.
    Json,
    /// One JSON record per line.
    Jsonl,
    /// Comma-separated values with a header row.
    Csv,
    /// A PDF puzzle book with an answer key (see the book options).
    Pdf,
    /// SVG pictures: one file per puzzle, or one puzzle to standard output.
    Svg,
}

impl GenFormat {
    /// Whether records in this format show each puzzle's effort.
    pub fn shows_effort(self) -> bool {
        matches!(self, GenFormat::Json | GenFormat::Jsonl | GenFormat::Csv)
    }

    /// The book form this format is written in, or the record format.
    pub fn target(self) -> Result<Format, crate::cli::print::BookFormat> {
        match self {
            GenFormat::Pdf => Err(crate::cli::print::BookFormat::Pdf),
            GenFormat::Svg => Err(crate::cli::print::BookFormat::Svg),
            GenFormat::Line => Ok(Format::Line),
            GenFormat::Grid => Ok(Format::Grid),
            GenFormat::Json => Ok(Format::Json),
            GenFormat::Jsonl => Ok(Format::Jsonl),
            GenFormat::Csv => Ok(Format::Csv),
        }
    }
}

/// Options of `generate`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// Puzzles in the whole run (all shards together).
    #[arg(long, short = 'n', default_value_t = 1, allow_negative_numbers = true)]
    pub count: u64,
    /// Run seed; puzzle i of seed S is always the same puzzle. Random (and
    /// printed to stderr) when omitted.
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Board shape as box rows x box columns.
    #[arg(long = "box", value_name = "RxC", default_value = "3x3")]
    pub shape: Shape,
    /// Clue symmetry: none, rot180, rot90, mirror, flip, mirror-both,
    /// diagonal, antidiagonal, dihedral.
    #[arg(long, default_value = "none", value_parser = |s: &str| s.parse::<Symmetry>())]
    pub symmetry: Symmetry,
    /// Stop digging at K clues instead of digging to a minimal puzzle.
    #[arg(long, value_name = "K", allow_negative_numbers = true)]
    pub givens: Option<usize>,
    /// Bound per puzzle: fresh grids to try when --givens is not reached
    /// (default 100), or puzzles to rate when aiming at a difficulty
    /// (default 1000); then the puzzle is reported as a shortfall.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_attempts: Option<u32>,
    /// Aim at a difficulty level: easy, medium, hard, expert, extreme
    /// (bands in docs/rating.md).
    #[arg(long, value_name = "LEVEL", conflicts_with = "rating")]
    pub difficulty: Option<Level>,
    /// Aim at a rating band on the Sudoku Explainer scale, MIN..MAX (both
    /// included; either may be left out, as in 6.5..).
    #[arg(long, value_name = "MIN..MAX")]
    pub rating: Option<RatingBand>,
    /// Search around the puzzles of FILE (one per line, any input form)
    /// for new ones in the --rating band: the guided search. Puzzles
    /// isomorphic to a seed are never written.
    #[arg(long = "from", value_name = "FILE")]
    pub from: Option<PathBuf>,
    /// Keep the guided search's state in FILE: a stopped run started again
    /// with the same options goes on where it was, writing no puzzle twice.
    #[arg(long, value_name = "FILE")]
    pub state: Option<PathBuf>,
    /// Only puzzles whose solving path uses this technique (an SE name
    /// such as "X-Wing", a machine name, or a family such as fish);
    /// repeatable.
    #[arg(long = "with", value_name = "TECHNIQUE")]
    pub with: Vec<Techniques>,
    /// Only puzzles whose solving path does not use this technique;
    /// repeatable.
    #[arg(long = "without", value_name = "TECHNIQUE")]
    pub without: Vec<Techniques>,
    /// Only puzzles whose hardest step is this technique.
    #[arg(long = "hardest", value_name = "TECHNIQUE")]
    pub hardest: Option<Techniques>,
    /// Stop the run after this many seconds (decimals allowed): puzzles
    /// not produced by then are reported in one summary line, and the exit
    /// code is 1.
    #[arg(long, value_name = "SECONDS", allow_hyphen_values = true, value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    /// Rate every puzzle (the rating is in json, jsonl and csv records).
    #[arg(long)]
    pub rate: bool,
    /// Node budget per uniqueness probe (default: unbounded up to 12x12,
    /// then 30,000 for 16x16 and 5,000 for 25x25).
    #[arg(long, value_name = "NODES", allow_negative_numbers = true)]
    pub budget: Option<u64>,
    /// Engine that decides uniqueness while digging [default: dlx]. Variant
    /// runs choose their engines per probe (docs/variants.md, "Engines").
    #[arg(long, value_parser = crate::cli::options::parse_backend)]
    pub backend: Option<BackendKind>,
    /// Re-check every puzzle with the other engine before writing it.
    #[arg(long)]
    pub check: bool,
    /// Worker threads (default: all cores). Output is the same for any
    /// count.
    #[arg(long, value_name = "T", allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Output form.
    #[arg(long, value_enum, default_value = "line")]
    pub format: GenFormat,
    /// Include each puzzle's solution.
    #[arg(long)]
    pub solution: bool,
    /// Write to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Produce only slice I of M of the run (contiguous index ranges), so
    /// machines can split a run and concatenate their outputs.
    #[arg(long, value_name = "I/M")]
    pub shard: Option<Shard>,
    /// Print a summary (count, time, puzzles per second) to stderr.
    #[arg(long)]
    pub stats: bool,
    #[command(flatten)]
    pub book: crate::cli::print::BookArgs,
    /// Variant rules: a comma-separated list of x, windoku,
    /// disjoint-groups, anti-knight, anti-king, non-consecutive, jigsaw
    /// (jigsaw regions are drawn at random for each puzzle). Variant
    /// puzzles are minimal.
    #[arg(long, value_name = "LIST")]
    pub variant: Option<sudoku_dlx::Variant>,
    /// The `--from` puzzles, once read.
    #[arg(skip)]
    pub from_seeds: Option<Vec<sudoku_dlx::Grid>>,
}

impl GenerateArgs {
    /// The validated library plan: what the flags ask for.
    pub fn plan(&self, seed: u64, start: Instant) -> Result<Plan, GenerateError> {
        let mut builder: PlanBuilder = Plan::builder(self.shape)
            .seed(seed)
            .count(self.count)
            .symmetry(self.symmetry)
            .backend(self.backend.unwrap_or(BackendKind::Dlx))
            .rate(self.rate)
            .check(self.check)
            // Counting costs time whether or not it is printed.
            .measure_effort(self.format.shows_effort() || self.stats)
            // A timeout too far to represent is no deadline.
            .deadline(self.timeout.and_then(|t| start.checked_add(t)));
        if let Some(k) = self.givens {
            builder = builder.givens(k);
        }
        if let Some(n) = self.max_attempts {
            builder = builder.max_attempts(n);
        }
        if self.budget.is_some() {
            builder = builder.probe_budget(self.budget);
        }
        if let Some(band) = self
            .rating
            .clone()
            .map(|b| b.0)
            .or_else(|| self.difficulty.map(Level::range))
        {
            builder = builder.rating(band);
        }
        if let Some(s) = self.shard {
            builder = builder.shard(s.part, s.parts);
        }
        builder = builder.techniques(self.filter());
        if let Some(path) = &self.state {
            builder = builder.state_file(path.clone());
        }
        if let Some(seeds) = &self.from_seeds {
            builder = builder.from_seeds(seeds.clone());
        }
        builder.build()
    }

    /// The technique filter of `--with`, `--without` and `--hardest`.
    pub fn filter(&self) -> TechniqueFilter {
        let mut filter = TechniqueFilter::default();
        filter.with.clone_from(&self.with);
        filter.without.clone_from(&self.without);
        filter.hardest.clone_from(&self.hardest);
        filter
    }

    /// Reads the `--from` seed puzzles, naming the file and line of the
    /// first one that is not a puzzle.
    pub fn read_seeds(&mut self) -> anyhow::Result<()> {
        use anyhow::Context;
        let Some(path) = &self.from else {
            return Ok(());
        };
        let file = std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
        let mut seeds = Vec::new();
        for record in sudoku_dlx::formats::PuzzleReader::new(std::io::BufReader::new(file), Some(self.shape))
        {
            let puzzle = record
                .puzzle
                .with_context(|| format!("{} line {}: not a seed puzzle", path.display(), record.line))?;
            seeds.push(puzzle);
        }
        if seeds.is_empty() {
            anyhow::bail!("{} holds no puzzle to start from", path.display());
        }
        self.from_seeds = Some(seeds);
        Ok(())
    }
}
