//! Variant puzzles in a rating band.
//!
//! Random minimal variant puzzles are mostly hard: the extra houses and
//! conflicts leave few clues, and among minimal X puzzles next to none
//! rate below 2.5 (docs/variants.md, "Rating bands"). A band below what
//! minimal puzzles reach is met the way puzzle setters meet it: by giving
//! clues of the solution back. A puzzle stays unique when clues are
//! added, and its rating falls, roughly steadily, towards a full grid's;
//! so a bisection over how many clues of a random order are given back
//! finds a puzzle in the band within a few ratings, when one lies on that
//! path. Such a puzzle is no longer minimal, and says so.

use super::band::Target;
use super::symmetry::Symmetry;
use super::variant::VariantPuzzle;
use super::{GenerateError, Generator};
use crate::grid::Grid;
use crate::variant::Variant;
use rand::seq::SliceRandom;
use rand::RngCore;
use rand_chacha::ChaCha8Rng;
use std::ops::Range;
use std::time::Instant;

/// A rater for a band: what it says of a puzzle in the band (its
/// rating, say), or the score of one outside it (NaN when the techniques
/// do not solve it).
pub(crate) type Rate<'a, T, E> = dyn FnMut(&Grid, &Variant) -> Result<Result<T, f32>, E> + 'a;

/// Fresh minimal puzzles tried before a puzzle rated above the band is
/// given clues back: a minimal puzzle in the band is preferred, and
/// where the band is common among minimal puzzles one comes first.
const MINIMAL_FIRST: u64 = 8;

/// Random orders of the empty cells bisected per puzzle rated above the
/// band, before the next fresh puzzle.
const ORDERS: u32 = 2;

/// Whether `rating` lies above the band; an unsolved puzzle (NaN) is
/// harder than any band.
fn above(band: &Range<f32>, rating: f32) -> bool {
    rating.is_nan() || rating >= band.end
}

/// How far `rating` is from the band, for the shortfall's "closest".
fn distance(band: &Range<f32>, rating: f32) -> f32 {
    if rating.is_nan() {
        f32::INFINITY
    } else if rating < band.start {
        band.start - rating
    } else {
        (rating - band.end).max(0.0)
    }
}

/// What a band search has spent and the closest rating it has seen.
struct Spent<'a> {
    target: &'a Target,
    /// What the band's text is followed by in a shortfall (the filter).
    wanted: &'a str,
    rated: u32,
    closest: f32,
}

impl Spent<'_> {
    /// Whether another rating may be spent.
    fn may_rate(&self) -> bool {
        self.rated < self.target.max_rated && self.target.deadline.is_none_or(|d| Instant::now() < d)
    }

    /// Rates `puzzle`, counting it: what the rater said of it in the
    /// band, or its score outside it.
    fn rate<T, E>(&mut self, rate: &mut Rate<'_, T, E>, puzzle: &Grid, variant: &Variant) -> Result<Result<T, f32>, E> {
        let said = rate(puzzle, variant)?;
        self.rated += 1;
        if let Err(rating) = said {
            let band = &self.target.band;
            if self.closest.is_nan() || distance(band, rating) < distance(band, self.closest) {
                self.closest = rating;
            }
        }
        Ok(said)
    }

    fn shortfall(&self) -> GenerateError {
        if self.rated == 0 {
            return GenerateError::DeadlinePassed;
        }
        GenerateError::RatingShortfall {
            band: format!(
                "{:.1}..{:.1}{}",
                self.target.band.start,
                self.target.band.end - 0.05,
                self.wanted
            ),
            rated: self.rated,
            closest: self.closest,
        }
    }
}

/// A variant puzzle whose rating lies in `target`'s band (start
/// included, end excluded), with what `rate` said of it. `make` makes the puzzle of a
/// seed (minimal, with `symmetry`); `rate` tells a puzzle in the band
/// from one outside, with the latter's score; `wanted` follows the band in
/// a shortfall's text (what else the rater asks). The first puzzle comes from `seed`, the
/// next from seeds drawn from it; after [`MINIMAL_FIRST`] fresh puzzles,
/// one rated above the band is given clues back (whole orbits of
/// `symmetry`, so the clues stay symmetric) until it falls in the band,
/// and is then reported with `minimal` false. After the target's
/// `max_rated` ratings, or at its `deadline`, a [`GenerateError::RatingShortfall`] (or
/// [`GenerateError::DeadlinePassed`] when nothing was rated). A pure
/// function of its arguments unless the deadline cuts it short.
pub(crate) fn generate_variant_rated<T, E: From<GenerateError>>(
    make: &mut dyn FnMut(u64) -> Result<VariantPuzzle, E>,
    rate: &mut Rate<'_, T, E>,
    seed: u64,
    symmetry: Symmetry,
    target: Target,
    wanted: &str,
) -> Result<(VariantPuzzle, T), E> {
    let mut spent = Spent {
        target: &target,
        wanted,
        rated: 0,
        closest: f32::NAN,
    };
    let mut attempt = 0u64;
    while spent.may_rate() {
        let puzzle = make(if attempt == 0 {
            seed
        } else {
            Generator::rng(seed, attempt).next_u64()
        })?;
        attempt += 1;
        let rating = match spent.rate(rate, &puzzle.puzzle, &puzzle.variant)? {
            Ok(found) => return Ok((puzzle, found)),
            Err(rating) => rating,
        };
        if attempt > MINIMAL_FIRST && above(&target.band, rating) {
            let mut rng = Generator::rng(seed, attempt);
            for _ in 0..ORDERS {
                if let Some(eased) = give_clues_back(&puzzle, symmetry, &mut rng, rate, &mut spent)? {
                    return Ok(eased);
                }
            }
        }
    }
    Err(spent.shortfall().into())
}

/// Bisects over a random order of `puzzle`'s empty orbits for the
/// fewest of them (given back in that order) that bring the rating into
/// the band: the eased puzzle keeps as much of the minimal puzzle's
/// sparseness as this order allows. `None` when the rating steps over
/// the band on this order, or the budget runs out first.
fn give_clues_back<T, E>(
    puzzle: &VariantPuzzle,
    symmetry: Symmetry,
    rng: &mut ChaCha8Rng,
    rate: &mut Rate<'_, T, E>,
    spent: &mut Spent,
) -> Result<Option<(VariantPuzzle, T)>, E> {
    let mut empty: Vec<Vec<usize>> = symmetry
        .orbits(puzzle.puzzle.shape())
        .into_iter()
        .filter(|orbit| orbit.iter().all(|&c| puzzle.puzzle.get(c) == 0))
        .collect();
    empty.shuffle(rng);
    // Invariant: the first `low` orbits given back still rate above the
    // band (none given back is the puzzle itself); the first `high` rate
    // in it or below (all of them make the full grid, which rates below
    // any band). The in-band puzzle with the fewest orbits is kept.
    let (mut low, mut high) = (0, empty.len());
    let mut best = None;
    while high - low > 1 && spent.may_rate() {
        let mid = (low + high) / 2;
        let mut eased = puzzle.puzzle.clone();
        for &cell in empty[..mid].iter().flatten() {
            eased.set(cell, puzzle.solution.get(cell));
        }
        match spent.rate(rate, &eased, &puzzle.variant)? {
            Err(rating) if above(&spent.target.band, rating) => low = mid,
            Err(_) => high = mid,
            Ok(found) => {
                high = mid;
                let mut eased_puzzle = puzzle.clone();
                eased_puzzle.puzzle = eased;
                eased_puzzle.minimal = false;
                best = Some((eased_puzzle, found));
            }
        }
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::Rules;
    use crate::shape::Shape;

    /// A stand-in rater for `band` that needs no grader: the empty
    /// cells' count, which falls as clues are given back, as ratings
    /// roughly do.
    fn by_empty_cells(band: Range<f32>) -> impl FnMut(&Grid, &Variant) -> Result<Result<(), f32>, GenerateError> {
        move |puzzle, _| {
            let score = (puzzle.cells().len() - puzzle.given_count()) as f32;
            Ok(if band.contains(&score) { Ok(()) } else { Err(score) })
        }
    }

    #[test]
    fn a_band_below_the_minimal_puzzles_is_reached_by_clues_given_back() {
        let variant: Variant = "x".parse().unwrap();
        let mut rules = Rules::new(Shape::CLASSIC, &variant).unwrap();
        let mut make = |seed| rules.generate(seed, Symmetry::None).map_err(|_| GenerateError::NoAttempts);
        let (p, ()) = generate_variant_rated(&mut make, &mut by_empty_cells(20.0..30.0), 7, Symmetry::None, Target { band: 20.0..30.0, max_rated: 100, deadline: None }, "").unwrap();
        let empty = 81 - p.puzzle.given_count();
        assert!((20..30).contains(&empty), "{empty} empty cells");
        assert!(!p.minimal);
        // Every clue is the solution's, and the puzzle is still unique by
        // the DLX engine, which the generator's solver did not decide.
        for c in 0..81 {
            assert!(p.puzzle.get(c) == 0 || p.puzzle.get(c) == p.solution.get(c));
        }
        let mut check = Rules::new(Shape::CLASSIC, &variant).unwrap();
        let count = check.count(&p.puzzle, 2, crate::engine::BackendKind::Dlx, None).unwrap();
        assert_eq!(count.solutions, 1);
    }

    #[test]
    fn a_symmetric_puzzle_gets_whole_orbits_back() {
        let variant: Variant = "x".parse().unwrap();
        let mut rules = Rules::new(Shape::CLASSIC, &variant).unwrap();
        let mut make = |seed| rules.generate(seed, Symmetry::Rot180).map_err(|_| GenerateError::NoAttempts);
        let (p, ()) = generate_variant_rated(&mut make, &mut by_empty_cells(10.0..20.0), 3, Symmetry::Rot180, Target { band: 10.0..20.0, max_rated: 100, deadline: None }, "").unwrap();
        for c in 0..81 {
            assert_eq!(p.puzzle.get(c) == 0, p.puzzle.get(80 - c) == 0, "cell {c}");
        }
    }

    #[test]
    fn an_unreachable_band_is_a_shortfall_with_the_closest_rating() {
        let variant: Variant = "windoku".parse().unwrap();
        let mut rules = Rules::new(Shape::CLASSIC, &variant).unwrap();
        let mut make = |seed| rules.generate(seed, Symmetry::None).map_err(|_| GenerateError::NoAttempts);
        match generate_variant_rated(&mut make, &mut by_empty_cells(90.0..100.0), 1, Symmetry::None, Target { band: 90.0..100.0, max_rated: 5, deadline: None }, "") {
            Err(GenerateError::RatingShortfall { rated, closest, .. }) => {
                assert_eq!(rated, 5);
                assert!(closest < 81.0);
            }
            other => panic!("{other:?}"),
        }
    }
}
