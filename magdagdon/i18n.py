"""Translations: catalogues from ``i18n/*.json``, ``t(key, **params)``, plural forms, fallback.

A catalogue is a flat JSON object: key → a string with ``{placeholders}``, a list of strings
(paragraphs of the rules), or a plural object ``{"one": …, "few": …, "other": …}`` chosen by
the ``count`` parameter with the language's plural rule (CLDR, integers). A key missing from a
catalogue falls back to English; a key missing from English shows as the key itself.

>>> tr = Translator({"en": {"dice": {"one": "{count} die", "other": "{count} dice"}}}, "en")
>>> tr.t("dice", count=1), tr.t("dice", count=3)
('1 die', '3 dice')
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Protocol

__all__ = [
    "read_catalog",
    "LANGUAGES",
    "FALLBACK",
    "PLACEHOLDER",
    "fill",
    "Translator",
    "plural_category",
    "pick_language",
    "date_locale",
    "load_catalog",
    "Text",
    "Catalog",
    "Translate",
]

#: The languages the game speaks, in the order SETTINGS lists them.
LANGUAGES = ("en", "lt", "ca", "ta")
FALLBACK = "en"
#: A placeholder in a text: ``{name}``. :func:`fill` fills them, and so does the page's
#: boot.js with the same pattern (tools/build.py writes it there).
PLACEHOLDER = r"\{([A-Za-z0-9_]+)\}"
_PLACEHOLDER = re.compile(PLACEHOLDER)
#: One entry of a catalogue: a text, its paragraphs, or its plural forms (category → text).
Text = str | list[str] | dict[str, str]
#: A language's catalogue: key → entry.
Catalog = dict[str, Text]


class Translate(Protocol):
    """What says an i18n key with its parameters in the player's words: :meth:`Translator.t`."""

    def __call__(self, key: str, **params: object) -> str: ...


def _lt(n: int) -> str:
    if n % 10 == 1 and not 11 <= n % 100 <= 19:
        return "one"
    if 2 <= n % 10 <= 9 and not 11 <= n % 100 <= 19:
        return "few"
    return "other"


_PLURALS: dict[str, Callable[[int], str]] = {
    "en": lambda n: "one" if n == 1 else "other",
    "ca": lambda n: "one" if n == 1 else "other",
    "ta": lambda n: "one" if n == 1 else "other",
    "lt": _lt,
}


def plural_category(language: str, n: int) -> str:
    """The CLDR plural category of the whole number ``n`` in ``language``.

    >>> [plural_category("lt", n) for n in (1, 2, 10, 11, 21, 22)]
    ['one', 'few', 'other', 'other', 'one', 'few']
    """
    return _PLURALS.get(language, _PLURALS[FALLBACK])(abs(n))


def placeholders(text: str) -> set[str]:
    """The ``{names}`` used in ``text``.

    >>> sorted(placeholders("{count} of {total}"))
    ['count', 'total']
    """
    return set(_PLACEHOLDER.findall(text))


def pick_language(saved: str | None, preferred: Iterable[str]) -> str:
    """The saved language, else the first of the browser's preferred ones we speak, else English.

    >>> pick_language(None, ["de-AT", "ca-ES", "en"])
    'ca'
    """
    if saved is not None and saved in LANGUAGES:
        return saved
    for tag in preferred:
        base = str(tag).split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return FALLBACK


#: A language tag Intl accepts: language, then an optional script, region and variants.
_LOCALE = re.compile(
    r"[a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|[0-9]{3}))?(-([a-z0-9]{5,8}|[0-9][a-z0-9]{3}))*",
    re.IGNORECASE,
)


def date_locale(language: str, browser: Iterable[str]) -> str:
    """The locale dates and numbers are written in: the first of the browser's languages that
    is a regional form of the game's ``language`` (``en-GB`` for ``en``: 30/11/2026, not
    11/30/26), else the game's language itself. Extensions (``-u-…``, ``-x-…``) are left out;
    a tag Intl would refuse is never returned.

    >>> date_locale("en", ["en-GB", "en"]), date_locale("en", ["lt-LT"])
    ('en-GB', 'en')
    >>> date_locale("lt", ["en-US", "lt-LT"]), date_locale("ca", ["ca-ES-valencia"])
    ('lt-LT', 'ca-ES-valencia')
    """
    for tag in browser:
        if not isinstance(tag, str):
            continue
        parts = tag.strip().replace("_", "-").split("-")
        singleton = next((n for n, part in enumerate(parts) if len(part) == 1), len(parts))
        tag = "-".join(parts[:singleton])
        if parts[0].lower() == language.lower() and _LOCALE.fullmatch(tag):
            return tag
    return language


def load_catalog(text: str) -> Catalog:
    """A catalogue parsed from JSON text; ``ValueError`` if it is not a flat object of texts."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("a catalogue is a JSON object")
    for key, value in data.items():
        ok = (
            isinstance(value, str)
            or (isinstance(value, list) and all(isinstance(v, str) for v in value))
            or (
                isinstance(value, dict)
                and "other" in value
                and all(isinstance(v, str) for v in value.values())
            )
        )
        if not ok:
            raise ValueError(f"catalogue entry {key!r} is not a text, a list or a plural")
    return data


def read_catalog(language: str) -> Catalog | None:
    """``language``'s catalogue from the game's files (i18n/, beside this package), read by the
    package's loader: a folder's, or the built site's start archive's (tools/build.py: START,
    a zip on Python's path); None where it is missing or broken."""
    package = sys.modules[__name__.rpartition(".")[0]]
    root = str(package.__file__).rsplit("/", 2)[0]
    try:
        data = package.__spec__.loader.get_data(f"{root}/i18n/{language}.json")  # type: ignore[union-attr]
        return load_catalog(data.decode("utf-8"))
    except (OSError, ValueError, AttributeError):
        return None


def fill(text: str, params: Mapping[str, object]) -> str:
    """``text`` with each :data:`PLACEHOLDER` that ``params`` names replaced by its value (as
    ``format()`` writes it); the others are left as they are.

    >>> fill("{done} of {total} {unit}", {"done": 3, "total": 5})
    '3 of 5 {unit}'
    """
    return _PLACEHOLDER.sub(
        lambda found: format(params[found[1]]) if found[1] in params else found[0], text
    )


def _whole(count: object) -> int:
    """The whole number a ``count`` parameter stands for (``int()`` of it)."""
    if not isinstance(count, int | float | str):
        raise TypeError(f"a count is a number, not {count!r}")
    return int(count)


class Translator:
    """Texts of one language with English behind it."""

    def __init__(self, catalogs: dict[str, Catalog], language: str) -> None:
        self.catalogs = catalogs
        self.language = language if language in catalogs else FALLBACK

    def raw(self, key: str) -> Text:
        for lang in (self.language, FALLBACK):
            value = self.catalogs.get(lang, {}).get(key)
            if value is not None:
                return value
        return key

    def t(self, key: str, **params: object) -> str:
        """The text of ``key`` with ``params`` filled in."""
        value = self.raw(key)
        if isinstance(value, dict):
            category = plural_category(self.language, _whole(params.get("count", 0)))
            value = value.get(category, value["other"])
        if isinstance(value, list):
            value = "\n".join(value)
        return fill(value, params) if params else value

    def paragraphs(self, key: str) -> list[str]:
        """A list entry (e.g. a rules section) as its paragraphs."""
        value = self.raw(key)
        return list(value) if isinstance(value, list) else [str(value)]
