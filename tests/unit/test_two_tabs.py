"""Two tabs over one store: the last action wins, the other tab follows, no score is lost."""

from __future__ import annotations

from magdagdon.game import Game
from magdagdon.records import GAME_KEY, Entry, MemoryStore, best_key
from magdagdon.rules import Difficulty
from magdagdon.session import Session
from magdagdon.ui import Controller

from .sessions import new_session

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


def test_a_score_saved_by_another_tab_is_kept_when_this_tab_saves_one(store):
    first, second = tab(store), tab(store)
    assert second.records.table(PEACEFUL) == []  # loaded (empty) before the other tab saves
    first.records.add(PEACEFUL, Entry(100, "2026-11-29", 10, 0, seed=1))
    second.records.add(PEACEFUL, Entry(90, "2026-11-29", 11, 0, seed=2))
    assert [e.score for e in tab(store).records.table(PEACEFUL)] == [100, 90]


def test_scores_known_only_here_survive_a_merge(store):
    session = tab(store)
    session.records.add(PEACEFUL, Entry(80, "2026-11-29", 12, 1, seed=3))
    del store.data[best_key(PEACEFUL)]  # e.g. written while the store refused
    assert [e.score for e in session.records.merge_stored(PEACEFUL)] == [80]


def test_identical_entries_are_not_merged_away(store):
    session = tab(store)
    same = Entry(50, "2026-11-29", 9, 0)
    session.records.add(PEACEFUL, same)
    session.records.add(PEACEFUL, same)
    assert len(session.records.merge_stored(PEACEFUL)) == 2


def test_the_controller_says_the_game_moved_on_elsewhere(store):
    here = Controller(tab(store, seed=2))
    there = tab(store)
    there.apply("roll")
    assert here.games.follow(GAME_KEY) is True
    assert here.status().key == "notice.other-tab"
    assert here.game == Game.from_dict(there.game.to_dict())
    assert here.selected == here.game.available[0]
