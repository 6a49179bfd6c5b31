//! The board's vocabulary: cells, houses and candidates as a person names
//! them (`r3c5`, `row 3`, `(7)r3c5`), and the lists of them that step
//! sentences are built from.
//!
//! It sits below everything else in the solver so that the candidate grid,
//! the steps and every technique can speak of the board without depending
//! on one another.

use crate::shape::Shape;
use serde::{Serialize, Serializer};
use std::fmt::{self, Display};

/// A cell by its 0-based row and column; shown 1-based as `r3c5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// 0-based row.
    pub row: u8,
    /// 0-based column.
    pub col: u8,
}

impl Cell {
    /// The cell with row-major index `cell` on a board of side `n`.
    pub fn of(cell: usize, n: usize) -> Cell {
        Cell {
            row: (cell / n) as u8,
            col: (cell % n) as u8,
        }
    }

    /// The row-major index on a board of side `n`.
    pub fn index(self, n: usize) -> usize {
        self.row as usize * n + self.col as usize
    }
}

impl Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A house: a row, column or box, or a variant's diagonal, window group
/// or disjoint group; 0-based, shown 1-based ("row 3", "window group 5")
/// as Sukaku Explainer names them.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum House {
    /// A row.
    Row(u8),
    /// A column.
    Column(u8),
    /// A box, numbered row-major.
    Box(u8),
    /// A main diagonal (X): 0 from top left, 1 from top right.
    Diagonal(u8),
    /// A window group (windoku): on 9x9, the four windows and the five
    /// groups they force, numbered as Sukaku Explainer does.
    Window(u8),
    /// A disjoint group: the cells at one position of every box.
    Group(u8),
}

impl House {
    /// The house with table number `h` (rows `0..n`, columns `n..2n`,
    /// boxes `2n..3n`; under a variant, diagonals `3n..3n+2`, window
    /// groups `3n+2..4n+2`, disjoint groups `4n+2..5n+2`).
    pub fn of(h: usize, n: usize) -> House {
        if h >= 3 * n {
            let e = h - 3 * n;
            return match e {
                0 | 1 => House::Diagonal(e as u8),
                _ if e < n + 2 => House::Window((e - 2) as u8),
                _ => House::Group((e - 2 - n) as u8),
            };
        }
        let i = (h % n) as u8;
        match h / n {
            0 => House::Row(i),
            1 => House::Column(i),
            _ => House::Box(i),
        }
    }

    /// "row", "column", "box", "diagonal", "window group" or "disjoint
    /// group".
    pub fn kind(self) -> &'static str {
        match self {
            House::Row(_) => "row",
            House::Column(_) => "column",
            House::Box(_) => "box",
            House::Diagonal(_) => "diagonal",
            House::Window(_) => "window group",
            House::Group(_) => "disjoint group",
        }
    }

    /// The 1-based number.
    pub fn number(self) -> usize {
        match self {
            House::Row(i)
            | House::Column(i)
            | House::Box(i)
            | House::Diagonal(i)
            | House::Window(i)
            | House::Group(i) => i as usize + 1,
        }
    }
}

impl Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            House::Diagonal(0) => f.write_str("main diagonal"),
            House::Diagonal(_) => f.write_str("anti-diagonal"),
            _ => write!(f, "{} {}", self.kind(), self.number()),
        }
    }
}

impl Serialize for House {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A digit in a cell: a placement, an elimination or a chain node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Candidate {
    /// The cell.
    pub cell: Cell,
    /// The digit, 1-based.
    pub digit: u8,
}

impl Display for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}){}", Shape::symbol(self.digit), self.cell)
    }
}

/// "r1c1, r2c5" for a list of cells given as indices on side `n`.
pub fn cell_list(cells: &[usize], n: usize) -> String {
    let named: Vec<String> = cells.iter().map(|&c| Cell::of(c, n).to_string()).collect();
    named.join(", ")
}

/// "1, 5, 7" for a list of digits.
pub fn digit_list(digits: &[u8]) -> String {
    let symbols: Vec<String> = digits.iter().map(|&d| Shape::symbol(d).to_string()).collect();
    symbols.join(", ")
}

/// "rows 1, 5" for a list of houses of one kind, given as table numbers.
pub fn house_list(houses: &[usize], n: usize) -> String {
    let numbers: Vec<String> = houses
        .iter()
        .map(|&h| House::of(h, n).number().to_string())
        .collect();
    format!("{}s {}", House::of(houses[0], n).kind(), numbers.join(", "))
}

/// Writes chain nodes joined alternately by strong (`=`) and weak (`-`)
/// links, starting with a strong link.
pub fn write_chain(f: &mut fmt::Formatter<'_>, nodes: &[Candidate]) -> fmt::Result {
    for (i, node) in nodes.iter().enumerate() {
        if i > 0 {
            f.write_str(if i % 2 == 1 { " = " } else { " - " })?;
        }
        write!(f, "{node}")?;
    }
    Ok(())
}
