"""Property tests: thousands of random games played to the end, checked after every action.

Each game is one Hypothesis example, drawn by the strategy :func:`game_walks`: at every step it
chooses either a legal action, built only from what the game exposes (``phase``, ``legal``,
``available``, ``can_confirm``, ``can_change``, ``can_use_power``), or a near miss (wrong
phase, die, cell or power), or a random action of the action grammar (arguments in or out of
range), or plain garbage; powers (−1, +1, REROLL of random available dice), MAGDAGDON accepted,
random empty cells ruined and ``cancel`` included. A turn that wanders for too long heads for
its end, so every walk is a complete game. The walk records every step (the game before, the
action, the new game or the error).

The test then checks that record against a small reference model written from RULES.md (not
from the engine's code): the engine must accept exactly the actions the rules allow, refuse
the others with a ``magdagdon.errors`` ``ValueError`` leaving the game as it was, do to the
game what the rules say, and keep every invariant of RULES.md after every action: numbers
orthogonally connected and neighbours within 1 (committed and staged board), the score (public
API and reference formula), turns <= 16 and OVER exactly when no cell is EMPTY, MAGDAGDON
exactly when ``can_place`` (public API and brute force) says the roll cannot be placed,
``legal`` against ``legal_cells`` and the reference, ``dead_end`` against brute force, and
the saved game's JSON round trip. The reference model also checks ``can_place`` (brute force
over every ordering of dice and cells), ``legal_cells`` and ``score`` on random boards: boards
reached by random legal play plus random ruins, and arbitrary boards of the notation.

Settings: every ``@settings`` here uses ``derandomize=True`` and ``database=None``, so each run
explores the same examples on every machine and CI never flakes. ``GAMES`` examples per
difficulty: 2,040 complete games (about 108,000 actions) in all. The choices of a walk are
read from 12-byte numbers that Hypothesis draws whenever the previous one is used up (every
few steps), which keeps Hypothesis's per-draw cost off every step while it still shrinks a
failing walk towards "the first option every time".

The economies, for a file that runs in about half a minute on two cores: restoring a saved
game replays all its moves, so one game in ``THOROUGH_EVERY`` (204 games) checks the JSON
round trip, the score, ``can_change`` and the move counts after literally every action; the
other games check the round trip on the final game, the score whenever the board or the
powers change, ``can_change`` after each roll, power or phase change, and the move counts at
the end (``transition`` checks each action's effect on turns and powers every time).
Everything else is checked after every action of every game.

Under mutation testing (``MAGDAGDON_MUTATION=1``, set by ``tools/mutation.py``), where each
mutant reruns the tests that reach it, every example count here is divided by ``SHARE``
(``mutation_run``): 68 games per difficulty instead of 680, 30 boards instead of 300. The
coverage test at the end still asserts that the walks met every situation.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from dataclasses import dataclass, fields
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from magdagdon import (
    Game,
    Phase,
    can_place,
    legal_cells,
    power_penalty,
    required_minimum,
    score,
)
from magdagdon import errors as magdagdon_errors
from magdagdon.game import ARITY

from .mutation_run import SHARE

# -- the reference model, from RULES.md ---------------------------------------------------------
# A board is a tuple of 16 ints: 0 EMPTY, -1 RUIN, 1..6 a NUMBER (row-major, 0 top-left).
EMPTY, RUIN = 0, -1
DIFFICULTIES = ("peaceful", "survival", "nightmare")
MINIMUM = {"peaceful": 2, "survival": 2, "nightmare": 3}
PENALTIES = {"peaceful": (0, 10, 30, 70), "survival": (0, 70), "nightmare": (0,)}
POWERS = {d: len(p) - 1 for d, p in PENALTIES.items()}
STRAIGHTS = {(1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6), (4, 3, 2, 1), (5, 4, 3, 2), (6, 5, 4, 3)}
LINES = [[4 * r + c for c in range(4)] for r in range(4)] + [
    [4 * r + c for r in range(4)] for c in range(4)
]


def ortho(cell: int) -> list[int]:
    """Up, down, left, right neighbours that exist (no diagonals, no wrapping)."""
    r, c = divmod(cell, 4)
    return [
        4 * rr + cc
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if 0 <= rr < 4 and 0 <= cc < 4
    ]


NEAR = [ortho(i) for i in range(16)]


def ref_parse(text: str) -> tuple[int, ...]:
    cells = tuple(
        EMPTY if ch == "." else RUIN if ch == "#" else int(ch) for ch in text if ch != "/"
    )
    assert len(cells) == 16, text
    return cells


def ref_text(cells) -> str:
    chars = "".join("." if v == EMPTY else "#" if v == RUIN else str(v) for v in cells)
    return "/".join(chars[i : i + 4] for i in range(0, 16, 4))


def put(cells, cell: int, value: int) -> tuple[int, ...]:
    return (*cells[:cell], value, *cells[cell + 1 :])


def ref_ok(cells, cell: int, value: int) -> bool:
    """May a die of ``value`` go on ``cell`` now (RULES.md, "Legal placement")?"""
    if cells[cell] != EMPTY:
        return False
    if not any(v > 0 for v in cells):
        return True  # no number at all: any EMPTY cell
    touching = [cells[n] for n in NEAR[cell] if cells[n] > 0]
    return bool(touching) and all(abs(t - value) <= 1 for t in touching)


def ref_legal(cells, value: int) -> list[int]:
    """Every cell where ``ref_ok`` holds (the same rule, without re-scanning for numbers)."""
    if not any(v > 0 for v in cells):
        return [i for i in range(16) if cells[i] == EMPTY]
    out = []
    for i in range(16):
        if cells[i] == EMPTY:
            touching = [cells[n] for n in NEAR[i] if cells[n] > 0]
            if touching and all(abs(t - value) <= 1 for t in touching):
                out.append(i)
    return out


def _sequence(cells, values) -> bool:
    """Can the dice ``values`` be placed in exactly this order, each on some legal cell?"""
    if not values:
        return True
    return any(_sequence(put(cells, c, values[0]), values[1:]) for c in ref_legal(cells, values[0]))


@lru_cache(maxsize=100_000)
def ref_can_place(cells: tuple[int, ...], dice: tuple[int, ...], required: int) -> bool:
    """Brute force: try every ordering of every choice of ``required`` dice, every cell."""
    if required > len(dice):
        return False
    return any(_sequence(cells, order) for order in set(itertools.permutations(dice, required)))


def ref_required(difficulty: str, cells) -> int:
    return min(MINIMUM[difficulty], cells.count(EMPTY))


def ref_score(cells, difficulty: str, powers_used: int) -> int:
    total = 0
    for line in LINES:
        values = tuple(cells[i] for i in line)
        numbers = [v for v in values if v > 0]
        total += sum(numbers)
        if len(numbers) == 4:
            counts = sorted(Counter(values).values())
            if values in STRAIGHTS:
                total += 60
            elif counts == [4]:
                total += 40
            elif counts == [2, 2]:
                total += 20
    return total - 15 * cells.count(RUIN) - PENALTIES[difficulty][powers_used]


@lru_cache(maxsize=100_000)
def connected(cells: tuple[int, ...]) -> bool:
    """The NUMBER cells form one orthogonally connected region (or there are none)."""
    numbers = {i for i, v in enumerate(cells) if v > 0}
    if not numbers:
        return True
    seen, todo = set(), [min(numbers)]
    while todo:
        i = todo.pop()
        if i not in seen:
            seen.add(i)
            todo.extend(n for n in NEAR[i] if n in numbers)
    return seen == numbers


@lru_cache(maxsize=100_000)
def smooth(cells: tuple[int, ...]) -> bool:
    """Orthogonally adjacent NUMBERs differ by at most 1."""
    return all(
        abs(cells[i] - cells[n]) <= 1
        for i in range(16)
        if cells[i] > 0
        for n in NEAR[i]
        if cells[n] > 0
    )


def staged_cells(game: Game, board: tuple[int, ...] | None = None) -> tuple[int, ...]:
    cells = ref_parse(game.board_text) if board is None else board
    for die, cell in game.placements:
        cells = put(cells, cell, game.dice[die])
    return cells


def expected_legal(game: Game, action: object, difficulty: str) -> bool:
    """The reference verdict on ``action`` (canonical notation) in ``game``."""
    if not isinstance(action, str):
        return False
    verb, *words = action.split(" ")
    if not all(w.isascii() and w.isdigit() for w in words):
        return False
    args = [int(w) for w in words]
    if verb not in ARITY:
        return False
    if len(args) not in (range(1, 5) if ARITY[verb] < 0 else (ARITY[verb],)):
        return False  # -1: a reroll of one to four dice
    phase, dice = game.phase, game.dice
    staged = dict(game.placements)
    available = [d for d in range(len(dice)) if d not in staged]
    power = phase in (Phase.PLACING, Phase.MAGDAGDON) and game.powers_used < POWERS[difficulty]
    if verb == "roll":
        return phase is Phase.ROLL
    if verb == "stage":
        die, cell = args
        return (
            phase is Phase.PLACING
            and die in available
            and cell < 16
            and ref_ok(staged_cells(game), cell, dice[die])
        )
    if verb == "unstage":
        return phase is Phase.PLACING and args[0] in staged
    if verb == "clear":
        return phase is Phase.PLACING
    if verb == "confirm":
        board = ref_parse(game.board_text)
        return phase is Phase.PLACING and len(staged) >= ref_required(difficulty, board)
    if verb in ("dec", "inc"):
        die = args[0]
        step = -1 if verb == "dec" else 1
        return power and die in available and 1 <= dice[die] + step <= 6
    if verb == "reroll":
        return power and len(set(args)) == len(args) and all(d in available for d in args)
    if verb == "accept":
        return phase is Phase.MAGDAGDON
    if verb == "cancel":
        return phase is Phase.RUIN
    if verb == "hint":  # the coach's advice, where there is a decision to make
        return phase in (Phase.PLACING, Phase.MAGDAGDON)
    assert verb == "ruin"
    return phase is Phase.RUIN and args[0] < 16 and ref_parse(game.board_text)[args[0]] == EMPTY


def test_the_walk_knows_every_verb_of_the_engine():
    assert sorted(VERBS) == sorted(GRAMMAR) == sorted(ARITY)
    assert [verb for verb, arity in ARITY.items() if arity < 0] == ["reroll"]


def test_reference_model_matches_rules_examples():
    # "an empty cell touching both a 3 and a 4 accepts only a 3 or a 4"
    assert [v for v in range(1, 7) if ref_ok(ref_parse("3.../.4../..../...."), 1, v)] == [3, 4]
    assert [v for v in range(1, 7) if ref_ok(ref_parse("3.../4.../..../...."), 1, v)] == [2, 3, 4]
    assert ref_legal(ref_parse("..../..#./..../...."), 6) == [i for i in range(16) if i != 6]
    assert ref_legal(ref_parse("#.../..../..../...."), 2)[:2] == [1, 2]  # ruins are not numbers
    assert ref_legal(ref_parse("3.../4.../..../...."), 5) == [5, 8]
    assert ref_score(ref_parse("1234/1234/1234/1234"), "peaceful", 0) == 480
    assert ref_score(ref_parse("1234/..../..../...#"), "survival", 1) == -5
    assert ref_score(ref_parse("1324/..../..../...."), "peaceful", 3) == 20 - 70
    assert ref_score(ref_parse("3443/..../..../...."), "nightmare", 0) == 28 + 20
    assert not ref_can_place(ref_parse("1.../..../..../...."), (3, 6, 6, 5), 2)
    assert ref_can_place(ref_parse("1.../..../..../...."), (3, 2, 6, 6), 2)
    assert not ref_can_place(ref_parse("..../..../..../...."), (1, 3, 5, 6), 3)
    assert connected(ref_parse("12../..3./..../....")) is False
    assert smooth(ref_parse("13../..../..../....")) is False
    assert expected_legal(Game.new("survival", 1), "roll", "survival")
    assert not expected_legal(Game.new("survival", 1), "roll 1", "survival")


# -- the random game walk -------------------------------------------------------------------------
#: Complete games per difficulty (one per Hypothesis example).
GAMES = {d: 680 // SHARE for d in ("peaceful", "survival", "nightmare")}
#: One game in this many is thorough: saved-game round trip and score after every action.
THOROUGH_EVERY = 10
#: Steps in one turn before the walk stops wandering and heads for the end of the turn.
WANDER = 16

GARBAGE = [
    "",
    " ",
    "rol",
    "rolls",
    "roll 0",
    "magdagdon",
    "undo",
    "stage",
    "stage 0",
    "stage 0 1 2",
    "stage a 1",
    "stage 0 x",
    "stage -1 5",
    "stage 0 -5",
    "stage 1.0 2",
    "stage \u0663 1",
    "stage 0 \u0661",
    "unstage",
    "unstage 0 1",
    "clear 0",
    "confirm 1",
    "dec",
    "dec 0 1",
    "inc -1",
    "inc +1",
    "reroll",
    "reroll 0 1 2 3 0",
    "reroll x",
    "accept 0",
    "cancel 1",
    "ruin",
    "ruin 1 2",
    "ruin -3",
    "stage\x000 1",
    None,
    7,
    3.5,
    b"roll",
    ["roll"],
    ("stage", 0, 1),
]

VERBS = [
    "roll",
    "stage",
    "unstage",
    "clear",
    "confirm",
    "dec",
    "inc",
    "reroll",
    "accept",
    "cancel",
    "ruin",
    "hint",
]
_DIE_ARGS = [*range(6), 9, 12, 57, 99, 100, 123]
_CELL_ARGS = [*range(18), 20, 64, 99, 100, 255]
#: The action grammar: every verb with arguments in and out of range, legal or not.
GRAMMAR = {
    "roll": ["roll"],
    "clear": ["clear"],
    "confirm": ["confirm"],
    "accept": ["accept"],
    "cancel": ["cancel"],
    "hint": ["hint"],
    "stage": [f"stage {d} {c}" for d in _DIE_ARGS for c in _CELL_ARGS],
    "unstage": [f"unstage {d}" for d in _DIE_ARGS],
    "dec": [f"dec {d}" for d in _DIE_ARGS],
    "inc": [f"inc {d}" for d in _DIE_ARGS],
    "ruin": [f"ruin {c}" for c in _CELL_ARGS],
    "reroll": [
        "reroll " + " ".join(map(str, ds))
        for n in (1, 2, 3, 4)
        for ds in itertools.product(range(5), repeat=n)
        if n < 3 or len(set(ds)) >= n - 1
    ],
}

#: How often each kind of legal action is picked when it is offered (repeats weight it).
WEIGHTS = {
    "roll": 1,
    "stage": 6,
    "unstage": 1,
    "confirm": 3,
    "accept": 3,
    "power": 1,
    "ruin": 4,
    "cancel": 1,
}
SOURCES = ["exposed"] * 16 + ["near miss"] * 2 + ["grammar", "garbage"]

#: The walk's randomness: whole numbers drawn by Hypothesis as the steps need them.
POOL_BYTES = 12
POOL = st.binary(min_size=POOL_BYTES, max_size=POOL_BYTES)


class Choices:
    """Every choice of a walk, read digit by digit from numbers drawn by Hypothesis.

    A fresh number is drawn whenever the current one has too few digits left for the next
    choice (every few steps), which keeps Hypothesis's per-draw cost off every single step;
    all zeros means "the first option every time", so failing walks shrink towards that.
    """

    def __init__(self, draw) -> None:
        self.draw = draw
        self.number = 0
        self.room = 1  # how many different values the digits left in ``number`` can take

    def pick(self, options: list):
        if len(options) == 1:
            return options[0]
        if self.room < len(options):
            self.number = int.from_bytes(self.draw(POOL), "little")
            self.room = 256**POOL_BYTES
        self.number, index = divmod(self.number, len(options))
        self.room //= len(options)
        return options[index]


def exposed_kinds(game: Game) -> list[str]:
    """The kinds of legal action the game offers now, from what it exposes."""
    phase = game.phase
    if phase is Phase.ROLL:
        kinds = ["roll"]
    elif phase is Phase.PLACING:
        kinds = ["stage"] if any(game.legal.values()) else []
        kinds += ["unstage"] * bool(game.placements) + ["confirm"] * game.can_confirm
    elif phase is Phase.MAGDAGDON:
        kinds = ["accept"]
    elif phase is Phase.RUIN:
        kinds = ["ruin", "cancel"]
    else:
        kinds = []
    if game.can_use_power and game.available:
        kinds.append("power")
    return kinds


def exposed_actions(game: Game, kind: str) -> list[str]:
    """The legal actions of one kind, built only from what the game exposes."""
    if kind == "stage":
        return [f"stage {d} {c}" for d, cells in game.legal.items() for c in cells]
    if kind == "unstage":
        return [f"unstage {d}" for d, _ in game.placements] + ["clear"]
    if kind == "ruin":
        return [f"ruin {i}" for i, v in enumerate(game.board) if v == EMPTY]
    if kind == "power":
        available = game.available
        changes = [
            f"{verb} {d}"
            for d in available
            for verb, delta in (("dec", -1), ("inc", 1))
            if game.can_change(d, delta)
        ]
        subsets = [
            " ".join(map(str, s))
            for n in range(1, len(available) + 1)
            for s in itertools.combinations(available, n)
        ]
        return changes + [f"reroll {s}" for s in subsets]
    return [kind]  # roll, confirm, accept, cancel


def near_misses(game: Game) -> list[list[str]]:
    """Actions one step away from legal ones, by kind: wrong phase, die, cell or power."""
    dice, available = game.dice, set(game.available)
    legal = game.legal
    phase = ["roll", "confirm", "accept", "cancel", "clear", "unstage 0", "ruin 0", "dec 0", "hint"]
    wrong_die = ["reroll 0 0", "dec 4", "inc 9", "stage 4 0", "unstage 7", "reroll 1 5"]
    wrong_cell = [f"ruin {i}" for i, v in enumerate(game.board) if v != EMPTY]
    for d in range(len(dice)):
        if d in available:
            wrong_die.append(f"unstage {d}")
            wrong_cell += [f"stage {d} {c}" for c in range(16) if c not in legal.get(d, ())]
            wrong_cell.append(f"stage {d} {16 + d}")
        else:
            wrong_die += [f"stage {d} {c}" for c in range(0, 16, 5)] + [f"dec {d}", f"reroll {d}"]
    power = [f"dec {d}" for d in range(len(dice)) if dice[d] == 1]
    power += [f"inc {d}" for d in range(len(dice)) if dice[d] == 6]
    if not game.can_use_power:
        power += ["inc 0", "dec 1", "reroll 2", "reroll 0 1 2 3"]
    return [kind for kind in (phase, wrong_die, wrong_cell, power) if kind]


def progress_actions(game: Game) -> list[str]:
    """Actions that head for the end of the turn (once a turn has wandered long enough)."""
    if game.phase is Phase.ROLL:
        return ["roll"]
    if game.phase is Phase.MAGDAGDON:
        return ["accept"]
    if game.phase is Phase.RUIN:
        return [f"ruin {i}" for i, v in enumerate(game.board) if v == EMPTY]
    if game.can_confirm:
        return ["confirm"]
    if game.dead_end:
        return ["clear"]
    stages = [f"stage {d} {c}" for d, cells in game.legal.items() for c in cells]
    return [a for a in stages if not game.apply(a).dead_end] or stages


GAME_FIELDS = [f.name for f in fields(Game)]


def fields_of(game: Game) -> tuple:
    return tuple(getattr(game, name) for name in GAME_FIELDS)


@dataclass(frozen=True)
class Step:
    before: Game
    snapshot: tuple  # the fields of ``before`` read before the action: it must not change them
    action: object
    source: str  # "exposed", "progress", "near miss", "grammar" or "garbage"
    after: Game | None
    error: BaseException | None


class Walk:
    """One random game: its difficulty, seed and steps (its repr is the reproduction)."""

    def __init__(self, difficulty: str, seed: int, steps: tuple[Step, ...]) -> None:
        self.difficulty, self.seed, self.steps = difficulty, seed, steps

    def __repr__(self) -> str:  # the reproduction Hypothesis prints for a failing game
        actions = [s.action for s in self.steps]
        return f"Walk(difficulty={self.difficulty!r}, seed={self.seed}, actions={actions!r})"


@st.composite
def game_walks(draw, difficulty: str) -> Walk:
    """A game played to the end by random legal, illegal and garbage actions."""
    seed = draw(st.integers(0, 2**53 - 1))
    game = Game.new(difficulty, seed)
    steps: list[Step] = []
    wandered = 0
    choose = Choices(draw).pick
    while not game.is_over and len(steps) < 1000:
        source = "progress" if wandered > WANDER else choose(SOURCES)
        if source == "progress":
            action: object = choose(progress_actions(game))
        elif source == "exposed":
            kinds = exposed_kinds(game)
            assert kinds, f"the game offers no legal action at all: {game!r}"
            kind = choose([k for k in kinds for _ in range(WEIGHTS[k])])
            action = choose(exposed_actions(game, kind))
        elif source == "near miss":
            action = choose(choose(near_misses(game)))
        elif source == "grammar":
            action = choose(GRAMMAR[choose(VERBS)])
        else:
            action = choose(GARBAGE)
        snapshot = fields_of(game)
        try:
            after, error = game.apply(action), None  # type: ignore[arg-type]
        except Exception as exc:  # judged by the test, not here
            after, error = None, exc
        steps.append(Step(game, snapshot, action, source, after, error))
        if after is None:
            wandered += 1
            continue
        ended = after.turn != game.turn
        game = after
        wandered = 0 if ended else wandered + 1
    return Walk(difficulty, seed, tuple(steps))


# The public API and the reference model are pure: each distinct question is asked once.
@lru_cache(maxsize=200_000)
def api_can_place(board: str, dice: tuple[int, ...], required: int) -> bool:
    return can_place(board, list(dice), required)


@lru_cache(maxsize=200_000)
def api_legal_cells(board: str, value: int) -> tuple[int, ...]:
    return tuple(legal_cells(board, value))


@lru_cache(maxsize=200_000)
def ref_legal_cached(cells: tuple[int, ...], value: int) -> tuple[int, ...]:
    return tuple(ref_legal(cells, value))


@lru_cache(maxsize=50_000)
def score_check(board: str, difficulty: str, powers_used: int) -> int:
    """The score by the public API, after checking it against the reference formula."""
    total = score(board, difficulty, powers_used)
    assert total == ref_score(ref_parse(board), difficulty, powers_used), (board, difficulty)
    assert required_minimum(difficulty, board) == ref_required(difficulty, ref_parse(board))
    return total


#: What the walks did, for the coverage test at the end of this file.
STATS: Counter = Counter()


class Checker:
    """Checks one game's states, remembering what is costly and pure (saved forms, can_place)."""

    def __init__(self, difficulty: str, thorough: bool) -> None:
        self.difficulty = difficulty
        self.thorough = thorough
        self.restored: dict[str, Game] = {}
        self.scored: tuple[str, int] | None = None
        self.dice_checked: tuple | None = None

    def round_trip(self, game: Game) -> None:
        saved = json.dumps(game.to_dict(), sort_keys=True)
        restored = self.restored.get(saved)
        if restored is None:
            restored = self.restored[saved] = Game.from_dict(json.loads(saved))
            STATS["saved games restored"] += 1
        assert restored == game, f"restored {restored!r} differs from {game!r}"
        assert restored.to_dict() == game.to_dict()

    def state(self, game: Game, *, save: bool) -> None:
        """Everything RULES.md promises about a game, checked on ``game``."""
        difficulty = self.difficulty
        board_text = game.board_text
        board = ref_parse(board_text)
        staged = staged_cells(game, board)
        phase = game.phase
        assert game.difficulty.value == difficulty
        assert tuple(game.board) == board and tuple(game.staged_board) == staged

        # The board: one connected region of numbers, neighbours within 1 (committed, staged).
        for cells in {board, staged}:
            assert connected(cells), f"numbers not connected: {ref_text(cells)}"
            assert smooth(cells), f"adjacent numbers differ by more than 1: {ref_text(cells)}"

        # Score, through the public API and the reference formula (every time the board or
        # the powers change; in a thorough game, in every state).
        if self.thorough or self.scored != (board_text, game.powers_used):
            assert game.score == score_check(board_text, difficulty, game.powers_used)
            self.scored = (board_text, game.powers_used)
        assert 0 <= game.powers_used <= POWERS[difficulty]
        assert game.powers_left == POWERS[difficulty] - game.powers_used

        # Turns: each ended turn is a confirm or a ruin; at most 16; OVER iff no EMPTY cell.
        # (``transition`` checks every action's effect on turn and powers; the moves that
        # count them are recounted in thorough games and at the end of every game.)
        assert game.turn <= 16
        if self.thorough or game.is_over:
            ended = sum(m == "confirm" or m.startswith("ruin ") for m in game.moves)
            assert game.turn == ended
            powers = sum(m.split()[0] in ("dec", "inc", "reroll") for m in game.moves)
            assert game.powers_used == powers
        assert (phase is Phase.OVER) == (EMPTY not in board) == game.is_over
        assert game.required == ref_required(difficulty, board)  # and the API's, in score_check

        # The roll: present from ROLL to the end of the turn; MAGDAGDON exactly when it cannot
        # place the required minimum on the committed board (public can_place, brute force).
        if phase in (Phase.ROLL, Phase.OVER):
            assert game.dice == ()
        else:
            assert len(game.dice) == 4 and all(1 <= v <= 6 for v in game.dice)
            placeable = api_can_place(board_text, game.dice, game.required)
            assert placeable == ref_can_place(board, tuple(sorted(game.dice)), game.required)
            assert (phase in (Phase.MAGDAGDON, Phase.RUIN)) == (not placeable), (
                f"phase {phase.value}, can_place={placeable}: board {board_text} "
                f"dice {game.dice} required {game.required}"
            )
        if phase is not Phase.PLACING:
            assert game.placements == ()

        # Staged dice: distinct dice on distinct cells, legal in the order they are listed.
        dice_staged = [d for d, _ in game.placements]
        assert len(set(dice_staged)) == len(dice_staged)
        cells = board
        for die, cell in game.placements:
            assert ref_ok(cells, cell, game.dice[die]), f"staged {die}->{cell} not legal"
            cells = put(cells, cell, game.dice[die])
        assert game.available == tuple(d for d in range(len(game.dice)) if d not in dice_staged)

        # What the interface shows: legal cells, CONFIRM, powers, the dead end.
        if phase is Phase.PLACING:
            text = ref_text(staged)
            assert sorted(game.legal) == list(game.available)
            for die, cells_ok in game.legal.items():
                value = game.dice[die]
                assert tuple(cells_ok) == ref_legal_cached(staged, value)
                assert tuple(cells_ok) == api_legal_cells(text, value)
        else:
            assert game.legal == {}
        assert game.can_confirm == (
            phase is Phase.PLACING and len(game.placements) >= game.required
        )
        assert game.can_use_power == (
            game.powers_used < POWERS[difficulty] and phase in (Phase.PLACING, Phase.MAGDAGDON)
        )
        dice_now = (game.dice, game.powers_used, phase)
        if self.thorough or dice_now != self.dice_checked:  # each new roll, power or phase
            self.dice_checked = dice_now
            self.check_can_change(game)
        missing = max(0, game.required - len(game.placements)) if phase is Phase.PLACING else 0
        rest = tuple(sorted(game.dice[d] for d in game.available))
        assert game.dead_end == (missing > 0 and not ref_can_place(staged, rest, missing))
        if game.dead_end:
            STATS["dead ends"] += 1

        if save or self.thorough:
            self.round_trip(game)

    @staticmethod
    def check_can_change(game: Game) -> None:
        for die in range(len(game.dice) or 1):
            for delta in (-1, 1):
                assert game.can_change(die, delta) == (
                    game.can_use_power
                    and die in game.available
                    and 1 <= game.dice[die] + delta <= 6
                )

    def transition(self, before: Game, action: str, after: Game) -> None:
        """What one accepted action did, against what RULES.md says it does."""
        verb, *words = action.split()
        args = [int(w) for w in words]
        if verb not in ("confirm", "ruin"):
            assert after.turn == before.turn and after.board == before.board
        if verb not in ("dec", "inc", "reroll"):
            assert after.powers_used == before.powers_used
        if verb == "roll":
            assert after.phase in (Phase.PLACING, Phase.MAGDAGDON)
        elif verb == "stage":
            assert after.placements == (*before.placements, tuple(args))
            assert after.phase is Phase.PLACING  # bad staging never causes MAGDAGDON
            assert after.dice == before.dice
        elif verb == "unstage":
            die = args[0]
            kept = set(after.placements)
            assert kept <= set(before.placements) and die not in after.staged
            # Whatever else went back to the tray could not stay: it is no longer legal.
            now = staged_cells(after)
            for d, c in set(before.placements) - kept - {(die, before.staged[die])}:
                assert not ref_ok(now, c, before.dice[d]), f"{action} also took back {d}->{c}"
        elif verb == "clear":
            assert after.placements == () and after.phase is Phase.PLACING
        elif verb == "confirm":
            assert after.board == before.staged_board and after.turn == before.turn + 1
            assert after.phase in (Phase.ROLL, Phase.OVER)
        elif verb in ("dec", "inc", "reroll"):
            assert after.powers_used == before.powers_used + 1
            assert after.phase in (Phase.PLACING, Phase.MAGDAGDON)
            if after.phase is Phase.PLACING:
                assert after.placements == before.placements
            changed = [d for d in range(4) if after.dice[d] != before.dice[d]]
            if verb == "reroll":
                assert set(changed) <= set(args)
            else:
                step = -1 if verb == "dec" else 1
                assert changed == args and after.dice[args[0]] == before.dice[args[0]] + step
        elif verb == "accept":
            assert after.phase is Phase.RUIN and after.dice == before.dice
        elif verb == "cancel":
            assert after.phase is Phase.MAGDAGDON and after.dice == before.dice
        elif verb == "hint":  # changes nothing but the count of hints
            assert (after.phase, after.dice, after.placements) == (
                before.phase,
                before.dice,
                before.placements,
            )
            assert after.hints == before.hints + 1
        else:
            assert verb == "ruin"
            assert after.board == put(before.board, args[0], RUIN)
            assert after.turn == before.turn + 1
            assert after.phase in (Phase.ROLL, Phase.OVER)


def check_walk(walk: Walk, thorough: bool) -> None:
    difficulty = walk.difficulty
    check = Checker(difficulty, thorough)
    game = Game.new(difficulty, walk.seed)
    check.state(game, save=True)
    empties_at_start = 16
    for step in walk.steps:
        assert step.before == game
        action = step.action
        expected = step.source != "garbage" and expected_legal(game, action, difficulty)
        if step.source in ("exposed", "progress"):
            assert expected, f"the game offers {action!r}, which the rules forbid"
        if step.error is not None:
            error = step.error
            assert isinstance(error, magdagdon_errors.MagdagdonError), repr(error)
            assert type(error).__module__ == "magdagdon.errors" and isinstance(error, ValueError)
            assert not expected, f"{action!r} refused: {error}"
            assert fields_of(game) == step.snapshot  # every field, so the saved form too
            STATS[f"refused {type(error).__name__}"] += 1
            continue
        assert expected, f"{action!r} accepted, but the rules forbid it"
        assert fields_of(game) == step.snapshot  # the old game is untouched
        verb = action.split()[0]  # type: ignore[union-attr]
        STATS[f"did {verb}"] += 1
        if verb == "roll":
            STATS[f"{difficulty} turns requiring {game.required}"] += 1
            empties_at_start = game.board.count(EMPTY)
        after = step.after
        assert after is not None
        check.transition(game, action, after)  # type: ignore[arg-type]
        check.state(after, save=after.is_over)
        if after.phase is Phase.MAGDAGDON:
            STATS["magdagdon states"] += 1
        if verb in ("confirm", "ruin"):
            assert after.board.count(EMPTY) < empties_at_start  # every turn fills a cell
        game = after
    assert game.is_over and game.turn <= 16, "the game did not end within 16 turns"
    STATS["games"] += 1
    STATS[f"games {difficulty}"] += 1
    STATS["steps"] += len(walk.steps)
    if RUIN in game.board:
        STATS["games with a ruin"] += 1


GAME_SETTINGS = dict(
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=False,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    report_multiple_bugs=False,
)


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_random_games_keep_every_invariant(difficulty):
    examples = Counter()

    @settings(max_examples=GAMES[difficulty], **GAME_SETTINGS)
    @given(walk=game_walks(difficulty))
    def play(walk):
        examples["n"] += 1
        check_walk(walk, thorough=examples["n"] % THOROUGH_EVERY == 1)

    before = STATS[f"games {difficulty}"]
    play()
    assert STATS[f"games {difficulty}"] - before >= GAMES[difficulty]


# -- can_place, legal_cells and score on random boards --------------------------------------------
@st.composite
def played_boards(draw):
    """A board reached by random legal placements, with random ruins among them."""
    cells = (EMPTY,) * 16
    for _ in range(draw(st.integers(0, 15))):
        empties = [i for i, v in enumerate(cells) if v == EMPTY]
        if len(empties) <= 1:
            break
        if draw(st.integers(0, 4)) == 0:
            cells = put(cells, draw(st.sampled_from(empties)), RUIN)
            continue
        value = draw(st.integers(1, 6))
        options = ref_legal(cells, value)
        if options:
            cells = put(cells, draw(st.sampled_from(options)), value)
    return ref_text(cells)


arbitrary_boards = st.one_of(
    st.text(alphabet="123456.#", min_size=16, max_size=16),
    st.lists(st.sampled_from("......123456#"), min_size=16, max_size=16).map("".join),
).map(lambda s: "/".join(s[i : i + 4] for i in range(0, 16, 4)))
any_board = st.one_of(played_boards(), arbitrary_boards)
dice_lists = st.lists(st.integers(1, 6), min_size=0, max_size=4)

BOARD_SETTINGS = settings(max_examples=300 // SHARE, deadline=None, derandomize=True, database=None)


@BOARD_SETTINGS
@given(board=any_board, dice=dice_lists, required=st.integers(0, 5))
@example(board="..../..../..../....", dice=[1, 3, 5, 6], required=3)
@example(board="..../..../..../....", dice=[1, 2, 4, 6], required=3)
@example(board="..../..../..../....", dice=[1, 2, 4, 6], required=2)
@example(board="..../.#../..../....", dice=[6, 6, 6, 6], required=4)
@example(board="##../##../..../....", dice=[1, 3, 5, 6], required=2)
@example(board="1#../#.../..../....", dice=[1, 1, 1, 1], required=1)  # enclosed empty cells
@example(board="3.../.4../..../....", dice=[5, 2, 3, 1], required=3)
@example(board="1234/2345/3456/45..", dice=[6, 6, 1, 1], required=2)
def test_can_place_agrees_with_brute_force(board, dice, required):
    cells = ref_parse(board)
    expected = ref_can_place(cells, tuple(sorted(dice)), required)
    assert can_place(board, dice, required) is expected
    assert can_place(board.replace("/", ""), list(reversed(dice)), required) is expected


@BOARD_SETTINGS
@given(board=any_board, value=st.integers(1, 6))
def test_legal_cells_agree_with_the_rules(board, value):
    cells = ref_parse(board)
    assert legal_cells(board, value) == ref_legal(cells, value)
    assert ref_legal(cells, value) == [i for i in range(16) if ref_ok(cells, i, value)]


@BOARD_SETTINGS
@given(board=any_board, difficulty=st.sampled_from(DIFFICULTIES), data=st.data())
def test_score_and_required_agree_with_the_rules(board, difficulty, data):
    uses = data.draw(st.integers(0, POWERS[difficulty]))
    cells = ref_parse(board)
    assert score(board, difficulty, uses) == ref_score(cells, difficulty, uses)
    assert score(board.replace("/", ""), difficulty.upper(), uses) == score(board, difficulty, uses)
    assert required_minimum(difficulty, board) == ref_required(difficulty, cells)
    assert power_penalty(difficulty, uses) == PENALTIES[difficulty][uses]
    with pytest.raises(ValueError):
        power_penalty(difficulty, POWERS[difficulty] + 1)


@BOARD_SETTINGS
@given(
    board=any_board, junk=st.characters(exclude_characters="123456.#/"), where=st.integers(0, 19)
)
def test_notation_rejects_any_other_character(board, junk, where):
    bad = board[:where] + junk + board[where:]
    calls = (
        lambda: legal_cells(bad, 3),
        lambda: can_place(bad, [3], 1),
        lambda: score(bad),
        lambda: required_minimum("peaceful", bad),
    )
    for call in calls:
        with pytest.raises(ValueError):
            call()


# -- the walks really went everywhere -----------------------------------------------------------
def test_the_random_games_covered_the_rules():
    """Runs last: the walks above met every situation they are meant to check."""
    if STATS["games"] == 0:
        pytest.skip("the random games did not run in this session")
    print("\nrandom-game statistics:", dict(sorted(STATS.items())))
    for verb in VERBS:
        assert STATS[f"did {verb}"] > 0, f"no game did {verb!r}"
    assert STATS["magdagdon states"] > 0 and STATS["games with a ruin"] > 0
    assert STATS["dead ends"] > 0
    for name in magdagdon_errors.__all__:
        if name in ("MagdagdonError", "IllegalActionError", "SavedGameError"):
            continue
        assert STATS[f"refused {name}"] > 0, f"no action was refused with {name}"
    if STATS["games nightmare"]:
        assert STATS["nightmare turns requiring 2"] > 0
        assert STATS["nightmare turns requiring 1"] > 0
