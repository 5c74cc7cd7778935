"""The game in WebKit, Safari's engine (Debian's WebKitGTK): Python starts, a turn by taps, no
page error, a second visit served by the service worker that fetches nothing twice, the board's
pips readable on a screenshot (the tests: smoke.py).

webkit_driver.py plays it under the system Python (its WebKit bindings come from Debian, not
from PyPI) in a virtual X server; it prints the page's console, which is read here."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
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

DRIVER = Path(__file__).resolve().parent / "webkit_driver.py"
SYSTEM_PYTHON = "/usr/bin/python3"
INSTALL = "apt-get install gir1.2-webkit2-4.1 python3-gi python3-gi-cairo xvfb (test.sh does)"
#: Both visits, the service worker's install between them: a few tens of seconds here.
TIMEOUT_S = 300
#: WebKit's console on stderr: "CONSOLE ERROR ...", "CONSOLE JS ERROR ...", "CONSOLE NETWORK
#: ERROR ..." (a console.error, an uncaught exception, a failed load).
CONSOLE_ERROR = re.compile(r"\bCONSOLE (?:[A-Z]+ )?ERROR\b")
UNUSED_PRELOAD = "preloaded using link preload but not used"


def _check_installed() -> None:
    probe = "import gi; gi.require_version('WebKit2', '4.1'); from gi.repository import WebKit2"
    if (
        not shutil.which("xvfb-run")
        or subprocess.run([SYSTEM_PYTHON, "-c", probe], capture_output=True, check=False).returncode
    ):
        pytest.fail(f"WebKitGTK is not installed: {INSTALL}", pytrace=False)


@pytest.fixture(scope="module")
def run(engine_site, tmp_path_factory) -> dict:
    _check_installed()
    folder = tmp_path_factory.mktemp("webkit")
    result = folder / "result.json"
    command = ["xvfb-run", "--auto-servernum", SYSTEM_PYTHON, str(DRIVER), engine_site.url,
               str(result), str(folder)]  # fmt: skip
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired as error:
        pytest.fail(f"WebKit: the visits took more than {TIMEOUT_S} s:\n{error.stderr}")
    if not result.exists():
        pytest.fail(f"WebKit's driver failed ({done.returncode}):\n{done.stderr[-3000:]}")
    report = json.loads(result.read_text("utf-8"))
    lines = done.stderr.splitlines()
    report["console_errors"] = [line for line in lines if CONSOLE_ERROR.search(line)]
    report["preload_warnings"] = [line for line in lines if UNUSED_PRELOAD in line]
    ready = [report.get(v, {}).get("ready_ms") for v in ("first", "second")]
    SEEN[report["engine"]] = "Python ready in {} ms, on the second visit {} ms".format(*ready)
    print(f"{report['engine']}: {SEEN[report['engine']]}")
    return report
