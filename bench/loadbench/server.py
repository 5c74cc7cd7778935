"""The site and its server.

prepare_site() builds the current code, with the floor beside it and a copy without the
snapshot; serve() serves it on 127.0.0.1 with tools/serve.py's handler (its MIME types), quiet,
and records every response it sends (a Hit: when, what, how many body bytes), so that the bytes
of a load are counted where they leave the server. bench/lighthouse.py serves its site with it
too.
"""

from __future__ import annotations

import functools
import re
import shutil
import threading
import time
from dataclasses import dataclass
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlsplit

from tools.build import ROOT, STDLIB, archive, build
from tools.serve import SiteHandler

FLOOR_SOURCES = Path(__file__).resolve().parents[1] / "floor"
NO_SNAPSHOT = "nosnap/"


# -- the site -------------------------------------------------------------------------------------
def prepare_site(out: Path, report: dict | None = None) -> str:
    """Build the current code into ``out``, put the floor pages beside it (out/floor/) and a copy
    of the site whose page names no snapshot (out/nosnap/: Python starts the ordinary way)."""
    release = build(out, report=report)
    copy = out / NO_SNAPSHOT
    shutil.copytree(out, copy)
    page = (copy / "index.html").read_text("utf-8")
    page = re.sub(r'\s*<meta name="magdagdon-snapshot"[^>]*>', "", page)
    (copy / "index.html").write_text(page, "utf-8")
    add_floor(out)
    return release


def add_floor(out: Path) -> None:
    """The bare PyScript pages beside the built site ``out`` (out/floor/, loading the site's
    very own ../static/vendor/ files), the whole standard library they load, as any PyScript
    page does (the site ships a start archive instead: tools/build.py, census), and the game's
    archive of its modules and catalogues, for the engine's page (engine.toml unpacks it)."""
    shutil.copytree(FLOOR_SOURCES, out / "floor", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / STDLIB, out / STDLIB)
    (out / "floor" / "magdagdon.zip").write_bytes(archive(ROOT))


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
    """Serve ``directory`` on a free port of 127.0.0.1 from a background thread: the server, its
    base URL and the list its responses are appended to."""
    hits: list[Hit] = []
    handler = type("Handler", (RecordingHandler,), {"hits": hits})
    server = QuietServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, name="bench-server", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", hits


def hits_between(hits: list[Hit], start: float, end: float) -> list[Hit]:
    return [h for h in list(hits) if start <= h.start < end]


def byte_summary(hits: list[Hit]) -> dict:
    return {
        "requests": len(hits),
        "bytes": sum(h.bytes for h in hits),
        "not_modified": sum(1 for h in hits if h.status == 304),
        "paths": sorted({h.path for h in hits}),
    }
