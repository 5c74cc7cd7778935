"""Saved games kept as data files (``tests/data/games/*.json``) replay to what they were.

Each file is a real ``Game.to_dict()`` written by ``tests/data/make_games.py``;
``tests/data/manifest.json`` says what it must restore to (phase, board, score, turn, powers,
dice, staged dice) and what it claims to cover. Every file must load with ``Game.from_dict``,
equal its expectation, re-serialise to the identical dict, and really show its claims when
its moves are replayed one by one.
"""

from __future__ import annotations

import copy
import itertools
import json
from pathlib import Path

import pytest

from magdagdon import Game, Phase, SavedGameError, score

DATA = Path(__file__).resolve().parents[1] / "data"
FILES = sorted((DATA / "games").glob("*.json"))
MANIFEST = json.loads((DATA / "manifest.json").read_text(encoding="utf-8"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def replay(data: dict) -> list[Game]:
    """Every game along the saved moves, from the new game to the last move."""
    games = [Game.new(data["difficulty"], data["seed"])]
    for move in data["moves"]:
        games.append(games[-1].apply(move))
    return games


def test_every_data_file_has_an_expectation_and_vice_versa():
    assert len(FILES) >= 8
    assert sorted(p.name for p in FILES) == sorted(MANIFEST)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_saved_game_restores_to_its_expectation(path):
    data = load(path)
    expect = MANIFEST[path.name]
    game = Game.from_dict(data)
    assert game.difficulty.value == expect["difficulty"] == data["difficulty"]
    assert game.seed == expect["seed"] == data["seed"]
    assert game.phase.value == expect["phase"]
    assert game.board_text == expect["board"]
    assert game.score == expect["score"]
    assert game.score == score(expect["board"], expect["difficulty"], expect["powers_used"])
    assert game.turn == expect["turn"]
    assert game.powers_used == expect["powers_used"]
    assert list(game.dice) == expect["dice"]
    assert [list(p) for p in game.placements] == expect["staged"]
    assert len(data["moves"]) == expect["moves"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_saved_game_reserialises_to_the_identical_dict(path):
    data = load(path)
    game = Game.from_dict(data)
    assert game.to_dict() == data
    assert json.loads(json.dumps(game.to_dict())) == data
    assert Game.from_dict(game.to_dict()) == game
    # Replaying the moves one by one reaches the same game as loading the file.
    assert replay(data)[-1] == game


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_tampered_copy_is_refused(path):
    data = load(path)
    wrong_turn = copy.deepcopy(data)
    wrong_turn["state"]["turn"] += 1
    short = copy.deepcopy(data)
    short["moves"].pop()
    other_seed = copy.deepcopy(data)
    other_seed["seed"] += 1
    for bad in (wrong_turn, short, other_seed):
        with pytest.raises(SavedGameError):
            Game.from_dict(bad)


def claims_shown(data: dict) -> set[str]:
    """What the saved game really shows, found by replaying its moves one by one."""
    games = replay(data)
    last = games[-1]
    verbs = [m.split()[0] for m in data["moves"]]
    shown = {f"power:{v}" for v in verbs if v in ("dec", "inc", "reroll")}
    if last.is_over and "." not in last.board_text:
        shown.add("over")
    if "#" in last.board_text:
        shown.add("ruin")
    elif "accept" not in verbs:
        shown.add("no-ruin")
    if any(g.phase is Phase.MAGDAGDON for g in games) and "accept" in verbs:
        shown.add("magdagdon")
    if verbs[:3] == ["roll", "accept", "ruin"] and games[3].board_text.count("#") == 1:
        shown.add("first-turn-ruined")  # the next first die goes on a board of ruins only
    required = [g.required for g in games if g.phase is Phase.ROLL and not g.is_over]
    if any(required[i : i + 2] == [2, 1] for i in range(len(required))):
        shown.add("required:2,1")
    for (before, after), move in zip(itertools.pairwise(games), data["moves"], strict=True):
        if (
            before.phase is Phase.MAGDAGDON
            and after.phase is Phase.PLACING
            and move.split()[0] in ("dec", "inc", "reroll")
        ):
            shown.add("rescued")
    if last.phase is Phase.PLACING:
        shown.add("placing")
        if last.placements:
            shown.add("staged")
    if last.phase is Phase.MAGDAGDON:
        shown.add("magdagdon-now")
    if last.phase is Phase.RUIN:
        shown.add("ruin-now")
    return shown


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_saved_game_shows_what_it_claims(path):
    claims = set(MANIFEST[path.name]["claims"])
    assert claims, "a data file that claims nothing"
    assert claims <= claims_shown(load(path))


def test_the_data_files_cover_every_required_situation():
    covered = {(e["difficulty"], claim) for e in MANIFEST.values() for claim in e["claims"]}
    claims = {claim for _, claim in covered}
    for difficulty in ("peaceful", "survival", "nightmare"):
        assert (difficulty, "over") in covered, f"no {difficulty} game played to the end"
    assert ("nightmare", "required:2,1") in covered
    assert any({"magdagdon", "ruin"} <= set(e["claims"]) for e in MANIFEST.values()), (
        "no game with MAGDAGDON accepted and a ruin"
    )
    assert {"power:dec", "power:inc", "power:reroll"} <= claims
    assert {"staged", "magdagdon-now", "ruin-now", "rescued", "first-turn-ruined"} <= claims
