//! The eliminations a dynamic chain "plus" may use inside itself, beyond
//! the four single-step rules: Sudoku Explainer's "advanced" implications.
//!
//! When a dynamic walk of level 1 or more has expanded every node it
//! holds, SE runs a short list of other techniques on the walk's shrunken
//! board and turns each of their eliminations into a new off node. The
//! node's parents are the removals the technique needed (its "rule
//! parents": the candidates the walk removed that had to be gone for the
//! pattern to exist). A technique whose pattern needed no removal is not
//! used, since it holds without the chain. The list is tried in order and
//! the first technique that yields an elimination with parents ends it.
//!
//! SE's list at its default settings: pointing and claiming, hidden pair,
//! naked pair, X-Wing (level 1), then forcing chains & cycles (level 2 and
//! up), multiple forcing chains (level 3), dynamic forcing chains of level
//! `limit` (level 4). Under a variant SE's first four are its variant
//! forms instead: generalized intersections, hidden pairs in every house
//! (the variant's too), generalized naked pairs, X-Wing. This file has
//! both sets of basic rules, searched in SE's order (houses, digits and
//! combinations), with each technique's eliminations listed in the order
//! SE's hash map of cells yields them, since that order decides which
//! node later rules find first.

use super::derived::Derivations;
use super::engine::{node, Board, NONE};
use crate::logic::techniques::generalized::variant_house_order;
use crate::logic::candidates::{bit, bits, digits};

/// SE's region types in its own numbering: block, row, column.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Block,
    Row,
    Column,
}

/// The board's house of kind `kind` with SE number `i` (the board numbers
/// rows, then columns, then boxes).
fn house(n: usize, kind: Kind, i: usize) -> usize {
    match kind {
        Kind::Row => i,
        Kind::Column => n + i,
        Kind::Block => 2 * n + i,
    }
}

/// Whether a mask has two bits or more.
fn two_or_more(m: u32) -> bool {
    m & m.wrapping_sub(1) != 0
}

/// Whether a mask has exactly two bits.
fn exactly_two(m: u32) -> bool {
    let rest = m & m.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

/// The pairs of set bits of `m` in SE's order (see [`pairs`]).
fn pairs_of(m: u32) -> impl Iterator<Item = (usize, usize)> {
    bits(m).flat_map(move |hi| bits(m & ((1 << hi) - 1)).map(move |lo| (lo, hi)))
}

/// Pairs of `0..n` in SE's enumeration order (its bit-permutation walk:
/// masks in increasing order), as `(low, high)`.
fn pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..n).flat_map(|hi| (0..hi).map(move |lo| (lo, hi)))
}

/// The four basic rules, in SE's order, stopping at the first that
/// yields anything. Under a variant SE swaps in its generalized forms of
/// locking and naked pairs (`Chaining.getAdvancedPotentials` takes its
/// variant list whenever `Settings.isVLatin()` is false) and searches
/// hidden pairs in the variant's houses too.
pub fn basic_rules(board: &Board, out: &mut Derivations) {
    out.clear();
    let rules: [fn(&Board, &mut Derivations); 4] = if board.is_variant() {
        [generalized_locking, hidden_pairs, generalized_naked_pairs, x_wings]
    } else {
        [locking, hidden_pairs, naked_pairs, x_wings]
    };
    for rule in rules {
        rule(board, out);
        if !out.items.is_empty() {
            return;
        }
    }
}

/// SE's `Locking` (pointing and claiming): for the region pairs block and
/// column, block and row, column and block, row and block; each digit;
/// each first region with two or more places, all inside a crossing
/// second region: the digit leaves the rest of the second region. Parents:
/// the digit's removed places in the first region outside the second.
fn locking(b: &Board, out: &mut Derivations) {
    let n = b.n();
    let pairs = [
        (Kind::Block, Kind::Column),
        (Kind::Block, Kind::Row),
        (Kind::Column, Kind::Block),
        (Kind::Row, Kind::Block),
    ];
    for (k1, k2) in pairs {
        for d in 1..=n as u8 {
            for i1 in 0..n {
                let h1 = house(n, k1, i1);
                let places = b.place_mask(h1, d);
                // No removal of `d` in the first region: no parents, and
                // a hint without parents is dropped ([`Derivations::add_hint`]).
                if !two_or_more(places) || b.removed_places(h1, d) == 0 {
                    continue;
                }
                let first = b.house_cells(h1)[places.trailing_zeros() as usize];
                // The second region holding every place: the one of kind
                // `k2` through the first place, if it holds the others.
                let h2 = b.house_of_kind(first, kind_index(k2));
                let inside = bits(places).all(|slot| b.in_house(b.house_cells(h1)[slot], h2));
                if !inside {
                    continue;
                }
                let from = out.parents.len();
                for &cell in b.house_cells(h2) {
                    if !b.in_house(cell, h1) && b.masks[cell] & bit(d) != 0 {
                        out.cells.push((cell, bit(d)));
                    }
                }
                for &cell in b.house_cells(h1) {
                    if b.was_removed(cell, d) && !b.in_house(cell, h2) {
                        out.parents.push(node(n, cell, d, false));
                    }
                }
                out.add_hint(n, from, NONE);
            }
        }
    }
}

/// Index of a kind in [`Board::house_of_kind`]'s order (box, row, column).
fn kind_index(k: Kind) -> usize {
    match k {
        Kind::Block => 0,
        Kind::Row => 1,
        Kind::Column => 2,
    }
}

/// SE's `HiddenSet(2)`: in blocks, then columns, then rows (then, under a
/// variant, its houses: [`set_houses`]) with more than four empty cells,
/// two digits each with two or more places, together in two cells: the
/// cells' other digits go. Parents: the two digits' removed places
/// elsewhere in the house.
fn hidden_pairs(b: &Board, out: &mut Derivations) {
    let n = b.n();
    for h in set_houses(b) {
        if b.empty_cells(h) <= 4 {
            continue;
        }
        // Each digit needs two or more places and the pair two in all:
        // so both have exactly the same two. Only those digits can
        // pair, met in SE's order of pairs.
        let mut two = [0u32; 32];
        for d in 1..=n as u8 {
            two[d as usize - 1] = b.place_mask(h, d);
        }
        let mut paired = 0u32;
        for (di, &m) in two[..n].iter().enumerate() {
            paired |= (exactly_two(m) as u32) << di;
        }
        if paired.count_ones() < 2 {
            continue;
        }
        for (lo, hi) in pairs_of(paired) {
            let union = two[lo];
            if two[hi] != union {
                continue;
            }
            let (d1, d2) = (lo as u8 + 1, hi as u8 + 1);
            // The parents are the digits' places at the walk's start
            // outside the pair's two cells: places since removed, as
            // the digits now have no others. None: the hint is dropped.
            if b.removed_places(h, d1) | b.removed_places(h, d2) == 0 {
                continue;
            }
            let pair = bit(d1) | bit(d2);
            let cells = b.house_cells(h);
            let from = out.parents.len();
            for slot in bits(union) {
                let others = b.masks[cells[slot]] & !pair;
                if others != 0 {
                    out.cells.push((cells[slot], others));
                }
            }
            for (slot, &cell) in cells.iter().enumerate() {
                if union >> slot & 1 == 1 {
                    continue;
                }
                for d in [d1, d2] {
                    if b.start_has(cell, d) {
                        out.parents.push(node(n, cell, d, false));
                    }
                }
            }
            out.add_hint(n, from, NONE);
        }
    }
}

/// SE's variant houses in its order of region types (disjoint groups,
/// window groups, main diagonal, anti-diagonal), as ranges of the board's
/// house numbers; none on a classic board. A house the variant lacks is
/// empty, so no search finds anything in it.
fn variant_kinds(b: &Board) -> [std::ops::Range<usize>; 4] {
    let n = b.n();
    if !b.is_variant() {
        return [0..0, 0..0, 0..0, 0..0];
    }
    [4 * n + 2..5 * n + 2, 3 * n + 2..4 * n + 2, 3 * n..3 * n + 1, 3 * n + 1..3 * n + 2]
}

/// The houses SE's hidden and naked sets search, in its order: blocks,
/// columns, rows, then, on a variant's board, the variant's (the order
/// the grader's own variant searches use).
fn set_houses(b: &Board) -> impl Iterator<Item = usize> {
    let n = b.n();
    // The order starts with the 3n classic houses.
    variant_house_order(n).take(if b.is_variant() { usize::MAX } else { 3 * n })
}

/// SE's `VLocking` (generalized intersections), its locking under a
/// variant: for blocks, rows, columns, then the variant's houses, kind by
/// kind; each digit; each house where the digit has two to six places:
/// the digit leaves every cell that sees all of them (knight and king
/// moves included). Parents: the digit's removed places in the house.
fn generalized_locking(b: &Board, out: &mut Derivations) {
    let n = b.n();
    let [groups, windows, main, anti] = variant_kinds(b);
    for kind in [2 * n..3 * n, 0..n, n..2 * n, groups, windows, main, anti] {
        for d in 1..=n as u8 {
            for h in kind.clone() {
                let places = b.place_mask(h, d);
                // No removal of `d` in the house: no parents, and the
                // hint is dropped.
                if !(2..=6).contains(&places.count_ones()) || b.removed_places(h, d) == 0 {
                    continue;
                }
                let cells = b.house_cells(h);
                let first = cells[places.trailing_zeros() as usize];
                // SE's victims come in cell order, as the peers do; a
                // place never sees itself, so none is its own victim.
                for &v in b.peers(first) {
                    if b.masks[v] & bit(d) != 0 && bits(places).all(|slot| cells[slot] == first || b.sees(cells[slot], v)) {
                        out.cells.push((v, bit(d)));
                    }
                }
                let from = out.parents.len();
                for slot in bits(b.removed_places(h, d)) {
                    out.parents.push(node(n, cells[slot], d, false));
                }
                out.add_hint(n, from, NONE);
            }
        }
    }
}

/// SE's `NakedSetGen(2)` (generalized naked pairs), its naked pairs
/// under a variant: in the houses of [`set_houses`] with four or more
/// empty cells, two cells holding the same two digits: each digit leaves
/// every cell that sees both (not only the house's). Parents: the two
/// cells' other digits removed.
fn generalized_naked_pairs(b: &Board, out: &mut Derivations) {
    let n = b.n();
    for h in set_houses(b) {
        if b.empty_cells(h) < 4 {
            continue;
        }
        let cells = b.house_cells(h);
        let mut bivalue = 0u32;
        for (slot, &cell) in cells.iter().enumerate() {
            bivalue |= (exactly_two(b.masks[cell]) as u32) << slot;
        }
        for (lo, hi) in pairs_of(bivalue) {
            let (one, two) = (cells[lo], cells[hi]);
            let union = b.masks[one];
            if b.masks[two] != union || (b.start_mask(one) | b.start_mask(two)) & !union == 0 {
                continue;
            }
            // SE puts each digit's victims (in cell order) into its map
            // in turn: a cell keeps the place of its first digit.
            for d in digits(union) {
                for &v in b.peers(one) {
                    if b.masks[v] & bit(d) == 0 || !b.sees(two, v) {
                        continue;
                    }
                    match out.cells.iter_mut().find(|e| e.0 == v) {
                        Some(e) => e.1 |= bit(d),
                        None => out.cells.push((v, bit(d))),
                    }
                }
            }
            let from = out.parents.len();
            for cell in [one, two] {
                for d in digits(b.start_mask(cell) & !union) {
                    out.parents.push(node(n, cell, d, false));
                }
            }
            out.add_hint(n, from, NONE);
        }
    }
}

/// SE's `NakedSet(2)`: in blocks, then columns, then rows with four or
/// more empty cells, two cells of two or more candidates holding two digits
/// between them: the digits leave the house's other cells. Parents: the
/// two cells' other digits removed.
fn naked_pairs(b: &Board, out: &mut Derivations) {
    let n = b.n();
    for kind in [Kind::Block, Kind::Column, Kind::Row] {
        for i in 0..n {
            let h = house(n, kind, i);
            if b.empty_cells(h) < 4 {
                continue;
            }
            let cells = b.house_cells(h);
            // Two cells of two or more candidates with two in all: the same
            // two candidates each.
            let mut bivalue = 0u32;
            for (slot, &cell) in cells.iter().enumerate() {
                bivalue |= (exactly_two(b.masks[cell]) as u32) << slot;
            }
            for (lo, hi) in pairs_of(bivalue) {
                let union = b.masks[cells[lo]];
                if b.masks[cells[hi]] != union {
                    continue;
                }
                // No digit removed from the two cells: no parents, and the
                // hint is dropped.
                if (b.start_mask(cells[lo]) | b.start_mask(cells[hi])) & !union == 0 {
                    continue;
                }
                let from = out.parents.len();
                for (slot, &cell) in cells.iter().enumerate() {
                    if slot != lo && slot != hi && b.masks[cell] & union != 0 {
                        out.cells.push((cell, b.masks[cell] & union));
                    }
                }
                for cell in [cells[lo], cells[hi]] {
                    for d in digits(b.start_mask(cell) & !union) {
                        out.parents.push(node(n, cell, d, false));
                    }
                }
                out.add_hint(n, from, NONE);
            }
        }
    }
}

/// SE's `Fisherman(2)`: base columns (then base rows) in pairs, each digit
/// placed at most `n - 4` times: two base lines whose places (two or more
/// each) lie in two cover lines: the digit leaves the cover lines' other
/// cells. Parents: the digit's removed places in the base lines outside
/// the cover lines.
fn x_wings(b: &Board, out: &mut Derivations) {
    let n = b.n();
    let fishable = (1..=n as u8)
        .filter(|&d| b.placed(d) + 4 <= n)
        .fold(0u32, |m, d| m | bit(d));
    for (base, cover) in [(Kind::Column, Kind::Row), (Kind::Row, Kind::Column)] {
        // Per line, the digits with exactly two places there: two or more
        // places in each base line and two cover lines in all need the
        // same two places in both lines.
        let mut twos = [0u32; 32];
        for (line, slot) in twos[..n].iter_mut().enumerate() {
            for d in digits(fishable) {
                *slot |= (exactly_two(b.place_mask(house(n, base, line), d)) as u32) << (d - 1);
            }
        }
        for (lo, hi) in pairs(n) {
            for d in digits(twos[lo] & twos[hi]) {
                let (h1, h2) = (house(n, base, lo), house(n, base, hi));
                let covers = b.place_mask(h1, d);
                if b.place_mask(h2, d) != covers {
                    continue;
                }
                // The parents are the digit's removed places in the base
                // lines (none lies in the cover lines, which hold its
                // places now). None: the hint is dropped.
                if b.removed_places(h1, d) | b.removed_places(h2, d) == 0 {
                    continue;
                }
                let from = out.parents.len();
                for c in bits(covers) {
                    let hc = house(n, cover, c);
                    let places = b.place_mask(hc, d) & !(1 << lo | 1 << hi);
                    for slot in bits(places) {
                        out.cells.push((b.house_cells(hc)[slot], bit(d)));
                    }
                }
                for h in [h1, h2] {
                    for (slot, &cell) in b.house_cells(h).iter().enumerate() {
                        if covers >> slot & 1 == 0 && b.was_removed(cell, d) {
                            out.parents.push(node(n, cell, d, false));
                        }
                    }
                }
                out.add_hint(n, from, NONE);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_come_in_se_order() {
        let p: Vec<_> = pairs(4).collect();
        assert_eq!(p, vec![(0, 1), (0, 2), (1, 2), (0, 3), (1, 3), (2, 3)]);
    }
}
