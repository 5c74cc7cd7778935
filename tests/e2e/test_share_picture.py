"""SHARE at a game's end hands over a picture of it: a PNG file through the Web Share API where
it takes files (navigator.canShare), else the text as before and SAVE PICTURE in the game-over
sheet. The game is finished by taps; navigator.share and navigator.canShare are stubbed by an
init script that keeps what is handed over; the PNG is decoded with Pillow and its dice read
from its pixels. The pictures land in tests/e2e/screenshots/share-<language>.png."""

from __future__ import annotations

import base64
import json
import re
from io import BytesIO

import pytest
from PIL import Image

from magdagdon.picture import FONT, WIDTH, cell_box
from magdagdon.rules import RUIN

from .harness import SCREENSHOTS, fresh_start
from .pixels import decode, face_and_mark
from .play import finish_by_taps, saved_game, wait_dialog
from .strategy import GAME_KEY, SETTINGS_KEY, near_end, save_json

SEED = 4242

#: navigator.share and navigator.canShare as a phone has them (canShare says ``CAN`` to
#: files); what share is handed is kept in window.__shared, its files read as data: URLs.
STUB = """
window.__shared = [];
const read = (file) => new Promise((done) => {
  const reader = new FileReader();
  reader.onload = () => done({name: file.name, type: file.type, data: reader.result});
  reader.readAsDataURL(file);
});
navigator.canShare = (data) => CAN && !!data && Array.isArray(data.files)
  && data.files.every((file) => file instanceof File);
navigator.share = async (data) => {
  const files = await Promise.all((data.files || []).map(read));
  window.__shared.push({title: data.title, text: data.text, files});
};
"""


def _finished(new_context, site_url: str, language: str, can: bool):
    """A page whose SURVIVAL game (seed SEED) is finished by taps in ``language``, with the
    share stubs (``can``: canShare takes files); returns (page, game)."""
    context = new_context()
    context.add_init_script(f"const CAN = {json.dumps(can)};" + STUB)
    page = context.new_page()
    page.emulate_media(reduced_motion="reduce")
    game = near_end("survival", SEED, turns_left=2)
    settings = {"schema": 1, "language": language, "difficulty": "survival"}
    fresh_start(page, site_url, {GAME_KEY: save_json(game), SETTINGS_KEY: json.dumps(settings)})
    finish_by_taps(page)
    wait_dialog(page, "over")
    return page, saved_game(page)


def _check_picture(png: bytes, game, language: str) -> None:
    """A PNG at least 1080 px wide whose every die's pips reach 3:1 on its face."""
    SCREENSHOTS.mkdir(exist_ok=True)
    (SCREENSHOTS / f"share-{language}.png").write_bytes(png)
    with Image.open(BytesIO(png)) as opened:
        assert opened.format == "PNG" and opened.width >= 1080
    image = decode(png)
    scale = image.width / WIDTH
    for cell, value in enumerate(game.board):
        left, top, right, bottom = (round(edge * scale) for edge in cell_box(cell))
        inset = round(12 * scale)  # inside the die's edge
        face, mark, ratio = face_and_mark(
            image, (left + inset, top + inset, right - inset, bottom - inset)
        )
        if value > 0:
            assert ratio >= 3, (cell, value, face, mark, ratio)
        elif value == RUIN:
            assert face[0] < 90, (cell, face)  # a dark tile


def _png_of(data_url: str) -> bytes:
    head, _, body = data_url.partition(",")
    assert head == "data:image/png;base64", head
    return base64.b64decode(body)


def _link(text: str, site_url: str, game) -> str:
    link = re.search(r"https?://\S+", text).group(0)
    assert link.startswith(site_url) and f"seed={SEED}" in link and "difficulty=survival" in link
    assert f"vs={game.score}" in link
    return link


@pytest.mark.parametrize("language", ["en", "ta"])
def test_share_hands_over_the_picture_as_a_file_with_the_challenge_link(
    new_context, site_url, language
):
    page, game = _finished(new_context, site_url, language, can=True)
    page.tap('#dialog-over [data-action="share"]')
    page.wait_for_function("window.__shared.length > 0")
    shared = page.evaluate("window.__shared[0]")
    _link(shared["text"], site_url, game)
    [file] = shared["files"]
    assert file["type"] == "image/png" and file["name"] == f"magdagdon-{SEED}.png"
    _check_picture(_png_of(file["data"]), game, language)
    assert page.locator("#over-picture").is_hidden()  # handed over: nothing more to offer


def test_where_files_cannot_be_shared_the_text_goes_and_the_picture_can_be_saved(
    new_context, site_url
):
    page, game = _finished(new_context, site_url, "lt", can=False)
    page.tap('#dialog-over [data-action="share"]')
    page.wait_for_function("window.__shared.length > 0")
    shared = page.evaluate("window.__shared[0]")
    assert shared["files"] == []
    assert shared["text"].startswith("MAGDAGDON") and "tšk." in shared["text"]
    _link(shared["text"], site_url, game)
    save = page.locator("#over-save-picture")
    save.wait_for(state="visible")
    assert save.text_content() == "IŠSAUGOTI PAVEIKSLĖLĮ"
    with page.expect_download() as downloading:
        save.click()
    download = downloading.value
    assert download.suggested_filename == f"magdagdon-{SEED}.png"
    _check_picture(download.path().read_bytes(), game, "lt")


def test_the_pictures_fonts_draw_tamil(new_context, site_url):
    """Tamil letters in the picture's fonts (the system's: an image loads no web font) are
    glyphs, not the one box drawn for a letter no font has: two letters draw differently."""
    page = new_context().new_page()
    page.goto(site_url + "index.html")
    drawn = page.evaluate(
        """(font) => ["க", "ம", "\\u{10FFFD}"].map((letter) => {
            const canvas = document.createElement("canvas");
            canvas.width = canvas.height = 64;
            const context = canvas.getContext("2d");
            context.font = `40px ${font}`;
            context.fillText(letter, 8, 48);
            return canvas.toDataURL();
        })""",
        FONT,
    )
    ka, ma, unknown = drawn
    assert ka != ma and unknown not in (ka, ma)
