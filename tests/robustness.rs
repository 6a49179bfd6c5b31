//! Adversarial inputs and options (issue 9): each ends quickly with the
//! exact message and exit code, and never with a panic (exit 101).

use assert_cmd::Command;
use predicates::prelude::*;
use std::io::Write;

const P17: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn cmd() -> Command {
    Command::cargo_bin("sudoku-dlx").unwrap()
}

#[test]
fn oversized_and_overflowing_boxes_are_refused() {
    for b in ["6148914691236517206x3", "4294967296x4294967296", "2x13"] {
        cmd()
            .args(["generate", "--box", b])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "box {b}: boards larger than 25x25 are not supported"
            )));
    }
    let json = "{\"shape\": \"4294967296x4294967296\", \"puzzle\": \"1\"}\n";
    cmd()
        .arg("solve")
        .write_stdin(json)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "-: line 1: in \"shape\": box 4294967296x4294967296: boards larger",
        ));
}

#[test]
fn a_directory_is_one_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    for command in ["solve", "count", "rate", "check"] {
        cmd()
            .arg(command)
            .arg(dir.path())
            .timeout(std::time::Duration::from_secs(10))
            .assert()
            .code(2)
            .stderr(
                predicate::str::contains("it is a directory").and(predicate::str::contains("panicked").not()),
            );
    }
}

#[test]
fn timeout_values_never_panic() {
    for t in ["1e30", "1e19", "inf"] {
        cmd()
            .args(["generate", "--seed", "1", "--timeout", t])
            .assert()
            .success();
    }
    cmd()
        .args(["generate", "--timeout", "NaN"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("'NaN' is not a number of seconds"));
    cmd()
        .args([
            "generate",
            "--count",
            "18446744073709551615",
            "--timeout",
            "1",
            "--seed",
            "1",
        ])
        .timeout(std::time::Duration::from_secs(20))
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("--timeout 1 s reached after")
                .and(predicate::str::contains("NaN").not()),
        );
}

#[test]
fn long_lines_are_skipped_with_bounded_memory() {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(&vec![b'1'; 3 << 20]).unwrap();
    writeln!(file).unwrap();
    writeln!(file, "{P17}").unwrap();
    let name = file.path().display().to_string();
    cmd()
        .arg("solve")
        .arg(file.path())
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "{name}: line 1: line longer than 1048576 bytes: not a puzzle record (skipped)"
        )))
        .stdout(predicate::str::contains(
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293",
        ));
}

#[test]
fn budget_gives_up_per_record() {
    let empty = ".".repeat(625);
    cmd()
        .args(["count", "--limit", "1000000", "--budget", "1000"])
        .write_stdin(format!("{empty}\n"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "-: line 1: gave up after 1000 nodes (--budget 1000)",
        ));
}

#[test]
fn bom_and_invisible_characters_are_named() {
    let input = format!("\u{feff}{P17}\n{}\u{200b}{}\n", &P17[..10], &P17[11..]);
    cmd()
        .arg("solve")
        .write_stdin(input)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "-: line 2, column 11: unexpected character zero-width space (U+200B)",
        ));
}
