#!/bin/sh
# This build's server against another build's (BASE=path/to/sudoku-dlx),
# both running at once on 127.0.0.1, with examples/serve_load.rs as the
# clients: each scenario is run this, base, base, this, twice, so that a
# machine whose load drifts affects both alike. Writes
# serve_load_abba.csv (column `build`: this or base).
#
#   BASE=/path/to/old/sudoku-dlx sh benchmarks/2026-11-28/serve_load_abba.sh \
#       "generate-unseeded 50 10 300" "generate-unseeded 50 10 400" "generate 50 10 400"
set -eu
cd "$(dirname "$0")/../.."
cargo build --release --locked --bin sudoku-dlx --example serve_load
out=${OUT:-benchmarks/2026-11-28/serve_load_abba.csv}
load=target/release/examples/serve_load
this=127.0.0.1:18184
base=127.0.0.1:18185
target/release/sudoku-dlx serve --bind $this 2>/dev/null &
pids=$!
"$BASE" serve --bind $base 2>/dev/null &
pids="$pids $!"
# shellcheck disable=SC2064
trap "kill $pids" EXIT
sleep 1
# A server in use has its stock of the requested kind full.
$load $this generate-unseeded 1 1 >/dev/null
$load $base generate-unseeded 1 1 >/dev/null
echo "build,scenario,clients,requests,errors,per_second,p50_ms,p90_ms,p99_ms,max_ms" >"$out"
for round in 1 2; do
    for run in "$@"; do
        for b in this base base this; do
            addr=$this
            [ "$b" = base ] && addr=$base
            sleep 2
            # shellcheck disable=SC2086
            row=$($load $addr $run | tail -n 1)
            echo "$b,$row" >>"$out"
        done
    done
done
cat "$out"
