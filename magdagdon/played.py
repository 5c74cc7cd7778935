"""A finished game as the history keeps it: the :class:`Played` record, its codec and its checks.

The record is the contract shared by the history (:mod:`magdagdon.history`), the statistics
and the backup code. Its moves are written compactly (:mod:`magdagdon.moves`).

**A record** (:func:`encode`) is a short JSON list: the first letter of the difficulty, the
seed, the moves, the date, the score, the base and the lines that won each bonus (straights,
fours of a kind, two pairs), then the coach's score when known; a daily roll adds its day and
whether it was practice. The turns, the powers, the hints and the ruins are counted from the
moves when read. A record carried over from an older release has no moves; it keeps what its
best-scores table had: ``[…, coach, turns, powers, hints, ruins, board]`` (read and checked by
:mod:`magdagdon.legacy`, imported only when such a record is met). A typical game takes about
85 characters (measured over 2,001 greedy games of all difficulties, nine-digit seeds, some
hints and powers: 84): about 12 games a KB, some 11,900 in 1 MB of JSON.

**Checks.** Reading (:func:`decode`) checks every field of every record cheaply — types,
ranges, the move syntax, and that the counts agree: the staged dice and the ruins fill the 16
cells, a roll starts every turn, the score is its parts' sum. Nothing is replayed there:
replaying 2,000 games takes seconds in the browser. :func:`verify` replays a record through the
rules and checks its score and parts; it is run on every game a backup brings in
(:mod:`magdagdon.backup`).

>>> played = decode(["n", 4, ".@#0.BSl!.Tn0!.I7a!.Jdu!.@#6.Ps!", "2026-11-29", 132, 82, 1, 0, 1])
>>> played.moves[:5], played.turns, played.powers, played.ruins  # ruins: cells 0 and 6
(('roll', 'accept', 'ruin 0', 'roll', 'stage 0 1'), 7, 0, 65)
>>> verify(played), played.final_board  # replayed through the rules
(True, '#322/44#1/5432/4322')
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, replace
from functools import cached_property
from typing import NoReturn, TypedDict

from .daily import is_daily
from .game import SCORE_LIMIT, SEED_LIMIT, Game
from .moves import SIGNS, encode_moves, moves_of, ruin_mask, ruined_cells, split_moves
from .records import DAILY, Entry, Table, is_date
from .rules import CELLS, LINES, RUIN_PENALTY, Bonus, Difficulty, is_whole

__all__ = ["Played", "MAX_BASE", "encode", "decode", "dumps", "verify", "identity"]

#: The most a base can be: every cell a 6, counted twice.
MAX_BASE = 2 * 6 * CELLS


@dataclass(frozen=True)
class Played:
    """One finished game as the history keeps it.

    ``seed`` and ``moves`` replay it exactly (``Game.new(difficulty, seed).play(moves)``); a
    best score carried over from an older release has neither (``seed`` None, ``moves`` ())
    but keeps the ``board`` its table had. ``date`` is the local ISO date it ended. The final
    score's parts are kept so that statistics need no replay: ``base`` (every number counted
    twice), how many lines won each bonus (``straights``, ``fours``, ``pairs``), and where the
    ruins fell (``ruins``: a 16-bit mask, bit ``i`` for cell ``i``). ``hints``: the coach's
    hints shown; ``coach``: the coach's score on the same dice, once known.

    A game with moves keeps no ``board`` (None: its moves say it, see :attr:`final_board`).
    A carried-over record whose parts are unknown (no board, or a board that does not add up
    to its score) has ``base`` None, and its bonus counts and ruins mean nothing.
    """

    difficulty: Difficulty
    seed: int | None
    moves: tuple[str, ...]
    score: int
    date: str
    turns: int
    powers: int
    hints: int = 0
    coach: int | None = None
    base: int | None = None
    straights: int = 0
    fours: int = 0
    pairs: int = 0
    ruins: int = 0
    board: str | None = None
    #: A daily roll's day (its dice: :func:`magdagdon.daily.daily_seed`), and whether it was
    #: played as practice rather than as the day's official game.
    daily: str | None = None
    practice: bool = False

    @classmethod
    def of(
        cls,
        game: Game,
        date: str,
        coach: int | None = None,
        daily: str | None = None,
        practice: bool = False,
    ) -> Played:
        """The record of finished ``game``, ended on ``date`` (``daily``: the day of a daily
        roll's dice); ``ValueError`` if it is not over (or not a game of seed and moves, or the
        date is not an ISO date, or ``daily`` is not the day of its dice)."""
        if not game.is_over or not is_date(date):
            raise ValueError(f"only a finished game is remembered, with its date ({date!r})")
        _require(daily is None or is_daily(daily, game.difficulty, game.seed), "daily day")
        encode_moves(game.moves)  # a game made with Game.from_board has no moves to keep
        parts = game.breakdown
        bonuses = Counter(line.bonus for line in parts.lines)
        return cls(
            difficulty=game.difficulty,
            seed=game.seed,
            moves=game.moves,
            score=parts.total,
            date=date,
            turns=game.turn,
            powers=game.powers_used,
            hints=game.hints,
            coach=coach,
            base=parts.base,
            straights=bonuses[Bonus.STRAIGHT],
            fours=bonuses[Bonus.FOUR_OF_A_KIND],
            pairs=bonuses[Bonus.TWO_PAIRS],
            ruins=ruin_mask(game.board),
            daily=daily,
            practice=daily is not None and practice,
        )

    @classmethod
    def carried_over(cls, difficulty: Difficulty, entry: Entry) -> Played:
        """The record of a line of an older release's best-scores table: no moves, what the
        line had, and the parts its board gives (:func:`magdagdon.legacy.carried_over`)."""
        from .legacy import carried_over

        return cls(**carried_over(difficulty, entry))

    @property
    def table(self) -> Table | None:
        """The best-scores table the game may stand in: its difficulty's, the daily's for an
        official daily, none for a daily played as practice."""
        if self.daily is None:
            return self.difficulty
        return None if self.practice else DAILY

    @property
    def legacy(self) -> bool:
        """Carried over from a best-scores table of an older release (no moves to replay)."""
        return not self.moves

    @cached_property
    def final_board(self) -> str | None:
        """The final board in notation: the kept one, or the moves replayed (None when
        unknown or when the moves do not replay). A game's moves are replayed once a visit
        (:data:`_FINAL_BOARDS`), however often the history is read again."""
        if self.legacy:
            return self.board
        key = (self.difficulty, self.seed, self.moves)
        if key not in _FINAL_BOARDS:
            try:
                board = Game.new(self.difficulty, self.seed).play(self.moves).board_text
            except ValueError:
                board = None
            _FINAL_BOARDS[key] = board
        return _FINAL_BOARDS[key]

    @cached_property
    def stored_text(self) -> str:
        """The record's JSON text as the history stores it (worked out once: saving a long
        history is then a join)."""
        return dumps(self)

    def entry(self) -> Entry:
        """Its line in a best-scores table (a daily roll's date: the day of its dice)."""
        return Entry(
            self.score,
            self.daily or self.date,
            self.turns,
            self.powers,
            self.seed,
            self.final_board,
            self.hints,
            self.coach,
        )


#: Final boards replayed, by (difficulty, seed, moves): the same game is the same board.
_FINAL_BOARDS: dict[tuple[Difficulty, int | None, tuple[str, ...]], str | None] = {}


_LETTERS = {d.value[0]: d for d in Difficulty}


def encode(played: Played) -> list[str | int | None]:
    """The record as a short JSON-able list (see the module's description).

    >>> encode(Played(Difficulty.PEACEFUL, None, (), 99, "2025-01-02", 9, 1, board=None))
    ['p', None, '', '2025-01-02', 99, None, 0, 0, 0, None, 9, 1, 0, 0, None]
    """
    head = [played.difficulty.value[0], played.seed, encode_moves(played.moves), played.date]
    head += [played.score, played.base, played.straights, played.fours, played.pairs]
    if played.daily is not None:
        return [*head, played.coach, played.daily, int(played.practice)]
    if played.moves:
        return head + ([] if played.coach is None else [played.coach])
    tail = [played.turns, played.powers, played.hints, played.ruins, played.board]
    return head + [played.coach, *tail]


def _require(ok: bool, what: str) -> None:
    if not ok:
        _invalid(what)


def _invalid(what: str) -> NoReturn:
    raise ValueError(f"a history record with an invalid {what}")


class _Parts(TypedDict):
    """The score's parts a record keeps (see :class:`Played`)."""

    base: int | None
    straights: int
    fours: int
    pairs: int


def decode(raw: object) -> Played:
    """The record :func:`encode` wrote, every field checked (no replay); else ``ValueError``."""
    if not (isinstance(raw, list) and len(raw) in (9, 10, 12, 15)):
        _invalid("shape")
    letter, seed, text, date, score, base, straights, fours, pairs = raw[:9]
    difficulty = _LETTERS.get(letter) if isinstance(letter, str) else None
    if difficulty is None:
        _invalid("difficulty")
    _require(is_date(date), "date")
    _require(is_whole(score, -SCORE_LIMIT, SCORE_LIMIT), "score")
    _require(base is None or is_whole(base, 0, MAX_BASE), "base")
    bonuses = (straights, fours, pairs)
    _require(all(is_whole(n, 0) for n in bonuses) and sum(bonuses) <= len(LINES), "bonus count")
    coach = raw[9] if len(raw) > 9 else None
    _require(coach is None or is_whole(coach, -SCORE_LIMIT, SCORE_LIMIT), "coach's score")
    parts: _Parts = {"base": base, "straights": straights, "fours": fours, "pairs": pairs}
    if text == "" and len(raw) == 15:
        played = _carried(difficulty, seed, date, score, coach, parts, raw[10:])
    else:
        _require(len(raw) < 15 and base is not None and base % 2 == 0, "base")
        played = _replayable(difficulty, seed, text, date, score, coach, parts)
    if len(raw) == 12:  # a daily roll: its day, and 1 when played as practice
        day, practice = raw[10:]
        _require(is_daily(day, difficulty, seed) and is_whole(practice, 0, 1), "daily day")
        played = replace(played, daily=day, practice=practice == 1)
    _require(_adds_up(played), "score")
    return played


def _replayable(
    difficulty: Difficulty,
    seed: object,
    text: str,
    date: str,
    score: int,
    coach: int | None,
    parts: _Parts,
) -> Played:
    """A record with moves: the turns, powers, hints and ruins are counted from them (each
    sign stands for one move, never for an argument: counting characters counts moves)."""
    if not is_whole(seed, 0, SEED_LIMIT - 1):
        _invalid("seed")
    tokens = split_moves(text)
    ruins = ruined_cells(text)
    turns = text.count("!") + len(ruins)
    stages = len(tokens) - sum(map(text.count, SIGNS))
    _require(len(set(ruins)) == len(ruins) and stages + len(ruins) == CELLS, "moves")
    finished = text.endswith("!") or text[-2:-1] == "#"  # the last move ends a turn
    _require(finished and text.count(".") == turns, "moves")
    powers = text.count("<") + text.count(">") + text.count("%")
    _require(powers <= difficulty.powers, "count of powers")
    return Played(
        difficulty,
        seed,
        moves_of(tokens),
        score,
        date,
        turns,
        powers,
        text.count("?"),
        coach,
        ruins=sum(1 << cell for cell in ruins),
        **parts,
    )


def _carried(
    difficulty: Difficulty,
    seed: object,
    date: str,
    score: int,
    coach: int | None,
    parts: _Parts,
    tail: list[object],
) -> Played:
    """A record carried over from a best-scores table: its fields checked as its table checked
    them (:func:`magdagdon.legacy.read`)."""
    from .legacy import read

    return Played(
        difficulty,
        moves=(),
        score=score,
        date=date,
        coach=coach,
        **read(difficulty, seed, tail),
        **parts,
    )


def _adds_up(played: Played) -> bool:
    """Whether the score is the sum of its parts (always, when the parts are unknown)."""
    if played.base is None:
        return True
    bonuses = (
        played.straights * Bonus.STRAIGHT.points
        + played.fours * Bonus.FOUR_OF_A_KIND.points
        + played.pairs * Bonus.TWO_PAIRS.points
    )
    ruins = played.ruins.bit_count() * RUIN_PENALTY
    penalty = played.difficulty.power_penalty(played.powers)
    return played.score == played.base + bonuses - ruins - penalty


def dumps(played: Played) -> str:
    """The record's JSON text as the history stores it."""
    return json.dumps(encode(played), separators=(",", ":"))


def verify(played: Played) -> bool:
    """Whether the record is true: its moves replay through the rules to a finished game with
    exactly its score and parts (a carried-over record: its board, if kept, gives its parts).
    About a millisecond a game in CPython."""
    if played.legacy:
        return played.base is None or _board_gives_parts(played)
    try:
        game = Game.new(played.difficulty, played.seed).play(played.moves)
        again = Played.of(game, played.date, played.coach, played.daily, played.practice)
    except ValueError:
        return False
    return again == played


def _board_gives_parts(played: Played) -> bool:
    """Whether a carried-over record's board gives exactly the parts it keeps
    (:func:`magdagdon.legacy.board_parts`)."""
    from .legacy import board_parts

    kept = {"base": played.base, "straights": played.straights, "fours": played.fours}
    kept |= {"pairs": played.pairs, "ruins": played.ruins}
    return board_parts(played.difficulty, played.board, played.powers, played.score) == kept


def identity(played: Played) -> tuple[object, ...]:
    """What makes two records the same game: its difficulty, seed, moves and date (written
    once, when it ended, and carried with the record wherever it goes; it tells two plays of
    the same dice apart); a carried-over record, by all that its table kept."""
    key = (played.difficulty, played.seed, played.moves, played.date)
    if played.moves:
        return key
    return (*key, played.score, played.turns, played.powers, played.hints, played.board)
