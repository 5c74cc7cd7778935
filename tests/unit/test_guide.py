"""The first-game guide and the sound and vibration switches, as the controller has them.

The guide walks a newcomer through a first turn (ROLL, a die, a cell, the minimum, CONFIRM),
one step at a time, each step named by the controller and drawn by the renderer (which makes
the control it names glow). It shows by itself only on a first visit, is skippable at any step,
and once finished or skipped it never shows by itself again (``Settings.guided``, stored).
"""

from __future__ import annotations

import json

import pytest

from magdagdon.backup import collect, export, import_into
from magdagdon.game import Game, Phase
from magdagdon.played import Played
from magdagdon.records import (
    GAME_KEY,
    HISTORY_KEY,
    SETTINGS_KEY,
    MemoryStore,
    Records,
    Settings,
    best_key,
)
from magdagdon.rules import Difficulty
from magdagdon.ui import GUIDE_STEPS, Controller, Message

from .greedy import end_turn, finished
from .sessions import TODAY, new_session


def controller(store: MemoryStore | None = None, **wishes) -> Controller:
    return Controller(new_session(store, **wishes))


def steps_of_a_first_turn(ui: Controller) -> list[str | None]:
    """Play a first turn the way the guide asks, recording the step shown before each action."""
    seen = [ui.guide.step()]
    ui.press("roll")
    seen.append(ui.guide.step())
    die = ui.game.available[-1]
    ui.tap_die(die)
    seen.append(ui.guide.step())
    cell = ui.game.legal[die][0]
    ui.tap_cell(cell)
    while not ui.game.can_confirm:
        seen.append(ui.guide.step())
        die = next(d for d in ui.game.available if ui.game.legal[d])
        ui.tap_die(die)
        ui.tap_cell(ui.game.legal[die][0])
    seen.append(ui.guide.step())
    ui.press("confirm")
    seen.append(ui.guide.step())
    return seen


def test_a_first_visit_is_guided_through_its_first_turn_step_by_step():
    ui = controller(seed=11, difficulty=Difficulty.PEACEFUL)
    assert ui.guide.on
    seen = steps_of_a_first_turn(ui)
    assert seen[:3] == ["roll", "die", "cell"]
    assert set(seen[3:-2]) <= {"minimum"}
    assert seen[-2:] == ["confirm", None]
    assert not ui.guide.on
    assert ui.session.settings.guided


def test_the_guide_says_its_step_its_number_and_the_dice_still_to_stage():
    ui = controller(seed=11, difficulty=Difficulty.NIGHTMARE)
    assert ui.guide.words() == Message("guide.roll", {"n": 1, "total": 5, "count": 0})
    ui.press("roll")
    ui.tap_die(0)
    ui.tap_cell(ui.game.legal[0][0])
    said = ui.guide.words()
    assert said is not None
    step = said.key.removeprefix("guide.")
    assert step == ui.guide.step() and said.params["n"] == GUIDE_STEPS.index(step) + 1
    assert said.params["count"] == ui.game.still_required


def test_finishing_the_guide_is_stored_and_announced_once(store):
    ui = controller(store, seed=11)
    steps_of_a_first_turn(ui)
    assert "guided" in ui.take_effects()
    assert ui.status() == Message("guide.done")
    assert json.loads(store.get(SETTINGS_KEY))["guided"] is True
    again = controller(store)
    assert not again.guide.on and again.guide.words() is None
    ui.press("roll")
    assert "guided" not in ui.take_effects()


@pytest.mark.parametrize("moves", [[], ["roll"], ["roll", "stage 0 5"]])
def test_skip_ends_the_guide_at_any_step_and_for_good(moves, store):
    ui = controller(store, seed=11)
    for move in moves:
        ui.session.apply(move)
    assert ui.controls().actions["guide-skip"].enabled
    assert ui.press("guide-skip")
    assert (ui.guide.on, ui.guide.words(), ui.guide.step()) == (False, None, None)
    assert "guided" not in ui.take_effects()  # (skipped, not finished: no congratulations)
    assert not ui.controls().actions["guide-skip"].shown
    assert Records(store).settings.guided
    reloaded = controller(store)
    assert not reloaded.guide.on


def test_a_visit_that_was_not_the_first_is_not_guided(store):
    first = controller(store, seed=3)
    played = end_turn(first.game)  # the first visit ended without finishing or skipping
    for move in played.moves:
        first.session.apply(move)
    assert not controller(store).guide.on  # a later turn: not a first game any more

    with_history = MemoryStore({HISTORY_KEY: '{"schema":1,"games":[]}'})
    assert not controller(with_history).guide.on

    entry = {"score": 99, "date": "2026-11-01", "turns": 9, "powers": 0}
    with_scores = MemoryStore(
        {best_key(Difficulty.PEACEFUL): json.dumps({"schema": 1, "entries": [entry]})}
    )
    assert not controller(with_scores).guide.on


def test_a_first_visit_left_mid_turn_is_guided_again_from_where_it_stands(store):
    ui = controller(store, seed=11)
    ui.press("roll")
    ui.tap_cell(ui.game.legal[0][0])
    again = controller(store)  # a reload in the middle of the first turn
    assert again.guide.on
    assert again.guide.step() in ("minimum", "confirm")


def test_a_first_visit_stores_its_flag_at_once_and_a_reload_mid_turn_reads_it(store):
    # (the page's first script reads the same stored flag: false is a first visit)
    ui = controller(store, seed=11)
    assert json.loads(store.get(SETTINGS_KEY))["guided"] is False
    ui.press("roll")
    assert json.loads(store.get(SETTINGS_KEY))["guided"] is False
    assert controller(store).session.newcomer
    played = end_turn(ui.game)
    for move in played.moves[len(ui.game.moves) :]:
        ui.session.apply(move)  # a turn played, even without the guide: done
    assert json.loads(store.get(SETTINGS_KEY))["guided"] is True


OLDER = {"schema": 1, "difficulty": "survival", "language": None}  # (no "guided")


@pytest.mark.parametrize(
    ("kept", "guided"),
    [
        ({}, False),  # nothing but settings: a first visit still
        ({HISTORY_KEY: '{"schema":1,"games":[]}'}, True),
        ("a game past its first turn", True),
        ("a game in its first turn", False),
    ],
)
def test_an_older_releases_data_gets_the_flag_worked_out_once(kept, guided):
    store = MemoryStore({SETTINGS_KEY: json.dumps(OLDER)})
    if isinstance(kept, str):
        game = Game.new(Difficulty.SURVIVAL, 11).apply("roll")
        if "past" in kept:
            game = end_turn(game)
        store.set(GAME_KEY, json.dumps(game.to_dict()))
    else:
        store.data.update(kept)
    ui = controller(store)
    assert ui.guide.on is (not guided)
    # settings valid as they are stay so at the start; the flag goes with their next change
    assert json.loads(store.get(SETTINGS_KEY)) == OLDER
    ui.session.change_settings(sound=False)
    assert json.loads(store.get(SETTINGS_KEY)) == OLDER | {"guided": guided, "sound": False}
    assert controller(store).guide.on is (not guided)


def test_games_brought_in_by_a_backup_end_a_first_visit():
    game = finished("peaceful", 1)
    store = MemoryStore()
    ui = controller(store)
    assert ui.session.newcomer
    import_into(ui.session, export(collect([Played.of(game, TODAY)], None)))
    assert json.loads(store.get(SETTINGS_KEY))["guided"] is True
    assert not controller(store).guide.on


def test_show_me_in_the_rules_guides_over_any_game_in_progress():
    store = MemoryStore({SETTINGS_KEY: Settings(guided=True).to_json()})
    ui = controller(store, seed=5)
    for move in end_turn(ui.game).moves + ("roll",):
        ui.session.apply(move)
    assert not ui.guide.on
    ui.open("rules")
    assert ui.guide.step() is None
    ui.press("guide")
    assert ui.dialog is None and ui.guide.on
    assert ui.guide.step() == ("die" if ui.game.phase is Phase.PLACING else None)


def test_the_guide_keeps_quiet_while_a_dialog_or_a_reroll_choice_is_open():
    ui = controller(seed=11, difficulty=Difficulty.SURVIVAL)
    ui.press("roll")
    ui.open("settings")
    assert ui.guide.step() is None and not ui.controls().actions["guide-skip"].enabled
    ui.press("close")
    assert ui.guide.step() == "die"
    ui.press("power-reroll")
    assert ui.reroll is not None and ui.guide.step() is None


def test_a_die_tapped_moves_the_guide_on_and_a_new_roll_starts_over():
    ui = controller(seed=11)
    ui.press("roll")
    assert ui.guide.step() == "die"
    ui.tap_die(1)
    assert ui.guide.step() == "cell"
    ui.press("guide")  # asked again: the die stays tapped only if a die was staged
    assert ui.guide.step() == "die"


def test_the_guide_leaves_the_status_line_to_the_game():
    ui = controller(seed=11)
    assert ui.guide.on
    assert ui.status() == Message("status.roll")


@pytest.mark.parametrize("name", ["sound", "vibration"])
def test_sound_and_vibration_switch_off_and_on_and_are_kept(name, store):
    ui = controller(store)
    assert ui.controls().actions[name].pressed is True  # on as the game comes
    ui.press(name)
    assert ui.controls().actions[name].pressed is False
    assert getattr(controller(store).session.settings, name) is False
    assert json.loads(store.get(SETTINGS_KEY))[name] is False
    ui.press(name)
    assert getattr(controller(store).session.settings, name) is True
    assert name not in json.loads(store.get(SETTINGS_KEY))  # back as it comes: not written


def test_settings_as_they_come_are_stored_with_the_guides_flag_and_no_switch():
    assert Settings().to_json() == (
        '{"schema": 1, "difficulty": "peaceful", "language": null, "guided": false}'
    )
    changed = Settings(sound=False, vibration=False, guided=True)
    assert json.loads(changed.to_json()) == {
        "schema": 1,
        "difficulty": "peaceful",
        "language": None,
        "sound": False,
        "vibration": False,
        "guided": True,
    }


@pytest.mark.parametrize("bad", [0, 1, "false", None, [], {}])
def test_a_switch_stored_wrongly_is_said_and_left_as_it_comes(bad):
    raw = json.dumps({"schema": 1, "difficulty": "survival", "language": None, "sound": bad})
    records = Records(MemoryStore({SETTINGS_KEY: raw}))
    assert records.settings == Settings(Difficulty.SURVIVAL)
    assert "settings" in records.problems


def test_changing_one_setting_keeps_the_others():
    ui = controller()
    ui.press("sound")
    ui.press("language", "ca")
    ui.press("difficulty", "nightmare")
    settings = ui.session.settings
    assert (settings.sound, settings.language, settings.difficulty) == (
        False,
        "ca",
        Difficulty.NIGHTMARE,
    )


def test_the_page_paints_the_guides_first_step_with_its_true_count():
    # boot.js paints the first step before Python on a first visit (index.html's
    # data-first-* attributes): the same counter Python then draws.
    import re
    from pathlib import Path

    from magdagdon.ui import GUIDE_STEPS

    page = (Path(__file__).resolve().parents[2] / "index.html").read_text("utf-8")
    step = re.search(r'<b [^>]*id="guide-step"[^>]*>', page).group(0)
    assert 'data-first-i18n="guide.step"' in step
    assert re.search(r'data-first-n="(\d+)"', step).group(1) == "1"
    assert re.search(r'data-first-total="(\d+)"', step).group(1) == str(len(GUIDE_STEPS))
    words = re.search(r'<span [^>]*id="guide-words"[^>]*>', page).group(0)
    assert f'data-first-i18n="guide.{GUIDE_STEPS[0]}"' in words
