//! Variant rules checked against a brute-force solver written here from
//! the rules' geometry (diagonals, windows, knight and king moves, ...),
//! independent of the library's houses and conflicts; and the DLX matrix
//! against the SAT formula.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudoku_dlx::{generate_variant, BackendKind, Grid, Rules, Shape, Symmetry, Variant, VariantError};

/// The rules by geometry: whether two placements may coexist.
struct Geometry {
    shape: Shape,
    names: Vec<&'static str>,
    regions: Option<Vec<u8>>,
}

impl Geometry {
    fn new(shape: Shape, text: &str, regions: Option<&str>) -> Geometry {
        let names = text
            .split(',')
            .filter(|s| !s.is_empty())
            .map(|s| match s {
                "x" => "x",
                "windoku" => "windoku",
                "disjoint-groups" => "dg",
                "anti-knight" => "knight",
                "anti-king" => "king",
                "non-consecutive" => "nc",
                "jigsaw" => "jigsaw",
                other => panic!("unknown {other}"),
            })
            .collect();
        Geometry {
            shape,
            names,
            regions: regions.map(|m| m.bytes().map(|b| b - b'A').collect()),
        }
    }

    fn has(&self, name: &str) -> bool {
        self.names.contains(&name)
    }

    fn compatible(&self, a: usize, da: u8, b: usize, db: u8) -> bool {
        let s = self.shape;
        let n = s.n();
        let (r1, c1, r2, c2) = (a / n, a % n, b / n, b % n);
        let (dr, dc) = (r1.abs_diff(r2), c1.abs_diff(c2));
        if self.has("nc") && dr + dc == 1 && da.abs_diff(db) == 1 {
            return false;
        }
        if da != db {
            return true;
        }
        let same_region = match &self.regions {
            Some(m) => m[a] == m[b],
            None => (r1 / s.box_rows(), c1 / s.box_cols()) == (r2 / s.box_rows(), c2 / s.box_cols()),
        };
        let mut together = r1 == r2 || c1 == c2 || same_region;
        if self.has("x") {
            together |= (r1 == c1 && r2 == c2) || (r1 + c1 == n - 1 && r2 + c2 == n - 1);
        }
        if self.has("windoku") {
            let w = s.box_rows() + 1;
            let inside = |r: usize, c: usize| r % w != 0 && c % w != 0;
            together |= inside(r1, c1) && inside(r2, c2) && (r1 / w, c1 / w) == (r2 / w, c2 / w);
        }
        if self.has("dg") {
            together |= (r1 % s.box_rows(), c1 % s.box_cols()) == (r2 % s.box_rows(), c2 % s.box_cols());
        }
        if self.has("knight") {
            together |= (dr, dc) == (1, 2) || (dr, dc) == (2, 1);
        }
        if self.has("king") {
            together |= dr <= 1 && dc <= 1;
        }
        !together
    }

    /// Solutions of `puzzle` up to `limit`, by plain backtracking.
    fn count(&self, puzzle: &Grid, limit: u64) -> u64 {
        let mut cells = puzzle.cells().to_vec();
        let filled: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).collect();
        for (i, &a) in filled.iter().enumerate() {
            for &b in &filled[i + 1..] {
                if !self.compatible(a, cells[a], b, cells[b]) {
                    return 0;
                }
            }
        }
        let mut found = 0;
        self.backtrack(&mut cells, limit, &mut found);
        found
    }

    /// Fills the empty cell with fewest fitting digits first.
    fn backtrack(&self, cells: &mut Vec<u8>, limit: u64, found: &mut u64) {
        let n = self.shape.n() as u8;
        let fitting = |cells: &Vec<u8>, cell: usize| -> Vec<u8> {
            (1..=n)
                .filter(|&d| {
                    (0..cells.len())
                        .all(|b| b == cell || cells[b] == 0 || self.compatible(cell, d, b, cells[b]))
                })
                .collect()
        };
        let best = (0..cells.len())
            .filter(|&c| cells[c] == 0)
            .map(|c| (c, fitting(cells, c)))
            .min_by_key(|(_, digits)| digits.len());
        let Some((cell, digits)) = best else {
            *found += 1;
            return;
        };
        for d in digits {
            cells[cell] = d;
            self.backtrack(cells, limit, found);
            cells[cell] = 0;
            if *found >= limit {
                return;
            }
        }
    }

    fn holds_for(&self, grid: &Grid) -> bool {
        grid.is_full() && self.count(grid, 1) == 1
    }
}

const SIMPLE: [&str; 6] = [
    "x",
    "windoku",
    "disjoint-groups",
    "anti-knight",
    "anti-king",
    "non-consecutive",
];

fn variant(text: &str) -> Variant {
    text.parse().unwrap()
}

/// On 4x4 and 6x6, a variant is refused as unsatisfiable exactly when the
/// brute-force solver finds no grid, and otherwise both engines count the
/// same solutions as the brute-force solver on random partial puzzles.
#[test]
fn small_boards_agree_with_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for shape in [Shape::new(2, 2).unwrap(), Shape::new(2, 3).unwrap()] {
        for text in SIMPLE
            .iter()
            .copied()
            .chain(["x,anti-knight", "x,disjoint-groups"])
        {
            let v = variant(text);
            let geometry = Geometry::new(shape, &v.to_string(), None);
            let rules = Rules::new(shape, &v);
            if let Err(VariantError::NotOnShape(..)) = rules {
                continue;
            }
            let grids = geometry.count(&Grid::empty(shape), 1);
            let mut rules = match rules {
                Err(VariantError::Unsatisfiable(..)) => {
                    assert_eq!(grids, 0, "{text} on {shape} was refused but has a grid");
                    continue;
                }
                other => other.unwrap(),
            };
            assert_eq!(grids, 1, "{text} on {shape} has no grid but was accepted");
            for _ in 0..15 {
                let mut puzzle = Grid::empty(shape);
                for _ in 0..rng.gen_range(2..shape.cells() / 2) {
                    let c = rng.gen_range(0..shape.cells());
                    puzzle.set(c, rng.gen_range(1..=shape.n() as u8));
                }
                let expected = geometry.count(&puzzle, 30);
                for kind in BackendKind::ALL {
                    let count = rules.count(&puzzle, 30, kind, None).unwrap();
                    assert_eq!(count.solutions, expected, "{text} {kind} on {}", puzzle.to_line());
                    if let Some(first) = count.first {
                        assert!(
                            first.solves(&puzzle) && geometry.holds_for(&first),
                            "{text} {kind}"
                        );
                    }
                }
            }
        }
    }
}

/// 9x9 generated puzzles: unique under both engines and the brute-force
/// solver, minimal (emptying a clue lets SAT find a second solution; the
/// first eight clues are tried), and the
/// solution keeps every rule by geometry.
#[test]
fn generated_9x9_puzzles_are_unique_and_minimal() {
    for (i, text) in SIMPLE.iter().chain(&["jigsaw", "x,windoku"]).enumerate() {
        let v = variant(text);
        let p = generate_variant(Shape::CLASSIC, &v, 100 + i as u64, Symmetry::None).unwrap();
        let map = p.variant.region_map();
        let geometry = Geometry::new(Shape::CLASSIC, &v.to_string(), map.as_deref());
        assert!(geometry.holds_for(&p.solution), "{text}");
        assert!((0..81).all(|c| p.puzzle.get(c) == 0 || p.puzzle.get(c) == p.solution.get(c)));
        assert_eq!(geometry.count(&p.puzzle, 2), 1, "{text}: {}", p.puzzle.to_line());
        let mut rules = Rules::new(Shape::CLASSIC, &p.variant).unwrap();
        for kind in BackendKind::ALL {
            assert_eq!(rules.count(&p.puzzle, 2, kind, None).unwrap().solutions, 1);
        }
        for c in (0..81).filter(|&c| p.puzzle.get(c) != 0).take(8) {
            let mut less = p.puzzle.clone();
            less.set(c, 0);
            let sat = rules.count(&less, 2, BackendKind::Sat, None).unwrap();
            assert_eq!(sat.solutions, 2, "{text}: clue {c} is not needed");
        }
    }
}

/// Jigsaw puzzles past 128 cells, with regions drawn per puzzle: the
/// regions are `n` connected cells each, every one inside one band of
/// box rows (or, on turned layouts, one stack as wide as a band is
/// tall), and both orientations occur; the solution keeps the rules by
/// geometry; SAT finds the puzzle unique (DLX too on 12x12) and every
/// clue needed.
#[test]
fn generated_large_jigsaw_puzzles_are_unique_minimal_and_banded() {
    let jigsaw = variant("jigsaw");
    let mut turned = [false; 2];
    let cases = [(3, 4, 1), (3, 4, 2), (3, 4, 3), (3, 4, 4), (4, 4, 1)];
    for (rows, cols, seed) in cases {
        let shape = Shape::new(rows, cols).unwrap();
        let n = shape.n();
        let p = generate_variant(shape, &jigsaw, seed, Symmetry::None).unwrap();
        let map: Vec<u8> = p.variant.region_map().unwrap().into_bytes();
        let mut letters = map.clone();
        letters.sort_unstable();
        letters.dedup();
        assert_eq!(letters.len(), n);
        let inside = |line: fn(usize, usize) -> usize| {
            letters.iter().all(|&r| {
                let mut blocks: Vec<usize> = (0..n * n)
                    .filter(|&c| map[c] == r)
                    .map(|c| line(c, n) / rows)
                    .collect();
                blocks.dedup();
                blocks.len() == 1 && (0..n * n).filter(|&c| map[c] == r).count() == n
            })
        };
        let (banded, stacked) = (inside(|c, n| c / n), inside(|c, n| c % n));
        assert!(
            banded || stacked,
            "{rows}x{cols} seed {seed}: regions {}",
            String::from_utf8_lossy(&map)
        );
        turned[usize::from(stacked && !banded)] = true;
        let geometry = Geometry::new(shape, "jigsaw", Some(&String::from_utf8_lossy(&map)));
        assert!(geometry.holds_for(&p.solution));
        assert!((0..n * n).all(|c| p.puzzle.get(c) == 0 || p.puzzle.get(c) == p.solution.get(c)));
        let mut rules = Rules::new(shape, &p.variant).unwrap();
        let kinds: &[BackendKind] = if n == 12 {
            &BackendKind::ALL
        } else {
            &[BackendKind::Sat]
        };
        for &kind in kinds {
            assert_eq!(
                rules.count(&p.puzzle, 2, kind, None).unwrap().solutions,
                1,
                "{kind:?}"
            );
        }
        for c in (0..n * n).filter(|&c| p.puzzle.get(c) != 0) {
            let mut less = p.puzzle.clone();
            less.set(c, 0);
            let sat = rules.count(&less, 2, BackendKind::Sat, None).unwrap();
            assert_eq!(
                sat.solutions, 2,
                "{rows}x{cols} seed {seed}: clue {c} is not needed"
            );
        }
    }
    assert_eq!(turned, [true, true], "both orientations of banded regions occur");
}

/// Random 9x9 puzzles cut from valid grids (and some with a changed
/// given): DLX, SAT and the brute-force solver count alike.
#[test]
fn dlx_and_sat_agree_on_random_9x9_puzzles() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for (i, text) in SIMPLE.iter().chain(&["jigsaw"]).enumerate() {
        let v = variant(text);
        let p = generate_variant(Shape::CLASSIC, &v, i as u64, Symmetry::None).unwrap();
        let map = p.variant.region_map();
        let geometry = Geometry::new(Shape::CLASSIC, &v.to_string(), map.as_deref());
        let mut rules = Rules::new(Shape::CLASSIC, &p.variant).unwrap();
        for k in 0..10 {
            let mut puzzle = p.solution.clone();
            let mut cells: Vec<usize> = (0..81).collect();
            cells.shuffle(&mut rng);
            cells[..45].iter().for_each(|&c| puzzle.set(c, 0));
            if k % 3 == 0 {
                let c = cells[50];
                puzzle.set(c, rng.gen_range(1..=9));
            }
            let expected = geometry.count(&puzzle, 20);
            let dlx = rules.count(&puzzle, 20, BackendKind::Dlx, None).unwrap();
            let sat = rules.count(&puzzle, 20, BackendKind::Sat, None).unwrap();
            assert_eq!((dlx.solutions, sat.solutions), (expected, expected), "{text}");
        }
    }
}

#[test]
fn symmetry_is_kept_where_allowed_and_refused_for_jigsaw() {
    let v = variant("x");
    let p = generate_variant(Shape::CLASSIC, &v, 3, Symmetry::Rot180).unwrap();
    for c in 0..81 {
        assert_eq!(p.puzzle.get(c) == 0, p.puzzle.get(80 - c) == 0);
    }
    let jigsaw = generate_variant(Shape::CLASSIC, &variant("jigsaw"), 3, Symmetry::Rot180);
    assert!(matches!(jigsaw, Err(VariantError::Symmetry(..))));
}

#[test]
fn same_seed_same_puzzle() {
    for text in ["anti-king", "jigsaw"] {
        let a = generate_variant(Shape::CLASSIC, &variant(text), 9, Symmetry::None).unwrap();
        let b = generate_variant(Shape::CLASSIC, &variant(text), 9, Symmetry::None).unwrap();
        assert_eq!(a, b);
    }
}
