"""The game in the other engines a player has: WebKit (Safari's, as Debian's WebKitGTK) and
Gecko (Firefox ESR). Playwright's own builds of both cannot be installed here, so each engine
is driven by its own means: WebKit from the system Python's bindings (webkit_driver.py, run
under xvfb-run), Firefox through Marionette (firefox.py). scripts/test.sh installs both.

Every test here carries the markers `engines` and `e2e` (`pytest -m engines` runs these
alone; `-m "not e2e"` skips every browser). Each engine plays the same visit twice on one
profile (see webkit_driver.py); its tests read what it reported. Fixtures:

  engine_site   session: tools/build.py's output served on http://127.0.0.1:PORT/, the
                server's log of every request (time, path, status) in ``.requests``
"""

from __future__ import annotations

import functools
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.e2e.harness import _QuietHandler, _QuietServer, built_once

HERE = Path(__file__).resolve().parent
# Runs under the system Python (PyGObject), never imported here: keep --doctest-modules away.
collect_ignore = ["webkit_driver.py"]
#: What each engine said it was and how soon Python was ready: printed at the end of the run.
SEEN: dict[str, str] = {}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.engines)
            item.add_marker(pytest.mark.e2e)


def pytest_terminal_summary(terminalreporter) -> None:
    for engine, said in SEEN.items():
        terminalreporter.write_line(f"engines: {engine}: {said}")


@dataclass
class Site:
    url: str
    folder: Path
    requests: list[tuple[float, str, int]] = field(default_factory=list)

    def asked_since(self, moment: float) -> list[str]:
        """The paths the server was asked for since ``moment`` (time.time())."""
        return [path for at, path, _ in self.requests if at >= moment]


class _LoggingHandler(_QuietHandler):
    def log_request(self, code: object = "-", size: object = "-") -> None:
        path = urlsplit(self.path).path.lstrip("/")
        self.server.site.requests.append((time.time(), path, int(str(code))))  # type: ignore[attr-defined]


@pytest.fixture(scope="session")
def engine_site(tmp_path_factory):
    folder = built_once(tmp_path_factory)
    handler = functools.partial(_LoggingHandler, directory=str(folder))
    server = _QuietServer(("127.0.0.1", 0), handler)
    server.site = Site(f"http://127.0.0.1:{server.server_address[1]}/", folder)  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, name="engine-site", daemon=True).start()
    yield server.site  # type: ignore[attr-defined]
    server.shutdown()
    server.server_close()
