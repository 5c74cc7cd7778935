"""The game on a 360×640 touch screen: one screen without scrolling, big enough tap targets,
nothing covering the controls; the SETTINGS, BEST SCORES, RULES and ABOUT dialogs; changing the
difficulty (asked first while a game is in progress)."""

from __future__ import annotations

import json

from magdagdon.game import Phase
from magdagdon.records import MemoryStore
from magdagdon.rules import Difficulty
from magdagdon.session import Session

from .harness import PHONE, open_game, shot
from .play import (
    expect_game,
    open_seeded,
    press,
    reload,
    roll,
    saved_game,
    stage,
    tap,
    view,
    wait_dialog,
)
from .strategy import (
    SETTINGS_KEY,
    en,
    plan_turn,
    played,
)

RULE_SECTIONS = (
    "objective",
    "turn",
    "difficulty",
    "placement",
    "powers",
    "magdagdon",
    "scoring",
    "end",
    "about",
)

LAYOUT_JS = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height, right: r.right, bottom: r.bottom}; };
  const visible = (el) => !el.hidden && el.getClientRects().length > 0;
  const targets = [...document.querySelectorAll(
    "[data-cell], [data-die], .controls [data-action], header [data-action]")].filter(visible);
  return {
    viewport: [innerWidth, innerHeight],
    scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
    targets: targets.map((el) => ({
      name: el.dataset.cell !== undefined ? "cell " + el.dataset.cell
          : el.dataset.die !== undefined ? "die " + el.dataset.die : el.dataset.action,
      ...box(el),
    })),
  };
}"""

# For each visible control: is its centre covered by something that is not part of it?
COVERED_JS = """() => [...document.querySelectorAll(
    "[data-cell], [data-die], .controls [data-action]")]
  .filter((el) => !el.hidden && el.getClientRects().length > 0)
  .filter((el) => { const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== null && !el.contains(top); })
  .map((el) => el.dataset.cell !== undefined ? "cell " + el.dataset.cell
             : el.dataset.die !== undefined ? "die " + el.dataset.die : el.dataset.action)"""


def check_one_screen(page, phase: str) -> None:
    layout = page.evaluate(LAYOUT_JS)
    width, height = layout["viewport"]
    assert (width, height) == (360, 640)
    assert layout["scroll"][0] <= width, f"{phase}: horizontal scrolling {layout['scroll']}"
    assert layout["scroll"][1] <= height, f"{phase}: the page scrolls {layout['scroll']}"
    for t in layout["targets"]:
        assert t["x"] >= 0 and t["right"] <= width, f"{phase}: {t['name']} off screen {t}"
        assert t["y"] >= 0 and t["bottom"] <= height, f"{phase}: {t['name']} off screen {t}"
        # Play controls at least 40 px (a fingertip); the header icons at least 32 px.
        least = 32 if t["name"] in ("daily", "scores", "rules", "settings", "about") else 40
        # (a half pixel spared: a die's pop ends at scale 1, and a box caught in its last frame
        # measures 39.99 px on a loaded machine)
        assert min(t["w"], t["h"]) >= least - 0.5, f"{phase}: {t['name']} is a small tap target {t}"


def test_the_game_fits_one_phone_screen(shared_page, site_url):
    page = shared_page
    game = open_seeded(page, site_url, 2, "nightmare")
    check_one_screen(page, "roll")
    game = roll(page, game)
    check_one_screen(page, "placing")
    die, cell = plan_turn(game)[0]
    stage(page, game, die, cell)
    check_one_screen(page, "staged")
    cells = [t for t in page.evaluate(LAYOUT_JS)["targets"] if t["name"].startswith("cell")]
    assert min(c["w"] for c in cells) >= 56, "board cells should be large on a phone"


def test_notices_leave_the_controls_usable(shared_page, site_url):
    """A notice (here: a bad link) must not sit on top of the board, the dice or the buttons:
    at 360×640 the player could not press ROLL without first closing every notice."""
    page = shared_page
    open_game(page, site_url, "?seed=not-a-number")
    assert view(page)["notices"], "the bad link should show a notice"
    shot(page, "phone-notice-over-controls", animations="disabled")
    covered = page.evaluate(COVERED_JS)
    assert covered == [], f"covered by a notice: {covered}"


def test_changing_difficulty_asks_first_while_a_game_is_in_progress(shared_page, site_url):
    page = shared_page
    game = open_seeded(page, site_url, 40, "peaceful")

    # No game in progress (nothing played yet): the change is immediate.
    press(page, "settings", "header")
    wait_dialog(page, "settings")
    pressed = page.evaluate(
        """() => [...document.querySelectorAll("#dialog-settings [data-action=difficulty]")]
                 .map((b) => [b.dataset.value, b.getAttribute("aria-pressed")])"""
    )
    assert pressed == [["peaceful", "true"], ["survival", "false"], ["nightmare", "false"]]
    shot(page, "phone-settings", animations="disabled")
    tap(page, '#dialog-settings [data-action="difficulty"][data-value="survival"]')
    page.wait_for_function("document.body.dataset.difficulty === 'survival'")
    v = view(page)
    assert "dialog-confirm-new" not in v["dialogs"], "nothing to lose: no question"
    game = saved_game(page)
    assert game.difficulty.value == "survival" and game.moves == ()
    expect_game(page, game)
    settings = json.loads(page.evaluate(f"localStorage.getItem({SETTINGS_KEY!r})"))
    assert settings["difficulty"] == "survival"
    if v["dialogs"]:
        press(page, "close", "#dialog-settings")
        wait_dialog(page, None)

    # A game in progress: asked first; "keep playing" keeps it untouched.
    game = roll(page, game)
    die, cell = plan_turn(game)[0]
    game = stage(page, game, die, cell)
    press(page, "settings", "header")
    wait_dialog(page, "settings")
    tap(page, '#dialog-settings [data-action="difficulty"][data-value="nightmare"]')
    wait_dialog(page, "confirm-new")
    shot(page, "phone-confirm-new", animations="disabled")
    press(page, "confirm-no", "#dialog-confirm-new")
    wait_dialog(page, None)
    expect_game(page, game)
    assert page.evaluate("document.body.dataset.difficulty") == "survival"

    # Asked again and accepted: a new NIGHTMARE game, which a reload keeps.
    press(page, "settings", "header")
    wait_dialog(page, "settings")
    tap(page, '#dialog-settings [data-action="difficulty"][data-value="nightmare"]')
    wait_dialog(page, "confirm-new")
    press(page, "confirm-yes", "#dialog-confirm-new")
    wait_dialog(page, None)
    page.wait_for_function("document.body.dataset.difficulty === 'nightmare'")
    fresh = saved_game(page)
    assert fresh.difficulty.value == "nightmare" and fresh.phase is Phase.ROLL
    assert fresh.moves == ()
    v = expect_game(page, fresh)
    assert [c["state"] for c in v["cells"]] == ["empty"] * 16
    assert page.locator("#difficulty").text_content().strip() == en("difficulty.nightmare")
    settings = json.loads(page.evaluate(f"localStorage.getItem({SETTINGS_KEY!r})"))
    assert settings["difficulty"] == "nightmare"
    reload(page)
    expect_game(page, fresh)
    fresh = roll(page, fresh)
    assert fresh.required == 3


def test_rules_show_the_nine_sections(shared_page, site_url):
    page = shared_page
    if not page.url.startswith(site_url):
        open_game(page, site_url)
    press(page, "rules", "header")
    wait_dialog(page, "rules")
    sections = page.evaluate(
        """() => [...document.querySelectorAll("#rules-text section")].map((s) => ({
             title: s.querySelector("h3").textContent.trim(),
             items: [...s.querySelectorAll("li")].map((li) => li.textContent.trim()),
           }))"""
    )
    titles = [s["title"] for s in sections]
    want = [en(f"rules.{key}.title") for key in RULE_SECTIONS]
    assert titles[:9] == want, titles
    for section in sections:
        assert section["items"] and all(section["items"]), section
    text = " ".join(i for s in sections for i in s["items"])
    for word in ("PEACEFUL", "SURVIVAL", "NIGHTMARE", "RUIN", "STRAIGHT", "TWO PAIRS"):
        assert word in text, word
    shot(page, "phone-rules", animations="disabled")
    # The rules scroll inside the dialog, not the page.
    layout = page.evaluate(LAYOUT_JS)
    assert layout["scroll"][0] <= 360, layout["scroll"]
    # Closing with Escape tells the game: another dialog opens normally afterwards.
    page.keyboard.press("Escape")
    wait_dialog(page, None)
    press(page, "about", "header")
    wait_dialog(page, "about")
    press(page, "close", "#dialog-about")
    wait_dialog(page, None)


def test_about_shows_the_dedication(shared_page, site_url):
    page = shared_page
    if not page.url.startswith(site_url):
        open_game(page, site_url)
    press(page, "about", "header")
    wait_dialog(page, "about")
    text = page.locator("#dialog-about").inner_text()
    assert "MAGDAGDON" in text
    assert "CUBIRI ORIGINAL" in text
    assert "Majduška" in text
    assert "20th birthday" in text
    assert "❤️" in text
    shot(page, "phone-about", animations="disabled")
    press(page, "close", "#dialog-about")
    wait_dialog(page, None)


def test_best_scores_dialog_has_a_tab_per_difficulty(shared_page, site_url):
    page = shared_page
    if not page.url.startswith(site_url):
        open_game(page, site_url)
    game = saved_game(page)
    press(page, "scores", "header")
    wait_dialog(page, "scores")
    for difficulty in ("peaceful", "survival", "nightmare"):
        tap(page, f'#dialog-scores [data-action="scores-tab"][data-value="{difficulty}"]')
        page.wait_for_function(
            "d => document.querySelector(`#dialog-scores [data-value='${d}']`)"
            ".getAttribute('aria-selected') === 'true'",
            arg=difficulty,
        )
        assert page.locator("#scores-table").inner_text().strip() == en("scores.empty")
    shot(page, "phone-scores-empty", animations="disabled")
    press(page, "close", "#dialog-scores")
    wait_dialog(page, None)
    # The dialogs left the game as it was.
    expect_game(page, game)


#: Where each part of the open game over lies: its score, NEW GAME (and whether it has the
#: focus), and the part of the dialog in sight (below its title bar, above the viewport's foot).
OVER_JS = """() => {
  const dialog = document.querySelector('#dialog-over');
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.top, r.bottom]; };
  const bottom = box(dialog)[1];
  return { sight: [box(dialog.querySelector('header'))[1], Math.min(bottom, innerHeight)],
           score: box(document.querySelector('#final-score')),
           button: box(document.querySelector('#over-new-game')),
           focused: document.activeElement?.id,
           scrolls: dialog.scrollHeight > dialog.clientHeight };
}"""


def test_the_game_over_opens_at_its_score_with_new_game_in_sight_on_a_landscape_phone(
    shared_page, site_url
):
    """A finished game with a full table of best scores, opened on a phone held sideways (the
    dialog is taller than the screen): she sees her final score first, and NEW GAME, which has
    the focus, in sight at the dialog's foot (not the dialog scrolled down to the button)."""
    page = shared_page
    store = MemoryStore()
    for seed in (4, 10, 19, 11, 21):
        session = Session(store, today=lambda: "2026-11-29", languages=("en",))
        session.new_game(Difficulty.NIGHTMARE, seed)
        for move in played("nightmare", seed).moves:
            session.apply(move)
    page.set_viewport_size({"width": 844, "height": 390})
    try:
        open_game(page, site_url)
        page.evaluate("(v) => { localStorage.clear(); for (const k in v) "
                      "localStorage.setItem(k, v[k]); }", store.data)  # fmt: skip
        reload(page)
        wait_dialog(page, "over")
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
        over = page.evaluate(OVER_JS)
    finally:
        page.set_viewport_size(PHONE["viewport"])
    assert over["scrolls"], f"the game over fits a landscape phone: nothing to check ({over})"
    low, high = over["sight"]
    assert low <= over["score"][0] and over["score"][1] <= high, f"the score out of sight: {over}"
    assert low <= over["button"][0] and over["button"][1] <= high, f"NEW GAME out of sight: {over}"
    assert over["focused"] == "over-new-game", over
