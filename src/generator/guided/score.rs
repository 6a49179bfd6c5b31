//! How the guided search ranks candidates: how well a technique filter
//! fits, then SE's three ratings in order (ER, then EP, then ED), apart
//! from the pool and the search so both share it without importing each
//! other.

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// A candidate's rank: how many of a technique filter's conditions its
/// path meets (`fit`, 0 without a filter), then its ER; among equal ERs
/// more steps by dynamic or nested chains (`depth`), then the higher EP,
/// then the higher ED, predict a harder neighbourhood, and cost nothing
/// more than the rating itself.
///
/// Why `depth` comes right after ER: puzzles rated 9.0 to 9.4 are a wide
/// plateau (thousands an hour), and a pool ranked by ER, EP and ED
/// alone drifts on it; a path with more chain steps is closer to one
/// that needs deeper chains, so the pool climbs towards 9.5 and up
/// (docs/generator.md, "Guided search").
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Score {
    /// Conditions of the technique filter met (half a point for a
    /// wanted hardest technique that is used but not hardest), so that a
    /// search for a rare technique climbs towards it.
    #[serde(default)]
    pub fit: f32,
    pub er: f32,
    /// Steps by dynamic or nested chains on the path.
    #[serde(default)]
    pub depth: f32,
    pub ep: f32,
    pub ed: f32,
}

impl Score {
    /// The lowest rank: below every rated puzzle (ratings are at least
    /// 0), and finite, so that JSON (the state file) can hold it.
    pub(crate) const NONE: Score = Score {
        fit: -1.0,
        er: -1.0,
        depth: -1.0,
        ep: -1.0,
        ed: -1.0,
    };

    /// Total order (NaN sorts lowest), lexicographic on fit, ER, EP, ED.
    pub(crate) fn cmp(&self, other: &Score) -> Ordering {
        let key = |x: f32| if x.is_nan() { f32::NEG_INFINITY } else { x };
        key(self.fit)
            .total_cmp(&key(other.fit))
            .then(key(self.er).total_cmp(&key(other.er)))
            .then(key(self.depth).total_cmp(&key(other.depth)))
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

/// A stable 128-bit key of a canonical form (FNV-1a, 128 bits), for the
/// set of forms a search reported. That set grows without bound (about
/// 78,000 forms an hour at 9.0 and up): a million forms take 192 MB as
/// strings and 35 MB as keys (peak, growth included;
/// `benchmarks/2026-11-29/report_keys_memory.rs`). Unlike the rated
/// forms' 64-bit keys, where a collision only skips a rating, a collision
/// here would drop a new puzzle, so the key is wide enough that one never
/// happens (about 2^-128 per pair of forms).
pub(crate) fn report_key(form: &str) -> u128 {
    form.bytes().fold(0x6c62_272e_07bb_0142_62b8_2175_6295_c58d, |h, b| {
        (h ^ u128::from(b)).wrapping_mul(0x0000_0000_0100_0000_0000_0000_0000_013b)
    })
}

#[cfg(test)]
impl Score {
    /// A score of ER `er`, with EP and ED equal to it and nothing else.
    pub(crate) fn flat(er: f32) -> Score {
        Score {
            fit: 0.0,
            er,
            depth: 0.0,
            ep: er,
            ed: er,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(er: f32, depth: f32, ep: f32) -> Score {
        Score {
            fit: 0.0,
            er,
            depth,
            ep,
            ed: 1.2,
        }
    }

    /// ER first; among equal ERs more chain steps rank above a higher EP.
    #[test]
    fn chain_steps_break_ties_of_er_before_ep() {
        assert!(score(9.1, 0.0, 1.2).cmp(&score(9.0, 40.0, 9.0)).is_gt());
        assert!(score(9.0, 12.0, 1.2).cmp(&score(9.0, 11.0, 9.0)).is_gt());
        assert!(score(9.0, 12.0, 2.0).cmp(&score(9.0, 12.0, 1.2)).is_gt());
    }

    /// The published FNV-1a 128-bit test values.
    #[test]
    fn report_keys_are_fnv_1a_128() {
        assert_eq!(report_key(""), 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d);
        assert_eq!(report_key("a"), 0xd228_cb69_6f1a_8caf_7891_2b70_4e4a_8964);
    }

    /// A state file written before `depth` existed still reads.
    #[test]
    fn a_score_saved_without_depth_still_reads() {
        let s: Score = serde_json::from_str(r#"{"fit":0.0,"er":9.0,"ep":1.2,"ed":1.2}"#).unwrap();
        assert_eq!(s.depth, 0.0);
    }
}
