"""Sessions over in-memory stores, as the browser has them over localStorage, on a clock a test
sets: :data:`TODAY` is the day every test plays on unless it needs a day of its own (a test
that moves the clock passes a :class:`Clock`)."""

from __future__ import annotations

from typing import Any

from magdagdon.records import MemoryStore
from magdagdon.session import Session
from magdagdon.ui import Controller

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


def reload(ui: Controller, **wishes: Any) -> Controller:
    """The page loaded again over the same store, on the same clock (``wishes``: what the URL
    asks for)."""
    return Controller(Session(ui.session.records.store, today=ui.session.today, **wishes))
