//! Compares the rating with Sudoku Explainer's on two rated samples:
//! Spearman rank correlation and the share within 0.5 of SE's score. The
//! floors asserted here are what the rating achieves, rounded down, so a
//! change that makes the rating worse fails.
//!
//! Speed is measured by `cargo bench --bench rating`; level shares by
//! `sudoku-dlx rate --stats`.

mod common;

use sudoku_dlx::logic::LogicalSolver;
use sudoku_dlx::{Grid, Shape};

/// The 9x9 puzzle in the first 81 characters of a data line.
fn parse(line: &str) -> Grid {
    common::parse_classic(&line[..81]).expect("an 81-symbol puzzle")
}

/// `(puzzle, SE rating)` pairs from a `puzzle<TAB>rating[<TAB>...]` file
/// (or its committed stand-in, see `common::data_lines`).
fn rated(file: &str) -> Option<Vec<(Grid, f32)>> {
    let lines = common::data_lines(file, usize::MAX)?;
    Some(
        lines
            .iter()
            .filter_map(|l| {
                let mut fields = l.split('\t');
                Some((fields.next()?, fields.next()?))
            })
            .map(|(p, r)| (parse(p), r.trim().parse().expect("a rating")))
            .collect(),
    )
}

/// Ranks with ties sharing their average rank.
fn ranks(values: &[f32]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut out = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        let average = (i + j) as f64 / 2.0;
        for &k in &order[i..=j] {
            out[k] = average;
        }
        i = j + 1;
    }
    out
}

/// Spearman's rank correlation: Pearson's correlation of the ranks.
fn spearman(a: &[f32], b: &[f32]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}

struct Agreement {
    spearman: f64,
    within_half: f64,
}

fn agreement(file: &str) -> Option<Agreement> {
    let list = rated(file)?;
    let mut solver = LogicalSolver::new(Shape::CLASSIC);
    let ours: Vec<f32> = list
        .iter()
        .map(|(p, _)| solver.rate(p).expect("valid puzzle").score)
        .collect();
    let theirs: Vec<f32> = list.iter().map(|(_, r)| *r).collect();
    let close = ours
        .iter()
        .zip(&theirs)
        .filter(|(a, b)| (**a - **b).abs() <= 0.5 + 1e-4)
        .count();
    let result = Agreement {
        spearman: spearman(&ours, &theirs),
        within_half: close as f64 / list.len() as f64,
    };
    eprintln!(
        "{file}: {} puzzles, Spearman {:.3}, within 0.5 of SE: {:.1}%",
        list.len(),
        result.spearman,
        100.0 * result.within_half
    );
    Some(result)
}

#[test]
fn spearman_of_known_rankings() {
    // Hand-computed: identical order gives 1, reversed order gives -1.
    assert!((spearman(&[1.0, 2.0, 3.0], &[10.0, 20.0, 30.0]) - 1.0).abs() < 1e-9);
    assert!((spearman(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]) + 1.0).abs() < 1e-9);
    assert_eq!(ranks(&[5.0, 1.0, 5.0]), vec![1.5, 0.0, 1.5]);
}

#[test]
fn tracks_se_on_random_minimal_puzzles() {
    let Some(a) = agreement("unbiased_sample1000_se.tsv") else {
        return;
    };
    assert!(a.spearman >= FLOOR_UNBIASED.0, "Spearman {}", a.spearman);
    assert!(a.within_half >= FLOOR_UNBIASED.1, "within 0.5: {}", a.within_half);
}

#[test]
fn tracks_se_on_diabolical_puzzles() {
    let Some(a) = agreement("sudoku_exchange_diabolical_sample320_se.tsv") else {
        return;
    };
    assert!(a.spearman >= FLOOR_DIABOLICAL.0, "Spearman {}", a.spearman);
    assert!(
        a.within_half >= FLOOR_DIABOLICAL.1,
        "within 0.5: {}",
        a.within_half
    );
}

/// (Spearman, share within 0.5) floors, at least the project's targets
/// (Spearman 0.95 per set, 95% within 0.3). Measured with SE's chains in place:
/// 0.998 / 98.3% (within 0.3) on the 1,000 random puzzles and 0.980 /
/// 97.8% on the 320 diabolical ones.
const FLOOR_UNBIASED: (f64, f64) = (0.99, 0.97);
const FLOOR_DIABOLICAL: (f64, f64) = (0.95, 0.95);
