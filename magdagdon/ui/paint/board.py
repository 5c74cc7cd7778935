"""The board screen of a frozen view (:class:`magdagdon.ui.View`) as writes to named elements
(see :mod:`magdagdon.ui.paint`): the score and status, the guide, the cells, the dice, the line
sums and the buttons under the board, in the player's words. The page applies them, and the
first frame of the next open keeps them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...message import Message
from ...rules import EMPTY, RUIN, SIZE, ScoreBreakdown
from ...share import number
from ..controller import BUTTONS
from .words import Words, Write

if TYPE_CHECKING:
    from ...game import Game
    from ...hints import Hint
    from ..controller import View
    from ..controls import Control, Controls
    from ..games import Mode

__all__ = ["board", "cell_state"]


def cell_state(value: int) -> str:
    """A board cell's ``data-state`` for what it holds (the game's board and the little
    boards of WATCH, REVIEW and PRACTISE alike)."""
    return "ruin" if value == RUIN else "empty" if value == EMPTY else "number"


def _ghost(hint: Hint | None, cell: int) -> str | None:
    """What the coach's hint shows on ``cell``: a die's value, "ruin", or nothing."""
    if hint is None:
        return None
    if hint.ruin == cell:
        return "ruin"
    value = hint.ghosts.get(cell)
    return None if value is None else str(value)


def board(w: Words, view: View) -> Iterator[Write]:
    game = view.game
    yield ("body", "data-phase", game.phase.value)
    yield ("body", "data-powers", game.powers_left)
    yield ("body", "data-difficulty", game.difficulty.value)
    yield ("score", "text", number(game.score))
    yield ("score", "data-score", game.score)
    status = view.status
    yield ("status-main", "text", w.say(status))
    detail = w.s(status.detail) if status.detail else ""
    yield ("status-detail", "text", detail)
    yield ("status", "data-alert", "true" if status.alert else "false")
    controls = view.controls
    yield from _mode(w, game, view.mode, controls.actions["daily"])
    yield from _guide(w, view.guide)
    yield from _board(w, game, controls, view.hint)
    yield from _dice(w, game, controls, view.selected, view.hint)
    yield from _controls(w, game, controls, view.chosen or 0)


def _mode(w: Words, game: Game, mode: Mode, daily: Control) -> Iterator[Write]:
    """Which game is on screen: the chip (its difficulty, or the daily roll), the score's
    label (or the score a challenge asks to beat), the daily entry in the menu."""
    day = mode.day
    if mode.drill:
        chip = w.s(f"{mode.kind}.chip")
    elif day is None:
        chip = w.s(f"difficulty.{game.difficulty.value}")
    else:
        chip = w.s("daily.chip.practice" if mode.practice else "daily.chip")
    yield ("chip", "text", chip)
    yield ("body", "data-daily", None if day is None else "true")
    yield ("body", "data-drill", "true" if mode.drill else None)
    target = mode.target
    label = w.s("label.score") if target is None else w.s("label.target", score=number(target))
    yield ("score-label", "text", label)
    yield ("score-label", "data-target", target)
    yield ("daily", "aria-pressed", "true" if daily.pressed else "false")
    yield ("daily", "data-waiting", "true" if daily.marked else "false")
    yield ("daily", "aria-label", w.s(f"nav.daily{'.waiting' * daily.marked}"))
    again = w.s("button.your_game" if mode.resumes else "button.new_game")
    yield ("button:new-game", "text", again)


def _guide(w: Words, message: Message | None) -> Iterator[Write]:
    """The first-game guide over the score and status: its step and words (said once
    for a screen reader when they change); the control it points at glows (CSS, by the
    body's ``data-guide``)."""
    step = None if message is None else message.key.removeprefix("guide.")
    yield ("body", "data-guide", step)
    yield ("guide", "hidden", message is None)
    if message is None:
        return
    params = message.params
    counter = w.s("guide.step", n=params["n"], total=params["total"])
    words = w.say(message)
    yield ("guide-step", "text", counter)
    yield ("guide-words", "text", words)


def _board(w: Words, game: Game, controls: Controls, hint: Hint | None) -> Iterator[Write]:
    staged = {cell for _, cell in game.placements}
    shown = game.staged_board
    for i in range(SIZE * SIZE):
        value = shown[i]
        if i in staged:
            state, content = "staged", w.s("cell.staged", value=value)
        elif value == RUIN:
            state, content = "ruin", w.s("cell.ruin")
        elif value == EMPTY:
            state, content = "empty", w.s("cell.empty")
        else:
            state, content = "number", str(value)
        key = f"cell:{i}"
        legal = controls.cells[i].marked
        ghost = _ghost(hint, i)
        yield (key, "data-state", state)
        yield (key, "data-value", max(value, 0))
        yield (key, "data-legal", "true" if legal else "false")
        yield (key, "data-ghost", ghost)
        label = w.s("cell.label", row=i // SIZE + 1, column=i % SIZE + 1, content=content)
        if legal:
            label = w.s("cell.label.note", label=label, note=w.s("cell.legal"))
        if ghost is not None:
            kind = "ruin" if ghost == "ruin" else "die"
            note = w.s(f"cell.ghost.{kind}", value=ghost)
            label = w.s("cell.label.note", label=label, note=note)
        yield (key, "aria-label", label)
    yield from _lines(w, game.preview, bool(staged))


def _lines(w: Words, preview: ScoreBreakdown, staging: bool) -> Iterator[Write]:
    for line in preview.lines:
        name = f"{line.kind}-{line.index}"
        key = f"line:{name}"
        won = line.bonus
        bonus = won.value if won else ""
        yield (key, "data-bonus", bonus)
        yield (key, "data-full", "true" if line.full else "false")
        yield (key, "data-preview", "true" if staging else "false")
        small = f"+{won.points} {w.s('bonus.' + bonus)}" if won else ""
        yield (f"total:{name}", "text", str(line.total))
        yield (f"bonus:{name}", "text", small)
        label = w.s("line.sum", line=w.s(f"line.{line.kind}", n=line.index + 1), sum=line.total)
        if won:
            label = w.s(
                "bonus.line",
                line=label,
                bonus=w.s("bonus." + bonus),
                points=won.points,
            )
        yield (key, "aria-label", label)
        yield (key, "title", label)


def _dice(
    w: Words, game: Game, controls: Controls, selected: int | None, hint: Hint | None
) -> Iterator[Write]:
    for d, control in enumerate(controls.dice):
        key = f"die:{d}"
        if not control.shown:
            state, value, label = "blank", 0, w.s("die.blank", n=d + 1)
        else:
            value = game.dice[d]
            state = "staged" if d in game.staged else "selected" if d == selected else "available"
            label = w.s(f"die.{'label' if state == 'available' else state}", n=d + 1, value=value)
        yield (key, "data-state", state)
        yield (key, "data-value", value)
        yield (key, "data-chosen", "true" if control.marked else "false")
        yield (key, "data-hinted", "true" if hint and d in hint.dice else None)
        yield (key, "aria-label", label)
        yield (key, "aria-pressed", "true" if control.pressed else "false")
        yield (key, "disabled", not control.enabled)


def _controls(w: Words, game: Game, controls: Controls, chosen: int) -> Iterator[Write]:
    for action in BUTTONS:
        control, key = controls.actions[action], f"button:{action}"
        yield (key, "hidden", not control.shown)
        yield (key, "disabled", not control.enabled)
        if control.pressed is not None:
            yield (key, "aria-pressed", "true" if control.pressed else "false")
    more = w.s("button.confirm.more", count=game.still_required) if game.still_required else ""
    yield ("confirm-more", "text", more)
    go = w.s("button.reroll.go", count=chosen) if chosen else w.s("button.reroll.pick")
    yield ("button:reroll-go", "text", go)
    if game.difficulty.powers == 0:
        left = w.s("label.no_powers")
    else:
        left = w.s("label.powers_left", count=game.powers_left)
        if game.next_power_cost is not None and not game.is_over:
            cost = w.s("label.next_cost", cost=game.next_power_cost)
            left = w.s("label.powers_next", left=left, next=cost)
    yield ("powers-left", "text", left)
