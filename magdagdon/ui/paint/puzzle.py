"""PUZZLE: today's puzzle being worked out, her answer being weighed, then the verdict: the
points her move gave up (or that it is as good as the coach's), the coach's move as ghost
dice beside hers, how the friend who sent it did, and the streak of days answered."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from .boards import decision_board
from .words import Said, Words, Write

if TYPE_CHECKING:
    from ..controls import Control
    from ..puzzles import PuzzleView

__all__ = ["puzzle"]


def _verdict(w: Words, view: PuzzleView) -> Said:
    decision = view.decision
    if view.state == "finding":
        return w.s("puzzle.finding")
    if decision is None:
        return w.s("puzzle.grading")
    if decision.loss == 0:
        return w.s("puzzle.best")
    return w.s("puzzle.lost", count=decision.loss)


def _after(w: Words, view: PuzzleView) -> tuple[Said, Said]:
    """What follows the verdict: how the friend did (a friend's puzzle), or the streak (the
    day's: counted, else that only the day's first answer counts)."""
    if view.decision is None:
        return "", ""
    friend: Said = ""
    if view.lost is not None:
        friend = w.s("puzzle.friend.best" if view.lost == 0 else "puzzle.friend.lost",
                     count=view.lost)  # fmt: skip
    if view.day is None:
        return friend, ""
    streak = view.counts.streak
    return friend, w.s("puzzle.streak", count=streak) if view.counted else w.s("puzzle.once")


def puzzle(w: Words, view: PuzzleView, actions: Mapping[str, Control]) -> Iterator[Write]:
    """The puzzle dialog (see the module)."""
    from ...puzzles import said

    decision = view.decision
    yield ("dialog:puzzle", "data-state", view.state)
    yield ("dialog:puzzle", "data-puzzle-loss", None if decision is None else str(decision.loss))
    title = (
        "puzzle.title.friend" if view.day is None and view.state != "finding" else "puzzle.title"
    )
    yield ("id:puzzle-title", "text", w.s(title))
    yield ("id:puzzle-verdict", "text", _verdict(w, view))
    yield ("id:puzzle-decision", "hidden", decision is None)
    yield from decision_board("puzzle", decision)
    line = "" if decision is None else said(decision, w.tr.t)
    if view.why is not None:
        line = f"{line} {w.tr.t(view.why)}"  # (as HINT says why a power or a ruin is worth it)
    yield ("id:puzzle-said", "text", line)
    friend, streak = _after(w, view)
    yield ("id:puzzle-friend", "text", friend)
    yield ("id:puzzle-streak", "text", streak)
    for action in ("puzzle-again", "send-puzzle"):
        yield (f"in:puzzle.{action}", "hidden", decision is None)
        yield (f"in:puzzle.{action}", "disabled", not actions[action].enabled)
    yield ("in:puzzle.send-puzzle", "data-value", view.code)
