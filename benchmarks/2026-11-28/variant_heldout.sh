#!/bin/sh
# Held-out variant puzzles rated by Sukaku Explainer 1.15.10 (serate with
# the variant's switch), then by `rate --variant`. Phase `se` writes
# variant_heldout_se.tsv (variant, puzzle, SE's ER/EP/ED); phase `ours`
# joins our ER into variant_heldout.tsv (variant, puzzle, our ER, SE's
# ER/EP/ED). Needs SE's compiled classes in $SE (diuf/...) and java.
#
#   SE=/path/to/SukakuExplainer sh benchmarks/2026-11-28/variant_heldout.sh se
#   sh benchmarks/2026-11-28/variant_heldout.sh ours
set -e
BIN=${BIN:-target/release/sudoku-dlx}
HERE=$(dirname "$0")
SEED=${SEED:-29}
switch() {
    case $1 in
        x) echo --isX=1 ;; windoku) echo --isWindows=1 ;; disjoint-groups) echo --isDG=1 ;;
        anti-king) echo --isAntiKing=1 ;; anti-knight) echo --isAntiKnight=1 ;;
        non-consecutive) echo --isNC=1 ;;
    esac
}
serate() { (cd "$SE" && nice -n 15 java -Xmx1g -cp classes diuf.sudoku.test.serate "$1" --format='%g	%r/%p/%d' --input="$2" --output="$3"); }
case $1 in
se)
    W=$(mktemp -d)
    : > $HERE/variant_heldout_se.tsv
    for v in ${VARIANTS:-x windoku disjoint-groups anti-king anti-knight}; do
        # As in 2026-11-27/variant_ratings.sh, with another seed.
        $BIN generate --variant $v -n 200 --seed $SEED > $W/gen-$v.txt
        $BIN solve --variant $v < $W/gen-$v.txt > $W/sol-$v.txt
        case $v in
            anti-*)
                python3 $HERE/../2026-11-27/variant_addclues_range.py $W/gen-$v.txt $W/sol-$v.txt $((SEED + 6)) 6 20 100 > $W/held-$v.txt
                tail -n 100 $W/gen-$v.txt > $W/gen2.txt; tail -n 100 $W/sol-$v.txt > $W/sol2.txt
                python3 $HERE/../2026-11-27/variant_addclues_range.py $W/gen2.txt $W/sol2.txt $((SEED + 10)) 2 8 100 >> $W/held-$v.txt ;;
            *) python3 $HERE/../2026-11-27/variant_addclues.py $W/gen-$v.txt $W/sol-$v.txt $((SEED + 4)) > $W/held-$v.txt ;;
        esac
        serate "$(switch $v)" $W/held-$v.txt $W/se-$v.txt
        awk -F'\t' -v v=$v '{print v "\t" $1 "\t" $2}' $W/se-$v.txt >> $HERE/variant_heldout_se.tsv
    done
    rm -r "$W" ;;
ours)
    W=$(mktemp -d)
    : > $HERE/variant_heldout.tsv
    for v in $(cut -f1 $HERE/variant_heldout_se.tsv | uniq); do
        awk -F'\t' -v v=$v '$1==v {print $2}' $HERE/variant_heldout_se.tsv > $W/held.txt
        $BIN rate --variant $v --timeout 30 < $W/held.txt | cut -f1,2 > $W/ours.txt
        awk -F'\t' -v v=$v 'NR==FNR {ours[$1]=$2; next} $1==v {print v "\t" $2 "\t" ($2 in ours ? ours[$2] : "none") "\t" $3}' \
            $W/ours.txt $HERE/variant_heldout_se.tsv >> $HERE/variant_heldout.tsv
    done
    rm -r "$W" ;;
*) echo "usage: variant_heldout.sh se|ours" >&2; exit 2 ;;
esac
