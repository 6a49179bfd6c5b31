//! Naked single: a cell with one candidate left holds that digit (SE 2.3).

use super::super::board::Cell;
use super::super::candidates::{digits, Candidates};
use super::super::producer::{Context, Producer};
use super::super::step::{Pattern, Step};
use super::super::technique::Technique;
use crate::shape::Shape;
use std::fmt;

/// SE's difficulty of the technique's steps.
const DIFFICULTY: f32 = 2.3;

/// Naked singles.
pub(crate) struct NakedSingle;

impl Producer for NakedSingle {
    fn techniques(&self) -> &'static [Technique] {
        &[Technique::NakedSingle]
    }

    fn difficulty(&self, _: Technique) -> f32 {
        DIFFICULTY
    }

    fn find(&self, c: &Candidates, _cx: &mut Context) -> Option<Step> {
        find(c)
    }
}

/// A cell with one candidate left.
#[derive(Debug)]
struct LoneCandidate {
    cell: Cell,
    digit: u8,
}

impl Pattern for LoneCandidate {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} can only be {}", self.cell, Shape::symbol(self.digit))
    }
}

/// Finds an unsolved cell with exactly one candidate.
pub fn find(c: &Candidates) -> Option<Step> {
    let n = c.n();
    let cell = (0..c.cell_count()).find(|&cell| c.mask(cell).count_ones() == 1)?;
    let d = digits(c.mask(cell)).next()?;
    Some(
        Step::new(
            Technique::NakedSingle,
            DIFFICULTY,
            LoneCandidate {
                cell: Cell::of(cell, n),
                digit: d,
            },
        )
        .place(cell, d, n),
    )
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn places_the_only_candidate() {
        let mut c = open_board();
        c.set_digits(rc(5, 5), &[4]);
        let step = find(&c).expect("naked single");
        assert_eq!(placed(&step), vec![(rc(5, 5), 4)]);
        assert_eq!(
            step.to_string(),
            "Naked Single: r5c5 can only be 4, so place 4 in r5c5"
        );
    }

    #[test]
    fn ignores_cells_with_two_candidates() {
        let mut c = open_board();
        c.set_digits(rc(5, 5), &[4, 6]);
        assert!(find(&c).is_none());
    }
}
