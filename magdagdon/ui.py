"""What a tap means: the interface's own state (chosen die, reroll choice, open dialog, the
last message) and the translation of taps into game actions. Pure, so CPython tests cover it;
the browser layer only turns DOM events into calls here and draws the result.

UI state is kept apart from game state (as in Tatham's midend): undo, saving and replay know
nothing of which die is chosen or which dialog is open.

>>> from magdagdon.records import MemoryStore
>>> from magdagdon.session import Session
>>> ui = Controller(Session(MemoryStore(), today=lambda: "2026-11-29", seed=2))
>>> ui.press("roll"); ui.selected
0
>>> ui.tap_cell(5); ui.session.game.staged
{0: 5}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalActionError, IllegalCellError
from .game import Phase
from .rules import EMPTY, RUIN, SIZE, Difficulty
from .session import Session

__all__ = ["Controller", "Message", "DIALOGS", "KEYS"]

#: Keyboard shortcuts (documented in the rules' help line): key → button action.
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
    "Escape": "cancel",
    "n": "new-game",
}

DIALOGS = ("settings", "scores", "rules", "about", "over", "confirm-new", "confirm-url", "gift")

#: Die faces for the shared board; a RUIN is a black square, an empty cell a white one.
_FACES = {RUIN: "⬛", EMPTY: "⬜", 1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}


def compact_board(board: tuple[int, ...]) -> str:
    """The board as four lines of die faces, for sharing.

    >>> print(compact_board((1, 2, 3, 4) * 3 + (-1, 0, 6, 5)))
    ⚀⚁⚂⚃
    ⚀⚁⚂⚃
    ⚀⚁⚂⚃
    ⬛⬜⚅⚄
    """
    return "\n".join(
        "".join(_FACES[v] for v in board[row : row + SIZE]) for row in range(0, SIZE * SIZE, SIZE)
    )


def replay_query(difficulty: Difficulty, seed: int) -> str:
    """The query string that starts the same game (same dice) again.

    >>> replay_query(Difficulty.NIGHTMARE, 42)
    '?seed=42&difficulty=nightmare'
    """
    return f"?seed={seed}&difficulty={difficulty.value}"


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


def _direction(cell: int, neighbour: int) -> str:
    """Where ``neighbour`` lies from ``cell``: the i18n key of "above", "below", ..."""
    return {
        -SIZE: "@reason.up",
        SIZE: "@reason.down",
        -1: "@reason.left",
        1: "@reason.right",
    }[neighbour - cell]


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
        self.scores_tab: Difficulty = session.game.difficulty
        #: The game the player asked for and must confirm: (difficulty, seed or None).
        self.asked: tuple[Difficulty, int | None] | None = None
        self.effects: list[str] = []
        if session.pending is not None:
            self.dialog = "confirm-url"
        if gift:
            self.dialog = "gift"  # the birthday card first; a pending URL game waits behind it
        self._settle()

    @property
    def game(self):
        return self.session.game

    def take_effects(self) -> list[str]:
        effects, self.effects = self.effects, []
        return effects

    # -- the engine, guarded --------------------------------------------------------------------
    def _apply(self, action: str, effect: str | None = None) -> bool:
        try:
            self.session.apply(action)
        except IllegalActionError as error:
            params = dict(error.params)
            if "required" in params:
                params["count"] = params["required"]
            self.message = Message("error." + error.code, params, alert=True)
            return False
        self.message = None
        if effect:
            self.effects.append(effect)
        if self.game.is_over:
            self.effects.append("over")
            self.dialog = "over"
            self.scores_tab = self.game.difficulty
        self._settle()
        return True

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
    def tap_die(self, die: int) -> None:
        game = self.game
        if game.phase not in (Phase.PLACING, Phase.MAGDAGDON) or not 0 <= die < len(game.dice):
            return
        if self.reroll is not None:
            if die in game.available:
                self.reroll ^= {die}
            return
        if die in game.staged:
            self.selected = die
            self._apply(f"unstage {die}")
            self.selected = die if die in self.game.available else self.selected
            return
        self.selected = die
        self.message = None

    def tap_cell(self, cell: int) -> None:
        game = self.game
        if game.phase is Phase.RUIN:
            self._apply(f"ruin {cell}", "ruined")
            return
        if game.phase is not Phase.PLACING or self.reroll is not None:
            return
        for die, staged_cell in game.placements:
            if staged_cell == cell:
                self.selected = die
                self._apply(f"unstage {die}")
                return
        if self.selected is None:
            self.message = Message("reason.no-die")
            return
        die = self.selected
        try:
            self.session.apply(f"stage {die} {cell}")
        except IllegalCellError as error:
            self.message = self._why(cell, error.params)
            self.effects.append(f"shake:{cell}")
            return
        self.selected = None
        self.message = None
        self.effects.append("staged")
        self._settle()

    def _why(self, cell: int, params: dict[str, Any]) -> Message:
        reason = params.get("reason", "not-empty")
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
    def press(self, action: str, value: str | None = None) -> None:
        handler = getattr(self, "_press_" + action.replace("-", "_"), None)
        if handler is not None:
            handler(value)

    def _press_roll(self, _: Any) -> None:
        # (a refused ROLL, e.g. one tapped while Python started on a game resumed mid-turn,
        # keeps the chosen die: only a roll changes it, through _settle)
        self._apply("roll", "rolled")

    def _press_confirm(self, _: Any) -> None:
        self._apply("confirm", "confirmed")

    def _press_undo(self, _: Any) -> None:
        if self.game.placements:
            self._apply("clear")

    def _press_power_dec(self, _: Any) -> None:
        if self.selected is not None and self.reroll is None:
            self._apply(f"dec {self.selected}", "power")

    def _press_power_inc(self, _: Any) -> None:
        if self.selected is not None and self.reroll is None:
            self._apply(f"inc {self.selected}", "power")

    def _press_power_reroll(self, _: Any) -> None:
        if self.reroll is None:
            if self.game.can_use_power:
                self.reroll = set()
                self.message = None
            return
        if not self.reroll:
            self.reroll = None  # pressed again with nothing chosen: never mind
            return
        chosen = " ".join(map(str, sorted(self.reroll)))
        self.reroll = None
        self._apply(f"reroll {chosen}", "power")

    def _press_reroll_go(self, _: Any) -> None:
        if self.reroll:
            self._press_power_reroll(None)

    def _press_cancel(self, _: Any) -> None:
        if self.reroll is not None:
            self.reroll = None
        elif self.game.phase is Phase.RUIN:
            self._apply("cancel")

    def _press_accept_magdagdon(self, _: Any) -> None:
        self._apply("accept")

    def _press_new_game(self, _: Any) -> None:
        self._ask(self.game.difficulty, None)

    def _ask(self, difficulty: Difficulty, seed: int | None) -> None:
        """Start that game, after a confirmation when one is in progress."""
        if self.session.in_progress:
            self.asked = (difficulty, seed)
            self.dialog = "confirm-new"
        else:
            self._start(difficulty, seed)

    def _start(self, difficulty: Difficulty | None = None, seed: int | None = None) -> None:
        """A new game of ``difficulty`` (and ``seed``), or the URL's game when None."""
        if difficulty is None:
            self.session.accept_pending()
        else:
            self.session.new_game(difficulty, seed)
        self.dialog = None
        self.message = None
        self.reroll = None
        self.selected = None
        self.scores_tab = self.game.difficulty

    def _press_difficulty(self, value: Any) -> None:
        try:
            difficulty = Difficulty.parse(value)
        except ValueError:
            return
        if difficulty is not self.game.difficulty:
            self._ask(difficulty, None)

    def _press_replay(self, value: Any) -> None:
        """Play a best-scores entry's game again: ``value`` is ``"difficulty:seed"``."""
        name, _, seed = str(value).partition(":")
        try:
            difficulty = Difficulty.parse(name)
            seed_value = int(seed)
        except ValueError:
            return
        self._ask(difficulty, seed_value)

    def _press_confirm_yes(self, _: Any) -> None:
        if self.dialog == "confirm-url":
            self._start()
        elif self.dialog == "confirm-new" and self.asked is not None:
            self._start(*self.asked)
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
        try:
            self.scores_tab = Difficulty.parse(value)
        except ValueError:
            return

    def open(self, dialog: str) -> None:
        if dialog in DIALOGS:
            self.dialog = dialog
            if dialog == "scores":
                self.scores_tab = self.game.difficulty

    def _press_settings(self, _: Any) -> None:
        self.open("settings")

    def _press_scores(self, _: Any) -> None:
        self.open("scores")

    def _press_rules(self, _: Any) -> None:
        self.open("rules")

    def _press_about(self, _: Any) -> None:
        self.open("about")

    def _press_details(self, _: Any) -> None:
        if self.game.is_over:
            self.open("over")

    def _press_gift(self, _: Any) -> None:
        self.open("gift")

    def _press_share(self, _: Any) -> None:
        if self.game.is_over:
            self.effects.append("share")

    def _press_update(self, _: Any) -> None:
        self.effects.append("update")

    def _press_close(self, _: Any) -> None:
        if self.dialog == "confirm-url":
            self._press_confirm_no(None)
        elif self.dialog == "gift" and self.session.pending is not None:
            self.dialog = "confirm-url"  # the URL's game was waiting behind the card
            return
        self.dialog = None
        self.asked = None

    def key(self, key: str) -> bool:
        """A key press outside text fields; True when it meant something here."""
        if self.dialog is not None:
            return False
        if key in ("1", "2", "3", "4"):
            self.tap_die(int(key) - 1)
            return True
        action = KEYS.get(key.lower() if len(key) == 1 else key)
        if action is None:
            return False
        self.press(action)
        return True

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
        game = self.game
        if game.phase is Phase.RUIN:
            return tuple(i for i, v in enumerate(game.board) if v == 0)
        if game.phase is Phase.PLACING and self.selected is not None and self.reroll is None:
            return game.legal.get(self.selected, ())
        return ()

    def status(self) -> Message:
        """The status line: the last message, else what to do now."""
        if self.message is not None:
            return self.message
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
