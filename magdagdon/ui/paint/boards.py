"""The dialogs with little boards: WATCH (a game step by step), REVIEW (a decision beside the
coach's) and PRACTISE (her answer graded). Their cells are drawn as the game's board draws
them (:func:`~magdagdon.ui.paint.board.cell_state`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from ...rules import EMPTY, SIZE
from ...share import number
from .board import cell_state
from .tables import offers
from .words import Node, Words, Write, node

if TYPE_CHECKING:
    from ...review import Decision
    from ..controls import Control
    from ..practice import PracticeView
    from ..review import ReviewView
    from ..watch import WatchView

__all__ = ["practice", "review", "watch"]

Actions = Mapping[str, "Control"]


def _dice(
    name: str, dice: tuple[int, ...], hidden: frozenset[int] = frozenset()
) -> Iterator[Write]:
    """The four dice of a little board: ``dice`` shown, but those in ``hidden``."""
    for d in range(4):
        shown = d < len(dice) and d not in hidden
        yield (f"mini:{name}-die.{d}", "data-state", "available" if shown else "blank")
        yield (f"mini:{name}-die.{d}", "data-value", str(dice[d]) if shown else "0")


def watch(w: Words, view: WatchView, actions: Actions) -> Iterator[Write]:
    """One step of a game watched: its board and dice, its score, what the move was."""
    game = view.step.game
    for i, value in enumerate(game.staged_board):
        yield (f"mini:watch-cell.{i}", "data-state", cell_state(value))
        yield (f"mini:watch-cell.{i}", "data-value", str(max(value, 0)))
    yield from _dice("watch", game.dice, frozenset(game.staged))
    yield ("id:watch-score", "text", number(game.score))
    yield ("id:watch-step", "text", w.s("watch.step", n=view.at, total=view.last))
    key, params = view.step.said
    yield ("id:watch-said", "text", w.s(key, **params))
    yield ("in:watch.watch-back", "disabled", not view.back)
    yield ("in:watch.watch-forward", "disabled", not view.forward)
    yield ("in:watch.watch-play", "disabled", False)
    play = "pause" if view.playing else "play"
    yield ("in:watch.watch-play", "text", w.s(f"button.watch.{play}"))
    yield ("in:watch.watch-play", "aria-pressed", "true" if view.playing else "false")


def decision_board(name: str, decision: Decision | None) -> Iterator[Write]:
    """The board before ``decision`` twice (the dialog's ``data-<name>-…`` cells): with the
    player's dice staged (her ruin ruined), and with the coach's move as ghost dice (a crossed
    cell for its ruin), as HINT draws it."""
    board = decision.before.board if decision else (EMPTY,) * (SIZE * SIZE)
    player, coach = (decision.player, decision.coach) if decision else (None, None)
    for i, value in enumerate(board):
        state, shown = cell_state(value), value
        if player is not None and i in player.ghosts:
            state, shown = "staged", player.ghosts[i]
        elif player is not None and player.ruin == i:
            state = "ruin"
        yield (f"mini:{name}-cell.{i}", "data-state", state)
        yield (f"mini:{name}-cell.{i}", "data-value", str(max(shown, 0)))
        ghost = None if coach is None else "ruin" if coach.ruin == i else coach.ghosts.get(i)
        yield (f"mini:{name}-coach.{i}", "data-state", cell_state(value))
        yield (f"mini:{name}-coach.{i}", "data-value", str(max(value, 0)))
        yield (f"mini:{name}-coach.{i}", "data-ghost", None if ghost is None else str(ghost))
    yield from _dice(name, decision.before.dice if decision else ())


def _describe(w: Words, decision: Decision) -> str:
    """The decision in words (the review module is loaded by now: a decision is on show)."""
    from ...review import describe

    return describe(decision, w.tr.t)


def review(w: Words, view: ReviewView, actions: Actions) -> Iterator[Write]:
    """REVIEW: the decision on show (the board before it, the player's dice staged, the coach's
    as ghost dice, its loss and mark, its words), and the summary once worked out."""
    decision = view.decision
    yield from decision_board("review", decision)
    if decision is None:
        step, said, mark = w.s("review.thinking"), "", ""
    else:
        step = w.s("review.step", n=view.at + 1, total=view.total)
        mark = w.s(f"review.mark.{decision.mark}") if decision.mark else ""
        said = _describe(w, decision)
    where = "id:review-decision"
    yield (where, "data-review-loss", None if decision is None else str(decision.loss))
    yield (where, "data-review-at", None if decision is None else str(view.at))
    yield (where, "data-review-mark", (decision.mark or None) if decision else None)
    yield ("id:review-step", "text", step)
    yield ("id:review-mark", "text", mark)
    yield ("id:review-said", "text", said)
    yield from _summary(w, view)
    yield ("in:review.review-back", "disabled", not view.back)
    yield ("in:review.review-next", "disabled", not view.forward)
    yield ("in:review.send-puzzle", "data-value", view.code)
    yield ("in:review.send-puzzle", "disabled", view.code is None)
    yield from offers("review", actions)


def _summary(w: Words, view: ReviewView) -> Iterator[Write]:
    """The summary: the points given up in all, the share, the costliest (tap to go there);
    while it is worked out, how far it has come."""
    summary = view.summary
    if summary is None:
        yield ("id:review-summary", "data-review-total", None)
        said = w.s("review.working", n=view.ready, total=view.total)
        yield ("id:review-summary", "children", (node("p", said, cls="review-working"),))
        return
    from ...review import summary_words

    yield ("id:review-summary", "data-review-total", str(summary.total))
    lines: list[Node] = [node("p", line) for line in summary_words(summary, w.tr.t)[:2]]
    if summary.costliest:
        jumps = []
        for index in summary.costliest:
            decision = summary.decisions[index]
            points = w.s("review.points", count=decision.loss)
            text = w.s("review.costliest.item", turn=decision.turn, points=points)
            jumps.append(
                node(
                    "button", text, type="button", data_action="review-jump", data_value=str(index)
                )
            )
        lines.append(node("p", w.s("review.costliest.label"), *jumps, cls="review-costliest"))
    yield ("id:review-summary", "children", tuple(lines))


def practice(w: Words, view: PracticeView, actions: Actions) -> Iterator[Write]:
    """PRACTISE: her answer being weighed, then the verdict (solved, or the points her move
    gave up, with the coach's move as ghost dice beside hers), or that nothing waits."""
    decision = view.decision
    state = "grading" if view.grading else "none" if decision is None else "verdict"
    yield ("dialog:practice", "data-state", state)
    if decision is None:
        yield ("dialog:practice", "data-practice-loss", None)
        verdict = w.s("practice.grading") if view.grading else w.s("practice.none")
    else:
        yield ("dialog:practice", "data-practice-loss", str(decision.loss))
        yield ("dialog:practice", "data-solved", "true" if view.solved else "false")
        missed = w.s("practice.missed", count=decision.loss)
        verdict = w.s("practice.solved") if view.solved else missed
    yield ("id:practice-verdict", "text", verdict)
    yield ("id:practice-decision", "hidden", decision is None)
    yield from decision_board("drill", decision)
    day = "" if view.day is None else w.t("practice.from", date=w.date(view.day, "medium"))
    yield ("id:practice-from", "text", day)
    yield ("id:practice-said", "text", "" if decision is None else _describe(w, decision))
    left = view.left and decision is not None
    yield ("id:practice-left", "text", w.s("practice.left", count=view.left) if left else "")
    for action in ("practice-again", "practice-next"):
        yield (f"in:practice.{action}", "hidden", decision is None)
        off = decision is None or (action == "practice-next" and not view.left)
        yield (f"in:practice.{action}", "disabled", off)
