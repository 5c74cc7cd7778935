"""PUZZLE in the interface (magdagdon/ui/puzzles.py) and through the shell: today's puzzle
worked out in steps and put in front of her game, answered by taps, graded by the review's
pricing; the day's first answer counted (the streak, the statistics); a friend's puzzle from a
link, with the sender's figure; SEND from REVIEW and from a verdict; bad links refused with
nothing of hers changed. And the answers' record (magdagdon/answers.py)."""

from __future__ import annotations

import json

import pytest

from magdagdon.answers import ANSWERS_KEY, MOST_DAYS, Answers, Record
from magdagdon.coach import run, suggest
from magdagdon.effects import OUTWARD, Effect
from magdagdon.game import Phase
from magdagdon.puzzles import day_steps, decode, encode, natural_steps
from magdagdon.records import GAME_KEY, MemoryStore
from magdagdon.review import judge
from magdagdon.rules import Difficulty
from magdagdon.store import Keeper
from magdagdon.ui.commands import Share
from magdagdon.ui.hints import EFFECT_OF
from magdagdon.ui.puzzles import PuzzleView

from .catalogues import CATALOGS
from .sessions import TODAY, TOMORROW, Clock, player
from .test_shell import named, of, shell_over, started, writes
from .test_shell import run as run_steps

EN = CATALOGS["en"]


def answer(ui, actions) -> None:
    """Play ``actions`` on the board as the taps would (each with its effect)."""
    for action in actions:
        assert ui.ui.apply(action, EFFECT_OF.get(action.split()[0])), action


def todays(ui):
    """PUZZLE pressed: the dialog says it is being worked out, then (its steps run) the
    position is on the board in front of her game."""
    assert ui.press("puzzle")
    assert ui.dialog == "puzzle" and ui.view().shows.state == "finding"
    assert Effect.PUZZLE_FIND in OUTWARD and Effect.PUZZLE_FIND in ui.take_effects()
    steps = list(ui.puzzles.find_steps())
    assert steps[-1] is True and not any(steps[:-1])
    assert ui.dialog is None and ui.session.drilling
    return ui.puzzles.current


def graded(ui) -> PuzzleView:
    assert Effect.PUZZLE in OUTWARD and Effect.PUZZLE in ui.take_effects()
    assert ui.view().shows.state == "grading"
    steps = list(ui.puzzles.steps())
    assert steps[-1] is True and not any(steps[:-1])
    view = ui.view().shows
    assert ui.dialog == "puzzle" and isinstance(view, PuzzleView) and view.state == "verdict"
    return view


def test_todays_puzzle_is_the_days_own_in_front_of_her_game_and_graded_as_the_review_prices():
    ui = player([(Difficulty.PEACEFUL, 2)])
    ui.session.new_game(Difficulty.SURVIVAL, 9)
    ui.session.apply("roll")
    kept = ui.session.records.store.data[GAME_KEY]
    puzzle = todays(ui)
    expected = run(day_steps(TODAY))
    assert puzzle.code == expected.code and puzzle.day == TODAY
    assert ui.game.board == expected.game.board and ui.game.dice == expected.game.dice
    assert ui.view().mode.kind == "puzzle"
    if ui.game.phase is Phase.PLACING:  # (in MAGDAGDON the status says what MAGDAGDON asks)
        assert ui.view().status.detail == "puzzle.prompt"
    assert not ui.controls().actions["hint"].enabled  # (the coach's move is the answer)
    natural = run(natural_steps(ui.game))
    answer(ui, natural)
    view = graded(ui)
    assert view.decision.loss == judge(expected.game, natural).loss >= 8
    assert view.counted and view.counts.streak == 1 and view.counts.today == view.decision.loss
    assert decode(view.code).lost == view.decision.loss and decode(view.code).game == puzzle.game
    assert ui.game.board == expected.game.board  # (the position back on the board)
    stored = json.loads(ui.session.records.store.data[ANSWERS_KEY])
    assert stored["days"] == {TODAY: view.decision.loss}
    # TRY AGAIN: as the coach, this time, but the day's first answer stands
    assert ui.press("puzzle-again") and ui.dialog is None
    answer(ui, suggest(ui.game))
    again = graded(ui)
    assert again.decision.loss == 0 and not again.counted
    assert json.loads(ui.session.records.store.data[ANSWERS_KEY])["days"][TODAY] > 0
    # leaving puts her game back, as it was
    assert ui.press("puzzle-leave") and not ui.session.drilling
    assert ui.game.difficulty is Difficulty.SURVIVAL and ui.game.phase is Phase.PLACING
    assert ui.session.records.store.data[GAME_KEY] == kept


def test_the_puzzle_found_once_comes_at_once_and_a_closed_search_stops():
    ui = player([])
    ui.press("puzzle")
    ui.take_effects()
    work = ui.puzzles.find_steps()
    next(work)
    ui.press("close")  # (she gives up waiting)
    assert list(work) == [] and ui.dialog is None and not ui.session.drilling
    todays(ui)
    ui.press("puzzle-leave")
    assert ui.press("puzzle") and ui.dialog is None and ui.session.drilling  # (found already)
    assert Effect.PUZZLE_FIND not in ui.take_effects()


def test_the_streak_counts_days_in_a_row_and_the_statistics_show_it():
    clock = Clock(TODAY)
    ui = player([(Difficulty.NIGHTMARE, 1)])
    ui.session.today = clock
    for today in (TODAY, TOMORROW):
        clock.day = today
        ui.puzzles.found.clear()
        todays(ui)
        answer(ui, suggest(ui.game))
        assert graded(ui).counts.streak == (1 if today == TODAY else 2)
        ui.press("puzzle-leave")
    ui.press("stats")
    stats = ui.view().shows
    assert (stats.puzzles.answered, stats.puzzles.matched, stats.puzzles.streak) == (2, 2, 2)


def test_a_friends_puzzle_from_a_link_shows_how_the_sender_did_and_changes_nothing_of_hers():
    store = MemoryStore()
    shell = shell_over(store)
    started(shell)
    shell.tap({"action": "roll"}, None)
    started(shell_over(store))  # (a plain visit again: what the puzzle's must leave as it is)
    before = dict(store.data)
    sent = run(day_steps("2027-01-15"))
    code = encode(sent.game, 23)
    friend = shell_over(store, wishes={"puzzle": code})
    started(friend)
    ui = friend.ui
    assert ui.session.drilling and ui.puzzles.current.lost == 23 and ui.puzzles.current.day is None
    assert ui.game.board == sent.game.board and ui.view().mode.kind == "puzzle.friend"
    answer(ui, suggest(ui.game))
    commands = friend.refresh()
    drawn = writes([*commands, *run_steps(named(commands, "puzzle"))])
    assert drawn[("dialog:puzzle", "data-puzzle-loss")] == "0"
    assert drawn[("id:puzzle-friend", "text")] == EN["puzzle.friend.lost"]["other"].replace(
        "{count}", "23"
    )
    assert drawn[("id:puzzle-streak", "text")] == ""  # (a friend's puzzle is no day's)
    # her games, records and settings as they were (a puzzle's answer is no first turn)
    mine = {k for k in before if not k.endswith(".frame")}
    assert mine and {k: store.data.get(k) for k in mine} == {k: before[k] for k in mine}
    assert ANSWERS_KEY not in store.data


@pytest.mark.parametrize(
    ("code", "notice"),
    [("0001K8J42H0M8S1X", "bad-puzzle"), ("short", "bad-puzzle"), (None, "impossible-puzzle")],
)
def test_a_bad_puzzle_link_opens_her_game_with_a_message_naming_the_link(code, notice):
    if code is None:  # an intact code of a finished board
        from .test_puzzles import forged

        code = forged("survival", "1111/1111/1111/1111", (1, 2, 3, 4))
    store = MemoryStore()
    first = shell_over(store)
    started(first)
    first.tap({"action": "roll"}, None)
    started(shell_over(store))
    before = {k: v for k, v in store.data.items()}
    shell = shell_over(store, wishes={"puzzle": code})
    commands = started(shell)
    assert not shell.session.drilling and shell.ui.game.phase is Phase.PLACING
    said = json.dumps([c.node.children[0].text for c in commands if type(c).__name__ == "Notice"])
    assert EN[f"notice.{notice}"] in said
    assert {k: v for k, v in store.data.items() if k != "magdagdon.v1.frame"} == {
        k: v for k, v in before.items() if k != "magdagdon.v1.frame"
    }


def test_send_from_a_review_hands_the_decision_on_show_with_its_loss():
    shell = shell_over(player([(Difficulty.PEACEFUL, 7)]).session.records.store)
    started(shell)
    shell.tap({"action": "stats"}, None)
    shell.tap({"action": "review", "value": "game:1"}, None)
    for _ in shell.ui.review.steps():
        pass
    view = shell.ui.view().shows
    decision = view.decision
    assert view.code == encode(decision.before, decision.loss)
    (share,) = of(Share, shell.tap({"action": "send-puzzle", "value": view.code}, None))
    (text,) = share.text
    assert share.link == f"https://example.test/game/?puzzle={view.code}"
    assert text.endswith(share.link) and share.picture is None
    assert EN["puzzle.send.dice"].split("{")[0] in text
    # a forged value sends nothing
    assert of(Share, shell.tap({"action": "send-puzzle", "value": "X" * 16}, None)) == []


def test_send_is_offered_only_where_a_decision_is_on_show():
    ui = player([])
    assert not ui.controls().actions["send-puzzle"].enabled
    assert not ui.press("send-puzzle", encode(run(day_steps(TODAY)).game))


# -- the record ---------------------------------------------------------------------------------
def test_the_days_first_answer_counts_and_another_tabs_first_stays_first():
    store = MemoryStore()
    mine, theirs = Answers(Keeper(store)), Answers(Keeper(store))
    assert theirs.answer(TODAY, 30)
    assert not mine.answer(TODAY, 0)  # (the other tab answered first: its answer stands)
    assert mine.record.days == {TODAY: 30}
    assert mine.answer(TOMORROW, 0) and Answers(Keeper(store)).record.days == {
        TODAY: 30,
        TOMORROW: 0,
    }


def test_the_streak_runs_to_today_or_yesterday_and_the_best_is_kept():
    record = Record({"2026-11-01": 0, "2026-11-02": 5, "2026-11-03": 0, "2026-11-28": 9})
    record.answer("2026-11-29", 0)
    record.answer("2026-11-30", 12)
    counts = record.counts("2026-12-01")
    assert (counts.streak, counts.best, counts.answered, counts.matched) == (3, 3, 6, 3)
    assert counts.today is None and record.counts("2026-11-30").today == 12
    assert record.counts("2026-12-02").streak == 0


@pytest.mark.parametrize(
    "raw",
    [
        "{",
        "[]",
        '{"schema": 2, "days": {}}',
        '{"schema": 1, "days": []}',
        '{"schema": 1, "days": {"2026-13-01": 0}}',
        '{"schema": 1, "days": {"2026-12-01": -1}}',
        '{"schema": 1, "days": {"2026-12-01": true}}',
        '{"schema": 1, "days": {"20261201": 0}}',
    ],
)
def test_a_damaged_record_is_said_and_replaced_by_the_next_answer(raw):
    store = MemoryStore({ANSWERS_KEY: raw})
    notices: list[str] = []
    kept = Answers(Keeper(store), notices)
    assert kept.record.days == {}
    if '"schema": 2' in raw:
        assert notices == [] and kept.answer(TODAY, 0)  # (counted here, never stored over)
        assert store.data[ANSWERS_KEY] == raw
        return
    assert notices == ["dropped-puzzles"]
    assert kept.answer(TODAY, 4) and json.loads(store.data[ANSWERS_KEY])["days"] == {TODAY: 4}


def test_the_record_keeps_its_latest_days_within_bounds():
    record = Record()
    from datetime import date, timedelta

    first = date(2020, 1, 1)
    for n in range(MOST_DAYS + 5):
        record.answer((first + timedelta(days=n)).isoformat(), n % 7)
    assert (
        len(record.days) == MOST_DAYS
        and min(record.days) == (first + timedelta(days=5)).isoformat()
    )
    assert Record.parse(json.loads(record.to_json())) == record


def test_a_games_end_offers_todays_puzzle_until_it_is_answered():
    ui = player([(Difficulty.SURVIVAL, 4)])
    ui.dialog = "over"
    assert ui.controls().actions["puzzle"].shown
    ui.ui.answers.answer(TODAY, 12)
    assert not ui.controls().actions["puzzle"].shown
    ui.dialog = "stats"  # (always there in the statistics)
    assert ui.controls().actions["puzzle"].shown and ui.controls().actions["puzzle"].enabled


def test_a_backup_carries_the_puzzles_answered_and_an_import_keeps_hers_first():
    from magdagdon.backup import code_of, file_of, import_into, parse, parse_file

    mine = player([(Difficulty.PEACEFUL, 2)])
    mine.ui.answers.answer("2026-11-29", 0)
    mine.ui.answers.answer("2026-11-30", 40)
    for read in (parse(code_of(mine.session)), parse_file(file_of(mine.session))):
        assert read["puzzles"].days == {"2026-11-29": 0, "2026-11-30": 40}
    theirs = player([])
    theirs.ui.answers.answer("2026-11-30", 3)  # (this browser answered that day first)
    theirs.ui.answers.answer(TODAY, 7)
    import_into(theirs.session, code_of(mine.session))
    theirs.ui.emit(Effect.IMPORTED)  # (as the backup part says)
    days = {"2026-11-29": 0, "2026-11-30": 3, TODAY: 7}
    assert theirs.ui.answers.record.days == days
    assert json.loads(theirs.session.records.store.data[ANSWERS_KEY])["days"] == days
    assert theirs.ui.answers.record.counts(TODAY).streak == 3
    empty = parse(code_of(player([]).session))
    assert "puzzles" not in empty  # (a browser with none carries none)


def test_the_verdict_says_why_the_coachs_power_is_worth_it_as_hint_says_it():
    from magdagdon.ui.paint import PAINTERS

    from .test_painters import words

    ui = player([])
    ui.session.today = Clock("2026-12-07")  # (its puzzle: MAGDAGDON, the coach's −1 rescues it)
    position = todays(ui).game
    natural = run(natural_steps(position))
    answer(ui, natural)
    view = graded(ui)
    assert view.decision.coach.actions[-1].startswith("dec") and not view.decision.same
    assert view.why == "hint.why.power-change"
    table = ui.controls().actions
    drawn = {(e, w): v for e, w, v in PAINTERS["puzzle"](words(), view, table)}
    assert drawn[("id:puzzle-said", "text")].endswith(" " + EN["hint.why.power-change"])
    answer_again = suggest(position)
    ui.press("puzzle-again")
    answer(ui, answer_again)
    assert graded(ui).why is None  # (hers was the coach's: nothing to explain)
