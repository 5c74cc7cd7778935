"""The command line: .venv/bin/python bench/load.py [options] (or, from the repository's root,
.venv/bin/python -m bench.loadbench [options]): measure everything, then report."""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from . import __doc__ as PACKAGE_DOC
from .browser import SLOW_CPU
from .report import report
from .runs import measure


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=PACKAGE_DOC.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="loads of each kind (default 7)")
    parser.add_argument(
        "--slow-runs",
        type=int,
        default=3,
        help=f"loads with the CPU slowed {SLOW_CPU}x (default 3)",
    )
    parser.add_argument(
        "--shift-runs", type=int, default=3, help="cold loads + a turn for layout shift (3)"
    )
    parser.add_argument("--json", type=Path, help="write every figure here as JSON")
    parser.add_argument("--taps", type=int, default=300, help="taps timed (default 300)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the tapped game")
    args = parser.parse_args(argv)
    began, load_before = time.monotonic(), os.getloadavg()
    report(measure(args), args, began, load_before)
    return 0
