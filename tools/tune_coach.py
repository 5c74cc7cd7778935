"""Tune the coach's value tables by self-play, and measure its power margins (standard library
only; one process, one core).

    .venv/bin/python tools/tune_coach.py fit two [--games 1000] [--iterations 10] [--write]
    .venv/bin/python tools/tune_coach.py fit nightmare [--games 1000] [--iterations 12] [--write]
    .venv/bin/python tools/tune_coach.py eval peaceful [--games 1000] [--margins 30 30 30]

``fit TABLE`` tunes one value table of magdagdon/coach.py (``two``: PEACEFUL and SURVIVAL, which
are the same game without powers, played as PEACEFUL with the powers switched off;
``nightmare``) by approximate policy iteration with Monte-Carlo targets. Each iteration plays
``--games`` games with the current tables (the same training seeds every iteration, from
1,000,000, never the bench's 0..199, so iterations compare fairly) and records, after every
turn, each EMPTY cell's class (bucket of EMPTY cells left, allowed values) with what that cell
finally scored (2 × its number, or −15 as a ruin), and each unfinished line's descriptor (part
of the game, kind, EMPTY cells, patterns still fitted) with whether the line finally earned
that bonus. The new tables are those outcomes' means, shrunk towards a simple prior where there
are few (``ALPHA``), with older iterations' counts decayed by ``--decay``. The iteration whose
games scored best is kept; ``--write`` puts it into magdagdon/coach.py between the ``tuned
weights`` markers (then run ``ruff format`` on it); ``--fresh`` starts from the prior instead
of the tables in coach.py. One iteration of 1,000 games takes about 6 s (NIGHTMARE) to 10 s
(PEACEFUL without powers). The tables in coach.py: ``fit two --games 1500 --write`` and ``fit
nightmare --games 1500 --write``, each after earlier fits from the prior.

``eval DIFFICULTY`` plays ``--games`` games (seeds from ``--start``, 30,000 by default) with the
coach as it is, or with other power margins (``--margins``, per power already used), and prints
the mean final score and its standard error: how the margins of ``_MARGINS`` were chosen (a
sweep of 600 PEACEFUL games each; see the coach's docstring).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from magdagdon import Game, Phase, coach  # noqa: E402
from magdagdon.rules import LINES, Difficulty, line_bonus  # noqa: E402

COACH = ROOT / "magdagdon" / "coach.py"
TRAINING_SEEDS = 1_000_000
ALPHA = 5.0  # prior weight, in observations
KIND = {"straight": 0, "four-of-a-kind": 1, "two-pairs": 2}
PLAYED = {"two": Difficulty.PEACEFUL, "nightmare": Difficulty.NIGHTMARE}
N_PARTS, N_BUCKETS, N_CLASSES = max(coach._PART) + 1, max(coach._BUCKET) + 1, len(coach._MASKS)


def prior() -> tuple[list, list]:
    """The starting guess: an empty cell is worth 0.9 × twice the mean value it allows (−15
    when none: a ruin); a line fitting n patterns of a kind with k EMPTY cells earns that bonus
    with chance 1 − (1 − s_k)^n."""
    cells = []
    for _ in range(N_BUCKETS):
        row = []
        for mask in coach._MASKS:
            values = [v for v in range(1, 7) if mask >> (v - 1) & 1]
            row.append(1.8 * sum(values) / len(values) if values else -15.0)
        cells.append(row)
    single = (0.6, 0.3, 0.12, 0.05)
    lines = [
        [
            [[1 - (1 - single[k]) ** n for n in range(cap + 1)] for k in range(4)]
            for cap in coach._CAPS
        ]
        for _ in range(N_PARTS)
    ]
    return cells, lines


def current(table: str) -> tuple[list, list]:
    """The tables in magdagdon/coach.py, in points and chances."""
    cells, lines = coach._WEIGHTS[table]
    return (
        [[x / 10 for x in row] for row in cells],
        [[[[x / 1000 for x in row] for row in kind] for kind in part] for part in lines],
    )


def install(table: str, weights: tuple[list, list]) -> None:
    """Make the coach play with ``weights`` for ``table``."""
    cells, lines = weights
    model = coach._Model(
        [[round(x * 10) for x in row] for row in cells],
        [[[[round(x * 1000) for x in row] for row in kind] for kind in part] for part in lines],
    )
    for difficulty in (
        (Difficulty.PEACEFUL, Difficulty.SURVIVAL) if table == "two" else (Difficulty.NIGHTMARE,)
    ):
        coach._MODELS[difficulty] = model


def play(difficulty: Difficulty, seed: int) -> tuple[Game, list[tuple[int, ...]]]:
    """A game played by the coach, with the committed board after every turn."""
    game, boards = Game.new(difficulty, seed), []
    while not game.is_over:
        game = game.play(coach.suggest(game))
        if game.phase in (Phase.ROLL, Phase.OVER):
            boards.append(game.board)
    return game, boards


def record(stats: dict, boards: list[tuple[int, ...]], final: tuple[int, ...]) -> None:
    """Add what the cells and lines of every board but the last became in ``final``."""
    for board in boards[:-1]:
        codes = coach._codes(board)
        empties = board.count(0)
        bucket, part = coach._BUCKET[empties], coach._PART[empties]
        for cell, code in enumerate(codes):
            if code >= coach.DEAD:
                points = 2 * final[cell] if final[cell] > 0 else -15
                entry = stats.setdefault(("cell", bucket, coach._CLASS[code]), [0.0, 0.0])
                entry[0] += 1
                entry[1] += points
        for line in LINES:
            fits = coach._fits(tuple(codes[c] for c in line))
            if fits is None or not fits[0]:
                continue
            bonus = line_bonus(tuple(final[c] for c in line))
            earned = KIND[bonus.value] if bonus else -1
            for kind, count in enumerate(fits[1]):
                capped = min(count, coach._CAPS[kind])
                entry = stats.setdefault(("line", part, kind, fits[0] - 1, capped), [0.0, 0.0])
                entry[0] += 1
                entry[1] += earned == kind


def fitted(stats: dict) -> tuple[list, list]:
    """The tables: each observed mean shrunk towards the prior by ``ALPHA`` observations."""
    cells, lines = prior()
    for key, (count, total) in stats.items():
        if key[0] == "cell":
            _, bucket, index = key
            cells[bucket][index] = (total + ALPHA * cells[bucket][index]) / (count + ALPHA)
        else:
            _, part, kind, k, n = key
            row = lines[part][kind][k]
            row[n] = (total + ALPHA * row[n]) / (count + ALPHA)
    return cells, lines


def fit(table: str, games: int, iterations: int, decay: float, fresh: bool) -> tuple:
    """Policy iteration; returns the tables whose games scored best, and that mean."""
    difficulty = PLAYED[table]
    weights = prior() if fresh else current(table)
    no_power = coach._power
    coach._power = lambda game, search: iter(())  # the tables are for play without powers
    stats: dict = {}
    best: tuple[float, tuple] = (float("-inf"), weights)
    try:
        for iteration in range(iterations):
            start = time.perf_counter()
            install(table, weights)
            for entry in stats.values():
                entry[0] *= decay
                entry[1] *= decay
            scores = []
            for n in range(games):
                game, boards = play(difficulty, TRAINING_SEEDS + n)
                scores.append(game.score)
                record(stats, boards, game.board)
            mean = statistics.mean(scores)
            print(f"iteration {iteration}: mean {mean:.1f} ({time.perf_counter() - start:.0f} s)")
            if mean > best[0]:
                best = (mean, weights)
            weights = fitted(stats)
    finally:
        coach._power = no_power
        install(table, current(table))
    return best[1], best[0]


def block(tables: dict[str, tuple[list, list]]) -> str:
    """The source of ``_WEIGHTS`` for magdagdon/coach.py (integers: tenths, per mille)."""
    out = [
        "# -- tuned weights (written by tools/tune_coach.py) --",
        "# fmt: off",
        "_WEIGHTS = {",
    ]
    for name, (cells, lines) in tables.items():
        out.append(f'    "{name}": (')
        out.append("        (  # cells: tenths of a point; per bucket, by class (_MASKS order)")
        out += ["            (" + ", ".join(str(round(x * 10)) for x in r) + ")," for r in cells]
        out.append("        ),")
        out.append("        (  # lines: per mille; per part, kind, EMPTY cells (1-4), patterns")
        for part in lines:
            out.append("            (")
            for kind in part:
                out.append("                (")
                out += [
                    "                    (" + ", ".join(str(round(x * 1000)) for x in r) + "),"
                    for r in kind
                ]
                out.append("                ),")
            out.append("            ),")
        out.append("        ),")
        out.append("    ),")
    out += ["}", "# fmt: on", "# -- end of tuned weights --"]
    return "\n".join(out)


def write(tables: dict[str, tuple[list, list]]) -> None:
    """Replace the tuned weights of magdagdon/coach.py."""
    source = COACH.read_text(encoding="utf-8")
    pattern = re.compile(
        r"# -- tuned weights \(written by tools/tune_coach.py\) --.*?# -- end of tuned weights --",
        re.DOTALL,
    )
    if not pattern.search(source):
        raise SystemExit("the tuned-weights markers are missing from magdagdon/coach.py")
    COACH.write_text(pattern.sub(lambda _: block(tables), source), encoding="utf-8")


def evaluate(difficulty: Difficulty, games: int, start: int) -> None:
    """Mean final score of the coach over seeds ``start``.. (and its standard error)."""
    began = time.perf_counter()
    scores = [play(difficulty, seed)[0].score for seed in range(start, start + games)]
    mean, error = statistics.mean(scores), statistics.stdev(scores) / len(scores) ** 0.5
    print(
        f"{difficulty.name} margins {coach._MARGINS[difficulty]}: mean {mean:.1f}"
        f" ± {error:.1f} over {games} games ({time.perf_counter() - began:.0f} s)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    tune = commands.add_parser("fit", help="tune a value table by self-play")
    tune.add_argument("table", choices=sorted(PLAYED))
    tune.add_argument("--games", type=int, default=1000)
    tune.add_argument("--iterations", type=int, default=10)
    tune.add_argument("--decay", type=float, default=0.8)
    tune.add_argument("--fresh", action="store_true", help="start from the prior")
    tune.add_argument("--write", action="store_true", help="write the best into coach.py")
    check = commands.add_parser("eval", help="measure the coach (and other power margins)")
    check.add_argument("difficulty", choices=[d.value for d in Difficulty])
    check.add_argument("--games", type=int, default=1000)
    check.add_argument("--start", type=int, default=30_000)
    check.add_argument("--margins", type=float, nargs="+")
    args = parser.parse_args(argv)
    if args.command == "fit":
        weights, mean = fit(args.table, args.games, args.iterations, args.decay, args.fresh)
        print(f"best iteration: mean {mean:.1f}")
        if args.write:
            write({name: current(name) for name in PLAYED} | {args.table: weights})
            print("written into magdagdon/coach.py (run ruff format on it)")
        return
    difficulty = Difficulty(args.difficulty)
    if args.margins:
        coach._MARGINS[difficulty] = tuple(args.margins)
    evaluate(difficulty, args.games, args.start)


if __name__ == "__main__":
    main()
