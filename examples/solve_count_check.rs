//! Solve and count with either backend, and cross-check them: the DLX and
//! SAT backends are independent, so agreement is evidence.

use sudoku_dlx::compare_counts;
use sudoku_dlx::{BackendKind, Grid};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let puzzle: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    let mut counts = Vec::new();
    for kind in BackendKind::ALL {
        let mut backend = kind.build(puzzle.shape());
        let count = backend.count(&puzzle, 2, None);
        let unit = backend.capabilities().effort_unit;
        println!(
            "{kind}: {} solution(s), effort {} {unit}",
            count.solutions, count.effort
        );
        counts.push((kind, count));
    }
    compare_counts(&puzzle, (counts[0].0, &counts[0].1), (counts[1].0, &counts[1].1))?;
    let solution = counts[0]
        .1
        .first
        .as_ref()
        .expect("a unique puzzle has a solution");
    println!("both backends agree; solution:\n{}", solution.to_pretty());
    Ok(())
}
