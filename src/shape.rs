//! The shape of a board: boxes of `R x C` cells, `N = R * C` digits.
//!
//! Every other type takes its sizes from a [`Shape`] value instead of
//! constants, so one build handles 4x4 up to 25x25 boards.

use std::fmt;
use std::str::FromStr;

/// Largest side supported: the DLX engine indexes nodes with `u16`, and
/// 25x25 needs 65,000 of them.
pub const MAX_SIDE: usize = 25;

/// A board shape: boxes of `box_rows x box_cols` cells; the board side is
/// their product.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

/// Why a shape cannot be built; its text names the rule the box breaks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(transparent)]
pub struct ShapeError(Fault);

/// The rule a shape breaks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum Fault {
    /// A box side below 2 (a `1xN` box makes the box constraint a copy of
    /// the row or column constraint, which is not Sudoku).
    #[error("box {0}x{1}: each box side must be at least 2")]
    TooThin(usize, usize),
    /// A board larger than 25x25.
    #[error("box {0}x{1}: boards larger than 25x25 are not supported")]
    TooLarge(usize, usize),
    /// Text that is not `RxC` (quoted, cut to 40 characters).
    #[error("'{0}' is not a box shape: expected RxC, such as 3x3 or 2x3")]
    Syntax(String),
    /// A puzzle length that matches no supported shape.
    #[error("{0} cells match no board shape (expected 16, 36, 81, 144, 256 or 625, or a shape given as box rows x box columns)")]
    UnknownLength(usize),
}

impl Shape {
    /// The classic 9x9 board with 3x3 boxes.
    pub const CLASSIC: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// A board with boxes of `box_rows x box_cols` cells.
    ///
    /// This is the one gate every shape passes, so the checks are exact:
    /// the product is computed with overflow checking (a wrapped product
    /// could otherwise look small) and both sides must fit the `u8` fields
    /// before any conversion.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, ShapeError> {
        if box_rows < 2 || box_cols < 2 {
            return Err(ShapeError(Fault::TooThin(box_rows, box_cols)));
        }
        let side = box_rows.checked_mul(box_cols);
        if side.is_none_or(|n| n > MAX_SIDE) {
            return Err(ShapeError(Fault::TooLarge(box_rows, box_cols)));
        }
        let (Ok(box_rows), Ok(box_cols)) = (u8::try_from(box_rows), u8::try_from(box_cols)) else {
            return Err(ShapeError(Fault::TooLarge(box_rows, box_cols)));
        };
        Ok(Shape { box_rows, box_cols })
    }

    /// The usual shape for a board of `cells` cells: square boxes where the
    /// side is a square, otherwise boxes wider than tall (2x3, 3x4).
    pub fn from_cell_count(cells: usize) -> Result<Shape, ShapeError> {
        let (r, c) = match cells {
            16 => (2, 2),
            36 => (2, 3),
            81 => (3, 3),
            144 => (3, 4),
            256 => (4, 4),
            625 => (5, 5),
            _ => return Err(ShapeError(Fault::UnknownLength(cells))),
        };
        Shape::new(r, c)
    }

    /// Rows in one box.
    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// Columns in one box.
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// Side of the board: digits, rows, columns and boxes all number `n`.
    pub fn n(self) -> usize {
        self.box_rows() * self.box_cols()
    }

    /// Cells on the board, `n * n`.
    pub fn cells(self) -> usize {
        self.n() * self.n()
    }

    internal_pub! {
        /// Row of a cell (cells are numbered row-major from 0).
        fn row(self, cell: usize) -> usize {
            cell / self.n()
        }
    }

    internal_pub! {
        /// Column of a cell.
        fn col(self, cell: usize) -> usize {
            cell % self.n()
        }
    }

    internal_pub! {
        /// Box of a cell. Boxes are numbered row-major; a box is `box_rows`
        /// tall and `box_cols` wide, so each band of boxes holds `box_rows` of
        /// them.
        fn box_of(self, cell: usize) -> usize {
            let (r, c) = (self.row(cell), self.col(cell));
            (r / self.box_rows()) * self.box_rows() + c / self.box_cols()
        }
    }

    internal_pub! {
        /// The three houses holding a cell, numbered across the board: rows
        /// `0..n`, columns `n..2n`, boxes `2n..3n`.
        fn houses_of(self, cell: usize) -> [usize; 3] {
            let n = self.n();
            [self.row(cell), n + self.col(cell), 2 * n + self.box_of(cell)]
        }
    }

    internal_pub! {
        /// Cell at a row and column.
        fn cell(self, row: usize, col: usize) -> usize {
            row * self.n() + col
        }
    }

    internal_pub! {
        /// The cells of box `b`, row-major inside the box.
        fn box_cells(self, b: usize) -> impl Iterator<Item = usize> {
            let top = (b / self.box_rows()) * self.box_rows();
            let left = (b % self.box_rows()) * self.box_cols();
            let (br, bc) = (self.box_rows(), self.box_cols());
            (0..br).flat_map(move |dr| (0..bc).map(move |dc| self.cell(top + dr, left + dc)))
        }
    }

    internal_pub! {
        /// The symbol for digit `d` (1-based): `1`-`9`, then `A`-`P` for 10-25.
        fn symbol(d: u8) -> char {
            match d {
                0 => '.',
                1..=9 => (b'0' + d) as char,
                _ => (b'A' + d - 10) as char,
            }
        }
    }

    internal_pub! {
        /// Whether boxes are square, which 90-degree and diagonal symmetries
        /// need.
        fn is_square_box(self) -> bool {
            self.box_rows == self.box_cols
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

/// Most characters of a rejected text repeated in an error message, so a
/// huge value (a megabyte `"shape"` in JSON) cannot make a huge message.
pub const QUOTE_LIMIT: usize = 40;

/// `text` for an error message: cut to 40 characters, with
/// control characters escaped so the message stays on one line.
pub fn quote(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(QUOTE_LIMIT)
        .flat_map(char::escape_debug)
        .collect();
    if text.chars().nth(QUOTE_LIMIT).is_some() {
        out.push_str("...");
    }
    out
}

/// A box side as written: decimal digits only (no sign), and a value too
/// large for `usize` is simply too large, not a syntax error.
fn parse_side(text: &str) -> Option<usize> {
    let text = text.trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse().unwrap_or(usize::MAX))
}

impl FromStr for Shape {
    type Err = ShapeError;

    fn from_str(s: &str) -> Result<Shape, ShapeError> {
        let syntax = || ShapeError(Fault::Syntax(quote(s)));
        let (r, c) = s.trim().split_once(['x', 'X', '*']).ok_or_else(syntax)?;
        let r = parse_side(r).ok_or_else(syntax)?;
        let c = parse_side(c).ok_or_else(syntax)?;
        Shape::new(r, c)
    }
}

impl serde::Serialize for Shape {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Shape {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Shape, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_partition_the_board() {
        for (r, c) in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5)] {
            let s = Shape::new(r, c).unwrap();
            let mut seen = vec![0; s.cells()];
            for b in 0..s.n() {
                for cell in s.box_cells(b) {
                    assert_eq!(s.box_of(cell), b);
                    seen[cell] += 1;
                }
            }
            assert!(seen.iter().all(|&k| k == 1));
        }
    }

    #[test]
    fn parses_and_rejects() {
        assert_eq!("2x3".parse::<Shape>().unwrap(), Shape::new(2, 3).unwrap());
        assert!(matches!("1x9".parse::<Shape>(), Err(ShapeError(Fault::TooThin(1, 9)))));
        assert!(matches!("6x6".parse::<Shape>(), Err(ShapeError(Fault::TooLarge(6, 6)))));
        assert!(matches!("3by3".parse::<Shape>(), Err(ShapeError(Fault::Syntax(_)))));
        assert!(Shape::from_cell_count(80).is_err());
    }

    /// Products that overflow `usize`, or sides beyond `u8`, must be
    /// refused rather than wrapped or truncated into a small board.
    #[test]
    fn overflowing_and_truncating_shapes_are_too_large() {
        for text in [
            "6148914691236517206x3",
            "4294967296x4294967296",
            "256x2",
            "2x256",
            "99999999999999999999999x2",
            "18446744073709551615x18446744073709551615",
        ] {
            assert!(
                matches!(text.parse::<Shape>(), Err(ShapeError(Fault::TooLarge(..)))),
                "{text}"
            );
        }
        assert!(matches!(Shape::new(usize::MAX, 2), Err(ShapeError(Fault::TooLarge(..)))));
        assert!(matches!(Shape::new(2, 13), Err(ShapeError(Fault::TooLarge(2, 13)))));
        assert_eq!(Shape::new(2, 12).unwrap().n(), 24);
        for text in ["-3x3", "+3x3", "3x", "x3", "3x3x3", "0x9", " 3 x 3 "] {
            let parsed = text.parse::<Shape>();
            match text {
                " 3 x 3 " => assert_eq!(parsed, Ok(Shape::CLASSIC)),
                "0x9" => assert!(matches!(parsed, Err(ShapeError(Fault::TooThin(0, 9))))),
                _ => assert!(matches!(parsed, Err(ShapeError(Fault::Syntax(_)))), "{text}"),
            }
        }
    }

    #[test]
    fn long_rejected_text_is_quoted_short() {
        let long = "y".repeat(10_000);
        let message = long.parse::<Shape>().unwrap_err().to_string();
        assert!(message.len() < 120, "{message}");
        assert_eq!(quote("a\nb"), "a\\nb");
        assert_eq!(quote("a\nb\u{feff}"), "a\\nb\\u{feff}");
    }
}
