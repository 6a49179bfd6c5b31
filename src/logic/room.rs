//! What the clues of a puzzle must leave free before Sudoku Explainer's
//! path can take a technique: a search for that technique's puzzles
//! starts from puzzles that have the room and never steps out of it.
//!
//! Why a technique needs room: a subset and its complement in a house
//! are one pattern seen from two sides. With `e` unsolved cells in a
//! house, a hidden set of `k` digits in `k` cells is the naked set of the
//! other `e - k` cells and makes the same eliminations; a fish of size
//! `k` on a digit placed in `n - u` rows is the fish of size `u - k` in
//! the other direction. SE takes the easiest step first, so a technique
//! whose complement is an easier technique is never the one it takes. A
//! Hidden Quad (5.4) therefore needs `e - 4 >= 5` (a naked set of four,
//! 5.0, or fewer would come first): a house with nine unsolved cells,
//! which on a 9x9 board is a house without clues. A Jellyfish (5.2) needs
//! `u - 4 >= 4` (a smaller complement, a Swordfish at 3.8 or an X-Wing,
//! would come first; one of size four is a Jellyfish too): `u >= 8`, a
//! digit placed at most once. Clues only add placements on
//! the way, so the puzzle's clues must already leave the room.
//!
//! Among the 42,417 random minimal puzzles of `unbiased_subset_42k.txt`
//! every path with a Hidden Quad starts from a puzzle with a clue-free
//! house, against one puzzle in three overall (docs/generator.md,
//! "Technique filters").

use super::technique::Technique;
use crate::grid::Grid;
use crate::shape::Shape;
use rand::Rng;

/// A condition on a puzzle's clues that a technique needs (see the
/// module's comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Room {
    /// Some house (row, column or box) holds at most this many clues.
    House(usize),
    /// Some digit is given at most this many times.
    Digit(usize),
}

impl Room {
    /// The room `technique` needs on a classic board of `shape`, if it
    /// needs one that a search can steer by. The subsets and fish of
    /// sizes two and three need room too (a Naked Triplet a house with
    /// six unsolved cells), but most puzzles have that much, and keeping
    /// to it did not speed a search up (docs/generator.md).
    pub(crate) fn of(technique: Technique, shape: Shape) -> Option<Room> {
        let n = shape.n();
        match technique {
            // Nine unsolved cells: at most n - 9 clues.
            Technique::HiddenQuad if n >= 9 => Some(Room::House(n - 9)),
            // Eight unplaced rows: at most n - 8 placements.
            Technique::Jellyfish if n >= 8 => Some(Room::Digit(n - 8)),
            _ => None,
        }
    }

    /// The looser of two rooms of one kind (a puzzle with either has
    /// it); `None` for rooms of two kinds, which no one room covers.
    pub(crate) fn looser(self, other: Room) -> Option<Room> {
        match (self, other) {
            (Room::House(a), Room::House(b)) => Some(Room::House(a.max(b))),
            (Room::Digit(a), Room::Digit(b)) => Some(Room::Digit(a.max(b))),
            _ => None,
        }
    }

    /// Whether `puzzle`'s clues leave this room.
    pub(crate) fn holds(self, puzzle: &Grid) -> bool {
        let shape = puzzle.shape();
        match self {
            Room::House(most) => {
                // Clues per house, numbered as `Shape::houses_of` numbers them.
                let mut given = vec![0usize; 3 * shape.n()];
                for cell in (0..shape.cells()).filter(|&c| puzzle.get(c) != 0) {
                    for house in shape.houses_of(cell) {
                        given[house] += 1;
                    }
                }
                given.iter().any(|&k| k <= most)
            }
            Room::Digit(most) => {
                let mut given = vec![0usize; shape.n() + 1];
                for &d in puzzle.cells() {
                    given[usize::from(d)] += 1;
                }
                given[1..].iter().any(|&k| k <= most)
            }
        }
    }

    /// Empties the cells of one random house, or of one random digit, of
    /// `grid` (a solution), so that every puzzle dug from what is left
    /// has this room. A full grid without one house or one digit is
    /// still unique: each empty cell has one digit that both its row and
    /// its column miss.
    pub(crate) fn clear(self, grid: &mut Grid, rng: &mut impl Rng) {
        let shape = grid.shape();
        match self {
            Room::House(_) => {
                let house = rng.gen_range(0..3 * shape.n());
                for cell in (0..shape.cells()).filter(|&c| shape.houses_of(c).contains(&house)) {
                    grid.set(cell, 0);
                }
            }
            Room::Digit(_) => {
                let digit = rng.gen_range(1..=shape.n() as u8);
                for cell in 0..shape.cells() {
                    if grid.get(cell) == digit {
                        grid.set(cell, 0);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// Every puzzle of `tests/data/filter_rooms.txt` (SE's own path takes
    /// the technique named beside it) leaves the room the argument above
    /// says that technique needs.
    #[test]
    fn se_paths_with_a_hidden_quad_or_a_jellyfish_start_with_their_room() {
        let text = include_str!("../../tests/data/filter_rooms.txt");
        let mut checked = [0usize; 2];
        for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let (puzzle, name) = line.split_once('\t').expect("puzzle and technique");
            let puzzle: Grid = puzzle.parse().expect("a puzzle line");
            let technique = match name {
                "Hidden Quad" => Technique::HiddenQuad,
                "Jellyfish" => Technique::Jellyfish,
                other => panic!("unexpected technique {other}"),
            };
            let room = Room::of(technique, Shape::CLASSIC).expect("a room");
            assert!(room.holds(&puzzle), "{name} without its room: {line}");
            checked[usize::from(technique == Technique::Jellyfish)] += 1;
        }
        assert!(checked.iter().all(|&k| k >= 10), "paths checked: {checked:?}");
    }

    /// Clearing a house or a digit of a full grid leaves the room, and
    /// the puzzle left is still unique (by the DLX engine).
    #[test]
    fn a_cleared_grid_has_its_room_and_one_solution() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut dlx = crate::engine::BackendKind::Dlx.build(Shape::CLASSIC);
        for room in [Room::House(0), Room::Digit(1)] {
            for _ in 0..20 {
                let full = dlx.fill(&mut rng);
                assert!(!room.holds(&full));
                let mut grid = full.clone();
                room.clear(&mut grid, &mut rng);
                assert!(room.holds(&grid), "{room:?}: {}", grid.to_line());
                assert_eq!(grid.given_count(), 72);
                assert_eq!(dlx.count(&grid, 2, None).solutions, 1);
            }
        }
    }
}
