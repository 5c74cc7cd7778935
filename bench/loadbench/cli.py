"""The command line: .venv/bin/python bench/load.py [options] (or, from the repository's root,
.venv/bin/python -m bench.loadbench [options]): measure everything, then report.

    .venv/bin/python bench/load.py network [--runs 3] [--quick] [--profile fast,slow,...]

measures a phone's first visit over modelled networks instead (netruns.py's docstring)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from . import __doc__ as PACKAGE_DOC
from .browser import SLOW_CPU
from .report import report
from .runs import measure

NETWORK_PROFILES = ("fast", "slow", "loopback", "warm")
#: Where the figures go (with the date, the commit and the machine's load: bench/results.py).
RESULTS = Path(__file__).resolve().parents[1] / "results"


def profiles(text: str) -> list[str]:
    """--profile: "all", or names of NETWORK_PROFILES separated by commas, in that order."""
    names = NETWORK_PROFILES if text == "all" else tuple(n.strip() for n in text.split(","))
    unknown = [n for n in names if n not in NETWORK_PROFILES]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown profile {', '.join(unknown)}: use all or {', '.join(NETWORK_PROFILES)}"
        )
    return [n for n in NETWORK_PROFILES if n in names]


def network_main(argv: list[str]) -> int:
    from .netreport import report_network  # only this command needs them
    from .netruns import measure_network

    parser = argparse.ArgumentParser(
        prog="bench/load.py network",
        description="A phone's first visit: the site served as GitHub Pages does, through one "
        "shared throttled link; the game against a bare PyScript page; and the warm open.",
    )
    parser.add_argument("--runs", type=int, default=3, help="loads of each kind (default 3)")
    parser.add_argument("--quick", action="store_true", help="1 run of each (a slow load: ~1 min)")
    parser.add_argument(
        "--profile",
        dest="profiles",
        type=profiles,
        default=list(NETWORK_PROFILES),
        help="all (default) or some of: fast (10 Mbit/s, 40 ms, CPU 4x), slow (1.6 Mbit/s, "
        "150 ms, CPU 4x), loopback (CPU 1x), warm (the warm open, CPU 1x and 4x), "
        "comma-separated",
    )
    parser.add_argument("--site", type=Path, help="a site built beforehand (default: build now)")
    parser.add_argument("--json", type=Path, default=RESULTS / "load_network.json")
    args = parser.parse_args(argv)
    began, load_before = time.monotonic(), os.getloadavg()
    report_network(measure_network(args), args, began, load_before)
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["network"]:
        return network_main(argv[1:])
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
    parser.add_argument("--json", type=Path, default=RESULTS / "load.json")
    parser.add_argument("--taps", type=int, default=300, help="taps timed (default 300)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the tapped game")
    args = parser.parse_args(argv)
    began, load_before = time.monotonic(), os.getloadavg()
    report(measure(args), args, began, load_before)
    return 0
