"""The language fixes in the browser: dates in the player's region (an en-GB browser reads
30/11/2026, an en-US one 11/30/26), the game-over texts put together by the catalogues, and
Catalan's powers label (NIGHTMARE has none; a PEACEFUL count and next cost joined by its format
string) and a legal cell's spoken name."""

from __future__ import annotations

import json
import re

import pytest

from magdagdon.i18n import LANGUAGES, Translator

from .harness import REPO_ROOT, open_game, seed_storage, shot
from .strategy import played

CATALOGS = {
    lang: json.loads((REPO_ROOT / "i18n" / f"{lang}.json").read_text("utf-8")) for lang in LANGUAGES
}
DAY = "2026-11-30"


def _context(new_context, values: dict[str, str]):
    """A context whose localStorage holds ``values`` on the first visit (not after a reload).
    Its locale (the browser's language) is the test's ``browser_context_args`` mark: the
    fixture's own arguments already name one."""
    context = new_context(reduced_motion="reduce")
    seed_storage(context, values)
    return context


def _settings(language: str, difficulty: str) -> str:
    return json.dumps({"schema": 1, "language": language, "difficulty": difficulty})


TABLE_ROWS = """sel => [...document.querySelectorAll(sel + " tr")]
  .map(tr => [...tr.children].map(c => c.textContent.trim()))"""


@pytest.mark.parametrize(
    ("locale", "shown", "pattern"),
    [
        pytest.param(
            "en-GB",
            "30/11/2026",
            r"\d{2}/\d{2}/\d{4}",
            marks=pytest.mark.browser_context_args(locale="en-GB"),
        ),
        pytest.param(
            "en-US",
            "11/30/26",
            r"\d{1,2}/\d{1,2}/\d{2}",
            marks=pytest.mark.browser_context_args(locale="en-US"),
        ),
    ],
)
def test_best_score_dates_follow_the_browsers_region(site_url, new_context, locale, shown, pattern):
    entries = [
        {"score": 400 - 37 * n, "date": f"2026-11-{30 - n:02d}", "turns": 9, "powers": n % 2}
        for n in range(3)
    ]
    game = played("survival", 8)  # over, with a TWO PAIRS in column 4
    values = {
        "magdagdon.v1.settings": _settings("en", "survival"),
        "magdagdon.v1.game": json.dumps(game.to_dict()),
        "magdagdon.v1.best.survival": json.dumps({"schema": 1, "entries": entries}),
    }
    page = _context(new_context, values).new_page()
    open_game(page, site_url)
    assert page.evaluate("navigator.language") == locale
    assert page.evaluate("document.documentElement.lang") == "en"  # the game's language

    # The game-over dialog: its table, titled by one format string, dated the region's way.
    page.wait_for_selector("#dialog-over[open] #over-table tr")
    assert page.locator("#over-table-title").text_content() == "Best scores — SURVIVAL"
    en = Translator(CATALOGS, "en")
    bonuses = [
        f"{en.t(f'line.{line.kind}', n=line.index + 1)} — {en.t('bonus.' + line.bonus.value)}"
        for line in game.breakdown.lines
        if line.bonus
    ]
    assert bonuses == ["Column 4 — TWO PAIRS"]
    assert page.locator("#over-breakdown .bonus-name").all_text_contents() == bonuses
    over = page.evaluate(TABLE_ROWS, "#over-table")
    dates = [row[2] for row in over[1:]]
    assert all(re.fullmatch(pattern, d) for d in dates), dates
    page.tap('#dialog-over [data-action="close"]')

    # BEST SCORES: the same dates.
    page.tap('.top [data-action="scores"]')
    page.tap('#dialog-scores [data-action="scores-tab"][data-value="survival"]')
    page.wait_for_function(
        "document.querySelector(\"#dialog-scores [data-value='survival']\")"
        ".getAttribute('aria-selected') === 'true'"
    )
    rows = page.evaluate(TABLE_ROWS, "#scores-table")
    assert [row[1] for row in rows[1:4]] == ["400", "363", "326"], rows
    assert rows[1][2] == shown, rows
    assert all(re.fullmatch(pattern, row[2]) for row in rows[1:]), rows


@pytest.mark.browser_context_args(locale="ca-ES")
def test_catalan_powers_label_and_legal_cells(site_url, new_context):
    ca = Translator(CATALOGS, "ca")
    values = {"magdagdon.v1.settings": _settings("ca", "nightmare")}
    page = _context(new_context, values).new_page()
    open_game(page, site_url)
    assert page.evaluate("document.documentElement.lang") == "ca"
    assert page.locator("#powers-left").text_content() == "NIGHTMARE no en té"
    assert page.locator("#powers-left").text_content() == ca.t("label.no_powers")

    # PEACEFUL: the uses left and the next cost, joined by the catalogue's format string.
    open_game(page, site_url, "?seed=51&difficulty=peaceful")
    left = ca.t("label.powers_left", count=3)
    wanted = ca.t("label.powers_next", left=left, next=ca.t("label.next_cost", cost=10))
    assert wanted == "en queden 3 · següent −10"
    page.tap('[data-action="roll"]')
    page.wait_for_function("document.body.dataset.phase === 'placing'")
    assert page.locator("#powers-left").text_content() == wanted

    # A legal cell's spoken name: the cell, then that the chosen die can go there.
    cell = page.locator('[data-cell][data-legal="true"]').first
    label = cell.get_attribute("aria-label")
    index = int(cell.get_attribute("data-cell"))
    name = ca.t("cell.label", row=index // 4 + 1, column=index % 4 + 1, content=ca.t("cell.empty"))
    assert label == ca.t("cell.label.note", label=name, note=ca.t("cell.legal")), label


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_take_back_all_button_fits_a_phone(site_url, new_context, language):
    """Its longer words ("Grąžinti visus", "எல்லாம் திரும்ப எடு") stay inside the button,
    beside CONFIRM and the hint button, on a 360 px phone."""
    values = {"magdagdon.v1.settings": _settings(language, "peaceful")}
    page = _context(new_context, values).new_page()
    open_game(page, site_url, "?seed=51&difficulty=peaceful")
    page.tap('[data-action="roll"]')
    page.wait_for_function("document.body.dataset.phase === 'placing'")
    page.tap('[data-cell][data-legal="true"]')
    undo = page.locator('.controls [data-action="undo"]')
    undo.wait_for(state="visible")
    assert undo.text_content() == CATALOGS[language]["button.undo"]
    shot(page, f"language-fixes-{language}-take-back")
    fits = page.evaluate(
        """() => [...document.querySelectorAll('.controls .primary-row > :not([hidden])')]
          .map(el => [el.dataset.action, el.scrollWidth <= el.clientWidth + 1
                      && el.scrollHeight <= el.clientHeight + 1
                      && el.getBoundingClientRect().right <= innerWidth + 1])"""
    )
    assert all(ok for _, ok in fits), fits
    broken = page.evaluate(WORDS_BROKEN, '.controls [data-action="undo"]')
    assert broken == [], f"words broken across lines: {broken}"
    height = page.evaluate("document.scrollingElement.scrollHeight")
    assert height <= page.viewport_size["height"], f"the playing screen scrolls: {height}"


#: The words of an element's text that its lines break inside (each word must be one box).
WORDS_BROKEN = """sel => {
  const text = document.querySelector(sel).firstChild;
  const broken = [];
  for (const m of text.data.matchAll(/\\S+/g)) {
    const range = document.createRange();
    range.setStart(text, m.index);
    range.setEnd(text, m.index + m[0].length);
    const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
    if (tops.size > 1) broken.push(m[0]);
  }
  return broken;
}"""
