//! Contradiction chain (Nishio-style): if placing a candidate leads,
//! through naked and hidden singles alone, to a cell with no candidate or
//! a digit with no place in a house, the candidate is false. Rated from 7.8
//! plus the length bonus (fitted to SE's ratings, docs/rating.md).

use super::super::candidates::{digits, Candidates};
use super::super::step::{Cell, Step};
use super::super::technique::{chain_length_bonus, Finder, Technique};
use super::forcing::{Branches, Forcing, Outcome, Source};

pub(crate) const FINDER: Finder = Finder {
    id: "contradiction_chain",
    name: "Contradiction Forcing Chain",
    score: 7.8,
    find: Some(|c, cx| find(c, cx.branches.get_or_insert_with(|| Branches::compute(c)))),
};

/// Finds the candidates whose assumption fails fastest; all those failing
/// after the same smallest number of placements are removed together.
pub fn find(c: &Candidates, branches: &Branches) -> Option<Step> {
    let mut best: Option<(u16, usize, u8)> = None;
    for cell in 0..c.cell_count() {
        for d in digits(c.mask(cell)) {
            if let Some(Outcome::Contradiction(after)) = branches.get(cell, d) {
                if best.is_none_or(|(b, _, _)| *after < b) {
                    best = Some((*after, cell, d));
                }
            }
        }
    }
    let (length, cell, d) = best?;
    let n = c.n();
    let pattern = Forcing {
        source: Source::Assumption(Cell::of(cell, n), d),
        length: length as usize,
    };
    let mut step = Step::new(Technique::ContradictionChain, pattern)
        .rated(Technique::ContradictionChain.score() + chain_length_bonus(2 * length as usize));
    for x in 0..c.cell_count() {
        for e in digits(c.mask(x)) {
            if let Some(Outcome::Contradiction(after)) = branches.get(x, e) {
                if *after == length {
                    step.eliminate(x, e, n);
                }
            }
        }
    }
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn an_assumption_that_empties_a_cell_is_removed() {
        let mut c = open_board();
        // r1c1 {1,2}; r1c2 {1,3}; r1c3 {1,3}. Placing 1 in r1c1 leaves
        // r1c2 and r1c3 both {3}: r1c2 = 3 by naked single, then r1c3 has
        // no candidate, after two placements. Placing 3 anywhere that
        // sees both r1c2 and r1c3 (the rest of row 1, rows 2-3 of box 1)
        // leaves both {1}: the same two-placement failure. No assumption
        // fails after one placement; other failures take longer (1 in the
        // rest of row 1 or box 1 needs three).
        c.set_digits(rc(1, 1), &[1, 2]);
        c.set_digits(rc(1, 2), &[1, 3]);
        c.set_digits(rc(1, 3), &[1, 3]);
        let branches = Branches::compute(&c);
        let step = find(&c, &branches).expect("contradiction");
        let mut expected = vec![(rc(1, 1), 1)];
        let sees_both = [rc(1, 4), rc(1, 5), rc(1, 6), rc(1, 7), rc(1, 8), rc(1, 9)];
        let box_rest = [rc(2, 1), rc(2, 2), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3)];
        expected.extend(each(&sees_both, 3));
        expected.extend(each(&box_rest, 3));
        expected.sort();
        assert_eq!(removed(&step), expected);
        assert!(step.description().contains("at most 2") || step.description().contains("through 2 singles"));
    }

    #[test]
    fn an_open_board_has_no_quick_contradiction() {
        let c = open_board();
        let branches = Branches::compute(&c);
        assert!(find(&c, &branches).is_none());
    }
}
