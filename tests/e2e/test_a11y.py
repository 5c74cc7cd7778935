"""Accessibility: axe-core finds nothing on any screen, in any language, in the light and the
dark colour scheme — and colour is never the only signal on the board.

The module's page walks, once per language, through every screen in turn (roll, MAGDAGDON,
choosing a ruin, placing with a staged die and highlighted cells, the dialogs, the game over and
the board after it) and runs axe-core (bundled with axe-playwright-python, offline) on each, in
the light colour scheme and then the dark one. Dark-mode screenshots land in
tests/e2e/screenshots/a11y-<lang>-dark-*.png. Each walk starts the game afresh, as a new
browser would (storage holding only what the test puts there: :func:`fresh_start`); one browser
context serves them all (a new context's first start costs the browser about twice a later one).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from axe_playwright_python.sync_playwright import Axe

from magdagdon.daily import daily_seed
from magdagdon.i18n import LANGUAGES

from .harness import (
    collect_errors,
    emulate_colours,
    format_problems,
    fresh_start,
    open_game,
    shot,
    wait_ready,
)
from .play import offer_install
from .strategy import TEN_BEST, played

SCHEMES = ("light", "dark")
#: axe's rules for WCAG 2.0 and 2.1 A and AA (2.2 AA too: the target sizes), and its best
#: practices (a level-one heading, all content in landmarks, …).
AXE_OPTIONS = {
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
    },
    "resultTypes": ["violations"],
}
AXE = Axe()

#: Its first roll is MAGDAGDON; after a ruin in cell 15 the next roll places (all four dice).
SEED = 4


def _finished() -> dict[str, str]:
    """Storage with a finished SURVIVAL game and ten best scores: the game over dialog opens."""
    return {
        "magdagdon.v1.game": json.dumps(played("survival", 8).to_dict()),
        "magdagdon.v1.best.survival": json.dumps({"schema": 1, "entries": TEN_BEST}),
    }


#: A page of the site's own origin that starts nothing (the test serves it: no Python runs).
def _settings(language: str) -> dict[str, str]:
    settings = {"schema": 1, "language": language, "difficulty": "nightmare"}
    return {"magdagdon.v1.settings": json.dumps(settings)}


def _at_rest(page, scheme: str = SCHEMES[0]):
    """The module's page in ``scheme`` at rest (no motion), as every test here but the one on
    motion sees it (set on the page, before its start, as a context's options would be)."""
    page.emulate_media(color_scheme=scheme, forced_colors="none", reduced_motion="reduce")
    return page


def _axe_results(page, options: dict = AXE_OPTIONS) -> dict:
    """axe-core's whole result on the page as it is now (axe is injected once per document,
    not on every run as ``Axe.run`` does: a quarter of a second saved per screen)."""
    if not page.evaluate("typeof window.axe?.run === 'function'"):
        page.evaluate(AXE.axe_script)
    return page.evaluate("options => axe.run(document, options)", options)


def _axe(page, options: dict = AXE_OPTIONS) -> list[dict]:
    """axe-core's violations on the page as it is now."""
    return _axe_results(page, options)["violations"]


def _finish(page) -> None:
    """A finished SURVIVAL game and ten best scores, then a reload: the game over dialog."""
    page.evaluate(
        "values => Object.entries(values).forEach(([k, v]) => localStorage.setItem(k, v))",
        _finished(),
    )
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#dialog-over[open]")


#: A daily roll's day for the screens (its game-over screen is the same on any day).
DAY = "2026-11-29"


def _daily_over(page) -> None:
    """The daily roll of :data:`DAY` finished and on screen, then a reload: its game over."""
    game = played("survival", daily_seed(DAY)).to_dict()
    daily = {**game, "day": DAY, "practice": False, "front": True}
    page.evaluate("v => localStorage.setItem('magdagdon.v1.daily', v)", json.dumps(daily))
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#dialog-over[open] #over-streak:not(:empty)")


def _stage_one(page) -> None:
    """In PLACING (all cells legal): stage the first die in cell 5; the next die is then
    selected and its legal cells (around cell 5) light up."""
    page.tap('[data-cell="5"]')
    page.wait_for_selector('[data-cell="5"][data-state="staged"]')
    assert page.locator('[data-cell][data-legal="true"]').count() > 0


def _phase(page, *phases: str) -> None:
    page.wait_for_function("p => p.includes(document.body.dataset.phase)", arg=list(phases))


def _hint(page) -> None:
    """HINT, until the coach's suggestion is on the board."""
    page.tap('.controls [data-action="hint"]')
    page.wait_for_selector('.controls [data-action="apply-hint"]:not([hidden])')


def _every_screen(page, site_url: str, language: str, check: Callable[[str], None]) -> None:
    """Walk through every screen in ``language``, calling ``check(name)`` on each."""
    fresh_start(page, site_url, _settings(language), f"?seed={SEED}&difficulty=nightmare")
    check("roll")
    page.tap('[data-action="roll"]')
    _phase(page, "magdagdon")
    check("magdagdon")
    _hint(page)
    check("magdagdon-hint")
    page.tap('[data-action="accept-magdagdon"]')  # (dismisses the hint)
    _phase(page, "ruin")
    check("ruin")
    page.tap('[data-cell="15"]')
    _phase(page, "roll")
    page.tap('[data-action="roll"]')
    _phase(page, "placing")
    _stage_one(page)
    page.tap('[data-cell="0"]')  # not next to a number: the reason shows (an alert)
    page.wait_for_selector('#status[data-alert="true"]')
    check("placing")
    _hint(page)
    check("hint")
    page.tap('[data-die="0"]')  # dismisses the hint
    page.wait_for_selector("[data-cell][data-ghost]", state="detached")
    for dialog in ("settings", "scores", "rules", "about"):
        page.tap(f'.top [data-action="{dialog}"]')
        check(dialog)
        page.tap(f'#dialog-{dialog} [data-action="close"]')
    offer_install(page)  # the invitation to install, asked from ABOUT
    page.tap('.top [data-action="about"]')
    page.tap('#dialog-about [data-action="invite"]')
    page.wait_for_selector("#dialog-install[open]")
    check("install")
    page.tap('#dialog-install [data-action="close"]')
    page.tap('.top [data-action="about"]')
    page.tap('#dialog-about [data-action="gift"]')
    check("gift")
    page.tap('#dialog-gift [data-action="close"]')
    page.tap('.top [data-action="settings"]')
    page.tap('#dialog-settings [data-action="difficulty"][data-value="peaceful"]')
    check("confirm-new")
    page.tap('#dialog-confirm-new [data-action="confirm-no"]')
    page.wait_for_selector("dialog[open]", state="detached")
    _finish(page)
    check("over")
    page.tap('#dialog-over [data-action="review"]')
    page.wait_for_selector("#review-summary[data-review-total]", timeout=60_000)
    check("review")
    page.tap('#dialog-review [data-action="close"]')
    page.wait_for_selector("dialog[open]", state="detached")
    check("over-board")
    page.tap('.top [data-action="scores"]')
    page.tap('#dialog-scores [data-action="scores-tab"][data-value="survival"]')
    check("scores-full")
    page.tap('#dialog-scores [data-action="stats"]')
    page.wait_for_selector("#dialog-stats[open] svg[role=img]")
    check("stats")
    page.tap('#dialog-stats [data-action="close"]')
    page.tap('.top [data-action="settings"]')
    page.tap('#dialog-settings [data-action="export"]')
    page.wait_for_selector("#backup-out:not([hidden])")
    check("backup")
    page.tap('#dialog-backup [data-action="close"]')
    _daily_over(page)
    check("daily-over")
    page.tap('#dialog-over [data-action="close"]')
    open_game(page, site_url, f"?seed={SEED}&difficulty=peaceful&vs=212")
    page.wait_for_selector("#score-label[data-target]")
    check("challenge")


def _describe(name: str, violations: list[dict]) -> list[str]:
    """One line per violation (rule, impact, how many elements), then up to six of them."""
    lines = []
    for v in violations:
        lines.append(f"{name}: {v['id']} ({v['impact']}) ×{len(v['nodes'])}: {v['help']}")
        for node in v["nodes"][:6]:
            summary = " ".join((node.get("failureSummary") or "").split())
            lines.append(f"    {' '.join(map(str, node['target']))}  {summary[:220]}")
    return lines


@dataclass(frozen=True)
class Walk:
    """One language's walk: per scheme, per screen (in the walk's order), axe's whole result;
    and the browser's problems met on the way (taken from the page's guard)."""

    results: dict[str, dict[str, dict]]
    problems: list[str]


#: The walks made in this run, by language (a walk is made once, by whichever test asks first).
_WALKS: dict[str, Walk] = {}


def _walk(page, site_url: str, language: str) -> Walk:
    """Each screen checked in the light scheme, then in the dark one (the page follows the
    scheme live: only game.css's media queries read it), and left light again: one walk per
    language for both schemes."""
    if language in _WALKS:
        return _WALKS[language]
    _at_rest(page)
    results: dict[str, dict[str, dict]] = {scheme: {} for scheme in SCHEMES}

    def check(name: str) -> None:
        for scheme in SCHEMES:
            emulate_colours(page, scheme)
            if scheme == "dark":
                shot(page, f"a11y-{language}-{scheme}-{name}")
            results[scheme][name] = _axe_results(page)
        emulate_colours(page, SCHEMES[0])

    _every_screen(page, site_url, language, check)
    _WALKS[language] = Walk(results, collect_errors(page))
    return _WALKS[language]


@pytest.mark.parametrize("language", LANGUAGES)
def test_axe_finds_nothing_on_any_screen(site_url, shared_page, language):
    walk = _walk(shared_page, site_url, language)
    assert not walk.problems, format_problems(walk.problems)
    found = {
        scheme: [line for name, r in screens.items() for line in _describe(name, r["violations"])]
        for scheme, screens in walk.results.items()
    }
    problems = [
        f"{language} {scheme}:\n" + "\n".join(lines) for scheme, lines in found.items() if lines
    ]
    assert not problems, "\n".join(problems)


def test_every_table_header_has_a_text(site_url, shared_page):
    """axe's empty-table-header, on its own: the replay column is named for screen readers.
    Read off the English walk's game over and its full best scores, in the light scheme (the
    rule is one of axe's best practices, run on every screen of every walk)."""
    walk = _walk(shared_page, site_url, "en")
    assert not walk.problems, format_problems(walk.problems)
    rule = "empty-table-header"
    found = []
    for name in ("over", "scores-full"):
        result = walk.results["light"][name]
        applied = [r["id"] for r in result["passes"] + result["violations"]]
        assert rule in applied, f"{name}: axe did not check a table header"
        found += _describe(name, [v for v in result["violations"] if v["id"] == rule])
    assert not found, "\n".join(found)


# -- colour is never the only signal ----------------------------------------------------------

#: Per cell: its state, whether it is highlighted, and the computed marks that are not colour.
MARKS = """() => [...document.querySelectorAll('[data-cell]')].map(cell => {
  const style = getComputedStyle(cell);
  const before = getComputedStyle(cell, '::before');
  const after = getComputedStyle(cell, '::after');
  return {
    cell: +cell.dataset.cell, state: cell.dataset.state, legal: cell.dataset.legal === 'true',
    border: [style.borderTopStyle, style.borderRightStyle, style.borderBottomStyle,
             style.borderLeftStyle],
    image: style.backgroundImage,
    before: before.content, beforeSize: [before.width, before.height].map(parseFloat),
    beforeMark: before.borderTopWidth !== '0px' || before.backgroundColor !== 'rgba(0, 0, 0, 0)',
    after: after.content, afterSize: [after.width, after.height].map(parseFloat),
  };
})"""


def _check_marks(cells: list[dict], where: str) -> None:
    legal = [c for c in cells if c["legal"]]
    assert legal, f"{where}: no highlighted cell"
    for c in cells:
        label = f"{where}, cell {c['cell']} ({c['state']}{', legal' if c['legal'] else ''})"
        has_mark = c["before"] != "none" and min(c["beforeSize"]) > 0 and c["beforeMark"]
        # A highlighted cell carries a mark (a ring, or a stroke when choosing a ruin); the
        # others carry none, so the mark alone tells them apart.
        assert has_mark == c["legal"], f"{label}: ::before {c['before']} {c['beforeSize']}"
        if c["state"] == "staged":
            assert c["border"] == ["dashed"] * 4, f"{label}: border {c['border']}"
            assert c["after"] != "none" and min(c["afterSize"]) > 0, f"{label}: no corner dot"
        else:
            assert "dashed" not in c["border"], f"{label}: border {c['border']}"
            assert c["after"] == "none", f"{label}: a corner dot on a cell that is not staged"
        if c["state"] == "ruin":
            assert c["image"] != "none", f"{label}: a ruin without its cracks"
        elif c["state"] == "empty":
            assert c["image"] == "none", f"{label}: {c['image']}"


#: The tray's dice: each one's state, its border and the dot under it.
DICE = """() => [...document.querySelectorAll('[data-die]')].map(die => ({
  state: die.dataset.state, border: getComputedStyle(die).borderTopStyle,
  width: getComputedStyle(die).borderTopWidth,
  dot: getComputedStyle(die, '::after').content }))"""


@dataclass(frozen=True)
class Marks:
    """What the eye gets in each scheme (by scheme: choosing a ruin, the cells; placing, the
    cells and the dice), and the browser's problems met on the way."""

    ruin: dict[str, list[dict]]
    placing: dict[str, list[dict]]
    dice: dict[str, list[dict]]
    problems: list[str]


_MARKS: list[Marks] = []


def _marks(page, site_url: str) -> Marks:
    """One game, reached in the light scheme, read in each scheme at each state (the page
    follows the scheme live: only game.css's media queries read it): made once, by whichever
    scheme's test asks first."""
    if _MARKS:
        return _MARKS[0]
    _at_rest(page)

    def in_each_scheme(js: str) -> dict[str, list[dict]]:
        seen = {}
        for scheme in SCHEMES:
            emulate_colours(page, scheme)
            seen[scheme] = page.evaluate(js)
        emulate_colours(page, SCHEMES[0])
        return seen

    fresh_start(page, site_url, _settings("en"), f"?seed={SEED}&difficulty=nightmare")
    page.tap('[data-action="roll"]')
    _phase(page, "magdagdon")
    page.tap('[data-action="accept-magdagdon"]')
    _phase(page, "ruin")
    ruin = in_each_scheme(MARKS)
    page.tap('[data-cell="15"]')
    _phase(page, "roll")
    page.tap('[data-action="roll"]')
    _phase(page, "placing")
    _stage_one(page)
    placing, dice = in_each_scheme(MARKS), in_each_scheme(DICE)
    _MARKS.append(Marks(ruin, placing, dice, collect_errors(page)))
    return _MARKS[0]


@pytest.mark.parametrize("scheme", SCHEMES)
def test_colour_is_never_the_only_signal(site_url, shared_page, scheme):
    marks = _marks(shared_page, site_url)
    assert not marks.problems, format_problems(marks.problems)
    cells = marks.ruin[scheme]
    assert all(c["legal"] == (c["state"] == "empty") for c in cells)
    _check_marks(cells, f"{scheme}, choosing a ruin")
    cells = marks.placing[scheme]
    assert [c["state"] for c in cells].count("staged") == 1
    assert [c["state"] for c in cells].count("ruin") == 1
    _check_marks(cells, f"{scheme}, placing")
    # In the tray: the selected die has a dot under it and a thicker border, a staged die a
    # dashed border.
    dice = marks.dice[scheme]
    states = {d["state"]: d for d in dice}
    assert states.keys() == {"staged", "selected", "available"}, dice
    assert states["staged"]["border"] == "dashed", dice
    assert states["selected"]["dot"] != "none", dice
    assert states["selected"]["width"] != states["available"]["width"], dice
    assert states["available"]["dot"] == "none", dice


#: The page's running animations: each one's name, target and when it ends (ms after it began,
#: its iterations and delay included: Infinity for one that never does).
RUNNING = """() => document.getAnimations().filter((a) => a.playState === "running")
  .map((a) => ({ name: a.animationName, on: a.effect.target.id || a.effect.target.className,
    ends: a.effect.getComputedTiming().endTime }))"""
#: WCAG 2.2.2 (Pause, Stop, Hide): what blinks or pulses by itself stops within five seconds.
STILL_AFTER_MS = 5_000
#: An init script: the animations that end, from the page's first paint on (each one's name,
#: target and how long it ran, in ms).
ENDED = """window.__ended = [];
document.addEventListener("animationend", (e) => window.__ended.push({ name: e.animationName,
  on: e.target.id || String(e.target.className), ends: e.elapsedTime * 1000 }), true);"""


def _motion(page) -> list[dict]:
    """The running animations, each checked to end within STILL_AFTER_MS."""
    running = page.evaluate(RUNNING)
    assert all(each["ends"] <= STILL_AFTER_MS for each in running), running
    return running


def _ended(page, name: str) -> bool:
    """Whether a ``name`` animation has ended (each such checked to have taken at most
    STILL_AFTER_MS)."""
    ended = [each for each in page.evaluate("window.__ended") if each["name"] == name]
    assert all(each["ends"] <= STILL_AFTER_MS for each in ended), ended
    return bool(ended)


def test_the_guide_and_the_legal_cells_stop_pulsing_within_five_seconds(site_url, shared_page):
    # A first visit with motion: the guide's glow on ROLL, then (a die chosen) on the board,
    # and the legal cells' pulse. Both draw the eye, then rest (marked, still): nothing blinks
    # beside the game for longer than five seconds, nor repaints a phone's screen for ever.
    page = shared_page
    page.emulate_media(color_scheme="light", forced_colors="none", reduced_motion="null")
    with page.add_init_script(ENDED):
        fresh_start(page, site_url, {}, "?seed=5&difficulty=peaceful")  # (nothing stored)
    assert page.locator("#guide").is_visible()
    # ROLL glows (from the page's first paint: a machine slower to start the game than the
    # glow lasts sees it ended, and how long it took, instead)
    assert any(each["name"] == "guide" for each in _motion(page)) or _ended(page, "guide")
    page.tap('[data-action="roll"]')
    page.wait_for_function("document.body.dataset.phase === 'placing'")
    page.locator('[data-die][data-state="available"]').first.tap()
    page.wait_for_selector('[data-cell][data-legal="true"]')
    assert any(each["name"] == "pulse" for each in _motion(page)) or _ended(page, "pulse")
    # (and when they have ended, the cells are still marked)
    page.wait_for_function("document.getAnimations().every((a) => a.playState !== 'running')")
    assert page.locator('[data-cell][data-legal="true"]').count() > 0
