//! A stock of prepared puzzles for `generate` requests that fix no seed.
//!
//! Such a request (a game page's "new puzzle") may get any puzzle of its
//! kind, so one made ahead of demand answers it at once instead of after
//! the fill, the dig and the rating. Generating one costs the same
//! whenever it happens; what the stock changes is *when*: puzzles are
//! made while the cores would otherwise idle, so a burst of requests
//! finds them ready instead of queueing behind each other's work.
//!
//! Each common kind (9x9, one puzzle, a level or none, and no other
//! option) has a shelf of at most `size` puzzles, kept full by threads
//! of lower priority than the requests' work. A shelf is stocked only
//! once its kind has been asked for, so a server pays only for what its
//! clients use. Every stocked puzzle is puzzle 0 of its own seed, made
//! by the same plan a request with that seed gets, so its record
//! reproduces it exactly.

use super::priority::lower_priority;
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use sudoku_dlx::{Level, Plan, PlanBuilder, Puzzle, Shape};

/// Most puzzles a shelf may hold (`--stock`), which bounds the memory.
pub(crate) const MOST_STOCKED: usize = 1000;

/// The kinds of request the stock serves: 9x9, one puzzle, no seed, and
/// at most a level or the rating flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Kind {
    /// The level asked for, if any.
    pub(crate) level: Option<Level>,
    /// Whether the record carries a rating (always, with a level).
    pub(crate) rated: bool,
}

/// Shelves: one per level, then unrated and rated puzzles of any level.
const SHELVES: usize = Level::ALL.len() + 2;

impl Kind {
    fn shelf(self) -> usize {
        match self.level {
            Some(level) => level as usize,
            None => Level::ALL.len() + usize::from(self.rated),
        }
    }

    fn of_shelf(shelf: usize) -> Kind {
        match Level::ALL.get(shelf) {
            Some(&level) => Kind {
                level: Some(level),
                rated: true,
            },
            None => Kind {
                level: None,
                rated: shelf > Level::ALL.len(),
            },
        }
    }

    /// The plan that makes puzzle 0 of `seed` of this kind: the one a
    /// request of this kind with that seed gets, so both make the same
    /// puzzle.
    pub(crate) fn plan(self, seed: u64) -> PlanBuilder {
        let mut builder = Plan::builder(Shape::CLASSIC).seed(seed).count(1);
        if let Some(level) = self.level {
            builder = builder.difficulty(level);
        }
        builder.rate(self.rated || self.level.is_some())
    }
}

/// One kind's prepared puzzles.
#[derive(Default)]
struct Shelf {
    puzzles: VecDeque<Puzzle>,
    /// Puzzles being made for it now.
    making: usize,
    /// Whether its kind has been asked for (and its last making worked).
    wanted: bool,
}

/// The shelves and the threads that fill them.
pub(crate) struct Stock {
    size: usize,
    shelves: Mutex<[Shelf; SHELVES]>,
    /// Signalled when a puzzle is taken or a shelf becomes wanted.
    changed: Condvar,
    /// How long the making of one puzzle may take.
    timeout: Duration,
}

impl Stock {
    /// Shelves of `size` puzzles filled by `threads` threads, each puzzle
    /// given `timeout`; `None` when `size` is 0 (no stock).
    pub(crate) fn start(size: usize, threads: usize, timeout: Duration) -> Option<Arc<Stock>> {
        if size == 0 {
            return None;
        }
        let stock = Arc::new(Stock {
            size: size.min(MOST_STOCKED),
            shelves: Mutex::new(Default::default()),
            changed: Condvar::new(),
            timeout,
        });
        for _ in 0..threads.max(1) {
            let filler = Arc::clone(&stock);
            let spawned = std::thread::Builder::new().name("stock".into()).spawn(move || {
                lower_priority();
                filler.fill();
            });
            if let Err(e) = spawned {
                super::super::batch::warn(format_args!("sudoku-dlx serve: no thread for the stock: {e}"));
            }
        }
        Some(stock)
    }

    fn shelves(&self) -> MutexGuard<'_, [Shelf; SHELVES]> {
        // A panic never happens with the lock held (puzzles are made
        // outside it), so a poisoned lock still holds whole shelves.
        self.shelves.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A prepared puzzle of `kind`, or `None` when its shelf is empty
    /// (the shelf is then stocked for the next requests).
    pub(crate) fn take(&self, kind: Kind) -> Option<Puzzle> {
        let taken = {
            let mut shelves = self.shelves();
            let shelf = &mut shelves[kind.shelf()];
            shelf.wanted = true;
            shelf.puzzles.pop_front()
        };
        self.changed.notify_one();
        taken
    }

    /// Makes puzzles for the emptiest wanted shelf, for ever; waits while
    /// every wanted shelf is full.
    fn fill(&self) {
        loop {
            let shelf = {
                let mut shelves = self.shelves();
                loop {
                    if let Some(shelf) = self.emptiest(&shelves[..]) {
                        shelves[shelf].making += 1;
                        break shelf;
                    }
                    shelves = self.changed.wait(shelves).unwrap_or_else(|e| e.into_inner());
                }
            };
            let made = make(Kind::of_shelf(shelf), self.timeout);
            let mut shelves = self.shelves();
            let target = &mut shelves[shelf];
            target.making -= 1;
            match made {
                Some(puzzle) => target.puzzles.push_back(puzzle),
                // A kind that cannot be made in time is not stocked
                // again until it is asked for again.
                None => target.wanted = false,
            }
        }
    }

    /// The wanted shelf with the fewest puzzles (made or being made)
    /// below the size, if any.
    fn emptiest(&self, shelves: &[Shelf]) -> Option<usize> {
        (0..shelves.len())
            .filter(|&i| shelves[i].wanted)
            .map(|i| (shelves[i].puzzles.len() + shelves[i].making, i))
            .filter(|&(held, _)| held < self.size)
            .min()
            .map(|(_, i)| i)
    }
}

/// Puzzle 0 of a fresh seed of `kind`, or `None` if it was not made
/// within `timeout`.
fn make(kind: Kind, timeout: Duration) -> Option<Puzzle> {
    let plan = kind
        .plan(fresh_seed())
        .deadline(Some(Instant::now() + timeout))
        .build()
        .ok()?;
    let made = plan.puzzles().next()?.ok();
    made
}

/// A new seed for a request that fixes none. Below 2^53, so that a
/// JavaScript number holds it exactly and a page can ask for the same
/// puzzle again.
pub(crate) fn fresh_seed() -> u64 {
    rand::random::<u64>() >> 11
}
