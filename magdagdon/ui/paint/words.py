"""What a painter writes: words in the player's language (:class:`Words`, the translator with
dates and figures left as :class:`Token` for the browser's ``Intl``), and small element trees
(:class:`Node`) of a few known kinds for tables and lists: never HTML text.

A painted text (:data:`Said`) is a plain ``str``, or a tuple of pieces, each a ``str`` or a
:class:`Token` that the page formats in the player's locale (the same ``Intl`` call in Python's
applier and in the first frame's script, so both write the same text).

>>> from magdagdon.i18n import Translator
>>> w = Words(Translator({"en": {"from": "from {date}"}}, "en"), ["en-GB"])
>>> w.t("from", date=w.date("2026-12-06", "medium"))
('from ', Token(kind='date', value='2026-12-06', style='medium', locale='en-GB'))
>>> said_json(w.t("from", date=w.date("2026-12-06")))
['from ', {'date': '2026-12-06', 'style': 'short', 'locale': 'en-GB'}]
>>> node_json(Node("tr", children=(Node("td", "1"), Node("td", w.decimal(2.5)))))
['tr', '', {}, [['td', '1', {}, []], ['td', [{'decimal': 2.5, 'locale': 'en-GB'}], {}, []]]]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ...i18n import Translator, date_locale
from ...message import Message

__all__ = [
    "ATTRIBUTE",
    "TAGS",
    "Node",
    "Said",
    "Token",
    "Value",
    "Words",
    "Write",
    "node_json",
    "said_json",
    "value_json",
]


@dataclass(frozen=True)
class Token:
    """A date (``value``: ISO; ``style``: Intl's ``dateStyle``), a ``decimal`` (one decimal
    at most) or a ``percent`` (a share of 1), written by the browser in ``locale``."""

    kind: str
    value: str | float
    style: str = ""
    locale: str = "en"


#: A painted text: plain, or pieces with tokens among them.
Said = str | tuple[str | Token, ...]

#: The kinds of element a painter may build (``svg``: a plot's markup, made and escaped by
#: :mod:`magdagdon.plots`, parsed as SVG by the page, never as HTML).
TAGS = frozenset(
    {
        "b",
        "button",
        "dd",
        "div",
        "dl",
        "dt",
        "h3",
        "li",
        "p",
        "section",
        "span",
        "svg",
        "table",
        "td",
        "th",
        "tr",
        "ul",
    }
)
#: The attributes a built element may have (never a handler, a style or an address).
ATTRIBUTE = r"^(class|type|role|title|(data|aria)-[a-z]+(-[a-z]+)*)$"
_ATTRIBUTE = re.compile(ATTRIBUTE)


@dataclass(frozen=True)
class Node:
    """An element to build: its ``tag`` (one of :data:`TAGS`), its text, its attributes and
    its children (after its text)."""

    tag: str
    text: Said | Token = ""
    attrs: tuple[tuple[str, str], ...] = ()
    children: tuple[Node, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.text, Token):  # (a date or figure alone)
            object.__setattr__(self, "text", (self.text,))
        if self.tag not in TAGS:
            raise ValueError(f"not an element a painter builds: {self.tag!r}")
        for name, _ in self.attrs:
            if not _ATTRIBUTE.match(name):
                raise ValueError(f"not an attribute a painter writes: {name!r}")


#: What a write sets: a text, a flag, an attribute's value (None: removed), or an element's
#: children (a tuple of nodes).
Value = str | int | bool | None | tuple[str | Token, ...] | tuple[Node, ...]
#: A write: (element, what, value); see :mod:`magdagdon.ui.paint`.
Write = tuple[str, str, Value]

_MARK = re.compile("\ue000([0-9]+)\ue001")
#: The most texts :meth:`Words.s` keeps (then it starts again).
SAID_KEPT = 4096


class Words:
    """The translator as painters use it: texts with dates and figures as tokens in the
    locale of the player's language (:func:`magdagdon.i18n.date_locale`)."""

    def __init__(self, translator: Translator, preferred: Iterable[str] = ()) -> None:
        self.tr = translator
        self.language = translator.language
        self.locale = date_locale(translator.language, list(preferred))
        self._said: dict[tuple[object, ...], str] = {}  # (s: a text made once, while it lasts)

    def t(self, key: str, **params: object) -> Said:
        """The text of ``key`` (a plain string unless a parameter is a token)."""
        tokens = [value for value in params.values() if isinstance(value, Token)]
        if not tokens:
            return self.tr.t(key, **params)
        marks: dict[str, object] = {}
        for name, value in params.items():
            if isinstance(value, Token):
                marks[name] = f"\ue000{tokens.index(value)}\ue001"
            else:
                marks[name] = value
        pieces: list[str | Token] = []
        for n, piece in enumerate(_MARK.split(self.tr.t(key, **marks))):
            if n % 2:
                pieces.append(tokens[int(piece)])
            elif piece:
                pieces.append(piece)
        return tuple(pieces)

    def s(self, key: str, **params: object) -> str:
        """The text of ``key`` with no token in it (each text made once: a board's redraw
        asks for a hundred, the same mostly, and filling them took a third of a tap's time)."""
        asked = (key, *((name, type(v), v) for name, v in params.items()))  # (1 ≠ True, 1.0)
        try:
            said = self._said.get(asked)
        except TypeError:  # (a parameter that cannot be a key: made each time)
            return self.tr.t(key, **params)
        if said is None:
            if len(self._said) >= SAID_KEPT:
                self._said.clear()
            said = self._said[asked] = self.tr.t(key, **params)
        return said

    def say(self, message: Message) -> str:
        """A :class:`~magdagdon.message.Message` (its ``@`` parameters are keys too)."""
        params = {
            k: self.tr.t(v[1:]) if isinstance(v, str) and v.startswith("@") else v
            for k, v in message.params.items()
        }
        return self.tr.t(message.key, **params)

    def paragraphs(self, key: str) -> list[str]:
        return self.tr.paragraphs(key)

    def date(self, iso: str, style: str = "short") -> Token:
        return Token("date", iso, style, self.locale)

    def decimal(self, value: float | None) -> Token | str:
        """A figure (one decimal at most; a dash when there is none)."""
        return "–" if value is None else Token("decimal", value, "", self.locale)

    def percent(self, share: float | None) -> Token | str:
        return "–" if share is None else Token("percent", share, "", self.locale)


def token_json(token: Token) -> dict[str, object]:
    if token.kind == "date":
        return {"date": token.value, "style": token.style, "locale": token.locale}
    return {token.kind: token.value, "locale": token.locale}


def said_json(said: Said | Token) -> str | list[object]:
    """A painted text as JSON (the first frame keeps it so)."""
    if isinstance(said, str):
        return said
    if isinstance(said, Token):
        return [token_json(said)]
    return [piece if isinstance(piece, str) else token_json(piece) for piece in said]


def node_json(node: Node) -> list[object]:
    """A node as JSON: ``[tag, text, {attribute: value}, [children]]``."""
    return [node.tag, said_json(node.text), dict(node.attrs), [node_json(n) for n in node.children]]


def value_json(what: str, value: Value) -> object:
    """A write's value as JSON: ``children`` a list of nodes, a text its pieces, the rest as it
    is (the first frame keeps writes so)."""
    if what == "children" and isinstance(value, tuple):
        return [node_json(n) for n in value if isinstance(n, Node)]
    if isinstance(value, tuple):
        return said_json(tuple(p for p in value if isinstance(p, str | Token)))
    return value


def node(tag: str, text: Said | Token = "", *children: Node, **attrs: str | None) -> Node:
    """A :class:`Node` (``cls`` stands for ``class``, ``_`` in a name for ``-``; None values
    are left out)."""
    pairs = tuple(
        ("class" if name == "cls" else name.replace("_", "-"), value)
        for name, value in attrs.items()
        if value is not None
    )
    return Node(tag, text, pairs, children)


def row(
    cells: Sequence[tuple[Said, str | None]], cls: str | None = None, head: bool = False
) -> Node:
    """A table's line of text cells (each with its class, None: none)."""
    kind = "th" if head else "td"
    return node("tr", "", *(node(kind, text, cls=c) for text, c in cells), cls=cls)


def pairs(mapping: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(mapping.items())
