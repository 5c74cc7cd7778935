"""PUZZLE in the page, by taps: two browsers on one day see the same puzzle, another day another
(Playwright's clock); an answer played by taps is graded as magdagdon.review grades it in
CPython, the coach's move drawn beside hers, the day's answer stored and her game back as it
was after BACK TO MY GAME; SEND from REVIEW hands a link that a fresh browser opens, answers and
is told how the sender did, its own storage left empty of games; a damaged link says so and
changes nothing. Screenshots in English and Lithuanian, light and dark."""

from __future__ import annotations

import json
import re

import pytest

from magdagdon.answers import ANSWERS_KEY
from magdagdon.coach import run, suggest
from magdagdon.game import Game
from magdagdon.puzzles import day_steps, decode, natural_steps
from magdagdon.review import judge
from magdagdon.ui.controls import GUARD_MS

from .harness import emulate_colours, open_game, shot
from .play import (
    CORE_JS,
    calm,
    her_data,
    open_seeded,
    play_to_end,
    press,
    tap,
    tap_actions,
    view,
    wait_dialog,
    wait_for,
)
from .strategy import core_diff, core_of, en

DAY, OTHER_DAY = "2026-12-07", "2026-12-08"
#: Finding the day's puzzle and grading run the coach in Pyodide, on a shared machine.
WORKED_OUT_MS = 60_000
SHARE_STUB = (
    "() => { navigator.share = (data) => { window.__shared = data; return Promise.resolve(); }; }"
)

PUZZLE_JS = """() => {
  const box = document.querySelector('#dialog-puzzle');
  const coach = [...document.querySelectorAll('[data-puzzle-coach]')];
  const text = (id) => document.querySelector(id).textContent.trim();
  return {
    state: box.dataset.state ?? null,
    loss: box.dataset.puzzleLoss === undefined ? null : Number(box.dataset.puzzleLoss),
    title: text('#puzzle-title'),
    verdict: text('#puzzle-verdict'),
    friend: text('#puzzle-friend'),
    streak: text('#puzzle-streak'),
    ghosts: Object.fromEntries(coach.filter((c) => c.dataset.ghost !== undefined)
      .map((c) => [c.dataset.puzzleCoach, c.dataset.ghost])),
    code: box.querySelector('[data-action="send-puzzle"]').dataset.value ?? null,
  };
}"""


def dated(new_context, day: str = DAY, **options):
    """A fresh phone page (empty storage) whose clock reads ``day``, 10:00, before it loads."""
    context = new_context(**options)
    context.clock.set_fixed_time(f"{day}T10:00:00")
    return calm(context.new_page())


def wait_board(page, game: Game) -> None:
    try:
        wait_for(page, CORE_JS, core_of(game), timeout=WORKED_OUT_MS)
    except Exception:
        raise AssertionError(
            "\n  ".join(["the board is not the puzzle:", *core_diff(view(page), game)])
        ) from None


def todays(page, game: Game) -> None:
    """TODAY'S PUZZLE tapped in the statistics: today's position on the board, in front of her
    game."""
    tap(page, '.top [data-action="scores"]')
    wait_dialog(page, "scores")
    tap(page, '#dialog-scores [data-action="stats"]')
    wait_dialog(page, "stats")
    tap(page, '#dialog-stats [data-action="puzzle"]')
    seen(page, game)


def seen(page, game: Game) -> None:
    """Today's position on the board, in front of her game, no dialog open."""
    wait_board(page, game)
    wait_dialog(page, None)
    assert page.evaluate("document.body.dataset.drill") == "true"
    # (it came by no tap of hers: a tap on a button that took another's place just then is
    # held, magdagdon.ui.controls.GUARD_MS; she reads the position first)
    page.wait_for_timeout(GUARD_MS + 50)


def answer(page, position: Game, actions) -> dict:
    """Play ``actions`` by taps (the board checked after each that does not commit); the
    verdict, once graded, with the position back on the board under it."""
    tap_actions(page, position, actions, wait_board)
    wait_dialog(page, "puzzle")
    wait_for(
        page,
        "() => document.querySelector('#dialog-puzzle').dataset.state === 'verdict'",
        timeout=WORKED_OUT_MS,
    )
    wait_board(page, position)
    return page.evaluate(PUZZLE_JS)


def ghosts_of(move) -> dict[str, str]:
    ghosts = {str(c): str(v) for c, v in move.ghosts.items()}
    if move.ruin is not None:
        ghosts[str(move.ruin)] = "ruin"
    return ghosts


def set_language(page, language: str) -> None:
    press(page, "settings", ".top")
    wait_dialog(page, "settings")
    tap(page, f'#dialog-settings [data-action="language"][data-value="{language}"]')
    wait_for(page, "l => document.documentElement.lang === l", language)
    tap(page, '#dialog-settings [data-action="close"]')
    wait_dialog(page, None)


def stored(page, key: str):
    return page.evaluate(f"localStorage.getItem({key!r})")


def storage(page) -> dict[str, str]:
    return page.evaluate("() => ({...localStorage})")


# -- the day's puzzle ---------------------------------------------------------------------------
def test_two_browsers_on_one_day_see_the_same_puzzle_and_another_day_another(new_context, site_url):
    puzzles = {day: run(day_steps(day)).game for day in (DAY, OTHER_DAY)}
    assert puzzles[DAY].board != puzzles[OTHER_DAY].board
    for day, shortcut in ((DAY, False), (DAY, True), (OTHER_DAY, False)):
        page = dated(new_context, day)
        if shortcut:  # (the installed app's shortcut)
            open_game(page, site_url, "?open=puzzle")
            seen(page, puzzles[day])
        else:
            open_game(page, site_url)
            todays(page, puzzles[day])  # (each browser works it out for itself)
        chip = page.locator("#difficulty").text_content().strip()
        assert chip == en("puzzle.chip")
        page.context.close()


def test_an_answer_by_taps_is_graded_as_the_review_grades_it_and_her_game_waits(
    new_context, site_url
):
    page = dated(new_context)
    open_seeded(page, site_url, 5, "survival")
    press(page, "roll")
    wait_for(page, "() => document.body.dataset.phase !== 'roll'")
    mine = her_data(storage(page))
    position = run(day_steps(DAY)).game
    todays(page, position)
    natural = run(natural_steps(position))
    shown = answer(page, position, natural)
    judged = judge(position, natural)  # CPython
    assert shown["loss"] == judged.loss >= 8 and shown["state"] == "verdict"
    assert shown["verdict"] == en("puzzle.lost", count=judged.loss)
    assert shown["ghosts"] == ghosts_of(judged.coach), shown
    assert shown["streak"] == en("puzzle.streak", count=1)
    assert decode(shown["code"]).lost == judged.loss
    assert json.loads(stored(page, ANSWERS_KEY))["days"] == {DAY: judged.loss}
    shot(page, "puzzle-verdict-en-light")
    # TRY AGAIN as the coach: as good as the coach, and the day's first answer still stands
    press(page, "puzzle-again", "#dialog-puzzle")
    wait_dialog(page, None)
    again = answer(page, position, suggest(position))
    assert again["loss"] == 0 and again["verdict"] == en("puzzle.best")
    assert again["streak"] == en("puzzle.once")
    assert json.loads(stored(page, ANSWERS_KEY))["days"] == {DAY: judged.loss}
    press(page, "puzzle-leave", "#dialog-puzzle")
    wait_dialog(page, None)
    wait_for(page, "() => document.body.dataset.drill === undefined")
    assert page.evaluate("document.body.dataset.phase") == "placing"
    # her game, records and settings as they were (a puzzle's answer is no first turn)
    now = her_data(storage(page))
    assert {k: now.get(k) for k in mine} == mine


# -- SEND, and a friend's puzzle ----------------------------------------------------------------
def test_send_from_review_is_opened_by_a_friend_answered_and_tells_how_the_sender_did(
    new_context, site_url
):
    page = dated(new_context)
    game = open_seeded(page, site_url, 7, "peaceful")
    play_to_end(page, game)
    wait_dialog(page, "over")
    offer = page.locator('#dialog-over [data-action="puzzle"]')
    assert offer.is_visible()  # (today's waits), under the verdict: above the score's lines
    box, lines = offer.bounding_box(), page.locator("#over-breakdown").bounding_box()
    assert box and lines and box["y"] + box["height"] <= lines["y"], (box, lines)
    press(page, "review", "#dialog-over")
    wait_dialog(page, "review")
    wait_for(
        page,
        "() => document.querySelector('#review-decision').dataset.reviewLoss !== undefined",
        timeout=WORKED_OUT_MS,
    )
    loss = int(page.evaluate("document.querySelector('#review-decision').dataset.reviewLoss"))
    page.evaluate(SHARE_STUB)
    press(page, "send-puzzle", "#dialog-review")
    wait_for(page, "() => typeof window.__shared?.text === 'string'")
    text = page.evaluate("window.__shared.text")
    link = re.search(r"https?://\S+\?puzzle=([0-9A-Z]{16})", text)
    assert link is not None, text
    sent = decode(link.group(1))
    assert (
        sent.lost == loss and en("puzzle.send.text", difficulty=en("difficulty.peaceful")) in text
    )
    page.context.close()

    friend = dated(new_context)
    open_game(friend, site_url, "?puzzle=" + link.group(1))
    wait_board(friend, sent.game)
    assert friend.locator("#difficulty").text_content().strip() == en("puzzle.friend.chip")
    shot(friend, "puzzle-received-en-light")
    shown = answer(friend, sent.game, suggest(sent.game))
    assert shown["loss"] == 0 and shown["title"] == en("puzzle.title.friend")
    want = en("puzzle.friend.best") if loss == 0 else en("puzzle.friend.lost", count=loss)
    assert shown["friend"] == want and shown["streak"] == ""
    kept = her_data(storage(friend))  # (her own game: a new one, untouched; no record)
    assert not any(k.endswith((".history", ".puzzles", ".practice")) for k in kept), kept
    assert json.loads(kept.get("magdagdon.v1.game", '{"moves": []}'))["moves"] == []


@pytest.mark.parametrize("code", ["0001K8J42H0M8S1X", "not-a-puzzle"])
def test_a_damaged_puzzle_link_says_so_and_changes_nothing(new_context, site_url, code):
    page = dated(new_context)
    open_seeded(page, site_url, 3, "nightmare")
    press(page, "roll")
    wait_for(page, "() => document.body.dataset.phase === 'placing'")
    page.reload()
    wait_for(page, "() => document.body.dataset.ready === 'true'", timeout=WORKED_OUT_MS)
    before = her_data(storage(page))
    open_game(page, site_url, "?puzzle=" + code)
    wait_for(page, "() => document.querySelectorAll('#notices .notice').length > 0")
    notices = page.locator("#notices .notice").all_text_contents()
    assert any(en("notice.bad-puzzle") in n for n in notices), notices
    assert page.evaluate("document.body.dataset.drill") is None
    assert page.evaluate("document.body.dataset.phase") == "placing"
    assert her_data(storage(page)) == before


# -- how it looks -------------------------------------------------------------------------------
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("language", ["en", "lt"])
def test_screenshots_of_the_puzzle_its_verdict_and_a_received_one(
    new_context, site_url, scheme, language
):
    page = dated(new_context)
    emulate_colours(page, scheme)
    open_game(page, site_url)
    set_language(page, language)
    position = run(day_steps(DAY)).game
    todays(page, position)
    shot(page, f"puzzle-{language}-{scheme}")
    shown = answer(page, position, run(natural_steps(position)))
    assert shown["loss"] > 0
    shot(page, f"puzzle-verdict-{language}-{scheme}", full_page=True)
    code = shown["code"]
    open_game(page, site_url, "?puzzle=" + code)
    wait_board(page, position)
    shot(page, f"puzzle-received-{language}-{scheme}")


# -- keyboard and screen reader -----------------------------------------------------------------
def test_a_puzzle_is_answered_by_keys_and_axe_finds_nothing_on_its_screens(new_context, site_url):
    from .test_a11y import _axe, _describe

    page = dated(new_context)
    open_game(page, site_url)
    position = run(day_steps(DAY)).game
    todays(page, position)
    found = []
    for scheme in ("light", "dark"):
        emulate_colours(page, scheme)
        found += _describe(f"puzzle {scheme}", _axe(page))
    natural = run(natural_steps(position))
    assert natural[0] == "accept"  # (the day's puzzle is a MAGDAGDON: A, then a cell's Enter)
    page.keyboard.press("a")
    wait_for(page, "() => document.body.dataset.phase === 'ruin'")
    cell = int(natural[1].split()[1])
    page.focus(f'[data-cell="{cell}"]')
    page.keyboard.press("Enter")
    wait_dialog(page, "puzzle")
    wait_for(
        page,
        "() => document.querySelector('#dialog-puzzle').dataset.state === 'verdict'",
        timeout=WORKED_OUT_MS,
    )
    shown = page.evaluate(PUZZLE_JS)
    assert shown["loss"] == judge(position, natural).loss
    live = page.get_attribute("#puzzle-verdict", "aria-live")
    assert live == "polite" and shown["verdict"]
    assert page.evaluate(
        "document.querySelector('#dialog-puzzle').contains(document.activeElement)"
    )
    for scheme in ("light", "dark"):
        emulate_colours(page, scheme)
        found += _describe(f"verdict {scheme}", _axe(page))
    page.keyboard.press("Escape")  # (the position stays: she may try again)
    wait_dialog(page, None)
    assert page.evaluate("document.body.dataset.drill") == "true"
    assert not found, "\n".join(found)
