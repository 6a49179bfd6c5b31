#!/bin/sh
# Reference ratings for non-consecutive puzzles from serate 1.15.10 with
# --isNC=1: 40 minimal puzzles (generate --variant non-consecutive
# --seed 4401) with 12 to 30 of their solution's digits added (seed 28),
# then the same puzzles with 2 to 10 added (seed 29). Writes
# nc_serate.tsv: set (easier, mid), puzzle, SE's ER/EP/ED, SE's
# techniques. The grader does not rate these yet (docs/variants.md).
# usage: SE=/path/to/SukakuExplainer sh benchmarks/2026-11-28/nc_serate.sh
set -e
B=${B:-$PWD/target/release/sudoku-dlx}
D=$PWD/benchmarks/2026-11-28
T=$(mktemp -d)
$B generate --variant non-consecutive -n 40 --seed 4401 > $T/gen.txt
$B solve --variant non-consecutive $T/gen.txt > $T/sol.txt
for set in easier:28:12:30 mid:29:2:10; do
    IFS=: read name seed low high <<EOT
$set
EOT
    python3 - $T/gen.txt $T/sol.txt $seed $low $high > $T/$name.txt <<'PY'
import random, sys
random.seed(int(sys.argv[3]))
for p, s in zip(open(sys.argv[1]), open(sys.argv[2])):
    q = list(p.strip())
    empty = [i for i, c in enumerate(q) if c == "."]
    for i in random.sample(empty, random.randint(int(sys.argv[4]), int(sys.argv[5]))):
        q[i] = s[i]
    print("".join(q))
PY
    (cd "$SE" && timeout 1500 java -Xmx1g -cp classes diuf.sudoku.test.serate --isNC=1 \
        --format='%g%t%r/%p/%d%t%R%t%P%t%D%t%e' --input=$T/$name.txt --output=$T/$name.se) || true
    sed "s/^/$name\t/" $T/$name.se
done > $D/nc_serate.tsv
rm -r $T
