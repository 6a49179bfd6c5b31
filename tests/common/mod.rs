//! Helpers shared by the integration tests: the independent oracle and
//! puzzle builders that do not use any engine.

// Each test binary uses a different subset of these helpers.
#![allow(dead_code)]

pub mod checks;
pub mod oracle;

use rand::seq::SliceRandom;
use rand::Rng;
use std::io::Write;
use sudoku_dlx::logic::Step;
use sudoku_dlx::{Grid, Shape};

/// A logical step checked against the puzzle's known `solution` (of
/// side `n`): every placement is the solution's digit and no elimination
/// removes it; `what` names the puzzle in a failure.
pub fn check_step(step: &Step, solution: &Grid, n: usize, what: &str) {
    let truth = |cell: &sudoku_dlx::logic::Cell| solution.cells()[cell.index(n)];
    for p in &step.placements {
        assert_eq!(p.digit, truth(&p.cell), "wrong placement in {what}: {step}");
    }
    for e in &step.eliminations {
        assert_ne!(e.digit, truth(&e.cell), "wrong elimination in {what}: {step}");
    }
}

/// Every supported shape, smallest first.
pub const SHAPES: [(usize, usize); 6] = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5)];

/// The shape with `box_rows x box_cols` boxes.
pub fn shape(box_rows: usize, box_cols: usize) -> Shape {
    Shape::new(box_rows, box_cols).expect("a supported shape")
}

/// A solved grid without any solver: the pattern
/// `((r % R) * C + r / R + c) % n + 1`, with digits relabelled at random,
/// rows shuffled within bands and columns shuffled within stacks (all of
/// which keep a grid valid).
pub fn planted_solution(shape: Shape, rng: &mut impl Rng) -> Grid {
    let (br, bc, n) = (shape.box_rows(), shape.box_cols(), shape.n());
    let mut relabel: Vec<u8> = (1..=n as u8).collect();
    relabel.shuffle(rng);
    let rows = shuffled_within_blocks(n, br, rng);
    let cols = shuffled_within_blocks(n, bc, rng);
    let mut grid = Grid::empty(shape);
    for (r, &pr) in rows.iter().enumerate() {
        for (c, &pc) in cols.iter().enumerate() {
            let d = ((pr % br) * bc + pr / br + pc) % n;
            grid.set(shape.cell(r, c), relabel[d]);
        }
    }
    grid
}

/// A permutation of `0..n` that only moves indexes within consecutive
/// blocks of `block`.
fn shuffled_within_blocks(n: usize, block: usize, rng: &mut impl Rng) -> Vec<usize> {
    let mut perm: Vec<usize> = (0..n).collect();
    for chunk in perm.chunks_mut(block) {
        chunk.shuffle(rng);
    }
    perm
}

/// `solution` with each cell emptied with probability `empty`.
pub fn dig_randomly(solution: &Grid, empty: f64, rng: &mut impl Rng) -> Grid {
    let mut puzzle = solution.clone();
    for cell in 0..puzzle.cells().len() {
        if rng.gen_bool(empty) {
            puzzle.set(cell, 0);
        }
    }
    puzzle
}

/// Changes one given (if any) to a different digit, which usually leaves
/// no solution.
pub fn corrupt_one_given(puzzle: &mut Grid, rng: &mut impl Rng) {
    let givens: Vec<usize> = (0..puzzle.cells().len())
        .filter(|&c| puzzle.get(c) != 0)
        .collect();
    if let Some(&cell) = givens.choose(rng) {
        let n = puzzle.shape().n() as u8;
        let old = puzzle.get(cell);
        let new = (old + rng.gen_range(1..n) - 1) % n + 1;
        puzzle.set(cell, new);
    }
}

/// A 9x9 puzzle from an 81-character line (`.` or `0` empty).
pub fn parse_classic(line: &str) -> Option<Grid> {
    let cells: Option<Vec<u8>> = line
        .trim()
        .bytes()
        .map(|b| match b {
            b'.' | b'0' => Some(0),
            b'1'..=b'9' => Some(b - b'0'),
            _ => None,
        })
        .collect();
    Grid::from_cells(Shape::CLASSIC, cells?)
}

/// The lines of a data file: `../shared/data/<name>` when that folder is
/// there, else the committed sample in `tests/data/` that stands in for it
/// (see [`committed_sample`]). When neither is readable the caller skips,
/// unless `SUDOKU_DLX_REQUIRE_DATA=1` (set by `.ci/run`): then a skip is a
/// failure, so CI never passes by testing nothing.
pub fn data_lines(name: &str, take: usize) -> Option<Vec<String>> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let shared = root.join("../shared/data").join(name);
    let sample = committed_sample(name).map(|s| root.join("tests/data").join(s));
    let text =
        std::fs::read_to_string(&shared).or_else(|e| sample.as_ref().map_or(Err(e), std::fs::read_to_string));
    match text {
        Ok(text) => {
            let records = text.lines().filter(|l| !l.starts_with('#') && !l.is_empty());
            Some(
                records
                    .take(take)
                    .map(|l| l.split(':').next().unwrap_or(l).to_string())
                    .collect(),
            )
        }
        Err(e) => {
            skip(&format!("cannot read {}: {e}", shared.display()));
            None
        }
    }
}

/// The committed stand-in for a shared data file, if there is one.
fn committed_sample(name: &str) -> Option<&'static str> {
    match name {
        "sudoku17.txt" => Some("sudoku17_sample.txt"),
        // Unique puzzles, most of them minimal, stand in for the random
        // minimal sample.
        "unbiased_subset_42k.txt" => Some("corpus_unique.txt"),
        // 180 puzzles with SE's ER, drawn from both rated sets' traces.
        "unbiased_sample1000_se.tsv" | "sudoku_exchange_diabolical_sample320_se.tsv" => {
            Some("se_rated_sample.tsv")
        }
        "serg_benchmark.txt" => Some("corpus_several.txt"),
        // The hardest lists only need to stand in for "all unique".
        "top95.txt" | "norvig_hardest11.txt" | "forum_hardest_1106.txt" | "magictour_top1465.txt" => {
            Some("corpus_unique.txt")
        }
        _ => None,
    }
}

/// Reports a skipped test, or fails it under `SUDOKU_DLX_REQUIRE_DATA=1`.
pub fn skip(why: &str) {
    if std::env::var("SUDOKU_DLX_REQUIRE_DATA").is_ok_and(|v| v == "1") {
        panic!("SUDOKU_DLX_REQUIRE_DATA=1 but a test would skip: {why}");
    }
    // Written past the test harness's capture, so the skip is seen.
    let _ = writeln!(std::io::stderr(), "SKIPPED: {why}");
}

/// One entry of the committed corpus `tests/data/corpus.txt`.
pub struct CorpusEntry {
    /// The puzzle.
    pub puzzle: Grid,
    /// Its exact number of solutions.
    pub solutions: u64,
    /// Its solution, when unique.
    pub solution: Option<Grid>,
}

/// The committed `puzzle:count:solution` corpus: always present, so the
/// tests that use it never skip.
pub fn corpus() -> Vec<CorpusEntry> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus.txt");
    let text = std::fs::read_to_string(&path).expect("tests/data/corpus.txt is committed");
    let records = text.lines().filter(|l| !l.starts_with('#') && !l.is_empty());
    records
        .map(|line| {
            let mut fields = line.split(':');
            let mut next = || {
                fields
                    .next()
                    .unwrap_or_else(|| panic!("corpus line without 3 fields: {line}"))
            };
            let puzzle = parse_classic(next()).expect("corpus puzzle");
            let solutions = next().parse().expect("corpus count");
            let solution = Some(next())
                .filter(|s| !s.is_empty())
                .map(|s| parse_classic(s).expect("corpus solution"));
            CorpusEntry {
                puzzle,
                solutions,
                solution,
            }
        })
        .collect()
}
