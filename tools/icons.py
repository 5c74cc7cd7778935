"""Make the PNG app icons, and the manifest's shortcut icons (96×96: the game's own glyph,
white on its theme colour), from the SVGs in static/icons/ (run after editing an SVG):

    .venv/bin/python tools/icons.py

Chromium (through Playwright, as in the browser tests) renders each SVG at each size, so
the PNGs are always exactly the SVG, never redrawn by hand.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "static" / "icons"
sys.path.insert(0, str(ROOT))
from tests.e2e.harness import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

#: PNG name → (source SVG, size in pixels)
TARGETS = {
    "icon-192.png": ("icon.svg", 192),
    "icon-512.png": ("icon.svg", 512),
    "icon-maskable-512.png": ("icon-maskable.svg", 512),
    "apple-touch-icon.png": ("icon-maskable.svg", 180),
}

#: Shortcut icon → its glyph (the menu's own icon), white on the theme colour, full-bleed (a
#: launcher cuts its own shape out of it).
SHORTCUTS = {
    "shortcut-daily.png": "calendar.svg",
    "shortcut-practise.png": "bulb.svg",
    "shortcut-puzzle.png": "puzzle.svg",
    "shortcut-gift.png": "heart.svg",
    "shortcut-rules.png": "rules.svg",
    "shortcut-scores.png": "trophy.svg",
}
SHORTCUT_SIZE = 96
THEME = "#c8344f"


def shortcut_html(svg: str, size: int = SHORTCUT_SIZE) -> str:
    """A page showing the glyph ``svg`` white on the theme colour, ``size`` pixels square."""
    glyph = svg.replace("<svg ", '<svg fill="#fff" ', 1)
    return (
        f"<style>html,body{{margin:0}}body{{width:{size}px;height:{size}px;background:{THEME};"
        "display:grid;place-items:center}svg{width:50%;height:50%;display:block}</style>" + glyph
    )


def main() -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, (source, size) in TARGETS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = (ICONS / source).read_text("utf-8")
            page.set_content(
                "<style>html,body{margin:0;background:transparent}svg{display:block;"
                f"width:{size}px;height:{size}px}}</style>{svg}"
            )
            page.screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
            print(f"{name}: {size}×{size} from {source}")
        for name, source in SHORTCUTS.items():
            size = SHORTCUT_SIZE
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(shortcut_html((ICONS / source).read_text("utf-8")))
            page.screenshot(path=str(ICONS / name))
            page.close()
            print(f"{name}: {size}×{size} from {source}")
        browser.close()


if __name__ == "__main__":
    main()
