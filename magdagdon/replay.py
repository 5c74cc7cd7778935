"""A finished game watched move by move, driven by the engine from its seed and moves (no
second copy of the rules): each step is the game after one more move, and what that move was,
as an i18n key with its parameters for the interface to say.

Pure, and imported on first use (when a game is watched).

>>> moves = ["roll", "stage 0 5", "stage 1 6", "stage 2 7", "confirm"]
>>> watched = steps("nightmare", 2, moves)
>>> for step in watched[:3]:
...     print(step.said)
('replay.start', {})
('replay.roll', {'dice': '4, 3, 4, 5'})
('replay.stage', {'value': 4, 'row': 2, 'column': 2})
>>> watched[-1].game.board_text, watched[-1].said
('..../.434/..../....', ('replay.confirm', {'score': 22}))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .game import Game
from .rules import SIZE, Difficulty

__all__ = ["Step", "steps"]


@dataclass(frozen=True)
class Step:
    """The game after a move, and what the move was: ``said`` is (i18n key, parameters)."""

    game: Game
    said: tuple[str, Mapping[str, object]]


def _where(cell: int) -> dict[str, int]:
    return {"row": cell // SIZE + 1, "column": cell % SIZE + 1}


def _said(before: Game, move: str, after: Game) -> tuple[str, Mapping[str, object]]:
    """What ``move`` did, in words the interface translates."""
    verb, *args = move.split()
    numbers = [int(a) for a in args]
    if verb in ("roll", "reroll"):
        return f"replay.{verb}", {"dice": ", ".join(map(str, after.dice))}
    if verb == "stage":
        return "replay.stage", {"value": before.dice[numbers[0]], **_where(numbers[1])}
    if verb in ("dec", "inc"):
        return f"replay.{verb}", {"value": after.dice[numbers[0]]}
    if verb == "ruin":
        return "replay.ruin", _where(numbers[0])
    if verb == "confirm":
        return "replay.confirm", {"score": after.score}
    return f"replay.{verb}", {}  # accept, cancel, clear, unstage, hint


def steps(difficulty: Difficulty | str, seed: int, moves: Iterable[str]) -> list[Step]:
    """Every state of the game from its start, one step per move."""
    game = Game.new(difficulty, seed)
    found = [Step(game, ("replay.start", {}))]
    for move in moves:
        after = game.apply(move)
        found.append(Step(after, _said(game, move, after)))
        game = after
    return found
