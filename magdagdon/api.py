"""The public rules API of RULES.md, on the board notation (``"1234/2345/..#./...."``).

Staged placements are written into the board as numbers. Bad arguments raise ``ValueError``.
"""

from __future__ import annotations

from .rules import Difficulty, can_place_on, legal_cells_by_value, parse_board, score_breakdown

__all__ = ["legal_cells", "can_place", "required_minimum", "power_penalty", "score"]


def legal_cells(board: str, value: int) -> list[int]:
    """Sorted cell indices where a die of ``value`` may be staged now.

    On a board with no number at all, any EMPTY cell:

    >>> legal_cells("..../..../..#./....", 6)
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15]

    Otherwise an EMPTY cell touching a number and within 1 of every number it touches:

    >>> legal_cells("3.../4.../..../....", 3)
    [1, 5, 8]
    >>> legal_cells("3.../4.../..../....", 5)
    [5, 8]
    """
    return list(legal_cells_by_value(parse_board(board), (value,))[value])


def can_place(board: str, dice: list[int], required: int) -> bool:
    """True when some order of legal placements places ``required`` of ``dice``.

    >>> can_place("1.../..../..../....", [3, 2, 6, 6], 2)
    True
    >>> can_place("1.../..../..../....", [3, 6, 6, 5], 2)
    False
    """
    return can_place_on(parse_board(board), dice, required)


def required_minimum(difficulty: str, board: str) -> int:
    """min(the difficulty's minimum, EMPTY cells of the committed board).

    >>> required_minimum("NIGHTMARE", "1234/2345/3456/45..")
    2
    >>> required_minimum("peaceful", "..../..../..../....")
    2
    """
    return Difficulty.parse(difficulty).required_minimum(parse_board(board))


def power_penalty(difficulty: str, uses: int) -> int:
    """Total Majda Power penalty after ``uses`` powers (a positive number).

    >>> [power_penalty("peaceful", n) for n in range(4)]
    [0, 10, 30, 70]
    >>> power_penalty("survival", 1)
    70
    """
    return Difficulty.parse(difficulty).power_penalty(uses)


def score(board: str, difficulty: str = "peaceful", powers_used: int = 0) -> int:
    """Base + line bonuses − 15 per ruin − the power penalty (the running score if unfinished).

    >>> score("1234/1234/1234/1234")  # 4 straights + 4 four-of-a-kinds
    480
    >>> score("1234/..../..../...#", "survival", 1)  # 20 + 60 - 15 - 70
    -5
    """
    return score_breakdown(parse_board(board), Difficulty.parse(difficulty), powers_used).total
