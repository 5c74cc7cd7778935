"""The rules engine timed inside Pyodide (bench/floor/engine.html, for bench/load.py).

Figures are milliseconds: for each case ``n`` calls, their ``median_ms``, ``p95_ms``, ``max_ms``
and ``worst_ms`` (below). Pyodide's clock is the browser's performance.now(), coarsened to
100 µs unless the page is cross-origin isolated (bench/load.py serves this page so): then 5 µs;
``clock_resolution_ms`` says which.

Cases:
- every ``Game.apply`` of random games (seeded), by verb; the ``roll`` verb runs the MAGDAGDON
  test (``can_place`` on the new roll); and what the renderer asks of each new state, each on a
  fresh copy of the game so that no cached value helps: ``legal``, ``dead_end``, ``preview``;
- ``can_place`` on the empty board with dice (1, 3, 5, 6) and (1, 2, 4, 6), required 3;
- ``Game.apply("roll")`` on fresh games; ``Game.legal`` of a first roll on a fresh object;
- ``score`` of a full board; ``Game.from_dict`` of the longest saved game met;
- and, apart: compiling every magdagdon/**/*.py source, and importing the standard-library
  modules the game needs beyond the runtime's (what each load of the game pays).
A single call's time is at the mercy of the machine (garbage collection, another process on the
core): the TOP slowest calls met are timed again RETIME times, and ``worst_ms`` is the slowest of
their medians, the figure to hold against the target (for a case with a single input, the median
of its calls); ``max_ms`` is the raw slowest single call.
The result goes to ``#result`` as JSON; body[data-ready] becomes "true" (or "error").
"""

import sys
import time

RUNTIME_MODULES = sorted(sys.modules)  # what the runtime imported before this script: the floor's


def _time_game_stdlib_imports() -> dict:
    """Import, one by one and before anything else, the modules outside magdagdon/ that the
    game's sources import and the runtime has not: ms each (Pyodide compiles them from source)."""
    import ast
    import os

    wanted = set()
    for folder, _, names in os.walk("magdagdon"):
        for name in (n for n in names if n.endswith(".py")):
            with open(os.path.join(folder, name), encoding="utf-8") as file:
                tree = ast.parse(file.read())
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    wanted.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    wanted.add(node.module)
    own = ("magdagdon", "pyscript", "js", "pyodide", "__future__")
    times = {}
    for module in sorted(m for m in wanted if m.split(".")[0] not in own):
        if module not in sys.modules:
            start = time.perf_counter()
            __import__(module)
            times[module] = (time.perf_counter() - start) * 1000
    return times


GAME_STDLIB_IMPORT_MS = _time_game_stdlib_imports()

import json  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import traceback  # noqa: E402
from dataclasses import replace  # noqa: E402

from js import document  # noqa: E402
from js import self as js_self  # noqa: E402

clock = time.perf_counter
GAMES = 36
RETIME = 5  # re-timings of each of the slowest calls met
TOP = 4  # slowest calls kept per case for re-timing
CHANGE = 0.05  # the random player's chance of a -1/+1 instead of a staging (a power left)
DIFFICULTIES = ("peaceful", "survival", "nightmare")
EMPTY_BOARD = "..../..../..../...."


def ms_since(start: float) -> float:
    return (clock() - start) * 1000


def timed_ms(setup, call) -> float:
    """One call of ``call(setup())``, in ms (setup not timed)."""
    subject = setup()
    start = clock()
    call(subject)
    return ms_since(start)


class Case:
    """Times of one kind of engine call over many inputs, and its slowest inputs."""

    def __init__(self, name: str, detail: str = "") -> None:
        self.name, self.detail = name, detail
        self.samples: list[float] = []
        self.slowest: list[tuple[float, int, object, object]] = []  # (ms, n, setup, call)

    def time(self, setup, call) -> None:
        ms = timed_ms(setup, call)
        self.samples.append(ms)
        self.slowest.append((ms, len(self.samples), setup, call))
        if len(self.slowest) > 2 * TOP:
            self.slowest = sorted(self.slowest, key=lambda x: (-x[0], x[1]))[:TOP]

    def result(self) -> dict:
        ordered = sorted(self.samples)
        worst = max(
            statistics.median(timed_ms(setup, call) for _ in range(RETIME))
            for _, _, setup, call in sorted(self.slowest, key=lambda x: (-x[0], x[1]))[:TOP]
        )
        return {
            "case": self.name,
            "n": len(ordered),
            "worst_ms": worst,
            "max_ms": ordered[-1],
            "median_ms": statistics.median(ordered),
            "p95_ms": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
            "detail": self.detail,
        }


def fixed_case(name: str, fn, repeats: int = 30, detail: str = "") -> dict:
    """One input timed ``repeats`` times: its worst_ms is the median (max is the noise)."""
    case = Case(name, detail)
    for _ in range(repeats):
        case.time(lambda: None, lambda _: fn())
    result = case.result()
    result["worst_ms"] = result["median_ms"]
    return result


def clock_resolution_ms() -> float:
    """The smallest step of the clock seen between back-to-back reads."""
    steps = []
    last = clock()
    while len(steps) < 200:
        now = clock()
        if now != last:
            steps.append(now - last)
            last = now
    return min(steps) * 1000


def random_games() -> tuple[list[Case], list]:
    """Play GAMES random games (players.py's random player, with a -1/+1 now and then), timing
    every engine call the page would make."""
    from players import random_action  # engine.toml puts bench/floor/players.py beside it

    from magdagdon import Game, Phase  # imported (and timed) by run() already

    cases: dict[str, Case] = {}

    def case(name: str) -> Case:
        return cases.setdefault(name, Case(name, f"{GAMES} random games"))

    rng = random.Random(20261129)
    finished = []
    for n in range(GAMES):
        game = Game.new(DIFFICULTIES[n % 3], 1000 + n)
        while not game.is_over:
            # What drawing a new state asks of the engine, each on a fresh (uncached) copy.
            fresh = lambda g=game: replace(g)  # noqa: E731
            if game.phase is Phase.PLACING:
                case("Game.legal (fresh object), every state").time(fresh, lambda f: f.legal)
                case("Game.dead_end (fresh object), every state").time(fresh, lambda f: f.dead_end)
            case("Game.preview (fresh object), every state").time(fresh, lambda f: f.preview)
            action = random_action(game, rng, change=CHANGE)
            verb = action.split()[0]
            name = f"Game.apply({verb!r})" + (" (the MAGDAGDON test)" if verb == "roll" else "")
            case(name).time(lambda g=game: g, lambda g, a=action: g.apply(a))
            game = game.apply(action)
        finished.append(game)
    return [cases[name] for name in sorted(cases)], finished


def run() -> dict:
    results: dict = {
        "python": sys.version.split()[0],
        "cross_origin_isolated": bool(getattr(js_self, "crossOriginIsolated", False)),
        "clock_resolution_ms": clock_resolution_ms(),
        "games": GAMES,
        "runtime_modules": RUNTIME_MODULES,
        "game_stdlib_import_ms": GAME_STDLIB_IMPORT_MS,
    }
    # Import costs (the game pays them too, before it is ready).
    results["pyscript_imported_by_runtime"] = "pyscript" in sys.modules
    start = clock()
    import magdagdon  # noqa: F401

    results["import_magdagdon_ms"] = ms_since(start)
    start = clock()
    import pyscript  # noqa: F401  (the game's web layer imports it)

    results["import_pyscript_ms"] = ms_since(start)

    from magdagdon import Game, Phase, can_place, score

    started = clock()
    played, finished = random_games()
    results["random_games_s"] = ms_since(started) / 1000
    cases = [c.result() for c in played]
    for dice in ((1, 3, 5, 6), (1, 2, 4, 6)):
        cases.append(
            fixed_case(
                f"can_place empty board, dice {dice}, required 3",
                lambda d=list(dice): can_place(EMPTY_BOARD, d, 3),
                detail=EMPTY_BOARD,
            )
        )

    rolls = Case('Game.apply("roll") on a fresh game (MAGDAGDON test)', "60 seeds")
    legal = Case("Game.legal, whole first roll, fresh object", "60 seeds, " + EMPTY_BOARD)
    for seed in range(60):
        game = Game.new(DIFFICULTIES[seed % 3], seed)
        rolls.time(lambda g=game: g, lambda g: g.apply("roll"))
        rolled = game.apply("roll")
        if rolled.phase is Phase.PLACING:
            legal.time(lambda g=rolled: replace(g), lambda f: f.legal)
    cases += [rolls.result(), legal.result()]

    full = next((g.board_text for g in finished if "#" not in g.board_text), finished[0].board_text)
    cases.append(
        fixed_case("score of a full board", lambda: score(full, "peaceful", 2), detail=full)
    )
    saved = max((g.to_dict() for g in finished), key=lambda d: len(d["moves"]))
    cases.append(
        fixed_case(
            "Game.from_dict, longest saved game",
            lambda: Game.from_dict(saved),
            repeats=9,
            detail=f"{len(saved['moves'])} moves, {saved['difficulty']}",
        )
    )
    results["cases"] = cases
    results["compile_game_sources"] = compile_sources()
    return results


def compile_sources() -> dict:
    """What compiling the game's .py sources costs (Pyodide does it on every load: no .pyc)."""
    import os

    paths = sorted(
        os.path.join(folder, name)
        for folder, _, names in os.walk("magdagdon")
        for name in names
        if name.endswith(".py")
    )
    sources = []
    for path in paths:
        with open(path, encoding="utf-8") as file:
            sources.append((path, file.read()))
    times = []
    for _ in range(3):
        start = clock()
        for path, source in sources:
            compile(source, path, "exec")
        times.append(ms_since(start))
    return {
        "files": len(paths),
        "bytes": sum(len(s.encode()) for _, s in sources),
        "ms": statistics.median(times),
    }


def main() -> None:
    out = document.getElementById("result")
    try:
        out.textContent = json.dumps(run())
        document.body.dataset.ready = "true"
    except Exception:
        out.textContent = traceback.format_exc()
        document.body.dataset.ready = "error"


main()
