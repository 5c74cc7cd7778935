"""Controllers over sessions on in-memory stores, as the browser has them over localStorage: one
at a game's position, what an input that does nothing must leave as it was, and a game played
by taps alone (each needed die tapped, then one of its highlighted cells), or through the
session and the page reloaded."""

from __future__ import annotations

from typing import Any

from magdagdon.game import Game, Phase
from magdagdon.rules import CELLS
from magdagdon.ui import Controller

from .greedy import finished
from .sessions import new_session, reload


def controller_at(game: Game, *, gift: bool = False) -> Controller:
    """A controller over a fresh store whose session has played ``game``'s moves (and staged its
    staged dice) through the session, as a player would have."""
    session = new_session(seed=game.seed, difficulty=game.difficulty)
    for move in game.moves + tuple(f"stage {d} {c}" for d, c in game.placements):
        session.apply(move)
    assert session.game == game
    return Controller(session, gift=gift)


def state(ui: Controller) -> tuple:
    """Everything a refused or meaningless input must leave as it was."""
    return (ui.game, ui.selected, ui.reroll, ui.dialog, ui.message, ui.asked, ui.scores.tab)


def play_turn_by_taps(ui: Controller) -> None:
    """One turn as a player taps it: ROLL; then MAGDAGDON accepted and the first highlighted
    cell ruined, or each needed die tapped and then one of its highlighted cells, and CONFIRM."""
    if ui.game.phase is Phase.ROLL:
        ui.press("roll")
    if ui.game.phase is Phase.MAGDAGDON:
        ui.press("accept-magdagdon")
        ui.tap_cell(ui.highlighted()[0])
        return
    while ui.game.still_required:
        game = ui.game
        die, cell = next(
            (d, c)
            for d in game.available
            for c in game.legal[d]
            if not game.apply(f"stage {d} {c}").dead_end
        )
        ui.tap_die(die)
        assert cell in ui.highlighted()
        ui.tap_cell(cell)
    ui.press("confirm")


def play_to_the_end(ui: Controller) -> list[str]:
    """Play by taps until the game is over; the effects seen on the way."""
    effects: list[str] = []
    for _ in range(CELLS):  # each turn fills or ruins at least one cell
        play_turn_by_taps(ui)
        effects += ui.take_effects()
        if ui.game.is_over:
            return effects
    raise AssertionError("the game did not end")


def finished_ui(**wishes: Any) -> Controller:
    """A controller over a new session (``wishes``: what the URL asks for) whose game was
    played to the end by taps."""
    ui = Controller(new_session(**wishes))
    ui.press("roll")
    play_to_the_end(ui)
    ui.take_effects()
    return ui


def finish_on_screen(ui: Controller) -> Controller:
    """The game on screen played to the end through the session, and the page reloaded."""
    game = ui.game
    ending = finished(game.difficulty, game.seed).moves
    assert ending[: len(game.moves)] == game.moves
    for move in ending[len(game.moves) :]:
        ui.session.apply(move)
    return reload(ui)
