"""HINT and the coach: asking shows that the coach thinks, then its suggestion stands on the
board until played ("Play it") or dismissed by anything else; once a game is over, the coach
plays its dice for the game-over screen. The coach and its hints are imported on first use."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..effects import Effect
from ..game import Game, Phase
from ..message import Message
from .controls import Control
from .state import Part, Shared

__all__ = ["Hints"]

#: The effect each engine verb of a played hint makes (for the renderer's motion and words).
EFFECT_OF = {
    "stage": Effect.STAGED,
    "confirm": Effect.CONFIRMED,
    "ruin": Effect.RUINED,
    "dec": Effect.POWER,
    "inc": Effect.POWER,
    "reroll": Effect.POWER,
}
THINKING = Message("status.thinking")


class Hints(Part):
    ACTIONS = ("hint", "apply-hint")

    def __init__(self, ui: Shared) -> None:
        super().__init__(ui)
        #: The game a hint was asked for (until worked out).
        self.thinking: Game | None = None

    def controls(self) -> dict[str, Control]:
        """HINT: while a decision waits (not choosing dice for REROLL) and no hint is shown;
        disabled while the coach thinks. "Play it" while one is shown."""
        ui = self.ui
        deciding = ui.reroll is None and self.game.phase in (Phase.PLACING, Phase.MAGDAGDON)
        shown, hinted = deciding and ui.hint is None, ui.hint is not None
        return {
            "hint": Control(shown, shown and self.thinking is None),
            "apply-hint": Control(hinted, hinted),
        }

    def _press_hint(self, _: Any) -> None:
        """Ask the coach: the page shows that it thinks, then calls :meth:`think`."""
        self.thinking = self.game
        self.ui.message = THINKING
        self.ui.emit(Effect.THINK)

    def think(self) -> bool:
        """Work out the hint asked for (the coach is imported on first use). Nothing happens
        when the game changed since it was asked for; True when a hint is now shown."""
        ui = self.ui
        asked, self.thinking = self.thinking, None
        if asked is None or asked != self.game:
            if ui.message == THINKING:
                ui.message = None
            return False
        from ..hints import hint_for

        ui.hint = hint_for(asked)
        self.session.apply("hint")
        ui.message = None
        ui.emit(Effect.HINTED)
        return True

    def _press_apply_hint(self, _: Any) -> None:
        """Play the hint shown, action by action (stopping at the first the rules refuse)."""
        hint, self.ui.hint = self.ui.hint, None
        for action in hint.actions if hint else ():
            if not self.ui.apply(action, EFFECT_OF.get(action.split()[0])):
                break

    # -- the coach on a finished game ------------------------------------------------------------
    @property
    def coach_wanted(self) -> bool:
        """A game is over and the coach has not yet played its dice."""
        return self.game.is_over and self.session.coach is None

    def coach_steps(self) -> Iterator[None]:
        """The coach plays the finished game's dice from the start, one decision per step (the
        page lets taps in between steps); its score is then kept with the game and its record.
        The dice are a pure function of (seed, turn, draw): it faces the player's rolls."""
        game = self.game
        if not self.coach_wanted:
            return
        from ..coach import suggest

        replay = Game.new(game.difficulty, game.seed)
        while not replay.is_over:
            replay = replay.play(suggest(replay))
            yield
        self.session.set_coach(game, replay.score)
        self.ui.emit(Effect.COACHED)
