"""The coach's value model (magdagdon/coach.py), each part against a reference worked out here,
never against an output pasted from a run:

* the tables built while the module is imported (the 42 bonus patterns, the dice outcomes, the
  model read from the tuned weights): a test calls the function itself, since nothing else
  runs it once the module is loaded;
* the value of a line and of a board, on a model built here from made-up weights (a fresh
  model, so no value is memoised), against the formula the docstring gives;
* the code of every cell of real boards, as the module describes it.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from magdagdon import Game, coach
from magdagdon.rules import NEIGHBOURS, RUIN, Bonus, line_bonus, parse_board

from .greedy import end_turn

KIND = {
    Bonus.STRAIGHT: coach.STRAIGHT,
    Bonus.FOUR_OF_A_KIND: coach.FOUR,
    Bonus.TWO_PAIRS: coach.PAIRS,
}
POINTS = {coach.STRAIGHT: 60, coach.FOUR: 40, coach.PAIRS: 20}


# -- the tables built at import ------------------------------------------------------------------
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


# -- the code of a cell ----------------------------------------------------------------------------
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
