"""The playing screen on every screen a player has, held either way, in every language, both
themes and at the default and the doubled text size: one screen (no page scroll during a
turn), no two parts of the play area overlapping, no word broken across lines, every control
in play at least 44×44 CSS px, no text under 11 px at the default size, and a turn (ROLL →
stage → CONFIRM) played by taps in portrait and in landscape. The best-scores and statistics
dialogs: tabs and tables without broken words, scrolling inside themselves, never the page.

One page for the whole module: the viewport, the colour scheme and the browser's default font
size (CDP ``Page.setFontSizes``) change on it; a language is a reload. Screenshots land in
tests/e2e/screenshots/layout-*.png."""

from __future__ import annotations

import json

import pytest

from magdagdon.game import Game, Phase
from magdagdon.i18n import LANGUAGES

from .harness import shot, wait_ready
from .play import CORE_JS, calm, expect_game, offer_install, open_seeded, view, wait_dialog
from .strategy import (
    GAME_KEY,
    SETTINGS_KEY,
    TEN_BEST,
    best_key,
    core_of,
    plan_turn,
    played,
    selected_on_page,
)
from .test_a11y import _axe, _describe

PORTRAIT = [(320, 480), (320, 568), (360, 640), (390, 844), (412, 915), (768, 1024)]
LANDSCAPE = [(740, 360), (844, 390), (1280, 800)]
SCREENS = PORTRAIT + LANDSCAPE
DEFAULT_FONT, BIG_FONT = 16, 32
#: Where the play screen's words must grow visibly with a doubled text size (the smaller
#: screens cap them at what fits beside a board of fingertip-sized cells).
ROOMY = {(390, 844): 1.5, (412, 915): 1.5, (768, 1024): 1.9, (1280, 800): 1.9, (844, 390): 1.15}
WAIT_MS = 10_000

#: Everything the matrix checks, in one round trip: a list of problems (empty: all is well)
#: and a few measured sizes.
CHECK_JS = """({minFont}) => {
  const problems = [];
  const vw = innerWidth, vh = innerHeight, de = document.documentElement;
  const shown = (el) => el && !el.closest("[hidden]") && el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== "hidden";
  const box = (el) => el.getBoundingClientRect();
  const px = Math.round;
  const fmt = (r) => `${px(r.left)},${px(r.top)} ${px(r.width)}×${px(r.height)}`;
  const dialog = document.querySelector("dialog[open]");
  if (de.scrollHeight > vh || de.scrollWidth > vw) {
    problems.push(`the page scrolls: ${de.scrollWidth}×${de.scrollHeight} in ${vw}×${vh}`);
  }
  // The parts of the play area: inside the screen, no two overlapping.
  const parts = {name: ".top .name", menu: ".top .menu", score: ".scorecard", status: ".status",
    guide: "#guide", board: "#board", tray: "#tray", buttons: ".primary-row", powers: "#powers",
    notices: "#notices"};
  const boxes = Object.entries(parts).map(([n, s]) => [n, document.querySelector(s)])
    .filter(([, el]) => shown(el)).map(([n, el]) => [n, box(el)]);
  for (const [n, r] of boxes) {
    if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) {
      problems.push(`${n} leaves the screen: ${fmt(r)}`);
    }
  }
  const overGuide = new Set(["guide score", "guide status", "score guide", "status guide"]);
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, ra] = boxes[i], [b, rb] = boxes[j];
    if (overGuide.has(`${a} ${b}`)) continue;  // the guide lies over the score, by design
    const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
    const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
    if (w > 0.5 && h > 0.5) problems.push(`${a} ${fmt(ra)} overlaps ${b} ${fmt(rb)}`);
  }
  // Nothing cut off (an ellipsis, a clipped box) on the playing screen.
  for (const el of document.querySelectorAll(".app *:not(.sr-only)")) {
    if (!shown(el) || !["hidden", "clip"].includes(getComputedStyle(el).overflowX)) continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      const text = el.textContent.trim().slice(0, 30);
      problems.push(`"${text}" is cut off: ${el.scrollWidth} in ${el.clientWidth}`);
    }
  }
  const name = document.querySelector(".top .name");
  if (name.scrollWidth > name.clientWidth + 1) {
    problems.push(`the name is cut off: ${name.scrollWidth} in ${name.clientWidth}`);
  }
  // Every line sum holds its words; every cell lies inside the board.
  const board = box(document.querySelector("#board"));
  for (const el of document.querySelectorAll("#board .sum:not(.corner), #board .cell")) {
    const r = box(el);
    if (r.left < board.left - 0.5 || r.right > board.right + 0.5 || r.top < board.top - 0.5
        || r.bottom > board.bottom + 0.5) problems.push(`${el.className} leaves the board`);
    for (const part of el.children) {
      if (!shown(part)) continue;
      const p = box(part);
      if (p.left < r.left - 1 || p.right > r.right + 1
          || p.top < r.top - 1 || p.bottom > r.bottom + 1) {
        problems.push(`a line sum's "${part.textContent}" ${fmt(p)} spills out of ${fmt(r)}`);
      }
    }
  }
  // Every control in play: a fingertip's size, on screen, not covered by anything.
  const targets = [...document.querySelectorAll(`[data-cell], [data-die], .controls [data-action],
    .top [data-action], #guide [data-action], #notices button`)].filter(shown);
  const label = (el) => el.dataset.cell !== undefined ? "cell " + el.dataset.cell
    : el.dataset.die !== undefined ? "die " + el.dataset.die : el.dataset.action || el.className;
  for (const el of targets) {
    const r = box(el);
    if (r.width < 44 - 0.01 || r.height < 44 - 0.01) {
      problems.push(`${label(el)} is a small target: ${fmt(r)}`);
    }
    if (!dialog) {
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit === null || !el.contains(hit)) {
        problems.push(`${label(el)} is covered by ${hit?.className}`);
      }
    }
  }
  // The difficulty chip answers taps anywhere on the score card (its target).
  const card = document.querySelector(".scorecard"), chip = document.querySelector("#difficulty");
  const guided = shown(document.querySelector("#guide"));  // over the card, by design
  if (!dialog && !guided && shown(chip) && chip.textContent.trim()) {
    const r = box(card);
    if (r.width < 44 || r.height < 44) problems.push(`the score card is a small target: ${fmt(r)}`);
    for (const [fx, fy] of [[0.15, 0.15], [0.85, 0.15], [0.5, 0.5], [0.15, 0.85], [0.85, 0.85]]) {
      const hit = document.elementFromPoint(r.left + fx * r.width, r.top + fy * r.height);
      if (hit !== chip) problems.push(`the score card at ${fx},${fy} is ${hit?.className}`);
    }
  }
  // Every word of visible text on one line (a break after a hyphen is a break between words),
  // and no text under 11 px at the default size.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const small = new Set(), broken = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.data.trim()) continue;
    if (el.closest("svg, .sr-only, script, style, dialog:not([open])")) continue;
    if (!shown(el)) continue;
    if (dialog && !dialog.contains(el)) continue;  // behind the backdrop
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < minFont - 0.01) small.add(`${size}px "${node.data.trim().slice(0, 30)}"`);
    for (const m of node.data.matchAll(/[^\\s\\-\\u2010]+[\\-\\u2010]?/gu)) {
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0.5);
      if (rects.length < 2) continue;
      const top = Math.min(...rects.map((r) => r.bottom));
      if (rects.some((r) => r.top >= top - 1)) broken.push(m[0]);
    }
  }
  if (small.size) problems.push(`text under ${minFont} px: ${[...small].join(", ")}`);
  if (broken.length) problems.push(`words broken across lines: ${broken.join(", ")}`);
  const size = (s) => parseFloat(getComputedStyle(document.querySelector(s)).fontSize);
  return {problems, sizes: {root: size("html"), status: size(".status"), sheet: size("dialog h2")}};
}"""

#: An open dialog: the page does not scroll, the dialog does (when its content is taller).
DIALOG_SCROLL_JS = """() => {
  const d = document.querySelector("dialog[open]"), de = document.documentElement;
  const before = [scrollX, scrollY];
  const tall = d.scrollHeight > d.clientHeight + 1;
  d.scrollTop = d.scrollHeight;
  const moved = d.scrollTop > 0;
  d.scrollTop = 0;
  return {tall, moved, fits: d.getBoundingClientRect().bottom <= innerHeight + 0.5,
          page: [de.scrollWidth, de.scrollHeight, innerWidth, innerHeight],
          still: scrollX === before[0] && scrollY === before[1] && scrollY === 0};
}"""


def _in_progress() -> Game:
    """A game at a ROLL with two rows' bonuses showing (their names under the row sums), whose
    next two rolls are ordinary placing turns."""
    for seed in range(1, 400):
        game = played("survival", seed, until_empty=7)
        if game.phase is not Phase.ROLL or sum(1 for x in game.preview.lines if x.bonus) < 2:
            continue
        rolled = game.apply("roll")
        if rolled.phase is not Phase.PLACING:
            continue
        after = rolled
        for die, cell in plan_turn(rolled):
            after = after.apply(f"stage {die} {cell}")
        after = after.apply("confirm")
        if not after.is_over and after.apply("roll").phase is Phase.PLACING:
            return game
    raise AssertionError("no seed gives the game the matrix wants")


START = _in_progress()
ENTRIES = TEN_BEST


@pytest.fixture(scope="module")
def cdp(_shared):
    page, _ = _shared
    session = page.context.new_cdp_session(page)
    yield session
    session.send("Page.setFontSizes", {"fontSizes": {"standard": DEFAULT_FONT}})
    session.detach()


def _font(cdp, size: int) -> None:
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": size}})


def _load(page, site_url: str, language: str, game: Game) -> Game:
    """The game ``game`` in ``language`` (the guide already done), best scores to show."""
    if not page.url.startswith(site_url):
        open_seeded(page, site_url, 1, "survival")
    settings = {"schema": 1, "language": language, "difficulty": "survival", "guided": True}
    values = {
        SETTINGS_KEY: json.dumps(settings),
        GAME_KEY: json.dumps(game.to_dict()),
        best_key("survival"): json.dumps({"schema": 1, "entries": ENTRIES}),
    }
    page.evaluate(
        """v => { localStorage.clear();
                  for (const [k, x] of Object.entries(v)) localStorage.setItem(k, x); }""",
        values,
    )
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == language
    _expect(page, game, language)
    return game


def _expect(page, game: Game, language: str) -> None:
    if language == "en":  # the whole oracle (its texts are English)
        expect_game(page, game)
    else:
        page.wait_for_function(CORE_JS, arg=core_of(game), timeout=WAIT_MS, polling="raf")


def _check(
    page,
    cdp,
    where: str,
    *,
    fonts=(DEFAULT_FONT, BIG_FONT),
    schemes=("light", "dark"),
    screens=SCREENS,
    shots=(),
) -> None:
    """The whole matrix of screens × text sizes × colour schemes on the page as it is."""
    problems = []
    for font in fonts:
        _font(cdp, font)
        for scheme in schemes:
            page.emulate_media(color_scheme=scheme)
            statuses = {}
            for width, height in screens:
                page.set_viewport_size({"width": width, "height": height})
                found = page.evaluate(CHECK_JS, {"minFont": 11 if font == DEFAULT_FONT else 0})
                name = f"{where} {width}×{height} {scheme} {font}px"
                problems += [f"{name}: {p}" for p in found["problems"]]
                assert found["sizes"]["root"] == font, (name, found["sizes"])
                statuses[width, height] = found["sizes"]
                if (width, height, font) in shots and scheme == "light":
                    shot(page, f"layout-{where.replace(' ', '-')}-{width}x{height}-{font}px")
            if font == BIG_FONT:
                _grew(page, cdp, where, scheme, statuses)
    _font(cdp, DEFAULT_FONT)
    page.emulate_media(color_scheme="light")
    assert not problems, "\n".join(problems)


def _grew(page, cdp, where: str, scheme: str, big: dict) -> None:
    """The doubled text size really grew the game: every dialog doubles; the play screen's words
    grow where there is room (never shrink)."""
    _font(cdp, DEFAULT_FONT)
    for screen, sizes in big.items():
        page.set_viewport_size({"width": screen[0], "height": screen[1]})
        normal = page.evaluate(CHECK_JS, {"minFont": 0})["sizes"]
        assert sizes["sheet"] == 2 * normal["sheet"], (where, screen, sizes, normal)
        least = ROOMY.get(screen, 1)
        assert sizes["status"] >= least * normal["status"], (where, screen, scheme, sizes, normal)
    _font(cdp, BIG_FONT)


def _tap(page, selector: str) -> None:
    page.tap(selector, timeout=WAIT_MS)


def _turn(page, game: Game, language: str) -> Game:
    """ROLL → stage the plan die by die → CONFIRM, by taps, the engine following each one."""
    _tap(page, '.controls [data-action="roll"]')
    game = game.apply("roll")
    _expect(page, game, language)
    for die, cell in plan_turn(game):
        if selected_on_page(view(page)) != [die]:
            _tap(page, f'[data-die="{die}"]')
        _tap(page, f'[data-cell="{cell}"]')
        game = game.apply(f"stage {die} {cell}")
        _expect(page, game, language)
    _tap(page, '.controls [data-action="confirm"]')
    game = game.apply("confirm")
    _expect(page, game, language)
    return game


def _invitation(page, name: str, font: int) -> list[str]:
    """The invitation to install, asked from SETTINGS: what the others must be."""
    _tap(page, '.top [data-action="settings"]')
    wait_dialog(page, "settings")
    _tap(page, '#dialog-settings [data-action="invite"]')
    wait_dialog(page, "install")
    found = page.evaluate(CHECK_JS, {"minFont": 11 if font == DEFAULT_FONT else 0})
    problems = [f"{name} invitation: {p}" for p in found["problems"]]
    problems += _scrolls(page, f"{name} invitation")
    _tap(page, '#dialog-install [data-action="close"]')
    wait_dialog(page, None)
    return problems


def _dialogs(page, cdp, language: str) -> None:
    """BEST SCORES (every tab), STATISTICS and the invitation to install: no broken word, no
    small target... and they scroll inside themselves."""
    offer_install(page)
    problems = []
    for font in (DEFAULT_FONT, BIG_FONT):
        _font(cdp, font)
        for width, height in ((360, 640), (320, 568), (844, 390), (740, 360)):
            page.set_viewport_size({"width": width, "height": height})
            name = f"{language} {width}×{height} {font}px"
            _tap(page, '.top [data-action="scores"]')
            wait_dialog(page, "scores")
            _tap(page, '#dialog-scores [data-action="scores-tab"][data-value="survival"]')
            page.wait_for_selector("#scores-table tr")
            found = page.evaluate(CHECK_JS, {"minFont": 11 if font == DEFAULT_FONT else 0})
            problems += [f"{name} best scores: {p}" for p in found["problems"]]
            problems += _scrolls(page, f"{name} best scores")
            if (width, height) == (360, 640) and language in ("en", "ta"):
                shot(page, f"layout-scores-{language}-{width}x{height}-{font}px")
            _tap(page, '#dialog-scores [data-action="stats"]')
            wait_dialog(page, "stats")
            page.wait_for_selector("#dialog-stats[open] svg[role=img]")
            found = page.evaluate(CHECK_JS, {"minFont": 11 if font == DEFAULT_FONT else 0})
            problems += [f"{name} statistics: {p}" for p in found["problems"]]
            problems += _scrolls(page, f"{name} statistics", must_scroll=True)
            if (width, height) == (360, 640) and language in ("en", "ta"):
                shot(page, f"layout-stats-{language}-{width}x{height}-{font}px")
            _tap(page, '#dialog-stats [data-action="close"]')
            wait_dialog(page, None)
            problems += _invitation(page, name, font)
    _font(cdp, DEFAULT_FONT)
    assert not problems, "\n".join(problems)


def _scrolls(page, name: str, *, must_scroll: bool = False) -> list[str]:
    s = page.evaluate(DIALOG_SCROLL_JS)
    problems = []
    if not s["fits"]:
        problems.append(f"{name}: the dialog runs off the screen")
    if s["page"][0] > s["page"][2] or s["page"][1] > s["page"][3] or not s["still"]:
        problems.append(f"{name}: the page scrolls with a dialog open {s['page']}")
    if (must_scroll or s["tall"]) and not (s["tall"] and s["moved"]):
        problems.append(f"{name}: the dialog does not scroll inside itself {s}")
    return problems


#: The screenshots of the issue's rows (and the portrait the game is known by).
SHOTS = {
    "en": {
        (320, 568, 16),
        (360, 640, 16),
        (360, 640, 32),
        (844, 390, 16),
        (390, 844, 32),
        (768, 1024, 16),
        (1280, 800, 32),
    },
    "lt": {(844, 390, 16), (740, 360, 16), (844, 390, 32), (320, 480, 16)},
    "ca": {(844, 390, 16), (740, 360, 16)},
    "ta": {(844, 390, 16), (740, 360, 16), (360, 640, 16), (320, 480, 16), (740, 360, 32)},
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_play_screen_fits_every_screen_in_every_language(shared_page, cdp, site_url, language):
    page = calm(shared_page)
    page.set_viewport_size({"width": 360, "height": 640})
    game = _load(page, site_url, language, START)
    _check(page, cdp, f"{language} roll", shots=SHOTS[language])

    # A turn by taps held upright: the matrix again halfway through it (a die staged, the
    # next one selected, the legal cells lit), then the turn confirmed.
    page.set_viewport_size({"width": 390, "height": 844})
    _tap(page, '.controls [data-action="roll"]')
    game = game.apply("roll")
    _expect(page, game, language)
    (die, cell), *rest = plan_turn(game)
    if selected_on_page(view(page)) != [die]:
        _tap(page, f'[data-die="{die}"]')
    _tap(page, f'[data-cell="{cell}"]')
    game = game.apply(f"stage {die} {cell}")
    _expect(page, game, language)
    _check(page, cdp, f"{language} placing", shots=SHOTS[language])
    page.set_viewport_size({"width": 390, "height": 844})
    for die, cell in rest:
        if selected_on_page(view(page)) != [die]:
            _tap(page, f'[data-die="{die}"]')
        _tap(page, f'[data-cell="{cell}"]')
        game = game.apply(f"stage {die} {cell}")
        _expect(page, game, language)
    _tap(page, '.controls [data-action="confirm"]')
    game = game.apply("confirm")
    _expect(page, game, language)

    # The next turn held sideways, at the doubled text size.
    page.set_viewport_size({"width": 844, "height": 390})
    _font(cdp, BIG_FONT)
    game = _turn(page, game, language)
    _font(cdp, DEFAULT_FONT)
    _check(page, cdp, f"{language} confirmed", schemes=("dark",), screens=LANDSCAPE + [(320, 480)])
    if language == "en":  # the sideways and the short layouts are as accessible as the others
        violations = []
        for width, height in ((844, 390), (320, 480)):
            page.set_viewport_size({"width": width, "height": height})
            violations += _describe(f"{width}×{height}", _axe(page))
        assert not violations, "\n".join(violations)
    _dialogs(page, cdp, language)


def test_the_first_game_guide_fits_beside_the_board(shared_page, cdp, site_url):
    """The guide over the score and the status: its words whole, the board never under it."""
    page = calm(shared_page)
    open_seeded(page, site_url, 2, "nightmare")  # a first visit: the guide is on
    page.wait_for_selector("#guide:not([hidden])")
    _check(page, cdp, "guide", schemes=("light",), shots={(320, 480, 16), (740, 360, 16)})
