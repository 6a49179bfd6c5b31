//! `sudoku-dlx explain`: the solving path of one puzzle, step by step, in
//! words a person understands.

use super::batch::{self, warn};
use super::limits::LimitArgs;
use super::rate::refusal;
use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use sudoku_dlx::formats::{parse_line, PuzzleReader};
use sudoku_dlx::output::{Format, Record, Writer};
use sudoku_dlx::{grade_variant_within, GradeError, Variant};
use sudoku_dlx::{Grid, Shape};

/// Output forms of `explain`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExplainFormat {
    /// Numbered steps in words.
    Text,
    /// One JSON object with the steps and the rating.
    Json,
}

/// Options of `explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// A puzzle line, or a file whose first puzzle is explained.
    #[arg(value_name = "PUZZLE|FILE")]
    source: String,
    /// Board shape, when it cannot be told from the size.
    #[arg(long = "box", value_name = "RxC")]
    shape: Option<Shape>,
    /// Variant rules (x, windoku, disjoint-groups, anti-knight,
    /// anti-king, jigsaw; comma-separated), solved as Sukaku Explainer
    /// does (jigsaw: the file's first puzzle line and its region line).
    #[arg(long)]
    variant: Option<Variant>,
    /// Output form.
    #[arg(long, value_enum, default_value = "text")]
    format: ExplainFormat,
    /// Show the candidate grid before every step.
    #[arg(long)]
    candidates: bool,
    /// Search bounds for the puzzle.
    #[command(flatten)]
    limits: LimitArgs,
}

/// The puzzle named on the command line: a file's first record, or the
/// argument itself as a puzzle line.
fn read_puzzle(args: &ExplainArgs) -> Result<Grid> {
    let path = std::path::Path::new(&args.source);
    anyhow::ensure!(!path.is_dir(), "cannot read {}: it is a directory", args.source);
    if path.is_file() {
        let file = std::fs::File::open(path).with_context(|| format!("cannot open {}", args.source))?;
        let record = PuzzleReader::new(std::io::BufReader::new(file), args.shape)
            .next()
            .with_context(|| format!("{}: no puzzle in the file", args.source))?;
        return record.puzzle.map_err(|e| anyhow::anyhow!("{}: {e}", args.source));
    }
    parse_line(&args.source, args.shape, 1).map_err(|e| {
        let source = sudoku_dlx::formats::quote(&args.source);
        let at = e.column.map(|c| format!(" (column {c})")).unwrap_or_default();
        anyhow::anyhow!("'{source}' is neither a file nor a puzzle: {}{at}", e.message)
    })
}

/// The first jigsaw puzzle of the file (or `-`, standard input) named on
/// the command line, with its rules: a jigsaw record is a puzzle line
/// followed by its region line, so it is not read from the argument.
fn read_jigsaw(args: &ExplainArgs, variant: &Variant) -> Result<(Grid, Variant)> {
    let (name, text) = super::variant::read_whole(std::path::Path::new(&args.source))?;
    let record = sudoku_dlx::formats::read_variant_records(&text, args.shape, variant)
        .into_iter()
        .next()
        .with_context(|| format!("{name}: no puzzle in the file"))?;
    record.puzzle.map_err(|e| anyhow::anyhow!("{name}: {e}"))
}

/// Runs `explain`; returns the exit code.
pub fn run(args: ExplainArgs) -> Result<i32> {
    let variant = args.variant.clone().unwrap_or_default();
    let (puzzle, variant) = if variant.has(sudoku_dlx::Constraint::Jigsaw) {
        read_jigsaw(&args, &variant)?
    } else {
        (read_puzzle(&args)?, variant)
    };
    let graded = grade_variant_within(&puzzle, &variant, args.limits.into(), true);
    let graded = match graded {
        Ok(graded) => graded,
        Err(GradeError::GaveUp(gave_up)) => {
            warn(format_args!("sudoku-dlx: {gave_up}"));
            return Ok(1);
        }
        Err(e) => bail!("{}", refusal(&e).0),
    };
    let format = match args.format {
        ExplainFormat::Text => Format::Grid,
        ExplainFormat::Json => Format::Jsonl,
    };
    let mut out = Writer::new(batch::stdout(), format, None)?;
    out.record(&Record::explained(&puzzle, graded, args.candidates)?)?;
    out.end()?;
    Ok(0)
}
