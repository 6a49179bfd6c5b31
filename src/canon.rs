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
//! The search is a branch and bound over the output rows in order. For a
//! given arrangement the digit relabelling that minimises the string is
//! "in order of first appearance", so digits are relabelled on the fly.
//! Columns are ordered lazily: inside a stack, columns that have been
//! alike in every row emitted so far (all empty) stay an unordered group
//! until a later row tells them apart, which avoids enumerating the
//! column permutations a sparse first row cannot distinguish. Each
//! candidate row is compared with the best row found at that depth and
//! the branch dropped as soon as it is larger. Rows, columns, bands and
//! stacks that are empty throughout are interchangeable, so only one of
//! each is tried.

use crate::grid::Grid;
use crate::shape::{Shape, MAX_SIDE};
use rand::seq::SliceRandom;
use rand::Rng;
use std::collections::HashSet;

/// The value a best-row slot holds before any candidate reached it: larger
/// than every label.
const UNSET: u8 = u8::MAX;

/// The canonical (minlex) form of `puzzle`: the smallest grid, read as a
/// row-major string, among all grids a validity-preserving transformation
/// of its shape maps it to. Equivalent puzzles get equal forms; the number
/// of givens, their validity and the number of solutions are unchanged.
///
/// The search has no bound: fast on puzzles up to 16x16, it can take very
/// long on dense 25x25 grids. [`try_canonical`] bounds it.
pub fn canonical(puzzle: &Grid) -> Grid {
    try_canonical(puzzle, None).expect("an unbounded search always ends with the form")
}

/// Row evaluations allowed by [`DEFAULT_BUDGET`]-bounded searches: about a
/// second of work; generated 9x9 puzzles need a few hundred.
pub const DEFAULT_BUDGET: u64 = 2_000_000;

/// The search for a canonical form ran out of its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("canonical form not settled within {0} row evaluations (too many equal branches; dense 25x25 grids are the usual cause)")]
pub struct BudgetExceeded(pub u64);

/// [`canonical`] with at most `budget` row evaluations (the unit of work
/// of the search), so that a caller is never stuck on one grid.
pub fn try_canonical(puzzle: &Grid, budget: Option<u64>) -> Result<Grid, BudgetExceeded> {
    let shape = puzzle.shape();
    let mut orientations = vec![puzzle.cells().to_vec()];
    if shape.is_square_box() {
        orientations.push(transposed(shape, puzzle.cells()));
    }
    let mut search = Search::new(shape, budget.unwrap_or(u64::MAX));
    // The first row is known before any search (see `best_first_row`):
    // seeding it prunes every first row that cannot lead to the minimum.
    let first = orientations
        .iter()
        .flat_map(|cells| (0..shape.n()).map(move |r| best_first_row(shape, cells, r)))
        .min()
        .expect("a board has rows");
    search.best[..shape.n()].copy_from_slice(&first);
    for cells in &orientations {
        search.run(cells);
    }
    if search.left == 0 {
        return Err(BudgetExceeded(budget.unwrap_or(u64::MAX)));
    }
    Ok(Grid::from_cells(shape, search.best).expect("a relabelled grid keeps the shape's digits"))
}

/// The canonical form's one-line string (see [`canonical`]).
pub fn canonical_line(puzzle: &Grid) -> String {
    canonical(puzzle).to_line()
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
#[derive(Clone, Copy)]
struct Branch {
    /// Original column at each output position.
    order: [u8; MAX_SIDE],
    /// Bit `j` set: output position `j` starts a group of columns that are
    /// still interchangeable (alike in every row so far).
    group_start: u32,
    /// New label of each original digit (0: not labelled yet).
    label: [u8; MAX_SIDE + 1],
    /// The next free label.
    next_label: u8,
    /// Original rows placed so far.
    rows_used: u32,
    /// The band of the row placed at the start of the current band.
    band: u8,
}

/// One row of a candidate: its values, the columns in their new order and
/// the columns still tied.
struct Emitted {
    values: [u8; MAX_SIDE],
    order: [u8; MAX_SIDE],
    group_start: u32,
    /// Runs of output positions holding digits not labelled before this
    /// row; any order inside a run gives the same row, so each is a branch.
    new_runs: Vec<(usize, usize)>,
    /// The next free label after this row.
    next_label: u8,
}

struct Search {
    shape: Shape,
    n: usize,
    /// The best grid so far, row-major; [`UNSET`] past the deepest row
    /// fixed since the last improvement.
    best: Vec<u8>,
    cells: Vec<u8>,
    empty_rows: u32,
    empty_cols: u32,
    /// Row evaluations left; the search stops at 0.
    left: u64,
}

impl Search {
    fn new(shape: Shape, budget: u64) -> Search {
        let n = shape.n();
        Search {
            shape,
            n,
            best: vec![UNSET; n * n],
            cells: Vec::new(),
            empty_rows: 0,
            empty_cols: 0,
            left: budget,
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
        self.empty_cols = (0..n)
            .filter(|&c| (0..n).all(|r| self.cell(r, c) == 0))
            .fold(0, |m, c| m | 1 << c);
        let stacks = self.shape.box_rows();
        let mut stack_order = Vec::with_capacity(stacks);
        self.arrange_stacks(&mut stack_order, 0);
    }

    /// Tries every order of the stacks (empty stacks only in index order:
    /// they are interchangeable), each stack one group of tied columns.
    fn arrange_stacks(&mut self, chosen: &mut Vec<usize>, used: u32) {
        let stacks = self.shape.box_rows();
        let width = self.shape.box_cols();
        if chosen.len() == stacks {
            let mut branch = Branch {
                order: [0; MAX_SIDE],
                group_start: 0,
                label: [0; MAX_SIDE + 1],
                next_label: 1,
                rows_used: 0,
                band: 0,
            };
            for (slot, &s) in chosen.iter().enumerate() {
                branch.group_start |= 1 << (slot * width);
                for k in 0..width {
                    branch.order[slot * width + k] = (s * width + k) as u8;
                }
            }
            self.place_row(branch, 0);
            return;
        }
        for s in 0..stacks {
            if used & 1 << s != 0 || self.skip_empty_stack(s, used) {
                continue;
            }
            chosen.push(s);
            self.arrange_stacks(chosen, used | 1 << s);
            chosen.pop();
        }
    }

    fn stack_is_empty(&self, s: usize) -> bool {
        let width = self.shape.box_cols();
        (s * width..(s + 1) * width).all(|c| self.empty_cols & 1 << c != 0)
    }

    /// An empty stack is tried only if no lower unused stack is empty.
    fn skip_empty_stack(&self, s: usize, used: u32) -> bool {
        self.stack_is_empty(s) && (0..s).any(|t| used & 1 << t == 0 && self.stack_is_empty(t))
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
    /// grid's row `i`, then goes on to the next row.
    fn place_row(&mut self, branch: Branch, i: usize) {
        if i == self.n || self.left == 0 {
            return;
        }
        let height = self.shape.box_rows();
        for r in self.row_candidates(&branch, i) {
            if self.left == 0 {
                return;
            }
            self.left -= 1;
            let emitted = self.emit(&branch, r);
            if !self.admit(i, &emitted.values) {
                continue;
            }
            let mut next = branch;
            next.rows_used |= 1 << r;
            if i % height == 0 {
                next.band = (r / height) as u8;
            }
            next.group_start = emitted.group_start;
            next.order = emitted.order;
            for j in 0..self.n {
                let d = self.cell(r, emitted.order[j] as usize) as usize;
                if d != 0 && next.label[d] == 0 {
                    next.label[d] = emitted.values[j];
                }
            }
            next.next_label = emitted.next_label;
            self.branch_new_digits(next, r, &emitted.new_runs, i);
        }
    }

    /// Whether a candidate row may be pursued: it is not larger than the
    /// best row `i`. When smaller, it becomes the best row and everything
    /// after it is unset, so the first completion below replaces it.
    fn admit(&mut self, i: usize, values: &[u8; MAX_SIDE]) -> bool {
        let n = self.n;
        let best = &mut self.best[i * n..(i + 1) * n];
        match values[..n].cmp(best) {
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => true,
            std::cmp::Ordering::Less => {
                best.copy_from_slice(&values[..n]);
                self.best[(i + 1) * n..].fill(UNSET);
                true
            }
        }
    }

    /// Digits labelled for the first time by row `r` inside one run could
    /// take their labels in any order: each order is a different
    /// relabelling (and column order), so each is searched.
    fn branch_new_digits(&mut self, branch: Branch, r: usize, runs: &[(usize, usize)], i: usize) {
        let Some((&(start, end), rest)) = runs.split_first() else {
            self.place_row(branch, i + 1);
            return;
        };
        let mut columns: Vec<u8> = branch.order[start..end].to_vec();
        // The run's labels are consecutive; the order decides which digit
        // takes which.
        let first_label = columns
            .iter()
            .map(|&c| branch.label[self.cell(r, c as usize) as usize])
            .min()
            .expect("a run holds at least two columns");
        for_each_permutation(&mut columns, &mut |perm| {
            let mut next = branch;
            for (k, &c) in perm.iter().enumerate() {
                next.order[start + k] = c;
                let d = self.cell(r, c as usize) as usize;
                next.label[d] = first_label + k as u8;
            }
            self.branch_new_digits(next, r, rest, i);
            self.left > 0
        });
    }

    /// Row `r` under the branch's arrangement: inside each group of tied
    /// columns, empty cells first (they stay tied), then digits already
    /// labelled in label order, then new digits, which take the next
    /// labels in position order.
    fn emit(&self, branch: &Branch, r: usize) -> Emitted {
        let n = self.n;
        let mut out = Emitted {
            values: [0; MAX_SIDE],
            order: branch.order,
            group_start: 0,
            new_runs: Vec::new(),
            next_label: branch.next_label,
        };
        let mut next_label = branch.next_label;
        let mut j = 0;
        while j < n {
            let end = (j + 1..n)
                .find(|&k| branch.group_start & 1 << k != 0)
                .unwrap_or(n);
            let mut group: Vec<(u8, u8)> = branch.order[j..end]
                .iter()
                .map(|&c| {
                    let d = self.cell(r, c as usize);
                    let key = if d == 0 {
                        0
                    } else if branch.label[d as usize] != 0 {
                        branch.label[d as usize]
                    } else {
                        UNSET
                    };
                    (key, c)
                })
                .collect();
            group.sort_unstable();
            let mut new_start = None;
            for (k, &(key, c)) in group.iter().enumerate() {
                let at = j + k;
                out.order[at] = c;
                let value = if key == UNSET {
                    new_start.get_or_insert(at);
                    next_label += 1;
                    next_label - 1
                } else {
                    key
                };
                out.values[at] = value;
                if k == 0 || value != 0 {
                    out.group_start |= 1 << at;
                }
            }
            if let Some(s) = new_start {
                if end - s > 1 {
                    out.new_runs.push((s, end));
                }
            }
            j = end;
        }
        out.next_label = next_label;
        out
    }
}

/// Calls `visit` with every permutation of `items` (Heap's algorithm),
/// stopping early when `visit` returns false.
fn for_each_permutation(items: &mut [u8], visit: &mut dyn FnMut(&[u8]) -> bool) {
    fn heap(k: usize, items: &mut [u8], visit: &mut dyn FnMut(&[u8]) -> bool) -> bool {
        if k <= 1 {
            return visit(items);
        }
        for i in 0..k - 1 {
            if !heap(k - 1, items, visit) {
                return false;
            }
            let swap = if k % 2 == 0 { i } else { 0 };
            items.swap(swap, k - 1);
        }
        heap(k - 1, items, visit)
    }
    let k = items.len();
    heap(k, items, visit);
}

/// A validity-preserving transformation of a shape: optional transposition
/// (square boxes only), then a row and a column permutation that keep
/// bands and stacks together, then a relabelling of the digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transform {
    /// Transpose first.
    pub transpose: bool,
    /// Output row `i` is original row `rows[i]`.
    pub rows: Vec<usize>,
    /// Output column `j` is original column `cols[j]`.
    pub cols: Vec<usize>,
    /// Digit `d` becomes `digits[d - 1]`.
    pub digits: Vec<u8>,
}

impl Transform {
    /// The identity of `shape`.
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
    /// An empty set.
    pub fn new() -> Dedup {
        Dedup::default()
    }

    /// Whether `puzzle` is the first of its class (it is remembered).
    pub fn first_of_class(&mut self, puzzle: &Grid) -> bool {
        self.insert_canonical(&canonical(puzzle))
    }

    /// Like [`Dedup::first_of_class`], for a form already canonical (from
    /// [`canonical`] run elsewhere, on other threads say).
    pub fn insert_canonical(&mut self, form: &Grid) -> bool {
        let mut key = Vec::with_capacity(form.cells().len() + 1);
        key.push(form.shape().box_rows() as u8 * 32 + form.shape().box_cols() as u8);
        key.extend_from_slice(form.cells());
        self.seen.insert(key.into_boxed_slice())
    }

    /// Distinct classes seen.
    pub fn len(&self) -> usize {
        self.seen.len()
    }

    /// Whether nothing was seen yet.
    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }
}
