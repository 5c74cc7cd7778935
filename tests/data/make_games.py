"""Regenerate the saved games kept as test data: ``tests/data/games/*.json`` + ``manifest.json``.

Each file is exactly what ``Game.to_dict()`` wrote for a real game, played through the public
action API by a fixed strategy (over the legal moves of bench/floor/players.py) from a fixed
seed: scenarios search the seeds 0, 1, 2, ... in order and keep the first game that shows what
the scenario is about, so the output depends only on the engine. ``manifest.json`` holds what
each file must restore to (phase, board, score, ...) and the claims it covers, which
``tests/unit/test_replays.py`` checks.

    python3 tests/data/make_games.py          # rewrite the files
    python3 tests/data/make_games.py --check  # exit 1 if a file would change
"""

from __future__ import annotations

import itertools
import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.floor.players import changes, ruins, stagings  # noqa: E402
from magdagdon import Game, Phase  # noqa: E402

DATA = Path(__file__).resolve().parent
GAMES = DATA / "games"
MANIFEST = DATA / "manifest.json"
SEEDS = range(5000)


@dataclass(frozen=True)
class Strategy:
    """How the scripted player plays (always deterministically, from its own seeded RNG).

    ``extra``: chance of staging one more die once CONFIRM is possible.
    ``powers``: the powers to use, in order, one per turn at the start of PLACING.
    ``rescue``: in MAGDAGDON, first try a power that makes the roll placeable.
    ``cancel``: after accepting MAGDAGDON, take it back once (then accept again).
    """

    extra: float = 0.5
    powers: tuple[str, ...] = ()
    rescue: bool = False
    cancel: bool = False


def _stage_one(game: Game, rng: random.Random) -> Game | None:
    """Stage one die on a cell that keeps the minimum reachable, or None if none does."""
    good = [a for a in stagings(game) if not game.apply(a).dead_end]
    return game.apply(rng.choice(good)) if good else None


def _fits(game: Game, kind: str, die: int) -> bool:
    """Whether the power ``kind`` ("dec", "inc" or "reroll") may be used on ``die`` now."""
    return kind == "reroll" or f"{kind} {die}" in changes(game, die)


def _power(game: Game, kind: str) -> Game | None:
    """``game`` after the power ``kind`` on the first die it fits."""
    for die in game.available:
        if _fits(game, kind, die):
            return game.apply(f"{kind} {die}")
    return None


def step(game: Game, rng: random.Random, plan: Strategy, used: list[str]) -> Game:
    """One action of the scripted player."""
    phase = game.phase
    if phase is Phase.ROLL:
        return game.apply("roll")
    if phase is Phase.MAGDAGDON:
        if plan.rescue and game.can_use_power:
            for kind in ("dec", "inc", "reroll"):
                for die in game.available:
                    if not _fits(game, kind, die):
                        continue
                    after = game.apply(f"{kind} {die}")
                    if after.phase is Phase.PLACING:
                        used.append(kind)
                        return after
        return game.apply("accept")
    if phase is Phase.RUIN:
        if plan.cancel and "cancel" not in used:
            used.append("cancel")
            return game.apply("cancel")
        return game.apply(rng.choice(ruins(game)))
    # PLACING
    wanted = [p for p in plan.powers if p not in used]
    if wanted and not game.placements and game.can_use_power:
        after = _power(game, wanted[0])
        if after is not None:
            used.append(wanted[0])
            return after
    if game.can_confirm and (rng.random() >= plan.extra or not any(game.legal.values())):
        return game.apply("confirm")
    staged = _stage_one(game, rng)
    if staged is None:  # nothing more fits: confirm if allowed, else start the turn over
        return game.apply("confirm") if game.can_confirm else game.apply("clear")
    return staged


def play(difficulty: str, seed: int, plan: Strategy, stop: Callable[[Game], bool] | None = None):
    """Play ``seed`` to the end (or until ``stop`` holds); the games along the way."""
    rng = random.Random(f"magdagdon-test-data:{difficulty}:{seed}")
    game = Game.new(difficulty, seed)
    history = [game]
    used: list[str] = []
    while not game.is_over and not (stop and stop(game)):
        game = step(game, rng, plan, used)
        history.append(game)
        assert len(history) < 400, "the scripted player is going round in circles"
    return history


# -- what a game shows -----------------------------------------------------------------------------
def required_by_turn(history: list[Game]) -> list[int]:
    """The required minimum of every turn that was rolled, in order."""
    return [g.required for g in history if g.phase is Phase.ROLL and not g.is_over]


def powers_used(game: Game) -> set[str]:
    return {m.split()[0] for m in game.moves if m.split()[0] in ("dec", "inc", "reroll")}


def _has(seq: list[int], sub: list[int]) -> bool:
    return any(seq[i : i + len(sub)] == sub for i in range(len(seq) - len(sub) + 1))


@dataclass(frozen=True)
class Scenario:
    name: str
    description: str
    difficulty: str
    plan: Strategy
    wanted: Callable[[list[Game]], bool]
    claims: tuple[str, ...]
    stop: Callable[[Game], bool] | None = None


def _numbers(game: Game) -> int:
    return sum(v > 0 for v in game.board)


def _over(history: list[Game]) -> bool:
    return history[-1].is_over


SCENARIOS = [
    Scenario(
        "peaceful-full",
        "a PEACEFUL game played to the end, no power, no MAGDAGDON",
        "peaceful",
        Strategy(),
        lambda h: _over(h) and not powers_used(h[-1]) and "accept" not in h[-1].moves,
        ("over", "no-ruin"),
    ),
    Scenario(
        "survival-full",
        "a SURVIVAL game played to the end, its one power used",
        "survival",
        Strategy(powers=("reroll",)),
        lambda h: _over(h) and h[-1].powers_used == 1,
        ("over", "power:reroll"),
    ),
    Scenario(
        "nightmare-full",
        "a NIGHTMARE game played to the end, no MAGDAGDON at all",
        "nightmare",
        Strategy(extra=0.3),
        lambda h: _over(h) and "accept" not in h[-1].moves,
        ("over", "no-ruin"),
    ),
    Scenario(
        "nightmare-2-then-1",
        "a NIGHTMARE game whose last turns require 2 and then 1 die",
        "nightmare",
        Strategy(extra=0.6),
        lambda h: _over(h) and _has(required_by_turn(h), [2, 1]),
        ("over", "required:2,1", "magdagdon", "ruin"),
    ),
    Scenario(
        "magdagdon-ruin",
        "a PEACEFUL game with MAGDAGDON accepted (powers left) and a ruin",
        "peaceful",
        Strategy(extra=0.7),
        lambda h: _over(h) and "accept" in h[-1].moves and not powers_used(h[-1]),
        ("over", "magdagdon", "ruin"),
    ),
    Scenario(
        "every-power",
        "a PEACEFUL game using −1, +1 and REROLL, played to the end",
        "peaceful",
        Strategy(powers=("dec", "inc", "reroll")),
        lambda h: _over(h) and powers_used(h[-1]) == {"dec", "inc", "reroll"},
        ("over", "power:dec", "power:inc", "power:reroll"),
    ),
    Scenario(
        "rescued",
        "a SURVIVAL game whose MAGDAGDON a power turned into a placeable roll",
        "survival",
        Strategy(rescue=True),
        lambda h: (
            _over(h)
            and any(
                a.phase is Phase.MAGDAGDON and b.phase is Phase.PLACING
                for a, b in itertools.pairwise(h)
            )
        ),
        ("over", "rescued"),
    ),
    Scenario(
        "ruin-first",
        "a NIGHTMARE game whose first roll was MAGDAGDON: the first die then "
        "goes anywhere on a board of ruins only",
        "nightmare",
        Strategy(cancel=True),
        lambda h: (
            _over(h)
            and h[-1].moves[:3] == ("roll", "accept", h[-1].moves[2])
            and h[-1].moves[2].startswith("ruin")
        ),
        ("over", "magdagdon", "ruin", "first-turn-ruined"),
    ),
    Scenario(
        "mid-turn-staged",
        "a SURVIVAL game saved mid-turn with two dice staged",
        "survival",
        Strategy(),
        lambda h: h[-1].phase is Phase.PLACING and len(h[-1].placements) == 2,
        ("placing", "staged"),
        stop=lambda g: g.turn >= 3 and g.phase is Phase.PLACING and len(g.placements) == 2,
    ),
    Scenario(
        "in-magdagdon",
        "a NIGHTMARE game saved in MAGDAGDON (roll cannot be placed)",
        "nightmare",
        Strategy(),
        lambda h: h[-1].phase is Phase.MAGDAGDON,
        ("magdagdon-now",),
        stop=lambda g: g.phase is Phase.MAGDAGDON and _numbers(g) >= 6,
    ),
    Scenario(
        "choosing-ruin",
        "a PEACEFUL game saved while choosing the cell to ruin",
        "peaceful",
        Strategy(),
        lambda h: h[-1].phase is Phase.RUIN,
        ("ruin-now",),
        stop=lambda g: g.phase is Phase.RUIN and _numbers(g) >= 6,
    ),
    Scenario(
        "peaceful-powers-mid-turn",
        "a PEACEFUL game saved mid-turn after two powers, one die staged",
        "peaceful",
        Strategy(powers=("inc", "reroll")),
        lambda h: (
            h[-1].phase is Phase.PLACING and len(h[-1].placements) == 1 and h[-1].powers_used == 2
        ),
        ("placing", "staged", "power:inc", "power:reroll"),
        stop=lambda g: g.powers_used == 2 and len(g.placements) == 1,
    ),
]


def find(scenario: Scenario) -> tuple[int, list[Game]]:
    for seed in SEEDS:
        history = play(scenario.difficulty, seed, scenario.plan, scenario.stop)
        if scenario.wanted(history):
            return seed, history
    raise SystemExit(f"no seed in {SEEDS} gives the scenario {scenario.name!r}")


def expectation(scenario: Scenario, game: Game) -> dict:
    return {
        "description": scenario.description,
        "claims": list(scenario.claims),
        "difficulty": game.difficulty.value,
        "seed": game.seed,
        "phase": game.phase.value,
        "board": game.board_text,
        "score": game.score,
        "turn": game.turn,
        "powers_used": game.powers_used,
        "dice": list(game.dice),
        "staged": [list(p) for p in game.placements],
        "moves": len(game.to_dict()["moves"]),
    }


def dumps(data: object) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def build() -> dict[Path, str]:
    """Every file this script writes, with its text."""
    files: dict[Path, str] = {}
    manifest = {}
    for scenario in SCENARIOS:
        _seed, history = find(scenario)
        game = history[-1]
        name = f"{scenario.name}.json"
        files[GAMES / name] = dumps(game.to_dict())
        manifest[name] = expectation(scenario, game)
    files[MANIFEST] = dumps(manifest)
    return files


def main(argv: list[str]) -> int:
    files = build()
    if "--check" in argv:
        stale = [p for p, text in files.items() if not p.exists() or p.read_text() != text]
        extra = sorted(set(GAMES.glob("*.json")) - set(files))
        for path in stale + extra:
            print(f"out of date: {path.relative_to(ROOT)}")
        return 1 if stale or extra else 0
    GAMES.mkdir(parents=True, exist_ok=True)
    for path, text in files.items():
        path.write_text(text)
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
