"""The fixtures the unit tests share. Helpers that are plain functions live in plain modules
(greedy.py, played_games.py, sessions.py, stepping.py), imported where they are used."""

from __future__ import annotations

import pytest

from magdagdon.records import MemoryStore


@pytest.fixture
def store() -> MemoryStore:
    """A fresh in-memory store: the browser's storage on a first visit."""
    return MemoryStore()
