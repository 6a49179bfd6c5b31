//! Progress and the run summary of `generate`: the progress bar, counts
//! of puzzles written and failed, `--stats`, and the exit code.

use super::batch::warn;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use sudoku_dlx::Controls;
use sudoku_dlx::GenerateError;
use sudoku_dlx::Puzzle;

/// Flush the output at least this often, so a slow run streams.
const FLUSH_EVERY: Duration = Duration::from_millis(200);

/// What a run has produced so far.
pub struct Tally {
    bar: ProgressBar,
    wanted: u64,
    /// Index of the next result to be taken.
    next_index: u64,
    rated_run: bool,
    written: u64,
    failed: u64,
    clues: u64,
    effort: u64,
    timed_out: bool,
    interrupted: bool,
    last_flush: Instant,
    /// A guided search: progress names the bands found and the best
    /// rating.
    guided: bool,
    /// Puzzles written per half-point band (the band's start times two).
    bands: std::collections::BTreeMap<i32, u64>,
}

impl Tally {
    /// A tally for a run of the puzzles `indices`; `rated_run` when it
    /// aims at a difficulty (the bar then shows candidates rated).
    pub fn new(indices: std::ops::Range<u64>, rated_run: bool) -> Tally {
        let wanted = indices.end - indices.start;
        Tally {
            bar: progress_bar(wanted),
            wanted,
            next_index: indices.start,
            rated_run,
            written: 0,
            failed: 0,
            clues: 0,
            effort: 0,
            timed_out: false,
            interrupted: false,
            last_flush: Instant::now(),
            guided: false,
            bands: Default::default(),
        }
    }

    /// Reports as a guided search does (see [`Tally::guided`]).
    pub fn set_guided(&mut self, guided: bool) {
        self.guided = guided;
    }

    /// "rated N, found K (9.0: a, 9.5: b), best X".
    fn guided_line(&self, controls: &Controls) -> String {
        let rated = controls.rated.load(Ordering::Relaxed);
        let bands: Vec<String> = self
            .bands
            .iter()
            .map(|(b, n)| format!("{:.1}: {n}", f64::from(*b) / 2.0))
            .collect();
        let best = match controls.best.load(Ordering::Relaxed) {
            0 => String::from("-"),
            bits => format!("{:.1}", f32::from_bits(bits)),
        };
        format!(
            "rated {rated}, found {} ({}), best {best}",
            self.written,
            bands.join(", ")
        )
    }

    /// Counts one result; the puzzle if there is one to write. Failures
    /// are reported on stderr, naming the puzzle's index.
    pub fn take(&mut self, result: Result<Puzzle, GenerateError>, controls: &Controls) -> Option<Puzzle> {
        let puzzle = match result {
            Ok(p) => {
                self.written += 1;
                if let Some(r) = &p.rating {
                    *self
                        .bands
                        .entry((r.score * 2.0 + 1e-3).floor() as i32)
                        .or_default() += 1;
                }
                self.clues += p.clues as u64;
                self.effort += p.effort.map_or(0, |e| e.value);
                Some(p)
            }
            Err(GenerateError::Stopped) => {
                self.interrupted = true;
                None
            }
            Err(GenerateError::DeadlinePassed) => {
                self.timed_out = true;
                None
            }
            Err(e) => {
                let index = self.next_index;
                self.bar
                    .suspend(|| warn(format_args!("sudoku-dlx: puzzle {index}: {e}")));
                self.failed += 1;
                None
            }
        };
        self.next_index += 1;
        self.bar.inc(1);
        if self.guided {
            self.bar.set_message(self.guided_line(controls));
        } else if self.rated_run {
            let rated = controls.rated.load(Ordering::Relaxed);
            self.bar
                .set_message(format!("rated {rated}, hits {}", self.written));
        }
        puzzle
    }

    /// True every [`FLUSH_EVERY`]: time to flush the output.
    pub fn at_batch_end(&mut self) -> bool {
        let due = self.last_flush.elapsed() >= FLUSH_EVERY;
        if due {
            self.last_flush = Instant::now();
        }
        due
    }

    /// Clears the progress bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }

    /// The `--stats` summary on stderr.
    pub fn report_stats(&self, elapsed: Duration, controls: &Controls) {
        let secs = elapsed.as_secs_f64();
        let written = self.written;
        let mean = |total: u64| total as f64 / written.max(1) as f64;
        warn(format_args!(
            "puzzles generated: {written}, failed: {}, time: {secs:.3} s, {:.1} puzzles/s, mean clues: {:.2}, mean effort: {:.1} nodes",
            self.failed,
            written as f64 / secs.max(1e-9),
            mean(self.clues),
            mean(self.effort)
        ));
        if self.rated_run {
            let rated = controls.rated.load(Ordering::Relaxed);
            warn(format_args!(
                "candidates rated: {rated} ({:.1} per puzzle found)",
                rated as f64 / written.max(1) as f64
            ));
        }
        if self.guided {
            warn(format_args!("guided search: {}", self.guided_line(controls)));
        }
    }

    /// The exit code, after saying why the run stopped early if it did:
    /// 130 on Ctrl-C, 1 on a timeout or any failed puzzle, else 0.
    pub fn exit_code(&self, timeout: Option<Duration>, elapsed: Duration) -> i32 {
        let written = self.written;
        if self.interrupted {
            warn(format_args!("sudoku-dlx: interrupted after {written} puzzles"));
            return 130;
        }
        if self.timed_out {
            warn(format_args!(
                "sudoku-dlx: --timeout {} s reached after {:.2} s: wrote {written} of {} puzzles, {} not produced",
                timeout.unwrap_or(Duration::MAX).as_secs_f64(),
                elapsed.as_secs_f64(),
                self.wanted,
                self.wanted - written - self.failed
            ));
            return 1;
        }
        i32::from(self.failed > 0)
    }
}

fn progress_bar(total: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {per_sec}, eta {eta} {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}
