#!/bin/sh
# Bytes a guided search with --state writes in 60 s (write_bytes of
# /proc/PID/io, read at 58 s), per build, and the puzzles it reported.
# Usage: sh state_writes.sh DIR BIN...   (DIR: a scratch directory)
dir=$1; shift
for b in "$@"; do
    name=$(basename "$b")
    rm -f "$dir/$name.state"*
    "$b" generate --rating 9.0.. --count 1000000 --seed 11 --threads 1 --timeout 60 \
        --format line --state "$dir/$name.state" > "$dir/$name.out" 2>/dev/null &
    pid=$!
    sleep 58
    w=$(awk '/^write_bytes/ {print $2}' /proc/$pid/io)
    wait $pid
    printf '%s\tpuzzles %s\twrite_bytes %s\tfiles %s\n' "$name" "$(wc -l < "$dir/$name.out")" "$w" \
        "$(du -cb "$dir/$name.state"* | tail -n 1 | cut -f1)"
done
