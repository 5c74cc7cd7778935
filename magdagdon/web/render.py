"""The page's elements written as the shell says (like 2048's actuator): each write to its
named element, children built from the few element kinds a painter uses, dates and figures
written by the browser's Intl (by the page's first script, the frame's own writer), dialogs
opened and closed, motion, words for a screen reader, notices. What is written is decided in
:mod:`magdagdon.ui`; nothing here decides.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from magdagdon.ui.commands import Relabel
from magdagdon.ui.paint import (
    Node,
    Value,
    Write,
    element_selector,
    node_json,
    said_json,
    value_json,
)

__all__ = ["Page", "attr", "missing"]


def missing(value: object) -> bool:
    """None, or JavaScript's null (which Pyodide 314 hands over as a JsNull object)."""
    return value is None or type(value).__name__ == "JsNull"


def attr(el: Any, name: str) -> str | None:
    """An attribute's text, or None (JS null arrives as jsnull, not None)."""
    value = el.getAttribute(name)
    return value if isinstance(value, str) else None


#: The writes whose value the first script takes as JSON (a text's pieces, nodes, flags); any
#: other is an attribute, written as Python writes it (True as "True").
_AS_JSON = ("text", "children", "hidden", "disabled", "open", "value")


def _json(what: str, value: Value) -> object:
    return value_json(what, value) if what in _AS_JSON or value is None else str(value)


class Page:
    """Writes to the page's elements (see the module)."""

    def __init__(self, window: Any) -> None:
        self.window, self.doc = window, window.document
        self.elements: dict[str, Any] = {}
        self.shaken: list[Any] = []  # the cells showing a refusal, until the next drawing

    def element(self, name: str) -> Any:
        """The page's element ``name`` (:func:`magdagdon.ui.paint.element_selector`)."""
        found = self.elements.get(name)
        if found is None:
            found = self.elements[name] = self.doc.querySelector(element_selector(name))
        return found

    def apply(self, writes: Iterable[Write]) -> None:
        """The writes, by the page's first script in one call (``window.magdagdonApply``: the
        frame's own writer; a dialog opened is shown from its top)."""
        for el in self.shaken:  # (the refusal's red outline lasts until the next tap)
            el.classList.remove("shake")
        self.shaken = []
        batch = [[element_selector(name), what, _json(what, value)] for name, what, value in writes]
        if batch:
            self.window.magdagdonApply(json.dumps(batch, ensure_ascii=False))

    def said(self, value: object) -> str:
        """A painted text as the player reads it: its tokens written by Intl, by the page's first
        script (``window.magdagdonText``, the frame's own writer of texts)."""
        if isinstance(value, tuple):
            return str(self.window.magdagdonText(json.dumps(said_json(value), ensure_ascii=False)))
        return value if isinstance(value, str) else "" if value is None else str(value)

    def build(self, el: Any, nodes: tuple[object, ...], append: bool = False) -> None:
        """``nodes`` built under ``el`` (its children replaced, or added to) by the page's first
        script, in one call (``window.magdagdonBuild``: the frame's own builder)."""
        made = [node_json(n) for n in nodes if isinstance(n, Node)]
        self.window.magdagdonBuild(el, json.dumps(made, ensure_ascii=False), append)

    def relabel(self, words: Relabel) -> None:
        """Every ``data-i18n`` text and ``data-i18n-aria`` label, in the language spoken."""
        doc, texts = self.doc, words.texts
        doc.documentElement.lang = words.lang
        for el in doc.querySelectorAll("[data-i18n]"):
            el.textContent = texts.get(str(el.dataset.i18n), "")
        for el in doc.querySelectorAll("[data-i18n-aria]"):
            el.setAttribute("aria-label", texts.get(str(el.dataset.i18nAria), ""))
        doc.title = words.title

    def animate(self, name: str, elements: Sequence[str]) -> None:
        """Start animation ``name`` (a class) on the elements anew: its ``again`` twin in
        game.css has another animation's name, so each call changes the name the page last drew
        (no layout forced in between, as removing and adding the class again would need)."""
        found = [self.element(element) for element in elements]
        for el in found:
            el.classList.add(name)
            el.classList.toggle("again")
        if name == "shake":
            self.shaken += found

    def announce(self, text: str, fresh: bool) -> None:
        announcer = self.doc.querySelector("#announce")
        announcer.textContent = text if fresh else f"{announcer.textContent} {text}"

    def notice(self, node: Node) -> None:
        self.build(self.doc.querySelector("#notices"), (node,), append=True)
