"""The game-over sheet: the final score taken apart, its place, the coach's score (a daily
roll's par), the challenge's verdict, the streak, the best scores of its kind. The first frame
of the next open keeps it, so a finished game reopened shows it in the first paint."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from ...share import number
from .tables import best_table, offers
from .words import Node, Words, Write, node, row

if TYPE_CHECKING:
    from ...rules import ScoreBreakdown
    from ..controls import Control
    from ..over import OverView

__all__ = ["over"]

Actions = Mapping[str, "Control"]


def over(w: Words, view: OverView, actions: Actions) -> Iterator[Write]:
    game = view.game
    daily = view.day is not None
    yield ("id:over-title", "text", w.s("gameover.daily.title" if daily else "gameover.title"))
    yield ("id:final-score", "text", number(game.breakdown.total))
    yield from _daily(w, view)
    yield ("id:over-verdict", "text", "" if view.verdict is None else w.say(view.verdict))
    yield ("id:over-verdict", "data-won", "true" if view.won else "false")
    yield from _rank(w, view.rank, game.difficulty.value, daily)
    yield from _coach(w, view.coach, game.hints, daily)
    yield ("id:over-breakdown", "children", (breakdown(w, game.breakdown),))
    if daily:
        title = w.s("scores.daily.title")
    else:
        title = w.s(
            "scores.title.difficulty", difficulty=w.s(f"difficulty.{game.difficulty.value}")
        )
    yield ("id:over-table-title", "text", title)
    table = best_table(w, view.tab, view.entries, view.rank, view.watchable)
    yield ("id:over-table", "children", table)
    yield ("in:over.daily-again", "hidden", not view.again)
    again = "button.your_game" if view.resumes else "button.new_game"
    yield ("id:over-new-game", "text", w.s(again))  # (as the button under the board says it)
    yield from offers("over", actions)


def _daily(w: Words, view: OverView) -> Iterator[Write]:
    """A daily roll's lines: official or practice, of which day, and the streak."""
    if view.day is None:
        yield ("id:over-daily", "text", "")
        yield ("id:over-streak", "text", "")
        return
    key = "gameover.daily.practice" if view.practice else "gameover.daily.official"
    yield ("id:over-daily", "text", w.t(key, date=w.date(view.day, "medium")))
    current, longest = view.streak
    yield ("id:over-streak", "text", w.s("gameover.daily.streak", count=current, longest=longest))


def _coach(w: Words, coach: int | None, hints: int, daily: bool) -> Iterator[Write]:
    """The coach's score on the player's dice (or that it is still playing them: on a daily
    roll, its par), and the hints the player used."""
    if coach is None:
        said = w.s("gameover.daily.par.thinking" if daily else "gameover.coach.thinking")
    else:
        said = w.s("gameover.daily.par" if daily else "gameover.coach", score=number(coach))
    yield ("id:over-coach", "text", said)
    yield ("id:over-coach", "data-thinking", "true" if coach is None else "false")
    yield ("id:over-hints", "text", w.s("gameover.hints", count=hints) if hints else "")


def _rank(w: Words, rank: int | None, difficulty: str, daily: bool) -> Iterator[Write]:
    """The line under the final score: a new best, the place in the table, or neither."""
    if rank == 1:
        said = w.s("gameover.new_best")
    elif rank is not None:
        name = w.s("scores.daily" if daily else f"difficulty.{difficulty}")
        said = w.s("gameover.rank", rank=rank, difficulty=name)
    else:
        said = w.s("gameover.unranked")
    yield ("id:over-rank", "text", said)
    yield ("id:over-rank", "data-best", "true" if rank == 1 else "false")


def breakdown(w: Words, final: ScoreBreakdown) -> Node:
    """The final score taken apart: base, each line bonus, ruins, powers, total."""
    lines = [row([(w.s("gameover.base"), None), (str(final.base), None)])]
    bonus_lines = [(line, bonus) for line in final.lines if (bonus := line.bonus)]
    for line, bonus in bonus_lines:
        name = w.s(
            "gameover.bonus_line",
            line=w.s(f"line.{line.kind}", n=line.index + 1),
            bonus=w.s("bonus." + bonus.value),
        )
        lines.append(row([(name, "bonus-name"), (f"+{bonus.points}", None)]))
    if not bonus_lines:
        lines.append(row([(w.s("gameover.no_bonus"), None), ("+0", None)]))
    for label, count, penalty in (
        ("gameover.ruins", final.ruins, final.ruin_penalty),
        ("gameover.powers", final.powers_used, final.power_penalty),
    ):
        lines.append(
            row([(w.s(label, count=count), None), (number(-penalty), "neg" if penalty else None)])
        )
    lines.append(row([(w.s("gameover.total"), None), (number(final.total), None)], "total"))
    return node("table", "", *lines)
