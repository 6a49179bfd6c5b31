//! The one place that writes records: every format (line, grid, JSON
//! array, JSON lines, CSV) and every record kind, so that the same record
//! has the same fields in every command and the behaviour under `--shard`
//! is decided here once. Schemas: docs/formats.md.
//!
//! A run writes [`Writer::begin`], then one [`Writer::record`] per record
//! (each complete before the next, so a reader of a cut stream loses at
//! most the last), then [`Writer::end`]. With shards, outputs
//! concatenated in shard order equal the single run's bytes for line,
//! grid, JSON lines and CSV (the header is written by shard 0 only); a
//! JSON array cannot be split that way, so [`Writer::new`] refuses JSON
//! with a shard and points to JSON lines.

use crate::engine::{BackendKind, Count, EffortUnit};
use crate::generator::Symmetry;
use crate::grid::Grid;
use crate::logic::{Level, Rating};
use crate::pipeline::Puzzle;
use crate::shape::Shape;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use std::io::{self, Write};

/// How records are written.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// One line per record (for puzzles: the puzzle line).
    Line,
    /// Pictures of the board for people.
    Grid,
    /// One JSON array holding every record.
    Json,
    /// One JSON object per line.
    Jsonl,
    /// Comma-separated values with one header row.
    Csv,
}

/// Why output could not be written.
#[non_exhaustive]
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// A JSON array split across shards would not concatenate.
    #[error("--format json cannot be sharded: shard outputs would be separate arrays that do not concatenate into one; use --format jsonl, whose shards concatenate into the single run's output")]
    JsonShard,
    /// The record kind has no form in this format.
    #[error("{kind} records have no {format} form")]
    Unsupported {
        /// The record kind.
        kind: &'static str,
        /// The format asked for.
        format: &'static str,
    },
    /// Writing failed (a closed pipe, a full disk).
    #[error("cannot write the output: {0}")]
    Io(#[from] io::Error),
}

/// A record kind: its JSON form comes from `Serialize`; the other forms
/// from these methods.
pub trait Record: Serialize {
    /// The record kind's name, for messages.
    const KIND: &'static str;

    /// The `line` form, without the newline.
    fn line(&self) -> String;

    /// The `grid` form, without the final newline; `None` if the kind
    /// has none.
    fn grid(&self) -> Option<String> {
        None
    }

    /// The CSV cells, in the order of the header the command gives.
    fn csv(&self) -> Option<Vec<String>> {
        None
    }
}

/// Writes records in one format, deciding headers, separators and shard
/// behaviour.
pub struct Writer<W: Write> {
    out: W,
    format: Format,
    /// Whether this output opens the run (not a later shard): only then
    /// is the CSV header written.
    opens_run: bool,
    written: u64,
}

impl<W: Write> Writer<W> {
    /// A writer for `format`; `shard` is `(part, parts)` when this output
    /// is one slice of a run.
    pub fn new(out: W, format: Format, shard: Option<(u64, u64)>) -> Result<Writer<W>, OutputError> {
        if format == Format::Json && shard.is_some() {
            return Err(OutputError::JsonShard);
        }
        Ok(Writer {
            out,
            format,
            opens_run: shard.is_none_or(|(part, _)| part == 0),
            written: 0,
        })
    }

    /// Starts the output: the CSV header (`columns`), on shard 0 only.
    pub fn begin(&mut self, columns: &[&str]) -> Result<(), OutputError> {
        if self.format == Format::Csv && self.opens_run {
            writeln!(self.out, "{}", columns.join(","))?;
        }
        Ok(())
    }

    /// Writes one record, whole.
    pub fn record<R: Record>(&mut self, record: &R) -> Result<(), OutputError> {
        let text = match self.format {
            Format::Line => format!("{}\n", record.line()),
            Format::Grid => format!("{}\n", record.grid().ok_or(unsupported::<R>("grid"))?),
            Format::Jsonl => format!("{}\n", to_json(record)?),
            Format::Json => {
                let opening = if self.written == 0 { "[\n" } else { "," };
                format!("{opening}  {}\n", to_json(record)?)
            }
            Format::Csv => {
                let cells = record.csv().ok_or(unsupported::<R>("csv"))?;
                format!("{}\n", cells.join(","))
            }
        };
        self.out.write_all(text.as_bytes())?;
        self.written += 1;
        Ok(())
    }

    /// Records written so far.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Writes pending output (between batches, so output streams).
    pub fn flush(&mut self) -> Result<(), OutputError> {
        self.out.flush()?;
        Ok(())
    }

    /// Closes the output: the end of a JSON array (an empty one if no
    /// record was written), then a flush.
    pub fn end(&mut self) -> Result<(), OutputError> {
        if self.format == Format::Json {
            self.out
                .write_all(if self.written == 0 { b"[]\n" } else { b"]\n" })?;
        }
        self.flush()
    }
}

fn unsupported<R: Record>(format: &'static str) -> OutputError {
    OutputError::Unsupported {
        kind: R::KIND,
        format,
    }
}

fn to_json(record: &impl Serialize) -> Result<String, OutputError> {
    serde_json::to_string(record).map_err(|e| OutputError::Io(io::Error::other(e)))
}

/// A rating as every record writes it: the score to one decimal as
/// `rating`, the level, the hardest technique, each technique's step
/// count (easiest first) and whether logic finished the puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatingFields {
    /// Sudoku Explainer score, one decimal.
    pub rating: f64,
    /// Named level.
    pub level: Level,
    /// The hardest technique, `null` for a full grid.
    pub hardest: Option<&'static str>,
    /// Steps per technique, easiest first.
    #[serde(serialize_with = "techniques_map")]
    pub techniques: Vec<(&'static str, usize)>,
    /// Whether the techniques solved the puzzle (false: rated beyond them).
    pub solved_by_logic: bool,
}

impl From<&Rating> for RatingFields {
    fn from(r: &Rating) -> RatingFields {
        RatingFields {
            rating: one_decimal(r.score),
            level: r.level,
            hardest: r.hardest.map(|t| t.name()),
            techniques: steps_by_name(r),
            solved_by_logic: r.solved,
        }
    }
}

impl From<Rating> for RatingFields {
    fn from(r: Rating) -> RatingFields {
        RatingFields::from(&r)
    }
}

/// Steps per technique name, easiest first. Variants that share a name
/// (hidden singles in a box, a row, a column) are added together, so a
/// JSON object never repeats a key.
fn steps_by_name(r: &Rating) -> Vec<(&'static str, usize)> {
    let mut merged: Vec<(&'static str, usize)> = Vec::new();
    for (technique, count) in &r.techniques {
        match merged.iter_mut().find(|(name, _)| *name == technique.name()) {
            Some((_, total)) => *total += count,
            None => merged.push((technique.name(), *count)),
        }
    }
    merged
}

/// A score to one decimal, as SE prints it.
pub fn one_decimal(score: f32) -> f64 {
    (score as f64 * 10.0).round() / 10.0
}

fn techniques_map<S: Serializer>(techniques: &[(&'static str, usize)], s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(techniques.len()))?;
    for (name, count) in techniques {
        map.serialize_entry(name, count)?;
    }
    map.end()
}

/// Effort as records write it: the figure and its unit, side by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct EffortFields {
    /// The amount spent.
    pub effort: u64,
    /// What `effort` counts: `search_nodes` or `solve_calls`.
    pub effort_unit: EffortUnit,
}

impl EffortFields {
    /// Effort of `count` by an engine of `kind`.
    pub fn of(kind: BackendKind, effort: u64) -> EffortFields {
        EffortFields {
            effort,
            effort_unit: kind.capabilities().effort_unit,
        }
    }
}

/// Where a record came from: file (`-` for standard input) and line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Source {
    /// File name.
    pub file: String,
    /// 1-based line.
    pub line: usize,
}

/// `generate`: one generated puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GeneratedRecord {
    /// Index in the run.
    pub index: u64,
    /// Run seed.
    pub seed: u64,
    /// Board shape (`3x3`).
    pub shape: Shape,
    /// The puzzle line.
    pub puzzle: String,
    /// Clues.
    pub clues: usize,
    /// Clue symmetry.
    pub symmetry: Symmetry,
    /// Engine that dug it.
    pub backend: BackendKind,
    /// DLX effort to count its solutions to two.
    #[serde(flatten)]
    pub effort: EffortFields,
    /// No clue can be removed.
    pub minimal: bool,
    /// Grids or candidates spent on it.
    pub attempts: u32,
    /// Crate version that made it.
    pub version: &'static str,
    /// The solution, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// The rating, when rated.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub rating: Option<RatingFields>,
    #[serde(skip)]
    grids: (Grid, Option<Grid>),
}

impl GeneratedRecord {
    /// The record of `puzzle`, made with `symmetry` and `backend`; the
    /// solution only when `with_solution`.
    pub fn new(
        puzzle: &Puzzle,
        symmetry: Symmetry,
        backend: BackendKind,
        with_solution: bool,
    ) -> GeneratedRecord {
        let solution = with_solution.then(|| puzzle.solution.clone());
        GeneratedRecord {
            index: puzzle.index,
            seed: puzzle.seed,
            shape: puzzle.puzzle.shape(),
            puzzle: puzzle.puzzle.to_line(),
            clues: puzzle.clues,
            symmetry,
            backend,
            effort: EffortFields {
                effort: puzzle.effort.value,
                effort_unit: puzzle.effort.unit,
            },
            minimal: puzzle.minimal,
            attempts: puzzle.attempts,
            version: env!("CARGO_PKG_VERSION"),
            solution: solution.as_ref().map(Grid::to_line),
            rating: puzzle.rating.as_ref().map(RatingFields::from),
            grids: (puzzle.puzzle.clone(), solution),
        }
    }

    /// The CSV header for records with or without rating and solution.
    pub fn csv_header(rated: bool, with_solution: bool) -> Vec<&'static str> {
        let mut columns = vec!["index", "seed", "shape", "puzzle", "clues", "effort", "minimal"];
        if rated {
            columns.extend(["rating", "level"]);
        }
        if with_solution {
            columns.push("solution");
        }
        columns
    }
}

impl Record for GeneratedRecord {
    const KIND: &'static str = "generated puzzle";

    fn line(&self) -> String {
        match &self.solution {
            Some(s) => format!("{} {s}", self.puzzle),
            None => self.puzzle.clone(),
        }
    }

    fn grid(&self) -> Option<String> {
        let (puzzle, solution) = &self.grids;
        Some(match solution {
            Some(s) => format!("{}\n{}", puzzle.to_pretty(), s.to_pretty()),
            None => puzzle.to_pretty(),
        })
    }

    fn csv(&self) -> Option<Vec<String>> {
        let mut cells = vec![
            self.index.to_string(),
            self.seed.to_string(),
            self.shape.to_string(),
            self.puzzle.clone(),
            self.clues.to_string(),
            self.effort.effort.to_string(),
            self.minimal.to_string(),
        ];
        if let Some(r) = &self.rating {
            cells.push(format!("{:.1}", r.rating));
            cells.push(r.level.to_string());
        }
        cells.extend(self.solution.clone());
        Some(cells)
    }
}

/// `rate`: one rated puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatedRecord {
    /// Where it was read.
    #[serde(flatten)]
    pub source: Source,
    /// The puzzle line.
    pub puzzle: String,
    /// Its rating.
    #[serde(flatten)]
    pub rating: RatingFields,
    /// DLX effort to show it unique.
    #[serde(flatten)]
    pub effort: EffortFields,
}

/// `explain`: a puzzle's rating and its whole solving path.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExplainedRecord {
    /// The puzzle line.
    pub puzzle: String,
    /// Its rating.
    #[serde(flatten)]
    pub rating: RatingFields,
    /// DLX effort to show it unique.
    #[serde(flatten)]
    pub effort: EffortFields,
    /// Every step, with cells, digits and eliminations.
    pub steps: Vec<crate::logic::Step>,
    /// Every step as a sentence.
    pub text: Vec<String>,
    /// The grid where logic stopped (the solution when solved).
    pub grid: String,
}

/// `solve` and `count`: an engine's count of one puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CountRecord {
    /// Where it was read.
    #[serde(flatten)]
    pub source: Source,
    /// `unique`, `multiple`, `none`, `gave_up` (what `solve` reports).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<&'static str>,
    /// Board shape.
    pub shape: Shape,
    /// The puzzle line.
    pub puzzle: String,
    /// Solutions found, at most `limit`.
    pub solutions: u64,
    /// The count limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
    /// False when a budget or timeout stopped the count.
    pub complete: bool,
    /// The solution (`solve`: only of a unique puzzle; `count`: the first).
    pub solution: Option<String>,
    /// Engine effort.
    #[serde(flatten)]
    pub effort: EffortFields,
    /// `solve`: whether a second solution was searched for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uniqueness_checked: Option<bool>,
    /// Why the count was given up, if it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl CountRecord {
    /// The record of `count` by `kind`.
    pub fn new(source: Source, puzzle: &Grid, kind: BackendKind, count: &Count) -> CountRecord {
        CountRecord {
            source,
            status: None,
            shape: puzzle.shape(),
            puzzle: puzzle.to_line(),
            solutions: count.solutions,
            limit: None,
            complete: count.complete,
            solution: count.first.as_ref().map(Grid::to_line),
            effort: EffortFields::of(kind, count.effort),
            uniqueness_checked: None,
            error: None,
        }
    }
}

/// `check`: both engines' counts of one puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CheckRecord {
    /// Where it was read.
    #[serde(flatten)]
    pub source: Source,
    /// The puzzle line.
    pub puzzle: String,
    /// DLX's count.
    pub dlx: Option<u64>,
    /// SAT's count.
    pub sat: Option<u64>,
    /// Whether the engines agree.
    pub agree: bool,
    /// What they disagree on.
    pub problems: Vec<String>,
    /// Why the check was given up, if it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Any command: a record that could not be processed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ErrorRecord {
    /// Where it was read.
    #[serde(flatten)]
    pub source: Source,
    /// `solve`: the status (`invalid`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<&'static str>,
    /// The puzzle line, when it could be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<String>,
    /// What went wrong.
    pub error: String,
}

impl ErrorRecord {
    /// The record of an error at `source`.
    pub fn new(source: Source, error: impl ToString) -> ErrorRecord {
        ErrorRecord {
            source,
            status: None,
            puzzle: None,
            error: error.to_string(),
        }
    }
}

macro_rules! json_only_record {
    ($($kind:ty => $name:literal),*) => {$(
        impl Record for $kind {
            const KIND: &'static str = $name;

            fn line(&self) -> String {
                to_json(self).unwrap_or_default()
            }
        }
    )*};
}

json_only_record!(RatedRecord => "rated puzzle", ExplainedRecord => "explanation", CountRecord => "count", CheckRecord => "check", ErrorRecord => "error");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Generator;

    fn write_run(format: Format, shard: Option<(u64, u64)>, rate: bool) -> Result<Vec<u8>, OutputError> {
        let mut builder = Generator::builder(Shape::CLASSIC).seed(9).count(7).rate(rate);
        if let Some((part, parts)) = shard {
            builder = builder.shard(part, parts);
        }
        let plan = builder.build().expect("valid plan");
        let mut writer = Writer::new(Vec::new(), format, plan.shard())?;
        writer.begin(&GeneratedRecord::csv_header(rate, true))?;
        for puzzle in plan.puzzles() {
            let record = GeneratedRecord::new(&puzzle.unwrap(), Symmetry::None, BackendKind::Dlx, true);
            writer.record(&record)?;
        }
        writer.end()?;
        Ok(writer.out)
    }

    #[test]
    fn shards_concatenate_into_the_single_run_in_every_shardable_format() {
        for format in [Format::Line, Format::Grid, Format::Jsonl, Format::Csv] {
            let whole = write_run(format, None, true).unwrap();
            for parts in [1, 2, 3, 7, 10] {
                let joined: Vec<u8> = (0..parts)
                    .flat_map(|part| write_run(format, Some((part, parts)), true).unwrap())
                    .collect();
                assert_eq!(joined, whole, "{format:?} in {parts} shards");
            }
        }
    }

    #[test]
    fn concatenated_csv_has_one_header_and_jsonl_parses_line_by_line() {
        let joined: Vec<u8> = (0..3)
            .flat_map(|p| write_run(Format::Csv, Some((p, 3)), false).unwrap())
            .collect();
        let text = String::from_utf8(joined).unwrap();
        assert_eq!(text.lines().filter(|l| l.starts_with("index,")).count(), 1);
        assert_eq!(text.lines().count(), 8);
        let joined: Vec<u8> = (0..3)
            .flat_map(|p| write_run(Format::Jsonl, Some((p, 3)), true).unwrap())
            .collect();
        for (i, line) in String::from_utf8(joined).unwrap().lines().enumerate() {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(value["index"], i as u64);
            assert!(value["rating"].is_number() && value["effort_unit"] == "search_nodes");
        }
    }

    #[test]
    fn json_is_one_valid_array_and_refuses_shards() {
        let whole = write_run(Format::Json, None, false).unwrap();
        let value: serde_json::Value = serde_json::from_slice(&whole).unwrap();
        assert_eq!(value.as_array().map(Vec::len), Some(7));
        assert!(matches!(
            write_run(Format::Json, Some((0, 2)), false),
            Err(OutputError::JsonShard)
        ));
        let mut empty = Writer::new(Vec::new(), Format::Json, None).unwrap();
        empty.end().unwrap();
        assert_eq!(empty.out, b"[]\n");
    }
}
