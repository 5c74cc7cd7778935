#!/usr/bin/env python3
"""How fast the page answers a tap, over one scripted visit (a benchmark: figures, not a test).

    .venv/bin/python bench/interactions.py [--rates 1 4] [--seed 77] [--json PATH]

It builds the site (tools.build, as bench/load.py does), serves it, and in Debian's Chromium at
phone size, once per CPU rate (1: full speed; 4: slowed like Lighthouse's phone model, CDP's
``Emulation.setCPUThrottlingRate``), plays one visit by taps:

- a PEACEFUL game (``?seed=``) played to its end with HINT and "Play it" (each hint waited for,
  as a player waits to see it), and NEW GAME never tapped;
- the game-over screen, REVIEW and NEXT through every decision, then closed;
- best scores, statistics, rules, settings: each opened and closed.

It reads what Chromium counts (the Event Timing API: each interaction's time from the input to
the next paint, ``durationThreshold: 16``; the Long Tasks API) from the moment the game is
ready, and prints per rate: the interactions' p50, p98 and worst (INP as web-vitals counts it:
the worst, or the 98th percentile past 50), which control the slowest were, and the long tasks
(count, total, longest). The figures go to bench/results/interactions.json (with the date, the
commit and the machine's load) unless --json says otherwise.

Targets (issue 31): INP <= 100 ms at full speed, <= 200 ms with the CPU slowed 4x; no task on
the main thread over 50 ms at full speed once the game is ready.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from coach_page import built_page_context, percentile  # noqa: E402
from loadbench.browser import LOAD_TIMEOUT_MS, new_context  # noqa: E402
from results import write_result  # noqa: E402

TARGETS = {1: 100, 4: 200}  # INP, ms
LONG_TASK_TARGET_MS = 50  # at full speed, once the game is ready
# Every interaction (input to next paint) and long task from the moment the game is ready.
OBSERVE_JS = """
window.__inter = { events: [], long: [], since: null };
const seen = (entry) => window.__inter.since !== null && entry.startTime >= window.__inter.since;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (!e.interactionId || !seen(e)) continue;
    const t = e.target;
    const name = t ? (t.closest && t.closest('[data-action]')
      ? t.closest('[data-action]').dataset.action
      : t.closest && t.closest('[data-cell]') ? 'cell'
      : t.closest && t.closest('[data-die]') ? 'die' : t.tagName.toLowerCase()) : '?';
    window.__inter.events.push({ id: e.interactionId, type: e.name, duration: e.duration,
      name, processing: e.processingEnd - e.processingStart,
      wait: e.processingStart - e.startTime, start: e.startTime });
  }
}).observe({ type: 'event', durationThreshold: 16, buffered: true });
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (seen(e)) window.__inter.long.push([e.startTime, e.duration]);
  }
}).observe({ type: 'longtask', buffered: true });
"""
START_JS = "window.__inter.since = performance.now()"
HINT_SHOWN = "!document.querySelector('.controls [data-action=\"apply-hint\"]').hidden"


def wait_idle(page, ms: int = 120) -> None:
    """Until the page has had two animation frames and a little quiet (a player's glance)."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    page.wait_for_timeout(ms)


def play_with_hints(page) -> int:
    """The game on screen played to its end by HINT and "Play it"; returns the turns played."""
    turns = 0
    while page.evaluate("document.body.dataset.phase") != "over":
        if page.evaluate("document.body.dataset.phase") == "roll":
            page.click('.controls [data-action="roll"]')
            page.wait_for_function("document.body.dataset.phase !== 'roll'")
            turns += 1
            wait_idle(page)
            continue
        page.click('.controls [data-action="hint"]')
        page.wait_for_function(HINT_SHOWN, timeout=60_000)
        wait_idle(page)
        page.click('.controls [data-action="apply-hint"]')
        wait_idle(page, 200)
    return turns


def close_dialogs(page) -> None:
    """Taps the close button of every open dialog, the topmost first."""
    while page.locator("dialog[open]").count():
        page.locator("dialog[open] [data-action=close]").last.click()
        wait_idle(page)


def visit(page, base: str, seed: int) -> int:
    """The scripted visit (the module's docstring); returns the turns played."""
    page.goto(f"{base}index.html?seed={seed}&difficulty=peaceful", wait_until="commit")
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=LOAD_TIMEOUT_MS)
    wait_idle(page, 500)
    page.evaluate(START_JS)
    turns = play_with_hints(page)
    page.wait_for_selector("#dialog-over[open]")
    wait_idle(page, 1500)  # the coach plays the game's dice meanwhile
    page.click('#dialog-over [data-action="review"]')
    page.wait_for_selector("#dialog-review[open]")
    nxt = '#dialog-review [data-action="review-next"]'
    more = f"(b => !!b && !b.disabled && !b.hidden)(document.querySelector('{nxt}'))"
    while page.evaluate(more):
        page.click(nxt)
        wait_idle(page)
    page.click('#dialog-review [data-action="close"]')
    wait_idle(page)
    close_dialogs(page)
    for opener in (
        ".top [data-action=scores]",
        "#dialog-scores [data-action=stats]",
        ".top [data-action=rules]",
        ".top [data-action=settings]",
    ):
        if opener.startswith(".top"):
            close_dialogs(page)
        page.click(opener)
        page.wait_for_selector("dialog[open]")
        wait_idle(page, 300)
    close_dialogs(page)
    return turns


QUIET_JS = """localStorage.setItem('magdagdon.v1.settings',
  JSON.stringify({schema: 1, difficulty: 'peaceful', language: null, sound: false,
                  vibration: false}))"""


def measure(
    browser, base: str, seed: int, rate: int, problems: list[str], quiet: bool = False
) -> dict:
    """One visit at one CPU rate, in a fresh context: the interactions (one per interactionId:
    its longest entry, the handlers' time of all its entries) and the long tasks."""
    context = new_context(browser, service_workers="block")
    page = context.new_page()
    page.add_init_script(OBSERVE_JS)
    if quiet:  # sound and vibration off: what the browser's audio costs is left out
        page.add_init_script(QUIET_JS)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    turns = visit(page, base, seed)
    data = page.evaluate("window.__inter")
    problems += context.problems
    context.close()
    long = [duration for _, duration in data["long"]]
    after = []  # each long task over 50 ms: the last tap before it, and how long after it began
    for start, duration in sorted(data["long"]):
        taps = [e for e in data["events"] if e["start"] <= start]
        last = max(taps, key=lambda e: e["start"]) if taps else None
        if duration > LONG_TASK_TARGET_MS:
            after.append(
                {
                    "ms": round(duration),
                    "after": last["name"] if last else "ready",
                    "later_ms": round(start - last["start"]) if last else None,
                }
            )
    worst: dict[int, dict] = {}
    for event in data["events"]:
        known = worst.setdefault(event["id"], {**event, "processing": 0.0})
        known["processing"] += event["processing"]
        if event["type"] == "click" or event["duration"] > known["duration"]:
            known.update(name=event["name"], type=event["type"], wait=event["wait"])
            known["duration"] = max(known["duration"], event["duration"])
    interactions = sorted(worst.values(), key=lambda e: -e["duration"])
    durations = [e["duration"] for e in interactions] or [0.0]
    inp = durations[min(len(durations) // 50, len(durations) - 1)]  # web-vitals' INP
    return {
        "rate": rate,
        "turns": turns,
        "interactions": len(interactions),
        "p50_ms": statistics.median(durations),
        "p98_ms": percentile(durations, 98),
        "worst_ms": durations[0],
        "inp_ms": inp,
        "slowest": [
            {k: round(v, 1) if isinstance(v, float) else v for k, v in e.items() if k != "id"}
            for e in interactions[:5]
        ],
        "long_tasks": len(long),
        "long_total_ms": round(sum(long), 1),
        "long_max_ms": max(long, default=0.0),
        "long_over_50": after,
    }


def report(rows: list[dict]) -> int:
    """Prints the figures; 1 if a target is missed."""
    missed = 0
    for row in rows:
        rate = row["rate"]
        target = TARGETS.get(rate)
        verdict = "" if target is None else ("PASS" if row["inp_ms"] <= target else "MISS")
        missed += verdict == "MISS"
        print(
            f"CPU {rate}x: {row['interactions']} interactions over {row['turns']} turns: "
            f"p50 {row['p50_ms']:.0f} ms, p98 {row['p98_ms']:.0f} ms, worst {row['worst_ms']:.0f}"
            f" ms; INP {row['inp_ms']:.0f} ms (target <= {target} ms) {verdict}"
        )
        for e in row["slowest"]:
            print(
                f"    {e['name']:>14} ({e['type']}): {e['duration']:.0f} ms "
                f"(waited {e['wait']:.0f}, handled {e['processing']:.0f})"
            )
        long_verdict = ""
        if rate == 1:
            ok = row["long_max_ms"] <= LONG_TASK_TARGET_MS
            long_verdict = f" (target <= {LONG_TASK_TARGET_MS} ms) {'PASS' if ok else 'MISS'}"
            missed += not ok
        print(
            f"  long tasks after ready: {row['long_tasks']}, {row['long_total_ms']:.0f} ms in "
            f"all, longest {row['long_max_ms']:.0f} ms{long_verdict}"
        )
        for task in row["long_over_50"]:
            print(f"    {task['ms']:5d} ms, {task['later_ms']} ms after {task['after']}")
    return 1 if missed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rates", type=int, nargs="+", default=[1, 4], help="CPU slowdowns")
    parser.add_argument("--seed", type=int, default=77, help="the PEACEFUL game's seed")
    parser.add_argument("--quiet", action="store_true", help="sound and vibration off")
    parser.add_argument("--json", type=Path, default=ROOT / "bench/results/interactions.json")
    args = parser.parse_args()
    with built_page_context("magdagdon-inter-") as (release, base, context):
        problems: list[str] = []
        rows = [
            measure(context.browser, base, args.seed, r, problems, args.quiet) for r in args.rates
        ]
    print(f"Interactions over one scripted visit (release {release}, Chromium, phone size)\n")
    failed = report(rows)
    for problem in problems:
        print(f"page problem: {problem}")
    summary = {
        f"CPU {r['rate']}x: INP / p50 / worst (ms); long tasks, longest (ms)": (
            f"{r['inp_ms']:.0f} / {r['p50_ms']:.0f} / {r['worst_ms']:.0f}; "
            f"{r['long_tasks']}, {r['long_max_ms']:.0f}"
        )
        for r in rows
    }
    write_result(args.json, {"release": release, "seed": args.seed, "summary": summary,
                             "runs": rows})  # fmt: skip
    return 1 if problems else failed


if __name__ == "__main__":
    raise SystemExit(main())
