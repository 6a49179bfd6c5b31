//! Jigsaw rating: Sukaku Explainer has no irregular regions, so the
//! grader reads each jigsaw region where SE reads a box. There is no SE
//! reference to compare with; instead:
//!
//! - soundness: on generated jigsaw puzzles (9x9, 6x6, and with other
//!   rules on top), every placement of every step is the digit of the
//!   SAT engine's unique solution and no elimination removes it, and a
//!   solve that completes ends at that solution, which a checker written
//!   here confirms keeps every row, column and region;
//! - regions that are the boxes rate exactly as the classic puzzle does,
//!   over SE-rated classic puzzles;
//! - a jigsaw puzzle a singles solver written here completes rates as
//!   singles do (1.0 to 1.5, hidden singles at most).

mod common;

use common::check_step;
use sudoku_dlx::logic::LogicalSolver;
use sudoku_dlx::{generate_variant, BackendKind, Grid, Rules, Shape, Symmetry, Variant};

/// Whether every row, column and region of `grid` holds each digit once.
fn keeps_houses(grid: &Grid, regions: &str) -> bool {
    let n = grid.shape().n();
    let cells = grid.cells();
    let region: Vec<u8> = regions.bytes().collect();
    let mut names: Vec<u8> = region.clone();
    names.sort_unstable();
    names.dedup();
    let houses = (0..n)
        .map(|r| (0..n).map(|c| r * n + c).collect::<Vec<_>>())
        .chain((0..n).map(|c| (0..n).map(|r| r * n + c).collect()))
        .chain(
            names
                .iter()
                .map(|&a| (0..n * n).filter(|&x| region[x] == a).collect()),
        );
    houses.into_iter().all(|h: Vec<usize>| {
        let mut seen: Vec<u8> = h.iter().map(|&x| cells[x]).collect();
        seen.sort_unstable();
        seen == (1..=n as u8).collect::<Vec<_>>()
    })
}

/// Solves `count` generated puzzles of `rules` on `shape`, each with
/// `added` of its solution's digits added (minimal puzzles under several
/// rules take seconds each), checking each step against the SAT
/// engine's solution; returns how many the techniques completed.
fn sound_over(shape: Shape, rules: &str, count: u64, added: usize) -> usize {
    let wanted: Variant = rules.parse().expect("a variant list");
    let mut solved = 0;
    for seed in 0..count {
        let mut p = generate_variant(shape, &wanted, 1000 + seed, Symmetry::None).expect("a jigsaw puzzle");
        let empty: Vec<usize> = (0..shape.cells()).filter(|&x| p.puzzle.cells()[x] == 0).collect();
        // Spread over the board, a different spread for each seed.
        for k in 0..added.min(empty.len()) {
            let x = empty[(k * 7 + seed as usize * 3) % empty.len()];
            p.puzzle.set(x, p.solution.cells()[x]);
        }
        let map = p.variant.region_map().expect("jigsaw has regions");
        let what = format!("{rules} {} {map}", p.puzzle);
        let sat = Rules::new(shape, &p.variant)
            .and_then(|mut r| r.count(&p.puzzle, 2, BackendKind::Sat, None))
            .expect("SAT counts the puzzle");
        assert_eq!(sat.solutions, 1, "{what}");
        let solution = sat.first.expect("the one solution");
        assert!(keeps_houses(&solution, &map), "{what}");
        let mut solver = LogicalSolver::with_variant(shape, &p.variant).expect("jigsaw is rated");
        let path = solver.explain(&p.puzzle).expect("a valid puzzle");
        for step in &path.steps {
            check_step(step, &solution, shape.n(), &what);
        }
        if path.solved {
            assert_eq!(path.grid, solution, "{what}");
            solved += 1;
        }
    }
    solved
}

#[test]
fn jigsaw_steps_are_sound_on_9x9() {
    let count = if cfg!(debug_assertions) { 10 } else { 150 };
    let solved = sound_over(Shape::CLASSIC, "jigsaw", count, 0);
    // Minimal jigsaw puzzles are mostly solved by the chains; a grader
    // stuck on many would be testing little.
    assert!(solved as u64 >= count * 9 / 10, "{solved} of {count} solved");
}

#[test]
fn jigsaw_steps_are_sound_on_6x6_and_under_more_rules() {
    let count = if cfg!(debug_assertions) { 3 } else { 12 };
    sound_over(Shape::new(2, 3).unwrap(), "jigsaw", 4 * count, 0);
    sound_over(Shape::new(3, 4).unwrap(), "jigsaw", count, 30);
    sound_over(Shape::CLASSIC, "jigsaw,x", count, 8);
    sound_over(Shape::CLASSIC, "jigsaw,anti-king", count, 12);
}

/// The boxes of a 9x9 board as a region map.
const BOXES: &str = "AAABBBCCCAAABBBCCCAAABBBCCCDDDEEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII";

#[test]
fn regions_that_are_the_boxes_rate_as_classic() {
    let boxes = Variant::classic().with_regions(BOXES, Shape::CLASSIC).unwrap();
    let mut jigsaw = LogicalSolver::with_variant(Shape::CLASSIC, &boxes).unwrap();
    let mut classic = LogicalSolver::new(Shape::CLASSIC);
    let mut checked = 0;
    let mut exact = 0;
    for line in include_str!("data/se_rated_sample.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let mut fields = line.split('\t');
        let puzzle: Grid = fields.next().unwrap().parse().unwrap();
        let se: f32 = fields.next().unwrap().parse().unwrap();
        let ours = jigsaw.explain(&puzzle).unwrap();
        let theirs = classic.explain(&puzzle).unwrap();
        assert_eq!(ours.rating, theirs.rating, "{puzzle}");
        let names =
            |p: &sudoku_dlx::logic::SolvePath| p.steps.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(names(&ours), names(&theirs), "{puzzle}");
        exact += usize::from((ours.rating.score - se).abs() < 0.05);
        checked += 1;
    }
    assert!(checked >= 150, "{checked} puzzles");
    // The classic grader's own agreement with SE on this sample
    // (logic_se_corpus) carries over.
    assert!(exact * 100 >= checked * 90, "{exact} of {checked} exact");
}

/// The rows, columns and regions of a region map, and each cell's peers.
fn houses_and_peers(regions: &str, n: usize) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let region: Vec<u8> = regions.bytes().collect();
    let houses: Vec<Vec<usize>> = (0..n)
        .map(|r| (0..n).map(|c| r * n + c).collect())
        .chain((0..n).map(|c| (0..n).map(|r| r * n + c).collect()))
        .chain((b'A'..b'A' + n as u8).map(|a| (0..n * n).filter(|&x| region[x] == a).collect()))
        .collect();
    let peers: Vec<Vec<usize>> = (0..n * n)
        .map(|x| {
            (0..n * n)
                .filter(|&y| y != x && houses.iter().any(|h| h.contains(&x) && h.contains(&y)))
                .collect()
        })
        .collect();
    (houses, peers)
}

/// Fills `cells` by hidden singles in rows, columns and regions (a full
/// house included) as far as they go; returns whether it completed.
fn singles_complete(
    cells: &mut [u8],
    (houses, peers): &(Vec<Vec<usize>>, Vec<Vec<usize>>),
    n: usize,
) -> bool {
    loop {
        let mut placed = false;
        for h in houses {
            for d in 1..=n as u8 {
                if h.iter().any(|&x| cells[x] == d) {
                    continue;
                }
                let places: Vec<usize> = h
                    .iter()
                    .copied()
                    .filter(|&x| cells[x] == 0 && !peers[x].iter().any(|&y| cells[y] == d))
                    .collect();
                if let [only] = places[..] {
                    cells[only] = d;
                    placed = true;
                }
            }
        }
        if !placed {
            return cells.iter().all(|&d| d != 0);
        }
    }
}

#[test]
fn a_jigsaw_solved_by_hidden_singles_rates_as_singles() {
    let wanted: Variant = "jigsaw".parse().unwrap();
    let mut tried = 0;
    for seed in 0..20 {
        let p = generate_variant(Shape::CLASSIC, &wanted, 500 + seed, Symmetry::None).unwrap();
        let map = p.variant.region_map().unwrap();
        // The puzzle with solution digits added cell by cell until the
        // singles solver here completes it.
        let mut cells = p.puzzle.cells().to_vec();
        let geometry = houses_and_peers(&map, 9);
        for x in 0..81 {
            if singles_complete(&mut cells.clone(), &geometry, 9) {
                break;
            }
            cells[x] = p.solution.cells()[x];
        }
        if cells.iter().all(|&d| d != 0) {
            continue;
        }
        tried += 1;
        let puzzle = Grid::from_cells(Shape::CLASSIC, cells).unwrap();
        let mut solver = LogicalSolver::with_variant(Shape::CLASSIC, &p.variant).unwrap();
        let rating = solver.rate(&puzzle).unwrap();
        assert!(rating.solved, "{puzzle} {map}");
        assert!(
            (1.0..=1.5 + 1e-4).contains(&rating.score),
            "{puzzle} {map}: {}",
            rating.score
        );
    }
    assert!(tried >= 15, "{tried} puzzles");
}
