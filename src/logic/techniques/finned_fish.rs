//! Finned fish: a fish of `k` base lines whose places for a digit fit `k`
//! cover lines except for a few extra places (fins) inside one box. Either
//! a fin holds the digit, or the fish is real; cells of the cover lines in
//! the fin box (off the base lines) see every fin, so they lose the digit
//! both ways. Sashimi fish (a base line with only fins) are included.

use super::super::candidates::{bits, Candidates};
use super::super::step::Step;
use super::super::technique::Technique;
use super::search_subsets;

/// Finds a finned fish of `size` base lines (2, 3 or 4) that removes
/// something.
pub fn find(c: &Candidates, size: usize) -> Option<Step> {
    (1..=c.n() as u8).find_map(|d| find_digit(c, size, d))
}

/// Finds a finned fish of `size` base lines on digit `d`.
pub fn find_digit(c: &Candidates, size: usize, d: u8) -> Option<Step> {
    find_oriented(c, size, d, 0).or_else(|| find_oriented(c, size, d, 1))
}

/// Finned fish on `d` with rows (`base_kind` 0) or columns (1) as bases.
/// For each band of boxes across the bases (a stack of boxes for row
/// bases), the places outside the band must fit `size` cover lines, which
/// prunes the search as tightly as for a basic fish.
fn find_oriented(c: &Candidates, size: usize, d: u8, base_kind: usize) -> Option<Step> {
    let technique = match size {
        2 => Technique::FinnedXWing,
        3 => Technique::FinnedSwordfish,
        _ => Technique::FinnedJellyfish,
    };
    let n = c.n();
    let (br, bc) = (c.shape().box_rows(), c.shape().box_cols());
    // Width of a band across the bases, and how many bands there are.
    let width = if base_kind == 0 { bc } else { br };
    let mut lines = Vec::with_capacity(n);
    let mut places = Vec::with_capacity(n);
    for line in base_kind * n..(base_kind + 1) * n {
        let p = c.positions(line, d);
        if p != 0 && p.count_ones() as usize <= size + width {
            lines.push(line);
            places.push(p);
        }
    }
    let mut outside = vec![0u32; places.len()];
    for band in 0..n / width {
        let span = ((1u32 << width) - 1) << (band * width);
        for (o, p) in outside.iter_mut().zip(&places) {
            *o = p & !span;
        }
        let boxes: Vec<usize> = boxes_in_band(c, base_kind, band).collect();
        let found = search_subsets(&outside, size, size as u32, &mut |chosen, _| {
            let union = chosen.iter().fold(0, |m, &i| m | places[i]);
            if union.count_ones() as usize <= size {
                return None; // a basic fish
            }
            let mut bases = [(0usize, 0u32); 4];
            for (slot, &i) in bases.iter_mut().zip(chosen) {
                *slot = (lines[i], places[i]);
            }
            let bases = &bases[..chosen.len()];
            boxes.iter().find_map(|&b| {
                let covers = forced_covers(c, bases, b, size)?;
                finned_in_box(c, technique, d, bases, 2 * n + b, covers, size)
            })
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The boxes of a band across the bases: a stack of boxes (same columns)
/// for row bases, a band of boxes (same rows) for column bases.
fn boxes_in_band(c: &Candidates, base_kind: usize, band: usize) -> impl Iterator<Item = usize> {
    let n = c.n();
    let br = c.shape().box_rows();
    (0..n).filter(move |&b| {
        if base_kind == 0 {
            b % br == band
        } else {
            b / br == band
        }
    })
}

/// The cover lines forced when the fins sit in box `b` (its index among
/// boxes): every place outside the box must be covered. `None` if that
/// needs more than `size` lines or leaves no fin in the box. Pure bit
/// arithmetic, so most boxes are rejected cheaply.
fn forced_covers(c: &Candidates, bases: &[(usize, u32)], b: usize, size: usize) -> Option<u32> {
    let n = c.n();
    let (br, bc) = (c.shape().box_rows(), c.shape().box_cols());
    let (top, left) = (b / br * br, b % br * bc);
    let base_kind = bases[0].0 / n;
    // Lines of the base kind crossing the box, and the box's span across.
    let (first, count, span_first, span_count) = if base_kind == 0 {
        (top, br, left, bc)
    } else {
        (left, bc, top, br)
    };
    let span = ((1u32 << span_count) - 1) << span_first;
    let (mut covers, mut inside) = (0u32, 0u32);
    for &(line, p) in bases {
        let index = line - base_kind * n;
        if (first..first + count).contains(&index) {
            covers |= p & !span;
            inside |= p & span;
        } else {
            covers |= p;
        }
    }
    let fins_possible = inside & !covers != 0;
    (fins_possible && covers.count_ones() as usize <= size).then_some(covers)
}

/// Tries the fins in box `fin_box` with the forced `covers`; free cover
/// slots go to lines that cross the box where something can be removed.
/// Fewer covers than bases is still sound: then the fish alone would be
/// impossible, so a fin is true anyway.
fn finned_in_box(
    c: &Candidates,
    technique: Technique,
    d: u8,
    bases: &[(usize, u32)],
    fin_box: usize,
    mut covers: u32,
    size: usize,
) -> Option<Step> {
    let n = c.n();
    let t = c.tables();
    let base_kind = bases[0].0 / n;
    let cover_kind = 1 - base_kind;
    let box_cells = t.house(fin_box);
    let base_bits = bases.iter().fold(0u32, |m, &(l, _)| m | 1 << (l - base_kind * n));
    let is_base = |x: usize| base_bits & (1 << (t.houses_of(x)[base_kind] - base_kind * n)) != 0;
    let line_index = |x: usize| t.houses_of(x)[cover_kind] - cover_kind * n;
    // Removable cells first (the cheap part): in the box, off the bases,
    // on a cover line, taking free cover slots as needed.
    let mut victims = [0usize; 32];
    let mut count = 0;
    for &x in box_cells {
        if !c.has(x, d) || is_base(x) {
            continue;
        }
        let bit = 1u32 << line_index(x);
        if covers & bit == 0 && (covers.count_ones() as usize) < size {
            covers |= bit;
        }
        if covers & bit != 0 && count < victims.len() {
            victims[count] = x;
            count += 1;
        }
    }
    if count == 0 {
        return None;
    }
    let fins: Vec<usize> = bases
        .iter()
        .flat_map(|&(line, _)| c.cells_with(line, d))
        .filter(|&x| covers & (1 << line_index(x)) == 0)
        .collect();
    if fins.is_empty() {
        return None;
    }
    let cover_lines: Vec<usize> = bits(covers).map(|i| cover_kind * n + i).collect();
    let mut step = Step::new(technique)
        .with_digits([d])
        .with_houses(bases.iter().map(|&(l, _)| l), n)
        .with_houses(cover_lines.iter().copied(), n)
        .with_cells(fins.iter().copied(), n);
    for &x in &victims[..count] {
        step.eliminate(x, d, n);
    }
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn finned_x_wing_removes_from_the_fin_box() {
        let mut c = open_board();
        // 3 in row 1 at c2, c7; row 5 at c2, c7 and the fin c8 (box 6,
        // with c7). Column 7 also has 3 at r4 and r6 (box 6) and r9.
        // Only r4c7 and r6c7 see the fin, so only they lose the 3.
        let keep = [
            rc(1, 2),
            rc(1, 7),
            rc(5, 2),
            rc(5, 7),
            rc(5, 8),
            rc(4, 7),
            rc(6, 7),
            rc(9, 7),
        ];
        let mut c2 = c.clone();
        confine(&mut c, 3, &keep);
        let step = find(&c, 2).expect("finned x-wing");
        assert_eq!(removed(&step), each(&[rc(4, 7), rc(6, 7)], 3));
        // Move the fin to column 1 (box 4, away from column 7): nothing
        // in column 7 sees it, so no finned X-Wing applies.
        let keep = [
            rc(1, 2),
            rc(1, 7),
            rc(5, 2),
            rc(5, 7),
            rc(5, 1),
            rc(4, 7),
            rc(6, 7),
            rc(9, 7),
        ];
        confine(&mut c2, 3, &keep);
        assert!(find(&c2, 2).is_none());
    }
}
