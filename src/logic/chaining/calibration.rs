//! Calibration against Sukaku Explainer's step traces (not run by default:
//! it needs `../shared/data/se_traces`, absent on a fresh checkout).
//!
//! For every trace record whose path reaches a chaining step, the position
//! before that step is rebuilt by running the grader's other techniques to
//! their fixpoint (eliminations reach the same fixpoint in any order), and
//! the chain SE took is compared with the one found here: name, rating and
//! SE's description. Every removal is checked against the puzzle's
//! solution from the DLX engine.
//!
//! Run: `cargo test --release --lib chaining::calibration -- --ignored --nocapture`

use super::hint::ChainHint;
use crate::engine::BackendKind;
use crate::grid::Grid;
use crate::logic::candidates::{Candidates, Tables};
use crate::shape::Shape;
use std::collections::BTreeMap;
use std::sync::Arc;

const TRACES: &str = "../shared/data/se_traces";

/// SE's chaining technique names, as the traces spell them.
pub(crate) const CHAIN_NAMES: [&str; 9] = [
    "Bidirectional Y-Cycle",
    "Bidirectional Cycle",
    "Bidirectional X-Cycle",
    "Forcing Chain",
    "Nishio Forcing Chain",
    "Region Forcing Chains",
    "Cell Forcing Chains",
    "Contradiction Forcing Chain",
    "Double Forcing Chain",
];

/// SE's technique families the grader has with SE's meaning: a record
/// whose path before its first chain uses only these is rebuilt exactly.
fn rebuildable(technique: &str) -> bool {
    super::test_support::is_basic_name(technique)
}

#[derive(Default)]
struct Tally {
    records: usize,
    name: usize,
    rating: usize,
    text: usize,
}

#[test]
#[ignore = "needs ../shared/data/se_traces; prints a report"]
fn first_chain_steps_match_se() {
    let Ok(dir) = std::fs::read_dir(TRACES) else {
        eprintln!("skipping: {TRACES} not found");
        return;
    };
    let mut files: Vec<_> = dir.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    files.sort();
    let tables = Arc::new(Tables::new(Shape::CLASSIC));
    let mut by_name: BTreeMap<String, Tally> = BTreeMap::new();
    let mut all = Tally::default();
    let mut invalid = 0;
    let mut chain_time = std::time::Duration::ZERO;
    let mut unary_time = std::time::Duration::ZERO;
    let mut time_by_name: BTreeMap<String, std::time::Duration> = BTreeMap::new();
    let started = std::time::Instant::now();
    // CHAINS_DUMP=file writes up to two positions per hint kind, engine
    // and rating where SE's step was reproduced (tests/data/chains_se_steps.jsonl).
    let mut dump = std::env::var_os("CHAINS_DUMP").map(|p| std::fs::File::create(p).expect("dump file"));
    let mut dumped: BTreeMap<(&str, &str, u32), usize> = BTreeMap::new();
    // CHAINS_FILES=word keeps the trace files whose name contains it.
    let only = std::env::var("CHAINS_FILES").unwrap_or_default();
    let wanted = |p: &std::path::PathBuf| {
        p.extension().is_some_and(|e| e == "jsonl") && p.to_string_lossy().contains(only.as_str())
    };
    for path in files.iter().filter(|p| wanted(p)) {
        let text = std::fs::read_to_string(path).expect("readable trace");
        for line in text.lines() {
            let record: serde_json::Value = serde_json::from_str(line).expect("json");
            let steps = record["steps"].as_array().expect("steps");
            let puzzle = parse(record["puzzle"].as_str().expect("puzzle"));
            let mut c = Candidates::from_grid(tables.clone(), &puzzle).expect("valid puzzle");
            let mut solution = None;
            for se in steps {
                let se_name = se["technique"].as_str().unwrap_or("");
                if !CHAIN_NAMES.contains(&se_name) {
                    if rebuildable(se_name) {
                        continue;
                    }
                    break;
                }
                let (se_rating, se_text) = (
                    se["rating"].as_f64().unwrap_or(0.0),
                    se["text"].as_str().unwrap_or(""),
                );
                super::test_support::basic_fixpoint(&mut c);
                let timer = std::time::Instant::now();
                let unary = super::find(&c, super::Engine::Unary);
                unary_time += timer.elapsed();
                let ours = unary.or_else(|| find_later(&c));
                chain_time += timer.elapsed();
                *time_by_name.entry(se_name.to_string()).or_default() += timer.elapsed();
                let solution = solution.get_or_insert_with(|| solve(&puzzle));
                if let Some(h) = &ours {
                    if !removals_valid(h, solution) {
                        invalid += 1;
                    }
                }
                let same = ours
                    .as_ref()
                    .is_some_and(|h| h.name() == se_name && h.text == se_text);
                let t = by_name.entry(se_name.to_string()).or_default();
                for t in [t, &mut all] {
                    t.records += 1;
                    if let Some(h) = &ours {
                        t.name += (h.name() == se_name) as usize;
                        t.rating += ((h.rating() as f64 - se_rating).abs() < 0.05) as usize;
                        t.text += same as usize;
                    }
                }
                if std::env::var_os("CHAINS_VERBOSE").is_some() && !same {
                    eprintln!(
                        "{} | SE {se_name} {se_rating} {se_text} | ours {:?}",
                        record["puzzle"].as_str().unwrap_or(""),
                        ours.as_ref()
                            .map(|h| (h.name(), h.rating(), h.text.clone(), h.complexity))
                    );
                }
                let Some(h) = ours.filter(|_| same) else { break };
                if let Some(dump) = dump.as_mut() {
                    let key = (
                        h.name(),
                        engine_name(h.engine),
                        (h.rating() * 10.0).round() as u32,
                    );
                    let taken = dumped.entry(key).or_insert(0);
                    if *taken < 2 {
                        *taken += 1;
                        let line = serde_json::json!({
                            "puzzle": record["puzzle"],
                            "candidates": encode(&c),
                            "engine": engine_name(h.engine),
                            "name": se_name,
                            "rating": se_rating,
                            "text": se_text,
                        });
                        use std::io::Write;
                        writeln!(dump, "{line}").expect("writable dump");
                    }
                }
                for &(cell, d) in &h.removals {
                    c.eliminate(cell, d);
                }
            }
        }
    }
    eprintln!(
        "chain steps per SE technique (while the path is rebuilt): steps, same name, same rating, same hint"
    );
    for (name, t) in &by_name {
        let ms = time_by_name[name].as_secs_f64() * 1000.0 / t.records as f64;
        eprintln!(
            "{name:30} {:5} {:5} {:5} {:5} {ms:7.2} ms",
            t.records, t.name, t.rating, t.text
        );
    }
    eprintln!(
        "{:30} {:5} {:5} {:5} {:5}",
        "all", all.records, all.name, all.rating, all.text
    );
    eprintln!(
        "invalid removals: {invalid}; {:.1} s in all, {:.1} s in cycles and forcing chains, {:.2} ms per chain step",
        started.elapsed().as_secs_f64(),
        unary_time.as_secs_f64(),
        chain_time.as_secs_f64() * 1000.0 / all.records.max(1) as f64
    );
    assert_eq!(invalid, 0, "a chain removed a solution digit");
}

fn parse(line: &str) -> Grid {
    let cells = line
        .bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect();
    Grid::from_cells(Shape::CLASSIC, cells).expect("81 cells")
}

/// The puzzle's solution from the DLX engine.
pub(crate) fn solve(puzzle: &Grid) -> Grid {
    let count = BackendKind::Dlx.build(puzzle.shape()).count(puzzle, 2, None);
    assert_eq!(count.solutions, 1, "a proper puzzle");
    count.first.expect("one solution")
}

/// Whether no removal of `h` is the solution's digit.
pub(crate) fn removals_valid(h: &ChainHint, solution: &Grid) -> bool {
    h.removals.iter().all(|&(cell, d)| solution.get(cell) != d)
}

/// The engine's name in the test data.
pub(crate) fn engine_name(e: super::Engine) -> &'static str {
    match e {
        super::Engine::Unary => "unary",
        super::Engine::Nishio => "nishio",
        super::Engine::Multiple => "multiple",
        super::Engine::Dynamic => "dynamic",
        super::Engine::Nested { .. } => "nested",
    }
}

/// A position as text: per cell, `=d` when solved, else its candidates;
/// cells separated by spaces.
pub(crate) fn encode(c: &Candidates) -> String {
    (0..c.cell_count())
        .map(|cell| match c.value(cell) {
            0 => crate::logic::candidates::digits(c.mask(cell))
                .map(|d| char::from(b'0' + d))
                .collect(),
            v => format!("={v}"),
        })
        .collect::<Vec<String>>()
        .join(" ")
}

/// What SE's engines after the first find (the calibration times the
/// first apart).
#[inline(never)]
fn find_later(c: &Candidates) -> Option<ChainHint> {
    [
        super::Engine::Nishio,
        super::Engine::Multiple,
        super::Engine::Dynamic,
    ]
    .into_iter()
    .find_map(|e| super::find(c, e))
}
