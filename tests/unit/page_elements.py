"""index.html's elements, and the few kinds of CSS selector that name them
(:data:`magdagdon.frame.ELEMENTS`): compound selectors of a tag, an id, classes and attributes,
joined by a descendant's space or a child's ``>``. For the tests that every element a painter or
the shell writes to is on the page (a misspelt name is a write that lands nowhere)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VOID = {"meta", "link", "br", "img", "input", "hr", "source", "wbr", "area", "base", "col"}


@dataclass(eq=False)
class Element:
    tag: str
    attrs: dict[str, str]
    parent: Element | None = None
    children: list[Element] = field(default_factory=list)


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.root = Element("#document", {})
        self.at = self.root
        self.all: list[Element] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        el = Element(tag, {k: v or "" for k, v in attrs}, self.at)
        self.at.children.append(el)
        self.all.append(el)
        if tag not in VOID:
            self.at = el

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.at = self.at.parent or self.root

    def handle_endtag(self, tag: str) -> None:
        el: Element | None = self.at
        while el is not None and el.tag != tag:
            el = el.parent
        if el is not None and el.parent is not None:
            self.at = el.parent


def page(path: Path = ROOT / "index.html") -> list[Element]:
    """Every element of the page, in document order."""
    parser = _Parser()
    parser.feed(path.read_text("utf-8"))
    return parser.all


COMPOUND = re.compile(
    r"(?P<tag>[a-z][a-z0-9]*)|#(?P<id>[\w-]+)|\.(?P<cls>[\w-]+)"
    r"|\[(?P<attr>[\w-]+)(?:=\"(?P<value>[^\"]*)\")?\]"
)


def _simple(text: str) -> list[tuple[str, str, str | None]]:
    """A compound selector's conditions: (kind, name, value)."""
    found: list[tuple[str, str, str | None]] = []
    at = 0
    while at < len(text):
        match = COMPOUND.match(text, at)
        if match is None or match.end() == at:
            raise ValueError(f"not a selector this checker reads: {text!r}")
        if match["tag"]:
            found.append(("tag", match["tag"], None))
        elif match["id"]:
            found.append(("attr", "id", match["id"]))
        elif match["cls"]:
            found.append(("class", match["cls"], None))
        else:
            found.append(("attr", match["attr"], match["value"]))
        at = match.end()
    return found


def _fits(el: Element, conditions: list[tuple[str, str, str | None]]) -> bool:
    for kind, name, value in conditions:
        if kind == "tag" and el.tag != name:
            return False
        if kind == "class" and name not in el.attrs.get("class", "").split():
            return False
        if kind == "attr" and (
            name not in el.attrs or (value is not None and el.attrs[name] != value)
        ):
            return False
    return True


def select(elements: list[Element], selector: str) -> list[Element]:
    """The elements ``selector`` finds (as querySelectorAll would, for the kinds above)."""
    parts = re.findall(r">|[^\s>]+", selector)
    steps: list[tuple[str, list[tuple[str, str, str | None]]]] = []
    combinator = " "
    for part in parts:
        if part == ">":
            combinator = ">"
            continue
        steps.append((combinator, _simple(part)))
        combinator = " "

    def matches(el: Element, upto: int) -> bool:
        before, conditions = steps[upto]  # (its combinator with the step before it)
        if not _fits(el, conditions):
            return False
        if upto == 0:
            return True
        parent = el.parent
        if before == ">":
            return parent is not None and matches(parent, upto - 1)
        while parent is not None:
            if matches(parent, upto - 1):
                return True
            parent = parent.parent
        return False

    return [el for el in elements if matches(el, len(steps) - 1)]
