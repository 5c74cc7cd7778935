"""HINT in the controller (magdagdon/ui/hints.py + magdagdon/hints.py): asking shows that the
coach thinks, the hint is worked out after, shown on the board (ghost dice, marked dice, the ruin),
counted in the game and its record, played exactly by "Play it", dismissed by anything else;
and the coach's score on the player's dice once a game is over, kept with the game and its
record. The coach itself (magdagdon/coach.py) is tested in test_coach.py."""

from __future__ import annotations

import functools
import json
import random

import pytest

from bench.floor.players import random_game
from magdagdon.coach import explain, suggest
from magdagdon.game import Game, Phase
from magdagdon.hints import Hint, hint_for
from magdagdon.records import Entry, best_key
from magdagdon.rules import Difficulty
from magdagdon.ui import Controller, Message

from .catalogues import CATALOGS
from .controllers import controller_at, state
from .greedy import end_turn, stage_minimum
from .sessions import new_session, reload


def placing(difficulty: str = "peaceful", seed: int = 2, turns: int = 2) -> Game:
    game = Game.new(difficulty, seed)
    for _ in range(turns):
        game = end_turn(game)
    game = game.apply("roll")
    assert game.phase is Phase.PLACING
    return game


def magdagdon(difficulty: str) -> Game:
    """A MAGDAGDON reached by greedy play, the first of its seed order."""
    for seed in range(500):
        game = Game.new(difficulty, seed)
        while not game.is_over:
            game = game.apply("roll")
            if game.phase is Phase.MAGDAGDON:
                return game
            game = end_turn(game)
    raise LookupError(difficulty)


def hinted(game: Game) -> Controller:
    ui = controller_at(game)
    assert ui.press("hint") is True
    assert ui.hints.think() is True
    return ui


# -- asking ----------------------------------------------------------------------------------------
def test_hint_shows_the_coach_thinks_then_the_hint_once_worked_out():
    game = placing()
    ui = controller_at(game)
    assert ui.controls().actions["hint"].enabled
    ui.press("hint")
    assert ui.take_effects() == ["think"]
    assert ui.status() == Message("status.thinking")
    assert not ui.controls().actions["hint"].enabled, "one question at a time"
    assert ui.hint is None and ui.game == game, "nothing is decided before the coach thinks"
    assert ui.hints.think() is True
    assert ui.take_effects() == ["hinted"]
    assert ui.hint == hint_for(game)
    assert ui.hint.actions == tuple(suggest(game))
    assert ui.status().key == ui.hint.say.key == "hint.place"
    assert ui.game.hints == 1 and ui.game.moves[-1] == "hint"
    table = ui.controls().actions
    assert not table["hint"].shown and table["apply-hint"].shown and table["apply-hint"].enabled


def test_while_a_hint_is_shown_no_cell_is_highlighted_but_a_tap_still_stages():
    game = placing()
    ui = hinted(game)
    cells = ui.controls().cells
    assert not any(c.marked for c in cells) and ui.highlighted() == ()
    target = game.legal[ui.selected][0]
    assert cells[target].enabled
    die = ui.selected
    ui.tap_cell(target)
    assert ui.hint is None
    assert ui.game == game.apply("hint").apply(f"stage {die} {target}")


def test_the_ghost_dice_are_the_values_the_hint_stages_on_legal_cells():
    game = placing()
    hint = hint_for(game)
    staged = [tuple(map(int, a.split()[1:])) for a in hint.actions if a.startswith("stage")]
    assert hint.ghosts == {cell: game.dice[die] for die, cell in staged}
    assert hint.dice == frozenset(die for die, _ in staged)
    shown = game
    for die, cell in staged:
        assert cell in shown.legal[die]
        shown = shown.apply(f"stage {die} {cell}")


def test_a_tap_before_the_coach_thinks_wins_and_the_hint_is_dropped():
    game = placing()
    ui = controller_at(game)
    ui.press("hint")
    cell = game.legal[ui.selected][0]
    ui.tap_cell(cell)  # the player went on
    assert ui.hints.think() is False
    assert ui.hint is None and ui.game.hints == 0
    assert ui.status() != Message("status.thinking")


def test_asking_twice_while_thinking_is_refused():
    ui = controller_at(placing())
    ui.press("hint")
    before = state(ui)
    assert ui.press("hint") is False
    assert state(ui) == before


@pytest.mark.parametrize("phase", ["roll", "over", "choosing"])
def test_no_hint_outside_a_decision(phase):
    game = placing()
    if phase == "roll":
        game = Game.new("peaceful", 2)
    elif phase == "over":
        while not game.is_over:
            game = end_turn(game)
    ui = controller_at(game)
    if phase == "choosing":
        ui.press("power-reroll")
    control = ui.controls().actions["hint"]
    assert not control.shown and not control.enabled
    assert ui.press("hint") is False and ui.key("h") is False


# -- playing it or not -----------------------------------------------------------------------------
def test_play_it_plays_exactly_the_hint():
    game = placing()
    ui = hinted(game)
    actions = ui.hint.actions
    ui.press("apply-hint")
    assert ui.hint is None
    assert ui.game == game.apply("hint").play(actions)
    effects = ui.take_effects()
    assert effects.count("staged") == sum(a.startswith("stage") for a in actions)
    assert "confirmed" in effects


@pytest.mark.parametrize(
    "what", ["tap a die", "tap a cell", "key", "undo", "settings", "power-reroll"]
)
def test_anything_else_dismisses_the_hint(what):
    game = placing()
    ui = hinted(game)
    if what == "tap a die":
        ui.tap_die(game.available[-1])
    elif what == "tap a cell":
        ui.tap_cell(game.legal[ui.selected][0])
    elif what == "key":
        ui.key("1")
    else:
        ui.press(what)
    assert ui.hint is None
    assert not ui.controls().actions["apply-hint"].shown


def test_keys_h_and_p_ask_and_play():
    game = placing()
    ui = controller_at(game)
    assert ui.key("h") is True
    ui.hints.think()
    actions = ui.hint.actions
    assert ui.key("P") is True
    assert ui.game == game.apply("hint").play(actions)


def test_a_hint_in_magdagdon_ruins_or_rescues_and_says_so():
    game = magdagdon("nightmare")  # no power: accept and ruin
    ui = hinted(game)
    hint = ui.hint
    assert hint.actions[0] == "accept" and hint.actions[-1].startswith("ruin ")
    assert hint.ruin == int(hint.actions[-1].split()[1])
    assert hint.say.key == "hint.ruin"
    assert hint.say.params == {"row": hint.ruin // 4 + 1, "column": hint.ruin % 4 + 1}
    ui.press("apply-hint")
    assert ui.game.board[hint.ruin] == -1
    assert ui.game.phase in (Phase.ROLL, Phase.OVER)


@functools.cache
def swept() -> tuple[tuple[Game, Hint], ...]:
    """The coach's hint at each decision of random games of every difficulty (powers and
    MAGDAGDONs among them), asked before the player did anything."""
    found = []
    for seed in range(4):
        for difficulty in Difficulty:
            played = random_game(Game.new(difficulty, seed), random.Random(seed), change=0.0)
            game = Game.new(difficulty, seed)
            for move in played.moves:
                if game.phase in (Phase.PLACING, Phase.MAGDAGDON) and not game.placements:
                    found.append((game, hint_for(game)))
                game = game.apply(move)
    return tuple(found)


def test_the_status_line_and_the_line_on_why_say_what_the_hint_does():
    english = CATALOGS["en"]
    seen = set()
    for game, hint in swept():
        verbs = {action.split()[0] for action in hint.actions}
        if hint.ruin is not None:
            row, column = divmod(hint.ruin, 4)
            say = Message("hint.ruin", {"row": row + 1, "column": column + 1})
            why = f"hint.why.ruin.{explain(game, list(hint.actions))[1]['reason']}"
        elif "reroll" in verbs:
            say, why = Message("hint.reroll"), "hint.why.power-reroll"
        elif verbs & {"dec", "inc"}:
            say, why = Message("hint.change"), "hint.why.power-change"
        else:
            say, why = Message("hint.place"), None
        assert hint.say == say and hint.why == why
        if why is not None and why.startswith("hint.why.power"):
            assert not hint.ghosts  # a power alone: what to stage comes with its dice
        assert say.key in english and (why is None or why in english)
        seen.add((say.key, why, hint.ruin is not None and row != column))
    assert {(key, why) for key, why, _ in seen} >= {
        ("hint.place", None),
        ("hint.reroll", "hint.why.power-reroll"),
        ("hint.change", "hint.why.power-change"),
        ("hint.ruin", "hint.why.ruin.dead-cell"),
        ("hint.ruin", "hint.why.ruin.broken-lines"),
        ("hint.ruin", "hint.why.ruin.least-cost"),
    }
    assert ("hint.ruin", "hint.why.ruin.dead-cell", True) in seen  # a row and column that differ


def test_hints_survive_a_reload_and_mark_the_record():
    game = placing()
    ui = hinted(game)
    assert reload(ui).game.hints == 1
    ui.press("apply-hint")
    while not ui.game.is_over:
        if ui.game.phase in (Phase.PLACING, Phase.MAGDAGDON):
            ui.session.apply("hint")
        for action in suggest(ui.game):
            ui.session.apply(action)
    [entry] = ui.scores.best(ui.game.difficulty)
    assert entry.hints == ui.game.hints >= 2


# -- the coach on the player's dice ----------------------------------------------------------------
def finished(difficulty: str = "survival", seed: int = 4) -> Controller:
    """A controller whose game was played to the end (greedily) through its session."""
    ui = Controller(new_session(seed=seed, difficulty=Difficulty.parse(difficulty)))
    play_out(ui)
    return ui


def play_out(ui: Controller) -> None:
    while not ui.game.is_over:
        for move in end_turn(ui.game).moves[len(ui.game.moves) :]:
            ui.session.apply(move)


def coach_alone(difficulty: str, seed: int) -> int:
    game = Game.new(difficulty, seed)
    while not game.is_over:
        game = game.play(suggest(game))
    return game.score


def test_the_coach_plays_the_same_dice_step_by_step_and_its_score_is_kept():
    ui = finished()
    assert ui.hints.coach_wanted and ui.session.coach is None
    steps = sum(1 for _ in ui.hints.coach_steps())
    assert steps >= 8, "one step per decision, so the page can answer taps in between"
    assert ui.session.coach == coach_alone("survival", 4)
    assert not ui.hints.coach_wanted
    assert ui.take_effects()[-1] == "coached"
    [entry] = ui.scores.best(Difficulty.SURVIVAL)
    assert entry.coach == ui.session.coach
    again = reload(ui)
    assert again.session.coach == ui.session.coach and not again.hints.coach_wanted
    assert again.scores.best(Difficulty.SURVIVAL)[0].coach == ui.session.coach
    assert list(again.hints.coach_steps()) == [], "worked out once"


def test_the_coach_is_not_asked_before_the_end():
    ui = controller_at(placing())
    assert not ui.hints.coach_wanted and list(ui.hints.coach_steps()) == []


def test_the_coach_score_of_an_unranked_game_stays_with_the_game(store):
    better = [Entry(900 + n, "2026-11-01", 9, 0, n).to_dict() for n in range(10)]
    store.data[best_key(Difficulty.SURVIVAL)] = json.dumps({"schema": 1, "entries": better})
    session = new_session(store, seed=4, difficulty=Difficulty.SURVIVAL)  # a full table
    ui = Controller(session)
    play_out(ui)
    assert ui.session.rank() is None
    list(ui.hints.coach_steps())
    assert ui.session.coach is not None
    assert reload(ui).session.coach == ui.session.coach
    assert all(e.coach is None for e in ui.scores.best(Difficulty.SURVIVAL))


def test_a_new_game_forgets_the_coach_score():
    ui = finished()
    list(ui.hints.coach_steps())
    ui.press("new-game")
    assert ui.session.coach is None and not ui.hints.coach_wanted


def test_play_it_takes_confirms_place_but_the_c_key_still_confirms():
    ready = stage_minimum(placing())
    ui = hinted(ready)
    confirm = ui.controls().actions["confirm"]
    assert not confirm.shown and confirm.enabled
    assert ui.key("c") is True
    assert ui.hint is None
    assert ui.game == ready.apply("hint").apply("confirm")


def test_hint_pressed_while_a_hint_is_shown_only_dismisses_it():
    # the table the page showed (HINT hidden and disabled behind the hint) decides, not the
    # table once the hint is dismissed: the coach is not asked again
    ui = Controller(new_session(seed=2))
    ui.press("roll")
    ui.press("hint")
    assert ui.hints.think()
    ui.take_effects()
    assert ui.press("hint") is False
    assert (ui.hint, ui.hints.thinking, ui.take_effects()) == (None, None, [])
