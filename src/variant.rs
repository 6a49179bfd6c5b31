//! Variant rules: constraints added to (or, for jigsaw, replacing part of)
//! a shape's rows, columns and boxes.
//!
//! A [`Variant`] is part of the board model, beside [`Shape`]: the engines
//! take their houses and their "these two placements cannot both hold"
//! pairs from it, so a rule is written once and every engine, the
//! generator and the checks read it the same way. Every constraint falls
//! in one of two kinds:
//!
//! - an extra *house* (diagonals, windows, disjoint groups, jigsaw
//!   regions): `n` cells holding every digit once;
//! - a *conflict* between two cells (anti-knight, anti-king: never the same
//!   digit; non-consecutive: never digits one apart).

use crate::grid::Grid;
use crate::shape::{quote, Shape};
use std::fmt;
use std::str::FromStr;

/// One variant rule.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Constraint {
    /// Both main diagonals hold every digit once.
    X,
    /// Extra windows (the four shaded 3x3 areas of a 9x9 windoku, one
    /// cell in from the boxes' edges) hold every digit once.
    Windoku,
    /// Cells in the same position of every box hold every digit once.
    DisjointGroups,
    /// Cells a chess knight's move apart never hold the same digit.
    AntiKnight,
    /// Cells a chess king's move apart never hold the same digit.
    AntiKing,
    /// Orthogonal neighbours never hold digits one apart.
    NonConsecutive,
    /// Irregular regions replace the boxes.
    Jigsaw,
}

impl Constraint {
    internal_pub! {
        /// Every constraint, in the order they are written.
        const ALL: [Constraint; 7] = [
            Constraint::X,
            Constraint::Windoku,
            Constraint::DisjointGroups,
            Constraint::AntiKnight,
            Constraint::AntiKing,
            Constraint::NonConsecutive,
            Constraint::Jigsaw,
        ];
    }

    /// The constraint's name as written in a variant list.
    pub fn name(self) -> &'static str {
        match self {
            Constraint::X => "x",
            Constraint::Windoku => "windoku",
            Constraint::DisjointGroups => "disjoint-groups",
            Constraint::AntiKnight => "anti-knight",
            Constraint::AntiKing => "anti-king",
            Constraint::NonConsecutive => "non-consecutive",
            Constraint::Jigsaw => "jigsaw",
        }
    }

    /// The rule in one sentence, as printed under a puzzle.
    pub fn rule(self) -> &'static str {
        match self {
            Constraint::X => "each main diagonal holds every digit once",
            Constraint::Windoku => "each shaded window holds every digit once",
            Constraint::DisjointGroups => "cells in the same position of each box hold every digit once",
            Constraint::AntiKnight => "cells a knight's move apart never hold the same digit",
            Constraint::AntiKing => "cells a king's move apart never hold the same digit",
            Constraint::NonConsecutive => "orthogonal neighbours never hold consecutive digits",
            Constraint::Jigsaw => "each outlined region holds every digit once",
        }
    }

    fn bit(self) -> u8 {
        1 << self as u8
    }

    fn from_name(name: &str) -> Option<Constraint> {
        Some(match name {
            "x" | "diagonal" => Constraint::X,
            "windoku" | "hyper" | "windows" => Constraint::Windoku,
            "disjoint-groups" | "dg" => Constraint::DisjointGroups,
            "anti-knight" => Constraint::AntiKnight,
            "anti-king" => Constraint::AntiKing,
            "non-consecutive" | "nc" => Constraint::NonConsecutive,
            "jigsaw" | "irregular" => Constraint::Jigsaw,
            _ => return None,
        })
    }
}

/// The rules of a puzzle beyond rows, columns and boxes: a set of
/// [`Constraint`]s and, for jigsaw, the region of every cell. The default
/// is classic Sudoku.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variant {
    bits: u8,
    /// Region number of every cell (jigsaw only), numbered in order of
    /// first appearance.
    regions: Option<Vec<u8>>,
}

/// Why a variant cannot be built, or cannot exist on a shape.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// A name that is no constraint (quoted, cut to 40 characters).
    #[error("unknown variant '{0}': expected a comma-separated list of x, windoku, disjoint-groups, anti-knight, anti-king, non-consecutive, jigsaw (or classic)")]
    Unknown(String),
    /// A constraint that does not exist on the shape, and why.
    #[error("{0} does not exist on a {1} board: {2}")]
    NotOnShape(&'static str, Shape, &'static str),
    /// Two constraints that cannot be combined, and why.
    #[error("{0} cannot be combined with {1}: {2}")]
    Incompatible(&'static str, &'static str, &'static str),
    /// Jigsaw without its region map where one is needed.
    #[error("jigsaw needs a region map (one symbol per cell)")]
    RegionsMissing,
    /// A region map whose length is not the shape's cell count.
    #[error("region map has {0} symbols, expected {1} for a {2} board")]
    RegionLength(usize, usize, Shape),
    /// A region map with the wrong number of distinct regions.
    #[error("region map has {0} regions, expected {1}")]
    RegionCount(usize, usize),
    /// A region whose size is not the board side.
    #[error("region '{0}' has {1} cells, expected {2}")]
    RegionSize(char, usize, usize),
    /// A region whose cells are not orthogonally connected.
    #[error("region '{0}' is not connected")]
    RegionDisconnected(char),
    /// A rule set that no complete grid satisfies.
    #[error("no {1} grid satisfies {0}")]
    Unsatisfiable(String, Shape),
    /// A clue symmetry the variant's rules do not keep (named).
    #[error("symmetry {0} does not keep the rules of {1}")]
    Symmetry(&'static str, String),
    /// No complete grid found within the search bound.
    #[error("no {1} grid for {0} found within the search bound")]
    NoGrid(String, Shape),
    /// A puzzle whose cell count does not fit the shape.
    #[error("puzzle has {0} cells, expected {1} for a {2} board")]
    PuzzleSize(usize, usize, Shape),
}

/// Two cells that must not hold related digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Conflict {
    /// Never the same digit.
    SameDigit(usize, usize),
    /// Never digits one apart.
    Consecutive(usize, usize),
}

impl Variant {
    internal_pub! {
        /// Classic Sudoku: no constraint added.
        fn classic() -> Variant {
            Variant::default()
        }
    }

    /// Whether no constraint is added.
    pub fn is_classic(&self) -> bool {
        self.bits == 0
    }

    /// Whether `constraint` is part of the variant.
    pub fn has(&self, constraint: Constraint) -> bool {
        self.bits & constraint.bit() != 0
    }

    internal_pub! {
        /// The constraints, in [`Constraint::ALL`] order.
        fn constraints(&self) -> impl Iterator<Item = Constraint> + '_ {
            Constraint::ALL.into_iter().filter(|&c| self.has(c))
        }
    }

    /// The variant with jigsaw regions read from a map of one symbol per
    /// cell (row-major; any symbols, each naming one region), checked for
    /// the shape: `n` regions of `n` orthogonally connected cells.
    pub fn with_regions(mut self, map: &str, shape: Shape) -> Result<Variant, VariantError> {
        let symbols: Vec<char> = map.trim().chars().collect();
        if symbols.len() != shape.cells() {
            return Err(VariantError::RegionLength(symbols.len(), shape.cells(), shape));
        }
        let mut names: Vec<char> = Vec::new();
        let mut regions = Vec::with_capacity(shape.cells());
        for &s in &symbols {
            let index = names.iter().position(|&x| x == s).unwrap_or_else(|| {
                names.push(s);
                names.len() - 1
            });
            if names.len() > shape.n() {
                return Err(VariantError::RegionCount(distinct(&symbols), shape.n()));
            }
            regions.push(index as u8);
        }
        if names.len() != shape.n() {
            return Err(VariantError::RegionCount(names.len(), shape.n()));
        }
        for (r, &name) in names.iter().enumerate() {
            let size = regions.iter().filter(|&&x| x as usize == r).count();
            if size != shape.n() {
                return Err(VariantError::RegionSize(name, size, shape.n()));
            }
            if !connected(shape, &regions, r as u8) {
                return Err(VariantError::RegionDisconnected(name));
            }
        }
        self.bits |= Constraint::Jigsaw.bit();
        self.regions = Some(regions);
        Ok(self)
    }

    /// The region map as one letter per cell (`A`, `B`, ...), if jigsaw.
    pub fn region_map(&self) -> Option<String> {
        let regions = self.regions.as_ref()?;
        Some(regions.iter().map(|&r| (b'A' + r) as char).collect())
    }

    /// Every cell's jigsaw region (0-based), if the variant has a region
    /// map.
    pub(crate) fn regions(&self) -> Option<&[u8]> {
        self.regions.as_deref()
    }

    /// Checks that the variant exists on `shape`: every constraint has its
    /// cells there, jigsaw regions (if given) fit, and the combination is
    /// possible. It does not search; [`Rules::new`](crate::Rules::new)
    /// also checks that some grid satisfies the rules.
    pub fn check(&self, shape: Shape) -> Result<(), VariantError> {
        if self.has(Constraint::Windoku) && !(shape.is_square_box() && shape.n() >= 9) {
            return Err(VariantError::NotOnShape(
                "windoku",
                shape,
                "its windows need square boxes of side 3 or more",
            ));
        }
        if self.has(Constraint::Jigsaw) && self.has(Constraint::DisjointGroups) {
            return Err(VariantError::Incompatible(
                "disjoint-groups",
                "jigsaw",
                "disjoint groups are positions inside boxes, which jigsaw replaces",
            ));
        }
        match &self.regions {
            Some(regions) if regions.len() != shape.cells() => Err(VariantError::RegionLength(
                regions.len(),
                shape.cells(),
                shape,
            )),
            _ => Ok(()),
        }
    }

    /// The region of a cell: its jigsaw region, else its box.
    pub(crate) fn region_of(&self, shape: Shape, cell: usize) -> usize {
        match &self.regions {
            Some(r) => r[cell] as usize,
            None => shape.box_of(cell),
        }
    }

    /// Every house of the variant on `shape`: rows, columns, boxes or
    /// regions, then the extra houses; each a list of `n` cells.
    pub(crate) fn houses(&self, shape: Shape) -> Vec<Vec<usize>> {
        let n = shape.n();
        let mut houses: Vec<Vec<usize>> = (0..n).map(|r| (0..n).map(|c| shape.cell(r, c)).collect()).collect();
        houses.extend((0..n).map(|c| (0..n).map(|r| shape.cell(r, c)).collect()));
        let mut regions = vec![Vec::with_capacity(n); n];
        for cell in 0..shape.cells() {
            regions[self.region_of(shape, cell)].push(cell);
        }
        houses.extend(regions);
        houses.extend(self.extra_houses(shape));
        houses
    }

    /// The houses added to rows, columns and boxes (or regions).
    pub(crate) fn extra_houses(&self, shape: Shape) -> Vec<Vec<usize>> {
        let n = shape.n();
        let mut houses = Vec::new();
        if self.has(Constraint::X) {
            houses.push((0..n).map(|i| shape.cell(i, i)).collect());
            houses.push((0..n).map(|i| shape.cell(i, n - 1 - i)).collect());
        }
        if self.has(Constraint::Windoku) {
            // Windows of a box's size, one cell in from each box edge, one
            // fewer per direction than boxes.
            let b = shape.box_rows();
            for wr in 0..b - 1 {
                for wc in 0..b - 1 {
                    let (top, left) = (1 + wr * (b + 1), 1 + wc * (b + 1));
                    houses.push(
                        (0..b)
                            .flat_map(|dr| (0..b).map(move |dc| (dr, dc)))
                            .map(|(dr, dc)| shape.cell(top + dr, left + dc))
                            .collect(),
                    );
                }
            }
        }
        if self.has(Constraint::DisjointGroups) {
            let boxes: Vec<Vec<usize>> = (0..n).map(|b| shape.box_cells(b).collect()).collect();
            houses.extend((0..n).map(|p| boxes.iter().map(|cells| cells[p]).collect()));
        }
        houses
    }

    /// The cells a printed grid shades, one flag per cell: those of the
    /// windows (windoku) and of the diagonals (X), as books mark them;
    /// with both, the diagonals are drawn as lines instead, since shading
    /// both would hide which cells belong to which.
    pub(crate) fn shaded_cells(&self, shape: Shape) -> Vec<bool> {
        let bits = if self.has(Constraint::Windoku) {
            Constraint::Windoku.bit()
        } else {
            self.bits & Constraint::X.bit()
        };
        let marked = Variant { bits, regions: None };
        let mut shaded = vec![false; shape.cells()];
        for cell in marked.extra_houses(shape).into_iter().flatten() {
            shaded[cell] = true;
        }
        shaded
    }

    /// The steps (down a row or more) from a cell to the cells that must
    /// not hold its digit: a knight's and a king's moves where asked.
    pub(crate) fn moves(&self) -> Vec<(isize, isize)> {
        let mut moves: Vec<(isize, isize)> = Vec::new();
        if self.has(Constraint::AntiKnight) {
            moves.extend([(1, 2), (1, -2), (2, 1), (2, -1)]);
        }
        if self.has(Constraint::AntiKing) {
            moves.extend([(1, 1), (1, -1)]);
        }
        moves
    }

    /// The conflicting cell pairs (each once, lower cell first), leaving
    /// out same-digit pairs that already share a house.
    pub(crate) fn conflicts(&self, shape: Shape) -> Vec<Conflict> {
        let n = shape.n() as isize;
        let moves = self.moves();
        let houses = self.houses(shape);
        let mut house_sets = vec![Vec::new(); shape.cells()];
        for (h, cells) in houses.iter().enumerate() {
            cells.iter().for_each(|&c| house_sets[c].push(h));
        }
        let share = |a: usize, b: usize| house_sets[a].iter().any(|h| house_sets[b].contains(h));
        let mut out = Vec::new();
        for a in 0..shape.cells() {
            let (r, c) = (shape.row(a) as isize, shape.col(a) as isize);
            for &(dr, dc) in &moves {
                let (r2, c2) = (r + dr, c + dc);
                if (0..n).contains(&r2) && (0..n).contains(&c2) {
                    let b = shape.cell(r2 as usize, c2 as usize);
                    if !share(a, b) {
                        out.push(Conflict::SameDigit(a, b));
                    }
                }
            }
            if self.has(Constraint::NonConsecutive) {
                if c + 1 < n {
                    out.push(Conflict::Consecutive(a, a + 1));
                }
                if r + 1 < n {
                    out.push(Conflict::Consecutive(a, a + n as usize));
                }
            }
        }
        out
    }

    /// Whether a complete grid keeps every rule of the variant (rows,
    /// columns and boxes or regions included).
    pub(crate) fn holds_for(&self, grid: &Grid) -> bool {
        let shape = grid.shape();
        let cells = grid.cells();
        let house_ok = |house: &Vec<usize>| {
            let mut seen = 0u32;
            house.iter().all(|&c| {
                let d = cells[c];
                let bit = 1u32 << d;
                let fresh = d != 0 && seen & bit == 0;
                seen |= bit;
                fresh
            })
        };
        self.houses(shape).iter().all(house_ok)
            && self.conflicts(shape).iter().all(|conflict| match *conflict {
                Conflict::SameDigit(a, b) => cells[a] != cells[b],
                Conflict::Consecutive(a, b) => cells[a].abs_diff(cells[b]) != 1,
            })
    }

    /// The rules in one line, as printed under a puzzle.
    pub fn rule(&self) -> String {
        let mut rules = vec!["each row, column and box holds every digit once".to_string()];
        if self.has(Constraint::Jigsaw) {
            rules[0] = "each row, column and outlined region holds every digit once".into();
        }
        rules.extend(
            self.constraints()
                .filter(|&c| c != Constraint::Jigsaw)
                .map(|c| c.rule().to_string()),
        );
        let mut line = rules.join("; ");
        line.push('.');
        line[..1].to_uppercase() + &line[1..]
    }
}

fn distinct(symbols: &[char]) -> usize {
    let mut seen: Vec<char> = symbols.to_vec();
    seen.sort_unstable();
    seen.dedup();
    seen.len()
}

/// Whether region `r`'s cells are orthogonally connected.
fn connected(shape: Shape, regions: &[u8], r: u8) -> bool {
    let n = shape.n();
    let Some(start) = regions.iter().position(|&x| x == r) else {
        return false;
    };
    let mut seen = vec![false; regions.len()];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 0;
    while let Some(cell) = stack.pop() {
        reached += 1;
        let (row, col) = (cell / n, cell % n);
        let neighbours = [
            (row > 0).then(|| cell - n),
            (row + 1 < n).then(|| cell + n),
            (col > 0).then(|| cell - 1),
            (col + 1 < n).then(|| cell + 1),
        ];
        for next in neighbours.into_iter().flatten() {
            if regions[next] == r && !seen[next] {
                seen[next] = true;
                stack.push(next);
            }
        }
    }
    reached == regions.iter().filter(|&&x| x == r).count()
}

impl FromStr for Variant {
    type Err = VariantError;

    /// A comma-separated list of constraint names (`x,windoku`); `classic`
    /// or an empty text is classic Sudoku. Jigsaw read this way still
    /// needs its regions ([`Variant::with_regions`]).
    fn from_str(s: &str) -> Result<Variant, VariantError> {
        let mut variant = Variant::default();
        for name in s.split(',').map(str::trim).filter(|x| !x.is_empty()) {
            let lower = name.to_ascii_lowercase().replace('_', "-");
            if lower == "classic" {
                continue;
            }
            let c = Constraint::from_name(&lower).ok_or_else(|| VariantError::Unknown(quote(name)))?;
            variant.bits |= c.bit();
        }
        Ok(variant)
    }
}

/// The constraint names joined by commas, or `classic`.
impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_classic() {
            return f.write_str("classic");
        }
        let names: Vec<&str> = self.constraints().map(Constraint::name).collect();
        f.write_str(&names.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names_and_rejects_unknown_ones() {
        let v: Variant = "x, Windoku,anti_knight".parse().unwrap();
        assert_eq!(v.to_string(), "x,windoku,anti-knight");
        assert_eq!("".parse::<Variant>().unwrap(), Variant::classic());
        let e = "x,zebra".parse::<Variant>().unwrap_err();
        assert_eq!(e, VariantError::Unknown("zebra".into()));
        assert!(e.to_string().contains("anti-king"), "{e}");
    }

    #[test]
    fn windoku_needs_square_boxes_and_jigsaw_needs_regions() {
        let six = Shape::new(2, 3).unwrap();
        let windoku: Variant = "windoku".parse().unwrap();
        assert!(matches!(windoku.check(six), Err(VariantError::NotOnShape(..))));
        assert!(windoku.check(Shape::CLASSIC).is_ok());
        let jigsaw: Variant = "jigsaw,disjoint-groups".parse().unwrap();
        assert!(matches!(jigsaw.check(Shape::CLASSIC), Err(VariantError::Incompatible(..))));
    }

    #[test]
    fn region_maps_are_checked() {
        let four = Shape::new(2, 2).unwrap();
        let ok = Variant::classic().with_regions("AABBAABBCCDDCCDD", four).unwrap();
        assert_eq!(ok.region_map().unwrap(), "AABBAABBCCDDCCDD");
        let bad = |map: &str| Variant::classic().with_regions(map, four).unwrap_err();
        assert_eq!(bad("AABB"), VariantError::RegionLength(4, 16, four));
        assert_eq!(bad("AAABAABBCCDDCCDD"), VariantError::RegionSize('A', 5, 4));
        assert_eq!(bad("ABBAABBACCDDCCDD"), VariantError::RegionDisconnected('A'));
        assert_eq!(bad("AABBAABBCCDDCCEE"), VariantError::RegionCount(5, 4));
    }

    #[test]
    fn houses_have_n_distinct_cells() {
        let v: Variant = "x,windoku,disjoint-groups".parse().unwrap();
        for shape in [Shape::CLASSIC, Shape::new(4, 4).unwrap()] {
            let houses = v.houses(shape);
            let b = shape.box_rows();
            assert_eq!(houses.len(), 3 * shape.n() + 2 + (b - 1) * (b - 1) + shape.n());
            for h in houses {
                let mut cells = h.clone();
                cells.sort_unstable();
                cells.dedup();
                assert_eq!(cells.len(), shape.n());
            }
        }
    }
}
