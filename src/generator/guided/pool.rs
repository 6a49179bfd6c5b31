//! The pool of the guided search: the best few distinct puzzles found
//! since the last restart, from which parents are drawn. Distinct means
//! distinct canonical forms, so one puzzle in several disguises cannot
//! fill the pool.

use super::score::Score;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// One pool member: the puzzle as a line, its canonical form, its rank.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Member {
    pub puzzle: String,
    pub form: String,
    pub score: Score,
}

/// The best `capacity` distinct puzzles, best first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Pool {
    pub members: Vec<Member>,
    pub capacity: usize,
}

/// What offering a candidate did to the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Offer {
    /// Taken, ranking above the member it replaced (or the pool had room).
    Improved,
    /// Taken in place of an equal member (a sideways move).
    Sideways,
    /// Not taken.
    Refused,
}

impl Pool {
    pub(crate) fn new(capacity: usize) -> Pool {
        Pool {
            members: Vec::new(),
            capacity: capacity.max(1),
        }
    }

    pub(crate) fn best(&self) -> Score {
        self.members.first().map_or(Score::NONE, |m| m.score)
    }

    fn worst(&self) -> Score {
        self.members.last().map_or(Score::NONE, |m| m.score)
    }

    /// Takes `member` if it is new and ranks above the worst member (or
    /// the pool has room); an equal rank replaces the worst member with
    /// probability one half, so that the search drifts along plateaus.
    pub(crate) fn offer(&mut self, member: Member, rng: &mut impl Rng) -> Offer {
        if self.members.iter().any(|m| m.form == member.form) {
            return Offer::Refused;
        }
        let full = self.members.len() >= self.capacity;
        let outcome = match member.score.cmp(&self.worst()) {
            _ if !full => Offer::Improved,
            std::cmp::Ordering::Greater => Offer::Improved,
            std::cmp::Ordering::Equal if rng.gen_bool(0.5) => Offer::Sideways,
            _ => return Offer::Refused,
        };
        if full {
            self.members.pop();
        }
        // After every member of equal rank, so that older members go first.
        let at = self
            .members
            .partition_point(|m| m.score.cmp(&member.score) != std::cmp::Ordering::Less);
        self.members.insert(at, member);
        outcome
    }

    /// A parent: the better of two members drawn at random (a tournament,
    /// which favours good members without always taking the best).
    pub(crate) fn pick(&self, rng: &mut impl Rng) -> Option<&Member> {
        if self.members.is_empty() {
            return None;
        }
        let a = rng.gen_range(0..self.members.len());
        let b = rng.gen_range(0..self.members.len());
        self.members.get(a.min(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn member(name: &str, er: f32) -> Member {
        Member {
            puzzle: name.into(),
            form: name.into(),
            score: Score::flat(er),
        }
    }

    #[test]
    fn the_pool_keeps_the_best_distinct_members() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut pool = Pool::new(2);
        assert_eq!(pool.offer(member("a", 5.0), &mut rng), Offer::Improved);
        assert_eq!(pool.offer(member("a", 5.0), &mut rng), Offer::Refused);
        assert_eq!(pool.offer(member("b", 7.0), &mut rng), Offer::Improved);
        assert_eq!(pool.offer(member("c", 4.0), &mut rng), Offer::Refused);
        assert_eq!(pool.offer(member("d", 9.0), &mut rng), Offer::Improved);
        let names: Vec<&str> = pool.members.iter().map(|m| m.puzzle.as_str()).collect();
        assert_eq!(names, ["d", "b"]);
        assert_eq!(pool.best().er, 9.0);
    }
}
