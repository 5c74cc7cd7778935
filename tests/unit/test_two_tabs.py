"""Two tabs over one store: the last action wins, the other tab follows, no score is lost."""

from __future__ import annotations

import json

from magdagdon.game import SCHEMA, Game
from magdagdon.records import GAME_KEY, KEY_PREFIX, Entry, MemoryStore, best_key
from magdagdon.rules import Difficulty
from magdagdon.session import Session
from magdagdon.ui import Controller

from .greedy import finished
from .sessions import new_session, play

PEACEFUL = Difficulty.PEACEFUL


def tab(store: MemoryStore, **kwargs) -> Session:
    return new_session(store, **kwargs)


def test_the_other_tab_follows_the_last_action(store):
    first = tab(store, seed=2)
    second = tab(store)
    assert second.game == first.game
    first.apply("roll")
    assert second.game != first.game
    assert second.sync(GAME_KEY) is True
    assert second.game == first.game
    assert second.sync(GAME_KEY) is False  # nothing new


def test_an_unusable_game_from_the_other_tab_is_not_followed(store):
    mine = tab(store, seed=2)
    mine.apply("roll")
    store.data[GAME_KEY] = '{"format": "magdagdon-game", "schema": 1, "moves": ["nonsense"]}'
    before = mine.game
    assert mine.sync(GAME_KEY) is False
    assert mine.game == before


def old_table(*entries: Entry) -> str:
    """A best-scores table as an older release stores it."""
    return json.dumps({"schema": SCHEMA, "entries": [e.to_dict() for e in entries]})


def test_a_score_another_tab_of_an_older_release_saves_is_carried_in(store):
    first, second = tab(store), tab(store)
    assert second.history().best(PEACEFUL) == []  # loaded (empty) before the other tab saves
    store.data[best_key(PEACEFUL)] = old_table(Entry(100, "2026-11-29", 10, 0, seed=1))
    second.sync(best_key(PEACEFUL))
    assert [e.score for e in second.history().best(PEACEFUL)] == [100]
    first.sync(None)
    assert [e.score for e in first.history().best(PEACEFUL)] == [100]


def test_scores_known_only_here_survive_the_table_being_removed(store):
    session = tab(store)
    session.history()  # (the scores seen here)
    store.data[best_key(PEACEFUL)] = old_table(Entry(80, "2026-11-29", 12, 1, seed=3))
    session.sync(best_key(PEACEFUL))
    del store.data[best_key(PEACEFUL)]  # e.g. cleared by the older release
    session.sync(best_key(PEACEFUL))
    assert [e.score for e in session.history().best(PEACEFUL)] == [80]


def test_identical_entries_are_not_merged_away(store):
    session = tab(store)
    same = Entry(50, "2026-11-29", 9, 0)
    store.data[best_key(PEACEFUL)] = old_table(same, same)
    session.sync(best_key(PEACEFUL))
    session.sync(best_key(PEACEFUL))  # and again: nothing counted twice
    assert [e.score for e in session.history().best(PEACEFUL)] == [50, 50]


def test_this_release_writes_no_best_scores_table(store):
    here, there = tab(store, seed=2), tab(store)
    play(here, finished(PEACEFUL, 2).moves)
    assert here.game.is_over and here.rank() == 1
    there.sync(None)
    assert there.history().best(PEACEFUL)[0].score == here.game.score
    assert not [key for key in store.data if key.startswith(KEY_PREFIX + "best.")]


def test_the_controller_says_the_game_moved_on_elsewhere(store):
    here = Controller(tab(store, seed=2))
    there = tab(store)
    there.apply("roll")
    assert here.games.follow(GAME_KEY) is True
    assert here.status().key == "notice.other-tab"
    assert here.game == Game.from_dict(there.game.to_dict())
    assert here.selected == here.game.available[0]
