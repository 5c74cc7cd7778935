"""REVIEW: a finished game's decisions one by one beside the coach's, with the points each
choice gave up (:mod:`magdagdon.review`), and a summary. The review is worked out a decision
per step (the page runs :meth:`Review.steps` one per browser task, so taps are answered all
along); the review module (and with it the coach) is imported on first use, never at start."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..effects import Effect
from ..rules import Difficulty
from .controls import Control
from .state import Part, Shared, named

if TYPE_CHECKING:
    from ..played import Played
    from ..review import Decision, Summary
    from ..review import Review as Reviewing

__all__ = ["Review", "ReviewView"]


@dataclass(frozen=True)
class ReviewView:
    """What REVIEW shows: ``ready`` decisions priced of ``total``; the one on show
    (``decision``, at index ``at``; None while it is still worked out); the whole review's
    ``summary`` once every decision is priced (None before); whether BACK and NEXT step."""

    total: int
    ready: int
    at: int
    decision: Decision | None
    summary: Summary | None
    back: bool
    forward: bool
    #: The code SEND hands over for the decision on show (with its loss), or None.
    code: str | None = None


class Review(Part):
    ACTIONS = ("review", "review-back", "review-next", "review-jump")
    DIALOGS = ("review",)
    #: The keys that step through the decisions (while its dialog is open).
    KEYS: ClassVar[dict[str, str]] = {"ArrowLeft": "review-back", "ArrowRight": "review-next"}

    def __init__(self, ui: Shared) -> None:
        super().__init__(ui)
        #: The review under way (a :class:`magdagdon.review.Review`), the decision on show.
        self.review: Reviewing | None = None
        self.at = 0
        #: The history's record of the game under review (None: it has none).
        self.record: Played | None = None

    def controls(self) -> dict[str, Control]:
        review = self.review if self.ui.dialog == "review" else None
        reviewing = review is not None
        ready = len(review.decisions) if review is not None else 0
        return {
            "review": Control(enabled=self.review is None or self.ui.dialog != "review"),
            "review-back": Control(enabled=reviewing and self.at > 0),
            "review-next": Control(enabled=reviewing and self.at < ready - 1),
            "review-jump": Control(enabled=review is not None and review.done),
        }

    def hear(self, effect: Effect) -> None:
        closing = effect is Effect.CLOSING and self.ui.dialog == "review"
        if closing or effect is Effect.SHOWN:
            self.review = None

    def view(self, dialog: str) -> ReviewView | None:
        review = self.review
        if review is None:
            return None
        decisions = review.decisions
        ready, at = len(decisions), self.at
        code = None
        if at < ready:
            from ..puzzles import encode

            code = encode(decisions[at].before, decisions[at].loss)
        return ReviewView(
            total=review.total,
            ready=ready,
            at=at,
            decision=decisions[at] if at < ready else None,
            summary=review.summary() if review.done else None,
            back=at > 0,
            forward=at < ready - 1,
            code=code,
        )

    def _played(self, value: str | None) -> tuple[Difficulty, int, tuple[str, ...]] | None:
        """The game ``value`` names: None or ``"over"`` the finished game on screen,
        ``"difficulty:rank"`` a best-scores line, ``"game:n"`` the n-th game of the history
        (:attr:`record`: its record in the history, when it has one)."""
        if value in (None, "", "over"):
            game = self.game
            if not game.is_over:
                return None
            over = (game.difficulty, game.seed, game.moves)
            kept = self.session.history().records
            mine = (p for p in reversed(kept) if (p.difficulty, p.seed, p.moves) == over)
            self.record = next(mine, None)
            return over
        self.record = played = named(self.session, value)
        if played is None or played.seed is None:  # (named gives only games with a seed)
            return None
        return played.difficulty, played.seed, tuple(played.moves)

    def _press_review(self, value: str | None) -> None:
        """Review a game (see :meth:`_played`): the dialog opens at once, and the page works
        the decisions out (:meth:`steps`)."""
        from ..review import Review as Reviewing

        played = self._played(value)
        if played is None:
            return
        try:
            self.review = Reviewing(*played)
        except ValueError:  # moves that do not replay (a damaged record)
            return
        self.at = 0
        self.ui.open("review")
        self.ui.emit(Effect.REVIEW)

    def _press_review_back(self, _: str | None) -> None:
        self.at -= 1

    def _press_review_next(self, _: str | None) -> None:
        self.at += 1

    def _press_review_jump(self, value: str | None) -> None:
        """Go to decision ``value`` (a summary's costliest decision)."""
        text = str(value)
        index = int(text) if text.isdigit() else -1
        if self.review is not None and 0 <= index < len(self.review.decisions):
            self.at = index

    def steps(self) -> Iterator[bool]:
        """Price the review's decisions in the coach's steps; each step says whether it
        finished a decision (the page then redraws the dialog). Stops when the review closes or
        another begins."""
        review = self.review
        if review is None:
            return
        for mark in review.work():
            yield mark
            if review is not self.review:
                return
        if self.record is not None:
            self.ui.reviewed = (self.record, review.summary())
            self.ui.emit(Effect.REVIEWED)
