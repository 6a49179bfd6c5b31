//! Checks every placement and elimination the logical solver makes on real
//! puzzles against the puzzle's unique solution, found by a small
//! backtracking solver written here (independent of the library).

mod common;

use sudoku_dlx::logic::{LogicalSolver, Step};
use sudoku_dlx::{Grid, Shape};

/// A plain 9x9 backtracking solver with bitmasks: rows, columns and boxes
/// each keep the digits used; the cell with fewest options is tried first.
/// Returns the solution if there is one.
fn brute_force(cells: &[u8]) -> Option<Vec<u8>> {
    let mut grid = cells.to_vec();
    let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
    for (i, &d) in grid.iter().enumerate() {
        if d != 0 {
            let b = 1 << d;
            let (r, c) = (i / 9, i % 9);
            if (rows[r] | cols[c] | boxes[r / 3 * 3 + c / 3]) & b != 0 {
                return None;
            }
            rows[r] |= b;
            cols[c] |= b;
            boxes[r / 3 * 3 + c / 3] |= b;
        }
    }
    fill(&mut grid, &mut rows, &mut cols, &mut boxes).then_some(grid)
}

fn fill(g: &mut [u8], rows: &mut [u16; 9], cols: &mut [u16; 9], boxes: &mut [u16; 9]) -> bool {
    let mut best: Option<(usize, u16)> = None;
    for (i, _) in g.iter().enumerate().filter(|(_, &d)| d == 0) {
        let (r, c) = (i / 9, i % 9);
        let free = !(rows[r] | cols[c] | boxes[r / 3 * 3 + c / 3]) & 0b11_1111_1110;
        if best.is_none_or(|(_, m)| free.count_ones() < m.count_ones()) {
            best = Some((i, free));
        }
    }
    let Some((i, free)) = best else {
        return true;
    };
    let (r, c) = (i / 9, i % 9);
    let bx = r / 3 * 3 + c / 3;
    for d in 1..=9u8 {
        let b = 1 << d;
        if free & b == 0 {
            continue;
        }
        g[i] = d;
        rows[r] |= b;
        cols[c] |= b;
        boxes[bx] |= b;
        if fill(g, rows, cols, boxes) {
            return true;
        }
        rows[r] &= !b;
        cols[c] &= !b;
        boxes[bx] &= !b;
    }
    g[i] = 0;
    false
}

/// The 9x9 puzzle in the first 81 characters of a data line.
fn parse(line: &str) -> Grid {
    common::parse_classic(&line[..81]).expect("an 81-symbol puzzle")
}

/// Reads up to `limit` puzzles, every `stride`-th line, from the shared
/// data or its committed stand-in (see `common::data_lines`).
fn puzzles(file: &str, limit: usize, stride: usize) -> Option<Vec<Grid>> {
    let lines = common::data_lines(file, usize::MAX)?;
    Some(
        lines
            .iter()
            .filter(|l| l.len() >= 81)
            .step_by(stride.min(lines.len().div_ceil(limit).max(1)))
            .take(limit)
            .map(|l| parse(l))
            .collect(),
    )
}

/// Every placement must match the solution, every elimination must differ.
fn check_step(step: &Step, solution: &[u8], puzzle: &Grid) {
    for p in &step.placements {
        let truth = solution[p.cell.index(9)];
        assert_eq!(p.digit, truth, "wrong placement in {puzzle}: {step}");
    }
    for e in &step.eliminations {
        let truth = solution[e.cell.index(9)];
        assert_ne!(e.digit, truth, "wrong elimination in {puzzle}: {step}");
    }
}

/// Debug builds are several times slower, so they check a fifth of the
/// puzzles; release runs (`cargo test --release`) check them all.
fn scaled(limit: usize) -> usize {
    if cfg!(debug_assertions) {
        (limit / 5).max(1)
    } else {
        limit
    }
}

fn validate(file: &str, limit: usize, stride: usize) {
    let Some(list) = puzzles(file, scaled(limit), stride) else {
        return;
    };
    let mut solver = LogicalSolver::new(Shape::CLASSIC);
    let mut stuck = 0;
    for puzzle in &list {
        let solution = brute_force(puzzle.cells()).expect("the data sets hold valid puzzles");
        let path = solver.explain(puzzle).expect("valid puzzles give no error");
        for step in &path.steps {
            check_step(step, &solution, puzzle);
        }
        if path.solved {
            assert_eq!(path.grid.cells(), &solution[..]);
        } else {
            stuck += 1;
        }
    }
    eprintln!(
        "{file}: {} puzzles checked, {stuck} beyond the techniques",
        list.len()
    );
}

#[test]
fn brute_force_agrees_with_the_givens() {
    // A self-check of the test's own solver on a known puzzle, verified
    // against the grid's own rules.
    let puzzle = parse("..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....");
    let solution = brute_force(puzzle.cells()).unwrap();
    let solved = Grid::from_cells(Shape::CLASSIC, solution).unwrap();
    assert!(solved.solves(&puzzle));
}

#[test]
fn never_wrong_on_minimal_puzzles() {
    validate("unbiased_subset_42k.txt", 600, 70);
}

#[test]
fn never_wrong_on_17_clue_puzzles() {
    validate("sudoku17.txt", 400, 120);
}

#[test]
fn never_wrong_on_top95() {
    validate("top95.txt", 95, 1);
}

/// The forum's hardest puzzles need SE's nested forcing chains (9.5 to
/// 11 and more): every elimination of those chains, nested chains and
/// the techniques used inside them included, is checked against the
/// brute-force solution.
#[test]
fn never_wrong_on_the_hardest_puzzles() {
    validate("forum_hardest_1106.txt", 10, 37);
    validate("forum_hardest_1905_11plus.txt", 5, 9001);
}

#[test]
fn invalid_puzzles_are_errors_not_panics() {
    let mut solver = LogicalSolver::new(Shape::CLASSIC);
    let mut clash = Grid::empty(Shape::CLASSIC);
    clash.set(0, 5);
    clash.set(1, 5);
    assert!(solver.rate(&clash).is_err());
    // No clash among the givens, but r1c9 can hold nothing: row 1 has 1-8
    // and column 9 has 9.
    let mut dead = Grid::empty(Shape::CLASSIC);
    for col in 0..8 {
        dead.set(col, col as u8 + 1);
    }
    dead.set(9 * 4 + 8, 9);
    assert!(solver.rate(&dead).is_err());
}

/// The solution `((r mod R) * C + r / R + c) mod n + 1` for boxes of R rows
/// and C columns: rows are shifts of the first row, and the shifts of the
/// R rows of a band differ by C, so each box holds every digit.
fn pattern_solution(shape: Shape) -> Grid {
    let (br, bc, n) = (shape.box_rows(), shape.box_cols(), shape.n());
    let cells = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            (((r % br) * bc + r / br + c) % n + 1) as u8
        })
        .collect();
    Grid::from_cells(shape, cells).unwrap()
}

#[test]
fn solves_other_shapes_by_singles() {
    for (br, bc) in [(2, 2), (2, 3), (3, 4), (4, 4), (5, 5)] {
        let shape = Shape::new(br, bc).unwrap();
        let solution = pattern_solution(shape);
        assert!(solution.first_clash().is_none());
        // Empty one cell in every row, each in a different column and box
        // position: every house keeps at most a couple of holes, so singles
        // finish it.
        let n = shape.n();
        let mut puzzle = solution.clone();
        for r in 0..n {
            puzzle.set(r * n + (r * 2 + r / br) % n, 0);
        }
        let path = LogicalSolver::new(shape).explain(&puzzle).unwrap();
        assert!(path.solved, "{shape}");
        assert_eq!(path.grid, solution, "{shape}");
        assert!(path.rating.score <= 1.5, "{shape}: {}", path.rating.score);
    }
}

#[test]
fn steps_serialize_to_json_with_readable_cells() {
    let line = "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....";
    let path = LogicalSolver::new(Shape::CLASSIC).explain(&parse(line)).unwrap();
    let json = serde_json::to_string(&path.steps[0]).unwrap();
    let first = &path.steps[0].placements[0];
    assert!(json.contains(&format!("\"{}\"", first.cell)), "{json}");
    let rating = serde_json::to_value(&path.rating).unwrap();
    // One rating schema everywhere: the same fields as every command writes.
    assert!(
        rating["level"].is_string() && rating["rating"].is_number() && rating["solved_by_logic"].is_boolean()
    );
    assert!(rating.get("score").is_none());
}
