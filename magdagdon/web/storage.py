"""localStorage as a :class:`magdagdon.store.Store`; every failure becomes ``StoreError``."""

from __future__ import annotations

from typing import Any

from magdagdon.store import StoreError


class LocalStore:
    """``window.localStorage``: absent, disabled (SecurityError) or full (QuotaExceededError)
    all surface as :class:`StoreError`, which the records survive by playing from memory."""

    def __init__(self, window: Any) -> None:
        self._window = window

    def _call(self, method: str, *args: str) -> Any:
        try:
            return getattr(self._window.localStorage, method)(*args)
        except Exception as error:
            raise StoreError(f"localStorage.{method}: {error}") from None

    def get(self, key: str) -> str | None:
        value = self._call("getItem", key)
        return value if isinstance(value, str) else None  # JS null arrives as jsnull

    def set(self, key: str, value: str) -> None:
        self._call("setItem", key, value)
