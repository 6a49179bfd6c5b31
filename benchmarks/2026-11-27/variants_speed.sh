#!/bin/sh
# Variant generation speed, one thread: minimal 9x9 puzzles per second for
# each variant, and seconds per 16x16 puzzle. Usage:
#   sh benchmarks/2026-11-27/variants_speed.sh target/release/sudoku-dlx > variants_speed.txt
B=${1:-target/release/sudoku-dlx}
for v in x windoku disjoint-groups anti-knight anti-king jigsaw; do
    /usr/bin/time -f "9x9 $v: 200 puzzles in %e s" "$B" generate -n 200 --variant "$v" --threads 1 --seed 1 > /dev/null
done 2>&1
/usr/bin/time -f "9x9 non-consecutive: 50 puzzles in %e s" "$B" generate -n 50 --variant non-consecutive --threads 1 --seed 1 > /dev/null 2>&1
for s in 1 2; do
    /usr/bin/time -f "16x16 jigsaw seed $s: %e s" timeout 120 "$B" generate -n 1 --box 4x4 --variant jigsaw --threads 1 --seed "$s" > /dev/null
done 2>&1
for s in 1 2 3 4 5; do
    /usr/bin/time -f "16x16 x seed $s: %e s" "$B" generate -n 1 --box 4x4 --variant x --threads 1 --seed "$s" > /dev/null
done 2>&1
