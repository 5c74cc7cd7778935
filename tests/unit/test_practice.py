"""PRACTISE (magdagdon/practice.py): the costly decisions of her finished games as practice
positions, when each comes back, the stored record (its codec, its merge, its keeping through
the store's rules), the scan of finished games and the weekly progress."""

from __future__ import annotations

import dataclasses
import functools
import json
import zlib
from collections import Counter
from datetime import date, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from magdagdon import positions, practice
from magdagdon.game import SCHEMA, SCORE_LIMIT
from magdagdon.played import Played
from magdagdon.positions import COSTLY, costly, game_key, position, position_id, scan_steps
from magdagdon.practice import (
    INTERVALS,
    MOST_TRIES,
    PRACTICE_KEY,
    SOLVED_BELOW,
    Card,
    Practice,
    Record,
    Scan,
    Try,
    split_id,
)
from magdagdon.review import MISTAKE, judge, review
from magdagdon.rules import Difficulty
from magdagdon.store import MAX_VALUE, Keeper, MemoryStore

from .greedy import finished
from .sessions import TODAY, FailingStore

#: Greedy games with costly decisions, and cheaper marked ones beside them (an inaccuracy of
#: 10 to 24 points is no position): peaceful 1 loses 105, 4, 26, 0, 0, 39, 33, ...; nightmare 2
#: loses 90, 0, 22, 52, 5, ...
GAMES = [
    (Difficulty.PEACEFUL, 1),
    (Difficulty.SURVIVAL, 3),
    (Difficulty.NIGHTMARE, 2),
    (Difficulty.NIGHTMARE, 3),
]


def day(offset: int, start: str = TODAY) -> str:
    return (date.fromisoformat(start) + timedelta(days=offset)).isoformat()


@functools.cache
def reviewed(difficulty: Difficulty, seed: int, ended: str = TODAY):
    """A greedy game's record (ended on ``ended``) and its review."""
    game = finished(difficulty, seed)
    return Played.of(game, ended), review(difficulty, seed, game.moves)


# -- 1. the positions of a game are its costly decisions -------------------------------------------


def test_a_position_is_a_mistake_or_worse():
    assert COSTLY == MISTAKE and SOLVED_BELOW < COSTLY


@pytest.mark.parametrize(("difficulty", "seed"), GAMES)
def test_the_positions_of_a_game_are_exactly_its_costly_decisions_in_order(difficulty, seed):
    played, summary = reviewed(difficulty, seed)
    names = costly(played, summary)
    dear = [d for d in summary.decisions if d.loss >= 25]
    assert names == [f"{game_key(played)}.{d.at}" for d in dear]
    assert len(names) == summary.marks["mistake"] + summary.marks["blunder"] > 0
    # a cheaper marked decision is there in these games, and is no position
    assert any(0 < d.loss < 25 for d in summary.decisions)
    ats = [split_id(name) for name in names]
    assert ats == [(game_key(played), d.at) for d in dear]
    assert [at for _, at in ats] == sorted({at for _, at in ats})  # in the order played


def test_a_position_gives_back_its_game_and_the_game_as_the_decision_found_it():
    records = [reviewed(d, s) for d, s in GAMES]
    games = [played for played, _ in records]
    for played, summary in records:
        for decision in summary.decisions:
            if decision.loss < COSTLY:
                continue
            found = position(games, position_id(played, decision.at))
            assert found is not None
            back, game = found
            assert back is played
            assert game == decision.before
            assert game.board == decision.before.board and game.dice == decision.before.dice
            assert game.phase is decision.before.phase
            assert game.powers_left == decision.before.powers_left


def test_the_same_dice_played_twice_are_two_games():
    one = reviewed(Difficulty.PEACEFUL, 1)[0]
    other = reviewed(Difficulty.PEACEFUL, 1, day(1))[0]
    survival = reviewed(Difficulty.SURVIVAL, 1)[0]
    assert len({game_key(one), game_key(other), game_key(survival)}) == 3
    name = position_id(other, 3)
    assert position([one, other], name)[0] is other
    assert position([one], name) is None


@pytest.mark.parametrize(
    "name",
    [
        "",
        "x",
        ".3",
        "p1",
        "p1.abc",
        "p1.abc.",
        "p1.abc.x",
        "p1.abc.-3",
        "p1.abc.3a",
        "p1.abc.12345",
        "p1.abc." + "1" * 40,
        "p1.abc.²",  # a digit to str.isdigit that int() refuses
        "p1.abc.٣",  # an Arabic-Indic 3: another name for move 3
        "p1.abc.3 ",
    ],
)
def test_a_malformed_name_is_no_position(name):
    played = reviewed(Difficulty.PEACEFUL, 1)[0]
    assert split_id(name) is None
    assert position([played], name) is None
    assert position([played], name.replace("p1.abc", game_key(played))) is None


def test_an_unknown_position_is_none():
    played, summary = reviewed(Difficulty.PEACEFUL, 1)
    others = [reviewed(Difficulty.NIGHTMARE, 2)[0]]
    dear = next(d for d in summary.decisions if d.loss >= COSTLY)
    assert position(others, position_id(played, dear.at)) is None  # not among the games
    assert position([], position_id(played, dear.at)) is None
    assert played.moves[0] == "roll"
    assert position([played], position_id(played, 0)) is None  # no decision at a roll
    assert position([played], position_id(played, len(played.moves) + 5)) is None
    # a record without moves, or whose moves do not replay, gives no position
    legacy = Played(Difficulty.PEACEFUL, None, (), 50, TODAY, 8, 0, board="1234/1234/1234/1234")
    broken = Played(Difficulty.PEACEFUL, 1, ("roll", "stage 9 99", "confirm"), 0, TODAY, 1, 0)
    assert position([legacy, broken], position_id(broken, 2)) is None
    assert position([legacy, played], position_id(played, dear.at))[0] is played


# -- 2. an answer is priced by the review's own value function -------------------------------------


@pytest.mark.parametrize(("difficulty", "seed"), GAMES[:3])
def test_the_coachs_move_solves_a_position_and_her_own_costs_what_the_review_said(difficulty, seed):
    played, summary = reviewed(difficulty, seed)
    for decision in summary.decisions:
        if decision.loss < COSTLY:
            continue
        _, game = position([played], position_id(played, decision.at))
        coach = judge(game, decision.coach.actions)
        assert coach.loss == 0 and coach.same and Try(TODAY, coach.loss).solved
        again = judge(game, decision.player.actions)
        assert again.loss == decision.loss >= COSTLY
        assert not Try(TODAY, again.loss).solved


# -- 3. when a position comes back -----------------------------------------------------------------

NAME = "p1.abc.3"


def card(*tries: tuple[int, int], found: str = TODAY) -> Card:
    """A card found on ``found`` with tries (day offset from TODAY, loss)."""
    return Card(NAME, found, tuple(Try(day(n), loss) for n, loss in tries))


def test_a_new_position_waits_from_the_day_it_is_found():
    new = card()
    assert new.schedule() == (0, TODAY) and new.due == TODAY and not new.learned
    assert new.waiting(TODAY) and new.waiting(day(30)) and not new.waiting(day(-1))


def test_an_unsolved_answer_brings_it_back_the_next_day_and_starts_it_over():
    assert card((0, SOLVED_BELOW)).schedule() == (0, day(1))
    assert card((0, 0), (1, 0), (4, 80)).schedule() == (0, day(5))
    assert card((0, 0), (1, 0), (4, 80), (5, 0)).schedule() == (1, day(6))
    late = card((10, 40))  # answered long after it was due
    assert late.due == day(11) and not late.waiting(day(10)) and late.waiting(day(11))


def test_solves_on_due_days_come_back_after_each_interval_then_it_is_learned():
    assert INTERVALS == (1, 3, 7, 21)
    tries: list[tuple[int, int]] = []
    offset = 0
    for streak, interval in enumerate(INTERVALS, start=1):
        tries.append((offset, SOLVED_BELOW - 1))
        offset += interval
        assert card(*tries).schedule() == (streak, day(offset))
        assert not card(*tries).learned
    assert offset == 32
    tries.append((offset, 0))  # the fifth solve on a day it was due
    done = card(*tries)
    assert done.schedule() == (5, None) and done.due is None and done.learned
    assert not done.waiting(day(1000))
    # what follows a learned position changes nothing
    assert card(*tries, (40, 99)).learned


def test_a_solve_after_the_due_day_counts_from_the_day_it_came():
    assert card((0, 0), (5, 0)).schedule() == (2, day(8))


def test_a_solve_before_the_due_day_is_a_retry_that_changes_nothing():
    base = card((0, 0), (1, 0))  # due again on day 4
    assert base.schedule() == (2, day(4))
    for retry in (1, 2, 3):
        assert card((0, 0), (1, 0), (retry, 0)).schedule() == base.schedule()
    assert card((0, 0), (1, 0), (2, 0), (3, 5), (4, 0)).schedule() == (3, day(11))


def test_an_unsolved_retry_on_a_day_it_was_not_due_starts_it_over():
    assert card((0, 0), (1, 0), (2, 30)).schedule() == (0, day(3))
    assert card((0, 0), (0, 30)).schedule() == (0, day(1))  # the same day


def test_the_record_shows_the_positions_waiting_the_longest_first():
    record = Record()
    assert record.find(["p1.a.3", "p1.a.7"], TODAY) == 2
    assert record.find(["p1.a.3", "p2.b.9", "nonsense"], day(1)) == 1  # known, new, not one
    assert record.cards["p1.a.3"].found == TODAY
    assert [c.id for c in record.waiting(TODAY)] == ["p1.a.3", "p1.a.7"]
    record.tried("p1.a.3", TODAY, 0)  # due day(1)
    record.tried("p1.a.7", TODAY, 50)  # due day(1)
    assert record.waiting(TODAY) == []
    assert [c.id for c in record.waiting(day(1))] == ["p1.a.3", "p1.a.7", "p2.b.9"]
    record.tried("p2.b.9", day(1), 0)  # due day(2)
    record.tried("p1.a.7", day(1), 0)  # due day(2)
    assert [c.id for c in record.waiting(day(2))] == ["p1.a.3", "p1.a.7", "p2.b.9"]
    assert record.learned == 0
    record.tried("p1.a.3", day(1), -7)  # a loss below 0 is 0
    assert record.cards["p1.a.3"].tries[-1] == Try(day(1), 0)


def test_the_longest_waiting_goes_first_though_another_was_found_before_it():
    record = Record()
    record.find(["p1.a.3"], TODAY)
    record.find(["p2.b.1"], day(1))  # due day(1)
    record.tried("p1.a.3", day(2), 50)  # found first, but due again day(3)
    assert [c.id for c in record.waiting(day(3))] == ["p2.b.1", "p1.a.3"]
    record.find(["p0.c.5", "p0.c.4"], day(3))  # due today: found last, a game's in its order
    assert [c.id for c in record.waiting(day(3))] == ["p2.b.1", "p1.a.3", "p0.c.4", "p0.c.5"]


offsets = st.integers(-5, 60)
losses = st.integers(0, 120)


@settings(max_examples=300, deadline=None)
@given(
    found=offsets,
    tries=st.lists(st.tuples(offsets, losses), max_size=MOST_TRIES).map(sorted),
)
def test_a_position_is_never_due_before_its_last_try_and_learned_only_after_five_solves(
    found, tries
):
    each = card(*tries, found=day(found))
    streak, due = each.schedule()
    solves = sum(loss < SOLVED_BELOW for _, loss in tries)
    if tries:
        assert due is None or due >= day(tries[-1][0])
        if tries[-1][1] >= SOLVED_BELOW:
            assert (streak, due) == (0, day(tries[-1][0] + 1))
    else:
        assert (streak, due) == (0, day(found))
    assert streak <= solves
    assert each.learned == (due is None)
    if each.learned:
        assert streak == 5 and solves >= 5
    # the same answers given through the record keep the tries in order, the same schedule
    record = Record()
    record.find([NAME], day(found))
    for offset, loss in reversed(tries):
        record.tried(NAME, day(offset), loss)
    assert [t.day for t in record.cards[NAME].tries] == [day(n) for n, _ in tries]
    assert Record.parse(json.loads(record.to_json())) == record


# -- 4. the stored text ----------------------------------------------------------------------------

days = st.dates(date(2020, 1, 1), date(2099, 12, 31)).map(date.isoformat)
names = st.builds(
    lambda letter, seed, check, at: f"{letter}{seed}.{check}.{at}",
    st.sampled_from("pnsx"),
    st.integers(0, 2**53 - 1),
    st.text("0123456789abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=7),
    st.integers(0, 9999),
)
#: A game's key as the record may hold it (:data:`practice.NAME_CHARACTERS`).
keys = st.text("".join(sorted(practice.NAME_CHARACTERS)), min_size=1, max_size=36)
tries_of = st.lists(st.tuples(days, st.integers(0, SCORE_LIMIT)), max_size=MOST_TRIES).map(
    lambda pairs: tuple(Try(d, n) for d, n in sorted(pairs, key=lambda p: p[0]))
)


@st.composite
def scans(draw: st.DrawFn) -> Scan:
    total = draw(st.integers(0, 500))
    return Scan(draw(days), draw(st.integers(0, total)), total)


@st.composite
def records(draw: st.DrawFn, most: int = 6) -> Record:
    cards = draw(st.dictionaries(names, st.tuples(days, tries_of), max_size=most))
    scanned = draw(st.dictionaries(keys, scans(), max_size=most))
    return Record({n: Card(n, f, t) for n, (f, t) in cards.items()}, scanned)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=records())
def test_a_record_reads_back_as_it_was_written(record):
    text = record.to_json()
    back = Record.parse(json.loads(text))
    assert back == record
    assert back.to_json() == text


def good() -> dict:
    """A record's parsed text, every part of it present."""
    record = Record()
    record.find(["p1.abc.3", "n2.xyz.15"], TODAY)
    record.tried("p1.abc.3", TODAY, 30)
    record.tried("p1.abc.3", day(1), 0)
    record.scan("p1.abc", TODAY, 4, 10)
    data = json.loads(record.to_json())
    assert Record.parse(data) == record
    return data


def _set(path, value):
    """A change of a record's parsed text: ``value`` in place of the part at ``path``."""

    def change(data):
        target = data
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value
        return data

    return change


def _add(part, name, value):
    """A change of a record's parsed text: one more entry in ``part`` (cards or scanned)."""

    def change(data):
        data[part][name] = value
        return data

    return change


def _many(part, make, count):
    def change(data):
        data[part].update(
            {make(n): [TODAY, []] if part == "cards" else [TODAY, 0, 0] for n in range(count)}
        )
        return data

    return change


def _drop(part):
    def change(data):
        del data[part]
        return data

    return change


CARD = ("cards", "p1.abc.3")
TRIES = ("cards", "p1.abc.3", 1)
SCANNED = ("scanned", "p1.abc")
HOSTILE = {
    "not a dict": lambda data: [data],
    "nothing": lambda data: None,
    "no schema": _drop("schema"),
    "newer schema": _set(("schema",), SCHEMA + 1),
    "schema as text": _set(("schema",), str(SCHEMA)),
    "cards a list": _set(("cards",), []),
    "no scanned": _drop("scanned"),
    "scanned a list": _set(("scanned",), [["p1.abc", TODAY, 1, 1]]),
    "a card's bad name": _add("cards", "oops", [TODAY, []]),
    "a card's long name": _add("cards", "p1." + "a" * 40 + ".3", [TODAY, []]),
    "a card's unicode move": _add("cards", "p1.abc.\u00b2", [TODAY, []]),
    "a card's Tamil move": _add("cards", "p1.abc.\u0be9", [TODAY, []]),
    "a card's name with a quote": _add("cards", 'p1."a.3', [TODAY, []]),
    "a card's name with a control": _add("cards", "p1.\x00a.3", [TODAY, []]),
    "a card's name in capitals": _add("cards", "P1.ABC.3", [TODAY, []]),
    "a card not a list": _set(CARD, {"found": TODAY}),
    "a card too short": _set(CARD, [TODAY]),
    "a card too long": _set(CARD, [TODAY, [], 0]),
    "a card's found a number": _set(CARD + (0,), 20261201),
    "a card's found not a day": _set(CARD + (0,), "2026-13-01"),
    "a card's found unpadded": _set(CARD + (0,), "2026-12-1"),
    "a card's found a week day": _set(CARD + (0,), "2026-W49-2"),
    "a card's found a date-time": _set(CARD + (0,), TODAY + "T09:00"),
    "tries not a list": _set(TRIES, {}),
    "too many tries": _set(TRIES, [[TODAY, 0]] * (MOST_TRIES + 1)),
    "a try not a list": _set(TRIES + (0,), TODAY),
    "a try too long": _set(TRIES + (0,), [TODAY, 0, 0]),
    "a try's bad day": _set(TRIES + (0,), ["2026-02-30", 0]),
    "a try's week day": _set(TRIES + (1,), ["2026-W49-2", 0]),  # in order as text
    "a try's negative loss": _set(TRIES + (0,), [TODAY, -1]),
    "a try's loss too big": _set(TRIES + (0,), [TODAY, SCORE_LIMIT + 1]),
    "a try's loss a float": _set(TRIES + (0,), [TODAY, 1.5]),
    "a try's loss a bool": _set(TRIES + (0,), [TODAY, True]),
    "a try's loss text": _set(TRIES + (0,), [TODAY, "3"]),
    "tries out of order": _set(TRIES, [[day(1), 0], [TODAY, 30]]),
    "a scan's empty key": _add("scanned", "", [TODAY, 0, 0]),
    "a scan's long key": _add("scanned", "k" * 37, [TODAY, 0, 0]),
    "a scan's key with a quote": _add("scanned", 'p1."', [TODAY, 0, 0]),
    "a scan's key with an accent": _add("scanned", "p1.\u00e9", [TODAY, 0, 0]),
    "a scan's key in capitals": _add("scanned", "P1.ABC", [TODAY, 0, 0]),
    "a scan not a list": _set(SCANNED, TODAY),
    "a scan too short": _set(SCANNED, [TODAY, 1]),
    "a scan's bad day": _set(SCANNED, ["yesterday", 1, 1]),
    "a scan matched above total": _set(SCANNED, [TODAY, 11, 10]),
    "a scan's negative count": _set(SCANNED, [TODAY, -1, 10]),
    "a scan's total too big": _set(SCANNED, [TODAY, 1, 501]),
    "a scan's count a bool": _set(SCANNED, [TODAY, True, 1]),
    "too many cards": _many("cards", lambda n: f"p1.a.{n}", 601),
    "too many scans": _many("scanned", lambda n: f"k{n}", 401),
}


@pytest.mark.parametrize("how", HOSTILE)
def test_a_damaged_or_hostile_record_is_refused_with_a_value_error(how):
    data = HOSTILE[how](good())
    with pytest.raises(ValueError):
        Record.parse(data)


def test_a_record_at_every_bound_is_read_and_one_past_any_is_refused():
    # The bounds are the most a record may hold, so a record at each is read as it was
    # written; one more, anywhere, and it is refused.
    longest = "p1." + "a" * 32 + ".9999"  # the longest name: 40 characters, a 4-digit move
    assert len(longest) == 40 and split_id(longest) == ("p1." + "a" * 32, 9999)
    assert split_id(longest[:-5] + "a.9999") is None  # 41 characters
    assert split_id("p1.a.10000") is None and split_id("p1.a.09") is None
    record = Record()
    record.find([f"p1.a.{n}" for n in range(practice.MOST_CARDS - 1)] + [longest], TODAY)
    for n in range(MOST_TRIES):
        record.tried(longest, day(n), SCORE_LIMIT if n % 2 else 0)
    for n in range(practice.MOST_SCANNED - 1):
        record.scan(f"k{n}", TODAY, n % 7, 6 + n % 7)
    record.scan("k" * 36, TODAY, 500, 500)
    assert len(record.cards) == practice.MOST_CARDS and len(record.cards[longest].tries) == 30
    assert len(record.scanned) == practice.MOST_SCANNED
    data = json.loads(record.to_json())
    assert Record.parse(data) == record
    for part, name, value in (
        ("cards", "p2.b.1", [TODAY, []]),
        ("scanned", "one more", [TODAY, 0, 0]),
    ):
        more = json.loads(record.to_json())
        more[part][name] = value
        with pytest.raises(ValueError):
            Record.parse(more)
    # a record kept in memory drops the oldest found, the oldest game looked at
    record.find(["p2.b.1"], day(1))
    record.scan("newest", day(1), 0, 0)
    assert len(record.cards) == practice.MOST_CARDS and "p2.b.1" in record.cards
    assert "p1.a.0" not in record.cards and "newest" in record.scanned
    assert len(record.scanned) == practice.MOST_SCANNED


def largest() -> Record:
    """The longest record the bounds allow: every name and key at its longest (40 and 36
    characters), every position with its most tries, each at the highest loss."""
    tries = tuple(Try(day(n), SCORE_LIMIT) for n in range(MOST_TRIES))
    cards = {}
    for n in range(practice.MOST_CARDS):
        name = f"p{n:034d}.{9999 - n}"
        cards[name] = Card(name, TODAY, tries)
    scanned = {f"{n:036d}": Scan(TODAY, 500, 500) for n in range(practice.MOST_SCANNED)}
    return Record(cards, scanned)


def test_the_largest_record_the_bounds_allow_is_stored_and_read_again_whole(store):
    record = largest()
    assert all(len(name) == 40 and split_id(name) for name in record.cards)
    text = record.to_json()
    assert Record.parse(json.loads(text)) == record
    # MOST_TEXT is that record's length, rounded up: longer than the store's general limit
    assert len(text) <= practice.MOST_TEXT < len(text) + 2_000
    assert len(text) > MAX_VALUE
    kept = Practice(Keeper(store), [])
    kept.record = record
    assert kept.save() is True
    notices: list[str] = []
    again = Practice(Keeper(store), notices)
    assert notices == [] and again.record == record
    again.record.tried(next(iter(record.cards)), day(40), 0)
    assert again.save() is True
    assert stored(store).cards == again.record.cards  # saved over, nothing of it dropped


def test_the_oldest_game_looked_at_goes_first_whatever_its_name(monkeypatch):
    monkeypatch.setattr(practice, "MOST_SCANNED", 2)
    record = Record()
    record.scan("z9", TODAY, 1, 1)
    record.scan("a1", day(2), 1, 1)
    record.scan("m5", day(1), 2, 3)
    assert record.scanned == {"a1": Scan(day(2), 1, 1), "m5": Scan(day(1), 2, 3)}
    record.scan("b", day(2), 0, 1)  # m5 is the oldest now
    assert set(record.scanned) == {"a1", "b"}
    record.scan("0", day(2), 0, 1)  # on one day, the first by name
    assert set(record.scanned) == {"a1", "b"}


def test_forgetting_a_position_that_is_not_there_changes_nothing():
    record = Record()
    record.find([NAME], TODAY)
    record.forget("p9.zz.1")
    assert list(record.cards) == [NAME]
    record.forget(NAME)
    assert record.cards == {} and record.waiting(TODAY) == []


def test_the_counts_of_a_day_are_that_days_and_follow_every_change():
    record = Record()
    record.find([NAME], day(1))
    assert record.counts(TODAY).waiting == 0
    assert record.counts(day(1)).waiting == 1  # another day: counted again
    for offset in (1, 2, 5, 12, 33):
        record.tried(NAME, day(offset), 0)
        assert record.counts(day(offset)).learned == (offset == 33)
    record.scan("p1.abc", day(33), 3, 4)
    counts = record.counts(day(33))
    assert (counts.waiting, counts.learned) == (0, 1)
    assert counts.progress == tuple(record.progress(day(33))) and counts.progress[-1][1] == 0.75


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12) | days,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(
    place=st.sampled_from([(), ("cards",), CARD, TRIES, TRIES + (0,), SCANNED]),
    value=json_values,
)
def test_anything_in_place_of_a_part_is_read_or_refused_with_a_value_error(place, value):
    data = good()
    if place:
        _set(place, value)(data)
    else:
        data = value
    try:
        record = Record.parse(data)
    except ValueError:
        return
    assert Record.parse(json.loads(record.to_json())) == record


def test_a_try_given_on_an_earlier_day_keeps_the_tries_in_order():
    record = Record()
    record.find([NAME], TODAY)
    record.tried(NAME, day(5), 0)
    record.tried(NAME, day(2), 40)  # the clock set back
    record.tried(NAME, day(5), 3)
    assert record.cards[NAME].tries == (Try(day(2), 40), Try(day(5), 0), Try(day(5), 3))
    assert Record.parse(json.loads(record.to_json())) == record


def test_a_position_keeps_its_latest_tries():
    record = Record()
    for n in range(MOST_TRIES + 5):
        record.tried(NAME, day(n), n)
    kept = record.cards[NAME].tries
    assert len(kept) == MOST_TRIES and kept[0] == Try(day(5), 5) and kept[-1].day == day(34)
    assert record.cards[NAME].found == TODAY  # the day of its first try
    assert Record.parse(json.loads(record.to_json())) == record


# -- 5. merging two records ------------------------------------------------------------------------


@st.composite
def two_sides(draw: st.DrawFn) -> tuple[Record, Record]:
    """Two records grown from one (a backup and what came after, or two tabs)."""
    base = draw(records(most=4))
    base.cards = {n: Card(n, c.found, c.tries[:8]) for n, c in base.cards.items()}
    sides = []
    for _ in range(2):
        side = Record(dict(base.cards), dict(base.scanned))
        known = sorted(base.cards)
        new = draw(st.lists(names, max_size=3))
        for _ in range(draw(st.integers(0, 10))):
            name = draw(st.sampled_from(known + new)) if known + new else NAME
            side.tried(name, draw(days), draw(st.integers(0, 60)))
        for key, scan in draw(st.dictionaries(keys, scans(), max_size=3)).items():
            side.scan(key, scan.day, scan.matched, scan.total)
        sides.append(side)
    return sides[0], sides[1]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sides=two_sides())
def test_a_merge_loses_nothing_and_counts_each_shared_try_once(sides):
    a, b = sides
    for merged in (a.merge(b), b.merge(a)):
        assert set(merged.cards) == set(a.cards) | set(b.cards)
        assert set(merged.scanned) == set(a.scanned) | set(b.scanned)
        for name, card in merged.cards.items():
            mine = Counter(a.cards[name].tries) if name in a.cards else Counter()
            theirs = Counter(b.cards[name].tries) if name in b.cards else Counter()
            assert Counter(card.tries) == mine | theirs
            assert [t.day for t in card.tries] == sorted(t.day for t in card.tries)
            assert card.found == min(c.cards[name].found for c in (a, b) if name in c.cards)
        assert Record.parse(json.loads(merged.to_json())) == merged
    assert a.merge(b).scanned == {**b.scanned, **a.scanned}  # a game looked at: this side's


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=records())
def test_a_merge_is_idempotent_and_an_empty_record_changes_nothing(record):
    assert record.merge(record) == record
    assert record.merge(Record()) == record
    assert Record().merge(record) == record
    once = record.merge(record)
    assert once.merge(record) == record


def test_a_merge_of_disjoint_records_holds_both():
    a, b = Record(), Record()
    a.find(["p1.a.3"], TODAY)
    a.tried("p1.a.3", TODAY, 30)
    a.scan("p1.a", TODAY, 7, 10)
    b.find(["n2.b.5"], day(1))
    b.tried("n2.b.5", day(2), 0)
    b.scan("n2.b", day(1), 3, 9)
    merged = a.merge(b)
    assert merged.cards == {**a.cards, **b.cards}
    assert merged.scanned == {**a.scanned, **b.scanned}
    assert merged == b.merge(a)


def test_two_tabs_trying_one_position_on_one_day_keep_each_others_tries():
    a, b = Record(), Record()
    a.find([NAME], TODAY)
    b.find([NAME], day(-2))
    both = Try(TODAY, 30)
    a.tried(NAME, TODAY, 30)
    b.tried(NAME, TODAY, 30)
    a.tried(NAME, TODAY, 0)
    b.tried(NAME, TODAY, 12)
    merged = a.merge(b).cards[NAME]
    assert merged.found == day(-2)
    assert merged.tries == (both, Try(TODAY, 0), Try(TODAY, 12))


def test_a_merge_keeps_within_the_bounds(monkeypatch):
    monkeypatch.setattr(practice, "MOST_CARDS", 5)
    monkeypatch.setattr(practice, "MOST_SCANNED", 3)
    a, b = Record(), Record()
    a.find([f"p1.a.{n}" for n in range(4)], TODAY)
    b.find([f"p1.b.{n}" for n in range(4)], day(1))
    learned = Card("p1.b.0", day(1), tuple(Try(day(d), 0) for d in (1, 2, 5, 12, 33)))
    assert learned.learned
    b.cards["p1.b.0"] = learned
    for n, key in enumerate("abc"):
        a.scan(key, day(n), 1, 1)
    for n, key in enumerate("def"):
        b.scan(key, day(n + 10), 1, 1)
    merged = a.merge(b)
    # the learned one goes first, then the oldest found (a's, found earlier), by name
    assert set(merged.cards) == {"p1.a.2", "p1.a.3", "p1.b.1", "p1.b.2", "p1.b.3"}
    assert set(merged.scanned) == {"d", "e", "f"}  # the oldest games looked at go
    # the bounds hold for a record written, too
    assert Record.parse(json.loads(merged.to_json())) == merged
    c = Record()
    c.find([f"p2.c.{n}" for n in range(9)], TODAY)
    assert len(c.cards) == 5


def test_a_merge_keeps_a_positions_latest_tries():
    a, b = Record(), Record()
    for n in range(20):
        a.tried(NAME, day(2 * n), 50)
        b.tried(NAME, day(2 * n + 1), 0)
    tries = a.merge(b).cards[NAME].tries
    assert len(tries) == MOST_TRIES
    assert (
        tries
        == tuple(sorted((*a.cards[NAME].tries, *b.cards[NAME].tries), key=lambda t: t.day))[
            -MOST_TRIES:
        ]
    )


# -- 6. the record kept through the store's keeper -------------------------------------------------


def stored(store: MemoryStore) -> Record:
    return Record.parse(json.loads(store.data[PRACTICE_KEY]))


@pytest.mark.parametrize(
    "raw",
    [
        "{not json",
        "[]",
        json.dumps({"schema": SCHEMA, "cards": [], "scanned": {}}),
        json.dumps({"schema": SCHEMA, "cards": {"p1.a.3": [TODAY, [[TODAY, -4]]]}, "scanned": {}}),
        json.dumps({"schema": 0, "cards": {}, "scanned": {}}),
        "x" * (practice.MOST_TEXT + 1),
    ],
)
def test_a_damaged_stored_record_is_noted_and_replaced_by_a_fresh_one(raw):
    store = MemoryStore({PRACTICE_KEY: raw})
    notices: list[str] = []
    kept = Practice(Keeper(store), notices)
    assert notices == ["dropped-practice"]
    assert kept.record == Record()
    kept.record.tried(NAME, TODAY, 40)
    assert kept.save() is True
    assert stored(store).cards[NAME].tries == (Try(TODAY, 40),)


@pytest.mark.parametrize("schema", [SCHEMA + 1, SCHEMA + 7])
def test_a_newer_releases_record_is_kept_byte_for_byte_without_a_notice(schema):
    raw = json.dumps({"schema": schema, "cards": "the future", "more": [1, 2]})
    store = FailingStore({PRACTICE_KEY: raw})
    notices: list[str] = []
    kept = Practice(Keeper(store), notices)
    assert notices == [] and kept.record == Record()
    assert kept.keeper.newer_keys == [PRACTICE_KEY]
    kept.record.tried(NAME, TODAY, 0)
    assert kept.save() is False and kept.keeper.unsaved
    assert store.data[PRACTICE_KEY] == raw and store.writes == []
    assert kept.record.cards[NAME].tries == (Try(TODAY, 0),)  # still in memory


def test_a_record_stored_is_read_again(store):
    first = Practice(Keeper(store), [])
    first.record.find(["p1.a.3", "p1.a.7"], TODAY)
    first.record.tried("p1.a.3", TODAY, 0)
    first.record.scan("p1.a", TODAY, 8, 10)
    assert first.save() is True
    notices: list[str] = []
    again = Practice(Keeper(store), notices)
    assert notices == [] and again.record == first.record


def test_two_tabs_on_one_store_keep_each_others_tries(store):
    one = Practice(Keeper(store), [])
    two = Practice(Keeper(store), [])
    one.record.find(["p1.a.3"], TODAY)
    one.record.tried("p1.a.3", TODAY, 30)
    assert one.save()
    two.record.find(["n2.b.5"], TODAY)
    two.record.tried("n2.b.5", TODAY, 0)
    two.record.scan("n2.b", TODAY, 4, 10)
    assert two.save()  # merges what the first tab stored
    one.record.tried("p1.a.3", day(1), 0)
    assert one.save()
    record = stored(store)
    assert record.cards["p1.a.3"].tries == (Try(TODAY, 30), Try(day(1), 0))
    assert record.cards["n2.b.5"].tries == (Try(TODAY, 0),)
    assert set(record.scanned) == {"n2.b"}
    two.follow()  # the storage event: the other tab's work shown here
    assert two.record == record
    assert Practice(Keeper(store), []).record == record


@pytest.mark.parametrize(
    "make",
    [
        lambda: FailingStore(fail_get=True),
        lambda: FailingStore(bad_get=[PRACTICE_KEY]),
        lambda: FailingStore(fail_set=True),
        lambda: FailingStore({PRACTICE_KEY: "{"}, fail_set=True),
        lambda: FailingStore({PRACTICE_KEY: Record().to_json()}, fail_set=True),
    ],
)
def test_a_failing_store_never_raises_and_the_record_lives_on_in_memory(make):
    store = make()
    before = dict(store.data)
    kept = Practice(Keeper(store), [])
    kept.record.find([NAME], TODAY)
    kept.record.tried(NAME, TODAY, 30)
    assert kept.save() is False and kept.keeper.unsaved
    kept.follow()
    assert kept.save() is False
    assert store.data == before
    assert kept.record.cards[NAME].tries == (Try(TODAY, 30),)
    if store.fail_get or store.bad_get:
        assert store.writes == []  # what could not be read is never written


# -- 7. looking at finished games ------------------------------------------------------------------


def test_the_scan_reviews_each_game_once_and_notes_its_positions_and_share():
    games = [reviewed(d, s, day(-n))[0] for n, (d, s) in enumerate(GAMES)]
    record = Record()
    steps = list(scan_steps(games, record))
    assert steps.count(True) == len(games) and steps.count(False) > len(games)
    assert steps[-1] is True
    wanted = {}
    for played in games:
        _, summary = reviewed(played.difficulty, played.seed, played.date)
        assert record.scanned[game_key(played)] == Scan(
            played.date, summary.matched, len(summary.decisions)
        )
        wanted |= {name: Card(name, played.date) for name in costly(played, summary)}
    assert record.cards == wanted
    assert list(scan_steps(games, record)) == []  # every game looked at: no review work
    # a game played since is the only one reviewed
    later = reviewed(Difficulty.PEACEFUL, 2, day(1))[0]
    assert later.seed is not None
    steps = list(scan_steps([*games, later], record))
    assert steps.count(True) == 1 and game_key(later) in record.scanned
    assert Record.parse(json.loads(record.to_json())) == record


def test_the_scan_looks_at_the_newest_games_first_within_its_window(monkeypatch):
    monkeypatch.setattr(positions, "SCAN_WINDOW", 2)
    games = [reviewed(Difficulty.NIGHTMARE, s, day(s))[0] for s in (1, 2, 3)]
    legacy = Played(Difficulty.PEACEFUL, None, (), 50, TODAY, 8, 0, board="1234/1234/1234/1234")
    broken = Played(Difficulty.PEACEFUL, 1, ("roll", "stage 9 99", "confirm"), 0, TODAY, 1, 0)
    record = Record()
    work = scan_steps([broken, *games, legacy], record)  # a game without moves takes no place
    while next(work) is False:
        pass
    assert list(record.scanned) == [game_key(games[2])]  # the newest first
    assert list(work) and set(record.scanned) == {game_key(games[1]), game_key(games[2])}
    # a game whose moves do not replay takes its place in the window, and is not looked at
    record = Record()
    assert list(scan_steps([*games, broken], record)).count(True) == 1
    assert set(record.scanned) == {game_key(games[2])}


def test_the_scan_passes_over_a_game_without_moves_or_seed():
    game = finished(Difficulty.NIGHTMARE, 2)
    played = Played.of(game, TODAY)
    bare = Played(Difficulty.NIGHTMARE, 2, (), 0, TODAY, 0, 0)  # a seed, no moves
    record = Record()
    assert list(scan_steps([bare, played], record)).count(True) == 1
    assert list(record.scanned) == [game_key(played)]
    # an older game not yet looked at is, though the newest was
    older = reviewed(Difficulty.PEACEFUL, 1, day(-1))[0]
    assert list(scan_steps([older, played], record)).count(True) == 1
    assert list(record.scanned) == [game_key(played), game_key(older)]


def test_a_games_name_says_its_difficulty_its_seed_and_its_moves_and_day_in_base_36():
    game = finished(Difficulty.SURVIVAL, 3)
    played = Played.of(game, TODAY)
    initial, seed_and_check = game_key(played)[0], game_key(played)[1:]
    seed, check = seed_and_check.split(".")
    assert (initial, int(seed)) == ("s", 3)
    assert check.isalnum() and check == check.lower() and int(check, 36) < 2**32
    other_day = Played.of(game, day(1))
    other_moves = dataclasses.replace(played, moves=(*played.moves, "hint"))
    assert len({game_key(played), game_key(other_day), game_key(other_moves)}) == 3
    assert game_key(dataclasses.replace(played, score=0)) == game_key(played)
    assert position_id(played, 17) == game_key(played) + ".17"
    # the check is the CRC-32 of the moves, each after a "|", then "@" and the day
    short = Played(Difficulty.PEACEFUL, 7, ("roll", "stage 0 5", "confirm"), 0, TODAY, 0, 0)
    name, check = game_key(short).rsplit(".", 1)
    assert name == "p7" and int(check, 36) == zlib.crc32(f"roll|stage 0 5|confirm@{TODAY}".encode())
    # every number has one name in base 36, and back
    for number in (0, 1, 35, 36, 1295, 1296, 2**32 - 1):
        text = positions._base36(number)
        assert int(text, 36) == number and (text == "0" or not text.startswith("0"))
        assert set(text) <= set("0123456789abcdefghijklmnopqrstuvwxyz")


def test_a_game_ended_at_a_date_time_is_scanned_on_its_day():
    game = finished(Difficulty.NIGHTMARE, 2)
    played = Played.of(game, TODAY + "T18:05")
    record = Record()
    list(scan_steps([played], record))
    assert record.scanned[game_key(played)].day == TODAY
    assert {card.found for card in record.cards.values()} == {TODAY}
    assert record.progress(TODAY)[-1][1] is not None
    assert Record.parse(json.loads(record.to_json())) == record


# -- 8. the weekly progress ------------------------------------------------------------------------


def test_the_progress_is_the_share_of_each_of_the_last_twelve_weeks():
    today = "2026-12-03"  # a Thursday
    record = Record()
    record.scan("a", "2026-11-30", 3, 10)  # this week's Monday
    record.scan("b", "2026-12-06", 5, 10)  # this week's Sunday
    record.scan("c", "2026-11-29", 1, 4)  # last week's Sunday
    record.scan("d", "2026-09-14", 9, 9)  # the first week shown
    record.scan("e", "2026-09-13", 0, 9)  # too long ago
    record.scan("f", "2026-12-07", 0, 9)  # next week
    weeks = record.progress(today)
    assert len(weeks) == 12
    mondays = [monday for monday, _ in weeks]
    assert all(date.fromisoformat(m).weekday() == 0 for m in mondays)
    assert mondays[-1] == "2026-11-30" and mondays[0] == "2026-09-14"
    assert mondays == sorted(mondays) and len(set(mondays)) == 12
    shares = dict(weeks)
    assert shares["2026-11-30"] == pytest.approx(8 / 20)
    assert shares["2026-11-23"] == pytest.approx(1 / 4)
    assert shares["2026-09-14"] == 1.0
    assert [shares[m] for m in mondays[1:-2]] == [None] * 9
    assert Record().progress(today) == [(m, None) for m in mondays]
    assert [m for m, _ in record.progress(today, weeks=2)] == mondays[-2:]
    assert record.progress("2026-11-30") == weeks  # the Monday itself


# -- backups carry the practice record ----------------------------------------------------------


def _practised(store, name: str, day: str, loss: int) -> Practice:
    kept = Practice(Keeper(store), [])
    kept.record.tried(name, day, loss)
    kept.save()
    return kept


def test_a_backup_code_and_file_carry_the_practice_record_and_read_it_back():
    from magdagdon.backup import collect, export, export_file, parse, parse_any

    record = Record()
    record.find(["p1.abc.3", "s9.xyz.12"], "2026-11-30")
    record.tried("p1.abc.3", "2026-12-01", 31)
    record.scan("p1.abc", "2026-11-30", 4, 11)
    data = collect([], None, record)
    for text in (export(data), export_file(data)):
        assert parse_any(text)["practice"] == record
    assert "practice" not in parse(export(collect([])))  # an old backup carries none


def test_importing_a_backup_merges_its_practice_record_into_the_stored_one_losing_no_try():
    from magdagdon.backup import code_of, import_into

    from .sessions import new_session

    theirs, mine = MemoryStore(), MemoryStore()
    _practised(theirs, "p1.abc.3", "2026-11-28", 40)
    _practised(theirs, "p1.abc.3", "2026-11-29", 0)
    _practised(mine, "p1.abc.3", "2026-11-29", 0)
    _practised(mine, "n2.def.7", "2026-11-30", 12)
    code = code_of(new_session(theirs))
    import_into(new_session(mine), code)
    stored = Practice(Keeper(mine), []).record
    assert [(t.day, t.loss) for t in stored.cards["p1.abc.3"].tries] == [
        ("2026-11-28", 40),
        ("2026-11-29", 0),
    ]
    assert [t.loss for t in stored.cards["n2.def.7"].tries] == [12]
    import_into(new_session(mine), code)  # the same backup again adds nothing
    assert Practice(Keeper(mine), []).record == stored


def test_a_backup_whose_practice_record_is_damaged_still_brings_its_games():
    import json as _json

    from magdagdon.backup import collect, export_file, parse_file

    from .greedy import finished

    game = Played.of(finished(Difficulty.PEACEFUL, 7), "2026-11-30")
    text = export_file(collect([game], None, Record()))
    head, _, rest = text.partition(',"history"')
    damaged = _json.loads(head + "}")
    damaged["practice"] = {"schema": SCHEMA, "cards": {"p1.x.3": "nonsense"}, "scanned": {}}
    read = parse_file(_json.dumps(damaged)[:-1] + ',"history"' + rest)
    assert read["history"] == [game] and "practice" not in read
