"""The table of what can be pressed (:class:`Controls`), its rows (:class:`Control`) and the
rules' refusals as the status line says them. Every part of the interface adds its rows."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..errors import IllegalActionError, IllegalCellError
from ..message import Message
from ..rules import SIZE

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "ALWAYS",
    "DROPPED",
    "GUARD_MS",
    "HELD",
    "IDLE",
    "Control",
    "Controls",
    "Held",
    "refusal",
    "said",
]


@dataclass(frozen=True)
class Control:
    """One action, die or cell as the player finds it now.

    ``shown``: on screen (a hidden control may still answer its key, as N does). ``enabled``:
    pressing it acts. ``why``: what pressing it anyway says (the rules' refusal, worked out only
    when asked), None when it is enabled or refused without a word. ``pressed``: a toggle's
    state (a chosen die, REROLL while choosing), None for an ordinary button. ``marked``: a
    cell highlighted as a legal target now (none while a hint is on show: its ghost dice stand
    alone), a die chosen for REROLL.
    """

    shown: bool = True
    enabled: bool = True
    pressed: bool | None = None
    marked: bool = False
    refusal: Callable[[], Message | None] | None = field(default=None, compare=False, repr=False)

    @property
    def why(self) -> Message | None:
        return None if self.enabled or self.refusal is None else self.refusal()


@dataclass(frozen=True)
class Controls:
    """What can be pressed now: every action (by name), die (by index) and cell (by index).

    The one answer to "can this be pressed, and why not": the renderer draws it, ``press``,
    ``key``, ``tap_die`` and ``tap_cell`` obey it, and the browser tests compare the page with it.
    """

    actions: Mapping[str, Control]
    dice: tuple[Control, ...]
    cells: tuple[Control, ...]


#: How long a button that took another's place under the player's finger (put there by no tap
#: of hers: a hint landing, another tab's game) ignores taps, in ms: longer than a person takes
#: to see the change and tap on purpose.
GUARD_MS = 400.0
#: What a tap ignored that way says (on the status line, and aloud).
HELD = Message("status.held", alert=True)
#: Taps made on the first frame while the game woke up, not carried out: the game had changed
#: meanwhile (another tab played on), so they were meant for another board.
DROPPED = Message("status.dropped", alert=True)


@dataclass(frozen=True)
class Held:
    """A tap on ``action``'s button ignored: it had only just taken another's place."""

    action: str


IDLE = Control(enabled=False)
ALWAYS = Control()


def _direction(cell: int, neighbour: int) -> str:
    """Where ``neighbour`` lies from ``cell``: the i18n key of "above", "below", ..."""
    return {
        -SIZE: "@reason.up",
        SIZE: "@reason.down",
        -1: "@reason.left",
        1: "@reason.right",
    }[neighbour - cell]


def _why(cell: int, params: Mapping[str, object]) -> Message:
    reason = params["reason"]  # (every IllegalCellError says why)
    if reason == "too-far":
        neighbour = params["neighbour"]
        assert isinstance(neighbour, int)  # (a die too far from a neighbour names its cell)
        return Message(
            "reason.too-far",
            {
                "value": params["value"],
                "neighbour": params["neighbour_value"],
                "direction": _direction(cell, neighbour),
            },
            alert=True,
        )
    return Message(f"reason.{reason}", alert=True)


def said(error: IllegalActionError) -> Message:
    """A refusal of the rules as the status line says it."""
    if isinstance(error, IllegalCellError):
        cell = error.params["cell"]
        assert isinstance(cell, int)  # (every IllegalCellError names its cell)
        return _why(cell, error.params)
    params = dict(error.params)
    if "required" in params:
        params["count"] = params["required"]
    return Message("error." + error.code, params, alert=True)


def refusal(game: Game, action: str) -> Callable[[], Message | None]:
    """What the rules say when ``action`` is asked for in ``game`` (worked out when called)."""

    def why() -> Message | None:
        try:
            game.apply(action)
        except IllegalActionError as error:
            return said(error)
        return None

    return why
