#!/bin/sh
# Rates generated jigsaw puzzles: 200 minimal 9x9 ones (--seed 41) and the
# same puzzles with 0 to 14 of their solution's digits added, so that every
# level is represented. Writes jigsaw_ratings.tsv (puzzle, region map, ER,
# level, hardest technique) and prints the levels and the time taken.
# usage: sh benchmarks/2026-11-28/jigsaw_ratings.sh  (from the repository root)
set -e
B=${B:-target/release/sudoku-dlx}
D=benchmarks/2026-11-28
T=$(mktemp -d)
$B generate --variant jigsaw -n 200 --seed 41 --solution --format jsonl > $T/gen.jsonl
python3 - $T/gen.jsonl > $T/all.txt <<'PY'
import json, random, sys
random.seed(41)
recs = [json.loads(l) for l in open(sys.argv[1])]
for added in (False, True):
    for r in recs:
        p = list(r["puzzle"])
        if added:
            empty = [i for i, ch in enumerate(p) if ch == "."]
            for i in random.sample(empty, random.randint(0, 14)):
                p[i] = r["solution"][i]
        print("".join(p))
        print(r["regions"])
PY
start=$(date +%s.%N)
$B rate --variant jigsaw --format json $T/all.txt > $T/rated.jsonl
end=$(date +%s.%N)
python3 - $T/all.txt $T/rated.jsonl > $D/jigsaw_ratings.tsv <<'PY'
import json, sys
lines = open(sys.argv[1]).read().split()
rated = [json.loads(l) for l in open(sys.argv[2])]
for k, r in enumerate(rated):
    print("\t".join([lines[2 * k], lines[2 * k + 1], "%.1f" % r["er"], r["level"], r.get("hardest") or ""]))
PY
cut -f4 $D/jigsaw_ratings.tsv | sort | uniq -c
echo "rated $(wc -l < $D/jigsaw_ratings.tsv) puzzles in $(echo "$end - $start" | bc) s"
rm -r $T
