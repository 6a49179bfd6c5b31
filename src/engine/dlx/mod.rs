//! The dancing-links engine: Knuth's Algorithm X on the exact-cover matrix
//! of [`crate::engine::exact_cover`], with the links kept in flat `u16` arrays.
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
//!
//! The engine is split along its seams: `matrix` (the links and the
//! cover/uncover primitives, plus a debug-build invariant check),
//! `search` (Algorithm X and its scratch stack), `fill` (random complete
//! grids), `digger` (the digging session) with `dig_proofs` (cheap proofs
//! tried before a digging probe searches).

pub(crate) mod dig_proofs;
mod as_backend;
mod digger;
mod fill;
mod matrix;
mod search;
mod stack;

use super::backend::{Capabilities, EffortUnit};
use super::exact_cover::ExactCover;
use super::portfolio::{PortfolioStats, SatFallback};
use dig_proofs::DigProofs;
use stack::SearchState;

/// Set in `len[item]` while the item is covered, so that the column choice
/// skips it without a separate active list.
const COVERED: u16 = 0x8000;

/// Items whose minimum the column choice takes together (the stopping
/// rule's unit, see `search::pick_by_chunks`).
const SCAN_CHUNK: usize = 16;

/// Items scanned in one step by the column choice on large boards
/// (`search::pick_by_groups`); `len` is then padded to a multiple of it.
const SCAN_GROUP: usize = 4 * SCAN_CHUNK;

/// Boards with at least this many items (12x12 and up) scan by groups.
const GROUPED_SCAN_ITEMS: usize = 512;

/// DLX counts search-tree nodes and stops within one node of a budget.
pub(crate) const CAPABILITIES: Capabilities = Capabilities {
    effort_unit: EffortUnit::SearchNodes,
    honours_node_budget: true,
};

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
    /// Whether the column choice scans `len` by groups (large boards).
    grouped_scan: bool,
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
    /// The SAT engine that settles digging probes DLX gave up on.
    sat: SatFallback,
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

impl Dlx {
    /// Digging probes settled by each engine of the portfolio so far (see
    /// [`crate::engine::portfolio`]): DLX within the node budget, SAT past it.
    pub fn portfolio_stats(&self) -> PortfolioStats {
        self.sat.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::backend::{Backend, Count};
    use crate::grid::Grid;
    use crate::shape::Shape;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// The invariant check passes through a whole life of the matrix
    /// (build, givens, search, digging, exclusions) and catches a broken
    /// link. Debug builds only: `sanity` does not exist in release.
    #[cfg(debug_assertions)]
    #[test]
    fn sanity_holds_through_every_operation_and_catches_corruption() {
        let shape = Shape::new(2, 3).unwrap();
        let mut dlx = Dlx::new(shape);
        dlx.sanity();
        let grid = dlx.fill(&mut ChaCha8Rng::seed_from_u64(9));
        dlx.sanity();
        let mut puzzle = grid.clone();
        (0..shape.cells()).step_by(3).for_each(|c| puzzle.set(c, 0));
        assert!(dlx.select_givens(&puzzle));
        dlx.sanity();
        let option = dlx.ec.option(0, grid.get(0));
        let open = (0..dlx.ec.option_count()).find(|&o| dlx.is_available(o) && o != option);
        if let Some(o) = open {
            dlx.exclude(o);
            dlx.sanity();
            dlx.include(o);
        }
        dlx.search(3, None, None);
        dlx.sanity();
        dlx.deselect();
        dlx.sanity();
        dlx.deselect_all();
        dlx.sanity();
        {
            let order: Vec<usize> = (0..shape.cells()).collect();
            let mut digger = dlx.digger(&grid, &order);
            for c in 0..shape.cells() {
                digger.try_remove(&[c], None);
            }
        }
        dlx.sanity();
        let node = dlx.items + 5;
        dlx.links[node].up = dlx.links[node].down;
        let broken = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| dlx.sanity()));
        assert!(broken.is_err(), "a broken link must be caught");
    }

    /// Trying a known solution's options first changes the order of the
    /// search, never its counts: every one of the 288 4x4 grids is found,
    /// and on sparse 9x9 puzzles the counts to 50 agree.
    #[test]
    fn preferring_a_solution_keeps_every_count() {
        let shape = Shape::new(2, 2).unwrap();
        let mut dlx = Dlx::new(shape);
        let grid = dlx.fill(&mut ChaCha8Rng::seed_from_u64(3));
        dlx.prefer_solution(Some(&grid));
        let count = dlx.count(&Grid::empty(shape), 1000, None);
        assert_eq!(count.solutions, 288);
        assert_eq!(
            count.first.as_ref(),
            Some(&grid),
            "the preferred grid comes first"
        );
        let mut dlx = Dlx::new(Shape::CLASSIC);
        for seed in 0..10 {
            let grid = dlx.fill(&mut ChaCha8Rng::seed_from_u64(seed));
            let mut puzzle = grid.clone();
            (0..81).filter(|c| c % 3 != 0).for_each(|c| puzzle.set(c, 0));
            dlx.prefer_solution(None);
            let plain = dlx.count(&puzzle, 50, None);
            dlx.prefer_solution(Some(&grid));
            let preferring = dlx.count(&puzzle, 50, None);
            assert_eq!(plain.solutions, preferring.solutions, "seed {seed}");
            assert_eq!(preferring.first.as_ref(), Some(&grid), "seed {seed}");
            dlx.prefer_solution(None);
        }
    }

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
        assert!(count.effort <= 500);
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
