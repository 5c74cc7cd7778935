"""The interface controller (``magdagdon.ui.Controller``): what each tap, button, key, dialog
and storage event from another tab does to the interface's state (chosen die, REROLL choice,
open dialog, status line, effects) and to the game.

Every test drives a real :class:`Session` over an in-memory store, as the browser does over
localStorage. Games are seeded, so the dice are known; the situations a test needs (a roll
with a lone 1, a MAGDAGDON that no power can rescue, ...) are found by the engine, playing
greedily through seeds, never guessed.
"""

from __future__ import annotations

import functools
import json
import typing
from collections.abc import Callable
from itertools import pairwise

import pytest

from magdagdon.effects import Shake
from magdagdon.game import Game, Phase, roll_dice
from magdagdon.records import GAME_KEY, SETTINGS_KEY, Entry, MemoryStore, best_key
from magdagdon.rules import CELLS, EMPTY, NEIGHBOURS, RUIN, Difficulty, explain_cell
from magdagdon.session import Session, Wish
from magdagdon.ui import Controller, Message

from .controllers import controller_at, play_to_the_end, state
from .greedy import end_turn
from .sessions import TODAY, new_session, reload

PEACEFUL, SURVIVAL, NIGHTMARE = Difficulty.PEACEFUL, Difficulty.SURVIVAL, Difficulty.NIGHTMARE


# -- sessions and controllers ----------------------------------------------------------------------
# Building controllers over sessions on in-memory stores, as the browser does over localStorage.
def before_roll(game: Game) -> Game:
    """``game`` (found right after a roll) one move earlier, awaiting that ROLL."""
    assert game.moves[-1] == "roll"
    return Game.new(game.difficulty, game.seed).play(game.moves[:-1])


def empty_cells(game: Game) -> tuple[int, ...]:
    return tuple(i for i, symbol in enumerate(game.board_text.replace("/", "")) if symbol == ".")


# -- situations, found by the engine ---------------------------------------------------------------
# Each predicate names a situation; `find` plays seeds greedily until one turns up.
@functools.cache
def find(difficulty: Difficulty, wanted: Callable[[Game], bool]) -> Game:
    """The first game (by seed, then turn, played greedily) right after a roll that is
    ``wanted``."""
    for seed in range(1_000):
        game = Game.new(difficulty, seed)
        while not game.is_over:
            game = game.apply("roll")
            if wanted(game):
                return game
            game = end_turn(game)
    raise LookupError(f"no {difficulty.value} game is {wanted.__doc__}")


def lone_one(game: Game) -> bool:
    """a first roll, placeable, with a 6 and a single 1 that no 2 can join"""
    dice = game.dice
    return (
        game.turn == 0
        and game.phase is Phase.PLACING
        and 6 in dice
        and dice.count(1) == 1
        and 2 not in dice
    )


def chain(game: Game) -> bool:
    """a first roll whose dice, in order, may stand in one row (each within 1 of the next)"""
    return (
        game.turn == 0
        and game.phase is Phase.PLACING
        and all(abs(a - b) <= 1 for a, b in pairwise(game.dice))
    )


def later_placing(game: Game) -> bool:
    """a placeable roll on a board that has numbers"""
    return game.turn > 0 and game.phase is Phase.PLACING


def first_magdagdon(game: Game) -> bool:
    """a MAGDAGDON on the first roll"""
    return game.turn == 0 and game.phase is Phase.MAGDAGDON


def hopeless_magdagdon(game: Game) -> bool:
    """a MAGDAGDON on a board with numbers that no power can rescue (no value fits any empty
    cell), with a die of 3 or less"""
    return (
        game.turn > 0
        and game.phase is Phase.MAGDAGDON
        and min(game.dice) <= 3
        and all(
            explain_cell(game.board, cell, value).code != "ok"
            for cell in empty_cells(game)
            for value in range(1, 7)
        )
    )


def test_the_situations_are_what_their_names_say():
    lone = find(PEACEFUL, lone_one)
    assert lone.dice.count(6) >= 1 and lone.dice.count(1) == 1
    row = find(PEACEFUL, chain).play(["stage 0 4", "stage 1 5", "stage 2 6", "stage 3 7"])
    assert row.staged == {0: 4, 1: 5, 2: 6, 3: 7}
    later = find(PEACEFUL, later_placing)
    assert any(v > 0 for v in later.board)
    assert find(NIGHTMARE, first_magdagdon).board == (EMPTY,) * CELLS
    hopeless = find(PEACEFUL, hopeless_magdagdon)
    assert hopeless.powers_left == PEACEFUL.powers  # the greedy player uses no power
    for power in ("dec", "inc"):
        for die in range(4):
            if hopeless.can_change(die, -1 if power == "dec" else 1):
                assert hopeless.apply(f"{power} {die}").phase is Phase.MAGDAGDON


# -- starting --------------------------------------------------------------------------------------
# What a new controller shows: a new game, a game resumed mid-turn, a finished game.
def test_a_new_game_waits_for_roll_with_nothing_chosen():
    ui = Controller(new_session(seed=3))
    assert ui.game == Game.new(PEACEFUL, 3)
    assert (ui.selected, ui.reroll, ui.dialog, ui.message, ui.asked) == (None,) * 5
    assert ui.scores.tab is PEACEFUL
    assert ui.status() == Message("status.roll")
    assert ui.highlighted() == ()
    assert ui.take_effects() == []


def test_a_game_resumed_mid_turn_has_its_first_free_die_chosen():
    ui = controller_at(find(PEACEFUL, chain))
    ui.tap_cell(5)
    again = reload(ui)
    assert again.game == ui.game
    assert again.game.staged == {0: 5}
    assert again.selected == 1
    assert again.highlighted() == (1, 4, 6, 9)  # beside the 5th cell: die 1 is within 1 of die 0
    assert again.dialog is None


def test_a_finished_game_reopens_on_its_over_dialog():
    ui = Controller(new_session(seed=3))
    play_to_the_end(ui)
    again = reload(ui)
    assert again.game == ui.game
    assert again.dialog == "over"
    assert again.selected is None
    assert again.status() == Message("status.over", {"score": ui.game.score})


def test_take_effects_hands_each_effect_over_once():
    ui = Controller(new_session(seed=3))
    ui.press("roll")
    assert ui.take_effects() == ["rolled"]
    assert ui.take_effects() == []


# -- rolling and choosing a die --------------------------------------------------------------------
# ROLL deals the seed's dice and chooses the first die; a tap on a free die chooses it.
def test_roll_deals_the_seeds_dice_and_chooses_the_first_die():
    ui = Controller(new_session(seed=2))
    ui.press("roll")
    assert ui.game.dice == roll_dice(2, 0, 0, 4)
    assert ui.game.phase is Phase.PLACING
    assert ui.selected == 0
    assert ui.take_effects() == ["rolled"]
    assert ui.status() == Message("status.place", {"count": 2})
    assert ui.highlighted() == tuple(range(CELLS))  # a board with no number: anywhere


def test_tapping_a_free_die_chooses_it_and_clears_the_last_message():
    ui = controller_at(find(PEACEFUL, chain))
    ui.press("confirm")
    assert ui.message is not None and ui.message.alert
    ui.tap_die(2)
    assert ui.selected == 2
    assert ui.message is None
    assert ui.status() == Message("status.place", {"count": 2})


def test_no_die_can_be_chosen_before_the_roll():
    ui = Controller(new_session(seed=2))
    before = state(ui)
    ui.tap_die(0)
    ui.tap_cell(0)
    assert state(ui) == before


# -- staging by tapping cells ----------------------------------------------------------------------
# A tap on a cell stages the chosen die, or says why not (and shakes the cell); a tap on a
# staged die or cell takes it back; the status line follows the staged dice.
def test_tapping_a_highlighted_cell_stages_the_chosen_die_and_chooses_the_next():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.tap_cell(5)
    assert ui.game == game.apply("stage 0 5")
    assert ui.selected == 1
    assert ui.take_effects() == ["staged"]
    assert ui.highlighted() == (1, 4, 6, 9)
    assert ui.status() == Message("status.place", {"count": 1})
    ui.tap_cell(6)
    assert ui.game.staged == {0: 5, 1: 6}
    assert ui.selected == 2
    assert ui.status() == Message("status.ready")


def test_a_chosen_die_is_staged_whatever_its_place_in_the_tray():
    ui = controller_at(find(PEACEFUL, chain))
    ui.tap_die(3)
    ui.tap_cell(10)
    assert ui.game.staged == {3: 10}
    assert ui.selected == 0


@pytest.mark.parametrize(
    ("cell", "direction"),
    [(1, "@reason.down"), (9, "@reason.up"), (4, "@reason.right"), (6, "@reason.left")],
)
def test_a_die_too_far_from_its_neighbour_is_refused_saying_where_it_is(cell, direction):
    game = find(PEACEFUL, lone_one)
    six, one = game.dice.index(6), game.dice.index(1)
    ui = controller_at(game)
    ui.tap_die(six)
    ui.tap_cell(5)
    ui.take_effects()
    ui.tap_die(one)
    ui.tap_cell(cell)
    assert ui.message == Message(
        "reason.too-far", {"value": 1, "neighbour": 6, "direction": direction}, alert=True
    )
    assert ui.status() == ui.message
    assert ui.game.staged == {six: 5}
    assert ui.selected == one
    assert ui.take_effects() == [Shake(cell)]


def test_a_die_away_from_every_number_is_refused_as_not_adjacent():
    ui = controller_at(find(PEACEFUL, chain))
    ui.tap_cell(5)
    ui.take_effects()
    ui.tap_cell(15)
    assert ui.message == Message("reason.not-adjacent", alert=True)
    assert ui.game.staged == {0: 5}
    assert ui.take_effects() == [Shake(15)]


def test_a_committed_cell_is_refused_as_taken():
    game = find(PEACEFUL, later_placing)
    taken = next(cell for cell, value in enumerate(game.board) if value > 0)
    ui = controller_at(game)
    ui.tap_cell(taken)
    assert ui.message == Message("reason.not-empty", alert=True)
    assert ui.game == game
    assert ui.take_effects() == [Shake(taken)]


def test_a_cell_beside_no_number_is_refused_on_a_board_with_numbers():
    game = find(PEACEFUL, later_placing)
    lonely = next(
        cell for cell in empty_cells(game) if all(game.board[n] <= 0 for n in NEIGHBOURS[cell])
    )
    ui = controller_at(game)
    ui.tap_cell(lonely)
    assert ui.message == Message("reason.not-adjacent", alert=True)
    assert ui.game == game


def test_tapping_a_staged_cell_takes_its_die_back_and_chooses_it():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.tap_cell(5)
    ui.tap_cell(6)
    ui.tap_cell(6)
    assert ui.game == game.apply("stage 0 5")
    assert ui.selected == 1
    assert ui.highlighted() == (1, 4, 6, 9)


def test_tapping_a_staged_die_takes_it_back_and_chooses_it():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.tap_cell(5)
    ui.tap_cell(6)
    ui.tap_die(0)
    assert ui.game.staged == {1: 6}
    assert ui.selected == 0


def test_with_every_die_staged_a_tap_on_an_empty_cell_asks_for_a_die_first():
    ui = controller_at(find(PEACEFUL, chain))
    for cell in (4, 5, 6, 7):
        ui.tap_cell(cell)
    assert ui.game.staged == {0: 4, 1: 5, 2: 6, 3: 7}
    assert ui.selected is None
    assert ui.highlighted() == ()
    ui.tap_cell(8)
    assert ui.message == Message("reason.no-die")
    assert ui.game.staged == {0: 4, 1: 5, 2: 6, 3: 7}


def test_a_dead_end_is_reported_until_the_blocking_die_is_taken_back():
    game = find(PEACEFUL, lone_one)
    one = game.dice.index(1)
    ui = controller_at(game)
    ui.tap_die(one)
    ui.tap_cell(5)
    assert ui.game.staged == {one: 5}
    assert ui.status() == Message("status.dead_end", alert=True)
    assert ui.highlighted() == ()  # the chosen die fits nowhere beside the 1
    ui.tap_cell(5)
    assert ui.game.staged == {}
    assert ui.status() == Message("status.place", {"count": 2})


# -- the turn's buttons: CONFIRM, UNDO, ROLL and ACCEPT out of turn --------------------------------
# CONFIRM ends the turn once the minimum is staged; UNDO takes the staged dice back; what the
# rules refuse comes back as an error message and changes nothing.
def test_confirm_before_the_minimum_is_refused_with_the_count():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.tap_cell(5)
    ui.press("confirm")
    assert ui.message == Message(
        "error.below-minimum", {"required": 2, "staged": 1, "count": 2}, alert=True
    )
    assert ui.game == game.apply("stage 0 5")


def test_confirm_commits_the_staged_dice_and_ends_the_turn():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.tap_cell(5)
    ui.tap_cell(6)
    ui.take_effects()
    ui.press("confirm")
    assert ui.game == game.play(["stage 0 5", "stage 1 6", "confirm"])
    assert (ui.game.board[5], ui.game.board[6]) == game.dice[:2]
    assert ui.game.phase is Phase.ROLL
    assert ui.selected is None
    # (a first visit: its first CONFIRM also ends the first-game guide, which says so)
    assert ui.take_effects() == ["confirmed", "guided"]
    assert ui.status() == Message("guide.done")
    ui.press("roll")
    assert ui.status().key != "guide.done"


def test_undo_takes_every_staged_die_back_and_keeps_the_chosen_one():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.tap_cell(5)
    ui.tap_cell(6)
    ui.press("undo")
    assert ui.game == game
    assert ui.selected == 2
    before = state(ui)
    ui.press("undo")  # nothing staged: nothing to do, nothing said
    assert state(ui) == before


def test_accepting_magdagdon_on_a_placeable_roll_is_refused():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.press("accept-magdagdon")
    assert ui.message == Message("error.roll-placeable", {}, alert=True)
    assert ui.game == game


def test_roll_in_the_middle_of_a_turn_is_refused():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.press("roll")
    assert ui.message == Message(
        "error.wrong-phase", {"verb": "roll", "phase": "placing"}, alert=True
    )
    assert ui.game == game


# -- Majda Powers: −1, +1 --------------------------------------------------------------------------
# −1 and +1 act on the chosen die and cost a power; the rules' refusals become messages.
def test_minus_and_plus_change_the_chosen_die_and_cost_a_power():
    game = find(PEACEFUL, lone_one)
    six = game.dice.index(6)
    ui = controller_at(game)
    ui.tap_die(six)
    ui.press("power-dec")
    assert ui.game == game.apply(f"dec {six}")
    assert ui.game.dice[six] == 5
    assert ui.selected == six
    assert ui.take_effects() == ["power"]
    ui.press("power-inc")
    assert ui.game.dice == game.dice
    assert ui.game.powers_used == 2


def test_a_die_stays_between_1_and_6():
    game = find(PEACEFUL, lone_one)
    six, one = game.dice.index(6), game.dice.index(1)
    ui = controller_at(game)
    ui.tap_die(six)
    ui.press("power-inc")
    assert ui.message == Message("error.power-out-of-range", {"die": six, "value": 6}, alert=True)
    ui.tap_die(one)
    ui.press("power-dec")
    assert ui.message == Message("error.power-out-of-range", {"die": one, "value": 1}, alert=True)
    assert ui.game == game
    assert ui.take_effects() == []


def test_nightmare_has_no_power_to_use():
    game = find(NIGHTMARE, chain)
    ui = controller_at(game)
    ui.press("power-dec")
    assert ui.message == Message("error.no-power-left", {"difficulty": "nightmare"}, alert=True)
    ui.press("power-reroll")
    assert ui.reroll is None
    assert ui.game == game


def test_powers_run_out_after_the_difficultys_allowance():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    for action in ("power-dec", "power-inc", "power-dec"):
        ui.press(action)
    assert ui.game == game.play(["dec 0", "inc 0", "dec 0"])
    assert ui.game.powers_left == 0
    ui.press("power-inc")
    assert ui.message == Message("error.no-power-left", {"difficulty": "peaceful"}, alert=True)
    ui.press("power-reroll")
    assert ui.reroll is None
    assert ui.game.powers_used == 3


# -- Majda Powers: choosing dice for REROLL --------------------------------------------------------
# REROLL opens a choice: taps on free dice toggle them, REROLL again (or GO) rerolls them
# together, an empty choice or CANCEL ends it; the board does not respond meanwhile.
def test_choosing_dice_for_reroll_then_rerolling_them_together():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.press("confirm")  # a message, which choosing clears
    ui.press("power-reroll")
    assert ui.reroll == set()
    assert ui.message is None
    assert ui.status() == Message("status.reroll")
    assert ui.highlighted() == ()
    ui.tap_die(0)
    ui.tap_die(2)
    ui.tap_die(0)
    assert ui.reroll == {2}
    ui.tap_die(1)
    ui.press("power-reroll")
    assert ui.game == game.apply("reroll 1 2")
    assert ui.game.dice[1:3] == roll_dice(game.seed, 0, 1, 2)
    assert ui.reroll is None
    assert ui.take_effects() == ["power"]
    assert ui.status() == Message("status.place", {"count": 2})


def test_reroll_go_rerolls_the_chosen_dice_and_waits_for_a_choice():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.press("power-reroll")
    ui.press("reroll-go")  # nothing chosen yet: still choosing
    assert ui.reroll == set()
    ui.tap_die(3)
    ui.press("reroll-go")
    assert ui.game == game.apply("reroll 3")
    assert ui.reroll is None


def test_reroll_pressed_again_with_nothing_chosen_ends_the_choice():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.press("power-reroll")
    ui.press("power-reroll")
    assert ui.reroll is None
    assert ui.game == game
    assert ui.status() == Message("status.place", {"count": 2})


def test_cancel_ends_the_choice_without_spending_a_power():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.press("power-reroll")
    ui.tap_die(1)
    ui.press("cancel")
    assert ui.reroll is None
    assert ui.game == game
    assert ui.selected == 0


def test_while_choosing_the_board_and_the_staged_dice_do_not_respond():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.tap_cell(5)
    staged = ui.game
    ui.press("power-reroll")
    ui.tap_cell(6)  # no staging
    ui.tap_cell(5)  # no taking back
    ui.tap_die(0)  # a staged die cannot be chosen
    assert ui.game == staged
    assert ui.reroll == set()
    ui.tap_die(2)
    ui.press("power-reroll")
    assert ui.game == staged.apply("reroll 2")
    assert ui.game.staged == {0: 5}


# -- MAGDAGDON and ruins ---------------------------------------------------------------------------
# A roll that cannot be placed: no die chosen, a status that says what can be done, powers on
# a tapped die, ACCEPT then a tap on an empty cell for the RUIN, CANCEL back.
@pytest.mark.parametrize(
    ("difficulty", "wanted", "help_key"),
    [
        (NIGHTMARE, first_magdagdon, "status.magdagdon.nopowers"),
        (PEACEFUL, hopeless_magdagdon, "status.magdagdon.powers"),
    ],
    ids=["no powers", "powers left"],
)
def test_a_magdagdon_roll_chooses_no_die_and_says_what_can_be_done(difficulty, wanted, help_key):
    game = find(difficulty, wanted)
    ui = controller_at(before_roll(game))
    ui.press("roll")
    assert ui.game == game
    assert ui.game.phase is Phase.MAGDAGDON
    assert ui.selected is None
    assert ui.highlighted() == ()
    assert ui.take_effects() == ["rolled"]
    assert ui.status() == Message("status.magdagdon", alert=True, detail=help_key)


def test_in_magdagdon_the_board_does_not_respond_but_a_die_is_chosen_for_a_power():
    game = find(PEACEFUL, hopeless_magdagdon)
    low = game.dice.index(min(game.dice))
    ui = controller_at(game)
    ui.tap_cell(empty_cells(game)[0])
    assert ui.game == game
    ui.tap_die(low)
    assert ui.selected == low
    ui.press("power-inc")
    assert ui.game == game.apply(f"inc {low}")
    assert ui.game.phase is Phase.MAGDAGDON
    assert ui.selected == low
    assert ui.take_effects() == ["power"]


def test_in_magdagdon_dice_are_rerolled_through_the_choice():
    game = find(PEACEFUL, hopeless_magdagdon)
    ui = controller_at(game)
    ui.press("power-reroll")
    ui.tap_die(0)
    ui.tap_die(3)
    ui.press("reroll-go")
    assert ui.game == game.apply("reroll 0 3")


def test_the_magdagdon_help_changes_when_the_last_power_is_spent():
    game = find(PEACEFUL, hopeless_magdagdon)
    low = game.dice.index(min(game.dice))
    ui = controller_at(game)
    ui.tap_die(low)
    for spent in range(1, PEACEFUL.powers + 1):
        ui.press("power-inc")
        assert ui.game.powers_used == spent
        assert ui.game.phase is Phase.MAGDAGDON
    assert ui.status().detail == "status.magdagdon.nopowers"
    ui.press("power-reroll")
    assert ui.reroll is None


def test_accept_then_choose_the_ruin_among_the_empty_cells():
    game = find(PEACEFUL, hopeless_magdagdon)
    ui = controller_at(game)
    ui.press("accept-magdagdon")
    assert ui.game.phase is Phase.RUIN
    assert ui.status() == Message("status.ruin")
    assert ui.highlighted() == empty_cells(game)
    taken = next(cell for cell, value in enumerate(game.board) if value > 0)
    ui.tap_cell(taken)
    assert ui.message == Message("error.cell-not-empty", {"cell": taken}, alert=True)
    assert ui.game.phase is Phase.RUIN
    ruin = empty_cells(game)[-1]
    ui.take_effects()
    ui.tap_cell(ruin)
    assert ui.game == game.play(["accept", f"ruin {ruin}"])
    assert ui.game.board[ruin] == RUIN
    assert ui.game.turn == game.turn + 1
    assert ui.take_effects() == ["ruined"]
    assert ui.message is None


def test_cancel_goes_back_from_choosing_the_ruin_to_magdagdon():
    game = find(PEACEFUL, hopeless_magdagdon)
    ui = controller_at(game)
    ui.press("accept-magdagdon")
    ui.press("cancel")
    assert ui.game == game
    assert ui.highlighted() == ()


def test_a_nightmare_magdagdon_ruins_any_cell_of_the_empty_board():
    game = find(NIGHTMARE, first_magdagdon)
    ui = controller_at(game)
    ui.press("accept-magdagdon")
    assert ui.highlighted() == tuple(range(CELLS))
    ui.tap_cell(10)
    assert ui.game.board_text == "..../..../..#./...."
    assert ui.game.phase is Phase.ROLL


def test_cancel_means_nothing_outside_the_choice_and_the_ruin():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.tap_cell(5)
    before = state(ui)
    ui.press("cancel")
    assert state(ui) == before


# -- a whole game, and its end ---------------------------------------------------------------------
# A game played to the end by taps: the over dialog, the recorded score, DETAILS, SHARE, and
# what is shared (die faces, the replay link).
def test_a_whole_game_played_by_taps_ends_on_the_over_dialog_and_is_recorded():
    ui = Controller(new_session(seed=3))
    effects = play_to_the_end(ui)
    game = ui.game
    assert game.is_over
    assert game == Game.new(PEACEFUL, 3).play(game.moves)
    assert effects[-1] == "over"
    assert effects.count("over") == 1
    assert effects[-2] in ("confirmed", "ruined")  # the last turn's end
    assert {"rolled", "staged", "confirmed"} <= set(effects)
    assert ui.dialog == "over"
    assert ui.selected is None
    assert ui.highlighted() == ()
    assert ui.status() == Message("status.over", {"score": game.score})
    [entry] = ui.session.history().best(PEACEFUL)
    assert (entry.score, entry.seed, entry.turns, entry.date) == (game.score, 3, game.turn, TODAY)
    assert ui.session.rank() == ui.session.rank() == 1
    assert ui.scores.best(PEACEFUL) == [entry] and ui.scores.best(NIGHTMARE) == []


def test_a_nightmare_game_with_magdagdon_turns_is_played_to_the_end_by_taps():
    seed = find(NIGHTMARE, first_magdagdon).seed
    ui = Controller(new_session(seed=seed, difficulty=NIGHTMARE))
    ui.press("scores")
    ui.press("scores-tab", "peaceful")
    ui.press("close")
    effects = play_to_the_end(ui)
    assert "ruined" in effects
    assert RUIN in ui.game.board
    assert ui.dialog == "over"
    assert ui.scores.tab is NIGHTMARE  # the table of the game just finished
    assert [e.score for e in ui.session.history().best(NIGHTMARE)] == [ui.game.score]


def test_after_the_end_details_reopens_the_over_dialog_and_share_asks_to_share():
    ui = Controller(new_session(seed=3))
    play_to_the_end(ui)
    ui.press("close")
    assert ui.dialog is None
    ui.press("details")
    assert ui.dialog == "over"
    ui.press("share")
    assert ui.take_effects() == ["share"]


def test_details_and_share_mean_nothing_before_the_end():
    ui = controller_at(find(PEACEFUL, chain))
    before = state(ui)
    ui.press("details")
    ui.press("share")
    assert state(ui) == before
    assert ui.take_effects() == []


def test_after_the_end_the_board_dice_and_undo_do_nothing_and_roll_is_refused():
    ui = Controller(new_session(seed=3))
    play_to_the_end(ui)
    ui.press("close")
    before = state(ui)
    ui.tap_cell(0)
    ui.tap_die(0)
    ui.press("undo")
    ui.press("power-reroll")
    assert state(ui) == before
    ui.press("roll")
    assert ui.message == Message("error.wrong-phase", {"verb": "roll", "phase": "over"}, alert=True)


def test_a_new_game_after_the_end_starts_at_once():
    ui = Controller(new_session(seed=3))
    play_to_the_end(ui)
    ui.press("new-game")
    assert ui.dialog is None
    assert ui.asked is None
    assert (ui.game.difficulty, ui.game.phase, ui.game.moves) == (PEACEFUL, Phase.ROLL, ())
    assert reload(ui).game == ui.game


# -- keys ------------------------------------------------------------------------------------------
# Keyboard shortcuts reach the same actions as the taps; other keys and keys while a dialog
# is open mean nothing here.
def test_number_keys_choose_dice_1_to_4():
    ui = controller_at(find(PEACEFUL, chain))
    for key in "4321":
        assert ui.key(key) is True
        assert ui.selected == int(key) - 1


def test_letter_keys_play_a_turn_whatever_their_case():
    game = find(PEACEFUL, chain)
    ui = controller_at(before_roll(game))
    assert ui.key("R") is True
    assert ui.game == game
    ui.tap_cell(5)
    ui.tap_cell(6)
    assert ui.key("c") is True
    assert ui.game == game.play(["stage 0 5", "stage 1 6", "confirm"])


@pytest.mark.parametrize("key", ["u", "U", "Backspace"])
def test_undo_keys_take_the_staged_dice_back(key):
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.tap_cell(5)
    assert ui.key(key) is True
    assert ui.game == game


@pytest.mark.parametrize(("key", "action"), [("-", "dec"), ("+", "inc"), ("=", "inc")])
def test_minus_and_plus_keys_use_the_power_on_the_chosen_die(key, action):
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.key("2")
    assert ui.key(key) is True
    assert ui.game == game.apply(f"{action} 1")


def test_x_opens_the_choice_number_keys_choose_and_escape_closes_it():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.key("x")
    ui.key("1")
    ui.key("4")
    assert ui.reroll == {0, 3}
    assert ui.key("Escape") is True
    assert ui.reroll is None
    ui.key("X")
    ui.key("2")
    ui.key("x")
    assert ui.game == game.apply("reroll 1")


def test_a_then_escape_then_a_and_a_tap_make_the_ruin():
    game = find(PEACEFUL, hopeless_magdagdon)
    ui = controller_at(game)
    ui.key("a")
    assert ui.game.phase is Phase.RUIN
    ui.key("Escape")
    assert ui.game == game
    ui.key("A")
    ui.tap_cell(empty_cells(game)[0])
    assert ui.game.board[empty_cells(game)[0]] == RUIN


def test_n_asks_before_ending_a_game_in_progress():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    assert ui.key("n") is True
    assert ui.dialog == "confirm-new"
    assert ui.game == game


@pytest.mark.parametrize(
    "key", ["q", "5", "0", "Shift", "ArrowUp", "Enter", " ", "", "Tab", "Unidentified"]
)
def test_other_keys_mean_nothing(key):
    ui = controller_at(find(PEACEFUL, chain))
    before = state(ui)
    assert ui.key(key) is False
    assert state(ui) == before


def test_keys_are_left_to_an_open_dialog():
    ui = Controller(new_session(seed=2))
    ui.press("rules")
    before = state(ui)
    for key in ("r", "1", "Escape", "n"):
        assert ui.key(key) is False
    assert state(ui) == before


# -- dialogs ---------------------------------------------------------------------------------------
# Dialogs open from their buttons and close; the scores tabs, language and update buttons.
@pytest.mark.parametrize("name", ["settings", "scores", "rules", "about", "gift"])
def test_a_dialog_opens_from_its_button_and_closes(name):
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.press(name)
    assert ui.dialog == name
    ui.press("close")
    assert ui.dialog is None
    assert ui.game == game
    assert ui.selected == 0


def test_only_known_dialogs_open():
    ui = Controller(new_session(seed=2))
    ui.open("nonsense")
    assert ui.dialog is None
    ui.open("about")
    ui.open("settings-and-more")
    assert ui.dialog == "about"


def test_the_scores_dialog_opens_on_the_games_difficulty_and_its_tabs_switch():
    ui = Controller(new_session(seed=2, difficulty=SURVIVAL))
    ui.press("scores")
    assert ui.scores.tab is SURVIVAL
    ui.press("scores-tab", "nightmare")
    assert ui.scores.tab is NIGHTMARE
    ui.press("scores-tab", "hard")
    ui.press("scores-tab", None)
    assert ui.scores.tab is NIGHTMARE
    ui.press("close")
    ui.press("scores")
    assert ui.scores.tab is SURVIVAL


def test_a_language_choice_is_saved_and_an_empty_one_follows_the_browser():
    ui = Controller(new_session(seed=2, difficulty=SURVIVAL))
    store = ui.session.records.store
    assert ui.settings.language == ""
    ui.press("language", "lt")
    assert ui.session.settings.language == ui.settings.language == "lt"
    assert json.loads(store.get(SETTINGS_KEY))["language"] == "lt"
    ui.press("language", "")
    assert ui.session.settings.language is None
    assert ui.settings.language == ""
    assert json.loads(store.get(SETTINGS_KEY)) == {
        "schema": 1,
        "difficulty": "survival",
        "language": None,
        "guided": False,  # (a first visit's flag, always stored)
    }


def test_update_asks_the_page_to_take_the_new_release():
    ui = controller_at(find(PEACEFUL, chain))
    before = state(ui)
    ui.press("update")
    assert ui.take_effects() == ["update"]
    assert state(ui) == before


# -- new games: NEW GAME, difficulty, replay -------------------------------------------------------
# A new game starts at once when none is in progress, else only after the player says yes.
def test_new_game_with_none_started_begins_at_once():
    ui = Controller(new_session(seed=2))
    ui.press("new-game")
    assert ui.dialog is None
    assert ui.game.seed != 2  # a fresh seed (drawn at random: a clash is one in 10**9)
    assert (ui.game.difficulty, ui.game.moves) == (PEACEFUL, ())


def test_new_game_during_a_game_asks_first_and_no_keeps_it():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.tap_cell(5)
    ui.press("new-game")
    assert ui.dialog == "confirm-new"
    assert ui.asked == Wish(PEACEFUL, None)
    ui.press("confirm-no")
    assert (ui.dialog, ui.asked) == (None, None)
    assert ui.game == game.apply("stage 0 5")
    assert ui.selected == 1


def test_new_game_confirmed_replaces_the_game_in_progress():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.press("power-reroll")
    ui.tap_die(0)
    ui.press("new-game")
    ui.press("confirm-yes")
    assert (ui.dialog, ui.asked, ui.reroll, ui.selected, ui.message) == (None,) * 5
    assert (ui.game.difficulty, ui.game.phase, ui.game.moves) == (PEACEFUL, Phase.ROLL, ())
    assert ui.game.seed != game.seed
    assert reload(ui).game == ui.game


def test_closing_the_question_keeps_the_game():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.press("difficulty", "nightmare")
    ui.press("close")
    assert (ui.dialog, ui.asked) == (None, None)
    assert ui.game == game


def test_choosing_the_same_difficulty_changes_nothing():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.press("settings")
    before = state(ui)
    ui.press("difficulty", "Peaceful")
    ui.press("difficulty", "hard")
    assert state(ui) == before


def test_choosing_another_difficulty_with_no_game_started_switches_at_once():
    ui = Controller(new_session(seed=2))
    ui.press("settings")
    ui.press("difficulty", "nightmare")
    assert ui.dialog is None
    assert ui.game.difficulty is NIGHTMARE
    assert ui.scores.tab is NIGHTMARE
    assert ui.session.settings.difficulty is NIGHTMARE
    assert reload(ui).game == ui.game


def test_choosing_another_difficulty_mid_game_asks_first():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.press("difficulty", "survival")
    assert (ui.dialog, ui.asked) == ("confirm-new", Wish(SURVIVAL, None))
    assert ui.game == game
    assert ui.session.settings.difficulty is PEACEFUL
    ui.press("confirm-yes")
    assert (ui.game.difficulty, ui.game.moves) == (SURVIVAL, ())
    assert ui.session.settings.difficulty is SURVIVAL
    assert ui.scores.tab is SURVIVAL


def test_replay_starts_that_seeds_game_at_once_when_none_is_started():
    ui = Controller(new_session(seed=2))
    ui.press("replay", "nightmare:42")
    assert ui.game == Game.new(NIGHTMARE, 42)
    assert ui.dialog is None


def test_replay_mid_game_asks_first_then_deals_the_same_dice():
    ui = controller_at(find(PEACEFUL, chain))
    ui.press("replay", "survival:42")
    assert (ui.dialog, ui.asked) == ("confirm-new", Wish(SURVIVAL, 42))
    ui.press("confirm-yes")
    assert ui.game == Game.new(SURVIVAL, 42)
    ui.press("roll")
    assert ui.game.dice == roll_dice(42, 0, 0, 4)


@pytest.mark.parametrize(
    "value", ["nightmare", "nightmare:", "nightmare:x", "hard:42", ":42", None]
)
def test_a_malformed_replay_is_ignored(value):
    ui = controller_at(find(PEACEFUL, chain))
    before = state(ui)
    ui.press("replay", value)
    assert state(ui) == before


def test_confirm_yes_with_no_question_asked_starts_nothing():
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.press("confirm-yes")
    assert ui.game == game
    ui.open("confirm-new")  # the dialog without a question behind it
    ui.press("confirm-yes")
    assert ui.game == game
    assert ui.dialog is None


# -- a game asked for by the URL, the birthday card ------------------------------------------------
# A URL game never replaces a game in progress silently; the gift card comes before the
# question.
def url_controller(*, gift: bool = False) -> tuple[Controller, Game]:
    """A game in progress, then the page opened again on ``?seed=43&difficulty=nightmare``."""
    store = MemoryStore()
    first = new_session(store, seed=42)
    first.apply("roll")
    ui = Controller(new_session(store, seed=43, difficulty=NIGHTMARE), gift=gift)
    return ui, first.game


def test_a_url_game_while_one_is_in_progress_is_asked_about_first():
    ui, game = url_controller()
    assert ui.dialog == "confirm-url"
    assert ui.game == game
    assert ui.selected == 0  # the game behind the question is ready to play on


def test_the_renderer_is_told_the_difficulty_of_the_url_game_waiting_for_an_answer():
    ui, _ = url_controller()
    assert ui.games.pending().difficulty is NIGHTMARE
    ui.press("confirm-no")
    assert ui.games.pending().difficulty is None


def test_yes_to_the_url_game_starts_it():
    ui, _ = url_controller()
    ui.press("confirm-yes")
    assert ui.dialog is None
    assert ui.game == Game.new(NIGHTMARE, 43)
    assert ui.session.pending is None
    assert ui.session.settings.difficulty is NIGHTMARE
    assert ui.scores.tab is NIGHTMARE


@pytest.mark.parametrize("answer", ["confirm-no", "close"])
def test_no_to_the_url_game_keeps_playing_the_saved_one(answer):
    ui, game = url_controller()
    ui.press(answer)
    assert ui.dialog is None
    assert ui.game == game
    assert ui.session.pending is None
    assert ui.session.settings.difficulty is PEACEFUL
    assert reload(ui).dialog is None


def test_the_birthday_card_comes_first_and_the_url_question_waits_behind_it():
    ui, game = url_controller(gift=True)
    assert ui.dialog == "gift"
    ui.press("close")
    assert ui.dialog == "confirm-url"
    ui.press("close")
    assert ui.dialog is None
    assert ui.game == game


def test_the_birthday_card_alone_closes_onto_the_game():
    ui = Controller(new_session(seed=2), gift=True)
    assert ui.dialog == "gift"
    ui.press("close")
    assert ui.dialog is None
    ui.press("gift")  # ABOUT shows the card again
    assert ui.dialog == "gift"


# -- two tabs --------------------------------------------------------------------------------------
# Another tab's storage event: this tab follows its game, says so, ends its own choices.
def two_tabs(seed: int = 2) -> tuple[Controller, Session]:
    """This tab's controller after ROLL, and another tab's session over the same store."""
    store = MemoryStore()
    here = Controller(new_session(store, seed=seed))
    here.press("roll")
    here.take_effects()
    return here, new_session(store)


def test_this_tab_follows_the_other_tabs_move_and_says_so():
    here, there = two_tabs()
    there.apply("stage 0 5")
    assert here.games.follow(GAME_KEY) is True
    assert here.game == there.game
    assert here.status() == Message("notice.other-tab")
    assert here.selected == 1
    assert here.games.follow(GAME_KEY) is False  # nothing new


def test_taps_kept_for_a_board_that_changed_are_dropped_with_a_word_and_nothing_else():
    # (the page's first frame showed a board another tab has moved on from since)
    here, there = two_tabs()
    there.apply("stage 0 5")
    here.games.follow(GAME_KEY)
    before = state(here)
    here.games.dropped()
    assert here.status() == Message("status.dropped", alert=True)
    after = state(here)
    assert after[:4] + after[5:] == before[:4] + before[5:]  # all but the message as it was
    assert here.game == there.game


def test_following_ends_this_tabs_reroll_choice():
    here, there = two_tabs()
    here.press("power-reroll")
    here.tap_die(2)
    there.apply("stage 0 5")
    assert here.games.follow(GAME_KEY) is True
    assert here.reroll is None
    assert here.selected == 1


def test_nothing_new_from_the_other_tab_changes_nothing_here():
    here, _ = two_tabs()
    here.press("confirm")  # an error message, which must stay
    before = state(here)
    assert here.games.follow(GAME_KEY) is False
    assert here.games.follow(SETTINGS_KEY) is False
    assert state(here) == before


@pytest.mark.parametrize(
    ("name", "stays"),
    [("settings", True), ("scores", True), ("rules", True), ("about", True), ("new-game", False)],
)
def test_following_closes_only_the_questions_about_the_old_game(name, stays):
    here, there = two_tabs()
    here.press(name)
    opened = here.dialog
    assert opened is not None
    there.apply("stage 0 5")
    here.games.follow(GAME_KEY)
    assert here.dialog == (opened if stays else None)


def test_a_new_game_in_the_other_tab_closes_the_over_dialog_here(store):
    here = Controller(new_session(store, seed=3))
    play_to_the_end(here)
    assert here.dialog == "over"
    new_session(store).new_game(SURVIVAL, 9)
    assert here.games.follow(GAME_KEY) is True
    assert here.dialog is None
    assert here.game == Game.new(SURVIVAL, 9)


def test_a_game_finished_in_the_other_tab_opens_the_over_dialog_here():
    here, there = two_tabs(seed=3)
    elsewhere = Controller(there)
    play_to_the_end(elsewhere)
    assert here.games.follow(best_key(PEACEFUL)) is False  # the score is written before the game
    assert here.games.follow(GAME_KEY) is True
    assert here.game == elsewhere.game
    assert here.dialog == "over"
    assert here.selected is None
    assert here.session.history().best(PEACEFUL)[0].score == here.game.score


def test_following_answers_the_url_question():
    ui, _ = url_controller()
    there = new_session(ui.session.records.store)
    there.apply("stage 0 5")
    assert ui.games.follow(GAME_KEY) is True
    assert ui.dialog is None
    assert ui.session.pending is None


def test_a_score_saved_by_the_other_tab_is_merged_without_changing_the_game():
    here, there = two_tabs()
    row = Entry(321, TODAY, 16, 1, seed=5).to_dict()  # a tab of an older release saved it
    there.records.store.set(best_key(SURVIVAL), json.dumps({"schema": 1, "entries": [row]}))
    before = state(here)
    assert here.games.follow(best_key(SURVIVAL)) is False
    assert state(here) == before
    assert [e.score for e in here.session.history().best(SURVIVAL)] == [321]


def test_a_cleared_store_keeps_this_tabs_game():
    here, _ = two_tabs()
    here.session.records.store.data.clear()
    before = state(here)
    assert here.games.follow(None) is False
    assert state(here) == before


# -- regressions -----------------------------------------------------------------------------------
# Named after the commits that fixed bugs found by the browser monkey test (and an engine
# fix reached through taps).
@pytest.mark.parametrize("key", ["-", "+", "="])
def test_regression_8104aa1_power_keys_do_nothing_while_choosing_dice_for_reroll(key):
    """8104aa1 (monkey test, seed 975814): −1/+1 pressed while choosing dice for REROLL spent
    the only SURVIVAL power, the choice stayed open, and REROLL was then refused."""
    game = find(SURVIVAL, chain)
    ui = controller_at(game)
    ui.press("power-reroll")
    ui.tap_die(1)
    assert ui.key(key) is False, "the key did nothing"
    ui.press("power-dec")
    ui.press("power-inc")
    assert ui.game == game
    assert ui.reroll == {1}
    assert ui.take_effects() == []
    ui.press("power-reroll")
    assert ui.game == game.apply("reroll 1")
    assert ui.message is None


def test_regression_8104aa1_the_reroll_choice_ends_when_no_power_is_left():
    """8104aa1: once no power is left, the controller ends the REROLL choice at the next
    change it sees, however the power went (here: spent through the session behind the
    controller's back, the state the unfixed −1 key left behind)."""
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.tap_cell(5)
    ui.press("power-reroll")
    ui.tap_die(1)
    for action in ("inc 2", "dec 2", "inc 2"):
        ui.session.apply(action)
    assert not ui.game.can_use_power
    ui.press("undo")
    assert ui.reroll is None
    assert ui.status() == Message("status.place", {"count": 2})
    ui.press("power-reroll")
    assert ui.reroll is None


def test_regression_7746121_a_dialog_reopened_at_once_is_the_one_open():
    """7746121 (monkey test, seeds 975814 and 407034; fixed in web/app.py): a dialog's close
    event can arrive after the dialog was opened again, and the page drops it unless
    ``ui.dialog`` still names that dialog. The controller's side: ``dialog`` names exactly the
    dialog open now, through every quick close and reopen."""
    ui = Controller(new_session(seed=3))
    ui.press("settings")
    ui.press("close")
    ui.press("settings")
    assert ui.dialog == "settings"
    ui.press("scores")  # another dialog replaces it: a late close of settings is stale
    assert ui.dialog == "scores"
    ui.press("close")
    play_to_the_end(ui)
    ui.press("close")
    ui.press("details")
    assert ui.dialog == "over"
    ui.press("close")
    assert ui.dialog is None


def phase_cases() -> dict[str, Controller]:
    """A controller in each phase of the game."""
    rolling = Controller(new_session(seed=2))
    ruin = controller_at(find(PEACEFUL, hopeless_magdagdon))
    ruin.press("accept-magdagdon")
    over = Controller(new_session(seed=3))
    play_to_the_end(over)
    over.press("close")
    return {
        "roll": rolling,
        "placing": controller_at(find(PEACEFUL, chain)),
        "magdagdon": controller_at(find(PEACEFUL, hopeless_magdagdon)),
        "ruin": ruin,
        "over": over,
    }


@pytest.mark.parametrize("phase", ["roll", "placing", "magdagdon", "ruin", "over"])
def test_regression_3548840_inputs_that_name_no_control_change_nothing(phase):
    """3548840 (monkey test, seed 41515 step 36; fixed in web/app.py): a tap outside any
    control, or a key with nothing focused, raised. The controller's side: dice that do not
    exist, actions it does not know (``dismiss`` is the page's own) and keys that mean nothing
    never raise and change nothing, in every phase."""
    ui = phase_cases()[phase]
    assert ui.game.phase.value == phase
    ui.take_effects()
    before = state(ui)
    for die in (-1, 4, 99):
        ui.tap_die(die)
    for action in ("", "nonsense", "dismiss", "close-all", "press"):
        ui.press(action)
        ui.press(action, "1")
    for key in ("", "Unidentified", "Dead", "F5"):
        assert ui.key(key) is False
    assert state(ui) == before
    assert ui.take_effects() == []


def test_regression_3d52e51_taking_back_a_die_on_a_numberless_board_keeps_the_larger_group():
    """3d52e51: taking back the second of four dice staged in a row on a board with no number
    kept the first die (and sent back the two that no longer touched it); the larger
    connected group stays."""
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    for cell in (4, 5, 6, 7):
        ui.tap_cell(cell)
    ui.tap_cell(5)
    assert ui.game.staged == {2: 6, 3: 7}
    assert ui.selected == 1


def test_a_refused_roll_keeps_the_chosen_die():
    # A ROLL tapped while Python starts on a game resumed mid-turn is pressed on a game that is
    # already placing: it is refused, and the die the player chose stays chosen.
    game = find(PEACEFUL, chain)
    ui = controller_at(game)
    ui.tap_die(2)
    chosen, lit = ui.selected, ui.highlighted()
    assert chosen == 2 and lit
    ui.press("roll")
    ui.key("r")
    assert ui.message.key == "error.wrong-phase"
    assert (ui.selected, ui.highlighted()) == (chosen, lit)
    ui.tap_cell(lit[0])
    assert ui.game.placements and ui.game.placements[-1] == (chosen, lit[0])


def test_each_part_is_the_controller_attribute_it_is_declared_as():
    # The controller sets one attribute per part, named after it; its class declares each (so
    # that a type checker knows ``ui.play`` is the Play part): the two agree.
    ui = Controller(new_session())
    declared = typing.get_type_hints(Controller)
    made = {type(part).__name__.lower(): type(part) for part in ui.parts}
    assert declared == made
    assert all(getattr(ui, name) is part for name, part in zip(made, ui.parts, strict=True))
