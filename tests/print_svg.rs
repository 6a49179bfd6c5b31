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
        if y < gy {
            continue; // the label above the grid
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
