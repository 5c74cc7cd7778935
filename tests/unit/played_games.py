"""Real finished games for the history and backup tests: the greedy player (greedy.py) on many
seeds of every difficulty, with a hint now and then and a Majda Power on some MAGDAGDONs, as a
player who takes help sometimes would. Deterministic and played once per test session. Also: a
best-scores row an older release kept, to be carried over into the history."""

from __future__ import annotations

import functools

from magdagdon import Difficulty, Game, Phase, score
from magdagdon.played import Played
from magdagdon.records import Entry

from .greedy import end_turn

DIFFICULTIES = tuple(Difficulty)


def seed_of(n: int) -> int:
    """A nine-digit seed, as new_seed() deals them (the size of a real record's seed)."""
    return (123_456_789 + 7_654_321 * n) % 10**9


def date_of(n: int) -> str:
    """One game a day or so over a few years, oldest first."""
    year, day = divmod(n // 2, 336)
    month, day = divmod(day, 28)
    return f"{2024 + year}-{month + 1:02d}-{day + 1:02d}"


def _power(game: Game, n: int) -> Game:
    """A Majda Power on MAGDAGDON, chosen by ``n``: +1/−1 on die 0, or a reroll."""
    kind = n % 3
    if kind == 1 and game.can_change(0, 1):
        return game.apply("inc 0")
    if kind == 1 and game.can_change(0, -1):
        return game.apply("dec 0")
    return game.apply("reroll 0 2" if kind == 2 else "reroll 0 1 2 3")


def play(difficulty: Difficulty, seed: int, n: int = 0) -> Game:
    """Game ``n`` of ``seed``: a hint on every fifth turn of every fourth game, a power on the
    first MAGDAGDONs of every other game (while the difficulty has powers left)."""
    game = Game.new(difficulty, seed)
    while not game.is_over:
        game = game.apply("roll")
        if n % 4 == 0 and game.turn % 5 == 1:
            game = game.apply("hint")
        if game.phase is Phase.MAGDAGDON and game.powers_left and n % 2:
            game = _power(game, n + game.turn)
        game = end_turn(game)
    return game


@functools.cache
def games(count: int) -> tuple[Played, ...]:
    """``count`` records of real games, the difficulties in turn, oldest first."""
    return tuple(
        Played.of(play(DIFFICULTIES[n % 3], seed_of(n), n), date_of(n)) for n in range(count)
    )


def a_board_entry(coach: int | None = None, powers: int = 1) -> Entry:
    """A best-scores row of an older release whose board makes its score (three rows 1234,
    three columns of four of a kind, a ruin), ``powers`` PEACEFUL powers used."""
    board = "1234/1234/1234/123#"
    return Entry(score(board, "peaceful", powers), "2025-06-01", 15, powers, 5, board, 0, coach)
