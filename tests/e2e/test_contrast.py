"""What the eye gets, measured from screenshots: every graphic that carries the game stands out
from what it lies on by at least 3 : 1 (WCAG 1.4.11, non-text contrast), in the light theme,
the dark theme and the system's forced colours (Windows High Contrast), on a phone held
upright, a phone held sideways and a desktop (and forced colours' dark palette on the phone).

Two pages (the phones' and the desktop's: a context's ``is_mobile`` is fixed) walk through the
states that show every graphic, and at each state every colour mode and screen is set in turn
(emulated live, ``matchMedia`` checked) and measured: a first visit loading (its progress bar,
the runtime held back), a game in progress with a ruin and line bonuses after ROLL with a die
staged and another selected (the tray, the board, the legal cells, the header's icons), the
coach's hint, dice chosen for REROLL, watching a game, the review's two boards, then a
MAGDAGDON with the hint's crossed cell and the cells offered for the ruin. Each graphic is
screenshot on its own (animations stopped, as Playwright's ``animations="disabled"`` does) and
measured by tests/e2e/pixels.py: its face is its box's commonest colour, its mark the colour
among the rest that stands out most (a pip, a ring, a line of text), or a mark sampled where
the CSS puts it. The full screens land in
tests/e2e/screenshots/contrast-<mode>-<screen>-<state>.png.

The game's rules pictures: the rules are words only (no dice drawn there, nothing to measure).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from magdagdon.game import Game, Phase
from magdagdon.history import History
from magdagdon.played import Played
from magdagdon.records import HISTORY_KEY, MemoryStore
from magdagdon.rules import EMPTY, RUIN

from . import pixels
from .harness import Guard, emulate_colours, format_problems, seed_storage, shot, wait_ready
from .play import WAIT_MS, wait_dialog, wait_for, wait_phase
from .strategy import GAME_KEY, SETTINGS_KEY, next_turn
from .test_loading import HeldRuntime

MODES = ("light", "dark", "forced")
SCREENS = ((360, 640), (844, 390), (1280, 800))
SCALE = 2  # device pixels per CSS pixel
RATIO = 3.0  # WCAG 1.4.11
#: A PEACEFUL game at a ROLL with a ruin, a row's and a column's bonus, whose roll places
#: (seed, turn); and a NIGHTMARE game whose first roll is MAGDAGDON (test_a11y's).
PLAYING, MAGDAGDON = (23, 5), 4
#: (die, cell) of the PLAYING roll: her die staged on a cell where the coach stages another.
OVERRULED = (1, 11)
REVIEW_MS = 60_000


def _playing() -> Game:
    seed, turn = PLAYING
    game = Game.new("peaceful", seed)
    while game.turn < turn:
        game = next_turn(game)
    lines = game.preview.lines
    assert game.phase is Phase.ROLL and RUIN in game.board and game.board.count(EMPTY) >= 3
    assert {line.kind for line in lines if line.bonus} == {"row", "column"}
    return game


def _finished() -> dict[str, str]:
    """Storage with one finished game (with a ruin) in the history, the best score of its
    table: what watch and review show."""
    game = _playing()
    while not game.is_over:
        game = next_turn(game)
    store = MemoryStore()
    history = History(store)
    history.add(Played.of(game, "2026-11-30"))
    return {HISTORY_KEY: store.get(HISTORY_KEY)}


def _settings(difficulty: str) -> str:
    return json.dumps({"schema": 1, "language": "en", "difficulty": difficulty, "guided": True})


# -- measuring one graphic ---------------------------------------------------------------------


@dataclass(frozen=True)
class Found:
    ratio: float
    how: str  # what was measured against what, in colours

    def __str__(self) -> str:
        return f"{self.ratio:.2f} : 1 ({self.how})"


def _found(mark: pixels.RGB, ground: pixels.RGB) -> Found:
    return Found(pixels.contrast(mark, ground), f"{pixels.hex_of(mark)} on {pixels.hex_of(ground)}")


def _sub(rect: dict, x0: float, y0: float, x1: float, y1: float) -> tuple[float, ...]:
    """A part of ``rect`` (CSS px) given by fractions of its width and height."""
    return (rect["x"] + x0 * rect["width"], rect["y"] + y0 * rect["height"],
            rect["x"] + x1 * rect["width"], rect["y"] + y1 * rect["height"])  # fmt: skip


def _around(rect: dict, cx: float, cy: float, half: float) -> tuple[float, ...]:
    """A square of ``half`` CSS px each side of (cx, cy), counted from ``rect``'s corner."""
    x, y = rect["x"] + cx, rect["y"] + cy
    return (x - half, y - half, x + half, y + half)


class Shot:
    """A screenshot of the page's viewport (``png``, or taken now), read in its CSS pixels."""

    def __init__(self, page, png: bytes | None = None) -> None:
        self.image = pixels.decode(png or page.screenshot(animations="disabled"))

    def box(self, css: tuple[float, ...]) -> pixels.Box:
        x0, y0, x1, y1 = css
        return (round(x0 * SCALE), round(y0 * SCALE), round(x1 * SCALE), round(y1 * SCALE))

    def marks(self, css: tuple[float, ...]) -> Found:
        face, mark, _ = pixels.face_and_mark(self.image, self.box(css))
        return _found(mark, face)

    def spots(self, mark_css: tuple[float, ...], ground_css: tuple[float, ...]) -> Found:
        mark, ground = (pixels.mode(self.image, self.box(c)) for c in (mark_css, ground_css))
        return _found(mark, ground)

    def outline(self, edge_css: tuple[float, ...], ground_css, face_css) -> Found:
        """A border (in ``edge_css``) against the ground beside it, the face it holds aside."""
        ground = pixels.mode(self.image, self.box(ground_css))
        face = pixels.mode(self.image, self.box(face_css))
        found = pixels.clusters(self.image, self.box(edge_css))
        enough = max(pixels.MIN_PIXELS, pixels.MIN_SHARE * sum(n for _, n in found))
        borders = [c for c, n in found if n >= enough and pixels.contrast(c, face) > 1.1]
        mark = max(borders, key=lambda c: pixels.contrast(c, ground), default=ground)
        return _found(mark, ground)


def _pips(shot: Shot, r: dict) -> Found:
    return shot.marks(_sub(r, 0.16, 0.16, 0.84, 0.84))


def _staged_pips(shot: Shot, r: dict) -> Found:
    """The lower left of a staged die: every value has a pip there, the staged dot is not."""
    return shot.marks(_sub(r, 0.16, 0.4, 0.6, 0.84))


def _staged_dot(shot: Shot, r: dict) -> Found:
    """The staged mark (game.css: a dot 16 % of the cell wide, 7 % from the top of its middle)
    on the die's face."""
    inner = r["width"] - 4  # inside the 2 px border
    dot = _around(r, r["width"] / 2, 2 + 0.15 * inner, 1)
    return shot.spots(dot, _sub(r, 0.16, 0.4, 0.6, 0.84))


def _centre(shot: Shot, r: dict) -> Found:
    return shot.marks(_around(r, r["width"] / 2, r["height"] / 2, 10))


def _icon(shot: Shot, r: dict) -> Found:
    """The icon in the middle of a 44 px button (not the focus ring around it)."""
    return shot.marks(_around(r, r["width"] / 2, r["height"] / 2, 8))


def _inner(shot: Shot, r: dict) -> Found:
    return shot.marks(_sub(r, 0.1, 0.1, 0.9, 0.9))


def _text(shot: Shot, r: dict) -> Found:
    return shot.marks((r["x"] + 3, r["y"] + 3, r["x"] + r["width"] - 3, r["y"] + r["height"] - 3))


def _box(shot: Shot, r: dict) -> Found:
    return shot.marks((r["x"], r["y"], r["x"] + r["width"], r["y"] + r["height"]))


def _column_fill(shot: Shot, r: dict) -> Found:
    """A column's sum against the board just below it (what tells a bonus from a plain sum)."""
    below = (r["x"] + 0.3 * r["width"], r["y"] + r["height"] + 1.5,
             r["x"] + 0.7 * r["width"], r["y"] + r["height"] + 3)  # fmt: skip
    return shot.spots(_sub(r, 0.05, 0.05, 0.95, 0.2), below)


def _row_fill(shot: Shot, r: dict) -> Found:
    """A row's sum against the board just right of it."""
    right = (r["x"] + r["width"] + 1.5, r["y"] + 0.3 * r["height"],
             r["x"] + r["width"] + 3, r["y"] + 0.7 * r["height"])  # fmt: skip
    return shot.spots(_sub(r, 0.05, 0.05, 0.95, 0.15), right)


def _chosen(shot: Shot, r: dict) -> Found:
    """A die chosen for REROLL: its dashed border against the tray behind it (left edge)."""
    cy, left = r["y"] + r["height"] / 2, r["x"]
    return shot.outline(
        (left - 1, cy - 10, left + 6, cy + 10),
        (left - 9, cy - 5, left - 5, cy + 5),
        _sub(r, 0.3, 0.16, 0.7, 0.22),
    )


def _edge(shot: Shot, r: dict) -> Found:
    """A dialog's left edge (its 2 px border) against what lies beside it, outside."""
    cy, left = r["y"] + r["height"] / 2, r["x"]
    return shot.outline(
        (left - 1, cy - 10, left + 3, cy + 10),
        (left - 6, cy - 5, left - 2, cy + 5),
        (left + 6, cy - 5, left + 10, cy + 5),
    )


def _bar(shot: Shot, r: dict) -> Found:
    """The progress bar's filled part against its track."""
    return shot.marks((r["x"] + 3, r["y"] + 2, r["x"] + r["width"] - 3, r["y"] + r["height"] - 2))


#: graphic → (state, selector, measure). The selector's first visible element is measured.
GRAPHICS = {
    "progress bar": ("loading", "#load-progress", _bar),
    "header icon calendar": ("playing", ".top .ico-calendar", _box),
    "header icon trophy": ("playing", ".top .ico-trophy", _box),
    "header icon rules": ("playing", ".top .ico-rules", _box),
    "header icon gear": ("playing", ".top .ico-gear", _box),
    "header icon heart": ("playing", ".top .ico-heart", _box),
    "hint button icon": ("playing", ".controls .ico-bulb", _box),
    "tray die": ("playing", '#tray .die[data-state="available"]', _pips),
    "tray die selected": ("playing", '#tray .die[data-state="selected"]', _pips),
    "tray die staged": ("playing", '#tray .die[data-state="staged"]', _pips),
    "board die placed": ("playing", '#board .cell[data-state="number"]', _pips),
    "board die staged": ("playing", '#board .cell[data-state="staged"]', _staged_pips),
    "staged mark": ("playing", '#board .cell[data-state="staged"]', _staged_dot),
    "legal cell mark": ("playing", '#board .cell[data-legal="true"]', _centre),
    "ruin": ("playing", '#board .cell[data-state="ruin"]', _inner),
    "column bonus": ("playing", '.col-sum[data-bonus]:not([data-bonus=""])', _column_fill),
    "column bonus sum": ("playing", '.col-sum[data-bonus]:not([data-bonus=""])', _text),
    "row bonus": ("playing", '.row-sum[data-bonus]:not([data-bonus=""])', _row_fill),
    "row bonus sum": ("playing", '.row-sum[data-bonus]:not([data-bonus=""])', _text),
    "hint ghost die": ("hint", '#board .cell[data-state="empty"][data-ghost]', _pips),
    "hint on her staged die": (
        "hint",
        '#board .cell[data-state="staged"][data-ghost]',
        _staged_pips,
    ),
    "chosen for REROLL mark": ("reroll", '#tray .die[data-chosen="true"]', _chosen),
    "chosen for REROLL die": ("reroll", '#tray .die[data-chosen="true"]', _pips),
    "watch die": ("watch", '[data-watch-die][data-state="available"]', _pips),
    "watch board die": ("watch", '[data-watch-cell][data-state="number"]', _pips),
    "watch ruin": ("watch", '[data-watch-cell][data-state="ruin"]', _inner),
    "dialog close icon": ("review", "#dialog-review .close", _icon),
    "review die": ("review", '[data-review-die][data-state="available"]', _pips),
    "review board die": ("review", '[data-review-cell][data-state="number"]', _pips),
    "review staged die": ("review", '[data-review-cell][data-state="staged"]', _staged_pips),
    "review staged mark": ("review", '[data-review-cell][data-state="staged"]', _staged_dot),
    "review ghost die": ("review", "[data-review-coach][data-ghost]:not([data-ghost=ruin])", _pips),
    "hint ruin cross": ("magdagdon", '#board .cell[data-ghost="ruin"]', _inner),
    "ruin choice mark": ("ruin", '#board .cell[data-legal="true"]', _centre),
}
#: What only forced colours must draw (elsewhere a shadow and the dimmed page behind do it):
#: without it, a dialog melts into the page it covers, both the system's Canvas, and a button
#: is a word on the page (the shadow that edges it is dropped).
FORCED_GRAPHICS = {
    "dialog edge": ("review", "#dialog-review", _edge),
    "button edge": ("playing", ".controls .btn.secondary", _edge),
}


def _measure(page, state: str, forced: bool, seen: Shot) -> dict[str, Found | str]:
    """Every graphic of ``state`` on the page as it is now (a string: why it was not found),
    read from ``seen``, the viewport's screenshot, until bringing a graphic into view moves
    anything (then from a new one); in forced colours, :data:`FORCED_GRAPHICS` too."""
    found: dict[str, Found | str] = {}
    graphics = {**GRAPHICS, **FORCED_GRAPHICS} if forced else GRAPHICS
    for name, (where, selector, measure) in graphics.items():
        if where != state:
            continue
        element = page.locator(selector).first
        if element.count() == 0 or not element.is_visible():
            found[name] = f"no visible {selector} in the {state} state"
            continue
        before = element.bounding_box()
        element.scroll_into_view_if_needed()
        r = element.bounding_box()
        if r != before:
            seen = Shot(page)
        found[name] = measure(seen, r)
    return found


# -- reaching the states -----------------------------------------------------------------------


def _tap(page, selector: str) -> None:
    page.tap(selector, timeout=WAIT_MS)


def _loading(page, runtime: HeldRuntime, site_url: str) -> None:
    """A first visit while the runtime is held back: the progress bar has something to show."""
    page.goto(site_url + "index.html", wait_until="domcontentloaded")
    wait_for(
        page,
        """() => { const bar = document.querySelector('#load-progress');
                   return !bar.hidden && Number(bar.getAttribute('aria-valuenow')) >= 10; }""",
    )


def _playing_state(page) -> None:
    """ROLL; a die staged on a legal cell, the next one selected with its cells lit."""
    _tap(page, '.controls [data-action="roll"]')
    wait_phase(page, "placing")
    page.wait_for_selector('#board .cell[data-legal="true"]')
    cell = page.get_attribute('#board .cell[data-legal="true"]', "data-cell")
    _tap(page, f'[data-cell="{cell}"]')
    page.wait_for_selector(f'[data-cell="{cell}"][data-state="staged"]')
    available = '#tray .die[data-state="available"]'
    if page.locator('#tray .die[data-state="selected"]').count() == 0:
        _tap(page, available)
    page.wait_for_selector('#board .cell[data-legal="true"]')


def _hint(page) -> None:
    _tap(page, '.controls [data-action="hint"]')
    page.wait_for_selector('.controls [data-action="apply-hint"]:not([hidden])')


def _hint_state(page) -> None:
    """Her dice taken back, one staged where the coach would stage another, then HINT: the
    hint's ghost dice on an empty cell and its dashed mark on her staged die."""
    _tap(page, '[data-action="undo"]:visible')  # TAKE BACK ALL
    page.wait_for_selector('#board .cell[data-state="staged"]', state="detached")
    die, cell = OVERRULED
    _tap(page, f'#tray [data-die="{die}"]')
    _tap(page, f'#board [data-cell="{cell}"]')
    page.wait_for_selector(f'#board [data-cell="{cell}"][data-state="staged"]')
    _hint(page)
    page.wait_for_selector(f'#board [data-cell="{cell}"][data-ghost]')


def _reroll(page) -> None:
    """The hint dismissed by a tap on a die; REROLL's choosing mode, one die chosen."""
    _tap(page, '#tray .die[data-state="available"]')
    page.wait_for_selector("#board .cell[data-ghost]", state="detached")
    _tap(page, '.powers [data-action="power-reroll"]')
    _tap(page, '#tray .die[data-state="available"], #tray .die[data-state="selected"]')
    page.wait_for_selector('#tray .die[data-chosen="true"]')


def _step_until(page, key: str, done_js: str, step_js: str) -> None:
    """Press ``key`` until ``done_js`` holds, each time waiting for ``step_js``'s value to move."""
    for _ in range(60):
        if page.evaluate(done_js):
            return
        before = page.evaluate(step_js)
        page.keyboard.press(key)
        wait_for(page, f"b => ({step_js})() !== b", before)
    raise AssertionError(f"never reached {done_js}")


def _watch(page) -> None:
    """Close REROLL's choosing; watch the finished game at a step with dice and a board."""
    _tap(page, '.controls [data-action="cancel"]')
    _tap(page, '.top [data-action="scores"]')
    wait_dialog(page, "scores")
    _tap(page, '#dialog-scores [data-action="watch"]')
    wait_dialog(page, "watch")
    done = """() => document.querySelectorAll('[data-watch-die][data-state=available]').length
        && document.querySelectorAll('[data-watch-cell][data-state=number]').length >= 4
        && document.querySelector('[data-watch-cell][data-state=ruin]') !== null"""
    _step_until(page, "ArrowRight", done, "() => document.querySelector('#watch-step').textContent")


def _review(page) -> None:
    """The finished game's review, at a decision with dice placed, staged and the coach's."""
    _tap(page, '#dialog-watch [data-action="close"]')
    _tap(page, '.top [data-action="scores"]')
    wait_dialog(page, "scores")
    _tap(page, '#dialog-scores [data-action="review"]')
    wait_dialog(page, "review")
    page.wait_for_selector("#review-summary[data-review-total]", timeout=REVIEW_MS)
    done = """() => document.querySelector('[data-review-cell][data-state=number]') !== null
        && document.querySelector('[data-review-cell][data-state=staged]') !== null
        && document.querySelector('[data-review-coach][data-ghost]:not([data-ghost=ruin])')"""
    step = "() => document.querySelector('#review-decision').dataset.reviewAt"
    _step_until(page, "ArrowRight", done, step)


def _magdagdon(page) -> None:
    """A NIGHTMARE game whose first roll is MAGDAGDON, after a reload; the coach's hint."""
    values = {
        GAME_KEY: json.dumps(Game.new("nightmare", MAGDAGDON).to_dict()),
        SETTINGS_KEY: _settings("nightmare"),
    }
    page.evaluate("v => Object.entries(v).forEach(([k, x]) => localStorage.setItem(k, x))", values)
    page.reload()
    wait_ready(page)
    _tap(page, '.controls [data-action="roll"]')
    wait_phase(page, "magdagdon")
    _hint(page)
    page.wait_for_selector('#board .cell[data-ghost="ruin"]')


def _ruin(page) -> None:
    _tap(page, '.controls [data-action="accept-magdagdon"]')
    wait_phase(page, "ruin")
    page.wait_for_selector('#board .cell[data-legal="true"]')


def _show(page, case) -> None:
    """The page in ``case``'s colours and on its screen, from its next frame on."""
    mode, (width, height) = case
    page.set_viewport_size({"width": width, "height": height})
    emulate_colours(page, *_colours(mode))


def _colours(mode: str) -> tuple[str, str]:
    """A mode's (colour scheme, forced colours)."""
    forced = "active" if mode.startswith("forced") else "none"
    return {"forced": "light", "forced-dark": "dark"}.get(mode, mode), forced


def _walk(page, runtime: HeldRuntime, site_url: str, cases: list) -> dict:
    """Every state in turn, reached in the first case's colours and screen; at each, every case
    measured (and its screen saved) in its own colours and screen."""
    found: dict = {case: {} for case in cases}
    steps = [
        ("loading", lambda: _loading(page, runtime, site_url)),
        ("playing", lambda: (runtime.release(page), wait_ready(page), _playing_state(page))),
        ("hint", lambda: _hint_state(page)),
        ("reroll", lambda: _reroll(page)),
        ("watch", lambda: _watch(page)),
        ("review", lambda: _review(page)),
        ("magdagdon", lambda: _magdagdon(page)),
        ("ruin", lambda: _ruin(page)),
    ]
    for state, reach in steps:
        reach()
        for case in cases:
            _show(page, case)
            png = shot(page, f"contrast-{_case_id(case)}-{state}", animations="disabled")
            forced = _colours(case[0])[1] == "active"
            found[case].update(_measure(page, state, forced, Shot(page, png.read_bytes())))
        _show(page, cases[0])
    return found


def _context_args(mode: str, size: tuple[int, int]) -> dict:
    width, height = size
    scheme, forced = _colours(mode)
    return {
        "viewport": {"width": width, "height": height},
        "device_scale_factor": SCALE,
        "is_mobile": width < 1000,
        "has_touch": True,
        "locale": "en-US",
        "service_workers": "block",
        "color_scheme": scheme,
        "forced_colors": forced,
    }


#: Every mode on every screen, and the system's dark high-contrast palette on a phone.
CASES = [(mode, size) for mode in MODES for size in SCREENS] + [("forced-dark", SCREENS[0])]


def _case_id(case) -> str:
    mode, (width, height) = case
    return f"{mode}-{width}x{height}"


def _phone(case) -> bool:
    return case[1][0] < 1000


def _walked(browser, site_url, phone: bool):
    """The cases of one kind of device (a phone's or a desktop's: ``is_mobile`` is fixed for a
    context), every one measured on one walk: (the page's errors, case → graphic → measure)."""
    cases = [case for case in CASES if _phone(case) == phone]
    context = browser.new_context(**_context_args(*cases[0]))
    guard = Guard(context)
    seed_storage(context, {
        GAME_KEY: json.dumps(_playing().to_dict()),
        SETTINGS_KEY: _settings("peaceful"),
        **_finished(),
    })  # fmt: skip
    runtime = HeldRuntime(context)
    page = context.new_page()
    try:
        found = _walk(page, runtime, site_url, cases)
        problems = guard.take()  # (an error on the page while its states were reached)
    finally:
        context.close()
    for case, measures in found.items():  # (shown with -s)
        for graphic, result in measures.items():
            print(f"{_case_id(case)}  {graphic:<24} {result}")
    return problems, found


@pytest.fixture(scope="module")
def phones(browser, site_url):
    return _walked(browser, site_url, phone=True)


@pytest.fixture(scope="module")
def desktop(browser, site_url):
    return _walked(browser, site_url, phone=False)


@pytest.fixture(params=CASES, ids=_case_id)
def measured(request):
    """(mode, screen, the page's errors, every graphic's measure) for one mode and screen."""
    problems, found = request.getfixturevalue("phones" if _phone(request.param) else "desktop")
    mode, size = request.param
    return mode, size, problems, found[request.param]


@pytest.mark.parametrize("graphic", list(GRAPHICS))
def test_every_mark_stands_out_three_to_one(measured, graphic):
    mode, size, problems, found = measured
    _stands_out(graphic, (mode, size), problems, found)


@pytest.mark.parametrize("case", [c for c in CASES if c[0].startswith("forced")], ids=_case_id)
@pytest.mark.parametrize("graphic", list(FORCED_GRAPHICS))
def test_forced_colours_draw_what_a_shadow_draws_elsewhere(request, case, graphic):
    """A dialog's edge and a button's, in forced colours (the system drops their shadows and
    the dimmed page)."""
    problems, found = request.getfixturevalue("phones" if _phone(case) else "desktop")
    _stands_out(graphic, case, problems, found[case])


def _stands_out(graphic: str, case, problems: list[str], found: dict) -> None:
    """``graphic`` was measured in ``case`` (no problem on the page) at 3 : 1 or more."""
    assert not problems, format_problems(problems)
    mode, (width, height) = case
    where = f"{graphic}, {mode.replace('-', ' ')} colours, {width}×{height}"
    result = found[graphic]
    assert isinstance(result, Found), f"{where}: {result}"
    assert result.ratio >= RATIO, f"{where}: {result}, below {RATIO:g} : 1"


def test_her_die_is_staged_where_the_coach_would_stage_another():
    """OVERRULED stages her die where the coach's hint (asked then) puts another value: its
    ghost then marks her staged die."""
    from magdagdon.hints import hint_for

    die, cell = OVERRULED
    game = _playing().apply("roll").apply(f"stage {die} {cell}")
    ghosts = hint_for(game).ghosts
    assert cell in ghosts and ghosts[cell] != game.dice[die]
