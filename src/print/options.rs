//! How a book is laid out and why it cannot be: the options the layout
//! reads and the errors it and the writers give, kept apart from the
//! module that ties them together.

use crate::shape::Shape;
use std::fmt;
use std::str::FromStr;

/// Paper sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum PageSize {
    /// ISO A4, 210 x 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

impl PageSize {
    internal_pub! {
        /// Width and height in points (1/72 in).
        fn points(self) -> (f32, f32) {
            match self {
                PageSize::A4 => (595.28, 841.89),
                PageSize::Letter => (612.0, 792.0),
            }
        }
    }
}

impl FromStr for PageSize {
    type Err = PrintError;

    fn from_str(text: &str) -> Result<PageSize, PrintError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "a4" => Ok(PageSize::A4),
            "letter" | "us-letter" => Ok(PageSize::Letter),
            _ => Err(PrintError(Fault::UnknownPageSize(text.to_string()))),
        }
    }
}

impl fmt::Display for PageSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PageSize::A4 => "A4",
            PageSize::Letter => "Letter",
        })
    }
}

/// The layouts a page can hold: puzzles per page.
pub(crate) const PER_PAGE: [usize; 4] = [1, 2, 4, 6];

/// Margins allowed, in millimetres: below 5 mm printers clip, above 50 mm
/// nothing is left to print on.
pub(crate) const MARGIN_RANGE_MM: std::ops::RangeInclusive<f32> = 5.0..=50.0;

/// How a book is laid out.
#[derive(Clone, Debug, PartialEq)]
pub struct BookOptions {
    /// Paper size.
    pub page: PageSize,
    /// Puzzles per page: 1, 2, 4 or 6.
    pub per_page: usize,
    /// Margin on every side, in millimetres.
    pub margin_mm: f32,
    /// Title on the first page (and a running head on the others).
    pub title: Option<String>,
    /// Line under the title on the first page.
    pub subtitle: Option<String>,
    /// Whether the book ends with an answer key.
    pub answers: bool,
}

impl BookOptions {
    /// Checks the options that do not depend on the puzzles: puzzles per
    /// page (1, 2, 4 or 6) and the margin (5 to 50 mm).
    pub fn check(&self) -> Result<(), PrintError> {
        if !PER_PAGE.contains(&self.per_page) {
            return Err(PrintError(Fault::PerPage(self.per_page)));
        }
        if !MARGIN_RANGE_MM.contains(&self.margin_mm) {
            return Err(PrintError(Fault::Margin(self.margin_mm)));
        }
        Ok(())
    }
}

impl Default for BookOptions {
    fn default() -> BookOptions {
        BookOptions {
            page: PageSize::A4,
            per_page: 4,
            margin_mm: 15.0,
            title: None,
            subtitle: None,
            answers: true,
        }
    }
}

/// Why a book cannot be laid out or written; its text says what to
/// change.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error(transparent)]
pub struct PrintError(pub(crate) Fault);

impl PrintError {
    /// The layouts (puzzles per page) that would fit, as text such as
    /// `1 or 2`, when the puzzles do not fit the one asked for.
    pub fn fits(&self) -> Option<&str> {
        match &self.0 {
            Fault::DoesNotFit { fits, .. } => Some(fits),
            _ => None,
        }
    }
}

/// What keeps a book from being laid out or written.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub(crate) enum Fault {
    /// A page size that is not A4 or Letter.
    #[error("unknown page size '{0}': expected a4 or letter")]
    UnknownPageSize(String),
    /// A puzzles-per-page count with no layout.
    #[error("{0} puzzles per page is not a layout: choose 1, 2, 4 or 6")]
    PerPage(usize),
    /// A margin out of range.
    #[error("a margin of {0} mm is out of range: choose 5 to 50 mm")]
    Margin(f32),
    /// Cells would be too small to read or write in.
    #[error("puzzle {number} ({shape} boxes, {n}x{n}) does not fit {per_page} per page on {page}: its cells would be {cell_mm:.1} mm, below the {min_mm:.1} mm a reader can write in; puzzles per page that fit: {fits}")]
    DoesNotFit {
        /// The first puzzle that does not fit.
        number: u64,
        /// Its shape.
        shape: Shape,
        /// Its side.
        n: usize,
        /// Layout asked for.
        per_page: usize,
        /// Paper.
        page: PageSize,
        /// Cell side it would get.
        cell_mm: f32,
        /// Smallest cell side allowed.
        min_mm: f32,
        /// The layouts that do fit, as text ("1 or 2").
        fits: String,
    },
    /// A title, subtitle or label with a character the PDF base font
    /// lacks; only the PDF writer (the `print` feature) finds one.
    #[cfg(feature = "print")]
    #[error("{what} contains '{ch}', which the PDF base font (Latin-1) cannot show")]
    Unprintable {
        /// Which text.
        what: String,
        /// The character.
        ch: char,
    },
    /// Text too long for one line of the page.
    #[error("{what} is too long for one line of the page ({width:.0} pt wide, room for {room:.0} pt)")]
    TooLong {
        /// Which text.
        what: String,
        /// Its width.
        width: f32,
        /// The room there is.
        room: f32,
    },
    /// Nothing to print.
    #[error("no puzzles to print")]
    Empty,
}

/// Points per millimetre.
pub(crate) const PT_PER_MM: f32 = 72.0 / 25.4;
