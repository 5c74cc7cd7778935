"""The screenshot gallery: every screen's baseline, its current screenshot and their difference
side by side on one page, so that a visual change is reviewed in one look.

    python3 tools/gallery.py              run the screenshot comparisons (through
                                          scripts/test.sh, which installs what a fresh clone
                                          lacks), then write the page; a differing screen does
                                          not stop it
    python3 tools/gallery.py -k dark      the same for some screens only (pytest's arguments)
    python3 tools/gallery.py --no-run     write the page from the last run's screenshots

The page is tests/visual/output/gallery.html (open it in a browser): the screens that differ
first, each with its count of differing pixels; then those that are the same. The screenshots
come from tests/e2e/test_visual.py, which leaves, for each screen, ``current.png``,
``diff.png`` (pixelmatch's: differing pixels red, anti-aliased ones yellow) and
``result.json`` in tests/visual/output/NAME/. Standard library only (it runs before the test
tools are installed).
"""

from __future__ import annotations

import html
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VISUAL = ROOT / "tests" / "visual"
BASELINES = VISUAL / "baselines"
OUTPUT = VISUAL / "output"
PAGE = OUTPUT / "gallery.html"
COMPARISONS = ["tests/e2e/test_visual.py"]

STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; background: #f4f4f4; color: #222; }
h1 { font-size: 20px; margin: 0 0 4px; }
section { background: #fff; border-radius: 8px; padding: 8px 12px; margin: 12px 0; }
section.changed { border-left: 6px solid #d12; }
section.new { border-left: 6px solid #e90; }
h2 { font-size: 15px; margin: 0 0 6px; }
h2 span { font-weight: 400; color: #555; margin-left: 8px; }
.row { display: flex; gap: 12px; align-items: flex-start; overflow-x: auto; }
figure { margin: 0; }
figcaption { font-size: 12px; color: #555; }
img { border: 1px solid #ccc; display: block; max-height: 660px; }
.missing { width: 180px; height: 100px; border: 1px dashed #aaa; color: #888; padding: 8px; }
"""


def results() -> list[dict]:
    """What the last run found for each screen (and the baselines it did not reach)."""
    found = {}
    for path in sorted(OUTPUT.glob("*/result.json")):
        result = json.loads(path.read_text("utf-8"))
        found[result["name"]] = result
    for baseline in sorted(BASELINES.glob("*.png")):
        found.setdefault(baseline.stem, {"name": baseline.stem, "differing": None, "size": None,
                                         "allowed": None, "not_run": True})  # fmt: skip
    return sorted(found.values(), key=lambda r: (_rank(r), r["name"]))


def _state(result: dict) -> str:
    if result.get("not_run"):
        return "not-run"
    if not (BASELINES / f"{result['name']}.png").is_file():
        return "new"
    if result["size"] or result["differing"] > result["allowed"]:
        return "changed"
    return "same"


def _rank(result: dict) -> int:
    return ["changed", "new", "same", "not-run"].index(_state(result))


def _said(result: dict) -> str:
    state = _state(result)
    if state == "changed":
        most = result["allowed"]
        return result["size"] or f"{result['differing']} pixels differ (at most {most})"
    if state == "same":
        return f"the same ({result['differing']} pixels differ)"
    return {"new": "no baseline yet", "not-run": "not in the last run"}[state]


def _image(path: Path, caption: str) -> str:
    if not path.is_file():
        return f'<figure><div class="missing">no {html.escape(caption)}</div></figure>'
    src = html.escape(Path(os.path.relpath(path, OUTPUT)).as_posix())
    said = html.escape(caption)
    return (
        f"<figure><figcaption>{said}</figcaption>"
        f'<a href="{src}"><img src="{src}" alt="{said}"></a></figure>'
    )


def section(result: dict) -> str:
    name = result["name"]
    shown = [(BASELINES / f"{name}.png", "baseline")]
    if not result.get("not_run"):  # (an older run's screenshots would mislead)
        shown += [(OUTPUT / name / "current.png", "current"),
                  (OUTPUT / name / "diff.png", "difference")]  # fmt: skip
    images = "".join(_image(path, caption) for path, caption in shown)
    return (f'<section class="{_state(result)}" id="{html.escape(name)}"><h2>{html.escape(name)}'
            f"<span>{html.escape(_said(result))}</span></h2>"
            f'<div class="row">{images}</div></section>')  # fmt: skip


def write_page() -> dict[str, int]:
    """Write the gallery; the count of screens in each state."""
    found = results()
    counts: dict[str, int] = {}
    for result in found:
        counts[_state(result)] = counts.get(_state(result), 0) + 1
    summary = ", ".join(f"{n} {state}" for state, n in counts.items()) or "no screenshots yet"
    OUTPUT.mkdir(parents=True, exist_ok=True)
    PAGE.write_text(
        "<!doctype html><html lang=en><meta charset=utf-8><title>MAGDAGDON screenshots</title>"
        f"<style>{STYLE}</style><h1>MAGDAGDON: baselines, screenshots, differences</h1>"
        f"<p>{html.escape(summary)}. Record the current screenshots as the baselines, on purpose: "
        "<code>bash scripts/test.sh tests/e2e/test_visual.py --update-baselines</code></p>"
        + "".join(section(result) for result in found),
        "utf-8",
    )
    return counts


def main(argv: list[str]) -> int:
    if "--no-run" in argv:
        argv = [a for a in argv if a != "--no-run"]
    else:
        if not argv:  # a whole run: no screenshot of an earlier one is left to mislead
            for stale in OUTPUT.glob("*/result.json"):
                stale.unlink()
        # A differing screen fails its test: that is what the page shows, not an error here.
        subprocess.run(["bash", "scripts/test.sh", *COMPARISONS, *argv], cwd=ROOT, check=False)
    counts = write_page()
    print(f"gallery: {counts}; open {PAGE.relative_to(ROOT)} in a browser (file://{PAGE})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
