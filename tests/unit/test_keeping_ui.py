"""The invitation to install and the reminder to back up, through the controller and its table
(magdagdon/ui/keeping.py): INSTALL, NOT NOW, the SETTINGS and ABOUT offers, the nudge's BACKUP."""

from __future__ import annotations

import json

import pytest

from magdagdon.effects import Effect
from magdagdon.keeping import BACKED_KEY, Backed
from magdagdon.rules import Difficulty
from magdagdon.session import Session
from magdagdon.ui import Controller

from .controllers import play_to_the_end
from .sessions import Clock, FailingStore, new_session, player

SURVIVAL, NIGHTMARE = Difficulty.SURVIVAL, Difficulty.NIGHTMARE
DAY = "2026-12-05"


def chromium(ui: Controller, installed: bool = False) -> Controller:
    ui.keeping.tell(installed, "prompt", False)
    return ui


def a_game_finished(ui: Controller) -> Controller:
    """A new game played to the end by taps (its game-over sheet open)."""
    ui.press("new-game") if ui.session.in_progress or ui.game.is_over else None
    ui.dialog = None
    ui.press("roll")
    play_to_the_end(ui)
    assert ui.dialog == "over"
    return ui


def shown(ui: Controller, action: str) -> bool:
    return ui.controls().actions[action].shown


def reload(ui: Controller) -> Controller:
    return Controller(Session(ui.session.records.store, today=ui.session.today))


@pytest.fixture
def clock() -> Clock:
    return Clock(DAY)


def fresh(clock: Clock, seed: int = 3) -> Controller:
    return Controller(new_session(today=clock, seed=seed))


# -- the invitation -----------------------------------------------------------------------------
def test_after_her_first_finished_game_install_is_offered_and_asks_the_browser(clock):
    ui = chromium(fresh(clock))
    a_game_finished(ui)
    ui.take_effects()
    assert ui.press("close") and ui.dialog == "install"  # in the game-over sheet's place
    assert shown(ui, "install") and ui.controls().actions["install"].enabled
    assert ui.view().shows.how == "prompt"
    assert ui.view().shows.storage == "settings.storage.may-clear"
    assert ui.press("install")
    assert Effect.INSTALL in ui.take_effects() and ui.dialog is None


def test_never_where_it_runs_installed_nor_before_the_browser_has_said(clock):
    for ui in (fresh(clock), chromium(fresh(clock), installed=True)):
        a_game_finished(ui)
        ui.press("close")
        assert ui.dialog is None
        ui.press("settings")
        assert not shown(ui, "invite") and not shown(ui, "install")
        assert not ui.press("install")


def test_not_now_holds_across_a_reload_until_she_asks_from_settings(clock):
    ui = chromium(fresh(clock))
    a_game_finished(ui)
    ui.press("close")
    assert ui.press("install-later") and ui.dialog is None
    assert json.loads(ui.session.records.store.data[BACKED_KEY])["declined"] is True
    clock.day = "2026-12-09"
    ui = chromium(reload(ui))
    a_game_finished(ui)
    ui.press("close")
    assert ui.dialog is None  # not offered again
    ui.press("settings")
    assert shown(ui, "invite") and not shown(ui, "install")  # (only inside the invitation)
    ui.press("invite")
    assert ui.dialog == "install" and shown(ui, "install")
    ui.press("close")
    clock.day = "2026-12-10"
    a_game_finished(ui)
    ui.press("close")
    assert ui.dialog == "install"  # she asked: offered after a game again


def test_never_twice_the_same_day(clock):
    ui = chromium(fresh(clock))
    a_game_finished(ui)
    ui.press("close")
    ui.press("close")  # the invitation closed without an answer
    a_game_finished(ui)
    ui.press("close")
    assert ui.dialog is None
    clock.day = "2026-12-06"
    a_game_finished(ui)
    ui.press("close")
    assert ui.dialog == "install"


def test_a_new_game_from_the_game_over_sheet_leaves_the_invitation_for_another_game(clock):
    ui = chromium(fresh(clock))
    a_game_finished(ui)
    ui.press("new-game")
    assert ui.dialog is None and ui.keeping.backed.offered is None


def test_about_offers_it_and_the_iphone_sheet_has_no_install_button(clock):
    ui = fresh(clock)
    ui.keeping.tell(False, "ios", False, True)
    ui.press("about")
    assert shown(ui, "invite")
    ui.press("invite")
    view = ui.view().shows
    assert (view.how, view.storage) == ("ios", "settings.storage.safari")
    assert not shown(ui, "install") and not ui.press("install")
    ui.keeping.tell(False, "surely-not", False)
    assert ui.view().shows.how == "none"


# -- the reminder to back up --------------------------------------------------------------------
def test_one_game_then_fifteen_days_later_the_nudge_then_a_backup_clears_it(clock):
    ui = a_game_finished(fresh(clock))
    assert not shown(ui, "backup-now")
    clock.day = "2026-12-20"
    ui = reload(ui)
    assert ui.dialog == "over" and shown(ui, "backup-now")  # the game-over sheet
    ui.press("close")
    ui.press("scores")
    assert not shown(ui, "backup-now")  # (the best scores are not the statistics)
    ui.press("stats")
    assert shown(ui, "backup-now")
    assert ui.press("backup-now")
    assert ui.take_effects()[-1:] == [Effect.BACKUP_NOW]
    assert ui.keeping.code is not None and ui.keeping.code.startswith("MGD1.")
    assert not shown(ui, "backup-now")
    assert Backed.parse(json.loads(ui.session.records.store.data[BACKED_KEY])).at == "2026-12-20"


def test_ten_games_no_backup_holds_bring_it_and_the_backup_screen_clears_it(clock):
    ui = fresh(clock)
    for _ in range(9):
        a_game_finished(ui)
        assert not shown(ui, "backup-now")
    a_game_finished(ui)
    assert shown(ui, "backup-now")
    ui.press("close")
    ui.press("export")
    ui.press("copy-code")
    ui.press("close")
    ui.press("stats")
    assert not shown(ui, "backup-now")


def test_games_kept_before_this_release_count_until_a_backup_holds_them(clock):
    ui = player([(SURVIVAL, s) for s in range(1, 11)])
    ui.press("stats")
    assert shown(ui, "backup-now")
    ui.press("close")
    ui.press("export")
    ui.press("download")
    assert ui.keeping.backed.unheld == 0


def test_an_imported_backups_games_count_as_held():
    theirs = player([(SURVIVAL, s) for s in range(1, 13)])
    theirs.press("export")
    mine = player([(NIGHTMARE, 2)])
    mine.press("import")
    mine.press("import-go", theirs.backup.code)
    list(mine.backup.import_steps())
    assert len(mine.session.history()) == 13
    assert mine.keeping.backed.unheld == 1  # her own game only
    mine.press("close")
    mine.press("stats")
    assert not shown(mine, "backup-now")


def test_a_practice_try_counts_as_a_game_no_backup_holds(clock):
    ui = fresh(clock)
    before = ui.keeping.backed.unheld
    ui.ui.emit(Effect.PRACTICE)
    assert ui.keeping.backed.unheld == before + 1


def test_an_older_releases_data_is_kept_byte_for_byte():
    old = player([(SURVIVAL, 1), (NIGHTMARE, 2)])
    store = old.session.records.store
    before = dict(store.data)
    assert BACKED_KEY not in before
    ui = Controller(Session(store, today=lambda: DAY))
    ui.press("stats")
    ui.press("backup-now")
    assert BACKED_KEY in store.data
    assert {k: v for k, v in store.data.items() if k != BACKED_KEY} == before


def test_a_backup_made_in_another_tab_clears_it_here(clock):
    ui = player([(SURVIVAL, s) for s in range(1, 11)])
    other = Controller(Session(ui.session.records.store, today=lambda: DAY))
    ui.press("stats")
    assert shown(ui, "backup-now")
    other.press("stats")
    other.press("backup-now")
    ui.keeping.follow(BACKED_KEY)
    assert not shown(ui, "backup-now")
    ui.keeping.follow("magdagdon.v1.game")  # (another key: nothing to read again)


def stored(ui: Controller) -> Backed:
    record = Backed.parse(json.loads(ui.session.records.store.data[BACKED_KEY]))
    assert record is not None
    return record


def test_each_change_is_stored_with_the_day_it_happened(clock):
    ui = chromium(fresh(clock))
    a_game_finished(ui)
    assert (stored(ui).unheld, stored(ui).since) == (1, DAY)
    ui.press("close")
    assert ui.dialog == "install" and stored(ui).offered == DAY
    ui.press("install-later")
    clock.day = "2026-12-06"
    ui.press("settings")
    ui.press("invite")  # asked: offered today, no longer declined
    assert (stored(ui).offered, stored(ui).declined) == ("2026-12-06", False)
    ui.press("close")
    clock.day = "2026-12-07"
    ui.press("export")
    ui.press("copy-code")
    assert (stored(ui).at, stored(ui).unheld, stored(ui).since) == ("2026-12-07", 0, None)
    ui.press("close")
    clock.day = "2026-12-08"
    a_game_finished(ui)  # the first game no backup holds since then
    assert (stored(ui).unheld, stored(ui).since) == (1, "2026-12-08")


def test_where_the_browser_keeps_her_data_the_reminder_waits_for_fifty_games():
    ui = player([(SURVIVAL, s) for s in range(1, 11)])
    ui.keeping.tell(True, "prompt", True)  # installed, and the browser promised to keep it
    ui.press("stats")
    assert not shown(ui, "backup-now")


def test_before_the_browser_has_said_the_invitation_knows_no_way():
    assert fresh(Clock(DAY)).keeping.view("install").how == "none"


def test_another_tab_clearing_the_storage_leaves_the_record_known_here(clock):
    ui = chromium(fresh(clock))
    a_game_finished(ui)
    ui.press("close")
    ui.press("install-later")
    ui.session.records.store.data.clear()
    ui.keeping.follow(None)
    assert ui.keeping.backed.declined and ui.keeping.backed.since == DAY


def test_the_invitation_comes_once_when_the_sheet_closes_right_after_the_game(clock):
    ui = chromium(fresh(clock))
    a_game_finished(ui)
    ui.press("close")
    ui.press("close")  # the invitation closed without an answer
    ui.press("details")  # the game-over sheet again
    ui.press("close")
    assert ui.dialog is None, "offered once"
    clock.day = "2026-12-06"
    a_game_finished(ui)
    ui.press("daily")  # away from the sheet to the daily, then back to the finished game
    ui.press("daily")
    assert ui.dialog == "over"
    ui.press("close")
    assert ui.dialog is None, "the moment has passed"


def test_a_store_that_refuses_every_write_still_counts_here(clock):
    store = FailingStore()
    ui = chromium(Controller(new_session(store, today=clock, seed=3)))
    a_game_finished(ui)
    ui.press("close")
    ui.press("install-later")
    store.fail_set = True
    del store.data[BACKED_KEY]  # (what was stored is gone, the record here is not)
    a_game_finished(ui)
    assert ui.keeping.backed.unheld == 2 and ui.keeping.backed.declined
