//! Puzzle books end to end: `generate` writes records, `print` makes the
//! PDF, and poppler (an independent PDF reader) renders and reads it back.
//! Each grid's text is found by its position on the page and must be the
//! record's puzzle (or solution), cell by cell; the page count must be what
//! the layout rules give; the rendered pixels must show the box lines.

use assert_cmd::Command;
use std::path::Path;
use std::process::Command as Process;
use sudoku_dlx::print::read_sources;
use sudoku_dlx::print::{layout_book, BookOptions, Entry, PageSize, Placement};

/// Whether poppler's tools are here. Without them the test skips, unless
/// SUDOKU_DLX_REQUIRE_TOOLS is set (as .ci/run sets it): then it fails.
fn poppler() -> bool {
    let found = ["pdftotext", "pdftoppm", "pdfinfo"]
        .iter()
        .all(|tool| Process::new(tool).arg("-v").output().is_ok());
    if !found {
        assert!(
            std::env::var_os("SUDOKU_DLX_REQUIRE_TOOLS").is_none(),
            "pdftotext, pdftoppm and pdfinfo (poppler-utils) are required: apt-get install poppler-utils"
        );
        eprintln!("skipping: poppler-utils is not installed");
    }
    found
}

fn bin() -> Command {
    Command::cargo_bin("sudoku-dlx").unwrap()
}

fn generate(args: &[&str]) -> String {
    let out = bin()
        .arg("generate")
        .args(args)
        .args(["--format", "jsonl", "--solution"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// Book entries straight from the generated records (numbered index + 1).
fn entries(jsonl: &str) -> Vec<Entry> {
    let sources = read_sources(jsonl, None, &sudoku_dlx::Variant::default())
        .unwrap()
        .into_iter()
        .map(|s| ("-".to_string(), s))
        .collect();
    sudoku_dlx::print::entries(sources, false, Default::default()).unwrap()
}

fn page_count(pdf: &Path) -> usize {
    let out = Process::new("pdfinfo").arg(pdf).output().unwrap();
    let info = String::from_utf8_lossy(&out.stdout);
    let line = info
        .lines()
        .find(|l| l.starts_with("Pages:"))
        .expect("pdfinfo prints Pages");
    line[6..].trim().parse().unwrap()
}

/// The words poppler finds on page `page` (1-based): text and centre.
fn words(pdf: &Path, page: usize) -> Vec<(String, f32, f32)> {
    let p = page.to_string();
    let out = Process::new("pdftotext")
        .args(["-bbox", "-f", &p, "-l", &p])
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap();
    assert!(out.status.success());
    let html = String::from_utf8_lossy(&out.stdout).to_string();
    let attr = |tag: &str, name: &str| -> f32 {
        let start = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        tag[start..].split('"').next().unwrap().parse().unwrap()
    };
    html.split("<word ")
        .skip(1)
        .map(|chunk| {
            let (tag, rest) = chunk.split_once('>').unwrap();
            let text = rest.split("</word>").next().unwrap().to_string();
            let cx = (attr(tag, "xMin") + attr(tag, "xMax")) / 2.0;
            let cy = (attr(tag, "yMin") + attr(tag, "yMax")) / 2.0;
            (text, cx, cy)
        })
        .collect()
}

/// The grid poppler reads inside a placement: each word put in the cell
/// its centre falls in; `.` where none does.
fn read_grid(words: &[(String, f32, f32)], at: &Placement) -> String {
    let n = at.shape.n();
    let cell = at.side / n as f32;
    let mut cells = vec!['.'; n * n];
    for (text, cx, cy) in words {
        let (col, row) = ((cx - at.x) / cell, (cy - at.y) / cell);
        if col < 0.0 || row < 0.0 || col >= n as f32 || row >= n as f32 {
            continue;
        }
        assert_eq!(
            text.chars().count(),
            1,
            "one symbol per cell, got '{text}' in grid {}",
            at.number
        );
        let i = row as usize * n + col as usize;
        assert_eq!(cells[i], '.', "two symbols in one cell of grid {}", at.number);
        cells[i] = text.chars().next().unwrap();
    }
    cells.into_iter().collect()
}

/// Checks every grid of every page: the text in each cell, in order.
fn check_text(pdf: &Path, entries: &[Entry], options: &BookOptions) {
    let pages = layout_book(entries, options).unwrap();
    assert_eq!(page_count(pdf), pages.len());
    let mut seen_puzzles = 0;
    let mut seen_answers = 0;
    for (i, page) in pages.iter().enumerate() {
        let words = words(pdf, i + 1);
        for at in &page.grids {
            let entry = entries.iter().find(|e| e.number == at.number).unwrap();
            let expected = if at.answer { &entry.solution } else { &entry.puzzle };
            assert_eq!(
                read_grid(&words, at),
                expected.to_line(),
                "page {} grid {}",
                i + 1,
                at.number
            );
            let label = format!("Puzzle {}", at.number);
            let text: Vec<&str> = words.iter().map(|w| w.0.as_str()).collect();
            assert!(
                text.windows(2).any(|w| w.join(" ") == label),
                "label '{label}' on page {}",
                i + 1
            );
            if at.answer {
                seen_answers += 1;
            } else {
                seen_puzzles += 1;
            }
        }
    }
    assert_eq!(seen_puzzles, entries.len());
    assert_eq!(seen_answers, if options.answers { entries.len() } else { 0 });
}

/// Renders page `page` to a greyscale bitmap at `dpi` with pdftoppm.
fn render(pdf: &Path, page: usize, dpi: u32) -> (usize, usize, Vec<u8>) {
    let p = page.to_string();
    let out = Process::new("pdftoppm")
        .args(["-gray", "-r", &dpi.to_string(), "-f", &p, "-l", &p])
        .arg(pdf)
        .output()
        .unwrap();
    assert!(out.status.success());
    parse_pgm(&out.stdout)
}

/// A binary PGM (P5) image: width, height, 8-bit pixels.
fn parse_pgm(bytes: &[u8]) -> (usize, usize, Vec<u8>) {
    let mut fields = Vec::new();
    let mut pos = 0;
    while fields.len() < 4 {
        while bytes[pos].is_ascii_whitespace() {
            pos += 1;
        }
        let start = pos;
        while !bytes[pos].is_ascii_whitespace() {
            pos += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..pos]).to_string());
    }
    assert_eq!(fields[0], "P5");
    let (w, h) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    (w, h, bytes[pos + 1..].to_vec())
}

/// On the rendered page, box lines are dark where the layout puts them,
/// and an empty cell's middle is white.
fn check_pixels(pdf: &Path, entries: &[Entry], options: &BookOptions) {
    let dpi = 100;
    let scale = dpi as f32 / 72.0;
    for (i, page) in layout_book(entries, options).unwrap().iter().enumerate() {
        let (w, _, pixels) = render(pdf, i + 1, dpi);
        let at = |x: f32, y: f32| pixels[(y * scale) as usize * w + (x * scale) as usize];
        for grid in &page.grids {
            let (shape, n) = (grid.shape, grid.shape.n());
            let cell = grid.side / n as f32;
            for k in (0..=n).step_by(shape.box_cols()) {
                let (x, y) = (grid.x + k as f32 * cell, grid.y + cell / 2.0);
                assert!(
                    at(x, y) < 128,
                    "box line at column {k} of grid {} on page {}",
                    grid.number,
                    i + 1
                );
            }
            for k in (0..=n).step_by(shape.box_rows()) {
                let (x, y) = (grid.x + cell / 2.0, grid.y + k as f32 * cell);
                assert!(
                    at(x, y) < 128,
                    "box line at row {k} of grid {} on page {}",
                    grid.number,
                    i + 1
                );
            }
            let entry = entries.iter().find(|e| e.number == grid.number).unwrap();
            let shown = if grid.answer {
                &entry.solution
            } else {
                &entry.puzzle
            };
            if let Some(empty) = (0..shape.cells()).find(|&c| shown.get(c) == 0) {
                let (r, c) = (shape.row(empty), shape.col(empty));
                let (x, y) = (grid.x + (c as f32 + 0.5) * cell, grid.y + (r as f32 + 0.5) * cell);
                assert!(
                    at(x, y) > 200,
                    "empty cell r{}c{} of grid {} is white",
                    r + 1,
                    c + 1,
                    grid.number
                );
            }
        }
    }
}

fn print_to(dir: &Path, input: &str, args: &[&str]) -> std::path::PathBuf {
    let records = dir.join("in.jsonl");
    std::fs::write(&records, input).unwrap();
    let pdf = dir.join("book.pdf");
    bin()
        .arg("print")
        .arg(&records)
        .arg("-o")
        .arg(&pdf)
        .args(args)
        .assert()
        .success();
    pdf
}

#[test]
fn a_hard_book_reads_back_cell_by_cell_with_its_answers() {
    if !poppler() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let jsonl = generate(&["-n", "22", "--seed", "11", "--difficulty", "hard"]);
    let entries = entries(&jsonl);
    for (per_page, page, expected_pages) in [(4, "a4", 6 + 2), (6, "letter", 4 + 2), (1, "a4", 22 + 2)] {
        let options = BookOptions {
            page: page.parse::<PageSize>().unwrap(),
            per_page,
            title: Some("Hard puzzles".into()),
            ..BookOptions::default()
        };
        let k = per_page.to_string();
        let pdf = print_to(
            dir.path(),
            &jsonl,
            &["--per-page", &k, "--page", page, "--title", "Hard puzzles"],
        );
        // ceil(22 / per_page) puzzle pages, then 20 answers (4 x 5) a page.
        assert_eq!(page_count(&pdf), expected_pages, "{per_page} per page on {page}");
        check_text(&pdf, &entries, &options);
        if per_page == 4 {
            check_pixels(&pdf, &entries, &options);
            let words = words(&pdf, 1);
            assert!(words.iter().any(|w| w.0 == "Hard"), "level shown");
        }
    }
    let pdf = print_to(dir.path(), &jsonl, &["--per-page", "4", "--no-answers"]);
    assert_eq!(page_count(&pdf), 6);
    let options = BookOptions {
        answers: false,
        ..BookOptions::default()
    };
    check_text(&pdf, &entries, &options);
}

#[test]
fn every_shape_prints_and_a_new_shape_starts_a_new_page() {
    if !poppler() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut jsonl = String::new();
    for (shape, count) in [
        ("2x2", 2),
        ("2x3", 3),
        ("3x3", 5),
        ("3x4", 1),
        ("4x4", 2),
        ("5x5", 1),
    ] {
        jsonl.push_str(&generate(&[
            "-n",
            &count.to_string(),
            "--seed",
            "5",
            "--box",
            shape,
        ]));
    }
    // Indices repeat across shapes, so the book numbers by position.
    let mut entries = entries(&jsonl);
    for (i, e) in entries.iter_mut().enumerate() {
        e.number = i as u64 + 1;
    }
    let options = BookOptions {
        per_page: 2,
        ..BookOptions::default()
    };
    let pdf = print_to(dir.path(), &jsonl, &["--per-page", "2"]);
    // Puzzle pages per shape run: 1 + 2 + 3 + 1 + 1 + 1; answer pages:
    // one per run, as each run fits one page of answers.
    assert_eq!(page_count(&pdf), 9 + 6);
    check_text(&pdf, &entries, &options);
    check_pixels(&pdf, &entries, &options);
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let jsonl = generate(&["-n", "5", "--seed", "2", "--rate"]);
    let a = std::fs::read(print_to(dir.path(), &jsonl, &["--title", "Same"])).unwrap();
    let b = std::fs::read(print_to(dir.path(), &jsonl, &["--title", "Same"])).unwrap();
    assert!(a.starts_with(b"%PDF-"));
    assert_eq!(a, b);
    // And generate's shortcut writes the very same book.
    let c = dir.path().join("c.pdf");
    bin()
        .args([
            "generate", "-n", "5", "--seed", "2", "--rate", "--format", "pdf", "--title", "Same", "-o",
        ])
        .arg(&c)
        .assert()
        .success();
    assert_eq!(std::fs::read(c).unwrap(), a);
}

#[test]
fn bad_layouts_are_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let big = generate(&["-n", "1", "--seed", "1", "--box", "5x5"]);
    let records = dir.path().join("big.jsonl");
    std::fs::write(&records, big).unwrap();
    let fails = |args: &[&str], needle: &str| {
        let out = bin()
            .arg("print")
            .arg(&records)
            .args(["-o"])
            .arg(dir.path().join("x.pdf"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    };
    fails(&["--per-page", "6"], "does not fit 6 per page on A4");
    fails(&["--per-page", "6"], "use --per-page 1 or 2");
    fails(&["--per-page", "3"], "3 puzzles per page is not a layout");
    fails(&["--page", "a5"], "unknown page size 'a5'");
    fails(&["--margin", "80"], "margin of 80 mm is out of range");
    fails(&["--title", "数独"], "cannot show");
    let wide = "W".repeat(80);
    fails(&["--title", &wide], "too long");
    let bad = dir.path().join("bad.txt");
    std::fs::write(
        &bad,
        format!("# two solutions\n{}9{}\n", ".".repeat(72), ".".repeat(8)),
    )
    .unwrap();
    let out = bin()
        .arg("print")
        .arg(&bad)
        .arg("-o")
        .arg(dir.path().join("y.pdf"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bad.txt: line 2: the puzzle has more than one solution"),
        "{err}"
    );
}
