//! Guided search for puzzles rated beyond what fill-and-dig reaches: a
//! pool of the best distinct puzzles found since the last restart,
//! neighbours of pool members made by small steps (`moves`), each unique
//! candidate rated once, the best kept, the pool restarted from fresh
//! seeds when it stops improving. A technique filter's search restarts
//! after each family of finds from puzzles a few steps from that family
//! (or, when those keep failing, from an older family it keeps), and
//! reports nothing that shares most of its clues with a family kept.
//!
//! Why: random minimal puzzles rated 9.0 or more are about one in five
//! hundred and 10.0 or more far rarer, while a hard puzzle's neighbours
//! are often hard too, so a local search around good puzzles finds them
//! many times faster.
//!
//! The search runs in generations of [`GENERATION`] candidates. Candidate
//! `j` of generation `g` draws its parent and its step from a random
//! stream of its own (`seed`, `g`, `j`); candidates are made and rated in
//! parallel and merged into the pool in index order, so the output depends
//! on the seed and options only, not on the thread count, unless a
//! deadline or a stop cuts a generation short (its candidates are then
//! dropped, and a resumed run makes them again), or the engine's
//! listings depend on its history, as the SAT engine's do (a filter
//! search's aimed steps list solutions; docs/generator.md).

mod moves;
mod pool;
mod score;
mod state;

pub(crate) use score::{form_key, Score};
use score::report_key;

use crate::canon::canonical_line;
use crate::engine::{Backend, BackendKind};
use crate::grid::Grid;
use crate::logic::room::Room;
use crate::shape::Shape;
use moves::Added;
use pool::Member;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use state::{State, SEEN_LIMIT};
use std::collections::HashSet;
use std::ops::{ControlFlow, Range};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// How often a search with a state file saves it (and when it ends):
/// a save appends to its journals and renames a new state over the old, and
/// doing that after every generation (dozens a second) would spend the
/// run on the disk. The puzzles found meanwhile are held and written
/// just before the save that counts them, so a kill loses at most this
/// much search and never a reported puzzle.
const SAVE_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// Candidates per generation: fixed (not the thread count), so that the
/// output does not depend on the thread count.
const GENERATION: u64 = 32;

/// Puzzles in the pool.
const POOL: usize = 24;

/// Rated candidates without a new best since the last restart before
/// the pool restarts from fresh seeds. A pool climbs for a few thousand
/// candidates and then circles one family of puzzles on a plateau; a
/// restart explores another family. Only rated candidates count: steps
/// that lose uniqueness, or lead back to a puzzle rated before, are not
/// attempts at improving.
const STALE_LIMIT: u64 = 1500;

/// [`STALE_LIMIT`] for a search from seed puzzles: seeds from a list of
/// the hardest puzzles start at the top, where a pool gains little by
/// climbing and much by moving on to the next seeds.
const SEED_STALE_LIMIT: u64 = 300;

/// Fresh random puzzles rated at each (re)start, of which the best
/// [`POOL`] stay: random minimal puzzles rated 8.0 or more are about one
/// in twenty, so the pool starts among them.
const RANDOM_SEEDING: u64 = 8 * GENERATION;

/// [`RANDOM_SEEDING`] for a search for a technique filter's puzzles,
/// which restarts often (for many families) and climbs from any puzzle
/// that uses the technique.
const FILTER_SEEDING: u64 = 2 * GENERATION;

/// Steps from a puzzle of the family before to each fresh puzzle of a
/// filter search's pool after a family. Why start near it: a fresh
/// random pool climbs for thousands of ratings before its first Hidden
/// Quad or BUG type 4, while a few steps from a family the technique is
/// often a short climb away. One step leaves too little room to move
/// away from the family (see [`FAMILY_SHARE`]); with four or more the
/// climb grows long again (docs/generator.md, "Technique filters").
const KICK_STEPS: usize = 2;

/// Restarts in a row from the family before that may find nothing before
/// the pool starts once from fresh random puzzles, and then from the
/// newest older family not tried since ([`restart`]).
const KICK_TRIES: u64 = 4;

/// Families a filter search keeps to restart near and to keep away from:
/// the family before and up to fifteen older ones. Why older ones: once
/// the restarts near the family before stop finding, a pool of fresh
/// random puzzles climbs for thousands of ratings before its first BUG
/// type 3 or Hidden Quad, and left one `--hardest "BUG type 3"` run
/// without a find for 16 of its 20 seconds, while a family found earlier
/// is often a short climb from a new one (docs/generator.md, "Technique
/// filters").
const FAMILIES_KEPT: usize = 16;

/// The most of its clues a puzzle a filter search reports may share with
/// any puzzle of the families kept ([`FAMILIES_KEPT`]): each family
/// differs from those before it in a quarter of its clues or more, so the
/// search moves on rather than round one place.
const FAMILY_SHARE: f64 = 0.75;

/// What a wanted candidate that shares all its clues but a few with a
/// puzzle of a family kept loses from its filter fit: it ranks below the
/// candidates that use the technique without taking it as their hardest
/// step. Nearer the line ([`FAMILY_SHARE`]) it loses less, down to
/// [`CLOSE_FLOOR`] times this, so that the pool climbs away from the
/// family along the wanted candidates, each a clue or two further off.
const CLOSE_PENALTY: f32 = 1.0;

/// The share of [`CLOSE_PENALTY`] a wanted candidate just past
/// [`FAMILY_SHARE`] loses.
const CLOSE_FLOOR: f32 = 0.1;

/// Candidates a filter search near a family (its own, or the one before)
/// rates without a find before its pool restarts, whether or not the
/// pool's best still improves: the pool's best can creep up on its tie
/// breaks for seconds while no neighbour of the family is new.
const FILTER_DRY_LIMIT: u64 = 2000;

/// What the search is asked for.
pub(crate) struct Search {
    pub shape: Shape,
    /// The search's own seed (a shard's differs from the others').
    pub seed: u64,
    /// The engine that decides uniqueness.
    pub backend: BackendKind,
    /// Whether candidates are reduced to minimal puzzles.
    pub minimal: bool,
    /// The most clues a reported puzzle may have.
    pub most_clues: usize,
    /// Puzzles to start from; empty: random minimal puzzles.
    pub seeds: Vec<Grid>,
    /// Wanted ratings (ER).
    pub band: Range<f32>,
    /// Puzzles to report in all (a resumed run counts those reported
    /// before).
    pub wanted: u64,
    pub deadline: Option<Instant>,
    /// The most candidates to rate without finding a puzzle before giving
    /// up (`None`: search until the count or the deadline).
    pub max_rated: Option<u64>,
    /// Puzzles to report from one pool before restarting it (`None`: the
    /// pool restarts only when it stops improving).
    pub family: Option<u64>,
    /// What the clues of every wanted puzzle leave room for: fresh random
    /// puzzles are dug with the first room made, and steps that leave
    /// any room are not taken.
    pub rooms: Vec<Room>,
    /// Where the state is kept between runs.
    pub state_file: Option<PathBuf>,
    /// What identifies this search in its state file.
    pub fingerprint: String,
}

/// A rated candidate.
pub(crate) struct Rated<T> {
    pub score: Score,
    /// Whether it is one of the wanted puzzles (in the band, through any
    /// technique filter).
    pub wanted: bool,
    pub extra: T,
}

/// A puzzle the search reports.
pub(crate) struct Found<T> {
    /// Its position among the puzzles reported (a resumed run goes on).
    pub number: u64,
    pub puzzle: Grid,
    pub solution: Grid,
    /// Candidates rated in all when it was found.
    pub rated: u64,
    pub extra: T,
}

/// Why a search ended.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum End {
    /// The wanted count was reached (or the sink broke).
    Done,
    DeadlinePassed,
    Stopped,
    /// `max_rated` candidates were rated without a find; the best score
    /// rated meanwhile.
    Shortfall(u64, Score),
    /// The state file could not be read or written.
    State(String),
}

/// The puzzles found since the last save, written just before the next
/// one, and where the output they go to stands (saved with the state).
struct Held<'a, T> {
    found: Vec<Found<T>>,
    position: &'a dyn Fn() -> Option<u64>,
}

/// One candidate after making and rating.
struct Candidate<T> {
    puzzle: Grid,
    solution: Grid,
    form: String,
    fresh: bool,
    rated: Option<Rated<T>>,
}

impl Search {
    /// Runs the search on `pool`: `rate` rates a candidate (`None`: it
    /// cannot be rated), `emit` takes each puzzle found, in order, and
    /// `progress` hears the candidates rated and the best score after
    /// each generation.
    pub(crate) fn run<T: Send>(
        &self,
        threads: &rayon::ThreadPool,
        stop: &AtomicBool,
        rate: &(dyn Fn(&Grid) -> Option<Rated<T>> + Sync),
        emit: &mut dyn FnMut(Found<T>) -> ControlFlow<()>,
        position: &dyn Fn() -> Option<u64>,
        progress: &dyn Fn(u64, Score),
    ) -> End {
        let (mut state, reported, seen) = match self.load() {
            Ok(loaded) => loaded,
            Err(e) => return End::State(e),
        };
        let order = self.seed_order();
        if self.report_pending(&mut state, rate, emit).is_break() {
            return End::Done;
        }
        let mut reported: HashSet<u128> = reported.into_iter().collect();
        reported.extend(state.pending.iter().filter_map(|l| l.parse::<Grid>().ok()).map(|p| report_key(&canonical_line(&p))));
        // Seeds are never reported: a run from a list finds new puzzles.
        reported.extend(threads.install(|| {
            self.seeds.par_iter().map(|s| report_key(&canonical_line(s))).collect::<Vec<_>>()
        }));
        let mut seen: HashSet<u64> = seen.into_iter().collect();
        // The puzzles of the families kept: they change only at a restart.
        let mut apart = kept_apart(&state);
        // Candidates rated since the last find, and the best of them.
        let mut dry = (0, Score::NONE);
        // With a state file, the puzzles found since the last save, written
        // just before the next one (see `SAVE_EVERY`).
        let mut held = Held { found: Vec::new(), position };
        let mut saved_at = Instant::now();
        loop {
            if state.reported >= self.wanted {
                return self.settle(&mut held, &mut state, emit, End::Done);
            }
            if stop.load(Ordering::Relaxed) {
                return self.settle(&mut held, &mut state, emit, End::Stopped);
            }
            if self.past_deadline() {
                return self.settle(&mut held, &mut state, emit, End::DeadlinePassed);
            }
            // A pool left empty (every candidate of the seeding failed or
            // was seen before) has no parent to draw: it seeds again.
            let fresh = state.fresh < self.seeding() || state.pool.members.is_empty();
            let made: Vec<Option<Candidate<T>>> = threads.install(|| {
                (0..GENERATION)
                    .into_par_iter()
                    .map(|j| self.candidate(&state, &order, fresh, j, &seen, stop, rate))
                    .collect()
            });
            if stop.load(Ordering::Relaxed) {
                return self.settle(&mut held, &mut state, emit, End::Stopped);
            }
            if self.past_deadline() {
                return self.settle(&mut held, &mut state, emit, End::DeadlinePassed);
            }
            let mut rng = self.rng(state.generation, GENERATION);
            let mut broke = false;
            for candidate in made.into_iter().flatten() {
                if broke {
                    break;
                }
                let (rated, found) = (state.rated, state.reported);
                let mut hold = |f: Found<T>| {
                    held.found.push(f);
                    ControlFlow::Continue(())
                };
                let take: &mut dyn FnMut(Found<T>) -> ControlFlow<()> =
                    if self.state_file.is_some() { &mut hold } else { &mut *emit };
                let sets = Sets {
                    reported: &mut reported,
                    seen: &mut seen,
                    apart: &apart,
                };
                broke = self.merge(&mut state, sets, candidate, &mut rng, take).is_break();
                if state.reported > found {
                    dry = (0, Score::NONE);
                } else if state.rated > rated {
                    dry.0 += 1;
                    if state.pool.best().cmp(&dry.1).is_gt() {
                        dry.1 = state.pool.best();
                    }
                    if self.max_rated.is_some_and(|m| dry.0 >= m) {
                        return self.settle(&mut held, &mut state, emit, End::Shortfall(dry.0, dry.1));
                    }
                }
            }
            if fresh {
                state.fresh += GENERATION;
                if !self.seeds.is_empty() {
                    state.cursor += GENERATION;
                }
            }
            let family_done = self.family.is_some_and(|f| state.family.len() as u64 >= f);
            // Seeding that left the pool empty counts as a restart that found
            // nothing, so kicks that keep failing give way to fresh puzzles.
            let seeded_nothing = fresh && state.pool.members.is_empty();
            // Only near a family: a climb from fresh puzzles to a first
            // find takes thousands of ratings for the rarest techniques.
            let near_family = !state.family.is_empty() || !state.last_family.is_empty();
            let dried = self.family.is_some() && near_family && state.dry >= FILTER_DRY_LIMIT;
            if state.stale >= self.stale_limit() || family_done || seeded_nothing || dried {
                restart(&mut state);
                apart = kept_apart(&state);
            }
            if seen.len() > SEEN_LIMIT {
                seen.clear();
                state.forget_seen();
            }
            state.generation += 1;
            progress(state.rated, state.best);
            let due = broke || saved_at.elapsed() >= SAVE_EVERY || state.reported >= self.wanted;
            if due {
                match self.flush(&mut held, &mut state, emit) {
                    Ok(ControlFlow::Break(())) => broke = true,
                    Ok(ControlFlow::Continue(())) => {}
                    Err(e) => return End::State(e),
                }
                saved_at = Instant::now();
            }
            if broke {
                return End::Done;
            }
        }
    }

    /// Reports the puzzles a run that stopped at its count found past it,
    /// rated again (the state keeps puzzles, not ratings).
    fn report_pending<T>(
        &self,
        state: &mut State,
        rate: &(dyn Fn(&Grid) -> Option<Rated<T>> + Sync),
        emit: &mut dyn FnMut(Found<T>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        while state.reported < self.wanted && !state.pending.is_empty() {
            let line = state.pending.remove(0);
            let Ok(puzzle) = line.parse::<Grid>() else {
                continue;
            };
            let count = crate::cache::with_backend(self.backend, self.shape, |e| e.count(&puzzle, 2, None));
            let (Some(solution), Some(rated)) = (count.first, rate(&puzzle)) else {
                continue;
            };
            state.report(canonical_line(&puzzle));
            emit(Found {
                number: state.reported - 1,
                puzzle,
                solution,
                rated: state.rated,
                extra: rated.extra,
            })?;
        }
        ControlFlow::Continue(())
    }

    fn stale_limit(&self) -> u64 {
        if self.seeds.is_empty() {
            STALE_LIMIT
        } else {
            SEED_STALE_LIMIT
        }
    }

    /// How steps pick the clues they add. A filter search rates its
    /// candidates in microseconds, so making them is most of its time,
    /// and aimed {-1+m} steps (and the parent's digits for the others)
    /// make more of them per engine call. A search for high ratings
    /// spends its time rating, and free digits reach further grids for
    /// the same ratings.
    fn added(&self) -> Added {
        if self.family.is_some() {
            Added::Aimed
        } else {
            Added::Free
        }
    }

    /// Fresh candidates at each (re)start.
    fn seeding(&self) -> u64 {
        if self.family.is_some() {
            FILTER_SEEDING
        } else if self.seeds.is_empty() {
            RANDOM_SEEDING
        } else {
            POOL as u64
        }
    }

    fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The random stream of candidate `j` of generation `g` (`j` =
    /// [`GENERATION`]: the merge's own stream).
    fn rng(&self, g: u64, j: u64) -> ChaCha8Rng {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(g.wrapping_mul(GENERATION + 1).wrapping_add(j));
        rng
    }

    /// The seeds in the order the search takes them: shuffled by the
    /// seed, so shards with distinct seeds start from different seeds.
    fn seed_order(&self) -> Vec<u32> {
        let mut order: Vec<u32> = (0..self.seeds.len() as u32).collect();
        order.shuffle(&mut ChaCha8Rng::seed_from_u64(self.seed ^ 0x5eed));
        order
    }

    /// The output position the saved state records (see `Held`), `None`
    /// with no state file or none saved yet; an error for a state file
    /// that is unreadable or another search's.
    pub(crate) fn saved_position(&self) -> Result<Option<u64>, String> {
        let Some(path) = &self.state_file else {
            return Ok(None);
        };
        Ok(State::read(path, &self.fingerprint)?.and_then(|s| s.output_position))
    }

    /// The saved search (its state, the forms it reported and those it
    /// rated lately), or a fresh one.
    fn load(&self) -> Result<(State, Vec<u128>, Vec<u64>), String> {
        let saved = match &self.state_file {
            Some(path) => State::load(path, &self.fingerprint)?,
            None => None,
        };
        Ok(match saved {
            Some(saved) => (saved.state, saved.reported, saved.seen),
            None => (State::new(self.fingerprint.clone(), POOL), Vec::new(), Vec::new()),
        })
    }

    /// Ends the run as `end` once the puzzles held are written and the
    /// state that counts them is saved.
    fn settle<T>(
        &self,
        held: &mut Held<T>,
        state: &mut State,
        emit: &mut dyn FnMut(Found<T>) -> ControlFlow<()>,
        end: End,
    ) -> End {
        match self.flush(held, state, emit) {
            Ok(_) => end,
            Err(e) => End::State(e),
        }
    }

    /// Writes the puzzles `held` in order, then saves the state that
    /// counts them with the output's position after them (a kill between
    /// the two leaves records the old state does not count: a resumed run
    /// cuts them off at the old position and writes them again, or, with
    /// no position, repeats them, never loses one); `Break` when the sink
    /// stopped taking them.
    fn flush<T>(
        &self,
        held: &mut Held<T>,
        state: &mut State,
        emit: &mut dyn FnMut(Found<T>) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, String> {
        let mut flow = ControlFlow::Continue(());
        for found in held.found.drain(..) {
            if flow.is_continue() {
                flow = emit(found);
            }
        }
        state.output_position = (held.position)();
        self.save(state)?;
        Ok(flow)
    }

    fn save(&self, state: &mut State) -> Result<(), String> {
        match &self.state_file {
            Some(path) => state.save(path),
            None => {
                // Nothing keeps them: the journals' news would only grow.
                state.new_reported.clear();
                state.new_seen.clear();
                Ok(())
            }
        }
    }

    /// Candidate `j` of the next generation, made and (unless seen before
    /// or stopped) rated; `None` when no unique candidate came out.
    #[allow(clippy::too_many_arguments)]
    fn candidate<T>(
        &self,
        state: &State,
        order: &[u32],
        fresh: bool,
        j: u64,
        seen: &HashSet<u64>,
        stop: &AtomicBool,
        rate: &(dyn Fn(&Grid) -> Option<Rated<T>> + Sync),
    ) -> Option<Candidate<T>> {
        if stop.load(Ordering::Relaxed) || self.past_deadline() {
            return None;
        }
        let mut rng = self.rng(state.generation, j);
        let (puzzle, solution) = crate::cache::with_backend(self.backend, self.shape, |engine| {
            if fresh && order.is_empty() && !state.last_family.is_empty() {
                let from: Grid = state.last_family.choose(&mut rng)?.parse().ok()?;
                self.kicked(engine, &from, &mut rng)
            } else if fresh {
                self.fresh(engine, state.cursor + j, order, &mut rng)
            } else {
                let parent: Grid = state.pool.pick(&mut rng)?.puzzle.parse().ok()?;
                moves::neighbour(engine, &parent, self.added(), &self.limits(), &mut rng)
            }
        })?;
        let form = canonical_line(&puzzle);
        let rated = if seen.contains(&score::form_key(&form)) {
            None
        } else {
            rate(&puzzle)
        };
        Some(Candidate {
            puzzle,
            solution,
            form,
            fresh,
            rated,
        })
    }

    /// What every neighbour the search makes must be.
    fn limits(&self) -> moves::Limits<'_> {
        moves::Limits {
            minimal: self.minimal,
            most_clues: self.most_clues,
            rooms: &self.rooms,
        }
    }

    /// A puzzle [`KICK_STEPS`] steps away from `from` (each to a unique
    /// neighbour, minimal if the search is, keeping the rooms), not rated
    /// on the way.
    fn kicked(&self, engine: &mut dyn Backend, from: &Grid, rng: &mut ChaCha8Rng) -> Option<(Grid, Grid)> {
        let limits = self.limits();
        let mut at = (from.clone(), None);
        for _ in 0..KICK_STEPS {
            let (p, s) = moves::neighbour(engine, &at.0, Added::Free, &limits, rng)?;
            at = (p, Some(s));
        }
        Some((at.0, at.1?))
    }

    /// A fresh puzzle: seed `k` of the list, or a random minimal puzzle.
    fn fresh(&self, engine: &mut dyn Backend, k: u64, order: &[u32], rng: &mut ChaCha8Rng) -> Option<(Grid, Grid)> {
        if order.is_empty() {
            let solution = engine.fill(rng);
            let mut start = solution.clone();
            if let Some(room) = self.rooms.first() {
                room.clear(&mut start, rng);
            }
            let puzzle = moves::reduce(engine, &start, &solution, &[], rng);
            return Some((puzzle, solution));
        }
        let seed = &self.seeds[order[(k % order.len() as u64) as usize] as usize];
        let count = engine.count(seed, 2, None);
        (count.solutions == 1).then(|| (seed.clone(), count.first.expect("a count of one keeps its solution")))
    }

    /// Takes a made candidate into the search: counts it, offers it to
    /// the pool, reports it if wanted, new and apart from the families
    /// kept.
    fn merge<T>(
        &self,
        state: &mut State,
        sets: Sets,
        candidate: Candidate<T>,
        rng: &mut ChaCha8Rng,
        emit: &mut dyn FnMut(Found<T>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let Some(rated) = candidate.rated else {
            return ControlFlow::Continue(());
        };
        let key = score::form_key(&candidate.form);
        let Sets { reported, seen, apart } = sets;
        if !seen.insert(key) {
            // Made twice in one generation: rated twice, counted once.
            return ControlFlow::Continue(());
        }
        state.rate(key);
        state.rated += 1;
        state.dry += 1;
        // The user's seeds are where the search starts, not what it found.
        let seed = candidate.fresh && !self.seeds.is_empty();
        if !seed && rated.score.cmp(&state.best).is_gt() {
            state.best = rated.score;
        }
        if rated.score.cmp(&state.pool.best()).is_gt() || candidate.fresh {
            state.stale = 0;
        } else {
            state.stale += 1;
        }
        let mut rated = rated;
        let share = if rated.wanted { closest_share(&candidate.puzzle, apart) } else { 0.0 };
        if share > FAMILY_SHARE {
            rated.wanted = false;
            rated.score.fit -= close_penalty(share);
        }
        let member = Member {
            puzzle: candidate.puzzle.to_line(),
            form: candidate.form.clone(),
            score: rated.score,
        };
        state.pool.offer(member, rng);
        let fits = candidate.puzzle.given_count() <= self.most_clues;
        if !rated.wanted || !fits || !reported.insert(report_key(&candidate.form)) {
            return ControlFlow::Continue(());
        }
        // A find, reported now or (past the wanted count) by a run that
        // asks for more: it joins the family at once either way, so that a
        // run in two parts restarts where one run does.
        state.dry = 0;
        if self.family.is_some() {
            state.family.push(candidate.puzzle.to_line());
        }
        if state.reported >= self.wanted {
            state.pending.push(candidate.puzzle.to_line());
            return ControlFlow::Continue(());
        }
        state.report(candidate.form);
        emit(Found {
            number: state.reported - 1,
            puzzle: candidate.puzzle,
            solution: candidate.solution,
            rated: state.rated,
            extra: rated.extra,
        })
    }
}

/// What a merge reads and adds to besides the state: the forms reported
/// and rated, and the puzzles of the families kept ([`kept_apart`]).
struct Sets<'a> {
    reported: &'a mut HashSet<u128>,
    seen: &'a mut HashSet<u64>,
    apart: &'a [Grid],
}

/// Restarts the pool: from the family just found if there was one (the
/// family before joins the older ones, the oldest beyond
/// [`FAMILIES_KEPT`] forgotten); else from the family before, until
/// [`KICK_TRIES`] restarts from it in a row found nothing, when it goes to
/// the back of the older families and the pool starts once from fresh
/// puzzles; after fresh puzzles that found nothing, from the newest older
/// family. So the restarts go round every family kept, with fresh puzzles
/// between, until one finds.
fn restart(state: &mut State) {
    if !state.family.is_empty() {
        if !state.last_family.is_empty() {
            state.older_families.push(std::mem::take(&mut state.last_family));
        }
        let excess = (state.older_families.len() + 1).saturating_sub(FAMILIES_KEPT);
        state.older_families.drain(..excess);
        state.last_family = std::mem::take(&mut state.family);
        state.kicks_failed = 0;
    } else if !state.last_family.is_empty() {
        state.kicks_failed += 1;
        if state.kicks_failed >= KICK_TRIES {
            let tried = std::mem::take(&mut state.last_family);
            state.older_families.insert(0, tried);
            state.kicks_failed = 0;
        }
    } else if let Some(newest) = state.older_families.pop() {
        state.last_family = newest;
    }
    state.pool.members.clear();
    state.stale = 0;
    state.dry = 0;
    state.fresh = 0;
    state.restarts += 1;
}

/// The puzzles of the families a filter search keeps: the family before
/// and the older ones.
fn kept_apart(state: &State) -> Vec<Grid> {
    let lines = state.older_families.iter().flatten().chain(&state.last_family);
    lines.filter_map(|line| line.parse().ok()).collect()
}

/// The most of its clues `puzzle` shares with any of `others` (same
/// cell, same digit; a share of the fewer clues of the two), 0 for none.
fn closest_share(puzzle: &Grid, others: &[Grid]) -> f64 {
    let clues: Vec<(usize, u8)> = (0..puzzle.cells().len()).map(|c| (c, puzzle.get(c))).filter(|&(_, d)| d != 0).collect();
    let share = |other: &Grid| {
        let shared = clues.iter().filter(|&&(c, d)| other.get(c) == d).count();
        let fewer = clues.len().min(other.given_count()).max(1);
        shared as f64 / fewer as f64
    };
    others.iter().map(share).fold(0.0, f64::max)
}

/// What a wanted candidate sharing `share` of its clues with a puzzle of
/// a family kept (more than [`FAMILY_SHARE`]) loses from its fit.
fn close_penalty(share: f64) -> f32 {
    let past = ((share - FAMILY_SHARE) / (1.0 - FAMILY_SHARE)).clamp(0.0, 1.0);
    CLOSE_PENALTY * (CLOSE_FLOOR + (1.0 - CLOSE_FLOOR) * past as f32)
}

#[cfg(test)]
mod tests;
