//! The guided search's state file: everything a stopped run needs to go
//! on where it was (the pool, the counters that drive the random streams,
//! the canonical forms already reported, the forms rated lately).
//!
//! Why three files: the forms reported grow without bound (78,000 an hour
//! at 9.0 and up) and the forms rated run to 200,000 keys, while the rest
//! is a few kilobytes. Rewriting it all once a second would write
//! gigabytes an hour on runs of days, so the two lists are journals that
//! only grow between saves (`FILE.reported`, one canonical form per line;
//! `FILE.seen.K`, eight bytes per key), and the state itself (`FILE`,
//! JSON) records how many bytes of each it counts. The state is written
//! atomically (a temporary file renamed over the old one) after the
//! journals, so a kill leaves the old state, which counts only the bytes
//! it knew: a load cuts the journals back to that, and the run goes on as
//! if the kill came just after the save. When the rated forms are
//! forgotten at once, their journal starts afresh under the next `K`,
//! and the old one goes only once a state that no longer counts it is
//! saved.

use super::pool::Pool;
use super::score::{report_key, Score};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Read, Seek, Write};
use std::path::{Path, PathBuf};

/// The state file's layout version.
const LAYOUT: u32 = 2;

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
    /// The puzzles (as lines) a filter search reported since the last
    /// restart: a family, complete at the search's family size.
    #[serde(default)]
    pub family: Vec<String>,
    /// The puzzles of the family the pool restarts near (the family
    /// before, or an older one when restarts near that keep failing): the
    /// pool restarts from puzzles a few steps away from them, and reports
    /// none that shares most of its clues with one of them.
    #[serde(default)]
    pub last_family: Vec<String>,
    /// The other families kept (with `last_family`, at most
    /// `FAMILIES_KEPT`): the pool restarts near the last of them when
    /// restarts near `last_family` keep failing (that family then goes to
    /// the front), and reports nothing that shares most of its clues with
    /// one of their puzzles.
    #[serde(default)]
    pub older_families: Vec<Vec<String>>,
    /// Restarts from `last_family` in a row that ended without a find.
    #[serde(default)]
    pub kicks_failed: u64,
    /// Candidates rated since the last find or restart.
    #[serde(default)]
    pub dry: u64,
    /// Candidates rated in all.
    pub rated: u64,
    /// The best candidate the search made (the user's seeds left out).
    pub best: Score,
    pub pool: Pool,
    /// Puzzles reported in all.
    pub reported: u64,
    /// Puzzles found past the wanted count in the last generation (as
    /// lines): a run asking for more reports them first, so that a run in
    /// two parts reports what one run would.
    pub pending: Vec<String>,
    /// Bytes of the reported forms' journal this state counts.
    pub reported_bytes: u64,
    /// Which journal of rated forms is current (`FILE.seen.K`).
    pub seen_file: u64,
    /// Bytes of that journal this state counts.
    pub seen_bytes: u64,
    /// Where the output stood when this state was saved (the sink's
    /// position, see `pipeline::Sink::position`): a resumed run cuts its
    /// output back to it, to the records this state counts.
    #[serde(default)]
    pub output_position: Option<u64>,
    /// Canonical forms reported since the last save, in the order found.
    #[serde(skip)]
    pub new_reported: Vec<String>,
    /// Keys of the forms rated since the last save (see
    /// `score::form_key`), in the order rated.
    #[serde(skip)]
    pub new_seen: Vec<u64>,
}

/// What a saved search left: its state, the keys of every form it
/// reported (`score::report_key`), and the keys of the forms it rated
/// lately.
pub(crate) struct Saved {
    pub state: State,
    pub reported: Vec<u128>,
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
            family: Vec::new(),
            last_family: Vec::new(),
            older_families: Vec::new(),
            kicks_failed: 0,
            dry: 0,
            rated: 0,
            best: Score::NONE,
            pool: Pool::new(capacity),
            reported: 0,
            pending: Vec::new(),
            reported_bytes: 0,
            seen_file: 0,
            seen_bytes: 0,
            output_position: None,
            new_reported: Vec::new(),
            new_seen: Vec::new(),
        }
    }

    /// Counts a reported puzzle by its canonical form.
    pub(crate) fn report(&mut self, form: String) {
        self.reported += 1;
        self.new_reported.push(form);
    }

    /// Counts a rated form by its key.
    pub(crate) fn rate(&mut self, key: u64) {
        self.new_seen.push(key);
    }

    /// Forgets the rated forms: the next save starts their journal afresh.
    pub(crate) fn forget_seen(&mut self) {
        self.seen_file += 1;
        self.seen_bytes = 0;
        self.new_seen.clear();
    }

    /// The search saved at `path`, `None` if there is no file yet; an
    /// error names the file and what is wrong with it.
    pub(crate) fn load(path: &Path, fingerprint: &str) -> Result<Option<Saved>, String> {
        let Some(state) = State::read(path, fingerprint)? else {
            return Ok(None);
        };
        let reported = read_reported(&reported_path(path), state.reported_bytes)?;
        if reported.len() as u64 != state.reported {
            return Err(format!(
                "{} holds {} forms where its state counts {}",
                reported_path(path).display(),
                reported.len(),
                state.reported
            ));
        }
        let mut seen_bytes = Vec::new();
        if let Some(file) = open_journal(&seen_path(path, state.seen_file), state.seen_bytes)? {
            file.take(state.seen_bytes)
                .read_to_end(&mut seen_bytes)
                .map_err(|e| format!("cannot read {}: {e}", seen_path(path, state.seen_file).display()))?;
        }
        let seen = seen_bytes
            .chunks_exact(8)
            .map(|k| u64::from_le_bytes(k.try_into().expect("eight bytes")))
            .collect();
        Ok(Some(Saved { state, reported, seen }))
    }

    /// The state file at `path` alone (not its journals), checked to be
    /// this search's; `None` if there is no file yet.
    pub(crate) fn read(path: &Path, fingerprint: &str) -> Result<Option<State>, String> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
        };
        let layout = serde_json::from_str::<serde_json::Value>(&text)
            .ok()
            .and_then(|v| v.get("layout")?.as_u64());
        if let Some(layout) = layout.filter(|&l| l != u64::from(LAYOUT)) {
            return Err(format!(
                "{} has state layout {layout}, expected {LAYOUT}",
                path.display()
            ));
        }
        let state: State = serde_json::from_str(&text)
            .map_err(|e| format!("{} is not a guided search state: {e}", path.display()))?;
        if state.fingerprint != fingerprint {
            return Err(format!(
                "{} belongs to another search ({}); this one is {fingerprint}",
                path.display(),
                state.fingerprint
            ));
        }
        Ok(Some(state))
    }

    /// Appends what was reported and rated since the last save to the
    /// journals, then writes the state that counts it through a temporary
    /// file in the same directory, renamed over `path`: a reader sees the
    /// old or the new state, never part of one.
    pub(crate) fn save(&mut self, path: &Path) -> Result<(), String> {
        let mut lines = Vec::new();
        for form in &self.new_reported {
            lines.extend_from_slice(form.as_bytes());
            lines.push(b'\n');
        }
        self.reported_bytes = append(&reported_path(path), self.reported_bytes, &lines)?;
        let keys: Vec<u8> = self.new_seen.iter().flat_map(|k| k.to_le_bytes()).collect();
        self.seen_bytes = append(&seen_path(path, self.seen_file), self.seen_bytes, &keys)?;
        self.new_reported.clear();
        self.new_seen.clear();
        let mut temp = path.as_os_str().to_owned();
        temp.push(".tmp");
        let temp = PathBuf::from(temp);
        let text = serde_json::to_string(self).map_err(|e| e.to_string())?;
        std::fs::write(&temp, text).map_err(|e| format!("cannot write {}: {e}", temp.display()))?;
        std::fs::rename(&temp, path).map_err(|e| format!("cannot replace {}: {e}", path.display()))?;
        if self.seen_file > 0 {
            // No saved state counts the journal before this one any more.
            let _ = std::fs::remove_file(seen_path(path, self.seen_file - 1));
        }
        Ok(())
    }
}

/// The journal of the forms reported beside the state file `path`.
fn reported_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".reported");
    PathBuf::from(name)
}

/// The `k`th journal of rated forms beside the state file `path`.
fn seen_path(path: &Path, k: u64) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".seen.{k}"));
    PathBuf::from(name)
}

/// The journal at `path`, cut back to the `counted` bytes its state
/// counts (bytes past them were written by a run killed before its state
/// counted them); `None` if it does not exist and nothing is counted. An
/// error if the journal is shorter.
fn open_journal(path: &Path, counted: u64) -> Result<Option<std::fs::File>, String> {
    let file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && counted == 0 => return Ok(None),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let len = file
        .metadata()
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?
        .len();
    if len < counted {
        return Err(format!("{} has {len} bytes where its state counts {counted}", path.display()));
    }
    if len > counted {
        cut(path, counted)?;
    }
    Ok(Some(file))
}

/// The keys of the forms in the reported journal at `path`, read a line
/// at a time: the journal of a run of days holds millions of forms, and
/// only their keys are kept.
fn read_reported(path: &Path, counted: u64) -> Result<Vec<u128>, String> {
    let Some(file) = open_journal(path, counted)? else {
        return Ok(Vec::new());
    };
    let unreadable = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
    let mut keys = Vec::new();
    let mut reader = std::io::BufReader::new(file.take(counted));
    let mut line = String::new();
    while reader.read_line(&mut line).map_err(unreadable)? > 0 {
        keys.push(report_key(line.trim_end_matches('\n')));
        line.clear();
    }
    Ok(keys)
}

/// Cuts the file at `path` back to `len` bytes.
fn cut(path: &Path, len: u64) -> Result<(), String> {
    std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .and_then(|f| f.set_len(len))
        .map_err(|e| format!("cannot cut {} back: {e}", path.display()))
}

/// Appends `bytes` to the journal at `path`, which holds `counted` bytes
/// the state counts (and past them whatever a killed save left, cut
/// first); the journal's new length.
fn append(path: &Path, counted: u64, bytes: &[u8]) -> Result<u64, String> {
    if bytes.is_empty() {
        return Ok(counted);
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let mut written = || -> std::io::Result<()> {
        file.set_len(counted)?;
        file.seek(std::io::SeekFrom::Start(counted))?;
        // Not synced, as the state itself is not: a killed process leaves
        // what it wrote to the system, and a sync would widen the window
        // in which records are out but the state that counts them is not.
        file.write_all(bytes)
    };
    written().map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(counted + bytes.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_survives_a_round_trip_and_refuses_another_search() {
        let dir = std::env::temp_dir().join(format!("sudoku-dlx-state-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.json");
        assert!(State::load(&path, "a").unwrap().is_none());
        let mut state = State::new("a".into(), 4);
        state.generation = 7;
        state.report("x".into());
        state.rate(5);
        state.save(&path).unwrap();
        let saved = State::load(&path, "a").unwrap().unwrap();
        assert_eq!((saved.state, saved.reported, saved.seen), (state, vec![report_key("x")], vec![5]));
        let err = State::load(&path, "b").err().unwrap();
        assert!(err.contains("another search"), "{err}");
        std::fs::write(&path, "{").unwrap();
        assert!(State::load(&path, "a").err().unwrap().contains("not a guided search state"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A save killed after its journals but before its state leaves the
    /// old state in force: a load gives what that state counted, cuts
    /// the journals back, and the next save goes on from there.
    #[test]
    fn journal_bytes_past_the_state_are_cut_back() {
        let dir = std::env::temp_dir().join(format!("sudoku-dlx-journal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.json");
        let mut state = State::new("a".into(), 4);
        state.report("first".into());
        state.rate(1);
        state.save(&path).unwrap();
        let old_state = std::fs::read(&path).unwrap();
        state.report("second".into());
        state.rate(2);
        state.save(&path).unwrap();
        std::fs::write(&path, &old_state).unwrap();
        let saved = State::load(&path, "a").unwrap().unwrap();
        assert_eq!((saved.reported.clone(), saved.seen.clone()), (vec![report_key("first")], vec![1]));
        assert_eq!(std::fs::read_to_string(reported_path(&path)).unwrap(), "first\n");
        let mut state = saved.state;
        state.report("third".into());
        state.forget_seen();
        state.rate(3);
        state.save(&path).unwrap();
        let saved = State::load(&path, "a").unwrap().unwrap();
        assert_eq!(saved.reported, [report_key("first"), report_key("third")]);
        assert_eq!(saved.seen, [3]);
        assert!(!seen_path(&path, 0).exists(), "the forgotten journal stays");
        // A journal shorter than its state counts is an error, not a guess.
        std::fs::write(reported_path(&path), "first\n").unwrap();
        let err = State::load(&path, "a").err().unwrap();
        assert!(err.contains("counts"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
