"""Playing a turn: ROLL, the dice and the cells, CONFIRM, UNDO, the powers, MAGDAGDON's
accept and ruin, and the status line that says what to do now."""

from __future__ import annotations

from dataclasses import replace

from ..effects import Effect, Shake
from ..game import Game, Phase
from ..message import Message
from ..rules import CELLS, EMPTY
from .controls import IDLE, Control, refusal
from .state import Part

__all__ = ["Play"]


def _no_die() -> Message:
    return Message("reason.no-die")


class Play(Part):
    ACTIONS = (
        "roll",
        "confirm",
        "undo",
        "accept-magdagdon",
        "reroll-go",
        "cancel",
        "power-dec",
        "power-inc",
        "power-reroll",
    )

    # -- rows of the table ---------------------------------------------------------------------
    def controls(self) -> dict[str, Control]:
        game, ui = self.game, self.ui
        choosing, phase = ui.reroll is not None, game.phase
        placing = phase is Phase.PLACING and not choosing
        magdagdon = phase is Phase.MAGDAGDON and not choosing
        ruin = choosing or phase is Phase.RUIN
        return {
            "roll": self._engine("roll", shown=phase is Phase.ROLL),
            "confirm": self._confirm_control(placing, choosing),
            "undo": Control(placing, placing and bool(game.placements)),
            "accept-magdagdon": self._engine("accept", magdagdon, said=not choosing),
            "reroll-go": Control(choosing, bool(ui.reroll)),
            "cancel": Control(ruin, ruin),
            "power-dec": self._power_change(-1),
            "power-inc": self._power_change(1),
            "power-reroll": Control(
                enabled=game.can_use_power and bool(game.available), pressed=choosing
            ),
        }

    def _confirm_control(self, placing: bool, choosing: bool) -> Control:
        """CONFIRM: while a hint is on show, "Play it" takes its place, but its key still
        confirms (and dismisses the hint)."""
        control = self._engine("confirm", placing, self.game.can_confirm, said=not choosing)
        return replace(control, shown=placing and self.ui.hint is None)

    def _engine(
        self, action: str, shown: bool, allowed: bool = True, *, said: bool = True
    ) -> Control:
        """A button for one engine action: enabled when shown and ``allowed``; pressed anyway
        (by its key), it says the rules' refusal when ``said``."""
        why = refusal(self.game, action) if said else None
        return Control(shown, shown and allowed, refusal=why)

    def _power_change(self, delta: int) -> Control:
        """−1 or +1 on the chosen die."""
        die = self.ui.selected
        if die is None or self.ui.reroll is not None:
            return IDLE
        verb = "inc" if delta > 0 else "dec"
        return Control(
            enabled=self.game.can_change(die, delta), refusal=refusal(self.game, f"{verb} {die}")
        )

    def dice(self) -> tuple[Control, ...]:
        game, chosen, selected = self.game, self.ui.reroll or set(), self.ui.selected
        usable = game.phase in (Phase.PLACING, Phase.MAGDAGDON)
        rolled = len(game.dice)
        return tuple(
            Control(
                shown=d < rolled,
                enabled=usable and d < rolled,
                pressed=(d == selected and d not in game.staged) or d in chosen,
                marked=d in chosen,
            )
            for d in range(4)
        )

    def cells(self) -> tuple[Control, ...]:
        game = self.game
        if game.phase is Phase.RUIN:
            return tuple(
                Control(enabled=v == EMPTY, marked=v == EMPTY, refusal=refusal(game, f"ruin {i}"))
                for i, v in enumerate(game.board)
            )
        if game.phase is not Phase.PLACING or self.ui.reroll is not None:
            return (IDLE,) * CELLS
        staged = {cell for _, cell in game.placements}
        die = self.ui.selected
        targets = set(game.legal.get(die, ())) if die is not None else set()
        shown = targets if self.ui.hint is None else set()  # a hint on show stands alone
        return tuple(
            Control(
                enabled=cell in staged or cell in targets,
                marked=cell in shown,
                refusal=refusal(game, f"stage {die} {cell}") if die is not None else _no_die,
            )
            for cell in range(CELLS)
        )

    # -- taps --------------------------------------------------------------------------------
    def tap_die(self, die: int) -> bool:
        """A tap on die ``die``; False when it could not be tapped."""
        if not 0 <= die < 4 or not self.dice()[die].enabled:
            return False
        ui, game = self.ui, self.game
        ui.hint = None
        ui.emit(Effect.TAPPED)
        if ui.reroll is not None:
            if die in game.available:
                ui.reroll ^= {die}
        elif die in game.staged:
            ui.selected = die
            ui.apply(f"unstage {die}")
        else:
            ui.selected = die
            ui.message = None
        return True

    def tap_cell(self, cell: int) -> None:
        if not 0 <= cell < CELLS:
            return
        ui, game = self.ui, self.game
        ui.hint = None
        control = self.cells()[cell]
        if not control.enabled:
            why = control.why
            if why is not None:
                ui.message = why
                if game.phase is Phase.PLACING and ui.selected is not None:
                    ui.emit(Shake(cell))  # the rules refused this cell: show where
            return
        if game.phase is Phase.RUIN:
            ui.apply(f"ruin {cell}", Effect.RUINED)
            return
        for die, staged_cell in game.placements:
            if staged_cell == cell:
                ui.selected = die
                ui.apply(f"unstage {die}")
                return
        self.session.apply(f"stage {ui.selected} {cell}")
        ui.selected = None
        ui.message = None
        ui.emit(Effect.STAGED)
        ui.settle()

    # -- buttons -------------------------------------------------------------------------------
    def _press_roll(self, _: str | None) -> None:
        # (a refused ROLL, e.g. one tapped while Python started on a game resumed mid-turn,
        # keeps the chosen die: only a roll changes it, through settle)
        self.ui.apply("roll", Effect.ROLLED)

    def _press_confirm(self, _: str | None) -> None:
        self.ui.apply("confirm", Effect.CONFIRMED)

    def _press_undo(self, _: str | None) -> None:
        self.ui.apply("clear")

    def _press_power_dec(self, _: str | None) -> None:
        self.ui.apply(f"dec {self.ui.selected}", Effect.POWER)

    def _press_power_inc(self, _: str | None) -> None:
        self.ui.apply(f"inc {self.ui.selected}", Effect.POWER)

    def _press_power_reroll(self, _: str | None) -> None:
        ui = self.ui
        if ui.reroll is None:  # start choosing the dice
            ui.reroll = set()
            ui.message = None
        elif not ui.reroll:  # pressed again with nothing chosen: never mind
            ui.reroll = None
        else:
            self._press_reroll_go(None)

    def _press_reroll_go(self, _: str | None) -> None:
        chosen = " ".join(map(str, sorted(self.ui.reroll or ())))
        self.ui.reroll = None
        self.ui.apply(f"reroll {chosen}", Effect.POWER)

    def _press_cancel(self, _: str | None) -> None:
        if self.ui.reroll is not None:
            self.ui.reroll = None
        else:
            self.ui.apply("cancel")

    def _press_accept_magdagdon(self, _: str | None) -> None:
        self.ui.apply("accept")

    # -- what it shows ---------------------------------------------------------------------------
    def status(self) -> Message:
        """The status line: the last message, else what to do now (on a practice position,
        with what practice asks when the phase has nothing more to say)."""
        ui = self.ui
        if ui.message is not None:
            return ui.message
        if ui.hint is not None:
            return Message(ui.hint.say.key, ui.hint.say.params, detail=ui.hint.why)
        if ui.reroll is not None:
            return Message("status.reroll")
        status = _what_now(self.game)
        if self.session.drilling and status.detail is None:  # a practice position of hers
            return replace(status, detail=f"{self.ui.drill}.prompt")
        return status


def _what_now(game: Game) -> Message:
    """What the phase of ``game`` asks the player to do."""
    phase = game.phase
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
