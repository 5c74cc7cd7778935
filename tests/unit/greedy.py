"""The greedy player the unit tests use to reach situations and play games to the end: it stages
the required dice, each on the first legal cell that keeps the minimum reachable, and confirms;
or it accepts MAGDAGDON and ruins the first empty cell. Deterministic, so a seed always gives
the same game: :func:`finished` is the game of a seed played to the end, :func:`daily_game`
the daily roll of a day. Also: a game right after a roll of exactly the dice a test wants.
"""

from __future__ import annotations

import functools

from magdagdon.daily import daily_seed
from magdagdon.game import Game, Phase, roll_dice
from magdagdon.rules import Difficulty


def stage_minimum(game: Game) -> Game:
    """Stage dice (never into a dead end) until CONFIRM is possible: each die on every legal
    cell, then on the first that is no dead end (only those before it are asked)."""
    while game.still_required:
        for die, cells in game.legal.items():
            options = [game.apply(f"stage {die} {cell}") for cell in cells]
            good = next((g for g in options if not g.dead_end), None)
            if good is not None:
                game = good
                break
        else:
            raise AssertionError("no way to stage the minimum")
    return game


def end_turn(game: Game) -> Game:
    """(ROLL,) then the minimum staged and CONFIRM, or MAGDAGDON accepted and the first empty
    cell ruined."""
    if game.phase is Phase.ROLL:
        game = game.apply("roll")
    if game.phase is Phase.MAGDAGDON:
        return game.apply("accept").apply(f"ruin {game.board_text.replace('/', '').index('.')}")
    return stage_minimum(game).apply("confirm")


@functools.cache
def finished(difficulty: Difficulty | str, seed: int, first: tuple[str, ...] = ()) -> Game:
    """The game of ``seed`` played greedily to the end, starting with the actions ``first``."""
    game = Game.new(difficulty, seed).play(first)
    while not game.is_over:
        game = end_turn(game)
    return game


def daily_game(day: str) -> Game:
    """The daily roll of ``day`` played to the end."""
    return finished(Difficulty.SURVIVAL, daily_seed(day))


@functools.cache
def seed_rolling(dice: tuple[int, ...]) -> int:
    """The first seed whose first roll (turn 0) is exactly ``dice``."""
    for seed in range(1_000_000):
        if roll_dice(seed, 0, 0, 4) == dice:
            return seed
    raise AssertionError(f"no seed rolls {dice}")


def rolled(board: str, dice: tuple[int, ...], difficulty: str = "peaceful") -> Game:
    """A game on ``board`` right after a ROLL that dealt exactly ``dice``."""
    game = Game.from_board(board, difficulty, seed_rolling(dice)).apply("roll")
    assert game.dice == dice
    return game
