"""Work done ahead in the page's idle time (magdagdon/ahead.py): every module the game imports
on first use, then the best tables' games, one small step each, writing nothing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from magdagdon import Difficulty, ahead
from magdagdon.coach import suggest
from magdagdon.records import MemoryStore
from magdagdon.session import Session
from tools import build as site_build

ROOT = Path(__file__).resolve().parents[2]
#: First-use modules that are not the game's to import ahead: this module itself, the rest of
#: the standard library (mounted by the page when it arrives), the browser's sound and the
#: old record format's (imported only when an older release's data is met).
NOT_AHEAD = {
    "magdagdon.ahead",
    "magdagdon.stdlib",
    "magdagdon.web.audio",
    "magdagdon.web.pictures",
    "magdagdon.legacy",
}


def test_every_module_imported_on_first_use_is_imported_ahead():
    """In a fresh Python that has what a start imports, the steps leave no module the build
    compiles for a first use still to be imported."""
    code = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "import magdagdon.session, magdagdon.ui\n"
        "from magdagdon import ahead\n"
        "from magdagdon.records import MemoryStore\n"
        "for _ in ahead.steps(MemoryStore()): pass\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('magdagdon'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    imported = set(json.loads(done.stdout))
    first_use = {path.removesuffix(".py").replace("/", ".") for path in site_build.ON_FIRST_USE}
    assert first_use - NOT_AHEAD <= imported


def test_the_steps_write_nothing_and_each_does_one_thing():
    store = MemoryStore()
    for seed in range(5):
        session = Session(store, today=lambda: "2026-12-02", seed=40 + seed,
                          difficulty=Difficulty.SURVIVAL)  # fmt: skip
        while not session.game.is_over:
            for action in suggest(session.game):
                session.apply(action)
    stored = dict(store.data)
    taken = sum(1 for _ in ahead.steps(store))
    assert store.data == stored
    # the modules a step (all of an empty store's steps), the history read, then a game of
    # the best tables a step
    assert taken == sum(1 for _ in ahead.steps(MemoryStore())) + 1 + 5


def test_the_rattles_noise_is_made_ahead():
    from magdagdon import sounds

    sounds._NOISE.clear()
    for _ in ahead.steps(MemoryStore()):
        pass
    assert len(sounds._NOISE) == 1 and sounds.noise() is sounds._NOISE[0]
