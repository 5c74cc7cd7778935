"""Kept for good: when to invite her to install the game, and when to remind her to back up.

Both are rules, pure functions of what is stored (:class:`Backed`, under :data:`BACKED_KEY`),
the date and what the browser says (:class:`Browser`). The interface's part
(:mod:`magdagdon.ui.keeping`) shows them; the page only listens for the browser's events and
calls its ``prompt()`` from her tap. Imported on first use.

>>> browser = Browser(installed=False, how="prompt", promised=False)
>>> invites(Backed(), browser, "2026-12-05"), invites(Backed(declined=True), browser, "2026-12-05")
(True, False)
>>> nudges(Backed(unheld=10, since="2026-12-05"), browser, "2026-12-05")
True
>>> nudges(Backed(unheld=3, since="2026-11-21"), browser, "2026-12-05")  # 14 days old
True
>>> nudges(Backed(unheld=10, since="2026-12-05"), Browser(True, "none", True), "2026-12-05")
False
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from typing import Literal, TypeAlias

from .game import SCHEMA
from .records import KEY_PREFIX, is_date
from .rules import is_whole
from .store import Keeper, load_json

__all__ = [
    "BACKED_KEY",
    "Backed",
    "Browser",
    "How",
    "invites",
    "can_invite",
    "nudges",
    "storage_words",
    "load",
    "change",
    "merge",
]

#: When she last made a backup, what no backup holds yet, and the invitation's answers.
BACKED_KEY = KEY_PREFIX + "backed"
#: How this browser puts a site on the home screen: its own prompt (Chromium, Edge: the
#: ``beforeinstallprompt`` event kept), the two taps of iPhone and iPad Safari, an item of its
#: menu (said in one sentence), or not at all.
How: TypeAlias = Literal["prompt", "ios", "menu", "none"]
HOWS: tuple[How, ...] = ("prompt", "ios", "menu", "none")
#: Reminded at so many games no backup holds, or when the oldest is so many days old...
GAMES, DAYS = 10, 14
#: ... and so, where the game runs installed and the browser promised to keep its data.
KEPT_GAMES, KEPT_DAYS = 50, 60
#: The most games counted (a count past every limit says nothing more).
MOST = 100_000


@dataclass(frozen=True)
class Browser:
    """What the browser says: the game runs installed (``display-mode: standalone``, or
    ``navigator.standalone``), how it installs here, whether it promised to keep the data
    (``navigator.storage.persisted()``), and whether it is Safari (whose words differ)."""

    installed: bool
    how: How
    promised: bool
    safari: bool = False


@dataclass(frozen=True)
class Backed:
    """What is stored: the day of her last backup (None: never), how many finished games and
    practice tries no backup holds yet, the day the oldest of them was finished, the day the
    invitation was last shown, and whether she said no to it (until she asks from SETTINGS)."""

    at: str | None = None
    unheld: int = 0
    since: str | None = None
    offered: str | None = None
    declined: bool = False

    def to_json(self) -> str:
        data = {"schema": SCHEMA, "at": self.at, "unheld": self.unheld, "since": self.since}
        return json.dumps(data | {"offered": self.offered, "declined": self.declined})

    @classmethod
    def parse(cls, data: object) -> Backed | None:
        """The record ``data`` (parsed JSON) describes; None if any part of it is invalid.

        >>> Backed.parse(json.loads(Backed(unheld=2, since="2026-12-01").to_json()))
        Backed(at=None, unheld=2, since='2026-12-01', offered=None, declined=False)
        >>> Backed.parse({"schema": 1, "unheld": -1}), Backed.parse([])
        (None, None)
        """
        if not isinstance(data, dict) or data.get("schema") != SCHEMA:
            return None
        days = [data.get(name) for name in ("at", "since", "offered")]
        unheld, declined = data.get("unheld", 0), data.get("declined", False)
        valid = all(day is None or (is_date(day) and len(day) == 10) for day in days)
        if not (valid and is_whole(unheld, 0, MOST) and isinstance(declined, bool)):
            return None
        at, since, offered = days
        return cls(at, unheld, since if unheld else None, offered, declined)


def _days(since: str, today: str) -> int:
    return (date.fromisoformat(today) - date.fromisoformat(since)).days


def can_invite(browser: Browser | None) -> bool:
    """Whether the game can offer itself to the home screen at all (asked from SETTINGS or
    ABOUT): not where it runs installed, nor where the browser has no way.

    >>> can_invite(Browser(False, "ios", False)), can_invite(Browser(True, "prompt", False))
    (True, False)
    """
    return browser is not None and not browser.installed and browser.how != "none"


def invites(backed: Backed, browser: Browser | None, today: str) -> bool:
    """Whether a game just finished is the moment to invite her: the browser has a way, she
    never said no (since she last asked from SETTINGS), and it was not shown today."""
    return can_invite(browser) and not backed.declined and backed.offered != today


def nudges(backed: Backed, browser: Browser | None, today: str) -> bool:
    """Whether the statistics and the game-over sheet remind her to back up: 10 games no
    backup holds, or the oldest of them 14 days old (50 and 60 where the game runs installed
    and the browser promised to keep its data)."""
    if backed.unheld <= 0:
        return False
    kept = browser is not None and browser.installed and browser.promised
    games, days = (KEPT_GAMES, KEPT_DAYS) if kept else (GAMES, DAYS)
    old = backed.since is not None and _days(backed.since, today) >= days
    return backed.unheld >= games or old


def storage_words(browser: Browser | None) -> str:
    """The catalogue key of what may happen to her data in this browser, and what to do.

    >>> storage_words(Browser(False, "ios", False, safari=True))
    'settings.storage.safari'
    >>> storage_words(Browser(False, "prompt", True)), storage_words(None)
    ('settings.storage.kept', 'settings.storage.may-clear')
    """
    if browser is not None and browser.promised:
        return "settings.storage.kept"
    if browser is not None and browser.safari and not browser.installed:
        return "settings.storage.safari"
    return "settings.storage.may-clear"


# -- the changes -------------------------------------------------------------------------------
def finished(backed: Backed, today: str, count: int = 1) -> Backed:
    """``count`` more games (or practice tries) finished ``today`` that no backup holds."""
    since = backed.since if backed.unheld else today
    return replace(backed, unheld=min(MOST, backed.unheld + count), since=since)


def backed_up(backed: Backed, today: str) -> Backed:
    """A backup made ``today`` holds everything."""
    return replace(backed, at=today, unheld=0, since=None)


def offered(backed: Backed, today: str) -> Backed:
    return replace(backed, offered=today)


def declined(backed: Backed, no: bool = True) -> Backed:
    """She said not now (``no``), or asked from SETTINGS (no longer said no)."""
    return replace(backed, declined=no)


def merge(mine: Backed, theirs: Backed) -> Backed:
    """The record of two tabs as one: the later backup's count, the larger count since the same
    backup (the earlier day it began), the later offer and its answer.

    >>> a, b = Backed(unheld=4, since="2026-12-01"), Backed(at="2026-12-03")
    >>> merge(a, b) == merge(b, a) == b
    True
    """
    if (mine.at or "") != (theirs.at or ""):
        later = mine if (mine.at or "") > (theirs.at or "") else theirs
        unheld, since = later.unheld, later.since
    else:
        unheld = max(mine.unheld, theirs.unheld)
        starts = [s for s in (mine.since, theirs.since) if s is not None]
        since = min(starts) if unheld and starts else None
    offers = sorted((mine, theirs), key=lambda b: (b.offered or "", b.declined))
    return Backed(mine.at if (mine.at or "") >= (theirs.at or "") else theirs.at, unheld,
                  since, offers[1].offered, offers[1].declined)  # fmt: skip


# -- through the store -------------------------------------------------------------------------
def load(keeper: Keeper) -> Backed | None:
    """The record stored now (never raises): None when there is none yet; a damaged one reads
    as a fresh record (written over with the next change), a newer release's as one (kept as it
    is, never written on this visit)."""
    raw = keeper.text(BACKED_KEY)
    if raw is None:
        return None
    try:
        data = load_json(raw)
    except ValueError:
        return Backed()
    keeper.guard_newer(BACKED_KEY, data)
    return Backed.parse(data) or Backed()


def change(keeper: Keeper, mine: Backed | None, how: Callable[[Backed], Backed]) -> Backed:
    """``how`` applied to the record as stored now (another tab may have changed it since this
    one read it: merged with ``mine``), and stored."""
    stored = load(keeper)
    base = stored if mine is None else mine if stored is None else merge(mine, stored)
    new = how(base or Backed())
    keeper.write(BACKED_KEY, new.to_json())
    return new
