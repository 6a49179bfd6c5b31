//! The guided search's steps from a parent puzzle to a neighbour: remove
//! `n` clues and add `m` ({-n+m}), or give a few clues other digits (a
//! "vicinity" step). A step is kept only if the neighbour has exactly one
//! solution; a minimal search then removes the clues the neighbour does
//! not need, the new ones last so that the reduction does not just undo
//! the step.
//!
//! Most steps are tried blind and kept after a count to two: the clues
//! they add take any digit their row, column and box allow, or, in half
//! the steps of a filter search, the parent's solution's, which keeps
//! that solution and makes the neighbour unique four times as often. A
//! filter search aims its {-1+m} steps instead: it lists the solutions
//! the parent has without the removed clue and adds clues that rule out
//! all but one of them (see [`Added`]).

use crate::engine::{Backend, Removal};
use crate::grid::Grid;
use crate::logic::room::Room;
use crate::shape::Shape;
use rand::seq::SliceRandom;
use rand::Rng;

/// Random steps tried from one parent before giving up on it: most
/// steps lose uniqueness, so several tries are normal.
const TRIES: u32 = 40;

/// Solutions an aimed step lists at a time. A minimal puzzle without one
/// clue has a median 37 solutions (p75 106; 300 random minimal puzzles):
/// sixteen give the step its aim and the cells where the others differ,
/// and cost less to list than 64 (with every step aimed, a Naked Quad
/// search from seed 1 rated 11,579 candidates in 20 s against 5,916).
const LISTED: u64 = 16;

/// How often an aimed {-1+m} step aims at the parent's own solution. The
/// neighbours a blind search keeps are mostly on the parent's grid (a
/// step with its digits is unique four times as often); with every step
/// aimed, aiming at other grids half the time found 36 Naked Quad
/// puzzles in 20 s from seed 1 against 50 at this share.
const AIM_AT_PARENT: f64 = 0.8;

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

/// How the steps pick the clues they add.
///
/// With free digits a neighbour may lie on another solution grid, but
/// most steps fail: of 138,346 steps in a search for 20 puzzles whose
/// hardest step is a Naked Triplet (`generate --count 20 --hardest "Naked
/// Triplet" --seed 1 --threads 1`), 38% left no solution, 61% several,
/// 1.4% one, and each failure cost a count. Taking the parent's digits, a
/// {-1+2} step is unique 9.8% of the time instead of 2.5%.
///
/// A minimal puzzle without one clue has few solutions (a median 37 over
/// 300 random minimal puzzles), so a {-1+m} step can list some and add
/// the clues that rule the others out, rather than draw and count: it
/// keeps rooms while it picks its clues instead of losing the steps that
/// leave one. Without two or three clues a puzzle has hundreds or
/// thousands of solutions (medians 514 and 3,143); aiming those steps too
/// made the candidates of a Naked Quad search fewer and worse, so they
/// stay blind (docs/generator.md, "Technique filters").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Added {
    /// Any digit the clues the cell sees allow, kept if unique.
    Free,
    /// {-1+m} steps aimed at one solution of the parent without the
    /// removed clue (see [`aimed_step`]); the other steps blind, with the
    /// parent's solution's digits or free ones at even odds.
    Aimed,
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
        Added::Aimed => {
            let mut solutions = listed(engine, parent, 2);
            if solutions.len() != 1 {
                return None;
            }
            solutions.pop()
        }
    };
    for _ in 0..TRIES {
        let step = *STEPS.choose(rng).expect("steps are listed");
        let stepped = match (&grid, step) {
            (Some(grid), Step::Swap(1, into)) => aimed_step(engine, parent, grid, into, limits.rooms, rng),
            _ => {
                let digits_from = grid.as_ref().filter(|_| rng.gen_bool(0.5));
                free_step(engine, parent, step, digits_from, limits.rooms, rng)
            }
        };
        let Some((mut puzzle, solution, added)) = stepped else {
            continue;
        };
        if limits.minimal {
            puzzle = reduce(engine, &puzzle, &solution, &added, rng);
        }
        if puzzle.given_count() <= limits.most_clues {
            return Some((puzzle, solution));
        }
    }
    None
}

/// A unique neighbour of `parent` by a blind `step`, its added clues
/// taking `digits_from`'s digits if given, else free ones; with its
/// solution and the cells the step gave a digit. `None` if the step does
/// not fit, leaves a room or is not unique.
fn free_step(
    engine: &mut dyn Backend,
    parent: &Grid,
    step: Step,
    digits_from: Option<&Grid>,
    rooms: &[Room],
    rng: &mut impl Rng,
) -> Option<(Grid, Grid, Vec<usize>)> {
    let (puzzle, added) = apply(parent, step, digits_from, rng)?;
    // Before the count, which costs far more. The few steps whose
    // reduction would have taken the room's new clues out again are
    // lost with it.
    if !rooms.iter().all(|room| room.holds(&puzzle)) {
        return None;
    }
    let count = engine.count(&puzzle, 2, None);
    let solution = count.first.filter(|_| count.solutions == 1)?;
    Some((puzzle, solution, added))
}

/// A unique neighbour of `parent` (whose solution is `solution`) by a
/// {-1+m} step with `m` at most `into`, aimed at one solution of the
/// parent without the removed clue; that solution and the cells the step
/// gave a digit; `None` if the parent has one clue or none, or the aim
/// is not reached.
///
/// The step lists up to [`LISTED`] solutions of the parent without a
/// random clue, and aims at one: mostly ([`AIM_AT_PARENT`]) the parent's
/// own, else any listed one. Each clue it adds is one of the aim's digits
/// in a cell where many of the other solutions listed differ, so that
/// each clue rules out as many of them as it can, until the aim is the
/// only solution left; a clue that would leave a room is not taken. When
/// the list was cut at its limit and every solution on it is ruled out,
/// the solutions left are listed again, so the neighbour is unique by the
/// engine's own listing.
fn aimed_step(
    engine: &mut dyn Backend,
    parent: &Grid,
    solution: &Grid,
    mut into: usize,
    rooms: &[Room],
    rng: &mut impl Rng,
) -> Option<(Grid, Grid, Vec<usize>)> {
    let clues: Vec<usize> = (0..parent.cells().len()).filter(|&c| parent.get(c) != 0).collect();
    if clues.len() <= 1 {
        return None;
    }
    // Drawn as a blind step draws the clues it takes out.
    let removed = *clues.choose_multiple(rng, 1).next()?;
    let mut puzzle = parent.clone();
    puzzle.set(removed, 0);
    let mut listed = self::listed(engine, &puzzle, LISTED);
    let aim = if rng.gen_bool(AIM_AT_PARENT) {
        solution.clone()
    } else {
        listed.choose(rng)?.clone()
    };
    let mut added = Vec::new();
    let mut complete = (listed.len() as u64) < LISTED;
    loop {
        listed.retain(|g| g != &aim);
        if listed.is_empty() && !complete {
            listed = engine.solutions(&puzzle, LISTED);
            complete = (listed.len() as u64) < LISTED;
            continue;
        }
        if listed.is_empty() {
            return Some((puzzle, aim, added));
        }
        if into == 0 {
            return None;
        }
        let cell = dividing_cell(&mut puzzle, &aim, &listed, removed, rooms, rng)?;
        puzzle.set(cell, aim.get(cell));
        added.push(cell);
        into -= 1;
        listed.retain(|g| g.get(cell) == aim.get(cell));
    }
}

/// Puzzles whose listing [`LISTINGS`] keeps, per thread, before it
/// starts again: a pool of 24 parents of about 25 clues each has some
/// 600 parents-without-a-clue, and 16 solutions of 81 cells take 1.3 kB
/// (under 3 MB for a full memo of 9x9 listings).
const LISTINGS_KEPT: usize = 2048;

/// A listing's key: the engine's name, the puzzle, the limit.
type ListingKey = (&'static str, Grid, u64);

thread_local! {
    /// The solutions listed lately, by engine, puzzle and limit. A filter
    /// search draws parents from a small pool and takes the same clue out
    /// of the same parent many times over, and listing its solutions is a
    /// third of the search's time (`generate --with "BUG type 4"`, perf).
    /// A listing depends on the engine, puzzle and limit only, so the memo
    /// changes how fast a search runs, never what it finds.
    static LISTINGS: std::cell::RefCell<std::collections::HashMap<ListingKey, Vec<Grid>>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// Up to `limit` solutions of `puzzle` as `engine` lists them, from this
/// thread's [`LISTINGS`] when that engine listed them lately.
fn listed(engine: &mut dyn Backend, puzzle: &Grid, limit: u64) -> Vec<Grid> {
    let key = (engine.name(), puzzle.clone(), limit);
    if let Some(found) = LISTINGS.with(|m| m.borrow().get(&key).cloned()) {
        return found;
    }
    let found = engine.solutions(puzzle, limit);
    LISTINGS.with(|m| {
        let mut memo = m.borrow_mut();
        if memo.len() >= LISTINGS_KEPT {
            memo.clear();
        }
        memo.insert(key, found.clone());
    });
    found
}

/// An empty cell of `puzzle` (not `removed`) where the most
/// solutions of `others` differ from `aim`, or at least half as many as
/// the most, drawn at random among those; one whose clue would leave a
/// room is not taken. `puzzle` is left as it was.
fn dividing_cell(
    puzzle: &mut Grid,
    aim: &Grid,
    others: &[Grid],
    removed: usize,
    rooms: &[Room],
    rng: &mut impl Rng,
) -> Option<usize> {
    let mut differ = vec![0usize; puzzle.cells().len()];
    for other in others {
        for (cell, count) in differ.iter_mut().enumerate() {
            *count += usize::from(other.get(cell) != aim.get(cell));
        }
    }
    let mut cells: Vec<usize> = (0..differ.len())
        .filter(|&c| differ[c] > 0 && c != removed)
        .filter(|&c| {
            puzzle.set(c, aim.get(c));
            let kept = rooms.iter().all(|room| room.holds(puzzle));
            puzzle.set(c, 0);
            kept
        })
        .collect();
    let most = cells.iter().map(|&c| differ[c]).max()?;
    cells.retain(|&c| 2 * differ[c] >= most);
    cells.choose(rng).copied()
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
    use rand_chacha::ChaCha8Rng;

    /// Both engines, a random stream from `seed` and a random grid drawn
    /// from it.
    fn engines_and_grid(seed: u64) -> (Box<dyn Backend>, Box<dyn Backend>, ChaCha8Rng, Grid) {
        let mut dlx = BackendKind::Dlx.build(Shape::CLASSIC);
        let sat = BackendKind::Sat.build(Shape::CLASSIC);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let full = dlx.fill(&mut rng);
        (dlx, sat, rng, full)
    }

    /// Every neighbour is unique and minimal by a brute-force check
    /// written here: each clue's removal gives a second solution (counted
    /// by the SAT backend, not the DLX one that made the step).
    #[test]
    fn neighbours_are_unique_and_minimal_by_the_other_engine() {
        for added in [Added::Free, Added::Aimed] {
            neighbours_checked_by_sat(added);
        }
    }

    fn neighbours_checked_by_sat(added: Added) {
        let (mut dlx, mut sat, mut rng, full) = engines_and_grid(3);
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

    /// Aimed {-1+m} steps: every neighbour they give has exactly one
    /// solution by the SAT engine (not the DLX engine that listed), the
    /// one aimed at, with the added clues holding its digits and the
    /// parent's room (a house without clues) kept; at least one step in
    /// five gives one (71 of these 300, 2 of them off the parent's grid),
    /// where a blind {-1+2} step with the parent's digits is unique one
    /// time in ten.
    #[test]
    fn aimed_steps_are_unique_by_the_other_engine_and_keep_rooms() {
        let (mut dlx, mut sat, mut rng, full) = engines_and_grid(11);
        let mut start = full.clone();
        (0..9).for_each(|c| start.set(c, 0));
        let parent = reduce(dlx.as_mut(), &start, &full, &[], &mut rng);
        let room = Room::House(0);
        assert!(room.holds(&parent));
        let (mut made, mut off_grid) = (0, 0);
        for into in [1, 2, 3].repeat(100) {
            let Some((p, aim, added)) = aimed_step(dlx.as_mut(), &parent, &full, into, &[room], &mut rng) else {
                continue;
            };
            made += 1;
            off_grid += usize::from(aim != full);
            let count = sat.count(&p, 2, None);
            assert_eq!(count.solutions, 1, "{}", p.to_line());
            assert_eq!(count.first.as_ref(), Some(&aim));
            assert!(added.len() <= into);
            assert!(added.iter().all(|&c| parent.get(c) == 0 && p.get(c) == aim.get(c)));
            assert!(room.holds(&p), "{}", p.to_line());
            assert_eq!(p.given_count(), parent.given_count() - 1 + added.len());
        }
        assert!(made >= 60, "{made} of 300 aimed steps gave a neighbour");
        assert!(off_grid > 0, "no aim off the parent's grid");
    }

    /// The memo gives back what each engine lists itself: DLX's listing
    /// from the memo is DLX's own, solution for solution (a DLX listing
    /// depends on the puzzle only), and the same puzzle listed then by SAT
    /// gets solutions of the puzzle that SAT checks, kept for SAT's next
    /// call.
    #[test]
    fn listings_from_the_memo_are_the_engines_own() {
        let (mut dlx, mut sat, mut rng, full) = engines_and_grid(7);
        let mut puzzle = reduce(dlx.as_mut(), &full, &full, &[], &mut rng);
        let clue = (0..81).find(|&c| puzzle.get(c) != 0).expect("a puzzle has clues");
        puzzle.set(clue, 0);
        let by_dlx = listed(dlx.as_mut(), &puzzle, LISTED);
        assert!(by_dlx.len() >= 2, "a minimal puzzle without a clue has two solutions or more");
        assert_eq!(listed(dlx.as_mut(), &puzzle, LISTED), by_dlx);
        assert_eq!(by_dlx, dlx.solutions(&puzzle, LISTED));
        let by_sat = listed(sat.as_mut(), &puzzle, LISTED);
        assert_eq!(listed(sat.as_mut(), &puzzle, LISTED), by_sat);
        assert_eq!(by_sat.len(), by_dlx.len().min(LISTED as usize));
        let solves = |g: &Grid| (0..81).all(|c| puzzle.get(c) == 0 || puzzle.get(c) == g.get(c));
        assert!(by_sat.iter().all(|g| solves(g) && sat.count(g, 2, None).solutions == 1));
    }

    /// Added clues from the parent's solution leave that solution in
    /// place: the SAT engine finds it in every stepped puzzle.
    #[test]
    fn swaps_from_the_solution_keep_a_solution() {
        let (mut dlx, mut sat, mut rng, full) = engines_and_grid(5);
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
