"""The old record format: a best score carried over from an older release's best-scores table.

Before the history, a release kept only best-scores tables (:class:`~magdagdon.records.Entry`
lines). Each line the history does not stand for yet becomes a record of its own when the
history loads (:func:`missing`, :func:`carried_over`): it has no moves to replay, so it keeps
what its table had — the seed if known, the turns, powers and hints, and the final board, from
which the score's parts are worked out again when they add up to its score
(:func:`board_parts`). Such a record is stored with 15 fields (:func:`magdagdon.played.encode`:
``[…, coach, turns, powers, hints, ruins, board]``), read back and checked here as its table
checked it (:func:`read`).

This module knows nothing of :class:`~magdagdon.played.Played` (which imports it when old data
is met): it deals in a record's fields.

>>> from dataclasses import replace
>>> line = Entry(385, "2025-03-01", 9, 1, board="1234/2345/3456/45#4")
>>> fields = carried_over(Difficulty.PEACEFUL, line)
>>> fields["base"], fields["straights"], fields["ruins"] == 1 << 14  # one ruin, on cell 14
(110, 5, True)
>>> carried_over(Difficulty.PEACEFUL, replace(line, score=1))["base"] is None  # not its parts
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import NoReturn, Protocol, TypedDict

from .game import SEED_LIMIT
from .moves import ruin_mask
from .records import MOST_HINTS, Entry
from .rules import CELLS, Bonus, Difficulty, is_whole, parse_board, score_breakdown

__all__ = ["Carried", "Parts", "Fields", "read", "board_parts", "carried_over", "missing"]


class Carried(TypedDict):
    """What a carried-over record keeps of its table's line (beyond the score and date)."""

    seed: int | None
    turns: int
    powers: int
    hints: int
    ruins: int
    board: str | None


class Parts(TypedDict):
    """A score's parts as a record keeps them (see :class:`~magdagdon.played.Played`)."""

    base: int
    straights: int
    fours: int
    pairs: int
    ruins: int


class Fields(TypedDict):
    """The fields of a carried-over record (:class:`~magdagdon.played.Played`'s names)."""

    difficulty: Difficulty
    seed: int | None
    moves: tuple[str, ...]
    score: int
    date: str
    turns: int
    powers: int
    hints: int
    coach: int | None
    base: int | None
    straights: int
    fours: int
    pairs: int
    ruins: int
    board: str | None


def _invalid(what: str) -> NoReturn:
    raise ValueError(f"a history record with an invalid {what}")  # as played.py says it


def read(difficulty: Difficulty, seed: object, tail: Sequence[object]) -> Carried:
    """The last five fields of a stored 15-field record (``turns, powers, hints, ruins,
    board``) and its seed, checked as its table checked them; else ``ValueError`` naming the
    field."""
    turns, powers, hints, ruins, board = tail
    if not (seed is None or is_whole(seed, 0, SEED_LIMIT - 1)):
        _invalid("seed")
    if not is_whole(turns, 1, CELLS):
        _invalid("count of turns")
    if not is_whole(powers, 0, difficulty.powers):
        _invalid("count of powers")
    if not is_whole(hints, 0, MOST_HINTS):
        _invalid("count of hints")
    if not is_whole(ruins, 0, (1 << CELLS) - 1):
        _invalid("ruins")
    if not (board is None or (isinstance(board, str) and _ruins_of(board) == ruins)):
        _invalid("board")
    return Carried(seed=seed, turns=turns, powers=powers, hints=hints, ruins=ruins, board=board)


def _ruins_of(board: str) -> int | None:
    """The ruin mask of a carried-over record's ``board`` (None if it is not a board)."""
    try:
        return ruin_mask(parse_board(board)) if len(board) <= CELLS + 3 else None
    except ValueError:
        return None


def board_parts(difficulty: Difficulty, board: str | None, powers: int, score: int) -> Parts | None:
    """The score's parts that the final ``board`` gives (with ``powers`` used); None when there
    is no board or its parts do not add up to ``score``."""
    if board is None:
        return None
    cells = parse_board(board)
    parts = score_breakdown(cells, difficulty, powers)
    if parts.total != score:
        return None
    bonuses = Counter(line.bonus for line in parts.lines)
    return Parts(
        base=parts.base,
        straights=bonuses[Bonus.STRAIGHT],
        fours=bonuses[Bonus.FOUR_OF_A_KIND],
        pairs=bonuses[Bonus.TWO_PAIRS],
        ruins=ruin_mask(cells),
    )


def carried_over(difficulty: Difficulty, entry: Entry) -> Fields:
    """The record's fields for a best-scores table's ``entry``: what the entry had, and the
    parts its board gives when they add up (else only where the ruins fell; the parts
    unknown, ``base`` None)."""
    parts = board_parts(difficulty, entry.board, entry.powers, entry.score)
    base = None if parts is None else parts["base"]
    if parts is None:
        ruins = 0 if entry.board is None else ruin_mask(parse_board(entry.board))
        parts = Parts(base=0, straights=0, fours=0, pairs=0, ruins=ruins)
    return Fields(
        difficulty=difficulty,
        seed=entry.seed,
        moves=(),
        score=entry.score,
        date=entry.date,
        turns=entry.turns,
        powers=entry.powers,
        hints=entry.hints,
        coach=entry.coach,
        base=base,
        straights=parts["straights"],
        fours=parts["fours"],
        pairs=parts["pairs"],
        ruins=parts["ruins"],
        board=entry.board,
    )


class Kept(Protocol):
    """A record as :func:`missing` looks at it (a :class:`~magdagdon.played.Played`)."""

    @property
    def difficulty(self) -> Difficulty: ...
    @property
    def score(self) -> int: ...
    @property
    def date(self) -> str: ...
    def entry(self) -> Entry: ...


def missing(
    tables: Mapping[Difficulty, Iterable[Entry]], records: Sequence[Kept]
) -> list[tuple[Difficulty, Entry]]:
    """The lines of the best-scores ``tables`` that no record of ``records`` stands for yet
    (each line as many times as the tables have it beyond the records): so carrying them over
    again adds nothing. Only the records of a score and date some line has are looked at
    (a record's line replays its game)."""
    tables = {difficulty: list(entries) for difficulty, entries in tables.items()}
    wanted = {(d, e.score, e.date) for d, entries in tables.items() for e in entries}
    have = Counter(
        (played.difficulty, played.entry())
        for played in records
        if (played.difficulty, played.score, played.date) in wanted
    )
    fresh = []
    for difficulty, entries in tables.items():
        for entry in entries:
            if have[difficulty, entry]:
                have[difficulty, entry] -= 1
            else:
                fresh.append((difficulty, entry))
    return fresh
