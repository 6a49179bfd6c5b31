//! Contradiction chain (Nishio-style): if placing a candidate leads,
//! through naked and hidden singles alone, to a cell with no candidate or
//! a digit with no place in a house, the candidate is false. SE rates its
//! Nishio forcing chains from 7.5 plus the length bonus.

use super::super::candidates::{digits, Candidates};
use super::super::step::Step;
use super::super::technique::{chain_length_bonus, Technique};
use super::forcing::{Branches, Outcome};

/// Finds the candidate whose assumption fails fastest.
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
    let mut step = Step::new(Technique::ContradictionChain)
        .with_cells([cell], n)
        .with_digits([d]);
    step.length = length as usize;
    step.difficulty = Technique::ContradictionChain.score() + chain_length_bonus(2 * length as usize);
    step.eliminate(cell, d, n);
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
        // no candidate, after two placements. No assumption fails after
        // one, and the first of the two-placement failures is reported.
        c.set_digits(rc(1, 1), &[1, 2]);
        c.set_digits(rc(1, 2), &[1, 3]);
        c.set_digits(rc(1, 3), &[1, 3]);
        let branches = Branches::compute(&c);
        let step = find(&c, &branches).expect("contradiction");
        assert_eq!(removed(&step), vec![(rc(1, 1), 1)]);
    }

    #[test]
    fn an_open_board_has_no_quick_contradiction() {
        let c = open_board();
        let branches = Branches::compute(&c);
        assert!(find(&c, &branches).is_none());
    }
}
