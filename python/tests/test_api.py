"""The Python API: results cross-checked against the CLI and against
independent checks written here, bad input, threads, NumPy round trips."""

import json
import random
import subprocess

import numpy as np
import pytest

import sudoku_dlx as sd

# Arto Inkala's "hardest" puzzle and its published solution.
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
INKALA_SOLUTION = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"


def is_valid_solution(puzzle: str, solution: str, r: int, c: int) -> bool:
    """Checks a solution by its rules alone: every house holds every digit once."""
    n = r * c
    digits = "123456789ABCDEFGHIJKLMNOP"[:n]
    if len(solution) != n * n or any(p not in ".0" and p != s for p, s in zip(puzzle, solution)):
        return False
    rows = [solution[i * n:(i + 1) * n] for i in range(n)]
    cols = ["".join(row[j] for row in rows) for j in range(n)]
    boxes = [
        "".join(rows[br * r + i][bc * c + j] for i in range(r) for j in range(c))
        for br in range(c) for bc in range(r)
    ]
    return all(sorted(h) == sorted(digits) for h in rows + cols + boxes)


def cli_records(cli, *args):
    out = subprocess.run([str(cli), "generate", "--format", "jsonl", *args], capture_output=True, text=True, check=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


def test_generate_matches_the_cli(cli):
    mine = sd.generate(60, seed=42, rate=True, solution=True)
    theirs = cli_records(cli, "-n", "60", "--seed", "42", "--rate", "--solution")
    keys = ["index", "seed", "puzzle", "solution", "clues", "effort", "minimal", "rating", "level", "hardest",
            "er", "ep", "ed", "er_technique", "ep_technique", "ed_technique"]
    assert [[r[k] for k in keys] for r in mine] == [[r[k] for k in keys] for r in theirs]


def test_generate_matches_the_cli_on_other_shapes_and_options(cli):
    mine = sd.generate(12, seed=3, box="2x3", symmetry="rot180", shard=(1, 3))
    theirs = cli_records(cli, "-n", "12", "--seed", "3", "--box", "2x3", "--symmetry", "rot180", "--shard", "1/3")
    assert [r["puzzle"] for r in mine] == [r["puzzle"] for r in theirs]
    mine = sd.generate(4, seed=9, difficulty="hard")
    theirs = cli_records(cli, "-n", "4", "--seed", "9", "--difficulty", "hard")
    assert [r["puzzle"] for r in mine] == [r["puzzle"] for r in theirs]
    assert all(2.6 <= r["rating"] < 4.5 for r in mine)  # "hard" in docs/rating.md


def test_technique_filters_match_the_cli(cli):
    # The same puzzles as the CLI's filters, and each path, rated again,
    # meets its filter.
    mine = sd.generate(3, seed=5, hardest="X-Wing")
    theirs = cli_records(cli, "-n", "3", "--seed", "5", "--hardest", "X-Wing")
    assert [r["puzzle"] for r in mine] == [r["puzzle"] for r in theirs]
    assert all(sd.rate(r["puzzle"])["hardest"] == "X-Wing" for r in mine)
    mine = sd.generate(3, seed=5, variant="x", with_=["X-Wing"])
    theirs = cli_records(cli, "-n", "3", "--seed", "5", "--variant", "x", "--with", "X-Wing")
    assert [r["puzzle"] for r in mine] == [r["puzzle"] for r in theirs]
    assert all("X-Wing" in sd.rate(r["puzzle"], variant="x")["techniques"] for r in mine)
    with pytest.raises(sd.OptionError, match="unknown technique 'X Wing'"):
        sd.generate(1, with_="X Wing")
    with pytest.raises(sd.OptionError, match="Direct Claiming"):
        sd.generate(1, hardest="Direct Claiming")


def test_rate_and_canon_match_the_cli(cli, tmp_path):
    puzzles = [r["puzzle"] for r in sd.generate(40, seed=8)] + [INKALA]
    path = tmp_path / "p.txt"
    path.write_text("\n".join(puzzles) + "\n")
    out = subprocess.run([str(cli), "rate", "--format", "json", str(path)], capture_output=True, text=True, check=True)
    keys = ["rating", "er", "ep", "ed", "er_technique", "ep_technique", "ed_technique"]
    theirs = [[json.loads(line)[k] for k in keys] for line in out.stdout.splitlines()]
    assert [[r[k] for k in keys] for r in sd.rate(puzzles)] == theirs
    out = subprocess.run([str(cli), "canon", str(path)], capture_output=True, text=True, check=True)
    assert sd.canonical(puzzles) == out.stdout.split()


def test_same_output_for_any_thread_count():
    one = sd.generate(80, seed=5, threads=1)
    two = sd.generate(80, seed=5, threads=2)
    assert one == two
    shards = [r for i in range(4) for r in sd.generate(80, seed=5, shard=f"{i}/4")]
    assert shards == one
    puzzles = [r["puzzle"] for r in one]
    assert sd.canonical(puzzles, threads=1) == sd.canonical(puzzles, threads=2)
    assert sd.rate(puzzles, threads=1) == sd.rate(puzzles, threads=2)


def test_generated_puzzles_are_unique_and_solutions_valid():
    for box, (r, c) in [("2x2", (2, 2)), ("2x3", (2, 3)), ("3x3", (3, 3)), ("3x4", (3, 4))]:
        records = sd.generate(10, seed=1, box=box, solution=True)
        puzzles = [x["puzzle"] for x in records]
        assert sd.count(puzzles, box=box) == [1] * 10
        for x in records:
            assert is_valid_solution(x["puzzle"], x["solution"], r, c)
            assert sd.solve(x["puzzle"], box=box) == x["solution"]


def test_solve_count_on_known_data():
    assert sd.solve(INKALA) == INKALA_SOLUTION
    assert sd.solve(INKALA, backend="sat") == INKALA_SOLUTION
    assert sd.count("." * 81, limit=5) == 5
    clash = "11" + "." * 79
    assert sd.count(clash) == 0 and sd.solve(clash) is None
    two = "." + INKALA_SOLUTION[1:9] + "." + INKALA_SOLUTION[10:]
    assert sd.count(two) == 1  # one hole per unit: still unique
    assert sd.solve([INKALA, "." * 81]) == [INKALA_SOLUTION, None]


def test_rate_and_explain():
    rating = sd.rate(INKALA)
    assert rating["rating"] >= 7.0 and rating["level"] == "extreme"
    easy = sd.generate(1, seed=2, difficulty="easy")[0]["puzzle"]
    path = sd.explain(easy)
    assert path["solved_by_logic"] and path["grid"] == sd.solve(easy)
    assert len(path["text"]) == len(path["steps"]) > 0
    assert sd.rate("." * 81) is None
    with pytest.raises(sd.NotUniqueError, match="several solutions"):
        sd.explain("." * 81)


# Sukaku Explainer 1.15.10 (serate) rates these ER/EP/ED 8.4/8.4/2.6 (a
# pointing first, no value placed before a cell forcing chain) and
# 7.2/1.2/1.2 (a hidden single first).
SE_RATED = [
    ("......8.....839.7.7..1.2.6.2....5..953........9.7....89.2.....5.6...12.7.4.....3.",
     (8.4, 8.4, 2.6), ("Cell Forcing Chains", "Cell Forcing Chains", "Pointing")),
    (".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.",
     (7.2, 1.2, 1.2), ("Forcing Chain", "Hidden Single", "Hidden Single")),
]


def test_er_ep_ed_as_sukaku_explainer():
    for puzzle, values, names in SE_RATED:
        for r in (sd.rate(puzzle), sd.explain(puzzle)):
            assert (r["er"], r["ep"], r["ed"]) == values
            assert (r["er_technique"], r["ep_technique"], r["ed_technique"]) == names
            assert r["rating"] == r["er"]


def test_canonical_and_dedup():
    records = sd.generate(30, seed=4)
    puzzles = [r["puzzle"] for r in records]
    rng = random.Random(1)

    def disguise(p: str) -> str:
        # Relabel digits, swap two bands, transpose: the same puzzle.
        digits = list("123456789")
        rng.shuffle(digits)
        p = "".join(digits[int(ch) - 1] if ch != "." else "." for ch in p)
        rows = [p[i * 9:(i + 1) * 9] for i in range(9)]
        rows = rows[3:6] + rows[0:3] + rows[6:9]
        return "".join(rows[r][c] for c in range(9) for r in range(9))

    disguised = [disguise(p) for p in puzzles]
    assert sd.canonical(disguised) == sd.canonical(puzzles)
    mixed = puzzles[:10] + disguised + puzzles[10:]
    assert sd.dedup(mixed) == puzzles[:10] + disguised[10:]
    kept = sd.dedup(records + [{"puzzle": d, "tag": 1} for d in disguised])
    assert kept == records
    assert sd.canonical("." * 16) == "." * 16


def test_numpy_round_trips():
    puzzles, solutions = sd.generate_array(50, seed=6, solution=True)
    assert puzzles.shape == (50, 81) and puzzles.dtype == np.uint8
    assert ((puzzles == 0) | (puzzles == solutions)).all()
    records = sd.generate(50, seed=6, solution=True)
    assert sd.from_array(puzzles) == [r["puzzle"] for r in records]
    assert sd.from_array(solutions) == [r["solution"] for r in records]
    assert (sd.to_array([r["puzzle"] for r in records]) == puzzles).all()
    six = sd.generate_array(5, seed=1, box="3x2")
    assert six.shape == (5, 36)
    assert (sd.to_array(sd.from_array(six, box="3x2"), box="3x2") == six).all()
    assert sd.from_array(sd.to_array(INKALA)) == [INKALA]


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: sd.solve("12x" + "." * 78), sd.InputError, "column 3"),
        (lambda: sd.solve(["." * 81, "." * 80]), sd.InputError, "puzzle 1: 80 cells"),
        (lambda: sd.solve(42), sd.InputError, "puzzle string"),
        (lambda: sd.generate(1, box="6x6"), sd.OptionError, "25x25"),
        (lambda: sd.generate(1, box="2x3", symmetry="rot90"), sd.OptionError, "square boxes"),
        (lambda: sd.generate(1, symmetry="spiral"), sd.OptionError, "symmetry"),
        (lambda: sd.generate(1, givens=10), sd.OptionError, "givens"),
        (lambda: sd.generate(1, difficulty="insane"), sd.OptionError, "difficulty"),
        (lambda: sd.generate(1, rating="5..3"), sd.OptionError, "rating"),
        (lambda: sd.generate(1, difficulty="easy", rating="1..2"), sd.OptionError, "not both"),
        (lambda: sd.generate(4, shard=(4, 4)), sd.OptionError, "shard"),
        (lambda: sd.generate(1, threads=0), sd.OptionError, "threads"),
        (lambda: sd.generate(1, backend="gpu"), sd.OptionError, "backend"),
        (lambda: sd.generate(1, seed=1, rating="9.9..10", max_attempts=3), sd.GenerationError, "puzzle 0"),
        (lambda: sd.count(INKALA, limit=0), sd.OptionError, "limit"),
        (lambda: sd.from_array(np.full((2, 81), 10, dtype=np.uint8)), sd.InputError, "row 0, cell 0"),
        (lambda: sd.from_array(np.zeros((2, 80), dtype=np.uint8)), sd.InputError, "80"),
        (lambda: sd.to_array(["." * 81, "." * 16]), sd.InputError, "one size"),
        (lambda: sd.dedup([{"name": 1}]), sd.InputError, "item 0"),
    ],
)
def test_bad_input_raises_value_errors_naming_the_fault(call, error, words):
    with pytest.raises(error, match=words) as info:
        call()
    assert isinstance(info.value, ValueError)


def test_seedless_runs_report_their_seed():
    records = sd.generate(2)
    assert records[0]["seed"] == records[1]["seed"]
    assert sd.generate(2, seed=records[0]["seed"]) == records


def test_canonical_search_is_bounded():
    # The first row and the first column of the cyclic 25x25 grid and
    # nothing else: a symmetry group so large that branches tie far beyond
    # the search budget. The call must end with a clear error, in seconds.
    symbols = "123456789ABCDEFGHIJKLMNOP"
    grid = "".join(
        symbols[((r % 5) * 5 + r // 5 + c) % 25] if r == 0 or c == 0 else "."
        for r in range(25)
        for c in range(25)
    )
    with pytest.raises(sd.SudokuError, match="not settled"):
        sd.canonical(grid)


def test_canonical_and_dedup_on_25x25():
    # Generated 25x25 puzzles settle; a disguise (digits relabelled, bands
    # and stacks rotated, rows swapped inside a band, transposed) gets the
    # same form and is dropped by dedup.
    puzzles = [r["puzzle"] for r in sd.generate(2, seed=3, box="5x5")]
    symbols = "123456789ABCDEFGHIJKLMNOP"
    rng = random.Random(2)

    def disguise(p: str) -> str:
        mapping = list(symbols)
        rng.shuffle(mapping)
        p = "".join(mapping[symbols.index(ch)] if ch != "." else "." for ch in p)
        order = list(range(5, 25)) + list(range(5))
        order[0], order[1] = order[1], order[0]
        rows = [p[i * 25:(i + 1) * 25] for i in order]
        rows = ["".join(row[c] for c in order) for row in rows]
        return "".join(rows[r][c] for c in range(25) for r in range(25))

    disguised = [disguise(p) for p in puzzles]
    assert disguised != puzzles
    forms = sd.canonical(puzzles)
    assert sd.canonical(disguised) == forms and forms[0] != forms[1]
    assert sd.dedup(puzzles + disguised) == puzzles


def test_hint_check_board_and_daily_match_the_solution_and_the_cli(cli):
    # Two wrong entries: the hint names exactly those, the check too.
    board = list(INKALA)
    wrong = [i for i, ch in enumerate(INKALA) if ch == "."][:2]
    for i in wrong:
        board[i] = str(int(INKALA_SOLUTION[i]) % 9 + 1)
    board = "".join(board)
    named = sd.hint(INKALA, board)
    assert named["kind"] == "mistakes"
    cells = [f"r{i // 9 + 1}c{i % 9 + 1}" for i in wrong]
    assert [m["cell"] for m in named["mistakes"]] == cells
    assert [m["cell"] for m in sd.check_board(INKALA, board)] == cells
    # From the givens: a sound step, the explain path's first.
    step = sd.hint(INKALA)
    assert step["kind"] == "step"
    assert step["text"] == sd.explain(INKALA)["text"][0]
    for e in step["step"]["eliminations"]:
        r, c = (int(x) for x in e["cell"][1:].split("c"))
        assert INKALA_SOLUTION[(r - 1) * 9 + c - 1] != str(e["digit"])
    assert sd.hint(INKALA, INKALA_SOLUTION)["kind"] == "solved"
    with pytest.raises(sd.OptionError):
        sd.check_board(INKALA, INKALA, mode="guess")
    with pytest.raises(sd.InputError):
        sd.hint(INKALA, "9" + INKALA[1:])
    # The daily puzzle is the command line's.
    day = sd.daily("2026-11-27", difficulty="easy")
    out = subprocess.run([str(cli), "daily", "--date", "2026-11-27", "--difficulty", "easy", "--format", "json"],
                         capture_output=True, text=True, check=True)
    assert day["puzzle"] == json.loads(out.stdout)["puzzle"]
    with pytest.raises(sd.OptionError):
        sd.daily("2026-02-30")
