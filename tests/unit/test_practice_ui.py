"""PRACTISE in the interface (magdagdon/ui/practice.py): a reviewed game's costly decisions put
back on the board one after another, played by the same taps as a game, graded in steps by the
review's value function; the verdict, TRY AGAIN, NEXT POSITION and LEAVE; nothing of a practice
position kept as a game."""

from __future__ import annotations

import dataclasses
import json

import pytest

from magdagdon.effects import OUTWARD, Effect
from magdagdon.game import Game, Phase
from magdagdon.positions import COSTLY, costly, game_key
from magdagdon.practice import SOLVED_BELOW
from magdagdon.records import GAME_KEY, HISTORY_KEY, PRACTICE_KEY
from magdagdon.review import judge, review
from magdagdon.rules import Difficulty
from magdagdon.ui.hints import EFFECT_OF
from magdagdon.ui.practice import PracticeView

from .greedy import finished
from .sessions import TODAY, TOMORROW, Clock, play_daily, player, reload

SEED = 7
PEACEFUL = Difficulty.PEACEFUL


@pytest.fixture(scope="module")
def expected():
    """The game of the tests below, reviewed at once by the pure module."""
    game = finished(PEACEFUL, SEED)
    return review(PEACEFUL, SEED, game.moves)


def reviewed(clock=None):
    """A player whose finished game was reviewed to its end on the game-over screen."""
    ui = player([(PEACEFUL, SEED)])
    if clock is not None:
        ui.session.today = clock
    ui.dialog = "over"
    assert ui.press("review", "over")
    for _ in ui.review.steps():
        pass
    return ui


def answer(ui, actions) -> None:
    """Play ``actions`` on the board as the taps would (each with its effect)."""
    for action in actions:
        assert ui.ui.apply(action, EFFECT_OF.get(action.split()[0])), action


def graded(ui) -> PracticeView:
    assert Effect.PRACTICE in OUTWARD and Effect.PRACTICE in ui.take_effects()
    steps = list(ui.practice.steps())
    assert steps[-1] is True and not any(steps[:-1])
    view = ui.view().shows
    assert ui.dialog == "practice" and isinstance(view, PracticeView) and not view.grading
    return view


def costly_decisions(expected):
    return [d for d in expected.decisions if d.loss >= COSTLY]


def test_a_reviewed_games_costly_decisions_wait_to_be_practised(expected):
    ui = reviewed()
    record = ui.ui.practice.record
    played = ui.session.history().records[-1]
    assert set(record.cards) == set(costly(played, expected)) and record.cards
    assert [c.id for c in record.waiting(TODAY)] == costly(played, expected)  # in playing order
    assert ui.controls().actions["practise"].enabled  # offered on the review
    stored = json.loads(ui.session.records.store.data[PRACTICE_KEY])
    assert set(stored["cards"]) == set(record.cards)
    assert list(stored["scanned"]) == [game_key(played)]
    assert stored["scanned"][next(iter(stored["scanned"]))][1:] == [
        expected.matched,
        len(expected.decisions),
    ]


def test_practise_puts_the_first_position_on_the_board_as_it_stood(expected):
    ui = reviewed()
    behind = ui.session.records.store.data[GAME_KEY]
    assert ui.press("practise", "review")
    first = costly_decisions(expected)[0]
    game = ui.game
    assert game == first.before  # the board, the dice, the phase, the powers left
    assert ui.session.drilling and ui.view().mode.drill and ui.dialog is None
    actions = ui.controls().actions
    assert not actions["hint"].shown and not actions["hint"].enabled  # no coach to ask
    assert actions["practice-leave"].shown and actions["practice-leave"].enabled
    assert ui.session.records.store.data[GAME_KEY] == behind  # her own game kept as it was


def test_the_coachs_own_move_solves_the_position_with_a_loss_of_zero(expected):
    ui = reviewed()
    ui.press("practise", "review")
    first = costly_decisions(expected)[0]
    answer(ui, first.coach.actions)
    assert ui.game == first.before  # the position is back under the verdict
    view = graded(ui)
    assert view.solved and view.decision.loss == 0
    assert view.decision.coach == first.coach
    card = ui.ui.practice.record.cards[ui.practice.drill.name]
    assert [t.loss for t in card.tries] == [0] and card.due == TOMORROW
    assert view.left == len(costly_decisions(expected)) - 1


def test_her_own_move_again_gets_the_reviews_loss_and_is_not_solved(expected):
    ui = reviewed()
    ui.press("practise", "review")
    first = costly_decisions(expected)[0]
    answer(ui, first.player.actions)
    view = graded(ui)
    assert not view.solved and view.decision.loss == first.loss
    assert view.decision.loss == judge(first.before, first.player.actions).loss
    assert ui.controls().actions["practice-again"].enabled
    ui.press("practice-again")
    assert ui.dialog is None and ui.game == first.before and ui.practice.verdict is None
    answer(ui, first.coach.actions)
    assert graded(ui).solved
    tries = ui.ui.practice.record.cards[ui.practice.drill.name].tries
    assert [t.loss for t in tries] == [first.loss, 0]


def test_next_position_then_leave_brings_her_game_back(expected):
    ui = reviewed()
    ui.press("practise", "review")
    decisions = costly_decisions(expected)
    answer(ui, decisions[0].coach.actions)
    graded(ui)
    assert ui.press("practice-next")
    assert ui.game == decisions[1].before and ui.dialog is None
    assert ui.press("practice-leave")
    assert not ui.session.drilling and ui.game.is_over and ui.game == finished(PEACEFUL, SEED)
    assert ui.dialog == "over"


def test_a_position_played_to_the_games_end_is_never_kept_as_a_game(expected):
    ui = reviewed()
    history = ui.session.records.store.data[HISTORY_KEY]
    game_text = ui.session.records.store.data[GAME_KEY]
    ui.press("practise", "review")
    last = costly_decisions(expected)[-1]
    ui.practice.queue = [ui.practice.queue[-1]]
    ui.practice._next()
    assert ui.game == last.before
    answer(ui, last.coach.actions)
    graded(ui)
    data = ui.session.records.store.data
    assert data[HISTORY_KEY] == history and data[GAME_KEY] == game_text


def test_a_reload_during_practice_opens_her_own_game(expected):
    ui = reviewed()
    ui.press("practise", "review")
    answer(ui, costly_decisions(expected)[0].player.actions[:-1])  # staged, not confirmed
    again = reload(ui)
    assert not again.session.drilling and again.game == finished(PEACEFUL, SEED)
    assert len(again.ui.practice.record.waiting(TODAY)) == len(costly_decisions(expected))


def test_solved_positions_wait_again_tomorrow_and_not_today(expected):
    clock = Clock(TODAY)
    ui = reviewed(clock)
    ui.press("practise", "review")
    count = len(costly_decisions(expected))
    for n in range(count):
        drill = ui.practice.drill
        first = next(d for d in expected.decisions if d.before == drill.before)
        answer(ui, first.coach.actions)
        assert graded(ui).left == count - n - 1
        assert ui.controls().actions["practice-next"].enabled is (n < count - 1)
        ui.press("practice-next")
    assert ui.ui.practice.record.waiting(TODAY) == []
    ui.press("practice-leave")
    assert ui.dialog == "over" and not ui.controls().actions["practise"].enabled
    assert not ui.session.drilling
    clock.day = TOMORROW
    again = reload(ui)
    assert len(again.ui.practice.record.waiting(TOMORROW)) == len(costly_decisions(expected))


def test_a_position_whose_game_is_no_longer_kept_goes_and_the_dialog_says_nothing_waits():
    ui = player([])
    record = ui.ui.practice.record
    assert not ui.controls().actions["practise"].enabled
    record.find(["p99.gone.3"], TODAY)
    ui.press("stats")
    assert ui.controls().actions["practise"].enabled
    ui.press("practise")
    assert ui.dialog == "practice" and not ui.session.drilling
    view = ui.view().shows
    assert view.decision is None and not view.grading and view.counts.waiting == 0
    assert "p99.gone.3" not in record.cards
    assert "p99.gone.3" not in ui.session.records.store.data[PRACTICE_KEY]


def test_another_tab_finishing_a_game_leaves_the_practice_position_on_screen(expected):
    ui = reviewed()
    ui.press("practise", "review")
    position = ui.game
    other = reload(ui)
    other.session.new_game(Difficulty.NIGHTMARE, 2)
    other.session.apply("roll")
    assert not ui.games.follow(GAME_KEY)  # the game behind changed; the position stays
    assert ui.game == position and ui.session.drilling
    ui.press("practice-leave")
    assert ui.game.difficulty is Difficulty.NIGHTMARE and ui.game.phase is Phase.PLACING


def test_the_position_is_a_game_of_the_engine(expected):
    """(A position is the engine's own game, not a copy: every rule applies to it.)"""
    first = costly_decisions(expected)[0]
    assert isinstance(first.before, Game)
    assert first.before.phase in (Phase.PLACING, Phase.MAGDAGDON)


def test_the_daily_rolls_end_offers_the_waiting_positions_and_an_ordinary_games_end_does_not():
    ui = reviewed()
    ui.press("review-next")  # (the review stays open: then closed, the game's end is back)
    ui.dialog = "over"
    assert ui.ui.practice.record.waiting(TODAY) and not ui.controls().actions["practise"].enabled
    play_daily(ui.session, TODAY)
    ui.dialog = "over"
    assert ui.session.day == TODAY and ui.game.is_over
    assert ui.controls().actions["practise"].enabled
    assert ui.press("practise") and ui.session.drilling


def test_the_status_line_says_what_practice_asks_under_what_the_phase_asks(expected):
    ui = reviewed()
    ui.press("practise", "review")
    status = ui.view().status
    assert status.key == "status.place" and status.detail == "practice.prompt"
    ui.press("practice-leave")
    assert ui.view().status.detail is None


def test_opening_the_statistics_looks_at_the_latest_games_for_positions():
    ui = player([(PEACEFUL, SEED), (Difficulty.NIGHTMARE, 3)])
    assert not ui.ui.practice.record.cards
    ui.take_effects()
    ui.press("stats")
    assert Effect.PRACTICE_SCAN in OUTWARD and Effect.PRACTICE_SCAN in ui.take_effects()
    marks = list(ui.practice.scan_steps())
    assert marks.count(True) == 2  # a mark a game, newest first
    record = ui.ui.practice.record
    expected = [review(PEACEFUL, SEED, finished(PEACEFUL, SEED).moves)]
    expected.append(review(Difficulty.NIGHTMARE, 3, finished(Difficulty.NIGHTMARE, 3).moves))
    costly_count = sum(d.loss >= COSTLY for summary in expected for d in summary.decisions)
    assert len(record.cards) == costly_count and len(record.scanned) == 2
    assert ui.view().shows.practice.waiting == costly_count
    assert ui.controls().actions["practise"].enabled
    assert list(ui.practice.scan_steps()) == []  # every game looked at already


def test_another_game_shown_while_an_answer_is_graded_drops_the_grading(expected):
    ui = reviewed()
    ui.press("practise", "review")
    name = ui.practice.drill.name
    answer(ui, costly_decisions(expected)[0].player.actions)
    work = ui.practice.steps()
    assert next(work) is False
    assert not ui.controls().actions["practice-leave"].enabled  # (not while it is graded)
    ui.ui.dialog = None
    ui.press("daily")  # today's daily roll instead
    assert not ui.session.drilling and list(work) == []
    assert not ui.ui.practice.record.cards[name].tries  # nothing graded, nothing kept


def test_closing_the_verdict_leaves_the_position_on_the_board_to_try_again(expected):
    ui = reviewed()
    ui.press("practise", "review")
    first = costly_decisions(expected)[0]
    answer(ui, first.player.actions)
    graded(ui)
    ui.press("close")
    assert ui.dialog is None and ui.practice.verdict is None and ui.game == first.before


def test_a_backup_imported_brings_its_practice_record_into_the_screen(expected):
    from magdagdon.backup import code_of, import_into

    ui = reviewed()
    other = player([])
    before = len(other.ui.practice.record.cards)
    import_into(other.session, code_of(ui.session))
    other.ui.emit(Effect.IMPORTED)
    assert before == 0 and set(other.ui.practice.record.cards) == set(ui.ui.practice.record.cards)


def test_a_review_of_a_game_kept_with_its_time_of_day_finds_its_positions_on_that_day(expected):
    import dataclasses

    ui = player([(PEACEFUL, SEED)])
    played = dataclasses.replace(ui.session.history().records[-1], date="2026-11-30T18:05")
    ui.ui.reviewed = (played, expected)
    ui.ui.emit(Effect.REVIEWED)
    record = ui.ui.practice.record
    assert record.cards and {c.found for c in record.cards.values()} == {"2026-11-30"}
    assert {s.day for s in record.scanned.values()} == {"2026-11-30"}


def test_the_reviewed_games_positions_come_first_then_each_waiting_one_once(expected):
    ui = player([(Difficulty.NIGHTMARE, 3), (PEACEFUL, SEED)])
    ui.press("stats")
    list(ui.practice.scan_steps())  # both games' positions wait, the older game's first
    ui.press("close")
    waiting = [c.id for c in ui.ui.practice.record.waiting(TODAY)]
    assert waiting[0].startswith("n3.")
    ui.dialog = "over"
    ui.press("review", "over")
    list(ui.review.steps())
    ui.press("practise", "review")
    mine = [name for name in waiting if name.startswith("p7.")]
    assert ui.practice.queue == mine + [name for name in waiting if name not in mine]
    decisions = costly_decisions(expected)
    answer(ui, decisions[0].coach.actions)  # solved: waits no more today
    graded(ui)
    ui.press("practice-next")
    answer(ui, decisions[1].player.actions)  # not solved: still waiting, but not next
    graded(ui)
    ui.ui.practice.record.forget(mine[3])  # (gone meanwhile, as another tab's record can say)
    ui.press("practice-next")
    assert ui.game == decisions[2].before
    assert ui.practice.queue == [mine[2], *mine[4:]] + [n for n in waiting if n not in mine]
    ui.press("practice-leave")
    ui.press("stats")
    ui.press("practise")  # from the statistics: in waiting order
    assert ui.practice.queue[0] == waiting[0]


def test_the_practice_dialog_says_grading_the_games_day_and_solved_below_the_bound(expected):
    ui = reviewed()
    ui.press("practise", "review")
    first = costly_decisions(expected)[0]
    answer(ui, first.player.actions)
    grading = ui.view().shows
    assert grading.grading and grading.decision is None
    assert grading.day == ui.session.history().records[-1].date[:10] and len(grading.day) == 10
    view = graded(ui)
    assert not view.grading and view.day == grading.day
    ui.practice.verdict = dataclasses.replace(view.decision, loss=SOLVED_BELOW)
    assert not ui.view().shows.solved
    ui.practice.verdict = dataclasses.replace(view.decision, loss=SOLVED_BELOW - 1)
    assert ui.view().shows.solved
