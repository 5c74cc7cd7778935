"""The coach: the actions to play now (the HINT), as the engine's action strings.

:func:`suggest` answers the decision the game waits for; :func:`explain` gives a reason code
(for the interface to translate) when that answer uses a Majda Power or makes a ruin.

>>> from magdagdon.game import Game
>>> game = Game.new("nightmare", seed=2)
>>> suggest(game)
['roll']
>>> game = game.apply("roll")
>>> game.dice
(4, 3, 4, 5)
>>> suggest(game)[-1]
'confirm'
>>> suggest(game.play(suggest(game))) == ["roll"]
True

How it plays
------------
* **Placing.** Every distinct board the roll can reach (at least the required minimum staged,
  in any legal order; the first die of an empty board only on cell 0, 1 or 5, the others being
  mirror images) is scored by a value function, and the best is staged, then CONFIRM. Dice
  already staged where that plan puts them stay; any other staging is cleared first, so any
  state works (a dead end included).
* **The value function** estimates the final score from a committed board: the numbers placed
  (twice each), −15 per ruin, the bonuses of full lines, plus two learned tables: the expected
  final points of each EMPTY cell, by how many cells are empty and by the values its numeric
  neighbours still allow (an interval, or none: a dead cell that will be a ruin); and, for each
  unfinished line, the chance it ends with each bonus, by how many of its cells are empty and
  how many bonus patterns (the 42 full lines with a bonus whose neighbours differ by at most 1)
  its numbers and the allowed values of its empty cells still fit. Dice are treated as fair
  and unknown: the coach never looks at future rolls.
* **Majda Powers** (PEACEFUL, SURVIVAL). Each −1/+1 of a die is valued exactly (the best
  board of the changed roll); each REROLL of a subset of dice by its expectation over every
  outcome (the 126 four-dice multisets at most, each valued once; the subsets are tried from
  the fewest dice up, within a work budget so a decision stays fast). A power is suggested when
  it beats placing the roll (or, in MAGDAGDON, the best ruin) by more than its penalty plus a
  margin (the value of keeping it for later, tuned by self-play). The suggestion then ends at
  the power: the next decision is taken on the new dice.
* **Ruins.** In MAGDAGDON without a better power: ``accept``, then the EMPTY cell whose ruin
  leaves the best value (in effect a dead cell first, then one whose row and column have the
  least bonus left to lose).
* **Deterministic**: no randomness and no clock; ties go to the first board found. Its floats
  are added left to right (``reduce(add, …)``), as ``sum`` did before Python 3.12 (which
  compensates: the same sum then differs in its last bits), so CPython and Pyodide agree to the
  bit: the day's puzzle is one for everyone.

Strength and speed
------------------
``bench/coach.py`` plays seeds 0..199 of each difficulty beside the player that takes the best
immediate score and a random legal player, and times each decision in CPython;
``bench/coach_page.py`` times it inside Pyodide. Their last figures are on the figures page
(bench/results/README.md). ``tools/tune_coach.py`` refits the value tables by self-play.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import reduce
from math import factorial
from operator import add, itemgetter

from .game import Game, Phase
from .rules import CELLS, EMPTY, LINES, NEIGHBOURS, RUIN, Difficulty, line_bonus
from .steps import Steps, run

__all__ = ["suggest", "suggest_steps", "Position", "run", "Steps", "explain"]

# -- cell codes ---------------------------------------------------------------------------------
# A board is read as 16 codes: 1..6 a NUMBER, 7 a RUIN, 8 + m an EMPTY cell whose numeric
# neighbours allow the values of the 6-bit mask m (bit v-1 is the value v): 8 is a dead cell
# (no value fits, or enclosed by ruins and edges) and OPEN (8 + 63) a cell touching no number.
RUINED, DEAD, OPEN = 7, 8, 8 + 63
#: The values a die may take next to a number v, as a mask.
_NEAR = {v: sum(1 << (w - 1) for w in range(max(1, v - 1), min(6, v + 1) + 1)) for v in range(1, 7)}
#: The masks an EMPTY cell can have (none, all, or an interval of at most 3 values).
_MASKS = (
    0,
    63,
    *(
        sum(1 << (w - 1) for w in range(lo, hi + 1))
        for lo in range(1, 7)
        for hi in range(lo, min(6, lo + 2) + 1)
    ),
)
_CLASS = {8 + m: i for i, m in enumerate(_MASKS)}
#: For each code, the values a die may be staged with there (a board with numbers), as a mask.
_LEGAL = tuple(code - 8 if DEAD < code < OPEN else 0 for code in range(OPEN + 1))
_LINE_CODES = tuple(itemgetter(*line) for line in LINES)
#: The first die of an empty board: a corner, an edge, a centre (the others are mirror images).
_FIRST_CELLS = (0, 1, 5)

STRAIGHT, FOUR, PAIRS = 0, 1, 2
_POINTS = (60, 40, 20)
#: Compatible patterns are counted up to this, per kind.
_CAPS = (6, 6, 12)
#: EMPTY cells left → row of the cell table (1-2, 3-4, 5-7, 8-11, 12-16 left).
_BUCKET = (0, 0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4)
#: EMPTY cells left → part of the game for the line tables (1-4, 5-9, 10-16 left).
_PART = (0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2)


def _patterns() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every full line with a bonus whose neighbours differ by at most 1: (kind, values).

    >>> len(PATTERNS), PATTERNS[0], PATTERNS[6]
    (42, (0, (1, 2, 3, 4)), (1, (1, 1, 1, 1)))
    """
    found = []
    for low in range(1, 4):
        run = tuple(range(low, low + 4))
        found += [(STRAIGHT, run), (STRAIGHT, run[::-1])]
    found += [(FOUR, (v,) * 4) for v in range(1, 7)]
    for a in range(1, 6):  # two pairs must be a and a+1: every arrangement puts them side by side
        for shape in ("aabb", "abab", "abba", "baab", "baba", "bbaa"):
            found.append((PAIRS, tuple(a if ch == "a" else a + 1 for ch in shape)))
    return tuple(found)


PATTERNS = _patterns()


def _codes(board: tuple[int, ...]) -> tuple[int, ...]:
    """The code of every cell of ``board`` (see above).

    Cell 1, between a 3 and a 5, allows only a 4 (8 + 0b1000); cell 5 touches no number:

    >>> _codes((3, 0, 5) + (0,) * 12 + (-1,))[:6]
    (3, 16, 5, 64, 22, 71)
    """
    codes = []
    for cell, value in enumerate(board):
        if value:
            codes.append(value if value > 0 else RUINED)
            continue
        mask, reachable = 63, False
        for n in NEIGHBOURS[cell]:
            near = board[n]
            if near > 0:
                mask &= _NEAR[near]
            reachable = reachable or near >= 0
        codes.append(8 + mask if reachable else DEAD)
    return tuple(codes)


def _place(codes: tuple[int, ...], cell: int, value: int) -> tuple[int, ...]:
    """``codes`` after a die of ``value`` is placed on ``cell``."""
    new = list(codes)
    new[cell] = value
    near = _NEAR[value]
    for n in NEIGHBOURS[cell]:
        code = new[n]
        if code >= DEAD:
            new[n] = DEAD + ((code - DEAD) & near)
    return tuple(new)


def _fits(key: tuple[int, ...]) -> tuple[int, list[int]] | None:
    """For a line of codes: its EMPTY cells and how many bonus patterns of each kind it still
    fits, or None when it cannot earn a bonus any more (a ruin, a dead cell).

    >>> _fits((1, 2, 3, 8 + 0b1100))
    (1, [1, 0, 0])
    >>> _fits((3, 4, RUINED, 4)) is None
    True
    """
    if RUINED in key or DEAD in key:
        return None
    counts = [0, 0, 0]
    for kind, pattern in PATTERNS:
        for code, value in zip(key, pattern, strict=True):
            if code < DEAD:
                if code != value:
                    break
            elif not (code - DEAD) >> (value - 1) & 1:
                break
        else:
            counts[kind] += 1
    return sum(code > DEAD for code in key), counts


class _Model:
    """The value function of one difficulty: the expected final score of a committed board
    (before the power penalty), from tuned tables (see ``_WEIGHTS``): ``cells`` in tenths of
    a point, ``lines`` (the chance of each bonus) per mille."""

    def __init__(
        self,
        cells: Sequence[Sequence[int]],
        lines: Sequence[Sequence[Sequence[Sequence[int]]]],
    ) -> None:
        #: Per part of the game, kind of bonus, EMPTY cells of the line (1-4) and patterns
        #: still fitted: the chance the line ends with that bonus.
        self.chances = [
            [[[n / 1000 for n in row] for row in kind] for kind in part] for part in lines
        ]
        self.rows: list[list[float]] = []  # per bucket of EMPTY cells left: points by code
        for bucket in cells:
            row = [0.0] * (OPEN + 1)
            for value in range(1, 7):
                row[value] = 2.0 * value
            row[RUINED] = -15.0
            for code, index in _CLASS.items():
                row[code] = bucket[index] / 10
            self.rows.append(row)
        self.memos: list[dict[tuple[int, ...], float]] = [{} for _ in lines]

    def line(self, key: tuple[int, ...], part: int) -> float:
        """The bonus points a line of codes has, or may still expect in this ``part`` of the
        game."""
        fits = _fits(key)
        if fits is None:
            return 0.0
        empties, counts = fits
        if not empties:
            bonus = line_bonus(key)
            return float(bonus.points) if bonus else 0.0
        table = self.chances[part]
        return reduce(
            add,
            (
                points * table[kind][empties - 1][min(counts[kind], _CAPS[kind])]
                for kind, points in enumerate(_POINTS)
            ),
            0.0,
        )

    def value(self, codes: tuple[int, ...]) -> float:
        """The expected final score of the board of ``codes``."""
        empties = sum(code >= DEAD for code in codes)
        total = reduce(add, map(self.rows[_BUCKET[empties]].__getitem__, codes), 0.0)
        part = _PART[empties]
        memo = self.memos[part]
        for line_codes in _LINE_CODES:
            key = line_codes(codes)
            points = memo.get(key)
            if points is None:
                points = memo[key] = self.line(key, part)
            total += points
        return total


def _frontier(codes: tuple[int, ...]) -> list[tuple[int, int]]:
    """(cell, mask of the values a die may take there) for every cell a die may go on now."""
    if any(code < RUINED for code in codes):  # a number (codes start at 1)
        return [(cell, _LEGAL[code]) for cell, code in enumerate(codes) if _LEGAL[code]]
    if all(code == OPEN for code in codes):  # the empty board: mirror images are the same
        return [(cell, 63) for cell in _FIRST_CELLS]
    return [(cell, 63) for cell, code in enumerate(codes) if code >= DEAD]


#: A plan: the (value, cell) of each die to stage, in a legal order.
Plan = tuple[tuple[int, int], ...]


def _plans(
    codes: tuple[int, ...], dice: tuple[int, ...], required: int
) -> dict[tuple[int, ...], Plan]:
    """Every board (as codes) reachable by staging at least ``required`` of ``dice`` (sorted
    values) in a legal order → the (value, cell) steps of one such order."""
    found: dict[tuple[int, ...], Plan] = {}
    seen: set[tuple[int, ...]] = set()
    stack: list[tuple[tuple[int, ...], Plan, tuple[int, ...]]] = [(codes, (), dice)]
    while stack:
        here, steps, left = stack.pop()
        if len(steps) >= required:
            found[here] = steps
        if not left:
            continue
        frontier = _frontier(here)
        for i, value in enumerate(left):
            if value in left[:i]:  # equal dice are interchangeable
                continue
            bit, rest = 1 << (value - 1), left[:i] + left[i + 1 :]
            for cell, mask in frontier:
                if mask & bit:
                    after = _place(here, cell, value)
                    if after not in seen:
                        seen.add(after)
                        stack.append((after, (*steps, (value, cell)), rest))
    return found


# -- tuned weights (written by tools/tune_coach.py) --
# fmt: off
_WEIGHTS = {
    "two": (
        (  # cells: tenths of a point; per bucket, by class (_MASKS order)
            (-150, 39, 18, -26, 17, -71, -1, 33, -50, 12, 54, -40, 14, 67, -40, 18, 108),
            (-150, 29, 18, -19, 10, -51, -6, 28, -24, 27, 55, -16, 18, 59, -21, 42, 108),
            (-150, 37, 18, -7, 17, -8, 6, 31, 2, 41, 50, 15, 40, 67, 13, 61, 108),
            (-150, 41, 18, 6, 25, 14, 28, 38, 25, 42, 51, 45, 51, 76, 45, 81, 108),
            (-150, 42, 18, 19, 33, 39, 36, 43, 41, 55, 58, 50, 59, 82, 85, 95, 108),
        ),
        (  # lines: per mille; per part, kind, EMPTY cells (1-4), patterns
            (
                (
                    (0, 530, 840, 936, 974, 990, 996),
                    (0, 310, 510, 657, 760, 832, 882),
                    (0, 227, 433, 319, 400, 472, 536),
                    (0, 237, 111, 313, 185, 226, 265),
                ),
                (
                    (0, 454, 840, 936, 974, 990, 996),
                    (0, 179, 510, 657, 760, 832, 882),
                    (0, 54, 226, 319, 400, 472, 536),
                    (0, 23, 32, 131, 185, 226, 265),
                ),
                (
                    (0, 396, 840, 936, 974, 990, 996, 998, 999, 1000, 1000, 1000, 1000),
                    (0, 168, 206, 657, 760, 832, 882, 918, 942, 960, 972, 980, 986),
                    (0, 88, 46, 108, 272, 472, 189, 591, 640, 684, 721, 755, 784),
                    (0, 50, 43, 143, 134, 226, 147, 302, 247, 225, 270, 431, 120),
                ),
            ),
            (
                (
                    (0, 716, 840, 936, 974, 990, 996),
                    (0, 490, 510, 657, 760, 832, 882),
                    (0, 256, 328, 319, 400, 472, 536),
                    (0, 107, 152, 238, 227, 152, 106),
                ),
                (
                    (0, 563, 840, 936, 974, 990, 996),
                    (0, 322, 510, 657, 760, 832, 882),
                    (0, 79, 226, 319, 400, 472, 536),
                    (0, 0, 15, 61, 185, 226, 136),
                ),
                (
                    (0, 385, 840, 936, 974, 990, 996, 998, 999, 1000, 1000, 1000, 1000),
                    (0, 150, 174, 657, 760, 832, 882, 918, 942, 960, 972, 980, 986),
                    (0, 117, 70, 108, 132, 472, 121, 591, 640, 684, 721, 755, 784),
                    (0, 50, 35, 143, 51, 226, 53, 170, 384, 92, 225, 431, 98),
                ),
            ),
            (
                (
                    (0, 826, 840, 936, 974, 990, 996),
                    (0, 611, 510, 657, 760, 832, 882),
                    (0, 365, 484, 319, 400, 472, 536),
                    (0, 112, 324, 286, 428, 327, 180),
                ),
                (
                    (0, 631, 840, 936, 974, 990, 996),
                    (0, 431, 510, 657, 760, 832, 882),
                    (0, 94, 226, 319, 400, 472, 536),
                    (0, 0, 20, 73, 185, 226, 51),
                ),
                (
                    (0, 407, 840, 936, 974, 990, 996, 998, 999, 1000, 1000, 1000, 1000),
                    (0, 62, 102, 657, 760, 832, 882, 918, 942, 960, 972, 980, 986),
                    (0, 85, 61, 69, 101, 472, 102, 591, 640, 684, 721, 755, 784),
                    (0, 50, 19, 143, 148, 226, 38, 64, 383, 53, 303, 431, 82),
                ),
            ),
        ),
    ),
    "nightmare": (
        (  # cells: tenths of a point; per bucket, by class (_MASKS order)
            (-150, -17, 18, -38, 10, -68, -1, 36, -50, -4, 47, -43, -1, 68, -42, 25, 108),
            (-150, -22, 18, -70, -17, -83, -42, 18, -64, -40, 34, -46, -35, 34, -52, -17, 108),
            (-150, 4, 18, -38, 4, -48, -34, 20, -30, -6, 34, -18, -29, 52, 0, 17, 108),
            (-150, 9, 18, -18, 15, -32, -27, 28, 0, 11, 39, 20, 15, 60, 37, 44, 108),
            (-150, 24, 18, -40, 22, -12, 35, 33, 54, 63, 45, 46, 85, 70, 69, 43, 108),
        ),
        (  # lines: per mille; per part, kind, EMPTY cells (1-4), patterns
            (
                (
                    (0, 489, 840, 936, 974, 990, 996),
                    (0, 215, 510, 657, 760, 832, 882),
                    (0, 114, 139, 319, 400, 472, 536),
                    (0, 19, 234, 60, 117, 197, 94),
                ),
                (
                    (0, 403, 840, 936, 974, 990, 996),
                    (0, 145, 510, 657, 760, 832, 882),
                    (0, 24, 226, 319, 400, 472, 536),
                    (0, 18, 121, 25, 185, 226, 94),
                ),
                (
                    (0, 352, 840, 936, 974, 990, 996, 998, 999, 1000, 1000, 1000, 1000),
                    (0, 124, 177, 657, 760, 832, 882, 918, 942, 960, 972, 980, 986),
                    (0, 33, 30, 82, 115, 472, 147, 591, 640, 684, 721, 755, 784),
                    (0, 50, 15, 143, 107, 226, 132, 279, 194, 449, 333, 431, 84),
                ),
            ),
            (
                (
                    (0, 622, 840, 936, 974, 990, 996),
                    (0, 395, 510, 657, 760, 832, 882),
                    (0, 227, 287, 319, 400, 472, 536),
                    (0, 128, 133, 169, 73, 186, 124),
                ),
                (
                    (0, 475, 840, 936, 974, 990, 996),
                    (0, 173, 510, 657, 760, 832, 882),
                    (0, 33, 226, 319, 400, 472, 536),
                    (0, 0, 24, 22, 185, 226, 24),
                ),
                (
                    (0, 324, 840, 936, 974, 990, 996, 998, 999, 1000, 1000, 1000, 1000),
                    (0, 123, 154, 657, 760, 832, 882, 918, 942, 960, 972, 980, 986),
                    (0, 37, 37, 55, 97, 472, 82, 591, 640, 684, 721, 755, 784),
                    (0, 29, 11, 143, 75, 226, 40, 84, 113, 92, 152, 431, 52),
                ),
            ),
            (
                (
                    (0, 789, 840, 936, 974, 990, 996),
                    (0, 499, 510, 657, 760, 832, 882),
                    (0, 260, 422, 319, 400, 472, 536),
                    (0, 45, 241, 181, 377, 237, 292),
                ),
                (
                    (0, 654, 840, 936, 974, 990, 996),
                    (0, 189, 510, 657, 760, 832, 882),
                    (0, 43, 226, 319, 400, 472, 536),
                    (0, 2, 9, 16, 185, 226, 22),
                ),
                (
                    (0, 245, 840, 936, 974, 990, 996, 998, 999, 1000, 1000, 1000, 1000),
                    (0, 57, 117, 657, 760, 832, 882, 918, 942, 960, 972, 980, 986),
                    (0, 34, 43, 41, 62, 472, 67, 591, 640, 684, 721, 755, 784),
                    (0, 50, 13, 143, 185, 226, 33, 302, 85, 35, 228, 431, 58),
                ),
            ),
        ),
    ),
}
# fmt: on
# -- end of tuned weights --

#: The value function of each difficulty: PEACEFUL and SURVIVAL without powers are the same game.
_MODELS = {
    Difficulty.PEACEFUL: _Model(*_WEIGHTS["two"]),
    Difficulty.SURVIVAL: _Model(*_WEIGHTS["two"]),
    Difficulty.NIGHTMARE: _Model(*_WEIGHTS["nightmare"]),
}
#: Keeping the next power is worth this much beyond its penalty, by the powers already used (a
#: margin growing with the EMPTY cells did no better: see the module's description).
_MARGINS = {
    Difficulty.PEACEFUL: (30.0, 30.0, 30.0),
    Difficulty.SURVIVAL: (5.0,),
    Difficulty.NIGHTMARE: (),
}
#: Boards reached while valuing REROLLs before the coach stops looking at more of them.
_BUDGET = 1000


def _outcomes(count: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every multiset of ``count`` fair dice (sorted) with its probability.

    >>> len(_outcomes(4)), _outcomes(1)[0], round(sum(p for _, p in _outcomes(3)), 9)
    (126, ((1,), 0.16666666666666666), 1.0)
    """
    found = []
    for combo in itertools.combinations_with_replacement(range(1, 7), count):
        ways = factorial(count)
        for value in set(combo):
            ways //= factorial(combo.count(value))
        found.append((combo, ways / 6**count))
    return tuple(found)


_OUTCOMES = {count: _outcomes(count) for count in range(1, 5)}
#: Every set of dice a REROLL may choose, fewest dice first.
_SUBSETS = tuple(s for n in range(1, 5) for s in itertools.combinations(range(4), n))


class _Search:
    """One decision: the committed board, its best plan for any roll, valued once each."""

    def __init__(self, game: Game) -> None:
        self.model = _MODELS[game.difficulty]
        self.board, self.required = game.board, game.required
        self.codes = _codes(game.board)
        self.best: dict[tuple[int, ...], tuple[float, Plan]] = {}  # sorted roll → (value, plan)
        self.work = 0  # boards reached: a budget that keeps a decision fast, deterministically
        self.values: dict[tuple[int, ...], float] = {}
        self._ruin: tuple[float, int] | None = None

    def value(self, codes: tuple[int, ...]) -> float:
        found = self.values.get(codes)
        if found is None:
            found = self.values[codes] = self.model.value(codes)
        return found

    def ruin(self) -> tuple[float, int]:
        """(value, cell) of the best EMPTY cell to ruin (the lowest cell on a tie)."""
        if self._ruin is None:
            board, value = self.board, self.model.value
            options = [
                (value(_codes(board[:cell] + (RUIN,) + board[cell + 1 :])), -cell)
                for cell in range(CELLS)
                if board[cell] == EMPTY
            ]
            best, cell = max(options)
            self._ruin = (best, -cell)
        return self._ruin

    def roll(self, dice: tuple[int, ...]) -> float:
        """The value of the best board ``dice`` can reach (the best ruin if none)."""
        key = tuple(sorted(dice))
        found = self.best.get(key)
        if found is None:
            plans = _plans(self.codes, key, self.required)
            self.work += len(plans) + 1
            if plans:
                best = max(plans, key=self.value)  # the first found on a tie
                found = self.best[key] = (self.values[best], plans[best])
            else:
                found = self.best[key] = (self.ruin()[0], ())
        return found[0]

    def reroll(self, dice: tuple[int, ...], chosen: tuple[int, ...]) -> Steps[float]:
        """The expected value after rerolling the dice ``chosen`` (a step after each roll
        valued for the first time)."""
        kept = tuple(v for die, v in enumerate(dice) if die not in chosen)
        expected = 0.0
        for combo, p in _OUTCOMES[len(chosen)]:
            fresh = tuple(sorted(kept + combo)) not in self.best
            expected += p * self.roll(kept + combo)
            if fresh:
                yield
        return expected


def _changes(game: Game) -> list[tuple[tuple[int, ...], str]]:
    """(dice after, action) of every −1/+1 allowed now."""
    found = []
    for die, value in enumerate(game.dice):
        for verb, delta in (("dec", -1), ("inc", 1)):
            if 1 <= value + delta <= 6:
                found.append(
                    (game.dice[:die] + (value + delta,) + game.dice[die + 1 :], f"{verb} {die}")
                )
    return found


def _power(game: Game, search: _Search) -> Steps[str | None]:
    """The Majda Power to use now, or None: the best −1/+1 (valued exactly) or REROLL (valued
    by expectation, within the work budget) when it beats not using one by more than its
    penalty and the margin of keeping it. In steps: one after each roll valued."""
    cost = game.next_power_cost
    if cost is None or not game.can_use_power:
        return None
    dice = game.dice
    keep = search.roll(dice)  # in MAGDAGDON: the best ruin
    yield
    options = []
    for after, change in _changes(game):
        options.append((search.roll(after), change))
        yield
    for chosen in _SUBSETS:
        if search.work > _BUDGET:
            break
        value = yield from search.reroll(dice, chosen)
        options.append((value, "reroll " + " ".join(map(str, chosen))))
    best, action = max(options, key=itemgetter(0))  # the first of the best
    return action if best - (cost + _margin(game)) > keep else None


def _margin(game: Game) -> float:
    """What keeping the next Majda Power is worth (beyond its penalty), by the tuned margins."""
    return _MARGINS[game.difficulty][game.powers_used]


def _placing(game: Game, search: _Search) -> list[str]:
    """Stage the best plan of the roll, then CONFIRM. Dice already staged where the plan puts
    them stay (the rest of the plan is still legal after them: its numbers all fit together
    and each cell touches an earlier one), unless the board has no number yet; any other
    staging is cleared first."""
    search.roll(game.dice)
    plan = search.best[tuple(sorted(game.dice))][1]
    staged = [(game.dice[die], cell) for die, cell in game.placements]
    has_numbers = any(v > 0 for v in game.board)
    if set(staged) <= set(plan) and (has_numbers or staged == list(plan[: len(staged)])):
        actions, free = [], list(game.available)
    else:
        actions, free, staged = ["clear"], list(range(len(game.dice))), []
    for value, cell in plan:
        if (value, cell) not in staged:
            die = next(d for d in free if game.dice[d] == value)
            free.remove(die)
            actions.append(f"stage {die} {cell}")
    return [*actions, "confirm"]


def _before_power(game: Game, action: str) -> list[str]:
    """``action`` (a power), after a ``clear`` when it changes a staged die."""
    dice = {int(arg) for arg in action.split()[1:]}
    return ["clear", action] if dice & set(game.staged) else [action]


class Position:
    """One decision of a game as the coach sees it: its answer, worked out in steps
    (:meth:`decide`), and the estimates of its value function for any choice there. An
    estimate is the expected final score before the penalties of the powers used (a full
    board's is its exact score before them). Each roll is searched once per position,
    whichever method asks for it first.

    >>> from magdagdon.game import Game
    >>> position = Position(Game.new("nightmare", seed=2).apply("roll"))
    >>> actions = run(position.decide())
    >>> actions == suggest(position.game)
    True
    >>> position.roll(position.game.dice) == position.board(
    ...     position.game.play(actions[:-1]).staged_board)
    True
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self._search = _Search(game)

    def decide(self) -> Steps[list[str]]:
        """The coach's actions for the decision the game waits for (:func:`suggest`'s answer),
        in steps of at most one roll searched."""
        game, search = self.game, self._search
        if game.phase is Phase.ROLL:
            return ["roll"]
        if game.phase is Phase.OVER:
            return []
        power = yield from _power(game, search)
        if power:
            return _before_power(game, power)
        if game.phase is Phase.PLACING:
            return _placing(game, search)
        ruin = f"ruin {search.ruin()[1]}"
        return ["accept", ruin] if game.phase is Phase.MAGDAGDON else [ruin]

    def board(self, board: tuple[int, ...]) -> float:
        """The estimate once ``board`` is the committed board."""
        return self._search.value(_codes(board))

    def roll(self, dice: tuple[int, ...]) -> float:
        """The estimate after the best placement of ``dice`` on the committed board (the best
        ruin when they cannot be placed)."""
        return self._search.roll(dice)

    def ruin(self, cell: int) -> float:
        """The estimate once the EMPTY ``cell`` is ruined."""
        board = self.game.board
        return self.board(board[:cell] + (RUIN,) + board[cell + 1 :])

    def power(self, action: str) -> float:
        """The estimate after the Majda Power ``action`` (``dec D``, ``inc D`` or ``reroll D
        …``), before its penalty: the best placement of the changed dice, or for a REROLL its
        expectation over every outcome."""
        verb, *args = action.split()
        dice = tuple(int(arg) for arg in args)
        game = self.game
        if verb == "reroll":
            return run(self._search.reroll(game.dice, dice))
        die = dice[0]
        value = game.dice[die] + (1 if verb == "inc" else -1)
        return self._search.roll(game.dice[:die] + (value,) + game.dice[die + 1 :])

    @property
    def margin(self) -> float:
        """What the coach reckons keeping the next Majda Power is worth beyond its penalty: it
        uses a power only when the power gains more than both."""
        return _margin(self.game)


def suggest(game: Game) -> list[str]:
    """The actions, in order, for the decision ``game`` waits for (see the module docstring):
    ``["roll"]``; stagings then ``confirm``; a Majda Power (the next decision is taken on the
    new dice); ``accept`` then ``ruin C``; ``ruin C``; ``[]`` once the game is over."""
    return run(suggest_steps(game))


def suggest_steps(game: Game) -> Steps[list[str]]:
    """:func:`suggest` in steps of a few milliseconds (one roll's boards valued a step), so
    that a page can answer taps between them; the same answer (:meth:`Position.decide`).

    >>> from magdagdon.game import Game
    >>> game = Game.new("peaceful", seed=5).apply("roll")
    >>> steps = suggest_steps(game)
    >>> taken = sum(1 for _ in iter(lambda: next(steps, "end"), "end"))
    >>> taken > 1, run(suggest_steps(game)) == suggest(game)
    (True, True)
    """
    return (yield from Position(game).decide())


def _ruin_reason(board: tuple[int, ...], cell: int) -> str:
    """Why ruin ``cell``: ``dead-cell`` (no value may ever fill it), ``broken-lines`` (its row
    and column have no bonus left to lose) or ``least-cost``."""
    codes = _codes(board)
    if codes[cell] == DEAD:
        return "dead-cell"
    lines = [line for line in LINES if cell in line]
    if all(
        not (fits := _fits(tuple(codes[c] for c in line))) or not any(fits[1]) for line in lines
    ):
        return "broken-lines"
    return "least-cost"


def explain(game: Game, actions: list[str]) -> tuple[str, dict[str, object]] | None:
    """A reason code (for the interface to translate) when ``actions``, a suggestion for
    ``game``, use a Majda Power or make a ruin; None otherwise. ``rescue`` is True in
    MAGDAGDON (the power saves the roll from a ruin).

    * ``("power-change", {"die": D, "value": V, "rescue": R})``: −1/+1 makes die D show V;
    * ``("power-reroll", {"dice": [D, ...], "rescue": R})``;
    * ``("ruin", {"cell": C, "reason": "dead-cell" | "broken-lines" | "least-cost"})``.

    >>> from magdagdon.game import Game
    >>> explain(Game.from_board("1.4./2345/3456/4566"), ["accept", "ruin 1"])
    ('ruin', {'cell': 1, 'reason': 'dead-cell'})
    """
    rescue = game.phase is Phase.MAGDAGDON
    for action in actions:
        verb, *args = action.split()
        if verb in ("dec", "inc"):
            die = int(args[0])
            value = game.dice[die] + (1 if verb == "inc" else -1)
            return "power-change", {"die": die, "value": value, "rescue": rescue}
        if verb == "reroll":
            return "power-reroll", {"dice": [int(arg) for arg in args], "rescue": rescue}
        if verb == "ruin":
            cell = int(args[0])
            return "ruin", {"cell": cell, "reason": _ruin_reason(game.board, cell)}
    return None
