"""The rules of MAGDAGDON: board, placement legality, the MAGDAGDON test and scoring.

Pure and immutable: no I/O, no randomness, no browser. A board is a tuple of 16 ints
(row-major, cell 0 top-left, 15 bottom-right): ``EMPTY`` (0), a NUMBER 1..6, or ``RUIN`` (-1).
The text notation from RULES.md (``"1234/2345/..#./...."``) converts both ways with
:func:`parse_board` and :func:`format_board`.

Placement checks work on bitmasks (bit ``i`` is cell ``i``): one mask of the cells holding each
value, so "which cells may take a 4 now" is a handful of integer operations.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TypeGuard

__all__ = [
    "EMPTY",
    "RUIN",
    "SIZE",
    "CELLS",
    "LINES",
    "is_whole",
    "Bonus",
    "Difficulty",
    "LineScore",
    "ScoreBreakdown",
    "Board",
    "parse_board",
    "format_board",
    "neighbours",
    "legal_cells_by_value",
    "can_place_on",
    "explain_cell",
    "line_bonus",
    "score_breakdown",
    "mask_cells",
]

SIZE = 4
CELLS = SIZE * SIZE
EMPTY = 0
RUIN = -1
VALUES = range(1, 7)

Board = tuple[int, ...]

_FULL = (1 << CELLS) - 1
_COL0 = 0x1111  # cells 0, 4, 8, 12
_COL3 = 0x8888  # cells 3, 7, 11, 15

#: The 4 rows, then the 4 columns, each as its cell indices in board order.
LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)
) + tuple(tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE))


def is_whole(value: object, low: int | None = None, high: int | None = None) -> TypeGuard[int]:
    """Whether ``value`` is a whole number (an ``int``, never a ``bool``) from ``low`` to
    ``high`` inclusive (an omitted bound does not limit).

    >>> is_whole(6, 1, 6), is_whole(7, 1, 6), is_whole(0, low=0), is_whole(-1, low=0)
    (True, False, True, False)
    >>> is_whole(True), is_whole(4.0), is_whole("4")
    (False, False, False)
    """
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return (low is None or low <= value) and (high is None or value <= high)


#: For each value, the values it may NOT touch (differ by more than 1).
_FAR: dict[int, tuple[int, ...]] = {v: tuple(w for w in VALUES if abs(w - v) > 1) for v in VALUES}


def _spread(mask: int) -> int:
    """Cells orthogonally adjacent to any cell of ``mask`` (never diagonal, never wrapping)."""
    return (
        (mask << SIZE) | (mask >> SIZE) | ((mask << 1) & ~_COL0) | ((mask >> 1) & ~_COL3)
    ) & _FULL


#: Orthogonal neighbours of every cell, in the order up, down, left, right (those that exist).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        n
        for n, ok in (
            (i - SIZE, i >= SIZE),
            (i + SIZE, i < CELLS - SIZE),
            (i - 1, i % SIZE != 0),
            (i + 1, i % SIZE != SIZE - 1),
        )
        if ok
    )
    for i in range(CELLS)
)


def neighbours(cell: int) -> tuple[int, ...]:
    """Orthogonal neighbours of ``cell`` (up, down, left, right; those on the board).

    >>> neighbours(0)
    (4, 1)
    >>> neighbours(5)
    (1, 9, 4, 6)
    """
    return NEIGHBOURS[cell]


class Bonus(enum.Enum):
    """The poker-like bonus a full numeric line earns (the single best that applies)."""

    STRAIGHT = "straight"
    FOUR_OF_A_KIND = "four-of-a-kind"
    TWO_PAIRS = "two-pairs"

    @property
    def points(self) -> int:
        return _BONUS_POINTS[self]


_BONUS_POINTS = {Bonus.STRAIGHT: 60, Bonus.FOUR_OF_A_KIND: 40, Bonus.TWO_PAIRS: 20}

RUIN_PENALTY = 15


class Difficulty(enum.Enum):
    """PEACEFUL, SURVIVAL or NIGHTMARE, with the numbers RULES.md gives each."""

    PEACEFUL = "peaceful"
    SURVIVAL = "survival"
    NIGHTMARE = "nightmare"

    @classmethod
    def parse(cls, name: object) -> Difficulty:
        """The difficulty named ``name`` (case-insensitive), else ``ValueError``.

        >>> Difficulty.parse("Nightmare")
        <Difficulty.NIGHTMARE: 'nightmare'>
        """
        if isinstance(name, cls):
            return name
        if isinstance(name, str):
            try:
                return cls(name.strip().lower())
            except ValueError:
                pass
        choices = ", ".join(d.value for d in cls)
        raise ValueError(f"unknown difficulty {name!r}: expected one of {choices}")

    @property
    def powers(self) -> int:
        """Majda Power uses per game."""
        return len(self.penalties)

    @property
    def minimum(self) -> int:
        """Dice to place per turn (before the cap by empty cells)."""
        return 3 if self is Difficulty.NIGHTMARE else 2

    @property
    def penalties(self) -> tuple[int, ...]:
        """The penalty of each power use, in order of use."""
        return _PENALTIES[self]

    def power_penalty(self, uses: int) -> int:
        """Total penalty after ``uses`` powers (positive); ``ValueError`` past the limit."""
        if not is_whole(uses):
            raise ValueError(f"power uses must be a whole number, not {uses!r}")
        if not 0 <= uses <= self.powers:
            raise ValueError(f"{self.name} allows 0 to {self.powers} Majda Power uses, not {uses}")
        return sum(self.penalties[:uses])

    def required_minimum(self, board: Board) -> int:
        """min(difficulty minimum, EMPTY cells of ``board``); ruins are not empty."""
        return min(self.minimum, board.count(EMPTY))


_PENALTIES = {
    Difficulty.PEACEFUL: (10, 20, 40),
    Difficulty.SURVIVAL: (70,),
    Difficulty.NIGHTMARE: (),
}

_SYMBOLS = {".": EMPTY, "#": RUIN, **{str(v): v for v in VALUES}}


def parse_board(text: object) -> Board:
    """The board written in RULES.md's notation: ``1``-``6`` NUMBER, ``.`` EMPTY, ``#`` RUIN.

    ``/`` between rows is allowed and ignored; anything else is a ``ValueError``.

    >>> parse_board("12../..../..#./....")[:4]
    (1, 2, 0, 0)
    >>> parse_board("1234")
    Traceback (most recent call last):
    ...
    ValueError: a board has 16 cells, this one has 4: '1234'
    """
    if not isinstance(text, str):
        raise ValueError(f"a board is written as text, not {type(text).__name__}")
    cells = []
    for pos, ch in enumerate(text):
        if ch == "/":
            continue
        value = _SYMBOLS.get(ch)
        if value is None:
            raise ValueError(
                f"unexpected character {ch!r} at position {pos} of board {text!r}: "
                "use 1-6 for numbers, '.' for empty, '#' for a ruin, '/' between rows"
            )
        cells.append(value)
    if len(cells) != CELLS:
        raise ValueError(f"a board has {CELLS} cells, this one has {len(cells)}: {text!r}")
    return tuple(cells)


def format_board(board: Sequence[int]) -> str:
    """The notation of ``board``, rows separated by ``/``.

    >>> format_board(parse_board("1234234.....#..." ))
    '1234/234./..../#...'
    """
    chars = "".join("#" if v == RUIN else "." if v == EMPTY else str(v) for v in board)
    return "/".join(chars[r : r + SIZE] for r in range(0, CELLS, SIZE))


def mask_cells(mask: int) -> list[int]:
    """The cell indices of the set bits of ``mask``, ascending.

    >>> mask_cells(0b1000_0000_0000_0101)
    [0, 2, 15]
    """
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    return cells


# -- placement ---------------------------------------------------------------------------------
# A position for the search: (masks of the cells holding 1..6, mask of the EMPTY cells); the
# six masks, the cells of the value 1 first.
_Masks = tuple[int, ...]


def _masks(board: Board) -> tuple[_Masks, int]:
    by_value = [0] * 6
    empty = 0
    for i, v in enumerate(board):
        if v == EMPTY:
            empty |= 1 << i
        elif v != RUIN:  # a number
            by_value[v - 1] |= 1 << i
    return tuple(by_value), empty


def _legal(by_value: _Masks, empty: int, value: int) -> int:
    numbers = by_value[0] | by_value[1] | by_value[2] | by_value[3] | by_value[4] | by_value[5]
    if not numbers:  # the first die of the game (or a board of ruins only)
        return empty
    far = 0
    for w in _FAR[value]:
        far |= by_value[w - 1]
    return empty & _spread(numbers) & ~_spread(far)


def _check_value(value: object) -> int:
    if not is_whole(value, 1, 6):
        raise ValueError(f"a die shows 1 to 6, not {value!r}")
    return value


def legal_cells_by_value(board: Board, values: Iterable[int]) -> dict[int, tuple[int, ...]]:
    """For each distinct value of ``values`` (in order of first appearance), the sorted cells
    of ``board`` (a tuple board) where a die of that value may be staged now. The board is
    read once for all of them: a whole roll costs little more than one die.

    >>> legal_cells_by_value(parse_board("3.../4.../..../...."), (3, 5, 3))
    {3: (1, 5, 8), 5: (5, 8)}
    """
    wanted = dict.fromkeys(_check_value(v) for v in values)
    by_value, empty = _masks(board)
    return {v: tuple(mask_cells(_legal(by_value, empty, v))) for v in wanted}


def can_place_on(board: Board, dice: Iterable[int], required: int) -> bool:
    """True when some order of legal placements places ``required`` of ``dice`` on ``board``.

    Depth-first over placements; positions already refuted are remembered (the same set of
    placements is reached by many orders), and the last die only needs one legal cell.
    """
    values = tuple(sorted(_check_value(v) for v in dice))
    if not is_whole(required, low=0):
        raise ValueError(f"required must be a whole number of dice >= 0, not {required!r}")
    if required > len(values):
        return False
    by_value, empty = _masks(board)
    if required > empty.bit_count():
        return False
    return _search(by_value, empty, values, required, set())


def _search(
    by_value: _Masks,
    empty: int,
    dice: tuple[int, ...],
    need: int,
    refuted: set[tuple[_Masks, tuple[int, ...]]],
) -> bool:
    if need == 0:
        return True
    key = (by_value, dice)
    if key in refuted:
        return False
    last = None
    for i, v in enumerate(dice):
        if v == last:  # equal dice are interchangeable
            continue
        last = v
        mask = _legal(by_value, empty, v)
        if not mask:
            continue
        if need == 1:
            return True
        rest = dice[:i] + dice[i + 1 :]
        while mask:
            bit = mask & -mask
            mask ^= bit
            placed = list(by_value)
            placed[v - 1] |= bit
            if _search(tuple(placed), empty & ~bit, rest, need - 1, refuted):
                return True
    refuted.add(key)
    return False


@dataclass(frozen=True)
class CellReason:
    """Why a die of some value may not go on a cell: a code for the interface to translate.

    ``code`` is one of ``"ok"``, ``"not-empty"``, ``"not-adjacent"`` (touches no number) or
    ``"too-far"`` (``neighbour`` holds ``neighbour_value``, which differs by more than 1).
    """

    code: str
    neighbour: int | None = None
    neighbour_value: int | None = None


def explain_cell(board: Board, cell: int, value: int) -> CellReason:
    """Why ``value`` may or may not be staged on ``cell`` of ``board``.

    >>> explain_cell(parse_board("4.../..../..../...."), 1, 6)
    CellReason(code='too-far', neighbour=0, neighbour_value=4)
    >>> explain_cell(parse_board("4.../..../..../...."), 5, 4).code
    'not-adjacent'
    """
    _check_value(value)
    if not isinstance(cell, int) or not 0 <= cell < CELLS:
        raise ValueError(f"cells are numbered 0 to 15, not {cell!r}")
    if board[cell] != EMPTY:
        return CellReason("not-empty")
    if not any(v > 0 for v in board):
        return CellReason("ok")
    near = [n for n in NEIGHBOURS[cell] if board[n] > 0]
    if not near:
        return CellReason("not-adjacent")
    for n in near:
        if abs(board[n] - value) > 1:
            return CellReason("too-far", n, board[n])
    return CellReason("ok")


# -- scoring -----------------------------------------------------------------------------------
def line_bonus(values: Sequence[int]) -> Bonus | None:
    """The single best bonus of one line read in board order, or None.

    Only a full numeric line (four NUMBERs) earns a bonus.

    >>> line_bonus([4, 3, 2, 1])
    <Bonus.STRAIGHT: 'straight'>
    >>> line_bonus([1, 3, 2, 4]) is None
    True
    >>> line_bonus([3, 4, 4, 3])
    <Bonus.TWO_PAIRS: 'two-pairs'>
    """
    if len(values) != SIZE or any(v <= 0 for v in values):
        return None
    steps = {b - a for a, b in pairwise(values)}
    if steps in ({1}, {-1}):
        return Bonus.STRAIGHT
    counts = sorted(Counter(values).values())
    if counts == [4]:
        return Bonus.FOUR_OF_A_KIND
    if counts == [2, 2]:
        return Bonus.TWO_PAIRS
    return None


@dataclass(frozen=True)
class LineScore:
    """One row or column: ``kind`` is ``"row"`` or ``"column"``, ``index`` 0..3."""

    kind: str
    index: int
    cells: tuple[int, ...]
    total: int
    bonus: Bonus | None
    full: bool

    @property
    def bonus_points(self) -> int:
        return self.bonus.points if self.bonus else 0


@dataclass(frozen=True)
class ScoreBreakdown:
    """Every part of the final-score formula, for the game-over screen and the running score.

    ``lines`` holds the 4 rows, then the 4 columns, in the order of :data:`LINES`.
    """

    lines: tuple[LineScore, ...]
    base: int
    bonuses: int
    ruins: int
    ruin_penalty: int
    powers_used: int
    power_penalty: int
    total: int


def score_breakdown(
    board: Board, difficulty: Difficulty = Difficulty.PEACEFUL, powers_used: int = 0
) -> ScoreBreakdown:
    """Base + line bonuses − ruin penalties − power penalties, with every part kept."""
    power_penalty = difficulty.power_penalty(powers_used)
    lines = []
    for n, cells in enumerate(LINES):
        values = [board[c] for c in cells]
        numbers = [v for v in values if v > 0]
        lines.append(
            LineScore(
                kind="row" if n < SIZE else "column",
                index=n % SIZE,
                cells=cells,
                total=sum(numbers),
                bonus=line_bonus(values),
                full=len(numbers) == SIZE,
            )
        )
    base = sum(line.total for line in lines)
    bonuses = sum(line.bonus_points for line in lines)
    ruins = board.count(RUIN)
    ruin_penalty = RUIN_PENALTY * ruins
    return ScoreBreakdown(
        lines=tuple(lines),
        base=base,
        bonuses=bonuses,
        ruins=ruins,
        ruin_penalty=ruin_penalty,
        powers_used=powers_used,
        power_penalty=power_penalty,
        total=base + bonuses - ruin_penalty - power_penalty,
    )
