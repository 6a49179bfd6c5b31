//! Generate a batch of rated puzzles in parallel, in index order, as JSON
//! lines: what `sudoku-dlx generate --count 20 --seed 7 --rate --format
//! jsonl --solution` does, through the library.

use sudoku_dlx::output::{Format, OutputError, Writer};
use sudoku_dlx::{Plan, Shape};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let plan = Plan::builder(Shape::CLASSIC)
        .seed(7)
        .count(20)
        .rate(true)
        .build()?;
    let mut out = Writer::new(std::io::stdout().lock(), Format::Jsonl, plan.shard())?;
    out.begin_puzzles(plan.rates(), true)?;
    // One thread per core; the sink's errors come back as OutputError.
    plan.run(0, |result| -> Result<(), OutputError> {
        match result {
            Ok(puzzle) => out.puzzle(&puzzle, true),
            Err(e) => Err(OutputError::Io(std::io::Error::other(e))),
        }
    })?;
    out.end()?;
    Ok(())
}
