"""Plays the built game in WebKit (Debian's WebKitGTK, Safari's engine) as a person would.

Run by tests/engines/test_webkit.py with the system Python, which has PyGObject and the
WebKit2 4.1 bindings (apt: gir1.2-webkit2-4.1 python3-gi python3-gi-cairo), under an X
server (xvfb-run):

    python3 tests/engines/webkit_driver.py URL RESULT.json SHOTS_DIR

Two visits to URL on one browser profile, each in a new tab:
  1. a first visit (a seeded game: page.SEEDED): Python starts, one turn is played by clicks
     (real button events sent to the view at the element's centre), the service worker installs
     and takes charge; the board is photographed (SHOTS_DIR/board.png, with its box and its
     dice's in CSS pixels in the result);
  2. a second visit: Python starts again, served by the service worker.
For each visit the result holds the time Python was ready, the page's errors (uncaught
exceptions, rejections, console.error, `.py-error`), what Resource Timing saw fetched and
whether a service worker controlled the page (page.REPORT). The page's console (the browser's
own warnings included) goes to standard error, a line a message ("CONSOLE JS ERROR ..."); the
test reads it there. Standard library and PyGObject only: this never runs in the tests'
virtualenv.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gdk, GLib, Gtk, WebKit2  # noqa: E402
from page import BOARD, REPORT, SEEDED, STARTED, STATE, WATCH, play_turn  # noqa: E402

WIDTH, HEIGHT = 390, 760
READY_S = 120
STEP_S = 60


class Timeout(Exception):
    pass


def spin(done, seconds: float, what: str) -> None:
    """Run GLib's main loop until done() is true; Timeout after `seconds`."""
    deadline = time.monotonic() + seconds
    context = GLib.MainContext.default()
    while not done():
        if time.monotonic() > deadline:
            raise Timeout(f"WebKit: {what} after {seconds:.0f} s")
        context.iteration(False) or time.sleep(0.01)


def pause(seconds: float) -> None:
    """Let the page run for `seconds` (GLib's main loop turning)."""
    deadline = time.monotonic() + seconds
    spin(lambda: time.monotonic() > deadline, seconds + 5, "a pause that never ended")


def evaluate(view: WebKit2.WebView, body: str, seconds: float = STEP_S):
    """The JSON value of an async function's body, run in the page (its promise awaited)."""
    out: dict = {}

    def finished(source, result):
        try:
            value = source.call_async_javascript_function_finish(result)
            out["value"] = json.loads(value.to_json(0) or "null")
        except GLib.Error as error:
            out["error"] = error.message

    view.call_async_javascript_function(body, -1, None, None, None, None, finished)
    spin(lambda: out, seconds, f"no answer to {body[:60]!r}")
    if "error" in out:
        raise RuntimeError(f"WebKit: {body[:60]!r} threw {out['error']}")
    return out["value"]


def wait_for(view: WebKit2.WebView, condition: str, seconds: float = STEP_S) -> None:
    deadline = time.monotonic() + seconds
    while not evaluate(view, f"return Boolean({condition});"):
        if time.monotonic() > deadline:
            raise Timeout(f"WebKit: still not {condition} after {seconds:.0f} s")
        pause(0.1)


def centre(view: WebKit2.WebView, selector: str) -> tuple[float, float]:
    try:
        wait_for(view, f"document.querySelector({json.dumps(selector)})")
    except Timeout:
        state = evaluate(view, STATE)
        raise AssertionError(f"WebKit: nothing to click matches {selector} in {state}") from None
    box = evaluate(
        view,
        f"""const el = document.querySelector({json.dumps(selector)});
        if (!el) return null;
        el.scrollIntoView({{ block: "center" }});
        const r = el.getBoundingClientRect();
        return [r.left + r.width / 2, r.top + r.height / 2];""",
    )
    if box is None:
        raise AssertionError(f"WebKit: nothing to click matches {selector}")
    return box[0], box[1]


def click(view: WebKit2.WebView, selector: str) -> None:
    """A left click at the element's centre, as the windowing system would deliver it."""
    x, y = centre(view, selector)
    window = view.get_window()
    pointer = Gdk.Display.get_default().get_default_seat().get_pointer()
    for kind in (Gdk.EventType.BUTTON_PRESS, Gdk.EventType.BUTTON_RELEASE):
        event = Gdk.Event.new(kind)
        event.button.window = window
        event.button.x, event.button.y = x, y
        event.button.button = 1
        event.button.time = Gtk.get_current_event_time()
        event.set_device(pointer)
        if kind == Gdk.EventType.BUTTON_RELEASE:
            event.button.state = Gdk.ModifierType.BUTTON1_MASK
        view.event(event)
        pause(0.05)


def photograph(view: WebKit2.WebView, path: Path) -> dict:
    """The visible part of the page as a PNG; returns the board's and its dice's boxes."""
    boxes = evaluate(view, BOARD)
    pause(0.5)  # the scroll painted
    out: dict = {}
    view.get_snapshot(
        WebKit2.SnapshotRegion.VISIBLE,
        WebKit2.SnapshotOptions.NONE,
        None,
        lambda source, result: out.setdefault("surface", source.get_snapshot_finish(result)),
    )
    spin(lambda: out, STEP_S, "no screenshot")
    out["surface"].write_to_png(str(path))
    scale = out["surface"].get_width() / boxes["width"]  # device pixels per CSS pixel
    return {**boxes, "png": str(path), "scale": scale}


def open_tab(context: WebKit2.WebContext, url: str) -> tuple[Gtk.Window, WebKit2.WebView]:
    scripts = WebKit2.UserContentManager()
    scripts.add_script(
        WebKit2.UserScript.new(
            WATCH,
            WebKit2.UserContentInjectedFrames.TOP_FRAME,
            WebKit2.UserScriptInjectionTime.START,
            None,
            None,
        )
    )
    view = WebKit2.WebView(web_context=context, user_content_manager=scripts)
    view.get_settings().set_enable_write_console_messages_to_stdout(True)
    window = Gtk.Window()
    window.set_default_size(WIDTH, HEIGHT)
    window.add(view)
    window.show_all()
    view.load_uri(url)
    wait_for(view, STARTED, READY_S)
    return window, view


def first_visit(context: WebKit2.WebContext, url: str, shots: Path) -> dict:
    """Python starts, a turn by clicks, the board photographed, the service worker in charge."""
    window, view = open_tab(context, url)
    report = evaluate(view, REPORT)
    if report["ready_ms"] is not None:
        play_turn(
            lambda body: evaluate(view, body),
            lambda selector: click(view, selector),
            lambda condition: wait_for(view, condition),
        )
        report["board"] = photograph(view, shots / "board.png")
        wait_for(view, "navigator.serviceWorker?.controller", READY_S)
        wait_for(view, "document.documentElement.dataset.extras", READY_S)  # (boot.js)
        board, ready_ms = report["board"], report["ready_ms"]
        report = {**evaluate(view, REPORT), "board": board, "ready_ms": ready_ms}
    window.destroy()
    return report


def second_visit(context: WebKit2.WebContext, url: str) -> dict:
    """Python starts again; kept open a few seconds past the load (WebKit says then which
    preloaded files went unused)."""
    window, view = open_tab(context, url)
    wait_for(view, "document.readyState === 'complete'")
    pause(5)
    report = evaluate(view, REPORT)
    window.destroy()
    return report


def main(url: str, out: Path, shots: Path) -> None:
    version = ".".join(
        str(part())
        for part in (
            WebKit2.get_major_version,
            WebKit2.get_minor_version,
            WebKit2.get_micro_version,
        )
    )
    result: dict = {"engine": f"WebKitGTK {version}"}
    with tempfile.TemporaryDirectory(prefix="webkit-profile-") as profile:
        data = WebKit2.WebsiteDataManager(
            base_data_directory=f"{profile}/data", base_cache_directory=f"{profile}/cache"
        )
        context = WebKit2.WebContext(website_data_manager=data)
        try:
            result["first"] = first_visit(context, url + SEEDED, shots)
            print("ENGINES: second visit", flush=True)
            result["second_started"] = time.time()
            result["second"] = second_visit(context, url)
        except (Timeout, AssertionError, RuntimeError) as error:
            result["error"] = str(error)
    out.write_text(json.dumps(result, indent=1), "utf-8")


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]))
