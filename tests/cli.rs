//! The command line as a user meets it: outputs checked independently,
//! and every error path giving a clear message and a non-zero exit.

mod common;

use assert_cmd::Command;
use common::checks::{is_valid_solution, value};
use predicates::prelude::*;

const P17: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn cmd() -> Command {
    Command::cargo_bin("sudoku-dlx").unwrap()
}

fn stdout_of(args: &[&str], input: &str) -> String {
    let out = cmd().args(args).write_stdin(input).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

#[test]
fn solve_prints_valid_solutions_in_order() {
    let puzzles = format!("# two puzzles\n{P17}\n\n{}\n", P17.replace('.', "0"));
    let out = stdout_of(&["solve"], &puzzles);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    for line in lines {
        assert!(is_valid_solution(P17, line, 3, 3), "{line}");
    }
}

#[test]
fn solve_handles_other_shapes() {
    for shape in ["2x2", "2x3", "3x4"] {
        let (r, c): (usize, usize) = (shape[..1].parse().unwrap(), shape[2..].parse().unwrap());
        let puzzles = generate(&["--box", shape, "--count", "3", "--seed", "4"]);
        let out = stdout_of(&["solve", "--threads", "1"], &puzzles);
        let solutions: Vec<&str> = out.lines().collect();
        assert_eq!(solutions.len(), 3);
        for (p, s) in puzzles.lines().zip(solutions) {
            assert!(is_valid_solution(p, s, r, c), "{shape}: {p} -> {s}");
        }
    }
    // An invalid record among good ones fails the run but not the others.
    let input = format!("1..4..1..........\n{}\n", ".".repeat(16));
    cmd()
        .arg("solve")
        .write_stdin(input)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("17 cells"));
}

/// `--first` skips the uniqueness proof: a puzzle with many solutions gets
/// one of them (checked independently), and a unique puzzle its solution.
#[test]
fn solve_first_accepts_several_solutions() {
    let input = format!("{}\n{P17}\n", ".".repeat(81));
    cmd().arg("solve").write_stdin(input.clone()).assert().code(1);
    let out = stdout_of(&["solve", "--first"], &input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(is_valid_solution(&".".repeat(81), lines[0], 3, 3), "{}", lines[0]);
    assert_eq!(lines[1], stdout_of(&["solve"], &format!("{P17}\n")).trim_end());
    let json = stdout_of(&["solve", "--first", "--format", "json"], &format!("{P17}\n"));
    let record: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(record["uniqueness_checked"], false);
}

#[test]
fn solve_reads_a_pasted_grid() {
    let mut grid = String::new();
    for r in 0..9 {
        if r == 3 || r == 6 {
            grid.push_str("------+-------+------\n");
        }
        for c in 0..9 {
            if c == 3 || c == 6 {
                grid.push_str("| ");
            }
            grid.push(P17.as_bytes()[r * 9 + c] as char);
            grid.push(' ');
        }
        grid.push('\n');
    }
    let out = stdout_of(&["solve"], &grid);
    assert!(is_valid_solution(P17, out.trim(), 3, 3));
}

#[test]
fn solve_json_has_the_solution() {
    let out = stdout_of(&["solve", "--format", "json"], &format!("{P17}\n"));
    let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(record["status"], "solved");
    assert_eq!(record["uniqueness_checked"], true);
    assert!(is_valid_solution(P17, record["solution"].as_str().unwrap(), 3, 3));
}

#[test]
fn count_reports_numbers_including_zero() {
    // Empty 4x4 board: 288 solutions (a known count). In `dead`, r1c1 is
    // empty but its row holds 2 and 3, its column 4 and its box 1: no digit
    // fits, so zero solutions.
    let dead = ".23.41..........";
    let input = format!("{}\n{dead}\n", ".".repeat(16));
    let out = stdout_of(&["count", "--limit", "1000"], &input);
    assert_eq!(out, "288\n0\n");
}

#[test]
fn count_stops_at_the_limit() {
    let out = stdout_of(&["count"], &format!("{}\n", ".".repeat(81)));
    assert_eq!(out, "2\n");
}

#[test]
fn malformed_input_names_line_and_column() {
    let mut bad = P17.to_string();
    bad.replace_range(4..5, "x");
    let input = format!("{P17}\n{bad}\n{}\n", &P17[..80]);
    cmd()
        .arg("solve")
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(predicate::function(|s: &str| s.lines().count() == 1))
        .stderr(predicate::str::contains(
            "line 2, column 5: unexpected character 'x'",
        ))
        .stderr(predicate::str::contains("line 3: 80 cells match no board shape"));
}

#[test]
fn ragged_grid_and_forced_shape_errors() {
    cmd()
        .arg("solve")
        .write_stdin("12 34\n34 1\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("line 2").and(predicate::str::contains("ragged")));
    cmd()
        .args(["solve", "--box", "2x3"])
        .write_stdin(format!("{P17}\n"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("81 cells, but a 2x3 board has 36"));
    cmd()
        .args(["solve", "--box", "1x9"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("each box side must be at least 2"));
}

#[test]
fn unsolvable_multiple_and_clashing_are_reported_per_record() {
    let clash = format!("11{}", &".".repeat(79));
    let input = format!("{clash}\n{}\n.23.41..........\n{P17}\n", ".".repeat(81));
    let assert = cmd().arg("solve").write_stdin(input).assert().code(1);
    let output = assert.get_output();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("-: line 1: givens clash: 1 twice in row 1 (r1c1, r1c2)"),
        "{stderr}"
    );
    assert!(stderr.contains("-: line 2: several solutions"), "{stderr}");
    assert!(stderr.contains("-: line 3: no solution"), "{stderr}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(stdout.lines().count(), 1, "only the good record is solved");
    assert!(is_valid_solution(P17, stdout.trim(), 3, 3));
}

#[test]
fn missing_file_is_a_clear_error() {
    cmd()
        .args(["solve", "/no/such/file.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot open /no/such/file.txt"));
}

#[test]
fn stats_go_to_stderr() {
    cmd()
        .args(["count", "--stats"])
        .write_stdin(format!("{P17}\n"))
        .assert()
        .success()
        .stdout("1\n")
        .stderr(predicate::str::contains("puzzles read: 1").and(predicate::str::contains("puzzles/s")));
}

fn generate(args: &[&str]) -> String {
    let out = cmd().arg("generate").args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

#[test]
fn generate_is_deterministic_across_threads_and_shards() {
    let base = ["--count", "24", "--seed", "99"];
    let one = generate(&[&base[..], &["--threads", "1"]].concat());
    let two = generate(&[&base[..], &["--threads", "2"]].concat());
    assert_eq!(one, two);
    assert_eq!(one.lines().count(), 24);
    let shards: String = (0..3)
        .map(|i| generate(&[&base[..], &["--shard", &format!("{i}/3")]].concat()))
        .collect();
    assert_eq!(one, shards);
    let other_seed = generate(&["--count", "24", "--seed", "100"]);
    assert_ne!(one, other_seed);
}

#[test]
fn generate_json_records_are_complete() {
    let out = generate(&["--count", "3", "--seed", "5", "--format", "jsonl", "--solution"]);
    for (i, line) in out.lines().enumerate() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(r["index"], i as u64);
        assert_eq!(r["seed"], 5);
        assert_eq!(r["shape"], "3x3");
        let puzzle = r["puzzle"].as_str().unwrap();
        let clues = puzzle.bytes().filter(|&b| value(b) != 0).count();
        assert_eq!(r["clues"], clues);
        assert!(is_valid_solution(puzzle, r["solution"].as_str().unwrap(), 3, 3));
        for key in ["symmetry", "backend", "effort", "version", "minimal"] {
            assert!(!r[key].is_null(), "{key} missing");
        }
    }
    let array: serde_json::Value =
        serde_json::from_str(&generate(&["--count", "2", "--seed", "5", "--format", "json"])).unwrap();
    assert_eq!(array.as_array().unwrap().len(), 2);
}

#[test]
fn generate_writes_files_and_csv() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.csv");
    cmd()
        .args([
            "generate", "--count", "3", "--seed", "1", "--format", "csv", "--output",
        ])
        .arg(&path)
        .assert()
        .success();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("index,seed,shape,puzzle,clues,effort,minimal\n"));
    assert_eq!(text.lines().count(), 4);
}

#[test]
fn generate_rejects_bad_options() {
    let cases: [(&[&str], &str); 9] = [
        (&["--max-attempts", "0"], "0 is not in 1.."),
        (&["--rating", "inf.."], "'inf..' is not a rating band"),
        (&["--rating", "12.5..20"], "no puzzle rates above 12.0"),
        (&["--rating", "..0.5"], "no puzzle rates below 1.0"),
        (&["--symmetry", "spiral"], "unknown symmetry 'spiral'"),
        (&["--givens", "16"], "needs at least 17 clues"),
        (&["--box", "1x9"], "each box side must be at least 2"),
        (&["--box", "2x3", "--symmetry", "rot90"], "needs square boxes"),
        (&["--shard", "3/3"], "is not a shard"),
    ];
    for (args, message) in cases {
        cmd()
            .arg("generate")
            .args(args)
            .assert()
            .failure()
            .stderr(predicate::str::contains(message));
    }
}

#[test]
fn generate_without_seed_prints_it() {
    cmd()
        .args(["generate"])
        .assert()
        .success()
        .stderr(predicate::str::contains("pass --seed"));
}

#[test]
fn check_reports_agreement_and_counts() {
    let input = format!("{P17}\n{}\n.23.41..........\n", ".".repeat(81));
    let out = stdout_of(&["check", "--format", "json"], &input);
    let records: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), 3);
    let counts: Vec<(u64, u64)> = records
        .iter()
        .map(|r| (r["dlx"].as_u64().unwrap(), r["sat"].as_u64().unwrap()))
        .collect();
    assert_eq!(counts, vec![(1, 1), (2, 2), (0, 0)]);
    assert!(records.iter().all(|r| r["agree"] == true));
    cmd()
        .arg("check")
        .write_stdin(format!("{P17}\n"))
        .assert()
        .success()
        .stdout("")
        .stderr(predicate::str::contains("engines agree: 1, disagree: 0"));
}

#[test]
fn generate_check_and_sat_backend() {
    let out = generate(&["--count", "4", "--seed", "3", "--backend", "sat", "--check"]);
    let again = generate(&[
        "--count",
        "4",
        "--seed",
        "3",
        "--backend",
        "sat",
        "--threads",
        "1",
    ]);
    assert_eq!(out, again);
    let counts = stdout_of(&["count"], &out);
    assert_eq!(counts, "1\n1\n1\n1\n");
}

#[test]
fn rate_gives_rating_level_and_techniques() {
    let out = stdout_of(&["rate", "--format", "json"], &format!("{P17}\n"));
    let r: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(r["puzzle"], P17);
    let score = r["rating"].as_f64().unwrap();
    assert!((1.0..=12.0).contains(&score), "{score}");
    assert!(["easy", "medium", "hard", "expert", "extreme"].contains(&r["level"].as_str().unwrap()));
    assert!(r["hardest"].is_string());
    assert!(r["techniques"]
        .as_object()
        .unwrap()
        .values()
        .all(|k| k.as_u64().unwrap() > 0));
    assert!(r["effort"].as_u64().unwrap() > 0);
    let line = stdout_of(&["rate"], &format!("{P17}\n"));
    assert!(line.starts_with(&format!("{P17}\t")), "{line}");
}

/// SE's three ratings in every form, on a puzzle whose Sukaku Explainer
/// figures (1.15.10 `serate`, from the se_traces records) are ER 8.4, EP
/// 8.4, ED 2.6: pointing first, and no value placed before a cell
/// forcing chain.
#[test]
fn rate_and_explain_give_er_ep_ed_as_sukaku_explainer() {
    let puzzle = "......8.....839.7.7..1.2.6.2....5..953........9.7....89.2.....5.6...12.7.4.....3.";
    let line = stdout_of(&["rate"], &format!("{puzzle}\n"));
    let columns: Vec<&str> = line.trim_end().split('\t').collect();
    assert_eq!(columns.len(), 7, "{line}");
    assert_eq!((columns[1], columns[6]), ("8.4", "8.4/8.4/2.6"), "{line}");
    let r = json(&stdout_of(&["rate", "--format", "json"], &format!("{puzzle}\n")));
    assert_eq!((r["rating"].as_f64(), r["er"].as_f64()), (Some(8.4), Some(8.4)));
    assert_eq!((r["ep"].as_f64(), r["ed"].as_f64()), (Some(8.4), Some(2.6)));
    assert_eq!(r["er_technique"], "Cell Forcing Chains");
    assert_eq!(r["ep_technique"], "Cell Forcing Chains");
    assert_eq!(r["ed_technique"], "Pointing");
    let explained = stdout_of(&["explain", puzzle], "");
    assert!(
        explained.contains(
            "SE ratings: ER 8.4 (Cell Forcing Chains), EP 8.4 (Cell Forcing Chains), ED 2.6 (Pointing)."
        ),
        "{explained}"
    );
    // A puzzle SE rates 7.2/1.2/1.2 (a hidden single first).
    let easy_start = ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.";
    let line = stdout_of(&["rate"], &format!("{easy_start}\n"));
    assert!(line.trim_end().ends_with("\t7.2/1.2/1.2"), "{line}");
}

#[test]
fn rate_refuses_puzzles_that_are_not_unique() {
    let input = format!("{}\n.23.41..........\n11{}\n", ".".repeat(81), ".".repeat(79));
    let assert = cmd().arg("rate").write_stdin(input).assert().code(1);
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(stderr.contains("-: line 1: several solutions"), "{stderr}");
    assert!(stderr.contains("-: line 2: no solution"), "{stderr}");
    assert!(stderr.contains("-: line 3: givens clash"), "{stderr}");
}

#[test]
fn explain_tells_the_steps_and_ends_solved() {
    let out = stdout_of(&["explain", P17], "");
    assert!(out.contains("  1. "), "{out}");
    assert!(out.contains("Solved. Rating"), "{out}");
    let json = stdout_of(&["explain", "--format", "json", P17], "");
    let r: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    let grid = r["grid"].as_str().unwrap();
    assert!(is_valid_solution(P17, grid, 3, 3));
    assert_eq!(
        r["steps"].as_array().unwrap().len(),
        r["text"].as_array().unwrap().len()
    );
    // Placements in the steps, replayed, fill exactly the empty cells.
    let placed: usize = r["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["placements"].as_array().unwrap().len())
        .sum();
    assert_eq!(placed, P17.bytes().filter(|&b| b == b'.').count());
    cmd()
        .args(["explain", "not-a-puzzle"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("neither a file nor a puzzle"));
}

#[test]
fn generate_to_a_difficulty_stays_in_the_band() {
    // The bands of docs/rating.md's level table (upper end excluded).
    for (level, lo, hi) in [("easy", 0.0, 1.6), ("hard", 2.6, 4.5)] {
        let out = generate(&[
            "--difficulty",
            level,
            "--count",
            "3",
            "--seed",
            "6",
            "--format",
            "jsonl",
        ]);
        for line in out.lines() {
            let r: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(r["level"], level);
            let puzzle = r["puzzle"].as_str().unwrap().to_string();
            // The record's rating is what `rate` says of the puzzle.
            let rated: serde_json::Value =
                serde_json::from_str(stdout_of(&["rate", "--format", "json"], &format!("{puzzle}\n")).trim())
                    .unwrap();
            assert_eq!(rated["rating"], r["rating"]);
            let score = r["rating"].as_f64().unwrap();
            assert!(score >= lo && score < hi, "{level}: {score}");
        }
    }
    let band = generate(&[
        "--rating", "2.5..2.8", "--count", "2", "--seed", "6", "--format", "csv",
    ]);
    for row in band.lines().skip(1) {
        let score: f64 = row.split(',').nth(7).unwrap().parse().unwrap();
        assert!((2.5..=2.8).contains(&score), "{row}");
    }
}

#[test]
fn generate_reports_a_rating_shortfall() {
    cmd()
        .args([
            "generate",
            "--rating",
            "11.5..12",
            "--max-attempts",
            "5",
            "--seed",
            "1",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "no puzzle rated 11.5..12.1 after rating 5 candidates",
        ));
    cmd()
        .args(["generate", "--rating", "5..3"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("is not a rating band"));
}

/// `--shard` through the binary: the shards' outputs, concatenated in
/// order, are the single run's bytes in line, CSV (one header) and JSON
/// lines; `--format json` with a shard is refused, pointing to jsonl.
#[test]
fn generate_shards_concatenate_into_the_single_run() {
    for format in ["line", "csv", "jsonl", "grid"] {
        let base = [
            "generate", "--count", "9", "--seed", "4", "--rate", "--format", format,
        ];
        let whole = stdout_of(&base, "");
        let mut joined = String::new();
        for part in 0..4 {
            let shard = format!("{part}/4");
            let args: Vec<&str> = base.iter().copied().chain(["--shard", shard.as_str()]).collect();
            joined.push_str(&stdout_of(&args, ""));
        }
        assert_eq!(joined, whole, "{format}");
    }
    let csv = stdout_of(
        &["generate", "--count", "5", "--format", "csv", "--shard", "1/2"],
        "",
    );
    assert!(
        !csv.starts_with("index,"),
        "a later shard writes no header: {csv}"
    );
    cmd()
        .args(["generate", "--count", "4", "--format", "json", "--shard", "0/2"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("use --format jsonl"));
}

/// Concatenated CSV shards form one valid table: one header, then rows of
/// the header's width in index order; concatenated JSON lines shards parse
/// line by line into the whole run's records.
#[test]
fn concatenated_shards_are_valid_csv_and_json_lines() {
    let base = ["generate", "--count", "7", "--seed", "11", "--rate", "--solution"];
    let joined = |format: &str| -> String {
        (0..3)
            .map(|part| {
                let shard = format!("{part}/3");
                let mut args = base.to_vec();
                args.extend(["--format", format, "--shard", shard.as_str()]);
                stdout_of(&args, "")
            })
            .collect()
    };
    let csv = joined("csv");
    let mut rows = csv.lines().map(|l| l.split(',').collect::<Vec<_>>());
    let header = rows.next().expect("a header");
    assert_eq!(
        header,
        [
            "index", "seed", "shape", "puzzle", "clues", "effort", "minimal", "rating", "level", "ep", "ed",
            "solution"
        ]
    );
    let rows: Vec<Vec<&str>> = rows.collect();
    assert_eq!(rows.len(), 7);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), header.len(), "row {i}: {row:?}");
        assert_eq!(row[0], i.to_string());
        assert!(is_valid_solution(row[3], row[11], 3, 3), "row {i}");
    }
    for (i, line) in joined("jsonl").lines().enumerate() {
        let record = json(line);
        assert_eq!(record["index"], i as u64);
        assert!(is_valid_solution(
            record["puzzle"].as_str().unwrap(),
            record["solution"].as_str().unwrap(),
            3,
            3
        ));
    }
}

/// The same record has the same fields in every command: a rating reads
/// the same from `generate --rate`, `rate` and `explain`, and a count
/// from `solve` and `count`.
#[test]
fn the_same_record_has_the_same_fields_in_every_command() {
    let generated = json(&stdout_of(
        &["generate", "--seed", "5", "--rate", "--format", "jsonl"],
        "",
    ));
    let puzzle = generated["puzzle"].as_str().unwrap().to_string();
    let rated = json(&stdout_of(&["rate", "--format", "json"], &format!("{puzzle}\n")));
    let explained = json(&stdout_of(&["explain", "--format", "json", &puzzle], ""));
    for field in [
        "rating",
        "er",
        "ep",
        "ed",
        "level",
        "hardest",
        "er_technique",
        "ep_technique",
        "ed_technique",
        "techniques",
        "solved_by_logic",
        "effort_unit",
    ] {
        assert_eq!(generated[field], rated[field], "{field}");
        assert_eq!(generated[field], explained[field], "{field}");
    }
    assert_eq!(rated["effort"], explained["effort"]);
    let solved = json(&stdout_of(&["solve", "--format", "json"], &format!("{P17}\n")));
    let counted = json(&stdout_of(&["count", "--format", "json"], &format!("{P17}\n")));
    for field in [
        "file",
        "line",
        "shape",
        "puzzle",
        "solutions",
        "complete",
        "solution",
        "effort",
        "effort_unit",
    ] {
        assert_eq!(solved[field], counted[field], "{field}");
    }
}

/// `solve --format grid` draws each unique solution; records without one
/// (several solutions, clashes) are left out of standard output.
#[test]
fn solve_grid_draws_only_unique_solutions() {
    let input = format!("{P17}\n{}\n11{}\n", ".".repeat(81), ".".repeat(79));
    let out = cmd()
        .args(["solve", "--format", "grid"])
        .write_stdin(input)
        .assert()
        .code(1);
    let grid = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let line = stdout_of(&["solve"], &format!("{P17}\n"));
    let digits: String = grid.chars().filter(char::is_ascii_digit).collect();
    assert_eq!(digits, line.trim());
    assert_eq!(grid.lines().filter(|l| l.contains('|')).count(), 9);
}

/// One JSON record.
fn json(line: &str) -> serde_json::Value {
    serde_json::from_str(line.trim()).unwrap_or_else(|e| panic!("{e}: {line}"))
}
