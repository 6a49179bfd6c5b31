#!/bin/sh
# Variant ratings against Sukaku Explainer 1.15.10 (serate with the
# variant's switch) on a fresh held-out set and on fresh band output.
#
#   gen   held-out puzzles (made as 2026-11-28/variant_heldout.sh makes
#         them, seed $SEED) into $W/held-V.txt, and puzzles generated in
#         the bands easy..expert and 6.5..8.9 (seed $BAND_SEED) into
#         $HERE/variant_bands_fresh.tsv (variant, band, puzzle, our ER,
#         minimal);
#   se    serate on every puzzle, one at a time, each at most $CAP CPU
#         seconds (a puzzle it does not finish is left out and counted);
#         writes $HERE/variant_heldout_fresh_se.tsv (variant, puzzle,
#         SE's ER/EP/ED) and a sixth column in variant_bands_fresh.tsv;
#   ours  `rate --variant` on the held-out puzzles SE rated, joined into
#         $HERE/variant_heldout_fresh.tsv (variant, puzzle, our ER, SE's).
#
#   sh benchmarks/2026-12-02/variant_serate_check.sh gen
#   SE=/path/to/SukakuExplainer sh benchmarks/2026-12-02/variant_serate_check.sh se
#   sh benchmarks/2026-12-02/variant_serate_check.sh ours
#   awk -F'\t' -f benchmarks/2026-11-27/variant_ratings_summary.awk benchmarks/2026-12-02/variant_heldout_fresh.tsv
#   awk -F'\t' -f benchmarks/2026-11-28/variant_bands.awk benchmarks/2026-12-02/variant_bands_fresh.tsv
set -e
BIN=${BIN:-target/release/sudoku-dlx}
HERE=$(cd "$(dirname "$0")" && pwd)
OLD=$HERE/../2026-11-27
SEED=${SEED:-61}
BAND_SEED=${BAND_SEED:-67}
CAP=${CAP:-120}
W=${W:-/tmp/variant_serate_check}
VARIANTS="x windoku disjoint-groups anti-king anti-knight"
BANDS=$HERE/variant_bands_fresh.tsv
switch() {
    case $1 in
        x) echo --isX=1 ;; windoku) echo --isWindows=1 ;; disjoint-groups) echo --isDG=1 ;;
        anti-king) echo --isAntiKing=1 ;; anti-knight) echo --isAntiKnight=1 ;;
    esac
}
# serate on the puzzles of $2 under switch $1, one JVM per puzzle capped
# at CAP CPU seconds, into $3 (puzzle, ER/EP/ED); prints how many it left out.
serate() {
    : > "$3"
    missed=0
    while read -r p; do
        echo "$p" > "$3.in"; rm -f "$3.out"
        (cd "$SE" && ulimit -t "$CAP" && nice -n 15 java -Xmx1g -cp classes diuf.sudoku.test.serate "$1" \
            --format='%g	%r/%p/%d' --input="$3.in" --output="$3.out") 2>/dev/null || true
        if [ -s "$3.out" ]; then cat "$3.out" >> "$3"; else missed=$((missed + 1)); fi
    done < "$2"
    rm -f "$3.in" "$3.out"
    echo "$(basename "$2"): serate left out $missed"
}
case $1 in
gen)
    mkdir -p "$W"
    for v in $VARIANTS; do
        $BIN generate --variant $v -n 200 --seed $SEED > $W/gen-$v.txt
        $BIN solve --variant $v < $W/gen-$v.txt > $W/sol-$v.txt
        case $v in
            anti-*)
                python3 $OLD/variant_addclues_range.py $W/gen-$v.txt $W/sol-$v.txt $((SEED + 6)) 6 20 100 > $W/held-$v.txt
                tail -n 100 $W/gen-$v.txt > $W/gen2.txt; tail -n 100 $W/sol-$v.txt > $W/sol2.txt
                python3 $OLD/variant_addclues_range.py $W/gen2.txt $W/sol2.txt $((SEED + 10)) 2 8 100 >> $W/held-$v.txt ;;
            *) python3 $OLD/variant_addclues.py $W/gen-$v.txt $W/sol-$v.txt $((SEED + 4)) > $W/held-$v.txt ;;
        esac
    done
    OUT=$BANDS SEED=$BAND_SEED BIN=$BIN sh $HERE/../2026-11-28/variant_bands.sh gen ;;
se)
    for v in $VARIANTS; do
        awk -F'\t' -v v=$v '$1 == v {print $3}' $BANDS > $W/band-$v.txt
        serate "$(switch $v)" $W/band-$v.txt $W/se-band-$v.txt
    done
    cat $W/se-band-*.txt > $W/se-band-all.txt
    awk -F'\t' 'NR == FNR {se[$1] = $2; next} {print $0 "\t" ($3 in se ? se[$3] : "")}' $W/se-band-all.txt $BANDS > $W/joined.tsv
    mv $W/joined.tsv $BANDS
    : > $HERE/variant_heldout_fresh_se.tsv
    for v in $VARIANTS; do
        serate "$(switch $v)" $W/held-$v.txt $W/se-held-$v.txt
        awk -F'\t' -v v=$v '{print v "\t" $1 "\t" $2}' $W/se-held-$v.txt >> $HERE/variant_heldout_fresh_se.tsv
    done ;;
ours)
    : > $HERE/variant_heldout_fresh.tsv
    for v in $VARIANTS; do
        awk -F'\t' -v v=$v '$1 == v {print $2}' $HERE/variant_heldout_fresh_se.tsv > $W/rated.txt
        $BIN rate --variant $v --timeout 30 < $W/rated.txt | cut -f1,2 > $W/ours.txt
        awk -F'\t' -v v=$v 'NR == FNR {ours[$1] = $2; next} $1 == v {print v "\t" $2 "\t" ($2 in ours ? ours[$2] : "none") "\t" $3}' \
            $W/ours.txt $HERE/variant_heldout_fresh_se.tsv >> $HERE/variant_heldout_fresh.tsv
    done ;;
*) echo "usage: variant_serate_check.sh gen|se|ours" >&2; exit 2 ;;
esac
