"""BEST SCORES and STATISTICS: their tabs (a difficulty, or the official daily rolls), the
tables, the figures and plots, the last games to watch. The history and the statistics are
imported on first use."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..effects import Effect
from ..records import DAILY, Entry, Table
from ..rules import Difficulty
from .state import Part, Shared, best_scores, watchable

if TYPE_CHECKING:
    from ..answers import Counts as Answered
    from ..played import Played
    from ..practice import Counts
    from ..stats import DifficultyStats

__all__ = ["Scores", "ScoresView", "StatsView"]


@dataclass(frozen=True)
class ScoresView:
    """The best scores of ``tab``, best first, and which of their games can be watched."""

    tab: Table
    entries: tuple[Entry, ...]
    watchable: tuple[bool, ...]


@dataclass(frozen=True)
class StatsView:
    """The statistics of ``tab`` (:func:`magdagdon.stats.figures`), its scores oldest first,
    its last games that can be watched (each with its place in the history), and the practice
    record's figures."""

    tab: Table
    figures: DifficultyStats
    scores: tuple[int, ...]
    recent: tuple[tuple[int, Played], ...]
    #: The practice record's figures (of every tab: :mod:`magdagdon.practice`).
    practice: Counts
    #: The day's puzzles answered, in figures (:mod:`magdagdon.answers`).
    puzzles: Answered


class Scores(Part):
    ACTIONS = ("scores", "scores-tab", "stats")
    DIALOGS = ("scores", "stats")

    def __init__(self, ui: Shared) -> None:
        super().__init__(ui)
        #: The tab BEST SCORES and STATISTICS show.
        self.tab: Table = ui.own_tab

    def hear(self, effect: Effect) -> None:
        opened = effect is Effect.OPENED and self.ui.dialog == "scores"
        if opened or effect in (Effect.OVER, Effect.SHOWN, Effect.IMPORTED):
            self.tab = self.ui.own_tab

    def view(self, dialog: str) -> ScoresView | StatsView:
        tab = self.tab
        if dialog == "scores":
            entries = best_scores(self.session, tab)
            return ScoresView(tab, tuple(entries), tuple(watchable(self.session, tab)))
        figures, scores = self.statistics()
        today = self.session.today()
        practice = self.ui.practice.record.counts(today)
        puzzles = self.ui.answers.record.counts(today)
        return StatsView(tab, figures, tuple(scores), tuple(self.recent()), practice, puzzles)

    def _press_scores(self, _: str | None) -> None:
        self.ui.open("scores")

    def _press_stats(self, _: str | None) -> None:
        self.ui.open("stats")  # (of the difficulty the scores showed)

    def _press_scores_tab(self, value: str | None) -> None:
        if value == DAILY:
            self.tab = DAILY
            return
        try:
            self.tab = Difficulty.parse(value)
        except ValueError:
            return

    def statistics(self) -> tuple[DifficultyStats, list[int]]:
        """The statistics of the tab on show (:func:`magdagdon.stats.figures`) and its scores,
        oldest first (the statistics are imported on first use)."""
        from ..stats import chronological, figures

        played = self.session.history().records
        today = self.session.today()
        scores = [p.score for p in chronological(played, self.tab)]
        return figures(played, self.tab, today), scores

    def recent(self, count: int = 5) -> list[tuple[int, Played]]:
        """The last ``count`` games of the tab on show that can be watched, newest first, each
        with its place in the history (for ``watch``, value ``"game:n"``)."""
        records = self.session.history().records
        tab = self.tab
        found = [
            (n, played)
            for n, played in enumerate(records, 1)
            if played.moves and (played.daily is not None if tab == DAILY else played.table is tab)
        ]
        return found[::-1][:count]

    def best(self, tab: Table) -> list[Entry]:
        """The best-scores table of ``tab``, best first."""
        return best_scores(self.session, tab)

    def watchable(self, tab: Table) -> list[bool]:
        """Which lines of the best-scores table of ``tab`` can be watched."""
        return watchable(self.session, tab)
