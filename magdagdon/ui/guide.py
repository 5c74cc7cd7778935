"""The first-game guide: on for a newcomer (or from RULES' "Show me"), it says each step of
the first turn, and ends once that turn is confirmed (or skipped)."""

from __future__ import annotations

from ..effects import Effect
from ..game import Phase
from ..message import Message
from .controls import Control
from .state import Part, Shared

__all__ = ["GUIDE_STEPS", "Guide"]

#: The first-game guide's steps, in order (the i18n keys ``guide.<step>``).
GUIDE_STEPS = ("roll", "die", "cell", "minimum", "confirm")


class Guide(Part):
    ACTIONS = ("guide", "guide-skip")

    def __init__(self, ui: Shared) -> None:
        super().__init__(ui)
        #: The guide is on, and whether a die was tapped since the roll (its second step).
        self.on = ui.session.newcomer
        self.die_tapped = False

    def controls(self) -> dict[str, Control]:
        on = self.step() is not None
        return {"guide-skip": Control(on, on)}

    def hear(self, effect: Effect) -> None:
        if effect is Effect.ROLLED:
            self.die_tapped = False
        elif effect is Effect.TAPPED:
            self.die_tapped = True
        elif effect is Effect.CONFIRMED and self.on and not self.session.drilling:
            self._end()
            self.ui.emit(Effect.GUIDED)  # its first turn played: the guide is done
            self.ui.message = Message("guide.done")  # (the status line, until the next tap)

    def step(self) -> str | None:
        """The guide's step now (one of :data:`GUIDE_STEPS`), None when it is off or has
        nothing to say (a dialog is open, MAGDAGDON, a REROLL being chosen, the game over, a
        position of practice or a puzzle on the board: they have prompts of their own)."""
        ui = self.ui
        if not self.on or ui.dialog is not None or ui.reroll is not None or self.session.drilling:
            return None
        game = self.game
        if game.phase is Phase.ROLL:
            return "roll"
        if game.phase is not Phase.PLACING:
            return None
        if not game.staged:
            return "cell" if self.die_tapped else "die"
        return "confirm" if game.can_confirm else "minimum"

    def words(self) -> Message | None:
        """What the guide says now (None: nothing, see :meth:`step`): its step's words, with
        the step's number (``n`` of ``total``) and the dice still to stage."""
        step = self.step()
        if step is None:
            return None
        params = {"n": GUIDE_STEPS.index(step) + 1, "total": len(GUIDE_STEPS)}
        return Message(f"guide.{step}", {**params, "count": self.game.still_required})

    def _press_guide(self, _: str | None) -> None:
        """RULES' "Show me": the guide on, over the game on screen."""
        self.on, self.ui.dialog = True, None
        self.die_tapped = self.game.phase is Phase.PLACING and bool(self.game.staged)

    def _press_guide_skip(self, _: str | None) -> None:
        self._end()

    def _end(self) -> None:
        """Finished or skipped: never shown again by itself."""
        self.on = False
        if not self.session.settings.guided:
            self.session.change_settings(guided=True)
