//! Bounded CPU work for the server: at most `threads` pieces of puzzle
//! work at once on tokio's blocking pool, at most `queue` requests
//! waiting for one, and one deadline per request.
//!
//! Puzzle work never runs on the async workers, so a slow rating cannot
//! hold up the requests that only read or write; and the queue bound
//! turns overload into quick 503 answers instead of growing memory.

use super::api::ApiError;
use axum::http::StatusCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// The server's bounded pool of puzzle work.
pub(crate) struct Work {
    permits: Arc<Semaphore>,
    waiting: AtomicUsize,
    queue: usize,
    timeout: Duration,
}

impl Work {
    /// `threads` pieces of work at once, `queue` waiting, each request
    /// given `timeout` in all.
    pub(crate) fn new(threads: usize, queue: usize, timeout: Duration) -> Work {
        Work {
            permits: Arc::new(Semaphore::new(threads.max(1))),
            waiting: AtomicUsize::new(0),
            queue,
            timeout,
        }
    }

    /// Runs `job` on the blocking pool once a worker is free, handing it
    /// the request's deadline (which the job passes to the library's
    /// limits). 503 when the queue is full or no worker frees up before
    /// the deadline; 504 when the job is still running at the deadline
    /// (it stops soon after, at its own limits).
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce(Instant) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let deadline = Instant::now() + self.timeout;
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.queue {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is busy: too many requests waiting",
            ));
        }
        let permit =
            tokio::time::timeout_at(deadline.into(), Arc::clone(&self.permits).acquire_owned()).await;
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        let Ok(Ok(permit)) = permit else {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is busy: no worker was free in time",
            ));
        };
        let task = tokio::task::spawn_blocking(move || {
            // Held until the job ends, even when its client has gone.
            let _permit = permit;
            job(deadline)
        });
        let grace = Duration::from_millis(500);
        match tokio::time::timeout_at((deadline + grace).into(), task).await {
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
}
