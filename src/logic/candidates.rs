//! The candidate grid every technique reads: one bitmask of possible digits
//! per cell, plus house and peer tables precomputed once per shape.
//!
//! It exists so that techniques work on plain bit operations (a `u32` holds
//! the candidates of a cell on boards up to 25x25) instead of re-deriving
//! candidates from the digits on every step.

use crate::grid::Grid;
use crate::shape::Shape;
use crate::variant::{Conflict, Constraint, Variant};
use std::sync::Arc;

/// Why a puzzle cannot be worked on logically.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LogicError {
    /// Two givens share a house and a digit.
    #[error("invalid puzzle: {digit} appears twice in one {house} (cells {first} and {second})")]
    Clash {
        /// The repeated digit.
        digit: u8,
        /// The house kind ("row", "column", "box", or "region" for a jigsaw region).
        house: &'static str,
        /// The first cell, as `r{row}c{col}`.
        first: String,
        /// The second cell, as `r{row}c{col}`.
        second: String,
    },
    /// Logic reached a state with no possible digit for a cell or no place
    /// for a digit in a house: the puzzle has no solution.
    #[error("the puzzle has no solution: logic reached a contradiction")]
    Contradiction,
    /// The grid's shape differs from the solver's.
    #[error("the grid is {grid}, the solver was built for {solver}")]
    ShapeMismatch {
        /// The grid's shape.
        grid: Shape,
        /// The solver's shape.
        solver: Shape,
    },
    /// A variant rule the grader does not rate (named).
    #[error("the grader does not rate {0} puzzles")]
    UnratedVariant(&'static str),
}

/// Tables that depend only on the shape: which cells form each house, which
/// houses hold each cell, and each cell's peers. Built once per shape and
/// shared by every candidate grid of that shape.
#[derive(Debug)]
pub struct Tables {
    shape: Shape,
    houses: Vec<Vec<usize>>,
    cell_houses: Vec<[usize; 3]>,
    /// Per cell, its position in each of its three houses.
    slots: Vec<[u8; 3]>,
    peers: Vec<Vec<usize>>,
    /// Words of 64 bits in a set of cells.
    words: usize,
    /// Per cell, its variant houses (diagonals, windows, disjoint groups)
    /// and its position in each; empty on a classic board.
    extra: Vec<Vec<(usize, u8)>>,
    /// The variant's rules as Sukaku Explainer switches them on: which
    /// producers the solve uses and whether peers reach outside houses.
    rules: VariantRules,
    /// Each house's cells, then each cell's peers, as sets of cells
    /// (`words` words each), for the searches that intersect them.
    house_bits: Vec<u64>,
    peer_bits: Vec<u64>,
    /// What tells these tables' geometry from another's of the same
    /// shape (a variant's houses, peers and rules), for the caches that
    /// keep results by board: a board's candidates alone do not say
    /// which rules they are read under.
    geometry: Geometry,
    /// Whether jigsaw regions stand in the boxes' place.
    jigsaw: bool,
    /// Under non-consecutive, each cell's orthogonal neighbours, which
    /// lose the digits one apart from a digit placed in it; empty
    /// otherwise.
    consecutive: Vec<Vec<usize>>,
}

/// A fingerprint of a [`Tables`]' houses, peers and rules: equal for
/// tables built from the same shape and variant, different (but for a
/// 64-bit hash collision) otherwise.
pub(crate) type Geometry = (Shape, u64);

impl Tables {
    /// Tables for `shape`. Houses are numbered rows `0..n`, columns
    /// `n..2n`, boxes `2n..3n`.
    pub fn new(shape: Shape) -> Tables {
        Tables::build(shape, None, Vec::new(), Vec::new(), VariantRules::default())
    }

    /// Tables for `shape` under the rules of `variant` (the grader's
    /// geometry): the variant's houses at fixed numbers after the boxes
    /// (see [`House::of`](super::board::House::of)), and peers that also
    /// reach the cells a same-digit conflict forbids. Jigsaw regions take
    /// the boxes' house numbers; jigsaw alone keeps the classic technique
    /// set (SE has no irregular regions: docs/variants.md, "Rating").
    /// Non-consecutive alone keeps the classic houses and peers, with
    /// its neighbour relation beside them; combined with other rules it
    /// is not rated.
    pub(crate) fn for_variant(shape: Shape, variant: &Variant) -> Result<Tables, LogicError> {
        if variant.is_classic() {
            return Ok(Tables::new(shape));
        }
        if variant.has(Constraint::NonConsecutive) {
            return Tables::non_consecutive(shape, variant);
        }
        let regions: Option<Vec<usize>> = variant
            .has(Constraint::Jigsaw)
            .then(|| (0..shape.cells()).map(|cell| variant.region_of(shape, cell)).collect());
        let jigsaw_only = Constraint::ALL
            .into_iter()
            .all(|c| c == Constraint::Jigsaw || !variant.has(c));
        if jigsaw_only {
            return Ok(Tables::build(shape, regions.as_deref(), Vec::new(), Vec::new(), VariantRules::default()));
        }
        let n = shape.n();
        let mut extra: Vec<Vec<usize>> = vec![Vec::new(); 2 * n + 2];
        if variant.has(Constraint::X) {
            extra[0] = (0..n).map(|i| shape.cell(i, i)).collect();
            extra[1] = (0..n).map(|i| shape.cell(i, n - 1 - i)).collect();
        }
        if variant.has(Constraint::Windoku) {
            for (k, window) in windows(shape).into_iter().enumerate() {
                extra[2 + k] = window;
            }
        }
        if variant.has(Constraint::DisjointGroups) {
            let boxes: Vec<Vec<usize>> = (0..n).map(|b| shape.box_cells(b).collect()).collect();
            for p in 0..n {
                extra[2 + n + p] = boxes.iter().map(|cells| cells[p]).collect();
            }
        }
        let conflicts = variant
            .conflicts(shape)
            .into_iter()
            .filter_map(|c| match c {
                Conflict::SameDigit(a, b) => Some((a, b)),
                Conflict::Consecutive(..) => None,
            })
            .collect();
        let rules = VariantRules {
            variant: true,
            conflicts: variant.has(Constraint::AntiKnight) || variant.has(Constraint::AntiKing),
            non_consecutive: false,
        };
        Ok(Tables::build(shape, regions.as_deref(), extra, conflicts, rules))
    }

    /// Non-consecutive tables: SE's `--isNC=1` keeps the classic houses,
    /// peers and chains (`Settings.toggleVariants` leaves `isVLatin` on)
    /// and removes the digits one apart from a placed digit's orthogonal
    /// neighbours (`Cell.setValueAndCancel`). SE rates no combination
    /// this grader could check, so other rules with it are refused.
    fn non_consecutive(shape: Shape, variant: &Variant) -> Result<Tables, LogicError> {
        let alone = Constraint::ALL
            .into_iter()
            .all(|c| c == Constraint::NonConsecutive || !variant.has(c));
        if !alone {
            return Err(LogicError::UnratedVariant("combined non-consecutive"));
        }
        let rules = VariantRules {
            non_consecutive: true,
            ..VariantRules::default()
        };
        let mut tables = Tables::build(shape, None, Vec::new(), Vec::new(), rules);
        tables.consecutive = vec![Vec::new(); shape.cells()];
        for conflict in variant.conflicts(shape) {
            if let Conflict::Consecutive(a, b) = conflict {
                tables.consecutive[a].push(b);
                tables.consecutive[b].push(a);
            }
        }
        for list in &mut tables.consecutive {
            list.sort_unstable();
            list.dedup();
        }
        Ok(tables)
    }

    /// The tables of `shape` with, if given, each cell's jigsaw region
    /// (`0..n`) in place of its box.
    fn build(
        shape: Shape,
        regions: Option<&[usize]>,
        extra_houses: Vec<Vec<usize>>,
        conflicts: Vec<(usize, usize)>,
        rules: VariantRules,
    ) -> Tables {
        let n = shape.n();
        let mut houses = vec![Vec::with_capacity(n); 3 * n];
        let mut cell_houses = Vec::with_capacity(shape.cells());
        for cell in 0..shape.cells() {
            let mut hs = shape.houses_of(cell);
            if let Some(regions) = regions {
                hs[2] = 2 * n + regions[cell];
            }
            for &h in &hs {
                houses[h].push(cell);
            }
            cell_houses.push(hs);
        }
        let mut extra = vec![Vec::new(); if rules.variant { shape.cells() } else { 0 }];
        for (k, cells) in extra_houses.into_iter().enumerate() {
            for (slot, &cell) in cells.iter().enumerate() {
                extra[cell].push((3 * n + k, slot as u8));
            }
            houses.push(cells);
        }
        let slots = (0..shape.cells())
            .map(|cell| {
                cell_houses[cell].map(|h: usize| {
                    houses[h]
                        .iter()
                        .position(|&x| x == cell)
                        .expect("a cell is in its houses") as u8
                })
            })
            .collect();
        let mut peers: Vec<Vec<usize>> = (0..shape.cells())
            .map(|cell| {
                (0..shape.cells())
                    .filter(|&other| other != cell && shares_house(&cell_houses, cell, other))
                    .collect()
            })
            .collect();
        if rules.variant {
            // Variant peers: a shared variant house or a conflict; each
            // cell's list stays in cell order, as SE's visible cells are
            // looked up by cell.
            for (cell, list) in peers.iter_mut().enumerate() {
                let shares_extra = |other: usize| {
                    extra[cell].iter().any(|&(h, _)| extra[other].iter().any(|&(g, _)| g == h))
                };
                let conflict = |other: usize| {
                    conflicts
                        .iter()
                        .any(|&(a, b)| (a, b) == (cell, other) || (b, a) == (cell, other))
                };
                *list = (0..shape.cells())
                    .filter(|&o| {
                        o != cell
                            && (shares_house(&cell_houses, cell, o) || shares_extra(o) || conflict(o))
                    })
                    .collect();
            }
        }
        let words = shape.cells().div_ceil(64);
        let as_bits = |lists: &[Vec<usize>]| {
            let mut bits = vec![0u64; lists.len() * words];
            for (i, list) in lists.iter().enumerate() {
                for &x in list {
                    bits[i * words + x / 64] |= 1 << (x % 64);
                }
            }
            bits
        };
        let geometry = {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            (&houses, &peers, &extra, format!("{rules:?}")).hash(&mut h);
            (shape, h.finish())
        };
        Tables {
            geometry,
            jigsaw: regions.is_some(),
            house_bits: as_bits(&houses),
            peer_bits: as_bits(&peers),
            words,
            shape,
            houses,
            cell_houses,
            slots,
            peers,
            extra,
            rules,
            consecutive: Vec::new(),
        }
    }

    /// How many houses the tables number: `3n` on a classic board, `5n +
    /// 2` under a variant (variant houses it lacks are empty).
    pub(crate) fn house_count(&self) -> usize {
        self.houses.len()
    }

    /// The first two givens of `grid` sharing a digit and a row, column,
    /// box or jigsaw region, as an error.
    pub(crate) fn clash(&self, grid: &Grid) -> Option<LogicError> {
        let (digit, house, first, second) = if self.jigsaw {
            region_clash(self, grid)?
        } else {
            grid.first_clash().map(|c| (c.digit, c.house, c.first, c.second))?
        };
        let n = grid.shape().n();
        Some(LogicError::Clash {
            digit,
            house,
            first: crate::logic::board::Cell::of(first, n).to_string(),
            second: crate::logic::board::Cell::of(second, n).to_string(),
        })
    }

    /// Whether jigsaw regions stand in the boxes' place.
    pub(crate) fn has_regions(&self) -> bool {
        self.jigsaw
    }

    /// The variant houses of a cell and its position in each (none on a
    /// classic board).
    pub(crate) fn extra_houses_of(&self, cell: usize) -> &[(usize, u8)] {
        self.extra.get(cell).map_or(&[], |v| &v[..])
    }

    /// Under non-consecutive, the orthogonal neighbours of a cell (none
    /// otherwise).
    pub(crate) fn consecutive_neighbours(&self, cell: usize) -> &[usize] {
        self.consecutive.get(cell).map_or(&[], |v| &v[..])
    }

    /// The variant's rules as they change the solve.
    pub(crate) fn rules(&self) -> VariantRules {
        self.rules
    }

    /// The shape these tables describe.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Which geometry these tables describe (see [`Geometry`]).
    pub(crate) fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The cells of house `h`, in row-major order (a window group in
    /// SE's order, see `windows`).
    pub fn house(&self, h: usize) -> &[usize] {
        &self.houses[h]
    }

    /// The row, column and box house numbers of a cell.
    pub fn houses_of(&self, cell: usize) -> [usize; 3] {
        self.cell_houses[cell]
    }

    /// The cells of house `h` as a set of cells (bit `x % 64` of word
    /// `x / 64` for cell `x`).
    pub(crate) fn house_bits(&self, h: usize) -> &[u64] {
        &self.house_bits[h * self.words..(h + 1) * self.words]
    }

    /// The peers of `cell` as a set of cells (see [`Tables::house_bits`]).
    pub(crate) fn peer_bits(&self, cell: usize) -> &[u64] {
        &self.peer_bits[cell * self.words..(cell + 1) * self.words]
    }

    /// Every other cell sharing a house with `cell`.
    pub fn peers(&self, cell: usize) -> &[usize] {
        &self.peers[cell]
    }

    /// Whether two distinct cells share a house (or, under a variant,
    /// may not hold the same digit).
    pub fn sees(&self, a: usize, b: usize) -> bool {
        if self.rules.variant {
            return a != b && self.peer_bits(a)[b / 64] & 1 << (b % 64) != 0;
        }
        a != b && shares_house(&self.cell_houses, a, b)
    }

    /// The cells that see both `a` and `b`: where a digit one of the two
    /// must hold can be removed (wings, kites, skyscrapers).
    pub fn common_peers(&self, a: usize, b: usize) -> impl Iterator<Item = usize> + '_ {
        self.peers(a).iter().copied().filter(move |&v| self.sees(v, b))
    }
}

/// The first two givens sharing a digit and a row, column or jigsaw
/// region of `tables` (the grid's own check knows only boxes): the
/// digit, the house kind, the earlier cell and the later one.
fn region_clash(tables: &Tables, grid: &Grid) -> Option<(u8, &'static str, usize, usize)> {
    let cells = grid.cells();
    for (second, &d) in cells.iter().enumerate().filter(|(_, &d)| d != 0) {
        let houses = tables.houses_of(second);
        for first in (0..second).filter(|&x| cells[x] == d) {
            let shared = tables.houses_of(first).iter().zip(houses).position(|(a, b)| *a == b);
            if let Some(kind) = shared {
                return Some((d, ["row", "column", "region"][kind], first, second));
            }
        }
    }
    None
}

/// What a variant changes in a solve, beyond the houses and peers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct VariantRules {
    /// Any variant: SE's variant technique set (generalized
    /// intersections and naked sets instead of pointing, claiming and
    /// naked sets; no three strong links).
    pub variant: bool,
    /// Same-digit conflicts outside houses (anti-knight, anti-king): SE
    /// turns uniqueness techniques and BUG off.
    pub conflicts: bool,
    /// Non-consecutive (alone): SE's classic technique set with its two
    /// non-consecutive producers after the naked single, and no
    /// uniqueness technique nor BUG.
    pub non_consecutive: bool,
}

/// SE's nine window groups of a 9x9 windoku, in its order
/// (`Grid.Window`): the four windows, the two groups on rows 1, 5 and 9
/// (by columns of windows), the two on columns 1, 5 and 9 (by rows of
/// windows), then the cross of those lines; each group's cells in SE's
/// order (row by row, but column by column in the groups on columns 1, 5
/// and 9). On other shapes, the variant's windows alone.
fn windows(shape: Shape) -> Vec<Vec<usize>> {
    if shape != Shape::CLASSIC {
        let windoku: Variant = "windoku".parse().expect("a variant name");
        return windoku.extra_houses(shape);
    }
    // The band of a row or column: 0 or 1 inside a window, None on the
    // lines between windows (0, 4, 8).
    let band = |i: usize| match i {
        1..=3 => Some(0),
        5..=7 => Some(1),
        _ => None,
    };
    let mut groups = vec![Vec::new(); 9];
    for cell in 0..81 {
        let (r, c) = (cell / 9, cell % 9);
        let g = match (band(r), band(c)) {
            (Some(a), Some(b)) => 2 * a + b,
            (None, Some(b)) => 4 + b,
            (Some(a), None) => 6 + a,
            (None, None) => 8,
        };
        groups[g].push(cell);
    }
    for group in &mut groups[6..8] {
        group.sort_by_key(|&x| (x % 9, x / 9));
    }
    groups
}

fn shares_house(cell_houses: &[[usize; 3]], a: usize, b: usize) -> bool {
    let (x, y) = (cell_houses[a], cell_houses[b]);
    x[0] == y[0] || x[1] == y[1] || x[2] == y[2]
}

/// The words of a set holding all of `cells` cells.
fn every_cell(cells: usize) -> impl Iterator<Item = u64> {
    (0..cells.div_ceil(64)).map(move |w| {
        let left = cells - 64 * w;
        if left >= 64 {
            u64::MAX
        } else {
            (1 << left) - 1
        }
    })
}

/// The bit for digit `d` (1-based) in a candidate mask.
pub fn bit(d: u8) -> u32 {
    1 << (d - 1)
}

/// The digits one apart from `d` (1-based) as a candidate mask: the
/// digits non-consecutive forbids next to it.
pub(crate) fn one_apart(d: u8) -> u32 {
    (bit(d) << 1 | bit(d) >> 1) & !bit(d)
}

/// The digits of a mask, smallest first.
pub fn digits(mask: u32) -> impl Iterator<Item = u8> {
    let mut m = mask;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let d = m.trailing_zeros() as u8 + 1;
            m &= m - 1;
            d
        })
    })
}

/// The positions of set bits, smallest first.
pub fn bits(mask: u32) -> impl Iterator<Item = usize> {
    digits(mask).map(|d| d as usize - 1)
}

/// A grid of candidates: solved cells hold a digit and an empty mask;
/// unsolved cells hold the digits still possible.
#[derive(Clone, Debug)]
pub struct Candidates {
    tables: Arc<Tables>,
    masks: Vec<u32>,
    values: Vec<u8>,
    unsolved: usize,
    versions: Vec<u32>,
    house_versions: Vec<u32>,
    /// Per house and digit (`h * n + d - 1`), the digit's places in the
    /// house (bit `i`: the house's `i`-th cell), kept up to date as
    /// candidates go: most techniques read places far more often than
    /// candidates change.
    places: Vec<u32>,
    /// Per house, its cells without a digit.
    empty_in_house: Vec<u32>,
    /// Per digit (`(d - 1) * words`), the cells holding it as a set of
    /// cells (see [`Tables::house_bits`]), kept up to date likewise.
    holders: Vec<u64>,
}

impl Candidates {
    /// An empty board where every cell may hold every digit; tests build
    /// hand-made positions from this with [`Candidates::set_mask`].
    pub fn new(shape: Shape) -> Candidates {
        Candidates::empty(Arc::new(Tables::new(shape)))
    }

    /// An empty board on existing tables.
    pub fn empty(tables: Arc<Tables>) -> Candidates {
        let cells = tables.shape().cells();
        let n = tables.shape().n();
        let full = full_mask(n);
        let houses = tables.house_count();
        Candidates {
            versions: vec![1; n],
            house_versions: vec![1; houses],
            places: (0..houses)
                .flat_map(|h| {
                    let full = if tables.house(h).is_empty() { 0 } else { full_mask(n) };
                    std::iter::repeat_n(full, n)
                })
                .collect(),
            empty_in_house: (0..houses).map(|h| tables.house(h).len() as u32).collect(),
            holders: (0..n).flat_map(|_| every_cell(cells)).collect(),
            tables,
            masks: vec![full; cells],
            values: vec![0; cells],
            unsolved: cells,
        }
    }

    /// The candidates of a puzzle: givens placed and removed from their
    /// peers. Clashing givens are an error.
    pub fn from_grid(tables: Arc<Tables>, grid: &Grid) -> Result<Candidates, LogicError> {
        if grid.shape() != tables.shape() {
            return Err(LogicError::ShapeMismatch {
                grid: grid.shape(),
                solver: tables.shape(),
            });
        }
        if let Some(clash) = tables.clash(grid) {
            return Err(clash);
        }
        let mut cands = Candidates::empty(tables);
        // The givens' digits and candidates first, then what is kept
        // about them (places, holders, empty cells) in one pass: cheaper
        // than keeping it up to date through every placement.
        let tables = Arc::clone(&cands.tables);
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                cands.values[cell] = d;
                cands.masks[cell] = 0;
                cands.unsolved -= 1;
            }
        }
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                for &p in tables.peers(cell) {
                    cands.masks[p] &= !bit(d);
                }
                for &p in tables.consecutive_neighbours(cell) {
                    cands.masks[p] &= !one_apart(d);
                }
            }
        }
        cands.versions.iter_mut().for_each(|v| *v += 1);
        cands.house_versions.iter_mut().for_each(|v| *v += 1);
        cands.recount();
        Ok(cands)
    }

    /// Rebuilds the places, holders and empty-cell counts from the
    /// masks and values.
    fn recount(&mut self) {
        self.places.fill(0);
        self.holders.fill(0);
        self.empty_in_house.fill(0);
        for cell in 0..self.masks.len() {
            if self.values[cell] == 0 {
                for h in self.tables.cell_houses[cell] {
                    self.empty_in_house[h] += 1;
                }
                for &(h, _) in self.tables.extra_houses_of(cell) {
                    self.empty_in_house[h] += 1;
                }
            }
            self.flip_kept(cell, self.masks[cell]);
        }
    }

    /// Copies another grid of the same shape into this one without
    /// allocating.
    pub fn copy_from(&mut self, other: &Candidates) {
        self.masks.copy_from_slice(&other.masks);
        self.values.copy_from_slice(&other.values);
        self.unsolved = other.unsolved;
        self.versions.copy_from_slice(&other.versions);
        self.house_versions.copy_from_slice(&other.house_versions);
        self.places.copy_from_slice(&other.places);
        self.holders.copy_from_slice(&other.holders);
        self.empty_in_house.copy_from_slice(&other.empty_in_house);
    }

    /// Sets `cell`'s candidates to `mask`, keeping the places in step.
    fn write_mask(&mut self, cell: usize, mask: u32) {
        let flipped = self.masks[cell] ^ mask;
        self.masks[cell] = mask;
        self.flip_kept(cell, flipped);
    }

    /// Flips `cell` in the kept places and holders of each digit of
    /// `flipped` (a candidate mask).
    #[inline]
    fn flip_kept(&mut self, cell: usize, mut flipped: u32) {
        if flipped == 0 {
            return;
        }
        let n = self.tables.shape.n();
        let houses = self.tables.cell_houses[cell];
        let slots = self.tables.slots[cell];
        let holder_word = cell / 64;
        let words = self.tables.words;
        while flipped != 0 {
            let d = flipped.trailing_zeros() as usize;
            flipped &= flipped - 1;
            for k in 0..3 {
                self.places[houses[k] * n + d] ^= 1 << slots[k];
            }
            for &(h, slot) in self.tables.extra_houses_of(cell) {
                self.places[h * n + d] ^= 1 << slot;
            }
            self.holders[d * words + holder_word] ^= 1 << (cell % 64);
        }
    }

    /// A counter that changes whenever a cell of house `h` changes, so
    /// techniques that read one house can skip unchanged houses.
    pub fn house_version(&self, h: usize) -> u32 {
        self.house_versions[h]
    }

    fn touch_houses(&mut self, cell: usize) {
        for h in self.tables.houses_of(cell) {
            self.house_versions[h] += 1;
        }
        for &(h, _) in self.tables.extra_houses_of(cell) {
            self.house_versions[h] += 1;
        }
    }

    /// A counter that changes whenever a candidate of `d` goes away, so
    /// single-digit techniques can skip digits unchanged since they last
    /// found nothing.
    pub fn digit_version(&self, d: u8) -> u32 {
        self.versions[d as usize - 1]
    }

    fn touch(&mut self, mask: u32) {
        for d in digits(mask) {
            self.versions[d as usize - 1] += 1;
        }
    }

    /// The shared shape tables.
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The shape tables as a shared handle.
    pub fn tables_arc(&self) -> &Arc<Tables> {
        &self.tables
    }

    /// The board shape.
    pub fn shape(&self) -> Shape {
        self.tables.shape()
    }

    /// The board side (digits per house).
    pub fn n(&self) -> usize {
        self.tables.shape().n()
    }

    /// The number of cells.
    pub fn cell_count(&self) -> usize {
        self.masks.len()
    }

    /// The candidates of a cell (empty for a solved cell).
    pub fn mask(&self, cell: usize) -> u32 {
        self.masks[cell]
    }

    /// The digit in a cell, `0` if unsolved.
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// Whether `d` is still a candidate of `cell`.
    pub fn has(&self, cell: usize, d: u8) -> bool {
        self.masks[cell] & bit(d) != 0
    }

    /// How many cells have no digit yet.
    pub fn unsolved(&self) -> usize {
        self.unsolved
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.unsolved == 0
    }

    /// Sets the candidates of an unsolved cell directly (for hand-made
    /// positions).
    pub fn set_mask(&mut self, cell: usize, mask: u32) {
        debug_assert_eq!(self.values[cell], 0);
        self.touch(self.masks[cell] | mask);
        self.touch_houses(cell);
        self.write_mask(cell, mask);
    }

    /// Sets the candidates of an unsolved cell from a list of digits.
    pub fn set_digits(&mut self, cell: usize, ds: &[u8]) {
        self.set_mask(cell, ds.iter().fold(0, |m, &d| m | bit(d)));
    }

    /// Puts `d` in `cell` and removes it from the cell's peers.
    pub fn place(&mut self, cell: usize, d: u8) {
        if self.values[cell] == 0 {
            self.unsolved -= 1;
            for h in self.tables.cell_houses[cell] {
                self.empty_in_house[h] -= 1;
            }
            for &(h, _) in self.tables.extra_houses_of(cell) {
                self.empty_in_house[h] -= 1;
            }
        }
        self.touch(self.masks[cell] | bit(d));
        self.touch_houses(cell);
        self.values[cell] = d;
        self.write_mask(cell, 0);
        let tables = Arc::clone(&self.tables);
        for &p in tables.peers(cell) {
            if self.masks[p] & bit(d) != 0 {
                self.write_mask(p, self.masks[p] & !bit(d));
                self.touch_houses(p);
            }
        }
        for &p in tables.consecutive_neighbours(cell) {
            let gone = self.masks[p] & one_apart(d);
            if gone != 0 {
                self.touch(gone);
                self.write_mask(p, self.masks[p] & !gone);
                self.touch_houses(p);
            }
        }
    }

    /// Removes candidate `d` from `cell`; returns whether it was there.
    pub fn eliminate(&mut self, cell: usize, d: u8) -> bool {
        let had = self.has(cell, d);
        if had {
            self.touch(bit(d));
            self.touch_houses(cell);
            self.write_mask(cell, self.masks[cell] & !bit(d));
        }
        had
    }

    /// The positions of `d` in house `h`: bit `i` stands for the `i`-th cell
    /// of the house.
    pub fn positions(&self, h: usize, d: u8) -> u32 {
        self.places[h * self.n() + d as usize - 1]
    }

    /// The positions of every digit in house `h` at once (a copy of the
    /// kept places): `out[d - 1]` gets bit `i` for the `i`-th cell.
    pub fn all_positions(&self, h: usize, out: &mut [u32; 32]) {
        let n = self.n();
        out[..n].copy_from_slice(&self.places[h * n..(h + 1) * n]);
        out[n..].fill(0);
    }

    /// How many cells of house `h` have no digit yet.
    pub fn empty_cells(&self, h: usize) -> usize {
        self.empty_in_house[h] as usize
    }

    /// The cells holding `d` as a candidate, as a set of cells (see
    /// [`Tables::house_bits`]).
    pub(crate) fn holder_bits(&self, d: u8) -> &[u64] {
        let words = self.tables.words;
        &self.holders[(d as usize - 1) * words..d as usize * words]
    }

    /// The cells of house `h` where `d` is a candidate.
    pub fn cells_with(&self, h: usize, d: u8) -> impl Iterator<Item = usize> + '_ {
        let house = self.tables.house(h);
        bits(self.positions(h, d)).map(move |i| house[i])
    }

    /// The two cells of house `h` that can hold `d`, when there are
    /// exactly two: a strong link on `d`.
    pub fn two_places(&self, h: usize, d: u8) -> Option<[usize; 2]> {
        let mut cells = self.cells_with(h, d);
        match (cells.next(), cells.next(), cells.next()) {
            (Some(a), Some(b), None) => Some([a, b]),
            _ => None,
        }
    }

    /// Whether house `h` already holds `d` as a placed digit.
    pub fn house_has_value(&self, h: usize, d: u8) -> bool {
        self.tables.house(h).iter().any(|&c| self.values[c] == d)
    }

    /// Whether the position is impossible: an unsolved cell without
    /// candidates, or a digit with no place left in a house.
    pub fn is_contradictory(&self) -> bool {
        let n = self.n();
        let full = full_mask(n);
        (0..self.tables.house_count()).any(|h| {
            if self.tables.house(h).is_empty() {
                return false;
            }
            let mut seen = 0;
            for &cell in self.tables.house(h) {
                match self.values[cell] {
                    // Every cell is in a row, so rows alone find empty cells.
                    0 if self.masks[cell] == 0 => return true,
                    0 => seen |= self.masks[cell],
                    v => seen |= bit(v),
                }
            }
            seen != full
        })
    }

    /// The digits as a grid (`0` for unsolved cells).
    pub fn to_grid(&self) -> Grid {
        Grid::from_cells(self.shape(), self.values.clone()).expect("values fit the shape")
    }
}

/// The mask with all `n` digits.
pub fn full_mask(n: usize) -> u32 {
    if n >= 32 {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The places of `d` in house `h` read from the cells' candidates.
    fn places_read(c: &Candidates, h: usize, d: u8) -> u32 {
        c.tables()
            .house(h)
            .iter()
            .enumerate()
            .filter(|&(_, &x)| c.has(x, d))
            .fold(0, |m, (i, _)| m | 1 << i)
    }

    #[test]
    fn a_grid_read_at_once_equals_its_givens_placed_one_by_one() {
        let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let grid = crate::formats::parse_line(line, None, 1).unwrap();
        let tables = Arc::new(Tables::new(Shape::CLASSIC));
        let read = Candidates::from_grid(tables.clone(), &grid).unwrap();
        let mut placed = Candidates::empty(tables);
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                placed.place(cell, d);
            }
        }
        assert_eq!(read.masks, placed.masks);
        assert_eq!(read.values, placed.values);
        assert_eq!(read.unsolved, placed.unsolved);
        assert_eq!(read.places, placed.places);
        assert_eq!(read.holders, placed.holders);
        assert_eq!(read.empty_in_house, placed.empty_in_house);
    }

    #[test]
    fn kept_places_match_the_candidates_after_every_change() {
        // Placements, eliminations and direct writes in a fixed pseudo-
        // random order, on a square and an oblong box shape.
        for shape in [
            Shape::CLASSIC,
            Shape::new(2, 3).unwrap(),
            Shape::new(3, 4).unwrap(),
        ] {
            let n = shape.n();
            let mut c = Candidates::new(shape);
            let mut state = 12345u64;
            let mut next = |bound: usize| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (state >> 33) as usize % bound
            };
            for step in 0..400 {
                let cell = next(shape.cells());
                let d = next(n) as u8 + 1;
                match step % 3 {
                    0 if c.value(cell) == 0 && c.has(cell, d) => c.place(cell, d),
                    1 => {
                        c.eliminate(cell, d);
                    }
                    _ if c.value(cell) == 0 => c.set_mask(cell, next(1 << n) as u32),
                    _ => {}
                }
                for d in 1..=n as u8 {
                    let holding: Vec<usize> = (0..shape.cells()).filter(|&x| c.has(x, d)).collect();
                    let words = c.holder_bits(d);
                    let kept: Vec<usize> = (0..shape.cells())
                        .filter(|&x| words[x / 64] >> (x % 64) & 1 != 0)
                        .collect();
                    assert_eq!(kept, holding, "{shape} step {step} digit {d}");
                }
                for h in 0..3 * n {
                    let empty = c.tables().house(h).iter().filter(|&&x| c.value(x) == 0).count();
                    assert_eq!(c.empty_cells(h), empty);
                    let mut all = [0; 32];
                    c.all_positions(h, &mut all);
                    for d in 1..=n as u8 {
                        let read = places_read(&c, h, d);
                        assert_eq!(c.positions(h, d), read, "{shape} step {step} house {h} digit {d}");
                        assert_eq!(all[d as usize - 1], read);
                    }
                }
            }
            let mut copy = Candidates::new(shape);
            copy.copy_from(&c);
            assert!((0..3 * n).all(|h| (1..=n as u8).all(|d| copy.positions(h, d) == c.positions(h, d))));
        }
    }

    #[test]
    fn placing_removes_the_digit_from_peers_only() {
        let mut c = Candidates::new(Shape::CLASSIC);
        c.place(0, 5);
        assert_eq!(c.value(0), 5);
        assert!(!c.has(8, 5)); // same row
        assert!(!c.has(72, 5)); // same column
        assert!(!c.has(20, 5)); // same box
        assert!(c.has(40, 5)); // r5c5 is not a peer of r1c1
        assert_eq!(c.unsolved(), 80);
    }

    #[test]
    fn peers_number_twenty_on_classic_boards() {
        let t = Tables::new(Shape::CLASSIC);
        assert!((0..81).all(|c| t.peers(c).len() == 20));
        let t = Tables::new(Shape::new(2, 3).unwrap());
        // 5 in the row, 5 in the column, 2 more in the 2x3 box.
        assert!((0..36).all(|c| t.peers(c).len() == 12));
    }

    #[test]
    fn clashing_givens_are_an_error() {
        let mut g = Grid::empty(Shape::CLASSIC);
        g.set(0, 3);
        g.set(10, 3);
        let err = Candidates::from_grid(Arc::new(Tables::new(Shape::CLASSIC)), &g).unwrap_err();
        assert!(matches!(
            err,
            LogicError::Clash {
                digit: 3,
                house: "box",
                ..
            }
        ));
    }

    #[test]
    fn variant_peers_are_the_cells_a_rule_forbids_the_same_digit() {
        // Brute force from the variant's own houses and conflicts (the
        // engines' reading of the rules), plus the five window groups SE
        // adds, which the four windows force.
        for name in ["x", "windoku", "disjoint-groups", "anti-knight", "anti-king", "x,windoku,anti-king"] {
            let variant: Variant = name.parse().unwrap();
            let shape = Shape::CLASSIC;
            let t = Tables::for_variant(shape, &variant).unwrap();
            let houses = variant.houses(shape);
            let conflicts = variant.conflicts(shape);
            for a in 0..81 {
                for b in 0..81 {
                    let in_house = houses.iter().any(|h| h.contains(&a) && h.contains(&b));
                    let conflict = conflicts.iter().any(|c| {
                        matches!(*c, Conflict::SameDigit(x, y) if (x, y) == (a, b) || (y, x) == (a, b))
                    });
                    let window_group = variant.has(Constraint::Windoku)
                        && windows(shape).iter().any(|g| g.contains(&a) && g.contains(&b));
                    let expected = a != b && (in_house || conflict || window_group);
                    assert_eq!(t.sees(a, b), expected, "{name}: {a} {b}");
                }
            }
        }
    }

    #[test]
    fn a_non_consecutive_placement_removes_the_digits_one_apart_from_its_neighbours() {
        let variant: Variant = "non-consecutive".parse().unwrap();
        let tables = Arc::new(Tables::for_variant(Shape::CLASSIC, &variant).unwrap());
        for (cell, d) in [(0, 1), (40, 5), (80, 9), (44, 3)] {
            let mut c = Candidates::empty(Arc::clone(&tables));
            c.place(cell, d);
            let (r, col) = (cell / 9, cell % 9);
            for other in (0..81).filter(|&o| o != cell) {
                let (ro, co) = (other / 9, other % 9);
                let same_house = ro == r || co == col || (ro / 3, co / 3) == (r / 3, col / 3);
                let next_to = r.abs_diff(ro) + col.abs_diff(co) == 1;
                let forbidden = |e: u8| (same_house && e == d) || (next_to && e.abs_diff(d) == 1);
                let kept: Vec<u8> = (1..=9).filter(|&e| !forbidden(e)).collect();
                assert_eq!(digits(c.mask(other)).collect::<Vec<_>>(), kept, "{cell} {d} {other}");
            }
        }
    }

    #[test]
    fn window_groups_split_the_board_in_nine() {
        let groups = windows(Shape::CLASSIC);
        assert_eq!(groups.len(), 9);
        let mut seen = vec![0; 81];
        for g in &groups {
            assert_eq!(g.len(), 9);
            g.iter().for_each(|&x| seen[x] += 1);
        }
        assert!(seen.iter().all(|&k| k == 1));
    }

    #[test]
    fn jigsaw_regions_take_the_boxes_place() {
        // A 4x4 map whose regions are no boxes; the variant's own houses
        // (the engines' reading of the rules) must be the tables'.
        let shape = Shape::new(2, 2).unwrap();
        let variant = Variant::classic().with_regions("AAABCABBCCDBCDDD", shape).unwrap();
        let t = Tables::for_variant(shape, &variant).unwrap();
        assert_eq!(t.house_count(), 12);
        assert_eq!(t.rules(), VariantRules::default());
        let houses = variant.houses(shape);
        for (h, cells) in houses.iter().enumerate() {
            assert_eq!(t.house(h), &cells[..], "house {h}");
        }
        for a in 0..16 {
            for b in 0..16 {
                let shared = houses.iter().any(|h| h.contains(&a) && h.contains(&b));
                assert_eq!(t.sees(a, b), a != b && shared, "{a} {b}");
            }
        }
        let mut grid = Grid::empty(shape);
        grid.set(2, 1);
        grid.set(5, 1);
        assert!(grid.first_clash().is_none());
        assert!(matches!(t.clash(&grid), Some(LogicError::Clash { house: "region", .. })));
    }

    #[test]
    fn classic_tables_are_those_of_a_classic_variant() {
        let t = Tables::for_variant(Shape::CLASSIC, &Variant::classic()).unwrap();
        assert_eq!(t.house_count(), 27);
        assert_eq!(t.rules(), VariantRules::default());
    }
}
