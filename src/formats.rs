//! Reading puzzles in the text forms people already use (writing is the
//! job of `output`).
//!
//! Input, record by record (see docs/formats.md):
//! - a line: `N*N` symbols (`1-9`, then `A-P`; `.` or `0` empty), then
//!   optionally whitespace and anything else (a rating, a name);
//! - a grid: `N` rows of `N` symbols, spaces and `|` ignored, rows of
//!   `-`, `+`, `=` skipped as separators;
//! - JSON: an object with `"puzzle"` (a line) and optionally `"shape"`.
//!
//! Empty lines and lines starting with `#` are skipped. Errors name the
//! line and column (in characters) so a person can find the fault.
//!
//! Reading is bounded: a line longer than 1 MiB is skipped
//! (without being held in memory) with an error, so memory stays flat
//! whatever the input; an I/O error ends the stream after one error
//! record.

use crate::grid::Grid;
/// How messages quote a piece of input text: shortened past a limit.
pub use crate::shape::quote;
use crate::shape::Shape;
use crate::variant::{Constraint, Variant};
use serde::Deserialize;
use serde_json::value::RawValue;
use std::io::{BufRead, ErrorKind};

internal_pub! {
    /// Longest line accepted, in bytes. The largest real record, a 25x25
    /// board as a JSON `"cells"` array with a solution and comments, is a few
    /// kilobytes; a longer line is not a puzzle, and refusing it keeps memory
    /// bounded.
    const MAX_LINE_BYTES: usize = 1 << 20;
}

/// A fault in the input, with where it is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}{}: {message}", column.map(|c| format!(", column {c}")).unwrap_or_default())]
#[non_exhaustive]
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
pub(crate) fn symbol_value(ch: char) -> Option<u8> {
    match ch {
        '.' | '0' => Some(0),
        '1'..='9' => Some(ch as u8 - b'0'),
        'A'..='P' => Some(ch as u8 - b'A' + 10),
        'a'..='p' => Some(ch as u8 - b'a' + 10),
        _ => None,
    }
}

/// The name of a character a person cannot see, if it is one: these are
/// what makes "unexpected character ''" messages baffling, so they are
/// named instead of printed.
fn invisible_name(ch: char) -> Option<&'static str> {
    Some(match ch {
        '\u{FEFF}' => "byte order mark",
        '\u{00A0}' => "no-break space",
        '\u{00AD}' => "soft hyphen",
        '\u{200B}' => "zero-width space",
        '\u{200C}' => "zero-width non-joiner",
        '\u{200D}' => "zero-width joiner",
        '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => "text direction mark",
        '\u{2060}' => "word joiner",
        '\t' => "tab",
        '\r' => "carriage return",
        c if c.is_control() => "control character",
        c if c.is_whitespace() => "space character",
        _ => return None,
    })
}

/// A character for an error message: `'x'`, `'é' (U+00E9)`, or the name
/// of an invisible one, `byte order mark (U+FEFF)`.
pub(crate) fn describe_char(ch: char) -> String {
    match invisible_name(ch) {
        Some(name) => format!("{name} (U+{:04X})", ch as u32),
        None if ch.is_ascii() => format!("'{ch}'"),
        None => format!("'{ch}' (U+{:04X})", ch as u32),
    }
}

fn error(line: usize, column: Option<usize>, message: impl Into<String>) -> ParseError {
    ParseError {
        line,
        column,
        message: message.into(),
    }
}

/// The 1-based character column of byte offset `byte` in `text`.
fn char_column(text: &str, byte: usize) -> usize {
    text.char_indices().take_while(|&(i, _)| i < byte).count() + 1
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
        let bad = |what: &str| error(at_line, Some(at_column), format!("{what} {}", describe_char(ch)));
        let d = symbol_value(ch).ok_or_else(|| bad("unexpected character"))?;
        if d as usize > shape.n() {
            return Err(bad(&format!("digit too large for a {shape} board:")));
        }
        cells.push(d);
    }
    Grid::from_cells(shape, cells).ok_or_else(|| error(line, None, "cells do not fit the board"))
}

/// Parses a one-line puzzle: the first whitespace-separated field.
pub fn parse_line(text: &str, shape: Option<Shape>, line: usize) -> Result<Grid, ParseError> {
    parse_line_at(text, shape, line, 0)
}

/// [`parse_line`] for text that starts `offset` characters into its line.
fn parse_line_at(text: &str, shape: Option<Shape>, line: usize, offset: usize) -> Result<Grid, ParseError> {
    let trimmed = text.trim_start();
    let field = trimmed.split_whitespace().next().unwrap_or("");
    let lead = offset + text[..text.len() - trimmed.len()].chars().count();
    let symbols = field
        .chars()
        .enumerate()
        .map(|(i, ch)| (ch, (line, lead + i + 1)));
    grid_from_symbols(field.chars().count(), symbols, shape, line)
}

/// A JSON record as read: the raw `"puzzle"` and `"cells"` values are
/// kept as slices of the line, so errors inside them can point at the
/// character at fault, and nothing else of the record is built in memory.
/// A grid from one line of text in any form [`parse_line`] reads (shape
/// from the length); errors name line 1.
impl std::str::FromStr for Grid {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Grid, ParseError> {
        parse_line(text, None, 1)
    }
}

#[derive(Deserialize)]
struct JsonRecord<'a> {
    #[serde(borrow, default)]
    puzzle: Option<&'a RawValue>,
    #[serde(alias = "box", default)]
    shape: Option<String>,
    #[serde(borrow, default)]
    cells: Option<Vec<&'a RawValue>>,
    /// Variant rules: a classic reading refuses a record that has some.
    #[serde(default)]
    variant: Option<String>,
}

/// Where a raw JSON value starts in `text`, as a byte offset: the value is
/// a slice of `text`, so this is pointer arithmetic, not a search.
fn raw_offset(text: &str, raw: &RawValue) -> usize {
    (raw.get().as_ptr() as usize).saturating_sub(text.as_ptr() as usize)
}

/// The byte offset, inside a JSON string literal (`"..."`, quotes
/// included), of the start of each decoded character: escapes like `\n`
/// or `\u00e9` are one character of the value but several of the text.
fn string_char_offsets(literal: &str) -> Vec<usize> {
    let bytes = literal.as_bytes();
    let mut offsets = Vec::new();
    let mut i = 1;
    while i + 1 < bytes.len() {
        offsets.push(i);
        i += match bytes[i] {
            b'\\' if bytes.get(i + 1) == Some(&b'u') => {
                // A surrogate pair is two \u escapes for one character.
                let high = literal
                    .get(i + 2..i + 6)
                    .and_then(|h| u16::from_str_radix(h, 16).ok());
                if high.is_some_and(|h| (0xD800..0xDC00).contains(&h))
                    && literal.get(i + 6..i + 8) == Some("\\u")
                {
                    12
                } else {
                    6
                }
            }
            b'\\' => 2,
            b => utf8_len(b),
        };
    }
    offsets
}

/// Length of a UTF-8 sequence from its first byte.
fn utf8_len(first: u8) -> usize {
    match first {
        0xF0.. => 4,
        0xE0.. => 3,
        0xC0.. => 2,
        _ => 1,
    }
}

internal_pub! {
    /// Parses a JSON record: `{"puzzle": "...", "shape": "3x3"}` (`box` is
    /// accepted for `shape`), or `{"cells": [0, 5, ...]}` with numbers, 0 for
    /// empty. A `"shape"` that differs from a forced `shape` (`--box`) is an
    /// error rather than a silent choice of one of them.
    fn parse_json(text: &str, shape: Option<Shape>, line: usize) -> Result<Grid, ParseError> {
        parse_json_at(text, shape, line, 0, false)
    }
}

/// [`parse_json`] for text that starts `offset` characters into its line;
/// `classic`: the record is read under the classic rules, so one with
/// variant rules of its own is an error rather than a puzzle read
/// without them.
fn parse_json_at(
    text: &str,
    forced: Option<Shape>,
    line: usize,
    offset: usize,
    classic: bool,
) -> Result<Grid, ParseError> {
    let column = |byte: usize| Some(offset + char_column(text, byte));
    let record: JsonRecord = serde_json::from_str(text).map_err(|e| {
        // serde_json counts columns in bytes, from 1.
        let at = column(e.column().saturating_sub(1));
        let what = e.to_string();
        let what = what.split(" at line ").next().unwrap_or(&what);
        error(line, at, format!("invalid JSON: {what}"))
    })?;
    if let (true, Some(named)) = (classic, record.variant.as_deref()) {
        if !named.parse::<Variant>().is_ok_and(|v| v.is_classic()) {
            let msg = format!(
                "the record has variant rules (\"variant\": \"{named}\"), which a classic reading would ignore: \
                 read it as a variant record (`--variant` on the command line)"
            );
            return Err(error(line, None, msg));
        }
    }
    let shape = match record.shape.as_deref() {
        None => forced,
        Some(named) => {
            let named: Shape = named
                .parse()
                .map_err(|e: crate::shape::ShapeError| error(line, None, format!("in \"shape\": {e}")))?;
            if forced.is_some_and(|f| f != named) {
                let msg = format!(
                    "\"shape\" {named} conflicts with the shape given for the input, {}: drop one of them",
                    forced.unwrap_or(named)
                );
                return Err(error(line, None, msg));
            }
            Some(named)
        }
    };
    match (record.puzzle, record.cells) {
        (Some(_), Some(_)) => Err(error(
            line,
            None,
            "JSON record has both \"puzzle\" and \"cells\": give one",
        )),
        (Some(raw), None) => {
            let start = raw_offset(text, raw);
            let puzzle: String = serde_json::from_str(raw.get()).map_err(|e| {
                let what = e.to_string();
                let what = what.split(" at line ").next().unwrap_or(&what).to_string();
                error(line, column(start), format!("in \"puzzle\": {what}"))
            })?;
            parse_line(&puzzle, shape, line).map_err(|mut e| {
                e.message = format!("in \"puzzle\": {}", e.message);
                // Map the column inside the decoded string back to the
                // character of the line it came from.
                e.column = e.column.and_then(|c| {
                    let offsets = string_char_offsets(raw.get());
                    offsets.get(c - 1).and_then(|&o| column(start + o))
                });
                e
            })
        }
        (None, Some(cells)) => grid_from_json_cells(&cells, shape, line, |raw| column(raw_offset(text, raw))),
        (None, None) => Err(error(
            line,
            None,
            "JSON record has neither a \"puzzle\" string nor a \"cells\" array",
        )),
    }
}

/// A grid from a JSON array of numbers (0 for empty); `column` places an
/// entry in the line.
fn grid_from_json_cells(
    cells: &[&RawValue],
    shape: Option<Shape>,
    line: usize,
    column: impl Fn(&RawValue) -> Option<usize>,
) -> Result<Grid, ParseError> {
    let shape = match shape {
        Some(s) => s,
        None => Shape::from_cell_count(cells.len())
            .map_err(|e| error(line, None, format!("in \"cells\": {e}")))?,
    };
    if cells.len() != shape.cells() {
        let msg = format!(
            "in \"cells\": {} cells, but a {shape} board has {}",
            cells.len(),
            shape.cells()
        );
        return Err(error(line, None, msg));
    }
    let mut digits = Vec::with_capacity(cells.len());
    for (i, raw) in cells.iter().enumerate() {
        match raw.get().parse::<u8>() {
            Ok(d) if d as usize <= shape.n() => digits.push(d),
            _ => {
                let msg = format!(
                    "in \"cells\": entry {} is {}, not a digit from 0 to {}",
                    i + 1,
                    quote(raw.get()),
                    shape.n()
                );
                return Err(error(line, column(raw), msg));
            }
        }
    }
    Grid::from_cells(shape, digits)
        .ok_or_else(|| error(line, None, "in \"cells\": cells do not fit the board"))
}

/// The symbols of one row of a pasted grid, with their places; spaces and
/// `|` are layout, not content.
fn grid_row_symbols(text: &str, line: usize) -> impl Iterator<Item = (char, (usize, usize))> + '_ {
    text.chars()
        .enumerate()
        .filter(|(_, ch)| !ch.is_whitespace() && *ch != '|')
        .map(move |(i, ch)| (ch, (line, i + 1)))
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

/// Lines of text with a length bound: a line longer than
/// [`MAX_LINE_BYTES`] is consumed without being kept, and an I/O error
/// ends the lines (a failing reader, such as a directory, would otherwise
/// fail the same way forever).
struct BoundedLines<R> {
    input: R,
    number: usize,
    done: bool,
    buffer: Vec<u8>,
}

impl<R: BufRead> BoundedLines<R> {
    fn new(input: R) -> BoundedLines<R> {
        BoundedLines {
            input,
            number: 0,
            done: false,
            buffer: Vec::new(),
        }
    }

    /// Reads up to the end of the line into `buffer`, unless it grows past
    /// the bound; returns whether the line fit, or `None` at the end of the
    /// input with nothing read.
    fn fill_line(&mut self) -> std::io::Result<Option<bool>> {
        self.buffer.clear();
        let (mut fits, mut any) = (true, false);
        loop {
            let available = match self.input.fill_buf() {
                Ok(a) => a,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok(any.then_some(fits));
            }
            any = true;
            let (chunk, used, ends) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (&available[..i], i + 1, true),
                None => (available, available.len(), false),
            };
            if fits && self.buffer.len() + chunk.len() <= MAX_LINE_BYTES {
                self.buffer.extend_from_slice(chunk);
            } else {
                fits = false;
                self.buffer.clear();
            }
            self.input.consume(used);
            if ends {
                return Ok(Some(fits));
            }
        }
    }

    /// The next line as text, with its number, or why it cannot be read.
    fn next_line(&mut self) -> Option<(usize, Result<String, ParseError>)> {
        if self.done {
            return None;
        }
        let read = self.fill_line();
        self.number += 1;
        let n = self.number;
        let fits = match read {
            Ok(None) => {
                self.done = true;
                return None;
            }
            Ok(Some(fits)) => fits,
            Err(e) => {
                self.done = true;
                return Some((n, Err(error(n, None, format!("cannot read: {e}")))));
            }
        };
        if !fits {
            let msg = format!("line longer than {MAX_LINE_BYTES} bytes: not a puzzle record (skipped)");
            return Some((n, Err(error(n, None, msg))));
        }
        if self.buffer.last() == Some(&b'\r') {
            self.buffer.pop();
        }
        let mut bytes = std::mem::take(&mut self.buffer);
        // A byte order mark opening the input is an encoding marker that
        // some editors write, not content.
        if n == 1 && bytes.starts_with("\u{FEFF}".as_bytes()) {
            bytes.drain(..3);
        }
        Some((n, text_of(bytes, n)))
    }
}

/// The bytes of line `n` as text, or an error at the first byte that is
/// not UTF-8.
fn text_of(bytes: Vec<u8>, n: usize) -> Result<String, ParseError> {
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let column = std::str::from_utf8(&bytes[..valid]).map_or(1, |t| t.chars().count() + 1);
        let msg = format!("not UTF-8 text (byte 0x{:02X})", bytes[valid]);
        error(n, Some(column), msg)
    })
}

/// Reads records from text, one puzzle at a time, in any of the input
/// forms. Reading errors (I/O) end the stream with an error record.
pub struct PuzzleReader<R> {
    lines: BoundedLines<R>,
    shape: Option<Shape>,
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader; `shape` forces a board shape (`--box`), otherwise each
    /// puzzle's shape comes from its size.
    pub fn new(input: R, shape: Option<Shape>) -> PuzzleReader<R> {
        PuzzleReader {
            lines: BoundedLines::new(input),
            shape,
        }
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
        let mut symbols: Vec<_> = grid_row_symbols(first, start).collect();
        let mut rows = 1;
        let mut last_line = start;
        while rows < side {
            let Some((n, text)) = self.lines.next_line() else {
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
            let cells = grid_row_symbols(&text, n).count();
            if cells != side {
                let msg = format!(
                    "grid row has {cells} cells, expected {side} (ragged grid starting on line {start})"
                );
                return Err(error(n, None, msg));
            }
            symbols.extend(grid_row_symbols(&text, n));
            rows += 1;
        }
        let shape = self.shape.or_else(|| Shape::from_cell_count(side * side).ok());
        grid_from_symbols(symbols.len(), symbols.into_iter(), shape, start)
    }

    fn parse_record(&mut self, n: usize, text: String) -> Result<Grid, ParseError> {
        let trimmed = text.trim_start();
        if trimmed.starts_with('{') {
            let lead = text[..text.len() - trimmed.len()].chars().count();
            return parse_json_at(trimmed, self.shape, n, lead, true);
        }
        let field_len = trimmed.split_whitespace().next().map_or(0, |f| f.chars().count());
        let is_line = match self.shape {
            Some(s) => field_len == s.cells(),
            None => Shape::from_cell_count(field_len).is_ok(),
        };
        if !is_line {
            if let Some(side) = self.grid_side(grid_row_symbols(&text, n).count()) {
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
            let (n, text) = self.lines.next_line()?;
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

    /// A JSON record with variant rules of its own is not read as a
    /// classic puzzle (its rules would be lost); classic ones are.
    #[test]
    fn a_classic_reading_refuses_records_with_variant_rules() {
        let line = ".".repeat(81);
        let text = format!(
            "{{\"puzzle\":\"{line}\",\"variant\":\"x\"}}\n{{\"puzzle\":\"{line}\",\"variant\":\"classic\"}}\n"
        );
        let read: Vec<_> = PuzzleReader::new(text.as_bytes(), None).collect();
        let err = read[0].puzzle.as_ref().unwrap_err();
        assert_eq!(err.line, 1);
        assert!(
            err.message.contains("\"variant\": \"x\"") && err.message.contains("variant record"),
            "{err}"
        );
        assert!(read[1].puzzle.is_ok());
        let variant = read_variant_records(&text, None, &Variant::default());
        assert!(variant[0]
            .puzzle
            .as_ref()
            .is_ok_and(|(_, v)| v.has(Constraint::X)));
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

/// One variant puzzle read from the input: its rules come from the
/// record (`"variant"` and `"regions"` in JSON), else from the default
/// given; a jigsaw puzzle line without a record of its own is followed by
/// a line of region symbols, one per cell.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct VariantRecord {
    /// Line where the record starts (1-based).
    pub line: usize,
    /// The puzzle and its rules, or what was wrong with them.
    pub puzzle: Result<(Grid, Variant), ParseError>,
}

/// The `"variant"` and `"regions"` fields of a JSON record.
#[derive(Deserialize)]
struct JsonVariant {
    variant: Option<String>,
    regions: Option<String>,
}

/// Reads variant puzzles from `text` (puzzle lines or JSON records; blank
/// lines and lines starting with `#` are skipped). Every record's rules
/// are checked for its shape ([`Variant::check`]), so a bad region map or
/// a rule that does not exist on the board is an error naming the record.
pub fn read_variant_records(text: &str, shape: Option<Shape>, variant: &Variant) -> Vec<VariantRecord> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
    let mut out = Vec::new();
    while let Some((line, text)) = lines.next() {
        let puzzle = if text.trim_start().starts_with('{') {
            parse_json(text, shape, line).and_then(|grid| {
                let fields: JsonVariant = serde_json::from_str(text)
                    .map_err(|e| error(line, None, format!("invalid JSON: {e}")))?;
                let rules = match fields.variant.as_deref() {
                    Some(named) => named
                        .parse::<Variant>()
                        .map_err(|e| error(line, None, format!("in \"variant\": {e}")))?,
                    None => variant.clone(),
                };
                with_map(rules, fields.regions.as_deref(), grid, line)
            })
        } else {
            // The region line belongs to this record even when the puzzle
            // line is bad, so that it is not read as the next puzzle.
            let map = (variant.has(Constraint::Jigsaw) && variant.region_map().is_none())
                .then(|| lines.next().map(|(_, map)| map.trim()));
            parse_line(text, shape, line).and_then(|grid| match map {
                Some(None) => Err(error(line, None, "jigsaw puzzle without its region line")),
                Some(map) => with_map(variant.clone(), map, grid, line),
                None => with_map(variant.clone(), None, grid, line),
            })
        };
        out.push(VariantRecord { line, puzzle });
    }
    out
}

/// The rules of one record: its region map applied and checked.
fn with_map(
    rules: Variant,
    map: Option<&str>,
    grid: Grid,
    line: usize,
) -> Result<(Grid, Variant), ParseError> {
    let shape = grid.shape();
    let rules = match map {
        Some(map) => rules
            .with_regions(map, shape)
            .map_err(|e| error(line, None, format!("region map: {e}")))?,
        None => rules,
    };
    rules.check(shape).map_err(|e| error(line, None, e.to_string()))?;
    Ok((grid, rules))
}
