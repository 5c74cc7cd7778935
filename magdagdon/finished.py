"""The finished games as the session sees them: the history (:mod:`magdagdon.history`), loaded
on first use (the first ROLL does not need it) through the session's keeper, with the best
scores of an older release's tables carried in; and what is derived from it, the one truth of
best scores, ranks and the daily roll's streaks.

>>> from magdagdon.records import Records
>>> from magdagdon.store import Keeper, MemoryStore
>>> keeper = Keeper(MemoryStore())
>>> finished = Finished(Records(keeper.store, keeper=keeper), keeper, [])
>>> finished.loaded, len(finished.history()), finished.loaded
(False, 0, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .records import Records
from .rules import Difficulty
from .slots import Slot
from .store import Keeper

if TYPE_CHECKING:
    from .game import Game
    from .history import History

__all__ = ["Finished"]


class Finished:
    """Every finished game over ``keeper``'s store; a problem met loading it goes to
    ``notices``."""

    def __init__(self, records: Records, keeper: Keeper, notices: list[str]) -> None:
        self.records, self.keeper, self.notices = records, keeper, notices
        self._history: History | None = None

    @property
    def loaded(self) -> bool:
        return self._history is not None

    def history(self) -> History:
        """The history, loaded on first use. Looking at it writes nothing: what it carries in
        is stored with the next change (a game ending, an import)."""
        if self._history is None:
            from .history import History

            self._history = History(self.keeper.store, keeper=self.keeper)
            self.carry_old_tables()
            if "history" in self._history.problems:
                self.notices.append("dropped-history")
        return self._history

    def carry_old_tables(self) -> None:
        """Every best score of an older release's tables the history does not stand for yet,
        carried in (never twice)."""
        from .history import legacy_records

        history = self.history()
        tables = {each: self.records.old_table(each) for each in Difficulty}
        history.carry(legacy_records(tables, history.records))

    def follow(self, key: str | None, table_keys: list[str], history_key: str) -> None:
        """Another tab changed ``key`` (None: everything): a best-scores table (a tab of an
        older release) is read again and carried in, the history merged in (once loaded)."""
        if key is None or key in table_keys:
            for each in Difficulty:
                self.records.reread(each)
            if self.loaded:
                self.carry_old_tables()
        if self.loaded and key in (None, history_key):
            self.history().sync()

    def remember(self, slot: Slot, today: str) -> None:
        """``slot``'s game just ended: into the history. A daily roll is official only when no
        official daily of its day or a later one was finished meanwhile (in another tab, or
        with the clock moved back)."""
        from .played import Played

        if slot.day is not None:
            self.history().sync()  # another tab may have finished this day's official daily
            last = self.history().last_official()
            slot.practice = slot.practice or (last is not None and slot.day <= last)
            slot.done = last if slot.practice else slot.day
        played = Played.of(slot.game, today, slot.coach, slot.day, slot.practice)
        self.history().add(played)

    def rank(self, slot: Slot) -> int | None:
        """Where ``slot``'s finished game stands in its best-scores table (1 = new best), else
        None (not over, or a daily played as practice)."""
        from .records import DAILY

        if not slot.game.is_over or slot.practice:
            return None
        return self.history().rank_of(slot.game, DAILY if slot.day else slot.game.difficulty)

    def set_coach(self, game: Game, score: int) -> None:
        self.history().set_coach_of(game, score)
