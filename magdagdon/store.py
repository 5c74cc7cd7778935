"""The one layer between the player's data and the injected key-value store (a dict in the
tests, localStorage in the browser).

Every stored value is JSON text under a versioned key (``magdagdon.v1.…``) and carries the
schema of the release that wrote it. The rules every key follows are kept here, once:

* **Reading never raises.** A store that fails, a value too long or not JSON, or one its codec
  refuses: the reader gets nothing, and says so once (a notice).
* **What could not be read is left exactly as it is**: when the store fails to read a key, the
  key is *kept*, never written on this visit. So is a value a **newer release** wrote (a schema
  above :data:`~magdagdon.game.SCHEMA`): the player may still open that release. A damaged
  value is dropped: the part that keeps it writes a good one over it.
* **Writing stores only what reads back**: the history reads every record back before it
  stores it (:meth:`magdagdon.history.History.add`); the settings and the two games kept on
  the board are written from values the game holds, by codecs that read back every value
  (property tests, ``tests/unit/test_store.py``).
* **A full store is reported**: a refused write sets :attr:`Keeper.unsaved` (one notice); the
  value lives on in memory and every later change tries again. Nothing valid is lost.

>>> keeper = Keeper(MemoryStore({"magdagdon.v1.x": '{"schema": 99}'}))
>>> keeper.guard_newer("magdagdon.v1.x", load_json(keeper.text("magdagdon.v1.x")))
True
>>> keeper.newer_keys, keeper.write("magdagdon.v1.x", "{}"), keeper.unsaved
(['magdagdon.v1.x'], False, True)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Protocol, Self, TypeVar

from .game import SCHEMA
from .rules import is_whole

__all__ = [
    "Store",
    "StoreError",
    "MemoryStore",
    "Keeper",
    "Record",
    "load_json",
    "read_record",
    "MAX_VALUE",
    "is_newer",
]

#: A stored value longer than this is not even parsed (an enormous value is garbage); the
#: history's own limit is larger (:data:`magdagdon.history.MAX_STORED`).
MAX_VALUE = 200_000


class StoreError(Exception):
    """The store could not read or write (unavailable, quota exceeded, ...)."""


class Store(Protocol):
    """What the game needs of a key-value store. Methods may raise :class:`StoreError`."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...


class MemoryStore:
    """A store in a dict: the tests' store (and the doctests')."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data: dict[str, str] = {} if data is None else data

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value


def load_json(raw: str | None, limit: int = MAX_VALUE) -> object:
    """Parse a stored value; ``ValueError`` for anything unusable (missing, longer than
    ``limit``, not JSON, nested deeper than the parser goes)."""
    if raw is None or len(raw) > limit:
        raise ValueError("missing or too long")  # pragma: no mutate
    try:
        return json.loads(raw)
    except RecursionError:
        raise ValueError("nested too deeply") from None  # pragma: no mutate


def is_newer(data: object) -> bool:
    """``data`` (a parsed stored value) was written by a newer release: its schema is above
    this release's.

    >>> is_newer({"schema": SCHEMA + 1}), is_newer({"schema": SCHEMA}), is_newer([])
    (True, False, False)
    """
    schema = data.get("schema") if isinstance(data, dict) else None
    return is_whole(schema, low=SCHEMA + 1)


class Keeper:
    """The store, kept by the rules above: every part of the game that keeps data (the
    settings, the games on the board, the history) reads and writes through one keeper, so
    that one flag says whether anything could not be saved."""

    def __init__(self, store: Store) -> None:
        self.store = store
        #: True once a write was refused (or not attempted, under a kept key).
        self.unsaved = False
        #: The keys the store failed to read (kept: never written on this visit).
        self.unreadable: set[str] = set()
        #: The keys whose values a newer release wrote (kept as they are), in the order met.
        self.newer_keys: list[str] = []
        self._kept: set[str] = set()

    def text(self, key: str) -> str | None:
        """The stored text under ``key``; None when absent, or when the store fails (the key
        is then kept: what could not be read is never overwritten)."""
        try:
            return self.store.get(key)
        except StoreError:
            self.keep(key)
            self.unreadable.add(key)
            self.unsaved = True
            return None

    def keep(self, key: str) -> None:
        """Never write ``key`` again on this visit (its value could not be read, or is a newer
        release's)."""
        self._kept.add(key)

    def kept(self, key: str) -> bool:
        return key in self._kept

    def guard_newer(self, key: str, data: object) -> bool:
        """Whether ``data``, read under ``key``, is a newer release's: if so the key is kept
        (and listed in :attr:`newer_keys`)."""
        if not is_newer(data):
            return False
        self.keep(key)
        if key not in self.newer_keys:
            self.newer_keys.append(key)
        return True

    def write(self, key: str, text: str) -> bool:
        """Store ``text`` under ``key``; False (and :attr:`unsaved`) when the key is kept or
        the store refuses (full)."""
        if key in self._kept:
            self.unsaved = True
            return False
        try:
            self.store.set(key, text)
        except StoreError:
            self.unsaved = True
            return False
        return True


R = TypeVar("R")


def read_record(
    keeper: Keeper,
    key: str,
    parse: Callable[[object], R],
    limit: int,
    notices: list[str] | None = None,
    notice: str = "",
) -> R | None:
    """The record stored under ``key`` as ``parse`` reads its JSON (at most ``limit``
    characters); None when there is none, or it is damaged (then ``notice`` is added to
    ``notices`` when given) or a newer release's (then the key is kept: nothing is saved over
    it)."""
    raw = keeper.text(key)
    if raw is None:
        return None
    data = None
    try:
        data = load_json(raw, limit)
        return parse(data)
    except ValueError:
        if not keeper.guard_newer(key, data) and notices is not None:
            notices.append(notice)
        return None


class Record:
    """A record kept as one JSON value and carried by a backup (practice's, the puzzles'):
    a subclass gives its ``data`` and ``parse``; writing and a backup's reading are shared."""

    def data(self) -> dict[str, object]:
        """Its JSON-able form (stored, and carried by a backup)."""
        raise NotImplementedError

    @classmethod
    def parse(cls, data: object) -> Self:
        """The record in ``data`` (parsed JSON); ``ValueError`` for anything else."""
        raise NotImplementedError

    def to_json(self) -> str:
        return json.dumps(self.data(), separators=(",", ":"))

    @classmethod
    def carried(cls, data: object) -> Self | None:
        """The record a backup carries (None: none, or one this release cannot read)."""
        try:
            return cls.parse(data)
        except ValueError:
            return None
