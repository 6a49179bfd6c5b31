#!/bin/sh
# Technique-filter searches for four techniques, each build in turn, two
# threads: `generate --count 100000 --MODE T --seed S --threads 2
# --timeout SECS --stats`. Prints technique, mode, seed, build, puzzles
# found, candidates rated (from the --stats line).
# Usage: sh filter_stats.sh MODE SECS "SEEDS" label=PATH ... > OUT.tsv
set -u
mode=$1; secs=$2; seeds=$3; shift 3
for t in "BUG type 4" "Jellyfish" "Hidden Quad" "Naked Quad"; do
    for s in $seeds; do
        for b in "$@"; do
            label=${b%%=*}; bin=${b#*=}
            r=$("$bin" generate --count 100000 --"$mode" "$t" --seed "$s" --threads 2 --timeout "$secs" --stats 2>&1 >/dev/null |
                grep "guided search" | sed -E 's/guided search: rated ([0-9]+), found ([0-9]+).*/\2\t\1/')
            printf '%s\t%s\t%s\t%s\t%s\n' "$t" "$mode" "$s" "$label" "$r"
        done
    done
done
