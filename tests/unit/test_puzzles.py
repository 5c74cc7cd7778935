"""The puzzles (magdagdon/puzzles.py): the day's puzzle as a pure function of the date, the
code's round trip and its refusals (damaged and impossible codes), the natural move, and
grading by the review's own pricing."""

from __future__ import annotations

import functools
from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from magdagdon.coach import run, suggest
from magdagdon.game import Game, Phase
from magdagdon.puzzles import (
    _CELL,
    _RANGE,
    ALPHABET,
    GAP,
    LENGTH,
    MOST_LOST,
    PuzzleError,
    _check,
    _number,
    check_board,
    code_of,
    day_steps,
    decode,
    encode,
    natural_steps,
    position,
)
from magdagdon.review import Review, judge
from magdagdon.rules import EMPTY, RUIN, Difficulty, parse_board, score_breakdown

from .greedy import end_turn, finished

FIRST = date(2026, 12, 7)
YEAR = [(FIRST + timedelta(days=n)).isoformat() for n in range(366)]


@functools.cache
def day(day: str):
    return run(day_steps(day))


def raw_code(number: int) -> str:
    """The code of ``number`` (any: no position is checked), with its check character."""
    return code_of(number)


def forged(level, board, dice, used=0) -> str:
    """The code of a position, made without asking whether a game can stand so."""
    from magdagdon.puzzles import _STATES

    number = _STATES.index((Difficulty.parse(level), used))
    for value in parse_board(board):
        number = number * 8 + _CELL[value]
    for value in dice:
        number = number * 6 + value - 1
    return raw_code(number)


# -- the day's puzzle ---------------------------------------------------------------------------
def test_a_year_of_days_each_has_a_valid_puzzle_with_the_gap_and_none_is_the_day_befores():
    before = None
    for each in YEAR:
        puzzle = day(each)
        game = puzzle.game
        assert puzzle.day == each and puzzle.lost is None
        assert game.phase in (Phase.PLACING, Phase.MAGDAGDON)
        assert game.board.count(EMPTY) >= 4 and sum(v > 0 for v in game.board) >= 3
        again = decode(puzzle.code)
        assert (again.game.board, again.game.dice, again.game.phase) == (
            game.board,
            game.dice,
            game.phase,
        )
        natural = run(natural_steps(game))
        assert judge(game, natural).loss >= GAP, each
        assert puzzle.code != before, each
        before = puzzle.code
    assert len({day(each).code for each in YEAR}) == len(YEAR)
    assert len({day(each).game.difficulty for each in YEAR}) == 3  # (every difficulty comes)


def test_the_days_puzzle_depends_on_the_date_alone():
    for each in YEAR[::61]:
        assert run(day_steps(each)).code == day(each).code  # (worked out again: the same)


# -- the code -----------------------------------------------------------------------------------
def positions_of(level: Difficulty, seed: int, turns: int) -> list[Game]:
    """The decisions a greedy game of ``seed`` waits for in its first ``turns`` turns."""
    found, game = [], Game.new(level, seed)
    while not game.is_over and game.turn < turns:
        rolled = game.apply("roll")
        found.append(rolled)
        game = end_turn(rolled)
    return found


@settings(max_examples=150, deadline=None)
@given(
    level=st.sampled_from(list(Difficulty)),
    seed=st.integers(0, 10**6),
    turn=st.integers(0, 9),
    lost=st.none() | st.integers(0, 2 * MOST_LOST),
)
def test_a_position_goes_through_its_code_and_comes_back_the_same(level, seed, turn, lost):
    games = positions_of(level, seed, turn + 1)
    game = games[min(turn, len(games) - 1)]
    for used in range(level.powers + 1):
        posed = position(level, game.board, game.dice, used)
        code = encode(posed, lost)
        assert len(code) == LENGTH and set(code) <= set(ALPHABET)
        back = decode(code)
        assert back.lost == (None if lost is None else min(lost, MOST_LOST))
        assert (back.game.difficulty, back.game.board, back.game.dice) == (
            level,
            game.board,
            game.dice,
        )
        assert back.game.powers_used == used and back.game.phase is game.phase
        assert back.game == posed  # (its seed too: the same position deals the same rerolls)
        assert decode(code.lower()) == back and decode(f"{code[:8]}-{code[8:]}") == back


def test_every_single_character_changed_is_caught():
    code = encode(day(YEAR[0]).game, 17)
    for at in range(LENGTH):
        for other in ALPHABET:
            if other == code[at]:
                continue
            changed = code[:at] + other + code[at + 1 :]
            with pytest.raises(PuzzleError) as refused:
                decode(changed)
            assert refused.value.problem == "damaged"


def test_two_neighbouring_characters_swapped_are_caught_but_0_and_z():
    # (Luhn mod N's one blind spot: the first and the last character of its alphabet)
    for each in YEAR[:20]:
        code = encode(day(each).game, 5)
        for at in range(LENGTH - 1):
            if code[at] == code[at + 1] or {code[at], code[at + 1]} == {"0", "Z"}:
                continue
            swapped = code[:at] + code[at + 1] + code[at] + code[at + 2 :]
            with pytest.raises(PuzzleError):
                decode(swapped)
    digits = [0, 31] + [0] * 13
    assert _check(digits) == _check([31, 0] + [0] * 13)


@pytest.mark.parametrize(
    "code",
    ["", "0", "0" * (LENGTH - 1), "0" * (LENGTH + 1), "U" * LENGTH, "!" * LENGTH, "é" * LENGTH],
)
def test_a_code_of_the_wrong_length_or_characters_is_damaged(code):
    with pytest.raises(PuzzleError) as refused:
        decode(code)
    assert refused.value.problem == "damaged"


def test_a_number_past_the_last_position_is_damaged():
    with pytest.raises(PuzzleError, match="out of range") as refused:
        decode(raw_code(_RANGE))
    assert refused.value.problem == "damaged"


@pytest.mark.parametrize(
    ("board", "dice", "why"),
    [
        ("1111/1111/1111/1111", (1, 1, 1, 1), "over"),
        ("####/####/####/####", (1, 2, 3, 4), "over"),
        ("13../..../..../....", (1, 2, 3, 4), "differs"),
        ("1.../..../..../...1", (1, 2, 3, 4), "one field"),
        ("65../..../.#65/....", (1, 2, 3, 4), "one field"),
    ],
)
def test_an_impossible_position_is_refused_as_impossible(board, dice, why):
    with pytest.raises(PuzzleError, match=why) as refused:
        decode(forged("peaceful", board, dice))
    assert refused.value.problem == "impossible"


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40) | st.text(alphabet=ALPHABET + "ILO-", min_size=14, max_size=20))
def test_any_text_is_a_puzzle_or_refused_with_a_problem(text):
    try:
        puzzle = decode(text)
    except PuzzleError as refused:
        assert refused.problem in ("damaged", "impossible")
        return
    check_board(puzzle.game.board)
    assert puzzle.game.phase in (Phase.PLACING, Phase.MAGDAGDON)


@settings(max_examples=200, deadline=None)
@given(number=st.integers(0, _RANGE - 1))
def test_any_number_in_range_is_a_real_position_or_refused_as_impossible(number):
    try:
        puzzle = decode(raw_code(number))
    except PuzzleError as refused:
        assert refused.problem == "impossible"
        return
    assert encode(puzzle.game, puzzle.lost) == raw_code(number)


def test_a_position_without_a_decision_is_not_made():
    with pytest.raises(ValueError):
        position("nightmare", "..../..../..../....", (1, 2, 3, 4), 1)  # (no power there)
    with pytest.raises(ValueError):
        position("survival", "..../..../..../....", (0, 2, 3, 4), 0)
    with pytest.raises(ValueError):
        position("survival", "..../..../..../....", (1, 2, 3), 0)


def test_the_code_counts_the_difficulty_and_powers_and_dice():
    game = position("peaceful", "12../..../..../....", (1, 2, 3, 4), 2)
    assert _number(game.difficulty, game.board, game.dice, 2) == _number(
        Difficulty.PEACEFUL, game.board, (1, 2, 3, 4), 2
    )
    others = {encode(position(level, game.board, game.dice, 0)) for level in Difficulty}
    assert len(others) == 3


# -- the natural move ---------------------------------------------------------------------------
def best_immediate(game: Game) -> int:
    """The best score any staging of at least the minimum makes now (by brute force)."""
    best = -(10**9)
    todo = [game]
    while todo:
        here = todo.pop()
        if here.can_confirm:
            best = max(best, score_breakdown(here.staged_board).total)
        for die, cells in here.legal.items():
            todo += [here.apply(f"stage {die} {cell}") for cell in cells]
    return best


@pytest.mark.parametrize("seed", range(6))
def test_the_natural_move_stages_the_best_score_now_and_no_power(seed):
    for game in positions_of(Difficulty.PEACEFUL, seed, 6):
        actions = run(natural_steps(game))
        after = game.play(actions)
        assert not any(a.split()[0] in ("dec", "inc", "reroll") for a in actions)
        if game.phase is Phase.MAGDAGDON:
            assert actions == ["accept", f"ruin {game.board.index(EMPTY)}"]
            continue
        assert actions[-1] == "confirm" and after.turn == game.turn + 1
        assert score_breakdown(after.board).total == best_immediate(game)


# -- grading ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("level", "seed"), [("peaceful", 3), ("survival", 8), ("nightmare", 5)])
def test_a_decision_sent_as_a_puzzle_is_graded_as_the_review_priced_it(level, seed):
    game = finished(level, seed)
    decisions = list(Review(level, seed, game.moves))
    assert decisions
    for decision in decisions:
        puzzle = decode(encode(decision.before, decision.loss))
        assert puzzle.lost == min(decision.loss, MOST_LOST)
        graded = judge(puzzle.game, decision.player.actions)
        assert (graded.loss, graded.same, graded.coach.actions) == (
            decision.loss,
            decision.same,
            decision.coach.actions,
        )


def test_the_coachs_own_answer_to_the_days_puzzle_loses_nothing():
    for each in YEAR[:5]:
        game = day(each).game
        assert judge(game, suggest(game)).loss == 0


def test_a_ruin_on_a_board_with_no_number_is_a_position():
    game = position("nightmare", "#..#/..../..../....", (1, 3, 5, 6), 0)
    assert game.phase is Phase.MAGDAGDON and RUIN in game.board
    assert decode(encode(game)).game == game
