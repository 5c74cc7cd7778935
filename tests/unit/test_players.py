"""The random player the benchmarks and the test-data generator share (bench/floor/players.py):
it only ever plays legal actions, to the end of the game, and a seed always gives the same
game."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bench.floor.players import changes, random_action, random_game, ruins, stagings
from magdagdon import Difficulty, Game, Phase
from magdagdon.rules import EMPTY

DIFFICULTIES = ("peaceful", "survival", "nightmare")


def play(difficulty: str, seed: int, change: float = 0.0) -> tuple[Game, list[Game]]:
    states: list[Game] = []
    game = random_game(
        Game.new(difficulty, seed), random.Random(seed), change=change, on_state=states.append
    )
    return game, states


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("change", [0.0, 0.3])
def test_random_games_are_legal_to_the_end(difficulty, change):
    verbs = Counter()
    for seed in range(12):
        game, states = play(difficulty, seed, change)
        assert game.is_over and EMPTY not in game.board
        assert not any(s.is_over for s in states)
        # Game.apply raises on an illegal action: the saved game replays the same moves.
        assert Game.from_dict(game.to_dict()).moves == game.moves
        verbs.update(move.split()[0] for move in game.moves)
    assert verbs["roll"] and verbs["stage"] and verbs["confirm"]
    # -1/+1 only when asked for, and when the difficulty has powers (NIGHTMARE has none).
    assert bool(verbs["inc"] + verbs["dec"]) == (change > 0 and Difficulty(difficulty).powers > 0)


def test_change_zero_never_uses_minus_or_plus_one():
    for seed in range(30):
        game, _ = play(DIFFICULTIES[seed % 3], seed)
        assert not any(m.split()[0] in ("inc", "dec") for m in game.moves)


def test_a_seed_always_gives_the_same_game():
    for seed in range(6):
        first, _ = play(DIFFICULTIES[seed % 3], seed, 0.2)
        again, _ = play(DIFFICULTIES[seed % 3], seed, 0.2)
        assert first.moves == again.moves
    games = {play("peaceful", seed)[0].moves for seed in range(6)}
    assert len(games) == 6


def test_the_moves_offered_are_exactly_the_legal_ones():
    seen = Counter()
    for seed in range(9):
        _, states = play(DIFFICULTIES[seed % 3], seed, 0.2)
        for game in states:
            offered = stagings(game)
            assert len(offered) == sum(len(cells) for cells in game.legal.values())
            for action in offered:
                game.apply(action)
            if game.phase is Phase.RUIN:
                assert [int(a.split()[1]) for a in ruins(game)] == [
                    cell for cell, value in enumerate(game.board) if value == EMPTY
                ]
                for action in ruins(game):
                    game.apply(action)
                seen["ruin"] += 1
            for die in range(len(game.dice)):
                for verb, delta in (("inc", 1), ("dec", -1)):
                    fits = f"{verb} {die}" in changes(game, die)
                    assert fits == game.can_change(die, delta)
                    if fits:
                        game.apply(f"{verb} {die}")
                        seen["change"] += 1
            seen["stage"] += bool(offered)
    assert all(seen[k] for k in ("stage", "ruin", "change"))


def test_no_action_once_the_game_is_over():
    game, _ = play("nightmare", 3)
    with pytest.raises(ValueError, match="over"):
        random_action(game, random.Random(0))
