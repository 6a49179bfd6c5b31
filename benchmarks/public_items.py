#!/usr/bin/env python3
"""Counts the library's public items from rustdoc's JSON output.

Run from the repository root:

    cargo +nightly rustdoc --lib -- -Z unstable-options --output-format json
    python3 benchmarks/public_items.py target/doc/sudoku_dlx.json

rustdoc leaves private items out of its JSON, so every item of this crate
in the index (modules, types, fields, variants, functions, methods,
constants, traits) is one a caller can name; impl blocks and `use`
re-exports are not items of their own and are not counted.
"""
import collections
import json
import sys


def main(path):
    with open(path) as f:
        doc = json.load(f)
    kinds = collections.Counter()
    for item in doc["index"].values():
        if item.get("crate_id") != 0:
            continue
        kind = next(iter(item["inner"])) if isinstance(item["inner"], dict) else item["inner"]
        if kind in ("impl", "use", "import"):
            continue
        kinds[kind] += 1
    for kind, n in sorted(kinds.items()):
        print(f"{kind:14} {n}")
    print(f"{'total':14} {sum(kinds.values())}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "target/doc/sudoku_dlx.json")
