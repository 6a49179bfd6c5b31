//! `sudoku-dlx print`: puzzle books (PDF) and puzzle pictures (SVG) from
//! puzzle files; also the writer behind `generate --format pdf|svg`. The
//! layout itself is the library's ([`sudoku_dlx::print`]).

use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use sudoku_dlx::print::{
    layout, puzzle_svg, read_sources, Book, BookOptions, Entry, Input, PageSize, PrintError,
};
use sudoku_dlx::{Grid, Shape, Variant};

/// Most puzzles in one book: past this the PDF gets unwieldy, and the
/// whole input is held in memory.
const MAX_PUZZLES: usize = 20_000;

/// Page and book options shared by `print` and `generate --format pdf|svg`.
#[derive(Args, Debug, Clone)]
#[command(next_help_heading = "Book options (pdf and svg)")]
pub struct BookArgs {
    /// Paper size: a4 or letter.
    #[arg(long, value_name = "SIZE", default_value = "a4", value_parser = parse_page)]
    page: PageSize,
    /// Puzzles per page: 1, 2, 4 or 6 (default: 4, or fewer when the
    /// board is too large for legible cells).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = parse_per_page)]
    per_page: Option<usize>,
    /// Margin on every side, in millimetres (5 to 50).
    #[arg(
        long,
        value_name = "MM",
        default_value_t = 15.0,
        allow_negative_numbers = true
    )]
    margin: f32,
    /// Title on the first page, repeated small at the top of the others.
    #[arg(long, value_name = "TEXT")]
    title: Option<String>,
    /// A line under the title on the first page.
    #[arg(long, value_name = "TEXT")]
    subtitle: Option<String>,
    /// Leave out the answer key (on by default).
    #[arg(long)]
    no_answers: bool,
    /// SVG only: one file per puzzle (and one per answer), or one per page.
    #[arg(long, value_enum, value_name = "UNIT", default_value = "puzzle")]
    svg_per: SvgUnit,
}

/// What one SVG file holds.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SvgUnit {
    /// One puzzle, sized to it (for web pages).
    Puzzle,
    /// One page of the book.
    Page,
}

/// Output forms of `print`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookFormat {
    /// A PDF book.
    Pdf,
    /// SVG pictures.
    Svg,
}

/// Options of `print`.
#[derive(Args, Debug)]
pub struct PrintArgs {
    /// Puzzle files (standard input when none), in any form the tool reads;
    /// the JSON, JSONL and CSV records of `generate` bring their rating,
    /// level, index and solution.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Board shape as box rows x box columns; inferred from each puzzle's
    /// size when omitted.
    #[arg(long = "box", value_name = "RxC")]
    shape: Option<Shape>,
    /// Output form.
    #[arg(long, value_enum, default_value = "pdf")]
    format: BookFormat,
    /// Output file (for SVG, the name the numbered files are made from).
    /// Standard output when omitted: a PDF, or the SVG of a single puzzle.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// Rate puzzles whose records carry no rating, so that every label
    /// shows a level and rating.
    #[arg(long)]
    rate: bool,
    /// Variant rules for records that do not name their own: a
    /// comma-separated list of x, windoku, disjoint-groups, anti-knight,
    /// anti-king, non-consecutive, jigsaw (a jigsaw puzzle line is
    /// followed by its region line). Diagonals and windows are shaded,
    /// jigsaw regions outlined, and the rules printed under each puzzle.
    #[arg(long, value_name = "LIST")]
    variant: Option<Variant>,
    #[command(flatten)]
    book: BookArgs,
}

fn parse_page(text: &str) -> Result<PageSize, String> {
    text.parse().map_err(|e: PrintError| e.to_string())
}

fn parse_per_page(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(k) => {
            let options = BookOptions {
                per_page: k,
                ..BookOptions::default()
            };
            options.check().map(|()| k).map_err(|e| e.to_string())
        }
        Err(_) => Err(format!(
            "'{text}' is not a number of puzzles per page: choose 1, 2, 4 or 6"
        )),
    }
}

impl BookArgs {
    fn options(&self, per_page: usize) -> BookOptions {
        BookOptions {
            page: self.page,
            per_page,
            margin_mm: self.margin,
            title: self.title.clone(),
            subtitle: self.subtitle.clone(),
            answers: !self.no_answers,
        }
    }

    /// Lays out the book: with `--per-page` as asked, otherwise the
    /// largest of 4, 2 and 1 per page whose cells stay legible.
    fn layout(&self, entries: &[Entry]) -> Result<Book, PrintError> {
        if let Some(k) = self.per_page {
            return layout(entries, &self.options(k));
        }
        let mut result = layout(entries, &self.options(4));
        for k in [2, 1] {
            if !matches!(&result, Err(e) if e.fits().is_some()) {
                break;
            }
            result = layout(entries, &self.options(k));
        }
        result
    }

    /// Checks the options against a board shape before a long run, so a
    /// layout that cannot work fails at once.
    pub fn check(&self, shape: Shape) -> Result<()> {
        let grid = Grid::empty(shape);
        let probe = Entry {
            number: 1,
            puzzle: grid.clone(),
            solution: grid,
            level: None,
            rating: None,
            variant: Variant::default(),
        };
        self.layout(&[probe])?;
        Ok(())
    }
}

/// Runs `print`; returns the exit code.
pub fn run(args: PrintArgs) -> Result<i32> {
    let variant = args.variant.clone().unwrap_or_default();
    let mut sources = Vec::new();
    if args.files.is_empty() {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("cannot read standard input")?;
        read_into(&mut sources, "-", &text, args.shape, &variant)?;
    }
    for path in &args.files {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        read_into(
            &mut sources,
            &path.display().to_string(),
            &text,
            args.shape,
            &variant,
        )?;
    }
    anyhow::ensure!(!sources.is_empty(), "no puzzles to print");
    let entries = sudoku_dlx::print::entries(sources, args.rate, Default::default())?;
    write_book(&entries, &args.book, args.format, args.output.as_deref())?;
    Ok(0)
}

/// Reads one file's puzzles, each with its file name for messages.
fn read_into(
    sources: &mut Vec<(String, Input)>,
    name: &str,
    text: &str,
    shape: Option<Shape>,
    variant: &Variant,
) -> Result<()> {
    let read = read_sources(text, shape, variant).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
    sources.extend(read.into_iter().map(|s| (name.to_string(), s)));
    if sources.len() > MAX_PUZZLES {
        bail!("more than {MAX_PUZZLES} puzzles: split the input into several books");
    }
    Ok(())
}

/// Writes the book in `format` to `output` (standard output when `None`).
pub fn write_book(
    entries: &[Entry],
    book: &BookArgs,
    format: BookFormat,
    output: Option<&Path>,
) -> Result<()> {
    match format {
        BookFormat::Pdf => write_pdf(entries, book, output),
        BookFormat::Svg => write_svgs(entries, book, output),
    }
}

#[cfg(feature = "print")]
fn write_pdf(entries: &[Entry], book: &BookArgs, output: Option<&Path>) -> Result<()> {
    let bytes = book.layout(entries)?.pdf(book.title.as_deref())?;
    match output {
        Some(path) => std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display())),
        None => {
            let mut stdout = std::io::stdout();
            if stdout.is_terminal() {
                bail!("a PDF is not for a terminal: give -o FILE or redirect standard output");
            }
            stdout.write_all(&bytes)?;
            Ok(stdout.flush()?)
        }
    }
}

#[cfg(not(feature = "print"))]
fn write_pdf(_: &[Entry], _: &BookArgs, _: Option<&Path>) -> Result<()> {
    bail!("this build has no PDF support (cargo feature `print`); use --format svg")
}

/// SVG files: one per puzzle and answer (`NAME-007.svg`,
/// `NAME-007-answer.svg`) or one per page (`NAME-p01.svg`); a single
/// puzzle without `-o` goes to standard output.
fn write_svgs(entries: &[Entry], book: &BookArgs, output: Option<&Path>) -> Result<()> {
    let Some(path) = output else {
        if entries.len() != 1 || book.svg_per == SvgUnit::Page {
            bail!(
                "{} puzzles make several SVG files: give -o NAME.svg to name them",
                entries.len()
            );
        }
        let mut stdout = std::io::stdout();
        stdout.write_all(puzzle_svg(&entries[0], false).as_bytes())?;
        return Ok(stdout.flush()?);
    };
    let stem = path.with_extension("");
    let named = |suffix: &str| PathBuf::from(format!("{}-{suffix}.svg", stem.display()));
    let mut files: Vec<(PathBuf, String)> = Vec::new();
    match book.svg_per {
        SvgUnit::Puzzle => {
            let width = entries
                .iter()
                .map(|e| e.number)
                .max()
                .unwrap_or(1)
                .to_string()
                .len()
                .max(3);
            for entry in entries {
                let number = format!("{:0width$}", entry.number);
                files.push((named(&number), puzzle_svg(entry, false)));
                if !book.no_answers {
                    files.push((named(&format!("{number}-answer")), puzzle_svg(entry, true)));
                }
            }
        }
        SvgUnit::Page => {
            let pages = book.layout(entries)?.svg_pages();
            let width = pages.len().to_string().len().max(2);
            for (i, page) in pages.into_iter().enumerate() {
                files.push((named(&format!("p{:0width$}", i + 1)), page));
            }
        }
    }
    for (path, text) in files {
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// A generated puzzle as a book entry, numbered from its index.
pub fn book_entry(p: &sudoku_dlx::Puzzle) -> Entry {
    Entry::from(p)
}
