//! Calibration report: compares the grader's solving path with Sukaku
//! Explainer's (the `se_traces` JSON-lines files: one record per puzzle
//! with SE's ER, hardest step and every step) and prints, per file, the
//! share of exact ERs, of ERs within 0.3, Spearman's rank correlation,
//! the share of hardest-technique names that agree, and the techniques
//! at the first step where the two paths part.
//!
//! ```text
//! cargo run --release --example se_calibration -- [--puzzles] FILE.jsonl...
//! ```
//!
//! `--puzzles` adds one line per puzzle: our ER, SE's ER, both hardest
//! names and the first differing step.
//!
//! Every step is also checked against the solution from the DLX engine:
//! a step that removes a solution digit or places a wrong one is printed
//! and counted, and the run fails at the end if there was any.

use serde::Deserialize;
use std::collections::HashMap;
use std::time::Instant;
use sudoku_dlx::logic::{LogicalSolver, Step};
use sudoku_dlx::{BackendKind, Grid, Shape};

#[derive(Deserialize)]
struct Record {
    puzzle: String,
    er: f32,
    hardest: String,
    steps: Vec<SeStep>,
}

#[derive(Deserialize)]
struct SeStep {
    rating: f32,
    technique: String,
    text: String,
}

/// A technique name without SE's variant code or note: `WXYZ-Wing 137`
/// and `3-String Kite 1112 (Using 1 grouped strong link)` become
/// `WXYZ-Wing` and `3-String Kite`.
fn family(name: &str) -> String {
    let name = name.split(" (Using").next().unwrap_or(name);
    let mut words: Vec<&str> = name.split_whitespace().collect();
    while words.len() > 1
        && words
            .last()
            .is_some_and(|w| w.chars().all(|c| c.is_ascii_digit()))
    {
        words.pop();
    }
    words.join(" ")
}

/// Where our path first differs from SE's: step index, SE's step, ours.
fn first_difference(ours: &[Step], theirs: &[SeStep]) -> Option<(usize, String, String)> {
    for (i, se) in theirs.iter().enumerate() {
        let Some(step) = ours.get(i) else {
            return Some((i, describe_se(se), "(none)".into()));
        };
        let same =
            family(&step.name()) == family(&se.technique) && (step.difficulty - se.rating).abs() < 0.05;
        if !same {
            return Some((
                i,
                describe_se(se),
                format!("{} {:.1}: {}", step.name(), step.difficulty, step),
            ));
        }
    }
    (ours.len() > theirs.len()).then(|| (theirs.len(), "(none)".into(), ours[theirs.len()].to_string()))
}

fn describe_se(se: &SeStep) -> String {
    format!("{} {:.1}: {}", se.technique, se.rating, se.text)
}

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
        for &k in &order[i..=j] {
            out[k] = (i + j) as f64 / 2.0;
        }
        i = j + 1;
    }
    out
}

fn spearman(a: &[f32], b: &[f32]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}

fn parse(line: &str) -> Grid {
    let symbols: String = line.chars().map(|c| if c == '.' { '0' } else { c }).collect();
    let values: Vec<u8> = symbols.bytes().map(|b| b - b'0').collect();
    Grid::from_cells(Shape::CLASSIC, values).expect("an 81-cell puzzle")
}

/// The puzzle's one solution from the DLX engine.
fn solution(puzzle: &Grid) -> Grid {
    let count = BackendKind::Dlx.build(puzzle.shape()).count(puzzle, 2, None);
    assert_eq!(count.solutions, 1, "a puzzle with one solution");
    count.first.expect("the solution")
}

/// The steps of `steps` that contradict `solution`: a removed solution
/// digit or a placed digit that is not the solution's.
fn wrong_steps<'a>(steps: &'a [Step], solution: &Grid) -> Vec<&'a Step> {
    let n = solution.shape().n();
    steps
        .iter()
        .filter(|s| {
            s.eliminations
                .iter()
                .any(|e| solution.get(e.cell.index(n)) == e.digit)
                || s.placements
                    .iter()
                    .any(|p| solution.get(p.cell.index(n)) != p.digit)
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let per_puzzle = args.iter().any(|a| a == "--puzzles");
    let files: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    if files.is_empty() {
        eprintln!("usage: se_calibration [--puzzles] FILE.jsonl...");
        std::process::exit(2);
    }
    println!("| set | puzzles | exact ER | within 0.3 | Spearman | hardest name | same path | puzzles/s |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let mut parted: HashMap<(String, String), usize> = HashMap::new();
    let mut wrong = 0;
    for file in files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let records: Vec<Record> = text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).expect("a trace record"))
            .collect();
        let mut solver = LogicalSolver::new(Shape::CLASSIC);
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        let (mut exact, mut close, mut names, mut same_path) = (0, 0, 0, 0);
        let started = Instant::now();
        let mut unchecked = std::time::Duration::ZERO;
        for r in &records {
            let puzzle = parse(&r.puzzle);
            let path = solver.explain(&puzzle).expect("a valid puzzle");
            let checking = Instant::now();
            for step in wrong_steps(&path.steps, &solution(&puzzle)) {
                eprintln!("WRONG STEP in {}: {step}", r.puzzle);
                wrong += 1;
            }
            // The check is no part of the rating speed.
            unchecked += checking.elapsed();
            let er = path.rating.score;
            ours.push(er);
            theirs.push(r.er);
            exact += usize::from((er - r.er).abs() < 0.05);
            close += usize::from((er - r.er).abs() < 0.3 + 1e-4);
            let name_ok = family(&path.rating.hardest_name) == family(&r.hardest);
            names += usize::from(name_ok);
            let diff = first_difference(&path.steps, &r.steps);
            same_path += usize::from(diff.is_none());
            if let Some((_, se, us)) = &diff {
                let key = (
                    family(se.split(':').next().unwrap_or("")),
                    family(us.split(':').next().unwrap_or("")),
                );
                *parted.entry(key).or_default() += 1;
            }
            if per_puzzle {
                let (at, se, us) = diff.unwrap_or((usize::MAX, String::new(), String::new()));
                println!(
                    "{}\tours {er:.1}\tSE {:.1}\t{}\t{}\tstep {at}\tSE [{se}]\tours [{us}]",
                    r.puzzle, r.er, path.rating.hardest_name, r.hardest
                );
            }
        }
        let secs = (started.elapsed() - unchecked).as_secs_f64();
        let n = records.len() as f64;
        let pct = |k: usize| 100.0 * k as f64 / n;
        println!(
            "| {} | {} | {:.1}% | {:.1}% | {:.3} | {:.1}% | {:.1}% | {:.0} |",
            std::path::Path::new(file)
                .file_name()
                .map_or(file.to_string(), |f| f.to_string_lossy().into()),
            records.len(),
            pct(exact),
            pct(close),
            spearman(&ours, &theirs),
            pct(names),
            pct(same_path),
            n / secs
        );
    }
    let mut parted: Vec<_> = parted.into_iter().collect();
    parted.sort_by_key(|entry| std::cmp::Reverse(entry.1));
    println!("\nFirst differing step (SE's technique -> ours), most frequent:");
    for ((se, us), k) in parted.iter().take(25) {
        println!("{k:6}  {se} -> {us}");
    }
    if wrong > 0 {
        eprintln!("{wrong} steps contradict the solution");
        std::process::exit(1);
    }
}
