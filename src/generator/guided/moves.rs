//! The guided search's steps from a parent puzzle to a neighbour: remove
//! `n` clues and add `m` ({-n+m}), or give a few clues other digits (a
//! "vicinity" step). A step is kept only if the neighbour has exactly one
//! solution (a count to two, the cheapest test there is); a minimal
//! search then removes the clues the neighbour does not need, the new
//! ones last so that the reduction does not just undo the step.
//!
//! The clues a {-n+m} step adds take any digit their row, column and box
//! allow, or, in half the steps of [`Added::Mixed`], the parent's
//! solution's: then the neighbour keeps a solution, the parent's, and is
//! unique four times as often (see [`Added`]).

use crate::engine::{Backend, Removal};
use crate::grid::Grid;
use crate::logic::room::Room;
use crate::shape::Shape;
use rand::seq::SliceRandom;
use rand::Rng;

/// Random steps tried from one parent before giving up on it: most
/// steps lose uniqueness, so several tries are normal.
const TRIES: u32 = 40;

/// The steps, as (clues removed, clues added) or a vicinity step
/// (`n` clues given new digits), drawn uniformly.
const STEPS: [Step; 7] = [
    Step::Swap(1, 1),
    Step::Swap(1, 2),
    Step::Swap(2, 2),
    Step::Swap(2, 3),
    Step::Swap(3, 3),
    Step::Vicinity(1),
    Step::Vicinity(2),
];

/// Where the clues a {-n+m} step adds take their digits.
///
/// With free digits a neighbour may lie on another solution grid, but
/// most steps fail: of 138,346 steps in a search for 20 puzzles whose
/// hardest step is a Naked Triplet (`generate --count 20 --hardest "Naked
/// Triplet" --seed 1 --threads 1`), 38% left no solution, 61% several,
/// 1.4% one. Taking the parent's digits, a {-1+2} step is unique 9.8% of
/// the time instead of 2.5%, but a search that only does that stays near
/// its first grids (vicinity steps alone move off them) and finds the
/// rarer techniques later; half of each did best over ten techniques
/// (docs/generator.md, "Technique filters").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Added {
    /// Any digit the clues the cell sees allow.
    Free,
    /// In each step, with even odds, the parent's solution's digits (the
    /// neighbour keeps the parent's grid) or free ones.
    Mixed,
}

#[derive(Clone, Copy, Debug)]
enum Step {
    Swap(usize, usize),
    Vicinity(usize),
}

/// What a neighbour must be.
pub(crate) struct Limits<'a> {
    /// Reduced to a minimal puzzle.
    pub minimal: bool,
    /// The most clues it may have (when not minimal).
    pub most_clues: usize,
    /// Rooms its clues must leave; a step that leaves one is dropped
    /// before its count.
    pub rooms: &'a [Room],
}

/// A unique neighbour of `parent` and its solution, within `limits`;
/// `None` after [`TRIES`] steps that all failed, or if `parent` is not
/// unique.
pub(crate) fn neighbour(
    engine: &mut dyn Backend,
    parent: &Grid,
    added: Added,
    limits: &Limits,
    rng: &mut impl Rng,
) -> Option<(Grid, Grid)> {
    let grid = match added {
        Added::Free => None,
        Added::Mixed => {
            let count = engine.count(parent, 2, None);
            Some(count.first.filter(|_| count.solutions == 1)?)
        }
    };
    for _ in 0..TRIES {
        let step = *STEPS.choose(rng).expect("steps are listed");
        let digits_from = grid.as_ref().filter(|_| rng.gen_bool(0.5));
        let Some((mut puzzle, added)) = apply(parent, step, digits_from, rng) else {
            continue;
        };
        // Before the count, which costs far more. The few steps whose
        // reduction would have taken the room's new clues out again are
        // lost with it.
        if !limits.rooms.iter().all(|room| room.holds(&puzzle)) {
            continue;
        }
        let count = engine.count(&puzzle, 2, None);
        if count.solutions != 1 {
            continue;
        }
        let solution = count.first.expect("a count of one keeps its solution");
        if limits.minimal {
            puzzle = reduce(engine, &puzzle, &solution, &added, rng);
        }
        if puzzle.given_count() <= limits.most_clues {
            return Some((puzzle, solution));
        }
    }
    None
}

/// `parent` after `step`, with the cells the step gave a (new) digit,
/// added clues taking `grid`'s digits if given; `None` when the step does
/// not fit (too few clues or empty cells).
fn apply(parent: &Grid, step: Step, grid: Option<&Grid>, rng: &mut impl Rng) -> Option<(Grid, Vec<usize>)> {
    let mut puzzle = parent.clone();
    let clues: Vec<usize> = (0..parent.cells().len()).filter(|&c| parent.get(c) != 0).collect();
    let mut added = Vec::new();
    match step {
        Step::Swap(out, into) => {
            if clues.len() <= out {
                return None;
            }
            let removed: Vec<usize> = clues.choose_multiple(rng, out).copied().collect();
            for &c in &removed {
                puzzle.set(c, 0);
            }
            for _ in 0..into {
                let empty: Vec<usize> = (0..puzzle.cells().len())
                    .filter(|&c| puzzle.get(c) == 0 && !removed.contains(&c))
                    .collect();
                let &cell = empty.choose(rng)?;
                let digit = match grid {
                    Some(grid) => grid.get(cell),
                    None => *allowed(&puzzle, cell, 0).choose(rng)?,
                };
                puzzle.set(cell, digit);
                added.push(cell);
            }
        }
        Step::Vicinity(k) => {
            for &cell in clues.choose_multiple(rng, k) {
                let old = puzzle.get(cell);
                puzzle.set(cell, 0);
                let digit = *allowed(&puzzle, cell, old).choose(rng)?;
                puzzle.set(cell, digit);
                added.push(cell);
            }
        }
    }
    Some((puzzle, added))
}

/// The digits `cell` (empty) may hold without a clash with the clues it
/// sees, other than `except`.
fn allowed(puzzle: &Grid, cell: usize, except: u8) -> Vec<u8> {
    let shape = puzzle.shape();
    let mut seen = vec![false; shape.n() + 1];
    for peer in peers(shape, cell) {
        seen[puzzle.get(peer) as usize] = true;
    }
    (1..=shape.n() as u8)
        .filter(|&d| d != except && !seen[d as usize])
        .collect()
}

/// The cells sharing a row, column or box with `cell` (itself included,
/// which is harmless: it is empty when asked).
fn peers(shape: Shape, cell: usize) -> impl Iterator<Item = usize> {
    let n = shape.n();
    let (row, col) = (cell / n, cell % n);
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    let (top, left) = (row / br * br, col / bc * bc);
    (0..n)
        .map(move |i| row * n + i)
        .chain((0..n).map(move |i| i * n + col))
        .chain((0..n).map(move |i| (top + i / bc) * n + left + i % bc))
}

/// `puzzle` (unique, with `solution`) without the clues it does not need:
/// old clues tried in random order, then the `added` ones.
pub(crate) fn reduce(engine: &mut dyn Backend, puzzle: &Grid, solution: &Grid, added: &[usize], rng: &mut impl Rng) -> Grid {
    let mut old: Vec<usize> = (0..puzzle.cells().len())
        .filter(|&c| puzzle.get(c) != 0 && !added.contains(&c))
        .collect();
    old.shuffle(rng);
    let order: Vec<usize> = old.iter().chain(added).copied().collect();
    let free: Vec<usize> = (0..puzzle.cells().len()).filter(|&c| puzzle.get(c) == 0).collect();
    let mut digger = engine.digger(solution, &order);
    digger.settle_past_budget();
    digger.remove_unchecked(&free);
    for &cell in &order {
        let removal = digger.try_remove(&[cell], None);
        debug_assert_ne!(removal, Removal::GaveUp, "probes without a budget settle");
    }
    digger.puzzle().clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::BackendKind;
    use rand::SeedableRng;

    /// Every neighbour is unique and minimal by a brute-force check
    /// written here: each clue's removal gives a second solution (counted
    /// by the SAT backend, not the DLX one that made the step).
    #[test]
    fn neighbours_are_unique_and_minimal_by_the_other_engine() {
        for added in [Added::Free, Added::Mixed] {
            neighbours_checked_by_sat(added);
        }
    }

    fn neighbours_checked_by_sat(added: Added) {
        let mut dlx = BackendKind::Dlx.build(Shape::CLASSIC);
        let mut sat = BackendKind::Sat.build(Shape::CLASSIC);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let full = dlx.fill(&mut rng);
        let parent = reduce(dlx.as_mut(), &full, &full, &[], &mut rng);
        assert_eq!(sat.count(&parent, 2, None).solutions, 1);
        let mut made = 0;
        for _ in 0..5 {
            let limits = Limits {
                minimal: true,
                most_clues: 81,
                rooms: &[],
            };
            let Some((p, solution)) = neighbour(dlx.as_mut(), &parent, added, &limits, &mut rng) else {
                continue;
            };
            made += 1;
            assert_ne!(p, parent);
            let count = sat.count(&p, 2, None);
            assert_eq!(count.solutions, 1);
            assert_eq!(count.first.as_ref(), Some(&solution));
            for c in (0..81).filter(|&c| p.get(c) != 0) {
                let mut fewer = p.clone();
                fewer.set(c, 0);
                assert_eq!(sat.count(&fewer, 2, None).solutions, 2, "clue {c} is redundant");
            }
        }
        assert!(made > 0);
    }

    /// Added clues from the parent's solution leave that solution in
    /// place: the SAT engine finds it in every stepped puzzle.
    #[test]
    fn swaps_from_the_solution_keep_a_solution() {
        let mut dlx = BackendKind::Dlx.build(Shape::CLASSIC);
        let mut sat = BackendKind::Sat.build(Shape::CLASSIC);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let full = dlx.fill(&mut rng);
        let parent = reduce(dlx.as_mut(), &full, &full, &[], &mut rng);
        for step in [Step::Swap(1, 1), Step::Swap(2, 3), Step::Swap(3, 3)] {
            for _ in 0..10 {
                let (p, added) = apply(&parent, step, Some(&full), &mut rng).expect("a minimal puzzle has room");
                assert!(added.iter().all(|&c| parent.get(c) == 0 && p.get(c) == full.get(c)));
                assert!(sat.count(&p, 1, None).solutions >= 1, "{step:?} left no solution: {}", p.to_line());
            }
        }
    }
}
