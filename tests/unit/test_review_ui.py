"""REVIEW in the interface (magdagdon/ui/review.py): opened from the game-over screen, a
best-scores line or a recent game, worked out a decision per step, walked by BACK, NEXT, the
arrow keys and the costliest decisions; its view against magdagdon.review on the same game."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from magdagdon.effects import OUTWARD, Effect
from magdagdon.game import Game
from magdagdon.review import review
from magdagdon.rules import Difficulty
from magdagdon.ui.review import ReviewView

from .controllers import finished_ui

ROOT = Path(__file__).resolve().parents[2]
NIGHTMARE = Difficulty.NIGHTMARE


@pytest.fixture(scope="module")
def expected():
    """The finished game of the tests below, reviewed by the pure module at once."""
    ui = finished_ui(seed=3, difficulty=NIGHTMARE)
    game = ui.game
    return review(game.difficulty, game.seed, game.moves)


def worked_out(ui) -> int:
    """Run the review's steps as the page does (one per task); how many there were."""
    return sum(1 for _ in ui.review.steps())


def test_review_on_the_game_over_screen_opens_at_once_and_asks_the_page_to_work_it_out(expected):
    ui = finished_ui(seed=3, difficulty=NIGHTMARE)
    assert ui.view().dialog == "over" and ui.controls().actions["review"].enabled
    assert ui.press("review", "over")
    assert Effect.REVIEW in OUTWARD and Effect.REVIEW in ui.take_effects()
    shown = ui.view().shows
    assert ui.view().dialog == "review" and isinstance(shown, ReviewView)
    assert (shown.total, shown.ready, shown.at) == (len(expected.decisions), 0, 0)
    assert shown.decision is None and shown.summary is None
    actions = ui.controls().actions
    assert not any(actions[a].enabled for a in ("review-back", "review-next", "review-jump"))


def test_each_step_prices_one_decision_and_the_end_gives_the_pure_modules_review(expected):
    ui = finished_ui(seed=3, difficulty=NIGHTMARE)
    ui.press("review")
    readies = []
    for _ in ui.review.steps():
        readies.append(ui.view().shows.ready)
    assert readies == list(range(1, len(expected.decisions) + 1))
    shown = ui.view().shows
    assert shown.summary == expected and shown.decision == expected.decisions[0]
    assert [d.loss for d in shown.summary.decisions] == [d.loss for d in expected.decisions]
    assert shown.summary.total == sum(d.loss for d in expected.decisions) >= 0


def test_next_back_and_the_arrow_keys_walk_the_decisions_and_stop_at_the_ends(expected):
    ui = finished_ui(seed=3, difficulty=NIGHTMARE)
    ui.press("review")
    assert not ui.key("ArrowLeft")  # nothing before the first
    ui.review.steps().__next__()  # one decision priced: NEXT waits for the second
    assert not ui.controls().actions["review-next"].enabled
    worked_out(ui)
    last = len(expected.decisions) - 1
    assert ui.key("ArrowRight") and ui.view().shows.at == 1
    assert ui.press("review-next") and ui.view().shows.decision == expected.decisions[2]
    assert ui.key("ArrowLeft") and ui.press("review-back") and ui.view().shows.at == 0
    assert not ui.press("review-back") and ui.view().shows.at == 0
    for _ in range(last):
        assert ui.key("ArrowRight")
    shown = ui.view().shows
    assert (shown.at, shown.forward, shown.back) == (last, False, True)
    assert not ui.key("ArrowRight") and ui.view().shows.at == last
    assert not ui.key("r")  # the game's keys wait while a dialog is open


def test_a_costliest_decision_is_a_tap_away_once_the_review_is_done(expected):
    ui = finished_ui(seed=3, difficulty=NIGHTMARE)
    ui.press("review")
    assert not ui.press("review-jump", "1")  # not before the summary is there
    worked_out(ui)
    assert expected.costliest, "the seed's game should cost something"
    for index in expected.costliest:
        assert ui.press("review-jump", str(index))
        assert ui.view().shows.at == index
        assert ui.view().shows.decision.loss == expected.decisions[index].loss
    for bad in ("99", "-1", "x", None):
        ui.press("review-jump", bad)
        assert ui.view().shows.at == expected.costliest[-1]


def test_closing_stops_the_work_and_forgets_the_review():
    ui = finished_ui(seed=3, difficulty=NIGHTMARE)
    ui.press("review")
    steps = ui.review.steps()
    next(steps)
    ui.press("close")
    assert ui.view().dialog is None and ui.review.review is None
    assert list(steps) == []  # the page's loop ends
    assert ui.review.view("review") is None
    ui.press("review")
    assert ui.view().shows.ready == 0  # opened again: afresh


def test_a_new_game_forgets_the_review():
    ui = finished_ui(seed=3, difficulty=NIGHTMARE)
    ui.press("review")
    ui.review.hear(Effect.SHOWN)
    assert ui.review.review is None


def test_a_best_score_or_a_recent_game_is_reviewed_from_its_record(expected):
    for value in ("nightmare:1", "game:1"):
        ui = finished_ui(seed=3, difficulty=NIGHTMARE)
        ui.press("close")
        assert ui.press("review", value) and ui.view().dialog == "review", value
        worked_out(ui)
        assert ui.view().shows.summary == expected, value


def test_a_recent_game_can_be_watched_too():
    # (the statistics' "game:n" lines: one helper finds the game for WATCH and REVIEW)
    ui = finished_ui(seed=3, difficulty=NIGHTMARE)
    ui.press("close")
    assert ui.press("watch", "game:1") and ui.view().dialog == "watch"
    assert ui.view().shows.step.game == Game.new(NIGHTMARE, 3)


@pytest.mark.parametrize("value", ["nightmare:2", "survival:1", "game:0", "game:9", "x:1", "9"])
def test_a_line_that_names_no_game_with_moves_opens_nothing(value):
    ui = finished_ui(seed=3, difficulty=NIGHTMARE)
    ui.press("close")
    ui.press("review", value)
    assert ui.view().dialog is None and ui.review.review is None


def test_a_game_in_progress_is_not_reviewed():
    ui = finished_ui(seed=3, difficulty=NIGHTMARE)
    ui.press("new-game")
    assert not ui.game.is_over
    ui.press("review")
    assert ui.review.review is None and ui.view().dialog != "review"


def test_a_record_whose_moves_do_not_replay_opens_nothing(monkeypatch):
    ui = finished_ui(seed=3, difficulty=NIGHTMARE)
    ui.press("close")
    record = ui.session.history().records[0]
    broken = dataclasses.replace(record, moves=("roll", "ruin 99"))
    monkeypatch.setattr(type(ui.session.history()), "records", property(lambda _: [broken]))
    ui.press("review", "game:1")
    assert ui.view().dialog is None and ui.review.review is None


def test_the_review_and_the_coach_are_not_imported_with_the_interface():
    code = (
        "import sys; import magdagdon.ui, magdagdon.ui.review; "
        "print('magdagdon.review' in sys.modules, 'magdagdon.coach' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.stdout.split() == ["False", "False"], out.stderr
