"""The painters' writes applied to the page (like 2048's actuator): each write to its named
element, children built from the few element kinds a painter uses, dates and figures written
by the browser's Intl, dialogs opened and closed, the motion and the words of what just
happened. What is written is decided by :mod:`magdagdon.ui.paint`; nothing here decides.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from pyscript.ffi import to_js

from magdagdon.frame import element_selector
from magdagdon.i18n import Translator
from magdagdon.share import daily_share_text, share_text
from magdagdon.ui.paint import Node, Painter, Screen, Token, Value, Words, Write
from magdagdon.ui.paint.said import announcement, fixed, motion, notice

if TYPE_CHECKING:
    from magdagdon.ui import View
    from magdagdon.ui.over import Sharing

__all__ = ["Renderer", "attr", "missing"]

#: Intl's options for each kind of token.
FORMATS: dict[str, dict[str, object]] = {
    "decimal": {"maximumFractionDigits": 1},
    "percent": {"style": "percent", "maximumFractionDigits": 0},
}


def missing(value: object) -> bool:
    """None, or JavaScript's null (which Pyodide 314 hands over as a JsNull object)."""
    return value is None or type(value).__name__ == "JsNull"


def attr(el: Any, name: str) -> str | None:
    """An attribute's text, or None (JS null arrives as jsnull, not None)."""
    value = el.getAttribute(name)
    return value if isinstance(value, str) else None


class Renderer:
    """Applies writes to the page's elements (see the module)."""

    def __init__(self, window: Any, translator: Translator) -> None:
        self.window = window
        self.doc = window.document
        self.painter = Painter(Words(translator, self._languages()))
        self.elements: dict[str, Any] = {}
        self._formats: dict[tuple[str, str, str], Any] = {}
        self.announcer = self.doc.querySelector("#announce")
        self.notices = self.doc.querySelector("#notices")
        self._shaken: list[Any] = []  # the cells showing a refusal

    @property
    def tr(self) -> Translator:
        return self.painter.words.tr

    def _languages(self) -> list[str]:
        try:
            navigator = self.window.navigator
            return [str(navigator.language), *(str(tag) for tag in navigator.languages)]
        except Exception:  # (a browser without them: the game's language)
            return []

    def element(self, name: str) -> Any:
        """The page's element ``name`` (see :data:`magdagdon.frame.ELEMENTS`)."""
        found = self.elements.get(name)
        if found is None:
            found = self.doc.querySelector(element_selector(name))
            self.elements[name] = found
        return found

    # -- writes ------------------------------------------------------------------------------------
    def apply(self, writes: Iterable[Write]) -> None:
        for name, what, value in writes:
            self.write(self.element(name), what, value)

    def write(self, el: Any, what: str, value: Value) -> None:
        if what == "text":
            el.textContent = self.said(value)
        elif what in ("hidden", "disabled"):
            setattr(el, what, value is True)
        elif what == "value":
            el.value = value
        elif what == "children" and isinstance(value, tuple):
            el.replaceChildren(*(self.build(n) for n in value if isinstance(n, Node)))
        elif what == "open":
            self._open(el, value is True)
        elif value is None:
            el.removeAttribute(what)
        else:
            el.setAttribute(what, str(value))

    def _open(self, dialog: Any, wanted: bool) -> None:
        if wanted and not dialog.open:
            dialog.showModal()
            # At its top, where its title and what it says first are (its focused button, in
            # reach at its foot: a long dialog's actions stay there while it scrolls).
            dialog.scrollTop = 0
        elif not wanted and dialog.open:
            dialog.close()

    def said(self, value: object) -> str:
        """A painted text as the player reads it (its tokens formatted by Intl)."""
        if isinstance(value, str):
            return value
        if isinstance(value, tuple):
            return "".join(p if isinstance(p, str) else self.format(p) for p in value)
        return "" if value is None else str(value)

    def format(self, token: object) -> str:
        if not isinstance(token, Token):
            return str(token)
        key = (token.kind, token.style, token.locale)
        try:
            formatter = self._formats.get(key)
            if formatter is None:
                formatter = self._formatter(token)
                self._formats[key] = formatter
            if token.kind == "date":
                iso = str(token.value)
                return str(
                    formatter.format(
                        self.window.Date.new(iso + "T12:00" if len(iso) == 10 else iso)
                    )
                )
            return str(formatter.format(token.value))
        except Exception:  # (a browser without Intl: as written)
            return str(token.value)

    def _formatter(self, token: Token) -> Any:
        intl = self.window.Intl
        if token.kind == "date":
            # A bare date is read as the local day it names (not UTC midnight).
            return intl.DateTimeFormat.new(token.locale, to_js({"dateStyle": token.style}))
        return intl.NumberFormat.new(token.locale, to_js(FORMATS[token.kind]))

    def build(self, node: Node) -> Any:
        """A node as an element (an ``svg`` node's text: the plot's markup, parsed as SVG)."""
        if node.tag == "svg":
            parser = self.window.DOMParser.new()
            drawn = parser.parseFromString(self.said(node.text), "image/svg+xml").documentElement
            return self.doc.importNode(drawn, True)
        el = self.doc.createElement(node.tag)
        for name, value in node.attrs:
            el.setAttribute(name, value)
        if node.text:
            el.textContent = self.said(node.text)
        for child in node.children:
            el.append(self.build(child))
        return el

    # -- language ----------------------------------------------------------------------------------
    def set_translator(self, translator: Translator) -> None:
        """Speak another language from now on, the page's fixed texts included."""
        self.painter.set_words(Words(translator, self._languages()))
        self.translate_static()

    def translate_static(self) -> None:
        """Every ``data-i18n`` text and ``data-i18n-aria`` label, in the current language."""
        doc = self.doc
        texts = doc.querySelectorAll("[data-i18n]")
        labels = doc.querySelectorAll("[data-i18n-aria]")
        keys = [str(el.dataset.i18n) for el in texts] + [str(el.dataset.i18nAria) for el in labels]
        words = fixed(self.painter.words, keys)
        doc.documentElement.lang = self.painter.words.language
        for el in texts:
            el.textContent = words[str(el.dataset.i18n)]
        for el in labels:
            el.setAttribute("aria-label", words[str(el.dataset.i18nAria)])
        doc.title = words["app.title"]
        self.painter.forget()

    # -- the whole screen --------------------------------------------------------------------------
    def draw(self, view: View) -> None:
        for el in self._shaken:  # the refusal's red outline lasts until the next tap
            el.classList.remove("shake")
        self._shaken = []
        self.apply(self.painter.draw(view))

    def screen(self, sheet: bool = True) -> Screen:
        return self.painter.screen(sheet=sheet)

    def dialog_closed(self, name: str) -> bool:
        return self.painter.closed(name)

    def play_effects(self, view: View, effects: Sequence[object]) -> None:
        """The motion and the words of what just happened."""
        for animation, names in motion(view, effects):
            elements = [self.element(name) for name in names]
            self._restart_animation(elements, animation)
            if animation == "shake":
                self._shaken += elements
        said = announcement(self.painter.words, view, effects, self.painter.news)
        self.painter.news = None
        if said is not None:
            before = "" if said.fresh else f"{self.announcer.textContent} "
            self.announcer.textContent = before + said.text

    def _restart_animation(self, elements: Sequence[Any], name: str) -> None:
        for el in elements:
            el.classList.remove(name)
        if elements:
            _ = elements[0].offsetWidth  # one reflow, so the animations start again
        for el in elements:
            el.classList.add(name)

    def notice(
        self, key: str, action: str | None = None, label: str | None = None, **params: object
    ) -> None:
        """The text of ``key`` at the bottom of the screen until dismissed (see
        :func:`magdagdon.ui.paint.said.notice`)."""
        self.notices.append(self.build(notice(self.painter.words, key, action, label, **params)))

    # -- SHARE -------------------------------------------------------------------------------------
    def share_text(self, sharing: Sharing, page: str) -> tuple[str, str]:
        """What SHARE hands over, in the current language (see :mod:`magdagdon.share`)."""
        day, words = sharing.day, self.painter.words
        if day is None:
            return share_text(sharing.game, self.tr, page)
        return daily_share_text(
            sharing.game,
            self.tr,
            page,
            day=day,
            day_text=self.format(words.date(day, "medium")),
            practice=sharing.practice,
            streak=sharing.streak,
        )

    def picture(self, sharing: Sharing, today: str) -> str:
        """The picture SHARE hands over, as SVG, in the current language
        (:mod:`magdagdon.picture`, imported on first use); ``today``: an ordinary game's date."""
        from magdagdon.picture import picture

        day, words = sharing.day, self.painter.words
        return picture(
            sharing.game,
            self.tr.t,
            date=self.format(words.date(day or today, "long")),
            daily=day is not None,
            practice=sharing.practice,
            language=self.tr.language,
        )

    def offer_picture(self, url: str | None, name: str = "") -> None:
        """SAVE PICTURE in the game-over sheet: the picture at ``url`` saved as ``name``
        (None: not offered)."""
        offer = self.doc.querySelector("#over-picture")
        link = self.doc.querySelector("#over-save-picture")
        if url is None:
            offer.hidden = True
            link.removeAttribute("href")
            return
        link.href, link.download = url, name
        offer.hidden = False
