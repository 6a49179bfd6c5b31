//! Engine benchmarks: solving, counting, filling and generating, with the
//! DLX engine, the SAT engine and the `dancing-links` crate as baseline on
//! the same puzzles. Reads ../shared/data/sudoku17.txt when present;
//! otherwise benchmarks generated puzzles and says so.

#[allow(dead_code)]
#[path = "../tests/common/oracle.rs"]
mod oracle;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use sudoku_dlx::engine::Backend;
use sudoku_dlx::formats::PuzzleReader;
use sudoku_dlx::generator::{GenerateOptions, Generator};
use sudoku_dlx::{BackendKind, Grid, Shape};

const SAMPLE: usize = 2000;

/// The first `SAMPLE` 17-clue puzzles, or generated minimal puzzles when
/// the shared data is absent.
fn puzzles() -> Vec<Grid> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/sudoku17.txt");
    match std::fs::File::open(path) {
        Ok(file) => PuzzleReader::new(std::io::BufReader::new(file), None)
            .take(SAMPLE)
            .map(|r| r.puzzle.expect("data set parses"))
            .collect(),
        Err(e) => {
            eprintln!("{path} unavailable ({e}): benchmarking generated minimal puzzles instead");
            let mut generator = Generator::new(GenerateOptions::new(Shape::CLASSIC)).unwrap();
            (0..SAMPLE as u64)
                .map(|i| generator.generate(1, i).unwrap().puzzle)
                .collect()
        }
    }
}

fn count_all(engine: &mut dyn Backend, puzzles: &[Grid], limit: u64) -> u64 {
    puzzles
        .iter()
        .map(|p| engine.count(black_box(p), limit, None).solutions)
        .sum()
}

fn bench_counting(c: &mut Criterion) {
    let puzzles = puzzles();
    for (name, limit) in [("solve", 1), ("count-to-2", 2)] {
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.sample_size(10);
        for kind in [BackendKind::Dlx, BackendKind::Sat] {
            let mut engine = kind.build(Shape::CLASSIC);
            group.bench_function(BenchmarkId::from_parameter(kind), |b| {
                b.iter(|| count_all(engine.as_mut(), &puzzles, limit))
            });
        }
        // The `dancing-links` crate, on our exact-cover model for it (the
        // test oracle): the baseline the engine is measured against. A
        // smaller sample keeps the run short; throughput is per puzzle.
        let baseline = &puzzles[..puzzles.len() / 10];
        group.throughput(Throughput::Elements(baseline.len() as u64));
        group.bench_function("dancing-links-crate", |b| {
            b.iter(|| {
                baseline
                    .iter()
                    .map(|p| oracle::oracle_count(black_box(p), limit as usize))
                    .sum::<usize>()
            })
        });
        group.finish();
    }
}

fn bench_generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate-9x9");
    group.sample_size(10);
    let batch = 200u64;
    group.throughput(Throughput::Elements(batch));
    let mut generator = Generator::new(GenerateOptions::new(Shape::CLASSIC)).unwrap();
    group.bench_function("fill", |b| {
        b.iter(|| {
            (0..batch)
                .map(|i| generator.fill(7, i).get(0) as u64)
                .sum::<u64>()
        })
    });
    group.bench_function("minimal", |b| {
        b.iter(|| {
            (0..batch)
                .map(|i| generator.generate(7, i).unwrap().puzzle.given_count() as u64)
                .sum::<u64>()
        })
    });
    group.finish();
}

/// Larger boards: full grids of 16x16 and 25x25, and a minimal 16x16
/// puzzle (the 25x25 dig takes seconds and is measured with
/// `generate --box 5x5 --stats` instead).
fn bench_large_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("large-boards");
    group.sample_size(10);
    for (r, name) in [(4, "fill-16x16"), (5, "fill-25x25")] {
        let mut generator = Generator::new(GenerateOptions::new(Shape::new(r, r).unwrap())).unwrap();
        let mut index = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                index += 1;
                generator.fill(3, index).get(0)
            })
        });
    }
    let mut generator = Generator::new(GenerateOptions::new(Shape::new(4, 4).unwrap())).unwrap();
    let mut index = 0;
    group.bench_function("minimal-16x16", |b| {
        b.iter(|| {
            index += 1;
            generator.generate(3, index).unwrap().puzzle.given_count()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_counting, bench_generation, bench_large_boards);
criterion_main!(benches);
