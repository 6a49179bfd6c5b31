"""Throughput of the Python package against the CLI (same job, same run)
and, when installed, against rustoku and hodoku-py.

    python python/benches/compare.py --cli target/release/sudoku-dlx --count 2000

Each figure is puzzles per second of wall time on this machine; ratios in
the same run are what to compare (the machine may be shared).
"""

import argparse
import subprocess
import tempfile
import time

import sudoku_dlx as sd


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def minimal_share(puzzles):
    """Share of puzzles from which no clue can be removed keeping one solution."""
    minimal = 0
    for p in puzzles:
        variants = [p[:i] + "." + p[i + 1:] for i, ch in enumerate(p) if ch not in ".0"]
        minimal += all(k > 1 for k in sd.count(variants))
    return minimal / len(puzzles)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--others", type=int, default=200, help="puzzles asked of rustoku")
    parser.add_argument("--hodoku", type=int, default=10, help="puzzles asked of hodoku-py")
    args = parser.parse_args()
    n, seed = args.count, args.seed
    rows = []

    for threads in (1, 2):
        records, secs = timed(lambda: sd.generate(n, seed=seed, threads=threads))
        rows.append((f"python generate, {threads} thread(s)", n / secs))
        cli = [args.cli, "generate", "-n", str(n), "--seed", str(seed), "--threads", str(threads)]
        out, secs = timed(lambda: subprocess.run(cli, capture_output=True, text=True, check=True).stdout)
        assert out.split() == [r["puzzle"] for r in records], "CLI and Python differ"
        rows.append((f"CLI generate, {threads} thread(s)", n / secs))
    puzzles = [r["puzzle"] for r in records]

    _, secs = timed(lambda: sd.rate(puzzles))
    rows.append(("python rate, all cores", n / secs))
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write("\n".join(puzzles) + "\n")
        f.flush()
        _, secs = timed(lambda: subprocess.run([args.cli, "rate", f.name], capture_output=True, check=True))
        rows.append(("CLI rate, all cores", n / secs))
        _, secs = timed(lambda: subprocess.run([args.cli, "canon", "--threads", "1", f.name], capture_output=True, check=True))
        rows.append(("CLI canon, 1 thread", n / secs))
    _, secs = timed(lambda: sd.canonical(puzzles, threads=1))
    rows.append(("python canonical, 1 thread", n / secs))
    rows.append(("share minimal (ours)", minimal_share(puzzles[:200])))

    try:
        import rustoku

        k = args.others
        theirs, secs = timed(lambda: [rustoku.generate_advanced("none", None) for _ in range(k)])
        rows.append(("rustoku generate_advanced('none', None), 1 thread", k / secs))
        rows.append(("share minimal (rustoku)", minimal_share(theirs)))
        rows.append(("share unique (rustoku)", sum(c == 1 for c in sd.count(theirs)) / k))
    except ImportError as e:
        rows.append((f"rustoku not installed: {e}", float("nan")))

    try:
        import hodoku

        k = args.hodoku
        gen = hodoku.Generator()
        theirs, secs = timed(lambda: [gen.generate(hodoku.DifficultyType.MEDIUM, symmetric=False) for _ in range(k)])
        rows.append(("hodoku-py Generator.generate(MEDIUM), 1 thread", k / secs))
        rows.append(("share minimal (hodoku-py)", minimal_share(theirs)))
        solver = hodoku.Solver()
        _, secs = timed(lambda: [solver.rate(p) for p in puzzles[:k]])
        rows.append(("hodoku-py Solver.rate, 1 thread", k / secs))
    except ImportError as e:
        rows.append((f"hodoku-py not installed: {e}", float("nan")))

    for name, value in rows:
        print(f"{name:55s} {value:12.2f}")


if __name__ == "__main__":
    main()
