"""The session: the game in progress, saved after every action, resumed on reload, recorded once
when finished; URL seeds; notices for what was dropped or cannot be saved."""

from __future__ import annotations

import dataclasses
import json
import typing

import pytest

from magdagdon import Difficulty, Game, Phase, WrongPhaseError
from magdagdon.records import (
    GAME_KEY,
    HISTORY_KEY,
    SETTINGS_KEY,
    Change,
    Entry,
    MemoryStore,
    Records,
    Settings,
    best_key,
)
from magdagdon.session import Session, Wish

from .greedy import finished
from .sessions import TODAY, FailingStore, new_session, play

PEACEFUL, SURVIVAL, NIGHTMARE = Difficulty.PEACEFUL, Difficulty.SURVIVAL, Difficulty.NIGHTMARE


def magdagdon_seed() -> int:
    return next(
        s
        for s in range(10_000)
        if Game.new("nightmare", seed=s).apply("roll").phase is Phase.MAGDAGDON
    )


# -- starting and resuming -------------------------------------------------------------------------
def test_a_first_visit_starts_a_new_game_of_the_set_difficulty():
    store = MemoryStore({SETTINGS_KEY: Settings(SURVIVAL).to_json()})
    sess = new_session(store)
    assert sess.game.difficulty is SURVIVAL
    assert sess.game.phase is Phase.ROLL
    assert sess.game.moves == ()
    assert sess.pending is None
    assert sess.take_notices() == []
    assert Game.from_dict(json.loads(store.get(GAME_KEY))) == sess.game  # saved at once


RELOAD_CASES = [
    "roll",
    "magdagdon",
    "choosing the ruin",
    "roll after a ruin",
    "placing, staged",
    "over",
]


def reload_cases() -> dict[str, tuple[Difficulty, int, list[str]]]:
    seed = magdagdon_seed()
    over = finished(PEACEFUL, 3)
    return {
        "roll": (NIGHTMARE, seed, []),
        "magdagdon": (NIGHTMARE, seed, ["roll"]),
        "choosing the ruin": (NIGHTMARE, seed, ["roll", "accept"]),
        "roll after a ruin": (NIGHTMARE, seed, ["roll", "accept", "ruin 0"]),
        "placing, staged": (PEACEFUL, 3, list(over.moves[:3])),
        "over": (PEACEFUL, 3, list(over.moves)),
    }


@pytest.mark.parametrize("name", RELOAD_CASES)
def test_a_reload_resumes_exactly_in_every_phase(name):
    difficulty, seed, moves = reload_cases()[name]
    store = MemoryStore()
    sess = new_session(store)
    sess.new_game(difficulty, seed)
    play(sess, moves)
    again = new_session(store)
    assert again.game == sess.game
    assert again.game.to_dict() == sess.game.to_dict()
    assert again.take_notices() == []


def test_reload_cases_reach_the_phases_they_name():
    assert list(reload_cases()) == RELOAD_CASES
    phases = {}
    for name, (difficulty, seed, moves) in reload_cases().items():
        phases[name] = Game.new(difficulty, seed).play(moves)
    assert phases["magdagdon"].phase is Phase.MAGDAGDON
    assert phases["choosing the ruin"].phase is Phase.RUIN
    assert phases["placing, staged"].phase is Phase.PLACING
    assert phases["placing, staged"].placements
    assert phases["over"].phase is Phase.OVER


def test_a_refused_action_raises_and_changes_nothing_saved(store):
    sess = new_session(store, seed=8)
    saved = store.get(GAME_KEY)
    with pytest.raises(WrongPhaseError):
        sess.apply("confirm")
    assert store.get(GAME_KEY) == saved
    assert sess.game == Game.new(PEACEFUL, 8)


def test_in_progress_once_the_game_has_moves_until_it_is_over():
    sess = new_session(MemoryStore(), seed=3)
    assert not sess.in_progress
    sess.apply("roll")
    assert sess.in_progress
    play(sess, finished(PEACEFUL, 3).moves[1:])
    assert sess.game.is_over
    assert not sess.in_progress


# -- finished games --------------------------------------------------------------------------------
def test_a_finished_game_is_recorded_once_with_its_details():
    game = finished(PEACEFUL, 3, ("roll", "reroll 0"))
    assert game.powers_used == 1
    store = MemoryStore()
    sess = new_session(store, seed=3)
    play(sess, game.moves[:-1])
    assert sess.history().best(PEACEFUL) == []
    assert sess.rank() is None
    play(sess, game.moves[-1:])
    assert sess.game == game
    expected = Entry(game.score, TODAY, game.turn, 1, 3, game.board_text)
    assert sess.history().best(PEACEFUL) == [expected]
    assert sess.rank() == 1
    again = new_session(store)
    assert again.game == game
    assert again.history().best(PEACEFUL) == [expected]  # not recorded again on reload
    assert again.rank() == 1
    assert best_key(PEACEFUL) not in store.data  # the history is the one truth


def test_a_finished_game_records_its_turns_including_magdagdon_turns():
    game = finished(NIGHTMARE, magdagdon_seed())
    assert "accept" in game.moves
    sess = play(new_session(MemoryStore(), seed=game.seed, difficulty=NIGHTMARE), game.moves)
    [entry] = sess.history().best(NIGHTMARE)
    assert entry.turns == game.turn == game.moves.count("confirm") + game.moves.count("accept")
    assert (entry.powers, entry.score, entry.board) == (0, game.score, game.board_text)
    assert sess.history().best(PEACEFUL) == []


def test_rank_among_better_scores():
    best = Entry(9999, "2026-01-01", 16, 0)
    store = MemoryStore(
        {
            best_key(PEACEFUL): json.dumps(
                {
                    "schema": 1,
                    "entries": [{"score": 9999, "date": "2026-01-01", "turns": 16, "powers": 0}],
                }
            )
        }
    )
    game = finished(PEACEFUL, 3)
    sess = play(new_session(store, seed=3), game.moves)
    assert sess.rank() == 2
    assert sess.history().best(PEACEFUL)[0] == best


def test_rank_is_none_when_the_game_did_not_make_the_table():
    rows = [{"score": 9999, "date": "2026-01-01", "turns": 16, "powers": 0}] * 10
    store = MemoryStore({best_key(PEACEFUL): json.dumps({"schema": 1, "entries": rows})})
    sess = play(new_session(store, seed=3), finished(PEACEFUL, 3).moves)
    assert sess.game.is_over
    assert sess.rank() is None
    assert len(sess.history().best(PEACEFUL)) == 10


# -- URL seeds -------------------------------------------------------------------------------------
def test_a_url_seed_starts_that_game_when_none_is_in_progress():
    sess = new_session(MemoryStore(), seed=42)
    assert sess.game == Game.new(PEACEFUL, 42)
    assert sess.pending is None


def test_a_url_seed_replaces_a_saved_game_that_was_not_started(store):
    new_session(store, seed=41)
    sess = new_session(store, seed=42)
    assert sess.game == Game.new(PEACEFUL, 42)
    assert sess.pending is None


def test_a_url_seed_replaces_a_finished_game(store):
    play(new_session(store, seed=3), finished(PEACEFUL, 3).moves)
    sess = new_session(store, seed=42)
    assert sess.game == Game.new(PEACEFUL, 42)
    assert sess.pending is None


def test_a_url_seed_resumes_its_game_on_reload(store):
    first = new_session(store, seed=42)
    first.apply("roll")
    again = new_session(store, seed=42)
    assert again.game == first.game
    assert again.game.moves == ("roll",)
    assert again.pending is None


@pytest.mark.parametrize(
    ("wishes", "pending"),
    [
        ({"seed": 43}, (PEACEFUL, 43)),
        ({"seed": 42, "difficulty": NIGHTMARE}, (NIGHTMARE, 42)),
        ({"seed": 43, "difficulty": SURVIVAL}, (SURVIVAL, 43)),
        ({"difficulty": NIGHTMARE}, (NIGHTMARE, None)),
    ],
)
def test_another_url_game_while_one_is_in_progress_is_pending(wishes, pending, store):
    first = new_session(store, seed=42)
    first.apply("roll")
    saved = store.get(GAME_KEY)
    sess = new_session(store, **wishes)
    assert sess.game == first.game  # no silent loss
    assert sess.pending == Wish(*pending)
    assert store.get(GAME_KEY) == saved
    assert sess.settings.difficulty is PEACEFUL  # nothing changes until the player agrees
    game = sess.accept_pending()
    assert sess.pending is None
    assert game is sess.game
    assert (game.difficulty, game.moves, game.phase) == (pending[0], (), Phase.ROLL)
    if pending[1] is not None:
        assert game.seed == pending[1]
    assert sess.settings.difficulty is pending[0]
    assert new_session(store).game == game


def test_accept_pending_without_a_pending_game_changes_nothing():
    sess = new_session(MemoryStore(), seed=42)
    sess.apply("roll")
    before = sess.game
    assert sess.accept_pending() is before
    assert sess.game is before


def test_a_url_difficulty_becomes_the_setting(store):
    sess = new_session(store, seed=5, difficulty=NIGHTMARE)
    assert sess.game == Game.new(NIGHTMARE, 5)
    assert sess.settings.difficulty is NIGHTMARE
    assert Records(store).settings.difficulty is NIGHTMARE


# -- new games and settings ------------------------------------------------------------------------
def test_new_game_with_another_difficulty_updates_the_settings(store):
    sess = new_session(store)
    sess.apply("roll")
    game = sess.new_game(NIGHTMARE)
    assert game.difficulty is NIGHTMARE
    assert game.moves == ()
    assert sess.settings.difficulty is NIGHTMARE
    again = new_session(store)
    assert again.settings.difficulty is NIGHTMARE
    assert again.game == game


def test_new_game_without_a_difficulty_keeps_the_setting():
    sess = new_session(MemoryStore({SETTINGS_KEY: Settings(SURVIVAL, "en").to_json()}))
    assert sess.new_game().difficulty is SURVIVAL
    assert sess.settings == Settings(SURVIVAL, "en")


def test_new_game_with_a_seed():
    sess = new_session(MemoryStore())
    assert sess.new_game(PEACEFUL, 77) == Game.new(PEACEFUL, 77)


def test_set_language_is_saved_and_keeps_the_difficulty(store):
    sess = new_session(store, seed=1, difficulty=SURVIVAL)
    sess.set_language("en")
    assert Records(store).settings == Settings(SURVIVAL, "en")


# -- notices ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "raw",
    [
        "garbage",
        json.dumps([1, 2]),
        json.dumps({"format": "magdagdon-game", "schema": 0}),
        "[" * 100_000 + "]" * 100_000,
        json.dumps("x" * 300_000),
    ],
    ids=["garbage", "a list", "older schema", "nested", "enormous"],
)
def test_a_corrupted_saved_game_gives_notice_and_a_fresh_game(raw):
    store = MemoryStore({GAME_KEY: raw, SETTINGS_KEY: Settings(SURVIVAL).to_json()})
    sess = new_session(store)
    assert sess.take_notices() == ["dropped-game"]
    assert sess.take_notices() == []
    assert sess.game.phase is Phase.ROLL
    assert sess.game.moves == ()
    assert sess.game.difficulty is SURVIVAL
    assert Game.from_dict(json.loads(store.get(GAME_KEY))) == sess.game


def test_a_tampered_saved_game_gives_notice_and_a_fresh_game(store):
    new_session(store, seed=42).apply("roll")
    data = json.loads(store.get(GAME_KEY))
    data["state"]["dice"] = [6, 6, 6, 6] if data["state"]["dice"] != [6, 6, 6, 6] else [1, 1, 1, 1]
    store.set(GAME_KEY, json.dumps(data))
    sess = new_session(store)
    assert sess.take_notices() == ["dropped-game"]
    assert sess.game.moves == ()


def test_corrupted_scores_and_settings_give_one_notice_each():
    store = MemoryStore(
        {
            best_key(PEACEFUL): "{broken",
            best_key(NIGHTMARE): "[]",
            SETTINGS_KEY: "{broken",
        }
    )
    sess = new_session(store)
    assert sorted(sess.take_notices()) == ["dropped-scores", "dropped-settings"]
    assert sess.take_notices() == []


@pytest.mark.parametrize(
    ("key", "raw", "notice"),
    [
        (
            SETTINGS_KEY,
            json.dumps({"schema": 1, "difficulty": "survival", "language": ["lt"]}),
            "dropped-settings",
        ),
        (SETTINGS_KEY, "[" * 100_000 + "]" * 100_000, "dropped-settings"),
        (best_key(PEACEFUL), "[" * 100_000 + "]" * 100_000, "dropped-scores"),
    ],
    ids=["language a list", "settings deeply nested", "scores deeply nested"],
)
def test_corrupted_settings_or_scores_never_stop_the_game(key, raw, notice):
    sess = new_session(MemoryStore({key: raw}), seed=3)
    assert sess.take_notices() == [notice]
    assert sess.apply("roll").phase is Phase.PLACING


def test_storage_refusing_writes_gives_the_unsaved_notice_once():
    store = FailingStore(fail_set=True)
    sess = new_session(store, seed=3)
    assert sess.take_notices() == ["unsaved"]
    play(sess, finished(PEACEFUL, 3).moves)  # plays on in memory, records the score in memory
    assert sess.take_notices() == []
    assert sess.game.is_over
    assert sess.rank() == 1
    assert store.data == {}


def test_storage_that_cannot_be_read_gives_the_unsaved_notice_once():
    store = FailingStore(fail_get=True)
    sess = new_session(store, seed=3)
    assert sess.take_notices() == ["unsaved"]
    sess.apply("roll")
    assert sess.take_notices() == []
    assert sess.game.moves == ("roll",)
    assert GAME_KEY not in store.data  # what could not be read is not written over


def test_notices_are_given_once():
    sess = new_session(MemoryStore({GAME_KEY: "garbage"}))
    assert sess.take_notices() == ["dropped-game"]
    sess.apply("roll")
    assert sess.take_notices() == []


def test_a_newer_releases_saved_game_is_never_overwritten():
    from magdagdon.game import FORMAT

    newer = json.dumps({"format": FORMAT, "schema": 2, "moves": [], "future": True})
    store = MemoryStore({GAME_KEY: newer})
    sess = new_session(store, seed=3)
    sess.apply("roll")
    assert store.get(GAME_KEY) == newer
    assert sess.take_notices() == ["dropped-game", "unsaved"]


# -- every game remembered: the history --------------------------------------------------------
def play_through(sess: Session, game: Game) -> Session:
    return play(sess, game.moves)


def test_the_history_is_not_touched_until_a_game_ends(store):
    sess = new_session(store, seed=3)
    play(sess, finished(PEACEFUL, 3).moves[:-1])
    assert HISTORY_KEY not in store.data, "the first ROLL and the turns need no history"
    assert not sess.finished.loaded


def test_every_finished_game_is_remembered_not_only_the_best_ten(store):
    sess = new_session(store)
    for seed in range(12):
        sess.new_game(SURVIVAL, seed)
        play_through(sess, finished(SURVIVAL, seed))
    assert len(sess.history()) == 12
    assert [p.seed for p in sess.history().records] == list(range(12))
    scores = sorted((finished(SURVIVAL, s).score for s in range(12)), reverse=True)[:10]
    assert [e.score for e in sess.history().best(SURVIVAL)] == scores
    assert [e.score for e in new_session(store).history().best(SURVIVAL)] == scores


def test_the_old_best_tables_are_carried_into_the_history_once():
    old = [
        Entry(300, "2026-10-01", 9, 0, 77, "1234/2345/3456/4566"),
        Entry(120, "2026-10-02", 12, 1),
    ]
    store = MemoryStore(
        {
            best_key(PEACEFUL): json.dumps(
                {
                    "schema": 1,
                    "entries": [
                        {k: v for k, v in e.__dict__.items() if v is not None} for e in old
                    ],
                }
            )
        }
    )
    sess = new_session(store, seed=3)
    play_through(sess, finished(PEACEFUL, 3))
    table = sess.history().best(PEACEFUL)
    assert [e.score for e in table] == sorted([300, 120, finished(PEACEFUL, 3).score], reverse=True)
    assert sum(p.legacy for p in sess.history().records) == 2
    again = new_session(store)
    assert len(again.history()) == 3, "carried over once, not at every start"
    assert again.history().best(PEACEFUL) == table


def test_a_game_another_tab_finished_reaches_this_tabs_table(store):
    here, there = new_session(store), new_session(store)
    assert len(here.history()) == 0  # loaded here before the other tab plays
    there.new_game(NIGHTMARE, 5)
    play_through(there, finished(NIGHTMARE, 5))
    here.sync(HISTORY_KEY)
    assert [p.seed for p in here.history().records] == [5]
    assert [e.seed for e in here.history().best(NIGHTMARE)] == [5]


def test_a_best_score_an_older_release_wrote_after_the_carry_over_is_kept_too(store):
    sess = new_session(store, seed=3)
    play_through(sess, finished(PEACEFUL, 3))  # the history exists, the tables carried over
    late = Entry(999, "2026-11-28", 10, 0, 4)  # then an old release's tab adds a best score
    rows = [late.to_dict(), *(e.to_dict() for e in sess.history().best(PEACEFUL))]
    store.data[best_key(PEACEFUL)] = json.dumps({"schema": 1, "entries": rows})
    again = new_session(store)
    assert again.history().best(PEACEFUL)[0].score == 999
    assert [e.score for e in again.history().best(PEACEFUL)][:2] == [
        999,
        finished(PEACEFUL, 3).score,
    ]
    assert len(new_session(store).history()) == 2, "carried once"


def test_looking_at_the_scores_writes_nothing():
    old = {"score": 300, "date": "2026-10-01", "turns": 9, "powers": 0, "seed": 77}
    store = MemoryStore({best_key(PEACEFUL): json.dumps({"schema": 1, "entries": [old]})})
    sess = new_session(store, seed=3)
    before = dict(store.data)
    assert [e.score for e in sess.history().best(PEACEFUL)] == [300]  # carried in, in memory
    assert [e.score for e in sess.history().best(PEACEFUL)] == [300]
    assert store.data == before, "only a game ending (or an import) writes the history"
    play_through(sess, finished(PEACEFUL, 3))
    assert HISTORY_KEY in store.data
    assert sum(p.legacy for p in new_session(store).history().records) == 1


def test_a_change_of_settings_names_the_settings_fields_with_their_types():
    # Session.change_settings takes some of the settings' fields by name (typed by Change).
    fields = typing.get_type_hints(Settings)
    assert typing.get_type_hints(Change) == fields
    assert list(fields) == [field.name for field in dataclasses.fields(Settings)]
    session = new_session()
    session.change_settings(sound=False, guided=True)
    assert session.settings == Settings(sound=False, guided=True)
