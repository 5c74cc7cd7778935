"""Every screen in every language at 360×640: nothing overflows or is cut off, the playing
screen never scrolls, and switching the language mid-turn keeps the roll and the staged dice.
Screenshots of each screen land in tests/e2e/screenshots/lang-<language>-<screen>.png.

Every test starts the game afresh, as a new browser would (storage holding only what the test puts
there: harness.fresh_start), on the module's page: one browser context serves them all (a
new context's first start costs the browser about twice a later one)."""

from __future__ import annotations

import json

import pytest

from magdagdon.daily import daily_seed
from magdagdon.i18n import LANGUAGES

from .harness import REPO_ROOT, fresh_start, open_game, shot
from .strategy import (
    TEN_BEST,
    played,
)

CATALOGS = {
    lang: json.loads((REPO_ROOT / "i18n" / f"{lang}.json").read_text("utf-8")) for lang in LANGUAGES
}

#: Elements whose own box may scroll (long dialogs); their children are still checked.
OVERFLOW = """() => {
  const bad = [];
  for (const el of document.querySelectorAll('body *')) {
    if (!el.getClientRects().length) continue;
    if (el.closest('[hidden], dialog:not([open]), .sr-only')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden') continue;
    if (el.matches('dialog, .rules, .scores-table, .confetti, .confetti *')) continue;
    if (el.matches('textarea.code, svg *')) continue;  // a long code scrolls; a plot scales
    const wide = el.scrollWidth > el.clientWidth + 1;
    const tall = el.scrollHeight > el.clientHeight + 1 && style.overflowY !== 'visible';
    const rect = el.getBoundingClientRect();
    const outside = rect.right > innerWidth + 1 || rect.left < -1;
    if (el.clientWidth && (wide || tall || outside)) {
      bad.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${el.className}: `
        + `${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight} `
        + `"${(el.textContent || '').trim().slice(0, 40)}"`);
    }
  }
  if (document.documentElement.scrollWidth > innerWidth) bad.push('the page scrolls sideways');
  return bad;
}"""


CELLS = "[...document.querySelectorAll('[data-cell]')].map(c => c.dataset.state + c.dataset.value)"


def _start(page, url: str, language: str, extra: dict[str, str] | None = None, query: str = ""):
    """The game in ``language`` started afresh on the module's page (with ``extra`` stored)."""
    page.emulate_media(reduced_motion="reduce")  # the layout at rest, not mid-animation
    values = {
        "magdagdon.v1.settings": json.dumps(
            {"schema": 1, "language": language, "difficulty": "nightmare"}
        )
    }
    values.update(extra or {})
    return fresh_start(page, url, values, query)


def _check(page, language: str, screen: str, *, one_screen: bool = False) -> None:
    shot(page, f"lang-{language}-{screen}")
    problems = page.evaluate(OVERFLOW)
    assert problems == [], f"{language} {screen}: {problems}"
    if one_screen:
        height = page.evaluate("document.scrollingElement.scrollHeight")
        assert height <= page.viewport_size["height"], f"{language} {screen} scrolls: {height}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_screen_fits_a_phone(site_url, shared_page, language):
    # its first roll is MAGDAGDON
    page = _start(shared_page, site_url, language, query="?seed=1&difficulty=nightmare")
    assert page.evaluate("document.documentElement.lang") == language
    assert page.locator('[data-action="roll"]').inner_text() == CATALOGS[language]["button.roll"]
    _check(page, language, "roll", one_screen=True)
    page.tap('[data-action="roll"]')
    page.wait_for_function("document.body.dataset.phase === 'magdagdon'")
    _check(page, language, "magdagdon", one_screen=True)
    page.tap('.controls [data-action="hint"]')
    page.wait_for_selector('.controls [data-action="apply-hint"]:not([hidden])')
    _check(page, language, "magdagdon-hint", one_screen=True)
    page.tap('[data-action="accept-magdagdon"]')
    _check(page, language, "ruin", one_screen=True)
    page.tap('[data-cell="15"]')
    page.tap('[data-action="roll"]')
    page.wait_for_function("['placing', 'magdagdon'].includes(document.body.dataset.phase)")
    if page.evaluate("document.body.dataset.phase") == "placing":
        page.tap('[data-cell][data-legal="true"]')
        page.tap('[data-cell="0"]')  # not legal (or taken): the reason is shown
        _check(page, language, "placing", one_screen=True)
        page.tap('.controls [data-action="hint"]')
        page.wait_for_selector('.controls [data-action="apply-hint"]:not([hidden])')
        _check(page, language, "hint", one_screen=True)
    for dialog in ("settings", "scores", "rules", "about"):
        page.tap(f'.top [data-action="{dialog}"]')
        _check(page, language, dialog)
        page.tap(f'#dialog-{dialog} [data-action="close"]')
    page.tap('.top [data-action="about"]')
    page.tap('#dialog-about [data-action="gift"]')
    _check(page, language, "gift")
    page.tap('#dialog-gift [data-action="close"]')
    page.tap('.top [data-action="settings"]')
    page.tap('#dialog-settings [data-action="difficulty"][data-value="peaceful"]')
    _check(page, language, "confirm-new")
    page.tap('#dialog-confirm-new [data-action="confirm-no"]')


@pytest.mark.parametrize("language", LANGUAGES)
def test_game_over_and_best_scores_fit_a_phone(site_url, shared_page, language):
    saved = played("survival", 8).to_dict()
    entries = TEN_BEST
    extra = {
        "magdagdon.v1.game": json.dumps(saved),
        "magdagdon.v1.best.survival": json.dumps({"schema": 1, "entries": entries}),
    }
    page = _start(shared_page, site_url, language, extra)
    assert page.locator("#dialog-over").is_visible()
    _check(page, language, "over")
    page.tap('#dialog-over [data-action="close"]')
    _check(page, language, "over-board", one_screen=True)
    page.tap('.top [data-action="scores"]')
    page.tap('#dialog-scores [data-action="scores-tab"][data-value="survival"]')
    _check(page, language, "scores-full")
    page.tap('#dialog-scores [data-action="stats"]')
    page.wait_for_selector("#dialog-stats[open] svg[role=img]")
    _check(page, language, "stats")
    page.tap('#dialog-stats [data-action="close"]')
    page.tap('.top [data-action="settings"]')
    page.tap('#dialog-settings [data-action="export"]')
    page.wait_for_selector("#backup-out:not([hidden])")
    _check(page, language, "backup")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_daily_roll_and_a_challenge_fit_a_phone(site_url, shared_page, language):
    day = "2026-11-29"  # (the plain strategy finishes its dice)
    finished = {**played("survival", daily_seed(day)).to_dict(), "day": day, "practice": False}
    extra = {
        "magdagdon.v1.daily": json.dumps({**finished, "front": True}),
        "magdagdon.v1.game": json.dumps(played("peaceful", 3, until_empty=10).to_dict()),
    }
    page = _start(shared_page, site_url, language, extra)
    page.wait_for_selector("#dialog-over[open] #over-daily:not(:empty)")
    texts = CATALOGS[language]
    assert page.locator("#over-title").inner_text() == texts["gameover.daily.title"]
    assert page.locator("#over-new-game").inner_text() == texts["button.your_game"]
    _check(page, language, "daily-over")
    page.tap('#dialog-over [data-action="close"]')
    assert page.locator("#difficulty").inner_text() == texts["daily.chip"]
    _check(page, language, "daily-board", one_screen=True)
    page.tap('.top [data-action="scores"]')
    page.tap('#dialog-scores [data-action="scores-tab"][data-value="daily"]')
    _check(page, language, "scores-daily")
    open_game(page, site_url, f"?daily={day}&vs=212")  # that day again, to beat 212: practice
    page.wait_for_selector("#score-label[data-target]")
    assert page.locator("#difficulty").inner_text() == texts["daily.chip.practice"]
    _check(page, language, "daily-challenge", one_screen=True)


def test_switching_language_mid_turn_keeps_the_roll_and_the_staged_dice(site_url, shared_page):
    page = shared_page
    page.emulate_media(reduced_motion="null")  # (motion as the browser has it)
    fresh_start(page, site_url, {}, "?seed=51")  # (nothing stored: the browser's language)
    page.tap('[data-action="roll"]')
    page.wait_for_function("document.body.dataset.phase === 'placing'")
    page.tap('[data-cell][data-legal="true"]')
    before = page.evaluate("localStorage['magdagdon.v1.game']")
    board = page.evaluate(CELLS)
    for language in ("ta", "lt", "ca", "en"):
        page.tap('.top [data-action="settings"]')
        page.tap(f'#dialog-settings [data-action="language"][data-value="{language}"]')
        page.tap('#dialog-settings [data-action="close"]')
        assert page.evaluate("document.documentElement.lang") == language
        assert (
            page.locator('.top [data-action="rules"]').get_attribute("aria-label")
            == (CATALOGS[language]["nav.rules"])
        )
        assert page.evaluate("localStorage['magdagdon.v1.game']") == before
        assert board == page.evaluate(CELLS)
    saved = json.loads(page.evaluate("localStorage['magdagdon.v1.settings']"))
    assert saved["language"] == "en"


def test_a_broken_catalogue_falls_back_to_english_with_a_notice(source_url, shared_page):
    # Served from the sources, where each catalogue is a request of its own (a built site
    # carries them inside its archive).
    page = shared_page
    broken = "**/i18n/ca.json"
    page.route(broken, lambda route: route.fulfill(status=200, body="{not json"))
    try:
        _start(page, source_url, "ca")
        roll = page.locator('[data-action="roll"]').inner_text()
        assert roll == CATALOGS["en"]["button.roll"]
        assert CATALOGS["en"]["notice.catalog"] in page.locator("#notices").inner_text()
    finally:
        page.unroute(broken)
