#!/bin/sh
# Variant generation speed, one thread, every figure docs/variants.md
# gives a target for: minimal 9x9 X, windoku and anti-knight puzzles per
# second (2,000 per seed), 9x9 jigsaw puzzles per second with their
# regions drawn (500 per seed), and user CPU seconds for one minimal
# 16x16 X and one 16x16 jigsaw puzzle per seed, seeds 1-29, with the
# medians. Usage:
#   sh benchmarks/2026-12-02/variant_targets_speed.sh target/release/sudoku-dlx > variant_targets_speed.txt
B=${1:-target/release/sudoku-dlx}
T=/tmp/variant_targets_speed.$$
run() { /usr/bin/time -f "%e %U" -o $T timeout 150 "$B" generate --threads 1 "$@" > /dev/null 2>&1; echo "rc $?" >> $T; }
for v in x windoku anti-knight jigsaw; do
    n=2000; [ $v = jigsaw ] && n=500
    for s in 1 2 3; do
        run -n $n --variant $v --seed $s
        awk -v v=$v -v n=$n -v s=$s 'NR == 1 {printf "9x9 %s seed %s\t%d puzzles\t%.2f s wall\t%.2f s user\t%.0f/s\t", v, s, n, $1, $2, n / $2} /^rc/ {print $0}' $T
    done
done
for v in x jigsaw; do
    : > $T.all
    for s in $(seq 1 29); do
        run -n 1 --box 4x4 --variant $v --seed $s
        awk -v v=$v -v s=$s 'NR == 1 {printf "16x16 %s seed %s\t%.2f s user\t", v, s, $2} /^rc/ {print $0}' $T
        head -n 1 $T | cut -d' ' -f2 >> $T.all
    done
    sort -g $T.all | awk -v v=$v '{a[NR] = $1} END {printf "16x16 %s median\t%.2f s user (of %d seeds; max %.2f s)\n", v, a[(NR + 1) / 2], NR, a[NR]}'
done
rm -f $T $T.all
