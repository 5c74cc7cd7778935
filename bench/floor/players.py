"""A random legal player of MAGDAGDON (deterministic from its ``random.Random``), and the legal
moves it picks from: shared by bench/engine.py, bench/floor/engine_timing.py and
tests/data/make_games.py (which plays its own strategy over ``stagings``, ``ruins`` and
``changes``).

It lives in bench/floor/ because that folder is all the load benchmark (bench/load.py) serves
beside the built site, as floor/: engine.toml's [files] copies it next to the game's sources,
where the timing page imports it as ``players`` (elsewhere it is ``bench.floor.players``).
tools/build.py ships none of bench/. Pure: the standard library and the game's public ``Game``
API only. Import it after ``magdagdon`` on the timing page (which times that import).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from magdagdon import Game, Phase

REROLL = 0.5  # in MAGDAGDON with a power left: chance of rerolling every die rather than accepting
CONFIRM = 0.5  # once CONFIRM is possible: chance of confirming rather than staging one more die


def stagings(game: Game) -> list[str]:
    """Every ``stage DIE CELL`` legal now: dice in order, then cells in order."""
    return [f"stage {die} {cell}" for die, cells in sorted(game.legal.items()) for cell in cells]


def ruins(game: Game) -> list[str]:
    """Every ``ruin CELL`` (the empty cells, in order): legal in RUIN."""
    return [f"ruin {cell}" for cell, value in enumerate(game.board) if value == 0]


def changes(game: Game, die: int) -> list[str]:
    """``inc DIE`` then ``dec DIE``, those legal now (a power left, the die stays in 1..6)."""
    return [
        f"{verb} {die}" for verb, delta in (("inc", 1), ("dec", -1)) if game.can_change(die, delta)
    ]


def random_action(game: Game, rng: random.Random, *, change: float = 0.0) -> str:
    """A random legal action for ``game`` (not over): MAGDAGDON rerolls, ruins and, with chance
    ``change`` per staging while a power is left, a −1/+1 on a random die. Draws from ``rng``
    only when there is a choice to make (``change=0`` draws nothing for it)."""
    phase = game.phase
    if phase is Phase.ROLL:
        return "roll"
    if phase is Phase.MAGDAGDON:
        if game.can_use_power and rng.random() < REROLL:
            return "reroll " + " ".join(map(str, game.available))
        return "accept"
    if phase is Phase.RUIN:
        return rng.choice(ruins(game))
    if phase is not Phase.PLACING:
        raise ValueError(f"no action in phase {phase.value}")
    if game.can_confirm and (rng.random() < CONFIRM or not any(game.legal.values())):
        return "confirm"
    if game.dead_end:
        return "clear"
    if change and game.can_use_power and rng.random() < change:
        fitting = changes(game, rng.choice(game.available))
        if fitting:
            return fitting[0]
    return rng.choice(stagings(game))


def random_game(
    game: Game,
    rng: random.Random,
    *,
    change: float = 0.0,
    on_state: Callable[[Game], object] | None = None,
) -> Game:
    """``game`` played to the end by ``random_action``; ``on_state`` sees every state that is
    acted on (not the final one)."""
    while not game.is_over:
        if on_state is not None:
            on_state(game)
        game = game.apply(random_action(game, rng, change=change))
    return game
