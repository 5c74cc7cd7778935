"""The small dialogs' painters: SETTINGS, RULES, ABOUT, the confirmations, BACKUP and the
invitation to install. Each is handed the words, the view its dialog's part made and the
table's actions, and yields writes (see :mod:`magdagdon.ui.paint`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from ...i18n import LANGUAGES
from ...rules import Difficulty
from .words import Node, Words, Write, node

if TYPE_CHECKING:
    from ..backup import BackupView
    from ..controls import Control
    from ..games import ConfirmNew, ConfirmUrl
    from ..keeping import InstallView
    from ..settings import SettingsView

__all__ = [
    "RULE_SECTIONS",
    "about",
    "backup",
    "confirm_new",
    "confirm_url",
    "install",
    "rules",
    "settings",
]

Actions = Mapping[str, "Control"]

RULE_SECTIONS = (
    "objective",
    "turn",
    "difficulty",
    "placement",
    "powers",
    "magdagdon",
    "scoring",
    "end",
    "about",
    "keys",
)


def _flag(on: bool) -> str:
    return "true" if on else "false"


def _offer(dialog: str, action: str, actions: Actions) -> Iterator[Write]:
    """A button of the invitation or the reminder, shown as the table says."""
    yield (f"in:{dialog}.{action}", "hidden", not actions[action].shown)


def settings(w: Words, view: SettingsView, actions: Actions) -> Iterator[Write]:
    """The difficulty and language chosen, the sounds and vibration on or off, and what this
    browser may do with her data."""
    for difficulty in Difficulty:
        on = difficulty.value == view.difficulty
        yield (f"pick:difficulty.{difficulty.value}", "aria-pressed", _flag(on))
    yield ("auto", "aria-pressed", _flag(view.language == ""))
    for language in LANGUAGES:
        yield (f"pick:language.{language}", "aria-pressed", _flag(view.language == language))
    yield ("in:settings.sound", "aria-pressed", _flag(view.sound))
    yield ("in:settings.vibration", "aria-pressed", _flag(view.vibration))
    yield ("id:storage-state", "data-i18n", view.storage)
    yield ("id:storage-state", "text", w.s(view.storage))
    yield from _offer("settings", "invite", actions)


def about(w: Words, view: None, actions: Actions) -> Iterator[Write]:
    yield from _offer("about", "invite", actions)


def rules(w: Words, view: None, actions: Actions) -> Iterator[Write]:
    """The rules' sections, each a title and its paragraphs."""
    sections: list[Node] = []
    for section in RULE_SECTIONS:
        items = (node("li", p) for p in w.paragraphs(f"rules.{section}.body"))
        title = node("h3", w.s(f"rules.{section}.title"))
        sections.append(node("section", "", title, node("ul", "", *items)))
    yield ("id:rules-text", "children", tuple(sections))


def confirm_url(w: Words, view: ConfirmUrl, actions: Actions) -> Iterator[Write]:
    """A link's game waits: which one (a day's daily roll, or a game of a difficulty)."""
    if view.day is not None:
        text = w.t("confirm.url_daily.body", date=w.date(view.day, "medium"))
    elif view.difficulty is not None:
        name = w.s(f"difficulty.{view.difficulty.value}")
        text = w.t("confirm.url_game.body", difficulty=name)
    else:
        return
    yield ("id:confirm-url-body", "text", text)


def confirm_new(w: Words, view: ConfirmNew, actions: Actions) -> Iterator[Write]:
    """Ending a game in progress: an ordinary one, or another day's daily roll."""
    if view.day is not None:
        title = w.t("confirm.daily.title")
        body = w.t("confirm.daily.body", date=w.date(view.day, "medium"))
    else:
        title, body = w.t("confirm.new_game.title"), w.t("confirm.new_game.body")
    yield ("id:confirm-new-title", "text", title)
    yield ("id:confirm-new-body", "text", body)


def backup(w: Words, view: BackupView, actions: Actions) -> Iterator[Write]:
    """The code made (in its field), and what the last restore said."""
    yield ("id:backup-out", "hidden", view.code is None)
    yield ("field:backup-code", "value", view.code or "")
    said = view.said
    yield ("id:backup-said", "text", w.say(said) if said else "")
    yield ("id:backup-said", "data-alert", _flag(said is not None and said.alert))


def install(w: Words, view: InstallView, actions: Actions) -> Iterator[Write]:
    """The invitation: the way this browser installs, and what it may do with her data."""
    yield ("dialog:install", "data-how", view.how)
    yield ("id:install-storage", "data-i18n", view.storage)
    yield ("id:install-storage", "text", w.s(view.storage))
    yield from _offer("install", "install", actions)
