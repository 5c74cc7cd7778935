"""The turn state machine (``Game``): phases, staging, powers, MAGDAGDON, game over, refusals,
seeded dice and saved games.

Boards are set up with ``Game.from_board``; dice come from the seed, so :func:`rolled` searches
for the first seed whose roll is exactly the dice a test wants, and asserts it got them.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import itertools
import json
import re
from collections.abc import Callable

import pytest

from magdagdon import (
    BadActionError,
    BelowMinimumError,
    Bonus,
    CellNotEmptyError,
    DieUnavailableError,
    Game,
    IllegalActionError,
    IllegalCellError,
    NoPowerLeftError,
    Phase,
    PowerOutOfRangeError,
    RollPlaceableError,
    SavedGameError,
    WrongPhaseError,
    can_place,
    errors,
    format_board,
)
from magdagdon.game import SEED_LIMIT, new_seed, parse_score, parse_seed, roll_dice

from .greedy import end_turn, rolled, seed_rolling, stage_minimum
from .mutation_run import plain

EMPTY_BOARD = "..../..../..../...."
ONE = "1.../..../..../...."  # a single 1 in the top-left corner


# -- helpers ---------------------------------------------------------------------------------------
def first_seed(good: Callable[[int], bool]) -> int:
    """The first seed for which ``good(seed)`` holds."""
    for seed in range(10_000):
        if good(seed):
            return seed
    raise AssertionError("no seed found")


def play_turn(game: Game) -> Game:
    """ROLL; place the minimum and CONFIRM, or accept MAGDAGDON and ruin the first empty cell."""
    return end_turn(game.apply("roll"))


def play_to_end(game: Game) -> Game:
    while not game.is_over:
        game = play_turn(game)
    return game


def cells_of(board_text: str) -> str:
    return board_text.replace("/", "")


# -- phases ----------------------------------------------------------------------------------------
def test_a_new_game_awaits_roll_on_an_empty_board():
    game = Game.new("peaceful", seed=1)
    assert game.phase is Phase.ROLL
    assert game.board_text == EMPTY_BOARD
    assert (game.dice, game.placements, game.turn, game.powers_used) == ((), (), 0, 0)
    assert game.required == 2
    assert not game.can_confirm
    assert game.legal == {}
    assert game.still_required == 0


def test_roll_deals_four_dice_and_starts_placing():
    game = rolled(EMPTY_BOARD, (2, 3, 6, 6))
    assert game.phase is Phase.PLACING
    assert game.available == (0, 1, 2, 3)
    assert game.board_text == EMPTY_BOARD  # nothing committed yet


def test_a_roll_that_cannot_be_placed_is_magdagdon():
    # A 3 or a 6 may not touch the 1: no die can be placed at all.
    game = rolled(ONE, (3, 3, 6, 6))
    assert game.phase is Phase.MAGDAGDON
    assert game.legal == {}
    assert not game.can_confirm
    assert game.still_required == 0
    assert game.placements == ()


@pytest.mark.parametrize("difficulty", ["peaceful", "nightmare"])
def test_magdagdon_exactly_when_can_place_is_false(difficulty):
    board = "..3./.#../..../4..."
    seen = set()
    for seed in range(60):
        game = Game.from_board(board, difficulty, seed).apply("roll")
        placeable = can_place(board, list(game.dice), game.required)
        assert game.phase is (Phase.PLACING if placeable else Phase.MAGDAGDON), game.dice
        seen.add(game.phase)
    assert seen == {Phase.PLACING, Phase.MAGDAGDON}  # both outcomes were checked


def test_turn_phases_roll_placing_confirm_roll():
    game = rolled(ONE, (2, 2, 2, 6))
    assert game.phase is Phase.PLACING
    game = game.apply("stage 0 1").apply("stage 1 4").apply("confirm")
    assert game.phase is Phase.ROLL
    assert game.turn == 1


def test_turn_phases_magdagdon_accept_ruin_roll():
    game = rolled(ONE, (3, 3, 6, 6))
    assert game.phase is Phase.MAGDAGDON
    game = game.apply("accept")
    assert game.phase is Phase.RUIN
    game = game.apply("ruin 15")
    assert game.phase is Phase.ROLL
    assert game.board_text == "1.../..../..../...#"
    assert game.turn == 1
    assert game.dice == ()


def test_from_board_on_a_full_board_is_over():
    assert Game.from_board("1111/1111/1111/11#1").phase is Phase.OVER


# -- staging ---------------------------------------------------------------------------------------
def test_stage_puts_a_die_on_a_legal_cell_without_committing_it():
    game = rolled("3.../4.../..../....", (3, 5, 1, 6)).apply("stage 0 1")
    assert game.placements == ((0, 1),)
    assert game.staged == {0: 1}
    assert game.available == (1, 2, 3)
    assert cells_of(game.board_text) == "3...4..........."  # committed board unchanged
    assert format_board(game.staged_board) == "33../4.../..../...."
    assert game.phase is Phase.PLACING


def test_legal_lists_the_cells_of_each_available_die():
    # RULES.md: next to the 3 and the 4 a 3 may go on 1, 5, 8; a 5 only next to the 4 alone.
    game = rolled("3.../4.../..../....", (3, 5, 1, 6))
    assert game.legal == {0: (1, 5, 8), 1: (5, 8), 2: (), 3: ()}
    # The staged 3 on cell 1 now touches cell 5 too: a 5 may only go on 8. Die 0 is gone.
    assert game.apply("stage 0 1").legal == {1: (8,), 2: (), 3: ()}


def test_staged_dice_count_for_the_next_die():
    game = rolled(ONE, (2, 3, 6, 6))
    assert game.legal[1] == ()  # the 3 may not touch the 1
    assert game.apply("stage 0 1").legal[1] == (2, 5)  # but may touch the staged 2


def test_legal_is_empty_outside_placing():
    assert rolled(ONE, (3, 3, 6, 6)).legal == {}
    assert Game.new("peaceful", seed=1).legal == {}


def test_unstage_returns_the_die_to_the_tray():
    game = rolled(ONE, (2, 2, 2, 6)).apply("stage 0 1").apply("stage 1 4")
    game = game.apply("unstage 1")
    assert game.placements == ((0, 1),)
    assert game.available == (1, 2, 3)
    assert game.legal[1] == (2, 4, 5)


def test_unstage_also_returns_dice_only_connected_through_it():
    # 2 on cell 1, then 3 on cell 2 and 3 on cell 3 (a chain hanging on cell 1), 2 on cell 4.
    game = rolled(ONE, (2, 3, 3, 2))
    game = game.play(["stage 0 1", "stage 1 2", "stage 2 3", "stage 3 4"])
    game = game.apply("unstage 0")
    assert game.placements == ((3, 4),)
    assert game.available == (0, 1, 2)


def test_unstage_keeps_dice_still_connected_another_way():
    # 2s on cells 1, 4 and 5: cell 5 touches both 1 and 4, so it stays when 1 goes.
    game = rolled(ONE, (2, 2, 2, 6)).play(["stage 0 1", "stage 1 4", "stage 2 5"])
    game = game.apply("unstage 0")
    assert game.placements == ((1, 4), (2, 5))


def test_unstage_the_first_die_of_the_game_keeps_a_die_that_may_stand_alone():
    # With no number on the board, the remaining staged die is itself a legal "first die".
    game = rolled(EMPTY_BOARD, (2, 3, 3, 2)).play(["stage 0 5", "stage 1 6"])
    assert game.apply("unstage 0").placements == ((1, 6),)
    # Taking back the middle of 5-6-7 leaves two dice that do not touch: only one stays.
    game = rolled(EMPTY_BOARD, (2, 3, 3, 2)).play(["stage 0 5", "stage 1 6", "stage 2 7"])
    assert game.apply("unstage 1").placements == ((0, 5),)


def test_clear_takes_every_staged_die_back():
    before = rolled(ONE, (2, 2, 2, 6))
    game = before.play(["stage 0 1", "stage 1 4", "stage 2 5"]).apply("clear")
    assert game == before
    assert game.available == (0, 1, 2, 3)


@pytest.mark.parametrize(
    ("difficulty", "required"), [("peaceful", 2), ("survival", 2), ("nightmare", 3)]
)
def test_confirm_becomes_available_exactly_at_the_required_minimum(difficulty, required):
    game = rolled(ONE, (2, 2, 2, 2), difficulty)
    assert game.required == required
    for staged, cell in enumerate([1, 4, 5, 2]):
        assert game.can_confirm == (staged >= required)
        assert game.still_required == max(0, required - staged)
        game = game.apply(f"stage {staged} {cell}")
    assert game.can_confirm
    assert game.still_required == 0


def test_confirm_commits_the_staged_dice_and_discards_the_unused():
    game = rolled(ONE, (2, 2, 4, 6)).play(["stage 0 1", "stage 1 4"]).apply("confirm")
    assert game.board_text == "12../2.../..../...."
    assert game.dice == ()
    assert game.placements == ()
    assert game.phase is Phase.ROLL
    assert game.turn == 1


def test_confirm_more_than_the_minimum():
    game = rolled(ONE, (2, 2, 2, 2)).play(["stage 0 1", "stage 1 4", "stage 2 5", "stage 3 2"])
    assert game.apply("confirm").board_text == "122./22../..../...."


def test_each_ended_turn_counts_magdagdon_turns_too():
    game = rolled(ONE, (3, 3, 6, 6))
    assert game.turn == 0
    assert game.apply("accept").apply("ruin 5").turn == 1
    game = rolled(ONE, (2, 2, 2, 6)).play(["stage 0 1", "stage 1 4", "confirm"])
    assert game.turn == 1


@pytest.mark.parametrize(
    ("board", "required"),
    [
        ("1234/2345/3456/4...", 3),
        ("1234/2345/3456/45..", 2),
        ("1234/2345/3456/456.", 1),
        ("####/####/###1/1...", 3),
        ("####/####/####/#1..", 2),
    ],
)
def test_required_minimum_of_a_turn_comes_from_the_committed_board(board, required):
    assert Game.from_board(board, "nightmare").required == required


def test_nightmare_last_two_cells_need_two_dice():
    game = rolled("1234/2345/3456/45..", (6, 5, 1, 1), "nightmare")
    assert game.required == 2
    game = game.apply("stage 0 14")  # a 6 below the 5 of cell 10, right of the 5 of cell 13
    assert game.can_confirm is False
    game = game.apply("stage 1 15")  # a 5 below the 6 of cell 11, right of the staged 6
    game = game.apply("confirm")
    assert game.is_over
    assert game.board_text == "1234/2345/3456/4565"


# -- dead ends -------------------------------------------------------------------------------------
def test_dead_end_when_staged_dice_block_the_only_way():
    # The only empty cells are 1 and 2, a corridor from the 5. A 4 then a 3 fill it; the 6
    # on cell 1 leaves nothing within 1 of it for cell 2.
    game = rolled("5..#/####/####/####", (6, 4, 1, 3))
    assert game.phase is Phase.PLACING
    assert not game.dead_end
    blocked = game.apply("stage 0 1")
    assert blocked.dead_end
    assert blocked.phase is Phase.PLACING  # bad staging never causes MAGDAGDON
    assert blocked.still_required == 1
    with pytest.raises(RollPlaceableError):
        blocked.apply("accept")
    fixed = blocked.apply("unstage 0").apply("stage 1 1")
    assert not fixed.dead_end
    done = fixed.apply("stage 3 2")
    assert not done.dead_end
    assert done.can_confirm


def test_dead_end_is_false_once_the_minimum_is_staged_and_outside_placing():
    assert not rolled(ONE, (2, 2, 6, 6)).play(["stage 0 1", "stage 1 4"]).dead_end
    assert not rolled(ONE, (3, 3, 6, 6)).dead_end
    assert not Game.new("peaceful", seed=1).dead_end


# -- Majda Powers ----------------------------------------------------------------------------------
def test_dec_and_inc_change_one_available_die_by_exactly_one():
    game = rolled(ONE, (2, 2, 2, 6))
    game = game.apply("dec 3")
    assert game.dice == (2, 2, 2, 5)
    game = game.apply("inc 0")
    assert game.dice == (3, 2, 2, 5)
    assert game.powers_used == 2
    assert game.powers_left == 1


@pytest.mark.parametrize(
    ("difficulty", "costs"),
    [("peaceful", [10, 20, 40]), ("survival", [70]), ("nightmare", [])],
)
def test_next_power_cost_follows_the_order_of_use(difficulty, costs):
    game = rolled(ONE, (2, 2, 2, 6), difficulty)
    for cost in costs:
        assert game.next_power_cost == cost
        assert game.can_use_power
        game = game.apply("dec 3")
    assert game.next_power_cost is None
    assert not game.can_use_power
    assert game.powers_left == 0
    assert game.powers_used == len(costs)


@pytest.mark.parametrize(
    ("difficulty", "uses"), [("peaceful", 3), ("survival", 1), ("nightmare", 0)]
)
def test_powers_run_out_at_the_difficulty_limit(difficulty, uses):
    game = rolled(ONE, (2, 2, 2, 6), difficulty)
    game = game.play(["dec 3"] * uses)
    with pytest.raises(NoPowerLeftError, match=difficulty.upper()):
        game.apply("dec 3")


def test_power_penalty_counts_in_the_running_score():
    # The committed 1 scores 2 (row and column); three PEACEFUL powers cost 10 + 20 + 40.
    game = rolled(ONE, (2, 2, 2, 6)).play(["dec 3", "dec 3", "dec 3"])
    assert game.score == 2 - 70
    assert game.breakdown.power_penalty == 70


def test_plus_one_on_a_six_and_minus_one_on_a_one_are_refused():
    game = rolled("3.../4.../..../....", (3, 5, 1, 6))
    assert not game.can_change(3, +1)
    assert not game.can_change(2, -1)
    assert game.can_change(3, -1)
    assert game.can_change(2, +1)
    with pytest.raises(PowerOutOfRangeError, match="die 3 shows 6"):
        game.apply("inc 3")
    with pytest.raises(PowerOutOfRangeError, match="die 2 shows 1"):
        game.apply("dec 2")


@pytest.mark.parametrize("action", ["dec 0", "inc 0", "reroll 0", "reroll 1 0"])
def test_a_staged_die_must_be_taken_back_before_a_power_changes_it(action):
    game = rolled(ONE, (2, 2, 2, 6)).apply("stage 0 1")
    assert not game.can_change(0, -1)
    assert not game.can_change(0, +1)
    with pytest.raises(DieUnavailableError, match="die 0 is staged"):
        game.apply(action)
    # Once taken back it may be changed.
    assert game.apply("unstage 0").apply(action).powers_used == 1


@pytest.mark.parametrize("chosen", [[0], [1, 3], [0, 1, 2], [0, 1, 2, 3]])
def test_reroll_of_any_number_of_dice_costs_one_use(chosen):
    before = rolled(ONE, (2, 2, 2, 6))
    game = before.apply("reroll " + " ".join(map(str, chosen)))
    assert game.powers_used == 1
    assert game.draws == 1
    for die in range(4):
        if die not in chosen:
            assert game.dice[die] == before.dice[die]
    assert all(1 <= v <= 6 for v in game.dice)


def test_reroll_order_of_the_named_dice_does_not_matter():
    game = rolled(ONE, (2, 2, 2, 6))
    assert game.apply("reroll 3 0 2") == game.apply("reroll 0 2 3")


def test_reroll_gives_the_chosen_dice_new_values_from_the_seed():
    # A seed whose reroll of dice 0 and 1 changes at least one of them, to check they move.
    def changes(seed: int) -> bool:
        game = Game.new("peaceful", seed=seed).apply("roll")
        return game.apply("reroll 0 1").dice[:2] != game.dice[:2]

    seed = first_seed(changes)
    game = Game.new("peaceful", seed=seed).apply("roll")
    again = game.apply("reroll 0 1")
    assert again.dice[:2] != game.dice[:2]
    assert again.dice[2:] == game.dice[2:]


def test_a_power_that_makes_the_roll_unplaceable_enters_magdagdon():
    game = rolled(ONE, (2, 3, 6, 6))  # 2 then 3
    assert game.phase is Phase.PLACING
    game = game.apply("inc 0")  # 3, 3, 6, 6: nothing may touch the 1
    assert game.dice == (3, 3, 6, 6)
    assert game.phase is Phase.MAGDAGDON


def test_a_power_that_rescues_the_roll_leaves_magdagdon():
    game = rolled(ONE, (3, 3, 6, 6))
    assert game.phase is Phase.MAGDAGDON
    game = game.apply("dec 0")  # 2, 3, 6, 6: 2 then 3
    assert game.phase is Phase.PLACING
    assert game.legal[0] == (1, 4)


def test_magdagdon_is_re_decided_after_every_power_from_the_committed_board():
    game = rolled(ONE, (2, 2, 6, 6)).apply("stage 0 1")
    # 2, 3, 6, 6 can still be placed: the staged 2 stays.
    game = game.apply("inc 1")
    assert game.phase is Phase.PLACING
    assert game.placements == ((0, 1),)
    # 2, 4, 6, 6: only one die fits next to the 1: MAGDAGDON, and the staged die goes back.
    game = game.apply("inc 1")
    assert game.dice == (2, 4, 6, 6)
    assert game.phase is Phase.MAGDAGDON
    assert game.placements == ()
    assert game.powers_used == 2


@pytest.mark.parametrize(
    ("start", "after"), [(Phase.MAGDAGDON, Phase.PLACING), (Phase.PLACING, Phase.MAGDAGDON)]
)
def test_reroll_re_decides_magdagdon_both_ways(start, after):
    board = "1.../..../..../..6."

    def fits(seed: int) -> bool:
        game = Game.from_board(board, "peaceful", seed).apply("roll")
        return game.phase is start and game.apply("reroll 0 1 2 3").phase is after

    game = Game.from_board(board, "peaceful", first_seed(fits)).apply("roll")
    rerolled = game.apply("reroll 0 1 2 3")
    assert rerolled.phase is after
    assert can_place(board, list(rerolled.dice), 2) == (after is Phase.PLACING)


def test_powers_may_be_used_in_placing_and_magdagdon_only():
    assert rolled(ONE, (2, 2, 2, 6)).can_use_power
    assert rolled(ONE, (3, 3, 6, 6)).can_use_power
    assert not Game.new("peaceful", seed=1).can_use_power
    assert not rolled(ONE, (3, 3, 6, 6)).apply("accept").can_use_power


def test_a_game_shows_the_powers_used_only_when_there_are_some():
    game = Game.new("peaceful", seed=2).apply("roll")
    assert "powers_used" not in repr(game)
    powered = game.apply("inc 0")
    assert repr(powered) == repr(game).replace(
        f"dice={game.dice}, score=0", f"dice={powered.dice}, powers_used=1, score=-10"
    )


# -- MAGDAGDON, cancel, ruin -----------------------------------------------------------------------
def test_accept_is_refused_while_the_roll_can_be_placed():
    game = rolled(ONE, (2, 2, 2, 6))
    with pytest.raises(RollPlaceableError, match="can be placed"):
        game.apply("accept")


def test_accept_magdagdon_even_with_powers_left():
    game = rolled(ONE, (3, 3, 6, 6)).apply("accept")
    assert game.phase is Phase.RUIN
    assert game.powers_left == 3


def test_cancel_goes_back_to_magdagdon_exactly():
    game = rolled(ONE, (3, 3, 6, 6))
    back = game.apply("accept").apply("cancel")
    assert back == game
    assert back.to_dict() == game.to_dict()
    # ... and a power may then rescue the roll.
    assert back.apply("dec 0").phase is Phase.PLACING


def test_ruin_any_empty_committed_cell_reachable_or_not():
    game = rolled(ONE, (3, 3, 6, 6)).apply("accept")
    assert game.apply("ruin 15").board_text == "1.../..../..../...#"
    assert game.apply("ruin 1").board_text == "1#../..../..../...."


def test_enclosed_cells_keep_causing_magdagdon_until_ruined():
    # Cell 0 is enclosed; only cell 15 is reachable but NIGHTMARE needs 2 dice: any roll is
    # MAGDAGDON. Once cell 0 is ruined the last cell needs 1 die.
    board = ".#33/#333/3333/333."
    for seed in range(10):
        game = Game.from_board(board, "nightmare", seed).apply("roll")
        assert game.phase is Phase.MAGDAGDON
    game = game.apply("accept").apply("ruin 0")
    assert game.board_text == "##33/#333/3333/333."
    assert game.required == 1


# -- game over -------------------------------------------------------------------------------------
def test_game_over_when_the_last_cell_is_filled_with_its_score_breakdown():
    # Cell 15 touches a 3 and a 5: only a 4 fits. 5, 6, 6, 6 is MAGDAGDON; −1 makes the 5 a 4.
    game = rolled("1234/2222/3443/#55.", (5, 6, 6, 6))
    assert game.phase is Phase.MAGDAGDON
    game = game.play(["dec 0", "stage 0 15", "confirm"])
    assert game.phase is Phase.OVER
    assert game.is_over
    assert game.board_text == "1234/2222/3443/#554"
    assert game.turn == 1
    b = game.breakdown
    # rows:    1234 STRAIGHT 10+60 | 2222 FOUR 8+40 | 3443 TWO PAIRS 14+20 | #554 ruin 14
    # columns: 123# ruin 6 | 2245 13 | 3245 14 | 4234 13 (one pair only)
    rows, columns = b.lines[:4], b.lines[4:]
    assert [(line.kind, line.index) for line in b.lines] == [
        *(("row", i) for i in range(4)),
        *(("column", i) for i in range(4)),
    ]
    assert [line.total for line in rows] == [10, 8, 14, 14]
    assert [line.bonus for line in rows] == [
        Bonus.STRAIGHT,
        Bonus.FOUR_OF_A_KIND,
        Bonus.TWO_PAIRS,
        None,
    ]
    assert [line.total for line in columns] == [6, 13, 14, 13]
    assert [line.bonus for line in columns] == [None] * 4
    assert [line.full for line in b.lines] == [True, True, True, False, False, True, True, True]
    assert b.base == 92  # 46 + 46
    assert b.bonuses == 120  # 60 + 40 + 20
    assert (b.ruins, b.ruin_penalty) == (1, 15)
    assert (b.powers_used, b.power_penalty) == (1, 10)
    assert b.total == game.score == 92 + 120 - 15 - 10


def test_game_over_when_the_last_cell_is_ruined():
    # No 1 or 2 among the dice: nothing fits next to the 1s.
    game = rolled("1111/1111/1111/111.", (3, 6, 4, 5), "nightmare")
    assert game.phase is Phase.MAGDAGDON
    game = game.apply("accept").apply("ruin 15")
    assert game.is_over
    # rows and columns 0..2 are 1111: FOUR OF A KIND 4 + 40 each (6 lines); row 3 and
    # column 3 are 111#: 3 each. 6 * 44 + 2 * 3 = 270, minus one ruin: 255
    assert game.score == 255
    assert game.breakdown.bonuses == 240


def test_nothing_more_happens_after_game_over():
    game = Game.from_board("1111/1111/1111/1111")
    assert (game.legal, game.still_required, game.can_use_power) == ({}, 0, False)
    for action in ["roll", "stage 0 0", "confirm", "accept", "ruin 0", "dec 0", "cancel"]:
        with pytest.raises(WrongPhaseError, match="over"):
            game.apply(action)


# -- seeded dice -----------------------------------------------------------------------------------
def test_same_seed_deals_the_same_rolls_and_rerolls():
    actions = ["roll", "reroll 0 1", "reroll 2"]
    one = Game.new("peaceful", seed=4242).play(actions)
    two = Game.new("peaceful", seed=4242).play(actions)
    assert one == two
    assert play_to_end(Game.new("nightmare", seed=99)) == play_to_end(
        Game.new("nightmare", seed=99)
    )


def test_different_seeds_deal_different_rolls():
    rolls = {Game.new("peaceful", seed=s).apply("roll").dice for s in range(20)}
    assert len(rolls) > 1


def test_the_roll_of_a_turn_does_not_depend_on_powers_used_earlier():
    powers = ["roll", "reroll 0 1 2 3", "dec 0"]

    def both_placeable(seed: int) -> bool:
        game = Game.new("peaceful", seed=seed).play(powers[:2])
        return game.dice[0] > 1 and game.apply("dec 0").phase is Phase.PLACING

    seed = first_seed(both_placeable)
    unpowered = stage_minimum(Game.new("peaceful", seed=seed).apply("roll")).apply("confirm")
    powered = stage_minimum(Game.new("peaceful", seed=seed).play(powers)).apply("confirm")
    assert powered.powers_used == 2
    assert unpowered.apply("roll").dice == powered.apply("roll").dice


def test_unseeded_games_get_a_seed():
    game = Game.new("survival")
    assert isinstance(game.seed, int)
    assert 0 <= game.seed < SEED_LIMIT
    assert Game.new("survival", seed=game.seed).apply("roll") == game.apply("roll")


@pytest.mark.parametrize("seed", [-1, SEED_LIMIT, "7", 7.5, True])
def test_a_bad_seed_is_a_value_error(seed):
    with pytest.raises(ValueError, match="seed"):
        Game.new("peaceful", seed=seed)


def test_an_unknown_difficulty_is_a_value_error():
    with pytest.raises(ValueError, match="difficulty"):
        Game.new("easy", seed=1)


def test_a_new_seed_is_unpredictable_and_at_most_nine_digits():
    seeds = [new_seed() for _ in range(20)]
    assert len(set(seeds)) == 20  # two equal of 10**9: about one run in 5 million
    assert all(0 <= seed < 10**9 for seed in seeds)  # a link stays short


def test_the_largest_seed_is_a_game_and_a_saved_game():
    largest = SEED_LIMIT - 1  # 2**53 - 1, the largest integer JavaScript reads exactly
    game = Game.new("survival", largest).apply("roll")
    assert game.seed == largest and parse_seed(str(largest)) == largest
    assert Game.from_dict(game.to_dict()) == game


@pytest.mark.parametrize(
    "text",
    ["0" * 16 + "1", "\u0663", "1\u0663", "-1", "", None, 42, ["1"]],
    ids=plain,
)
def test_a_seed_that_is_not_decimal_digits_below_the_limit_is_refused(text):
    # 16 digits at most: 2**53 - 1 has 16 (a longer text is refused before it is read)
    with pytest.raises(ValueError) as caught:
        parse_seed(text)
    assert str(caught.value) == f"a seed is a whole number from 0 to {SEED_LIMIT - 1}, not {text!r}"


@pytest.mark.parametrize("seed", [-1, SEED_LIMIT, 2.0, "7", True])
def test_a_game_of_a_seed_out_of_range_says_the_range(seed):
    with pytest.raises(ValueError) as caught:
        Game.new("peaceful", seed)
    assert str(caught.value) == f"a seed is a whole number from 0 to {SEED_LIMIT - 1}, not {seed!r}"
    if seed == SEED_LIMIT:  # written out: 16 digits, read, then refused as a number
        with pytest.raises(ValueError, match=rf"not {seed}$"):
            parse_seed(str(seed))


def test_a_score_to_beat_that_is_not_a_score_says_what_it_was():
    with pytest.raises(ValueError) as caught:
        parse_score("12 points")
    assert str(caught.value) == "a score is a whole number, not '12 points'"


def dice_by_the_scheme(seed: int, turn: int, draw: int, count: int) -> tuple[int, ...]:
    """The dice as ``magdagdon.game`` documents them: the bytes below 252 of SHA-256 of
    ``magdagdon:<seed>:<turn>:<draw>:<block>`` for block 0, 1, ..., each as ``b % 6 + 1``."""
    values: list[int] = []
    for block in itertools.count():
        digest = hashlib.sha256(f"magdagdon:{seed}:{turn}:{draw}:{block}".encode()).digest()
        values += [b % 6 + 1 for b in digest if b < 252]
        if len(values) >= count:
            return tuple(values[:count])
    raise AssertionError  # pragma: no cover


@pytest.mark.parametrize("count", [1, 4, 40, 200])
def test_as_many_dice_as_asked_follow_the_scheme_block_after_block(count):
    # a block gives about 31 dice: 40 and 200 need the blocks after the first
    for seed, turn, draw in [(0, 0, 0), (7, 3, 1), (SEED_LIMIT - 1, 15, 2)]:
        assert roll_dice(seed, turn, draw, count) == dice_by_the_scheme(seed, turn, draw, count)


def test_each_turns_rerolls_are_counted_from_one():
    # PEACEFUL's first two powers, both a REROLL of every die, in the first two turns
    game = Game.new("peaceful", 5)
    for turn in range(2):
        game = game.apply("roll").apply("reroll 0 1 2 3")
        assert (game.turn, game.dice) == (turn, roll_dice(5, turn, 1, 4))
        game = end_turn(game)


# -- every refusal: its own error class, a clear message, the game unchanged -----------------------
def placing() -> Game:
    return rolled("3.../4.../..../....", (3, 5, 1, 6))  # legal {0: 1 5 8, 1: 5 8, 2: -, 3: -}


def placing_staged() -> Game:
    return placing().apply("stage 0 1")


def magdagdon(difficulty: str = "peaceful") -> Game:
    return rolled(ONE, (3, 3, 6, 6), difficulty)


def choosing_ruin() -> Game:
    return magdagdon().apply("accept")


def setups() -> dict[str, Callable[[], Game]]:
    return {
        "fresh": lambda: Game.new("peaceful", seed=7),
        "placing": placing,
        "placing_staged": placing_staged,
        "magdagdon": magdagdon,
        "nightmare_magdagdon": lambda: magdagdon("nightmare"),
        "survival_used": lambda: magdagdon("survival").apply("dec 0"),
        "peaceful_used_up": lambda: magdagdon().play(["dec 0", "dec 2", "dec 3"]),
        "choosing_ruin": choosing_ruin,
        "choosing_ruin_by_a_ruin": lambda: rolled("1#../..../..../....", (3, 3, 6, 6)).apply(
            "accept"
        ),
        "ruin_only_board": lambda: rolled("#.../..../..../....", (3, 3, 6, 6)),
        "over": lambda: Game.from_board("1111/1111/1111/1111"),
    }


ERROR_CASES = [
    # (setup, action, error class, what the message must say)
    ("fresh", "", BadActionError, "unknown action ''"),
    ("fresh", "   ", BadActionError, "unknown action"),
    ("fresh", "fly", BadActionError, "unknown action 'fly'"),
    ("fresh", "ROLL", BadActionError, "unknown action 'ROLL'"),
    ("fresh", "roll now", BadActionError, "wrong number of arguments"),
    ("placing", "stage 0", BadActionError, "wrong number of arguments"),
    ("placing", "stage 0 1 2", BadActionError, "wrong number of arguments"),
    ("placing", "unstage", BadActionError, "wrong number of arguments"),
    ("placing", "reroll", BadActionError, "wrong number of arguments"),
    ("placing", "reroll 0 1 2 3 0", BadActionError, "wrong number of arguments"),
    ("placing", "stage a 1", BadActionError, "whole numbers"),
    ("placing", "stage -1 1", BadActionError, "whole numbers"),
    ("placing", "stage 0 1.5", BadActionError, "whole numbers"),
    ("placing", "stage 0 123", BadActionError, "whole numbers"),
    ("placing", "stage \u0663 1", BadActionError, "whole numbers"),  # an Arabic-Indic 3
    ("placing", None, BadActionError, "an action is a string"),
    ("placing", 3, BadActionError, "an action is a string"),
    ("placing", ["roll"], BadActionError, "an action is a string"),
    ("placing", "reroll 1 1", BadActionError, "named twice"),
    ("fresh", "confirm", WrongPhaseError, "'confirm' .*phase 'roll'"),
    ("fresh", "stage 0 0", WrongPhaseError, "'stage' .*phase 'roll'"),
    ("fresh", "unstage 0", WrongPhaseError, "'unstage' .*phase 'roll'"),
    ("fresh", "clear", WrongPhaseError, "'clear' .*phase 'roll'"),
    ("fresh", "dec 0", WrongPhaseError, "'dec' .*phase 'roll'"),
    ("fresh", "inc 0", WrongPhaseError, "'inc' .*phase 'roll'"),
    ("fresh", "reroll 0", WrongPhaseError, "'reroll' .*phase 'roll'"),
    ("fresh", "accept", WrongPhaseError, "'accept' .*phase 'roll'"),
    ("fresh", "cancel", WrongPhaseError, "'cancel' .*phase 'roll'"),
    ("fresh", "ruin 0", WrongPhaseError, "'ruin' .*phase 'roll'"),
    ("placing", "roll", WrongPhaseError, "'roll' .*phase 'placing'"),
    ("placing", "ruin 5", WrongPhaseError, "'ruin' .*phase 'placing'"),
    ("placing", "cancel", WrongPhaseError, "'cancel' .*phase 'placing'"),
    ("magdagdon", "stage 0 1", WrongPhaseError, "'stage' .*phase 'magdagdon'"),
    ("magdagdon", "unstage 0", WrongPhaseError, "'unstage' .*phase 'magdagdon'"),
    ("magdagdon", "clear", WrongPhaseError, "'clear' .*phase 'magdagdon'"),
    ("magdagdon", "confirm", WrongPhaseError, "'confirm' .*phase 'magdagdon'"),
    ("magdagdon", "roll", WrongPhaseError, "'roll' .*phase 'magdagdon'"),
    ("magdagdon", "ruin 5", WrongPhaseError, "'ruin' .*phase 'magdagdon'"),
    ("magdagdon", "cancel", WrongPhaseError, "'cancel' .*phase 'magdagdon'"),
    ("choosing_ruin", "roll", WrongPhaseError, "'roll' .*phase 'ruin'"),
    ("choosing_ruin", "stage 0 1", WrongPhaseError, "'stage' .*phase 'ruin'"),
    ("choosing_ruin", "dec 0", WrongPhaseError, "'dec' .*phase 'ruin'"),
    ("choosing_ruin", "reroll 0", WrongPhaseError, "'reroll' .*phase 'ruin'"),
    ("choosing_ruin", "accept", WrongPhaseError, "'accept' .*phase 'ruin'"),
    ("choosing_ruin", "confirm", WrongPhaseError, "'confirm' .*phase 'ruin'"),
    ("over", "roll", WrongPhaseError, "'roll' .*phase 'over'"),
    ("over", "ruin 0", WrongPhaseError, "'ruin' .*phase 'over'"),
    ("placing", "stage 4 5", DieUnavailableError, "no die 4"),
    ("placing", "stage 9 5", DieUnavailableError, "no die 9"),
    ("placing", "unstage 0", DieUnavailableError, "die 0 is not staged"),
    ("placing", "unstage 7", DieUnavailableError, "no die 7"),
    ("placing", "dec 4", DieUnavailableError, "no die 4"),
    ("placing", "inc 9", DieUnavailableError, "no die 9"),
    ("placing", "reroll 0 4", DieUnavailableError, "no die 4"),
    ("placing_staged", "stage 0 5", DieUnavailableError, "die 0 is staged"),
    ("placing_staged", "dec 0", DieUnavailableError, "die 0 is staged"),
    ("placing_staged", "inc 0", DieUnavailableError, "die 0 is staged"),
    ("placing_staged", "reroll 0", DieUnavailableError, "die 0 is staged"),
    ("placing_staged", "reroll 1 0", DieUnavailableError, "die 0 is staged"),
    ("placing", "stage 0 15", IllegalCellError, "a 3 may not be staged on cell 15: not-adjacent"),
    ("placing", "stage 1 1", IllegalCellError, r"a 5 .* cell 1: too-far \(cell 0 holds 3\)"),
    ("placing", "stage 0 0", IllegalCellError, "cell 0: not-empty"),
    ("placing_staged", "stage 3 1", IllegalCellError, "cell 1: not-empty"),
    ("ruin_only_board", "stage 0 0", IllegalCellError, "cell 0: not-empty"),
    ("placing", "stage 0 16", IllegalCellError, "no cell 16"),
    ("placing", "stage 0 99", IllegalCellError, "no cell 99"),
    ("placing", "confirm", BelowMinimumError, r"at least 2 dice .*\(0 staged\)"),
    ("placing_staged", "confirm", BelowMinimumError, r"at least 2 dice .*\(1 staged\)"),
    ("nightmare_magdagdon", "dec 0", NoPowerLeftError, "NIGHTMARE has 0"),
    ("nightmare_magdagdon", "reroll 0", NoPowerLeftError, "NIGHTMARE has 0"),
    ("survival_used", "dec 1", NoPowerLeftError, "SURVIVAL has 1"),
    ("survival_used", "reroll 2 3", NoPowerLeftError, "SURVIVAL has 1"),
    ("peaceful_used_up", "inc 0", NoPowerLeftError, "PEACEFUL has 3"),
    ("placing", "dec 2", PowerOutOfRangeError, "die 2 shows 1"),
    ("placing", "inc 3", PowerOutOfRangeError, "die 3 shows 6"),
    ("placing", "accept", RollPlaceableError, "can be placed"),
    ("placing_staged", "accept", RollPlaceableError, "can be placed"),
    ("choosing_ruin", "ruin 0", CellNotEmptyError, "cell 0 is not an empty cell"),
    ("choosing_ruin_by_a_ruin", "ruin 1", CellNotEmptyError, "cell 1 is not an empty cell"),
    ("choosing_ruin", "ruin 16", CellNotEmptyError, "cell 16"),
    ("choosing_ruin", "ruin 99", CellNotEmptyError, "cell 99"),
]


@pytest.mark.parametrize(
    ("setup", "action", "error", "message"),
    ERROR_CASES,
    ids=[f"{s}-{a!r}-{e.__name__}" for s, a, e, _ in ERROR_CASES],
)
def test_a_refused_action_raises_its_error_and_changes_nothing(setup, action, error, message):
    build = setups()[setup]
    game, before = build(), build()
    assert game == before
    with pytest.raises(error) as caught:
        game.apply(action)
    assert type(caught.value) is error
    assert isinstance(caught.value, ValueError)
    assert caught.value.code == error.code
    assert re.search(message, str(caught.value)), str(caught.value)
    assert game == before
    assert game.to_dict() == before.to_dict()
    assert game.legal == before.legal
    assert game.phase is before.phase


def test_every_action_error_class_is_reachable_from_apply():
    classes = {getattr(errors, name) for name in errors.__all__}
    actions = {c for c in classes if issubclass(c, IllegalActionError)} - {IllegalActionError}
    assert actions == {error for _, _, error, _ in ERROR_CASES}
    assert len(actions) == 9
    # The rest: the two bases and the saved-game error (tested with from_dict below).
    assert classes - actions == {errors.MagdagdonError, IllegalActionError, SavedGameError}
    assert all(issubclass(c, ValueError) for c in classes)


@pytest.mark.parametrize(
    ("setup", "action", "reason"),
    [
        ("placing", "stage 0 15", "not-adjacent"),
        ("placing", "stage 1 1", "too-far"),
        ("placing", "stage 0 0", "not-empty"),
        ("placing", "stage 0 16", "no-cell"),
    ],
)
def test_an_illegal_cell_says_why(setup, action, reason):
    with pytest.raises(IllegalCellError) as caught:
        setups()[setup]().apply(action)
    assert caught.value.params["reason"] == reason
    if reason != "no-cell":
        die, cell = map(int, action.split()[1:])
        assert setups()[setup]().explain(die, cell) == reason


# -- saved games -----------------------------------------------------------------------------------
@functools.cache
def nightmare_magdagdon_seed() -> int:
    """A seed whose first roll is MAGDAGDON in NIGHTMARE (three dice to join, none can)."""
    return first_seed(
        lambda s: Game.new("nightmare", seed=s).apply("roll").phase is Phase.MAGDAGDON
    )


SAVED_STATES = [
    "roll, new",
    "placing, nothing staged",
    "placing, staged",
    "placing, after two turns and a power, staged",
    "magdagdon",
    "choosing the ruin",
    "after cancel",
    "roll, after a ruin",
    "over, nightmare",
    "over, peaceful",
]


@functools.cache
def saved_states() -> dict[str, Game]:
    """Real games (from ``Game.new``) in every phase."""
    fresh = Game.new("peaceful", seed=11)
    placing = fresh.apply("roll")
    magdagdon = Game.new("nightmare", seed=nightmare_magdagdon_seed()).apply("roll")
    two_turns = play_turn(play_turn(Game.new("peaceful", seed=11)))
    staged = stage_minimum(two_turns.apply("roll").apply("reroll 3"))
    return {
        "roll, new": fresh,
        "placing, nothing staged": placing,
        "placing, staged": stage_minimum(placing),
        "placing, after two turns and a power, staged": staged,
        "magdagdon": magdagdon,
        "choosing the ruin": magdagdon.apply("accept"),
        "after cancel": magdagdon.apply("accept").apply("cancel"),
        "roll, after a ruin": magdagdon.apply("accept").apply("ruin 5"),
        "over, nightmare": play_to_end(Game.new("nightmare", seed=5)),
        "over, peaceful": play_to_end(Game.new("peaceful", seed=5)),
    }


def test_saved_states_cover_every_phase():
    assert list(saved_states()) == SAVED_STATES
    assert {g.phase for g in saved_states().values()} == set(Phase)
    assert saved_states()["placing, staged"].placements
    late = saved_states()["placing, after two turns and a power, staged"]
    assert (late.phase, late.turn, late.powers_used) == (Phase.PLACING, 2, 1)
    assert late.placements


@pytest.mark.parametrize("name", SAVED_STATES)
def test_saved_game_round_trip_is_equal(name):
    game = saved_states()[name]
    data = game.to_dict()
    restored = Game.from_dict(data)
    assert restored == game
    assert restored.to_dict() == data
    assert restored.phase is game.phase
    assert restored.placements == game.placements
    assert restored.legal == game.legal


@pytest.mark.parametrize("name", SAVED_STATES)
def test_saved_game_is_json(name):
    game = saved_states()[name]
    text = json.dumps(game.to_dict())
    assert Game.from_dict(json.loads(text)) == game


def test_a_restored_game_plays_on_like_the_original():
    game = saved_states()["placing, staged"]
    restored = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert play_to_end(restored.apply("confirm")) == play_to_end(game.apply("confirm"))


def test_a_restored_unstaged_and_restaged_game_is_equal():
    # 2 on 5, 3 on 6, 3 on 7, 2 on 4; taking back the 2 on 5 keeps 6-7 (a first die and its
    # neighbour) and returns the 2 on 4, which touched only cell 5.
    seed = seed_rolling((2, 3, 3, 2))
    game = Game.new("peaceful", seed=seed).play(
        ["roll", "stage 0 5", "stage 1 6", "stage 2 7", "stage 3 4", "unstage 0"]
    )
    assert game.placements == ((1, 6), (2, 7))
    assert Game.from_dict(game.to_dict()) == game


def saved(name: str = "placing, staged") -> dict:
    return saved_states()[name].to_dict()


def edited(change: Callable[[dict], object], name: str = "placing, staged") -> dict:
    data = copy.deepcopy(saved(name))
    change(data)
    return data


def _set(path: tuple, value: object) -> Callable[[dict], None]:
    def change(data: dict) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _drop(key: str) -> Callable[[dict], None]:
    return lambda data: data.pop(key)


BAD_SAVES = {
    "not a dict: list": lambda: [saved()],
    "not a dict: None": lambda: None,
    "not a dict: text": lambda: json.dumps(saved()),
    "wrong format tag": lambda: edited(_set(("format",), "other-game")),
    "no format tag": lambda: edited(_drop("format")),
    "other schema": lambda: edited(_set(("schema",), 2)),
    "schema as text": lambda: edited(_set(("schema",), "1")),
    "no schema": lambda: edited(_drop("schema")),
    "moves missing": lambda: edited(_drop("moves")),
    "moves not a list": lambda: edited(_set(("moves",), "roll")),
    "a move not a string": lambda: edited(lambda d: d["moves"].append(5)),
    "a move null": lambda: edited(lambda d: d["moves"].insert(1, None)),
    "truncated moves": lambda: edited(lambda d: d["moves"].pop()),
    "truncated moves, between turns": lambda: edited(lambda d: d["moves"].pop(), "over, nightmare"),
    "too many moves": lambda: edited(_set(("moves",), ["roll", "clear"] * 300)),
    "snapshot missing": lambda: edited(_drop("state")),
    "snapshot not a dict": lambda: edited(_set(("state",), [])),
    "tampered board": lambda: edited(_set(("state", "board"), "6666/6666/6666/6666")),
    "tampered dice": lambda: edited(_set(("state", "dice"), [6, 6, 6, 6])),
    "tampered turn": lambda: edited(_set(("state", "turn"), 5)),
    "tampered phase": lambda: edited(_set(("state", "phase"), "over")),
    "tampered powers": lambda: edited(
        _set(("state", "powers_used"), 0), "placing, after two turns and a power, staged"
    ),
    "tampered staged": lambda: edited(_set(("state", "staged"), [])),
    "illegal move inside": lambda: edited(lambda d: d["moves"].insert(0, "confirm")),
    "unknown move inside": lambda: edited(lambda d: d["moves"].insert(1, "fly")),
    "from_board game": lambda: Game.from_board("1.../..../..../....").to_dict(),
    "unknown difficulty": lambda: edited(_set(("difficulty",), "easy")),
    "difficulty missing": lambda: edited(_drop("difficulty")),
    "seed negative": lambda: edited(_set(("seed",), -1)),
    "seed too big": lambda: edited(_set(("seed",), SEED_LIMIT)),
    "seed as text": lambda: edited(_set(("seed",), "11")),
    "seed a float": lambda: edited(_set(("seed",), 11.0)),
    "seed a boolean": lambda: edited(_set(("seed",), True)),
    "seed null, new game": lambda: edited(_set(("seed",), None), "roll, new"),
    "seed missing, new game": lambda: edited(_drop("seed"), "roll, new"),
}


@pytest.mark.parametrize("name", list(BAD_SAVES))
def test_a_bad_saved_game_is_refused_with_saved_game_error(name):
    data = BAD_SAVES[name]()
    untouched = copy.deepcopy(data)
    with pytest.raises(SavedGameError) as caught:
        Game.from_dict(data)
    assert type(caught.value) is SavedGameError
    assert str(caught.value)
    assert data == untouched  # nothing of the input was changed


def test_a_tampered_snapshot_is_named_as_such():
    with pytest.raises(SavedGameError, match="snapshot does not match"):
        Game.from_dict(BAD_SAVES["tampered board"]())
    with pytest.raises(SavedGameError, match="does not replay"):
        Game.from_dict(BAD_SAVES["illegal move inside"]())


def test_taking_back_a_die_on_a_numberless_board_keeps_the_largest_connected_group():
    # Seed 2 rolls (4, 3, 4, 5). On the empty board 4@0 3@1 4@2 then 5@6 (under the 4 on 2).
    game = Game.new("peaceful", seed=2).play(
        ["roll", "stage 0 0", "stage 1 1", "stage 2 2", "stage 3 6"]
    )
    assert game.dice == (4, 3, 4, 5)
    # Without the 3 on cell 1, {0} and {2, 6} are apart: the larger group stays staged.
    assert game.apply("unstage 1").placements == ((2, 2), (3, 6))


# -- hint: the coach's advice was shown -----------------------------------------------------------
def test_a_hint_changes_nothing_but_the_count_and_is_saved_with_the_game():
    game = Game.new("survival", 5).apply("roll")
    assert game.phase is Phase.PLACING and game.hints == 0
    hinted = game.apply("hint")
    assert hinted.hints == 1 and hinted.moves == game.moves + ("hint",)
    assert (hinted.board, hinted.dice, hinted.phase, hinted.turn, hinted.score) == (
        game.board,
        game.dice,
        game.phase,
        game.turn,
        game.score,
    )
    again = Game.from_dict(hinted.apply("hint").to_dict())
    assert again.hints == 2


@pytest.mark.parametrize("moves", [(), ("roll", "accept")])
def test_a_hint_is_refused_where_there_is_no_decision(moves):
    game = Game.new("nightmare", 1).play(moves)  # seed 1's first roll is MAGDAGDON
    assert game.phase in (Phase.ROLL, Phase.RUIN)
    with pytest.raises(WrongPhaseError) as refused:
        game.apply("hint")
    assert refused.value.code == "wrong-phase" and refused.value.params["verb"] == "hint"


def test_a_hint_in_magdagdon_does_not_upset_going_back_from_the_ruin():
    game = Game.new("nightmare", 1).apply("roll")
    assert game.phase is Phase.MAGDAGDON
    back = game.apply("hint").apply("accept").apply("cancel")
    assert back.phase is Phase.MAGDAGDON and back.hints == 1
