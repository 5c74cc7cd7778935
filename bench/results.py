"""Where the benchmarks keep their figures: one JSON file per benchmark under bench/results/,
each run stamped with the date, the commit and the machine's load when it ran.

>>> import json, tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "x.json"
>>> record = write_result(path, {"p50_ms": 12.5})
>>> sorted(json.loads(path.read_text())) == sorted(record)
True
>>> record["figures"]["p50_ms"], set(record) >= {"date", "commit", "load", "cpus"}
(12.5, True)
"""

from __future__ import annotations

import datetime
import json
import os
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        )
    except OSError:
        return "unknown"
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    ).stdout.strip()
    return (out.stdout.strip() or "unknown") + ("+changes" if dirty else "")


def write_result(path: Path, figures: dict[str, Any]) -> dict[str, Any]:
    """Writes one benchmark's figures, stamped, to ``path`` (its folder made if need be)."""
    record = {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "commit": _commit(),
        "load": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
        "figures": figures,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return record
