"""The interface's shared state (as Tatham's ``game_ui``): what undo, saving and replay know
nothing of, and every part may read: the chosen die, the dice chosen for REROLL, the open
dialog, the status line's message, the coach's hint on show, the game asked for, and the
effects of the last taps. With it the few ways the game on screen changes (Tatham's
``execute_move``): an engine action played, another game started; each tells the parts what
happened by an :class:`~magdagdon.effects.Effect` they hear.

A part is a :class:`Part`: its actions, its dialogs, its rows of the controls table, its
handlers, what its dialogs show. Parts never import each other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..effects import OUTWARD, Effect, Shake
from ..errors import IllegalActionError
from ..game import Game, Phase
from ..message import Message
from ..records import DAILY, Entry, Table
from ..rules import Difficulty
from ..session import Session, Wish
from .controls import Control, Held, said

if TYPE_CHECKING:
    from ..answers import Answers
    from ..hints import Hint
    from ..keeping import Browser
    from ..played import Played
    from ..practice import Practice
    from ..review import Summary

__all__ = ["Part", "Shared", "best_scores", "named", "watchable"]


class Shared:
    """The state every part of the interface shares, and the one way the game changes."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.selected: int | None = None
        self.reroll: set[int] | None = None  # the dice chosen for REROLL, while choosing
        self.dialog: str | None = "over" if session.game.is_over else None
        self.message: Message | None = None
        #: The coach's suggestion on show and the game's generation it was made for.
        self._hint: tuple[int, Hint] | None = None
        #: A finger is on the screen (touched, its tap not yet handled): nothing worked out
        #: in the background lands meanwhile, so the tap acts on what it touched.
        self.touching = False
        #: The game the player asked for and must confirm.
        self.asked: Wish | None = None
        self.effects: list[Effect | Shake | Held] = []
        self._hearers: list[Callable[[Effect], None]] = []
        self._practice: Practice | None = None
        self._answers: Answers | None = None
        #: What kind of position is on the board in front of her game, when one is: the
        #: catalogue's prefix of its chip and prompt (``practice``, ``puzzle``,
        #: ``puzzle.friend``).
        self.drill = "practice"
        #: The game last reviewed to the end, and its review (:class:`Effect.REVIEWED`).
        self.reviewed: tuple[Played, Summary] | None = None
        #: What the browser says (installed, how it installs, promised, Safari), as the page
        #: tells it; None until then.
        self.told: tuple[bool, str, bool, bool] | None = None

    @property
    def browser(self) -> Browser | None:
        """What the browser says (:class:`magdagdon.keeping.Browser`), or None: not told yet."""
        if self.told is None:
            return None
        from ..keeping import HOWS, Browser

        installed, how, promised, safari = self.told
        return Browser(installed, next((h for h in HOWS if h == how), "none"), promised, safari)

    @property
    def practice(self) -> Practice:
        """The practice record (:mod:`magdagdon.practice`), loaded on first use."""
        if self._practice is None:
            from ..practice import Practice

            self._practice = Practice(self.session.keeper, self.session.notices)
        return self._practice

    @property
    def answers(self) -> Answers:
        """The day's puzzles answered (:mod:`magdagdon.answers`), loaded on first use."""
        if self._answers is None:
            from ..answers import Answers

            self._answers = Answers(self.session.keeper, self.session.notices)
        return self._answers

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def token(self) -> int:
        """Which game is on screen, in which state (the session's generation): work started in
        the background keeps it, and lands only while it is still the same."""
        return self.session.generation

    @property
    def hint(self) -> Hint | None:
        """The coach's suggestion on show (the board's ghost dice, the status line): gone as
        soon as the game it was made for is not the one on screen any more (a move, another
        tab's game, another game)."""
        if self._hint is not None and self._hint[0] != self.token:
            self._hint = None
        return None if self._hint is None else self._hint[1]

    @hint.setter
    def hint(self, hint: Hint | None) -> None:
        self._hint = None if hint is None else (self.token, hint)

    @property
    def own_tab(self) -> Table:
        """The best-scores tab of the game on screen: the daily's, or its difficulty's."""
        return DAILY if self.session.day is not None else self.game.difficulty

    # -- effects -----------------------------------------------------------------------------
    def listen(self, hear: Callable[[Effect], None]) -> None:
        self._hearers.append(hear)

    def emit(self, effect: Effect | Shake | Held) -> None:
        """``effect`` happened: kept for the page when it is one of its, heard by every part."""
        if isinstance(effect, Shake | Held) or effect in OUTWARD:
            self.effects.append(effect)
        if isinstance(effect, Effect):
            for hear in self._hearers:
                hear(effect)

    # -- the game changes --------------------------------------------------------------------
    def apply(self, action: str, effect: Effect | None = None) -> bool:
        """Play an action the table allows (the engine checks it again: a refusal is said and
        False returned)."""
        try:
            self.session.apply(action)
        except IllegalActionError as error:
            self.message = said(error)
            return False
        self.message = None
        if effect:
            self.emit(effect)
        if self.game.is_over:
            self.dialog = "over"
            self.emit(Effect.OVER)
        self.settle()
        return True

    def settle(self) -> None:
        """Keep the chosen die meaningful after any change."""
        game = self.game
        if game.phase not in (Phase.PLACING, Phase.MAGDAGDON):
            self.selected = None
            self.reroll = None
            return
        if self.reroll is not None:
            # choosing dice for REROLL ends when no power is left to pay for it
            self.reroll = self.reroll & set(game.available) if game.can_use_power else None
        if self.selected is not None and self.selected not in game.available:
            self.selected = None
        if self.selected is None and game.phase is Phase.PLACING and game.available:
            self.selected = game.available[0]

    def open(self, dialog: str) -> None:
        self.dialog = dialog
        self.emit(Effect.OPENED)

    def close(self) -> None:
        """The open dialog closed (a part hearing it may open another in its place)."""
        closing = self.dialog
        self.emit(Effect.CLOSING)
        if self.dialog == closing:
            self.dialog = None

    def ask(self, wish: Wish) -> None:
        """Start the ordinary game ``wish``ed for, after a confirmation when one is in
        progress."""
        if self.session.in_progress:
            self.asked = wish
            self.dialog = "confirm-new"
        else:
            self.start(wish)

    def ask_daily(self, day: str, *, again: bool) -> None:
        """The daily roll of ``day``: its game kept here (unless ``again``: a new one), else a
        new one, after a confirmation when another daily is in progress."""
        from ..daily import DIFFICULTY

        kept = self.session.daily
        if kept is not None and kept.day == day and not (again and kept.game.is_over):
            self.session.show_daily()
            self.shown()
        elif kept is not None and kept.in_progress:
            self.asked = Wish(DIFFICULTY, None, day)
            self.dialog = "confirm-new"
        else:
            self.start(Wish(DIFFICULTY, None, day))

    def start(self, wish: Wish | None = None) -> None:
        """The game ``wish``ed for (a daily roll when it names a day), or the URL's when None."""
        if wish is None:
            self.session.accept_pending()
        elif wish.day is not None:
            self.session.start_daily(wish.day)
        else:
            self.session.new_game(wish.difficulty, wish.seed)
        self.shown()

    def shown(self) -> None:
        """Another game is on screen: the interface starts afresh on it."""
        self.dialog = "over" if self.game.is_over else None
        self.message = None
        self.reroll = None
        self.selected = None
        self.hint = None
        self.emit(Effect.SHOWN)
        self.settle()


def best_scores(session: Session, tab: Table) -> list[Entry]:
    """The best-scores table of ``tab`` (a difficulty, or the official daily rolls), best
    first."""
    return session.history().best(tab)


def watchable(session: Session, tab: Table) -> list[bool]:
    """For each line of the best-scores table of ``tab``: whether its game can be watched
    (a best score carried over from an older release has no moves to replay)."""
    from ..history import ranked

    return [bool(p.moves) for p in ranked(session.history().records, tab)]


def named(session: Session, value: str | None) -> Played | None:
    """The finished game a table's line names (its :class:`~magdagdon.played.Played` record
    with moves), or None: ``value`` is ``"difficulty:rank"`` or ``"daily:rank"`` (a best-scores
    line) or ``"game:n"`` (the n-th game of the history, from 1)."""
    from ..history import ranked

    name, _, rank = str(value).partition(":")
    records = session.history().records
    if not rank.isdigit() or int(rank) < 1:
        return None
    try:
        if name == "game":
            table = list(records)
        else:
            table = ranked(records, DAILY if name == DAILY else Difficulty.parse(name))
        played = table[int(rank) - 1]
    except (ValueError, IndexError):
        return None
    return played if played.seed is not None and played.moves else None


class Part:
    """One feature of the interface. ``ACTIONS``: the actions it answers (each action belongs
    to one part); ``DIALOGS``: the dialogs it fills. :meth:`controls` gives its rows of the
    table, ``_press_<action>`` its handlers, :meth:`view` what its open dialog shows,
    :meth:`hear` how it follows the others (by the effects they make)."""

    ACTIONS: tuple[str, ...] = ()
    DIALOGS: tuple[str, ...] = ()

    def __init__(self, ui: Shared) -> None:
        self.ui = ui
        ui.listen(self.hear)

    @property
    def session(self) -> Session:
        return self.ui.session

    @property
    def game(self) -> Game:
        return self.ui.session.game

    def controls(self) -> dict[str, Control]:
        return {}

    def press(self, action: str, value: str | None) -> None:
        getattr(self, "_press_" + action.replace("-", "_"))(value)

    def hear(self, effect: Effect) -> None:
        """Another part made ``effect`` (by default nothing follows)."""

    def view(self, dialog: str) -> object:
        """What open dialog ``dialog`` (one of :attr:`DIALOGS`) shows: a frozen value, so that
        the page refills it only when it changed (None: nothing of the game's)."""
        return None
