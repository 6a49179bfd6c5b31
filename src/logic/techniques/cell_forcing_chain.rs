//! Cell forcing chain: every candidate of one cell leads, through singles,
//! to the same placement or removal somewhere, so that conclusion holds
//! whichever digit the cell takes. Rated from 8.2 (SE's cell forcing
//! chains start at 8.x) plus the length bonus.

use super::super::candidates::{digits, Candidates};
use super::super::step::{Cell, Step};
use super::super::technique::{chain_length_bonus, Finder, Technique};
use super::forcing::{quickest_common, settled_group, Branches, Common, Forcing, Source};

pub(crate) const FINDER: Finder = Finder {
    id: "cell_forcing_chain",
    name: "Cell Forcing Chains",
    score: 8.2,
    find: Some(|c, cx| find(c, super::full_branches(c, cx.branches))),
};

/// Finds the cell whose candidates agree on something fastest.
pub fn find(c: &Candidates, branches: &Branches) -> Option<Step> {
    let mut best: Option<(Common, usize)> = None;
    for cell in 0..c.cell_count() {
        if c.mask(cell).count_ones() < 2 {
            continue;
        }
        let Some(group) = settled_group(branches, digits(c.mask(cell)).map(|d| (cell, d))) else {
            continue;
        };
        if let Some(common) = quickest_common(c, &group) {
            if best.as_ref().is_none_or(|(b, _)| common.length < b.length) {
                best = Some((common, cell));
            }
        }
    }
    let (common, cell) = best?;
    let n = c.n();
    let source = Source::Cell(Cell::of(cell, n), digits(c.mask(cell)).collect());
    Some(conclude(Technique::CellForcingChain, source, common, n))
}

/// Fills in the conclusion and the length-dependent difficulty.
pub(super) fn conclude(technique: Technique, source: Source, common: Common, n: usize) -> Step {
    let length = common.length as usize;
    let mut step = Step::new(technique, Forcing { source, length })
        .rated(technique.score() + chain_length_bonus(2 * length));
    if common.placed {
        step.place(common.cell, common.digit, n)
    } else {
        step.eliminate(common.cell, common.digit, n);
        step
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn both_candidates_of_a_cell_remove_the_same_digit() {
        let mut c = open_board();
        // r1c1 {1,2}. 1 in r1c1 makes r1c5 {1,7} a 7; 2 in r1c1 makes
        // r5c1 {2,7} a 7. Either way r5c5 (seeing r1c5 and r5c1) loses 7,
        // after two placements, the slowest branch's count.
        c.set_digits(rc(1, 1), &[1, 2]);
        c.set_digits(rc(1, 5), &[1, 7]);
        c.set_digits(rc(5, 1), &[2, 7]);
        let mut branches = Branches::compute(&c);
        branches.ensure_full(&c);
        let step = find(&c, &branches).expect("cell forcing chain");
        assert_eq!(removed(&step), vec![(rc(5, 5), 7)]);
        assert!(step.description().contains("at most 2") || step.description().contains("through 2 singles"));
    }

    #[test]
    fn unrelated_branches_agree_on_nothing() {
        let mut c = open_board();
        c.set_digits(rc(1, 1), &[1, 2]);
        let mut branches = Branches::compute(&c);
        branches.ensure_full(&c);
        assert!(find(&c, &branches).is_none());
    }
}
