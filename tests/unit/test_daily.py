"""The daily roll (magdagdon/daily.py and what it adds elsewhere): the date → seed function
(stable across processes, spread, the documented recipe), the checked day of a link, the
official game of a day and practice (the same day twice, a past day, a clock moved back, a game
finished after midnight, another tab finishing first), the streak across month and year ends
and leap days; the daily records in the history (codec, replay, their own best table, never in
the SURVIVAL one, kept by the cap), their statistics; the session's two places (the ordinary
game and the daily roll: reloads, switching, damage, links, the score to beat) and the backup;
the shared text, the challenge link and what a link asks for.

Every session runs over an in-memory store, as the browser does over localStorage, with a clock
a test can move. Games are played to the end by the greedy player (greedy.py) on the day's
dice, so every score is the engine's, never written down here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from datetime import date, timedelta
from itertools import pairwise
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from magdagdon import Difficulty, Game
from magdagdon.daily import DIFFICULTY, FIRST_DAY, daily_seed, is_daily, official, parse_day
from magdagdon.game import FORMAT, SCORE_LIMIT, SEED_LIMIT, parse_score
from magdagdon.history import History, best, prune, ranked
from magdagdon.i18n import LANGUAGES, Translator
from magdagdon.played import Played, decode, encode, identity, verify
from magdagdon.records import DAILY, DAILY_KEY, GAME_KEY, HISTORY_KEY, MemoryStore, best_key
from magdagdon.rules import SIZE
from magdagdon.session import Session, Wish
from magdagdon.share import (
    Link,
    compact_board,
    daily_share_text,
    number,
    read_link,
    share_text,
)
from magdagdon.stats import chronological, figures, streaks

from .catalogues import CATALOGS
from .greedy import daily_game, finished
from .mutation_run import plain
from .played_games import games
from .sessions import TODAY, TOMORROW, YESTERDAY, Clock, new_session, play, play_daily

PEACEFUL, SURVIVAL, NIGHTMARE = Difficulty.PEACEFUL, Difficulty.SURVIVAL, Difficulty.NIGHTMARE
PAGE = "https://cubiri.example/magdagdon/"


def days_from(first: str, count: int) -> list[str]:
    start = date.fromisoformat(first)
    return [(start + timedelta(days=n)).isoformat() for n in range(count)]


def saved(store: MemoryStore, key: str) -> dict:
    return json.loads(store.get(key))


# -- the date → seed function -----------------------------------------------------------------
def test_the_documented_days_have_their_documented_seeds():
    assert daily_seed("2026-12-01") == 4044009392953130
    assert daily_seed("2026-12-02") == 7037413836824852


def _fnv1a_64(data: bytes) -> int:
    value = 0xCBF29CE484222325
    for byte in data:
        value = ((value ^ byte) * 0x100000001B3) % 2**64
    return value


def _splitmix64_mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
    return z ^ (z >> 31)


def _recipe(day: str) -> int:
    """The documented recipe: FNV-1a over ``"MAGDAGDON daily " + day``, SplitMix64's
    finaliser, the top 53 bits."""
    return _splitmix64_mix(_fnv1a_64(f"MAGDAGDON daily {day}".encode())) >> 11


def test_the_documented_seed_is_the_documented_recipes():
    """The recipe written here independently, its pieces checked against the published values
    of FNV-1a (64 bits) and of SplitMix64 (seed 0), gives the documented seed."""
    assert _fnv1a_64(b"") == 0xCBF29CE484222325
    assert _fnv1a_64(b"a") == 0xAF63DC4C8601EC8C
    assert _fnv1a_64(b"foobar") == 0x85944171F73967E8
    gamma = 0x9E3779B97F4A7C15
    assert _splitmix64_mix(gamma) == 0xE220A8397B1DCDAF
    assert _splitmix64_mix(2 * gamma % 2**64) == 0x6E789E6AA1B965F4
    assert daily_seed("2026-12-01") == _recipe("2026-12-01") == 4044009392953130


@given(st.dates(min_value=date(2000, 1, 1)))
def test_the_seed_of_any_day_follows_the_documented_recipe(day):
    assert daily_seed(day.isoformat()) == _recipe(day.isoformat())


@given(st.dates(min_value=date(2000, 1, 1)))
def test_the_seed_of_any_day_is_a_whole_number_below_2_53_and_always_the_same(day):
    text = day.isoformat()
    seed = daily_seed(text)
    assert type(seed) is int
    assert 0 <= seed < 2**53 == SEED_LIMIT
    assert daily_seed("".join(text)) == seed  # another string of the same day
    assert daily_seed(text) == seed
    assert Game.new(DIFFICULTY, seed).seed == seed  # a seed a game accepts


def test_the_seed_does_not_depend_on_the_process():
    """Another interpreter, with another string hashing, deals the same dice."""
    code = "from magdagdon.daily import daily_seed; print(daily_seed('2026-12-01'))"
    root = Path(__file__).resolve().parents[2]
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH")]))
        out = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env=env,
            cwd=root,
            check=True,
        )
        assert out.stdout.strip() == "4044009392953130"


def test_every_day_of_a_century_has_its_own_seed():
    days = days_from("2000-01-01", 36_525)
    assert days[-1] == "2099-12-31"
    assert len({daily_seed(day) for day in days}) == len(days)


def test_the_seeds_bits_are_spread_evenly_even_between_neighbouring_days():
    seeds = [daily_seed(day) for day in days_from("2020-01-01", 4_000)]
    for bit in range(53):
        share = sum(seed >> bit & 1 for seed in seeds) / len(seeds)
        assert 0.45 < share < 0.55, bit  # a fair bit: 0.5 ± 0.008 (one sigma)
    flips = [(a ^ b).bit_count() for a, b in pairwise(seeds)]
    assert 24 < sum(flips) / len(flips) < 29  # about half of the 53 bits change a day
    assert min(flips) > 5


def test_the_daily_is_played_in_survival():
    assert DIFFICULTY is SURVIVAL
    assert is_daily(TODAY, SURVIVAL, daily_seed(TODAY))
    assert not is_daily(TODAY, PEACEFUL, daily_seed(TODAY))
    assert not is_daily(TODAY, SURVIVAL, daily_seed(TOMORROW))
    assert not is_daily("2026-12-01T08:00", SURVIVAL, daily_seed(TODAY))


# -- the day a link names ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "today"),
    [
        ("2028-02-29", "2028-03-01"),  # a leap day
        ("2028-02-29", "2028-02-29"),  # today itself
        ("2026-12-31", "2027-01-01"),  # last year
        (FIRST_DAY, TODAY),  # the earliest day there is a daily for
        ("2026-02-28", TODAY),
    ],
)
def test_a_real_day_up_to_today_is_accepted(text, today):
    assert parse_day(text, today) == text


@pytest.mark.parametrize(
    "text",
    [
        "2027-02-29",  # not a leap year
        "2026-02-30",
        "2026-04-31",
        "2026-13-01",
        "2026-00-10",
        "2026-1-01",
        "2026-12-1",
        " 2026-12-01",
        "2026-12-01 ",
        "2026-12-1 ",
        "20261201",
        "2026/12/01",
        "01-12-2026",
        "2026-W48-2",  # an ISO week date: a day, but not written as a daily's
        "2026-12-01T00:00",
        "２０２６-12-01",  # full-width digits
        "1999-12-31",  # before the first daily
        "0000-01-01",
        "",
        "today",
        None,
        20261201,
        date(2026, 12, 1),
        b"2026-12-01",
        ["2026-12-01"],
    ],
    ids=plain,
)
def test_anything_else_is_not_a_day(text):
    with pytest.raises(ValueError, match="not a day"):
        parse_day(text, TODAY)


@pytest.mark.parametrize(
    ("text", "today"),
    [(TOMORROW, TODAY), ("2027-01-01", "2026-12-31"), ("2028-02-29", "2028-02-28"),
     ("9999-12-31", TODAY)],
)  # fmt: skip
def test_a_day_after_today_is_refused_as_in_the_future(text, today):
    with pytest.raises(ValueError, match="a day in the future"):
        parse_day(text, today)


def test_an_impossible_future_day_is_not_a_day_rather_than_in_the_future():
    with pytest.raises(ValueError, match="not a day"):
        parse_day("2100-02-29", TODAY)  # 2100 is not a leap year


# -- official or practice: the rule ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("day", "today", "last", "expected"),
    [
        (TODAY, TODAY, None, True),  # the first daily ever
        (TODAY, TODAY, YESTERDAY, True),
        (TODAY, TODAY, "2026-01-01", True),
        (TODAY, TODAY, TODAY, False),  # the same day again
        (YESTERDAY, TODAY, None, False),  # a past day
        (YESTERDAY, TODAY, "2026-11-01", False),
        (YESTERDAY, YESTERDAY, TODAY, False),  # a clock set back a day
        ("2027-01-01", "2027-01-01", "2026-12-31", True),  # across a year's end
        ("2028-03-01", "2028-03-01", "2028-02-29", True),
    ],
)
def test_only_todays_daily_after_the_last_official_one_is_official(day, today, last, expected):
    assert official(day, today, last) is expected


# -- the streak -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("days", "today", "expected"),
    [
        (["2026-01-30", "2026-01-31", "2026-02-01"], "2026-02-01", (3, 3)),  # a month's end
        (["2026-04-30", "2026-05-01"], "2026-05-02", (2, 2)),  # ended yesterday: still on
        (["2026-12-31", "2027-01-01"], "2027-01-01", (2, 2)),  # a year's end
        (["2027-12-30", "2027-12-31", "2028-01-01"], "2028-01-03", (0, 3)),  # broken
        (["2028-02-28", "2028-02-29", "2028-03-01"], "2028-03-01", (3, 3)),  # a leap day
        (["2028-02-28", "2028-03-01"], "2028-03-01", (1, 1)),  # a leap day missed
        (["2027-02-28", "2027-03-01"], "2027-03-01", (2, 2)),  # no leap day to miss
        (["2026-11-29", "2026-11-30", "2026-12-01"], "2026-11-30", (2, 3)),  # a clock set back
        (["2026-11-29", "2026-11-29", "2026-11-30"], "2026-11-30", (2, 2)),  # one day once
    ],
)
def test_the_streak_counts_calendar_days_in_a_row(days, today, expected):
    assert streaks(days, today) == expected


# -- official or practice: the session ------------------------------------------------------------
def test_todays_daily_is_the_official_game_of_the_day(store):
    sess = new_session(store)
    game = sess.start_daily(TODAY)
    assert game == Game.new(SURVIVAL, daily_seed(TODAY))
    assert (sess.day, sess.practice) == (TODAY, False)
    play(sess, daily_game(TODAY).moves)
    [played] = sess.history().records
    assert (played.daily, played.practice, played.date) == (TODAY, False, TODAY)
    assert played.table == DAILY
    assert sess.last_official() == TODAY
    assert sess.streak() == (1, 1)
    assert sess.rank() == 1
    assert sess.history().best(DAILY) == [played.entry()]
    assert sess.history().best(SURVIVAL) == []  # not a SURVIVAL best score
    assert best_key(SURVIVAL) not in store.data  # (no best-scores table is written)


def test_the_same_day_played_again_is_practice():
    sess = play_daily(new_session(MemoryStore()), TODAY)
    sess.start_daily(TODAY)
    assert sess.practice
    assert sess.game.moves == ()
    play(sess, daily_game(TODAY).moves)
    played = sess.history().records
    assert [(p.daily, p.practice) for p in played] == [(TODAY, False), (TODAY, True)]
    assert sess.rank() is None  # practice stands in no table
    assert len(sess.history().best(DAILY)) == 1
    assert sess.streak() == (1, 1)
    assert sess.last_official() == TODAY


def test_a_past_days_daily_is_practice():
    sess = play_daily(new_session(MemoryStore()), YESTERDAY)
    [played] = sess.history().records
    assert (played.daily, played.practice, played.date) == (YESTERDAY, True, TODAY)
    assert sess.last_official() is None
    assert sess.streak() == (0, 0)
    assert sess.history().best(DAILY) == []
    # and today's daily is still the day's official game
    play_daily(sess, TODAY)
    assert sess.history().records[-1].practice is False
    assert sess.streak() == (1, 1)


def test_a_clock_set_back_grants_no_second_official_attempt():
    clock = Clock(TODAY)
    sess = play_daily(new_session(MemoryStore(), clock), TODAY)
    clock.day = YESTERDAY  # the clock set back a day: "today" is yesterday
    sess.start_daily(YESTERDAY)
    assert sess.practice
    play(sess, daily_game(YESTERDAY).moves)
    clock.day = TODAY  # and forward again: today was played already
    sess.start_daily(TODAY)
    assert sess.practice
    play(sess, daily_game(TODAY).moves)
    records = sess.history().records  # (oldest first by the date played: yesterday's first)
    assert sorted((p.daily, p.date, p.practice) for p in records) == [
        (YESTERDAY, YESTERDAY, True),
        (TODAY, TODAY, False),
        (TODAY, TODAY, True),
    ]
    assert [p.daily for p in records if not p.practice] == [TODAY]
    assert sess.streak() == (1, 1)


def test_an_official_daily_finished_after_midnight_stays_official():
    clock = Clock(TODAY)
    sess = new_session(MemoryStore(), clock)
    sess.start_daily(TODAY)
    moves = daily_game(TODAY).moves
    play(sess, moves[:-1])
    clock.day = TOMORROW  # midnight passes before the last move
    play(sess, moves[-1:])
    [played] = sess.history().records
    assert (played.daily, played.practice, played.date) == (TODAY, False, TOMORROW)
    assert sess.last_official() == TODAY
    assert sess.streak() == (1, 1)  # counted on the day of its dice, which was yesterday
    assert sess.history().best(DAILY)[0].date == TODAY  # the table says the day of its dice
    sess.start_daily(TOMORROW)  # the new day's daily is official in its turn
    assert not sess.practice
    play(sess, daily_game(TOMORROW).moves)
    assert sess.streak() == (2, 2)


def two_tabs_on_todays_daily() -> tuple[Session, Session]:
    """This tab started today's daily; another tab (opened since) played it to the end."""
    store = MemoryStore()
    here = new_session(store)
    here.start_daily(TODAY)
    assert not here.practice
    there = new_session(store)
    assert (there.day, there.practice) == (TODAY, False)
    play(there, daily_game(TODAY).moves)
    assert [(p.daily, p.practice) for p in there.history().records] == [(TODAY, False)]
    return here, there


def test_when_this_tab_hears_of_the_other_tabs_official_daily_its_own_is_practice():
    here, _ = two_tabs_on_todays_daily()
    here.sync(HISTORY_KEY)  # the storage event of the other tab's game
    play(here, daily_game(TODAY).moves)
    assert here.practice
    assert [(p.daily, p.practice) for p in here.history().records] == [
        (TODAY, False),
        (TODAY, True),
    ]


def test_a_daily_another_tab_finished_first_makes_this_one_practice_even_unheard_of():
    here, _ = two_tabs_on_todays_daily()
    play(here, daily_game(TODAY).moves)  # no storage event reached this tab in between
    records = here.history().records
    assert [(p.daily, p.practice) for p in records] == [(TODAY, False), (TODAY, True)]
    assert here.practice
    assert len(here.history().best(DAILY)) == 1


def test_the_streak_of_official_dailies_runs_across_a_years_end():
    clock = Clock("2026-12-30")
    sess = new_session(MemoryStore(), clock)
    for day in ("2026-12-30", "2026-12-31", "2027-01-01"):
        clock.day = day
        play_daily(sess, day)
    assert sess.streak() == (3, 3)
    clock.day = "2027-01-02"  # nothing yet today: the run goes on until tomorrow
    assert sess.streak() == (3, 3)
    play_daily(sess, "2026-12-29")  # a past day's dice played today: practice, no link
    assert sess.history().records[-1].practice
    assert sess.streak() == (3, 3)
    clock.day = "2027-01-03"
    assert sess.streak() == (0, 3)


def test_the_streak_of_official_dailies_runs_across_a_leap_day_and_a_months_end():
    clock = Clock("2028-02-28")
    sess = new_session(MemoryStore(), clock)
    for day in ("2028-02-28", "2028-02-29", "2028-03-01"):
        clock.day = day
        play_daily(sess, day)
    assert sess.streak() == (3, 3)
    assert sess.last_official() == "2028-03-01"


# -- the daily records in the history ---------------------------------------------------------
@pytest.mark.parametrize("practice", [False, True])
def test_a_daily_record_round_trips_with_its_day_and_whether_it_was_practice(practice):
    game = daily_game(TODAY)
    played = Played.of(game, TOMORROW, daily=TODAY, practice=practice)
    raw = encode(played)
    assert len(raw) == 12
    assert raw[9:] == [None, TODAY, int(practice)]
    assert decode(json.loads(json.dumps(raw))) == played
    assert played.table == (None if practice else DAILY)
    assert verify(played)
    with_coach = replace(played, coach=-40)
    assert encode(with_coach)[9] == -40
    assert decode(encode(with_coach)) == with_coach


def test_a_history_keeps_official_practice_and_ordinary_games_apart_after_a_reload(store):
    history = History(store)
    official_one = Played.of(daily_game(TODAY), TODAY, daily=TODAY)
    practice_one = Played.of(daily_game(YESTERDAY), TODAY, daily=YESTERDAY, practice=True)
    ordinary = Played.of(finished(SURVIVAL, 5), TODAY)
    for played in (official_one, practice_one, ordinary):
        history.add(played)
    again = History(store).records
    assert again == (official_one, practice_one, ordinary)
    assert [p.table for p in again] == [DAILY, None, SURVIVAL]
    assert [len(g) for g in saved(store, HISTORY_KEY)["games"]] == [12, 12, 9]


def test_only_a_daily_of_its_own_day_is_remembered_as_one():
    with pytest.raises(ValueError, match="daily"):
        Played.of(daily_game(TODAY), TODAY, daily=YESTERDAY)
    with pytest.raises(ValueError, match="daily"):
        Played.of(finished(SURVIVAL, 5), TODAY, daily=TODAY)
    with pytest.raises(ValueError, match="daily"):  # the day's seed, but not in SURVIVAL
        Played.of(finished(PEACEFUL, daily_seed(TODAY)), TODAY, daily=TODAY)
    plain = Played.of(daily_game(TODAY), TODAY, practice=True)  # practice needs a daily
    assert (plain.daily, plain.practice, plain.table) == (None, False, SURVIVAL)


def daily_raw(index: int, value) -> list:
    raw = encode(Played.of(daily_game(TODAY), TODAY, daily=TODAY))
    raw[index] = value
    return raw


@pytest.mark.parametrize(
    "raw",
    [
        daily_raw(10, YESTERDAY),  # the day does not deal these dice
        daily_raw(10, "2026-12-01T09:00"),
        daily_raw(10, "2026-02-30"),
        daily_raw(10, None),
        daily_raw(10, 20261201),
        daily_raw(1, daily_seed(YESTERDAY)),  # the seed of another day
        daily_raw(0, "p"),  # the daily is played in SURVIVAL only
        daily_raw(0, "n"),
        daily_raw(11, 2),
        daily_raw(11, -1),
        daily_raw(11, "1"),
        daily_raw(11, None),
        encode(Played.of(daily_game(TODAY), TODAY, daily=TODAY))[:11],
        encode(Played.of(daily_game(TODAY), TODAY, daily=TODAY)) + [0],
    ],
)
def test_a_daily_record_whose_day_does_not_match_its_dice_is_refused(raw):
    with pytest.raises(ValueError):
        decode(raw)


@pytest.mark.parametrize("flag", [True, False, 1.0, 0.0])
def test_the_practice_flag_is_a_whole_0_or_1_as_strictly_as_every_other_field(flag):
    with pytest.raises(ValueError):
        decode(daily_raw(11, flag))


def test_a_daily_record_claiming_another_day_does_not_replay():
    played = Played.of(daily_game(TODAY), TODAY, daily=TODAY)
    assert verify(played)
    assert not verify(replace(played, daily=YESTERDAY))
    assert not verify(replace(played, score=played.score + 20, pairs=played.pairs + 1))


# -- the best tables --------------------------------------------------------------------------
def daily_records(count: int, first: str = "2020-01-01") -> list[Played]:
    """``count`` official dailies, one a day from ``first``, each played on its day."""
    return [Played.of(daily_game(day), day, daily=day) for day in days_from(first, count)]


def test_dailies_have_their_own_table_and_never_stand_in_the_survival_one():
    officials = daily_records(12)
    practice = [
        Played.of(daily_game(day), "2020-02-01", daily=day, practice=True)
        for day in days_from("2019-06-01", 4)
    ]
    ordinary = [p for p in games(30) if p.difficulty is SURVIVAL]
    records = sorted(officials + practice + ordinary, key=lambda p: p.date)
    survival = ranked(records, SURVIVAL)
    assert survival and all(p.daily is None for p in survival)
    assert {identity(p) for p in survival} <= {identity(p) for p in ordinary}
    table = ranked(records, DAILY)
    assert len(table) == 10
    assert all(p.daily is not None and not p.practice for p in table)
    expected = sorted(officials, key=lambda p: (-p.score, p.date))[:10]
    assert table == expected
    assert best(records, DAILY) == [p.entry() for p in expected]
    assert [e.seed for e in best(records, DAILY)] == [daily_seed(p.daily) for p in expected]


def test_the_cap_never_drops_a_best_daily():
    officials = daily_records(16)  # the oldest games of all
    practice = [
        Played.of(daily_game(day), day, daily=day, practice=True)
        for day in days_from("2019-01-01", 3)
    ]
    records = practice + officials + list(games(60))  # oldest first
    top = {identity(p) for p in ranked(records, DAILY)}
    kept = prune(records, cap=len(records) - 9)
    assert top <= {identity(p) for p in kept}
    dropped = [p for p in records if p not in kept]
    assert len(dropped) == 9
    assert dropped[:3] == practice  # the oldest go first...
    assert all(p.daily is not None and identity(p) not in top for p in dropped)  # ...not a best
    tiny = prune(records, cap=5)
    assert {identity(p) for p in tiny} == top | {
        identity(p) for d in Difficulty for p in ranked(records, d)
    }
    assert len(tiny) == 10 + 3 * 10


def test_a_history_over_its_cap_keeps_the_best_dailies():
    history = History(MemoryStore(), cap=12)
    officials = daily_records(14)
    for played in officials + list(games(6)):
        history.add(played)
    kept = History(history.store, cap=12).records
    assert {identity(p) for p in ranked(officials, DAILY)} <= {identity(p) for p in kept}
    assert history.best(DAILY) == best(officials, DAILY)


# -- statistics -------------------------------------------------------------------------------
def record(score: int, date_: str, *, daily: str | None = None, practice: bool = False, d=SURVIVAL):
    """A hand-made detailed record (the figures need no dice)."""
    return Played(d, 1, ("roll",), score, date_, 12, 0, base=score, daily=daily, practice=practice)


def test_the_daily_figures_are_of_the_official_dailies_only():
    played = [
        record(100, "2026-11-28", daily="2026-11-28"),
        record(500, "2026-11-29", daily="2026-11-28", practice=True),  # practice: not counted
        record(300, "2026-11-29", daily="2026-11-29"),
        record(900, "2026-11-30"),  # an ordinary SURVIVAL game: not counted
        record(700, "2026-11-30", d=PEACEFUL),
    ]
    s = figures(played, "daily", TODAY)
    assert (s.difficulty, s.daily) == (None, True)
    assert (s.games, s.best, s.mean, s.median) == (2, 300, 200.0, 200.0)
    assert (s.streak, s.longest_streak) == (0, 2)  # the last official daily was on the 29th
    assert [p.score for p in chronological(played, "daily")] == [100, 300]


def test_the_daily_streak_is_counted_on_the_days_of_the_dice_not_the_days_played():
    # each finished after midnight: played on consecutive dates, but the dice of the 28th and
    # the 30th (a day without an official daily in between)
    played = [
        record(10, "2026-11-29", daily="2026-11-28"),
        record(20, "2026-11-30", daily="2026-11-30"),
    ]
    s = figures(played, "daily", "2026-11-30")
    assert (s.streak, s.longest_streak) == (1, 1)
    assert streaks(["2026-11-29", "2026-11-30"], "2026-11-30") == (2, 2)  # (by the dates)


def test_the_survival_figures_leave_every_daily_out():
    played = [
        record(100, "2026-11-29", daily="2026-11-29"),
        record(200, "2026-11-30", daily="2026-11-29", practice=True),
        record(30, "2026-11-30"),
        record(50, "2026-12-01"),
    ]
    s = figures(played, SURVIVAL, TODAY)
    assert (s.difficulty, s.daily) == (SURVIVAL, False)
    assert (s.games, s.best, s.mean) == (2, 50, 40.0)
    assert (s.days, s.streak) == (2, 2)
    assert [p.score for p in chronological(played, "survival")] == [30, 50]


def test_the_figures_of_a_session_count_its_official_dailies():
    clock = Clock(YESTERDAY)
    sess = play_daily(new_session(MemoryStore(), clock), YESTERDAY)
    clock.day = TODAY
    play_daily(sess, TODAY)
    play_daily(sess, TODAY)  # practice
    sess.new_game(SURVIVAL, 5)
    play(sess, finished(SURVIVAL, 5).moves)
    s = figures(sess.history().records, "daily", TODAY)
    scores = [daily_game(YESTERDAY).score, daily_game(TODAY).score]
    assert (s.games, s.best, s.streak, s.longest_streak) == (2, max(scores), 2, 2)
    assert (s.streak, s.longest_streak) == sess.streak()
    assert figures(sess.history().records, SURVIVAL, TODAY).games == 1


# -- the session: two places --------------------------------------------------------------------
def test_a_daily_in_progress_survives_a_reload(store):
    sess = new_session(store)
    sess.start_daily(YESTERDAY)
    play(sess, daily_game(YESTERDAY).moves[:5])
    again = new_session(store)
    assert again.game == sess.game
    assert (again.day, again.practice) == (YESTERDAY, True)
    assert again.daily is not None and again.daily.in_progress
    assert again.take_notices() == []
    play(again, daily_game(YESTERDAY).moves[5:])  # and it finishes as it began
    assert [(p.daily, p.practice) for p in again.history().records] == [(YESTERDAY, True)]


def test_a_new_ordinary_game_keeps_the_daily_which_can_be_resumed(store):
    sess = new_session(store)
    sess.start_daily(TODAY)
    play(sess, daily_game(TODAY).moves[:4])
    daily = sess.game
    game = sess.new_game(NIGHTMARE, 7)
    assert (game, sess.day, sess.vs) == (Game.new(NIGHTMARE, 7), None, None)
    assert sess.daily is not None and sess.daily.game == daily
    assert new_session(store).game == game  # a reload shows the ordinary game...
    assert new_session(store).daily.game == daily  # ...and keeps the daily
    assert sess.show_daily() == daily
    assert (sess.day, sess.practice) == (TODAY, False)
    play(sess, daily_game(TODAY).moves[4:])
    assert [(p.daily, p.practice) for p in sess.history().records] == [(TODAY, False)]
    assert sess.show_game() == game  # and the ordinary game is still there


def test_the_ordinary_game_survives_playing_the_daily(store):
    sess = new_session(store, seed=3)
    play(sess, finished(PEACEFUL, 3).moves[:6])
    ordinary = sess.game
    stored = store.get(GAME_KEY)
    assert sess.in_progress
    play_daily(sess, TODAY)
    assert sess.in_progress  # the ordinary game's place: still in progress
    assert store.get(GAME_KEY) == stored  # untouched while the daily was played
    assert new_session(store).day == TODAY  # a reload shows the finished daily
    assert sess.show_game() == ordinary
    again = new_session(store)
    assert (again.game, again.day) == (ordinary, None)
    assert again.daily.game.is_over


def test_show_game_without_an_ordinary_game_starts_one_of_the_set_difficulty():
    sess = new_session(MemoryStore(), day=TODAY)  # a first visit by the daily link
    assert sess.day == TODAY
    assert not sess.in_progress
    game = sess.show_game()
    assert (game.difficulty, game.moves, sess.day) == (PEACEFUL, (), None)
    assert sess.show_daily() == Game.new(SURVIVAL, daily_seed(TODAY))


def test_the_daily_brought_back_on_screen_is_on_screen_after_a_reload(store):
    sess = new_session(store)
    sess.start_daily(TODAY)
    sess.apply("roll")
    sess.show_game()
    sess.show_daily()
    assert saved(store, DAILY_KEY)["front"] is True
    assert new_session(store).day == TODAY


def test_the_daily_says_in_its_place_whether_it_is_on_screen(store):
    sess = new_session(store, seed=3)
    sess.start_daily(TODAY)
    data = saved(store, DAILY_KEY)
    assert (data["day"], data["practice"], data["front"]) == (TODAY, False, True)
    assert Game.from_dict(data) == sess.game
    sess.show_game()
    assert saved(store, DAILY_KEY)["front"] is False
    assert "day" not in saved(store, GAME_KEY)


def test_the_ordinary_games_stored_text_is_unchanged_without_a_score_to_beat(store):
    sess = new_session(store, seed=3)
    sess.apply("roll")
    plain = json.dumps(sess.game.to_dict(), separators=(",", ":"))  # as the last release wrote
    assert store.get(GAME_KEY) == plain
    sess.start_daily(TODAY)
    sess.apply("roll")
    sess.show_game()
    assert store.get(GAME_KEY) == plain
    sess.new_game(SURVIVAL, 9, vs=212)
    assert saved(store, GAME_KEY) == {**Game.new(SURVIVAL, 9).to_dict(), "vs": 212}


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: "garbage",
        lambda data: "[" * 100_000 + "]" * 100_000,
        lambda data: json.dumps({k: v for k, v in data.items() if k != "day"}),  # no day
        lambda data: json.dumps({**data, "day": YESTERDAY}),  # not the day of its dice
        lambda data: json.dumps({**data, "day": "2026-12-01T00:00"}),
        lambda data: json.dumps({**data, "practice": "no"}),
        lambda data: json.dumps({**data, "practice": None}),
        lambda data: json.dumps({**data, "difficulty": "peaceful"}),
        lambda data: json.dumps({**data, "moves": ["confirm"]}),
    ],
    ids=[
        "garbage",
        "nested",
        "no day",
        "another day",
        "a date-time",
        "practice a word",
        "practice null",
        "peaceful",
        "bad moves",
    ],
)
def test_a_damaged_daily_is_dropped_with_a_notice_and_the_ordinary_game_kept(damage, store):
    sess = new_session(store, seed=3)
    play(sess, finished(PEACEFUL, 3).moves[:6])
    ordinary = sess.game
    sess.start_daily(TODAY)
    sess.apply("roll")
    sess.show_game()
    store.set(DAILY_KEY, damage(saved(store, DAILY_KEY)))
    again = new_session(store)
    assert again.take_notices() == ["dropped-daily"]
    assert again.take_notices() == []
    assert (again.game, again.day, again.daily) == (ordinary, None, None)
    assert again.in_progress
    again.start_daily(TODAY)  # a new daily in its place
    assert new_session(store).take_notices() == []


def test_a_damaged_daily_on_screen_falls_back_to_the_ordinary_game(store):
    sess = new_session(store, seed=3)
    sess.apply("roll")
    ordinary = sess.game
    sess.start_daily(TODAY)  # on screen
    store.set(DAILY_KEY, "{broken")
    again = new_session(store)
    assert again.take_notices() == ["dropped-daily"]
    assert (again.game, again.day) == (ordinary, None)


def test_a_newer_releases_daily_is_never_overwritten():
    newer = json.dumps({"format": FORMAT, "schema": 2, "moves": [], "day": TODAY})
    store = MemoryStore({DAILY_KEY: newer})
    sess = new_session(store, seed=3)
    assert sess.take_notices() == ["dropped-daily"]
    sess.start_daily(TODAY)
    sess.apply("roll")
    assert store.get(DAILY_KEY) == newer
    assert sess.take_notices() == ["unsaved"]
    assert sess.game.moves == ("roll",)  # played on in memory


def test_another_tabs_daily_is_followed_and_this_tabs_game_kept(store):
    here = new_session(store, seed=3)
    here.apply("roll")
    ordinary = here.game
    there = new_session(store)
    there.start_daily(TODAY)
    there.apply("roll")
    assert here.sync(DAILY_KEY)
    assert (here.game, here.day) == (there.game, TODAY)
    assert here.show_game() == ordinary


# -- the daily link and the score to beat -------------------------------------------------------
def test_the_daily_link_on_a_first_visit_plays_todays_official_daily():
    sess = new_session(MemoryStore(), day=TODAY)
    assert sess.game == Game.new(SURVIVAL, daily_seed(TODAY))
    assert (sess.day, sess.practice, sess.pending) == (TODAY, False, None)


def test_a_past_days_link_plays_it_as_practice():
    sess = new_session(MemoryStore(), day="2026-02-28")
    assert sess.game == Game.new(SURVIVAL, daily_seed("2026-02-28"))
    assert (sess.day, sess.practice) == ("2026-02-28", True)


def test_the_same_days_link_resumes_its_daily(store):
    first = new_session(store, day=TODAY)
    play(first, daily_game(TODAY).moves[:3])
    again = new_session(store, day=TODAY)
    assert (again.game, again.day, again.pending) == (first.game, TODAY, None)


def test_the_daily_link_leaves_an_ordinary_game_in_progress_kept(store):
    first = new_session(store, seed=3)
    first.apply("roll")
    sess = new_session(store, day=TODAY)
    assert (sess.day, sess.pending) == (TODAY, None)
    assert sess.in_progress
    assert sess.show_game() == first.game


def test_another_days_link_while_a_daily_is_in_progress_waits_for_a_yes(store):
    first = new_session(store, seed=3)
    first.apply("roll")
    first.start_daily(TODAY)
    play(first, daily_game(TODAY).moves[:3])
    kept = store.get(DAILY_KEY)
    sess = new_session(store, day=YESTERDAY, vs=150)
    assert sess.pending == Wish(SURVIVAL, None, YESTERDAY, 150)
    assert (sess.game, sess.day) == (first.game, TODAY)  # no silent loss
    assert store.get(DAILY_KEY) == kept
    game = sess.accept_pending()
    assert game == Game.new(SURVIVAL, daily_seed(YESTERDAY))
    assert (sess.day, sess.practice, sess.vs, sess.pending) == (YESTERDAY, True, 150, None)
    assert sess.show_game().moves == ("roll",)  # the ordinary game is not what was ended


def test_another_days_link_after_a_finished_daily_starts_at_once(store):
    play_daily(new_session(store), YESTERDAY)
    sess = new_session(store, day=TODAY)
    assert (sess.day, sess.practice, sess.pending) == (TODAY, False, None)
    assert sess.game.moves == ()


def test_a_challenge_on_a_finished_daily_plays_it_again_as_practice(store):
    play_daily(new_session(store), TODAY)
    sess = new_session(store, day=TODAY, vs=212)
    assert (sess.day, sess.practice, sess.vs, sess.pending) == (TODAY, True, 212, None)
    assert sess.game.moves == ()
    plain = new_session(store, day=TODAY)  # the same link without a score: the game shown again
    assert (plain.game.moves, plain.vs) == ((), 212)


def test_the_score_to_beat_is_kept_with_its_game_across_reloads(store):
    sess = new_session(store, seed=7, difficulty=SURVIVAL, vs=212)
    assert sess.vs == 212
    sess.apply("roll")
    assert new_session(store).vs == 212
    assert new_session(store, seed=7, difficulty=SURVIVAL).vs == 212  # the link without its score
    daily = new_session(store, day=TODAY, vs=-39)
    assert (daily.day, daily.vs) == (TODAY, -39)
    daily.apply("roll")
    assert (new_session(store).day, new_session(store).vs) == (TODAY, -39)
    daily.show_game()
    assert daily.vs == 212  # each game its own target
    daily.show_daily()
    assert daily.vs == -39
    assert new_session(store, seed=7, difficulty=SURVIVAL, vs=250).vs == 250  # a new challenge


def test_a_link_game_with_a_score_to_beat_waits_behind_a_game_in_progress(store):
    new_session(store, seed=42).apply("roll")
    sess = new_session(store, seed=43, vs=5)
    assert sess.pending == Wish(PEACEFUL, 43, None, 5)
    assert sess.vs is None
    sess.accept_pending()
    assert (sess.game, sess.vs) == (Game.new(PEACEFUL, 43), 5)


@pytest.mark.parametrize("vs", ["212", 10_001, -10_001, 2.5, True, None, [1]])
def test_a_stored_score_to_beat_that_is_not_a_score_is_left_out(vs, store):
    new_session(store, seed=7).apply("roll")
    store.set(GAME_KEY, json.dumps({**saved(store, GAME_KEY), "vs": vs}))
    sess = new_session(store)
    assert (sess.game.moves, sess.vs) == (("roll",), None)
    assert sess.take_notices() == []


# -- the backup -------------------------------------------------------------------------------
# -- sharing ----------------------------------------------------------------------------------
def test_the_daily_share_text_has_the_day_the_board_the_streak_and_the_challenge():
    tr = Translator(CATALOGS, "en")
    game = daily_game(TODAY)
    text, link = daily_share_text(
        game, tr, PAGE, day=TODAY, day_text="1 December 2026", practice=False, streak=4
    )
    lines = text.split("\n")
    assert lines[0] == tr.t("share.daily", date="1 December 2026", score=number(game.score))
    assert "1 December 2026" in lines[0] and number(game.score) in lines[0]
    assert "practice" not in lines[0]
    assert "\n".join(lines[1 : 1 + SIZE]) == compact_board(game.board)
    assert lines[1 + SIZE] == tr.t("share.daily.streak", count=4)
    assert "4 days in a row" in lines[1 + SIZE]
    assert lines[2 + SIZE :] == tr.t("share.daily.link", link=link).split("\n")
    assert len(lines) == 3 + SIZE
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == PAGE
    assert parse_qs(parts.query) == {"daily": [TODAY], "vs": [str(game.score)]}


def test_a_streak_of_one_day_is_said_in_the_singular():
    tr = Translator(CATALOGS, "en")
    text, _ = daily_share_text(
        daily_game(TODAY), tr, PAGE, day=TODAY, day_text=TODAY, practice=False, streak=1
    )
    assert "1 day in a row" in text and "days" not in text


@pytest.mark.parametrize(("practice", "streak"), [(True, 5), (True, 0), (False, 0)])
def test_no_streak_line_for_practice_or_for_no_streak(practice, streak):
    tr = Translator(CATALOGS, "en")
    game = daily_game(YESTERDAY)
    text, link = daily_share_text(
        game, tr, PAGE, day=YESTERDAY, day_text="30/11", practice=practice, streak=streak
    )
    lines = text.split("\n")
    title = "share.daily.practice" if practice else "share.daily"
    assert lines[0] == tr.t(title, date="30/11", score=number(game.score))
    assert ("(practice)" in lines[0]) is practice
    assert "\n".join(lines[1 : 1 + SIZE]) == compact_board(game.board)
    assert lines[1 + SIZE :] == [tr.t("share.daily.link", link=link)]
    assert "in a row" not in text
    assert parse_qs(urlsplit(link).query) == {"daily": [YESTERDAY], "vs": [str(game.score)]}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_daily_share_text_fills_every_placeholder_in_each_language(language):
    tr = Translator(CATALOGS, language)
    for practice in (False, True):
        text, link = daily_share_text(
            daily_game(TODAY), tr, PAGE, day=TODAY, day_text="X", practice=practice, streak=3
        )
        assert "{" not in text and "}" not in text
        assert link in text.split("\n")[-1]
        assert compact_board(daily_game(TODAY).board) in text


def test_a_negative_daily_score_is_shown_with_a_true_minus_and_linked_with_a_hyphen():
    day = next(d for d in days_from("2026-11-01", 200) if daily_game(d).score < 0)
    game = daily_game(day)
    tr = Translator(CATALOGS, "en")
    text, link = daily_share_text(game, tr, PAGE, day=day, day_text=day, practice=False, streak=0)
    assert number(game.score).startswith("−") and number(game.score) in text.split("\n")[0]
    assert link.endswith(f"&vs={game.score}") and f"-{-game.score}" in link
    params = {k: v for k, [v] in parse_qs(urlsplit(link).query).items()}
    assert read_link(params, day).vs == game.score


def test_the_daily_challenge_link_deals_the_same_dice_to_whoever_opens_it():
    game = daily_game(YESTERDAY)
    _, link = daily_share_text(
        game,
        Translator(CATALOGS, "en"),
        PAGE,
        day=YESTERDAY,
        day_text="",
        practice=False,
        streak=2,
    )
    params = {k: v for k, [v] in parse_qs(urlsplit(link).query).items()}
    asked = read_link(params, TODAY)
    assert asked == Link(day=YESTERDAY, vs=game.score)
    friend = new_session(MemoryStore(), day=asked.day, vs=asked.vs)
    assert friend.game == Game.new(SURVIVAL, daily_seed(YESTERDAY))
    assert (friend.vs, friend.practice) == (game.score, True)  # a past day: practice
    play(friend, game.moves)
    assert friend.game.board == game.board  # the same dice, the same moves, the same board


def test_the_ordinary_challenge_link_deals_the_same_dice_with_the_score_to_beat():
    game = finished(NIGHTMARE, 11)
    _, link = share_text(game, Translator(CATALOGS, "en"), PAGE)
    params = {k: v for k, [v] in parse_qs(urlsplit(link).query).items()}
    asked = read_link(params, TODAY)
    assert asked == Link(seed=11, difficulty=NIGHTMARE, vs=game.score)
    friend = new_session(MemoryStore(), seed=asked.seed, difficulty=asked.difficulty, vs=asked.vs)
    assert (friend.game, friend.vs, friend.day) == (Game.new(NIGHTMARE, 11), game.score, None)


# -- what a link asks for -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({}, Link()),
        ({"daily": ""}, Link(day=TODAY)),
        ({"daily": YESTERDAY}, Link(day=YESTERDAY)),
        ({"daily": "2028-02-29"}, Link(notices=("future-daily",))),
        ({"daily": TOMORROW}, Link(notices=("future-daily",))),
        ({"daily": "2026-02-30"}, Link(notices=("bad-daily",))),
        ({"daily": "2026-1-01"}, Link(notices=("bad-daily",))),
        ({"daily": "yesterday"}, Link(notices=("bad-daily",))),
        ({"daily": "1999-12-31"}, Link(notices=("bad-daily",))),
        ({"daily": YESTERDAY, "vs": "212"}, Link(day=YESTERDAY, vs=212)),
        ({"daily": "", "vs": "−39"}, Link(day=TODAY, vs=-39)),
        # a daily wins over a seed
        ({"daily": YESTERDAY, "seed": "5", "difficulty": "nightmare"}, Link(day=YESTERDAY)),
        ({"seed": "5", "vs": "212"}, Link(seed=5, vs=212)),
        ({"seed": "5", "difficulty": "survival", "vs": "-3"},
         Link(seed=5, difficulty=SURVIVAL, vs=-3)),
        ({"seed": "5", "vs": "ten"}, Link(seed=5, notices=("bad-vs",))),
        ({"seed": "5", "vs": "10001"}, Link(seed=5, notices=("bad-vs",))),
        ({"seed": "5", "vs": ""}, Link(seed=5, notices=("bad-vs",))),
        ({"vs": "212"}, Link(notices=("bad-vs",))),  # no dice to beat it on
        ({"difficulty": "nightmare", "vs": "212"},
         Link(difficulty=NIGHTMARE, notices=("bad-vs",))),
        ({"daily": TOMORROW, "vs": "212"}, Link(notices=("future-daily",))),  # said once
        ({"seed": "x", "vs": "ten"}, Link(notices=("bad-seed", "bad-vs"))),
        ({"seed": "5", "daily": "x"}, Link(seed=5, notices=("bad-daily",))),
        ({"difficulty": "hard"}, Link(notices=("bad-difficulty",))),
        ({"gift": ""}, Link(gift=True)),
    ],
)  # fmt: skip
def test_read_link(params, expected):
    assert read_link(params, TODAY) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("212", 212), ("-39", -39), ("−39", -39), (" 7 ", 7), ("0", 0), ("-0", 0),
     ("10000", 10_000), ("-10000", -10_000), ("00212", 212)],
    ids=plain,
)  # fmt: skip
def test_a_score_to_beat_is_a_whole_number_within_the_scores_range(text, expected):
    assert SCORE_LIMIT == 10_000
    assert parse_score(text) == expected


@pytest.mark.parametrize(
    "text",
    ["", "-", "+5", "1e3", "2.5", "10001", "-10001", "000212", "١٢", "0x10", "--5", None, 212],
    ids=plain,
)
def test_anything_else_is_not_a_score_to_beat(text):
    with pytest.raises(ValueError):
        parse_score(text)
