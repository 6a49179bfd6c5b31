#!/bin/sh
# Within-puzzle thread scaling: for each puzzle of FILE, the best of three
# wall times of `rate --threads 1` and of `rate --threads 2`, and whether
# the two outputs are the same.
# usage: sh thread_scaling.sh path/to/sudoku-dlx FILE > out.txt
bin=$1
tmp=$(mktemp -d)
while read -r puzzle; do
    echo "$puzzle" > "$tmp/puzzle.txt"
    line=""
    for threads in 1 2; do
        best=""
        for run in 1 2 3; do
            t=$( { /usr/bin/time -f "%e" "$bin" rate --threads "$threads" "$tmp/puzzle.txt" > "$tmp/out$threads.txt"; } 2>&1 )
            if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
        done
        line="$line $best"
    done
    if cmp -s "$tmp/out1.txt" "$tmp/out2.txt"; then same=same; else same=DIFF; fi
    echo "$line $same"
done < "$2"
rm -r "$tmp"
