//! Locked non-consecutive: a digit with two or three places left in a
//! house. Whichever place holds it, a cell orthogonally next to every
//! place is next to the digit, so it cannot hold the digits one apart
//! from it. In a row or column, places side by side also lose those
//! digits themselves: two neighbouring places are each other's
//! neighbour, and of three places in a row the middle one is next to
//! both others. Sukaku Explainer rates it 2.5 and tries it after the
//! non-consecutive forcing cell under `--isNC=1`
//! (`solver/rules/lockedNC.java`, `lockedNCHint.java`,
//! `solver/Solver.java`).

use super::super::board::{cell_list, House};
use super::super::candidates::{bits, Candidates};
use super::super::producer::{Context, Producer};
use super::super::step::{Pattern, Step};
use super::super::technique::Technique;
use crate::shape::Shape;
use std::fmt;

/// SE's difficulty of the technique's steps.
const DIFFICULTY: f32 = 2.5;

/// SE's `lockedNC` producer.
pub(crate) struct LockedNonConsecutive;

impl Producer for LockedNonConsecutive {
    fn techniques(&self) -> &'static [Technique] {
        &[Technique::LockedNonConsecutive]
    }

    fn difficulty(&self, _: Technique) -> f32 {
        DIFFICULTY
    }

    fn find(&self, c: &Candidates, _cx: &mut Context) -> Option<Step> {
        find(c)
    }
}

/// A digit confined to a few places of a house, and the cells next to
/// them that lose the digits one apart from it.
#[derive(Debug)]
struct Locked {
    digit: u8,
    house: House,
    places: Vec<usize>,
    /// Whether the removals are from the places themselves (side by side
    /// in a line) rather than from cells next to all of them.
    inside: bool,
    n: usize,
}

impl Pattern for Locked {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} in {} is confined to {}, ",
            Shape::symbol(self.digit),
            self.house,
            cell_list(&self.places, self.n)
        )?;
        if self.inside {
            f.write_str("side by side: a place without it is next to it")
        } else {
            f.write_str("and every cell next to all of them is next to it")
        }
    }
}

/// The first locked digit that removes something, in SE's order: digit
/// by digit; within a digit columns, rows, then boxes; in a line, the
/// places side by side first, then the cells next to all places.
pub fn find(c: &Candidates) -> Option<Step> {
    let n = c.n();
    let houses: Vec<usize> = (n..2 * n).chain(0..n).chain(2 * n..3 * n).collect();
    (1..=n as u8).find_map(|d| houses.iter().find_map(|&h| locked(c, h, d)))
}

/// The locked steps of digit `d` in house `h`, the first that removes
/// something.
fn locked(c: &Candidates, h: usize, d: u8) -> Option<Step> {
    let n = c.n();
    let slots: Vec<usize> = bits(c.positions(h, d)).collect();
    if !(2..=3).contains(&slots.len()) {
        return None;
    }
    let house = c.tables().house(h);
    let places: Vec<usize> = slots.iter().map(|&s| house[s]).collect();
    let (first, last) = (slots[0], slots[slots.len() - 1]);
    let in_line = h < 2 * n;
    if in_line && last - first == slots.len() - 1 {
        // Side by side: two places lose the digits themselves, three
        // only the middle one.
        let losers = if slots.len() == 2 {
            places.clone()
        } else {
            vec![house[first + 1]]
        };
        if let Some(step) = step(c, h, d, &places, &losers, true) {
            return Some(step);
        }
    }
    let t = c.tables();
    let next_to_all: Vec<usize> = t
        .consecutive_neighbours(places[0])
        .iter()
        .copied()
        .filter(|&v| places[1..].iter().all(|&p| t.consecutive_neighbours(p).contains(&v)))
        .collect();
    step(c, h, d, &places, &next_to_all, false)
}

/// The step removing the digits one apart from `d` from `losers`, if
/// any of them holds one.
fn step(c: &Candidates, h: usize, d: u8, places: &[usize], losers: &[usize], inside: bool) -> Option<Step> {
    let n = c.n();
    let apart: Vec<u8> = [d.wrapping_sub(1), d + 1]
        .into_iter()
        .filter(|&e| (1..=n as u8).contains(&e))
        .collect();
    let victims: Vec<(usize, u8)> = losers
        .iter()
        .flat_map(|&v| apart.iter().map(move |&e| (v, e)))
        .filter(|&(v, e)| c.has(v, e))
        .collect();
    if victims.is_empty() {
        return None;
    }
    let mut step = Step::new(
        Technique::LockedNonConsecutive,
        DIFFICULTY,
        Locked {
            digit: d,
            house: House::of(h, n),
            places: places.to_vec(),
            inside,
            n,
        },
    );
    for (v, e) in victims {
        step.eliminate(v, e, n);
    }
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn two_places_side_by_side_lose_the_digits_one_apart() {
        let mut c = nc_board();
        confine(&mut c, 1, &[rc(2, 4), rc(2, 5)]);
        let step = find(&c).expect("locked");
        assert_eq!(removed(&step), vec![(rc(2, 4), 2), (rc(2, 5), 2)]);
        assert!(step.to_string().starts_with("Locked Non Consecutive: 1 in "));
    }

    #[test]
    fn cells_next_to_two_places_two_apart_lose_them() {
        let mut c = nc_board();
        // 5 in column 3 at r4 and r6: r5c3 is next to both.
        confine(&mut c, 5, &[rc(4, 3), rc(6, 3)]);
        let step = find(&c).expect("locked");
        assert_eq!(removed(&step), vec![(rc(5, 3), 4), (rc(5, 3), 6)]);
    }
}
