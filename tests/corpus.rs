//! The committed corpus (`tests/data/corpus.txt`, known solution counts)
//! against both engines, the grader and the library's typed errors. These
//! tests need nothing outside the repository, so they never skip.

mod common;

use common::corpus;
use sudoku_dlx::logic::LogicalSolver;
use sudoku_dlx::verify::grade;
use sudoku_dlx::verify::{compare_counts, Grader};
use sudoku_dlx::{BackendKind, GradeError, Shape};

#[test]
fn corpus_is_the_size_it_claims() {
    let entries = corpus();
    assert_eq!(entries.len(), 300);
    assert_eq!(entries.iter().filter(|e| e.solutions == 1).count(), 200);
}

#[test]
fn both_engines_count_the_known_number_of_solutions() {
    let mut engines = BackendKind::ALL.map(|kind| (kind, kind.build(Shape::CLASSIC)));
    for entry in corpus() {
        let limit = entry.solutions.min(50) + 1;
        let counts: Vec<_> = engines
            .iter_mut()
            .map(|(kind, engine)| (*kind, engine.count(&entry.puzzle, limit, None)))
            .collect();
        for (kind, count) in &counts {
            assert_eq!(
                count.solutions,
                entry.solutions.min(limit),
                "{kind}: {}",
                entry.puzzle
            );
            assert!(count.complete);
        }
        if let Some(solution) = &entry.solution {
            assert_eq!(counts[0].1.first.as_ref(), Some(solution), "{}", entry.puzzle);
        }
        compare_counts(
            &entry.puzzle,
            (counts[0].0, &counts[0].1),
            (counts[1].0, &counts[1].1),
        )
        .unwrap_or_else(|d| panic!("{}: {d}", entry.puzzle));
    }
}

/// Listing solutions: both engines list the known number of them, each
/// a complete grid without a clash that keeps the givens, and the same
/// ones; a limit below the count stops the list there.
#[test]
fn both_engines_list_the_known_solutions() {
    let mut engines = BackendKind::ALL.map(|kind| (kind, kind.build(Shape::CLASSIC)));
    let mut listed = 0;
    for entry in corpus().into_iter().filter(|e| e.solutions <= 300) {
        let mut lists = Vec::new();
        for (kind, engine) in engines.iter_mut() {
            let mut found = engine.solutions(&entry.puzzle, 301);
            assert_eq!(found.len() as u64, entry.solutions, "{kind}: {}", entry.puzzle);
            for grid in &found {
                assert!(grid.is_full() && grid.first_clash().is_none(), "{kind}: {grid}");
                assert!(grid.solves(&entry.puzzle), "{kind}: {grid} breaks a given");
            }
            found.sort_by_key(|g| g.to_line());
            found.dedup();
            assert_eq!(found.len() as u64, entry.solutions, "{kind}: a solution twice");
            if entry.solutions > 1 {
                assert_eq!(engine.solutions(&entry.puzzle, 2).len(), 2, "{kind}");
            }
            lists.push(found);
        }
        assert_eq!(lists[0], lists[1], "{}", entry.puzzle);
        listed += 1;
    }
    assert!(listed > 230, "{listed}");
}

#[test]
fn grade_rates_only_unique_puzzles_with_exact_errors() {
    let mut grader = Grader::new(Shape::CLASSIC);
    for entry in corpus().iter().step_by(5) {
        match (entry.solutions, grader.grade(&entry.puzzle)) {
            (1, Ok(rating)) => assert!(rating.score >= 1.0, "{}", entry.puzzle),
            (n, Err(GradeError::NotUnique { solutions: 2 })) if n > 1 => {}
            (n, other) => panic!("{} ({n} solutions): {other:?}", entry.puzzle),
        }
    }
    let mut clash = corpus()[0].puzzle.clone();
    let first_given = (0..81).find(|&c| clash.get(c) != 0).unwrap();
    let other_cell_in_row = (first_given / 9) * 9 + (first_given % 9 + 1) % 9;
    clash.set(other_cell_in_row, clash.get(first_given));
    assert!(matches!(grade(&clash), Err(GradeError::Clash(c)) if c.to_string().contains(" in row ")));
}

/// The grader keeps per-shape state (tables, memo) across puzzles: a
/// solver that has rated other puzzles must find exactly the path a fresh
/// one finds.
#[test]
fn a_reused_grader_gives_the_same_path_as_a_fresh_one() {
    let mut reused = LogicalSolver::new(Shape::CLASSIC);
    let unique: Vec<_> = corpus()
        .into_iter()
        .filter(|e| e.solutions == 1)
        .step_by(4)
        .collect();
    for entry in &unique {
        let again = reused.explain(&entry.puzzle).expect("valid puzzle");
        let fresh = LogicalSolver::new(Shape::CLASSIC)
            .explain(&entry.puzzle)
            .expect("valid puzzle");
        assert_eq!(again.steps, fresh.steps, "{}", entry.puzzle);
        assert_eq!(again.rating, fresh.rating, "{}", entry.puzzle);
        if again.solved {
            assert_eq!(Some(&again.grid), entry.solution.as_ref(), "{}", entry.puzzle);
        }
    }
}
