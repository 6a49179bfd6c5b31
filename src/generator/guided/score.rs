//! How the guided search ranks candidates: how well a technique filter
//! fits, then SE's three ratings in order (ER, then EP, then ED), apart
//! from the pool and the search so both share it without importing each
//! other.

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// A candidate's rank: how many of a technique filter's conditions its
/// path meets (`fit`, 0 without a filter), then its ER; among equal ERs
/// the higher EP, then the higher ED, predicts a harder neighbourhood
/// (the first hard step comes earlier), and costs nothing more than the
/// rating itself.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Score {
    /// Conditions of the technique filter met (half a point for a
    /// wanted hardest technique that is used but not hardest), so that a
    /// search for a rare technique climbs towards it.
    #[serde(default)]
    pub fit: f32,
    pub er: f32,
    pub ep: f32,
    pub ed: f32,
}

impl Score {
    /// The lowest rank: below every rated puzzle (ratings are at least
    /// 0), and finite, so that JSON (the state file) can hold it.
    pub(crate) const NONE: Score = Score {
        fit: -1.0,
        er: -1.0,
        ep: -1.0,
        ed: -1.0,
    };

    /// Total order (NaN sorts lowest), lexicographic on fit, ER, EP, ED.
    pub(crate) fn cmp(&self, other: &Score) -> Ordering {
        let key = |x: f32| if x.is_nan() { f32::NEG_INFINITY } else { x };
        key(self.fit)
            .total_cmp(&key(other.fit))
            .then(key(self.er).total_cmp(&key(other.er)))
            .then(key(self.ep).total_cmp(&key(other.ep)))
            .then(key(self.ed).total_cmp(&key(other.ed)))
    }
}

/// A stable 64-bit key of a canonical form, for the set of candidates
/// already rated: the state file keeps it across runs, so it must not
/// depend on the Rust version, as `DefaultHasher` may.
pub(crate) fn form_key(form: &str) -> u64 {
    crate::generator::stable_hash(form)
}
