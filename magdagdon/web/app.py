"""Wiring only (like 2048's application.js): one listener per kind of event, each handing it
to the shell (:class:`magdagdon.ui.shell.Shell`, which decides), and the shell's commands
carried out: writes applied (:mod:`.render`), steps run (the only place of asyncio), the
browser's APIs adapted (storage, clipboard, files, share, audio, timers, the install prompt).
What needs her tap's activation (share, copy, download, the audio) runs within the tap."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_once_callable
from pyscript import window
from pyscript.ffi import create_proxy, to_js

from magdagdon.store import StoreError
from magdagdon.ui import DIALOGS
from magdagdon.ui import commands as do
from magdagdon.ui.paint import element_selector
from magdagdon.ui.shell import LINK_PARAMETERS, Shell
from magdagdon.web.render import Page, attr, missing
from magdagdon.web.storage import LocalStore

if TYPE_CHECKING:
    from magdagdon.web.audio import Sound

#: The most of the page's thread that long work takes before the browser gets it back for its
#: own tasks (a tap first): half a frame.
SLICE_S = 0.008
TAPPED = "[data-action],[data-cell],[data-die]"


def _today() -> str:
    """The player's local date, ISO (the browser knows the time zone)."""
    now = window.Date.new()
    return f"{now.getFullYear():04d}-{now.getMonth() + 1:02d}-{now.getDate():02d}"


def _meta(name: str) -> Any:
    found = window.document.querySelector(f'meta[name="magdagdon-{name}"]')
    return None if missing(found) else found


def _keys(selector: str, name: str) -> dict[str, list[str]]:
    """The catalogue keys the elements ``selector`` finds name (in their dataset's ``name``):
    of the board screen (""), of each dialog, of the whole page ("*")."""
    screens = {"": ".app", **{d: element_selector(f"dialog:{d}") for d in DIALOGS}, "*": ""}
    doc = window.document
    return {
        screen: [str(getattr(el.dataset, name)) for el in doc.querySelectorAll(f"{css} {selector}")]
        for screen, css in screens.items()
    }


def _wishes() -> dict[str, str]:
    """What the address asks for, taken once: its parameters are then removed from it, so
    that a reload resumes the game instead of starting it again."""
    params = window.URLSearchParams.new(window.location.search)
    wishes = {name: str(params.get(name)) for name in LINK_PARAMETERS if params.has(name)}
    if wishes:
        for name in LINK_PARAMETERS:
            params.delete(name)
        query, where = params.toString(), window.location
        window.history.replaceState(
            None, "", f"{where.pathname}{'?' * bool(query)}{query}{where.hash}"
        )
    return wishes


def _downloads() -> bool:
    """Whether a saved file lands where she finds it (a phone that saves links' files)."""
    navigator, anchor = window.navigator, window.HTMLAnchorElement.prototype
    phone = window.matchMedia("(pointer: coarse)").matches and navigator.maxTouchPoints > 0
    return bool(phone and window.Reflect.has(anchor, "download"))


def _promise(wait: Callable[[Any], None]) -> Any:
    return window.Promise.new(create_once_callable(lambda resolve, _reject: wait(resolve)))


def _idle() -> Any:
    """A promise kept in the page's next idle period (within a second), or after a short pause
    where the browser tells none (WebKit)."""
    if getattr(window, "requestIdleCallback", None) is not None:
        return _promise(lambda done: window.requestIdleCallback(done, to_js({"timeout": 1000})))
    return _promise(lambda done: window.setTimeout(done, 50))


def _taps_first(ms: int = 50) -> Any:
    """A promise kept ``ms`` after the next frame (at most 100 ms + ``ms``: a hidden page draws
    none): the browser hands the page the taps made meanwhile first."""

    def wait(done: Any) -> None:
        window.requestAnimationFrame(create_once_callable(lambda _: window.setTimeout(done, ms)))
        window.setTimeout(done, 100 + ms)

    return _promise(wait)


class App:
    def __init__(self) -> None:
        digest = getattr(window, "magdagdonDigest", None)  # (index.html's, in JavaScript)
        location = window.location
        self.shell = Shell(
            LocalStore(window),
            today=_today,
            wishes=_wishes(),
            preferred=[str(tag) for tag in window.navigator.languages],
            keys=(_keys("[data-i18n]", "i18n"), _keys("[data-i18n-aria]", "i18nAria")),
            release=None if _meta("release") is None else str(_meta("release").content),
            page=str(location.origin + location.pathname),
            clock=window.performance.now,
            digest=None if digest is None else lambda key: str(digest(key)),
            downloads=_downloads(),
        )
        self.page = Page(window)
        self._proxies: list[Any] = []
        self._tasks: set[asyncio.Future[None]] = set()  # (a task must not vanish before it ends)
        self._sound: Sound | None = None
        self._target: Any = None  # the element tapped, while its tap is carried out
        self._picture: tuple[object, asyncio.Future[tuple[Any, str, str] | None]] | None = None

    def listen(self, target: Any, event: str, handler: Callable[[Any], object]) -> None:
        proxy = create_proxy(lambda e: self.guarded(handler, e))
        self._proxies.append(proxy)
        target.addEventListener(event, proxy)

    def start(self) -> None:
        self._bind()
        doc = window.document
        painted = getattr(window, "magdagdonFrame", None)  # (the first frame, with its sheet?)
        frame = painted if isinstance(painted, str) else None
        sheet = getattr(window, "magdagdonSheet", False) is True
        updated = attr(doc.body, "data-update") == "ready"  # (announced before Python was ready)
        says = self._says() if self._told() else None
        self.carry_out(self.shell.start(self._kept(), frame, sheet, updated, says))
        doc.body.dataset.ready = "true"
        self._run(self._mount_stdlib())

    def _bind(self) -> None:
        doc = window.document
        for target, event, handler in (
            (doc, "click", self.on_click),
            (doc, "pointerdown", lambda _: self.shell.touch(True)),
            (doc, "pointercancel", lambda _: self.shell.touch(False)),
            (doc, "keydown", self.on_key),
            (doc, "magdagdon:update", lambda _: self.carry_out(self.shell.update())),
            (doc, "magdagdon:browser", lambda _: self.carry_out(self.shell.browser(*self._says()))),
            (window, "storage", self.on_storage),
            (doc, "visibilitychange", lambda _: self.carry_out(self.shell.hidden(doc.hidden))),
            (doc.querySelector("[data-import-file]"), "change", self.on_file),
            *((dialog, "close", self.on_closed) for dialog in doc.querySelectorAll("dialog")),
        ):
            self.listen(target, event, handler)

    def _kept(self) -> list[dict[str, object]]:
        """The taps and keys static/boot.js kept while Python started (their marks gone)."""
        kept = getattr(window, "magdagdonKept", None)
        window.magdagdonKept = None
        for el in window.document.querySelectorAll(".queued"):
            el.classList.remove("queued")
            el.removeAttribute("aria-busy")
        return [] if kept is None else list(json.loads(str(window.JSON.stringify(kept))))

    # -- events ----------------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        origin = event.target
        target = (
            origin.closest(TAPPED) if not missing(origin) and hasattr(origin, "closest") else None
        )
        if missing(target) or getattr(target, "disabled", False):
            self.shell.touch(False)
            return
        tap = {name: attr(target, f"data-{name}") for name in ("cell", "die", "action", "value")}
        field = attr(target, "data-field")  # (a button that takes a field's text: RESTORE)
        if field is not None:
            tap["value"] = str(
                window.document.querySelector(element_selector(f"field:{field}")).value
            )
        self._target = target
        try:
            self.carry_out(self.shell.tap(tap, float(event.timeStamp)))
        finally:
            self._target = None

    def on_key(self, event: Any) -> None:
        target = event.target
        typing = str(getattr(target, "tagName", "")) in ("INPUT", "TEXTAREA")
        if event.ctrlKey or event.metaKey or event.altKey or event.defaultPrevented or typing:
            return
        cell = attr(target, "data-cell") if hasattr(target, "getAttribute") else None
        handled, commands = self.shell.key(str(event.key), cell)
        if handled:
            event.preventDefault()
        self.carry_out(commands)

    def on_closed(self, event: Any) -> None:
        if not event.target.open:  # (else a late event: the dialog was opened again since)
            self.carry_out(self.shell.closed(str(event.target.id).removeprefix("dialog-")))

    def on_storage(self, event: Any) -> None:
        key = event.key if isinstance(event.key, str) else None  # null: the storage cleared
        self.carry_out(self.shell.storage(key))

    def on_file(self, event: Any) -> None:
        """A backup file picked: its text goes where a code is pasted (then RESTORE)."""
        files = event.target.files
        if files.length:
            self._run(self._read_file(files.item(0)))

    async def _read_file(self, file: Any) -> None:
        window.document.querySelector(
            element_selector("field:import-code")
        ).value = await file.text()

    def _told(self) -> bool:
        says = getattr(window, "magdagdonBrowser", None)
        return says is not None and not missing(says)

    def _says(self) -> tuple[bool, str, bool, bool]:
        """What the browser says (static/boot.js: installed, how it installs, its promise)."""
        it = window.magdagdonBrowser()
        return bool(it.installed), str(it.how), bool(it.promised), bool(it.safari)

    # -- the shell's commands --------------------------------------------------------------------
    def carry_out(self, commands: Sequence[do.Command]) -> None:
        for command in commands:
            self.guarded(self._carry_out, command)

    def _carry_out(self, c: do.Command) -> None:
        page, doc = self.page, window.document
        if isinstance(c, do.Apply):
            page.apply(c.writes)
        elif isinstance(c, do.Relabel):
            page.relabel(c)
        elif isinstance(c, do.Motion):
            page.animate(c.animation, c.elements)
        elif isinstance(c, do.Announce):
            page.announce(c.text, c.fresh)
        elif isinstance(c, do.Notice):
            page.notice(c.node)
        elif isinstance(c, do.Dismiss) and self._target is not None:
            self._target.closest(".notice").remove()
        elif isinstance(c, do.Focus):
            page.element(c.element).focus()
        elif isinstance(c, do.Steps):
            self._run(self._steps(c))
        elif isinstance(c, do.Log):
            (window.console.warn if c.warn else window.console.error)(c.text)
        else:
            self._adapt(c, doc)

    def _adapt(self, c: do.Command, doc: Any) -> None:
        if isinstance(c, do.Feel):
            self._feel(c)
        elif isinstance(c, do.Copy):
            self._run(self._copy(c))
        elif isinstance(c, do.Download):
            self._download(c)
        elif isinstance(c, do.Share):
            self._run(self._share(c))
        elif isinstance(c, do.Picture):
            self._make_picture(c)
        elif isinstance(c, do.Call):
            getattr(window, c.name)()

    def guarded(self, handler: Callable[..., object], *args: object) -> None:
        """Run a handler; a bug shows in the console but never freezes the game."""
        try:
            handler(*args)
        except StoreError:
            pass
        except Exception as error:  # the last line of defence, reported loudly
            window.console.error(f"MAGDAGDON: {type(error).__name__}: {error}")

    def _run(self, job: Any) -> None:
        task = asyncio.ensure_future(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _steps(self, job: do.Steps) -> None:
        """Long work, in slices of the page's thread (taps between them), or in idle moments
        (see :class:`~magdagdon.ui.commands.Steps`); then what it gives."""
        if job.delay:
            await asyncio.sleep(job.delay)
        if job.pace != "slices":
            await _idle()
        start, then = window.performance.now(), job.then
        try:
            await self._slices(job)
        except StoreError:
            then = job.failed
        except Exception as error:  # shown in the console; the work stays as far as it got
            window.console.error(f"MAGDAGDON/{job.name}: {type(error).__name__}: {error}")
            then = job.failed
        # (the last one's time, a measure the benchmarks and the browser's tools read)
        window.performance.clearMeasures(f"magdagdon:{job.name}")
        window.performance.measure(f"magdagdon:{job.name}", to_js({"start": start}))
        if then is not None:
            self.carry_out(then())

    async def _slices(self, job: do.Steps) -> None:
        deadline = time.perf_counter() + SLICE_S
        for mark in job.steps:
            if job.pace == "idle-each":
                await _idle()
            elif mark is True and job.at_mark == "taps":
                await _taps_first()
            elif mark is True and job.at_mark == "redraw":
                self.carry_out(self.shell.refresh())
                await asyncio.sleep(0)
            elif time.perf_counter() < deadline:
                continue
            else:
                await asyncio.sleep(0)
            deadline = time.perf_counter() + SLICE_S

    async def _mount_stdlib(self) -> None:
        """The rest of the standard library, once the game is ready: a built page names it, and
        mounts it where the service worker keeps it (static/boot.js: the extras, never fetched
        for this); a page served from the sources has the whole of it already."""
        meta = _meta("stdlib")
        if meta is None:
            return
        try:
            response = await window.caches.match(meta.dataset.rest)
            if not response:
                return  # (not kept: a slow link's visits go without it)
            if not response.ok:
                raise OSError(f"HTTP {response.status}")
            data = (await response.arrayBuffer()).to_bytes()
        except Exception as error:  # offline before it was ever cached: the game needs none of it
            self.carry_out(self.shell.stdlib(None, window.console.warn, str(error)))
            return
        self.carry_out(self.shell.stdlib(data, window.console.warn))

    # -- the browser's APIs ----------------------------------------------------------------------
    def _feel(self, c: do.Feel) -> None:
        """Sounds and vibration (:mod:`.audio`, made on first use, within her tap)."""
        from magdagdon.web.audio import Sound

        if self._sound is None and not (c.cues or c.prepare):
            return
        sound = self._sound = self._sound or Sound(window)
        if c.prepare:
            sound.prepare()
        if c.suspend or c.resume:
            sound.suspend() if c.suspend else sound.resume()
        if c.cues:
            sound.unlock(sound=c.sound)
            sound.play(c)

    async def _copy(self, c: do.Copy) -> None:
        try:
            await window.navigator.clipboard.writeText(c.text)
            self.carry_out([c.done])
        except Exception:  # no clipboard here: the code stays in its field to copy by hand
            self.carry_out([c.failed])

    def _download(self, c: do.Download) -> None:
        """The file saved through a link clicked at once."""
        blob = window.Blob.new(to_js([c.text]), to_js({"type": c.mime}))
        url = window.URL.createObjectURL(blob)
        link = window.document.createElement("a")
        link.href, link.download = url, c.name
        link.click()
        window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 10_000)

    def _make_picture(self, c: do.Picture) -> None:
        """The picture SHARE hands over, made ahead (:mod:`.pictures`); the one it replaces is
        let go a minute later (a save under way finishes)."""
        if self._picture is not None:
            self._picture[1].add_done_callback(_let_go)
        self._picture = (c.key, asyncio.ensure_future(self._picture_of(c)))

    async def _picture_of(self, c: do.Picture) -> tuple[Any, str, str] | None:
        try:
            await _idle()
            from magdagdon.web.pictures import png_file

            svg, width, height = c.draw(self.page.said((c.date,)))
            await _idle()
            file = await png_file(window, svg, width, height, c.name)
        except Exception as error:  # shown in the console; SHARE then hands over the text
            window.console.error(f"MAGDAGDON/picture: {type(error).__name__}: {error}")
            return None
        return file, str(window.URL.createObjectURL(file)), c.name

    async def _share(self, c: do.Share) -> None:
        """The picture and the text through the Web Share API where it takes files; else the
        text through it where there is one, else the clipboard; then SAVE PICTURE offered."""
        text, navigator = self.page.said(c.text), window.navigator
        made = self._picture
        picture = await made[1] if made is not None and made[0] == c.picture else None
        data: dict[str, object] = {"title": c.title, "text": text}
        try:
            from magdagdon.web.pictures import can_share

            if picture is not None and can_share(navigator, picture[0]):
                await navigator.share(to_js(data | {"files": [picture[0]]}))
                return
            if hasattr(navigator, "share"):
                await navigator.share(to_js(data))
            else:
                await navigator.clipboard.writeText(text)
                self.carry_out(self.shell.shared(False, c.link))
        except Exception as error:
            if "AbortError" in str(error):  # she closed the share sheet
                return
            self.carry_out(self.shell.shared(True, c.link))
        if picture is not None:
            self.carry_out(self.shell.offer(c.picture, picture[1], picture[2]))


def _let_go(made: asyncio.Future[tuple[Any, str, str] | None]) -> None:
    picture = None if made.cancelled() or made.exception() else made.result()
    if picture is not None:
        url = picture[1]
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 60_000)


def start() -> App:
    app = App()
    app.start()
    return app


__all__ = ["App", "start"]
