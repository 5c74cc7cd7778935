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
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, NamedTuple, TypedDict

from .game import FORMAT, SCORE_LIMIT, Game, Phase
from .records import (
    DAILY_KEY,
    GAME_KEY,
    HISTORY_KEY,
    KEY_PREFIX,
    SETTINGS_KEY,
    Records,
    Settings,
    best_key,
    is_date,
)
from .rules import Difficulty, is_whole
from .store import Store, load_json

if TYPE_CHECKING:
    from typing import Unpack

    from .backup import Read
    from .history import History, Played

__all__ = ["Session", "Slot", "Wish", "TOLD_KEY"]

#: The keys of the values a newer release wrote that the player was told about (told once).
TOLD_KEY = KEY_PREFIX + "told"


class Change(TypedDict, total=False):
    """Some of the player's choices (:class:`~magdagdon.records.Settings`' fields), to change."""

    difficulty: Difficulty
    language: str | None
    sound: bool
    vibration: bool
    guided: bool


class Wish(NamedTuple):
    """A game the player asked for, by a link or a button: its difficulty and seed (None: a
    new one), the day of a daily roll (its seed follows from it), a score to beat."""

    difficulty: Difficulty
    seed: int | None = None
    day: str | None = None
    vs: int | None = None


@dataclass
class Slot:
    """A game kept in its place: the ordinary game (``day`` None) or the daily roll of
    ``day``. ``coach``: the coach's score on its dice once it is over and worked out; ``vs``: the
    score a challenge link asked to beat; ``practice``: a daily that is not the day's official
    game; ``done``: the day of the last official daily known when it was kept (the menu's
    daily entry then knows, without the history, that today's was played)."""

    game: Game
    coach: int | None = None
    vs: int | None = None
    day: str | None = None
    practice: bool = False
    done: str | None = None

    def to_json(self, front: bool) -> str:
        """Its stored text: the saved game (:meth:`Game.to_dict`) with what the slot adds; an
        ordinary game with no coach's score and no target is stored as the saved game alone."""
        data = self.game.to_dict()
        if self.coach is not None:
            data["coach"] = self.coach
        if self.vs is not None:
            data["vs"] = self.vs
        if self.day is not None:
            data.update(day=self.day, practice=self.practice, front=front)
            if self.done is not None:
                data["done"] = self.done
        return json.dumps(data, separators=(",", ":"))

    @property
    def in_progress(self) -> bool:
        return _in_progress(self.game)


class Session:
    """The game on screen plus everything kept between visits.

    Two games are kept, each in its place: the ordinary game and the daily roll; one of them is
    on screen (:attr:`game`), and switching between them loses neither. ``seed`` /
    ``difficulty`` / ``day`` / ``vs`` are what the URL asked for (None: nothing; ``day``: a daily
    roll's day, already checked). A URL game replaces no game in progress silently: when one is
    in progress, :attr:`pending` holds the request and the interface asks first
    (:meth:`accept_pending`).
    """

    #: Whether the guide being done was worked out on this visit (:meth:`_note_guide`).
    _guide_checked = False

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
        self.records = Records(store, languages)
        self.today = today
        found = list(self.records.problems)  # (the settings')
        newer: list[str] = []  # the tables a newer release wrote: kept, not damaged
        for each in Difficulty:  # load every table now, so that one notice covers them all
            known = len(self.records.problems)
            self.records.table(each)
            if "scores" in self.records.problems[known:] and self._newer_release(best_key(each)):
                newer.append(best_key(each))
            else:
                found += self.records.problems[known:]
        problems = dict.fromkeys(p for p in found if p != "storage-unreadable")
        self.notices: list[str] = [f"dropped-{p}" for p in problems]
        if self._first_told(newer):
            self.notices.append("newer-scores")
        self._told_unsaved = False
        self.pending: Wish | None = None
        self.generation = 0  # every change of the game on screen counts (see _show)
        self._history: History | None = None
        self._ordinary = self._load_game()
        self._daily, on_screen = self._load_daily()
        self._front = self._daily if on_screen else self._ordinary
        if day is not None:
            self._wish_daily(day, vs)
        elif seed is not None or difficulty is not None:
            self._wish_game(Wish(difficulty or self.settings.difficulty, seed, None, vs))
        elif self._front is None:
            self._ordinary = self._front = Slot(Game.new(self.settings.difficulty))
        self._save()

    def _wish_game(self, wish: Wish) -> None:
        """A link to an ordinary game (its dice, perhaps a score to beat)."""
        saved = self._ordinary
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

        kept = self._daily
        if kept is not None and kept.day == day and (kept.in_progress or vs is None):
            self._show(kept)
            kept.vs = vs if vs is not None else kept.vs
        elif kept is not None and kept.in_progress:
            self._show(kept)
            self.pending = Wish(DIFFICULTY, None, day, vs)
        else:
            self.start_daily(day, vs)

    # -- loading and saving -----------------------------------------------------------------------
    def _read_slot(self, key: str) -> tuple[Slot, bool] | None:
        """The game kept under ``key`` and whether it was on screen (None: nothing there);
        ``ValueError`` when what is there is not a game (or not a daily roll, under
        :data:`DAILY_KEY`)."""
        raw = self.records.read(key)
        return None if raw is None else _slot_of(key, load_json(raw))

    def _load(self, key: str) -> tuple[Slot | None, bool]:
        """:meth:`_read_slot` at the start: what cannot be read is said once and left alone if
        a newer release wrote it."""
        raw = self.records.read(key)
        if raw is None:
            return None, False
        data = None
        try:
            data = load_json(raw)
            return _slot_of(key, data)
        except ValueError:
            if isinstance(data, dict) and data.get("format") == FORMAT:
                self.records.protect_newer(key, data)  # a newer release's game
            self.notices.append("dropped-daily" if key == DAILY_KEY else "dropped-game")
            return None, False

    def _newer_release(self, key: str) -> bool:
        """The value under ``key`` was written by a newer release (and so is left alone)."""
        try:
            return self.records.protect_newer(key, load_json(self.records.read(key)))
        except ValueError:
            return False

    def _first_told(self, newer: list[str]) -> bool:
        """Whether one of the keys ``newer`` (a newer release's values) was never told about
        in this browser; the keys told about are remembered under :data:`TOLD_KEY`, so that
        the notice is given once, not at every visit."""
        if not newer:
            return False
        try:
            told = load_json(self.records.read(TOLD_KEY))
        except ValueError:
            told = []
        told = [key for key in told if isinstance(key, str)] if isinstance(told, list) else []
        if set(newer) <= set(told):
            return False
        self.records.write(TOLD_KEY, json.dumps(sorted({*told, *newer})))
        return True

    def _load_game(self) -> Slot | None:
        return self._load(GAME_KEY)[0]

    def _load_daily(self) -> tuple[Slot | None, bool]:
        """The daily roll kept (None: none, or not one), and whether it was on screen."""
        return self._load(DAILY_KEY)

    def _save(self) -> None:
        """The game on screen written to its place (the daily's says it is on screen)."""
        front = self._front
        if front is not None:
            key = DAILY_KEY if front is self._daily else GAME_KEY
            self.records.write(key, front.to_json(front=True))
            self._note_guide()
        self._tell_unsaved()

    def _note_guide(self) -> None:
        """Keeps the stored flag that says the first-visit guide is done (``guided``, which the
        page's first script reads too) true to the game: a turn played ends the guide; settings
        an older release stored, which do not say, are worked out once from what is kept (a
        game past its first turn, a history, a best score) and written with their next change:
        a value valid as it is, or one this release may not write, is never rewritten for it."""
        records = self.records
        if not self._guide_checked:
            self._guide_checked = True
            if not records.guide_known:
                played = self.game.turn > 0 or self._played_here()
                if records.read(SETTINGS_KEY) is None:  # a first visit: said at once
                    self.change_settings(guided=played)
                else:  # kept with their next change (settings valid as they are stay so)
                    records.settings = replace(self.settings, guided=played)
                return
        if records.guide_known and not self.settings.guided and self.game.turn > 0:
            self.change_settings(guided=True)

    def _played_here(self) -> bool:
        """A game was finished here: a history, or a best score."""
        return self.records.read(HISTORY_KEY) is not None or any(
            self.records.table(each) for each in Difficulty
        )

    def _show(self, slot: Slot) -> None:
        """Put ``slot``'s game on screen; the daily kept says whether it is. Every change of
        the game on screen (a move, another slot, another tab's game) moves
        :attr:`generation` on: work started in the background keeps the number it started
        at and is dropped when it would land on another."""
        if slot is self._front:
            return
        self._front = slot
        self.generation += 1
        if self._daily is not None and slot is not self._daily:
            self.records.write(DAILY_KEY, self._daily.to_json(front=False))

    def _tell_unsaved(self) -> None:
        unsaved = self.records.unsaved  # (one keeper: the history's writes too)
        if unsaved and not self._told_unsaved:
            self._told_unsaved = True
            self.notices.append("unsaved")

    # -- the game on screen ---------------------------------------------------------------------
    @property
    def _shown(self) -> Slot:
        """The place of the game on screen (there is one as soon as the session is made)."""
        front = self._front
        assert front is not None  # (set by __init__, never None again)
        return front

    @property
    def game(self) -> Game:
        return self._shown.game

    @game.setter
    def game(self, game: Game) -> None:
        self._shown.game = game
        self.generation += 1

    @property
    def coach(self) -> int | None:
        """The coach's score on the finished game's dice, once worked out (saved with it)."""
        return self._shown.coach

    @coach.setter
    def coach(self, score: int | None) -> None:
        self._shown.coach = score

    @property
    def vs(self) -> int | None:
        """The score a challenge link asked to beat in the game on screen (None: none)."""
        return self._shown.vs

    @property
    def day(self) -> str | None:
        """The day of the daily roll on screen (None: the ordinary game is)."""
        return self._shown.day

    @property
    def practice(self) -> bool:
        """The daily roll on screen is practice, not the day's official game."""
        return self._shown.practice

    @property
    def newcomer(self) -> bool:
        """A first visit: the guide was never finished or skipped, no turn was ever played and
        no game finished here, as the stored ``guided`` says (:meth:`_note_guide`; the page's
        first script reads the same flag, so that the guide is in the first frame)."""
        return not self.settings.guided

    @property
    def daily(self) -> Slot | None:
        """The daily roll kept (on screen or not)."""
        return self._daily

    @property
    def history(self) -> History:
        """Every finished game, loaded on first use (the first ROLL does not need it); the
        best scores it does not stand for yet (an older release's tables) are carried into it."""
        if self._history is None:
            from .history import History, legacy_records

            history = self._history = History(self.records.store, keeper=self.records.keeper)
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
        """A game just ended: into the history, and its best table worked out again from it. A
        daily is official only when no official daily of its day or a later one was finished
        meanwhile (in another tab, or with the clock moved back)."""
        from .history import Played

        front = self._shown
        if front.day is not None:
            self._sync_history()  # another tab may have finished this day's official daily
            last = self.last_official()
            front.practice = front.practice or (last is not None and front.day <= last)
            front.done = last if front.practice else front.day
        self.history.add(Played.of(game, self.today(), self.coach, front.day, front.practice))
        if front.day is None:
            self.records.replace_table(game.difficulty, self.history.best(game.difficulty))
        self._tell_unsaved()

    def _sync_history(self) -> None:
        """What another tab added to the history, merged in (the tables follow)."""
        if self.history.sync():
            for difficulty in Difficulty:
                self.records.replace_table(difficulty, self.history.best(difficulty), store=False)

    def last_official(self) -> str | None:
        """The day of the last official daily roll (None: none yet)."""
        days = [p.daily for p in self.history.records if p.daily is not None and not p.practice]
        return max(days, default=None)

    def streak(self) -> tuple[int, int]:
        """Days in a row with an official daily roll: the current run and the longest."""
        from .stats import streaks

        played = self.history.records
        return streaks((p.daily for p in played if p.daily and not p.practice), self.today())

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
        from .backup import parse_any

        return self.import_read(parse_any(text))

    def import_read(
        self, theirs: Read, check: Callable[[Played], bool] | None = None
    ) -> tuple[int, int]:
        """:meth:`import_backup` of a backup already read; ``check`` tells a game only it has
        is true (:func:`~magdagdon.backup.verify_steps` made it; by default each is replayed)."""
        from .backup import collect, merge
        from .history import verify

        merged = merge(collect(self.history.records, self.settings), theirs, check or verify)
        added = self.history.absorb(merged["history"])
        language = getattr(merged["settings"], "language", None)
        if self.settings.language is None and language in self.records.languages:
            self.set_language(language)
        for each in Difficulty:
            self.records.replace_table(each, self.history.best(each))
        if added and not self.settings.guided:
            self.change_settings(guided=True)  # games played: not a first visit any more
        self._tell_unsaved()
        return added, merged["dropped"]

    @property
    def settings(self) -> Settings:
        return self.records.settings

    def _adopt_difficulty(self, difficulty: Difficulty) -> None:
        if self.settings.difficulty is not difficulty:
            self.change_settings(difficulty=difficulty)

    def change_settings(self, **changes: Unpack[Change]) -> None:
        """Change some settings (the others stay as they are) and save them."""
        self.records.save_settings(replace(self.settings, **changes))

    # -- play -------------------------------------------------------------------------------------
    def apply(self, action: str) -> Game:
        """Apply ``action`` to the game (raises if illegal), save, record a finished game."""
        game = self.game.apply(action)
        self.game = game
        if game.phase is Phase.OVER:
            self._remember(game)
        self._save()
        return game

    def new_game(
        self, difficulty: Difficulty | None = None, seed: int | None = None, vs: int | None = None
    ) -> Game:
        """Start a new ordinary game (of ``difficulty``, which becomes the setting; ``vs``: a
        score to beat), in the ordinary game's place: a daily roll kept stays kept."""
        difficulty = difficulty or self.settings.difficulty
        self._adopt_difficulty(difficulty)
        self._ordinary = Slot(Game.new(difficulty, seed), vs=vs)
        self._show(self._ordinary)
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
        self._daily = Slot(Game.new(DIFFICULTY, daily_seed(day)), vs=vs, day=day)
        self._daily.practice, self._daily.done = practice, last
        self._show(self._daily)
        self.pending = None
        self._save()
        return self.game

    def show_daily(self) -> Game:
        """The daily roll kept back on screen (the ordinary game stays kept)."""
        if self._daily is not None and self._front is not self._daily:
            self._show(self._daily)
            self._save()  # (it says it is on screen)
        return self.game

    def show_game(self) -> Game:
        """The ordinary game back on screen (a new one of the set difficulty if there is none)."""
        if self._ordinary is None:
            return self.new_game()
        self._show(self._ordinary)
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

    @property
    def in_progress(self) -> bool:
        """Whether a new ordinary game would throw away one the player has started (a daily
        roll on screen is kept apart: only the ordinary game's place counts)."""
        return self._ordinary is not None and self._ordinary.in_progress

    def sync(self, key: str | None) -> bool:
        """Another tab changed ``key`` in the store (None: everything): follow it.

        The last action wins: this tab takes the other's game if it is a valid, different
        one, and merges its best scores. True when the game here changed."""
        for difficulty in Difficulty:
            if key is None or key == best_key(difficulty):
                self.records.merge_stored(difficulty)
        if self._history is not None and key in (None, HISTORY_KEY):
            self._sync_history()
        before = (self.game, self.coach, self.day)
        for place in (GAME_KEY, DAILY_KEY):
            if key in (None, place):
                self._follow(place)
        if (self.game, self.coach, self.day) == before:
            return False
        self.pending = None
        self.generation += 1
        return True

    def _follow(self, key: str) -> None:
        """Take the game another tab wrote under ``key`` (removed or unusable there: keep ours,
        saved again with the next move); on screen here when it is there."""
        try:
            read = self._read_slot(key)
        except ValueError:
            read = None
        if read is None:
            return
        slot, front = read
        if key == GAME_KEY:
            if self._front is self._ordinary:
                self._front = slot
            self._ordinary = slot
            return
        if front or self._front is self._daily:
            self._front = slot if front else (self._ordinary or slot)
        self._daily = slot

    # -- results ----------------------------------------------------------------------------------
    def set_coach(self, game: Game, score: int, generation: int | None = None) -> None:
        """The coach scored ``score`` on finished ``game``'s dice: kept with the game (while it
        is the one here: still at ``generation`` when the work started at one) and with its
        record in the history (and so in its best table)."""
        here = generation is None or generation == self.generation
        if here and game == self.game:
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
                if played.daily is None:
                    self.records.replace_table(game.difficulty, history.best(game.difficulty))
                break

    @property
    def rank(self) -> int | None:
        """Where the finished game stands in its best-scores table (1 = new best), else None."""
        if self.game.phase is not Phase.OVER:
            return None
        game = self.game
        if self.day is not None:
            from .history import DAILY

            table = [] if self.practice else self.history.best(DAILY)
        else:
            table = self.records.table(game.difficulty)
        for rank, entry in enumerate(table, 1):
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
    return coach if game.is_over and _is_score(coach) else None


def _slot_of(key: str, data: object) -> tuple[Slot, bool]:
    """The game kept under ``key`` (its parsed JSON ``data``) and whether it was on screen;
    ``ValueError`` when it is not a game (or not a daily roll, under :data:`DAILY_KEY`)."""
    game = Game.from_dict(data)
    assert isinstance(data, dict)  # (Game.from_dict takes nothing else)
    vs = data.get("vs")
    slot = Slot(game, _coach_of(data, game), vs if _is_score(vs) else None)
    if key != DAILY_KEY:
        return slot, True
    from .daily import is_daily

    day, practice, done = data.get("day"), data.get("practice"), data.get("done")
    if not (is_daily(day, game.difficulty, game.seed) and practice in (True, False)):
        raise ValueError("not a daily roll")
    slot.day, slot.practice = day, practice
    slot.done = done if isinstance(done, str) and len(done) == 10 and is_date(done) else None
    return slot, data.get("front") is True


def _is_score(value: object) -> bool:
    return is_whole(value, -SCORE_LIMIT, SCORE_LIMIT)


def _in_progress(game: Game) -> bool:
    return game.phase is not Phase.OVER and bool(game.moves)
