//! A set of cells as bits, for the searches that intersect peer sets many
//! times per call (Aligned Triplet Exclusion, the ALS wings): one `and`
//! of a few words replaces a walk over peer lists, and nothing is
//! allocated. Part of the board vocabulary, so that the solve-wide memo
//! and the techniques can both hold sets of cells.

use super::candidates::Candidates;

/// `$search::<W>(args...)` with the fewest words `W` that hold the
/// board of `$c` (2 up to 128 cells, else 10): the searches are written
/// once, generic over the set width.
macro_rules! by_set_width {
    ($c:expr, $search:ident($($arg:expr),* $(,)?)) => {
        if $crate::logic::cell_set::CellSet::<2>::fits($c.cell_count()) {
            $search::<2>($($arg),*)
        } else {
            $search::<10>($($arg),*)
        }
    };
}
pub(crate) use by_set_width;

/// A set of cells as bits, `W` words of 64 (2 words for 9x9, 10 for
/// boards up to 25x25 = 625 cells).
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) struct CellSet<const W: usize>([u64; W]);

impl<const W: usize> Default for CellSet<W> {
    fn default() -> Self {
        CellSet([0; W])
    }
}

impl<const W: usize> CellSet<W> {
    /// Whether boards of `cells` cells fit in `W` words.
    pub fn fits(cells: usize) -> bool {
        cells <= 64 * W
    }

    /// The set of `words` (64 cells each, at most `W` of them).
    pub fn from_words(words: &[u64]) -> Self {
        // Word by word: a slice copy of a run-time length is a call to
        // `memcpy`, and this runs for every peer set read.
        CellSet(std::array::from_fn(|i| words.get(i).copied().unwrap_or(0)))
    }

    /// Adds cell `x`.
    pub fn insert(&mut self, x: usize) {
        self.0[x / 64] |= 1 << (x % 64);
    }

    /// Removes cell `x`.
    pub fn remove(&mut self, x: usize) {
        self.0[x / 64] &= !(1 << (x % 64));
    }

    /// Whether cell `x` is in the set.
    pub fn contains(&self, x: usize) -> bool {
        self.0[x / 64] >> (x % 64) & 1 != 0
    }

    /// The cells in both sets.
    pub fn and(self, other: Self) -> Self {
        CellSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The cells in either set.
    pub fn or(self, other: Self) -> Self {
        CellSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The cells of `self` not in `other`.
    pub fn without(self, other: Self) -> Self {
        CellSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// How many cells.
    pub fn len(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the set has no cell.
    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether the set has two cells or more (cheaper than counting them).
    pub fn has_two(self) -> bool {
        let mut seen = false;
        for w in self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return true;
                }
                seen = true;
            }
        }
        false
    }

    /// The cells, smallest index first.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        self.0.into_iter().enumerate().flat_map(|(i, mut w)| {
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    i * 64 + b
                })
            })
        })
    }
}

impl<const W: usize> FromIterator<usize> for CellSet<W> {
    fn from_iter<I: IntoIterator<Item = usize>>(cells: I) -> Self {
        let mut set = CellSet::default();
        cells.into_iter().for_each(|x| set.insert(x));
        set
    }
}

/// The board's houses and candidates as cell sets, read from the tables
/// and the candidates (which keep them), so building one costs a copy of
/// each digit's set.
pub(crate) struct BoardSets<const W: usize> {
    /// The cells holding each digit as a candidate (index `d - 1`).
    holding: Vec<CellSet<W>>,
}

impl<const W: usize> BoardSets<W> {
    /// The sets of `c`'s board.
    pub fn new(c: &Candidates) -> Self {
        let holding = (1..=c.n() as u8)
            .map(|d| CellSet::from_words(c.holder_bits(d)))
            .collect();
        BoardSets { holding }
    }

    /// The cells sharing a house with `cell`, `cell` itself excluded.
    pub fn peers(&self, c: &Candidates, cell: usize) -> CellSet<W> {
        CellSet::from_words(c.tables().peer_bits(cell))
    }

    /// The cells of house `h`.
    pub fn house(&self, c: &Candidates, h: usize) -> CellSet<W> {
        CellSet::from_words(c.tables().house_bits(h))
    }

    /// The cells holding digit `d` as a candidate.
    pub fn holding(&self, d: u8) -> CellSet<W> {
        self.holding[d as usize - 1]
    }
}
