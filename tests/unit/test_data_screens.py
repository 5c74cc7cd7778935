"""The statistics and watching screens in the controller (magdagdon/ui/: scores.py, watch.py)
over a real session: what the statistics are of, a best score watched move by move, and what
cannot be watched. (The backup screen: test_backup_screen.py.)"""

from __future__ import annotations

import pytest

from magdagdon.game import Game
from magdagdon.records import MemoryStore
from magdagdon.rules import Difficulty
from magdagdon.ui import Controller

from .greedy import finished
from .sessions import new_session, player

SURVIVAL, NIGHTMARE = Difficulty.SURVIVAL, Difficulty.NIGHTMARE


def test_statistics_are_of_the_difficulty_on_show():
    ui = player([(SURVIVAL, 1), (SURVIVAL, 2), (NIGHTMARE, 3)])
    ui.press("scores")
    ui.press("scores-tab", "survival")
    ui.press("stats")
    assert ui.dialog == "stats"
    figures, scores = ui.scores.statistics()
    assert figures.games == 2
    assert scores == [finished(SURVIVAL, 1).score, finished(SURVIVAL, 2).score]
    assert figures.best == max(scores)
    ui.press("scores-tab", "nightmare")
    figures, scores = ui.scores.statistics()
    assert (figures.games, scores) == (1, [finished(NIGHTMARE, 3).score])
    assert figures.streak == 1 and figures.days == 1  # all played on TODAY (sessions.py)


def test_no_games_yet_gives_empty_statistics():
    ui = Controller(new_session())
    ui.press("stats")
    figures, scores = ui.scores.statistics()
    assert figures.games == 0 and scores == [] and figures.mean is None


# -- watching a finished game ----------------------------------------------------------------------
def test_a_best_score_is_watched_move_by_move_to_its_final_board():
    ui = player([(SURVIVAL, 1), (SURVIVAL, 2)])
    best = max((finished(SURVIVAL, s) for s in (1, 2)), key=lambda g: g.score)
    assert ui.scores.watchable(SURVIVAL) == [True, True]
    ui.press("scores")
    ui.press("watch", "survival:1")
    assert ui.dialog == "watch" and ui.watch.at == 0
    assert len(ui.watch.watched) == len(best.moves) + 1
    assert ui.watch.watched[0].game == Game.new(SURVIVAL, best.seed)
    table = ui.controls().actions
    assert not table["watch-back"].enabled and table["watch-forward"].enabled
    assert ui.key("ArrowRight") is True and ui.watch.at == 1
    assert ui.watch.watched[1].said[0] == "replay.roll"
    assert ui.key("ArrowLeft") is True and ui.watch.at == 0
    ui.press("watch-play")
    assert ui.take_effects() == ["watch-play"] and ui.watch.playing
    while ui.watch.tick():
        pass
    assert ui.watch.at == len(ui.watch.watched) - 1 and not ui.watch.playing
    assert ui.watch.watched[ui.watch.at].game.board == best.board
    assert ui.watch.watched[ui.watch.at].game.score == best.score
    assert not ui.controls().actions["watch-forward"].enabled
    ui.press("watch-play")  # at the end: from the start again
    assert ui.watch.at == 0 and ui.watch.playing
    ui.press("close")
    assert ui.dialog is None and ui.watch.watched is None and not ui.watch.tick()


@pytest.mark.parametrize("value", ["survival:0", "survival:3", "survival:x", "chess:1", "", "1"])
def test_watching_a_line_that_is_not_there_does_nothing(value):
    ui = player([(SURVIVAL, 1), (SURVIVAL, 2)])
    ui.press("scores")
    ui.press("watch", value)
    assert ui.dialog == "scores" and ui.watch.watched is None


def test_a_best_score_carried_over_from_an_older_release_cannot_be_watched():
    import json

    from magdagdon.records import best_key

    store = MemoryStore(
        {
            best_key(SURVIVAL): json.dumps(
                {
                    "schema": 1,
                    "entries": [
                        {"score": 500, "date": "2026-10-01", "turns": 9, "powers": 0, "seed": 4}
                    ],
                }
            )
        }
    )
    ui = player([(SURVIVAL, 1)], store)
    assert ui.scores.watchable(SURVIVAL) == [False, True]
    ui.press("scores")
    ui.press("watch", "survival:1")
    assert ui.watch.watched is None
