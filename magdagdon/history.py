"""Every finished game, remembered compactly (seed and moves, not boards).

A finished game is a :class:`Played` record: the contract shared by this store, the statistics
and the backup code. :class:`History` keeps them all over the injected store, under
:data:`HISTORY_KEY`, oldest first; the best-scores tables are derived from it (:func:`best`), so
the two cannot disagree.

**Moves** are written one or two characters each (:func:`encode_moves`): a staged die, the
commonest move, is one character of ``A-Z a-z 0-9 - _`` (number ``16 × die + cell``), every
other move a sign, followed by one hexadecimal digit when it names a die, a cell or a set of
dice::

    .  roll        !  confirm     @  accept      /  cancel     ~  clear      ?  hint
    #C ruin C      <D dec D       >D inc D       ^D unstage D  %M reroll (M: bit D for die D)

>>> encode_moves(["roll", "stage 0 5", "stage 1 6", "confirm", "hint", "reroll 0 2", "ruin 10"])
'.FW!?%5#a'
>>> decode_moves('.FW!?%5#a')[-2:]
('reroll 0 2', 'ruin 10')

**A record** (:func:`encode`) is a short JSON list: the first letter of the difficulty, the
seed, the moves, the date, the score, the base and the lines that won each bonus (straights,
fours of a kind, two pairs), then the coach's score when known. The turns, the powers, the hints
and the ruins are counted from the moves when read. A record carried over from an older release
has no moves; it keeps what its best-scores table had: ``[…, coach, turns, powers, hints,
ruins, board]``. A typical game takes about 85 characters (measured over 2,001 greedy games
of all difficulties, nine-digit seeds, some hints and powers: 84): about 12 games a KB, some
11,900 in 1 MB of JSON; the :data:`CAP` of 5,000 games takes about 420 KB.

**Checks.** Loading checks every field of every record cheaply — types, ranges, the move
syntax, and that the counts agree: the staged dice and the ruins fill the 16 cells, a roll
starts every turn, the score is its parts' sum. Nothing is replayed there: replaying 2,000
games takes seconds in the browser. :func:`verify` replays a record through the rules and checks
its score and parts; it is run on every game a backup brings in (:mod:`magdagdon.backup`) and
by :meth:`History.verify_all` (all of them, at a moment the caller chooses).

**The cap.** At most :data:`CAP` games and :data:`BUDGET` characters of JSON are kept; beyond,
the oldest ordinary games go first, never a game of a best-10 table.

>>> played = decode(["n", 4, ".@#0.BSl!.Tn0!.I7a!.Jdu!.@#6.Ps!", "2026-11-29", 132, 82, 1, 0, 1])
>>> played.moves[:5], played.turns, played.powers, played.ruins  # ruins: cells 0 and 6
(('roll', 'accept', 'ruin 0', 'roll', 'stage 0 1'), 7, 0, 65)
>>> verify(played), played.final_board  # replayed through the rules
(True, '#322/44#1/5432/4322')
>>> from magdagdon.records import MemoryStore
>>> history = History(MemoryStore())
>>> history.add(played)
>>> history.best(Difficulty.NIGHTMARE)[0].score
132
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from functools import cached_property
from typing import NoReturn, TypedDict

from .daily import is_daily
from .game import DICE, SCHEMA, SCORE_LIMIT, SEED_LIMIT, Game
from .records import (
    DAILY,
    HISTORY_KEY,
    MOST_HINTS,
    TOP,
    Entry,
    Store,
    StoreError,
    Table,
    is_date,
)
from .rules import (
    CELLS,
    LINES,
    RUIN,
    RUIN_PENALTY,
    Bonus,
    Difficulty,
    is_whole,
    parse_board,
    score_breakdown,
)
from .store import Keeper

__all__ = [
    "DAILY",
    "Table",
    "TABLES",
    "Played",
    "History",
    "HISTORY_KEY",
    "CAP",
    "BUDGET",
    "encode_moves",
    "decode_moves",
    "encode",
    "decode",
    "dumps",
    "verify",
    "identity",
    "ranked",
    "best",
    "new_in",
    "merge_records",
    "legacy_records",
    "prune",
    "warm_steps",
]

TABLES: tuple[Table, ...] = (*Difficulty, DAILY)

#: The most games kept (best-10 games are kept beyond it).
CAP = 5_000
#: The most characters of JSON the history may take (best-10 games are kept beyond it).
BUDGET = 1_000_000
#: A stored history longer than this is not even parsed.
MAX_STORED = 4_000_000
#: The most moves one record may hold (as a saved game).
MAX_MOVES = 500
#: The most a base can be: every cell a 6, counted twice.
MAX_BASE = 2 * 6 * CELLS

# -- the moves codec -------------------------------------------------------------------------------
_STAGES = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_HEX = "0123456789abcdef"


def _move_tokens() -> dict[str, str]:
    """Every move a record may hold, in canonical notation, and its characters."""
    tokens = {"roll": ".", "confirm": "!", "accept": "@", "cancel": "/", "clear": "~"}
    tokens["hint"] = "?"
    for die in range(DICE):
        for cell in range(CELLS):
            tokens[f"stage {die} {cell}"] = _STAGES[CELLS * die + cell]
        for verb, sign in (("dec", "<"), ("inc", ">"), ("unstage", "^")):
            tokens[f"{verb} {die}"] = sign + _HEX[die]
    for cell in range(CELLS):
        tokens[f"ruin {cell}"] = "#" + _HEX[cell]
    for mask in range(1, 1 << DICE):
        dice = " ".join(str(d) for d in range(DICE) if mask >> d & 1)
        tokens[f"reroll {dice}"] = "%" + _HEX[mask]
    return tokens


_TOKEN_OF = _move_tokens()
_MOVE_OF = {token: move for move, token in _TOKEN_OF.items()}
_TOKEN = r"[A-Za-z0-9_\-.!@/~?]|#[0-9a-f]|[<>^][0-3]|%[1-9a-f]"
_TOKENS_RE = re.compile(_TOKEN)
_MOVES_RE = re.compile(f"(?:{_TOKEN})*")
_RUIN_RE = re.compile("#([0-9a-f])")
#: The first character of every move that is not a staged die.
_SIGNS = ".!@/~?#<>^%"


def encode_moves(moves: Iterable[str]) -> str:
    """The moves (canonical action notation) in one or two characters each; ``ValueError`` for
    anything else.

    >>> encode_moves(["roll", "stage 3 15", "confirm"])
    '._!'
    """
    try:
        return "".join(_TOKEN_OF[move] for move in moves)
    except (KeyError, TypeError):
        raise ValueError(f"not a move a record can hold in {moves!r:.80}") from None


def _tokens(text: object) -> list[str]:
    if not isinstance(text, str) or len(text) > 2 * MAX_MOVES or not _MOVES_RE.fullmatch(text):
        raise ValueError(f"not a record's moves: {text!r:.80}")
    tokens = _TOKENS_RE.findall(text)
    if len(tokens) > MAX_MOVES:
        raise ValueError(f"more than {MAX_MOVES} moves")
    return tokens


def decode_moves(text: str) -> tuple[str, ...]:
    """The moves :func:`encode_moves` wrote; ``ValueError`` for anything else.

    >>> decode_moves(".A<2!")
    ('roll', 'stage 0 0', 'dec 2', 'confirm')
    """
    return tuple(_MOVE_OF[token] for token in _tokens(text))


# -- the record ------------------------------------------------------------------------------------
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
            ruins=_ruin_mask(game.board),
            daily=daily,
            practice=daily is not None and practice,
        )

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


def warm_steps(store: Store) -> Iterator[None]:
    """Ahead of the history's first load (at a game's end, or STATS), in steps the page runs
    in idle time: the final boards its best-scores tables show, replayed one a step, so that
    the load replays none. Reads the store, writes nothing; gives up quietly on anything it
    cannot read (the load itself reports it).

    >>> from magdagdon.records import MemoryStore
    >>> list(warm_steps(MemoryStore()))
    []
    """
    try:
        raw = store.get(HISTORY_KEY)
    except StoreError:
        return
    if raw is None:
        return
    yield
    records = _parse_stored(raw)[0]
    for table in TABLES:
        for played in ranked(records, table):
            yield
            played.final_board  # noqa: B018 (worked out and kept: the step's work)


def _ruin_mask(board: Sequence[int]) -> int:
    return sum(1 << cell for cell, value in enumerate(board) if value == RUIN)


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
        played = _legacy(difficulty, seed, date, score, coach, parts, raw[10:])
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
    tokens = _tokens(text)
    ruins = [int(cell, 16) for cell in _RUIN_RE.findall(text)]
    turns = text.count("!") + len(ruins)
    stages = len(tokens) - sum(map(text.count, _SIGNS))
    _require(len(set(ruins)) == len(ruins) and stages + len(ruins) == CELLS, "moves")
    finished = text.endswith("!") or text[-2:-1] == "#"  # the last move ends a turn
    _require(finished and text.count(".") == turns, "moves")
    powers = text.count("<") + text.count(">") + text.count("%")
    _require(powers <= difficulty.powers, "count of powers")
    return Played(
        difficulty,
        seed,
        tuple(map(_MOVE_OF.__getitem__, tokens)),
        score,
        date,
        turns,
        powers,
        text.count("?"),
        coach,
        ruins=sum(1 << cell for cell in ruins),
        **parts,
    )


def _legacy(
    difficulty: Difficulty,
    seed: object,
    date: str,
    score: int,
    coach: int | None,
    parts: _Parts,
    tail: list[object],
) -> Played:
    """A record carried over from a best-scores table: checked as its table checked it."""
    turns, powers, hints, ruins, board = tail
    if not (seed is None or is_whole(seed, 0, SEED_LIMIT - 1)):
        _invalid("seed")
    if not is_whole(turns, 1, CELLS):
        _invalid("count of turns")
    if not is_whole(powers, 0, difficulty.powers):
        _invalid("count of powers")
    if not is_whole(hints, 0, MOST_HINTS):
        _invalid("count of hints")
    if not is_whole(ruins, 0, (1 << CELLS) - 1):
        _invalid("ruins")
    if not (board is None or (isinstance(board, str) and _ruins_of(board) == ruins)):
        _invalid("board")
    return Played(
        difficulty,
        seed,
        (),
        score,
        date,
        turns,
        powers,
        hints,
        coach,
        ruins=ruins,
        board=board,
        **parts,
    )


def _ruins_of(board: str) -> int | None:
    """The ruin mask of a carried-over record's ``board`` (None if it is not a board)."""
    try:
        return _ruin_mask(parse_board(board)) if len(board) <= CELLS + 3 else None
    except ValueError:
        return None


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
        return played.base is None or _parts_of(played) == replace(played, coach=None)
    try:
        game = Game.new(played.difficulty, played.seed).play(played.moves)
        again = Played.of(game, played.date, played.coach, played.daily, played.practice)
    except ValueError:
        return False
    return again == played


def _parts_of(played: Played) -> Played | None:
    """``played`` with the parts its board gives (None if they do not give its score)."""
    if played.board is None:
        return None
    cells = parse_board(played.board)
    parts = score_breakdown(cells, played.difficulty, played.powers)
    if parts.total != played.score:
        return None
    bonuses = Counter(line.bonus for line in parts.lines)
    return replace(
        played,
        coach=None,
        base=parts.base,
        straights=bonuses[Bonus.STRAIGHT],
        fours=bonuses[Bonus.FOUR_OF_A_KIND],
        pairs=bonuses[Bonus.TWO_PAIRS],
        ruins=_ruin_mask(cells),
    )


# -- best tables, identity, merging ----------------------------------------------------------------
def identity(played: Played) -> tuple[object, ...]:
    """What makes two records the same game: its difficulty, seed, moves and date (written
    once, when it ended, and carried with the record wherever it goes; it tells two plays of
    the same dice apart); a carried-over record, by all that its table kept."""
    key = (played.difficulty, played.seed, played.moves, played.date)
    if played.moves:
        return key
    return (*key, played.score, played.turns, played.powers, played.hints, played.board)


def _ranked_positions(records: Sequence[Played], table: Table) -> list[int]:
    mine = [n for n, played in enumerate(records) if played.table == table]
    return sorted(mine, key=lambda n: (-records[n].score, records[n].date))[:TOP]


def ranked(records: Sequence[Played], table: Table) -> list[Played]:
    """The best-10 games of ``table`` (a difficulty, or :data:`DAILY` for the official daily
    rolls), ranked as the best-scores tables rank: best score first, then the earlier date,
    then the earlier in ``records``. A daily roll stands only in the daily table."""
    return [records[n] for n in _ranked_positions(records, table)]


def best(records: Sequence[Played], table: Table) -> list[Entry]:
    """The best-scores table of ``table`` (a difficulty, or :data:`DAILY`), from the history."""
    return [played.entry() for played in ranked(records, table)]


def new_in(mine: Iterable[Played], theirs: Iterable[Played]) -> list[Played]:
    """The records of ``theirs`` that ``mine`` lacks: as many of each game as ``theirs`` has
    beyond ``mine``'s (so merging again adds nothing)."""
    have = Counter(identity(played) for played in mine)
    fresh = []
    for played in theirs:
        key = identity(played)
        if have[key]:
            have[key] -= 1
        else:
            fresh.append(played)
    return fresh


def merge_records(mine: Sequence[Played], theirs: Iterable[Played]) -> list[Played]:
    """``mine`` (nothing lost; a coach's score only ``theirs`` knows filled in) and the games
    only ``theirs`` has, oldest first (by date; the same date keeps their order)."""
    twins: defaultdict[tuple[object, ...], list[Played]] = defaultdict(list)
    theirs = list(theirs)
    fresh = new_in(mine, theirs)
    fresh_ids = {id(played) for played in fresh}
    for played in theirs:
        if id(played) not in fresh_ids and played.coach is not None:
            twins[identity(played)].append(played)
    merged = []
    for played in mine:
        known = twins.get(identity(played))
        if played.coach is None and known:
            played = replace(played, coach=known.pop().coach)
        merged.append(played)
    return sorted(merged + fresh, key=lambda played: played.date)


def legacy_records(
    tables: Mapping[Difficulty, Iterable[Entry]], records: Sequence[Played]
) -> list[Played]:
    """The records to add for the best-scores ``tables`` (as :class:`Records` loaded them):
    one for each entry no record of ``records`` already stands for, so running it again adds
    nothing. Each keeps what its entry had (its board's parts when they add up)."""
    tables = {difficulty: list(entries) for difficulty, entries in tables.items()}
    wanted = {(d, e.score, e.date) for d, entries in tables.items() for e in entries}
    have = Counter(
        (played.difficulty, played.entry())
        for played in records
        if (played.difficulty, played.score, played.date) in wanted
    )
    fresh = []
    for difficulty, entries in tables.items():
        for entry in entries:
            if have[difficulty, entry]:
                have[difficulty, entry] -= 1
            else:
                fresh.append(_carried_over(difficulty, entry))
    return fresh


def _carried_over(difficulty: Difficulty, entry: Entry) -> Played:
    played = Played(
        difficulty,
        entry.seed,
        (),
        entry.score,
        entry.date,
        entry.turns,
        entry.powers,
        entry.hints,
        entry.coach,
        board=entry.board,
    )
    if entry.board is None:
        return played
    with_parts = _parts_of(played)
    ruins = _ruin_mask(parse_board(entry.board))
    return replace(with_parts, coach=entry.coach) if with_parts else replace(played, ruins=ruins)


def prune(
    records: Sequence[Played],
    cap: int = CAP,
    budget: int = BUDGET,
    first: Iterable[Played] = (),
) -> list[Played]:
    """``records`` within ``cap`` games and ``budget`` characters of stored JSON: the oldest
    ordinary games dropped first (those of ``first`` before any other), never a best-10 game
    of any difficulty."""
    keep = {n for table in TABLES for n in _ranked_positions(records, table)}
    sizes = [len(played.stored_text) + 1 for played in records]
    count, size = len(records), sum(sizes) + len(_stored([], migrated=True))
    early = {id(played) for played in first}
    order = sorted(
        range(len(records)), key=lambda n: (id(records[n]) not in early, records[n].date, n)
    )
    dropped = set()
    for n in order:
        if count <= cap and size <= budget:
            break
        if n not in keep:
            dropped.add(n)
            count, size = count - 1, size - sizes[n]
    return [played for n, played in enumerate(records) if n not in dropped]


def _stored(records: Iterable[Played], migrated: bool = False) -> str:
    """The stored text of the history: one JSON object, the schema first."""
    games = ",".join(played.stored_text for played in records)
    flag = ',"migrated":true' if migrated else ""
    return f'{{"schema":{SCHEMA}{flag},"games":[{games}]}}'


def _parse_stored(raw: str) -> tuple[list[Played], bool, int, str]:
    """The records in stored text ``raw``, whether migration was done, how many records were
    dropped, and the value's state: ``"ok"``, ``"garbage"`` (nothing usable) or ``"newer"``
    (a newer release's: not to be touched)."""
    if len(raw) > MAX_STORED:
        return [], False, 0, "garbage"
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return [], False, 0, "garbage"
    schema = data.get("schema") if isinstance(data, dict) else None
    if is_whole(schema, low=SCHEMA + 1):
        return [], False, 0, "newer"
    games = data.get("games") if schema == SCHEMA else None
    if not isinstance(games, list):
        return [], False, 0, "garbage"
    records = []
    for raw_game in games:
        with suppress(ValueError):
            records.append(decode(raw_game))
    records.sort(key=lambda played: played.date)
    return records, data.get("migrated") is True, len(games) - len(records), "ok"


# -- the store -------------------------------------------------------------------------------------
class History:
    """Every finished game over ``store``, oldest first.

    Loading never fails: invalid records are dropped (counted in :attr:`dropped`, noted once
    as ``"history"`` in :attr:`problems`) and the rest kept and stored again cleaned. A store
    that cannot be read is never written; nor is a value of a newer release (a higher
    schema). A refused write sets :attr:`unsaved` (for one notice): the games live on in
    memory and every later change tries again. Another tab's games are merged in before each
    change (and by :meth:`sync`), never counted twice.
    """

    def __init__(
        self,
        store: Store,
        *,
        cap: int = CAP,
        budget: int = BUDGET,
        keeper: Keeper | None = None,
    ) -> None:
        self.store = store
        #: The store's keeper (the session's, shared with the settings: :mod:`magdagdon.store`).
        self.keeper = keeper or Keeper(store)
        self.cap, self.budget = cap, budget
        #: What was found wrong while loading: "history", "storage-unreadable".
        self.problems: list[str] = []
        #: How many stored records were dropped as invalid.
        self.dropped = 0
        #: Whether the best-scores tables of an older release were carried over.
        self.migrated = False
        self._raw: str | None = None  # the stored text last seen (read or written)
        self._records: list[Played] = []
        raw = self._read()
        if raw is not None and self._take(raw) and not self.keeper.kept(HISTORY_KEY):
            self.save()  # cleaned: the valid records stay, reported once

    def __len__(self) -> int:
        return len(self._records)

    @property
    def records(self) -> tuple[Played, ...]:
        """Every game kept, oldest first."""
        return tuple(self._records)

    # -- reading and writing (the keeper's rules) ----------------------------------------------
    @property
    def unsaved(self) -> bool:
        """True once a write was refused (or not attempted: unreadable or newer value)."""
        return self.keeper.unsaved

    def _read(self) -> str | None:
        raw = self.keeper.text(HISTORY_KEY)
        unreadable = HISTORY_KEY in self.keeper.unreadable
        if raw is None and unreadable and "storage-unreadable" not in self.problems:
            self.problems.append("storage-unreadable")
        return raw

    def _take(self, raw: str) -> bool:
        """Merge the records of stored text ``raw`` into these; True if some were invalid."""
        self._raw = raw
        records, migrated, dropped, state = _parse_stored(raw)
        if state == "newer":
            self.keeper.keep(HISTORY_KEY)
        self.dropped += dropped
        bad = state != "ok" or dropped > 0
        if bad:
            self.problems.append("history")
        self.migrated = self.migrated or migrated
        self._records = merge_records(self._records, records)
        return bad

    def save(self, first: Iterable[Played] = ()) -> bool:
        """Store every game (pruned to the cap first, ``first`` dropped before any other);
        False (and :attr:`unsaved`) when nothing could be stored."""
        text = _stored(self._records, self.migrated)
        if len(self._records) > self.cap or len(text) > self.budget:
            self._records = prune(self._records, self.cap, self.budget, first)
            text = _stored(self._records, self.migrated)
        if not self.keeper.write(HISTORY_KEY, text):
            return False
        self._raw = text
        return True

    def sync(self) -> bool:
        """Merge in what another tab stored since (nothing is lost here, nothing counted
        twice); True when games were added or changed."""
        raw = self._read()
        if raw is None or raw == self._raw:
            return False
        before = list(self._records)
        problems = len(self.problems)
        self._take(raw)
        del self.problems[problems:]  # reported once, when first loaded
        return self._records != before

    # -- changes -----------------------------------------------------------------------------------
    def add(self, played: Played) -> None:
        """Remember a finished game (see :meth:`Played.of`); ``ValueError`` for a record that
        would not read back exactly."""
        if decode(encode(played)) != played:
            raise ValueError(f"a record that would not read back: {played!r:.200}")
        self.sync()
        at = bisect_right(self._records, played.date, key=lambda kept: kept.date)
        self._records.insert(at, played)
        self.save()

    def absorb(self, records: Iterable[Played]) -> int:
        """Merge ``records`` in (e.g. from a backup): the games not yet here are added, none
        twice; if the cap is reached, the added games are the first to go. How many were
        added."""
        self.sync()
        before = self._records
        self._records = merge_records(before, records)
        fresh = new_in(before, self._records)
        self.save(first=fresh)
        return len(fresh)

    def carry(self, records: Iterable[Played]) -> None:
        """Take ``records`` in (none twice) without writing: looking at the history changes
        nothing stored; they are saved with the next change (a game ending, an import)."""
        self._records = merge_records(self._records, records)

    def set_coach(self, played: Played, score: int) -> bool:
        """Note the coach's ``score`` on ``played``'s dice; False if the game is not here."""
        self.sync()
        key = identity(played)
        twins = [n for n, kept in enumerate(self._records) if identity(kept) == key]
        if not twins:
            return False
        n = next((n for n in twins if self._records[n].coach is None), twins[0])
        if self._records[n].coach != score:
            self._records[n] = replace(self._records[n], coach=score)
            self.save()
        return True

    def migrate(self, tables: Mapping[Difficulty, Iterable[Entry]]) -> int:
        """Carry the best-scores ``tables`` of an older release over, once (see
        :func:`legacy_records`; even run again, no entry is added twice). How many were."""
        if self.migrated:
            return 0
        fresh = legacy_records(tables, self._records)
        self.migrated = True
        self._records = merge_records(self._records, fresh)
        self.save()
        return len(fresh)

    def verify_all(self) -> int:
        """Replay every game (:func:`verify`; about a millisecond each in CPython, a few in
        the browser); those that do not replay to their score are dropped and noted. How many
        were dropped."""
        true = [played for played in self._records if verify(played)]
        dropped = len(self._records) - len(true)
        if dropped:
            self._records = true
            self.dropped += dropped
            self.problems.append("history")
            self.save()
        return dropped

    # -- what the interface shows ------------------------------------------------------------------
    def best(self, table: Table) -> list[Entry]:
        """The best-scores table of ``table`` (a difficulty, or :data:`DAILY`)."""
        return best(self._records, table)

    def rank(self, played: Played) -> int | None:
        """Where ``played`` stands in its best-scores table (1 = best), else None."""
        key = identity(played)
        if played.table is None:
            return None
        for rank, kept in enumerate(ranked(self._records, played.table), 1):
            if identity(kept) == key:
                return rank
        return None
