# Speed-up of `rate --threads 2` over `--threads 1` per puzzle of s20.txt under settings of a build with
# environment switches for the parallel walks (see README.md); not runnable on a plain build.
import subprocess, sys, time, os, statistics
bin = "/work/scratch/sdlx-dynper"
puzzles = [l.strip() for l in open("/work/scratch/s20.txt") if l.strip()]
configs = [("t1", 1, {}), ("t2", 2, {}), ("dyn1", 2, {"DYNPRE": "1", "DYNPER": "1"}), ("dyn2", 2, {"DYNPRE": "1", "DYNPER": "2"}), ("dyn4", 2, {"DYNPRE": "1", "DYNPER": "4"}), ("l1_4", 2, {"L1PER": "4"}), ("dyn2l14", 2, {"DYNPRE": "1", "DYNPER": "2", "L1PER": "4"})]
sel = [int(x) for x in sys.argv[1].split(",")] if len(sys.argv) > 1 else range(len(puzzles))
reps = 5
res = {c[0]: [] for c in configs}
for i in sel:
    f = "/tmp/knob.txt"
    open(f, "w").write(puzzles[i] + "\n")
    best = {c[0]: 1e9 for c in configs}
    for r in range(reps):
        for name, t, env in configs:
            e = dict(os.environ); e.update(env)
            t0 = time.perf_counter()
            subprocess.run([bin, "rate", "--threads", str(t), f], capture_output=True, env=e)
            best[name] = min(best[name], time.perf_counter() - t0)
    line = [f"{i}"] + [f"{best['t1']/best[c[0]]:.3f}" for c in configs[1:]]
    print("\t".join(line), flush=True)
    for c in configs[1:]:
        res[c[0]].append(best["t1"] / best[c[0]])
print("median\t" + "\t".join(f"{statistics.median(res[c[0]]):.3f}" for c in configs[1:]))
print("min\t" + "\t".join(f"{min(res[c[0]]):.3f}" for c in configs[1:]))
print("cols: " + " ".join(c[0] for c in configs[1:]))
