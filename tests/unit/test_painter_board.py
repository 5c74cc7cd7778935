"""The board screen's painter (magdagdon/ui/paint/board.py), read in CPython against the view it
is handed: each cell's state, value, legality, the coach's ghost and its spoken label; each
line's sum and bonus; each die; the buttons under the board as the controls table says; the
chip, the score's label, the daily entry, the guide and the powers left. What is expected is
worked out here from the game and the catalogue, not read from the painter."""

from __future__ import annotations

from typing import Any

import pytest

from magdagdon.game import Phase
from magdagdon.i18n import Translator
from magdagdon.rules import EMPTY, RUIN, SIZE, Difficulty
from magdagdon.share import number
from magdagdon.ui import Controller
from magdagdon.ui.controller import BUTTONS
from magdagdon.ui.paint import Words
from magdagdon.ui.paint.board import board, cell_state

from .catalogues import CATALOGS
from .controllers import controller_at, play_turn_by_taps
from .greedy import finished
from .sessions import TODAY, YESTERDAY, new_session
from .test_practice_ui import reviewed

EN = CATALOGS["en"]
TR = Translator(CATALOGS, "en")


def fill(key: str, **params: object) -> str:
    """The English text of ``key`` with ``params`` (its plural form chosen by the catalogue)."""
    return TR.t(key, **params)


def drawn(ui: Controller, language: str = "en") -> dict[tuple[str, str], Any]:
    writes = list(board(Words(Translator(CATALOGS, language), ["en-GB"]), ui.view()))
    found = {(e, w): v for e, w, v in writes}
    assert len(found) == len(writes)  # (each element's each attribute written once)
    return found


def staging(difficulty: Difficulty = Difficulty.NIGHTMARE, seed: int = 8) -> Controller:
    """A game some turns in, rolled, one die staged and another selected."""
    ui = Controller(new_session(seed=seed, difficulty=difficulty))
    for _ in range(3):
        play_turn_by_taps(ui)
    ui.press("roll")
    while ui.game.phase is not Phase.PLACING:  # (past a MAGDAGDON)
        play_turn_by_taps(ui)
        ui.press("roll")
    game = ui.game
    die, cell = next((d, c) for d in game.available for c in game.legal[d])
    ui.tap_die(die)
    ui.tap_cell(cell)
    other = [d for d in ui.game.available if ui.game.legal[d]]
    assert other, "a seed with another die to place"
    ui.tap_die(other[0])
    return ui


def test_each_cell_says_what_it_holds_whether_it_may_take_the_die_and_where_it_is():
    ui = staging()
    shown, game, controls = drawn(ui), ui.game, ui.controls()
    staged = {cell for _, cell in game.placements}
    assert staged
    for i in range(SIZE * SIZE):
        value = game.staged_board[i]
        state = (
            "staged"
            if i in staged
            else "ruin"
            if value == RUIN
            else "empty"
            if value == EMPTY
            else "number"
        )
        content = {
            "staged": fill("cell.staged", value=value),
            "ruin": EN["cell.ruin"],
            "empty": EN["cell.empty"],
            "number": str(value),
        }[state]
        label = fill("cell.label", row=i // SIZE + 1, column=i % SIZE + 1, content=content)
        legal = controls.cells[i].marked
        if legal:
            label = fill("cell.label.note", label=label, note=EN["cell.legal"])
        key = f"cell:{i}"
        assert shown[(key, "data-state")] == state, i
        assert shown[(key, "data-value")] == max(value, 0)
        assert shown[(key, "data-legal")] == ("true" if legal else "false")
        assert shown[(key, "data-ghost")] is None
        assert shown[(key, "aria-label")] == label
    assert any(controls.cells[i].marked for i in range(SIZE * SIZE))
    assert {shown[(f"cell:{i}", "data-state")] for i in range(16)} >= {"staged", "empty"}


def test_the_cell_state_of_the_little_boards():
    assert [cell_state(v) for v in (RUIN, EMPTY, 1, 6)] == ["ruin", "empty", "number", "number"]


def test_a_hint_shows_its_ghost_dice_its_ruin_and_marks_the_dice_it_uses():
    ui = Controller(new_session(seed=4, difficulty=Difficulty.PEACEFUL))
    ui.press("roll")
    ui.press("hint")
    assert ui.hints.think() is True
    hint = ui.view().hint
    assert hint is not None and hint.ghosts
    shown = drawn(ui)
    for cell in range(16):
        ghost = hint.ghosts.get(cell)
        assert shown[(f"cell:{cell}", "data-ghost")] == (None if ghost is None else str(ghost))
        if ghost is not None:
            label = shown[(f"cell:{cell}", "aria-label")]
            assert (
                label.endswith(fill("cell.ghost.die", value=ghost))
                or fill("cell.ghost.die", value=ghost) in label
            )
    for d in range(4):
        assert shown[(f"die:{d}", "data-hinted")] == ("true" if d in hint.dice else None)


def test_each_line_says_its_sum_and_its_bonus():
    ui = controller_at(finished(Difficulty.PEACEFUL, 1))
    shown, preview = drawn(ui), ui.game.preview
    won = [line for line in preview.lines if line.bonus]
    assert won and len(won) < len(preview.lines)
    for line in preview.lines:
        name = f"{line.kind}-{line.index}"
        bonus = line.bonus.value if line.bonus else ""
        assert shown[(f"line:{name}", "data-bonus")] == bonus
        assert shown[(f"line:{name}", "data-full")] == ("true" if line.full else "false")
        assert shown[(f"line:{name}", "data-preview")] == "false"
        assert shown[(f"total:{name}", "text")] == str(line.total)
        which = fill(f"line.{line.kind}", n=line.index + 1)
        label = fill("line.sum", line=which, sum=line.total)
        if line.bonus:
            points = line.bonus and line.bonus.points  # type: ignore[union-attr]
            small = f"+{points} {EN['bonus.' + bonus]}"
            label = fill("bonus.line", line=label, bonus=EN["bonus." + bonus], points=points)
        else:
            small = ""
        assert shown[(f"bonus:{name}", "text")] == small
        assert shown[(f"line:{name}", "aria-label")] == label
        assert shown[(f"line:{name}", "title")] == label
    staged = drawn(staging())
    assert {v for (e, w), v in staged.items() if w == "data-preview"} == {"true"}


def test_each_die_says_its_value_and_state_and_the_blank_ones_say_so():
    ui = staging()
    shown, game, controls = drawn(ui), ui.game, ui.controls()
    states = set()
    for d, control in enumerate(controls.dice):
        key = f"die:{d}"
        if not control.shown:
            state, value, label = "blank", 0, fill("die.blank", n=d + 1)
        else:
            value = game.dice[d]
            state = (
                "staged" if d in game.staged else "selected" if d == ui.selected else "available"
            )
            name = "label" if state == "available" else state
            label = fill(f"die.{name}", n=d + 1, value=value)
        states.add(state)
        assert shown[(key, "data-state")] == state
        assert shown[(key, "data-value")] == value
        assert shown[(key, "data-chosen")] == ("true" if control.marked else "false")
        assert shown[(key, "aria-label")] == label
        assert shown[(key, "aria-pressed")] == ("true" if control.pressed else "false")
        assert shown[(key, "disabled")] is (not control.enabled)
    assert {"staged", "selected"} <= states
    fresh = Controller(new_session(seed=2))
    blank = drawn(fresh)
    assert [blank[(f"die:{d}", "data-state")] for d in range(4)] == ["blank"] * 4
    assert blank[("die:2", "aria-label")] == fill("die.blank", n=3)


@pytest.mark.parametrize("rolled", [False, True])
def test_the_buttons_are_shown_enabled_and_pressed_as_the_table_says(rolled):
    ui = staging() if rolled else Controller(new_session(seed=2))
    shown, actions = drawn(ui), ui.controls().actions
    for action in BUTTONS:
        control = actions[action]
        assert shown[(f"button:{action}", "hidden")] is (not control.shown), action
        assert shown[(f"button:{action}", "disabled")] is (not control.enabled), action
        pressed = shown.get((f"button:{action}", "aria-pressed"))
        assert pressed == (None if control.pressed is None else str(control.pressed).lower())
    assert any(shown[(f"button:{a}", "hidden")] for a in BUTTONS)
    assert not all(shown[(f"button:{a}", "hidden")] for a in BUTTONS)


def test_confirm_says_how_many_more_and_reroll_how_many_chosen():
    ui = staging()
    still = ui.game.still_required
    shown = drawn(ui)
    more = fill("button.confirm.more", count=still) if still else ""
    assert shown[("confirm-more", "text")] == more
    assert shown[("button:reroll-go", "text")] == EN["button.reroll.pick"]
    ui = Controller(new_session(seed=5, difficulty=Difficulty.PEACEFUL))
    ui.press("roll")
    assert drawn(ui)[("confirm-more", "text")] == fill(
        "button.confirm.more", count=ui.game.still_required
    )


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_the_powers_left_and_the_next_ones_cost(difficulty):
    ui = Controller(new_session(seed=6, difficulty=difficulty))
    ui.press("roll")
    game, text = ui.game, drawn(ui)[("powers-left", "text")]
    if difficulty.powers == 0:
        assert text == EN["label.no_powers"]
        return
    left = fill("label.powers_left", count=game.powers_left)
    if game.next_power_cost is not None:
        cost = fill("label.next_cost", cost=game.next_power_cost)
        left = fill("label.powers_next", left=left, next=cost)
    assert text == left


def test_the_score_its_label_the_chip_and_the_status_line():
    ui = staging(Difficulty.NIGHTMARE)
    shown, game = drawn(ui), ui.game
    assert shown[("body", "data-phase")] == game.phase.value
    assert shown[("body", "data-powers")] == game.powers_left
    assert shown[("body", "data-difficulty")] == "nightmare"
    assert shown[("score", "text")] == number(game.score)
    assert shown[("score", "data-score")] == game.score
    assert shown[("score-label", "text")] == EN["label.score"]
    assert shown[("score-label", "data-target")] is None
    assert shown[("chip", "text")] == EN["difficulty.nightmare"]
    assert shown[("body", "data-daily")] is None and shown[("body", "data-drill")] is None
    assert shown[("daily", "aria-pressed")] == "false"
    waiting = ui.controls().actions["daily"].marked
    assert shown[("daily", "data-waiting")] == ("true" if waiting else "false")
    assert shown[("daily", "aria-label")] == EN["nav.daily.waiting" if waiting else "nav.daily"]
    assert shown[("button:new-game", "text")] == EN["button.new_game"]
    status = ui.view().status
    assert shown[("status-main", "text")] == Words(Translator(CATALOGS, "en")).say(status)
    assert shown[("status-detail", "text")] == (EN[status.detail] if status.detail else "")
    assert shown[("status", "data-alert")] == ("true" if status.alert else "false")
    lt = drawn(ui, "lt")
    assert lt[("chip", "text")] == CATALOGS["lt"]["difficulty.nightmare"]


def test_the_daily_roll_and_a_challenge_show_their_chip_and_the_score_to_beat():
    daily = Controller(new_session(day="2026-11-30"))
    shown = drawn(daily)
    assert shown[("body", "data-daily")] == "true"
    assert shown[("chip", "text")] in (EN["daily.chip"], EN["daily.chip.practice"])
    challenge = Controller(new_session(seed=9, difficulty=Difficulty.PEACEFUL, vs=57))
    shown = drawn(challenge)
    target = challenge.view().mode.target
    if target is not None:
        assert shown[("score-label", "text")] == fill("label.target", score=number(target))
        assert shown[("score-label", "data-target")] == target


def test_the_guide_shows_its_step_and_words_or_nothing():
    ui = Controller(new_session(seed=2))
    guide = ui.view().guide
    shown = drawn(ui)
    if guide is None:
        assert shown[("guide", "hidden")] is True and shown[("body", "data-guide")] is None
        assert ("guide-step", "text") not in shown
        return
    step = guide.key.removeprefix("guide.")
    assert shown[("body", "data-guide")] == step
    assert shown[("guide", "hidden")] is False
    total = guide.params["total"]
    assert shown[("guide-step", "text")] == fill("guide.step", n=guide.params["n"], total=total)


def test_each_kind_of_game_shows_its_own_chip_and_marks():
    # today's daily roll, as her official game: the daily chip, the menu's entry pressed
    daily = Controller(new_session())
    daily.session.start_daily(TODAY)
    shown = drawn(daily)
    assert daily.view().mode.practice is False
    assert shown[("chip", "text")] == EN["daily.chip"]
    assert (shown[("body", "data-daily")], shown[("body", "data-drill")]) == ("true", None)
    assert shown[("daily", "aria-pressed")] == "true"
    # another day's daily roll is practice, and says so
    past = Controller(new_session())
    past.session.start_daily(YESTERDAY)
    assert past.view().mode.practice is True
    assert drawn(past)[("chip", "text")] == EN["daily.chip.practice"]
    # a costly decision practised: its own chip and the drill's mark, no daily's
    drilling = reviewed()
    assert drilling.press("practise", "review")
    shown = drawn(drilling)
    assert shown[("chip", "text")] == EN["practice.chip"]
    assert (shown[("body", "data-daily")], shown[("body", "data-drill")]) == (None, "true")


def test_a_magdagdon_is_said_as_an_alert_with_its_detail():
    ui = Controller(new_session(seed=8, difficulty=Difficulty.NIGHTMARE))
    ui.press("roll")
    while ui.game.phase is not Phase.MAGDAGDON:
        play_turn_by_taps(ui)
        ui.press("roll")
    status, shown = ui.view().status, drawn(ui)
    assert status.alert and status.detail
    assert shown[("status", "data-alert")] == "true"
    assert shown[("status-detail", "text")] == EN[status.detail]
