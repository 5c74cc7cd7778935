"""Taps made as a person makes them, and work that lands later (magdagdon/ui/): a tap acts on
what was on screen when the finger touched (no button takes another's place under it), and
nothing worked out in the background lands on a game it was not started for (the coach's
hint, its score at game over, the review, another tab's game, the watched game)."""

from __future__ import annotations

import pytest

from magdagdon.daily import DIFFICULTY, daily_seed
from magdagdon.game import Game
from magdagdon.records import GAME_KEY, MemoryStore
from magdagdon.rules import Difficulty
from magdagdon.session import Session
from magdagdon.ui import Controller, Message
from magdagdon.ui.controls import GUARD_MS, HELD, Held
from magdagdon.ui.hints import FINGER_STEPS

from .greedy import stage_minimum
from .test_hints import coach_alone, finished, play_out
from .test_ui import TODAY, controller_at, new_session

#: The issue's game: SURVIVAL, dice 3 6 2 5; she stages die 0 on cell 11 and die 2 on cell 10.
SEED = 4044009392953130
HERS = ("stage 0 11", "stage 2 10")


def staged_by_her() -> Controller:
    game = Game.new(Difficulty.SURVIVAL, SEED).apply("roll")
    for move in HERS:
        game = game.apply(move)
    ui = controller_at(game)
    ui.take_effects()
    return ui


def landed(ui: Controller, at: float = 1000.0) -> Controller:
    """HINT tapped and drawn, then its hint worked out and drawn at ``at`` (the page's clock)."""
    ui.drawn(at - 500)
    assert ui.press("hint", at=at - 500)
    ui.drawn(at - 500)
    assert ui.hints.think() is True
    ui.drawn(at)
    ui.take_effects()
    return ui


def worked_out(steps) -> None:
    """The hint's steps run until the coach has worked it out (the first step after which the
    page lets the taps made meanwhile in before the hint lands)."""
    while next(steps) is not True:
        pass


# -- a tap acts on what was on screen when the finger touched ------------------------------------
def test_confirm_tapped_while_the_coach_is_still_thinking_stops_it_and_confirms_her_dice():
    ui = staged_by_her()
    ui.press("hint")
    steps = ui.hints.think_steps()
    assert next(steps) is False, "the coach thinks in steps (SURVIVAL: its powers weighed)"
    assert ui.press("confirm") is True
    assert list(steps) == [], "it stops at once"
    assert ui.hint is None and ui.game.hints == 0 and ui.game.turn == 1


def test_confirm_tapped_while_the_coach_thinks_confirms_her_dice_and_drops_the_hint():
    ui = staged_by_her()
    ui.press("hint")
    steps = ui.hints.think_steps()
    worked_out(steps)  # the coach has worked it out; the page lets the queued taps in first
    assert ui.controls().actions["confirm"].shown, "CONFIRM stays where it was until it lands"
    assert ui.press("confirm") is True
    assert ui.game.turn == 1
    with pytest.raises(StopIteration) as end:
        next(steps)
    assert end.value.value is False
    assert ui.hint is None and ui.game.hints == 0
    assert [m for m in ui.game.moves if m != "roll"] == [*HERS, "confirm"]
    assert ui.status() != Message("status.thinking")


def test_a_hint_worked_out_waits_for_the_finger_on_the_screen_then_gives_way_to_its_tap():
    ui = staged_by_her()
    ui.press("hint")
    steps = ui.hints.think_steps()
    worked_out(steps)
    ui.touched()  # her finger is down on CONFIRM; its click is not handled yet
    for _ in range(FINGER_STEPS - 1):
        assert next(steps) is True, "the page lets the taps in before each"
        assert ui.hint is None and ui.controls().actions["confirm"].shown, "nothing lands"
    ui.touched(False)
    assert ui.press("confirm")
    assert list(steps) == [] and ui.hint is None and ui.game.hints == 0
    assert ui.game.turn == 1


def test_a_finger_left_down_does_not_hold_the_hint_back_for_ever():
    ui = staged_by_her()
    ui.press("hint")
    ui.touched()
    assert ui.hints.think() is True


@pytest.mark.parametrize("later", [0.0, 60.0, 150.0, 300.0, 399.0])
def test_play_it_ignores_a_tap_within_the_guard_time_of_taking_confirms_place(later):
    ui = landed(staged_by_her())
    before = ui.game
    assert ui.controls().actions["apply-hint"].shown
    assert ui.press("apply-hint", at=1000.0 + later) is True
    assert ui.game == before and ui.hint is not None, "her placement and the hint both stay"
    assert ui.status() == HELD and HELD.alert
    assert ui.take_effects() == [Held("apply-hint")]


def test_a_tap_that_touched_before_play_it_appeared_is_not_taken_for_it():
    ui = landed(staged_by_her())
    before = ui.game
    assert ui.press("apply-hint", at=990.0)
    assert ui.game == before


def test_play_it_plays_once_the_guard_time_is_over_and_its_key_at_once():
    ui = landed(staged_by_her())
    assert ui.press("apply-hint", at=1000.0 + GUARD_MS) is True
    assert ui.game.turn == 1 and ui.game.hints == 1
    keyed = landed(staged_by_her())
    assert keyed.key("p") is True, "a key is no finger on a moving button"
    assert keyed.game.turn == 1


def test_a_button_the_players_own_tap_brings_is_not_held():
    ui = staged_by_her()
    ui.drawn(0.0)
    assert ui.press("confirm", at=10.0)
    ui.drawn(20.0)  # ROLL in CONFIRM's place, by her own tap
    assert ui.press("roll", at=30.0)
    assert ui.game.phase.value == "placing"


def test_play_it_in_the_place_of_a_confirm_that_could_not_be_pressed_plays_at_once():
    # nothing staged: CONFIRM was shown disabled, no finger aimed at it could have acted
    ui = landed(controller_at(Game.new(Difficulty.SURVIVAL, SEED).apply("roll")))
    assert ui.press("apply-hint", at=1010.0) is True
    assert ui.game.turn == 1 and ui.game.hints == 1


def test_a_button_another_tab_brings_is_held():
    store = MemoryStore()
    here = Controller(new_session(store, seed=2))
    here.press("roll")
    here.drawn(0.0)
    there = new_session(store)
    for die, cell in stage_minimum(there.game).placements:
        there.apply(f"stage {die} {cell}")
    there.apply("confirm")
    assert here.games.follow(GAME_KEY)
    here.drawn(100.0)  # ROLL where CONFIRM was, by no tap of hers
    before = here.game
    assert here.press("roll", at=150.0) is True
    assert here.game == before and here.status() == HELD
    assert here.press("roll", at=100.0 + GUARD_MS)
    assert here.game.phase.value == "placing"


# -- work never lands on a game it was not asked for ---------------------------------------------
def two_tabs(seed: int) -> tuple[Controller, Controller]:
    store = MemoryStore()
    first = Controller(new_session(store, seed=seed, difficulty=Difficulty.PEACEFUL))
    first.press("roll")
    second = Controller(new_session(store))
    assert second.game == first.game
    return first, second


@pytest.mark.parametrize("seed", [32, 33, 34, 57])
def test_a_hint_on_show_is_dropped_when_the_other_tab_changes_the_game(seed):
    first, second = two_tabs(seed)
    assert first.press("hint") and first.hints.think()
    hint = first.hint
    assert hint is not None
    second.games.follow(GAME_KEY)  # (the hint's own move)
    hinted = set(hint.dice)
    die = next(d for d in second.game.available if d not in hinted)
    cell = next(c for c in second.game.legal[die] if c not in hint.ghosts)
    second.tap_die(die)
    second.tap_cell(cell)
    assert first.games.follow(GAME_KEY) is True
    assert first.hint is None, "the old hint is not shown on the changed board"
    assert first.view().hint is None
    assert not first.controls().actions["apply-hint"].shown
    followed = first.game
    assert first.press("apply-hint") is False
    assert first.game == followed, "no turn mixing her die with the coach's old move"


def test_a_hint_under_way_is_dropped_when_the_other_tab_changes_the_game():
    first, second = two_tabs(34)
    first.press("hint")
    steps = first.hints.think_steps()
    next(steps)
    die = second.game.available[0]
    second.tap_die(die)
    second.tap_cell(second.game.legal[die][0])
    first.games.follow(GAME_KEY)
    assert list(steps) == [] and first.hint is None and first.hints.thinking is None
    assert first.game.hints == 0


def a_daily_and_the_same_game_typed() -> Controller:
    """The daily roll of the day on screen, rolled, and an ordinary game in progress that is
    the very same game (its seed typed into a link), rolled too."""
    seed = daily_seed(TODAY)
    session = Session(MemoryStore(), today=lambda: TODAY, seed=seed, difficulty=DIFFICULTY)
    session.apply("roll")
    ui = Controller(session)
    ui.press("daily")
    ui.press("roll")
    return ui


def test_a_hint_asked_in_the_daily_never_lands_on_the_same_game_elsewhere():
    ui = a_daily_and_the_same_game_typed()
    assert ui.session.day == TODAY
    ui.press("hint")
    ui.press("daily")  # back to the ordinary game: the same dice, the same moves
    assert ui.session.day is None
    assert ui.game == Game.new(DIFFICULTY, daily_seed(TODAY)).apply("roll")
    assert ui.hints.think() is False
    assert ui.hint is None and ui.game.hints == 0


def test_a_hint_asked_before_a_switch_and_back_is_dropped():
    ui = a_daily_and_the_same_game_typed()
    ui.press("hint")
    ui.press("daily")
    ui.press("daily")  # and back to the daily before the coach is done
    assert ui.session.day == TODAY
    assert ui.hints.think() is False
    assert ui.game.hints == 0


def test_a_hint_on_show_goes_with_a_switch_of_game():
    ui = a_daily_and_the_same_game_typed()
    ui.press("hint")
    assert ui.hints.think()
    ui.session.show_game()  # (behind the controller's back)
    assert ui.hint is None and ui.press("apply-hint") is False


def test_the_coach_score_lands_with_the_game_it_was_worked_out_for_only():
    ui = finished()
    game = ui.game
    steps = ui.hints.coach_steps()
    next(steps)
    ui.press("daily")  # another game on screen before the coach is done
    ui.press("daily")  # and back
    list(steps)
    assert ui.game == game
    assert ui.session.coach is None and ui.hints.coach_wanted, "asked again, not taken stale"
    [played] = ui.session.history().records
    assert played.coach == coach_alone("survival", 4), "its record has it all the same"
    list(ui.hints.coach_steps())
    assert ui.session.coach == coach_alone("survival", 4)


def test_the_coach_score_of_a_game_the_other_tab_replaced_stays_off_screen():
    store = MemoryStore()
    ui = Controller(new_session(store, seed=4, difficulty=Difficulty.SURVIVAL))
    play_out(ui)
    steps = ui.hints.coach_steps()
    next(steps)
    other = new_session(store)
    other.new_game(Difficulty.SURVIVAL, 5)
    assert ui.games.follow(GAME_KEY)
    list(steps)
    assert ui.session.coach is None and ui.game.turn == 0


def test_the_review_steps_stop_when_another_review_or_game_takes_over():
    ui = finished()
    list(ui.hints.coach_steps())
    ui.press("details")
    ui.press("review", "over")
    first = ui.review.review
    steps = ui.review.steps()
    next(steps)
    priced = len(first.decisions)
    ui.press("new-game")  # another game on screen
    assert list(steps) == [] and len(first.decisions) == priced
    assert ui.review.review is None and ui.dialog != "review"


def test_the_watched_game_stops_when_its_dialog_closes():
    ui = finished()
    list(ui.hints.coach_steps())
    ui.press("watch", "game:1")
    assert ui.dialog == "watch"
    ui.press("watch-play")
    ui.press("close")
    assert ui.watch.tick() is False and ui.watch.watched is None
