//! Unique rectangles and unique loops, SE's way (its "Unique patterns"
//! producer, rated 4.5 and up).
//!
//! A *deadly loop* on digits {a, b} is a closed path of cells, each
//! holding a and b, where every row, column and box the path touches
//! holds exactly two of its cells, one at an even and one at an odd
//! position. If each cell held only a and b, the two digits could swap
//! all around the loop and the puzzle would have two solutions. Assuming
//! a unique solution (the grader only rates unique puzzles), some cell
//! of the loop must hold another digit:
//!
//! - **type 1**: one cell has extra digits, so it loses a and b;
//! - **type 2**: the cells with extra digits share exactly one extra
//!   digit x, so one of them holds x and x leaves every cell seeing them
//!   all;
//! - **type 3**: two cells with extras in one house act as one cell
//!   holding one of their extra digits; with other cells of the house
//!   they make a naked set, or with a and b a hidden set, which removes
//!   digits as any subset does;
//! - **type 4**: two cells with extras share a house where a has no other
//!   place, so one of them is a, and neither can be b.
//!
//! Four cells make a *rectangle* (SE 4.5), longer loops a *loop* (6
//! cells 4.6, 8 cells 4.7, 10 and more 5.0); type 3 adds 0.1 per naked
//! set cell beyond one (a pair is 4.6) or per hidden set cell beyond two.
//!
//! SE searches from every bivalue cell in index order, following the
//! cells that hold both digits through a box, row or column other than
//! the one it came by; it allows at most two cells with extra digits
//! unless all extras are one digit. It gathers every pattern of the grid
//! and applies the easiest, type order breaking ties, the first found
//! breaking the rest; this finder does the same.

use super::super::board::{cell_list, digit_list, Cell, House};
use super::super::candidates::{bit, bits, digits, Candidates};
use super::super::cell_set::{by_set_width, BoardSets, CellSet};
use super::super::producer::{Context, Producer};
use super::super::step::{Pattern, Step};
use super::super::technique::Technique;
use super::common::{near_changed, subsets};
use crate::shape::Shape;
use std::fmt;

/// SE's difficulty of the technique's steps.
const DIFFICULTY: f32 = 4.5;

/// Unique rectangles and loops, types 1 to 4.
pub(crate) struct UniqueRectangle;

impl Producer for UniqueRectangle {
    fn techniques(&self) -> &'static [Technique] {
        &[Technique::UniqueRectangle]
    }

    fn difficulty(&self, _: Technique) -> f32 {
        DIFFICULTY
    }

    fn find(&self, c: &Candidates, cx: &mut Context) -> Option<Step> {
        cx.memo
            .first_since_nothing(Technique::UniqueRectangle, c, |changed| {
                by_set_width!(c, find_with(c, changed))
            })
    }
}

/// What keeps a deadly loop from being deadly.
#[derive(Debug, Clone, PartialEq)]
enum Rescue {
    /// Type 1: the only cell with extra digits.
    One { cell: usize },
    /// Type 2: the cells whose extra digits are all `digit`.
    Shared { cells: Vec<usize>, digit: u8 },
    /// Type 3: the two extra cells as one cell in a naked or hidden set.
    Set(SetRescue),
    /// Type 4: `locked` has no place in `house` but the two extra cells.
    Locked {
        pair: [usize; 2],
        house: usize,
        locked: u8,
        removed: u8,
    },
}

/// A type 3 rescue: in `house`, the two extra cells (holding `extra`
/// between them) act as one cell. Naked: with `others` they hold only
/// the digits of `set`. Hidden: the digits of `set` (the loop's two and
/// others) fit only in them and `others`.
#[derive(Debug, Clone, PartialEq)]
struct SetRescue {
    pair: [usize; 2],
    extra: u32,
    house: usize,
    others: Vec<usize>,
    set: u32,
    hidden: bool,
}

impl Rescue {
    /// SE's type number.
    fn kind(&self) -> u8 {
        match self {
            Rescue::One { .. } => 1,
            Rescue::Shared { .. } => 2,
            Rescue::Set(_) => 3,
            Rescue::Locked { .. } => 4,
        }
    }
}

/// A deadly loop and what rescues it.
#[derive(Debug, Clone)]
struct DeadlyLoop {
    /// The cells in path order.
    cells: Vec<usize>,
    /// The two digits, smaller first.
    digits: [u8; 2],
    rescue: Rescue,
    n: usize,
}

impl DeadlyLoop {
    /// SE's difficulty in tenths: 4.5 for a rectangle, more for longer loops
    /// and for bigger type 3 sets.
    fn tenths(&self) -> u32 {
        let len = self.cells.len();
        let mut t = 45;
        if len >= 10 {
            t += 3;
        }
        if len >= 8 {
            t += 2;
        } else if len >= 6 {
            t += 1;
        }
        match &self.rescue {
            Rescue::Set(r) if r.hidden => t + r.others.len() as u32 - 1,
            Rescue::Set(r) => t + r.set.count_ones() - 1,
            _ => t,
        }
    }

    /// Whether SE counts the two as the same hint: same type, same loop
    /// cells and, for type 3, the same set.
    fn same_hint(&self, other: &DeadlyLoop) -> bool {
        let mut mine = self.cells.clone();
        let mut theirs = other.cells.clone();
        mine.sort_unstable();
        theirs.sort_unstable();
        if mine != theirs || self.rescue.kind() != other.rescue.kind() {
            return false;
        }
        match (&self.rescue, &other.rescue) {
            (Rescue::Set(_), _) => self.rescue == other.rescue,
            _ => true,
        }
    }
}

impl Pattern for DeadlyLoop {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.n;
        let [a, b] = self.digits.map(Shape::symbol);
        write!(
            f,
            "{} on {a}, {b} would let {a} and {b} swap (two solutions)",
            cell_list(&self.cells, n)
        )?;
        match &self.rescue {
            Rescue::One { cell } => write!(f, " unless {} holds another digit", Cell::of(*cell, n)),
            Rescue::Shared { cells, digit } => write!(
                f,
                " unless one of {} holds {}",
                cell_list(cells, n),
                Shape::symbol(*digit)
            ),
            Rescue::Set(r) => {
                write!(
                    f,
                    " unless {} or {} holds one of {}, ",
                    Cell::of(r.pair[0], n),
                    Cell::of(r.pair[1], n),
                    digit_list(&digits(r.extra).collect::<Vec<_>>()),
                )?;
                let kind = if r.hidden { "hidden" } else { "naked" };
                write!(
                    f,
                    "which with {} makes a {kind} {} on {} in {}",
                    cell_list(&r.others, n),
                    set_name(r.set.count_ones() as usize),
                    digit_list(&digits(r.set).collect::<Vec<_>>()),
                    House::of(r.house, n)
                )
            }
            Rescue::Locked {
                pair,
                house,
                locked,
                removed,
            } => write!(
                f,
                " unless {} or {} holds another digit; {} has no other place in {}, so one of them is {} and neither is {}",
                Cell::of(pair[0], n),
                Cell::of(pair[1], n),
                Shape::symbol(*locked),
                House::of(*house, n),
                Shape::symbol(*locked),
                Shape::symbol(*removed)
            ),
        }
    }

    fn name(&self) -> Option<&'static str> {
        Some(if self.cells.len() == 4 {
            "Unique Rectangle"
        } else {
            "Unique Loop"
        })
    }

    fn name_suffix(&self) -> Option<String> {
        Some(if self.cells.len() == 4 {
            format!(" type {}", self.rescue.kind())
        } else {
            format!(" {} type {}", self.cells.len(), self.rescue.kind())
        })
    }
}

/// "pair", "triple", ... for a set of `k` cells.
fn set_name(k: usize) -> &'static str {
    ["pair", "triple", "quad", "quintuple", "sextuple", "septuple"]
        .get(k.wrapping_sub(2))
        .copied()
        .unwrap_or("set")
}

/// A pattern found, with what it removes.
struct Hint {
    pattern: DeadlyLoop,
    removals: Vec<(usize, u8)>,
}

/// Finds the unique rectangle or loop SE would apply (the whole board).
#[cfg(test)]
fn find(c: &Candidates) -> Option<Step> {
    by_set_width!(c, find_with(c, &|_| true))
}

/// The unique rectangle or loop SE would apply, when every pattern that
/// removes something has a cell in or next to a cell that `changed` (the
/// solve's memo: the cells whose candidates changed since the search
/// last found nothing). Why that is enough: a loop, its rescue and what
/// it removes depend only on the loop's cells and the houses they share
/// (type 2's removals, outside them, can only have shrunk since), so a
/// loop of unchanged cells none of which sees a changed cell removes
/// nothing still. Loops of a pair none of whose possible members is such
/// a cell are not searched; the others are, in order, so the pick among
/// the hints found is SE's.
fn find_with<const W: usize>(c: &Candidates, changed: &dyn Fn(usize) -> bool) -> Option<Step> {
    let mut hints: Vec<Hint> = Vec::new();
    let sets = BoardSets::<W>::new(c);
    let near = near_changed(c, &sets, changed);
    if near.is_empty() {
        return None;
    }
    let mut members: Vec<(u32, CellSet<W>)> = Vec::new();
    let mut seen_loops: Vec<Vec<usize>> = Vec::new();
    // One path buffer for every start: the search runs after every step.
    let mut path = Vec::with_capacity(16);
    for start in 0..c.cell_count() {
        let pair = c.mask(start);
        if pair.count_ones() != 2 {
            continue;
        }
        let i = match members.iter().position(|(p, _)| *p == pair) {
            Some(i) => i,
            None => {
                members.push((pair, loop_members(c, &sets, pair)));
                members.len() - 1
            }
        };
        let allowed = members[i].1;
        if !allowed.contains(start) || allowed.and(near).is_empty() {
            continue;
        }
        // Every loop through this start is met from it (whatever the
        // start, a loop passes the walk's tests or fails them alike), so
        // later starts of the pair need not walk through it: the loops
        // they would find through it were met here first.
        members[i].1.remove(start);
        let mut search = LoopSearch {
            c,
            sets: &sets,
            pair,
            start,
            members: allowed,
            on_path: [CellSet::default(); 2],
            path: std::mem::take(&mut path),
            found: Vec::new(),
        };
        search.extend(start, 2, 0, None);
        path = search.path;
        for cells in search.found {
            // A loop is met from each of its bivalue cells, both ways
            // round: its hints are the same each time, so only the
            // first meeting is looked at (hints keep the first found).
            let mut key = cells.clone();
            key.sort_unstable();
            key.push(pair as usize);
            if seen_loops.contains(&key) {
                continue;
            }
            seen_loops.push(key);
            if is_deadly(c, &cells) {
                for hint in rescues(c, cells, pair) {
                    if !hint.removals.is_empty() && !hints.iter().any(|h| h.pattern.same_hint(&hint.pattern))
                    {
                        hints.push(hint);
                    }
                }
            }
        }
    }
    // Stable: among equals the first found stays first, as in SE.
    hints.sort_by_key(|h| (h.pattern.tenths(), h.pattern.rescue.kind()));
    let best = hints.into_iter().next()?;
    let n = c.n();
    let difficulty = best.pattern.tenths() as f32 / 10.0;
    let mut step = Step::new(Technique::UniqueRectangle, difficulty, best.pattern);
    for (cell, d) in best.removals {
        step.eliminate(cell, d, n);
    }
    Some(step)
}

/// SE's house kinds in its search order (box, row, column) as indices
/// into [`Tables::houses_of`](super::super::candidates::Tables::houses_of).
const KIND_ORDER: [usize; 3] = [2, 0, 1];

/// Under a variant, SE's kinds in its order: box, row, column, then
/// disjoint group (3), window group (4), main and anti-diagonal (5, 6).
const ALL_KINDS: [usize; 7] = [2, 0, 1, 3, 4, 5, 6];

/// The cell's house of a kind of [`ALL_KINDS`], if it has one.
fn house_of_kind(c: &Candidates, cell: usize, kind: usize) -> Option<usize> {
    let t = c.tables();
    if kind < 3 {
        return Some(t.houses_of(cell)[kind]);
    }
    let n = c.n();
    let range = match kind {
        3 => 4 * n + 2..5 * n + 2,
        4 => 3 * n + 2..4 * n + 2,
        5 => 3 * n..3 * n + 1,
        _ => 3 * n + 1..3 * n + 2,
    };
    t.extra_houses_of(cell).iter().map(|&(h, _)| h).find(|h| range.contains(h))
}

/// The cells that may belong to a deadly loop on `pair`: they hold both
/// digits, and so does another such cell in each of their row, column
/// and box (a deadly loop holds two cells of every house it touches).
/// Searching only these finds the same loops, in the same order.
fn loop_members<const W: usize>(c: &Candidates, sets: &BoardSets<W>, pair: u32) -> CellSet<W> {
    let mut ds = digits(pair);
    let (a, b) = (ds.next().unwrap_or(1), ds.next().unwrap_or(1));
    let mut member = sets.holding(a).and(sets.holding(b));
    loop {
        let before = member;
        for h in 0..c.tables().house_count() {
            let inside = member.and(sets.house(c, h));
            if !inside.is_empty() && !inside.has_two() {
                member = member.without(inside);
            }
        }
        if member == before {
            return member;
        }
    }
}

/// The depth-first search for closed paths from one bivalue cell.
struct LoopSearch<'a, const W: usize> {
    c: &'a Candidates,
    sets: &'a BoardSets<W>,
    pair: u32,
    start: usize,
    /// The cells [`loop_members`] allows.
    members: CellSet<W>,
    /// The path's cells at even and at odd positions.
    on_path: [CellSet<W>; 2],
    path: Vec<usize>,
    found: Vec<Vec<usize>>,
}

impl<const W: usize> LoopSearch<'_, W> {
    /// Adds `cell` to the path and follows every house kind but the one
    /// it came by. `allowed` counts the cells with extra digits still
    /// allowed; `extras` holds the extra digits met so far.
    fn extend(&mut self, cell: usize, allowed: i32, extras: u32, came_by: Option<usize>) {
        let parity = self.path.len() % 2;
        self.path.push(cell);
        self.on_path[parity].insert(cell);
        let t = self.c.tables();
        let variant = t.house_count() > 3 * self.c.n();
        let kinds = if variant { &ALL_KINDS[..] } else { &KIND_ORDER[..] };
        for &kind in kinds {
            if came_by == Some(kind) {
                continue;
            }
            let Some(house) = house_of_kind(self.c, cell, kind) else {
                continue;
            };
            // In index order, which is the house's order.
            for next in self.members.and(self.sets.house(self.c, house)).iter() {
                if next == self.start && self.path.len() >= 4 {
                    self.found.push(self.path.clone());
                    continue;
                }
                if self.on_path[0].contains(next)
                    || self.on_path[1].contains(next)
                    || self.breaks_parity(next)
                {
                    continue;
                }
                let mask = self.c.mask(next);
                let more = extras | (mask & !self.pair);
                let has_extra = mask.count_ones() > 2;
                if !has_extra || more.count_ones() == 1 || allowed > 0 {
                    self.extend(next, allowed - has_extra as i32, more, Some(kind));
                }
            }
        }
        self.on_path[parity].remove(cell);
        self.path.pop();
    }

    /// Whether `next`, added at the end of the path, would share a house
    /// with a cell of the same parity: such a path never closes into a
    /// deadly loop (SE finds and rejects it later; pruning it here finds
    /// the same loops in the same order).
    fn breaks_parity(&self, next: usize) -> bool {
        let parity = self.path.len() % 2;
        !self.on_path[parity].and(self.sets.peers(self.c, next)).is_empty()
    }
}

/// Whether every house the loop touches holds exactly two of its cells,
/// one at an even and one at an odd position.
fn is_deadly(c: &Candidates, cells: &[usize]) -> bool {
    let t = c.tables();
    // House numbers stay below 5 * 25 + 2 = 127: one bit each.
    debug_assert!(t.house_count() <= 128);
    let mut by_parity = [0u128; 2];
    for (i, &cell) in cells.iter().enumerate() {
        let extra = t.extra_houses_of(cell).iter().map(|&(h, _)| h);
        for h in t.houses_of(cell).into_iter().chain(extra) {
            if by_parity[i % 2] & 1 << h != 0 {
                return false;
            }
            by_parity[i % 2] |= 1 << h;
        }
    }
    by_parity[0] == by_parity[1]
}

/// The hints a deadly loop gives, by the cells holding extra digits.
fn rescues(c: &Candidates, cells: Vec<usize>, pair: u32) -> Vec<Hint> {
    let extra_cells: Vec<usize> = cells.iter().copied().filter(|&x| c.mask(x) != pair).collect();
    let mut ds = digits(pair);
    let loop_digits = [ds.next().unwrap_or(0), ds.next().unwrap_or(0)];
    let make = |rescue: Rescue| DeadlyLoop {
        cells: cells.clone(),
        digits: loop_digits,
        rescue,
        n: c.n(),
    };
    let extras = extra_cells.iter().fold(0, |m, &x| m | c.mask(x)) & !pair;
    let mut out = Vec::new();
    match extra_cells.len() {
        0 => {}
        1 => {
            let cell = extra_cells[0];
            let removals = digits(pair).map(|d| (cell, d)).collect();
            out.push(Hint {
                pattern: make(Rescue::One { cell }),
                removals,
            });
        }
        k => {
            if extras.count_ones() == 1 {
                out.push(shared_extra(c, &extra_cells, extras, &make));
            } else if k == 2 {
                let duo = [extra_cells[0], extra_cells[1]];
                out.extend(set_rescues(c, duo, pair, extras, &make));
            }
            if k == 2 {
                out.extend(locked_rescue(
                    c,
                    [extra_cells[0], extra_cells[1]],
                    loop_digits,
                    &make,
                ));
            }
        }
    }
    out
}

/// Type 2: the one extra digit leaves every cell that sees all the cells
/// holding it.
fn shared_extra(
    c: &Candidates,
    extra_cells: &[usize],
    extras: u32,
    make: &impl Fn(Rescue) -> DeadlyLoop,
) -> Hint {
    let t = c.tables();
    let digit = digits(extras).next().unwrap_or(0);
    let removals = (0..c.cell_count())
        .filter(|&x| c.mask(x) & extras != 0 && !extra_cells.contains(&x))
        .filter(|&x| extra_cells.iter().all(|&e| t.sees(e, x)))
        .map(|x| (x, digit))
        .collect();
    Hint {
        pattern: make(Rescue::Shared {
            cells: extra_cells.to_vec(),
            digit,
        }),
        removals,
    }
}

/// The houses holding both cells, in SE's kind order.
fn shared_houses(c: &Candidates, [a, b]: [usize; 2]) -> impl Iterator<Item = usize> + '_ {
    let t = c.tables();
    KIND_ORDER
        .into_iter()
        .map(move |k| (t.houses_of(a)[k], t.houses_of(b)[k]))
        .filter(|(x, y)| x == y)
        .map(|(x, _)| x)
}

/// Type 4: a loop digit whose only places in a house of both extra cells
/// are those two cells.
fn locked_rescue(
    c: &Candidates,
    duo: [usize; 2],
    [a, b]: [u8; 2],
    make: &impl Fn(Rescue) -> DeadlyLoop,
) -> Option<Hint> {
    let t = c.tables();
    let confined = |house: usize, d: u8| t.house(house).iter().all(|&x| duo.contains(&x) || !c.has(x, d));
    // SE keeps the last house of each digit and prefers the smaller digit.
    let for_a = shared_houses(c, duo).filter(|&h| confined(h, a)).last();
    let for_b = shared_houses(c, duo).filter(|&h| confined(h, b)).last();
    let (house, locked, removed) = match (for_a, for_b) {
        (Some(h), _) => (h, a, b),
        (None, Some(h)) => (h, b, a),
        (None, None) => return None,
    };
    Some(Hint {
        pattern: make(Rescue::Locked {
            pair: duo,
            house,
            locked,
            removed,
        }),
        removals: duo.iter().map(|&x| (x, removed)).collect(),
    })
}

/// Type 3: naked and hidden sets with the two extra cells as one cell,
/// by growing size, then house kind, naked before hidden.
fn set_rescues(
    c: &Candidates,
    duo: [usize; 2],
    pair: u32,
    extra: u32,
    make: &impl Fn(Rescue) -> DeadlyLoop,
) -> Vec<Hint> {
    let n = c.n();
    let mut out = Vec::new();
    for degree in 2..=n.saturating_sub(2) {
        for house in shared_houses(c, duo) {
            let empty = c.empty_cells(house);
            if degree * 2 <= empty && degree >= extra.count_ones() as usize {
                naked_sets(c, duo, extra, house, degree, &mut |others, set| {
                    let rescue = SetRescue {
                        pair: duo,
                        extra,
                        house,
                        others,
                        set,
                        hidden: false,
                    };
                    out.push(set_hint(c, rescue, make));
                });
            }
            if degree * 2 < empty {
                hidden_sets(c, duo, pair, extra, house, degree, &mut |others, set| {
                    let rescue = SetRescue {
                        pair: duo,
                        extra,
                        house,
                        others,
                        set,
                        hidden: true,
                    };
                    out.push(set_hint(c, rescue, make));
                });
            }
        }
    }
    out
}

/// Calls `found(others, digits)` for each naked set of `degree` cells in
/// `house` made of the first extra cell (standing for both, holding the
/// extra digits) and `degree - 1` other cells.
fn naked_sets(
    c: &Candidates,
    [first, second]: [usize; 2],
    extra: u32,
    house: usize,
    degree: usize,
    found: &mut impl FnMut(Vec<usize>, u32),
) {
    let cells = c.tables().house(house);
    let both = extra & c.mask(first) & c.mask(second);
    // The other cells may be any cell of the house but the two extra
    // cells, holding two digits or more. Subsets of those, in increasing
    // numeric order, come in the order of SE's subsets of the whole house
    // that hold the first extra cell (the positions keep their order),
    // without the many SE rejects; read without allocating, as this runs
    // for every loop found.
    if first == second || !cells.contains(&first) {
        return;
    }
    let mut eligible = [0usize; 32];
    let mut count = 0;
    for &x in cells {
        if x != first && x != second && c.mask(x).count_ones() > 1 {
            eligible[count] = x;
            count += 1;
        }
    }
    for chosen in subsets(degree - 1, count) {
        let others = || bits(chosen).map(|i| eligible[i]);
        let union = others().fold(0, |m, x| m | c.mask(x));
        // Every extra digit must be common to both extra cells or held by
        // another cell of the set (lkSudoku's fix, SE's default).
        if (both | union).count_ones() as usize != degree {
            continue;
        }
        let set = union | extra;
        if set.count_ones() as usize == degree {
            found(others().collect(), set);
        }
    }
}

/// Calls `found(others, digits)` for each hidden set of `degree` digits
/// in `house`: the loop's two digits and `degree - 2` digits absent from
/// both extra cells, confined (the second extra cell aside) to the first
/// extra cell and `degree - 1` others.
fn hidden_sets(
    c: &Candidates,
    [first, second]: [usize; 2],
    pair: u32,
    extra: u32,
    house: usize,
    degree: usize,
    found: &mut impl FnMut(Vec<usize>, u32),
) {
    let n = c.n();
    let cells = c.tables().house(house);
    // Fixed arrays and each digit's places read once: this runs for every
    // loop found, over every subset.
    let mut rest = [0u8; 32];
    let mut rest_len = 0;
    for d in (1..=n as u8).filter(|&d| bit(d) & (pair | extra) == 0) {
        rest[rest_len] = d;
        rest_len += 1;
    }
    if degree - 2 > rest_len {
        return;
    }
    let mut places_of = [0u32; 32];
    c.all_positions(house, &mut places_of);
    let second_bit = cells.iter().position(|&x| x == second).map_or(0, |i| 1u32 << i);
    for chosen in subsets(degree - 2, rest_len) {
        let set = bits(chosen).fold(pair, |m, i| m | bit(rest[i]));
        let mut places = 0u32;
        let mut every_digit_placed = true;
        for d in digits(set) {
            let at = places_of[d as usize - 1] & !second_bit;
            every_digit_placed &= at != 0;
            places |= at;
        }
        if every_digit_placed && places.count_ones() as usize == degree {
            let others: Vec<usize> = bits(places).map(|i| cells[i]).filter(|&x| x != first).collect();
            found(others, set);
        }
    }
}

/// The hint of a type 3 set: a naked set's digits leave the rest of the
/// house, a hidden set's other cells keep only its digits.
fn set_hint(c: &Candidates, rescue: SetRescue, make: &impl Fn(Rescue) -> DeadlyLoop) -> Hint {
    let removals = if rescue.hidden {
        rescue
            .others
            .iter()
            .flat_map(|&x| digits(c.mask(x) & !rescue.set).map(move |d| (x, d)))
            .collect()
    } else {
        c.tables()
            .house(rescue.house)
            .iter()
            .filter(|&x| !rescue.pair.contains(x) && !rescue.others.contains(x))
            .flat_map(|&x| digits(c.mask(x) & rescue.set).map(move |d| (x, d)))
            .collect()
    };
    Hint {
        pattern: make(Rescue::Set(rescue)),
        removals,
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn difficulty_of(step: &Step) -> f32 {
        (step.difficulty * 10.0).round() / 10.0
    }

    #[test]
    fn type_1_the_fourth_corner_loses_the_pair() {
        // r1c1, r1c4, r3c1 hold {2,9}; r3c4 holds {2,5,9}. Boxes 1 and 2.
        let step = find(&three_pairs([1, 3], [1, 4])).expect("unique rectangle");
        assert_eq!(removed(&step), vec![(rc(3, 4), 2), (rc(3, 4), 9)]);
        assert_eq!(step.name(), "Unique Rectangle type 1");
        assert_eq!(difficulty_of(&step), 4.5);
    }

    /// An open board with {2,9} in three corners and {2,5,9} in the
    /// fourth of the rectangle on rows `rows` and columns `cols`.
    fn three_pairs(rows: [usize; 2], cols: [usize; 2]) -> Candidates {
        let mut c = open_board();
        for cell in [rc(rows[0], cols[0]), rc(rows[0], cols[1]), rc(rows[1], cols[0])] {
            c.set_digits(cell, &[2, 9]);
        }
        c.set_digits(rc(rows[1], cols[1]), &[2, 5, 9]);
        c
    }

    /// {2,9} in `plain`, {2,6,9} and {2,7,9} in the two `extra` cells.
    fn rectangle_with_extras(c: &mut Candidates, plain: [usize; 2], extra: [usize; 2]) {
        for cell in plain {
            c.set_digits(cell, &[2, 9]);
        }
        c.set_digits(extra[0], &[2, 6, 9]);
        c.set_digits(extra[1], &[2, 7, 9]);
    }

    #[test]
    fn four_boxes_are_no_rectangle() {
        // Rows 1, 5 and columns 1, 5: four different boxes, no deadly
        // pattern.
        assert!(find(&three_pairs([1, 5], [1, 5])).is_none());
    }

    #[test]
    fn one_box_is_no_rectangle() {
        // r1c1, r1c2, r2c1, r2c2 are all in box 1: the swap is no
        // deadly pattern there (the box would hold the digits twice).
        assert!(find(&three_pairs([1, 2], [1, 2])).is_none());
    }

    #[test]
    fn type_2_the_shared_extra_digit_leaves_the_common_peers() {
        let mut c = open_board();
        // r1c1, r1c4 {2,9}; r3c1, r3c4 {2,5,9}: one of the two is 5, so
        // 5 leaves row 3 and (as they sit in different boxes) nothing
        // else. Other cells keep 5 only where they see both.
        for cell in [rc(1, 1), rc(1, 4)] {
            c.set_digits(cell, &[2, 9]);
        }
        for cell in [rc(3, 1), rc(3, 4)] {
            c.set_digits(cell, &[2, 5, 9]);
        }
        let step = find(&c).expect("unique rectangle");
        assert_eq!(step.name(), "Unique Rectangle type 2");
        let row3: Vec<usize> = (1..=9).filter(|&k| k != 1 && k != 4).map(|k| rc(3, k)).collect();
        assert_eq!(removed(&step), each(&row3, 5));
    }

    #[test]
    fn type_4_a_locked_loop_digit_removes_the_other() {
        let mut c = open_board();
        // r1c1, r1c4 {2,9}; r3c1 {2,6,9}, r3c4 {2,7,9}. In row 3, 9 fits
        // only in r3c1 and r3c4, so one of them is 9 and neither can be 2.
        rectangle_with_extras(&mut c, [rc(1, 1), rc(1, 4)], [rc(3, 1), rc(3, 4)]);
        confine(&mut c, 9, &[rc(1, 1), rc(1, 4), rc(3, 1), rc(3, 4), rc(5, 5)]);
        let step = find(&c).expect("unique rectangle");
        assert_eq!(step.name(), "Unique Rectangle type 4");
        assert_eq!(removed(&step), vec![(rc(3, 1), 2), (rc(3, 4), 2)]);
    }

    #[test]
    fn type_3_a_naked_pair_with_the_extra_cells() {
        let mut c = open_board();
        // r1c1, r1c4 {2,9}; r3c1 {2,6,9}, r3c4 {2,7,9}; r3c8 {6,7}. The
        // rescue is 6 or 7 in r3c1/r3c4: with r3c8 a naked pair on 6, 7
        // in row 3 (4.6), so 6 and 7 leave the rest of row 3.
        rectangle_with_extras(&mut c, [rc(1, 1), rc(1, 4)], [rc(3, 1), rc(3, 4)]);
        c.set_digits(rc(3, 8), &[6, 7]);
        let step = find(&c).expect("unique rectangle");
        assert_eq!(step.name(), "Unique Rectangle type 3");
        assert_eq!(difficulty_of(&step), 4.6);
        let rest: Vec<usize> = [2, 3, 5, 6, 7, 9].iter().map(|&k| rc(3, k)).collect();
        let mut expected = each(&rest, 6);
        expected.extend(each(&rest, 7));
        expected.sort();
        assert_eq!(removed(&step), expected);
    }

    #[test]
    fn type_3_a_hidden_pair_with_the_loop_digits() {
        let mut c = open_board();
        // r1c1, r2c1 {2,9} (box 1); r1c5 {2,6,9}, r2c5 {2,7,9} (box 2).
        // In box 2, 2 and 9 fit only in r1c5, r2c5 and r3c6 {2,3,4,9}:
        // one of r1c5/r2c5 is 6 or 7, so 2 and 9 make a hidden pair in the
        // other and r3c6, which loses 3 and 4 (4.5).
        rectangle_with_extras(&mut c, [rc(1, 1), rc(2, 1)], [rc(1, 5), rc(2, 5)]);
        c.set_digits(rc(3, 6), &[2, 3, 4, 9]);
        let box2: Vec<usize> = [(1, 4), (1, 6), (2, 4), (2, 6), (3, 4), (3, 5)]
            .iter()
            .map(|&(r, k)| rc(r, k))
            .collect();
        for cell in box2 {
            c.set_digits(cell, &[1, 3, 4, 5, 6, 7, 8]);
        }
        let step = find(&c).expect("unique rectangle");
        assert_eq!(step.name(), "Unique Rectangle type 3");
        assert_eq!(difficulty_of(&step), 4.5);
        assert_eq!(removed(&step), vec![(rc(3, 6), 3), (rc(3, 6), 4)]);
    }

    /// A 6-cell loop through boxes 1-3: r1c1-r1c4-r2c4-r2c7-r3c7-r3c1,
    /// every house it touches holding two of its cells at opposite
    /// parities; all hold {3,8} only, but r3c1 also 1. The digits 3 and 8
    /// are kept out of other cells, so no rectangle forms with them.
    fn six_loop(c: &mut Candidates) {
        let cells = [rc(1, 1), rc(1, 4), rc(2, 4), rc(2, 7), rc(3, 7), rc(3, 1)];
        for &cell in &cells[..5] {
            c.set_digits(cell, &[3, 8]);
        }
        c.set_digits(cells[5], &[1, 3, 8]);
        confine(c, 3, &cells);
        confine(c, 8, &cells);
    }

    #[test]
    fn a_six_cell_loop_is_a_unique_loop() {
        let mut c = open_board();
        six_loop(&mut c);
        let step = find(&c).expect("unique loop");
        assert_eq!(step.name(), "Unique Loop 6 type 1");
        assert_eq!(difficulty_of(&step), 4.6);
        assert_eq!(removed(&step), vec![(rc(3, 1), 3), (rc(3, 1), 8)]);
    }

    #[test]
    fn the_easiest_pattern_wins() {
        let mut c = open_board();
        // A unique loop type 1 (4.6) in rows 1-3 and a rectangle type 4
        // (4.5) in rows 5-6: the rectangle comes first.
        six_loop(&mut c);
        rectangle_with_extras(&mut c, [rc(5, 2), rc(5, 5)], [rc(6, 2), rc(6, 5)]);
        confine(&mut c, 9, &[rc(5, 2), rc(5, 5), rc(6, 2), rc(6, 5), rc(8, 8)]);
        let step = find(&c).expect("unique rectangle");
        assert_eq!(step.name(), "Unique Rectangle type 4");
    }
}
