//! Cheap proofs that settle a digging probe without a search.
//!
//! While digging, the puzzle `P` is unique with solution `S`, and a probe
//! asks whether `P` without some clues `T` is still unique. Three cheap
//! arguments settle most probes before an engine has to search:
//!
//! - **Singles (unique).** Naked and hidden singles are sound: what they
//!   place holds in every solution. If, starting from `P \ T`, they place
//!   every cell of `T`, every solution of `P \ T` agrees with `S` on `T`,
//!   so it is a solution of `P`, which has only `S`. Most early removals
//!   are of this kind. For a lone target `t` the singles start from
//!   `P \ {t}` with `S`'s digit struck from `t`: they then describe the
//!   solutions that differ from `S` in `t`, so a contradiction (a cell or
//!   a house's digit with no candidate left) proves there are none, and
//!   without one the witness search below starts from where they stopped.
//! - **Digit-pair swaps (not unique).** For two digits `a` and `b`, take
//!   the cells of `S` holding either, and join two of them when they share
//!   a row, a column or a box. Exchanging `a` and `b` throughout one
//!   connected part gives another valid grid: each house holds either both
//!   of its `a`/`b` cells in the part or neither. So each part is an
//!   *unavoidable set*: a unique puzzle keeps a clue in it. If removing `T`
//!   would empty one, the swapped grid is a second solution (a witness
//!   anyone can check) and the clues stay. This settles a good share of
//!   the probes that keep their clue, which would otherwise need a search
//!   down to a complete second solution. Line swaps add more such sets:
//!   the cycles of digits between two rows of a band or two columns of a
//!   stack (`find_line_swaps`).
//! - **A quick second solution (not unique).** Failing both, a small
//!   search on candidate masks (`witness.rs`) looks for a second solution
//!   within a few guesses; one it finds is a witness like a swap. If it
//!   runs out of options there is none (unique).
//!
//! All three only ever answer when they are sure; otherwise the engine
//! decides. They give the engine's own answer, so the dig is the same with
//! or without them, only cheaper.

mod witness;

use crate::grid::Grid;
use crate::shape::Shape;

/// Settles probes on one solution grid; built once per shape and reset
/// for each dig with [`DigProofs::start`].
#[derive(Clone)]
pub struct DigProofs {
    n: usize,
    /// The three houses of each cell (rows, then columns, then boxes).
    houses_of: Vec<[u16; 3]>,
    /// The cells of each house.
    house_cells: Vec<Vec<u16>>,
    /// The cells sharing a house with each cell, `peer_count` per cell.
    peers: Vec<u16>,
    peer_count: usize,
    /// 64-bit words in a set of cells.
    words: usize,
    /// The same peers as sets of cells, `words` per cell: with one set of
    /// cells per digit holding it as a candidate (the witness search's
    /// planes), the peers a placement strikes are one AND away, instead of
    /// a visit to every peer (most of which no longer hold the digit).
    peer_bits: Vec<u64>,
    /// The solution being dug, as a digit bit per cell.
    bit: Vec<u32>,
    /// Whether each cell is a clue of the current puzzle.
    clue: Vec<bool>,
    /// The cells that are not clues.
    open: Vec<u16>,
    /// One bit for each house holding a cell of `open`.
    open_houses: u128,
    /// The cells of each house as a set of cells, `words` per house.
    house_masks: Vec<u64>,
    /// One bit for each house of each cell (at most 96 houses: masks are
    /// 32 bits).
    house_bits: Vec<u128>,
    /// Digits among the clues of each house.
    used: Vec<u32>,
    /// The board's shape.
    shape: Shape,
    /// Swap sets: each cell lies in exactly one set per other digit and
    /// one per other line of its band or stack (see `find_line_swaps`),
    /// so `member[cell * sets_per_cell + k]` is the set of `cell` for its
    /// `k`-th partner: digits first, then rows, then columns.
    member: Vec<u32>,
    sets_per_cell: usize,
    /// Clues left in each swap set.
    clues_in: Vec<u32>,
    /// Scratch space of the singles propagation.
    scratch: Scratch,
}

/// Buffers reused by every probe, so that probing does not allocate.
#[derive(Clone, Default)]
struct Scratch {
    used: Vec<u32>,
    /// Candidates of each cell, zero once filled.
    cand: Vec<u32>,
    /// The digit singles placed in each cell, zero elsewhere.
    placed: Vec<u32>,
    /// Cells found to be singles, not yet placed.
    queue: Queue,
    /// The witness search's stack of frames (see `witness.rs`).
    frames: Vec<u32>,
    /// Beside each frame, for each digit the set of cells holding it as
    /// a candidate (`words` per digit), kept in step with the frame.
    planes: Vec<u64>,
    /// Beside each frame of the hidden-singles witness search, the places
    /// left for each digit in each house (`witness.rs`).
    counts: Vec<u8>,
    /// House and digit pairs whose count fell to one: hidden singles to
    /// place.
    hidden: Vec<u16>,
    /// Where the last witness's frame starts in `frames`.
    solved: usize,
    /// Whether the last propagation struck the lone target's own digit
    /// (so `cand` already describes the other solutions only).
    excluded: bool,
}

/// The word and bit of `cell` in a set of cells.
#[inline(always)]
fn cell_bit(cell: usize) -> (usize, u64) {
    (cell / 64, 1 << (cell % 64))
}

/// A stack of cells to place, with room for every push a propagation
/// makes: each cell is queued at most once as a naked single and once per
/// house as a hidden one before it is placed.
#[derive(Clone, Default)]
struct Queue {
    cells: Vec<u16>,
    len: usize,
}

impl Queue {
    /// Empties the queue, with room for a board of `cells` cells.
    fn clear(&mut self, cells: usize) {
        if self.cells.len() < 4 * cells + 1 {
            self.cells.resize(4 * cells + 1, 0);
        }
        self.len = 0;
    }

    #[inline(always)]
    fn push(&mut self, cell: u16) {
        self.cells[self.len] = cell;
        self.len += 1;
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<u16> {
        self.len = self.len.checked_sub(1)?;
        Some(self.cells[self.len])
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl DigProofs {
    /// The house tables of `shape`; no solution yet.
    pub fn new(shape: Shape) -> DigProofs {
        let n = shape.n();
        let cells = shape.cells();
        let houses_of: Vec<[u16; 3]> = (0..cells).map(|c| shape.houses_of(c).map(|h| h as u16)).collect();
        let mut house_cells = vec![Vec::with_capacity(n); 3 * n];
        for (cell, houses) in houses_of.iter().enumerate() {
            houses
                .iter()
                .for_each(|&h| house_cells[h as usize].push(cell as u16));
        }
        let mut peers = Vec::new();
        for houses in &houses_of {
            let mut mine: Vec<u16> = houses
                .iter()
                .flat_map(|&h| house_cells[h as usize].iter().copied())
                .collect();
            mine.sort_unstable();
            mine.dedup();
            peers.extend(mine.into_iter().filter(|&p| houses_of[p as usize] != *houses));
        }
        let peer_count = peers.len() / cells;
        let words = cells.div_ceil(64);
        let mut peer_bits = vec![0u64; cells * words];
        for (cell, mine) in peers.chunks(peer_count).enumerate() {
            for &p in mine {
                let (word, bit) = cell_bit(p as usize);
                peer_bits[cell * words + word] |= bit;
            }
        }
        assert!(3 * n <= 128, "house bits fit a u128");
        let house_bits = houses_of
            .iter()
            .map(|hs| hs.iter().fold(0, |bits, &h| bits | 1u128 << h))
            .collect();
        let sets_per_cell = (n - 1) + (shape.box_rows() - 1) + (shape.box_cols() - 1);
        let mut house_masks = vec![0u64; 3 * n * words];
        for (house, cells) in house_cells.iter().enumerate() {
            for &c in cells {
                let (word, bit) = cell_bit(c as usize);
                house_masks[house * words + word] |= bit;
            }
        }
        DigProofs {
            n,
            houses_of,
            house_cells,
            peers,
            peer_count,
            words,
            peer_bits,
            bit: vec![0; cells],
            clue: vec![false; cells],
            open: Vec::with_capacity(cells),
            open_houses: 0,
            house_bits,
            house_masks,
            used: vec![0; 3 * n],
            shape,
            member: vec![0; cells * sets_per_cell],
            sets_per_cell,
            clues_in: Vec::new(),
            scratch: Scratch::default(),
        }
    }

    /// Starts a dig of `solution` (complete and valid): every cell a clue.
    pub fn start(&mut self, solution: &Grid) {
        debug_assert!(solution.is_full());
        for (cell, &d) in solution.cells().iter().enumerate() {
            self.bit[cell] = 1 << (d - 1);
        }
        self.clue.iter_mut().for_each(|c| *c = true);
        self.open.clear();
        self.open_houses = 0;
        let all = (1u32 << self.n) - 1;
        self.used.iter_mut().for_each(|u| *u = all);
        self.find_swap_sets(solution);
        self.find_line_swaps(solution);
    }

    /// Takes the clue in `cell` out of the puzzle.
    pub fn remove(&mut self, cell: usize) {
        debug_assert!(self.clue[cell]);
        self.clue[cell] = false;
        self.open.push(cell as u16);
        self.open_houses |= self.house_bits[cell];
        for h in self.houses_of[cell] {
            self.used[h as usize] &= !self.bit[cell];
        }
        let k = self.sets_per_cell;
        for &set in &self.member[cell * k..(cell + 1) * k] {
            self.clues_in[set as usize] -= 1;
        }
    }

    /// True if removing the clues `targets` would leave a swap set without
    /// a clue: the puzzle would then have a second solution.
    pub fn needed(&mut self, targets: &[usize]) -> bool {
        let k = self.sets_per_cell;
        if let [t] = *targets {
            // A lone clue empties exactly the sets it is the last clue of.
            let sets = &self.member[t * k..(t + 1) * k];
            return sets.iter().any(|&set| self.clues_in[set as usize] == 1);
        }
        let mut emptied = false;
        for &t in targets {
            for &set in &self.member[t * k..(t + 1) * k] {
                self.clues_in[set as usize] -= 1;
                emptied |= self.clues_in[set as usize] == 0;
            }
        }
        for &t in targets {
            for &set in &self.member[t * k..(t + 1) * k] {
                self.clues_in[set as usize] += 1;
            }
        }
        emptied
    }

    /// True if singles prove the puzzle stays unique without `targets`.
    /// A lone target is first tried as a single in one step, which settles
    /// most early removals at once; otherwise its own digit is struck from
    /// it, and naked and hidden singles that run into a contradiction prove
    /// every solution holds that digit there. Several targets are proven
    /// when singles place all of them. When this says false, the
    /// candidates it reached are where [`DigProofs::witness`] starts.
    pub fn forced(&mut self, targets: &[usize]) -> bool {
        let mut s = std::mem::take(&mut self.scratch);
        s.used.clone_from(&self.used);
        for &t in targets {
            for h in self.houses_of[t] {
                s.used[h as usize] &= !self.bit[t];
            }
        }
        s.excluded = matches!(targets, [_]);
        let forced = match targets {
            [t] if self.single_at_once(&s.used, *t) => true,
            _ => self.propagate(&mut s, targets),
        };
        self.scratch = s;
        forced
    }

    /// Candidates of an empty cell given the digits used in each house.
    #[inline(always)]
    fn candidates(&self, used: &[u32], cell: usize) -> u32 {
        let houses = self.houses_of[cell];
        assert!(used.len() == 3 * self.n);
        // SAFETY: houses are numbered below `3 * n`, the length of `used`
        // (asserted above, so the check is made once per call at most).
        let [r, c, b] = houses.map(|h| unsafe { *used.get_unchecked(h as usize) });
        ((1u32 << self.n) - 1) & !(r | c | b)
    }

    /// Whether `cell` (just emptied) is a naked single, or its digit has no
    /// other place in one of its houses.
    fn single_at_once(&self, used: &[u32], cell: usize) -> bool {
        if self.candidates(used, cell) == self.bit[cell] {
            return true;
        }
        let digit = self.bit[cell];
        self.houses_of[cell].iter().any(|&h| {
            self.house_cells[h as usize].iter().all(|&other| {
                let other = other as usize;
                other == cell || self.clue[other] || self.candidates(used, other) & digit == 0
            })
        })
    }

    /// Places singles until every target is placed or a contradiction
    /// is reached (true) or nothing more follows (false). With
    /// `s.excluded`, the lone target's own digit is struck first, so a
    /// contradiction is the proof; otherwise singles are sound and place
    /// the solution's digits. Candidates are kept per cell (zero once
    /// placed; `s.placed` has the digit, and `s.used` its houses) and
    /// struck from the peers of each placement; once no naked single is left, hidden singles are looked
    /// for in the houses where a candidate changed since they were last
    /// looked at (one bit per house in `dirty`: a house nothing changed in
    /// has no new hidden single).
    fn propagate(&self, s: &mut Scratch, targets: &[usize]) -> bool {
        let cells = self.clue.len();
        if s.cand.len() != cells {
            s.cand.resize(cells, 0);
            s.placed.resize(cells, 0);
        }
        s.cand.fill(0);
        s.placed.fill(0);
        s.queue.clear(cells);
        let mut open_cell = |cell: usize| {
            let cand = self.candidates(&s.used, cell);
            if cand.is_power_of_two() {
                s.queue.push(cell as u16);
            }
            s.cand[cell] = cand;
        };
        self.open.iter().for_each(|&c| open_cell(c as usize));
        targets.iter().for_each(|&c| open_cell(c));
        if s.excluded {
            let t = targets[0];
            s.cand[t] &= !self.bit[t];
            match s.cand[t] {
                0 => return true,
                c if c.is_power_of_two() => s.queue.push(t as u16),
                _ => {}
            }
        }
        // Every house with an open cell; the others have nothing to find.
        let mut dirty = targets
            .iter()
            .fold(self.open_houses, |bits, &t| bits | self.house_bits[t]);
        let mut left = targets.len();
        loop {
            while let Some(cell) = s.queue.pop() {
                let cell = cell as usize;
                let digit = s.cand[cell];
                if digit == 0 {
                    continue; // placed already
                }
                debug_assert!(s.excluded || digit == self.bit[cell], "singles are sound");
                s.cand[cell] = 0;
                s.placed[cell] = digit;
                assert!(s.used.len() == 3 * self.n);
                for h in self.houses_of[cell] {
                    // SAFETY: houses are numbered below `3 * n` (asserted).
                    unsafe { *s.used.get_unchecked_mut(h as usize) |= digit };
                }
                dirty |= self.house_bits[cell];
                if !s.excluded && targets.contains(&cell) {
                    left -= 1;
                    if left == 0 {
                        return true;
                    }
                }
                for &peer in self.peers_of(cell) {
                    debug_assert!((peer as usize) < s.cand.len());
                    // SAFETY: peers are cells of the board (`new`), and
                    // `s.cand` has one mask per cell (resized above).
                    let c = unsafe { s.cand.get_unchecked_mut(peer as usize) };
                    if *c & digit != 0 {
                        *c &= !digit;
                        if *c == 0 {
                            return true; // contradiction
                        }
                        dirty |= self.house_bits[peer as usize];
                        if c.is_power_of_two() {
                            s.queue.push(peer);
                        }
                    }
                }
            }
            // Back to naked singles as soon as a house gives a hidden one:
            // what it leads to often settles the probe before every house
            // has been looked at.
            while dirty != 0 && s.queue.is_empty() {
                let house = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                if !self.hidden_singles(s, house) {
                    return true; // contradiction
                }
            }
            if s.queue.is_empty() {
                return false;
            }
        }
    }

    /// Queues the hidden singles of `house` (set to their digit); false on
    /// a contradiction: a digit with no place left in the house, or a cell
    /// that is the only place for two digits.
    fn hidden_singles(&self, s: &mut Scratch, house: usize) -> bool {
        let cells = &self.house_cells[house];
        let all = (1u32 << self.n) - 1;
        let (mut once, mut twice) = (0u32, 0u32);
        assert_eq!(s.cand.len(), self.clue.len());
        for &cell in cells {
            debug_assert!((cell as usize) < s.cand.len());
            // SAFETY: houses hold cells of the board, and `s.cand` has one
            // mask per cell (asserted above).
            let c = unsafe { *s.cand.get_unchecked(cell as usize) };
            twice |= once & c;
            once |= c;
        }
        if (once | s.used[house]) & all != all {
            return false;
        }
        let hidden = once & !twice;
        if hidden != 0 {
            for &cell in cells {
                let c = s.cand[cell as usize];
                if c & hidden != 0 {
                    let digit = c & hidden;
                    if !digit.is_power_of_two() {
                        return false;
                    }
                    s.cand[cell as usize] = digit;
                    s.queue.push(cell);
                }
            }
        }
        true
    }

    fn peers_of(&self, cell: usize) -> &[u16] {
        let k = self.peer_count;
        &self.peers[cell * k..(cell + 1) * k]
    }

    /// Splits the cells of every digit pair into swap sets (connected parts
    /// under "same row, column or box") and counts their clues.
    ///
    /// A row's two cells of the pair are always in one part (they share
    /// the row), so parts are unions of rows: the row whose `b` lies in the
    /// column, or the box, of this row's `a` joins this row's part (and
    /// the same from `b` to `a` is that row's own step). So each pair is a
    /// graph on `n` rows, one bit mask of neighbours per row, and its parts
    /// are grown a mask at a time instead of a cell at a time.
    fn find_swap_sets(&mut self, solution: &Grid) {
        let n = self.n;
        // For each digit, its cell in each house.
        let mut at = vec![0u16; n * 3 * n];
        for (cell, &d) in solution.cells().iter().enumerate() {
            for h in self.houses_of[cell] {
                at[(d as usize - 1) * 3 * n + h as usize] = cell as u16;
            }
        }
        // The row of each digit's cell in each house.
        let row_at: Vec<u8> = at.iter().map(|&c| self.houses_of[c as usize][0] as u8).collect();
        self.clues_in.clear();
        debug_assert!(n < 32, "rows fit a u32 mask");
        let mut next_to = [0u32; 32];
        let per = self.sets_per_cell;
        for a in 0..n {
            let at_a = &at[a * 3 * n..(a + 1) * 3 * n];
            for b in a + 1..n {
                let (at_b, row_b) = (
                    &at[b * 3 * n..(b + 1) * 3 * n],
                    &row_at[b * 3 * n..(b + 1) * 3 * n],
                );
                next_to[..n].iter_mut().enumerate().for_each(|(r, m)| *m = 1 << r);
                for row in 0..n {
                    let [_, col, boxh] = self.houses_of[at_a[row] as usize];
                    for h in [col, boxh] {
                        let mate = row_b[h as usize] as usize;
                        next_to[row] |= 1 << mate;
                        next_to[mate] |= 1 << row;
                    }
                }
                let mut left = (1u32 << n) - 1;
                while left != 0 {
                    let mut part = left & left.wrapping_neg();
                    loop {
                        let mut grown = part;
                        let mut rows = part;
                        while rows != 0 {
                            grown |= next_to[rows.trailing_zeros() as usize];
                            rows &= rows - 1;
                        }
                        if grown == part {
                            break;
                        }
                        part = grown;
                    }
                    left &= !part;
                    let set = self.clues_in.len() as u32;
                    self.clues_in.push(2 * part.count_ones());
                    while part != 0 {
                        let row = part.trailing_zeros() as usize;
                        part &= part - 1;
                        // Slot of partner `b` in `a`'s cells, of `a` in `b`'s.
                        self.member[at_a[row] as usize * per + b - 1] = set;
                        self.member[at_b[row] as usize * per + a] = set;
                    }
                }
            }
        }
    }
}

impl DigProofs {
    /// Line swaps: for two rows of one band, follow the digits from one
    /// row to the other (the column where the second row has the first
    /// row's digit). Each cycle of columns this makes is a set: exchanging
    /// the two rows' digits on its columns keeps every row (same digits),
    /// column (two digits trade places) and box (the two rows share their
    /// boxes) valid. Columns of one stack likewise. A two-column cycle is
    /// a rectangle the digit pairs found already; longer cycles are new.
    fn find_line_swaps(&mut self, solution: &Grid) {
        let shape = self.shape;
        let (n, r, c) = (self.n, shape.box_rows(), shape.box_cols());
        let digit_pairs = n - 1;
        let rows: Vec<Vec<usize>> = (0..n)
            .map(|row| (0..n).map(|col| shape.cell(row, col)).collect())
            .collect();
        let cols: Vec<Vec<usize>> = (0..n)
            .map(|col| (0..n).map(|row| shape.cell(row, col)).collect())
            .collect();
        self.swap_lines(solution, &rows, r, digit_pairs);
        self.swap_lines(solution, &cols, c, digit_pairs + r - 1);
    }

    /// Line swaps among `lines` (cells in order along each line), taken
    /// in groups of `group` (a band's rows or a stack's columns); each
    /// cell's sets go to member slots from `first_slot`, one per other
    /// line of its group in order.
    fn swap_lines(&mut self, solution: &Grid, lines: &[Vec<usize>], group: usize, first_slot: usize) {
        let n = self.n;
        let mut at = vec![0usize; n + 1];
        let mut label = vec![u32::MAX; n];
        for (a, line) in lines.iter().enumerate() {
            let group_end = (a / group + 1) * group;
            for (b, other) in lines.iter().enumerate().take(group_end).skip(a + 1) {
                for (k, &cell) in other.iter().enumerate() {
                    at[solution.get(cell) as usize] = k;
                }
                label.iter_mut().for_each(|l| *l = u32::MAX);
                for start in 0..n {
                    if label[start] != u32::MAX {
                        continue;
                    }
                    let set = self.clues_in.len() as u32;
                    let (mut k, mut size) = (start, 0);
                    while label[k] == u32::MAX {
                        label[k] = set;
                        size += 2;
                        k = at[solution.get(line[k]) as usize];
                    }
                    self.clues_in.push(size);
                }
                // `a`'s partner `b` comes after it in the group, `b`'s
                // partner `a` before it.
                let slot_in_a = first_slot + b % group - 1;
                let slot_in_b = first_slot + a % group;
                let per = self.sets_per_cell;
                for k in 0..n {
                    self.member[line[k] * per + slot_in_a] = label[k];
                    self.member[other[k] * per + slot_in_b] = label[k];
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
