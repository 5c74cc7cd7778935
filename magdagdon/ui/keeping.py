"""Kept for good: the invitation to put the game on her home screen (after a finished game, or
asked from SETTINGS and ABOUT) and the quiet reminder to back up (in the statistics and the
game-over sheet). The rules are :mod:`magdagdon.keeping`'s, imported on first use; the page
tells this part what the browser says (:meth:`Keeping.tell`) and calls the browser's own
``prompt()`` on :attr:`~magdagdon.effects.Effect.INSTALL`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..effects import Effect
from .controls import Control
from .state import Part, Shared

if TYPE_CHECKING:
    from ..keeping import Backed, Browser

__all__ = ["Keeping", "InstallView"]

#: The dialogs that show the reminder to back up, and those that offer the invitation.
NUDGED = ("over", "stats")
INVITED = ("settings", "about")


@dataclass(frozen=True)
class InstallView:
    """The invitation: how this browser installs (``prompt``, ``ios``, ``menu``) and the
    catalogue key of what it may do with her data and what to do."""

    how: str
    storage: str


class Keeping(Part):
    ACTIONS = ("invite", "install", "install-later", "backup-now")
    DIALOGS = ("install",)
    #: A first record was just made (it counted the history): set by :meth:`_finished` before
    #: it reads the record, and by :attr:`backed` when it makes one.
    _created: bool

    def __init__(self, ui: Shared) -> None:
        super().__init__(ui)
        self._backed: Backed | None = None
        #: The invitation waits for the game-over sheet to close.
        self._due = False
        #: The backup made by the reminder's one tap, for the page to save or copy.
        self.code: str | None = None

    def tell(self, installed: bool, how: str, promised: bool, safari: bool = False) -> None:
        """What the browser says now (its event kept or used, installed, its promise)."""
        self.ui.told = (installed, how, promised, safari)

    @property
    def browser(self) -> Browser | None:
        """What the browser says; None until the page told it (nothing is offered)."""
        return self.ui.browser

    @property
    def backed(self) -> Backed:
        """The record (loaded on first use; a first one counts the games kept here so far)."""
        if self._backed is None:
            from ..keeping import finished, load

            self._backed = load(self.session.keeper)
            if self._backed is None:
                count, self._created = len(self.session.history().records), True
                self._change(lambda b: finished(b, self.session.today(), count) if count else b)
        assert self._backed is not None
        return self._backed

    def follow(self, key: str | None) -> None:
        """Another tab wrote ``key`` (None: cleared the storage): the record as it stands."""
        if self._backed is not None:
            from ..keeping import BACKED_KEY, load

            if key in (None, BACKED_KEY):
                self._backed = load(self.session.keeper) or self._backed

    def _change(self, how: Callable[[Backed], Backed]) -> None:
        from ..keeping import change

        self._backed = change(self.session.keeper, self._backed, how)

    # -- the table ---------------------------------------------------------------------------
    def controls(self) -> dict[str, Control]:
        dialog = self.ui.dialog
        invite = install = nudge = False
        if dialog in (*INVITED, "install"):
            from ..keeping import can_invite

            invite = can_invite(self.browser)
            install = invite and dialog == "install" and self.browser.how == "prompt"  # type: ignore[union-attr]
        if dialog in NUDGED:
            nudge = self.nudged()
        return {
            "invite": Control(invite, invite),
            "install": Control(install, install),
            "install-later": Control(enabled=dialog == "install"),
            "backup-now": Control(nudge, nudge),
        }

    def nudged(self) -> bool:
        """Whether the reminder to back up is due (:func:`magdagdon.keeping.nudges`)."""
        from ..keeping import nudges

        return nudges(self.backed, self.browser, self.session.today())

    def view(self, dialog: str) -> InstallView:
        from ..keeping import storage_words

        browser = self.browser
        return InstallView("none" if browser is None else browser.how, storage_words(browser))

    # -- what she presses --------------------------------------------------------------------
    def _press_invite(self, _: str | None) -> None:
        """Asked from SETTINGS or ABOUT: shown again, even after a no."""
        from ..keeping import declined, offered

        today = self.session.today()
        self._change(lambda b: offered(declined(b, False), today))
        self.ui.open("install")

    def _press_install(self, _: str | None) -> None:
        """The browser's own prompt (the page calls it, within her tap)."""
        self.ui.emit(Effect.INSTALL)
        self.ui.close()

    def _press_install_later(self, _: str | None) -> None:
        """Not now: not offered again until she asks from SETTINGS."""
        from ..keeping import declined

        self._change(declined)
        self.ui.close()

    def _press_backup_now(self, _: str | None) -> None:
        """The reminder's BACKUP: the backup code made, for the page to save as a file or copy;
        counted as made."""
        from ..backup import code_of
        from ..keeping import backed_up

        self.code = code_of(self.session)
        today = self.session.today()
        self._change(lambda b: backed_up(b, today))
        self.ui.emit(Effect.BACKUP_NOW)

    # -- what it hears -----------------------------------------------------------------------
    def hear(self, effect: Effect) -> None:
        if effect is Effect.OVER or effect is Effect.PRACTICE:
            self._finished(effect is Effect.OVER)
        elif effect in (Effect.COPY_CODE, Effect.DOWNLOAD):
            from ..keeping import backed_up

            today = self.session.today()
            self._change(lambda b: backed_up(b, today))
        elif effect is Effect.IMPORT:
            _ = self.backed  # (counted before a backup's games come in: they are held)
        elif effect is Effect.SHOWN:
            self._due = False
        elif effect is Effect.CLOSING and self.ui.dialog == "over" and self._due:
            self._offer()

    def _finished(self, game: bool) -> None:
        from ..keeping import finished, invites

        today, self._created = self.session.today(), False
        if not (self.backed and game and self._created):  # (a first record counted this one)
            self._change(lambda b: finished(b, today))
        if game:
            self._due = invites(self.backed, self.browser, today)

    def _offer(self) -> None:
        """The invitation, in the game-over sheet's place as it closes."""
        from ..keeping import offered

        self._due = False
        today = self.session.today()
        self._change(lambda b: offered(b, today))
        self.ui.open("install")
