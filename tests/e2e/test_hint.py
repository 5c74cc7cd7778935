"""HINT and the coach in the page, by taps and keys: the hint's ghost dice stand on legal cells
exactly where the coach (run in CPython on the same game) would stage them, the page says the
coach is thinking first, "Play it" plays exactly that, a tap made while the coach thinks is
kept, the game-over screen shows the coach's score on the player's dice, and a game played
with a hint is marked in the best-scores table."""

from __future__ import annotations

from magdagdon.coach import suggest
from magdagdon.game import Game, Phase
from magdagdon.hints import hint_for
from magdagdon.share import number

from .harness import shot
from .play import (
    CORE_JS,
    calm,
    expect_game,
    open_seeded,
    play_to_end,
    press,
    roll,
    saved_game,
    view,
    wait_dialog,
    wait_for,
)
from .strategy import core_of, en

GHOSTS_JS = """() => Object.fromEntries([...document.querySelectorAll('[data-cell][data-ghost]')]
  .map((e) => [e.dataset.cell, e.dataset.ghost]))"""

# Every text the status line shows, from now on (to see the brief "thinking" state).
WATCH_STATUS_JS = """() => {
  window.__statuses = [];
  const status = document.querySelector('#status .status-main');
  new MutationObserver(() => window.__statuses.push(status.textContent))
    .observe(status, {childList: true, characterData: true, subtree: true});
}"""


def ghosts_on_page(page) -> dict[int, str]:
    return {int(cell): value for cell, value in page.evaluate(GHOSTS_JS).items()}


def ask(page, game: Game) -> Game:
    """HINT by a tap; waits for the ghost dice and checks them against the coach in CPython."""
    page.evaluate(WATCH_STATUS_JS)
    press(page, "hint")
    hint = hint_for(game)
    want = {cell: str(value) for cell, value in hint.ghosts.items()}
    if hint.ruin is not None:
        want[hint.ruin] = "ruin"
    wait_for(page, "() => !document.querySelector('[data-action=apply-hint]').hidden")
    assert ghosts_on_page(page) == want
    assert en("status.thinking") in page.evaluate("window.__statuses")
    return game.apply("hint")


def test_hint_shows_the_coachs_move_on_legal_cells_and_play_it_plays_it(shared_page, site_url):
    page = shared_page
    game = roll(page, open_seeded(page, site_url, 21, "peaceful"))
    assert game.phase is Phase.PLACING
    game = ask(page, game)
    v = view(page)
    assert v["status"].startswith(en("hint.place")), v["status"]
    assert v["buttons"]["hint"]["hidden"] and not v["buttons"]["apply-hint"]["hidden"]
    for cell in ghosts_on_page(page):
        assert v["cells"][cell]["state"] == "empty"
    label = page.get_attribute(f'[data-cell="{min(ghosts_on_page(page))}"]', "aria-label")
    assert "coach" in label, label
    shot(page, "phone-hint", animations="disabled")
    actions = suggest(game)
    press(page, "apply-hint")
    game = game.play(actions)
    expect_game(page, game)
    assert ghosts_on_page(page) == {}
    assert game.hints == 1


def test_any_other_tap_dismisses_the_hint_and_acts(shared_page, site_url):
    page = shared_page
    game = roll(page, open_seeded(page, site_url, 22, "survival"))
    game = ask(page, game)
    die = game.available[-1]
    page.tap(f'[data-die="{die}"]')
    wait_for(page, "() => !document.querySelector('[data-cell][data-ghost]')")
    assert view(page)["dice"][die]["state"] == "selected"
    expect_game(page, game)


def test_a_tap_while_the_coach_thinks_is_kept(shared_page, site_url):
    page = shared_page
    game = roll(page, open_seeded(page, site_url, 23, "peaceful"))
    die, cells = next((d, c) for d, c in game.legal.items() if c)
    page.tap(f'[data-die="{die}"]')
    press(page, "hint")
    page.tap(f'[data-cell="{cells[0]}"]')  # at once, before or while the coach thinks
    staged = game.apply(f"stage {die} {cells[0]}")
    page.wait_for_function(CORE_JS, arg=core_of(staged), polling="raf")
    page.wait_for_timeout(300)  # the coach's turn, had it been asked before the tap
    # The tap is never lost; the hint counts only if the coach answered before the tap came.
    hinted = "hint" in saved_game(page).moves
    expect_game(page, game.apply("hint").apply(f"stage {die} {cells[0]}") if hinted else staged)
    assert ghosts_on_page(page) == {}


def test_keys_h_and_p_ask_and_play(shared_page, site_url):
    page = shared_page
    game = roll(page, open_seeded(page, site_url, 24, "nightmare"))
    page.keyboard.press("h")
    wait_for(page, "() => !document.querySelector('[data-action=apply-hint]').hidden")
    game = game.apply("hint")
    actions = suggest(game)
    page.keyboard.press("p")
    expect_game(page, game.play(actions))


def test_the_game_over_screen_shows_the_coach_on_your_dice_and_marks_hints(page, site_url):
    calm(page)
    game = roll(page, open_seeded(page, site_url, 25, "survival"))
    game = ask(page, game)
    actions = suggest(game)
    press(page, "apply-hint")
    game = game.play(actions)
    expect_game(page, game)
    play_to_end(page, game)
    wait_dialog(page, "over")
    coach = Game.new("survival", 25)
    while not coach.is_over:
        coach = coach.play(suggest(coach))
    want = en("gameover.coach", score=number(coach.score))
    wait_for(page, "t => document.querySelector('#over-coach').textContent === t", want)
    hints = page.text_content("#over-hints")
    assert hints == en("gameover.hints", count=1), hints
    mark = page.locator("#over-table tr.mine .hints-mark")
    assert mark.get_attribute("aria-label") == en("scores.hints", count=1)
    shot(page, "phone-over-coach", animations="disabled")
