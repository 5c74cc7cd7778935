"""What the page says and moves beyond its elements' state: the words of what just happened for
a screen reader (:func:`announcement`), the motion it starts (:func:`motion`), a notice at the
foot of the screen (:func:`notice`) and the page's fixed words (:func:`fixed`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...effects import Effect, Shake
from ...game import Phase
from ...rules import SIZE
from ..controls import Held
from .words import Node, Words, node

if TYPE_CHECKING:
    from ...hints import Hint
    from ..controller import View

__all__ = ["Said", "announcement", "fixed", "motion", "notice"]


@dataclass(frozen=True)
class Said:
    """Words for the polite live region: ``fresh`` replaces what it said last, else they are
    added to it."""

    text: str
    fresh: bool


def _hint_words(w: Words, hint: Hint) -> str:
    """The hint for a screen reader: the status line, then each die and where it goes."""
    words = [w.say(hint.say)]
    for cell, value in sorted(hint.ghosts.items()):
        row, column = cell // SIZE + 1, cell % SIZE + 1
        words.append(w.s("hint.say.stage", value=value, row=row, column=column))
    if hint.why:
        words.append(w.s(hint.why))
    return " ".join(words)


def _effect_words(w: Words, view: View, effect: object) -> tuple[str, bool] | None:
    """What one effect says, and whether it replaces what was said (None: nothing)."""
    game = view.game
    if isinstance(effect, Held):  # a tap on a button that had only just appeared
        return w.say(view.status), True
    if effect is Effect.ROLLED:
        said = w.s("announce.roll", dice=", ".join(map(str, game.dice)))
        if game.phase is Phase.MAGDAGDON:
            said += " " + w.s("status.magdagdon")
        return said, True
    fresh = {
        Effect.POWER: lambda: w.s("announce.power", dice=", ".join(map(str, game.dice))),
        Effect.CONFIRMED: lambda: w.s("announce.confirm", score=game.score),
        Effect.RUINED: lambda: w.s("status.ruin"),
        Effect.OVER: lambda: w.s("announce.over", score=game.score),
    }
    if effect in fresh:
        return fresh[effect](), True  # type: ignore[index]
    if effect is Effect.HINTED and view.hint is not None:
        return _hint_words(w, view.hint), True
    if effect is Effect.GUIDED:
        return w.s("guide.done"), False
    return None


def announcement(w: Words, view: View, effects: Iterable[object], news: str | None) -> Said | None:
    """What a screen reader hears of ``effects`` (then the guide's ``news``), as the page says
    it in one go; None: nothing new."""
    text, fresh = "", False
    for effect in effects:
        said = _effect_words(w, view, effect)
        if said is None:
            continue
        words, replaces = said
        if replaces:
            text, fresh = words, True
        else:
            text = f"{text} {words}" if text else words
    if news:
        text = f"{text} {news}" if text else news
    return Said(text, fresh) if text else None


def motion(view: View, effects: Iterable[object]) -> list[tuple[str, tuple[str, ...]]]:
    """The animations ``effects`` start: (the animation, the elements it plays on)."""
    started: list[tuple[str, tuple[str, ...]]] = []
    for effect in effects:
        if isinstance(effect, Shake):
            started.append(("shake", (f"cell:{effect.cell}",)))
        elif effect is Effect.ROLLED:
            started.append(("rolling", tuple(f"die:{d}" for d in range(4))))
        elif effect is Effect.POWER:
            started.append(("rolling", tuple(f"die:{d}" for d in view.game.available)))
    return started


def notice(
    w: Words, key: str, action: str | None = None, label: str | None = None, **params: object
) -> Node:
    """The text of ``key`` at the foot of the screen until dismissed, with a button for
    ``action`` (labelled by the key ``label``) when there is one."""
    parts: list[Node] = [node("p", w.s(key, **params))]
    if action is not None:
        text = w.s(label) if label else ""
        parts.append(node("button", text, type="button", cls="notice-action", data_action=action))
    close = w.s("button.close")
    parts.append(
        node(
            "button",
            "",
            type="button",
            cls="icon-btn close",
            data_action="dismiss",
            aria_label=close,
        )
    )
    return node("div", "", *parts, cls="notice")


def fixed(w: Words, keys: Sequence[str]) -> dict[str, str]:
    """The page's fixed words of ``keys`` (catalogue keys), the page's title among them."""
    return {key: w.s(key) for key in dict.fromkeys([*keys, "app.title"])}
