"""The daily roll and the challenge in the page, on an emulated calendar day (Playwright's clock
fakes Date only, so PyScript's timers run on): two fresh browsers on the same day get the same
dice, another day other dice; the daily plays offline after one visit; it is kept beside the
ordinary game (the calendar, or D, switches between them, a reload resumes it), ends official
with its streak, shares as the word games do and plays again as practice; a past day is
practice, a future one refused; a challenge link says the score to beat and, at the end, the
verdict; a bad score to beat is said and left out. The engine (CPython) is the oracle."""

from __future__ import annotations

import json
import re

import pytest

from magdagdon.coach import suggest
from magdagdon.daily import DIFFICULTY, daily_seed
from magdagdon.game import Game
from magdagdon.rules import Difficulty
from magdagdon.share import compact_board, number

from .harness import open_game, open_ready, shot
from .play import (
    calm,
    clear_storage,
    dismiss_notices,
    expect_game,
    open_seeded,
    play_to_end,
    play_turn,
    reload,
    roll,
    saved_game,
    tap,
    view,
    wait_dialog,
    wait_for,
)
from .strategy import en, near_end, simulate

DAY = "2026-12-01"  # "today" in every test here
DAILY_KEY = "magdagdon.v1.daily"
CALENDAR = '.menu [data-action="daily"]'
SW_CONTROLLED = "navigator.serviceWorker.controller !== null"

# Which game is on screen, as _draw_mode draws it.
MODE_JS = """() => {
  const button = document.querySelector('.menu [data-action="daily"]');
  const label = document.querySelector('#score-label');
  return {
    chip: document.querySelector('#difficulty').textContent.trim(),
    label: label.textContent.trim(),
    target: label.dataset.target ?? null,
    daily: document.body.dataset.daily ?? null,
    pressed: button.getAttribute('aria-pressed'),
    waiting: button.dataset.waiting,
  };
}"""

NOTICES_JS = "[...document.querySelectorAll('#notices .notice')].map(n => n.textContent.trim())"

SHARE_STUB = "navigator.share = (data) => { window.__shared = data; return Promise.resolve(); };"


def daily_game(day: str = DAY) -> Game:
    """The daily roll of ``day`` as the engine deals it."""
    assert DIFFICULTY is Difficulty.SURVIVAL
    return Game.new("survival", daily_seed(day))


def dated_page(new_context, day: str = DAY):
    """A fresh phone page (empty storage) whose clock reads ``day``, 10:00, before it loads."""
    context = new_context()
    context.clock.set_fixed_time(f"{day}T10:00:00")
    return calm(context.new_page())


@pytest.fixture
def today(shared_page):
    """The module's page, its clock reading ``DAY``, 10:00, and nothing stored (a fresh browser
    on that day but for its HTTP cache: one browser context for these tests, not one each). The
    tests that ask for a first visit of a browser of their own still make one (dated_page)."""
    page = calm(shared_page)
    page.context.clock.set_fixed_time(f"{DAY}T10:00:00")
    clear_storage(page)
    return page


def mode(page) -> dict:
    return page.evaluate(MODE_JS)


def wait_chip(page, text: str) -> None:
    """Wait until the chip says ``text`` (two fresh games look alike: the chip tells them apart)."""
    wait_for(page, "t => document.querySelector('#difficulty').textContent.trim() === t", text)


def stored(page, key: str) -> dict | None:
    raw = page.evaluate(f"localStorage.getItem({key!r})")
    return None if raw is None else json.loads(raw)


def dice_on_page(page) -> tuple[int, ...]:
    return tuple(d["value"] for d in view(page)["dice"])


def text_of(page, selector: str) -> str:
    return page.text_content(selector).strip()


def shown_date(page, day: str) -> str:
    """``day`` as the page writes it (Intl, medium style, in the page's language)."""
    return page.evaluate(
        "d => new Intl.DateTimeFormat('en', {dateStyle: 'medium'}).format(new Date(d + 'T12:00'))",
        day,
    )


def page_address(page) -> str:
    return page.evaluate("location.origin + location.pathname")


# -- the same dice for everyone on the same day ---------------------------------------------


def test_two_fresh_browsers_on_the_same_day_get_the_same_daily_dice(new_context, site_url):
    seen = {}
    for browser, (day, how) in enumerate(
        [(DAY, "key"), (DAY, "calendar"), ("2026-12-02", "calendar")]
    ):
        page = dated_page(new_context, day)
        open_game(page, site_url)
        assert mode(page)["waiting"] == "true"  # today's dice are waiting
        if how == "key":
            page.keyboard.press("d")
        else:
            tap(page, CALENDAR)
        wait_chip(page, en("daily.chip"))
        game = daily_game(day)
        expect_game(page, game, storage=False)
        assert mode(page)["pressed"] == "true"
        rolled = roll(page, game, storage=False)
        dice = dice_on_page(page)
        assert dice == game.apply("roll").dice == rolled.dice, (browser, day, dice)
        kept = stored(page, DAILY_KEY)
        assert (kept["day"], kept["seed"], kept["practice"]) == (day, daily_seed(day), False)
        seen.setdefault(day, []).append(dice)
        page.context.close()  # (one Pyodide at a time)
    assert seen[DAY][0] == seen[DAY][1]
    assert seen["2026-12-02"][0] != seen[DAY][0]


# -- offline --------------------------------------------------------------------------------------


@pytest.mark.browser_context_args(service_workers="allow")
def test_the_daily_plays_offline_after_one_visit(new_context, site_url):
    page = dated_page(new_context)
    open_game(page, site_url)
    page.wait_for_function(SW_CONTROLLED, timeout=60_000)
    page.context.set_offline(True)
    reload(page)
    assert page.evaluate("navigator.onLine") is False
    tap(page, CALENDAR)
    wait_chip(page, en("daily.chip"))
    game = play_turn(page, daily_game(), storage=False)
    assert game.turn == 1
    kept = stored(page, DAILY_KEY)
    assert (kept["day"], kept["state"]["turn"]) == (DAY, 1)
    # The daily link, opened offline, resumes the day's daily where it is.
    open_game(page, site_url, "?daily")
    wait_chip(page, en("daily.chip"))
    expect_game(page, game, storage=False)
    assert view(page)["notices"] == []


# -- the challenge ---------------------------------------------------------------------------------

CHALLENGE = ("peaceful", 41)  # the strategy's game of these dice: 7 turns


def test_a_challenge_link_says_the_target_then_the_verdict_and_shares_its_own(today, site_url):
    page = today
    # No Web Share here: SHARE copies to the clipboard.
    with page.add_init_script("delete Navigator.prototype.share; delete navigator.share;"):
        page.context.grant_permissions(["clipboard-read", "clipboard-write"])
        try:
            challenge(page, site_url)
        finally:
            page.context.clear_permissions()


def challenge(page, site_url) -> None:
    difficulty, seed = CHALLENGE
    final = simulate(Game.new(difficulty, seed))[-1]
    vs = final.score - 14
    open_game(page, site_url, f"?seed={seed}&difficulty={difficulty}&vs={vs}")
    game = Game.new(difficulty, seed)
    v = expect_game(page, game)
    assert "vs=" not in v["url"], v["url"]
    assert v["notices"] == []
    m = mode(page)
    assert m["label"] == en("label.target", score=number(vs)) and m["target"] == str(vs)
    assert m["chip"] == en(f"difficulty.{difficulty}") and m["daily"] is None
    game = play_turn(page, game)
    assert mode(page)["label"] == en("label.target", score=number(vs))
    shot(page, "challenge-playing", animations="disabled")
    game = play_to_end(page, game)
    assert game.score == final.score
    wait_dialog(page, "over")
    verdict = page.locator("#over-verdict")
    assert verdict.inner_text().strip() == en("challenge.won", by=14, target=vs)
    assert verdict.get_attribute("data-won") == "true"
    assert text_of(page, "#over-daily") == "" and text_of(page, "#over-streak") == ""
    assert page.locator('#dialog-over [data-action="daily-again"]').is_hidden()

    # SHARE: the ordinary game's text, its link a challenge with this score.
    tap(page, '#dialog-over [data-action="share"]')
    wait_for(page, f"() => {NOTICES_JS}.includes({json.dumps(en('share.copied'))})")
    text = page.evaluate("navigator.clipboard.readText()")
    link = f"{page_address(page)}?seed={seed}&difficulty={difficulty}&vs={game.score}"
    assert text.split("\n") == [
        en("share.text", difficulty=en(f"difficulty.{difficulty}"), score=number(game.score)),
        *compact_board(game.board).split("\n"),
        en("share.link", link=link),
    ], text

    # The same link with other scores to beat: the same finished game, other verdicts.
    for target, key, params in [
        (game.score, "challenge.tied", {}),
        (game.score + 5, "challenge.lost", {"by": 5}),
    ]:
        open_game(page, site_url, f"?seed={seed}&difficulty={difficulty}&vs={target}")
        wait_dialog(page, "over")
        expect_game(page, game)
        assert verdict.inner_text().strip() == en(key, target=target, **params)
        assert verdict.get_attribute("data-won") == "false"
        assert mode(page)["label"] == en("label.target", score=number(target))


def test_a_bad_score_to_beat_is_said_and_the_links_dice_still_play(today, site_url):
    page = today
    open_game(page, site_url, "?seed=43&difficulty=survival&vs=ten")
    game = Game.new("survival", 43)
    v = expect_game(page, game)
    assert v["notices"] == [en("notice.bad-vs")]
    assert mode(page)["label"] == en("label.score") and mode(page)["target"] is None
    dismiss_notices(page)
    game = roll(page, game)
    assert dice_on_page(page) == Game.new("survival", 43).apply("roll").dice


# -- the daily beside the ordinary game, to its end ------------------------------------------------


def test_the_daily_is_kept_beside_your_game_and_ends_official_shared_and_again_as_practice(
    today, new_context, site_url
):
    with today.add_init_script(SHARE_STUB):
        kept_beside(today, new_context, site_url)


def kept_beside(page, new_context, site_url) -> None:
    ordinary = play_turn(page, open_seeded(page, site_url, 44, "peaceful"))
    m = mode(page)
    assert (m["chip"], m["pressed"], m["waiting"]) == (en("difficulty.peaceful"), "false", "true")

    # D: today's daily, the ordinary game kept in its place.
    page.keyboard.press("d")
    wait_chip(page, en("daily.chip"))
    daily = daily_game()
    expect_game(page, daily, storage=False)
    m = mode(page)
    assert (m["pressed"], m["waiting"], m["daily"], m["label"]) == (
        "true",
        "true",
        "true",
        en("label.score"),
    )
    assert saved_game(page) == ordinary
    daily = play_turn(page, daily, storage=False)

    # A reload comes back on the daily, where it was.
    reload(page)
    expect_game(page, daily, storage=False)
    assert mode(page)["chip"] == en("daily.chip")
    kept = stored(page, DAILY_KEY)
    assert (kept["day"], kept["practice"], kept["front"]) == (DAY, False, True)
    assert Game.from_dict(kept) == daily

    # D again: the ordinary game, not lost; the calendar then resumes the daily.
    page.keyboard.press("d")
    wait_chip(page, en("difficulty.peaceful"))
    expect_game(page, ordinary)  # (its saved game included)
    assert mode(page)["pressed"] == "false"
    assert stored(page, DAILY_KEY)["front"] is False
    tap(page, CALENDAR)
    wait_chip(page, en("daily.chip"))
    expect_game(page, daily, storage=False)
    assert saved_game(page) == ordinary

    # To its end: official, the streak begun, par from the coach.
    final = simulate(daily)[-1]
    daily = play_to_end(page, daily, storage=False)
    assert daily.score == final.score
    wait_dialog(page, "over")
    date = shown_date(page, DAY)
    assert text_of(page, "#over-title") == en("gameover.daily.title")
    assert text_of(page, "#over-daily") == en("gameover.daily.official", date=date)
    assert text_of(page, "#over-streak") == en("gameover.daily.streak", count=1, longest=1)
    assert text_of(page, "#over-verdict") == ""
    assert text_of(page, "#over-new-game") == en("button.your_game")
    assert page.locator('#dialog-over [data-action="daily-again"]').is_visible()
    assert mode(page)["waiting"] == "false"
    par = daily_game()
    while not par.is_over:
        par = par.play(suggest(par))
    want = en("gameover.daily.par", score=number(par.score))
    wait_for(page, "t => document.querySelector('#over-coach').textContent === t", want, 30_000)
    shot(page, "daily-over", animations="disabled")

    # SHARE: the word games' text, its link the day's dice with this score to beat.
    tap(page, '#dialog-over [data-action="share"]')
    wait_for(page, "() => window.__shared !== undefined")
    text = page.evaluate("window.__shared.text")
    link = f"{page_address(page)}?daily={DAY}&vs={daily.score}"
    lines = text.split("\n")
    assert lines == [
        en("share.daily", date=date, score=number(daily.score)),
        *compact_board(daily.board).split("\n"),
        en("share.daily.streak", count=1),
        en("share.daily.link", link=link),
    ], text
    assert all(re.fullmatch("[⚀⚁⚂⚃⚄⚅⬛]{4}", line) for line in lines[1:5]), lines
    assert "⬛" in text  # the strategy ruins cells on these dice

    # The link, opened in another fresh browser on the same day: the same dice, a score to beat.
    other = dated_page(new_context)
    open_ready(other, link)
    wait_chip(other, en("daily.chip"))
    expect_game(other, daily_game(), storage=False)
    assert mode(other)["label"] == en("label.target", score=number(daily.score))

    # Play again: the same dice, as practice.
    tap(page, '#dialog-over [data-action="daily-again"]')
    wait_dialog(page, None)
    wait_chip(page, en("daily.chip.practice"))
    again = expect_game(page, daily_game(), storage=False)
    assert again["notices"] == []
    kept = stored(page, DAILY_KEY)
    assert (kept["day"], kept["practice"]) == (DAY, True)
    roll(page, daily_game(), storage=False)
    assert dice_on_page(page) == daily_game().apply("roll").dice
    assert saved_game(page) == ordinary


def test_the_calendar_stays_unmarked_after_play_again_once_todays_daily_is_done(today, site_url):
    page = today
    last = near_end("survival", daily_seed(DAY))  # today's daily, one turn from its end
    slot = {**last.to_dict(), "day": DAY, "practice": False, "front": True}
    # Stored before the page's first script (the test is about what follows, not a reload).
    seed = f"localStorage.setItem({json.dumps(DAILY_KEY)}, {json.dumps(json.dumps(slot))});"
    with page.add_init_script(f"if (location.protocol.startsWith('http')) {{ {seed} }}"):
        open_game(page, site_url)
    wait_chip(page, en("daily.chip"))
    expect_game(page, last, storage=False)
    play_turn(page, last, storage=False)
    wait_dialog(page, "over")
    assert text_of(page, "#over-daily") == en("gameover.daily.official", date=shown_date(page, DAY))
    assert mode(page)["waiting"] == "false"
    tap(page, '#dialog-over [data-action="daily-again"]')
    wait_chip(page, en("daily.chip.practice"))
    m = mode(page)
    assert m["waiting"] == "false", m  # today's official daily is done
    label = page.get_attribute(CALENDAR, "aria-label")
    assert label == en("nav.daily"), label


# -- other days ------------------------------------------------------------------------------------


def test_a_past_day_is_practice_and_a_future_day_is_refused(today, site_url):
    page = today
    ordinary = roll(page, open_seeded(page, site_url, 45, "nightmare"))

    open_game(page, site_url, "?daily=2026-12-05")
    v = expect_game(page, ordinary)
    assert v["notices"] == [en("notice.future-daily")]
    assert "daily=" not in v["url"], v["url"]
    assert mode(page)["chip"] == en("difficulty.nightmare") and mode(page)["daily"] is None
    assert stored(page, DAILY_KEY) is None

    open_game(page, site_url, "?daily=2026-11-20")
    wait_chip(page, en("daily.chip.practice"))
    past = daily_game("2026-11-20")
    v = expect_game(page, past, storage=False)
    assert v["notices"] == []
    assert mode(page)["daily"] == "true"
    kept = stored(page, DAILY_KEY)
    assert (kept["day"], kept["practice"]) == ("2026-11-20", True)
    roll(page, past, storage=False)
    assert dice_on_page(page) == past.apply("roll").dice
    assert dice_on_page(page) != daily_game().apply("roll").dice
    assert saved_game(page) == ordinary  # the ordinary game is kept
