//! The guided search's state file: everything a stopped run needs to go
//! on where it was (the pool, the counters that drive the random streams,
//! the canonical forms already reported), written atomically (a temporary
//! file renamed over the old one) so that a kill never leaves half a file.

use super::pool::Pool;
use super::score::Score;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The state file's layout version.
const LAYOUT: u32 = 1;

/// At most this many rated forms are remembered (then forgotten at once):
/// bounded memory and a bounded state file on runs of days.
pub(crate) const SEEN_LIMIT: usize = 200_000;

/// A guided search between two generations.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct State {
    pub layout: u32,
    /// The options that shaped the search: a state file is resumed only
    /// by the same search.
    pub fingerprint: String,
    /// Generations completed: the next one's random stream.
    pub generation: u64,
    /// Fresh candidates taken since the last restart.
    pub fresh: u64,
    /// The next seed (of the shuffled seed list) to take.
    pub cursor: u64,
    /// Candidates rated since the pool's best last improved.
    pub stale: u64,
    /// Restarts so far.
    pub restarts: u64,
    /// Puzzles reported since the last restart.
    #[serde(default)]
    pub family_found: u64,
    /// Candidates rated in all.
    pub rated: u64,
    /// The best candidate the search made (the user's seeds left out).
    pub best: Score,
    pub pool: Pool,
    /// Canonical forms of the puzzles reported, in the order found.
    pub reported: Vec<String>,
    /// Puzzles found past the wanted count in the last generation (as
    /// lines): a run asking for more reports them first, so that a run in
    /// two parts reports what one run would.
    pub pending: Vec<String>,
    /// Keys of the canonical forms rated (see `score::form_key`).
    pub seen: Vec<u64>,
}

impl State {
    pub(crate) fn new(fingerprint: String, capacity: usize) -> State {
        State {
            layout: LAYOUT,
            fingerprint,
            generation: 0,
            fresh: 0,
            cursor: 0,
            stale: 0,
            restarts: 0,
            family_found: 0,
            rated: 0,
            best: Score::NONE,
            pool: Pool::new(capacity),
            reported: Vec::new(),
            pending: Vec::new(),
            seen: Vec::new(),
        }
    }

    /// The state saved at `path`, `None` if there is no file yet; an
    /// error names the file and what is wrong with it.
    pub(crate) fn load(path: &Path, fingerprint: &str) -> Result<Option<State>, String> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
        };
        let state: State = serde_json::from_str(&text)
            .map_err(|e| format!("{} is not a guided search state: {e}", path.display()))?;
        if state.layout != LAYOUT {
            return Err(format!(
                "{} has state layout {}, expected {LAYOUT}",
                path.display(),
                state.layout
            ));
        }
        if state.fingerprint != fingerprint {
            return Err(format!(
                "{} belongs to another search ({}); this one is {fingerprint}",
                path.display(),
                state.fingerprint
            ));
        }
        Ok(Some(state))
    }

    /// Writes the state to `path` through a temporary file in the same
    /// directory, renamed over `path`: a reader sees the old or the new
    /// state, never part of one.
    pub(crate) fn save(&self, path: &Path) -> Result<(), String> {
        let mut temp = path.as_os_str().to_owned();
        temp.push(".tmp");
        let temp = std::path::PathBuf::from(temp);
        let text = serde_json::to_string(self).map_err(|e| e.to_string())?;
        std::fs::write(&temp, text).map_err(|e| format!("cannot write {}: {e}", temp.display()))?;
        std::fs::rename(&temp, path).map_err(|e| format!("cannot replace {}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_survives_a_round_trip_and_refuses_another_search() {
        let dir = std::env::temp_dir().join(format!("sudoku-dlx-state-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.json");
        assert_eq!(State::load(&path, "a").unwrap(), None);
        let mut state = State::new("a".into(), 4);
        state.generation = 7;
        state.reported.push("x".into());
        state.save(&path).unwrap();
        assert_eq!(State::load(&path, "a").unwrap(), Some(state));
        let err = State::load(&path, "b").unwrap_err();
        assert!(err.contains("another search"), "{err}");
        std::fs::write(&path, "{").unwrap();
        assert!(State::load(&path, "a").unwrap_err().contains("not a guided search state"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
