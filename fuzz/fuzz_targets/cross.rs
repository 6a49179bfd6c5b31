//! DLX against SAT on small shapes (4x4, 6x6, 8x8, 9x9): counts to 2 must
//! agree whenever both engines finish within budget, and each engine's
//! first solution must solve the puzzle.
#![no_main]

mod common;

use arbitrary::{Arbitrary, Unstructured};
use common::{small_shape, solves, with_engine, Built};
use libfuzzer_sys::fuzz_target;
use sudoku_dlx::BackendKind;

#[derive(Debug)]
struct Input(Built);

impl<'a> Arbitrary<'a> for Input {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Input> {
        common::puzzle(u, small_shape, common::is_small).map(Input)
    }
}

fuzz_target!(|input: Input| {
    let built = &input.0;
    let shape = built.puzzle.shape();
    let puzzle = &built.puzzle;
    let dlx = with_engine(shape, BackendKind::Dlx, |e| e.count(puzzle, 2, Some(200_000)));
    let sat = with_engine(shape, BackendKind::Sat, |e| e.count(puzzle, 2, Some(8)));
    for count in [&dlx, &sat] {
        if let Some(first) = &count.first {
            assert!(solves(first, puzzle), "not a solution: {first}");
        }
    }
    if dlx.complete && sat.complete {
        assert_eq!(dlx.solutions, sat.solutions, "engines disagree on {puzzle}");
        if dlx.solutions == 1 {
            assert_eq!(dlx.first, sat.first, "two different unique solutions of {puzzle}");
        }
    }
    if let Some(source) = &built.source {
        for count in [&dlx, &sat] {
            assert!(
                !count.complete || count.solutions >= 1,
                "{puzzle} cut from {source}"
            );
        }
    }
});
