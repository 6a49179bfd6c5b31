//! Page geometry: where each grid, label and line goes, in points from the
//! top-left corner of the page (y grows downwards). The result is a list of
//! [`Mark`]s per page that the PDF and SVG writers translate one for one.

use super::metrics::{text_width, CAP_HEIGHT};
use super::entry::{difficulty_label, Entry};
use super::options::{BookOptions, Fault, PrintError, PER_PAGE, PT_PER_MM};
use crate::grid::Grid;
use crate::shape::Shape;
use crate::variant::{Constraint, Variant};

/// Horizontal alignment of a text mark about its `x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// `x` is where the text starts.
    Left,
    /// `x` is the text's centre.
    Center,
    /// `x` is where the text ends.
    Right,
}

/// One thing drawn on a page, in points, black on white.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// A straight stroke with butt ends.
    Line {
        /// Start.
        from: (f32, f32),
        /// End.
        to: (f32, f32),
        /// Stroke width.
        width: f32,
    },
    /// A filled rectangle with no outline, in a shade of grey: the
    /// shaded cells of a variant (diagonals, windows).
    Fill {
        /// Left edge.
        x: f32,
        /// Top edge.
        y: f32,
        /// Width.
        w: f32,
        /// Height.
        h: f32,
        /// Grey level, 0 black to 1 white.
        grey: f32,
    },
    /// An outlined rectangle (mitred corners, so its sides meet).
    Rect {
        /// Left edge.
        x: f32,
        /// Top edge.
        y: f32,
        /// Width.
        w: f32,
        /// Height.
        h: f32,
        /// Stroke width.
        width: f32,
    },
    /// A line of text in Helvetica.
    Text {
        /// Anchor, placed by `align`.
        x: f32,
        /// Baseline.
        y: f32,
        /// Font size.
        size: f32,
        /// Helvetica-Bold instead of Helvetica.
        bold: bool,
        /// How the text sits about `x`.
        align: Align,
        /// The text.
        text: String,
    },
}

/// Where a grid sits on a page: what tests and tools need to find it again.
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    /// The puzzle's number.
    pub number: u64,
    /// Whether this is the answer (solution) rather than the puzzle.
    pub answer: bool,
    /// The board's shape.
    pub shape: Shape,
    /// Left edge of the grid.
    pub x: f32,
    /// Top edge of the grid.
    pub y: f32,
    /// Side of the grid.
    pub side: f32,
}

/// One page: its size, what is drawn on it, and where its grids are.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// Width in points.
    pub width: f32,
    /// Height in points.
    pub height: f32,
    /// Everything drawn, in drawing order.
    pub marks: Vec<Mark>,
    /// The grids on the page, in reading order.
    pub grids: Vec<Placement>,
}

/// Smallest cell of a puzzle grid: room to write a digit in by hand.
pub const MIN_PUZZLE_CELL_MM: f32 = 4.0;
/// Smallest cell of an answer-key grid: room for small printed digits.
pub const MIN_ANSWER_CELL_MM: f32 = 3.2;
/// Space between puzzle grids.
const GUTTER: f32 = 20.0;
/// Space between answer grids.
const ANSWER_GUTTER: f32 = 12.0;
/// Title and subtitle sizes, and the answer section's heading.
const TITLE_SIZE: f32 = 20.0;
const SUBTITLE_SIZE: f32 = 12.0;
const RUNNING_HEAD_SIZE: f32 = 10.0;
const ANSWERS_HEADING_SIZE: f32 = 16.0;
const PAGE_NUMBER_SIZE: f32 = 9.0;
const ANSWER_LABEL_SIZE: f32 = 8.0;
/// Answer-key arrangements (columns, rows), most grids per page first: the
/// first whose cells are large enough is used.
const ANSWER_ARRANGEMENTS: [(usize, usize); 7] = [(4, 5), (3, 4), (3, 3), (2, 3), (2, 2), (1, 2), (1, 1)];
/// Grey of a variant's shaded cells: light enough for pencil marks.
const SHADE: f32 = 0.85;
/// Height of the rule line under a variant puzzle, in label sizes.
const RULE_LINES: f32 = 1.5;
/// The smallest rule text; a rule that would need smaller goes on two
/// lines.
const MIN_RULE_SIZE: f32 = 6.0;

/// Columns and rows of puzzles for each puzzles-per-page count (portrait
/// pages: two puzzles stack, four and six go two abreast).
fn arrangement(per_page: usize) -> (usize, usize) {
    match per_page {
        1 => (1, 1),
        2 => (1, 2),
        4 => (2, 2),
        _ => (2, 3),
    }
}

/// Size of the "Puzzle N" label for each layout.
fn label_size(per_page: usize) -> f32 {
    match per_page {
        1 => 14.0,
        2 => 12.0,
        4 => 11.0,
        _ => 10.0,
    }
}

/// The printable area of a page, after margins and the heading band.
#[derive(Clone, Copy, Debug)]
struct Area {
    x: f32,
    y: f32,
    w: f32,
    h: f32,
}

impl Area {
    /// The slot at column `col`, row `row` of a `cols x rows` arrangement.
    fn slot(self, cols: usize, rows: usize, gutter: f32, col: usize, row: usize) -> Area {
        let w = (self.w - gutter * (cols - 1) as f32) / cols as f32;
        let h = (self.h - gutter * (rows - 1) as f32) / rows as f32;
        Area {
            x: self.x + col as f32 * (w + gutter),
            y: self.y + row as f32 * (h + gutter),
            w,
            h,
        }
    }

    /// Side of the largest square grid that fits under a label line.
    fn grid_side(self, label_h: f32) -> f32 {
        self.w.min(self.h - label_h).max(0.0)
    }
}

/// Everything fixed for the whole book.
struct Frame {
    width: f32,
    height: f32,
    margin: f32,
    band: f32,
    title: Option<String>,
    subtitle: Option<String>,
}

impl Frame {
    fn new(options: &BookOptions) -> Result<Frame, PrintError> {
        options.check()?;
        let (width, height) = options.page.points();
        let margin = options.margin_mm * PT_PER_MM;
        let title = options.title.clone().filter(|t| !t.trim().is_empty());
        let subtitle = options.subtitle.clone().filter(|t| !t.trim().is_empty());
        let band = match (&title, &subtitle) {
            (None, None) => 0.0,
            (_, None) => TITLE_SIZE * 1.2 + 14.0,
            _ => TITLE_SIZE * 1.2 + SUBTITLE_SIZE * 1.5 + 14.0,
        };
        let frame = Frame {
            width,
            height,
            margin,
            band,
            title,
            subtitle,
        };
        let room = width - 2.0 * margin;
        for (what, text, size) in [
            ("the title", &frame.title, TITLE_SIZE),
            ("the subtitle", &frame.subtitle, SUBTITLE_SIZE),
        ] {
            if let Some(text) = text {
                let w = text_width(text, size, size == TITLE_SIZE);
                if w > room {
                    return Err(PrintError(Fault::TooLong {
                        what: what.to_string(),
                        width: w,
                        room,
                    }));
                }
            }
        }
        Ok(frame)
    }

    /// The area below a heading band of height `band`.
    fn area(&self, band: f32) -> Area {
        Area {
            x: self.margin,
            y: self.margin + band,
            w: self.width - 2.0 * self.margin,
            h: self.height - 2.0 * self.margin - band,
        }
    }

    fn page(&self) -> Page {
        Page {
            width: self.width,
            height: self.height,
            marks: Vec::new(),
            grids: Vec::new(),
        }
    }

    /// Title and subtitle on the first page, a running head on the others.
    fn heading(&self, page: &mut Page, first: bool) {
        let Some(title) = self.title.as_ref().or(self.subtitle.as_ref()) else {
            return;
        };
        let centre = self.width / 2.0;
        if !first {
            page.marks.push(text(
                centre,
                self.margin + RUNNING_HEAD_SIZE,
                RUNNING_HEAD_SIZE,
                true,
                Align::Center,
                title,
            ));
            return;
        }
        let mut baseline = self.margin + TITLE_SIZE * CAP_HEIGHT + 2.0;
        if let Some(title) = &self.title {
            page.marks
                .push(text(centre, baseline, TITLE_SIZE, true, Align::Center, title));
            baseline += SUBTITLE_SIZE * 1.5 + 4.0;
        }
        if let Some(subtitle) = &self.subtitle {
            page.marks.push(text(
                centre,
                baseline,
                SUBTITLE_SIZE,
                false,
                Align::Center,
                subtitle,
            ));
        }
    }

    /// The page number, centred in the bottom margin.
    fn folio(&self, page: &mut Page, number: usize) {
        let baseline = self.height - self.margin / 2.0 + PAGE_NUMBER_SIZE * CAP_HEIGHT / 2.0;
        page.marks.push(text(
            self.width / 2.0,
            baseline,
            PAGE_NUMBER_SIZE,
            false,
            Align::Center,
            &number.to_string(),
        ));
    }
}

fn text(x: f32, y: f32, size: f32, bold: bool, align: Align, text: &str) -> Mark {
    Mark::Text {
        x,
        y,
        size,
        bold,
        align,
        text: text.to_string(),
    }
}

/// Splits entries into runs of one shape: a new shape starts a new page.
fn runs_of_one_shape(entries: &[Entry]) -> Vec<&[Entry]> {
    entries
        .chunk_by(|a, b| a.puzzle.shape() == b.puzzle.shape())
        .collect()
}

/// Lays out a whole book: puzzle pages, then (with `options.answers`) the
/// answer key. Each run of puzzles of one shape starts on a new page.
pub fn layout_book(entries: &[Entry], options: &BookOptions) -> Result<Vec<Page>, PrintError> {
    if entries.is_empty() {
        return Err(PrintError(Fault::Empty));
    }
    let frame = Frame::new(options)?;
    check_fit(entries, options, &frame)?;
    let mut pages = Vec::new();
    for run in runs_of_one_shape(entries) {
        for chunk in run.chunks(options.per_page) {
            let mut page = frame.page();
            frame.heading(&mut page, pages.is_empty());
            place_puzzles(&mut page, &frame, chunk, options.per_page);
            frame.folio(&mut page, pages.len() + 1);
            pages.push(page);
        }
    }
    if options.answers {
        for run in runs_of_one_shape(entries) {
            let (cols, rows) = answer_arrangement(&frame, run[0].puzzle.shape());
            for chunk in run.chunks(cols * rows) {
                let mut page = frame.page();
                place_answers(&mut page, &frame, chunk, (cols, rows));
                frame.folio(&mut page, pages.len() + 1);
                pages.push(page);
            }
        }
    }
    Ok(pages)
}

/// Side of a puzzle grid in the given layout, with room for a rule line
/// under it when `ruled`.
fn puzzle_side(frame: &Frame, per_page: usize, ruled: bool) -> f32 {
    let (cols, rows) = arrangement(per_page);
    let size = label_size(per_page);
    frame
        .area(frame.band)
        .slot(cols, rows, GUTTER, 0, 0)
        .grid_side(size * 1.6 + rule_band(size, ruled))
}

/// The room under a grid for its rule line(s): none for a classic puzzle.
fn rule_band(size: f32, ruled: bool) -> f32 {
    if ruled {
        size * RULE_LINES
    } else {
        0.0
    }
}

/// Refuses a layout whose cells would be too small for some puzzle.
fn check_fit(entries: &[Entry], options: &BookOptions, frame: &Frame) -> Result<(), PrintError> {
    let min = MIN_PUZZLE_CELL_MM * PT_PER_MM;
    // The first of the largest boards: the one a reader looks for.
    let Some(big) = entries.iter().rev().max_by_key(|e| e.puzzle.shape().n()) else {
        return Ok(());
    };
    let shape = big.puzzle.shape();
    let n = shape.n() as f32;
    let ruled = entries.iter().any(|e| !e.variant.is_classic());
    let cell = puzzle_side(frame, options.per_page, ruled) / n;
    if cell >= min {
        return Ok(());
    }
    let fits: Vec<String> = PER_PAGE
        .iter()
        .filter(|&&k| puzzle_side(frame, k, ruled) / n >= min)
        .map(|k| k.to_string())
        .collect();
    let fits = match fits.len() {
        0 => "none fits: use a smaller margin or no title".to_string(),
        _ => fits.join(" or "),
    };
    Err(PrintError(Fault::DoesNotFit {
        number: big.number,
        shape,
        n: shape.n(),
        per_page: options.per_page,
        page: options.page,
        cell_mm: cell / PT_PER_MM,
        min_mm: MIN_PUZZLE_CELL_MM,
        fits,
    }))
}

/// Places up to `per_page` puzzles, each under its label, centred in its
/// slot.
fn place_puzzles(page: &mut Page, frame: &Frame, chunk: &[Entry], per_page: usize) {
    let (cols, rows) = arrangement(per_page);
    let area = frame.area(frame.band);
    let size = label_size(per_page);
    let label_h = size * 1.6;
    for (i, entry) in chunk.iter().enumerate() {
        let slot = area.slot(cols, rows, GUTTER, i % cols, i / cols);
        let rule_h = rule_band(size, !entry.variant.is_classic());
        let side = slot.grid_side(label_h + rule_h);
        let x = slot.x + (slot.w - side) / 2.0;
        let y = slot.y + (slot.h - side - label_h - rule_h) / 2.0 + label_h;
        let right = difficulty_label(entry);
        label(
            page,
            (x, y, side),
            size,
            &format!("Puzzle {}", entry.number),
            right.as_deref(),
        );
        draw_grid(page, &entry.puzzle, None, &entry.variant, (x, y, side));
        rule(page, &entry.variant, (x, y + side, side), size);
        page.grids.push(Placement {
            number: entry.number,
            answer: false,
            shape: entry.puzzle.shape(),
            x,
            y,
            side,
        });
    }
}

/// A grid's label: `left` in bold at its left edge, `right` at its right
/// edge, shrunk together if they would meet.
fn label(page: &mut Page, (x, y, side): (f32, f32, f32), size: f32, left: &str, right: Option<&str>) {
    let gap = 1.5;
    let units = text_width(left, 1.0, true) + right.map_or(0.0, |r| text_width(r, 1.0, false) + gap);
    let size = size.min(side / units.max(1e-3));
    let baseline = y - size * 0.45;
    page.marks.push(text(x, baseline, size, true, Align::Left, left));
    if let Some(right) = right {
        page.marks
            .push(text(x + side, baseline, size, false, Align::Right, right));
    }
}

/// The densest answer arrangement whose cells stay legible for `shape`.
fn answer_arrangement(frame: &Frame, shape: Shape) -> (usize, usize) {
    let area = frame.area(answer_band());
    let min = MIN_ANSWER_CELL_MM * PT_PER_MM;
    ANSWER_ARRANGEMENTS
        .into_iter()
        .find(|&(cols, rows)| {
            area.slot(cols, rows, ANSWER_GUTTER, 0, 0)
                .grid_side(ANSWER_LABEL_SIZE * 1.6)
                / shape.n() as f32
                >= min
        })
        .unwrap_or((1, 1))
}

fn answer_band() -> f32 {
    ANSWERS_HEADING_SIZE * 1.2 + 12.0
}

/// Places the answers of `chunk` under an "Answers" heading.
fn place_answers(page: &mut Page, frame: &Frame, chunk: &[Entry], (cols, rows): (usize, usize)) {
    let heading_y = frame.margin + ANSWERS_HEADING_SIZE * CAP_HEIGHT + 2.0;
    page.marks.push(text(
        frame.margin,
        heading_y,
        ANSWERS_HEADING_SIZE,
        true,
        Align::Left,
        "Answers",
    ));
    let area = frame.area(answer_band());
    let label_h = ANSWER_LABEL_SIZE * 1.6;
    let side = area.slot(cols, rows, ANSWER_GUTTER, 0, 0).grid_side(label_h);
    for (i, entry) in chunk.iter().enumerate() {
        // Answers sit at the top-left of their slots so the key reads
        // like a table, row by row.
        let slot = area.slot(cols, rows, ANSWER_GUTTER, i % cols, i / cols);
        let (x, y) = (slot.x + (slot.w - side) / 2.0, slot.y + label_h);
        label(
            page,
            (x, y, side),
            ANSWER_LABEL_SIZE,
            &format!("Puzzle {}", entry.number),
            None,
        );
        draw_grid(page, &entry.solution, Some(&entry.puzzle), &entry.variant, (x, y, side));
        page.grids.push(Placement {
            number: entry.number,
            answer: true,
            shape: entry.solution.shape(),
            x,
            y,
            side,
        });
    }
}

/// Lays out one puzzle (or its answer) alone on a page just large enough,
/// for an SVG to put on a web page. Sizes are CSS pixels.
pub fn layout_puzzle(entry: &Entry, answer: bool) -> Page {
    let shape = entry.puzzle.shape();
    let cell = match shape.n() {
        0..=9 => 36.0,
        10..=12 => 32.0,
        13..=16 => 28.0,
        _ => 24.0,
    };
    let side = cell * shape.n() as f32;
    let (pad, size) = (8.0, 14.0);
    let label_h = size * 1.6;
    let rule_h = rule_band(size, !entry.variant.is_classic() && !answer);
    let (x, y) = (pad, pad + label_h);
    let mut page = Page {
        width: side + 2.0 * pad,
        height: side + label_h + rule_h + 2.0 * pad,
        marks: Vec::new(),
        grids: Vec::new(),
    };
    if answer {
        label(
            &mut page,
            (x, y, side),
            size,
            &format!("Answer to puzzle {}", entry.number),
            None,
        );
        draw_grid(
            &mut page,
            &entry.solution,
            Some(&entry.puzzle),
            &entry.variant,
            (x, y, side),
        );
    } else {
        let right = difficulty_label(entry);
        label(
            &mut page,
            (x, y, side),
            size,
            &format!("Puzzle {}", entry.number),
            right.as_deref(),
        );
        draw_grid(&mut page, &entry.puzzle, None, &entry.variant, (x, y, side));
        rule(&mut page, &entry.variant, (x, y + side, side), size);
    }
    page.grids.push(Placement {
        number: entry.number,
        answer,
        shape,
        x,
        y,
        side,
    });
    page
}

/// Draws a grid at `(x, y)` with side `side`: the variant's shaded cells
/// first, then thin cell lines, then thick box (or jigsaw region) lines
/// over them, then the border, then the symbols. In an answer (`givens`
/// set) the puzzle's givens are bold so a solver can tell them from the
/// cells they filled.
fn draw_grid(page: &mut Page, grid: &Grid, givens: Option<&Grid>, variant: &Variant, (x, y, side): (f32, f32, f32)) {
    let shape = grid.shape();
    let n = shape.n();
    let cell = side / n as f32;
    let thin = (cell * 0.025).clamp(0.35, 0.8);
    let thick = (cell * 0.08).clamp(1.25, 2.4);
    shade(page, variant, shape, (x, y, cell));
    if variant.has(Constraint::Jigsaw) {
        draw_regions(page, variant, shape, (x, y, cell), (thin, thick));
    } else {
        draw_box_lines(page, shape, (x, y, side), (thin, thick));
    }
    page.marks.push(Mark::Rect {
        x,
        y,
        w: side,
        h: side,
        width: thick,
    });
    draw_symbols(page, grid, givens, (x, y, cell));
}

/// Shades the cells of a variant's diagonals and windows; X with
/// windoku gets its diagonals as thin lines instead (see
/// `Variant::shaded_cells`).
fn shade(page: &mut Page, variant: &Variant, shape: Shape, (x, y, cell): (f32, f32, f32)) {
    for (i, _) in variant.shaded_cells(shape).iter().enumerate().filter(|(_, &s)| s) {
        page.marks.push(Mark::Fill {
            x: x + shape.col(i) as f32 * cell,
            y: y + shape.row(i) as f32 * cell,
            w: cell,
            h: cell,
            grey: SHADE,
        });
    }
    if variant.has(Constraint::X) && variant.has(Constraint::Windoku) {
        let side = cell * shape.n() as f32;
        let width = (cell * 0.03).clamp(0.4, 1.0);
        for (from, to) in [((x, y), (x + side, y + side)), ((x + side, y), (x, y + side))] {
            page.marks.push(Mark::Line { from, to, width });
        }
    }
}

/// Thin lines between all cells, then a thick one along every edge
/// between two jigsaw regions, cell edge by cell edge.
fn draw_regions(page: &mut Page, variant: &Variant, shape: Shape, (x, y, cell): (f32, f32, f32), (thin, thick): (f32, f32)) {
    let n = shape.n();
    let side = cell * n as f32;
    for k in 1..n {
        let at = k as f32 * cell;
        page.marks.push(Mark::Line {
            from: (x, y + at),
            to: (x + side, y + at),
            width: thin,
        });
        page.marks.push(Mark::Line {
            from: (x + at, y),
            to: (x + at, y + side),
            width: thin,
        });
    }
    let region = |r: usize, c: usize| variant.region_of(shape, shape.cell(r, c));
    for r in 0..n {
        for c in 0..n {
            let (left, top) = (x + c as f32 * cell, y + r as f32 * cell);
            // Segments run a half stroke past each end, so that segments
            // meeting at a corner leave no notch.
            let over = thick / 2.0;
            if c + 1 < n && region(r, c) != region(r, c + 1) {
                page.marks.push(Mark::Line {
                    from: (left + cell, top - over),
                    to: (left + cell, top + cell + over),
                    width: thick,
                });
            }
            if r + 1 < n && region(r, c) != region(r + 1, c) {
                page.marks.push(Mark::Line {
                    from: (left - over, top + cell),
                    to: (left + cell + over, top + cell),
                    width: thick,
                });
            }
        }
    }
}

/// The rule of a variant puzzle under its grid (whose bottom-left corner
/// is `(x, y)`), shrunk to the grid's width, on two lines where one would
/// be too small to read. Nothing for a classic puzzle.
fn rule(page: &mut Page, variant: &Variant, (x, y, side): (f32, f32, f32), label: f32) {
    if variant.is_classic() {
        return;
    }
    let text_of = variant.rule();
    let size = (label * 0.8).min(side / text_width(&text_of, 1.0, false).max(1e-3));
    if size >= MIN_RULE_SIZE {
        page.marks
            .push(text(x, y + size * 1.3, size, false, Align::Left, &text_of));
        return;
    }
    // Two lines, split at the clause boundary that makes the wider line
    // narrowest.
    let halves = |split: usize| (&text_of[..split + 1], text_of[split + 1..].trim_start());
    let widest = |(a, b): (&str, &str)| text_width(a, 1.0, false).max(text_width(b, 1.0, false));
    let split = text_of
        .match_indices("; ")
        .map(|(i, _)| i)
        .min_by(|&a, &b| widest(halves(a)).total_cmp(&widest(halves(b))))
        .unwrap_or(text_of.len() / 2);
    let (first, second) = halves(split);
    let widest = widest((first, second));
    let size = (label * 0.8).min(side / widest.max(1e-3)) * 0.95;
    page.marks
        .push(text(x, y + size * 1.2, size, false, Align::Left, first));
    page.marks
        .push(text(x, y + size * 2.3, size, false, Align::Left, second));
}

/// Thin cell lines, then thick box lines over them.
fn draw_box_lines(page: &mut Page, shape: Shape, (x, y, side): (f32, f32, f32), (thin, thick): (f32, f32)) {
    let n = shape.n();
    let cell = side / n as f32;
    // Inner lines run border to border: their butt ends lie on the border's
    // centre line, under its stroke, so every line meets the frame.
    for box_line in [false, true] {
        for k in 1..n {
            let on_box_row = k % shape.box_rows() == 0;
            let on_box_col = k % shape.box_cols() == 0;
            let at = k as f32 * cell;
            if on_box_row == box_line {
                let width = if box_line { thick } else { thin };
                page.marks.push(Mark::Line {
                    from: (x, y + at),
                    to: (x + side, y + at),
                    width,
                });
            }
            if on_box_col == box_line {
                let width = if box_line { thick } else { thin };
                page.marks.push(Mark::Line {
                    from: (x + at, y),
                    to: (x + at, y + side),
                    width,
                });
            }
        }
    }
}

/// The grid's symbols, givens in bold in an answer.
fn draw_symbols(page: &mut Page, grid: &Grid, givens: Option<&Grid>, (x, y, cell): (f32, f32, f32)) {
    let shape = grid.shape();
    let size = cell * 0.6;
    for (i, &d) in grid.cells().iter().enumerate() {
        if d == 0 {
            continue;
        }
        let (r, c) = (shape.row(i), shape.col(i));
        let cx = x + (c as f32 + 0.5) * cell;
        let baseline = y + (r as f32 + 0.5) * cell + size * CAP_HEIGHT / 2.0;
        let bold = givens.is_some_and(|g| g.get(i) != 0);
        page.marks.push(text(
            cx,
            baseline,
            size,
            bold,
            Align::Center,
            &Shape::symbol(d).to_string(),
        ));
    }
}

/// How many pages a book of `count` puzzles of one shape takes, without
/// the answer key: `ceil(count / per_page)`.
pub fn puzzle_pages(count: usize, per_page: usize) -> usize {
    count.div_ceil(per_page)
}

/// Answer grids per page for `shape` on `page` with `options`' margins and
/// title.
pub fn answers_per_page(shape: Shape, options: &BookOptions) -> Result<usize, PrintError> {
    let frame = Frame::new(options)?;
    let (cols, rows) = answer_arrangement(&frame, shape);
    Ok(cols * rows)
}
