"""Kept for good: the rules of when to invite her to install and when to remind her to back up
(magdagdon/keeping.py, pure functions of what is stored, the date and what the browser says),
and their record through the store."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from magdagdon.game import SCHEMA
from magdagdon.keeping import (
    BACKED_KEY,
    DAYS,
    GAMES,
    KEPT_DAYS,
    KEPT_GAMES,
    Backed,
    Browser,
    backed_up,
    can_invite,
    change,
    declined,
    finished,
    invites,
    load,
    merge,
    nudges,
    offered,
    storage_words,
)
from magdagdon.store import Keeper, MemoryStore

from .sessions import FailingStore

TODAY = "2026-12-05"
CHROMIUM = Browser(installed=False, how="prompt", promised=False)
IPHONE = Browser(installed=False, how="ios", promised=False, safari=True)
INSTALLED = Browser(installed=True, how="prompt", promised=True)


# -- the invitation ---------------------------------------------------------------------------
@pytest.mark.parametrize("browser", [CHROMIUM, IPHONE, Browser(False, "menu", False)])
def test_she_is_invited_after_a_game_where_the_browser_has_a_way(browser):
    assert can_invite(browser) and invites(Backed(), browser, TODAY)


NO_WAY = [None, Browser(True, "prompt", False), Browser(True, "ios", True, True)]
NO_WAY += [Browser(False, "none", False)]


@pytest.mark.parametrize("browser", NO_WAY)
def test_never_where_it_runs_installed_or_the_browser_has_no_way(browser):
    assert not can_invite(browser) and not invites(Backed(), browser, TODAY)


def test_never_twice_the_same_day_and_not_after_a_no_until_she_asks():
    shown = offered(Backed(), TODAY)
    assert not invites(shown, CHROMIUM, TODAY)
    assert invites(shown, CHROMIUM, "2026-12-06")
    said_no = declined(shown)
    assert not invites(said_no, CHROMIUM, "2027-06-01")  # not again, however long after
    assert can_invite(CHROMIUM)  # (SETTINGS still offers it)
    asked = declined(said_no, False)
    assert invites(asked, CHROMIUM, "2026-12-06")


def test_the_words_say_what_this_browser_may_do():
    assert storage_words(IPHONE) == "settings.storage.safari"
    assert storage_words(CHROMIUM) == "settings.storage.may-clear"
    assert storage_words(Browser(False, "ios", True, True)) == "settings.storage.kept"
    # on the home screen, Safari's seven days do not apply
    assert storage_words(Browser(True, "ios", False, True)) == "settings.storage.may-clear"


# -- the reminder -----------------------------------------------------------------------------
def test_no_reminder_while_a_backup_holds_everything():
    assert not nudges(Backed(), CHROMIUM, TODAY)
    assert not nudges(backed_up(finished(Backed(), "2026-01-01", 99), TODAY), CHROMIUM, TODAY)


def test_reminded_at_ten_games_or_when_the_oldest_is_fourteen_days_old():
    nine = finished(Backed(), TODAY, GAMES - 1)
    assert not nudges(nine, CHROMIUM, TODAY)
    assert nudges(finished(nine, TODAY), CHROMIUM, TODAY)
    one = finished(Backed(), "2026-11-21")
    assert finished(one, TODAY).since == "2026-11-21"  # the oldest stays the oldest
    assert not nudges(one, CHROMIUM, "2026-12-04")  # 13 days
    assert nudges(one, CHROMIUM, "2026-12-05")  # 14 days
    assert DAYS == 14 and GAMES == 10


def test_an_installed_promised_browser_is_reminded_at_fifty_games_or_sixty_days():
    many = finished(Backed(), TODAY, 49)
    assert not nudges(many, INSTALLED, TODAY) and nudges(many, CHROMIUM, TODAY)
    assert nudges(finished(many, TODAY), INSTALLED, TODAY)
    one = finished(Backed(), "2026-10-06")
    assert not nudges(one, INSTALLED, "2026-12-04") and nudges(one, INSTALLED, TODAY)
    promised_only = Browser(False, "prompt", True)  # not installed: the usual limits
    assert nudges(finished(Backed(), TODAY, 10), promised_only, TODAY)
    assert (KEPT_GAMES, KEPT_DAYS) == (50, 60)


def test_a_backup_clears_it():
    due = finished(Backed(), "2026-11-01", 12)
    assert nudges(due, CHROMIUM, TODAY)
    done = backed_up(due, TODAY)
    assert (done.at, done.unheld, done.since) == (TODAY, 0, None)
    assert not nudges(done, CHROMIUM, TODAY)


# -- the record: its codec --------------------------------------------------------------------
records = st.builds(
    Backed,
    at=st.none() | st.dates().map(str),
    unheld=st.integers(0, 1000),
    since=st.none() | st.dates().map(str),
    offered=st.none() | st.dates().map(str),
    declined=st.booleans(),
)


@given(records)
def test_the_codec_reads_back_what_it_writes(record):
    read = Backed.parse(json.loads(record.to_json()))
    assert read is not None
    expected = (
        record if record.unheld else Backed(record.at, 0, None, record.offered, record.declined)
    )
    assert read == expected


@pytest.mark.parametrize(
    "raw",
    [
        "{",
        "[]",
        "null",
        '"text"',
        '{"schema": 1, "unheld": -1}',
        '{"schema": 1, "unheld": true}',
        '{"schema": 1, "unheld": 1.5}',
        '{"schema": 1, "at": "yesterday"}',
        '{"schema": 1, "since": "2026-13-01"}',
        '{"schema": 1, "offered": "2026-12-05T10:00"}',
        '{"schema": 1, "declined": "no"}',
        '{"schema": "1"}',
        '{"schema": 1, "unheld": 100000000000000000000}',
        "[" * 5000 + "]" * 5000,
    ],
)
def test_hostile_data_reads_as_a_fresh_record_and_is_written_over(raw):
    store = MemoryStore({BACKED_KEY: raw})
    keeper = Keeper(store)
    assert load(keeper) == Backed()
    change(keeper, None, lambda b: finished(b, TODAY))
    assert Backed.parse(json.loads(store.data[BACKED_KEY])) == Backed(unheld=1, since=TODAY)


def test_a_newer_releases_record_is_kept_byte_for_byte():
    raw = json.dumps({"schema": SCHEMA + 1, "unheld": 3, "whatever": [1, 2]})
    store = MemoryStore({BACKED_KEY: raw})
    keeper = Keeper(store)
    change(keeper, None, lambda b: backed_up(b, TODAY))
    assert store.data[BACKED_KEY] == raw and keeper.newer_keys == [BACKED_KEY]


def test_a_store_that_fails_loses_nothing_in_memory():
    keeper = Keeper(FailingStore(fail_set=True))
    kept = change(keeper, None, lambda b: finished(b, TODAY, 3))
    kept = change(keeper, kept, lambda b: finished(b, TODAY))
    assert kept.unheld == 4 and keeper.unsaved
    unreadable = Keeper(FailingStore({BACKED_KEY: Backed(unheld=7).to_json()}, fail_get=True))
    assert load(unreadable) is None and unreadable.kept(BACKED_KEY)


# -- two tabs ---------------------------------------------------------------------------------
def test_each_change_is_made_on_the_record_as_stored_now():
    store = MemoryStore()
    one, two = Keeper(store), Keeper(store)
    mine = change(one, None, lambda b: finished(b, TODAY))
    theirs = change(two, None, lambda b: finished(b, TODAY))  # another tab, its own game
    assert theirs.unheld == 2
    mine = change(one, mine, lambda b: backed_up(b, TODAY))  # a backup in the first tab
    theirs = change(two, theirs, lambda b: offered(b, TODAY))
    assert (theirs.unheld, theirs.at, theirs.offered) == (0, TODAY, TODAY)


def test_the_merge_keeps_the_later_backup_and_the_later_answer():
    old = Backed(at="2026-11-01", unheld=12, since="2026-11-02")
    new = Backed(at="2026-12-01", unheld=1, since="2026-12-03")
    assert merge(old, new) == merge(new, old) == new
    same = Backed(at="2026-12-01", unheld=4, since="2026-12-02")
    assert merge(new, same) == Backed("2026-12-01", 4, "2026-12-02")
    said_no = Backed(offered=TODAY, declined=True)
    assert merge(Backed(offered="2026-12-01"), said_no).declined
    assert merge(said_no, Backed(offered="2026-12-06")) == Backed(offered="2026-12-06")


@given(records, records)
def test_the_merge_does_not_depend_on_which_tab_is_which(a, b):
    assert merge(a, b) == merge(b, a)
    assert merge(a, a) == a or a.unheld == 0
