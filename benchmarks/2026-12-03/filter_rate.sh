#!/bin/sh
# Technique-filter searches, each build in turn, on all the machine's
# threads unless THREADS is set:
# `generate --count 100000 --MODE T --seed S --threads THREADS --timeout SECS`.
# Prints technique, mode, seed, build label, puzzles found, user CPU s,
# wall s (the runs end at the timeout, so found / wall s is the rate
# per second and found / CPU s the rate per CPU second).
# Usage: BINS="label=PATH ..." TECHS="Hidden Quad|Jellyfish" MODES="hardest with" \
#        SEEDS="1 2" SECS=20 [THREADS=2] [KEEP=DIR] sh filter_rate.sh > OUT.tsv
# With KEEP, each run's puzzles are kept in DIR/LABEL-TECH-MODE-SEED.txt.
set -u
threads=${THREADS:-$(nproc)}
echo "$TECHS" | tr '|' '\n' | while read -r t; do
    for m in $MODES; do
        for s in $SEEDS; do
            for b in $BINS; do
                label=${b%%=*}; bin=${b#*=}
                out=/tmp/filter_rate_o.$$
                /usr/bin/time -f '%U %e' -o /tmp/filter_rate_t.$$ "$bin" generate --count 100000 --"$m" "$t" \
                    --seed "$s" --threads "$threads" --timeout "$SECS" >"$out" 2>/dev/null
                printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$m" "$s" "$label" "$(wc -l <"$out")" \
                    "$(tail -n 1 /tmp/filter_rate_t.$$ | tr ' ' '\t')"
                if [ -n "${KEEP:-}" ]; then
                    cp "$out" "$KEEP/$label-$(echo "$t" | tr ' ' _)-$m-$s.txt"
                fi
            done
        done
    done
done
rm -f /tmp/filter_rate_t.$$ /tmp/filter_rate_o.$$
