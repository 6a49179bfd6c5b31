//! One step of a logical solve: which technique, on which cells and digits,
//! and what it placed or removed, with a plain-words rendering.
//!
//! Steps are plain data so that `explain` can print them for people
//! (Display) or as JSON (serde) for programs.

use super::technique::Technique;
use crate::shape::Shape;
use serde::{Serialize, Serializer};
use std::fmt::{self, Display, Write};

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

/// A house: a row, column or box, 0-based; shown 1-based ("row 3").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum House {
    /// A row.
    Row(u8),
    /// A column.
    Column(u8),
    /// A box, numbered row-major.
    Box(u8),
}

impl House {
    /// The house with table number `h` (rows `0..n`, columns `n..2n`,
    /// boxes `2n..3n`).
    pub fn of(h: usize, n: usize) -> House {
        let i = (h % n) as u8;
        match h / n {
            0 => House::Row(i),
            1 => House::Column(i),
            _ => House::Box(i),
        }
    }

    /// "row", "column" or "box".
    pub fn kind(self) -> &'static str {
        match self {
            House::Row(_) => "row",
            House::Column(_) => "column",
            House::Box(_) => "box",
        }
    }

    /// The 1-based number.
    pub fn number(self) -> usize {
        match self {
            House::Row(i) | House::Column(i) | House::Box(i) => i as usize + 1,
        }
    }
}

impl Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind(), self.number())
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

/// One deduction: the technique, the pattern it saw and what it changed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    /// The technique used.
    pub technique: Technique,
    /// The difficulty of this step on the SE scale (chains add length).
    pub difficulty: f32,
    /// The digits of the pattern, in the order the description uses them.
    pub digits: Vec<u8>,
    /// The cells of the pattern, in the order the description uses them.
    pub cells: Vec<Cell>,
    /// The houses of the pattern, in the order the description uses them.
    pub houses: Vec<House>,
    /// For chains: the nodes, joined alternately by strong (`=`) and weak
    /// (`-`) links, starting with a strong link.
    pub chain: Vec<Candidate>,
    /// For forcing chains: how many singles the longest branch needed.
    pub length: usize,
    /// Digits this step places.
    pub placements: Vec<Candidate>,
    /// Candidates this step removes.
    pub eliminations: Vec<Candidate>,
}

impl Step {
    /// A step of `technique` with its base difficulty and nothing else yet.
    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            difficulty: technique.score(),
            digits: Vec::new(),
            cells: Vec::new(),
            houses: Vec::new(),
            chain: Vec::new(),
            length: 0,
            placements: Vec::new(),
            eliminations: Vec::new(),
        }
    }

    /// Adds the pattern cells, given as row-major indices on side `n`.
    pub fn with_cells(mut self, cells: impl IntoIterator<Item = usize>, n: usize) -> Step {
        self.cells.extend(cells.into_iter().map(|c| Cell::of(c, n)));
        self
    }

    /// Adds the pattern houses, given as table numbers on side `n`.
    pub fn with_houses(mut self, houses: impl IntoIterator<Item = usize>, n: usize) -> Step {
        self.houses.extend(houses.into_iter().map(|h| House::of(h, n)));
        self
    }

    /// Adds the pattern digits.
    pub fn with_digits(mut self, digits: impl IntoIterator<Item = u8>) -> Step {
        self.digits.extend(digits);
        self
    }

    /// Adds a placement of `digit` in cell index `cell`.
    pub fn place(mut self, cell: usize, digit: u8, n: usize) -> Step {
        self.placements.push(Candidate {
            cell: Cell::of(cell, n),
            digit,
        });
        self
    }

    /// Adds an elimination of `digit` from cell index `cell`.
    pub fn eliminate(&mut self, cell: usize, digit: u8, n: usize) {
        self.eliminations.push(Candidate {
            cell: Cell::of(cell, n),
            digit,
        });
    }

    /// Whether the step changes anything.
    pub fn makes_progress(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }

    fn reason(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Technique::*;
        let d = |i: usize| Shape::symbol(self.digits[i]);
        let cells = |r: std::ops::Range<usize>| list(&self.cells[r]);
        let houses = |r: std::ops::Range<usize>| house_list(&self.houses[r]);
        let nc = self.cells.len();
        let nh = self.houses.len();
        match self.technique {
            FullHouse => write!(
                f,
                "{} is the only empty cell in {}",
                self.cells[0], self.houses[0]
            ),
            HiddenSingleBox | HiddenSingleLine => {
                write!(f, "{} in {} must go in {}", d(0), self.houses[0], self.cells[0])
            }
            NakedSingle => write!(f, "{} can only be {}", self.cells[0], d(0)),
            Pointing | Claiming | DirectPointing | DirectClaiming => write!(
                f,
                "{} in {} is confined to {}",
                d(0),
                self.houses[0],
                self.houses[1]
            ),
            NakedPair | NakedTriple | NakedQuad => write!(
                f,
                "{} in {} hold only {}",
                cells(0..nc),
                self.houses[0],
                digit_list(&self.digits)
            ),
            HiddenPair | HiddenTriple | HiddenQuad | DirectHiddenPair | DirectHiddenTriple => write!(
                f,
                "{} in {} fit only in {}",
                digit_list(&self.digits),
                self.houses[0],
                cells(0..nc)
            ),
            XWing | Swordfish | Jellyfish => write!(
                f,
                "{} in {} lies only in {}",
                d(0),
                houses(0..nh / 2),
                houses(nh / 2..nh)
            ),
            FinnedXWing | FinnedSwordfish | FinnedJellyfish => write!(
                f,
                "{} in {} lies only in {} except for the fins {}, which share a box",
                d(0),
                houses(0..nh / 2),
                houses(nh / 2..nh),
                cells(0..nc)
            ),
            Skyscraper => write!(
                f,
                "{} has strong links {}={} and {}={} whose bases share a line: {} or {} is {}",
                d(0),
                self.cells[0],
                self.cells[1],
                self.cells[2],
                self.cells[3],
                self.cells[1],
                self.cells[3],
                d(0)
            ),
            TwoStringKite => write!(
                f,
                "{} has strong links {}={} in {} and {}={} in {} joined in one box: {} or {} is {}",
                d(0),
                self.cells[0],
                self.cells[1],
                self.houses[0],
                self.cells[2],
                self.cells[3],
                self.houses[1],
                self.cells[0],
                self.cells[3],
                d(0)
            ),
            XYWing | XYZWing => write!(
                f,
                "pivot {} with pincers {} and {} means one of them is {}",
                self.cells[0],
                self.cells[1],
                self.cells[2],
                d(self.digits.len() - 1)
            ),
            WWing => write!(
                f,
                "{} and {} both hold only {}, {} and the strong link {}={} on {} forces one of them to be {}",
                self.cells[0],
                self.cells[1],
                d(0),
                d(1),
                self.cells[2],
                self.cells[3],
                d(0),
                d(1)
            ),
            SimpleColoring => write!(
                f,
                "colouring the conjugate pairs of {} through {} shows that one colour holds every {}",
                d(0),
                cells(0..nc),
                d(0)
            ),
            UniqueRectangle => write!(
                f,
                "{} would form a deadly pattern on {}, {} unless {} holds another digit",
                cells(0..nc),
                d(0),
                d(1),
                self.cells[3]
            ),
            BugPlusOne => write!(
                f,
                "every unsolved cell but {} has two candidates, and {} appears three times in its houses",
                self.cells[0],
                d(0)
            ),
            TurbotFish | XChain | XYChain | Aic => {
                f.write_str("one end of the chain ")?;
                chain(f, &self.chain)?;
                f.write_str(" is true")
            }
            ContradictionChain => write!(
                f,
                "placing {} in {} leads through {} singles to a contradiction",
                d(0),
                self.cells[0],
                self.length
            ),
            CellForcingChain => write!(
                f,
                "each candidate of {} ({}) leads through singles (at most {}) to the same result",
                self.cells[0],
                digit_list(&self.digits),
                self.length
            ),
            UnitForcingChain => write!(
                f,
                "each place for {} in {} leads through singles (at most {}) to the same result",
                d(0),
                self.houses[0],
                self.length
            ),
        }
    }
}

impl Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.technique.family_name())?;
        self.reason(f)?;
        if self.technique.is_direct() {
            f.write_str(" (leaving a hidden single)")?;
        }
        for (i, p) in self.placements.iter().enumerate() {
            let sep = if i == 0 { ", so place" } else { ";" };
            write!(f, "{sep} {} in {}", Shape::symbol(p.digit), p.cell)?;
        }
        let mut by_digit: Vec<Candidate> = self.eliminations.clone();
        by_digit.sort_by_key(|e| (e.digit, e.cell));
        let mut last = 0;
        for e in &by_digit {
            if e.digit != last {
                let sep = if last == 0 { ", so remove" } else { ";" };
                write!(f, "{sep} {} from {}", Shape::symbol(e.digit), e.cell)?;
                last = e.digit;
            } else {
                write!(f, ", {}", e.cell)?;
            }
        }
        Ok(())
    }
}

fn list(cells: &[Cell]) -> String {
    let mut s = String::new();
    for (i, c) in cells.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        let _ = write!(s, "{c}");
    }
    s
}

fn digit_list(digits: &[u8]) -> String {
    let symbols: Vec<String> = digits.iter().map(|&d| Shape::symbol(d).to_string()).collect();
    symbols.join(", ")
}

/// "rows 1, 5" for a list of houses of one kind.
fn house_list(houses: &[House]) -> String {
    let numbers: Vec<String> = houses.iter().map(|h| h.number().to_string()).collect();
    format!("{}s {}", houses[0].kind(), numbers.join(", "))
}

fn chain(f: &mut fmt::Formatter<'_>, nodes: &[Candidate]) -> fmt::Result {
    for (i, node) in nodes.iter().enumerate() {
        if i > 0 {
            f.write_str(if i % 2 == 1 { " = " } else { " - " })?;
        }
        write!(f, "{node}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_the_examples_from_the_issue() {
        let n = 9;
        let hidden = Step::new(Technique::HiddenSingleLine)
            .with_digits([7])
            .with_houses([2], n)
            .with_cells([2 * 9 + 4], n)
            .place(2 * 9 + 4, 7, n);
        assert_eq!(
            hidden.to_string(),
            "Hidden single: 7 in row 3 must go in r3c5, so place 7 in r3c5"
        );
        let mut pointing = Step::new(Technique::Pointing)
            .with_digits([4])
            .with_houses([2 * 9 + 1, 0], n);
        pointing.eliminate(7, 4, n);
        pointing.eliminate(6, 4, n);
        assert_eq!(
            pointing.to_string(),
            "Pointing: 4 in box 2 is confined to row 1, so remove 4 from r1c7, r1c8"
        );
    }

    #[test]
    fn big_digits_use_letters() {
        let step = Step::new(Technique::NakedSingle)
            .with_digits([12])
            .with_cells([0], 16)
            .place(0, 12, 16);
        assert_eq!(
            step.to_string(),
            "Naked single: r1c1 can only be C, so place C in r1c1"
        );
    }
}
