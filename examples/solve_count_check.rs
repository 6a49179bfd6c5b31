//! Solve and count with either backend, and cross-check them: the DLX and
//! SAT backends are independent, so agreement is evidence.

use sudoku_dlx::limits::Limits;
use sudoku_dlx::{count_within, cross_check, BackendKind, Grid};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let puzzle: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    for kind in BackendKind::ALL {
        let count = count_within(&puzzle, 2, kind, Limits::default())?;
        println!("{kind}: {} solution(s), effort {}", count.solutions, count.effort);
    }
    let checked =
        cross_check(&puzzle, 2, Limits::default()).map_err(|(kind, gave_up)| format!("{kind}: {gave_up}"))?;
    if let Some(disagreement) = checked.disagreement {
        return Err(disagreement.into());
    }
    let solution = checked
        .dlx
        .first
        .as_ref()
        .expect("a unique puzzle has a solution");
    println!("both backends agree; solution:\n{}", solution.to_pretty());
    Ok(())
}
