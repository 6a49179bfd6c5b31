//! The deadline of the current solve, kept per thread: the chaining
//! engines and their inner searches all read it, so it lives apart from
//! the module that dispatches between them.

thread_local! {
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

/// Records that the deadline cut short an engine of base rating `base`,
/// unless an earlier engine was cut already.
pub(super) fn note_cut(base: f64) {
    if CUT_AT.get().is_none() {
        CUT_AT.set(Some(base));
    }
}
