//! Clue symmetries: which cells must be given or empty together.
//!
//! A symmetry is a group of geometric maps of the board; its orbits (sets
//! of cells mapped onto each other) are removed as a whole when digging,
//! so the clue pattern looks the same under every map of the group.

use crate::shape::Shape;
use std::fmt;
use std::str::FromStr;

/// A symmetry of the clue pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symmetry {
    /// No constraint on the pattern.
    #[default]
    None,
    /// Half-turn rotation about the centre.
    Rot180,
    /// Quarter-turn rotations (square boxes only).
    Rot90,
    /// Left-right mirror.
    Mirror,
    /// Top-bottom mirror.
    Flip,
    /// Both mirrors (and so the half turn).
    MirrorBoth,
    /// Reflection in the main diagonal (square boxes only).
    Diagonal,
    /// Reflection in the anti-diagonal (square boxes only).
    Antidiagonal,
    /// All eight rotations and reflections (square boxes only).
    Dihedral,
}

/// A geometric map of the board: (row, col) to (row, col), on side `n`.
type Map = fn(usize, usize, usize) -> (usize, usize);

const IDENTITY: Map = |r, c, _| (r, c);
const ROT90: Map = |r, c, n| (c, n - 1 - r);
const ROT180: Map = |r, c, n| (n - 1 - r, n - 1 - c);
const ROT270: Map = |r, c, n| (n - 1 - c, r);
const MIRROR: Map = |r, c, n| (r, n - 1 - c);
const FLIP: Map = |r, c, n| (n - 1 - r, c);
const TRANSPOSE: Map = |r, c, _| (c, r);
const ANTI_TRANSPOSE: Map = |r, c, n| (n - 1 - c, n - 1 - r);

impl Symmetry {
    internal_pub! {
        /// Every symmetry, in the order the docs list them.
        const ALL: [Symmetry; 9] = [
            Symmetry::None,
            Symmetry::Rot180,
            Symmetry::Rot90,
            Symmetry::Mirror,
            Symmetry::Flip,
            Symmetry::MirrorBoth,
            Symmetry::Diagonal,
            Symmetry::Antidiagonal,
            Symmetry::Dihedral,
        ];
    }

    internal_pub! {
        /// The name used on the command line.
        fn name(self) -> &'static str {
            match self {
                Symmetry::None => "none",
                Symmetry::Rot180 => "rot180",
                Symmetry::Rot90 => "rot90",
                Symmetry::Mirror => "mirror",
                Symmetry::Flip => "flip",
                Symmetry::MirrorBoth => "mirror-both",
                Symmetry::Diagonal => "diagonal",
                Symmetry::Antidiagonal => "antidiagonal",
                Symmetry::Dihedral => "dihedral",
            }
        }
    }

    /// The maps forming this symmetry's group.
    fn group(self) -> &'static [Map] {
        match self {
            Symmetry::None => &[IDENTITY],
            Symmetry::Rot180 => &[IDENTITY, ROT180],
            Symmetry::Rot90 => &[IDENTITY, ROT90, ROT180, ROT270],
            Symmetry::Mirror => &[IDENTITY, MIRROR],
            Symmetry::Flip => &[IDENTITY, FLIP],
            Symmetry::MirrorBoth => &[IDENTITY, MIRROR, FLIP, ROT180],
            Symmetry::Diagonal => &[IDENTITY, TRANSPOSE],
            Symmetry::Antidiagonal => &[IDENTITY, ANTI_TRANSPOSE],
            Symmetry::Dihedral => &[
                IDENTITY,
                ROT90,
                ROT180,
                ROT270,
                MIRROR,
                FLIP,
                TRANSPOSE,
                ANTI_TRANSPOSE,
            ],
        }
    }

    internal_pub! {
        /// Whether the symmetry maps boxes onto boxes for this shape: turning
        /// or transposing a board of `R x C` boxes gives `C x R` boxes, so
        /// those need square boxes.
        fn fits(self, shape: Shape) -> bool {
            let turns = matches!(
                self,
                Symmetry::Rot90 | Symmetry::Diagonal | Symmetry::Antidiagonal | Symmetry::Dihedral
            );
            !turns || shape.is_square_box()
        }
    }

    internal_pub! {
        /// The orbits of the cells: each cell in exactly one, each orbit sorted
        /// and the orbits ordered by their first cell.
        fn orbits(self, shape: Shape) -> Vec<Vec<usize>> {
            let n = shape.n();
            let mut seen = vec![false; shape.cells()];
            let mut orbits = Vec::new();
            for cell in 0..shape.cells() {
                if seen[cell] {
                    continue;
                }
                let (r, c) = (shape.row(cell), shape.col(cell));
                let mut orbit: Vec<usize> = self
                    .group()
                    .iter()
                    .map(|map| {
                        let (r2, c2) = map(r, c, n);
                        shape.cell(r2, c2)
                    })
                    .collect();
                orbit.sort_unstable();
                orbit.dedup();
                orbit.iter().for_each(|&x| seen[x] = true);
                orbits.push(orbit);
            }
            orbits
        }
    }

    internal_pub! {
        /// Whether a clue pattern (non-zero cells) is symmetric.
        fn holds_for(self, cells: &[u8], shape: Shape) -> bool {
            self.orbits(shape).iter().all(|orbit| {
                let given = cells[orbit[0]] != 0;
                orbit.iter().all(|&c| (cells[c] != 0) == given)
            })
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;

    fn from_str(s: &str) -> Result<Symmetry, String> {
        Symmetry::ALL
            .into_iter()
            .find(|sym| sym.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Symmetry::ALL.iter().map(|s| s.name()).collect();
                format!("unknown symmetry '{s}': expected one of {}", names.join(", "))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_board_and_have_the_right_sizes() {
        let shape = Shape::CLASSIC;
        for sym in Symmetry::ALL {
            let orbits = sym.orbits(shape);
            let total: usize = orbits.iter().map(Vec::len).sum();
            assert_eq!(total, 81, "{sym}");
            let largest = orbits.iter().map(Vec::len).max().unwrap();
            assert_eq!(largest, sym.group().len(), "{sym}");
        }
        // The centre is alone under every symmetry of an odd board.
        assert!(Symmetry::Dihedral.orbits(shape).contains(&vec![40]));
        // r1c1 under the half turn pairs with r9c9.
        assert!(Symmetry::Rot180.orbits(shape).contains(&vec![0, 80]));
    }

    #[test]
    fn turning_symmetries_need_square_boxes() {
        let six = Shape::new(2, 3).unwrap();
        assert!(!Symmetry::Rot90.fits(six));
        assert!(!Symmetry::Diagonal.fits(six));
        assert!(Symmetry::Rot180.fits(six));
        assert!(Symmetry::MirrorBoth.fits(six));
        assert_eq!("mirror-both".parse::<Symmetry>(), Ok(Symmetry::MirrorBoth));
        assert!("spiral".parse::<Symmetry>().is_err());
    }
}
