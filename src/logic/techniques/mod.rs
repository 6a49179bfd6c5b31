//! The techniques, one per file, and the order the solver tries them in.
//!
//! Every technique is a function that looks at a candidate grid and returns
//! the first [`Step`] it finds that changes something, or `None`.

pub mod aic;
pub mod bug_plus_one;
pub mod cell_forcing_chain;
mod chains;
pub mod claiming;
pub mod contradiction_chain;
pub mod finned_fish;
pub mod fish;
mod forcing;
pub mod full_house;
pub mod hidden_single;
pub mod hidden_subset;
pub mod naked_single;
pub mod naked_subset;
pub mod pointing;
pub mod simple_coloring;
pub mod skyscraper;
pub mod two_string_kite;
pub mod unique_rectangle;
pub mod unit_forcing_chain;
pub mod w_wing;
pub mod x_chain;
pub mod xy_chain;
pub mod xy_wing;
pub mod xyz_wing;

pub use forcing::Branches;

use super::candidates::{bit, Candidates};
use super::step::Step;
use super::technique::Technique;

/// Looks for one step of `technique`. The forcing chains share the
/// propagation work through `branches`, computed on first use.
pub fn find(technique: Technique, c: &Candidates, branches: &mut Option<Branches>) -> Option<Step> {
    use Technique::*;
    match technique {
        FullHouse => full_house::find(c),
        HiddenSingleBox => hidden_single::find_in_box(c),
        HiddenSingleLine => hidden_single::find_in_line(c),
        NakedSingle => naked_single::find(c),
        Pointing => pointing::find(c),
        Claiming => claiming::find(c),
        NakedPair => naked_subset::find(c, 2),
        NakedTriple => naked_subset::find(c, 3),
        NakedQuad => naked_subset::find(c, 4),
        HiddenPair => hidden_subset::find(c, 2),
        HiddenTriple => hidden_subset::find(c, 3),
        HiddenQuad => hidden_subset::find(c, 4),
        XWing => fish::find(c, 2),
        Swordfish => fish::find(c, 3),
        Jellyfish => fish::find(c, 4),
        FinnedXWing => finned_fish::find(c, 2),
        FinnedSwordfish => finned_fish::find(c, 3),
        FinnedJellyfish => finned_fish::find(c, 4),
        XYWing => xy_wing::find(c),
        XYZWing => xyz_wing::find(c),
        UniqueRectangle => unique_rectangle::find(c),
        BugPlusOne => bug_plus_one::find(c),
        Skyscraper => skyscraper::find(c),
        TwoStringKite => two_string_kite::find(c),
        WWing => w_wing::find(c),
        SimpleColoring => simple_coloring::find(c),
        XChain => x_chain::find(c),
        XYChain => xy_chain::find(c),
        Aic => aic::find(c),
        ContradictionChain => {
            contradiction_chain::find(c, branches.get_or_insert_with(|| Branches::compute(c)))
        }
        CellForcingChain => cell_forcing_chain::find(c, branches.get_or_insert_with(|| Branches::compute(c))),
        UnitForcingChain => unit_forcing_chain::find(c, branches.get_or_insert_with(|| Branches::compute(c))),
    }
}

/// Adds to `step` the removal of `d` from each of `cells` that still has it.
fn eliminate_where_present(step: &mut Step, c: &Candidates, cells: impl IntoIterator<Item = usize>, d: u8) {
    let n = c.n();
    for cell in cells {
        if c.mask(cell) & bit(d) != 0 {
            step.eliminate(cell, d, n);
        }
    }
}

/// The step if it removes anything, else `None`.
fn if_progress(step: Step) -> Option<Step> {
    step.makes_progress().then_some(step)
}

/// Calls `visit` with every `k`-subset of `masks` (as indices, smallest
/// first) whose union has at most `limit` bits, until `visit` returns
/// `Some`. Subsets are pruned as soon as their union grows past `limit`.
fn search_subsets<T>(
    masks: &[u32],
    k: usize,
    limit: u32,
    visit: &mut impl FnMut(&[usize], u32) -> Option<T>,
) -> Option<T> {
    let mut chosen = Vec::with_capacity(k);
    extend_subset(masks, k, limit, 0, 0, &mut chosen, visit)
}

fn extend_subset<T>(
    masks: &[u32],
    k: usize,
    limit: u32,
    from: usize,
    union: u32,
    chosen: &mut Vec<usize>,
    visit: &mut impl FnMut(&[usize], u32) -> Option<T>,
) -> Option<T> {
    if chosen.len() == k {
        return visit(chosen, union);
    }
    for i in from..masks.len() {
        let next = union | masks[i];
        if next.count_ones() > limit {
            continue;
        }
        chosen.push(i);
        let found = extend_subset(masks, k, limit, i + 1, next, chosen, visit);
        chosen.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Shared helpers for the technique unit tests: hand-made positions.
#[cfg(test)]
pub(crate) mod testing {
    use crate::logic::candidates::{bit, Candidates};
    use crate::logic::step::{Candidate, Cell, Step};
    use crate::shape::Shape;

    /// Row-major index of 1-based row and column on a 9x9 board.
    pub fn rc(row: usize, col: usize) -> usize {
        (row - 1) * 9 + (col - 1)
    }

    /// A 9x9 board where every cell may hold every digit.
    pub fn open_board() -> Candidates {
        Candidates::new(Shape::CLASSIC)
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
}
