"""Every element the interface writes to is on the page: a visit through the shell (a game
played, then each screen opened and used) collects each element its painters write, move and
focus, and index.html must hold each (a misspelt name is a write that lands nowhere, and in the
browser a silent one)."""

from __future__ import annotations

import re
from collections.abc import Iterable

import pytest

from magdagdon.frame import NAME, element_selector
from magdagdon.rules import Difficulty
from magdagdon.ui.commands import Apply, Focus, Motion, Steps
from magdagdon.ui.paint import Node, Token
from magdagdon.ui.paint.words import TAGS
from magdagdon.ui.shell import Shell

from .page_elements import page, select
from .test_shell import finish, run, shell_over

#: The page's elements, read once.
PAGE = page()


#: What a write may set: what a first frame may (magdagdon/frame.py), and the saved picture's
#: link (made by the page, never kept in a frame).
WRITTEN = re.compile(NAME)
LINK = ("href", "download")


class Seen(set[str]):
    """The elements a visit names, and every write it made."""

    writes: list[tuple[str, str, object]]

    def __init__(self) -> None:
        super().__init__()
        self.writes = []


def named(commands: Iterable[object], into: Seen) -> None:
    """The elements ``commands`` write, move and focus (and those of their steps, run)."""
    for command in commands:
        if isinstance(command, Apply):
            into.update(element for element, _, _ in command.writes)
            into.writes.extend(command.writes)
        elif isinstance(command, Motion):
            into.update(command.elements)
        elif isinstance(command, Focus):
            into.add(command.element)
        elif isinstance(command, Steps) and command.name not in ("feel",):
            named(run(command), into)


def tap(shell: Shell, into: Seen, action: str, value: str | None = None) -> None:
    named(shell.tap({"action": action, "value": value}, None), into)


def visit() -> Seen:
    """The elements written on one visit: a game on the board (a die staged, CONFIRM, a hint),
    the game's end, REVIEW to its end, the best scores and statistics and their tabs, a past game
    watched, PRACTISE, SETTINGS, RULES, ABOUT, BACKUP, the confirmations, the arrow keys."""
    into = Seen()
    shell = shell_over()
    named(shell.start(), into)
    tap(shell, into, "roll")
    game = shell.ui.game
    die, cells = next(iter(game.legal.items()))
    named(shell.tap({"die": str(die)}, None), into)
    named(shell.tap({"cell": str(cells[0])}, None), into)
    named(shell.key("ArrowRight", "5")[1], into)
    tap(shell, into, "hint")
    named(shell.refresh(), into)
    finish(shell, Difficulty.NIGHTMARE, 11)
    named(shell.refresh(), into)
    tap(shell, into, "review")
    for _ in range(6):
        tap(shell, into, "review-next")
    tap(shell, into, "review-back")
    tap(shell, into, "close")
    for action, value in [
        ("scores", None),
        ("scores-tab", "daily"),
        ("scores-tab", "nightmare"),
        ("stats", None),
        ("close", None),
        ("practise", None),
        ("practice-next", None),
        ("close", None),
        ("settings", None),
        ("language", "lt"),
        ("language", ""),
        ("sound", None),
        ("close", None),
        ("rules", None),
        ("close", None),
        ("about", None),
        ("close", None),
        ("settings", None),
        ("export", None),
        ("close", None),
        ("new-game", None),
        ("confirm-no", None),
        ("daily", None),
    ]:
        tap(shell, into, action, value)
    return into


@pytest.fixture(scope="module")
def seen() -> Seen:
    """One visit (made as the tests run, so that the code it runs is the code under test)."""
    return visit()


def test_every_element_written_is_on_the_page(seen):
    kinds = {name.split(":")[0] for name in seen}
    assert {"cell", "die", "button", "dialog", "in", "id", "tab", "pick", "mini"} <= kinds
    assert len(seen) > 150
    missing = [name for name in sorted(seen) if not select(PAGE, element_selector(name))]
    assert missing == []


def test_the_page_reader_finds_what_a_browser_finds():
    # (the checker itself: a misspelt name, a wrong parent or a child two levels down is none)
    assert len(select(PAGE, element_selector("cell:0"))) == 1
    assert select(PAGE, element_selector("in:settings.close"))
    assert not select(PAGE, element_selector("in:settings.review-next"))
    assert not select(PAGE, element_selector("in:settings.XXsoundXX"))
    assert not select(PAGE, element_selector("id:XXstorage-stateXX"))
    with pytest.raises(KeyError):  # (a kind of element the page does not name)
        element_selector("XXin:settings.sound")
    assert not select(PAGE, "#status > .nothing")
    assert select(PAGE, "#status .status-main") and not select(PAGE, "body > .status-main")


def said(value: object) -> bool:
    """A painted text: a string, or pieces (strings and tokens for Intl)."""
    return isinstance(value, str) or (
        isinstance(value, tuple) and all(isinstance(p, str | Token) for p in value)
    )


def built(node: object) -> bool:
    """A node the page builds: a known tag, a text, string attributes, such children."""
    return (
        isinstance(node, Node)
        and node.tag in TAGS
        and said(node.text)
        and all(isinstance(k, str) and isinstance(v, str) for k, v in node.attrs)
        and all(built(child) for child in node.children)
    )


def test_every_write_sets_what_the_page_sets_with_a_value_it_takes(seen):
    assert len(seen.writes) > 500
    for element, what, value in seen.writes:
        assert WRITTEN.fullmatch(what) or what in LINK, (element, what)
        if what == "children":
            assert isinstance(value, tuple) and all(built(n) for n in value), element
        elif what == "text":
            assert said(value), (element, value)
        elif what in ("hidden", "disabled", "open"):
            assert isinstance(value, bool), (element, what, value)
        else:
            assert value is None or isinstance(value, str | int | float), (element, what, value)
