#!/bin/sh
# Variant generation speed, one thread, two builds interleaved (base, new,
# base, new) so that both see the same load. Usage:
#   sh benchmarks/2026-11-28/variants_speed3.sh BASE NEW [JIGSAW_SEEDS] > variants_speed3.txt
# Wall seconds (%e) and user CPU seconds (%U); minimal puzzles.
# JIGSAW_SEEDS: the seeds of the 16x16 jigsaw runs (default "1").
A=$1
B=$2
JIGSAW_SEEDS=${3:-1}
run() { # label binary args...
    label=$1; bin=$2; shift 2
    /usr/bin/time -f "$label: %e s wall, %U s cpu" "$bin" generate --threads 1 "$@" > /dev/null
}
for round in 1 2; do
    for v in x windoku anti-knight anti-king disjoint-groups jigsaw; do
        run "9x9 $v 200 puzzles (base)" "$A" -n 200 --variant "$v" --seed 1
        run "9x9 $v 200 puzzles (new)" "$B" -n 200 --variant "$v" --seed 1
    done
done 2>&1
run "9x9 non-consecutive 5 puzzles (base)" "$A" -n 5 --variant non-consecutive --seed 1 2>&1
run "9x9 non-consecutive 5 puzzles (new)" "$B" -n 5 --variant non-consecutive --seed 1 2>&1
for s in 1 2 3; do
    run "16x16 x seed $s (base)" "$A" -n 1 --box 4x4 --variant x --seed "$s"
    run "16x16 x seed $s (new)" "$B" -n 1 --box 4x4 --variant x --seed "$s"
done 2>&1
for s in $JIGSAW_SEEDS; do
    for bin in "$A" "$B"; do
        /usr/bin/time -f "16x16 jigsaw seed $s ($bin): %e s wall, %U s cpu" timeout 300 "$bin" generate --threads 1 -n 1 --box 4x4 --variant jigsaw --seed "$s" > /dev/null || echo "16x16 jigsaw seed $s ($bin): stopped at 300 s wall"
    done
done 2>&1
