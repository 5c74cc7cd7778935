"""The first frame: what the board screen shows for the games kept, kept under
:data:`FRAME_KEY` so that the next open paints it before Python starts (index.html's first
script), instead of an empty board.

A frame is what a fresh start of this release draws for the values then stored under
:data:`FRAME_KEYS` (the settings and the two games kept), on its ``day`` and on any later day
(the daily roll's mark is the one thing a new day changes), in a browser whose preferred
languages are ``languages``: the board screen's elements (:data:`ELEMENTS`, drawn by
:class:`magdagdon.ui.paint.Painter`) with what was written to each, and the page's fixed words
in the player's language; when a fresh start opens a sheet (the game-over sheet of a finished
game), that sheet too, with the digests of the other values it shows (:data:`SHEET_KEYS`).
The page's first script paints it only while each of those is still so (:meth:`Frame.holds`
says the same in Python: tests/unit/test_first_script_frame.py runs both); anything else
(another release, a clock set back, a value changed or damaged since, a link that starts another
game) gives the ordinary start. So a painted frame is exactly what Python then draws.

>>> stored = {SETTINGS_KEY: None, GAME_KEY: '{"seed": 7}', DAILY_KEY: None}
>>> frame = Frame(None, "2026-12-05", "en", stored, "en", "MAGDAGDON", {}, {},
...               {"cell:5": {"data-state": "number", "data-value": 4}},
...               {"daily": {"data-waiting": "true"}})
>>> Frame.parse(frame.to_json()) == frame
True
>>> frame.holds(stored, day="2026-12-07", release=None, languages="en")
True
>>> frame.screen_on("2026-12-07")["daily"]
{'data-waiting': 'true'}
>>> frame.holds(stored, day="2026-12-04", release=None, languages="en")  # a clock set back
False
>>> frame.holds({GAME_KEY: '{"seed": 8}'}, day="2026-12-05", release=None, languages="en")
False
>>> Frame.parse('{"format": 1, "screen": {"cell:5": {"onclick": "alert(1)"}}}') is None
True
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from .records import DAILY_KEY, GAME_KEY, HISTORY_KEY, KEY_PREFIX, PRACTICE_KEY, SETTINGS_KEY
from .store import Keeper, StoreError, load_json

__all__ = [
    "ELEMENTS",
    "FORMAT",
    "FRAME_KEY",
    "FRAME_KEYS",
    "MAX_FRAME",
    "NAME",
    "SHEET_KEYS",
    "TAGS",
    "Frame",
    "Screen",
    "digest",
    "element_selector",
    "keep",
]

#: Where the last frame is kept (a cache: never in a backup, written over freely).
FRAME_KEY = KEY_PREFIX + "frame"
#: The frame's own format: the page paints only this one.
FORMAT = 2
#: The stored values a fresh start's board screen is made from (with the day, the release and
#: the browser's languages).
FRAME_KEYS = (SETTINGS_KEY, GAME_KEY, DAILY_KEY)
#: The stored values a sheet that a fresh start opens (the game-over sheet) also reads: a frame
#: holding one holds their digests (:func:`digest`), the page's script checks them.
SHEET_KEYS = (HISTORY_KEY, PRACTICE_KEY, KEY_PREFIX + "backed")  # (keeping.BACKED_KEY)
#: A longer stored frame is not even read (a frame is a few kilobytes).
MAX_FRAME = 64_000

#: The page's elements, by kind: each one's CSS selector (``%``: the element's name, as in
#: ``cell:5``; ``%0`` and ``%1``: its parts around a dot, as in ``in:over.share``).
ELEMENTS: dict[str, str] = {
    "body": "body",
    "score": "#score",
    "score-label": "#score-label",
    "chip": "#difficulty",
    "status": "#status",
    "status-main": "#status .status-main",
    "status-detail": "#status .status-detail",
    "daily": '.menu [data-action="daily"]',
    "guide": "#guide",
    "guide-step": "#guide-step",
    "guide-words": "#guide-words",
    "powers-left": "#powers-left",
    "confirm-more": '.controls [data-action="confirm"] .more',
    "button": '.controls [data-action="%"]',
    "cell": '[data-cell="%"]',
    "die": '[data-die="%"]',
    "line": '[data-line="%"]',
    "total": '[data-line="%"] > b',
    "bonus": '[data-line="%"] > small',
    "id": "#%",
    "dialog": "#dialog-%",
    "in": '#dialog-%0 [data-action="%1"]',
    "nudge": "#dialog-% [data-nudge]",
    "tab": '#dialog-%0 .tab[data-value="%1"]',
    "pick": '#dialog-settings [data-action="%0"][data-value="%1"]',
    "auto": '#dialog-settings [data-action="language"][data-value=""]',
    "mini": '[data-%0="%1"]',
    "field": "[data-%]",
}
#: What a frame may write to an element: its text, a flag, a field's value, its children, a
#: dialog open, a data- or aria- attribute, its title (never a script's handler, a style or an
#: address). The page's script checks the same.
NAME = r"^(text|hidden|disabled|title|value|open|children|(data|aria)-[a-z0-9]+(-[a-z0-9]+)*)$"
#: An element's name: a kind of :data:`ELEMENTS`, then perhaps ``:`` and which one.
ELEMENT = r"^[a-z]+(-[a-z]+)*(:[a-z0-9]+([-.][a-z0-9]+)*)?$"
#: A key of the catalogue (the page's fixed words).
WORD = r"^[a-z0-9_.-]+$"
#: The elements a frame builds (as :mod:`magdagdon.ui.paint` does, less its plots).
TAGS = ("b", "button", "dd", "div", "dl", "dt", "h3", "li", "p", "section", "span", "table",
        "td", "th", "tr", "ul")  # fmt: skip
#: The attributes a built element may have.
ATTRIBUTE = r"^(class|type|role|title|(data|aria)-[a-z]+(-[a-z]+)*)$"
#: A token's locale and a date's style, as Intl takes them.
LOCALE = r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$"
STYLES = ("short", "medium", "long", "full")

Screen = dict[str, dict[str, object]]
_NAME, _ELEMENT, _WORD = re.compile(NAME), re.compile(ELEMENT), re.compile(WORD)
_ATTRIBUTE, _LOCALE = re.compile(ATTRIBUTE), re.compile(LOCALE)
_ISO = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")


def element_selector(name: str) -> str:
    """The CSS selector of the element named ``name`` (see :data:`ELEMENTS`).

    >>> element_selector("cell:5"), element_selector("in:over.share")
    ('[data-cell="5"]', '#dialog-over [data-action="share"]')
    """
    kind, _, which = name.partition(":")
    first, _, second = which.partition(".")
    return ELEMENTS[kind].replace("%0", first).replace("%1", second).replace("%", which)


def digest(text: str | None) -> str:
    """A stored value's digest (cyrb53 over its UTF-16 code units, as the page's script
    computes it; ``-`` for nothing stored).

    >>> digest("magdagdon"), digest(""), digest(None)
    ('958046750087429', '3338908027751811', '-')
    """
    if text is None:
        return "-"
    mask = 0xFFFFFFFF
    h1, h2 = 0xDEADBEEF, 0x41C6CE57
    data = text.encode("utf-16-le")
    for i in range(0, len(data), 2):
        unit = data[i] | data[i + 1] << 8
        h1 = ((h1 ^ unit) * 2654435761) & mask
        h2 = ((h2 ^ unit) * 1597334677) & mask
    h1 = ((h1 ^ (h1 >> 16)) * 2246822507) & mask
    h1 ^= ((h2 ^ (h2 >> 13)) * 3266489909) & mask
    h2 = ((h2 ^ (h2 >> 16)) * 2246822507) & mask
    h2 ^= ((h1 ^ (h1 >> 13)) * 3266489909) & mask
    return str(4294967296 * (2097151 & h2) + h1)


@dataclass(frozen=True)
class Frame:
    """A screen drawn for the values stored under :data:`FRAME_KEYS` (``keys``: each one's
    text, None: nothing stored), on ``day``, by ``release`` (None: the sources), for a browser
    preferring ``languages`` (comma-separated): in ``lang``, the page's ``title``, its fixed
    words (``texts``: catalogue key → text; ``labels``: → aria-label) and each element's draw
    state (``screen``); on any later day, with the writes of ``later`` over it. The sheet a
    fresh start opens (its dialog's writes, its opening among them) is ``sheet``, with the
    ``digests`` of the values under :data:`SHEET_KEYS` it shows (:func:`digest`): painted on
    the frame's day while they hold (and a board alone otherwise, as Python then opens it)."""

    release: str | None
    day: str
    languages: str
    keys: dict[str, str | None]
    lang: str
    title: str
    texts: dict[str, str]
    labels: dict[str, str]
    screen: Screen
    later: Screen
    sheet: Screen = field(default_factory=dict)
    digests: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> str:
        data = {"format": FORMAT, **self.__dict__}
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def parse(cls, text: str | None) -> Frame | None:
        """The frame ``text`` holds; None for anything else (never raises)."""
        try:
            data = load_json(text, MAX_FRAME)
        except ValueError:
            return None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return None
        try:
            return cls(
                release=_optional(data["release"]),
                day=_text(data["day"]),
                languages=_text(data["languages"]),
                keys=_keys(data["keys"]),
                lang=_text(data["lang"]),
                title=_text(data["title"]),
                texts=_words(data["texts"]),
                labels=_words(data["labels"]),
                screen=_screen(data["screen"]),
                later=_screen(data["later"]),
                sheet=_screen(data["sheet"]),
                digests=_digests(data["digests"], data["sheet"]),
            )
        except (KeyError, TypeError, ValueError, RecursionError):
            return None

    def holds(
        self,
        stored: Mapping[str, str | None],
        *,
        day: str,
        release: str | None,
        languages: str,
        digests: Mapping[str, str] | None = None,
    ) -> bool:
        """Whether this frame is what a fresh start draws now (:meth:`screen_on` ``day``): the
        same values stored under :data:`FRAME_KEYS` (and of its :attr:`digests`, the same
        ``digests`` now), release and languages, its day or a later one (ISO dates; a frame
        holding a sheet: its day only)."""
        return (
            (self.release, self.languages) == (release, languages)
            and (self.day <= day if not self.sheet else self.day == day)
            and all(self.keys.get(key) == stored.get(key) for key in FRAME_KEYS)
            and self.sheet_holds(digests or {})
        )

    def sheet_holds(self, digests: Mapping[str, str]) -> bool:
        """Whether its sheet (if any) is drawn from the values whose digests are ``digests``."""
        return all(digests.get(key) == value for key, value in self.digests.items())

    def screen_on(self, day: str, sheet: bool = True) -> Screen:
        """The screen drawn on ``day`` (its own, or any later one), with its sheet on its own
        day (unless ``sheet`` is false: the digests did not hold)."""
        if day <= self.day:
            return {**self.screen, **self.sheet} if sheet else self.screen
        elements = {**self.screen, **self.later}
        return {el: {**self.screen.get(el, {}), **self.later.get(el, {})} for el in elements}


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError("not a text")
    return value


def _optional(value: object) -> str | None:
    return None if value is None else _text(value)


def _keys(data: object) -> dict[str, str | None]:
    if not isinstance(data, dict) or set(data) != set(FRAME_KEYS):
        raise ValueError("not the frame's keys")
    return {key: _optional(data[key]) for key in FRAME_KEYS}


def _digests(data: object, sheet: object) -> dict[str, str]:
    """The digests of every value under SHEET_KEYS when there is a sheet, else none."""
    if not isinstance(data, dict) or set(data) != (set(SHEET_KEYS) if sheet else set()):
        raise ValueError("not the sheets' keys")
    return {key: _text(value) for key, value in data.items()}


def _words(data: object) -> dict[str, str]:
    if not isinstance(data, dict) or not all(_WORD.match(key) for key in data):
        raise ValueError("not the page's words")
    return {key: _text(value) for key, value in data.items()}


def _said(value: object) -> None:
    """A text: plain, or pieces (a text, or a date or figure for Intl in a locale)."""
    if isinstance(value, str):
        return
    if not isinstance(value, list):
        raise TypeError("not a text")
    for piece in value:
        if isinstance(piece, str):
            continue
        if not isinstance(piece, dict) or not _LOCALE.match(_text(piece.get("locale"))):
            raise ValueError("not a piece of text")
        if set(piece) == {"date", "style", "locale"}:
            if not _ISO.match(_text(piece["date"])) or piece["style"] not in STYLES:
                raise ValueError("not a date")
        elif set(piece) in ({"decimal", "locale"}, {"percent", "locale"}):
            figure = piece.get("decimal", piece.get("percent"))
            if isinstance(figure, bool) or not isinstance(figure, int | float):
                raise TypeError("not a figure")
        else:
            raise ValueError("not a piece of text")


def _nodes(value: object, depth: int = 0) -> None:
    """Elements to build: ``[tag, text, {attribute: value}, [children]]`` of known kinds."""
    if not isinstance(value, list) or depth > 8:
        raise TypeError("not elements")
    for item in value:
        if not isinstance(item, list) or len(item) != 4 or item[0] not in TAGS:
            raise ValueError("not an element a frame builds")
        _said(item[1])
        attrs = item[2]
        if not isinstance(attrs, dict) or not all(_ATTRIBUTE.match(name) for name in attrs):
            raise ValueError("not an element's attributes")
        for attribute in attrs.values():
            _text(attribute)
        _nodes(item[3], depth + 1)


def _screen(data: object) -> Screen:
    """Each element's writes, every element a known one and every write an allowed one."""
    if not isinstance(data, dict):
        raise TypeError("not a screen")
    screen: Screen = {}
    for element, writes in data.items():
        if not _ELEMENT.match(element) or element.partition(":")[0] not in ELEMENTS:
            raise ValueError(f"not an element of the page: {element!r}")
        if not isinstance(writes, dict) or not all(_NAME.match(name) for name in writes):
            raise ValueError(f"not what a frame writes: {element!r}")
        for what, value in writes.items():
            if what == "children":
                _nodes(value)
            elif what == "text" and isinstance(value, list):
                _said(value)
            elif value is not None and not isinstance(value, str | int | bool):
                raise TypeError("not a value")
        screen[element] = dict(writes)
    return screen


def keep(keeper: Keeper, frame: Frame) -> None:
    """Keep ``frame`` for the next open. A cache: a store that refuses it (full) only means
    that the next open shows the ordinary start, so nothing is reported."""
    if keeper.kept(FRAME_KEY):
        return
    with contextlib.suppress(StoreError):
        keeper.store.set(FRAME_KEY, frame.to_json())
