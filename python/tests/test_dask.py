"""The Dask path for real: a LocalCluster of two worker processes
generates shards, the merge is deduplicated by canonical form, and the
result equals the single-process run."""

import importlib.util

import pytest

import sudoku_dlx as sd
from conftest import ROOT

distributed = pytest.importorskip("dask.distributed")


def load_example():
    spec = importlib.util.spec_from_file_location("dask_generate", ROOT / "examples" / "dask_generate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_sharded_dask_run_equals_the_single_process_run():
    example = load_example()
    count, seed, shards = 3000, 2026, 12
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            merged = example.generate_distributed(client, count, seed, shards, dedup=False)
            deduped = example.generate_distributed(client, count, seed, shards)
            assert len(client.scheduler_info()["workers"]) == 2
    single = sd.generate(count, seed=seed)
    assert merged == single
    assert [r["index"] for r in merged] == list(range(count))
    assert deduped == sd.dedup(single)
    forms = sd.canonical([r["puzzle"] for r in deduped])
    assert len(set(forms)) == len(forms)


def test_a_guided_search_runs_as_dask_shards():
    """A band from 9.0 is a guided search; each shard searches with a seed
    of its own, and the merge deduplicated by canonical form holds only
    distinct puzzles, each in the band."""
    example = load_example()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            records = example.generate_distributed(client, 4, 7, 2, rating="9.0..")
    assert 1 <= len(records) <= 4
    assert all(r["rating"] >= 9.0 for r in records)
    assert sd.count([r["puzzle"] for r in records], backend="sat") == [1] * len(records)
    forms = sd.canonical([r["puzzle"] for r in records])
    assert len(set(forms)) == len(forms)
