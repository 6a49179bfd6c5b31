//! `sudoku-dlx serve`: the library as a JSON HTTP API, with the web page
//! that plays on it (docs/serve.md).
//!
//! The HTTP side is async (axum on tokio) so that slow or idle clients
//! cost a task, not a thread; every piece of puzzle work is CPU-bound and
//! runs on tokio's blocking pool behind a semaphore ([`Work`]), never on
//! the async workers. Each request has one deadline that the library's
//! own limits also get, so work past it stops instead of running on.

mod api;
mod error;
mod listener;
mod priority;
mod stock;
mod work;

use anyhow::{Context, Result};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use clap::Args;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use sudoku_dlx::limits::parse_seconds;
use work::{App, Work};

/// Options of `serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address and port to listen on (port 0: any free port, printed on
    /// standard error).
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: SocketAddr,
    /// Puzzle work running at once (0: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Requests waiting for a worker before new ones get 503.
    #[arg(long, default_value_t = 256)]
    queue: usize,
    /// Seconds a request may take, waiting included; past it, 504.
    #[arg(long, default_value = "10", value_parser = parse_seconds)]
    timeout: Duration,
    /// Largest request body in bytes; larger ones get 413.
    #[arg(long, default_value_t = 1 << 20)]
    max_body: usize,
    /// Connections open at once; further clients wait to be accepted
    /// until one closes.
    #[arg(long, default_value_t = 1024)]
    max_connections: usize,
    /// Prepared puzzles kept per common kind of `generate` request that
    /// fixes no seed (0: none; at most 1000).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(0..=stock::MOST_STOCKED as u64))]
    stock: u64,
}

/// Runs the server until Ctrl-C or SIGTERM, then lets the requests in
/// flight finish.
pub fn run(args: ServeArgs) -> Result<i32> {
    let threads = if args.threads == 0 {
        std::thread::available_parallelism().map_or(2, |n| n.get())
    } else {
        args.threads
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads.clamp(1, 4))
        .max_blocking_threads(threads + 2)
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(serve(args, threads))
}

async fn serve(args: ServeArgs, threads: usize) -> Result<i32> {
    // Before the first request can be answered: a signal that came
    // between the two would otherwise still kill the process outright.
    let stop = Shutdown::listen();
    let app = Arc::new(App {
        work: Work::new(threads, args.queue, args.timeout),
        timeout: args.timeout,
        stock: stock::Stock::start(args.stock as usize, threads, args.timeout),
    });
    let listener = tokio::net::TcpListener::bind(args.bind)
        .await
        .with_context(|| format!("cannot listen on {}", args.bind))?;
    let addr = listener.local_addr()?;
    super::batch::warn(format_args!("sudoku-dlx serve: listening on http://{addr}/"));
    let router = router(app, args.max_body);
    let listener = listener::CappedListener::new(listener, args.max_connections);
    axum::serve(
        listener,
        router.into_make_service_with_connect_info::<listener::ClientAddr>(),
    )
    .with_graceful_shutdown(stop.wait())
    .await
    .context("the server stopped")?;
    super::batch::warn("sudoku-dlx serve: stopped");
    Ok(0)
}

/// The routes, the body limit, the timeout and the access log.
pub(crate) fn router(app: Arc<App>, max_body: usize) -> Router {
    Router::new()
        .route(
            "/",
            get(|| {
                page(
                    "text/html; charset=utf-8",
                    include_str!("../../../web/index.html"),
                )
            }),
        )
        .route(
            "/app.js",
            get(|| {
                page(
                    "text/javascript; charset=utf-8",
                    include_str!("../../../web/app.js"),
                )
            }),
        )
        .route(
            "/style.css",
            get(|| page("text/css; charset=utf-8", include_str!("../../../web/style.css"))),
        )
        .route(
            "/openapi.json",
            get(|| page("application/json", include_str!("openapi.json"))),
        )
        .route("/api/health", get(api::health))
        .route("/api/generate", post(api::generate))
        .route("/api/rate", post(api::rate))
        .route("/api/explain", post(api::explain))
        .route("/api/hint", post(api::hint))
        .route("/api/check", post(api::check))
        .route("/api/daily", get(api::daily))
        .route("/api/canon", post(api::canon))
        .route("/api/print", post(api::print))
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(max_body))
        .layer(middleware::from_fn_with_state(Arc::clone(&app), access_log))
        .with_state(app)
}

/// A static file embedded in the binary.
async fn page(kind: &'static str, body: &'static str) -> Response {
    let mut response = body.into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    response
}

/// One line per request on standard error: client, method, path,
/// status, milliseconds, and `stock` for a puzzle from the stock. The whole request (a slow client's body
/// included) gets a little more than the work's own deadline, so that
/// work stopped by the library's limits reports itself first.
async fn access_log(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let start = Instant::now();
    let client = request
        .extensions()
        .get::<ConnectInfo<listener::ClientAddr>>()
        .map_or_else(|| "-".to_string(), |c| c.0 .0.to_string());
    let (method, path) = (request.method().clone(), request.uri().path().to_string());
    let overall = app.timeout + Duration::from_secs(2);
    let response = match tokio::time::timeout(overall, next.run(request)).await {
        Ok(response) => response,
        Err(_) => error::ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "the request took longer than the server's timeout",
        )
        .into_response(),
    };
    let stocked = if response.extensions().get::<api::FromStock>().is_some() {
        " stock"
    } else {
        ""
    };
    super::batch::warn(format_args!(
        "{client} {method} {path} {} {:.1}ms{stocked}",
        response.status().as_u16(),
        start.elapsed().as_secs_f64() * 1e3
    ));
    response
}

/// Ctrl-C and SIGTERM, caught from the moment [`Shutdown::listen`]
/// returns (the handlers are installed then, not when the server first
/// polls [`Shutdown::wait`]). A handler that cannot be installed leaves
/// the other one working.
struct Shutdown {
    #[cfg(unix)]
    interrupt: Option<tokio::signal::unix::Signal>,
    #[cfg(unix)]
    terminate: Option<tokio::signal::unix::Signal>,
}

impl Shutdown {
    fn listen() -> Shutdown {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{signal, SignalKind};
            Shutdown {
                interrupt: signal(SignalKind::interrupt()).ok(),
                terminate: signal(SignalKind::terminate()).ok(),
            }
        }
        #[cfg(not(unix))]
        Shutdown {}
    }

    /// Resolves on Ctrl-C or SIGTERM.
    async fn wait(self) {
        #[cfg(unix)]
        {
            let received = |signal: Option<tokio::signal::unix::Signal>| async move {
                match signal {
                    Some(mut s) => {
                        s.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            tokio::select! {
                () = received(self.interrupt) => {},
                () = received(self.terminate) => {},
            }
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
        }
        super::batch::warn("sudoku-dlx serve: shutting down, finishing the requests in flight");
    }
}
