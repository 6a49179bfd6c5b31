//! Reading puzzles for a book with what `generate` wrote about them: the
//! JSON array (`--format json`), JSON lines (`jsonl`) and CSV records carry
//! an index, a rating, a level and maybe a solution; every other form
//! (lines, pasted grids) goes through [`crate::formats::PuzzleReader`] and
//! carries the puzzle alone.

use crate::formats::{parse_json, parse_line, read_variant_records, ParseError, PuzzleReader};
use crate::grid::Grid;
use crate::shape::Shape;
use crate::variant::Variant;
use serde::Deserialize;

/// A puzzle read for printing, with where it came from.
#[derive(Clone, Debug)]
pub struct Source {
    /// Where the record is: 1-based line, or for a JSON array the 1-based
    /// record number.
    pub(crate) place: Place,
    /// The puzzle.
    pub(crate) puzzle: Grid,
    /// Its solution, if the record has one.
    pub(crate) solution: Option<Grid>,
    /// Rating on the Sudoku Explainer scale, if the record has one.
    pub(crate) rating: Option<f32>,
    /// Level name, if the record has one.
    pub(crate) level: Option<String>,
    /// The record's index in its generating run, if it has one.
    pub(crate) index: Option<u64>,
    /// The puzzle's rules: the record's own (`"variant"`, `"regions"`),
    /// else the reader's default.
    pub(crate) variant: Variant,
}

/// Where a record is in its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Place {
    /// A line (1-based).
    Line(usize),
    /// The n-th record (1-based) of a JSON array.
    Record(usize),
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Place::Line(n) => write!(f, "line {n}"),
            Place::Record(n) => write!(f, "record {n}"),
        }
    }
}

/// A fault in the input; its text says where it is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(transparent)]
pub struct InputError(Fault);

impl From<ParseError> for InputError {
    fn from(e: ParseError) -> InputError {
        InputError(Fault::Parse(e))
    }
}

/// What is wrong with the input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum Fault {
    /// A record that is not a puzzle (from the formats reader).
    #[error("{0}")]
    Parse(ParseError),
    /// A fault in a record of a JSON array.
    #[error("record {record}: {message}")]
    Record {
        /// 1-based record number.
        record: usize,
        /// What is wrong.
        message: String,
    },
}

/// What a JSON record may say beyond its puzzle (which
/// [`crate::formats::parse_json`] reads). Unknown fields are ignored.
#[derive(Deserialize, Default)]
struct Extras {
    solution: Option<String>,
    rating: Option<f32>,
    level: Option<String>,
    index: Option<u64>,
    variant: Option<String>,
    regions: Option<String>,
}

/// Longest level name printed (the longest real one is `extreme`).
const MAX_LEVEL_CHARS: usize = 24;

/// Reads every puzzle of `text`, in order; the first fault stops the read.
/// `shape` forces a board shape; `variant` gives the rules of records
/// that do not name their own (a record's `"variant"` and `"regions"`
/// fields, or CSV columns of those names, win). Under jigsaw rules
/// without a region map, each puzzle line is followed by a line of region
/// symbols, one per cell.
pub fn read_sources(text: &str, shape: Option<Shape>, variant: &Variant) -> Result<Vec<Source>, InputError> {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .unwrap_or("");
    let mut sources = if first.starts_with('[') {
        read_json_array(text, shape)
    } else if let Some(columns) = csv_header(first) {
        read_csv(text, &columns, shape)
    } else if variant.is_classic() {
        read_records(text, shape)
    } else {
        read_variant_lines(text, shape, variant)
    }?;
    if !variant.is_classic() {
        for src in &mut sources {
            if src.variant.is_classic() {
                src.variant = variant.clone();
            }
        }
    }
    Ok(sources)
}

/// Column names of a CSV header such as `generate --format csv` writes.
fn csv_header(line: &str) -> Option<Vec<String>> {
    let columns: Vec<String> = line.split(',').map(|c| c.trim().to_ascii_lowercase()).collect();
    (columns.len() > 1 && columns.iter().any(|c| c == "puzzle")).then_some(columns)
}

fn error(line: usize, column: Option<usize>, message: impl Into<String>) -> ParseError {
    ParseError {
        line,
        column,
        message: message.into(),
    }
}

fn source(place: Place, puzzle: Grid) -> Source {
    Source {
        place,
        puzzle,
        solution: None,
        rating: None,
        level: None,
        index: None,
        variant: Variant::classic(),
    }
}

/// The extras of a JSON record checked, and the solution parsed for the
/// puzzle's shape. Faults are messages; the caller says where.
fn apply_extras(src: &mut Source, extras: Extras) -> Result<(), String> {
    if let Some(level) = &extras.level {
        if level.chars().count() > MAX_LEVEL_CHARS || level.trim().is_empty() {
            return Err(format!("\"level\" '{level}' is not a level name"));
        }
    }
    if let Some(r) = extras.rating {
        if !(r.is_finite() && (0.0..=100.0).contains(&r)) {
            return Err(format!("\"rating\" {r} is not a rating"));
        }
    }
    if let Some(solution) = &extras.solution {
        let grid = parse_line(solution, Some(src.puzzle.shape()), 1)
            .map_err(|e| format!("in \"solution\": {}", e.message))?;
        src.solution = Some(grid);
    }
    if let Some(named) = &extras.variant {
        let rules: Variant = named.parse().map_err(|e| format!("in \"variant\": {e}"))?;
        src.variant = match &extras.regions {
            Some(map) => rules
                .with_regions(map, src.puzzle.shape())
                .map_err(|e| format!("in \"regions\": {e}"))?,
            None => rules,
        };
        src.variant.check(src.puzzle.shape()).map_err(|e| e.to_string())?;
    }
    src.rating = extras.rating;
    src.level = extras.level;
    src.index = extras.index;
    Ok(())
}

/// Puzzle lines and JSON lines under variant rules: the variant reader
/// takes each puzzle with its rules (and a jigsaw puzzle's region line),
/// then a JSON record's other fields are read as in [`read_records`].
fn read_variant_lines(text: &str, shape: Option<Shape>, variant: &Variant) -> Result<Vec<Source>, InputError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for record in read_variant_records(text, shape, variant) {
        let (puzzle, rules) = record.puzzle?;
        let mut src = source(Place::Line(record.line), puzzle);
        read_line_extras(&mut src, &lines, record.line)?;
        src.variant = rules;
        out.push(src);
    }
    Ok(out)
}

/// The extras of the JSON record on `line` (1-based) of `lines`, if that
/// line is one; a plain puzzle line has none.
fn read_line_extras(src: &mut Source, lines: &[&str], line: usize) -> Result<(), InputError> {
    let text = lines.get(line - 1).map_or("", |l| l.trim());
    if text.starts_with('{') {
        let extras: Extras = serde_json::from_str(text)
            .map_err(|e| error(line, Some(e.column()), format!("invalid record: {e}")))?;
        apply_extras(src, extras).map_err(|m| error(line, None, m))?;
    }
    Ok(())
}

/// JSON lines and the plain forms, record by record.
fn read_records(text: &str, shape: Option<Shape>) -> Result<Vec<Source>, InputError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for record in PuzzleReader::new(text.as_bytes(), shape) {
        let puzzle = record.puzzle?;
        let mut src = source(Place::Line(record.line), puzzle);
        read_line_extras(&mut src, &lines, record.line)?;
        out.push(src);
    }
    Ok(out)
}

/// A JSON array of records (as `generate --format json` writes).
fn read_json_array(text: &str, shape: Option<Shape>) -> Result<Vec<Source>, InputError> {
    let values: Vec<serde_json::Value> = serde_json::from_str(text)
        .map_err(|e| error(e.line(), Some(e.column()), format!("invalid JSON array: {e}")))?;
    let mut out = Vec::with_capacity(values.len());
    for (i, value) in values.iter().enumerate() {
        let record = i + 1;
        let fault = |message: String| InputError(Fault::Record { record, message });
        let puzzle = parse_json(&value.to_string(), shape, 1).map_err(|e| fault(e.message))?;
        let extras = Extras::deserialize(value).map_err(|e| fault(format!("invalid record: {e}")))?;
        let mut src = source(Place::Record(record), puzzle);
        apply_extras(&mut src, extras).map_err(fault)?;
        out.push(src);
    }
    Ok(out)
}

/// CSV with a header row naming at least a `puzzle` column; `shape`,
/// `solution`, `rating`, `level` and `index` are read when present.
fn read_csv(text: &str, columns: &[String], shape: Option<Shape>) -> Result<Vec<Source>, InputError> {
    let find = |name: &str| columns.iter().position(|c| c == name);
    let puzzle_col = find("puzzle").expect("a header has a puzzle column");
    let mut out = Vec::new();
    let mut header_seen = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if !header_seen {
            header_seen = true;
            continue;
        }
        let fields: Vec<&str> = raw.split(',').map(str::trim).collect();
        if fields.len() != columns.len() {
            let msg = format!("{} fields, but the header names {}", fields.len(), columns.len());
            return Err(error(line, None, msg).into());
        }
        let field = |name: &str| find(name).map(|k| fields[k]).filter(|f| !f.is_empty());
        let column_of = |k: usize| fields[..k].iter().map(|f| f.len() + 1).sum::<usize>() + 1;
        let record_shape = match field("shape") {
            Some(s) => Some(
                s.parse::<Shape>()
                    .map_err(|e| error(line, find("shape").map(column_of), e.to_string()))?,
            ),
            None => shape,
        };
        let puzzle = parse_line(fields[puzzle_col], record_shape, line)
            .map_err(|e| error(line, Some(column_of(puzzle_col)), e.message))?;
        let mut src = source(Place::Line(line), puzzle);
        let number = |name: &str| -> Result<Option<f64>, InputError> {
            field(name)
                .map(|f| {
                    f.parse::<f64>().map_err(|_| {
                        error(
                            line,
                            find(name).map(column_of),
                            format!("{name} '{f}' is not a number"),
                        )
                        .into()
                    })
                })
                .transpose()
        };
        let extras = Extras {
            solution: field("solution").map(str::to_string),
            rating: number("rating")?.map(|r| r as f32),
            level: field("level").map(str::to_string),
            index: number("index")?.map(|i| i as u64),
            variant: field("variant").map(str::to_string),
            regions: field("regions").map(str::to_string),
        };
        apply_extras(&mut src, extras).map_err(|m| error(line, None, m))?;
        out.push(src);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn reads_the_three_record_forms_with_their_extras() {
        let jsonl = format!("{{\"index\":4,\"puzzle\":\"{PUZZLE}\",\"rating\":3.4,\"level\":\"hard\"}}\n");
        let array =
            format!("[\n  {{\"index\":4,\"puzzle\":\"{PUZZLE}\",\"rating\":3.4,\"level\":\"hard\"}}\n]\n");
        let csv = format!("index,seed,shape,puzzle,clues,effort,minimal,rating,level\n4,1,3x3,{PUZZLE},17,9,true,3.4,hard\n");
        for text in [jsonl, array, csv] {
            let sources = read_sources(&text, None, &Variant::classic()).unwrap();
            assert_eq!(sources.len(), 1, "{text}");
            let s = &sources[0];
            assert_eq!(s.puzzle.to_line(), PUZZLE);
            assert_eq!(
                (s.index, s.rating, s.level.as_deref()),
                (Some(4), Some(3.4), Some("hard"))
            );
        }
    }

    #[test]
    fn plain_lines_carry_the_puzzle_alone() {
        let sources = read_sources(&format!("# book\n{PUZZLE} 7.1\n"), None, &Variant::classic()).unwrap();
        assert_eq!(sources[0].place, Place::Line(2));
        assert_eq!(sources[0].rating, None);
    }

    #[test]
    fn faults_name_the_place() {
        let e = read_sources(
            &format!("[{{\"puzzle\":\"{PUZZLE}\"}}, {{\"puzzle\":\"12\"}}]"),
            None,
            &Variant::classic(),
        )
        .unwrap_err();
        assert!(e.to_string().starts_with("record 2:"), "{e}");
        let e = read_sources(&format!("index,puzzle,rating\n1,{PUZZLE},x\n"), None, &Variant::classic()).unwrap_err();
        assert!(e.to_string().contains("line 2, column 85"), "{e}");
        let e = read_sources(
            &format!("{{\"puzzle\":\"{PUZZLE}\",\"rating\":\"hard\"}}\n"),
            None,
            &Variant::classic(),
        )
        .unwrap_err();
        assert!(e.to_string().starts_with("line 1, column"), "{e}");
        let e = read_sources(
            &format!("{{\"puzzle\":\"{PUZZLE}\",\"solution\":\"123\"}}\n"),
            None,
            &Variant::classic(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("solution"), "{e}");
    }
}
