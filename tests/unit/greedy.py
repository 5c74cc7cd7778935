"""The greedy player the unit tests use to reach situations and play games to the end: it stages
the required dice, each on the first legal cell that keeps the minimum reachable, and confirms;
or it accepts MAGDAGDON and ruins the first empty cell. Deterministic, so a seed always gives
the same game."""

from __future__ import annotations

from magdagdon.game import Game, Phase


def stage_minimum(game: Game) -> Game:
    """Stage dice (never into a dead end) until CONFIRM is possible."""
    while game.still_required:
        for die, cells in game.legal.items():
            options = [game.apply(f"stage {die} {cell}") for cell in cells]
            good = [g for g in options if not g.dead_end]
            if good:
                game = good[0]
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
