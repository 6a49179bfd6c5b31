#!/bin/sh
# Rates the puzzles of 2026-11-27/variant_ratings.tsv again (the set the
# variant rules were compared on step by step) and writes
# debug_set_rerated.tsv: variant, puzzle, our ER, SE's ER/EP/ED.
#
#   sh benchmarks/2026-11-28/rerate_debug_set.sh
set -e
BIN=${BIN:-target/release/sudoku-dlx}
HERE=$(dirname "$0")
SET=$HERE/../2026-11-27/variant_ratings.tsv
W=$(mktemp -d)
: > $HERE/debug_set_rerated.tsv
for v in $(cut -f1 $SET | uniq); do
    awk -F'\t' -v v=$v '$1==v {print $2}' $SET > $W/p.txt
    $BIN rate --variant $v --timeout 30 < $W/p.txt | cut -f1,2 > $W/o.txt
    awk -F'\t' -v v=$v 'NR==FNR {o[$1]=$2; next} $1==v {print v "\t" $2 "\t" ($2 in o ? o[$2] : "none") "\t" $4}' \
        $W/o.txt $SET >> $HERE/debug_set_rerated.tsv
done
rm -r "$W"
