//! Known answers from public data sets (../shared/data, see its README):
//! every 17-clue puzzle and every "hardest" puzzle has exactly one
//! solution; every puzzle of Serg's benchmark has two or more. Solutions
//! are checked by an independent validity check. Skips, saying so, when the
//! data is absent.

mod common;

use common::checks::is_valid_solution;
use common::data_lines;
use sudoku_dlx::formats::parse_line;
use sudoku_dlx::{BackendKind, Shape};

fn counts(name: &str, limit: usize) -> Option<Vec<(String, u64, Option<String>)>> {
    let mut engine = BackendKind::Dlx.build(Shape::CLASSIC);
    let rows = data_lines(name, limit)?
        .into_iter()
        .filter_map(|line| line.split_whitespace().next().map(str::to_string))
        .map(|line| {
            let puzzle = parse_line(&line, None, 1).expect("data parses");
            let count = engine.count(&puzzle, 2, None);
            (line, count.solutions, count.first.map(|g| g.to_line()))
        })
        .collect();
    Some(rows)
}

fn assert_all_unique(name: &str) {
    let Some(rows) = counts(name, usize::MAX) else {
        return;
    };
    assert!(!rows.is_empty());
    for (puzzle, solutions, first) in &rows {
        assert_eq!(*solutions, 1, "{name}: {puzzle}");
        assert!(
            is_valid_solution(puzzle, first.as_deref().unwrap(), 3, 3),
            "{puzzle}"
        );
    }
    eprintln!("{name}: {} puzzles, all unique", rows.len());
}

#[test]
fn all_17_clue_puzzles_are_unique() {
    assert_all_unique("sudoku17.txt");
}

#[test]
fn hardest_lists_are_unique() {
    for name in [
        "top95.txt",
        "norvig_hardest11.txt",
        "forum_hardest_1106.txt",
        "magictour_top1465.txt",
    ] {
        assert_all_unique(name);
    }
}

#[test]
fn serg_benchmark_puzzles_have_several_solutions() {
    let Some(rows) = counts("serg_benchmark.txt", usize::MAX) else {
        return;
    };
    // The whole set has 10,000 puzzles; the committed stand-in, 100.
    let shared = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/serg_benchmark.txt");
    let expected = if shared.exists() { 10_000 } else { 100 };
    assert_eq!(rows.len(), expected);
    for (puzzle, solutions, first) in &rows {
        assert_eq!(*solutions, 2, "{puzzle}");
        assert!(is_valid_solution(puzzle, first.as_deref().unwrap(), 3, 3));
    }
}
