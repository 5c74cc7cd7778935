"""Kept for good, in the browser: the invitation to install after a finished game (Chromium's own
prompt kept and called from her tap; none where the game runs installed; "not now" holding), the
iPhone's and iPad's sheet of two taps, and the reminder to back up on the player's clock (15 days
after one game; cleared by a backup made by taps; an imported backup's games held)."""

from __future__ import annotations

import json

import pytest

from magdagdon.backup import code_of
from magdagdon.rules import Difficulty

from ..unit.sessions import player
from .harness import open_game, shot
from .play import (
    calm,
    dismiss_notices,
    expect_game,
    play_to_end,
    press,
    reload,
    tap,
    wait_dialog,
    wait_for,
)
from .strategy import GAME_KEY, en, near_end, save_json

BACKED_KEY = "magdagdon.v1.backed"
DAY, LATER = "2026-12-05", "2026-12-20"
#: BeforeInstallPromptEvent's prompt() observed: counted, and answered without a real prompt.
PROMPT_SPY = """
window.__prompts = 0;
if (self.BeforeInstallPromptEvent) {
  BeforeInstallPromptEvent.prototype.prompt = function () {
    window.__prompts += 1;
    return Promise.resolve({ outcome: "dismissed" });
  };
}
"""
IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
)
IPAD = (
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/18.1 Safari/605.1.15"
)
TOUCH_POINTS = "Object.defineProperty(Navigator.prototype, 'maxTouchPoints', { get: () => 5 });"
#: The page as an installed app sees itself: ``display-mode: standalone`` matched. (CDP's
#: Emulation.setEmulatedMedia takes the feature but Debian's Chromium 156 does not apply it to
#: display-mode; the query is answered here, before the page's first script.)
STANDALONE = """
const realMatchMedia = window.matchMedia.bind(window);
window.matchMedia = (query) =>
  /display-mode:\\s*standalone/.test(query) ? realMatchMedia("all") : realMatchMedia(query);
"""
OPEN_JS = "() => [...document.querySelectorAll('dialog[open]')].map(d => d.id)"


def finish_a_game(page, seed: int) -> None:
    """A game one turn from its end kept in storage, the page reloaded, the turn played by taps
    to its end: the game-over sheet."""
    game = near_end("peaceful", seed)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [GAME_KEY, save_json(game)])
    reload(page)
    expect_game(page, game)
    dismiss_notices(page)
    play_to_end(page, game)
    wait_dialog(page, "over")


def close_over(page) -> None:
    tap(page, '#dialog-over [data-action="close"]')
    page.wait_for_function("() => !document.getElementById('dialog-over').open")
    page.wait_for_timeout(300)  # (an invitation would open in its place at once)


def visible(page, selector: str) -> bool:
    return page.locator(selector).first.is_visible()


# -- Chromium's own prompt -----------------------------------------------------------------------
@pytest.fixture
def installable(disk_context, site_url):
    """The built site in Chromium on a profile of its own, its service worker in charge, where
    Chromium offers to install it (``beforeinstallprompt`` kept by the page)."""
    context = disk_context(args=("--bypass-app-banner-engagement-checks",))
    context.add_init_script(PROMPT_SPY)
    context.clock.set_fixed_time(f"{DAY}T10:00:00")
    page = calm(context.pages[0] if context.pages else context.new_page())
    open_game(page, site_url)
    wait_for(page, "() => Boolean(navigator.serviceWorker.controller)", timeout=60_000)
    reload(page)
    wait_for(page, "() => window.magdagdonBrowser().how === 'prompt'", timeout=30_000)
    return page


def test_after_a_first_finished_game_install_calls_the_kept_prompt(installable):
    page = installable
    assert page.evaluate("localStorage.getItem('magdagdon.v1.history')") is None  # her first
    finish_a_game(page, 3)
    close_over(page)
    wait_dialog(page, "install")
    assert visible(page, '#dialog-install [data-action="install"]')
    assert page.locator("#install-storage").text_content() == en("settings.storage.may-clear")
    shot(page, "keeping-invitation")
    tap(page, '#dialog-install [data-action="install"]')
    wait_for(page, "() => window.__prompts === 1")
    wait_dialog(page, None)


def test_not_offered_where_the_game_runs_installed(installable):
    page = installable
    cdp = page.context.new_cdp_session(page)
    features = [{"name": "display-mode", "value": "standalone"}]
    cdp.send("Emulation.setEmulatedMedia", {"features": features})
    if not page.evaluate("matchMedia('(display-mode: standalone)').matches"):
        page.context.add_init_script(STANDALONE)
        reload(page)
    wait_for(page, "() => matchMedia('(display-mode: standalone)').matches")
    assert page.evaluate("window.magdagdonBrowser().installed")
    finish_a_game(page, 3)
    close_over(page)
    assert page.evaluate(OPEN_JS) == []
    press(page, "settings", ".top")
    wait_dialog(page, "settings")
    assert not visible(page, '#dialog-settings [data-action="invite"]')


def test_not_now_holds_across_a_reload_until_she_asks_from_settings(installable):
    page = installable
    finish_a_game(page, 3)
    close_over(page)
    wait_dialog(page, "install")
    tap(page, '#dialog-install [data-action="install-later"]')
    wait_dialog(page, None)
    assert json.loads(page.evaluate(f"localStorage.getItem({BACKED_KEY!r})"))["declined"]
    page.context.clock.set_fixed_time("2026-12-07T10:00:00")  # (another day: not the reason)
    reload(page)
    wait_for(page, "() => window.magdagdonBrowser().how === 'prompt'", timeout=30_000)
    finish_a_game(page, 5)
    close_over(page)
    assert page.evaluate(OPEN_JS) == []
    press(page, "settings", ".top")
    wait_dialog(page, "settings")
    tap(page, '#dialog-settings [data-action="invite"]')
    wait_dialog(page, "install")
    tap(page, '#dialog-install [data-action="install"]')
    wait_for(page, "() => window.__prompts === 1")


# -- iPhone and iPad Safari: the two taps --------------------------------------------------------
@pytest.mark.parametrize("agent", ["iphone", "ipad"])
def test_safari_on_iphone_and_ipad_shows_the_two_taps_once(new_context, site_url, agent):
    context = new_context(user_agent=IPHONE if agent == "iphone" else IPAD)
    if agent == "ipad":
        context.add_init_script(TOUCH_POINTS)
    context.clock.set_fixed_time(f"{DAY}T10:00:00")
    page = calm(context.new_page())
    open_game(page, site_url)
    assert page.evaluate("window.magdagdonBrowser().how") == "ios"
    finish_a_game(page, 3)
    close_over(page)
    wait_dialog(page, "install")
    assert page.locator("#dialog-install").get_attribute("data-how") == "ios"
    steps = page.locator('#dialog-install [data-for="ios"] li')
    assert steps.count() == 2 and all(steps.nth(n).is_visible() for n in range(2))
    assert page.locator("#dialog-install .ios-glyph").count() == 2
    assert steps.nth(1).text_content() == en("install.ios.add")
    assert not visible(page, '#dialog-install [data-action="install"]')
    assert page.locator("#install-storage").text_content() == en("settings.storage.safari")
    shot(page, f"keeping-{agent}")
    tap(page, '#dialog-install [data-action="close"]')
    wait_dialog(page, None)
    press(page, "settings", ".top")  # SETTINGS says it in Safari's words too
    wait_dialog(page, "settings")
    wait_for(page, "t => document.getElementById('storage-state').textContent === t",
             en("settings.storage.safari"))  # fmt: skip
    tap(page, '#dialog-settings [data-action="close"]')
    wait_dialog(page, None)
    finish_a_game(page, 5)  # the same day: not again
    close_over(page)
    assert page.evaluate(OPEN_JS) == []


# -- the reminder to back up -------------------------------------------------------------------
@pytest.fixture
def dated(new_context, site_url):
    context = new_context()
    context.clock.set_fixed_time(f"{DAY}T10:00:00")
    page = calm(context.new_page())
    open_game(page, site_url)
    return page


def open_stats(page) -> None:
    press(page, "scores", ".top")
    wait_dialog(page, "scores")
    tap(page, '#dialog-scores [data-action="stats"]')
    wait_dialog(page, "stats")


def test_fifteen_days_after_a_game_the_nudge_then_a_backup_by_taps_clears_it(dated):
    page = dated
    finish_a_game(page, 3)
    assert not visible(page, '#dialog-over [data-nudge="backup"]')
    close_over(page)
    page.context.clock.set_fixed_time(f"{LATER}T10:00:00")
    open_stats(page)
    wait_for(page, "() => !document.querySelector('#dialog-stats [data-nudge]').hidden")
    assert page.locator('#dialog-stats [data-nudge="backup"]').is_visible()
    tap(page, '#dialog-stats [data-action="close"]')
    wait_dialog(page, None)
    finish_a_game(page, 5)  # the next game over
    nudge = '#dialog-over [data-nudge="backup"]'
    assert visible(page, nudge)
    assert page.locator(nudge).text_content().startswith(en("keep.nudge"))
    with page.expect_download() as download:
        tap(page, f'{nudge} [data-action="backup-now"]')
    assert download.value.suggested_filename == "magdagdon-backup.json"
    wait_for(page, "() => document.querySelector('#dialog-over [data-nudge]').hidden")
    close_over(page)
    open_stats(page)
    assert not visible(page, '#dialog-stats [data-nudge="backup"]')


def test_an_imported_backups_games_count_as_held(dated):
    page = dated
    theirs = player([(Difficulty.SURVIVAL, s) for s in range(1, 13)])
    press(page, "settings", ".top")
    wait_dialog(page, "settings")
    tap(page, '#dialog-settings [data-action="import"]')
    wait_dialog(page, "backup")
    page.fill("[data-import-code]", code_of(theirs.session))
    tap(page, '#dialog-backup [data-action="import-go"]')
    wait_for(page, "t => document.getElementById('backup-said').textContent === t",
             en("backup.imported", count=12, refused=0))  # fmt: skip
    tap(page, '#dialog-backup [data-action="close"]')
    wait_dialog(page, None)
    page.context.clock.set_fixed_time(f"{LATER}T10:00:00")
    open_stats(page)
    page.wait_for_timeout(300)
    assert not visible(page, '#dialog-stats [data-nudge="backup"]')
