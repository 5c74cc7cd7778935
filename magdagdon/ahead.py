"""Work done ahead, in the page's idle time once the game is ready, so that no tap waits for it.

The modules the game imports on first use (the coach for HINT, the statistics and their plots,
the review, the backup, the sounds) and the history's first load (a game's end, STATS) each
cost the page's only thread tens to hundreds of milliseconds when a tap first needs them. The
page runs :func:`steps` one step per idle period instead: each step imports one module or
replays one game of the best tables (:func:`magdagdon.history.warm_steps`), so a tap that comes
meanwhile waits for one small step at most. Nothing here changes the game, the settings or the
store: a step only does what the first use would have done anyway, earlier.

>>> import sys
>>> from magdagdon.records import MemoryStore
>>> done = list(steps(MemoryStore()))
>>> "magdagdon.coach" in sys.modules and "magdagdon.plots" in sys.modules
True
"""

from __future__ import annotations

from collections.abc import Iterator

from .records import Store

__all__ = ["steps"]


def steps(store: Store) -> Iterator[None]:
    """The modules the game imports on first use, the likeliest first (HINT, a game's end,
    STATS, REVIEW, PRACTISE, PUZZLE, a backup), one a step; then the history's best tables
    replayed one game a step (reading ``store``, writing nothing)."""
    from . import coach  # noqa: F401

    yield
    from . import hints  # noqa: F401

    yield
    from . import history

    yield
    from . import sounds

    yield
    sounds.noise()  # the first ROLL's rattle
    yield
    from . import stats  # noqa: F401

    yield
    from . import plots  # noqa: F401

    yield
    from . import picture  # noqa: F401 (SHARE's, at a game's end)

    yield
    from . import replay  # noqa: F401

    yield
    from . import review  # noqa: F401

    yield
    from . import answers, positions, puzzles  # noqa: F401 (PRACTISE's and PUZZLE's)

    yield
    from . import backup, keeping  # noqa: F401 (the reminder to back up, the invitation)

    yield
    yield from history.warm_steps(store)
