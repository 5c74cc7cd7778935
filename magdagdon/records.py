"""The stored keys, the settings, and the lines of a best-scores table.

Every stored value is JSON under a versioned key (``magdagdon.v1.…``), read and written by the
rules of :mod:`magdagdon.store`. :class:`Records` keeps the settings: loading never fails, what
is valid is kept and the rest dropped and counted in :attr:`Records.problems` (one notice). It
also reads the best-scores tables an older release stored (:meth:`Records.old_table`), which
the history carries over; the best scores shown are always the history's (:class:`Entry` is
a line of them).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Final, Literal, TypeAlias, TypedDict

from .game import SCHEMA, SEED_LIMIT
from .rules import CELLS, Difficulty, is_whole, parse_board
from .store import Keeper, MemoryStore, Store, StoreError, load_json

if TYPE_CHECKING:
    from typing import Unpack

__all__ = [
    "DAILY",
    "Table",
    "Store",
    "StoreError",
    "MemoryStore",
    "Entry",
    "Settings",
    "Records",
    "KEY_PREFIX",
    "TOP",
    "best_key",
    "SETTINGS_KEY",
    "GAME_KEY",
    "DAILY_KEY",
    "GUIDED",
]

KEY_PREFIX = "magdagdon.v1."
SETTINGS_KEY = KEY_PREFIX + "settings"
GAME_KEY = KEY_PREFIX + "game"
#: The daily roll's game, kept beside the ordinary one (see magdagdon.session).
DAILY_KEY = KEY_PREFIX + "daily"
#: Every finished game (magdagdon.history, which the session loads on first use).
HISTORY_KEY = KEY_PREFIX + "history"
#: The practice record (magdagdon.practice, loaded on first use).
PRACTICE_KEY = KEY_PREFIX + "practice"
#: The day's puzzles answered (magdagdon.answers, loaded on first use).
ANSWERS_KEY = KEY_PREFIX + "puzzles"
#: The stored settings' field that says the first-visit guide is done (finished, skipped, a
#: turn played or games known here): always written, and read by the page's first script
#: before the first paint (tools/build.py writes its name there); missing only in what an
#: older release stored (the session then works it out once).
GUIDED: Final = "guided"
TOP = 10
#: The best-scores table (and statistics tab) of the official daily rolls, beside one per
#: difficulty: defined here once (the history, the statistics and the interface use it).
DAILY: Final = "daily"
#: What names a best-scores table (and a statistics tab): a difficulty, or :data:`DAILY`.
#: ``table == DAILY`` tells them apart (and narrows the type).
Table: TypeAlias = Difficulty | Literal["daily"]
#: A language tag a backup may carry (a bad one is left unset).
_LANGUAGE = re.compile(r"[a-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,3}")
#: The most hints a record may claim (a saved game holds at most 500 moves).
MOST_HINTS = 500


def best_key(difficulty: Difficulty) -> str:
    """The key of one difficulty's best-scores table.

    >>> best_key(Difficulty.SURVIVAL)
    'magdagdon.v1.best.survival'
    """
    return f"{KEY_PREFIX}best.{difficulty.value}"


def is_date(value: object) -> bool:
    """An ISO date or date-time as the game writes it: ``2026-11-29`` or ``2026-11-29T18:05``."""
    if not isinstance(value, str) or not 10 <= len(value) <= 32:
        return False
    from datetime import date, datetime

    try:
        (date if len(value) == 10 else datetime).fromisoformat(value)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class Entry:
    """One line of a best-scores table."""

    score: int
    date: str
    turns: int
    powers: int
    seed: int | None = None
    board: str | None = None
    #: How many times the coach's advice was shown: a game played with help is marked.
    hints: int = 0
    #: The coach's score on the same dice, once worked out (not part of the entry's identity:
    #: the same game with and without it is one entry).
    coach: int | None = field(default=None, compare=False)

    def to_dict(self) -> dict[str, object]:
        """Its stored form in a table: what it does not have (no seed, no hints) left out."""
        return {k: v for k, v in asdict(self).items() if v is not None and (k, v) != ("hints", 0)}

    @classmethod
    def parse(cls, raw: object, difficulty: Difficulty) -> Entry | None:
        """The entry ``raw`` describes, or None if any part of it is invalid."""
        if not isinstance(raw, dict):
            return None
        seed, board = raw.get("seed"), raw.get("board")
        hints, coach = raw.get("hints", 0), raw.get("coach")
        ok = (
            is_whole(raw.get("score"), -10_000, 10_000)
            and is_date(raw.get("date"))
            and is_whole(raw.get("turns"), 1, CELLS)
            and is_whole(raw.get("powers"), 0, difficulty.powers)
            and (seed is None or is_whole(seed, 0, SEED_LIMIT - 1))
            and (board is None or _is_board(board))
            and is_whole(hints, 0, MOST_HINTS)
            and (coach is None or is_whole(coach, -10_000, 10_000))
        )
        if not ok:
            return None
        return cls(
            raw["score"], raw["date"], raw["turns"], raw["powers"], seed, board, hints, coach
        )


def _is_board(text: object) -> bool:
    try:
        parse_board(text)
    except ValueError:
        return False
    return True


class Change(TypedDict, total=False):
    """Some of the player's choices (:class:`Settings`' fields), to change."""

    difficulty: Difficulty
    language: str | None
    sound: bool
    vibration: bool
    guided: bool


@dataclass(frozen=True)
class Settings:
    """The player's choices. ``language`` None means: follow the browser. ``sound`` and
    ``vibration``: the game's sounds and haptics (on unless turned off); ``guided``: the
    first-game guide was finished or skipped (it is not shown again)."""

    difficulty: Difficulty = Difficulty.PEACEFUL
    language: str | None = None
    sound: bool = True
    vibration: bool = True
    guided: bool = False

    def to_json(self, *, guide: bool = True) -> str:
        """Its stored text; the switches left as they come are not written, :data:`GUIDED`
        always is (the page's first script reads it: false is a first visit), unless
        ``guide`` is False (settings cleaned of damage, where it is not known)."""
        data = {"schema": SCHEMA, "difficulty": self.difficulty.value, "language": self.language}
        flag = {GUIDED: self.guided} if guide else {}
        return json.dumps(data | {**self.changed(), **flag})

    def changed(self) -> dict[str, bool]:
        """The on/off choices that differ from how the game comes."""
        default = Settings()
        return {
            name: getattr(self, name)
            for name in ("sound", "vibration", "guided")
            if getattr(self, name) != getattr(default, name)
        }

    @classmethod
    def carried(cls, raw: object) -> Settings | None:
        """The settings a backup holds; None if absent or invalid (a bad language is left
        unset: which ones the game speaks is checked when they are applied)."""
        if not isinstance(raw, dict):
            return None
        try:
            difficulty = Difficulty.parse(raw.get("difficulty"))
        except ValueError:
            return None
        language = raw.get("language")
        if not (isinstance(language, str) and _LANGUAGE.fullmatch(language)):  # ≤ 30 characters
            language = None
        return Settings(difficulty, language, **Settings.switches(raw)[0])

    @classmethod
    def switches(cls, data: Mapping[str, object]) -> tuple[dict[str, bool], bool]:
        """The on/off choices stored in ``data`` (a setting that is there but not true or false
        is left as it comes), and whether every one that is there was valid."""
        found = {name: data[name] for name in ("sound", "vibration", GUIDED) if name in data}
        valid = {name: value for name, value in found.items() if isinstance(value, bool)}
        return valid, valid == found


class Records:
    """The settings over ``store``, and the best-scores tables an older release kept there.

    >>> store = MemoryStore({best_key(Difficulty.PEACEFUL): '{"schema": 1, "entries": '
    ...     '[{"score": 120, "date": "2026-11-29", "turns": 9, "powers": 1}]}'})
    >>> records = Records(store, languages={"en"})
    >>> [e.score for e in records.old_table(Difficulty.PEACEFUL)], records.settings.sound
    ([120], True)
    """

    def __init__(
        self, store: Store, languages: Iterable[str] = ("en",), keeper: Keeper | None = None
    ) -> None:
        self.store = store
        #: The store's keeper (shared with the history: :mod:`magdagdon.store`).
        self.keeper = keeper or Keeper(store)
        self.languages = set(languages)
        #: Codes of what was found wrong and dropped while loading (for one notice).
        self.problems: list[str] = []
        self._tables: dict[Difficulty, list[Entry]] = {}
        #: Whether the stored settings say if the guide is done (:data:`GUIDED`): not so in
        #: what an older release stored.
        self.guide_known = False
        self._guide_checked = False  # (worked out on this visit: keep_guide)
        self.settings = self._load_settings()
        if "settings" in self.problems and not self.keeper.kept(SETTINGS_KEY):
            # cleaned: reported once (whether the guide is done is the session's to work out)
            self.write(SETTINGS_KEY, self.settings.to_json(guide=False))

    # -- store access that never raises (the keeper's rules) ------------------------------------
    @property
    def unsaved(self) -> bool:
        """True once the store has refused a write: nothing more is being saved."""
        return self.keeper.unsaved

    def read(self, key: str) -> str | None:
        """The stored text under ``key``; None when absent or unreadable (noted)."""
        raw = self.keeper.text(key)
        if raw is None and key in self.keeper.unreadable:
            self.problems.append("storage-unreadable")
        return raw

    def write(self, key: str, value: str) -> bool:
        """Store ``value``; False (and :attr:`unsaved`) when the store refuses, or the key's
        value could not be read or is a newer release's (never overwritten)."""
        return self.keeper.write(key, value)

    def protect_newer(self, key: str, data: object) -> bool:
        """Whether ``data`` (read under ``key``) is a newer release's: the key is then left
        alone (nothing is saved under it)."""
        return self.keeper.guard_newer(key, data)

    # -- settings -------------------------------------------------------------------------------
    def _load_settings(self) -> Settings:
        raw = self.read(SETTINGS_KEY)
        if raw is None:
            return Settings()
        try:
            data = load_json(raw)
        except ValueError:
            self.problems.append("settings")
            return Settings()
        if not isinstance(data, dict) or data.get("schema") != SCHEMA:
            self.protect_newer(SETTINGS_KEY, data)
            self.problems.append("settings")
            return Settings()
        try:
            difficulty = Difficulty.parse(data.get("difficulty"))
        except ValueError:
            self.problems.append("settings")
            difficulty = Difficulty.PEACEFUL
        language = data.get("language")
        if language is not None and (
            not isinstance(language, str) or language not in self.languages
        ):
            self.problems.append("settings")
            language = None
        switches, valid = Settings.switches(data)
        if not valid:
            self.problems.append("settings")
        self.guide_known = GUIDED in switches
        return Settings(difficulty, language, **switches)

    def change(self, **changes: Unpack[Change]) -> None:
        """Change some settings (the others stay as they are) and save them."""
        self.save_settings(replace(self.settings, **changes))

    def keep_guide(self, turn: int) -> None:
        """Keeps the stored flag that says the first-visit guide is done (``guided``, which the
        page's first script reads too) true to the game on screen, at ``turn``: a turn played
        ends the guide. Settings an older release stored, which do not say, are worked out once
        from what is kept (a game past its first turn, a history, a best score) and written with
        their next change: a value valid as it is, or one this release may not write, is never
        rewritten for it."""
        if not self._guide_checked:
            self._guide_checked = True
            if not self.guide_known:
                played = turn > 0 or self._played_here()
                if self.read(SETTINGS_KEY) is None:  # a first visit: said at once
                    self.change(guided=played)
                else:  # kept with their next change (settings valid as they are stay so)
                    self.settings = replace(self.settings, guided=played)
                return
        if self.guide_known and not self.settings.guided and turn > 0:
            self.change(guided=True)

    def _played_here(self) -> bool:
        """A game was finished here: a history, or a best score."""
        return self.read(HISTORY_KEY) is not None or any(self.old_table(d) for d in Difficulty)

    def follow_settings(self) -> None:
        """Another tab wrote the settings: read again (damaged, the defaults, as that tab said)."""
        problems = list(self.problems)
        self.settings = self._load_settings()
        self.problems = problems

    def save_settings(self, settings: Settings) -> None:
        self.settings = settings
        self.write(SETTINGS_KEY, settings.to_json())
        self.guide_known = True

    # -- an older release's best-scores tables (read, never written) ---------------------------
    def old_table(self, difficulty: Difficulty) -> list[Entry]:
        """The best scores an older release stored for ``difficulty`` under
        :func:`best_key`, best first (at most :data:`TOP`): read once, never written. They are
        not a truth of their own: the history carries each of them over once
        (:func:`magdagdon.history.legacy_records`), and every best score shown is the
        history's."""
        if difficulty not in self._tables:
            known = len(self.problems)
            self._tables[difficulty] = self._load_table(difficulty)
            damaged = "scores" in self.problems[known:]
            if damaged and not self.keeper.kept(best_key(difficulty)):
                self._clean(difficulty)  # the valid rows stay, for good (reported once)
        return list(self._tables[difficulty])

    def _clean(self, difficulty: Difficulty) -> None:
        entries = [entry.to_dict() for entry in self._tables[difficulty]]
        self.write(best_key(difficulty), json.dumps({"schema": SCHEMA, "entries": entries}))

    def reread(self, difficulty: Difficulty) -> list[Entry]:
        """:meth:`old_table` as stored now (a tab of an older release may have written it);
        what is damaged there was reported when first read."""
        problems = len(self.problems)
        self._tables[difficulty] = self._load_table(difficulty)
        del self.problems[problems:]
        return list(self._tables[difficulty])

    def _load_table(self, difficulty: Difficulty) -> list[Entry]:
        raw = self.read(best_key(difficulty))
        if raw is None:
            return []
        try:
            data = load_json(raw)
        except ValueError:
            self.problems.append("scores")
            return []
        current = isinstance(data, dict) and data.get("schema") == SCHEMA
        rows = data.get("entries") if isinstance(data, dict) and current else None
        self.protect_newer(best_key(difficulty), data)
        if not isinstance(rows, list):
            self.problems.append("scores")
            return []
        entries = [Entry.parse(row, difficulty) for row in rows[: TOP * 10]]
        valid = [e for e in entries if e is not None]
        if len(valid) != len(rows):
            self.problems.append("scores")
        return _ranked(valid)


def _ranked(entries: list[Entry]) -> list[Entry]:
    """Best score first; among equal scores the earlier one stays ahead."""
    return sorted(entries, key=lambda e: (-e.score, e.date))[:TOP]
