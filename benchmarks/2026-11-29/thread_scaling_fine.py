# usage: python3 thread_scaling_fine.py BIN PUZZLES [RUNS]
"""Within-puzzle thread scaling with a fine clock: best of R wall times
of `rate --threads 1` and `--threads 2`, runs interleaved."""
import subprocess, sys, time, tempfile, os, statistics
bin, path = sys.argv[1], sys.argv[2]
reps = int(sys.argv[3]) if len(sys.argv) > 3 else 5
tmp = tempfile.mkdtemp()
ratios = []
for line in open(path):
    p = line.strip()
    if not p:
        continue
    f = os.path.join(tmp, "p.txt")
    open(f, "w").write(p + "\n")
    best = {1: 1e9, 2: 1e9}
    outs = {}
    for r in range(reps):
        for t in (1, 2):
            t0 = time.perf_counter()
            out = subprocess.run([bin, "rate", "--threads", str(t), f], capture_output=True).stdout
            dt = time.perf_counter() - t0
            best[t] = min(best[t], dt)
            outs[t] = out
    ratio = best[1] / best[2]
    ratios.append(ratio)
    print(f"{best[1]:.4f}\t{best[2]:.4f}\t{ratio:.3f}\t{'same' if outs[1]==outs[2] else 'DIFF'}", flush=True)
ratios.sort()
print(f"# median {statistics.median(ratios):.3f} min {ratios[0]:.3f} n>=1.7 {sum(r>=1.7 for r in ratios)}/{len(ratios)}")
