#!/usr/bin/env python3
"""The figures page: bench/results/README.md, made from the files the benchmarks write.

    python3 tools/figures.py [--results bench/results]

Every benchmark writes its figures to bench/results/<name>.json (bench/results.py: the date,
the commit, the machine's load average and cores, then the figures). This command reads them
all and writes one short page: a table per benchmark, with when, on what commit and under what
load it ran, and its summary figures (``figures["summary"]``; a file without one shows its
top-level numbers and words). Figures measured before the benchmarks wrote these files are kept,
dated, in bench/results/earlier.md and copied to the end of the page as they are.

>>> import json, tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> record = {"date": "2026-12-02T07:00:00+00:00", "commit": "abc1234", "load": [1.5, 1.2, 1.0],
...           "cpus": 2, "figures": {"summary": {"p95 (ms)": 12.5}, "runs": [1, 2]}}
>>> _ = (folder / "taps.json").write_text(json.dumps(record))
>>> print(page(folder))  # doctest: +ELLIPSIS
# Measured figures
...
## taps
<BLANKLINE>
Measured 2026-12-02 07:00 UTC on commit abc1234, load average 1.5 / 1.2 / 1.0 on 2 cores.
<BLANKLINE>
| figure | value |
|---|---|
| p95 (ms) | 12.5 |
<BLANKLINE>
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"
EARLIER = "earlier.md"
#: The command that writes each file, for the page (a file not listed names its own stem).
COMMANDS = {
    "engine": "python3 bench/engine.py",
    "load": ".venv/bin/python bench/load.py",
    "load_network": ".venv/bin/python bench/load.py network",
    "lighthouse": ".venv/bin/python bench/lighthouse.py",
    "coach": ".venv/bin/python bench/coach.py",
    "coach_page": ".venv/bin/python bench/coach_page.py",
    "review": ".venv/bin/python bench/review.py",
    "review_page": ".venv/bin/python bench/review_page.py",
    "interactions": ".venv/bin/python bench/interactions.py",
    "backup_fuzz": "python3 bench/backup_fuzz.py",
}
HEAD = """# Measured figures

Made by `python3 tools/figures.py` from the files the benchmarks write here (`*.json`: the
date, the commit and the machine's load with every run). Run a benchmark, then that command, to
refresh it. A load average above the number of cores inflates every time measured.
"""


def cell(value: object) -> str:
    """A value as a table's cell: numbers as they are, lists joined, pipes escaped."""
    if isinstance(value, float):
        text = f"{value:.4g}"
    elif isinstance(value, list | tuple):
        text = " / ".join(cell(v) for v in value)
    else:
        text = str(value)
    return text.replace("|", "\\|").replace("\n", " ")


def rows(figures: dict[str, object]) -> dict[str, object]:
    """What the page shows of a file's figures: its summary, or its top-level scalars."""
    summary = figures.get("summary")
    if isinstance(summary, dict):
        return summary
    return {k: v for k, v in figures.items() if isinstance(v, int | float | str)}


def section(name: str, record: dict[str, object]) -> str:
    """One benchmark's table, headed by when, on what commit and under what load it ran."""
    date = str(record.get("date", "?")).replace("T", " ")[:16]
    load = " / ".join(str(x) for x in record.get("load") or [])  # type: ignore[attr-defined]
    figures = record.get("figures")
    shown = rows(figures) if isinstance(figures, dict) else {}
    lines = [
        f"## {name}",
        "",
        f"Measured {date} UTC on commit {record.get('commit', '?')}, load average {load} on "
        f"{record.get('cpus', '?')} cores.",
        "",
    ]
    if name in COMMANDS:
        lines[2] += f" Command: `{COMMANDS[name]}`."
    lines += ["| figure | value |", "|---|---|"]
    lines += [f"| {cell(k)} | {cell(v)} |" for k, v in shown.items()]
    return "\n".join(lines) + "\n"


def page(folder: Path) -> str:
    """The whole page for the results in ``folder``."""
    parts = [HEAD]
    for path in sorted(folder.glob("*.json")):
        parts.append(section(path.stem, json.loads(path.read_text("utf-8"))))
    earlier = folder / EARLIER
    if earlier.exists():
        parts.append(earlier.read_text("utf-8"))
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, default=RESULTS, help="the results' folder")
    args = parser.parse_args(argv)
    out = args.results / "README.md"
    out.write_text(page(args.results), "utf-8")
    print(f"figures page written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
