//! `sudoku-dlx hint`, `check-board` and `daily`: playing one puzzle from
//! a player's board, and the puzzle of the day.

use super::batch;
use super::limits::LimitArgs;
use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use sudoku_dlx::formats::parse_line;
use sudoku_dlx::output::{Format, Record, Writer};
use sudoku_dlx::{CheckMode, Grid, Hint, Level, Shape};

/// Output forms of the play commands.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayFormat {
    /// One line of words.
    Line,
    /// One JSON object.
    Json,
}

impl From<PlayFormat> for Format {
    fn from(format: PlayFormat) -> Format {
        match format {
            PlayFormat::Line => Format::Line,
            PlayFormat::Json => Format::Jsonl,
        }
    }
}

/// Options of `hint`.
#[derive(Args, Debug)]
pub struct HintArgs {
    /// The puzzle line (givens only).
    puzzle: String,
    /// The player's board line: the givens and their entries (default:
    /// the puzzle).
    board: Option<String>,
    /// Pencil marks: one comma-separated field per cell in row order,
    /// each the digits noted in that cell (empty: none), e.g. `,,37,...`.
    #[arg(long, value_name = "MARKS")]
    pencilmarks: Option<String>,
    /// Board shape, when it cannot be told from the size.
    #[arg(long = "box", value_name = "RxC")]
    shape: Option<Shape>,
    /// Output form.
    #[arg(long, value_enum, default_value = "line")]
    format: PlayFormat,
    /// Search bounds.
    #[command(flatten)]
    limits: LimitArgs,
}

/// Options of `check-board`.
#[derive(Args, Debug)]
pub struct CheckBoardArgs {
    /// The puzzle line (givens only).
    puzzle: String,
    /// The player's board line: the givens and their entries.
    board: String,
    /// What to look for: clashes in a house (`rules`, reveals nothing)
    /// or entries that differ from the solution (`solution`).
    #[arg(long, value_enum, default_value = "solution")]
    mode: ModeArg,
    /// Board shape, when it cannot be told from the size.
    #[arg(long = "box", value_name = "RxC")]
    shape: Option<Shape>,
    /// Output form.
    #[arg(long, value_enum, default_value = "line")]
    format: PlayFormat,
}

/// `--mode` of `check-board`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeArg {
    /// Clashes: a digit twice in a row, column or box.
    Rules,
    /// Entries that differ from the unique solution.
    Solution,
}

/// Options of `daily`.
#[derive(Args, Debug)]
pub struct DailyArgs {
    /// The day, YYYY-MM-DD (default: the current date in UTC).
    #[arg(long)]
    date: Option<String>,
    /// The level: easy, medium, hard, expert, extreme.
    #[arg(long, value_name = "LEVEL", default_value = "medium")]
    difficulty: Level,
    /// Output form: a puzzle record as `generate` writes it.
    #[arg(long, value_enum, default_value = "line")]
    format: PlayFormat,
}

fn grid(text: &str, shape: Option<Shape>, what: &str) -> Result<Grid> {
    parse_line(text, shape, 1).map_err(|e| {
        let at = e.column.map(|c| format!(" (column {c})")).unwrap_or_default();
        anyhow::anyhow!("the {what} does not read: {}{at}", e.message)
    })
}

/// Pencil marks from `,`-separated fields of digit symbols.
fn pencilmarks(text: &str) -> Result<Vec<Vec<u8>>> {
    text.split(',')
        .enumerate()
        .map(|(i, field)| {
            field
                .trim()
                .chars()
                .map(|ch| match ch {
                    '1'..='9' => Ok(ch as u8 - b'0'),
                    'A'..='P' | 'a'..='p' => Ok(ch.to_ascii_uppercase() as u8 - b'A' + 10),
                    _ => Err(anyhow::anyhow!(
                        "--pencilmarks field {}: '{ch}' is not a digit",
                        i + 1
                    )),
                })
                .collect()
        })
        .collect()
}

/// Runs `hint`: exit 0 for a step or a solved board, 1 for mistakes or
/// when no technique applies.
pub fn run_hint(args: HintArgs) -> Result<i32> {
    let puzzle = grid(&args.puzzle, args.shape, "puzzle")?;
    let board = match &args.board {
        Some(text) => grid(text, Some(puzzle.shape()), "board")?,
        None => puzzle.clone(),
    };
    let marks = args.pencilmarks.as_deref().map(pencilmarks).transpose()?;
    let hint = sudoku_dlx::hint_within(&puzzle, &board, marks.as_deref(), args.limits.into())?;
    let code = i32::from(matches!(hint, Hint::Mistakes { .. } | Hint::Stuck));
    let mut out = Writer::new(batch::stdout(), args.format.into(), None)?;
    out.record(&Record::hint(&puzzle, &board, hint))?;
    out.end()?;
    Ok(code)
}

/// Runs `check-board`: exit 0 without mistakes, 1 with.
pub fn run_check_board(args: CheckBoardArgs) -> Result<i32> {
    let puzzle = grid(&args.puzzle, args.shape, "puzzle")?;
    let board = grid(&args.board, Some(puzzle.shape()), "board")?;
    let mode = match args.mode {
        ModeArg::Rules => CheckMode::Rules,
        ModeArg::Solution => CheckMode::Solution,
    };
    let mistakes = sudoku_dlx::check_board(&puzzle, &board, mode, Default::default())?;
    let code = i32::from(!mistakes.is_empty());
    let mut out = Writer::new(batch::stdout(), args.format.into(), None)?;
    out.record(&Record::board_check(&puzzle, &board, mode, mistakes))?;
    out.end()?;
    Ok(code)
}

/// Runs `daily`.
pub fn run_daily(args: DailyArgs) -> Result<i32> {
    let date = args.date.unwrap_or_else(current_date);
    let puzzle =
        sudoku_dlx::daily(&date, args.difficulty).with_context(|| format!("no puzzle for {date}"))?;
    let mut out = Writer::new(batch::stdout(), args.format.into(), None)?;
    out.begin_puzzles(true, true)?;
    out.puzzle(&puzzle, true)?;
    out.end()?;
    Ok(0)
}

/// The current date in UTC as YYYY-MM-DD (days to civil date, proleptic
/// Gregorian calendar).
pub fn current_date() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}
