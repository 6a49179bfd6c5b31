//! One backend and one grader per shape, per thread, owned by the library.
//!
//! Building a DLX matrix or a grader costs more than solving one 9x9
//! puzzle, so the one-line calls, the print layer and every front end
//! borrow them from here instead of building their own. Each thread keeps
//! its own (a backend is mutable search state); a call made while the
//! same thread already borrows one (a nested call) gets a fresh one, which
//! then replaces nothing.

use crate::engine::{Backend, BackendKind};
use crate::shape::Shape;
use crate::variant::Variant;
use crate::verify::{GradeError, Grader};
use std::cell::RefCell;
use std::collections::HashMap;

thread_local! {
    static BACKENDS: RefCell<HashMap<(BackendKind, Shape), Box<dyn Backend>>> = RefCell::new(HashMap::new());
    static GRADERS: RefCell<HashMap<Shape, Grader>> = RefCell::new(HashMap::new());
    /// Graders of variant rules, by shape and rules; a few per thread
    /// (a batch has one set of rules, or a handful).
    static VARIANT_GRADERS: RefCell<HashMap<(Shape, Variant), Grader>> = RefCell::new(HashMap::new());
}

/// Runs `work` on this thread's backend of `kind` for `shape`, built on
/// first use.
pub(crate) fn with_backend<R>(
    kind: BackendKind,
    shape: Shape,
    work: impl FnOnce(&mut dyn Backend) -> R,
) -> R {
    let taken = BACKENDS.with(|b| b.borrow_mut().remove(&(kind, shape)));
    let mut backend = taken.unwrap_or_else(|| kind.build(shape));
    let result = work(backend.as_mut());
    BACKENDS.with(|b| {
        b.borrow_mut().entry((kind, shape)).or_insert(backend);
    });
    result
}

/// A backend lent by this thread's cache to an owner that keeps it for
/// a while (a generator, built per request by a server): dropped, it goes
/// back to the cache of the thread that drops it, so the next owner built
/// there skips building the matrix.
pub(crate) struct LentBackend {
    key: (BackendKind, Shape),
    backend: Option<Box<dyn Backend>>,
}

impl LentBackend {
    /// This thread's cached backend of `kind` for `shape`, or a new one.
    pub(crate) fn take(kind: BackendKind, shape: Shape) -> LentBackend {
        let taken = BACKENDS.with(|b| b.borrow_mut().remove(&(kind, shape)));
        LentBackend {
            key: (kind, shape),
            backend: Some(taken.unwrap_or_else(|| kind.build(shape))),
        }
    }

    /// The backend.
    pub(crate) fn get(&mut self) -> &mut dyn Backend {
        self.backend.as_deref_mut().expect("held until dropped")
    }
}

impl Drop for LentBackend {
    fn drop(&mut self) {
        if let Some(backend) = self.backend.take() {
            // During thread teardown the cache may be gone: the backend is
            // then simply dropped.
            let _ = BACKENDS.try_with(|b| {
                if let Ok(mut cache) = b.try_borrow_mut() {
                    cache.entry(self.key).or_insert(backend);
                }
            });
        }
    }
}

/// Runs `work` on this thread's grader for `shape` (DLX for uniqueness,
/// then the logical solver), built on first use.
pub(crate) fn with_grader<R>(shape: Shape, work: impl FnOnce(&mut Grader) -> R) -> R {
    let taken = GRADERS.with(|g| g.borrow_mut().remove(&shape));
    let mut grader = taken.unwrap_or_else(|| Grader::new(shape));
    let result = work(&mut grader);
    GRADERS.with(|g| {
        g.borrow_mut().entry(shape).or_insert(grader);
    });
    result
}

/// Most variant graders a thread keeps: past it the cache starts afresh,
/// so that records naming many different jigsaw maps cannot grow it
/// without bound.
const MAX_VARIANT_GRADERS: usize = 16;

/// Runs `work` on this thread's grader for `variant` on `shape` (the
/// classic one for classic rules), built on first use; an error for rules
/// the grader does not rate.
pub(crate) fn with_variant_grader<R>(
    shape: Shape,
    variant: &Variant,
    work: impl FnOnce(&mut Grader) -> R,
) -> Result<R, GradeError> {
    if variant.is_classic() {
        return Ok(with_grader(shape, work));
    }
    let key = (shape, variant.clone());
    let taken = VARIANT_GRADERS.with(|g| g.borrow_mut().remove(&key));
    let mut grader = match taken {
        Some(g) => g,
        None => Grader::for_variant(shape, variant)?,
    };
    let result = work(&mut grader);
    VARIANT_GRADERS.with(|g| {
        let mut cache = g.borrow_mut();
        if cache.len() >= MAX_VARIANT_GRADERS {
            cache.clear();
        }
        cache.entry(key).or_insert(grader);
    });
    Ok(result)
}
