"""Property tests of the player's store (issue 33), the net that must hold before and after the
store is rebuilt: any sequence of saves, finished games, imports and reads by two tabs, with the
store failing (full, or a write lost) at any point, keeps every finished game that was once
stored and never shows a best score the history does not hold.

A Hypothesis state machine (:class:`TwoTabs`) keeps two tabs, two sessions over one store, as
the browser has them over one localStorage: a write that lands fires the storage event in the
other tab, which follows it (``session.sync(key)``) when a rule says so, key after key in the
order they came, or all at once (``sync(None)``); a reload is a new session over the same store.
Its rules: a turn played or a game finished in either tab (greedily: ``end_turn``; a new game
first if the one on screen is over), a new game, a daily roll started, the other game shown, a
backup made by a third session imported (its own new games, perhaps with a copy of what this
store holds), a damaged code refused, either tab following the other or reloaded, and the store
full (every write refused), losing every write without a word, or working again.

Every finished game is told apart from every other by its moves: the turn that ends it shows
the coach's hint as many times as games were finished before, so that "the same game twice"
always means a game counted twice. A game is known by its identity (difficulty, seed, moves,
date). After every rule:

1. every game the stored history ever held (read after each write that landed) is still there
   (games stay far below the history's cap, so none is pruned);
2. every best score a tab shows (its best table of each difficulty, and the daily's) is a game
   of that tab's history, one with moves (not one carried over from a table): checked on every
   tab after every rule, whatever storage events it has still to follow (the test at the end
   is the case a stored best-scores table once got wrong);
3. once both tabs followed every storage event (on copies of them: the run is not changed),
   each holds every stored game, none twice and none that was never finished or brought in;
   a tab whose last write of the history landed holds nothing the store lacks (so two such tabs
   agree); and every game finished or imported is in one of them, unless the only tab that
   held it (its writes refused or lost) was reloaded;
4. nothing raises but the game's own errors (a damaged backup's ``BackupError``).

The tabs are looked at through copies (``copy.deepcopy``), so that loading a tab's history to
check it never changes what the run does. The test fails if the run never checked a stored game,
a best score of a difficulty and of the daily, two tabs agreeing, a tab holding games the failing
store refused, and games lost with a reload (it cannot pass by checking nothing). Each invariant
was seen to fail on a mutant of the store: a game added, or a backup absorbed, without reading
the other tab's games first (a stored game lost), merging that counts a game twice, a tab that
does not follow the history's event, a full store's error let through.
"""

from __future__ import annotations

import copy
import functools
import itertools
import json
from collections import Counter
from dataclasses import dataclass

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from magdagdon.backup import BackupError, code_of, import_into
from magdagdon.game import Game, Phase
from magdagdon.history import CAP, History
from magdagdon.played import Played, identity
from magdagdon.records import DAILY, HISTORY_KEY, Entry, MemoryStore, StoreError, Table, best_key
from magdagdon.rules import Difficulty
from magdagdon.session import Session

from .greedy import end_turn, finished
from .mutation_run import SHARE
from .sessions import TODAY, YESTERDAY, Clock, new_session, play

#: How the store behaves: writes land, are refused (full), or are lost without a word.
WORKS, FULL, LOSES = "works", "full", "loses"
#: Examples and rules per example: about 20 s of CPU.
EXAMPLES = max(4, 100 // SHARE)
STEPS = 40
#: What the invariants checked over a run (so that the test cannot pass by checking nothing).
CHECKED: Counter[str] = Counter()
#: The seeds of new games, the same in every run (the game's own are unpredictable).
SEEDS = [itertools.count(1_000)]


def fresh_seed() -> int:
    """The next seed: the game's ``new_seed`` in these tests, and every new game's here."""
    return next(SEEDS[0])


def next_seed() -> int:
    """The seed :func:`fresh_seed` gives next (not taken)."""
    seed = next(SEEDS[0])
    SEEDS[0] = itertools.count(seed)
    return seed


def stored_games(data: dict[str, str]) -> Counter[tuple[object, ...]]:
    """The identities of the games in the stored history of ``data`` (a store's values), each
    as many times as it is there; the stored value must read whole."""
    if HISTORY_KEY not in data:
        return Counter()
    return Counter(_stored_games(data[HISTORY_KEY]))


@functools.cache
def _stored_games(text: str) -> Counter[tuple[object, ...]]:
    """:func:`stored_games` of the stored history ``text``, read once for each text (the
    checks read the same stored history after every rule)."""
    history = History(MemoryStore({HISTORY_KEY: text}))
    assert not history.problems, f"the stored history does not read whole: {history.problems}"
    return Counter(identity(played) for played in history.records)


class Shared:
    """The one store both tabs write to (localStorage), which a rule makes fail. ``ever``: every
    game the stored history held after a write that landed."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}
        self.mode = WORKS
        self.ever: Counter[tuple[object, ...]] = Counter()
        self.views: list[View] = []

    def __deepcopy__(self, memo: dict[int, object]) -> Shared:
        """A copy with copies of the views (the tabs' windows, copied with the tabs), sharing
        the identities of the games (tuples of immutable values) instead of copying each."""
        copied = memo[id(self)] = Shared()
        copied.data, copied.mode, copied.ever = dict(self.data), self.mode, Counter(self.ever)
        copied.views = copy.deepcopy(self.views, memo)
        return copied


class View:
    """One tab's window on the shared store: a write that lands and changes a value fires the
    storage event (its key) in every other tab. ``saved``: the tab's last write of the history
    landed (or it wrote none)."""

    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.events: list[str] = []
        self.saved = True
        shared.views.append(self)

    def get(self, key: str) -> str | None:
        return self.shared.data.get(key)

    def set(self, key: str, value: str) -> None:
        shared = self.shared
        if key == HISTORY_KEY:
            self.saved = shared.mode == WORKS
        if shared.mode == FULL:
            raise StoreError("quota exceeded")
        if shared.mode == LOSES or shared.data.get(key) == value:
            return
        shared.data[key] = value
        if key == HISTORY_KEY:
            shared.ever |= stored_games(shared.data)
        for view in shared.views:  # (the same key twice in a row: the second finds the same)
            if view is not self and view.events[-1:] != [key]:
                view.events.append(key)


@dataclass
class Tab:
    session: Session
    view: View


# -- what a tab shows: the only reads of the session's store API (adapt these two if it moves) --
def history_of(session: Session) -> History:
    """``session``'s history (loaded if it was not: call it on a copy)."""
    return session.history()


def shown_tables(session: Session) -> dict[Table, list[Entry]]:
    """The best tables ``session`` shows: each difficulty's, then the daily's (which loads the
    history: call it on a copy)."""
    return {table: history_of(session).best(table) for table in (*Difficulty, DAILY)}


def held(session: Session) -> Counter[tuple[object, ...]]:
    """The games ``session`` holds (its history, loaded if it was not: call it on a copy)."""
    return Counter(identity(played) for played in history_of(session).records)


def check_tables(session: Session) -> None:
    """Invariant 2 on ``session`` (a copy: its history is loaded here): every best score it
    shows is a game of its history that has moves."""
    shown = shown_tables(session)
    games = history_of(session).records
    for table, entries in shown.items():
        for entry in entries:
            assert any(
                played.moves and played.table == table and played.entry() == entry
                for played in games
            ), f"a best score of {table} that the history does not hold: {entry}"
            CHECKED["daily best scores" if table == DAILY else "best scores"] += 1


@functools.cache
def next_turn(game: Game, tag: int) -> Game:
    """``game`` after one greedy turn; the turn that ends it shows the hint ``tag`` times
    (worked out once: every example starts again from the same seeds)."""
    after = end_turn(game)
    if not after.is_over:
        return after
    rolled = game.apply("roll") if game.phase is Phase.ROLL else game
    return end_turn(rolled.play(("hint",) * tag))


tabs = st.sampled_from((0, 1))


class TwoTabs(RuleBasedStateMachine):
    """Two tabs over one failing store (see the module's description)."""

    def __init__(self) -> None:
        super().__init__()
        self.shared = Shared()
        self.clock = Clock(TODAY)
        SEEDS[0] = itertools.count(1_000)
        self.tabs = [self._open(), self._open()]
        #: Every game finished or brought in by a backup, and those that must still be kept.
        self.introduced: Counter[tuple[object, ...]] = Counter()
        self.alive: Counter[tuple[object, ...]] = Counter()
        self.finishes = 0

    def _open(self) -> Tab:
        view = View(self.shared)
        return Tab(Session(view, today=self.clock), view)

    def _turn(self, tab: int) -> bool:
        """One turn in ``tab``'s game (a new one first if it is over); True if it ended."""
        session = self.tabs[tab].session
        if session.game.is_over:
            session.new_game(seed=fresh_seed())
        before = session.game
        after = next_turn(before, self.finishes)
        for move in after.moves[len(before.moves) :]:
            session.apply(move)
        assert session.game == after
        if after.is_over:
            self.finishes += 1
            self._introduce(Counter([identity(Played.of(after, self.clock()))]))
        return after.is_over

    def _introduce(self, games: Counter[tuple[object, ...]]) -> None:
        assert not games & self.introduced, "a game that is not new (the test's own mistake)"
        self.introduced += games
        self.alive += games

    @rule(tab=tabs)
    def play_a_turn(self, tab: int) -> None:
        self._turn(tab)

    @rule(tab=tabs)
    def finish_the_game(self, tab: int) -> None:
        while not self._turn(tab):
            pass

    @rule(tab=tabs, difficulty=st.sampled_from(tuple(Difficulty)))
    def start_a_new_game(self, tab: int, difficulty: Difficulty) -> None:
        self.tabs[tab].session.new_game(difficulty, fresh_seed())

    @rule(tab=tabs, day=st.sampled_from((TODAY, YESTERDAY)))
    def start_a_daily(self, tab: int, day: str) -> None:
        self.tabs[tab].session.start_daily(day)

    @rule(tab=tabs, daily=st.booleans())
    def show_the_other_game(self, tab: int, daily: bool) -> None:
        session = self.tabs[tab].session
        if daily:
            session.show_daily()
        else:
            session.show_game()

    def _backup(self, copied: bool, games: int) -> tuple[str, Counter[tuple[object, ...]]]:
        """A backup code made by a third session (over a copy of this store's values, or a
        store of its own) that finished ``games`` new games, and those games."""
        third = Session(MemoryStore(dict(self.shared.data) if copied else {}), today=self.clock)
        new: Counter[tuple[object, ...]] = Counter()
        for n in range(games):
            difficulty, seed = tuple(Difficulty)[n % 3], fresh_seed()
            third.new_game(difficulty, seed)
            for move in finished(difficulty, seed).moves:
                third.apply(move)
            new[identity(Played.of(third.game, self.clock()))] += 1
        return code_of(third), new

    @rule(tab=tabs, copied=st.booleans(), games=st.integers(0, 2))
    def import_a_backup(self, tab: int, copied: bool, games: int) -> None:
        code, new = self._backup(copied, games)
        added, refused = import_into(self.tabs[tab].session, code)
        assert refused == 0
        assert added >= games
        self._introduce(new)

    @rule(tab=tabs, cut=st.integers(1, 40))
    def import_a_damaged_code(self, tab: int, cut: int) -> None:
        code, _ = self._backup(False, 1)
        before = dict(self.shared.data)
        with pytest.raises(BackupError):
            import_into(self.tabs[tab].session, code[:-cut])
        assert self.shared.data == before

    @rule(tab=tabs, how=st.sampled_from(("next", "all", "everything")))
    def follow_the_other_tab(self, tab: int, how: str) -> None:
        session, events = self.tabs[tab].session, self.tabs[tab].view.events
        if how == "everything":
            events.clear()
            session.sync(None)
        while events:
            session.sync(events.pop(0))
            if how == "next":
                break

    @rule(tab=tabs)
    def reload(self, tab: int) -> None:
        """The page loaded again: what only this tab held (never stored) is gone."""
        here, there = (copy.deepcopy(t.session) for t in (self.tabs[tab], self.tabs[1 - tab]))
        gone = held(here) - stored_games(self.shared.data) - held(there)
        self.alive -= gone
        CHECKED["lost with a reload"] += sum(gone.values())
        old = self.tabs[tab].view
        self.shared.views.remove(old)
        self.tabs[tab] = self._open()

    @rule(mode=st.sampled_from((WORKS, FULL, LOSES)))
    def the_store(self, mode: str) -> None:
        self.shared.mode = mode

    @invariant()
    def every_game_once_stored_is_still_stored(self) -> None:
        stored = stored_games(self.shared.data)
        assert sum(stored.values()) < CAP // 10  # (none pruned)
        assert not self.shared.ever - stored, f"stored once, gone: {self.shared.ever - stored}"
        CHECKED["stored games"] += sum(self.shared.ever.values())

    @invariant()
    def every_best_score_shown_is_in_the_history(self) -> None:
        for tab in self.tabs:
            check_tables(copy.deepcopy(tab.session))

    @invariant()
    def once_both_tabs_follow_they_agree(self) -> None:
        world = copy.deepcopy(self.tabs)  # both tabs and their store, copied together
        stored = stored_games(world[0].view.shared.data)
        holds = []
        for tab in world:
            while tab.view.events:
                tab.session.sync(tab.view.events.pop(0))
            check_tables(tab.session)
            games = held(tab.session)
            assert not stored - games, f"stored, not followed: {stored - games}"
            assert max(games.values(), default=1) == 1, "a game counted twice"
            assert not games - self.introduced, "a game never finished nor brought in"
            if tab.view.saved:
                assert not games - stored, "held back, though its last write landed"
                CHECKED["tabs agreeing"] += bool(games)
            else:
                CHECKED["held back, the store failing"] += bool(games - stored)
            holds.append(games)
        lost = self.alive - (holds[0] | holds[1])
        assert not lost, f"finished or imported, and lost: {lost}"
        CHECKED["games kept"] += sum(self.alive.values())


# -- what the run repeats, done once (the run itself unchanged: Hypothesis draws its examples
# -- from the source of TwoTabs, so its code stays as it is) ----------------------------------
def shared_when_copied(monkeypatch) -> None:
    """A copy of the world (``copy.deepcopy``) shares its games and records with the run: both
    are frozen, so sharing one is what a copy of it would be, without copying thousands of
    them for every check."""
    for frozen in (Game, Played):
        monkeypatch.setattr(frozen, "__deepcopy__", lambda self, memo: self, raising=False)


def restored_once(monkeypatch) -> None:
    """``Game.from_dict``, worked out once for each saved game: the copied tabs of every check
    follow the same storage events again and again (a run restored 206 saved games 18,795
    times). Restoring is a function of the saved JSON alone, so an equal one gives the same
    game; a saved game that is refused is refused every time, as before."""
    restore = Game.from_dict.__func__
    done: dict[str, Game] = {}

    def from_dict(cls: type[Game], data: object) -> Game:
        key = json.dumps(data, sort_keys=True)  # (tells true from 1 and 4.0 from 4)
        if key not in done:
            done[key] = restore(cls, data)
        return done[key]

    monkeypatch.setattr(Game, "from_dict", classmethod(from_dict))


def backups_made_once(monkeypatch) -> None:
    """``TwoTabs._backup``, made once for each store it copies (or none), count of games,
    first seed and day: every example starts again from the same seeds. A backup made again
    takes the seeds its making took."""
    make = TwoTabs._backup
    made: dict[tuple[object, ...], tuple[str, Counter[tuple[object, ...]], int]] = {}

    def backup(self: TwoTabs, copied: bool, games: int) -> tuple[str, Counter[tuple[object, ...]]]:
        data = tuple(sorted(self.shared.data.items())) if copied else None
        start = next_seed()
        key = (data, games, start, self.clock())
        if key not in made:
            code, new = make(self, copied, games)
            made[key] = (code, new, next_seed() - start)
        code, new, taken = made[key]
        SEEDS[0] = itertools.count(start + taken)
        return code, Counter(new)

    monkeypatch.setattr(TwoTabs, "_backup", backup)


def test_the_store_keeps_every_game_through_two_tabs_and_failures(monkeypatch):
    monkeypatch.setattr("magdagdon.game.new_seed", fresh_seed)
    shared_when_copied(monkeypatch)
    restored_once(monkeypatch)
    backups_made_once(monkeypatch)
    CHECKED.clear()
    run_state_machine_as_test(
        TwoTabs,
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=STEPS,
            deadline=None,
            derandomize=True,
            database=None,
        ),
    )
    reached = ("stored games", "best scores", "daily best scores", "tabs agreeing", "games kept")
    failed = ("held back, the store failing", "lost with a reload")
    assert all(CHECKED[what] > 0 for what in reached + failed), CHECKED


def a_backup_of(seed: int) -> str:
    """The code of a backup that holds one PEACEFUL game, of ``seed``."""
    third = new_session()
    third.new_game(Difficulty.PEACEFUL, seed)
    return code_of(play(third, finished(Difficulty.PEACEFUL, seed).moves))


def test_a_best_score_is_shown_only_once_the_history_holds_its_game(store):
    here, there = new_session(store), new_session(store)
    assert held(here) == Counter()  # its history read (as after a game, or STATS)
    import_into(there, a_backup_of(1))  # an older release would also write a PEACEFUL table
    here.sync(HISTORY_KEY)
    import_into(there, a_backup_of(2))
    here.sync(best_key(Difficulty.PEACEFUL))  # (a table's event: none is written now)
    shown = shown_tables(here)[Difficulty.PEACEFUL]
    games = [played.entry() for played in history_of(here).records]
    assert len(shown) == 1  # the second game's history event not followed yet
    assert [entry for entry in shown if entry not in games] == []
    here.sync(HISTORY_KEY)
    assert len(shown_tables(here)[Difficulty.PEACEFUL]) == 2
