#!/usr/bin/env python3
"""Checks the README's speed table against the data file and the docs.

The "## Speed" table of README.md must hold exactly the rows of
benchmarks/2026-11-26/speed.csv (task, command, result and the page in
the last column, in order), and every figure of a row must appear in the
page it links to, with each backticked command of the row (the program
name and the data folder left out, whitespace folded). So the README
cannot show a figure that the data file and the docs do not.

Usage: python3 benchmarks/check_readme_table.py   (no build, no data sets)
Exit status 0 when everything agrees, 1 with a list of differences.
"""

import csv
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "benchmarks" / "2026-11-26" / "speed.csv"
FIELDS = ["task", "command", "result", "doc"]
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def readme_rows():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Speed\n", 1)[1].split("\n## ", 1)[0]
    lines = [l for l in section.splitlines() if l.startswith("|")]
    rows = []
    for line in lines[2:]:  # header and separator
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 4:
            raise SystemExit(f"README speed row without 4 cells: {line}")
        link = re.fullmatch(r"\[[^\]]*\]\(([^)]+)\)", cells[3])
        rows.append(dict(zip(FIELDS, cells[:3] + [link.group(1) if link else cells[3]])))
    return rows


def data_rows():
    with DATA.open(encoding="utf-8", newline="") as f:
        return [{k: row[k] for k in FIELDS} for row in csv.DictReader(f)]


def fold(text):
    return re.sub(r"\s+", " ", text.replace("../shared/data/", "")).strip()


def command_of(snippet):
    return fold(re.sub(r"^sudoku-dlx ", "", snippet.strip()))


def check_against_doc(row, problems):
    path = ROOT / row["doc"]
    if not path.is_file():
        problems.append(f"{row['task']}: {row['doc']} does not exist")
        return
    doc = path.read_text(encoding="utf-8")
    folded = fold(doc.replace("`", " "))
    for snippet in re.findall(r"`([^`]+)`", row["command"]):
        if command_of(snippet) not in folded:
            problems.append(f"{row['task']}: command `{snippet}` not in {row['doc']}")
    for number in NUMBER.findall(row["result"]):
        pattern = r"(?<![\d.,])" + re.escape(number) + r"(?![\d]|[.,]\d)"
        if not re.search(pattern, doc):
            problems.append(f"{row['task']}: figure {number} not in {row['doc']}")


def main():
    readme, data = readme_rows(), data_rows()
    problems = []
    if len(readme) != len(data):
        problems.append(f"README has {len(readme)} speed rows, {DATA.name} has {len(data)}")
    for i, (r, d) in enumerate(zip(readme, data), 1):
        for field in FIELDS:
            if r[field] != d[field]:
                problems.append(f"row {i} {field}: README {r[field]!r} != {DATA.name} {d[field]!r}")
    for row in data:
        check_against_doc(row, problems)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        return 1
    print(f"README speed table: {len(readme)} rows agree with {DATA.relative_to(ROOT)} and the docs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
