# usage: python3 thread_scaling_ab.py PUZZLES RUNS BIN...
"""Within-puzzle thread scaling of several builds side by side: for each
puzzle, RUNS rounds of `rate --threads 1` and `--threads 2` with every
build, interleaved, timed with Python's perf_counter; each build's ratio
is its own best one-thread time over its own best two-thread time. One
line per puzzle (the ratios, then each build's one- and two-thread
seconds and whether its outputs agree), then a summary per build."""
import os, statistics, subprocess, sys, tempfile, time

path, runs, bins = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
f = os.path.join(tempfile.mkdtemp(), "p.txt")
ratios = {b: [] for b in bins}
for line in open(path):
    p = line.strip()
    if not p:
        continue
    open(f, "w").write(p + "\n")
    best, outs = {}, {}
    for _ in range(runs):
        for b in bins:
            for t in (1, 2):
                t0 = time.perf_counter()
                out = subprocess.run([b, "rate", "--threads", str(t), f], capture_output=True).stdout
                dt = time.perf_counter() - t0
                best[(b, t)] = min(best.get((b, t), 1e9), dt)
                outs[(b, t)] = out
    cols = []
    for b in bins:
        ratios[b].append(best[(b, 1)] / best[(b, 2)])
        cols.append(f"{ratios[b][-1]:.3f}")
    for b in bins:
        same = "same" if outs[(b, 1)] == outs[(b, 2)] else "DIFF"
        cols.append(f"{best[(b, 1)]:.4f} {best[(b, 2)]:.4f} {same}")
    print("\t".join(cols), flush=True)
for b in bins:
    r = sorted(ratios[b])
    print(f"# {os.path.basename(b)}: median {statistics.median(r):.3f} min {r[0]:.3f} "
          f"max {r[-1]:.3f} at 1.7x or more {sum(x >= 1.7 for x in r)}/{len(r)}")
