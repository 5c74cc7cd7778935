"""Every finished game, remembered compactly (seed and moves, not boards), and what is derived
from them.

A finished game is a :class:`~magdagdon.played.Played` record (:mod:`magdagdon.played`: the
record, its codec and its checks). :class:`History` keeps them all over the injected store,
under :data:`HISTORY_KEY`, oldest first; the best-scores tables are derived from it
(:func:`ranked`, :func:`best`), so the two cannot disagree. Two lists of records are merged
without counting a game twice (:func:`new_in`, :func:`merge_records`: another tab's games, a
backup's); the best scores of an older release's tables that no record stands for yet become
records of their own (:func:`legacy_records`, :mod:`magdagdon.legacy`).

**The cap.** At most :data:`CAP` games and :data:`BUDGET` characters of JSON are kept
(:func:`prune`); beyond, the oldest ordinary games go first, never a game of a best-10 table.
The :data:`CAP` of 5,000 games takes about 420 KB (about 85 characters a game).

>>> from magdagdon.played import decode
>>> played = decode(["n", 4, ".@#0.BSl!.Tn0!.I7a!.Jdu!.@#6.Ps!", "2026-11-29", 132, 82, 1, 0, 1])
>>> from magdagdon.records import MemoryStore
>>> history = History(MemoryStore())
>>> history.add(played)
>>> history.best(Difficulty.NIGHTMARE)[0].score
132
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import suppress
from dataclasses import replace

from .game import SCHEMA, Game
from .played import Played, decode, encode, identity
from .records import DAILY, HISTORY_KEY, TOP, Entry, Store, StoreError, Table
from .rules import Difficulty, is_whole
from .store import Keeper

__all__ = [
    "TABLES",
    "History",
    "HISTORY_KEY",
    "CAP",
    "BUDGET",
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


# -- best tables, merging, the cap -----------------------------------------------------------------
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
    one for each line no record of ``records`` already stands for, so running it again adds
    nothing (:func:`magdagdon.legacy.missing`). Each keeps what its line had (its board's
    parts when they add up: :meth:`Played.carried_over`). With no table, nothing to carry:
    the old format's module is not even imported."""
    tables = {each: list(entries) for each, entries in tables.items()}
    if not any(tables.values()):
        return []
    from .legacy import missing

    return [Played.carried_over(each, entry) for each, entry in missing(tables, records)]


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
        #: Whether the stored history says a release that carried the best-scores tables over
        #: once marked it so (kept as read and written back: such a release, rolled back to,
        #: finds it; the tables are carried over at every load, :func:`legacy_records`).
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

    def set_coach_of(self, game: Game, score: int) -> None:
        """Note the coach's ``score`` on the latest record of finished ``game`` (its dice and
        moves), if there is one."""
        for played in reversed(self._records):
            if (played.difficulty, played.seed, played.moves) == (
                game.difficulty,
                game.seed,
                game.moves,
            ):
                self.set_coach(played, score)
                return

    # -- what the interface shows (all of it derived from the games) -------------------------------
    def best(self, table: Table) -> list[Entry]:
        """The best-scores table of ``table`` (a difficulty, or :data:`DAILY`)."""
        return best(self._records, table)

    def rank_of(self, game: Game, table: Table) -> int | None:
        """Where finished ``game`` (its dice and moves) stands in the best-scores table of
        ``table`` (1 = best), else None."""
        for rank, played in enumerate(ranked(self._records, table), 1):
            if (played.seed, played.moves) == (game.seed, game.moves):
                return rank
        return None

    def last_official(self) -> str | None:
        """The day of the last official daily roll (None: none yet)."""
        return max((p.daily for p in self._records if p.daily and not p.practice), default=None)

    def streak(self, today: str) -> tuple[int, int]:
        """Days in a row with an official daily roll up to ``today``: the current run and the
        longest."""
        from .stats import streaks

        return streaks((p.daily for p in self._records if p.daily and not p.practice), today)
