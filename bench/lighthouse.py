#!/usr/bin/env python3
"""Lighthouse (mobile) on the built site: category scores and the metrics behind performance
(a script, not a test; bench/load.py measures the loads themselves).

    .venv/bin/python bench/lighthouse.py [--runs 5] [--json bench/results/lighthouse.json]

It builds the current code (tools.build.build() into a temporary folder), serves it on
127.0.0.1 with tools/serve.py's handler (through bench/loadbench/server.py's serve(), as
bench/load.py does), and runs Lighthouse LIGHTHOUSE (npx fetches that pinned version from the
npm registry once) with Debian's Chromium, --runs times; it prints the median of each score and
metric, the observed (unthrottled) first and largest contentful paint, and every audit that
costs points in performance, best practices, SEO or accessibility, with its details. The figures
go to bench/results/lighthouse.json (with the date, the commit and the machine's load) unless
--json says otherwise.
Lighthouse simulates a phone: a 4x slower CPU and a slow network, computed from the trace of one
real load (its "Lantern" model).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from loadbench.server import serve  # noqa: E402  (bench/loadbench/)
from results import write_result  # noqa: E402  (bench/results.py)

from tests.e2e.harness import CHROMIUM  # noqa: E402
from tools.build import build  # noqa: E402

LIGHTHOUSE = "lighthouse@12.2.3"
CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-background-networking "
    "--disable-component-update --disable-sync --no-first-run"
)
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = (
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
    "speed-index",
    "interactive",
)
TARGETS = {"performance": 0.80, "best-practices": 1.0, "seo": 1.0, "accessibility": 1.0}  # issue 22


def lighthouse(url: str, out: Path) -> dict:
    npx = shutil.which("npx")
    if npx is None:
        raise SystemExit("lighthouse.py: npx (Node's) is needed")
    command = [npx, "--yes", LIGHTHOUSE, url, "--quiet", "--output=json",
               f"--output-path={out}", f"--chrome-flags={CHROME_FLAGS}"]  # fmt: skip
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
    if done.returncode != 0 or not out.exists():
        raise SystemExit(f"lighthouse failed ({done.returncode}):\n{done.stderr[-3000:]}")
    report = json.loads(out.read_text("utf-8"))
    if report.get("runtimeError"):
        raise SystemExit(f"lighthouse: {report['runtimeError']}")
    return report


def summary(report: dict) -> dict:
    audits = report["audits"]
    observed = audits["metrics"]["details"]["items"][0]
    return {
        "scores": {c: report["categories"][c]["score"] for c in CATEGORIES},
        "metrics": {m: audits[m]["numericValue"] for m in METRICS},
        "metric_scores": {m: audits[m]["score"] for m in METRICS},
        "observed_fcp_ms": observed["observedFirstContentfulPaint"],
        "observed_lcp_ms": observed["observedLargestContentfulPaint"],
        "losing": [
            {
                "category": category,
                "id": ref["id"],
                "score": audits[ref["id"]]["score"],
                "title": audits[ref["id"]]["title"],
                "value": audits[ref["id"]].get("displayValue", ""),
                "details": [
                    {k: v for k, v in item.items() if k in ("value", "source", "url", "node")}
                    for item in (audits[ref["id"]].get("details") or {}).get("items", [])[:3]
                    if isinstance(item, dict)
                ],
            }
            for category in CATEGORIES
            for ref in report["categories"][category]["auditRefs"]
            if ref["weight"] > 0
            and audits[ref["id"]]["score"] is not None
            and audits[ref["id"]]["score"] < 1
        ],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", type=Path, default=ROOT / "bench/results/lighthouse.json")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="magdagdon-lighthouse-") as tmp:
        site = Path(tmp) / "site"
        release = build(site)
        server, url, _ = serve(site)  # the responses it records are not used here
        print(f"site: release {release} served at {url}; {LIGHTHOUSE}, {args.runs} runs")
        runs = []
        for n in range(args.runs):
            runs.append(summary(lighthouse(url, Path(tmp) / f"report-{n}.json")))
            scores = ", ".join(f"{c} {runs[-1]['scores'][c]:.2f}" for c in CATEGORIES)
            print(f"  run {n + 1}/{args.runs}: {scores}", flush=True)
        server.shutdown()
    print(f"\nLighthouse mobile, medians of {args.runs} runs:")
    for category in CATEGORIES:
        value = statistics.median(r["scores"][category] for r in runs)
        verdict = "PASS" if value >= TARGETS[category] else "MISS"
        print(f"  {category:16} {value:5.2f}   target >= {TARGETS[category]:.2f}  {verdict}")
    print("  metrics (simulated phone; score in brackets):")
    for metric in METRICS:
        value = statistics.median(r["metrics"][metric] for r in runs)
        score = statistics.median(r["metric_scores"][metric] for r in runs)
        shown = f"{value:.3f}" if metric == "cumulative-layout-shift" else f"{value:,.0f} ms"
        print(f"    {metric:26} {shown:>10}  [{score:.2f}]")
    fcp = statistics.median(r["observed_fcp_ms"] for r in runs)
    lcp = statistics.median(r["observed_lcp_ms"] for r in runs)
    print(f"  observed on this machine: first contentful paint {fcp:.0f} ms, largest {lcp:.0f} ms")
    print("  audits that cost points (last run):")
    for item in runs[-1]["losing"]:
        print(f"    [{item['category']}] {item['id']} ({item['score']}): {item['value']}")
        for detail in item["details"]:
            print(f"        {json.dumps(detail)[:300]}")
    medians = {c: statistics.median(r["scores"][c] for r in runs) for c in CATEGORIES}
    medians.update(
        {f"{m} (simulated)": statistics.median(r["metrics"][m] for r in runs) for m in METRICS}
    )
    write_result(args.json, {"release": release, "summary": medians, "runs": runs})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
