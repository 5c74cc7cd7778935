"""HINT and the coach: asking shows that the coach thinks, then its suggestion stands on the
board until played ("Play it") or dismissed by anything else; once a game is over, the coach
plays its dice for the game-over screen. The coach and its hints are imported on first use."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, TypeGuard

from ..effects import Effect
from ..game import Game, Phase
from ..message import Message
from .controls import Control
from .state import Part, Shared

if TYPE_CHECKING:
    from ..hints import Hint

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
#: How many steps a worked-out hint waits for a finger on the screen to lift before it lands.
FINGER_STEPS = 30


class Hints(Part):
    ACTIONS = ("hint", "apply-hint")

    def __init__(self, ui: Shared) -> None:
        super().__init__(ui)
        #: The game a hint was asked for (until worked out), and the token of the screen then.
        self.thinking: Game | None = None
        self._asked_at = -1

    def controls(self) -> dict[str, Control]:
        """HINT: while a decision waits (not choosing dice for REROLL) and no hint is shown;
        disabled while the coach thinks; never on a practice position (the coach's move is
        what she is to find). "Play it" while one is shown."""
        ui = self.ui
        deciding = ui.reroll is None and self.game.phase in (Phase.PLACING, Phase.MAGDAGDON)
        deciding = deciding and not self.session.drilling
        shown, hinted = deciding and ui.hint is None, ui.hint is not None
        return {
            "hint": Control(shown, shown and self.thinking is None),
            "apply-hint": Control(hinted, hinted),
        }

    def _press_hint(self, _: str | None) -> None:
        """Ask the coach: the page shows that it thinks, then runs :meth:`think_steps`."""
        self.thinking, self._asked_at = self.game, self.ui.token
        self.ui.message = THINKING
        self.ui.emit(Effect.THINK)

    def _still_asked(self, asked: Game | None) -> TypeGuard[Game]:
        """The hint asked for is still wanted: nothing changed the game on screen (nor put
        another on screen) since HINT, and no other question replaced it."""
        return asked is not None and asked is self.thinking and self._asked_at == self.ui.token

    def _drop(self) -> None:
        self.thinking = None
        if self.ui.message == THINKING:
            self.ui.message = None

    def think_steps(self) -> Generator[bool, None, bool]:
        """Work out the hint asked for, then show it a step later, once no finger is on the
        screen (the page runs one step per browser task, so taps made while the coach thinks
        are answered before its hint lands; each step says whether the next one may show the
        hint: the page then lets the taps made meanwhile in first).
        The hint is dropped when the game on screen changed since HINT (a tap, another tab,
        another game), checked before and after the work; True when a hint is now shown."""
        asked = self.thinking
        if not self._still_asked(asked):
            self._drop()
            return False
        from ..hints import hint_steps

        work = hint_steps(asked)  # the coach, in its steps: taps are answered in between
        while True:
            try:
                next(work)
            except StopIteration as done:
                hint: Hint = done.value
                break
            yield False
            if not self._still_asked(asked):  # the game changed while the coach thought
                self._drop()
                return False
        yield True
        for _ in range(FINGER_STEPS):  # a finger on the screen: its tap first
            if not self.ui.touching:
                break
            yield True
        if not self._still_asked(asked):
            self._drop()
            return False
        self.thinking = None
        self.session.apply("hint")  # (the game changes: the hint is tied to the new one)
        self.ui.hint = hint
        self.ui.message = None
        self.ui.emit(Effect.HINTED)
        return True

    def think(self) -> bool:
        """:meth:`think_steps` all at once (the coach's own :func:`~magdagdon.coach.run`)."""
        from ..coach import run

        return run(self.think_steps())

    def _press_apply_hint(self, _: str | None) -> None:
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

    def coach_steps(self) -> Generator[None, None, None]:
        """The coach plays the finished game's dice from the start, in its steps (the page
        lets taps in between); its score is then kept with the game and its record.
        The dice are a pure function of (seed, turn, draw): it faces the player's rolls. Its
        score is kept with the game on screen only if nothing changed it meanwhile (another
        game, another tab's): the page then asks again."""
        game, token = self.game, self.ui.token
        if not self.coach_wanted:
            return
        from ..coach import suggest_steps

        replay = Game.new(game.difficulty, game.seed)
        while not replay.is_over:
            replay = replay.play((yield from suggest_steps(replay)))
            yield
        # with the game's record always; with the game on screen only if it is still the one
        self.session.set_coach(game, replay.score, token)
        self.ui.emit(Effect.COACHED)
