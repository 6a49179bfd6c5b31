//! A book's entry and the label printed beside it: what the book reader,
//! the layout and the writers all share, kept apart from the module that
//! ties them together.

use crate::grid::Grid;
use crate::variant::Variant;

/// One puzzle of a book, with what its label shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The number printed above the puzzle and its answer.
    pub number: u64,
    /// The puzzle (0 for empty cells).
    pub puzzle: Grid,
    /// Its solution, for the answer key.
    pub solution: Grid,
    /// Difficulty level, such as `hard`, when known.
    pub level: Option<String>,
    /// Rating on the Sudoku Explainer scale, when known.
    pub rating: Option<f32>,
    /// The rules beyond rows, columns and boxes (classic by default):
    /// the page marks them as books do and prints them under the grid.
    pub variant: Variant,
}

/// The label beside a puzzle's number: level and rating when known, as in
/// `Hard (3.4)`.
pub(crate) fn difficulty_label(entry: &Entry) -> Option<String> {
    let level = entry.level.as_deref().map(|l| {
        let mut chars = l.chars();
        chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect::<String>())
            .unwrap_or_default()
    });
    match (level, entry.rating) {
        (Some(l), Some(r)) => Some(format!("{l} ({r:.1})")),
        (Some(l), None) => Some(l),
        (None, Some(r)) => Some(format!("Rating {r:.1}")),
        (None, None) => None,
    }
}
