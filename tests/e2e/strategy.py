"""How the browser tests play, and what the page must show: pure, no browser.

A fixed strategy (:func:`plan_turn`, :func:`ruin_choice`) picks the moves, the engine (CPython)
computes the game they make, and :func:`core_diff` / :func:`controls_diff` say how a view of the
page (read by ``play.view``) differs from that game and from the controller's own table of what
can be pressed. ``play.py`` drives the page with these.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable

from magdagdon.game import Game, Phase
from magdagdon.i18n import Translator, load_catalog
from magdagdon.records import MemoryStore
from magdagdon.rules import EMPTY, RUIN
from magdagdon.session import Session
from magdagdon.ui import BUTTONS, Controller, Controls

from .harness import REPO_ROOT

GAME_KEY = "magdagdon.v1.game"

SETTINGS_KEY = "magdagdon.v1.settings"

DIFFICULTIES = ("peaceful", "survival", "nightmare")


def played(difficulty: str, seed: int, *, until_empty: int = 0) -> Game:
    """A game played in CPython with a plain strategy (first legal die on its first legal
    cell, MAGDAGDON accepted on the first empty cell) until it is over — or, with
    ``until_empty``, until at most that many cells are empty at a ROLL."""
    game = Game.new(difficulty, seed=seed)
    while game.phase is not Phase.OVER and game.board.count(EMPTY) > until_empty:
        game = game.apply("roll")
        if game.phase is Phase.MAGDAGDON:
            game = game.apply("accept").apply(f"ruin {game.board.index(EMPTY)}")
            continue
        while not game.can_confirm:
            die = next(d for d in game.available if game.legal[d])
            game = game.apply(f"stage {die} {game.legal[die][0]}")
        game = game.apply("confirm")
    return game


def best_key(difficulty: str) -> str:
    return f"magdagdon.v1.best.{difficulty}"


@functools.cache
def _english() -> Translator:
    catalog = load_catalog((REPO_ROOT / "i18n" / "en.json").read_text("utf-8"))
    return Translator({"en": catalog}, "en")


def en(key: str, **params) -> str:
    """The English text of an i18n key (what the page shows with locale en-US)."""
    return _english().t(key, **params)


def cell_view(game: Game) -> list[list]:
    """[state, value] of every cell as the page must show ``game``."""
    staged = {cell for _, cell in game.placements}
    cells = []
    for i, value in enumerate(game.staged_board):
        if i in staged:
            cells.append(["staged", value])
        elif value == RUIN:
            cells.append(["ruin", 0])
        elif value == EMPTY:
            cells.append(["empty", 0])
        else:
            cells.append(["number", value])
    return cells


def core_of(game: Game) -> list:
    dice = [[v, d in game.staged] for d, v in enumerate(game.dice)]
    dice += [[0, False]] * (4 - len(dice))
    return [game.phase.value, str(game.score), cell_view(game), dice]


def legal_on_page(v: dict) -> list[int]:
    return [i for i, c in enumerate(v["cells"]) if c["legal"]]


def selected_on_page(v: dict) -> list[int]:
    return [d for d, die in enumerate(v["dice"]) if die["state"] == "selected"]


def core_diff(v: dict, game: Game) -> list[str]:
    """How the page's phase, score, cells and dice differ from ``game`` (empty: they agree)."""
    lines = []
    if v["phase"] != game.phase.value:
        lines.append(f"phase: page {v['phase']!r}, engine {game.phase.value!r}")
    if v["score"] != str(game.score):
        lines.append(f"score: page {v['score']!r}, engine {game.score}")
    for i, (cell, want) in enumerate(zip(v["cells"], cell_view(game), strict=True)):
        if [cell["state"], cell["value"]] != want:
            lines.append(f"cell {i}: page {cell['state']}/{cell['value']}, engine {want}")
    page_dice = [(d["value"], d["state"] == "staged") for d in v["dice"]]
    want_dice = [tuple(x) for x in core_of(game)[3]]
    if page_dice != want_dice:
        lines.append(f"dice (value, staged): page {page_dice}, engine {want_dice}")
    return lines


# -- what can be pressed: the controller's own table -----------------------------------------------
def controls_for(
    game: Game,
    selected: int | None,
    chosen: set[int] | None,
    *,
    hinted: bool = False,
    thinking: bool = False,
) -> Controls:
    """The controller's table of what can be pressed for ``game`` with ``selected`` chosen and
    ``chosen`` picked for REROLL (None: not choosing), as the page's controller has it; with
    the coach's hint on show (``hinted``: the coach's suggestion for ``game``, as the page
    worked it out) or being worked out (``thinking``)."""
    store = MemoryStore({GAME_KEY: json.dumps(game.to_dict())})
    ui = Controller(Session(store, today=lambda: "2026-11-30"))
    assert ui.game == game, "the saved game does not load back"
    ui.selected, ui.reroll = selected, chosen
    if hinted:
        from magdagdon.hints import hint_for

        ui.hint = hint_for(game)
    if thinking:
        ui.hints.thinking = game
    return ui.controls()


def controls_diff(v: dict, game: Game, choosing: bool) -> list[str]:
    """How the page's buttons, dice and highlighted cells differ from the controller's table
    for ``game`` and the page's own choices (empty: they agree), a hint on show or being
    worked out included."""
    selected = selected_on_page(v)
    if len(selected) > 1 or any(d not in game.available for d in selected):
        return [f"selected dice {selected}, available {game.available}"]
    chosen = {d for d, die in enumerate(v["dice"]) if die["chosen"]}
    if chosen and not choosing:
        return [f"dice marked for REROLL outside choosing mode: {sorted(chosen)}"]
    buttons = v["buttons"]
    hinted = not buttons["apply-hint"]["hidden"]
    thinking = not buttons["hint"]["hidden"] and buttons["hint"]["disabled"]
    table = controls_for(
        game,
        selected[0] if selected else None,
        chosen if choosing else None,
        hinted=hinted,
        thinking=thinking,
    )
    lines = []
    for action in BUTTONS:
        page, want = v["buttons"][action], table.actions[action]
        if (not page["hidden"], not page["disabled"]) != (want.shown, want.enabled):
            lines.append(
                f"{action}: page shown={not page['hidden']} enabled={not page['disabled']},"
                f" table shown={want.shown} enabled={want.enabled} ({game.phase.value})"
            )
    for d, (die, want) in enumerate(zip(v["dice"], table.dice, strict=True)):
        if "disabled" in die and die["disabled"] is want.enabled:
            lines.append(f"die {d}: page disabled={die['disabled']}, table enabled={want.enabled}")
    legal = legal_on_page(v)
    marked = [i for i, cell in enumerate(table.cells) if cell.marked]
    if legal != marked:
        lines.append(f"highlighted cells {legal}, table {marked} (selected {selected})")
    return lines


# -- a strategy: the engine picks moves, the page must offer them ---------------------------------


def plan_turn(game: Game) -> list[tuple[int, int]]:
    """Stagings (die, cell) from PLACING that reach the minimum, then as many more as fit.

    Dice are tried from the last one, so the page's auto-selected die 0 is often not the
    one staged first and the player has to tap a die.
    """

    def reach(g: Game) -> Game | None:
        if len(g.placements) >= g.required:
            return g
        if g.dead_end:
            return None
        for d in reversed(g.available):
            for c in g.legal[d]:
                found = reach(g.apply(f"stage {d} {c}"))
                if found is not None:
                    return found
        return None

    done = reach(game)
    assert done is not None, f"no way to place {game.required} of {game.dice}: not PLACING?"
    more = True
    while more:
        more = False
        for d in reversed(done.available):
            if done.legal[d]:
                done = done.apply(f"stage {d} {done.legal[d][0]}")
                more = True
                break
    return list(done.placements)


def ruin_choice(game: Game) -> int:
    """The cell the strategy ruins: the last empty cell."""
    return max(i for i, value in enumerate(game.board) if value == EMPTY)


def next_turn(game: Game) -> Game:
    """The strategy's turn in CPython alone (for choosing seeds)."""
    game = game.apply("roll")
    if game.phase is Phase.MAGDAGDON:
        return game.apply("accept").apply(f"ruin {ruin_choice(game)}")
    for d, c in plan_turn(game):
        game = game.apply(f"stage {d} {c}")
    return game.apply("confirm")


def simulate(game: Game) -> list[Game]:
    """Every state after a ROLL of the strategy's game, to its end."""
    rolled = []
    while not game.is_over:
        rolled.append(game.apply("roll"))
        game = next_turn(game)
    rolled.append(game)
    return rolled


@functools.cache
def find_seed(difficulty: str, wish: str, start: int = 1) -> int:
    """The first seed from ``start`` whose game has the wished property (see WISHES)."""
    good = WISHES[wish]
    for seed in range(start, start + 3000):
        if good(Game.new(difficulty, seed)):
            return seed
    raise AssertionError(f"no {difficulty} seed in {start}..{start + 2999} with {wish}")


def _magdagdon_played(game: Game) -> bool:
    return any(g.phase is Phase.MAGDAGDON for g in simulate(game))


def _first_roll(test: Callable[[Game], bool]) -> Callable[[Game], bool]:
    return lambda game: test(game.apply("roll"))


WISHES: dict[str, Callable[[Game], bool]] = {
    "a magdagdon": _magdagdon_played,
    "a magdagdon first": _first_roll(lambda g: g.phase is Phase.MAGDAGDON),
    "four dice placeable": _first_roll(
        lambda g: g.phase is Phase.PLACING and len(plan_turn(g)) == 4
    ),
}


def near_end(difficulty: str, seed: int, turns_left: int = 1) -> Game:
    """The strategy's game of ``seed`` with ``turns_left`` turns to go (phase ROLL)."""
    states = [Game.new(difficulty, seed)]
    while not states[-1].is_over:
        states.append(next_turn(states[-1]))
    return states[-1 - turns_left]


def save_json(game: Game) -> str:
    return json.dumps(game.to_dict())


#: A full table of ten best scores (SURVIVAL-like, seeds 1000..1009), longest columns included:
#: what the layout tests put in storage to fill the best-scores screens.
TEN_BEST = [
    {
        "score": 400 - 37 * n,
        "date": f"2026-11-{10 + n:02d}",
        "turns": 9 + n % 7,
        "powers": n % 2,
        "seed": 1000 + n,
    }
    for n in range(10)
]
