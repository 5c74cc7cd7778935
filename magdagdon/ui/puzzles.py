"""PUZZLE: today's puzzle (the same position for everyone on the day: :mod:`magdagdon.puzzles`)
or one a friend sent (a ``?puzzle=CODE`` link), put on the board in front of her game, answered
as a turn is played and graded by the review's value function in the coach's steps; the verdict
shows the coach's move beside hers, what hers gave up, and how the sender did. SEND hands any
decision on show (REVIEW's, or the puzzle just graded) to a friend as a link.

The day's first answer counts (:mod:`magdagdon.answers`: the streak, the statistics). The
puzzle, review and coach modules are imported on first use."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..effects import Effect
from ..steps import worked
from .controls import Control
from .state import Part, Shared

if TYPE_CHECKING:
    from ..answers import Counts
    from ..coach import Steps
    from ..puzzles import Puzzle
    from ..review import Decision

__all__ = ["Puzzles", "PuzzleView"]

#: What commits a decision, by the effect the play makes (the review's own cut).
_COMMITS = (Effect.CONFIRMED, Effect.RUINED, Effect.POWER)


@dataclass(frozen=True)
class PuzzleView:
    """What the puzzle dialog shows: ``state`` ``finding`` (today's being worked out),
    ``grading`` or ``verdict`` (``decision``: her answer priced, the coach's beside it);
    ``day``: the day it is the puzzle of (None: a friend's); ``lost``: what the sender lost
    there (None: not said); ``counted``: this answer is the day's first; ``counts``: the
    record's figures; ``code``: what SEND hands over (with her loss)."""

    state: str
    decision: Decision | None
    day: str | None
    lost: int | None
    counted: bool
    counts: Counts
    code: str | None
    #: The i18n key of the line on why the coach's move is worth it (a power or a ruin, as
    #: HINT says it; None: a placement, or hers was the coach's).
    why: str | None = None


class Puzzles(Part):
    ACTIONS = ("puzzle", "send-puzzle", "puzzle-again", "puzzle-leave")
    DIALOGS = ("puzzle",)

    def __init__(self, ui: Shared) -> None:
        super().__init__(ui)
        self.current: Puzzle | None = None
        self.finding: tuple[str, Steps[Puzzle]] | None = None
        self.found: dict[str, Puzzle] = {}
        self.grading: Steps[Decision] | None = None
        self.verdict: Decision | None = None
        self.counted = False
        #: What SEND hands over (the shell words it: ``Sharing._send_puzzle``).
        self.sending: Puzzle | None = None
        self._opening = False

    # -- what can be pressed --------------------------------------------------------------------
    def controls(self) -> dict[str, Control]:
        on = self._on()
        verdict = on and self.verdict is not None
        sendable = self.ui.dialog == "review" or (verdict and self.ui.dialog == "puzzle")
        # (offered at a game's end while today's waits; in the statistics always)
        answered = self.ui.dialog == "over" and self.session.today() in self.ui.answers.record.days
        return {
            "puzzle": Control(not answered, self.grading is None),
            "send-puzzle": Control(sendable, sendable),
            "puzzle-again": Control(verdict, verdict),
            "puzzle-leave": Control(on, on and self.grading is None),
        }

    def _on(self) -> bool:
        """A puzzle of this part's is on the board."""
        return self.current is not None and self.session.drilling

    def counts(self) -> Counts:
        return self.ui.answers.record.counts(self.session.today())

    def view(self, dialog: str) -> PuzzleView:
        current, decision = self.current, self.verdict
        state = "finding" if self.finding else "grading" if self.grading else "verdict"
        mine = None if decision is None or current is None else current.game
        code = why = None
        if mine is not None and decision is not None:
            from ..hints import why as why_of
            from ..puzzles import encode

            code = encode(mine, decision.loss)
            why = None if decision.same else why_of(decision.before, decision.coach.actions)
        return PuzzleView(
            state=state,
            decision=decision,
            day=None if current is None else current.day,
            lost=None if current is None else current.lost,
            counted=self.counted,
            counts=self.counts(),
            code=code,
            why=why,
        )

    # -- following the game ---------------------------------------------------------------------
    def hear(self, effect: Effect) -> None:
        if effect in _COMMITS and self._on():
            self._answered()
        elif effect is Effect.SHOWN and not self._opening:
            self._stop()
        elif effect is Effect.IMPORTED:
            self.follow()  # (a backup brought its answers)
        elif effect is Effect.CLOSING and self.ui.dialog == "puzzle":
            self.finding = None  # (she closed it while today's was worked out: it stops)
            if self.grading is None:
                self.verdict = None  # the position stays on the board: she tries again

    def follow(self) -> None:
        """Another tab stored its answers: taken in."""
        self.ui.answers.follow()

    def receive(self, puzzle: Puzzle | None) -> None:
        """A friend's puzzle (a link's, when it has one), put on the board in front of her
        game (after the birthday card or a link's game to confirm: then not at all)."""
        if puzzle is not None and self.ui.dialog not in ("gift", "confirm-url"):
            self._begin(puzzle)

    def _answered(self) -> None:
        """She committed her decision: the position goes back on the board and her answer is
        graded in steps (:meth:`steps`)."""
        from ..review import judge_steps

        current = self.current
        assert current is not None
        answer = self.game.moves[len(current.game.moves) :]
        self._show(current)
        self.grading = judge_steps(current.game, answer)
        self.verdict = None
        self.ui.dialog = "puzzle"
        self.ui.emit(Effect.PUZZLE)

    def steps(self) -> Iterator[bool]:
        """Grade the answer in the coach's steps (True once graded). Stops when the puzzle
        leaves the board or another answer is being graded."""
        work, current = self.grading, self.current
        if work is None or current is None:
            return
        decision: Decision | None = yield from worked(work, lambda: self.grading is work)
        if decision is None:
            return
        self.grading, self.verdict = None, decision
        if current.day is not None:
            self.counted = self.ui.answers.answer(current.day, decision.loss)
            self.session.note_unsaved()
        yield True

    def find_steps(self) -> Iterator[bool]:
        """Work out today's puzzle in the coach's steps (True once found: it goes on the
        board, while she still waits for it)."""
        finding = self.finding
        if finding is None:
            return
        day, work = finding
        puzzle: Puzzle | None = yield from worked(work, lambda: self.finding is finding)
        if puzzle is None:
            return
        self.finding, self.found[day] = None, puzzle
        if self.ui.dialog == "puzzle":
            self._begin(puzzle)
        yield True

    # -- the buttons ----------------------------------------------------------------------------
    def _press_puzzle(self, _: str | None) -> None:
        """Today's puzzle: on the board at once when worked out already, else worked out
        while the dialog says so."""
        today = self.session.today()
        if today in self.found:
            self._begin(self.found[today])
            return
        if self.finding is None or self.finding[0] != today:
            from ..puzzles import day_steps

            self.finding = (today, day_steps(today))
        self.ui.open("puzzle")
        self.ui.emit(Effect.PUZZLE_FIND)

    def _press_puzzle_again(self, _: str | None) -> None:
        if self.current is not None:
            self.verdict = None
            self.ui.dialog = None
            self._show(self.current)

    def _press_puzzle_leave(self, _: str | None) -> None:
        """Back to her game, as it was."""
        self._stop()
        self.ui.dialog = None
        if self.session.end_practice():
            self.ui.shown()

    def _press_send_puzzle(self, value: str | None) -> None:
        """SEND the position ``value`` names (a code the dialog on show wrote)."""
        from ..puzzles import PuzzleError, decode

        try:
            self.sending = decode(value)
        except PuzzleError:
            return
        self.ui.emit(Effect.SEND_PUZZLE)

    def _begin(self, puzzle: Puzzle) -> None:
        self.current, self.verdict, self.grading, self.counted = puzzle, None, None, False
        self.ui.dialog = None
        self._show(puzzle)

    def _show(self, puzzle: Puzzle) -> None:
        self._opening = True
        try:
            self.session.practise(puzzle.game)
            self.ui.shown()
            self.ui.drill = "puzzle" if puzzle.day is not None else "puzzle.friend"
        finally:
            self._opening = False

    def _stop(self) -> None:
        self.current = self.verdict = self.grading = None
