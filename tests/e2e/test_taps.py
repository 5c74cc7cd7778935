"""Taps made as a person makes them, without waiting for the page to settle between them: a tap
acts on what was on screen when the finger touched, and work that finishes later (the coach's
hint) never lands on a game it was not asked for (another tab's move, the daily/practice
switch).

The taps are made by the touchscreen at a button's place, as a finger makes them: Playwright's
own tap waits for the page and checks what it would hit first, which a finger does not."""

from __future__ import annotations

import time

import pytest

from magdagdon.daily import DIFFICULTY, daily_seed
from magdagdon.game import Game, Phase
from magdagdon.hints import hint_for
from magdagdon.rules import EMPTY

from .harness import open_game
from .play import (
    calm,
    confirm,
    expect_game,
    open_seeded,
    roll,
    saved_game,
    stage,
    tap_cell,
    tap_die,
    wait_for,
)
from .strategy import en, plan_turn

#: The issue's game: SURVIVAL, dice 3 6 2 5; she stages die 0 on cell 11 and die 2 on cell 10.
SEED = 4044009392953130
HERS = ((0, 11), (2, 10))
GUARD_MS = 400
DAY = "2026-11-29"

# What the page did when: every tap (the button it landed on, the time the finger touched, the
# time it was handled) and the moments "Play it" appeared.
TIMELINE_JS = """
if (location.protocol.startsWith("http") && !window.__taps) {
  window.__taps = [];
  window.__appeared = [];
  document.addEventListener("click", (e) => {
    const button = e.target.closest && e.target.closest("[data-action]");
    window.__taps.push({action: button ? button.dataset.action : null, at: e.timeStamp,
                        handled: performance.now()});
  }, true);
  window.__downs = [];
  document.addEventListener("pointerdown", (e) => {
    window.__downs.push({at: e.timeStamp, handled: performance.now()});
  }, true);
  document.addEventListener("DOMContentLoaded", () => {
    const play = document.querySelector('.controls [data-action="apply-hint"]');
    new MutationObserver(() => { if (!play.hidden) window.__appeared.push(performance.now()); })
      .observe(play, {attributes: true, attributeFilter: ["hidden"]});
  });
}
"""


@pytest.fixture
def timed_page(shared_page):
    """One page for the module, its taps and "Play it" timed (for this test's visits only)."""
    with shared_page.add_init_script(TIMELINE_JS):
        yield shared_page


def centre(page, action: str) -> tuple[float, float]:
    box = page.locator(f'.controls [data-action="{action}"]').bounding_box()
    assert box is not None, action
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def her_dice_staged(page, site_url) -> Game:
    game = roll(page, open_seeded(page, site_url, SEED, "survival"))
    assert game.dice == (3, 6, 2, 5)
    for die, cell in HERS:
        game = stage(page, game, die, cell)
    return game


def settle(page, thinking_ms: int) -> None:
    """Wait for the coach to be done: the status line no longer says it thinks, then the
    rest of its work (a hint dropped late lands nothing, but must have had its chance)."""
    wait_for(
        page,
        "t => document.querySelector('#status .status-main').textContent !== t",
        en("status.thinking"),
        timeout=30_000,
    )
    page.wait_for_timeout(thinking_ms)
    page.evaluate("0")  # (answered only once the page's thread is free)


def outcome(page, game: Game) -> str:
    """What her CONFIRM tap did: confirmed her dice ("hers"), was held on "Play it" with her
    dice still staged ("held"), or played the coach's move ("coach")."""
    saved = saved_game(page)
    if saved == game.apply("confirm"):
        return "hers"
    if saved == game.apply("hint"):
        return "held"
    if saved == game.apply("hint").play(hint_for(game).actions):
        return "coach"
    return f"something else: {saved.moves} {saved.placements}"


@pytest.mark.parametrize("slowdown", [1, 4])
@pytest.mark.parametrize("delay_ms", [0, 60, 150, 300, 600])
def test_confirm_tapped_after_hint_never_plays_the_coachs_move(
    timed_page, site_url, slowdown, delay_ms
):
    page = calm(timed_page)
    game = her_dice_staged(page, site_url)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    try:
        hint, confirm = centre(page, "hint"), centre(page, "confirm")
        page.touchscreen.tap(*hint)
        time.sleep(delay_ms / 1000)
        page.touchscreen.tap(*confirm)
        settle(page, 600 * slowdown)
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        cdp.detach()
    taps = page.evaluate("window.__taps")
    appeared = page.evaluate("window.__appeared")
    touched = taps[-1]["at"]
    did = outcome(page, game)
    downs = page.evaluate("window.__downs.slice(-1)")
    print(
        f"CPU {slowdown}x, CONFIRM {delay_ms} ms after HINT: {did}; taps {taps[-2:]}, "
        f"down {downs}, Play it appeared at {appeared}"
    )
    assert taps[-2]["action"] == "hint"
    # When the page learnt of the finger: a task is never cut short, so a finger it learnt of
    # before "Play it" appeared was down before the hint was drawn, and the hint waits for it.
    seen = downs[0]["handled"]
    if not appeared or seen < appeared[-1]:
        assert did == "hers", "the page felt the finger on CONFIRM: her dice are confirmed"
    elif touched < appeared[-1]:  # while the page was busy (drawing the hint): CONFIRM, or held
        assert did in ("hers", "held"), "a tap as the hint was drawn confirms or is held"
    elif touched < appeared[-1] + GUARD_MS:
        assert did == "held", "a tap on a button that had only just appeared is held"
        assert page.locator("#status .status-main").inner_text() == en("status.held")
        assert page.locator("#announce").inner_text() == en("status.held")
    else:
        assert did in ("held", "coach")  # "Play it" tapped on purpose: it was there long enough


@pytest.mark.parametrize("seed", [32, 33])
def test_a_hint_on_show_goes_when_the_other_tab_changes_the_game(site_url, shared_page, seed):
    """Two tabs of the module's browser context: the module's page and a new one."""
    first = calm(shared_page)
    game = roll(first, open_seeded(first, site_url, seed, "peaceful"))
    second = first.context.new_page()
    try:
        two_tabs(first, calm(open_game(second, site_url)), game)
    finally:
        second.close()
        first.bring_to_front()


def two_tabs(first, second, game: Game) -> None:
    expect_game(second, game)
    first.bring_to_front()
    first.touchscreen.tap(*centre(first, "hint"))
    wait_for(first, "() => !document.querySelector('[data-action=apply-hint]').hidden")
    hint = hint_for(game)
    assert first.locator("[data-cell][data-ghost]").count() == len(hint.ghosts)
    # in the other tab, she stages a die the hint leaves free on a cell it leaves empty
    hinted = game.apply("hint")
    expect_game(second, hinted)
    die = next(d for d in hinted.available if d not in hint.dice)
    cell = next(c for c in hinted.legal[die] if c not in hint.ghosts)
    second.bring_to_front()
    tap_die(second, die)
    tap_cell(second, cell)
    moved = hinted.apply(f"stage {die} {cell}")
    # the first tab follows the stored game and shows no hint on it
    first.wait_for_function(
        "n => document.querySelectorAll('[data-cell][data-state=staged]').length === n",
        arg=1,
        polling=100,
    )
    expect_game(first, moved)
    assert first.locator("[data-cell][data-ghost]").count() == 0, "the old hint stays"
    assert first.locator('.controls [data-action="apply-hint"]').is_hidden()


def test_the_daily_practice_switch_drops_a_hint_under_way(new_context, site_url):
    context = new_context()
    context.clock.set_fixed_time(f"{DAY}T10:00:00")
    page = calm(context.new_page())
    seed = daily_seed(DAY)
    # her ordinary game is the very same game as the day's daily roll (its seed typed in)
    game = roll(page, open_seeded(page, site_url, seed, DIFFICULTY.value))
    page.tap('[data-action="daily"]')
    wait_for(page, "() => document.body.dataset.phase === 'roll'")
    page.tap('.controls [data-action="roll"]')
    wait_for(page, "() => document.body.dataset.phase !== 'roll'")
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    try:
        hint_at = centre(page, "hint")
        daily_at = page.locator('[data-action="daily"]').bounding_box()
        page.touchscreen.tap(*hint_at)
        # at once (before the coach starts), she switches back to her own game
        page.touchscreen.tap(
            daily_at["x"] + daily_at["width"] / 2, daily_at["y"] + daily_at["height"] / 2
        )
        settle(page, 2400)
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    assert saved_game(page) == game, "her own game, untouched"
    assert page.locator("[data-cell][data-ghost]").count() == 0
    assert page.locator('.controls [data-action="apply-hint"]').is_hidden()
    context.close()


#: Every animation the page starts: [element, animation name].
RECORD_MOTION_JS = """() => { window.__motion = [];
  document.addEventListener("animationstart", (e) => {
    const el = e.target;
    const name = el.dataset.die !== undefined ? `die:${el.dataset.die}` : `cell:${el.dataset.cell}`;
    window.__motion.push([name, e.animationName]);
  }); }"""


def _motion(page) -> list[tuple[str, str]]:
    return [tuple(m) for m in page.evaluate("window.__motion.splice(0)")]


def test_the_dice_roll_anew_each_turn_and_each_refusal_shakes(shared_page, site_url):
    # (an animation started again without laying the page out first: each start must show)
    page = shared_page
    page.emulate_media(reduced_motion="no-preference")
    game = open_seeded(page, site_url, SEED, "survival")
    page.evaluate(RECORD_MOTION_JS)
    for turn in range(2):
        if turn:
            for die, cell in plan_turn(game):
                game = stage(page, game, die, cell)
            game = confirm(page, game)
        game = roll(page, game)
        wait_for(page, "() => window.__motion.filter(([, n]) => n.startsWith('roll')).length >= 4")
        rolled = sorted(name for name, animation in _motion(page) if animation.startswith("roll"))
        assert rolled == [f"die:{d}" for d in range(4)], turn
    assert game.phase is Phase.PLACING
    die = game.available[0]
    tap_die(page, die)
    wrong = next(c for c in range(16) if game.board[c] == EMPTY and c not in game.legal[die])
    for time_ in range(3):
        tap_cell(page, wrong)
        wait_for(page, "c => window.__motion.some(([n]) => n === `cell:${c}`)", wrong)
        shaken = [animation for name, animation in _motion(page) if name == f"cell:{wrong}"]
        assert shaken[0].startswith("shake"), time_
