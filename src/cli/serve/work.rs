//! Bounded CPU work for the server: at most `threads` pieces of puzzle
//! work at once on tokio's blocking pool, at most `queue` requests
//! waiting for one, and one deadline per request.
//!
//! Puzzle work never runs on the async workers, so a slow rating cannot
//! hold up the requests that only read or write; and the queue bound
//! turns overload into quick 503 answers instead of growing memory.
//! Work on boards larger than 9x9 (which can take seconds where a 9x9
//! puzzle takes milliseconds) has its own, smaller bound and runs on
//! threads of lower priority, so that it slows the many small requests
//! down as little as possible while it lasts.

use super::error::ApiError;
use super::priority::lower_priority;
use axum::http::StatusCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// How much a request's work may weigh.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Weight {
    /// A 9x9 board or smaller.
    Light,
    /// A larger board.
    Heavy,
}

impl Weight {
    /// The weight of work on boards of side `n`.
    pub(crate) fn of_side(n: usize) -> Weight {
        if n > 9 {
            Weight::Heavy
        } else {
            Weight::Light
        }
    }
}

/// What every handler shares.
pub(crate) struct App {
    /// The bounded pool of puzzle work.
    pub(crate) work: Work,
    /// How long a request may take in all.
    pub(crate) timeout: Duration,
    /// Prepared puzzles for requests that fix no seed (`None`: no stock).
    pub(crate) stock: Option<Arc<super::stock::Stock>>,
}

/// The server's bounded pool of puzzle work.
pub(crate) struct Work {
    light: Arc<Semaphore>,
    heavy: Arc<Semaphore>,
    waiting: AtomicUsize,
    queue: usize,
    timeout: Duration,
}

impl Work {
    /// `threads` pieces of light work at once and half as many heavy
    /// ones (at least one), `queue` requests waiting, each request given
    /// `timeout` in all.
    pub(crate) fn new(threads: usize, queue: usize, timeout: Duration) -> Work {
        Work {
            light: Arc::new(Semaphore::new(threads.max(1))),
            heavy: Arc::new(Semaphore::new((threads / 2).max(1))),
            waiting: AtomicUsize::new(0),
            queue,
            timeout,
        }
    }

    /// Runs `job` once a worker of its weight is free, handing it the
    /// request's deadline (which the job passes to the library's
    /// limits). 503 when the queue is full or no worker frees up before
    /// the deadline; 504 when the job is still running at the deadline
    /// (it stops soon after, at its own limits).
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        weight: Weight,
        job: impl FnOnce(Instant) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let deadline = Instant::now() + self.timeout;
        let permit = self.permit(weight, deadline).await?;
        let (tx, rx) = tokio::sync::oneshot::channel();
        let work = move || {
            // Held until the job ends, even when its client has gone.
            let _permit = permit;
            let _ = tx.send(job(deadline));
        };
        match weight {
            Weight::Light => {
                tokio::task::spawn_blocking(work);
            }
            Weight::Heavy => {
                // A thread of its own, so that its lower priority (which
                // an unprivileged process cannot raise again) dies with
                // it rather than staying on a pooled thread.
                let spawned = std::thread::Builder::new()
                    .name("heavy work".into())
                    .spawn(move || {
                        lower_priority();
                        work();
                    });
                spawned.map_err(|e| {
                    ApiError::new(
                        StatusCode::SERVICE_UNAVAILABLE,
                        format!("no thread for the work: {e}"),
                    )
                })?;
            }
        }
        let grace = Duration::from_millis(500);
        match tokio::time::timeout_at((deadline + grace).into(), rx).await {
            Ok(Ok(result)) => result,
            Ok(Err(_)) => Err(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the work failed",
            )),
            Err(_) => Err(ApiError::new(
                StatusCode::GATEWAY_TIMEOUT,
                "the work did not finish within the request's time",
            )),
        }
    }

    /// A permit for work of `weight`, waiting at most until `deadline`.
    async fn permit(&self, weight: Weight, deadline: Instant) -> Result<OwnedSemaphorePermit, ApiError> {
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.queue {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is busy: too many requests waiting",
            ));
        }
        let pool = match weight {
            Weight::Light => &self.light,
            Weight::Heavy => &self.heavy,
        };
        let permit = tokio::time::timeout_at(deadline.into(), Arc::clone(pool).acquire_owned()).await;
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        match permit {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is busy: no worker was free in time",
            )),
        }
    }
}
