"""The first frame of an open with a game kept (index.html's first script, magdagdon/frame.py):
her game exactly as Python then draws it, painted before Python starts; taps and keys on it kept
and carried out in order when Python is ready, or dropped with a word when the game changed
meanwhile; never a board that is not hers now (a link to another game, a damaged or another
release's frame: the plain start, nothing lost).

Each open here is held before Python's runtime arrives (its download answered only when the
test says), so "before Python" is a state the test controls, not a race."""

from __future__ import annotations

import datetime
import io
import json

import pytest
from PIL import Image, ImageChops

from magdagdon.frame import ELEMENTS, FRAME_KEY, FRAME_KEYS, Frame
from magdagdon.game import Game, Phase
from magdagdon.records import GAME_KEY, SETTINGS_KEY, MemoryStore
from magdagdon.rules import SIZE, Difficulty
from magdagdon.session import Session
from magdagdon.ui import BUTTONS

from ..unit.catalogues import CATALOGS
from ..unit.greedy import daily_game, end_turn, finished
from .harness import PHONE, blank_slate, emulate_colours, wait_ready

TODAY = datetime.date.today().isoformat()  # (the browser's local day: the same machine's)
SEED = 5

LINES = [f"{kind}-{i}" for kind in ("row", "column") for i in range(SIZE)]
#: Every element the frame paints, by its selector.
SELECTORS = [
    ELEMENTS[kind].replace("%", which)
    for kind, names in {
        "cell": [str(i) for i in range(SIZE * SIZE)],
        "die": [str(d) for d in range(4)],
        "line": LINES,
        "total": LINES,
        "bonus": LINES,
        "button": list(BUTTONS),
    }.items()
    for which in names
] + [selector for selector in ELEMENTS.values() if "%" not in selector]

#: What the board screen shows: each element's attributes (its classes aside: motion), text,
#: hidden and disabled; the fixed words' texts and labels; the page's language and title.
SCREEN = r"""selectors => {
  const seen = {}, moving = ["class", "data-ready", "data-ahead", "data-update", "aria-busy"];
  for (const selector of selectors) {
    const el = document.querySelector(selector);
    const attributes = {};
    for (const a of el.attributes) if (!moving.includes(a.name)) attributes[a.name] = a.value;
    const text = el === document.body ? "" : el.textContent;
    seen[selector] = [attributes, text, el.hidden, !!el.disabled];
  }
  const app = document.querySelector(".app");
  seen.words = [...app.querySelectorAll("[data-i18n]")].map((el) => el.textContent);
  seen.labels = [...app.querySelectorAll("[data-i18n-aria]")].map(
    (el) => el.getAttribute("aria-label"));
  seen.page = [document.documentElement.lang, document.title];
  const sheet = document.querySelector("dialog[open]"); // (a finished game's: the game-over sheet)
  const attributes = (el) => [...el.attributes].filter((a) => !moving.includes(a.name))
    .map((a) => `${a.name}=${a.value}`);
  seen.sheet = sheet && [sheet.id, sheet.textContent.replace(/\s+/g, " "),
    [...sheet.querySelectorAll("*")].map((el) => [el.tagName, el.hidden, !!el.disabled,
      ...attributes(el)])];
  return seen;
}"""
#: The frame kept is the one for the values stored now.
KEPT = """keys => { try {
  const frame = JSON.parse(localStorage.getItem("magdagdon.v1.frame"));
  return keys.every((key) => frame.keys[key] === localStorage.getItem(key));
} catch (_) { return false; } }"""


class Held:
    """The runtime's download of one page held until :meth:`release` (as in test_loading)."""

    PATTERN = "**/pyodide.asm.wasm*"

    def __init__(self, page) -> None:
        self.page, self.routes, self.released = page, [], False
        page.route(self.PATTERN, self._hold)

    def _hold(self, route) -> None:
        if self.released:
            route.fallback()
        else:
            self.routes.append(route)

    def drop(self) -> None:
        """Leave the page held for good: it goes to a blank page, and the next open is not held."""
        self.page.goto("about:blank")
        self.page.unroute(self.PATTERN)

    def release(self) -> None:
        while not self.routes:
            self.page.wait_for_timeout(50)
        self.released = True
        for route in self.routes:
            route.fallback()
        self.page.unroute(self.PATTERN)


# -- games left in each state, stored as the game stores them ---------------------------------
def stored(game: Game, *, language: str | None = None, day: str | None = None) -> dict[str, str]:
    """What the game stores once ``game``'s moves were played (as the daily roll of ``day``)."""
    store = MemoryStore()
    session = Session(store, today=lambda: TODAY, languages=tuple(CATALOGS))
    if day is not None:
        session.start_daily(day)
    else:
        session.new_game(game.difficulty, game.seed)
    for move in game.moves + tuple(f"stage {d} {c}" for d, c in game.placements):
        session.apply(move)
    assert session.game == game
    settings = json.loads(store.data[SETTINGS_KEY])
    settings.update(guided=True, language=language)
    store.data[SETTINGS_KEY] = json.dumps(settings)
    return dict(store.data)


def daily() -> Game:
    """Today's daily roll, nine moves in."""
    whole = daily_game(TODAY)
    return Game.new(whole.difficulty, whole.seed).play(whole.moves[:9])


def rolled() -> Game:
    return Game.new(Difficulty.PEACEFUL, SEED).apply("roll")


def staged() -> Game:
    game = rolled()
    die, cells = next(iter(game.legal.items()))
    return game.apply(f"stage {die} {cells[0]}")


def at_magdagdon() -> Game:
    for seed in range(1, 500):
        game = Game.new(Difficulty.NIGHTMARE, seed)
        while not game.is_over:
            game = game.apply("roll")
            if game.phase is Phase.MAGDAGDON:
                return game
            game = end_turn(game)
    raise AssertionError("no MAGDAGDON in 500 games")


def powered() -> Game:
    game = end_turn(Game.new(Difficulty.PEACEFUL, SEED)).apply("roll")
    return game.apply("inc 0" if game.dice[0] < 6 else "dec 0")


STATES = {
    "rolled": lambda: stored(rolled()),
    "staged": lambda: stored(staged()),
    "magdagdon": lambda: stored(at_magdagdon()),
    "power used": lambda: stored(powered()),
    "the daily": lambda: stored(daily(), day=TODAY),
    "game over": lambda: stored(finished(Difficulty.PEACEFUL, 3)),
    "Lithuanian, dark, landscape": lambda: stored(staged(), language="lt"),
}  # fmt: skip


# -- how the tests look -------------------------------------------------------------------------
@pytest.fixture
def page(shared_page):
    """One guarded page for the module (service workers blocked: every request is the test's)."""
    return shared_page


def screen(page) -> dict:
    return page.evaluate(SCREEN, SELECTORS)


def board_picture(page) -> Image.Image:
    """The board and the tray as drawn (motion stopped)."""
    board, tray = (page.locator(s).bounding_box() for s in ("#board", "#tray"))
    clip = {"x": 0, "y": board["y"], "width": page.viewport_size["width"]}
    clip["height"] = tray["y"] + tray["height"] - board["y"]
    png = page.screenshot(clip=clip, animations="disabled")
    return Image.open(io.BytesIO(png)).convert("RGB")


def same_picture(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def left_with(page, url: str, values: dict[str, str]) -> tuple[dict, Image.Image]:
    """Her game left as ``values`` stores it, played on this page once (the frame then kept):
    what the ready page shows."""
    blank_slate(page, url, values)
    page.goto(url + "index.html")
    wait_ready(page)
    page.wait_for_function(KEPT, arg=list(FRAME_KEYS))
    return screen(page), board_picture(page)


def reopened(page, url: str, query: str = "") -> Held:
    """The game opened again, held before its runtime arrives."""
    held = Held(page)
    page.goto(url + "index.html" + query, wait_until="domcontentloaded")
    return held


def framed(page) -> bool:
    return page.evaluate("'frame' in document.documentElement.dataset")


# -- the first frame is her game ----------------------------------------------------------------
@pytest.mark.parametrize("state", STATES)
def test_a_game_left_is_painted_before_python_as_python_then_draws_it(page, site_url, state):
    if state.startswith("Lithuanian"):
        emulate_colours(page, "dark")
        page.set_viewport_size({"width": 740, "height": 360})
    ready, ready_picture = left_with(page, site_url, STATES[state]())
    held = reopened(page, site_url)
    assert framed(page)
    assert not page.locator("#loading").is_visible()
    before, before_picture = screen(page), board_picture(page)
    assert before == ready
    assert same_picture(before_picture, ready_picture)
    # a finished game's sheet is open in the first paint, as Python opens it
    assert (before["sheet"] or [None])[0] == ("dialog-over" if state == "game over" else None)
    held.release()
    wait_ready(page)
    assert screen(page) == before  # nothing moved or changed that she did not cause
    assert same_picture(board_picture(page), before_picture)
    if state.startswith("Lithuanian"):
        emulate_colours(page, "light")
        page.set_viewport_size(PHONE["viewport"])


def test_new_game_tapped_on_the_first_frames_game_over_sheet_is_carried_out(page, site_url):
    left_with(page, site_url, STATES["game over"]())
    held = reopened(page, site_url)
    assert page.locator("#dialog-over[open]").count() == 1  # (before Python: the frame's)
    page.locator('#dialog-over [data-action="new-game"]').tap()
    assert page.locator("#dialog-over .queued").count() == 1
    held.release()
    wait_ready(page)
    page.wait_for_function("!document.querySelector('dialog[open]')")
    assert page.evaluate("document.body.dataset.phase") == "roll"
    assert page.locator('[data-cell][data-state="empty"]').count() == SIZE * SIZE


def test_the_game_over_sheet_of_the_first_frame_opens_at_its_top_in_landscape(page, site_url):
    # (its NEW GAME takes the focus as it opens: the sheet must not scroll down to it)
    page.set_viewport_size({"width": 844, "height": 390})
    try:
        left_with(page, site_url, STATES["game over"]())
        held = reopened(page, site_url)
        sheet = "document.querySelector('#dialog-over')"
        assert page.evaluate(f"{sheet}.open && {sheet}.scrollHeight > {sheet}.clientHeight")
        assert page.evaluate(f"{sheet}.scrollTop") == 0
        held.release()
        wait_ready(page)
        assert page.evaluate(f"{sheet}.scrollTop") == 0
    finally:
        page.set_viewport_size(PHONE["viewport"])


def test_the_next_open_paints_the_board_another_tab_moved_on(page, site_url):
    left_with(page, site_url, STATES["rolled"]())
    other = page.context.new_page()
    other.goto(site_url + "index.html")
    wait_ready(other)
    other.locator('[data-cell][data-legal="true"]').first.tap()
    other.wait_for_function(KEPT, arg=list(FRAME_KEYS))
    moved = screen(other)
    page.wait_for_function("document.querySelector('[data-cell][data-state=\"staged\"]')")
    opened = page.context.new_page()
    held = reopened(opened, site_url)
    assert framed(opened) and screen(opened) == moved
    held.release()
    wait_ready(opened)
    assert screen(opened) == moved
    for each in (other, opened):
        each.close()


# -- taps on it are kept ------------------------------------------------------------------------
def two_neighbours() -> tuple[Game, int, int]:
    """The rolled game and two of its dice that may stand side by side (values within 1)."""
    game = rolled()
    dice = game.dice
    pairs = [(a, b) for a in range(4) for b in range(4) if a != b and abs(dice[a] - dice[b]) <= 1]
    assert pairs, dice
    return game, *pairs[0]


def test_taps_and_keys_on_the_first_frame_are_carried_out_in_order_at_cpu_4x(page, site_url):
    game, first, second = two_neighbours()
    left_with(page, site_url, stored(game))
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    try:
        held = reopened(page, site_url)
        assert framed(page)
        page.tap(f'[data-die="{first}"]')
        page.tap('[data-cell="5"]')
        page.keyboard.press(str(second + 1))  # its key: 1 to 4
        page.tap('[data-cell="6"]')
        page.locator('[data-action="confirm"]').tap(force=True)  # (disabled in the frame)
        assert page.locator(".queued").count() == 4  # (what she tapped pulses; a key has no mark)
        held.release()
        wait_ready(page)
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    page.wait_for_function("document.body.dataset.phase === 'roll'")  # CONFIRM carried out
    values = page.evaluate(
        "[5, 6].map((c) => document.querySelector(`[data-cell='${c}']`).dataset)"
    )
    assert [(v["state"], v["value"]) for v in values] == [
        ("number", str(game.dice[first])),
        ("number", str(game.dice[second])),
    ]
    assert page.locator(".queued, [aria-busy]").count() == 0


def test_taps_made_before_another_tab_moved_on_are_dropped_with_a_word(page, site_url):
    game, first, _ = two_neighbours()
    left_with(page, site_url, stored(game))
    other = page.context.new_page()
    other.goto(site_url + "index.html")
    wait_ready(other)
    held = reopened(page, site_url)
    page.tap(f'[data-die="{first}"]')
    page.tap('[data-cell="15"]')
    other.tap('[data-cell="0"]')  # the other tab stages its chosen die on cell 0 meanwhile
    other.wait_for_function(KEPT, arg=list(FRAME_KEYS))
    held.release()
    wait_ready(page)
    words = CATALOGS["en"]["status.dropped"]
    assert page.locator("#status .status-main").text_content() == words
    staged = page.evaluate(
        "[...document.querySelectorAll('[data-cell][data-state=staged]')].map(c => c.dataset.cell)"
    )
    assert staged == ["0"]  # the other tab's move, not hers
    assert page.evaluate("k => localStorage.getItem(k)", GAME_KEY) == other.evaluate(
        "k => localStorage.getItem(k)", GAME_KEY
    )
    other.close()


# -- never a board that is not hers now ---------------------------------------------------------
@pytest.mark.parametrize(
    "query", ["?seed=7", "?daily", "?gift", "?seed=7&vs=120", "?difficulty=nightmare"]
)
def test_a_link_that_starts_another_game_never_paints_her_board(page, site_url, query):
    left_with(page, site_url, STATES["staged"]())
    held = reopened(page, site_url, query)
    assert not framed(page)
    assert page.locator('[data-cell][data-state="empty"]').count() == SIZE * SIZE
    assert page.locator("#loading").is_visible()
    held.drop()


def hostile(frame: dict) -> dict:
    frame["screen"]["cell:0"]["onclick"] = "document.title = 'taken'"
    return frame


def another_release(frame: dict) -> dict:
    frame["release"] = "0" * 16
    return frame


def another_format(frame: dict) -> dict:
    frame["format"] += 1
    return frame


@pytest.mark.parametrize("damage", ["{", hostile, another_release, another_format])
def test_a_damaged_or_other_frame_gives_the_plain_start_and_loses_nothing(page, site_url, damage):
    ready, _ = left_with(page, site_url, STATES["staged"]())
    kept = page.evaluate("k => localStorage.getItem(k)", FRAME_KEY)
    values = page.evaluate("() => ({...localStorage})")
    damaged = damage if isinstance(damage, str) else json.dumps(damage(json.loads(kept)))
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [FRAME_KEY, damaged])
    held = reopened(page, site_url)
    assert not framed(page)
    assert page.locator('[data-cell][data-state="empty"]').count() == SIZE * SIZE
    assert page.locator("[onclick]").count() == 0
    held.release()
    wait_ready(page)
    assert screen(page) == ready  # her game, as she left it
    after = page.evaluate("() => ({...localStorage})")
    assert {k: after.get(k) for k in values if k != FRAME_KEY} == {
        k: v for k, v in values.items() if k != FRAME_KEY
    }
    # (drawn again in an idle moment: until then the damaged one is there, its keys still right)
    page.wait_for_function("([k, v]) => localStorage.getItem(k) !== v", arg=[FRAME_KEY, damaged])
    page.wait_for_function(KEPT, arg=list(FRAME_KEYS))
    assert Frame.parse(page.evaluate("k => localStorage.getItem(k)", FRAME_KEY)) is not None


def test_the_next_mornings_open_paints_her_game_with_the_new_days_daily_mark(new_context, site_url):
    context = new_context()
    page = context.new_page()
    ready, _ = left_with(
        page, site_url, stored(finished(Difficulty.PEACEFUL, 3).play(()), day=None)
    )
    page.close()
    page = context.new_page()
    tomorrow = datetime.datetime.combine(
        datetime.date.today() + datetime.timedelta(days=1), datetime.time(7, 30)
    )
    page.clock.install(time=tomorrow)
    held = reopened(page, site_url)
    assert framed(page)
    before = screen(page)
    # (the game-over sheet is painted on the frame's day only: the next morning, the board
    # alone, and Python opens the sheet over it as it did before the sheet was in the frame)
    assert before["sheet"] is None and ready["sheet"][0] == "dialog-over"
    held.release()
    wait_ready(page)
    after = screen(page)
    assert after["sheet"][0] == "dialog-over"
    assert {k: v for k, v in after.items() if k != "sheet"} == {
        k: v for k, v in before.items() if k != "sheet"
    }
    daily = ELEMENTS["daily"]
    assert before[daily][0]["data-waiting"] == "true"  # (a new day's daily waits)
    assert {k: v for k, v in before.items() if k not in (daily, "sheet")} == {
        k: v for k, v in ready.items() if k not in (daily, "sheet")
    }
