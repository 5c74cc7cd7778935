"""The day's puzzles answered (:mod:`magdagdon.puzzles`): for each day, the points her first
answer to that day's puzzle gave up. A later answer the same day (another try, another tab's)
does not count. The **streak** is the run of days in a row answered, up to today (or to
yesterday, while today's waits).

Stored under :data:`ANSWERS_KEY` (loaded on first use; a damaged record is replaced by the
next answer, a newer release's is kept as it is).

>>> record = Record()
>>> record.answer("2026-12-06", 0), record.answer("2026-12-07", 14), record.answer("2026-12-07", 0)
(True, True, False)
>>> record.counts("2026-12-07")
Counts(answered=2, matched=1, streak=2, best=2, today=14)
>>> record.counts("2026-12-09").streak
0
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta

from .game import SCHEMA, SCORE_LIMIT
from .records import ANSWERS_KEY
from .rules import is_whole
from .store import Keeper, read_record
from .store import Record as Kept

__all__ = ["ANSWERS_KEY", "MOST_DAYS", "Counts", "Record", "Answers"]

#: The days kept (the oldest go first): more than five years of daily answers.
MOST_DAYS = 2000
#: The longest stored text of a record within its bounds, rounded up.
MOST_TEXT = 64_000


@dataclass(frozen=True)
class Counts:
    """The record in figures on a day: days ``answered``, of them ``matched`` as well as the
    coach (a loss of 0), the ``streak`` of days in a row up to that day (or the day before),
    the ``best`` streak, and that day's loss (``today``: None, not answered)."""

    answered: int
    matched: int
    streak: int
    best: int
    today: int | None


def _after(day: str, days: int = 1) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


@dataclass
class Record(Kept):
    """Each day answered → the points its first answer gave up."""

    days: dict[str, int] = field(default_factory=dict)

    def answer(self, day: str, loss: int) -> bool:
        """An answer to ``day``'s puzzle: True when it is the day's first (it counts)."""
        if day in self.days:
            return False
        self.days[day] = max(0, min(loss, SCORE_LIMIT))
        self._bound()
        return True

    def counts(self, today: str) -> Counts:
        """Its figures ``today``."""
        days = sorted(self.days)
        best = run = 0
        for n, day in enumerate(days):
            run = run + 1 if n and _after(days[n - 1]) == day else 1
            best = max(best, run)
        streak, day = 0, today if today in self.days else _after(today, -1)
        while day in self.days:
            streak, day = streak + 1, _after(day, -1)
        matched = sum(loss == 0 for loss in self.days.values())
        return Counts(len(days), matched, streak, best, self.days.get(today))

    def merge(self, other: Record) -> Record:
        """This record and ``other``'s days in one (a day both answered: this one's)."""
        merged = Record(other.days | self.days)
        merged._bound()
        return merged

    def _bound(self) -> None:
        for day in sorted(self.days)[: max(0, len(self.days) - MOST_DAYS)]:
            del self.days[day]

    def data(self) -> dict[str, object]:
        """Its JSON-able form (stored, and carried by a backup)."""
        return {"schema": SCHEMA, "days": dict(sorted(self.days.items()))}

    @classmethod
    def parse(cls, data: object) -> Record:
        """The record in ``data`` (parsed JSON); ``ValueError`` for anything else."""
        if not isinstance(data, dict) or not is_whole(data.get("schema"), SCHEMA, SCHEMA):
            raise ValueError("not a puzzle record of this release")  # pragma: no mutate
        days = data.get("days")
        if not isinstance(days, dict) or len(days) > MOST_DAYS:
            raise ValueError("not the days of a puzzle record")  # pragma: no mutate
        for day, loss in days.items():
            if not _is_day(day) or not is_whole(loss, 0, SCORE_LIMIT):
                raise ValueError("not a day answered")  # pragma: no mutate
        return cls(dict(days))


def _is_day(value: object) -> bool:
    """A day as the game writes it (``2026-12-01``)."""
    if not isinstance(value, str):
        return False
    try:
        return date.fromisoformat(value).isoformat() == value
    except ValueError:
        return False


class Answers:
    """The record kept under :data:`ANSWERS_KEY` through the store's keeper. Every save
    merges what another tab stored meanwhile (its answer to a day first: it was first)."""

    def __init__(self, keeper: Keeper, notices: list[str] | None = None) -> None:
        self.keeper = keeper
        self.record = self._read(notices) or Record()

    def _read(self, notices: list[str] | None) -> Record | None:
        return read_record(
            self.keeper, ANSWERS_KEY, Record.parse, MOST_TEXT, notices, "dropped-puzzles"
        )

    def follow(self) -> None:
        """Another tab stored its record: its days taken in (theirs first)."""
        stored = self._read(None)
        if stored is not None:
            self.record = stored.merge(self.record)

    def absorb(self, theirs: Record) -> None:
        """A backup's record merged in (a day both answered: this one's) and stored."""
        self.follow()
        self.record = self.record.merge(theirs)
        self.keeper.write(ANSWERS_KEY, self.record.to_json())

    def answer(self, day: str, loss: int) -> bool:
        """Her answer to ``day``'s puzzle, stored when it is the day's first (True)."""
        self.follow()
        if not self.record.answer(day, loss):
            return False
        self.keeper.write(ANSWERS_KEY, self.record.to_json())
        return True
