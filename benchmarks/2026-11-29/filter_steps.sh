#!/bin/sh
# Technique-filter searches with several builds: for ten techniques and
# seeds 1-3, `generate --count 20 --hardest T --threads 1 --timeout 20`,
# one build after the other per run. Prints technique, seed, build label,
# puzzles found, user CPU s.
# Usage: BINS="label=PATH label=PATH ..." sh filter_steps.sh > filter_steps.tsv
set -u
for t in "Naked Triplet" "Swordfish" "Hidden Triplet" "Turbot Crane" "Grouped 2-String Kite" \
    "Grouped Turbot Crane" "Naked Quad" "3-String Kite" "BUG type 2" "X-Wing"; do
    for s in 1 2 3; do
        for b in $BINS; do
            label=${b%%=*}; bin=${b#*=}
            /usr/bin/time -f '%U' -o /tmp/filter_steps_t.$$ "$bin" generate --count 20 --hardest "$t" \
                --seed "$s" --threads 1 --timeout 20 >/tmp/filter_steps_o.$$ 2>/dev/null
            printf '%s\t%s\t%s\t%s\t%s\n' "$t" "$s" "$label" "$(wc -l </tmp/filter_steps_o.$$)" "$(tail -n 1 /tmp/filter_steps_t.$$)"
        done
    done
done
rm -f /tmp/filter_steps_t.$$ /tmp/filter_steps_o.$$
