"""The coach (magdagdon/coach.py): its suggestion is legal from any reachable state, the same
every time, stronger than the immediate-best player, and right in hand-made positions.

Random reachable states come from a random walk (seeded by Hypothesis) that stages dice
anywhere legal (dead ends included), takes them back, uses powers, accepts MAGDAGDON and
cancels; the walk stops at a state of the phase Hypothesis asks for. Every ``@settings`` uses
``derandomize=True`` and ``database=None``, so each run checks the same states.

Under mutation testing (``MAGDAGDON_MUTATION=1``, set by ``tools/mutation.py``), where each
mutant reruns the tests that reach it, the random states checked (:data:`STATES`) are a tenth:
24 instead of 240.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.coach import coach_game, immediate_best_game
from magdagdon import Game, Phase
from magdagdon.coach import explain, suggest

from .mutation_run import SHARE
from .stepping import run_counting

DIFFICULTIES = ("peaceful", "survival", "nightmare")
#: Where a walk may stop: a phase, or PLACING with a particular staging.
TARGETS = ("roll", "placing", "staged", "dead-end", "magdagdon", "magdagdon-power", "ruin", "over")
POWERS = ("dec", "inc", "reroll")
#: Random reachable states checked (Hypothesis examples); a tenth under mutation testing.
STATES = 240 // SHARE


def random_step(game: Game, rng: random.Random) -> str:
    """A random legal action (never one that raises)."""
    if game.phase is Phase.ROLL:
        return "roll"
    if game.phase is Phase.RUIN:
        empty = [cell for cell, value in enumerate(game.board) if value == 0]
        return "cancel" if rng.random() < 0.2 else f"ruin {rng.choice(empty)}"
    if game.can_use_power and rng.random() < 0.15:
        die = rng.choice(game.available) if game.available else None
        if die is not None and rng.random() < 0.5:
            changes = [v for v, d in (("inc", 1), ("dec", -1)) if game.can_change(die, d)]
            return f"{changes[0]} {die}"
        if game.available:
            return "reroll " + " ".join(map(str, game.available))
    if game.phase is Phase.MAGDAGDON:
        return "accept"
    stagings = [f"stage {d} {c}" for d, cells in sorted(game.legal.items()) for c in cells]
    roll = rng.random()
    if game.placements and roll < 0.1:
        return rng.choice(["clear", f"unstage {rng.choice(list(game.staged))}"])
    if game.can_confirm and (roll < 0.4 or not stagings):
        return "confirm"
    if not stagings:
        return "clear"
    return rng.choice(stagings)


def matches(game: Game, target: str) -> bool:
    phase = game.phase.value
    if target == "staged":
        return phase == "placing" and bool(game.placements) and not game.dead_end
    if target == "dead-end":
        return phase == "placing" and game.dead_end
    if target == "magdagdon-power":
        return phase == "magdagdon" and game.can_use_power
    return phase == target


def reach(difficulty: str, seed: int, target: str, stop: float = 0.3) -> Game:
    """A state of ``target`` reached by a random walk (or wherever the walk ends)."""
    rng = random.Random(seed)
    game = Game.new(difficulty, seed)
    for _ in range(600):
        if game.is_over or (matches(game, target) and rng.random() < stop):
            return game
        game = game.apply(random_step(game, rng))
    return game


def check_suggestion(game: Game) -> list[str]:
    """Apply the suggestion (it must not raise) and check it ends the decision."""
    actions = suggest(game)
    after = game.play(actions)
    if game.phase is Phase.OVER:
        assert actions == []
    elif game.phase is Phase.ROLL:
        assert actions == ["roll"] and after.phase in (Phase.PLACING, Phase.MAGDAGDON)
    elif actions[-1].split()[0] in POWERS:
        assert after.powers_used == game.powers_used + 1 and after.turn == game.turn
        assert explain(game, actions)[0] in ("power-change", "power-reroll")
    else:  # the turn ends: CONFIRM, or a ruin
        assert after.turn == game.turn + 1
        assert actions[-1] == "confirm" or actions[-1].startswith("ruin ")
        if actions[-1].startswith("ruin "):
            assert explain(game, actions)[0] == "ruin"
    return actions


@settings(
    max_examples=STATES,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    difficulty=st.sampled_from(DIFFICULTIES),
    target=st.sampled_from(TARGETS),
    seed=st.integers(0, 2**32),
)
def test_the_suggestion_is_legal_and_the_same_every_time(difficulty, target, seed):
    game = reach(difficulty, seed, target)
    actions = check_suggestion(game)
    assert suggest(game) == actions
    if game.moves and game.moves[0] != "?":
        assert suggest(Game.from_dict(game.to_dict())) == actions


def test_the_walks_reach_every_kind_of_state():
    seen = set()
    for seed in range(60):
        for target in TARGETS:
            game = reach(DIFFICULTIES[seed % 3], seed, target, stop=1.0)
            seen.update(t for t in TARGETS if matches(game, t))
    assert seen == set(TARGETS)


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_the_coach_beats_the_immediate_best_player(difficulty):
    coach = immediate = 0
    for seed in range(20):
        game, _ = coach_game(Game.new(difficulty, seed))
        assert Game.from_dict(game.to_dict()).moves == game.moves  # every move was legal
        coach += game.score
        immediate += immediate_best_game(Game.new(difficulty, seed)).score
    assert coach > immediate * 1.3


# -- hand-made positions ---------------------------------------------------------------------
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize(
    ("board", "dead"),
    [
        ("1.4./2345/3456/4566", 1),  # cell 1 touches a 1 and a 4: no value fits
        (".#45/#34./3456/4566", 0),  # cell 0 is enclosed by ruins
    ],
)
def test_magdagdon_ruins_the_dead_cell(difficulty, board, dead):
    # Two EMPTY cells, one dead: the minimum (2) can never be placed, so no power helps.
    game = Game.from_board(board, difficulty).apply("roll")
    assert game.phase is Phase.MAGDAGDON
    assert suggest(game) == ["accept", f"ruin {dead}"]
    assert explain(game, suggest(game)) == ("ruin", {"cell": dead, "reason": "dead-cell"})
    accepted = game.apply("accept")
    assert suggest(accepted) == [f"ruin {dead}"]


def test_a_minus_one_that_completes_a_straight_is_used_in_peaceful():
    # Row 0 is 1-2-3-. and its last cell takes only a 4; the roll (2, 5, 5, 5) has no 4.
    game = Game.from_board("123./2345/3456/45..", "peaceful", seed=35).apply("roll")
    assert game.dice == (2, 5, 5, 5) and game.phase is Phase.PLACING
    assert suggest(game) == ["dec 1"]
    assert explain(game, ["dec 1"]) == ("power-change", {"die": 1, "value": 4, "rescue": False})
    after = game.apply("dec 1")
    assert "stage 1 3" in suggest(after)


def test_a_small_gain_is_not_worth_the_survival_power():
    # 3-4-3-. with a 4 makes TWO PAIRS (+20): not worth a power that costs 70.
    game = Game.from_board("343./2345/3456/45..", "survival", seed=35).apply("roll")
    assert game.dice == (2, 5, 5, 5)
    actions = suggest(game)
    assert actions[-1] == "confirm" and explain(game, actions) is None


def test_the_last_cell_of_a_straight_is_rescued_in_magdagdon():
    game = Game.from_board("123./2345/3456/4566", "peaceful", seed=5).apply("roll")
    assert game.phase is Phase.MAGDAGDON and game.dice == (6, 5, 3, 2)
    actions = suggest(game)
    assert actions in (["dec 1"], ["inc 2"])  # the 5 down or the 3 up: a 4
    die = int(actions[0].split()[1])
    assert explain(game, actions) == ("power-change", {"die": die, "value": 4, "rescue": True})
    assert game.play(actions).phase is Phase.PLACING


def test_a_dead_end_staging_is_cleared_and_a_good_start_is_kept():
    game = Game.new("nightmare", seed=2).apply("roll")  # dice (4, 3, 4, 5), 3 to place
    plan = suggest(game)
    assert plan[0].startswith("stage") and plan[-1] == "confirm"
    started = game.apply(plan[0])
    assert suggest(started) == plan[1:]
    # Dice (6, 5, 1, 4): with the 1 staged first, no second die may touch it: a dead end.
    stuck = Game.new("nightmare", seed=3).play(["roll", "stage 2 0"])
    assert stuck.dice == (6, 5, 1, 4) and stuck.dead_end
    assert suggest(stuck)[0] == "clear"
    assert stuck.play(suggest(stuck)).turn == 1


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_the_coach_thinks_in_steps_of_at_most_one_roll_searched(difficulty, monkeypatch):
    """suggest_steps (what the page runs between taps) searches one roll's boards a step at
    most, and answers what suggest answers, over whole games of every difficulty."""
    from magdagdon import coach

    searched: list[tuple] = []
    plans = coach._plans
    monkeypatch.setattr(coach, "_plans", lambda *args: searched.append(args) or plans(*args))
    most, steps_taken = 0, 0
    for seed in range(3):
        game = Game.new(difficulty, 300 + seed)
        while not game.is_over:
            per_step, actions = run_counting(coach.suggest_steps(game), searched)
            steps_taken += len(per_step)
            most = max([most, len(searched), *per_step])
            assert actions == suggest(game)
            game = game.play(actions)
    assert most == 1 and (steps_taken > 20 or difficulty == "nightmare")  # no powers there
