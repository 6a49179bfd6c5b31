//! The JSON API's handlers: read the body into a request type, run the
//! library call on the bounded pool within the request's deadline, and
//! answer with the output module's record (the same fields as the
//! command line's JSON) or a structured error.

use super::error::{json, ApiError};
use super::work::{App, Weight};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;
use sudoku_dlx::limits::Limits;
use sudoku_dlx::output::{Format, Record, Source, Writer};
use sudoku_dlx::{
    BackendKind, CheckMode, Error, GenerateError, GradeError, Graded, Grid, Level, Plan, RatingBand, Shape,
    Variant,
};

/// Puzzles one `generate` request may ask for.
const MOST_PUZZLES: u64 = 100;
/// Puzzles one `print` request may lay out.
const MOST_PRINTED: usize = 200;

/// The body read as `T`: 413 past the size limit, 400 for JSON that does
/// not read or fields that do not exist.
fn read<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = body.map_err(|e| ApiError::new(e.status(), e.body_text()).at("body"))?;
    serde_json::from_slice(&bytes).map_err(|e| {
        let place = format!("body line {} column {}", e.line(), e.column());
        ApiError::bad(
            format!("the body is not the JSON this endpoint takes: {e}"),
            &place,
        )
    })
}

/// A library error as an answer about `field`: 400 for text that does
/// not read, 422 for a puzzle or board that reads but cannot be used, 504
/// when the request's time or budget ran out.
fn refused(e: Error, field: &str) -> ApiError {
    match e {
        Error::Parse(p) => {
            let place = match p.column {
                Some(c) => format!("{field} column {c}"),
                None => field.to_string(),
            };
            ApiError::bad(p.message, &place)
        }
        Error::Rate(GradeError::GaveUp(g)) => ApiError::new(StatusCode::GATEWAY_TIMEOUT, g).at(field),
        Error::Generate(GenerateError::DeadlinePassed) => ApiError::new(
            StatusCode::GATEWAY_TIMEOUT,
            "the request's time ran out before the puzzles were made",
        ),
        Error::Board(_) => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e).at("board"),
        Error::Date(_) => ApiError::bad(e, "date"),
        e => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e).at(field),
    }
}

/// The limits of a job that must end by `deadline`.
fn limits(deadline: Instant) -> Limits {
    Limits {
        budget: None,
        timeout: Some(deadline.saturating_duration_since(Instant::now())),
    }
}

/// Records as JSON: one object, or `{"<key>": [...]}` for several.
fn records(key: Option<&str>, items: &[Record]) -> Result<String, ApiError> {
    let mut out = Vec::new();
    let mut writer = Writer::new(&mut out, Format::Jsonl, None).map_err(internal)?;
    for item in items {
        writer.record(item).map_err(internal)?;
    }
    writer.end().map_err(internal)?;
    let text = String::from_utf8(out).map_err(internal)?;
    let lines: Vec<&str> = text.lines().collect();
    Ok(match key {
        Some(key) => format!("{{\"{key}\":[{}]}}", lines.join(",")),
        None => lines.concat(),
    })
}

fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e)
}

fn source() -> Source {
    Source {
        file: "request".to_string(),
        line: 1,
    }
}

fn grid(text: &str, field: &str) -> Result<Grid, ApiError> {
    sudoku_dlx::formats::parse_line(text, None, 1).map_err(|e| refused(Error::Parse(e), field))
}

/// `GET /api/health`: the server answers.
pub(crate) async fn health() -> Response {
    json("{\"status\":\"ok\"}".to_string())
}

/// Anything else: 404 as JSON.
pub(crate) async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such endpoint: see /openapi.json")
}

/// `POST /api/generate`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GenerateRequest {
    shape: Option<String>,
    seed: Option<u64>,
    count: Option<u64>,
    difficulty: Option<String>,
    rating: Option<String>,
    symmetry: Option<String>,
    givens: Option<usize>,
    rate: Option<bool>,
    solution: Option<bool>,
    backend: Option<String>,
    max_attempts: Option<u32>,
}

pub(crate) async fn generate(
    State(app): State<Arc<App>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: GenerateRequest = read(body)?;
    let shape: Shape = match &request.shape {
        Some(s) => s.parse().map_err(|e| ApiError::bad(e, "shape"))?,
        None => Shape::CLASSIC,
    };
    let count = request.count.unwrap_or(1);
    if !(1..=MOST_PUZZLES).contains(&count) {
        return Err(ApiError::bad(
            format!("count must be 1 to {MOST_PUZZLES}"),
            "count",
        ));
    }
    let seed = request.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let mut builder = Plan::builder(shape).seed(seed).count(count);
    if let Some(level) = &request.difficulty {
        let level: Level = level.parse().map_err(|e| ApiError::bad(e, "difficulty"))?;
        builder = builder.difficulty(level);
    }
    if let Some(band) = &request.rating {
        let band: RatingBand = band.parse().map_err(|e| ApiError::bad(e, "rating"))?;
        builder = builder.rating(band.0);
    }
    if let Some(symmetry) = &request.symmetry {
        builder = builder.symmetry(symmetry.parse().map_err(|e| ApiError::bad(e, "symmetry"))?);
    }
    if let Some(givens) = request.givens {
        builder = builder.givens(givens);
    }
    if let Some(backend) = &request.backend {
        let kind: BackendKind = backend.parse().map_err(|e| ApiError::bad(e, "backend"))?;
        builder = builder.backend(kind);
    }
    if let Some(attempts) = request.max_attempts {
        builder = builder.max_attempts(attempts);
    }
    let rated = request.rate.unwrap_or(false) || request.difficulty.is_some() || request.rating.is_some();
    builder = builder.rate(rated);
    let with_solution = request.solution.unwrap_or(true);
    let text = app
        .work
        .run(Weight::of_side(shape.n()), move |deadline| {
            let plan = builder
                .deadline(Some(deadline))
                .build()
                .map_err(|e| refused(e.into(), "options"))?;
            let mut out = Vec::new();
            let mut writer = Writer::new(&mut out, Format::Jsonl, None).map_err(internal)?;
            for puzzle in plan.puzzles() {
                let puzzle = puzzle.map_err(|e| refused(e.into(), "options"))?;
                writer.puzzle(&puzzle, with_solution).map_err(internal)?;
            }
            writer.end().map_err(internal)?;
            let text = String::from_utf8(out).map_err(internal)?;
            let lines: Vec<&str> = text.lines().collect();
            Ok(format!("{{\"puzzles\":[{}]}}", lines.join(",")))
        })
        .await?;
    Ok(json(text))
}

/// A request about one puzzle.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PuzzleRequest {
    puzzle: String,
}

/// `POST /api/rate`.
pub(crate) async fn rate(
    State(app): State<Arc<App>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    graded(app, body, false, |puzzle, graded| {
        Ok(Record::rated(source(), puzzle, &graded))
    })
    .await
}

/// `POST /api/explain`.
pub(crate) async fn explain(
    State(app): State<Arc<App>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    graded(app, body, true, |puzzle, graded| {
        Record::explained(puzzle, graded, false).map_err(|e| refused(e.into(), "puzzle"))
    })
    .await
}

/// Grades the request's puzzle within its deadline (with the steps when
/// `keep_steps`) and answers with the record `record` makes of it.
async fn graded(
    app: Arc<App>,
    body: Result<Bytes, BytesRejection>,
    keep_steps: bool,
    record: fn(&Grid, Graded) -> Result<Record, ApiError>,
) -> Result<Response, ApiError> {
    let request: PuzzleRequest = read(body)?;
    let puzzle = grid(&request.puzzle, "puzzle")?;
    let text = app
        .work
        .run(Weight::of_side(puzzle.shape().n()), move |deadline| {
            let graded = sudoku_dlx::grade_within(&puzzle, limits(deadline), keep_steps)
                .map_err(|e| refused(e.into(), "puzzle"))?;
            records(None, &[record(&puzzle, graded)?])
        })
        .await?;
    Ok(json(text))
}

/// `POST /api/hint`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HintRequest {
    puzzle: String,
    board: Option<String>,
    pencilmarks: Option<Vec<Vec<u8>>>,
}

pub(crate) async fn hint(
    State(app): State<Arc<App>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: HintRequest = read(body)?;
    let puzzle = grid(&request.puzzle, "puzzle")?;
    let board = match &request.board {
        Some(text) => grid(text, "board")?,
        None => puzzle.clone(),
    };
    let text = app
        .work
        .run(Weight::of_side(puzzle.shape().n()), move |deadline| {
            let marks = request.pencilmarks.as_deref();
            let hint = sudoku_dlx::hint_within(&puzzle, &board, marks, limits(deadline))
                .map_err(|e| refused(e, "puzzle"))?;
            records(None, &[Record::hint(&puzzle, &board, hint)])
        })
        .await?;
    Ok(json(text))
}

/// `POST /api/check`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckRequest {
    puzzle: String,
    board: String,
    mode: Option<CheckMode>,
}

pub(crate) async fn check(
    State(app): State<Arc<App>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: CheckRequest = read(body)?;
    let puzzle = grid(&request.puzzle, "puzzle")?;
    let board = grid(&request.board, "board")?;
    let mode = request.mode.unwrap_or(CheckMode::Solution);
    let text = app
        .work
        .run(Weight::of_side(puzzle.shape().n()), move |deadline| {
            let mistakes = sudoku_dlx::check_board(&puzzle, &board, mode, limits(deadline))
                .map_err(|e| refused(e, "puzzle"))?;
            records(None, &[Record::board_check(&puzzle, &board, mode, mistakes)])
        })
        .await?;
    Ok(json(text))
}

/// `GET /api/daily?date=YYYY-MM-DD&difficulty=LEVEL`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DailyQuery {
    date: Option<String>,
    difficulty: Option<String>,
}

/// Daily puzzles already made, by date and level: the same for every
/// client, so made once. Bounded: cleared when full.
fn daily_cache() -> &'static Mutex<HashMap<(String, Level), String>> {
    static CACHE: OnceLock<Mutex<HashMap<(String, Level), String>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

pub(crate) async fn daily(
    State(app): State<Arc<App>>,
    query: Result<Query<DailyQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad(e.body_text(), "query"))?;
    let date = query.date.unwrap_or_else(super::super::play::current_date);
    let level: Level = match &query.difficulty {
        Some(l) => l.parse().map_err(|e| ApiError::bad(e, "difficulty"))?,
        None => Level::Medium,
    };
    let key = (date.clone(), level);
    if let Some(text) = daily_cache().lock().map_err(internal)?.get(&key) {
        return Ok(json(text.clone()));
    }
    let text = app
        .work
        .run(Weight::Light, move |_| {
            let puzzle = sudoku_dlx::daily(&date, level).map_err(|e| refused(e, "date"))?;
            let mut out = Vec::new();
            let mut writer = Writer::new(&mut out, Format::Jsonl, None).map_err(internal)?;
            writer.puzzle(&puzzle, true).map_err(internal)?;
            writer.end().map_err(internal)?;
            String::from_utf8(out)
                .map(|s| s.trim_end().to_string())
                .map_err(internal)
        })
        .await?;
    let mut cache = daily_cache().lock().map_err(internal)?;
    if cache.len() >= 64 {
        cache.clear();
    }
    cache.insert(key, text.clone());
    Ok(json(text))
}

/// `POST /api/canon`.
pub(crate) async fn canon(
    State(app): State<Arc<App>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: PuzzleRequest = read(body)?;
    let puzzle = grid(&request.puzzle, "puzzle")?;
    let text = app
        .work
        .run(Weight::of_side(puzzle.shape().n()), move |_| {
            // A budget rather than the clock: the search has no deadline,
            // and a grid with a huge symmetry group could take long.
            let form = sudoku_dlx::canon::try_canonical(&puzzle, Some(2_000_000))
                .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e).at("puzzle"))?;
            records(None, &[Record::canonical(source(), &puzzle, &form)])
        })
        .await?;
    Ok(json(text))
}

/// `POST /api/print`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PrintRequest {
    /// Puzzle records as `generate` writes them (lines, JSON lines).
    puzzles: String,
    format: Option<String>,
    per_page: Option<usize>,
    page: Option<String>,
    title: Option<String>,
    answers: Option<bool>,
    /// Rules of records that do not name their own ("x,windoku").
    variant: Option<String>,
}

pub(crate) async fn print(
    State(app): State<Arc<App>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    use sudoku_dlx::print::{entries, layout, read_sources, BookOptions};
    let request: PrintRequest = read(body)?;
    let pdf = match request.format.as_deref().unwrap_or("pdf") {
        "pdf" => true,
        "svg" => false,
        other => {
            return Err(ApiError::bad(
                format!("unknown format '{other}': expected pdf or svg"),
                "format",
            ))
        }
    };
    let mut options = BookOptions {
        title: request.title.clone(),
        answers: request.answers.unwrap_or(true),
        ..BookOptions::default()
    };
    if let Some(per_page) = request.per_page {
        options.per_page = per_page;
    }
    if let Some(page) = &request.page {
        options.page = page.parse().map_err(|e| ApiError::bad(e, "page"))?;
    }
    let variant: Variant = match &request.variant {
        Some(v) => v.parse().map_err(|e| ApiError::bad(e, "variant"))?,
        None => Variant::default(),
    };
    let bytes = app
        .work
        .run(Weight::Light, move |_| {
            let sources =
                read_sources(&request.puzzles, None, &variant).map_err(|e| ApiError::bad(e, "puzzles"))?;
            if sources.len() > MOST_PRINTED {
                return Err(ApiError::bad(
                    format!("at most {MOST_PRINTED} puzzles per book"),
                    "puzzles",
                ));
            }
            if sources.is_empty() {
                return Err(ApiError::bad("no puzzle to print", "puzzles"));
            }
            let named = sources.into_iter().map(|s| ("request".to_string(), s)).collect();
            // Records keep their own rating; rating them here would have
            // no deadline.
            let entries = entries(named, false)
                .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e).at("puzzles"))?;
            let book = layout(&entries, &options)
                .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e).at("options"))?;
            if pdf {
                book.pdf(options.title.as_deref()).map_err(internal)
            } else {
                Ok(book
                    .svg_pages()
                    .into_iter()
                    .next()
                    .unwrap_or_default()
                    .into_bytes())
            }
        })
        .await?;
    let (kind, name) = if pdf {
        ("application/pdf", "attachment; filename=\"sudoku.pdf\"")
    } else {
        ("image/svg+xml", "inline; filename=\"sudoku.svg\"")
    };
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(header::CONTENT_DISPOSITION, HeaderValue::from_static(name));
    Ok(response)
}
