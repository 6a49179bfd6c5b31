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
pub mod direct_claiming;
pub mod direct_hidden_subset;
pub mod direct_pointing;
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
pub mod turbot_fish;
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

/// Remembers, per single-digit technique and digit, the digit's version
/// (see [`Candidates::digit_version`]) when the technique last found
/// nothing, so unchanged digits are not searched again. One per solve.
pub struct Memo {
    nothing_at: Vec<Vec<u32>>,
    house_nothing_at: Vec<Vec<u32>>,
}

impl Memo {
    /// An empty memo for boards of side `n`.
    pub fn new(n: usize) -> Memo {
        Memo {
            nothing_at: vec![vec![0; n]; Technique::ALL.len()],
            house_nothing_at: vec![vec![0; 3 * n]; Technique::ALL.len()],
        }
    }

    /// The digits of `c` that `technique` has not yet searched in vain.
    fn changed(&self, technique: Technique, c: &Candidates) -> Vec<u8> {
        let seen = &self.nothing_at[technique as usize];
        (1..=c.n() as u8)
            .filter(|&d| seen[d as usize - 1] != c.digit_version(d))
            .collect()
    }

    fn found_nothing(&mut self, technique: Technique, c: &Candidates, d: u8) {
        self.nothing_at[technique as usize][d as usize - 1] = c.digit_version(d);
    }

    /// The first step `search` finds on a changed digit.
    fn first(&mut self, t: Technique, c: &Candidates, search: impl Fn(u8) -> Option<Step>) -> Option<Step> {
        for d in self.changed(t, c) {
            let found = search(d);
            if found.is_some() {
                return found;
            }
            self.found_nothing(t, c, d);
        }
        None
    }

    /// The first step `search` finds in a house of `houses` that changed
    /// since `t` last found nothing there (for techniques whose result
    /// depends only on one house, or can only shrink otherwise).
    fn first_house(
        &mut self,
        t: Technique,
        c: &Candidates,
        houses: std::ops::Range<usize>,
        search: impl Fn(usize) -> Option<Step>,
    ) -> Option<Step> {
        for h in houses {
            let version = c.house_version(h);
            if self.house_nothing_at[t as usize][h] == version {
                continue;
            }
            let found = search(h);
            if found.is_some() {
                return found;
            }
            self.house_nothing_at[t as usize][h] = version;
        }
        None
    }

    /// One search over all the changed digits at once (given as a mask),
    /// for searches that pick the best result across digits.
    fn at_once(
        &mut self,
        t: Technique,
        c: &Candidates,
        search: impl Fn(u32) -> Option<Step>,
    ) -> Option<Step> {
        let changed = self.changed(t, c);
        let mask = changed.iter().fold(0u32, |m, &d| m | bit(d));
        if mask == 0 {
            return None;
        }
        let found = search(mask);
        if found.is_none() {
            for d in changed {
                self.found_nothing(t, c, d);
            }
        }
        found
    }
}

/// Looks for one step of `technique`. The forcing chains share the
/// propagation work through `branches`, computed on first use; the
/// single-digit techniques skip digits `memo` knows are unchanged.
pub fn find(
    technique: Technique,
    c: &Candidates,
    branches: &mut Option<Branches>,
    memo: &mut Memo,
) -> Option<Step> {
    use Technique::*;
    let t = technique;
    let n = c.n();
    match technique {
        FullHouse => full_house::find(c),
        HiddenSingleBox => hidden_single::find_in_box(c),
        HiddenSingleLine => hidden_single::find_in_line(c),
        NakedSingle => naked_single::find(c),
        DirectPointing => direct_pointing::find(c),
        DirectClaiming => direct_claiming::find(c),
        DirectHiddenPair => direct_hidden_subset::find(c, 2),
        DirectHiddenTriple => direct_hidden_subset::find(c, 3),
        Pointing => memo.first_house(t, c, 2 * n..3 * n, |b| pointing::find_in(c, b, &|_| true)),
        Claiming => memo.first_house(t, c, 0..2 * n, |l| claiming::find_in(c, l, &|_| true)),
        NakedPair => memo.first_house(t, c, 0..3 * n, |h| naked_subset::find_in(c, 2, h)),
        NakedTriple => memo.first_house(t, c, 0..3 * n, |h| naked_subset::find_in(c, 3, h)),
        NakedQuad => memo.first_house(t, c, 0..3 * n, |h| naked_subset::find_in(c, 4, h)),
        HiddenPair => memo.first_house(t, c, 0..3 * n, |h| hidden_subset::find_in(c, 2, h, &|_| true)),
        HiddenTriple => memo.first_house(t, c, 0..3 * n, |h| hidden_subset::find_in(c, 3, h, &|_| true)),
        HiddenQuad => memo.first_house(t, c, 0..3 * n, |h| hidden_subset::find_in(c, 4, h, &|_| true)),
        XWing => memo.first(t, c, |d| fish::find_digit(c, 2, d)),
        Swordfish => memo.first(t, c, |d| fish::find_digit(c, 3, d)),
        Jellyfish => memo.first(t, c, |d| fish::find_digit(c, 4, d)),
        FinnedXWing => memo.first(t, c, |d| finned_fish::find_digit(c, 2, d)),
        FinnedSwordfish => memo.first(t, c, |d| finned_fish::find_digit(c, 3, d)),
        FinnedJellyfish => memo.first(t, c, |d| finned_fish::find_digit(c, 4, d)),
        XYWing => xy_wing::find(c),
        XYZWing => xyz_wing::find(c),
        UniqueRectangle => unique_rectangle::find(c),
        BugPlusOne => bug_plus_one::find(c),
        Skyscraper => memo.first(t, c, |d| skyscraper::find_digit(c, d)),
        TwoStringKite => memo.first(t, c, |d| two_string_kite::find_digit(c, d)),
        WWing => w_wing::find(c),
        SimpleColoring => memo.first(t, c, |d| simple_coloring::find_digit(c, d)),
        TurbotFish => memo.first(t, c, |d| turbot_fish::find_digit(c, d)),
        XChain => memo.at_once(t, c, |mask| x_chain::find_on(c, mask)),
        XYChain => xy_chain::find(c),
        Aic => aic::find(c),
        ContradictionChain => {
            contradiction_chain::find(c, branches.get_or_insert_with(|| Branches::compute(c)))
        }
        CellForcingChain => cell_forcing_chain::find(c, full_branches(c, branches)),
        UnitForcingChain => unit_forcing_chain::find(c, full_branches(c, branches)),
    }
}

/// The branches with every end state kept, computed or completed now.
fn full_branches<'a>(c: &Candidates, branches: &'a mut Option<Branches>) -> &'a Branches {
    let b = branches.get_or_insert_with(|| Branches::compute(c));
    b.ensure_full(c);
    b
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

/// Whether removing the step's candidates leaves some removed digit with
/// a single place in a house of a cell it was removed from: the test that
/// makes a pattern "direct" in SE's terms.
fn opens_hidden_single(c: &Candidates, step: &Step) -> bool {
    let n = c.n();
    let removed = |cell: usize, d: u8| {
        step.eliminations
            .iter()
            .any(|e| e.digit == d && e.cell.index(n) == cell)
    };
    step.eliminations.iter().any(|e| {
        let cell = e.cell.index(n);
        c.tables().houses_of(cell).iter().any(|&h| {
            !c.house_has_value(h, e.digit)
                && c.cells_with(h, e.digit).filter(|&x| !removed(x, e.digit)).count() == 1
        })
    })
}

/// Relabels a step found by a basic pattern as its direct variant.
fn as_direct(mut step: Step, technique: Technique) -> Step {
    step.technique = technique;
    step.difficulty = technique.score();
    step
}

/// The step if it removes anything, else `None`.
fn if_progress(step: Step) -> Option<Step> {
    step.makes_progress().then_some(step)
}

/// The first step `pattern` finds among the unordered pairs of `items`,
/// each pair once and in order: `(items[0], items[1])`, `(items[0],
/// items[2])`, ...
fn first_in_pairs<T: Copy>(items: &[T], mut pattern: impl FnMut(T, T) -> Option<Step>) -> Option<Step> {
    items
        .iter()
        .enumerate()
        .find_map(|(i, &a)| items[i + 1..].iter().find_map(|&b| pattern(a, b)))
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
}
