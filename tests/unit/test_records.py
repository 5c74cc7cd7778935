"""Best scores and settings over a key-value store: ``Records``, ``MemoryStore``, ``Entry``,
``Settings``. Loading never fails; what is invalid is dropped and noted; a failing store is
survived in memory and never overwritten where it could not be read."""

from __future__ import annotations

import json

import pytest

from magdagdon import Difficulty
from magdagdon.records import (
    SETTINGS_KEY,
    TOP,
    Entry,
    MemoryStore,
    Records,
    Settings,
    best_key,
)
from magdagdon.store import MAX_VALUE

from .sessions import FailingStore

PEACEFUL, SURVIVAL, NIGHTMARE = Difficulty.PEACEFUL, Difficulty.SURVIVAL, Difficulty.NIGHTMARE


def entry(score: int, date: str = "2026-11-29", turns: int = 9, powers: int = 0, **more) -> Entry:
    return Entry(score, date, turns, powers, **more)


def row(score: int = 100, **changes) -> dict:
    """A valid stored entry, with ``changes`` applied (None deletes a field)."""
    data = {
        "score": score,
        "date": "2026-11-29",
        "turns": 9,
        "powers": 1,
        "seed": 5,
        "board": "1234/2345/3456/45#.",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def stored_table(rows: object, schema: object = 1) -> str:
    return json.dumps({"schema": schema, "entries": rows})


def records_over(data: dict[str, str], languages=("en", "lt")) -> Records:
    return Records(MemoryStore(data), languages=languages)


# -- MemoryStore ----------------------------------------------------------------------------------
def test_memory_store_gets_and_sets(store):
    assert store.get("k") is None
    store.set("k", "v")
    assert store.get("k") == "v"
    store.set("k", "w")
    assert store.get("k") == "w"


def test_memory_store_works_over_a_given_dict():
    data = {"k": "v"}
    store = MemoryStore(data)
    store.set("x", "y")
    assert data == {"k": "v", "x": "y"}


def test_keys_are_versioned_per_difficulty():
    assert best_key(PEACEFUL) == "magdagdon.v1.best.peaceful"
    assert best_key(NIGHTMARE) == "magdagdon.v1.best.nightmare"
    assert SETTINGS_KEY == "magdagdon.v1.settings"


# -- best-scores tables ---------------------------------------------------------------------------
def test_a_new_store_has_empty_tables_and_default_settings():
    records = records_over({})
    for difficulty in Difficulty:
        assert records.old_table(difficulty) == []
    assert records.settings == Settings(PEACEFUL, None)
    assert records.problems == []
    assert not records.unsaved


def old(difficulty: Difficulty, *entries: Entry, store: MemoryStore | None = None) -> Records:
    """Records over a store where an older release kept ``entries`` as the table of
    ``difficulty``, in that order."""
    store = store or MemoryStore()
    store.data[best_key(difficulty)] = stored_table([e.to_dict() for e in entries])
    return Records(store)


def test_an_old_table_is_read_best_first():
    records = old(PEACEFUL, entry(100), entry(300), entry(200), entry(-50))
    assert [e.score for e in records.old_table(PEACEFUL)] == [300, 200, 100, -50]


def test_an_old_table_keeps_the_top_10():
    records = old(PEACEFUL, *(entry(score * 10) for score in range(1, 13)))  # 10 .. 120
    assert [e.score for e in records.old_table(PEACEFUL)] == list(range(120, 20, -10))
    assert len(records.old_table(PEACEFUL)) == TOP == 10


def test_ties_keep_the_earlier_entry_ahead():
    first = entry(100, turns=5)
    second = entry(100, turns=7)
    assert old(PEACEFUL, first, second).old_table(PEACEFUL) == [first, second]


def test_ties_keep_the_earlier_date_ahead():
    later, earlier = entry(100, date="2026-12-01"), entry(100, date="2026-11-29")
    assert old(PEACEFUL, later, earlier).old_table(PEACEFUL) == [earlier, later]


def test_a_tie_with_a_full_table_does_not_enter_it():
    full = [entry(100, turns=turns) for turns in range(1, 11)]
    assert old(PEACEFUL, *full, entry(100, turns=16)).old_table(PEACEFUL) == full


def test_tables_are_kept_per_difficulty(store):
    old(PEACEFUL, entry(100), store=store)
    records = old(NIGHTMARE, entry(50), store=store)
    assert [e.score for e in records.old_table(PEACEFUL)] == [100]
    assert [e.score for e in records.old_table(SURVIVAL)] == []
    assert [e.score for e in records.old_table(NIGHTMARE)] == [50]


def test_an_entry_is_stored_and_read_back(store):
    full = entry(150, date="2026-11-29T18:05", seed=42, board="1234/..../..../....")
    again = old(SURVIVAL, full, entry(90, powers=1), store=store)
    assert again.old_table(SURVIVAL) == [full, entry(90, powers=1)]
    assert again.problems == []
    # Only the fields that are set are written.
    assert "seed" not in json.loads(store.get(best_key(SURVIVAL)))["entries"][1]


def test_an_old_table_is_never_written_when_it_reads_well(store):
    records = old(PEACEFUL, entry(100), store=store)
    before = dict(store.data)
    records.old_table(PEACEFUL)
    records.reread(PEACEFUL)
    assert store.data == before


def test_table_returns_a_copy():
    records = old(PEACEFUL, entry(100))
    records.old_table(PEACEFUL).clear()
    assert len(records.old_table(PEACEFUL)) == 1


# -- corrupted tables ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "bad",
    [
        "not an object",
        None,
        [row()],
        row(score=None),
        row(score="100"),
        row(score=100.0),
        row(score=True),
        row(score=10**9),
        row(date=None),
        row(date="yesterday"),
        row(date="2026-13-45"),
        row(date=20261129),
        row(turns=0),
        row(turns=17),
        row(turns=None),
        row(powers=-1),
        row(powers=4),  # PEACEFUL has 3
        row(powers="1"),
        row(seed=-1),
        row(seed=2**53),
        row(seed="5"),
        row(board="1234"),
        row(board="xxxx/xxxx/xxxx/xxxx"),
        row(board=1234),
        row(hints=-1),
        row(hints=True),
        row(hints=501),
        row(hints="2"),
        row(coach="241"),
        row(coach=10**6),
        row(coach=False),
    ],
)
def test_a_corrupted_table_keeps_its_valid_entries_and_drops_the_rest(bad):
    good = [row(300), row(100, seed=None, board=None)]
    records = records_over({best_key(PEACEFUL): stored_table([good[0], bad, good[1]])})
    assert [e.score for e in records.old_table(PEACEFUL)] == [300, 100]
    assert records.problems == ["scores"]


def test_powers_are_checked_against_the_difficulty_of_the_table():
    data = stored_table([row(powers=1), row(powers=0)])
    records = records_over({best_key(SURVIVAL): data, best_key(NIGHTMARE): data})
    assert [e.powers for e in records.old_table(SURVIVAL)] == [1, 0]
    assert [e.powers for e in records.old_table(NIGHTMARE)] == [0]  # NIGHTMARE has no powers


def test_a_stored_table_is_re_ranked_and_cut_to_10():
    rows = [row(score) for score in range(1, 16)]
    records = records_over({best_key(PEACEFUL): stored_table(rows)})
    assert [e.score for e in records.old_table(PEACEFUL)] == list(range(15, 5, -1))
    assert records.problems == []


@pytest.mark.parametrize(
    "raw",
    [
        "{not json",
        "",
        "[1, 2, 3]",
        "42",
        '"text"',
        "null",
        json.dumps({"entries": [row()]}),  # no schema
        stored_table([row()], schema=2),  # other schema
        stored_table([row()], schema="1"),
        stored_table("entries"),
        stored_table({"0": row()}),
        json.dumps({"schema": 1}),
        json.dumps({"schema": 1, "entries": [row()], "padding": "x" * MAX_VALUE}),  # enormous
        "[" * 100_000 + "]" * 100_000,  # garbage nested deeper than any parser recurses
    ],
    ids=[
        "broken",
        "empty",
        "a list",
        "a number",
        "a string",
        "null",
        "no schema",
        "schema 2",
        "schema as text",
        "entries a string",
        "entries an object",
        "no entries",
        "enormous",
        "deeply nested",
    ],
)
def test_an_unusable_table_is_dropped_and_noted(raw):
    store = MemoryStore({best_key(PEACEFUL): raw})
    records = Records(store)
    assert records.old_table(PEACEFUL) == []
    assert records.problems == ["scores"]
    if '"schema": 2' in raw:  # a newer release's table is never overwritten
        assert store.get(best_key(PEACEFUL)) == raw
    else:  # cleaned once, so the damage is reported once
        assert json.loads(store.get(best_key(PEACEFUL))) == {"schema": 1, "entries": []}


def test_a_dropped_table_is_reported_once():
    store = MemoryStore({best_key(PEACEFUL): "{not json"})
    records = Records(store)
    assert records.old_table(PEACEFUL) == [] and records.problems == ["scores"]
    again = Records(store)
    assert again.old_table(PEACEFUL) == []
    assert again.problems == []


# -- a failing store -------------------------------------------------------------------------------
def test_a_store_that_cannot_be_read_is_never_written_over():
    key = best_key(PEACEFUL)
    store = FailingStore({key: stored_table([row(500)])}, bad_get={key})
    records = Records(store)
    assert records.old_table(PEACEFUL) == []
    assert records.unsaved
    assert "storage-unreadable" in records.problems
    records.save_settings(Settings(SURVIVAL))  # (another key: written)
    assert key not in store.writes and SETTINGS_KEY in store.writes
    assert json.loads(store.data[key])["entries"][0]["score"] == 500


def test_unreadable_settings_are_not_written_over():
    store = FailingStore({SETTINGS_KEY: Settings(NIGHTMARE).to_json()}, bad_get={SETTINGS_KEY})
    records = Records(store)
    assert records.settings == Settings()
    records.save_settings(Settings(SURVIVAL, "en"))
    assert records.settings == Settings(SURVIVAL, "en")
    assert SETTINGS_KEY not in store.writes
    assert json.loads(store.data[SETTINGS_KEY])["difficulty"] == "nightmare"


def test_a_store_that_cannot_be_read_at_all():
    store = FailingStore(bad_get={SETTINGS_KEY, *(best_key(d) for d in Difficulty)})
    records = Records(store)
    for difficulty in Difficulty:
        assert records.old_table(difficulty) == []
    assert records.unsaved
    records.save_settings(Settings(SURVIVAL))
    assert store.writes == []


def test_a_store_that_refuses_writes_keeps_the_settings_in_memory():
    store = FailingStore(fail_set=True)
    records = Records(store)
    assert not records.unsaved
    records.save_settings(Settings(SURVIVAL))
    assert records.unsaved
    records.save_settings(Settings(NIGHTMARE, "lt"))
    assert records.settings == Settings(NIGHTMARE, "lt")
    assert store.data == {}
    assert records.write("any", "thing") is False


# -- settings --------------------------------------------------------------------------------------
def settings_json(**fields) -> str:
    data = {"schema": 1, "difficulty": "survival", "language": "lt"}
    data.update(fields)
    return json.dumps({k: v for k, v in data.items() if v is not ...})


def test_valid_settings_are_loaded():
    records = records_over({SETTINGS_KEY: settings_json()})
    assert records.settings == Settings(SURVIVAL, "lt")
    assert records.problems == []


def test_settings_language_none_means_follow_the_browser():
    records = records_over({SETTINGS_KEY: settings_json(language=None)})
    assert records.settings == Settings(SURVIVAL, None)
    assert records.problems == []


def test_settings_are_saved_and_read_back(store):
    Records(store, languages=("en", "ta")).save_settings(Settings(NIGHTMARE, "ta"))
    assert Records(store, languages=("en", "ta")).settings == Settings(NIGHTMARE, "ta")


@pytest.mark.parametrize("difficulty", ["easy", 3, None, ..., ["survival"]])
def test_a_bad_difficulty_falls_back_and_keeps_the_language(difficulty):
    records = records_over({SETTINGS_KEY: settings_json(difficulty=difficulty)})
    assert records.settings == Settings(PEACEFUL, "lt")
    assert records.problems == ["settings"]


@pytest.mark.parametrize(
    "language",
    ["de", "LT", "", 5, True, ["lt"], {"lt": 1}],
    ids=["de", "LT", "empty", "number", "true", "list", "object"],
)
def test_a_bad_language_falls_back_and_keeps_the_difficulty(language):
    records = records_over({SETTINGS_KEY: settings_json(language=language)})
    assert records.settings == Settings(SURVIVAL, None)
    assert records.problems == ["settings"]


def test_a_language_is_valid_only_if_the_game_speaks_it():
    assert (
        records_over({SETTINGS_KEY: settings_json()}, languages=("en",)).settings.language is None
    )
    stored = {SETTINGS_KEY: settings_json()}
    assert records_over(stored, languages=("en", "lt")).settings.language == "lt"


def test_difficulty_names_in_settings_are_case_insensitive():
    records = records_over({SETTINGS_KEY: settings_json(difficulty="NightMare")})
    assert records.settings.difficulty is NIGHTMARE


@pytest.mark.parametrize(
    "raw",
    [
        "{broken",
        "[]",
        "null",
        settings_json(schema=2),
        settings_json(schema=...),
        "x" * (MAX_VALUE + 1),
        "[" * 100_000 + "]" * 100_000,
    ],
    ids=["broken", "a list", "null", "schema 2", "no schema", "enormous", "deeply nested"],
)
def test_unusable_settings_give_the_defaults(raw):
    records = records_over({SETTINGS_KEY: raw})
    assert records.settings == Settings()
    assert records.problems == ["settings"]


def test_settings_to_json_is_versioned():
    assert json.loads(Settings(SURVIVAL, "ca").to_json()) == {
        "schema": 1,
        "difficulty": "survival",
        "language": "ca",
        "guided": False,  # (always written: the page's first script reads it)
    }


# -- Entry -----------------------------------------------------------------------------------------
def test_entry_parse_reads_a_valid_row():
    assert Entry.parse(row(), PEACEFUL) == Entry(100, "2026-11-29", 9, 1, 5, "1234/2345/3456/45#.")
    assert Entry.parse(row(seed=None, board=None), PEACEFUL) == Entry(100, "2026-11-29", 9, 1)


@pytest.mark.parametrize("turns", [1, 16])
def test_entry_turns_range_over_a_whole_game(turns):
    assert Entry.parse(row(turns=turns), PEACEFUL).turns == turns


def test_entry_negative_scores_are_valid():
    assert Entry.parse(row(score=-240), PEACEFUL).score == -240


# -- hints and the coach's score -------------------------------------------------------------------
def test_an_entry_carries_its_hints_and_the_coachs_score_and_old_rows_have_none():
    parsed = Entry.parse(row(hints=3, coach=241), PEACEFUL)
    assert (parsed.hints, parsed.coach) == (3, 241)
    older = Entry.parse(row(), PEACEFUL)  # a row saved before hints existed
    assert (older.hints, older.coach) == (0, None)
    records = old(PEACEFUL, parsed)
    assert json.loads(records.store.get(best_key(PEACEFUL)))["entries"][0]["coach"] == 241
    assert records.old_table(PEACEFUL) == [parsed]
