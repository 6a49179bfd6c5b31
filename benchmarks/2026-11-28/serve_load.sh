#!/bin/sh
# The server's latency and throughput under load (docs/serve.md): the
# release binary on 127.0.0.1, examples/serve_load.rs as the clients,
# both on the same 2-core machine. Writes serve_load.csv.
#
# With BASE=path/to/another/sudoku-dlx, that binary is served too and
# every run is made against both, one right after the other, so that
# both see the same machine (column `build`: this or base).
set -eu
cd "$(dirname "$0")/../.."
cargo build --release --locked --bin sudoku-dlx --example serve_load
out=${OUT:-benchmarks/2026-11-28/serve_load.csv}
load=target/release/examples/serve_load
target/release/sudoku-dlx serve --bind 127.0.0.1:18182 2>/dev/null &
pids=$!
builds="this:127.0.0.1:18182"
if [ -n "${BASE:-}" ]; then
    "$BASE" serve --bind 127.0.0.1:18183 2>/dev/null &
    pids="$pids $!"
    builds="$builds base:127.0.0.1:18183"
fi
# shellcheck disable=SC2064
trap "kill $pids" EXIT
sleep 1
# A server in use has its stock of the requested kind full: one second
# of unseeded requests starts it, two more let it fill.
for b in $builds; do
    $load "${b#*:}" generate-unseeded 1 1 >/dev/null
done
sleep 2
echo "build,scenario,clients,requests,errors,per_second,p50_ms,p90_ms,p99_ms,max_ms" >"$out"
# Closed loops (each client sends again as soon as it is answered: the
# capacity), then open loops: 50 clients sending 400 or 500 requests a
# second in all on a fixed schedule (the latency users see at that
# load). `generate` fixes a seed per request, so every puzzle is made on
# demand; `generate-unseeded` fixes none, as a game page asks, so the
# stock may answer. Each run starts after a 2 s pause (the stock full
# again, the cores idle).
for run in "generate 2 10" "generate-unseeded 2 10" "generate 50 15" "generate-unseeded 50 15" \
    "generate 50 15 400" "generate-unseeded 50 15 400" "generate 50 15 500" "generate-unseeded 50 15 500" \
    "hint 50 10"; do
    for b in $builds; do
        sleep 2
        # shellcheck disable=SC2086
        row=$($load "${b#*:}" $run | tail -n 1)
        echo "${b%%:*},$row" >>"$out"
    done
done
cat "$out"
