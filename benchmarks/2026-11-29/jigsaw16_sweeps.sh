#!/bin/sh
# 16x16 jigsaw, one minimal puzzle per seed (regions drawn from the seed),
# one thread: build, seed, user CPU s, clues, fewest and most clues in a
# region, md5 of the output. A 150 s wall cap (rc 124) stops a run.
# Usage: BINS="BASE NEW" sh jigsaw16_sweeps.sh "1 2 3 4 5 6 7 8 9" > jigsaw16_sweeps.txt
for s in $1; do
    for b in $BINS; do
        /usr/bin/time -f "%U" -o /tmp/j16s_t.$$ timeout 150 "$b" generate --threads 1 -n 1 \
            --box 4x4 --variant jigsaw --seed "$s" >/tmp/j16s_o.$$ 2>/dev/null
        rc=$?
        spread=$(python3 -c '
import sys, collections
lines = [l.strip() for l in open(sys.argv[1]) if l.strip()]
if len(lines) < 2:
    print("-\t-\t-"); sys.exit()
p, r = lines[0], lines[1]
per = collections.Counter(r[c] for c in range(len(p)) if p[c] != ".")
counts = [per.get(x, 0) for x in sorted(set(r))]
print(f"{sum(counts)}\t{min(counts)}\t{max(counts)}")' /tmp/j16s_o.$$)
        printf '%s\tseed %s\t%s\trc %s\t%s\t%s\n' "$(basename "$b")" "$s" "$(tail -n 1 /tmp/j16s_t.$$)" "$rc" \
            "$spread" "$(md5sum </tmp/j16s_o.$$ | cut -c1-8)"
    done
done
rm -f /tmp/j16s_t.$$ /tmp/j16s_o.$$
