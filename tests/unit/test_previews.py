"""What the world reads of the game (no browser): the link previews tools/build.py writes for
a public address (--base-url) and for none, the gift page, the pictures they name, and the
manifest's screenshots and shortcuts. (tests/e2e/test_previews.py: the pictures redrawn, the
gift page opened, Chromium's installability verdict.)"""

from __future__ import annotations

import io
import json
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qsl, urljoin, urlsplit

import pytest
import yaml
from PIL import Image

from magdagdon.rules import Difficulty
from magdagdon.share import LINK_PARAMETERS, read_link
from magdagdon.ui import Controller
from tools import build as site_build
from tools import pictures

from .mutation_run import MUTATION
from .sessions import new_session, player, reload

ROOT = Path(__file__).resolve().parents[2]
PEACEFUL = Difficulty("peaceful")
BASE = "https://example.github.io/magdagdon/"
MANIFEST = json.loads((ROOT / "manifest.webmanifest").read_text("utf-8"))


class Head(HTMLParser):
    """A page's head as data: its meta tags by property/name (each a list of contents), its
    links by rel, its title."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.meta: dict[str, list[str]] = {}
        self.links: dict[str, list[str]] = {}
        self.title, self._in_title = "", False
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "meta" and ("property" in a or "name" in a or "http-equiv" in a):
            key = a.get("property") or a.get("name") or "http-equiv:" + a["http-equiv"].lower()
            self.meta.setdefault(key, []).append(a.get("content", ""))
        elif tag == "link":
            self.links.setdefault(a.get("rel", ""), []).append(a.get("href", ""))
        self._in_title = tag == "title"

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data

    def handle_endtag(self, tag: str) -> None:
        self._in_title = False

    def one(self, key: str) -> str:
        values = self.meta.get(key, [])
        assert len(values) == 1, f"{key}: {values}"
        return values[0]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The site built for BASE (given without its trailing slash: the build adds it)."""
    if MUTATION:
        pytest.skip(
            "builds the site: needs the whole working tree, which the mutation copy leaves out"
        )
    out = tmp_path_factory.mktemp("previews") / "site"
    assert site_build.main(["--out", str(out), "--base-url", BASE.rstrip("/"), "--quiet"]) == 0
    return out


def _picture(folder: Path, url: str) -> Image.Image:
    """The picture at absolute ``url`` (under BASE) in the built site ``folder``, decoded."""
    assert url.startswith(BASE), url
    path = folder / url.removeprefix(BASE)
    assert path.is_file(), url
    assert path.stat().st_size <= pictures.MAX_BYTES, (url, path.stat().st_size)
    image = Image.open(io.BytesIO(path.read_bytes()))
    image.load()
    return image


WHOLE = ("og:type", "og:site_name", "og:title", "og:description", "og:url", "og:image",
         "og:image:width", "og:image:height", "og:image:alt", "og:locale", "twitter:card",
         "twitter:title", "twitter:description", "twitter:image", "twitter:image:alt")  # fmt: skip


def _check_preview(head: Head, folder: Path, url: str) -> Image.Image:
    for key in WHOLE:
        assert head.one(key).strip(), key
    assert head.links["canonical"] == [url] and head.one("og:url") == url
    assert head.one("og:locale") == "en_US"
    assert head.meta["og:locale:alternate"] == ["lt_LT", "ca_ES", "ta_IN"]
    assert head.one("og:type") == "website" and head.one("og:site_name") == "MAGDAGDON"
    assert head.one("twitter:card") == "summary_large_image"
    assert head.one("twitter:image") == head.one("og:image")
    assert head.one("twitter:title") == head.one("og:title")
    image = _picture(folder, head.one("og:image"))
    width, height = int(head.one("og:image:width")), int(head.one("og:image:height"))
    assert image.size == (width, height) == (1200, 630) and image.format == "PNG"
    return image


def test_the_built_page_carries_a_whole_link_preview(built):
    head = Head((built / "index.html").read_text("utf-8"))
    _check_preview(head, built, BASE)
    assert head.one("og:description") == head.one("description")
    assert "MAGDAGDON" in head.one("og:title") and "Majd" not in head.one("og:title")
    assert head.one("og:image:alt") == pictures.BY_NAME["game"].alt  # (what it shows)


def test_the_gift_page_has_a_preview_of_its_own_and_opens_the_card(built):
    page = (built / "gift" / "index.html").read_text("utf-8")
    head, game = Head(page), Head((built / "index.html").read_text("utf-8"))
    picture = _check_preview(head, built, BASE + "gift/")
    for key in ("og:title", "og:description", "og:url", "og:image", "og:image:alt"):
        assert head.one(key) != game.one(key), key
    assert "Happy 20th birthday, Majduška" in head.one("og:title")
    assert "CUBIRI ORIGINAL dedicated to Majduška" in head.one("og:description")
    assert head.one("og:image:alt") == pictures.BY_NAME["gift"].alt
    assert head.title == head.one("og:title")
    assert picture.tobytes() != _picture(built, game.one("og:image")).tobytes()
    # it opens the game with the card, by no script (its policy allows none)
    assert head.one("http-equiv:refresh") == "0; url=../?gift"
    assert "script-src" not in head.one("http-equiv:content-security-policy")
    assert "<script" not in page and 'href="../?gift"' in page
    target = urljoin(BASE + "gift/", "../?gift")
    assert target == BASE + "?gift" and read_link(dict(parse_qsl("gift", True)), "2026-12-05").gift


def test_a_local_build_names_no_url_a_crawler_could_not_use():
    page = (ROOT / "index.html").read_text("utf-8")
    description = Head(page).one("description")
    for text in (site_build.with_previews(page, ROOT, None),
                 site_build.gift_page(ROOT, None, description)):  # fmt: skip
        head = Head(text)
        assert head.one("og:title") and head.one("og:description") and head.one("og:type")
        assert head.one("twitter:card") == "summary"
        assert not {"og:url", "og:image", "twitter:image"} & set(head.meta)
        assert "canonical" not in head.links


@pytest.mark.parametrize(
    ("given", "normalised"),
    [
        ("https://example.github.io/magdagdon", BASE),
        ("https://example.github.io/magdagdon/", BASE),
        ("https://example.github.io/magdagdon//", BASE),
        ("http://127.0.0.1:8000", "http://127.0.0.1:8000/"),
        (" https://majda.example/ ", "https://majda.example/"),
    ],
)
def test_the_base_url_is_normalised(given, normalised):
    assert site_build.checked_base_url(given) == normalised


@pytest.mark.parametrize(
    "given",
    ["example.github.io/magdagdon/", "/magdagdon/", "ftp://example.com/", "https://",
     "https://example.com/?x=1", "https://example.com/#top", "https://u:p@example.com/",
     "javascript:alert(1)", ""],
)  # fmt: skip
def test_a_bad_base_url_is_refused_with_a_clear_error(given, capsys):
    with pytest.raises(site_build.BuildError, match="absolute http"):
        site_build.checked_base_url(given)
    with pytest.raises(SystemExit) as stopped:
        site_build.main(["--out", "/nonexistent/never-built", "--base-url", given])
    assert stopped.value.code == 2
    assert "--base-url must be an absolute http(s) URL" in capsys.readouterr().err


def test_pictures_and_screenshots_are_shipped_but_never_precached(built):
    shipped = {p.relative_to(built).as_posix() for p in (built / "static/previews").iterdir()}
    assert shipped == {picture.path for picture in pictures.PICTURES}
    precached = [row[0] for row in site_build.read_manifest((built / "sw.js").read_text("utf-8"))]
    pngs = [url for url in precached if url.endswith(".png") and "/icons/" not in url]
    assert not pngs and not [url for url in precached if "/previews/" in url]
    screenshots = {s["src"] for s in MANIFEST["screenshots"]}
    assert screenshots and not screenshots & set(precached)
    # the gift page is precached (it opens offline), under the address the worker serves it at
    assert "./gift/index.html" in precached


def test_the_workflow_builds_with_its_own_pages_address():
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text("utf-8"))
    steps = workflow["jobs"]["build"]["steps"]
    pages = next(i for i, s in enumerate(steps) if s.get("uses", "").startswith("actions/config"))
    build = next(i for i, s in enumerate(steps) if "tools/build.py" in s.get("run", ""))
    assert pages < build
    wanted = '--base-url "${{ steps.' + steps[pages]["id"] + '.outputs.base_url }}"'
    assert wanted in steps[build]["run"]


# -- the manifest: screenshots by Chromium's rules, shortcuts inside the scope -------------------


def _png(path: str) -> Image.Image:
    image = Image.open(ROOT / path.removeprefix("./"))
    image.load()
    return image


def test_the_manifest_screenshots_follow_chromiums_rules():
    screenshots = MANIFEST["screenshots"]
    assert {s["form_factor"] for s in screenshots} == {"narrow", "wide"} and len(screenshots) <= 8
    ratios: dict[str, set[float]] = {}
    for shot in screenshots:
        image = _png(shot["src"])
        width, height = image.size
        assert shot["sizes"] == f"{width}x{height}" and image.format == "PNG"
        assert shot["type"] == "image/png" and shot["label"].strip()
        assert min(width, height) >= 320 and max(width, height) <= 3840
        assert max(width, height) <= 2.3 * min(width, height)
        assert (height > width) == (shot["form_factor"] == "narrow")
        ratios.setdefault(shot["form_factor"], set()).add(round(width / height, 3))
        # made by tools/pictures.py, from the game's own page
        made = next(p for p in pictures.PICTURES if p.path == shot["src"].removeprefix("./"))
        assert made.size == image.size and made.alt == shot["label"]
    assert all(len(found) == 1 for found in ratios.values())
    assert MANIFEST.get("orientation", "any") == "any"  # every layout fits either way


def test_the_shortcuts_stay_in_scope_and_open_what_they_say():
    scope = urljoin(BASE, MANIFEST["scope"])
    said = {}
    for shortcut in MANIFEST["shortcuts"]:
        url = urljoin(BASE, shortcut["url"])
        assert url.startswith(scope) and urlsplit(url).path == urlsplit(scope).path
        params = dict(parse_qsl(urlsplit(url).query, keep_blank_values=True))
        assert set(params) <= set(LINK_PARAMETERS), shortcut["url"]
        said[shortcut["short_name"]] = read_link(params, "2026-12-05")
        assert shortcut["name"].strip() and not said[shortcut["short_name"]].notices
        (icon,) = shortcut["icons"]
        image = _png(icon["src"])
        assert icon["sizes"] == "96x96" == "{}x{}".format(*image.size) and image.format == "PNG"
    assert said["Daily roll"].day == "2026-12-05" and said["Birthday card"].gift
    assert said["Practise"].screen == "practise" and said["Rules"].screen == "rules"
    assert said["Best scores"].screen == "scores"


# -- a link's screen (?open=NAME, the shortcuts'): pressed as its button once the game is there ---


@pytest.mark.parametrize(
    ("params", "screen"),
    [({"open": "rules"}, "rules"), ({"open": "scores"}, "scores"),
     ({"open": "practise"}, "practise"), ({"open": "settings"}, None), ({"open": ""}, None),
     ({"open": "RULES"}, None), ({}, None)],
)  # fmt: skip
def test_a_link_names_only_the_screens_it_may_open_and_says_nothing_of_others(params, screen):
    link = read_link(params, "2026-12-05")
    assert link.screen == screen and link.notices == () and "open" in LINK_PARAMETERS


def _opened(screen: str, session=None, **kwargs) -> Controller:
    """The controller of a page opened at ``?open=screen`` (over ``session``'s store)."""
    opens = read_link({"open": screen}, "2026-12-05").opens
    return Controller(session or new_session(), taps=opens, **kwargs)


def test_a_links_screen_opens_as_its_buttons_would():
    assert _opened("rules").dialog == "rules" and _opened("scores").dialog == "scores"
    assert _opened("settings").dialog is None and Controller(new_session()).dialog is None
    # nothing to practise yet: the statistics, which say so
    ui = _opened("practise")
    assert ui.dialog == "stats" and not ui.controls().actions["practise"].enabled
    # the birthday card and a link's game to confirm come first
    assert _opened("rules", gift=True).dialog == "gift"
    asked = player([(PEACEFUL, 11)])
    asked.session.new_game(PEACEFUL, 12)
    asked.session.apply("roll")
    assert reload(asked, seed=5).dialog == "confirm-url"
    assert _opened("rules", reload(asked, seed=5).session).dialog == "confirm-url"


def test_a_links_practise_puts_the_first_waiting_position_on_the_board():
    ui = player([(PEACEFUL, 2)])
    ui.dialog = "over"
    assert ui.press("review", "over")
    for _ in ui.review.steps():
        pass
    assert ui.practice.counts().waiting > 0
    again = _opened("practise", reload(ui).session)  # (over her finished game's end)
    assert again.session.drilling and again.dialog is None and again.view().mode.drill


class _HungOnce:
    """A page whose first capture times out, as Chromium's once did on a loaded machine."""

    url = "http://127.0.0.1/"

    def __init__(self, png: bytes) -> None:
        self.png, self.shots, self.timeouts = png, 0, []

    def screenshot(self, **options: object) -> bytes:
        from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

        self.shots += 1
        self.timeouts.append(options.get("timeout"))
        if self.shots == 1:
            raise PlaywrightTimeoutError("Page.screenshot: Timeout 30000ms exceeded.")
        return self.png

    def wait_for_timeout(self, ms: float) -> None:
        pass


def test_a_picture_whose_capture_hangs_once_is_taken_again():
    out = io.BytesIO()
    Image.new("RGBA", (4, 3), (200, 10, 10, 255)).save(out, "PNG")
    page = _HungOnce(out.getvalue())
    made = Image.open(io.BytesIO(pictures.settled(page)))
    assert made.size == (4, 3) and made.getpixel((0, 0)) == (200, 10, 10)
    assert page.shots == 3  # the hung one, then two the same
    assert set(page.timeouts) == {pictures.SHOT_TIMEOUT_MS}
