"""A translatable line (the status bar's, a hint's, a dialog's): an i18n key and its
parameters. Its own module, so that the interface and the coach's hints both use it without
importing each other."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Message"]


@dataclass(frozen=True)
class Message:
    """A translatable line for the status bar: ``key`` in i18n and its ``params``.

    ``params`` values that are i18n keys themselves are marked by a ``@`` prefix.
    """

    key: str
    params: dict[str, object] = field(default_factory=dict)
    alert: bool = False
    #: A second, smaller line: what the player can do about it (an i18n key).
    detail: str | None = None
