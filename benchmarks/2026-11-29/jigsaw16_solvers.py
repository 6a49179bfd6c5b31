"""Times other SAT solvers on the digging probes' formulas of one dig.

Each formula file (DIMACS) is named pNNN_RESULT_SECONDS.cnf, SECONDS being
varisat's time on it inside the dig. Prints one line per formula: file,
result, then CPU seconds for varisat (from the name), CaDiCaL 1.5.3,
Glucose 4 and MiniSat 2.2 (python-sat), and the totals.
Usage: python3 jigsaw16_solvers.py DIR > jigsaw16_solvers.txt
"""
import glob
import sys
import time

from pysat.formula import CNF
from pysat.solvers import Solver

NAMES = ["cadical153", "glucose4", "minisat22"]
totals = [0.0] * (len(NAMES) + 1)
for path in sorted(glob.glob(sys.argv[1] + "/*.cnf")):
    name = path.rsplit("/", 1)[1]
    result = name.split("_")[1]
    times = [float(name.rsplit("_", 1)[1][:-4])]
    clauses = CNF(from_file=path).clauses
    for solver in NAMES:
        start = time.process_time()
        with Solver(name=solver, bootstrap_with=clauses) as s:
            s.solve()
        times.append(time.process_time() - start)
    totals = [a + b for a, b in zip(totals, times)]
    print(name, result, *(f"{t:.3f}" for t in times), sep="\t")
print("total", "-", *(f"{t:.2f}" for t in totals), sep="\t")
