"""The little boards' painters (magdagdon/ui/paint/boards.py), read in CPython: WATCH, REVIEW
and PRACTISE drawn from views of a real game, every write of each dialog as the player should
see it, worked out from the view, the game's rules and the catalogue (its words with their
parameters), and compared whole: a cell, a die, a text or a button drawn wrong, missing or
extra fails."""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import Any

from magdagdon.i18n import Translator
from magdagdon.practice import SOLVED_BELOW, Counts
from magdagdon.review import Decision, Summary, describe
from magdagdon.rules import CELLS, EMPTY, RUIN, Difficulty
from magdagdon.ui import Controller
from magdagdon.ui.paint import PAINTERS, Node, Token
from magdagdon.ui.paint.board import cell_state
from magdagdon.ui.paint.words import node_json
from magdagdon.ui.practice import PracticeView
from magdagdon.ui.review import ReviewView
from magdagdon.ui.watch import WatchView

from .catalogues import CATALOGS
from .controllers import finished_ui
from .test_painters import actions, words

EN = CATALOGS["en"]
T = Translator(CATALOGS, "en").t
NO_COUNTS = Counts(0, 0, ())

Drawn = dict[tuple[str, str], Any]


def draw(dialog: str, view: object, **on: bool) -> Drawn:
    """The dialog's writes, each (element, what) once; children as plain lists
    (:func:`node_json`), so that their attributes compare in any order."""
    writes = list(PAINTERS[dialog](words(), view, actions(**on)))
    drawn = {(e, w): v for e, w, v in writes}
    assert len(drawn) == len(writes), "an element's property written twice"
    return {k: [node_json(n) for n in v] if k[1] == "children" else v for k, v in drawn.items()}


def game_over() -> Controller:
    """NIGHTMARE seed 3 played to the end: its decisions include placements, RUINs of her own
    and the coach's on other cells, blunders, mistakes and moves as good as the coach's."""
    return finished_ui(seed=3, difficulty=Difficulty.NIGHTMARE)


@functools.cache
def decisions() -> tuple[Decision, ...]:
    ui = game_over()
    ui.press("review")
    for _ in ui.review.steps():
        pass
    return ui.view().shows.summary.decisions


def decision(kind: str, *, same: bool | None = None, mark: bool | None = None) -> Decision:
    """The first decision of the game of ``kind`` (with ``same``, with a ``mark`` or not)."""
    return next(
        d
        for d in decisions()
        if d.kind == kind
        and (same is None or d.same is same)
        and (mark is None or bool(d.mark) is mark)
    )


# -- what each dialog should show, from its view -----------------------------------------------
def face(value: int) -> str:
    """A little board cell's ``data-value``: its die's face, "0" when it holds none."""
    return str(value) if value > 0 else "0"


def dice(name: str, rolled: tuple[int, ...], staged: frozenset[int] = frozenset()) -> Drawn:
    """Four dice: those rolled and still in the tray show their face, the others blank."""
    drawn: Drawn = {}
    for d in range(4):
        tray = d < len(rolled) and d not in staged
        drawn[(f"mini:{name}-die.{d}", "data-state")] = "available" if tray else "blank"
        drawn[(f"mini:{name}-die.{d}", "data-value")] = str(rolled[d]) if tray else "0"
    return drawn


def watched(view: WatchView) -> Drawn:
    game = view.step.game
    drawn: Drawn = {}
    for i, value in enumerate(game.staged_board):
        drawn[(f"mini:watch-cell.{i}", "data-state")] = cell_state(value)
        drawn[(f"mini:watch-cell.{i}", "data-value")] = face(value)
    drawn |= dice("watch", game.dice, frozenset(game.staged))
    score = game.score
    drawn[("id:watch-score", "text")] = f"−{-score}" if score < 0 else str(score)
    drawn[("id:watch-step", "text")] = T("watch.step", n=view.at, total=view.last)
    key, params = view.step.said
    drawn[("id:watch-said", "text")] = T(key, **params)
    drawn[("in:watch.watch-back", "disabled")] = view.at == 0
    drawn[("in:watch.watch-forward", "disabled")] = view.at == view.last
    drawn[("in:watch.watch-play", "disabled")] = False
    play = "button.watch.pause" if view.playing else "button.watch.play"
    drawn[("in:watch.watch-play", "text")] = EN[play]
    drawn[("in:watch.watch-play", "aria-pressed")] = "true" if view.playing else "false"
    return drawn


def boards(name: str, chosen: Decision | None) -> Drawn:
    """The board before the decision twice: hers with her dice staged (her RUIN a ruin), the
    coach's with its dice as ghosts ("ruin" on its RUIN); an empty board when none is on show."""
    board = chosen.before.board if chosen else (EMPTY,) * CELLS
    drawn: Drawn = {}
    for i, value in enumerate(board):
        state, shown = cell_state(value), value
        if chosen and i in chosen.player.ghosts:
            state, shown = "staged", chosen.player.ghosts[i]
        elif chosen and chosen.player.ruin == i:
            state = "ruin"
        drawn[(f"mini:{name}-cell.{i}", "data-state")] = state
        drawn[(f"mini:{name}-cell.{i}", "data-value")] = face(shown)
        drawn[(f"mini:{name}-coach.{i}", "data-state")] = cell_state(value)
        drawn[(f"mini:{name}-coach.{i}", "data-value")] = face(value)
        ghost = None
        if chosen and chosen.coach.ruin == i:
            ghost = "ruin"
        elif chosen and i in chosen.coach.ghosts:
            ghost = str(chosen.coach.ghosts[i])
        drawn[(f"mini:{name}-coach.{i}", "data-ghost")] = ghost
    return drawn | dice(name, chosen.before.dice if chosen else ())


def summarised(view: ReviewView) -> Drawn:
    summary = view.summary
    if summary is None:
        working = T("review.working", n=view.ready, total=view.total)
        return {
            ("id:review-summary", "data-review-total"): None,
            ("id:review-summary", "children"): [["p", working, {"class": "review-working"}, []]],
        }
    lines = [
        ["p", T("review.total", count=summary.total), {}, []],
        ["p", T("review.share", percent=summary.percent), {}, []],
    ]
    if summary.costliest:
        jumps = []
        for index in summary.costliest:
            cost = summary.decisions[index]
            points = T("review.points", count=cost.loss)
            text = T("review.costliest.item", turn=cost.turn, points=points)
            jump = {"type": "button", "data-action": "review-jump", "data-value": str(index)}
            jumps.append(["button", text, jump, []])
        label = EN["review.costliest.label"]
        lines.append(["p", label, {"class": "review-costliest"}, jumps])
    return {
        ("id:review-summary", "data-review-total"): str(summary.total),
        ("id:review-summary", "children"): lines,
    }


def reviewed(view: ReviewView, practise: bool) -> Drawn:
    chosen = view.decision
    drawn = boards("review", chosen)
    where = "id:review-decision"
    drawn[(where, "data-review-loss")] = None if chosen is None else str(chosen.loss)
    drawn[(where, "data-review-at")] = None if chosen is None else str(view.at)
    drawn[(where, "data-review-mark")] = None if chosen is None else chosen.mark
    if chosen is None:
        drawn[("id:review-step", "text")] = EN["review.thinking"]
    else:
        drawn[("id:review-step", "text")] = T("review.step", n=view.at + 1, total=view.total)
    mark = chosen.mark if chosen else None
    drawn[("id:review-mark", "text")] = EN[f"review.mark.{mark}"] if mark else ""
    drawn[("id:review-said", "text")] = describe(chosen, T) if chosen else ""
    drawn |= summarised(view)
    drawn[("in:review.review-back", "disabled")] = view.at == 0
    drawn[("in:review.review-next", "disabled")] = view.at >= view.ready - 1
    drawn[("in:review.send-puzzle", "data-value")] = view.code
    drawn[("in:review.send-puzzle", "disabled")] = view.code is None
    drawn[("in:review.practise", "hidden")] = not practise
    drawn[("in:review.practise", "disabled")] = not practise
    return drawn


def practised(view: PracticeView) -> Drawn:
    chosen = view.decision
    drawn: Drawn = {}
    if chosen is None:
        drawn[("dialog:practice", "data-state")] = "grading" if view.grading else "none"
        drawn[("dialog:practice", "data-practice-loss")] = None
        verdict = EN["practice.grading" if view.grading else "practice.none"]
    else:
        drawn[("dialog:practice", "data-state")] = "verdict"
        drawn[("dialog:practice", "data-practice-loss")] = str(chosen.loss)
        drawn[("dialog:practice", "data-solved")] = "true" if view.solved else "false"
        missed = T("practice.missed", count=chosen.loss)
        verdict = EN["practice.solved"] if view.solved else missed
    drawn[("id:practice-verdict", "text")] = verdict
    drawn[("id:practice-decision", "hidden")] = chosen is None
    drawn |= boards("drill", chosen)
    day: Any = ""
    if view.day is not None:
        before, after = EN["practice.from"].split("{date}")
        token = Token("date", view.day, "medium", "en-GB")
        day = tuple(p for p in (before, token, after) if p)
    drawn[("id:practice-from", "text")] = day
    drawn[("id:practice-said", "text")] = describe(chosen, T) if chosen else ""
    left = T("practice.left", count=view.left) if chosen and view.left else ""
    drawn[("id:practice-left", "text")] = left
    for action in ("practice-again", "practice-next"):
        drawn[(f"in:practice.{action}", "hidden")] = chosen is None
        last = action == "practice-next" and view.left == 0
        drawn[(f"in:practice.{action}", "disabled")] = chosen is None or last
    return drawn


# -- WATCH ----------------------------------------------------------------------------------------
def test_watching_draws_every_step_of_the_game_as_it_stood():
    ui = game_over()
    ui.press("watch", "nightmare:1")
    seen: list[WatchView] = []
    while True:
        view = ui.view().shows
        seen.append(view)
        assert draw("watch", view) == watched(view), view.at
        if not view.forward:
            break
        ui.press("watch-forward")
    assert [v.at for v in seen] == list(range(seen[-1].last + 1))
    games = [v.step.game for v in seen]
    # (the walk met the start with no dice, dice staged out of the tray beside others still
    # in it, a ruined cell, and words with parameters)
    assert games[0].dice == () and seen[0].step.said == ("replay.start", {})
    assert any(g.staged and len(g.staged) < len(g.dice) for g in games)
    assert any(RUIN in g.staged_board for g in games)
    assert any(v.step.said[1] for v in seen)
    ui.press("watch-play")  # (at the end: from the start again, playing)
    playing = ui.view().shows
    assert playing.playing and playing.at == 0
    assert draw("watch", playing) == watched(playing)


def test_a_staged_die_leaves_the_tray_and_shows_on_its_cell():
    ui = game_over()
    ui.press("watch", "nightmare:1")
    ui.press("watch-forward")
    rolled = ui.view().shows
    ui.press("watch-forward")
    staged = ui.view().shows
    (die, cell), value = staged.step.game.placements[0], rolled.step.game.dice[0]
    assert (die, staged.step.said) == (0, ("replay.stage", {"value": value, "row": 1, "column": 1}))
    before, after = draw("watch", rolled), draw("watch", staged)
    assert before[("mini:watch-die.0", "data-state")] == "available"
    assert after[("mini:watch-die.0", "data-state")] == "blank"
    assert after[("mini:watch-die.0", "data-value")] == "0"
    assert before[(f"mini:watch-cell.{cell}", "data-state")] == "empty"
    assert before[(f"mini:watch-cell.{cell}", "data-value")] == "0"
    assert after[(f"mini:watch-cell.{cell}", "data-state")] == "number"
    assert after[(f"mini:watch-cell.{cell}", "data-value")] == str(value)
    said = EN["replay.stage"].format(value=value, row=1, column=1)
    assert after[("id:watch-said", "text")] == said
    assert after[("id:watch-step", "text")] == EN["watch.step"].format(n=2, total=staged.last)


# -- REVIEW ---------------------------------------------------------------------------------------
def test_a_review_draws_each_state_from_thinking_to_every_decision_and_the_summary():
    ui = game_over()
    ui.press("review")
    thinking = ui.view().shows
    assert thinking.decision is None and thinking.summary is None
    assert draw("review", thinking) == reviewed(thinking, False)
    work = ui.review.steps()
    while ui.view().shows.ready < 3:
        next(work)
    ui.press("review-next")
    midway = ui.view().shows
    assert midway.decision is not None and midway.summary is None and midway.at == 1
    assert draw("review", midway) == reviewed(midway, False)
    for _ in work:
        pass
    ui.press("review-back")
    shown: list[Decision] = []
    while True:
        view = ui.view().shows
        shown.append(view.decision)
        assert view.summary is not None
        assert draw("review", view, practise=True) == reviewed(view, True), view.at
        if not view.forward:
            break
        ui.press("review-next")
    assert shown == list(view.summary.decisions)
    # (among them: hers and the coach's RUIN on different cells, marked and unmarked ones, a
    # costly summary)
    assert any(d.player.ruin is not None and d.coach.ruin != d.player.ruin for d in shown)
    assert {d.mark for d in shown} >= {None, "blunder", "mistake"}
    assert len(view.summary.costliest) > 1


def test_the_review_of_a_ruin_crosses_her_cell_and_ghosts_the_coachs():
    chosen = decision("ruin", same=False)
    ruin, coach = chosen.player.ruin, chosen.coach.ruin
    view = ReviewView(8, 8, chosen.index, chosen, None, True, True)
    drawn = draw("review", view)
    assert drawn == reviewed(view, False)
    board = chosen.before.board
    assert board[ruin] == board[coach] == EMPTY
    assert drawn[(f"mini:review-cell.{ruin}", "data-state")] == "ruin"
    assert drawn[(f"mini:review-coach.{ruin}", "data-state")] == "empty"
    assert drawn[(f"mini:review-coach.{coach}", "data-ghost")] == "ruin"
    assert drawn[(f"mini:review-cell.{coach}", "data-state")] == "empty"
    ruined = board.index(RUIN)
    assert drawn[(f"mini:review-cell.{ruined}", "data-state")] == "ruin"
    assert drawn[(f"mini:review-coach.{ruined}", "data-value")] == "0"
    assert drawn[("id:review-mark", "text")] == EN[f"review.mark.{chosen.mark}"]
    assert drawn[("id:review-decision", "data-review-mark")] == chosen.mark
    assert drawn[("id:review-step", "text")] == f"Decision {chosen.index + 1} of 8"
    assert drawn[("in:review.review-back", "disabled")] is False
    assert drawn[("in:review.practise", "hidden")] is True


def test_a_summary_with_nothing_given_up_lists_no_costliest():
    free = tuple(d for d in decisions() if d.loss == 0)
    summary = Summary(free, 0, (), len(free))
    view = ReviewView(len(free), len(free), 0, free[0], summary, False, True)
    drawn = draw("review", view)
    assert drawn == reviewed(view, False)
    assert drawn[("id:review-summary", "children")] == [
        ["p", T("review.total", count=0), {}, []],
        ["p", EN["review.share"].replace("{percent}", "100"), {}, []],
    ]
    assert drawn[("id:review-mark", "text")] == ""
    assert drawn[("id:review-decision", "data-review-mark")] is None


# -- PRACTISE -------------------------------------------------------------------------------------
def test_practice_draws_nothing_waiting_and_her_answer_weighed_without_a_board():
    for view in (
        PracticeView(False, None, False, 0, None, NO_COUNTS),
        PracticeView(True, None, False, 2, "2026-11-30", NO_COUNTS),
    ):
        drawn = draw("practice", view)
        assert drawn == practised(view)
        assert drawn[("id:practice-left", "text")] == ""
        assert ("dialog:practice", "data-solved") not in drawn
        assert drawn[("mini:drill-die.0", "data-state")] == "blank"


def test_practice_draws_the_verdict_beside_the_coachs_move():
    missed = decision("ruin", same=False)
    placed = decision("place", mark=True)
    solved = decision("place", same=True)
    assert missed.loss >= SOLVED_BELOW > solved.loss
    for chosen, left, day in ((missed, 2, "2026-11-30"), (placed, 1, None), (solved, 0, None)):
        view = PracticeView(False, chosen, chosen.loss < SOLVED_BELOW, left, day, NO_COUNTS)
        assert draw("practice", view) == practised(view), (chosen.index, left)
    view = PracticeView(False, missed, False, 2, "2026-11-30", NO_COUNTS)
    drawn = draw("practice", view)
    assert drawn[("dialog:practice", "data-state")] == "verdict"
    assert drawn[("dialog:practice", "data-solved")] == "false"
    assert drawn[("id:practice-verdict", "text")] == EN["practice.missed"]["other"].replace(
        "{count}", str(missed.loss)
    )
    assert drawn[("id:practice-left", "text")] == EN["practice.left"]["other"].replace(
        "{count}", "2"
    )
    assert drawn[("id:practice-from", "text")] == (
        EN["practice.from"].split("{")[0],
        Token("date", "2026-11-30", "medium", "en-GB"),
    )
    assert drawn[(f"mini:drill-cell.{missed.player.ruin}", "data-state")] == "ruin"
    assert drawn[(f"mini:drill-coach.{missed.coach.ruin}", "data-ghost")] == "ruin"
    assert drawn[("in:practice.practice-next", "disabled")] is False
    good = draw("practice", replace(view, decision=solved, solved=True, left=0, day=None))
    assert good[("dialog:practice", "data-solved")] == "true"
    assert good[("id:practice-verdict", "text")] == EN["practice.solved"]
    assert good[("in:practice.practice-next", "disabled")] is True
    assert good[("in:practice.practice-again", "disabled")] is False
    assert good[("id:practice-from", "text")] == ""
    for cell, value in solved.player.ghosts.items():
        assert good[(f"mini:drill-cell.{cell}", "data-state")] == "staged"
        assert good[(f"mini:drill-cell.{cell}", "data-value")] == str(value)
        assert good[(f"mini:drill-coach.{cell}", "data-ghost")] == str(value)


def test_the_node_shapes_compared_are_the_painters_nodes():
    # (children are compared as node_json lists: a sanity check of that reading)
    node = Node("p", "x", (("class", "a"),), (Node("button", "y", (("type", "button"),)),))
    assert node_json(node) == ["p", "x", {"class": "a"}, [["button", "y", {"type": "button"}, []]]]
