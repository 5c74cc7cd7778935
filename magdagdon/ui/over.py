"""The game-over screen (DETAILS opens it again) and SHARE: the final score taken apart, its
place, the coach's score (a daily roll's par), the challenge's verdict, the streak, the
best-scores table of its kind."""

from __future__ import annotations

from dataclasses import dataclass

from ..effects import Effect
from ..game import Game
from ..message import Message
from ..records import Entry, Table
from .controls import Control
from .state import Part, best_scores, watchable

__all__ = ["Over", "OverView", "Sharing"]


@dataclass(frozen=True)
class OverView:
    """What the game-over screen shows. ``day``: the daily roll's (None: an ordinary game);
    ``streak``: its (current, longest) streak; ``verdict``: against a challenge's score (``won``
    marks a win); ``rank``: the place in its table; ``coach``: the coach's score, None while it
    plays (on a daily roll it is the par); ``entries``/``watchable``: the table of its kind;
    ``again``: AGAIN shown; ``resumes``: NEW GAME goes back to the ordinary game."""

    game: Game
    day: str | None
    practice: bool
    streak: tuple[int, int]
    verdict: Message | None
    won: bool
    rank: int | None
    coach: int | None
    tab: Table
    entries: tuple[Entry, ...]
    watchable: tuple[bool, ...]
    again: bool
    resumes: bool


@dataclass(frozen=True)
class Sharing:
    """What SHARE hands over: the game, and on a daily roll its day, practice and streak."""

    game: Game
    day: str | None
    practice: bool
    streak: int


def verdict(game: Game, target: int | None) -> Message | None:
    """The finished ``game`` against its challenge's score (None: no challenge, or not over)."""
    if target is None or not game.is_over:
        return None
    score = game.score
    if score > target:
        return Message("challenge.won", {"by": score - target, "target": target})
    if score == target:
        return Message("challenge.tied", {"target": target})
    return Message("challenge.lost", {"by": target - score, "target": target})


class Over(Part):
    ACTIONS = ("details", "share")
    DIALOGS = ("over",)

    def controls(self) -> dict[str, Control]:
        over = self.game.is_over
        return {"details": Control(over, over), "share": Control(over, over)}

    def view(self, dialog: str) -> OverView:
        session, game, tab = self.session, self.game, self.ui.own_tab
        day = session.day
        said = verdict(game, session.vs)
        return OverView(
            game=game,
            day=day,
            practice=session.practice,
            streak=session.streak() if day is not None else (0, 0),
            verdict=said,
            won=said is not None and said.key == "challenge.won",
            rank=session.rank(),
            coach=session.coach,
            tab=tab,
            entries=tuple(best_scores(session, tab)),
            watchable=tuple(watchable(session, tab)),
            again=game.is_over and day is not None,
            resumes=day is not None and session.in_progress,
        )

    def verdict(self) -> Message | None:
        """The finished game against its challenge's score (None: no challenge, or not over)."""
        return verdict(self.game, self.session.vs)

    def sharing(self) -> Sharing:
        session = self.session
        day = session.day
        streak = 0 if day is None or session.practice else session.streak()[0]
        return Sharing(self.game, day, session.practice, streak)

    def _press_details(self, _: str | None) -> None:
        self.ui.open("over")

    def _press_share(self, _: str | None) -> None:
        self.ui.emit(Effect.SHARE)
