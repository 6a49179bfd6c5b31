"""Shared fixtures: the repository root and the CLI binary."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli() -> pathlib.Path:
    """The release CLI binary (built with cargo if missing), to compare against."""
    path = pathlib.Path(os.environ.get("SUDOKU_DLX_CLI", ROOT / "target" / "release" / "sudoku-dlx"))
    if not path.exists():
        subprocess.run(["cargo", "build", "--release", "--locked", "--bin", "sudoku-dlx"], cwd=ROOT, check=True)
    return path
