//! Generation to a target difficulty: rate each candidate puzzle and,
//! rather than only retrying blindly, climb from a near miss towards the
//! band by small moves (add one clue orbit back, dig the rest again).
//!
//! Why climbing helps: a minimal puzzle's neighbours (one orbit added,
//! others removed) share most of its structure, so their ratings are
//! correlated; a puzzle just below the band often has a neighbour in it.

use super::band::{RatedSearch, Target};
use super::generated::Generated;
use super::{GenerateError, Generator};
use crate::grid::Grid;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::ops::Range;
use std::time::Instant;

/// Neighbour moves tried from one fresh puzzle before a new grid.
const CLIMB_STEPS: u32 = 12;

/// Climb only from puzzles at most this far from the band (SE points).
const CLIMB_REACH: f32 = 0.3;

/// How far a rating is from the band: 0 inside, infinite for a NaN
/// rating (a candidate a technique filter refused: never in the band,
/// never worth climbing from).
fn distance(band: &Range<f32>, rating: f32) -> f32 {
    if rating.is_nan() {
        f32::INFINITY
    } else if band.contains(&rating) {
        0.0
    } else if rating < band.start {
        band.start - rating
    } else {
        rating - band.end + 0.05
    }
}

impl Generator {
    /// Puzzle `index` of run `seed` whose rating (by `rate`) lies in the
    /// target band, with no more clues than [`GenerateOptions::givens`]
    /// when set (a fresh puzzle above it is not rated; after
    /// `max_attempts` of those with nothing rated, a
    /// [`GenerateError::Shortfall`]). Deterministic for a given seed and
    /// options unless the deadline cuts the search short.
    ///
    /// [`GenerateOptions::givens`]: super::GenerateOptions::givens
    pub fn generate_rated(
        &mut self,
        seed: u64,
        index: u64,
        target: &Target,
        rate: &mut dyn FnMut(&Grid) -> f32,
    ) -> Result<RatedSearch, GenerateError> {
        self.generate_rated_keeping(seed, index, target, &mut |p| (rate(p), ()))
            .map(|(found, ())| found)
    }

    /// As [`Generator::generate_rated`], but `rate` also returns what it
    /// learned about the puzzle (its full rating, say), and the found
    /// puzzle's is handed back: a caller that wants the rating needs not
    /// rate the puzzle again.
    pub fn generate_rated_keeping<T>(
        &mut self,
        seed: u64,
        index: u64,
        target: &Target,
        rate: &mut dyn FnMut(&Grid) -> (f32, T),
    ) -> Result<(RatedSearch, T), GenerateError> {
        let mut rng = Generator::rng(seed, index);
        let mut rated = 0;
        let mut closest = f32::NAN;
        let givens = self.options.givens;
        let fits = |p: &Grid| givens.is_none_or(|k| p.given_count() <= k);
        // Fresh puzzles the dig could not bring down to `givens`.
        let (mut misses, mut fewest) = (0, usize::MAX);
        let max_misses = self.options.max_attempts.max(1);
        while rated < target.max_rated
            && misses < max_misses
            && target.deadline.is_none_or(|d| Instant::now() < d)
        {
            let Some((mut puzzle, solution, mut complete)) = self.attempt(&mut rng) else {
                break;
            };
            if !fits(&puzzle) {
                misses += 1;
                fewest = fewest.min(puzzle.given_count());
                continue;
            }
            let (mut rating, mut found) = rate(&puzzle);
            rated += 1;
            for _ in 0..CLIMB_STEPS {
                let gap = distance(&target.band, rating);
                // Far from the band, a fresh grid is a better bet than
                // the neighbours, whose ratings stay close to this one.
                if gap == 0.0 || gap > CLIMB_REACH || rated >= target.max_rated {
                    break;
                }
                let Some((next, next_complete)) = self.neighbour(&solution, &puzzle, &mut rng) else {
                    break;
                };
                if !fits(&next) {
                    continue;
                }
                let (next_rating, next_found) = rate(&next);
                rated += 1;
                if distance(&target.band, next_rating) <= distance(&target.band, rating) {
                    (puzzle, rating, complete, found) = (next, next_rating, next_complete, next_found);
                }
            }
            if closest.is_nan() || distance(&target.band, rating) < distance(&target.band, closest) {
                closest = rating;
            }
            if distance(&target.band, rating) == 0.0 {
                let effort = self.effort(&puzzle);
                let minimal = self.options.givens.is_none() && complete;
                let generated = Generated {
                    puzzle,
                    solution,
                    seed,
                    index,
                    attempts: rated,
                    effort,
                    minimal,
                };
                let search = RatedSearch {
                    generated,
                    rating,
                    rated,
                };
                return Ok((search, found));
            }
        }
        if rated == 0 && misses > 0 {
            return Err(GenerateError::Shortfall {
                wanted: givens.unwrap_or(0),
                attempts: misses,
                best: fewest,
            });
        }
        Err(GenerateError::RatingShortfall {
            band: format!("{:.1}..{:.1}", target.band.start, target.band.end),
            rated,
            closest,
        })
    }

    /// A neighbour of a minimal `puzzle`: one empty orbit given back, then
    /// the other clues dug again in random order (the new orbit last, so
    /// the dig does not just undo the move). `None` if the deadline passed.
    fn neighbour(&mut self, solution: &Grid, puzzle: &Grid, rng: &mut ChaCha8Rng) -> Option<(Grid, bool)> {
        let empty: Vec<&Vec<usize>> = self.orbits.iter().filter(|o| puzzle.get(o[0]) == 0).collect();
        let Some(&added) = empty.choose(rng) else {
            return Some((puzzle.clone(), true));
        };
        let added = added.clone();
        let mut kept: Vec<Vec<usize>> = self
            .orbits
            .iter()
            .filter(|o| puzzle.get(o[0]) != 0)
            .cloned()
            .collect();
        kept.shuffle(rng);
        kept.push(added.clone());
        let free: Vec<usize> = (0..puzzle.cells().len())
            .filter(|&c| puzzle.get(c) == 0 && !added.contains(&c))
            .collect();
        self.dig(solution, &free, &kept)
    }
}
