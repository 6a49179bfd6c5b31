//! Naked pairs, triples and quads: `k` cells of a house whose candidates
//! together are only `k` digits hold exactly those digits, so the digits
//! leave the rest of the house (SE 3.0, 3.6, 5.0).

use super::super::board::{cell_list, digit_list, House};
use super::super::candidates::{digits, Candidates};
use super::super::producer::{Context, Producer};
use super::super::step::{Pattern, Step};
use super::super::technique::Technique;
use super::common::{if_progress, se_house_order, search_subsets, MAX_SUBSET};
use std::fmt;

/// Naked sets of `degree` cells (SE's `NakedSet(degree)`): pairs,
/// triplets and quads.
pub(crate) struct NakedSet {
    /// Cells in the set: 2, 3 or 4.
    pub degree: usize,
}

impl Producer for NakedSet {
    fn techniques(&self) -> &'static [Technique] {
        match self.degree {
            2 => &[Technique::NakedPair],
            3 => &[Technique::NakedTriple],
            _ => &[Technique::NakedQuad],
        }
    }

    fn difficulty(&self, _: Technique) -> f32 {
        difficulty(self.degree)
    }

    fn find(&self, c: &Candidates, cx: &mut Context) -> Option<Step> {
        let technique = self.techniques()[0];
        let houses = se_house_order(c.n());
        cx.memo
            .first_house(technique, c, houses, |h| find_in(c, self.degree, h))
    }
}

/// SE's difficulty of a naked set of `degree` cells.
pub(super) fn difficulty(degree: usize) -> f32 {
    match degree {
        2 => 3.0,
        3 => 3.6,
        _ => 5.0,
    }
}

/// `k` cells of a house holding `k` digits between them.
#[derive(Debug)]
pub(super) struct NakedSetPattern {
    pub(super) cells: Vec<usize>,
    pub(super) n: usize,
    pub(super) house: House,
    pub(super) digits: Vec<u8>,
}

impl Pattern for NakedSetPattern {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} in {} hold only {}",
            cell_list(&self.cells, self.n),
            self.house,
            digit_list(&self.digits)
        )
    }
}

/// Finds a naked subset of `size` cells (2, 3 or 4) that removes something.
#[cfg(test)]
pub fn find(c: &Candidates, size: usize) -> Option<Step> {
    (0..3 * c.n()).find_map(|h| find_in(c, size, h))
}

/// Finds a naked subset of `size` cells in house `h`.
pub fn find_in(c: &Candidates, size: usize, h: usize) -> Option<Step> {
    let technique = match size {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    // SE looks for a naked set only where at least twice its size is
    // empty (otherwise the hidden set on the other cells is the same).
    if c.empty_cells(h) < 2 * size {
        return None;
    }
    let mut cells = [0usize; 32];
    let mut masks = [0u32; 32];
    let mut count = 0;
    for &cell in c.tables().house(h) {
        if (2..=size).contains(&(c.mask(cell).count_ones() as usize)) {
            cells[count] = cell;
            masks[count] = c.mask(cell);
            count += 1;
        }
    }
    search_subsets(&masks[..count], size, size as u32, &mut |chosen, union| {
        let mut subset = [0usize; MAX_SUBSET];
        for (slot, &i) in subset.iter_mut().zip(chosen) {
            *slot = cells[i];
        }
        subset_step(c, technique, size, h, &subset[..chosen.len()], union)
    })
}

fn subset_step(
    c: &Candidates,
    technique: Technique,
    size: usize,
    h: usize,
    subset: &[usize],
    union: u32,
) -> Option<Step> {
    let n = c.n();
    let house = c.tables().house(h);
    if !house
        .iter()
        .any(|x| !subset.contains(x) && c.mask(*x) & union != 0)
    {
        return None;
    }
    let pattern = NakedSetPattern {
        cells: subset.to_vec(),
        n,
        house: House::of(h, n),
        digits: digits(union).collect(),
    };
    let mut step = Step::new(technique, difficulty(size), pattern);
    for &cell in c.tables().house(h) {
        if subset.contains(&cell) {
            continue;
        }
        for d in digits(c.mask(cell) & union) {
            step.eliminate(cell, d, n);
        }
    }
    if_progress(step)
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn pair_clears_its_digits_from_the_row() {
        let mut c = open_board();
        // Row 2: r2c1 and r2c5 hold only {3, 8}; r2c7 has 3, 8 and 9.
        c.set_digits(rc(2, 1), &[3, 8]);
        c.set_digits(rc(2, 5), &[3, 8]);
        for col in [2, 3, 4, 6, 8, 9] {
            c.set_digits(rc(2, col), &[1, 2, 4, 5]);
        }
        c.set_digits(rc(2, 7), &[3, 8, 9]);
        let step = find(&c, 2).expect("naked pair");
        assert_eq!(removed(&step), vec![(rc(2, 7), 3), (rc(2, 7), 8)]);
        assert_eq!(
            step.to_string(),
            "Naked Pair: r2c1, r2c5 in row 2 hold only 3, 8, so remove 3 from r2c7; 8 from r2c7"
        );
    }

    #[test]
    fn triple_may_have_cells_with_two_candidates() {
        let mut c = open_board();
        // Column 4: {1,2}, {2,6}, {1,6} is a naked triple of 1, 2, 6.
        c.set_digits(rc(1, 4), &[1, 2]);
        c.set_digits(rc(5, 4), &[2, 6]);
        c.set_digits(rc(9, 4), &[1, 6]);
        for row in [2, 3, 4, 6, 7] {
            c.set_digits(rc(row, 4), &[3, 4, 5, 7, 8, 9]);
        }
        c.set_digits(rc(8, 4), &[6, 9]);
        // Rows and boxes crossing column 4 have no subsets of their own:
        // every other cell there still has all nine digits.
        let step = find(&c, 3).expect("naked triple");
        assert_eq!(removed(&step), vec![(rc(8, 4), 6)]);
    }

    #[test]
    fn three_cells_with_four_digits_are_no_triple() {
        let mut c = open_board();
        c.set_digits(rc(1, 4), &[1, 2]);
        c.set_digits(rc(5, 4), &[2, 6]);
        c.set_digits(rc(9, 4), &[1, 7]);
        assert!(find(&c, 3).is_none());
        assert!(find(&c, 2).is_none());
    }
}
