#!/bin/sh
# A second held-out anti-knight set, rated by Sukaku Explainer 1.15.10
# (serate --isAntiKnight=1), then by `rate --variant anti-knight`; made as
# variant_heldout.sh makes its anti-knight rows, with another seed. Phase
# `se` writes antiknight_heldout_se.tsv (puzzle, SE's ER/EP/ED): the first
# hundred (6-20 solution digits added) and the two halves of the second
# (2-8 added, the slow ones) are rated by three serate runs side by
# side, each puzzle at most CAP (240) CPU seconds. Phase `ours` writes antiknight_heldout.tsv (variant, puzzle, our
# ER, SE's ER/EP/ED) for variant_ratings_summary.awk.
#
#   SE=/path/to/SukakuExplainer sh benchmarks/2026-11-28/antiknight_heldout.sh se
#   sh benchmarks/2026-11-28/antiknight_heldout.sh ours
set -e
BIN=${BIN:-target/release/sudoku-dlx}
HERE=$(cd "$(dirname "$0")" && pwd)
SEED=${SEED:-53}
W=${W:-$(mktemp -d)}
CAP=${CAP:-240}
# serate on one file of puzzles, stopped after CAP seconds of CPU.
serate_one() { (cd "$SE" && ulimit -t $CAP && nice -n 15 java -Xmx1g -cp classes diuf.sudoku.test.serate --isAntiKnight=1 --format='%g	%r/%p/%d' --input="$1" --output="$2"); }
# Rates the puzzles of $1 one at a time into $2: a puzzle serate has not
# rated within CAP CPU seconds is left out (the hardest take hours).
serate() {
    : > "$2"
    while read -r p; do
        echo "$p" > "$2.in"; rm -f "$2.out"
        serate_one "$2.in" "$2.out" 2>/dev/null || true
        [ -f "$2.out" ] && cat "$2.out" >> "$2"
    done < "$1"
    rm -f "$2.in" "$2.out"
}
case $1 in
se)
    $BIN generate --variant anti-knight -n 200 --seed $SEED > $W/gen.txt
    $BIN solve --variant anti-knight < $W/gen.txt > $W/sol.txt
    python3 $HERE/../2026-11-27/variant_addclues_range.py $W/gen.txt $W/sol.txt $((SEED + 6)) 6 20 100 > $W/held1.txt
    tail -n 100 $W/gen.txt > $W/gen2.txt; tail -n 100 $W/sol.txt > $W/sol2.txt
    python3 $HERE/../2026-11-27/variant_addclues_range.py $W/gen2.txt $W/sol2.txt $((SEED + 10)) 2 8 100 > $W/held2.txt
    head -n 50 $W/held2.txt > $W/held2a.txt; tail -n 50 $W/held2.txt > $W/held2b.txt
    serate $W/held1.txt $W/se1.txt &
    serate $W/held2a.txt $W/se2a.txt &
    serate $W/held2b.txt $W/se2b.txt
    wait
    cat $W/se1.txt $W/se2a.txt $W/se2b.txt > $HERE/antiknight_heldout_se.tsv ;;
ours)
    cut -f1 $HERE/antiknight_heldout_se.tsv | $BIN rate --variant anti-knight --timeout 30 | cut -f1,2 > $W/ours.txt
    awk -F'\t' 'NR==FNR {ours[$1]=$2; next} {print "anti-knight\t" $1 "\t" ($1 in ours ? ours[$1] : "none") "\t" $2}' \
        $W/ours.txt $HERE/antiknight_heldout_se.tsv > $HERE/antiknight_heldout.tsv ;;
*) echo "usage: antiknight_heldout.sh se|ours" >&2; exit 2 ;;
esac
