"""The coach: which actions to play now (a hint), as the engine's action strings.

(Milestone version: greedy on the immediate score; the planning coach replaces it.)
"""

from __future__ import annotations

from .game import Game, Phase
from .rules import CELLS, EMPTY, LINES, NEIGHBOURS, RUIN, line_bonus

__all__ = ["suggest", "explain"]

_BONUS = {}


def _line_points(values: tuple[int, ...]) -> int:
    points = _BONUS.get(values)
    if points is None:
        bonus = line_bonus(values)
        points = _BONUS[values] = bonus.points if bonus else 0
    return points


def _score(board: tuple[int, ...]) -> int:
    """Base + bonuses − ruins of ``board`` (no power penalty)."""
    total = 2 * sum(v for v in board if v > 0) - 15 * board.count(RUIN)
    for cells in LINES:
        total += _line_points(tuple(board[c] for c in cells))
    return total


def _legal(board: tuple[int, ...], value: int, first: bool) -> list[int]:
    cells = []
    for c in range(CELLS):
        if board[c] != EMPTY:
            continue
        if first:
            cells.append(c)
            continue
        near = [board[n] for n in NEIGHBOURS[c] if board[n] > 0]
        if near and all(abs(n - value) <= 1 for n in near):
            cells.append(c)
    return cells


def _plans(board: tuple[int, ...], dice: tuple[int, ...], required: int) -> dict:
    """Every board reachable by staging at least ``required`` of ``dice`` → its stagings."""
    found: dict = {}
    seen: set = set()
    stack = [(board, (), tuple(range(len(dice))))]
    while stack:
        here, steps, left = stack.pop()
        if len(steps) >= required:
            found.setdefault(here, steps)
        first = not any(v > 0 for v in here)
        values = set()
        for die in left:
            if dice[die] in values:
                continue
            values.add(dice[die])
            for cell in _legal(here, dice[die], first):
                after = here[:cell] + (dice[die],) + here[cell + 1 :]
                if after not in seen:
                    seen.add(after)
                    rest = tuple(d for d in left if d != die)
                    stack.append((after, (*steps, (die, cell)), rest))
    return found


def _placing(game: Game) -> list[str]:
    plans = _plans(game.board, game.dice, game.required)
    best = max(sorted(plans), key=_score)
    steps = plans[best]
    actions = [f"stage {d} {c}" for d, c in steps]
    if game.placements:
        if tuple(game.placements) == steps[: len(game.placements)]:
            actions = actions[len(game.placements) :]
        else:
            actions = ["clear", *actions]
    return [*actions, "confirm"]


def _best_ruin(board: tuple[int, ...]) -> int:
    empties = [c for c in range(CELLS) if board[c] == EMPTY]
    return max(empties, key=lambda c: (_score(board[:c] + (RUIN,) + board[c + 1 :]), -c))


def suggest(game: Game) -> list[str]:
    """The actions, in order, for the decision ``game`` waits for ([] once the game is over)."""
    if game.phase is Phase.ROLL:
        return ["roll"]
    if game.phase is Phase.PLACING:
        return _placing(game)
    if game.phase is Phase.MAGDAGDON:
        return ["accept", f"ruin {_best_ruin(game.board)}"]
    if game.phase is Phase.RUIN:
        return [f"ruin {_best_ruin(game.board)}"]
    return []


def explain(game: Game, actions: list[str]) -> tuple[str, dict] | None:
    """A reason code for a suggested power or ruin, else None."""
    for action in actions:
        verb, *args = action.split()
        if verb == "ruin":
            return "ruin", {"cell": int(args[0]), "reason": "least-cost"}
    return None
