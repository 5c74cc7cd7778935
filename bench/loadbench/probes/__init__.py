"""What the benchmark runs inside the page, kept as real files and read once at import.

- probe.js: init script of every measured load: the milestones, and ROLL tapped impatiently;
- collect.js: evaluated after a load: the probe's figures and the page's performance entries;
- taps.js: the seeded random player, one timed sample per tap;
- shifts.js: init script of the layout-shift measure: every layout-shift entry;
- profile.js and profile_report.py: cProfile in the game's own interpreter (diagnostics).
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent


def _read(name: str) -> str:
    return (HERE / name).read_text("utf-8")


PROBE_JS = _read("probe.js")
COLLECT_JS = _read("collect.js")
TAPS_JS = _read("taps.js")
SHIFTS_JS = _read("shifts.js")
PROFILE_JS = _read("profile.js")
PROFILE_REPORT_PY = _read("profile_report.py")
