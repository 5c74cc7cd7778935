"""The moves of a finished game, written one or two characters each (a history record's moves).

A staged die, the commonest move, is one character of ``A-Z a-z 0-9 - _`` (number
``16 × die + cell``); every other move is a sign, followed by one hexadecimal digit when it
names a die, a cell or a set of dice::

    .  roll        !  confirm     @  accept      /  cancel     ~  clear      ?  hint
    #C ruin C      <D dec D       >D inc D       ^D unstage D  %M reroll (M: bit D for die D)

>>> encode_moves(["roll", "stage 0 5", "stage 1 6", "confirm", "hint", "reroll 0 2", "ruin 10"])
'.FW!?%5#a'
>>> decode_moves('.FW!?%5#a')[-2:]
('reroll 0 2', 'ruin 10')

Each sign stands for one move, never for an argument: counting a sign's characters counts its
moves (:func:`magdagdon.played.decode` counts the turns, powers and hints so).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .game import DICE
from .rules import CELLS, RUIN

__all__ = [
    "MAX_MOVES",
    "SIGNS",
    "encode_moves",
    "decode_moves",
    "split_moves",
    "moves_of",
    "ruined_cells",
    "ruin_mask",
]

#: The most moves one record may hold (as a saved game).
MAX_MOVES = 500

_STAGES = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_HEX = "0123456789abcdef"


def _move_tokens() -> dict[str, str]:
    """Every move a record may hold, in canonical notation, and its characters."""
    tokens = {"roll": ".", "confirm": "!", "accept": "@", "cancel": "/", "clear": "~"}
    tokens["hint"] = "?"
    for die in range(DICE):
        for cell in range(CELLS):
            tokens[f"stage {die} {cell}"] = _STAGES[CELLS * die + cell]
        for verb, sign in (("dec", "<"), ("inc", ">"), ("unstage", "^")):
            tokens[f"{verb} {die}"] = sign + _HEX[die]
    for cell in range(CELLS):
        tokens[f"ruin {cell}"] = "#" + _HEX[cell]
    for mask in range(1, 1 << DICE):
        dice = " ".join(str(d) for d in range(DICE) if mask >> d & 1)
        tokens[f"reroll {dice}"] = "%" + _HEX[mask]
    return tokens


_TOKEN_OF = _move_tokens()
_MOVE_OF = {token: move for move, token in _TOKEN_OF.items()}
_TOKEN = r"[A-Za-z0-9_\-.!@/~?]|#[0-9a-f]|[<>^][0-3]|%[1-9a-f]"
_TOKENS_RE = re.compile(_TOKEN)
_MOVES_RE = re.compile(f"(?:{_TOKEN})*")
_RUIN_RE = re.compile("#([0-9a-f])")
#: The first character of every move that is not a staged die.
SIGNS = ".!@/~?#<>^%"


def encode_moves(moves: Iterable[str]) -> str:
    """The moves (canonical action notation) in one or two characters each; ``ValueError`` for
    anything else.

    >>> encode_moves(["roll", "stage 3 15", "confirm"])
    '._!'
    """
    try:
        return "".join(_TOKEN_OF[move] for move in moves)
    except (KeyError, TypeError):
        raise ValueError(f"not a move a record can hold in {moves!r:.80}") from None


def split_moves(text: object) -> list[str]:
    """The characters of each move of ``text`` (at most :data:`MAX_MOVES`, the text at most
    twice that long); ``ValueError`` for anything else.

    >>> split_moves(".A<2!")
    ['.', 'A', '<2', '!']
    """
    if not isinstance(text, str) or len(text) > 2 * MAX_MOVES or not _MOVES_RE.fullmatch(text):
        raise ValueError(f"not a record's moves: {text!r:.80}")
    tokens = _TOKENS_RE.findall(text)
    if len(tokens) > MAX_MOVES:
        raise ValueError(f"more than {MAX_MOVES} moves")
    return tokens


def decode_moves(text: str) -> tuple[str, ...]:
    """The moves :func:`encode_moves` wrote; ``ValueError`` for anything else.

    >>> decode_moves(".A<2!")
    ('roll', 'stage 0 0', 'dec 2', 'confirm')
    """
    return moves_of(split_moves(text))


def moves_of(tokens: Iterable[str]) -> tuple[str, ...]:
    """The moves of the pieces :func:`split_moves` cut."""
    return tuple(_MOVE_OF[token] for token in tokens)


def ruined_cells(text: str) -> list[int]:
    """The cells the moves ``text`` ruin, in their order.

    >>> ruined_cells(".@#0.BSl!.@#6")
    [0, 6]
    """
    return [int(cell, 16) for cell in _RUIN_RE.findall(text)]


def ruin_mask(board: Sequence[int]) -> int:
    """Where the ruins of ``board`` fell, as a record keeps it: bit ``i`` for cell ``i``."""
    return sum(1 << cell for cell, value in enumerate(board) if value == RUIN)
