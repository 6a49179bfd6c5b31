#!/bin/sh
# Technique-filter searches for the techniques found at under 20 puzzles
# per CPU second: `generate --count 20 --MODE T --seed S --threads 1
# --timeout SECS` (30 unless SECS says) for each build in turn. Prints technique, mode, seed,
# build label, puzzles found, user CPU s (a run stopped by the timeout
# has fewer than 20 puzzles).
# Usage: BINS="label=PATH ..." SEEDS="1 2 3" MODES="hardest with" sh filter_rare.sh > OUT.tsv
set -u
for t in "Naked Triplet" "Swordfish" "3 Skyscrapers" "BUG type 2" "Naked Quad" "Jellyfish" \
    "Hidden Quad" "BUG type 3" "BUG type 4"; do
    for m in $MODES; do
        for s in $SEEDS; do
            for b in $BINS; do
                label=${b%%=*}; bin=${b#*=}
                /usr/bin/time -f '%U' -o /tmp/filter_rare_t.$$ "$bin" generate --count 20 --"$m" "$t" \
                    --seed "$s" --threads 1 --timeout "${SECS:-30}" >/tmp/filter_rare_o.$$ 2>/dev/null
                printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$m" "$s" "$label" "$(wc -l </tmp/filter_rare_o.$$)" \
                    "$(tail -n 1 /tmp/filter_rare_t.$$)"
            done
        done
    done
done
rm -f /tmp/filter_rare_t.$$ /tmp/filter_rare_o.$$
