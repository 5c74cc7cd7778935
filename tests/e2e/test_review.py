"""REVIEW in the page, by taps and keys: a seeded game played to the end, its review opened on
the game-over screen, every decision's loss, board and words and the total checked against
magdagdon.review run in CPython on the same seed and moves (read from the saved game), walked
by NEXT and BACK and the arrow keys, a costliest decision a tap away; in English and
Lithuanian at phone size (screenshots)."""

from __future__ import annotations

import time

from magdagdon.review import describe, review, summary_words
from magdagdon.rules import RUIN

from .harness import shot
from .play import open_seeded, play_to_end, press, saved_game, tap, wait_dialog, wait_for
from .strategy import _english

SEED, DIFFICULTY = 7, "nightmare"
#: The coach prices a decision in milliseconds in CPython; Pyodide is slower, and the browser
#: tests share the machine.
WORKED_OUT_MS = 60_000

DECISION_JS = """() => {
  const box = document.querySelector('#review-decision');
  const cells = [...document.querySelectorAll('[data-review-cell]')];
  const coach = [...document.querySelectorAll('[data-review-coach]')];
  return {
    at: box.dataset.reviewAt === undefined ? null : Number(box.dataset.reviewAt),
    loss: box.dataset.reviewLoss === undefined ? null : Number(box.dataset.reviewLoss),
    mark: box.dataset.reviewMark || null,
    said: document.querySelector('#review-said').textContent,
    staged: Object.fromEntries(cells.filter((c) => c.dataset.state === 'staged')
      .map((c) => [c.dataset.reviewCell, Number(c.dataset.value)])),
    ghosts: Object.fromEntries(coach.filter((c) => c.dataset.ghost !== undefined)
      .map((c) => [c.dataset.reviewCoach, c.dataset.ghost])),
    mine: cells.filter((c) => c.dataset.ghost !== undefined).length,
    ruined: cells.filter((c) => c.dataset.state === 'ruin')
      .map((c) => Number(c.dataset.reviewCell)),
    back: document.querySelector('[data-action=review-back]').disabled,
    next: document.querySelector('[data-action=review-next]').disabled,
  };
}"""


def shown(page) -> dict:
    return page.evaluate(DECISION_JS)


def wait_at(page, index: int) -> dict:
    wait_for(page, "i => document.querySelector('#review-decision').dataset.reviewAt == i", index)
    return shown(page)


def open_review(page) -> float:
    """REVIEW on the game-over screen, then wait until every decision is worked out; the
    seconds it took (printed with -s)."""
    start = time.monotonic()
    tap(page, '#dialog-over [data-action="review"]')
    wait_dialog(page, "review")
    wait_for(
        page,
        "() => document.querySelector('#review-summary').hasAttribute('data-review-total')",
        timeout=WORKED_OUT_MS,
    )
    took = time.monotonic() - start
    print(f"review worked out in {took:.2f} s")
    return took


def test_the_review_of_a_game_played_by_taps_agrees_with_the_pure_module(shared_page, site_url):
    page = shared_page
    game = play_to_end(page, open_seeded(page, site_url, SEED, DIFFICULTY))
    wait_dialog(page, "over")
    saved = saved_game(page)
    assert saved is not None and saved.moves == game.moves and saved.is_over
    expected = review(saved.difficulty, saved.seed, saved.moves)  # CPython, same seed + moves
    assert expected.decisions
    open_review(page)
    total = page.locator("#review-summary").get_attribute("data-review-total")
    assert int(total) == expected.total == sum(d.loss for d in expected.decisions)
    t = _english().t
    summary_text = page.locator("#review-summary").inner_text()
    for line in summary_words(expected, t)[:2]:
        assert line in summary_text
    last = len(expected.decisions) - 1
    for i, decision in enumerate(expected.decisions):
        on_page = wait_at(page, i)
        assert on_page["loss"] == decision.loss >= 0, i
        assert on_page["mark"] == decision.mark, i
        assert on_page["said"] == describe(decision, t), i
        assert on_page["staged"] == {str(c): v for c, v in decision.player.ghosts.items()}, i
        ghosts = {str(c): str(v) for c, v in decision.coach.ghosts.items()}
        if decision.coach.ruin is not None:
            ghosts[str(decision.coach.ruin)] = "ruin"
        assert on_page["ghosts"] == ghosts and on_page["mine"] == 0, i
        ruins = {c for c, v in enumerate(decision.before.board) if v == RUIN}
        ruins |= {decision.player.ruin} - {None}
        assert set(on_page["ruined"]) == ruins, i
        assert (on_page["back"], on_page["next"]) == (i == 0, i == last), i
        if i < last:  # taps and the arrow key, in turn
            if i % 2:
                page.keyboard.press("ArrowRight")
            else:
                press(page, "review-next", "#dialog-review")
    page.keyboard.press("ArrowRight")  # at the end: stays
    assert wait_at(page, last)["at"] == last
    for i in range(last - 1, -1, -1):
        if i % 2:
            press(page, "review-back", "#dialog-review")
        else:
            page.keyboard.press("ArrowLeft")
        assert wait_at(page, i)["loss"] == expected.decisions[i].loss
    for index in expected.costliest:  # the summary's costliest: a tap away
        tap(page, f'#review-summary [data-action="review-jump"][data-value="{index}"]')
        assert wait_at(page, index)["loss"] == expected.decisions[index].loss
    shot(page, "review-en")
    # Lithuanian: the same review in the other words
    tap(page, '#dialog-review [data-action="close"]')
    wait_dialog(page, None)
    tap(page, '.top [data-action="settings"]')
    tap(page, '#dialog-settings [data-action="language"][data-value="lt"]')
    tap(page, '#dialog-settings [data-action="close"]')
    press(page, "details")
    wait_dialog(page, "over")
    open_review(page)
    assert page.locator("#review-summary").get_attribute("data-review-total") == total
    assert page.locator("#review-title").inner_text() == "Žaidimo analizė"
    if expected.costliest:
        index = expected.costliest[0]
        tap(page, f'#review-summary [data-action="review-jump"][data-value="{index}"]')
        wait_at(page, index)
    shot(page, "review-lt")
    tap(page, '#dialog-review [data-action="close"]')
    tap(page, '.top [data-action="settings"]')
    tap(page, '#dialog-settings [data-action="language"][data-value="en"]')
    tap(page, '#dialog-settings [data-action="close"]')


def test_a_best_score_and_a_recent_game_open_their_review(shared_page, site_url):
    # (after the test above: its game is the best NIGHTMARE score and the last game played)
    page = shared_page
    saved = saved_game(page)
    assert saved is not None and saved.is_over and saved.seed == SEED
    total = str(review(saved.difficulty, saved.seed, saved.moves).total)
    reviewed = "() => document.querySelector('#review-summary').dataset.reviewTotal"
    for screen, line in (("scores", "nightmare:1"), ("stats", None)):
        tap(page, '.top [data-action="scores"]')
        tap(page, '#dialog-scores [data-action="scores-tab"][data-value="nightmare"]')
        if screen == "stats":
            tap(page, '#dialog-scores [data-action="stats"]')
            wait_dialog(page, "stats")
            tap(page, '#dialog-stats [data-action="review"]')
        else:
            tap(page, f'#dialog-scores [data-action="review"][data-value="{line}"]')
        wait_dialog(page, "review")
        wait_for(page, f"() => ({reviewed})() === {total!r}", timeout=WORKED_OUT_MS)
        tap(page, '#dialog-review [data-action="close"]')
        wait_dialog(page, None)


def test_a_game_played_by_hint_and_play_it_gives_up_nothing(shared_page, site_url):
    # Every decision taken as the coach suggests it (HINT, then PLAY IT, by taps), MAGDAGDON and
    # powers included: the review finds each one the coach's own, and the total is 0.
    page = shared_page
    open_seeded(page, site_url, 3, "survival")  # the coach uses +1 and accepts a MAGDAGDON
    hinted = 0
    for _ in range(60):  # a turn or a power per round; a game ends within 16 turns
        phase = page.evaluate("document.body.dataset.phase")
        if phase == "over":
            break
        if phase == "roll":
            press(page, "roll")
            wait_for(page, "() => document.body.dataset.phase !== 'roll'")
            continue
        press(page, "hint")
        wait_for(page, "() => !document.querySelector('[data-action=apply-hint]').hidden")
        moves = len(saved_game(page).moves)
        press(page, "apply-hint")
        wait_for(page, "n => JSON.parse(localStorage['magdagdon.v1.game']).moves.length > n", moves)
        hinted += 1
    wait_dialog(page, "over")
    saved = saved_game(page)
    expected = review(saved.difficulty, saved.seed, saved.moves)
    assert hinted >= 5 and len(expected.decisions) >= hinted
    verbs = {move.split()[0] for move in saved.moves}
    assert {"inc", "accept", "ruin"} <= verbs, verbs
    open_review(page)
    assert page.locator("#review-summary").get_attribute("data-review-total") == "0"
    for i, decision in enumerate(expected.decisions):
        assert decision.loss == 0 and wait_at(page, i)["loss"] == 0, i
        if i < len(expected.decisions) - 1:
            press(page, "review-next", "#dialog-review")
