"""What a tap means: the interface's own state (chosen die, reroll choice, open dialog, the
last message) and the translation of taps into game actions. Pure, so CPython tests cover it;
the browser layer only turns DOM events into calls here and draws the result.

UI state is kept apart from game state (as in Tatham's midend): undo, saving and replay know
nothing of which die is chosen or which dialog is open.

>>> from magdagdon.records import MemoryStore
>>> from magdagdon.session import Session
>>> ui = Controller(Session(MemoryStore(), today=lambda: "2026-11-29", seed=2))
>>> ui.press("roll")
True
>>> ui.selected
0
>>> ui.tap_cell(5); ui.session.game.staged
{0: 5}
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .errors import IllegalActionError, IllegalCellError
from .game import Game, Phase, parse_seed
from .records import Entry
from .rules import CELLS, EMPTY, SIZE, Difficulty
from .session import Session, Wish

#: The best-scores and statistics tab of the official daily rolls (beside one per difficulty).
DAILY = "daily"
#: What a scores or statistics tab shows: a difficulty, or :data:`DAILY`.
Tab = Difficulty | str

if TYPE_CHECKING:
    from .hints import Hint

__all__ = ["Controller", "Control", "Controls", "Message", "ACTIONS", "BUTTONS", "DIALOGS", "KEYS"]

#: Keyboard shortcuts (documented in the rules' help line): key → button action. The digit keys
#: 1–4 tap dice.
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

#: The first-game guide's steps, in order (the i18n keys ``guide.<step>``).
GUIDE_STEPS = ("roll", "die", "cell", "minimum", "confirm")

DIALOGS = (
    "settings",
    "scores",
    "rules",
    "about",
    "over",
    "confirm-new",
    "confirm-url",
    "gift",
    "stats",
    "backup",
    "watch",
)

#: The game's buttons under the board, in the order the page has them.
BUTTONS = (
    "roll",
    "confirm",
    "undo",
    "accept-magdagdon",
    "reroll-go",
    "cancel",
    "new-game",
    "details",
    "power-dec",
    "power-inc",
    "power-reroll",
    "hint",
    "apply-hint",
)
#: Every action a button (``data-action``) or a key can ask the controller for: the game's
#: buttons, then those that open, answer and close dialogs.
ACTIONS = BUTTONS + (
    "sound",
    "vibration",
    "guide",
    "guide-skip",
    "daily",
    "daily-again",
    "share",
    "settings",
    "scores",
    "rules",
    "about",
    "gift",
    "update",
    "close",
    "confirm-yes",
    "confirm-no",
    "difficulty",
    "replay",
    "language",
    "scores-tab",
    "stats",
    "export",
    "import",
    "copy-code",
    "download",
    "import-go",
    "watch",
    "watch-back",
    "watch-forward",
    "watch-play",
)


@dataclass(frozen=True)
class Message:
    """A translatable line for the status bar: ``key`` in i18n and its ``params``.

    ``params`` values that are i18n keys themselves are marked by a ``@`` prefix.
    """

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    alert: bool = False
    #: A second, smaller line: what the player can do about it (an i18n key).
    detail: str | None = None


@dataclass(frozen=True)
class Control:
    """One action, die or cell as the player finds it now.

    ``shown``: on screen (a hidden control may still answer its key, as N does). ``enabled``:
    pressing it acts. ``why``: what pressing it anyway says (the rules' refusal, worked out only
    when asked), None when it is enabled or refused without a word. ``pressed``: a toggle's
    state (a chosen die, REROLL while choosing), None for an ordinary button. ``marked``: a
    cell highlighted as a legal target now (none while a hint is on show: its ghost dice stand
    alone), a die chosen for REROLL.
    """

    shown: bool = True
    enabled: bool = True
    pressed: bool | None = None
    marked: bool = False
    refusal: Callable[[], Message | None] | None = field(default=None, compare=False, repr=False)

    @property
    def why(self) -> Message | None:
        return None if self.enabled or self.refusal is None else self.refusal()


@dataclass(frozen=True)
class Controls:
    """What can be pressed now: every action (by name), die (by index) and cell (by index).

    The one answer to "can this be pressed, and why not": the renderer draws it, ``press``,
    ``key``, ``tap_die`` and ``tap_cell`` obey it, and the browser tests compare the page with it.
    """

    actions: Mapping[str, Control]
    dice: tuple[Control, ...]
    cells: tuple[Control, ...]


#: The effect each engine verb of a played hint makes (for the renderer's motion and words).
_EFFECT_OF = {
    "stage": "staged",
    "confirm": "confirmed",
    "ruin": "ruined",
    "dec": "power",
    "inc": "power",
    "reroll": "power",
}

_IDLE = Control(enabled=False)
_ALWAYS = Control()


def _direction(cell: int, neighbour: int) -> str:
    """Where ``neighbour`` lies from ``cell``: the i18n key of "above", "below", ..."""
    return {
        -SIZE: "@reason.up",
        SIZE: "@reason.down",
        -1: "@reason.left",
        1: "@reason.right",
    }[neighbour - cell]


def _no_die() -> Message:
    return Message("reason.no-die")


class Controller:
    """Taps in, game actions and UI state out. ``effects`` lists what just happened
    (``"rolled"``, ``"staged"``, ``"confirmed"``, ``"power"``, ``"ruined"``, ``"over"``,
    ``"shake:<cell>"``) for the renderer's animations and announcements; it is cleared by
    :meth:`take_effects`.
    """

    def __init__(self, session: Session, *, gift: bool = False) -> None:
        self.session = session
        self.selected: int | None = None
        self.reroll: set[int] | None = None  # the dice chosen for REROLL, while choosing
        self.dialog: str | None = "over" if session.game.is_over else None
        self.message: Message | None = None
        self.scores_tab: Tab = self.own_tab
        #: The game the player asked for and must confirm.
        self.asked: Wish | None = None
        self.effects: list[str] = []
        #: The coach's suggestion on show, and the game a hint was asked for (until worked out).
        self.hint: Hint | None = None
        self.thinking: Game | None = None
        #: The backup code made for the player, and what the last import said.
        self.backup_code: str | None = None
        self.backup_said: Message | None = None
        #: A finished game being watched: its steps (magdagdon.replay), the one on show, and
        #: whether it plays on by itself.
        self.watched: list[Any] | None = None
        self.at = 0
        self.watch_playing = False
        #: The first-game guide is on (a first visit, or asked for from RULES), and whether a
        #: die was tapped since the roll (its second step).
        self.guiding = session.newcomer
        self.die_tapped = False
        if session.pending is not None:
            self.dialog = "confirm-url"
        if gift:
            self.dialog = "gift"  # the birthday card first; a pending URL game waits behind it
        self._settle()

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def own_tab(self) -> Tab:
        """The best-scores tab of the game on screen: the daily's, or its difficulty's."""
        return DAILY if self.session.day is not None else self.game.difficulty

    def take_effects(self) -> list[str]:
        effects, self.effects = self.effects, []
        return effects

    # -- what can be pressed ---------------------------------------------------------------------
    def controls(self) -> Controls:
        """The table of what can be pressed now (see :class:`Controls`)."""
        return Controls(self._action_controls(), self._dice_controls(), self._cell_controls())

    def _action_controls(self) -> dict[str, Control]:
        game, choosing = self.game, self.reroll is not None
        phase = game.phase
        placing = phase is Phase.PLACING and not choosing
        magdagdon = phase is Phase.MAGDAGDON and not choosing
        over = phase is Phase.OVER
        asking = self.dialog in ("confirm-url", "confirm-new")
        again = over and self.session.day is not None  # the daily roll on screen is over
        table = dict.fromkeys(ACTIONS, _ALWAYS)
        table.update(
            {
                "roll": self._engine("roll", shown=phase is Phase.ROLL),
                "confirm": self._confirm_control(placing, choosing),
                "undo": Control(placing, placing and bool(game.placements)),
                "accept-magdagdon": self._engine("accept", magdagdon, said=not choosing),
                "reroll-go": Control(choosing, bool(self.reroll)),
                "cancel": Control(choosing or phase is Phase.RUIN, choosing or phase is Phase.RUIN),
                "new-game": Control(shown=over),
                "daily": Control(pressed=self.session.day is not None, marked=self.daily_awaits),
                "daily-again": Control(again, again),
                "guide-skip": Control(*(self.guide_step() is not None,) * 2),
                "sound": Control(pressed=self.session.settings.sound),
                "vibration": Control(pressed=self.session.settings.vibration),
                "details": Control(over, over),
                "power-dec": self._power_change(-1),
                "power-inc": self._power_change(1),
                "power-reroll": Control(
                    enabled=game.can_use_power and bool(game.available), pressed=choosing
                ),
                "share": Control(over, over),
                "close": Control(enabled=self.dialog is not None),
                "confirm-yes": Control(enabled=asking),
                "confirm-no": Control(enabled=asking),
                "hint": self._hint_control(placing or magdagdon),
                "import-go": Control(enabled=self.dialog == "backup"),
                "copy-code": Control(enabled=self.backup_code is not None),
                "download": Control(enabled=self.dialog == "backup"),
                **self._watch_controls(),
                "apply-hint": Control(self.hint is not None, self.hint is not None),
            }
        )
        return table

    def _watch_controls(self) -> dict[str, Control]:
        watching = self.dialog == "watch" and self.watched is not None
        last = len(self.watched) - 1 if self.watched else 0
        return {
            "watch-back": Control(enabled=watching and self.at > 0),
            "watch-forward": Control(enabled=watching and self.at < last),
            "watch-play": Control(enabled=watching, pressed=self.watch_playing),
        }

    def _confirm_control(self, placing: bool, choosing: bool) -> Control:
        """CONFIRM: while a hint is on show, "Play it" takes its place, but its key still
        confirms (and dismisses the hint)."""
        control = self._engine("confirm", placing, self.game.can_confirm, said=not choosing)
        return replace(control, shown=placing and self.hint is None)

    def _hint_control(self, deciding: bool) -> Control:
        """HINT: while a decision waits (not choosing dice for REROLL) and no hint is shown;
        disabled while the coach thinks."""
        shown = deciding and self.hint is None
        return Control(shown, shown and self.thinking is None)

    def _engine(
        self, action: str, shown: bool, allowed: bool = True, *, said: bool = True
    ) -> Control:
        """A button for one engine action: enabled when shown and ``allowed``; pressed anyway
        (by its key), it says the rules' refusal when ``said``."""
        return Control(shown, shown and allowed, refusal=self._refusal(action) if said else None)

    def _power_change(self, delta: int) -> Control:
        """−1 or +1 on the chosen die."""
        die = self.selected
        if die is None or self.reroll is not None:
            return _IDLE
        verb = "inc" if delta > 0 else "dec"
        return Control(
            enabled=self.game.can_change(die, delta), refusal=self._refusal(f"{verb} {die}")
        )

    def _dice_controls(self) -> tuple[Control, ...]:
        game, chosen = self.game, self.reroll or set()
        usable = game.phase in (Phase.PLACING, Phase.MAGDAGDON)
        rolled = len(game.dice)
        return tuple(
            Control(
                shown=d < rolled,
                enabled=usable and d < rolled,
                pressed=(d == self.selected and d not in game.staged) or d in chosen,
                marked=d in chosen,
            )
            for d in range(4)
        )

    def _cell_controls(self) -> tuple[Control, ...]:
        game = self.game
        if game.phase is Phase.RUIN:
            return tuple(
                Control(enabled=v == EMPTY, marked=v == EMPTY, refusal=self._refusal(f"ruin {i}"))
                for i, v in enumerate(game.board)
            )
        if game.phase is not Phase.PLACING or self.reroll is not None:
            return (_IDLE,) * CELLS
        staged = {cell for _, cell in game.placements}
        die = self.selected
        targets = set(game.legal.get(die, ())) if die is not None else set()
        shown = targets if self.hint is None else set()  # a hint on show stands alone
        return tuple(
            Control(
                enabled=cell in staged or cell in targets,
                marked=cell in shown,
                refusal=self._refusal(f"stage {die} {cell}") if die is not None else _no_die,
            )
            for cell in range(CELLS)
        )

    def _refusal(self, action: str) -> Callable[[], Message | None]:
        """What the rules say when ``action`` is asked for now (worked out when called)."""
        game = self.game

        def why() -> Message | None:
            try:
                game.apply(action)
            except IllegalActionError as error:
                return self._said(error)
            return None

        return why

    def _said(self, error: IllegalActionError) -> Message:
        """A refusal of the rules as the status line says it."""
        if isinstance(error, IllegalCellError):
            return self._why(error.params["cell"], error.params)
        params = dict(error.params)
        if "required" in params:
            params["count"] = params["required"]
        return Message("error." + error.code, params, alert=True)

    def _refuse(self, control: Control) -> bool:
        """A disabled control pressed: say why when the rules have a word for it."""
        why = control.why
        if why is not None:
            self.message = why
        return why is not None

    # -- the engine ------------------------------------------------------------------------------
    def _apply(self, action: str, effect: str | None = None) -> bool:
        """Play an action the table allows (the engine checks it again: a refusal is said and
        False returned)."""
        try:
            self.session.apply(action)
        except IllegalActionError as error:
            self.message = self._said(error)
            return False
        self.message = None
        if effect:
            self.effects.append(effect)
        if effect == "rolled":
            self.die_tapped = False
        if effect == "confirmed" and self.guiding:
            self._end_guide()
            self.effects.append("guided")  # its first turn played: the guide is done
            self.message = Message("guide.done")  # (the status line, until the next tap)
        if self.game.is_over:
            self.effects.append("over")
            self.dialog = "over"
            self.scores_tab = self.own_tab
        self._settle()
        return True

    # -- the first-game guide --------------------------------------------------------------------
    def guide_step(self) -> str | None:
        """The guide's step now (one of :data:`GUIDE_STEPS`), None when it is off or has
        nothing to say (a dialog is open, MAGDAGDON, a REROLL being chosen, the game over)."""
        if not self.guiding or self.dialog is not None or self.reroll is not None:
            return None
        game = self.game
        if game.phase is Phase.ROLL:
            return "roll"
        if game.phase is not Phase.PLACING:
            return None
        if not game.staged:
            return "cell" if self.die_tapped else "die"
        return "confirm" if game.can_confirm else "minimum"

    def _press_guide(self, _: Any) -> None:
        """RULES' "Show me": the guide on, over the game on screen."""
        self.guiding, self.dialog = True, None
        self.die_tapped = self.game.phase is Phase.PLACING and bool(self.game.staged)

    def _press_sound(self, _: Any) -> None:
        """SETTINGS: the game's sounds on or off."""
        self.session.change_settings(sound=not self.session.settings.sound)

    def _press_vibration(self, _: Any) -> None:
        """SETTINGS: vibration on or off."""
        self.session.change_settings(vibration=not self.session.settings.vibration)

    def _press_guide_skip(self, _: Any) -> None:
        self._end_guide()

    def _end_guide(self) -> None:
        """Finished or skipped: never shown again by itself."""
        self.guiding = False
        if not self.session.settings.guided:
            self.session.change_settings(guided=True)

    def _settle(self) -> None:
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

    # -- taps -----------------------------------------------------------------------------------
    def tap_die(self, die: int) -> bool:
        """A tap on die ``die``; False when it could not be tapped."""
        if not 0 <= die < 4 or not self._dice_controls()[die].enabled:
            return False
        self.hint = None
        self.die_tapped = True
        game = self.game
        if self.reroll is not None:
            if die in game.available:
                self.reroll ^= {die}
        elif die in game.staged:
            self.selected = die
            self._apply(f"unstage {die}")
        else:
            self.selected = die
            self.message = None
        return True

    def tap_cell(self, cell: int) -> None:
        if not 0 <= cell < CELLS:
            return
        self.hint = None
        control = self._cell_controls()[cell]
        game = self.game
        if not control.enabled:
            if self._refuse(control) and game.phase is Phase.PLACING and self.selected is not None:
                self.effects.append(f"shake:{cell}")  # the rules refused this cell: show where
            return
        if game.phase is Phase.RUIN:
            self._apply(f"ruin {cell}", "ruined")
            return
        for die, staged_cell in game.placements:
            if staged_cell == cell:
                self.selected = die
                self._apply(f"unstage {die}")
                return
        self.session.apply(f"stage {self.selected} {cell}")
        self.selected = None
        self.message = None
        self.effects.append("staged")
        self._settle()

    def _why(self, cell: int, params: dict[str, Any]) -> Message:
        reason = params["reason"]  # (every IllegalCellError says why)
        if reason == "too-far":
            return Message(
                "reason.too-far",
                {
                    "value": params["value"],
                    "neighbour": params["neighbour_value"],
                    "direction": _direction(cell, params["neighbour"]),
                },
                alert=True,
            )
        return Message(f"reason.{reason}", alert=True)

    # -- buttons --------------------------------------------------------------------------------
    def press(self, action: str, value: str | None = None) -> bool:
        """A button (or its key): acts when the table enables it, else says why it cannot.
        False when it did nothing at all."""
        self._settle()  # (the game may have changed behind the controller's back)
        control = self._action_controls().get(action)
        if control is None:
            return False
        if action != "apply-hint":
            self.hint = None  # anything else the player does dismisses the coach's hint
        if not control.enabled:
            return self._refuse(control)
        getattr(self, "_press_" + action.replace("-", "_"))(value)
        return True

    def _press_roll(self, _: Any) -> None:
        # (a refused ROLL, e.g. one tapped while Python started on a game resumed mid-turn,
        # keeps the chosen die: only a roll changes it, through _settle)
        self._apply("roll", "rolled")

    def _press_confirm(self, _: Any) -> None:
        self._apply("confirm", "confirmed")

    def _press_undo(self, _: Any) -> None:
        self._apply("clear")

    def _press_power_dec(self, _: Any) -> None:
        self._apply(f"dec {self.selected}", "power")

    def _press_power_inc(self, _: Any) -> None:
        self._apply(f"inc {self.selected}", "power")

    def _press_power_reroll(self, _: Any) -> None:
        if self.reroll is None:  # start choosing the dice
            self.reroll = set()
            self.message = None
        elif not self.reroll:  # pressed again with nothing chosen: never mind
            self.reroll = None
        else:
            self._press_reroll_go(None)

    def _press_reroll_go(self, _: Any) -> None:
        chosen = " ".join(map(str, sorted(self.reroll or ())))
        self.reroll = None
        self._apply(f"reroll {chosen}", "power")

    def _press_cancel(self, _: Any) -> None:
        if self.reroll is not None:
            self.reroll = None
        else:
            self._apply("cancel")

    def _press_accept_magdagdon(self, _: Any) -> None:
        self._apply("accept")

    def _press_hint(self, _: Any) -> None:
        """Ask the coach: the page shows that it thinks, then calls :meth:`think`."""
        self.thinking = self.game
        self.message = Message("status.thinking")
        self.effects.append("think")

    def think(self) -> bool:
        """Work out the hint asked for (the coach is imported on first use). Nothing happens
        when the game changed since it was asked for; True when a hint is now shown."""
        asked, self.thinking = self.thinking, None
        if asked is None or asked != self.game:
            if self.message == Message("status.thinking"):
                self.message = None
            return False
        from .hints import hint_for

        self.hint = hint_for(asked)
        self.session.apply("hint")
        self.message = None
        self.effects.append("hinted")
        return True

    @property
    def coach_score(self) -> int | None:
        """The coach's score on the finished game's dice, once worked out."""
        return self.session.coach

    @property
    def coach_wanted(self) -> bool:
        """A game is over and the coach has not yet played its dice."""
        return self.game.is_over and self.session.coach is None

    def coach_steps(self) -> Iterator[None]:
        """The coach plays the finished game's dice from the start, one decision per step (the
        page lets taps in between steps); its score is then kept with the game and its record.
        The dice are a pure function of (seed, turn, draw): it faces the player's rolls."""
        game = self.game
        if not self.coach_wanted:
            return
        from .coach import suggest

        replay = Game.new(game.difficulty, game.seed)
        while not replay.is_over:
            replay = replay.play(suggest(replay))
            yield
        self.session.set_coach(game, replay.score)
        self.effects.append("coached")

    def _press_apply_hint(self, _: Any) -> None:
        """Play the hint shown, action by action (stopping at the first the rules refuse)."""
        hint, self.hint = self.hint, None
        for action in hint.actions if hint else ():
            if not self._apply(action, _EFFECT_OF.get(action.split()[0])):
                break

    def _press_new_game(self, _: Any) -> None:
        """A new game; from the daily roll, back to the ordinary game (the one in progress, or
        a new one)."""
        if self.session.day is not None and self.session.in_progress:
            self._leave_daily()
        elif self.session.day is not None:
            self._start(Wish(self.session.settings.difficulty))
        else:
            self._ask(self.game.difficulty, None)

    @property
    def new_game_resumes(self) -> bool:
        """NEW GAME goes back to an ordinary game in progress (the daily roll is on screen)."""
        return self.session.day is not None and self.session.in_progress

    def _press_daily(self, _: Any) -> None:
        """The daily roll: today's (its game kept here, or a new one), or, while it is on
        screen, back to the ordinary game. Another day's daily in progress is ended only once
        the player agrees."""
        if self.session.day is not None:
            self._leave_daily()
        else:
            self._ask_daily(self.session.today(), again=False)

    def _ask_daily(self, day: str, *, again: bool) -> None:
        """The daily roll of ``day``: its game kept here (unless ``again``: a new one), else a
        new one, after a confirmation when another daily is in progress."""
        from .daily import DIFFICULTY

        kept = self.session.daily
        if kept is not None and kept.day == day and not (again and kept.game.is_over):
            self.session.show_daily()
            self._shown()
        elif kept is not None and kept.in_progress:
            self.asked = Wish(DIFFICULTY, None, day)
            self.dialog = "confirm-new"
        else:
            self._start(Wish(DIFFICULTY, None, day))

    def _press_daily_again(self, _: Any) -> None:
        """The daily roll on screen (over) played again, as practice."""
        day = self.session.day
        if day is not None:
            self._start(Wish(self.game.difficulty, None, day))

    def _leave_daily(self) -> None:
        self.session.show_game()
        self._shown()

    @property
    def daily_awaits(self) -> bool:
        """Today's daily roll has not been finished here (the daily entry is marked)."""
        kept, today = self.session.daily, self.session.today()
        if kept is None:
            return True
        if kept.done is not None and kept.done >= today:  # an official daily of today is kept
            return False
        return kept.day != today or not kept.game.is_over

    def _ask(self, difficulty: Difficulty, seed: int | None) -> None:
        """Start that game, after a confirmation when one is in progress."""
        if self.session.in_progress:
            self.asked = Wish(difficulty, seed)
            self.dialog = "confirm-new"
        else:
            self._start(Wish(difficulty, seed))

    def _start(self, wish: Wish | None = None) -> None:
        """The game ``wish``ed for (a daily roll when it names a day), or the URL's when None."""
        if wish is None:
            self.session.accept_pending()
        elif wish.day is not None:
            self.session.start_daily(wish.day)
        else:
            self.session.new_game(wish.difficulty, wish.seed)
        self._shown()

    def _shown(self) -> None:
        """Another game is on screen: the interface starts afresh on it."""
        self.dialog = "over" if self.game.is_over else None
        self.message = None
        self.reroll = None
        self.selected = None
        self.hint = None
        self.scores_tab = self.own_tab
        self._settle()

    def _press_difficulty(self, value: Any) -> None:
        try:
            difficulty = Difficulty.parse(value)
        except ValueError:
            return
        if difficulty is not self.game.difficulty or self.session.day is not None:
            self._ask(difficulty, None)

    def _press_replay(self, value: Any) -> None:
        """Play a best-scores entry's game again: ``value`` is ``"difficulty:seed"``, or
        ``"daily:YYYY-MM-DD"`` (that day's daily roll, as practice)."""
        name, _, seed = str(value).partition(":")
        if name == DAILY:
            from .daily import parse_day

            try:
                self._ask_daily(parse_day(seed, self.session.today()), again=True)
            except ValueError:
                return
            return
        try:
            difficulty = Difficulty.parse(name)
            seed_value = parse_seed(seed)
        except ValueError:
            return
        self._ask(difficulty, seed_value)

    def _press_confirm_yes(self, _: Any) -> None:
        if self.dialog == "confirm-url":
            self._start()
        elif self.asked is not None:
            self._start(self.asked)
        self.asked = None
        self.dialog = None

    def _press_confirm_no(self, _: Any) -> None:
        if self.dialog == "confirm-url":
            self.session.pending = None
        self.asked = None
        self.dialog = None

    def _press_language(self, value: Any) -> None:
        self.session.set_language(value or None)

    def _press_scores_tab(self, value: Any) -> None:
        if value == DAILY:
            self.scores_tab = DAILY
            return
        try:
            self.scores_tab = Difficulty.parse(value)
        except ValueError:
            return

    def open(self, dialog: str) -> None:
        if dialog in DIALOGS:
            self.dialog = dialog
            if dialog == "scores":
                self.scores_tab = self.own_tab

    def _press_stats(self, _: Any) -> None:
        self.dialog = "stats"  # (of the difficulty the scores showed)

    def statistics(self) -> tuple[Any, list[int]]:
        """The statistics of the difficulty on show (:func:`magdagdon.stats.figures`) and its
        scores, oldest first (the statistics are imported on first use)."""
        from .stats import chronological, figures

        played = self.session.history.records
        today = self.session.today()
        scores = [p.score for p in chronological(played, self.scores_tab)]
        return figures(played, self.scores_tab, today), scores

    def _press_export(self, _: Any) -> None:
        """The backup code of everything the game keeps (in the backup screen)."""
        self.backup_code = self.session.export_code()
        self.backup_said = None
        self.dialog = "backup"

    def _press_import(self, _: Any) -> None:
        """The backup screen, ready for a code to paste or a file to pick."""
        self.backup_said = None
        self.dialog = "backup"
        self.effects.append("focus-import")

    def _press_copy_code(self, _: Any) -> None:
        self.effects.append("copy-code")

    def _press_download(self, _: Any) -> None:
        self.effects.append("download")

    def _press_import_go(self, value: Any) -> None:
        """Merge the backup pasted (or read from a file) in; say what came of it."""
        from .backup import BackupError

        try:
            added, refused = self.session.import_backup(value)
        except BackupError as error:
            self.backup_said = Message(f"backup.error.{error.problem}", alert=True)
            return
        self.backup_said = Message("backup.imported", {"count": added, "refused": refused})
        self.scores_tab = self.own_tab

    # -- watching a finished game ------------------------------------------------------------------
    def watchable(self, tab: Tab) -> list[bool]:
        """For each line of the best-scores table of ``tab``: whether its game can be watched
        (a best score carried over from an older release has no moves to replay)."""
        from .history import ranked

        return [bool(p.moves) for p in ranked(self.session.history.records, tab)]

    def recent(self, count: int = 5) -> list[tuple[int, Any]]:
        """The last ``count`` games of the difficulty on show that can be watched, newest first,
        each with its place in the history (for ``watch``, value ``"game:n"``)."""
        records = self.session.history.records
        tab = self.scores_tab
        found = [
            (n, played)
            for n, played in enumerate(records, 1)
            if played.moves and (played.daily is not None if tab == DAILY else played.table is tab)
        ]
        return found[::-1][:count]

    def _press_watch(self, value: Any) -> None:
        """Watch a game: ``value`` is ``"difficulty:rank"`` (a best-scores line) or
        ``"game:n"`` (the n-th game of the history, from 1)."""
        from .history import ranked
        from .replay import steps

        name, _, rank = str(value).partition(":")
        records = self.session.history.records
        try:
            # "game": a game of the history by its place in it; else a best-scores line
            tab = name if name == DAILY else Difficulty.parse(name)
            table = list(records) if name == "game" else ranked(records, tab)
            played = table[int(rank) - 1] if rank.isdigit() and int(rank) >= 1 else None
        except (ValueError, IndexError):
            return
        if played is None or not played.moves:
            return
        self.watched = steps(played.difficulty, played.seed, played.moves)
        self.at, self.watch_playing = 0, False
        self.dialog = "watch"

    def _press_watch_back(self, _: Any) -> None:
        self.at -= 1
        self.watch_playing = False

    def _press_watch_forward(self, _: Any) -> None:
        self.at += 1
        self.watch_playing = False

    def _press_watch_play(self, _: Any) -> None:
        """Play on by itself (from the start again once at the end), or pause."""
        self.watch_playing = not self.watch_playing
        if self.watch_playing:
            if self.at == len(self.watched or ()) - 1:
                self.at = 0
            self.effects.append("watch-play")

    def watch_tick(self) -> bool:
        """One step on while playing; False once it stops (at the end, paused or closed)."""
        if not (self.watch_playing and self.dialog == "watch" and self.watched):
            return False
        self.at = min(self.at + 1, len(self.watched) - 1)
        self.watch_playing = self.at < len(self.watched) - 1
        return True

    def _press_settings(self, _: Any) -> None:
        self.open("settings")

    def _press_scores(self, _: Any) -> None:
        self.open("scores")

    def _press_rules(self, _: Any) -> None:
        self.open("rules")

    def _press_about(self, _: Any) -> None:
        self.open("about")

    def _press_details(self, _: Any) -> None:
        self.open("over")

    def _press_gift(self, _: Any) -> None:
        self.open("gift")

    def _press_share(self, _: Any) -> None:
        self.effects.append("share")

    def _press_update(self, _: Any) -> None:
        self.effects.append("update")

    def _press_close(self, _: Any) -> None:
        self.watched, self.watch_playing = None, False
        if self.dialog == "confirm-url":
            self._press_confirm_no(None)
        elif self.dialog == "gift" and self.session.pending is not None:
            self.dialog = "confirm-url"  # the URL's game was waiting behind the card
            return
        self.dialog = None
        self.asked = None

    def key(self, key: str) -> bool:
        """A key press outside text fields; True when it did something here (acted, or said
        why it could not). While a game is watched, the arrows step through it."""
        if self.dialog == "watch" and key in ("ArrowLeft", "ArrowRight"):
            return self.press("watch-back" if key == "ArrowLeft" else "watch-forward")
        if self.dialog is not None:
            return False
        if key in ("1", "2", "3", "4"):
            return self.tap_die(int(key) - 1)
        action = KEYS.get(key.lower() if len(key) == 1 else key)
        return action is not None and self.press(action)

    def follow(self, key: str | None) -> bool:
        """Another tab changed the store: follow its game (True if it changed here)."""
        if not self.session.sync(key):
            return False
        self.reroll = None
        self.selected = None
        self.message = Message("notice.other-tab")
        if self.dialog in ("over", "confirm-url", "confirm-new"):
            self.dialog = None
        if self.game.is_over:
            self.dialog = "over"
        self._settle()
        return True

    # -- what the renderer asks -----------------------------------------------------------------
    def highlighted(self) -> tuple[int, ...]:
        """The cells to highlight as legal targets now."""
        return tuple(i for i, cell in enumerate(self._cell_controls()) if cell.marked)

    @property
    def language_choice(self) -> str:
        """The language chosen in SETTINGS ("" when the browser's is followed)."""
        return self.session.settings.language or ""

    def best_scores(self, tab: Tab) -> list[Entry]:
        """The best-scores table of ``tab`` (a difficulty, or the official daily rolls), best
        first."""
        if tab == DAILY:
            return self.session.history.best(DAILY)
        return self.session.records.table(tab)

    @property
    def target(self) -> int | None:
        """The score a challenge link asked to beat in the game on screen."""
        return self.session.vs

    def verdict(self) -> Message | None:
        """The finished game against its challenge's score (None: no challenge, or not over)."""
        target = self.session.vs
        if target is None or not self.game.is_over:
            return None
        score = self.game.score
        if score > target:
            return Message("challenge.won", {"by": score - target, "target": target})
        if score == target:
            return Message("challenge.tied", {"target": target})
        return Message("challenge.lost", {"by": target - score, "target": target})

    @property
    def daily_day(self) -> str | None:
        """The day of the daily roll on screen (None: an ordinary game is)."""
        return self.session.day

    @property
    def practice(self) -> bool:
        """The daily roll on screen is practice, not the day's official game."""
        return self.session.practice

    def streak(self) -> tuple[int, int]:
        """Days in a row with an official daily roll: now, and the longest."""
        return self.session.streak()

    @property
    def rank(self) -> int | None:
        """The finished game's place in its best-scores table (None: not in it)."""
        return self.session.rank

    @property
    def pending_difficulty(self) -> Difficulty | None:
        """The difficulty of the game a link asks for, waiting for the player's yes."""
        pending = self.session.pending
        return None if pending is None else pending.difficulty

    @property
    def pending_day(self) -> str | None:
        """The day of the daily roll a link asks for, waiting for the player's yes."""
        pending = self.session.pending
        return None if pending is None else pending.day

    def guide(self) -> Message | None:
        """What the guide says now (None: nothing, see :meth:`guide_step`): its step's words,
        with the step's number (``n`` of ``total``) and the dice still to stage."""
        step = self.guide_step()
        if step is None:
            return None
        params = {"n": GUIDE_STEPS.index(step) + 1, "total": len(GUIDE_STEPS)}
        return Message(f"guide.{step}", {**params, "count": self.game.still_required})

    def status(self) -> Message:
        """The status line: the last message, else what to do now."""
        if self.message is not None:
            return self.message
        if self.hint is not None:
            return Message(self.hint.say.key, self.hint.say.params, detail=self.hint.why)
        game = self.game
        phase = game.phase
        if self.reroll is not None:
            return Message("status.reroll")
        if phase is Phase.ROLL:
            return Message("status.roll")
        if phase is Phase.MAGDAGDON:
            help_key = "powers" if game.powers_left else "nopowers"
            return Message("status.magdagdon", alert=True, detail=f"status.magdagdon.{help_key}")
        if phase is Phase.RUIN:
            return Message("status.ruin")
        if phase is Phase.OVER:
            return Message("status.over", {"score": game.score})
        if game.dead_end:
            return Message("status.dead_end", alert=True)
        if game.still_required:
            return Message("status.place", {"count": game.still_required})
        return Message("status.ready")
