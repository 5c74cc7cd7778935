"""The history of finished games: the ``Played`` record of a real game, its codec with its
strict checks (the moves' codec: test_moves.py), the full replay check, the store (cap and
pruning that never drops a best-10 game, corrupted and newer values, failing stores, other
tabs), the best tables derived from it, and an older release's best-scores tables carried
into it."""

from __future__ import annotations

import json
import sys
from dataclasses import replace

import pytest

from magdagdon import Difficulty, Game
from magdagdon.game import SEED_LIMIT
from magdagdon.history import (
    BUDGET,
    CAP,
    HISTORY_KEY,
    MAX_STORED,
    History,
    _parse_stored,
    _stored,
    best,
    legacy_records,
    merge_records,
    new_in,
    prune,
    ranked,
)
from magdagdon.moves import encode_moves
from magdagdon.played import Played, decode, dumps, encode, identity, verify
from magdagdon.records import Entry, MemoryStore, Records, best_key

from .greedy import finished
from .played_games import a_board_entry, date_of, games, play
from .sessions import FailingStore, new_session

PEACEFUL, SURVIVAL, NIGHTMARE = Difficulty.PEACEFUL, Difficulty.SURVIVAL, Difficulty.NIGHTMARE
#: Enough real games for the budget: at least 2,000 of them must fit in 1 MB of JSON.
MANY = 2_001


def some(count: int = 30) -> list[Played]:
    return list(games(count))


def best_oldest(records: list[Played]) -> list[Played]:
    """``records`` dated again so that the best of each difficulty are the oldest games."""
    rank = {}
    for difficulty in Difficulty:
        mine = [p for p in records if p.difficulty is difficulty]
        for n, played in enumerate(sorted(mine, key=lambda p: -p.score)):
            rank[id(played)] = n
    order = sorted(records, key=lambda p: rank[id(p)])
    return [replace(played, date=date_of(n)) for n, played in enumerate(order)]


def stored(store: MemoryStore) -> dict:
    return json.loads(store.data[HISTORY_KEY])


# -- Played.of -------------------------------------------------------------------------------------
def test_played_of_a_finished_game_keeps_its_score_and_parts():
    game = play(SURVIVAL, 5, 1)
    played = Played.of(game, "2026-11-29", coach=150)
    parts = game.breakdown
    assert (played.difficulty, played.seed, played.moves) == (SURVIVAL, 5, game.moves)
    assert (played.score, played.turns, played.powers) == (game.score, game.turn, game.powers_used)
    assert (played.hints, played.coach, played.base) == (game.hints, 150, parts.base)
    assert (played.board, played.final_board) == (None, game.board_text)
    bonus_points = 60 * played.straights + 40 * played.fours + 20 * played.pairs
    assert bonus_points == parts.bonuses
    assert played.ruins.bit_count() == parts.ruins
    assert all((played.ruins >> cell & 1) == (value == -1) for cell, value in enumerate(game.board))


def test_the_test_games_use_hints_and_powers_on_every_difficulty():
    records = some(300)
    for difficulty in Difficulty:
        mine = [p for p in records if p.difficulty is difficulty]
        assert any(p.hints for p in mine)
        assert any(p.powers for p in mine) == bool(difficulty.powers)
    assert any(p.ruins for p in records) and any(p.straights + p.fours + p.pairs for p in records)


@pytest.mark.parametrize(
    "game",
    [
        Game.new(PEACEFUL, 3),
        Game.new(PEACEFUL, 3).apply("roll"),
        Game.from_board("1234/2345/3456/4565", PEACEFUL),  # over, but no moves to keep
    ],
)
def test_only_a_finished_game_of_seed_and_moves_is_remembered(game):
    with pytest.raises(ValueError):
        Played.of(game, "2026-11-29")


@pytest.mark.parametrize("date", ["", "29.11.2026", "2026-13-01", None, 20261129])
def test_a_record_needs_an_iso_date(date):
    with pytest.raises(ValueError):
        Played.of(play(PEACEFUL, 1), date)


# -- the record codec ------------------------------------------------------------------------------
def test_real_games_round_trip_through_json():
    for played in games(MANY):
        raw = json.loads(dumps(played))
        assert decode(raw) == played


def test_a_record_keeps_the_coachs_score_only_when_known():
    played = some(1)[0]
    assert len(encode(played)) == 9
    assert decode(encode(replace(played, coach=-12))).coach == -12
    assert decode(encode(played) + [None]) == played  # an explicit null is read too


def test_the_counts_are_read_from_the_moves():
    played = some(1)[0]
    raw = encode(played)
    assert raw[2] == encode_moves(played.moves)
    assert decode(raw).turns == played.turns == raw[2].count("!") + raw[2].count("#")


def test_a_record_replays_to_its_score():
    for played in some(150):
        assert verify(played)


def mangled(index: int, value) -> list:
    raw = encode(some(3)[2])  # a NIGHTMARE game: no powers
    raw[index] = value
    return raw


@pytest.mark.parametrize(
    "raw",
    [
        None,
        "['n']",
        [],
        mangled(0, "x"),
        mangled(0, "nightmare"),
        mangled(0, None),
        mangled(1, -1),
        mangled(1, SEED_LIMIT),
        mangled(1, True),
        mangled(1, 4.0),
        mangled(1, None),  # a game with moves has its seed
        mangled(2, 7),
        mangled(2, ".A!"),  # the cells are not all filled
        mangled(3, "2026-02-30"),
        mangled(3, None),
        mangled(4, 10_001),
        mangled(4, "96"),
        mangled(5, None),
        mangled(5, 193),
        mangled(6, 9),
        mangled(6, -1),
        mangled(7, False),
        encode(some(3)[2]) + ["7"],
        encode(some(3)[2]) + [1, 2],
        encode(some(3)[2]) + [None] * 6,
    ],
)
def test_a_malformed_record_is_refused(raw):
    with pytest.raises(ValueError):
        decode(raw)


def test_a_record_whose_parts_do_not_add_up_is_refused():
    raw = encode(some(1)[0])
    raw[4] += 1
    with pytest.raises(ValueError, match="score"):
        decode(raw)
    raw[5] += 1  # an odd base: every number counts twice
    with pytest.raises(ValueError, match="base"):
        decode(raw)


@pytest.mark.parametrize(
    "change",
    [
        lambda text: text[:-1],  # the last turn not ended
        lambda text: "." + text,  # a roll too many
        lambda text: text.replace(".", "", 1),  # a turn without its roll
        lambda text: text + ".@#0",  # a cell ruined after the board is full
        lambda text: text.replace("!", "A!", 1),  # a die too many staged
    ],
)
def test_moves_that_do_not_make_a_finished_game_are_refused(change):
    raw = encode(some(1)[0])
    raw[2] = change(raw[2])
    with pytest.raises(ValueError, match="moves"):
        decode(raw)


def test_a_hint_anywhere_is_counted():
    raw = encode(some(1)[0])
    raw[2] = raw[2].replace(".", ".?", 2)
    assert decode(raw).hints == some(1)[0].hints + 2


def test_more_powers_than_the_difficulty_has_are_refused():
    nightmare = next(p for p in some(30) if p.difficulty is NIGHTMARE)
    text = encode_moves(nightmare.moves)
    raw = encode(nightmare)
    raw[2] = text.replace(".", ".%f", 1)
    with pytest.raises(ValueError, match="powers"):
        decode(raw)


def test_the_cheap_checks_pass_a_forgery_that_the_replay_catches():
    played = some(1)[0]
    forged = replace(played, score=played.score + 20, pairs=played.pairs + 1)
    assert decode(encode(forged)) == forged  # it adds up...
    assert not verify(forged)  # ...but the moves do not make it
    assert played.moves[:2] == ("roll", "stage 0 0")
    early = replace(played, moves=(played.moves[1], played.moves[0], *played.moves[2:]))
    assert decode(encode(early)) == early  # the counts are right...
    assert not verify(early)  # ...but a die is staged before the roll
    assert not verify(replace(played, seed=played.seed + 1))


# -- the budget ------------------------------------------------------------------------------------
def test_two_thousand_real_games_fit_in_well_under_a_megabyte():
    records = games(MANY)
    text = _stored(records)
    assert len(text.encode()) <= 1_000_000
    per_game = len(text) / len(records)
    # Measured: 84 characters a game, 11.9 games a KB; 2,001 games take 168 KB.
    assert per_game < 100
    assert CAP * per_game < BUDGET  # the cap, not the budget, limits typical games


# -- the store -------------------------------------------------------------------------------------
def test_an_empty_store_has_no_history():
    history = History(MemoryStore())
    assert history.records == () and len(history) == 0
    assert history.problems == [] and not history.unsaved


def test_games_are_stored_under_a_versioned_key_and_read_back(store):
    history = History(store)
    for played in some(12):
        history.add(played)
    assert HISTORY_KEY == "magdagdon.v1.history"
    value = stored(store)
    assert value["schema"] == 1 and len(value["games"]) == 12
    assert History(store).records == history.records == tuple(some(12))


def test_games_are_kept_oldest_first_whatever_order_they_come_in():
    history = History(MemoryStore())
    records = [replace(played, date=date_of(2 * n)) for n, played in enumerate(some(12))]
    for played in reversed(records):
        history.add(played)
    assert history.records == tuple(records)
    history.add(replace(records[5], seed=1))  # on a day already played: after that day's games
    assert history.records[6].seed == 1


def test_a_record_that_would_not_read_back_is_not_added():
    history = History(MemoryStore())
    with pytest.raises(ValueError):
        history.add(replace(some(1)[0], score=1))
    with pytest.raises(ValueError):
        history.add(replace(some(1)[0], board="1234/2345/3456/4565"))  # its moves say it
    assert history.records == ()


def test_the_same_game_can_be_played_twice():
    history = History(MemoryStore())
    played = some(1)[0]
    history.add(played)
    history.add(played)
    assert History(history.store).records == (played, played)


# -- best tables -----------------------------------------------------------------------------------
def test_best_tables_rank_as_the_records_do():
    """An older release's best-scores table of the same games (Records reads it) ranks as the
    history does, ties of score and of date included."""
    history = History(MemoryStore())
    for n, played in enumerate(some(40)):
        for again in range(n % 3):  # the same dice played again, on a day or another
            played = replace(played, date=date_of(n // 5 + again), coach=n if again else None)
            history.add(played)
    for difficulty in Difficulty:
        rows = [p.entry().to_dict() for p in history.records if p.difficulty is difficulty]
        table = json.dumps({"schema": 1, "entries": rows})
        old = Records(MemoryStore({best_key(difficulty): table})).old_table(difficulty)
        assert history.best(difficulty) == old
        assert [e.coach for e in history.best(difficulty)] == [e.coach for e in old]


def test_best_entries_carry_the_board_the_moves_make_and_the_history_ranks_them_so():
    records = some(20)
    table = best(records, PEACEFUL)
    top = ranked(records, PEACEFUL)
    assert [e.score for e in table] == sorted((p.score for p in top), reverse=True)
    assert all(
        e.board == p.final_board and e.seed == p.seed for e, p in zip(table, top, strict=True)
    )
    history = History(MemoryStore())
    for played in records:
        history.add(played)
    assert ranked(History(history.store).records, PEACEFUL) == top  # as stored and read back


# -- the cap ---------------------------------------------------------------------------------------
def test_beyond_the_cap_the_oldest_ordinary_games_go_first_never_a_best_one():
    records = best_oldest(some(120))  # the oldest games are the best ones: they must stay
    history = History(MemoryStore(), cap=60)
    for played in records:
        history.add(played)
    kept = history.records
    assert len(kept) == 60
    best_ones = {identity(p) for d in Difficulty for p in ranked(records, d)}
    assert len(best_ones) == 30 and best_ones <= {identity(p) for p in kept}
    ordinary = [p for p in records if identity(p) not in best_ones]
    assert [p for p in kept if identity(p) not in best_ones] == ordinary[-30:]
    assert History(history.store, cap=60).records == kept


def test_the_best_games_are_kept_even_beyond_the_cap():
    history = History(MemoryStore(), cap=5)
    for played in some(60):
        history.add(played)
    assert len(history) == 30  # 10 a difficulty
    assert all(len(history.best(d)) == 10 for d in Difficulty)


def test_the_budget_of_characters_is_kept_too():
    records = some(80)
    budget = len(_stored(records[:40]))
    history = History(MemoryStore(), budget=budget)
    for played in records:
        history.add(played)
    assert len(history.store.data[HISTORY_KEY]) <= budget
    assert {identity(p) for d in Difficulty for p in ranked(records, d)} <= {
        identity(p) for p in history.records
    }


def test_prune_drops_the_given_games_first():
    records = some(40)
    assert prune(records, cap=40) == records
    best_ones = {identity(p) for d in Difficulty for p in ranked(records, d)}
    ordinary = [p for p in records if identity(p) not in best_ones]
    assert prune(records, cap=39) == [p for p in records if p is not ordinary[0]]
    newest = ordinary[-1]
    assert prune(records, cap=39, first=[newest]) == [p for p in records if p is not newest]
    assert prune(records, cap=0) == [p for p in records if identity(p) in best_ones]


# -- what goes wrong -------------------------------------------------------------------------------
def test_a_corrupted_value_keeps_its_valid_records_and_is_cleaned_once():
    records = some(6)
    value = {"schema": 1, "games": [encode(p) for p in records]}
    value["games"][2] = ["p", 1]
    value["games"].insert(4, "garbage")
    store = MemoryStore({HISTORY_KEY: json.dumps(value)})
    history = History(store)
    assert history.records == tuple(records[:2] + records[3:])
    assert history.problems == ["history"] and history.dropped == 2
    assert len(stored(store)["games"]) == 5  # cleaned at once: reported once
    again = History(store)
    assert again.problems == [] and again.records == history.records


@pytest.mark.parametrize(
    "raw",
    [
        "not json",
        "[1, 2]",
        '{"schema": 1}',
        '{"schema": 1, "games": {}}',
        '{"schema": 0, "games": []}',
        '{"games": []}',
        "[" * 100_000,
        '{"schema": 1, "games": [' + "1," * 2_000_000 + "1]}",  # longer than any history
    ],
)
def test_an_unusable_value_is_dropped_noted_and_replaced(raw):
    store = MemoryStore({HISTORY_KEY: raw})
    history = History(store)
    assert history.records == () and history.problems == ["history"]
    history.add(some(1)[0])
    assert History(store).records == (some(1)[0],)


def test_a_newer_releases_history_is_never_overwritten():
    raw = json.dumps({"schema": 2, "games": [["new", "format"]]})
    store = FailingStore({HISTORY_KEY: raw})
    history = History(store)
    history.add(some(1)[0])
    assert store.data[HISTORY_KEY] == raw and store.writes == []
    assert history.unsaved and history.records == (some(1)[0],)  # played on, in memory


def test_a_store_that_cannot_be_read_is_never_written():
    store = FailingStore({HISTORY_KEY: _stored(some(3))}, fail_get=True)
    history = History(store)
    assert history.problems == ["storage-unreadable"] and history.unsaved
    history.add(some(4)[3])
    assert store.writes == [] and history.records == (some(4)[3],)


def test_a_store_that_refuses_writes_loses_nothing():
    store = FailingStore(fail_set=True)
    history = History(store)
    for played in some(5):
        history.add(played)
    assert history.unsaved and history.records == tuple(some(5))
    store.fail_set = False  # room again (e.g. something else was deleted)
    history.add(some(6)[5])
    assert History(store).records == tuple(some(6))


def test_another_tabs_games_are_merged_never_twice(store):
    one, two = History(store), History(store)
    records = some(6)
    one.add(records[0])
    two.add(records[1])  # reads one's game first
    one.add(records[2])
    assert one.records == tuple(records[:3])
    assert two.sync() and two.records == tuple(records[:3])
    assert not two.sync()
    assert History(store).records == tuple(records[:3])


def test_the_coachs_score_is_noted_kept_and_merged(store):
    one, two = History(store), History(store)
    played = some(1)[0]
    one.add(played)
    two.sync()
    assert two.set_coach(played, 123)
    assert not two.set_coach(some(2)[1], 5)  # not here
    one.add(some(2)[1])  # merges two's coach in
    assert one.records[0].coach == 123 and History(store).records[0].coach == 123
    assert History(store).best(played.difficulty)[0].coach == 123


def test_the_coachs_score_can_be_noted_again():
    store = FailingStore()
    history = History(store)
    played = some(1)[0]
    history.add(played)
    assert history.set_coach(played, 50) and history.set_coach(played, 60)
    writes = len(store.writes)
    assert history.set_coach(played, 60) and len(store.writes) == writes  # nothing new to store
    assert History(store).records[0].coach == 60


def test_a_stored_game_that_does_not_replay_goes_no_further_than_its_device():
    """Loading checks cheaply (no replay); a backup of that history brings the forged game to
    another device, whose import replays every game it has not got (:func:`verify`, as
    ``backup.merge`` runs it) and refuses the one that does not replay."""
    from magdagdon.backup import collect, export, merge, parse

    played = some(3)
    forged = replace(played[1], score=played[1].score + 20, pairs=played[1].pairs + 1)
    store = MemoryStore({HISTORY_KEY: _stored([played[0], forged, played[2]])})
    history = History(store)
    assert len(history) == 3 and history.problems == []  # the cheap checks pass it
    other = History(MemoryStore())
    merged = merge(collect(other.records), parse(export(collect(history.records))), verify)
    assert (merged["added"], merged["dropped"]) == (2, 1)
    assert other.absorb(merged["history"]) == 2
    assert History(other.store).records == (played[0], played[2])


# -- merging ---------------------------------------------------------------------------------------
def test_merging_loses_nothing_and_counts_nothing_twice():
    records = some(30)
    mine, theirs = records[:20], records[10:]
    merged = merge_records(mine, theirs)
    assert merged == records
    assert merge_records(merged, theirs) == records
    assert new_in(merged, theirs) == []
    assert merge_records(mine, mine) == mine


def test_absorbing_adds_the_new_games_once():
    history = History(MemoryStore())
    records = some(10)
    for played in records[:6]:
        history.add(played)
    assert history.absorb(records[3:]) == 4
    assert history.absorb(records) == 0
    assert history.records == tuple(records)


def test_when_absorbing_reaches_the_cap_the_absorbed_games_go_first():
    records = some(40)
    history = History(MemoryStore(), cap=35)
    mine = records[20:]  # the newer games are this device's
    for played in mine:
        history.add(played)
    history.absorb(records[:20])
    kept = {identity(p) for p in history.records}
    assert {identity(p) for p in mine} <= kept and len(kept) == 35


# -- migration -------------------------------------------------------------------------------------
def old_tables() -> dict[Difficulty, list[Entry]]:
    """Best-scores tables as an older release left them."""
    game = play(NIGHTMARE, 77)
    return {
        PEACEFUL: [
            Entry(120, "2025-03-01", 9, 1),  # the oldest rows: no seed, no board
            Entry(120, "2025-03-01", 9, 1),  # the same row twice: two games
            Entry(90, "2025-03-02T18:05", 8, 0, seed=5, board="1234/2345/3456/45#4"),
        ],
        SURVIVAL: [Entry(-30, "2025-04-01", 12, 1, seed=9, hints=2, coach=140)],
        NIGHTMARE: [Entry(game.score, "2025-05-01", game.turn, 0, seed=77, board=game.board_text)],
    }


def test_old_best_tables_are_carried_over_once():
    tables = old_tables()
    fresh = legacy_records(tables, [])
    assert len(fresh) == 5 and all(p.legacy and p.moves == () for p in fresh)
    assert legacy_records(tables, fresh) == []  # idempotent
    assert legacy_records(tables, fresh[:2]) == fresh[2:]
    for difficulty, entries in tables.items():
        assert best(fresh, difficulty) == sorted(entries, key=lambda e: (-e.score, e.date))


def test_carried_over_records_keep_what_the_table_had():
    by_date = {p.date: p for p in legacy_records(old_tables(), [])}
    bare = by_date["2025-03-01"]
    assert (bare.seed, bare.board, bare.base) == (None, None, None)
    helped = by_date["2025-04-01"]
    assert (helped.seed, helped.hints, helped.coach) == (9, 2, 140)
    with_board = by_date["2025-05-01"]
    game = play(NIGHTMARE, 77)
    assert with_board.base == game.breakdown.base and with_board.board == game.board_text
    assert with_board.ruins.bit_count() == game.breakdown.ruins
    odd = by_date["2025-03-02T18:05"]  # its board does not make its score: parts unknown
    assert odd.base is None and odd.board == "1234/2345/3456/45#4" and odd.ruins == 1 << 14
    for played in by_date.values():
        assert decode(json.loads(dumps(played))) == played
        assert verify(played)


def stored_tables(tables: dict[Difficulty, list[Entry]]) -> dict[str, str]:
    """``tables`` stored as an older release stored its best-scores tables."""

    def row(entry: Entry) -> dict:
        return {name: value for name, value in vars(entry).items() if value is not None}

    return {
        best_key(difficulty): json.dumps({"schema": 1, "entries": [row(e) for e in entries]})
        for difficulty, entries in tables.items()
    }


def end_a_game(store: MemoryStore) -> None:
    """A session over ``store`` plays PEACEFUL's seed 3 to the end (the history is stored)."""
    session = new_session(store)
    session.new_game(PEACEFUL, 3)
    for move in finished(PEACEFUL, 3).moves:
        session.apply(move)


def test_the_old_tables_are_carried_in_at_every_load_and_never_twice(store):
    """What the session does at every load of the history: each line of an older release's
    tables that the history does not stand for yet is carried in (stored with the next game),
    so loading again, with or without a game in between, adds none twice."""
    store.data.update(stored_tables(old_tables()))
    history = new_session(store).history()
    assert len(history) == 5 and all(p.legacy for p in history.records)
    assert HISTORY_KEY not in store.data  # looking writes nothing
    end_a_game(store)
    for _ in range(2):
        again = new_session(store).history()
        assert len(again) == 6 and sum(p.legacy for p in again.records) == 5
        assert sum(p.legacy for p in History(store).records) == 5  # as stored
        for difficulty, entries in old_tables().items():
            kept = [e for e in again.best(difficulty) if e.seed != 3]  # (the game: seed 3)
            assert kept == sorted(entries, key=lambda e: (-e.score, e.date))


def test_a_table_entry_of_a_game_already_in_the_history_is_not_added(store):
    """A release that wrote both (its tables and the history) is carried over to no duplicate."""
    history = History(store)
    for played in some(12):
        history.add(played)
    store.data.update(stored_tables({d: best(history.records, d) for d in Difficulty}))
    assert new_session(store).history().records == history.records


def test_the_stored_tables_of_today_are_carried_in(store):
    """Every row a table may hold (with and without seed, board, hints, coach) as the
    session reads it from the store."""
    rows = [
        {"score": 100, "date": "2026-01-02", "turns": 9, "powers": 1},
        {"score": 80, "date": "2026-01-03", "turns": 9, "powers": 0, "seed": 4, "hints": 1},
        {"score": 70, "date": "2026-01-04", "turns": 9, "powers": 0, "coach": 90},
    ]
    store.set(best_key(PEACEFUL), json.dumps({"schema": 1, "entries": rows}))
    expected = [Entry.parse(row, PEACEFUL) for row in rows]
    assert new_session(store).history().best(PEACEFUL) == expected
    assert [e.coach for e in new_session(store).history().best(PEACEFUL)] == [None, None, 90]


def test_the_old_formats_module_is_imported_only_when_old_data_is_met(monkeypatch, store):
    monkeypatch.delitem(sys.modules, "magdagdon.legacy", raising=False)
    history = History(store)
    for played in some(3):
        history.add(played)
    assert len(new_session(store).history()) == 3
    assert "magdagdon.legacy" not in sys.modules
    store.data.update(stored_tables({PEACEFUL: [a_board_entry()]}))  # an older release's
    assert len(new_session(store).history()) == 4
    assert "magdagdon.legacy" in sys.modules


def test_the_history_warmed_ahead_loads_without_replaying_a_game(monkeypatch):
    """warm_steps (run by the page in idle time) replays the best tables' games one a step,
    writing nothing; the session's first load of the history then replays none of them."""
    from magdagdon import history as history_module
    from magdagdon import played as played_module
    from magdagdon.coach import suggest

    store = MemoryStore()
    for seed in range(12):
        session = new_session(store, seed=500 + seed, difficulty=list(Difficulty)[seed % 3])
        while not session.game.is_over:
            for action in suggest(session.game):
                session.apply(action)
    monkeypatch.setattr(played_module, "_FINAL_BOARDS", {})
    stored = dict(store.data)
    replays: list[int] = []
    play = Game.play
    monkeypatch.setattr(Game, "play", lambda game, moves: replays.append(1) or play(game, moves))
    steps = sum(1 for _ in history_module.warm_steps(store))
    warmed = len(replays)
    assert warmed == 12 and steps == 1 + 12 + 0  # the read, then a game a step (no daily)
    assert store.data == stored  # nothing written
    fresh = new_session(store)  # (replays the game it resumes)
    replays.clear()
    assert len(fresh.history()) == 12 and replays == []
    assert [e.board for e in fresh.history().best(Difficulty.PEACEFUL)] == [
        Game.new(p.difficulty, p.seed).play(p.moves).board_text
        for p in history_module.ranked(fresh.history().records, Difficulty.PEACEFUL)
    ]


# -- the stored text, a store that fails, the cap's arithmetic, the count of dropped records -----
@pytest.mark.parametrize(
    ("raw", "state"),
    [
        ('{"schema":1,"games":[]}', "ok"),
        ('{"schema":2,"games":[]}', "newer"),
        ("not json", "garbage"),
        ("[1, 2]", "garbage"),
        ('{"schema":1,"games":{}}', "garbage"),
        ('{"schema":1,"games":[]}' + " " * MAX_STORED, "garbage"),  # too long to be ours
    ],
)
def test_a_stored_history_is_told_ok_newer_or_garbage(raw, state):
    assert _parse_stored(raw) == ([], False, 0, state)


def test_a_bad_record_that_cannot_be_cleaned_away_is_counted_once():
    good = dumps(games(1)[0])
    store = FailingStore(
        {HISTORY_KEY: f'{{"schema":1,"games":[{good},["p","bad"]]}}'}, fail_set=True
    )
    history = History(store)
    assert (history.dropped, history.unsaved) == (1, True)
    assert history.sync() is False  # the same text: not read again
    assert (history.dropped, history.records) == (1, games(1))
    assert history.save() is False and history.unsaved


def test_a_coachs_score_only_theirs_knows_is_filled_in_once():
    played = games(1)[0]
    scored = [replace(played, coach=50), replace(played, coach=70)]
    merged = merge_records([played], scored)  # one of theirs is mine, the other is new
    assert [p.coach for p in merged] == [50, 70]
    assert [p.coach for p in merge_records([played, played], [scored[0], played])] == [50, None]


def test_a_fresh_history_is_saved_and_not_migrated():
    history = History(MemoryStore())
    assert (history.unsaved, history.migrated, history.dropped, history.problems) == (
        False,
        False,
        0,
        [],
    )


@pytest.mark.parametrize("migrated", [False, True])
def test_the_stored_text_says_whether_migration_was_done(migrated):
    text = _stored(games(2), migrated)
    assert _parse_stored(text) == (list(games(2)), migrated, 0, "ok")


def test_a_game_twice_in_theirs_and_once_in_mine_is_new_once():
    a, b = games(2)
    assert new_in([a], [a, a, b]) == [a, b]
    assert new_in([a, a], [a, a]) == []
    entry = a.entry()
    assert legacy_records({a.difficulty: [entry, entry]}, [a]) == [
        Played.carried_over(a.difficulty, entry)
    ]
    assert legacy_records({a.difficulty: [entry, entry]}, [a, a]) == []


def test_an_unreadable_store_is_noted_once_and_never_written():
    store = FailingStore(fail_get=True)
    history = History(store)
    assert history.sync() is False
    history.carry(games(2))
    assert history.save() is False
    assert (history.problems, history.unsaved, store.data) == (["storage-unreadable"], True, {})


def test_a_record_that_would_not_read_back_is_refused_by_name():
    played = replace(games(1)[0], turns=99)  # no record holds 99 turns
    with pytest.raises(ValueError, match=r"^a record that would not read back: Played\("):
        History(MemoryStore()).add(played)


def test_saving_beyond_the_cap_drops_the_games_asked_first_and_keeps_the_migration():
    records = [p for p in games(40) if p.difficulty is Difficulty.NIGHTMARE]  # 13: 3 not best
    ordinary = [p for p in records if p not in ranked(records, Difficulty.NIGHTMARE)]
    newest = max(ordinary, key=lambda p: p.date)
    store = MemoryStore({HISTORY_KEY: _stored([], migrated=True)})  # an older release's flag
    history = History(store, cap=len(records) - 1)
    assert history.migrated
    history.carry(records)
    assert history.save(first=[newest])
    assert [p for p in records if p not in history.records] == [newest]
    again = History(store)
    assert again.migrated and again.records == history.records


def test_a_history_that_fills_its_budget_exactly_is_kept_whole():
    records = [p for p in games(40) if p.difficulty is Difficulty.NIGHTMARE]  # 3 not best
    text = _stored(records, migrated=False)
    store = MemoryStore()
    history = History(store, cap=len(records), budget=len(text))
    history.carry(records)
    assert history.save() and history.records == tuple(records)
    assert store.get(HISTORY_KEY) == text


def test_another_tabs_text_with_the_same_games_changes_nothing(store):
    history = History(store)
    history.carry(games(3))
    history.save()
    store.set(HISTORY_KEY, store.get(HISTORY_KEY).replace(",", ", "))  # the same, re-spaced
    assert history.sync() is False and history.records == games(3)


def test_the_cap_of_characters_counts_each_record_and_its_comma():
    records = [p for p in games(40) if p.difficulty is Difficulty.NIGHTMARE]  # 13: 3 not best
    text = _stored(records, migrated=True)
    assert prune(records, budget=len(text) + 1) == records  # fits (with a comma to spare)
    kept = prune(records, budget=len(text))
    dropped = [p for p in records if p not in kept]
    ordinary = [p for p in records if p not in ranked(records, Difficulty.NIGHTMARE)]
    assert dropped == [min(ordinary, key=lambda p: p.date)]  # the oldest game not in the best 10


def test_a_stored_history_of_the_greatest_length_is_read():
    text = _stored(games(3))
    store = MemoryStore({HISTORY_KEY: text + " " * (MAX_STORED - len(text))})
    assert History(store).records == games(3)
    store = MemoryStore({HISTORY_KEY: text + " " * (MAX_STORED + 1 - len(text))})
    assert History(store).records == ()


@pytest.mark.parametrize("raw", ["not json", '{"schema": 1}', '{"schema": 2, "games": []}'])
def test_a_store_that_cannot_be_used_drops_nothing_and_the_old_tables_still_come_in(raw):
    store = MemoryStore({HISTORY_KEY: raw, **stored_tables({PEACEFUL: [a_board_entry()]})})
    history = new_session(store).history()
    assert (history.dropped, history.migrated) == (0, False)
    assert history.records == (Played.carried_over(PEACEFUL, a_board_entry()),)


def test_dropped_records_are_counted_over_loads():
    good = [dumps(p) for p in games(3)]
    store = MemoryStore({HISTORY_KEY: f'{{"schema":1,"games":[{good[0]},["p","bad"]]}}'})
    history = History(store)
    assert (history.dropped, history.problems) == (1, ["history"])  # one bad record is bad
    assert History(store).records == games(1)  # and the store was cleaned
    store.set(HISTORY_KEY, f'{{"schema":1,"games":[{good[1]},[],{{}}]}}')  # another tab's
    history.sync()
    assert history.dropped == 3
    assert history.problems == ["history"]  # noted when first loaded, not again


def test_the_coachs_score_goes_to_the_twin_without_one():
    played = games(2)[1]
    history = History(MemoryStore())
    history.carry([replace(played, coach=50), played])  # the same game twice, one scored
    assert history.set_coach(played, 70)
    assert sorted(p.coach for p in history.records) == [50, 70]
