"""The report of bench/load.py network: the issue's table (per network: seconds and MB of the
game and the bare page, game / bare, target, verdict), the warm open, and where the seconds go
on each network (the median run's milestones, from the server's log and the page's marks).
The table's arithmetic (rows(), warm_rows()) is pure: tests/unit/test_netbench.py.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from bench.results import write_result

from .netruns import AFTER_S
from .network import BIG_FILES, PROFILES
from .targets import WARM_TARGETS

ORDER = ("fast", "slow", "loopback")


def median(values: list[float]) -> float | None:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def verdict(value: float | None, limit: float) -> str:
    """PASS when ``value`` is at most ``limit``; "-" when there is no value."""
    if value is None:
        return "-"
    return "PASS" if value <= limit + 1e-9 else "MISS"


def rows(networks: dict[str, dict[str, list[dict]]]) -> list[dict]:
    """One row per network measured: medians of the game's and the bare page's seconds and bytes,
    their ratio (of the medians), the profile's target and the verdict."""
    out = []
    for name in [n for n in ORDER if n in networks]:
        profile, loads = PROFILES[name], networks[name]
        game_s = median([r["seconds"] for r in loads["game"]])
        bare_s = median([r["seconds"] for r in loads["bare"]])
        ratio = game_s / bare_s if game_s is not None and bare_s else None
        out.append({
            "network": f"{profile.label}, CPU {profile.cpu}x",
            "profile": name,
            "runs": len(loads["game"]),
            "game_s": game_s,
            "game_mb": median([r["bytes"] / 1e6 for r in loads["game"]]),
            "after_mb": median([(r.get("after_bytes") or 0) / 1e6 for r in loads["game"]]),
            "bare_s": bare_s,
            "bare_mb": median([r["bytes"] / 1e6 for r in loads["bare"]]),
            "ratio": ratio,
            "target": profile.target,
            "verdict": verdict(ratio, profile.target),
        })  # fmt: skip
    return out


#: The bytes a first visit may cost (issue 49): on the wire before its first ROLL is accepted, on
#: a throttled link; and in all, within AFTER_S of it, on the slow one.
TO_PLAY_MB = 4.7
IN_ALL_MB = 6.5


def bytes_rows(table: list[dict]) -> list[dict]:
    """The bytes' targets, per throttled profile."""
    out = []
    for r in table:
        if r["profile"] == "loopback":
            continue
        played = r["game_mb"]
        out.append({"network": r["network"], "what": "to the first ROLL", "mb": played,
                    "target": TO_PLAY_MB, "verdict": verdict(played, TO_PLAY_MB)})  # fmt: skip
        if r["profile"] == "slow":
            both = None if played is None else played + (r.get("after_mb") or 0)
            what = f"in all, {AFTER_S:.0f} s after it"
            out.append({"network": r["network"], "what": what, "mb": both,
                        "target": IN_ALL_MB, "verdict": verdict(both, IN_ALL_MB)})  # fmt: skip
    return out


def warm_rows(warm: dict[str, list[dict]] | None) -> list[dict]:
    out = []
    for key, limit in WARM_TARGETS.items():
        if not warm or not warm.get(key):
            continue
        seconds = median([r["seconds"] for r in warm[key]])
        out.append({"cpu": key, "runs": len(warm[key]), "seconds": seconds, "target": limit,
                    "verdict": verdict(seconds, limit)})  # fmt: skip
    return out


def _s(v: float | None) -> str:
    return "-" if v is None else f"{v:.2f} s"


def _mb(v: float | None) -> str:
    return "-" if v is None else f"{v:.1f} MB"


def print_tables(table: list[dict], warm: list[dict]) -> None:
    print("\n| network | game | bare PyScript page | game / bare | target | |")
    print("|---|---|---|---|---|---|")
    for r in table:
        ratio = "-" if r["ratio"] is None else f"{r['ratio']:.2f}"
        print(
            f"| {r['network']} (median of {r['runs']}) | {_s(r['game_s'])}, {_mb(r['game_mb'])} "
            f"| {_s(r['bare_s'])}, {_mb(r['bare_mb'])} | {ratio} | <= {r['target']:.2f} "
            f"| {r['verdict']} |"
        )
    if warm:
        print("\n| warm open from the home screen (2nd visit, service worker) | time | target | |")
        print("|---|---|---|---|")
        for r in warm:
            cpu = r["cpu"].removeprefix("cpu")
            print(f"| CPU {cpu}x, until the first ROLL is accepted (median of {r['runs']}) "
                  f"| {_s(r['seconds'])} | <= {r['target']:.2f} s | {r['verdict']} |")  # fmt: skip


def representative(loads: list[dict]) -> dict:
    ordered = sorted(loads, key=lambda r: r["seconds"])
    return ordered[len(ordered) // 2]


def milestones(load: dict) -> list[tuple[str, float | None, int | None]]:
    """(what, ms after navigation, bytes on the wire) for one load, in time order."""
    marks: list[tuple[str, float | None, int | None]] = [
        ("page: first byte sent", load["page_first_byte_ms"], None),
        ("page: last byte sent", load["page_end_ms"], None),
    ]
    for _, label in BIG_FILES:
        f = load["files"].get(label)
        if f:
            marks.append((f"{label}: last byte sent", f["end_ms"], f["bytes"]))
    marks += [
        ("snapshot in memory (start.mjs)", load["snapshot_ready_ms"], None),
        ("Python up", load["python_up_ms"], None),
        ("py:ready (main script starts)", load["py_ready_ms"], None),
        ("first ROLL accepted" if load["kind"] == "game" else "ready", load["end_ms"], None),
    ]
    return sorted((m for m in marks if m[1] is not None), key=lambda m: m[1])


def print_breakdown(networks: dict) -> dict:
    out = {}
    for name in [n for n in ORDER if n in networks]:
        print(
            f"\nWhere the seconds go, {PROFILES[name].label}, CPU {PROFILES[name].cpu}x "
            "(the median run; s after navigation; the server's log, the page's marks):"
        )
        out[name] = {}
        for kind in ("game", "bare"):
            load = representative(networks[name][kind])
            marks = milestones(load)
            out[name][kind] = marks
            total = load["bytes"] / 1e6
            later = ", the snapshot left for later" if load.get("snapshot") == "later" else ""
            python = load["python"] or "-"
            print(f"  {kind} ({load['seconds']:.2f} s, {total:.2f} MB sent until then, "
                  f"{load['requests']} requests, python: {python}{later}):")  # fmt: skip
            if load.get("after_bytes") is not None:
                print(f"    then {load['after_bytes'] / 1e6:.2f} MB within {AFTER_S:.0f} s "
                      f"(left open {load['after_waited_s']:.0f} s: until its service worker "
                      "was in charge and the link quiet)")  # fmt: skip
            for what, ms, size in marks:
                size_text = "" if size is None else f"  ({size / 1e6:.2f} MB)"
                print(f"    {ms / 1000:7.2f}  {what}{size_text}")
    return out


def network_summary(table: list[dict], warm: list[dict]) -> dict[str, str]:
    """The tables' rows as the figures page shows them."""
    out = {}
    for r in table:
        ratio = "-" if r["ratio"] is None else f"{r['ratio']:.2f}"
        then = "" if r.get("after_mb") is None else f" (+{_mb(r['after_mb'])} within 100 s)"
        out[r["network"]] = (
            f"game {_s(r['game_s'])}, {_mb(r['game_mb'])}{then}; bare {_s(r['bare_s'])}, "
            f"{_mb(r['bare_mb'])}; ratio {ratio} (target <= {r['target']}): {r['verdict']}"
        )
    for r in warm:
        out[f"warm open, {r['cpu'].replace('cpu', 'CPU ')}x"] = (
            f"{_s(r['seconds'])} (target <= {r['target']} s): {r['verdict']}"
        )
    return out


def report_network(results: dict, args: argparse.Namespace, began: float, load: tuple) -> None:
    cpus = os.cpu_count() or 1
    table, warm = rows(results["networks"]), warm_rows(results["warm"])
    print(
        f"\nMAGDAGDON first visit over modelled networks (release {results['release']}; Chromium, "
        f"phone context, {cpus} cores, load average {load[0]:.1f} at start)"
    )
    print_tables(table, warm)
    sent = bytes_rows(table)
    if sent:
        print("\n| network | bytes on the wire | MB | target | |")
        print("|---|---|---|---|---|")
        for r in sent:
            mb = "-" if r["mb"] is None else f"{r['mb']:.2f}"
            print(f"| {r['network']} | {r['what']} | {mb} | <= {r['target']} | {r['verdict']} |")
    breakdown = print_breakdown(results["networks"])
    problems = sorted({p for loads in results["networks"].values() for runs in loads.values()
                       for r in runs for p in r["problems"]}
                      | {p for runs in (results["warm"] or {}).values() for r in runs
                         for p in r["problems"]})  # fmt: skip
    warm_runs = [r for runs in (results["warm"] or {}).values() for r in runs]
    if not all(r["controlled"] for r in warm_runs):
        problems.append("a warm open was not controlled by the service worker")
    if problems:
        print(f"\nProblems seen ({len(problems)}):")
        for p in problems:
            print(f"  - {p}")
    misses = sum(r["verdict"] == "MISS" for r in table + warm + sent)
    elapsed = time.monotonic() - began
    print(f"\n{misses} target(s) missed; took {elapsed:.0f} s "
          f"(load average {os.getloadavg()[0]:.1f} at the end).")  # fmt: skip
    if args.json:
        data = {"release": results["release"], "seconds": elapsed, "table": table, "warm": warm,
                "bytes": sent,
                "summary": network_summary(table, warm),
                "breakdown": breakdown, "networks": results["networks"],
                "warm_runs": results["warm"], "problems": problems,
                "machine": {"cpus": cpus, "loadavg_start": load,
                            "loadavg_end": os.getloadavg()}}  # fmt: skip
        write_result(args.json, json.loads(json.dumps(data, default=str)))
        print(f"figures written to {args.json}")
