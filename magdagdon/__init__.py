"""MAGDAGDON: the rules engine (pure Python) and, in ``magdagdon.web``, the browser layer.

The public rules API of RULES.md works on the board notation:

>>> from magdagdon import legal_cells, can_place, required_minimum, power_penalty, score
>>> legal_cells("3.../4.../..../....", 4)
[1, 5, 8]

A whole game is played through :class:`Game`:

>>> game = Game.new("survival", seed=1).apply("roll")
>>> game.phase.value
'placing'
"""

from .api import can_place, legal_cells, power_penalty, required_minimum, score
from .errors import (
    BadActionError,
    BelowMinimumError,
    CellNotEmptyError,
    DieUnavailableError,
    IllegalActionError,
    IllegalCellError,
    MagdagdonError,
    NoPowerLeftError,
    PowerOutOfRangeError,
    RollPlaceableError,
    SavedGameError,
    WrongPhaseError,
)
from .game import Game, Phase
from .rules import Bonus, Difficulty, ScoreBreakdown, format_board, parse_board

__all__ = [
    "legal_cells",
    "can_place",
    "required_minimum",
    "power_penalty",
    "score",
    "Game",
    "Phase",
    "Difficulty",
    "Bonus",
    "ScoreBreakdown",
    "parse_board",
    "format_board",
    "MagdagdonError",
    "IllegalActionError",
    "BadActionError",
    "WrongPhaseError",
    "DieUnavailableError",
    "IllegalCellError",
    "BelowMinimumError",
    "NoPowerLeftError",
    "PowerOutOfRangeError",
    "RollPlaceableError",
    "CellNotEmptyError",
    "SavedGameError",
]
