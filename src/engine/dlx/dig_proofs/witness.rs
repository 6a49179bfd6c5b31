//! Second solutions found by a small search on candidate masks.
//!
//! A probe that keeps its clue costs a DLX search down to a complete
//! second solution: on 9x9 about 65 nodes, each covering and uncovering
//! columns. The same second solution is usually a few guesses away once
//! naked singles are propagated on candidate masks, so this search looks
//! for it first, under a small limit of guesses. A solution it finds is a
//! witness anyone can check (it matches every remaining clue and differs
//! from the dug solution in a removed cell), so the clue stays without
//! asking the engine. When the search runs out of options, no such second
//! solution exists; the digger takes that as a proof of uniqueness where
//! the engine would settle the probe exactly too (no budget, or the SAT
//! engine past it). When the search gives up at its guess limit, it
//! proves nothing and an engine decides.
//!
//! Two variants. On 9x9 the search places naked singles only: hidden
//! singles halve the guesses but cost more than they save there
//! (callgrind, docs/generator.md, "Cheap proofs"). From 12x12 up, where a probe that keeps
//! its clue costs DLX thousands of nodes, the deep variant also places
//! hidden singles, found without scanning houses: each frame carries the
//! number of places of each digit in each house, counted down as
//! candidates are struck, so a count of one is a hidden single and zero a
//! contradiction.

use super::{cell_bit, DigProofs, Queue, Scratch};

/// Marks a placed cell's mask, which keeps its digit beside the mark.
const PLACED: u32 = 1 << 31;

/// The place count of a digit already placed in a house: far above any
/// real count, so that striking the digit from the house's other cells
/// (at most `n - 1` of them) never brings it down to one.
const DONE: u8 = 0x80;

impl DigProofs {
    /// Whether the puzzle without `targets` has a solution that differs
    /// from the dug one in a target: `Some(true)` once the search finds
    /// one (a witness anyone can check), `Some(false)`
    /// if it runs out of options (there is none: every step is sound and
    /// every candidate of a branching cell is tried), `None` if it gives up
    /// after `limit` guesses. `hidden` adds hidden singles to the naked
    /// ones. Call it right after [`DigProofs::forced`] said false for the
    /// same `targets`: it starts from the candidates that call reached,
    /// which hold in every solution (for a lone target: in every solution
    /// with another digit there, the only ones sought).
    pub fn witness(&mut self, targets: &[usize], limit: u32, hidden: bool) -> Option<bool> {
        let mut s = std::mem::take(&mut self.scratch);
        let mut guesses = 0;
        let mut found = false;
        for &t in targets {
            // Placed by sound singles, or only its own digit fits (a lone
            // target's own digit is struck already).
            if !s.excluded && s.cand[t] & !self.bit[t] == 0 {
                continue;
            }
            s.frames.clear();
            // Clues hold the solution's digits, placed cells theirs.
            let mask = |((&c, &placed), &own): ((&u32, &u32), &u32)| match (c, placed) {
                (0, 0) => own | PLACED,
                (0, digit) => digit | PLACED,
                _ => c,
            };
            s.frames
                .extend(s.cand.iter().zip(&s.placed).zip(&self.bit).map(mask));
            s.queue.clear(self.clue.len());
            if !s.excluded {
                s.frames[t] &= !self.bit[t];
                if s.frames[t].is_power_of_two() {
                    s.queue.push(t as u16);
                }
            }
            self.fill_planes(&mut s);
            let found_here = if hidden {
                self.count_places(&mut s);
                self.search::<true>(&mut s, 0, &mut guesses, limit)
            } else {
                self.search::<false>(&mut s, 0, &mut guesses, limit)
            };
            if found_here {
                found = true;
                break;
            }
            if guesses > limit {
                break;
            }
        }
        self.scratch = s;
        if found {
            Some(true)
        } else if guesses > limit {
            None
        } else {
            Some(false)
        }
    }

    /// The planes of the first frame: each digit's unplaced cells.
    fn fill_planes(&self, s: &mut Scratch) {
        let w = self.words;
        s.planes.clear();
        s.planes.resize(self.n * w, 0);
        let all = (1u32 << self.n) - 1;
        for (cell, &m) in s.frames.iter().enumerate().take(self.clue.len()) {
            if m & PLACED == 0 {
                let (word, bit) = cell_bit(cell);
                let mut digits = m & all;
                while digits != 0 {
                    let at = digits.trailing_zeros() as usize * w + word;
                    // SAFETY: a digit is below `n` (masked with `all`) and
                    // `word` below `w`, so `at` is below `n * w`, the
                    // length the planes were just given.
                    unsafe { *s.planes.get_unchecked_mut(at) |= bit };
                    digits &= digits - 1;
                }
            }
        }
    }

    /// Depth-first search from the frame at `depth` (one mask per cell),
    /// singles queued in `s.queue`. True once every cell is placed: the
    /// frame is then a solution. With `HIDDEN`, hidden singles are placed
    /// too (see [`Self::count_places`]).
    fn search<const HIDDEN: bool>(
        &self,
        s: &mut Scratch,
        depth: usize,
        guesses: &mut u32,
        limit: u32,
    ) -> bool {
        let cells = self.clue.len();
        let base = depth * cells;
        let per = self.n * self.words;
        let planes = depth * per;
        let places = 3 * self.n * self.n;
        let counts = depth * places;
        let frame = &mut s.frames[base..base + cells];
        let planes_now = &mut s.planes[planes..planes + per];
        let settled = if HIDDEN {
            let counts_now = &mut s.counts[counts..counts + places];
            self.settle_counted(frame, planes_now, counts_now, &mut s.queue, &mut s.hidden)
        } else {
            self.settle::<false>(frame, planes_now, &mut s.queue, &mut [], &mut s.hidden)
        };
        if !settled {
            return false;
        }
        let Some(cell) = fewest_options(&s.frames[base..base + cells]) else {
            s.solved = base;
            return true;
        };
        let options = s.frames[base + cell];
        // The dug solution's digit first: second solutions tend to agree
        // with it away from the removed cells.
        let mine = options & self.bit[cell];
        for pick in [mine, options & !mine] {
            let mut rest = pick;
            while rest != 0 {
                let digit = rest & rest.wrapping_neg();
                rest &= rest - 1;
                *guesses += 1;
                if *guesses > limit {
                    return false;
                }
                let next = base + cells;
                s.frames.truncate(next);
                s.frames.extend_from_within(base..next);
                s.frames[next + cell] = digit;
                let next_planes = planes + per;
                s.planes.truncate(next_planes);
                s.planes.extend_from_within(planes..next_planes);
                s.queue.clear(self.clue.len());
                s.queue.push(cell as u16);
                let next_counts = counts + places;
                let counts_next: &mut [u8] = if HIDDEN {
                    s.counts.truncate(next_counts);
                    s.counts.extend_from_within(counts..next_counts);
                    s.hidden.clear();
                    &mut s.counts[next_counts..next_counts + places]
                } else {
                    &mut []
                };
                let planes_next = &mut s.planes[next_planes..next_planes + per];
                let dropped = options & !digit;
                if !self.drop_digits::<HIDDEN>(cell, dropped, planes_next, counts_next, &mut s.hidden) {
                    continue;
                }
                if self.search::<HIDDEN>(s, depth + 1, guesses, limit) {
                    return true;
                }
            }
        }
        false
    }

    /// Counts, for the first frame, the places of each digit in each house
    /// (its unplaced cells holding the digit), or [`DONE`] where the digit
    /// is placed, and queues the hidden singles this shows. A frame of the
    /// hidden-singles search carries these counts beside it, kept in step
    /// as candidates are struck: a count reaching one is a hidden single,
    /// zero a contradiction.
    fn count_places(&self, s: &mut Scratch) {
        let (n, w) = (self.n, self.words);
        s.counts.clear();
        s.counts.resize(3 * n * n, 0);
        s.hidden.clear();
        for house in 0..3 * n {
            let mask = &self.house_masks[house * w..(house + 1) * w];
            for d in 0..n {
                let plane = &s.planes[d * w..(d + 1) * w];
                let places: u32 = plane.iter().zip(mask).map(|(p, m)| (p & m).count_ones()).sum();
                s.counts[house * n + d] = places as u8;
            }
        }
        for (cell, &m) in s.frames.iter().enumerate().take(self.clue.len()) {
            if m & PLACED != 0 {
                let d = (m & !PLACED).trailing_zeros() as usize;
                for h in self.houses_of[cell] {
                    s.counts[h as usize * n + d] = DONE;
                }
            }
        }
        for (at, &c) in s.counts.iter().enumerate() {
            if c <= 1 {
                s.hidden.push(at as u16);
            }
        }
    }

    /// Takes the digits `dropped` out of `cell` (whose mask no longer
    /// holds them) in the planes, and with `COUNTED` counts one place less
    /// for each in the cell's houses. False on a contradiction.
    fn drop_digits<const COUNTED: bool>(
        &self,
        cell: usize,
        mut dropped: u32,
        planes: &mut [u64],
        counts: &mut [u8],
        hidden: &mut Vec<u16>,
    ) -> bool {
        let (word, bit) = cell_bit(cell);
        while dropped != 0 {
            let d = dropped.trailing_zeros() as usize;
            dropped &= dropped - 1;
            planes[d * self.words + word] &= !bit;
            if COUNTED && !self.one_place_less(cell, d, counts, hidden) {
                return false;
            }
        }
        true
    }

    /// Naked and hidden singles on a frame with its place counts: places
    /// the queued naked singles and those they lead to, then the hidden
    /// singles `hidden` points to (house and digit pairs whose count fell
    /// to one), until neither is left; false on a contradiction.
    fn settle_counted(
        &self,
        frame: &mut [u32],
        planes: &mut [u64],
        counts: &mut [u8],
        queue: &mut Queue,
        hidden: &mut Vec<u16>,
    ) -> bool {
        let (n, w) = (self.n, self.words);
        loop {
            if !self.settle::<true>(frame, planes, queue, counts, hidden) {
                return false;
            }
            let Some(at) = hidden.pop() else {
                return true;
            };
            let at = at as usize;
            match counts[at] {
                0 => return false,
                1 => {}
                _ => continue, // placed since, or a stale entry
            }
            let (house, d) = (at / n, at % n);
            let mask = &self.house_masks[house * w..(house + 1) * w];
            let plane = &planes[d * w..(d + 1) * w];
            let Some((word, holders)) = plane
                .iter()
                .zip(mask)
                .map(|(p, m)| p & m)
                .enumerate()
                .find(|&(_, x)| x != 0)
            else {
                return false;
            };
            let cell = word * 64 + holders.trailing_zeros() as usize;
            let digit = 1u32 << d;
            let m = frame[cell];
            frame[cell] = digit;
            queue.push(cell as u16);
            if !self.drop_digits::<true>(cell, m & !digit, planes, counts, hidden) {
                return false;
            }
        }
    }

    /// Places the queued naked singles and those they lead to; false if a
    /// cell is left without a candidate. `planes` (each digit's unplaced
    /// cells holding it) give the peers each placement strikes. With
    /// `COUNTED`, the place counts of the hidden-singles search are kept
    /// in step (`counts`, see [`Self::count_places`]): a digit placed in a
    /// house is done there, and a struck candidate is one place less in
    /// each of its cell's houses, which queues the pair in `hidden` at one
    /// place left and is a contradiction at none.
    fn settle<const COUNTED: bool>(
        &self,
        frame: &mut [u32],
        planes: &mut [u64],
        queue: &mut Queue,
        counts: &mut [u8],
        hidden: &mut Vec<u16>,
    ) -> bool {
        let (n, w) = (self.n, self.words);
        assert_eq!(frame.len(), self.clue.len());
        assert!(!COUNTED || counts.len() == 3 * n * n);
        while let Some(cell) = queue.pop() {
            let cell = cell as usize;
            let digit = frame[cell];
            if digit & PLACED != 0 {
                continue;
            }
            frame[cell] = digit | PLACED;
            let d = digit.trailing_zeros() as usize;
            if COUNTED {
                for h in self.houses_of[cell] {
                    counts[h as usize * n + d] = DONE;
                }
            }
            let plane = &mut planes[d * w..(d + 1) * w];
            let (word, bit) = cell_bit(cell);
            plane[word] &= !bit;
            let near = &self.peer_bits[cell * w..(cell + 1) * w];
            for (word, (holders, &near)) in plane.iter_mut().zip(near).enumerate() {
                let mut hit = *holders & near;
                *holders &= !near;
                while hit != 0 {
                    let peer = word * 64 + hit.trailing_zeros() as usize;
                    hit &= hit - 1;
                    debug_assert!(peer < frame.len());
                    // SAFETY: `peer_bits` holds cells of the board only,
                    // and `frame` has one mask per cell (asserted above).
                    let c = unsafe { frame.get_unchecked_mut(peer) };
                    *c &= !digit;
                    if *c == 0 {
                        return false;
                    }
                    if c.is_power_of_two() {
                        queue.push(peer as u16);
                    }
                    if COUNTED && !self.one_place_less(peer, d, counts, hidden) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Counts one place less for digit `d` in each house of `cell` (just
    /// struck from it), queueing in `hidden` the houses left with one place;
    /// false if one is left with none.
    #[inline(always)]
    fn one_place_less(&self, cell: usize, d: usize, counts: &mut [u8], hidden: &mut Vec<u16>) -> bool {
        let n = self.n;
        debug_assert!(cell < self.houses_of.len() && counts.len() == 3 * n * n);
        // SAFETY: callers pass cells of the board, and `counts` has an
        // entry for every house (below `3 * n`) and digit (below `n`).
        for h in unsafe { *self.houses_of.get_unchecked(cell) } {
            let at = h as usize * n + d;
            let count = unsafe { counts.get_unchecked_mut(at) };
            *count = count.wrapping_sub(1);
            if *count <= 1 {
                if *count == 0 {
                    return false;
                }
                hidden.push(at as u16);
            }
        }
        true
    }

    /// The last witness found, as digits (for tests).
    #[cfg(test)]
    pub(super) fn last_witness(&self) -> Vec<u8> {
        let cells = self.clue.len();
        let frame = &self.scratch.frames[self.scratch.solved..self.scratch.solved + cells];
        frame
            .iter()
            .map(|m| (m & !PLACED).trailing_zeros() as u8 + 1)
            .collect()
    }
}

/// The open cell with the fewest candidates (at least two once settled),
/// or `None` if every cell is placed. A first pass looks for a cell with
/// two candidates (clearing the lowest bit leaves a power of two), which
/// nearly always exists, without counting bits.
fn fewest_options(frame: &[u32]) -> Option<usize> {
    let two = |m: u32| {
        let rest = m & m.wrapping_sub(1);
        m & PLACED == 0 && rest & rest.wrapping_sub(1) == 0
    };
    if let Some(cell) = frame.iter().position(|&m| two(m)) {
        return Some(cell);
    }
    let mut best = None;
    let mut fewest = u32::MAX;
    for (cell, &m) in frame.iter().enumerate() {
        if m & PLACED == 0 && m.count_ones() < fewest {
            best = Some(cell);
            fewest = m.count_ones();
        }
    }
    best
}
