"""Every way an action or a saved value can be refused, as ``ValueError`` subclasses.

Each error carries a ``code`` (a key under ``error.`` in ``i18n/*.json``) and ``params`` so the
interface can say it in the player's language; ``str(error)`` is a clear English message for
developers, tests and bug reports.
"""

from __future__ import annotations

__all__ = [
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


class MagdagdonError(ValueError):
    """Base of every refusal; ``code`` names it for translation, ``params`` fill it in."""

    code = "error"

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(message)
        self.params = params


class IllegalActionError(MagdagdonError):
    """An action the rules do not allow now; the game is left exactly as it was."""

    code = "illegal"


class BadActionError(IllegalActionError):
    """The action is not written in the action notation at all."""

    code = "bad-action"


class WrongPhaseError(IllegalActionError):
    """The action does not belong to this phase of the turn (e.g. CONFIRM before ROLL)."""

    code = "wrong-phase"


class DieUnavailableError(IllegalActionError):
    """The die is staged already (take it back first), or not staged, or does not exist."""

    code = "die-unavailable"


class IllegalCellError(IllegalActionError):
    """The die may not be staged on that cell; ``params['reason']`` says why."""

    code = "illegal-cell"


class BelowMinimumError(IllegalActionError):
    """CONFIRM with fewer staged dice than the required minimum."""

    code = "below-minimum"


class NoPowerLeftError(IllegalActionError):
    """Every Majda Power of the difficulty has been used (or it has none)."""

    code = "no-power-left"


class PowerOutOfRangeError(IllegalActionError):
    """−1 on a 1 or +1 on a 6: a die stays within 1..6."""

    code = "power-out-of-range"


class RollPlaceableError(IllegalActionError):
    """Accepting MAGDAGDON while the roll can be placed."""

    code = "roll-placeable"


class CellNotEmptyError(IllegalActionError):
    """A ruin may only be made of an EMPTY cell of the committed board."""

    code = "cell-not-empty"


class SavedGameError(MagdagdonError):
    """A saved game that is malformed, truncated, foreign or inconsistent: nothing is loaded."""

    code = "saved-game"
