"""Wiring only (like 2048's application.js): storage, translator, session, controller,
renderer, and one delegated listener per event type that turns DOM events into meaning."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, ParamSpec

from pyodide.ffi import create_once_callable
from pyscript import window
from pyscript.ffi import create_proxy, to_js

from magdagdon.effects import Effect, Shake
from magdagdon.frame import FRAME_KEY, FRAME_KEYS, SHEET_KEYS, Frame, digest, element_selector, keep
from magdagdon.game import Game
from magdagdon.i18n import FALLBACK, LANGUAGES, Catalog, Translator, load_catalog, pick_language
from magdagdon.records import KEY_PREFIX, PRACTICE_KEY
from magdagdon.rules import SIZE
from magdagdon.session import Session
from magdagdon.share import LINK_PARAMETERS, Link, read_link
from magdagdon.store import StoreError
from magdagdon.ui import DIALOGS, Controller, opened
from magdagdon.ui.controls import Held
from magdagdon.ui.paint.first import frame_steps
from magdagdon.web.render import Renderer, attr, missing
from magdagdon.web.storage import LocalStore

if TYPE_CHECKING:
    from pyodide.ffi import JsDoubleProxy

    from magdagdon.web.audio import Sound

P = ParamSpec("P")

I18N = Path("i18n")
WATCH_STEP_S = 0.7
#: The most of the page's thread that long work (the coach, the review) takes before the
#: browser gets it back for its own tasks (a tap first): half a frame.
SLICE_S = 0.008
ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}


def _load_catalog(catalogs: dict[str, Catalog], language: str) -> bool:
    """Load ``language``'s catalogue into ``catalogs`` once (only the languages in use are
    read); False when it is missing or broken (English then stands in for it)."""
    if language not in catalogs:
        try:
            catalogs[language] = load_catalog((I18N / f"{language}.json").read_text("utf-8"))
        except (OSError, ValueError):
            catalogs[language] = {}
            return False
    return bool(catalogs[language])


def _today() -> str:
    """The player's local date, ISO (the browser knows the time zone; no datetime import)."""
    now = window.Date.new()
    return f"{now.getFullYear():04d}-{now.getMonth() + 1:02d}-{now.getDate():02d}"


def _release() -> str | None:
    """This page's release (tools/build.py stamps it; None: the page of the sources)."""
    meta = window.document.querySelector('meta[name="magdagdon-release"]')
    return None if missing(meta) else str(meta.content)


def _keys_of(selector: str, name: str) -> list[str]:
    """The catalogue keys the elements ``selector`` finds name in their dataset's ``name``."""
    return [str(getattr(el.dataset, name)) for el in window.document.querySelectorAll(selector)]


def _screens_keys(selector: str, name: str) -> dict[str, list[str]]:
    """The catalogue keys of the elements ``selector`` finds, of the board screen ("") and of
    each dialog."""
    screens = {"": ".app", **{d: element_selector(f"dialog:{d}") for d in DIALOGS}}
    return {screen: _keys_of(f"{css} {selector}", name) for screen, css in screens.items()}


def _read_link() -> Link:
    """What the address asks for (:func:`magdagdon.share.read_link`): a game's dice, a daily
    roll, a score to beat, the birthday card (``?gift``).

    Each is taken once: the parameters are then removed from the address, so that a reload
    resumes the game instead of starting it again (and the card is not shown again)."""
    params = window.URLSearchParams.new(window.location.search)
    wishes = {name: str(params.get(name)) for name in LINK_PARAMETERS if params.has(name)}
    link = read_link(wishes, _today())
    if wishes:
        for name in LINK_PARAMETERS:
            params.delete(name)
        query = params.toString()
        url = window.location.pathname + (f"?{query}" if query else "") + window.location.hash
        window.history.replaceState(None, "", url)
    return link


def _digests() -> dict[str, str]:
    """The digests of the values stored under SHEET_KEYS (:func:`magdagdon.frame.digest`,
    worked out by the page's first script, in JavaScript, where it is there)."""
    worked = getattr(window, "magdagdonDigest", None)
    if worked is not None:
        return {key: str(worked(key)) for key in SHEET_KEYS}
    try:
        stored = [window.localStorage.getItem(key) for key in SHEET_KEYS]
    except Exception:  # (no storage: no frame is kept either)
        stored = [None] * len(SHEET_KEYS)
    return {
        key: digest(v if isinstance(v, str) else None)
        for key, v in zip(SHEET_KEYS, stored, strict=True)
    }


def _taps_first(ms: int = 50) -> Any:
    """A promise kept ``ms`` after the next frame (at most 100 ms + ``ms``: a hidden page draws
    none): the browser hands the page the taps made while Python worked before it is kept."""

    def wait(resolve: Any, _reject: Any) -> None:
        window.requestAnimationFrame(create_once_callable(lambda _: window.setTimeout(resolve, ms)))
        window.setTimeout(resolve, 100 + ms)

    return window.Promise.new(create_once_callable(wait))


async def _in_steps(
    steps: Iterator[bool | None], at_mark: Callable[[], Awaitable[object]] | None = None
) -> None:
    """Runs a part's ``steps`` in slices of about SLICE_S of the page's thread, handing the
    browser its own tasks (the taps first) between slices. A step that yields True is a mark:
    ``at_mark`` is awaited there (the hint's: a frame and the taps made meanwhile, before it
    lands; the review's: a redraw)."""
    deadline = time.perf_counter() + SLICE_S
    for mark in steps:
        if mark is True and at_mark is not None:
            await at_mark()
        elif time.perf_counter() < deadline:
            continue
        else:
            await asyncio.sleep(0)
        deadline = time.perf_counter() + SLICE_S


def _idle() -> Any:
    """A promise kept in the page's next idle period (within a second, busy or not); where the
    browser tells none (WebKit), after a short pause."""
    told = getattr(window, "requestIdleCallback", None) is not None

    def wait(resolve: Any, _reject: Any) -> None:
        if told:  # (called on window: a browser's method refuses to run detached)
            window.requestIdleCallback(resolve, to_js({"timeout": 1000}))
        else:
            window.setTimeout(resolve, 50)

    return window.Promise.new(create_once_callable(wait))


class Picture(NamedTuple):
    """The picture SHARE hands over: what it is of (:meth:`App._picture_key`), its PNG
    ``File``, an address of it to save it from, and its file's name."""

    key: tuple[object, ...]
    file: Any
    url: str
    name: str


class App:
    def __init__(self) -> None:
        self.catalogs: dict[str, Catalog] = {}
        _load_catalog(self.catalogs, FALLBACK)
        link = _read_link()
        notices = list(link.notices)
        self.session = Session(
            LocalStore(window),
            today=_today,
            languages=LANGUAGES,
            seed=link.seed,
            difficulty=link.difficulty,
            day=link.day,
            vs=link.vs,
        )
        self.ui = Controller(self.session, gift=link.gift, taps=link.opens)
        language = pick_language(self.session.settings.language, list(window.navigator.languages))
        if not _load_catalog(self.catalogs, language):
            notices.append("catalog")
        self.renderer = Renderer(window, Translator(self.catalogs, language))
        self.renderer.translate_static()
        self.pending_notices = notices + self.session.take_notices()
        self._proxies: list[JsDoubleProxy[Callable[[Any], object]]] = []
        self._tasks: set[asyncio.Future[None]] = set()  # (a task must not vanish before it ends)
        self._coaching = False
        self._watching = 0
        self._scanning = False
        #: The sounds and vibration (magdagdon.web.audio), made once the player has tapped or
        #: pressed a key (a browser lets audio start only then), and the game last drawn.
        self._sound: Sound | None = None
        self._touched = False
        self._drawn_game = self.ui.game
        #: The first frame last kept for the next open, and whether keeping one is due.
        self._framed, self._frame_due = Frame.parse(self._stored(FRAME_KEY)), False
        #: The finished game's picture (what it is of, and the work that makes it).
        self._picture: tuple[tuple[object, ...], asyncio.Future[Picture | None]] | None = None
        #: The catalogue keys of the fixed words and aria labels, by screen.
        self._words = (
            _screens_keys("[data-i18n]", "i18n"),
            _screens_keys("[data-i18n-aria]", "i18nAria"),
        )

    def listen(self, target: Any, event: str, handler: Callable[[Any], object]) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        target.addEventListener(event, proxy)

    def start(self) -> None:
        doc = window.document
        self.listen(doc, "click", self.on_click)
        self.listen(doc, "pointerdown", lambda _: self.ui.touched())
        self.listen(doc, "pointercancel", lambda _: self.ui.touched(False))
        self.listen(doc, "keydown", self.on_key)
        self.listen(doc, "magdagdon:update", self.on_update)
        self.listen(doc, "magdagdon:browser", self.on_browser)
        self.listen(window, "storage", self.on_storage)
        self.listen(doc, "visibilitychange", self.on_visibility)
        self.listen(doc.querySelector("[data-import-file]"), "change", self.on_file)
        for dialog in doc.querySelectorAll("dialog"):
            self.listen(dialog, "close", self.on_dialog_closed)
        self._tell()
        self.refresh()
        for code in self.pending_notices:
            self.renderer.notice(f"notice.{code}")
        self._carry_out_kept()
        if attr(doc.body, "data-update") == "ready":  # announced before Python was ready
            self.on_update(None)
        doc.body.dataset.ready = "true"
        self._run(self._mount_stdlib())
        self._run(self._ahead())

    # -- events ----------------------------------------------------------------------------------

    def on_visibility(self, _event: Any) -> None:
        """A hidden page makes no sound (and wakes again when shown); its first frame for the
        next open is kept at once if it was due (she may be leaving for good)."""
        if window.document.hidden and self._frame_due:
            self.guarded(lambda: list(self._frame_steps()))
        if self._sound is not None:
            if window.document.hidden:
                self._sound.suspend()
            else:
                self._sound.resume()

    def on_click(self, event: Any) -> None:
        self._touched = True
        self.ui.touched(False)
        origin = event.target
        if missing(origin) or not hasattr(origin, "closest"):
            return
        target = origin.closest("[data-action],[data-cell],[data-die]")
        if missing(target) or getattr(target, "disabled", False):
            return
        self.guarded(self._dispatch, target, float(event.timeStamp))

    def _dispatch(self, target: Any, at: float) -> None:
        """A tap on ``target``; ``at`` is when the finger touched (the event's time, which
        may be well before Python handles it): a button that had only just appeared there
        ignores it (:meth:`magdagdon.ui.Controller.held`)."""
        action = attr(target, "data-action")
        if action == "dismiss":
            target.closest(".notice").remove()
            return
        if action == "import-go":  # the code pasted (or the file's text read into it)
            self.ui.press(action, window.document.querySelector("[data-import-code]").value, at)
        else:
            tap = {"cell": attr(target, "data-cell"), "die": attr(target, "data-die")}
            self._tap(tap | {"action": action, "value": attr(target, "data-value")}, at)
        self.refresh()

    def _tap(self, tap: dict[str, str | None], at: float | None) -> None:
        """A tap on a cell, a die or a button (``tap``: its data-cell, data-die, data-action
        and data-value, each None where it has none) made ``at`` (None: not known)."""
        cell, die, action = tap.get("cell"), tap.get("die"), tap.get("action")
        if cell is not None and cell.isdigit():
            self.ui.tap_cell(int(cell))
        elif die is not None and die.isdigit():
            self.ui.tap_die(int(die))
        elif action is not None:
            value = tap.get("value")
            self.ui.press(action, value, at)
            if action == "language":
                self.set_language(value or "")

    def _carry_out_kept(self) -> None:
        """The taps and keys kept (static/boot.js) while Python started, carried out in order
        as if made now: on the first frame of her game (index.html painted it) only while
        what Python drew is what that frame showed (else dropped, and the status line says
        so); on the plain start, only ROLL is kept."""
        kept = getattr(window, "magdagdonKept", None)
        if kept is None:
            return
        taps = json.loads(str(window.JSON.stringify(kept)))
        window.magdagdonKept = None
        for el in window.document.querySelectorAll(".queued"):
            el.classList.remove("queued")
            el.removeAttribute("aria-busy")
        if not taps:
            return
        painted = getattr(window, "magdagdonFrame", None)
        if isinstance(painted, str) and not self._holds(painted):
            self.ui.games.dropped()
        else:
            for tap in taps:
                if isinstance(tap, dict) and isinstance(tap.get("key"), str):
                    self.guarded(self.ui.key, tap["key"])
                elif isinstance(tap, dict):
                    self.guarded(self._tap, tap, None)
        self.refresh()

    def _holds(self, painted: str) -> bool:
        """Whether the first frame painted (``painted``, its record) is what Python drew."""
        frame = Frame.parse(painted)
        if frame is None:
            return False
        sheet = getattr(window, "magdagdonSheet", False) is True
        return frame.screen_on(_today(), sheet) == self.renderer.screen(sheet=sheet)

    def on_key(self, event: Any) -> None:
        if event.ctrlKey or event.metaKey or event.altKey or event.defaultPrevented:
            return
        key = str(event.key)
        self._touched = True
        target = event.target
        has_attributes = not missing(target) and hasattr(target, "getAttribute")
        cell = attr(target, "data-cell") if has_attributes else None
        if key in ARROWS and cell is not None and cell.isdigit():
            event.preventDefault()
            row, column = divmod(int(cell), SIZE)
            d_row, d_column = ARROWS[key]
            target = ((row + d_row) % SIZE) * SIZE + (column + d_column) % SIZE
            window.document.querySelector(f'[data-cell="{target}"]').focus()
            return
        if key in (" ", "Enter") or str(getattr(target, "tagName", "")) in ("INPUT", "TEXTAREA"):
            return  # buttons answer these themselves
        handled: list[bool] = []
        self.guarded(lambda: handled.append(self.ui.key(key)))
        if any(handled):
            event.preventDefault()
            self.refresh()
            if self.ui.dialog is None:
                self.focus_board()

    def focus_board(self) -> None:
        """Keyboard play: bring the focus to the first highlighted cell, unless it is on the
        board already (then the arrow keys move it)."""
        cells = self.ui.highlighted()
        active = window.document.activeElement
        on_board = not missing(active) and attr(active, "data-cell") is not None
        if cells and not on_board:
            window.document.querySelector(f'[data-cell="{cells[0]}"]').focus()

    def on_dialog_closed(self, event: Any) -> None:
        # Esc or the close button: the controller must know the dialog is gone.
        if event.target.open:  # a late event: the dialog was opened again since it closed
            return
        name = str(event.target.id).removeprefix("dialog-")
        if self.ui.dialog == name and self.renderer.dialog_closed(name):
            self.guarded(self.ui.press, "close")
            self.refresh()

    def set_language(self, choice: str) -> None:
        language = pick_language(choice or None, list(window.navigator.languages))
        if not _load_catalog(self.catalogs, language):
            self.renderer.notice("notice.catalog")
        self.renderer.set_translator(Translator(self.catalogs, language))

    def on_storage(self, event: Any) -> None:
        """Another tab of the game wrote to localStorage: follow it (last action wins)."""
        key = event.key if isinstance(event.key, str) else None  # null: storage cleared
        if key == FRAME_KEY or (key is not None and not key.startswith(KEY_PREFIX)):
            return
        self.guarded(self.ui.games.follow, key)
        if key in (None, PRACTICE_KEY):
            self.guarded(self.ui.practice.follow)
        self.guarded(self.ui.keeping.follow, key)
        self.refresh()

    def on_update(self, _event: Any) -> None:
        """A new release is installed and waiting: offer it (the player chooses when)."""
        self.renderer.notice("update.ready", "update", "update.reload")

    def _tell(self) -> None:
        """What the browser says (static/boot.js: installed, how it installs, its promise)."""
        says = getattr(window, "magdagdonBrowser", None)
        if says is None or missing(says):
            return
        it = says()
        self.ui.keeping.tell(bool(it.installed), str(it.how), bool(it.promised), bool(it.safari))

    def on_browser(self, _event: Any) -> None:
        """The browser said something new (its install prompt kept or used, installed, its
        promise to keep the data): the invitation follows."""
        self.guarded(self._tell)
        self.refresh()

    def refresh(self) -> None:
        """Draw the controller's view, then what just happened: motion and words, sounds, and
        the page's own jobs (:meth:`_jobs`)."""
        view = self.ui.view()
        self.renderer.draw(view)
        self.ui.drawn(window.performance.now(), view.controls)
        effects = self.ui.take_effects()
        self.renderer.play_effects(view, effects)
        before, self._drawn_game = self._drawn_game, view.game
        if effects and self._touched:
            self._run(self._feel(effects, before))
        jobs = self._jobs()
        for effect in dict.fromkeys(effects):
            if effect in jobs:
                jobs[effect]()
        if self.ui.hints.coach_wanted and not self._coaching:
            self._coaching = True
            self._run(self._coach())
        for code in self.session.take_notices():
            self.renderer.notice(f"notice.{code}")
        if not self._frame_due:
            self._frame_due = True
            self._run(self._frame_later())
        self._picture_ahead()

    # -- the first frame of the next open ----------------------------------------------------------
    def _stored(self, key: str) -> str | None:
        try:
            return self.session.records.store.get(key)
        except StoreError:
            return None

    async def _frame_later(self) -> None:
        """The first frame of the next open kept in an idle period after a redraw, in steps of
        the page's thread (at once if the page is hidden first: :meth:`on_visibility`)."""
        await _idle()
        if not self._frame_due:
            return
        start = window.performance.now()
        try:
            await _in_steps(self._frame_steps())
        except Exception as error:  # shown in the console; the next open starts plainly
            window.console.error(f"MAGDAGDON/frame: {type(error).__name__}: {error}")
        # (the last one's time, a measure the benchmarks and the browser's tools read)
        window.performance.clearMeasures("magdagdon:frame")
        window.performance.measure("magdagdon:frame", to_js({"start": start}))

    def _frame_steps(self) -> Iterator[None]:
        """Keep what a fresh start would draw for the values stored now (magdagdon/frame.py),
        unless the frame kept already is that; not if they changed while it was made (the
        redraw that changed them keeps another)."""
        self._frame_due = False
        stored = {key: self._stored(key) for key in FRAME_KEYS}
        today, release = _today(), _release()
        preferred = [str(tag) for tag in window.navigator.languages]
        kept = self._framed
        if kept is not None and kept.holds(
            stored,
            day=today,
            release=release,
            languages=",".join(preferred),
            digests=_digests() if kept.digests else None,
        ):
            return
        settings = self.session.settings  # (the stored settings' language, loaded)
        _load_catalog(self.catalogs, pick_language(settings.language, preferred))
        frame = yield from frame_steps(
            stored,
            today=today,
            release=release,
            preferred=preferred,
            catalogs=self.catalogs,
            words=self._words[0],
            labels=self._words[1],
            sheet=lambda dialog: opened(self.ui, dialog),
            digests=_digests,
        )
        if all(self._stored(key) == stored[key] for key in FRAME_KEYS):
            keep(self.session.keeper, frame)
            self._framed = frame

    def _jobs(self) -> dict[Effect, Callable[[], object]]:
        """What the page does for each effect that asks it for something."""
        doc = window.document
        return {
            Effect.SHARE: lambda: self._run(self.share()),
            Effect.THINK: lambda: self._run(self._think()),
            Effect.WATCH_PLAY: lambda: self._run(self._watch()),
            Effect.REVIEW: lambda: self._run(self._worked(self.ui.review.steps(), "review")),
            Effect.PRACTICE: lambda: self._run(self._worked(self.ui.practice.steps(), "practice")),
            Effect.PRACTICE_SCAN: self._scan,
            Effect.IMPORT: lambda: self._run(self._import()),
            Effect.FOCUS_IMPORT: lambda: doc.querySelector("[data-import-code]").focus(),
            Effect.COPY_CODE: lambda: self._run(self._copy(self.ui.backup.code or "")),
            Effect.DOWNLOAD: lambda: self._download(self._backup_file()),
            Effect.UPDATE: lambda: window.magdagdonTakeOver(),
            Effect.INSTALL: lambda: window.magdagdonInstall(),
            Effect.BACKUP_NOW: self._backup_now,
        }

    def _run(self, job: Awaitable[None]) -> None:
        task = asyncio.ensure_future(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _feel(self, effects: list[Effect | Shake | Held], before: Game) -> None:
        """The sounds and vibration of what just happened, right after the page is drawn:
        the tap is answered first."""
        self.guarded(self._play_feel, effects, before)

    def _play_feel(self, effects: list[Effect | Shake | Held], before: Game) -> None:
        """magdagdon.sounds picks the cues; audio wakes here on its first use (within the
        tap's user activation), never at the start."""
        settings = self.session.settings
        if not (settings.sound or settings.vibration):
            return
        from magdagdon.sounds import cues
        from magdagdon.web.audio import Sound

        if self._sound is None:
            self._sound = Sound(window)
        sound = self._sound
        sound.unlock(sound=settings.sound)
        new_best = Effect.OVER in effects and self.session.rank() == 1
        heard = [effect for effect in effects if not isinstance(effect, Held)]  # (no cue)
        played = cues(heard, before, self.ui.game, new_best=new_best)
        sound.play(played, sound=settings.sound, vibration=settings.vibration)

    async def _think(self) -> None:
        """HINT: let the page show that the coach thinks, then ask it, in slices of the
        coach's steps (taps made meanwhile are handled first, and a changed game drops the
        hint); once worked out, it lands after a frame and the taps made meanwhile."""
        await asyncio.sleep(0.05)
        try:
            await _in_steps(self.ui.hints.think_steps(), _taps_first)
        except StoreError:
            pass
        except Exception as error:  # shown in the console; the hint is not shown
            window.console.error(f"MAGDAGDON: {type(error).__name__}: {error}")
        self.refresh()

    async def _coach(self) -> None:
        """The coach plays the finished game's dice in slices of its steps, so that the page
        answers taps all along; the game-over screen then shows its score."""
        try:
            await _in_steps(self.ui.hints.coach_steps())
        except Exception as error:  # shown in the console; not tried again on this visit
            window.console.error(f"MAGDAGDON/coach: {type(error).__name__}: {error}")
            return
        self._coaching = False
        self.refresh()

    async def _worked(self, steps: Iterator[bool], name: str) -> None:
        """Work a part's ``steps`` out in slices of the coach's steps (taps are answered in
        between), the page redrawn after each piece of work done (REVIEW: a decision priced;
        PRACTISE: an answer graded, a finished game looked at)."""

        async def redraw() -> None:
            self.refresh()
            await asyncio.sleep(0)

        try:
            await _in_steps(steps, redraw)
        except Exception as error:  # shown in the console; the work stays as far as it got
            window.console.error(f"MAGDAGDON/{name}: {type(error).__name__}: {error}")
        self.refresh()

    def _scan(self) -> None:
        """The latest finished games looked at for positions to practise (one look at a
        time)."""
        if self._scanning:
            return
        self._scanning = True

        async def scan() -> None:
            try:
                await self._worked(self.ui.practice.scan_steps(), "practice-scan")
            finally:
                self._scanning = False

        self._run(scan())

    async def _import(self) -> None:
        """RESTORE: the backup's games checked in slices of a game or more (taps are answered
        in between), then merged in and what came of it said."""
        try:
            await _in_steps(self.ui.backup.import_steps())
        except Exception as error:  # shown in the console; a restore can be tried again
            self.ui.backup.pending = None
            window.console.error(f"MAGDAGDON/restore: {type(error).__name__}: {error}")
        self.refresh()

    async def _watch(self) -> None:
        """A watched game plays on by itself, a step every WATCH_STEP_S, until paused, closed
        or at its end."""
        self._watching += 1
        run = self._watching  # a later Play starts its own run: this one then stops
        while True:
            await asyncio.sleep(WATCH_STEP_S)
            if run != self._watching or not self.ui.watch.tick():
                return
            self.refresh()

    def on_file(self, event: Any) -> None:
        """A backup file picked: its text goes where a code is pasted (then Import)."""
        files = event.target.files
        if files.length:
            self._run(self._read_file(files.item(0)))

    async def _mount_stdlib(self) -> None:
        """The rest of the standard library, once the game is ready (magdagdon/stdlib.py): a
        built page names it; a page served from the sources has the whole of it already."""
        meta = window.document.querySelector('meta[name="magdagdon-stdlib"]')
        if meta is None:
            return
        from magdagdon.stdlib import ABSENT, MISSED, mount

        try:
            response = await window.fetch(meta.dataset.rest, to_js({"priority": "low"}))
            if not response.ok:
                raise OSError(f"HTTP {response.status}")
            data = (await response.arrayBuffer()).to_bytes()
        except Exception as error:  # offline before it was ever cached: the game needs none of it
            window.console.warn(ABSENT.format(error=error))
            return
        mount(data, lambda name: window.console.warn(MISSED.format(name=name)))

    async def _ahead(self) -> None:
        """What a first HINT, a game's end, STATS or REVIEW would otherwise do while a tap waits
        (magdagdon/ahead.py), done ahead: one small step per idle period of the page."""
        from magdagdon.ahead import steps

        try:
            for _ in steps(self.session.records.store):
                await _idle()
            if self.session.settings.sound:  # the browser's audio started ahead, suspended
                from magdagdon.web.audio import Sound

                if self._sound is None:
                    self._sound = Sound(window)
                self._sound.prepare()
        except Exception as error:  # shown in the console; the first use then does it
            window.console.error(f"MAGDAGDON/ahead: {type(error).__name__}: {error}")
            return
        window.document.body.dataset.ahead = "done"  # (for the tests and the benchmarks)

    async def _read_file(self, file: Any) -> None:
        text = await file.text()
        window.document.querySelector("[data-import-code]").value = text

    async def _copy(self, text: str) -> None:
        try:
            await window.navigator.clipboard.writeText(text)
            self.renderer.notice("backup.copied")
        except Exception:  # no clipboard here: the code stays in its field to copy by hand
            self.renderer.notice("backup.copy_failed")

    def _backup_file(self) -> str:
        from magdagdon.backup import file_of  # (imported on first use)

        return file_of(self.session)

    def _backup_now(self) -> None:
        """The reminder's BACKUP: a file where a phone can save one, else the code copied."""
        navigator, anchor = window.navigator, window.HTMLAnchorElement.prototype
        phone = window.matchMedia("(pointer: coarse)").matches and navigator.maxTouchPoints > 0
        if phone and window.Reflect.has(anchor, "download"):
            self._download(self._backup_file())
        else:
            self._run(self._copy(self.ui.keeping.code or ""))

    def _download(self, text: str) -> None:
        """The backup as a .json file, through a link clicked at once."""
        blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}))
        url = window.URL.createObjectURL(blob)
        link = window.document.createElement("a")
        link.href, link.download = url, "magdagdon-backup.json"
        link.click()
        window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 10_000)

    # -- SHARE ------------------------------------------------------------------------------------
    def _picture_key(self) -> tuple[object, ...]:
        """What a picture is of: the game, a daily roll's day and practice, the language."""
        session = self.session
        return (self.ui.game, session.day, session.practice, self.renderer.tr.language)

    def _picture_ahead(self) -> asyncio.Future[Picture | None] | None:
        """The picture of the finished game on screen, made in idle moments as soon as the game
        is over (so that SHARE hands over a file at once, within the tap's activation); None
        while the game goes on. A game or language changed since drops the offer to save the
        previous one, whose address is let go a minute later."""
        if not self.ui.game.is_over:
            return None
        key = self._picture_key()
        if self._picture is None or self._picture[0] != key:
            if self._picture is not None:
                self.renderer.offer_picture(None)
                self._picture[1].add_done_callback(_let_go)
            self._picture = (key, asyncio.ensure_future(self._make_picture(key)))
        return self._picture[1]

    async def _make_picture(self, key: tuple[object, ...]) -> Picture | None:
        """The picture (magdagdon/picture.py's SVG, made a PNG by the browser) of the game
        ``key`` names, one step an idle moment; None if the game on screen is another by then
        (a new game started meanwhile never gets it) or if it failed."""
        try:
            await _idle()
            from magdagdon.picture import HEIGHT, WIDTH
            from magdagdon.web.pictures import png_file

            await _idle()
            if key != self._picture_key():
                return None
            sharing = self.ui.over.sharing()
            svg = self.renderer.picture(sharing, _today())
            name = f"magdagdon-{sharing.day or sharing.game.seed}.png"
            await _idle()
            file = await png_file(window, svg, WIDTH, HEIGHT, name)
        except Exception as error:  # shown in the console; SHARE then hands over the text
            window.console.error(f"MAGDAGDON/picture: {type(error).__name__}: {error}")
            return None
        if key != self._picture_key():
            return None
        return Picture(key, file, str(window.URL.createObjectURL(file)), name)

    async def share(self) -> None:
        """The picture and the text through the Web Share API where it takes files; else the
        text through it where there is one, else the clipboard, else the link shown; and then
        SAVE PICTURE offered in the game-over sheet."""
        location = window.location
        page = location.origin + location.pathname
        text, link = self.renderer.share_text(self.ui.over.sharing(), page)
        made = self._picture_ahead()
        picture = None if made is None else await made  # (made ahead: at once)
        navigator = window.navigator
        data: dict[str, object] = {"title": "MAGDAGDON", "text": text}
        try:
            if picture is not None and _takes_files(navigator, picture.file):
                await navigator.share(to_js(data | {"files": [picture.file]}))
                return
            if hasattr(navigator, "share"):
                await navigator.share(to_js(data))
            else:
                await navigator.clipboard.writeText(text)
                self.renderer.notice("share.copied")
        except Exception as error:
            if "AbortError" in str(error):  # the player closed the share sheet
                return
            self.renderer.notice("share.failed", link=link)
        if picture is not None and picture.key == self._picture_key():
            self.renderer.offer_picture(picture.url, picture.name)

    def guarded(self, handler: Callable[P, object], *args: P.args, **kwargs: P.kwargs) -> None:
        """Run a handler; a bug shows in the console but never freezes the game."""
        try:
            handler(*args, **kwargs)
        except StoreError:
            pass
        except Exception as error:  # the last line of defence, reported loudly
            window.console.error(f"MAGDAGDON: {type(error).__name__}: {error}")


def _takes_files(navigator: Any, file: Any) -> bool:
    from magdagdon.web.pictures import can_share  # (imported with the picture)

    return can_share(navigator, file)


def _let_go(made: asyncio.Future[Picture | None]) -> None:
    """A picture no longer offered: its address let go a minute later (a save under way
    finishes)."""
    picture = None if made.cancelled() or made.exception() else made.result()
    if picture is not None:
        url = picture.url
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 60_000)


def start() -> App:
    app = App()
    app.start()
    return app


__all__ = ["App", "start"]
