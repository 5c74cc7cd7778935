"""PRACTISE: the decisions of her own finished games that the review priced a mistake or worse,
played again until she plays them as the coach would (as lichess's "Learn from your mistakes").

A **position** is one such decision: the game as it stood when it came (the board, the dice,
the phase, the Majda Powers left), found again from the finished game's seed and moves. Its
name (:func:`magdagdon.positions.position_id`) says which game and which move committed the
decision; nothing else of it is stored. Her answer is priced by the review's own value
function (:func:`magdagdon.review.judge`): a loss under the review's inaccuracy mark
(:data:`SOLVED_BELOW`) **solves** it.

**When a position comes back** (:class:`Card`): a new one waits from the day it is found; an
unsolved answer brings it back the next day; each solve on a day it was due brings it back
after the next of :data:`INTERVALS` (1, 3, 7, 21 days), and a solve after the last makes it
**learned** (it waits no more). An unsolved retry on a day it was not due starts it over.

The practice record (:class:`Record`, stored under :data:`PRACTICE_KEY`) holds the positions
found and each try (its day and loss), and, for every finished game looked at
(:func:`magdagdon.positions.scan_steps`), its day and how many of its decisions were played
as the coach would: the statistics' weekly progress (:meth:`Record.progress`) and what need
not be reviewed again.

>>> record = Record()
>>> record.find(["p1.0.3"], "2026-12-01")
1
>>> [card.id for card in record.waiting("2026-12-01")]
['p1.0.3']
>>> record.tried("p1.0.3", "2026-12-01", 4)
>>> record.cards["p1.0.3"].due, len(record.waiting("2026-12-02"))
('2026-12-02', 1)
>>> import json
>>> Record.parse(json.loads(record.to_json())) == record
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta

from .game import SCHEMA, SCORE_LIMIT
from .records import PRACTICE_KEY
from .rules import is_whole
from .store import Keeper, read_record
from .store import Record as Kept

__all__ = ["PRACTICE_KEY", "INTERVALS", "SOLVED_BELOW", "Try", "Card", "Scan", "Counts", "Record"]
__all__ += ["NAME_CHARACTERS", "MOST_TEXT", "split_id", "Practice"]

#: Days until a solved position comes back: after the first solve, the second, ...; solved
#: once more after the last, it is learned.
INTERVALS = (1, 3, 7, 21)
#: A loss below this solves a position (the review's inaccuracy mark).
SOLVED_BELOW = 10
#: Bounds of the record (a damaged or hostile one is refused, never half-read).
MOST_CARDS = 600
MOST_TRIES = 30
MOST_SCANNED = 400
#: What a position's name and a game's key are made of (:mod:`magdagdon.positions`: a
#: difficulty's initial, digits, base 36, dots). JSON writes each as itself, so a record within
#: the bounds above is never longer than :data:`MOST_TEXT`.
NAME_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789.")
#: The longest stored text of a record within its bounds (every name and key at its longest,
#: every try's loss at :data:`~magdagdon.game.SCORE_LIMIT`: 438,834 characters), rounded up.
#: The store's general limit (:data:`magdagdon.store.MAX_VALUE`) is shorter.
MOST_TEXT = 440_000
#: The weeks the progress plot shows.
WEEKS = 12


def split_id(position: str) -> tuple[str, int] | None:
    """A position's name as (its game's key, the move's index); None when it is not one."""
    if not NAME_CHARACTERS.issuperset(position):
        return None
    key, _, at = position.rpartition(".")
    if not key or not at.isdigit() or len(at) > 4 or len(position) > 40:
        return None
    if at != str(int(at)):  # (one name a position: no leading zeros)
        return None
    return key, int(at)


def _order(position: str) -> tuple[str, int]:
    """A position's name in playing order: its game, then its move."""
    parts = split_id(position)
    return parts if parts is not None else (position, 0)


def _day_after(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


def _week_of(day: str) -> str:
    """The Monday of ``day``'s week."""
    when = date.fromisoformat(day)
    return (when - timedelta(days=when.weekday())).isoformat()


@dataclass(frozen=True)
class Try:
    """One answer to a position: the day and the points it gave up by the coach's estimate."""

    day: str
    loss: int

    @property
    def solved(self) -> bool:
        return self.loss < SOLVED_BELOW


@dataclass(frozen=True)
class Card:
    """A position and its tries, oldest first: when it comes back follows from them."""

    id: str
    found: str
    tries: tuple[Try, ...] = ()

    def schedule(self) -> tuple[int, str | None]:
        """The solves in a row on days it was due, and the day it is due next (None: learned)."""
        streak, due = 0, self.found
        for each in self.tries:
            if not each.solved:
                streak, due = 0, _day_after(each.day, 1)
            elif each.day >= due:
                streak += 1
                if streak > len(INTERVALS):
                    return streak, None
                due = _day_after(each.day, INTERVALS[streak - 1])
        return streak, due

    @property
    def due(self) -> str | None:
        return self.schedule()[1]

    @property
    def learned(self) -> bool:
        return self.due is None

    def waiting(self, today: str) -> bool:
        due = self.due
        return due is not None and due <= today


@dataclass(frozen=True)
class Scan:
    """A finished game looked at: its day, and of its decisions how many were played as the
    coach would (``matched``) of ``total``."""

    day: str
    matched: int
    total: int


@dataclass(frozen=True)
class Counts:
    """The practice record in figures on a day: the positions ``waiting`` and ``learned``,
    and the weekly share of decisions played as the coach would (:meth:`Record.progress`)."""

    waiting: int
    learned: int
    progress: tuple[tuple[str, float | None], ...]


@dataclass
class Record(Kept):
    """The practice record: the positions found (:class:`Card`, by name) and the finished
    games looked at (:class:`Scan`, by :func:`game_key`)."""

    cards: dict[str, Card] = field(default_factory=dict)
    scanned: dict[str, Scan] = field(default_factory=dict)
    #: Its figures on the day last asked for (worked out again after any change).
    _counts: tuple[str, Counts] | None = field(default=None, compare=False, repr=False)

    def counts(self, today: str) -> Counts:
        """Its figures ``today`` (:class:`Counts`)."""
        if self._counts is None or self._counts[0] != today:
            waiting = len(self.waiting(today))
            self._counts = (today, Counts(waiting, self.learned, tuple(self.progress(today))))
        return self._counts[1]

    # -- what the player sees ------------------------------------------------------------------
    def waiting(self, today: str) -> list[Card]:
        """The positions due by ``today``: the longest waiting first, then the oldest found,
        a game's positions in the order played."""
        due = [card for card in self.cards.values() if card.waiting(today)]
        return sorted(due, key=lambda card: (card.due or today, card.found, _order(card.id)))

    @property
    def learned(self) -> int:
        return sum(card.learned for card in self.cards.values())

    def progress(self, today: str, weeks: int = WEEKS) -> list[tuple[str, float | None]]:
        """For each of the last ``weeks`` weeks (its Monday, oldest first): the share of her
        decisions in the games of that week that she played as the coach would (None: no game
        looked at that week)."""
        last = _week_of(today)
        mondays = [_day_after(last, -7 * back) for back in range(weeks - 1, -1, -1)]
        sums = {monday: [0, 0] for monday in mondays}
        for scan in self.scanned.values():
            week = sums.get(_week_of(scan.day))
            if week is not None:
                week[0] += scan.matched
                week[1] += scan.total
        return [(m, sums[m][0] / sums[m][1] if sums[m][1] else None) for m in mondays]

    # -- changes ---------------------------------------------------------------------------------
    def find(self, ids: Iterable[str], day: str) -> int:
        """Positions found on ``day`` (those known already stay as they are); how many are new."""
        new = [each for each in dict.fromkeys(ids) if each not in self.cards and split_id(each)]
        self._counts = None
        for each in new:
            self.cards[each] = Card(each, day)
        self._bound()
        return len(new)

    def tried(self, position: str, day: str, loss: int) -> None:
        """An answer to ``position`` on ``day`` that gave up ``loss`` points."""
        self._counts = None
        card = self.cards.get(position) or Card(position, day)
        tries = sorted((*card.tries, Try(day, max(0, loss))), key=lambda t: t.day)[-MOST_TRIES:]
        self.cards[position] = Card(position, card.found, tuple(tries))
        self._bound()

    def forget(self, position: str) -> None:
        """``position`` goes (its game is no longer kept: it cannot be found again)."""
        self._counts = None
        self.cards.pop(position, None)

    def scan(self, key: str, day: str, matched: int, total: int) -> None:
        self._counts = None
        self.scanned[key] = Scan(day, matched, total)
        self._bound()

    def _bound(self) -> None:
        """Keep within the bounds: learned positions go first, then the oldest found; the
        oldest games looked at go."""
        if len(self.cards) > MOST_CARDS:
            ranked = sorted(self.cards.values(), key=lambda c: (not c.learned, c.found, c.id))
            for card in ranked[: len(self.cards) - MOST_CARDS]:
                del self.cards[card.id]
        if len(self.scanned) > MOST_SCANNED:
            ranked_keys = sorted(self.scanned, key=lambda k: (self.scanned[k].day, k))
            for key in ranked_keys[: len(self.scanned) - MOST_SCANNED]:
                del self.scanned[key]

    def merge(self, other: Record) -> Record:
        """This record and ``other`` in one, nothing lost: every position with every try of
        either (each once, in order of day), every game looked at."""
        merged = Record(dict(self.cards), dict(self.scanned))
        for name, theirs in other.cards.items():
            mine = merged.cards.get(name)
            if mine is None:
                merged.cards[name] = theirs
                continue
            tries = _union(mine.tries, theirs.tries)
            found = min(mine.found, theirs.found)
            merged.cards[name] = Card(name, found, tuple(tries[-MOST_TRIES:]))
        for key, scan in other.scanned.items():
            merged.scanned.setdefault(key, scan)
        merged._bound()
        return merged

    # -- stored text ----------------------------------------------------------------------------
    def data(self) -> dict[str, object]:
        """Its JSON-able form (stored, and carried by a backup)."""
        cards = {c.id: [c.found, [[t.day, t.loss] for t in c.tries]] for c in self.cards.values()}
        scanned = {k: [s.day, s.matched, s.total] for k, s in self.scanned.items()}
        return {"schema": SCHEMA, "cards": cards, "scanned": scanned}

    @classmethod
    def parse(cls, data: object) -> Record:
        """The record in ``data`` (parsed JSON); ``ValueError`` for anything else."""
        if not isinstance(data, dict) or not is_whole(data.get("schema"), SCHEMA, SCHEMA):
            raise ValueError("not a practice record of this release")  # pragma: no mutate
        cards, scanned = data.get("cards"), data.get("scanned")
        if not isinstance(cards, dict) or not isinstance(scanned, dict):
            raise ValueError("not a practice record")  # pragma: no mutate
        if len(cards) > MOST_CARDS or len(scanned) > MOST_SCANNED:
            raise ValueError("too many positions")  # pragma: no mutate
        record = cls()
        for name, raw in cards.items():
            record.cards[name] = _card(name, raw)
        for key, raw in scanned.items():
            record.scanned[key] = _scan(key, raw)
        return record


def _union(mine: Sequence[Try], theirs: Sequence[Try]) -> list[Try]:
    """Two records' tries of a position as one, by day: each try as many times as the side
    that has it most (a try both know, from an earlier backup, counts once); on one day, this
    side's first.

    >>> a, b, c = Try("2026-12-01", 30), Try("2026-12-01", 0), Try("2026-12-02", 0)
    >>> _union([a, b], [a, c]) == [a, b, c]
    True
    """
    extra = list(theirs)
    for each in mine:
        if each in extra:
            extra.remove(each)
    return sorted((*mine, *extra), key=lambda t: t.day)


def _card(name: object, raw: object) -> Card:
    if not isinstance(name, str) or split_id(name) is None:
        raise ValueError("not a position's name")  # pragma: no mutate
    if not isinstance(raw, list) or len(raw) != 2 or not _is_day(raw[0]):
        raise ValueError("not a position")  # pragma: no mutate
    found, tries = raw
    if not isinstance(tries, list) or len(tries) > MOST_TRIES:
        raise ValueError("not a position's tries")  # pragma: no mutate
    parsed = []
    for each in tries:
        if not (isinstance(each, list) and len(each) == 2 and _is_day(each[0])):
            raise ValueError("not a try")  # pragma: no mutate
        if not is_whole(each[1], 0, SCORE_LIMIT):
            raise ValueError("not a try's loss")  # pragma: no mutate
        parsed.append(Try(each[0], each[1]))
    if [t.day for t in parsed] != sorted(t.day for t in parsed):
        raise ValueError("tries out of order")  # pragma: no mutate
    return Card(name, found, tuple(parsed))


def _scan(key: object, raw: object) -> Scan:
    if not isinstance(key, str) or not 0 < len(key) <= 36 or not NAME_CHARACTERS.issuperset(key):
        raise ValueError("not a game's key")  # pragma: no mutate
    if not (isinstance(raw, list) and len(raw) == 3 and _is_day(raw[0])):
        raise ValueError("not a game looked at")  # pragma: no mutate
    day, matched, total = raw
    if not (is_whole(total, high=500) and is_whole(matched, 0, total)):  # (so total >= 0)
        raise ValueError("not a game's counts")  # pragma: no mutate
    return Scan(day, matched, total)


def _is_day(value: object) -> bool:
    """A day as the game writes it (``2026-12-01``; not another ISO spelling: ``2026-W49-2``)."""
    if not isinstance(value, str):
        return False
    try:
        return date.fromisoformat(value).isoformat() == value
    except ValueError:
        return False


class Practice:
    """The practice record kept under :data:`PRACTICE_KEY` through the store's keeper (its
    rules: :mod:`magdagdon.store`). Loaded on first use; a damaged record is noted in
    ``notices`` when given (``dropped-practice``) and replaced by the first save, a newer
    release's is kept as it is (nothing is saved over it). Every save merges what another tab
    stored meanwhile, so two tabs practising lose no try."""

    def __init__(self, keeper: Keeper, notices: list[str] | None = None) -> None:
        self.keeper = keeper
        self.record = self._read(notices) or Record()

    def _read(self, notices: list[str] | None) -> Record | None:
        return read_record(
            self.keeper, PRACTICE_KEY, Record.parse, MOST_TEXT, notices, "dropped-practice"
        )

    def follow(self) -> None:
        """Another tab stored its record: take what it has that this one has not."""
        stored = self._read(None)
        if stored is not None:
            self.record = self.record.merge(stored)

    def absorb(self, theirs: Record) -> None:
        """A backup's record merged in (nothing of either lost) and stored."""
        self.record = self.record.merge(theirs)
        self.save()

    def save(self) -> bool:
        """Store the record (merged with the one stored, another tab's work kept); False when
        the store refused (the record lives on in memory)."""
        self.follow()
        return self.keeper.write(PRACTICE_KEY, self.record.to_json())
