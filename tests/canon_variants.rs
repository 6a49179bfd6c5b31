//! Canonical forms of variant puzzles against a brute force written here:
//! the test builds each variant's cell relations from the rules' geometry,
//! enumerates every transformation of the classic group (or the eight
//! turns and reflections for jigsaw) and keeps those that map the
//! relations onto themselves, then takes the minimum image over all of
//! them and every allowed digit map (all permutations, or identity and
//! reversal under non-consecutive). The library's form must be that
//! minimum, so it is the same for the whole orbit and differs between
//! orbits; a transformation that breaks the rules (a band swap under X)
//! must not be used.

use assert_cmd::Command;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use sudoku_dlx::canon::{try_canonical_variant, Dedup};
use sudoku_dlx::{generate_variant, Grid, Shape, Symmetry, Variant};

/// Output cell `(i, j)` reads original row `rows[i]`, column `cols[j]`
/// of the grid, transposed first when `transpose`.
#[derive(Clone, Debug)]
struct Element {
    transpose: bool,
    rows: Vec<usize>,
    cols: Vec<usize>,
}

impl Element {
    fn source(&self, n: usize, k: usize) -> usize {
        let (r, c) = (self.rows[k / n], self.cols[k % n]);
        if self.transpose {
            c * n + r
        } else {
            r * n + c
        }
    }
}

/// Pairs of cells that must differ, and (non-consecutive) neighbour pairs.
struct Geometry {
    n: usize,
    differ: Vec<Vec<bool>>,
    neighbours: Vec<Vec<bool>>,
}

fn geometry(shape: Shape, rules: &str) -> Geometry {
    let n = shape.n();
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    let has = |name: &str| rules.split(',').any(|r| r == name);
    let mut differ = vec![vec![false; n * n]; n * n];
    let mut neighbours = vec![vec![false; n * n]; n * n];
    for a in 0..n * n {
        for b in 0..n * n {
            if a == b {
                continue;
            }
            let (r1, c1, r2, c2) = (a / n, a % n, b / n, b % n);
            let (dr, dc) = (r1.abs_diff(r2), c1.abs_diff(c2));
            let same_box = r1 / br == r2 / br && c1 / bc == c2 / bc;
            differ[a][b] = r1 == r2
                || c1 == c2
                || (!has("jigsaw") && same_box)
                || (has("x") && ((r1 == c1 && r2 == c2) || (r1 + c1 == n - 1 && r2 + c2 == n - 1)))
                || (has("disjoint-groups") && r1 % br == r2 % br && c1 % bc == c2 % bc)
                || (has("anti-knight") && ((dr, dc) == (1, 2) || (dr, dc) == (2, 1)))
                || (has("anti-king") && dr <= 1 && dc <= 1)
                || (has("windoku") && window(shape, a).is_some() && window(shape, a) == window(shape, b));
            neighbours[a][b] = has("non-consecutive") && dr + dc == 1;
        }
    }
    Geometry {
        n,
        differ,
        neighbours,
    }
}

/// The window (square boxes) holding cell `a`, if any.
fn window(shape: Shape, a: usize) -> Option<(usize, usize)> {
    let (n, b) = (shape.n(), shape.box_rows());
    let (r, c) = (a / n, a % n);
    let at = |x: usize| (x % (b + 1) != 0).then(|| x / (b + 1));
    Some((at(r)?, at(c)?))
}

/// Every order of `blocks` blocks of `size` lines keeping blocks whole.
fn line_orders(blocks: usize, size: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for block_order in permutations(blocks) {
        let mut partial = vec![Vec::new()];
        for &b in &block_order {
            let mut next = Vec::new();
            for p in &partial {
                for inner in permutations(size) {
                    let mut q: Vec<usize> = p.clone();
                    q.extend(inner.iter().map(|&i| b * size + i));
                    next.push(q);
                }
            }
            partial = next;
        }
        out.extend(partial);
    }
    out
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for at in 0..=p.len() {
            let mut q = p.clone();
            q.insert(at, n - 1);
            out.push(q);
        }
    }
    out
}

/// Calls `keep` on every candidate transformation, the classic group or
/// for jigsaw the eight turns and reflections, and returns those kept.
fn candidates(shape: Shape, jigsaw: bool, keep: impl Fn(&Element) -> bool) -> Vec<Element> {
    let n = shape.n();
    let mut out = Vec::new();
    let transposes: &[bool] = if jigsaw || shape.box_rows() == shape.box_cols() {
        &[false, true]
    } else {
        &[false]
    };
    let (rows, cols) = if jigsaw {
        let id: Vec<usize> = (0..n).collect();
        let rev: Vec<usize> = (0..n).rev().collect();
        (vec![id.clone(), rev.clone()], vec![id, rev])
    } else {
        (
            line_orders(shape.box_cols(), shape.box_rows()),
            line_orders(shape.box_rows(), shape.box_cols()),
        )
    };
    let mut e = Element {
        transpose: false,
        rows: Vec::new(),
        cols: Vec::new(),
    };
    for &transpose in transposes {
        e.transpose = transpose;
        for r in &rows {
            e.rows.clone_from(r);
            for c in &cols {
                e.cols.clone_from(c);
                if keep(&e) {
                    out.push(e.clone());
                }
            }
        }
    }
    out
}

/// Whether the element maps both relations into (so onto, the sets
/// being finite) themselves: only related pairs need checking.
fn keeps(geo: &Geometry, e: &Element) -> bool {
    let cells = geo.n * geo.n;
    (0..cells).all(|a| {
        (0..cells).all(|b| {
            let (sa, sb) = (e.source(geo.n, a), e.source(geo.n, b));
            !(geo.differ[a][b] || geo.neighbours[a][b])
                || (geo.differ[sa][sb] == geo.differ[a][b] && geo.neighbours[sa][sb] == geo.neighbours[a][b])
        })
    })
}

/// The elements that keep the rules, found once per shape and rules.
fn group(shape: Shape, rules: &str) -> Vec<Element> {
    type Groups = Mutex<HashMap<(Shape, String), Vec<Element>>>;
    static GROUPS: OnceLock<Groups> = OnceLock::new();
    let mut groups = GROUPS.get_or_init(Default::default).lock().unwrap();
    groups
        .entry((shape, rules.to_string()))
        .or_insert_with(|| {
            let geo = geometry(shape, rules);
            candidates(shape, rules.contains("jigsaw"), |e| keeps(&geo, e))
        })
        .clone()
}

fn digit_maps(n: usize, rules: &str) -> Vec<Vec<u8>> {
    let maps: Vec<Vec<u8>> = if rules.contains("non-consecutive") {
        vec![(1..=n as u8).collect(), (1..=n as u8).rev().collect()]
    } else {
        permutations(n)
            .into_iter()
            .map(|p| p.into_iter().map(|d| d as u8 + 1).collect())
            .collect()
    };
    maps
}

/// `regions` (one byte per cell) numbered by first appearance.
fn renumbered(regions: &[u8]) -> Vec<u8> {
    let mut names: Vec<u8> = Vec::new();
    regions
        .iter()
        .map(|r| match names.iter().position(|x| x == r) {
            Some(i) => i as u8,
            None => {
                names.push(*r);
                names.len() as u8 - 1
            }
        })
        .collect()
}

/// The smallest (grid, regions) image over the group and digit maps.
fn brute_min(
    cells: &[u8],
    regions: Option<&[u8]>,
    n: usize,
    group: &[Element],
    digits: &[Vec<u8>],
) -> (Vec<u8>, Vec<u8>) {
    let mut best: Option<(Vec<u8>, Vec<u8>)> = None;
    for e in group {
        let src: Vec<usize> = (0..n * n).map(|k| e.source(n, k)).collect();
        let moved: Vec<u8> = src.iter().map(|&s| cells[s]).collect();
        let region_image = regions.map_or(Vec::new(), |r| {
            renumbered(&src.iter().map(|&s| r[s]).collect::<Vec<_>>())
        });
        for d in digits {
            let image: Vec<u8> = moved
                .iter()
                .map(|&x| if x == 0 { 0 } else { d[x as usize - 1] })
                .collect();
            let candidate = (image, region_image.clone());
            if best.as_ref().is_none_or(|b| candidate < *b) {
                best = Some(candidate);
            }
        }
    }
    best.expect("the group holds the identity")
}

/// The smallest image over the group with digits numbered by first
/// appearance, which is the minimum over all digit permutations (fewer
/// steps than trying 9! of them).
fn relabelled_min(cells: &[u8], n: usize, group: &[Element]) -> Vec<u8> {
    group
        .iter()
        .map(|e| {
            let mut labels = vec![0u8; n + 1];
            let mut next = 0;
            (0..n * n)
                .map(|k| match cells[e.source(n, k)] {
                    0 => 0,
                    d => {
                        if labels[d as usize] == 0 {
                            next += 1;
                            labels[d as usize] = next;
                        }
                        labels[d as usize]
                    }
                })
                .collect::<Vec<u8>>()
        })
        .min()
        .expect("the group holds the identity")
}

fn variant(rules: &str, regions: Option<&str>, shape: Shape) -> Variant {
    let v: Variant = rules.parse().unwrap();
    match regions {
        Some(map) => v.with_regions(map, shape).unwrap(),
        None => v,
    }
}

fn random_grid(shape: Shape, density: f64, rng: &mut StdRng) -> Grid {
    let n = shape.n();
    let cells = (0..n * n)
        .map(|_| {
            if rng.gen_bool(density) {
                rng.gen_range(1..=n as u8)
            } else {
                0
            }
        })
        .collect();
    Grid::from_cells(shape, cells).unwrap()
}

fn form(puzzle: &Grid, rules: &Variant) -> (Vec<u8>, Vec<u8>) {
    let (grid, rules) = try_canonical_variant(puzzle, rules, None).unwrap();
    let regions = rules
        .region_map()
        .map_or(Vec::new(), |m| m.bytes().map(|b| b - b'A').collect());
    (grid.cells().to_vec(), regions)
}

/// Applies a classic element (any, not only the group's) and a digit map.
fn apply(puzzle: &Grid, e: &Element, digits: &[u8]) -> Grid {
    let n = puzzle.shape().n();
    let cells = (0..n * n)
        .map(|k| match puzzle.cells()[e.source(n, k)] {
            0 => 0,
            d => digits[d as usize - 1],
        })
        .collect();
    Grid::from_cells(puzzle.shape(), cells).unwrap()
}

const FOUR_REGIONS: &str = "AABBAABBCCDDCCDD";
const FOUR_JIGSAW: &str = "AAABACBBCCDBCDDD";
const SIX_JIGSAW: &str = "AAAABBAABBBBCCCCDDCCDDDDEEEEFFEEFFFF";

#[test]
fn forms_are_the_brute_force_minimum_over_the_rules_own_group() {
    let four = Shape::new(2, 2).unwrap();
    let six = Shape::new(2, 3).unwrap();
    let cases: Vec<(Shape, &str, Option<&str>, usize)> = vec![
        (four, "x", None, 40),
        (four, "disjoint-groups", None, 40),
        (four, "anti-knight", None, 20),
        (four, "non-consecutive", None, 40),
        (four, "x,disjoint-groups", None, 20),
        (four, "jigsaw", Some(FOUR_JIGSAW), 30),
        (four, "jigsaw", Some(FOUR_REGIONS), 20),
        (six, "x", None, 25),
        (six, "disjoint-groups", None, 8),
        (six, "anti-king", None, 15),
        (six, "non-consecutive", None, 25),
        (six, "jigsaw,x", Some(SIX_JIGSAW), 15),
    ];
    let mut rng = StdRng::seed_from_u64(11);
    for (shape, rules, regions, puzzles) in cases {
        let n = shape.n();
        let g = group(shape, rules);
        let digits = digit_maps(n, rules);
        let v = variant(rules, regions, shape);
        let region_bytes: Option<Vec<u8>> = regions.map(|m| m.bytes().map(|b| b - b'A').collect());
        for i in 0..puzzles {
            let puzzle = random_grid(shape, [0.2, 0.4, 0.7][i % 3], &mut rng);
            let expected = brute_min(puzzle.cells(), region_bytes.as_deref(), n, &g, &digits);
            let got = form(&puzzle, &v);
            if regions.is_some() {
                assert_eq!(got, expected, "{shape} {rules}: {}", puzzle.to_line());
            } else {
                assert_eq!(got.0, expected.0, "{shape} {rules}: {}", puzzle.to_line());
            }
        }
    }
}

#[test]
fn a_band_swap_that_moves_the_diagonals_is_not_used() {
    let four = Shape::new(2, 2).unwrap();
    let x = variant("x", None, four);
    let g = group(four, "x");
    let digits = digit_maps(4, "x");
    let swap = Element {
        transpose: false,
        rows: vec![2, 3, 0, 1],
        cols: vec![0, 1, 2, 3],
    };
    assert!(
        !keeps(&geometry(four, "x"), &swap),
        "a band swap moves the diagonals"
    );
    let mut rng = StdRng::seed_from_u64(3);
    let (mut same, mut different) = (0, 0);
    for _ in 0..200 {
        let p = random_grid(four, 0.4, &mut rng);
        let q = apply(&p, &swap, &[1, 2, 3, 4]);
        // The brute-force orbit decides: one class exactly when some
        // kept map relates them.
        let related =
            brute_min(p.cells(), None, 4, &g, &digits) == brute_min(q.cells(), None, 4, &g, &digits);
        assert_eq!(form(&p, &x).0 == form(&q, &x).0, related, "{}", p.to_line());
        if related {
            same += 1
        } else {
            different += 1
        }
    }
    assert!(different > 100 && same > 0, "{same} related, {different} not");
}

#[test]
fn forms_do_not_change_under_the_group_and_generated_puzzles() {
    let mut rng = StdRng::seed_from_u64(5);
    for rules in [
        "x",
        "windoku",
        "disjoint-groups",
        "anti-king",
        "anti-knight",
        "non-consecutive",
        "x,windoku",
        "jigsaw",
    ] {
        let g = group(Shape::CLASSIC, rules);
        // Non-consecutive puzzles take seconds to generate: random grids
        // stand in for them.
        let seeds = if rules == "non-consecutive" { 0 } else { 2 };
        let mut puzzles: Vec<(Grid, Variant)> = (0..seeds)
            .map(|seed| {
                let made =
                    generate_variant(Shape::CLASSIC, &rules.parse().unwrap(), seed, Symmetry::None).unwrap();
                (made.puzzle, made.variant)
            })
            .collect();
        if rules != "jigsaw" {
            puzzles.push((random_grid(Shape::CLASSIC, 0.3, &mut rng), rules.parse().unwrap()));
        }
        for (seed, (puzzle, rules_of)) in puzzles.iter().enumerate() {
            let expected = form(puzzle, rules_of);
            for _ in 0..10 {
                let e = &g[rng.gen_range(0..g.len())];
                let digits: Vec<u8> = if rules == "non-consecutive" {
                    if rng.gen() {
                        (1..=9).collect()
                    } else {
                        (1..=9).rev().collect()
                    }
                } else {
                    let mut d: Vec<u8> = (1..=9).collect();
                    rand::seq::SliceRandom::shuffle(&mut d[..], &mut rng);
                    d
                };
                let moved = apply(puzzle, e, &digits);
                let moved_rules = match rules_of.region_map() {
                    Some(map) => {
                        let src: Vec<char> = map.chars().collect();
                        let image: String = (0..81).map(|k| src[e.source(9, k)]).collect();
                        variant(rules, Some(&image), Shape::CLASSIC)
                    }
                    None => rules_of.clone(),
                };
                assert_eq!(form(&moved, &moved_rules), expected, "{rules} seed {seed}");
            }
        }
    }
}

/// Group sizes on 9x9 (docs/canon.md), counted by the brute force here,
/// and the library agrees on every puzzle's orbit in the test above.
#[test]
fn nine_by_nine_group_sizes() {
    for (rules, size) in [
        ("x", 96),
        ("windoku", 128),
        ("disjoint-groups", 2592),
        ("anti-knight", 8),
        ("anti-king", 8),
        ("non-consecutive", 8),
        ("x,windoku", 16),
        ("jigsaw", 8),
    ] {
        assert_eq!(group(Shape::CLASSIC, rules).len(), size, "{rules}");
    }
}

#[test]
fn dedup_keeps_one_puzzle_per_class_and_separates_rules() {
    let mut rng = StdRng::seed_from_u64(9);
    let x: Variant = "x".parse().unwrap();
    let made = generate_variant(Shape::CLASSIC, &x, 4, Symmetry::None).unwrap();
    let g = group(Shape::CLASSIC, "x");
    let mut seen = Dedup::default();
    let (form, rules) = try_canonical_variant(&made.puzzle, &x, None).unwrap();
    assert!(seen.insert_variant_canonical(&form, &rules));
    for _ in 0..5 {
        let e = &g[rng.gen_range(0..g.len())];
        let disguise = apply(&made.puzzle, e, &[3, 1, 2, 6, 5, 4, 9, 7, 8]);
        let (form, rules) = try_canonical_variant(&disguise, &x, None).unwrap();
        assert!(!seen.insert_variant_canonical(&form, &rules));
    }
    // The same grid under other rules is another puzzle.
    let windoku: Variant = "windoku".parse().unwrap();
    let (form, rules) = try_canonical_variant(&made.puzzle, &windoku, None).unwrap();
    assert!(seen.insert_variant_canonical(&form, &rules));
}

fn bin() -> Command {
    Command::cargo_bin("sudoku-dlx").unwrap()
}

#[test]
fn canon_and_dedup_commands_take_variants() {
    let made = generate_variant(Shape::CLASSIC, &"x".parse().unwrap(), 2, Symmetry::None).unwrap();
    let g = group(Shape::CLASSIC, "x");
    let band_swap = Element {
        transpose: false,
        rows: vec![3, 4, 5, 0, 1, 2, 6, 7, 8],
        cols: (0..9).collect(),
    };
    let digits: Vec<u8> = (1..=9).collect();
    let disguise = apply(&made.puzzle, &g[g.len() / 2], &[2, 3, 1, 5, 6, 4, 8, 9, 7]);
    let swapped = apply(&made.puzzle, &band_swap, &digits);
    let input = format!(
        "# three\n{}\n{}\n{}\n",
        made.puzzle.to_line(),
        disguise.to_line(),
        swapped.to_line()
    );
    let out = bin()
        .args(["canon", "--variant", "x"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let expected = try_canonical_variant(&made.puzzle, &"x".parse().unwrap(), None)
        .unwrap()
        .0
        .to_line();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], expected);
    assert_eq!(lines[1], expected);
    // The band swap breaks X: another puzzle, unless a kept map relates
    // them (the brute force decides).
    let related = relabelled_min(made.puzzle.cells(), 9, &g) == relabelled_min(swapped.cells(), 9, &g);
    assert_eq!(lines[2] == expected, related);
    let out = bin()
        .args(["dedup", "--variant", "x"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success());
    let kept = String::from_utf8(out.stdout).unwrap();
    let mut want = format!("# three\n{}\n", made.puzzle.to_line());
    if !related {
        want.push_str(&format!("{}\n", swapped.to_line()));
    }
    assert_eq!(kept, want);
    assert!(String::from_utf8_lossy(&out.stderr).contains("dropped"));

    // Jigsaw: the region line follows the form, and the pair reads back.
    let jig: Variant = "jigsaw".parse().unwrap();
    let made = generate_variant(Shape::CLASSIC, &jig, 1, Symmetry::None).unwrap();
    let map = made.variant.region_map().unwrap();
    let turned: String = (0..81).map(|k| map.as_bytes()[80 - k] as char).collect();
    let rotated: Vec<u8> = (0..81).map(|k| made.puzzle.cells()[80 - k]).collect();
    let input = format!(
        "{}\n{map}\n{}\n{turned}\n",
        made.puzzle.to_line(),
        Grid::from_cells(Shape::CLASSIC, rotated).unwrap().to_line()
    );
    let out = bin()
        .args(["canon", "--variant", "jigsaw"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[..2], lines[2..]);
    bin()
        .args(["canon", "--variant", "jigsaw"])
        .write_stdin(text.clone())
        .assert()
        .success()
        .stdout(format!("{}\n{}\n", lines[0], lines[1]).repeat(2));
    let out = bin()
        .args(["dedup", "--variant", "jigsaw"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{}\n{map}\n", made.puzzle.to_line())
    );

    // A bad record: an error naming it, exit 1, the others still done.
    bin()
        .args(["dedup", "--variant", "jigsaw"])
        .write_stdin(format!("{}\nAAAB\n", made.puzzle.to_line()))
        .assert()
        .code(1)
        .stderr(predicates::str::contains("line 1"));
}
