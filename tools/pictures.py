#!/usr/bin/env python3
"""Make the pictures the world sees of the game from the game's own page: the link previews
(static/previews/game.png, gift.png: 1200×630) and the manifest's screenshots (narrow.png,
wide.png), each a screenshot of the built site in Debian's Chromium, with a game stored
before the page loads (played by the engine's own Session in CPython) and the clock set to a
fixed day, so that the same sources make the same pictures:

    .venv/bin/python tools/pictures.py              # builds the site into a temporary folder
    .venv/bin/python tools/pictures.py --site DIR   # an already built site

tests/unit/test_previews.py holds the shipped files to what this makes (pixel by pixel, with a
small tolerance) and to their sizes and weights. tools/build.py names them in the page's head
and ships them without precaching them (a first visit never downloads them).
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from magdagdon.records import MemoryStore  # noqa: E402
from magdagdon.rules import Difficulty  # noqa: E402
from magdagdon.session import Session  # noqa: E402

FOLDER = "static/previews"
#: The day the page believes it is (the stored game was played on it).
TODAY = datetime.datetime(2026, 12, 5, 10, 0, tzinfo=datetime.UTC)
#: The game on show: a SURVIVAL game of this seed, played by the plain strategy until this
#: many cells are empty, then rolled and its first die staged where the coach's plain rule
#: puts it (a board full of dice, four on the tray).
SEED, DIFFICULTY, EMPTY_LEFT = 27, "survival", 6
#: At most this many bytes a picture (the chats that fetch thumbnails strictly).
MAX_BYTES = 300_000


@dataclass(frozen=True)
class Picture:
    """One picture: its file, the page's viewport (CSS pixels) and scale, what the address
    asks for, and its text for those who cannot see it."""

    name: str
    width: int
    height: int
    scale: float
    query: str
    alt: str

    @property
    def path(self) -> str:
        return f"{FOLDER}/{self.name}.png"

    @property
    def size(self) -> tuple[int, int]:
        return round(self.width * self.scale), round(self.height * self.scale)


PICTURES = (
    Picture("game", 800, 420, 1.5, "",
            "A game of MAGDAGDON: the 4×4 board of dice with each line's sum, the four dice of "
            "the turn, the score and the Majda Powers"),
    Picture("gift", 800, 420, 1.5, "?gift",
            "MAGDAGDON's birthday card: Happy 20th birthday, Majduška ❤️ (in English, "
            "Lithuanian, Catalan and Tamil); a CUBIRI ORIGINAL dedicated to Majduška"),
    Picture("narrow", 360, 640, 3, "", "A game of MAGDAGDON on a phone"),
    Picture("wide", 1280, 800, 1, "", "A game of MAGDAGDON on a large screen"),
)  # fmt: skip
BY_NAME = {picture.name: picture for picture in PICTURES}


def stored() -> dict[str, str]:
    """localStorage holding the game on show (see SEED), as the page itself would store it."""
    from tests.e2e.strategy import played

    store = MemoryStore()
    day = TODAY.date().isoformat()
    session = Session(store, today=lambda: day, languages=("en",))
    session.new_game(Difficulty(DIFFICULTY), SEED)
    for move in played(DIFFICULTY, SEED, until_empty=EMPTY_LEFT).moves:
        session.apply(move)
    session.apply("roll")
    settings = json.loads(store.data["magdagdon.v1.settings"])
    store.data["magdagdon.v1.settings"] = json.dumps({**settings, "guided": True})
    return dict(store.data)


#: The birthday card of the gift's picture says its wish in her other languages too, under the
#: English one, each in the card's own tagline style, in a sentence's case and close together.
HER_LANGUAGES_JS = """(wishes) => {
  const title = document.querySelector("#gift-title");
  for (const [lang, text] of wishes.reverse()) {
    const line = document.createElement("p");
    line.className = "tagline";
    line.lang = lang;
    line.textContent = text;
    Object.assign(line.style, { textTransform: "none", margin: "0.1em 0", letterSpacing: ".04em" });
    title.after(line);
  }
}"""


def her_languages() -> list[tuple[str, str]]:
    """The card's wish in Lithuanian, Catalan and Tamil (the catalogues'), heart left out."""
    wishes = []
    for language in ("lt", "ca", "ta"):
        texts = json.loads((ROOT / "i18n" / f"{language}.json").read_text("utf-8"))
        wishes.append((language, texts["gift.title"].replace("❤️", "").strip()))
    return wishes


def render(browser, site_url: str, picture: Picture) -> bytes:
    """``picture`` as the built site at ``site_url`` draws it (a PNG)."""
    from tests.e2e.harness import seed_storage, wait_ready

    context = browser.new_context(
        viewport={"width": picture.width, "height": picture.height},
        device_scale_factor=picture.scale,
        is_mobile=picture.width < 600,
        has_touch=picture.width < 600,
        locale="en-US",
        timezone_id="UTC",
        color_scheme="light",
        reduced_motion="reduce",
        service_workers="block",
    )
    try:
        context.clock.install(time=TODAY)
        seed_storage(context, stored())
        page = context.new_page()
        page.goto(site_url + picture.query)
        wait_ready(page)
        if picture.query == "?gift":
            page.evaluate(HER_LANGUAGES_JS, her_languages())
        page.evaluate("document.activeElement?.blur()")  # (no focus ring in a picture)
        page.wait_for_function("document.fonts.status === 'loaded'")
        return settled(page)
    finally:
        context.close()


#: How long one screenshot may take before it is taken again (Chromium's capture of a frame
#: once hung for the whole default 30 s on a machine loaded by the test run, the page idle).
SHOT_TIMEOUT_MS = 15_000


def settled(page) -> bytes:
    """A screenshot once two taken one after the other are the same. A capture that times out
    counts as one of the ten tries and is taken again (the page is not changed by it)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    before = None
    for _ in range(10):
        try:
            png = page.screenshot(animations="disabled", caret="hide", timeout=SHOT_TIMEOUT_MS)
        except PlaywrightTimeoutError:
            before = None
            continue
        if png == before:
            return optimised(png)
        before = png
        page.wait_for_timeout(200)
    raise RuntimeError(f"{page.url}: the screen is still changing")


def optimised(png: bytes) -> bytes:
    """The PNG without alpha, compressed as well as Pillow can (the same pixels)."""
    from PIL import Image

    out = io.BytesIO()
    Image.open(io.BytesIO(png)).convert("RGB").save(out, "PNG", optimize=True)
    return out.getvalue()


def render_all(site: Path, names: list[str]) -> dict[str, bytes]:
    """The pictures ``names`` drawn by the built site in folder ``site``."""
    from playwright.sync_api import sync_playwright

    from tests.e2e.harness import CHROMIUM, CHROMIUM_ARGS, serve_directory

    server, url = serve_directory(site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                return {name: render(browser, url, BY_NAME[name]) for name in names}
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("names", nargs="*", default=list(BY_NAME), help="pictures to make")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="magdagdon-pictures-") as tmp:
        site = args.site
        if site is None:
            from tools import build

            site = Path(tmp) / "site"
            build.build(out=site)
        made = render_all(site, args.names)
    for name, png in made.items():
        target = ROOT / BY_NAME[name].path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(png)
        size = BY_NAME[name].size
        print(f"{BY_NAME[name].path}: {size[0]}×{size[1]}, {len(png):,} bytes")
        if len(png) > MAX_BYTES:
            print(f"  more than {MAX_BYTES:,} bytes!", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
