//! Generation speed against the `sudoku` crate (bitboard solver, the
//! fastest Rust generator we know; it fills a random grid and digs it in
//! random cell order the same way), measured side by side in one run:
//!
//! - `minimal-9x9`: minimal puzzles, no symmetry. The crate on one thread;
//!   ours on one thread and on two (one generator per thread), measuring
//!   no effort, like the crate (and `generate` in line format); and ours
//!   on one thread with the effort count that JSON records carry.
//! - `full-9x9`: complete grids. The crate and our library fill, and our
//!   whole CLI process (`generate --givens 81 --threads 1`, output to a
//!   null sink), so per-record costs of the pipeline show.
//!
//! The crate is AGPL: it is a dev-dependency used only here, as a
//! baseline, and never linked into the library or the binary.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::process::{Command, Stdio};
use sudoku_dlx::generator::{GenerateOptions, Generator};
use sudoku_dlx::Shape;

/// Puzzles per measured iteration.
const MINIMAL_BATCH: u64 = 400;
/// Grids per measured iteration: enough that the CLI's start-up is small.
const FULL_BATCH: u64 = 20_000;

fn crate_minimal(batch: u64, seed: u64) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..batch)
        .map(|_| {
            let grid = sudoku::Sudoku::generate_solved_with_rng(&mut rng);
            let puzzle =
                sudoku::Sudoku::generate_with_symmetry_and_rng_from(grid, sudoku::Symmetry::None, &mut rng);
            puzzle.n_clues() as usize
        })
        .sum()
}

/// Our minimal puzzles `indices` of run `seed` on one generator, with or
/// without the effort count.
fn ours_minimal(indices: impl Iterator<Item = u64>, seed: u64, effort: bool) -> usize {
    let mut options = GenerateOptions::new(Shape::CLASSIC);
    options.measure_effort = effort;
    let mut generator = Generator::new(options).unwrap();
    indices
        .map(|i| generator.generate(seed, i).unwrap().puzzle.given_count())
        .sum()
}

/// The batch split over `threads` threads, one generator each.
fn ours_minimal_threads(batch: u64, seed: u64, threads: u64, effort: bool) -> usize {
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| scope.spawn(move || ours_minimal((t..batch).step_by(threads as usize), seed, effort)))
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).sum()
    })
}

fn bench_minimal(c: &mut Criterion) {
    let mut group = c.benchmark_group("minimal-9x9");
    group.sample_size(10);
    group.throughput(Throughput::Elements(MINIMAL_BATCH));
    let mut seed = 0;
    group.bench_function("sudoku-crate", |b| {
        b.iter(|| {
            seed += 1;
            crate_minimal(MINIMAL_BATCH, black_box(seed))
        })
    });
    for (threads, effort) in [(1, false), (2, false), (1, true)] {
        let name = if effort {
            "sudoku-dlx-with-effort"
        } else {
            "sudoku-dlx"
        };
        group.bench_function(BenchmarkId::new(name, format!("{threads}-threads")), |b| {
            b.iter(|| {
                seed += 1;
                ours_minimal_threads(MINIMAL_BATCH, black_box(seed), threads, effort)
            })
        });
    }
    group.finish();
}

fn bench_full(c: &mut Criterion) {
    let mut group = c.benchmark_group("full-9x9");
    group.sample_size(10);
    group.throughput(Throughput::Elements(FULL_BATCH));
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    group.bench_function("sudoku-crate", |b| {
        b.iter(|| {
            (0..FULL_BATCH)
                .map(|_| sudoku::Sudoku::generate_solved_with_rng(&mut rng).to_bytes()[0] as u64)
                .sum::<u64>()
        })
    });
    let mut generator = Generator::new(GenerateOptions::new(Shape::CLASSIC)).unwrap();
    let mut seed = 0;
    group.bench_function("sudoku-dlx-library", |b| {
        b.iter(|| {
            seed += 1;
            (0..FULL_BATCH)
                .map(|i| generator.fill(seed, i).get(0) as u64)
                .sum::<u64>()
        })
    });
    group.bench_function("sudoku-dlx-cli", |b| {
        b.iter(|| {
            seed += 1;
            let status = Command::new(env!("CARGO_BIN_EXE_sudoku-dlx"))
                .args(["generate", "--givens", "81", "--threads", "1", "--seed"])
                .arg(seed.to_string())
                .arg("--count")
                .arg(FULL_BATCH.to_string())
                .stdout(Stdio::null())
                .status()
                .expect("the CLI runs");
            assert!(status.success());
        })
    });
    group.finish();
}

criterion_group!(benches, bench_minimal, bench_full);
criterion_main!(benches);
