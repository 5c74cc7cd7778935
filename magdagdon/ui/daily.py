"""The daily roll: DAILY (today's, or back to the ordinary game), its mark while today's
waits, and AGAIN (the daily roll on screen played again, as practice). The daily module is
imported on first use."""

from __future__ import annotations

from ..session import Wish
from .controls import Control
from .state import Part

__all__ = ["Daily"]


class Daily(Part):
    ACTIONS = ("daily", "daily-again")

    def controls(self) -> dict[str, Control]:
        day = self.session.day
        again = self.game.is_over and day is not None  # the daily roll on screen is over
        return {
            "daily": Control(pressed=day is not None, marked=self.awaits),
            "daily-again": Control(again, again),
        }

    @property
    def awaits(self) -> bool:
        """Today's daily roll has not been finished here (the daily entry is marked)."""
        kept, today = self.session.daily, self.session.today()
        if kept is None:
            return True
        if kept.done is not None and kept.done >= today:  # an official daily of today is kept
            return False
        return kept.day != today or not kept.game.is_over

    def _press_daily(self, _: str | None) -> None:
        """The daily roll: today's (its game kept here, or a new one), or, while it is on
        screen, back to the ordinary game. Another day's daily in progress is ended only once
        the player agrees."""
        if self.session.day is not None:
            self.session.show_game()
            self.ui.shown()
        else:
            self.ui.ask_daily(self.session.today(), again=False)

    def _press_daily_again(self, _: str | None) -> None:
        """The daily roll on screen (over) played again, as practice."""
        day = self.session.day
        if day is not None:
            self.ui.start(Wish(self.game.difficulty, None, day))
