//! Adversarial inputs and options: each ends quickly with the
//! exact message and exit code, and never with a panic (exit 101).

use assert_cmd::Command;
use predicates::prelude::*;
use std::fs::File;
use std::io::Write;
use std::process::Stdio;
use std::time::{Duration, Instant};

const P17: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// A 25x25 puzzle (generated with `--box 5x5 --seed 1`, so not minimal)
/// that DLX needs about 5 s to count on the development machine and SAT
/// settles in a quarter of a second: a slow 626-byte record.
const SLOW_25: &str = "2C..5...P............M.86..L........2..P...G.31FB.39E1..ANK.O.....4.D..G..C.K....6O.8.L5BNM..F.4..2A.8JNF4..7.IMG.1HC.2.E.L.DDE2.H.FI...PL1...9.3..J..L.P...H...5..G41..7.K.C9...7..LJ.6.....EDIN4C8...BA4KM6E8.3..JC.7...B.....L.G.8.P24.NA...IE.M6........8...P.N..3H2...EM.JI.OG.3.L.6G.I.J14.......P...MN.I9J...D.L..C..PO5..A.EK.PG.....E..AD...3....5.C.5....B.9.........6.K.F.D..D.CI..L9..5M.28..N6A3.1E..4B..M.....3KO7..HD.9.......EGNJO6..A..5.1.F..4..H...A.....6.P....3I..CML.......C....IE7LP.BK.F.D..8.A..79GL...B4.O6....K.J34...9.D.H..N.5.....7G....PH.....C....1EA9G.35.8...G1.5CJ.6......9N.....DO..7I.....F...DJ.3L.H.M.416.";

/// A 16x16 puzzle (`generate --box 4x4 --seed 1`): its explanation with
/// candidates is long.
const P16: &str = "....27..EAD4.6..5...4.EB6...7C..GF.......9.2.B3A.....6G....3..........8F.61B.2..D3.4.B....A.G8....A...4....8..19..7...5..C....D..5..8..A..7.......9......1.FC.6B.7..1C.......EG5CD...2B.....1......D.41..8.6....1286..C.5...A....4.5G...1.3.67...CG..E38..9...2D";

fn cmd() -> Command {
    Command::cargo_bin("sudoku-dlx").unwrap()
}

/// The same binary as a plain process, for tests that need the raw pipes
/// or the exit status and resources of exactly one child.
fn process(args: &[&str]) -> std::process::Command {
    let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku-dlx"));
    command.args(args);
    command
}

/// Waits for `child` at most `limit`; kills it and fails the test if it
/// runs longer. Returns the exit code (`None` if killed by a signal).
fn wait_within(child: &mut std::process::Child, limit: Duration) -> Option<i32> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Runs `command` to its end with stdin, stdout and stderr on files and
/// returns its exit code, its stderr and its peak resident memory in
/// bytes, as the kernel accounts it for this one child (`wait4`).
// The child is reaped by `wait4`, which `Child::wait` cannot stand in for.
#[allow(clippy::zombie_processes)]
fn run_measured(mut command: std::process::Command, stdin: File) -> (i32, String, u64) {
    let stderr = tempfile::NamedTempFile::new().unwrap();
    let child = command
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(stderr.reopen().unwrap())
        .spawn()
        .unwrap();
    let mut status = 0;
    // SAFETY: a zeroed rusage is valid; wait4 fills it for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4 failed");
    assert!(libc::WIFEXITED(status), "killed by a signal: {status}");
    let text = std::fs::read_to_string(stderr.path()).unwrap();
    (libc::WEXITSTATUS(status), text, usage.ru_maxrss as u64 * 1024)
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
    // Boxes that would make 0x0 or 1xN boards are refused, not "solved".
    for b in ["0x0", "1x2", "1x9", "2x1"] {
        cmd()
            .args(["solve", "--box", b])
            .write_stdin(format!("{P17}\n"))
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(format!(
                "invalid value '{b}' for '--box <RxC>': box {b}: each box side must be at least 2"
            )));
    }
    for b in ["0x0", "1x2"] {
        cmd()
            .arg("solve")
            .write_stdin(format!("{{\"shape\": \"{b}\", \"puzzle\": \"1\"}}\n"))
            .assert()
            .code(1)
            .stdout("")
            .stderr(format!(
                "-: line 1: in \"shape\": box {b}: each box side must be at least 2\n"
            ));
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
    for command in ["solve", "count", "rate", "check", "explain", "canon"] {
        cmd()
            .arg(command)
            .arg(dir.path())
            .timeout(std::time::Duration::from_secs(10))
            .assert()
            .code(2)
            .stderr(format!(
                "sudoku-dlx: error: cannot read {}: it is a directory\n",
                dir.path().display()
            ));
    }
    cmd()
        .arg("dedup")
        .arg(dir.path())
        .timeout(std::time::Duration::from_secs(10))
        .assert()
        .code(2)
        .stderr(format!(
            "sudoku-dlx: error: cannot read {}: Is a directory (os error 21)\n",
            dir.path().display()
        ));
}

/// Extreme timeout values, per record (`count`) and per run (`generate`):
/// huge ones mean no limit, negative and NaN are refused by name.
#[test]
fn timeout_values_never_panic() {
    for t in ["1e30", "1e19", "inf", "1e308"] {
        cmd()
            .args(["count", "--timeout", t])
            .write_stdin(format!("{P17}\n"))
            .assert()
            .code(0)
            .stdout("1\n")
            .stderr("");
    }
    for (t, why) in [
        ("-1", "it must not be negative"),
        ("-inf", "it must not be negative"),
        ("NaN", "expected a number such as 2 or 0.5"),
        ("--stats", "expected a number such as 2 or 0.5"),
    ] {
        for command in ["count", "generate"] {
            cmd()
                .args([command, "--timeout", t])
                .write_stdin(format!("{P17}\n"))
                .assert()
                .code(2)
                .stdout("")
                .stderr(predicate::str::starts_with(format!(
                    "error: invalid value '{t}' for '--timeout <SECONDS>': '{t}' is not a number of seconds: {why}\n"
                )));
        }
    }
    for t in ["1e30", "1e19", "inf"] {
        cmd()
            .args(["generate", "--seed", "1", "--timeout", t])
            .assert()
            .success();
    }
}

/// `--timeout` stops a puzzle in the middle of its dig: a 16x16 puzzle
/// dug with SAT takes about 0.4 s, far more than the 0.05 s allowed.
#[test]
fn the_timeout_stops_a_puzzle_in_progress() {
    let start = Instant::now();
    cmd()
        .args([
            "generate",
            "--box",
            "4x4",
            "--backend",
            "sat",
            "--seed",
            "1",
            "--timeout",
            "0.05",
        ])
        .timeout(Duration::from_secs(20))
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("wrote 0 of 1 puzzles, 1 not produced\n"));
    assert!(start.elapsed() < Duration::from_secs(3), "{:?}", start.elapsed());
}

/// A negative number is a bad value of its option, not an unknown flag.
#[test]
fn negative_numbers_are_bad_values() {
    for (command, option, name) in [
        ("generate", "--seed", "SEED"),
        ("generate", "--count", "COUNT"),
        ("generate", "--givens", "K"),
        ("generate", "--budget", "NODES"),
        ("count", "--limit", "LIMIT"),
        ("count", "--budget", "NODES"),
        ("solve", "--threads", "T"),
        ("print", "--per-page", "N"),
    ] {
        cmd()
            .args([command, option, "-1"])
            .write_stdin("")
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with(format!(
                "error: invalid value '-1' for '{option} <{name}>': "
            )));
    }
}

/// `generate --count 2^64-1 --timeout 1`, with and without a difficulty
/// (which once printed a shortfall per index forever): one summary line,
/// within a few seconds.
#[test]
fn an_endless_generate_run_stops_at_its_timeout() {
    let max = u64::MAX.to_string();
    let base = ["generate", "--count", &max, "--timeout", "1", "--seed", "1"];
    for extra in [&[][..], &["--difficulty", "hard"], &["--rating", "9.5.."]] {
        let start = Instant::now();
        let out = cmd()
            .args(base)
            .args(extra)
            .timeout(Duration::from_secs(20))
            .output()
            .unwrap();
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{extra:?}: {:?}",
            start.elapsed()
        );
        assert_eq!(out.status.code(), Some(1), "{extra:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        let written = out.stdout.iter().filter(|&&b| b == b'\n').count();
        // A rare band may exhaust an index's candidates within the second
        // (one line each, a handful at most); then the one summary line.
        let mut lines: Vec<&str> = stderr.lines().collect();
        let summary = lines.pop().unwrap_or_default();
        assert!(lines.len() <= 10, "{extra:?}: {stderr}");
        for line in &lines {
            assert!(
                line.starts_with("sudoku-dlx: puzzle ") && line.contains("no puzzle rated"),
                "{extra:?}: {stderr}"
            );
        }
        let expected = format!(
            "sudoku-dlx: --timeout 1 s reached after {{}} s: wrote {written} of {max} puzzles, {} not produced",
            u64::MAX - written as u64 - lines.len() as u64
        );
        let (head, tail) = expected.split_once("{} s").unwrap();
        assert!(
            summary.starts_with(head) && summary.ends_with(tail),
            "{extra:?}: {stderr}"
        );
    }
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
            "-: line 1: gave up after 1000 nodes (budget 1000)",
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

/// A reader that goes away (`explain --candidates PUZZLE | head -1`): a
/// quiet exit 0, no panic (`println!` once gave exit 101).
#[test]
fn a_closed_stdout_is_a_quiet_exit() {
    let cases: [&[&str]; 5] = [
        &["explain", "--candidates", P16],
        &["generate", "--box", "2x2", "--count", "1000000", "--seed", "1"],
        &["solve", "--box", "2x2"],
        &["completions", "bash"],
        &["man"],
    ];
    for args in cases {
        let stderr = tempfile::NamedTempFile::new().unwrap();
        let mut child = process(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr.reopen().unwrap())
            .spawn()
            .unwrap();
        // Close the reading end before the first write.
        drop(child.stdout.take());
        let mut stdin = child.stdin.take().unwrap();
        let feeder = std::thread::spawn(move || {
            for _ in 0..20_000 {
                if stdin.write_all(b"...4.12......3.1\n").is_err() {
                    break;
                }
            }
        });
        let code = wait_within(&mut child, Duration::from_secs(20));
        feeder.join().unwrap();
        let text = std::fs::read_to_string(stderr.path()).unwrap();
        assert_eq!(code, Some(0), "{args:?}: {text}");
        assert_eq!(text, "", "{args:?}");
    }
}

/// Messages to a closed stderr are dropped: the run goes on and exits
/// with its own code (1: bad records; 2: a usage error), never 101.
#[test]
fn a_closed_stderr_is_not_a_panic() {
    let bad_records = "not a puzzle\n".repeat(5_000);
    for (args, input, expected) in [
        (&["solve"][..], bad_records.as_str(), 1),
        (&["solve", "--box", "0x0"][..], "", 2),
        (&["generate", "--timeout", "NaN"][..], "", 2),
    ] {
        let mut child = process(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stderr.take());
        let mut stdin = child.stdin.take().unwrap();
        let input = input.to_string();
        let feeder = std::thread::spawn(move || {
            let _ = stdin.write_all(input.as_bytes());
        });
        let code = wait_within(&mut child, Duration::from_secs(20));
        feeder.join().unwrap();
        assert_eq!(code, Some(expected), "{args:?}");
    }
}

/// Inputs of tens of megabytes that are not puzzles: a 40 MB line (from a
/// file and from standard input) and a 24 MB JSON array. Each is one
/// clear error naming the file and line, the next record is still
/// solved, and peak memory stays far below the input size times the 24
/// bytes per byte once seen (4.4 GB for 180 MB).
#[test]
fn huge_records_are_refused_in_bounded_memory() {
    let mut long = tempfile::NamedTempFile::new().unwrap();
    long.write_all(&vec![b'1'; 40 << 20]).unwrap();
    writeln!(long, "\n{P17}").unwrap();
    let mut array = tempfile::NamedTempFile::new().unwrap();
    let record = format!("{{\"puzzle\": \"{P17}\"}}");
    let records = vec![record.as_str(); 250_000].join(",");
    writeln!(array, "[{records}]\n{P17}").unwrap();
    let name = long.path().display().to_string();
    let too_long = "line longer than 1048576 bytes: not a puzzle record (skipped)";
    let cases = [
        (
            process(&["solve", &name]),
            long.path(),
            format!("{name}: line 1: {too_long}\n"),
        ),
        (
            process(&["count"]),
            long.path(),
            format!("-: line 1: {too_long}\n"),
        ),
        (
            process(&["rate"]),
            array.path(),
            format!("-: line 1: {too_long}\n"),
        ),
        (
            process(&["dedup", &name]),
            long.path(),
            format!(
                "{name}: line 1: {too_long}\nsudoku-dlx dedup: kept 1, dropped 0 duplicate(s), 1 unreadable\n"
            ),
        ),
    ];
    for (command, input, expected) in cases {
        let described = format!("{command:?}");
        let (code, stderr, peak) = run_measured(command, File::open(input).unwrap());
        assert_eq!(code, 1, "{described}: {stderr}");
        assert_eq!(stderr, expected, "{described}");
        assert!(peak < 300 << 20, "{described}: peak {} MB", peak >> 20);
    }
}

/// `--threads 10000` is capped, so one puzzle does not wait for ten
/// thousand threads to start.
#[test]
fn ten_thousand_threads_are_capped() {
    let start = Instant::now();
    cmd()
        .args(["solve", "--threads", "10000"])
        .write_stdin(format!("{P17}\n"))
        .timeout(Duration::from_secs(20))
        .assert()
        .code(0)
        .stdout("417369825632158947958724316825437169791586432346912758289643571573291684164875293\n")
        .stderr(predicate::str::starts_with(
            "sudoku-dlx: --threads 10000 capped at ",
        ));
    assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
}

/// The slow 25x25 record under `--timeout`: a "gave up" of its own, the
/// records around it counted, exit 1. The SAT engine settles it.
#[test]
fn a_slow_record_gives_up_alone() {
    let input = format!("{P17}\n{SLOW_25}\n{P17}\n");
    let start = Instant::now();
    let out = cmd()
        .args(["count", "--timeout", "0.5"])
        .write_stdin(input)
        .timeout(Duration::from_secs(20))
        .output()
        .unwrap();
    assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "1\n1\n");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.starts_with("-: line 2: gave up after "), "{stderr}");
    assert!(stderr.contains(" s (timeout 0.5 s), "), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    cmd()
        .args(["count", "--backend", "sat", "--timeout", "20"])
        .write_stdin(format!("{SLOW_25}\n"))
        .timeout(Duration::from_secs(30))
        .assert()
        .code(0)
        .stdout("1\n");
}

/// Counting up to a million solutions with the SAT engine under
/// `--timeout` (once seen running for 71 CPU minutes): each record gives
/// up on time, on every board size.
#[test]
fn sat_counts_stop_at_the_timeout() {
    let input: String = [81, 256, 625].map(|cells| ".".repeat(cells) + "\n").concat();
    let start = Instant::now();
    let out = cmd()
        .args([
            "count",
            "--backend",
            "sat",
            "--limit",
            "1000000",
            "--timeout",
            "1",
        ])
        .write_stdin(input)
        .timeout(Duration::from_secs(30))
        .output()
        .unwrap();
    assert!(start.elapsed() < Duration::from_secs(8), "{:?}", start.elapsed());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(out.stdout, b"");
    let stderr = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{stderr}");
    for (i, line) in lines.iter().enumerate() {
        assert!(
            line.starts_with(&format!("-: line {}: gave up after ", i + 1)),
            "{line}"
        );
        assert!(line.contains(" s (timeout 1 s), "), "{line}");
    }
}

/// `--budget` per record on every command that searches.
#[test]
fn budget_bounds_every_searching_command() {
    for (args, prefix) in [
        (&["solve"][..], "-: line 1: "),
        (&["count"], "-: line 1: "),
        (&["rate"], "-: line 1: "),
        (&["check"], "-: line 1: dlx "),
        (&["explain", SLOW_25], "sudoku-dlx: "),
    ] {
        let command = args[0];
        let out = cmd()
            .args(args)
            .args(["--budget", "1000"])
            .write_stdin(format!("{SLOW_25}\n"))
            .timeout(Duration::from_secs(20))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{command}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        let expected = format!("{prefix}gave up after 1000 nodes (budget 1000), ");
        assert!(stderr.starts_with(&expected), "{command}: {stderr}");
        assert!(!stderr.contains("panicked"), "{command}: {stderr}");
    }
}

/// Records are written as they are ready, not when the input ends: with
/// standard input still open, the answers to the records sent so far
/// arrive.
#[test]
fn records_stream_while_the_input_is_still_open() {
    use std::io::{BufRead, BufReader};
    const PUZZLE: &str = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let mut child = process(&["solve", "--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for _ in 0..3 {
        writeln!(stdin, "{PUZZLE}").unwrap();
    }
    stdin.flush().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (lines_tx, lines_rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if lines_tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    for i in 0..3 {
        let line = lines_rx
            .recv_timeout(Duration::from_secs(20))
            .unwrap_or_else(|_| panic!("record {} was not written while the input was open", i + 1));
        assert_eq!(line.len(), 81, "{line}");
        assert!(!line.contains('.'), "{line}");
    }
    assert!(
        child.try_wait().unwrap().is_none(),
        "the command ended before its input did"
    );
    drop(stdin);
    assert_eq!(wait_within(&mut child, Duration::from_secs(20)), Some(0));
    assert!(
        lines_rx.recv_timeout(Duration::from_secs(5)).is_err(),
        "one answer per record"
    );
}
