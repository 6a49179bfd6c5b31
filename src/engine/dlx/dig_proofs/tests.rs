//! The dig proofs' tests, in a file of their own: they drive the DLX engine
//! the proofs serve, which the proofs' module itself must not import (the
//! engine imports it).

use super::*;
use crate::engine::backend::Backend;
use crate::engine::dlx::Dlx;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn solution(shape: Shape, seed: u64) -> Grid {
    Dlx::new(shape).fill(&mut ChaCha8Rng::seed_from_u64(seed))
}

/// The cells of every set, with whether it came from a digit pair
/// (slots below `n - 1`) or a pair of lines.
fn sets(proofs: &DigProofs, cells: usize) -> Vec<(Vec<usize>, bool)> {
    let per = proofs.sets_per_cell;
    let mut sets = vec![(Vec::new(), false); proofs.clues_in.len()];
    for cell in 0..cells {
        for slot in 0..per {
            let set = proofs.member[cell * per + slot] as usize;
            sets[set].0.push(cell);
            sets[set].1 = slot < proofs.n - 1;
        }
    }
    sets
}

/// Every swap set, exchanged, is another valid grid: digit-pair sets
/// trade their two digits, line sets trade the digits of their two
/// lines column by column (row by row); each cell lies in one set per
/// partner digit and per partner line.
#[test]
fn swap_sets_are_valid_exchanges() {
    for (r, c) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 4)] {
        let shape = Shape::new(r, c).unwrap();
        let grid = solution(shape, 9);
        let mut proofs = DigProofs::new(shape);
        proofs.start(&grid);
        let mut longer = 0;
        for (set, (cells, digit_pair)) in sets(&proofs, shape.cells()).into_iter().enumerate() {
            assert_eq!(cells.len() as u32, proofs.clues_in[set]);
            let mut swapped = grid.clone();
            if digit_pair {
                let digits: Vec<u8> = cells.iter().map(|&c| grid.get(c)).collect();
                let (a, b) = (*digits.iter().min().unwrap(), *digits.iter().max().unwrap());
                for &c in &cells {
                    swapped.set(c, if grid.get(c) == a { b } else { a });
                }
            } else {
                longer += (cells.len() > 4) as u32;
                let mut rows: Vec<usize> = cells.iter().map(|&x| shape.row(x)).collect();
                rows.sort_unstable();
                rows.dedup();
                // Two rows: a pair of rows, mates share a column.
                let same_col = rows.len() == 2;
                for &x in &cells {
                    let mate = cells
                        .iter()
                        .copied()
                        .find(|&y| {
                            y != x
                                && if same_col {
                                    shape.col(y) == shape.col(x)
                                } else {
                                    shape.row(y) == shape.row(x)
                                }
                        })
                        .expect("cells come in pairs across the two lines");
                    swapped.set(x, grid.get(mate));
                }
            }
            assert_ne!(swapped, grid);
            assert_eq!(swapped.first_clash(), None, "{r}x{c} set {set}");
        }
        assert!(
            r * c < 9 || longer > 0,
            "{r}x{c}: no cycle of three lines' cells or more"
        );
    }
}

/// Against DLX counts on random removals: `forced` only says unique
/// when DLX finds one solution, `needed` only when DLX finds two.
#[test]
fn proofs_agree_with_dlx() {
    let shape = Shape::CLASSIC;
    let mut dlx = Dlx::new(shape);
    let (mut forced_seen, mut needed_seen, mut witnessed) = (0, 0, 0);
    for seed in 0..20 {
        let grid = solution(shape, seed);
        let mut proofs = DigProofs::new(shape);
        proofs.start(&grid);
        let mut puzzle = grid.clone();
        let mut order: Vec<usize> = (0..81).collect();
        use rand::seq::SliceRandom;
        order.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
        for &cell in &order {
            let mut fewer = puzzle.clone();
            fewer.set(cell, 0);
            let unique = dlx.count(&fewer, 2, None).solutions == 1;
            let needed = proofs.needed(&[cell]);
            let forced = proofs.forced(&[cell]);
            assert!(!(needed && forced));
            assert!(!forced || unique, "seed {seed} cell {cell}");
            assert!(!needed || !unique, "seed {seed} cell {cell}");
            let witness = if forced {
                None
            } else {
                proofs.witness(&[cell], 1000, false)
            };
            if witness == Some(true) {
                assert!(!unique, "seed {seed} cell {cell}");
                assert_is_witness(&proofs.last_witness(), &fewer, &grid, cell);
                witnessed += 1;
            }
            assert!(witness != Some(false) || unique, "seed {seed} cell {cell}");
            forced_seen += forced as u32;
            needed_seen += needed as u32;
            if unique {
                puzzle = fewer;
                proofs.remove(cell);
            }
        }
    }
    assert!(
        forced_seen > 20 * 30 && needed_seen > 20 * 5 && witnessed > 20 * 5,
        "{forced_seen} {needed_seen} {witnessed}"
    );
}

/// `digits` is a valid grid holding `puzzle`'s clues and differing from
/// `solution` in `cell`.
fn assert_is_witness(digits: &[u8], puzzle: &Grid, solution: &Grid, cell: usize) {
    let mut grid = puzzle.clone();
    for (c, &d) in digits.iter().enumerate() {
        assert!(puzzle.get(c) == 0 || puzzle.get(c) == d, "clue {c} changed");
        grid.set(c, d);
    }
    assert!(grid.is_full());
    assert_eq!(grid.first_clash(), None);
    assert_ne!(grid.get(cell), solution.get(cell));
}

/// On larger boxes and orbits of several cells: a witness is only
/// found where the engine finds a second solution, and is one.
#[test]
fn witnesses_are_second_solutions_on_every_shape() {
    use rand::seq::SliceRandom;
    for (r, c) in [(2, 2), (2, 3), (3, 4), (4, 4)] {
        let shape = Shape::new(r, c).unwrap();
        let mut dlx = Dlx::new(shape);
        let grid = solution(shape, 5);
        let mut proofs = DigProofs::new(shape);
        proofs.start(&grid);
        let mut puzzle = grid.clone();
        let mut order: Vec<usize> = (0..shape.cells()).collect();
        order.shuffle(&mut ChaCha8Rng::seed_from_u64(7));
        let mut witnessed = 0;
        for pair in order.chunks(2) {
            let mut fewer = puzzle.clone();
            pair.iter().for_each(|&c| fewer.set(c, 0));
            let unique = dlx.count(&fewer, 2, Some(1_000_000)).solutions == 1;
            if !proofs.forced(pair) && proofs.witness(pair, 1000, false) == Some(true) {
                assert!(!unique, "{r}x{c} cells {pair:?}");
                let digits = proofs.last_witness();
                let differs = pair.iter().find(|&&t| digits[t] != grid.get(t));
                assert_is_witness(&digits, &fewer, &grid, *differs.expect("differs in a target"));
                witnessed += 1;
            }
            if unique {
                puzzle = fewer;
                pair.iter().for_each(|&c| proofs.remove(c));
            }
        }
        assert!(witnessed > 0, "{r}x{c}");
    }
}

/// The deep search (hidden singles, `witness(.., true)`) on digs of
/// 9x9, 12x12 and 16x16, one cell or two at a time, against DLX counts
/// run to the end: a witness is a real second solution, and running out
/// of options happens only where DLX finds exactly one solution. Both
/// verdicts must come up, and most probes must be settled.
#[test]
fn deep_witness_verdicts_agree_with_dlx() {
    use rand::seq::SliceRandom;
    let mut exhausted_in_all = 0;
    for (r, c, orbit, seed) in [(3, 3, 1, 1), (3, 4, 2, 2), (4, 4, 1, 3), (4, 4, 2, 4)] {
        let shape = Shape::new(r, c).unwrap();
        let mut dlx = Dlx::new(shape);
        let grid = solution(shape, seed);
        let mut proofs = DigProofs::new(shape);
        proofs.start(&grid);
        let mut puzzle = grid.clone();
        let mut order: Vec<usize> = (0..shape.cells()).collect();
        order.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
        let (mut found, mut exhausted, mut gave_up) = (0, 0, 0);
        for cells in order.chunks(orbit) {
            let mut fewer = puzzle.clone();
            cells.iter().for_each(|&c| fewer.set(c, 0));
            let count = dlx.count(&fewer, 2, Some(5_000_000));
            assert!(count.complete, "{r}x{c} cells {cells:?}: DLX did not finish");
            let unique = count.solutions == 1;
            if proofs.needed(cells) || proofs.forced(cells) {
                // Settled before the search (tested above).
            } else {
                match proofs.witness(cells, 4000, true) {
                    Some(true) => {
                        assert!(!unique, "{r}x{c} cells {cells:?}");
                        let digits = proofs.last_witness();
                        let differs = cells.iter().find(|&&t| digits[t] != grid.get(t));
                        assert_is_witness(&digits, &fewer, &grid, *differs.expect("differs in a target"));
                        found += 1;
                    }
                    Some(false) => {
                        assert!(unique, "{r}x{c} cells {cells:?}");
                        exhausted += 1;
                    }
                    None => gave_up += 1,
                }
            }
            if unique {
                puzzle = fewer;
                cells.iter().for_each(|&c| proofs.remove(c));
            }
        }
        eprintln!("{r}x{c}: {found} found, {exhausted} exhausted, {gave_up} gave up");
        assert!(
            found > 5 && gave_up * 4 < found + exhausted,
            "{r}x{c}: {found} found, {exhausted} exhausted, {gave_up} gave up"
        );
        exhausted_in_all += exhausted;
    }
    assert!(
        exhausted_in_all > 5,
        "{exhausted_in_all} searches ran out of options"
    );
}
