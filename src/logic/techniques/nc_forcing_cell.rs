//! Non-consecutive forcing cell: a cell left with two consecutive digits
//! (say 4 or 5), three consecutive digits (3, 4 or 5), or two digits two
//! apart (3 or 5). Its orthogonal neighbours share its row or column, so
//! they can hold neither its digit nor one next to it: in the first case
//! they lose both digits, in the others the middle digit (4), which is
//! the cell's digit or one apart from it whatever the cell holds. Sukaku
//! Explainer rates it 2.4 and tries it right after naked singles under
//! `--isNC=1` (`solver/rules/forcingCellNC.java`,
//! `forcingCellNCHint.java`, `solver/Solver.java`).

use super::super::board::Cell;
use super::super::candidates::{digits, Candidates};
use super::super::producer::{Context, Producer};
use super::super::step::{Pattern, Step};
use super::super::technique::Technique;
use crate::shape::Shape;
use std::fmt;

/// SE's difficulty of the technique's steps.
const DIFFICULTY: f32 = 2.4;

/// SE's `forcingCellNC` producer.
pub(crate) struct NonConsecutiveForcingCell;

impl Producer for NonConsecutiveForcingCell {
    fn techniques(&self) -> &'static [Technique] {
        &[Technique::NonConsecutiveForcingCell]
    }

    fn difficulty(&self, _: Technique) -> f32 {
        DIFFICULTY
    }

    fn find(&self, c: &Candidates, _cx: &mut Context) -> Option<Step> {
        find(c)
    }
}

/// A cell whose every candidate is, or is one apart from, each removed
/// digit.
#[derive(Debug)]
struct ForcingCell {
    cell: Cell,
    candidates: Vec<u8>,
    removed: Vec<u8>,
}

impl Pattern for ForcingCell {
    fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |ds: &[u8], word: &str| {
            let names: Vec<String> = ds.iter().map(|&d| Shape::symbol(d).to_string()).collect();
            match names.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} {word} {last}", rest.join(", ")),
                _ => names.join(""),
            }
        };
        write!(
            f,
            "{} holds {}, so no orthogonal neighbour can hold {}",
            self.cell,
            list(&self.candidates, "or"),
            list(&self.removed, "or")
        )
    }
}

/// The first forcing cell that removes something, in SE's order: cells
/// in row-major order; for each, the two consecutive digits (or the
/// middle of three consecutive ones), then the middle of a span of
/// three.
pub fn find(c: &Candidates) -> Option<Step> {
    (0..c.cell_count()).find_map(|cell| {
        let ds: Vec<u8> = digits(c.mask(cell)).collect();
        if !(2..=3).contains(&ds.len()) {
            return None;
        }
        let (low, high) = (ds[0], ds[ds.len() - 1]);
        let mut tries: Vec<Vec<u8>> = Vec::new();
        if usize::from(high - low) == ds.len() - 1 {
            tries.push(if ds.len() == 2 { vec![low, high] } else { vec![low + 1] });
        }
        if high - low == 2 {
            tries.push(vec![low + 1]);
        }
        tries.into_iter().find_map(|removed| step(c, cell, &ds, removed))
    })
}

/// The step removing `removed` from the neighbours of `cell`, if any of
/// them holds one.
fn step(c: &Candidates, cell: usize, candidates: &[u8], removed: Vec<u8>) -> Option<Step> {
    let n = c.n();
    let victims: Vec<(usize, u8)> = c
        .tables()
        .consecutive_neighbours(cell)
        .iter()
        .flat_map(|&v| removed.iter().map(move |&d| (v, d)))
        .filter(|&(v, d)| c.has(v, d))
        .collect();
    if victims.is_empty() {
        return None;
    }
    let mut step = Step::new(
        Technique::NonConsecutiveForcingCell,
        DIFFICULTY,
        ForcingCell {
            cell: Cell::of(cell, n),
            candidates: candidates.to_vec(),
            removed,
        },
    );
    for (v, d) in victims {
        step.eliminate(v, d, n);
    }
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn two_consecutive_digits_leave_the_neighbours() {
        let mut c = nc_board();
        c.set_digits(rc(5, 5), &[4, 5]);
        let step = find(&c).expect("forcing cell");
        let mut expected: Vec<(usize, u8)> = [rc(4, 5), rc(6, 5), rc(5, 4), rc(5, 6)]
            .into_iter()
            .flat_map(|v| [(v, 4), (v, 5)])
            .collect();
        expected.sort_unstable();
        assert_eq!(removed(&step), expected);
        assert!(step
            .to_string()
            .starts_with("Non-Consecutive Forcing Cell: r5c5 holds 4 or 5, so no orthogonal neighbour can hold 4 or 5"));
    }

    #[test]
    fn digits_two_apart_remove_the_middle_one() {
        let mut c = nc_board();
        c.set_digits(rc(1, 1), &[3, 5]);
        let step = find(&c).expect("forcing cell");
        assert_eq!(removed(&step), vec![(rc(1, 2), 4), (rc(2, 1), 4)]);
    }

    #[test]
    fn unrelated_digits_force_nothing() {
        let mut c = nc_board();
        for cell in 0..81 {
            c.set_digits(cell, &[1, 5, 9]);
        }
        c.set_digits(rc(3, 3), &[2, 7]);
        assert!(find(&c).is_none());
    }

}
