//! Canonical forms: one representative per class of puzzles that are the
//! same puzzle in disguise, so that duplicates can be found by key.
//!
//! Two puzzles of one shape are equivalent when a validity-preserving
//! transformation maps one onto the other: permuting the bands, the rows
//! inside each band, the stacks, the columns inside each stack,
//! relabelling the digits, and (for square boxes only) transposing. The
//! canonical form is the lexicographically smallest one-line string of the
//! class, empty cells (`.`, value 0) sorting before every digit: the
//! community's "minlex" form (docs/canon.md).
//!
//! For boxes that are not square (2x3, 3x4, ...) transposition turns an
//! `R x C` board into a `C x R` one, another shape, so it is not part of
//! the group: a 2x3 puzzle and its transpose (a 3x2 puzzle) have different
//! canonical forms, each in its own shape.
//!
//! The search is a branch and bound over the output string, position by
//! position, rows in order. For a given arrangement the digit relabelling
//! that minimises the string is "in order of first appearance", so digits
//! are relabelled on the fly, never enumerated. Rows are chosen
//! explicitly (smallest-looking candidate first); columns are ordered
//! lazily, by partition refinement: output positions form cells of
//! columns not ordered yet, either *tied* (empty in every row so far) or
//! *pending* (empty until one row, where each held a new digit: those
//! digits take consecutive labels in the order the columns will end up
//! in, which no row so far depends on). A later row splits a cell, empty
//! cells first, then by value; a pending digit met elsewhere gets the
//! smallest label still open to it, which fixes one column of its cell.
//! Only genuinely equal choices (the same smallest value from several
//! columns) branch, and each branch is cut at the first position where it
//! exceeds the best string found so far. Rows, bands and stacks that are
//! empty throughout are interchangeable, so only one of each is tried.

use crate::grid::Grid;
use crate::shape::{Shape, MAX_SIDE};
use crate::variant::Variant;
use rand::{seq::SliceRandom, Rng};
use std::collections::HashSet;

mod variant;

/// The value a best-row slot holds before any candidate reached it: larger
/// than every label.
const UNSET: u8 = u8::MAX;

/// The canonical (minlex) form of `puzzle`: the smallest grid, read as a
/// row-major string, among all grids a validity-preserving transformation
/// of its shape maps it to. Equivalent puzzles get equal forms; the number
/// of givens, their validity and the number of solutions are unchanged.
///
/// The search has no bound: generated puzzles of every shape take well
/// under a millisecond to a few milliseconds, but grids with huge symmetry
/// groups (a 25x25 board holding only its five diagonal boxes, say) can
/// take very long. [`try_canonical`] bounds it.
pub fn canonical(puzzle: &Grid) -> Grid {
    try_canonical(puzzle, None).expect("an unbounded search always ends with the form")
}

/// Search steps (rows tried and branches taken) allowed by the command
/// line and Python: a few seconds of work at most (two to four on this
/// project's machine). Generated puzzles of every shape need a tiny
/// fraction of it; a complete 25x25 grid of the cyclic pattern, whose
/// symmetry group is huge, about three million (docs/canon.md, limits).
pub const DEFAULT_BUDGET: u64 = 8_000_000;

/// The search for a canonical form ran out of its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("canonical form not settled within {0} search steps (too many equal branches: the grid has a huge symmetry group)")]
pub struct BudgetExceeded(pub u64);

/// [`canonical`] with at most `budget` search steps (rows tried and
/// branches taken, the units of work of the search), so that a caller is
/// never stuck on one grid.
pub fn try_canonical(puzzle: &Grid, budget: Option<u64>) -> Result<Grid, BudgetExceeded> {
    let shape = puzzle.shape();
    let mut orientations = vec![puzzle.cells().to_vec()];
    if shape.is_square_box() {
        orientations.push(transposed(shape, puzzle.cells()));
    }
    let mut search = Search::new(shape, budget.unwrap_or(u64::MAX));
    // Pending cells and the first row's closed form rely on each row
    // holding a digit once; a grid whose givens clash is searched without
    // them (exact still, only slower).
    search.lazy_labels = puzzle.first_clash().is_none();
    if search.lazy_labels {
        // The first row is known before any search (see
        // `best_first_row`): seeding it prunes every first row that
        // cannot lead to the minimum.
        let first = orientations
            .iter()
            .flat_map(|cells| (0..shape.n()).map(move |r| best_first_row(shape, cells, r)))
            .min()
            .expect("a board has rows");
        search.best[..shape.n()].copy_from_slice(&first);
        search.frontier = shape.n();
    }
    for cells in &orientations {
        search.run(cells);
    }
    if search.left == 0 {
        return Err(BudgetExceeded(budget.unwrap_or(u64::MAX)));
    }
    Ok(Grid::from_cells(shape, search.best).expect("a relabelled grid keeps the shape's digits"))
}

/// The canonical form of `puzzle` under `rules`: the smallest grid among
/// the images of the puzzle under the transformations that keep the
/// rules (docs/canon.md, "Variants"), with the rules it is read under (for
/// jigsaw, the region map transformed with the grid and part of the
/// form). Classic rules give [`try_canonical`]'s form. At most `budget`
/// steps (one per image tried); a variant whose group is too large to
/// find or hold (16x16 windoku, say) is refused the same way, after a
/// search of seconds, once per process.
/// The rules should have passed [`Variant::check`] for the puzzle's
/// shape; jigsaw without a region map transforms the grid only.
pub fn try_canonical_variant(
    puzzle: &Grid,
    rules: &Variant,
    budget: Option<u64>,
) -> Result<(Grid, Variant), BudgetExceeded> {
    if rules.is_classic() {
        return try_canonical(puzzle, budget).map(|form| (form, rules.clone()));
    }
    let shape = puzzle.shape();
    let exceeded = BudgetExceeded(budget.unwrap_or(u64::MAX));
    let group = variant::group(shape, rules).ok_or(exceeded)?;
    let regions: Option<Vec<u8>> = rules
        .region_map()
        .map(|map| map.bytes().map(|b| b - b'A').collect())
        .filter(|r: &Vec<u8>| r.len() == shape.cells());
    let (cells, regions) = variant::least_image(
        puzzle.cells(),
        regions.as_deref(),
        shape.n(),
        &group,
        budget.unwrap_or(u64::MAX),
    )
    .ok_or(exceeded)?;
    let form = Grid::from_cells(shape, cells).expect("a mapped grid keeps the shape's digits");
    let rules = match regions {
        Some(regions) => {
            let map: String = regions.iter().map(|&r| (b'A' + r) as char).collect();
            // Turns and reflections keep regions connected.
            rules
                .clone()
                .with_regions(&map, shape)
                .unwrap_or_else(|_| rules.clone())
        }
        None => rules.clone(),
    };
    Ok((form, rules))
}

internal_pub! {
    /// The canonical form's one-line string (see [`canonical`]).
    fn canonical_line(puzzle: &Grid) -> String {
        canonical(puzzle).to_line()
    }
}

/// The smallest first row that row `r` can become. Its digits are
/// distinct, so relabelling by appearance makes them 1, 2, 3... whatever
/// the order: only where the givens fall matters, and the string is
/// smallest with stacks in ascending order of their givens, each stack's
/// givens at its right.
fn best_first_row(shape: Shape, cells: &[u8], r: usize) -> Vec<u8> {
    let (n, width) = (shape.n(), shape.box_cols());
    let mut counts: Vec<usize> = (0..shape.box_rows())
        .map(|s| {
            (s * width..(s + 1) * width)
                .filter(|&c| cells[r * n + c] != 0)
                .count()
        })
        .collect();
    counts.sort_unstable();
    let mut row = Vec::with_capacity(n);
    let mut label = 0;
    for k in counts {
        row.extend(std::iter::repeat_n(0, width - k));
        for _ in 0..k {
            label += 1;
            row.push(label);
        }
    }
    row
}

fn transposed(shape: Shape, cells: &[u8]) -> Vec<u8> {
    let n = shape.n();
    (0..n * n).map(|i| cells[(i % n) * n + i / n]).collect()
}

/// The state of one branch: which rows are placed, how columns are
/// arranged so far and how digits are relabelled. Small and `Copy`, so a
/// branch is a copy and backtracking is free.
///
/// Output positions fall into cells (runs of positions, see `cell_start`)
/// whose columns are not ordered yet. A cell is either *tied* (its columns
/// were empty in every row emitted so far, so any order gives the same
/// string) or *pending* (bit set in `pending`): its columns were empty
/// until one row, where each held a digit seen there for the first time;
/// the digit of the column that ends up at position `p` takes label
/// `slot_label[p]`, so any order gives the same string so far, and the
/// order is chosen only when a later row needs it.
#[derive(Clone, Copy)]
struct Branch {
    /// Original column at each output position.
    order: [u8; MAX_SIDE],
    /// Output position of each original column (inverse of `order`).
    position: [u8; MAX_SIDE],
    /// Bit `j` set: output position `j` starts a cell.
    cell_start: u32,
    /// Bit `j` set: position `j` lies in a pending cell of two or more.
    pending: u32,
    /// Label the home digit of the column at pending position `j` takes.
    slot_label: [u8; MAX_SIDE],
    /// The digit that made each (original) column pending.
    home_digit: [u8; MAX_SIDE],
    /// New label of each original digit: 0 not seen yet, [`PENDING`], or
    /// the label.
    label: [u8; MAX_SIDE + 1],
    /// The column each pending digit made pending.
    home_col: [u8; MAX_SIDE + 1],
    /// The next free label.
    next_label: u8,
    /// Original rows placed so far.
    rows_used: u32,
    /// The band of the row placed at the start of the current band.
    band: u8,
    /// Original stack at each stack slot; unordered inside a stack cell.
    stack_at: [u8; MAX_SIDE],
    /// Bit `s` set: slot `s` starts a stack cell. A stack cell of two or
    /// more slots holds stacks empty in every row emitted so far, so their
    /// order is open.
    stack_cell_start: u32,
    /// Bit `s` set: slot `s` holds a chosen stack, its columns at their
    /// output positions.
    stack_decided: u32,
}

/// The label of a digit held by a pending cell (labels are at most 25).
const PENDING: u8 = u8::MAX - 1;

impl Branch {
    /// A branch with no row placed: every stack slot open, the stacks one
    /// stack cell.
    fn start(shape: Shape) -> Branch {
        let width = shape.box_cols();
        let mut branch = Branch {
            order: [0; MAX_SIDE],
            position: [0; MAX_SIDE],
            cell_start: 0,
            pending: 0,
            slot_label: [0; MAX_SIDE],
            home_digit: [0; MAX_SIDE],
            label: [0; MAX_SIDE + 1],
            home_col: [0; MAX_SIDE + 1],
            next_label: 1,
            rows_used: 0,
            band: 0,
            stack_at: [0; MAX_SIDE],
            stack_cell_start: 1,
            stack_decided: 0,
        };
        for slot in 0..shape.box_rows() {
            branch.stack_at[slot] = slot as u8;
            branch.cell_start |= 1 << (slot * width);
        }
        branch
    }

    /// The end (exclusive) of the stack cell starting at slot `a`.
    fn stack_cell_end(&self, a: usize, stacks: usize) -> usize {
        let above = self.stack_cell_start & !((2u32 << a) - 1);
        if above == 0 {
            stacks
        } else {
            above.trailing_zeros() as usize
        }
    }

    /// Puts the stack now at slot `q` at slot `a`, the start of the stack
    /// cell `[a, end)`, and chooses it: its columns, one tied cell, take
    /// the slot's positions. The rest of the cell stays open (or is
    /// chosen too when a single stack is left).
    fn choose_stack(&mut self, a: usize, end: usize, q: usize, width: usize) {
        self.stack_at.swap(a, q);
        self.stack_cell_start |= 1 << a;
        self.place_stack(a, width);
        if a + 1 < end {
            self.stack_cell_start |= 1 << (a + 1);
            if a + 2 == end {
                self.place_stack(a + 1, width);
            }
        }
    }

    /// Slot `a` is a stack cell of its own: its stack's columns take the
    /// slot's positions.
    fn place_stack(&mut self, a: usize, width: usize) {
        self.stack_decided |= 1 << a;
        let stack = self.stack_at[a] as usize;
        for k in 0..width {
            self.order[a * width + k] = (stack * width + k) as u8;
            self.position[stack * width + k] = (a * width + k) as u8;
        }
    }

    /// The end (exclusive) of the cell starting at or containing `j`.
    fn cell_end(&self, j: usize, n: usize) -> usize {
        let above = self.cell_start & !((2u32 << j) - 1);
        if above == 0 {
            n
        } else {
            above.trailing_zeros() as usize
        }
    }

    /// The start of the cell containing `p`.
    fn cell_of(&self, p: usize) -> usize {
        let below = self.cell_start & ((2u32 << p) - 1);
        31 - below.leading_zeros() as usize
    }

    fn swap(&mut self, p: usize, q: usize) {
        self.order.swap(p, q);
        self.position[self.order[p] as usize] = p as u8;
        self.position[self.order[q] as usize] = q as u8;
    }

    /// Makes position `p` a cell of its own (a pending one takes its
    /// label), the rest of its cell `[p, end)` a cell too.
    fn split_at(&mut self, p: usize, end: usize) {
        self.cell_start |= 1 << p;
        self.settle(p);
        if p + 1 < end {
            self.cell_start |= 1 << (p + 1);
            if p + 2 == end {
                self.settle(p + 1);
            }
        }
    }

    /// Position `p` is now a cell of its own: if pending, its column's
    /// home digit takes the position's label.
    fn settle(&mut self, p: usize) {
        if self.pending & 1 << p != 0 {
            self.pending &= !(1 << p);
            let column = self.order[p] as usize;
            self.label[self.home_digit[column] as usize] = self.slot_label[p];
        }
    }

    /// Puts the column now at position `q` first in the cell `[start,
    /// end)` and makes it a cell of its own.
    fn individualize(&mut self, start: usize, end: usize, q: usize) {
        self.swap(start, q);
        self.split_at(start, end);
    }

    /// The smallest label digit `d` (non-zero) can still take without
    /// changing what was emitted: its label, the first label of the
    /// pending cell holding it, or the next free label.
    fn peek(&self, d: u8) -> u8 {
        match self.label[d as usize] {
            0 => self.next_label,
            PENDING => {
                let home = self.position[self.home_col[d as usize] as usize] as usize;
                self.slot_label[self.cell_of(home)]
            }
            label => label,
        }
    }

    /// Gives digit `d` (non-zero) the label [`Branch::peek`] names and
    /// returns it.
    fn resolve(&mut self, d: u8, n: usize) -> u8 {
        match self.label[d as usize] {
            0 => {
                self.label[d as usize] = self.next_label;
                self.next_label += 1;
            }
            PENDING => {
                let home = self.position[self.home_col[d as usize] as usize] as usize;
                let start = self.cell_of(home);
                let end = self.cell_end(start, n);
                self.individualize(start, end, home);
            }
            _ => {}
        }
        self.label[d as usize]
    }
}

/// A candidate row emitted without branching (the first of tied columns
/// taken each time) and without touching the bound: one value it can
/// reach, used to try candidates in a good order.
#[derive(Default)]
struct Preview {
    values: [u8; MAX_SIDE],
    /// Already smaller than the best grid at some position.
    below: bool,
    /// Reached the row's end without exceeding the best grid.
    complete: bool,
    /// Passed a choice between tied columns: the values after it are
    /// those of one choice only, so they order candidates but cannot cut
    /// any.
    branched: bool,
}

struct Search {
    shape: Shape,
    n: usize,
    /// The best grid so far, row-major; only `best[..frontier]` is set
    /// (positions past it are larger than anything).
    best: Vec<u8>,
    frontier: usize,
    cells: Vec<u8>,
    empty_rows: u32,
    /// Whether new digits met together may make a pending cell (the grid
    /// has no clash).
    lazy_labels: bool,
    /// Set while a row is previewed rather than searched.
    preview: Option<Preview>,
    /// Steps (rows started and branches taken) left; the search stops at 0.
    left: u64,
}

impl Search {
    fn new(shape: Shape, budget: u64) -> Search {
        let n = shape.n();
        Search {
            shape,
            n,
            best: vec![UNSET; n * n],
            frontier: 0,
            cells: Vec::new(),
            empty_rows: 0,
            left: budget,
            preview: None,
            lazy_labels: true,
        }
    }

    fn cell(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.n + col]
    }

    /// Searches every arrangement of `cells` (one orientation), keeping the
    /// smallest grid met so far in `best`.
    fn run(&mut self, cells: &[u8]) {
        let n = self.n;
        self.cells = cells.to_vec();
        self.empty_rows = (0..n)
            .filter(|&r| (0..n).all(|c| self.cell(r, c) == 0))
            .fold(0, |m, r| m | 1 << r);
        self.place_row(Branch::start(self.shape), 0);
    }

    /// Whether stack `stack` is empty in row `r`.
    fn stack_empty_in(&self, r: usize, stack: usize) -> bool {
        let width = self.shape.box_cols();
        (stack * width..(stack + 1) * width).all(|c| self.cell(r, c) == 0)
    }

    fn band_is_empty(&self, b: usize) -> bool {
        let height = self.shape.box_rows();
        (b * height..(b + 1) * height).all(|r| self.empty_rows & 1 << r != 0)
    }

    /// The original rows that may come at output row `i`: any row of an
    /// unused band at a band's start, otherwise an unused row of the
    /// current band; of interchangeable empty rows and bands, the first.
    fn row_candidates(&self, branch: &Branch, i: usize) -> Vec<usize> {
        let height = self.shape.box_rows();
        let bands = self.shape.box_cols();
        let free_row = |r: usize| branch.rows_used & 1 << r == 0;
        let first_free_empty_row =
            |b: usize| (b * height..(b + 1) * height).find(|&r| free_row(r) && self.empty_rows & 1 << r != 0);
        let rows_of = |b: usize| {
            (b * height..(b + 1) * height)
                .filter(move |&r| free_row(r))
                .filter(move |&r| self.empty_rows & 1 << r == 0 || first_free_empty_row(b) == Some(r))
        };
        if i % height != 0 {
            return rows_of(branch.band as usize).collect();
        }
        let band_free = |b: usize| free_row(b * height);
        let first_free_empty_band = (0..bands).find(|&b| band_free(b) && self.band_is_empty(b));
        (0..bands)
            .filter(|&b| band_free(b))
            .filter(|&b| !self.band_is_empty(b) || first_free_empty_band == Some(b))
            .flat_map(rows_of)
            .collect()
    }

    /// Places output row `i` in every way that does not exceed the best
    /// grid, then goes on to the next row. Candidates are tried smallest
    /// first (by a preview of each row, see [`Preview`]): the first one
    /// tried then sets a bound that cuts the others at once, instead of a
    /// chain of improvements repeated at every depth below.
    fn place_row(&mut self, branch: Branch, i: usize) {
        if i == self.n {
            return;
        }
        let height = self.shape.box_rows();
        let placed = |r: usize| {
            let mut next = branch;
            next.rows_used |= 1 << r;
            if i % height == 0 {
                next.band = (r / height) as u8;
            }
            next
        };
        let mut ranked = Vec::new();
        for r in self.row_candidates(&branch, i) {
            if !self.spend() {
                return;
            }
            self.preview = Some(Preview::default());
            self.emit(placed(r), i, r, 0);
            let preview = self.preview.take().expect("set above");
            if preview.complete {
                ranked.push((preview.values, r));
            }
        }
        ranked.sort_unstable();
        for (_, r) in ranked {
            if !self.spend() {
                return;
            }
            self.emit(placed(r), i, r, 0);
        }
    }

    /// Takes one step of the budget; false once it is spent.
    fn spend(&mut self) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        true
    }

    /// Whether value `v` at position `at` keeps the branch at or below the
    /// best grid. When below, it becomes the best from there on.
    fn admit(&mut self, at: usize, v: u8) -> bool {
        if let Some(preview) = &mut self.preview {
            preview.values[at % self.n] = v;
            if !preview.below {
                if at >= self.frontier || v < self.best[at] {
                    preview.below = true;
                } else if v > self.best[at] && !preview.branched {
                    return false;
                }
            }
            return true;
        }
        if at >= self.frontier || v < self.best[at] {
            self.best[at] = v;
            self.frontier = at + 1;
            return true;
        }
        v == self.best[at]
    }

    /// Emits original row `r` as output row `i` from position `j` on,
    /// ordering stacks and columns inside their cells as the row requires
    /// (smallest value first); where several give the same smallest value
    /// and the choice matters later, each is a branch. Then the next row.
    fn emit(&mut self, mut branch: Branch, i: usize, r: usize, mut j: usize) {
        let width = self.shape.box_cols();
        while j < self.n {
            let next = if branch.stack_decided & 1 << (j / width) == 0 {
                self.open_stacks(&mut branch, i, r, j)
            } else {
                self.emit_cell(&mut branch, i, r, j)
            };
            match next {
                Some(next) => j = next,
                None => return,
            }
        }
        match &mut self.preview {
            Some(preview) => preview.complete = true,
            None => self.place_row(branch, i + 1),
        }
    }

    /// Emits row `r` over (part of) the cell of columns starting at
    /// position `j`. Returns where to go on, or `None` when the branch is
    /// finished (cut, or searched by the branches).
    fn emit_cell(&mut self, branch: &mut Branch, i: usize, r: usize, j: usize) -> Option<usize> {
        let n = self.n;
        let base = i * n;
        let end = branch.cell_end(j, n);
        if end == j + 1 {
            let d = self.cell(r, branch.order[j] as usize);
            let v = if d == 0 { 0 } else { branch.resolve(d, n) };
            return self.admit(base + j, v).then_some(j + 1);
        }
        let empties = self.empties_first(branch, r, j, end);
        if empties > 0 {
            if empties < end - j {
                // Two cells of the same kind, each settled if single.
                branch.cell_start |= 1 << (j + empties);
                if empties == 1 {
                    branch.settle(j);
                }
                if j + empties + 1 == end {
                    branch.settle(end - 1);
                }
            }
            let zeros = (j..j + empties).all(|p| self.admit(base + p, 0));
            return zeros.then_some(j + empties);
        }
        if self.lazy_labels && branch.pending & 1 << j == 0 && self.all_new(branch, r, j, end) {
            return self.make_pending(branch, r, j, end, base).then_some(end);
        }
        // Several columns, none empty in this row: the smallest value goes
        // first.
        let keys: Vec<(u8, usize)> = (j..end).map(|q| (self.key(branch, r, j, end, q), q)).collect();
        let least = keys.iter().map(|k| k.0).min().expect("a cell is not empty");
        let ties: Vec<usize> = keys.iter().filter(|k| k.0 == least).map(|k| k.1).collect();
        if let Some(preview) = &mut self.preview {
            preview.branched |= ties.len() > 1;
        }
        if ties.len() == 1 || self.preview.is_some() {
            return self.take(branch, r, j, end, ties[0], base).then_some(j + 1);
        }
        for q in ties {
            if !self.spend() {
                return None;
            }
            let mut next = *branch;
            if self.take(&mut next, r, j, end, q, base) {
                self.emit(next, i, r, j + 1);
            }
        }
        None
    }

    /// Emits row `r` over the open stack cell starting at position `j`:
    /// stacks empty in the row first (they stay open), then, when stacks
    /// holding digits are left, each of them in turn is chosen for the
    /// next slot (a branch each, most empty cells first). Returns where
    /// to go on, or `None` when the branch is finished (cut, or searched
    /// by the branches).
    fn open_stacks(&mut self, branch: &mut Branch, i: usize, r: usize, j: usize) -> Option<usize> {
        let (width, stacks) = (self.shape.box_cols(), self.shape.box_rows());
        let base = i * self.n;
        let a = j / width;
        let end = branch.stack_cell_end(a, stacks);
        let mut front = a;
        for q in a..end {
            if self.stack_empty_in(r, branch.stack_at[q] as usize) {
                branch.stack_at.swap(front, q);
                front += 1;
            }
        }
        if front > a {
            if front < end {
                branch.stack_cell_start |= 1 << front;
                if front == a + 1 {
                    branch.place_stack(a, width);
                }
                if front + 1 == end {
                    branch.place_stack(front, width);
                }
            }
            let zeros = (a * width..front * width).all(|p| self.admit(base + p, 0));
            return zeros.then_some(front * width);
        }
        let mut choices: Vec<(usize, usize)> = (a..end)
            .map(|q| {
                let stack = branch.stack_at[q] as usize;
                let empty = (stack * width..(stack + 1) * width)
                    .filter(|&c| self.cell(r, c) == 0)
                    .count();
                (width - empty, q)
            })
            .collect();
        choices.sort_unstable();
        if let Some(preview) = &mut self.preview {
            preview.branched |= choices.len() > 1;
            branch.choose_stack(a, end, choices[0].1, width);
            return Some(j);
        }
        for (_, q) in choices {
            if !self.spend() {
                return None;
            }
            let mut next = *branch;
            next.choose_stack(a, end, q, width);
            self.emit(next, i, r, j);
        }
        None
    }

    /// Moves the columns empty in row `r` to the front of the cell
    /// `[j, end)`; returns how many there are.
    fn empties_first(&self, branch: &mut Branch, r: usize, j: usize, end: usize) -> usize {
        let mut front = j;
        for q in j..end {
            if self.cell(r, branch.order[q] as usize) == 0 {
                branch.swap(front, q);
                front += 1;
            }
        }
        front - j
    }

    /// Whether every column of `[j, end)` holds, in row `r`, a digit not
    /// seen before.
    fn all_new(&self, branch: &Branch, r: usize, j: usize, end: usize) -> bool {
        (j..end).all(|q| branch.label[self.cell(r, branch.order[q] as usize) as usize] == 0)
    }

    /// Turns the tied cell `[j, end)`, whose columns all hold new digits in
    /// row `r`, into a pending cell: they take the next labels in position
    /// order, whichever column comes where.
    fn make_pending(&mut self, branch: &mut Branch, r: usize, j: usize, end: usize, base: usize) -> bool {
        for p in j..end {
            let column = branch.order[p];
            let d = self.cell(r, column as usize);
            branch.home_digit[column as usize] = d;
            branch.home_col[d as usize] = column;
            branch.label[d as usize] = PENDING;
            branch.slot_label[p] = branch.next_label;
            branch.pending |= 1 << p;
            branch.next_label += 1;
            if !self.admit(base + p, branch.slot_label[p]) {
                return false;
            }
        }
        true
    }

    /// The value the column at position `q` would give at position `j`,
    /// first in its cell `[j, end)`, in row `r`.
    fn key(&self, branch: &Branch, r: usize, j: usize, end: usize, q: usize) -> u8 {
        let d = self.cell(r, branch.order[q] as usize);
        if branch.pending & 1 << j != 0 && branch.label[d as usize] == PENDING {
            let home = branch.position[branch.home_col[d as usize] as usize] as usize;
            if (j..end).contains(&home) {
                // Its home moves to the next position once `q` is first.
                return branch.slot_label[j + 1];
            }
        }
        branch.peek(d)
    }

    /// Puts the column at position `q` first in its cell `[j, end)` and
    /// emits its value in row `r`.
    fn take(&mut self, branch: &mut Branch, r: usize, j: usize, end: usize, q: usize, base: usize) -> bool {
        let d = self.cell(r, branch.order[q] as usize);
        branch.individualize(j, end, q);
        let v = branch.resolve(d, self.n);
        self.admit(base + j, v)
    }
}

internal_pub! {
    /// A validity-preserving transformation of a shape: optional transposition
    /// (square boxes only), then a row and a column permutation that keep
    /// bands and stacks together, then a relabelling of the digits.
    #[derive(Clone, Debug, PartialEq, Eq)]
    struct Transform {
        /// Transpose first.
        pub transpose: bool,
        /// Output row `i` is original row `rows[i]`.
        pub rows: Vec<usize>,
        /// Output column `j` is original column `cols[j]`.
        pub cols: Vec<usize>,
        /// Digit `d` becomes `digits[d - 1]`.
        pub digits: Vec<u8>,
    }
}

impl Transform {
    /// The identity of `shape`.
    #[cfg(any(test, feature = "internals"))]
    pub fn identity(shape: Shape) -> Transform {
        let n = shape.n();
        Transform {
            transpose: false,
            rows: (0..n).collect(),
            cols: (0..n).collect(),
            digits: (1..=n as u8).collect(),
        }
    }

    /// A uniformly random transformation of `shape`.
    pub fn random(shape: Shape, rng: &mut impl Rng) -> Transform {
        let n = shape.n();
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        digits.shuffle(rng);
        Transform {
            transpose: shape.is_square_box() && rng.gen(),
            rows: random_line_order(shape.box_cols(), shape.box_rows(), rng),
            cols: random_line_order(shape.box_rows(), shape.box_cols(), rng),
            digits,
        }
    }

    /// Whether this maps grids of `shape` onto grids of `shape` while
    /// keeping houses houses.
    pub fn is_valid_for(&self, shape: Shape) -> bool {
        let n = shape.n();
        let keeps_blocks = |order: &[usize], size: usize| {
            order.len() == n
                && is_permutation(order, n)
                && order
                    .chunks(size)
                    .all(|c| c.iter().all(|&x| x / size == c[0] / size))
        };
        let digits: Vec<usize> = self
            .digits
            .iter()
            .map(|&d| (d as usize).wrapping_sub(1))
            .collect();
        (!self.transpose || shape.is_square_box())
            && keeps_blocks(&self.rows, shape.box_rows())
            && keeps_blocks(&self.cols, shape.box_cols())
            && is_permutation(&digits, n)
    }

    /// The image of `grid`. Panics if the transformation is not valid for
    /// the grid's shape (see [`Transform::is_valid_for`]).
    pub fn apply(&self, grid: &Grid) -> Grid {
        let shape = grid.shape();
        assert!(
            self.is_valid_for(shape),
            "transformation does not fit a {shape} board"
        );
        let n = shape.n();
        let source = if self.transpose {
            transposed(shape, grid.cells())
        } else {
            grid.cells().to_vec()
        };
        let cells = (0..n * n)
            .map(|i| match source[self.rows[i / n] * n + self.cols[i % n]] {
                0 => 0,
                d => self.digits[d as usize - 1],
            })
            .collect();
        Grid::from_cells(shape, cells).expect("a permutation of a valid grid")
    }
}

fn is_permutation(order: &[usize], n: usize) -> bool {
    let mut seen = vec![false; n];
    order
        .iter()
        .all(|&x| x < n && !std::mem::replace(&mut seen[x], true))
        && order.len() == n
}

/// A random order of `blocks` blocks of `size` lines each, lines shuffled
/// inside their block.
fn random_line_order(blocks: usize, size: usize, rng: &mut impl Rng) -> Vec<usize> {
    let mut block_order: Vec<usize> = (0..blocks).collect();
    block_order.shuffle(rng);
    block_order
        .into_iter()
        .flat_map(|b| {
            let mut lines: Vec<usize> = (b * size..(b + 1) * size).collect();
            lines.shuffle(rng);
            lines
        })
        .collect()
}

/// Remembers the canonical form of every puzzle seen, to keep only the
/// first of each class. Memory grows with the number of distinct classes
/// (one key of `N * N` bytes each).
#[derive(Default, Debug)]
pub struct Dedup {
    seen: HashSet<Box<[u8]>>,
}

impl Dedup {
    internal_pub! {
        /// An empty set.
        fn new() -> Dedup {
            Dedup::default()
        }
    }

    internal_pub! {
        /// Whether `puzzle` is the first of its class (it is remembered).
        fn first_of_class(&mut self, puzzle: &Grid) -> bool {
            self.insert_canonical(&canonical(puzzle))
        }
    }

    /// Whether a puzzle whose canonical form is `form` (from [`canonical`]
    /// run elsewhere, on other threads say) is the first of its class (it
    /// is remembered).
    pub fn insert_canonical(&mut self, form: &Grid) -> bool {
        let mut key = Vec::with_capacity(form.cells().len() + 1);
        key.push(form.shape().box_rows() as u8 * 32 + form.shape().box_cols() as u8);
        key.extend_from_slice(form.cells());
        self.seen.insert(key.into_boxed_slice())
    }

    /// Whether a variant puzzle whose canonical form is `form` under
    /// `rules` (both from [`try_canonical_variant`]) is the first of its
    /// class (it is remembered). Puzzles under other rules are never of
    /// the same class.
    pub fn insert_variant_canonical(&mut self, form: &Grid, rules: &Variant) -> bool {
        if rules.is_classic() {
            return self.insert_canonical(form);
        }
        let mut key = Vec::with_capacity(2 * form.cells().len() + 32);
        key.push(form.shape().box_rows() as u8 * 32 + form.shape().box_cols() as u8);
        key.extend_from_slice(rules.to_string().as_bytes());
        key.push(0);
        key.extend_from_slice(form.cells());
        key.extend(rules.region_map().unwrap_or_default().bytes());
        self.seen.insert(key.into_boxed_slice())
    }

    internal_pub! {
        /// Distinct classes seen.
        fn len(&self) -> usize {
            self.seen.len()
        }
    }

    internal_pub! {
        /// Whether nothing was seen yet.
        fn is_empty(&self) -> bool {
            self.seen.is_empty()
        }
    }
}
