"""The pictures the world sees of the game and the install, in Chromium: each shipped picture
is what tools/pictures.py draws from the built page now (pixel by pixel, within pixelmatch's
tolerance), none is fetched before the first ROLL, the gift page opens the game with the
birthday card online and offline, and Chromium finds the site installable with a whole
manifest. (tests/unit/test_previews.py: the head's tags, sizes, weights and Chromium's rules.)"""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image
from pixelmatch.contrib.PIL import pixelmatch

from tools import pictures

from .harness import REPO_ROOT, served_built, wait_ready

# The deployed site as a visitor meets it: its service worker registers (blocked elsewhere).
pytestmark = pytest.mark.browser_context_args(service_workers="allow")

SUBPATH = "magdagdon"
SW_CONTROLLED = "navigator.serviceWorker.controller !== null"
#: pixelmatch's colour threshold (its default) and the differing pixels a picture may have, as
#: tests/e2e/test_visual.py allows a screen (one pip fewer is far more).
THRESHOLD = 0.1
ALLOWED = 8


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """tools/build.py's output served under /magdagdon/; yields (url, folder)."""
    yield from served_built(tmp_path_factory, SUBPATH, "previews-site")


@pytest.fixture
def sw_page(new_context):
    """A phone page whose service workers are allowed (the suite's default blocks them)."""
    return new_context().new_page()


@pytest.mark.parametrize("name", [picture.name for picture in pictures.PICTURES])
def test_each_shipped_picture_is_what_the_tool_draws_now(site, browser, name):
    url, _ = site
    picture = pictures.BY_NAME[name]
    made = Image.open(io.BytesIO(pictures.render(browser, url, picture))).convert("RGBA")
    shipped = Image.open(REPO_ROOT / picture.path).convert("RGBA")
    assert made.size == shipped.size == picture.size
    differing = pixelmatch(shipped, made, Image.new("RGBA", made.size), threshold=THRESHOLD)
    assert differing <= ALLOWED, (
        f"{picture.path}: {differing} pixels differ from what tools/pictures.py draws now: "
        "run it again (.venv/bin/python tools/pictures.py) and look at the pictures"
    )


def test_no_picture_is_fetched_on_a_first_visit_before_the_first_roll(site, sw_page):
    url, _ = site
    page = sw_page
    asked: list[str] = []
    page.context.on("request", lambda request: asked.append(request.url))
    page.goto(url)
    wait_ready(page)
    page.wait_for_function(SW_CONTROLLED, timeout=60_000)  # (its install has fetched its files)
    page.tap('[data-action="roll"]')
    page.wait_for_function("document.body.dataset.phase !== 'roll'")
    assert any(u.endswith("/sw.js") for u in asked) and any("/static/" in u for u in asked)
    assert not [u for u in asked if "/static/previews/" in u]


def _card_shown(page) -> None:
    wait_ready(page)
    card = page.locator("#dialog-gift")
    assert card.is_visible()
    assert "Majduška" in card.inner_text() and "20" in card.inner_text()
    assert page.evaluate("location.search") == ""  # taken once: a reload goes to the game
    assert page.evaluate("location.pathname").endswith(f"/{SUBPATH}/")


def test_the_gift_page_opens_the_card_online_and_offline(site, sw_page):
    url, _ = site
    page = sw_page
    page.goto(url + "gift/")
    _card_shown(page)
    page.wait_for_function(SW_CONTROLLED, timeout=60_000)
    page.locator('#dialog-gift [data-action="close"]').tap()
    page.context.set_offline(True)
    page.goto(url + "gift/")
    _card_shown(page)
    page.goto(url + "?gift")  # the query still works too
    _card_shown(page)


def test_chromium_finds_the_site_installable_and_its_manifest_whole(site, disk_context):
    url, _ = site
    context = disk_context()  # (not incognito, which Chromium never installs from)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url)
    wait_ready(page)
    page.wait_for_function(SW_CONTROLLED, timeout=60_000)
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest", {})
    assert manifest["url"] == url + "manifest.webmanifest"
    assert manifest["errors"] == [], manifest["errors"]
    read = json.loads(manifest["data"])  # (what Chromium read, screenshots and shortcuts too)
    assert len(read["screenshots"]) == 2 and len(read["shortcuts"]) >= 2
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []


#: What each of the manifest's shortcuts opens on a first visit (nothing to practise yet: the
#: statistics, which say so).
SHORTCUTS = {"./?daily": "document.body.dataset.daily === 'true'",
             "./?open=puzzle": "document.body.dataset.drill === 'true'",
             "./?open=practise": "document.querySelector('#dialog-stats').open",
             "./?open=scores": "document.querySelector('#dialog-scores').open",
             "./?open=rules": "document.querySelector('#dialog-rules').open",
             "./?gift": "document.querySelector('#dialog-gift').open"}  # fmt: skip


def test_each_shortcut_opens_what_it_says(site, new_context):
    url, folder = site
    manifest = json.loads((folder / "manifest.webmanifest").read_text("utf-8"))
    assert [shortcut["url"] for shortcut in manifest["shortcuts"]] == list(SHORTCUTS)
    page = new_context().new_page()
    for shortcut, opened in SHORTCUTS.items():
        page.goto(url + shortcut.removeprefix("./"))
        wait_ready(page)
        if shortcut == "./?open=puzzle":  # (its dialog while today's is worked out, then it)
            page.wait_for_function(opened)
        assert page.evaluate(opened), shortcut
        assert page.evaluate("location.search") == "", shortcut  # taken once
        assert page.evaluate("document.querySelectorAll('dialog[open]').length") == (
            0 if shortcut in ("./?daily", "./?open=puzzle") else 1
        )
