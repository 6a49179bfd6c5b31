//! SVG output read back with an independent XML parser (roxmltree) and
//! rendered with resvg: the digits sit in the cells the puzzle says, the
//! box lines show on the pixels, and file naming follows the docs.

use assert_cmd::Command;
use resvg::{tiny_skia, usvg};

fn bin() -> Command {
    Command::cargo_bin("sudoku-dlx").unwrap()
}

fn stdout(args: &[&str]) -> String {
    let out = bin().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The grid's frame: the stroked rectangle (the other rectangle is the
/// white background, which is filled).
fn frame(doc: &roxmltree::Document) -> (f32, f32, f32) {
    let rect = doc
        .descendants()
        .find(|n| n.has_tag_name("rect") && n.attribute("stroke-width").is_some())
        .expect("a grid frame");
    let num = |name: &str| rect.attribute(name).unwrap().parse::<f32>().unwrap();
    assert_eq!(num("width"), num("height"), "square grid");
    (num("x"), num("y"), num("width"))
}

/// The symbols in the grid cells, row by row, `.` for empty.
fn read_grid(svg: &str, n: usize) -> String {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    assert_eq!(
        doc.root_element().tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let (gx, gy, side) = frame(&doc);
    let cell = side / n as f32;
    let mut cells = vec!['.'; n * n];
    for text in doc.descendants().filter(|t| t.has_tag_name("text")) {
        let x: f32 = text.attribute("x").unwrap().parse().unwrap();
        let y: f32 = text.attribute("y").unwrap().parse().unwrap();
        if y < gy || y > gy + side {
            continue; // the label above the grid, a variant's rule below
        }
        assert_eq!(text.attribute("text-anchor"), Some("middle"));
        let (col, row) = (((x - gx) / cell) as usize, ((y - gy) / cell) as usize);
        let symbol = text.text().unwrap();
        assert_eq!(symbol.chars().count(), 1);
        cells[row * n + col] = symbol.chars().next().unwrap();
    }
    cells.into_iter().collect()
}

/// Renders the SVG and checks that box lines are dark where they belong.
fn check_render(svg: &str, box_rows: usize, box_cols: usize) {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("usvg parses it");
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    let doc = roxmltree::Document::parse(svg).unwrap();
    let (gx, gy, side) = frame(&doc);
    let n = box_rows * box_cols;
    let cell = side / n as f32;
    let dark = |x: f32, y: f32| pixmap.pixel(x as u32, y as u32).unwrap().red() < 128;
    for k in (0..=n).step_by(box_cols) {
        assert!(
            dark(gx + k as f32 * cell, gy + cell / 2.0),
            "vertical box line {k}"
        );
    }
    for k in (0..=n).step_by(box_rows) {
        assert!(
            dark(gx + cell / 2.0, gy + k as f32 * cell),
            "horizontal box line {k}"
        );
    }
    assert!(!dark(1.0, 1.0), "white background");
}

#[test]
fn one_puzzle_to_stdout_matches_the_generated_puzzle() {
    for (shape, n) in [("2x3", 6), ("3x3", 9), ("4x4", 16)] {
        let base = ["generate", "-n", "1", "--seed", "9", "--box", shape];
        let line = stdout(&base);
        let svg = stdout(&[&base[..], &["--format", "svg"]].concat());
        assert_eq!(read_grid(&svg, n), line.trim(), "{shape}");
        let (r, c) = shape.split_once('x').unwrap();
        check_render(&svg, r.parse().unwrap(), c.parse().unwrap());
    }
}

#[test]
fn files_per_puzzle_and_per_page() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.txt");
    let puzzles = stdout(&["generate", "-n", "5", "--seed", "3", "--solution"]);
    std::fs::write(&input, &puzzles).unwrap();
    let out = dir.path().join("p.svg");
    bin()
        .arg("print")
        .arg(&input)
        .args(["--format", "svg", "-o"])
        .arg(&out)
        .assert()
        .success();
    for (i, line) in puzzles.lines().enumerate() {
        let (puzzle, solution) = line.split_once(' ').unwrap();
        let file = |suffix: &str| {
            std::fs::read_to_string(dir.path().join(format!("p-{:03}{suffix}.svg", i + 1))).unwrap()
        };
        assert_eq!(read_grid(&file(""), 9), puzzle);
        assert_eq!(read_grid(&file("-answer"), 9), solution);
    }
    let pages = dir.path().join("b.svg");
    bin()
        .arg("print")
        .arg(&input)
        .args(["--format", "svg", "--svg-per", "page", "--per-page", "4", "-o"])
        .arg(&pages)
        .assert()
        .success();
    // Two puzzle pages and one answer page.
    for k in 1..=3 {
        let page = std::fs::read_to_string(dir.path().join(format!("b-p{k:02}.svg"))).unwrap();
        usvg::Tree::from_str(&page, &usvg::Options::default()).expect("each page parses");
    }
    assert!(!dir.path().join("b-p04.svg").exists());
    let out = bin()
        .arg("print")
        .arg(&input)
        .args(["--format", "svg"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("give -o NAME.svg"));
}

/// The cells under a shaded (filled, grey) rectangle.
fn shaded_cells(svg: &str, n: usize) -> Vec<usize> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let (gx, gy, side) = frame(&doc);
    let cell = side / n as f32;
    let mut cells: Vec<usize> = doc
        .descendants()
        .filter(|r| r.has_tag_name("rect") && r.attribute("stroke") == Some("none"))
        .map(|r| {
            let num = |name: &str| r.attribute(name).unwrap().parse::<f32>().unwrap();
            let (col, row) = (
                ((num("x") - gx) / cell).round() as usize,
                ((num("y") - gy) / cell).round() as usize,
            );
            row * n + col
        })
        .collect();
    cells.sort_unstable();
    cells
}

/// The texts below the grid: a variant's rule.
fn rule_text(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let (_, gy, side) = frame(&doc);
    doc.descendants()
        .filter(|t| t.has_tag_name("text"))
        .filter(|t| t.attribute("y").unwrap().parse::<f32>().unwrap() > gy + side)
        .map(|t| t.text().unwrap_or_default().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn diagonals_and_windows_are_shaded_and_the_rules_printed_under_the_grid() {
    let svg = |variant: &str| {
        stdout(&[
            "generate",
            "-n",
            "1",
            "--seed",
            "4",
            "--variant",
            variant,
            "--format",
            "svg",
        ])
    };
    let diagonals: Vec<usize> = (0..81).filter(|i| i / 9 == i % 9 || i / 9 + i % 9 == 8).collect();
    let in_window = |k: usize| matches!(k, 1..=3 | 5..=7);
    let windows: Vec<usize> = (0..81).filter(|i| in_window(i / 9) && in_window(i % 9)).collect();
    let x = svg("x");
    assert_eq!(shaded_cells(&x, 9), diagonals);
    assert!(
        rule_text(&x).contains("each main diagonal holds every digit once"),
        "{}",
        rule_text(&x)
    );
    let w = svg("windoku");
    assert_eq!(shaded_cells(&w, 9), windows);
    assert!(rule_text(&w).contains("window"));
    // Both: the windows shaded, the diagonals drawn corner to corner.
    let both = svg("x,windoku");
    assert_eq!(shaded_cells(&both, 9), windows);
    let doc = roxmltree::Document::parse(&both).unwrap();
    let (gx, gy, side) = frame(&doc);
    let corner_to_corner = doc
        .descendants()
        .filter(|l| l.has_tag_name("line"))
        .filter(|l| {
            let num = |name: &str| l.attribute(name).unwrap().parse::<f32>().unwrap();
            (num("x2") - num("x1")).abs() > side * 0.99 && (num("y2") - num("y1")).abs() > side * 0.99
        })
        .count();
    assert_eq!(corner_to_corner, 2, "{gx} {gy}");
    // No mark for rules that have none to show, but the rule is printed.
    let k = svg("anti-knight");
    assert!(shaded_cells(&k, 9).is_empty());
    assert!(rule_text(&k).contains("knight"));
    check_render(&k, 3, 3);
}

#[test]
fn a_jigsaw_book_outlines_its_regions_and_answers_with_the_one_solution() {
    let dir = tempfile::tempdir().unwrap();
    let record = stdout(&[
        "generate",
        "-n",
        "1",
        "--seed",
        "5",
        "--variant",
        "jigsaw",
        "--format",
        "jsonl",
    ]);
    let fields: serde_json::Value = serde_json::from_str(record.trim()).unwrap();
    let (puzzle, regions) = (
        fields["puzzle"].as_str().unwrap(),
        fields["regions"].as_str().unwrap(),
    );
    // The answer is checked against the SAT engine, not the generator.
    let input = dir.path().join("in.txt");
    std::fs::write(&input, format!("{puzzle}\n{regions}\n")).unwrap();
    let solved = bin()
        .args(["solve", "--variant", "jigsaw", "--backend", "sat"])
        .arg(&input)
        .output()
        .unwrap();
    let solution = String::from_utf8(solved.stdout).unwrap();
    let solution = solution.split_whitespace().next().unwrap().to_string();
    let out = dir.path().join("j.svg");
    bin()
        .args(["print", "--variant", "jigsaw", "--format", "svg", "-o"])
        .arg(&out)
        .arg(&input)
        .assert()
        .success();
    let file = |suffix: &str| std::fs::read_to_string(dir.path().join(format!("j-001{suffix}.svg"))).unwrap();
    let (front, back) = (file(""), file("-answer"));
    assert_eq!(read_grid(&front, 9), puzzle);
    assert_eq!(read_grid(&back, 9), solution);
    assert!(rule_text(&front).contains("outlined region"));
    // Each inner cell edge: dark just beside its middle exactly where the
    // two cells lie in different regions (a thick line), light where a
    // thin line separates cells of one region.
    let tree = usvg::Tree::from_str(&front, &usvg::Options::default()).unwrap();
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    let doc = roxmltree::Document::parse(&front).unwrap();
    let (gx, gy, side) = frame(&doc);
    let cell = side / 9.0;
    // The ink across a line: the darkness of the pixels from 3 before to
    // 3 after it, summed (in pixels' worth of black).
    let ink = |x: f32, y: f32, across_x: bool| -> f32 {
        (-3..=3)
            .map(|k| {
                let (px, py) = if across_x {
                    (x + k as f32, y)
                } else {
                    (x, y + k as f32)
                };
                255.0 - pixmap.pixel(px as u32, py as u32).unwrap().red() as f32
            })
            .sum::<f32>()
            / 255.0
    };
    let region: Vec<char> = regions.chars().collect();
    for r in 0..9 {
        for c in 0..9 {
            let at = r * 9 + c;
            // Sampled a quarter cell along the edge, away from digits and
            // corners: a thick line holds about 2.4 pixels of ink, a thin
            // one under 1.
            if c < 8 {
                let x = gx + (c + 1) as f32 * cell;
                let y = gy + r as f32 * cell + cell / 4.0;
                let thick = ink(x, y, true) > 1.6;
                assert_eq!(
                    thick,
                    region[at] != region[at + 1],
                    "edge right of r{}c{}",
                    r + 1,
                    c + 1
                );
            }
            if r < 8 {
                let x = gx + c as f32 * cell + cell / 4.0;
                let y = gy + (r + 1) as f32 * cell;
                let thick = ink(x, y, false) > 1.6;
                assert_eq!(
                    thick,
                    region[at] != region[at + 9],
                    "edge below r{}c{}",
                    r + 1,
                    c + 1
                );
            }
        }
    }
}
