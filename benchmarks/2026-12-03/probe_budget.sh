#!/bin/sh
# Variant digging with each build in turn: `generate --variant V -n N
# --seed S --threads 1`, seeds 1-3. Prints variant, puzzles, seed, build,
# user CPU s and the output's md5 (equal md5s: the same puzzles).
# Usage: BINS="label=PATH ..." sh probe_budget.sh > probe_budget.txt
set -u
out=/tmp/probe_budget_o.$$
for vn in non-consecutive:10 non-consecutive,x:10 x,anti-knight:100 anti-knight:300 x:300 windoku:300 \
    anti-king:300 disjoint-groups:300 jigsaw:300; do
    v=${vn%:*}; n=${vn#*:}
    for s in 1 2 3; do
        for b in $BINS; do
            label=${b%%=*}; bin=${b#*=}
            /usr/bin/time -f '%U' -o "$out.t" "$bin" generate --variant "$v" -n "$n" --seed "$s" --threads 1 >"$out"
            printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$v" "$n" "$s" "$label" "$(tail -n 1 "$out.t")" "$(md5sum <"$out" | cut -c1-12)"
        done
    done
done
rm -f "$out" "$out.t"
