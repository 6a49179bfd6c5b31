#!/usr/bin/env python3
"""Checks the technique-filter puzzles against Sukaku Explainer's own path.

Usage: filters_serate.py PUZZLES_TSV SERATE_OUTPUT
PUZZLES_TSV: technique, filter (hardest/with/without), puzzle (filters.sh).
SERATE_OUTPUT: serate 1.15.10 run on the puzzles in the same order with
  --format='%g%t%r/%p/%d%t%R%t%P%t%D%t%e' --before='#%m'
  --after='%r%t%x%t%C%t%N%t%s'
(one line per step, then the puzzle's line).
A step's SE name belongs to technique T when it is T or T followed by
SE's variant code ("WXYZ-Wing 137", "Grouped Skyscraper 01"), taking the
longest such T; Unique Loops count as Unique Rectangle, SE's forcing
chains and bidirectional cycles as Forcing Chains & Cycles. Prints per technique and filter: puzzles, how
many SE's path satisfies.
"""
import sys
from collections import defaultdict

TECHNIQUES = """Hidden Single|Direct Pointing|Direct Claiming|Direct Hidden Pair|Naked Single|
Direct Hidden Triplet|Pointing|Claiming|Naked Pair|X-Wing|Hidden Pair|Naked Triplet|Swordfish|
Hidden Triplet|Skyscraper|Two-string Kite|Turbot Crane|Grouped Skyscraper|Grouped 2-String Kite|
Grouped Turbot Crane|XY-Wing|XYZ-Wing|Unique Rectangle|Naked Quad|Jellyfish|Hidden Quad|
3 Skyscrapers|3 Strong links (including blocks)|3-String Kite|WXYZ-Wing|BUG type|BUG type 2|
BUG type 4|BUG type 3|VWXYZ-Wing|Aligned Pair Exclusion|Aligned Triplet Exclusion""".replace("\n", "").split("|")


def technique(se_name):
    name = se_name.strip()
    if name.startswith("Unique Loop"):
        return "Unique Rectangle"
    if name.startswith("Bidirectional") or name.startswith("Forcing") and name.endswith("Chain"):
        return "Forcing Chains & Cycles"
    best = None
    for t in TECHNIQUES:
        if name == t or name.startswith(t + " "):
            if best is None or len(t) > len(best):
                best = t
    return best or name


def read_serate(path):
    """Per puzzle: (ER technique, set of step techniques)."""
    out, steps = [], set()
    for line in open(path, encoding="latin-1"):
        line = line.rstrip("\n")
        if line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) >= 4 and "/" in fields[1]:
            out.append((technique(fields[2]), steps))
            steps = set()
        elif len(fields) >= 4:
            # The step's name: the last field up to its first colon
            # ("Hidden Single: A4: 9 in block"), where serate prints the
            # codes it does not know (%x, %C, %N) as letters before it.
            steps.add(technique(fields[-1].split(":")[0]))
    return out


def main():
    rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
    se = read_serate(sys.argv[2])
    if len(se) != len(rows):
        sys.exit(f"{len(rows)} puzzles but {len(se)} serate results")
    tally = defaultdict(lambda: [0, 0])
    for (t, f, puzzle), (hardest, steps) in zip(rows, se):
        ok = {"hardest": hardest == t, "with": t in steps, "without": t not in steps}[f]
        tally[(t, f)][0] += 1
        tally[(t, f)][1] += ok
        if not ok:
            print(f"# {f} {t}: SE hardest {hardest}, steps {sorted(steps)}: {puzzle}", file=sys.stderr)
    total = [0, 0]
    for (t, f), (n, ok) in tally.items():
        print(f"{t}\t{f}\t{n}\t{ok}")
        total[0] += n
        total[1] += ok
    print(f"all\tall\t{total[0]}\t{total[1]}")


if __name__ == "__main__":
    main()
