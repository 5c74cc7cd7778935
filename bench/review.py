"""Benchmark of the game review (not a test): does its total follow the points a player really
left on the table, how marks fall for a weak and a good player, and how fast it is in CPython.

    .venv/bin/python bench/review.py [--games 200] [--good 50] [--difficulty ...] [--json PATH]

For each difficulty, over seeds 0..N-1 (``Game.new(difficulty, seed)``):
  immediate-best   bench/coach.py's player (the best immediate score, never a power) plays the
                   game; ``magdagdon.review`` reviews it one :meth:`Review.step` at a time
                   (each step timed: one step is one decision); the coach plays the same seed
                   (the same dice). Printed: the mean review total, the mean of (coach's
                   score − player's score), their correlation (Pearson, and Spearman's on
                   ranks), the marks per game, and the step and game times (p50 / p95 / max;
                   a game's time also scaled to 10 turns, the page's target unit).
  good             over seeds 0..G-1: a player who decides like the coach but judges boards by
                   eye: each placement is the reachable board whose value (the coach's
                   function) plus Gaussian noise of ``--noise`` points is the highest; powers
                   and ruins as the coach. Printed: its mean score beside the coach's, the
                   review's mean total and the marks per game: the thresholds are tuned so
                   that such a player sees few.
The load average is printed before and after (the machine is shared: times are inflated when
it is above the number of cores). The figures go to bench/results/review.json (with the date,
the commit and the machine's load) unless --json says otherwise.
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

from bench.coach import immediate_best_game, percentile  # noqa: E402
from bench.results import write_result  # noqa: E402
from magdagdon import Game, Phase  # noqa: E402
from magdagdon import coach as coaching  # noqa: E402
from magdagdon.review import MARKS, Review  # noqa: E402
from magdagdon.rules import Difficulty  # noqa: E402

DIFFICULTIES = ("peaceful", "survival", "nightmare")


def coach_game(game: Game) -> Game:
    while not game.is_over:
        game = game.play(coaching.suggest(game))
    return game


def good_game(game: Game, rng: random.Random, noise: float) -> Game:
    """The coach's game with every placement picked by a noisy eye (see the module's text)."""
    while not game.is_over:
        actions = coaching.suggest(game)
        if game.phase is Phase.PLACING and actions[-1] == "confirm":
            search = coaching._Search(game)
            key = tuple(sorted(game.dice))
            plans = coaching._plans(search.codes, key, search.required)
            pick = max(plans, key=lambda codes: search.value(codes) + rng.gauss(0, noise))
            search.best[key] = (search.value(pick), plans[pick])
            actions = coaching._placing(game, search)
        game = game.play(actions)
    return game


def reviewed(game: Game) -> tuple[Review, list[tuple[float, float]], tuple[float, float]]:
    """The review of finished ``game``, the seconds of each step and of the whole: (wall
    clock, this process's CPU time) each. On a shared machine the CPU time is the one that
    says what the code costs; the wall clock adds the waits for the other processes."""
    start, cpu = time.perf_counter(), time.process_time()
    review = Review(game.difficulty, game.seed, game.moves)
    steps = []
    while True:
        begin, begin_cpu = time.perf_counter(), time.process_time()
        if review.step() is None:
            break
        steps.append((time.perf_counter() - begin, time.process_time() - begin_cpu))
    return review, steps, (time.perf_counter() - start, time.process_time() - cpu)


def ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    found = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            found[order[k]] = (i + j) / 2
        i = j + 1
    return found


def marks_of(review: Review) -> dict[str, int]:
    return review.summary().marks


def measure(difficulty: str, games: int, good: int, noise: float) -> dict:
    totals, gaps, steps, whole, per10, marks, ib = [], [], [], [], [], [], []
    steps_cpu, whole_cpu, per10_cpu = [], [], []
    for seed in range(games):
        player = immediate_best_game(Game.new(difficulty, seed))
        review, spent, total_time = reviewed(player)
        coach = coach_game(Game.new(difficulty, seed))
        totals.append(review.summary().total)
        gaps.append(coach.score - player.score)
        ib.append(player.score)
        steps += [wall for wall, _ in spent]
        steps_cpu += [cpu for _, cpu in spent]
        whole.append(total_time[0])
        whole_cpu.append(total_time[1])
        per10.append(total_time[0] * 10 / player.turn)
        per10_cpu.append(total_time[1] * 10 / player.turn)
        marks.append(marks_of(review))
    good_scores, good_coach, good_totals, good_marks = [], [], [], []
    for seed in range(good):
        player = good_game(Game.new(difficulty, seed), random.Random(seed), noise)
        review, _, _ = reviewed(player)
        good_scores.append(player.score)
        good_coach.append(coach_game(Game.new(difficulty, seed)).score)
        good_totals.append(review.summary().total)
        good_marks.append(marks_of(review))
    return {
        "totals": totals,
        "gaps": gaps,
        "player": ib,
        "steps": sorted(steps),
        "games": sorted(whole),
        "per10": sorted(per10),
        "steps_cpu": sorted(steps_cpu),
        "games_cpu": sorted(whole_cpu),
        "per10_cpu": sorted(per10_cpu),
        "marks": marks,
        "good": (good_scores, good_coach, good_totals, good_marks),
    }


def per_game(marks: list[dict[str, int]]) -> str:
    if not marks:
        return "—"
    return " / ".join(f"{statistics.mean(m[name] for m in marks):.2f}" for name in MARKS)


def ms(values: list[float]) -> str:
    return " / ".join(
        f"{x * 1000:.0f}" if x >= 0.1 else f"{x * 1000:.1f}"
        for x in (percentile(values, 0.5), percentile(values, 0.95), values[-1])
    )


def figures(results: dict, args: argparse.Namespace) -> dict:
    """What bench/results/review.json keeps: a summary line per difficulty for the figures page
    (the review's mean total against the real gap, their correlation, marks, a decision's time)."""
    summary = {}
    for difficulty, r in results.items():
        name = Difficulty.parse(difficulty).name
        pearson = statistics.correlation(r["totals"], r["gaps"])
        summary[f"{name}: review total / coach − player (means), Pearson r"] = (
            f"{statistics.mean(r['totals']):.1f} / {statistics.mean(r['gaps']):.1f}, {pearson:.2f}"
        )
        summary[f"{name}: marks a game ({' / '.join(MARKS)})"] = per_game(r["marks"])
        summary[f"{name}: one decision p50 / p95 / max (ms, CPU)"] = ms(r["steps_cpu"])
    return {"games": args.games, "good": args.good, "noise": args.noise, "summary": summary}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="immediate-best seeds 0..N-1")
    parser.add_argument("--good", type=int, default=50, help="good-player seeds 0..G-1")
    parser.add_argument("--noise", type=float, default=8.0, help="the good player's noise")
    parser.add_argument("--difficulty", nargs="+", choices=DIFFICULTIES, default=DIFFICULTIES)
    parser.add_argument("--json", type=Path, default=ROOT / "bench/results/review.json")
    args = parser.parse_args(argv)
    print(
        f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}, "
        f"{os.cpu_count()} cores; immediate-best seeds 0..{args.games - 1}, good player "
        f"(noise {args.noise:g}) seeds 0..{args.good - 1}"
    )
    results = {d: measure(d, args.games, args.good, args.noise) for d in args.difficulty}
    print()
    print(
        "| difficulty | review total (mean) | coach − player (mean) | Pearson r | Spearman ρ "
        f"| marks a game ({' / '.join(MARKS)}) |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    every_total, every_gap = [], []
    for difficulty, r in results.items():
        every_total += r["totals"]
        every_gap += r["gaps"]
        pearson = statistics.correlation(r["totals"], r["gaps"])
        spearman = statistics.correlation(ranks(r["totals"]), ranks(r["gaps"]))
        print(
            f"| {Difficulty.parse(difficulty).name} | {statistics.mean(r['totals']):.1f} "
            f"| {statistics.mean(r['gaps']):.1f} | {pearson:.2f} | {spearman:.2f} "
            f"| {per_game(r['marks'])} |"
        )
    if len(results) > 1:
        print(
            f"| all | {statistics.mean(every_total):.1f} | {statistics.mean(every_gap):.1f} "
            f"| {statistics.correlation(every_total, every_gap):.2f} "
            f"| {statistics.correlation(ranks(every_total), ranks(every_gap)):.2f} | |"
        )
    print()
    print(
        "| difficulty | clock | step ms p50 / p95 / max | game ms p50 / p95 / max "
        "| per 10 turns ms p50 / p95 / max |"
    )
    print("|---|---|---:|---:|---:|")
    for difficulty, r in results.items():
        for clock, suffix in (("CPU", "_cpu"), ("wall", "")):
            print(
                f"| {Difficulty.parse(difficulty).name} | {clock} | {ms(r['steps' + suffix])} "
                f"| {ms(r['games' + suffix])} | {ms(r['per10' + suffix])} |"
            )
    if args.good:
        print()
        print(
            "| difficulty | good player mean | coach mean (same seeds) | review total (mean) "
            f"| marks a game ({' / '.join(MARKS)}) |"
        )
        print("|---|---:|---:|---:|---:|")
        for difficulty, r in results.items():
            scores, coach, totals, marks = r["good"]
            print(
                f"| {Difficulty.parse(difficulty).name} | {statistics.mean(scores):.1f} "
                f"| {statistics.mean(coach):.1f} | {statistics.mean(totals):.1f} "
                f"| {per_game(marks)} |"
            )
    print()
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    write_result(args.json, figures(results, args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
