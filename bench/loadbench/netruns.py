"""The runs of bench/load.py network: a phone's first visit over a modelled network, game and
bare PyScript page (the floor) alternating, each on a brand-new on-disk profile; and the warm
open from the home screen.

For each network profile (network.PROFILES) the built site is served by network.serve_pages()
through that profile's link, and --runs times each:

- the game (index.html) from navigation until its first ROLL is accepted (probes/probe.js taps
  ROLL as soon as it is there and again while the tap is neither taken nor kept), and the
  floor (floor/index.html, the same vendored PyScript and Pyodide) until it is ready;
- the page's CPU slowed SLOW_CPU times (CDP Emulation.setCPUThrottlingRate) on the throttled
  profiles, not on loopback;
- the bytes the server sent between the navigation and that moment, and from the server's log
  when the page's first byte left and when each big file's last byte left.

Between two loads the server waits until nothing is being sent and resets the link.

The warm open: on loopback, a cold visit, its service worker's precache until it controls the
page, the saved game cleared (so that ROLL is there again), then a second visit in the same
on-disk profile until the first ROLL is accepted: at CPU 1x and at SLOW_CPU x.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path

from playwright.sync_api import Playwright, sync_playwright

from tools.build import build

from .browser import SLOW_CPU, first_visit, load, now_ms
from .network import BIG_FILES, PROFILES, Profile, Served, serve_pages
from .runs import game_run
from .server import add_floor

THROTTLED_TIMEOUT_MS = 400_000  # a load on the slow link takes about a minute
#: The game's visit goes on after its first ROLL: the bytes the server sends within AFTER_S of it
#: are counted (the service worker's precache, anything fetched once ready), the page left open
#: until its service worker is in charge and nothing has been sent for SETTLED_S (or AFTER_S).
AFTER_S = 100.0
SETTLED_S = 10.0
LOOPBACK_TIMEOUT_MS = 90_000
PAGES = {"game": ("index.html", "tapAccepted"), "bare": ("floor/index.html", "ready")}


def prepare(out: Path, site: Path | None) -> str:
    """The site in ``out``: ``site`` copied (a build made beforehand) or the current code built;
    the floor beside it as floor/ (so that it loads the very same ../static/vendor/ files)."""
    if site is not None:
        shutil.copytree(site, out)
        release = "prebuilt"
        page = (out / "index.html").read_text("utf-8")
        if 'name="magdagdon-release" content="' in page:
            release = page.split('name="magdagdon-release" content="')[1].split('"')[0]
    else:
        release = build(out)
    add_floor(out)
    return release


def one_load(playwright: Playwright, served: Served, kind: str, profile: Profile) -> dict:
    """One first visit of the game or the bare page on a new profile, through ``served``."""
    path, until = PAGES[kind]
    timeout = LOOPBACK_TIMEOUT_MS if profile.rate is None else THROTTLED_TIMEOUT_MS
    served.quiet()
    started = now_ms()
    with first_visit(playwright, slow=profile.cpu > 1) as (context, page):
        data = load(page, served.base + path, until, timeout_ms=timeout)
        after = _after(page, served, data["timeOrigin"] + data[until]) if kind == "game" else None
        problems = list(context.problems)  # type: ignore[attr-defined]
    served.quiet()  # every response of this load is in the log now
    origin = data["timeOrigin"]
    end = origin + data[until]
    hits = [h for h in list(served.log.hits) if h.start >= started - 1]
    page_hit = next((h for h in hits if h.path == "/" + path), None)
    files, named = {}, set()
    for suffix, label in BIG_FILES:  # (each hit under the first label whose suffix it ends with)
        hit = next((h for h in hits if h.path.endswith(suffix) and h.status == 200
                    and h.path not in named), None)  # fmt: skip
        if hit is not None:
            named.add(hit.path)
            files[label] = {"end_ms": hit.end - origin, "bytes": hit.bytes, "status": hit.status}
    python_up = data.get("marks", {}).get("python-up")
    if python_up is None:  # the floor: PyScript's own progress
        python_up = next((t for t, d in data["progress"] if d == "Loaded interpreter"), None)
    return {
        "kind": kind,
        "seconds": data[until] / 1000,
        "bytes": served.log.bytes_between(started, end),
        "bytes_all": sum(h.bytes for h in hits),
        "after_bytes": None if after is None else after[0],
        "after_waited_s": None if after is None else after[1],
        "requests": sum(1 for h in hits if h.start < end),
        "python": data.get("python"),
        "snapshot": data.get("snapshot"),
        "page_first_byte_ms": None if page_hit is None else page_hit.first_byte - origin,
        "page_end_ms": None if page_hit is None else page_hit.end - origin,
        "files": files,
        "snapshot_ready_ms": data.get("marks", {}).get("snapshot-ready"),
        "python_up_ms": python_up,
        "py_ready_ms": data["events"].get("py:ready"),
        "end_ms": data[until],
        "problems": problems,
        "hits": [h.__dict__ for h in hits],
    }


def _after(page, served: Served, end_ms: float) -> tuple[int, float]:
    """The bytes sent within AFTER_S of ``end_ms`` (epoch ms: the first ROLL), and how long the
    page was left open after it (s)."""
    deadline = end_ms + AFTER_S * 1000
    while now_ms() < deadline:
        last = max((t for t, _ in list(served.log.sent)), default=end_ms)
        controlled = page.evaluate("Boolean(navigator.serviceWorker?.controller)")
        if controlled and now_ms() - max(last, end_ms) > SETTLED_S * 1000:
            break
        page.wait_for_timeout(500)
    return served.log.bytes_between(end_ms, deadline), (now_ms() - end_ms) / 1000


def network_runs(playwright: Playwright, site: Path, profile: Profile, runs: int) -> dict:
    served = serve_pages(site, profile)
    print(f"  {profile.label}: served at {served.base}, CPU x{profile.cpu}", flush=True)
    loads: dict[str, list[dict]] = {"game": [], "bare": []}
    try:
        for n in range(runs):
            for kind in ("game", "bare") if n % 2 == 0 else ("bare", "game"):
                loads[kind].append(one_load(playwright, served, kind, profile))
            g, b = loads["game"][-1], loads["bare"][-1]
            print(
                f"    run {n + 1}/{runs}: game {g['seconds']:.2f} s, {g['bytes'] / 1e6:.2f} MB; "
                f"bare {b['seconds']:.2f} s, {b['bytes'] / 1e6:.2f} MB; "
                f"ratio {g['seconds'] / b['seconds']:.2f}",
                flush=True,
            )
    finally:
        served.stop()
    return loads


def warm_runs(playwright: Playwright, site: Path, runs: int) -> dict:
    """The warm open, at CPU 1x and SLOW_CPU x (loopback): see the module's docstring."""
    served = serve_pages(site, PROFILES["loopback"])
    out: dict[str, list[dict]] = {"cpu1": [], "cpu4": []}
    try:
        for n in range(runs):
            for key, slow in (("cpu1", False), ("cpu4", True)):
                served.quiet()
                run = game_run(playwright, served.base, served.log.hits, slow=slow)  # type: ignore[arg-type]
                out[key].append({
                    "seconds": run["warm"]["tapAccepted"] / 1000,
                    "cold_seconds": run["cold"]["tapAccepted"] / 1000,
                    "controlled": run["warm_controlled"],
                    "python": run["warm"]["python"],
                    "warm_requests": run["warm_net"]["requests"],
                    "warm_bytes": run["warm_net"]["bytes"],
                    "problems": run["problems"],
                })  # fmt: skip
            print(
                f"    warm open {n + 1}/{runs}: CPU x1 {out['cpu1'][-1]['seconds']:.2f} s, "
                f"CPU x{SLOW_CPU} {out['cpu4'][-1]['seconds']:.2f} s",
                flush=True,
            )
    finally:
        served.stop()
    return out


def measure_network(args: argparse.Namespace) -> dict:
    """Build (or copy) and serve the site, then every selected profile's loads."""
    with tempfile.TemporaryDirectory(prefix="magdagdon-netbench-") as tmp:
        site = Path(tmp) / "site"
        release = prepare(site, args.site)
        print(f"site: release {release} in {site}")
        results: dict = {"release": release, "networks": {}, "warm": None}
        runs = 1 if args.quick else args.runs
        with sync_playwright() as playwright:
            for name in args.profiles:
                if name == "warm":
                    results["warm"] = warm_runs(playwright, site, runs)
                else:
                    profile = PROFILES[name]
                    results["networks"][name] = network_runs(playwright, site, profile, runs)
    return results
