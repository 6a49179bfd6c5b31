"""Fast Sudoku generation, solving, rating and canonical forms.

A Python front end to the sudoku-dlx Rust library: dancing links (with a SAT
engine as a second opinion) for solving and generating, a human-style
logical solver for Sudoku Explainer ratings, and minlex canonical forms for
de-duplication. Boards from 4x4 to 25x25, any box shape ``RxC``.

Every function that takes puzzles accepts one puzzle string (and then
returns one result) or a list of them (and returns a list, computed on all
cores with the GIL released, in input order). Puzzle strings are one line
of ``N*N`` symbols (``1-9`` then ``A-P``; ``.`` or ``0`` for empty), a pasted
grid, or a JSON record. Errors are :class:`SudokuError` subclasses of
:class:`ValueError` whose message names what was wrong and where.

Same ``seed`` and options give the same puzzles as ``sudoku-dlx generate``,
whatever the thread count or shard split.
"""

from ._native import (
    GenerationError,
    InputError,
    NotUniqueError,
    OptionError,
    SudokuError,
    __version__,
    check_board,
    count,
    daily,
    dedup,
    explain,
    from_array,
    generate,
    generate_array,
    hint,
    rate,
    solve,
    to_array,
)
from ._native import canonical_form as canonical

__all__ = [
    "GenerationError",
    "InputError",
    "NotUniqueError",
    "OptionError",
    "SudokuError",
    "__version__",
    "canonical",
    "check_board",
    "count",
    "daily",
    "dedup",
    "explain",
    "from_array",
    "generate",
    "generate_array",
    "hint",
    "rate",
    "solve",
    "to_array",
]
