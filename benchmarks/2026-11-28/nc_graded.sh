#!/bin/bash
# A graded set of non-consecutive puzzles rated by serate 1.15.10 with
# --isNC=1: 60 minimal puzzles (generate --variant non-consecutive --seed
# 7101), each with 1 to 8 of its solution's digits added (set "few",
# seed 71) and with 6 to 16 added (set "more", seed 72). Both are mostly
# singles and non-consecutive techniques when serate finishes them, so a
# third set fills the middle: four copies of the 60 with 3 to 12 digits
# added (seed 73), of which those our grader rates 2.8 to 9.9 within 5 s
# (set "mid", picked by our ER, not by SE's). serate gets each puzzle
# alone, niced, at most 120 s (timeout); puzzles it does not finish are
# left out. Writes nc_graded.tsv: set, puzzle, SE's ER/EP/ED, SE's
# hardest techniques, time.
# usage: SE=/path/to/SukakuExplainer bash benchmarks/2026-11-28/nc_graded.sh
# (JOBS=2 rates two puzzles at a time)
set -e
B=${B:-$PWD/target/release/sudoku-dlx}
D=$PWD/benchmarks/2026-11-28
T=${T:-$(mktemp -d)}
[ -s $T/gen.txt ] || $B generate --variant non-consecutive -n 60 --seed 7101 > $T/gen.txt
$B solve --variant non-consecutive $T/gen.txt > $T/sol.txt
# add SEED LOW HIGH COPIES: each puzzle with LOW to HIGH solution digits
# added, COPIES times over.
add() {
    python3 - $T/gen.txt $T/sol.txt "$@" <<'PY'
import random, sys
random.seed(int(sys.argv[3]))
gen = [l.strip() for l in open(sys.argv[1])]
sol = [l.strip() for l in open(sys.argv[2])]
for _ in range(int(sys.argv[6])):
    for p, s in zip(gen, sol):
        q = list(p)
        empty = [i for i, c in enumerate(q) if c == "."]
        for i in random.sample(empty, random.randint(int(sys.argv[4]), int(sys.argv[5]))):
            q[i] = s[i]
        print("".join(q))
PY
}
{
    add 72 6 16 1 | sed 's/^/more /'
    add 71 1 8 1 | sed 's/^/few /'
    add 73 3 12 4 > $T/mid_all.txt
    $B rate --variant non-consecutive --threads 1 --timeout 5 $T/mid_all.txt |
        awk -F'\t' '$2 !~ /\+/ && $2 + 0 >= 2.8 && $2 + 0 < 10 {print "mid", $1}'
} | awk '{print NR, $1, $2}' > $T/queue.txt
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
