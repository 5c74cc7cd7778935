"""Watching a finished game (a best score's, or one of the last games): step by step, back
and forward (the arrow keys too), or playing on by itself. The history and the replay are
imported on first use."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..effects import Effect
from .controls import Control
from .state import Part, Shared, named

if TYPE_CHECKING:
    from ..replay import Step

__all__ = ["Watch", "WatchView"]


@dataclass(frozen=True)
class WatchView:
    """One step of the game watched (:func:`magdagdon.replay.steps`): the step, its place
    ``at`` of ``last``, whether it plays on by itself, whether BACK and FORWARD step."""

    step: Step
    at: int
    last: int
    playing: bool
    back: bool
    forward: bool


class Watch(Part):
    ACTIONS = ("watch", "watch-back", "watch-forward", "watch-play")
    DIALOGS = ("watch",)
    #: The keys that step through the game watched (while its dialog is open).
    KEYS: ClassVar[dict[str, str]] = {"ArrowLeft": "watch-back", "ArrowRight": "watch-forward"}

    def __init__(self, ui: Shared) -> None:
        super().__init__(ui)
        #: The game watched: its steps, the one on show, whether it plays on by itself.
        self.watched: list[Step] | None = None
        self.at = 0
        self.playing = False

    def controls(self) -> dict[str, Control]:
        watching = self.ui.dialog == "watch" and self.watched is not None
        last = len(self.watched) - 1 if self.watched else 0
        return {
            "watch-back": Control(enabled=watching and self.at > 0),
            "watch-forward": Control(enabled=watching and self.at < last),
            "watch-play": Control(enabled=watching, pressed=self.playing),
        }

    def hear(self, effect: Effect) -> None:
        if effect is Effect.CLOSING:
            self.watched, self.playing = None, False

    def view(self, dialog: str) -> WatchView | None:
        if not self.watched:
            return None
        last = len(self.watched) - 1
        step = self.watched[self.at]
        return WatchView(step, self.at, last, self.playing, self.at > 0, self.at < last)

    def _press_watch(self, value: str | None) -> None:
        """Watch a game: ``value`` is ``"difficulty:rank"`` (a best-scores line) or
        ``"game:n"`` (the n-th game of the history, from 1)."""
        from ..replay import steps

        played = named(self.session, value)
        if played is None or played.seed is None:  # (named gives only games with a seed)
            return
        self.watched = steps(played.difficulty, played.seed, played.moves)
        self.at, self.playing = 0, False
        self.ui.dialog = "watch"

    def _press_watch_back(self, _: str | None) -> None:
        self.at -= 1
        self.playing = False

    def _press_watch_forward(self, _: str | None) -> None:
        self.at += 1
        self.playing = False

    def _press_watch_play(self, _: str | None) -> None:
        """Play on by itself (from the start again once at the end), or pause."""
        self.playing = not self.playing
        if self.playing:
            if self.at == len(self.watched or ()) - 1:
                self.at = 0
            self.ui.emit(Effect.WATCH_PLAY)

    def tick(self) -> bool:
        """One step on while playing; False once it stops (at the end, paused or closed)."""
        if not (self.playing and self.ui.dialog == "watch" and self.watched):
            return False
        self.at = min(self.at + 1, len(self.watched) - 1)
        self.playing = self.at < len(self.watched) - 1
        return True
