//! The JSON API's handlers: read the body into a request type, run the
//! library call on the bounded pool within the request's deadline, and
//! answer with the output module's record (the same fields as the
//! command line's JSON) or a structured error.

use super::super::variant::puzzle_seed;
use super::error::{json, ApiError};
use super::stock::{fresh_seed, Kind};
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
    generate_variant, generate_variant_in_band, BackendKind, CheckMode, Constraint, Error, GenerateError,
    GradeError, Graded, Grid, Level, Plan, Puzzle, Rating, RatingBand, Rules, Shape, Symmetry,
    TechniqueFilter, Techniques, Variant, VariantPuzzle,
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
    variant: Option<String>,
    regions: Option<String>,
    with: Option<Names>,
    without: Option<Names>,
    hardest: Option<String>,
}

/// Where an error about a filter no path can meet points before the
/// request's own field is known.
const FILTER_FIELDS: &str = "with, hardest";

/// Technique names: one, or a list.
#[derive(Deserialize)]
#[serde(untagged)]
enum Names {
    One(String),
    Many(Vec<String>),
}

impl Names {
    /// Each name read as a technique set; 400 at `field` for one that
    /// is none (the message lists the valid names).
    fn read(&self, field: &str) -> Result<Vec<Techniques>, ApiError> {
        let names = match self {
            Names::One(name) => std::slice::from_ref(name),
            Names::Many(names) => names.as_slice(),
        };
        names
            .iter()
            .map(|name| name.parse().map_err(|e| ApiError::bad(e, field)))
            .collect()
    }
}

impl GenerateRequest {
    /// The technique filter of `with`, `without` and `hardest`.
    fn filter(&self) -> Result<TechniqueFilter, ApiError> {
        let mut filter = TechniqueFilter::default();
        if let Some(names) = &self.with {
            filter.with = names.read("with")?;
        }
        if let Some(names) = &self.without {
            filter.without = names.read("without")?;
        }
        if let Some(name) = &self.hardest {
            filter.hardest = Some(name.parse().map_err(|e| ApiError::bad(e, "hardest"))?);
        }
        Ok(filter)
    }

    /// The field to name when no solving path can meet the filter: only
    /// `with` and `hardest` can ask for the impossible.
    fn asking_field(&self) -> &'static str {
        match (&self.with, &self.hardest) {
            (Some(_), None) => "with",
            (None, Some(_)) => "hardest",
            _ => FILTER_FIELDS,
        }
    }

    /// The stocked kind this request is, if any: no seed, one 9x9
    /// classic puzzle, and no option but a level or the rating flag.
    fn stocked_kind(&self, shape: Shape, level: Option<Level>) -> Option<Kind> {
        let plain = self.seed.is_none()
            && shape == Shape::CLASSIC
            && self.count.unwrap_or(1) == 1
            && self.rating.is_none()
            && self.symmetry.is_none()
            && self.givens.is_none()
            && self.backend.is_none()
            && self.max_attempts.is_none()
            && self.variant.is_none()
            && self.regions.is_none()
            && self.with.is_none()
            && self.without.is_none()
            && self.hardest.is_none();
        plain.then(|| Kind {
            level,
            rated: self.rate.unwrap_or(false) || level.is_some(),
        })
    }
}

/// Marks an answer made from the stock, for the access log.
#[derive(Clone, Copy)]
pub(crate) struct FromStock;

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
    let level: Option<Level> = match &request.difficulty {
        Some(level) => Some(level.parse().map_err(|e| ApiError::bad(e, "difficulty"))?),
        None => None,
    };
    let with_solution = request.solution.unwrap_or(true);
    let filter = request.filter()?;
    if request.variant.is_some() || request.regions.is_some() {
        return generate_under_rules(app, request, shape, level, filter).await;
    }
    let kind = request.stocked_kind(shape, level);
    if let (Some(kind), Some(stock)) = (kind, &app.stock) {
        if let Some(puzzle) = stock.take(kind) {
            let mut response = json(puzzle_records(&[puzzle], with_solution)?);
            response.extensions_mut().insert(FromStock);
            return Ok(response);
        }
    }
    let seed = request.seed.unwrap_or_else(fresh_seed);
    let mut builder = match kind {
        // The stock's own plan, so that a stocked puzzle and one made on
        // demand come from the same code.
        Some(kind) => kind.plan(seed),
        None => Plan::builder(shape).seed(seed).count(count),
    };
    if let Some(level) = level {
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
    let rated =
        request.rate.unwrap_or(false) || level.is_some() || request.rating.is_some() || !filter.is_empty();
    builder = builder.rate(rated).techniques(filter);
    let asking = request.asking_field();
    let fail = move |e: GenerateError| match e {
        GenerateError::UnreachableFilter(_) => refused(e.into(), asking),
        e => refused(e.into(), "options"),
    };
    let puzzles = app
        .work
        .run(Weight::of_side(shape.n()), move |deadline| {
            let plan = builder.deadline(Some(deadline)).build().map_err(fail)?;
            plan.puzzles()
                .map(|p| p.map_err(fail))
                .collect::<Result<Vec<Puzzle>, ApiError>>()
        })
        .await?;
    Ok(json(puzzle_records(&puzzles, with_solution)?))
}

/// Generated puzzles as `{"puzzles": [...]}`.
fn puzzle_records(puzzles: &[Puzzle], with_solution: bool) -> Result<String, ApiError> {
    let mut out = Vec::with_capacity(512 * puzzles.len());
    out.extend_from_slice(b"{\"puzzles\":[");
    for (i, puzzle) in puzzles.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        let mut writer = Writer::new(&mut out, Format::Jsonl, None).map_err(internal)?;
        writer.puzzle(puzzle, with_solution).map_err(internal)?;
        writer.end().map_err(internal)?;
        // The JSON line's end.
        out.pop();
    }
    out.extend_from_slice(b"]}");
    String::from_utf8(out).map_err(internal)
}

/// The rules named by a request's `variant` and `regions` (a jigsaw
/// region map, one symbol per cell, as records carry it) on `shape`:
/// 400 naming the field that does not read or does not fit the board.
fn rules(variant: Option<&str>, regions: Option<&str>, shape: Shape) -> Result<Variant, ApiError> {
    let mut rules: Variant = match variant {
        Some(text) => text.parse().map_err(|e| ApiError::bad(e, "variant"))?,
        None => Variant::default(),
    };
    if let Some(map) = regions {
        rules = rules
            .with_regions(map, shape)
            .map_err(|e| ApiError::bad(e, "regions"))?;
    }
    rules.check(shape).map_err(|e| ApiError::bad(e, "variant"))?;
    Ok(rules)
}

/// `generate` under variant rules: the command line's variant path
/// (puzzle `i` from its own seed stream of the run seed, so the same
/// seed gives the same puzzles), with the request's deadline checked
/// between puzzles and ratings.
async fn generate_under_rules(
    app: Arc<App>,
    request: GenerateRequest,
    shape: Shape,
    level: Option<Level>,
    filter: TechniqueFilter,
) -> Result<Response, ApiError> {
    let variant = rules(request.variant.as_deref(), request.regions.as_deref(), shape)?;
    let unsupported = [
        (request.rate.is_some(), "rate"),
        (request.givens.is_some(), "givens"),
        (request.backend.is_some(), "backend"),
    ];
    if let Some((_, field)) = unsupported.iter().find(|(asked, _)| *asked) {
        return Err(ApiError::bad(
            format!("{field} is not available with variant rules"),
            field,
        ));
    }
    let symmetry: Symmetry = match &request.symmetry {
        Some(s) => s.parse().map_err(|e| ApiError::bad(e, "symmetry"))?,
        None => Symmetry::None,
    };
    let band = match (level, &request.rating) {
        (Some(level), _) => Some(level.range()),
        (None, Some(band)) => Some(
            band.parse::<RatingBand>()
                .map_err(|e| ApiError::bad(e, "rating"))?
                .0,
        ),
        (None, None) if !filter.is_empty() => Some(0.0..f32::INFINITY),
        (None, None) => None,
    };
    let attempts = request
        .max_attempts
        .unwrap_or_else(|| sudoku_dlx::variant_max_rated(&filter))
        .max(1);
    let asking = request.asking_field();
    let seed = request.seed.unwrap_or_else(fresh_seed);
    let count = request.count.unwrap_or(1);
    let with_solution = request.solution.unwrap_or(true);
    let text = app
        .work
        .run(Weight::of_side(shape.n()), move |deadline| {
            let job = VariantJob {
                shape,
                variant: &variant,
                symmetry,
                band,
                filter: &filter,
                attempts,
                deadline,
            };
            let mut made = Vec::new();
            let mut rules = job.rules()?;
            for index in 0..count {
                let (puzzle, rating) = job
                    .puzzle(rules.as_mut(), puzzle_seed(seed, index))
                    .map_err(|e| e.moved(FILTER_FIELDS, asking))?;
                made.push(Record::variant_puzzle(
                    index,
                    seed,
                    &puzzle,
                    with_solution,
                    rating.as_ref(),
                ));
            }
            records(Some("puzzles"), &made)
        })
        .await?;
    Ok(json(text))
}

/// What one variant `generate` request asks for.
struct VariantJob<'a> {
    shape: Shape,
    variant: &'a Variant,
    symmetry: Symmetry,
    band: Option<std::ops::Range<f32>>,
    /// What the puzzles' solving paths must show.
    filter: &'a TechniqueFilter,
    attempts: u32,
    deadline: Instant,
}

impl VariantJob<'_> {
    /// The rules' engines, checked against the symmetry; `None` for
    /// jigsaw without a region map, whose regions are drawn per puzzle.
    fn rules(&self) -> Result<Option<Rules>, ApiError> {
        let draws_regions = self.variant.has(Constraint::Jigsaw) && self.variant.region_map().is_none();
        if draws_regions {
            if self.symmetry != Symmetry::None {
                return Err(ApiError::bad(
                    format!(
                        "symmetry {} does not keep the rules of jigsaw: its regions are irregular",
                        self.symmetry
                    ),
                    "symmetry",
                ));
            }
            return Ok(None);
        }
        let rules = Rules::new(self.shape, self.variant)
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e).at("variant"))?;
        rules
            .allow(self.symmetry)
            .map_err(|e| ApiError::bad(e, "symmetry"))?;
        Ok(Some(rules))
    }

    /// The puzzle of `seed`, with its rating when a band is asked for:
    /// the library's band search (clues given back where minimal puzzles
    /// rate above the band), as the command line makes it.
    fn puzzle(
        &self,
        mut rules: Option<&mut Rules>,
        seed: u64,
    ) -> Result<(VariantPuzzle, Option<Rating>), ApiError> {
        let mut make = |seed: u64| {
            if Instant::now() >= self.deadline {
                return Err(out_of_time());
            }
            match rules.as_deref_mut() {
                Some(rules) => rules.generate(seed, self.symmetry),
                None => generate_variant(self.shape, self.variant, seed, self.symmetry),
            }
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e).at("variant"))
        };
        let Some(band) = &self.band else {
            return Ok((make(seed)?, None));
        };
        let (puzzle, rating) = generate_variant_in_band(
            &mut make,
            seed,
            self.symmetry,
            band.clone(),
            self.filter,
            self.attempts,
            Some(self.deadline),
        )?;
        Ok((puzzle, Some(rating)))
    }
}

/// The answer when the request's time ran out before its puzzles.
fn out_of_time() -> ApiError {
    ApiError::new(
        StatusCode::GATEWAY_TIMEOUT,
        "the request's time ran out before the puzzles were made",
    )
}

impl From<GradeError> for ApiError {
    /// A candidate the grader could not rate: out of time (504), or rules
    /// it does not rate (422 at `variant`).
    fn from(e: GradeError) -> ApiError {
        refused(e.into(), "variant")
    }
}

impl From<GenerateError> for ApiError {
    /// A band search's end: out of time (504), a filter no path can meet
    /// (422 at the filter's fields), or no puzzle in the band within the
    /// attempts (422 at `max_attempts`).
    fn from(e: GenerateError) -> ApiError {
        match e {
            GenerateError::DeadlinePassed => out_of_time(),
            GenerateError::UnreachableFilter(_) => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e).at(FILTER_FIELDS)
            }
            e => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e).at("max_attempts"),
        }
    }
}

/// A request about one puzzle, under variant rules if it names them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PuzzleRequest {
    puzzle: String,
    variant: Option<String>,
    regions: Option<String>,
}

impl PuzzleRequest {
    /// The puzzle and its rules.
    fn read(&self) -> Result<(Grid, Variant), ApiError> {
        let puzzle = grid(&self.puzzle, "puzzle")?;
        let rules = rules(self.variant.as_deref(), self.regions.as_deref(), puzzle.shape())?;
        Ok((puzzle, rules))
    }
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
    let (puzzle, variant) = request.read()?;
    let text = app
        .work
        .run(Weight::of_side(puzzle.shape().n()), move |deadline| {
            let graded = if variant.is_classic() {
                sudoku_dlx::grade_within(&puzzle, limits(deadline), keep_steps)
            } else {
                sudoku_dlx::grade_variant_within(&puzzle, &variant, limits(deadline), keep_steps)
            };
            let graded = graded.map_err(|e| refused(e.into(), "puzzle"))?;
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
    let (puzzle, variant) = request.read()?;
    if !variant.is_classic() {
        return Err(ApiError::bad(
            "canonical forms are those of classic Sudoku: variant rules are not taken",
            "variant",
        ));
    }
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
        .run(Weight::Light, move |deadline| {
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
            // Records keep their own rating; the answers of records
            // without one are searched for within the request's time.
            let entries = entries(named, false, limits(deadline)).map_err(|e| {
                let status = if e.to_string().contains("no answer found within the limits") {
                    StatusCode::GATEWAY_TIMEOUT
                } else {
                    StatusCode::UNPROCESSABLE_ENTITY
                };
                ApiError::new(status, e).at("puzzles")
            })?;
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
