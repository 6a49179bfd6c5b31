#!/bin/sh
# Independent checks of the guided search's output (run from this folder):
# uniqueness by the SAT backend, minimality by SAT (every clue removed in
# turn gives two solutions), distinct canonical forms, none isomorphic to a
# seed of the 11+ list. Usage: sh guided_checks.sh SUDOKU_DLX DATA_DIR
set -e
BIN=$1; DATA=$2
for f in guided_random guided_from11; do
  tail -n +2 $f.tsv | cut -f2 > /tmp/$f.txt
  echo "$f: SAT counts"; "$BIN" count --backend sat --threads 1 /tmp/$f.txt | sort | uniq -c
done
cat /tmp/guided_random.txt /tmp/guided_from11.txt | "$BIN" canon | sort | uniq -d | wc -l | sed 's/^/isomorphic repeats: /'
"$BIN" canon --threads 1 "$DATA/forum_hardest_1905_11plus.txt" | sort -u > /tmp/seeds_canon.txt
"$BIN" canon /tmp/guided_from11.txt | sort -u | comm -12 /tmp/seeds_canon.txt - | wc -l | sed 's/^/isomorphic to a seed: /'
python3 - <<'PY'
import random
ps = [l.strip() for l in open('/tmp/guided_from11.txt')]
ps += random.Random(1).sample([l.strip() for l in open('/tmp/guided_random.txt')], 200)
with open('/tmp/minimality_variants.txt', 'w') as out:
    for p in ps:
        for i, c in enumerate(p):
            if c != '.':
                out.write(p[:i] + '.' + p[i + 1:] + '\n')
PY
echo "one clue removed (all should be 2):"; "$BIN" count --backend sat --threads 1 /tmp/minimality_variants.txt | sort | uniq -c
