"""The session, Tatham's "midend": the game on screen and what changes it. The browser layer
hands it a store, today's date and the URL's wishes, passes each action in, and draws what it
holds; it saves the game after every action and collects notices (``notice.`` codes) to show once.

>>> from magdagdon.records import MemoryStore
>>> session = Session(MemoryStore(), today=lambda: "2026-11-29", seed=2)
>>> session.apply("roll").dice
(4, 3, 4, 5)
>>> Session(session.records.store, today=lambda: "2026-11-29").game.dice  # a reload resumes
(4, 3, 4, 5)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from .finished import Finished
from .game import Game, Phase
from .notices import first_notices
from .records import DAILY_KEY, GAME_KEY, HISTORY_KEY, SETTINGS_KEY, Records, Settings, best_key
from .rules import Difficulty
from .slots import OnScreen, Slot, Slots, Wish
from .store import Keeper, Store

if TYPE_CHECKING:
    from typing import Unpack

    from .history import History
    from .records import Change

__all__ = ["Session", "Slot", "Wish"]


class Session(OnScreen):
    """The game on screen, one of the two kept (:class:`~magdagdon.slots.Slots`: the ordinary
    game and the daily roll), and what changes it. ``seed`` / ``difficulty`` / ``day`` / ``vs``:
    what the URL asked for (``day`` already checked); it replaces no game in progress silently:
    :attr:`pending` holds it and the interface asks first (:meth:`accept_pending`)."""

    def __init__(
        self,
        store: Store,
        *,
        today: Callable[[], str],
        languages: Iterable[str] = ("en",),
        seed: int | None = None,
        difficulty: Difficulty | None = None,
        day: str | None = None,
        vs: int | None = None,
    ) -> None:
        self.keeper = Keeper(store)
        self.records = Records(store, languages, self.keeper)
        self.today = today
        self.notices: list[str] = first_notices(self.records)
        self._told_unsaved = False
        self.pending: Wish | None = None
        self.generation = 0  # every change of the game on screen counts (see _show)
        self.finished = Finished(self.records, self.keeper, self.notices)
        self.slots = Slots(self.keeper, self.notices)
        if day is not None:
            self._wish_daily(day, vs)
        elif seed is not None or difficulty is not None:
            self._wish_game(Wish(difficulty or self.settings.difficulty, seed, None, vs))
        elif self.slots.front is None:
            self.slots.ordinary = self.slots.front = Slot(Game.new(self.settings.difficulty))
        self._save()

    def _wish_game(self, wish: Wish) -> None:
        """A link to an ordinary game (its dice, perhaps a score to beat)."""
        saved = self.slots.ordinary
        if saved is not None and (saved.game.difficulty, saved.game.seed) == wish[:2]:
            self._show(saved)  # a reload of the same link resumes
            saved.vs = wish.vs if wish.vs is not None else saved.vs
        elif saved is not None and saved.in_progress:
            self._show(saved)
            self.pending = wish
        else:
            self.new_game(wish.difficulty, wish.seed, wish.vs)

    def _wish_daily(self, day: str, vs: int | None) -> None:
        """A link to the daily roll of ``day``: its game here is shown again (with the link's
        score to beat), unless the link challenges a finished one (then it is played again, as
        practice); another day's daily in progress is ended only once the player agrees."""
        from .daily import DIFFICULTY

        kept = self.slots.daily
        if kept is not None and kept.day == day and (kept.in_progress or vs is None):
            self._show(kept)
            kept.vs = vs if vs is not None else kept.vs
        elif kept is not None and kept.in_progress:
            self._show(kept)
            self.pending = Wish(DIFFICULTY, None, day, vs)
        else:
            self.start_daily(day, vs)

    # -- saving ----------------------------------------------------------------------------------
    def _save(self) -> None:
        """The game on screen written to its place; the guide's flag kept true to it (not to a
        position of practice or a puzzle: no game of hers)."""
        self.slots.save()
        if not self.drilling:
            self.records.keep_guide(self.game.turn)
        self.note_unsaved()

    def _show(self, slot: Slot) -> None:
        """Put ``slot``'s game on screen. Every change of the game on screen (a move, another
        slot, another tab's game) moves :attr:`generation` on: work started in the background
        keeps the number it started at and is dropped when it would land on another."""
        if self.slots.show(slot):
            self.generation += 1

    def note_unsaved(self) -> None:
        """Say once (a notice) that the store refused a write: nothing more is being saved."""
        unsaved = self.keeper.unsaved  # (one keeper: the settings', the games', the history's)
        if unsaved and not self._told_unsaved:
            self._told_unsaved = True
            self.notices.append("unsaved")

    @property
    def newcomer(self) -> bool:
        """A first visit, as the stored ``guided`` says (:meth:`Records.keep_guide`)."""
        return not self.settings.guided

    def history(self) -> History:
        """Every finished game (:class:`~magdagdon.finished.Finished`), loaded on first use."""
        return self.finished.history()

    def last_official(self) -> str | None:
        """The day of the last official daily roll (None: none yet)."""
        return self.history().last_official()

    def streak(self) -> tuple[int, int]:
        """Days in a row with an official daily roll: the current run and the longest."""
        return self.history().streak(self.today())

    @property
    def settings(self) -> Settings:
        return self.records.settings

    def change_settings(self, **changes: Unpack[Change]) -> None:
        """Change some settings (the others stay as they are) and save them."""
        self.records.change(**changes)

    # -- play -------------------------------------------------------------------------------------
    def apply(self, action: str) -> Game:
        """Apply ``action`` to the game (raises if illegal), save, record a finished game."""
        game = self.game.apply(action)
        self.game = game
        if game.phase is Phase.OVER and not self.drilling:
            self.finished.remember(self.slots.shown, self.today())
        self._save()
        return game

    def new_game(
        self, difficulty: Difficulty | None = None, seed: int | None = None, vs: int | None = None
    ) -> Game:
        """Start a new ordinary game (of ``difficulty``, which becomes the setting; ``vs``: a
        score to beat), in the ordinary game's place: a daily roll kept stays kept."""
        difficulty = difficulty or self.settings.difficulty
        if self.settings.difficulty is not difficulty:
            self.change_settings(difficulty=difficulty)
        self.slots.ordinary = Slot(Game.new(difficulty, seed), vs=vs)
        self._show(self.slots.ordinary)
        self.pending = None
        self._save()
        return self.game

    def start_daily(self, day: str, vs: int | None = None) -> Game:
        """Start the daily roll of ``day`` (a checked ISO date), in the daily's place: the
        ordinary game stays kept. It is practice unless it may become the day's official game
        (:func:`magdagdon.daily.official`)."""
        from .daily import DIFFICULTY, daily_seed, official

        last = self.last_official()
        practice = not official(day, self.today(), last)
        daily = self.slots.daily = Slot(Game.new(DIFFICULTY, daily_seed(day)), vs=vs, day=day)
        daily.practice, daily.done = practice, last
        self._show(daily)
        self.pending = None
        self._save()
        return self.game

    def show_daily(self) -> Game:
        """The daily roll kept back on screen (the ordinary game stays kept)."""
        daily = self.slots.daily
        if daily is not None and self.slots.front is not daily:
            self._show(daily)
            self._save()  # (it says it is on screen)
        return self.game

    def show_game(self) -> Game:
        """The ordinary game back on screen (a new one of the set difficulty if there is none)."""
        if self.slots.ordinary is None:
            return self.new_game()
        self._show(self.slots.ordinary)
        self._save()
        return self.game

    def accept_pending(self) -> Game:
        """Start the game the URL asked for (after the player agreed to end the current one)."""
        wish = self.pending
        if wish is None:
            return self.game
        if wish.day is not None:
            return self.start_daily(wish.day, wish.vs)
        return self.new_game(wish.difficulty, wish.seed, wish.vs)

    def set_language(self, language: str | None) -> None:
        self.change_settings(language=language)

    def sync(self, key: str | None) -> bool:
        """Another tab changed ``key`` (None: everything): the last action wins, this tab takes
        the other's game if it is a valid, different one, and its settings. True when the game
        here changed."""
        if key in (None, SETTINGS_KEY):
            self.records.follow_settings()
        self.finished.follow(key, [best_key(each) for each in Difficulty], HISTORY_KEY)
        before = (self.game, self.coach, self.day)
        for place in (GAME_KEY, DAILY_KEY):
            if key in (None, place):
                self.slots.follow(place)
        if (self.game, self.coach, self.day) == before:
            return False
        self.pending = None
        self.generation += 1
        return True

    # -- results ----------------------------------------------------------------------------------
    def set_coach(self, game: Game, score: int, generation: int | None = None) -> None:
        """The coach scored ``score`` on finished ``game``'s dice: kept with the game (while it
        is the one here: still at ``generation`` when the work started at one) and with its
        record in the history (and so in its best table)."""
        here = generation is None or generation == self.generation
        if here and game == self.game:
            self.coach = score
            self._save()
        self.finished.set_coach(game, score)

    def rank(self) -> int | None:
        """Where the finished game on screen stands in its best-scores table (1 = new best),
        else None (not over, or a daily played as practice)."""
        return self.finished.rank(self.slots.shown)

    def take_notices(self) -> list[str]:
        """The notices not yet shown (each once)."""
        notices, self.notices = self.notices, []
        return notices
