//! The one place that writes records: every format (line, grid, JSON
//! array, JSON lines, CSV) and every record kind, so that the same record
//! has the same fields in every command and the behaviour under `--shard`
//! is decided here once. Schemas: docs/formats.md.
//!
//! A run writes its header (if the format has one), then one
//! [`Writer::record`] per record
//! (each complete before the next, so a reader of a cut stream loses at
//! most the last), then [`Writer::end`]. With shards, outputs
//! concatenated in shard order equal the single run's bytes for line,
//! grid, JSON lines and CSV (the header is written by shard 0 only); a
//! JSON array cannot be split that way, so [`Writer::new`] refuses JSON
//! with a shard and points to JSON lines.

use crate::engine::{BackendKind, Count, EffortUnit};
use crate::generator::Symmetry;
use crate::grid::Grid;
use crate::limits::GaveUp;
use crate::logic::candidates::Tables;
pub(crate) use crate::logic::rating::{one_decimal, RatingFields};
use crate::logic::{Candidates, LogicError};
use crate::pipeline::Puzzle;
use crate::shape::Shape;
use crate::verify::{GradeError, Graded};
use serde::Serialize;
use std::io::{self, Write};
use std::sync::Arc;

/// How records are written.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One line per record (for puzzles: the puzzle line).
    Line,
    /// Pictures of the board for people.
    Grid,
    /// One JSON array holding every record.
    Json,
    /// One JSON object per line.
    Jsonl,
    /// Comma-separated values with one header row.
    Csv,
}

/// Why output could not be written.
#[non_exhaustive]
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// A JSON array split across shards would not concatenate.
    #[error("the JSON array format cannot be sharded: shard outputs would be separate arrays that do not concatenate into one; JSON lines shards concatenate into the single run's output")]
    JsonShard,
    /// The record kind has no form in this format.
    #[error("{kind} records have no {format} form")]
    Unsupported {
        /// The record kind.
        kind: &'static str,
        /// The format asked for.
        format: &'static str,
    },
    /// Writing failed (a closed pipe, a full disk).
    #[error("cannot write the output: {0}")]
    Io(#[from] io::Error),
}

/// A record kind: its JSON form comes from `Serialize`; the other forms
/// from these methods.
pub(crate) trait Form: Serialize {
    /// The record kind's name, for messages.
    const KIND: &'static str;

    /// The `line` form, without the newline.
    fn line(&self) -> String;

    /// The `grid` form, without the final newline; `None` if the kind
    /// has none.
    fn grid(&self) -> Option<String> {
        None
    }

    /// The CSV cells, in the order of the header the command gives.
    fn csv(&self) -> Option<Vec<String>> {
        None
    }
}

/// Writes records in one format, deciding headers, separators and shard
/// behaviour.
pub struct Writer<W: Write> {
    out: W,
    format: Format,
    /// Whether this output opens the run (not a later shard): only then
    /// is the CSV header written.
    opens_run: bool,
    /// Whether the output already holds the run's opening (the CSV header,
    /// the JSON array's bracket and first record): a resumed run's output.
    opened: bool,
    written: u64,
    /// Bytes written, from the start of the output.
    bytes: u64,
}

impl<W: Write> Writer<W> {
    /// A writer for `format`; `shard` is `(part, parts)` when this output
    /// is one slice of a run.
    pub fn new(out: W, format: Format, shard: Option<(u64, u64)>) -> Result<Writer<W>, OutputError> {
        if format == Format::Json && shard.is_some() {
            return Err(OutputError::JsonShard);
        }
        Ok(Writer {
            out,
            format,
            opens_run: opens_run(shard),
            opened: false,
            written: 0,
            bytes: 0,
        })
    }

    /// A writer that goes on with an output already holding `bytes` bytes
    /// of this run's records, the opening included (a run resumed from its
    /// state file, appending to the output it wrote before).
    pub fn resumed(
        out: W,
        format: Format,
        shard: Option<(u64, u64)>,
        bytes: u64,
    ) -> Result<Writer<W>, OutputError> {
        let mut writer = Writer::new(out, format, shard)?;
        writer.opened = bytes > 0;
        writer.bytes = bytes;
        Ok(writer)
    }

    /// Writes `bytes` to the output, counting them.
    fn put(&mut self, bytes: &[u8]) -> Result<(), OutputError> {
        self.out.write_all(bytes)?;
        self.bytes += bytes.len() as u64;
        Ok(())
    }

    internal_pub! {
        /// Starts the output: the CSV header (`columns`), on shard 0 only.
        fn begin(&mut self, columns: &[&str]) -> Result<(), OutputError> {
            if self.format == Format::Csv && self.opens_run && !self.opened {
                self.put(format!("{}\n", columns.join(",")).as_bytes())?;
            }
            Ok(())
        }
    }

    /// Writes one record, whole.
    pub fn record(&mut self, record: &Record) -> Result<(), OutputError> {
        match &*record.0 {
            Kind::Generated(r) => self.write(r),
            Kind::Rated(r) => self.write(r),
            Kind::Explained(r) => self.write(r),
            Kind::Counted(r) => self.write(r),
            Kind::Solved(r) => self.write(r),
            Kind::Checked(r) => self.write(r),
            Kind::Error(r) => self.write(r),
            Kind::Canonical(r) => self.write(r),
            Kind::Hint(r) => self.write(r),
            Kind::BoardCheck(r) => self.write(r),
            Kind::VariantPuzzle(r) => self.write(r),
            // Copied as read, whatever the format, as `dedup` passes
            // records through.
            Kind::Copied(r) => {
                self.put(r.text.as_bytes())?;
                self.written += 1;
                Ok(())
            }
        }
    }

    fn write<R: Form>(&mut self, record: &R) -> Result<(), OutputError> {
        let text = match self.format {
            Format::Line => format!("{}\n", record.line()),
            Format::Grid => format!("{}\n", record.grid().ok_or(unsupported::<R>("grid"))?),
            Format::Jsonl => format!("{}\n", to_json(record)?),
            Format::Json => {
                let opening = if self.written == 0 && !self.opened {
                    "[\n"
                } else {
                    ","
                };
                format!("{opening}  {}\n", to_json(record)?)
            }
            Format::Csv => {
                let cells = record.csv().ok_or(unsupported::<R>("csv"))?;
                format!("{}\n", cells.join(","))
            }
        };
        self.put(text.as_bytes())?;
        self.written += 1;
        Ok(())
    }

    /// Starts an output of generated variant puzzles: their CSV header,
    /// with the rating columns when `rated`.
    pub fn begin_variant_puzzles(&mut self, rated: bool) -> Result<(), OutputError> {
        self.begin(&VariantPuzzleRecord::csv_header(rated))
    }

    /// Starts an output of generated puzzles: the CSV header for records
    /// with or without rating and solution.
    pub fn begin_puzzles(&mut self, rated: bool, with_solution: bool) -> Result<(), OutputError> {
        self.begin(&GeneratedRecord::csv_header(rated, with_solution))
    }

    /// Writes one generated puzzle, with its solution when
    /// `with_solution`.
    pub fn puzzle(&mut self, puzzle: &Puzzle, with_solution: bool) -> Result<(), OutputError> {
        self.write(&GeneratedRecord::new(puzzle, with_solution))
    }

    /// Records written so far.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Bytes of output so far, from the start of the output (a resumed
    /// writer's included): once flushed, the length of an output file.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Writes pending output (between batches, so output streams).
    pub fn flush(&mut self) -> Result<(), OutputError> {
        self.out.flush()?;
        Ok(())
    }

    /// Closes the output: the end of a JSON array (an empty one if no
    /// record was written), then a flush.
    pub fn end(&mut self) -> Result<(), OutputError> {
        if self.format == Format::Json {
            let empty = self.written == 0 && !self.opened;
            self.put(if empty { b"[]\n" } else { b"]\n" })?;
        }
        self.flush()
    }
}

/// Whether the output of `shard` opens the run (not a later shard).
fn opens_run(shard: Option<(u64, u64)>) -> bool {
    shard.is_none_or(|(part, _)| part == 0)
}

/// Whether an output of generated puzzles that begins with `head` (its
/// first bytes: a CSV header's worth, or all of them if fewer) can be one
/// written in `format` with these columns: a resumed run appends to it
/// only then, not records of another format.
pub fn continues_puzzles(
    format: Format,
    shard: Option<(u64, u64)>,
    rated: bool,
    with_solution: bool,
    head: &[u8],
) -> bool {
    let structured = head.starts_with(b"{") || head.starts_with(b"[");
    match format {
        Format::Json => head.starts_with(b"[\n  {"),
        Format::Jsonl => head.starts_with(b"{"),
        Format::Csv if opens_run(shard) => {
            let header = format!(
                "{}\n",
                GeneratedRecord::csv_header(rated, with_solution).join(",")
            );
            head.starts_with(header.as_bytes()) || header.as_bytes().starts_with(head)
        }
        Format::Csv | Format::Line | Format::Grid => !structured && !head.starts_with(b"index,"),
    }
}

fn unsupported<R: Form>(format: &'static str) -> OutputError {
    OutputError::Unsupported {
        kind: R::KIND,
        format,
    }
}

fn to_json(record: &impl Serialize) -> Result<String, OutputError> {
    serde_json::to_string(record).map_err(|e| OutputError::Io(io::Error::other(e)))
}

/// Effort as records write it: the figure and its unit, side by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct EffortFields {
    /// The amount spent.
    pub(crate) effort: u64,
    /// What `effort` counts: `search_nodes` or `solve_calls`.
    pub(crate) effort_unit: EffortUnit,
}

impl EffortFields {
    /// Effort of `count` by an engine of `kind`.
    pub(crate) fn of(kind: BackendKind, effort: u64) -> EffortFields {
        EffortFields {
            effort,
            effort_unit: kind.capabilities().effort_unit,
        }
    }
}

/// Where a record came from: file (`-` for standard input) and line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Source {
    /// File name.
    pub file: String,
    /// 1-based line.
    pub line: usize,
}

impl std::fmt::Display for Source {
    /// `FILE: line L`, as messages about a record start.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: line {}", self.file, self.line)
    }
}

/// One record to write: what a command reports about one puzzle (or one
/// input record it could not use), in the same fields in every format.
/// Made by the constructors below, written by [`Writer::record`], and
/// serialised as its JSON form.
#[derive(Clone, Debug)]
pub struct Record(Box<Kind>);

#[derive(Clone, Debug)]
enum Kind {
    Generated(GeneratedRecord),
    Rated(RatedRecord),
    Explained(ExplainedRecord),
    Counted(CountRecord),
    Solved(SolvedRecord),
    Checked(CheckRecord),
    Error(ErrorRecord),
    Canonical(CanonRecord),
    Copied(CopiedRecord),
    Hint(HintRecord),
    BoardCheck(BoardCheckRecord),
    VariantPuzzle(VariantPuzzleRecord),
}

impl Record {
    fn of(kind: Kind) -> Record {
        Record(Box::new(kind))
    }

    /// A generated puzzle, with its solution when `with_solution`.
    pub fn generated(puzzle: &Puzzle, with_solution: bool) -> Record {
        Record::of(Kind::Generated(GeneratedRecord::new(puzzle, with_solution)))
    }

    /// `puzzle`, read at `source` and graded as `graded`: its rating and
    /// the search effort that showed it unique.
    pub fn rated(source: Source, puzzle: &Grid, graded: &Graded) -> Record {
        Record::of(Kind::Rated(RatedRecord::new(source, puzzle, graded)))
    }

    /// `puzzle` graded as `graded` with its steps: the rating and the
    /// whole path; the text form shows the candidates before every step
    /// when `show_candidates`. Fails only when `puzzle`'s givens clash.
    pub fn explained(puzzle: &Grid, graded: Graded, show_candidates: bool) -> Result<Record, GradeError> {
        ExplainedRecord::new(puzzle, graded, show_candidates)
            .map(|r| Record::of(Kind::Explained(r)))
            .map_err(GradeError::logic)
    }

    /// A count of `puzzle`'s solutions up to `limit` by a backend of
    /// `kind`, or where the backend gave up (with the count so far).
    pub fn counted(
        source: Source,
        puzzle: &Grid,
        kind: BackendKind,
        count: Result<&Count, &GaveUp>,
        limit: u64,
    ) -> Record {
        let mut record = count_record(source, puzzle, kind, count);
        record.limit = Some(limit);
        Record::of(Kind::Counted(record))
    }

    /// A count read as an answer: the status (`solved`, `no solution`,
    /// `several solutions` or `gave up`) and the solution of a puzzle
    /// with exactly one; `uniqueness_checked` says whether a second
    /// solution was searched for.
    pub fn solved(
        source: Source,
        puzzle: &Grid,
        kind: BackendKind,
        count: Result<&Count, &GaveUp>,
        uniqueness_checked: bool,
    ) -> Record {
        let status = match count {
            Ok(c) if c.solutions == 0 => "no solution",
            Ok(c) if c.solutions == 1 => "solved",
            Ok(_) => "several solutions",
            Err(_) => "gave up",
        };
        let mut record = count_record(source, puzzle, kind, count);
        record.status = Some(status);
        if status != "solved" {
            record.solution = None;
        }
        record.uniqueness_checked = Some(uniqueness_checked);
        Record::of(Kind::Solved(SolvedRecord(record)))
    }

    /// Both backends' counts of `puzzle` and what they disagree on
    /// (nothing when they agree).
    pub fn checked(source: Source, puzzle: &Grid, dlx: u64, sat: u64, problems: Vec<String>) -> Record {
        Record::of(Kind::Checked(CheckRecord::new(
            source, puzzle, dlx, sat, problems,
        )))
    }

    /// An input record that could not be used, and why.
    pub fn error(source: Source, message: impl ToString) -> Record {
        Record::of(Kind::Error(ErrorRecord::new(source, message)))
    }

    /// An input record that could not be read as a puzzle, as `solve`
    /// reports it: an error with the status `invalid`.
    pub fn invalid(source: Source, message: impl ToString) -> Record {
        let mut record = ErrorRecord::new(source, message);
        record.status = Some("invalid");
        Record::of(Kind::Error(record))
    }

    /// `puzzle`, whose work stopped at a budget or a time limit, and why.
    pub fn gave_up(source: Source, puzzle: &Grid, message: impl ToString) -> Record {
        let mut record = ErrorRecord::new(source, message);
        record.puzzle = Some(puzzle.to_line());
        Record::of(Kind::Error(record))
    }

    /// `puzzle` and its canonical form.
    pub fn canonical(source: Source, puzzle: &Grid, canonical: &Grid) -> Record {
        Record::of(Kind::Canonical(CanonRecord::new(source, puzzle, canonical)))
    }

    /// What to do next on a player's `board` of `puzzle`: the step, or
    /// the mistakes, or that it is solved or stuck.
    pub fn hint(puzzle: &Grid, board: &Grid, hint: crate::play::Hint) -> Record {
        Record::of(Kind::Hint(HintRecord::new(puzzle, board, hint)))
    }

    /// The `mistakes` found on a player's `board` of `puzzle` in `mode`.
    pub fn board_check(
        puzzle: &Grid,
        board: &Grid,
        mode: crate::play::CheckMode,
        mistakes: Vec<crate::play::Mistake>,
    ) -> Record {
        Record::of(Kind::BoardCheck(BoardCheckRecord::new(
            puzzle, board, mode, mistakes,
        )))
    }

    /// Puzzle `index` of a variant run from `seed`, with its rules (and
    /// region map), and its solution when `with_solution`.
    pub fn variant_puzzle(
        index: u64,
        seed: u64,
        puzzle: &crate::generator::VariantPuzzle,
        with_solution: bool,
        rating: Option<&crate::logic::Rating>,
    ) -> Record {
        Record::of(Kind::VariantPuzzle(VariantPuzzleRecord::new(
            index,
            seed,
            puzzle,
            with_solution,
            rating,
        )))
    }

    /// A count, a solve or a rating under `variant`'s rules: the record
    /// names them (and the region map), so that it reads back. Other kinds
    /// are unchanged.
    pub fn with_variant(mut self, variant: &crate::variant::Variant) -> Record {
        let (rules, regions) = (Some(variant.to_string()), variant.region_map());
        match &mut *self.0 {
            Kind::Counted(r) | Kind::Solved(SolvedRecord(r)) => (r.variant, r.regions) = (rules, regions),
            Kind::Rated(r) => (r.variant, r.regions) = (rules, regions),
            _ => {}
        }
        self
    }

    /// A count whose answer is in doubt, and why (the backends disagree,
    /// or a solution breaks a rule). Other kinds are unchanged.
    pub fn with_problem(mut self, problem: Option<String>) -> Record {
        if let Kind::Counted(r) = &mut *self.0 {
            r.error = problem;
        }
        self
    }

    /// An input record's `text` (line ends included), read at `source`,
    /// to be written unchanged.
    pub fn copied(source: Source, text: String) -> Record {
        Record::of(Kind::Copied(CopiedRecord::new(source, text)))
    }
}

impl Serialize for Record {
    /// The record's JSON form.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &*self.0 {
            Kind::Generated(r) => r.serialize(s),
            Kind::Rated(r) => r.serialize(s),
            Kind::Explained(r) => r.serialize(s),
            Kind::Counted(r) => r.serialize(s),
            Kind::Solved(r) => r.serialize(s),
            Kind::Checked(r) => r.serialize(s),
            Kind::Error(r) => r.serialize(s),
            Kind::Canonical(r) => r.serialize(s),
            Kind::Hint(r) => r.serialize(s),
            Kind::BoardCheck(r) => r.serialize(s),
            Kind::VariantPuzzle(r) => r.serialize(s),
            Kind::Copied(r) => r.serialize(s),
        }
    }
}

/// The fields a count and a solve share; where the backend gave up, the
/// count so far and why.
fn count_record(
    source: Source,
    puzzle: &Grid,
    kind: BackendKind,
    count: Result<&Count, &GaveUp>,
) -> CountRecord {
    match count {
        Ok(count) => CountRecord::new(source, puzzle, kind, count),
        Err(gave_up) => {
            let mut record = CountRecord::new(source, puzzle, kind, &gave_up.count());
            record.error = Some(gave_up.to_string());
            record
        }
    }
}

/// `generate`: one generated puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct GeneratedRecord {
    /// Index in the run.
    pub(crate) index: u64,
    /// Run seed.
    pub(crate) seed: u64,
    /// Board shape (`3x3`).
    pub(crate) shape: Shape,
    /// The puzzle line.
    pub(crate) puzzle: String,
    /// Clues.
    pub(crate) clues: usize,
    /// Clue symmetry.
    pub(crate) symmetry: Symmetry,
    /// Engine that dug it.
    pub(crate) backend: BackendKind,
    /// DLX effort to count its solutions to two, when measured.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub(crate) effort: Option<EffortFields>,
    /// No clue can be removed.
    pub(crate) minimal: bool,
    /// Grids or candidates spent on it.
    pub(crate) attempts: u32,
    /// Crate version that made it.
    pub(crate) version: &'static str,
    /// The solution, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) solution: Option<String>,
    /// The rating, when rated.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub(crate) rating: Option<RatingFields>,
    #[serde(skip)]
    grids: (Grid, Option<Grid>),
}

impl GeneratedRecord {
    /// The record of `puzzle`; the solution only when `with_solution`.
    pub(crate) fn new(puzzle: &Puzzle, with_solution: bool) -> GeneratedRecord {
        let solution = with_solution.then(|| puzzle.solution.clone());
        GeneratedRecord {
            index: puzzle.index,
            seed: puzzle.seed,
            shape: puzzle.puzzle.shape(),
            puzzle: puzzle.puzzle.to_line(),
            clues: puzzle.clues,
            symmetry: puzzle.symmetry,
            backend: puzzle.backend,
            effort: puzzle.effort.map(|e| EffortFields {
                effort: e.value,
                effort_unit: e.unit,
            }),
            minimal: puzzle.minimal,
            attempts: puzzle.attempts,
            version: env!("CARGO_PKG_VERSION"),
            solution: solution.as_ref().map(Grid::to_line),
            rating: puzzle.rating.as_ref().map(RatingFields::from),
            grids: (puzzle.puzzle.clone(), solution),
        }
    }

    /// The CSV header for records with or without rating and solution.
    pub(crate) fn csv_header(rated: bool, with_solution: bool) -> Vec<&'static str> {
        let mut columns = vec!["index", "seed", "shape", "puzzle", "clues", "effort", "minimal"];
        if rated {
            columns.extend(["rating", "level", "ep", "ed"]);
        }
        if with_solution {
            columns.push("solution");
        }
        columns
    }
}

impl Form for GeneratedRecord {
    const KIND: &'static str = "generated puzzle";

    fn line(&self) -> String {
        match &self.solution {
            Some(s) => format!("{} {s}", self.puzzle),
            None => self.puzzle.clone(),
        }
    }

    fn grid(&self) -> Option<String> {
        let (puzzle, solution) = &self.grids;
        Some(match solution {
            Some(s) => format!("{}\n{}", puzzle.to_pretty(), s.to_pretty()),
            None => puzzle.to_pretty(),
        })
    }

    fn csv(&self) -> Option<Vec<String>> {
        let mut cells = vec![
            self.index.to_string(),
            self.seed.to_string(),
            self.shape.to_string(),
            self.puzzle.clone(),
            self.clues.to_string(),
            self.effort.map(|e| e.effort.to_string()).unwrap_or_default(),
            self.minimal.to_string(),
        ];
        if let Some(r) = &self.rating {
            cells.extend(rating_cells(r));
        }
        cells.extend(self.solution.clone());
        Some(cells)
    }
}

/// `rate`: one rated puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct RatedRecord {
    /// Where it was read.
    #[serde(flatten)]
    pub(crate) source: Source,
    /// The puzzle line.
    pub(crate) puzzle: String,
    /// Its rating.
    #[serde(flatten)]
    pub(crate) rating: RatingFields,
    /// DLX effort to show it unique.
    #[serde(flatten)]
    pub(crate) effort: EffortFields,
    /// The variant rules (absent for classic puzzles).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) variant: Option<String>,
    /// The jigsaw region map (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) regions: Option<String>,
}

impl RatedRecord {
    /// The record of `puzzle`, read at `source` and graded as `graded`.
    pub(crate) fn new(source: Source, puzzle: &Grid, graded: &Graded) -> RatedRecord {
        RatedRecord {
            source,
            puzzle: puzzle.to_line(),
            rating: RatingFields::from(&graded.path.rating),
            effort: EffortFields::of(BackendKind::Dlx, graded.effort),
            variant: None,
            regions: None,
        }
    }
}

/// The nested chains of a step for the text form of `explain`: which the
/// step's chain uses, then each once, numbered, with what it uses in turn.
fn nested_chain_lines(nested: &[crate::logic::NestedChain]) -> String {
    if nested.is_empty() {
        return String::new();
    }
    let list = |ids: &[usize]| {
        ids.iter()
            .map(|i| format!("[{i}]"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let direct: Vec<usize> = nested.iter().filter(|c| c.direct).map(|c| c.id).collect();
    let mut out = format!("     using nested chains {}:\n", list(&direct));
    for c in nested {
        let uses = if c.uses.is_empty() {
            String::new()
        } else {
            format!(", using {}", list(&c.uses))
        };
        out.push_str(&format!(
            "     [{}] {} ({:.1}, complexity {}{uses}): {}\n",
            c.id, c.name, c.rating, c.complexity, c.description
        ));
    }
    out
}

impl Form for RatedRecord {
    const KIND: &'static str = "rated puzzle";

    /// Tab-separated: puzzle, rating, level, hardest technique (marked
    /// when logic could not finish), effort, `name:count` per technique,
    /// then SE's `ER/EP/ED` as serate prints them (`7.2/1.2/1.2`).
    fn line(&self) -> String {
        let r = &self.rating;
        // A puzzle no technique finishes is named as serate names it.
        let hardest = if r.solved_by_logic || r.lower_bound {
            r.hardest.unwrap_or("none")
        } else {
            crate::logic::rating::BEYOND_NAME
        };
        let techniques: Vec<String> = r.techniques.iter().map(|(t, k)| format!("{t}:{k}")).collect();
        // A solve stopped at its time limit rates at least this much.
        let at_least = if r.lower_bound { "+" } else { "" };
        format!(
            "{}\t{:.1}{at_least}\t{}\t{hardest}\t{}\t{}\t{}",
            self.puzzle,
            r.rating,
            r.level,
            self.effort.effort,
            techniques.join(","),
            er_ep_ed(r)
        )
    }
}

/// The CSV cells of a rating: `rating`, `level`, `ep`, `ed`.
fn rating_cells(r: &RatingFields) -> [String; 4] {
    [
        format!("{:.1}", r.rating),
        r.level.to_string(),
        format!("{:.1}", r.ep),
        format!("{:.1}", r.ed),
    ]
}

/// SE's three ratings as serate prints them by default (`%r/%p/%d`):
/// `7.2/1.2/1.2`.
pub(crate) fn er_ep_ed(r: &RatingFields) -> String {
    format!("{:.1}/{:.1}/{:.1}", r.er, r.ep, r.ed)
}

/// SE's three ratings with their techniques, for people: `ER 7.2 (Forcing
/// Chain), EP 1.2 (Hidden Single), ED 1.2 (Hidden Single)`; a rating
/// without a step shows no technique.
pub(crate) fn er_ep_ed_named(r: &RatingFields) -> String {
    let one = |label: &str, value: f64, name: &str| {
        if name.is_empty() {
            format!("{label} {value:.1}")
        } else {
            format!("{label} {value:.1} ({name})")
        }
    };
    format!(
        "{}, {}, {}",
        one("ER", r.er, &r.er_technique),
        one("EP", r.ep, &r.ep_technique),
        one("ED", r.ed, &r.ed_technique)
    )
}

/// `explain`: a puzzle's rating and its whole solving path.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct ExplainedRecord {
    /// The puzzle line.
    pub(crate) puzzle: String,
    /// Its rating.
    #[serde(flatten)]
    pub(crate) rating: RatingFields,
    /// DLX effort to show it unique.
    #[serde(flatten)]
    pub(crate) effort: EffortFields,
    /// Every step, with cells, digits and eliminations.
    pub(crate) steps: Vec<crate::logic::Step>,
    /// Every step as a sentence.
    pub(crate) text: Vec<String>,
    /// The grid where logic stopped (the solution when solved).
    pub(crate) grid: String,
    /// The text form for people (the `grid` format).
    #[serde(skip)]
    pictures: String,
}

impl ExplainedRecord {
    /// The record of `puzzle` graded as `graded` (with its steps); the
    /// text form shows the candidates before every step when
    /// `show_candidates`.
    pub(crate) fn new(
        puzzle: &Grid,
        graded: Graded,
        show_candidates: bool,
    ) -> Result<ExplainedRecord, LogicError> {
        let pictures = explanation_text(puzzle, &graded, show_candidates)?;
        let path = graded.path;
        Ok(ExplainedRecord {
            puzzle: puzzle.to_line(),
            rating: RatingFields::from(&path.rating),
            effort: EffortFields::of(BackendKind::Dlx, graded.effort),
            text: path.steps.iter().map(ToString::to_string).collect(),
            steps: path.steps,
            grid: path.grid.to_line(),
            pictures,
        })
    }
}

impl Form for ExplainedRecord {
    const KIND: &'static str = "explanation";

    /// Puzzle, rating, hardest technique and `ER/EP/ED`, tab-separated.
    fn line(&self) -> String {
        let hardest = self.rating.hardest.unwrap_or("none");
        format!(
            "{}\t{:.1}\t{hardest}\t{}",
            self.puzzle,
            self.rating.rating,
            er_ep_ed(&self.rating)
        )
    }

    /// The board, the numbered steps (with the candidates before each
    /// when asked for) and how it ended.
    fn grid(&self) -> Option<String> {
        Some(self.pictures.clone())
    }
}

/// The text of an explanation: the board, numbered steps, the ending.
fn explanation_text(puzzle: &Grid, graded: &Graded, show_candidates: bool) -> Result<String, LogicError> {
    let n = puzzle.shape().n();
    let path = &graded.path;
    let mut candidates = Candidates::from_grid(Arc::new(Tables::new(puzzle.shape())), puzzle)?;
    let mut out = format!("{}\n", puzzle.to_pretty());
    for (i, step) in path.steps.iter().enumerate() {
        if show_candidates {
            out.push_str(&format!("{}\n", candidate_grid(&candidates)));
        }
        out.push_str(&format!("{:>3}. {step}\n", i + 1));
        out.push_str(&nested_chain_lines(&step.nested_chains()));
        for p in &step.placements {
            candidates.place(p.cell.index(n), p.digit);
        }
        for e in &step.eliminations {
            candidates.eliminate(e.cell.index(n), e.digit);
        }
    }
    let r = &path.rating;
    let hardest = r.hardest.map_or("none", |t| t.name());
    let se = er_ep_ed_named(&RatingFields::from(r));
    if r.lower_bound {
        out.push_str(&format!(
            "\nStopped at the time limit after {} steps: rated at least {:.1} ({}), hardest step so far: {hardest}.\nSE ratings so far: {se} (each a lower bound).\nPosition reached:\n{}",
            path.steps.len(),
            r.score,
            r.level,
            candidate_grid(&candidates)
        ));
    } else if path.solved {
        out.push_str(&format!(
            "\nSolved. Rating {:.1} ({}), hardest step: {hardest}; search effort {} nodes.\nSE ratings: {se}.",
            r.score, r.level, graded.effort
        ));
    } else {
        out.push_str(&format!(
            "\nStuck: no technique of Sukaku Explainer's finishes this puzzle (rated {:.1}, as SE rates it).\nSE ratings: {se}.\nPosition reached:\n{}",
            r.score,
            candidate_grid(&candidates)
        ));
    }
    Ok(out)
}

/// The candidate grid as text: each cell shows its digit or its
/// candidates, columns padded to line up, boxes separated.
pub(crate) fn candidate_grid(c: &Candidates) -> String {
    let shape = c.shape();
    let n = shape.n();
    let text = |cell: usize| -> String {
        match c.value(cell) {
            0 => (1..=n as u8)
                .filter(|&d| c.has(cell, d))
                .map(Shape::symbol)
                .collect(),
            d => Shape::symbol(d).to_string(),
        }
    };
    let widths: Vec<usize> = (0..n)
        .map(|col| (0..n).map(|r| text(shape.cell(r, col)).len()).max().unwrap_or(1))
        .collect();
    let mut out = String::new();
    for r in 0..n {
        if r > 0 && r % shape.box_rows() == 0 {
            let rule: Vec<String> = (0..shape.box_rows())
                .map(|b| {
                    let cols = b * shape.box_cols()..(b + 1) * shape.box_cols();
                    "-".repeat(cols.map(|col| widths[col] + 1).sum::<usize>() + 1)
                })
                .collect();
            out.push_str(&rule.join("+"));
            out.push('\n');
        }
        for (col, width) in widths.iter().enumerate() {
            if col > 0 && col % shape.box_cols() == 0 {
                out.push_str(" |");
            }
            out.push_str(&format!(" {:<width$}", text(shape.cell(r, col))));
        }
        out.push('\n');
    }
    out
}

/// `solve` and `count`: an engine's count of one puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct CountRecord {
    /// Where it was read.
    #[serde(flatten)]
    pub(crate) source: Source,
    /// `unique`, `multiple`, `none`, `gave_up` (what `solve` reports).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) status: Option<&'static str>,
    /// Board shape.
    pub(crate) shape: Shape,
    /// The puzzle line.
    pub(crate) puzzle: String,
    /// Solutions found, at most `limit`.
    pub(crate) solutions: u64,
    /// The count limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) limit: Option<u64>,
    /// False when a budget or timeout stopped the count.
    pub(crate) complete: bool,
    /// The solution (`solve`: only of a unique puzzle; `count`: the first).
    pub(crate) solution: Option<String>,
    /// Engine effort.
    #[serde(flatten)]
    pub(crate) effort: EffortFields,
    /// `solve`: whether a second solution was searched for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) uniqueness_checked: Option<bool>,
    /// Why the count was given up, if it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) error: Option<String>,
    /// The variant rules (absent for classic puzzles).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) variant: Option<String>,
    /// The jigsaw region map (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) regions: Option<String>,
}

impl CountRecord {
    /// The record of `count` by `kind`.
    pub(crate) fn new(source: Source, puzzle: &Grid, kind: BackendKind, count: &Count) -> CountRecord {
        CountRecord {
            source,
            status: None,
            shape: puzzle.shape(),
            puzzle: puzzle.to_line(),
            solutions: count.solutions,
            limit: None,
            complete: count.complete,
            solution: count.first.as_ref().map(Grid::to_line),
            effort: EffortFields::of(kind, count.effort),
            uniqueness_checked: None,
            error: None,
            variant: None,
            regions: None,
        }
    }
}

impl Form for CountRecord {
    const KIND: &'static str = "count";

    /// The number of solutions found.
    fn line(&self) -> String {
        self.solutions.to_string()
    }
}

/// `solve`: a count by the engine read as an answer; the same fields as
/// [`CountRecord`], whose line and grid forms are the solution.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(transparent)]
pub(crate) struct SolvedRecord(pub(crate) CountRecord);

impl Form for SolvedRecord {
    const KIND: &'static str = "solution";

    /// The solution line (empty when there is none to give).
    fn line(&self) -> String {
        self.0.solution.clone().unwrap_or_default()
    }

    /// The solution as a picture.
    fn grid(&self) -> Option<String> {
        let line = self.0.solution.as_ref()?;
        let solution = crate::formats::parse_line(line, Some(self.0.shape), 1).ok()?;
        Some(solution.to_pretty())
    }
}

/// `check`: both engines' counts of one puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct CheckRecord {
    /// Where it was read.
    #[serde(flatten)]
    pub(crate) source: Source,
    /// The puzzle line.
    pub(crate) puzzle: String,
    /// DLX's count.
    pub(crate) dlx: Option<u64>,
    /// SAT's count.
    pub(crate) sat: Option<u64>,
    /// Whether the engines agree.
    pub(crate) agree: bool,
    /// What they disagree on.
    pub(crate) problems: Vec<String>,
    /// Why the check was given up, if it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) error: Option<String>,
}

impl CheckRecord {
    /// The record of `puzzle` checked with both backends: their counts and
    /// what they disagree on (nothing when they agree).
    pub(crate) fn new(
        source: Source,
        puzzle: &Grid,
        dlx: u64,
        sat: u64,
        problems: Vec<String>,
    ) -> CheckRecord {
        CheckRecord {
            source,
            puzzle: puzzle.to_line(),
            dlx: Some(dlx),
            sat: Some(sat),
            agree: problems.is_empty(),
            problems,
            error: None,
        }
    }
}

impl Form for CheckRecord {
    const KIND: &'static str = "check";

    /// `FILE: line L: PUZZLE: problems` (what `check` prints for a
    /// disagreement), or the error.
    fn line(&self) -> String {
        match &self.error {
            Some(e) => format!("{}: {e}", self.source),
            None => format!("{}: {}: {}", self.source, self.puzzle, self.problems.join("; ")),
        }
    }
}

/// Any command: a record that could not be processed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct ErrorRecord {
    /// Where it was read.
    #[serde(flatten)]
    pub(crate) source: Source,
    /// `solve`: the status (`invalid`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) status: Option<&'static str>,
    /// The puzzle line, when it could be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) puzzle: Option<String>,
    /// What went wrong.
    pub(crate) error: String,
}

impl ErrorRecord {
    /// The record of an error at `source`.
    pub(crate) fn new(source: Source, error: impl ToString) -> ErrorRecord {
        ErrorRecord {
            source,
            status: None,
            puzzle: None,
            error: error.to_string(),
        }
    }
}

impl Form for ErrorRecord {
    const KIND: &'static str = "error";

    /// The message.
    fn line(&self) -> String {
        self.error.clone()
    }
}

/// `hint`: what to do next on a player's board.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct HintRecord {
    /// The puzzle line.
    puzzle: String,
    /// The board line (givens and entries).
    board: String,
    /// The hint, its `kind` first.
    #[serde(flatten)]
    hint: crate::play::Hint,
}

impl HintRecord {
    /// The record of `hint` for `board` on `puzzle`.
    pub(crate) fn new(puzzle: &Grid, board: &Grid, hint: crate::play::Hint) -> HintRecord {
        HintRecord {
            puzzle: puzzle.to_line(),
            board: board.to_line(),
            hint,
        }
    }
}

impl Form for HintRecord {
    const KIND: &'static str = "hint";

    /// The step's sentence, the mistakes, or `solved` / `stuck`.
    fn line(&self) -> String {
        use crate::play::Hint;
        match &self.hint {
            Hint::Step { text, .. } => text.clone(),
            Hint::Mistakes { mistakes } => mistake_line(mistakes),
            Hint::Solved => "solved".to_string(),
            Hint::Stuck => "stuck: no technique applies".to_string(),
            #[allow(unreachable_patterns)]
            _ => String::new(),
        }
    }
}

/// `check-board`: the mistakes on a player's board.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct BoardCheckRecord {
    /// The puzzle line.
    puzzle: String,
    /// The board line.
    board: String,
    /// `rules` or `solution`.
    mode: crate::play::CheckMode,
    /// Each mistake, in cell order.
    mistakes: Vec<crate::play::Mistake>,
}

impl BoardCheckRecord {
    /// The record of checking `board` on `puzzle` in `mode`.
    pub(crate) fn new(
        puzzle: &Grid,
        board: &Grid,
        mode: crate::play::CheckMode,
        mistakes: Vec<crate::play::Mistake>,
    ) -> BoardCheckRecord {
        BoardCheckRecord {
            puzzle: puzzle.to_line(),
            board: board.to_line(),
            mode,
            mistakes,
        }
    }
}

impl Form for BoardCheckRecord {
    const KIND: &'static str = "board check";

    /// `no mistakes`, or each mistake.
    fn line(&self) -> String {
        mistake_line(&self.mistakes)
    }
}

/// Mistakes as one line: each one's text, `; `-separated.
fn mistake_line(mistakes: &[crate::play::Mistake]) -> String {
    if mistakes.is_empty() {
        return "no mistakes".to_string();
    }
    let texts: Vec<&str> = mistakes.iter().map(|m| m.text.as_str()).collect();
    texts.join("; ")
}

/// `canon`: the canonical (minlex) form of one puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct CanonRecord {
    /// Where it was read.
    #[serde(flatten)]
    pub(crate) source: Source,
    /// The puzzle line as read.
    pub(crate) puzzle: String,
    /// Its canonical form.
    pub(crate) canonical: String,
}

impl CanonRecord {
    /// The record of `puzzle` and its canonical form.
    pub(crate) fn new(source: Source, puzzle: &Grid, canonical: &Grid) -> CanonRecord {
        CanonRecord {
            source,
            puzzle: puzzle.to_line(),
            canonical: canonical.to_line(),
        }
    }
}

impl Form for CanonRecord {
    const KIND: &'static str = "canonical form";

    /// The canonical line.
    fn line(&self) -> String {
        self.canonical.clone()
    }
}

/// `dedup`: an input record copied unchanged.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct CopiedRecord {
    /// Where it was read.
    #[serde(flatten)]
    pub(crate) source: Source,
    /// The record's text as read, line ends included.
    pub(crate) text: String,
}

impl CopiedRecord {
    /// An input record's `text` (line ends included), read at `source`.
    pub(crate) fn new(source: Source, text: String) -> CopiedRecord {
        CopiedRecord { source, text }
    }
}

impl Form for CopiedRecord {
    const KIND: &'static str = "copied record";

    /// The text as read, without its last line end.
    fn line(&self) -> String {
        let text = self.text.strip_suffix('\n').unwrap_or(&self.text);
        text.strip_suffix('\r').unwrap_or(text).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::Plan;

    fn write_run(format: Format, shard: Option<(u64, u64)>, rate: bool) -> Result<Vec<u8>, OutputError> {
        let mut builder = Plan::builder(Shape::CLASSIC).seed(9).count(7).rate(rate);
        if let Some((part, parts)) = shard {
            builder = builder.shard(part, parts);
        }
        let plan = builder.build().expect("valid plan");
        let mut writer = Writer::new(Vec::new(), format, plan.shard())?;
        writer.begin(&GeneratedRecord::csv_header(rate, true))?;
        for puzzle in plan.puzzles() {
            writer.puzzle(&puzzle.unwrap(), true)?;
        }
        writer.end()?;
        Ok(writer.out)
    }

    #[test]
    fn shards_concatenate_into_the_single_run_in_every_shardable_format() {
        for format in [Format::Line, Format::Grid, Format::Jsonl, Format::Csv] {
            let whole = write_run(format, None, true).unwrap();
            for parts in [1, 2, 3, 7, 10] {
                let joined: Vec<u8> = (0..parts)
                    .flat_map(|part| write_run(format, Some((part, parts)), true).unwrap())
                    .collect();
                assert_eq!(joined, whole, "{format:?} in {parts} shards");
            }
        }
    }

    #[test]
    fn concatenated_csv_has_one_header_and_jsonl_parses_line_by_line() {
        let joined: Vec<u8> = (0..3)
            .flat_map(|p| write_run(Format::Csv, Some((p, 3)), false).unwrap())
            .collect();
        let text = String::from_utf8(joined).unwrap();
        assert_eq!(text.lines().filter(|l| l.starts_with("index,")).count(), 1);
        assert_eq!(text.lines().count(), 8);
        let joined: Vec<u8> = (0..3)
            .flat_map(|p| write_run(Format::Jsonl, Some((p, 3)), true).unwrap())
            .collect();
        for (i, line) in String::from_utf8(joined).unwrap().lines().enumerate() {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(value["index"], i as u64);
            assert!(value["rating"].is_number() && value["effort_unit"] == "search_nodes");
        }
    }

    #[test]
    fn json_is_one_valid_array_and_refuses_shards() {
        let whole = write_run(Format::Json, None, false).unwrap();
        let value: serde_json::Value = serde_json::from_slice(&whole).unwrap();
        assert_eq!(value.as_array().map(Vec::len), Some(7));
        assert!(matches!(
            write_run(Format::Json, Some((0, 2)), false),
            Err(OutputError::JsonShard)
        ));
        let mut empty = Writer::new(Vec::new(), Format::Json, None).unwrap();
        empty.end().unwrap();
        assert_eq!(empty.out, b"[]\n");
    }
}

/// `generate` with variant rules: one generated variant puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct VariantPuzzleRecord {
    /// Index in the run.
    pub(crate) index: u64,
    /// Run seed.
    pub(crate) seed: u64,
    /// Board shape.
    pub(crate) shape: Shape,
    /// The variant rules.
    pub(crate) variant: String,
    /// The jigsaw region map (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) regions: Option<String>,
    /// The puzzle line.
    pub(crate) puzzle: String,
    /// Clues.
    pub(crate) clues: usize,
    /// No clue can be removed (false when clues were given back to meet
    /// a rating band).
    pub(crate) minimal: bool,
    /// The solution line, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) solution: Option<String>,
    /// The rating under the variant's rules, when rated.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub(crate) rating: Option<RatingFields>,
}

impl VariantPuzzleRecord {
    /// The record of puzzle `index` of a run from `seed`, with its rating
    /// when rated.
    pub(crate) fn new(
        index: u64,
        seed: u64,
        puzzle: &crate::generator::VariantPuzzle,
        with_solution: bool,
        rating: Option<&crate::logic::Rating>,
    ) -> VariantPuzzleRecord {
        VariantPuzzleRecord {
            index,
            seed,
            shape: puzzle.puzzle.shape(),
            variant: puzzle.variant.to_string(),
            regions: puzzle.variant.region_map(),
            puzzle: puzzle.puzzle.to_line(),
            clues: puzzle.puzzle.given_count(),
            minimal: puzzle.minimal,
            solution: with_solution.then(|| puzzle.solution.to_line()),
            rating: rating.map(RatingFields::from),
        }
    }

    /// The CSV header of these records, with the rating columns when
    /// rated (the same as a classic generated puzzle's).
    pub(crate) fn csv_header(rated: bool) -> Vec<&'static str> {
        let mut columns = vec!["index", "variant", "regions", "puzzle", "clues", "minimal"];
        if rated {
            columns.extend(["rating", "level", "ep", "ed"]);
        }
        columns.push("solution");
        columns
    }
}

impl Form for VariantPuzzleRecord {
    const KIND: &'static str = "variant puzzle";

    /// The puzzle line; for jigsaw, the region line follows it, so the
    /// output reads back as input.
    fn line(&self) -> String {
        match &self.regions {
            Some(map) => format!("{}\n{map}", self.puzzle),
            None => self.puzzle.clone(),
        }
    }

    fn csv(&self) -> Option<Vec<String>> {
        let mut cells = vec![
            self.index.to_string(),
            self.variant.clone(),
            self.regions.clone().unwrap_or_default(),
            self.puzzle.clone(),
            self.clues.to_string(),
            self.minimal.to_string(),
        ];
        if let Some(r) = &self.rating {
            cells.extend(rating_cells(r));
        }
        cells.push(self.solution.clone().unwrap_or_default());
        Some(cells)
    }
}
