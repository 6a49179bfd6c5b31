//! `sudoku-dlx canon` and `sudoku-dlx dedup` from the outside.

use assert_cmd::Command;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudoku_dlx::canon::Transform;
use sudoku_dlx::formats::parse_line;
use sudoku_dlx::Shape;

const PUZZLES: [&str; 3] = [
    ".514...3.........2.3......8..81.3.......5....145..87..79.6........8..6..6.23..5..",
    "6..3..9........17....472..65.8.6......2853....9.......1..7....82....5.9.....346..",
    "..8.....6...4.2.8..5...632.......9..57..2....3...7.16..8.9...47........16...1....",
];

fn disguise(line: &str, seed: u64) -> String {
    let grid = parse_line(line, None, 1).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    Transform::random(Shape::CLASSIC, &mut rng).apply(&grid).to_line()
}

fn run(args: &[&str], input: String) -> (String, String, i32) {
    let out = Command::cargo_bin("sudoku-dlx")
        .unwrap()
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (text(out.stdout), text(out.stderr), out.status.code().unwrap())
}

#[test]
fn canon_prints_one_form_per_puzzle_equal_for_disguises() {
    let input: String = PUZZLES
        .iter()
        .chain(&PUZZLES)
        .enumerate()
        .map(|(i, p)| {
            if i < 3 {
                format!("{p}\n")
            } else {
                format!("{}\n", disguise(p, i as u64))
            }
        })
        .collect();
    let (out, _, code) = run(&["canon"], input);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[..3], lines[3..]);
    assert!(lines[0] != lines[1] && lines[1] != lines[2]);
}

#[test]
fn dedup_keeps_the_first_of_each_class_unchanged_and_in_order() {
    let json = format!(
        "{{\"puzzle\": \"{}\", \"name\": \"x\"}}\n",
        disguise(PUZZLES[1], 9)
    );
    let input = format!(
        "# comment\n{}  first\n{}\n{}\n{json}{}\n",
        PUZZLES[0],
        disguise(PUZZLES[0], 1),
        PUZZLES[1],
        PUZZLES[2]
    );
    let (out, err, code) = run(&["dedup"], input);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        format!(
            "# comment\n{}  first\n{}\n{}\n",
            PUZZLES[0], PUZZLES[1], PUZZLES[2]
        )
    );
    assert!(
        err.contains("kept 3, dropped 2 duplicate(s), 0 unreadable"),
        "{err}"
    );
}

#[test]
fn dedup_reports_unreadable_records_and_keeps_going() {
    let input = format!("{}\n{}x\n{}\n", PUZZLES[0], &PUZZLES[1][..80], PUZZLES[2]);
    let (out, err, code) = run(&["dedup"], input);
    assert_eq!(code, 1);
    assert_eq!(out, format!("{}\n{}\n", PUZZLES[0], PUZZLES[2]));
    assert!(err.contains("line 2, column 81"), "{err}");
}

#[test]
fn dedup_drops_a_pasted_grid_with_its_blank_line() {
    let grid = parse_line(PUZZLES[0], None, 1).unwrap().to_pretty();
    let input = format!("{}\n{grid}\n{}\n", PUZZLES[0], PUZZLES[1]);
    let (out, err, _) = run(&["dedup"], input);
    assert_eq!(out, format!("{}\n{}\n", PUZZLES[0], PUZZLES[1]), "{err}");
}

#[test]
fn dedup_checks_25x25_records() {
    // Generated 25x25 puzzles (tests/data) and a disguise of each: every
    // disguise is dropped, the originals are kept in order, none unchecked.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/canon_generated.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let originals: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("5x5 ")).collect();
    let shape = Shape::new(5, 5).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let disguised: Vec<String> = originals
        .iter()
        .map(|p| {
            let grid = parse_line(p, Some(shape), 1).unwrap();
            Transform::random(shape, &mut rng).apply(&grid).to_line()
        })
        .collect();
    let mut input = String::new();
    for (p, d) in originals.iter().zip(&disguised) {
        input += &format!("{d}\n{p}\n");
    }
    let (out, err, code) = run(&["dedup", "--box", "5x5"], input);
    assert_eq!(code, 0, "{err}");
    let expected: String = disguised.iter().map(|d| format!("{d}\n")).collect();
    assert_eq!(out, expected);
    assert!(
        err.contains(&format!(
            "kept {0}, dropped {0} duplicate(s), 0 unreadable\n",
            originals.len()
        )),
        "{err}"
    );
}
