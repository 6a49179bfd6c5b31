//! Solve and count puzzles of any supported shape under a node budget, with
//! both engines. No panic; a count never exceeds its limit; every solution
//! reported solves the puzzle; a puzzle cut from a solution grid is never
//! reported as having none; clashing givens never have a solution.
#![no_main]

mod common;

use arbitrary::{Arbitrary, Unstructured};
use common::{any_shape, solves, with_engine, Built};
use libfuzzer_sys::fuzz_target;
use sudoku_dlx::{BackendKind, Count, Grid};

#[derive(Debug)]
/// Header bytes: engine (odd: SAT), limit, budget (two bytes); then the
/// puzzle (see `common::puzzle`).
struct Input {
    built: Built,
    kind: BackendKind,
    limit: u64,
    budget: u64,
}

impl<'a> Arbitrary<'a> for Input {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Input> {
        let kind = if u.arbitrary::<u8>()? % 2 == 1 {
            BackendKind::Sat
        } else {
            BackendKind::Dlx
        };
        let limit = 1 + u64::from(u.arbitrary::<u8>()? % 3);
        let raw = u64::from(u.arbitrary::<u8>()?) << 8 | u64::from(u.arbitrary::<u8>()?);
        // SAT counts solver calls, each a whole solve; DLX counts nodes.
        let budget = if kind == BackendKind::Sat {
            1 + raw % 4
        } else {
            1 + raw % 20_000
        };
        Ok(Input {
            kind,
            limit,
            budget,
            built: common::puzzle(u, any_shape, common::any)?,
        })
    }
}

fn check(count: &Count, puzzle: &Grid, limit: u64, has_solution: bool) {
    assert!(count.solutions <= limit, "{count:?}");
    assert_eq!(count.solutions > 0, count.first.is_some(), "{count:?}");
    if let Some(first) = &count.first {
        assert!(solves(first, puzzle), "not a solution: {first}");
    }
    if count.complete && has_solution {
        assert!(count.solutions >= 1, "a puzzle cut from a solution has one");
    }
    if puzzle.first_clash().is_some() {
        assert_eq!(count.solutions, 0, "clashing givens solved");
    }
}

fuzz_target!(|input: Input| {
    let built = &input.built;
    let count = with_engine(built.puzzle.shape(), input.kind, |engine| {
        engine.count(&built.puzzle, input.limit, Some(input.budget))
    });
    check(&count, &built.puzzle, input.limit, built.source.is_some());
});
