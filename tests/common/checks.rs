//! Checks written independently of the library, so that tests do not
//! trust the code they test: validity of a solution line.

#![allow(dead_code)]

/// The value of a symbol: 0 for empty, 1..=25 for `1-9`, `A-P`.
pub fn value(ch: u8) -> usize {
    match ch {
        b'.' | b'0' => 0,
        b'1'..=b'9' => (ch - b'0') as usize,
        b'A'..=b'P' => (ch - b'A' + 10) as usize,
        _ => panic!("not a symbol: {}", ch as char),
    }
}

/// Whether `solution` is a complete valid board with boxes `r x c` that
/// keeps every given of `puzzle`.
pub fn is_valid_solution(puzzle: &str, solution: &str, r: usize, c: usize) -> bool {
    let n = r * c;
    let (p, s) = (puzzle.as_bytes(), solution.as_bytes());
    if p.len() != n * n || s.len() != n * n {
        return false;
    }
    let cell = |row: usize, col: usize| value(s[row * n + col]);
    let full = (1..=n).fold(0u64, |m, d| m | 1 << d);
    for i in 0..n {
        let row = (0..n).fold(0u64, |m, j| m | 1 << cell(i, j));
        let col = (0..n).fold(0u64, |m, j| m | 1 << cell(j, i));
        let (top, left) = ((i / r) * r, (i % r) * c);
        let bx = (0..n).fold(0u64, |m, j| m | 1 << cell(top + j / c, left + j % c));
        if row != full || col != full || bx != full {
            return false;
        }
    }
    p.iter().zip(s).all(|(&a, &b)| a == b'.' || a == b'0' || a == b)
}
