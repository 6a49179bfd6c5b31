//! Full house: the last empty cell of a house takes the one digit the
//! house still lacks. The easiest step there is (SE 1.0).

use super::super::board::{Cell, House};
use super::super::candidates::{bit, digits, full_mask, Candidates};
use super::super::producer::{Context, Producer};
use super::super::step::{Pattern, Step};
use super::super::technique::Technique;
use super::common::{extra_house_order, se_house_order};
use crate::shape::Shape;
use std::fmt;

/// SE's difficulty of the technique's steps.
const DIFFICULTY: f32 = 1.0;

/// The last empty cell of a house (SE rates it as a hidden single).
pub(crate) struct FullHouse;

impl Producer for FullHouse {
    fn techniques(&self) -> &'static [Technique] {
        &[Technique::FullHouse]
    }

    fn difficulty(&self, _: Technique) -> f32 {
        DIFFICULTY
    }

    // A house's full house depends on that house alone: houses unchanged
    // since they had none are skipped.
    fn find(&self, c: &Candidates, cx: &mut Context) -> Option<Step> {
        let houses = se_house_order(c.n()).chain(extra_house_order(c));
        cx.memo.first_house(Technique::FullHouse, c, houses, |h| in_house(c, h))
    }
}

/// The last empty cell of a house and the digit it lacks.
#[derive(Debug)]
struct LastCell {
    cell: Cell,
    house: House,
    digit: u8,
}

impl Pattern for LastCell {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is the only empty cell in {}, which lacks only {}",
            self.cell,
            self.house,
            Shape::symbol(self.digit)
        )
    }
}

/// Finds a house with exactly one empty cell whose missing digit is still a
/// candidate there, looking at boxes, then columns, then rows as SE does.
#[cfg(test)]
fn find(c: &Candidates) -> Option<Step> {
    se_house_order(c.n()).find_map(|h| in_house(c, h))
}

/// The full house of house `h`, if it has one.
fn in_house(c: &Candidates, h: usize) -> Option<Step> {
    if c.empty_cells(h) != 1 {
        return None;
    }
    let n = c.n();
    // The house's one empty cell, and the digits placed in the others.
    let mut empty = None;
    let mut placed = 0u32;
    for &cell in c.tables().house(h) {
        match c.value(cell) {
            0 => empty = Some(cell),
            d => placed |= bit(d),
        }
    }
    let cell = empty?;
    let missing = full_mask(n) & !placed;
    if missing.count_ones() == 1 && c.mask(cell) & missing != 0 {
        let d = digits(missing).next()?;
        return Some(
            Step::new(
                Technique::FullHouse,
                DIFFICULTY,
                LastCell {
                    cell: Cell::of(cell, n),
                    house: House::of(h, n),
                    digit: d,
                },
            )
            .place(cell, d, n),
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn fills_the_last_cell_of_a_row() {
        let mut c = open_board();
        // Row 4 holds 1..8 in columns 1..8; r4c9 can only be 9.
        for col in 1..=8 {
            c.place(rc(4, col), col as u8);
        }
        let step = find(&c).expect("full house");
        assert_eq!(placed(&step), vec![(rc(4, 9), 9)]);
        assert_eq!(
            step.to_string(),
            "Hidden Single: r4c9 is the only empty cell in row 4, which lacks only 9, so place 9 in r4c9"
        );
    }

    #[test]
    fn needs_a_single_empty_cell() {
        let mut c = open_board();
        for col in 1..=7 {
            c.place(rc(4, col), col as u8);
        }
        assert!(find(&c).is_none());
    }
}
