"""The statistics of the finished games of one difficulty: numbers only, the interface words them.

Pure (standard library and :mod:`magdagdon.rules`), no clock: ``today`` is passed in as an ISO
date. Imported on first use by the statistics screen, never at the page's start.

Which games each figure counts:

- **every game** of the difficulty: games played, mean, median, best and last-10 scores, powers
  and hints per game, days played and the streaks (a best score carried over from an older
  release kept its score, date, turns, powers and hints);
- **detailed games only** (``Played.base`` is not None): the score's breakdown, that is the line
  bonuses, ruins per game and the ruin heat map. A carried-over best score (``base is None``)
  has no breakdown, so it is left out of those rather than counted as a game without bonuses or
  ruins; :attr:`DifficultyStats.detailed` says how many games they cover.

A rate over no game at all is None (never 0.0 and never a division error), so the interface can
show a dash.

>>> from magdagdon.played import Played
>>> from magdagdon.rules import Difficulty
>>> P = Difficulty.PEACEFUL
>>> games = [
...     Played(P, 1, (), 200, "2026-03-01", 12, 1, base=180, straights=1, ruins=0b1),
...     Played(P, 2, (), 150, "2026-03-02", 14, 0, hints=2, base=160, pairs=2, ruins=0b11),
...     Played(P, None, (), 250, "2025-12-31", 10, 0),
... ]
>>> s = figures(games, "peaceful", today="2026-03-03")
>>> s.games, s.detailed, s.mean, s.median, s.best, s.last10_mean
(3, 2, 200.0, 200.0, 250, 200.0)
>>> s.bonus(Bonus.STRAIGHT)
BonusRate(bonus=<Bonus.STRAIGHT: 'straight'>, lines=1, games=1, per_game=0.5, share=0.5)
>>> s.ruins_per_game, s.ruin_cells[:3], s.hints_per_game
(1.5, (2, 1, 0), 0.6666666666666666)
>>> s.streak, s.longest_streak, s.days
(2, 2, 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import TYPE_CHECKING

from .records import DAILY, Table
from .rules import CELLS, Bonus, Difficulty

if TYPE_CHECKING:
    from .played import Played


__all__ = ["DAILY", "RECENT", "BonusRate", "DifficultyStats", "chronological", "figures", "streaks"]

#: How many of the most recent games the "recent" mean covers.
RECENT = 10


@dataclass(frozen=True)
class BonusRate:
    """How often one line bonus was won, over the detailed games.

    ``lines``: lines that won it in all; ``games``: games with at least one such line;
    ``per_game``: lines per game; ``share``: the share of games (0..1) with at least one.
    """

    bonus: Bonus
    lines: int
    games: int
    per_game: float | None
    share: float | None


@dataclass(frozen=True)
class DifficultyStats:
    """The figures of one difficulty (``difficulty`` None: every difficulty together).

    Scores (every game): ``games``, ``mean``, ``median``, ``best``, ``last10_mean`` (the mean of
    the :data:`RECENT` most recent games, by date then by order in the list), ``powers_per_game``,
    ``hints_per_game``; days (every game with a valid date): ``days`` with a game, ``streak``
    (consecutive days ending today or yesterday, else 0), ``longest_streak``. Breakdown (the
    ``detailed`` games only): ``bonuses`` (STRAIGHT, FOUR OF A KIND, TWO PAIRS in that order),
    ``ruins_per_game``, ``ruin_cells`` (16 counts, cell 0..15: how many games had a ruin there).
    Scores are whole numbers; means and rates are floats; None where there is no game to count.
    """

    difficulty: Difficulty | None
    games: int
    mean: float | None
    median: float | None
    best: int | None
    last10_mean: float | None
    powers_per_game: float | None
    hints_per_game: float | None
    days: int
    streak: int
    longest_streak: int
    detailed: int
    bonuses: tuple[BonusRate, ...]
    ruins_per_game: float | None
    ruin_cells: tuple[int, ...]
    #: The figures of the official daily rolls (``difficulty`` is then None).
    daily: bool = False

    def bonus(self, which: Bonus) -> BonusRate:
        """The rate of the bonus ``which``."""
        return next(rate for rate in self.bonuses if rate.bonus is which)


def _median(values: Sequence[int]) -> float | None:
    """The middle value (the mean of the two middle ones), None for none (the statistics
    module's median, without its import: a twentieth of a second in the page).

    >>> _median([3, 1, 2]), _median([4, 1, 2, 3]), _median([])
    (2.0, 2.5, None)
    """
    ordered = sorted(values)
    n = len(ordered)
    if not n:
        return None
    return (ordered[(n - 1) // 2] + ordered[n // 2]) / 2


def _per(total: float, count: int) -> float | None:
    return total / count if count else None


def chronological(played: Iterable[Played], difficulty: Table | str | None) -> list[Played]:
    """The games of ``difficulty`` (None: all), oldest first: by date, then by order in the list
    (the sort is stable). The order the over-time plot and the last-10 mean use. A daily roll
    counts only under ``"daily"`` (:data:`DAILY`: the official ones), never under its difficulty.

    >>> from magdagdon.played import Played
    >>> games = [Played(Difficulty.SURVIVAL, 1, (), s, d, 9, 0)
    ...          for s, d in ((1, "2026-01-02"), (2, "2026-01-01"), (3, "2026-01-02"))]
    >>> [p.score for p in chronological(games, "survival")]
    [2, 1, 3]
    >>> chronological(games, Difficulty.PEACEFUL)
    []
    """
    if difficulty == DAILY:
        chosen = [p for p in played if p.daily is not None and not p.practice]
    else:
        wanted = None if difficulty is None else Difficulty.parse(difficulty)
        chosen = [p for p in played if wanted is None or p.table is wanted]
    return sorted(chosen, key=lambda p: p.date)


def _day(text: str | None) -> date | None:
    """The calendar day of an ISO date or date-time, None if it is not one."""
    if text is None:
        return None
    try:
        return date.fromisoformat(text[:10])
    except (TypeError, ValueError):
        return None


def streaks(dates: Iterable[str | None], today: str) -> tuple[int, int]:
    """The current and the longest run of consecutive calendar days in ``dates`` (ISO dates or
    date-times; None and invalid ones are ignored). The current run ends today or yesterday,
    else it is 0; days after ``today`` never count towards it. ``today``: an ISO date
    (``ValueError`` if not).

    >>> streaks(["2025-12-30", "2025-12-31", "2026-01-01", "2026-01-01T09:15"], "2026-01-02")
    (3, 3)
    >>> streaks(["2026-02-27", "2026-03-01", "2026-03-02"], "2026-03-02")
    (2, 2)
    >>> streaks(["2026-03-01"], "2026-03-03"), streaks([], "2026-03-03")
    ((0, 1), (0, 0))
    """
    now = date.fromisoformat(today)
    days = {d for d in map(_day, dates) if d is not None}
    longest = 0
    for day in days:
        if day - timedelta(days=1) not in days:  # the first day of a run
            length = 1
            while day + timedelta(days=length) in days:
                length += 1
            longest = max(longest, length)
    one = timedelta(days=1)
    end = now if now in days else now - one
    current = 0
    while end - timedelta(days=current) in days:
        current += 1
    return current, longest


def _bonus_rates(detailed: Sequence[Played]) -> tuple[BonusRate, ...]:
    rates = []
    for bonus, field in (
        (Bonus.STRAIGHT, "straights"),
        (Bonus.FOUR_OF_A_KIND, "fours"),
        (Bonus.TWO_PAIRS, "pairs"),
    ):
        counts = [getattr(p, field) for p in detailed]
        won = sum(1 for c in counts if c > 0)
        n = len(detailed)
        rates.append(BonusRate(bonus, sum(counts), won, _per(sum(counts), n), _per(won, n)))
    return tuple(rates)


def _ruin_cells(detailed: Sequence[Played]) -> tuple[int, ...]:
    return tuple(sum(1 for p in detailed if p.ruins >> cell & 1) for cell in range(CELLS))


def figures(
    played: Iterable[Played], difficulty: Table | str | None, today: str
) -> DifficultyStats:
    """The statistics of the games of ``difficulty`` (a :class:`Difficulty` or its name; None:
    every difficulty together; :data:`DAILY`: the official daily rolls, their streak counted
    over the days of their dice) among ``played``, on the local day ``today`` (an ISO date)."""
    games = chronological(played, difficulty)
    scores = [p.score for p in games]
    detailed = [p for p in games if p.base is not None]
    n, d = len(games), len(detailed)
    recent = scores[-RECENT:]
    daily = difficulty == DAILY
    current, longest = streaks((p.daily if daily else p.date for p in games), today)
    ruins = sum(p.ruins.bit_count() for p in detailed)
    return DifficultyStats(
        difficulty=None if difficulty is None or daily else Difficulty.parse(difficulty),
        daily=daily,
        games=n,
        mean=_per(sum(scores), n),
        median=_median(scores),
        best=max(scores, default=None),
        last10_mean=_per(sum(recent), len(recent)),
        powers_per_game=_per(sum(p.powers for p in games), n),
        hints_per_game=_per(sum(p.hints for p in games), n),
        days=len({day for p in games if (day := _day(p.daily if daily else p.date)) is not None}),
        streak=current,
        longest_streak=longest,
        detailed=d,
        bonuses=_bonus_rates(detailed),
        ruins_per_game=_per(ruins, d),
        ruin_cells=_ruin_cells(detailed),
    )
