//! Algorithm X: the search loop over the matrix, with an explicit stack
//! so that searching never allocates.

use super::stack::{Level, NO_NODE};
use super::{Dlx, SCAN_CHUNK, SCAN_GROUP};
use crate::grid::Grid;
use rand::{Rng, RngCore};

/// What one search reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SearchStats {
    /// Solutions found, at most the limit.
    pub solutions: u64,
    /// Search-tree nodes visited (options tried).
    pub nodes: u64,
    /// False if the node budget stopped the search.
    pub complete: bool,
}

impl Dlx {
    #[inline(always)]
    pub(super) fn level(&self, level: usize) -> Level {
        debug_assert!(level < self.search.levels.len());
        // SAFETY: `SearchState::levels` has room for the deepest level.
        unsafe { *self.search.levels.get_unchecked(level) }
    }

    #[inline(always)]
    pub(super) fn level_mut(&mut self, level: usize) -> &mut Level {
        debug_assert!(level < self.search.levels.len());
        // SAFETY: as in `level`.
        unsafe { self.search.levels.get_unchecked_mut(level) }
    }

    /// The uncovered item with the fewest options (Knuth's MRV rule),
    /// ties to the lowest index, by [`pick_by_chunks`] (or, on large
    /// boards, the same item by [`pick_by_groups`]).
    #[inline(always)]
    pub(super) fn choose_item<const GROUPED: bool>(&self) -> usize {
        if GROUPED {
            pick_by_groups(&self.len)
        } else {
            pick_by_chunks(&self.len)
        }
    }

    /// Runs Algorithm X on the matrix as it stands (after selections),
    /// counting solutions up to `limit`. Stops after `budget` nodes if
    /// given. With `rng`, the options of each branching item are tried in
    /// random order (for random grids). The matrix is restored exactly.
    pub(crate) fn search(
        &mut self,
        limit: u64,
        budget: Option<u64>,
        rng: Option<&mut dyn RngCore>,
    ) -> SearchStats {
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
    pub(super) unsafe fn search_avx2(
        &mut self,
        limit: u64,
        budget: Option<u64>,
        rng: Option<&mut dyn RngCore>,
    ) -> SearchStats {
        self.search_portable(limit, budget, rng)
    }

    /// The body of [`Dlx::search`], inlined into each compiled variant:
    /// itself compiled twice, for scans by chunks and by groups, so that
    /// the column choice does not test the board size at every node.
    #[inline(always)]
    pub(super) fn search_portable(
        &mut self,
        limit: u64,
        budget: Option<u64>,
        rng: Option<&mut dyn RngCore>,
    ) -> SearchStats {
        if self.grouped_scan {
            self.search_scanning::<true>(limit, budget, rng)
        } else {
            self.search_scanning::<false>(limit, budget, rng)
        }
    }

    /// [`Dlx::search_portable`] with the column choice's scan fixed.
    #[inline(always)]
    fn search_scanning<const GROUPED: bool>(
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
        let shuffled = rng.is_some();
        let preferring = !shuffled && self.search.preferring;
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
                    if self.search.collecting {
                        self.collect_solution(level);
                    }
                    stopping = stats.solutions >= limit;
                    descending = false;
                    continue;
                }
                let it = self.choose_item::<GROUPED>();
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
                } else if preferring {
                    self.search.first[level] = self.available_preferred(it);
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
            let next = if preferring {
                self.next_preferring(level)
            } else {
                self.next_candidate(level, n, shuffled)
            };
            match next {
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
    /// Preferring searches use [`Dlx::next_preferring`].
    #[inline(always)]
    pub(super) fn next_candidate(&mut self, level: usize, n: usize, shuffled: bool) -> Option<usize> {
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
    pub(super) fn load_candidates(&mut self, level: usize, it: usize, n: usize) {
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

    /// The preferred node of item `it` if its option is still available
    /// (a hidden option's neighbours no longer point to it).
    fn available_preferred(&self, it: usize) -> u16 {
        let p = self.search.preferred[it];
        if p == NO_NODE || self.link(self.link(p as usize).up as usize).down != p {
            return NO_NODE;
        }
        p
    }

    /// [`Dlx::next_candidate`] while preferring: the level's first node,
    /// then the item's list in order without it.
    #[inline(always)]
    fn next_preferring(&self, level: usize) -> Option<usize> {
        let Level { item, chosen } = self.level(level);
        let first = self.search.first[level];
        let mut next = if chosen == item {
            if first != NO_NODE {
                return Some(first as usize);
            }
            self.link(item as usize).down
        } else if chosen == first {
            self.link(item as usize).down
        } else {
            self.link(chosen as usize).down
        };
        if next == first {
            next = self.link(next as usize).down;
        }
        (next != item).then_some(next as usize)
    }

    /// From now on every search tries the options of `solution` first at
    /// each level (digging sessions); `None` goes back to list order.
    pub(super) fn prefer_solution(&mut self, solution: Option<&Grid>) {
        self.search.preferred.iter_mut().for_each(|p| *p = NO_NODE);
        self.search.preferring = solution.is_some();
        for (cell, &d) in solution.map(Grid::cells).unwrap_or(&[]).iter().enumerate() {
            let start = self.node_of(self.ec.option(cell, d));
            for q in start..start + 4 {
                let item = self.link(q).item as usize;
                self.search.preferred[item] = q as u16;
            }
        }
    }

    /// Shuffles this level's candidates (Fisher-Yates), for random grids.
    pub(super) fn shuffle_candidates<R: RngCore + ?Sized>(&mut self, level: usize, n: usize, rng: &mut R) {
        let count = self.search.candidate_count[level] as usize;
        let slots = &mut self.search.candidates[level * n..level * n + count];
        for i in (1..count).rev() {
            slots.swap(i, rng.gen_range(0..=i));
        }
    }

    pub(super) fn record_first_solution(&mut self, level: usize) {
        let mut options = std::mem::take(&mut self.search.first_solution);
        options.clear();
        options.extend(self.chosen_options(level));
        self.search.first_solution = options;
    }

    /// Keeps the options of the solution the search stands on.
    fn collect_solution(&mut self, level: usize) {
        let options = self.chosen_options(level).collect();
        self.search.collected.push(options);
    }

    /// The options chosen on levels `0..level` of the search stack.
    fn chosen_options(&self, level: usize) -> impl Iterator<Item = u16> + '_ {
        (0..level).map(|l| self.option_of(self.search.levels[l].chosen as usize) as u16)
    }

    /// Every solution collected by the last search, each written over a
    /// copy of `puzzle` (the givens that were selected).
    pub(super) fn collected_solutions(&mut self, puzzle: &Grid) -> Vec<Grid> {
        let lists = std::mem::take(&mut self.search.collected);
        let grid_of = |options: Vec<u16>| {
            let mut grid = puzzle.clone();
            self.write_options(&options, &mut grid);
            grid
        };
        lists.into_iter().map(grid_of).collect()
    }

    /// Writes the first solution of the last search into `grid`, which
    /// should hold the givens that were selected.
    pub(super) fn write_first_solution(&self, grid: &mut Grid) {
        self.write_options(&self.search.first_solution, grid);
    }

    /// Writes the digits of `options` into `grid`.
    fn write_options(&self, options: &[u16], grid: &mut Grid) {
        for o in options.iter().map(|&o| usize::from(o)) {
            grid.set(self.ec.cell_of(o), self.ec.digit_of(o));
        }
    }
}

/// The column choice's rule on `len` (padded with `u16::MAX` to whole
/// chunks). A flat scan over `len` beats walking the header list: the
/// scan goes chunk by chunk, each chunk's minimum a few vector
/// instructions, and stops at the first chunk holding an item with at
/// most one option (nothing can beat it: 0 fails at once, 1 is forced).
/// The item is the first holding the least length seen.
#[inline(always)]
fn pick_by_chunks(len: &[u16]) -> usize {
    let (best, best_chunk) = first_least_block::<SCAN_CHUNK>(len);
    let chunk = &len[best_chunk * SCAN_CHUNK..(best_chunk + 1) * SCAN_CHUNK];
    best_chunk * SCAN_CHUNK + chunk.iter().position(|&l| l == best).unwrap_or(0)
}

/// The item [`pick_by_chunks`] picks, found with fewer instructions on
/// large boards (`len` padded to whole groups): the chunks are scanned a
/// group of [`SCAN_GROUP`] items at a time (one vertical minimum over the
/// group, one horizontal minimum), and only the group where the scan
/// stops is looked at chunk by chunk. On 16x16 digs this saved 5.5% of
/// all instructions; on 9x9, where the scan mostly stops in the first
/// chunk, it cost 0.3% more, so small boards scan by chunks.
#[inline(always)]
fn pick_by_groups(len: &[u16]) -> usize {
    let (best, best_group) = first_least_block::<SCAN_GROUP>(len);
    let start = best_group * SCAN_GROUP;
    let group = &len[start..start + SCAN_GROUP];
    // The chunk rule within the group: the first chunk holding an item
    // with at most one option and that chunk's minimum, or else (no item
    // has fewer than two) the first item holding the minimum.
    let (from, target) = if best <= 1 {
        let chunk = group
            .chunks_exact(SCAN_CHUNK)
            .position(|chunk| least(chunk) <= 1)
            .unwrap_or(0);
        let from = chunk * SCAN_CHUNK;
        (from, least(&group[from..from + SCAN_CHUNK]))
    } else {
        (0, best)
    };
    start + from + group[from..].iter().position(|&l| l == target).unwrap_or(0)
}

/// The scan both picks share, over blocks of `K` items: the least length
/// seen and the first block holding it, stopping at the first block with
/// an item of at most one option.
#[inline(always)]
fn first_least_block<const K: usize>(len: &[u16]) -> (u16, usize) {
    let mut best = u16::MAX;
    let mut best_block = 0;
    for (index, block) in len.chunks_exact(K).enumerate() {
        let block_least = least(block);
        if block_least < best {
            best = block_least;
            best_block = index;
            if block_least <= 1 {
                break;
            }
        }
    }
    (best, best_block)
}

/// The smallest of `lengths`.
#[inline(always)]
fn least(lengths: &[u16]) -> u16 {
    lengths.iter().fold(u16::MAX, |a, &b| a.min(b))
}

#[cfg(test)]
mod tests {
    use super::super::COVERED;
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The chunk rule written out plainly: the first chunk whose least
    /// length is at most 1 ends the scan; the item is the first one
    /// holding the least length of the chunks scanned.
    fn reference_pick(len: &[u16]) -> usize {
        let stop = len
            .chunks(SCAN_CHUNK)
            .position(|chunk| chunk.iter().any(|&l| l <= 1))
            .map_or(len.len(), |c| ((c + 1) * SCAN_CHUNK).min(len.len()));
        let scanned = &len[..stop];
        let least = *scanned.iter().min().unwrap();
        scanned.iter().position(|&l| l == least).unwrap()
    }

    /// Both scans pick the reference's item on lengths like a search's
    /// (covered items, forced ones, dead ends, several in one group), so
    /// the 16x16 search and its node counts (the effort) do not depend on
    /// which scan runs.
    #[test]
    fn group_scan_picks_the_chunk_scans_item() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for items in [324, 576, 1024, 1296] {
            for _ in 0..2000 {
                let mut len: Vec<u16> = (0..items)
                    .map(|_| match rng.gen_range(0..10) {
                        0..=3 => COVERED | rng.gen_range(0..16),
                        _ => rng.gen_range(2..17),
                    })
                    .collect();
                for _ in 0..rng.gen_range(0..4) {
                    let at = rng.gen_range(0..items);
                    len[at] = rng.gen_range(0..2);
                }
                let expected = reference_pick(&len);
                let mut chunked = len.clone();
                chunked.resize(items.div_ceil(SCAN_CHUNK) * SCAN_CHUNK, u16::MAX);
                let mut grouped = len;
                grouped.resize(items.div_ceil(SCAN_GROUP) * SCAN_GROUP, u16::MAX);
                assert_eq!(pick_by_chunks(&chunked), expected);
                assert_eq!(pick_by_groups(&grouped), expected);
            }
        }
    }
}
