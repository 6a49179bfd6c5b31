//! Print-ready pages: puzzle books as PDF and single puzzles or pages as
//! SVG (see docs/print.md).
//!
//! [`layout`] turns a list of [`Entry`] values and [`BookOptions`] into a
//! [`Book`]: pages of drawing marks (lines, rectangles, text) in points;
//! the PDF and SVG writers only translate those marks, so both formats
//! follow the same drawing rules. [`read_sources`] reads the records
//! `generate` writes, with their rating, level and index; [`entries`]
//! turns them into entries.

/// The steps of printing, public with the `internals` feature only (the
/// crate's tests check the marks on a page); a caller uses [`layout`],
/// [`Book`] and [`puzzle_svg`].
macro_rules! print_steps {
    ($($(#[$attr:meta])* $name:ident),* $(,)?) => {$(
        $(#[$attr])*
        #[cfg(feature = "internals")]
        pub mod $name;
        $(#[$attr])*
        #[cfg(not(feature = "internals"))]
        #[allow(dead_code)]
        mod $name;
    )*};
}

print_steps!(
    book,
    input,
    layout,
    #[cfg(feature = "print")]
    pdf,
    svg
);
mod entry;
mod metrics;
mod options;

pub use book::{entries, BookError};
pub use entry::Entry;
pub use input::{read_sources, InputError, Source as Input};
#[cfg(feature = "internals")]
pub use layout::{layout_book, layout_puzzle, Align, Mark, Page, Placement};
pub use options::{BookOptions, PageSize, PrintError};

/// A laid-out book: its pages, ready to write as one PDF or one SVG
/// picture per page.
#[derive(Clone, Debug)]
pub struct Book {
    pages: Vec<layout::Page>,
}

/// Lays out `entries` as a book with `options`: the puzzles first, then
/// the answers (unless `options.answers` is off).
pub fn layout(entries: &[Entry], options: &BookOptions) -> Result<Book, PrintError> {
    layout::layout_book(entries, options).map(|pages| Book { pages })
}

/// One puzzle (or its answer) as an SVG picture sized to it, for web
/// pages.
pub fn puzzle_svg(entry: &Entry, answer: bool) -> String {
    svg::write_svg(&layout::layout_puzzle(entry, answer))
}

impl Book {
    internal_pub! {
        /// Pages in the book.
        fn page_count(&self) -> usize {
            self.pages.len()
        }
    }

    /// The whole book as a PDF file, with `title` in its metadata.
    #[cfg(feature = "print")]
    pub fn pdf(&self, title: Option<&str>) -> Result<Vec<u8>, PrintError> {
        pdf::write_pdf(&self.pages, title)
    }

    /// Each page as an SVG picture.
    pub fn svg_pages(&self) -> Vec<String> {
        self.pages.iter().map(svg::write_svg).collect()
    }
}
