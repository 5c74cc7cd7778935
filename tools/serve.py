#!/usr/bin/env python3
"""Serve a folder with Python's own http.server, with the MIME types the game needs whatever
the machine's /etc/mime.types says (module scripts and wasm streaming are strict about them).

    python3 tools/serve.py [--port 8000] [--bind 127.0.0.1] [DIRECTORY]   (default build/site)
"""

from __future__ import annotations

import argparse
import contextlib
import functools
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent


class SiteHandler(SimpleHTTPRequestHandler):
    """The one MIME table of every local server of the game: this script's, the browser tests'
    (tests/e2e/harness.py) and the benchmarks' subclass it. Text the page fetches (.py, .toml)
    is UTF-8 and says so, rather than leaving the charset (and, for .py, the type) to the
    machine."""

    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".toml": "text/plain; charset=utf-8",
        ".py": "text/plain; charset=utf-8",
        ".svg": "image/svg+xml",
        ".webmanifest": "application/manifest+json",
    }


def make_server(directory: Path, host: str, port: int, handler=SiteHandler) -> ThreadingHTTPServer:
    return ThreadingHTTPServer((host, port), functools.partial(handler, directory=str(directory)))


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve MAGDAGDON's site folder.")
    parser.add_argument("directory", nargs="?", type=Path, default=ROOT / "build" / "site")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--bind", default="127.0.0.1")
    args = parser.parse_args()
    server = make_server(args.directory, args.bind, args.port)
    print(f"Serving MAGDAGDON at http://{args.bind}:{args.port}/  (Ctrl-C to stop)")
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
