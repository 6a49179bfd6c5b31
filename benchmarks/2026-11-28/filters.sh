#!/bin/sh
# Technique filters: for each technique SE rates up to 6.0, 20 puzzles
# with `--hardest T` and 20 with `--with T` (and `--without T` for a
# few), one thread, with the CPU
# time of each run. Writes filters_runs.tsv (technique, filter, puzzles,
# wall s, user s) and filters_puzzles.tsv (technique, filter, puzzle)
# into OUT; filters_serate.py then checks the puzzles against serate.
# Usage: sh filters.sh SUDOKU_DLX OUT [COUNT] [TIMEOUT]
# MODES="hardest" (or any of hardest, with, without) runs only those.
set -u
BIN=$1; OUT=$2; N=${3:-20}; SECS=${4:-120}; MODES=${MODES:-hardest with without}
mkdir -p "$OUT"
: >"$OUT/filters_runs.tsv"; : >"$OUT/filters_puzzles.tsv"
while IFS= read -r t; do
    for f in $MODES; do
        [ "$f" = without ] && continue
        /usr/bin/time -f '%e %U' -o "$OUT/time.txt" "$BIN" generate --count "$N" --"$f" "$t" \
            --seed 1 --threads 1 --timeout "$SECS" >"$OUT/p.txt" 2>/dev/null
        n=$(wc -l <"$OUT/p.txt")
        printf '%s\t%s\t%s\t%s\n' "$t" "$f" "$n" "$(tr ' ' '\t' <"$OUT/time.txt" | tail -n 1)" >>"$OUT/filters_runs.tsv"
        awk -v t="$t" -v f="$f" '{ print t "\t" f "\t" $0 }' "$OUT/p.txt" >>"$OUT/filters_puzzles.tsv"
    done
done <<'LIST'
Hidden Single
Direct Pointing
Direct Claiming
Direct Hidden Pair
Naked Single
Direct Hidden Triplet
Pointing
Claiming
Naked Pair
X-Wing
Hidden Pair
Naked Triplet
Swordfish
Hidden Triplet
Skyscraper
Two-string Kite
Turbot Crane
Grouped Skyscraper
Grouped 2-String Kite
Grouped Turbot Crane
XY-Wing
XYZ-Wing
Unique Rectangle
Naked Quad
Jellyfish
Hidden Quad
3 Skyscrapers
3 Strong links (including blocks)
3-String Kite
WXYZ-Wing
BUG type
BUG type 2
BUG type 4
BUG type 3
LIST
# `--without` (random generation: most puzzles pass).
case " $MODES " in *" without "*) ;; *) rm -f "$OUT/p.txt" "$OUT/time.txt"; exit 0 ;; esac
for t in "Pointing" "Naked Pair" "X-Wing" "XY-Wing" "Unique Rectangle" "Forcing Chains & Cycles"; do
    /usr/bin/time -f '%e %U' -o "$OUT/time.txt" "$BIN" generate --count "$N" --without "$t" \
        --seed 1 --threads 1 --timeout "$SECS" >"$OUT/p.txt" 2>/dev/null
    n=$(wc -l <"$OUT/p.txt")
    printf '%s\t%s\t%s\t%s\n' "$t" without "$n" "$(tr ' ' '\t' <"$OUT/time.txt" | tail -n 1)" >>"$OUT/filters_runs.tsv"
    awk -v t="$t" '{ print t "\twithout\t" $0 }' "$OUT/p.txt" >>"$OUT/filters_puzzles.tsv"
done
rm -f "$OUT/p.txt" "$OUT/time.txt"
