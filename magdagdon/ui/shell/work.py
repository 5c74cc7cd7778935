"""What the effects ask of the page: work in steps (the hint, the review, practice, the
coach, a restore, a game watched), sounds, and what needs her tap (copy, save, the browser's
own functions)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from ...effects import Effect, Shake
from ..commands import Call, Command, Copy, Download, Feel, Focus, Log, Steps
from ..controls import Held
from .base import Base

if TYPE_CHECKING:
    from ...game import Game

__all__ = ["WATCH_STEP_S", "Work"]

#: How long a watched game waits between its steps (s).
WATCH_STEP_S = 0.7


class Work(Base):
    """The work the effects ask for (a part of the shell)."""

    def _feel(self, effects: list[Effect | Shake | Held], before: Game) -> list[Command]:
        """The sounds and vibration of what just happened, as the settings allow and the
        throttle lets them through (never while the page is hidden)."""
        settings = self.session.settings
        if not (settings.sound or settings.vibration) or self.asleep:
            return []
        from ...sounds import DESIGNS, MIX, Throttle, cues, timeline, vibration_for

        new_best = Effect.OVER in effects and self.session.rank() == 1
        heard = [effect for effect in effects if not isinstance(effect, Held)]  # (no cue)
        played = cues(heard, before, self.ui.game, new_best=new_best)
        throttle, now = self._throttle or Throttle(), self.clock()
        self._throttle = throttle
        allowed = tuple((at, c) for at, c in timeline(played) if throttle.allow(c, now + at * 1e3))
        pattern = vibration_for([c for _, c in allowed]) if settings.vibration else []
        sounds = tuple((at, DESIGNS[cue]) for at, cue in allowed)
        return [Feel(sounds, settings.sound, tuple(pattern), MIX)] if allowed else []

    def _sound_steps(self) -> Iterator[None]:
        """What a sound needs made, a step at a time before it (the first ROLL's sound took
        the module and the noise's samples at once, 28 ms): nothing once made, or sound off."""
        if not self.session.settings.sound or self.asleep:
            return
        from ... import sounds

        yield
        yield from sounds.noise_steps()

    def _jobs(self, effect: object) -> list[Command]:
        ui = self.ui
        worked = {
            Effect.REVIEW: ("review", ui.review.steps),
            Effect.PRACTICE: ("practice", ui.practice.steps),
            Effect.PUZZLE: ("puzzle", ui.puzzles.steps),
            Effect.PUZZLE_FIND: ("puzzle-find", ui.puzzles.find_steps),
        }
        if effect in worked:
            name, steps = worked[effect]  # type: ignore[index]
            return [Steps(name, steps(), then=self.refresh, failed=self.refresh, at_mark="redraw")]
        if effect is Effect.THINK:  # (the page shows that the coach thinks first)
            think, again = ui.hints.think_steps(), self.refresh
            return [Steps("hint", think, then=again, failed=again, at_mark="taps", delay=0.05)]
        if effect is Effect.WATCH_PLAY:
            self._watching += 1
            return [self._watch(self._watching)]
        if effect is Effect.PRACTICE_SCAN and not self._scanning:
            self._scanning = True
            scan, done = ui.practice.scan_steps(), self._scanned
            return [Steps("practice-scan", scan, then=done, failed=done, at_mark="redraw")]
        if effect is Effect.IMPORT:
            restore = ui.backup.import_steps()
            return [Steps("restore", restore, then=self.refresh, failed=self._unread)]
        return self._gestures(effect)

    def _gestures(self, effect: object) -> list[Command]:
        """What needs her tap's activation: carried out within it."""
        ui = self.ui
        if effect is Effect.SHARE:
            return [self._share()]
        if effect is Effect.SEND_PUZZLE:
            return [self._send_puzzle()]
        if effect is Effect.FOCUS_IMPORT:
            return [Focus("field:import-code")]
        if effect is Effect.COPY_CODE:
            return [self._copy(ui.backup.code or "")]
        if effect is Effect.DOWNLOAD or (effect is Effect.BACKUP_NOW and self.downloads):
            from ...backup import file_of  # (imported on first use)

            return [Download(file_of(self.session), "magdagdon-backup.json")]
        if effect is Effect.BACKUP_NOW:
            return [self._copy(ui.keeping.code or "")]
        calls = {Effect.UPDATE: "magdagdonTakeOver", Effect.INSTALL: "magdagdonInstall"}
        return [Call(calls[effect])] if effect in calls else []  # type: ignore[index]

    def _copy(self, text: str) -> Copy:
        copied, failed = self._notice("backup.copied"), self._notice("backup.copy_failed")
        return Copy(text, copied, failed)

    def _scanned(self) -> list[Command]:
        self._scanning = False
        return self.refresh()

    def _unread(self) -> list[Command]:
        self.ui.backup.pending = None  # (a restore can be tried again)
        return self.refresh()

    def _watch(self, run: int) -> Steps:
        """A watched game plays on by itself, a step every WATCH_STEP_S, until paused, closed
        or at its end (a later PLAY starts its own run: this one then stops)."""

        def step() -> list[Command]:
            if run != self._watching or not self.ui.watch.tick():
                return []
            return [*self.refresh(), self._watch(run)]

        return Steps("watch", iter(()), then=step, delay=WATCH_STEP_S)

    def stdlib(
        self, data: bytes | None, warn: Callable[[str], object], error: str = ""
    ) -> list[Command]:
        """The rest of the standard library fetched (None: it could not be: ``error``),
        mounted behind the start-up part (:mod:`magdagdon.stdlib`); a module found only there,
        whenever it is imported, is named through ``warn`` (the console's)."""
        from ...stdlib import ABSENT, MISSED, mount

        if data is None:
            return [Log(ABSENT.format(error=error), warn=True)]

        def missed(name: str) -> None:
            warn(MISSED.format(name=name))

        mount(data, missed)
        return []
