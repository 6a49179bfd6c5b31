#!/bin/sh
# Technique filters under variant rules, checked by Sukaku Explainer.
# Usage: variant_filters.sh BIN SERATE_CLASSES OUT_DIR [COUNT]
# For each (variant, filter, technique) below: COUNT puzzles (--seed 1,
# one thread), the CPU seconds, then serate 1.15.10 with the variant's
# switch on all of a variant's puzzles and filters_serate.py on its path.
set -eu
BIN=$1 SE=$2 OUT=$3 COUNT=${4:-10}
mkdir -p "$OUT"
HERE=$(cd "$(dirname "$0")/.." && pwd)
: > "$OUT/rates.tsv"
for spec in "x --isX=1" "windoku --isWindows=1" "anti-knight --isAntiKnight=1"; do
  variant=${spec%% *} switch=${spec#* }
  : > "$OUT/$variant.tsv"
  for job in "with X-Wing" "hardest X-Wing" "hardest Hidden Pair" "hardest XY-Wing" "with Swordfish" "hardest Naked Single"; do
    filter=${job%% *} technique=${job#* }
    /usr/bin/time -f "%U" -o "$OUT/time" "$BIN" generate --variant "$variant" -n "$COUNT" --seed 1 --threads 1 \
      "--$filter" "$technique" --format jsonl > "$OUT/gen.jsonl" 2> "$OUT/gen.err" || true
    found=$(wc -l < "$OUT/gen.jsonl")
    printf '%s\t%s\t%s\t%s\t%s\n' "$variant" "$filter" "$technique" "$found" "$(tail -n 1 "$OUT/time")" >> "$OUT/rates.tsv"
    python3 -c '
import json, sys
for line in open(sys.argv[1]):
    print(sys.argv[2] + "\t" + sys.argv[3] + "\t" + json.loads(line)["puzzle"])
' "$OUT/gen.jsonl" "$technique" "$filter" >> "$OUT/$variant.tsv"
  done
  cut -f3 "$OUT/$variant.tsv" > "$OUT/$variant.txt"
  (cd "$SE" && java -cp classes diuf.sudoku.test.serate $switch \
    --format='%g%t%r/%p/%d%t%R%t%P%t%D%t%e' --before='#%m' --after='%r%t%x%t%C%t%N%t%s' \
    --input="$OUT/$variant.txt" > "$OUT/$variant.serate" 2>/dev/null)
  python3 "$HERE/2026-11-28/filters_serate.py" "$OUT/$variant.tsv" "$OUT/$variant.serate" > "$OUT/$variant.check" 2> "$OUT/$variant.misses"
done
rm -f "$OUT/time" "$OUT/gen.jsonl" "$OUT/gen.err"
