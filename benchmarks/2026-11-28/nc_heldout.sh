#!/bin/bash
# A held-out check of non-consecutive ratings against serate 1.15.10
# --isNC=1, on puzzles apart from nc_graded.tsv: 40 minimal puzzles
# (generate --variant non-consecutive --seed 9301), three copies each
# with 2 to 12 of their solution's digits added (seed 93), of which the
# first 45 our grader rates 2.0 or more within 5 s (the others are
# singles). serate gets each alone, niced, at most 120 s. Writes
# nc_heldout.tsv (puzzle, then serate's fields) and prints: puzzles,
# same ER, same ER/EP/ED.
# usage: SE=/path/to/SukakuExplainer bash benchmarks/2026-11-28/nc_heldout.sh
set -e
B=${B:-$PWD/target/release/sudoku-dlx}
D=$PWD/benchmarks/2026-11-28
T=$(mktemp -d)
$B generate --variant non-consecutive -n 40 --seed 9301 > $T/gen.txt
$B solve --variant non-consecutive $T/gen.txt > $T/sol.txt
python3 - $T/gen.txt $T/sol.txt > $T/all.txt <<'PY'
import random, sys
random.seed(93)
gen = [l.strip() for l in open(sys.argv[1])]
sol = [l.strip() for l in open(sys.argv[2])]
for _ in range(3):
    for p, s in zip(gen, sol):
        q = list(p)
        empty = [i for i, c in enumerate(q) if c == "."]
        for i in random.sample(empty, random.randint(2, 12)):
            q[i] = s[i]
        print("".join(q))
PY
$B rate --variant non-consecutive --threads 1 --timeout 5 $T/all.txt |
    awk -F'\t' '$2 !~ /\+/ && $2 + 0 >= 2.0 {print $1}' | head -45 > $T/queue.txt
: > $D/nc_heldout.tsv
i=0
while read p; do
    i=$((i + 1))
    echo "$p" > $T/p$i.txt
    (cd "$SE" && timeout 120 nice -n 15 java -Xmx1g -cp classes diuf.sudoku.test.serate --isNC=1 \
        --format='%g%t%r/%p/%d%t%R%t%P%t%D%t%e' --input=$T/p$i.txt --output=$T/p$i.se) > /dev/null 2>&1 || true
    cat $T/p$i.se >> $D/nc_heldout.tsv 2> /dev/null || true
done < $T/queue.txt
cut -f1 $D/nc_heldout.tsv | $B rate --variant non-consecutive --threads 1 |
    awk -F'\t' '{print $NF}' | paste - <(cut -f2 $D/nc_heldout.tsv) |
    awk '{n++; split($1, a, "/"); split($2, b, "/"); er += a[1] == b[1]; all += $1 == $2}
         END {print n, er, all}'
