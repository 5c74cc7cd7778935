#!/usr/bin/env python3
"""MAGDAGDON's load and responsiveness benchmark, beside a bare PyScript "floor" (not a test).

    .venv/bin/python bench/load.py [--runs 7] [--slow-runs 3] [--json bench/results/load.json]
    .venv/bin/python bench/load.py network [--runs 3] [--quick] [--profile all|fast,slow,...]

The benchmark is the package bench/loadbench/: its docstring says what is measured and how, and
which module does what. This script only puts the repository on sys.path (for tools.build and
tests.e2e.harness) and runs its command line.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from loadbench.cli import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main())
