//! Hand-made positions and checks for the producers' unit tests.

use crate::logic::board::{Candidate, Cell};
use crate::logic::candidates::{bit, Candidates};
use crate::logic::producer::{Context, Memo};
use crate::logic::step::Step;
use crate::logic::technique::Technique;
use crate::shape::Shape;

/// A fresh solve context for calling a finder directly; leaked, as
/// tests are short-lived.
pub fn scratch() -> Context<'static> {
    Context {
        memo: Box::leak(Box::new(Memo::new(9))),
        searched: Technique::ALL.len(),
    }
}

/// Row-major index of 1-based row and column on a 9x9 board.
pub fn rc(row: usize, col: usize) -> usize {
    (row - 1) * 9 + (col - 1)
}

/// A 9x9 board where every cell may hold every digit.
pub fn open_board() -> Candidates {
    Candidates::new(Shape::CLASSIC)
}

/// A 9x9 non-consecutive board where every cell may hold every digit.
pub fn nc_board() -> Candidates {
    let variant: crate::variant::Variant = "non-consecutive".parse().unwrap();
    let tables = crate::logic::candidates::Tables::for_variant(Shape::CLASSIC, &variant).unwrap();
    Candidates::empty(std::sync::Arc::new(tables))
}

/// A box-5 hidden pair: 2 and 9 fit only in r4c4 {2,5,9} and r6c6
/// {1,2,9}; the box's other cells hold neither.
pub fn box5_hidden_pair() -> Candidates {
    let mut c = open_board();
    let others = [
        rc(4, 5),
        rc(4, 6),
        rc(5, 4),
        rc(5, 5),
        rc(5, 6),
        rc(6, 4),
        rc(6, 5),
    ];
    for cell in others {
        c.set_digits(cell, &[1, 3, 4, 5, 6, 7, 8]);
    }
    c.set_digits(rc(4, 4), &[2, 5, 9]);
    c.set_digits(rc(6, 6), &[1, 2, 9]);
    c
}

/// Removes `d` from every cell except `keep`.
pub fn confine(c: &mut Candidates, d: u8, keep: &[usize]) {
    for cell in 0..c.cell_count() {
        if !keep.contains(&cell) && c.value(cell) == 0 {
            c.set_mask(cell, c.mask(cell) & !bit(d));
        }
    }
}

/// The eliminations of a step as sorted `(cell index, digit)` pairs.
pub fn removed(step: &Step) -> Vec<(usize, u8)> {
    sorted(&step.eliminations)
}

/// The placements of a step as sorted `(cell index, digit)` pairs.
pub fn placed(step: &Step) -> Vec<(usize, u8)> {
    sorted(&step.placements)
}

fn sorted(list: &[Candidate]) -> Vec<(usize, u8)> {
    let mut v: Vec<(usize, u8)> = list.iter().map(|e| (Cell::index(e.cell, 9), e.digit)).collect();
    v.sort();
    v
}

/// `(cell, d)` for each cell, sorted, for comparing with [`removed`].
pub fn each(cells: &[usize], d: u8) -> Vec<(usize, u8)> {
    let mut v: Vec<(usize, u8)> = cells.iter().map(|&c| (c, d)).collect();
    v.sort();
    v
}
