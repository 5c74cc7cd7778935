"""Work done in steps: each ``next()`` of a generator does a small piece (the coach's: one
roll's boards valued, a few milliseconds at most) and its return value is the result. The page
runs the steps between taps; :func:`run` runs them all at once, :func:`worked` while they are
still wanted.

>>> def count() -> Steps[int]:
...     yield
...     yield
...     return 2
>>> run(count())
2
>>> list(worked(count(), lambda: True)), list(worked(count(), lambda: False))
([False, False], [False])
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TypeVar

__all__ = ["Steps", "run", "worked"]

T = TypeVar("T")
#: Work done in steps (see the module).
Steps = Generator[None, None, T]


def run(steps: Generator[object, None, T]) -> T:
    """The result of work done in steps, every step run now."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


def worked(
    work: Generator[object, None, T], wanted: Callable[[], bool]
) -> Generator[bool, None, T | None]:
    """``work`` a step at a time, yielding False after each step while ``wanted()`` says it
    still is: its result, or None once it is not (given up)."""
    while True:
        try:
            next(work)
        except StopIteration as done:
            result: T = done.value
            return result
        yield False
        if not wanted():
            return None
