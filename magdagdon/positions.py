"""The practice positions of finished games (:mod:`magdagdon.practice`): the decisions the
review priced a mistake or worse, named so that they can be found again from the history's
seeds and moves alone, and the look at the latest finished games that finds them.

A position's name (:func:`position_id`) says which game (:func:`game_key`: the difficulty's
initial, the seed, a check of the moves and the day) and which move committed the decision.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from .game import Game
from .practice import Record, split_id

if TYPE_CHECKING:
    from .played import Played
    from .review import Summary

__all__ = [
    "COSTLY",
    "SCAN_WINDOW",
    "game_key",
    "position_id",
    "day_of",
    "costly",
    "position",
    "scan_steps",
]

#: A decision the review priced at this loss or more (a mistake or worse) is a position.
COSTLY = 25
#: The finished games looked at for positions: the latest this many (newest first).
SCAN_WINDOW = 40


def game_key(played: Played) -> str:
    """The name of a finished game with moves: its difficulty's initial, its seed, and a check
    of its moves and day (two plays of the same dice differ there).

    >>> from magdagdon.played import Played
    >>> from magdagdon.rules import Difficulty
    >>> game_key(Played(Difficulty.PEACEFUL, 7, ("roll",), 0, "2026-12-01", 0, 0))
    'p7.i2v9br'
    """
    check = zlib.crc32(("|".join(played.moves) + "@" + played.date).encode())
    return f"{played.difficulty.value[0]}{played.seed}.{_base36(check)}"


def _base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        number, digit = divmod(number, 36)
        text = digits[digit] + text
        if not number:
            return text


def position_id(played: Played, at: int) -> str:
    """The name of the decision committed by move ``at`` of ``played``."""
    return f"{game_key(played)}.{at}"


def day_of(played: Played) -> str:
    """The calendar day ``played`` ended (its date, or the day of a date-time an older record
    carries); ``ValueError`` for neither."""
    return datetime.fromisoformat(played.date).date().isoformat()


def costly(played: Played, summary: Summary) -> list[str]:
    """The names of the decisions of ``played`` (reviewed: ``summary``) that cost a mistake or
    worse, in the order played."""
    return [position_id(played, d.at) for d in summary.decisions if d.loss >= COSTLY]


def position(games: Iterable[Played], name: str) -> tuple[Played, Game] | None:
    """The finished game a position's ``name`` comes from, and the game as it stood when its
    decision came (None: no such game among ``games``, or no decision at that move)."""
    from .review import decision_start

    parts = split_id(name)
    if parts is None:
        return None
    key, at = parts
    for played in games:
        if played.seed is not None and played.moves and game_key(played) == key:
            try:
                return played, decision_start(played.difficulty, played.seed, played.moves, at)
            except ValueError:
                return None
    return None


def scan_steps(games: Sequence[Played], record: Record) -> Iterator[bool]:
    """Look at the latest finished games not yet looked at (the newest first, within
    :data:`SCAN_WINDOW`): review each in the coach's steps, note its costly decisions as
    positions (found on the game's own day) and its share played as the coach would. Yields
    False between steps, True after each game (the record changed: time to store it)."""
    from .review import Review

    latest = [p for p in games if p.seed is not None and p.moves][-SCAN_WINDOW:]
    for played in reversed(latest):
        key = game_key(played)
        if key in record.scanned:
            continue
        assert played.seed is not None
        try:
            day = day_of(played)
            review = Review(played.difficulty, played.seed, played.moves)
        except ValueError:
            continue
        for _ in review.work():
            yield False
        summary = review.summary()
        record.find(costly(played, summary), day)
        record.scan(key, day, summary.matched, len(summary.decisions))
        yield True
