"""Generate puzzles at scale with Dask: fan shards out over a cluster,
merge them in index order and drop duplicates by canonical form.

Every shard is ``sudoku_dlx.generate(count, seed=S, shard=(i, m))``: the
i-th of m contiguous slices of one run, a pure function of the seed and
options. So the merged result is exactly what one machine would produce
with the same seed, however many workers took part.

    python examples/dask_generate.py --count 100000 --seed 7 --shards 64 \
        --scheduler tcp://scheduler:8786 --output puzzles.jsonl

Without ``--scheduler`` a LocalCluster on this machine is used. See
docs/scale.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Dict, List, Optional

import sudoku_dlx


def generate_shard(count: int, seed: int, part: int, parts: int, options: Dict[str, Any]) -> List[Dict[str, Any]]:
    """One shard of the run, on one worker (one thread: Dask runs many)."""
    return sudoku_dlx.generate(count, seed=seed, shard=(part, parts), threads=1, **options)


def generate_distributed(
    client: Any, count: int, seed: int, shards: int, dedup: bool = True, **options: Any
) -> List[Dict[str, Any]]:
    """The records of the whole run, in index order, computed as ``shards``
    Dask tasks; with ``dedup``, only the first puzzle of each class."""
    futures = [client.submit(generate_shard, count, seed, i, shards, options, pure=True) for i in range(shards)]
    records: List[Dict[str, Any]] = []
    # Gathering in shard order is the merge: shards are contiguous slices.
    for shard in client.gather(futures):
        records.extend(shard)
    return sudoku_dlx.dedup(records) if dedup else records


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--shards", type=int, default=16)
    parser.add_argument("--box", default="3x3")
    parser.add_argument("--difficulty", default=None)
    parser.add_argument("--rate", action="store_true")
    parser.add_argument("--scheduler", default=None, help="address of a running Dask scheduler")
    parser.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes")
    parser.add_argument("--output", default="-")
    args = parser.parse_args(argv)

    from dask.distributed import Client, LocalCluster

    options: Dict[str, Any] = {"box": args.box, "rate": args.rate}
    if args.difficulty:
        options["difficulty"] = args.difficulty
    if args.scheduler:
        client = Client(args.scheduler)
        cluster = None
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True)
        client = Client(cluster)
    try:
        records = generate_distributed(client, args.count, args.seed, args.shards, **options)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    out = sys.stdout if args.output == "-" else open(args.output, "w")
    with out:
        for record in records:
            out.write(json.dumps(record) + "\n")
    print(f"kept {len(records)} of {args.count} puzzles", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
