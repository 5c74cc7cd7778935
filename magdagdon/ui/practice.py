"""PRACTISE: a costly decision of her own finished games (:mod:`magdagdon.practice`) put back
on the board, played as in a game, and graded by the review's value function in the coach's
steps (the page answers taps meanwhile); the verdict says whether she played it as the coach
would, and if not shows the coach's move and what hers gave up. The positions waiting come one
after another; they come back after growing intervals until they are learned.

The review, the coach and the practice module are imported on first use."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..effects import Effect
from ..steps import worked
from .controls import Control
from .state import Part, Shared

if TYPE_CHECKING:
    from ..coach import Steps
    from ..game import Game
    from ..played import Played
    from ..practice import Counts
    from ..review import Decision

__all__ = ["Practice", "PracticeView"]

#: What commits a decision, by the effect the play makes (the review's own cut).
_COMMITS = (Effect.CONFIRMED, Effect.RUINED, Effect.POWER)


@dataclass(frozen=True)
class PracticeView:
    """What the practice dialog shows: nothing waiting (``decision`` None, not ``grading``),
    her answer being graded, or the verdict (``decision``: her answer priced, the coach's move
    beside it); ``left``: positions still waiting after this one; ``day``: the day of the game
    the position comes from."""

    grading: bool
    decision: Decision | None
    solved: bool
    left: int
    day: str | None
    counts: Counts


@dataclass(frozen=True)
class _Drill:
    name: str
    played: Played
    before: Game


class Practice(Part):
    ACTIONS = ("practise", "practice-again", "practice-next", "practice-leave")
    DIALOGS = ("practice",)

    def __init__(self, ui: Shared) -> None:
        super().__init__(ui)
        self.queue: list[str] = []
        self.drill: _Drill | None = None
        self.verdict: Decision | None = None
        self.grading: Steps[Decision] | None = None
        self._opening = False
        #: The review last noted (see :meth:`hear`) and its game's positions.
        self._noted: object = None
        self._reviewed_names: frozenset[str] = frozenset()

    # -- what can be pressed --------------------------------------------------------------------
    def controls(self) -> dict[str, Control]:
        drilling = self.drill is not None and self.session.drilling
        verdict = drilling and self.verdict is not None
        dialog, daily = self.ui.dialog, self.session.day is not None
        offers = dialog in ("stats", "review") or (dialog == "over" and daily)  # (daily's end)
        waiting = self.counts().waiting if offers else 0
        return {
            "practise": Control(enabled=waiting > 0),
            "practice-again": Control(verdict, verdict),
            "practice-next": Control(verdict, verdict and bool(self._rest())),
            "practice-leave": Control(drilling, drilling and self.grading is None),
        }

    def counts(self) -> Counts:
        """The practice record's figures today."""
        return self.ui.practice.record.counts(self.session.today())

    def _reviewed(self) -> list[str]:
        """The positions of the game last reviewed that wait today."""
        names, today = self._reviewed_names, self.session.today()
        if not names:
            return []
        return [c.id for c in self.ui.practice.record.waiting(today) if c.id in names]

    def _rest(self) -> list[str]:
        """The positions waiting after the one on the board."""
        current = None if self.drill is None else self.drill.name
        today = self.session.today()
        waiting = {c.id for c in self.ui.practice.record.waiting(today)}
        return [name for name in self.queue if name != current and name in waiting]

    # -- what the dialog shows ------------------------------------------------------------------
    def view(self, dialog: str) -> PracticeView:
        decision = self.verdict
        from ..practice import SOLVED_BELOW

        return PracticeView(
            grading=self.grading is not None,
            decision=decision,
            solved=decision is not None and decision.loss < SOLVED_BELOW,
            left=len(self._rest()),
            day=None if self.drill is None else self.drill.played.date[:10],
            counts=self.counts(),
        )

    # -- following the game ---------------------------------------------------------------------
    def hear(self, effect: Effect) -> None:
        ui = self.ui
        if effect in _COMMITS and self.drill is not None and self.session.drilling:
            self._answered()
        elif effect is Effect.SHOWN and not self._opening:
            self._stop()
        elif effect is Effect.CLOSING and ui.dialog == "practice" and self.grading is None:
            self.verdict = None  # the position stays on the board: she tries again
        elif effect is Effect.REVIEWED:
            self._note_review()
        elif effect is Effect.IMPORTED:
            self.follow()
        elif effect is Effect.OPENED and ui.dialog == "stats":
            ui.emit(Effect.PRACTICE_SCAN)

    def follow(self) -> None:
        """Another tab stored its practice record, or a backup brought one: taken in."""
        self.ui.practice.follow()

    def _note_review(self) -> None:
        """A review was worked out: its game's costly decisions become positions (found on
        the day of the game) and its share is counted in the weekly progress."""
        from ..positions import costly, day_of, game_key

        noted = self.ui.reviewed
        if noted is None or noted is self._noted:
            return
        self._noted = noted
        played, summary = noted
        record, day = self.ui.practice.record, day_of(played)
        names = costly(played, summary)
        record.find(names, day)
        record.scan(game_key(played), day, summary.matched, len(summary.decisions))
        self._reviewed_names = frozenset(names)
        self._save()

    def _answered(self) -> None:
        """She committed her decision: the position goes back on the board and her answer
        is graded, in steps (:meth:`steps`)."""
        from ..review import judge_steps

        drill = self.drill
        assert drill is not None
        answer = self.game.moves[len(drill.before.moves) :]
        self._show(drill.before)
        self.grading = judge_steps(drill.before, answer)
        self.verdict = None
        self.ui.dialog = "practice"
        self.ui.emit(Effect.PRACTICE)

    def steps(self) -> Iterator[bool]:
        """Grade the answer in the coach's steps (True once graded: the page redraws). Stops
        when the position leaves the board or another answer is being graded."""
        work, drill = self.grading, self.drill
        if work is None or drill is None:
            return
        decision: Decision | None = yield from worked(work, lambda: self.grading is work)
        if decision is None:
            return
        self.grading = None
        self.verdict = decision
        self.ui.practice.record.tried(drill.name, self.session.today(), decision.loss)
        self._save()
        yield True

    def scan_steps(self) -> Iterator[bool]:
        """Look at the latest finished games for positions (:func:`magdagdon.practice.scan_steps`),
        storing the record after each game; True when it changed."""
        from ..positions import scan_steps

        kept = self.ui.practice
        for changed in scan_steps(self.session.history().records, kept.record):
            if changed:
                self._save()
            yield changed

    def _save(self) -> None:
        self.ui.practice.save()
        self.session.note_unsaved()

    # -- the buttons ----------------------------------------------------------------------------
    def _press_practise(self, value: str | None) -> None:
        """Practise: the positions waiting today, those of the game just reviewed first
        (``value`` ``"review"``)."""
        today = self.session.today()
        waiting = [c.id for c in self.ui.practice.record.waiting(today)]
        first = self._reviewed() if value == "review" else []
        self.queue = first + [name for name in waiting if name not in first]
        self._next()

    def _press_practice_again(self, _: str | None) -> None:
        drill = self.drill
        if drill is not None:
            self.verdict = None
            self.ui.dialog = None
            self._show(drill.before)

    def _press_practice_next(self, _: str | None) -> None:
        self.queue = self._rest()
        self._next()

    def _press_practice_leave(self, _: str | None) -> None:
        self._stop()
        self.ui.dialog = None
        if self.session.end_practice():
            self.ui.shown()

    def _next(self) -> None:
        """The first position of the queue that can be found on the board; the dialog says
        so when none is left."""
        from ..positions import position

        records = self.session.history().records
        record = self.ui.practice.record
        while self.queue:
            name = self.queue[0]
            found = position(records, name)
            if found is not None:
                self.drill = _Drill(name, *found)
                self.verdict = None
                self.ui.dialog = None
                self._show(found[1])
                return
            record.forget(name)  # its game is no longer kept: the position goes
            self.queue.pop(0)
            self._save()
        self._stop()
        self.ui.open("practice")  # "nothing waiting"

    def _show(self, game: Game) -> None:
        self._opening = True
        try:
            self.session.practise(game)
            self.ui.shown()
            self.ui.drill = "practice"
        finally:
            self._opening = False

    def _stop(self) -> None:
        self.drill = None
        self.verdict = None
        self.grading = None
