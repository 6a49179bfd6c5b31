//! The DLX engine against the independent `dancing-links` oracle and the
//! SAT engine, on random puzzles of every supported shape: planted grids
//! with random holes (unique or many solutions) and corrupted ones (often
//! none). Every solution is checked for validity independently.

mod common;

use common::checks::is_valid_solution;
use common::oracle::oracle_count;
use common::{corrupt_one_given, dig_randomly, planted_solution, shape};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudoku_dlx::engine::dlx::Dlx;
use sudoku_dlx::engine::Backend;
use sudoku_dlx::{BackendKind, Grid};

fn random_puzzle(r: usize, c: usize, seed: u64, empty: f64, corrupt: bool) -> Grid {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let solution = planted_solution(shape(r, c), &mut rng);
    let mut puzzle = dig_randomly(&solution, empty, &mut rng);
    if corrupt {
        corrupt_one_given(&mut puzzle, &mut rng);
    }
    puzzle
}

fn check(puzzle: &Grid, with_sat: bool) -> Result<(), TestCaseError> {
    let s = puzzle.shape();
    let mut dlx = Dlx::new(s);
    let count = dlx.count(puzzle, 2, None);
    prop_assert!(count.complete);
    let expected = oracle_count(puzzle, 2) as u64;
    prop_assert_eq!(count.solutions, expected, "dlx vs oracle on {}", puzzle.to_line());
    if let Some(first) = &count.first {
        prop_assert!(is_valid_solution(
            &puzzle.to_line(),
            &first.to_line(),
            s.box_rows(),
            s.box_cols()
        ));
    }
    if with_sat {
        let sat = BackendKind::Sat.build(s).count(puzzle, 2, None);
        prop_assert_eq!(sat.solutions, expected, "sat vs oracle on {}", puzzle.to_line());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn small_boards_agree(seed in any::<u64>(), empty in 0.0f64..1.0, corrupt in any::<bool>(), which in 0usize..2) {
        let (r, c) = [(2, 2), (2, 3)][which];
        check(&random_puzzle(r, c, seed, empty, corrupt), true)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn classic_agrees(seed in any::<u64>(), empty in 0.3f64..0.8, corrupt in any::<bool>()) {
        check(&random_puzzle(3, 3, seed, empty, corrupt), true)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10))]

    #[test]
    fn large_boards_agree(seed in any::<u64>(), empty in 0.1f64..0.5, corrupt in any::<bool>(), which in 0usize..3) {
        let (r, c) = [(3, 4), (4, 4), (5, 5)][which];
        check(&random_puzzle(r, c, seed, empty, corrupt), which < 2)?;
    }
}

#[test]
fn counts_beyond_two_match_the_oracle() {
    for seed in 0..20 {
        let puzzle = random_puzzle(2, 3, seed, 0.7, false);
        let expected = oracle_count(&puzzle, 50) as u64;
        assert_eq!(
            Dlx::new(puzzle.shape()).count(&puzzle, 50, None).solutions,
            expected
        );
    }
}

#[test]
fn one_engine_serves_many_puzzles() {
    // Reuse must leave no trace: counts from one engine equal counts from
    // a fresh engine per puzzle.
    let mut shared = Dlx::new(shape(3, 3));
    for seed in 0..40 {
        let puzzle = random_puzzle(3, 3, seed, 0.65, seed % 3 == 0);
        let fresh = Dlx::new(shape(3, 3)).count(&puzzle, 2, None);
        // A search cut short by its budget must unwind cleanly too.
        let cut = shared.count(&puzzle, 2, Some(3));
        assert!(cut.effort <= 3);
        assert_eq!(shared.count(&puzzle, 2, None), fresh);
    }
}
