"""The two games kept between visits, each in its place (a :class:`Slot`): the ordinary game
under :data:`~magdagdon.records.GAME_KEY` and the daily roll under
:data:`~magdagdon.records.DAILY_KEY`; and the games a link or a button asks for (:class:`Wish`).

A slot's stored text is the saved game (:meth:`magdagdon.game.Game.to_dict`) with what the slot
adds; :func:`slot_of` reads it back (``ValueError`` for anything that is not one).

>>> from magdagdon.game import Game
>>> from magdagdon.records import GAME_KEY
>>> slot = Slot(Game.new(Difficulty.SURVIVAL, 7).apply("roll"), vs=120)
>>> slot_of(GAME_KEY, json.loads(slot.to_json(front=True)))[0] == slot
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import NamedTuple

from .game import FORMAT, SCORE_LIMIT, Game, Phase
from .records import DAILY_KEY, GAME_KEY, is_date
from .rules import Difficulty, is_whole
from .store import Keeper, load_json

__all__ = ["Slot", "Slots", "OnScreen", "Wish", "slot_of", "in_progress"]


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
        return in_progress(self.game)


def slot_of(key: str, data: object) -> tuple[Slot, bool]:
    """The game kept under ``key`` (its parsed JSON ``data``) and whether it was on screen;
    ``ValueError`` when it is not a game (or not a daily roll, under :data:`DAILY_KEY`)."""
    game = Game.from_dict(data)
    assert isinstance(data, dict)  # (Game.from_dict takes nothing else)
    vs = data.get("vs")
    slot = Slot(game, _coach_of(data, game), vs if is_score(vs) else None)
    if key != DAILY_KEY:
        return slot, True
    from .daily import is_daily

    day, practice, done = data.get("day"), data.get("practice"), data.get("done")
    if not (is_daily(day, game.difficulty, game.seed) and practice in (True, False)):
        raise ValueError("not a daily roll")
    slot.day, slot.practice = day, practice
    slot.done = done if isinstance(done, str) and len(done) == 10 and is_date(done) else None
    return slot, data.get("front") is True


def _coach_of(data: dict[str, object], game: Game) -> int | None:
    """The coach's score saved with a finished game (None: not known, or not valid)."""
    coach = data.get("coach")
    return coach if game.is_over and isinstance(coach, int) and is_score(coach) else None


def is_score(value: object) -> bool:
    return is_whole(value, -SCORE_LIMIT, SCORE_LIMIT)


def in_progress(game: Game) -> bool:
    """A game begun and not over (a new game would throw it away)."""
    return game.phase is not Phase.OVER and bool(game.moves)


class Slots:
    """The two games kept between visits, each under its key through the store's
    :class:`~magdagdon.store.Keeper`, and which of them is on screen (:attr:`front`). A game
    that cannot be read at the start is noted in ``notices`` (and left alone if a newer
    release wrote it); another tab's game is taken by :meth:`follow`."""

    def __init__(self, keeper: Keeper, notices: list[str]) -> None:
        self.keeper = keeper
        self.ordinary: Slot | None = self._load(GAME_KEY, notices)[0]
        self.daily, on_screen = self._load(DAILY_KEY, notices)
        self.front: Slot | None = self.daily if on_screen else self.ordinary
        #: A practice position on screen (:mod:`magdagdon.practice`), and the place whose game
        #: it stands in front of: kept in memory only.
        self.drill: Slot | None = None
        self.behind: Slot | None = None

    def _read(self, key: str) -> tuple[Slot, bool] | None:
        """The game kept under ``key`` and whether it was on screen (None: nothing there);
        ``ValueError`` when what is there is not one."""
        raw = self.keeper.text(key)
        return None if raw is None else slot_of(key, load_json(raw))

    def _load(self, key: str, notices: list[str]) -> tuple[Slot | None, bool]:
        raw = self.keeper.text(key)
        if raw is None:
            return None, False
        data = None
        try:
            data = load_json(raw)
            return slot_of(key, data)
        except ValueError:
            if isinstance(data, dict) and data.get("format") == FORMAT:
                self.keeper.guard_newer(key, data)  # a newer release's game
            notices.append("dropped-daily" if key == DAILY_KEY else "dropped-game")
            return None, False

    @property
    def shown(self) -> Slot:
        """The place of the game on screen (there is one once the session is made)."""
        assert self.front is not None  # (set by the session's start, never None again)
        return self.front

    def save(self) -> None:
        """The game on screen written to its place (the daily's says it is on screen); a
        practice position is kept nowhere."""
        front = self.shown
        if front is self.drill:
            return
        key = DAILY_KEY if front is self.daily else GAME_KEY
        self.keeper.write(key, front.to_json(front=True))

    def show(self, slot: Slot) -> bool:
        """Put ``slot``'s game on screen (the daily kept then says whether it is); whether
        that changed the game on screen."""
        if slot is self.front:
            return False
        self.front = slot
        if self.daily is not None and slot is not self.daily:
            self.keeper.write(DAILY_KEY, self.daily.to_json(front=False))
        return True

    def practise(self, game: Game) -> None:
        """Put the practice position ``game`` on screen, in front of the game there."""
        if self.front is not self.drill:
            self.behind = self.front
        self.drill = self.front = Slot(game)

    def end_practice(self) -> bool:
        """The game the practice position stood in front of back on screen; whether one was."""
        if self.drill is None or self.front is not self.drill:
            return False
        self.front, self.drill = self.behind or self.ordinary, None
        return True

    def follow(self, key: str) -> None:
        """Take the game another tab wrote under ``key`` (removed or unusable there: keep ours,
        saved again with the next move); on screen here when it is there."""
        try:
            read = self._read(key)
        except ValueError:
            read = None
        if read is None:
            return
        slot, front = read
        if key == GAME_KEY:
            if self.front is self.ordinary:
                self.front = slot
            if self.behind is self.ordinary:
                self.behind = slot
            self.ordinary = slot
            return
        if self.front is not self.drill and (front or self.front is self.daily):
            self.front = slot if front else (self.ordinary or slot)
        if self.behind is self.daily:
            self.behind = slot
        self.daily = slot


class OnScreen:
    """The game on screen and what its slot says of it (the session's: :attr:`slots` and
    :attr:`generation`, which every change of the game on screen moves on)."""

    slots: Slots
    generation: int

    @property
    def game(self) -> Game:
        return self.slots.shown.game

    @game.setter
    def game(self, game: Game) -> None:
        self.slots.shown.game = game
        self.generation += 1

    @property
    def coach(self) -> int | None:
        """The coach's score on the finished game's dice, once worked out (saved with it)."""
        return self.slots.shown.coach

    @coach.setter
    def coach(self, score: int | None) -> None:
        self.slots.shown.coach = score

    @property
    def vs(self) -> int | None:
        """The score a challenge link asked to beat in the game on screen (None: none)."""
        return self.slots.shown.vs

    @property
    def day(self) -> str | None:
        """The day of the daily roll on screen (None: the ordinary game is)."""
        return self.slots.shown.day

    @property
    def practice(self) -> bool:
        """The daily roll on screen is practice, not the day's official game."""
        return self.slots.shown.practice

    @property
    def daily(self) -> Slot | None:
        """The daily roll kept (on screen or not)."""
        return self.slots.daily

    @property
    def drilling(self) -> bool:
        """A practice position is on screen (:meth:`Slots.practise`)."""
        return self.slots.front is not None and self.slots.front is self.slots.drill

    def practise(self, game: Game) -> None:
        """Put the practice position ``game`` on screen (kept nowhere; the games kept stay)."""
        self.slots.practise(game)
        self.generation += 1

    def end_practice(self) -> bool:
        """Back from practice to the game it stood in front of; whether practice was on."""
        if not self.slots.end_practice():
            return False
        self.generation += 1
        return True

    @property
    def in_progress(self) -> bool:
        """Whether a new ordinary game would throw away one the player has started (a daily
        roll on screen is kept apart: only the ordinary game's place counts)."""
        ordinary = self.slots.ordinary
        return ordinary is not None and ordinary.in_progress
