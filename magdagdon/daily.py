"""The daily roll: the same dice for everyone on the same calendar day, with no server.

The dice are a pure function of (seed, turn, draw), so a seed worked out from the player's
local date gives everyone the same game on the same day, online or offline. Pure and without a
clock: every "today" is passed in as an ISO date.

>>> daily_seed("2026-12-01"), daily_seed("2026-12-02")
(4044009392953130, 7037413836824852)

**Official and practice.** The first finished daily of a day, started on that day, is its
official game; anything else is practice: playing the day again, a past day's dice
(``?daily=2026-11-30``), or a day no later than the last official one (a clock moved back
grants no second attempt).

>>> official(day="2026-12-01", today="2026-12-01", last="2026-11-30")
True
>>> official("2026-12-01", "2026-12-01", "2026-12-01"), official("2026-11-29", "2026-12-01", None)
(False, False)

**The streak** is the run of days in a row with an official daily
(:func:`magdagdon.stats.streaks` over their days).
"""

from __future__ import annotations

from .rules import Difficulty

__all__ = [
    "DIFFICULTY",
    "FIRST_DAY",
    "daily_seed",
    "fnv",
    "official",
    "is_daily",
    "parse_day",
]

#: Everyone plays the daily in SURVIVAL (one power, −70), so that scores compare.
DIFFICULTY = Difficulty.SURVIVAL
#: The earliest day a daily can be played for (``?daily=`` before it is refused).
FIRST_DAY = "2000-01-01"

_FNV_OFFSET = 0xCBF29CE484222325
_FNV_PRIME = 0x100000001B3
_MASK64 = (1 << 64) - 1
_SEED_BITS = 53  # a seed is below 2**53 (game.SEED_LIMIT): it survives JSON and JavaScript


def fnv(text: str) -> int:
    """FNV-1a (64 bits) over the UTF-8 bytes of ``text``."""
    value = _FNV_OFFSET
    for byte in text.encode():
        value = ((value ^ byte) * _FNV_PRIME) & _MASK64
    return value


def daily_seed(day: str) -> int:
    """The seed of ``day``'s dice (an ISO date): FNV-1a over the UTF-8 bytes of
    ``"MAGDAGDON daily " + day``, mixed by SplitMix64's finaliser, cut to 53 bits. Integer
    arithmetic only, so CPython and Pyodide agree to the bit (a browser test checks it)."""
    value = fnv(f"MAGDAGDON daily {day}")
    value ^= value >> 30
    value = (value * 0xBF58476D1CE4E5B9) & _MASK64
    value ^= value >> 27
    value = (value * 0x94D049BB133111EB) & _MASK64
    value ^= value >> 31
    return value >> (64 - _SEED_BITS)


def parse_day(text: object, today: str) -> str:
    """The day ``text`` names (``YYYY-MM-DD``, a real calendar day from :data:`FIRST_DAY` to
    ``today``); ``ValueError`` otherwise, its message saying whether it is in the future.

    >>> parse_day("2026-02-28", today="2026-12-01")
    '2026-02-28'
    >>> parse_day("2026-12-02", today="2026-12-01")
    Traceback (most recent call last):
    ValueError: a day in the future: '2026-12-02'
    >>> parse_day("2026-02-30", today="2026-12-01")
    Traceback (most recent call last):
    ValueError: not a day: '2026-02-30'
    """
    if not (isinstance(text, str) and len(text) == 10 and text.isascii()):
        raise ValueError(f"not a day: {text!r:.40}")
    from datetime import date

    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"not a day: {text!r}") from None
    if day.isoformat() != text or text < FIRST_DAY:  # e.g. 20261201, or before the first day
        raise ValueError(f"not a day: {text!r}")
    if text > today:
        raise ValueError(f"a day in the future: {text!r}")
    return text


def official(day: str, today: str, last: str | None) -> bool:
    """Whether a daily of ``day`` finished now would be official: started on its own day
    (``today``), and later than ``last``, the day of the last official daily (None: none)."""
    return day == today and (last is None or day > last)


def is_daily(day: object, difficulty: Difficulty, seed: object) -> bool:
    """Whether ``day`` is a day (ISO) whose daily roll is the game of ``difficulty`` and
    ``seed``.

    >>> is_daily("2026-12-01", DIFFICULTY, daily_seed("2026-12-01"))
    True
    >>> is_daily("2026-12-02", DIFFICULTY, daily_seed("2026-12-01"))
    False
    """
    from .records import is_date

    return (
        isinstance(day, str)
        and len(day) == 10
        and is_date(day)
        and difficulty is DIFFICULTY
        and seed == daily_seed(day)
    )
