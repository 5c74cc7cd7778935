"""Every refusal the rules engine can raise, with exactly what it carries, because the player
reads it.

A refusal reaches the player through its class and its ``code`` (which text is shown) and its
``params`` (what fills the text in): ``reason.too-far`` reads "A {value} must differ by at most 1
from the {neighbour} {direction}", filled from ``value``, ``neighbour_value`` and ``neighbour``;
``error.below-minimum`` from ``required``. A saved game's ``problem`` decides whether a reload is
refused and why, and a score line's ``kind`` and ``index`` name it ("Row 1 — STRAIGHT"). The
behaviour tests (tests/unit/test_game.py, the hypothesis model) check that an action is refused;
a mutation run showed that they let any of these parameters be dropped, set to None or garbled.

So here, one table row per distinct refusal: a concrete situation (a board from
``Game.from_board`` and a roll found by seed, or a real saved game), the action, and the expected
class and WHOLE ``params`` dict, worked out from the situation (a dropped or extra parameter
fails). Then: the words the interface builds from them, every ``SavedGameError`` problem, every
line of a few score breakdowns, what the public API (``magdagdon.api``) refuses, and the
developer's words of a refusal (``str(error)``).
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from magdagdon import (
    BadActionError,
    BelowMinimumError,
    Bonus,
    CellNotEmptyError,
    DieUnavailableError,
    Game,
    IllegalActionError,
    IllegalCellError,
    MagdagdonError,
    NoPowerLeftError,
    Phase,
    PowerOutOfRangeError,
    RollPlaceableError,
    SavedGameError,
    WrongPhaseError,
    can_place,
    errors,
    legal_cells,
    power_penalty,
    required_minimum,
    score,
)
from magdagdon.game import SEED_LIMIT
from magdagdon.i18n import Translator, load_catalog, placeholders
from magdagdon.rules import Difficulty, parse_board, score_breakdown
from magdagdon.ui import Controller
from magdagdon.ui.controls import said

from .greedy import rolled, stage_minimum
from .sessions import new_session

I18N = Path(__file__).resolve().parents[2] / "i18n"
EMPTY_BOARD = "..../..../..../...."
ONE = "1.../..../..../...."  # a single 1 in the top-left corner

#: Each refusal's code, written out (the i18n key is ``error.<code>``).
CODES = {
    BadActionError: "bad-action",
    WrongPhaseError: "wrong-phase",
    DieUnavailableError: "die-unavailable",
    IllegalCellError: "illegal-cell",
    BelowMinimumError: "below-minimum",
    NoPowerLeftError: "no-power-left",
    PowerOutOfRangeError: "power-out-of-range",
    RollPlaceableError: "roll-placeable",
    CellNotEmptyError: "cell-not-empty",
    SavedGameError: "saved-game",
}


# -- helpers ---------------------------------------------------------------------------------------
def expect(phase: Phase, game: Game) -> Game:
    """``game``, checked to stand where its situation says."""
    assert game.phase is phase, (game, phase)
    return game


# The situations the tables refer to by name: dice are (die 0, die 1, die 2, die 3).
SITUATIONS: dict[str, Callable[[], Game]] = {
    # ROLL: a new game awaiting its first roll.
    "fresh": lambda: expect(Phase.ROLL, Game.new("peaceful", seed=7)),
    "fresh-nightmare": lambda: expect(Phase.ROLL, Game.new("nightmare", seed=7)),
    # A 3 on cell 0 over a 4 on cell 4; dice 3 5 1 6: the 3 fits 1 5 8, the 5 fits 5 8,
    # the 1 and the 6 fit nowhere.
    "placing": lambda: expect(Phase.PLACING, rolled("3.../4.../..../....", (3, 5, 1, 6))),
    # ... with die 0 (the 3) staged on cell 1.
    "placing, die 0 staged": lambda: SITUATIONS["placing"]().apply("stage 0 1"),
    # ... with die 1 (the 5) staged on cell 5.
    "placing, die 1 staged": lambda: SITUATIONS["placing"]().apply("stage 1 5"),
    # A lone 1 on cell 5 (row 1, column 1); dice 1 2 6 5: the 6 and the 5 are too far from it
    # on each of its four sides.
    "lone 1": lambda: expect(Phase.PLACING, rolled("..../.1../..../....", (1, 2, 6, 5))),
    # A 5 on cell 2 above cell 6, a 1 on cell 5 left of it; dice 1 2 6 5.
    "5 above, 1 left": lambda: expect(Phase.PLACING, rolled("..5./.1../..../....", (1, 2, 6, 5))),
    # A 1 on cell 2 above cell 6, a 2 on cell 5 left of it; dice 1 2 6 5.
    "1 above, 2 left": lambda: expect(Phase.PLACING, rolled("..1./.2../..../....", (1, 2, 6, 5))),
    # The empty board, the 1 (die 0) staged on cell 5: staged dice count as numbers.
    "empty board, 1 staged": lambda: expect(
        Phase.PLACING, rolled(EMPTY_BOARD, (1, 2, 6, 5)).apply("stage 0 5")
    ),
    # A ruin on cell 0 and nothing else: any die may go on any EMPTY cell; dice 3 3 6 6.
    "ruin only": lambda: expect(Phase.PLACING, rolled("#.../..../..../....", (3, 3, 6, 6))),
    "ruin only, 3 staged": lambda: SITUATIONS["ruin only"]().apply("stage 0 5"),
    # A 1 on cell 0, a ruin on cell 1; dice 1 2 6 5.
    "1 beside a ruin": lambda: expect(Phase.PLACING, rolled("1#../..../..../....", (1, 2, 6, 5))),
    # MAGDAGDON: a 1 on cell 0, dice 3 3 6 6 (nothing within 1 of the 1).
    "magdagdon": lambda: expect(Phase.MAGDAGDON, rolled(ONE, (3, 3, 6, 6))),
    "magdagdon, nightmare": lambda: expect(Phase.MAGDAGDON, rolled(ONE, (3, 3, 6, 6), "nightmare")),
    # A 6 on cell 0, dice 1 2 1 3: MAGDAGDON with 1s to take −1 from.
    "magdagdon, low dice": lambda: expect(
        Phase.MAGDAGDON, rolled("6.../..../..../....", (1, 2, 1, 3))
    ),
    # SURVIVAL's one power spent: −1 on the first 3 rescues the roll (2 3 6 6) ...
    "survival spent, placing": lambda: expect(
        Phase.PLACING, rolled(ONE, (3, 3, 6, 6), "survival").apply("dec 0")
    ),
    # ... or +1 on it leaves it in MAGDAGDON (4 3 6 6).
    "survival spent, magdagdon": lambda: expect(
        Phase.MAGDAGDON, rolled(ONE, (3, 3, 6, 6), "survival").apply("inc 0")
    ),
    # PEACEFUL's three powers spent: dice 2 3 5 5.
    "peaceful spent": lambda: expect(
        Phase.PLACING, SITUATIONS["magdagdon"]().play(["dec 0", "dec 2", "dec 3"])
    ),
    # NIGHTMARE (minimum 3) on the empty board, dice 1 2 3 4.
    "nightmare placing": lambda: expect(
        Phase.PLACING, rolled(EMPTY_BOARD, (1, 2, 3, 4), "nightmare")
    ),
    "nightmare, two staged": lambda: SITUATIONS["nightmare placing"]().play(
        ["stage 0 0", "stage 1 1"]
    ),
    # NIGHTMARE with two EMPTY cells left (14, 15): the minimum is 2; dice 1 2 6 5.
    "nightmare, two cells left": lambda: expect(
        Phase.PLACING, rolled("1111/1111/1111/11..", (1, 2, 6, 5), "nightmare")
    ),
    "nightmare, two cells left, one staged": lambda: SITUATIONS[
        "nightmare, two cells left"
    ]().apply("stage 0 14"),
    # NIGHTMARE with a ruin (11) and two EMPTY cells (14, 15): ruins are not empty, minimum 2.
    "nightmare, a ruin and two cells left": lambda: expect(
        Phase.PLACING, rolled("1111/1111/111#/11..", (1, 2, 6, 5), "nightmare")
    ),
    # One EMPTY cell (15) left: the minimum is 1 at any difficulty.
    "nightmare, last cell": lambda: expect(
        Phase.PLACING, rolled("1111/1111/1111/111.", (1, 2, 6, 5), "nightmare")
    ),
    "peaceful, last cell": lambda: expect(
        Phase.PLACING, rolled("1111/1111/1111/111.", (1, 2, 6, 5))
    ),
    # RUIN: MAGDAGDON accepted, choosing the cell to ruin.
    "choosing ruin": lambda: expect(Phase.RUIN, SITUATIONS["magdagdon"]().apply("accept")),
    # ... on a board with a ruin on cell 1 already (a 1 on cell 0, dice 3 3 6 6).
    "choosing ruin, a ruin on 1": lambda: expect(
        Phase.RUIN, rolled("1#../..../..../....", (3, 3, 6, 6)).apply("accept")
    ),
    # OVER: a full board.
    "over": lambda: expect(Phase.OVER, Game.from_board("1111/1111/1111/1111")),
}


def at(situation: str) -> Game:
    return SITUATIONS[situation]()


def refused(game: Game, action: Any) -> MagdagdonError:
    """The error ``action`` raises in ``game`` (it must raise one of the engine's)."""
    with pytest.raises(MagdagdonError) as caught:
        game.apply(action)
    return caught.value


def cell_refusal(
    die: int,
    cell: int,
    value: int,
    reason: str,
    neighbour: int | None = None,
    neighbour_value: int | None = None,
) -> dict[str, Any]:
    """The params of an IllegalCellError on a cell of the board (every one carries all six)."""
    return {
        "die": die,
        "cell": cell,
        "value": value,
        "reason": reason,
        "neighbour": neighbour,
        "neighbour_value": neighbour_value,
    }


def sides(cell: int) -> dict[int, str]:
    """The orthogonal neighbours of ``cell`` and where each lies from it (the i18n reason key)."""
    row, column = divmod(cell, 4)
    found = {}
    if row > 0:
        found[cell - 4] = "up"
    if row < 3:
        found[cell + 4] = "down"
    if column > 0:
        found[cell - 1] = "left"
    if column < 3:
        found[cell + 1] = "right"
    return found


@functools.cache
def translator() -> Translator:
    return Translator({"en": load_catalog((I18N / "en.json").read_text("utf-8"))}, "en")


@functools.cache
def catalogues() -> dict[str, dict[str, Any]]:
    return {path.stem: load_catalog(path.read_text("utf-8")) for path in I18N.glob("*.json")}


@functools.cache
def controller() -> Controller:
    """An interface over an in-memory store: its ``_said`` words every refusal the status line
    shows, from the error's code and params."""
    return Controller(new_session())


def english(key: str, params: dict[str, Any]) -> str:
    """The English text of ``key``, its ``@key`` params translated too (as the page does)."""
    tr = translator()
    filled = {
        k: tr.t(v[1:]) if isinstance(v, str) and v.startswith("@") else v for k, v in params.items()
    }
    return tr.t(key, **filled)


# -- every refusal of an action: class, code, whole params -----------------------------------------
BAD_ACTIONS = [
    # Not written in the action notation: params {"action": the action as given}.
    pytest.param("fresh", "", {"action": ""}, id="empty"),
    pytest.param("fresh", "   ", {"action": "   "}, id="blank"),
    pytest.param("fresh", "fly", {"action": "fly"}, id="unknown-verb"),
    pytest.param("fresh", "ROLL", {"action": "ROLL"}, id="verb-in-capitals"),
    pytest.param("over", "fly", {"action": "fly"}, id="unknown-verb-after-game-over"),
    pytest.param("fresh", "roll now", {"action": "roll now"}, id="roll-with-an-argument"),
    pytest.param("placing", "stage 0", {"action": "stage 0"}, id="stage-one-argument"),
    pytest.param("placing", "stage 0 1 2", {"action": "stage 0 1 2"}, id="stage-three-arguments"),
    pytest.param("placing", "unstage", {"action": "unstage"}, id="unstage-no-argument"),
    pytest.param("placing", "dec 0 1", {"action": "dec 0 1"}, id="dec-two-arguments"),
    pytest.param("placing", "reroll", {"action": "reroll"}, id="reroll-no-die"),
    pytest.param("placing", "reroll 0 1 2 3 0", {"action": "reroll 0 1 2 3 0"}, id="reroll-5-dice"),
    pytest.param("placing", "hint 1", {"action": "hint 1"}, id="hint-with-an-argument"),
    pytest.param("choosing ruin", "ruin", {"action": "ruin"}, id="ruin-no-cell"),
    pytest.param("placing", "stage a 1", {"action": "stage a 1"}, id="letter-argument"),
    pytest.param("placing", "stage -1 1", {"action": "stage -1 1"}, id="negative-argument"),
    pytest.param("placing", "stage 0 1.5", {"action": "stage 0 1.5"}, id="fraction-argument"),
    pytest.param("placing", "stage 0 123", {"action": "stage 0 123"}, id="three-digit-argument"),
    pytest.param("placing", "stage \u0663 1", {"action": "stage \u0663 1"}, id="arabic-digit"),
    pytest.param("placing", "dec \u00b2", {"action": "dec \u00b2"}, id="superscript-digit"),
    pytest.param("placing", None, {"action": "None"}, id="none-not-text"),
    pytest.param("placing", 3, {"action": "3"}, id="number-not-text"),
    pytest.param("placing", ["roll"], {"action": "['roll']"}, id="list-not-text"),
    pytest.param("fresh", b"roll", {"action": "b'roll'"}, id="bytes-not-text"),
    # A die named twice in a REROLL (after the phase and power checks): action "reroll".
    pytest.param("placing", "reroll 1 1", {"action": "reroll"}, id="reroll-die-twice"),
    pytest.param("placing", "reroll 0 1 0", {"action": "reroll"}, id="reroll-die-twice-apart"),
    pytest.param("magdagdon", "reroll 2 2", {"action": "reroll"}, id="reroll-twice-magdagdon"),
]


@pytest.mark.parametrize(("situation", "action", "params"), BAD_ACTIONS)
def test_a_bad_action_says_which_action(situation, action, params):
    error = refused(at(situation), action)
    assert type(error) is BadActionError
    assert error.code == "bad-action"
    assert error.params == params


# WRONG PHASE: every verb in every phase that does not take it. Params {"verb", "phase"}.
ACTION_OF_VERB = {
    "roll": "roll",
    "stage": "stage 0 1",
    "unstage": "unstage 0",
    "clear": "clear",
    "confirm": "confirm",
    "dec": "dec 0",
    "inc": "inc 0",
    "reroll": "reroll 0",
    "hint": "hint",
    "accept": "accept",
    "cancel": "cancel",
    "ruin": "ruin 1",
}
PHASE_SITUATIONS = {
    "roll": "fresh",
    "placing": "placing",
    "magdagdon": "magdagdon",
    "ruin": "choosing ruin",
    "over": "over",
}
#: Where each verb is taken (RULES.md: powers and hints after ROLL and before CONFIRM or accept).
TAKEN_IN = {
    "roll": {"roll"},
    "stage": {"placing"},
    "unstage": {"placing"},
    "clear": {"placing"},
    "confirm": {"placing"},
    "dec": {"placing", "magdagdon"},
    "inc": {"placing", "magdagdon"},
    "reroll": {"placing", "magdagdon"},
    "hint": {"placing", "magdagdon"},
    "accept": {"magdagdon", "placing"},  # (in placing: RollPlaceableError, not the phase)
    "cancel": {"ruin"},
    "ruin": {"ruin"},
}
WRONG_PHASES = [
    pytest.param(phase, verb, id=f"{verb}-in-{phase}")
    for verb in ACTION_OF_VERB
    for phase in PHASE_SITUATIONS
    if phase not in TAKEN_IN[verb]
]


@pytest.mark.parametrize(("phase", "verb"), WRONG_PHASES)
def test_a_verb_in_the_wrong_phase_says_the_verb_and_the_phase(phase, verb):
    game = at(PHASE_SITUATIONS[phase])
    assert game.phase.value == phase
    error = refused(game, ACTION_OF_VERB[verb])
    assert type(error) is WrongPhaseError
    assert error.code == "wrong-phase"
    assert error.params == {"verb": verb, "phase": phase}


@pytest.mark.parametrize(
    ("phase", "verb"),
    [
        pytest.param(phase, verb, id=f"{verb}-in-{phase}")
        for verb in ACTION_OF_VERB
        for phase in sorted(TAKEN_IN[verb])
    ],
)
def test_a_verb_in_its_phase_is_never_refused_for_the_phase(phase, verb):
    try:
        at(PHASE_SITUATIONS[phase]).apply(ACTION_OF_VERB[verb])
    except IllegalActionError as error:  # (e.g. unstage of a die not staged)
        assert type(error) is not WrongPhaseError


def test_the_wrong_phase_table_is_complete():
    # 12 verbs x 5 phases, less the 17 (verb, phase) pairs that are taken.
    assert len(WRONG_PHASES) == 12 * 5 - 17 == 43


# Every other refusal of an action, one table per class, one row per refusal:
# (id, situation, action, the whole params dict).
def rows(error: type[IllegalActionError], *table: tuple[str, str, str, dict]) -> list:
    return [
        pytest.param(s, a, error, params, id=f"{CODES[error]}:{id_}") for id_, s, a, params in table
    ]


PHASE_COMES_FIRST = rows(
    WrongPhaseError,  # ... before everything but the notation
    ("before-no-power-and-no-die", "fresh-nightmare", "dec 9", {"verb": "dec", "phase": "roll"}),
    ("before-die-named-twice", "fresh", "reroll 1 1", {"verb": "reroll", "phase": "roll"}),
    (
        "before-no-die-and-no-cell",
        "magdagdon",
        "stage 9 99",
        {"verb": "stage", "phase": "magdagdon"},
    ),
    ("before-no-cell-to-ruin", "placing", "ruin 99", {"verb": "ruin", "phase": "placing"}),
    ("accept-after-game-over", "over", "accept", {"verb": "accept", "phase": "over"}),
)
DIE_UNAVAILABLE = rows(
    DieUnavailableError,  # no such die, not staged, or staged: params {"die"}
    ("stage-no-die-4", "placing", "stage 4 5", {"die": 4}),
    ("stage-no-die-99", "placing", "stage 99 0", {"die": 99}),
    ("unstage-not-staged", "placing", "unstage 0", {"die": 0}),
    ("unstage-another-not-staged", "placing, die 0 staged", "unstage 2", {"die": 2}),
    ("unstage-0-while-1-staged", "placing, die 1 staged", "unstage 0", {"die": 0}),
    ("unstage-no-die-7", "placing", "unstage 7", {"die": 7}),
    ("dec-no-die", "placing", "dec 4", {"die": 4}),
    ("inc-no-die", "placing", "inc 9", {"die": 9}),
    ("reroll-no-die-4", "placing", "reroll 0 4", {"die": 4}),
    ("reroll-no-die-9", "placing", "reroll 9 3", {"die": 9}),
    ("magdagdon-dec-no-die", "magdagdon", "dec 4", {"die": 4}),
    ("magdagdon-reroll-no-die", "magdagdon", "reroll 2 5", {"die": 5}),
    ("stage-a-staged-die", "placing, die 0 staged", "stage 0 5", {"die": 0}),
    ("staged-before-no-cell", "placing, die 0 staged", "stage 0 16", {"die": 0}),
    ("dec-a-staged-die", "placing, die 0 staged", "dec 0", {"die": 0}),
    ("inc-a-staged-die", "placing, die 0 staged", "inc 0", {"die": 0}),
    ("inc-the-staged-die-1", "placing, die 1 staged", "inc 1", {"die": 1}),
    ("reroll-a-staged-die", "placing, die 0 staged", "reroll 0", {"die": 0}),
    ("reroll-names-the-staged-one", "placing, die 1 staged", "reroll 0 1", {"die": 1}),
)
ILLEGAL_CELL = rows(
    IllegalCellError,
    # no such cell: params die, cell, reason only
    ("no-cell-16", "placing", "stage 0 16", {"die": 0, "cell": 16, "reason": "no-cell"}),
    ("no-cell-99", "placing", "stage 2 99", {"die": 2, "cell": 99, "reason": "no-cell"}),
    # the cell is taken: a committed number, a staged die, a ruin
    ("not-empty-a-number", "placing", "stage 0 0", cell_refusal(0, 0, 3, "not-empty")),
    ("not-empty-another-number", "placing", "stage 1 4", cell_refusal(1, 4, 5, "not-empty")),
    ("not-empty-staged", "placing, die 0 staged", "stage 3 1", cell_refusal(3, 1, 6, "not-empty")),
    ("not-empty-ruin-no-number", "ruin only", "stage 0 0", cell_refusal(0, 0, 3, "not-empty")),
    ("not-empty-a-ruin", "1 beside a ruin", "stage 1 1", cell_refusal(1, 1, 2, "not-empty")),
    # the cell touches no number (on "placing", cell 9 is diagonal to the 4 on cell 4, cell 2
    # two steps right of the 3 on cell 0)
    ("not-adjacent-corner", "placing", "stage 0 15", cell_refusal(0, 15, 3, "not-adjacent")),
    ("not-adjacent-diagonal", "placing", "stage 1 9", cell_refusal(1, 9, 5, "not-adjacent")),
    ("not-adjacent-two-steps", "placing", "stage 1 2", cell_refusal(1, 2, 5, "not-adjacent")),
    ("not-adjacent-a-ruin", "1 beside a ruin", "stage 0 2", cell_refusal(0, 2, 1, "not-adjacent")),
    (
        "not-adjacent-staged-first-die",
        "empty board, 1 staged",
        "stage 1 15",
        cell_refusal(1, 15, 2, "not-adjacent"),
    ),
    (
        "not-adjacent-ruin-only-board",
        "ruin only, 3 staged",
        "stage 1 3",
        cell_refusal(1, 3, 3, "not-adjacent"),
    ),
    # more than 1 from a number: which neighbour (up, down, left, right: the first), its value
    ("too-far-above", "lone 1", "stage 2 9", cell_refusal(2, 9, 6, "too-far", 5, 1)),
    ("too-far-below", "lone 1", "stage 2 1", cell_refusal(2, 1, 6, "too-far", 5, 1)),
    ("too-far-left", "lone 1", "stage 3 6", cell_refusal(3, 6, 5, "too-far", 5, 1)),
    ("too-far-right", "lone 1", "stage 2 4", cell_refusal(2, 4, 6, "too-far", 5, 1)),
    ("too-far-5-by-3", "placing", "stage 1 1", cell_refusal(1, 1, 5, "too-far", 0, 3)),
    ("too-far-1-under-4", "placing", "stage 2 8", cell_refusal(2, 8, 1, "too-far", 4, 4)),
    ("too-far-6-by-4", "placing", "stage 3 5", cell_refusal(3, 5, 6, "too-far", 4, 4)),
    (
        "too-far-not-the-close-one",
        "5 above, 1 left",
        "stage 2 6",
        cell_refusal(2, 6, 6, "too-far", 5, 1),
    ),
    (
        "too-far-the-right-one",
        "5 above, 1 left",
        "stage 0 1",
        cell_refusal(0, 1, 1, "too-far", 2, 5),
    ),
    ("too-far-both-6", "1 above, 2 left", "stage 2 6", cell_refusal(2, 6, 6, "too-far", 2, 1)),
    ("too-far-both-5", "1 above, 2 left", "stage 3 6", cell_refusal(3, 6, 5, "too-far", 2, 1)),
    (
        "too-far-staged",
        "placing, die 0 staged",
        "stage 3 2",
        cell_refusal(3, 2, 6, "too-far", 1, 3),
    ),
    (
        "too-far-staged-first-die",
        "empty board, 1 staged",
        "stage 2 9",
        cell_refusal(2, 9, 6, "too-far", 5, 1),
    ),
    (
        "too-far-ruin-only-board",
        "ruin only, 3 staged",
        "stage 2 1",
        cell_refusal(2, 1, 6, "too-far", 5, 3),
    ),
    ("too-far-by-a-ruin", "1 beside a ruin", "stage 2 4", cell_refusal(2, 4, 6, "too-far", 0, 1)),
)
BELOW_MINIMUM = rows(
    BelowMinimumError,  # CONFIRM: params required, staged
    ("2-none-staged", "placing", "confirm", {"required": 2, "staged": 0}),
    ("2-one-staged", "placing, die 0 staged", "confirm", {"required": 2, "staged": 1}),
    ("nightmare-3-none", "nightmare placing", "confirm", {"required": 3, "staged": 0}),
    ("nightmare-3-two", "nightmare, two staged", "confirm", {"required": 3, "staged": 2}),
    ("nightmare-2-cells", "nightmare, two cells left", "confirm", {"required": 2, "staged": 0}),
    (
        "nightmare-2-cells-one-staged",
        "nightmare, two cells left, one staged",
        "confirm",
        {"required": 2, "staged": 1},
    ),
    (
        "a-ruin-is-not-empty",
        "nightmare, a ruin and two cells left",
        "confirm",
        {"required": 2, "staged": 0},
    ),
    ("nightmare-last-cell", "nightmare, last cell", "confirm", {"required": 1, "staged": 0}),
    ("peaceful-last-cell", "peaceful, last cell", "confirm", {"required": 1, "staged": 0}),
)
NO_POWER_LEFT = rows(
    NoPowerLeftError,  # params difficulty
    ("nightmare-dec", "nightmare placing", "dec 0", {"difficulty": "nightmare"}),
    ("nightmare-inc", "nightmare placing", "inc 1", {"difficulty": "nightmare"}),
    ("nightmare-reroll", "nightmare placing", "reroll 0 1 2 3", {"difficulty": "nightmare"}),
    ("nightmare-magdagdon", "magdagdon, nightmare", "dec 0", {"difficulty": "nightmare"}),
    ("before-out-of-range", "magdagdon, nightmare", "inc 2", {"difficulty": "nightmare"}),
    ("before-no-die", "magdagdon, nightmare", "dec 9", {"difficulty": "nightmare"}),
    ("before-named-twice", "magdagdon, nightmare", "reroll 1 1", {"difficulty": "nightmare"}),
    ("survival-dec", "survival spent, placing", "dec 1", {"difficulty": "survival"}),
    ("survival-reroll", "survival spent, placing", "reroll 2 3", {"difficulty": "survival"}),
    ("survival-magdagdon", "survival spent, magdagdon", "dec 1", {"difficulty": "survival"}),
    ("peaceful-inc", "peaceful spent", "inc 0", {"difficulty": "peaceful"}),
    ("peaceful-reroll", "peaceful spent", "reroll 0", {"difficulty": "peaceful"}),
)
POWER_OUT_OF_RANGE = rows(
    PowerOutOfRangeError,  # −1 on a 1, +1 on a 6: params die, value
    ("dec-on-a-1", "placing", "dec 2", {"die": 2, "value": 1}),
    ("inc-on-a-6", "placing", "inc 3", {"die": 3, "value": 6}),
    ("inc-on-a-6-magdagdon", "magdagdon", "inc 2", {"die": 2, "value": 6}),
    ("inc-on-the-other-6-magdagdon", "magdagdon", "inc 3", {"die": 3, "value": 6}),
    ("dec-on-a-1-magdagdon", "magdagdon, low dice", "dec 0", {"die": 0, "value": 1}),
    ("dec-on-the-other-1-magdagdon", "magdagdon, low dice", "dec 2", {"die": 2, "value": 1}),
)
ROLL_PLACEABLE = rows(
    RollPlaceableError,  # accepting MAGDAGDON while the roll can be placed: no params
    ("nothing-staged", "placing", "accept", {}),
    ("a-die-staged", "placing, die 0 staged", "accept", {}),
    ("after-a-power-rescued-it", "survival spent, placing", "accept", {}),
)
CELL_NOT_EMPTY = rows(
    CellNotEmptyError,  # a ruin on a cell that is not EMPTY, or no cell: params cell
    ("a-number", "choosing ruin", "ruin 0", {"cell": 0}),
    ("a-ruin", "choosing ruin, a ruin on 1", "ruin 1", {"cell": 1}),
    ("no-cell-16", "choosing ruin", "ruin 16", {"cell": 16}),
    ("no-cell-99", "choosing ruin", "ruin 99", {"cell": 99}),
)
REFUSALS = (
    PHASE_COMES_FIRST
    + DIE_UNAVAILABLE
    + ILLEGAL_CELL
    + BELOW_MINIMUM
    + NO_POWER_LEFT
    + POWER_OUT_OF_RANGE
    + ROLL_PLACEABLE
    + CELL_NOT_EMPTY
)


@pytest.mark.parametrize(("situation", "action", "error", "params"), REFUSALS)
def test_a_refusal_carries_its_class_code_and_params(situation, action, error, params):
    got = refused(at(situation), action)
    assert type(got) is error
    assert got.code == CODES[error]
    assert got.params == params
    assert isinstance(got, IllegalActionError)


@pytest.mark.parametrize(("situation", "action", "error", "params"), ILLEGAL_CELL)
def test_a_cell_refusal_agrees_with_the_board(situation, action, error, params):
    # The table's params, checked against the board itself: the value is the die's, a too-far
    # neighbour touches the cell and holds the number named, more than 1 away from the die.
    game = at(situation)
    die, cell = map(int, action.split()[1:])
    assert (params["die"], params["cell"]) == (die, cell)
    if params["reason"] == "no-cell":
        assert not 0 <= cell < 16
        return
    board = game.staged_board
    numbers = {n: board[n] for n in sides(cell) if board[n] > 0}
    assert params["value"] == game.dice[die]
    assert game.explain(die, cell) == params["reason"]
    if params["reason"] == "not-empty":
        assert board[cell] != 0
    elif params["reason"] == "not-adjacent":
        assert board[cell] == 0 and not numbers
    else:
        neighbour = params["neighbour"]
        assert neighbour in numbers
        assert params["neighbour_value"] == board[neighbour]
        assert abs(params["neighbour_value"] - params["value"]) > 1
        # ... and it is the first such, reading up, down, left, right.
        order = ["up", "down", "left", "right"]
        far = [n for n, v in numbers.items() if abs(v - params["value"]) > 1]
        assert neighbour == min(far, key=lambda n: order.index(sides(cell)[n]))


def test_every_refusal_class_has_rows():
    refusals = {getattr(errors, name) for name in errors.__all__} - {
        MagdagdonError,
        IllegalActionError,  # (the two bases: never raised as such)
    }
    assert set(CODES) == refusals
    # BadActionError has its own table above, SavedGameError below.
    assert {p.values[2] for p in REFUSALS} | {BadActionError, SavedGameError} == refusals
    for cls, code in CODES.items():
        assert cls.code == code


# -- what the player reads ---------------------------------------------------------------------
WORDED = [p for p in REFUSALS if p.values[3].get("reason") != "no-cell"]


@pytest.mark.parametrize(("situation", "action", "error", "params"), WORDED)
def test_every_placeholder_of_a_refusal_text_is_filled(situation, action, error, params):
    message = said(refused(at(situation), action))
    assert message.alert
    for language, catalogue in catalogues().items():
        text = catalogue[message.key]
        variants = text.values() if isinstance(text, dict) else [text]
        for variant in variants:
            assert placeholders(variant) <= set(message.params), (language, message)
    assert "{" not in english(message.key, message.params)


WORDS_OF_SIDE = {"up": "above", "down": "below", "left": "to the left", "right": "to the right"}
TOO_FAR = [p for p in ILLEGAL_CELL if p.values[3]["reason"] == "too-far"]


@pytest.mark.parametrize(("situation", "action", "error", "params"), TOO_FAR)
def test_a_too_far_refusal_reads_the_die_the_number_and_where_it_lies(
    situation, action, error, params
):
    value, number = params["value"], params["neighbour_value"]
    where = WORDS_OF_SIDE[sides(params["cell"])[params["neighbour"]]]
    message = said(refused(at(situation), action))
    assert english(message.key, message.params) == (
        f"A {value} must differ by at most 1 from the {number} {where}."
    )


PLAYER_READS = [
    pytest.param(
        "lone 1",
        "stage 2 9",
        "A 6 must differ by at most 1 from the 1 above.",
        id="too-far-above",
    ),
    pytest.param(
        "lone 1",
        "stage 2 1",
        "A 6 must differ by at most 1 from the 1 below.",
        id="too-far-below",
    ),
    pytest.param(
        "lone 1",
        "stage 3 6",
        "A 5 must differ by at most 1 from the 1 to the left.",
        id="too-far-left",
    ),
    pytest.param(
        "lone 1",
        "stage 2 4",
        "A 6 must differ by at most 1 from the 1 to the right.",
        id="too-far-right",
    ),
    pytest.param(
        "5 above, 1 left",
        "stage 0 1",
        "A 1 must differ by at most 1 from the 5 to the right.",
        id="too-far-the-5-not-the-1",
    ),
    pytest.param("placing", "stage 0 0", "That cell is already taken.", id="not-empty"),
    pytest.param(
        "placing",
        "stage 0 15",
        "A die must touch a number: up, down, left or right.",
        id="not-adjacent",
    ),
    pytest.param(
        "placing", "confirm", "Stage at least 2 dice before CONFIRM.", id="below-minimum-2"
    ),
    pytest.param(
        "nightmare placing",
        "confirm",
        "Stage at least 3 dice before CONFIRM.",
        id="below-minimum-3",
    ),
    pytest.param(
        "peaceful, last cell",
        "confirm",
        "Stage at least 1 die before CONFIRM.",
        id="below-minimum-1",
    ),
    pytest.param(
        "placing",
        "accept",
        "This roll can be placed — MAGDAGDON is only for a roll that cannot.",
        id="roll-placeable",
    ),
    pytest.param("peaceful spent", "inc 0", "No Majda Power left.", id="no-power-left"),
    pytest.param("placing", "inc 3", "A die stays between 1 and 6.", id="power-out-of-range"),
    pytest.param(
        "choosing ruin", "ruin 0", "Only an empty cell can become a RUIN.", id="cell-not-empty"
    ),
]


@pytest.mark.parametrize(("situation", "action", "text"), PLAYER_READS)
def test_the_player_reads_the_refusal(situation, action, text):
    message = said(refused(at(situation), action))
    assert english(message.key, message.params) == text


# -- every problem of a saved game -----------------------------------------------------------------
@functools.cache
def saved_games() -> dict[str, Game]:
    """Real games (``Game.new`` and moves), as they are saved."""
    new = Game.new("peaceful", seed=11)
    placing = new.apply("roll")
    return {
        "new": new,
        "staged": expect(Phase.PLACING, stage_minimum(placing)),
        "after a power": placing.apply("reroll 3"),
        "500 moves": placing.play(["hint"] * 499),  # ROLL and 499 hints
        "501 moves": placing.play(["hint"] * 500),
    }


def saved(name: str = "staged") -> dict[str, Any]:
    return copy.deepcopy(saved_games()[name].to_dict())


def edited(change: Callable[[dict], object], name: str = "staged") -> dict[str, Any]:
    data = saved(name)
    change(data)
    return data


def setting(*path_and_value: Any) -> Callable[[dict], None]:
    *path, value = path_and_value

    def change(data: dict) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def dropping(key: str) -> Callable[[dict], None]:
    return lambda data: data.pop(key)


def both(*changes: Callable[[dict], object]) -> Callable[[dict], None]:
    def change(data: dict) -> None:
        for each in changes:
            each(data)

    return change


FOREIGN, STATE, SEED = {"problem": "foreign"}, {"problem": "state"}, {"problem": "seed"}
MOVES, REPLAY, MISMATCH = {"problem": "moves"}, {"problem": "replay"}, {"problem": "mismatch"}

SAVED_GAME_PROBLEMS = [
    # foreign: not a dict, or not tagged "magdagdon-game"
    pytest.param(lambda: None, FOREIGN, id="foreign-none"),
    pytest.param(lambda: [saved()], FOREIGN, id="foreign-a-list"),
    pytest.param(lambda: json.dumps(saved()), FOREIGN, id="foreign-json-text"),
    pytest.param(lambda: 1, FOREIGN, id="foreign-a-number"),
    pytest.param(lambda: {}, FOREIGN, id="foreign-empty-dict"),
    pytest.param(lambda: edited(dropping("format")), FOREIGN, id="foreign-no-format"),
    pytest.param(lambda: edited(setting("format", "other-game")), FOREIGN, id="foreign-format"),
    pytest.param(
        lambda: edited(setting("format", "MAGDAGDON-GAME")), FOREIGN, id="foreign-format-capitals"
    ),
    pytest.param(
        lambda: edited(both(setting("format", "x"), setting("schema", 9))),
        FOREIGN,
        id="foreign-before-schema",
    ),
    # schema: any other value, which the problem carries
    pytest.param(
        lambda: edited(setting("schema", 2)), {"problem": "schema", "schema": 2}, id="schema-2"
    ),
    pytest.param(
        lambda: edited(setting("schema", 0)), {"problem": "schema", "schema": 0}, id="schema-0"
    ),
    pytest.param(
        lambda: edited(setting("schema", "1")),
        {"problem": "schema", "schema": "1"},
        id="schema-as-text",
    ),
    pytest.param(
        lambda: edited(setting("schema", True)),
        {"problem": "schema", "schema": True},
        id="schema-as-true",
    ),
    pytest.param(
        lambda: edited(setting("schema", 1.0)),
        {"problem": "schema", "schema": 1.0},
        id="schema-as-float",
    ),
    pytest.param(
        lambda: edited(dropping("schema")),
        {"problem": "schema", "schema": None},
        id="schema-missing",
    ),
    pytest.param(
        lambda: edited(both(setting("schema", 2), setting("moves", "roll"))),
        {"problem": "schema", "schema": 2},
        id="schema-before-moves",
    ),
    # moves: not a list, not all strings, too long
    pytest.param(lambda: edited(dropping("moves")), MOVES, id="moves-missing"),
    pytest.param(lambda: edited(setting("moves", "roll")), MOVES, id="moves-not-a-list-text"),
    pytest.param(lambda: edited(setting("moves", {"0": "roll"})), MOVES, id="moves-a-dict"),
    pytest.param(lambda: edited(setting("moves", ("roll",))), MOVES, id="moves-a-tuple"),
    pytest.param(
        lambda: edited(lambda d: d["moves"].append(5)), MOVES, id="moves-not-strings-a-number"
    ),
    pytest.param(
        lambda: edited(lambda d: d["moves"].insert(1, None)), MOVES, id="moves-not-strings-null"
    ),
    pytest.param(
        lambda: edited(lambda d: d["moves"].insert(1, ["roll"])), MOVES, id="moves-not-strings-list"
    ),
    pytest.param(
        lambda: edited(setting("moves", ["roll", "clear"] * 300)), MOVES, id="moves-too-long-600"
    ),
    pytest.param(lambda: saved("501 moves"), MOVES, id="moves-too-long-501-though-valid"),
    pytest.param(
        lambda: edited(both(setting("moves", "roll"), dropping("state"))),
        MOVES,
        id="moves-before-state",
    ),
    # state: the snapshot is not a dict
    pytest.param(lambda: edited(dropping("state")), STATE, id="state-missing"),
    pytest.param(lambda: edited(setting("state", [])), STATE, id="state-a-list"),
    pytest.param(lambda: edited(setting("state", None)), STATE, id="state-null"),
    pytest.param(lambda: edited(setting("state", "placing")), STATE, id="state-text"),
    pytest.param(
        lambda: edited(both(dropping("state"), setting("seed", -1))),
        STATE,
        id="state-before-seed",
    ),
    # seed: not a whole number from 0 to 2**53 - 1 (never drawn afresh)
    pytest.param(lambda: edited(setting("seed", -1)), SEED, id="seed-negative"),
    pytest.param(lambda: edited(setting("seed", SEED_LIMIT)), SEED, id="seed-too-big"),
    pytest.param(lambda: edited(setting("seed", "11")), SEED, id="seed-text"),
    pytest.param(lambda: edited(setting("seed", 11.0)), SEED, id="seed-float"),
    pytest.param(lambda: edited(setting("seed", True)), SEED, id="seed-boolean"),
    pytest.param(lambda: edited(setting("seed", None), "new"), SEED, id="seed-null"),
    pytest.param(lambda: edited(dropping("seed"), "new"), SEED, id="seed-missing"),
    pytest.param(
        lambda: edited(both(setting("seed", "x"), setting("difficulty", "easy"))),
        SEED,
        id="seed-before-difficulty",
    ),
    # replay: the moves are refused by the rules, or the difficulty is unknown
    pytest.param(lambda: edited(setting("difficulty", "easy")), REPLAY, id="replay-difficulty"),
    pytest.param(lambda: edited(dropping("difficulty")), REPLAY, id="replay-no-difficulty"),
    pytest.param(
        lambda: edited(lambda d: d["moves"].insert(0, "confirm")), REPLAY, id="replay-illegal-move"
    ),
    pytest.param(
        lambda: edited(lambda d: d["moves"].insert(1, "fly")), REPLAY, id="replay-unknown-move"
    ),
    pytest.param(
        lambda: edited(lambda d: d["moves"].append("stage 0 99")), REPLAY, id="replay-no-cell"
    ),
    pytest.param(lambda: Game.from_board(ONE).to_dict(), REPLAY, id="replay-a-from-board-game"),
    pytest.param(
        lambda: edited(both(setting("difficulty", "easy"), setting("state", "board", "x"))),
        REPLAY,
        id="replay-before-mismatch",
    ),
    # mismatch: the moves replay, to another snapshot
    pytest.param(
        lambda: edited(setting("state", "board", "6666/6666/6666/6666")),
        MISMATCH,
        id="mismatch-board",
    ),
    pytest.param(
        lambda: edited(setting("state", "dice", [6, 6, 6, 6])), MISMATCH, id="mismatch-dice"
    ),
    pytest.param(lambda: edited(setting("state", "turn", 5)), MISMATCH, id="mismatch-turn"),
    pytest.param(lambda: edited(setting("state", "phase", "over")), MISMATCH, id="mismatch-phase"),
    pytest.param(lambda: edited(setting("state", "staged", [])), MISMATCH, id="mismatch-staged"),
    pytest.param(
        lambda: edited(setting("state", "powers_used", 0), "after a power"),
        MISMATCH,
        id="mismatch-powers",
    ),
    pytest.param(
        lambda: edited(setting("state", "powers_used", True), "after a power"),
        MISMATCH,
        id="mismatch-powers-true-for-1",
    ),
    pytest.param(
        lambda: edited(lambda d: d["state"].update(dice=[float(v) for v in d["state"]["dice"]])),
        MISMATCH,
        id="mismatch-dice-as-floats",
    ),
    pytest.param(
        lambda: edited(setting("state", "extra", 1)), MISMATCH, id="mismatch-an-extra-key"
    ),
    pytest.param(lambda: edited(setting("state", {})), MISMATCH, id="mismatch-empty-snapshot"),
    pytest.param(
        lambda: edited(lambda d: d["moves"].pop()), MISMATCH, id="mismatch-truncated-moves"
    ),
]


@pytest.mark.parametrize(("make", "params"), SAVED_GAME_PROBLEMS)
def test_a_saved_game_refusal_names_its_problem(make, params):
    data = make()
    untouched = copy.deepcopy(data)
    with pytest.raises(MagdagdonError) as caught:
        Game.from_dict(data)
    error = caught.value
    assert type(error) is SavedGameError
    assert error.code == "saved-game"
    assert not isinstance(error, IllegalActionError)
    assert error.params == params
    assert data == untouched


def test_the_saved_games_the_problems_start_from_are_good():
    for name, game in saved_games().items():
        if name != "501 moves":
            assert Game.from_dict(saved(name)) == game
    assert len(saved("500 moves")["moves"]) == 500  # the longest saved game that loads
    assert len(saved("501 moves")["moves"]) == 501
    assert saved("after a power")["state"]["powers_used"] == 1
    assert saved("staged")["state"]["staged"]


def test_every_saved_game_problem_has_rows():
    problems = {p.values[1]["problem"] for p in SAVED_GAME_PROBLEMS}
    assert problems == {"foreign", "schema", "moves", "state", "seed", "replay", "mismatch"}


# -- every line of a score breakdown: kind, index, cells, total, full, bonus -----------------------
ROWS = ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14, 15))
COLUMNS = ((0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15))
STRAIGHT, FOUR, PAIRS = Bonus.STRAIGHT, Bonus.FOUR_OF_A_KIND, Bonus.TWO_PAIRS
EMPTY_LINE = (0, False, None)

BREAKDOWNS = [
    # (board, difficulty, powers used,
    #  rows 0..3 then columns 0..3 as (total, full, bonus),
    #  (base, bonuses, ruins, ruin penalty, power penalty, total))
    pytest.param(
        "1234/1234/1234/1234",
        "peaceful",
        0,
        [(10, True, STRAIGHT)] * 4
        + [(4, True, FOUR), (8, True, FOUR), (12, True, FOUR), (16, True, FOUR)],
        (80, 400, 0, 0, 0, 480),
        id="rows-straight-columns-four-of-a-kind",
    ),
    pytest.param(
        "1111/2222/3333/4444",
        "peaceful",
        0,
        [(4, True, FOUR), (8, True, FOUR), (12, True, FOUR), (16, True, FOUR)]
        + [(10, True, STRAIGHT)] * 4,
        (80, 400, 0, 0, 0, 480),
        id="rows-four-of-a-kind-columns-straight",
    ),
    pytest.param(
        "4321/3443/2552/1661",
        "peaceful",
        2,
        [(10, True, STRAIGHT), (14, True, PAIRS), (14, True, PAIRS), (14, True, PAIRS)]
        + [(10, True, STRAIGHT), (18, True, STRAIGHT), (17, True, None), (7, True, None)],
        (104, 240, 0, 0, 30, 314),
        id="every-bonus-and-none-row-and-column-differ",
    ),
    pytest.param(
        "1324/5555/6556/....",
        "peaceful",
        3,
        [(10, True, None), (20, True, FOUR), (22, True, PAIRS), EMPTY_LINE]
        + [(12, False, None), (13, False, None), (12, False, None), (15, False, None)],
        (104, 60, 0, 0, 70, 94),
        id="1-3-2-4-is-no-straight-and-part-filled-columns",
    ),
    pytest.param(
        "1234/2345/..#./....",
        "survival",
        1,
        [(10, True, STRAIGHT), (14, True, STRAIGHT), EMPTY_LINE, EMPTY_LINE]
        + [(3, False, None), (5, False, None), (7, False, None), (9, False, None)],
        (48, 120, 1, 15, 70, 83),
        id="two-straight-rows-and-a-ruin",
    ),
    pytest.param(
        "1111/111#/..../6666",
        "survival",
        1,
        [(4, True, FOUR), (3, False, None), EMPTY_LINE, (24, True, FOUR)]
        + [(8, False, None), (8, False, None), (8, False, None), (7, False, None)],
        (62, 80, 1, 15, 70, 57),
        id="a-ruin-spoils-a-four-of-a-kind",
    ),
    pytest.param(
        EMPTY_BOARD, "nightmare", 0, [EMPTY_LINE] * 8, (0, 0, 0, 0, 0, 0), id="empty-board"
    ),
    pytest.param(
        "####/####/####/####",
        "nightmare",
        0,
        [EMPTY_LINE] * 8,
        (0, 0, 16, 240, 0, -240),
        id="all-ruins",
    ),
]


@pytest.mark.parametrize(("board", "difficulty", "powers", "lines", "totals"), BREAKDOWNS)
def test_every_line_of_a_breakdown(board, difficulty, powers, lines, totals):
    got = score_breakdown(parse_board(board), Difficulty.parse(difficulty), powers)
    expected = [("row", i, ROWS[i], *lines[i]) for i in range(4)] + [
        ("column", i, COLUMNS[i], *lines[4 + i]) for i in range(4)
    ]
    assert [(x.kind, x.index, x.cells, x.total, x.full, x.bonus) for x in got.lines] == expected
    assert [x.bonus_points for x in got.lines] == [b.points if b else 0 for _, _, b in lines]
    assert (
        got.base,
        got.bonuses,
        got.ruins,
        got.ruin_penalty,
        got.power_penalty,
        got.total,
    ) == totals
    assert got.powers_used == powers
    assert score(board, difficulty, powers) == totals[-1]
    assert Game.from_board(board, difficulty).breakdown == score_breakdown(
        parse_board(board), Difficulty.parse(difficulty), 0
    )


def test_the_bonus_lines_of_the_game_over_screen_read_kind_and_number():
    got = score_breakdown(parse_board("4321/3443/2552/1661"))
    t = translator().t
    said = [
        t(
            "gameover.bonus_line",
            line=t(f"line.{x.kind}", n=x.index + 1),
            bonus=t(f"bonus.{x.bonus.value}"),
        )
        for x in got.lines
        if x.bonus
    ]
    assert said == [
        "Row 1 — STRAIGHT",
        "Row 2 — TWO PAIRS",
        "Row 3 — TWO PAIRS",
        "Row 4 — TWO PAIRS",
        "Column 1 — STRAIGHT",
        "Column 2 — STRAIGHT",
    ]


# -- the public API of RULES.md: bad arguments are a ValueError with a clear message ---------------
API_REFUSALS = [
    pytest.param(
        lambda: legal_cells("1234/2345/..x./....", 3),
        "unexpected character 'x' at position 12",
        id="board-bad-character",
    ),
    pytest.param(
        lambda: legal_cells("1234/2345/..-./....", 3), "unexpected character '-'", id="board-minus"
    ),
    pytest.param(
        lambda: legal_cells("1234", 3), "a board has 16 cells, this one has 4", id="board-short"
    ),
    pytest.param(
        lambda: legal_cells("1234/2345/..#./..../1", 3), "this one has 17", id="board-long"
    ),
    pytest.param(lambda: legal_cells("", 3), "this one has 0", id="board-empty"),
    pytest.param(
        lambda: legal_cells(None, 3), "a board is written as text, not NoneType", id="board-none"
    ),
    pytest.param(lambda: legal_cells(list(EMPTY_BOARD), 3), "not list", id="board-list"),
    pytest.param(lambda: legal_cells(EMPTY_BOARD, 0), "a die shows 1 to 6, not 0", id="value-0"),
    pytest.param(lambda: legal_cells(EMPTY_BOARD, 7), "a die shows 1 to 6, not 7", id="value-7"),
    pytest.param(lambda: legal_cells(EMPTY_BOARD, 3.0), "not 3.0", id="value-float"),
    pytest.param(lambda: legal_cells(EMPTY_BOARD, "3"), "not '3'", id="value-text"),
    pytest.param(lambda: legal_cells(EMPTY_BOARD, True), "not True", id="value-boolean"),
    pytest.param(
        lambda: can_place(EMPTY_BOARD, [3, 7], 1), "a die shows 1 to 6, not 7", id="can-place-die-7"
    ),
    pytest.param(lambda: can_place(EMPTY_BOARD, [3, None], 1), "not None", id="can-place-die-none"),
    pytest.param(
        lambda: can_place(EMPTY_BOARD, [3], -1),
        "required must be a whole number of dice >= 0, not -1",
        id="can-place-required-negative",
    ),
    pytest.param(
        lambda: can_place(EMPTY_BOARD, [3], 1.0), "not 1.0", id="can-place-required-float"
    ),
    pytest.param(
        lambda: can_place(EMPTY_BOARD, [3], True), "not True", id="can-place-required-boolean"
    ),
    pytest.param(lambda: can_place(EMPTY_BOARD, [0], -1), "a die shows", id="can-place-dice-first"),
    pytest.param(lambda: can_place("1.", [3], 1), "this one has 2", id="can-place-board"),
    pytest.param(
        lambda: required_minimum("easy", EMPTY_BOARD),
        "unknown difficulty 'easy': expected one of peaceful, survival, nightmare",
        id="minimum-difficulty",
    ),
    pytest.param(
        lambda: required_minimum(None, EMPTY_BOARD),
        "unknown difficulty None",
        id="minimum-difficulty-none",
    ),
    pytest.param(
        lambda: required_minimum("peaceful", "...."), "this one has 4", id="minimum-board"
    ),
    pytest.param(
        lambda: power_penalty("survival", 2),
        "SURVIVAL allows 0 to 1 Majda Power uses, not 2",
        id="penalty-survival-2",
    ),
    pytest.param(
        lambda: power_penalty("peaceful", 4),
        "PEACEFUL allows 0 to 3 Majda Power uses, not 4",
        id="penalty-peaceful-4",
    ),
    pytest.param(
        lambda: power_penalty("nightmare", 1),
        "NIGHTMARE allows 0 to 0 Majda Power uses, not 1",
        id="penalty-nightmare-1",
    ),
    pytest.param(lambda: power_penalty("peaceful", -1), "not -1", id="penalty-negative"),
    pytest.param(
        lambda: power_penalty("peaceful", 1.0),
        "power uses must be a whole number, not 1.0",
        id="penalty-float",
    ),
    pytest.param(
        lambda: power_penalty("peaceful", True),
        "power uses must be a whole number, not True",
        id="penalty-boolean",
    ),
    pytest.param(
        lambda: power_penalty("hard", 0), "unknown difficulty 'hard'", id="penalty-difficulty"
    ),
    pytest.param(lambda: score("1234", "peaceful"), "this one has 4", id="score-board"),
    pytest.param(
        lambda: score(EMPTY_BOARD, "easy"), "unknown difficulty 'easy'", id="score-difficulty"
    ),
    pytest.param(
        lambda: score(EMPTY_BOARD, "survival", 2), "SURVIVAL allows 0 to 1", id="score-powers"
    ),
    pytest.param(lambda: score(EMPTY_BOARD, "peaceful", "1"), "not '1'", id="score-powers-text"),
]


@pytest.mark.parametrize(("call", "message"), API_REFUSALS)
def test_the_api_refuses_bad_arguments_with_a_value_error(call, message):
    with pytest.raises(ValueError) as caught:
        call()
    assert type(caught.value) is ValueError  # a plain ValueError, not a game refusal
    assert message in str(caught.value)


API_ANSWERS = [
    pytest.param(lambda: can_place(EMPTY_BOARD, [1, 2], 3), False, id="more-required-than-dice"),
    pytest.param(
        lambda: can_place("1111/1111/1111/111.", [1, 1], 2), False, id="more-required-than-cells"
    ),
    pytest.param(
        lambda: can_place("1111/1111/1111/111#", [], 0), True, id="none-required-full-board"
    ),
    pytest.param(lambda: can_place(EMPTY_BOARD, [], 0), True, id="none-required-no-dice"),
    pytest.param(
        lambda: can_place("#.../..../..../....", [6, 1], 2),
        False,
        id="first-die-anywhere-the-second-must-fit",
    ),
    pytest.param(lambda: legal_cells("1111/1111/1111/1111", 1), [], id="no-cell-on-a-full-board"),
    pytest.param(
        lambda: legal_cells("####/####/####/###.", 6), [15], id="a-ruin-board-takes-any-die"
    ),
    pytest.param(
        lambda: required_minimum(" NIGHTMARE ", "1111/1111/1111/1###"),
        0,
        id="minimum-no-empty-cell",
    ),
    pytest.param(
        lambda: required_minimum("Survival", EMPTY_BOARD), 2, id="minimum-case-insensitive"
    ),
    pytest.param(lambda: power_penalty("nightmare", 0), 0, id="penalty-nightmare-none"),
    pytest.param(
        lambda: score("6666/6666/6666/6666", "nightmare"), 8 * 24 + 8 * 40, id="score-all-sixes"
    ),
]


@pytest.mark.parametrize(("call", "answer"), API_ANSWERS)
def test_the_api_answers_edge_arguments(call, answer):
    assert call() == answer


# -- what a developer reads: str(error), "for developers, tests and bug reports" -----------------
PLACING = ("3.../4.../..../....", (3, 5, 1, 6))  # legal: die 0 on 1 5 8, die 1 on 5 8


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("stage 0 15", "a 3 may not be staged on cell 15: not-adjacent"),
        ("stage 0 0", "a 3 may not be staged on cell 0: not-empty"),
        ("stage 1 1", "a 5 may not be staged on cell 1: too-far (cell 0 holds 3)"),
        ("dec 2", "die 2 shows 1: -1 would leave 1..6"),
        ("inc 3", "die 3 shows 6: +1 would leave 1..6"),
        ("reroll 1 1", "a die is named twice in 'reroll 1 1'"),
        ("reroll 3 0 3", "a die is named twice in 'reroll 3 0 3'"),
        ("accept", "the roll can be placed: MAGDAGDON is only for a roll that cannot"),
    ],
)
def test_a_refused_action_says_what_is_wrong(action, message):
    game = rolled(*PLACING)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(action)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (None, "not a saved MAGDAGDON game"),
        ({"format": "magdagdon-backup"}, "not a saved MAGDAGDON game"),
        ("schema 2", "saved game schema 2 is not 1"),
        ("schema missing", "saved game schema None is not 1"),
        ("moves a text", "the saved moves are missing or malformed"),
        ("moves with a number", "the saved moves are missing or malformed"),
        ("501 moves", "the saved game is too long to be real"),
        ("state missing", "the saved snapshot is missing"),
        ("seed -1", "the saved seed -1 is not valid"),
        ("seed too big", f"the saved seed {SEED_LIMIT} is not valid"),
        ("board changed", "the saved snapshot does not match its moves"),
    ],
)
def test_a_refused_saved_game_says_why(data, message):
    good = Game.new("peaceful", 11).play(["roll", "clear"]).to_dict()
    changes = {
        "schema 2": {"schema": 2},
        "schema missing": {"schema": None},
        "moves a text": {"moves": "roll"},
        "moves with a number": {"moves": ["roll", 3]},
        "501 moves": {"moves": ["roll"] + ["clear"] * 500},
        "state missing": {"state": None},
        "seed -1": {"seed": -1},
        "seed too big": {"seed": SEED_LIMIT},
        "board changed": {"state": {**good["state"], "board": "1.../..../..../...."}},
    }
    value = good | changes[data] if isinstance(data, str) else data
    with pytest.raises(SavedGameError) as caught:
        Game.from_dict(value)
    assert str(caught.value) == message


def test_an_unknown_action_lists_the_verbs_there_are():
    with pytest.raises(IllegalActionError) as caught:
        Game.new("peaceful", 1).apply("fly")
    assert str(caught.value) == (
        "unknown action 'fly': expected one of roll, clear, confirm, accept, cancel, stage, "
        "unstage, dec, inc, ruin, reroll, hint"
    )


def test_a_saved_game_that_does_not_replay_says_the_refusal_inside():
    data = Game.new("peaceful", 11).apply("roll").to_dict() | {"moves": ["roll", "fly"]}
    with pytest.raises(SavedGameError) as caught:
        Game.from_dict(data)
    assert str(caught.value).startswith("the saved game does not replay: unknown action 'fly'")
