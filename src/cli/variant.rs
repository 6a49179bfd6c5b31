//! The variant path of `generate`, `solve`, `count` and `check`: puzzles
//! with rules beyond rows, columns and boxes (`--variant`). Classic
//! puzzles never come here, so their commands keep their own speed and
//! output.

use super::batch::{self, warn, Outcome};
use super::options::{Format, InputArgs};
use super::print::{BookArgs, BookFormat};
use anyhow::{Context, Result};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::Read;
use sudoku_dlx::formats::{read_variant_records, VariantRecord};
use sudoku_dlx::limits::{GaveUp, Limits};
use sudoku_dlx::output::{Format as Records, Record, Source, Writer};
use sudoku_dlx::parallel::{map_ordered, PerThread};
use sudoku_dlx::print::Entry;
use sudoku_dlx::{
    generate_variant, generate_variant_in_band, BackendKind, Count, Grid, Rules, Shape, Symmetry, Variant,
};

/// Most bytes of input read for variant puzzles (they are read whole,
/// since a jigsaw record spans two lines).
const MAX_INPUT_BYTES: u64 = 256 << 20;

/// Puzzles handed to the threads at once; output is written after each
/// batch, in index order.
const BATCH: u64 = 256;

/// What `generate` asks of the variant path.
pub struct GenerateJob<'a> {
    pub shape: Shape,
    pub variant: &'a Variant,
    pub seed: u64,
    /// The seed was drawn (no `--seed`): it is announced once the job is
    /// checked.
    pub seed_drawn: bool,
    pub count: u64,
    pub symmetry: Symmetry,
    pub threads: usize,
    /// Records, or a book (PDF or SVG) with its options.
    pub format: Result<Records, (BookFormat, &'a BookArgs)>,
    pub solution: bool,
    pub check: bool,
    pub output: Option<&'a std::path::Path>,
    /// The rating band aimed at (`--difficulty`, `--rating`), with the
    /// puzzles rated per index before one is reported as a shortfall.
    pub band: Option<(std::ops::Range<f32>, u32)>,
    /// What the puzzles' solving paths must show (`--with` and so on).
    pub filter: sudoku_dlx::TechniqueFilter,
    /// Rate every puzzle (`--rate`; a band rates them anyway).
    pub rate: bool,
    /// Print a summary line on stderr at the end (`--stats`).
    pub stats: bool,
}

/// The seed of puzzle `index` of a run: its own stream, so the puzzle does
/// not depend on which thread made it or on the others.
pub(crate) fn puzzle_seed(seed: u64, index: u64) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng.next_u64()
}

/// Generates the run's puzzles and writes them record by record.
pub fn generate(job: GenerateJob) -> Result<i32> {
    // Checked before any search: a rule that does not exist on the
    // board, or that no grid satisfies, is one error for the whole run.
    let jigsaw_to_draw =
        job.variant.has(sudoku_dlx::Constraint::Jigsaw) && job.variant.region_map().is_none();
    if jigsaw_to_draw {
        job.variant.check(job.shape)?;
        anyhow::ensure!(
            job.symmetry == Symmetry::None,
            "symmetry {} does not keep the rules of jigsaw: its regions are irregular",
            job.symmetry
        );
    } else {
        Rules::new(job.shape, job.variant)?.allow(job.symmetry)?;
    }
    let mut sink = match job.format {
        Ok(format) => {
            let out: Box<dyn std::io::Write> = match job.output {
                Some(p) => Box::new(std::io::BufWriter::new(
                    std::fs::File::create(p).with_context(|| format!("cannot create {}", p.display()))?,
                )),
                None => Box::new(batch::stdout()),
            };
            let mut writer = Writer::new(out, format, None)?;
            writer.begin_variant_puzzles(job.rate || job.band.is_some())?;
            Sink::Records(writer)
        }
        Err((format, args)) => {
            args.check(job.shape)?;
            Sink::Book(Vec::new(), format, args)
        }
    };
    if job.seed_drawn {
        batch::announce_seed(job.seed);
    }
    let pool = rayon::ThreadPoolBuilder::new().num_threads(job.threads).build()?;
    let states: PerThread<Option<Rules>> = PerThread::new(&pool);
    let began = std::time::Instant::now();
    let (mut failed, mut written, mut clues) = (0u64, 0u64, 0u64);
    let mut start = 0;
    while start < job.count {
        let indices: Vec<u64> = (start..job.count.min(start + BATCH)).collect();
        let results = map_ordered(
            &pool,
            &states,
            &indices,
            || None,
            |rules, &index| {
                let mut make = |seed: u64| match rules {
                    _ if jigsaw_to_draw => generate_variant(job.shape, job.variant, seed, job.symmetry),
                    Some(r) => r.generate(seed, job.symmetry),
                    None => Rules::new(job.shape, job.variant)
                        .and_then(|r| rules.insert(r).generate(seed, job.symmetry)),
                };
                let seed = puzzle_seed(job.seed, index);
                let made = match &job.band {
                    None => make(seed).map_err(anyhow::Error::from).and_then(|p| {
                        let rating = job.rate.then(|| rate(&p.puzzle, &p.variant)).transpose()?;
                        Ok((p, rating))
                    }),
                    Some((band, attempts)) => {
                        let mut make = |seed| make(seed).map_err(anyhow::Error::from);
                        generate_variant_in_band(
                            &mut make,
                            seed,
                            job.symmetry,
                            band.clone(),
                            &job.filter,
                            *attempts,
                            None,
                        )
                        .map(|(p, rating)| (p, Some(rating)))
                    }
                };
                let confirmed = match &made {
                    Ok((p, _)) if job.check => confirm(p).map_err(anyhow::Error::from),
                    _ => Ok(()),
                };
                (made, confirmed)
            },
        );
        for (index, (made, confirmed)) in indices.iter().zip(results) {
            match (made, confirmed) {
                (Ok((p, rating)), Ok(())) => {
                    written += 1;
                    clues += p.puzzle.cells().iter().filter(|&&d| d != 0).count() as u64;
                    match &mut sink {
                        Sink::Records(writer) => writer.record(&Record::variant_puzzle(
                            *index,
                            job.seed,
                            &p,
                            job.solution,
                            rating.as_ref(),
                        ))?,
                        Sink::Book(entries, ..) => entries.push(Entry {
                            number: index + 1,
                            puzzle: p.puzzle,
                            solution: p.solution,
                            level: rating.as_ref().map(|r| r.level.to_string()),
                            rating: rating.as_ref().map(|r| r.score),
                            variant: p.variant,
                        }),
                    }
                }
                (Err(e), _) if unreachable(&e) => return Err(e),
                (Ok(_), Err(e)) | (Err(e), _) => {
                    failed += 1;
                    warn(format_args!("sudoku-dlx: puzzle {index}: {e}"));
                }
            }
        }
        if let Sink::Records(writer) = &mut sink {
            writer.flush()?;
        }
        start += BATCH;
    }
    match sink {
        Sink::Records(mut writer) => writer.end()?,
        Sink::Book(entries, format, args) => super::print::write_book(&entries, args, format, job.output)?,
    }
    if job.stats {
        let secs = began.elapsed().as_secs_f64();
        warn(format_args!(
            "puzzles generated: {written}, failed: {failed}, time: {secs:.3} s, {:.1} puzzles/s, mean clues: {:.2}",
            written as f64 / secs.max(1e-9),
            clues as f64 / written.max(1) as f64
        ));
    }
    Ok(if failed == 0 { 0 } else { 1 })
}

/// Whether `e` says no puzzle of the run can meet its technique filter:
/// the same for every index, so it ends the run.
fn unreachable(e: &anyhow::Error) -> bool {
    matches!(
        e.downcast_ref(),
        Some(sudoku_dlx::GenerateError::UnreachableFilter(_))
    )
}

/// Where generated variant puzzles go: records written batch by batch,
/// or book entries laid out at the end.
enum Sink<'a> {
    Records(Writer<Box<dyn std::io::Write>>),
    Book(Vec<Entry>, BookFormat, &'a BookArgs),
}

/// A puzzle's rating under its variant's rules.
fn rate(puzzle: &Grid, variant: &Variant) -> Result<sudoku_dlx::Rating> {
    Ok(
        sudoku_dlx::grade_variant_within(puzzle, variant, Default::default(), false)?
            .path
            .rating,
    )
}

/// The independent check of a generated puzzle: SAT finds exactly one
/// solution, the generator's.
fn confirm(p: &sudoku_dlx::VariantPuzzle) -> Result<(), sudoku_dlx::VariantError> {
    let mut rules = Rules::new(p.puzzle.shape(), &p.variant)?;
    let sat = rules.count(&p.puzzle, 2, BackendKind::Sat, None)?;
    if sat.solutions != 1 || sat.first.as_ref() != Some(&p.solution) {
        return Err(sudoku_dlx::VariantError::NoGrid(
            format!("{} (SAT counts {} solutions)", p.variant, sat.solutions),
            p.puzzle.shape(),
        ));
    }
    Ok(())
}

/// Reads every input's variant records, whole.
pub fn records(input: &InputArgs, variant: &Variant) -> Result<Vec<(String, VariantRecord)>> {
    let mut out = Vec::new();
    let stdin = [std::path::PathBuf::from("-")];
    let files = if input.files.is_empty() {
        &stdin[..]
    } else {
        &input.files[..]
    };
    for path in files {
        let (name, text) = read_whole(path)?;
        out.extend(
            read_variant_records(&text, input.shape, variant)
                .into_iter()
                .map(|r| (name.clone(), r)),
        );
    }
    Ok(out)
}

/// The name and whole text of one input (`-` is standard input); an
/// input over `MAX_INPUT_BYTES` is an error.
pub fn read_whole(path: &std::path::Path) -> Result<(String, String)> {
    let name = path.display().to_string();
    let text = if name == "-" {
        read_capped(std::io::stdin(), &name, MAX_INPUT_BYTES)?
    } else {
        let file = std::fs::File::open(path).with_context(|| format!("cannot open {name}"))?;
        read_capped(file, &name, MAX_INPUT_BYTES)?
    };
    Ok((name, text))
}

/// All of `reader` as text, or an error naming the input when it holds
/// more than `limit` bytes: cutting it there would cut a record short.
fn read_capped(reader: impl Read, name: &str, limit: u64) -> Result<String> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {name}"))?;
    if bytes.len() as u64 > limit {
        anyhow::bail!(
            "{name}: more than {} bytes of variant records (they are read whole); split the input",
            limit
        );
    }
    String::from_utf8(bytes).with_context(|| format!("{name} is not UTF-8 text"))
}

/// What `solve`, `count` and `check` do with each variant puzzle.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// The unique solution.
    Solve,
    /// The number of solutions up to the limit.
    Count,
    /// Both engines' counts, compared.
    Check,
}

/// Runs `task` on every variant puzzle of the inputs, each within the
/// per-record bounds (`--budget`, `--timeout`). `check` ends with its
/// summary line, as for classic puzzles; `solve` and `count` with one
/// under `--stats`.
pub fn run(
    input: &InputArgs,
    variant: &Variant,
    task: Task,
    backend: BackendKind,
    limit: u64,
    format: Format,
) -> Result<i32> {
    let command = match task {
        Task::Solve => "solve",
        Task::Count => "count",
        Task::Check => "check",
    };
    let mut out = Writer::new(
        batch::stdout(),
        format.records(command, task == Task::Solve)?,
        None,
    )?;
    let mut tally = batch::Tally::start();
    let mut disagreed = 0u64;
    for (file, record) in records(input, variant)? {
        let source = Source {
            file: file.clone(),
            line: record.line,
        };
        let (puzzle, rules) = match record.puzzle {
            Ok(ok) => ok,
            Err(e) => {
                tally.add(Outcome::Invalid);
                warn(format_args!("{file}: {e}"));
                if format == Format::Json {
                    out.record(&Record::error(source, e))?;
                }
                continue;
            }
        };
        let counted = counts(&puzzle, &rules, task, backend, limit, input.limits.into());
        let (count, problem) = match counted {
            Ok(Counted::Settled(count, problem)) => (count, problem),
            Err(e) => {
                tally.add(Outcome::Invalid);
                warn(format_args!("{source}: {e}"));
                if format == Format::Json {
                    out.record(&Record::error(source, e))?;
                }
                continue;
            }
            Ok(Counted::GaveUp(engine, gave_up)) => {
                tally.add(Outcome::GaveUp);
                let message = format!("{source}: {engine} {gave_up}");
                warn(&message);
                if format == Format::Json {
                    let row = match task {
                        Task::Check => Record::gave_up(source, &puzzle, message),
                        Task::Solve => Record::solved(source, &puzzle, backend, Err(&gave_up), true),
                        Task::Count => Record::counted(source, &puzzle, backend, Err(&gave_up), limit),
                    };
                    out.record(&row.with_variant(&rules))?;
                }
                continue;
            }
        };
        tally.add(match count.solutions {
            0 => Outcome::Unsolvable,
            1 => Outcome::Unique,
            _ => Outcome::Multiple,
        });
        if let Some(p) = &problem {
            disagreed += 1;
            warn(format_args!("{source}: {p}"));
        } else if task == Task::Solve && count.solutions != 1 {
            warn(format_args!("{source}: {} solutions", count.solutions));
        }
        match task {
            Task::Solve if count.solutions == 1 || format == Format::Json => {
                let row = Record::solved(source, &puzzle, backend, Ok(&count), true);
                out.record(&row.with_variant(&rules))?
            }
            Task::Solve => {}
            Task::Check if format == Format::Line => {}
            _ => {
                let row = Record::counted(source, &puzzle, backend, Ok(&count), limit);
                out.record(&row.with_variant(&rules).with_problem(problem))?
            }
        }
    }
    out.end()?;
    let failures = match task {
        Task::Solve => tally.read() - tally.get(Outcome::Unique),
        _ => tally.get(Outcome::Invalid) + tally.get(Outcome::GaveUp) + disagreed,
    };
    if task == Task::Check {
        let (invalid, gave_up) = (tally.get(Outcome::Invalid), tally.get(Outcome::GaveUp));
        let read = tally.read();
        let agreed = read - invalid - gave_up - disagreed;
        warn(batch::check_summary(
            read,
            agreed,
            disagreed,
            invalid,
            gave_up,
            tally.started(),
        ));
    } else if input.stats {
        warn(tally.summary(if task == Task::Solve { "solved" } else { "unique" }));
    }
    Ok(if failures == 0 { 0 } else { 1 })
}

/// One puzzle's count: settled (with, for `check`, any disagreement
/// between the engines or any solution that breaks a rule), or given up
/// by the named engine at a bound.
enum Counted {
    Settled(Count, Option<String>),
    GaveUp(BackendKind, GaveUp),
}

/// The count of one puzzle within `limits`; for `check`, both engines'.
fn counts(
    puzzle: &Grid,
    rules: &Variant,
    task: Task,
    backend: BackendKind,
    limit: u64,
    limits: Limits,
) -> Result<Counted, sudoku_dlx::VariantError> {
    let mut engines = Rules::new(puzzle.shape(), rules)?;
    let limit = if task == Task::Solve { 2 } else { limit };
    let mut count_by = |kind: BackendKind| {
        let count = engines.count_within(puzzle, limit, kind, limits)?;
        Ok::<_, sudoku_dlx::VariantError>(count.map_err(|gave_up| Counted::GaveUp(kind, gave_up)))
    };
    if task != Task::Check {
        return Ok(count_by(backend)?.map_or_else(|given_up| given_up, |count| Counted::Settled(count, None)));
    }
    let dlx = match count_by(BackendKind::Dlx)? {
        Ok(count) => count,
        Err(given_up) => return Ok(given_up),
    };
    let sat = match count_by(BackendKind::Sat)? {
        Ok(count) => count,
        Err(given_up) => return Ok(given_up),
    };
    let problem = if dlx.solutions != sat.solutions {
        Some(format!(
            "engines disagree: dlx counts {}, sat counts {}",
            dlx.solutions, sat.solutions
        ))
    } else if [&dlx, &sat]
        .iter()
        .any(|c| c.first.as_ref().is_some_and(|g| !engines.holds_for(g)))
    {
        Some("a solution breaks the rules".to_string())
    } else {
        None
    };
    Ok(Counted::Settled(dlx, problem))
}

#[cfg(test)]
mod tests {
    use super::read_capped;

    #[test]
    fn an_input_over_the_cap_is_an_error_naming_it() {
        assert_eq!(
            read_capped(&b"0123456789"[..], "p.txt", 10).unwrap(),
            "0123456789"
        );
        let err = read_capped(&b"0123456789A"[..], "p.txt", 10)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("p.txt: more than 10 bytes"), "{err}");
        let err = read_capped(&[0xffu8, 0xfe][..], "q.txt", 10)
            .unwrap_err()
            .to_string();
        assert!(err.contains("q.txt"), "{err}");
    }
}
