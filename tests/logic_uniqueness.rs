//! Unique rectangles, unique loops and the BUG types against Sukaku
//! Explainer: a committed sample (tests/data/se_uniqueness_sample.tsv)
//! of puzzles whose SE path uses each of these techniques, picked from
//! the se_traces records. Each puzzle must get SE's ER and hardest step
//! name, its path must use the technique it was picked for (with SE's
//! rating for the type 3 rows that carry one), and no step may contradict
//! the solution the DLX engine finds.
//! Variant codes of other techniques' names are not compared.

use sudoku_dlx::logic::LogicalSolver;
use sudoku_dlx::{BackendKind, Grid, Shape};

struct Record {
    puzzle: Grid,
    er: f32,
    hardest: String,
    /// The step name it was picked for, and SE's rating of it if given.
    used: (String, Option<f32>),
}

fn sample() -> Vec<Record> {
    include_str!("data/se_uniqueness_sample.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let values = f[0]
                .bytes()
                .map(|b| if b == b'.' { 0 } else { b - b'0' })
                .collect();
            let (name, rating) = match f[3].rsplit_once(' ') {
                Some((name, r)) if r.contains('.') => (name.to_string(), Some(r.parse().expect("a rating"))),
                _ => (f[3].to_string(), None),
            };
            Record {
                puzzle: Grid::from_cells(Shape::CLASSIC, values).expect("an 81-cell puzzle"),
                er: f[1].parse().expect("a number"),
                hardest: f[2].to_string(),
                used: (name, rating),
            }
        })
        .collect()
}

/// A step name without SE's variant code or note (`WXYZ-Wing 137` and
/// `3-String Kite 1112 (Using 1 grouped strong link)` become `WXYZ-Wing`
/// and `3-String Kite`); other techniques' codes are not at stake here.
fn family(name: &str) -> &str {
    let name = name.split(" (Using").next().unwrap_or(name);
    match name.rsplit_once(' ') {
        Some((head, code)) if code.bytes().all(|b| b.is_ascii_digit()) && !head.ends_with(" type") => head,
        _ => name,
    }
}

#[test]
fn uniqueness_steps_follow_sukaku_explainer() {
    let sample = sample();
    assert!(sample.len() >= 40);
    let mut solver = LogicalSolver::new(Shape::CLASSIC);
    let mut dlx = BackendKind::Dlx.build(Shape::CLASSIC);
    for r in &sample {
        let path = solver.explain(&r.puzzle).expect("a valid puzzle");
        let line = r.puzzle.to_line();
        assert!(
            (path.rating.score - r.er).abs() < 0.05,
            "{line}: ER {} vs SE {}",
            path.rating.score,
            r.er
        );
        assert_eq!(family(&path.rating.hardest_name), family(&r.hardest), "{line}");
        let (name, rating) = &r.used;
        assert!(
            path.steps
                .iter()
                .any(|s| s.name() == *name && rating.is_none_or(|x| (s.difficulty - x).abs() < 0.05)),
            "{line}: no {name} step"
        );
        let solution = dlx.count(&r.puzzle, 2, None).first.expect("a solution");
        for s in &path.steps {
            let n = 9;
            assert!(
                s.eliminations
                    .iter()
                    .all(|e| solution.get(e.cell.index(n)) != e.digit),
                "{line}: {s} removes a solution digit"
            );
            assert!(
                s.placements
                    .iter()
                    .all(|p| solution.get(p.cell.index(n)) == p.digit),
                "{line}: {s} places a wrong digit"
            );
        }
    }
}
