"""Every rule and edge of RULES.md, through the public rules API on the board notation.

Boards are written row-major, 16 cells, `/` between rows:

     0  1  2  3
     4  5  6  7
     8  9 10 11
    12 13 14 15
"""

from __future__ import annotations

import re

import pytest

from magdagdon import can_place, legal_cells, power_penalty, required_minimum, score
from magdagdon.rules import (
    Difficulty,
    explain_cell,
    is_whole,
    legal_cells_by_value,
    parse_board,
    score_breakdown,
)

EMPTY_BOARD = "..../..../..../...."
ALL_CELLS = list(range(16))


def row0(line: str) -> str:
    """A board whose top row is ``line`` and which is empty elsewhere."""
    return f"{line}/..../..../...."


def col0(line: str) -> str:
    """A board whose left column is ``line`` (top to bottom) and which is empty elsewhere."""
    return "/".join(f"{ch}..." for ch in line)


# -- board notation -------------------------------------------------------------------------------
def test_rules_md_example_board_is_read_row_major():
    # "1234/2345/..#./....": rows 1234 (sum 10, STRAIGHT) and 2345 (sum 14, STRAIGHT).
    # base: every number twice = 2 * (10 + 14) = 48; bonuses 60 + 60; one ruin -15
    # 48 + 120 - 15 = 153
    assert score("1234/2345/..#./....") == 153


def test_slashes_between_rows_are_ignored():
    with_slashes = "3.../4.../..../...."
    without = "3...4..........."
    assert legal_cells(with_slashes, 3) == legal_cells(without, 3) == [1, 5, 8]
    assert score("1234/2345/..#./....") == score("12342345..#.....")


@pytest.mark.parametrize(
    ("board", "bad"),
    [
        ("1234/2345/..#./...x", "x"),
        ("0.../..../..../....", "0"),
        ("7.../..../..../....", "7"),
        (".... /..../..../....", " "),
        ("-.../..../..../....", "-"),
        ("*.../..../..../....", "*"),
    ],
)
def test_any_other_character_is_a_value_error_naming_it(board, bad):
    for call in (
        lambda: legal_cells(board, 3),
        lambda: can_place(board, [3], 1),
        lambda: required_minimum("peaceful", board),
        lambda: score(board),
    ):
        with pytest.raises(ValueError, match=re.escape(repr(bad))):
            call()


@pytest.mark.parametrize(
    "board",
    ["", "1234", "..../..../..../...", "..../..../..../.....", "/".join(["...."] * 5)],
)
def test_a_board_that_is_not_16_cells_is_a_value_error(board):
    with pytest.raises(ValueError, match="16 cells"):
        score(board)
    with pytest.raises(ValueError, match="16 cells"):
        legal_cells(board, 1)


def test_a_board_that_is_not_text_is_a_value_error():
    with pytest.raises(ValueError):
        score(None)  # type: ignore[arg-type]


# -- legal placement -------------------------------------------------------------------------------
@pytest.mark.parametrize("value", range(1, 7))
def test_first_die_of_the_game_may_go_on_any_empty_cell(value):
    assert legal_cells(EMPTY_BOARD, value) == ALL_CELLS


@pytest.mark.parametrize("value", range(1, 7))
def test_first_die_after_a_ruin_only_board_may_go_on_any_empty_cell(value):
    # Ruins are not numbers: the board still holds "no number at all".
    assert legal_cells("#..#/..../.#../....", value) == [1, 2, 4, 5, 6, 7, 8, *range(10, 16)]


def test_a_die_never_goes_on_a_ruin_or_a_number():
    board = "3#../#.../..../...."
    assert 0 not in legal_cells(board, 3)
    assert 1 not in legal_cells(board, 3)
    assert 4 not in legal_cells(board, 3)


def test_later_dice_must_touch_a_number_orthogonally():
    # A lone 3 in cell 5: up 1, down 9, left 4, right 6.
    assert legal_cells("..../.3../..../....", 3) == [1, 4, 6, 9]


def test_diagonal_contact_does_not_connect():
    legal = legal_cells("..../.3../..../....", 3)
    for diagonal in (0, 2, 8, 10):
        assert diagonal not in legal


def test_no_wrap_around_across_rows():
    # Cell 3 ends row 0 and cell 4 starts row 1: they are not neighbours.
    assert legal_cells("...3/..../..../....", 3) == [2, 7]
    assert legal_cells("..../3.../..../....", 3) == [0, 5, 8]


def test_no_wrap_around_between_top_and_bottom_rows():
    assert legal_cells("..../..../..../3...", 3) == [8, 13]
    assert legal_cells("3.../..../..../....", 3) == [1, 4]


@pytest.mark.parametrize(("value", "legal"), [(v, abs(v - 3) <= 1) for v in range(1, 7)])
def test_a_die_may_differ_by_at_most_one_from_an_adjacent_number(value, legal):
    assert legal_cells("..../.3../..../....", value) == ([1, 4, 6, 9] if legal else [])


def test_equal_values_are_allowed():
    assert legal_cells("6.../..../..../....", 6) == [1, 4]
    assert legal_cells("1.../..../..../....", 1) == [1, 4]


@pytest.mark.parametrize("value", range(1, 7))
def test_cell_touching_3_and_4_accepts_only_3_or_4(value):
    # RULES.md's example: cell 1 touches a 3 (cell 0) and a 4 (cell 5).
    board = "3.../.4../..../...."
    assert (1 in legal_cells(board, value)) == (value in (3, 4))


@pytest.mark.parametrize("value", range(1, 7))
def test_a_die_must_suit_every_adjacent_number_not_just_one(value):
    # Cell 1 touches a 2 (cell 0) and a 4 (cell 2): only a 3 is within 1 of both.
    board = "2.4./..../..../...."
    assert (1 in legal_cells(board, value)) == (value == 3)


def test_ruins_neither_connect_nor_constrain():
    # Cell 2 touches only the ruin: not connected. Cell 1 touches the 3 and the ruin: the 3
    # alone decides (a ruin is not a 1 or a 6 that would constrain it).
    board = "3.#./..../..../...."
    assert 3 not in legal_cells(board, 3)  # cell 3 touches the ruin only
    assert 6 not in legal_cells(board, 3)  # so does cell 6
    for value in (2, 3, 4):
        assert legal_cells(board, value) == [1, 4]
    for value in (1, 5, 6):
        assert legal_cells(board, value) == []


def test_a_cell_next_to_ruins_only_is_not_connected():
    assert legal_cells("3.../..../.#../....", 3) == [1, 4]
    assert legal_cells("3#../#.../..../....", 3) == []


def test_legal_cells_are_sorted():
    cells = legal_cells("..../.3../..3./....", 3)
    assert cells == sorted(cells) == [1, 4, 6, 9, 11, 14]


def test_staged_numbers_written_into_the_board_count_for_the_next_die():
    # 1 in cell 0 alone: a 3 has nowhere to go; with a staged 2 in cell 1 it may touch the 2.
    assert legal_cells("1.../..../..../....", 3) == []
    assert legal_cells("12../..../..../....", 3) == [2, 5]


@pytest.mark.parametrize("value", [0, 7, -1, 2.5, "3", None])
def test_die_values_outside_1_to_6_are_value_errors(value):
    with pytest.raises(ValueError):
        legal_cells(EMPTY_BOARD, value)
    with pytest.raises(ValueError):
        can_place(EMPTY_BOARD, [3, value], 1)
    with pytest.raises(ValueError, match=re.escape(f"a die shows 1 to 6, not {value!r}")):
        legal_cells_by_value(parse_board(EMPTY_BOARD), [3, value])


def test_legal_cells_by_value_answers_every_distinct_value_of_a_roll_at_once():
    board = "3.../4.../..../...."
    cells = legal_cells_by_value(parse_board(board), (5, 3, 5, 1))
    assert list(cells) == [5, 3, 1]  # each value once, in order of first appearance
    assert {v: list(c) for v, c in cells.items()} == {v: legal_cells(board, v) for v in cells}


@pytest.mark.parametrize(
    ("value", "low", "high", "whole"),
    [
        (3, None, None, True),
        (-3, None, None, True),
        (0, 0, None, True),
        (-1, 0, None, False),
        (6, 1, 6, True),
        (7, 1, 6, False),
        (True, None, None, False),  # a bool is not a number here, though Python says it is
        (False, 0, 1, False),
        (3.0, None, None, False),
        ("3", None, None, False),
        (None, None, None, False),
    ],
)
def test_is_whole_means_an_int_not_a_bool_within_the_bounds(value, low, high, whole):
    assert is_whole(value, low, high) is whole


# -- can_place -------------------------------------------------------------------------------------
def test_can_place_order_matters_a_placed_die_counts_for_the_next():
    board = "1.../..../..../...."
    # The 3 can only follow a 2 (it may not touch the 1): 2 then 3 works.
    assert can_place(board, [3, 2], 2)
    assert not can_place(board, [3], 1)
    assert not can_place(board, [3, 6, 6, 5], 2)


def test_can_place_chains_through_earlier_placements():
    # 2 next to the 1, 3 next to the 2, 4 next to the 3, 5 next to the 4.
    assert can_place("1.../..../..../....", [5, 4, 3, 2], 4)
    assert not can_place("1.../..../..../....", [5, 4, 3, 3], 1)


def test_can_place_uses_each_die_at_most_once():
    board = "1.../..../..../...."
    assert can_place(board, [2], 1)
    assert not can_place(board, [2], 2)  # two cells accept a 2, but there is one die
    assert not can_place(board, [2, 6], 2)


def test_can_place_counts_duplicate_values_as_separate_dice():
    board = "1.../..../..../...."
    assert can_place(board, [2, 2], 2)
    assert can_place(board, [2, 2, 2, 2], 4)
    assert can_place(board, [2, 2, 3, 3], 4)
    assert not can_place(board, [5, 5], 1)


def test_can_place_more_than_the_dice_is_false():
    assert not can_place(EMPTY_BOARD, [3, 3], 3)


def test_can_place_more_than_the_empty_cells_is_false():
    assert can_place("1111/1111/1111/111.", [1, 1, 1, 1], 1)
    assert not can_place("1111/1111/1111/111.", [1, 1, 1, 1], 2)


def test_can_place_required_zero_is_always_true():
    assert can_place("1111/1111/1111/1111", [6, 6, 6, 6], 0)
    assert can_place("1.../..../..../....", [6, 6, 6, 6], 0)
    assert can_place(EMPTY_BOARD, [], 0)


def test_can_place_all_placed_dice_join_one_field_from_the_first_die():
    # First die anywhere, but every later die must touch a number: a 1 and a 6 never meet.
    assert can_place(EMPTY_BOARD, [1, 1, 6, 6], 2)
    assert not can_place(EMPTY_BOARD, [1, 1, 6, 6], 3)
    assert can_place(EMPTY_BOARD, [1, 3, 2, 6], 3)  # 1, then 2, then 3


def test_can_place_after_a_ruin_only_board_is_like_the_first_die():
    # Only cells 14 and 15 are empty, and they are neighbours.
    assert can_place("####/####/####/##..", [1, 2, 6, 6], 2)  # 1 then 2, or 6 then 6
    assert not can_place("####/####/####/##..", [1, 3, 6], 2)  # no two within 1


def test_enclosed_empty_cells_are_unreachable():
    # Cell 0 is cut off by ruins (cells 1 and 4) and the edges.
    board = ".#33/#333/3333/3333"
    assert legal_cells(board, 3) == []
    assert not can_place(board, [3, 3, 3, 3], 1)


def test_enclosed_cells_do_not_help_reach_the_minimum_elsewhere():
    # Cells 0 (enclosed) and 15 (next to a 3) are empty: only one die can be placed.
    board = ".#33/#333/3333/333."
    assert legal_cells(board, 3) == [15]
    assert can_place(board, [3, 3, 3, 3], 1)
    assert not can_place(board, [3, 3, 3, 3], 2)


# -- required minimum ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("difficulty", "board", "expected"),
    [
        ("peaceful", EMPTY_BOARD, 2),
        ("survival", EMPTY_BOARD, 2),
        ("nightmare", EMPTY_BOARD, 3),
        ("nightmare", "1234/2345/3456/4...", 3),
        ("nightmare", "1234/2345/3456/45..", 2),  # the last two cells need 2
        ("nightmare", "1234/2345/3456/456.", 1),  # the last cell needs 1
        ("peaceful", "1234/2345/3456/456.", 1),
        ("survival", "1234/2345/3456/456.", 1),
        ("nightmare", "1234/2345/3456/4565", 0),
    ],
)
def test_required_minimum_is_the_difficulty_minimum_capped_by_empty_cells(
    difficulty, board, expected
):
    assert required_minimum(difficulty, board) == expected


def test_required_minimum_ruins_are_not_empty_cells():
    assert required_minimum("nightmare", "####/####/####/##..") == 2
    assert required_minimum("nightmare", "####/####/####/###.") == 1
    assert required_minimum("nightmare", "####/####/####/#...") == 3


@pytest.mark.parametrize("name", ["NIGHTMARE", "Nightmare", "nIgHtMaRe", "nightmare"])
def test_difficulty_names_are_case_insensitive(name):
    assert required_minimum(name, EMPTY_BOARD) == 3
    assert power_penalty(name, 0) == 0
    assert score("1234/..../..../....", name) == 80


@pytest.mark.parametrize("name", ["easy", "", "peace", "hard", None])
def test_unknown_difficulty_is_a_value_error(name):
    with pytest.raises(ValueError, match="difficulty"):
        required_minimum(name, EMPTY_BOARD)
    with pytest.raises(ValueError, match="difficulty"):
        power_penalty(name, 0)
    with pytest.raises(ValueError, match="difficulty"):
        score(EMPTY_BOARD, name)


# -- power penalty ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("difficulty", "uses", "penalty"),
    [
        ("peaceful", 0, 0),
        ("peaceful", 1, 10),
        ("peaceful", 2, 30),  # 10 + 20
        ("peaceful", 3, 70),  # 10 + 20 + 40
        ("survival", 0, 0),
        ("survival", 1, 70),
        ("nightmare", 0, 0),
    ],
)
def test_power_penalty_is_cumulative_by_order_of_use(difficulty, uses, penalty):
    assert power_penalty(difficulty, uses) == penalty


@pytest.mark.parametrize(
    ("difficulty", "uses"),
    [("peaceful", 4), ("survival", 2), ("nightmare", 1), ("peaceful", -1), ("survival", 1.0)],
)
def test_more_power_uses_than_the_difficulty_has_is_a_value_error(difficulty, uses):
    with pytest.raises(ValueError):
        power_penalty(difficulty, uses)
    with pytest.raises(ValueError):
        score(EMPTY_BOARD, difficulty, uses)


# -- scoring ---------------------------------------------------------------------------------------
def test_empty_board_scores_zero():
    assert score(EMPTY_BOARD) == 0


@pytest.mark.parametrize("cell", [0, 5, 10, 15, 3, 12])
@pytest.mark.parametrize("value", [1, 4, 6])
def test_every_number_counts_twice_once_in_its_row_once_in_its_column(cell, value):
    board = ["."] * 16
    board[cell] = str(value)
    assert score("".join(board)) == 2 * value


def test_lines_add_the_sum_of_their_numbers():
    # 1 + 2 + 3 + 4 on four different rows and columns (a diagonal is not a line): 2 * 10
    assert score("1.../.2../..3./...4") == 20


@pytest.mark.parametrize("line", ["1234", "2345", "3456", "4321", "5432", "6543"])
def test_straight_in_a_row_read_in_board_order_either_direction(line):
    # base 2 * sum (row once, each column once) + STRAIGHT 60
    assert score(row0(line)) == 2 * sum(map(int, line)) + 60


@pytest.mark.parametrize("line", ["1234", "4321", "3456", "6543"])
def test_straight_in_a_column_read_top_to_bottom_either_direction(line):
    assert score(col0(line)) == 2 * sum(map(int, line)) + 60


@pytest.mark.parametrize("line", ["1324", "2134", "1243", "4231", "1235", "2346", "1256"])
def test_four_different_values_out_of_order_or_with_a_gap_are_not_a_straight(line):
    assert score(row0(line)) == 2 * sum(map(int, line))


@pytest.mark.parametrize("value", range(1, 7))
def test_four_of_a_kind(value):
    # e.g. 3333: 2 * 12 + 40 = 64
    assert score(row0(str(value) * 4)) == 2 * 4 * value + 40
    assert score(col0(str(value) * 4)) == 2 * 4 * value + 40


@pytest.mark.parametrize("line", ["3443", "3344", "3434", "4334", "4433", "4343"])
def test_two_pairs_in_any_positions(line):
    # 3 + 4 + 4 + 3 = 14: 2 * 14 + 20 = 48
    assert score(row0(line)) == 48
    assert score(col0(line)) == 48


def test_two_pairs_of_distant_values():
    # 1 + 1 + 6 + 6 = 14: 2 * 14 + 20 = 48
    assert score(row0("1616")) == 48


@pytest.mark.parametrize("line", ["3334", "4333", "3433", "3343"])
def test_three_of_a_kind_and_one_other_has_no_bonus(line):
    # 3 + 3 + 3 + 4 = 13: 2 * 13 = 26
    assert score(row0(line)) == 26


def test_four_values_with_one_pair_has_no_bonus():
    # 1 + 1 + 2 + 6 = 10: 2 * 10 = 20
    assert score(row0("1126")) == 20


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("123#", 2 * 6 - 15),  # would be three of a straight: sum 6 twice, no bonus, ruin -15
        ("#234", 2 * 9 - 15),
        ("33#3", 2 * 9 - 15),  # would be four of a kind
        ("3#43", 2 * 10 - 15),  # would be two pairs
    ],
)
def test_a_line_with_a_ruin_adds_its_numbers_but_gets_no_bonus(line, expected):
    assert score(row0(line)) == expected


@pytest.mark.parametrize("line", ["123.", ".234", "33.3", "3.43"])
def test_a_line_with_an_empty_cell_adds_its_numbers_but_gets_no_bonus(line):
    assert score(row0(line)) == 2 * sum(int(c) for c in line if c != ".")


def test_a_ruin_in_the_crossing_column_does_not_cancel_a_row_bonus():
    # Row 0 "1234" is full and numeric: STRAIGHT. Column 0 (1, #) gets no bonus anyway.
    # base 2 * 10 = 20, + 60, - 15 = 65
    assert score("1234/#.../..../....") == 65


@pytest.mark.parametrize("ruins", [1, 2, 5, 16])
def test_each_ruin_costs_15(ruins):
    board = "#" * ruins + "." * (16 - ruins)
    assert score(board) == -15 * ruins


def test_power_penalties_are_subtracted():
    # "1234" row: 2 * 10 + 60 = 80
    assert score(row0("1234"), "peaceful", 0) == 80
    assert score(row0("1234"), "peaceful", 1) == 80 - 10
    assert score(row0("1234"), "peaceful", 2) == 80 - 30
    assert score(row0("1234"), "peaceful", 3) == 80 - 70
    assert score(row0("1234"), "survival", 1) == 80 - 70
    assert score(row0("1234"), "nightmare", 0) == 80


def test_score_defaults_to_peaceful_without_powers():
    assert score(row0("1234")) == score(row0("1234"), "peaceful", 0) == 80


def test_final_score_may_be_negative():
    # one 1 (2 * 1 = 2), two ruins (-30), the SURVIVAL power (-70): 2 - 30 - 70 = -98
    assert score("1#../#.../..../....", "survival", 1) == -98


def test_each_line_earns_its_own_single_best_bonus():
    # Rows 1234 are STRAIGHTs (4 * 60), columns 1111 / 2222 / 3333 / 4444 FOUR OF A KIND (4 * 40).
    # base: every number twice = 2 * (4 * 10) = 80; 80 + 240 + 160 = 480
    assert score("1234/1234/1234/1234") == 480


def test_a_full_board_of_two_pairs():
    # Rows 3443, 4334, 4334, 3443 and the same columns: 8 * TWO PAIRS = 160.
    # base 2 * (4 * 14) = 112; 112 + 160 = 272
    assert score("3443/4334/4334/3443") == 272


def test_a_full_board_mixing_bonuses_ruins_and_powers():
    # rows:    1234 STRAIGHT 10+60 | 2222 FOUR 8+40 | 3443 TWO PAIRS 14+20 | #554 ruin 14
    # columns: 123# ruin 6 | 2245 13 | 3245 14 | 4234 13 (one pair only)
    # base 10 + 8 + 14 + 14 + 6 + 13 + 14 + 13 = 92; bonuses 60 + 40 + 20 = 120
    # 92 + 120 - 15 (one ruin) - 10 (one PEACEFUL power) = 187
    assert score("1234/2222/3443/#554", "peaceful", 1) == 187


# -- the public functions at their edges ---------------------------------------------------------
ONE = "1.../..../..../...."


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
