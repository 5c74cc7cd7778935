"""What the shell's parts share: the session and its interface, the painter, the mistakes
said in the console, the notices; each part of the shell (:mod:`.work`, :mod:`.sharing`,
:mod:`.framing`) builds on it, and :class:`~magdagdon.ui.shell.Shell` puts them together."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ...store import StoreError
from ..commands import Command, Log, Notice, Share
from ..paint.said import notice

if TYPE_CHECKING:
    from ...frame import Frame
    from ...i18n import Catalog
    from ...session import Session
    from ...sounds import Throttle
    from ..controller import Controller
    from ..paint import Painter

__all__ = ["Base"]


class Base:
    """The shell's state (set by :class:`~magdagdon.ui.shell.Shell`)."""

    session: Session
    ui: Controller
    painter: Painter
    catalogs: dict[str, Catalog]
    preferred: list[str]
    release: str | None
    page: str
    today: Callable[[], str]
    downloads: bool
    touched: bool
    asleep: bool
    clock: Callable[[], float]
    _throttle: Throttle | None
    errors: list[str]
    _digest: Callable[[str], str] | None
    _framed: Frame | None
    _frame_due: bool
    _coaching: bool
    _scanning: bool
    _watching: int
    _picture: tuple[object, ...] | None
    keys: tuple[Mapping[str, list[str]], Mapping[str, list[str]]]

    def refresh(self) -> list[Command]:
        raise NotImplementedError

    def _catalog(self, language: str) -> bool:
        raise NotImplementedError

    def _share(self) -> Share:
        raise NotImplementedError

    def _send_puzzle(self) -> Share:
        raise NotImplementedError

    def _notice(
        self, key: str, action: str | None = None, label: str | None = None, **params: object
    ) -> Notice:
        return Notice(notice(self.painter.words, key, action, label, **params))

    def _guarded(self, handler: Callable[..., object], *args: object) -> None:
        """Run a handler; a bug is said in the console (:class:`~.commands.Log`) but never
        freezes the game."""
        try:
            handler(*args)
        except StoreError:
            pass
        except Exception as error:  # the last line of defence, reported loudly
            self.errors.append(f"MAGDAGDON: {type(error).__name__}: {error}")

    def _logs(self) -> list[Command]:
        said: list[Command] = [Log(error) for error in self.errors]
        self.errors = []
        return said
