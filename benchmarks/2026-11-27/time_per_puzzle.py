#!/usr/bin/env python3
"""Per-puzzle CPU time of `sudoku-dlx rate --threads T` (one process per puzzle): median, p90, max."""
import resource, subprocess, sys, statistics
binary, path = sys.argv[1], sys.argv[2]
threads = sys.argv[3] if len(sys.argv) > 3 else '1'
times, wall, out = [], [], []
import time
for line in open(path):
    p = line.strip()
    if not p:
        continue
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run([binary, "rate", "--threads", threads, "-"], input=p + "\n", capture_output=True, text=True)
    wall.append(time.perf_counter() - t0)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    out.append(r.stdout)
times.sort()
n = len(times)
q = lambda f: times[min(n - 1, int(f * n))]
print(f"{n} puzzles, threads {threads}: CPU median {statistics.median(times):.3f} s, p90 {q(0.9):.3f} s, max {times[-1]:.3f} s, total {sum(times):.1f} s; wall total {sum(wall):.1f} s")
sys.stderr.write(''.join(out))
