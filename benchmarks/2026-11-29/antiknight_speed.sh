#!/bin/sh
# 2,000 minimal anti-knight puzzles, one thread, seeds 1-3, three rounds,
# the builds interleaved; prints build, seed, wall s, user s.
# Usage: sh antiknight_speed.sh BASE NEW > antiknight_speed.txt
for r in 1 2 3; do
    for s in 1 2 3; do
        for b in "$@"; do
            /usr/bin/time -f "$(basename "$b")	seed $s	%e	%U" "$b" generate -n 2000 --variant anti-knight \
                --threads 1 --seed "$s" 2>&1 >/dev/null | tail -n 1
        done
    done
done
