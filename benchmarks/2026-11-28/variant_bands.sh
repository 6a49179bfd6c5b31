#!/bin/sh
# Variant puzzles generated in rating bands, checked by Sukaku Explainer
# 1.15.10 (serate with the variant's switch). Phase `gen` writes
# variant_bands.tsv (variant, band, puzzle, our ER, minimal); phase `se`
# adds SE's ER/EP/ED as a sixth column. The bands are the levels easy to
# expert and 6.5..8.9 (extreme without its open end, so that serate's
# time stays bounded). OUT and SEED name another output file and seed.
#
#   BIN=target/release/sudoku-dlx sh benchmarks/2026-11-28/variant_bands.sh gen
#   SE=/path/to/SukakuExplainer sh benchmarks/2026-11-28/variant_bands.sh se
#   awk -F'\t' -f benchmarks/2026-11-28/variant_bands.awk benchmarks/2026-11-28/variant_bands.tsv
set -e
BIN=${BIN:-target/release/sudoku-dlx}
HERE=$(dirname "$0")
OUT=${OUT:-$HERE/variant_bands.tsv}
SEED=${SEED:-41}
switch() {
    case $1 in
        x) echo --isX=1 ;; windoku) echo --isWindows=1 ;; disjoint-groups) echo --isDG=1 ;;
        anti-king) echo --isAntiKing=1 ;; anti-knight) echo --isAntiKnight=1 ;;
    esac
}
case $1 in
gen)
    : > $OUT
    for v in x windoku disjoint-groups anti-king anti-knight; do
        for band in easy medium hard expert 6.5..8.9; do
            case $band in
                *..*) aim="--rating $band" n=4 ;;
                *) aim="--difficulty $band" n=8 ;;
            esac
            $BIN generate --variant $v $aim --count $n --seed $SEED --threads 1 --format csv |
                tail -n +2 | awk -F, -v v=$v -v b=$band '{print v "\t" b "\t" $4 "\t" $7 "\t" $6}' >> $OUT
        done
    done ;;
se)
    W=$(mktemp -d)
    for v in x windoku disjoint-groups anti-king anti-knight; do
        awk -F'\t' -v v=$v '$1 == v {print $3}' $OUT > $W/in-$v.txt
        (cd "$SE" && nice -n 15 java -Xmx1g -cp classes diuf.sudoku.test.serate $(switch $v) \
            --format='%g	%r/%p/%d' --input=$W/in-$v.txt --output=$W/se-$v.txt)
        cat $W/se-$v.txt >> $W/se.txt
    done
    # serate keeps the input order: join on the puzzle, variant by variant.
    awk -F'\t' 'NR == FNR {se[FNR] = $2; next} {print $0 "\t" se[FNR]}' $W/se.txt $OUT > $W/joined.tsv
    mv $W/joined.tsv $OUT
    rm -r "$W" ;;
esac
