#!/bin/sh
# Canonical forms of variant puzzles, one thread: 500 generated 9x9
# puzzles per rule set (1,000 lines: the puzzles and a disguise of each,
# turned half way, so dedup drops half), user CPU time of `canon` and
# `dedup` (start-up and the group search included), and the classic
# `canon` of 10,000 puzzles for comparison. Usage:
#   sh benchmarks/2026-11-28/variant_canon.sh target/release/sudoku-dlx > variant_canon.txt
B=${1:-target/release/sudoku-dlx}
T=$(mktemp -d)
for v in x windoku disjoint-groups anti-king anti-knight x,windoku; do
    "$B" generate -n 500 --variant "$v" --threads 1 --seed 1 > "$T/p.txt"
    rev "$T/p.txt" > "$T/r.txt"
    cat "$T/p.txt" "$T/r.txt" > "$T/all.txt"
    /usr/bin/time -f "9x9 $v: canon of 1000 puzzles %U s user" "$B" canon --variant "$v" --threads 1 "$T/all.txt" > /dev/null
    /usr/bin/time -f "9x9 $v: dedup of 1000 puzzles %U s user" "$B" dedup --variant "$v" --threads 1 "$T/all.txt" 2>&1 > /dev/null | tr '\n' ' '
    echo
done 2>&1
"$B" generate -n 500 --variant jigsaw --threads 1 --seed 1 > "$T/j.txt"
/usr/bin/time -f "9x9 jigsaw: canon of 500 puzzles %U s user" "$B" canon --variant jigsaw --threads 1 "$T/j.txt" 2>&1 > /dev/null
"$B" generate -n 10000 --seed 5 --threads 1 > "$T/g.txt"
/usr/bin/time -f "9x9 classic: canon of 10000 puzzles %U s user" "$B" canon --threads 1 "$T/g.txt" 2>&1 > /dev/null
rm -r "$T"
