"""Plays the built game in Firefox (Debian's firefox-esr, headless) through Marionette, the
browser's own remote protocol (the `marionette_driver` package; no geckodriver), as
test_firefox.py asks: the same two visits on one profile as webkit_driver.py plays in WebKit,
reported in the same shape (smoke.py's docstring).

Clicks are Marionette's element clicks (WebDriver's: scrolled into view, refused when covered,
delivered as real input). The browser's console (the page's and its own) goes to a log file;
the page's lines are read from it.
"""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path

from marionette_driver.by import By
from marionette_driver.marionette import Marionette
from PIL import Image

from .page import BOARD, REPORT, SEEDED, STARTED, WATCH, play_turn

FIREFOX = "/usr/bin/firefox-esr"
READY_S = 120
STEP_S = 60
#: The page's console on the log; the browser's own background services quiet (they call home,
#: which nothing here can reach, and log their failures as errors).
PREFS = {
    "devtools.console.stdout.content": True,
    "devtools.console.stdout.chrome": False,
    "messaging-system.rsexperimentloader.enabled": False,
    "app.normandy.enabled": False,
    "browser.backup.enabled": False,
    "browser.backup.scheduled.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.enabled": False,
}


class Timeout(AssertionError):
    pass


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def run_js(client: Marionette, body: str):
    """A function's body run in the page itself (not in a sandbox of Marionette's)."""
    return client.execute_script(body, sandbox=None)


def wait_for(client: Marionette, condition: str, seconds: float = STEP_S) -> None:
    deadline = time.monotonic() + seconds
    while not run_js(client, f"return Boolean({condition});"):
        if time.monotonic() > deadline:
            raise Timeout(f"Firefox: still not {condition} after {seconds:.0f} s")
        time.sleep(0.1)


def click(client: Marionette, selector: str) -> None:
    try:
        wait_for(client, f"document.querySelector({json.dumps(selector)})")
    except Timeout:
        raise AssertionError(f"Firefox: nothing to click matches {selector}") from None
    client.find_element(By.CSS_SELECTOR, selector).click()


def open_tab(client: Marionette, url: str) -> None:
    """``url`` in a new tab (the old one closed), watched, until Python is ready."""
    tab = client.open(type="tab", focus=True)["handle"]
    client.close()  # the current one
    client.switch_to_window(tab)
    client.navigate(url)
    run_js(client, WATCH)
    wait_for(client, STARTED, READY_S)


def photograph(client: Marionette, path: Path) -> dict:
    """The viewport as a PNG, the board in view; returns the board's and its dice's boxes."""
    boxes = run_js(client, BOARD)
    time.sleep(0.5)  # the scroll painted
    path.write_bytes(client.screenshot(format="binary", full=False))
    with Image.open(path) as image:
        scale = image.width / boxes["width"]  # device pixels per CSS pixel
    return {**boxes, "png": str(path), "scale": scale}


def first_visit(client: Marionette, url: str, shots: Path) -> dict:
    """Python starts, a turn by clicks, the board photographed, the service worker in charge."""
    open_tab(client, url)
    report = run_js(client, REPORT)
    if report["ready_ms"] is not None:
        play_turn(
            lambda body: run_js(client, body),
            lambda selector: click(client, selector),
            lambda condition: wait_for(client, condition),
        )
        board = photograph(client, shots / "board.png")
        wait_for(client, "navigator.serviceWorker?.controller", READY_S)
        wait_for(client, "document.documentElement.dataset.extras", READY_S)  # (boot.js)
        report = {**run_js(client, REPORT), "board": board, "ready_ms": report["ready_ms"]}
    return report


def second_visit(client: Marionette, url: str) -> dict:
    """Python starts again; kept open a few seconds past the load (an engine says then which
    preloaded files went unused)."""
    open_tab(client, url)
    time.sleep(5)
    return run_js(client, REPORT)


def play(url: str, shots: Path, log: Path) -> dict:
    """Both visits on a fresh profile; the browser's console in ``log``."""
    client = Marionette(
        bin=FIREFOX, headless=True, port=free_port(), gecko_log=str(log), prefs=PREFS,
        startup_timeout=READY_S,
    )  # fmt: skip
    try:
        client.start_session()
        result: dict = {"engine": f"Firefox {client.session_capabilities['browserVersion']}"}
        result["first"] = first_visit(client, url + SEEDED, shots)
        result["second_started"] = time.time()
        result["second"] = second_visit(client, url)
    except AssertionError as error:
        result["error"] = str(error)
    finally:
        client.cleanup()
    return result
