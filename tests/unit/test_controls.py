"""The table of what can be pressed (``Controller.controls()``), checked against the engine:
in every situation the greedy player reaches, with every die chosen and every REROLL choice,
a control is enabled exactly when the rules accept its action, a disabled one pressed anyway
changes nothing and says the rules' refusal, and every action a page or a key can name is in
the table and has a handler."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from magdagdon.effects import Shake
from magdagdon.errors import IllegalActionError
from magdagdon.game import Game, Phase
from magdagdon.rules import CELLS, EMPTY
from magdagdon.ui import ACTIONS, BUTTONS, KEYS, Control, Controller, Message

from .controllers import controller_at, state
from .greedy import end_turn, stage_minimum

INDEX = Path("index.html").read_text("utf-8")


def accepts(game: Game, action: str) -> bool:
    try:
        game.apply(action)
    except IllegalActionError:
        return False
    return True


def turns(difficulty: str, seed: int) -> Iterator[Game]:
    """Every decision point of a greedy game: each roll, one die staged, the minimum staged, a
    MAGDAGDON accepted (choosing its ruin), the end."""
    game = Game.new(difficulty, seed)
    while True:
        yield game
        if game.is_over:
            return
        game = game.apply("roll") if game.phase is Phase.ROLL else game
        yield game
        if game.phase is Phase.PLACING:
            die, cells = next(iter(game.legal.items()))
            if cells:
                yield game.apply(f"stage {die} {cells[0]}")
            yield stage_minimum(game)
        elif game.phase is Phase.MAGDAGDON:
            yield game.apply("accept")
        game = end_turn(game)


def situations() -> Iterator[Controller]:
    """Controllers over those games with every die chosen and, where a power can pay, every
    REROLL choice of the free dice."""
    for difficulty, seed in itertools.product(("peaceful", "survival", "nightmare"), (1, 2, 9)):
        for game in turns(difficulty, seed):
            ui = controller_at(game)
            yield ui
            if game.phase not in (Phase.PLACING, Phase.MAGDAGDON):
                continue
            for die in game.available:
                ui = controller_at(game)
                ui.selected = die
                yield ui
            if game.can_use_power:
                for size in range(len(game.available) + 1):
                    for chosen in itertools.combinations(game.available, size):
                        ui = controller_at(game)
                        ui.reroll = set(chosen)
                        yield ui


SITUATIONS = list(situations())


def engine_action(ui: Controller, action: str) -> str | None:
    """The engine action a control asks for, in this situation (None: none)."""
    die, chosen = ui.selected, ui.reroll
    return {
        "roll": "roll",
        "confirm": "confirm",
        "undo": "clear",
        "accept-magdagdon": "accept",
        "reroll-go": f"reroll {' '.join(map(str, sorted(chosen)))}" if chosen else None,
        "power-dec": f"dec {die}" if die is not None else None,
        "power-inc": f"inc {die}" if die is not None else None,
    }.get(action)


def test_the_situations_cover_every_phase_and_choice():
    phases = {ui.game.phase for ui in SITUATIONS}
    assert phases == set(Phase)
    assert any(ui.reroll for ui in SITUATIONS) and any(ui.reroll == set() for ui in SITUATIONS)
    assert len(SITUATIONS) > 300


@pytest.mark.parametrize(
    "action", ["roll", "confirm", "undo", "accept-magdagdon", "power-dec", "power-inc"]
)
def test_a_game_button_is_enabled_exactly_when_the_rules_accept_it(action):
    checked = 0
    for ui in SITUATIONS:
        control = ui.controls().actions[action]
        wanted = engine_action(ui, action)
        if ui.reroll is not None or wanted is None:
            assert not control.enabled, (action, ui.game, ui.reroll)
            continue
        allowed = accepts(ui.game, wanted)
        if action == "undo":  # nothing staged: nothing to take back
            allowed = allowed and ui.game.phase is Phase.PLACING and bool(ui.game.placements)
        assert control.enabled is allowed, (action, ui.game, ui.selected)
        checked += 1
    assert checked > 100


def test_reroll_is_enabled_when_a_power_can_pay_and_a_die_is_free():
    for ui in SITUATIONS:
        table = ui.controls().actions
        game = ui.game
        can = any(accepts(game, f"reroll {d}") for d in game.available)
        assert table["power-reroll"].enabled is can, (game, ui.reroll)
        assert table["power-reroll"].pressed is (ui.reroll is not None)
        assert table["reroll-go"].shown is (ui.reroll is not None)
        if ui.reroll:
            assert table["reroll-go"].enabled is accepts(game, engine_action(ui, "reroll-go"))
        else:
            assert not table["reroll-go"].enabled


def test_each_phase_shows_its_own_buttons():
    for ui in SITUATIONS:
        table, game = ui.controls().actions, ui.game
        choosing = ui.reroll is not None
        powers = {"power-dec", "power-inc", "power-reroll"}  # always shown
        assert all(table[name].shown for name in powers)
        shown = {name for name in set(BUTTONS) - powers if table[name].shown}
        want = {
            Phase.ROLL: {"roll"},
            Phase.PLACING: {"reroll-go", "cancel"} if choosing else {"confirm", "undo", "hint"},
            Phase.MAGDAGDON: {"reroll-go", "cancel"} if choosing else {"accept-magdagdon", "hint"},
            Phase.RUIN: {"cancel"},
            Phase.OVER: {"new-game", "details"},
        }[game.phase]
        assert shown == want, (game.phase, choosing, shown)


def test_a_cell_is_enabled_when_a_tap_on_it_acts_and_marked_when_it_is_a_target():
    for ui in SITUATIONS:
        game, cells = ui.game, ui.controls().cells
        assert len(cells) == CELLS
        staged = {cell for _, cell in game.placements}
        for cell, control in enumerate(cells):
            if game.phase is Phase.RUIN:
                target = accepts(game, f"ruin {cell}")
                assert target is (game.board[cell] == EMPTY)
                enabled = target
            elif game.phase is Phase.PLACING and ui.reroll is None and ui.selected is not None:
                target = accepts(game, f"stage {ui.selected} {cell}")
                enabled = target or cell in staged
            elif game.phase is Phase.PLACING and ui.reroll is None:
                target, enabled = False, cell in staged
            else:
                target = enabled = False
            assert (control.enabled, control.marked) == (enabled, target), (game, cell)
        assert ui.highlighted() == tuple(i for i, c in enumerate(cells) if c.marked)


def test_a_die_can_be_tapped_while_placing_or_facing_magdagdon():
    for ui in SITUATIONS:
        game, dice = ui.game, ui.controls().dice
        usable = game.phase in (Phase.PLACING, Phase.MAGDAGDON)
        for d, control in enumerate(dice):
            rolled = d < len(game.dice)
            assert control.shown is rolled
            assert control.enabled is (usable and rolled)
            chosen = ui.reroll is not None and d in ui.reroll
            assert control.marked is chosen
            picked = d == ui.selected and d not in game.staged
            assert control.pressed is (picked or chosen)


def test_a_disabled_control_pressed_anyway_changes_nothing_and_says_the_rules_refusal():
    said = set()
    for ui in SITUATIONS[::3]:
        table = ui.controls()
        for action, control in table.actions.items():
            if control.enabled:
                continue
            before = state(ui)[:4]
            why = control.why
            acted = ui.press(action)
            assert state(ui)[:4] == before, action
            assert acted is (why is not None)
            assert ui.take_effects() == []
            if why is not None:
                assert ui.message == why
                assert why.alert and why.key.startswith("error."), why
                said.add(why.key)
                wanted = engine_action(ui, action)
                assert wanted is not None and not accepts(ui.game, wanted)
    assert {"error.wrong-phase", "error.below-minimum", "error.roll-placeable"} <= said


def test_a_refused_cell_says_why_and_shakes_only_while_placing():
    shaken = said = 0
    for ui in SITUATIONS[::2]:
        for cell, control in enumerate(ui.controls().cells):
            if control.enabled or control.why is None:
                continue
            why, game, selected = control.why, ui.game, ui.selected
            ui.tap_cell(cell)
            assert (ui.game, ui.selected, ui.message) == (game, selected, why)
            effects = ui.take_effects()
            placing = game.phase is Phase.PLACING and selected is not None
            assert effects == ([Shake(cell)] if placing else [])
            shaken += placing
            said += 1
            ui.message = None
    assert shaken and said > shaken


def test_enabled_controls_carry_no_refusal():
    for ui in SITUATIONS[::5]:
        table = ui.controls()
        for control in [*table.actions.values(), *table.dice, *table.cells]:
            if control.enabled:
                assert control.why is None


def test_every_action_of_the_page_and_the_keys_is_in_the_table_with_a_handler():
    on_page = set(re.findall(r'data-action="([a-z-]+)"', INDEX)) - {"dismiss"}
    assert on_page <= set(ACTIONS), on_page - set(ACTIONS)
    assert set(KEYS.values()) <= set(ACTIONS)
    ui = controller_at(Game.new("peaceful", 1))
    assert set(ui.controls().actions) == set(ACTIONS)
    for action in ACTIONS:
        owners = [part for part in ui.parts if action in part.ACTIONS]
        assert len(owners) == 1, action  # each action answered by one part
        assert callable(getattr(owners[0], "_press_" + action.replace("-", "_"))), action


def test_an_unknown_action_or_a_cell_off_the_board_does_nothing():
    game = stage_minimum(Game.new("peaceful", 2).apply("roll"))
    ui = controller_at(game)
    before = state(ui)
    assert ui.press("fly") is False
    for cell in (-1, CELLS, 99):
        ui.tap_cell(cell)
    assert ui.tap_die(4) is False and ui.tap_die(-1) is False
    assert state(ui) == before
    assert ui.take_effects() == []


@pytest.mark.parametrize("key", ["c", "u", "Backspace", "a"])
def test_keys_for_hidden_buttons_do_nothing_while_choosing_dice_for_reroll(key):
    game = stage_minimum(Game.new("peaceful", 2).apply("roll"))
    ui = controller_at(game)
    ui.press("power-reroll")
    before = state(ui)
    assert ui.key(key) is False
    assert state(ui) == before


def test_a_key_that_does_nothing_says_so():
    ui = controller_at(Game.new("peaceful", 2).apply("roll"))
    assert ui.key("u") is False, "nothing staged to take back"
    assert ui.key("q") is False
    assert ui.key("c") is True and ui.message.key == "error.below-minimum"


@pytest.mark.parametrize("value", ["peaceful:-1", "peaceful:99999999999999999999", "nightmare:x"])
def test_a_replay_of_a_seed_out_of_range_is_refused(value):
    ui = Controller(controller_at(Game.new("peaceful", 2)).session)
    before = state(ui)
    ui.press("replay", value)
    assert state(ui) == before


def test_a_control_compares_by_what_it_shows_not_by_its_refusal():
    assert Control(enabled=False, refusal=lambda: Message("x")) == Control(enabled=False)
    assert Control(enabled=False, refusal=lambda: Message("x")).why == Message("x")
    assert Control(refusal=lambda: Message("x")).why is None
