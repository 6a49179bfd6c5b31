//! `sudoku-dlx rate`: how a person would find each puzzle, on the Sudoku
//! Explainer scale, beside the engine's search effort.

use super::batch::{self, describe_clash, Engines, Item, Outcome, Tally};
use super::{Format, InputArgs};
use anyhow::Result;
use clap::Args;
use serde_json::json;
use std::collections::HashMap;
use sudoku_dlx::logic::{Level, LogicalSolver, Rating};
use sudoku_dlx::{BackendKind, Grid, Shape};

/// Options of `rate`.
#[derive(Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Output: `line` (puzzle, rating, level, hardest technique, effort,
    /// technique counts; tab-separated) or `json`.
    #[arg(long, value_enum, default_value = "line")]
    format: Format,
}

/// Per-thread state: an engine to check uniqueness and measure effort,
/// and a logical solver per shape.
pub struct Rater {
    engines: Engines,
    solvers: HashMap<Shape, LogicalSolver>,
}

impl Rater {
    /// Engines and solvers are built per shape on first use.
    pub fn new() -> Rater {
        Rater {
            engines: Engines::new(BackendKind::Dlx),
            solvers: HashMap::new(),
        }
    }

    /// The logical solver for a shape.
    pub fn solver(&mut self, shape: Shape) -> &mut LogicalSolver {
        self.solvers
            .entry(shape)
            .or_insert_with(|| LogicalSolver::new(shape))
    }

    /// Checks that `puzzle` has exactly one solution; returns the engine's
    /// effort (search nodes) or why it cannot be rated.
    pub fn check_unique(&mut self, puzzle: &Grid) -> Result<u64, String> {
        if let Some(clash) = puzzle.first_clash() {
            return Err(describe_clash(puzzle.shape(), &clash));
        }
        let count = self.engines.get(puzzle.shape()).count(puzzle, 2, None);
        match count.solutions {
            0 => Err("no solution: cannot rate".to_string()),
            1 => Ok(count.nodes),
            _ => Err("several solutions: only unique puzzles are rated".to_string()),
        }
    }
}

/// A rated record, or why it could not be rated.
enum Rated {
    Failed(String, Outcome),
    Done(Grid, Rating, u64),
}

fn rate_record(rater: &mut Rater, item: &Item) -> Rated {
    let puzzle = match batch::puzzle_or_message(item) {
        Ok(p) => p,
        Err(message) => return Rated::Failed(message, Outcome::Invalid),
    };
    let effort = match rater.check_unique(puzzle) {
        Ok(effort) => effort,
        Err(why) => {
            let outcome = if why.starts_with("no solution") {
                Outcome::Unsolvable
            } else if why.starts_with("several") {
                Outcome::Multiple
            } else {
                Outcome::Invalid
            };
            return Rated::Failed(format!("{}: {why}", item.place()), outcome);
        }
    };
    match rater.solver(puzzle.shape()).rate(puzzle) {
        Ok(rating) => Rated::Done(puzzle.clone(), rating, effort),
        Err(e) => Rated::Failed(format!("{}: {e}", item.place()), Outcome::Invalid),
    }
}

/// The technique counts as `name:count` pairs.
fn technique_list(rating: &Rating) -> String {
    let parts: Vec<String> = rating
        .techniques
        .iter()
        .map(|(t, k)| format!("{}:{k}", t.name()))
        .collect();
    parts.join(",")
}

/// The JSON form of a rating (shared with `generate`).
pub fn rating_json(rating: &Rating) -> serde_json::Value {
    let techniques: serde_json::Map<String, serde_json::Value> = rating
        .techniques
        .iter()
        .map(|(t, k)| (t.name().to_string(), json!(k)))
        .collect();
    json!({
        "rating": (rating.score as f64 * 10.0).round() / 10.0,
        "level": rating.level,
        "hardest": rating.hardest.map(|t| t.name()),
        "techniques": techniques,
        "solved_by_logic": rating.solved,
    })
}

fn render(item: &Item, puzzle: &Grid, rating: &Rating, effort: u64, format: Format) -> String {
    let hardest = rating.hardest.map_or("none", |t| t.name());
    match format {
        Format::Json => {
            let mut value = rating_json(rating);
            value["puzzle"] = json!(puzzle.to_line());
            value["file"] = json!(&*item.file);
            value["line"] = json!(item.record.line);
            value["effort"] = json!(effort);
            format!("{value}\n")
        }
        _ => {
            let beyond = if rating.solved {
                ""
            } else {
                " (beyond the techniques)"
            };
            format!(
                "{}\t{:.1}\t{}\t{hardest}{beyond}\t{effort}\t{}\n",
                puzzle.to_line(),
                rating.score,
                rating.level,
                technique_list(rating)
            )
        }
    }
}

/// Runs `rate`; returns the exit code.
pub fn run(args: RateArgs) -> Result<i32> {
    anyhow::ensure!(
        args.format != Format::Grid,
        "rate has no grid format: use line or json"
    );
    let mut out = batch::stdout();
    let mut tally = Tally::start();
    let mut levels = [0u64; Level::ALL.len()];
    batch::process(&args.input, Rater::new, rate_record, |item, rated| {
        match rated {
            Rated::Failed(message, outcome) => {
                tally.add(outcome);
                eprintln!("{message}");
                if args.format == Format::Json {
                    let record = json!({"file": &*item.file, "line": item.record.line, "error": message});
                    batch::write_record(&mut out, &format!("{record}\n"))?;
                }
            }
            Rated::Done(puzzle, rating, effort) => {
                tally.add(Outcome::Unique);
                levels[rating.level as usize] += 1;
                batch::write_record(&mut out, &render(item, &puzzle, &rating, effort, args.format))?;
            }
        }
        Ok(())
    })?;
    std::io::Write::flush(&mut out)?;
    if args.input.stats {
        eprintln!("{}", tally.summary("rated"));
        let rated = tally.get(Outcome::Unique).max(1) as f64;
        let shares: Vec<String> = Level::ALL
            .iter()
            .zip(levels)
            .map(|(level, k)| format!("{level}: {k} ({:.1}%)", 100.0 * k as f64 / rated))
            .collect();
        eprintln!("levels: {}", shares.join(", "));
    }
    Ok(if tally.get(Outcome::Unique) == tally.read() {
        0
    } else {
        1
    })
}
