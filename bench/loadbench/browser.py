"""Chromium for the benchmark: contexts watched for errors, brand-new profiles for the loads, the
CPU slowed like Lighthouse's phone, and one load timed by the probe (probes/probe.js).

Other hosts are blocked in the browser's network stack, not with context.route() (see the
package's docstring: request interception would turn the HTTP cache off).
"""

from __future__ import annotations

import contextlib
import tempfile
import time
from collections.abc import Iterator

from playwright.sync_api import Browser, BrowserContext, Page, Playwright

from tests.e2e.harness import CHROMIUM, CHROMIUM_ARGS, PHONE

from .probes import COLLECT_JS, PROBE_JS

LOAD_TIMEOUT_MS = 90_000
PROFILE_SETTLE_S = 0.5
SETTLE_S = 3.0  # from a cold load's end to the warm visit (see settle())
SLOW_CPU = 4  # CPU slowdown of the "phone" loads (Lighthouse's mobile model)
# Block every host but loopback without request interception (see the package's docstring).
BLOCK_OTHER_HOSTS = [
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
    "--proxy-server=127.0.0.1:9",  # loopback bypasses proxies implicitly; nothing else does
]


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
    service worker's precache would take it from the network again.)"""
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


def load(page: Page, url: str, until: str, timeout_ms: float = LOAD_TIMEOUT_MS) -> dict:
    """Navigate and wait for the probe's ``until`` ("ready" or "tapAccepted"); the probe's data."""
    if hasattr(page, "bench_cdp"):  # a slowed page stays slowed on every visit
        page.bench_cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOW_CPU})
    page.goto(url, wait_until="commit", timeout=timeout_ms)
    page.wait_for_function(
        f"""() => (window.__bench && window.__bench.{until} !== null)
                  || document.querySelector(".py-error") !== null""",
        timeout=timeout_ms,
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
