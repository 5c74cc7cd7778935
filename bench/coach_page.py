#!/usr/bin/env python3
"""The coach inside Pyodide, on the real page (a benchmark: figures, not a test).

    .venv/bin/python bench/coach_page.py [--games 4] [--hints 12] [--json PATH]

It builds the site (tools.build, as bench/load.py does), serves it, and in Debian's Chromium at
phone size, on the game's own page and interpreter:

- the first HINT: a tap on HINT until the ghost dice are on the board, the coach's import
  included (it is imported on first use), on a fresh page after ROLL;
- later HINTs: the same, one per decision (each played with "Play it"), --hints of them;
- one decision: ``magdagdon.coach.suggest`` timed in the page's Python (time.perf_counter),
  every decision of --games games per difficulty (the games the coach plays itself; a ROLL,
  where there is nothing to decide, is not counted).

Targets (issue 12): one decision p95 <= 300 ms inside Pyodide. CPython's figures, beside the
other players, are bench/coach.py's. The figures go to bench/results/coach_page.json (with the
date, the commit and the machine's load) unless --json says otherwise.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from loadbench.browser import BLOCK_OTHER_HOSTS, LOAD_TIMEOUT_MS, new_context  # noqa: E402
from loadbench.server import prepare_site, serve  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from results import write_result  # noqa: E402

from tests.e2e.harness import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

TARGET_MS = 300
# Hands the page's interpreter over (PyScript's hooks), as bench/loadbench/probes/profile.js.
INTERPRETER_JS = """
if (location.protocol.startsWith("http")) {
  import("./static/vendor/pyscript/core.js").then(({ hooks }) => {
    hooks.main.onReady.add((wrap) => { window.__benchInterpreter = wrap.interpreter; });
  });
}"""
# A tap on HINT until the ghost dice (or the ruin) are drawn: milliseconds.
HINT_JS = """async () => {
  const started = performance.now();
  document.querySelector('.controls [data-action="hint"]').click();
  const shown = () => !document.querySelector('.controls [data-action="apply-hint"]').hidden;
  while (!shown()) await new Promise(requestAnimationFrame);
  return performance.now() - started;
}"""
DECISIONS_PY = """
import json, time
from magdagdon.coach import suggest
from magdagdon.game import Game
times = {}
for difficulty in ("peaceful", "survival", "nightmare"):
    spent = times[difficulty] = []
    for seed in range(GAMES):
        game = Game.new(difficulty, 1000 + seed)
        while not game.is_over:
            if game.phase.value == "roll":  # nothing to decide: ["roll"]
                game = game.apply("roll")
                continue
            started = time.perf_counter()
            actions = suggest(game)
            spent.append((time.perf_counter() - started) * 1000)
            game = game.play(actions)
json.dumps(times)
"""


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def hint_latencies(page, base: str, hints: int) -> list[float]:
    """HINT by taps on one page, decision after decision; the first includes the import."""
    page.goto(f"{base}index.html?seed=77&difficulty=peaceful", wait_until="commit")
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=LOAD_TIMEOUT_MS)
    spent = []
    while len(spent) < hints:
        phase = page.evaluate("document.body.dataset.phase")
        if phase == "over":
            page.click('#dialog-over [data-action="new-game"]')
            continue
        if phase == "roll":
            page.click('.controls [data-action="roll"]')
            page.wait_for_function("document.body.dataset.phase !== 'roll'")
            continue
        spent.append(page.evaluate(HINT_JS))
        page.click('.controls [data-action="apply-hint"]')
        page.wait_for_timeout(50)
    return spent


@contextlib.contextmanager
def built_page_context(prefix: str) -> Iterator[tuple[str, str, object]]:
    """The site built and served, Chromium at phone size with the page's interpreter handed
    over (INTERPRETER_JS): yields (release, base URL, context); a context's page problems are
    in ``context.problems``."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        site = Path(tmp) / "site"
        release = prepare_site(site)
        server, base, _ = serve(site)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, args=CHROMIUM_ARGS + BLOCK_OTHER_HOSTS
                )
                context = new_context(browser, service_workers="block")
                context.add_init_script(INTERPRETER_JS)
                try:
                    yield release, base, context
                finally:
                    browser.close()
        finally:
            server.shutdown()


def page_figures(release: str, hints: list[float], decisions: dict) -> dict:
    """What bench/results/coach_page.json keeps (ms), a summary line of each for the page."""
    later = hints[1:]
    summary = {
        "first HINT until the ghosts show (ms)": round(hints[0]),
        "later HINTs p50 / p95 / max (ms)": (
            f"{statistics.median(later):.0f} / {percentile(later, 95):.0f} / {max(later):.0f}"
        )
        if later
        else "-",
    }
    for difficulty, spent in decisions.items():
        summary[f"{difficulty}: one decision p50 / p95 / max (ms)"] = (
            f"{statistics.median(spent):.1f} / {percentile(spent, 95):.1f} / {max(spent):.1f}"
        )
    return {"release": release, "summary": summary, "hints_ms": hints, "decisions_ms": decisions}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games per difficulty (default 4)")
    parser.add_argument("--hints", type=int, default=12, help="HINTs tapped (default 12)")
    parser.add_argument("--json", type=Path, default=ROOT / "bench/results/coach_page.json")
    args = parser.parse_args()
    with built_page_context("magdagdon-coach-") as (release, base, context):
        page = context.new_page()
        hints = hint_latencies(page, base, args.hints)
        code = DECISIONS_PY.replace("GAMES", str(args.games))
        decisions = json.loads(
            page.evaluate("(code) => window.__benchInterpreter.runPython(code)", code)
        )
        problems = list(context.problems)  # type: ignore[attr-defined]
    print(f"The coach in Pyodide on the real page (release {release}, Chromium, phone size)\n")
    print(f"HINT tapped until the ghost dice show: first {hints[0]:.0f} ms (imports the coach);")
    later = hints[1:]
    print(
        f"  then {len(later)} more: p50 {statistics.median(later):.0f} ms, "
        f"p95 {percentile(later, 95):.0f} ms, max {max(later):.0f} ms"
    )
    print(f"\n{'one decision (suggest), ms':28} {'n':>5} {'p50':>7} {'p95':>7} {'max':>7}  target")
    missed = 0
    for difficulty, spent in decisions.items():
        p95 = percentile(spent, 95)
        verdict = "PASS" if p95 <= TARGET_MS else "MISS"
        missed += verdict == "MISS"
        print(
            f"  {difficulty:26} {len(spent):5} {statistics.median(spent):7.1f} {p95:7.1f} "
            f"{max(spent):7.1f}  p95 <= {TARGET_MS} ms {verdict}"
        )
    for problem in problems:
        print(f"page problem: {problem}")
    write_result(args.json, page_figures(release, hints, decisions))
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
