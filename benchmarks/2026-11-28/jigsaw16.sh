#!/bin/sh
# usage: BINS="BASE NEW" sh jigsaw16.sh "SEEDS" > jigsaw16.txt -- 16x16 jigsaw, one puzzle per seed: user CPU s, 120 s wall cap (rc 124: stopped), md5 of the output
for s in $1; do shift 0; for b in $BINS; do
  /usr/bin/time -f "%U" -o /tmp/j16t_$$.txt timeout 120 $b generate --threads 1 -n 1 --box 4x4 --variant jigsaw --seed $s > /tmp/j16o_$$.txt 2>/dev/null; rc=$?
  printf '%s\tseed %s\t%s\trc %s\t%s\n' "$(basename $b)" "$s" "$(tail -1 /tmp/j16t_$$.txt)" "$rc" "$(md5sum < /tmp/j16o_$$.txt | cut -c1-8)"
done; done
