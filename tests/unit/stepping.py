"""Running work done in steps (a generator whose return value is its result) as the page does,
counting what each step did."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any


def run_counting(steps: Generator[Any, None, Any], work: list[Any]) -> tuple[list[int], Any]:
    """Runs ``steps`` to their end, ``work`` cleared before each step: how much work each step
    added to it, and the steps' return value."""
    counts = []
    while True:
        work.clear()
        try:
            next(steps)
        except StopIteration as done:
            return counts, done.value
        counts.append(len(work))
