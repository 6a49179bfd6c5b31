"""``variant=``: results cross-checked against the CLI's ``--variant`` and
against a checker of the rules written here, and bad input."""

import json
import random
import subprocess

import pytest

import sudoku_dlx as sd

DIGITS = "123456789"
# A jigsaw puzzle and its region line (docs/variants.md).
JIGSAW = ("9..4.8.6....6.3.7...4...5.............857........2.............85.........1....45\n"
          "AAABBBBCDAABBBCCCDAAAEBBCDDFFAEEECCDFFGEEECCDFGGEEGHDDFFGGGGHHDFIIIIGHHHFIIIIIHHH")


def keeps_rules(solution: str, rules: str, regions: str = "") -> bool:
    """Every rule checked on a complete 9x9 grid from its geometry alone."""
    n = 9
    grid = [solution[r * n:(r + 1) * n] for r in range(n)]
    houses = [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)] for c in range(n)]
    names = rules.split(",")
    if "jigsaw" in names:
        houses += [[(k // n, k % n) for k in range(n * n) if regions[k] == x] for x in sorted(set(regions))]
    else:
        houses += [[(br * 3 + i, bc * 3 + j) for i in range(3) for j in range(3)] for br in range(3) for bc in range(3)]
    if "x" in names:
        houses += [[(i, i) for i in range(n)], [(i, n - 1 - i) for i in range(n)]]
    if "windoku" in names:
        houses += [[(t + i, l + j) for i in range(3) for j in range(3)] for t in (1, 5) for l in (1, 5)]
    if "disjoint-groups" in names:
        houses += [[(br * 3 + i, bc * 3 + j) for br in range(3) for bc in range(3)] for i in range(3) for j in range(3)]
    if any(sorted(grid[r][c] for r, c in h) != list(DIGITS) for h in houses):
        return False
    moves = []
    if "anti-knight" in names:
        moves += [(1, 2), (2, 1), (1, -2), (2, -1)]
    if "anti-king" in names:
        moves += [(1, 1), (1, -1)]
    for r in range(n):
        for c in range(n):
            for dr, dc in moves:
                if 0 <= r + dr < n and 0 <= c + dc < n and grid[r][c] == grid[r + dr][c + dc]:
                    return False
            if "non-consecutive" in names:
                for dr, dc in ((0, 1), (1, 0)):
                    if r + dr < n and c + dc < n and abs(int(grid[r][c]) - int(grid[r + dr][c + dc])) == 1:
                        return False
    return True


def cli_lines(cli, *args, stdin=None):
    out = subprocess.run([str(cli), *args], input=stdin, capture_output=True, text=True, check=True)
    return out.stdout.splitlines()


@pytest.mark.parametrize("rules", ["x", "windoku,anti-king", "disjoint-groups", "jigsaw"])
def test_generate_and_solve_match_the_cli_and_keep_the_rules(cli, rules):
    mine = sd.generate(6, seed=5, variant=rules, solution=True, threads=2)
    assert mine == sd.generate(6, seed=5, variant=rules, solution=True, threads=1)
    theirs = [json.loads(x) for x in cli_lines(cli, "generate", "-n", "6", "--seed", "5", "--variant", rules,
                                                "--format", "jsonl", "--solution")]
    assert mine == theirs
    for r in mine:
        assert r["variant"] == rules
        regions = r.get("regions", "")
        assert keeps_rules(r["solution"], rules, regions)
        assert all(p in ".0" or p == s for p, s in zip(r["puzzle"], r["solution"]))
    texts = [r["puzzle"] + ("\n" + r["regions"] if "regions" in r else "") for r in mine]
    assert sd.solve(texts, variant=rules) == [r["solution"] for r in mine]
    assert sd.count(texts, variant=rules, backend="sat") == [1] * len(mine)
    # JSON records carry their own rules, so they need no keyword.
    assert sd.solve([json.dumps(r) for r in mine], variant=rules) == [r["solution"] for r in mine]


def test_count_matches_the_cli():
    rec = sd.generate(1, seed=2, variant="x")[0]
    first = rec["puzzle"].replace(next(ch for ch in rec["puzzle"] if ch != "."), ".", 1)
    # Fewer givens: more solutions (or the same one), never fewer.
    assert sd.count(first, variant="x", limit=1000) >= 1
    assert sd.count(first, variant="x", limit=1000) == sd.count(first, variant="x", limit=1000, backend="sat")
    assert sd.count("." * 81, variant="x", limit=5) == 5


def test_rate_and_explain_match_the_cli(cli, tmp_path):
    records = sd.generate(8, seed=3, variant="anti-king")
    path = tmp_path / "p.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    theirs = [json.loads(x) for x in cli_lines(cli, "rate", "--format", "json", "--variant", "anti-king", str(path))]
    mine = sd.rate([r["puzzle"] for r in records], variant="anti-king")
    assert [(m["er"], m["ep"], m["ed"]) for m in mine] == [(t["er"], t["ep"], t["ed"]) for t in theirs]
    assert all(m["variant"] == "anti-king" for m in mine)
    explained = sd.explain(records[0]["puzzle"], variant="anti-king")
    assert explained["er"] == mine[0]["er"] and explained["steps"]
    solution = sd.solve(records[0]["puzzle"], variant="anti-king")
    assert keeps_rules(solution, "anti-king")
    # Where the path ends, every placed digit is the solution's.
    assert all(g == "." or g == s for g, s in zip(explained["grid"], solution))
    # Under classic rules the puzzle has other solutions: not rated.
    assert sd.rate(records[0]["puzzle"]) is None


def test_jigsaw_rate_and_explain_match_the_cli(cli, tmp_path):
    records = sd.generate(6, seed=5, variant="jigsaw")
    path = tmp_path / "j.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    theirs = [json.loads(x) for x in cli_lines(cli, "rate", "--format", "json", "--variant", "jigsaw", str(path))]
    mine = sd.rate([r["puzzle"] + "\n" + r["regions"] for r in records], variant="jigsaw")
    assert [(m["er"], m["ep"], m["ed"]) for m in mine] == [(t["er"], t["ep"], t["ed"]) for t in theirs]
    assert [m["regions"] for m in mine] == [r["regions"] for r in records]
    explained = sd.explain(JIGSAW, variant="jigsaw")
    assert explained["er"] == sd.rate(JIGSAW, variant="jigsaw")["er"] and explained["steps"]


def test_canonical_keeps_only_the_rules_own_transformations(cli):
    records = sd.generate(12, seed=6, variant="x")
    puzzles = [r["puzzle"] for r in records]
    rng = random.Random(2)

    def disguise(p: str) -> str:
        # Relabel digits, transpose, turn half way: all keep both diagonals.
        digits = list(DIGITS)
        rng.shuffle(digits)
        p = "".join(digits[int(ch) - 1] if ch != "." else "." for ch in p)
        p = "".join(p[c * 9 + r] for r in range(9) for c in range(9))
        return p[::-1]

    forms = sd.canonical(puzzles, variant="x")
    assert forms == cli_lines(cli, "canon", "--variant", "x", stdin="\n".join(puzzles) + "\n")
    assert sd.canonical([disguise(p) for p in puzzles], variant="x") == forms
    # Classic forms use band swaps too, which move the diagonals.
    assert sd.canonical(puzzles) != forms
    mixed = puzzles + [disguise(p) for p in puzzles[:5]] + records
    assert sd.dedup(mixed, variant="x") == puzzles


def test_jigsaw_forms_carry_their_regions(cli):
    rec = sd.generate(1, seed=4, variant="jigsaw")[0]
    text = rec["puzzle"] + "\n" + rec["regions"]
    turned = rec["puzzle"][::-1] + "\n" + rec["regions"][::-1]
    form = sd.canonical(text, variant="jigsaw")
    assert form == sd.canonical(turned, variant="jigsaw")
    assert form.split("\n") == cli_lines(cli, "canon", "--variant", "jigsaw", stdin=text + "\n")
    assert sd.canonical(form, variant="jigsaw") == form
    assert sd.dedup([text, turned, rec], variant="jigsaw") == [text]


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: sd.solve("." * 81, variant="zebra"), sd.OptionError, "unknown variant 'zebra'"),
        (lambda: sd.solve("." * 81, variant="jigsaw"), sd.InputError, "region line"),
        (lambda: sd.solve(["." * 81, "." * 80], variant="x"), sd.InputError, "puzzle 1"),
        (lambda: sd.canonical("." * 81 + "\n" + "A" * 81, variant="jigsaw"), sd.InputError, "region"),
        (lambda: sd.count("." * 16, variant="anti-king"), sd.OptionError, "anti-king"),
        (lambda: sd.generate(1, variant="windoku", box="2x3"), sd.OptionError, "windoku does not exist"),
        (lambda: sd.generate(1, variant="x", givens=20), sd.OptionError, "givens is not available"),
        (lambda: sd.generate(1, variant="jigsaw", symmetry="rot180"), sd.OptionError, "jigsaw"),
        (lambda: sd.generate_array(1, variant="jigsaw"), sd.OptionError, "jigsaw"),
        (lambda: sd.generate(1, seed=1, variant="x", rating="9.9..10", max_attempts=2), sd.GenerationError,
         "puzzle 0"),
        (lambda: sd.rate("." * 81, variant="x,non-consecutive"), sd.OptionError, "combined non-consecutive"),
        (lambda: sd.explain("." * 81, variant="x"), sd.NotUniqueError, "cannot explain"),
    ],
)
def test_bad_variant_input_raises_value_errors_naming_the_fault(call, error, words):
    with pytest.raises(error, match=words) as info:
        call()
    assert isinstance(info.value, ValueError)


def test_generate_array_holds_variant_puzzles():
    puzzles, solutions = sd.generate_array(5, seed=8, variant="x", solution=True)
    records = sd.generate(5, seed=8, variant="x", solution=True)
    assert sd.from_array(puzzles) == [r["puzzle"] for r in records]
    assert all(keeps_rules(s, "x") for s in sd.from_array(solutions))


def test_variant_ratings_leave_classic_ratings_alone():
    # Sukaku Explainer 1.15.10 rates this 8.4/8.4/2.6 (test_api.py).
    classic = "......8.....839.7.7..1.2.6.2....5..953........9.7....89.2.....5.6...12.7.4.....3."
    rec = sd.generate(1, seed=3, variant="anti-king")[0]
    assert sd.rate(rec["puzzle"], variant="anti-king") is not None
    r = sd.rate(classic)
    assert (r["er"], r["ep"], r["ed"]) == (8.4, 8.4, 2.6)
