#!/bin/sh
# Guided search from random seeds, two builds side by side, one thread
# each, 20 minutes: puzzles rated 9.5 or more found per build, then
# rated again by BASE (ER per puzzle).
# usage: sh guided_rank_ab.sh BASE NEW OUTDIR
base=$1
new=$2
out=${3:-.}
for b in base new; do
    eval bin=\$$b
    /usr/bin/time -f "%U user %e wall" "$bin" generate --rating 9.5.. --count 100000 --seed 11 \
        --threads 1 --timeout 1200 --stats > "$out/$b.txt" 2> "$out/$b.err" &
done
wait
for b in base new; do
    "$base" rate --threads 2 "$out/$b.txt" | cut -f1,2 > "$out/$b.tsv"
    echo "$b: $(wc -l < "$out/$b.tsv") puzzles; ER counts:"
    cut -f2 "$out/$b.tsv" | sort | uniq -c
done
