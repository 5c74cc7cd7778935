"""PUZZLES: one decision, the same for everyone on a day, and any decision sent to a friend.

A **puzzle** is a position where a decision waits (PLACING or MAGDAGDON): the committed board,
the four dice, the difficulty and the Majda Powers used (the score follows from them). Her
answer is priced by the review's own value function (:func:`magdagdon.review.judge_steps`):
the points it gave up against the coach's choice.

**Today's puzzle** (:func:`day_steps`) is worked out from the date alone: a seed made from the
day picks games, each played by the coach or by a weaker player (the coach some turns, the
**natural move** the others: :func:`natural_steps`, the placement that scores most now, never a
power), and the first decision from a turn the seed picks where the coach's choice beats the
natural move by :data:`GAP` points or more is the day's. Integer arithmetic and the coach only
(which adds its floats left to right in every Python), so CPython and Pyodide find the same one.

**The code** (:func:`encode`, :func:`decode`) carries a position in a link: 16 characters of
Crockford's base 32 (case and ``I``/``L``/``O`` forgiven), the last a check character (Luhn
mod 32: any one character changed is caught, and two neighbours swapped but ``0`` and ``Z``).
Its number holds, from the most significant: how many points the sender lost there (0: not
said, else the loss + 1), the difficulty with the powers used, the 16 cells (8 states each) and
the four dice.

>>> game = position("survival", "1234/2345/..#./....", (3, 3, 5, 6), 0)
>>> code = encode(game, lost=12)
>>> len(code), decode(code).game.board == game.board, decode(code).lost
(16, True, 12)
>>> decode(code[:-1] + ("0" if code[-1] != "0" else "1"))
Traceback (most recent call last):
magdagdon.puzzles.PuzzleError: the puzzle link is damaged (its check character)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .game import SEED_LIMIT, Game, Phase
from .rules import (
    CELLS,
    EMPTY,
    NEIGHBOURS,
    RUIN,
    Difficulty,
    can_place_on,
    parse_board,
    score_breakdown,
)

if TYPE_CHECKING:
    from .coach import Steps
    from .review import Decision

__all__ = ["GAP", "LENGTH", "MOST_LOST", "Puzzle", "PuzzleError", "check_board", "position"]
__all__ += ["encode", "decode", "natural_steps", "day_steps", "said"]

#: The day's puzzle: the coach's choice beats the natural move by this many points or more.
GAP = 8
#: The code's characters: Crockford's base 32.
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_READ = {c: i for i, c in enumerate(ALPHABET)} | {"I": 1, "L": 1, "O": 0}
#: The code's length: the number in 15 characters, and the check character.
LENGTH = 16
#: The most points a sender's loss can say (a larger one is said as this).
MOST_LOST = 999
#: The difficulty and the powers used, as the code counts them.
_STATES = tuple((d, used) for d in Difficulty for used in range(d.powers + 1))
_CELL = {EMPTY: 0, **{v: v for v in range(1, 7)}, RUIN: 7}
_VALUE = {code: value for value, code in _CELL.items()}
_RANGE = (MOST_LOST + 2) * len(_STATES) * 8**CELLS * 6**4
assert _RANGE <= 32 ** (LENGTH - 1)
#: The first turn a day's puzzle may come from (its scan starts at a turn from here on), the
#: fewest EMPTY cells it leaves, and the games looked at before giving up (none ever was).
_FIRST_TURN, _FEWEST_EMPTY, _MOST_GAMES = 2, 4, 60
#: ... and the fewest numbers on its board (a board mid-game).
_FEWEST_NUMBERS = 3
#: The natural move's search yields after this many boards looked at (about 1 ms in CPython).
_BOARDS_A_STEP = 20


class PuzzleError(ValueError):
    """A code that is no puzzle: ``problem`` is ``damaged`` (its length, characters or check
    character) or ``impossible`` (intact, but no position of a game in progress)."""

    def __init__(self, message: str, problem: str) -> None:
        super().__init__(message)
        self.problem = problem


@dataclass(frozen=True)
class Puzzle:
    """A position to answer: ``game`` (waiting in PLACING or MAGDAGDON), the points the one
    who sent it lost there (``lost``: None, not said) and the day it is the puzzle of
    (``day``: None for a puzzle sent)."""

    game: Game
    lost: int | None = None
    day: str | None = None

    @property
    def code(self) -> str:
        return encode(self.game, self.lost)


# -- positions ----------------------------------------------------------------------------------
def check_board(board: tuple[int, ...]) -> None:
    """``ValueError`` unless ``board`` can stand in a game in progress: an EMPTY cell left,
    its numbers one field (each touching another, but a lone first one) whose neighbours
    differ by at most 1."""
    if len(board) != CELLS or EMPTY not in board:
        raise ValueError("no EMPTY cell: the game is over")  # pragma: no mutate
    numbers = [cell for cell, value in enumerate(board) if value > 0]
    for cell in numbers:
        if any(board[n] > 0 and abs(board[n] - board[cell]) > 1 for n in NEIGHBOURS[cell]):
            raise ValueError(
                f"cell {cell} differs by more than 1 from a neighbour"
            )  # pragma: no mutate
    field, todo = set(numbers[:1]), numbers[:1]
    while todo:
        for n in NEIGHBOURS[todo.pop()]:
            if board[n] > 0 and n not in field:
                field.add(n)
                todo.append(n)
    if len(field) != len(numbers):
        raise ValueError("the numbers are not one field")  # pragma: no mutate


def position(
    difficulty: Difficulty | str, board: str | tuple[int, ...], dice: tuple[int, ...], used: int
) -> Game:
    """The game waiting for the decision on ``board`` (notation, or cells) with ``dice`` rolled
    and ``used`` powers used; ``ValueError`` when no game in progress stands so. Its seed (for
    a REROLL's dice) is the position's own number, so the same position deals the same."""
    level = Difficulty.parse(difficulty)
    cells = parse_board(board) if isinstance(board, str) else tuple(board)
    if not all(value in _CELL for value in cells):
        raise ValueError("cells are EMPTY, RUIN or 1 to 6")  # pragma: no mutate
    check_board(cells)
    if len(dice) != 4 or not all(isinstance(v, int) and 1 <= v <= 6 for v in dice):
        raise ValueError(f"four dice of 1 to 6, not {dice!r}")  # pragma: no mutate
    if not 0 <= used <= level.powers:
        raise ValueError(
            f"{level.value} has {level.powers} powers, not {used} used"
        )  # pragma: no mutate
    seed = _number(level, cells, tuple(dice), used) % SEED_LIMIT
    placing = can_place_on(cells, tuple(dice), level.required_minimum(cells))
    phase = Phase.PLACING if placing else Phase.MAGDAGDON
    base = Game.new(level, seed)
    return replace(base, board=cells, dice=tuple(dice), phase=phase, powers_used=used, moves=("?",))


def _number(level: Difficulty, board: tuple[int, ...], dice: tuple[int, ...], used: int) -> int:
    """The position as one number (without the sender's loss)."""
    number = _STATES.index((level, used))
    for value in board:
        number = number * 8 + _CELL[value]
    for value in dice:
        number = number * 6 + value - 1
    return number


# -- the code -----------------------------------------------------------------------------------
def _check(digits: list[int]) -> int:
    """Luhn mod 32's check character for ``digits``."""
    total, factor = 0, 2
    for digit in reversed(digits):
        added = digit * factor
        total += added // 32 + added % 32
        factor = 3 - factor
    return (32 - total % 32) % 32


def encode(game: Game, lost: int | None = None) -> str:
    """The code of the position ``game`` waits in (and the sender's loss there, ``lost``)."""
    said_lost = 0 if lost is None else min(max(lost, 0), MOST_LOST) + 1
    number = said_lost * (_RANGE // (MOST_LOST + 2))
    number += _number(game.difficulty, game.board, game.dice, game.powers_used)
    return code_of(number)


def code_of(number: int) -> str:
    """The code of ``number`` (below :data:`_RANGE`), its check character last."""
    digits = []
    for _ in range(LENGTH - 1):
        number, digit = divmod(number, 32)
        digits.append(digit)
    digits.reverse()
    return "".join(ALPHABET[d] for d in [*digits, _check(digits)])


def decode(code: object) -> Puzzle:
    """The puzzle ``code`` names; :class:`PuzzleError` for anything else (``damaged``: not
    16 characters of the alphabet with their check; ``impossible``: no position of a game in
    progress). Dashes and spaces are ignored, as is case."""
    text = code.upper().replace("-", "").replace(" ", "") if isinstance(code, str) else ""
    if len(text) != LENGTH or not all(c in _READ for c in text):
        raise PuzzleError("the puzzle link is damaged (its length)", "damaged")
    digits = [_READ[c] for c in text]
    if _check(digits[:-1]) != digits[-1]:
        raise PuzzleError("the puzzle link is damaged (its check character)", "damaged")
    number = 0
    for digit in digits[:-1]:
        number = number * 32 + digit
    if number >= _RANGE:
        raise PuzzleError("the puzzle link is damaged (out of range)", "damaged")
    number, rest = divmod(number, _RANGE // (MOST_LOST + 2))
    lost = number - 1 if number else None
    dice = []
    for _ in range(4):
        rest, value = divmod(rest, 6)
        dice.append(value + 1)
    cells = []
    for _ in range(CELLS):
        rest, value = divmod(rest, 8)
        cells.append(_VALUE[value])
    level, used = _STATES[rest]
    try:
        game = position(level, tuple(reversed(cells)), tuple(reversed(dice)), used)
    except ValueError as error:
        raise PuzzleError(
            f"the puzzle link names no real position: {error}", "impossible"
        ) from None
    return Puzzle(game, lost)


# -- the natural move and the day's puzzle ------------------------------------------------------
def natural_steps(game: Game) -> Steps[list[str]]:
    """The natural move (never a power): in PLACING the staging that scores most now (at
    least the minimum; the first found on a tie), then CONFIRM; in MAGDAGDON accept, then ruin
    the first EMPTY cell (every ruin costs the same now). A step every
    :data:`_BOARDS_A_STEP` boards looked at."""
    if game.phase is Phase.MAGDAGDON:
        return ["accept", f"ruin {game.board.index(EMPTY)}"]
    if game.phase is not Phase.PLACING:
        raise ValueError(f"no decision waits in phase {game.phase.value!r}")  # pragma: no mutate
    from .rules import legal_cells_by_value

    dice, required = game.dice, game.required
    best: tuple[int, tuple[tuple[int, int], ...]] = (-(10**9), ())
    seen: set[tuple[int, ...]] = set()
    stack: list[tuple[tuple[int, ...], tuple[tuple[int, int], ...], tuple[int, ...]]]
    stack = [(game.board, (), tuple(range(len(dice))))]
    for done, (board, steps, left) in enumerate(stack, 1):  # (breadth first: it grows)
        if len(steps) >= required:
            total = score_breakdown(board).total
            if total > best[0]:
                best = (total, steps)
        legal = legal_cells_by_value(board, [dice[d] for d in left]) if left else {}
        for die in left:
            for cell in legal[dice[die]]:
                after = board[:cell] + (dice[die],) + board[cell + 1 :]
                if after not in seen:
                    seen.add(after)
                    stack.append((after, (*steps, (die, cell)), tuple(d for d in left if d != die)))
        if done % _BOARDS_A_STEP == 0:
            yield
    return [*(f"stage {d} {c}" for d, c in best[1]), "confirm"]


class _Draws:
    """SplitMix64 from a text's FNV-1a hash: the same numbers in CPython and Pyodide."""

    def __init__(self, text: str) -> None:
        from .daily import fnv

        self.state = fnv(text)

    def below(self, bound: int) -> int:
        mask = (1 << 64) - 1
        self.state = (self.state + 0x9E3779B97F4A7C15) & mask
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return (z ^ (z >> 31)) % bound


def _mid_game(board: tuple[int, ...]) -> bool:
    numbers = sum(value > 0 for value in board)
    return board.count(EMPTY) >= _FEWEST_EMPTY and numbers >= _FEWEST_NUMBERS


def day_steps(day: str, gap: int = GAP) -> Steps[Puzzle]:
    """``day``'s puzzle (an ISO date), found in the coach's steps (see the module)."""
    from .coach import suggest_steps
    from .review import judge_steps

    draws = _Draws(f"MAGDAGDON puzzle {day}")
    levels = tuple(Difficulty)
    for _ in range(_MOST_GAMES):
        game = Game.new(levels[draws.below(3)], draws.below(SEED_LIMIT))
        skill, first = draws.below(4), _FIRST_TURN + draws.below(5)
        while not game.is_over:
            if game.phase is Phase.ROLL:
                game = game.apply("roll")
                continue
            coach = draws.below(4) < skill  # (this turn the coach plays, else the natural move)
            if game.turn >= first and _mid_game(game.board):
                natural = yield from natural_steps(game)
                decision = yield from judge_steps(game, natural)
                if decision.loss >= gap:
                    found = position(game.difficulty, game.board, game.dice, game.powers_used)
                    return Puzzle(found, None, day)
                move = list(decision.coach.actions) if coach else natural
            elif coach:
                move = yield from suggest_steps(game)
            else:
                move = yield from natural_steps(game)
            game = game.play(move)
    raise RuntimeError(f"no puzzle found for {day}")  # pragma: no cover


# -- words --------------------------------------------------------------------------------------
def said(decision: Decision, t: Callable[..., str]) -> str:
    """Her answer beside the coach's in one sentence (the review's words, without a turn)."""
    from .review import phrase

    game = decision.before
    you = phrase(t, "you", game, decision.player)
    if decision.same:
        text = t("puzzle.said.same", you=you)
    else:
        coach = phrase(t, "coach", game, decision.coach)
        points = t("review.points", count=decision.loss)
        text = t("puzzle.said", you=you, coach=coach, points=points)
    return text[:1].upper() + text[1:]  # (the review's clauses begin mid-sentence)
