#!/bin/sh
# Variant ratings against Sukaku Explainer 1.15.10 (serate with the
# variant's switch). Needs SE's compiled classes in $SE (diuf/...), java,
# and a release build. Writes variant_ratings.tsv: variant, puzzle,
# our ER, SE's ER/EP/ED.
#
#   SE=/path/to/SukakuExplainer sh benchmarks/2026-11-27/variant_ratings.sh
set -e
BIN=${BIN:-target/release/sudoku-dlx}
HERE=$(dirname "$0")
W=$(mktemp -d)
switch() {
    case $1 in
        x) echo --isX=1 ;; windoku) echo --isWindows=1 ;; disjoint-groups) echo --isDG=1 ;;
        anti-king) echo --isAntiKing=1 ;; anti-knight) echo --isAntiKnight=1 ;;
    esac
}
serate() { (cd "$SE" && nice -n 15 java -Xmx1g -cp classes diuf.sudoku.test.serate "$1" --format='%g	%r/%p/%d' --input="$2" --output="$3"); }
for v in x windoku disjoint-groups anti-king anti-knight; do
    # 200 minimal puzzles, then 0-14 of their solution's digits added
    # (easier puzzles); anti-king and anti-knight: 6-20 digits added to
    # the first 100 and 2-8 to the last 100 (minimal ones take SE minutes).
    $BIN generate --variant $v -n 200 --seed 7 > $W/gen-$v.txt
    $BIN solve --variant $v < $W/gen-$v.txt > $W/sol-$v.txt
    case $v in
        anti-*)
            python3 $HERE/variant_addclues_range.py $W/gen-$v.txt $W/sol-$v.txt 13 6 20 100 > $W/held-$v.txt
            tail -n 100 $W/gen-$v.txt > $W/gen2.txt; tail -n 100 $W/sol-$v.txt > $W/sol2.txt
            python3 $HERE/variant_addclues_range.py $W/gen2.txt $W/sol2.txt 17 2 8 100 >> $W/held-$v.txt ;;
        *) python3 $HERE/variant_addclues.py $W/gen-$v.txt $W/sol-$v.txt 11 > $W/held-$v.txt ;;
    esac
    serate "$(switch $v)" $W/held-$v.txt $W/se-$v.txt
    $BIN rate --variant $v --timeout 30 < $W/held-$v.txt | cut -f1,2 > $W/ours-$v.txt
    awk -F'\t' -v v=$v 'NR==FNR {ours[$1]=$2; next} {print v "\t" $1 "\t" ($1 in ours ? ours[$1] : "none") "\t" $2}' \
        $W/ours-$v.txt $W/se-$v.txt
done
rm -r "$W"
