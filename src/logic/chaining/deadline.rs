//! The deadline of the current solve, and the stop signal of a search
//! made ahead of need, kept per thread: the chaining engines and their
//! inner searches all read them, so they live apart from the module that
//! dispatches between them.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

thread_local! {
    /// The stop signals of the search on this thread (see [`with_stop`]).
    static STOP: std::cell::RefCell<StopSignals> = const { std::cell::RefCell::new(StopSignals(Vec::new())) };
    /// When the current solve must stop (see [`with_deadline`]).
    static DEADLINE: std::cell::Cell<Option<std::time::Instant>> = const { std::cell::Cell::new(None) };
    /// The base rating of the first engine the deadline cut short.
    static CUT_AT: std::cell::Cell<Option<f64>> = const { std::cell::Cell::new(None) };
}

/// The base rating of the first chaining engine the deadline cut short in
/// the last [`with_deadline`] run, if one was: every engine before it
/// found nothing, so the next step is rated at least this (the engines'
/// bases rise along [`Engine::ORDER`](super::Engine::ORDER) from there on).
pub fn cut_at() -> Option<f64> {
    CUT_AT.get()
}

/// Runs `f` with chain searches that stop early once `deadline` has
/// passed (their answer is then incomplete: the caller, which set the
/// deadline, must check it after `f` and drop the answer).
pub fn with_deadline<T>(deadline: Option<std::time::Instant>, f: impl FnOnce() -> T) -> T {
    let outer = DEADLINE.replace(deadline);
    CUT_AT.set(None);
    let result = f();
    DEADLINE.set(outer);
    result
}

/// Whether the current solve's deadline has passed.
pub(super) fn past_deadline() -> bool {
    DEADLINE.get().is_some_and(|d| std::time::Instant::now() >= d)
}

/// Whether the search on this thread must stop where it is: its solve's
/// deadline has passed, or it was called off (see [`with_stop`]).
pub(super) fn cut_short() -> bool {
    past_deadline() || stopped()
}

/// Whether this thread's solve has a deadline.
pub(super) fn has_deadline() -> bool {
    DEADLINE.get().is_some()
}

/// The signals that call a search off, any one of them set: a search
/// made ahead of need inside another one made ahead of need stops with
/// either.
#[derive(Clone, Debug, Default)]
pub struct StopSignals(Vec<Arc<AtomicBool>>);

impl StopSignals {
    /// The signals of the search on this thread: for a search it starts
    /// on another thread.
    pub fn current() -> StopSignals {
        STOP.with_borrow(Clone::clone)
    }

    /// These signals and `stop`.
    pub fn and(mut self, stop: Arc<AtomicBool>) -> StopSignals {
        self.0.push(stop);
        self
    }

    /// Whether one of them is set.
    pub fn any(&self) -> bool {
        self.0.iter().any(|s| s.load(Ordering::Relaxed))
    }
}

/// Runs `f` with chain searches that give up, finding nothing, once one
/// of `signals` is set: for a search made ahead of need, whose answer the
/// caller drops when it sets a signal.
pub fn with_stop<T>(signals: StopSignals, f: impl FnOnce() -> T) -> T {
    let outer = STOP.replace(signals);
    let result = f();
    STOP.set(outer);
    result
}

/// Whether this thread's search was called off.
pub(super) fn stopped() -> bool {
    STOP.with_borrow(StopSignals::any)
}

/// Records that the deadline cut short an engine of base rating `base`,
/// unless an earlier engine was cut already.
pub(super) fn note_cut(base: f64) {
    if CUT_AT.get().is_none() {
        CUT_AT.set(Some(base));
    }
}
