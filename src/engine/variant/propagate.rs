//! A propagation solver for variant rules, for generation's speed.
//!
//! Generation asks two questions many times: "a random complete grid" and
//! "has this puzzle a solution with this cell different". Both are settled
//! after a few search nodes when every placement is propagated at once, so
//! this solver keeps a candidate bitmask per cell and applies, until
//! nothing changes:
//!
//! - a placed digit leaves every peer (every house through the cell, plus
//!   the cells a same-digit conflict such as anti-knight names);
//! - a placed digit `d` removes `d-1` and `d+1` from its non-consecutive
//!   neighbours;
//! - naked singles (a cell with one candidate is placed) and hidden singles
//!   (a digit with one place in a house goes there), over every house.
//!
//! It then branches on a cell with the fewest candidates, or on the places
//! of a digit in a house when some digit has two places and no cell has
//! two candidates; a digging probe tries the known solution's placement
//! first, since a second solution usually differs from it in few cells.
//! The DLX matrix and the SAT formula stay the engines users choose and
//! the independent checks; this solver is internal to the generator.

use crate::engine::Count;
use crate::grid::Grid;
use crate::shape::Shape;
use crate::variant::{Conflict, Constraint, Variant};
use rand::seq::SliceRandom;
use rand::RngCore;

/// Flag bit of a cell whose single candidate has been propagated; digits
/// use bits `0..n` (n is at most 25).
const PLACED: u32 = 1 << 31;

/// The geometry of one variant on one shape, flattened for the search.
#[derive(Clone)]
pub(crate) struct Propagator {
    shape: Shape,
    geometry: Geometry,
    /// One candidate state per search depth, `cells` words each.
    levels: Vec<u32>,
    queue: Vec<u16>,
    nodes: u64,
}

/// The houses and conflicts of a [`Propagator`], apart from its search
/// state so that both can be borrowed at once.
#[derive(Clone)]
struct Geometry {
    n: usize,
    /// Every digit's bit.
    all: u32,
    /// Every house's cells, `n` per house.
    houses: Vec<u16>,
    /// Cells that may not share a digit with a cell, deduplicated:
    /// `peers[peer_start[c]..peer_start[c + 1]]`.
    peer_start: Vec<u32>,
    peers: Vec<u16>,
    /// Non-consecutive neighbours, laid out the same way.
    neighbour_start: Vec<u32>,
    neighbours: Vec<u16>,
    /// Every cell's peers as a bitset of `words` words, when the rules
    /// have same-digit conflicts or jigsaw regions (see
    /// [`Geometry::seen_by_all`]); else empty.
    peer_bits: Vec<u64>,
    /// Every cell's non-consecutive neighbours as a bitset, likewise.
    neighbour_bits: Vec<u64>,
    words: usize,
}

/// What one search is asked for and what it found.
struct Run<'a> {
    limit: u64,
    budget: u64,
    rng: Option<&'a mut dyn RngCore>,
    /// A solution whose placements are tried first.
    hint: Option<&'a Grid>,
    solutions: u64,
    first: Option<Vec<u32>>,
    aborted: bool,
}

impl Propagator {
    /// The solver of `variant` on `shape` (the variant already checked).
    pub(crate) fn new(shape: Shape, variant: &Variant) -> Propagator {
        let cells = shape.cells();
        let houses = variant.houses(shape);
        let mut peer_sets: Vec<Vec<u16>> = vec![Vec::new(); cells];
        let mut neighbour_sets: Vec<Vec<u16>> = vec![Vec::new(); cells];
        for house in &houses {
            for &a in house {
                peer_sets[a].extend(house.iter().filter(|&&b| b != a).map(|&b| b as u16));
            }
        }
        for conflict in variant.conflicts(shape) {
            let (sets, a, b) = match conflict {
                Conflict::SameDigit(a, b) => (&mut peer_sets, a, b),
                Conflict::Consecutive(a, b) => (&mut neighbour_sets, a, b),
            };
            sets[a].push(b as u16);
            sets[b].push(a as u16);
        }
        let words = cells.div_ceil(64);
        let mut peer_bits = Vec::new();
        // Worth its cost where houses cross irregularly (jigsaw) or
        // conflicts reach past them; on regular houses singles do better.
        let same_digit = variant.conflicts(shape).iter().any(|c| matches!(c, Conflict::SameDigit(..)));
        if same_digit || variant.has(Constraint::Jigsaw) {
            peer_bits = vec![0u64; cells * words];
            for (cell, set) in peer_sets.iter().enumerate() {
                for &p in set {
                    peer_bits[cell * words + p as usize / 64] |= 1 << (p % 64);
                }
            }
        }
        let neighbour_bits = bitsets(&neighbour_sets, words);
        let (peer_start, peers) = flatten(peer_sets);
        let (neighbour_start, neighbours) = flatten(neighbour_sets);
        Propagator {
            shape,
            geometry: Geometry {
                n: shape.n(),
                all: ((1u64 << shape.n()) - 1) as u32,
                houses: houses.iter().flatten().map(|&c| c as u16).collect(),
                peer_start,
                peers,
                neighbour_start,
                neighbours,
                peer_bits,
                neighbour_bits,
                words,
            },
            levels: vec![0; cells * (cells + 1)],
            queue: Vec::with_capacity(cells),
            nodes: 0,
        }
    }

    /// Counts solutions of `puzzle` up to `limit`, searching at most
    /// `budget` nodes.
    pub(crate) fn count(&mut self, puzzle: &Grid, limit: u64, budget: u64) -> Count {
        let mut run = Run::new(limit, budget, None);
        if self.load(puzzle, None) {
            self.search(0, &mut run);
        }
        Count {
            solutions: run.solutions,
            first: run.first.as_ref().map(|s| self.grid_of(s)),
            effort: self.nodes,
            complete: !run.aborted,
        }
    }

    /// A random complete grid, or `None` if none was found within
    /// `budget` nodes (or none exists).
    pub(crate) fn fill(&mut self, rng: &mut dyn RngCore, budget: u64) -> Option<Grid> {
        let mut run = Run::new(1, budget, Some(rng));
        if self.load(&Grid::empty(self.shape), None) {
            self.search(0, &mut run);
        }
        run.first.as_ref().map(|s| self.grid_of(s))
    }

    /// Whether `puzzle` has a solution with `digit` not in `cell` (an empty
    /// cell of the puzzle); `None` past the budget. A known solution
    /// (`hint`) guides the search towards a second one nearby.
    pub(crate) fn has_other(
        &mut self,
        puzzle: &Grid,
        cell: usize,
        digit: u8,
        budget: u64,
        hint: Option<&Grid>,
    ) -> Option<bool> {
        let mut run = Run::new(1, budget, None);
        run.hint = hint;
        if self.load(puzzle, Some((cell, digit))) {
            self.search(0, &mut run);
        }
        (!run.aborted).then_some(run.solutions > 0)
    }

    /// The candidates (one digit mask per cell) the last `has_other` or
    /// `count` started its search from: the puzzle's clues propagated.
    /// Valid until the next search.
    pub(crate) fn propagated(&self) -> Vec<u32> {
        self.levels[..self.shape.cells()].iter().map(|&m| m & !PLACED).collect()
    }

    /// Sets level 0 to the puzzle's clues, propagated, with `digit`
    /// removed from `cell` if asked; false on a contradiction.
    fn load(&mut self, puzzle: &Grid, without: Option<(usize, u8)>) -> bool {
        self.nodes = 0;
        let cells = self.shape.cells();
        self.queue.clear();
        let (state, _) = self.levels.split_at_mut(cells);
        state.fill(self.geometry.all);
        if let Some((cell, digit)) = without {
            state[cell] &= !(1 << (digit - 1));
        }
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                let bit = 1u32 << (d - 1);
                if state[cell] & bit == 0 {
                    return false;
                }
                state[cell] = bit;
                self.queue.push(cell as u16);
            }
        }
        self.geometry.propagate(state, &mut self.queue)
    }

    /// Searches from the (propagated) state at `depth`.
    fn search(&mut self, depth: usize, run: &mut Run) {
        self.nodes += 1;
        if self.nodes > run.budget {
            run.aborted = true;
            return;
        }
        let cells = self.shape.cells();
        let state = &self.levels[depth * cells..(depth + 1) * cells];
        // Each choice is a (cell, digit bit) placement; together they
        // cover every solution below this node.
        let mut choices = [(0u16, 0u32); 32];
        let k = match self.geometry.branch(state) {
            Branch::Solved => {
                run.solutions += 1;
                run.first.get_or_insert_with(|| state.to_vec());
                return;
            }
            Branch::Cell(cell) => {
                let mut k = 0;
                let mut mask = state[cell] & !PLACED;
                while mask != 0 {
                    choices[k] = (cell as u16, mask & mask.wrapping_neg());
                    mask &= mask - 1;
                    k += 1;
                }
                k
            }
            Branch::Place(house, bit) => {
                let n = self.geometry.n;
                let mut k = 0;
                for &c in &self.geometry.houses[house * n..(house + 1) * n] {
                    if state[c as usize] & (bit | PLACED) == bit {
                        choices[k] = (c, bit);
                        k += 1;
                    }
                }
                k
            }
        };
        if let Some(rng) = run.rng.as_mut() {
            choices[..k].shuffle(rng);
        }
        if let Some(hint) = run.hint {
            // The known solution's placement first: a second solution
            // usually differs from it in few cells.
            let first = choices[..k].iter().position(|&(c, bit)| bit.trailing_zeros() + 1 == u32::from(hint.get(c as usize)));
            if let Some(i) = first {
                choices.swap(0, i);
            }
        }
        for &(cell, bit) in &choices[..k] {
            self.levels.copy_within(depth * cells..(depth + 1) * cells, (depth + 1) * cells);
            let next = (depth + 1) * cells;
            self.levels[next + cell as usize] = bit;
            self.queue.clear();
            self.queue.push(cell);
            if self.geometry.propagate(&mut self.levels[next..next + cells], &mut self.queue) {
                self.search(depth + 1, run);
            }
            if run.aborted || run.solutions >= run.limit {
                return;
            }
        }
    }

    fn grid_of(&self, state: &[u32]) -> Grid {
        let digits = state.iter().map(|&m| ((m & !PLACED).trailing_zeros() + 1) as u8).collect();
        Grid::from_cells(self.shape, digits).unwrap_or_else(|| Grid::empty(self.shape))
    }
}

impl Geometry {
    /// Places the queued cells and every single they lead to; false on a
    /// contradiction (a cell without candidates, or a digit without a
    /// place in some house).
    fn propagate(&self, state: &mut [u32], queue: &mut Vec<u16>) -> bool {
        loop {
            while let Some(cell) = queue.pop() {
                if !self.place(state, cell as usize, queue) {
                    return false;
                }
            }
            match self.hidden_singles(state, queue) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            let mut found = false;
            if !self.peer_bits.is_empty() {
                match self.seen_by_all(state, queue, &self.peer_bits, |bit| bit) {
                    None => return false,
                    Some(f) => found |= f,
                }
            }
            if !self.neighbour_bits.is_empty() {
                let all = self.all;
                let near = |bit: u32| ((bit << 1) | (bit >> 1)) & all;
                match (self.pincers(state, queue), self.seen_by_all(state, queue, &self.neighbour_bits, near)) {
                    (Some(a), Some(b)) => found |= a | b,
                    _ => return false,
                }
            }
            if !found {
                return true;
            }
        }
    }

    /// Removes a cell's single candidate from its peers (and its
    /// neighbours' from their consecutive digits).
    fn place(&self, state: &mut [u32], cell: usize, queue: &mut Vec<u16>) -> bool {
        if state[cell] & PLACED != 0 {
            return true;
        }
        let bit = state[cell];
        state[cell] |= PLACED;
        let peers = &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize];
        if !remove(state, peers, bit, queue) {
            return false;
        }
        let near = &self.neighbours[self.neighbour_start[cell] as usize..self.neighbour_start[cell + 1] as usize];
        near.is_empty() || remove(state, near, ((bit << 1) | (bit >> 1)) & self.all, queue)
    }

    /// Hidden singles over every house: `Some(true)` if some were placed
    /// (queued), `None` on a contradiction.
    fn hidden_singles(&self, state: &mut [u32], queue: &mut Vec<u16>) -> Option<bool> {
        let mut found = false;
        for house in self.houses.chunks_exact(self.n) {
            let (mut once, mut twice, mut fixed) = (0u32, 0u32, 0u32);
            for &c in house {
                let s = state[c as usize];
                let m = s & !PLACED;
                twice |= once & m;
                once |= m;
                if s & PLACED != 0 {
                    fixed |= m;
                }
            }
            if once != self.all {
                return None;
            }
            let single = once & !twice & !fixed;
            if single == 0 {
                continue;
            }
            for &c in house {
                let m = state[c as usize] & !PLACED;
                let hit = m & single;
                if hit != 0 && m != hit {
                    if hit & (hit - 1) != 0 {
                        return None;
                    }
                    state[c as usize] = hit;
                    queue.push(c);
                    found = true;
                }
            }
        }
        Some(found)
    }
}

impl Geometry {
    /// A digit's places in a house all see some cell outside them (through
    /// houses or same-digit conflicts): that cell cannot hold the digit.
    /// Pointing and claiming are the cases where the cell shares a house;
    /// under anti-knight or anti-king most of these eliminations come from
    /// conflicts, which singles alone never see. `Some(true)` if some
    /// candidate went, `None` on a contradiction.
    fn seen_by_all(
        &self,
        state: &mut [u32],
        queue: &mut Vec<u16>,
        bits: &[u64],
        forbid: impl Fn(u32) -> u32,
    ) -> Option<bool> {
        let w = self.words;
        let mut found = false;
        for house in self.houses.chunks_exact(self.n) {
            // Digits with two or three places: more places rarely see a
            // common cell, and scanning them costs more than it finds.
            let (mut one, mut two, mut three, mut four) = (0u32, 0u32, 0u32, 0u32);
            for &c in house {
                let s = state[c as usize];
                if s & PLACED == 0 {
                    four |= three & s;
                    three |= two & s;
                    two |= one & s;
                    one |= s;
                }
            }
            let mut open = two & !four;
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open &= open - 1;
                let mut seen = [!0u64; WORDS];
                for &c in house {
                    if state[c as usize] & bit != 0 {
                        let peers = &bits[c as usize * w..(c as usize + 1) * w];
                        seen[..w].iter_mut().zip(peers).for_each(|(a, b)| *a &= b);
                    }
                }
                for (k, &word) in seen[..w].iter().enumerate() {
                    let mut word = word;
                    while word != 0 {
                        let cell = k * 64 + word.trailing_zeros() as usize;
                        word &= word - 1;
                        let gone = forbid(bit);
                        if state[cell] & gone != 0 {
                            if !remove(state, &[cell as u16], gone, queue) {
                                return None;
                            }
                            found = true;
                        }
                    }
                }
            }
        }
        Some(found)
    }
}

impl Geometry {
    /// A cell left with two digits one apart from a middle digit (3 and 5)
    /// holds a neighbour of that middle digit either way: its
    /// non-consecutive neighbours lose the middle digit.
    fn pincers(&self, state: &mut [u32], queue: &mut Vec<u16>) -> Option<bool> {
        let mut found = false;
        for cell in 0..state.len() {
            let m = state[cell];
            if m & PLACED != 0 || m.count_ones() != 2 || m >> m.trailing_zeros() != 0b101 {
                continue;
            }
            let middle = (m & m.wrapping_neg()) << 1;
            let near = &self.neighbours[self.neighbour_start[cell] as usize..self.neighbour_start[cell + 1] as usize];
            if near.iter().any(|&x| state[x as usize] & middle != 0) {
                if !remove(state, near, middle, queue) {
                    return None;
                }
                found = true;
            }
        }
        Some(found)
    }
}

/// Every cell's set as a bitset of `words` words; empty when every set is.
fn bitsets(sets: &[Vec<u16>], words: usize) -> Vec<u64> {
    if sets.iter().all(Vec::is_empty) {
        return Vec::new();
    }
    let mut bits = vec![0u64; sets.len() * words];
    for (cell, set) in sets.iter().enumerate() {
        for &p in set {
            bits[cell * words + p as usize / 64] |= 1 << (p % 64);
        }
    }
    bits
}

/// Words of a cell bitset on the largest board (25x25).
const WORDS: usize = (crate::shape::MAX_SIDE * crate::shape::MAX_SIDE).div_ceil(64);

/// Removes `bits` from `cells`, queueing cells left with one candidate;
/// false if one is left with none.
fn remove(state: &mut [u32], cells: &[u16], bits: u32, queue: &mut Vec<u16>) -> bool {
    for &p in cells {
        let m = state[p as usize];
        if m & bits == 0 {
            continue;
        }
        let left = m & !bits;
        state[p as usize] = left;
        let digits = left & !PLACED;
        if digits == 0 {
            return false;
        }
        if digits & (digits - 1) == 0 && left & PLACED == 0 {
            queue.push(p);
        }
    }
    true
}

/// An unplaced cell with the fewest candidates (the first such), with
/// its count, or `None` when every cell is placed.
fn pick(state: &[u32]) -> Option<(usize, u32)> {
    let mut best = None;
    let mut fewest = u32::MAX;
    for (cell, &m) in state.iter().enumerate() {
        if m & PLACED == 0 {
            let k = m.count_ones();
            if k < fewest {
                fewest = k;
                best = Some((cell, k));
                if k == 2 {
                    break;
                }
            }
        }
    }
    best
}

/// What a search node branches on.
enum Branch {
    /// Every cell is placed.
    Solved,
    /// The digits of a cell.
    Cell(usize),
    /// The places of a digit (its bit) in a house (its index).
    Place(usize, u32),
}

impl Geometry {
    /// The branch with the fewest choices, over cells and over the
    /// places of digits in houses (the strong solvers' choice): a digit
    /// with two places in a house is as good as a cell with two
    /// candidates, and often there is no such cell.
    fn branch(&self, state: &[u32]) -> Branch {
        let Some((cell, k)) = pick(state) else {
            return Branch::Solved;
        };
        if k <= 2 {
            return Branch::Cell(cell);
        }
        for (h, house) in self.houses.chunks_exact(self.n).enumerate() {
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for &c in house {
                let s = state[c as usize];
                if s & PLACED == 0 {
                    three |= two & s;
                    two |= one & s;
                    one |= s;
                }
            }
            let pairs = two & !three;
            if pairs != 0 {
                return Branch::Place(h, pairs & pairs.wrapping_neg());
            }
        }
        Branch::Cell(cell)
    }
}

fn flatten(sets: Vec<Vec<u16>>) -> (Vec<u32>, Vec<u16>) {
    let mut start = vec![0u32];
    let mut flat = Vec::new();
    for mut set in sets {
        set.sort_unstable();
        set.dedup();
        flat.extend(set);
        start.push(flat.len() as u32);
    }
    (start, flat)
}

impl<'a> Run<'a> {
    fn new(limit: u64, budget: u64, rng: Option<&'a mut dyn RngCore>) -> Run<'a> {
        Run {
            limit: limit.max(1),
            budget,
            rng,
            hint: None,
            solutions: 0,
            first: None,
            aborted: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::variant::bitboard::Bitboard;
    use crate::engine::variant::dlx::VariantDlx;
    use crate::engine::variant::sat::VariantSat;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Solution counts capped at 2: none, one, several.
    fn class(solutions: u64) -> u64 {
        solutions.min(2)
    }

    /// Random puzzles of `variant` on `shape`: grids filled by the SAT
    /// formula with random clues removed (so counts of 1 and 2+ both
    /// come), a quarter of them given a random extra clue (often a
    /// contradiction). The propagation solver's counts (and the bitboard
    /// solver's, on boards it takes) must match both other engines', and
    /// their probe answers the DLX matrix's.
    fn agrees(shape: Shape, variant: &Variant, puzzles: usize, seed: u64) -> [usize; 3] {
        let mut dlx = VariantDlx::new(shape, variant);
        let sat = VariantSat::new(shape, variant);
        let mut propagator = Propagator::new(shape, variant);
        let bitboard = Bitboard::new(shape, variant);
        assert_eq!(bitboard.is_some(), shape.cells() <= 128);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut seen = [0; 3];
        for i in 0..puzzles {
            let Some(solution) = sat.fill(&mut rng) else {
                panic!("{variant} on {shape}: no grid");
            };
            assert!(variant.holds_for(&solution));
            let mut puzzle = solution.clone();
            // Sparse non-consecutive puzzles take the DLX matrix millions
            // of nodes; fewer empty cells keep the test short.
            let most = match variant.has(Constraint::NonConsecutive) {
                true => shape.cells() * 2 / 5,
                false => shape.cells() * 2 / 3,
            };
            let empty = rng.gen_range(shape.cells() / 4..=most);
            let mut cells: Vec<usize> = (0..shape.cells()).collect();
            cells.shuffle(&mut rng);
            cells[..empty].iter().for_each(|&c| puzzle.set(c, 0));
            if i % 4 == 3 {
                let cell = cells[rng.gen_range(0..empty)];
                puzzle.set(cell, rng.gen_range(1..=shape.n() as u8));
            }
            let ours = propagator.count(&puzzle, 2, u64::MAX);
            let by_dlx = dlx.count(&puzzle, 2, None);
            let by_sat = sat.count(&puzzle, 2, None);
            let what = format!("{variant} on {shape}: {}", puzzle.to_line());
            assert!(ours.complete, "{what}");
            assert_eq!(class(ours.solutions), class(by_dlx.solutions), "{what}");
            assert_eq!(class(ours.solutions), class(by_sat.solutions), "{what}");
            if let Some(grid) = &ours.first {
                let keeps = (0..shape.cells()).all(|c| puzzle.get(c) == 0 || puzzle.get(c) == grid.get(c));
                assert!(keeps && grid.is_full() && variant.holds_for(grid), "{what}");
            }
            if let Some(bitboard) = &bitboard {
                let by_bits = bitboard.count(&puzzle, 2, u64::MAX);
                assert!(by_bits.complete, "{what}");
                assert_eq!(class(by_bits.solutions), class(by_dlx.solutions), "bitboard: {what}");
                if let Some(grid) = &by_bits.first {
                    let keeps = (0..shape.cells()).all(|c| puzzle.get(c) == 0 || puzzle.get(c) == grid.get(c));
                    assert!(keeps && grid.is_full() && variant.holds_for(grid), "bitboard: {what}");
                }
            }
            seen[class(ours.solutions) as usize] += 1;
            if ours.solutions >= 1 {
                let first = ours.first.clone().unwrap_or_else(|| Grid::empty(shape));
                let cell = cells[0];
                if puzzle.get(cell) == 0 {
                    let digit = first.get(cell);
                    // The hint only orders the search: the first solution,
                    // the grid the puzzle was cut from, or none, alike.
                    let expected = dlx.has_other(&puzzle, cell, digit, None);
                    // The SAT probe over candidates: the puzzle's own (each
                    // clue alone, the probed digit gone), and what
                    // propagation left of them.
                    let n = shape.n();
                    let all = (1u32 << n) - 1;
                    let raw: Vec<u32> = (0..shape.cells())
                        .map(|c| match puzzle.get(c) {
                            0 if c == cell => all & !(1 << (digit - 1)),
                            0 => all,
                            d => 1 << (d - 1),
                        })
                        .collect();
                    assert_eq!(Some(sat.has_solution_within(&raw)), expected, "sat: {what}");
                    if propagator.has_other(&puzzle, cell, digit, 0, None).is_none() {
                        let left = propagator.propagated();
                        assert_eq!(Some(sat.has_solution_within(&left)), expected, "sat, propagated: {what}");
                    }
                    for hint in [Some(&first), Some(&solution), None] {
                        let other = propagator.has_other(&puzzle, cell, digit, u64::MAX, hint);
                        assert_eq!(other, expected, "{what}");
                        if let Some(bitboard) = &bitboard {
                            let other = bitboard.has_other(&puzzle, cell, digit, u64::MAX, hint);
                            assert_eq!(other, expected, "bitboard: {what}");
                        }
                    }
                }
            }
        }
        seen
    }

    #[test]
    fn counts_agree_with_dlx_and_sat() {
        let four = Shape::new(2, 2).unwrap();
        let six = Shape::new(2, 3).unwrap();
        let nine = Shape::CLASSIC;
        let cases: [(&str, &[Shape]); 8] = [
            ("classic", &[four, six, nine]),
            ("x", &[four, six, nine]),
            ("windoku", &[nine]),
            ("disjoint-groups", &[four, six, nine]),
            ("anti-knight", &[six, nine]),
            ("anti-king", &[nine]),
            ("non-consecutive", &[six, nine]),
            ("x,anti-king", &[nine]),
        ];
        let mut seed = 0;
        for (name, shapes) in cases {
            let variant: Variant = name.parse().unwrap();
            for &shape in shapes {
                seed += 1;
                let seen = agrees(shape, &variant, 30, seed);
                // Small boards have few grids: some classes may not come.
                assert!(seen.iter().filter(|&&k| k > 0).count() >= 2, "{name} on {shape}: {seen:?}");
            }
        }
    }

    #[test]
    fn jigsaw_counts_agree_with_dlx_and_sat() {
        let maps = [
            (Shape::new(2, 3).unwrap(), "ABBBBCADBBCCADDDCCADEEFCADEFFFAEEEFF"),
            (
                Shape::CLASSIC,
                "AAABCCCCCADABBBCCCADDBBBEECADDBBFFEEADDDDFGGEAHHHFFFGEHHHHHFFGEIHIIIGFGEIIIIIGGGE",
            ),
        ];
        for (k, (shape, map)) in maps.into_iter().enumerate() {
            let variant = Variant::classic().with_regions(map, shape).unwrap();
            let seen = agrees(shape, &variant, 40, 100 + k as u64);
            assert!(seen[1] > 0 && seen[2] > 0, "{map}: {seen:?}");
        }
    }

    #[test]
    fn sixteen_by_sixteen_x_agrees() {
        let shape = Shape::new(4, 4).unwrap();
        let seen = agrees(shape, &"x".parse().unwrap(), 6, 7);
        assert!(seen.iter().sum::<usize>() == 6, "{seen:?}");
    }

    /// Random fills keep every rule; where the generator fills with
    /// bitboards (same-digit conflicts on the classic houses alone), the
    /// same random stream and budget give the candidate-mask solver's
    /// grid, or fail where it fails.
    #[test]
    fn fills_keep_the_rules_and_match_the_candidate_masks() {
        let cases = [
            ("anti-knight", Shape::CLASSIC, true),
            ("anti-king", Shape::CLASSIC, true),
            ("anti-knight,anti-king", Shape::CLASSIC, true),
            ("x,anti-knight", Shape::CLASSIC, false),
            ("x", Shape::CLASSIC, false),
            ("windoku", Shape::CLASSIC, false),
            ("disjoint-groups", Shape::CLASSIC, false),
            ("non-consecutive", Shape::CLASSIC, false),
            ("x", Shape::new(2, 3).unwrap(), false),
            ("non-consecutive", Shape::new(2, 3).unwrap(), false),
        ];
        for (name, shape, same) in cases {
            let variant: Variant = name.parse().unwrap();
            let bitboard = Bitboard::new(shape, &variant).unwrap();
            let mut propagator = Propagator::new(shape, &variant);
            let budget = 20 * shape.cells() as u64;
            let mut found = 0;
            for seed in 0..40 {
                let grid = bitboard.fill(&mut ChaCha8Rng::seed_from_u64(seed), budget);
                if let Some(grid) = &grid {
                    assert!(grid.is_full() && variant.holds_for(grid), "{name} on {shape}, seed {seed}");
                    found += 1;
                }
                if same {
                    let theirs = propagator.fill(&mut ChaCha8Rng::seed_from_u64(seed), budget);
                    assert_eq!(grid, theirs, "{name} on {shape}, seed {seed}");
                }
            }
            assert!(found > 0, "{name} on {shape}: no grid in 40 fills");
        }
    }
}
