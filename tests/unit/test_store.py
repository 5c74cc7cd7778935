"""The store's rules, kept once by the Keeper (magdagdon/store.py), for any key."""

from __future__ import annotations

import pytest

from magdagdon.game import SCHEMA
from magdagdon.store import Keeper, MemoryStore, StoreError, is_newer, load_json

from .sessions import FailingStore

KEY = "magdagdon.v1.any"


def test_a_key_the_store_failed_to_read_is_never_written_on_this_visit():
    store = FailingStore({KEY: "what was there"}, bad_get={KEY})
    keeper = Keeper(store)
    assert keeper.text(KEY) is None  # reading never raises
    assert KEY in keeper.unreadable and keeper.kept(KEY)
    assert keeper.write(KEY, "new") is False and keeper.unsaved
    assert store.data[KEY] == "what was there" and KEY not in store.writes
    assert keeper.write("magdagdon.v1.other", "fine") is True  # other keys are written


@pytest.mark.parametrize("schema", [SCHEMA + 1, SCHEMA + 100])
def test_a_newer_releases_value_is_kept_as_it_is(schema):
    raw = f'{{"schema": {schema}, "x": 1}}'
    store = MemoryStore({KEY: raw})
    keeper = Keeper(store)
    assert keeper.guard_newer(KEY, load_json(keeper.text(KEY))) is True
    assert keeper.newer_keys == [KEY]
    assert keeper.write(KEY, "{}") is False
    assert store.data[KEY] == raw


@pytest.mark.parametrize("data", [{"schema": SCHEMA}, {"schema": "2"}, {"schema": True}, [], None])
def test_a_value_of_this_release_or_garbage_is_not_a_newer_ones(data):
    assert not is_newer(data)
    keeper = Keeper(MemoryStore())
    assert keeper.guard_newer(KEY, data) is False and not keeper.kept(KEY)


def test_a_full_store_is_said_once_by_one_flag_and_nothing_is_lost_in_memory():
    store = FailingStore(fail_set=True)
    keeper = Keeper(store)
    assert not keeper.unsaved
    assert keeper.write(KEY, "a") is False
    assert keeper.unsaved and store.data == {}


@pytest.mark.parametrize("raw", [None, "x" * 200_001, "[" * 100_000 + "]" * 100_000, "{not"])
def test_an_unusable_stored_text_is_a_value_error(raw):
    with pytest.raises(ValueError):
        load_json(raw)


def test_the_store_error_is_the_only_failure_a_store_may_raise():
    class Broken(MemoryStore):
        def get(self, key: str) -> str | None:
            raise StoreError("denied")

    assert Keeper(Broken()).text(KEY) is None
