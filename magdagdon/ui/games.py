"""Which game is on screen: NEW GAME, a difficulty, a best score's dice again, the
confirmations before a game in progress is ended (and of a link's game), another tab's game
followed, and the mode the page shows (the daily roll, a score to beat)."""

from __future__ import annotations

from dataclasses import dataclass

from ..effects import Effect
from ..game import parse_seed
from ..message import Message
from ..records import DAILY
from ..rules import Difficulty
from ..session import Wish
from .controls import DROPPED, Control
from .state import Part

__all__ = ["ConfirmNew", "ConfirmUrl", "Games", "Mode"]


@dataclass(frozen=True)
class Mode:
    """Which game is on screen: the daily roll's day (None: an ordinary game), whether it is
    practice, the score a challenge asked to beat, and whether NEW GAME goes back to an
    ordinary game in progress (``resumes``), and whether a practice position is (``drill``)."""

    day: str | None
    practice: bool
    target: int | None
    resumes: bool
    #: A practice position of her own games is on screen (:mod:`magdagdon.ui.practice`), or
    #: a puzzle (:mod:`magdagdon.ui.puzzles`): ``kind`` says which (the catalogue's prefix).
    drill: bool = False
    kind: str = "practice"


@dataclass(frozen=True)
class ConfirmNew:
    """Ending a game in progress: an ordinary one (``day`` None), or the daily roll of ``day``."""

    day: str | None


@dataclass(frozen=True)
class ConfirmUrl:
    """A link's game waiting for the player's yes: a daily roll's ``day`` (None: an ordinary
    game's), its ``difficulty``."""

    day: str | None
    difficulty: Difficulty | None


class Games(Part):
    ACTIONS = ("new-game", "difficulty", "replay", "confirm-yes", "confirm-no")
    DIALOGS = ("confirm-new", "confirm-url")

    def controls(self) -> dict[str, Control]:
        asking = self.ui.dialog in ("confirm-url", "confirm-new")
        return {
            "new-game": Control(shown=self.game.is_over),
            "confirm-yes": Control(enabled=asking),
            "confirm-no": Control(enabled=asking),
        }

    def mode(self) -> Mode:
        session = self.session
        resumes = session.day is not None and session.in_progress
        drill = session.drilling
        return Mode(session.day, session.practice, session.vs, resumes, drill, self.ui.drill)

    def pending(self) -> ConfirmUrl:
        """The game a link asks for, waiting for the player's yes (both None: none)."""
        pending = self.session.pending
        if pending is None:
            return ConfirmUrl(None, None)
        return ConfirmUrl(pending.day, pending.difficulty)

    def view(self, dialog: str) -> ConfirmNew | ConfirmUrl:
        if dialog == "confirm-url":
            return self.pending()
        asked, kept = self.ui.asked, self.session.daily
        if asked is None or asked.day is None or kept is None:
            return ConfirmNew(None)
        return ConfirmNew(kept.day or "")

    def hear(self, effect: Effect) -> None:
        ui = self.ui
        if effect is not Effect.CLOSING:
            return
        if ui.dialog == "confirm-url":
            self.session.pending = None
        elif ui.dialog == "gift" and self.session.pending is not None:
            ui.dialog = "confirm-url"  # the URL's game was waiting behind the card
            return
        ui.asked = None

    def _press_new_game(self, _: str | None) -> None:
        """A new game; from the daily roll, back to the ordinary game (the one in progress, or
        a new one)."""
        session = self.session
        if session.day is not None and session.in_progress:
            session.show_game()
            self.ui.shown()
        elif session.day is not None:
            self.ui.start(Wish(session.settings.difficulty))
        else:
            self.ui.ask(Wish(self.game.difficulty))

    def _press_difficulty(self, value: str | None) -> None:
        try:
            difficulty = Difficulty.parse(value)
        except ValueError:
            return
        if difficulty is not self.game.difficulty or self.session.day is not None:
            self.ui.ask(Wish(difficulty))

    def _press_replay(self, value: str | None) -> None:
        """Play a best-scores entry's game again: ``value`` is ``"difficulty:seed"``, or
        ``"daily:YYYY-MM-DD"`` (that day's daily roll, as practice)."""
        name, _, seed = str(value).partition(":")
        try:
            if name == DAILY:
                from ..daily import parse_day

                self.ui.ask_daily(parse_day(seed, self.session.today()), again=True)
                return
            wish = Wish(Difficulty.parse(name), parse_seed(seed))
        except ValueError:
            return
        self.ui.ask(wish)

    def _press_confirm_yes(self, _: str | None) -> None:
        ui = self.ui
        if ui.dialog == "confirm-url":
            ui.start()
        elif ui.asked is not None:
            ui.start(ui.asked)
        ui.asked = None
        ui.dialog = None

    def _press_confirm_no(self, _: str | None) -> None:
        if self.ui.dialog == "confirm-url":
            self.session.pending = None
        self.ui.asked = None
        self.ui.dialog = None

    def dropped(self) -> None:
        """Taps made on the first frame while the page woke up were not carried out: the game
        they were made on had changed since (another tab played on). The status line says so."""
        self.ui.message = DROPPED

    def follow(self, key: str | None) -> bool:
        """Another tab changed the store: follow its game (True if it changed here)."""
        ui = self.ui
        if not self.session.sync(key):
            return False
        ui.reroll = None
        ui.selected = None
        ui.message = Message("notice.other-tab")
        if ui.dialog in ("over", "confirm-url", "confirm-new"):
            ui.dialog = None
        if self.game.is_over:
            ui.dialog = "over"
        ui.settle()
        return True
