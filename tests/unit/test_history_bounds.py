"""A history record at the bounds of its fields (magdagdon/played.py; magdagdon/legacy.py reads
a carried-over record), each refusal naming the field out of them: a record carried over from
an older release's best-scores tables (each field at its bounds, a board's parts worked out
again, a coach's score kept true) and a record of a game played here (its moves, fields, shape
and length, its daily day, what ``Played.of`` takes).
Every bound and every expected value is worked out here, never pasted from a run."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest

from magdagdon import Game
from magdagdon.daily import daily_seed
from magdagdon.game import SCORE_LIMIT, SEED_LIMIT
from magdagdon.moves import split_moves
from magdagdon.played import MAX_BASE, Played, decode, dumps, encode, verify
from magdagdon.records import MOST_HINTS, Entry
from magdagdon.rules import Bonus, Difficulty, parse_board, score_breakdown

from .mutation_run import plain
from .played_games import a_board_entry, games


# -- a record carried over from an older release: every field checked, the refusal says which ----
def legacy(**fields) -> list:
    """A carried-over PEACEFUL record (as :func:`magdagdon.played.encode` writes one), with
    ``fields`` changed."""
    record = dict(seed=None, score=99, coach=None, turns=9, powers=1, hints=0, ruins=0, board=None)
    record.update(fields)
    r = record
    head = ["p", r["seed"], "", "2025-01-02", r["score"], None, 0, 0, 0, r["coach"]]
    return [*head, r["turns"], r["powers"], r["hints"], r["ruins"], r["board"]]


A_BOARD = "1234/2345/3456/45#4"  # one ruin, on cell 14


@pytest.mark.parametrize(
    "fields",
    [
        {},
        {"seed": 0},
        {"seed": SEED_LIMIT - 1},
        {"turns": 1},
        {"turns": 16},
        {"powers": 0},
        {"powers": 3},  # PEACEFUL's three
        {"hints": MOST_HINTS},
        {"ruins": (1 << 16) - 1},
        {"board": A_BOARD, "ruins": 1 << 14},
    ],
    ids=plain,
)
def test_a_carried_over_record_within_every_bound_is_read(fields):
    played = decode(legacy(**fields))
    assert played.legacy and played.base is None
    expected = dict(seed=None, turns=9, powers=1, hints=0, ruins=0, board=None) | fields
    assert {name: getattr(played, name) for name in expected} == expected


@pytest.mark.parametrize(
    ("fields", "what"),
    [
        ({"seed": -1}, "seed"),
        ({"seed": SEED_LIMIT}, "seed"),
        ({"seed": True}, "seed"),
        ({"turns": 0}, "count of turns"),
        ({"turns": 17}, "count of turns"),
        ({"turns": None}, "count of turns"),
        ({"powers": -1}, "count of powers"),
        ({"powers": 4}, "count of powers"),
        ({"powers": None}, "count of powers"),
        ({"hints": -1}, "count of hints"),
        ({"hints": MOST_HINTS + 1}, "count of hints"),
        ({"hints": None}, "count of hints"),
        ({"ruins": -1}, "ruins"),
        ({"ruins": 1 << 16}, "ruins"),
        ({"ruins": None}, "ruins"),
        ({"board": A_BOARD}, "board"),  # its ruin is not in ``ruins``
        ({"board": A_BOARD, "ruins": 1 << 13}, "board"),
        ({"board": "1234/2345/3456/4566", "ruins": 1 << 14}, "board"),
        ({"board": A_BOARD + "/", "ruins": 1 << 14}, "board"),  # not the notation's 19 characters
        ({"board": "1234"}, "board"),
        ({"board": "x" * 16}, "board"),
        ({"board": 1234}, "board"),
    ],
    ids=plain,
)
def test_a_carried_over_record_out_of_bounds_is_refused_naming_the_field(fields, what):
    with pytest.raises(ValueError, match=rf"^a history record with an invalid {what}$"):
        decode(legacy(**fields))


def test_a_nightmare_record_carried_over_claims_no_power():
    raw = legacy(powers=0)
    raw[0] = "n"
    assert decode(raw).powers == 0
    raw[11] = 1
    with pytest.raises(ValueError, match=r"invalid count of powers$"):
        decode(raw)


def test_a_record_with_the_coachs_score_is_still_true():
    played = games(3)[1]
    assert verify(replace(played, coach=123))
    with_board = Played.carried_over(Difficulty.PEACEFUL, a_board_entry(coach=250))
    assert with_board.coach == 250 and with_board.base is not None  # its parts are known
    assert verify(with_board)


def test_a_carried_over_board_gives_its_parts():
    board = "1234/1234/1234/123#"
    parts = score_breakdown(parse_board(board), Difficulty.PEACEFUL, 2)
    bonuses = Counter(line.bonus for line in parts.lines)
    played = Played.carried_over(Difficulty.PEACEFUL, a_board_entry(powers=2))
    assert (played.base, played.ruins) == (parts.base, 1 << 15)
    assert (played.straights, played.fours, played.pairs) == (
        bonuses[Bonus.STRAIGHT],
        bonuses[Bonus.FOUR_OF_A_KIND],
        bonuses[Bonus.TWO_PAIRS],
    )
    assert played.straights == 3 and played.fours == 3  # rows 0-2; columns 0-2
    assert verify(played)


def test_a_carried_over_board_with_two_pairs_gives_them():
    board = "1122/3344/2233/5566"  # every row two pairs; no column has a bonus
    parts = score_breakdown(parse_board(board), Difficulty.PEACEFUL, 0)
    entry = Entry(parts.total, "2025-06-01", 16, 0, 0, board, 0, None)
    played = Played.carried_over(Difficulty.PEACEFUL, entry)
    assert (played.straights, played.fours, played.pairs) == (0, 0, 4)
    assert verify(played)


# -- a record of a game played here: its moves and its shape -------------------------------------
@pytest.mark.parametrize(
    ("change", "what"),
    [
        ({1: SEED_LIMIT}, "seed"),
        ({1: -1}, "seed"),
        ({2: "+#0"}, "moves"),  # a 17th cell
        ({2: "+?"}, "moves"),  # a hint after the last move: the game did not end
        ({2: "<0+"}, "count of powers"),  # NIGHTMARE has none
    ],
    ids=plain,
)
def test_a_record_with_moves_out_of_bounds_is_refused_naming_the_field(change, what):
    raw = encode(games(3)[2])  # a NIGHTMARE game
    for index, value in change.items():
        if isinstance(value, str):
            value = value.replace("+", raw[index])
        raw[index] = value
    with pytest.raises(ValueError, match=rf"^a history record with an invalid {what}$"):
        decode(raw)


@pytest.mark.parametrize("raw", [[], ["n"] * 11, {"a": 1}, "n"], ids=plain)
def test_a_record_of_another_shape_is_refused_saying_so(raw):
    with pytest.raises(ValueError, match=r"^a history record with an invalid shape$"):
        decode(raw)


# -- every field at its bounds and one past them --------------------------------------------------
#: A PEACEFUL game of 16 MAGDAGDONs, each cell ruined in turn: base 0, score -240.
ALL_RUINS = ["p", 1, "".join(f".@#{cell:x}" for cell in range(16)), "2025-01-01", -240, 0, 0, 0, 0]


@pytest.mark.parametrize("coach_score", [None, -SCORE_LIMIT, SCORE_LIMIT])
def test_a_record_at_the_bounds_of_its_fields_is_read(coach_score):
    played = decode([*ALL_RUINS, coach_score])
    assert (played.base, played.score, played.ruins, played.coach) == (
        0,
        -240,
        (1 << 16) - 1,
        coach_score,
    )


@pytest.mark.parametrize(
    ("index", "value", "what"),
    [
        (0, "x", "difficulty"),
        (0, ["p"], "difficulty"),  # not even a key: never looked up
        (3, "yesterday", "date"),
        (4, -SCORE_LIMIT - 1, "score"),
        (4, SCORE_LIMIT + 1, "score"),
        (4, -240.0, "score"),
        (5, -1, "base"),
        (5, -2, "base"),  # even, as a base is
        (5, MAX_BASE + 1, "base"),
        (5, MAX_BASE + 2, "base"),
        (6, -1, "bonus count"),
        (7, 9, "bonus count"),  # four rows and four columns
        (8, None, "bonus count"),
        (9, -SCORE_LIMIT - 1, "coach's score"),
        (9, SCORE_LIMIT + 1, "coach's score"),
        (9, "250", "coach's score"),
    ],
    ids=plain,
)
def test_a_record_with_a_field_out_of_bounds_is_refused_naming_it(index, value, what):
    raw = [*ALL_RUINS, None]
    raw[index] = value
    with pytest.raises(ValueError, match=rf"^a history record with an invalid {what}$"):
        decode(raw)


@pytest.mark.parametrize(
    ("raw", "what"),
    [
        (["p", 1, "", "2025-01-01", 0, 0, 0, 0, 0], "moves"),  # no moves, and not carried over
        ([*ALL_RUINS[:5], 1, 0, 0, 0], "base"),  # a base is counted twice: never odd
        ([*ALL_RUINS[:5], None, 0, 0, 0], "base"),  # a record with moves knows its base
        ([*ALL_RUINS, None, 0, 0, 0, 0, None], "base"),  # moves and a carried-over tail
        ([*ALL_RUINS, None, "2026-12-01", 0], "daily day"),  # not that day's dice
        (["s", daily_seed("2026-12-01"), *ALL_RUINS[2:], None, "2026-12-01", 2], "daily day"),
        ([*ALL_RUINS[:4], -225, *ALL_RUINS[5:]], "score"),  # 16 ruins cost 240
    ],
    ids=plain,
)
def test_a_record_that_does_not_hold_together_is_refused_naming_why(raw, what):
    with pytest.raises(ValueError, match=rf"^a history record with an invalid {what}$"):
        decode(raw)


# -- what a record is made of, what it holds, how it is written ---------------------------------
def test_only_a_finished_game_of_seed_and_moves_with_its_date_and_day_is_remembered():
    over = games(1)[0]
    game = Game.new(over.difficulty.value, over.seed).play(over.moves)
    with pytest.raises(ValueError) as caught:
        Played.of(Game.new("peaceful", 1), "2025-01-01")
    assert str(caught.value) == "only a finished game is remembered, with its date ('2025-01-01')"
    with pytest.raises(ValueError) as caught:
        Played.of(game, "1 Dec")
    assert str(caught.value) == "only a finished game is remembered, with its date ('1 Dec')"
    with pytest.raises(ValueError, match=r"^a history record with an invalid daily day$"):
        Played.of(game, "2025-01-01", daily="2025-01-01")  # not that day's dice
    with pytest.raises(ValueError) as caught:
        Played.of(Game.from_board("1234/2345/3456/4565"), "2025-01-01")
    assert str(caught.value) == "not a move a record can hold in ('?',)"
    assert Played.of(game, over.date) == over


def test_a_daily_record_is_read_with_its_day():
    played = decode(["s", daily_seed("2026-12-01"), *ALL_RUINS[2:], None, "2026-12-01", 1])
    assert (played.daily, played.practice) == ("2026-12-01", True)


@pytest.mark.parametrize("score", [-SCORE_LIMIT - 1, SCORE_LIMIT + 1])
def test_a_carried_over_record_with_a_score_out_of_bounds_is_refused(score):
    with pytest.raises(ValueError, match=r"^a history record with an invalid score$"):
        decode(legacy(score=score))


def test_a_record_with_more_bonuses_than_lines_is_refused():
    with pytest.raises(ValueError, match=r"^a history record with an invalid bonus count$"):
        decode([*ALL_RUINS[:6], 3, 3, 3])
    with pytest.raises(ValueError, match=r"^a history record with an invalid bonus count$"):
        decode([*ALL_RUINS[:6], -1, 1, 0])  # no more than eight lines, but one count below 0


def test_a_record_with_the_largest_seed_is_read():
    raw = encode(games(3)[2])
    raw[1] = SEED_LIMIT - 1
    assert decode(raw).seed == SEED_LIMIT - 1


def test_moves_are_at_most_500_and_their_text_twice_that():
    assert len(split_moves("#0" * 500)) == 500  # 1,000 characters: the longest text
    with pytest.raises(ValueError, match=r"^not a record's moves: '#0#0"):
        split_moves("#0" * 500 + "!")  # refused by its length before it is read
    with pytest.raises(ValueError, match=r"^more than 500 moves$"):
        split_moves("!" * 501)


def test_a_record_is_stored_as_compact_json():
    for played in games(30):
        assert " " not in dumps(played) and decode(json.loads(dumps(played))) == played
