#!/bin/sh
# Guided search measurements: random seeds (band 9.0..) and seeds from the
# forum's 11+ list (band 11.0..), two threads each, with CPU time.
# Usage: sh guided_search.sh SUDOKU_DLX DATA_DIR OUT_DIR SECONDS
set -e
BIN=$1; DATA=$2; OUT=$3; SECS=$4
/usr/bin/time -f '%e s wall, %U s user, %S s system' -o "$OUT/guided_random_time.txt" \
  nice -n 5 "$BIN" generate --rating 9.0.. --count 1000000 --seed 1 --threads 2 \
  --timeout "$SECS" --format jsonl --stats --state "$OUT/guided_random.state" \
  > "$OUT/guided_random.jsonl" 2> "$OUT/guided_random.log" &
/usr/bin/time -f '%e s wall, %U s user, %S s system' -o "$OUT/guided_from11_time.txt" \
  nice -n 5 "$BIN" generate --from "$DATA/forum_hardest_1905_11plus.txt" --rating 11.0.. \
  --count 1000000 --seed 1 --threads 2 --timeout "$SECS" --format jsonl --stats \
  --state "$OUT/guided_from11.state" \
  > "$OUT/guided_from11.jsonl" 2> "$OUT/guided_from11.log" &
wait
