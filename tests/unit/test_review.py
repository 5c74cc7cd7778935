"""The game review (magdagdon/review.py): every decision of a game priced against the coach."""

from __future__ import annotations

import ast
import dataclasses
import functools
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.floor.players import random_game
from magdagdon import Game, Phase
from magdagdon.backup import collect, export, parse
from magdagdon.coach import Position, run, suggest
from magdagdon.hints import drawn
from magdagdon.i18n import LANGUAGES, Translator
from magdagdon.played import Played, decode, encode
from magdagdon.records import Settings
from magdagdon.review import (
    BLUNDER,
    INACCURACY,
    MARKS,
    MISTAKE,
    Move,
    Review,
    _summary,
    describe,
    judge,
    judge_steps,
    mark_of,
    review,
    review_played,
    summary_words,
)
from magdagdon.rules import EMPTY, SIZE, Difficulty

from .catalogues import CATALOGS
from .greedy import finished, rolled
from .mutation_run import SHARE
from .played_games import games
from .stepping import run_counting

ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def coached(difficulty: str, seed: int) -> Game:
    """Seed ``seed`` played to the end by the coach (played once per test session)."""
    game = Game.new(difficulty, seed)
    while not game.is_over:
        game = game.play(suggest(game))
    return game


def check(decision) -> None:
    """What holds for every decision of every game."""
    assert isinstance(decision.loss, int)
    assert decision.loss >= 0
    assert decision.loss == (
        0 if decision.same else max(0, round(decision.coach_value - decision.player_value))
    )
    assert decision.mark == mark_of(decision.loss)
    if decision.same:  # the coach's own choice: priced alike on both sides
        assert decision.player_value == decision.coach_value
    # The coach's move is exactly what HINT would have shown then.
    assert list(decision.coach.actions) == suggest(decision.before)
    # With no power on either side, the coach's choice is the best by its own estimate: the
    # loss is never cut at 0 there.
    powered = any(a.split()[0] in ("dec", "inc", "reroll") for a in decision.coach.actions)
    if decision.kind in ("place", "ruin") and not decision.same and not powered:
        assert decision.coach_value >= decision.player_value - 1e-9


# -- a game played by the coach --------------------------------------------------------------------
@pytest.mark.parametrize("difficulty", [d.value for d in Difficulty])
@pytest.mark.parametrize("seed", [0, 3, 11])
def test_a_game_played_by_the_coach_gives_up_nothing_at_any_decision(difficulty, seed):
    game = coached(difficulty, seed)
    summary = review(difficulty, seed, game.moves)
    assert summary.decisions  # a real game has decisions
    assert [d.loss for d in summary.decisions] == [0] * len(summary.decisions)
    assert all(d.same for d in summary.decisions)
    assert all(d.player_value == d.coach_value for d in summary.decisions)
    assert summary.total == 0 and summary.costliest == () and summary.percent == 100
    assert summary.marks == dict.fromkeys(MARKS, 0)


def test_the_coach_games_reviewed_include_powers_and_ruins():
    # The test above covers every kind of decision, powers and ruins included.
    kinds = set()
    for difficulty in ("peaceful", "survival"):
        for seed in (0, 3, 11):
            game = coached(difficulty, seed)
            kinds |= {d.kind for d in review(difficulty, seed, game.moves).decisions}
    assert kinds == {"place", "power", "ruin"}


def test_every_decision_is_cut_out_once():
    game = finished("nightmare", 5)
    summary = review("nightmare", 5, game.moves)
    confirms = game.moves.count("confirm")
    ruins = sum(m.startswith("ruin") for m in game.moves)
    assert len(summary.decisions) == confirms + ruins
    assert [d.index for d in summary.decisions] == list(range(len(summary.decisions)))
    for d in summary.decisions:
        assert game.moves[d.at].split()[0] in ("confirm", "ruin")
        assert d.turn == d.before.turn + 1
        assert d.before.phase in (Phase.PLACING, Phase.MAGDAGDON)
    assert [d.turn for d in summary.decisions] == sorted(d.turn for d in summary.decisions)


# -- no loss is negative ---------------------------------------------------------------------------
@pytest.mark.parametrize("difficulty", [d.value for d in Difficulty])
def test_no_loss_is_negative_in_greedy_games(difficulty):
    for seed in range(4):
        summary = review(difficulty, seed, finished(difficulty, seed).moves)
        for decision in summary.decisions:
            check(decision)
        assert summary.total == sum(d.loss for d in summary.decisions)
        assert summary.total > 0  # the greedy player is far from the coach


@settings(max_examples=max(2, 12 // SHARE), deadline=None, derandomize=True, database=None)
@given(
    seed=st.integers(0, 10**9),
    difficulty=st.sampled_from([d.value for d in Difficulty]),
    change=st.sampled_from([0.0, 0.3]),
)
def test_no_loss_is_negative_in_random_games_with_powers(seed, difficulty, change):
    game = random_game(Game.new(difficulty, seed), random.Random(seed), change=change)
    summary = review(difficulty, seed, game.moves)
    for decision in summary.decisions:
        check(decision)
    ranked = [summary.decisions[i].loss for i in summary.costliest]
    assert ranked == sorted(ranked, reverse=True) and all(ranked)
    rest = [d.loss for d in summary.decisions if d.index not in summary.costliest]
    assert len(summary.costliest) == min(3, sum(d.loss > 0 for d in summary.decisions))
    assert all(loss <= min(ranked, default=0) for loss in rest)
    assert summary.matched == sum(d.loss == 0 for d in summary.decisions)


def test_a_power_the_coach_would_not_use_costs_its_penalty_and_more():
    # Any placeable roll on the first turn: spending PEACEFUL's first power (−10) on an
    # +1 the coach would not use gives up at least what the coach reckons the power costs.
    game = Game.new("peaceful", 4).apply("roll")
    assert game.phase is Phase.PLACING and "inc" not in " ".join(suggest(game))
    die = next(d for d in range(4) if game.dice[d] < 6)
    decision = judge(game, [f"inc {die}"])
    assert decision.kind == "power" and not decision.same
    assert decision.player.dice == {die} and decision.player.change == game.dice[die] + 1
    assert decision.coach_value - decision.player_value > 0
    assert decision.loss >= 1


def _power_price(game: Game, action: str) -> float:
    """A power's price as the module says it, from the coach's own parts: the best placement
    of the changed dice, less the power's penalty, the penalties already paid and, while more
    than 4 cells are EMPTY (another turn surely follows), the margin of a power kept."""
    position = Position(game)
    kept = position.margin if game.board.count(EMPTY) > 4 else 0.0
    paid = sum(game.difficulty.penalties[: game.powers_used])
    assert game.next_power_cost is not None
    return position.power(action) - game.next_power_cost - kept - paid


@pytest.mark.parametrize(
    ("board", "empty"),
    [("1234/2345/34../5...", 5), ("1234/2345/345./5...", 4), ("12../..../..../....", 14)],
)
@pytest.mark.parametrize("used", [0, 1])
def test_a_power_is_priced_at_its_placement_less_its_penalties_and_the_margin_while_turns_remain(
    board, empty, used
):
    game = dataclasses.replace(rolled(board, (2, 3, 4, 5)), powers_used=used)
    assert game.board.count(EMPTY) == empty and game.phase is Phase.PLACING
    assert Position(game).margin > 0.5
    for action in ("inc 0", "dec 3", "reroll 1 2"):
        decision = judge(game, [action])
        assert decision.player_value == pytest.approx(_power_price(game, action))


# -- a sure bonus thrown away --------------------------------------------------------------------
def test_filling_the_last_cell_without_the_sure_straight_costs_the_straight():
    # Row 1 reads 1-2-3-_; the last cell takes a 3 or a 4, and column 4 holds a RUIN (no bonus
    # either way). A 4 there is a sure STRAIGHT (+60); a 3 throws it away.
    game = rolled("123./2344/3455/456#", (4, 3, 1, 1), "nightmare")
    decision = judge(game, ["stage 1 3", "confirm"])
    assert decision.coach.ghosts == {3: 4}
    assert decision.player.ghosts == {3: 3}
    assert decision.loss >= 60  # the straight, and the 2 points of 4 over 3 (counted twice)
    assert decision.loss == 62 and decision.mark == "blunder"  # a full board is its exact score


@pytest.mark.parametrize("difficulty", ["peaceful", "survival"])
def test_throwing_away_a_sure_straight_in_mid_game_costs_at_least_the_straight(difficulty):
    # Row 1 reads 1-2-3-_ and a 4 is rolled: the STRAIGHT (+60) is sure now. Column 4 holds a
    # RUIN, so the cell's value matters to row 1 only. The player stages the coach's dice but
    # a 3 where the coach puts its 4, which completes the row with no bonus.
    game = rolled("123./..34/...#/....", (4, 3, 3, 3), difficulty)
    actions = suggest(game)
    assert "stage 0 3" in actions  # the coach takes the straight with die 0, the 4
    used = {int(a.split()[1]) for a in actions if a.startswith("stage")}
    spare = next(d for d in (1, 2, 3) if d not in used)
    mine = [f"stage {spare} 3" if a == "stage 0 3" else a for a in actions]
    decision = judge(game, mine)
    assert decision.player.ghosts == {**decision.coach.ghosts, 3: 3}
    assert decision.loss >= 60


# -- the same decision, or as good -----------------------------------------------------------------
def _mirror(cell: int) -> int:
    row, column = divmod(cell, SIZE)
    return row * SIZE + SIZE - 1 - column


def test_a_mirror_image_of_the_coachs_first_placement_costs_nothing():
    game = Game.new("nightmare", 2).apply("roll")
    actions = suggest(game)
    assert actions[-1] == "confirm"
    mirrored = [
        f"stage {a.split()[1]} {_mirror(int(a.split()[2]))}" if a.startswith("stage") else a
        for a in actions
    ]
    assert mirrored != actions
    decision = judge(game, mirrored)
    assert not decision.same and decision.loss == 0 and decision.mark is None


def test_a_different_order_of_the_same_staging_is_the_same_decision():
    game = Game.new("nightmare", 2).apply("roll")
    actions = suggest(game)
    stages = [a for a in actions if a.startswith("stage")]
    assert len(stages) >= 2
    shuffled = [*stages[1:2], *stages[:1], *stages[2:], "confirm"]
    try:
        decision = judge(game, ["hint", *shuffled])
    except ValueError:  # that order is refused by the rules: take the coach's own order
        decision = judge(game, ["hint", *actions])
    assert decision.same and decision.loss == 0


def test_judge_says_which_of_the_actions_committed_and_numbers_the_decision_as_asked():
    game = Game.new("nightmare", 2).apply("roll")
    actions = ["hint", "stage 0 5", "unstage 0", *suggest(game), "roll"]
    decision = judge(game, actions, index=4)
    assert decision.at == actions.index("confirm") and decision.index == 4
    assert decision.same and judge(game, actions).index == 0


def test_judge_refuses_what_commits_nothing_or_is_refused():
    game = Game.new("nightmare", 2).apply("roll")
    with pytest.raises(ValueError):
        judge(game, ["stage 0 5"])  # nothing committed
    with pytest.raises(ValueError):
        judge(game, ["confirm"])  # below the minimum
    with pytest.raises(ValueError):
        judge(Game.new("nightmare", 2), ["roll"])  # ROLL is no decision
    with pytest.raises(ValueError):
        judge(game, ["stage 0 5", "", "confirm"])  # no action at all: refused by the rules


def test_judge_in_steps_numbers_the_decision_from_zero_unless_asked():
    game = Game.new("nightmare", 2).apply("roll")
    actions = suggest(game)
    assert run(judge_steps(game, actions)).index == 0
    assert run(judge_steps(game, actions, 3)).index == 3


@pytest.mark.parametrize("bad", ["", "   ", 7, None])
def test_moves_with_an_empty_or_foreign_one_are_refused_as_the_rules_refuse_it(bad):
    game = Game.new("nightmare", 2).apply("roll")
    with pytest.raises(ValueError):
        Review("nightmare", 2, ["roll", bad, *suggest(game)])
    with pytest.raises(ValueError):
        judge(game, [bad, *suggest(game)])


# -- stepwise ------------------------------------------------------------------------------------
def test_step_by_step_gives_the_review_all_at_once():
    game = finished("survival", 8)
    whole = review("survival", 8, game.moves)
    stepped = Review("survival", 8, game.moves)
    assert stepped.total == len(whole.decisions) and not stepped.done
    seen = []
    while (decision := stepped.step()) is not None:
        seen.append(decision)
        assert stepped.decisions == tuple(seen)
    assert stepped.done and stepped.step() is None
    assert tuple(seen) == whole.decisions
    assert stepped.summary() == whole


def test_the_work_says_true_exactly_when_one_more_decision_is_priced():
    game = finished("peaceful", 3)  # (its decisions take many steps each)
    work = Review("peaceful", 3, game.moves)
    marks, seen = [], 0
    for mark in work.work():  # the page redraws on True
        marks.append(mark)
        assert mark == (len(work.decisions) == seen + 1)
        seen = len(work.decisions)
    assert work.done and marks.count(True) == seen == work.total > 1
    assert marks.count(False) > seen and marks[-1] is True


def test_a_review_half_done_finishes_in_its_summary():
    game = finished("peaceful", 9)
    part = Review("peaceful", 9, game.moves)
    first = part.step()
    assert part.summary() == review("peaceful", 9, game.moves)
    assert part.summary().decisions[0] == first


def test_an_unfinished_game_is_reviewed_up_to_its_last_decision():
    game = finished("nightmare", 3)
    cut = list(game.moves[: game.moves.index("confirm", 10) + 2])  # a roll after a CONFIRM
    partial = review("nightmare", 3, cut)
    assert (
        partial.decisions == review("nightmare", 3, game.moves).decisions[: len(partial.decisions)]
    )
    assert partial.decisions[-1].at == len(cut) - 2


def test_moves_that_do_not_replay_are_refused():
    with pytest.raises(ValueError):
        Review("nightmare", 2, ["roll", "stage 0 0", "fly"])


# -- from a history record and from a backup -------------------------------------------------------
def test_the_review_of_a_history_record_is_that_of_its_seed_and_moves():
    for played in games(6):
        again = decode(json.loads(json.dumps(encode(played))))  # as stored, read back
        expected = review(played.difficulty, played.seed, played.moves)
        assert expected.decisions
        assert review_played(again).summary() == expected


def test_the_review_of_a_backup_record_needs_nothing_but_its_seed_and_moves():
    records = list(games(6))
    data = parse(export(collect(records, Settings(Difficulty.PEACEFUL, "en"))))
    for mine, theirs in zip(records, data["history"], strict=True):
        bare = Played(theirs.difficulty, theirs.seed, theirs.moves, 0, "2000-01-01", 0, 0)
        assert review_played(bare).summary() == review_played(mine).summary()


def test_a_record_without_moves_cannot_be_reviewed():
    played = games(1)[0]
    bare = Played(played.difficulty, None, (), 96, played.date, 16, 0, board="1111/1111/1111/1111")
    with pytest.raises(ValueError):
        review_played(bare)
    with pytest.raises(ValueError):  # a seed but no moves
        review_played(dataclasses.replace(played, moves=()))


# -- marks ----------------------------------------------------------------------------------------
def test_the_marks_rise_with_the_loss():
    assert INACCURACY < MISTAKE < BLUNDER
    assert [mark_of(n) for n in (0, INACCURACY - 1)] == [None, None]
    assert mark_of(INACCURACY) == mark_of(MISTAKE - 1) == "inaccuracy"
    assert mark_of(MISTAKE) == mark_of(BLUNDER - 1) == "mistake"
    assert mark_of(BLUNDER) == mark_of(1000) == "blunder"


def test_a_decision_that_gave_up_one_point_is_among_the_costliest():
    decisions = review("nightmare", 1, finished("nightmare", 1).moves).decisions[:4]
    losses = (0, 1, 0, 3)
    priced = [dataclasses.replace(d, loss=n) for d, n in zip(decisions, losses, strict=True)]
    summary = _summary(priced)
    assert summary.costliest == (3, 1) and summary.total == 4 and summary.matched == 2


def test_each_side_of_a_placement_and_a_ruin_is_shaped_as_hint_draws_it():
    kinds = set()
    for decision in _varied_decisions():
        for side in (decision.player, decision.coach):
            ghosts, dice, ruin, change = drawn(decision.before, side.actions)
            assert side == Move(side.actions, ghosts, frozenset(dice), ruin, change)
            kinds.add((decision.kind, side is decision.player, ruin is not None, bool(dice)))
    # a placement stages dice and ruins nothing; a ruin stages nothing: both sides of each
    assert {("place", True, False, True), ("place", False, False, True)} <= kinds
    assert {("ruin", True, True, False), ("ruin", False, True, False)} <= kinds


def test_the_summary_counts_the_marks_of_its_decisions():
    summary = review("nightmare", 1, finished("nightmare", 1).moves)
    marks = summary.marks
    assert sum(marks.values()) == sum(d.loss >= INACCURACY for d in summary.decisions)
    assert marks["blunder"] == sum(d.loss >= BLUNDER for d in summary.decisions)


# -- words ---------------------------------------------------------------------------------------
class Recorder:
    """A translator that notes every key it is asked for."""

    def __init__(self, lang: str) -> None:
        self.tr = Translator(CATALOGS, lang)
        self.keys: set[str] = set()

    def __call__(self, key: str, **params) -> str:
        self.keys.add(key)
        return self.tr.t(key, **params)


@functools.cache
def _varied_decisions():
    """Decisions of every kind: placements, −1/+1, REROLL, ruins, the coach's and others."""
    found = []
    for difficulty, seed, change in (
        ("peaceful", 1, 0.4),
        ("survival", 2, 0.0),
        ("peaceful", 5, 0.0),
    ):
        game = random_game(Game.new(difficulty, seed), random.Random(seed), change=change)
        found += review(difficulty, seed, game.moves).decisions
    for seed in (0, 3):
        game = coached("peaceful", seed)
        found += review("peaceful", seed, game.moves).decisions
    return tuple(found)


def test_the_decisions_for_the_words_cover_every_kind():
    decisions = _varied_decisions()
    verbs = {a.split()[0] for d in decisions for a in d.player.actions + d.coach.actions}
    assert {"stage", "dec", "inc", "reroll", "ruin"} <= verbs
    assert {True, False} == {d.same for d in decisions}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sentence_the_review_says_is_made_of_keys_of_every_catalogue(lang):
    decisions = _varied_decisions()
    t = Recorder(lang)
    for decision in decisions:
        text = describe(decision, t)
        assert "{" not in text and "review." not in text, text
    from magdagdon.review import _summary

    lines = summary_words(_summary(decisions), t)
    assert len(lines) == 3 and all("{" not in line and "review." not in line for line in lines)
    t.keys |= {f"review.mark.{mark}" for mark in MARKS}
    for catalog in CATALOGS.values():
        assert t.keys <= set(catalog)
    assert {"review.said", "review.said.same", "review.you.stage", "review.coach.ruin"} <= t.keys


def test_the_sentence_says_the_turn_both_moves_and_the_points():
    game = Game.new("nightmare", 2).apply("roll")  # dice 4, 3, 4, 5
    decision = judge(game, ["stage 0 5", "stage 1 6", "stage 2 7", "confirm"])
    text = describe(decision, Translator(CATALOGS, "en").t)
    if decision.same:
        assert text == (
            "Turn 1: you staged a 4 on row 2, column 2, a 3 on row 2, column 3 and a 4 on row 2,"
            " column 4, as the coach would."
        )
    else:
        assert text.startswith(
            "Turn 1: you staged a 4 on row 2, column 2, a 3 on row 2, column 3 and a 4 on row 2,"
            " column 4; the coach would have staged a "
        )
        points = "point" if decision.loss == 1 else "points"
        assert text.endswith(f": {decision.loss} {points}.")


def _en(decision) -> str:
    return describe(decision, Translator(CATALOGS, "en").t)


def test_a_power_is_said_with_the_die_it_changes_and_the_value_it_makes():
    game = Game.new("peaceful", 4).apply("roll")
    die = next(d for d in range(4) if game.dice[d] < 6)
    value = game.dice[die]
    text = _en(judge(game, [f"inc {die}"]))
    assert text.startswith(f"Turn 1: you used INCREASE +1 to turn a {value} into a {value + 1}; ")
    down = next(d for d in range(4) if game.dice[d] > 1)
    text = _en(judge(game, [f"dec {down}"]))
    low = game.dice[down]
    assert text.startswith(f"Turn 1: you used DECREASE −1 to turn a {low} into a {low - 1}; ")
    text = _en(judge(game, ["reroll 0 2 3"]))
    rolled_dice = f"{game.dice[0]}, {game.dice[2]} and {game.dice[3]}"
    assert text.startswith(f"Turn 1: you used REROLL on {rolled_dice}; "), text


def test_the_coachs_own_choice_is_said_once_as_the_coachs():
    game = Game.new("nightmare", 2).apply("roll")  # dice 4, 3, 4, 5
    decision = judge(game, ["hint", *suggest(game)])
    assert decision.same
    ghosts = [
        f"a {v} on row {c // SIZE + 1}, column {c % SIZE + 1}"
        for c, v in sorted(decision.player.ghosts.items())
    ]
    staged = ", ".join(ghosts[:-1]) + " and " + ghosts[-1] if len(ghosts) > 1 else ghosts[0]
    assert _en(decision) == f"Turn 1: you staged {staged}, as the coach would."


def test_a_coachs_power_after_a_clear_is_said_as_the_power():
    # HINT clears staged dice before a power on one of them: the words name the power.
    game = Game.new("peaceful", 4).apply("roll")
    die = next(d for d in range(4) if game.dice[d] < 6)
    decision = judge(game, suggest(game))
    cleared = Move(("clear", f"inc {die}"), {}, frozenset({die}), None, game.dice[die] + 1)
    text = _en(dataclasses.replace(decision, coach=cleared, same=False))
    value = game.dice[die]
    assert f"; the coach would have used INCREASE +1 to turn a {value} into a {value + 1}: " in text


def test_the_summary_says_the_total_the_share_and_the_costliest_turns_and_points():
    summary = review("peaceful", 1, finished("peaceful", 1).moves)
    assert len(summary.costliest) == 3 and 0 < summary.percent < 100
    total, share, costliest = summary_words(summary, Translator(CATALOGS, "en").t)
    assert summary.total > 1 and total == f"{summary.total} points given up in all"
    assert share == f"{summary.percent}% of your decisions as good as the coach's"
    dear = [summary.decisions[i] for i in summary.costliest]
    items = [f"turn {d.turn} ({d.loss} point{'s' * (d.loss != 1)})" for d in dear]
    assert costliest == f"The costliest: {items[0]}, {items[1]} and {items[2]}."


def test_a_ruin_and_a_lithuanian_sentence_read_in_full():
    game = rolled("123./2344/3455/456#", (4, 3, 1, 1), "nightmare")
    decision = judge(game, ["stage 1 3", "confirm"])
    assert describe(decision, Translator(CATALOGS, "en").t) == (
        "Turn 1: you staged a 3 on row 1, column 4; the coach would have staged a 4 on row 1,"
        " column 4: 62 points."
    )
    assert describe(decision, Translator(CATALOGS, "lt").t) == (
        "Ėjimas 1: paruošei 3 į 1 eilutę, 4 stulpelį; treneris būtų paruošęs 4 į 1 eilutę,"
        " 4 stulpelį: 62 taškai."
    )


def test_the_review_module_writes_no_prose():
    # As the interface's modules: every word comes from the catalogues (the messages of the
    # errors it raises aside: they are for developers, as the engine's are).
    from .test_catalogues import _string_constants

    tree = ast.parse((ROOT / "magdagdon" / "review.py").read_text("utf-8"))
    raised = {
        node.value
        for error in ast.walk(tree)
        if isinstance(error, ast.Raise)
        for node in ast.walk(error)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    assert raised  # the filter sees the messages
    words = [
        text
        for text in _string_constants(ROOT / "magdagdon" / "review.py")
        if text not in raised
        and (re.search(r"[^\W\d_]{2,} [^\W\d_]{2,}", text) or re.search(r"\s[—–·]|[—–·]\s", text))
    ]
    assert words == []


def _names_from_the_coach(source: str) -> set[str]:
    return {
        alias.name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module == "coach"
        for alias in node.names
    }


def test_the_review_asks_the_coach_through_its_public_names_only():
    # The review prices every choice on a coach.Position: no private name of the coach, so the
    # coach's insides may change without the review reaching into them.
    from magdagdon import coach

    imported = _names_from_the_coach((ROOT / "magdagdon" / "review.py").read_text("utf-8"))
    assert imported <= set(coach.__all__)
    assert "Position" in imported


# -- imported on first use -------------------------------------------------------------------------
def test_the_start_does_not_import_the_review():
    code = (
        "import sys, magdagdon, magdagdon.session, magdagdon.ui, magdagdon.share;"
        "from magdagdon import Game; Game.new('peaceful', 1).apply('roll');"
        "print('magdagdon.review' in sys.modules, 'magdagdon.coach' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["False", "False"]


def test_a_review_is_priced_in_the_coachs_steps_with_the_same_decisions():
    """Review.step_steps (what the page runs between taps) prices a decision in several steps
    where the coach weighs its powers, and prices every decision as Review.step does."""
    from magdagdon.review import Review

    game = Game.new("peaceful", 7)
    while not game.is_over:
        game = game.play(suggest(game))
    stepped, whole = Review("peaceful", 7, game.moves), Review("peaceful", 7, game.moves)
    most = 0
    while not stepped.done:
        per_step, decision = run_counting(stepped.step_steps(), [])
        most = max(most, len(per_step))
        assert decision == whole.step()
    assert most > 10  # a decision weighing the powers took many steps
    with pytest.raises(StopIteration) as ended:  # a finished review ends at once, with None
        next(stepped.step_steps())
    assert ended.value.value is None
