"""The session: one player's game, settings and best scores over a store (Tatham's "midend").

Pure: the browser layer hands it a store, today's date and the URL's wishes, passes each action
in, and draws what it holds. It saves the game after every action, records the final score
once when a game ends, and collects notices (codes under ``notice.`` in i18n) to show once.

>>> from magdagdon.records import MemoryStore
>>> session = Session(MemoryStore(), today=lambda: "2026-11-29", seed=2)
>>> session.apply("roll").dice
(4, 3, 4, 5)
>>> Session(session.records.store, today=lambda: "2026-11-29").game.dice  # a reload resumes
(4, 3, 4, 5)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from .game import FORMAT, Game, Phase
from .records import GAME_KEY, HISTORY_KEY, Records, Settings, Store, best_key, load_json
from .rules import Difficulty, is_whole

if TYPE_CHECKING:
    from .history import History

__all__ = ["Session"]


class Session:
    """The game in progress plus everything kept between visits.

    ``seed`` / ``difficulty`` are what the URL asked for (None: nothing). A URL game replaces
    no game in progress silently: when one is in progress, :attr:`pending` holds the request
    and the interface asks first (:meth:`accept_pending`).
    """

    def __init__(
        self,
        store: Store,
        *,
        today: Callable[[], str],
        languages: Iterable[str] = ("en",),
        seed: int | None = None,
        difficulty: Difficulty | None = None,
    ) -> None:
        self.records = Records(store, languages)
        self.today = today
        for each in Difficulty:  # load every table now, so that one notice covers them all
            self.records.table(each)
        problems = dict.fromkeys(p for p in self.records.problems if p != "storage-unreadable")
        self.notices: list[str] = [f"dropped-{p}" for p in problems]
        self._told_unsaved = False
        self.pending: tuple[Difficulty, int | None] | None = None
        #: The coach's score on the finished game's dice, once worked out (saved with it).
        self.coach: int | None = None
        self._history: History | None = None
        saved = self._load_game()
        wanted = difficulty or self.settings.difficulty
        if seed is None and difficulty is None:
            self.game = saved or Game.new(wanted)
        elif saved is not None and saved.seed == seed and saved.difficulty is wanted:
            self.game = saved  # a reload of the same link resumes
        elif saved is not None and _in_progress(saved):
            self.game = saved
            self.pending = (wanted, seed)
        else:
            self.game = Game.new(wanted, seed)
            self._adopt_difficulty(wanted)
        self._save()

    # -- loading and saving -----------------------------------------------------------------------
    def _load_game(self) -> Game | None:
        raw = self.records.read(GAME_KEY)
        if raw is None:
            return None
        data = None
        try:
            data = load_json(raw)
            game = Game.from_dict(data)
        except ValueError:
            if isinstance(data, dict) and data.get("format") == FORMAT:
                self.records.protect_newer(GAME_KEY, data)  # a newer release's game
            self.notices.append("dropped-game")
            return None
        self.coach = _coach_of(data, game)
        return game

    def _save(self) -> None:
        data = self.game.to_dict()
        if self.coach is not None:
            data["coach"] = self.coach
        self.records.write(GAME_KEY, json.dumps(data, separators=(",", ":")))
        self._tell_unsaved()

    def _tell_unsaved(self) -> None:
        unsaved = self.records.unsaved or (self._history is not None and self._history.unsaved)
        if unsaved and not self._told_unsaved:
            self._told_unsaved = True
            self.notices.append("unsaved")

    @property
    def history(self) -> History:
        """Every finished game, loaded on first use (the first ROLL does not need it); the
        best scores it does not stand for yet (an older release's tables) are carried into it."""
        if self._history is None:
            from .history import History, legacy_records

            history = self._history = History(self.records.store)
            # Every best score the history does not stand for yet is carried into it (the old
            # release's tables, or one a tab of an old release wrote), stored with the next
            # game: looking at the scores writes nothing.
            tables = {each: self.records.table(each) for each in Difficulty}
            history.carry(legacy_records(tables, history.records))
            if "history" in history.problems:
                self.notices.append("dropped-history")
            for each in Difficulty:
                self.records.replace_table(each, history.best(each), store=False)
        return self._history

    def _remember(self, game: Game) -> None:
        """A game just ended: into the history, and its best table worked out again from it."""
        from .history import Played

        self.history.add(Played.of(game, self.today(), self.coach))
        self.records.replace_table(game.difficulty, self.history.best(game.difficulty))
        self._tell_unsaved()

    # -- backup ----------------------------------------------------------------------------------
    def export_code(self) -> str:
        """All the player's data as a backup code (see :mod:`magdagdon.backup`)."""
        from .backup import collect, export

        return export(collect(self.history.records, self.settings))

    def export_file(self) -> str:
        """The same data as the text of a ``.json`` file."""
        from .backup import collect, export_file

        return export_file(collect(self.history.records, self.settings))

    def import_backup(self, text: object) -> tuple[int, int]:
        """Merge a backup code or file in: nothing here is lost, no game counted twice, the
        best tables worked out again. (games added, games refused); a backup that cannot be
        read raises :class:`~magdagdon.backup.BackupError` and changes nothing."""
        from .backup import collect, merge, parse_any

        theirs = parse_any(text)
        merged = merge(collect(self.history.records, self.settings), theirs)
        added = self.history.absorb(merged["history"])
        language = getattr(merged["settings"], "language", None)
        if self.settings.language is None and language in self.records.languages:
            self.set_language(language)
        for each in Difficulty:
            self.records.replace_table(each, self.history.best(each))
        self._tell_unsaved()
        return added, merged["dropped"]

    @property
    def settings(self) -> Settings:
        return self.records.settings

    def _adopt_difficulty(self, difficulty: Difficulty) -> None:
        if self.settings.difficulty is not difficulty:
            self.records.save_settings(Settings(difficulty, self.settings.language))

    # -- play -------------------------------------------------------------------------------------
    def apply(self, action: str) -> Game:
        """Apply ``action`` to the game (raises if illegal), save, record a finished game."""
        game = self.game.apply(action)
        self.game = game
        if game.phase is Phase.OVER:
            self._remember(game)
        self._save()
        return game

    def new_game(self, difficulty: Difficulty | None = None, seed: int | None = None) -> Game:
        """Start a new game (of ``difficulty``, which becomes the setting)."""
        difficulty = difficulty or self.settings.difficulty
        self._adopt_difficulty(difficulty)
        self.game = Game.new(difficulty, seed)
        self.pending = None
        self.coach = None
        self._save()
        return self.game

    def accept_pending(self) -> Game:
        """Start the game the URL asked for (after the player agreed to end the current one)."""
        if self.pending is None:
            return self.game
        difficulty, seed = self.pending
        return self.new_game(difficulty, seed)

    def set_language(self, language: str | None) -> None:
        self.records.save_settings(Settings(self.settings.difficulty, language))

    @property
    def in_progress(self) -> bool:
        """Whether changing difficulty would throw away a game the player has started."""
        return _in_progress(self.game)

    def sync(self, key: str | None) -> bool:
        """Another tab changed ``key`` in the store (None: everything): follow it.

        The last action wins: this tab takes the other's game if it is a valid, different
        one, and merges its best scores. True when the game here changed."""
        for difficulty in Difficulty:
            if key is None or key == best_key(difficulty):
                self.records.merge_stored(difficulty)
        if self._history is not None and key in (None, HISTORY_KEY) and self._history.sync():
            for difficulty in Difficulty:
                self.records.replace_table(difficulty, self._history.best(difficulty), store=False)
        if key is not None and key != GAME_KEY:
            return False
        raw = self.records.read(GAME_KEY)
        try:
            game = Game.from_dict(load_json(raw))
        except ValueError:
            return False  # removed or unusable there: keep playing ours (saved again next move)
        coach = _coach_of(load_json(raw), game)
        if game == self.game and coach == self.coach:
            return False
        self.game, self.coach = game, coach
        self.pending = None
        return True

    # -- results ----------------------------------------------------------------------------------
    def set_coach(self, game: Game, score: int) -> None:
        """The coach scored ``score`` on finished ``game``'s dice: kept with the game (while it
        is the one here) and with its record in the history (and so in its best table)."""
        if game == self.game:
            self.coach = score
            self._save()
        history = self.history
        for played in reversed(history.records):
            if (played.difficulty, played.seed, played.moves) == (
                game.difficulty,
                game.seed,
                game.moves,
            ):
                history.set_coach(played, score)
                self.records.replace_table(game.difficulty, history.best(game.difficulty))
                break

    @property
    def rank(self) -> int | None:
        """Where the finished game stands in its best-scores table (1 = new best), else None."""
        if self.game.phase is not Phase.OVER:
            return None
        game = self.game
        for rank, entry in enumerate(self.records.table(game.difficulty), 1):
            if (entry.score, entry.seed, entry.board, entry.turns) == (
                game.score,
                game.seed,
                game.board_text,
                game.turn,
            ):
                return rank
        return None

    def take_notices(self) -> list[str]:
        """The notices not yet shown (each once)."""
        notices, self.notices = self.notices, []
        return notices


def _coach_of(data: object, game: Game) -> int | None:
    """The coach's score saved with a finished game (None: not known, or not valid)."""
    coach = data.get("coach") if isinstance(data, dict) else None
    return coach if game.is_over and is_whole(coach, -10_000, 10_000) else None


def _in_progress(game: Game) -> bool:
    return game.phase is not Phase.OVER and bool(game.moves)
