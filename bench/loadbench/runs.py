"""The runs: measure() builds and serves the site, then drives Chromium through every
measurement in order (the offline check, layout shift, the cold and warm loads of the game and
the floor interleaved, the same with the CPU slowed, tap-to-render, the engine in Pyodide, the
profile). A load of the game or the floor is a cold visit and a warm one on a brand-new profile.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright

from tests.e2e.harness import CHROMIUM, CHROMIUM_ARGS
from tools.build import INLINE_SCRIPT

from .browser import BLOCK_OTHER_HOSTS, SLOW_CPU, first_visit, load, now_ms, settle
from .play import (
    engine_times,
    layout_shift,
    offline_check,
    profile_game,
    tap_latency,
)
from .server import NO_SNAPSHOT, Hit, byte_summary, hits_between, prepare_site, serve

SW_TIMEOUT_MS = 90_000
#: The page kept the first frame of the game it shows (the values it was made for still stored).
KEPT = """() => { try {
  const frame = JSON.parse(localStorage.getItem("magdagdon.v1.frame"));
  return Object.entries(frame.keys).every(([key, value]) => localStorage.getItem(key) === value);
} catch (_) { return false; } }"""


def game_run(
    playwright: Playwright, base: str, hits: list[Hit], slow: bool = False, warm: bool = True
) -> dict:
    """One cold visit, the service worker's precache, one warm visit, on a new profile (only
    the cold visit if not ``warm``)."""
    with first_visit(playwright, slow) as (context, page):
        if not warm:
            started = now_ms()
            cold = load(page, base + "index.html", "tapAccepted")
            end = cold["timeOrigin"] + cold["tapAccepted"]
            return {"cold": cold, "cold_net": byte_summary(hits_between(hits, started, end)),
                    "problems": list(context.problems)}  # type: ignore[attr-defined]  # fmt: skip
        return _game_visits(context, page, base, hits)


def _game_visits(context: BrowserContext, page: Page, base: str, hits: list[Hit]) -> dict:
    url = base + "index.html"
    started = now_ms()
    cold = load(page, url, "tapAccepted")
    tapped = cold["timeOrigin"] + cold["tapAccepted"]
    page.wait_for_function(
        "navigator.serviceWorker.controller !== null", timeout=SW_TIMEOUT_MS, polling=50
    )
    controlled = page.evaluate("performance.timeOrigin + performance.now()")
    # The open from the home screen in the middle of a game (the ROLL taken, her dice on the
    # tray): its first frame is her game (magdagdon/frame.py), once the game kept it.
    page.wait_for_function(KEPT, timeout=SW_TIMEOUT_MS, polling=50)
    settle(tapped)
    kept = load(page, url, "ready")
    page.wait_for_function("window.__bench.herBoard !== null", timeout=SW_TIMEOUT_MS, polling=50)
    kept["herBoard"] = page.evaluate("window.__bench.herBoard")
    page.evaluate("localStorage.clear()")  # a new game again, so that ROLL is there to tap
    settle(kept["timeOrigin"] + kept["ready"])
    warm_start = now_ms()
    warm = load(page, url, "tapAccepted")
    warm_end = warm["timeOrigin"] + warm["tapAccepted"]
    return {
        "cold": cold,
        "warm": warm,
        "kept": kept,
        "cold_net": byte_summary(hits_between(hits, started, tapped)),
        "precache_net": byte_summary(hits_between(hits, tapped, controlled + 1)),
        "precache_ms": controlled - tapped,
        "warm_net": byte_summary(hits_between(hits, warm_start, warm_end)),
        "warm_controlled": warm["controlled"],
        "problems": list(context.problems),  # type: ignore[attr-defined]
        "cold_hits": [h.__dict__ for h in hits_between(hits, started, tapped)],
        "precache_hits": [h.__dict__ for h in hits_between(hits, tapped, controlled + 1)],
    }


def floor_run(playwright: Playwright, base: str, hits: list[Hit], slow: bool = False) -> dict:
    """One cold and one warm (HTTP cache) visit of the floor, on a new profile."""
    with first_visit(playwright, slow) as (context, page):
        return _floor_visits(context, page, base, hits)


def _floor_visits(context: BrowserContext, page: Page, base: str, hits: list[Hit]) -> dict:
    url = base + "floor/index.html"
    started = now_ms()
    cold = load(page, url, "ready")
    ready = cold["timeOrigin"] + cold["ready"]
    settle(ready)
    warm_start = now_ms()
    warm = load(page, url, "ready")
    return {
        "cold": cold,
        "warm": warm,
        "cold_net": byte_summary(hits_between(hits, started, ready)),
        "after_ready_net": byte_summary(hits_between(hits, ready, warm_start)),
        "warm_net": byte_summary(
            hits_between(hits, warm_start, warm["timeOrigin"] + warm["ready"])
        ),
        "problems": list(context.problems),  # type: ignore[attr-defined]
        "cold_hits": [h.__dict__ for h in hits_between(hits, started, ready)],
    }


def measure(args: argparse.Namespace) -> dict:
    """Build, serve and measure everything; the raw results."""
    with tempfile.TemporaryDirectory(prefix="magdagdon-bench-") as tmp:
        site = Path(tmp) / "site"
        snapshot: dict = {}
        release = prepare_site(site, snapshot)
        inline = INLINE_SCRIPT.findall((site / "index.html").read_text("utf-8"))
        first_script = sum(len(code.encode("utf-8")) for kind, code in inline if "json" not in kind)
        server, base, hits = serve(site)
        print(f"site: release {release} built in {site}, served at {base}")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS + BLOCK_OTHER_HOSTS
            )
            blocked = offline_check(browser, base)
            shifts = [layout_shift(browser, base, args.seed + n) for n in range(args.shift_runs)]
            print("  layout shift: " + ", ".join(f"{r['cls']:.4f}" for r in shifts), flush=True)
            games, floors = [], []
            for n in range(args.runs):
                order = (game_run, floor_run) if n % 2 == 0 else (floor_run, game_run)
                for fn in order:
                    (games if fn is game_run else floors).append(fn(playwright, base, hits))
                print(
                    f"  run {n + 1}/{args.runs}: game first tap "
                    f"{games[-1]['cold']['tapAccepted']:.0f} ms cold, "
                    f"{games[-1]['warm']['tapAccepted']:.0f} ms warm; floor "
                    f"{floors[-1]['cold']['ready']:.0f} ms cold, "
                    f"{floors[-1]['warm']['ready']:.0f} ms warm",
                    flush=True,
                )
            slow: dict[str, list[dict]] = {"game": [], "nosnap": [], "floor": []}
            for n in range(args.slow_runs):
                slow["game"].append(game_run(playwright, base, hits, slow=True))
                slow["nosnap"].append(
                    game_run(playwright, base + NO_SNAPSHOT, hits, slow=True, warm=False)
                )
                slow["floor"].append(floor_run(playwright, base, hits, slow=True))
                print(
                    f"  CPU x{SLOW_CPU} run {n + 1}/{args.slow_runs}: game "
                    f"{slow['game'][-1]['cold']['tapAccepted']:.0f} ms cold, "
                    f"{slow['game'][-1]['warm']['tapAccepted']:.0f} ms warm; without its "
                    f"snapshot {slow['nosnap'][-1]['cold']['tapAccepted']:.0f} ms cold; floor "
                    f"{slow['floor'][-1]['cold']['ready']:.0f} ms cold",
                    flush=True,
                )
            taps = tap_latency(browser, base, args.seed, args.taps)
            print(f"  taps: {taps['taps']} timed, {taps['games_finished']} games finished")
            engine = engine_times(browser, base)
            profile = profile_game(browser, base, args.seed + 1)
            browser.close()
        server.shutdown()
    return {"release": release, "first_script_bytes": first_script, "blocked": blocked,
            "games": games, "floors": floors,
            "slow": slow, "shifts": shifts, "snapshot": snapshot,
            "taps": taps, "engine": engine, "profile": profile}  # fmt: skip
