"""Benchmark of the rules engine (not a test): prints per-call times and checks the targets.

    python3 bench/engine.py [--json PATH] [--games N]

The figures go to bench/results/engine.json (stamped with the date, the commit and the machine's
load; bench/results.py) unless --json says otherwise.

Cases (best of several ``timeit`` repeats, microseconds per call):
  a  ``can_place`` at its worst: four distinct dice, required 3, on an open board. Candidates:
     the empty board with every set of four distinct dice, and every board reached at the start
     of a turn in a few thousand random games (ruins included) with every such set of dice;
     each candidate is timed once, the slowest are timed properly, the worst is reported
     (a' the empty board with 1-2-4-6 and 1-3-5-6, a" the slowest board met in play).
  b  the legal cells of a whole roll: ``Game.legal`` on a fresh game object (a
     ``dataclasses.replace`` copy, so the cache cannot help; the copy is in the time) on the
     board and roll with the most legal cells met, and on a first roll; ``legal_cells`` of
     the public API for the four dice.
  c  ``score`` of a full board.
  d  ``Game.from_dict`` of the longest saved game found.
  e  a whole random game played from ``Game.new`` to the end through ``Game.apply``.
The random games are bench/floor/players.py's ``random_game`` (seeded, so always the same).
Targets: 1 ms for a and b (the page must answer a tap at once); c, d and e are for information.
"""

from __future__ import annotations

import argparse
import itertools
import platform
import random
import sys
import time
import timeit
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.floor.players import random_game  # noqa: E402
from bench.results import write_result  # noqa: E402
from magdagdon import Game, Phase, can_place, legal_cells, score  # noqa: E402

TARGET_US = 1000.0
REPEATS = 7
DISTINCT_DICE = [list(c) for c in itertools.combinations(range(1, 7), 4)]
EMPTY_BOARD = "..../..../..../...."


def per_call_us(stmt, repeats: int = REPEATS, budget: float = 0.2) -> float:
    """Best-of-``repeats`` microseconds per call of ``stmt`` (a callable)."""
    timer = timeit.Timer(stmt)
    number, elapsed = timer.autorange()
    # autorange reaches >= 0.2 s; scale down so each repeat takes about ``budget`` seconds.
    number = max(1, int(number * budget / max(elapsed, 1e-9)))
    return min(timer.repeat(repeat=repeats, number=number)) / number * 1e6


def reachable_boards(games: int) -> tuple[list[str], list[Game]]:
    """Open boards (3+ EMPTY cells) met at the start of a turn, and the finished games."""
    boards: set[str] = set()
    finished = []

    def keep(game: Game) -> None:
        if game.phase is Phase.ROLL and game.board_text.count(".") >= 3:
            boards.add(game.board_text)

    rng = random.Random(20261129)
    for n in range(games):
        difficulty = ("peaceful", "survival", "nightmare")[n % 3]
        finished.append(random_game(Game.new(difficulty, n), rng, on_state=keep))
    return sorted(boards), finished


# -- the cases -------------------------------------------------------------------------------
def worst_can_place(boards: list[str]) -> dict:
    """Case a: screen every (board, four distinct dice) once, then time the slowest properly."""
    candidates = [EMPTY_BOARD, *boards]
    screened = []
    clock = time.perf_counter
    for board in candidates:
        for dice in DISTINCT_DICE:
            start = clock()
            can_place(board, dice, 3)
            screened.append((clock() - start, board, dice))
    screened.sort(reverse=True)
    shortlist = screened[:8] + [(0, EMPTY_BOARD, [1, 3, 5, 6]), (0, EMPTY_BOARD, [1, 2, 4, 6])]
    timed = []
    for _, board, dice in shortlist:
        us = per_call_us(lambda b=board, d=dice: can_place(b, d, 3), repeats=5, budget=0.05)
        timed.append((us, board, dice))
    timed.sort(reverse=True)
    us, board, dice = timed[0]
    reached = [t for t in timed if t[1] != EMPTY_BOARD]
    empty = {tuple(d): u for u, b, d in timed if b == EMPTY_BOARD}
    return {
        "us": us,
        "board": board,
        "dice": dice,
        "placeable": can_place(board, dice, 3),
        "candidates": len(screened),
        "empty_board_us": {"-".join(map(str, k)): v for k, v in sorted(empty.items())},
        "slowest_reached": (
            {"us": reached[0][0], "board": reached[0][1], "dice": reached[0][2]}
            if reached
            else None
        ),
    }


def busiest_roll(boards: list[str]) -> tuple[Game, str]:
    """A game in PLACING whose roll has the most legal cells in all (a heavy ``legal``)."""
    best, best_cells = None, -1
    for seed, board in enumerate(boards[:400]):
        game = Game.from_board(board, "peaceful", seed).apply("roll")
        if game.phase is not Phase.PLACING:
            continue
        cells = sum(len(c) for c in game.legal.values())
        if cells > best_cells:
            best, best_cells = game, cells
    assert best is not None
    return best, best.board_text


def longest_save(finished: list[Game]) -> dict:
    return max((g.to_dict() for g in finished), key=lambda d: len(d["moves"]))


def run(games: int) -> dict:
    started = time.perf_counter()
    boards, finished = reachable_boards(games)
    results: dict = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "boards_searched": len(boards) + 1,
        "cases": [],
    }

    a = worst_can_place(boards)
    results["worst_can_place"] = a
    results["cases"].append(
        {
            "case": "a  can_place worst, 4 distinct dice, required 3",
            "us": a["us"],
            "target_us": TARGET_US,
            "detail": f"{a['board']} dice {a['dice']} -> {a['placeable']}",
        }
    )
    for key, us in a["empty_board_us"].items():
        results["cases"].append(
            {
                "case": f"a' can_place empty board, dice {key}, required 3",
                "us": us,
                "target_us": TARGET_US,
                "detail": EMPTY_BOARD,
            }
        )

    if a["slowest_reached"]:
        r = a["slowest_reached"]
        results["cases"].append(
            {
                "case": 'a" can_place slowest board reached in play (not empty)',
                "us": r["us"],
                "target_us": TARGET_US,
                "detail": f"{r['board']} dice {r['dice']} -> {can_place(r['board'], r['dice'], 3)}",
            }
        )

    game, board = busiest_roll(boards)
    dice = list(game.dice)
    results["cases"].append(
        {
            "case": "b  Game.legal, fresh game object",
            "us": per_call_us(lambda: replace(game).legal),
            "target_us": TARGET_US,
            "detail": f"{board} dice {dice}",
        }
    )
    results["cases"].append(
        {
            "case": "b' legal_cells for the 4 dice (public API)",
            "us": per_call_us(lambda: [legal_cells(board, v) for v in dice]),
            "target_us": TARGET_US,
            "detail": f"{board} dice {dice}",
        }
    )
    fresh = Game.new("peaceful", 7).apply("roll")
    results["cases"].append(
        {
            "case": 'b" Game.legal, first roll of a game',
            "us": per_call_us(lambda: replace(fresh).legal),
            "target_us": TARGET_US,
            "detail": f"{EMPTY_BOARD} dice {list(fresh.dice)}",
        }
    )

    full = next(g.board_text for g in finished if "#" not in g.board_text)
    results["cases"].append(
        {
            "case": "c  score of a full board",
            "us": per_call_us(lambda: score(full, "peaceful", 2)),
            "target_us": None,
            "detail": full,
        }
    )

    saved = longest_save(finished)
    results["cases"].append(
        {
            "case": "d  Game.from_dict, longest saved game",
            "us": per_call_us(lambda: Game.from_dict(saved), repeats=5),
            "target_us": None,
            "detail": f"{len(saved['moves'])} moves, {saved['difficulty']}",
        }
    )

    counter = itertools.count()

    def one_game() -> None:
        n = next(counter)
        difficulty = ("peaceful", "survival", "nightmare")[n % 3]
        random_game(Game.new(difficulty, 10_000 + n % 30), random.Random(n % 30))

    results["cases"].append(
        {
            "case": "e  a random game, Game.new to OVER",
            "us": per_call_us(one_game, repeats=5),
            "target_us": None,
            "detail": "30 seeds, all difficulties, powers and ruins",
        }
    )

    for case in results["cases"]:
        target = case["target_us"]
        case["verdict"] = "-" if target is None else "PASS" if case["us"] <= target else "MISS"
    results["seconds"] = time.perf_counter() - started
    return results


def table(results: dict) -> str:
    rows = [("case", "µs/call", "target", "verdict", "detail")]
    for c in results["cases"]:
        target = "-" if c["target_us"] is None else f"{c['target_us'] / 1000:g} ms"
        rows.append((c["case"], f"{c['us']:.1f}", target, c["verdict"], c["detail"]))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = []
    for n, r in enumerate(rows):
        lines.append(
            "  ".join(
                [
                    r[0].ljust(widths[0]),
                    r[1].rjust(widths[1]),
                    r[2].rjust(widths[2]),
                    r[3].ljust(widths[3]),
                    r[4],
                ]
            )
        )
        if n == 0:
            lines.append("  ".join("-" * w for w in widths) + "  ------")
    a = results["worst_can_place"]
    lines += [
        "",
        f"worst can_place found: board {a['board']} dice {a['dice']} required 3 "
        f"({'placeable' if a['placeable'] else 'not placeable'}), {a['us']:.1f} µs "
        f"(searched {a['candidates']} board/dice pairs on {results['boards_searched']} boards)",
        f"Python {results['python']} on {results['machine']}, {results['seconds']:.1f} s",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--json", type=Path, default=ROOT / "bench/results/engine.json", help="the figures' file"
    )
    parser.add_argument(
        "--games", type=int, default=1200, help="random games whose boards are searched for case a"
    )
    args = parser.parse_args(argv)
    results = run(args.games)
    print(table(results))
    summary = {f"{c['case']} (µs)": round(c["us"], 1) for c in results["cases"]}
    write_result(args.json, {"summary": summary, **results})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
