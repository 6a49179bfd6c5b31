//! The native half of the `sudoku_dlx` Python package: thin wrappers over
//! the sudoku-dlx library. Work runs with the GIL released, on a rayon pool
//! for batches; results come back in input order, so they never depend on
//! the thread count. Python-facing docs live in `sudoku_dlx/__init__.pyi`.

use numpy::{PyArray2, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use pyo3::BoundObject;
use std::ops::Range;
use sudoku_dlx::canon::{try_canonical, try_canonical_variant, Dedup, DEFAULT_BUDGET};
use sudoku_dlx::formats::{parse_line, read_variant_records, PuzzleReader};
use sudoku_dlx::limits::Limits;
use sudoku_dlx::output::{Format, Record, Writer};
use sudoku_dlx::parallel::{map_ordered, PerThread};
use sudoku_dlx::Puzzle;
use sudoku_dlx::{grade_within, Level, Rating};
use sudoku_dlx::{BackendKind, Count, Grid, Shape};
use sudoku_dlx::{GenerateError, Symmetry};
use sudoku_dlx::{Plan, RatingBand, RunError, Shard};
use sudoku_dlx::{Rules, Variant, VariantError, VariantPuzzle};
use sudoku_dlx::{TechniqueFilter, Techniques};

create_exception!(
    _native,
    SudokuError,
    PyValueError,
    "Base of every sudoku_dlx error."
);
create_exception!(_native, InputError, SudokuError, "A puzzle that cannot be read.");
create_exception!(
    _native,
    OptionError,
    SudokuError,
    "An option out of range or unknown."
);
create_exception!(
    _native,
    GenerationError,
    SudokuError,
    "A generation run that could not produce a puzzle."
);
create_exception!(
    _native,
    NotUniqueError,
    SudokuError,
    "A puzzle without exactly one solution where one is needed."
);

fn option_error(message: impl Into<String>) -> PyErr {
    OptionError::new_err(message.into())
}

/// Puzzles given as one string or a list of them.
enum Batch {
    One(String),
    Many(Vec<String>),
}

impl Batch {
    fn extract(value: &Bound<'_, PyAny>) -> PyResult<Batch> {
        if let Ok(s) = value.cast::<PyString>() {
            return Ok(Batch::One(s.to_cow()?.into_owned()));
        }
        let items: Vec<String> = value.extract().map_err(|_| {
            InputError::new_err("puzzles: expected a puzzle string or a list of puzzle strings")
        })?;
        Ok(Batch::Many(items))
    }

    fn texts(&self) -> &[String] {
        match self {
            Batch::One(s) => std::slice::from_ref(s),
            Batch::Many(v) => v,
        }
    }

    /// A single result for a single puzzle, a list for a list.
    fn wrap<'py>(&self, py: Python<'py>, mut items: Vec<Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyAny>> {
        match self {
            Batch::One(_) => Ok(items.remove(0)),
            Batch::Many(_) => Ok(PyList::new(py, items)?.into_any()),
        }
    }
}

/// Python objects of plain results.
fn objects<'py, T>(py: Python<'py>, values: Vec<T>) -> PyResult<Vec<Bound<'py, PyAny>>>
where
    T: IntoPyObject<'py>,
    PyErr: From<T::Error>,
{
    values
        .into_iter()
        .map(|v| Ok(v.into_pyobject(py)?.into_any().into_bound()))
        .collect()
}

fn parse_shape(text: Option<&str>) -> PyResult<Option<Shape>> {
    text.map(|t| t.parse::<Shape>().map_err(|e| option_error(format!("box: {e}"))))
        .transpose()
}

/// One puzzle from text: a line (with optional trailing fields), a pasted
/// grid over several lines, or a JSON record.
fn parse_puzzle(text: &str, shape: Option<Shape>) -> Result<Grid, String> {
    if text.trim_start().starts_with('{') || text.trim().contains('\n') {
        let record = PuzzleReader::new(text.as_bytes(), shape)
            .next()
            .ok_or_else(|| "no puzzle in the text".to_string())?;
        return record.puzzle.map_err(|e| e.to_string());
    }
    parse_line(text, shape, 1).map_err(|e| match e.column {
        Some(c) => format!("column {c}: {}", e.message),
        None => e.message,
    })
}

/// Parses every puzzle; the first fault raises, naming the puzzle.
fn parse_all(batch: &Batch, shape: Option<Shape>) -> PyResult<Vec<Grid>> {
    let single = matches!(batch, Batch::One(_));
    batch
        .texts()
        .iter()
        .enumerate()
        .map(|(i, text)| {
            parse_puzzle(text, shape).map_err(|e| {
                let at = if single {
                    String::new()
                } else {
                    format!("puzzle {i}: ")
                };
                InputError::new_err(format!("{at}{e}"))
            })
        })
        .collect()
}

fn pool(threads: Option<usize>) -> PyResult<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(thread_count(threads)?)
        .build()
        .map_err(|e| SudokuError::new_err(format!("cannot start worker threads: {e}")))
}

/// The worker threads asked for; 0 (one per core) when not given.
fn thread_count(threads: Option<usize>) -> PyResult<usize> {
    match threads {
        Some(0) => Err(option_error("threads must be at least 1")),
        Some(t) => Ok(t),
        None => Ok(0),
    }
}

/// The backend a batch uses; the backends and graders themselves are the
/// library's, one per shape and worker thread.
struct Engines {
    kind: BackendKind,
}

impl Engines {
    fn new(kind: BackendKind) -> Engines {
        Engines { kind }
    }

    /// The puzzle's solutions counted up to `limit` by this backend (the
    /// thread's own, from the library's cache), without bounds.
    fn count(&self, puzzle: &Grid, limit: u64) -> Count {
        match sudoku_dlx::count_within(puzzle, limit, self.kind, Limits::default()) {
            Ok(count) => count,
            Err(unbounded) => unreachable!("a count without limits gave up: {unbounded}"),
        }
    }

    /// The unique solution and search effort, or why there is none.
    fn unique(&mut self, puzzle: &Grid) -> Result<(Grid, u64), String> {
        if let Some(clash) = puzzle.first_clash() {
            return Err(clash.to_string());
        }
        let count = self.count(puzzle, 2);
        match (count.solutions, count.first) {
            (1, Some(solution)) => Ok((solution, count.effort)),
            (0, _) => Err("no solution".to_string()),
            _ => Err("several solutions".to_string()),
        }
    }
}

fn parse_backend(text: &str) -> PyResult<BackendKind> {
    text.parse()
        .map_err(|e: sudoku_dlx::UnknownBackend| option_error(format!("backend: {e}")))
}

/// Runs `work` over the grids on a pool with the GIL released.
fn run_batch<T: Send>(
    py: Python<'_>,
    grids: &[Grid],
    threads: Option<usize>,
    backend: BackendKind,
    work: impl Fn(&mut Engines, &Grid) -> T + Sync + Send,
) -> PyResult<Vec<T>> {
    if grids.len() == 1 {
        return Ok(py.detach(|| vec![work(&mut Engines::new(backend), &grids[0])]));
    }
    let pool = pool(threads)?;
    let states = PerThread::new(&pool);
    let mut results = Vec::with_capacity(grids.len());
    for chunk in grids.chunks(4096) {
        let part: Vec<T> = py.detach(|| map_ordered(&pool, &states, chunk, || Engines::new(backend), &work));
        results.extend(part);
        // Between chunks, so that Ctrl-C (KeyboardInterrupt) stops a long batch.
        py.check_signals()?;
    }
    Ok(results)
}

/// The unique solution of each puzzle (None when it has none or several).
#[pyfunction]
#[pyo3(signature = (puzzles, *, r#box=None, threads=None, backend="dlx", variant=None))]
fn solve<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    r#box: Option<&str>,
    threads: Option<usize>,
    backend: &str,
    variant: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let batch = Batch::extract(puzzles)?;
    if let Some(rules) = parse_variant(variant)? {
        let items = parse_variant_all(&batch, parse_shape(r#box)?, &rules)?;
        let kind = parse_backend(backend)?;
        let results = run_variant_batch(py, &items, threads, |rules, (g, v)| {
            let count = rules.get(g.shape(), v)?.count(g, 2, kind, None)?;
            Ok(count.first.filter(|_| count.solutions == 1).map(|s| s.to_line()))
        })?;
        let items = objects(py, results)?;
        return batch.wrap(py, items);
    }
    let grids = parse_all(&batch, parse_shape(r#box)?)?;
    let results = run_batch(py, &grids, threads, parse_backend(backend)?, |e, g| {
        e.unique(g).ok().map(|(s, _)| s.to_line())
    })?;
    let items = objects(py, results)?;
    batch.wrap(py, items)
}

/// The number of solutions of each puzzle, counted up to `limit`.
#[pyfunction]
#[pyo3(signature = (puzzles, *, limit=2, r#box=None, threads=None, backend="dlx", variant=None))]
#[allow(clippy::too_many_arguments)]
fn count<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    limit: u64,
    r#box: Option<&str>,
    threads: Option<usize>,
    backend: &str,
    variant: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    if limit == 0 {
        return Err(option_error("limit must be at least 1"));
    }
    let batch = Batch::extract(puzzles)?;
    if let Some(rules) = parse_variant(variant)? {
        let items = parse_variant_all(&batch, parse_shape(r#box)?, &rules)?;
        let kind = parse_backend(backend)?;
        let results = run_variant_batch(py, &items, threads, |rules, (g, v)| {
            Ok(rules.get(g.shape(), v)?.count(g, limit, kind, None)?.solutions)
        })?;
        let items = objects(py, results)?;
        return batch.wrap(py, items);
    }
    let grids = parse_all(&batch, parse_shape(r#box)?)?;
    let results = run_batch(py, &grids, threads, parse_backend(backend)?, |e, g| {
        e.count(g, limit).solutions
    })?;
    let items = objects(py, results)?;
    batch.wrap(py, items)
}

/// A rating as a dict, with the same keys as the CLI's JSON records (the
/// library's one rating schema: `Rating`'s JSON form).
fn rating_dict<'py>(py: Python<'py>, rating: &Rating, dict: &Bound<'py, PyDict>) -> PyResult<()> {
    dict.call_method1("update", (to_python(py, serde_json::to_string(rating))?,))?;
    Ok(())
}

/// The rating of each puzzle on the Sudoku Explainer scale (None when the
/// puzzle has no unique solution).
#[pyfunction]
#[pyo3(signature = (puzzles, *, r#box=None, threads=None, variant=None))]
fn rate<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    r#box: Option<&str>,
    threads: Option<usize>,
    variant: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let batch = Batch::extract(puzzles)?;
    if let Some(rules) = parse_variant(variant)? {
        return rate_variant(py, &batch, parse_shape(r#box)?, &rules, threads);
    }
    let grids = parse_all(&batch, parse_shape(r#box)?)?;
    let results = run_batch(py, &grids, threads, BackendKind::Dlx, |e, g| {
        let (_, effort) = e.unique(g).ok()?;
        grade_within(g, Limits::default(), false)
            .ok()
            .map(|graded| (graded.path.rating, effort))
    })?;
    let mut items = Vec::with_capacity(results.len());
    for (grid, result) in grids.iter().zip(results) {
        items.push(match result {
            None => py.None().into_bound(py),
            Some((rating, effort)) => {
                let dict = PyDict::new(py);
                dict.set_item("puzzle", grid.to_line())?;
                rating_dict(py, &rating, &dict)?;
                dict.set_item("effort", effort)?;
                dict.into_any()
            }
        });
    }
    batch.wrap(py, items)
}

/// The step-by-step solving path of each puzzle. Raises NotUniqueError for
/// a puzzle without exactly one solution.
#[pyfunction]
#[pyo3(signature = (puzzles, *, r#box=None, threads=None, variant=None))]
fn explain<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    r#box: Option<&str>,
    threads: Option<usize>,
    variant: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let batch = Batch::extract(puzzles)?;
    let shape = parse_shape(r#box)?;
    let (grids, results) = match parse_variant(variant)? {
        Some(rules) => {
            let items = parse_variant_all(&batch, shape, &rules)?;
            let results = run_items(
                py,
                &items,
                threads,
                || (),
                |_, (g, v)| {
                    let graded = variant_graded(g, v, true)?;
                    let steps =
                        serde_json::to_string(&graded.path.steps).map_err(|x| (false, x.to_string()))?;
                    Ok((graded.path, graded.effort, steps))
                },
            )?;
            let grids = items.into_iter().map(|(g, _)| g).collect();
            (grids, results)
        }
        None => {
            let grids = parse_all(&batch, shape)?;
            let results = run_batch(py, &grids, threads, BackendKind::Dlx, |e, g| {
                let (_, effort) = e.unique(g)?;
                let path = grade_within(g, Limits::default(), true)
                    .map_err(|x| x.to_string())?
                    .path;
                let steps = serde_json::to_string(&path.steps).map_err(|x| x.to_string())?;
                Ok::<_, String>((path, effort, steps))
            })?;
            // Every classic failure is a puzzle without one solution.
            let results = results
                .into_iter()
                .map(|r| r.map_err(|why| (true, why)))
                .collect();
            (grids, results)
        }
    };
    let json = py.import("json")?;
    let mut items = Vec::with_capacity(results.len());
    for (i, (grid, result)) in grids.iter().zip(results).enumerate() {
        let (path, effort, steps) = result.map_err(|(not_unique, why)| {
            let at = if grids.len() > 1 {
                format!("puzzle {i}: ")
            } else {
                String::new()
            };
            if not_unique {
                NotUniqueError::new_err(format!("{at}{why}: cannot explain"))
            } else {
                option_error(format!("{at}{why}"))
            }
        })?;
        let dict = PyDict::new(py);
        dict.set_item("puzzle", grid.to_line())?;
        rating_dict(py, &path.rating, &dict)?;
        dict.set_item("effort", effort)?;
        dict.set_item("steps", json.call_method1("loads", (steps,))?)?;
        let text: Vec<String> = path.steps.iter().map(|s| s.to_string()).collect();
        dict.set_item("text", text)?;
        dict.set_item("grid", path.grid.to_line())?;
        items.push(dict.into_any());
    }
    batch.wrap(py, items)
}

/// The canonical (minlex) form of each puzzle.
#[pyfunction]
#[pyo3(signature = (puzzles, *, r#box=None, threads=None, variant=None))]
fn canonical_form<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    r#box: Option<&str>,
    threads: Option<usize>,
    variant: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let batch = Batch::extract(puzzles)?;
    if let Some(rules) = parse_variant(variant)? {
        let items = parse_variant_all(&batch, parse_shape(r#box)?, &rules)?;
        let forms = variant_forms(py, &items, threads)?;
        let texts = forms
            .iter()
            .map(|(form, rules)| match rules.region_map() {
                Some(map) => format!("{}\n{map}", form.to_line()),
                None => form.to_line(),
            })
            .collect();
        let items = objects(py, texts)?;
        return batch.wrap(py, items);
    }
    let grids = parse_all(&batch, parse_shape(r#box)?)?;
    let results = canonical_forms(py, &grids, threads)?;
    let items = objects(py, results.iter().map(Grid::to_line).collect())?;
    batch.wrap(py, items)
}

/// The canonical form of each grid, within the library's default budget
/// (a grid with a huge symmetry group can exceed it: an error naming
/// the puzzle).
fn canonical_forms(py: Python<'_>, grids: &[Grid], threads: Option<usize>) -> PyResult<Vec<Grid>> {
    let results = run_batch(py, grids, threads, BackendKind::Dlx, |_, g| {
        try_canonical(g, Some(DEFAULT_BUDGET))
    })?;
    results
        .into_iter()
        .enumerate()
        .map(|(i, r)| r.map_err(|e| SudokuError::new_err(format!("puzzle {i}: {e}"))))
        .collect()
}

/// The puzzle text of a dedup item: a string, or a record with "puzzle".
fn item_text(item: &Bound<'_, PyAny>, i: usize) -> PyResult<String> {
    if let Ok(s) = item.cast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    if let Ok(d) = item.cast::<PyDict>() {
        if let Some(p) = d.get_item("puzzle")? {
            return p
                .extract()
                .map_err(|_| InputError::new_err(format!("item {i}: \"puzzle\" is not a string")));
        }
    }
    Err(InputError::new_err(format!(
        "item {i}: expected a puzzle string or a record with a \"puzzle\" key"
    )))
}

/// The items (strings or records) keeping only the first of each class of
/// equivalent puzzles, in order.
#[pyfunction]
#[pyo3(signature = (items, *, r#box=None, threads=None, variant=None))]
fn dedup<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyAny>,
    r#box: Option<&str>,
    threads: Option<usize>,
    variant: Option<&str>,
) -> PyResult<Bound<'py, PyList>> {
    let shape = parse_shape(r#box)?;
    let list: Vec<Bound<'py, PyAny>> = items
        .try_iter()
        .map_err(|_| InputError::new_err("items: expected an iterable of puzzles or records"))?
        .collect::<PyResult<_>>()?;
    if let Some(rules) = parse_variant(variant)? {
        // A record's own "variant" and "regions" are read as the command
        // line reads a JSON record.
        let json = py.import("json")?;
        let texts: Vec<String> = list
            .iter()
            .enumerate()
            .map(|(i, item)| match item.cast::<PyDict>() {
                Ok(_) => json
                    .call_method1("dumps", (item,))?
                    .extract()
                    .map_err(|_| InputError::new_err(format!("item {i}: not a JSON record"))),
                Err(_) => item_text(item, i),
            })
            .collect::<PyResult<_>>()?;
        let parsed = parse_variant_all(&Batch::Many(texts), shape, &rules)?;
        let forms = variant_forms(py, &parsed, threads)?;
        let mut seen = Dedup::default();
        let kept: Vec<Bound<'py, PyAny>> = list
            .into_iter()
            .zip(forms)
            .filter(|(_, (form, rules))| seen.insert_variant_canonical(form, rules))
            .map(|(item, _)| item)
            .collect();
        return PyList::new(py, kept);
    }
    let texts: Vec<String> = list
        .iter()
        .enumerate()
        .map(|(i, item)| item_text(item, i))
        .collect::<PyResult<_>>()?;
    let grids = parse_all(&Batch::Many(texts), shape)?;
    let forms = canonical_forms(py, &grids, threads)?;
    let mut seen = Dedup::default();
    let kept: Vec<Bound<'py, PyAny>> = list
        .into_iter()
        .zip(forms)
        .filter(|(_, form)| seen.insert_canonical(form))
        .map(|(item, _)| item)
        .collect();
    PyList::new(py, kept)
}

/// Options of a generation run, checked.
struct RunOptions {
    plan: Plan,
}

/// A rating band given as `'MIN..MAX'` (read by the library, as the
/// command line reads it) or as a `(min, max)` tuple (either may be None).
fn parse_rating_band(value: &Bound<'_, PyAny>) -> PyResult<Range<f32>> {
    if let Ok(text) = value.extract::<String>() {
        let band: RatingBand = text.parse().map_err(|e| option_error(format!("rating: {e}")))?;
        return Ok(band.0);
    }
    let bad = || option_error("rating: expected (min, max) or 'MIN..MAX' such as '2.6..4.4' or '6.5..'");
    let (lo, hi): (Option<f32>, Option<f32>) = value.extract().map_err(|_| bad())?;
    let text = format!(
        "{}..{}",
        lo.map(|x| x.to_string()).unwrap_or_default(),
        hi.map(|x| x.to_string()).unwrap_or_default()
    );
    let band: RatingBand = text.parse().map_err(|e| option_error(format!("rating: {e}")))?;
    Ok(band.0)
}

/// A shard given as `'I/M'` or as an `(i, m)` tuple.
fn parse_shard(value: &Bound<'_, PyAny>) -> PyResult<(u64, u64)> {
    let text = match value.extract::<String>() {
        Ok(text) => text,
        Err(_) => {
            let (i, m): (u64, u64) = value
                .extract()
                .map_err(|_| option_error("shard: expected (i, m) or 'I/M' with 0 <= i < m"))?;
            format!("{i}/{m}")
        }
    };
    let shard: Shard = text.parse().map_err(|e| option_error(format!("shard: {e}")))?;
    Ok((shard.part, shard.parts))
}

/// One technique name (`'X-Wing'`, `'fish'`) or a list of them, as
/// technique sets; `what` names the keyword in errors.
fn parse_techniques(what: &str, value: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Techniques>> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    let names: Vec<String> = match value.extract::<String>() {
        Ok(name) => vec![name],
        Err(_) => value
            .extract()
            .map_err(|_| option_error(format!("{what}: expected a technique name or a list of them")))?,
    };
    names
        .iter()
        .map(|name| name.parse().map_err(|e| option_error(format!("{what}: {e}"))))
        .collect()
}

/// The technique filter of the `with_`, `without` and `hardest` keywords.
fn parse_filter(
    with: Option<&Bound<'_, PyAny>>,
    without: Option<&Bound<'_, PyAny>>,
    hardest: Option<&str>,
) -> PyResult<TechniqueFilter> {
    let mut filter = TechniqueFilter::default();
    filter.with = parse_techniques("with_", with)?;
    filter.without = parse_techniques("without", without)?;
    filter.hardest = hardest
        .map(|name| name.parse().map_err(|e| option_error(format!("hardest: {e}"))))
        .transpose()?;
    Ok(filter)
}

#[allow(clippy::too_many_arguments)]
fn run_options(
    count: u64,
    seed: Option<u64>,
    r#box: &str,
    symmetry: &str,
    givens: Option<usize>,
    difficulty: Option<&str>,
    rating: Option<&Bound<'_, PyAny>>,
    backend: &str,
    shard: Option<&Bound<'_, PyAny>>,
    rate: bool,
    max_attempts: Option<u32>,
    with_effort: bool,
    filter: TechniqueFilter,
) -> PyResult<RunOptions> {
    let shape = parse_shape(Some(r#box))?.expect("a shape was given");
    let symmetry = symmetry
        .parse::<Symmetry>()
        .map_err(|e| option_error(format!("symmetry: {e}")))?;
    if difficulty.is_some() && rating.is_some() {
        return Err(option_error("give difficulty or rating, not both"));
    }
    let mut builder = Plan::builder(shape)
        .seed(seed.unwrap_or_else(rand::random))
        .count(count)
        .symmetry(symmetry)
        .backend(parse_backend(backend)?)
        .rate(rate)
        .measure_effort(with_effort)
        .techniques(filter);
    if let Some(k) = givens {
        builder = builder.givens(k);
    }
    if let Some(n) = max_attempts {
        builder = builder.max_attempts(n);
    }
    if let Some(level) = difficulty {
        let level = level
            .parse::<Level>()
            .map_err(|e| option_error(format!("difficulty: {e}")))?;
        builder = builder.difficulty(level);
    }
    if let Some(r) = rating {
        builder = builder.rating(parse_rating_band(r)?);
    }
    if let Some(s) = shard {
        let (i, m) = parse_shard(s)?;
        builder = builder.shard(i, m);
    }
    let plan = builder.build().map_err(|e| match e {
        GenerateError::Shard(e) => option_error(format!("shard: {e}")),
        e => option_error(e.to_string()),
    })?;
    Ok(RunOptions { plan })
}

/// The run's puzzles in index order, made by the library's ordered
/// parallel batches (the same as `sudoku-dlx generate`).
fn generate_all(py: Python<'_>, run: &RunOptions, threads: Option<usize>) -> PyResult<Vec<Puzzle>> {
    let threads = thread_count(threads)?;
    let first = run.plan.indices().start;
    let mut produced = Vec::with_capacity((run.plan.indices().end - first) as usize);
    let outcome = py.detach(|| {
        run.plan.run(threads, |result| -> PyResult<()> {
            match result {
                Ok(puzzle) => produced.push(puzzle),
                Err(e) => {
                    let index = first + produced.len() as u64;
                    return Err(GenerationError::new_err(format!("puzzle {index}: {e}")));
                }
            }
            // Now and then, so that Ctrl-C (KeyboardInterrupt) stops a long run.
            if produced.len() % 64 == 0 {
                Python::attach(|py| py.check_signals())?;
            }
            Ok(())
        })
    });
    match outcome {
        Ok(()) => Ok(produced),
        Err(RunError::Sink(e)) => Err(e),
        Err(e) => Err(SudokuError::new_err(e.to_string())),
    }
}

/// The rules named by `variant=` (the command line's `--variant` list),
/// or None for classic rules.
fn parse_variant(text: Option<&str>) -> PyResult<Option<Variant>> {
    let Some(text) = text else {
        return Ok(None);
    };
    let rules: Variant = text
        .parse()
        .map_err(|e: VariantError| option_error(format!("variant: {e}")))?;
    Ok((!rules.is_classic()).then_some(rules))
}

/// Variant puzzles with their rules, one per string: a puzzle line
/// (followed, for jigsaw, by its region line) or a JSON record, whose own
/// "variant" and "regions" take precedence, as the command line reads
/// them. The first fault raises, naming the puzzle.
fn parse_variant_all(batch: &Batch, shape: Option<Shape>, rules: &Variant) -> PyResult<Vec<(Grid, Variant)>> {
    let single = matches!(batch, Batch::One(_));
    batch
        .texts()
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let at = if single {
                String::new()
            } else {
                format!("puzzle {i}: ")
            };
            let mut records = read_variant_records(text, shape, rules).into_iter();
            let first = records
                .next()
                .ok_or_else(|| InputError::new_err(format!("{at}no puzzle in the text")))?;
            if records.next().is_some() {
                return Err(InputError::new_err(format!(
                    "{at}more than one puzzle in one string (a list takes one per string)"
                )));
            }
            first.puzzle.map_err(|e| InputError::new_err(format!("{at}{e}")))
        })
        .collect()
}

/// Runs `work` over `items` on a pool with the GIL released, each worker
/// with its own state from `make`; results in input order. Always on the
/// pool's threads, never the caller's, even for one item: grading under
/// variant rules leaves thread-local state that changed a later classic
/// rating on the same thread (EP 6.5 for 8.4), and the pool's threads end
/// with the call.
fn run_items<I: Sync, S: Send, T: Send>(
    py: Python<'_>,
    items: &[I],
    threads: Option<usize>,
    make: impl Fn() -> S + Sync + Send,
    work: impl Fn(&mut S, &I) -> T + Sync + Send,
) -> PyResult<Vec<T>> {
    let pool = pool(threads)?;
    let states = PerThread::new(&pool);
    let mut results = Vec::with_capacity(items.len());
    for chunk in items.chunks(4096) {
        let part: Vec<T> = py.detach(|| map_ordered(&pool, &states, chunk, &make, &work));
        results.extend(part);
        // Between chunks, so that Ctrl-C (KeyboardInterrupt) stops a long batch.
        py.check_signals()?;
    }
    Ok(results)
}

/// A worker's variant engines: those of the last rules seen, kept while
/// the next puzzle has the same shape and rules (jigsaw region maps differ
/// from puzzle to puzzle, so each gets its own).
#[derive(Default)]
struct VariantEngines {
    last: Option<(Shape, Variant, Rules)>,
}

impl VariantEngines {
    fn get(&mut self, shape: Shape, rules: &Variant) -> Result<&mut Rules, VariantError> {
        let same = matches!(&self.last, Some((s, v, _)) if *s == shape && v == rules);
        if !same {
            self.last = Some((shape, rules.clone(), Rules::new(shape, rules)?));
        }
        Ok(&mut self.last.as_mut().expect("set above").2)
    }
}

/// [`run_items`] over variant puzzles with their engines; a rule set that
/// cannot be built (no grid keeps it, say) raises, naming the puzzle.
fn run_variant_batch<T: Send>(
    py: Python<'_>,
    items: &[(Grid, Variant)],
    threads: Option<usize>,
    work: impl Fn(&mut VariantEngines, &(Grid, Variant)) -> Result<T, VariantError> + Sync + Send,
) -> PyResult<Vec<T>> {
    let results = run_items(py, items, threads, VariantEngines::default, work)?;
    results
        .into_iter()
        .enumerate()
        .map(|(i, r)| r.map_err(|e| option_error(format!("puzzle {i}: {e}"))))
        .collect()
}

/// The graded path of a variant puzzle, or why there is none: `(true,
/// why)` when the puzzle has no unique solution, `(false, why)` when the
/// grader does not rate its rules or gave up.
fn variant_graded(
    puzzle: &Grid,
    rules: &Variant,
    keep_steps: bool,
) -> Result<sudoku_dlx::Graded, (bool, String)> {
    use sudoku_dlx::GradeError;
    sudoku_dlx::grade_variant_within(puzzle, rules, Limits::default(), keep_steps).map_err(|e| {
        let not_unique = matches!(
            e,
            GradeError::NoSolution | GradeError::NotUnique { .. } | GradeError::Clash(_)
        );
        (not_unique, e.to_string())
    })
}

/// `rate` under variant rules: a dict per puzzle (with its rules), None
/// for a puzzle without a unique solution; rules the grader does not rate
/// raise its reason.
fn rate_variant<'py>(
    py: Python<'py>,
    batch: &Batch,
    shape: Option<Shape>,
    rules: &Variant,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let items = parse_variant_all(batch, shape, rules)?;
    let results = run_items(
        py,
        &items,
        threads,
        || (),
        |_, (g, v)| variant_graded(g, v, false),
    )?;
    let mut out = Vec::with_capacity(results.len());
    for (i, ((grid, rules), result)) in items.iter().zip(results).enumerate() {
        out.push(match result {
            Err((true, _)) => py.None().into_bound(py),
            Err((false, why)) => return Err(option_error(format!("puzzle {i}: {why}"))),
            Ok(graded) => {
                let dict = PyDict::new(py);
                dict.set_item("puzzle", grid.to_line())?;
                dict.set_item("variant", rules.to_string())?;
                if let Some(map) = rules.region_map() {
                    dict.set_item("regions", map)?;
                }
                rating_dict(py, &graded.path.rating, &dict)?;
                dict.set_item("effort", graded.effort)?;
                dict.into_any()
            }
        });
    }
    batch.wrap(py, out)
}

/// The canonical form of each variant puzzle under its rules, within the
/// library's default budget.
fn variant_forms(
    py: Python<'_>,
    items: &[(Grid, Variant)],
    threads: Option<usize>,
) -> PyResult<Vec<(Grid, Variant)>> {
    let results = run_items(
        py,
        items,
        threads,
        || (),
        |_, (g, v)| try_canonical_variant(g, v, Some(DEFAULT_BUDGET)),
    )?;
    results
        .into_iter()
        .enumerate()
        .map(|(i, r)| r.map_err(|e| SudokuError::new_err(format!("puzzle {i}: {e}"))))
        .collect()
}

/// The seed of puzzle `index` of a variant run: its own stream of the
/// run's seed, as the command line draws it, so a puzzle depends neither
/// on the thread count nor on the others.
fn puzzle_seed(seed: u64, index: u64) -> u64 {
    use rand::{RngCore, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng.next_u64()
}

/// What a variant generation run asks for.
struct VariantRun {
    shape: Shape,
    rules: Variant,
    seed: u64,
    count: u64,
    symmetry: Symmetry,
    /// The rating band aimed at and the puzzles tried per index.
    band: Option<(Range<f32>, u32)>,
    /// Rate every puzzle (a band rates them anyway).
    rate: bool,
    /// What the puzzles' solving paths must show.
    filter: TechniqueFilter,
}

/// Checks a variant run's options; `refused` names options given that
/// variant generation does not offer.
#[allow(clippy::too_many_arguments)]
fn variant_run(
    rules: Variant,
    count: u64,
    seed: Option<u64>,
    r#box: &str,
    symmetry: &str,
    difficulty: Option<&str>,
    rating: Option<&Bound<'_, PyAny>>,
    max_attempts: Option<u32>,
    rate: bool,
    refused: &[(bool, &str)],
    filter: TechniqueFilter,
) -> PyResult<VariantRun> {
    if let Some((_, what)) = refused.iter().find(|(given, _)| *given) {
        return Err(option_error(format!(
            "{what} is not available with variant {rules}"
        )));
    }
    let shape = parse_shape(Some(r#box))?.expect("a shape was given");
    let symmetry = symmetry
        .parse::<Symmetry>()
        .map_err(|e| option_error(format!("symmetry: {e}")))?;
    let band = match (difficulty, rating) {
        (Some(_), Some(_)) => return Err(option_error("give difficulty or rating, not both")),
        (Some(level), None) => Some(
            level
                .parse::<Level>()
                .map_err(|e| option_error(format!("difficulty: {e}")))?
                .range(),
        ),
        (None, Some(r)) => Some(parse_rating_band(r)?),
        (None, None) if !filter.is_empty() => Some(0.0..f32::INFINITY),
        (None, None) => None,
    };
    if max_attempts == Some(0) {
        return Err(option_error("max_attempts must be at least 1"));
    }
    let band = band.map(|b| {
        (
            b,
            max_attempts.unwrap_or_else(|| sudoku_dlx::variant_max_rated(&filter)),
        )
    });
    // Checked before any search, as the command line does: a rule that
    // does not exist on the board, or that no grid keeps, is one error.
    let drawn = rules.has(sudoku_dlx::Constraint::Jigsaw) && rules.region_map().is_none();
    let checked = if drawn {
        rules.check(shape)
    } else {
        Rules::new(shape, &rules).and_then(|r| r.allow(symmetry))
    };
    checked.map_err(|e| option_error(format!("variant: {e}")))?;
    if drawn && symmetry != Symmetry::None {
        return Err(option_error(format!(
            "symmetry {symmetry} does not keep the rules of jigsaw: its regions are irregular"
        )));
    }
    Ok(VariantRun {
        shape,
        rules,
        seed: seed.unwrap_or_else(rand::random),
        count,
        symmetry,
        band,
        rate,
        filter,
    })
}

/// Why one variant puzzle of a run was not made, in words.
struct Failed(String);

impl From<VariantError> for Failed {
    fn from(e: VariantError) -> Failed {
        Failed(e.to_string())
    }
}

impl From<sudoku_dlx::GradeError> for Failed {
    fn from(e: sudoku_dlx::GradeError) -> Failed {
        Failed(e.to_string())
    }
}

impl From<GenerateError> for Failed {
    fn from(e: GenerateError) -> Failed {
        Failed(e.to_string())
    }
}

/// A puzzle's rating under its rules.
fn variant_rating(puzzle: &Grid, rules: &Variant) -> Result<Rating, Failed> {
    Ok(variant_graded(puzzle, rules, false)
        .map_err(|(_, why)| Failed(why))?
        .path
        .rating)
}

/// The run's variant puzzles in index order, with their ratings when
/// rated: the same as `sudoku-dlx generate --variant` with the same seed
/// and options.
fn generate_variants(
    py: Python<'_>,
    run: &VariantRun,
    threads: Option<usize>,
) -> PyResult<Vec<(VariantPuzzle, Option<Rating>)>> {
    thread_count(threads)?;
    let drawn = run.rules.has(sudoku_dlx::Constraint::Jigsaw) && run.rules.region_map().is_none();
    let indices: Vec<u64> = (0..run.count).collect();
    let results = run_items(
        py,
        &indices,
        threads,
        || None::<Rules>,
        |engines, &index| {
            let mut make = |seed: u64| -> Result<VariantPuzzle, Failed> {
                if drawn {
                    return Ok(sudoku_dlx::generate_variant(
                        run.shape,
                        &run.rules,
                        seed,
                        run.symmetry,
                    )?);
                }
                let rules = match engines {
                    Some(r) => r,
                    None => engines.insert(Rules::new(run.shape, &run.rules)?),
                };
                Ok(rules.generate(seed, run.symmetry)?)
            };
            let seed = puzzle_seed(run.seed, index);
            let made = match &run.band {
                None => make(seed).and_then(|p| {
                    let rating = run
                        .rate
                        .then(|| variant_rating(&p.puzzle, &p.variant))
                        .transpose()?;
                    Ok((p, rating))
                }),
                Some((band, attempts)) => sudoku_dlx::generate_variant_in_band(
                    &mut make,
                    seed,
                    run.symmetry,
                    band.clone(),
                    &run.filter,
                    *attempts,
                    None,
                )
                .map(|(p, rating)| (p, Some(rating))),
            };
            made.map_err(|Failed(why)| why)
        },
    )?;
    results
        .into_iter()
        .enumerate()
        .map(|(i, r)| r.map_err(|e| GenerationError::new_err(format!("puzzle {i}: {e}"))))
        .collect()
}

/// Generates puzzles; returns a list of records (dicts).
#[pyfunction]
#[pyo3(signature = (count, *, seed=None, r#box="3x3", symmetry="none", givens=None, difficulty=None,
    rating=None, backend="dlx", threads=None, shard=None, solution=false, rate=false, max_attempts=None,
    variant=None, with_=None, without=None, hardest=None))]
#[allow(clippy::too_many_arguments)]
fn generate<'py>(
    py: Python<'py>,
    count: u64,
    seed: Option<u64>,
    r#box: &str,
    symmetry: &str,
    givens: Option<usize>,
    difficulty: Option<&str>,
    rating: Option<&Bound<'py, PyAny>>,
    backend: &str,
    threads: Option<usize>,
    shard: Option<&Bound<'py, PyAny>>,
    solution: bool,
    rate: bool,
    max_attempts: Option<u32>,
    variant: Option<&str>,
    with_: Option<&Bound<'py, PyAny>>,
    without: Option<&Bound<'py, PyAny>>,
    hardest: Option<&str>,
) -> PyResult<Bound<'py, PyList>> {
    let filter = parse_filter(with_, without, hardest)?;
    if let Some(rules) = parse_variant(variant)? {
        let refused = [(givens.is_some(), "givens"), (shard.is_some(), "shard")];
        let run = variant_run(
            rules,
            count,
            seed,
            r#box,
            symmetry,
            difficulty,
            rating,
            max_attempts,
            rate,
            &refused,
            filter,
        )?;
        let produced = generate_variants(py, &run, threads)?;
        let json = py.import("json")?;
        let mut records = Vec::with_capacity(produced.len());
        for (index, (puzzle, rating)) in produced.iter().enumerate() {
            let mut text = Vec::new();
            let record = Record::variant_puzzle(index as u64, run.seed, puzzle, solution, rating.as_ref());
            Writer::new(&mut text, Format::Jsonl, None)
                .and_then(|mut w| w.record(&record))
                .map_err(|e| SudokuError::new_err(e.to_string()))?;
            let text = String::from_utf8(text).map_err(|e| SudokuError::new_err(e.to_string()))?;
            records.push(json.call_method1("loads", (text,))?);
        }
        return PyList::new(py, records);
    }
    let run = run_options(
        count,
        seed,
        r#box,
        symmetry,
        givens,
        difficulty,
        rating,
        backend,
        shard,
        rate,
        max_attempts,
        true,
        filter,
    )?;
    let produced = generate_all(py, &run, threads)?;
    let json = py.import("json")?;
    let mut records = Vec::with_capacity(produced.len());
    for puzzle in &produced {
        // The library's own record, so a dict has the CLI's JSON fields.
        let mut text = Vec::new();
        Writer::new(&mut text, Format::Jsonl, None)
            .and_then(|mut w| w.puzzle(puzzle, solution))
            .map_err(|e| SudokuError::new_err(e.to_string()))?;
        let text = String::from_utf8(text).map_err(|e| SudokuError::new_err(e.to_string()))?;
        records.push(json.call_method1("loads", (text,))?);
    }
    PyList::new(py, records)
}

/// A library error as the Python exception for it.
fn play_error(e: sudoku_dlx::Error) -> PyErr {
    use sudoku_dlx::{Error, GradeError};
    match e {
        Error::Parse(_) | Error::Clash(_) | Error::Board(_) => InputError::new_err(e.to_string()),
        Error::Date(_) => option_error(e.to_string()),
        Error::Rate(GradeError::NoSolution | GradeError::NotUnique { .. }) => {
            NotUniqueError::new_err(e.to_string())
        }
        Error::Generate(_) => GenerationError::new_err(e.to_string()),
        _ => SudokuError::new_err(e.to_string()),
    }
}

/// JSON text (or the error that stopped it) as the Python object
/// `json.loads` makes of it.
fn to_python<'py>(py: Python<'py>, text: serde_json::Result<String>) -> PyResult<Bound<'py, PyAny>> {
    let text = text.map_err(|e| SudokuError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (text,))
}

/// The next step from a player's board (a dict with `kind`).
#[pyfunction]
#[pyo3(signature = (puzzle, board=None, *, pencilmarks=None))]
fn hint<'py>(
    py: Python<'py>,
    puzzle: &str,
    board: Option<&str>,
    pencilmarks: Option<Vec<Vec<u8>>>,
) -> PyResult<Bound<'py, PyAny>> {
    let board = board.unwrap_or(puzzle).to_string();
    let puzzle = puzzle.to_string();
    let found = py
        .detach(|| sudoku_dlx::hint(puzzle.as_str(), board.as_str(), pencilmarks.as_deref()))
        .map_err(play_error)?;
    to_python(py, serde_json::to_string(&found))
}

/// The mistakes on a player's board: clashes (`mode="rules"`) or wrong
/// entries (`mode="solution"`), as a list of dicts.
#[pyfunction]
#[pyo3(signature = (puzzle, board, *, mode="solution"))]
fn check_board<'py>(py: Python<'py>, puzzle: &str, board: &str, mode: &str) -> PyResult<Bound<'py, PyAny>> {
    let mode = match mode {
        "rules" => sudoku_dlx::CheckMode::Rules,
        "solution" => sudoku_dlx::CheckMode::Solution,
        other => {
            return Err(option_error(format!(
                "unknown mode '{other}': expected rules or solution"
            )))
        }
    };
    let (puzzle, board) = (puzzle.to_string(), board.to_string());
    let mistakes = py
        .detach(|| sudoku_dlx::check_board(puzzle.as_str(), board.as_str(), mode, Default::default()))
        .map_err(play_error)?;
    to_python(py, serde_json::to_string(&mistakes))
}

/// The puzzle of the day `date` (`YYYY-MM-DD`) at `difficulty`, with its
/// solution, as a generate record (dict).
#[pyfunction]
#[pyo3(signature = (date, *, difficulty="medium"))]
fn daily<'py>(py: Python<'py>, date: &str, difficulty: &str) -> PyResult<Bound<'py, PyAny>> {
    let level: Level = difficulty
        .parse()
        .map_err(|e: sudoku_dlx::UnknownLevel| option_error(e.to_string()))?;
    let date = date.to_string();
    let puzzle = py
        .detach(|| sudoku_dlx::daily(&date, level))
        .map_err(play_error)?;
    let mut text = Vec::new();
    Writer::new(&mut text, Format::Jsonl, None)
        .and_then(|mut w| w.puzzle(&puzzle, true))
        .map_err(|e| SudokuError::new_err(e.to_string()))?;
    let text = String::from_utf8(text).map_err(|e| SudokuError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (text,))
}

/// Generates puzzles as a `(count, N*N)` uint8 array (0 for empty), with
/// the solutions as a second array when `solution` is true.
#[pyfunction]
#[pyo3(signature = (count, *, seed=None, r#box="3x3", symmetry="none", givens=None, difficulty=None,
    rating=None, backend="dlx", threads=None, shard=None, solution=false, max_attempts=None, variant=None,
    with_=None, without=None, hardest=None))]
#[allow(clippy::too_many_arguments)]
fn generate_array<'py>(
    py: Python<'py>,
    count: u64,
    seed: Option<u64>,
    r#box: &str,
    symmetry: &str,
    givens: Option<usize>,
    difficulty: Option<&str>,
    rating: Option<&Bound<'py, PyAny>>,
    backend: &str,
    threads: Option<usize>,
    shard: Option<&Bound<'py, PyAny>>,
    solution: bool,
    max_attempts: Option<u32>,
    variant: Option<&str>,
    with_: Option<&Bound<'py, PyAny>>,
    without: Option<&Bound<'py, PyAny>>,
    hardest: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let filter = parse_filter(with_, without, hardest)?;
    if let Some(rules) = parse_variant(variant)? {
        // An array holds digits only: a region map has no place in it.
        let jigsaw = rules.has(sudoku_dlx::Constraint::Jigsaw);
        let refused = [
            (givens.is_some(), "givens"),
            (shard.is_some(), "shard"),
            (jigsaw, "generate_array (jigsaw region maps need generate)"),
        ];
        let run = variant_run(
            rules,
            count,
            seed,
            r#box,
            symmetry,
            difficulty,
            rating,
            max_attempts,
            false,
            &refused,
            filter,
        )?;
        let produced = generate_variants(py, &run, threads)?;
        let cells = run.shape.cells();
        let flat = |pick: &dyn Fn(&VariantPuzzle) -> &Grid| -> Vec<u8> {
            produced
                .iter()
                .flat_map(|(p, _)| pick(p).cells().to_vec())
                .collect()
        };
        let puzzles = array(py, flat(&|g| &g.puzzle), produced.len(), cells)?;
        if solution {
            let solutions = array(py, flat(&|g| &g.solution), produced.len(), cells)?;
            return Ok((puzzles, solutions).into_pyobject(py)?.into_any());
        }
        return Ok(puzzles.into_any());
    }
    let run = run_options(
        count,
        seed,
        r#box,
        symmetry,
        givens,
        difficulty,
        rating,
        backend,
        shard,
        false,
        max_attempts,
        // Arrays hold the grids only: no effort to count.
        false,
        filter,
    )?;
    let produced = generate_all(py, &run, threads)?;
    let cells = run.plan.shape().cells();
    let rows = produced.len();
    let flat = |pick: &dyn Fn(&Puzzle) -> &Grid| -> Vec<u8> {
        produced.iter().flat_map(|p| pick(p).cells().to_vec()).collect()
    };
    let puzzles = array(py, flat(&|g| &g.puzzle), rows, cells)?;
    if solution {
        let solutions = array(py, flat(&|g| &g.solution), rows, cells)?;
        return Ok((puzzles, solutions).into_pyobject(py)?.into_any());
    }
    Ok(puzzles.into_any())
}

fn array<'py>(
    py: Python<'py>,
    data: Vec<u8>,
    rows: usize,
    cols: usize,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    numpy::PyArray1::from_vec(py, data).reshape([rows, cols])
}

/// Puzzle strings as a `(count, N*N)` uint8 array, 0 for empty.
#[pyfunction]
#[pyo3(signature = (puzzles, *, r#box=None))]
fn to_array<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    r#box: Option<&str>,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let batch = match Batch::extract(puzzles)? {
        Batch::One(s) => Batch::Many(vec![s]),
        many => many,
    };
    let grids = parse_all(&batch, parse_shape(r#box)?)?;
    let cells = grids.first().map_or(81, |g| g.cells().len());
    if let Some((i, g)) = grids.iter().enumerate().find(|(_, g)| g.cells().len() != cells) {
        return Err(InputError::new_err(format!(
            "puzzle {i}: {} cells, but puzzle 0 has {cells}: an array needs one size",
            g.cells().len()
        )));
    }
    let data: Vec<u8> = grids.iter().flat_map(|g| g.cells().to_vec()).collect();
    array(py, data, grids.len(), cells)
}

/// Puzzle strings from a `(count, N*N)` integer array, 0 for empty.
#[pyfunction]
#[pyo3(signature = (array, *, r#box=None))]
fn from_array(array: PyReadonlyArray2<'_, u8>, r#box: Option<&str>) -> PyResult<Vec<String>> {
    let [rows, cols] = [array.shape()[0], array.shape()[1]];
    let shape = match parse_shape(r#box)? {
        Some(s) if s.cells() != cols => {
            return Err(InputError::new_err(format!(
                "array rows have {cols} cells, but a {s} board has {}",
                s.cells()
            )))
        }
        Some(s) => s,
        None => Shape::from_cell_count(cols).map_err(|e| InputError::new_err(e.to_string()))?,
    };
    let view = array.as_array();
    (0..rows)
        .map(|r| {
            let cells: Vec<u8> = view.row(r).iter().copied().collect();
            let bad = cells.iter().position(|&d| d as usize > shape.n());
            if let Some(c) = bad {
                return Err(InputError::new_err(format!(
                    "row {r}, cell {c}: {} is not a digit from 0 to {}",
                    cells[c],
                    shape.n()
                )));
            }
            Ok(Grid::from_cells(shape, cells).expect("checked").to_line())
        })
        .collect()
}

/// The native module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("SudokuError", py.get_type::<SudokuError>())?;
    m.add("InputError", py.get_type::<InputError>())?;
    m.add("OptionError", py.get_type::<OptionError>())?;
    m.add("GenerationError", py.get_type::<GenerationError>())?;
    m.add("NotUniqueError", py.get_type::<NotUniqueError>())?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(generate_array, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(canonical_form, m)?)?;
    m.add_function(wrap_pyfunction!(dedup, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    m.add_function(wrap_pyfunction!(check_board, m)?)?;
    m.add_function(wrap_pyfunction!(daily, m)?)?;
    m.add_function(wrap_pyfunction!(to_array, m)?)?;
    m.add_function(wrap_pyfunction!(from_array, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
