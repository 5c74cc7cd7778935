"""The daily roll and the challenge in the interface controller (``magdagdon.ui.Controller``):
the daily entry (D) from the ordinary game and back, today's kept daily, the question before
another day's daily in progress is ended, PLAY AGAIN as practice, NEW GAME from the daily, the
daily entry's marks, the daily link's question, the score to beat and the verdict, the daily
tab of the best scores and statistics, watching and replaying a daily.

Every test drives a real :class:`Session` over an in-memory store, with a clock a test can
move; games are played to the end by taps or by the greedy player, so every score is the
engine's.
"""

from __future__ import annotations

import pytest

from magdagdon.daily import daily_seed
from magdagdon.game import Game, Phase
from magdagdon.records import DAILY, DAILY_KEY
from magdagdon.rules import Difficulty
from magdagdon.session import Wish
from magdagdon.ui import Controller, Message

from .controllers import finish_on_screen, play_to_the_end
from .greedy import daily_game, finished
from .sessions import TODAY, TOMORROW, YESTERDAY, Clock, new_session, reload

PEACEFUL, SURVIVAL, NIGHTMARE = Difficulty.PEACEFUL, Difficulty.SURVIVAL, Difficulty.NIGHTMARE


def fresh_daily(day: str) -> Game:
    return Game.new(SURVIVAL, daily_seed(day))


def in_progress(today: str | Clock = TODAY) -> Controller:
    """A controller on an ordinary PEACEFUL game in progress (rolled, a die chosen)."""
    ui = Controller(new_session(today=today, seed=3))
    ui.press("roll")
    ui.take_effects()
    assert ui.session.in_progress and ui.selected is not None
    return ui


def with_daily_of(day: str, moves: int) -> Controller:
    """An ordinary game in progress on screen, and the daily of ``day`` kept with ``moves`` of
    its greedy game played (all of them: finished)."""
    ui = in_progress()
    ui.session.start_daily(day)
    for move in daily_game(day).moves[:moves]:
        ui.session.apply(move)
    ui.session.show_game()
    return reload(ui)


# -- the daily entry --------------------------------------------------------------------------
def test_the_daily_entry_starts_todays_daily_at_once_and_keeps_the_ordinary_game():
    ui = in_progress()
    ordinary = ui.game
    assert ui.press("daily")
    assert ui.game == fresh_daily(TODAY)
    assert (ui.games.mode().day, ui.games.mode().practice, ui.dialog, ui.selected, ui.asked) == (
        TODAY,
        False,
        None,
        None,
        None,
    )
    assert ui.scores.tab == DAILY
    assert ui.status() == Message("status.roll")
    assert ui.session.in_progress and ui.games.mode().resumes
    assert reload(ui).games.mode().day == TODAY
    ui.press("daily")  # and back
    assert (ui.game, ui.games.mode().day, ui.scores.tab) == (ordinary, None, PEACEFUL)
    assert ui.selected == 0  # the game behind is ready to play on
    assert ui.session.daily.game == fresh_daily(TODAY)


@pytest.mark.parametrize("key", ["d", "D"])
def test_d_opens_the_daily_and_d_again_goes_back(key):
    ui = in_progress()
    ordinary = ui.game
    assert ui.key(key)
    assert ui.games.mode().day == TODAY
    ui.press("roll")
    daily = ui.game
    assert ui.key(key)
    assert (ui.game, ui.games.mode().day) == (ordinary, None)
    assert ui.key(key)
    assert (ui.game, ui.games.mode().day) == (daily, TODAY)  # the daily kept, resumed


def test_d_is_left_to_an_open_dialog():
    ui = in_progress()
    ui.press("settings")
    assert not ui.key("d")
    assert ui.games.mode().day is None


def test_the_daily_entry_is_pressed_while_the_daily_is_on_screen():
    ui = in_progress()
    assert ui.controls().actions["daily"].pressed is False
    ui.press("daily")
    assert ui.controls().actions["daily"].pressed is True
    assert ui.controls().actions["daily"].enabled and ui.controls().actions["daily"].shown
    ui.press("daily")
    assert ui.controls().actions["daily"].pressed is False


def test_todays_finished_daily_reopens_on_its_over_dialog():
    ui = Controller(new_session(seed=3))
    ui.press("daily")
    effects = play_to_the_end(ui)
    assert "over" in effects
    assert (ui.dialog, ui.scores.tab) == ("over", DAILY)
    score = ui.game.score
    ui.press("close")
    ui.press("daily")  # back to the ordinary game
    assert ui.games.mode().day is None and ui.dialog is None
    ui.press("daily")  # today's daily is the finished one, not a new one
    assert (ui.games.mode().day, ui.game.is_over, ui.game.score) == (TODAY, True, score)
    assert ui.dialog == "over"
    assert [(p.daily, p.practice) for p in ui.session.history().records] == [(TODAY, False)]


def test_todays_kept_daily_brought_back_by_d_is_still_on_screen_after_a_reload():
    ui = in_progress()
    ui.press("daily")
    ui.press("roll")
    ui.press("daily")
    ui.press("daily")
    assert ui.games.mode().day == TODAY
    assert reload(ui).games.mode().day == TODAY


def test_another_days_daily_in_progress_is_ended_only_after_a_yes():
    ui = with_daily_of(YESTERDAY, 3)
    ordinary, kept = ui.game, ui.session.daily.game
    assert ui.press("daily")
    assert (ui.dialog, ui.asked) == ("confirm-new", Wish(SURVIVAL, None, TODAY))
    assert (ui.game, ui.games.mode().day) == (ordinary, None)
    table = ui.controls().actions
    assert table["confirm-yes"].enabled and table["confirm-no"].enabled
    ui.press("confirm-no")
    assert (ui.dialog, ui.asked, ui.game) == (None, None, ordinary)
    assert ui.session.daily.day == YESTERDAY and ui.session.daily.game == kept
    ui.press("daily")
    ui.press("close")  # closing is a no as well
    assert ui.session.daily.game == kept
    ui.press("daily")
    ui.press("confirm-yes")
    assert (ui.dialog, ui.asked) == (None, None)
    assert (ui.game, ui.games.mode().day, ui.games.mode().practice) == (
        fresh_daily(TODAY),
        TODAY,
        False,
    )
    assert ui.scores.tab == DAILY
    assert ui.session.show_game() == ordinary  # the ordinary game was never in question


def test_another_days_finished_daily_gives_way_to_todays_at_once():
    ui = with_daily_of(YESTERDAY, 10_000)
    assert ui.session.daily.game.is_over
    ui.press("daily")
    assert ui.dialog is None
    assert (ui.game, ui.games.mode().day, ui.games.mode().practice) == (
        fresh_daily(TODAY),
        TODAY,
        False,
    )


def test_another_days_daily_not_started_gives_way_to_todays_at_once():
    ui = with_daily_of(YESTERDAY, 0)
    ui.press("daily")
    assert ui.dialog is None
    assert (ui.game, ui.games.mode().day) == (fresh_daily(TODAY), TODAY)


# -- play again, new game ---------------------------------------------------------------------
def test_play_again_is_shown_only_once_the_daily_is_over():
    ui = Controller(new_session(seed=3))
    assert not ui.controls().actions["daily-again"].shown
    ui.press("daily")
    assert not ui.controls().actions["daily-again"].shown
    ui.press("roll")
    assert not ui.controls().actions["daily-again"].shown
    play_to_the_end(ui)
    again = ui.controls().actions["daily-again"]
    assert again.shown and again.enabled


def test_play_again_pressed_before_the_end_changes_nothing():
    ui = Controller(new_session(seed=3))
    ui.press("daily")
    ui.press("roll")
    before = (ui.game, ui.dialog, ui.games.mode().day, ui.games.mode().practice)
    assert ui.game.moves
    ui.press("daily-again")
    assert (ui.game, ui.dialog, ui.games.mode().day, ui.games.mode().practice) == before
    assert not ui.controls().actions["daily-again"].enabled


def test_play_again_after_an_ordinary_game_does_nothing():
    ui = Controller(new_session(seed=3))
    play_to_the_end(ui)
    assert not ui.controls().actions["daily-again"].shown
    before = (ui.game, ui.dialog, ui.games.mode().day, ui.session.daily)
    ui.press("daily-again")
    assert (ui.game, ui.dialog, ui.games.mode().day, ui.session.daily) == before


def test_play_again_deals_the_same_days_dice_as_practice():
    ui = Controller(new_session(seed=3))
    ui.press("daily")
    play_to_the_end(ui)
    assert ui.controls().actions["daily-again"].enabled
    assert ui.session.rank() == 1 and not ui.games.mode().practice
    assert ui.press("daily-again")
    assert (ui.game, ui.games.mode().day, ui.games.mode().practice) == (
        fresh_daily(TODAY),
        TODAY,
        True,
    )
    assert (ui.dialog, ui.scores.tab) == (None, DAILY)
    play_to_the_end(ui)
    assert ui.session.rank() is None  # practice stands in no table
    records = ui.session.history().records
    assert [(p.daily, p.practice) for p in records] == [(TODAY, False), (TODAY, True)]
    assert len(ui.scores.best(DAILY)) == 1
    assert ui.session.streak() == (1, 1)


def test_play_again_on_a_past_day_stays_on_that_day():
    ui = Controller(new_session(day=YESTERDAY))
    assert ui.games.mode().practice
    play_to_the_end(ui)
    ui.press("daily-again")
    assert (ui.game, ui.games.mode().day, ui.games.mode().practice) == (
        fresh_daily(YESTERDAY),
        YESTERDAY,
        True,
    )


def test_new_game_on_the_daily_goes_back_to_the_ordinary_game_in_progress():
    ui = in_progress()
    ordinary = ui.game
    ui.press("daily")
    ui.press("roll")
    daily = ui.game
    assert ui.games.mode().resumes
    assert ui.key("n")  # (N works mid-game; the button is shown once the game is over)
    assert (ui.game, ui.games.mode().day, ui.dialog, ui.asked) == (ordinary, None, None, None)
    assert not ui.games.mode().resumes
    assert ui.session.daily.game == daily  # the daily is kept, not ended


def test_new_game_at_the_end_of_the_daily_starts_an_ordinary_game_of_the_set_difficulty():
    ui = Controller(new_session(seed=5, difficulty=NIGHTMARE))
    ui.press("daily")
    play_to_the_end(ui)
    assert not ui.games.mode().resumes
    assert ui.controls().actions["new-game"].shown
    ui.press("new-game")
    assert (ui.games.mode().day, ui.dialog) == (None, None)
    assert (ui.game.difficulty, ui.game.moves) == (NIGHTMARE, ())
    assert ui.game.seed != 5  # a new game, not the one left before the daily
    assert ui.scores.tab is NIGHTMARE
    assert ui.session.daily.game.is_over  # the finished daily stays kept (D shows it)


def test_another_difficulty_on_the_daily_asks_before_ending_the_ordinary_game():
    ui = in_progress()
    ordinary = ui.game
    ui.press("daily")
    ui.press("difficulty", "survival")  # the daily's own difficulty: an ordinary game of it
    assert (ui.dialog, ui.asked) == ("confirm-new", Wish(SURVIVAL, None))
    ui.press("confirm-no")
    assert ui.games.mode().day == TODAY
    ui.press("difficulty", "survival")
    ui.press("confirm-yes")
    assert (ui.games.mode().day, ui.game.difficulty, ui.game.moves) == (None, SURVIVAL, ())
    assert ui.game != ordinary
    assert ui.session.daily.day == TODAY


# -- the daily entry's mark -------------------------------------------------------------------
def test_the_daily_entry_is_marked_while_todays_daily_awaits():
    clock = Clock(TODAY)
    ui = Controller(new_session(today=clock, seed=3))
    assert ui.daily.awaits and ui.controls().actions["daily"].marked  # none played yet
    ui.press("daily")
    ui.press("roll")
    assert ui.controls().actions["daily"].marked  # begun, not finished
    play_to_the_end(ui)
    assert not ui.daily.awaits
    assert not ui.controls().actions["daily"].marked
    ui.press("daily")  # back to the ordinary game: still done for today
    assert not ui.controls().actions["daily"].marked
    clock.day = TOMORROW  # a new day, new dice
    assert ui.daily.awaits and ui.controls().actions["daily"].marked


def test_the_mark_stays_off_once_todays_official_daily_is_done_whatever_is_played_after(store):
    ui = Controller(new_session(store, seed=3))
    ui.press("daily")
    play_to_the_end(ui)
    assert not ui.daily.awaits
    ui = Controller(new_session(store, day=YESTERDAY))  # a friend's link to yesterday's dice
    assert (ui.games.mode().day, ui.games.mode().practice) == (YESTERDAY, True)
    assert not ui.daily.awaits
    assert not ui.controls().actions["daily"].marked
    assert not reload(ui).daily.awaits  # and after a reload
    ui.press("daily")  # (the ordinary game behind it)
    ui.press("daily")  # today's dice again: practice
    assert (ui.games.mode().day, ui.games.mode().practice) == (TODAY, True)
    ui.press("roll")
    assert not ui.controls().actions["daily"].marked


# -- the daily link ---------------------------------------------------------------------------
def test_a_daily_link_while_another_days_daily_is_in_progress_is_asked_about():
    ui = with_daily_of(YESTERDAY, 3)
    kept = ui.session.daily.game
    ui = reload(ui, day=TODAY, vs=80)
    assert ui.dialog == "confirm-url"
    assert (ui.games.pending().day, ui.games.pending().difficulty) == (TODAY, SURVIVAL)
    assert (ui.game, ui.games.mode().day) == (kept, YESTERDAY)  # the daily in question, behind it
    ui.press("confirm-no")
    assert (ui.dialog, ui.games.pending().day) == (None, None)
    assert (ui.game, ui.games.mode().day) == (kept, YESTERDAY)
    ui = reload(ui, day=TODAY, vs=80)
    ui.press("confirm-yes")
    assert (ui.dialog, ui.games.pending().day) == (None, None)
    assert (ui.game, ui.games.mode().day, ui.games.mode().practice, ui.games.mode().target) == (
        fresh_daily(TODAY),
        TODAY,
        False,
        80,
    )
    assert ui.scores.tab == DAILY


def test_a_finished_daily_reloaded_opens_on_its_over_dialog_in_the_daily_tab():
    ui = finish_on_screen(Controller(new_session(day=TODAY)))
    assert (ui.games.mode().day, ui.dialog, ui.scores.tab) == (TODAY, "over", DAILY)
    assert ui.controls().actions["daily-again"].enabled
    assert ui.session.rank() == 1


# -- the challenge ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("offset", "key"), [(-7, "challenge.won"), (0, "challenge.tied"), (5, "challenge.lost")]
)
@pytest.mark.parametrize("daily", [True, False], ids=["daily", "ordinary"])
def test_the_verdict_weighs_the_final_score_against_the_one_to_beat(offset, key, daily):
    game = daily_game(YESTERDAY) if daily else finished(NIGHTMARE, 11)
    target = game.score + offset
    wishes = {"day": YESTERDAY} if daily else {"seed": 11, "difficulty": NIGHTMARE}
    ui = Controller(new_session(vs=target, **wishes))
    assert ui.games.mode().target == target
    assert ui.over.verdict() is None  # not over yet
    ui = finish_on_screen(ui)
    assert ui.game == game
    assert ui.games.mode().target == target  # kept with the game across the reload
    params = {"target": target} if offset == 0 else {"by": abs(offset), "target": target}
    assert ui.over.verdict() == Message(key, params)


def test_a_negative_score_to_beat_is_weighed_as_well():
    game = next(g for g in (finished(NIGHTMARE, s) for s in range(200)) if g.score < 0)
    ui = Controller(new_session(seed=game.seed, difficulty=NIGHTMARE, vs=game.score - 10))
    ui = finish_on_screen(ui)
    assert ui.over.verdict() == Message("challenge.won", {"by": 10, "target": game.score - 10})


def test_no_verdict_without_a_score_to_beat():
    ui = finish_on_screen(Controller(new_session(day=YESTERDAY)))
    assert ui.game.is_over
    assert (ui.games.mode().target, ui.over.verdict()) == (None, None)


def test_the_score_to_beat_belongs_to_its_game():
    ui = Controller(new_session(seed=3))
    ui.press("roll")
    ui = reload(ui, day=TODAY, vs=212)
    assert (ui.games.mode().day, ui.games.mode().target) == (TODAY, 212)
    ui.press("daily")  # the ordinary game has none
    assert (ui.games.mode().day, ui.games.mode().target) == (None, None)
    ui.press("daily")
    assert ui.games.mode().target == 212
    ui.press("new-game")  # (the ordinary game in progress)
    ui.press("new-game")
    ui.press("confirm-yes")
    assert (ui.games.mode().day, ui.games.mode().target) == (None, None)


# -- scores, statistics, watching -------------------------------------------------------------
def played_dailies(clock: Clock) -> Controller:
    """Official dailies on the 29th and 30th, a practice of the 30th, an ordinary SURVIVAL
    game; today is the 30th and the ordinary game is on screen."""
    clock.day = "2026-11-29"
    ui = Controller(new_session(today=clock, seed=5, difficulty=SURVIVAL))
    for day, again in (("2026-11-29", False), ("2026-11-30", False), ("2026-11-30", True)):
        clock.day = "2026-11-30" if again else day
        ui.session.start_daily(day)
        assert ui.session.practice is again
        for move in daily_game(day).moves:
            ui.session.apply(move)
    ui.session.show_game()
    for move in finished(SURVIVAL, 5).moves:
        ui.session.apply(move)
    return reload(ui)


def test_the_daily_tab_shows_the_official_dailies_and_the_survival_tab_none():
    ui = played_dailies(Clock(TODAY))
    assert ui.scores.tab is SURVIVAL
    ui.press("scores")
    assert ui.scores.tab is SURVIVAL
    ui.press("scores-tab", "daily")
    assert ui.scores.tab == DAILY
    table = ui.scores.best(DAILY)
    want = sorted(
        ((daily_game(d).score, d) for d in ("2026-11-29", "2026-11-30")),
        key=lambda pair: (-pair[0], pair[1]),
    )
    assert [(e.score, e.date) for e in table] == want
    assert {e.seed for e in table} == {daily_seed("2026-11-29"), daily_seed("2026-11-30")}
    assert [e.seed for e in ui.scores.best(SURVIVAL)] == [5]
    assert ui.scores.watchable(DAILY) == [True, True]
    ui.press("scores-tab", "survival")
    assert ui.scores.tab is SURVIVAL


def test_the_scores_open_on_the_daily_tab_while_the_daily_is_on_screen():
    ui = in_progress()
    ui.press("daily")
    ui.press("scores")
    assert (ui.dialog, ui.scores.tab) == ("scores", DAILY)
    ui.press("scores-tab", "nightmare")
    ui.press("close")
    ui.press("daily")
    ui.press("scores")
    assert ui.scores.tab is PEACEFUL


def test_the_daily_statistics_are_of_the_official_dailies():
    clock = Clock(TODAY)
    ui = played_dailies(clock)
    ui.press("scores")
    ui.press("scores-tab", "daily")
    ui.press("stats")
    assert ui.dialog == "stats"
    figures, scores = ui.scores.statistics()
    assert figures.daily and figures.difficulty is None
    assert scores == [daily_game("2026-11-29").score, daily_game("2026-11-30").score]
    assert (figures.games, figures.streak, figures.longest_streak) == (2, 2, 2)  # today: 30th
    assert (figures.streak, figures.longest_streak) == ui.session.streak()
    clock.day = "2026-12-02"  # a day without a daily in between: the run is over
    assert (ui.scores.statistics()[0].streak, ui.scores.statistics()[0].longest_streak) == (0, 2)
    assert ui.session.streak() == (0, 2)
    ui.press("scores-tab", "survival")
    figures, scores = ui.scores.statistics()
    assert (figures.games, scores) == (1, [finished(SURVIVAL, 5).score])


def test_the_recent_games_of_the_daily_tab_are_daily_games_and_of_survival_not():
    ui = played_dailies(Clock(TODAY))
    ui.press("scores-tab", "daily")
    recent = ui.scores.recent()
    assert recent and all(played.daily is not None for _, played in recent)
    assert recent[0][0] > recent[-1][0]  # newest first
    records = ui.session.history().records
    assert all(records[n - 1] is played for n, played in recent)
    ui.press("scores-tab", "survival")
    assert [played.seed for _, played in ui.scores.recent()] == [5]


def test_the_best_daily_is_watched_move_by_move():
    ui = played_dailies(Clock(TODAY))
    best = max(("2026-11-29", "2026-11-30"), key=lambda d: (daily_game(d).score, d < "2026-11-30"))
    ui.press("watch", "daily:1")
    assert ui.dialog == "watch" and ui.watch.at == 0
    assert ui.watch.watched[0].game == fresh_daily(best)
    assert ui.watch.watched[-1].game.board == daily_game(best).board
    assert len(ui.watch.watched) == len(daily_game(best).moves) + 1
    ui.press("close")
    before = (ui.dialog, ui.watch.watched)
    for value in ("daily:3", "daily:0", "daily:x", "daily:"):
        ui.press("watch", value)
        assert (ui.dialog, ui.watch.watched) == before


def test_a_days_daily_is_replayed_from_the_scores_as_practice():
    ui = played_dailies(Clock(TODAY))
    ui.press("scores")
    ui.press("replay", "daily:2026-11-29")
    assert (ui.dialog, ui.games.mode().day, ui.games.mode().practice) == (None, "2026-11-29", True)
    assert ui.game == fresh_daily("2026-11-29")


@pytest.mark.parametrize("value", ["daily:2026-12-02", "daily:2026-02-30", "daily:", "daily"])
def test_a_daily_replay_of_no_past_day_is_ignored(value):
    ui = in_progress()
    before = (ui.game, ui.dialog, ui.games.mode().day, ui.asked)
    ui.press("replay", value)
    assert (ui.game, ui.dialog, ui.games.mode().day, ui.asked) == before


def test_a_daily_replay_asks_before_ending_another_daily_in_progress():
    ui = with_daily_of(YESTERDAY, 3)
    ui.press("replay", f"daily:{TODAY}")
    assert (ui.dialog, ui.asked) == ("confirm-new", Wish(SURVIVAL, None, TODAY))
    ui.press("confirm-yes")
    assert (ui.game, ui.games.mode().day, ui.games.mode().practice) == (
        fresh_daily(TODAY),
        TODAY,
        False,
    )


def test_the_streak_is_told_from_the_official_dailies_over_the_days():
    clock = Clock("2026-12-30")
    ui = Controller(new_session(today=clock, seed=3))
    for day in ("2026-12-30", "2026-12-31", "2027-01-01"):
        clock.day = day
        assert ui.games.mode().day is None
        ui.press("daily")  # yesterday's daily is over: today's starts at once
        assert (ui.games.mode().day, ui.games.mode().practice) == (day, False)
        play_to_the_end(ui)
        ui.press("close")
        ui.press("daily")  # back to the ordinary game
    assert ui.session.streak() == (3, 3)
    clock.day = "2027-01-03"
    assert ui.session.streak() == (0, 3)


# -- another tab ------------------------------------------------------------------------------
def test_this_tab_follows_the_daily_the_other_tab_started():
    ui = in_progress()
    ordinary = ui.game
    other = new_session(ui.session.records.store)
    other.start_daily(TODAY)
    other.apply("roll")
    assert ui.games.follow(DAILY_KEY)
    assert ui.message == Message("notice.other-tab")
    assert (ui.game, ui.games.mode().day) == (other.game, TODAY)
    assert ui.game.phase is Phase.PLACING
    ui.press("daily")
    assert ui.game == ordinary
