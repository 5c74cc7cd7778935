#!/usr/bin/env python3
"""MAGDAGDON's load and responsiveness benchmark, beside a bare PyScript "floor" (not a test).

    .venv/bin/python bench/load.py [--runs 7] [--slow-runs 3] [--json bench/results/load.json]

It rebuilds the site first (tools.build.build() into a temporary folder: the current code is
measured) and copies bench/floor/ into it as floor/, so that the floor loads the very same
runtime URLs (../static/vendor/...). Then, in Debian's Chromium (tests/e2e/harness.py's
CHROMIUM, CHROMIUM_ARGS and PHONE), --runs times each, game and floor interleaved, medians
reported:

- cold load, on a brand-new browser profile (empty caches, service workers allowed): the game
  until body[data-ready="true"], until its first tap is accepted (an in-page probe taps
  [data-action="roll"] as soon as it is there and enabled, again if the tap was lost, and waits
  for body[data-phase] "placing" or "magdagdon"; the page keeps a ROLL tapped while Python
  starts), until first paint / first contentful paint, and until the first frame in which the
  16 [data-cell] buttons are laid out and visible; the floor (bench/floor/index.html: the same
  PyScript + Pyodide, print("ready")) until its body[data-ready="true"];
- warm load, a second visit on the same profile: the game once its service worker controls the
  page (saved game cleared, so that ROLL is there to tap again), the floor from the HTTP cache;
- the same loads with the CPU slowed 4x (Lighthouse's model of a phone: the Chrome DevTools
  Protocol's Emulation.setCPUThrottlingRate), --slow-runs times: the game cold and warm, the
  game without its snapshot cold (the same build, its snapshot <meta> removed, served apart as
  nosnap/) and the floor cold;
- layout shift: a cold load, then a whole turn played with real taps (ROLL, the dice placed,
  CONFIRM); the layout-shift entries not caused by a tap, added up (an upper bound of CLS);
- bytes: response bodies sent by the server from navigation until the first accepted tap (the
  floor: until ready); what the game's service worker precaches after that is counted apart.
  More bytes than the floor's + 300 KB pass only if they win on a slow phone: the seconds the
  snapshot saves with the CPU slowed 4x (the game without it minus the game) must exceed the
  time the extra bytes take at 10 Mbit/s;
- tap-to-render: a seeded game (?seed=N) played through the DOM by a seeded random player
  (rolls, die selections, stagings, unstagings, illegal taps, confirms, powers, MAGDAGDON,
  ruins, new games). Each tap is `el.click()` in the page: Python's delegated handler runs the
  engine and updates the DOM synchronously, timed by performance.now() around the call (and
  again after a forced style + layout);
- the engine inside Pyodide, on bench/floor/engine.html (see bench/floor/engine_timing.py);
- diagnostics, on one more (unmeasured) load: PyScript's JS hooks hand over the game's own
  interpreter; cProfile runs over its main script and over the random player's taps.

Other hosts are blocked in the browser's network stack (--host-resolver-rules and a dead proxy
for every non-loopback address) rather than with context.route() as the tests do: Playwright's
request interception turns the HTTP cache off (Network.setCacheDisabled) and adds a round trip
to the driver per request, which would turn the warm loads into cache-less ones and penalise
the game's many small requests. A fetch to another host is checked to fail.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from playwright.sync_api import (  # noqa: E402
    Browser,
    BrowserContext,
    Page,
    Playwright,
    sync_playwright,
)

from tests.e2e.harness import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402
from tools.build import build  # noqa: E402
from tools.serve import SiteHandler  # noqa: E402

FLOOR_SOURCES = Path(__file__).resolve().parent / "floor"
LOAD_TIMEOUT_MS = 90_000
SW_TIMEOUT_MS = 90_000
ENGINE_TIMEOUT_MS = 180_000
PROFILE_SETTLE_S = 0.5
SETTLE_S = 3.0  # from a cold load's end to the warm visit (see settle())
SLOW_CPU = 4  # CPU slowdown of the "phone" loads (Lighthouse's mobile model)
SLOW_LINK_BITS_PER_S = 10e6  # the slow phone's network, for the bytes-versus-CPU trade
# Block every host but loopback without request interception (see the module's docstring).
BLOCK_OTHER_HOSTS = [
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
    "--proxy-server=127.0.0.1:9",  # loopback bypasses proxies implicitly; nothing else does
]

# The targets.
COLD_VS_FLOOR = 0.95  # cold load to first accepted tap <= 0.95 x the floor's cold load
PAINT_MS = 500.0  # board painted <= 0.5 s after navigation
WARM_VS_COLD = 0.25  # warm load <= 0.25 x the game's cold load
EXTRA_BYTES = 300 * 1024  # bytes <= the floor's + 300 KB, unless more bytes win (see above)
CLS_MAX = 0.02  # layout shift over a cold load and a whole turn
TAP_P95_MS = 16.0  # tap-to-render p95
ENGINE_MS = 5.0  # every engine call in Pyodide


# -- the server: tools/serve.py's handler, recording what it sends -------------------------------
@dataclass
class Hit:
    start: float  # epoch ms when the request was read
    end: float  # epoch ms when the response was sent
    path: str
    status: int
    bytes: int  # response body bytes


class RecordingHandler(SiteHandler):
    hits: ClassVar[list[Hit]] = []  # replaced per server by serve()
    isolated_prefix = "/floor/engine"  # cross-origin isolated: Pyodide's clock gets 5 µs steps

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length":
            self._length = int(value)
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        if self.path.startswith(self.isolated_prefix):
            super().send_header("Cross-Origin-Opener-Policy", "same-origin")
            super().send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def do_GET(self) -> None:
        start, self._status, self._length = time.time() * 1000, 0, 0
        try:
            super().do_GET()
        finally:
            body = self._length if self._status == 200 else 0
            path = urlsplit(self.path).path
            self.hits.append(Hit(start, time.time() * 1000, path, self._status, body))


class QuietServer(ThreadingHTTPServer):
    """tools/serve.py's make_server() without the tracebacks of dropped connections."""

    daemon_threads = True

    def handle_error(self, request, client_address) -> None:  # type: ignore[override]
        pass  # Chromium drops connections when a context closes mid-transfer


def serve(directory: Path) -> tuple[ThreadingHTTPServer, str, list[Hit]]:
    hits: list[Hit] = []
    handler = type("Handler", (RecordingHandler,), {"hits": hits})
    server = QuietServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, name="bench-server", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", hits


def hits_between(hits: list[Hit], start: float, end: float) -> list[Hit]:
    return [h for h in list(hits) if start <= h.start < end]


# -- the site -------------------------------------------------------------------------------------
NO_SNAPSHOT = "nosnap/"


def prepare_site(out: Path, report: dict | None = None) -> str:
    """Build the current code into ``out``, put the floor pages beside it (out/floor/) and a copy
    of the site whose page names no snapshot (out/nosnap/: Python starts the ordinary way)."""
    release = build(out, report=report)
    copy = out / NO_SNAPSHOT
    shutil.copytree(out, copy)
    page = (copy / "index.html").read_text("utf-8")
    page = re.sub(r'\s*<meta name="magdagdon-snapshot"[^>]*>', "", page)
    (copy / "index.html").write_text(page, "utf-8")
    shutil.copytree(FLOOR_SOURCES, out / "floor", ignore=shutil.ignore_patterns("__pycache__"))
    return release


# -- in the page -----------------------------------------------------------------------------------
# Installed in every document of a measured context before any of its scripts: records the
# milestones of the load against performance.now() (0 = navigation start) and, on the game, taps
# ROLL like an impatient player: as soon as the button is there and enabled, and again (every
# 50 ms) while a tap has neither been taken into account (phase "placing"/"magdagdon") nor kept
# for later (the page queues a ROLL tapped while Python starts: body[data-queued]).
PROBE_JS = r"""
(() => {
  if (window.top !== window || window.__bench) return;
  const B = (window.__bench = {
    progress: [], events: {}, ready: null, cells: null, lcp: null,
    tapFirst: null, tapSent: null, tapTries: 0, tapQueued: null, tapAccepted: null,
  });
  const now = () => performance.now();
  addEventListener("py:progress", (e) => B.progress.push([now(), String(e.detail)]));
  for (const type of ["py:ready", "py:done", "py:all-done", "DOMContentLoaded", "load"]) {
    addEventListener(type, () => { if (!(type in B.events)) B.events[type] = now(); }, true);
  }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) B.lcp = e.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
  } catch (_) { /* not supported */ }

  const accepted = (body) => /^(placing|magdagdon)$/.test(body.dataset.phase || "");
  const check = () => {
    const body = document.body;
    if (!body) return;
    if (B.ready === null && body.dataset.ready === "true") B.ready = now();
    if (B.tapSent !== null && B.tapAccepted === null && accepted(body)) B.tapAccepted = now();
    const roll = document.querySelector('[data-action="roll"]');
    if (B.tapAccepted === null && B.tapQueued === null && roll && !roll.disabled && !roll.hidden
        && (B.tapSent === null || now() - B.tapSent >= 50)) {
      B.tapSent = now();
      if (B.tapFirst === null) B.tapFirst = B.tapSent;
      B.tapTries++;
      roll.click(); // after ready, Python's click handler runs (and draws) synchronously
      if (body.dataset.queued === "roll") B.tapQueued = now();
      if (accepted(body)) B.tapAccepted = now();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, {
    subtree: true, childList: true, attributes: true,
    attributeFilter: ["data-ready", "data-phase", "disabled", "hidden"],
  });

  // Retries of a lost tap: a cheap timer, not requestAnimationFrame (which would make an idle
  // page produce frames). Stops once ready and, on the game, once the tap is accepted.
  const has = (selector) => document.querySelector(selector) !== null;
  const poll = () => {
    check();
    if (B.ready !== null && (B.tapAccepted !== null || !has('[data-action="roll"]'))) {
      observer.disconnect();
    } else {
      setTimeout(poll, 50);
    }
  };
  setTimeout(poll, 50);

  // The board is "painted" in the first frame where its 16 cells are laid out and visible.
  const cellsShown = () => {
    const cells = document.querySelectorAll("[data-cell]");
    if (cells.length !== 16) return false;
    for (const c of cells) {
      const r = c.getBoundingClientRect();
      if (!(r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight)) return false;
      if (!c.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    }
    return true;
  };
  const frame = () => {
    if (cellsShown()) B.cells = now();
    // Until found, or until the parsed page turns out to have none (the floor).
    else if (document.readyState === "loading" || has("[data-cell]")) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""

COLLECT_JS = r"""() => {
  const B = window.__bench || {};
  const marks = Object.fromEntries(performance.getEntriesByType("mark")
    .filter((m) => m.name.startsWith("magdagdon:")).map((m) => [m.name.slice(10), m.startTime]));
  const nav = performance.getEntriesByType("navigation")[0];
  const paint = Object.fromEntries(performance.getEntriesByType("paint")
    .map((e) => [e.name, e.startTime]));
  const resources = performance.getEntriesByType("resource").map((e) => ({
    url: e.name, start: e.startTime, responseStart: e.responseStart, end: e.responseEnd,
    transfer: e.transferSize, body: e.encodedBodySize, initiator: e.initiatorType,
  }));
  return {
    ...B, timeOrigin: performance.timeOrigin, paint, resources, marks,
    python: document.documentElement.dataset.python || null,
    nav: nav ? {
      responseEnd: nav.responseEnd, domInteractive: nav.domInteractive,
      domContentLoaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd,
      transfer: nav.transferSize, body: nav.encodedBodySize,
    } : null,
    controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
    pyErrors: document.querySelectorAll(".py-error").length,
  };
}"""

# A seeded random player that taps the page as a person would; returns one sample per tap.
TAPS_JS = r"""
async ({ seed, count }) => {
  let state = seed >>> 0;  // mulberry32
  const random = () => {
    state = (state + 0x6D2B79F5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const q = (s) => document.querySelector(s);
  const all = (s) => [...document.querySelectorAll(s)];
  const button = (action) => q(`.controls [data-action="${action}"]`);
  const usable = (el) => el && !el.hidden && !el.disabled;
  const nextFrame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));

  const choose = () => {
    const phase = document.body.dataset.phase;
    const cells = all("[data-cell]");
    const legal = cells.filter((c) => c.dataset.legal === "true");
    const dice = all("[data-die]");
    const available = dice.filter((d) => d.dataset.state === "available" && !d.disabled);
    const staged = [...dice.filter((d) => d.dataset.state === "staged"),
                    ...cells.filter((c) => c.dataset.state === "staged")];
    const choosing = !button("reroll-go").hidden;
    if (phase === "over") return ["new-game", q('#dialog-over [data-action="new-game"]')];
    if (phase === "roll") return ["roll", button("roll")];
    if (choosing) {
      const pickable = dice.filter((d) => d.dataset.state !== "staged" && !d.disabled);
      if (usable(button("reroll-go")) && (random() < 0.5 || !pickable.length))
        return ["power", button("reroll-go")];
      return ["reroll-pick", pick(pickable)];
    }
    if (phase === "magdagdon") {
      if (usable(button("power-reroll")) && random() < 0.35)
        return ["power-mode", button("power-reroll")];
      return ["accept", button("accept-magdagdon")];
    }
    if (phase === "ruin") return ["ruin", pick(legal)];
    // placing
    const r = random();
    if (r < 0.04 && usable(button("power-inc"))) return ["power", button("power-inc")];
    if (r < 0.07 && usable(button("power-dec"))) return ["power", button("power-dec")];
    if (r < 0.09 && usable(button("power-reroll"))) return ["power-mode", button("power-reroll")];
    if (r < 0.17 && staged.length) return ["unstage", pick(staged)];
    if (r < 0.27 && available.length) return ["select", pick(available)];
    const illegal = cells.filter((c) => c.dataset.state === "empty" && c.dataset.legal !== "true");
    if (r < 0.30 && illegal.length) return ["illegal", pick(illegal)];
    if (usable(button("confirm")) && (random() < 0.45 || !legal.length))
      return ["confirm", button("confirm")];
    if (legal.length) return ["stage", pick(legal)];
    if (usable(button("undo")) && random() < 0.5) return ["undo", button("undo")];
    if (available.length) return ["select", pick(available)];
    return ["undo", button("undo")];
  };

  const samples = [];
  let games = 0, errors = 0;
  for (let i = 0; samples.length < count && i < count * 4; i++) {
    await nextFrame();  // one tap per frame: the previous tap's rendering is done
    const [kind, el] = choose();
    if (!el || el.disabled) continue;
    const before = document.body.dataset.phase;
    const t0 = performance.now();
    el.click();  // Python's delegated click handler: engine call + DOM update, synchronous
    const t1 = performance.now();
    void document.body.offsetHeight;  // style + layout of that update
    const t2 = performance.now();
    samples.push({ kind, handler: t1 - t0, layout: t2 - t0, phase: before });
    if (kind === "new-game") games++;
    if (document.querySelector(".py-error")) errors++;
  }
  return { samples, games, errors };
}
"""


# -- measuring -------------------------------------------------------------------------------------
def median(values: list[float]) -> float | None:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100)."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))  # ceil
    return ordered[int(rank) - 1]


def _watched(context: BrowserContext, probe: bool) -> BrowserContext:
    """The context with the probe (if asked) and a list of its console/page errors."""
    if probe:
        context.add_init_script(PROBE_JS)
    problems: list[str] = []

    def on_console(message) -> None:
        if message.type == "error":
            problems.append(f"console error: {message.text}")

    context.problems = problems  # type: ignore[attr-defined]
    context.on("console", on_console)
    context.on("weberror", lambda e: problems.append(f"uncaught: {e.error}"))
    return context


def new_context(
    browser: Browser, *, probe: bool = False, service_workers: str = "allow"
) -> BrowserContext:
    """An incognito context of the shared browser (for what is not a load measurement)."""
    return _watched(browser.new_context(**PHONE, service_workers=service_workers), probe)


@contextlib.contextmanager
def first_visit(
    playwright: Playwright, slow: bool = False
) -> Iterator[tuple[BrowserContext, Page]]:
    """A browser on a brand-new on-disk profile: empty HTTP cache, no service worker, no code
    cache, as on a first visit. (An incognito context would do for the cold load, but its
    in-memory HTTP cache does not keep pyodide.asm.wasm, 9.6 MB: every "warm" load and the
    service worker's force-cache precache would download it again.)"""
    with tempfile.TemporaryDirectory(
        prefix="magdagdon-profile-", ignore_cleanup_errors=True
    ) as folder:
        context = playwright.chromium.launch_persistent_context(
            folder,
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS + BLOCK_OTHER_HOSTS,
            service_workers="allow",
            **PHONE,
        )
        try:
            _watched(context, probe=True)
            page = context.pages[0] if context.pages else context.new_page()
            if slow:
                throttle(context, page)
            time.sleep(PROFILE_SETTLE_S)  # let the new browser finish starting up
            yield context, page
        finally:
            context.close()


def throttle(context: BrowserContext, page: Page) -> None:
    """Slow the page's CPU SLOW_CPU times (kept across its navigations: checked in load())."""
    session = context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": SLOW_CPU})
    page.bench_cdp = session  # type: ignore[attr-defined]


def now_ms() -> float:
    return time.time() * 1000


def load(page: Page, url: str, until: str) -> dict:
    """Navigate and wait for the probe's ``until`` ("ready" or "tapAccepted"); the probe's data."""
    if hasattr(page, "bench_cdp"):  # a slowed page stays slowed on every visit
        page.bench_cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOW_CPU})
    page.goto(url, wait_until="commit", timeout=LOAD_TIMEOUT_MS)
    page.wait_for_function(
        f"""() => (window.__bench && window.__bench.{until} !== null)
                  || document.querySelector(".py-error") !== null""",
        timeout=LOAD_TIMEOUT_MS,
        polling=50,
    )
    data = page.evaluate(COLLECT_JS)
    if data.get(until) is None:
        raise RuntimeError(f"{url}: {data.get('pyErrors')} PyScript error(s) before {until}")
    return data


def settle(since_epoch_ms: float) -> None:
    """Wait until SETTLE_S after a cold load's end before the warm visit, the same for the game
    and the floor: Chromium writes its code caches (wasm included) some time after a load."""
    time.sleep(max(0.0, since_epoch_ms / 1000 + SETTLE_S - time.time()))


def byte_summary(hits: list[Hit]) -> dict:
    return {
        "requests": len(hits),
        "bytes": sum(h.bytes for h in hits),
        "not_modified": sum(1 for h in hits if h.status == 304),
        "paths": sorted({h.path for h in hits}),
    }


def game_run(
    playwright: Playwright, base: str, hits: list[Hit], slow: bool = False, warm: bool = True
) -> dict:
    """One cold visit, the service worker's precache, one warm visit, on a new profile (only
    the cold visit if not ``warm``)."""
    with first_visit(playwright, slow) as (context, page):
        if not warm:
            started = now_ms()
            cold = load(page, base + "index.html", "tapAccepted")
            end = cold["timeOrigin"] + cold["tapAccepted"]
            return {"cold": cold, "cold_net": byte_summary(hits_between(hits, started, end)),
                    "problems": list(context.problems)}  # type: ignore[attr-defined]  # fmt: skip
        return _game_visits(context, page, base, hits)


def _game_visits(context: BrowserContext, page: Page, base: str, hits: list[Hit]) -> dict:
    url = base + "index.html"
    started = now_ms()
    cold = load(page, url, "tapAccepted")
    tapped = cold["timeOrigin"] + cold["tapAccepted"]
    page.wait_for_function(
        "navigator.serviceWorker.controller !== null", timeout=SW_TIMEOUT_MS, polling=50
    )
    controlled = page.evaluate("performance.timeOrigin + performance.now()")
    page.evaluate("localStorage.clear()")  # a new game again, so that ROLL is there to tap
    settle(tapped)
    warm_start = now_ms()
    warm = load(page, url, "tapAccepted")
    warm_end = warm["timeOrigin"] + warm["tapAccepted"]
    return {
        "cold": cold,
        "warm": warm,
        "cold_net": byte_summary(hits_between(hits, started, tapped)),
        "precache_net": byte_summary(hits_between(hits, tapped, controlled + 1)),
        "precache_ms": controlled - tapped,
        "warm_net": byte_summary(hits_between(hits, warm_start, warm_end)),
        "warm_controlled": warm["controlled"],
        "problems": list(context.problems),  # type: ignore[attr-defined]
        "cold_hits": [h.__dict__ for h in hits_between(hits, started, tapped)],
        "precache_hits": [h.__dict__ for h in hits_between(hits, tapped, controlled + 1)],
    }


def floor_run(playwright: Playwright, base: str, hits: list[Hit], slow: bool = False) -> dict:
    """One cold and one warm (HTTP cache) visit of the floor, on a new profile."""
    with first_visit(playwright, slow) as (context, page):
        return _floor_visits(context, page, base, hits)


def _floor_visits(context: BrowserContext, page: Page, base: str, hits: list[Hit]) -> dict:
    url = base + "floor/index.html"
    started = now_ms()
    cold = load(page, url, "ready")
    ready = cold["timeOrigin"] + cold["ready"]
    settle(ready)
    warm_start = now_ms()
    warm = load(page, url, "ready")
    return {
        "cold": cold,
        "warm": warm,
        "cold_net": byte_summary(hits_between(hits, started, ready)),
        "after_ready_net": byte_summary(hits_between(hits, ready, warm_start)),
        "warm_net": byte_summary(
            hits_between(hits, warm_start, warm["timeOrigin"] + warm["ready"])
        ),
        "problems": list(context.problems),  # type: ignore[attr-defined]
        "cold_hits": [h.__dict__ for h in hits_between(hits, started, ready)],
    }


SHIFTS_JS = r"""
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.__shifts.push({ t: e.startTime, value: e.value, input: e.hadRecentInput,
      nodes: (e.sources || []).map((s) => s.node && s.node.nodeType === 1
        ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : "") });
  }
}).observe({ type: "layout-shift", buffered: true });
"""


def play_a_turn(page: Page) -> None:
    """ROLL, then real taps until the turn is over: legal cells while there are any (another
    die chosen when the chosen one has none), then CONFIRM; or MAGDAGDON accepted, a ruin."""
    page.tap('.controls [data-action="roll"]')
    page.wait_for_function("['placing', 'magdagdon'].includes(document.body.dataset.phase)")
    tried = 0
    for _ in range(60):
        phase = page.evaluate("document.body.dataset.phase")
        legal = page.locator('[data-cell][data-legal="true"]')
        dice = page.locator('[data-die][data-state="available"]:not([disabled])')
        if phase in ("roll", "over"):
            return
        if phase == "magdagdon":
            page.tap('.controls [data-action="accept-magdagdon"]')
        elif phase == "ruin" or legal.count():
            legal.first.tap()
            tried = 0
        elif page.locator('.controls [data-action="confirm"]').is_enabled():
            page.tap('.controls [data-action="confirm"]')
        elif tried < dice.count():
            dice.nth(tried).tap()
            tried += 1
        else:
            page.tap('.controls [data-action="undo"]')
            tried = 0
    raise RuntimeError("the turn did not end in 60 taps")


def layout_shift(browser: Browser, base: str, seed: int) -> dict:
    """A cold load, then a whole turn played by real taps; the shifts no tap explains."""
    context = new_context(browser, service_workers="block")
    context.add_init_script(SHIFTS_JS)
    page = context.new_page()
    page.goto(f"{base}index.html?seed={seed}", wait_until="commit")
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=LOAD_TIMEOUT_MS)
    play_a_turn(page)
    page.wait_for_timeout(1000)  # the confirm's animations, and any late shift
    shifts = page.evaluate("window.__shifts")
    context.close()
    unexplained = [s for s in shifts if not s["input"]]
    return {"cls": sum(s["value"] for s in unexplained), "shifts": unexplained,
            "after_taps": sum(s["value"] for s in shifts if s["input"])}  # fmt: skip


def offline_check(browser: Browser, base: str) -> bool:
    """True when a request to another host fails (it must: the benchmark runs offline)."""
    context = new_context(browser, probe=False)
    page = context.new_page()
    page.goto(base + "floor/floor.toml")
    blocked = page.evaluate("""async () => {
      try { await fetch("http://example.com/", { mode: "no-cors" }); return false; }
      catch (_) { return true; } }""")
    context.close()
    return blocked


def tap_latency(browser: Browser, base: str, seed: int, count: int) -> dict:
    """Tap-to-render over ``count`` taps of seeded games (no service worker: no precache noise)."""
    context = new_context(browser, probe=False, service_workers="block")
    page = context.new_page()
    page.goto(f"{base}index.html?seed={seed}", wait_until="commit")
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=LOAD_TIMEOUT_MS)
    data = page.evaluate(TAPS_JS, {"seed": seed, "count": count})
    samples = data["samples"]
    by_kind: dict[str, list[dict]] = {}
    for s in samples:
        by_kind.setdefault(s["kind"], []).append(s)

    def stats(rows: list[dict], key: str) -> dict:
        values = [r[key] for r in rows]
        return {
            "n": len(values),
            "p50": percentile(values, 50),
            "p95": percentile(values, 95),
            "max": max(values),
        }

    result = {
        "seed": seed,
        "taps": len(samples),
        "games_finished": data["games"],
        "py_error_taps": data["errors"],
        "handler": stats(samples, "handler"),
        "with_layout": stats(samples, "layout"),
        "by_kind": {k: stats(v, "handler") for k, v in sorted(by_kind.items())},
        "problems": list(context.problems),  # type: ignore[attr-defined]
        "samples": samples,
    }
    context.close()
    return result


def engine_times(browser: Browser, base: str) -> dict:
    context = new_context(browser, probe=False)
    page = context.new_page()
    page.goto(base + "floor/engine.html", wait_until="commit")
    page.wait_for_function(
        "['true', 'error'].includes(document.body.dataset.ready)", timeout=ENGINE_TIMEOUT_MS
    )
    state = page.evaluate("document.body.dataset.ready")
    text = page.evaluate("document.getElementById('result').textContent")
    context.close()
    if state != "true":
        raise RuntimeError("engine timing page failed:\n" + text)
    return json.loads(text)


# -- what the game's main script spends its time on ------------------------------------------------
# Diagnostics only (a separate, unmeasured load: importing core.js early changes the timing).
# PyScript's JS hooks hand over the game's own interpreter: a profiler runs from onReady (just
# before main.py) until body[data-ready="true"].
PROFILE_JS = r"""
import("./static/vendor/pyscript/core.js").then(({ hooks }) => {
  hooks.main.onReady.add((wrap) => {
    window.__benchInterpreter = wrap.interpreter;
    wrap.interpreter.runPython(
      "import builtins, cProfile\nbuiltins._bench_profile = cProfile.Profile()\n"
      + "builtins._bench_profile.enable()");
  });
});
"""

# Run in the game's interpreter once it is ready: stops the profiler and defines the report.
PROFILE_HELPERS_PY = r"""
import builtins, cProfile, json, pstats, sys
builtins._bench_profile.disable()

def _bench_label(key):
    filename, line, name = key
    filename = filename.replace("/home/pyodide/", "").replace("/lib/python314.zip/", "stdlib:")
    return f"{filename}:{line}({name})" if line else name

def _bench_report(profile, by):
    stats = pstats.Stats(profile).stats
    compile_by_caller = {}
    for key, (_, _, _, _, callers) in stats.items():
        if key[2] == "<built-in method builtins.compile>":
            for caller, (_, nc, tt, ct) in callers.items():
                compile_by_caller[_bench_label(caller)] = {"calls": nc, "ms": ct * 1000}
    column = 2 if by == "self" else 3
    game = sorted(([_bench_label(k), v[1], v[2] * 1000, v[3] * 1000] for k, v in stats.items()
                   if "magdagdon/" in k[0]), key=lambda r: -r[column])
    return json.dumps({
        "profiled_ms": max(v[3] for v in stats.values()) * 1000,
        "compile": compile_by_caller,
        "game_functions": game[:25],  # [name, calls, self ms, cumulative ms]
        "modules": sorted(sys.modules),
    })

builtins._bench_report = _bench_report
"""
PROFILE_TAPS = 150


def profile_game(browser: Browser, base: str, seed: int) -> dict:
    """cProfile in the game's own interpreter (one unmeasured load): its main script, from
    onReady to body[data-ready="true"]; then PROFILE_TAPS taps of the random player."""
    context = new_context(browser, service_workers="block")
    context.add_init_script(PROFILE_JS)
    page = context.new_page()
    page.goto(f"{base}index.html?seed={seed}", wait_until="commit")
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=LOAD_TIMEOUT_MS)
    python = "(code) => window.__benchInterpreter.runPython(code)"
    page.evaluate(python, PROFILE_HELPERS_PY)
    start = json.loads(
        page.evaluate(
            python, "import builtins\nbuiltins._bench_report(builtins._bench_profile, 'cumulative')"
        )
    )
    page.evaluate(
        python,
        "import builtins, cProfile\n"
        "builtins._bench_profile = cProfile.Profile()\nbuiltins._bench_profile.enable()",
    )
    taps = page.evaluate(TAPS_JS, {"seed": seed, "count": PROFILE_TAPS})
    report = json.loads(
        page.evaluate(
            python,
            "import builtins\nbuiltins._bench_profile.disable()\n"
            "builtins._bench_report(builtins._bench_profile, 'self')",
        )
    )
    context.close()
    report["taps"] = len(taps["samples"])
    report.pop("modules")
    return {"start": start, "taps": report}


# -- where the time goes ---------------------------------------------------------------------------
def _resource(data: dict, suffix: str) -> dict | None:
    found = [r for r in data["resources"] if urlsplit(r["url"]).path.endswith(suffix)]
    return found[0] if found else None


def _progress(data: dict, text: str) -> float | None:
    return next((t for t, detail in data["progress"] if detail == text), None)


def milestones(data: dict) -> list[tuple[str, float]]:
    """The load's milestones, ms after navigation start, in order."""
    marks: list[tuple[str, float | None]] = [
        ("HTML received", data["nav"]["responseEnd"]),
        ("DOM parsed (DOMContentLoaded)", data["nav"]["domContentLoaded"]),
    ]
    core = [r["end"] for r in data["resources"] if "/pyscript/" in r["url"]]
    marks.append(("PyScript core.js + plugin chunks loaded", max(core) if core else None))
    for suffix, label in (
        ("pyodide.mjs", "pyodide.mjs loaded"),
        ("pyodide.asm.mjs", "pyodide.asm.mjs loaded"),
        ("pyodide-lock.json", "pyodide-lock.json loaded"),
        ("python_stdlib.zip", "python_stdlib.zip loaded"),
        ("pyodide.asm.wasm", "pyodide.asm.wasm fetched"),
    ):
        entry = _resource(data, suffix)
        marks.append((label, entry["end"] if entry else None))
    for text, label in (
        ("Loading Pyodide", "py:progress Loading Pyodide"),
        ("Loaded interpreter", "py:progress Loaded interpreter (wasm compiled, Python up)"),
        ("Loading files", "py:progress Loading files"),
        ("Loaded files", "py:progress Loaded files ([files] fetched)"),
        ("Loaded Pyodide", "py:progress Loaded Pyodide"),
    ):
        marks.append((label, _progress(data, text)))
    marks += [
        ("snapshot in memory (start.mjs)", data.get("marks", {}).get("snapshot-ready")),
        ("Python up (start.mjs: restored or started)", data.get("marks", {}).get("python-up")),
        ("py:ready (main script starts)", data["events"].get("py:ready")),
        ("board painted (16 cells visible)", data.get("cells")),
        ("first-contentful-paint", data["paint"].get("first-contentful-paint")),
        ("body[data-ready=true]", data.get("ready")),
        ("first tap accepted", data.get("tapAccepted")),
        ("py:done", data["events"].get("py:done")),
    ]
    return sorted(((k, v) for k, v in marks if v is not None), key=lambda kv: kv[1])


def phases(data: dict) -> list[tuple[str, float]]:
    """The load cut into consecutive phases (ms each), for the "biggest contributors" list."""
    p = lambda text: _progress(data, text)  # noqa: E731
    core = [r["end"] for r in data["resources"] if "/pyscript/" in r["url"]]
    wasm = _resource(data, "pyodide.asm.wasm")
    stdlib = _resource(data, "python_stdlib.zip")
    downloads = max(r["end"] for r in (wasm, stdlib) if r) if (wasm or stdlib) else None
    end = data.get("tapAccepted") or data.get("ready")
    points = [
        ("navigation -> HTML received", data["nav"]["responseEnd"]),
        ("HTML -> PyScript core + plugin chunks loaded", max(core) if core else None),
        ("core -> 'Loading Pyodide'", p("Loading Pyodide")),
        ("Pyodide runtime download (mjs, wasm, stdlib)", downloads),
        ("wasm compile + Python start (-> Loaded interpreter)", p("Loaded interpreter")),
        ("-> 'Loading files'", p("Loading files")),
        ("[files] fetched and written", p("Loaded files")),
        ("-> py:ready", data["events"].get("py:ready")),
        ("main script: imports + app start (-> ready)", data.get("ready")),
        ("ready -> first tap accepted", end),
    ]
    out, last = [], 0.0
    for name, t in points:
        if t is None or t < last:
            continue
        out.append((name, t - last))
        last = t
    return out


# -- report ----------------------------------------------------------------------------------------
def fmt_ms(v: float | None) -> str:
    return "-" if v is None else f"{v:,.0f} ms"


def fmt_kb(v: float | None) -> str:
    return "-" if v is None else f"{v / 1024:,.0f} KB"


def verdict(ok: bool | None) -> str:
    return "-" if ok is None else "PASS" if ok else "MISS"


def split(visit: dict, end: str) -> tuple[float, float, float]:
    """A load in three: until PyScript starts loading Pyodide, the interpreter's start (wasm
    compile, Python up: the same for game and floor), and from there to ``end``."""
    start = _progress(visit, "Loading Pyodide")
    loaded = _progress(visit, "Loaded interpreter")
    return start, loaded - start, visit[end] - loaded


def summarise(results: dict) -> dict:
    games, floors, taps, engine = (results[k] for k in ("games", "floors", "taps", "engine"))
    slow, shifts = results["slow"], results["shifts"]
    g = lambda f: median([f(r) for r in games])  # noqa: E731
    fl = lambda f: median([f(r) for r in floors])  # noqa: E731
    figures = {
        "game_cold_ready_ms": g(lambda r: r["cold"]["ready"]),
        "game_cold_first_tap_ms": g(lambda r: r["cold"]["tapAccepted"]),
        "game_first_tap_sent_ms": g(lambda r: r["cold"]["tapFirst"]),
        "game_first_tap_queued_ms": g(lambda r: r["cold"]["tapQueued"]),
        "game_first_tap_tries": g(lambda r: r["cold"]["tapTries"]),
        "game_first_paint_ms": g(lambda r: r["cold"]["paint"].get("first-paint")),
        "game_fcp_ms": g(lambda r: r["cold"]["paint"].get("first-contentful-paint")),
        "game_cells_visible_ms": g(lambda r: r["cold"]["cells"]),
        "game_lcp_ms": g(lambda r: r["cold"]["lcp"]),
        "game_warm_first_tap_ms": g(lambda r: r["warm"]["tapAccepted"]),
        "game_warm_ready_ms": g(lambda r: r["warm"]["ready"]),
        "game_cold_bytes": g(lambda r: r["cold_net"]["bytes"]),
        "game_cold_requests": g(lambda r: r["cold_net"]["requests"]),
        "game_precache_bytes": g(lambda r: r["precache_net"]["bytes"]),
        "game_precache_requests": g(lambda r: r["precache_net"]["requests"]),
        "game_precache_ms": g(lambda r: r["precache_ms"]),
        "game_warm_requests": g(lambda r: r["warm_net"]["requests"]),
        "game_warm_bytes": g(lambda r: r["warm_net"]["bytes"]),
        "floor_cold_ready_ms": fl(lambda r: r["cold"]["ready"]),
        "floor_first_paint_ms": fl(lambda r: r["cold"]["paint"].get("first-paint")),
        "floor_warm_ready_ms": fl(lambda r: r["warm"]["ready"]),
        "floor_cold_bytes": fl(lambda r: r["cold_net"]["bytes"]),
        "floor_cold_requests": fl(lambda r: r["cold_net"]["requests"]),
        "floor_warm_requests": fl(lambda r: r["warm_net"]["requests"]),
        "floor_warm_bytes": fl(lambda r: r["warm_net"]["bytes"]),
        "tap_p50_ms": taps["handler"]["p50"],
        "tap_p95_ms": taps["handler"]["p95"],
        "tap_layout_p50_ms": taps["with_layout"]["p50"],
        "tap_layout_p95_ms": taps["with_layout"]["p95"],
        "engine_worst_ms": max(c["worst_ms"] for c in engine["cases"]),
        "engine_worst_case": max(engine["cases"], key=lambda c: c["worst_ms"])["case"],
    }
    figures["game_minus_floor_cold_ms"] = median(
        [a["cold"]["tapAccepted"] - b["cold"]["ready"] for a, b in zip(games, floors, strict=True)]
    )
    # Each load cut in three (see split()): before Pyodide, the interpreter's start (restored
    # from the snapshot for the game), and after it.
    game_split = [split(r["cold"], "tapAccepted") for r in games]
    floor_split = [split(r["cold"], "ready") for r in floors]
    for n, part in enumerate(("before_pyodide", "interpreter", "after_interpreter")):
        figures[f"game_cold_{part}_ms"] = median([x[n] for x in game_split])
        figures[f"floor_cold_{part}_ms"] = median([x[n] for x in floor_split])
    f = figures
    painted = max(v for v in (f["game_first_paint_ms"], f["game_cells_visible_ms"]) if v)
    figures["game_board_painted_ms"] = painted
    floor_cold, game_cold = f["floor_cold_ready_ms"], f["game_cold_first_tap_ms"]
    game_warm = f["game_warm_first_tap_ms"]
    sg = lambda f: median([f(r) for r in slow["game"]])  # noqa: E731
    figures.update(
        slow_game_cold_ms=sg(lambda r: r["cold"]["tapAccepted"]),
        slow_game_warm_ms=sg(lambda r: r["warm"]["tapAccepted"]),
        slow_nosnap_cold_ms=median([r["cold"]["tapAccepted"] for r in slow["nosnap"]]),
        slow_floor_cold_ms=median([r["cold"]["ready"] for r in slow["floor"]]),
        cls_max=max(r["cls"] for r in shifts),
        cls_median=median([r["cls"] for r in shifts]),
        game_snapshot_starts=sum(r["cold"]["python"] == "snapshot" for r in games),
    )
    # Bytes against CPU on a slow phone: what the extra bytes cost at SLOW_LINK_BITS_PER_S,
    # against the seconds the snapshot saves with the CPU slowed SLOW_CPU times.
    extra = f["game_cold_bytes"] - f["floor_cold_bytes"]
    figures["extra_bytes"] = extra
    figures["extra_bytes_s"] = extra * 8 / SLOW_LINK_BITS_PER_S
    figures["snapshot_saves_slow_s"] = (f["slow_nosnap_cold_ms"] - f["slow_game_cold_ms"]) / 1000
    bytes_ok = extra <= EXTRA_BYTES or f["snapshot_saves_slow_s"] > f["extra_bytes_s"]
    trade = (
        f"<= floor + 300 KB, or saves more than it costs: {f['snapshot_saves_slow_s']:.1f} s "
        f"saved at CPU x{SLOW_CPU} vs {f['extra_bytes_s']:.1f} s for "
        f"{extra / 1e6:.1f} MB at {SLOW_LINK_BITS_PER_S / 1e6:.0f} Mbit/s"
    )

    def ratio(a: float | None, b: float | None) -> float | None:
        return None if a is None or not b else a / b

    def row(metric, game, floor=None, *, rate=None, target="-", ok=None, unit="ms") -> tuple:
        return (metric, game, floor, rate, target, ok, unit)

    targets = [
        row("cold load: ready (body[data-ready])", f["game_cold_ready_ms"], floor_cold,
            rate=ratio(f["game_cold_ready_ms"], floor_cold)),
        row("cold load: first ROLL accepted", game_cold, floor_cold,
            rate=ratio(game_cold, floor_cold),
            target=f"<= {COLD_VS_FLOOR:.2f} x floor = {fmt_ms(COLD_VS_FLOOR * floor_cold)}",
            ok=game_cold <= COLD_VS_FLOOR * floor_cold),
        row("cold load: game - floor, paired by run", f["game_minus_floor_cold_ms"]),
        row("  of which: navigation -> 'Loading Pyodide'", f["game_cold_before_pyodide_ms"],
            f["floor_cold_before_pyodide_ms"]),
        row("  of which: interpreter start", f["game_cold_interpreter_ms"],
            f["floor_cold_interpreter_ms"]),
        row("  of which: 'Loaded interpreter' -> tap/ready", f["game_cold_after_interpreter_ms"],
            f["floor_cold_after_interpreter_ms"]),
        row("cold load: started from the snapshot (loads)", f["game_snapshot_starts"],
            target=f"all {len(games)}", ok=f["game_snapshot_starts"] == len(games), unit="count"),
        row("cold load: a ROLL tap is kept (queued) from", f["game_first_tap_queued_ms"]),
        row("cold load: first paint", f["game_first_paint_ms"], f["floor_first_paint_ms"]),
        row("cold load: 16 cells laid out + visible", f["game_cells_visible_ms"]),
        row("cold load: board painted (later of the 2 above)", painted,
            target=f"<= {PAINT_MS:.0f} ms", ok=painted <= PAINT_MS),
        row("cold load: first contentful paint", f["game_fcp_ms"]),
        row("cold load: largest contentful paint", f["game_lcp_ms"]),
        row("warm load: first ROLL accepted (floor: ready)", game_warm, f["floor_warm_ready_ms"],
            rate=ratio(game_warm, game_cold),
            target=f"<= {WARM_VS_COLD:.2f} x game cold = {fmt_ms(WARM_VS_COLD * game_cold)}",
            ok=game_warm <= WARM_VS_COLD * game_cold),
        row(f"CPU x{SLOW_CPU}: cold load, first ROLL accepted", f["slow_game_cold_ms"],
            f["slow_floor_cold_ms"], rate=ratio(f["slow_game_cold_ms"], f["slow_floor_cold_ms"]),
            target="report"),
        row(f"CPU x{SLOW_CPU}: warm load, first ROLL accepted", f["slow_game_warm_ms"],
            rate=ratio(f["slow_game_warm_ms"], f["slow_game_cold_ms"]), target="report"),
        row(f"CPU x{SLOW_CPU}: cold load without the snapshot", f["slow_nosnap_cold_ms"],
            target="report"),
        row("layout shift, cold load + a whole turn (max)", f["cls_max"],
            target=f"<= {CLS_MAX}", ok=f["cls_max"] <= CLS_MAX, unit="cls"),
        row("cold load: bytes (game: to first tap)", f["game_cold_bytes"], f["floor_cold_bytes"],
            rate=ratio(f["game_cold_bytes"], f["floor_cold_bytes"]),
            target=trade, ok=bytes_ok, unit="bytes"),
        row("cold load: requests", f["game_cold_requests"], f["floor_cold_requests"],
            rate=ratio(f["game_cold_requests"], f["floor_cold_requests"]), unit="count"),
        row("precache bytes after ready (service worker)", f["game_precache_bytes"],
            target="not part of the load", unit="bytes"),
        row("warm load: requests reaching the server", f["game_warm_requests"],
            f["floor_warm_requests"], unit="count"),
        row("tap-to-render p50 (click -> DOM updated)", f["tap_p50_ms"], unit="ms2"),
        row("tap-to-render p95 (click -> DOM updated)", f["tap_p95_ms"],
            target=f"<= {TAP_P95_MS:.0f} ms", ok=f["tap_p95_ms"] <= TAP_P95_MS, unit="ms2"),
        row("tap + style/layout p95", f["tap_layout_p95_ms"], unit="ms2"),
        row(f"engine call, worst ({f['engine_worst_case']})", f["engine_worst_ms"],
            target=f"<= {ENGINE_MS:.0f} ms", ok=f["engine_worst_ms"] <= ENGINE_MS, unit="ms2"),
    ]  # fmt: skip
    return {"figures": figures, "targets": targets}


def fmt(value, unit: str) -> str:
    if value is None:
        return "-"
    if unit == "ms":
        return fmt_ms(value)
    if unit == "ms2":
        return f"{value:.2f} ms"
    if unit == "cls":
        return f"{value:.4f}"
    if unit == "bytes":
        return fmt_kb(value)
    return f"{value:g}"


def print_table(rows: list[tuple]) -> list[dict]:
    header = ("metric", "game", "floor", "ratio", "target", "verdict")
    lines = [header]
    out = []
    for metric, game, floor, ratio, target, ok, unit in rows:
        lines.append(
            (
                metric,
                fmt(game, unit),
                fmt(floor, unit),
                "-" if ratio is None else f"{ratio:.2f}",
                target,
                verdict(ok),
            )
        )
        out.append(
            {
                "metric": metric,
                "game": game,
                "floor": floor,
                "ratio": ratio,
                "target": target,
                "verdict": verdict(ok),
                "unit": unit,
            }
        )
    widths = [max(len(str(line[i])) for line in lines) for i in range(6)]
    for n, line in enumerate(lines):
        cells = [str(line[0]).ljust(widths[0])] + [
            str(c).rjust(w) for c, w in zip(line[1:4], widths[1:4], strict=True)
        ]
        cells += [str(line[4]).ljust(widths[4]), str(line[5])]
        print("  ".join(cells))
        if n == 0:
            print("  ".join("-" * w for w in widths))
    return out


def print_breakdown(game: dict, floor: dict) -> dict:
    """Milestones and phases of one run of each (the median one): cold and warm visits."""
    loads = {
        "game cold": game["cold"],
        "floor cold": floor["cold"],
        "game warm": game["warm"],
        "floor warm": floor["warm"],
    }
    marks = {name: dict(milestones(data)) for name, data in loads.items()}
    cuts = {name: dict(phases(data)) for name, data in loads.items()}
    head = "".join(f"{name:>11}" for name in loads)
    cell = lambda v: f"{'-' if v is None else f'{v:,.0f}':>11}"  # noqa: E731
    print("\nWhere the time goes (the median run of each; ms after navigation start):")
    print(f"  {'milestone':58}{head}")
    order = sorted(
        {m for table in marks.values() for m in table},
        key=lambda m: marks["game cold"].get(m, marks["floor cold"].get(m, 1e9)),
    )
    for m in order:
        print(f"  {m:58}" + "".join(cell(marks[name].get(m)) for name in loads))
    print("\n  Biggest contributors (consecutive phases, ms; sorted by the game's cold load):")
    print(f"  {'phase':58}{head}")
    order = sorted(
        {c for table in cuts.values() for c in table}, key=lambda c: -cuts["game cold"].get(c, 0)
    )
    for c in order:
        print(f"  {c:58}" + "".join(cell(cuts[name].get(c)) for name in loads))
    return {
        "milestones": {k: list(v.items()) for k, v in marks.items()},
        "phases": {k: list(v.items()) for k, v in cuts.items()},
    }


def print_requests(game: dict, floor: dict) -> dict:
    """What the game asks the server for that the floor does not (one cold load)."""
    floor_paths = {h["path"].replace("/floor/", "/") for h in floor["cold_hits"]}
    extra = [
        h
        for h in game["cold_hits"]
        if h["path"] not in floor_paths and h["path"] not in ("/floor/index.html",)
    ]
    extra_bytes = sum(h["bytes"] for h in extra)
    print(
        f"\nRequests of the game's cold load that the floor does not make: {len(extra)}, "
        f"{extra_bytes / 1024:,.1f} KB"
    )
    groups: dict[str, list[dict]] = {}
    for h in extra:
        key = (
            "magdagdon/*.py ([files])"
            if h["path"].startswith("/magdagdon/")
            else "i18n/*.json"
            if h["path"].startswith("/i18n/")
            else "static/icons/*"
            if h["path"].startswith("/static/icons/")
            else h["path"]
        )
        groups.setdefault(key, []).append(h)
    for key, group in sorted(groups.items(), key=lambda kv: -sum(h["bytes"] for h in kv[1])):
        size = sum(h["bytes"] for h in group)
        print(f"  {len(group):3} x {key:40} {size / 1024:8.1f} KB")
    precached = sorted(game["precache_hits"], key=lambda h: -h["bytes"])
    print(
        f"\nFetched by the service worker's precache after ready: {len(precached)} requests, "
        f"{sum(h['bytes'] for h in precached) / 1024:,.1f} KB (the rest came from the HTTP "
        "cache); the biggest:"
    )
    for h in precached[:8]:
        print(f"  {h['bytes'] / 1024:8.1f} KB  {h['path']}")
    return {
        "count": len(extra),
        "bytes": extra_bytes,
        "groups": {
            k: {"requests": len(v), "bytes": sum(h["bytes"] for h in v)} for k, v in groups.items()
        },
        "precached_after_ready": [(h["path"], h["bytes"]) for h in precached],
    }


def print_profile(profile: dict, engine: dict, game_cold: dict, floor_cold: dict) -> dict:
    """The game's Python: its main script before ready, and its taps (cProfile, in its own
    interpreter; the profiler inflates every figure, compare them with each other)."""
    start, taps = profile["start"], profile["taps"]
    wall = game_cold["ready"] - game_cold["events"]["py:ready"]
    floor_wall = floor_cold["ready"] - floor_cold["events"]["py:ready"]
    runtime = set(engine["runtime_modules"]) | {"cProfile", "profile", "pstats", "_lsprof"}
    added = [m for m in start["modules"] if m not in runtime]
    own = [m for m in added if m.split(".")[0] in ("magdagdon", "pyscript")]
    stdlib = engine["game_stdlib_import_ms"]
    compiled = engine["compile_game_sources"]
    print(
        f"\nThe game's main script: py:ready -> ready {wall:.0f} ms in the median cold load "
        f"(the floor's: {floor_wall:.0f} ms)"
    )
    print(
        f"  compiling the game's {compiled['files']} .py sources "
        f"({compiled['bytes'] / 1024:.0f} KB), timed in Pyodide: {compiled['ms']:.0f} ms "
        "(no .pyc: paid on every load)"
    )
    print(
        f"  importing the engine (magdagdon/__init__ and what it imports), timed in Pyodide: "
        f"{engine['import_magdagdon_ms']:.0f} ms"
    )
    print(
        "  standard-library modules the game imports beyond the runtime's: "
        + (", ".join(f"{m} {ms:.0f} ms" for m, ms in stdlib.items()) or "none")
    )
    print(f"  modules loaded by the game's start: {len(added)} ({len(own)} of magdagdon/pyscript)")
    print(
        f"  cProfile of the main script ({start['profiled_ms']:.0f} ms profiled); compile() calls:"
    )
    for caller, c in sorted(start["compile"].items(), key=lambda kv: -kv[1]["ms"]):
        print(f"    {c['ms']:6.0f} ms  {c['calls']:3} calls from {caller}")
    print("  heaviest game functions at start (cumulative ms, calls):")
    for name, calls, _, cumulative in start["game_functions"][:10]:
        print(f"    {cumulative:7.1f}  {calls:5}  {name}")
    n = max(1, taps["taps"])
    print(
        f"\n  cProfile of {taps['taps']} taps: where the handler's time goes "
        "(self ms per tap, calls per tap; JS calls count in their Python caller):"
    )
    for name, calls, self_ms, _ in taps["game_functions"][:10]:
        print(f"    {self_ms / n:7.2f}  {calls / n:7.1f}  {name}")
    return {"wall_ms": wall, "profile": profile, "modules_added": added}


def representative(runs: list[dict], key: str) -> dict:
    """The run whose cold ``key`` time is the median one."""
    ordered = sorted(runs, key=lambda r: r["cold"][key])
    return ordered[len(ordered) // 2]


def strip(run: dict) -> dict:
    """A run for the JSON file, without the bulky resource lists."""
    out = dict(run)
    for visit in ("cold", "warm"):
        if visit in run:
            out[visit] = {k: v for k, v in run[visit].items() if k != "resources"}
    out.pop("cold_hits", None)
    out.pop("precache_hits", None)
    return out


def measure(args: argparse.Namespace) -> dict:
    """Build, serve and measure everything; the raw results."""
    with tempfile.TemporaryDirectory(prefix="magdagdon-bench-") as tmp:
        site = Path(tmp) / "site"
        snapshot: dict = {}
        release = prepare_site(site, snapshot)
        server, base, hits = serve(site)
        print(f"site: release {release} built in {site}, served at {base}")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS + BLOCK_OTHER_HOSTS
            )
            blocked = offline_check(browser, base)
            shifts = [layout_shift(browser, base, args.seed + n) for n in range(args.shift_runs)]
            print("  layout shift: " + ", ".join(f"{r['cls']:.4f}" for r in shifts), flush=True)
            games, floors = [], []
            for n in range(args.runs):
                order = (game_run, floor_run) if n % 2 == 0 else (floor_run, game_run)
                for fn in order:
                    (games if fn is game_run else floors).append(fn(playwright, base, hits))
                print(
                    f"  run {n + 1}/{args.runs}: game first tap "
                    f"{games[-1]['cold']['tapAccepted']:.0f} ms cold, "
                    f"{games[-1]['warm']['tapAccepted']:.0f} ms warm; floor "
                    f"{floors[-1]['cold']['ready']:.0f} ms cold, "
                    f"{floors[-1]['warm']['ready']:.0f} ms warm",
                    flush=True,
                )
            slow: dict[str, list[dict]] = {"game": [], "nosnap": [], "floor": []}
            for n in range(args.slow_runs):
                slow["game"].append(game_run(playwright, base, hits, slow=True))
                slow["nosnap"].append(
                    game_run(playwright, base + NO_SNAPSHOT, hits, slow=True, warm=False)
                )
                slow["floor"].append(floor_run(playwright, base, hits, slow=True))
                print(
                    f"  CPU x{SLOW_CPU} run {n + 1}/{args.slow_runs}: game "
                    f"{slow['game'][-1]['cold']['tapAccepted']:.0f} ms cold, "
                    f"{slow['game'][-1]['warm']['tapAccepted']:.0f} ms warm; without its "
                    f"snapshot {slow['nosnap'][-1]['cold']['tapAccepted']:.0f} ms cold; floor "
                    f"{slow['floor'][-1]['cold']['ready']:.0f} ms cold",
                    flush=True,
                )
            taps = tap_latency(browser, base, args.seed, args.taps)
            print(f"  taps: {taps['taps']} timed, {taps['games_finished']} games finished")
            engine = engine_times(browser, base)
            profile = profile_game(browser, base, args.seed + 1)
            browser.close()
        server.shutdown()
    return {"release": release, "blocked": blocked, "games": games, "floors": floors,
            "slow": slow, "shifts": shifts, "snapshot": snapshot,
            "taps": taps, "engine": engine, "profile": profile}  # fmt: skip


def report(results: dict, args: argparse.Namespace, began: float, load_before: tuple) -> None:
    """Print the table and the breakdowns; write the JSON file if asked."""
    games, floors, taps, engine = (results[k] for k in ("games", "floors", "taps", "engine"))
    median_game, median_floor = (
        representative(games, "tapAccepted"),
        representative(floors, "ready"),
    )
    summary = summarise(results)
    cpus = os.cpu_count() or 1
    print(
        f"\nMAGDAGDON load benchmark: medians of {args.runs} runs (Chromium, phone context, "
        f"{cpus} cores, load average {load_before[0]:.1f} at start)"
    )
    if load_before[0] > cpus:
        print("  note: the machine is busy (load average above its cores): loads vary a lot;")
        print("  the ratios of interleaved game and floor loads are the figures least affected.")
    print()
    table = print_table(summary["targets"])
    made = results["snapshot"]
    print(
        f"\nThe snapshot: {made['bytes'] / 1e6:.1f} MB of Python's memory, "
        f"{made['gzipped'] / 1e6:.2f} MB gzipped, {made['modules']} modules imported, "
        f"made in {made['ms'] / 1000:.1f} s"
        f" (not importable in Node, so imported at start: {made['missing'] or 'none'})"
    )
    breakdown = print_breakdown(median_game, median_floor)
    requests = print_requests(median_game, median_floor)

    print(
        "\nEngine calls in Pyodide (ms; worst = slowest input re-timed, median of 5; "
        f"clock step {engine['clock_resolution_ms'] * 1000:.0f} µs):"
    )
    for c in sorted(engine["cases"], key=lambda c: -c["worst_ms"]):
        mark = "MISS" if c["worst_ms"] > ENGINE_MS else "ok"
        print(
            f"  {c['worst_ms']:7.3f} worst {c['median_ms']:7.3f} median {c['max_ms']:7.2f} "
            f"raw max  n={c['n']:<5} {mark:4} {c['case']}"
        )
    start_report = print_profile(
        results["profile"], engine, median_game["cold"], median_floor["cold"]
    )
    print("\nTap-to-render by kind of tap (handler ms: p50 / p95 / max, n):")
    for kind, s in taps["by_kind"].items():
        print(f"  {kind:12} {s['p50']:6.2f} / {s['p95']:6.2f} / {s['max']:6.2f}  n={s['n']}")

    problems = [p for r in games + floors for p in r["problems"]] + taps["problems"]
    if not results["blocked"]:
        problems.append("a request to another host was NOT blocked")
    if not all(r[v]["python"] == "snapshot" for r in games for v in ("cold", "warm")):
        problems.append("a load of the game did not start from its snapshot")
    if not all(r["warm_controlled"] for r in games):
        problems.append("a warm visit of the game was not controlled by its service worker")
    if taps["py_error_taps"]:
        problems.append(f"{taps['py_error_taps']} taps left a .py-error")
    if problems:
        print(f"\nProblems seen ({len(problems)}):")
        for p in sorted(set(problems)):
            print(f"  - {p}")
    misses = [r for r in table if r["verdict"] == "MISS"]
    elapsed = time.monotonic() - began
    print(
        f"\n{len(misses)} target(s) missed; benchmark took {elapsed:.0f} s "
        f"(load average {os.getloadavg()[0]:.1f} at the end)."
    )
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        data = {
            "release": results["release"],
            "runs": args.runs,
            "seconds": elapsed,
            "machine": {"cpus": cpus, "loadavg_start": load_before, "loadavg_end": os.getloadavg()},
            "other_hosts_blocked": results["blocked"],
            "figures": summary["figures"],
            "table": table,
            "breakdown": breakdown,
            "game_only_requests": requests,
            "taps": taps,
            "engine": engine,
            "main_script": start_report,
            "game_runs": [strip(r) for r in games],
            "slow_runs": {k: [strip(r) for r in v] for k, v in results["slow"].items()},
            "layout_shift": results["shifts"],
            "snapshot": results["snapshot"],
            "floor_runs": [strip(r) for r in floors],
            # The median runs in full: resource timings, py:progress events, server log.
            "median_game_run": median_game,
            "median_floor_run": median_floor,
            "problems": problems,
        }
        args.json.write_text(json.dumps(data, indent=1, default=str) + "\n", "utf-8")
        print(f"figures written to {args.json}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="loads of each kind (default 7)")
    parser.add_argument(
        "--slow-runs",
        type=int,
        default=3,
        help=f"loads with the CPU slowed {SLOW_CPU}x (default 3)",
    )
    parser.add_argument(
        "--shift-runs", type=int, default=3, help="cold loads + a turn for layout shift (3)"
    )
    parser.add_argument("--json", type=Path, help="write every figure here as JSON")
    parser.add_argument("--taps", type=int, default=300, help="taps timed (default 300)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the tapped game")
    args = parser.parse_args(argv)
    began, load_before = time.monotonic(), os.getloadavg()
    report(measure(args), args, began, load_before)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
