#!/bin/sh
# The server's latency and throughput under load (docs/serve.md): the
# release binary on 127.0.0.1, examples/serve_load.rs as the clients,
# both on the same 2-core machine. Writes serve_load.csv.
set -eu
cd "$(dirname "$0")/../.."
cargo build --release --locked --bin sudoku-dlx --example serve_load
target/release/sudoku-dlx serve --bind 127.0.0.1:18182 2>/dev/null &
server=$!
trap 'kill $server' EXIT
sleep 1
out=benchmarks/2026-11-27/serve_load.csv
echo "scenario,clients,requests,errors,per_second,p50_ms,p90_ms,p99_ms,max_ms" >"$out"
# Closed loops (each client sends again as soon as it is answered: the
# capacity), then 50 clients sending 500 generate requests a second in
# all on a fixed schedule (an open loop: the latency users see at that
# load).
for run in "generate 2 10" "generate 50 15" "generate 50 15 500" "generate+faults 50 15" "hint 50 10"; do
    # shellcheck disable=SC2086
    target/release/examples/serve_load 127.0.0.1:18182 $run | tail -n 1 >>"$out"
done
cat "$out"
