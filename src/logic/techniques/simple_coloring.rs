//! Simple coloring: the conjugate pairs of one digit (houses with exactly
//! two places) form chains whose cells alternate between two colours, and
//! exactly one colour holds the digit. If two cells of one colour see each
//! other, that colour is false (colour wrap); a cell that sees both colours
//! cannot hold the digit (colour trap).

use super::super::candidates::Candidates;
use super::super::step::{cell_list, Pattern, Step};
use super::super::technique::{Finder, Technique};
use super::{eliminate_where_present, if_progress};
use crate::shape::Shape;
use std::fmt;

pub(crate) const FINDER: Finder = Finder {
    id: "simple_coloring",
    name: "Bidirectional X-Cycle",
    score: 6.6,
    find: Some(|c, cx| cx.memo.first(Technique::SimpleColoring, c, |d| find_digit(c, d))),
};

/// The two colour classes of one digit's conjugate pairs.
#[derive(Debug)]
struct Colouring {
    digit: u8,
    cells: Vec<usize>,
    n: usize,
}

impl Pattern for Colouring {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = Shape::symbol(self.digit);
        write!(
            f,
            "colouring the conjugate pairs of {d} through {} shows that one colour holds every {d}",
            cell_list(&self.cells, self.n)
        )
    }
}

/// Finds a colour wrap or trap that removes something.
#[cfg(test)]
pub fn find(c: &Candidates) -> Option<Step> {
    (1..=c.n() as u8).find_map(|d| find_digit(c, d))
}

/// Finds a colour wrap or trap on digit `d`.
pub fn find_digit(c: &Candidates, d: u8) -> Option<Step> {
    let n = c.n();
    let mut links = vec![Vec::new(); c.cell_count()];
    for h in 0..3 * n {
        if let Some([a, b]) = c.two_places(h, d) {
            links[a].push(b);
            links[b].push(a);
        }
    }
    let mut colour = vec![None; c.cell_count()];
    for start in 0..c.cell_count() {
        if links[start].is_empty() || colour[start].is_some() {
            continue;
        }
        let groups = paint(&links, &mut colour, start);
        if let Some(step) = wrap_or_trap(c, d, &groups) {
            return Some(step);
        }
    }
    None
}

/// Colours the component of `start`; returns its cells by colour.
fn paint(links: &[Vec<usize>], colour: &mut [Option<bool>], start: usize) -> [Vec<usize>; 2] {
    let mut groups = [Vec::new(), Vec::new()];
    let mut stack = vec![(start, false)];
    colour[start] = Some(false);
    while let Some((cell, side)) = stack.pop() {
        groups[side as usize].push(cell);
        for &next in &links[cell] {
            if colour[next].is_none() {
                colour[next] = Some(!side);
                stack.push((next, !side));
            }
        }
    }
    groups
}

fn wrap_or_trap(c: &Candidates, d: u8, groups: &[Vec<usize>; 2]) -> Option<Step> {
    let n = c.n();
    let t = c.tables();
    let step = || {
        let cells = groups[0].iter().chain(&groups[1]).copied().collect();
        Step::new(Technique::SimpleColoring, Colouring { digit: d, cells, n })
    };
    for group in groups {
        let clash = group
            .iter()
            .enumerate()
            .any(|(i, &a)| group[i + 1..].iter().any(|&b| t.sees(a, b)));
        if clash {
            let mut s = step();
            eliminate_where_present(&mut s, c, group.iter().copied(), d);
            return if_progress(s);
        }
    }
    let sees_group = |cell: usize, g: &Vec<usize>| g.iter().any(|&x| t.sees(cell, x));
    let trapped = (0..c.cell_count()).filter(|&cell| {
        !groups[0].contains(&cell)
            && !groups[1].contains(&cell)
            && sees_group(cell, &groups[0])
            && sees_group(cell, &groups[1])
    });
    let mut s = step();
    eliminate_where_present(&mut s, c, trapped, d);
    if_progress(s)
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn a_cell_seeing_both_colours_is_trapped() {
        let mut c = open_board();
        // 5: r1c1 = r1c5 (row 1), r1c5 = r3c6 (box 2), r3c6 = r8c6
        // (column 6). Colours: r1c1, r3c6 against r1c5, r8c6. r8c1 sees
        // r1c1 and r8c6. r5c1 and r8c9 only stop column 1 and row 8 from
        // being conjugate pairs.
        let keep = [
            rc(1, 1),
            rc(1, 5),
            rc(3, 6),
            rc(8, 6),
            rc(8, 1),
            rc(5, 1),
            rc(8, 9),
        ];
        confine(&mut c, 5, &keep);
        let step = find(&c).expect("simple coloring");
        assert_eq!(removed(&step), each(&[rc(8, 1)], 5));
    }

    #[test]
    fn two_cells_of_one_colour_in_a_house_make_it_false() {
        let mut c = open_board();
        // 5: links r1c1=r1c5 (row 1), r1c5=r5c5 (column 5), r5c5=r5c2
        // (row 5), r5c2=r2c2 (column 2), r2c2=r2c9 (row 2), r1c1=r9c1
        // (column 1). Colour A is r1c1, r5c5, r2c2. r1c1 and r2c2 share box
        // 1 (r3c3 keeps box 1 from being a pair), so A is false.
        let keep = [
            rc(1, 1),
            rc(1, 5),
            rc(5, 5),
            rc(5, 2),
            rc(2, 2),
            rc(2, 9),
            rc(3, 3),
            rc(9, 1),
        ];
        confine(&mut c, 5, &keep);
        let step = find(&c).expect("colour wrap");
        assert_eq!(removed(&step), each(&[rc(1, 1), rc(2, 2), rc(5, 5)], 5));
    }

    #[test]
    fn chains_without_wrap_or_trap_do_nothing() {
        let mut c = open_board();
        // As the trap test without r8c1: every 5 is coloured, no colour
        // sees itself.
        let keep = [rc(1, 1), rc(1, 5), rc(3, 6), rc(8, 6), rc(5, 1), rc(8, 9)];
        confine(&mut c, 5, &keep);
        assert!(find(&c).is_none());
    }
}
