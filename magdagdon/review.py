"""The review of a finished game: each of the player's decisions beside the coach's, with the
points her choice gave up by the coach's own estimate of the final score.

A game is its seed and its moves (a history record, a backup's record or a saved game all
have them): the engine replays them, and every **decision** is cut out of them — each roll's
placement (the dice staged when CONFIRM was pressed), each Majda Power (−1, +1, REROLL) and
each ruin (MAGDAGDON accepted and the cell chosen). ROLL is no decision, nor are HINT, taking
dice back or changing one's mind before CONFIRM: only what was committed counts.

For each decision the coach is asked exactly what HINT would have asked it
(:func:`magdagdon.coach.suggest` on the game as it stood, with the same search), and its value
function prices both choices:

* **a placement**: the value of the board the staged dice make (the coach's estimate of the
  final score from it; a full board is its exact score);
* **a ruin**: the value of the board with that cell ruined;
* **a Majda Power**: the expected value of the best placement of the changed (−1/+1: exact)
  or rerolled (every outcome, weighed by its chance) dice, minus the power's penalty and,
  while the game surely goes on after this turn (more than 4 EMPTY cells), the coach's margin:
  what it reckons a power kept for a later turn is worth. In the last turns a kept power is
  worth nothing, so there the margin is left out.

Every estimate also takes off the penalties of the powers already used, so each one reads as
a final score. **The loss** is the coach's estimate minus the player's, rounded to a whole
number: 0 when the choice is the coach's own (or one it values the same: a mirror image of
its first die, two equal dice swapped), and never below 0 — the coach's choice is the best by
its estimate, except where the player found better than it looked for (a REROLL beyond the
coach's work budget, or a power in the last turns that its margin keeps): that costs 0.

**Marks**: a loss of :data:`BLUNDER` (50) points or more is a *blunder* (most of a straight,
more than three RUINS), :data:`MISTAKE` (25) a *mistake* (more than a two-pairs bonus or a
RUIN), :data:`INACCURACY` (10) an *inaccuracy*; smaller losses carry no mark. The thresholds
are set so that a good player (one who decides as the coach does but judges each placement by
eye) sees few marks and a weak one many: ``bench/review.py`` measures both.

The work goes one decision a :meth:`Review.step`, so that a page can answer taps between two
(each step is one coach decision and the pricing of one more choice: milliseconds).

>>> moves = ["roll", "stage 0 5", "stage 1 6", "stage 2 7", "confirm", "roll"]
>>> review = Review("nightmare", 2, moves)
>>> review.total
1
>>> first = review.step()
>>> first.kind, first.turn, first.player.ghosts
('place', 1, {5: 4, 6: 3, 7: 4})
>>> first.loss >= 0 and first.loss == round(first.coach_value - first.player_value)
True
>>> review.step() is None, review.done
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .coach import Position, Steps, run
from .game import Game, Phase
from .hints import drawn
from .i18n import Translate
from .rules import EMPTY, SIZE, Difficulty

if TYPE_CHECKING:
    from .played import Played

__all__ = [
    "Move",
    "Decision",
    "Summary",
    "Review",
    "review",
    "review_played",
    "judge",
    "judge_steps",
    "decision_start",
    "mark_of",
    "describe",
    "phrase",
    "summary_words",
    "MARKS",
    "INACCURACY",
    "MISTAKE",
    "BLUNDER",
]

#: Losses from which a decision is marked (points of the coach's estimate of the final score).
INACCURACY, MISTAKE, BLUNDER = 10, 25, 50
#: The marks, mildest first; each has the i18n key ``review.mark.<name>``.
MARKS = ("inaccuracy", "mistake", "blunder")
#: A decision ends with one of these moves; the others (``hint``, ``stage``, ``unstage``,
#: ``clear``, ``accept``, ``cancel``) are steps on the way, and ``roll`` is no choice.
_COMMITS = {"confirm": "place", "ruin": "ruin", "dec": "power", "inc": "power", "reroll": "power"}
#: More EMPTY cells than dice in a roll: another turn surely follows this one.
_LAST_TURNS = 4


def mark_of(loss: int) -> str | None:
    """The mark of a decision that gave up ``loss`` points, or None.

    >>> [mark_of(n) for n in (0, 9, 10, 24, 25, 49, 50)]
    [None, None, 'inaccuracy', 'inaccuracy', 'mistake', 'mistake', 'blunder']
    """
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    return "inaccuracy" if loss >= INACCURACY else None


@dataclass(frozen=True)
class Move:
    """One side's choice in the shape HINT draws (:class:`magdagdon.hints.Hint`): ``actions``
    the engine's actions; ``ghosts`` cell → the value of the die staged there; ``dice`` the dice
    staged, changed or rerolled; ``ruin`` the cell ruined, or None. ``change``: for −1/+1, the
    value the die shows after it."""

    actions: tuple[str, ...]
    ghosts: Mapping[int, int]
    dice: frozenset[int]
    ruin: int | None
    change: int | None = None


@dataclass(frozen=True)
class Decision:
    """One decision of the game, priced by the coach.

    ``index`` counts the decisions from 0; ``turn`` is the turn it was taken in (from 1);
    ``kind`` is ``place``, ``power`` or ``ruin``; ``before`` the game as it stood when the
    decision came (the committed board, the dice, the phase, the powers left); ``at`` the index
    in the game's moves of the move that committed it (for a replay to jump there).
    ``player_value`` and ``coach_value`` are the coach's estimates of the final score after each
    choice; ``loss`` what the player's gave up (a whole number, at least 0); ``same`` whether
    it was the coach's own choice."""

    index: int
    turn: int
    kind: str
    before: Game
    at: int
    player: Move
    coach: Move
    player_value: float
    coach_value: float
    loss: int
    same: bool

    @property
    def mark(self) -> str | None:
        """``inaccuracy``, ``mistake``, ``blunder`` (see :func:`mark_of`) or None."""
        return mark_of(self.loss)


@dataclass(frozen=True)
class Summary:
    """The whole review: every decision, the points given up in all (``total``), the indices
    of the (at most three) costliest decisions, the costliest first (only those that cost
    something; the earlier first on a tie), and how many were played as well as the coach
    would (a loss of 0: ``matched`` of ``len(decisions)``)."""

    decisions: tuple[Decision, ...]
    total: int
    costliest: tuple[int, ...]
    matched: int

    @property
    def share(self) -> float:
        """The share of decisions played as well as the coach would (1.0 for a game with
        none)."""
        return self.matched / len(self.decisions) if self.decisions else 1.0

    @property
    def percent(self) -> int:
        """:attr:`share` as a whole percentage (rounded down: 100 only when every one was)."""
        return self.matched * 100 // len(self.decisions) if self.decisions else 100

    @property
    def marks(self) -> dict[str, int]:
        """How many decisions carry each mark."""
        found = dict.fromkeys(MARKS, 0)
        for decision in self.decisions:
            if decision.mark:
                found[decision.mark] += 1
        return found


def _summary(decisions: Iterable[Decision]) -> Summary:
    decisions = tuple(decisions)
    ranked = sorted((d for d in decisions if d.loss > 0), key=lambda d: (-d.loss, d.index))
    return Summary(
        decisions,
        sum(d.loss for d in decisions),
        tuple(d.index for d in ranked[:3]),
        sum(d.loss == 0 for d in decisions),
    )


def _verb(move: object) -> str:
    """The verb of an action (``""`` for no action at all: the rules then refuse it)."""
    return move.split()[0] if isinstance(move, str) and move.split() else ""


@dataclass(frozen=True)
class _Pending:
    """A decision cut out of the moves, not yet priced: the game when it came, the game just
    before the move that committed it, and that move and its index."""

    start: Game
    last: Game
    move: str
    at: int


def _cut(difficulty: Difficulty | str, seed: int, moves: Iterable[str]) -> list[_Pending]:
    """Replay ``moves`` from the start and cut them into decisions (``ValueError`` when they do
    not replay)."""
    game = Game.new(difficulty, seed)
    found: list[_Pending] = []
    start: Game | None = None
    for at, move in enumerate(moves):
        verb = _verb(move)
        if start is None and game.phase in (Phase.PLACING, Phase.MAGDAGDON):
            start = game
        after = game.apply(move)
        if verb in _COMMITS and start is not None:
            found.append(_Pending(start, game, move, at))
            start = None
        game = after
    return found


def judge(game: Game, actions: Iterable[str], index: int = 0) -> Decision:
    """The decision ``actions`` make from ``game`` (waiting in PLACING or MAGDAGDON), priced:
    the actions are played up to the first that commits (CONFIRM, a ruin, a power);
    ``ValueError`` when the rules refuse one or none commits."""
    return run(judge_steps(game, actions, index))


def judge_steps(game: Game, actions: Iterable[str], index: int = 0) -> Steps[Decision]:
    """:func:`judge` in the coach's steps (a page answers taps between them); the actions are
    checked before the first step."""
    if game.phase not in (Phase.PLACING, Phase.MAGDAGDON):
        raise ValueError(f"no decision waits in phase {game.phase.value!r}")  # pragma: no mutate
    last = game
    for at, move in enumerate(actions):
        verb = _verb(move)
        if verb in _COMMITS:
            last.apply(move)  # refused here if the rules refuse it
            return _price(_Pending(game, last, move, at), index)
        last = last.apply(move)
    raise ValueError("the actions commit no decision")  # pragma: no mutate


def decision_start(difficulty: Difficulty | str, seed: int, moves: Iterable[str], at: int) -> Game:
    """The game as it stood when the decision committed by move ``at`` of the game (of
    ``difficulty``, ``seed`` and ``moves``) came: ``ValueError`` when the moves do not replay
    or no decision is committed there."""
    for pending in _cut(difficulty, seed, list(moves)):
        if pending.at == at:
            return pending.start
    raise ValueError(f"no decision is committed by move {at}")  # pragma: no mutate


def _penalty(game: Game) -> int:
    """The penalties of the powers already used."""
    return sum(game.difficulty.penalties[: game.powers_used])


def _shape(game: Game, actions: Iterable[str]) -> Move:
    """``actions`` from ``game`` as HINT shows them (nothing after a REROLL: unseen dice)."""
    actions = tuple(actions)
    ghosts, dice, ruin, change = drawn(game, actions)
    return Move(actions, ghosts, frozenset(dice), ruin, change)


class _Pricer:
    """The coach's decision on one game and the price of any choice there, on one
    :class:`~magdagdon.coach.Position` (each roll searched once)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.position = Position(game)
        self.base = -_penalty(game)
        #: The coach's actions and what they are worth (set by :meth:`decide`).
        self.actions: list[str]
        self.value: float

    def decide(self) -> Steps[None]:
        """What HINT would say, in the coach's steps (coach.suggest's own: the work budget of
        the REROLL search counts every board valued, so nothing is valued before it decides),
        and what it is worth."""
        game = self.game
        self.actions = yield from self.position.decide()
        _, what = _outcome(game, self.actions)
        if isinstance(what, str):  # a power
            self.value = self.power(what)
        elif isinstance(what, int):  # a ruin
            self.value = self.ruin(what)
        else:
            self.value = self.base + self.position.roll(game.dice)

    def board(self, board: tuple[int, ...]) -> float:
        """The estimate after committing ``board`` (no power used)."""
        return self.base + self.position.board(board)

    def ruin(self, cell: int) -> float:
        return self.base + self.position.ruin(cell)

    def power(self, action: str) -> float:
        """The estimate after the power ``action``: the best placement of the new dice (their
        expectation for a REROLL), its penalty and, while turns surely remain, the worth of a
        power kept for later."""
        game = self.game
        cost = game.next_power_cost
        assert cost is not None  # (a power priced was played or chosen: one was left)
        gain = self.position.power(action)
        keep = self.position.margin if game.board.count(EMPTY) > _LAST_TURNS else 0.0
        return self.base + gain - cost - keep


def _players(kind: str, pricer: _Pricer, last: Game, move: str) -> tuple[float, Move, _Outcome]:
    """What the player's ``move`` (of ``kind``) is worth by ``pricer``, its shape, and its
    outcome (to compare with the coach's)."""
    if kind == "place":
        player = Move(
            tuple(f"stage {d} {c}" for d, c in last.placements) + ("confirm",),
            {c: last.dice[d] for d, c in last.placements},
            frozenset(d for d, _ in last.placements),
            None,
        )
        return pricer.board(last.staged_board), player, ("place", last.staged_board)
    if kind == "ruin":
        cell = int(move.split()[1])
        player = Move(("accept", move), {}, frozenset(), cell)
        return pricer.ruin(cell), player, ("ruin", cell)
    return pricer.power(move), _shape(last, [move]), ("power", move)


def _price(pending: _Pending, index: int) -> Steps[Decision]:
    """The decision ``pending``, priced (in the coach's steps)."""
    start, last, move = pending.start, pending.last, pending.move
    kind = _COMMITS[move.split()[0]]
    pricer = _Pricer(start)
    yield from pricer.decide()
    value, player, mine = _players(kind, pricer, last, move)
    theirs = _outcome(start, pricer.actions)
    # (the coach's own choice is priced by the same call on both sides: the same value, loss 0)
    same = mine == theirs
    loss = max(0, round(pricer.value - value))
    return Decision(
        index=index,
        turn=start.turn + 1,
        kind=kind,
        before=start,
        at=pending.at,
        player=player,
        coach=_shape(start, pricer.actions),
        player_value=value,
        coach_value=pricer.value,
        loss=loss,
        same=same,
    )


#: What a decision commits: ("place", the board staged), ("ruin", the cell) or ("power", the
#: action).
_Outcome = tuple[str, tuple[int, ...] | int | str]


def _outcome(game: Game, actions: list[str]) -> _Outcome:
    """What ``actions`` commit: ("place", board), ("ruin", cell) or ("power", action)."""
    for action in actions:
        verb = action.split()[0]
        if verb in ("dec", "inc", "reroll"):
            return "power", action
        if verb == "ruin":
            return "ruin", int(action.split()[1])
    return "place", game.play(actions[:-1]).staged_board


class Review:
    """The review of one game, worked out a decision at a time.

    ``Review(difficulty, seed, moves)`` replays the moves at once (``ValueError`` when they do
    not replay) and cuts them into :attr:`total` decisions; each :meth:`step` prices the next
    one and returns it (None once all are); :attr:`decisions` holds those priced so far and
    :meth:`summary` the whole review (working out whatever is left).
    """

    def __init__(self, difficulty: Difficulty | str, seed: int, moves: Iterable[str]) -> None:
        self._pending = _cut(difficulty, seed, list(moves))
        self._done: list[Decision] = []

    @property
    def total(self) -> int:
        """How many decisions the game has."""
        return len(self._pending)

    @property
    def done(self) -> bool:
        return len(self._done) == len(self._pending)

    @property
    def decisions(self) -> tuple[Decision, ...]:
        return tuple(self._done)

    def step(self) -> Decision | None:
        """Price the next decision and return it; None when every one is priced."""
        return run(self.step_steps())

    def step_steps(self) -> Steps[Decision | None]:
        """:meth:`step` in the coach's steps (a page answers taps between them)."""
        if self.done:
            return None
        index = len(self._done)
        decision = yield from _price(self._pending[index], index)
        if len(self._done) != index:  # priced meanwhile by another caller: the same decision
            return self._done[index]
        self._done.append(decision)
        return decision

    def work(self) -> Iterator[bool]:
        """Every decision not yet priced, in the coach's steps: False after each step, True
        once a decision is priced (a page stops whenever it pleases)."""
        while not self.done:
            steps = self.step_steps()
            while True:
                try:
                    next(steps)
                except StopIteration:
                    break
                yield False
            yield True

    def __iter__(self) -> Iterator[Decision]:
        """The decisions not yet priced, one per iteration."""
        while (decision := self.step()) is not None:
            yield decision

    def summary(self) -> Summary:
        """The whole review (the decisions left are priced first)."""
        for _ in self:
            pass
        return _summary(self._done)


def review(difficulty: Difficulty | str, seed: int, moves: Iterable[str]) -> Summary:
    """The whole review of a game at once."""
    return Review(difficulty, seed, moves).summary()


def review_played(played: Played) -> Review:
    """The review of a :class:`magdagdon.played.Played` record (a history's or a backup's: its
    difficulty, seed and moves); ``ValueError`` for a record without moves."""
    if played.seed is None or not played.moves:
        raise ValueError("a record without moves cannot be reviewed")  # pragma: no mutate
    return Review(played.difficulty, played.seed, played.moves)


# -- words -------------------------------------------------------------------------------------


def _listed(t: Translate, items: list[str]) -> str:
    """``items`` as one phrase: "a, b and c" in the catalogue's words."""
    if len(items) == 1:
        return items[0]
    head = items[0]
    for item in items[1:-1]:
        head = t("review.list.more", first=head, second=item)
    return t("review.list.last", first=head, second=items[-1])


def _where(cell: int) -> dict[str, int]:
    return {"row": cell // SIZE + 1, "column": cell % SIZE + 1}


def phrase(t: Translate, who: str, game: Game, move: Move) -> str:
    """What ``move`` does, said of ``who`` (``you`` or ``coach``)."""
    verb = move.actions[-1].split()[0]  # what commits it (a power may follow a CLEAR)
    if move.ruin is not None:
        return t(f"review.{who}.ruin", **_where(move.ruin))
    if verb in ("dec", "inc"):
        (die,) = move.dice
        return t(f"review.{who}.{verb}", value=game.dice[die], changed=move.change)
    if verb == "reroll":
        values = [str(game.dice[d]) for d in sorted(move.dice)]
        return t(f"review.{who}.reroll", dice=_listed(t, values))
    dice = [t("review.die", value=v, **_where(c)) for c, v in sorted(move.ghosts.items())]
    return t(f"review.{who}.stage", dice=_listed(t, dice))


def describe(decision: Decision, t: Translate) -> str:
    """The decision in one sentence for a screen reader, in the words of the translator ``t``
    (``Translator.t``): "Turn 5: you staged …; the coach would have staged …: 22 points."."""
    game = decision.before
    you = phrase(t, "you", game, decision.player)
    if decision.same:
        return t("review.said.same", turn=decision.turn, you=you)
    return t(
        "review.said",
        turn=decision.turn,
        you=you,
        coach=phrase(t, "coach", game, decision.coach),
        points=t("review.points", count=decision.loss),
    )


def summary_words(summary: Summary, t: Translate) -> list[str]:
    """The summary in lines: the points given up in all, the share played as the coach would,
    and the costliest decisions (when any cost something)."""
    lines = [
        t("review.total", count=summary.total),
        t("review.share", percent=summary.percent),
    ]
    if summary.costliest:
        items = [
            t(
                "review.costliest.item",
                turn=summary.decisions[i].turn,
                points=t("review.points", count=summary.decisions[i].loss),
            )
            for i in summary.costliest
        ]
        lines.append(t("review.costliest", decisions=_listed(t, items)))
    return lines
