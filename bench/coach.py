"""Benchmark of the coach (not a test): its strength and its decision time, beside two baselines.

    .venv/bin/python bench/coach.py [--games 200] [--difficulty peaceful survival nightmare]

For each difficulty, over the same seeds 0..N-1 (``Game.new(difficulty, seed)``):
  coach            ``magdagdon.coach.suggest`` makes every decision (its actions are applied in
                   order until the game is over); every ``suggest`` call with a choice to make
                   (PLACING, MAGDAGDON, RUIN: not ROLL, whose answer is always ``roll``) is
                   timed in CPython: one call is one decision.
  immediate-best   for each decision, the placement set that maximizes the score right after
                   CONFIRM (all legal stagings of at least the required minimum are tried), or
                   in MAGDAGDON the ruin that maximizes it (the first empty cell on a tie);
                   never a Majda Power.
  random           bench/floor/players.py's ``random_game`` with ``random.Random(seed)``.
It prints a Markdown table, the targets (mean final score of the coach) with PASS/MISS, and the
load average before and after (the machine is shared: times are inflated when the load is above
the number of cores). The figures go to bench/results/coach.json (stamped with the date, the
commit and the machine's load; bench/results.py) unless --json says otherwise.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.floor.players import random_game  # noqa: E402
from bench.results import write_result  # noqa: E402
from magdagdon import Game, Phase  # noqa: E402
from magdagdon.coach import suggest  # noqa: E402
from magdagdon.rules import EMPTY, Difficulty, legal_cells_by_value, score_breakdown  # noqa: E402

DIFFICULTIES = ("peaceful", "survival", "nightmare")
#: Mean final score the coach must reach over seeds 0..199.
TARGETS = {"peaceful": 235, "survival": 225, "nightmare": 165}
#: Decision time (one ``suggest`` call) in CPython: p95 and max, milliseconds.
TIME_P95_MS, TIME_MAX_MS = 100.0, 150.0


def coach_game(game: Game) -> tuple[Game, list[float]]:
    """``game`` played to the end by the coach, with the seconds of every ``suggest`` call
    but ROLL's."""
    times = []
    while not game.is_over:
        start = time.perf_counter()
        actions = suggest(game)
        if game.phase is not Phase.ROLL:
            times.append(time.perf_counter() - start)
        game = game.play(actions)
    return game, times


def best_stagings(board: tuple[int, ...], dice: tuple[int, ...], required: int) -> list:
    """The stagings ((die, cell), ...) of at least ``required`` dice with the best immediate
    score (the first found on a tie)."""
    best: tuple[int, list] = (-(10**9), [])
    seen: set = set()

    def walk(here: tuple[int, ...], steps: list, left: tuple[int, ...]) -> None:
        nonlocal best
        if len(steps) >= required:
            total = score_breakdown(here).total
            if total > best[0]:
                best = (total, list(steps))
        legal = legal_cells_by_value(here, [dice[d] for d in left]) if left else {}
        for die in left:
            for cell in legal[dice[die]]:
                after = here[:cell] + (dice[die],) + here[cell + 1 :]
                if after not in seen:
                    seen.add(after)
                    walk(after, [*steps, (die, cell)], tuple(d for d in left if d != die))

    walk(board, [], tuple(range(len(dice))))
    return best[1]


def immediate_best_game(game: Game) -> Game:
    """``game`` played to the end by the immediate-best player (no Majda Power)."""
    while not game.is_over:
        if game.phase is Phase.ROLL:
            game = game.apply("roll")
        elif game.phase is Phase.PLACING:
            steps = best_stagings(game.board, game.dice, game.required)
            game = game.play([*(f"stage {d} {c}" for d, c in steps), "confirm"])
        else:  # MAGDAGDON: every ruin costs the same 15 now, so the first empty cell
            if game.phase is Phase.MAGDAGDON:
                game = game.apply("accept")
            board = game.board
            cells = [c for c, v in enumerate(board) if v == EMPTY]
            ruined = {c: score_breakdown(board[:c] + (-1,) + board[c + 1 :]).total for c in cells}
            game = game.apply(f"ruin {max(cells, key=lambda c: (ruined[c], -c))}")
    return game


def percentile(sorted_values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``sorted_values``, nearest rank."""
    index = min(len(sorted_values) - 1, max(0, round(q * len(sorted_values)) - 1))
    return sorted_values[index]


def measure(difficulty: str, games: int) -> dict:
    """Scores of the three players and the coach's decision times over seeds 0..games-1."""
    coach, immediate, rand, times = [], [], [], []
    for seed in range(games):
        game, spent = coach_game(Game.new(difficulty, seed))
        coach.append(game.score)
        times += spent
        immediate.append(immediate_best_game(Game.new(difficulty, seed)).score)
        rand.append(random_game(Game.new(difficulty, seed), random.Random(seed)).score)
    times.sort()
    return {
        "coach": coach,
        "immediate": immediate,
        "random": rand,
        "p50": percentile(times, 0.50) * 1000,
        "p95": percentile(times, 0.95) * 1000,
        "max": times[-1] * 1000,
        "calls": len(times),
    }


def row(difficulty: str, r: dict) -> str:
    coach = r["coach"]
    mean = statistics.mean(coach)
    verdict = "PASS" if mean >= TARGETS[difficulty] else "MISS"
    cells = [
        Difficulty.parse(difficulty).name,
        f"{mean:.1f}",
        f"{statistics.median(coach):g}",
        f"{max(coach)}",
        f"{r['p50']:.1f} / {r['p95']:.1f} / {r['max']:.1f}",
        f"{statistics.mean(r['immediate']):.1f}",
        f"{statistics.mean(r['random']):.1f}",
        f"≥ {TARGETS[difficulty]}",
        verdict,
    ]
    return "| " + " | ".join(cells) + " |"


def figures(results: dict, games: int) -> dict:
    """What bench/results/coach.json keeps: per difficulty the three players' means and the
    coach's decision times, and a summary line of each for the figures page."""
    kept = {
        d: {
            "coach_mean": round(statistics.mean(r["coach"]), 1),
            "coach_median": statistics.median(r["coach"]),
            "coach_max": max(r["coach"]),
            "immediate_best_mean": round(statistics.mean(r["immediate"]), 1),
            "random_mean": round(statistics.mean(r["random"]), 1),
            "decision_ms": [round(r[k], 1) for k in ("p50", "p95", "max")],
            "calls": r["calls"],
        }
        for d, r in results.items()
    }
    summary = {
        f"{d}: coach / immediate-best / random mean; decision p50 / p95 / max ms": (
            f"{k['coach_mean']} / {k['immediate_best_mean']} / {k['random_mean']}; "
            + " / ".join(f"{x:g}" for x in k["decision_ms"])
        )
        for d, k in kept.items()
    }
    return {"games": games, "summary": summary, "difficulties": kept}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="seeds 0..N-1 (default 200)")
    parser.add_argument("--difficulty", nargs="+", choices=DIFFICULTIES, default=DIFFICULTIES)
    parser.add_argument("--json", type=Path, default=ROOT / "bench/results/coach.json")
    args = parser.parse_args(argv)
    print(
        f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}, "
        f"{os.cpu_count()} cores; {args.games} games per difficulty (seeds 0..{args.games - 1})"
    )
    print()
    print(
        "| difficulty | coach mean | median | max | decision ms p50 / p95 / max "
        "| immediate-best mean | random mean | target | |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    results = {d: measure(d, args.games) for d in args.difficulty}
    for difficulty, r in results.items():
        print(row(difficulty, r))
    print()
    slow = [d for d, r in results.items() if r["p95"] > TIME_P95_MS or r["max"] > TIME_MAX_MS]
    calls = sum(r["calls"] for r in results.values())
    print(
        f"decision time targets (CPython): p95 ≤ {TIME_P95_MS:g} ms, max ≤ {TIME_MAX_MS:g} ms "
        f"over {calls} calls: {'MISS ' + ', '.join(slow) if slow else 'PASS'}"
    )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    write_result(args.json, figures(results, args.games))
    missed = [d for d, r in results.items() if statistics.mean(r["coach"]) < TARGETS[d]]
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
