//! Hints and mistake checks on boards a player could hold: boards made
//! from real solving paths (the placements of a prefix of `explain`'s
//! steps), with up to three wrong entries, checked against the solution
//! and the explain path from the same board, which the test computes on
//! its own.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudoku_dlx::{check_board, explain, hint, solve, CheckMode, Grid, Hint};

/// Puzzles of every level with SE's ratings (tests/data).
fn puzzles() -> Vec<Grid> {
    include_str!("data/se_rated_sample.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').next().unwrap().parse().unwrap())
        .collect()
}

/// A board of `puzzle`: the placements of the first `k` steps of its
/// explain path.
fn board_after(puzzle: &Grid, k: usize) -> Grid {
    let path = explain(puzzle).unwrap();
    let n = puzzle.shape().n();
    let mut board = puzzle.clone();
    for step in &path.steps[..k.min(path.steps.len())] {
        for p in &step.placements {
            board.set(p.cell.row as usize * n + p.cell.col as usize, p.digit);
        }
    }
    board
}

/// Pencil marks a careful player could hold: every digit no peer holds,
/// less what `removed` names (eliminations known to be sound).
fn marks_of(board: &Grid, removed: &[(usize, u8)]) -> Vec<Vec<u8>> {
    let n = board.shape().n();
    let (bh, bw) = (board.shape().box_rows(), board.shape().box_cols());
    (0..n * n)
        .map(|cell| {
            if board.get(cell) != 0 {
                return Vec::new();
            }
            let (r, c) = (cell / n, cell % n);
            (1..=n as u8)
                .filter(|&d| !removed.contains(&(cell, d)))
                .filter(|&d| {
                    !(0..n * n).any(|o| {
                        let (or, oc) = (o / n, o % n);
                        let peer = or == r || oc == c || (or / bh == r / bh && oc / bw == c / bw);
                        o != cell && peer && board.get(o) == d
                    })
                })
                .collect()
        })
        .collect()
}

#[test]
fn hints_name_wrong_entries_or_give_the_easiest_sound_step() {
    let puzzles = puzzles();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let (mut boards, mut with_mistakes, mut with_marks, mut solved) = (0, 0, 0, 0);
    for puzzle in puzzles.iter().cycle().take(100) {
        let solution = solve(puzzle).unwrap().unwrap();
        let path = explain(puzzle).unwrap();
        let n = puzzle.shape().n();
        for _ in 0..10 {
            boards += 1;
            let k = rng.gen_range(0..=path.steps.len());
            let mut board = board_after(puzzle, k);
            let wrong = [0, 0, 1, 2, 3][rng.gen_range(0..5)];
            let mut wrong_cells = Vec::new();
            let empty: Vec<usize> = (0..n * n).filter(|&c| board.get(c) == 0).collect();
            for _ in 0..wrong.min(empty.len()) {
                let cell = empty[rng.gen_range(0..empty.len())];
                if wrong_cells.contains(&cell) {
                    continue;
                }
                let digit = loop {
                    let d = rng.gen_range(1..=n as u8);
                    if d != solution.get(cell) {
                        break d;
                    }
                };
                board.set(cell, digit);
                wrong_cells.push(cell);
            }
            wrong_cells.sort();
            if !wrong_cells.is_empty() {
                with_mistakes += 1;
                let Hint::Mistakes { mistakes } = hint(puzzle, &board, None).unwrap() else {
                    panic!("{puzzle} {board}: the wrong entries are not named");
                };
                let named: Vec<usize> = mistakes
                    .iter()
                    .map(|m| m.cell.row as usize * n + m.cell.col as usize)
                    .collect();
                assert_eq!(named, wrong_cells, "{puzzle} {board}");
                let checked = check_board(puzzle, &board, CheckMode::Solution, Default::default()).unwrap();
                assert_eq!(checked.len(), wrong_cells.len());
                continue;
            }
            // Half of the clean boards carry pencil marks without the
            // eliminations of the path's first k steps.
            let marks = (rng.gen_range(0..2) == 0).then(|| {
                let removed: Vec<(usize, u8)> = path.steps[..k]
                    .iter()
                    .flat_map(|s| &s.eliminations)
                    .map(|e| (e.cell.row as usize * n + e.cell.col as usize, e.digit))
                    .collect();
                marks_of(&board, &removed)
            });
            let got = hint(puzzle, &board, marks.as_deref()).unwrap();
            if board.is_full() {
                assert!(matches!(got, Hint::Solved), "{board}");
                solved += 1;
                continue;
            }
            let Hint::Step { step, cells, text } = got else {
                panic!("{puzzle} {board}: no step: {got:?}");
            };
            assert!(step.placements.len() + step.eliminations.len() > 0);
            for p in &step.placements {
                let cell = p.cell.row as usize * n + p.cell.col as usize;
                assert_eq!(p.digit, solution.get(cell), "{board}: {text}");
                assert!(cells.contains(&p.cell));
            }
            for e in &step.eliminations {
                let cell = e.cell.row as usize * n + e.cell.col as usize;
                assert_ne!(e.digit, solution.get(cell), "{board}: {text}");
                if let Some(marks) = &marks {
                    assert!(
                        marks[cell].contains(&e.digit),
                        "{board}: removes a digit the marks lack: {text}"
                    );
                }
                assert!(cells.contains(&e.cell));
            }
            if marks.is_some() {
                with_marks += 1;
                // The board and its marks are the explain path's state
                // after k steps: the hint is the path's next step.
                let next = &path.steps[k];
                assert_eq!(step.name(), next.name(), "{board}");
                assert_eq!(step.difficulty, next.difficulty, "{board}");
                assert_eq!(step.placements, next.placements, "{board}");
                assert_eq!(step.eliminations, next.eliminations, "{board}");
            } else {
                // The first step of the explain path from this board as a
                // puzzle: the same name, difficulty and changes.
                let first = &explain(&board).unwrap().steps[0];
                assert_eq!(step.name(), first.name(), "{board}");
                assert_eq!(step.difficulty, first.difficulty, "{board}");
                assert_eq!(step.placements, first.placements, "{board}");
                assert_eq!(step.eliminations, first.eliminations, "{board}");
                assert_eq!(text, first.to_string());
            }
        }
    }
    assert_eq!(boards, 1000);
    assert!(
        with_mistakes > 400 && with_marks > 100 && solved > 0,
        "{with_mistakes} {with_marks} {solved}"
    );
}

/// Clashes found by looking at every pair of cells of each house.
fn brute_clashes(puzzle: &Grid, board: &Grid) -> Vec<usize> {
    let n = board.shape().n();
    let (bh, bw) = (board.shape().box_rows(), board.shape().box_cols());
    (0..n * n)
        .filter(|&a| {
            puzzle.get(a) == 0
                && board.get(a) != 0
                && (0..n * n).any(|b| {
                    let same_house = a / n == b / n
                        || a % n == b % n
                        || (a / n / bh == b / n / bh && a % n / bw == b % n / bw);
                    a != b && same_house && board.get(a) == board.get(b)
                })
        })
        .collect()
}

#[test]
fn rule_checks_flag_exactly_the_clashing_entries() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for puzzle in puzzles().iter().take(60) {
        let n = puzzle.shape().n();
        let mut board = puzzle.clone();
        for _ in 0..rng.gen_range(0..12) {
            let cell = rng.gen_range(0..n * n);
            if puzzle.get(cell) == 0 {
                board.set(cell, rng.gen_range(1..=n as u8));
            }
        }
        let flagged: Vec<usize> = check_board(puzzle, &board, CheckMode::Rules, Default::default())
            .unwrap()
            .iter()
            .map(|m| m.cell.row as usize * n + m.cell.col as usize)
            .collect();
        assert_eq!(flagged, brute_clashes(puzzle, &board), "{board}");
    }
}

#[test]
fn boards_that_change_a_given_or_marks_that_do_not_read_are_errors() {
    let puzzle = &puzzles()[0];
    let mut board = puzzle.clone();
    let given = (0..81).find(|&c| puzzle.get(c) != 0).unwrap();
    board.set(given, puzzle.get(given) % 9 + 1);
    let e = hint(puzzle, &board, None).unwrap_err().to_string();
    assert!(e.contains("where the puzzle gives"), "{e}");
    let e = hint(puzzle, puzzle, Some(&vec![vec![10]; 81]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("pencil mark 10"), "{e}");
    let e = hint(puzzle, puzzle, Some(&[vec![1]])).unwrap_err().to_string();
    assert!(e.contains("pencil marks for 1 cells"), "{e}");
    let several = "1................................................................................";
    assert!(hint(several, several, None).is_err());
}

#[test]
fn the_daily_puzzle_depends_on_the_date_only() {
    let a = sudoku_dlx::daily("2026-11-27", sudoku_dlx::Level::Easy).unwrap();
    let b = sudoku_dlx::daily("2026-11-27", sudoku_dlx::Level::Easy).unwrap();
    let c = sudoku_dlx::daily("2026-11-28", sudoku_dlx::Level::Easy).unwrap();
    assert_eq!(a.puzzle, b.puzzle);
    assert_ne!(a.puzzle, c.puzzle);
    assert_eq!(a.rating.unwrap().level, sudoku_dlx::Level::Easy);
    assert!(sudoku_dlx::daily("2026-02-30", sudoku_dlx::Level::Easy).is_err());
}

#[test]
fn the_command_line_plays_through_the_output_module() {
    let p17 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let bin = env!("CARGO_BIN_EXE_sudoku-dlx");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(bin).args(args).output().unwrap();
        (
            out.status.code(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    // The hint is the explain path's first step, in words.
    let first = explain(p17).unwrap().steps[0].to_string();
    assert_eq!(
        run(&["hint", p17]),
        (Some(0), format!("{first}\n"), String::new())
    );
    let clashing = format!("44{}", &p17[2..]);
    let (code, out, _) = run(&[
        "check-board",
        p17,
        &clashing,
        "--mode",
        "rules",
        "--format",
        "json",
    ]);
    assert_eq!(code, Some(1));
    let record: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(record["mistakes"][0]["cell"], "r1c2");
    let (code, out, _) = run(&["hint", p17, &clashing]);
    assert_eq!((code, out.as_str()), (Some(1), "r1c2 is not 4\n"));
    let (code, _, err) = run(&["hint", p17, "--pencilmarks", "1,x"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--pencilmarks field 2"), "{err}");
    let (code, out, _) = run(&["daily", "--date", "2026-11-27", "--difficulty", "easy"]);
    assert_eq!(code, Some(0));
    let daily = sudoku_dlx::daily("2026-11-27", sudoku_dlx::Level::Easy).unwrap();
    assert!(out.starts_with(&daily.puzzle.to_string()), "{out}");
}
