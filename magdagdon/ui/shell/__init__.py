"""The shell: what the page does for each thing that happens to it, decided in pure Python (as
Tatham's midend decides for his front ends). An event comes in (a tap, a key, another tab's
storage, the page hidden, a dialog closed, what the browser says, a file read, work done) and
commands go out (:mod:`magdagdon.ui.commands`) for the browser layer to carry out: apply these
writes, say this, sound these cues, run these steps, share, copy, save, focus. The browser
layer binds, applies and adapts; it decides nothing.

Long work comes out as :class:`~magdagdon.ui.commands.Steps`: the page runs them in slices
between its own tasks and carries out what they give when done. What lands later is checked by
the parts against the game it was started for (the session's generation, the interface's
token).

>>> from magdagdon.store import MemoryStore
>>> shell = Shell(MemoryStore(), today=lambda: "2026-12-06", catalogs={"en": {"a": "b"}})
>>> [type(c).__name__ for c in shell.start()]  # (a first visit: the guide says its first step)
['Relabel', 'Apply', 'Announce', 'Steps', 'Steps']
>>> rolled = shell.tap({"action": "roll"}, None)
>>> ("body", "data-phase", "placing") in rolled[0].writes, rolled[1]
(True, Motion(animation='rolling', elements=('die:0', 'die:1', 'die:2', 'die:3')))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ...frame import FRAME_KEY, Frame
from ...i18n import FALLBACK, LANGUAGES, Catalog, Translator, pick_language, read_catalog
from ...records import ANSWERS_KEY, KEY_PREFIX, PRACTICE_KEY
from ...rules import SIZE
from ...session import Session
from ...share import LINK_PARAMETERS, read_link
from ...store import Store
from .. import Controller
from ..commands import Announce, Apply, Command, Dismiss, Feel, Focus, Motion, Relabel, Steps
from ..paint import Painter, Words
from ..paint.said import announcement, fixed, motion
from .framing import Framing
from .sharing import Sharing
from .work import WATCH_STEP_S, Work

__all__ = ["ARROWS", "LINK_PARAMETERS", "WATCH_STEP_S", "Shell"]

#: The arrow keys on the board: (rows, columns) moved.
ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}


class Shell(Work, Sharing, Framing):
    """The page's decisions over a store (see the module). ``wishes``: the address's link
    parameters; ``preferred``: the browser's languages; ``catalogs``: the catalogues read so
    far, ``read``: how another is read (by default from i18n/); ``keys``: the catalogue keys of the
    page's fixed words and labels by screen (``""`` the board's; ``"*"`` all of them);
    ``release``: this page's; ``page``: its address without a query; ``clock``: its clock (ms);
    ``digest``: a stored value's digest by its key (the page works it out faster);
    ``downloads``: whether this device saves a file where she finds it (a phone)."""

    def __init__(
        self,
        store: Store,
        *,
        today: Callable[[], str],
        wishes: Mapping[str, str] | None = None,
        preferred: Sequence[str] = (),
        catalogs: dict[str, Catalog] | None = None,
        read: Callable[[str], Catalog | None] | None = None,
        keys: tuple[Mapping[str, list[str]], Mapping[str, list[str]]] = ({}, {}),
        release: str | None = None,
        page: str = "",
        clock: Callable[[], float] = lambda: 0.0,
        digest: Callable[[str], str] | None = None,
        downloads: bool = False,
    ) -> None:
        self.today, self.preferred, self.release, self.page = today, list(preferred), release, page
        self.catalogs: dict[str, Catalog] = catalogs if catalogs is not None else {}
        self._read, self.keys, self.clock, self._digest = read or read_catalog, keys, clock, digest
        link = read_link(dict(wishes or {}), today())
        self.session = Session(
            store,
            today=today,
            languages=LANGUAGES,
            seed=link.seed,
            difficulty=link.difficulty,
            day=link.day,
            vs=link.vs,
        )
        self.ui = Controller(self.session, gift=link.gift, taps=link.opens)
        self.ui.puzzles.receive(link.puzzle)  # a friend's puzzle, in front of her game
        self.notices, self.downloads = list(link.notices), downloads
        #: The language chosen that the page speaks (None: the browser's).
        self._spoken = self.session.settings.language
        self.painter = Painter(self._words(self._spoken))
        self.errors: list[str] = []
        self._drawn_game, self._framed = self.ui.game, Frame.parse(self._stored(FRAME_KEY))
        self._frame_due = self._coaching = self._scanning = self._relabel = False
        self._watching, self._picture, self._throttle = 0, None, None
        self.touched = self.asleep = False  # (she tapped or pressed a key; the page hidden)

    # -- words -----------------------------------------------------------------------------------
    def _catalog(self, language: str) -> bool:
        """``language``'s catalogue, read once; False when it is missing or broken."""
        if language not in self.catalogs:
            self.catalogs[language] = self._read(language) or {}
        return bool(self.catalogs[language])

    def _words(self, choice: str | None) -> Words:
        self._catalog(FALLBACK)
        language = pick_language(choice or None, self.preferred)
        if not self._catalog(language):
            self.notices.append("catalog")
        return Words(Translator(self.catalogs, language), self.preferred)

    def relabel(self) -> Relabel:
        """The page's fixed words and labels in the language spoken now."""
        words = self.painter.words
        texts = fixed(words, [*self.keys[0].get("*", ()), *self.keys[1].get("*", ())])
        return Relabel(words.language, texts["app.title"], texts)

    # -- the page's life -------------------------------------------------------------------------
    def start(
        self,
        kept: Sequence[Mapping[str, object]] = (),
        painted: str | None = None,
        sheet: bool = False,
        updated: bool = False,
        says: tuple[bool, str, bool, bool] | None = None,
    ) -> list[Command]:
        """The page is wired: what the browser ``says`` (:meth:`browser`), its words, its first
        drawing, the notices a start tells, the taps and keys ``kept`` while Python started (on
        the first frame ``painted``, with its ``sheet`` or not), the update announced
        meanwhile (``updated``)."""
        if says is not None:
            self._guarded(self.ui.keeping.tell, *says)
        commands: list[Command] = [self.relabel(), *self.refresh()]
        commands += [self._notice(f"notice.{code}") for code in self.notices]
        self.notices = []
        if kept:
            commands += self.kept(kept, painted, sheet)
        if updated:
            commands += self.update()
        from ...ahead import steps

        ahead = steps(self.session.records.store)
        return [*commands, Steps("ahead", ahead, then=self._ahead, pace="idle-each")]

    def _ahead(self) -> list[Command]:
        """The work ahead done (for the tests and the benchmarks: ``body[data-ahead]``), and the
        browser's audio made ahead, suspended, when sound is on."""
        done: list[Command] = [Apply((("body", "data-ahead", "done"),))]
        return [*done, Feel((), prepare=True)] if self.session.settings.sound else done

    def kept(
        self, taps: Sequence[Mapping[str, object]], painted: str | None, sheet: bool
    ) -> list[Command]:
        """The taps and keys kept while Python started, carried out in order as if made now:
        on the first frame of her game only while what is drawn is what that frame showed
        (else dropped, and the status line says so); on the plain start, only ROLL is kept."""
        if painted is not None and not self._holds(painted, sheet):
            self.ui.games.dropped()
            return self.refresh()
        for tap in taps:
            key = tap.get("key")
            if isinstance(key, str):
                self._guarded(self.ui.key, key)
            else:
                self._guarded(self._tap, {k: v for k, v in tap.items() if isinstance(v, str)}, None)
        return self.refresh()

    def _holds(self, painted: str, sheet: bool) -> bool:
        """Whether the first frame painted (its record; ``sheet``: with its sheet) is what is
        drawn now (its sheet compared only where it was painted)."""
        frame, now = Frame.parse(painted), self.painter.screen(sheet=sheet)
        return frame is not None and frame.screen_on(self.today(), sheet) == now

    # -- events ----------------------------------------------------------------------------------
    def tap(self, tap: Mapping[str, str | None], at: float | None) -> list[Command]:
        """A tap on a cell, a die or a button (its ``cell``, ``die``, ``action``, ``value``),
        made ``at`` (the page's clock, ms; None: not known)."""
        self.touched = True
        self.ui.touched(False)
        if tap.get("action") == "dismiss":  # (a notice's close button: the notice goes)
            return [Dismiss()]
        self._guarded(self._tap, tap, at)
        return self.refresh()

    def _tap(self, tap: Mapping[str, str | None], at: float | None) -> None:
        cell, die, action = tap.get("cell"), tap.get("die"), tap.get("action")
        if cell is not None and cell.isdigit():
            self.ui.tap_cell(int(cell))
        elif die is not None and die.isdigit():
            self.ui.tap_die(int(die))
        elif action is not None:
            value = tap.get("value")
            self.ui.press(action, value, at)

    def key(self, key: str, cell: str | None = None) -> tuple[bool, list[Command]]:
        """A key pressed outside text fields, on the cell ``cell`` (its number) or elsewhere:
        whether it was handled (the page then keeps it from the browser), and what follows."""
        self.touched = True
        if key in ARROWS and cell is not None and cell.isdigit():
            row, column = divmod(int(cell), SIZE)
            rows, columns = ARROWS[key]
            target = ((row + rows) % SIZE) * SIZE + (column + columns) % SIZE
            return True, [Focus(f"cell:{target}")]
        if key in (" ", "Enter"):
            return False, []  # (buttons answer these themselves)
        handled: list[bool] = []
        self._guarded(lambda: handled.append(self.ui.key(key)))
        if not any(handled):
            return False, self._logs()
        commands = self.refresh()
        cells = self.ui.highlighted()
        if self.ui.dialog is None and cells and cell is None:
            commands.append(Focus(f"cell:{cells[0]}"))
        return True, commands

    def touch(self, down: bool) -> None:
        """A finger touched the screen (``down``), or its touch was given up."""
        self.ui.touched(down)

    def closed(self, name: str) -> list[Command]:
        """The browser closed dialog ``name`` (Esc, or its form)."""
        if self.ui.dialog == name and self.painter.closed(name):
            self._guarded(self.ui.press, "close")
            return self.refresh()
        return []

    def storage(self, key: str | None) -> list[Command]:
        """Another tab of the game wrote ``key`` (None: cleared the storage): follow it."""
        if key == FRAME_KEY or (key is not None and not key.startswith(KEY_PREFIX)):
            return []
        self._guarded(self.ui.games.follow, key)
        if key in (None, PRACTICE_KEY):
            self._guarded(self.ui.practice.follow)
        if key in (None, ANSWERS_KEY):
            self._guarded(self.ui.puzzles.follow)
        self._guarded(self.ui.keeping.follow, key)
        return self.refresh()

    def hidden(self, hidden: bool) -> list[Command]:
        """The page hidden (or shown again): a frame due is kept at once (she may be leaving
        for good); the sound sleeps while hidden."""
        self.asleep = hidden
        if hidden and self._frame_due:
            self._guarded(lambda: list(self._frame_steps()))
        return [*self._logs(), Feel((), suspend=hidden, resume=not hidden)]

    def update(self) -> list[Command]:
        """A new release is installed and waiting: offer it (she chooses when)."""
        return [self._notice("update.ready", "update", "update.reload")]

    def browser(self, installed: bool, how: str, promised: bool, safari: bool) -> list[Command]:
        """What the browser says (installed, how it installs, its promise to keep the data)."""
        self._guarded(self.ui.keeping.tell, installed, how, promised, safari)
        return self.refresh()

    # -- drawing ---------------------------------------------------------------------------------
    def refresh(self) -> list[Command]:
        """Draw the view, then what just happened: motion and words, sounds, the work the
        effects ask for, the notices, the first frame of the next open kept when idle."""
        choice = self.session.settings.language
        if choice != self._spoken:  # (chosen in SETTINGS, by a backup restored, in another tab)
            self._spoken, self._relabel = choice, True
            self.painter.set_words(self._words(choice))
        view = self.ui.view()
        commands: list[Command] = [self.relabel()] if self._relabel else []
        self._relabel = False
        commands.append(Apply(tuple(self.painter.draw(view))))
        self.ui.drawn(self.clock(), view.controls)
        effects = self.ui.take_effects()
        commands += [Motion(name, names) for name, names in motion(view, effects)]
        said = announcement(self.painter.words, view, effects, self.painter.news)
        self.painter.news = None
        if said is not None:
            commands.append(Announce(said.text, said.fresh))
        before, self._drawn_game = self._drawn_game, view.game
        if effects and self.touched:  # (sounds right after the page is drawn: the tap first)
            sound = self._sound_steps()
            commands.append(Steps("feel", sound, then=lambda: self._feel(effects, before)))
        commands += [job for effect in dict.fromkeys(effects) for job in self._jobs(effect)]
        if self.ui.hints.coach_wanted and not self._coaching:
            self._coaching = True
            commands.append(Steps("coach", self.ui.hints.coach_steps(), then=self._coached))
        commands += [self._notice(f"notice.{code}") for code in self.session.take_notices()]
        if not self._frame_due:
            self._frame_due = True
            commands.append(Steps("frame", self._frame_steps(), pace="idle"))
        return [*commands, *self._picture_ahead(), *self._logs()]

    def _coached(self) -> list[Command]:
        self._coaching = False
        return self.refresh()
