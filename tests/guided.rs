//! The guided search and the technique filters, judged from outside: every
//! puzzle found is checked for one solution and minimality by the
//! `dancing-links` oracle (not the engine that made it), for its band by
//! the rater, for distinct canonical forms; runs stopped and resumed
//! through a state file are compared with one uninterrupted run.

mod common;

use assert_cmd::Command;
use common::oracle::{assert_minimal, oracle_count};
use std::collections::HashSet;
use std::path::PathBuf;
use sudoku_dlx::canon::canonical_line;
use sudoku_dlx::{Grid, Plan, Puzzle, Shape, TechniqueFilter, Techniques};

fn run(plan: &Plan, threads: usize) -> Vec<Puzzle> {
    let mut found = Vec::new();
    plan.run(
        threads,
        |r: Result<Puzzle, sudoku_dlx::GenerateError>| -> Result<(), String> {
            found.push(r.map_err(|e| e.to_string())?);
            Ok(())
        },
    )
    .unwrap();
    found
}

fn high(seed: u64, count: u64) -> sudoku_dlx::PlanBuilder {
    Plan::builder(Shape::CLASSIC)
        .seed(seed)
        .count(count)
        .rating(9.0..f32::INFINITY)
}

/// A classic run of `count` puzzles from `seed` whose hardest step is
/// `technique`.
fn hardest_plan(technique: &str, seed: u64, count: u64) -> Plan {
    let mut filter = TechniqueFilter::default();
    filter.hardest = Some(technique.parse().unwrap());
    Plan::builder(Shape::CLASSIC)
        .seed(seed)
        .count(count)
        .techniques(filter)
        .build()
        .unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-guided-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A band from 9.0 switches to the guided search; its puzzles are unique
/// and minimal by the oracle, in the band, distinct up to isomorphism,
/// and the same on one thread as on two.
#[test]
fn guided_puzzles_are_unique_minimal_distinct_and_thread_independent() {
    let plan = high(4, 4).build().unwrap();
    assert!(plan.guided());
    let found = run(&plan, 2);
    assert_eq!(found.len(), 4);
    let mut forms = HashSet::new();
    for p in &found {
        assert_eq!(oracle_count(&p.puzzle, 2), 1, "{}", p.puzzle.to_line());
        assert!(p.solution.solves(&p.puzzle));
        assert_minimal(&p.puzzle);
        let rating = sudoku_dlx::rate(&p.puzzle).unwrap();
        assert!(
            rating.score >= 9.0,
            "{} rated {}",
            p.puzzle.to_line(),
            rating.score
        );
        assert_eq!(p.rating.as_ref().map(|r| r.score), Some(rating.score));
        assert!(forms.insert(canonical_line(&p.puzzle)), "isomorphic repeat");
    }
    let lines = |v: &[Puzzle]| v.iter().map(|p| p.puzzle.to_line()).collect::<Vec<_>>();
    assert_eq!(lines(&found), lines(&run(&plan, 1)));
}

/// A run stopped at its count (or by its deadline) and started again with
/// a larger count reports exactly what one run reports: nothing twice,
/// nothing lost.
#[test]
fn a_resumed_run_reports_what_one_run_reports() {
    let dir = scratch("resume");
    let whole: Vec<String> = run(&high(6, 5).build().unwrap(), 2)
        .iter()
        .map(|p| p.puzzle.to_line())
        .collect();
    let state = dir.join("state.json");
    let mut parts: Vec<String> = Vec::new();
    for count in [2, 5] {
        let plan = high(6, count).state_file(state.clone()).build().unwrap();
        parts.extend(run(&plan, 2).iter().map(|p| p.puzzle.to_line()));
    }
    assert_eq!(parts, whole);
    // Stopped by a deadline in the middle of a generation.
    let state = dir.join("deadline.json");
    let early = std::time::Instant::now() + std::time::Duration::from_millis(300);
    let plan = high(6, 5)
        .state_file(state.clone())
        .deadline(Some(early))
        .build()
        .unwrap();
    let mut parts = Vec::new();
    plan.run(
        2,
        |r: Result<Puzzle, sudoku_dlx::GenerateError>| -> Result<(), String> {
            if let Ok(p) = r {
                parts.push(p.puzzle.to_line());
            }
            Ok(())
        },
    )
    .unwrap();
    let rest = high(6, 5).state_file(state).build().unwrap();
    parts.extend(run(&rest, 1).iter().map(|p| p.puzzle.to_line()));
    assert_eq!(parts, whole);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The arguments of a short guided search at 9.0 and up.
const HIGH_ARGS: [&str; 9] = [
    "generate",
    "--rating",
    "9.0..",
    "--count",
    "8",
    "--seed",
    "9",
    "--threads",
    "2",
];

/// What `sudoku-dlx ARGS` leaves: its exit status, output and messages.
fn run_cli(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("sudoku-dlx")
        .unwrap()
        .args(args)
        .output()
        .unwrap()
}

/// What `sudoku-dlx ARGS` writes to standard output.
fn stdout_of(args: &[&str]) -> String {
    let out = run_cli(args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// The error `sudoku-dlx ARGS` fails with.
fn refusal_of(args: &[&str]) -> String {
    let out = run_cli(args);
    assert!(!out.status.success());
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A filter search stopped at its count in the middle of a family and
/// started again with a larger count restarts where one run does: the
/// finds past the first count belong to the family they were found in,
/// so the two parts report exactly what one run reports, past the end of
/// that family too.
#[test]
fn a_filter_search_in_two_parts_reports_what_one_run_reports() {
    let dir = scratch("family-resume");
    let plan = |count: u64, state: Option<PathBuf>| {
        let mut filter = TechniqueFilter::default();
        filter.with = vec!["Jellyfish".parse().unwrap()];
        let builder = Plan::builder(Shape::CLASSIC)
            .seed(2)
            .count(count)
            .techniques(filter);
        match state {
            Some(path) => builder.state_file(path),
            None => builder,
        }
        .build()
        .unwrap()
    };
    let lines = |plan: &Plan| -> Vec<String> { run(plan, 2).iter().map(|p| p.puzzle.to_line()).collect() };
    let whole = lines(&plan(60, None));
    let state = dir.join("state.json");
    let mut parts = lines(&plan(30, Some(state.clone())));
    parts.extend(lines(&plan(60, Some(state))));
    assert_eq!(parts, whole);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A killed process (SIGKILL, no chance to clean up) resumes from its
/// state file: the same command run again leaves in its output file what
/// one uninterrupted run writes, no record twice and none lost. A record
/// written after the last save (a kill between the write and the save
/// that counts it) is cut off and written again by the resumed run; one
/// such record is forged here, as the kill cannot be timed to that window.
#[cfg(unix)]
#[test]
fn a_killed_command_resumes_into_its_output_without_duplicates_or_losses() {
    let dir = scratch("kill");
    let whole = stdout_of(&HIGH_ARGS);
    assert_eq!(whole.lines().count(), 8);
    let state = dir.join("state.json");
    let output = dir.join("out.txt");
    let mut args: Vec<&str> = HIGH_ARGS.to_vec();
    args.extend([
        "--state",
        state.to_str().unwrap(),
        "--output",
        output.to_str().unwrap(),
    ]);
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku-dlx"))
        .args(&args)
        .spawn()
        .unwrap();
    // The state's count of records reported (0 before the first save).
    let counted = || -> u64 {
        std::fs::read_to_string(&state)
            .ok()
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
            .and_then(|v| v["reported"].as_u64())
            .unwrap_or(0)
    };
    let started = std::time::Instant::now();
    while counted() < 2 && started.elapsed().as_secs() < 60 && child.try_wait().unwrap().is_none() {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(counted() >= 2, "no state counting two records within a minute");
    let mut file = std::fs::OpenOptions::new().append(true).open(&output).unwrap();
    std::io::Write::write_all(&mut file, b"a record written after the last save\n").unwrap();
    drop(file);
    stdout_of(&args);
    assert_eq!(std::fs::read_to_string(&output).unwrap(), whole);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A run stopped by its timeout (the first part before it finds anything,
/// leaving an empty JSON array) and resumed into the same file leaves a
/// whole document in the formats with an opening and an end (one CSV
/// header, one JSON array), the records of one uninterrupted run; a
/// resumed run to a file of another format, or shorter than its state
/// counts, is refused.
#[test]
fn a_resumed_run_appends_to_its_csv_and_json_output() {
    let dir = scratch("formats");
    for format in ["csv", "json"] {
        let mut whole_args = HIGH_ARGS.to_vec();
        whole_args.extend(["--format", format]);
        let whole = stdout_of(&whole_args);
        let state = dir.join(format!("{format}.state"));
        let output = dir.join(format!("out.{format}"));
        let mut args = whole_args.clone();
        args.extend([
            "--state",
            state.to_str().unwrap(),
            "--output",
            output.to_str().unwrap(),
        ]);
        let mut parts = 0;
        for timeout in ["0.01", "0.3", "0.6", "1.2", "2.4", "600"] {
            let mut part = args.clone();
            part.extend(["--timeout", timeout]);
            // A timeout ends the run with exit code 1 and a message.
            let ran = run_cli(&part);
            let code = ran.status.code();
            assert!(
                code.is_some_and(|c| c <= 1),
                "{}",
                String::from_utf8_lossy(&ran.stderr)
            );
            parts += 1;
            if std::fs::read_to_string(&output).unwrap() == whole {
                break;
            }
        }
        assert_eq!(
            std::fs::read_to_string(&output).unwrap(),
            whole,
            "{format} after {parts} parts"
        );
        let other = if format == "csv" { "jsonl" } else { "csv" };
        let mut mixed = HIGH_ARGS.to_vec();
        mixed.extend([
            "--format",
            other,
            "--state",
            state.to_str().unwrap(),
            "--output",
            output.to_str().unwrap(),
        ]);
        let message = refusal_of(&mixed);
        assert!(
            message.contains(&format!("does not begin as {other} output")),
            "{message}"
        );
        assert_eq!(
            std::fs::read_to_string(&output).unwrap(),
            whole,
            "{format} output touched by a refused run"
        );
        std::fs::write(&output, "short").unwrap();
        let message = refusal_of(&args);
        assert!(message.contains("is not this run's output"), "{message}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Puzzles found from seeds are never the seeds again, in any disguise.
#[test]
fn a_search_from_seeds_reports_no_isomorph_of_a_seed() {
    let seeds: Vec<Grid> = run(&high(11, 3).build().unwrap(), 2)
        .into_iter()
        .map(|p| p.puzzle)
        .collect();
    let forms: HashSet<String> = seeds.iter().map(canonical_line).collect();
    let plan = high(12, 3).from_seeds(seeds).build().unwrap();
    for p in run(&plan, 2) {
        assert!(
            !forms.contains(&canonical_line(&p.puzzle)),
            "{} is a seed",
            p.puzzle.to_line()
        );
        assert_eq!(oracle_count(&p.puzzle, 2), 1);
    }
}

/// Technique filters hold on every puzzle, by the rater's path; random
/// generation (no band) honours them too.
#[test]
fn technique_filters_hold_on_every_puzzle() {
    let mut filter = TechniqueFilter::default();
    filter.with.push("X-Wing".parse::<Techniques>().unwrap());
    filter.without.push("chains".parse::<Techniques>().unwrap());
    let plan = Plan::builder(Shape::CLASSIC)
        .seed(3)
        .count(3)
        .techniques(filter)
        .build()
        .unwrap();
    for p in run(&plan, 2) {
        let rating = sudoku_dlx::rate(&p.puzzle).unwrap();
        let used: Vec<String> = sudoku_dlx::explain(&p.puzzle)
            .unwrap()
            .steps
            .iter()
            .map(|s| s.name())
            .collect();
        assert!(
            used.iter().any(|name| name == "X-Wing"),
            "{}: {used:?}",
            p.puzzle.to_line()
        );
        // Every chaining technique's name says so (Forcing Chain, X-Cycle,
        // Nishio, Aligned Pair Exclusion, ...); wings past 6.2 do not.
        let chain = |name: &str| {
            ["Chain", "Cycle", "Exclusion", "Nishio"]
                .iter()
                .any(|w| name.contains(w))
        };
        assert!(
            !used.iter().any(|name| chain(name)),
            "{} (ER {}) uses a chain: {used:?}",
            p.puzzle.to_line(),
            rating.score
        );
    }
    let plan = hardest_plan("Unique Rectangle", 3, 2);
    for p in run(&plan, 2) {
        // The technique's steps are named "Unique Rectangle type N" or
        // "Unique Loop type N".
        let rating = sudoku_dlx::rate(&p.puzzle).unwrap();
        assert!(
            rating.hardest_name.starts_with("Unique Rectangle")
                || rating.hardest_name.starts_with("Unique Loop"),
            "{}: {}",
            p.puzzle.to_line(),
            rating.hardest_name
        );
    }
}

/// A filter search reports up to a dozen neighbours from one pool, which
/// share most of their clues in the same cells; each is reported in a
/// disguise of its own, so that no two records of a run share even half
/// of their clues (cell and digit).
#[test]
fn a_filter_search_reports_its_neighbours_in_disguise() {
    let plan = hardest_plan("X-Wing", 5, 12);
    let found = run(&plan, 2);
    assert_eq!(found.len(), 12);
    for (i, a) in found.iter().enumerate() {
        let rating = sudoku_dlx::rate(&a.puzzle).unwrap();
        assert_eq!(rating.hardest_name, "X-Wing", "{}", a.puzzle);
        assert!(a.solution.solves(&a.puzzle));
        for b in &found[i + 1..] {
            let shared = (0..81)
                .filter(|&c| a.puzzle.get(c) != 0 && a.puzzle.get(c) == b.puzzle.get(c))
                .count();
            let fewer = a.puzzle.given_count().min(b.puzzle.given_count());
            assert!(
                2 * shared < fewer,
                "{} and {} share {shared} clues",
                a.puzzle,
                b.puzzle
            );
        }
    }
}

/// A search for a Hidden Quad, one random minimal puzzle in about ten
/// thousand, finds them by the rater's path, unique by the oracle.
#[test]
fn a_filter_search_finds_hidden_quads() {
    let plan = hardest_plan("Hidden Quad", 1, 3);
    let found = run(&plan, 2);
    assert_eq!(found.len(), 3);
    for p in &found {
        assert_eq!(oracle_count(&p.puzzle, 2), 1);
        assert_minimal(&p.puzzle);
        let rating = sudoku_dlx::rate(&p.puzzle).unwrap();
        assert_eq!(rating.hardest_name, "Hidden Quad", "{}", p.puzzle);
    }
}

/// A search for a technique filter gives distinct, unique puzzles that
/// all pass the filter by the rater's path, the same on one thread as on
/// two; a filter no puzzle can pass ends with an error that names it.
#[test]
fn a_filter_search_is_thread_independent_and_ends() {
    let plan = hardest_plan("X-Wing", 5, 6);
    let one = run(&plan, 1);
    let two = run(&plan, 2);
    let lines = |ps: &[Puzzle]| ps.iter().map(|p| p.puzzle.to_line()).collect::<Vec<_>>();
    assert_eq!(lines(&one), lines(&two));
    let forms: std::collections::HashSet<String> = one.iter().map(|p| canonical_line(&p.puzzle)).collect();
    assert_eq!(forms.len(), one.len(), "isomorphic puzzles reported");
    for p in &one {
        assert_eq!(oracle_count(&p.puzzle, 2), 1);
        let full = sudoku_dlx::rate(&p.puzzle).unwrap();
        assert_eq!(full.hardest_name, "X-Wing");
        // The search rates with a prefix of the techniques: a reported
        // puzzle's rating is still the full solve's.
        assert_eq!(p.rating.as_ref(), Some(&full), "{}", p.puzzle);
    }

    let out = Command::cargo_bin("sudoku-dlx")
        .unwrap()
        .args([
            "generate",
            "--hardest",
            "Naked Single",
            "--without",
            "singles",
            "--max-attempts",
            "200",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("after rating 200 candidates") && err.contains("hardest Naked Single"),
        "{err}"
    );
}

#[test]
fn bad_names_and_state_files_are_clear_errors() {
    let out = Command::cargo_bin("sudoku-dlx")
        .unwrap()
        .args(["generate", "--with", "X Wing"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unknown technique 'X Wing'") && err.contains("'X-Wing'"),
        "{err}"
    );

    let dir = scratch("errors");
    let state = dir.join("s.json");
    let out = Command::cargo_bin("sudoku-dlx")
        .unwrap()
        .args(["generate", "--count", "1", "--state"])
        .arg(&state)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("guided search"));

    run(&high(1, 1).state_file(state.clone()).build().unwrap(), 1);
    let other = high(2, 1).state_file(state.clone()).build().unwrap();
    let mut error = None;
    let _ = other.run(
        1,
        |r: Result<Puzzle, sudoku_dlx::GenerateError>| -> Result<(), String> {
            error = r.err().map(|e| e.to_string()).or(error.take());
            Ok(())
        },
    );
    let error = error.expect("another search's state is refused");
    assert!(
        error.contains("belongs to another search") && error.contains("s.json"),
        "{error}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// On a classic 9x9 board every Direct Claiming comes with a hidden
/// single or a Direct Pointing, which Sukaku Explainer takes first
/// (the argument is in `TechniqueFilter`'s code): no path of a sample of
/// 17-clue puzzles uses one, and a filter asking for it is
/// refused before any search instead of rating candidates in vain.
#[test]
fn direct_claiming_is_refused_on_a_classic_board() {
    let corpus = ["tests/data/sudoku17_sample.txt"]
        .iter()
        .flat_map(|path| {
            std::fs::read_to_string(path)
                .unwrap()
                .lines()
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .filter(|l| l.len() == 81);
    let mut direct_pointings = 0;
    for line in corpus {
        let path = sudoku_dlx::explain(line.as_str()).unwrap();
        let used = |name: &str| path.steps.iter().any(|step| step.name() == name);
        assert!(!used("Direct Claiming"), "{line}");
        direct_pointings += usize::from(used("Direct Pointing"));
    }
    // The corpus reaches the direct techniques at all.
    assert!(direct_pointings > 0);

    let mut filter = TechniqueFilter::default();
    filter.with = vec!["Direct Claiming".parse().unwrap()];
    let refused = Plan::builder(Shape::CLASSIC).techniques(filter.clone()).build();
    assert!(
        matches!(&refused, Err(sudoku_dlx::GenerateError::UnreachableFilter(why)) if why.contains("Direct Claiming")),
        "{refused:?}"
    );
    // Other boards keep it: the argument needs three rows and three boxes
    // to a band.
    assert!(Plan::builder(Shape::new(2, 3).unwrap())
        .techniques(filter)
        .build()
        .is_ok());
}
