"""Sessions over in-memory stores, as the browser has them over localStorage, on a clock a test
sets: :data:`TODAY` is the day every test plays on unless it needs a day of its own (a test
that moves the clock passes a :class:`Clock`); a store that fails when a test says so."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from magdagdon.records import MemoryStore, StoreError
from magdagdon.rules import Difficulty
from magdagdon.session import Session
from magdagdon.ui import Controller

from .greedy import daily_game, finished

TODAY = "2026-12-01"
YESTERDAY = "2026-11-30"
TOMORROW = "2026-12-02"


class Clock:
    """The player's local day, which a test moves (midnight passing, a clock set back)."""

    def __init__(self, day: str) -> None:
        self.day = day

    def __call__(self) -> str:
        return self.day


def new_session(
    store: MemoryStore | None = None, today: str | Clock = TODAY, **wishes: Any
) -> Session:
    """A session over ``store`` (a fresh one if none) on the day ``today`` (``wishes``: what
    the URL asks for)."""
    clock = today if callable(today) else (lambda: today)
    return Session(MemoryStore() if store is None else store, today=clock, **wishes)


def play(session: Session, moves: Iterable[str]) -> Session:
    """``session`` once it has played ``moves``."""
    for move in moves:
        session.apply(move)
    return session


def play_daily(session: Session, day: str) -> Session:
    """``session`` once it has started the daily roll of ``day`` and played it to the end."""
    session.start_daily(day)
    return play(session, daily_game(day).moves)


def player(games: list[tuple[Difficulty, int]], store: MemoryStore | None = None) -> Controller:
    """A controller over a store where ``games`` were played to the end, in order."""
    ui = Controller(new_session(store))
    for difficulty, seed in games:
        ui.session.new_game(difficulty, seed)
        for move in finished(difficulty, seed).moves:
            ui.session.apply(move)
    ui.dialog = None
    return ui


def reload(ui: Controller, **wishes: Any) -> Controller:
    """The page loaded again over the same store, on the same clock (``wishes``: what the URL
    asks for)."""
    return Controller(Session(ui.session.records.store, today=ui.session.today, **wishes))


class FailingStore(MemoryStore):
    """A store that fails as a test says: every read (``fail_get``), the reads of the keys in
    ``bad_get`` (storage the browser blocks), every write (``fail_set``: full or read-only
    storage). ``writes`` lists the key of every write tried."""

    def __init__(
        self,
        data: dict[str, str] | None = None,
        *,
        fail_get: bool = False,
        bad_get: Iterable[str] = (),
        fail_set: bool = False,
    ) -> None:
        super().__init__(data)
        self.fail_get, self.bad_get, self.fail_set = fail_get, set(bad_get), fail_set
        self.writes: list[str] = []

    def get(self, key: str) -> str | None:
        if self.fail_get or key in self.bad_get:
            raise StoreError(f"cannot read {key}")
        return super().get(key)

    def set(self, key: str, value: str) -> None:
        self.writes.append(key)
        if self.fail_set:
            raise StoreError("quota exceeded")
        super().set(key, value)
