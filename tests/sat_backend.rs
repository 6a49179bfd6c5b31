//! The SAT engine checked against the independent dancing-links oracle
//! (`tests/common/oracle.rs`) and against known data.

mod common;

use common::oracle::{oracle_count, oracle_solution};
use common::*;
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudoku_dlx::engine::sat::cnf::AtMostOne;
use sudoku_dlx::engine::sat::SatBackend;
use sudoku_dlx::engine::Backend;
use sudoku_dlx::engine::Removal;
use sudoku_dlx::{Grid, Shape};

/// A random puzzle of `shape` from `seed`: a planted solution with a
/// fraction `empty` of its cells removed, and one given changed if
/// `corrupt`.
fn random_puzzle(shape: Shape, seed: u64, empty: f64, corrupt: bool) -> Grid {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let solution = planted_solution(shape, &mut rng);
    let mut puzzle = dig_randomly(&solution, empty, &mut rng);
    if corrupt {
        corrupt_one_given(&mut puzzle, &mut rng);
    }
    puzzle
}

/// SAT's count up to 2 agrees with the oracle, and every solution it
/// reports solves the puzzle.
fn check_count(sat: &mut SatBackend, puzzle: &Grid) -> Result<(), TestCaseError> {
    let count = sat.count(puzzle, 2, None);
    prop_assert_eq!(count.solutions as usize, oracle_count(puzzle, 2), "{}", puzzle);
    prop_assert!(count.complete);
    match &count.first {
        Some(first) => prop_assert!(first.solves(puzzle), "{} does not solve {}", first, puzzle),
        None => prop_assert_eq!(count.solutions, 0),
    }
    Ok(())
}

/// Puzzle strategy parameters: seed, fraction emptied, corrupt a given.
fn puzzle_params(max_empty: f64) -> impl Strategy<Value = (u64, f64, bool)> {
    (any::<u64>(), 0.0..max_empty, prop::bool::weighted(0.25))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn small_boards_agree_with_oracle((seed, empty, corrupt) in puzzle_params(1.0), wide in any::<bool>()) {
        let shape = if wide { shape(2, 3) } else { shape(2, 2) };
        let mut sat = SatBackend::new(shape);
        check_count(&mut sat, &random_puzzle(shape, seed, empty, corrupt))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn classic_agrees_with_oracle((seed, empty, corrupt) in puzzle_params(0.9)) {
        let mut sat = SatBackend::new(Shape::CLASSIC);
        check_count(&mut sat, &random_puzzle(Shape::CLASSIC, seed, empty, corrupt))?;
    }

    /// The sequential at-most-one encoding (normally only used for 25x25)
    /// must give the same answers as pairwise, so it is checked on 9x9
    /// where the oracle is fast.
    #[test]
    fn sequential_encoding_agrees_with_oracle((seed, empty, corrupt) in puzzle_params(0.9)) {
        let mut sat = SatBackend::with_encoding(Shape::CLASSIC, AtMostOne::Sequential);
        check_count(&mut sat, &random_puzzle(Shape::CLASSIC, seed, empty, corrupt))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Larger boards: one engine per case is affordable, but the oracle
    /// gets slow on sparse boards, so at most 60% of cells are emptied.
    #[test]
    fn large_boards_agree_with_oracle((seed, empty, corrupt) in puzzle_params(0.6), which in 0usize..2) {
        let shape = [shape(3, 4), shape(4, 4)][which];
        let mut sat = SatBackend::new(shape);
        check_count(&mut sat, &random_puzzle(shape, seed, empty, corrupt))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4))]

    #[test]
    fn huge_board_agrees_with_oracle((seed, empty, corrupt) in puzzle_params(0.3)) {
        let shape = shape(5, 5);
        let mut sat = SatBackend::new(shape);
        check_count(&mut sat, &random_puzzle(shape, seed, empty, corrupt))?;
    }
}

/// One engine reused across many puzzles (the way the CLI uses it) must
/// not be confused by clauses left over from earlier counts.
#[test]
fn reused_engine_stays_correct() {
    let shape = shape(2, 3);
    let mut sat = SatBackend::new(shape);
    for seed in 0..400 {
        let corrupt = seed % 5 == 0;
        let puzzle = random_puzzle(shape, seed, (seed % 10) as f64 / 10.0, corrupt);
        let limit = 1 + seed % 4;
        let count = sat.count(&puzzle, limit, None);
        assert_eq!(
            count.solutions as usize,
            oracle_count(&puzzle, limit as usize),
            "{puzzle}"
        );
    }
}

#[test]
fn empty_4x4_board_has_288_solutions() {
    let shape = shape(2, 2);
    let empty = Grid::empty(shape);
    assert_eq!(oracle_count(&empty, 1000), 288);
    let mut sat = SatBackend::new(shape);
    let count = sat.count(&empty, 1000, None);
    assert_eq!(count.solutions, 288);
    assert!(count.first.unwrap().solves(&empty));
    // The engine is reusable afterwards: the blocking clauses are retired.
    assert_eq!(sat.count(&empty, 1000, None).solutions, 288);
}

#[test]
fn clashing_givens_have_no_solution() {
    let mut puzzle = Grid::empty(Shape::CLASSIC);
    puzzle.set(0, 4);
    puzzle.set(80, 4);
    puzzle.set(10, 4); // same box as cell 0
    let mut sat = SatBackend::new(Shape::CLASSIC);
    let count = sat.count(&puzzle, 2, None);
    assert_eq!((count.solutions, count.first), (0, None));
    assert_eq!(oracle_count(&puzzle, 2), 0);
}

#[test]
fn full_grid_has_one_solution() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for (r, c) in SHAPES {
        let solution = planted_solution(shape(r, c), &mut rng);
        let mut sat = SatBackend::new(solution.shape());
        let count = sat.count(&solution, 2, None);
        assert_eq!(count.solutions, 1, "{r}x{c}");
        assert_eq!(count.first.as_ref(), Some(&solution));
        assert_eq!(oracle_count(&solution, 2), 1);
    }
}

#[test]
fn nearly_full_25x25_counts_quickly() {
    let mut rng = ChaCha8Rng::seed_from_u64(25);
    let solution = planted_solution(shape(5, 5), &mut rng);
    let puzzle = dig_randomly(&solution, 0.25, &mut rng);
    let mut sat = SatBackend::new(puzzle.shape());
    let count = sat.count(&puzzle, 2, None);
    assert_eq!(count.solutions as usize, oracle_count(&puzzle, 2));
    assert!(count.first.unwrap().solves(&puzzle));
}

#[test]
fn sudoku17_puzzles_are_unique() {
    let Some(lines) = data_lines("sudoku17.txt", 2000) else {
        return;
    };
    let mut sat = SatBackend::new(Shape::CLASSIC);
    for line in &lines {
        let puzzle = parse_classic(line).expect("an 81-cell line");
        let count = sat.count(&puzzle, 2, None);
        assert_eq!(count.solutions, 1, "{line}");
        assert!(count.first.unwrap().solves(&puzzle), "{line}");
    }
}

#[test]
fn serg_benchmark_puzzles_have_several_solutions() {
    let Some(lines) = data_lines("serg_benchmark.txt", 500) else {
        return;
    };
    let mut sat = SatBackend::new(Shape::CLASSIC);
    for line in &lines {
        let puzzle = parse_classic(line).expect("an 81-cell line");
        let count = sat.count(&puzzle, 2, None);
        assert_eq!(count.solutions, 2, "{line}");
        assert!(count.first.unwrap().solves(&puzzle), "{line}");
    }
}

#[test]
fn fill_gives_valid_varied_reproducible_grids() {
    for (r, c) in &SHAPES[..5] {
        let shape = shape(*r, *c);
        let mut sat = SatBackend::new(shape);
        let mut grids = Vec::new();
        for seed in 0..4 {
            let grid = sat.fill(&mut ChaCha8Rng::seed_from_u64(seed));
            assert!(grid.solves(&Grid::empty(shape)), "{shape}: {grid}");
            grids.push(grid);
        }
        grids.dedup();
        assert_eq!(grids.len(), 4, "{shape}: seeds 0..4 gave repeated grids");
        // Same stream, same grid: on a fresh engine and on a used one.
        let again = SatBackend::new(shape).fill(&mut ChaCha8Rng::seed_from_u64(2));
        assert_eq!(again, grids[2], "{shape}");
        assert_eq!(sat.fill(&mut ChaCha8Rng::seed_from_u64(2)), grids[2], "{shape}");
    }
}

/// 25x25 fills ask the open-cell formula: still complete valid grids, a
/// function of the stream alone (a fresh engine and a used one agree), and
/// the solve calls they make are counted.
#[test]
fn fill_of_the_largest_board_is_valid_and_reproducible() {
    let big = shape(5, 5);
    let mut sat = SatBackend::new(big);
    let first = sat.fill(&mut ChaCha8Rng::seed_from_u64(7));
    assert!(first.solves(&Grid::empty(big)), "{first}");
    let before = sat.solve_calls();
    let second = sat.fill(&mut ChaCha8Rng::seed_from_u64(8));
    assert!(second.solves(&Grid::empty(big)) && second != first);
    assert!(
        sat.solve_calls() > before + 1,
        "the fill's solve calls are counted"
    );
    assert_eq!(
        SatBackend::new(big).fill(&mut ChaCha8Rng::seed_from_u64(8)),
        second
    );
}

/// Fills vary beyond the first row: over 20 seeds, every cell of a 9x9
/// grid takes at least three different digits.
#[test]
fn fill_varies_every_cell() {
    let mut sat = SatBackend::new(Shape::CLASSIC);
    let grids: Vec<Grid> = (0..20)
        .map(|s| sat.fill(&mut ChaCha8Rng::seed_from_u64(100 + s)))
        .collect();
    for cell in 0..81 {
        let mut digits: Vec<u8> = grids.iter().map(|g| g.get(cell)).collect();
        digits.sort_unstable();
        digits.dedup();
        assert!(digits.len() >= 3, "cell {cell} took only {digits:?}");
    }
}

/// Digs every cell in random order; checks with the oracle that the result
/// is unique and minimal.
fn dig_and_check(shape: Shape, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let solution = planted_solution(shape, &mut rng);
    let mut order: Vec<usize> = (0..shape.cells()).collect();
    order.shuffle(&mut rng);
    let mut sat = SatBackend::new(shape);
    let mut digger = sat.digger(&solution, &order);
    for &cell in &order {
        let result = digger.try_remove(&[cell], None);
        assert_ne!(result, Removal::GaveUp);
        assert_eq!(result == Removal::Removed, digger.puzzle().get(cell) == 0);
    }
    let puzzle = digger.puzzle().clone();
    // Every kept clue took a solve call to prove it needed.
    assert!(digger.effort() >= puzzle.given_count() as u64);
    assert_eq!(oracle_count(&puzzle, 2), 1, "{shape}: {puzzle} is not unique");
    assert_eq!(oracle_solution(&puzzle).as_ref(), Some(&solution));
    for cell in (0..shape.cells()).filter(|&c| puzzle.get(c) != 0) {
        let mut fewer = puzzle.clone();
        fewer.set(cell, 0);
        assert_eq!(
            oracle_count(&fewer, 2),
            2,
            "{shape}: clue {cell} of {puzzle} is redundant"
        );
    }
}

#[test]
fn digger_makes_minimal_unique_puzzles() {
    for seed in 0..5 {
        dig_and_check(shape(2, 2), seed);
        dig_and_check(shape(2, 3), seed);
        dig_and_check(Shape::CLASSIC, seed);
    }
    dig_and_check(shape(3, 4), 1);
    // 16x16 probes go to the open-cell formula.
    dig_and_check(shape(4, 4), 1);
}

/// On 16x16 (the open-cell formula) too, an orbit of several cells is
/// removed exactly when the puzzle stays unique without all of them.
#[test]
fn open_cell_digger_removes_orbits_only_when_still_unique() {
    let sixteen = shape(4, 4);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let solution = planted_solution(sixteen, &mut rng);
    let mut order: Vec<usize> = (0..128).collect();
    order.shuffle(&mut rng);
    let mut sat = SatBackend::new(sixteen);
    let mut digger = sat.digger(&solution, &[]);
    let (mut removed, mut kept) = (0, 0);
    for cell in order {
        let orbit = [cell, 255 - cell];
        let before = digger.puzzle().clone();
        let result = digger.try_remove(&orbit, None);
        let mut without = before.clone();
        orbit.iter().for_each(|&c| without.set(c, 0));
        let unique = oracle_count(&without, 2) == 1;
        assert_eq!(result == Removal::Removed, unique, "orbit {orbit:?}");
        if unique {
            removed += 1;
        } else {
            kept += 1;
        }
    }
    assert!(removed > 20 && kept > 5, "{removed} removed, {kept} kept");
}

/// Removing several cells at once (a symmetric orbit) is kept only if the
/// puzzle stays unique without all of them.
#[test]
fn digger_removes_orbits_only_when_still_unique() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let solution = planted_solution(Shape::CLASSIC, &mut rng);
    let mut sat = SatBackend::new(Shape::CLASSIC);
    let mut digger = sat.digger(&solution, &[]);
    for cell in 0..41 {
        let orbit = [cell, 80 - cell];
        let before = digger.puzzle().clone();
        let result = digger.try_remove(&orbit, None);
        let mut without = before.clone();
        for c in orbit {
            without.set(c, 0);
        }
        let unique = oracle_count(&without, 2) == 1;
        assert_eq!(result == Removal::Removed, unique, "orbit {orbit:?}");
        let expected = if unique { &without } else { &before };
        assert_eq!(digger.puzzle(), expected);
    }
    // Cells already empty or off the board are ignored.
    let before = digger.puzzle().clone();
    assert_eq!(digger.try_remove(&[500], None), Removal::Removed);
    assert_eq!(digger.puzzle(), &before);
}

/// A grid that is not a valid solution is not dug (and nothing panics).
#[test]
fn digger_keeps_an_invalid_grid_whole() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut bad = planted_solution(Shape::CLASSIC, &mut rng);
    bad.set(0, bad.get(1));
    let mut sat = SatBackend::new(Shape::CLASSIC);
    let mut digger = sat.digger(&bad, &[]);
    for cell in 0..81 {
        assert_eq!(digger.try_remove(&[cell], None), Removal::Kept);
    }
    assert_eq!(digger.puzzle(), &bad);
}

/// The fill uses the caller's random stream the same way whatever the
/// engine did before, so what the caller draws next is reproducible too.
#[test]
fn fill_leaves_the_stream_in_a_reproducible_state() {
    use rand::RngCore;
    let shape = Shape::CLASSIC;
    let mut used = SatBackend::new(shape);
    for seed in 0..5 {
        used.fill(&mut ChaCha8Rng::seed_from_u64(seed));
    }
    let mut a = ChaCha8Rng::seed_from_u64(9);
    let mut b = ChaCha8Rng::seed_from_u64(9);
    assert_eq!(SatBackend::new(shape).fill(&mut a), used.fill(&mut b));
    assert_eq!(a.next_u64(), b.next_u64());
}
