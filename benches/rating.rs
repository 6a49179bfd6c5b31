//! Grading speed: rating typical minimal puzzles (the unbiased sample) and
//! the 320 hard ones Sudoku Explainer rated. Reads ../shared/data; without
//! it, rates generated minimal puzzles instead and says so.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use sudoku_dlx::formats::PuzzleReader;
use sudoku_dlx::generator::{GenerateOptions, Generator};
use sudoku_dlx::logic::LogicalSolver;
use sudoku_dlx::{Grid, Shape};

fn data(name: &str, limit: usize) -> Option<Vec<Grid>> {
    let path = format!("{}/../shared/data/{name}", env!("CARGO_MANIFEST_DIR"));
    match std::fs::File::open(&path) {
        Ok(file) => Some(
            PuzzleReader::new(std::io::BufReader::new(file), None)
                .take(limit)
                .map(|r| r.puzzle.expect("data set parses"))
                .collect(),
        ),
        Err(e) => {
            eprintln!("{path} unavailable ({e}): using generated minimal puzzles instead");
            None
        }
    }
}

fn generated(count: u64) -> Vec<Grid> {
    let mut generator = Generator::new(GenerateOptions::new(Shape::CLASSIC)).unwrap();
    (0..count)
        .map(|i| generator.generate(9, i).unwrap().puzzle)
        .collect()
}

fn bench_rating(c: &mut Criterion) {
    let mut group = c.benchmark_group("rate");
    group.sample_size(10);
    let sets = [
        (
            "minimal-unbiased",
            data("unbiased_subset_42k.txt", 2000).unwrap_or_else(|| generated(2000)),
        ),
        (
            "diabolical-320",
            data("sudoku_exchange_diabolical_sample320_se.tsv", 320).unwrap_or_else(|| generated(320)),
        ),
    ];
    let mut solver = LogicalSolver::new(Shape::CLASSIC);
    for (name, puzzles) in sets {
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .map(|p| solver.rate(black_box(p)).unwrap().score)
                    .sum::<f32>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_rating);
criterion_main!(benches);
