//! Basic fish: X-Wing, Swordfish and Jellyfish. When a digit's places in
//! `k` rows lie in only `k` columns, those columns hold the digit in those
//! rows, so it leaves the rest of the columns (and likewise with rows and
//! columns swapped). SE 3.2, 3.8, 5.2.

use super::super::board::house_list;
use super::super::candidates::{bits, Candidates};
use super::super::producer::{Context, Producer};
use super::super::step::{Pattern, Step};
use super::super::technique::Technique;
use super::common::{search_subsets, step_removing, MAX_SUBSET};
use crate::shape::Shape;
use std::fmt;

/// Basic fish of `size` lines (SE's `Fisherman(size)`): X-Wing,
/// Swordfish, Jellyfish.
pub(crate) struct Fish {
    /// Base lines: 2, 3 or 4.
    pub size: usize,
}

impl Producer for Fish {
    fn techniques(&self) -> &'static [Technique] {
        match self.size {
            2 => &[Technique::XWing],
            3 => &[Technique::Swordfish],
            _ => &[Technique::Jellyfish],
        }
    }

    fn difficulty(&self, _: Technique) -> f32 {
        difficulty(self.size)
    }

    fn find(&self, c: &Candidates, cx: &mut Context) -> Option<Step> {
        cx.memo
            .first(self.techniques()[0], c, |d| find_digit(c, self.size, d))
    }
}

/// SE's difficulty of a fish of `size` lines.
fn difficulty(size: usize) -> f32 {
    match size {
        2 => 3.2,
        3 => 3.8,
        _ => 5.2,
    }
}

/// A digit whose places in the base lines lie in as many cover lines.
#[derive(Debug)]
struct FishPattern {
    digit: u8,
    bases: Vec<usize>,
    covers: Vec<usize>,
    n: usize,
}

impl Pattern for FishPattern {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} in {} lies only in {}",
            Shape::symbol(self.digit),
            house_list(&self.bases, self.n),
            house_list(&self.covers, self.n)
        )
    }
}

/// Finds a fish of `size` lines (2, 3 or 4) that removes something.
#[cfg(test)]
pub fn find(c: &Candidates, size: usize) -> Option<Step> {
    (1..=c.n() as u8).find_map(|d| find_digit(c, size, d))
}

/// Finds a fish of `size` lines on digit `d`.
pub fn find_digit(c: &Candidates, size: usize, d: u8) -> Option<Step> {
    let technique = match size {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    let n = c.n();
    // Fixed arrays (a board has at most 32 lines of a kind): this runs
    // after every step, so no allocation.
    let mut lines = [0usize; 32];
    let mut places = [0u32; 32];
    for base_kind in [0, 1] {
        let mut count = 0;
        for line in base_kind * n..(base_kind + 1) * n {
            let p = c.positions(line, d);
            if (2..=size).contains(&(p.count_ones() as usize)) {
                lines[count] = line;
                places[count] = p;
                count += 1;
            }
        }
        let found = search_subsets(&places[..count], size, size as u32, &mut |chosen, union| {
            let mut bases = [0usize; MAX_SUBSET];
            for (slot, &i) in bases.iter_mut().zip(chosen) {
                *slot = lines[i];
            }
            fish_step(c, technique, d, &bases[..chosen.len()], union)
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The step for base lines `bases` whose places of `d` fall in the cover
/// lines at positions `covers` (bit `i` = the `i`-th line of the other
/// kind).
fn fish_step(c: &Candidates, technique: Technique, d: u8, bases: &[usize], covers: u32) -> Option<Step> {
    let n = c.n();
    let cover_kind = if bases[0] < n { 1 } else { 0 };
    let base_kind = 1 - cover_kind;
    let cover_lines = || bits(covers).map(move |i| cover_kind * n + i);
    let victims = || {
        cover_lines().flat_map(move |cover| {
            c.cells_with(cover, d)
                .filter(move |&cell| !bases.contains(&c.tables().houses_of(cell)[base_kind]))
        })
    };
    step_removing(c, d, victims, || {
        let pattern = FishPattern {
            digit: d,
            bases: bases.to_vec(),
            covers: cover_lines().collect(),
            n,
        };
        Step::new(technique, difficulty(bases.len()), pattern)
    })
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn x_wing_clears_the_columns() {
        let mut c = open_board();
        // 5 in rows 2 and 7 only in columns 3 and 8; columns 3 and 8 also
        // have 5 in rows 4 and 9. Every other row keeps several 5s.
        let mut keep = vec![rc(2, 3), rc(2, 8), rc(7, 3), rc(7, 8), rc(4, 3), rc(9, 8)];
        for row in [1, 3, 4, 5, 6, 8, 9] {
            keep.extend([rc(row, 1), rc(row, 5), rc(row, 6)]);
        }
        confine(&mut c, 5, &keep);
        let step = find(&c, 2).expect("x-wing");
        assert_eq!(removed(&step), each(&[rc(4, 3), rc(9, 8)], 5));
        assert_eq!(
            step.to_string(),
            "X-Wing: 5 in rows 2, 7 lies only in columns 3, 8, so remove 5 from r4c3, r9c8"
        );
    }

    #[test]
    fn swordfish_uses_three_lines() {
        let mut c = open_board();
        // 5 in columns 1, 4, 7 only in rows 2, 5, 8 (two places each);
        // rows 2, 5, 8 also hold 5 at c9, c2, c9.
        let mut keep = vec![rc(2, 1), rc(5, 1), rc(5, 4), rc(8, 4), rc(2, 7), rc(8, 7)];
        keep.extend([rc(2, 9), rc(5, 2), rc(8, 9)]);
        for col in [2, 3, 5, 6, 8, 9] {
            keep.extend([rc(1, col), rc(3, col), rc(4, col), rc(6, col)]);
        }
        confine(&mut c, 5, &keep);
        assert!(find(&c, 2).is_none());
        let step = find(&c, 3).expect("swordfish");
        assert_eq!(removed(&step), each(&[rc(2, 9), rc(5, 2), rc(8, 9)], 5));
    }

    #[test]
    fn no_fish_when_lines_spread() {
        let mut c = open_board();
        confine(
            &mut c,
            5,
            &[rc(2, 3), rc(2, 8), rc(7, 3), rc(7, 9), rc(4, 3), rc(9, 8)],
        );
        assert!(find(&c, 2).is_none());
    }
}
