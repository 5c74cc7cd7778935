"""The backup screen in the controller (magdagdon/ui/backup.py) over a real session: a code
made, copied and restored on another device, a game a step (merged: nothing lost, nothing
counted twice), every bad code said and refused, and restoring and downloading only there."""

from __future__ import annotations

import pytest

from magdagdon.records import HISTORY_KEY
from magdagdon.rules import Difficulty
from magdagdon.ui import Controller, Message

from .greedy import finished
from .sessions import new_session, player

SURVIVAL, NIGHTMARE = Difficulty.SURVIVAL, Difficulty.NIGHTMARE


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
    seeds = sorted(p.seed for p in other.session.history().records)
    assert seeds == [1, 2, 3]
    want = sorted((finished(SURVIVAL, s).score for s in (1, 3)), reverse=True)
    assert [e.score for e in other.scores.best(SURVIVAL)] == want
    assert [e.seed for e in other.scores.best(NIGHTMARE)] == [2]
    other.press("import-go", code)  # the same backup again adds nothing
    assert list(other.backup.import_steps()) == []
    assert other.backup.said == Message("backup.imported", {"count": 0, "refused": 0})
    assert len(other.session.history()) == 3


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
    assert HISTORY_KEY not in fresh.session.records.store.data or not fresh.session.history()


def test_restoring_and_downloading_answer_only_in_the_backup_screen():
    ui = player([(SURVIVAL, 1)])
    for action in ("import-go", "download"):
        assert not ui.controls().actions[action].enabled
        assert ui.press(action, "MGD1.x.00000000") is False
    assert ui.backup.code is None and ui.backup.said is None


def test_the_backup_screen_shows_the_code_made_and_what_the_import_said():
    ui = player([(SURVIVAL, 1)])
    ui.press("export")
    shown = ui.view().shows
    assert shown.code == ui.backup.code and shown.code.startswith("MGD1.")
    assert shown.said is None
    ui.press("import-go", "hello")
    assert ui.view().shows.said == Message("backup.error.foreign", alert=True)
    ui.press("close")
    ui.press("import")  # opened again: the last import's words are gone
    assert ui.backup.said is None and ui.view().shows.said is None


def test_each_game_of_a_backup_is_replayed_once_and_the_scores_follow(monkeypatch):
    import magdagdon.backup as backup

    ui = player([(SURVIVAL, 1), (NIGHTMARE, 2)])
    ui.press("export")
    code = ui.backup.code
    other = player([(SURVIVAL, 3)])
    own = other.ui.own_tab
    other.press("scores")
    other.press("scores-tab", "daily")
    assert other.scores.tab != own
    replayed = []
    verify = backup.verify
    monkeypatch.setattr(backup, "verify", lambda played: replayed.append(played) or verify(played))
    other.press("import")
    other.take_effects()
    other.press("import-go", code)
    assert other.take_effects() == ["import"]
    list(other.backup.import_steps())
    assert sorted(p.seed for p in replayed) == [1, 2], "each game only it has, once"
    assert other.scores.tab == own, "the merged scores are shown from the game's own tab"
