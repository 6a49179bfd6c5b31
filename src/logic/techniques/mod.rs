//! The techniques, one per file, and the order the solver tries them in.
//!
//! # How a technique plugs in
//!
//! A technique file (say `foo.rs`) owns three things:
//!
//! 1. **Its pattern type**: a struct holding what the deduction saw (cells
//!    as row-major indices, digits, houses as table numbers, chain
//!    nodes...), implementing [`Pattern`](super::step::Pattern): `describe`
//!    writes the sentence, `name_suffix` adds SE's variant code if any.
//! 2. **Its search**: `fn find(c: &Candidates, cx: &mut Context) ->
//!    Option<Step>` returning the first step that makes progress, built
//!    with `Step::new(Technique::Foo, FooPattern { .. })`, then
//!    `.place(..)` / `.eliminate(..)`, and `.rated(x)` when the rating
//!    depends on the pattern (chain length, variant).
//! 3. **Its declaration**: `pub(crate) const FINDER: Finder = Finder { id:
//!    "foo", name: "<SE's name>", score: <base SE rating>, find:
//!    Some(find) }`.
//!
//! Then add `mod foo;` and one line `Foo => foo::FINDER,` to the
//! [`solving_order!`] list below, at the place Sukaku Explainer tries it.
//! That list generates the public [`Technique`] enum, so nothing else
//! changes. [`Context`] carries the solve-wide caches: [`Memo`] (skip
//! digits/houses unchanged since a search found nothing).
//!
//! The solver takes, at each step, the first step of the first technique
//! in the list that finds one (SE's `SingleHintAccumulator` does the
//! same), so a technique must search in SE's order where that changes the
//! path.

mod aligned_pair_exclusion;
mod aligned_triplet_exclusion;
mod als_wing;
pub mod bug_plus_one;
pub mod bug_type2;
pub mod bug_type3;
pub mod bug_type4;
pub(crate) mod cell_set;
pub mod claiming;
pub mod direct_claiming;
pub mod direct_hidden_subset;
pub mod direct_pointing;
pub mod fish;
pub mod full_house;
pub mod hidden_single;
pub mod hidden_subset;
pub mod naked_single;
pub mod naked_subset;
pub mod pointing;
pub mod strong_links;
pub mod unique_rectangle;
pub mod vwxyz_wing;
pub mod wxyz_wing;
pub mod xy_wing;
pub mod xyz_wing;

use super::candidates::{bit, Candidates};
use super::step::Step;
use super::technique::solving_order;

solving_order! {
    /// The last empty cell of a house (SE: a hidden single, 1.0).
    FullHouse => full_house::FINDER,
    /// A digit with one place left in a box.
    HiddenSingleBox => hidden_single::IN_BOX,
    /// A digit with one place left in a column or row.
    HiddenSingleLine => hidden_single::IN_LINE,
    /// Pointing that leaves a hidden single in another box.
    DirectPointing => direct_pointing::FINDER,
    /// Claiming that leaves a hidden single in another line (found by the
    /// direct pointing search, which SE runs as one).
    DirectClaiming => direct_claiming::FINDER,
    /// A hidden pair that leaves a hidden single.
    DirectHiddenPair => direct_hidden_subset::PAIR,
    /// A cell with one candidate left.
    NakedSingle => naked_single::FINDER,
    /// A hidden triple that leaves a hidden single.
    DirectHiddenTriple => direct_hidden_subset::TRIPLE,
    /// A digit confined to one line inside a box.
    Pointing => pointing::FINDER,
    /// A digit confined to one box inside a line.
    Claiming => claiming::FINDER,
    /// Two cells of a house holding the same two candidates only.
    NakedPair => naked_subset::PAIR,
    /// A digit in two rows (columns) confined to two columns (rows).
    XWing => fish::X_WING,
    /// Two digits confined to the same two cells of a house.
    HiddenPair => hidden_subset::PAIR,
    /// Three cells of a house holding only three digits between them.
    NakedTriple => naked_subset::TRIPLE,
    /// The three-line fish.
    Swordfish => fish::SWORDFISH,
    /// Three digits confined to three cells of a house.
    HiddenTriple => hidden_subset::TRIPLE,
    /// Two parallel line strong links on one digit joined by a shared
    /// house (SE's two-link search reports all six below).
    Skyscraper => strong_links::TWO_LINKS,
    /// A row and a column strong link joined by a shared house.
    TwoStringKite => strong_links::TWO_STRING_KITE,
    /// Two strong links, one of them in a box.
    TurbotCrane => strong_links::TURBOT_CRANE,
    /// A skyscraper with a grouped link.
    GroupedSkyscraper => strong_links::GROUPED_SKYSCRAPER,
    /// A two-string kite with a grouped link.
    GroupedTwoStringKite => strong_links::GROUPED_KITE,
    /// A turbot crane whose box link is grouped.
    GroupedTurbotCrane => strong_links::GROUPED_TURBOT_CRANE,
    /// A bivalue pivot with two bivalue pincers.
    XYWing => xy_wing::FINDER,
    /// A trivalue pivot with two bivalue pincers.
    XYZWing => xyz_wing::FINDER,
    /// Unique rectangles and loops, types 1-4 (SE's "Unique patterns",
    /// easiest first).
    UniqueRectangle => unique_rectangle::FINDER,
    /// Four cells of a house holding only four digits between them.
    NakedQuad => naked_subset::QUAD,
    /// The four-line fish.
    Jellyfish => fish::JELLYFISH,
    /// Four digits confined to four cells of a house.
    HiddenQuad => hidden_subset::QUAD,
    /// Three parallel line strong links chained (SE's three-link search
    /// reports the three below).
    ThreeSkyscrapers => strong_links::THREE_LINKS,
    /// Three strong links chained, one of them in a box.
    ThreeStrongLinks => strong_links::THREE_STRONG_LINKS,
    /// Three row and column strong links chained.
    ThreeStringKite => strong_links::THREE_STRING_KITE,
    /// A three-cell almost locked set and a bivalue cell.
    WXYZWing => wxyz_wing::FINDER,
    /// Bivalue universal grave plus one (SE's BUG type 1).
    BugPlusOne => bug_plus_one::FINDER,
    /// BUG cells sharing one BUG value (SE's BUG producer tries type 2,
    /// then type 4, then type 3).
    BugType2 => bug_type2::FINDER,
    /// Two BUG cells in a house with one common digit locked there.
    BugType4 => bug_type4::FINDER,
    /// The BUG cells as one cell of a naked set.
    BugType3 => bug_type3::FINDER,
    /// A four-cell almost locked set and a bivalue cell.
    VWXYZWing => vwxyz_wing::FINDER,
    /// Two cells whose digit combinations would empty a bivalue cell
    /// seeing both, with two or more such cells (6.2).
    AlignedPairExclusion => aligned_pair_exclusion::FINDER,
    /// SE's "Forcing Chains & Cycles": bidirectional X-, Y- and mixed
    /// cycles and forcing X- and XY-chains (6.5-7.x with the length extra).
    ForcingChainsCycles => crate::logic::chaining::steps::FORCING_CHAINS_CYCLES,
    /// Three cells whose digit combinations would empty two or more
    /// cells seeing them all (7.5; SE tries it after the cycles and
    /// forcing chains, before Nishio).
    AlignedTripletExclusion => aligned_triplet_exclusion::FINDER,
    /// Nishio forcing chains: an assumption that contradicts itself
    /// through last-place rules on the shrinking board (7.5 and up).
    NishioForcingChains => crate::logic::chaining::steps::NISHIO,
    /// Cell and region forcing chains over static implications (8.0 and
    /// up).
    MultipleForcingChains => crate::logic::chaining::steps::MULTIPLE,
    /// Dynamic contradiction, double, cell and region forcing chains (8.5
    /// and up).
    DynamicForcingChains => crate::logic::chaining::steps::DYNAMIC,
    /// Dynamic forcing chains that may use the basic techniques inside a
    /// chain (9.0 and up).
    DynamicForcingChainsPlus => crate::logic::chaining::steps::DYNAMIC_PLUS,
    /// Dynamic forcing chains that may use other chains inside a chain
    /// (9.5 and up).
    NestedForcingChains => crate::logic::chaining::steps::NESTED,
}

/// What one solve shares between searches.
pub struct Context<'a> {
    /// Where earlier searches of this solve found nothing.
    pub memo: &'a mut Memo,
}

/// Remembers, per single-digit technique and digit, the digit's version
/// (see [`Candidates::digit_version`]) when the technique last found
/// nothing, so unchanged digits are not searched again. One per solve
/// (reset between solves).
pub struct Memo {
    /// Board side: the per-digit and per-house records are flat, `n` and
    /// `3n` entries per technique (one allocation each per solve).
    n: usize,
    nothing_at: Vec<u32>,
    house_nothing_at: Vec<u32>,
    /// Per technique, every cell's candidates when a whole-board search
    /// last found nothing (empty until then).
    board_nothing_at: Vec<Vec<u32>>,
    /// The strong links by digit, for the strong-link producers.
    pub(crate) links: strong_links::LinkCache,
    /// The almost locked sets by house, for the ALS wings.
    pub(crate) als_sets: als_wing::SetCache,
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Memo").field("n", &self.n).finish_non_exhaustive()
    }
}

impl Memo {
    /// Forgets everything, for a new solve on boards of side `n`, keeping
    /// the buffers (a solver rates many puzzles). Records hold versions,
    /// which start at 1 on every board, so 0 means "never searched".
    pub fn reset(&mut self, n: usize) {
        if n != self.n {
            *self = Memo::new(n);
            return;
        }
        self.nothing_at.fill(0);
        self.house_nothing_at.fill(0);
        self.board_nothing_at.iter_mut().for_each(Vec::clear);
        self.links.forget();
        self.als_sets.forget();
    }

    /// An empty memo for boards of side `n`.
    pub fn new(n: usize) -> Memo {
        Memo {
            n,
            nothing_at: vec![0; n * Technique::ALL.len()],
            house_nothing_at: vec![0; 3 * n * Technique::ALL.len()],
            board_nothing_at: vec![Vec::new(); Technique::ALL.len()],
            links: strong_links::LinkCache::default(),
            als_sets: als_wing::SetCache::default(),
        }
    }

    /// Every cell's candidates when `technique` last searched the whole
    /// board in vain, if it did. A technique whose patterns, once there,
    /// survive the loss of candidates outside them searches only around
    /// the cells that changed since, when every cell's candidates are a
    /// subset of these (see `als_wing.rs`).
    pub(crate) fn board_at_nothing(&self, technique: Technique) -> Option<&[u32]> {
        let board = &self.board_nothing_at[technique as usize];
        (!board.is_empty()).then_some(&board[..])
    }

    /// The cells whose candidates changed since `technique` last searched
    /// the whole board in vain, if it did and every cell's candidates are
    /// a subset of what they were then (`c` is a reduction of that board).
    pub(crate) fn shrunk_since_nothing<const W: usize>(
        &self,
        technique: Technique,
        c: &Candidates,
    ) -> Option<cell_set::CellSet<W>> {
        let before = self.board_at_nothing(technique)?;
        if before.len() != c.cell_count() || !cell_set::CellSet::<W>::fits(c.cell_count()) {
            return None;
        }
        let mut changed = cell_set::CellSet::default();
        for (x, &old) in before.iter().enumerate() {
            let now = c.mask(x);
            if now & !old != 0 {
                return None;
            }
            if now != old {
                changed.insert(x);
            }
        }
        Some(changed)
    }

    /// The first step `search(changed)` finds, for a technique whose
    /// patterns, once there, survive the loss of candidates outside their
    /// own cells: `changed(cell)` says whether a cell's candidates changed
    /// since the technique last searched the whole board in vain (a new
    /// pattern must have such a cell), or is always true when that board
    /// is unknown or `c` is no reduction of it. Records a search in vain.
    pub(crate) fn first_since_nothing(
        &mut self,
        technique: Technique,
        c: &Candidates,
        search: impl Fn(&dyn Fn(usize) -> bool) -> Option<Step>,
    ) -> Option<Step> {
        let found = if let Some(changed) = self.shrunk_since_nothing::<2>(technique, c) {
            if changed.is_empty() {
                None
            } else {
                search(&|x| changed.contains(x))
            }
        } else if let Some(changed) = self.shrunk_since_nothing::<10>(technique, c) {
            search(&|x| changed.contains(x))
        } else {
            search(&|_| true)
        };
        if found.is_none() {
            self.nothing_on_board(technique, c);
        }
        found
    }

    /// Records that `technique` found nothing on the whole board `c`.
    pub(crate) fn nothing_on_board(&mut self, technique: Technique, c: &Candidates) {
        let board = &mut self.board_nothing_at[technique as usize];
        board.clear();
        board.extend((0..c.cell_count()).map(|x| c.mask(x)));
    }

    /// The digits of `c` that `technique` has not yet searched in vain.
    fn changed(&self, technique: Technique, c: &Candidates) -> Vec<u8> {
        let seen = &self.nothing_at[technique as usize * self.n..];
        (1..=c.n() as u8)
            .filter(|&d| seen[d as usize - 1] != c.digit_version(d))
            .collect()
    }

    /// Whether digit `d` changed since `technique` last found nothing on it.
    pub(crate) fn digit_changed(&self, technique: Technique, c: &Candidates, d: u8) -> bool {
        self.nothing_at[technique as usize * self.n + d as usize - 1] != c.digit_version(d)
    }

    /// Whether house `h` changed since `technique` last found nothing there.
    pub(crate) fn house_changed(&self, technique: Technique, c: &Candidates, h: usize) -> bool {
        self.house_nothing_at[technique as usize * 3 * self.n + h] != c.house_version(h)
    }

    /// Records that `technique` found nothing in house `h` as it is now.
    pub(crate) fn nothing_in_house(&mut self, technique: Technique, c: &Candidates, h: usize) {
        self.house_nothing_at[technique as usize * 3 * self.n + h] = c.house_version(h);
    }

    /// The first step `search(pass, d, h)` finds in SE's order: pass by
    /// pass, digit by digit, then house by house, over the houses of
    /// `houses` that changed since `t` last found nothing in them (for
    /// searches whose result depends only on one house).
    pub(crate) fn first_by_digit(
        &mut self,
        t: Technique,
        c: &Candidates,
        houses: impl Iterator<Item = usize>,
        passes: &[usize],
        search: impl Fn(usize, u8, usize) -> Option<Step>,
    ) -> Option<Step> {
        let changed: Vec<usize> = houses.filter(|&h| self.house_changed(t, c, h)).collect();
        let found = passes.iter().find_map(|&pass| {
            (1..=c.n() as u8).find_map(|d| changed.iter().find_map(|&h| search(pass, d, h)))
        });
        if found.is_none() {
            for h in changed {
                self.nothing_in_house(t, c, h);
            }
        }
        found
    }

    /// Records that `technique` found nothing on digit `d` as it is now.
    pub(crate) fn nothing_for_digit(&mut self, technique: Technique, c: &Candidates, d: u8) {
        self.found_nothing(technique, c, d);
    }

    fn found_nothing(&mut self, technique: Technique, c: &Candidates, d: u8) {
        self.nothing_at[technique as usize * self.n + d as usize - 1] = c.digit_version(d);
    }

    /// The first step `search` finds on a changed digit.
    pub(crate) fn first(
        &mut self,
        t: Technique,
        c: &Candidates,
        search: impl Fn(u8) -> Option<Step>,
    ) -> Option<Step> {
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
    pub(crate) fn first_house(
        &mut self,
        t: Technique,
        c: &Candidates,
        houses: impl Iterator<Item = usize>,
        search: impl Fn(usize) -> Option<Step>,
    ) -> Option<Step> {
        for h in houses {
            let version = c.house_version(h);
            let at = t as usize * 3 * self.n + h;
            if self.house_nothing_at[at] == version {
                continue;
            }
            let found = search(h);
            if found.is_some() {
                return found;
            }
            self.house_nothing_at[at] = version;
        }
        None
    }
}

/// Looks for one step of `technique`.
pub(crate) fn find(technique: Technique, c: &Candidates, cx: &mut Context) -> Option<Step> {
    technique.finder().find.and_then(|search| search(c, cx))
}

/// A bound on a cell's peers on the largest board (its row, column and
/// box less itself: at most 3 x 24), for peer lists kept on the stack.
const MAX_PEERS: usize = 72;

/// The step `make` builds, removing `d` from each cell `cells()` yields
/// that still holds it, if there is one. Most patterns found remove
/// nothing, so the step (and its allocations) is built only for one that
/// does; `cells` is called twice, to look and then to remove.
fn step_removing<I: Iterator<Item = usize>>(
    c: &Candidates,
    d: u8,
    cells: impl Fn() -> I,
    make: impl FnOnce() -> Step,
) -> Option<Step> {
    let holding = || cells().filter(|&cell| c.mask(cell) & bit(d) != 0);
    holding().next()?;
    let mut step = make();
    for cell in holding() {
        step.eliminate(cell, d, c.n());
    }
    Some(step)
}

/// The houses in the order SE scans them: boxes, then columns, then rows.
pub(crate) fn se_house_order(n: usize) -> impl Iterator<Item = usize> {
    (2 * n..3 * n).chain(n..2 * n).chain(0..n)
}

/// The step if it removes anything, else `None`.
fn if_progress(step: Step) -> Option<Step> {
    step.makes_progress().then_some(step)
}

/// The base cells of SE's aligned exclusions of `degree` cells, in index
/// order, each with its excluders: the unsolved cells that see no naked
/// single and see some cell of 2 to `degree` candidates (those peers are
/// its excluders). `peers` holds each cell's peers.
fn exclusion_bases<const W: usize>(
    c: &Candidates,
    peers: &[cell_set::CellSet<W>],
    degree: u32,
) -> Vec<(usize, cell_set::CellSet<W>)> {
    let few = |x: usize| (2..=degree).contains(&c.mask(x).count_ones());
    let singles: cell_set::CellSet<W> = (0..c.cell_count())
        .filter(|&x| c.mask(x).count_ones() == 1)
        .collect();
    let excluding: cell_set::CellSet<W> = (0..c.cell_count()).filter(|&x| few(x)).collect();
    (0..c.cell_count())
        .filter(|&x| c.mask(x).count_ones() >= 2 && peers[x].and(singles).is_empty())
        .map(|x| (x, peers[x].and(excluding)))
        .filter(|(_, mine)| !mine.is_empty())
        .collect()
}

/// The cells that `changed` or see a changed cell: a pattern that is new
/// since its search last found nothing, and whose existence and removals
/// depend only on its cells and their peers, has a cell among them.
fn near_changed<const W: usize>(
    c: &Candidates,
    sets: &cell_set::BoardSets<W>,
    changed: &dyn Fn(usize) -> bool,
) -> cell_set::CellSet<W> {
    let mut near = cell_set::CellSet::<W>::default();
    for x in (0..c.cell_count()).filter(|&x| changed(x)) {
        near.insert(x);
        near = near.or(sets.peers(c, x));
    }
    near
}

/// The aligned exclusions' deduction: `step` removing from each of
/// `cells` the digits of its candidates outside `used` (the digits some
/// allowed combination gives it), if any.
fn remove_unused(mut step: Step, c: &Candidates, cells: &[usize], used: &[u32]) -> Option<Step> {
    let n = c.n();
    for (&cell, &used) in cells.iter().zip(used) {
        for d in super::candidates::digits(c.mask(cell) & !used) {
            step.eliminate(cell, d, n);
        }
    }
    if_progress(step)
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
/// The subset is kept in a fixed array (the searches run after every
/// step): sets and fish have at most [`MAX_SUBSET`] members.
fn search_subsets<T>(
    masks: &[u32],
    k: usize,
    limit: u32,
    visit: &mut impl FnMut(&[usize], u32) -> Option<T>,
) -> Option<T> {
    assert!(k <= MAX_SUBSET, "subsets of at most {MAX_SUBSET} members");
    let mut chosen = Subset {
        at: [0; MAX_SUBSET],
        len: 0,
    };
    extend_subset(masks, k, limit, 0, 0, &mut chosen, visit)
}

/// The largest subset [`search_subsets`] looks for (the solver's sets
/// and fish have at most four members).
const MAX_SUBSET: usize = 8;

/// The indices chosen so far by [`search_subsets`].
struct Subset {
    at: [usize; MAX_SUBSET],
    len: usize,
}

fn extend_subset<T>(
    masks: &[u32],
    k: usize,
    limit: u32,
    from: usize,
    union: u32,
    chosen: &mut Subset,
    visit: &mut impl FnMut(&[usize], u32) -> Option<T>,
) -> Option<T> {
    if chosen.len == k {
        return visit(&chosen.at[..k], union);
    }
    for i in from..masks.len() {
        let next = union | masks[i];
        if next.count_ones() > limit {
            continue;
        }
        chosen.at[chosen.len] = i;
        chosen.len += 1;
        let found = extend_subset(masks, k, limit, i + 1, next, chosen, visit);
        chosen.len -= 1;
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

    /// A fresh solve context for calling a finder directly; leaked, as
    /// tests are short-lived.
    pub fn scratch() -> super::Context<'static> {
        super::Context {
            memo: Box::leak(Box::new(super::Memo::new(9))),
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
