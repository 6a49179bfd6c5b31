//! Unique rectangle type 1: four unsolved cells on two rows, two columns
//! and two boxes, three of them holding only {a,b}. If the fourth were also
//! a or b, the four cells would be a deadly pattern (a and b could swap, so
//! the puzzle would have two solutions). Assuming a unique solution, the
//! fourth cell loses a and b (SE 4.5).

use super::super::candidates::{digits, Candidates};
use super::super::step::{cell_list, digit_list, Pattern, Step};
use super::super::technique::{Finder, Technique};
use std::fmt;

pub(crate) const FINDER: Finder = Finder {
    id: "unique_rectangle",
    name: "Unique Rectangle",
    score: 4.5,
    find: Some(|c, _| find(c)),
};

/// Four corners of a would-be deadly rectangle on two digits; the last
/// corner is the one with extra candidates.
#[derive(Debug)]
struct Rectangle {
    corners: Vec<usize>,
    n: usize,
    digits: Vec<u8>,
}

impl Pattern for Rectangle {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} would form a deadly pattern on {} unless {} holds another digit",
            cell_list(&self.corners, self.n),
            digit_list(&self.digits),
            crate::logic::step::Cell::of(self.corners[3], self.n)
        )
    }

    fn name_suffix(&self) -> Option<String> {
        Some(" type 1".to_string())
    }
}

/// Finds a type 1 unique rectangle.
pub fn find(c: &Candidates) -> Option<Step> {
    let n = c.n();
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let corners = [(r1, c1), (r1, c2), (r2, c1), (r2, c2)].map(|(r, k)| r * n + k);
                    if let Some(step) = rectangle(c, corners) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

fn rectangle(c: &Candidates, corners: [usize; 4]) -> Option<Step> {
    // Cheap mask tests first: three equal bivalue corners.
    let bivalue = corners.iter().filter(|&&x| c.mask(x).count_ones() == 2).count();
    if bivalue != 3 {
        return None;
    }
    let pairs: Vec<usize> = corners
        .iter()
        .copied()
        .filter(|&x| c.mask(x).count_ones() == 2)
        .collect();
    if pairs.iter().any(|&x| c.mask(x) != c.mask(pairs[0])) {
        return None;
    }
    let t = c.tables();
    let mut boxes: Vec<usize> = corners.iter().map(|&x| t.houses_of(x)[2]).collect();
    boxes.sort_unstable();
    boxes.dedup();
    if boxes.len() != 2 {
        return None;
    }
    let pair = c.mask(pairs[0]);
    let fourth = corners.iter().copied().find(|x| !pairs.contains(x))?;
    if c.mask(fourth) & pair == 0 {
        return None;
    }
    let n = c.n();
    let pattern = Rectangle {
        corners: pairs.iter().copied().chain([fourth]).collect(),
        n,
        digits: digits(pair).collect(),
    };
    let mut step = Step::new(Technique::UniqueRectangle, pattern);
    for d in digits(c.mask(fourth) & pair) {
        step.eliminate(fourth, d, n);
    }
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn the_fourth_corner_loses_the_pair() {
        let mut c = open_board();
        // r1c1, r1c4, r3c1 hold {2,9}; r3c4 holds {2,5,9}. Boxes 1 and 2.
        for cell in [rc(1, 1), rc(1, 4), rc(3, 1)] {
            c.set_digits(cell, &[2, 9]);
        }
        c.set_digits(rc(3, 4), &[2, 5, 9]);
        let step = find(&c).expect("unique rectangle");
        assert_eq!(removed(&step), vec![(rc(3, 4), 2), (rc(3, 4), 9)]);
    }

    #[test]
    fn four_boxes_are_no_rectangle() {
        let mut c = open_board();
        // Same digits on rows 1, 5 and columns 1, 5: four different boxes,
        // no deadly pattern.
        for cell in [rc(1, 1), rc(1, 5), rc(5, 1)] {
            c.set_digits(cell, &[2, 9]);
        }
        c.set_digits(rc(5, 5), &[2, 5, 9]);
        assert!(find(&c).is_none());
    }
}
