//! The grave analysis SE's BUG producer (`bug.rs`) runs before its four
//! types.
//!
//! A *grave* is a position where every unsolved cell has two candidates
//! and every digit has zero or two places in every house: it has zero or
//! two solutions. SE looks for the *BUG cells*: where a digit has a place
//! count other than 0 or 2 in a house, the one cell of those places with
//! three or more candidates holds an extra digit (the *BUG value*). If
//! removing the BUG values from the BUG cells leaves a grave, a unique
//! puzzle must keep at least one of them.
//!
//! SE scans boxes, rows, then columns, each digit in each house, and
//! gives up as soon as a count is off with no cell of three or more
//! candidates to blame, or when several BUG cells with several values
//! have no common peer. When every off count concerns one digit, the
//! cells of three or more candidates holding it are all BUG cells (the
//! lkSudoku rule, SE's default).

use super::super::candidates::{bit, digits, Candidates, Geometry};

/// What the grave analysis found: the BUG cells and their extra digits.
#[derive(Debug, Clone)]
pub(crate) struct Grave {
    /// The BUG cells, in the order SE meets them.
    pub cells: Vec<usize>,
    /// The BUG values of each cell of `cells`.
    pub extras: Vec<u32>,
    /// Every BUG value.
    pub all_extras: u32,
    /// The cells that see every BUG cell (BUG cells excluded), by index.
    pub common: Vec<usize>,
}

/// SE's house kinds in its order (box, row, column), as indices into
/// [`Tables::houses_of`](super::super::candidates::Tables::houses_of).
pub(crate) const KIND_ORDER: [usize; 3] = [2, 0, 1];

/// The houses of one kind, in SE's order: `kind` as in [`KIND_ORDER`].
fn houses_of_kind(n: usize, kind: usize) -> std::ops::Range<usize> {
    kind * n..(kind + 1) * n
}

impl Grave {
    fn add(&mut self, c: &Candidates, cell: usize, value: u8) {
        let i = match self.cells.iter().position(|&x| x == cell) {
            Some(i) => i,
            None => {
                self.cells.push(cell);
                self.extras.push(0);
                self.cells.len() - 1
            }
        };
        self.extras[i] |= bit(value);
        self.all_extras |= bit(value);
        let t = c.tables();
        if self.cells.len() == 1 {
            self.common = t.peers(cell).to_vec();
            self.common.sort_unstable();
        } else {
            self.common.retain(|&x| t.sees(x, cell));
        }
        let cells = &self.cells;
        self.common.retain(|x| !cells.contains(x));
    }

    /// SE gives up when several BUG cells with several values have no
    /// common peer (no type 1, 2 or 3 is possible).
    fn hopeless(&self) -> bool {
        self.cells.len() > 1 && self.all_extras.count_ones() > 1 && self.common.is_empty()
    }

    /// The extra digits of BUG cell `cell`.
    pub fn extras_of(&self, cell: usize) -> u32 {
        self.cells
            .iter()
            .position(|&x| x == cell)
            .map_or(0, |i| self.extras[i])
    }
}

thread_local! {
    /// The last position analysed and the result: the four BUG finders
    /// run one after the other on the same position.
    static LAST: std::cell::RefCell<(Option<Geometry>, Vec<u32>, Option<Grave>)> =
        const { std::cell::RefCell::new((None, Vec::new(), None)) };
}

/// The grave analysis: the BUG cells and values if removing them leaves
/// a grave.
pub(crate) fn analyse(c: &Candidates) -> Option<Grave> {
    // Cheap exit first: a single-candidate cell never becomes bivalue.
    if (0..c.cell_count()).any(|x| c.value(x) == 0 && c.mask(x).count_ones() < 2) {
        return None;
    }
    LAST.with_borrow_mut(|(geometry, masks, result)| {
        let same = *geometry == Some(c.tables().geometry())
            && masks.len() == c.cell_count()
            && masks.iter().enumerate().all(|(x, &m)| m == c.mask(x));
        if !same {
            *geometry = Some(c.tables().geometry());
            *masks = (0..c.cell_count()).map(|x| c.mask(x)).collect();
            *result = analyse_afresh(c);
        }
        result.clone()
    })
}

fn analyse_afresh(c: &Candidates) -> Option<Grave> {
    let n = c.n();
    let t = c.tables();
    let mut grave = Grave {
        cells: Vec::new(),
        extras: Vec::new(),
        all_extras: 0,
        common: Vec::new(),
    };
    // The lkSudoku rule: the cells to blame when one digit alone is off.
    let mut one_digit: Option<(u8, Vec<usize>)> = None;
    let mut several_digits = false;
    let mut places = [0u32; 32];
    // Under a variant its houses come after box, row and column (SE's
    // disjoint groups, window groups, diagonals).
    let classic = KIND_ORDER.into_iter().flat_map(|kind| houses_of_kind(n, kind));
    let extra = super::common::extra_house_order(c);
    for house in classic.chain(extra) {
        {
            c.all_positions(house, &mut places);
            for value in 1..=n as u8 {
                let at = places[value as usize - 1];
                if at == 0 || at.count_ones() == 2 {
                    continue;
                }
                let cells = t.house(house);
                // As positions in the house: no allocation per house.
                let blamed = super::super::candidates::bits(at)
                    .filter(|&i| c.mask(cells[i]).count_ones() >= 3)
                    .fold(0u32, |m, i| m | 1 << i);
                let blamed_cells = || super::super::candidates::bits(blamed).map(|i| cells[i]);
                match &mut one_digit {
                    None => one_digit = Some((value, blamed_cells().collect())),
                    Some((d, all)) if !several_digits => {
                        if *d == value {
                            all.extend(blamed_cells());
                        } else {
                            several_digits = true;
                        }
                    }
                    _ => {}
                }
                match blamed.count_ones() {
                    0 => return None,
                    1 => {
                        grave.add(c, cells[blamed.trailing_zeros() as usize], value);
                        if grave.hopeless() {
                            return None;
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    if let (Some((value, mut all)), false) = (one_digit, several_digits) {
        all.sort_unstable();
        all.dedup();
        all.retain(|x| !grave.cells.contains(x));
        for cell in all {
            grave.add(c, cell, value);
            if grave.hopeless() {
                return None;
            }
        }
    }
    is_grave_without(c, &grave).then_some(grave)
}

/// Whether removing the BUG values from the BUG cells leaves a grave.
fn is_grave_without(c: &Candidates, grave: &Grave) -> bool {
    let reduced = |x: usize| c.mask(x) & !grave.extras_of(x);
    let bivalue = (0..c.cell_count()).all(|x| c.value(x) != 0 || reduced(x).count_ones() == 2);
    bivalue
        && (0..c.tables().house_count()).all(|h| {
            let mut counts = [0u8; 32];
            for &x in c.tables().house(h) {
                for d in digits(reduced(x)) {
                    counts[d as usize - 1] += 1;
                }
            }
            counts.iter().all(|&k| k == 0 || k == 2)
        })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::logic::step::Step;
    use crate::shape::Shape;

    /// A 4x4 grave worked out by hand from the solution
    /// `1234 / 3412 / 2143 / 4321`: each cell holds its digit and the digit
    /// it swaps with (1<->2, 3<->4), so every candidate appears exactly twice
    /// in every row, column and box.
    pub fn grave() -> Candidates {
        let mut c = Candidates::new(Shape::new(2, 2).unwrap());
        let rows = [
            [12, 12, 34, 34],
            [34, 34, 12, 12],
            [12, 12, 34, 34],
            [34, 34, 12, 12],
        ];
        for (r, row) in rows.iter().enumerate() {
            for (k, &pair) in row.iter().enumerate() {
                c.set_digits(r * 4 + k, &[pair / 10, pair % 10]);
            }
        }
        c
    }

    /// The eliminations of a step on a 4x4 board as sorted `(cell,
    /// digit)` pairs.
    pub fn removed_4x4(step: &Step) -> Vec<(usize, u8)> {
        let mut gone: Vec<(usize, u8)> = step
            .eliminations
            .iter()
            .map(|e| (e.cell.index(4), e.digit))
            .collect();
        gone.sort();
        gone
    }

    /// A 9x9 grave: each cell holds its digit of the solution
    /// `(3r + r/3 + c) mod 9 + 1` and the next digit (9 wraps to 1), two
    /// disjoint solutions, so every digit has two places in every house.
    pub fn nine_grave() -> Candidates {
        let mut c = Candidates::new(Shape::CLASSIC);
        for r in 0..9 {
            for k in 0..9 {
                let d = ((3 * r + r / 3 + k) % 9 + 1) as u8;
                c.set_digits(r * 9 + k, &[d, d % 9 + 1]);
            }
        }
        c
    }

    #[test]
    fn the_nine_grave_is_a_grave() {
        let c = nine_grave();
        let g = analyse(&c).expect("a grave with no BUG cell");
        assert!(g.cells.is_empty());
    }

    #[test]
    fn a_miscount_no_big_cell_explains_is_no_grave() {
        let mut c = grave();
        // r1c1 loses 2: 2 has one place in row 1 and no cell of three
        // candidates to blame.
        c.set_digits(0, &[1, 3]);
        assert!(analyse(&c).is_none());
    }
}
