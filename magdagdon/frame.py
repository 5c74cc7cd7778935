"""The first frame: what the board screen shows for the games kept, kept under
:data:`FRAME_KEY` so that the next open paints it before Python starts (index.html's first
script), instead of an empty board.

A frame is what a fresh start of this release draws for the values then stored under
:data:`FRAME_KEYS` (the settings and the two games kept), on its ``day`` and on any later day
(the daily roll's mark is the one thing a new day changes), in a browser whose preferred
languages are ``languages``: the board screen's elements (:data:`ELEMENTS`, drawn by
:class:`magdagdon.web.paint.Painter`) with what was written to each, and the page's fixed words
in the player's language. The page's first script paints it only while each of those is still
so (:meth:`Frame.holds` says the same in Python); anything else (another release, a clock set
back, a value changed or damaged since, a link that starts another game) gives the ordinary
start. So a painted frame is exactly what Python then draws.

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
from dataclasses import dataclass

from .records import DAILY_KEY, GAME_KEY, KEY_PREFIX, SETTINGS_KEY
from .store import Keeper, StoreError, load_json

__all__ = [
    "ELEMENTS",
    "FORMAT",
    "FRAME_KEY",
    "FRAME_KEYS",
    "MAX_FRAME",
    "NAME",
    "Frame",
    "Screen",
    "keep",
]

#: Where the last frame is kept (a cache: never in a backup, written over freely).
FRAME_KEY = KEY_PREFIX + "frame"
#: The frame's own format: the page paints only this one.
FORMAT = 1
#: The stored values a fresh start's board screen is made from (with the day, the release and
#: the browser's languages).
FRAME_KEYS = (SETTINGS_KEY, GAME_KEY, DAILY_KEY)
#: A longer stored frame is not even read (a frame is a few kilobytes).
MAX_FRAME = 64_000

#: The board screen's elements, by kind: each one's CSS selector (``%``: the element's name,
#: as in ``cell:5``).
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
}
#: What a frame may write to an element: its text, a flag, a data- or aria- attribute, its
#: title (never a script's handler, a style or an address). The page's script checks the same.
NAME = r"^(text|hidden|disabled|title|(data|aria)-[a-z]+(-[a-z]+)*)$"
#: An element's name: a kind of :data:`ELEMENTS`, then perhaps ``:`` and which one.
ELEMENT = r"^[a-z]+(-[a-z]+)*(:[a-z0-9]+(-[a-z0-9]+)*)?$"
#: A key of the catalogue (the page's fixed words).
WORD = r"^[a-z0-9_.-]+$"

Screen = dict[str, dict[str, str | int | bool | None]]
_NAME, _ELEMENT, _WORD = re.compile(NAME), re.compile(ELEMENT), re.compile(WORD)


@dataclass(frozen=True)
class Frame:
    """A board screen drawn for the values stored under :data:`FRAME_KEYS` (``keys``: each
    one's text, None: nothing stored), on ``day``, by ``release`` (None: the sources), for a
    browser preferring ``languages`` (comma-separated): in ``lang``, the page's ``title``, its
    fixed words (``texts``: catalogue key → text; ``labels``: → aria-label) and each element's
    draw state (``screen``); on any later day, with the writes of ``later`` over it."""

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
            )
        except (KeyError, TypeError, ValueError):
            return None

    def holds(
        self, stored: Mapping[str, str | None], *, day: str, release: str | None, languages: str
    ) -> bool:
        """Whether this frame is what a fresh start draws now (:meth:`screen_on` ``day``): the
        same values stored under :data:`FRAME_KEYS`, release and languages, its day or a later
        one (ISO dates)."""
        return (
            (self.release, self.languages) == (release, languages)
            and self.day <= day
            and all(self.keys.get(key) == stored.get(key) for key in FRAME_KEYS)
        )

    def screen_on(self, day: str) -> Screen:
        """The board screen drawn on ``day`` (its own, or any later one)."""
        if day <= self.day:
            return self.screen
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


def _words(data: object) -> dict[str, str]:
    if not isinstance(data, dict) or not all(_WORD.match(key) for key in data):
        raise ValueError("not the page's words")
    return {key: _text(value) for key, value in data.items()}


def _screen(data: object) -> Screen:
    """Each element's writes, every element a known one and every write an allowed one."""
    if not isinstance(data, dict):
        raise TypeError("not a screen")
    screen: Screen = {}
    for element, writes in data.items():
        if not _ELEMENT.match(element) or element.partition(":")[0] not in ELEMENTS:
            raise ValueError(f"not an element of the board screen: {element!r}")
        if not isinstance(writes, dict) or not all(_NAME.match(name) for name in writes):
            raise ValueError(f"not what a frame writes: {element!r}")
        for value in writes.values():
            if value is not None and not isinstance(value, str | int | bool):
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
