//! Generate a batch of rated puzzles in parallel, in index order, as JSON
//! lines: what `sudoku-dlx generate --count 20 --seed 7 --rate --format
//! jsonl` does, through the library.

use std::ops::ControlFlow;
use sudoku_dlx::output::{Format, GeneratedRecord, Writer};
use sudoku_dlx::Controls;
use sudoku_dlx::{Generator, Shape};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let plan = Generator::builder(Shape::CLASSIC)
        .seed(7)
        .count(20)
        .rate(true)
        .build()?;
    let pool = rayon::ThreadPoolBuilder::new().build()?;
    let mut out = Writer::new(std::io::stdout().lock(), Format::Jsonl, plan.shard())?;
    out.begin(&[])?;
    let symmetry = plan.options().symmetry;
    let backend = plan.options().backend;
    let failed = plan.run_ordered(&pool, &Controls::default(), |result| match result {
        Ok(puzzle) => match out.record(&GeneratedRecord::new(&puzzle, symmetry, backend, true)) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => ControlFlow::Break(e.to_string()),
        },
        Err(e) => ControlFlow::Break(e.to_string()),
    });
    out.end()?;
    match failed {
        Some(why) => Err(why.into()),
        None => Ok(()),
    }
}
