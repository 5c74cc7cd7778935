"""The report: the table of targets, the snapshot, where the time goes, the requests the game
makes beyond the floor's, the engine calls in Pyodide, the game's Python under cProfile,
tap-to-render by kind of tap and the problems seen; and, if asked, every figure as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import time

from bench.results import write_result

from .targets import ENGINE_MS, fmt, print_table, summarise
from .timeline import print_breakdown


def print_requests(game: dict, floor: dict) -> dict:
    """What the game asks the server for that the floor does not (one cold load)."""
    floor_paths = {h["path"].replace("/floor/", "/") for h in floor["cold_hits"]}
    extra = [
        h
        for h in game["cold_hits"]
        if h["path"] not in floor_paths and h["path"] not in ("/floor/index.html",)
    ]
    extra_bytes = sum(h["bytes"] for h in extra)
    print(
        f"\nRequests of the game's cold load that the floor does not make: {len(extra)}, "
        f"{extra_bytes / 1024:,.1f} KB"
    )
    groups: dict[str, list[dict]] = {}
    for h in extra:
        key = (
            "magdagdon/*.py ([files])"
            if h["path"].startswith("/magdagdon/")
            else "i18n/*.json"
            if h["path"].startswith("/i18n/")
            else "static/icons/*"
            if h["path"].startswith("/static/icons/")
            else h["path"]
        )
        groups.setdefault(key, []).append(h)
    for key, group in sorted(groups.items(), key=lambda kv: -sum(h["bytes"] for h in kv[1])):
        size = sum(h["bytes"] for h in group)
        print(f"  {len(group):3} x {key:40} {size / 1024:8.1f} KB")
    precached = sorted(game["precache_hits"], key=lambda h: -h["bytes"])
    print(
        f"\nFetched by the service worker's precache after ready: {len(precached)} requests, "
        f"{sum(h['bytes'] for h in precached) / 1024:,.1f} KB (the rest came from the HTTP "
        "cache); the biggest:"
    )
    for h in precached[:8]:
        print(f"  {h['bytes'] / 1024:8.1f} KB  {h['path']}")
    return {
        "count": len(extra),
        "bytes": extra_bytes,
        "groups": {
            k: {"requests": len(v), "bytes": sum(h["bytes"] for h in v)} for k, v in groups.items()
        },
        "precached_after_ready": [(h["path"], h["bytes"]) for h in precached],
    }


def print_profile(profile: dict, engine: dict, game_cold: dict, floor_cold: dict) -> dict:
    """The game's Python: its main script before ready, and its taps (cProfile, in its own
    interpreter; the profiler inflates every figure, compare them with each other)."""
    start, taps = profile["start"], profile["taps"]
    wall = game_cold["ready"] - game_cold["events"]["py:ready"]
    floor_wall = floor_cold["ready"] - floor_cold["events"]["py:ready"]
    runtime = set(engine["runtime_modules"]) | {"cProfile", "profile", "pstats", "_lsprof"}
    added = [m for m in start["modules"] if m not in runtime]
    own = [m for m in added if m.split(".")[0] in ("magdagdon", "pyscript")]
    stdlib = engine["game_stdlib_import_ms"]
    compiled = engine["compile_game_sources"]
    print(
        f"\nThe game's main script: py:ready -> ready {wall:.0f} ms in the median cold load "
        f"(the floor's: {floor_wall:.0f} ms)"
    )
    print(
        f"  compiling the game's {compiled['files']} .py sources "
        f"({compiled['bytes'] / 1024:.0f} KB), timed in Pyodide: {compiled['ms']:.0f} ms "
        "(no .pyc: paid on every load)"
    )
    print(
        f"  importing the engine (magdagdon/__init__ and what it imports), timed in Pyodide: "
        f"{engine['import_magdagdon_ms']:.0f} ms"
    )
    print(
        "  standard-library modules the game imports beyond the runtime's: "
        + (", ".join(f"{m} {ms:.0f} ms" for m, ms in stdlib.items()) or "none")
    )
    print(f"  modules loaded by the game's start: {len(added)} ({len(own)} of magdagdon/pyscript)")
    print(
        f"  cProfile of the main script ({start['profiled_ms']:.0f} ms profiled); compile() calls:"
    )
    for caller, c in sorted(start["compile"].items(), key=lambda kv: -kv[1]["ms"]):
        print(f"    {c['ms']:6.0f} ms  {c['calls']:3} calls from {caller}")
    print("  heaviest game functions at start (cumulative ms, calls):")
    for name, calls, _, cumulative in start["game_functions"][:10]:
        print(f"    {cumulative:7.1f}  {calls:5}  {name}")
    n = max(1, taps["taps"])
    print(
        f"\n  cProfile of {taps['taps']} taps: where the handler's time goes "
        "(self ms per tap, calls per tap; JS calls count in their Python caller):"
    )
    for name, calls, self_ms, _ in taps["game_functions"][:10]:
        print(f"    {self_ms / n:7.2f}  {calls / n:7.1f}  {name}")
    return {"wall_ms": wall, "profile": profile, "modules_added": added}


def representative(runs: list[dict], key: str) -> dict:
    """The run whose cold ``key`` time is the median one."""
    ordered = sorted(runs, key=lambda r: r["cold"][key])
    return ordered[len(ordered) // 2]


def strip(run: dict) -> dict:
    """A run for the JSON file, without the bulky resource lists."""
    out = dict(run)
    for visit in ("cold", "warm"):
        if visit in run:
            out[visit] = {k: v for k, v in run[visit].items() if k != "resources"}
    out.pop("cold_hits", None)
    out.pop("precache_hits", None)
    return out


def table_summary(table: list[dict]) -> dict[str, str]:
    """The table's rows as the figures page shows them: the game's figure, the floor's, their
    ratio, the target and the verdict."""
    out = {}
    for row in table:
        ratio = "" if row["ratio"] is None else f", ratio {row['ratio']:.2f}"
        out[row["metric"]] = (
            f"{fmt(row['game'], row['unit'])} (floor {fmt(row['floor'], row['unit'])}{ratio}); "
            f"target {row['target']}: {row['verdict']}"
        )
    return out


def report(results: dict, args: argparse.Namespace, began: float, load_before: tuple) -> None:
    """Print the table and the breakdowns; write the figures' file (--json)."""
    games, floors, taps, engine = (results[k] for k in ("games", "floors", "taps", "engine"))
    median_game, median_floor = (
        representative(games, "tapAccepted"),
        representative(floors, "ready"),
    )
    summary = summarise(results)
    cpus = os.cpu_count() or 1
    print(
        f"\nMAGDAGDON load benchmark: medians of {args.runs} runs (Chromium, phone context, "
        f"{cpus} cores, load average {load_before[0]:.1f} at start)"
    )
    if load_before[0] > cpus:
        print("  note: the machine is busy (load average above its cores): loads vary a lot;")
        print("  the ratios of interleaved game and floor loads are the figures least affected.")
    print()
    table = print_table(summary["targets"])
    made = results["snapshot"]
    print(
        f"\nThe snapshot: {made['bytes'] / 1e6:.1f} MB of Python's memory, "
        f"{made['gzipped'] / 1e6:.2f} MB gzipped, {made['modules']} modules imported, "
        f"made in {made['ms'] / 1000:.1f} s"
        f" (not importable in Node, so imported at start: {made['missing'] or 'none'})"
    )
    breakdown = print_breakdown(median_game, median_floor)
    requests = print_requests(median_game, median_floor)

    print(
        "\nEngine calls in Pyodide (ms; worst = slowest input re-timed, median of 5; "
        f"clock step {engine['clock_resolution_ms'] * 1000:.0f} µs):"
    )
    for c in sorted(engine["cases"], key=lambda c: -c["worst_ms"]):
        mark = "MISS" if c["worst_ms"] > ENGINE_MS else "ok"
        print(
            f"  {c['worst_ms']:7.3f} worst {c['median_ms']:7.3f} median {c['max_ms']:7.2f} "
            f"raw max  n={c['n']:<5} {mark:4} {c['case']}"
        )
    start_report = print_profile(
        results["profile"], engine, median_game["cold"], median_floor["cold"]
    )
    print("\nTap-to-render by kind of tap (handler ms: p50 / p95 / max, n):")
    for kind, s in taps["by_kind"].items():
        print(f"  {kind:12} {s['p50']:6.2f} / {s['p95']:6.2f} / {s['max']:6.2f}  n={s['n']}")

    problems = [p for r in games + floors for p in r["problems"]] + taps["problems"]
    if not results["blocked"]:
        problems.append("a request to another host was NOT blocked")
    if not all(r[v]["python"] == "snapshot" for r in games for v in ("cold", "warm")):
        problems.append("a load of the game did not start from its snapshot")
    if not all(r["warm_controlled"] for r in games):
        problems.append("a warm visit of the game was not controlled by its service worker")
    if taps["py_error_taps"]:
        problems.append(f"{taps['py_error_taps']} taps left a .py-error")
    if problems:
        print(f"\nProblems seen ({len(problems)}):")
        for p in sorted(set(problems)):
            print(f"  - {p}")
    misses = [r for r in table if r["verdict"] == "MISS"]
    elapsed = time.monotonic() - began
    print(
        f"\n{len(misses)} target(s) missed; benchmark took {elapsed:.0f} s "
        f"(load average {os.getloadavg()[0]:.1f} at the end)."
    )
    if args.json:
        data = {
            "release": results["release"],
            "summary": table_summary(table),
            "runs": args.runs,
            "seconds": elapsed,
            "machine": {"cpus": cpus, "loadavg_start": load_before, "loadavg_end": os.getloadavg()},
            "other_hosts_blocked": results["blocked"],
            "figures": summary["figures"],
            "table": table,
            "breakdown": breakdown,
            "game_only_requests": requests,
            "taps": taps,
            "engine": engine,
            "main_script": start_report,
            "game_runs": [strip(r) for r in games],
            "slow_runs": {k: [strip(r) for r in v] for k, v in results["slow"].items()},
            "layout_shift": results["shifts"],
            "snapshot": results["snapshot"],
            "floor_runs": [strip(r) for r in floors],
            # The median runs in full: resource timings, py:progress events, server log.
            "median_game_run": median_game,
            "median_floor_run": median_floor,
            "problems": problems,
        }
        write_result(args.json, json.loads(json.dumps(data, default=str)))
        print(f"figures written to {args.json}")
