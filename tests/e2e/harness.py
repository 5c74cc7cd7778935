"""Helpers for MAGDAGDON's browser tests (pytest-playwright + Debian's Chromium).

Fixtures live in conftest.py; tests import the helpers from here:

    from tests.e2e.harness import open_game, shot, collect_errors, restart

Contract with the page: the Python DOM layer sets body[data-ready="true"] once
everything is wired up; `open_game` / `open_ready` wait for it.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import json
import os
import re
import shutil
import threading
import time
from collections.abc import Callable
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Route, WebError
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from magdagdon.stdlib import MISSED
from tools.serve import SiteHandler

REPO_ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"

# Debian's Chromium (apt-get install chromium); Playwright's own download is unreachable.
CHROMIUM = os.environ.get("MAGDAGDON_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",  # we run as root in CI
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    # Debian's launcher means to add this when /dev/shm is small, but its check
    # breaks when findmnt prints two lines ("[: ...: unexpected operator").
    "--disable-dev-shm-usage",
]
# Default context: a phone.
PHONE = {
    "viewport": {"width": 360, "height": 640},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "locale": "en-US",
}
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost"})
#: For a browser whose requests are not routed (an on-disk profile, see Guard): it resolves no
#: other host, and sends nothing anywhere but loopback.
BLOCK_OTHER_HOSTS = [
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
    "--proxy-server=127.0.0.1:9",  # loopback bypasses proxies implicitly; nothing else does
]
# Pyodide starts in ~3 s here: generous, for a loaded CI machine.
READY_TIMEOUT_MS = 60_000


# --- the static server -------------------------------------------------------


class _QuietHandler(SiteHandler):
    """tools/serve.py's handler (the site's MIME types, whatever /etc/mime.types says), silent."""

    def log_message(self, format: str, *args: object) -> None:
        pass


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:  # type: ignore[override]
        # Chromium drops connections (page closed mid-load): not worth a traceback.
        pass


def serve_directory(directory: Path = REPO_ROOT) -> tuple[ThreadingHTTPServer, str]:
    """Serve `directory` on a free port of 127.0.0.1 from a daemon thread.

    Returns (server, "http://127.0.0.1:PORT/"); call server.shutdown() to stop.
    """
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = _QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


#: The page's view of Cache Storage: per cache, each entry's path and the SHA-256 of its bytes
#: (what an update installed, hashed against a build's manifest).
CACHES_JS = """async () => {
    const hex = (buffer) => Array.from(new Uint8Array(buffer),
        (b) => b.toString(16).padStart(2, "0")).join("");
    const out = {};
    for (const key of await caches.keys()) {
        const cache = await caches.open(key);
        out[key] = {};
        for (const request of await cache.keys()) {
            const bytes = await (await cache.match(request)).arrayBuffer();
            const path = new URL(request.url).pathname;
            out[key][path] = hex(await crypto.subtle.digest("SHA-256", bytes));
        }
    }
    return out;
}"""


class _ReleaseHandler(_QuietHandler):
    """Serves the files of ``server.releases.live``, except the paths named in ``stale`` (served
    from another folder: a deploy halfway done) and in ``broken`` (the connection drops before a
    byte is sent: the network failing)."""

    def translate_path(self, path: str) -> str:
        releases: Releases = self.server.releases  # type: ignore[attr-defined]
        relative = urlsplit(path).path.lstrip("/")
        folder = releases.stale.get(relative, releases.live)
        self.directory = str(folder)
        return super().translate_path(path)

    def log_request(self, code: object = "-", size: object = "-") -> None:
        releases: Releases = self.server.releases  # type: ignore[attr-defined]
        releases.requests.append((urlsplit(self.path).path.lstrip("/"), int(str(code))))

    def send_head(self):  # type: ignore[override]
        releases: Releases = self.server.releases  # type: ignore[attr-defined]
        relative = urlsplit(self.path).path.lstrip("/")
        if relative in releases.broken:
            releases.requests.append((relative, 0))
            self.close_connection = True
            self.connection.shutdown(2)  # socket.SHUT_RDWR
            return None
        return super().send_head()


class Releases:
    """One URL at which releases are published one after another, as a deploy does: each file
    with a fresh modification time (so that conditional requests see the change). ``stale``
    keeps some paths on an older folder for a while; ``broken`` drops their connections."""

    def __init__(self, root: Path) -> None:
        self.live = root / "live"
        self.stale: dict[str, Path] = {}
        self.broken: set[str] = set()
        #: (path, HTTP status) of every request answered, 0 for a dropped connection
        self.requests: list[tuple[str, int]] = []
        self.live.mkdir(parents=True)
        self.server = _QuietServer(("127.0.0.1", 0), _ReleaseHandler)
        self.server.releases = self  # type: ignore[attr-defined]
        threading.Thread(target=self.server.serve_forever, name="releases", daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def publish(self, folder: Path, stale: dict[str, Path] | None = None) -> None:
        """``folder``'s files replace the live ones (``stale``: paths still served from another
        folder, until :meth:`finish`)."""
        shutil.rmtree(self.live)
        shutil.copytree(folder, self.live, copy_function=shutil.copy)
        now = time.time()
        for path in self.live.rglob("*"):
            os.utime(path, (now, now))
        self.stale = dict(stale or {})

    def finish(self) -> None:
        """The deploy is complete: every path is served from the live folder, none fails."""
        self.stale, self.broken = {}, set()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


#: What tools/build.py builds a site from (a copy of these is a source tree to change).
SOURCES = ("index.html", "pyscript.toml", "manifest.webmanifest", "sw.template.js", "static",
           "i18n", "magdagdon")  # fmt: skip


def built_once(tmp_path_factory) -> Path:
    """tools/build.py's output of the sources as they are, built once for the whole run: by
    the first of pytest-xdist's workers to ask, under a lock the others wait on, into the
    folder the workers' temporary folders share (without xdist: the run's own). Read-only:
    a test that changes a site copies it (:func:`copy_of_built`)."""
    from tools import build as site_build

    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent
    folder, done = shared / "built-site", shared / "built-site.done"
    with open(shared / "built-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)
            done.write_text(site_build.build(out=folder), "utf-8")
    return folder


def served_built(tmp_path_factory, subpath: str, name: str):
    """A copy of the built site served under ``/subpath/`` (as GitHub Pages serves a project's
    site), for a module's fixture to ``yield from``: yields (its URL, its folder)."""
    root = tmp_path_factory.mktemp(name)
    folder = root / subpath
    copy_of_built(tmp_path_factory, folder)
    server, url = serve_directory(root)
    yield url + subpath + "/", folder
    server.shutdown()
    server.server_close()


def copy_of_built(tmp_path_factory, out: Path) -> str:
    """A copy of :func:`built_once`'s site at ``out`` (a folder that does not exist yet);
    returns its release id."""
    source = built_once(tmp_path_factory)
    shutil.copytree(source, out)
    return (source.parent / "built-site.done").read_text("utf-8")


def build_release(out: Path, work: Path, changes: dict[str, Callable[[str], str]]) -> str:
    """Build into ``out`` the site of the sources with ``changes`` (path → a function of its
    text) made in a copy under ``work``; returns the release id."""
    from tools import build as site_build

    root = work / "sources"
    for name in SOURCES:
        source = REPO_ROOT / name
        if source.is_dir():
            ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
            shutil.copytree(source, root / name, ignore=ignore, symlinks=False)
        else:
            root.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, root / name)
    for path, change in changes.items():
        target = root / path
        target.write_text(change(target.read_text("utf-8")), "utf-8")
    return site_build.build(out=out, root=root)


#: A built page's list of its downloads (tools/build.py): path → [bytes, bytes on the wire].
_DOWNLOADS = re.compile(r'(<script type="application/json" id="magdagdon-downloads">)([^<]*)')


def with_downloads(html: str, change: Callable[[dict], None]) -> str:
    """``html`` (a built page) with its list of downloads changed by ``change`` (in place)."""

    def changed(match: re.Match) -> str:
        files = json.loads(match[2])
        change(files)
        return match[1] + json.dumps(files)

    html, count = _DOWNLOADS.subn(changed, html)
    assert count == 1, "the built page lists no downloads (tools/build.py changed?)"
    return html


# --- the guard: offline + no errors --------------------------------------------


#: What the page says when a module came from the rest of the standard library.
STDLIB_MISSED = MISSED.split("{name}")[0]


class Guard:
    """Watches a browser context: aborts and records every request to a host
    other than 127.0.0.1/localhost, records console errors and uncaught page
    errors; `take()` also reports PyScript's `.py-error` elements."""

    _by_context: ClassVar[dict[BrowserContext, Guard]] = {}

    def __init__(self, context: BrowserContext, route: bool = True) -> None:
        """``route=False`` watches requests instead of routing them (a routed context bypasses
        the HTTP cache: a test of what the cache holds cannot route); the browser must then
        itself refuse other hosts (:data:`BLOCK_OTHER_HOSTS`), and a request to one still
        fails the test."""
        self.context = context
        self.blocked: list[str] = []
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        if route:
            context.route("**/*", self._route)
        else:
            context.on("request", self._on_request)
        context.on("console", self._on_console)
        context.on("weberror", self._on_weberror)
        context.on("close", lambda _: Guard._by_context.pop(context, None))
        Guard._by_context[context] = self

    @classmethod
    def of(cls, target: Page | BrowserContext) -> Guard:
        context = target.context if isinstance(target, Page) else target
        try:
            return cls._by_context[context]
        except KeyError:
            raise LookupError("this page/context was not made by a guarded fixture") from None

    def _route(self, route: Route) -> None:
        request = route.request
        if urlsplit(request.url).hostname in LOCAL_HOSTS:
            route.fallback()
        else:
            self.blocked.append(f"{request.method} {request.url}")
            route.abort("blockedbyclient")

    def _on_request(self, request) -> None:
        if urlsplit(request.url).hostname not in LOCAL_HOSTS and request.url.startswith("http"):
            self.blocked.append(f"{request.method} {request.url}")

    def _on_console(self, message: ConsoleMessage) -> None:
        # A module the build's census left out of the standard library's start-up part
        # (magdagdon/stdlib.py): found in the rest, but a first visit could have lacked it.
        census_missed = message.type == "warning" and message.text.startswith(STDLIB_MISSED)
        if message.type == "error" or census_missed:
            where = message.location.get("url", "")
            if where:
                where = f" ({where}:{message.location.get('lineNumber', '?')})"
            self.console_errors.append(message.text + where)

    def _on_weberror(self, web_error: WebError) -> None:
        error = web_error.error
        self.page_errors.append(f"{error.name}: {error.message}")

    def py_errors(self) -> list[str]:
        """Texts of the `.py-error` elements PyScript shows, over all pages."""
        texts = []
        for page in self.context.pages:
            with contextlib.suppress(PlaywrightError):  # closed, crashed or navigating
                texts += page.locator(".py-error").all_text_contents()
        return texts

    def problems(self) -> list[str]:
        return (
            [f"blocked request to another host: {u}" for u in self.blocked]
            + [f"console error: {t}" for t in self.console_errors]
            + [f"uncaught page error: {t}" for t in self.page_errors]
            + [f".py-error element: {t}" for t in self.py_errors()]
        )

    def take(self) -> list[str]:
        """Return all problems recorded so far and forget them (also removes
        `.py-error` elements, so a shared page starts the next test clean)."""
        found = self.problems()
        self.blocked.clear()
        self.console_errors.clear()
        self.page_errors.clear()
        for page in self.context.pages:
            with contextlib.suppress(PlaywrightError):
                page.evaluate("document.querySelectorAll('.py-error').forEach(e => e.remove())")
        return found


def collect_errors(target: Page | BrowserContext) -> list[str]:
    """Problems recorded for this page's context so far; clears them.

    For tests that provoke an error on purpose: collect it, assert on it, and
    the end-of-test check will not fail the test for it."""
    return Guard.of(target).take()


def format_problems(problems: list[str]) -> str:
    return f"{len(problems)} browser problem(s):\n" + "\n".join(f"  - {p}" for p in problems)


def raise_errors(target: Page | BrowserContext) -> None:
    """Fail now if anything was recorded (the fixtures also do this after each test)."""
    problems = collect_errors(target)
    if problems:
        raise AssertionError(format_problems(problems))


# --- page helpers -------------------------------------------------------------

_READY_OR_BROKEN = """() => document.body?.dataset.ready === "true"
                          || document.querySelector(".py-error") !== null"""


def poll(page: Page, script: str, timeout: float = 60_000, every: float = 250) -> None:
    """Evaluate ``script`` (JavaScript; it may be asynchronous: page.wait_for_function does not
    wait for a promise) every ``every`` ms until it is truthy; a TimeoutError after ``timeout``."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(script):
        if time.monotonic() > deadline:
            raise TimeoutError(f"never true within {timeout / 1000:.0f} s: {script}")
        page.wait_for_timeout(every)


def wait_ready(page: Page, timeout: float = READY_TIMEOUT_MS) -> Page:
    """Wait until body[data-ready="true"]; fail early, with the errors, on a `.py-error`."""
    try:
        page.wait_for_function(_READY_OR_BROKEN, timeout=timeout)
    except PlaywrightTimeoutError:
        problems = Guard.of(page).problems()
        raise AssertionError(
            f"{page.url} not ready after {timeout / 1000:.0f} s; " + format_problems(problems)
        ) from None
    if page.evaluate("document.body.dataset.ready") != "true":
        raise AssertionError(
            f"{page.url} failed to start; " + format_problems(Guard.of(page).problems())
        )
    return page


def open_ready(page: Page, url: str, timeout: float = READY_TIMEOUT_MS) -> Page:
    """Go to `url` and wait for body[data-ready="true"]."""
    page.goto(url)
    return wait_ready(page, timeout)


def open_game(page: Page, site_url: str, query: str = "") -> Page:
    """Open the game (index.html + query, e.g. "?lang=ta") and wait until it is ready."""
    return open_ready(page, site_url + "index.html" + query)


def restart(page: Page) -> Page:
    """Clean slate on a (shared) page: clear storage, reload, wait until ready."""
    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    page.reload()
    return wait_ready(page)


#: A page of the site's origin that starts no Python (served by the test's route).
BLANK = "blank-page-of-the-tests.html"
BLANK_HTML = '<!doctype html><title>blank</title><link rel="icon" href="data:,">'


def fresh_start(page: Page, url: str, values: dict[str, str], query: str = "") -> Page:
    """The game at ``url`` (``index.html`` + ``query``) started on ``page`` as a new browser
    would start it with ``values`` in its storage and nothing else (:func:`blank_slate`); then
    the game opens and is waited for."""
    blank_slate(page, url, values)
    return open_game(page, url, query)


def blank_slate(page: Page, url: str, values: dict[str, str] | None = None) -> Page:
    """``page`` leaves the game at ``url`` for a blank page of the same origin (whatever it ran
    stops: no game there follows the storage), where local and session storage are emptied and
    ``values`` stored."""
    blank = url + BLANK
    page.route(blank, lambda route: route.fulfill(content_type="text/html", body=BLANK_HTML))
    try:
        page.goto(blank)
    finally:
        page.unroute(blank)
    page.evaluate(
        """values => { localStorage.clear(); sessionStorage.clear();
            for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v); }""",
        values or {},
    )
    return page


def emulate_colours(page: Page, scheme: str, forced: str = "none") -> Page:
    """The page in the colour ``scheme`` ("light", "dark") and ``forced`` colours ("active",
    "none") from its next frame on, as the page's own media queries see them (checked)."""
    page.emulate_media(color_scheme=scheme, forced_colors=forced)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
    seen = page.evaluate(
        """([s, f]) => matchMedia(`(prefers-color-scheme: ${s})`).matches
            && matchMedia(`(forced-colors: ${f})`).matches""",
        [scheme, forced],
    )
    assert seen, f"the page does not see {scheme} colours with forced colours {forced}"
    return page


def seed_storage(context: BrowserContext, values: dict[str, str]) -> BrowserContext:
    """Every page of ``context`` finds ``values`` in localStorage on its first visit (not after
    a reload: the tab remembers, in sessionStorage, that it was seeded)."""
    context.add_init_script(
        "if (location.protocol.startsWith('http') && !sessionStorage.seeded) {"
        "sessionStorage.seeded = 1;"
        + "".join(
            f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in values.items()
        )
        + "}"
    )
    return context


def shot(page: Page, name: str, **kwargs) -> Path:
    """Save a PNG screenshot to tests/e2e/screenshots/NAME.png (an artifact, git-ignored)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=path, **kwargs)
    return path
