"""The turn state machine: an immutable :class:`Game`, actions in, a new game out.

Actions are short strings (Tatham's puzzles call them moves)::

    roll                  ROLL four dice
    stage D C             stage die D (0..3) on cell C (0..15)
    unstage D             take staged die D back to the tray
    clear                 take every staged die back
    confirm               CONFIRM the staged dice (the unstaged ones are discarded)
    dec D / inc D         Majda Power: die D −1 / +1
    reroll D [D ...]      Majda Power: reroll the chosen dice together
    accept                accept MAGDAGDON (then choose the ruin)
    cancel                not yet: back from choosing the ruin to MAGDAGDON
    ruin C                cell C becomes a RUIN; the turn ends
    hint                  the coach's advice was shown (changes nothing but the count of hints,
                          so that a record says the game was played with help)

Dice come from the game's seed: the roll of turn ``t`` and its ``k``-th reroll are a pure
function of ``(seed, t, k)`` (SHA-256, identical in CPython and Pyodide), so the same seed deals
the same roll on every turn whatever powers were used before.

A game saves as its seed and its moves and restores by replaying them through the same rules,
so a restored game is exactly the saved one or nothing at all.

>>> g = Game.new("nightmare", seed=2)
>>> g.phase
<Phase.ROLL: 'roll'>
>>> g = g.apply("roll")
>>> g.dice, g.phase.value, g.required
((4, 3, 4, 5), 'placing', 3)
>>> g = g.apply("stage 0 5").apply("stage 1 6").apply("stage 2 7")
>>> g.can_confirm
True
>>> g = g.apply("confirm")
>>> g.board_text, g.turn, g.score
('..../.434/..../....', 1, 22)
"""

from __future__ import annotations

import enum
import hashlib
import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields, replace
from functools import cached_property

from .errors import (
    BadActionError,
    BelowMinimumError,
    CellNotEmptyError,
    DieUnavailableError,
    IllegalCellError,
    NoPowerLeftError,
    PowerOutOfRangeError,
    RollPlaceableError,
    SavedGameError,
    WrongPhaseError,
)
from .rules import (
    CELLS,
    EMPTY,
    NEIGHBOURS,
    RUIN,
    Board,
    Difficulty,
    ScoreBreakdown,
    can_place_on,
    explain_cell,
    format_board,
    is_whole,
    legal_cells_by_value,
    parse_board,
    score_breakdown,
)

__all__ = [
    "Phase",
    "Game",
    "DICE",
    "SEED_LIMIT",
    "SCORE_LIMIT",
    "parse_score",
    "SCHEMA",
    "FORMAT",
    "roll_dice",
    "new_seed",
    "parse_seed",
]

DICE = 4
#: Seeds are whole numbers below 2**53, so any JavaScript tool reads them exactly.
SEED_LIMIT = 2**53
#: Every score the game keeps (a coach's, a challenge's, a history record's) lies within ±this.
SCORE_LIMIT = 10_000
#: Version of every stored format: the saved game (:meth:`Game.to_dict`), the settings and the
#: best-scores tables (``magdagdon.records``). A value of a higher schema is a newer release's.
SCHEMA = 1
#: What :meth:`Game.to_dict` writes under ``"format"``.
FORMAT = "magdagdon-game"


class Phase(enum.Enum):
    """Where the game stands; ``value`` is what the page shows as ``body[data-phase]``."""

    ROLL = "roll"  # awaiting ROLL
    PLACING = "placing"  # staging dice; CONFIRM once the minimum is staged
    MAGDAGDON = "magdagdon"  # the roll cannot be placed: use a power or accept
    RUIN = "ruin"  # MAGDAGDON accepted: choose the empty cell to ruin
    OVER = "over"  # all 16 cells are numbers or ruins


def new_seed() -> int:
    """An unpredictable seed (short enough for a link)."""
    return int.from_bytes(os.urandom(8)) % 10**9  # (secrets costs an import in Pyodide)


def roll_dice(seed: int, turn: int, draw: int, count: int) -> tuple[int, ...]:
    """``count`` fair D6 values for draw ``draw`` (0 = the roll, 1.. = rerolls) of ``turn``.

    >>> roll_dice(7, 0, 0, 4)
    (1, 2, 6, 4)
    """
    values: list[int] = []
    block = 0
    while len(values) < count:
        digest = hashlib.sha256(f"magdagdon:{seed}:{turn}:{draw}:{block}".encode()).digest()
        # Bytes 0..251 map evenly onto 1..6 (252 = 6 * 42); the rest are skipped.
        values.extend(b % 6 + 1 for b in digest if b < 252)
        block += 1
    return tuple(values[:count])


def _check_seed(seed: object) -> int:
    if not is_whole(seed, 0, SEED_LIMIT - 1):
        raise ValueError(f"a seed is a whole number from 0 to {SEED_LIMIT - 1}, not {seed!r}")
    return seed


def parse_seed(text: object) -> int:
    """The seed written in ``text`` (decimal digits), else ``ValueError``.

    >>> parse_seed(" 42 ")
    42
    """
    if isinstance(text, str) and text.strip().isascii() and text.strip().isdigit():
        stripped = text.strip()
        if len(stripped) <= 16:
            return _check_seed(int(stripped))
    raise ValueError(f"a seed is a whole number from 0 to {SEED_LIMIT - 1}, not {text!r}")


def parse_score(text: object) -> int:
    """The score written in ``text`` (a whole number within ±:data:`SCORE_LIMIT`, a minus
    sign allowed: a challenge link's score to beat), else ``ValueError``.

    >>> parse_score("212"), parse_score("-39"), parse_score("−39")
    (212, -39, -39)
    """
    if isinstance(text, str):
        digits = text.strip().replace("\u2212", "-")
        body = digits.removeprefix("-")
        if body.isascii() and body.isdigit() and len(body) <= 5 and abs(int(digits)) <= SCORE_LIMIT:
            return int(digits)
    raise ValueError(f"a score is a whole number, not {text!r:.40}")


def _canonical(value: object) -> str:
    """JSON text that tells ``true`` from ``1`` and ``4.0`` from ``4``."""
    return json.dumps(value, sort_keys=True)


# -- actions -------------------------------------------------------------------------------------
_ARITY = {
    "roll": 0,
    "clear": 0,
    "confirm": 0,
    "accept": 0,
    "cancel": 0,
    "stage": 2,
    "unstage": 1,
    "dec": 1,
    "inc": 1,
    "ruin": 1,
    "reroll": -1,  # one or more dice
    "hint": 0,
}
#: Every verb of an action and how many numbers follow it (-1: one to :data:`DICE` dice).
ARITY = _ARITY


def _parse_action(action: str) -> tuple[str, tuple[int, ...]]:
    if not isinstance(action, str):
        raise BadActionError(f"an action is a string, not {action!r}", action=repr(action))
    words = action.split()
    if not words or words[0] not in _ARITY:
        raise BadActionError(
            f"unknown action {action!r}: expected one of {', '.join(_ARITY)}", action=action
        )
    verb, args = words[0], words[1:]
    arity = _ARITY[verb]
    if (arity >= 0 and len(args) != arity) or (arity < 0 and not 1 <= len(args) <= DICE):
        raise BadActionError(f"wrong number of arguments in {action!r}", action=action)
    if not all(a.isascii() and a.isdigit() and len(a) <= 2 for a in args):
        raise BadActionError(f"arguments must be small whole numbers in {action!r}", action=action)
    return verb, tuple(int(a) for a in args)


def _largest_group(placements: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The placements of the largest orthogonally connected group of their cells (the one
    staged earliest on a tie), in staging order.

    >>> _largest_group([(0, 0), (2, 2), (3, 6)])
    [(2, 2), (3, 6)]
    """
    cells = {cell for _, cell in placements}
    best: set[int] = set()
    for _, start in placements:
        group, frontier = {start}, [start]
        while frontier:
            for n in NEIGHBOURS[frontier.pop()]:
                if n in cells and n not in group:
                    group.add(n)
                    frontier.append(n)
        if len(group) > len(best):
            best = group
    return [p for p in placements if p[1] in best]


def _changed(game: Game, **changes: object) -> Game:
    """``game`` with ``changes`` to its fields: what :func:`dataclasses.replace` makes, faster
    (every move makes one). The other fields are taken as they are, and nothing a property
    worked out and kept (``cached_property``) comes along."""
    if not changes.keys() <= _NAMES:  # (as replace refuses a name that is not a field)
        raise TypeError(f"not a field of a game: {sorted(changes.keys() - _NAMES)}")
    changed = object.__new__(type(game))
    kept = game.__dict__
    changed.__dict__.update({name: kept[name] for name in _FIELDS}, **changes)
    return changed


# -- the game --------------------------------------------------------------------------------------
@dataclass(frozen=True, repr=False)
class Game:
    """One game of MAGDAGDON. Immutable: :meth:`apply` returns a new game or raises.

    ``board`` is the committed board; ``dice`` the current roll (empty between turns);
    ``placements`` the staged ``(die, cell)`` pairs in the order they were staged; ``turn`` the
    number of ended turns; ``draws`` the rerolls made this turn; ``moves`` the game so far in
    canonical action notation (what a saved game stores).
    """

    difficulty: Difficulty
    seed: int
    board: Board = (EMPTY,) * CELLS
    dice: tuple[int, ...] = ()
    placements: tuple[tuple[int, int], ...] = ()
    phase: Phase = Phase.ROLL
    turn: int = 0
    draws: int = 0
    powers_used: int = 0
    moves: tuple[str, ...] = ()

    @classmethod
    def new(
        cls, difficulty: str | Difficulty = Difficulty.PEACEFUL, seed: int | None = None
    ) -> Game:
        """A new game; without a seed, an unpredictable one is drawn."""
        return cls(Difficulty.parse(difficulty), _check_seed(new_seed() if seed is None else seed))

    def __repr__(self) -> str:
        """The committed board in notation first (as python-chess shows a FEN), then where the
        game stands; the roll, the staged ``die: cell`` pairs and the powers only when there
        are any.

        >>> Game.new("nightmare", seed=2).play(["roll", "stage 0 5"])  # one line, wrapped here
        Game('..../..../..../....', 'nightmare', seed=2, turn=0, phase='placing',
             dice=(4, 3, 4, 5), staged={0: 5}, score=0)
        >>> Game.from_board("1234/2345/..#./....", "survival")
        Game('1234/2345/..#./....', 'survival', seed=0, turn=0, phase='roll', score=153)
        """
        parts = [repr(self.board_text), repr(self.difficulty.value), f"seed={self.seed}"]
        parts += [f"turn={self.turn}", f"phase={self.phase.value!r}"]
        if self.dice:
            parts.append(f"dice={self.dice}")
        if self.placements:
            parts.append(f"staged={self.staged}")
        if self.powers_used:
            parts.append(f"powers_used={self.powers_used}")
        return f"Game({', '.join(parts + [f'score={self.score}'])})"

    # -- what the interface shows ------------------------------------------------------------------
    @property
    def board_text(self) -> str:
        """The committed board in RULES.md's notation."""
        return format_board(self.board)

    @cached_property
    def staged_board(self) -> Board:
        """The committed board with the staged dice written in."""
        cells = list(self.board)
        for die, cell in self.placements:
            cells[cell] = self.dice[die]
        return tuple(cells)

    @property
    def staged(self) -> dict[int, int]:
        """Staged dice: die index → cell."""
        return dict(self.placements)

    @property
    def available(self) -> tuple[int, ...]:
        """Indices of the dice of the roll that are not staged."""
        staged = self.staged
        return tuple(d for d in range(len(self.dice)) if d not in staged)

    @cached_property
    def required(self) -> int:
        """The required minimum of this turn (from the committed board)."""
        return self.difficulty.required_minimum(self.board)

    @property
    def still_required(self) -> int:
        """How many more dice must be staged before CONFIRM."""
        if self.phase is not Phase.PLACING:
            return 0
        return max(0, self.required - len(self.placements))

    @property
    def can_confirm(self) -> bool:
        return self.phase is Phase.PLACING and len(self.placements) >= self.required

    @cached_property
    def legal(self) -> dict[int, tuple[int, ...]]:
        """For each available die, the cells where it may be staged now (PLACING only)."""
        if self.phase is not Phase.PLACING:
            return {}
        cells = legal_cells_by_value(self.staged_board, self.dice)
        return {d: cells[self.dice[d]] for d in self.available}

    @cached_property
    def dead_end(self) -> bool:
        """The staged dice leave no way to reach the minimum (though a way exists): take back."""
        missing = self.still_required
        if not missing:
            return False
        rest = [self.dice[d] for d in self.available]
        return not can_place_on(self.staged_board, rest, missing)

    @property
    def powers_left(self) -> int:
        return self.difficulty.powers - self.powers_used

    @property
    def hints(self) -> int:
        """How many times the coach's advice was shown in this game."""
        return self.moves.count("hint")

    @property
    def next_power_cost(self) -> int | None:
        """The penalty the next Majda Power would add, or None when none is left."""
        return self.difficulty.penalties[self.powers_used] if self.powers_left else None

    @property
    def can_use_power(self) -> bool:
        return self.powers_left > 0 and self.phase in (Phase.PLACING, Phase.MAGDAGDON)

    def can_change(self, die: int, delta: int) -> bool:
        """Whether −1 (``delta=-1``) or +1 (``delta=1``) may be used on ``die`` now."""
        return self.can_use_power and die in self.available and 1 <= self.dice[die] + delta <= 6

    @cached_property
    def breakdown(self) -> ScoreBreakdown:
        """The running score of the committed board (the final score once the game is over)."""
        return score_breakdown(self.board, self.difficulty, self.powers_used)

    @cached_property
    def preview(self) -> ScoreBreakdown:
        """The score the board would have if the staged dice were confirmed now."""
        return score_breakdown(self.staged_board, self.difficulty, self.powers_used)

    @property
    def score(self) -> int:
        return self.breakdown.total

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def explain(self, die: int, cell: int) -> str:
        """Why die ``die`` may (``"ok"``) or may not be staged on ``cell`` (a reason code)."""
        return explain_cell(self.staged_board, cell, self.dice[die]).code

    # -- actions ----------------------------------------------------------------------------------
    def apply(self, action: str) -> Game:
        """The game after ``action``; an illegal action raises and changes nothing."""
        verb, args = _parse_action(action)
        do: Callable[..., Game] = getattr(self, "_do_" + verb)
        return do(*args)

    def play(self, actions: Iterable[str]) -> Game:
        """The game after each of ``actions`` in turn."""
        game = self
        for action in actions:
            game = game.apply(action)
        return game

    def _expect(self, *phases: Phase, verb: str) -> None:
        if self.phase not in phases:
            raise WrongPhaseError(
                f"{verb!r} is not possible now (phase {self.phase.value!r})",
                verb=verb,
                phase=self.phase.value,
            )

    def _die(self, die: int, *, staged: bool) -> int:
        if not 0 <= die < len(self.dice):
            raise DieUnavailableError(f"there is no die {die} in this roll", die=die)
        if (die in self.staged) != staged:
            if staged:
                raise DieUnavailableError(f"die {die} is not staged", die=die)
            raise DieUnavailableError(
                f"die {die} is staged: take it back to the tray first", die=die
            )
        return die

    def _do_roll(self) -> Game:
        self._expect(Phase.ROLL, verb="roll")
        dice = roll_dice(self.seed, self.turn, 0, DICE)
        return self._decided(dice, moves=self.moves + ("roll",))

    def _decided(
        self,
        dice: tuple[int, ...],
        moves: tuple[str, ...],
        powers_used: int | None = None,
        draws: int | None = None,
    ) -> Game:
        """After a roll or a power (its count of powers used and of rerolls drawn, when they
        change): PLACING, or MAGDAGDON (staged dice back on the tray)."""
        used = self.powers_used if powers_used is None else powers_used
        drawn = self.draws if draws is None else draws
        if can_place_on(self.board, dice, self.required):
            phase, placements = Phase.PLACING, self.placements
        else:
            phase, placements = Phase.MAGDAGDON, ()
        return _changed(
            self,
            dice=dice,
            phase=phase,
            placements=placements,
            moves=moves,
            powers_used=used,
            draws=drawn,
        )

    def _do_stage(self, die: int, cell: int) -> Game:
        self._expect(Phase.PLACING, verb="stage")
        self._die(die, staged=False)
        if not 0 <= cell < CELLS:
            raise IllegalCellError(f"there is no cell {cell}", die=die, cell=cell, reason="no-cell")
        if cell not in self.legal[die]:
            reason = explain_cell(self.staged_board, cell, self.dice[die])
            raise IllegalCellError(
                f"a {self.dice[die]} may not be staged on cell {cell}: {reason.code}"
                + (
                    f" (cell {reason.neighbour} holds {reason.neighbour_value})"
                    if reason.neighbour is not None
                    else ""
                ),
                die=die,
                cell=cell,
                value=self.dice[die],
                reason=reason.code,
                neighbour=reason.neighbour,
                neighbour_value=reason.neighbour_value,
            )
        return _changed(self, placements=self.placements + ((die, cell),))

    def _do_unstage(self, die: int) -> Game:
        self._expect(Phase.PLACING, verb="unstage")
        self._die(die, staged=True)
        return _changed(self, placements=self._restaged(p for p in self.placements if p[0] != die))

    def _restaged(self, wanted: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
        """Keep each wanted placement that some order still allows; the others go back.

        The wanted placements were legal together, so no two of them clash in value: only
        connection to the numbers can be lost, and adding placements never loses it. So
        adding every placement that is legal now, until none is, keeps exactly those that any
        order could keep. On a board with no number yet, the first die may go anywhere, so
        the largest connected group of them is kept (the earliest staged on a tie).
        """
        pending = list(wanted)
        if not any(v > 0 for v in self.board):
            pending = _largest_group(pending)
        kept: list[tuple[int, int]] = []
        progress = True
        while pending and progress:
            progress = False
            board = _changed(self, placements=tuple(kept)).staged_board
            for placement in pending:
                die, cell = placement
                if explain_cell(board, cell, self.dice[die]).code == "ok":
                    kept.append(placement)
                    pending.remove(placement)
                    progress = True
                    break
        return tuple(kept)

    def _do_clear(self) -> Game:
        self._expect(Phase.PLACING, verb="clear")
        return _changed(self, placements=())

    def _do_confirm(self) -> Game:
        self._expect(Phase.PLACING, verb="confirm")
        if len(self.placements) < self.required:
            raise BelowMinimumError(
                f"stage at least {self.required} dice before CONFIRM "
                f"({len(self.placements)} staged)",
                required=self.required,
                staged=len(self.placements),
            )
        staged = tuple(f"stage {d} {c}" for d, c in self.placements)
        return self._end_turn(self.staged_board, self.moves + staged + ("confirm",))

    def _end_turn(self, board: Board, moves: tuple[str, ...]) -> Game:
        over = EMPTY not in board
        return _changed(
            self,
            board=board,
            dice=(),
            placements=(),
            phase=Phase.OVER if over else Phase.ROLL,
            turn=self.turn + 1,
            draws=0,
            moves=moves,
        )

    def _power(self, verb: str) -> None:
        self._expect(Phase.PLACING, Phase.MAGDAGDON, verb=verb)
        if not self.powers_left:
            raise NoPowerLeftError(
                f"no Majda Power left ({self.difficulty.name} has {self.difficulty.powers})",
                difficulty=self.difficulty.value,
            )

    def _change(self, verb: str, die: int, delta: int) -> Game:
        self._power(verb)
        self._die(die, staged=False)
        value = self.dice[die] + delta
        if not 1 <= value <= 6:
            raise PowerOutOfRangeError(
                f"die {die} shows {self.dice[die]}: {delta:+d} would leave 1..6",
                die=die,
                value=self.dice[die],
            )
        dice = self.dice[:die] + (value,) + self.dice[die + 1 :]
        return self._decided(
            dice, self.moves + (f"{verb} {die}",), powers_used=self.powers_used + 1
        )

    def _do_dec(self, die: int) -> Game:
        return self._change("dec", die, -1)

    def _do_inc(self, die: int) -> Game:
        return self._change("inc", die, +1)

    def _do_reroll(self, *dice: int) -> Game:
        self._power("reroll")
        chosen = sorted(set(dice))
        if len(chosen) != len(dice):
            named = " ".join(map(str, dice))
            raise BadActionError(f"a die is named twice in 'reroll {named}'", action="reroll")
        for die in chosen:
            self._die(die, staged=False)
        fresh = iter(roll_dice(self.seed, self.turn, self.draws + 1, len(chosen)))
        values = tuple(next(fresh) if d in chosen else v for d, v in enumerate(self.dice))
        move = "reroll " + " ".join(map(str, chosen))
        return self._decided(
            values, self.moves + (move,), powers_used=self.powers_used + 1, draws=self.draws + 1
        )

    def _do_accept(self) -> Game:
        if self.phase is Phase.PLACING:
            raise RollPlaceableError(
                "the roll can be placed: MAGDAGDON is only for a roll that cannot"
            )
        self._expect(Phase.MAGDAGDON, verb="accept")
        return _changed(self, phase=Phase.RUIN, moves=self.moves + ("accept",))

    def _do_hint(self) -> Game:
        self._expect(Phase.PLACING, Phase.MAGDAGDON, verb="hint")
        return _changed(self, moves=self.moves + ("hint",))

    def _do_cancel(self) -> Game:
        self._expect(Phase.RUIN, verb="cancel")
        return _changed(self, phase=Phase.MAGDAGDON, moves=self.moves[:-1])  # drop its "accept"

    def _do_ruin(self, cell: int) -> Game:
        self._expect(Phase.RUIN, verb="ruin")
        if not 0 <= cell < CELLS:
            raise CellNotEmptyError(f"there is no cell {cell}", cell=cell)
        if self.board[cell] != EMPTY:
            raise CellNotEmptyError(f"cell {cell} is not an empty cell", cell=cell)
        board = self.board[:cell] + (RUIN,) + self.board[cell + 1 :]
        return self._end_turn(board, self.moves + (f"ruin {cell}",))

    # -- saved games ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        """A JSON-compatible dict: the seed and the moves, plus a snapshot to check them by."""
        return {
            "format": FORMAT,
            "schema": SCHEMA,
            "difficulty": self.difficulty.value,
            "seed": self.seed,
            "moves": list(self.moves) + [f"stage {d} {c}" for d, c in self.placements],
            "state": {
                "phase": self.phase.value,
                "board": self.board_text,
                "dice": list(self.dice),
                "staged": [[d, c] for d, c in self.placements],
                "turn": self.turn,
                "powers_used": self.powers_used,
            },
        }

    @classmethod
    def from_dict(cls, data: object) -> Game:
        """The game saved by :meth:`to_dict`, else :class:`SavedGameError` (nothing loaded)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SavedGameError("not a saved MAGDAGDON game", problem="foreign")
        schema = data.get("schema")
        if not is_whole(schema, SCHEMA, SCHEMA):  # (not true, not 1.0: the number 1 itself)
            raise SavedGameError(
                f"saved game schema {schema!r} is not {SCHEMA}", problem="schema", schema=schema
            )
        moves, state = data.get("moves"), data.get("state")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise SavedGameError("the saved moves are missing or malformed", problem="moves")
        if len(moves) > 500:
            raise SavedGameError("the saved game is too long to be real", problem="moves")
        if not isinstance(state, dict):
            raise SavedGameError("the saved snapshot is missing", problem="state")
        seed = data.get("seed")
        if not is_whole(seed, 0, SEED_LIMIT - 1):
            raise SavedGameError(f"the saved seed {seed!r} is not valid", problem="seed")
        try:
            game = cls.new(Difficulty.parse(data.get("difficulty")), seed).play(moves)
        except ValueError as error:
            raise SavedGameError(
                f"the saved game does not replay: {error}", problem="replay"
            ) from None
        if _canonical(state) != _canonical(game.to_dict()["state"]):
            raise SavedGameError("the saved snapshot does not match its moves", problem="mismatch")
        return game

    @classmethod
    def from_board(
        cls, board: str, difficulty: str | Difficulty = Difficulty.PEACEFUL, seed: int = 0
    ) -> Game:
        """A game awaiting ROLL on ``board`` (notation), for tests and puzzles; not savable."""
        cells = parse_board(board)
        phase = Phase.ROLL if EMPTY in cells else Phase.OVER
        return replace(cls.new(difficulty, seed), board=cells, phase=phase, moves=("?",))


#: The names of a game's fields (what :func:`_changed` copies).
_FIELDS = tuple(field.name for field in fields(Game))
_NAMES = frozenset(_FIELDS)
