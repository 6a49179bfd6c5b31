//! `sudoku-dlx explain`: the solving path of one puzzle, step by step, in
//! words a person understands.

use super::batch::{self, warn};
use super::limits::{Limits, RecordClock};
use super::rate::{Rater, Refusal};
use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use std::io::Write;
use sudoku_dlx::formats::{parse_line, PuzzleReader};
use sudoku_dlx::logic::candidates::Tables;
use sudoku_dlx::logic::{Candidates, Step};
use sudoku_dlx::output::{EffortFields, ExplainedRecord, RatingFields, Record};
use sudoku_dlx::BackendKind;
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
    /// Output form.
    #[arg(long, value_enum, default_value = "text")]
    format: ExplainFormat,
    /// Show the candidate grid before every step.
    #[arg(long)]
    candidates: bool,
    /// Search bounds for the puzzle.
    #[command(flatten)]
    limits: Limits,
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
        let source = sudoku_dlx::shape::quote(&args.source);
        let at = e.column.map(|c| format!(" (column {c})")).unwrap_or_default();
        anyhow::anyhow!("'{source}' is neither a file nor a puzzle: {}{at}", e.message)
    })
}

/// The candidate grid as text: each cell shows its digit or its
/// candidates, columns padded to line up, boxes separated.
pub fn candidate_grid(c: &Candidates) -> String {
    let shape = c.shape();
    let n = shape.n();
    let text = |cell: usize| -> String {
        match c.value(cell) {
            0 => (1..=n as u8)
                .filter(|&d| c.has(cell, d))
                .map(Shape::symbol)
                .collect(),
            d => Shape::symbol(d).to_string(),
        }
    };
    let widths: Vec<usize> = (0..n)
        .map(|col| (0..n).map(|r| text(shape.cell(r, col)).len()).max().unwrap_or(1))
        .collect();
    let mut out = String::new();
    for r in 0..n {
        if r > 0 && r % shape.box_rows() == 0 {
            let rule: Vec<String> = (0..shape.box_rows())
                .map(|b| {
                    let cols = b * shape.box_cols()..(b + 1) * shape.box_cols();
                    "-".repeat(cols.map(|col| widths[col] + 1).sum::<usize>() + 1)
                })
                .collect();
            out.push_str(&rule.join("+"));
            out.push('\n');
        }
        for (col, width) in widths.iter().enumerate() {
            if col > 0 && col % shape.box_cols() == 0 {
                out.push_str(" |");
            }
            out.push_str(&format!(" {:<width$}", text(shape.cell(r, col))));
        }
        out.push('\n');
    }
    out
}

/// Applies a step's placements and eliminations to a candidate grid.
fn apply(c: &mut Candidates, step: &Step, n: usize) {
    for p in &step.placements {
        c.place(p.cell.index(n), p.digit);
    }
    for e in &step.eliminations {
        c.eliminate(e.cell.index(n), e.digit);
    }
}

/// Runs `explain`; returns the exit code.
pub fn run(args: ExplainArgs) -> Result<i32> {
    let puzzle = read_puzzle(&args)?;
    let clock = RecordClock::start(args.limits);
    let mut rater = Rater::new();
    let effort = match rater.check_unique(&puzzle, &clock) {
        Ok(effort) => effort,
        Err(Refusal::GaveUp(gave_up)) => {
            warn(format_args!("sudoku-dlx: {gave_up}"));
            return Ok(1);
        }
        Err(why) => bail!("{why}"),
    };
    let Some(path) = rater
        .solver(puzzle.shape())
        .solve_until(&puzzle, true, clock.deadline())?
    else {
        warn(format_args!("sudoku-dlx: {}", clock.timed_out(effort, 1)));
        return Ok(1);
    };
    let mut out = batch::stdout();
    if args.format == ExplainFormat::Json {
        let record = ExplainedRecord {
            puzzle: puzzle.to_line(),
            rating: RatingFields::from(&path.rating),
            effort: EffortFields::of(BackendKind::Dlx, effort),
            text: path.steps.iter().map(ToString::to_string).collect(),
            steps: path.steps,
            grid: path.grid.to_line(),
        };
        batch::write_record(&mut out, &format!("{}\n", record.line()))?;
        out.flush()?;
        return Ok(0);
    }
    let n = puzzle.shape().n();
    let mut candidates = Candidates::from_grid(std::sync::Arc::new(Tables::new(puzzle.shape())), &puzzle)?;
    batch::write_record(&mut out, &format!("{}\n", puzzle.to_pretty()))?;
    for (i, step) in path.steps.iter().enumerate() {
        if args.candidates {
            batch::write_record(&mut out, &format!("{}\n", candidate_grid(&candidates)))?;
        }
        batch::write_record(&mut out, &format!("{:>3}. {step}\n", i + 1))?;
        apply(&mut candidates, step, n);
    }
    let r = &path.rating;
    let hardest = r.hardest.map_or("none", |t| t.name());
    let ending = if path.solved {
        format!(
            "\nSolved. Rating {:.1} ({}), hardest step: {hardest}; search effort {effort} nodes.\n",
            r.score, r.level
        )
    } else {
        format!(
            "\nStuck: the techniques cannot finish this puzzle (rated {:.1}+, beyond them). Position reached:\n{}\n",
            r.score,
            candidate_grid(&candidates)
        )
    };
    batch::write_record(&mut out, &ending)?;
    out.flush()?;
    Ok(0)
}
