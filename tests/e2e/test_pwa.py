"""The built site as it is deployed: under a sub-path, installable, offline after one visit
(updates from one real build to another: test_updates.py); the gift link's birthday card;
SHARE and its replay link."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import struct

import pytest

from magdagdon.game import roll_dice
from tools import build as site_build

from .harness import poll, served_built, wait_ready
from .play import finish_by_taps
from .strategy import (
    played,
)

# The deployed site as a visitor meets it: its service worker registers (blocked elsewhere).
pytestmark = pytest.mark.browser_context_args(service_workers="allow")

SUBPATH = "magdagdon"
SW_CONTROLLED = "navigator.serviceWorker.controller !== null"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """tools/build.py's output served under /magdagdon/; yields (url, folder)."""
    yield from served_built(tmp_path_factory, SUBPATH, "pages")


@pytest.fixture
def pwa_page(new_context):
    """A phone page whose service workers are allowed (the suite's default blocks them)."""
    return new_context().new_page()


#: Whether the service worker's cache holds the extras (the snapshot and the rest of the standard
#: library); how many of the two.
EXTRAS_HELD = """async () => {
    const names = [document.querySelector('meta[name="magdagdon-snapshot"]').content,
                   document.querySelector('meta[name="magdagdon-stdlib"]').dataset.rest];
    let held = 0;
    for (const name of names) if (await caches.match(new URL(name, location.href).href)) held += 1;
    return held;
}"""
EXTRAS_KEPT = f"({EXTRAS_HELD})().then((held) => held === 2)"  # (for poll: a promise)


def _open(page, url: str):
    page.goto(url)
    return wait_ready(page)


def _play_a_turn(page) -> None:
    """ROLL, stage the required minimum by taps, CONFIRM — or accept MAGDAGDON and ruin."""
    page.tap('[data-action="roll"]')
    page.wait_for_function("['placing', 'magdagdon'].includes(document.body.dataset.phase)")
    if page.evaluate("document.body.dataset.phase") == "magdagdon":
        page.tap('[data-action="accept-magdagdon"]')
        page.tap('[data-cell][data-legal="true"]')
    else:
        while page.locator('[data-action="confirm"]').is_disabled():
            page.tap('[data-cell][data-legal="true"]')
        page.tap('[data-action="confirm"]')
    page.wait_for_function("document.body.dataset.phase === 'roll'")


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_build_holds_only_what_the_game_needs(site):
    _, folder = site
    names = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    assert {"index.html", "sw.js", "manifest.webmanifest", ".nojekyll", "pyscript.toml"} <= names
    assert not any(n.startswith(("tests/", "tools/", "node_modules/", "bench/")) for n in names)
    assert not any(n.endswith(".map") for n in names)
    worker = (folder / "sw.js").read_text("utf-8")
    release = re.search(r'const RELEASE = "([0-9a-f]{16})"', worker).group(1)
    assert f'content="{release}"' in (folder / "index.html").read_text("utf-8")
    manifest = site_build.read_manifest(worker)
    extras = site_build.read_manifest(worker, "EXTRAS")
    precached = {row[0] for row in manifest}
    kept_later = {row[0] for row in extras}
    # Each file with the SHA-256 and size of its bytes as built ("./" is the page itself).
    for url, digest, size, *decompressed in manifest + extras:
        data = (folder / ("index.html" if url == "./" else url[2:])).read_bytes()
        assert (hashlib.sha256(data).hexdigest(), len(data)) == (digest, size), url
        if decompressed:  # what travels gzipped, which the service worker keeps decompressed
            inflated = gzip.decompress(data)
            assert decompressed == [hashlib.sha256(inflated).hexdigest()]
            if "/snapshot-" in url:
                assert inflated.startswith(site_build.MIXED_MAGIC)
            else:  # the start archive and the wasm, precached in the form the page asks for
                assert url[2:] in {f"{path}.gz" for path in site_build.PACKED}
                assert url[2:-3] in names and url[:-3] not in precached
    assert len(precached) == len(manifest) and not precached & kept_later
    assert sum(len(row) == 4 for row in manifest) == len(site_build.PACKED)
    # what the game starts and plays without, kept only when the page asks: the snapshot and the
    # rest of the standard library
    assert (
        kept_later
        == {f"./{site_build.STDLIB_REST}"}
        | {row[0] for row in extras if re.match(r"\./static/snapshot-[0-9a-f]{16}\.gz$", row[0])}
        and len(extras) == 2
    )
    needed = {f"./{n}" for n in names if n not in ("sw.js", ".nojekyll")}
    unused = {n for n in needed if n.startswith(site_build.NOT_PRECACHED, 2)}
    unused |= {f"./{path}" for path in site_build.PACKED} | kept_later  # (as NAME.gz; extras)
    assert unused and needed - unused <= precached  # the editor's and terminal's chunks aside
    assert "./static/python.zip.gz" in precached and "./magdagdon/web/main.py" in precached
    assert not any(n.startswith("magdagdon/") and n != "magdagdon/web/main.py" for n in names)
    assert not any("?" in url for url in precached)  # never a query string (wasm cache key)
    # Python's memory snapshot: named by the page with the tag its file name carries, kept later
    snapshot = re.search(
        r'<meta name="magdagdon-snapshot" content="\./(static/snapshot-([0-9a-f]{16})\.gz)" '
        r'data-tag="([0-9a-f]{16})">',
        (folder / "index.html").read_text("utf-8"),
    )
    assert snapshot and snapshot.group(2) == snapshot.group(3)
    assert snapshot.group(1) in names and f"./{snapshot.group(1)}" in kept_later
    assert [n for n in names if re.match(r"static/snapshot-.*\.gz$", n)] == [snapshot.group(1)]
    lock = json.loads((folder / "static/vendor/pyodide/pyodide-lock.json").read_text("utf-8"))
    assert lock["packages"] == {} and lock["info"]["python"].startswith("3.")


def test_manifest_parses_and_its_icons_load(site, page):
    url, _ = site
    _open(page, url)
    manifest = page.evaluate(
        """async () => {
            const link = document.querySelector('link[rel=manifest]');
            return await (await fetch(link.href)).json();
        }"""
    )
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    purposes = {icon["purpose"] for icon in manifest["icons"]}
    assert {"any", "maskable"} <= purposes
    for icon in manifest["icons"]:
        response = page.request.get(url + icon["src"].removeprefix("./"))
        assert response.ok, icon["src"]
        if icon["type"] == "image/png":
            width, height = _png_size(response.body())
            assert f"{width}x{height}" == icon["sizes"]
    apple = page.get_attribute('link[rel="apple-touch-icon"]', "href")
    assert page.request.get(url + apple.removeprefix("./")).ok


def test_offline_after_one_visit_a_whole_turn_plays(site, pwa_page):
    url, _ = site
    page = pwa_page
    _open(page, url + "?seed=11")
    page.wait_for_function(SW_CONTROLLED, timeout=60_000)
    # This visit started from the snapshot: the service worker keeps it (and the rest of the
    # standard library) once it has taken charge.
    assert page.evaluate("document.documentElement.dataset.python") == "snapshot"
    poll(page, EXTRAS_KEPT)
    page.context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.python") == "snapshot"
    # The service worker keeps the snapshot decompressed: no later visit decompresses it again.
    raw = page.evaluate(
        """async () => {
            const url = document.querySelector('meta[name="magdagdon-snapshot"]').content;
            const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
            return [bytes.length, Array.from(bytes.slice(0, 2))];
        }"""
    )
    assert raw[1] == list(site_build.MIXED_MAGIC[:2]) and raw[0] > 8_000_000  # not gzip (3.6 MB)
    _play_a_turn(page)
    assert page.evaluate("JSON.parse(localStorage['magdagdon.v1.game']).state.turn") == 1


def test_gift_link_shows_the_birthday_card_first_and_only_then(site, page):
    url, _ = site
    _open(page, url + "?gift")
    card = page.locator("#dialog-gift")
    assert card.is_visible()
    assert "Majduška" in card.inner_text() and "20" in card.inner_text()
    assert "gift" not in page.evaluate("location.search")  # a reload goes to the game
    card.locator('[data-action="close"]').tap()
    assert not card.is_visible()
    page.reload()
    wait_ready(page)
    assert not card.is_visible()
    # ABOUT can show it again
    page.tap('.top [data-action="about"]')
    page.tap('#dialog-about [data-action="gift"]')
    assert card.is_visible()


def test_no_card_without_the_gift_link(site, page):
    url, _ = site
    _open(page, url)
    assert not page.locator("#dialog-gift").is_visible()


def test_share_gives_text_board_and_a_link_that_replays_the_dice(site, new_context):
    url, _ = site
    context = new_context()
    context.add_init_script(
        "navigator.share = (data) => { window.__shared = data; return Promise.resolve(); };"
    )
    page = context.new_page()
    saved = played("peaceful", 4242, until_empty=2).to_dict()
    page.goto(url)
    wait_ready(page)
    page.evaluate(f"localStorage['magdagdon.v1.game'] = {json.dumps(json.dumps(saved))}")
    page.reload()
    wait_ready(page)
    finish_by_taps(page)
    page.tap('#dialog-over [data-action="share"]')
    page.wait_for_function("window.__shared !== undefined")
    text = page.evaluate("window.__shared.text")
    assert (
        "PEACEFUL" in text
        and str(page.evaluate("document.querySelector('#score').textContent")) in text
    )
    assert re.search(r"^[⚀⚁⚂⚃⚄⚅⬛]{4}$", text, re.M)
    link = re.search(r"https?://\S+", text).group(0)
    assert link.startswith(url) and "seed=4242" in link and "difficulty=peaceful" in link
    # The link, opened fresh, deals the same first roll.
    other = new_context().new_page()
    other.goto(link)
    wait_ready(other)
    other.tap('[data-action="roll"]')
    dice = other.evaluate("[...document.querySelectorAll('[data-die]')].map(d => +d.dataset.value)")
    assert tuple(dice) == roll_dice(4242, 0, 0, 4)


def test_a_best_score_can_be_replayed_from_its_seed(site, page):
    url, _ = site
    entry = {"score": 99, "date": "2026-11-29", "turns": 9, "powers": 0, "seed": 777}
    page.goto(url)
    wait_ready(page)
    page.evaluate(
        "localStorage['magdagdon.v1.best.survival'] = "
        + json.dumps(json.dumps({"schema": 1, "entries": [entry]}))
    )
    page.reload()
    wait_ready(page)
    page.tap('.top [data-action="scores"]')
    page.tap('#dialog-scores [data-action="scores-tab"][data-value="survival"]')
    page.tap('#dialog-scores [data-action="replay"]')
    page.wait_for_function("document.body.dataset.difficulty === 'survival'")
    page.tap('[data-action="roll"]')
    dice = page.evaluate("[...document.querySelectorAll('[data-die]')].map(d => +d.dataset.value)")
    assert tuple(dice) == roll_dice(777, 0, 0, 4)
