//! Reading puzzles in the text forms people already use, and writing them.
//!
//! Input, record by record (see docs/formats.md):
//! - a line: `N*N` symbols (`1-9`, then `A-P`; `.` or `0` empty), then
//!   optionally whitespace and anything else (a rating, a name);
//! - a grid: `N` rows of `N` symbols, spaces and `|` ignored, rows of
//!   `-`, `+`, `=` skipped as separators;
//! - JSON: an object with `"puzzle"` (a line) and optionally `"shape"`.
//!
//! Empty lines and lines starting with `#` are skipped. Errors name the
//! line and column so a person can find the fault.

use crate::grid::Grid;
use crate::shape::Shape;
use std::io::BufRead;

/// A fault in the input, with where it is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}{}: {message}", column.map(|c| format!(", column {c}")).unwrap_or_default())]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based character position in the line, when one character is at
    /// fault.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
}

/// One puzzle read from the input, or the fault that stopped it.
#[derive(Clone, Debug)]
pub struct Record {
    /// Line where the record starts (1-based).
    pub line: usize,
    /// The puzzle, or what was wrong with it.
    pub puzzle: Result<Grid, ParseError>,
}

/// The value of a puzzle symbol: `Some(0)` for empty, `Some(d)` for digit
/// `d`, `None` for a character that is no symbol at all.
pub fn symbol_value(ch: char) -> Option<u8> {
    match ch {
        '.' | '0' => Some(0),
        '1'..='9' => Some(ch as u8 - b'0'),
        'A'..='P' => Some(ch as u8 - b'A' + 10),
        'a'..='p' => Some(ch as u8 - b'a' + 10),
        _ => None,
    }
}

fn error(line: usize, column: Option<usize>, message: impl Into<String>) -> ParseError {
    ParseError {
        line,
        column,
        message: message.into(),
    }
}

/// Turns `count` symbols into a grid of `shape` (or of the shape their
/// count implies). Each symbol comes with its (line, column), for errors;
/// `line` is where the record starts.
fn grid_from_symbols(
    count: usize,
    symbols: impl Iterator<Item = (char, (usize, usize))>,
    shape: Option<Shape>,
    line: usize,
) -> Result<Grid, ParseError> {
    let shape = match shape {
        Some(s) if s.cells() != count => {
            let msg = format!("{count} cells, but a {s} board has {}", s.cells());
            return Err(error(line, None, msg));
        }
        Some(s) => s,
        None => Shape::from_cell_count(count).map_err(|e| error(line, None, e.to_string()))?,
    };
    let mut cells = Vec::with_capacity(count);
    for (ch, (at_line, at_column)) in symbols {
        let bad = |what: &str| error(at_line, Some(at_column), format!("{what} '{ch}'"));
        let d = symbol_value(ch).ok_or_else(|| bad("unexpected character"))?;
        if d as usize > shape.n() {
            return Err(bad(&format!("digit too large for a {shape} board:")));
        }
        cells.push(d);
    }
    Ok(Grid::from_cells(shape, cells).expect("length and digits checked"))
}

/// Parses a one-line puzzle: the first whitespace-separated field.
pub fn parse_line(text: &str, shape: Option<Shape>, line: usize) -> Result<Grid, ParseError> {
    let field = text.split_whitespace().next().unwrap_or("");
    let lead = text.len() - text.trim_start().len();
    let symbols = field
        .chars()
        .enumerate()
        .map(|(i, ch)| (ch, (line, lead + i + 1)));
    grid_from_symbols(field.chars().count(), symbols, shape, line)
}

/// Parses a JSON record: `{"puzzle": "...", "shape": "3x3"}` (`box` is
/// accepted for `shape`), or `{"cells": [0, 5, ...]}` with numbers, 0 for
/// empty.
pub fn parse_json(text: &str, shape: Option<Shape>, line: usize) -> Result<Grid, ParseError> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| error(line, Some(e.column()), format!("invalid JSON: {e}")))?;
    let shape = match value
        .get("shape")
        .or_else(|| value.get("box"))
        .and_then(|s| s.as_str())
    {
        Some(text) => Some(
            text.parse()
                .map_err(|e: crate::shape::ShapeError| error(line, None, e.to_string()))?,
        ),
        None => shape,
    };
    if let Some(cells) = value.get("cells").and_then(|c| c.as_array()) {
        return grid_from_json_cells(cells, shape, line);
    }
    let puzzle = value.get("puzzle").and_then(|p| p.as_str()).ok_or_else(|| {
        error(
            line,
            None,
            "JSON record has neither a \"puzzle\" string nor a \"cells\" array",
        )
    })?;
    parse_line(puzzle, shape, line).map_err(|mut e| {
        e.message = format!("in \"puzzle\": {}", e.message);
        e.column = None;
        e
    })
}

/// A grid from a JSON array of numbers (0 for empty).
fn grid_from_json_cells(
    cells: &[serde_json::Value],
    shape: Option<Shape>,
    line: usize,
) -> Result<Grid, ParseError> {
    let shape = match shape {
        Some(s) => s,
        None => Shape::from_cell_count(cells.len()).map_err(|e| error(line, None, e.to_string()))?,
    };
    let mut digits = Vec::with_capacity(cells.len());
    for (i, v) in cells.iter().enumerate() {
        match v.as_u64() {
            Some(d) if d as usize <= shape.n() => digits.push(d as u8),
            _ => {
                let msg = format!(
                    "in \"cells\": entry {} is {v}, not a digit from 0 to {}",
                    i + 1,
                    shape.n()
                );
                return Err(error(line, None, msg));
            }
        }
    }
    Grid::from_cells(shape, digits).ok_or_else(|| {
        let msg = format!(
            "in \"cells\": {} cells, but a {shape} board has {}",
            cells.len(),
            shape.cells()
        );
        error(line, None, msg)
    })
}

/// The symbols of one row of a pasted grid, with their places; spaces and
/// `|` are layout, not content.
fn grid_row_symbols(text: &str, line: usize) -> Vec<(char, (usize, usize))> {
    text.chars()
        .enumerate()
        .filter(|(_, ch)| !ch.is_whitespace() && *ch != '|')
        .map(|(i, ch)| (ch, (line, i + 1)))
        .collect()
}

/// A separator row of a pasted grid, like `------+-------+------`.
fn is_separator_row(text: &str) -> bool {
    let t = text.trim();
    !t.is_empty() && t.chars().all(|c| matches!(c, '-' | '+' | '=' | '|' | ' '))
}

fn is_skipped(text: &str) -> bool {
    let t = text.trim();
    t.is_empty() || t.starts_with('#')
}

/// Reads records from text, one puzzle at a time, in any of the input
/// forms. Reading errors (I/O) end the stream with an error record.
pub struct PuzzleReader<R> {
    lines: std::iter::Enumerate<std::io::Lines<R>>,
    shape: Option<Shape>,
    pending: Option<(usize, String)>,
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader; `shape` forces a board shape (`--box`), otherwise each
    /// puzzle's shape comes from its size.
    pub fn new(input: R, shape: Option<Shape>) -> PuzzleReader<R> {
        PuzzleReader {
            lines: input.lines().enumerate(),
            shape,
            pending: None,
        }
    }

    fn next_line(&mut self) -> Option<(usize, Result<String, ParseError>)> {
        if let Some((n, text)) = self.pending.take() {
            return Some((n, Ok(text)));
        }
        let (i, text) = self.lines.next()?;
        Some((
            i + 1,
            text.map_err(|e| error(i + 1, None, format!("cannot read: {e}"))),
        ))
    }

    /// The side a grid row implies: its symbol count when that is a
    /// supported side (or the forced shape's side).
    fn grid_side(&self, symbols: usize) -> Option<usize> {
        match self.shape {
            Some(s) => (s.n() == symbols).then_some(symbols),
            None => [4, 6, 9, 12, 16, 25].contains(&symbols).then_some(symbols),
        }
    }

    /// Reads the rest of a pasted grid whose first row is `first`.
    fn read_grid(&mut self, start: usize, first: &str, side: usize) -> Result<Grid, ParseError> {
        let mut symbols = grid_row_symbols(first, start);
        let mut rows = 1;
        let mut last_line = start;
        while rows < side {
            let Some((n, text)) = self.next_line() else {
                let msg = format!("grid ends after {rows} of {side} rows");
                return Err(error(last_line, None, msg));
            };
            let text = text?;
            last_line = n;
            if is_separator_row(&text) {
                continue;
            }
            if is_skipped(&text) {
                let msg = format!("grid starting on line {start} ends after {rows} of {side} rows");
                return Err(error(n, None, msg));
            }
            let row = grid_row_symbols(&text, n);
            if row.len() != side {
                let msg = format!(
                    "grid row has {} cells, expected {side} (ragged grid starting on line {start})",
                    row.len()
                );
                return Err(error(n, None, msg));
            }
            symbols.extend(row);
            rows += 1;
        }
        let shape = self.shape.or_else(|| Shape::from_cell_count(side * side).ok());
        grid_from_symbols(symbols.len(), symbols.into_iter(), shape, start)
    }

    fn parse_record(&mut self, n: usize, text: String) -> Result<Grid, ParseError> {
        let trimmed = text.trim_start();
        if trimmed.starts_with('{') {
            return parse_json(trimmed, self.shape, n);
        }
        let field_len = trimmed.split_whitespace().next().map_or(0, |f| f.chars().count());
        let is_line = match self.shape {
            Some(s) => field_len == s.cells(),
            None => Shape::from_cell_count(field_len).is_ok(),
        };
        if !is_line {
            let row = grid_row_symbols(&text, n);
            if let Some(side) = self.grid_side(row.len()) {
                return self.read_grid(n, &text, side);
            }
        }
        parse_line(&text, self.shape, n)
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        loop {
            let (n, text) = self.next_line()?;
            let text = match text {
                Ok(t) => t,
                Err(e) => {
                    return Some(Record {
                        line: n,
                        puzzle: Err(e),
                    })
                }
            };
            if is_skipped(&text) {
                continue;
            }
            let puzzle = self.parse_record(n, text);
            return Some(Record { line: n, puzzle });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<Result<Grid, ParseError>> {
        PuzzleReader::new(text.as_bytes(), None)
            .map(|r| r.puzzle)
            .collect()
    }

    const LINE: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn reads_lines_with_comments_and_trailing_fields() {
        let text = format!("# header\n\n{LINE}  7.1 name\n{}\n", LINE.replace('.', "0"));
        let grids = read(&text);
        assert_eq!(grids.len(), 2);
        assert_eq!(grids[0].as_ref().unwrap().to_line(), LINE);
        assert_eq!(grids[0], grids[1]);
    }

    #[test]
    fn reads_a_pasted_grid() {
        let text = "4 . . | . . . | 8 . 5\n. 3 . | . . . | . . .\n. . . | 7 . . | . . .\n------+-------+------\n. 2 . | . . . | . 6 .\n. . . | . 8 . | 4 . .\n. . . | . 1 . | . . .\n------+-------+------\n. . . | 6 . 3 | . 7 .\n5 . . | 2 . . | . . .\n1 . 4 | . . . | . . .\n";
        let grids = read(text);
        assert_eq!(grids.len(), 1);
        assert_eq!(grids[0].as_ref().unwrap().to_line(), LINE);
    }

    #[test]
    fn reads_json_and_large_symbols() {
        let sixteen = "1234341221434321";
        let grids = read(&format!("{{\"puzzle\": \"{LINE}\"}}\n{sixteen}\n"));
        assert_eq!(grids[0].as_ref().unwrap().to_line(), LINE);
        assert_eq!(grids[1].as_ref().unwrap().shape(), Shape::new(2, 2).unwrap());
    }

    #[test]
    fn errors_name_line_and_column() {
        let mut bad = LINE.to_string();
        bad.replace_range(10..11, "x");
        let grids = read(&format!("{LINE}\n{bad}\n{}\n", &LINE[..80]));
        assert!(grids[0].is_ok());
        let e = grids[1].as_ref().unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(11)));
        assert!(e.to_string().contains("'x'"), "{e}");
        let e = grids[2].as_ref().unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.to_string().contains("80 cells"), "{e}");
    }

    #[test]
    fn reads_json_cells() {
        let mut cells = vec![0u8; 16];
        cells[0] = 3;
        let text = format!("{{\"cells\": {:?}}}\n{{\"cells\": [1, 17]}}\n", cells);
        let grids = read(&text);
        assert_eq!(
            grids[0].as_ref().unwrap().to_line(),
            format!("3{}", ".".repeat(15))
        );
        let e = grids[1].as_ref().unwrap_err();
        assert!(
            e.message.contains("2 cells match no board shape") || e.message.contains("entry"),
            "{e}"
        );
    }

    #[test]
    fn digit_too_large_for_the_shape() {
        let e = parse_line("123412345.......", None, 1).unwrap_err();
        assert_eq!(e.column, Some(9));
    }

    #[test]
    fn grid_errors_point_at_the_row() {
        let e = read("12 34\n34 12\n21 x3\n43 21\n")[0].clone().unwrap_err();
        assert_eq!((e.line, e.column), (3, Some(4)));
    }

    #[test]
    fn ragged_grid_is_an_error() {
        let grids = read("12 34\n34 1\n");
        let e = grids[0].as_ref().unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("ragged"), "{e}");
    }
}
