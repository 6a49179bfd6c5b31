//! Per-record search bounds: a node budget and a timeout, so that a record
//! that needs more gets a "gave up after ..." result of its own instead of
//! stalling a batch. The command line's `--budget` and `--timeout` are
//! these; [`crate::grade_within`] and [`crate::count_within`]
//! honour them.
//!
//! The engines bound their searches by nodes, not by time (a clock read
//! per node would cost more than the node). A timeout is therefore met by
//! counting with growing node budgets: each try doubles the last, capped
//! by the nodes the remaining time allows at the rate measured so far.
//! Searches are deterministic, so a try with no more nodes than a failed
//! one cannot finish and is not made; the tries together cost at most
//! about twice the final one.

use crate::engine::{Backend, Count, EffortUnit};
use crate::grid::Grid;
use std::fmt;
use std::time::{Duration, Instant};

/// The search bounds of one record; the default is no bound.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Give up after this many search nodes per engine (DLX: search-tree
    /// nodes; SAT: solver calls).
    pub budget: Option<u64>,
    /// Give up after this much time. Checked between search tries and
    /// between logical steps, so a record may overrun by one step.
    pub timeout: Option<Duration>,
}

/// Parses a number of seconds, for a timeout: finite or `inf`, not negative. Values too large
/// for a `Duration` saturate (they mean "no limit" in practice) rather
/// than overflow.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let bad = |why: &str| {
        format!(
            "'{}' is not a number of seconds: {why}",
            crate::shape::quote(text)
        )
    };
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| bad("expected a number such as 2 or 0.5"))?;
    if seconds.is_nan() {
        return Err(bad("expected a number such as 2 or 0.5"));
    }
    if seconds < 0.0 {
        return Err(bad("it must not be negative"));
    }
    Ok(Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX))
}

/// When a deadline `after` from `start` falls; `None` when it is too far
/// to represent, which is the same as no deadline.
pub(crate) fn deadline(start: Instant, after: Option<Duration>) -> Option<Instant> {
    after.and_then(|t| start.checked_add(t))
}

/// Which bound stopped a record.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The node budget was spent.
    Budget(u64),
    /// The timeout passed, or would pass before the next try could finish.
    Timeout(Duration),
}

/// A record given up on: which bound, after how much work and time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GaveUp {
    /// The bound that stopped it.
    pub(crate) bound: Bound,
    /// Search nodes spent on the record, all tries together.
    pub(crate) nodes: u64,
    /// Time spent on the record.
    pub(crate) elapsed: Duration,
    /// Solutions seen before stopping: a lower bound.
    pub(crate) solutions: u64,
}

impl std::error::Error for GaveUp {}

impl GaveUp {
    internal_pub! {
        /// What the search had settled when it stopped, as an incomplete
        /// count: a lower bound on the solutions and the effort spent.
        fn count(&self) -> Count {
            Count {
                solutions: self.solutions,
                first: None,
                effort: self.nodes,
                complete: false,
            }
        }
    }
}

impl fmt::Display for GaveUp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.elapsed.as_secs_f64();
        match self.bound {
            Bound::Budget(b) => write!(f, "gave up after {} nodes (budget {b}), {secs:.2} s", self.nodes),
            Bound::Timeout(t) => write!(
                f,
                "gave up after {secs:.2} s (timeout {} s), {} nodes",
                t.as_secs_f64(),
                self.nodes
            ),
        }
    }
}

/// Nodes of the first try under a timeout: about a millisecond of DLX
/// search, so easy records finish in one try.
pub(crate) const FIRST_TRY: u64 = 1 << 14;

/// Solver calls of the first SAT try under a timeout.
const FIRST_SAT_TRY: u64 = 16;

/// The budget of the first try of a count up to `limit` by an engine
/// whose effort is counted in `unit`. SAT counts in solver calls, each
/// one a whole solve: a complete count needs limit + 1 of them, so small
/// limits finish in one try.
pub(crate) fn first_try(unit: EffortUnit, limit: u64) -> u64 {
    match unit {
        EffortUnit::SolveCalls => limit.saturating_add(1).min(FIRST_SAT_TRY),
        _ => FIRST_TRY,
    }
}

/// The bounds as they apply to one record, from the moment it started.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RecordClock {
    limits: Limits,
    start: Instant,
    deadline: Option<Instant>,
}

impl RecordClock {
    /// Starts the clock for one record.
    pub(crate) fn start(limits: Limits) -> RecordClock {
        let start = Instant::now();
        RecordClock {
            limits,
            start,
            deadline: deadline(start, limits.timeout),
        }
    }

    /// The instant the record must be done by, if any.
    pub(crate) fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The result for a record stopped by the timeout.
    pub(crate) fn timed_out(&self, nodes: u64, solutions: u64) -> GaveUp {
        GaveUp {
            bound: Bound::Timeout(self.limits.timeout.unwrap_or(Duration::MAX)),
            nodes,
            elapsed: self.start.elapsed(),
            solutions,
        }
    }

    /// Counts `puzzle`'s solutions up to `limit` within the bounds.
    pub(crate) fn count(&self, engine: &mut dyn Backend, puzzle: &Grid, limit: u64) -> Result<Count, GaveUp> {
        let first = first_try(engine.capabilities().effort_unit, limit);
        self.count_by(first, |budget| engine.count(puzzle, limit, budget))
    }

    /// A count within the bounds by `count`, a search that stops after
    /// the node budget it is given: under a timeout, tries of growing
    /// budgets from `first`, with the clock checked between them.
    pub(crate) fn count_by(
        &self,
        first: u64,
        mut count: impl FnMut(Option<u64>) -> Count,
    ) -> Result<Count, GaveUp> {
        let budget = self.limits.budget;
        let Some(deadline) = self.deadline else {
            let count = count(budget);
            let nodes = count.effort;
            return self.settled(count, budget.unwrap_or(u64::MAX), nodes);
        };
        let mut try_nodes = first.min(budget.unwrap_or(u64::MAX));
        let mut spent = 0u64;
        loop {
            let count = count(Some(try_nodes));
            spent = spent.saturating_add(count.effort);
            if count.complete || budget.is_some_and(|b| try_nodes >= b) {
                return self.settled(count, try_nodes, spent);
            }
            match self.next_try(try_nodes, spent, deadline) {
                Some(next) => try_nodes = next.min(budget.unwrap_or(u64::MAX)),
                None => return Err(self.timed_out(spent, count.solutions)),
            }
        }
    }

    /// A count that finished or ran out of `budget`.
    fn settled(&self, count: Count, budget: u64, spent: u64) -> Result<Count, GaveUp> {
        if count.complete {
            return Ok(count);
        }
        Err(GaveUp {
            bound: Bound::Budget(budget),
            nodes: spent,
            elapsed: self.start.elapsed(),
            solutions: count.solutions,
        })
    }

    /// The node budget of the next try: double the last, but no more than
    /// the time left allows at the rate seen so far; `None` when even the
    /// last try's budget no longer fits.
    fn next_try(&self, last: u64, spent: u64, deadline: Instant) -> Option<u64> {
        let now = Instant::now();
        let left = deadline.checked_duration_since(now)?.as_secs_f64();
        let rate = spent as f64 / self.start.elapsed().as_secs_f64().max(1e-6);
        let affordable = rate * left;
        let doubled = last.saturating_mul(2);
        if affordable >= doubled as f64 {
            Some(doubled)
        } else if affordable > last as f64 {
            Some(affordable as u64)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_parse_or_say_why() {
        assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_seconds("0"), Ok(Duration::ZERO));
        for huge in ["1e30", "1e308", "inf", "infinity"] {
            assert_eq!(parse_seconds(huge), Ok(Duration::MAX), "{huge}");
        }
        // 1e19 s fits a Duration but not an Instant: no deadline, no panic.
        let far = parse_seconds("1e19").unwrap();
        assert_eq!(deadline(Instant::now(), Some(far)), None);
        for bad in ["NaN", "nan", "-1", "-0.5", "-inf", "abc", "", "1s"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
        assert!(parse_seconds("-1").unwrap_err().contains("negative"));
        let start = Instant::now();
        assert_eq!(deadline(start, Some(Duration::MAX)), None);
        assert_eq!(deadline(start, None), None);
    }

    #[test]
    fn gave_up_says_which_bound() {
        let g = GaveUp {
            bound: Bound::Budget(1000),
            nodes: 1000,
            elapsed: Duration::from_millis(20),
            solutions: 0,
        };
        assert_eq!(g.to_string(), "gave up after 1000 nodes (budget 1000), 0.02 s");
        let g = GaveUp {
            bound: Bound::Timeout(Duration::from_millis(500)),
            ..g
        };
        assert_eq!(g.to_string(), "gave up after 0.02 s (timeout 0.5 s), 1000 nodes");
    }
}
