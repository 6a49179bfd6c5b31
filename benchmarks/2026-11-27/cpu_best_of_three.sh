#!/bin/sh
# For each puzzle of FILE: the best of three CPU times (user + system
# seconds) of `rate --threads 1` on that puzzle alone, and its ER/EP/ED.
# usage: sh cpu_best_of_three.sh path/to/sudoku-dlx FILE > out.tsv
bin=$1
tmp=$(mktemp -d)
while read -r puzzle; do
    echo "$puzzle" > "$tmp/puzzle.txt"
    best=""
    for run in 1 2 3; do
        t=$( { /usr/bin/time -f "%U %S" "$bin" rate --threads 1 "$tmp/puzzle.txt" > "$tmp/out.txt"; } 2>&1 | awk '{print $1 + $2}')
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
    done
    printf "%s\t%s\t%s\n" "$puzzle" "$best" "$(cut -f7 "$tmp/out.txt")"
done < "$2"
rm -r "$tmp"
