#!/usr/bin/env python3
"""PUZZLES: the day's puzzle found, in CPython and in Pyodide (a benchmark: figures, not a test).

    .venv/bin/python bench/puzzles.py [--days 365] [--page-days 30] [--json PATH]

- **CPython**, over --days days from 2027-01-01: the time to find each day's puzzle
  (:func:`magdagdon.puzzles.day_steps`, wall clock and this process's CPU), its steps and the
  longest one; the gap between the coach's choice and the natural move (the review's loss of
  the natural move: at least 8 by construction) as a distribution; the difficulties and phases
  the year brings; grading (:func:`magdagdon.review.judge_steps` of the natural move and of the
  coach's, as an answer is graded): its time p50 / p95 / max and its longest step.
- **Pyodide**, on the built page in Chromium at phone size, over the first --page-days of
  those days: the same search in the page's interpreter, each step timed (a step is one task of
  the page: the target is none over 16 ms), the codes compared with CPython's (the same puzzle
  in both runtimes); and TODAY'S PUZZLE tapped in the statistics until the position is on the board.

The figures go to bench/results/puzzles.json (with the date, the commit and the machine's load)
unless --json says otherwise.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from coach_page import built_page_context, percentile  # noqa: E402
from loadbench.browser import LOAD_TIMEOUT_MS  # noqa: E402
from results import write_result  # noqa: E402

from magdagdon.coach import suggest  # noqa: E402
from magdagdon.puzzles import GAP, day_steps, natural_steps  # noqa: E402
from magdagdon.review import judge_steps  # noqa: E402

FIRST = date(2027, 1, 1)
STEP_TARGET_MS = 16.0

#: In the page's interpreter: each day's puzzle found, every step timed (ms), and its code.
PAGE_PY = """
import json, time
from magdagdon.coach import run
from magdagdon.puzzles import day_steps, natural_steps
from magdagdon.review import judge_steps
found = []
for day in DAYS:
    work, steps = day_steps(day), []
    began = time.perf_counter()
    while True:
        at = time.perf_counter()
        try:
            next(work)
        except StopIteration as done:
            steps.append((time.perf_counter() - at) * 1000)
            puzzle = done.value
            break
        steps.append((time.perf_counter() - at) * 1000)
    took = (time.perf_counter() - began) * 1000
    answer = run(natural_steps(puzzle.game))
    graded = time.perf_counter()
    run(judge_steps(puzzle.game, answer))
    found.append([day, puzzle.code, took, steps, (time.perf_counter() - graded) * 1000])
json.dumps(found)
"""
#: TODAY'S PUZZLE tapped in the statistics until the position is on the board and no dialog is
#: open (ms).
TAP_JS = """async () => {
  const frame = () => new Promise(requestAnimationFrame);
  const open = async (selector) => { while (!document.querySelector(selector)) await frame(); };
  document.querySelector('.top [data-action="scores"]').click();
  await open('#dialog-scores[open]');
  document.querySelector('#dialog-scores [data-action="stats"]').click();
  await open('#dialog-stats[open]');
  const started = performance.now();
  document.querySelector('#dialog-stats [data-action="puzzle"]').click();
  const ready = () => document.body.dataset.drill === 'true'
    && !document.querySelector('dialog[open]');
  while (!ready()) await frame();
  return performance.now() - started;
}"""


def timed(steps) -> tuple[object, float, float, int, float]:
    """Run work in steps: its result, wall and CPU seconds, steps, the longest step (ms)."""
    wall, cpu, longest, count = time.perf_counter(), time.process_time(), 0.0, 0
    while True:
        at = time.perf_counter()
        try:
            next(steps)
        except StopIteration as done:
            result = done.value
            break
        longest = max(longest, (time.perf_counter() - at) * 1000)
        count += 1
    return result, time.perf_counter() - wall, time.process_time() - cpu, count, longest


def spread(values: list[float]) -> str:
    ordered = sorted(values)
    return (
        f"p50 {statistics.median(ordered):.1f} / p95 {percentile(ordered, 95):.1f} / "
        f"max {ordered[-1]:.1f}"
    )


def cpython(days: list[str]) -> dict:
    finding, finding_cpu, longest, gaps, grading, grading_longest = [], [], [], [], [], []
    kinds: dict[str, int] = {}
    codes = {}
    for day in days:
        puzzle, wall, cpu, _, step = timed(day_steps(day))
        finding.append(wall * 1000)
        finding_cpu.append(cpu * 1000)
        longest.append(step)
        game = puzzle.game
        codes[day] = puzzle.code
        kind = f"{game.difficulty.value} {game.phase.value}"
        kinds[kind] = kinds.get(kind, 0) + 1
        natural = _run(natural_steps(game))
        for answer in (natural, suggest(game)):
            decision, wall, _, _, step = timed(judge_steps(game, answer))
            grading.append(wall * 1000)
            grading_longest.append(step)
            if answer is natural:
                gaps.append(decision.loss)  # (the natural move's loss: the gap)
    return {
        "days": len(days),
        "find_ms": finding,
        "find_cpu_ms": finding_cpu,
        "find_longest_step_ms": longest,
        "gaps": gaps,
        "kinds": dict(sorted(kinds.items())),
        "grade_ms": grading,
        "grade_longest_step_ms": grading_longest,
        "codes": codes,
    }


def _run(steps):
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def gap_table(gaps: list[int]) -> list[tuple[str, int]]:
    bounds = [(GAP, 9), (10, 14), (15, 24), (25, 49), (50, 99), (100, 10**6)]
    rows = []
    for low, high in bounds:
        label = f"{low}–{high}" if high < 10**6 else f"{low}+"
        rows.append((label, sum(low <= g <= high for g in gaps)))
    return rows


def page(days: list[str]) -> dict:
    with built_page_context("magdagdon-puzzles-") as (release, base, context):
        tab = context.new_page()  # type: ignore[attr-defined]
        tab.goto(base + "index.html")
        tab.wait_for_function("document.body.dataset.ready === 'true'", timeout=LOAD_TIMEOUT_MS)
        tab.wait_for_function("window.__benchInterpreter !== undefined")
        tap = tab.evaluate(TAP_JS)
        code = PAGE_PY.replace("DAYS", json.dumps(days))
        found = json.loads(tab.evaluate("(c) => window.__benchInterpreter.runPython(c)", code))
        problems = list(context.problems)  # type: ignore[attr-defined]
    return {"release": release, "tap_ms": tap, "found": found, "problems": problems}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--page-days", type=int, default=30)
    parser.add_argument("--json", type=Path, default=ROOT / "bench/results/puzzles.json")
    args = parser.parse_args()
    days = [(FIRST + timedelta(days=n)).isoformat() for n in range(args.days)]
    local = cpython(days)
    print(f"The day's puzzle over {len(days)} days from {days[0]} (CPython)\n")
    print(f"  finding it (wall, ms):        {spread(local['find_ms'])}")
    print(f"  finding it (CPU, ms):         {spread(local['find_cpu_ms'])}")
    print(f"  its longest step (ms):        {spread(local['find_longest_step_ms'])}")
    print(f"  grading an answer (ms):       {spread(local['grade_ms'])}")
    print(f"  grading's longest step (ms):  {spread(local['grade_longest_step_ms'])}")
    gaps = local["gaps"]
    print(f"\n  gap of the natural move (points): min {min(gaps)}, median "
          f"{statistics.median(gaps):.0f}, max {max(gaps)}")  # fmt: skip
    for label, count in gap_table(gaps):
        print(f"    {label:>8}: {count:4} {'#' * round(60 * count / len(gaps))}")
    print("\n  what the days bring: " + ", ".join(f"{k} {n}" for k, n in local["kinds"].items()))
    shown = page(days[: args.page_days])
    found = shown["found"]
    steps = [s for _, _, _, each, _ in found for s in each]
    same = sum(code == local["codes"][day] for day, code, _, _, _ in found)
    over = sum(s > STEP_TARGET_MS for s in steps)
    print(f"\nIn Pyodide, on the page (release {shown['release']}), {len(found)} days:")
    print(f"  finding it (ms):              {spread([ms for _, _, ms, _, _ in found])}")
    print(f"  grading an answer (ms):       {spread([ms for *_, ms in found])}")
    print(f"  one step (ms):                {spread(steps)}; {over} of {len(steps)} over 16 ms")
    print(f"  the same puzzle as CPython:   {same} of {len(found)} days")
    print(f"  TODAY'S PUZZLE tapped until the position is on the board: {shown['tap_ms']:.0f} ms")
    for problem in shown["problems"]:
        print(f"page problem: {problem}")
    summary = {
        "CPython: finding the day's puzzle (ms)": spread(local["find_ms"]),
        "CPython: its longest step (ms)": spread(local["find_longest_step_ms"]),
        "CPython: grading an answer (ms)": spread(local["grade_ms"]),
        "gap of the natural move (points)": f"min {min(gaps)} / median "
        f"{statistics.median(gaps):.0f} / max {max(gaps)}",
        "Pyodide: finding the day's puzzle (ms)": spread([ms for _, _, ms, _, _ in found]),
        "Pyodide: grading an answer (ms)": spread([ms for *_, ms in found]),
        "Pyodide: one step (ms)": f"{spread(steps)}; {over} of {len(steps)} over 16 ms",
        "Pyodide: the same puzzle as CPython": f"{same} of {len(found)} days",
        "TODAY'S PUZZLE tapped until on the board (ms)": round(shown["tap_ms"]),
    }
    local.pop("codes")
    for key in ("find_ms", "find_cpu_ms", "find_longest_step_ms", "grade_ms",
                "grade_longest_step_ms"):  # fmt: skip
        local[key] = [round(x, 2) for x in local[key]]
    write_result(
        args.json,
        {"summary": summary, "cpython": local, "gap_table": gap_table(gaps),
         "page": {k: v for k, v in shown.items() if k != "found"},
         "page_days": [[day, code, round(took, 1), round(max(each), 1), len(each),
                        sum(x > STEP_TARGET_MS for x in each), round(graded, 1)]
                       for day, code, took, each, graded in found]},
    )  # fmt: skip
    return 1 if shown["problems"] or same != len(found) else 0


if __name__ == "__main__":
    raise SystemExit(main())
