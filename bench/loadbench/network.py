"""A phone's first visit, served the way GitHub Pages serves the site (bench/load.py network).

The server (stdlib only, so that its pure parts are tested under CPython: tests/unit/
test_netbench.py):

- compresses as GitHub Pages does: gzip on the fly (Content-Encoding: gzip, Vary:
  Accept-Encoding) for the suffixes in GZIPPED, when the request accepts gzip; a ``.gz`` or a
  ``.zip`` is sent as it is (a ``.gz`` as application/octet-stream, with no Content-Encoding);
  never brotli. Each file is compressed once and kept (a CDN does the same), so that the
  server's CPU is not part of a load;
- sends ``Cache-Control: max-age=600``, Last-Modified and an ETag (weak for a compressed body),
  and answers If-None-Match / If-Modified-Since with 304;
- keeps connections alive (HTTP/1.1, one request after another on each, as a browser reuses
  them), at most MAX_REQUESTS_PER_CONNECTION per connection, idle ones closed after
  IDLE_TIMEOUT_S;
- models the phone's link (a Link): before each response a round trip (``rtt_s``), then the
  body in CHUNK-byte pieces, each drawn from ONE token bucket (``rate`` bytes/s) that every
  connection shares: six parallel downloads share the bandwidth as they would on a phone;
- records what it sends: every response (a NetHit: when its request was read, when its first
  and last byte left, its path, status and bytes on the wire, headers included) and every piece
  of body written (``sent``: (epoch ms, bytes)), so that a load's bytes are counted where they
  leave the server;
- binds 127.0.0.1 only, and stops by itself after ``lifetime_s`` if nobody stops it.
"""

from __future__ import annotations

import email.utils
import functools
import gzip
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar
from urllib.parse import unquote, urlsplit

from tools.serve import SiteHandler

#: What GitHub Pages compresses on the fly (by suffix); everything else goes as it is.
GZIPPED = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".webmanifest", ".svg")
#: Sent as they are, never re-compressed; a .gz as a plain download (no Content-Encoding).
AS_IS_TYPES = {".gz": "application/octet-stream", ".zip": "application/zip"}
CACHE_CONTROL = "max-age=600"
GZIP_LEVEL = 6  # gzip's default
CHUNK = 8 * 1024  # body bytes written per draw from the link
BURST = 16 * 1024  # what the bucket may hold when the link has been idle
MAX_REQUESTS_PER_CONNECTION = 2000
IDLE_TIMEOUT_S = 30.0
LIFETIME_S = 4 * 3600.0
#: The big files whose arrival the breakdown shows, by the end of their path (the first that
#: matches: the snapshot's is its .gz, after the other two .gz).
BIG_FILES = (
    ("pyodide.asm.mjs", "pyodide.asm.mjs"),
    ("pyodide.asm.wasm", "pyodide.asm.wasm"),
    ("pyodide.asm.wasm.gz", "pyodide.asm.wasm.gz (the runtime, gzipped by Zopfli)"),
    ("python_stdlib.zip", "python_stdlib.zip (the whole standard library)"),
    (
        "python.zip.gz",
        "python.zip.gz (the start archive: the start-up standard library and the game)",
    ),
    (".gz", "the snapshot (static/snapshot-*.gz)"),
)


# -- the pure parts -------------------------------------------------------------------------------
def gzipped(path: str) -> bool:
    """True when GitHub Pages would gzip the file ``path`` on the fly (by its suffix)."""
    name = path.lower()
    return name.endswith(GZIPPED) and not name.endswith(tuple(AS_IS_TYPES))


def accepts_gzip(header: str | None) -> bool:
    """True when an Accept-Encoding header allows gzip (``gzip;q=0`` refuses it)."""
    for part in (header or "").split(","):
        coding, _, params = part.strip().partition(";")
        if coding.strip().lower() in ("gzip", "*"):
            q = params.strip()
            return not (q.startswith("q=") and float(q[2:] or 0) == 0)
    return False


def bits_to_bytes(bits_per_s: float) -> float:
    return bits_per_s / 8


class TokenBucket:
    """One link's bandwidth, shared by every thread that sends on it: ``rate`` bytes a second,
    at most ``burst`` bytes saved up while idle. take(n) reserves n bytes and says how long to
    wait before sending them; a reservation beyond the tokens there are is a debt that later
    callers wait behind, so callers are served in turn at ``rate`` in total."""

    def __init__(self, rate: float, burst: float = BURST, now: float | None = None) -> None:
        if rate <= 0:
            raise ValueError("rate must be positive")
        self.rate, self.burst = float(rate), float(burst)
        self._lock = threading.Lock()
        self.reset(time.monotonic() if now is None else now)

    def reset(self, now: float | None = None) -> None:
        """Forget what was sent (between loads): a full bucket, no debt."""
        with self._lock:
            self.tokens, self.last = self.burst, time.monotonic() if now is None else now

    def take(self, n: int, now: float | None = None) -> float:
        """Reserve ``n`` bytes at ``now`` (monotonic seconds); the seconds to wait before
        sending them (0 when the bucket held enough)."""
        with self._lock:
            now = time.monotonic() if now is None else now
            elapsed = max(0.0, now - self.last)
            self.tokens = min(self.burst, self.tokens + elapsed * self.rate)
            self.last = max(self.last, now)
            self.tokens -= n
            return 0.0 if self.tokens >= 0 else -self.tokens / self.rate


@dataclass(frozen=True)
class Profile:
    """A network the benchmark models: its bandwidth (None: unthrottled), round trip, and the
    CPU slowdown of its loads."""

    name: str
    label: str
    bits_per_s: float | None
    rtt_s: float
    cpu: int
    target: float  # game / bare page, at most

    @property
    def rate(self) -> float | None:
        return None if self.bits_per_s is None else bits_to_bytes(self.bits_per_s)


PROFILES = {
    "fast": Profile("fast", "10 Mbit/s, 40 ms round trip", 10e6, 0.040, 4, 0.62),
    "slow": Profile("slow", "1.6 Mbit/s, 150 ms (Lighthouse's slow 4G)", 1.6e6, 0.150, 4, 0.70),
    "loopback": Profile("loopback", "loopback (unthrottled)", None, 0.0, 1, 0.50),
}


class Link:
    """The modelled link: a round trip before each response, then the shared bandwidth."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.bucket = None if profile.rate is None else TokenBucket(profile.rate)

    def round_trip(self) -> None:
        if self.profile.rtt_s:
            time.sleep(self.profile.rtt_s)

    def draw(self, n: int) -> None:
        if self.bucket is not None:
            wait = self.bucket.take(n)
            if wait:
                time.sleep(wait)

    def reset(self) -> None:
        if self.bucket is not None:
            self.bucket.reset()


# -- the server -----------------------------------------------------------------------------------
@dataclass
class NetHit:
    """One response, as the server sent it (epoch ms). ``start``/``bytes``/``status``/``path``
    as server.Hit, so that server.hits_between() and byte_summary() apply."""

    start: float  # the request was read
    first_byte: float  # the status line left (after the round trip)
    end: float  # the last byte left
    path: str
    status: int
    bytes: int  # on the wire: status line, headers and body
    encoding: str = ""


@dataclass
class Log:
    hits: list[NetHit] = field(default_factory=list)
    sent: list[tuple[float, int]] = field(default_factory=list)  # (epoch ms, bytes written)
    active: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def bytes_between(self, start: float, end: float) -> int:
        return sum(n for t, n in list(self.sent) if start <= t < end)


def _ms() -> float:
    return time.time() * 1000


def etag_matches(header: str, etag: str) -> bool:
    """If-None-Match against ``etag`` (weak comparison, as for GET)."""
    bare = etag.removeprefix("W/")
    return any(tag.strip() in ("*", bare) or tag.strip().removeprefix("W/") == bare
               for tag in header.split(","))  # fmt: skip


class PagesHandler(SiteHandler):
    """GitHub Pages' ways with the site's files (see the module's docstring)."""

    protocol_version = "HTTP/1.1"
    timeout = IDLE_TIMEOUT_S
    link: ClassVar[Link]
    log: ClassVar[Log]
    cache: ClassVar[dict]  # (path, mtime_ns) -> gzipped bytes

    def log_message(self, format: str, *args: object) -> None:
        pass

    def handle(self) -> None:
        """Requests one after another on this connection, at most MAX_REQUESTS_PER_CONNECTION."""
        self.close_connection = True
        self.handle_one_request()
        for _ in range(MAX_REQUESTS_PER_CONNECTION - 1):
            if self.close_connection:
                break
            self.handle_one_request()

    def do_HEAD(self) -> None:
        self._respond(body=False)

    def do_GET(self) -> None:
        self._respond(body=True)

    # The response, written by hand (not SimpleHTTPRequestHandler's): counted, throttled.
    def _respond(self, body: bool) -> None:
        start = _ms()
        with self.log.lock:
            self.log.active += 1
        hit = NetHit(start, start, start, unquote(urlsplit(self.path).path), 0, 0)
        try:
            status, headers, payload = self._resolve()
            hit.status, hit.encoding = status, headers.get("Content-Encoding", "")
            self.link.round_trip()
            head = f"{self.protocol_version} {status} {self.responses[status][0]}\r\n"
            head += "".join(f"{k}: {v}\r\n" for k, v in headers.items()) + "\r\n"
            hit.first_byte = _ms()
            self._send(head.encode("latin-1"), hit)
            if body and payload:
                for offset in range(0, len(payload), CHUNK):
                    self._send(payload[offset : offset + CHUNK], hit)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            self.close_connection = True  # the browser went away (a context closed)
        finally:
            hit.end = _ms()
            with self.log.lock:
                self.log.active -= 1
                self.log.hits.append(hit)

    def _send(self, data: bytes, hit: NetHit) -> None:
        self.link.draw(len(data))
        self.wfile.write(data)
        hit.bytes += len(data)
        self.log.sent.append((_ms(), len(data)))

    def _resolve(self) -> tuple[int, dict[str, str], bytes]:
        """The status, headers and body (compressed if it is to be) of this request."""
        fs_path = Path(self.translate_path(self.path))
        if fs_path.is_dir():
            fs_path = fs_path / "index.html"
        if not fs_path.is_file():
            message = b"404 Not Found\n"
            return 404, {"Content-Type": "text/plain", "Content-Length": str(len(message)),
                         "Cache-Control": CACHE_CONTROL}, message  # fmt: skip
        stat = fs_path.stat()
        suffix = fs_path.suffix.lower()
        compress = gzipped(fs_path.name) and accepts_gzip(self.headers.get("Accept-Encoding"))
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        if compress:
            etag = "W/" + etag
        headers = {
            "Content-Type": AS_IS_TYPES.get(suffix) or self.guess_type(str(fs_path)),
            "Cache-Control": CACHE_CONTROL,
            "Last-Modified": email.utils.formatdate(stat.st_mtime, usegmt=True),
            "ETag": etag,
            "Access-Control-Allow-Origin": "*",
        }
        if gzipped(fs_path.name):
            headers["Vary"] = "Accept-Encoding"
        if self._not_modified(etag, stat.st_mtime):
            del headers["Content-Type"]
            return 304, headers, b""
        payload = self.compressed(fs_path, stat.st_mtime_ns) if compress else fs_path.read_bytes()
        if compress:
            headers["Content-Encoding"] = "gzip"
        headers["Content-Length"] = str(len(payload))
        return 200, headers, payload

    def _not_modified(self, etag: str, mtime: float) -> bool:
        match = self.headers.get("If-None-Match")
        if match is not None:
            return etag_matches(match, etag)
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                return int(mtime) <= email.utils.parsedate_to_datetime(since).timestamp()
            except (TypeError, ValueError):
                return False
        return False

    @classmethod
    def compressed(cls, path: Path, mtime_ns: int) -> bytes:
        key = (str(path), mtime_ns)
        if key not in cls.cache:
            cls.cache[key] = gzip.compress(path.read_bytes(), GZIP_LEVEL, mtime=0)
        return cls.cache[key]


class PagesServer(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def handle_error(self, request, client_address) -> None:  # type: ignore[override]
        pass  # Chromium drops connections when a context closes mid-transfer


@dataclass
class Served:
    server: PagesServer
    base: str
    link: Link
    log: Log

    def quiet(self, timeout_s: float = 10.0) -> None:
        """Between loads: wait (bounded) until no response is being sent, then reset the link,
        so that nothing of one load is still drawing on the next one's bandwidth."""
        deadline = time.monotonic() + timeout_s
        while self.log.active and time.monotonic() < deadline:
            time.sleep(0.05)
        self.link.reset()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def serve_pages(directory: Path, profile: Profile, lifetime_s: float = LIFETIME_S) -> Served:
    """Serve ``directory`` on a free port of 127.0.0.1 through ``profile``'s link, from a
    background thread; stops by itself after ``lifetime_s``. Every file that is gzipped is
    compressed before the first request."""
    link, log = Link(profile), Log()
    handler = type("Handler", (PagesHandler,), {"link": link, "log": log, "cache": {}})
    for root, _, names in os.walk(directory):
        for name in names:
            if gzipped(name):
                path = Path(root) / name
                handler.compressed(path, path.stat().st_mtime_ns)
    server = PagesServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, name="pages-server", daemon=True).start()
    timer = threading.Timer(lifetime_s, server.shutdown)
    timer.daemon = True
    timer.start()
    return Served(server, f"http://127.0.0.1:{server.server_address[1]}/", link, log)
