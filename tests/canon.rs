//! Canonical forms: checked against a brute force over every
//! transformation on small shapes, for invariance under random
//! transformations, and for distinctness on puzzles known to differ.

mod common;

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudoku_dlx::canon::{canonical, Transform};
use sudoku_dlx::generator::{GenerateOptions, Generator};
use sudoku_dlx::{BackendKind, Grid, Shape};

/// Every permutation of `items`, by plain recursion (deliberately not the
/// library's algorithm).
fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut all = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        let mut rest = items.to_vec();
        rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            all.push(tail);
        }
    }
    all
}

/// Every order of `blocks` blocks of `size` lines that keeps blocks
/// together.
fn line_orders(blocks: usize, size: usize) -> Vec<Vec<usize>> {
    let inner = permutations(&(0..size).collect::<Vec<_>>());
    let mut orders = Vec::new();
    for block_order in permutations(&(0..blocks).collect::<Vec<_>>()) {
        // One choice of inner permutation per block: count in base |inner|.
        let total = inner.len().pow(blocks as u32);
        for mut code in 0..total {
            let mut order = Vec::with_capacity(blocks * size);
            for &b in &block_order {
                let p = &inner[code % inner.len()];
                code /= inner.len();
                order.extend(p.iter().map(|&k| b * size + k));
            }
            orders.push(order);
        }
    }
    orders
}

/// The smallest row-major string over ALL transformations, digit
/// relabellings included, by plain enumeration.
fn brute_force_minimum(grid: &Grid) -> Vec<u8> {
    let shape = grid.shape();
    let n = shape.n();
    let rows = line_orders(shape.box_cols(), shape.box_rows());
    let cols = line_orders(shape.box_rows(), shape.box_cols());
    let digit_maps = permutations(&(1..=n).collect::<Vec<_>>());
    let orientations: Vec<bool> = if shape.is_square_box() {
        vec![false, true]
    } else {
        vec![false]
    };
    let mut best = vec![u8::MAX; n * n];
    let mut image = vec![0u8; n * n];
    for &transpose in &orientations {
        let at = |r: usize, c: usize| {
            if transpose {
                grid.get(c * n + r)
            } else {
                grid.get(r * n + c)
            }
        };
        for ro in &rows {
            for co in &cols {
                for map in &digit_maps {
                    for (i, cell) in image.iter_mut().enumerate() {
                        let d = at(ro[i / n], co[i % n]);
                        *cell = if d == 0 { 0 } else { map[d as usize - 1] as u8 };
                    }
                    if image < best {
                        best.copy_from_slice(&image);
                    }
                }
            }
        }
    }
    best
}

/// A random complete grid of `shape` (from the generator's shuffled fill).
fn random_solution(shape: Shape, seed: u64) -> Grid {
    let mut generator = Generator::new(GenerateOptions::new(shape)).expect("default options");
    generator.fill(seed, 0)
}

/// `solution` with each cell emptied with probability `empty`.
fn random_puzzle(shape: Shape, seed: u64, empty: f64) -> Grid {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    common::dig_randomly(&random_solution(shape, seed), empty, &mut rng)
}

/// The smallest row-major string over all arrangements (row and column
/// orders, transposition), each relabelled by first appearance, which is
/// the smallest relabelling of an arrangement: a plain enumeration for
/// shapes whose digit permutations are too many to enumerate too. An
/// arrangement is abandoned at its first cell above the best so far.
fn brute_force_minimum_relabelled(grid: &Grid) -> Vec<u8> {
    let shape = grid.shape();
    let n = shape.n();
    let rows = line_orders(shape.box_cols(), shape.box_rows());
    let cols = line_orders(shape.box_rows(), shape.box_cols());
    let mut best = vec![u8::MAX; n * n];
    for transpose in [false, true] {
        if transpose && !shape.is_square_box() {
            continue;
        }
        let at = |r: usize, c: usize| {
            if transpose {
                grid.get(c * n + r)
            } else {
                grid.get(r * n + c)
            }
        };
        for ro in &rows {
            for co in &cols {
                let mut names = vec![0u8; n + 1];
                let mut next = 0;
                let mut image = Vec::with_capacity(n * n);
                let mut smaller = false;
                for i in 0..n * n {
                    let d = at(ro[i / n], co[i % n]) as usize;
                    if d != 0 && names[d] == 0 {
                        next += 1;
                        names[d] = next;
                    }
                    let v = names[d];
                    if !smaller && v > best[i] {
                        break;
                    }
                    smaller |= v < best[i];
                    image.push(v);
                }
                if smaller && image.len() == n * n {
                    best = image;
                }
            }
        }
    }
    best
}

#[test]
fn is_the_minimum_over_all_arrangements_on_8x8_and_9x9() {
    for (r, c, seeds) in [(2, 4, 0..6u64), (4, 2, 6..12), (3, 3, 12..15)] {
        let shape = common::shape(r, c);
        for seed in seeds {
            let empty = [0.2, 0.5, 0.7, 0.85][seed as usize % 4];
            let puzzle = random_puzzle(shape, seed, empty);
            assert_eq!(
                canonical(&puzzle).cells(),
                &brute_force_minimum_relabelled(&puzzle)[..],
                "{shape} puzzle {} (seed {seed})",
                puzzle.to_line()
            );
        }
    }
}

fn check_against_brute_force(shape: Shape, seeds: std::ops::Range<u64>) {
    for seed in seeds {
        let empty = [0.0, 0.3, 0.5, 0.7, 0.9, 1.0][seed as usize % 6];
        let puzzle = random_puzzle(shape, seed, empty);
        let form = canonical(&puzzle);
        assert_eq!(
            form.cells(),
            &brute_force_minimum(&puzzle)[..],
            "{shape} puzzle {} (seed {seed})",
            puzzle.to_line()
        );
    }
}

#[test]
fn is_the_minimum_over_all_transformations_on_4x4() {
    check_against_brute_force(common::shape(2, 2), 0..120);
}

#[test]
fn is_the_minimum_over_all_transformations_on_6x6() {
    // 2.5 million transformations per puzzle: a few puzzles per shape.
    check_against_brute_force(common::shape(2, 3), 0..6);
    check_against_brute_force(common::shape(3, 2), 6..12);
}

#[test]
fn is_the_minimum_on_grids_whose_givens_clash() {
    // Random digits in random cells, clashes allowed: the search then
    // works without its shortcuts that assume each row holds a digit once.
    let shape = common::shape(2, 2);
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for _ in 0..60 {
        let mut grid = Grid::empty(shape);
        for cell in 0..16 {
            if rng.gen_bool(0.4) {
                grid.set(cell, rng.gen_range(1..=4));
            }
        }
        assert_eq!(
            canonical(&grid).cells(),
            &brute_force_minimum(&grid)[..],
            "{}",
            grid.to_line()
        );
    }
}

#[test]
fn known_minlex_forms_are_fixed_points() {
    // The first puzzles of the complete 17-clue list (tests/data), which
    // its compilers publish in minlex form: an independent statement of
    // what the canonical form of each is.
    for line in common_17_clue_sample() {
        let puzzle = common::parse_classic(&line).expect("a 9x9 puzzle line");
        assert_eq!(canonical(&puzzle).to_line(), line);
    }
}

fn common_17_clue_sample() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sudoku17_sample.txt");
    std::fs::read_to_string(path)
        .expect("tests/data/sudoku17_sample.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn puzzles_known_to_differ_get_different_forms() {
    // The 17-clue list holds each class once: every form must differ.
    let sample = common_17_clue_sample();
    let forms: std::collections::HashSet<String> = sample
        .iter()
        .map(|l| canonical(&common::parse_classic(l).unwrap()).to_line())
        .collect();
    assert_eq!(forms.len(), sample.len());
    // Generated puzzles of one run: a second copy in disguise merges with
    // its original, a puzzle with one clue more (a different clue count)
    // or with a clue changed (no longer unique, by the DLX count) does not.
    let mut generator = Generator::new(GenerateOptions::new(Shape::CLASSIC)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for index in 0..20 {
        let g = generator.generate(11, index).unwrap();
        let disguised = Transform::random(Shape::CLASSIC, &mut rng).apply(&g.puzzle);
        assert_eq!(canonical(&disguised), canonical(&g.puzzle));
        let empty: Vec<usize> = (0..81).filter(|&c| g.puzzle.get(c) == 0).collect();
        let extra = empty[rng.gen_range(0..empty.len())];
        let mut more = g.puzzle.clone();
        more.set(extra, g.solution.get(extra));
        assert_ne!(canonical(&more), canonical(&g.puzzle));
        let mut fewer = g.puzzle.clone();
        let given = (0..81).find(|&c| g.puzzle.get(c) != 0).unwrap();
        fewer.set(given, 0);
        fewer.set(extra, g.solution.get(extra));
        let solutions = |p: &Grid| BackendKind::Dlx.build(Shape::CLASSIC).count(p, 2, None).solutions;
        if solutions(&fewer) != solutions(&g.puzzle) {
            assert_ne!(canonical(&fewer), canonical(&g.puzzle));
        }
    }
}

#[test]
fn form_is_in_the_class_and_keeps_invariants() {
    // 16x16, 25x25 and other big shapes: tests/canon_large.rs.
    for (r, c) in [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 3)] {
        let shape = common::shape(r, c);
        for seed in 0..4 {
            let puzzle = random_puzzle(shape, seed, 0.6);
            let form = canonical(&puzzle);
            assert_eq!(form.given_count(), puzzle.given_count());
            assert!(form.first_clash().is_none());
            assert_eq!(canonical(&form), form, "{shape}: the form is its own form");
        }
    }
}

#[test]
fn empty_and_full_grids() {
    for (r, c) in [(2, 2), (2, 3), (3, 3)] {
        let shape = common::shape(r, c);
        assert_eq!(canonical(&Grid::empty(shape)), Grid::empty(shape));
        let full = random_solution(shape, 3);
        let form = canonical(&full);
        // Row 1 of any relabelled-by-appearance full grid reads 1..n.
        let first_row: Vec<u8> = form.cells()[..shape.n()].to_vec();
        assert_eq!(first_row, (1..=shape.n() as u8).collect::<Vec<_>>());
        assert!(form.is_full() && form.first_clash().is_none());
    }
}

fn shape_strategy() -> impl Strategy<Value = Shape> {
    prop::sample::select(vec![(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 3)])
        .prop_map(|(r, c)| common::shape(r, c))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn invariant_under_random_transformations(
        shape in shape_strategy(),
        seed in any::<u64>(),
        empty in 0.55f64..0.8,
    ) {
        let puzzle = random_puzzle(shape, seed, empty);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
        let transform = Transform::random(shape, &mut rng);
        prop_assert!(transform.is_valid_for(shape));
        let disguised = transform.apply(&puzzle);
        prop_assert_eq!(canonical(&disguised), canonical(&puzzle));
    }

    #[test]
    fn generated_puzzles_are_invariant(seed in any::<u64>(), index in 0u64..1000) {
        let mut generator = Generator::new(GenerateOptions::new(Shape::CLASSIC)).unwrap();
        let puzzle = generator.generate(seed, index).unwrap().puzzle;
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(index));
        let disguised = Transform::random(Shape::CLASSIC, &mut rng).apply(&puzzle);
        prop_assert_eq!(canonical(&disguised), canonical(&puzzle));
    }
}

#[test]
fn a_bounded_search_ends_with_an_error_or_the_form() {
    use sudoku_dlx::canon::{try_canonical, DEFAULT_BUDGET};
    let mut rng = ChaCha8Rng::seed_from_u64(25);
    let full = common::planted_solution(common::shape(5, 5), &mut rng);
    assert!(try_canonical(&full, Some(10_000)).is_err());
    let puzzle = random_puzzle(Shape::CLASSIC, 3, 0.7);
    assert_eq!(
        try_canonical(&puzzle, Some(DEFAULT_BUDGET)),
        Ok(canonical(&puzzle))
    );
}
