#!/bin/sh
# Technique-filter searches for the techniques found at under 20 puzzles
# per CPU second: `generate --count 20 --MODE T --seed S --threads 1
# --timeout SECS` (30 unless SECS says) for each build in turn. Prints technique, mode, seed,
# build label, puzzles found, user CPU s (a run stopped by the timeout
# has fewer than 20 puzzles).
# Usage: BINS="label=PATH ..." SEEDS="1 2 3" MODES="hardest with" sh filter_rare.sh > OUT.tsv
set -u
TECHS="Naked Triplet|Swordfish|3 Skyscrapers|BUG type 2|Naked Quad|Jellyfish|Hidden Quad|BUG type 3|BUG type 4" \
    COUNT=20 SECS="${SECS:-30}" exec sh "$(dirname "$0")/filter_rooms.sh"
