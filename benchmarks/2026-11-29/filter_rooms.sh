#!/bin/sh
# Technique-filter searches for the techniques given, each build in turn:
# `generate --count COUNT --MODE T --seed S --threads 1 --timeout SECS`
# (COUNT 5000 unless set).
# Prints technique, mode, seed, build label, puzzles found, user CPU s
# (with the default COUNT the runs end at the timeout, so rates are
# puzzles per CPU second).
# Usage: BINS="label=PATH ..." TECHS="Hidden Quad|Jellyfish" MODES="hardest with" \
#        SEEDS="1 2 3 4" SECS=60 sh filter_rooms.sh > OUT.tsv
set -u
echo "$TECHS" | tr '|' '\n' | while read -r t; do
    for m in $MODES; do
        for s in $SEEDS; do
            for b in $BINS; do
                label=${b%%=*}; bin=${b#*=}
                /usr/bin/time -f '%U' -o /tmp/filter_rooms_t.$$ "$bin" generate --count "${COUNT:-5000}" --"$m" "$t" \
                    --seed "$s" --threads 1 --timeout "$SECS" >/tmp/filter_rooms_o.$$ 2>/dev/null
                printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$m" "$s" "$label" "$(wc -l </tmp/filter_rooms_o.$$)" \
                    "$(tail -n 1 /tmp/filter_rooms_t.$$)"
            done
        done
    done
done
rm -f /tmp/filter_rooms_t.$$ /tmp/filter_rooms_o.$$
