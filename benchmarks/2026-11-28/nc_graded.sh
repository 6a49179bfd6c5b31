#!/bin/bash
# A graded set of non-consecutive puzzles rated by serate 1.15.10 with
# --isNC=1: 60 minimal puzzles (generate --variant non-consecutive --seed
# 7101), each with 1 to 8 of its solution's digits added (set "few",
# seed 71) and with 6 to 16 added (set "more", seed 72). serate gets each
# puzzle alone, niced, at most 120 s (timeout); puzzles it does not
# finish are left out. Writes nc_graded.tsv: set, puzzle, SE's ER/EP/ED,
# SE's hardest techniques, time.
# usage: SE=/path/to/SukakuExplainer bash benchmarks/2026-11-28/nc_graded.sh
# (JOBS=2 rates two puzzles at a time)
set -e
B=${B:-$PWD/target/release/sudoku-dlx}
D=$PWD/benchmarks/2026-11-28
T=${T:-$(mktemp -d)}
[ -s $T/gen.txt ] || $B generate --variant non-consecutive -n 60 --seed 7101 > $T/gen.txt
$B solve --variant non-consecutive $T/gen.txt > $T/sol.txt
for set in more:72:6:16 few:71:1:8; do
    IFS=: read name seed low high <<EOT
$set
EOT
    python3 - $T/gen.txt $T/sol.txt $seed $low $high <<'PY' | sed "s/^/$name /"
import random, sys
random.seed(int(sys.argv[3]))
for p, s in zip(open(sys.argv[1]), open(sys.argv[2])):
    q = list(p.strip())
    empty = [i for i, c in enumerate(q) if c == "."]
    for i in random.sample(empty, random.randint(int(sys.argv[4]), int(sys.argv[5]))):
        q[i] = s[i]
    print("".join(q))
PY
done | awk '{print NR, $1, $2}' > $T/queue.txt
rate_one() {
    echo "$3" > $T/p$1.txt
    (cd "$SE" && timeout 120 nice -n 15 java -Xmx1g -cp classes diuf.sudoku.test.serate --isNC=1 \
        --format='%g%t%r/%p/%d%t%R%t%P%t%D%t%e' --input=$T/p$1.txt --output=$T/p$1.se) > /dev/null 2>&1 || true
    [ -s $T/p$1.se ] && sed "s/^/$2\t/" $T/p$1.se > $T/r$1.tsv || true
}
while read i name p; do
    while [ $(jobs -r | wc -l) -ge ${JOBS:-1} ]; do sleep 1; done
    rate_one $i $name $p &
done < $T/queue.txt
wait
for i in $(cut -d' ' -f1 $T/queue.txt); do cat $T/r$i.tsv 2>/dev/null || true; done > $D/nc_graded.tsv
