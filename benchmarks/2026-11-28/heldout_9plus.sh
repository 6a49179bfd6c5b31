#!/bin/sh
# Held-out puzzles SE rates 9.0 and up, against serate 1.15.10 with its
# default settings. The puzzles are in none of tests/data, the SE traces
# of ../shared/data/se_traces or any other file under benchmarks/:
#   top: every tenth (from the third) of the top1465 puzzles our grader
#        rates 9.0 or more, 30 of them;
#   f10: every fifth of the HardestDatabase110626 puzzles our grader
#        rates 10.0-10.9 that are not in the 11+ list, twice (from the
#        second and from the fourth), 10 each;
#   f11: every 2411th puzzle of the 11+ list (from line 1234, then from
#        line 2000), 20 and 15.
# `SE=<dir with serate's classes> sh heldout_9plus.sh se` rates them with
# serate, one at a time (at most 20 minutes each), into heldout_9plus_se.tsv
# (puzzle, SE's ER/EP/ED, seconds); `sh heldout_9plus.sh ours` adds our
# ER/EP/ED (`rate --threads 1`) into heldout_9plus.tsv and prints the
# agreement per set. Run from the project root with ../shared/data beside it.
set -e
B=${B:-$PWD/target/release/sudoku-dlx}
D=$PWD/benchmarks/2026-11-28
S=../shared/data
T=$(mktemp -d)
known() {
    grep -ohE '[0-9.]{81}' -r --exclude='heldout_9plus*' tests/data $S/se_traces benchmarks | sort -u
}
select_puzzles() {
    known > $T/known.txt
    $B rate --threads 2 $S/magictour_top1465.txt |
        awk -F'\t' '{split($7, a, "/"); if (a[1] >= 9.0) print $1}' |
        awk 'NR==FNR{k[$1]=1; next} !($1 in k)' $T/known.txt - |
        awk 'NR%10==3' | head -30 | sed 's/^/top\t/'
    $B rate --threads 2 $S/forum_hardest_1106.txt |
        awk -F'\t' '{split($7, a, "/"); if (a[1] >= 10.0 && a[1] < 11.0) print $1}' |
        awk 'NR==FNR{k[$1]=1; next} !($1 in k)' $T/known.txt - |
        awk 'NR==FNR{k[$1]=1; next} !($1 in k)' $S/forum_hardest_1905_11plus.txt - > $T/f10.txt
    awk 'NR%5==2' $T/f10.txt | head -10 | sed 's/^/f10\t/'
    awk 'NR%5==4' $T/f10.txt | head -10 | sed 's/^/f10\t/'
    awk 'NR==FNR{k[$1]=1; next} !($1 in k)' $T/known.txt $S/forum_hardest_1905_11plus.txt > $T/f11.txt
    awk 'NR%2411==1234' $T/f11.txt | head -20 | sed 's/^/f11\t/'
    awk 'NR%2411==2000' $T/f11.txt | head -15 | sed 's/^/f11\t/'
}
case "$1" in
se)
    select_puzzles > $T/sets.tsv
    : > $D/heldout_9plus_se.tsv
    cut -f2 $T/sets.tsv | while read -r p; do
        echo "$p" > $T/one.txt
        start=$(date +%s)
        r=$(cd "$SE" && timeout 1200 nice -n 10 java -cp classes diuf.sudoku.test.serate \
            --format='%r/%p/%d' --input=$T/one.txt 2>/dev/null | tail -1)
        printf '%s\t%s\t%s\n' "$p" "${r:-TIMEOUT}" "$(($(date +%s) - start))" >> $D/heldout_9plus_se.tsv
    done
    ;;
ours)
    select_puzzles > $T/sets.tsv
    cut -f1 $D/heldout_9plus_se.tsv > $T/p.txt
    $B rate --threads 1 $T/p.txt | cut -f1,7 > $T/ours.tsv
    # set, puzzle, SE's ER/EP/ED, ours, serate's seconds
    awk -F'\t' 'FILENAME==ARGV[1]{set[$2]=$1; next} FILENAME==ARGV[2]{se[$1]=$2; sec[$1]=$3; next}
        {print set[$1] "\t" $1 "\t" se[$1] "\t" $2 "\t" sec[$1]}' \
        $T/sets.tsv $D/heldout_9plus_se.tsv $T/ours.tsv > $D/heldout_9plus.tsv
    awk -F'\t' '{split($3, s, "/"); split($4, o, "/"); n[$1]++;
        er[$1] += s[1] == o[1]; near[$1] += (s[1] - o[1] <= 0.1 && o[1] - s[1] <= 0.1);
        ep[$1] += s[2] == o[2]; ed[$1] += s[3] == o[3]}
        END {for (k in n) print k, n[k], "puzzles: ER", er[k], "within 0.1", near[k], "EP", ep[k], "ED", ed[k]}' \
        $D/heldout_9plus.tsv | sort
    ;;
*)
    echo "usage: sh heldout_9plus.sh se|ours" >&2
    exit 2
    ;;
esac
rm -r $T
