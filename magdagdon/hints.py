"""The coach's suggestion as the player sees it: which die goes where (ghost dice), the dice a
power would change or reroll, the cell a MAGDAGDON would ruin, and what the status line says.

Pure, and imported on the first HINT only (with the coach): the first ROLL needs neither.

>>> from magdagdon.game import Game
>>> hint = hint_for(Game.new("nightmare", seed=2).apply("roll"))
>>> hint.actions[-1], hint.say.key, len(hint.ghosts) >= 3
('confirm', 'hint.place', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .coach import Steps, explain, run, suggest_steps
from .game import Game
from .message import Message
from .rules import SIZE

__all__ = ["Hint", "hint_for", "hint_steps", "why"]

#: What each reason code of :func:`magdagdon.coach.explain` says (an i18n key under hint.why.).
WHY = ("power-reroll", "power-change", "ruin")


@dataclass(frozen=True)
class Hint:
    """The coach's suggestion, shown on the board until the player plays it or does anything
    else. ``actions``: the engine actions, in order. ``ghosts``: cell → the value of the die
    it would place there. ``dice``: the dice it would stage, change or reroll (the tray marks
    them). ``ruin``: the cell it would ruin. ``say``: the status line. ``why``: the i18n key of
    one line on why a power or a ruin is worth it, or None."""

    actions: tuple[str, ...]
    ghosts: Mapping[int, int]
    dice: frozenset[int]
    ruin: int | None
    say: Message
    why: str | None = None


def drawn(game: Game, actions: tuple[str, ...]) -> tuple[dict[int, int], set[int], int | None,
                                                      int | None]:  # fmt: skip
    """What ``actions`` from ``game`` show on the board: the ghost dice (cell → value), the
    dice they use, the cell ruined, and the value a −1/+1 makes (nothing after a REROLL: what
    comes after it depends on dice nobody has seen yet). The review draws a decision so too."""
    ghosts: dict[int, int] = {}
    dice: set[int] = set()
    ruin = change = None
    shown = game
    for action in actions:
        verb, *args = action.split()
        numbers = [int(a) for a in args]
        if verb == "stage":
            ghosts[numbers[1]] = shown.dice[numbers[0]]
        if verb in ("stage", "dec", "inc"):
            dice.add(numbers[0])
        if verb in ("dec", "inc"):
            change = shown.dice[numbers[0]] + (1 if verb == "inc" else -1)
        if verb == "ruin":
            ruin = numbers[0]
        if verb == "reroll":
            dice.update(numbers)
            break
        shown = shown.apply(action)
    return ghosts, dice, ruin, change


def hint_for(game: Game) -> Hint:
    """The coach's suggestion for the decision ``game`` waits for (PLACING or MAGDAGDON)."""
    return run(hint_steps(game))


def hint_steps(game: Game) -> Steps[Hint]:
    """:func:`hint_for` in the coach's steps (:func:`magdagdon.coach.suggest_steps`), so that
    the page answers taps while the coach thinks."""
    actions = tuple((yield from suggest_steps(game)))
    ghosts, dice, ruin, _ = drawn(game, actions)
    return Hint(actions, ghosts, frozenset(dice), ruin, _say(actions, ruin), why(game, actions))


def _say(actions: tuple[str, ...], ruin: int | None) -> Message:
    """The status line: what to do, in the order the coach would do it (a power is suggested
    alone: what to stage comes with the dice it makes)."""
    verbs = {a.split()[0] for a in actions}
    if ruin is not None:
        return Message("hint.ruin", {"row": ruin // SIZE + 1, "column": ruin % SIZE + 1})
    if "reroll" in verbs:
        return Message("hint.reroll")
    if verbs & {"dec", "inc"}:
        return Message("hint.change")
    return Message("hint.place")


def why(game: Game, actions: tuple[str, ...]) -> str | None:
    """The i18n key of the line saying why a suggested power or ruin is worth it."""
    reason = explain(game, list(actions))
    if reason is None or reason[0] not in WHY:
        return None
    code, params = reason
    if code == "ruin":
        return f"hint.why.ruin.{params['reason']}"  # (explain gives every ruin a reason)
    return f"hint.why.{code}"
