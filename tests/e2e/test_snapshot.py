"""Python's start from the built site's memory snapshot (static/start.mjs, tools/snapshot.mjs):
used when it is this release's own, and otherwise — stale, damaged, missing, or a browser that
cannot decompress it — the ordinary start, with nothing lost and a game that plays."""

from __future__ import annotations

import gzip
import json
import re
import struct
import zipfile

import pytest

from tools import build as site_build

from .harness import collect_errors, open_game, poll, wait_ready, with_downloads

SNAPSHOT = "**/static/snapshot-*.gz"
REST = site_build.STDLIB_REST
# The page's interpreter, handed over by PyScript's hooks (as bench/coach_page.py does).
INTERPRETER = """
if (location.protocol.startsWith("http")) {
  import("./static/vendor/pyscript/core.js").then(({ hooks }) => {
    hooks.main.onReady.add((wrap) => { window.__py = wrap.interpreter; });
  });
}"""
MOUNTED = """() => window.__py?.runPython(
  "import sys; any(type(f).__name__ == 'RestOfStdlib' for f in sys.meta_path)")"""
HOW = "document.documentElement.dataset.python"


def _snapshot_url(built_site) -> str:
    page = (built_site / "index.html").read_text("utf-8")
    return re.search(r'name="magdagdon-snapshot" content="\./([^"]+)"', page).group(1)


def _plays_a_turn(page) -> None:
    """A tap on ROLL deals four dice and a legal cell takes one: Python is really running."""
    page.tap('[data-action="roll"]')
    page.wait_for_function("['placing', 'magdagdon'].includes(document.body.dataset.phase)")
    assert page.locator('[data-die][data-value="0"]').count() == 0
    if page.evaluate("document.body.dataset.phase") == "placing":
        page.tap('[data-cell][data-legal="true"]')
        assert page.locator('[data-cell][data-state="staged"]').count() == 1


def _warnings(page) -> list[str]:
    """The page's console warnings about its snapshot (the blocked service worker's aside)."""
    return [w for w in page.evaluate("window.__warnings") if "snapshot" in w]


def _listed(context, wire: int, size: int | None = None) -> None:
    """The page's list of its downloads gives the snapshot ``wire`` bytes on the wire (and
    ``size`` unpacked, when given). A first visit judges from the pace of the downloads so far
    whether waiting for the listed bytes pays (on a busy machine it may not); listed at 0 (not
    known), the snapshot is always waited for, and at the size it is served, a few bytes, too."""

    def listed(route) -> None:
        response = route.fetch()
        html = response.text()
        name = re.search(r'name="magdagdon-snapshot" content="([^"]+)"', html).group(1)

        def sized(files: dict) -> None:
            assert name in files, f"{name} is not in the page's downloads"
            files[name] = [files[name][0] if size is None else size, wire]

        route.fulfill(response=response, body=with_downloads(html, sized))

    context.route("**/index.html*", listed)


#: Console warnings recorded in the page (window.__warnings).
WARNINGS = (
    "window.__warnings = []; const warn = console.warn.bind(console);"
    "console.warn = (...args) => { window.__warnings.push(args.map(String).join(' '));"
    " warn(...args); };"
)


@pytest.fixture
def watched(new_context):
    """A fresh phone context that records console warnings in the page (window.__warnings)."""
    context = new_context()
    context.add_init_script(WARNINGS)
    return context


def test_the_built_site_starts_python_from_its_snapshot(site_url, watched):
    page = watched.new_page()
    open_game(page, site_url, "?seed=5")
    assert page.evaluate(HOW) == "snapshot"
    assert _warnings(page) == []
    _plays_a_turn(page)


def test_the_page_served_from_the_sources_starts_python_the_ordinary_way(source_url, watched):
    page = watched.new_page()
    open_game(page, source_url, "?seed=5")
    assert page.evaluate(HOW) == "fresh"
    assert _warnings(page) == []  # no snapshot named, none looked for
    _plays_a_turn(page)


def test_a_snapshot_of_another_release_is_not_used(site_url, watched):
    # The page names a snapshot; the one that arrives was made for other code (a stale cache).
    def other_release(route):
        response = route.fetch()
        body = response.text().replace('data-tag="', 'data-tag="0ther', 1)
        route.fulfill(response=response, body=body)

    watched.route("**/index.html*", other_release)
    page = watched.new_page()
    open_game(page, site_url, "?seed=5")
    assert page.evaluate(HOW) == "fresh"
    assert any("without its snapshot" in w and "0ther" in w for w in _warnings(page))
    _plays_a_turn(page)


@pytest.mark.parametrize(
    "body",
    [
        pytest.param(b"this is not gzip", id="not-gzip"),
        pytest.param(gzip.compress(b"\x00" * 4096), id="not-a-snapshot"),
        pytest.param(gzip.compress(b"")[:-6], id="cut-short"),
        pytest.param(  # a run that ends outside Python's memory
            gzip.compress(site_build.SPARSE_MAGIC + struct.pack("<4I", 4096, 1, 4000, 200)),
            id="sparse-run-outside",
        ),
        pytest.param(  # a run longer than the bytes that follow
            gzip.compress(site_build.SPARSE_MAGIC + struct.pack("<4I", 4096, 1, 0, 200) + b"x"),
            id="sparse-run-cut",
        ),
    ],
)
def test_a_damaged_snapshot_falls_back_to_the_ordinary_start(site_url, watched, body):
    watched.route(SNAPSHOT, lambda route: route.fulfill(status=200, body=body))
    _listed(watched, len(body), len(body))  # (what is served: never judged too big to wait)
    page = watched.new_page()
    open_game(page, site_url, "?seed=5")
    assert page.evaluate(HOW) == "fresh"
    assert any("without its snapshot" in w for w in _warnings(page))
    _plays_a_turn(page)


def test_a_snapshot_truncated_inside_a_valid_archive_falls_back(site_url, built_site, watched):
    # Decompresses cleanly and starts with the right magic number and build id, but half of
    # Python's memory is missing.
    raw = gzip.decompress((built_site / _snapshot_url(built_site)).read_bytes())
    truncated = gzip.compress(raw[: len(raw) // 2], compresslevel=1)
    watched.route(SNAPSHOT, lambda route: route.fulfill(status=200, body=truncated))
    page = watched.new_page()
    open_game(page, site_url, "?seed=5")
    assert page.evaluate(HOW) == "fresh"
    _plays_a_turn(page)


def test_a_missing_snapshot_falls_back_and_the_saved_game_is_kept(site_url, watched):
    page = watched.new_page()
    open_game(page, site_url, "?seed=9")
    _plays_a_turn(page)
    saved = page.evaluate("localStorage['magdagdon.v1.game']")
    watched.route(SNAPSHOT, lambda route: route.fulfill(status=404, body="gone"))
    page.reload()
    wait_ready(page)
    assert page.evaluate(HOW) == "fresh"
    assert all("404" in p or "snapshot" in p for p in collect_errors(page))
    assert page.evaluate("localStorage['magdagdon.v1.game']") == saved
    assert page.evaluate("document.body.dataset.phase") == json.loads(saved)["state"]["phase"]


WORKER = "**/static/snapshot-worker.mjs"


def _no_worker(route) -> None:
    route.fulfill(status=404, body="")


def test_a_browser_without_decompression_streams_starts_the_ordinary_way(site_url, watched):
    # Neither the worker (it fails to load here) nor the page can decompress the snapshot.
    watched.add_init_script("delete window.DecompressionStream;")
    watched.route(WORKER, _no_worker)
    page = watched.new_page()
    open_game(page, site_url, "?seed=5")
    assert page.evaluate(HOW) == "fresh"
    collect_errors(page)  # the worker's 404
    _plays_a_turn(page)


def test_when_the_worker_fails_the_page_unpacks_the_snapshot_itself(site_url, watched):
    watched.route(WORKER, _no_worker)
    _listed(watched, 0)  # (waited for on a busy machine too: this test is of its unpacking)
    page = watched.new_page()
    open_game(page, site_url, "?seed=5")
    assert page.evaluate(HOW) == "snapshot"
    assert _warnings(page) == []
    assert all("404" in p or "snapshot-worker" in p for p in collect_errors(page))
    _plays_a_turn(page)


def test_each_start_from_the_snapshot_draws_fresh_random_numbers(site_url, new_context):
    # Every restore begins from the same memory: the game's new seeds must still differ.
    seeds = []
    for _ in range(2):
        context = new_context()
        _listed(context, 0)  # (waited for on a busy machine too: this test is of its restore)
        page = context.new_page()
        open_game(page, site_url)
        assert page.evaluate(HOW) == "snapshot"
        seeds.append(json.loads(page.evaluate("localStorage['magdagdon.v1.game']"))["seed"])
    assert seeds[0] != seeds[1]


def test_a_snapshot_that_arrives_decompressed_is_used_as_it_is(site_url, built_site, watched):
    # As the service worker keeps it, or as a server that decoded its gzip on the way sends it.
    raw = gzip.decompress((built_site / _snapshot_url(built_site)).read_bytes())
    watched.route(SNAPSHOT, lambda route: route.fulfill(status=200, body=raw))
    _listed(watched, 0)  # (waited for: this test is of what it holds, not of its size)
    page = watched.new_page()
    open_game(page, site_url, "?seed=5")
    assert page.evaluate(HOW) == "snapshot"
    assert _warnings(page) == []
    _plays_a_turn(page)


def test_the_start_preloads_what_it_loads_and_loads_what_it_preloads(site_url, new_context):
    # The PyScript chunks (stamped by tools/build.py) and the runtime's downloads (boot.js)
    # come in parallel; none of them is fetched twice or preloaded for nothing. The snapshot is
    # start.mjs's own download (in a worker, so not among the page's resources), which boot.js
    # starts by importing it.
    context = new_context()
    messages: list[str] = []
    context.on("console", lambda message: messages.append(message.text))
    page = context.new_page()
    open_game(page, site_url)
    page.wait_for_timeout(4000)  # Chromium's "preloaded but not used" comes a few s after load
    assert not [m for m in messages if "preload" in m.lower()], messages
    preloaded = set(
        page.evaluate(
            "[...document.querySelectorAll('link[rel=preload], link[rel=modulepreload]')]"
            ".map(l => new URL(l.href).pathname)"
        )
    )
    fetched = page.evaluate(
        "performance.getEntriesByType('resource').map(r => new URL(r.name).pathname)"
    )
    chunks = {p for p in fetched if p.startswith("/static/vendor/pyscript/") and p.endswith(".js")}
    core = {p for p in chunks if p.startswith("/static/vendor/pyscript/core")}  # the <script>'s
    assert chunks - core <= preloaded
    # The runtime's files are asked for before PyScript has even read its configuration: as
    # preloads, or (a first visit, whose bytes boot.js counts for its progress bar) by boot.js.
    timings = page.evaluate(
        "performance.getEntriesByType('resource').map(r => [new URL(r.name).pathname,"
        " r.startTime, r.responseEnd])"
    )
    config_read = min(end for path, _, end in timings if path == "/pyscript.toml")
    # (but the rest of the standard library, which comes once the game is ready: below)
    runtime = {p for p in fetched if p.startswith("/static/vendor/pyodide/")} - {f"/{REST}"}
    early = {path for path, start, _ in timings if start < config_read}
    assert runtime <= preloaded | early | {"/static/vendor/pyodide/pyodide.mjs"}
    # (the start archive and the wasm travel gzipped whole: boot.js inflates them)
    assert {f"/{path}.gz" for path in site_build.PACKED} <= early
    assert not {f"/{path}" for path in site_build.PACKED} & set(fetched)
    assert f"/{site_build.STDLIB}" not in fetched  # the whole standard library: never
    assert not [p for p in fetched if re.match(r"/static/snapshot-.*\.gz$", p)]
    assert fetched.count("/static/start.mjs") == 1  # boot.js's import and PyScript's: one module
    twice = sorted({p for p in fetched if fetched.count(p) > 1})
    assert not twice, f"fetched twice: {twice}"


COMPILED_LEAN = """
import asyncio, traceback
import magdagdon.coach as coach
try:
    coach.suggest(None)
except AttributeError as error:
    last = traceback.extract_tb(error.__traceback__)[-1]
[asyncio.__doc__, coach.__doc__, coach.__spec__.origin.endswith("/magdagdon/coach.pyc"),
 last.filename.endswith("magdagdon/coach.py") and last.lineno > 1]
"""


@pytest.mark.browser_context_args(service_workers="allow")
def test_the_rest_of_the_standard_library_is_mounted_where_the_service_worker_keeps_it(
    site_url, built_site, new_context
):
    # The start archive holds the standard library's start-up part (tools/build.py, census);
    # the rest is one of the extras the service worker keeps once a visit could afford them
    # (here: a first visit that started from the snapshot), and the game mounts it from there;
    # a module only the rest has is then found there, and named (the census missed it: the
    # browser tests' guard fails on that message, so every test here proves the start-up part is
    # enough).
    rest_names = set(zipfile.ZipFile(built_site / REST).namelist())
    start_names = set(zipfile.ZipFile(built_site / site_build.START).namelist())
    assert "csv.py" in rest_names and "csv.pyc" not in start_names
    assert "encodings/utf_8.pyc" in start_names and "encodings/cp1252.py" in rest_names
    context = new_context()
    context.add_init_script(WARNINGS)
    context.add_init_script(INTERPRETER)
    page = context.new_page()
    open_game(page, site_url)
    assert page.evaluate(HOW) == "snapshot"
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    poll(page, f"caches.match(new URL('./{REST}', location.href).href).then(Boolean)")
    assert not page.evaluate(MOUNTED)  # (this visit did not fetch it for itself)
    page.reload()
    wait_ready(page)
    page.wait_for_function(MOUNTED, polling=100, timeout=20_000)
    assert page.evaluate("() => __py.runPython('import csv; csv.QUOTE_ALL')") == 1
    assert page.evaluate("() => __py.runPython('import encodings.cp1252 as m; m.__name__')") == (
        "encodings.cp1252"
    )  # a package of the start-up part, one of its modules from the rest
    named = [w for w in page.evaluate("window.__warnings") if "standard library" in w]
    assert named == [
        "MAGDAGDON: standard library: csv is not in the start-up part",
        "MAGDAGDON: standard library: encodings.cp1252 is not in the start-up part",
    ]
    collect_errors(page)  # those two, said on purpose here
    # The start-up part and the game's compiled modules travel without docstrings, the game's
    # in their sources' place (no module twice); a traceback still names the line that failed.
    lean = page.evaluate("(code) => __py.runPython(code).toJs()", COMPILED_LEAN)
    assert lean == [None, None, True, True]
    _plays_a_turn(page)
