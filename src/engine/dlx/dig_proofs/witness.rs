//! Second solutions found by a small search on candidate masks.
//!
//! Most probes that keep their clue used to cost a DLX search down to a
//! complete second solution: about 65 nodes, each covering and uncovering
//! columns. The same second solution is usually a few guesses away once
//! naked singles are propagated on candidate masks, so this search looks
//! for it first, under a small limit of guesses. A solution it finds is a
//! witness anyone can check (it matches every remaining clue and differs
//! from the dug solution in a removed cell), so the clue stays without
//! asking the engine. When the search gives up or runs out of options it
//! proves nothing: the engine decides, so uniqueness is still only ever
//! decided by singles or by the engine.
//!
//! Hidden singles are left out on purpose: they halved the guesses but
//! doubled the cost of a search (callgrind, docs/generator.md).

use super::{cell_bit, DigProofs, Queue, Scratch};

/// Marks a placed cell's mask, which keeps its digit beside the mark.
const PLACED: u32 = 1 << 31;

impl DigProofs {
    /// True if a solution of the puzzle without `targets` differs from the
    /// dug one in a target, found within `limit` guesses. Call it right
    /// after [`DigProofs::forced`] said false for the same `targets`: it
    /// starts from the candidates that call reached, which hold in every
    /// solution (for a lone target: in every solution with another digit
    /// there, the only ones sought).
    pub fn witness(&mut self, targets: &[usize], limit: u32) -> bool {
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
            if self.search(&mut s, 0, &mut guesses, limit) {
                found = true;
                break;
            }
            if guesses > limit {
                break;
            }
        }
        self.scratch = s;
        found
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
    /// frame is then a solution.
    fn search(&self, s: &mut Scratch, depth: usize, guesses: &mut u32, limit: u32) -> bool {
        let cells = self.clue.len();
        let base = depth * cells;
        let per = self.n * self.words;
        let planes = depth * per;
        let frame = &mut s.frames[base..base + cells];
        if !self.settle(frame, &mut s.planes[planes..planes + per], &mut s.queue) {
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
                let (word, bit) = cell_bit(cell);
                let mut dropped = options & !digit;
                while dropped != 0 {
                    let d = dropped.trailing_zeros() as usize;
                    s.planes[next_planes + d * self.words + word] &= !bit;
                    dropped &= dropped - 1;
                }
                s.queue.clear(self.clue.len());
                s.queue.push(cell as u16);
                if self.search(s, depth + 1, guesses, limit) {
                    return true;
                }
            }
        }
        false
    }

    /// Places the queued naked singles and those they lead to; false if a
    /// cell is left without a candidate. `planes` (each digit's unplaced
    /// cells holding it) give the peers each placement strikes.
    fn settle(&self, frame: &mut [u32], planes: &mut [u64], queue: &mut Queue) -> bool {
        let w = self.words;
        assert_eq!(frame.len(), self.clue.len());
        while let Some(cell) = queue.pop() {
            let cell = cell as usize;
            let digit = frame[cell];
            if digit & PLACED != 0 {
                continue;
            }
            frame[cell] = digit | PLACED;
            let d = digit.trailing_zeros() as usize;
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
                }
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
