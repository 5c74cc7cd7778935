"""Tests written for what a mutation run (tools/mutation.py) showed the other tests let pass.

Each test states a rule and checks it against a reference worked out here, never against an
output pasted from a run:

* the coach's tables that are built while its module is imported (the 42 bonus patterns, the
  dice outcomes, the value model read from the tuned weights): a test must call the function
  itself, since nothing else runs it once the module is loaded;
* the coach's value of a line and of a board, on a model built here from made-up weights (a
  fresh model, so no value is memoised), against the formula its docstring gives;
* a history record carried over from an older release: each field at its bounds, and the
  refusal naming the field that is out of them;
"""

from __future__ import annotations

import base64
import contextlib
import functools
import hashlib
import itertools
import json
import random
import zlib
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from magdagdon import Game, IllegalActionError, SavedGameError, coach, score
from magdagdon.backup import (
    MAX_CODE,
    MAX_JSON,
    BackupError,
    collect,
    export,
    export_file,
    merge,
    parse,
    parse_any,
    parse_file,
    payload,
)
from magdagdon.daily import daily_seed
from magdagdon.game import SCORE_LIMIT, SEED_LIMIT, new_seed, parse_score, parse_seed, roll_dice
from magdagdon.history import (
    MAX_BASE,
    MAX_STORED,
    History,
    Played,
    _carried_over,
    _parse_stored,
    _stored,
    _tokens,
    decode,
    dumps,
    encode,
    legacy_records,
    merge_records,
    new_in,
    prune,
    ranked,
    verify,
)
from magdagdon.records import (
    HISTORY_KEY,
    MOST_HINTS,
    Entry,
    MemoryStore,
    Settings,
    StoreError,
)
from magdagdon.rules import (
    NEIGHBOURS,
    RUIN,
    Bonus,
    Difficulty,
    explain_cell,
    line_bonus,
    parse_board,
    score_breakdown,
)

from .greedy import end_turn, rolled
from .mutation_run import plain
from .played_games import games

KIND = {
    Bonus.STRAIGHT: coach.STRAIGHT,
    Bonus.FOUR_OF_A_KIND: coach.FOUR,
    Bonus.TWO_PAIRS: coach.PAIRS,
}
POINTS = {coach.STRAIGHT: 60, coach.FOUR: 40, coach.PAIRS: 20}


# -- the coach's tables built at import ------------------------------------------------------------
@functools.cache
def smooth_bonus_lines() -> Counter:
    """Every line of four numbers with a bonus whose neighbours differ by at most 1, by brute
    force over the 1,296 lines: (kind, values) → how many times it should be listed (once)."""
    found = Counter()
    for values in itertools.product(range(1, 7), repeat=4):
        bonus = line_bonus(values)
        if bonus and all(abs(a - b) <= 1 for a, b in itertools.pairwise(values)):
            found[KIND[bonus], values] += 1
    return found


def test_the_bonus_patterns_are_every_smooth_line_with_a_bonus_once():
    patterns = coach._patterns()
    assert Counter(patterns) == smooth_bonus_lines()
    assert Counter(kind for kind, _ in patterns) == {
        coach.STRAIGHT: 6,
        coach.FOUR: 6,
        coach.PAIRS: 30,
    }


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_the_outcomes_of_a_reroll_are_every_sorted_roll_with_its_chance(count):
    rolls = Counter(tuple(sorted(r)) for r in itertools.product(range(1, 7), repeat=count))
    outcomes = coach._outcomes(count)
    assert [combo for combo, _ in outcomes] == sorted(rolls)  # each once, in order
    for combo, chance in outcomes:
        assert Fraction(chance).limit_denominator(6**count) == Fraction(rolls[combo], 6**count)
    assert sum(chance for _, chance in outcomes) == pytest.approx(1.0)


def made_up_weights() -> tuple[tuple, tuple]:
    """Weights shaped like ``coach._WEIGHTS`` whose every entry differs from every other."""
    cells = tuple(
        tuple(100 * bucket + 7 * index - 40 for index in range(len(coach._MASKS)))
        for bucket in range(5)
    )
    lines = tuple(
        tuple(
            tuple(
                tuple(1 + 400 * part + 130 * kind + 13 * empties + n for n in range(cap + 1))
                for empties in range(4)
            )
            for kind, cap in enumerate(coach._CAPS)
        )
        for part in range(3)
    )
    return cells, lines


def test_the_model_reads_cells_in_tenths_and_lines_per_mille():
    cells, lines = made_up_weights()
    model = coach._Model(cells, lines)
    for bucket, row in enumerate(model.rows):
        assert [row[v] for v in range(1, 7)] == [2.0 * v for v in range(1, 7)]  # counted twice
        assert row[coach.RUINED] == -15.0
        for index, mask in enumerate(coach._MASKS):
            assert row[coach.DEAD + mask] == cells[bucket][index] / 10
    assert len(model.rows) == len(cells)
    for part, kinds in enumerate(lines):
        for kind, by_empties in enumerate(kinds):
            for empties, row in enumerate(by_empties):
                assert model.chances[part][kind][empties] == [n / 1000 for n in row]
    assert model.memos == [{}, {}, {}]


# -- the value of a line and of a board, by the docstring's formula -------------------------------
def fits(key: tuple[int, ...]) -> tuple[int, dict[int, int]] | None:
    """The EMPTY cells of a line of codes and how many smooth bonus lines of each kind it may
    still become (None: a ruin or a dead cell, no bonus any more)."""
    if coach.RUINED in key or coach.DEAD in key:
        return None
    counts = Counter()
    for kind, values in smooth_bonus_lines():
        if all(
            code == value if code < coach.DEAD else (code - coach.DEAD) >> (value - 1) & 1
            for code, value in zip(key, values, strict=True)
        ):
            counts[kind] += 1
    return sum(code > coach.DEAD for code in key), counts


def line_value(model, key: tuple[int, ...], part: int) -> float:
    found = fits(key)
    if found is None:
        return 0.0
    empties, counts = found
    if not empties:
        bonus = line_bonus(key)
        return float(bonus.points) if bonus else 0.0
    return sum(
        points * model.chances[part][kind][empties - 1][min(counts[kind], coach._CAPS[kind])]
        for kind, points in POINTS.items()
    )


def line_keys() -> list[tuple[int, ...]]:
    """Lines of codes: every full line of numbers, and random mixes of numbers, ruins, dead and
    EMPTY cells (each with a mask its neighbours could leave)."""
    rng = random.Random(16)
    codes = [*range(1, 7), coach.RUINED, *(coach.DEAD + mask for mask in coach._MASKS)]
    mixed = [tuple(rng.choice(codes) for _ in range(4)) for _ in range(1500)]
    return [*itertools.product(range(1, 7), repeat=4), *mixed]


def test_a_line_is_worth_its_bonus_or_the_chance_of_each_bonus_it_still_fits():
    model = coach._Model(*made_up_weights())
    for key in line_keys():
        for part in range(3):
            assert model.line(key, part) == pytest.approx(line_value(model, key, part)), key


def boards() -> list[tuple[int, ...]]:
    """Committed boards of real games, from the first turn to the last."""
    found = []
    for seed in range(6):
        game = Game.new(("peaceful", "survival", "nightmare")[seed % 3], seed)
        while not game.is_over:
            found.append(game.board)
            game = end_turn(game)
    return found


def test_a_board_is_worth_its_cells_and_its_lines():
    model = coach._Model(*made_up_weights())
    for board in boards():
        codes = coach._codes(board)
        empties = sum(code >= coach.DEAD for code in codes)
        row = model.rows[coach._BUCKET[empties]]
        lines = [tuple(codes[c] for c in line) for line in coach.LINES]
        expected = sum(row[code] for code in codes) + sum(
            line_value(model, key, coach._PART[empties]) for key in lines
        )
        assert model.value(codes) == pytest.approx(expected), board
        assert model.value(codes) == pytest.approx(expected)  # memoised: the same again


# -- a record carried over from an older release: every field checked, the refusal says which --
def legacy(**fields) -> list:
    """A carried-over PEACEFUL record (as :func:`magdagdon.history.encode` writes one), with
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


def code_of(board: tuple[int, ...], cell: int) -> int:
    """A cell's code as coach.py describes it: a number's value, RUINED for a ruin; an EMPTY
    cell is DEAD + the mask of the values its numbers allow (DEAD alone if only ruins touch
    it: no die can ever reach it)."""
    value = board[cell]
    if value:
        return value if value > 0 else coach.RUINED
    around = [board[n] for n in NEIGHBOURS[cell]]
    if all(near < 0 for near in around):
        return coach.DEAD
    allowed = [w for w in range(1, 7) if all(abs(w - n) <= 1 for n in around if n > 0)]
    return coach.DEAD + sum(1 << (w - 1) for w in allowed)


def test_every_cell_gets_its_code():
    some = [parse_board(text) for text in ("1.3./#5#./.#../6..#", "#.#./.#../..../....")]
    ruined = 0
    for board in [*some, *boards()]:
        assert coach._codes(board) == tuple(code_of(board, c) for c in range(16)), board
        ruined += RUIN in board
    assert ruined >= 10


# -- seeds and dice ------------------------------------------------------------------------------
def test_a_new_seed_is_unpredictable_and_at_most_nine_digits():
    seeds = [new_seed() for _ in range(20)]
    assert len(set(seeds)) == 20  # two equal of 10**9: about one run in 5 million
    assert all(0 <= seed < 10**9 for seed in seeds)  # a link stays short


def test_the_largest_seed_is_a_game_and_a_saved_game():
    largest = SEED_LIMIT - 1  # 2**53 - 1, the largest integer JavaScript reads exactly
    game = Game.new("survival", largest).apply("roll")
    assert game.seed == largest and parse_seed(str(largest)) == largest
    assert Game.from_dict(game.to_dict()) == game


@pytest.mark.parametrize(
    "text",
    ["0" * 16 + "1", "\u0663", "1\u0663", "-1", "", None, 42, ["1"]],
    ids=plain,
)
def test_a_seed_that_is_not_decimal_digits_below_the_limit_is_refused(text):
    # 16 digits at most: 2**53 - 1 has 16 (a longer text is refused before it is read)
    with pytest.raises(ValueError) as caught:
        parse_seed(text)
    assert str(caught.value) == f"a seed is a whole number from 0 to {SEED_LIMIT - 1}, not {text!r}"


@pytest.mark.parametrize("seed", [-1, SEED_LIMIT, 2.0, "7", True])
def test_a_game_of_a_seed_out_of_range_says_the_range(seed):
    with pytest.raises(ValueError) as caught:
        Game.new("peaceful", seed)
    assert str(caught.value) == f"a seed is a whole number from 0 to {SEED_LIMIT - 1}, not {seed!r}"
    if seed == SEED_LIMIT:  # written out: 16 digits, read, then refused as a number
        with pytest.raises(ValueError, match=rf"not {seed}$"):
            parse_seed(str(seed))


def test_a_score_to_beat_that_is_not_a_score_says_what_it_was():
    with pytest.raises(ValueError) as caught:
        parse_score("12 points")
    assert str(caught.value) == "a score is a whole number, not '12 points'"


def dice_by_the_scheme(seed: int, turn: int, draw: int, count: int) -> tuple[int, ...]:
    """The dice as ``magdagdon.game`` documents them: the bytes below 252 of SHA-256 of
    ``magdagdon:<seed>:<turn>:<draw>:<block>`` for block 0, 1, ..., each as ``b % 6 + 1``."""
    values: list[int] = []
    for block in itertools.count():
        digest = hashlib.sha256(f"magdagdon:{seed}:{turn}:{draw}:{block}".encode()).digest()
        values += [b % 6 + 1 for b in digest if b < 252]
        if len(values) >= count:
            return tuple(values[:count])
    raise AssertionError  # pragma: no cover


def test_a_game_shows_the_powers_used_only_when_there_are_some():
    game = Game.new("peaceful", seed=2).apply("roll")
    assert "powers_used" not in repr(game)
    powered = game.apply("inc 0")
    assert repr(powered) == repr(game).replace(
        f"dice={game.dice}, score=0", f"dice={powered.dice}, powers_used=1, score=-10"
    )


@pytest.mark.parametrize("count", [1, 4, 40, 200])
def test_as_many_dice_as_asked_follow_the_scheme_block_after_block(count):
    # a block gives about 31 dice: 40 and 200 need the blocks after the first
    for seed, turn, draw in [(0, 0, 0), (7, 3, 1), (SEED_LIMIT - 1, 15, 2)]:
        assert roll_dice(seed, turn, draw, count) == dice_by_the_scheme(seed, turn, draw, count)


def test_each_turns_rerolls_are_counted_from_one():
    # PEACEFUL's first two powers, both a REROLL of every die, in the first two turns
    game = Game.new("peaceful", 5)
    for turn in range(2):
        game = game.apply("roll").apply("reroll 0 1 2 3")
        assert (game.turn, game.dice) == (turn, roll_dice(5, turn, 1, 4))
        game = end_turn(game)


# -- the developer's words of a refusal (str(error), "for developers, tests and bug reports") -----
PLACING = ("3.../4.../..../....", (3, 5, 1, 6))  # legal: die 0 on 1 5 8, die 1 on 5 8


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("stage 0 15", "a 3 may not be staged on cell 15: not-adjacent"),
        ("stage 0 0", "a 3 may not be staged on cell 0: not-empty"),
        ("stage 1 1", "a 5 may not be staged on cell 1: too-far (cell 0 holds 3)"),
        ("dec 2", "die 2 shows 1: -1 would leave 1..6"),
        ("inc 3", "die 3 shows 6: +1 would leave 1..6"),
        ("reroll 1 1", "a die is named twice in 'reroll 1 1'"),
        ("reroll 3 0 3", "a die is named twice in 'reroll 3 0 3'"),
        ("accept", "the roll can be placed: MAGDAGDON is only for a roll that cannot"),
    ],
)
def test_a_refused_action_says_what_is_wrong(action, message):
    game = rolled(*PLACING)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(action)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (None, "not a saved MAGDAGDON game"),
        ({"format": "magdagdon-backup"}, "not a saved MAGDAGDON game"),
        ("schema 2", "saved game schema 2 is not 1"),
        ("schema missing", "saved game schema None is not 1"),
        ("moves a text", "the saved moves are missing or malformed"),
        ("moves with a number", "the saved moves are missing or malformed"),
        ("501 moves", "the saved game is too long to be real"),
        ("state missing", "the saved snapshot is missing"),
        ("seed -1", "the saved seed -1 is not valid"),
        ("seed too big", f"the saved seed {SEED_LIMIT} is not valid"),
        ("board changed", "the saved snapshot does not match its moves"),
    ],
)
def test_a_refused_saved_game_says_why(data, message):
    good = Game.new("peaceful", 11).play(["roll", "clear"]).to_dict()
    changes = {
        "schema 2": {"schema": 2},
        "schema missing": {"schema": None},
        "moves a text": {"moves": "roll"},
        "moves with a number": {"moves": ["roll", 3]},
        "501 moves": {"moves": ["roll"] + ["clear"] * 500},
        "state missing": {"state": None},
        "seed -1": {"seed": -1},
        "seed too big": {"seed": SEED_LIMIT},
        "board changed": {"state": {**good["state"], "board": "1.../..../..../...."}},
    }
    value = good | changes[data] if isinstance(data, str) else data
    with pytest.raises(SavedGameError) as caught:
        Game.from_dict(value)
    assert str(caught.value) == message


def test_an_unknown_action_lists_the_verbs_there_are():
    with pytest.raises(IllegalActionError) as caught:
        Game.new("peaceful", 1).apply("fly")
    assert str(caught.value) == (
        "unknown action 'fly': expected one of roll, clear, confirm, accept, cancel, stage, "
        "unstage, dec, inc, ruin, reroll, hint"
    )


def test_a_saved_game_that_does_not_replay_says_the_refusal_inside():
    data = Game.new("peaceful", 11).apply("roll").to_dict() | {"moves": ["roll", "fly"]}
    with pytest.raises(SavedGameError) as caught:
        Game.from_dict(data)
    assert str(caught.value).startswith("the saved game does not replay: unknown action 'fly'")


# -- the backup: what each refusal says, the bounds, and a code's base64 that does not decode -----
def backup_code(body: str) -> str:
    """``MGD1.<body>`` with its right check: what a copy that only lost characters looks like."""
    head = f"MGD1.{body}"
    return f"{head}.{zlib.crc32(head.encode()):08x}"


def refused(function, text) -> tuple[str, str]:
    with pytest.raises(BackupError) as caught:
        function(text)
    assert caught.value.params == {"problem": caught.value.problem}
    return caught.value.problem, str(caught.value)


@pytest.mark.parametrize(
    ("text", "problem", "message"),
    [
        (12, "foreign", "a backup is text, not int"),
        (" \n", "empty", "there is nothing to read"),
        ("MG", "truncated", "the code is cut short"),
        ("MGD1", "truncated", "the code is cut short"),
        ("MGD1.abc.0123", "truncated", "the code is cut short"),
        ("XYZ1.abc.01234567", "foreign", "not a MAGDAGDON backup code"),
        ("MGD2.abc.01234567", "newer", "a code of version 2, made by a newer release"),
        ("MGD12345678.a.0", "newer", "a code of version 123456, made by a newer release"),
        ("MGD0.abc.01234567", "foreign", "no release wrote a code of version 0"),
        ("MGD1.a+c.01234567", "damaged", "the code holds characters no code has"),
        ("MGD1.abc.01234567", "damaged", "the code does not match its check: it was changed"),
        (backup_code("AAAAA"), "damaged", "the code's body is not base64url"),  # 4k+1 letters
        (backup_code("AAAA"), "damaged", "the code's body does not decompress"),
    ],
    ids=plain,
)
def test_a_refused_code_names_its_problem_and_says_it(text, problem, message):
    assert refused(parse, text) == (problem, message)


def test_a_code_of_the_greatest_length_is_read_and_one_more_character_is_too_big():
    assert refused(parse, "MGD1" + "A" * (MAX_CODE - 4))[0] == "foreign"  # read: not a code
    too_big = "MGD1" + "A" * (MAX_CODE - 3)
    assert refused(parse, too_big) == (
        "too-big",
        f"{MAX_CODE + 1:,} characters: more than any backup ({MAX_CODE:,})",
    )


def test_a_version_is_at_most_six_digits():
    # Longer is a newer release's (refused before a huge number is read); leading zeros count.
    assert refused(parse, backup_code("AAAA").replace("MGD1", "MGD000001", 1))[0] == "damaged"
    assert refused(parse, "MGD0000001.abc.01234567")[0] == "newer"


def packed_code(packed: bytes) -> str:
    """The code around the compressed bytes ``packed``, as :func:`export` writes a body."""
    return backup_code(base64.urlsafe_b64encode(packed).rstrip(b"=").decode())


@pytest.mark.parametrize(
    ("inside", "problem", "message"),
    [
        (b"\x00not zlib", "damaged", "the code's body does not decompress"),
        (zlib.compress(b"{}") + b"more", "damaged", "the code's body is not one whole zlib stream"),
        (zlib.compress(b"not json"), "damaged", "the code does not hold JSON"),
        (zlib.compress(b'{"format": "other"}'), "foreign", "not a MAGDAGDON backup"),
        (
            zlib.compress(b'{"format": "magdagdon-backup", "schema": 7}'),
            "newer",
            "a backup of schema 7, made by a newer release",
        ),
        (
            zlib.compress(b'{"format": "magdagdon-backup", "schema": 1}'),
            "damaged",
            "the backup has no schema or no history",
        ),
    ],
    ids=plain,
)
def test_what_a_checked_code_holds_is_refused_saying_why(inside, problem, message):
    assert refused(parse, packed_code(inside)) == (problem, message)


def test_a_code_that_inflates_beyond_the_limit_says_so():
    packed = zlib.compress(b" " * (MAX_JSON + 1), 9)
    assert refused(parse, packed_code(packed)) == (
        "too-big",
        f"the code holds more than {MAX_JSON:,} bytes",
    )


@pytest.mark.parametrize(
    ("text", "problem", "message"),
    [
        ("MGD1.abc.01234567", "foreign", "not a MAGDAGDON backup file"),
        ('X{"format": "magdagdon-backup"}', "foreign", "not a MAGDAGDON backup file"),
        ('{"format": "magdagdon-backup", "hist', "truncated", "the file is cut short"),
        ('{"format": "magdagdon-backup"; "schema": 1}', "damaged", "the file is not valid JSON"),
    ],
    ids=plain,
)
def test_a_refused_file_names_its_problem_and_says_it(text, problem, message):
    assert refused(parse_file, text) == (problem, message)


def test_a_file_of_the_greatest_length_is_read_and_one_more_character_is_too_big():
    file = export_file(collect([]))
    assert parse_file(file + " " * (MAX_JSON - len(file)))["history"] == []
    assert refused(parse_file, file + " " * (MAX_JSON + 1 - len(file)))[0] == "too-big"


def test_a_file_is_told_from_a_code_after_white_space_and_a_byte_order_mark():
    file = export_file(collect(list(games(2))))
    for text in [" \n" + file, "\ufeff" + file, "\n\ufeff" + file]:
        assert parse_any(text)["history"] == list(games(2))
    assert refused(parse_any, "X" + file) == ("foreign", "not a MAGDAGDON backup code")


def test_merging_counts_the_games_dropped_in_reading_and_in_replaying():
    records = list(games(4))
    value = payload(collect(records))
    value["history"][1] = ["p", "bad"]  # dropped when read
    value["history"][2][4] += 20  # a score that does not add up: dropped when read too
    theirs = parse(packed_code(zlib.compress(json.dumps(value).encode())))
    assert theirs["dropped"] == 2
    liar = replace(records[3], moves=records[0].moves, seed=records[0].seed)  # does not replay
    theirs["history"].append(liar)
    merged = merge(collect(records[:1]), theirs)
    assert (merged["added"], merged["dropped"]) == (1, 3)  # records[3] added; 2 + the liar
    assert merge(collect([]), collect(records))["dropped"] == 0  # nothing read: none dropped


# -- the history: a record true with its coach's score, a carried-over board's parts, the cap's ---
# -- arithmetic, what a store that cannot be read leaves behind, the count of dropped records -----
def test_a_record_with_the_coachs_score_is_still_true():
    played = games(3)[1]
    assert verify(replace(played, coach=123))
    with_board = _carried_over(Difficulty.PEACEFUL, a_board_entry(coach=250))
    assert with_board.coach == 250 and with_board.base is not None  # its parts are known
    assert verify(with_board)


def a_board_entry(coach: int | None = None, powers: int = 1) -> Entry:
    """A best-scores row of an older release whose board makes its score (three rows 1234,
    three columns of four of a kind, a ruin), ``powers`` PEACEFUL powers used."""
    board = "1234/1234/1234/123#"
    return Entry(score(board, "peaceful", powers), "2025-06-01", 15, powers, 5, board, 0, coach)


def test_a_carried_over_board_gives_its_parts():
    board = "1234/1234/1234/123#"
    parts = score_breakdown(parse_board(board), Difficulty.PEACEFUL, 2)
    bonuses = Counter(line.bonus for line in parts.lines)
    played = _carried_over(Difficulty.PEACEFUL, a_board_entry(powers=2))
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
    played = _carried_over(Difficulty.PEACEFUL, entry)
    assert (played.straights, played.fours, played.pairs) == (0, 0, 4)
    assert verify(played)


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


class FullStore(MemoryStore):
    """A store that reads but refuses every write (a full or read-only storage)."""

    def set(self, key: str, value: str) -> None:
        raise StoreError(key)


def test_a_bad_record_that_cannot_be_cleaned_away_is_counted_once():
    good = dumps(games(1)[0])
    store = FullStore({HISTORY_KEY: f'{{"schema":1,"games":[{good},["p","bad"]]}}'})
    history = History(store)
    assert (history.dropped, history.unsaved) == (1, True)
    assert history.sync() is False  # the same text: not read again
    assert (history.dropped, history.records) == (1, games(1))
    assert history.save() is False and history.unsaved


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
    assert len(_tokens("#0" * 500)) == 500  # 1,000 characters: the longest text
    with pytest.raises(ValueError, match=r"^not a record's moves: '#0#0"):
        _tokens("#0" * 500 + "!")  # refused by its length before it is read
    with pytest.raises(ValueError, match=r"^more than 500 moves$"):
        _tokens("!" * 501)


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


def test_a_record_is_stored_as_compact_json():
    for played in games(30):
        assert " " not in dumps(played) and decode(json.loads(dumps(played))) == played


def test_a_game_twice_in_theirs_and_once_in_mine_is_new_once():
    a, b = games(2)
    assert new_in([a], [a, a, b]) == [a, b]
    assert new_in([a, a], [a, a]) == []
    entry = a.entry()
    assert legacy_records({a.difficulty: [entry, entry]}, [a]) == [
        _carried_over(a.difficulty, entry)
    ]
    assert legacy_records({a.difficulty: [entry, entry]}, [a, a]) == []


class UnreadableStore(MemoryStore):
    """A store whose every read fails (storage the browser blocks)."""

    def get(self, key: str) -> str | None:
        raise StoreError(key)


def test_an_unreadable_store_is_noted_once_and_never_written():
    store = UnreadableStore()
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
    store = MemoryStore()
    history = History(store, cap=len(records) - 1)
    assert history.migrate({}) == 0 and history.migrated
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


def test_another_tabs_text_with_the_same_games_changes_nothing():
    store = MemoryStore()
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
def test_a_store_that_cannot_be_used_drops_nothing_and_leaves_migration_to_do(raw):
    history = History(MemoryStore({HISTORY_KEY: raw}))
    assert (history.dropped, history.migrated) == (0, False)
    assert history.migrate({Difficulty.PEACEFUL: [a_board_entry()]}) == 1


def test_dropped_records_are_counted_over_loads_and_verifications():
    good = [dumps(p) for p in games(3)]
    store = MemoryStore({HISTORY_KEY: f'{{"schema":1,"games":[{good[0]},["p","bad"]]}}'})
    history = History(store)
    assert (history.dropped, history.problems) == (1, ["history"])  # one bad record is bad
    assert History(store).records == games(1)  # and the store was cleaned
    store.set(HISTORY_KEY, f'{{"schema":1,"games":[{good[1]},[],{{}}]}}')  # another tab's
    history.sync()
    assert history.dropped == 3
    assert history.problems == ["history"]  # noted when first loaded, not again
    history.carry([replace(games(3)[2], score=games(3)[2].score + 20, base=None)])  # untrue
    assert history.verify_all() == 1 and history.dropped == 4


def test_the_coachs_score_goes_to_the_twin_without_one():
    played = games(2)[1]
    history = History(MemoryStore())
    history.carry([replace(played, coach=50), played])  # the same game twice, one scored
    assert history.set_coach(played, 70)
    assert sorted(p.coach for p in history.records) == [50, 70]


# -- the coach: its explanations, its helpers, suggestions that keep what is staged ---------------
ONE = "1.../..../..../...."


@pytest.mark.parametrize(
    ("actions", "reason"),
    [
        (["inc 0"], ("power-change", {"die": 0, "value": 4, "rescue": False})),
        (["clear", "inc 1"], ("power-change", {"die": 1, "value": 6, "rescue": False})),
        (["dec 3"], ("power-change", {"die": 3, "value": 5, "rescue": False})),
        (["reroll 0 3"], ("power-reroll", {"dice": [0, 3], "rescue": False})),
        (["clear", "reroll 2"], ("power-reroll", {"dice": [2], "rescue": False})),
        (["stage 0 1", "confirm"], None),
    ],
)
def test_explain_names_the_power_its_die_and_the_new_value(actions, reason):
    assert coach.explain(rolled(*PLACING), actions) == reason


def test_explain_says_a_power_in_magdagdon_rescues_the_roll():
    game = rolled(ONE, (3, 3, 6, 6))
    assert game.phase.value == "magdagdon"
    assert coach.explain(game, ["inc 1"]) == (
        "power-change",
        {"die": 1, "value": 4, "rescue": True},
    )
    assert coach.explain(game, ["reroll 2 3"]) == (
        "power-reroll",
        {"dice": [2, 3], "rescue": True},
    )


@pytest.mark.parametrize(
    ("board", "cell", "reason"),
    [
        ("1.4./2345/3456/4566", 1, "dead-cell"),  # touches a 1 and a 4: no value fits
        ("#.../.#../..../....", 1, "broken-lines"),  # a ruin in its row and in its column
        ("15../..#./..../....", 2, "broken-lines"),  # 1 beside 5: no bonus; a ruin below
        ("15../..../..../....", 2, "least-cost"),  # its column may still make one
        ("#.../.#../..../....", 6, "least-cost"),
        ("..../..../..../....", 0, "least-cost"),
    ],
)
def test_a_ruin_is_explained_by_what_its_lines_may_still_win(board, cell, reason):
    game = Game.from_board(board)
    assert coach.explain(game, ["accept", f"ruin {cell}"]) == (
        "ruin",
        {"cell": cell, "reason": reason},
    )


def test_the_changes_are_every_minus_and_plus_one_that_stays_a_die():
    game = rolled("..../..../..../....", (1, 2, 5, 6))
    expected = [
        ((*game.dice[:die], value + delta, *game.dice[die + 1 :]), f"{verb} {die}")
        for die, value in enumerate(game.dice)
        for verb, delta in (("dec", -1), ("inc", 1))
        if 1 <= value + delta <= 6
    ]
    assert coach._changes(game) == expected
    assert len(expected) == 6  # no −1 on the 1, no +1 on the 6


def test_a_power_on_a_staged_die_is_preceded_by_clear():
    staged = rolled(*PLACING).apply("stage 0 1")  # die 0 staged
    assert coach._before_power(staged, "dec 0") == ["clear", "dec 0"]
    assert coach._before_power(staged, "reroll 0 2") == ["clear", "reroll 0 2"]
    assert coach._before_power(staged, "reroll 1 2") == ["reroll 1 2"]
    assert coach._before_power(staged, "inc 1") == ["inc 1"]


def test_a_reroll_is_valued_by_its_expectation_over_every_outcome():
    game = rolled(*PLACING)
    search = coach._Search(game)
    for chosen in [(0,), (3,), (1, 2)]:
        kept = tuple(v for die, v in enumerate(game.dice) if die not in chosen)
        rolls = list(itertools.product(range(1, 7), repeat=len(chosen)))
        expected = sum(search.roll(kept + r) for r in rolls) / len(rolls)
        assert coach.run(search.reroll(game.dice, chosen)) == pytest.approx(expected)


def test_a_roll_is_searched_once_whatever_the_order_of_its_dice():
    search = coach._Search(rolled(*PLACING))
    value = search.roll((3, 5, 1, 6))
    work = search.work
    assert work > 1  # the boards of its plans were reached
    assert search.roll((6, 1, 5, 3)) == value and search.work == work  # the same roll again
    search.roll((3, 5, 1, 5))
    assert search.work > work


def test_a_power_found_before_the_work_budget_runs_out_is_still_used():
    game = Game.new("peaceful", 7).apply("roll")  # a first roll the coach changes with a power
    search = coach._Search(game)
    assert coach.run(coach._power(game, search)) is not None
    valued = sum(1 for key in search.best if len(key) == 4)  # rolls of four dice looked at
    assert search.work > coach._BUDGET  # the budget ran out ...
    everything = coach._Search(game)
    for chosen in coach._SUBSETS:
        coach.run(everything.reroll(game.dice, chosen))
    assert valued < sum(1 for key in everything.best if len(key) == 4)  # ... before the end
    assert coach.suggest(game)[0].split()[0] in ("dec", "inc", "reroll")


def test_a_roll_that_cannot_be_placed_is_worth_the_best_ruin():
    search = coach._Search(Game.from_board(ONE, "peaceful").apply("roll"))
    assert search.roll((6, 6, 6, 6)) == search.ruin()[0]  # a 6 may not touch the 1
    assert search.roll((2, 2, 6, 6)) > search.ruin()[0]


def test_a_board_of_ruins_with_one_enclosed_cell_is_played_there():
    game = Game.from_board("." + "#" * 15, "peaceful").apply("roll")
    actions = coach.suggest(game)
    assert game.play(actions).is_over and actions[-1] == "confirm"


def placing_states(count: int):
    """Fresh rolls that can be placed, on boards of real games (greedy turns before them)."""
    for seed in range(count):
        game = Game.new(("peaceful", "survival", "nightmare")[seed % 3], seed)
        for _ in range(seed % 5):
            game = end_turn(game)
        game = game.apply("roll")
        if game.phase.value == "placing":
            yield game


def test_the_first_die_of_a_game_goes_on_a_corner_an_edge_or_a_centre():
    for seed in range(6):
        game = Game.new(("peaceful", "survival", "nightmare")[seed % 3], seed).apply("roll")
        actions = coach.suggest(game)
        if actions[0].startswith("stage"):
            assert int(actions[0].split()[2]) in (0, 1, 5)  # the others are mirror images


def test_dice_staged_where_the_plan_puts_them_stay():
    for game in placing_states(12):
        plan = coach.suggest(game)
        if plan[-1] != "confirm":
            continue  # a power first
        steps, final = plan[:-1], game.play(plan)
        assert game.play(steps).board == game.board and coach.suggest(game.play(steps)) == [
            "confirm"
        ]
        numbers = any(v > 0 for v in game.board)
        for i, step in enumerate(steps):
            try:
                alone = game.apply(step)
            except ValueError:
                continue  # this one only fits after the ones before it
            again = coach.suggest(alone)
            assert alone.play(again).board == final.board
            if numbers or i == 0:
                assert "clear" not in again and len(again) == len(steps)
            else:  # on a board with no number only the plan's first die may stay
                assert again[0] == "clear"


def test_a_board_of_ones_has_numbers_and_keeps_a_die_staged_out_of_the_plans_order():
    kept = 0
    for board in ("1.../..../..../....", "11../1.../..../...."):
        for dice in [(1, 2, 2, 1), (2, 2, 1, 2), (1, 1, 2, 2)]:
            game = rolled(board, dice)
            plan = coach.suggest(game)
            for step in plan[1:-1]:  # a step after the first, alone
                with contextlib.suppress(ValueError):
                    again = coach.suggest(game.apply(step))
                    assert (
                        "clear" not in again
                        and game.play(plan).board == game.apply(step).play(again).board
                    )
                    kept += 1
    assert kept >= 5


# -- the rules' public functions at their edges ----------------------------------------------------
@pytest.mark.parametrize("cell", [16, -1, 99, "3", 3.0, None])
def test_explaining_a_cell_off_the_board_is_a_value_error(cell):
    with pytest.raises(ValueError) as caught:
        explain_cell(parse_board(ONE), cell, 3)
    assert str(caught.value) == f"cells are numbered 0 to 15, not {cell!r}"


def test_a_breakdown_without_difficulty_or_powers_is_peaceful_with_none_used():
    board = parse_board("1234/2345/..#./....")
    parts = score_breakdown(board)
    assert (parts.powers_used, parts.power_penalty) == (0, 0)
    assert parts == score_breakdown(board, Difficulty.PEACEFUL, 0)


def test_a_board_with_another_character_says_which_and_where():
    with pytest.raises(ValueError) as caught:
        parse_board("12x./..../..../....")
    assert str(caught.value) == (
        "unexpected character 'x' at position 2 of board '12x./..../..../....': "
        "use 1-6 for numbers, '.' for empty, '#' for a ruin, '/' between rows"
    )


def test_a_code_and_a_file_are_compact_json():
    data = collect(games(3), Settings(Difficulty.SURVIVAL, "lt"))
    assert " " not in export_file(data)  # no space after "," or ":"
    assert zlib.decompress(base64.urlsafe_b64decode(export(data).split(".")[1] + "==")) == (
        export_file(data).replace("\n", "").encode()
    )


def test_a_code_is_its_json_compressed_at_zlibs_best_level():
    data = collect(games(30), Settings(Difficulty.SURVIVAL, "lt"))
    body = export(data).split(".")[1]
    best = zlib.compress(export_file(data).replace("\n", "").encode(), 9)
    assert body == base64.urlsafe_b64encode(best).rstrip(b"=").decode()  # 2,001 games: 1.5% less


@pytest.mark.parametrize(
    ("language", "kept"),
    [
        ("lt", "lt"),
        ("zh-Hant-TW", "zh-Hant-TW"),
        ("abc-12345678-12345678-12345678", "abc-12345678-12345678-12345678"),  # 30: the longest
        ("abc-12345678-12345678-12345678-1", None),  # a fourth subtag
        ("abc-123456789", None),  # a subtag of nine
        ("LT", None),
        ("l", None),
        ("lt_LT", None),
        ("lt-", None),
        (7, None),
    ],
)
def test_a_backups_language_is_a_language_tag_or_left_unset(language, kept):
    data = payload(collect([], Settings(Difficulty.SURVIVAL, "lt")))
    data["settings"]["language"] = language
    assert parse_file(json.dumps(data))["settings"] == Settings(Difficulty.SURVIVAL, kept)


def test_a_code_loses_only_its_padding_whatever_letter_its_body_ends_with():
    languages = ("lt", "ca", "ta", "en", None)
    datas = [
        collect(games(30)[:k], Settings(Difficulty.SURVIVAL, lang))
        for k in range(30)
        for lang in languages
    ]
    ending = [data for data in datas if export(data).split(".")[1].endswith("X")]
    assert ending  # 3 of these 150 (found when this test was written): "X" is a base64 letter
    for data in ending:
        assert parse(export(data))["history"] == data["history"]
