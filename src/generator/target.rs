//! Generation to a target difficulty: rate each candidate puzzle and,
//! rather than only retrying blindly, climb from a near miss towards the
//! band by small moves (add one clue orbit back, dig the rest again).
//!
//! Why climbing helps: a minimal puzzle's neighbours (one orbit added,
//! others removed) share most of its structure, so their ratings are
//! correlated; a puzzle just below the band often has a neighbour in it.

use super::{GenerateError, Generated, Generator, EFFORT_BUDGET};
use crate::backend::Backend;
use crate::grid::Grid;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::ops::Range;
use std::time::Instant;

/// Neighbour moves tried from one fresh puzzle before a new grid.
const CLIMB_STEPS: u32 = 12;

/// Climb only from puzzles at most this far from the band (SE points).
const CLIMB_REACH: f32 = 0.3;

/// A difficulty band and the bounds on the search for it.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    /// Wanted ratings: start included, end excluded.
    pub band: Range<f32>,
    /// Most puzzles to rate for one index before reporting a shortfall.
    pub max_rated: u32,
    /// Give up at this instant (with `--timeout`).
    pub deadline: Option<Instant>,
}

/// A puzzle found in the band, with its rating and the search's cost.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedSearch {
    /// The puzzle.
    pub generated: Generated,
    /// Its rating.
    pub rating: f32,
    /// Puzzles rated to find it.
    pub rated: u32,
}

/// How far a rating is from the band (0 inside).
fn distance(band: &Range<f32>, rating: f32) -> f32 {
    if rating < band.start {
        band.start - rating
    } else if rating >= band.end {
        rating - band.end + 0.05
    } else {
        0.0
    }
}

impl Generator {
    /// Puzzle `index` of run `seed` whose rating (by `rate`) lies in the
    /// target band. Deterministic for a given seed and options unless the
    /// deadline cuts the search short.
    pub fn generate_rated(
        &mut self,
        seed: u64,
        index: u64,
        target: &Target,
        rate: &mut dyn FnMut(&Grid) -> f32,
    ) -> Result<RatedSearch, GenerateError> {
        let mut rng = Generator::rng(seed, index);
        let mut rated = 0;
        let mut closest = f32::NAN;
        while rated < target.max_rated && target.deadline.is_none_or(|d| Instant::now() < d) {
            let (mut puzzle, solution, mut complete) = self.attempt(&mut rng);
            let mut rating = rate(&puzzle);
            rated += 1;
            for _ in 0..CLIMB_STEPS {
                let gap = distance(&target.band, rating);
                // Far from the band, a fresh grid is a better bet than
                // the neighbours, whose ratings stay close to this one.
                if gap == 0.0 || gap > CLIMB_REACH || rated >= target.max_rated {
                    break;
                }
                let (next, next_complete) = self.neighbour(&solution, &puzzle, &mut rng);
                let next_rating = rate(&next);
                rated += 1;
                if distance(&target.band, next_rating) <= distance(&target.band, rating) {
                    (puzzle, rating, complete) = (next, next_rating, next_complete);
                }
            }
            if closest.is_nan() || distance(&target.band, rating) < distance(&target.band, closest) {
                closest = rating;
            }
            if distance(&target.band, rating) == 0.0 {
                let effort = self.effort_engine.count(&puzzle, 2, Some(EFFORT_BUDGET)).nodes;
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
                return Ok(RatedSearch {
                    generated,
                    rating,
                    rated,
                });
            }
        }
        Err(GenerateError::RatingShortfall {
            band: format!("{:.1}..{:.1}", target.band.start, target.band.end),
            rated,
            closest,
        })
    }

    /// A neighbour of a minimal `puzzle`: one empty orbit given back, then
    /// the other clues dug again in random order (the new orbit last, so
    /// the dig does not just undo the move).
    fn neighbour(&mut self, solution: &Grid, puzzle: &Grid, rng: &mut ChaCha8Rng) -> (Grid, bool) {
        let empty: Vec<&Vec<usize>> = self.orbits.iter().filter(|o| puzzle.get(o[0]) == 0).collect();
        let Some(&added) = empty.choose(rng) else {
            return (puzzle.clone(), true);
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
