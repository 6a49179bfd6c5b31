//! Parsers: any bytes through the puzzle reader (lines, grids, JSON) with
//! and without a forced shape, and as a shape string. Must never panic;
//! every grid read must be of a supported shape.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_dlx::formats::PuzzleReader;
use sudoku_dlx::Shape;

fuzz_target!(|data: &[u8]| {
    for shape in [None, Some(Shape::CLASSIC), Some(Shape::new(2, 3).unwrap())] {
        for record in PuzzleReader::new(data, shape) {
            if let Ok(grid) = record.puzzle {
                assert!(grid.shape().n() <= 25);
                assert_eq!(grid.cells().len(), grid.shape().cells());
            }
        }
    }
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(shape) = text.parse::<Shape>() {
            assert!(shape.n() <= 25 && shape.box_rows() >= 2 && shape.box_cols() >= 2);
        }
    }
});
