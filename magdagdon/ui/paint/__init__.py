"""The painters: every screen of the game drawn from a frozen view (:class:`magdagdon.ui.View`)
as a list of writes to named elements. Pure: no DOM here, so the same drawing makes the page
(the browser layer applies each write to its element) and the first frame kept for the next
open (:mod:`magdagdon.frame`), and CPython tests read it.

An element is named ``kind`` or ``kind:which`` (``cell:5``, ``button:roll``,
``id:over-title``, ``in:over.share``); :data:`magdagdon.frame.ELEMENTS` gives each kind's CSS
selector (``%``: which; ``%0``, ``%1``: its parts around a dot). A write is
``(element, what, value)``: ``what`` is ``text`` (a :data:`~.words.Said`), ``hidden`` or
``disabled`` (a flag), ``value`` (a field's text), ``children`` (a tuple of
:class:`~.words.Node`), ``open`` (a dialog shown modal, or closed) or an attribute (its value;
None: removed).

One painter a screen: the board's (:func:`~.board.board`) and each dialog's
(:data:`PAINTERS`). Like Tatham's draw state, :class:`Painter` remembers what it last wrote to
each element and hands back only what changed, so a tap costs only that.

>>> from magdagdon.i18n import Translator
>>> from magdagdon.store import MemoryStore
>>> from magdagdon.ui import resting
>>> view, _ = resting({}, today=lambda: "2026-12-06", languages=["en"])
>>> painter = Painter(Words(Translator({"en": {}}, "en")))
>>> ("score", "text", "0") in painter.draw(view), painter.draw(view)
(True, [])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ...frame import element_selector
from .board import board
from .boards import practice, review, watch
from .over import over
from .puzzle import puzzle
from .sheets import about, backup, confirm_new, confirm_url, install, rules, settings
from .tables import scores, stats
from .words import Node, Said, Token, Value, Words, Write, node_json, said_json, value_json

if TYPE_CHECKING:
    from ..controller import View
    from ..controls import Control

__all__ = [
    "PAINTERS",
    "UNVIEWED",
    "Node",
    "Painter",
    "Said",
    "Screen",
    "Token",
    "Value",
    "Words",
    "Write",
    "element_selector",
    "node_json",
    "said_json",
    "value_json",
]

#: Each dialog's painter (words, the view its part made, the table's actions → writes); a
#: dialog without one (the birthday card) shows nothing of the game. The dialog's name picks the
#: painter, a pairing the type checker cannot follow, so a painter's view is Any here.
PAINTERS: dict[str, Callable[[Words, Any, Mapping[str, Control]], Iterator[Write]]] = {
    "settings": settings,
    "rules": rules,
    "about": about,
    "scores": scores,
    "stats": stats,
    "watch": watch,
    "review": review,
    "practice": practice,
    "puzzle": puzzle,
    "backup": backup,
    "install": install,
    "over": over,
    "confirm-url": confirm_url,
    "confirm-new": confirm_new,
}
#: The dialogs painted without a view of the game.
UNVIEWED = frozenset({"rules", "about"})

#: The writes of a screen by element, as JSON (what the first frame keeps).
Screen = dict[str, dict[str, Any]]


class Painter:
    """Every screen of a view, in the player's words, as the writes that changed since the
    last drawing (see the module)."""

    def __init__(self, words: Words) -> None:
        self.words = words
        #: What was last written to each element: (element, what) → value.
        self.drawn: dict[tuple[str, str], Value] = {}
        #: Whose each write is: None the board screen's, else a dialog's name.
        self._owner: dict[tuple[str, str], str | None] = {}
        #: What each dialog was last painted from (painted again only when it changed).
        self._painted: dict[str, object] = {}
        self.open: str | None = None
        #: The guide's words, when they changed in the last drawing (said after what happened).
        self.news: str | None = None

    def set_words(self, words: Words) -> None:
        """Speak another language from now on (everything is drawn again)."""
        self.words = words
        self.forget()

    def forget(self) -> None:
        """Draw everything again next time."""
        self.drawn.clear()
        self._painted.clear()

    def _set(self, write: Write, owner: str | None, changed: list[Write]) -> None:
        element, what, value = write
        at = (element, what)
        if at in self.drawn and self.drawn[at] == value:
            return
        self.drawn[at] = value
        self._owner[at] = owner
        changed.append(write)

    def draw(self, view: View, sheet: View | None = None) -> list[Write]:
        """The writes that bring the screen drawn last up to ``view`` (its dialog: ``sheet``'s,
        when given)."""
        changed: list[Write] = []
        for write in board(self.words, view):
            self._set(write, None, changed)
        words = self.drawn.get(("guide-words", "text"))
        self.news = None
        if any(w[:2] == ("guide-words", "text") for w in changed) and view.guide is not None:
            self.news = words if isinstance(words, str) else None
        self._dialog(sheet or view, changed)
        return changed

    def _dialog(self, view: View, changed: list[Write]) -> None:
        """The open dialog painted (when what it shows changed), opened, the others closed."""
        wanted, shows = view.dialog, view.shows
        painter = PAINTERS.get(wanted) if wanted is not None else None
        if wanted is not None and painter is not None and (shows is not None or wanted in UNVIEWED):
            made = (shows, view.controls, self.words.language)
            if self._painted.get(wanted, ...) != made:
                self._painted[wanted] = made
                for write in painter(self.words, shows, view.controls.actions):
                    self._set(write, wanted, changed)
        if wanted != self.open:
            if self.open is not None:
                self._set((f"dialog:{self.open}", "open", False), self.open, changed)
            self.open = wanted
        if wanted is not None:
            self._set((f"dialog:{wanted}", "open", True), wanted, changed)

    def closed(self, name: str) -> bool:
        """The browser closed dialog ``name`` (Esc, or its form): True when it was the one
        open as drawn (a late event for a dialog opened again since is not); drawn as closed."""
        if self.open != name:
            return False
        self.open = None
        self.drawn[(f"dialog:{name}", "open")] = False
        return True

    def screen(self, board: bool = True, sheet: bool = True) -> Screen:
        """What the page shows as drawn, as JSON: the board screen's writes and (or only) those
        of the dialog open (the first frame's draw state)."""
        shown: Screen = {}
        for (element, what), value in self.drawn.items():
            owner = self._owner.get((element, what))
            if (board and owner is None) or (sheet and owner is not None and owner == self.open):
                shown.setdefault(element, {})[what] = value_json(what, value)
        return shown
