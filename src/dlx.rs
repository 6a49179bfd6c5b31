//! The dancing-links engine: Knuth's Algorithm X on the exact-cover matrix
//! of [`crate::exact_cover`], with the links kept in flat `u16` arrays.
//!
//! Why our own and not a crate: the matrix is built once per shape and
//! reused for every puzzle (givens are applied by covering their items and
//! undone exactly), the search keeps an explicit stack and allocates
//! nothing, and the column choice scans a flat size array. The
//! `dancing-links` crate rebuilds its matrix per puzzle and allocates per
//! branch; we keep it only as a test oracle and a benchmark baseline.
//!
//! Layout (see docs/engine.md): nodes `0..items` are the item headers; the
//! four nodes of option `o` follow at `items + 4*o .. items + 4*o + 4`.
//! Since every option has exactly four nodes and `items` is a multiple of
//! four, a node's row mates are found by flipping the low bits of its
//! index, so no left/right links are stored.

use crate::backend::{Backend, Count, Digger, Removal};
use crate::dig_proofs::DigProofs;
use crate::exact_cover::ExactCover;
use crate::grid::Grid;
use crate::shape::Shape;
use rand::{Rng, RngCore};

/// Set in `len[item]` while the item is covered, so that the column choice
/// skips it without a separate active list.
const COVERED: u16 = 0x8000;

/// Items scanned together by the column choice; `len` is padded to a
/// multiple of it.
const SCAN_CHUNK: usize = 16;

/// The dancing-links engine for one shape.
#[derive(Clone)]
pub struct Dlx {
    ec: ExactCover,
    items: usize,
    /// Every node's links. Invariant: every `up`, `down` and `item` value
    /// is an index into `links` (items into `len` too); the unchecked
    /// accessors below rely on it, and only `new` creates links.
    links: Vec<Link>,
    /// Options still linked in each item, `COVERED` bit when covered.
    len: Vec<u16>,
    /// Items not yet covered; zero means a solution.
    remaining: usize,
    /// Options selected outside the search (givens), in cover order.
    selected: Vec<u16>,
    search: SearchState,
    /// `links` and `len` as built, nothing covered: restoring them is
    /// cheaper than undoing a whole board of givens one by one.
    pristine_links: Vec<Link>,
    pristine_len: Vec<u16>,
    /// Cheap proofs tried before a digging probe searches.
    proofs: DigProofs,
}

/// One node's vertical links and item, packed so that one cache access
/// fetches all three.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(8))]
struct Link {
    up: u16,
    down: u16,
    item: u16,
}

/// Scratch space of the search, sized once per shape so that searching
/// never allocates.
#[derive(Clone)]
struct SearchState {
    /// Each level's branch item and the node being tried there. Invariant:
    /// `cells + 1` entries, one more than the deepest level a search can
    /// reach (each level covers a cell item), so the search indexes it
    /// unchecked.
    levels: Vec<Level>,
    /// For random fills only: each level's options in shuffled order, `n`
    /// slots per level.
    candidates: Vec<u16>,
    /// How many candidates each level has, and how many were tried.
    candidate_count: Vec<u8>,
    tried: Vec<u8>,
    /// Options of the first solution found (search part only).
    first_solution: Vec<u16>,
}

/// One level of the search stack.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The item branched on.
    item: u16,
    /// The node being tried; the item's header before the first.
    chosen: u16,
}

/// What one search reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchStats {
    /// Solutions found, at most the limit.
    pub solutions: u64,
    /// Search-tree nodes visited (options tried).
    pub nodes: u64,
    /// False if the node budget stopped the search.
    pub complete: bool,
}

impl Dlx {
    /// Builds the matrix for a shape: `4 n^2` items and `n^3` options.
    pub fn new(shape: Shape) -> Dlx {
        let ec = ExactCover::new(shape);
        let items = ec.item_count();
        let total = items + 4 * ec.option_count();
        assert!(total <= u16::MAX as usize, "board too large for u16 links");
        let mut dlx = Dlx {
            ec,
            items,
            links: (0..items as u16)
                .map(|i| Link {
                    up: i,
                    down: i,
                    item: i,
                })
                .collect(),
            len: padded_lengths(items),
            remaining: items,
            selected: Vec::with_capacity(shape.cells()),
            search: SearchState::new(shape),
            pristine_links: Vec::new(),
            pristine_len: Vec::new(),
            proofs: DigProofs::new(shape),
        };
        for option in 0..ec.option_count() {
            for (k, &it) in ec.items(option).iter().enumerate() {
                dlx.append(items + 4 * option + k, it);
            }
        }
        dlx.pristine_links = dlx.links.clone();
        dlx.pristine_len = dlx.len.clone();
        dlx
    }

    fn append(&mut self, node: usize, item: usize) {
        let last = self.links[item].up;
        self.links.push(Link {
            up: last,
            down: item as u16,
            item: item as u16,
        });
        debug_assert_eq!(self.links.len(), node + 1);
        self.links[last as usize].down = node as u16;
        self.links[item].up = node as u16;
        self.len[item] += 1;
    }

    #[inline(always)]
    fn link(&self, x: usize) -> Link {
        debug_assert!(x < self.links.len());
        // SAFETY: callers pass indices read from `links` or below `items`,
        // which the struct invariant keeps in bounds.
        unsafe { *self.links.get_unchecked(x) }
    }

    #[inline(always)]
    fn set_up(&mut self, x: usize, v: usize) {
        debug_assert!(x < self.links.len());
        // SAFETY: as in `link`.
        unsafe { self.links.get_unchecked_mut(x).up = v as u16 }
    }

    #[inline(always)]
    fn set_down(&mut self, x: usize, v: usize) {
        debug_assert!(x < self.links.len());
        // SAFETY: as in `link`.
        unsafe { self.links.get_unchecked_mut(x).down = v as u16 }
    }

    #[inline(always)]
    fn len_mut(&mut self, item: usize) -> &mut u16 {
        debug_assert!(item < self.len.len());
        // SAFETY: item values come from `links`, all below `items`.
        unsafe { self.len.get_unchecked_mut(item) }
    }

    #[inline(always)]
    fn level(&self, level: usize) -> Level {
        debug_assert!(level < self.search.levels.len());
        // SAFETY: `SearchState::levels` has room for the deepest level.
        unsafe { *self.search.levels.get_unchecked(level) }
    }

    #[inline(always)]
    fn level_mut(&mut self, level: usize) -> &mut Level {
        debug_assert!(level < self.search.levels.len());
        // SAFETY: as in `level`.
        unsafe { self.search.levels.get_unchecked_mut(level) }
    }

    /// Takes node `q` out of its item's list.
    #[inline(always)]
    fn unlink(&mut self, q: usize) {
        let Link { up, down, item } = self.link(q);
        self.set_down(up as usize, down as usize);
        self.set_up(down as usize, up as usize);
        *self.len_mut(item as usize) -= 1;
    }

    /// Puts node `q` back where [`Dlx::unlink`] took it from.
    #[inline(always)]
    fn relink(&mut self, q: usize) {
        let Link { up, down, item } = self.link(q);
        self.set_down(up as usize, q);
        self.set_up(down as usize, q);
        *self.len_mut(item as usize) += 1;
    }

    fn node_of(&self, option: usize) -> usize {
        self.items + 4 * option
    }

    fn option_of(&self, node: usize) -> usize {
        (node - self.items) / 4
    }

    /// Unlinks the row of `p` from every item but `p`'s own.
    #[inline(always)]
    fn hide(&mut self, p: usize) {
        let [a, b, c] = row_mates(p);
        self.unlink(a);
        self.unlink(b);
        self.unlink(c);
    }

    /// Relinks what [`Dlx::hide`] unlinked, in reverse order.
    #[inline(always)]
    fn unhide(&mut self, p: usize) {
        let [a, b, c] = row_mates(p);
        self.relink(c);
        self.relink(b);
        self.relink(a);
    }

    #[inline]
    fn cover(&mut self, item: usize) {
        let mut p = self.link(item).down as usize;
        while p != item {
            self.hide(p);
            p = self.link(p).down as usize;
        }
        *self.len_mut(item) |= COVERED;
        self.remaining -= 1;
    }

    #[inline]
    fn uncover(&mut self, item: usize) {
        *self.len_mut(item) &= !COVERED;
        self.remaining += 1;
        let mut p = self.link(item).up as usize;
        while p != item {
            self.unhide(p);
            p = self.link(p).up as usize;
        }
    }

    /// Covers the items of `x`'s row other than `x`'s own (already covered
    /// by the caller).
    fn commit_row(&mut self, x: usize) {
        for q in row_mates(x) {
            self.cover(self.link(q).item as usize);
        }
    }

    fn uncommit_row(&mut self, x: usize) {
        for q in row_mates(x).into_iter().rev() {
            self.uncover(self.link(q).item as usize);
        }
    }

    /// Whether `option` can still be chosen: none of its items is covered
    /// and it has not been hidden by a clashing choice.
    pub fn is_available(&self, option: usize) -> bool {
        let start = self.node_of(option);
        (start..start + 4).all(|q| {
            let it = self.links[q].item as usize;
            self.len[it] & COVERED == 0 && self.is_linked(q)
        })
    }

    fn is_linked(&self, q: usize) -> bool {
        self.links[self.links[q].up as usize].down as usize == q
    }

    /// Fixes `option` (a given) by covering its four items. Returns false,
    /// changing nothing, if the option is no longer available.
    pub fn select(&mut self, option: usize) -> bool {
        if !self.is_available(option) {
            return false;
        }
        let x = self.node_of(option);
        self.cover(self.links[x].item as usize);
        self.commit_row(x);
        self.selected.push(option as u16);
        true
    }

    /// Undoes the most recent [`Dlx::select`]; returns its option.
    pub fn deselect(&mut self) -> Option<usize> {
        let option = self.selected.pop()? as usize;
        let x = self.node_of(option);
        self.uncommit_row(x);
        self.uncover(self.links[x].item as usize);
        Some(option)
    }

    /// Undoes every selection at once, by copying the matrix as built: for
    /// a board of givens one copy beats undoing each. Exclusions must have
    /// been included back first.
    pub fn deselect_all(&mut self) {
        if self.selected.is_empty() {
            return;
        }
        self.links.copy_from_slice(&self.pristine_links);
        self.len.copy_from_slice(&self.pristine_len);
        self.remaining = self.items;
        self.selected.clear();
    }

    /// Removes an available option from the matrix without choosing it
    /// (to ask "is there a solution without this?"). Undo with
    /// [`Dlx::include`], in reverse order of exclusions.
    pub fn exclude(&mut self, option: usize) {
        debug_assert!(self.is_available(option));
        let start = self.node_of(option);
        (start..start + 4).for_each(|q| self.unlink(q));
    }

    /// Undoes [`Dlx::exclude`].
    pub fn include(&mut self, option: usize) {
        let start = self.node_of(option);
        (start..start + 4).rev().for_each(|q| self.relink(q));
    }

    /// Options still available in the least-covered item of `option`: 1
    /// means the option is forced (nothing else can cover that item).
    pub fn fewest_alternatives(&self, option: usize) -> usize {
        let start = self.node_of(option);
        (start..start + 4)
            .map(|q| (self.len[self.links[q].item as usize] & !COVERED) as usize)
            .min()
            .unwrap_or(0)
    }

    /// The uncovered item with the fewest options (Knuth's MRV rule),
    /// ties to the lowest index. A flat scan over `len` beats walking the
    /// header list: the scan goes chunk by chunk, each chunk's minimum a
    /// few vector instructions, and stops at the first chunk holding an
    /// item with at most one option (nothing can beat it: 0 fails at once,
    /// 1 is forced). `len` is padded with `u16::MAX` to whole chunks.
    #[inline(always)]
    fn choose_item(&self) -> usize {
        let mut best = u16::MAX;
        let mut best_chunk = 0;
        for (index, chunk) in self.len.chunks_exact(SCAN_CHUNK).enumerate() {
            let least = chunk.iter().fold(u16::MAX, |a, &b| a.min(b));
            if least < best {
                best = least;
                best_chunk = index;
                if least <= 1 {
                    break;
                }
            }
        }
        let chunk = &self.len[best_chunk * SCAN_CHUNK..(best_chunk + 1) * SCAN_CHUNK];
        best_chunk * SCAN_CHUNK + chunk.iter().position(|&l| l == best).unwrap_or(0)
    }

    /// Runs Algorithm X on the matrix as it stands (after selections),
    /// counting solutions up to `limit`. Stops after `budget` nodes if
    /// given. With `rng`, the options of each branching item are tried in
    /// random order (for random grids). The matrix is restored exactly.
    pub fn search(&mut self, limit: u64, budget: Option<u64>, rng: Option<&mut dyn RngCore>) -> SearchStats {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has just been checked for AVX2.
            return unsafe { self.search_avx2(limit, budget, rng) };
        }
        self.search_portable(limit, budget, rng)
    }

    /// The search compiled for AVX2, chosen at run time: the column scan
    /// then takes a chunk of sixteen lengths in one vector minimum (and
    /// `vphminposuw`), where baseline x86-64 needs several shuffles. The
    /// portable build stays the default, so the binary runs anywhere.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn search_avx2(
        &mut self,
        limit: u64,
        budget: Option<u64>,
        rng: Option<&mut dyn RngCore>,
    ) -> SearchStats {
        self.search_portable(limit, budget, rng)
    }

    /// The body of [`Dlx::search`], inlined into each compiled variant.
    #[inline(always)]
    fn search_portable(
        &mut self,
        limit: u64,
        budget: Option<u64>,
        mut rng: Option<&mut dyn RngCore>,
    ) -> SearchStats {
        let n = self.ec.shape().n();
        let budget = budget.unwrap_or(u64::MAX);
        let mut stats = SearchStats {
            solutions: 0,
            nodes: 0,
            complete: true,
        };
        if limit == 0 {
            return stats;
        }
        let mut level = 0usize;
        let mut stopping = false;
        let mut descending = true;
        loop {
            if descending {
                if self.remaining == 0 {
                    stats.solutions += 1;
                    if stats.solutions == 1 {
                        self.record_first_solution(level);
                    }
                    stopping = stats.solutions >= limit;
                    descending = false;
                    continue;
                }
                let it = self.choose_item();
                if self.len[it] == 0 {
                    descending = false;
                    continue;
                }
                self.cover(it);
                *self.level_mut(level) = Level {
                    item: it as u16,
                    chosen: it as u16,
                };
                if let Some(rng) = rng.as_mut() {
                    self.load_candidates(level, it, n);
                    self.shuffle_candidates(level, n, &mut **rng);
                }
            } else {
                if level == 0 {
                    break;
                }
                level -= 1;
                let x = self.level(level).chosen as usize;
                self.uncommit_row(x);
                if stopping {
                    self.uncover(self.level(level).item as usize);
                    continue;
                }
            }
            // Try the next candidate at this level, or give the level up.
            match self.next_candidate(level, n, rng.is_some()) {
                Some(x) if stats.nodes < budget => {
                    stats.nodes += 1;
                    self.commit_row(x);
                    self.level_mut(level).chosen = x as u16;
                    level += 1;
                    descending = true;
                }
                untried => {
                    if untried.is_some() {
                        stats.complete = false;
                        stopping = true;
                    }
                    self.uncover(self.level(level).item as usize);
                    descending = false;
                }
            }
        }
        stats
    }

    /// The option to try next at `level`, if any is left. As in Knuth's
    /// DLX1, it follows the branch item's list from the option tried last
    /// (the item is covered, so its list stays as it was); random fills
    /// instead take the shuffled copy made when the level was entered.
    #[inline(always)]
    fn next_candidate(&mut self, level: usize, n: usize, shuffled: bool) -> Option<usize> {
        if shuffled {
            let state = &mut self.search;
            let tried = state.tried[level];
            let left = tried < state.candidate_count[level];
            left.then(|| {
                state.tried[level] = tried + 1;
                state.candidates[level * n + tried as usize] as usize
            })
        } else {
            let Level { item, chosen } = self.level(level);
            let next = self.link(chosen as usize).down;
            (next != item).then_some(next as usize)
        }
    }

    /// Copies the options of item `it` into this level's candidate slots.
    fn load_candidates(&mut self, level: usize, it: usize, n: usize) {
        let slots = &mut self.search.candidates[level * n..(level + 1) * n];
        let mut count = 0;
        let mut p = self.links[it].down as usize;
        while p != it {
            slots[count] = p as u16;
            count += 1;
            p = self.links[p].down as usize;
        }
        self.search.candidate_count[level] = count as u8;
        self.search.tried[level] = 0;
    }

    /// Shuffles this level's candidates (Fisher-Yates), for random grids.
    fn shuffle_candidates<R: RngCore + ?Sized>(&mut self, level: usize, n: usize, rng: &mut R) {
        let count = self.search.candidate_count[level] as usize;
        let slots = &mut self.search.candidates[level * n..level * n + count];
        for i in (1..count).rev() {
            slots.swap(i, rng.gen_range(0..=i));
        }
    }

    fn record_first_solution(&mut self, level: usize) {
        self.search.first_solution.clear();
        for l in 0..level {
            let option = self.option_of(self.search.levels[l].chosen as usize);
            self.search.first_solution.push(option as u16);
        }
    }

    /// Writes the first solution of the last search into `grid`, which
    /// should hold the givens that were selected.
    fn write_first_solution(&self, grid: &mut Grid) {
        for &o in &self.search.first_solution {
            let o = o as usize;
            grid.set(self.ec.cell_of(o), self.ec.digit_of(o));
        }
    }

    /// Selects a random permutation of the digits in each box of the
    /// diagonal, writing them into `grid`.
    fn select_random_diagonal(&mut self, grid: &mut Grid, rng: &mut dyn RngCore) {
        let shape = self.ec.shape();
        let mut digits: Vec<u8> = (1..=shape.n() as u8).collect();
        for i in 0..shape.box_rows().min(shape.box_cols()) {
            for j in (1..digits.len()).rev() {
                digits.swap(j, rng.gen_range(0..=j));
            }
            for (cell, &d) in shape.box_cells(i * shape.box_rows() + i).zip(&digits) {
                grid.set(cell, d);
                let selected = self.select(self.ec.option(cell, d));
                debug_assert!(selected, "diagonal boxes are independent");
            }
        }
    }

    /// Selects every given of `puzzle`; false (with nothing selected) if
    /// two givens clash.
    fn select_givens(&mut self, puzzle: &Grid) -> bool {
        assert_eq!(
            puzzle.shape(),
            self.ec.shape(),
            "puzzle shape differs from engine shape"
        );
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 && !self.select(self.ec.option(cell, d)) {
                self.deselect_all();
                return false;
            }
        }
        true
    }
}

/// The other three nodes of `p`'s option: every option has exactly four
/// nodes in a block aligned to four, so flipping the low two bits of `p`
/// visits its row mates. Their order does not matter: each lies in a
/// different item's list, so unlinking them commutes.
#[inline(always)]
fn row_mates(p: usize) -> [usize; 3] {
    [p ^ 1, p ^ 2, p ^ 3]
}

/// Zero options for every real item, and `u16::MAX` padding (never
/// chosen: real covered items read at most `COVERED | n`) up to a whole
/// number of scan chunks.
fn padded_lengths(items: usize) -> Vec<u16> {
    let mut len = vec![0; items];
    len.resize(items.div_ceil(SCAN_CHUNK) * SCAN_CHUNK, u16::MAX);
    len
}

impl SearchState {
    fn new(shape: Shape) -> SearchState {
        let levels = shape.cells() + 1;
        SearchState {
            levels: vec![Level::default(); levels],
            candidates: vec![0; levels * shape.n()],
            candidate_count: vec![0; levels],
            tried: vec![0; levels],
            first_solution: Vec::with_capacity(levels),
        }
    }
}

impl Backend for Dlx {
    fn name(&self) -> &'static str {
        "dlx"
    }

    fn shape(&self) -> Shape {
        self.ec.shape()
    }

    fn count(&mut self, puzzle: &Grid, limit: u64, budget: Option<u64>) -> Count {
        if !self.select_givens(puzzle) {
            return Count::none();
        }
        let stats = self.search(limit, budget, None);
        self.deselect_all();
        let first = (stats.solutions > 0).then(|| {
            let mut grid = puzzle.clone();
            self.write_first_solution(&mut grid);
            grid
        });
        Count {
            solutions: stats.solutions,
            first,
            nodes: stats.nodes,
            complete: stats.complete,
        }
    }

    /// Boxes on the diagonal share no row or column, so each takes an
    /// independent random permutation; the search then completes the rest.
    /// This removes a quarter to a fifth of the levels, where a large
    /// board's scan costs most. Randomised search has a heavy tail on large
    /// boards (a rare start wanders for minutes), so each try has a node
    /// budget, and a try that runs out restarts from fresh random boxes
    /// with a doubled budget: deterministic for a given random stream.
    fn fill(&mut self, rng: &mut dyn RngCore) -> Grid {
        let shape = self.ec.shape();
        let mut budget = 4 * shape.cells() as u64;
        loop {
            let mut grid = Grid::empty(shape);
            self.deselect_all();
            self.select_random_diagonal(&mut grid, rng);
            let stats = self.search(1, Some(budget), Some(&mut *rng));
            self.deselect_all();
            if stats.solutions == 1 {
                self.write_first_solution(&mut grid);
                return grid;
            }
            budget = budget.saturating_mul(2);
        }
    }

    fn digger<'a>(&'a mut self, solution: &Grid, order: &[usize]) -> Box<dyn Digger + 'a> {
        Box::new(DlxDigger::new(self, solution, order))
    }
}

/// Digging with the givens kept covered between probes.
///
/// Selections are a stack, so a clue can only be uncovered once everything
/// selected after it is. The stack holds the clues already decided at the
/// bottom and the clues still to visit above them, in reverse visiting
/// order, so the next cell to try is on top. A clue kept by a probe is
/// selected again on top, and later probes must pop such clues and select
/// them back. That juggling grows with every kept clue, so once it has cost
/// as many selections as the board has clues, the stack is rebuilt in the
/// good order instead (one copy of the bare matrix, one selection per
/// clue): the ski-rental rule, never more than twice the better of the two.
struct DlxDigger<'a> {
    dlx: &'a mut Dlx,
    solution: Grid,
    puzzle: Grid,
    nodes: u64,
    /// The visiting order.
    order: Vec<usize>,
    /// Cells already probed (or removed unchecked), or not in the visiting
    /// order: decided for good.
    decided: Vec<bool>,
    /// Selections popped and made again since the last rebuild.
    juggled: usize,
    /// Cells popped to reach a probe's targets.
    popped: Vec<usize>,
    /// Clues removed on a cheap proof but still selected: the next probe
    /// that searches deselects them first (`stale_count` of them).
    stale: Vec<bool>,
    stale_count: usize,
}

impl<'a> DlxDigger<'a> {
    fn new(dlx: &'a mut Dlx, solution: &Grid, order: &[usize]) -> DlxDigger<'a> {
        assert!(solution.is_full(), "digging starts from a complete grid");
        let mut decided = vec![true; solution.cells().len()];
        order.iter().for_each(|&c| decided[c] = false);
        let mut digger = DlxDigger {
            dlx,
            solution: solution.clone(),
            puzzle: solution.clone(),
            nodes: 0,
            order: order.to_vec(),
            decided,
            juggled: 0,
            popped: Vec::new(),
            stale: vec![false; solution.cells().len()],
            stale_count: 0,
        };
        digger.dlx.proofs.start(solution);
        digger.rebuild(&[]);
        digger
    }

    fn option(&self, cell: usize) -> usize {
        self.dlx.ec.option(cell, self.solution.get(cell))
    }

    fn select_cell(&mut self, cell: usize) {
        let selected = self.dlx.select(self.option(cell));
        assert!(selected, "solution grid must be valid");
    }

    /// Selects every clue but `targets` from scratch, decided clues at the
    /// bottom and the rest in reverse visiting order.
    fn rebuild(&mut self, targets: &[usize]) {
        self.dlx.deselect_all();
        let keep = |digger: &Self, c: usize| digger.puzzle.get(c) != 0 && !targets.contains(&c);
        for cell in 0..self.puzzle.cells().len() {
            if self.decided[cell] && keep(self, cell) {
                self.select_cell(cell);
            }
        }
        for i in (0..self.order.len()).rev() {
            let cell = self.order[i];
            if !self.decided[cell] && keep(self, cell) {
                self.select_cell(cell);
            }
        }
        self.juggled = 0;
        self.clear_stale();
    }

    fn clear_stale(&mut self) {
        if self.stale_count > 0 {
            self.stale.iter_mut().for_each(|s| *s = false);
            self.stale_count = 0;
        }
    }

    /// Uncovers every cell of `targets` and every stale clue, leaving every
    /// other clue selected: pops down to them and selects the clues popped
    /// on the way again, or rebuilds once juggling has cost more than a
    /// rebuild.
    fn uncover_targets(&mut self, targets: &[usize]) {
        self.popped.clear();
        let mut left = targets.len() + self.stale_count;
        while left > 0 {
            let option = self.dlx.deselect().expect("targets are selected");
            let cell = self.dlx.ec.cell_of(option);
            if targets.contains(&cell) || self.stale[cell] {
                left -= 1;
            } else {
                self.popped.push(cell);
            }
        }
        self.clear_stale();
        self.juggled += self.popped.len();
        if self.juggled >= self.puzzle.given_count() {
            self.rebuild(targets);
            return;
        }
        let popped = std::mem::take(&mut self.popped);
        for &cell in popped.iter().rev() {
            self.select_cell(cell);
        }
        self.popped = popped;
    }

    /// Whether the puzzle, with `targets` uncovered, has a solution other
    /// than the known one: `Some(true)`, `Some(false)`, or `None` if the
    /// budget ran out.
    fn has_other_solution(&mut self, targets: &[usize], budget: Option<u64>) -> Option<bool> {
        for &cell in targets {
            let option = self.option(cell);
            // Forced: nothing else can fill one of its items.
            if self.dlx.fewest_alternatives(option) <= 1 {
                continue;
            }
            self.dlx.exclude(option);
            let stats = self.dlx.search(1, budget, None);
            self.dlx.include(option);
            self.nodes += stats.nodes;
            if stats.solutions > 0 {
                return Some(true);
            }
            if !stats.complete {
                return None;
            }
        }
        Some(false)
    }

    /// The clues among `cells`, now decided whatever the probe says.
    fn take_targets(&mut self, cells: &[usize]) -> Vec<usize> {
        let targets: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&c| self.puzzle.get(c) != 0)
            .collect();
        targets.iter().for_each(|&c| self.decided[c] = true);
        targets
    }

    /// Takes `targets` out of the puzzle (their selections are handled by
    /// the caller).
    fn erase(&mut self, targets: &[usize]) {
        for &c in targets {
            self.puzzle.set(c, 0);
            self.dlx.proofs.remove(c);
        }
    }
}

impl Digger for DlxDigger<'_> {
    fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    fn try_remove(&mut self, cells: &[usize], budget: Option<u64>) -> Removal {
        let targets = self.take_targets(cells);
        if targets.is_empty() {
            return Removal::Removed;
        }
        // Settled without a search: the clues stay selected (stale if
        // removed) until a probe has to search.
        if self.dlx.proofs.needed(&targets) {
            return Removal::Kept;
        }
        if self.dlx.proofs.forced(&targets) {
            self.erase(&targets);
            targets.iter().for_each(|&c| self.stale[c] = true);
            self.stale_count += targets.len();
            return Removal::Removed;
        }
        self.uncover_targets(&targets);
        let verdict = self.has_other_solution(&targets, budget);
        match verdict {
            Some(false) => {
                self.erase(&targets);
                Removal::Removed
            }
            other => {
                targets.iter().for_each(|&c| self.select_cell(c));
                if other.is_none() {
                    Removal::GaveUp
                } else {
                    Removal::Kept
                }
            }
        }
    }

    fn remove_unchecked(&mut self, cells: &[usize]) {
        let targets = self.take_targets(cells);
        self.uncover_targets(&targets);
        self.erase(&targets);
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}

impl Drop for DlxDigger<'_> {
    fn drop(&mut self) {
        self.dlx.deselect_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn empty_4x4_has_288_solutions() {
        let shape = Shape::new(2, 2).unwrap();
        let mut dlx = Dlx::new(shape);
        let count = dlx.count(&Grid::empty(shape), 1000, None);
        assert_eq!(count.solutions, 288);
        assert!(count.first.unwrap().solves(&Grid::empty(shape)));
    }

    #[test]
    fn search_restores_the_matrix() {
        let shape = Shape::new(2, 3).unwrap();
        let mut dlx = Dlx::new(shape);
        let fresh = (dlx.links.clone(), dlx.len.clone());
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let grid = dlx.fill(&mut rng);
        let mut puzzle = grid.clone();
        (0..20).for_each(|c| puzzle.set(c, 0));
        dlx.count(&puzzle, 5, Some(3));
        dlx.count(&puzzle, 1000, None);
        assert_eq!(fresh, (dlx.links.clone(), dlx.len.clone()));
        assert_eq!(dlx.remaining, dlx.items);
    }

    #[test]
    fn budget_stops_cleanly() {
        let shape = Shape::CLASSIC;
        let mut dlx = Dlx::new(shape);
        let count = dlx.count(&Grid::empty(shape), 1_000_000, Some(500));
        assert!(!count.complete);
        assert!(count.nodes <= 500);
        let again = dlx.count(&Grid::empty(shape), 2, None);
        assert_eq!((again.solutions, again.complete), (2, true));
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let mut puzzle = Grid::empty(Shape::CLASSIC);
        puzzle.set(0, 1);
        puzzle.set(1, 1);
        let mut dlx = Dlx::new(Shape::CLASSIC);
        assert_eq!(dlx.count(&puzzle, 2, None), Count::none());
        assert_eq!(dlx.remaining, dlx.items);
    }

    /// CI machines have AVX2, so the portable variant would otherwise go
    /// untested: it must find what the dispatched one finds.
    #[test]
    fn portable_search_agrees_with_dispatched() {
        let shape = Shape::new(2, 2).unwrap();
        let mut dlx = Dlx::new(shape);
        assert_eq!(dlx.search_portable(1000, None, None).solutions, 288);
        for (r, c) in [(2, 3), (3, 3), (3, 4)] {
            let shape = Shape::new(r, c).unwrap();
            let mut dlx = Dlx::new(shape);
            let mut puzzle = dlx.fill(&mut ChaCha8Rng::seed_from_u64(3));
            (0..shape.cells()).step_by(2).for_each(|c| puzzle.set(c, 0));
            assert!(dlx.select_givens(&puzzle));
            let portable = dlx.search_portable(50, None, None);
            let dispatched = dlx.search(50, None, None);
            assert_eq!(portable, dispatched);
            assert!(portable.solutions >= 1);
            dlx.deselect_all();
        }
    }

    #[test]
    fn fill_is_valid_and_seeded() {
        for (r, c) in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)] {
            let shape = Shape::new(r, c).unwrap();
            let mut dlx = Dlx::new(shape);
            let a = dlx.fill(&mut ChaCha8Rng::seed_from_u64(1));
            let b = dlx.fill(&mut ChaCha8Rng::seed_from_u64(1));
            let other = dlx.fill(&mut ChaCha8Rng::seed_from_u64(2));
            assert!(a.solves(&Grid::empty(shape)));
            assert_eq!(a, b);
            assert_ne!(a, other);
        }
    }
}
