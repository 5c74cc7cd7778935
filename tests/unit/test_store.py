"""The store's rules, kept once by the Keeper (magdagdon/store.py), for any key; and every key's
codec reads back what it writes."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from magdagdon.daily import DIFFICULTY, daily_seed
from magdagdon.game import SCHEMA, SCORE_LIMIT, SEED_LIMIT, Game
from magdagdon.records import DAILY_KEY, GAME_KEY, SETTINGS_KEY, Records, Settings
from magdagdon.rules import Difficulty
from magdagdon.slots import Slot, slot_of
from magdagdon.store import MAX_VALUE, Keeper, MemoryStore, StoreError, is_newer, load_json

from .greedy import end_turn
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


def _json_of_length(length: int) -> str:
    """A JSON string, exactly ``length`` characters long."""
    return '"' + "x" * (length - 2) + '"'


@pytest.mark.parametrize("limit", [MAX_VALUE, 10, 11])
def test_a_stored_text_up_to_its_limit_is_read_and_one_longer_is_not(limit):
    at_limit, beyond = _json_of_length(limit), _json_of_length(limit + 1)
    assert (len(at_limit), len(beyond)) == (limit, limit + 1)
    assert load_json(at_limit, limit) == "x" * (limit - 2)
    with pytest.raises(ValueError):
        load_json(beyond, limit)
    if limit == MAX_VALUE:  # the default limit
        assert load_json(at_limit) == "x" * (limit - 2)
        with pytest.raises(ValueError):
            load_json(beyond)


def test_the_store_error_is_the_only_failure_a_store_may_raise():
    class Broken(MemoryStore):
        def get(self, key: str) -> str | None:
            raise StoreError("denied")

    assert Keeper(Broken()).text(KEY) is None


# -- every key's codec reads back what it writes ------------------------------------------------
# (The history reads each record back as it stores it; the settings and the two games kept on the
# board are written from values the game holds, so their codecs are proven here, for any value.)

LANGUAGES = ("en", "lt", "ca", "ta")
days = st.dates(date(2026, 1, 1), date(2099, 12, 31)).map(date.isoformat)
scores = st.integers(-SCORE_LIMIT, SCORE_LIMIT)


@settings(max_examples=200, deadline=None)
@given(
    difficulty=st.sampled_from(Difficulty),
    language=st.sampled_from((None, *LANGUAGES)),
    sound=st.booleans(),
    vibration=st.booleans(),
    guided=st.booleans(),
)
def test_the_settings_read_back_as_they_were_written(
    difficulty, language, sound, vibration, guided
):
    written = Settings(difficulty, language, sound, vibration, guided)
    records = Records(MemoryStore({SETTINGS_KEY: written.to_json()}), languages=LANGUAGES)
    assert records.settings == written and not records.problems


@st.composite
def slots(draw: st.DrawFn) -> tuple[str, Slot, bool]:
    """A game kept in either place, at any point of its play, with what its slot adds."""
    daily = draw(st.booleans())
    day = draw(days) if daily else None
    game = (
        Game.new(DIFFICULTY, daily_seed(day))
        if day is not None
        else Game.new(draw(st.sampled_from(Difficulty)), draw(st.integers(0, SEED_LIMIT - 1)))
    )
    for _ in range(draw(st.integers(0, 12))):
        if game.is_over:
            break
        game = end_turn(game)
    if draw(st.booleans()) and not game.is_over:
        game = game.apply("roll")
    slot = Slot(
        game,
        coach=draw(scores) if game.is_over and draw(st.booleans()) else None,
        vs=draw(st.one_of(st.none(), scores)),
    )
    if day is not None:
        slot.day, slot.practice = day, draw(st.booleans())
        slot.done = draw(st.one_of(st.none(), days))
    return (DAILY_KEY if daily else GAME_KEY), slot, draw(st.booleans())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kept=slots())
def test_a_kept_game_reads_back_as_it_was_written(kept):
    key, slot, front = kept
    read, on_screen = slot_of(key, load_json(slot.to_json(front)))
    assert read == slot
    assert on_screen is (front if key == DAILY_KEY else True)
