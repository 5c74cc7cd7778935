"""Make the PNG app icons from the SVGs in static/icons/ (run after editing an SVG):

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
        browser.close()


if __name__ == "__main__":
    main()
