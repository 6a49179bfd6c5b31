//! A bitboard propagation solver for boards of at most 128 cells (9x9
//! and smaller), for the speed of digging probes.
//!
//! It draws the same deductions as the candidate-mask solver of
//! [`super::propagate`] (placements leave their peers, naked and hidden
//! singles over every house, "seen by all" eliminations, non-consecutive
//! pincers), but its state is one 128-bit board per digit (the cells that
//! may still hold it) instead of one mask per cell. Placing a digit
//! clears its peers with one AND, a digit's places in a house are one AND
//! away, and the cells every such place sees are an AND of peer boards,
//! so a search node costs a few hundred word operations; under
//! anti-knight, whose conflicts reach past the houses, that is many times
//! cheaper than walking peer lists. A search node's state is 12 words,
//! copied on each branch.

use crate::engine::Count;
use crate::grid::Grid;
use crate::shape::Shape;
use crate::variant::{Conflict, Variant};
use rand::seq::SliceRandom;
use rand::RngCore;

/// Cells of the largest board that fits: one bit per cell in a `u128`.
/// Larger boards dig by the propagation solver and SAT formulas instead.
pub(crate) const BITBOARD_CELLS_MAX: usize = 128;

/// Digits of the largest board that fits (n * n <= 128).
const MAX_DIGITS: usize = 11;

/// The candidates of one search node.
#[derive(Clone, Copy)]
struct State {
    /// Per digit, the cells that may still hold it; a placed cell stays
    /// only on its own digit's board.
    boards: [u128; MAX_DIGITS],
    /// Placed cells.
    placed: u128,
    /// Per digit, the houses (one bit each) where it is placed: nothing
    /// is left to find there.
    done: [u64; MAX_DIGITS],
}

/// Per digit, the houses (one bit each) where its board lost cells since
/// the house scan last looked: only there can it find anything new. Kept
/// as cells go, so that no scan compares whole states.
#[derive(Clone, Copy)]
struct Changed([u64; MAX_DIGITS]);

impl Changed {
    /// `houses` for every digit.
    fn all(houses: u64) -> Changed {
        Changed([houses; MAX_DIGITS])
    }
}

/// The geometry of one variant on a board of at most 128 cells.
#[derive(Clone)]
pub(crate) struct Bitboard {
    shape: Shape,
    n: usize,
    /// Every cell's bit.
    cells: u128,
    /// Every house's bit (see `houses`).
    every_house: u64,
    /// Every house as a board. The tables have a fixed size, so that an
    /// index masked to it needs no bounds check.
    houses: Box<[u128; 64]>,
    /// Every house's cells in the variant's order: a search branching
    /// on a digit's places tries them in this order, as the
    /// candidate-mask solver does, so that random fills match it.
    orders: Vec<Vec<u8>>,
    /// Per cell, the houses through it, one bit per house index.
    houses_of: Box<[u64; 128]>,
    /// Per cell, the cells that may not share its digit (houses and
    /// same-digit conflicts), itself excluded.
    peers: Box<[u128; 128]>,
    /// Whether the non-consecutive rule holds.
    consecutive: bool,
    /// Per cell, its non-consecutive neighbours.
    neighbours: Box<[u128; 128]>,
}

/// What one search is asked for and what it found.
struct Run<'a> {
    limit: u64,
    budget: u64,
    nodes: u64,
    /// Shuffles each node's choices, for a random fill.
    rng: Option<&'a mut dyn RngCore>,
    /// A solution whose placements are tried first.
    hint: Option<&'a Grid>,
    /// The cells whose two-way branches are taken first: a probed
    /// cell and its peers (none for fills and counts).
    focus: u128,
    solutions: u64,
    first: Option<State>,
    aborted: bool,
}

/// What a search node branches on.
enum Branch {
    Solved,
    /// The digits of a cell.
    Cell(usize),
    /// The places of a digit in a house (its index): the board of those
    /// places.
    Place(usize, usize, u128),
}

impl Bitboard {
    /// The solver of `variant` on `shape` (the variant already checked),
    /// or `None` when the board has more than 128 cells.
    pub(crate) fn new(shape: Shape, variant: &Variant) -> Option<Bitboard> {
        let cells = shape.cells();
        let bit = |c: usize| 1u128 << c;
        let orders: Vec<Vec<u8>> = variant.houses(shape).iter().map(|h| h.iter().map(|&c| c as u8).collect()).collect();
        let houses: Vec<u128> = orders.iter().map(|h| h.iter().fold(0, |m, &c| m | bit(usize::from(c)))).collect();
        if cells > BITBOARD_CELLS_MAX || shape.n() > MAX_DIGITS || houses.len() > 64 {
            return None;
        }
        let mut houses_of = Box::new([0u64; 128]);
        for (h, &house) in houses.iter().enumerate() {
            for_each_cell(house, |c| houses_of[c] |= 1 << h);
        }
        let mut peers = Box::new([0u128; 128]);
        let mut neighbours = Box::new([0u128; 128]);
        for (cell, p) in peers.iter_mut().enumerate().take(cells) {
            *p = houses.iter().filter(|&&h| h & bit(cell) != 0).fold(0, |m, h| m | h) & !bit(cell);
        }
        let mut consecutive = false;
        for conflict in variant.conflicts(shape) {
            let (boards, a, b) = match conflict {
                Conflict::SameDigit(a, b) => (&mut peers, a, b),
                Conflict::Consecutive(a, b) => {
                    consecutive = true;
                    (&mut neighbours, a, b)
                }
            };
            boards[a] |= bit(b);
            boards[b] |= bit(a);
        }
        let mut table = Box::new([0u128; 64]);
        table[..houses.len()].copy_from_slice(&houses);
        Some(Bitboard {
            shape,
            n: shape.n(),
            cells: if cells == 128 { !0 } else { (1u128 << cells) - 1 },
            every_house: if houses.len() == 64 { !0 } else { (1 << houses.len()) - 1 },
            houses: table,
            orders,
            houses_of,
            peers,
            consecutive,
            neighbours,
        })
    }

    /// Counts solutions of `puzzle` up to `limit`, searching at most
    /// `budget` nodes.
    pub(crate) fn count(&self, puzzle: &Grid, limit: u64, budget: u64) -> Count {
        let mut run = Run::new(limit, budget, None);
        if let Some(state) = self.load(puzzle, None) {
            self.search(&state, &mut run);
        }
        Count {
            solutions: run.solutions,
            first: run.first.as_ref().map(|s| self.grid_of(s)),
            effort: run.nodes,
            complete: !run.aborted,
        }
    }

    /// A random complete grid, or `None` if none was found within
    /// `budget` nodes (or none exists). Branches and their choices come
    /// in the candidate-mask solver's order, so where both draw the same
    /// deductions (anti-knight, anti-king on the classic houses) the same
    /// random stream gives the same grid.
    pub(crate) fn fill(&self, rng: &mut dyn RngCore, budget: u64) -> Option<Grid> {
        let mut run = Run::new(1, budget, None);
        run.rng = Some(rng);
        if let Some(state) = self.load(&Grid::empty(self.shape), None) {
            self.search(&state, &mut run);
        }
        run.first.as_ref().map(|s| self.grid_of(s))
    }

    /// Whether `puzzle` has a solution with `digit` not in `cell` (an empty
    /// cell of the puzzle); `None` past the budget. A known solution
    /// (`hint`) guides the search towards a second one nearby.
    pub(crate) fn has_other(
        &self,
        puzzle: &Grid,
        cell: usize,
        digit: u8,
        budget: u64,
        hint: Option<&Grid>,
    ) -> Option<bool> {
        if hint.is_some_and(|solution| self.two_digit_swap(puzzle, cell, digit, solution).is_some()) {
            return Some(true);
        }
        let mut run = Run::new(1, budget, hint);
        // A second solution differs from the first in the probed cell,
        // so it differs near it too: two-way branches there settle the
        // probe sooner (anti-knight, 300 puzzles of seeds 1 and 2: 4.4%
        // and 4.7% fewer nodes).
        run.focus = self.peers[cell & 127] | 1u128 << cell;
        if let Some(state) = self.load(puzzle, Some((cell, digit))) {
            self.search(&state, &mut run);
        }
        (!run.aborted).then_some(run.solutions > 0)
    }

    /// A second solution of `puzzle` (as one board per digit) that trades
    /// `digit`, the digit of `cell` in `solution` (a solution of `puzzle`,
    /// which leaves `cell` empty), for another digit, on the fewest cells
    /// that keep every house whole, if there is one: a search-free answer
    /// to [`Bitboard::has_other`] for a quarter of the needed clues of an
    /// anti-knight dig, whose second solutions differ from the first in
    /// two digits. `None` when `solution` does not fit, too.
    fn two_digit_swap(&self, puzzle: &Grid, cell: usize, digit: u8, solution: &Grid) -> Option<[u128; MAX_DIGITS]> {
        let mut boards = [0u128; MAX_DIGITS];
        let mut clues = 0u128;
        for (c, (&given, &d)) in puzzle.cells().iter().zip(solution.cells()).enumerate() {
            if d == 0 || (given != 0 && given != d) {
                return None;
            }
            boards[usize::from(d) - 1] |= 1u128 << c;
            clues |= u128::from(given != 0) << c;
        }
        let breaks_rules = (0..self.n).any(|d| !self.keeps_rules(&boards, boards[d], d));
        if solution.get(cell) != digit || clues >> cell & 1 != 0 || breaks_rules {
            return None;
        }
        let a = usize::from(digit) - 1;
        (0..self.n).filter(|&b| b != a).find_map(|b| self.swap(&boards, clues, cell, a, b))
    }

    /// The grid `boards` with digits `a` and `b` swapped on the cells
    /// that `cell` draws in (a house that loses one of them must trade
    /// it for the other), if that touches no clue and keeps every rule.
    fn swap(&self, boards: &[u128; MAX_DIGITS], clues: u128, cell: usize, a: usize, b: usize) -> Option<[u128; MAX_DIGITS]> {
        let pair = boards[a] | boards[b];
        let (mut set, mut frontier, mut visited) = (1u128 << cell, 1u128 << cell, 0u64);
        while frontier != 0 {
            let mut houses = 0u64;
            for_each_cell(frontier, |c| houses |= self.houses_of[c & 127]);
            houses &= !visited;
            visited |= houses;
            let mut reached = 0u128;
            while houses != 0 {
                reached |= self.houses[houses.trailing_zeros() as usize & 63] & pair;
                houses &= houses - 1;
            }
            frontier = reached & !set;
            set |= reached;
            if set & clues != 0 {
                return None;
            }
        }
        let mut swapped = *boards;
        let moved = set & pair;
        swapped[a] ^= moved;
        swapped[b] ^= moved;
        let holds = self.keeps_rules(&swapped, set & swapped[a], a) && self.keeps_rules(&swapped, set & swapped[b], b);
        holds.then_some(swapped)
    }

    /// Whether each of `cells`, holding digit `d` in the complete grid
    /// `boards`, sees no other `d` and (under non-consecutive) no
    /// neighbour one apart.
    fn keeps_rules(&self, boards: &[u128; MAX_DIGITS], cells: u128, d: usize) -> bool {
        let apart = if self.consecutive {
            let below = d.checked_sub(1).map_or(0, |e| boards[e]);
            below | boards.get(d + 1).copied().unwrap_or(0)
        } else {
            0
        };
        let mut ok = true;
        for_each_cell(cells, |c| {
            ok &= self.peers[c & 127] & boards[d] == 0 && self.neighbours[c & 127] & apart == 0;
        });
        ok
    }

    /// The puzzle's clues placed and propagated, with `digit` removed
    /// from `cell` if asked; `None` on a contradiction.
    ///
    /// The clues are laid down all at once rather than placed one by one:
    /// each digit's board loses every cell a clue of that digit sees and
    /// every other digit's clue, which is what the placements leave, and
    /// every house is scanned afterwards.
    fn load(&self, puzzle: &Grid, without: Option<(usize, u8)>) -> Option<State> {
        let mut state = State {
            boards: [0; MAX_DIGITS],
            placed: 0,
            done: [0; MAX_DIGITS],
        };
        let mut clues = [0u128; MAX_DIGITS];
        let mut seen = [0u128; MAX_DIGITS];
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                let d = usize::from(d) - 1;
                clues[d] |= 1u128 << cell;
                seen[d] |= self.peers[cell & 127];
                state.done[d] |= self.houses_of[cell & 127];
            }
        }
        let placed = clues[..self.n].iter().fold(0, |m, &c| m | c);
        if let Some((cell, digit)) = without {
            if clues[usize::from(digit) - 1] >> cell & 1 != 0 {
                return None;
            }
            seen[usize::from(digit) - 1] |= 1u128 << cell;
        }
        for d in 0..self.n {
            if clues[d] & seen[d] != 0 {
                return None;
            }
            state.boards[d] = (self.cells & !seen[d] & !placed) | clues[d];
        }
        if self.consecutive {
            // A clue's neighbours lose the digits one apart from it.
            for d in 0..self.n {
                let mut near = 0u128;
                for_each_cell(clues[d], |c| near |= self.neighbours[c & 127]);
                for e in [d.wrapping_sub(1), d + 1] {
                    if e < self.n {
                        if clues[e] & near != 0 {
                            return None;
                        }
                        state.boards[e] &= !near;
                    }
                }
            }
        }
        state.placed = placed;
        let mut changed = Changed::all(self.every_house);
        self.propagate(&mut state, &mut changed).then_some(state)
    }

    /// Puts digit `d` (0-based) in `cell`: the cell leaves every other
    /// board, and the cell's peers leave `d`'s board (its non-consecutive
    /// neighbours the boards of `d - 1` and `d + 1`). False if `d` could
    /// not go there.
    #[inline(always)]
    fn place(&self, s: &mut State, cell: usize, d: usize, changed: &mut Changed) -> bool {
        let bit = 1u128 << cell;
        if s.boards[d] & bit == 0 {
            return false;
        }
        if s.placed & bit != 0 {
            return true;
        }
        let houses = self.houses_of[cell & 127];
        // The cell leaves every other board; its houses change only for
        // the digits it could hold. Masks rather than a branch per digit:
        // whether the cell holds a digit is what no predictor guesses,
        // and the masks cost 4% more instructions but 9% less time
        // digging anti-knight puzzles.
        for e in 0..self.n {
            let had = (s.boards[e] >> cell) as u64 & 1;
            s.boards[e] &= !bit;
            changed.0[e] |= houses & had.wrapping_neg();
        }
        s.boards[d] |= bit;
        self.settle(s, cell, d, changed);
        true
    }

    /// Places digit `d` in `cell`, whose only board is `d`'s: marks it
    /// placed and clears its peers (and, under non-consecutive, its
    /// neighbours' digits one apart).
    #[inline(always)]
    fn settle(&self, s: &mut State, cell: usize, d: usize, changed: &mut Changed) {
        s.placed |= 1u128 << cell;
        s.done[d] |= self.houses_of[cell & 127];
        self.remove(s, d, self.peers[cell & 127], changed);
        if self.consecutive {
            let near = self.neighbours[cell & 127];
            if d > 0 {
                self.remove(s, d - 1, near, changed);
            }
            if d + 1 < self.n {
                self.remove(s, d + 1, near, changed);
            }
        }
    }

    /// Takes `cells` off digit `d`'s board, noting the houses that lost
    /// one; true if some did.
    #[inline(always)]
    fn remove(&self, s: &mut State, d: usize, cells: u128, changed: &mut Changed) -> bool {
        let lost = s.boards[d] & cells;
        if lost == 0 {
            return false;
        }
        s.boards[d] &= !lost;
        let mut houses = 0;
        for_each_cell(lost, |c| houses |= self.houses_of[c & 127]);
        changed.0[d] |= houses;
        true
    }

    /// Applies singles and eliminations until nothing changes; false on
    /// a contradiction (a cell without candidates, or a digit without a
    /// place in some house). Only the `changed` houses are scanned: the
    /// others were scanned with nothing left to apply. The deductions
    /// only take candidates away, so the state they stop at is the same
    /// whatever their order; the order only decides the work.
    fn propagate(&self, s: &mut State, changed: &mut Changed) -> bool {
        loop {
            let Some(singles) = self.naked_singles(s, changed) else {
                return false;
            };
            if singles {
                continue;
            }
            let Some(mut found) = self.scan_houses(s, changed) else {
                return false;
            };
            if self.consecutive {
                found |= self.pincers(s, changed);
            }
            if !found {
                return true;
            }
        }
    }

    /// Places every unplaced cell left with one candidate: `Some(true)`
    /// if some were, `None` on a contradiction.
    fn naked_singles(&self, s: &mut State, changed: &mut Changed) -> Option<bool> {
        let (mut one, mut two) = (0u128, 0u128);
        for &board in &s.boards[..self.n] {
            two |= one & board;
            one |= board;
        }
        if one != self.cells {
            return None;
        }
        let singles = one & !two & !s.placed;
        if singles == 0 {
            return Some(false);
        }
        // A single is on its digit's board only: it needs no clearing
        // from the others.
        for d in 0..self.n {
            let mut cells = singles & s.boards[d];
            while cells != 0 {
                let cell = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                // An earlier placement of this batch may have taken the
                // cell's last candidate.
                if s.boards[d] >> cell & 1 == 0 {
                    return None;
                }
                self.settle(s, cell, d, changed);
            }
        }
        // Likewise for a single that lost it before its digit's turn.
        (singles & !s.placed == 0).then_some(true)
    }

    /// In each changed house of each digit: a digit with one place goes
    /// there (a hidden single); a digit's two or three places that all
    /// see some cell outside them (through houses or same-digit
    /// conflicts) take the digit from that cell, and cells next to all of
    /// them lose the digits one apart (pointing and claiming are the
    /// cases where the cell shares a house). `Some(true)` if something
    /// changed, `None` on a contradiction. One pass does both: a house's
    /// places are found once, where a pass per deduction finds them
    /// twice, and one changed mask per digit serves it (12% fewer
    /// instructions digging anti-knight puzzles).
    fn scan_houses(&self, s: &mut State, changed: &mut Changed) -> Option<bool> {
        let mut found = false;
        for d in 0..self.n {
            let mut houses = std::mem::take(&mut changed.0[d]) & !s.done[d];
            while houses != 0 {
                let house = houses.trailing_zeros() as usize & 63;
                houses &= houses - 1;
                let places = s.boards[d] & self.houses[house];
                if places == 0 {
                    return None;
                }
                let rest = places & (places - 1);
                if rest == 0 {
                    self.place(s, places.trailing_zeros() as usize, d, changed);
                    // Houses through the placed cell need no more looks.
                    houses &= !s.done[d];
                    found = true;
                    continue;
                }
                let last = rest & rest.wrapping_sub(1);
                // More places rarely see a common cell.
                let few = last & last.wrapping_sub(1) == 0;
                if !self.consecutive {
                    found |= self.remove(s, d, self.seen_by_all_three(places, rest, last, few), changed);
                } else if few {
                    found |= self.seen_by_all(s, d, places, changed);
                }
            }
        }
        Some(found)
    }

    /// The cells that the two or three `places` all see (`rest` and
    /// `last` are `places` without its lowest one and two cells), none
    /// unless `few`; without branches on the count, which no predictor
    /// guesses.
    #[inline(always)]
    fn seen_by_all_three(&self, places: u128, rest: u128, last: u128, few: bool) -> u128 {
        let first = lowest_cell(places);
        let second = lowest_cell(rest);
        let third = if last == 0 { second } else { lowest_cell(last) };
        let seen = self.peers[first & 127] & self.peers[second & 127] & self.peers[third & 127];
        seen & (few as u128).wrapping_neg()
    }

    /// Takes digit `d` from the cells that all its `places` see, and the
    /// digits one apart from the cells next to all of them; true if some
    /// candidate went.
    fn seen_by_all(&self, s: &mut State, d: usize, places: u128, changed: &mut Changed) -> bool {
        let (mut seen, mut near) = (!0u128, !0u128);
        for_each_cell(places, |c| {
            seen &= self.peers[c & 127];
            if self.consecutive {
                near &= self.neighbours[c & 127];
            }
        });
        let mut found = self.remove(s, d, seen, changed);
        if self.consecutive {
            for e in [d.wrapping_sub(1), d + 1] {
                if e < self.n {
                    found |= self.remove(s, e, near, changed);
                }
            }
        }
        found
    }

    /// A cell whose candidates are digits one apart from a middle digit
    /// (3 and 5) holds a neighbour of that digit either way: its
    /// non-consecutive neighbours lose the middle digit. True if some
    /// candidate went.
    fn pincers(&self, s: &mut State, changed: &mut Changed) -> bool {
        let mut found = false;
        for d in 1..self.n.saturating_sub(1) {
            let others = (0..self.n).filter(|&e| e + 1 != d && e != d + 1).fold(0u128, |m, e| m | s.boards[e]);
            let mut pinned = self.cells & !s.placed & !others;
            let mut near = 0u128;
            while pinned != 0 {
                near |= self.neighbours[pinned.trailing_zeros() as usize & 127];
                pinned &= pinned - 1;
            }
            found |= self.remove(s, d, near, changed);
        }
        found
    }

    /// The branch with the fewest choices, over cells and over the places
    /// of digits in houses: a digit with two places in a house is as good
    /// as a cell with two candidates, and often there is no such cell.
    /// Cells with two candidates in `focus` come first.
    fn branch(&self, s: &State, focus: u128) -> Branch {
        let open = self.cells & !s.placed;
        if open == 0 {
            return Branch::Solved;
        }
        let (mut one, mut two, mut three) = (0u128, 0u128, 0u128);
        for &board in &s.boards[..self.n] {
            three |= two & board;
            two |= one & board;
            one |= board;
        }
        let pairs = open & two & !three;
        let near = pairs & focus;
        if near != 0 {
            return Branch::Cell(near.trailing_zeros() as usize);
        }
        if pairs != 0 {
            return Branch::Cell(pairs.trailing_zeros() as usize);
        }
        for (i, &h) in self.houses[..self.every_house.count_ones() as usize].iter().enumerate() {
            for d in 0..self.n {
                let places = s.boards[d] & h & !s.placed;
                let rest = places & places.wrapping_sub(1);
                if rest != 0 && rest & (rest - 1) == 0 {
                    return Branch::Place(d, i, places);
                }
            }
        }
        let mut best = (u32::MAX, 0);
        let mut m = open;
        while m != 0 {
            let cell = m.trailing_zeros() as usize;
            m &= m - 1;
            let k = s.boards[..self.n].iter().filter(|&&b| b >> cell & 1 != 0).count() as u32;
            if k < best.0 {
                best = (k, cell);
                if k == 3 {
                    break;
                }
            }
        }
        Branch::Cell(best.1)
    }

    /// Searches below the (propagated) state `s`.
    fn search(&self, s: &State, run: &mut Run) {
        run.nodes += 1;
        if run.nodes > run.budget {
            run.aborted = true;
            return;
        }
        // Each choice is a (cell, digit) placement; together they cover
        // every solution below this node.
        let mut choices = [(0u8, 0u8); MAX_DIGITS];
        let mut k = 0;
        match self.branch(s, run.focus) {
            Branch::Solved => {
                run.solutions += 1;
                run.first.get_or_insert(*s);
                return;
            }
            Branch::Cell(cell) => {
                for d in 0..self.n {
                    if s.boards[d] >> cell & 1 != 0 {
                        choices[k] = (cell as u8, d as u8);
                        k += 1;
                    }
                }
            }
            Branch::Place(d, house, places) => {
                for &c in &self.orders[house] {
                    if places >> c & 1 != 0 {
                        choices[k] = (c, d as u8);
                        k += 1;
                    }
                }
            }
        }
        if let Some(rng) = run.rng.as_mut() {
            choices[..k].shuffle(rng);
        }
        if let Some(hint) = run.hint {
            // The known solution's placement first: a second solution
            // usually differs from it in few cells.
            let first = choices[..k].iter().position(|&(c, d)| d + 1 == hint.get(usize::from(c)));
            if let Some(i) = first {
                choices.swap(0, i);
            }
        }
        for &(cell, d) in &choices[..k] {
            let mut next = *s;
            let mut changed = Changed::all(0);
            if self.place(&mut next, usize::from(cell), usize::from(d), &mut changed)
                && self.propagate(&mut next, &mut changed)
            {
                self.search(&next, run);
            }
            if run.aborted || run.solutions >= run.limit {
                return;
            }
        }
    }

    fn grid_of(&self, s: &State) -> Grid {
        let digits = (0..self.shape.cells())
            .map(|c| (0..self.n).find(|&d| s.boards[d] >> c & 1 != 0).map_or(0, |d| d as u8 + 1))
            .collect();
        Grid::from_cells(self.shape, digits).unwrap_or_else(|| Grid::empty(self.shape))
    }
}

/// The index of the lowest set bit of `board` (not empty), by halves.
#[inline(always)]
fn lowest_cell(board: u128) -> usize {
    let low = board as u64;
    if low != 0 {
        low.trailing_zeros() as usize
    } else {
        64 + ((board >> 64) as u64).trailing_zeros() as usize
    }
}

/// Calls `f` with the index of every set bit of `board`, a 64-bit
/// half at a time (a 128-bit `trailing_zeros` costs a branch per call).
#[inline(always)]
fn for_each_cell(board: u128, mut f: impl FnMut(usize)) {
    for (half, offset) in [(board as u64, 0), ((board >> 64) as u64, 64)] {
        let mut m = half;
        while m != 0 {
            f(offset + m.trailing_zeros() as usize);
            m &= m - 1;
        }
    }
}

impl<'a> Run<'a> {
    fn new(limit: u64, budget: u64, hint: Option<&'a Grid>) -> Run<'a> {
        Run {
            limit: limit.max(1),
            budget,
            nodes: 0,
            rng: None,
            hint,
            focus: 0,
            solutions: 0,
            first: None,
            aborted: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::variant::dlx::VariantDlx;
    use crate::engine::variant::sat::VariantSat;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn grid_of_boards(boards: &[u128; MAX_DIGITS]) -> Grid {
        let digits = (0..81).map(|c| (0..9).find(|&d| boards[d] >> c & 1 != 0).map_or(0, |d| d as u8 + 1)).collect();
        Grid::from_cells(Shape::CLASSIC, digits).unwrap()
    }

    /// The two-digit swap answers a probe only with a second solution:
    /// over sparse random puzzles of several variants, every grid it
    /// gives keeps the rules (by the variant's own checker) and the
    /// clues and differs in the probed cell, the DLX matrix confirms a
    /// second solution, some are found, and a hint that is not the
    /// puzzle's solution, or holds another digit in the cell, gives none.
    #[test]
    fn two_digit_swaps_are_second_solutions() {
        for name in ["classic", "anti-knight", "x", "non-consecutive", "windoku"] {
            let variant: Variant = name.parse().unwrap();
            let shape = Shape::CLASSIC;
            let bitboard = Bitboard::new(shape, &variant).unwrap();
            let mut dlx = VariantDlx::new(shape, &variant);
            let sat = VariantSat::new(shape, &variant);
            let mut rng = ChaCha8Rng::seed_from_u64(11);
            let (mut swaps, mut probes) = (0, 0);
            for _ in 0..20 {
                let solution = sat.fill(&mut rng).unwrap();
                let mut puzzle = solution.clone();
                (0..shape.cells()).filter(|_| rng.gen_bool(0.5)).for_each(|c| puzzle.set(c, 0));
                for cell in (0..shape.cells()).filter(|&c| puzzle.get(c) == 0) {
                    let digit = solution.get(cell);
                    let other = digit % 9 + 1;
                    assert!(bitboard.two_digit_swap(&puzzle, cell, other, &solution).is_none(), "{name}");
                    let Some(boards) = bitboard.two_digit_swap(&puzzle, cell, digit, &solution) else {
                        continue;
                    };
                    swaps += 1;
                    let grid = grid_of_boards(&boards);
                    let what = format!("{name}: {} at {cell}", puzzle.to_line());
                    assert!(grid.is_full() && variant.holds_for(&grid), "{what}");
                    assert!(grid.get(cell) != digit, "{what}");
                    assert!((0..shape.cells()).all(|c| puzzle.get(c) == 0 || puzzle.get(c) == grid.get(c)), "{what}");
                    if probes < 10 {
                        probes += 1;
                        assert_eq!(dlx.has_other(&puzzle, cell, digit, None), Some(true), "{what}");
                    }
                    let mut wrong = solution.clone();
                    let clue = (0..shape.cells()).find(|&c| puzzle.get(c) != 0).unwrap();
                    wrong.set(clue, puzzle.get(clue) % 9 + 1);
                    assert!(bitboard.two_digit_swap(&puzzle, cell, digit, &wrong).is_none(), "{what}");
                }
            }
            assert!(swaps > 0, "{name}: no swap found");
        }
    }
}
