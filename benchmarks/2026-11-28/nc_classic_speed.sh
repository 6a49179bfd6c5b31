#!/bin/sh
# Classic rating speed and output with and without the non-consecutive
# rules in the grader: `rate --threads 1` over the first 2000 puzzles of
# the unbiased subset, the two builds alternating three times; then
# whether their outputs are byte-identical. Writes nc_classic_speed.txt.
# usage: sh benchmarks/2026-11-28/nc_classic_speed.sh /path/to/base /path/to/new
set -e
D=$PWD/benchmarks/2026-11-28
T=$(mktemp -d)
head -2000 ../shared/data/unbiased_subset_42k.txt > $T/in.txt
{
    echo "# sh benchmarks/2026-11-28/nc_classic_speed.sh BASE NEW (2000 classic puzzles, rate --threads 1)"
    for round in 1 2 3; do
        for which in base new; do
            [ $which = base ] && b=$1 || b=$2
            /usr/bin/time -f "$which round $round: %e s wall, %U s user" "$b" rate --threads 1 $T/in.txt > $T/$which.txt
        done
    done 2>&1
    cmp -s $T/base.txt $T/new.txt && echo "outputs: byte-identical" || echo "outputs: DIFFERENT"
} > $D/nc_classic_speed.txt
rm -r $T
