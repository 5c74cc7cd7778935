"""The coach (magdagdon/coach.py): its suggestion is legal from any reachable state, the same
every time, stronger than the immediate-best player, and right in hand-made positions; what
it says of a move (explain), its helpers, and suggestions that keep what is staged. (Its value
model: test_coach_model.py.)

Random reachable states come from a random walk (seeded by Hypothesis) that stages dice
anywhere legal (dead ends included), takes them back, uses powers, accepts MAGDAGDON and
cancels; the walk stops at a state of the phase Hypothesis asks for. Every ``@settings`` uses
``derandomize=True`` and ``database=None``, so each run checks the same states.

Under mutation testing (``MAGDAGDON_MUTATION=1``, set by ``tools/mutation.py``), where each
mutant reruns the tests that reach it, the random states checked (:data:`STATES`) are a tenth:
24 instead of 240.
"""

from __future__ import annotations

import contextlib
import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.coach import coach_game, immediate_best_game
from magdagdon import Game, Phase, coach
from magdagdon.coach import explain, suggest

from .greedy import end_turn, rolled
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


# -- what the coach says of a move, its helpers, suggestions that keep what is staged -------------
PLACING = ("3.../4.../..../....", (3, 5, 1, 6))  # legal: die 0 on 1 5 8, die 1 on 5 8
ONE = "1.../..../..../...."


@pytest.mark.parametrize(
    ("actions", "reason"),
    [
        (["inc 0"], ("power-change", {"die": 0, "value": 4, "rescue": False})),
        (["clear", "inc 1"], ("power-change", {"die": 1, "value": 6, "rescue": False})),
        (["dec 3"], ("power-change", {"die": 3, "value": 5, "rescue": False})),
        (["reroll 0 3"], ("power-reroll", {"dice": [0, 3], "rescue": False})),
        (["clear", "reroll 2"], ("power-reroll", {"dice": [2], "rescue": False})),
        (["stage 0 1", "confirm"], None),
    ],
)
def test_explain_names_the_power_its_die_and_the_new_value(actions, reason):
    assert coach.explain(rolled(*PLACING), actions) == reason


def test_explain_says_a_power_in_magdagdon_rescues_the_roll():
    game = rolled(ONE, (3, 3, 6, 6))
    assert game.phase.value == "magdagdon"
    assert coach.explain(game, ["inc 1"]) == (
        "power-change",
        {"die": 1, "value": 4, "rescue": True},
    )
    assert coach.explain(game, ["reroll 2 3"]) == (
        "power-reroll",
        {"dice": [2, 3], "rescue": True},
    )


@pytest.mark.parametrize(
    ("board", "cell", "reason"),
    [
        ("1.4./2345/3456/4566", 1, "dead-cell"),  # touches a 1 and a 4: no value fits
        ("#.../.#../..../....", 1, "broken-lines"),  # a ruin in its row and in its column
        ("15../..#./..../....", 2, "broken-lines"),  # 1 beside 5: no bonus; a ruin below
        ("15../..../..../....", 2, "least-cost"),  # its column may still make one
        ("#.../.#../..../....", 6, "least-cost"),
        ("..../..../..../....", 0, "least-cost"),
    ],
)
def test_a_ruin_is_explained_by_what_its_lines_may_still_win(board, cell, reason):
    game = Game.from_board(board)
    assert coach.explain(game, ["accept", f"ruin {cell}"]) == (
        "ruin",
        {"cell": cell, "reason": reason},
    )


def test_the_changes_are_every_minus_and_plus_one_that_stays_a_die():
    game = rolled("..../..../..../....", (1, 2, 5, 6))
    expected = [
        ((*game.dice[:die], value + delta, *game.dice[die + 1 :]), f"{verb} {die}")
        for die, value in enumerate(game.dice)
        for verb, delta in (("dec", -1), ("inc", 1))
        if 1 <= value + delta <= 6
    ]
    assert coach._changes(game) == expected
    assert len(expected) == 6  # no −1 on the 1, no +1 on the 6


def test_a_power_on_a_staged_die_is_preceded_by_clear():
    staged = rolled(*PLACING).apply("stage 0 1")  # die 0 staged
    assert coach._before_power(staged, "dec 0") == ["clear", "dec 0"]
    assert coach._before_power(staged, "reroll 0 2") == ["clear", "reroll 0 2"]
    assert coach._before_power(staged, "reroll 1 2") == ["reroll 1 2"]
    assert coach._before_power(staged, "inc 1") == ["inc 1"]


def test_a_reroll_is_valued_by_its_expectation_over_every_outcome():
    game = rolled(*PLACING)
    search = coach._Search(game)
    for chosen in [(0,), (3,), (1, 2)]:
        kept = tuple(v for die, v in enumerate(game.dice) if die not in chosen)
        rolls = list(itertools.product(range(1, 7), repeat=len(chosen)))
        expected = sum(search.roll(kept + r) for r in rolls) / len(rolls)
        assert coach.run(search.reroll(game.dice, chosen)) == pytest.approx(expected)


def test_a_roll_is_searched_once_whatever_the_order_of_its_dice():
    search = coach._Search(rolled(*PLACING))
    value = search.roll((3, 5, 1, 6))
    work = search.work
    assert work > 1  # the boards of its plans were reached
    assert search.roll((6, 1, 5, 3)) == value and search.work == work  # the same roll again
    search.roll((3, 5, 1, 5))
    assert search.work > work


def test_a_power_found_before_the_work_budget_runs_out_is_still_used():
    game = Game.new("peaceful", 7).apply("roll")  # a first roll the coach changes with a power
    search = coach._Search(game)
    assert coach.run(coach._power(game, search)) is not None
    valued = sum(1 for key in search.best if len(key) == 4)  # rolls of four dice looked at
    assert search.work > coach._BUDGET  # the budget ran out ...
    everything = coach._Search(game)
    for chosen in coach._SUBSETS:
        coach.run(everything.reroll(game.dice, chosen))
    assert valued < sum(1 for key in everything.best if len(key) == 4)  # ... before the end
    assert coach.suggest(game)[0].split()[0] in ("dec", "inc", "reroll")


def test_a_roll_that_cannot_be_placed_is_worth_the_best_ruin():
    search = coach._Search(Game.from_board(ONE, "peaceful").apply("roll"))
    assert search.roll((6, 6, 6, 6)) == search.ruin()[0]  # a 6 may not touch the 1
    assert search.roll((2, 2, 6, 6)) > search.ruin()[0]


def test_a_board_of_ruins_with_one_enclosed_cell_is_played_there():
    game = Game.from_board("." + "#" * 15, "peaceful").apply("roll")
    actions = coach.suggest(game)
    assert game.play(actions).is_over and actions[-1] == "confirm"


def placing_states(count: int):
    """Fresh rolls that can be placed, on boards of real games (greedy turns before them)."""
    for seed in range(count):
        game = Game.new(("peaceful", "survival", "nightmare")[seed % 3], seed)
        for _ in range(seed % 5):
            game = end_turn(game)
        game = game.apply("roll")
        if game.phase.value == "placing":
            yield game


def test_the_first_die_of_a_game_goes_on_a_corner_an_edge_or_a_centre():
    for seed in range(6):
        game = Game.new(("peaceful", "survival", "nightmare")[seed % 3], seed).apply("roll")
        actions = coach.suggest(game)
        if actions[0].startswith("stage"):
            assert int(actions[0].split()[2]) in (0, 1, 5)  # the others are mirror images


def test_dice_staged_where_the_plan_puts_them_stay():
    for game in placing_states(12):
        plan = coach.suggest(game)
        if plan[-1] != "confirm":
            continue  # a power first
        steps, final = plan[:-1], game.play(plan)
        assert game.play(steps).board == game.board and coach.suggest(game.play(steps)) == [
            "confirm"
        ]
        numbers = any(v > 0 for v in game.board)
        for i, step in enumerate(steps):
            try:
                alone = game.apply(step)
            except ValueError:
                continue  # this one only fits after the ones before it
            again = coach.suggest(alone)
            assert alone.play(again).board == final.board
            if numbers or i == 0:
                assert "clear" not in again and len(again) == len(steps)
            else:  # on a board with no number only the plan's first die may stay
                assert again[0] == "clear"


def test_a_board_of_ones_has_numbers_and_keeps_a_die_staged_out_of_the_plans_order():
    kept = 0
    for board in ("1.../..../..../....", "11../1.../..../...."):
        for dice in [(1, 2, 2, 1), (2, 2, 1, 2), (1, 1, 2, 2)]:
            game = rolled(board, dice)
            plan = coach.suggest(game)
            for step in plan[1:-1]:  # a step after the first, alone
                with contextlib.suppress(ValueError):
                    again = coach.suggest(game.apply(step))
                    assert (
                        "clear" not in again
                        and game.play(plan).board == game.apply(step).play(again).board
                    )
                    kept += 1
    assert kept >= 5
