//! `--variant` on the command line: generated records read back, are
//! confirmed by the SAT engine, and bad variant input gets an error naming
//! the record, never a panic.

use assert_cmd::Command;
use predicates::prelude::*;

fn bin() -> Command {
    Command::cargo_bin("sudoku-dlx").unwrap()
}

/// The same seed gives the same puzzles for one thread and two.
#[test]
fn generated_variants_read_back_and_do_not_depend_on_threads() {
    for variant in ["x", "windoku,anti-king", "jigsaw", "non-consecutive"] {
        let run = |threads: &str| {
            let out = bin()
                .args([
                    "generate", "-n", "4", "--seed", "7", "--format", "jsonl", "--check",
                ])
                .args(["--variant", variant, "--threads", threads])
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{variant}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            out.stdout
        };
        let one = run("1");
        assert_eq!(one, run("2"), "{variant}");
        // `check` reads the records' own rules and region maps back, and
        // both engines find exactly one solution that keeps the rules.
        bin()
            .args(["check", "--format", "json", "--variant", variant])
            .write_stdin(one.clone())
            .assert()
            .success()
            .stdout(predicate::str::contains("\"solutions\":1"))
            .stdout(predicate::str::contains("\"error\"").not());
    }
}

#[test]
fn jigsaw_lines_carry_their_region_line() {
    let out = bin()
        .args(["generate", "-n", "2", "--seed", "3", "--variant", "jigsaw"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 4);
    bin()
        .args(["solve", "--variant", "jigsaw"])
        .write_stdin(text)
        .assert()
        .success();
}

#[test]
fn bad_variant_input_is_named() {
    let puzzle = ".".repeat(81);
    // The boxes as regions, with the corner cells of boxes A and I swapped:
    // both regions are then in two pieces.
    let mut boxes: Vec<u8> = (0..81).map(|c| b'A' + (c / 27 * 3 + c % 9 / 3) as u8).collect();
    boxes.swap(0, 80);
    let split = String::from_utf8(boxes).unwrap();
    let cases: [(&str, String, &str); 4] = [
        (
            "jigsaw",
            format!("{puzzle}\n{}\n", "A".repeat(80)),
            "line 1: region map: region map has 80 symbols",
        ),
        (
            "jigsaw",
            format!("{puzzle}\n{split}\n"),
            "line 1: region map: region 'I' is not connected",
        ),
        (
            "jigsaw",
            format!("{puzzle}\n{}\n", "AAAAAAAAAB".repeat(8) + "B"),
            "line 1: region map: region map has 2 regions",
        ),
        (
            "x",
            format!("{{\"puzzle\":\"{puzzle}\",\"variant\":\"x,zebra\"}}\n"),
            "line 1: in \"variant\": unknown variant 'zebra'",
        ),
    ];
    for (variant, input, message) in cases {
        bin()
            .args(["solve", "--variant", variant])
            .write_stdin(input)
            .assert()
            .code(1)
            .stderr(predicate::str::contains(message));
    }
    bin()
        .args(["generate", "--variant", "windoku", "--box", "2x3", "--seed", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("windoku does not exist on a 2x3 board"));
    // Without --seed, a refused run prints its error alone: the drawn
    // seed would repeat nothing.
    for args in [
        &["generate", "--variant", "windoku", "--box", "2x3"][..],
        &["generate", "--givens", "5"],
        &["generate", "--hardest", "Direct Claiming"],
    ] {
        bin()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("error:").and(predicate::str::contains("seed").not()));
    }
    bin()
        .args(["generate", "--variant", "x", "-n", "1"])
        .assert()
        .success()
        .stderr(predicate::str::contains("pass --seed"));
    bin()
        .args(["generate", "--variant", "knight"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown variant 'knight'"));
    bin()
        .args(["canon", "--variant", "windoku", "--box", "2x3"])
        .write_stdin(".".repeat(36))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("windoku does not exist on a 2x3 board"));
    // Options the variant path does not offer are refused, not ignored.
    for option in [
        &["--backend", "sat"][..],
        &["--budget", "100"],
        &["--from", "tests/data/sudoku17_sample.txt"],
    ] {
        bin()
            .args(["generate", "--variant", "x", "-n", "1"])
            .args(option)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(format!(
                "{} is not available with --variant x",
                option[0]
            )));
    }
    bin()
        .args(["generate", "--variant", "x", "-n", "3", "--seed", "1", "--stats"])
        .assert()
        .success()
        .stderr(predicate::str::contains("puzzles generated: 3, failed: 0"));
    bin()
        .args(["rate", "--variant", "x,non-consecutive"])
        .write_stdin(puzzle)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "the grader does not rate combined non-consecutive puzzles",
        ));
}

/// Easy X puzzles: minimal X puzzles next to never rate as easy, so the
/// band is met by giving clues back. Each record is in its band by the
/// full rating (`rate`, not the band-bounded solve the search uses),
/// unique by the SAT engine, its clues the solution's, and it says
/// whether it is still minimal, which the SAT engine confirms for the
/// minimal ones.
#[test]
fn a_band_below_the_minimal_puzzles_gives_rated_unique_puzzles() {
    let out = bin()
        .args([
            "generate",
            "-n",
            "4",
            "--seed",
            "11",
            "--format",
            "jsonl",
            "--solution",
        ])
        .args(["--variant", "x", "--difficulty", "easy", "--check"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let records: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 4);
    for r in &records {
        let puzzle = r["puzzle"].as_str().unwrap();
        let solution = r["solution"].as_str().unwrap();
        assert!(
            puzzle
                .chars()
                .zip(solution.chars())
                .all(|(p, s)| p == '.' || p == s),
            "{r}"
        );
        let rating = r["er"].as_f64().unwrap();
        assert!((1.0..=1.5).contains(&rating) && r["level"] == "easy", "{r}");
        let rated = bin()
            .args(["rate", "--variant", "x", "--format", "json"])
            .write_stdin(puzzle)
            .output()
            .unwrap();
        let rated: serde_json::Value = serde_json::from_slice(&rated.stdout).unwrap();
        assert_eq!(rated["er"], r["er"], "{r}");
        let count = |p: &str| {
            let out = bin()
                .args(["count", "--variant", "x", "--backend", "sat", "--limit", "2"])
                .write_stdin(p.to_string())
                .output()
                .unwrap();
            String::from_utf8(out.stdout)
                .unwrap()
                .split_whitespace()
                .last()
                .unwrap()
                .to_string()
        };
        assert_eq!(count(puzzle), "1", "{r}");
        if r["minimal"] == true {
            for (i, _) in puzzle.char_indices().filter(|&(_, c)| c != '.') {
                let mut fewer = puzzle.to_string();
                fewer.replace_range(i..i + 1, ".");
                assert_eq!(count(&fewer), "2", "{r}: clue {i} is not needed");
            }
        }
    }
    assert!(records.iter().any(|r| r["minimal"] == false));
}

/// `rate` and `explain` read a jigsaw record's region line and rate it
/// under its regions, as the library does; `generate --difficulty` rates
/// each puzzle under the regions drawn for it.
#[test]
fn jigsaw_records_are_rated_under_their_regions() {
    let text = bin()
        .args([
            "generate",
            "-n",
            "3",
            "--seed",
            "5",
            "--variant",
            "jigsaw",
            "--format",
            "jsonl",
        ])
        .output()
        .unwrap()
        .stdout;
    let records: Vec<serde_json::Value> = String::from_utf8(text.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let out = bin()
        .args(["rate", "--variant", "jigsaw", "--format", "json"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let rated: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rated.len(), 3);
    for (record, rating) in records.iter().zip(&rated) {
        let variant = sudoku_dlx::Variant::classic()
            .with_regions(record["regions"].as_str().unwrap(), sudoku_dlx::Shape::CLASSIC)
            .unwrap();
        let puzzle: sudoku_dlx::Grid = record["puzzle"].as_str().unwrap().parse().unwrap();
        let graded = sudoku_dlx::grade_variant_within(&puzzle, &variant, Default::default(), false).unwrap();
        assert_eq!(rating["er"].as_f64().unwrap() as f32, graded.path.rating.score);
        // The rated record names its rules, so that it reads back.
        assert_eq!(rating["variant"], "jigsaw");
        assert_eq!(rating["regions"], record["regions"]);
    }
    // Read without its rules it would be another puzzle: refused, named.
    let first = serde_json::to_string(&rated[0]).unwrap();
    bin()
        .args(["solve"])
        .write_stdin(format!("{first}\n"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "line 1: the record has variant rules (\"variant\": \"jigsaw\")",
        ));
    // Two 1s in one region, on different rows and columns: a region clash.
    let map = records[0]["regions"].as_str().unwrap();
    let other = (10..81)
        .find(|&x| map.as_bytes()[x] == map.as_bytes()[0] && x % 9 != 0)
        .expect("a region of 9 cells leaves its first row and column");
    let mut clash = vec![b'.'; 81];
    clash[0] = b'1';
    clash[other] = b'1';
    bin()
        .args(["rate", "--variant", "jigsaw"])
        .write_stdin(format!("{}\n{map}\n", String::from_utf8(clash).unwrap()))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("1 appears twice in one region"));
    let explained = bin()
        .args(["explain", "--variant", "jigsaw", "--format", "json", "-"])
        .write_stdin(format!(
            "{}\n{}\n",
            records[0]["puzzle"].as_str().unwrap(),
            records[0]["regions"].as_str().unwrap()
        ))
        .output()
        .unwrap();
    assert!(
        explained.status.success(),
        "{}",
        String::from_utf8_lossy(&explained.stderr)
    );
    let explained: serde_json::Value = serde_json::from_slice(&explained.stdout).unwrap();
    assert_eq!(explained["er"], rated[0]["er"]);
    bin()
        .args([
            "generate",
            "-n",
            "2",
            "--seed",
            "5",
            "--variant",
            "jigsaw",
            "--rating",
            "..6",
        ])
        .assert()
        .success();
}

/// Technique filters hold under variant rules: each `--with` puzzle's
/// path, rated again by `rate --variant` (the full solve, not the
/// band-bounded one the search uses), uses the technique, each
/// `--hardest` puzzle's hardest step is it, and the SAT engine finds one
/// solution. A technique the variant's technique set lacks (SE solves X
/// puzzles with generalized intersections, not Pointing) is one error
/// for the whole run, before any search.
#[test]
fn technique_filters_hold_under_variant_rules() {
    for (flag, technique) in [("--with", "X-Wing"), ("--hardest", "XY-Wing")] {
        let out = bin()
            .args([
                "generate", "-n", "3", "--seed", "4", "--format", "jsonl", "--check",
            ])
            .args(["--variant", "x", flag, technique])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let puzzles: Vec<String> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| {
                serde_json::from_str::<serde_json::Value>(l).unwrap()["puzzle"]
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect();
        assert_eq!(puzzles.len(), 3);
        for puzzle in &puzzles {
            let rated = bin()
                .args(["rate", "--variant", "x", "--format", "json"])
                .write_stdin(puzzle.as_str())
                .output()
                .unwrap();
            let rated: serde_json::Value = serde_json::from_slice(&rated.stdout).unwrap();
            let used = rated["techniques"].as_object().expect("technique counts");
            assert!(used.contains_key(technique), "{puzzle}: {rated}");
            if flag == "--hardest" {
                assert_eq!(rated["hardest"], technique, "{puzzle}: {rated}");
            }
        }
    }
    bin()
        .args(["generate", "-n", "5", "--variant", "x", "--with", "Pointing"])
        .assert()
        .failure()
        .stdout("")
        .stderr(predicate::str::contains("'Pointing'").and(predicate::str::contains("puzzle 1").not()));
}

/// `--budget` and `--timeout` bound variant counts as they bound classic
/// ones. The DLX matrix needs minutes to prove this minimal 16x16 jigsaw
/// puzzle unique; SAT takes well under a second.
#[test]
fn variant_counts_keep_to_their_bounds() {
    let file = "tests/data/jigsaw16_banded.txt";
    let variant = ["--variant", "jigsaw", "--box", "4x4"];
    let limit = std::time::Duration::from_secs(30);
    bin()
        .args(["count", "--backend", "dlx", "--budget", "1000", file])
        .args(variant)
        .timeout(limit)
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "line 1: dlx gave up after 1001 nodes (budget 1000)",
        ));
    bin()
        .args(["count", "--backend", "sat", file])
        .args(variant)
        .timeout(limit)
        .assert()
        .success()
        .stdout("1\n");
    bin()
        .args(["check", "--timeout", "0.5", "--format", "json", file])
        .args(variant)
        .timeout(limit)
        .assert()
        .failure()
        .stdout(predicate::str::contains("line 1: dlx gave up after"))
        .stderr(predicate::str::contains(
            "checked: 1, engines agree: 0, disagree: 0, invalid: 0, gave up: 1",
        ));
}
