"""The controller: taps, keys and buttons in, each dispatched to the part that declares it
(as Tatham's midend hands a key to the puzzle's ``interpret_move``); the table of what can be
pressed and the frozen :class:`View` the renderer draws out.

>>> from magdagdon.records import MemoryStore
>>> from magdagdon.session import Session
>>> ui = Controller(Session(MemoryStore(), today=lambda: "2026-11-29", seed=2))
>>> ui.press("roll"), ui.selected
(True, 0)
>>> ui.tap_cell(5); ui.session.game.staged
{0: 5}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..effects import Effect, Shake
from ..game import Game
from ..message import Message
from ..session import Session, Wish
from .backup import Backup
from .controls import ALWAYS, GUARD_MS, HELD, Control, Controls, Held
from .daily import Daily
from .games import Games, Mode
from .guide import Guide
from .hints import Hints
from .keeping import Keeping
from .over import Over
from .play import Play
from .practice import Practice
from .puzzles import Puzzles
from .review import Review
from .scores import Scores
from .settings import Settings
from .state import Part, Shared
from .watch import Watch

if TYPE_CHECKING:
    from ..hints import Hint

__all__ = ["ACTIONS", "BUTTONS", "DIALOGS", "KEYS", "PARTS", "Controller", "View"]

#: The parts of the interface, one per feature (each declares its actions and dialogs).
PARTS: tuple[type[Part], ...] = (Play, Games, Daily, Hints, Guide, Over, Scores, Watch, Backup)
PARTS += (Settings, Review, Practice, Puzzles, Keeping)

#: Keyboard shortcuts (the rules' help line): key → button action; the digit keys 1–4 tap dice.
KEYS = {
    "r": "roll",
    "c": "confirm",
    "u": "undo",
    "Backspace": "undo",
    "-": "power-dec",
    "+": "power-inc",
    "=": "power-inc",
    "x": "power-reroll",
    "a": "accept-magdagdon",
    "h": "hint",
    "p": "apply-hint",
    "Escape": "cancel",
    "n": "new-game",
    "d": "daily",
}

#: The game's buttons under the board, in the order the page has them.
BUTTONS: tuple[str, ...] = ("roll", "confirm", "undo", "accept-magdagdon", "reroll-go", "cancel")
BUTTONS += ("new-game", "details", "power-dec", "power-inc", "power-reroll", "hint", "apply-hint")
BUTTONS += ("practice-leave", "puzzle-leave")
#: Every action a button (``data-action``) or a key can ask for: the buttons, then each part's.
ACTIONS = BUTTONS + tuple(a for part in PARTS for a in part.ACTIONS if a not in BUTTONS)
#: Every dialog, by the part that fills it.
DIALOGS = tuple(dialog for part in PARTS for dialog in part.DIALOGS)


@dataclass(frozen=True)
class View:
    """Everything the renderer draws (it never sees the controller nor the session): the game,
    the status line, the table of what can be pressed, the chosen die, the number of dice chosen
    for REROLL (None: not choosing), the hint, the guide's words, which game is on screen, the
    open dialog and what it shows."""

    game: Game
    status: Message
    controls: Controls
    selected: int | None
    chosen: int | None
    hint: Hint | None
    guide: Message | None
    mode: Mode
    dialog: str | None
    shows: object = None


class Controller:
    """Taps in, game actions and UI state out, by the parts (:data:`PARTS`, each an attribute
    named after it: ``play``, ``games``, ``daily``...). ``take_effects`` hands the page what
    just happened (:class:`~magdagdon.effects.Effect`, :class:`~magdagdon.effects.Shake`)."""

    # the parts (:data:`PARTS`), each an attribute named after its class (set in __init__)
    play: Play
    games: Games
    daily: Daily
    hints: Hints
    guide: Guide
    over: Over
    scores: Scores
    watch: Watch
    backup: Backup
    settings: Settings
    review: Review
    practice: Practice
    puzzles: Puzzles
    keeping: Keeping

    def __init__(self, session: Session, *, gift: bool = False, taps: tuple[str, ...] = ()) -> None:
        self.session = session
        self.ui = Shared(session)
        self.parts = [part(self.ui) for part in PARTS]
        for part in self.parts:
            setattr(self, type(part).__name__.lower(), part)
        self._owner = {a: p for p in self.parts for a in p.ACTIONS}
        self._filler = {d: p for p in self.parts for d in p.DIALOGS}
        if gift or session.pending is not None:  # (the birthday card first: a link's game waits)
            self.ui.dialog = "gift" if gift else "confirm-url"
        self.ui.settle()
        #: The buttons shown (and of them, enabled) when the page last drew; those that took
        #: a live button's place since by no tap of the player's, and when (the page's clock,
        #: ms); whether she tapped since.
        self._row: tuple[frozenset[str] | None, frozenset[str]] = (None, frozenset())
        self._fresh: dict[str, float] = {}
        self._tapped = False
        for action in taps if self.ui.dialog not in ("gift", "confirm-url") else ():
            self.press(action)  # a link's screen (a shortcut's) by its buttons, after the card

    @property
    def game(self) -> Game:
        return self.session.game

    # -- the shared state's (:class:`~.state.Shared`), as the controller's own attributes ------
    @property
    def selected(self) -> int | None:
        return self.ui.selected

    @selected.setter
    def selected(self, value: int | None) -> None:
        self.ui.selected = value

    @property
    def reroll(self) -> set[int] | None:
        return self.ui.reroll

    @reroll.setter
    def reroll(self, value: set[int] | None) -> None:
        self.ui.reroll = value

    @property
    def dialog(self) -> str | None:
        return self.ui.dialog

    @dialog.setter
    def dialog(self, value: str | None) -> None:
        self.ui.dialog = value

    @property
    def message(self) -> Message | None:
        return self.ui.message

    @message.setter
    def message(self, value: Message | None) -> None:
        self.ui.message = value

    @property
    def hint(self) -> Hint | None:
        return self.ui.hint

    @hint.setter
    def hint(self, value: Hint | None) -> None:
        self.ui.hint = value

    @property
    def asked(self) -> Wish | None:
        return self.ui.asked

    @asked.setter
    def asked(self, value: Wish | None) -> None:
        self.ui.asked = value

    def take_effects(self) -> list[Effect | Shake | Held]:
        effects, self.ui.effects = self.ui.effects, []
        return effects

    def controls(self) -> Controls:
        """The table of what can be pressed now (see :class:`~.controls.Controls`)."""
        actions: dict[str, Control] = dict.fromkeys(ACTIONS, ALWAYS)
        for part in self.parts:
            actions.update(part.controls())
        return Controls(actions, self.play.dice(), self.play.cells())

    def view(self) -> View:
        """What the renderer draws now (the open dialog's view made by the part filling it)."""
        dialog = self.ui.dialog
        shows = self._filler[dialog].view(dialog) if dialog in self._filler else None
        reroll = self.ui.reroll
        return View(
            game=self.game,
            status=self.play.status(),
            controls=self.controls(),
            selected=self.ui.selected,
            chosen=None if reroll is None else len(reroll),
            hint=self.ui.hint,
            guide=self.guide.words(),
            mode=self.games.mode(),
            dialog=dialog,
            shows=shows,
        )

    def drawn(self, at: float, controls: Controls | None = None) -> None:
        """The page drew the view at ``at`` (its clock, in ms; ``controls``: the view's table,
        None: now's). When a button the player could press vanished since the last drawing by
        no tap of hers (a hint landing, another tab's game), the buttons that appeared may
        have taken its place under her finger: taps on them are held for
        :data:`~.controls.GUARD_MS` (see :meth:`press`)."""
        actions = (controls or self.controls()).actions
        row = frozenset(action for action in BUTTONS if actions[action].shown)
        live = frozenset(action for action in row if actions[action].enabled)
        (before, was_live), self._row = self._row, (row, live)
        if before is not None and not self._tapped and was_live - row:
            self._fresh.update(dict.fromkeys(row - before, at))
        self._tapped = False

    def held(self, action: str, at: float | None) -> bool:
        """A tap on ``action`` whose finger touched at ``at`` (the page's clock, ms; None: a
        key) is too close to the button's appearing in another's place to be meant for it."""
        return at is not None and at < self._fresh.get(action, -GUARD_MS) + GUARD_MS

    def press(self, action: str, value: str | None = None, at: float | None = None) -> bool:
        """A button (or its key): acts when the table enables it, else says why it cannot;
        a tap ``at`` a time the button had only just appeared (:meth:`held`) does nothing
        but say so. False when it did nothing at all."""
        self.ui.settle()  # (the game may have changed behind the controller's back)
        part = self._owner.get(action)
        if part is None:
            return False
        self._tapped = True
        if self.held(action, at):
            self.ui.message = HELD
            self.ui.emit(Held(action))
            return True
        control = self.controls().actions[action]  # (as the page showed it: hint and all)
        if action != "apply-hint":
            self.ui.hint = None  # anything else the player does dismisses the coach's hint
        if not control.enabled:
            why = control.why
            if why is not None:
                self.ui.message = why
            return why is not None
        part.press(action, value)
        return True

    def touched(self, down: bool = True) -> None:
        """A finger touched the screen (``down``), or its tap was handled or given up: while
        one is down, nothing worked out in the background lands (see
        :meth:`~.hints.Hints.think_steps`)."""
        self.ui.touching = down

    def tap_die(self, die: int) -> bool:
        """A tap on die ``die``; False when it could not be tapped."""
        self._tapped = True
        return self.play.tap_die(die)

    def tap_cell(self, cell: int) -> None:
        self._tapped = True
        self.play.tap_cell(cell)

    def key(self, key: str) -> bool:
        """A key press outside text fields; True when it did something here (acted, or said
        why it could not). While a game is watched, the arrows step through it."""
        if self.ui.dialog == "watch" and key in Watch.KEYS:
            return self.press(Watch.KEYS[key])
        if self.ui.dialog == "review" and key in Review.KEYS:
            return self.press(Review.KEYS[key])
        if self.ui.dialog is not None:
            return False
        if key in ("1", "2", "3", "4"):
            return self.tap_die(int(key) - 1)
        action = KEYS.get(key.lower() if len(key) == 1 else key)
        return action is not None and self.press(action)

    def open(self, dialog: str) -> None:
        if dialog in DIALOGS:
            self.ui.open(dialog)

    def status(self) -> Message:  # the status line: the last message, else what to do now
        return self.play.status()

    def highlighted(self) -> tuple[int, ...]:
        """The cells to highlight as legal targets now."""
        return tuple(i for i, cell in enumerate(self.play.cells()) if cell.marked)
