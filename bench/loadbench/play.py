"""What one page of the shared browser measures (an incognito context each, not a fresh
profile): layout shift over a cold load and a whole turn, tap-to-render under a seeded random
player, the engine timed inside Pyodide, cProfile in the game's own interpreter (diagnostics),
and the check that other hosts are out of reach.
"""

from __future__ import annotations

import json

from playwright.sync_api import Browser, Page

from .browser import LOAD_TIMEOUT_MS, new_context
from .probes import PROFILE_JS, PROFILE_REPORT_PY, SHIFTS_JS, TAPS_JS

ENGINE_TIMEOUT_MS = 180_000
PROFILE_TAPS = 150


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100)."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))  # ceil
    return ordered[int(rank) - 1]


def play_a_turn(page: Page) -> None:
    """ROLL, then real taps until the turn is over: legal cells while there are any (another
    die chosen when the chosen one has none), then CONFIRM; or MAGDAGDON accepted, a ruin."""
    page.tap('.controls [data-action="roll"]')
    page.wait_for_function("['placing', 'magdagdon'].includes(document.body.dataset.phase)")
    tried = 0
    for _ in range(60):
        phase = page.evaluate("document.body.dataset.phase")
        legal = page.locator('[data-cell][data-legal="true"]')
        dice = page.locator('[data-die][data-state="available"]:not([disabled])')
        if phase in ("roll", "over"):
            return
        if phase == "magdagdon":
            page.tap('.controls [data-action="accept-magdagdon"]')
        elif phase == "ruin" or legal.count():
            legal.first.tap()
            tried = 0
        elif page.locator('.controls [data-action="confirm"]').is_enabled():
            page.tap('.controls [data-action="confirm"]')
        elif tried < dice.count():
            dice.nth(tried).tap()
            tried += 1
        else:
            page.tap('.controls [data-action="undo"]')
            tried = 0
    raise RuntimeError("the turn did not end in 60 taps")


def layout_shift(browser: Browser, base: str, seed: int) -> dict:
    """A cold load, then a whole turn played by real taps; the shifts no tap explains."""
    context = new_context(browser, service_workers="block")
    context.add_init_script(SHIFTS_JS)
    page = context.new_page()
    page.goto(f"{base}index.html?seed={seed}", wait_until="commit")
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=LOAD_TIMEOUT_MS)
    play_a_turn(page)
    page.wait_for_timeout(1000)  # the confirm's animations, and any late shift
    shifts = page.evaluate("window.__shifts")
    context.close()
    unexplained = [s for s in shifts if not s["input"]]
    return {"cls": sum(s["value"] for s in unexplained), "shifts": unexplained,
            "after_taps": sum(s["value"] for s in shifts if s["input"])}  # fmt: skip


def offline_check(browser: Browser, base: str) -> bool:
    """True when a request to another host fails (it must: the benchmark runs offline)."""
    context = new_context(browser, probe=False)
    page = context.new_page()
    page.goto(base + "floor/floor.toml")
    blocked = page.evaluate("""async () => {
      try { await fetch("http://example.com/", { mode: "no-cors" }); return false; }
      catch (_) { return true; } }""")
    context.close()
    return blocked


def tap_latency(browser: Browser, base: str, seed: int, count: int) -> dict:
    """Tap-to-render over ``count`` taps of seeded games (no service worker: no precache noise)."""
    context = new_context(browser, probe=False, service_workers="block")
    page = context.new_page()
    page.goto(f"{base}index.html?seed={seed}", wait_until="commit")
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=LOAD_TIMEOUT_MS)
    data = page.evaluate(TAPS_JS, {"seed": seed, "count": count})
    samples = data["samples"]
    by_kind: dict[str, list[dict]] = {}
    for s in samples:
        by_kind.setdefault(s["kind"], []).append(s)

    def stats(rows: list[dict], key: str) -> dict:
        values = [r[key] for r in rows]
        return {
            "n": len(values),
            "p50": percentile(values, 50),
            "p95": percentile(values, 95),
            "max": max(values),
        }

    result = {
        "seed": seed,
        "taps": len(samples),
        "games_finished": data["games"],
        "py_error_taps": data["errors"],
        "handler": stats(samples, "handler"),
        "with_layout": stats(samples, "layout"),
        "by_kind": {k: stats(v, "handler") for k, v in sorted(by_kind.items())},
        "problems": list(context.problems),  # type: ignore[attr-defined]
        "samples": samples,
    }
    context.close()
    return result


def engine_times(browser: Browser, base: str) -> dict:
    """The engine timed inside Pyodide: bench/floor/engine.html runs bench/floor/engine_timing.py
    (served cross-origin isolated, for a finer clock) and shows its figures as JSON."""
    context = new_context(browser, probe=False)
    page = context.new_page()
    page.goto(base + "floor/engine.html", wait_until="commit")
    page.wait_for_function(
        "['true', 'error'].includes(document.body.dataset.ready)", timeout=ENGINE_TIMEOUT_MS
    )
    state = page.evaluate("document.body.dataset.ready")
    text = page.evaluate("document.getElementById('result').textContent")
    context.close()
    if state != "true":
        raise RuntimeError("engine timing page failed:\n" + text)
    return json.loads(text)


# -- what the game's main script spends its time on ------------------------------------------------
# Diagnostics only (a separate, unmeasured load: importing core.js early changes the timing).
# probes/profile.js: PyScript's JS hooks hand over the game's own interpreter, and a profiler runs
# from onReady (just before main.py) until body[data-ready="true"], where probes/profile_report.py
# stops it and reports.
def profile_game(browser: Browser, base: str, seed: int) -> dict:
    """cProfile in the game's own interpreter (one unmeasured load): its main script, from
    onReady to body[data-ready="true"]; then PROFILE_TAPS taps of the random player."""
    context = new_context(browser, service_workers="block")
    context.add_init_script(PROFILE_JS)
    page = context.new_page()
    page.goto(f"{base}index.html?seed={seed}", wait_until="commit")
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=LOAD_TIMEOUT_MS)
    python = "(code) => window.__benchInterpreter.runPython(code)"
    page.evaluate(python, PROFILE_REPORT_PY)
    start = json.loads(
        page.evaluate(
            python, "import builtins\nbuiltins._bench_report(builtins._bench_profile, 'cumulative')"
        )
    )
    page.evaluate(
        python,
        "import builtins, cProfile\n"
        "builtins._bench_profile = cProfile.Profile()\nbuiltins._bench_profile.enable()",
    )
    taps = page.evaluate(TAPS_JS, {"seed": seed, "count": PROFILE_TAPS})
    report = json.loads(
        page.evaluate(
            python,
            "import builtins\nbuiltins._bench_profile.disable()\n"
            "builtins._bench_report(builtins._bench_profile, 'self')",
        )
    )
    context.close()
    report["taps"] = len(taps["samples"])
    report.pop("modules")
    return {"start": start, "taps": report}
