//! Rate a puzzle (after checking it has exactly one solution) and explain
//! it step by step; a puzzle with several solutions is refused with a
//! typed error.

use sudoku_dlx::{explain, rate, Error, GradeError, Grid};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let puzzle: Grid =
        "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....".parse()?;
    let rating = rate(&puzzle)?;
    println!(
        "rating {:.1} ({}), hardest: {}",
        rating.score, rating.level, rating.hardest_name
    );
    // Sukaku Explainer's three ratings: ER (the score), EP (the pearl)
    // and ED (the diamond), each with its step's name.
    println!(
        "ER/EP/ED {:.1}/{:.1}/{:.1} ({} / {} / {})",
        rating.score,
        rating.pearl,
        rating.diamond,
        rating.hardest_name,
        rating.pearl_name,
        rating.diamond_name
    );
    let path = explain(&puzzle)?;
    for (i, step) in path.steps.iter().enumerate() {
        println!("{:3}. {step}", i + 1);
    }
    let mut open = puzzle.clone();
    (0..9).for_each(|cell| open.set(cell, 0));
    match rate(&open) {
        Err(Error::Rate(GradeError::NotUnique { solutions })) => {
            println!("with row 1 emptied: {solutions}+ solutions, not rated")
        }
        other => println!("with row 1 emptied: {other:?}"),
    }
    Ok(())
}
