"""The statistics and backup screens in the controller (magdagdon/ui/: scores.py, watch.py,
backup.py) over a real session:
what the statistics are of, a backup code made, copied and restored on another device (merged:
nothing lost, nothing counted twice), and every bad code said and refused."""

from __future__ import annotations

import pytest

from magdagdon.game import Game
from magdagdon.records import HISTORY_KEY, MemoryStore
from magdagdon.rules import Difficulty
from magdagdon.ui import Controller, Message

from .greedy import finished
from .sessions import new_session

SURVIVAL, NIGHTMARE = Difficulty.SURVIVAL, Difficulty.NIGHTMARE


def player(games: list[tuple[Difficulty, int]], store: MemoryStore | None = None) -> Controller:
    """A controller over a store where ``games`` were played to the end, in order."""
    ui = Controller(new_session(store))
    for difficulty, seed in games:
        ui.session.new_game(difficulty, seed)
        for move in finished(difficulty, seed).moves:
            ui.session.apply(move)
    ui.dialog = None
    return ui


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


def test_a_backup_restored_on_another_device_merges_without_loss_or_twins():
    mine = player([(SURVIVAL, 1), (NIGHTMARE, 2)])
    mine.press("settings")
    assert not mine.controls().actions["copy-code"].enabled
    mine.press("export")
    assert mine.dialog == "backup"
    code = mine.backup.code
    assert code.startswith("MGD1.")
    assert mine.press("copy-code") and mine.take_effects() == ["copy-code"]

    other = player([(SURVIVAL, 3)])
    other.press("settings")
    other.press("import")
    assert other.dialog == "backup" and other.take_effects() == ["focus-import"]
    other.press("import-go", code)
    assert other.backup.said == Message("backup.importing")  # the page checks its games...
    assert other.take_effects() == ["import"]
    assert not other.press("import-go", code), "one restore at a time"
    steps = list(other.backup.import_steps())
    assert len(steps) == 2, "a game a step"
    assert other.backup.said == Message("backup.imported", {"count": 2, "refused": 0})
    assert other.controls().actions["import-go"].enabled
    seeds = sorted(p.seed for p in other.session.history.records)
    assert seeds == [1, 2, 3]
    want = sorted((finished(SURVIVAL, s).score for s in (1, 3)), reverse=True)
    assert [e.score for e in other.scores.best(SURVIVAL)] == want
    assert [e.seed for e in other.scores.best(NIGHTMARE)] == [2]
    other.press("import-go", code)  # the same backup again adds nothing
    assert list(other.backup.import_steps()) == []
    assert other.backup.said == Message("backup.imported", {"count": 0, "refused": 0})
    assert len(other.session.history) == 3


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "empty"),
        ("hello", "foreign"),
        ("MGD9.abc.12345678", "newer"),
        ("MGD", "truncated"),
        ("x" * 10_000_000, "too-big"),
    ],
)
def test_a_bad_backup_is_said_and_changes_nothing(text, problem):
    ui = player([(SURVIVAL, 1)])
    store = ui.session.records.store
    before = dict(store.data)
    ui.press("import")
    ui.press("import-go", text)
    assert ui.backup.said == Message(f"backup.error.{problem}", alert=True)
    assert store.data == before


def test_a_tampered_code_is_damaged_and_refused():
    ui = player([(SURVIVAL, 1), (SURVIVAL, 2)])
    ui.press("export")
    code = ui.backup.code
    body, _, check = code.rpartition(".")
    tampered = body[:-3] + ("A" if body[-3] != "A" else "B") + body[-2:] + "." + check
    fresh = Controller(new_session())
    fresh.press("import")
    fresh.press("import-go", tampered)
    list(fresh.backup.import_steps())
    assert fresh.backup.said.key == "backup.error.damaged"
    assert HISTORY_KEY not in fresh.session.records.store.data or not fresh.session.history


def test_restoring_and_downloading_answer_only_in_the_backup_screen():
    ui = player([(SURVIVAL, 1)])
    for action in ("import-go", "download"):
        assert not ui.controls().actions[action].enabled
        assert ui.press(action, "MGD1.x.00000000") is False
    assert ui.backup.code is None and ui.backup.said is None


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
