"""PRACTISE in the page, by taps: a seeded game played to the end, reviewed on the game-over
screen, its costly decisions put back on the board one after another and played by the same
taps as a game (dice and cells, CONFIRM, the Majda Powers, MAGDAGDON and its ruin); each answer
graded as magdagdon.review (CPython, on the same seed and moves) grades it: the coach's move
solves a position, her own costs what the review said, with the coach's move drawn beside it.
TRY AGAIN, NEXT POSITION, LEAVE; the positions still waiting after a reload and again on the
next day (Playwright's clock); screenshots in English and Lithuanian at two sizes."""

from __future__ import annotations

import json
from datetime import date, timedelta

from magdagdon.game import Game
from magdagdon.positions import COSTLY
from magdagdon.practice import PRACTICE_KEY, SOLVED_BELOW
from magdagdon.review import judge, review
from magdagdon.rules import RUIN

from .harness import shot
from .play import (
    CORE_JS,
    calm,
    open_seeded,
    play_to_end,
    reload,
    saved_game,
    tap,
    tap_actions,
    view,
    wait_dialog,
    wait_for,
)
from .strategy import GAME_KEY, core_diff, core_of, en

#: PEACEFUL 7 as the strategy plays it: five costly decisions, the coach's answers to them
#: +1, REROLL, −1 and placements, hers placements and a MAGDAGDON accepted and ruined.
SEED, DIFFICULTY = 7, "peaceful"
DAY = "2026-12-01"  # "today" for the whole module (the shared page's clock)
NEXT_DAY = (date.fromisoformat(DAY) + timedelta(days=1)).isoformat()
#: The review and each grading run the coach in Pyodide, on a machine the browser tests share.
WORKED_OUT_MS = 60_000

DRILL_JS = """() => {
  const box = document.querySelector('#dialog-practice');
  const you = [...document.querySelectorAll('[data-drill-cell]')];
  const coach = [...document.querySelectorAll('[data-drill-coach]')];
  return {
    state: box.dataset.state ?? null,
    loss: box.dataset.practiceLoss === undefined ? null : Number(box.dataset.practiceLoss),
    solved: box.dataset.solved ?? null,
    verdict: document.querySelector('#practice-verdict').textContent.trim(),
    left: document.querySelector('#practice-left').textContent.trim(),
    staged: Object.fromEntries(you.filter((c) => c.dataset.state === 'staged')
      .map((c) => [c.dataset.drillCell, Number(c.dataset.value)])),
    ruined: you.filter((c) => c.dataset.state === 'ruin').map((c) => Number(c.dataset.drillCell)),
    ghosts: Object.fromEntries(coach.filter((c) => c.dataset.ghost !== undefined)
      .map((c) => [c.dataset.drillCoach, c.dataset.ghost])),
    mine: you.filter((c) => c.dataset.ghost !== undefined).length,
    dice: [...document.querySelectorAll('[data-drill-die]')].map((d) => Number(d.dataset.value)),
    next: document.querySelector('#dialog-practice [data-action="practice-next"]').disabled,
    again: document.querySelector('#dialog-practice [data-action="practice-again"]').disabled,
  };
}"""

#: Every value #dialog-practice's data-state takes from now on (grading, then the verdict).
WATCH_STATES_JS = """() => {
  window.__practiceStates = [];
  const box = document.querySelector('#dialog-practice');
  new MutationObserver(() => window.__practiceStates.push(box.dataset.state))
    .observe(box, {attributes: true, attributeFilter: ['data-state']});
}"""


# -- the oracle ----------------------------------------------------------------------------------


def costly_decisions(page):
    """The finished game in localStorage reviewed in CPython: its costly decisions."""
    saved = saved_game(page)
    assert saved is not None and saved.is_over
    expected = review(saved.difficulty, saved.seed, saved.moves)
    return [d for d in expected.decisions if d.loss >= COSTLY]


def ghosts_of(move) -> dict[str, str]:
    ghosts = {str(c): str(v) for c, v in move.ghosts.items()}
    if move.ruin is not None:
        ghosts[str(move.ruin)] = "ruin"
    return ghosts


# -- reading and driving the page ------------------------------------------------------------------


def drill(page) -> dict:
    return page.evaluate(DRILL_JS)


def wait_board(page, game: Game) -> None:
    """Wait until the main board shows ``game`` (phase, score, every cell and die)."""
    try:
        wait_for(page, CORE_JS, core_of(game), timeout=WORKED_OUT_MS)
    except Exception:
        raise AssertionError(
            "\n  ".join(["the board is not the position:", *core_diff(view(page), game)])
        ) from None


def answer(page, position: Game, actions) -> None:
    """Play ``actions`` (the engine's, up to the committing one) on the board by taps, the
    board checked against the engine after each one that does not commit; the committing tap
    must bring back ``position`` under the practice dialog, grading then graded."""
    page.evaluate(WATCH_STATES_JS)
    tap_actions(page, position, actions, wait_board)
    wait_dialog(page, "practice")
    wait_for(
        page,
        "() => document.querySelector('#dialog-practice').dataset.state === 'verdict'",
        timeout=WORKED_OUT_MS,
    )
    states = page.evaluate("window.__practiceStates")
    assert "grading" in states and states[-1] == "verdict", states
    assert states.index("grading") < states.index("verdict"), states
    wait_board(page, position)  # the position is back on the board under the verdict


def check_verdict(page, position: Game, actions, left: int) -> dict:
    """The verdict on the page is the pure module's judgement of ``actions`` from ``position``."""
    judged = judge(position, actions)  # CPython
    shown = drill(page)
    assert shown["loss"] == judged.loss, (shown["loss"], judged.loss)
    solved = judged.loss < SOLVED_BELOW
    assert shown["solved"] == ("true" if solved else "false"), shown
    assert shown["verdict"] == (
        en("practice.solved") if solved else en("practice.missed", count=judged.loss)
    )
    assert shown["staged"] == {str(c): v for c, v in judged.player.ghosts.items()}, shown
    want_ruins = {c for c, v in enumerate(position.board) if v == RUIN}
    want_ruins |= {judged.player.ruin} - {None}
    assert set(shown["ruined"]) == want_ruins, shown
    assert shown["ghosts"] == ghosts_of(judged.coach) and shown["mine"] == 0, shown
    assert shown["dice"] == [*position.dice, *[0] * (4 - len(position.dice))], shown
    assert shown["left"] == (en("practice.left", count=left) if left else ""), shown
    assert shown["next"] is (left == 0) and shown["again"] is False, shown
    return shown


def in_drill(page) -> bool:
    return page.evaluate("document.body.dataset.drill === 'true'")


def stored(page, key: str):
    return page.evaluate(f"localStorage.getItem({key!r})")


def open_stats(page) -> None:
    tap(page, '.top [data-action="scores"]')
    wait_dialog(page, "scores")
    tap(page, '#dialog-scores [data-action="stats"]')
    wait_dialog(page, "stats")


def counts_text(waiting: int, learned: int = 0) -> str:
    return en(
        "practice.counts",
        waiting=en("practice.waiting", count=waiting),
        learned=en("practice.learned", count=learned),
    )


def set_day(page, day: str) -> None:
    page.clock.set_fixed_time(f"{day}T10:00:00")


def close_dialog(page) -> None:
    """Close the sheet on show, if any (the game-over sheet comes back with a finished game)."""
    if page.locator("dialog[open]").count():
        tap(page, "dialog[open] header [data-action='close']")
        wait_dialog(page, None)


def set_language(page, language: str) -> None:
    close_dialog(page)
    tap(page, '.top [data-action="settings"]')
    wait_dialog(page, "settings")
    tap(page, f'#dialog-settings [data-action="language"][data-value="{language}"]')
    wait_for(page, "l => document.documentElement.lang === l", language)
    tap(page, '#dialog-settings [data-action="close"]')
    wait_dialog(page, None)


# -- the tests -------------------------------------------------------------------------------------


def test_a_reviewed_games_costly_decisions_are_practised_by_taps(shared_page, site_url):
    page = calm(shared_page)
    set_day(page, DAY)
    game = play_to_end(page, open_seeded(page, site_url, SEED, DIFFICULTY))
    wait_dialog(page, "over")
    costly = costly_decisions(page)
    assert len(costly) == 5, [d.loss for d in costly]
    kinds = {a.split()[0] for d in costly for a in (*d.coach.actions, *d.player.actions)}
    assert {"stage", "confirm", "inc", "dec", "reroll", "accept", "ruin"} <= kinds, kinds
    game_text = stored(page, GAME_KEY)
    before = stored(page, PRACTICE_KEY)
    assert before is None or not json.loads(before)["cards"], before  # nothing before REVIEW
    practise = '#dialog-review [data-action="practise"]'

    # REVIEW, worked out to its end: the positions are stored, PRACTISE offered on the sheet.
    tap(page, '#dialog-over [data-action="review"]')
    wait_dialog(page, "review")
    wait_for(
        page,
        "() => document.querySelector('#review-summary').hasAttribute('data-review-total')",
        timeout=WORKED_OUT_MS,
    )
    wait_for(page, "s => !document.querySelector(s).hidden", practise)
    cards = json.loads(stored(page, PRACTICE_KEY))["cards"]
    assert len(cards) == len(costly), cards

    # PRACTISE: the first costly decision as it stood, her own game kept as it was.
    tap(page, practise)
    wait_dialog(page, None)
    first = costly[0]
    wait_board(page, first.before)
    v = view(page)
    assert in_drill(page) and page.text_content("#difficulty").strip() == en("practice.chip")
    assert [d["value"] for d in v["dice"]] == list(first.before.dice)
    assert v["buttons"]["hint"]["hidden"], "HINT shown on a practice position"
    assert not v["buttons"]["practice-leave"]["hidden"]
    assert not v["buttons"]["practice-leave"]["disabled"]
    assert stored(page, GAME_KEY) == game_text
    shot(page, "practice-first-position")

    # The coach's own move (+1): solved, nothing given up.
    assert first.coach.actions == ("inc 1",), first.coach.actions
    answer(page, first.before, first.coach.actions)
    shown = check_verdict(page, first.before, first.coach.actions, left=len(costly) - 1)
    assert shown["loss"] == 0 and shown["solved"] == "true"
    assert stored(page, GAME_KEY) == game_text

    # NEXT POSITION, her own move of the game again (MAGDAGDON accepted, a cell ruined): what
    # the review said it cost, the coach's move (REROLL) beside it.
    second = costly[1]
    tap(page, '#dialog-practice [data-action="practice-next"]')
    wait_dialog(page, None)
    wait_board(page, second.before)
    assert in_drill(page) and view(page)["buttons"]["hint"]["hidden"]
    answer(page, second.before, second.player.actions)
    shown = check_verdict(page, second.before, second.player.actions, left=len(costly) - 2)
    assert shown["solved"] == "false" and shown["loss"] == second.loss
    assert shown["ghosts"] == ghosts_of(second.coach)
    assert second.player.ruin in shown["ruined"]

    # TRY AGAIN: the position again; the coach's REROLL now solves it.
    tap(page, '#dialog-practice [data-action="practice-again"]')
    wait_dialog(page, None)
    wait_board(page, second.before)
    assert in_drill(page)
    answer(page, second.before, second.coach.actions)
    assert check_verdict(page, second.before, second.coach.actions, len(costly) - 2)["loss"] == 0

    # NEXT: the coach's −1 solves the third.
    third = costly[2]
    tap(page, '#dialog-practice [data-action="practice-next"]')
    wait_dialog(page, None)
    wait_board(page, third.before)
    answer(page, third.before, third.coach.actions)
    assert check_verdict(page, third.before, third.coach.actions, len(costly) - 3)["loss"] == 0

    # NEXT: her own placement again: its loss, the coach's ghost dice where it would put them.
    fourth = costly[3]
    assert fourth.coach.ghosts, "the coach places dice here"
    tap(page, '#dialog-practice [data-action="practice-next"]')
    wait_dialog(page, None)
    wait_board(page, fourth.before)
    answer(page, fourth.before, fourth.player.actions)
    shown = check_verdict(page, fourth.before, fourth.player.actions, len(costly) - 4)
    assert shown["solved"] == "false" and shown["loss"] == fourth.loss
    assert shown["ghosts"] == ghosts_of(fourth.coach) and shown["ghosts"]
    assert shown["staged"] == {str(c): v for c, v in fourth.player.ghosts.items()}
    shot(page, "practice-verdict-missed")
    assert stored(page, GAME_KEY) == game_text

    # LEAVE: the finished game and its game-over sheet are back; nothing of practice kept.
    tap(page, '#dialog-practice [data-action="practice-leave"]')
    wait_dialog(page, "over")
    wait_board(page, game)
    assert not in_drill(page)
    assert page.text_content("#difficulty").strip() == en(f"difficulty.{DIFFICULTY}")
    assert view(page)["buttons"]["practice-leave"]["hidden"]
    assert stored(page, GAME_KEY) == game_text
    assert saved_game(page) == game
    cards = json.loads(stored(page, PRACTICE_KEY))["cards"]
    tries = sorted([[loss for _, loss in tried] for _, tried in cards.values()], key=len)
    assert tries == [[], [0], [0], [fourth.loss], [second.loss, 0]], tries
    assert all(found == DAY for found, _ in cards.values()), cards
    # an ordinary game's end does not offer PRACTISE (the daily roll's does), though one waits
    assert page.locator('#dialog-over [data-action="practise"]').is_hidden()


def test_the_positions_wait_after_a_reload_and_the_solved_ones_again_the_next_day(shared_page):
    # (after the test above: four positions tried today, the fifth not yet)
    page = shared_page
    costly = costly_decisions(page)
    reload(page)
    wait_dialog(page, "over")
    assert not in_drill(page)
    tap(page, '#dialog-over [data-action="close"]')
    wait_dialog(page, None)
    open_stats(page)
    assert page.text_content("#stats-practice-counts").strip() == counts_text(1)
    assert page.locator("#stats-progress svg").count() == 1
    go = '#dialog-stats [data-action="practise"]'
    assert page.get_attribute(go, "aria-label") == en("button.practise.label", count=1)
    tap(page, go)  # the one still waiting: the fifth, never tried
    wait_dialog(page, None)
    wait_board(page, costly[4].before)
    assert in_drill(page)
    tap(page, '.controls [data-action="practice-leave"]')
    wait_board(page, saved_game(page))
    assert not in_drill(page)

    # The next day: every position waits again (an unsolved try, and a solve on the day it was
    # found, both bring a position back after a day; the fifth still waits).
    set_day(page, NEXT_DAY)
    reload(page)
    close_dialog(page)
    open_stats(page)
    assert page.text_content("#stats-practice-counts").strip() == counts_text(len(costly))
    tap(page, '#dialog-stats [data-action="practise"]')
    wait_dialog(page, None)
    # Due longest first: the fifth (due since the day it was found), then in the game's order.
    wait_board(page, costly[4].before)
    answer(page, costly[4].before, costly[4].coach.actions)
    shown = check_verdict(page, costly[4].before, costly[4].coach.actions, len(costly) - 1)
    assert shown["solved"] == "true"
    tap(page, '#dialog-practice [data-action="practice-next"]')
    wait_dialog(page, None)
    wait_board(page, costly[0].before)  # the first, solved yesterday, is back
    tap(page, '.controls [data-action="practice-leave"]')
    wait_for(page, "() => document.body.dataset.drill === undefined")


def test_screenshots_of_practice_in_english_and_lithuanian(shared_page):
    # (after the tests above: the next day, four positions waiting, the first of them in
    # English, the second in Lithuanian, each answered by her own move of the game)
    page = shared_page
    costly = costly_decisions(page)
    sizes = ((360, 640), (844, 390))
    for waiting, position, language in ((4, costly[0], "en"), (3, costly[1], "lt")):
        set_language(page, language)
        wait_dialog(page, None)
        open_stats(page)
        assert page.locator("#stats-progress svg").count() == 1
        counts = page.text_content("#stats-practice-counts").strip()
        assert counts.startswith(f"{waiting} "), counts
        assert (counts == counts_text(waiting)) is (language == "en"), counts
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            page.locator("#stats-progress").scroll_into_view_if_needed()
            shot(page, f"practice-stats-{language}-{width}x{height}", animations="disabled")
        page.set_viewport_size({"width": 360, "height": 640})
        tap(page, '#dialog-stats [data-action="practise"]')
        wait_dialog(page, None)
        wait_board(page, position.before)
        assert in_drill(page)
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            shot(page, f"practice-position-{language}-{width}x{height}", animations="disabled")
        page.set_viewport_size({"width": 360, "height": 640})
        answer(page, position.before, position.player.actions)
        assert drill(page)["solved"] == "false"
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            shot(page, f"practice-verdict-{language}-{width}x{height}", animations="disabled")
        page.set_viewport_size({"width": 360, "height": 640})
        for scheme, forced in (("dark", "none"), ("light", "active")):  # the other colour modes
            page.emulate_media(color_scheme=scheme, forced_colors=forced)
            mode = "forced" if forced == "active" else scheme
            shot(page, f"practice-verdict-{language}-360x640-{mode}", animations="disabled")
        page.emulate_media(color_scheme="light", forced_colors="none")
        tap(page, '#dialog-practice [data-action="practice-leave"]')
        wait_for(page, "() => document.body.dataset.drill === undefined")
        wait_dialog(page, "over")
    set_language(page, "en")
