//! Full house: the last empty cell of a house takes the one digit the
//! house still lacks. The easiest step there is (SE 1.0).

use super::super::candidates::{bit, digits, full_mask, Candidates};
use super::super::step::Step;
use super::super::technique::Technique;

/// Finds a house with exactly one empty cell whose missing digit is still a
/// candidate there.
pub fn find(c: &Candidates) -> Option<Step> {
    let n = c.n();
    for h in 0..3 * n {
        let mut empty = None;
        let mut empties = 0;
        let mut placed = 0u32;
        for &cell in c.tables().house(h) {
            match c.value(cell) {
                0 => {
                    empties += 1;
                    empty = Some(cell);
                }
                d => placed |= bit(d),
            }
        }
        let (Some(cell), 1) = (empty, empties) else {
            continue;
        };
        let missing = full_mask(n) & !placed;
        if missing.count_ones() == 1 && c.mask(cell) & missing != 0 {
            let d = digits(missing).next()?;
            return Some(
                Step::new(Technique::FullHouse)
                    .with_cells([cell], n)
                    .with_houses([h], n)
                    .with_digits([d])
                    .place(cell, d, n),
            );
        }
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
            "Full house: r4c9 is the only empty cell in row 4, so place 9 in r4c9"
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
