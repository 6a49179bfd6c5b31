"""Type stubs and API documentation of sudoku_dlx."""

from typing import Any, Iterable, List, Optional, Sequence, Tuple, TypeVar, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str

class SudokuError(ValueError):
    """Base of every error raised by sudoku_dlx."""

class InputError(SudokuError):
    """A puzzle or array that cannot be read; the message says which one and where."""

class OptionError(SudokuError):
    """An option that is unknown or out of range (box, symmetry, givens, rating, shard, threads...)."""

class GenerationError(SudokuError):
    """A puzzle that could not be produced within the bounds (givens or rating shortfall)."""

class NotUniqueError(SudokuError):
    """A puzzle without exactly one solution given where one is needed (explain)."""

Record = dict[str, Any]

# ``variant=`` (generate, generate_array, solve, count, rate, explain,
# canonical, dedup): the rules as
# the CLI's ``--variant`` list, e.g. ``"x"``, ``"windoku,anti-king"``,
# ``"jigsaw"``; None or ``"classic"`` for classic Sudoku. Puzzles are then
# read as the CLI reads them: a puzzle line, followed for jigsaw by its
# region line in the same string (``"<puzzle>\n<regions>"``), or a JSON
# record whose own ``"variant"`` and ``"regions"`` take precedence (the
# records ``generate`` returns, ``json.dumps``-ed). An unknown name or a
# rule set no grid keeps raises OptionError; a bad region map raises
# InputError naming the puzzle.
Rating = Union[str, Tuple[Optional[float], Optional[float]]]
Shard = Union[str, Tuple[int, int]]

def generate(
    count: int,
    *,
    seed: Optional[int] = None,
    box: str = "3x3",
    symmetry: str = "none",
    givens: Optional[int] = None,
    difficulty: Optional[str] = None,
    rating: Optional[Rating] = None,
    backend: str = "dlx",
    threads: Optional[int] = None,
    shard: Optional[Shard] = None,
    solution: bool = False,
    rate: bool = False,
    max_attempts: Optional[int] = None,
    variant: Optional[str] = None,
    with_: Optional[Union[str, List[str]]] = None,
    without: Optional[Union[str, List[str]]] = None,
    hardest: Optional[str] = None,
) -> List[Record]:
    """Generate puzzles with exactly one solution, as records.

    Each record is a dict with ``index``, ``seed``, ``shape``, ``puzzle``,
    ``clues``, ``symmetry``, ``backend``, ``effort`` (DLX nodes), ``minimal``
    and ``attempts``; ``solution`` when asked; and, when rated (``rate=True``,
    ``difficulty`` or ``rating``), ``rating`` (Sudoku Explainer scale),
    ``er``, ``ep``, ``ed`` (SE's three ratings), ``level``, ``hardest``,
    ``er_technique``, ``ep_technique``, ``ed_technique``, ``techniques`` and
    ``solved_by_logic``: the same keys as ``sudoku-dlx generate --format
    jsonl``.

    Puzzle ``i`` of ``seed`` is always the same puzzle, whatever ``threads``:
    the same as the CLI's. ``seed=None`` picks a random seed (in each record).
    ``shard=(i, m)`` (or ``"i/m"``) produces only the i-th of m contiguous
    slices of the ``count`` indices. ``difficulty`` is one of easy, medium,
    hard, expert, extreme; ``rating`` a band ``"3.0..5.0"`` or ``(3.0, 5.0)``
    with both ends included. ``givens`` stops digging at that many clues.
    Raises OptionError for bad options, GenerationError on a shortfall.

    ``with_``, ``without`` (a technique name or a list of them) and
    ``hardest`` (one name) are the CLI's ``--with``, ``--without`` and
    ``--hardest`` technique filters: Sudoku Explainer's names (``"X-Wing"``),
    machine names (``"x_wing"``) or families (``"fish"``). An unknown name,
    or a technique no solving path under the rules can use (Direct
    Claiming on a classic 9x9 board, Pointing under X), raises
    OptionError.

    ``variant`` (``"x"``, ``"windoku,anti-king"``, ``"jigsaw"``...: the
    CLI's ``--variant`` list) generates variant puzzles, the same as
    ``sudoku-dlx generate --variant`` with the same seed: records with
    ``index``, ``seed``, ``shape``, ``variant``, ``regions`` (jigsaw: one
    letter per cell), ``puzzle``, ``clues`` and ``solution`` when asked.
    ``difficulty``, ``rating`` and ``max_attempts`` work as for classic
    puzzles (rules the grader rates); ``givens``, ``shard`` and ``rate``
    are not available with a variant (OptionError), and ``backend`` is not
    used.
    """

def generate_array(
    count: int,
    *,
    seed: Optional[int] = None,
    box: str = "3x3",
    symmetry: str = "none",
    givens: Optional[int] = None,
    difficulty: Optional[str] = None,
    rating: Optional[Rating] = None,
    backend: str = "dlx",
    threads: Optional[int] = None,
    shard: Optional[Shard] = None,
    solution: bool = False,
    max_attempts: Optional[int] = None,
    variant: Optional[str] = None,
    with_: Optional[Union[str, List[str]]] = None,
    without: Optional[Union[str, List[str]]] = None,
    hardest: Optional[str] = None,
) -> Any:
    """Generate puzzles as a ``(count, N*N)`` ``uint8`` array, 0 for empty.

    Same options and same puzzles as :func:`generate`. With
    ``solution=True`` returns a tuple ``(puzzles, solutions)`` of two arrays.
    An array has no room for region maps: ``variant`` with jigsaw raises
    OptionError (use :func:`generate`).
    """

@overload
def solve(puzzles: str, *, box: Optional[str] = None, threads: Optional[int] = None, backend: str = "dlx", variant: Optional[str] = None) -> Optional[str]: ...
@overload
def solve(puzzles: Sequence[str], *, box: Optional[str] = None, threads: Optional[int] = None, backend: str = "dlx", variant: Optional[str] = None) -> List[Optional[str]]: ...
def solve(puzzles: Any, *, box: Optional[str] = None, threads: Optional[int] = None, backend: str = "dlx", variant: Optional[str] = None) -> Any:
    """The unique solution of each puzzle, or None when it has none or several."""

@overload
def count(puzzles: str, *, limit: int = 2, box: Optional[str] = None, threads: Optional[int] = None, backend: str = "dlx", variant: Optional[str] = None) -> int: ...
@overload
def count(puzzles: Sequence[str], *, limit: int = 2, box: Optional[str] = None, threads: Optional[int] = None, backend: str = "dlx", variant: Optional[str] = None) -> List[int]: ...
def count(puzzles: Any, *, limit: int = 2, box: Optional[str] = None, threads: Optional[int] = None, backend: str = "dlx", variant: Optional[str] = None) -> Any:
    """The number of solutions of each puzzle, counted up to ``limit``."""

@overload
def rate(puzzles: str, *, box: Optional[str] = None, threads: Optional[int] = None, variant: Optional[str] = None) -> Optional[Record]: ...
@overload
def rate(puzzles: Sequence[str], *, box: Optional[str] = None, threads: Optional[int] = None, variant: Optional[str] = None) -> List[Optional[Record]]: ...
def rate(puzzles: Any, *, box: Optional[str] = None, threads: Optional[int] = None, variant: Optional[str] = None) -> Any:
    """Rate each puzzle as a person would solve it (Sudoku Explainer scale).

    A dict with ``puzzle``, ``rating``, ``er``, ``ep``, ``ed``, ``level``,
    ``hardest``, ``er_technique``, ``ep_technique``, ``ed_technique``,
    ``techniques``, ``solved_by_logic`` and ``effort``; None for a puzzle
    without exactly one solution.

    ``er``, ``ep`` and ``ed`` are Sukaku Explainer's three ratings of the
    path (``serate``'s ``%r/%p/%d``): ER the hardest step (the same number
    as ``rating``), EP (the pearl) the hardest step up to the first one that
    places a value, ED (the diamond) the first step's rating; 0.0 when
    there is no such step. The ``*_technique`` keys name the step that
    gives each (SE's name, e.g. ``"WXYZ-Wing 137"``; empty when none).

    With ``variant``, the puzzle is rated under its rules as
    ``sudoku-dlx rate --variant`` does (the dict adds ``variant`` and, for
    jigsaw, ``regions``); rules the grader does not rate (non-consecutive
    combined with other rules)
    raise OptionError with its reason.
    """

@overload
def explain(puzzles: str, *, box: Optional[str] = None, threads: Optional[int] = None, variant: Optional[str] = None) -> Record: ...
@overload
def explain(puzzles: Sequence[str], *, box: Optional[str] = None, threads: Optional[int] = None, variant: Optional[str] = None) -> List[Record]: ...
def explain(puzzles: Any, *, box: Optional[str] = None, threads: Optional[int] = None, variant: Optional[str] = None) -> Any:
    """The step-by-step solving path: the rating keys plus ``steps`` (structured),
    ``text`` (one sentence per step) and ``grid`` (how far logic got).
    Raises NotUniqueError for a puzzle without exactly one solution."""

@overload
def canonical(puzzles: str, *, box: Optional[str] = None, threads: Optional[int] = None, variant: Optional[str] = None) -> str: ...
@overload
def canonical(puzzles: Sequence[str], *, box: Optional[str] = None, threads: Optional[int] = None, variant: Optional[str] = None) -> List[str]: ...
def canonical(puzzles: Any, *, box: Optional[str] = None, threads: Optional[int] = None, variant: Optional[str] = None) -> Any:
    """The canonical (minlex) form: the smallest string among all transformations
    of the puzzle's shape (band, stack, row and column permutations, digit
    relabelling, transposition for square boxes). Equal for puzzles that are
    the same puzzle in disguise. Generated puzzles of every shape, 25x25
    included, take well under a millisecond; a grid with a huge symmetry
    group that exceeds the search budget (seconds) raises ``SudokuError``.

    With ``variant``, only the transformations that keep the rules are
    used (digits kept or reversed only under non-consecutive; for jigsaw the
    turns and reflections, the region map moving with the grid): a jigsaw
    form is two lines, the puzzle and its region line, and reads back.
    Windoku and disjoint groups on 16x16 and larger raise ``SudokuError``
    (their groups are too large; docs/canon.md)."""

def hint(puzzle: str, board: Optional[str] = None, *, pencilmarks: Optional[Sequence[Sequence[int]]] = None) -> Record:
    """The next step from a player's board (the givens and their entries;
    default: the puzzle). ``kind`` is ``"mistakes"`` (with ``mistakes``:
    the wrong entries), ``"step"`` (with ``step``, ``cells`` to highlight
    and ``text``, the easiest step from the board), ``"solved"`` or
    ``"stuck"``. ``pencilmarks``, one list of digits per cell, narrow the
    candidates. Raises InputError for a board that changes a given,
    NotUniqueError for a puzzle without exactly one solution."""

def check_board(puzzle: str, board: str, *, mode: str = "solution") -> List[Record]:
    """The mistakes on a player's board, each ``{"cell", "digit", "text"}``:
    clashes in a house (``mode="rules"``) or entries that differ from the
    solution (``mode="solution"``)."""

def daily(date: str, *, difficulty: str = "medium") -> Record:
    """The puzzle of the day ``date`` (``YYYY-MM-DD``) at ``difficulty``,
    with its solution: the same on every machine."""

T = TypeVar("T", str, Record)

def dedup(items: Iterable[T], *, box: Optional[str] = None, threads: Optional[int] = None, variant: Optional[str] = None) -> List[T]:
    """The items (puzzle strings, or records with a ``"puzzle"`` key) in order,
    keeping only the first of each class of equivalent puzzles. With
    ``variant``, classes are those of :func:`canonical` under the rules
    (records with their own ``"variant"`` and ``"regions"`` use them;
    puzzles under different rules are never duplicates)."""

def to_array(puzzles: Union[str, Sequence[str]], *, box: Optional[str] = None) -> "npt.NDArray[np.uint8]":
    """Puzzle strings as a ``(count, N*N)`` ``uint8`` array, 0 for empty."""

def from_array(array: "npt.NDArray[np.uint8]", *, box: Optional[str] = None) -> List[str]:
    """Puzzle strings (``.`` for empty) from a ``(count, N*N)`` ``uint8`` array."""
