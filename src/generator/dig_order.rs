//! The visiting order of a big board's dig: random for the first half,
//! then box by box.
//!
//! Why: the cost of a minimal 25x25 dig is in its last probes, where each
//! removal or kept clue needs a SAT search over a board with few clues
//! left, and that search costs more the fewer clues are left. In a fully
//! random order every box thins out at once, so all the late probes are
//! asked of an evenly sparse board. Visiting the second half of the order
//! box by box keeps the boxes not reached yet full while one box is
//! decided: most late probes are asked of a board with many more clues,
//! and settle by the cheap proofs or short searches. The first half stays
//! random: nearly every clue is removable there, and it is what spreads the
//! clues over the board. Fully box by box, a 25x25 dig takes 1-2 s instead
//! of a minute, but empties whole boxes; with the random first half the
//! fewest clues in a box were 2-7 for 15 of seeds 1-17, 1 and 0 for the
//! others (against at least 7 in a random order), and the median time
//! about 25 s (docs/generator.md, "Big boards"; measurements in
//! benchmarks/2026-11-26/generation-speed.md).
//!
//! Only the order changes, and it is a function of the shuffled order
//! alone (no extra random draws), so a puzzle is still a pure function of
//! its seed and index.

use crate::shape::Shape;

/// The share of the visiting order that stays random, in percent. At 65%
/// and above the dig has reached its expensive part before the order turns
/// to boxes, and saves nothing (docs/generator.md, "Big boards").
const RANDOM_PERCENT: usize = 50;

/// Reorders `orbits` (a shuffled visiting order) in place: the first
/// [`RANDOM_PERCENT`] stay as they are; the rest are grouped by the box of
/// each orbit's first cell, boxes in the order they first appear there,
/// orbits within a box in their shuffled order.
pub(super) fn cluster_tail<O: AsRef<[usize]>>(orbits: &mut [O], shape: Shape) {
    cluster_tail_by(orbits, RANDOM_PERCENT, shape.n(), |cell| shape.box_of(cell));
}

/// [`RANDOM_PERCENT`] for jigsaw digs past 128 cells, whose regions keep
/// to bands (`random_regions` in `variant.rs`). There the probes of the
/// random part grow costly sooner: 16x16 seeds 1-15 take a median 0.54 s
/// of CPU from 30%, 0.81 s from 50% and 1.24 s from 70%, and 0.60 s from
/// 20%, whose puzzles look the same as at 30% (every one leaves some
/// region without a clue, the fullest region keeps 13), where 50% leaves
/// 12 of the 15 with an empty region and at most 10 clues in one.
pub(super) const JIGSAW_RANDOM_PERCENT: usize = 30;

/// [`cluster_tail`] with the cells grouped by `group_of` (one of
/// `groups` groups) instead of by box (jigsaw regions), and the first
/// `random_percent` of the order left as it is.
pub(super) fn cluster_tail_by<O: AsRef<[usize]>>(
    orbits: &mut [O],
    random_percent: usize,
    groups: usize,
    group_of: impl Fn(usize) -> usize,
) {
    let start = orbits.len() * random_percent / 100;
    let tail = &mut orbits[start..];
    let group = |orbit: &O| group_of(orbit.as_ref()[0]);
    let mut rank = vec![usize::MAX; groups];
    let mut next = 0;
    for orbit in tail.iter() {
        let g = group(orbit);
        if rank[g] == usize::MAX {
            rank[g] = next;
            next += 1;
        }
    }
    // Stable: orbits of one group keep their shuffled order.
    tail.sort_by_key(|orbit| rank[group(orbit)]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn keeps_the_head_and_groups_the_tail_by_box() {
        let shape = Shape::new(5, 5).unwrap();
        let mut order: Vec<[usize; 1]> = (0..shape.cells()).map(|c| [c]).collect();
        order.shuffle(&mut ChaCha8Rng::seed_from_u64(3));
        let mut clustered = order.clone();
        cluster_tail(&mut clustered, shape);
        let start = order.len() * RANDOM_PERCENT / 100;
        assert_eq!(clustered[..start], order[..start]);
        let box_of = |o: &[usize; 1]| shape.box_of(o[0]);
        // Each box's orbits form one run, in their shuffled order.
        let mut seen = Vec::new();
        for (i, orbit) in clustered[start..].iter().enumerate() {
            let b = box_of(orbit);
            if i == 0 || box_of(&clustered[start + i - 1]) != b {
                assert!(!seen.contains(&b), "box {b} comes back");
                seen.push(b);
            }
        }
        for b in seen {
            let mine = |o: &&[usize; 1]| box_of(o) == b;
            let before: Vec<_> = order[start..].iter().filter(mine).collect();
            let after: Vec<_> = clustered[start..].iter().filter(mine).collect();
            assert_eq!(before, after);
        }
        let mut cells: Vec<usize> = clustered.iter().map(|o| o[0]).collect();
        cells.sort_unstable();
        assert_eq!(cells, (0..shape.cells()).collect::<Vec<_>>(), "a permutation");
    }
}
