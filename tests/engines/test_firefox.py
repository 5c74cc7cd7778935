"""The game in Firefox (Debian's firefox-esr): Python starts, a turn by taps, no page error, a
second visit served by the service worker that fetches nothing twice, the board's pips
readable on a screenshot (the tests: smoke.py). firefox.py plays it through Marionette."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from .conftest import SEEN
from .smoke import (
    test_no_page_error,
    test_python_starts_and_a_turn_is_played_by_taps,
    test_the_board_shows_each_placed_die_s_pips,
    test_the_second_visit_fetches_nothing_twice,
    test_the_second_visit_is_served_by_the_service_worker,
)

__all__ = [
    "test_python_starts_and_a_turn_is_played_by_taps",
    "test_no_page_error",
    "test_the_second_visit_is_served_by_the_service_worker",
    "test_the_second_visit_fetches_nothing_twice",
    "test_the_board_shows_each_placed_die_s_pips",
]

#: The page's console on the browser's log: "JavaScript error: URL, line N: ..." (uncaught),
#: "console.error: ..." (the page's own calls). A message runs on over indented lines; one that
#: names a resource:// or chrome:// script is the browser's own (its background services).
CONSOLE_ERROR = re.compile(r"^(?:JavaScript error|console\.error): ")
BROWSER_ITSELF = re.compile(r"(?:resource|chrome|moz-extension)://")
#: Firefox's words for a preload nothing used.
UNUSED_PRELOAD = re.compile(r"preloaded with link preload was not used", re.IGNORECASE)
#: Firefox stops a page's running script when its tab closes or the browser quits (the second
#: visit's tab replaces the first one's; the run ends with a quit), and says so in a warning.
#: Stopped inside a task of Python's (Pyodide's JSPI "promising" call), the dying page then
#: reports the stop itself and, for each step of Python's still on its timers, that its thread
#: state is left inside the stopped task: those two messages, after such a stop, are the
#: page being closed, not an error of the page while it was open.
KILLED = re.compile(r"^JavaScript warning: .*: Script terminated by timeout")
AFTER_KILLED = re.compile(
    r"^JavaScript error: , line 0: uncaught exception: undefined$"
    r"|: PythonError: SystemError: Cannot enter a promising task from inside another running"
)


def page_errors(said: list[str]) -> list[str]:
    """The page's errors among the log's messages ``said``: neither the browser's own nor what
    a page whose script Firefox stopped says after the stop (KILLED)."""
    errors, killed = [], False
    for message in said:
        killed = killed or bool(KILLED.match(message))
        theirs = BROWSER_ITSELF.search(message) or (killed and AFTER_KILLED.search(message))
        if CONSOLE_ERROR.match(message) and not theirs:
            errors.append(message)
    return errors


def messages(log: Path) -> list[str]:
    """The log's messages, each with its indented continuation lines."""
    out: list[str] = []
    for line in log.read_text("utf-8", errors="replace").splitlines() if log.exists() else []:
        if out and line[:1].isspace():
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out


@pytest.fixture(scope="module")
def run(engine_site, tmp_path_factory) -> dict:
    if not shutil.which("firefox-esr"):
        pytest.fail("Firefox is not installed: apt-get install firefox-esr (test.sh does)")
    from .firefox import play  # (needs marionette_driver, from requirements-test.txt)

    folder = tmp_path_factory.mktemp("firefox")
    log = folder / "firefox.log"
    report = play(engine_site.url, folder, log)
    said = messages(log)
    report["console_errors"] = page_errors(said)
    report["preload_warnings"] = [m for m in said if UNUSED_PRELOAD.search(m)]
    ready = [report.get(v, {}).get("ready_ms") for v in ("first", "second")]
    SEEN[report["engine"]] = "Python ready in {} ms, on the second visit {} ms".format(*ready)
    print(f"{report['engine']}: {SEEN[report['engine']]}")
    return report
