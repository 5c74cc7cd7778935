"""The game-over sheet's painter (magdagdon/ui/paint/over.py), read in CPython against the view
its part makes: the title, the final score taken apart, its place, the coach's score or par,
the hints used, a challenge's verdict, a daily roll's day and streak, the best table of its kind
and the buttons. What is expected is worked out here from the game and the catalogue."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from magdagdon.i18n import Translator
from magdagdon.message import Message
from magdagdon.rules import Difficulty
from magdagdon.share import number
from magdagdon.ui.controls import Control
from magdagdon.ui.over import OverView
from magdagdon.ui.paint import PAINTERS, Node, Token, Words
from magdagdon.ui.paint.over import breakdown

from .catalogues import CATALOGS
from .greedy import finished

TR = Translator(CATALOGS, "en")
EN = CATALOGS["en"]


def fill(key: str, **params: object) -> str:
    return TR.t(key, **params)


def words() -> Words:
    return Words(TR, ["en-GB"])


def sheet(
    view: OverView, practise: bool = False, nudge: bool = False
) -> dict[tuple[str, str], Any]:
    actions = {"practise": Control(practise, practise), "backup-now": Control(nudge, nudge)}
    actions["puzzle"] = Control(True, True)  # (today's puzzle waits)
    return {(e, w): v for e, w, v in PAINTERS["over"](words(), view, actions)}


def ordinary(**changes: Any) -> OverView:
    game = finished(Difficulty.NIGHTMARE, 5)
    view = OverView(
        game=game,
        day=None,
        practice=False,
        streak=(0, 0),
        verdict=None,
        won=False,
        rank=None,
        coach=None,
        tab=Difficulty.NIGHTMARE,
        entries=(),
        watchable=(),
        again=False,
        resumes=False,
    )
    return replace(view, **changes)


def cells(line: Node) -> list[tuple[object, str | None]]:
    return [(c.text, dict(c.attrs).get("class")) for c in line.children]


def test_an_ordinary_game_its_title_score_and_lines_while_the_coach_plays():
    view = ordinary()
    shown = sheet(view)
    game = view.game
    assert shown[("id:over-title", "text")] == EN["gameover.title"]
    assert shown[("id:final-score", "text")] == number(game.breakdown.total)
    assert shown[("id:over-daily", "text")] == "" and shown[("id:over-streak", "text")] == ""
    assert shown[("id:over-verdict", "text")] == ""
    assert shown[("id:over-verdict", "data-won")] == "false"
    assert shown[("id:over-rank", "text")] == EN["gameover.unranked"]
    assert shown[("id:over-rank", "data-best")] == "false"
    assert shown[("id:over-coach", "text")] == EN["gameover.coach.thinking"]
    assert shown[("id:over-coach", "data-thinking")] == "true"
    hints = fill("gameover.hints", count=game.hints) if game.hints else ""
    assert shown[("id:over-hints", "text")] == hints
    name = EN["difficulty.nightmare"]
    assert shown[("id:over-table-title", "text")] == fill(
        "scores.title.difficulty", difficulty=name
    )
    assert shown[("id:over-table", "children")] == (
        Node("p", EN["scores.empty"], (("class", "empty-table"),)),
    )
    assert shown[("in:over.daily-again", "hidden")] is True
    assert shown[("id:over-new-game", "text")] == EN["button.new_game"]
    assert shown[("id:over-breakdown", "children")] == (breakdown(words(), game.breakdown),)
    assert shown[("in:over.practise", "hidden")] is True
    assert shown[("in:over.practise", "disabled")] is True
    assert shown[("nudge:over", "hidden")] is True
    assert shown[("in:over.puzzle", "hidden")] is False


def test_the_coachs_score_a_best_a_place_and_a_challenge_won():
    shown = sheet(ordinary(coach=1234, rank=1, verdict=Message("status.ruin"), won=True))
    assert shown[("id:over-coach", "text")] == fill("gameover.coach", score=number(1234))
    assert shown[("id:over-coach", "data-thinking")] == "false"
    assert shown[("id:over-rank", "text")] == EN["gameover.new_best"]
    assert shown[("id:over-rank", "data-best")] == "true"
    assert shown[("id:over-verdict", "text")] == EN["status.ruin"]
    assert shown[("id:over-verdict", "data-won")] == "true"
    third = sheet(ordinary(rank=3, resumes=True, again=True), practise=True, nudge=True)
    name = EN["difficulty.nightmare"]
    assert third[("id:over-rank", "text")] == fill("gameover.rank", rank=3, difficulty=name)
    assert third[("id:over-rank", "data-best")] == "false"
    assert third[("id:over-new-game", "text")] == EN["button.your_game"]
    assert third[("in:over.daily-again", "hidden")] is False
    assert third[("in:over.practise", "hidden")] is False
    assert third[("in:over.practise", "disabled")] is False
    assert third[("nudge:over", "hidden")] is False


@pytest.mark.parametrize("practice", [False, True])
def test_a_daily_roll_names_its_day_for_intl_its_streak_and_its_par(practice):
    view = ordinary(day="2026-11-30", practice=practice, streak=(3, 7), rank=2, coach=None)
    shown = sheet(view)
    assert shown[("id:over-title", "text")] == EN["gameover.daily.title"]
    key = "gameover.daily.practice" if practice else "gameover.daily.official"
    said = shown[("id:over-daily", "text")]
    assert Token("date", "2026-11-30", "medium", "en-GB") in said
    before, _, after = EN[key].partition("{date}")
    assert said[0] == before and (len(said) == 2 or said[2] == after)
    assert shown[("id:over-streak", "text")] == fill("gameover.daily.streak", count=3, longest=7)
    assert shown[("id:over-coach", "text")] == EN["gameover.daily.par.thinking"]
    assert shown[("id:over-rank", "text")] == fill(
        "gameover.rank", rank=2, difficulty=EN["scores.daily"]
    )
    assert shown[("id:over-table-title", "text")] == EN["scores.daily.title"]
    par = sheet(replace(view, coach=88))
    assert par[("id:over-coach", "text")] == fill("gameover.daily.par", score=number(88))


def test_the_breakdown_is_base_each_bonus_line_ruins_powers_and_total():
    game = finished(Difficulty.PEACEFUL, 1)
    final = game.breakdown
    table = breakdown(words(), final)
    assert table.tag == "table"
    lines = list(table.children)
    assert cells(lines[0]) == [(EN["gameover.base"], None), (str(final.base), None)]
    won = [line for line in final.lines if line.bonus]
    assert won
    for line, shown in zip(won, lines[1 : 1 + len(won)], strict=True):
        bonus = line.bonus
        assert bonus is not None
        name = fill(
            "gameover.bonus_line",
            line=fill(f"line.{line.kind}", n=line.index + 1),
            bonus=EN["bonus." + bonus.value],
        )
        assert cells(shown) == [(name, "bonus-name"), (f"+{bonus.points}", None)]
    ruins, powers, total = lines[1 + len(won) :]
    neg = "neg" if final.ruin_penalty else None
    assert cells(ruins) == [
        (fill("gameover.ruins", count=final.ruins), None),
        (number(-final.ruin_penalty), neg),
    ]
    neg = "neg" if final.power_penalty else None
    assert cells(powers) == [
        (fill("gameover.powers", count=final.powers_used), None),
        (number(-final.power_penalty), neg),
    ]
    assert cells(total) == [(EN["gameover.total"], None), (number(final.total), None)]
    assert dict(total.attrs) == {"class": "total"}


def test_a_game_without_a_bonus_says_so_and_a_penalty_is_marked():
    for seed in range(1, 200):
        final = finished(Difficulty.NIGHTMARE, seed).breakdown
        if not any(line.bonus for line in final.lines) and (
            final.ruin_penalty or final.power_penalty
        ):
            break
    else:
        raise AssertionError("no such game among the seeds")
    lines = breakdown(words(), final).children
    assert cells(lines[1]) == [(EN["gameover.no_bonus"], None), ("+0", None)]
    marks = [cells(line)[1][1] for line in lines[2:4]]
    assert marks == ["neg" if final.ruin_penalty else None, "neg" if final.power_penalty else None]
