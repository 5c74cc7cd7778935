"""Playing MAGDAGDON through the page, with the engine (CPython) as the oracle.

The tests advance a :class:`Game` in parallel with every tap and, after each one, wait until
the page shows that game (:func:`expect_game`): phase, score, every cell, every die, the
controls (compared with the controller's own table of what can be pressed), the line sums and
the saved game in localStorage. The strategy and the expectations are pure, in ``strategy.py``.

    game = open_seeded(page, site_url, seed=12, difficulty="nightmare")
    game = roll(page, game)
    game = stage(page, game, die=2, cell=5)
    game = confirm(page, game)
    game = play_to_end(page, game)
"""

from __future__ import annotations

import json

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from magdagdon.frame import FRAME_KEY, FRAME_KEYS
from magdagdon.game import Game, Phase

from .harness import open_game, wait_ready
from .strategy import (
    GAME_KEY,
    controls_diff,
    core_diff,
    core_of,
    en,
    plan_turn,
    ruin_choice,
    selected_on_page,
)

WAIT_MS = 10_000

# -- reading the page ------------------------------------------------------------------------------

VIEW_JS = """() => {
  const all = (s) => [...document.querySelectorAll(s)];
  const byIndex = (attr) => all(`[${attr}]`)
    .sort((a, b) => Number(a.getAttribute(attr)) - Number(b.getAttribute(attr)));
  let saved = null, storage = true;
  try { saved = localStorage.getItem("magdagdon.v1.game"); } catch (e) { storage = false; }
  const buttons = {};
  for (const el of all(".controls [data-action]")) {
    buttons[el.dataset.action] = {
      hidden: el.hidden, disabled: el.disabled, text: el.textContent.trim(),
    };
  }
  const status = document.querySelector("#status");
  return {
    ready: document.body.dataset.ready === "true",
    phase: document.body.dataset.phase,
    score: document.querySelector("#score").dataset.score,
    scoreText: document.querySelector("#score").textContent.trim(),
    status: status.textContent.trim(),
    alert: status.dataset.alert === "true",
    cells: byIndex("data-cell").map((e) => ({
      state: e.dataset.state, value: Number(e.dataset.value), legal: e.dataset.legal === "true",
    })),
    dice: byIndex("data-die").map((e) => ({
      state: e.dataset.state, value: Number(e.dataset.value), chosen: e.dataset.chosen === "true",
      disabled: e.disabled,
    })),
    more: document.querySelector('.controls [data-action="confirm"] .more').textContent.trim(),
    powersLeft: document.querySelector("#powers-left").textContent.trim(),
    buttons,
    storage,
    saved,
    sums: Object.fromEntries(all("[data-line]").map((e) => [
      e.dataset.line, [e.querySelector("b").textContent.trim(), e.dataset.bonus || ""],
    ])),
    dialogs: all("dialog[open]").map((d) => d.id),
    notices: all("#notices .notice").map((n) => n.textContent.trim()),
    url: location.href,
  };
}"""

# The part of the page a game determines on its own (no UI state): waited for after each tap.

CORE_JS = """(expected) => {
  const byIndex = (attr) => [...document.querySelectorAll(`[${attr}]`)]
    .sort((a, b) => Number(a.getAttribute(attr)) - Number(b.getAttribute(attr)));
  const core = [
    document.body.dataset.phase,
    document.querySelector("#score").dataset.score,
    byIndex("data-cell").map((e) => [e.dataset.state, Number(e.dataset.value)]),
    byIndex("data-die").map((e) => [Number(e.dataset.value), e.dataset.state === "staged"]),
  ];
  return JSON.stringify(core) === JSON.stringify(expected);
}"""


def view(page: Page) -> dict:
    """Everything the tests read off the page, in one round trip."""
    return page.evaluate(VIEW_JS)


def saved_game(page: Page) -> Game | None:
    raw = page.evaluate(f"localStorage.getItem({GAME_KEY!r})")
    return None if raw is None else Game.from_dict(json.loads(raw))


def expect_game(
    page: Page,
    game: Game,
    *,
    choosing: bool = False,
    storage: bool = True,
    timeout: float = WAIT_MS,
) -> dict:
    """Wait until the page shows ``game``, then check everything the game determines.

    ``choosing``: the page is in REROLL's choosing mode. ``storage``: localStorage works, so
    the saved game must be ``game``. Returns the page's view.
    """
    try:
        page.wait_for_function(CORE_JS, arg=core_of(game), timeout=timeout, polling="raf")
    except PlaywrightTimeoutError:
        v = view(page)
        raise AssertionError(
            f"the page does not show the engine's game after {timeout / 1000:.0f} s:\n  "
            + "\n  ".join(core_diff(v, game))
            + f"\n  status line: {v['status']!r}"
        ) from None
    v = view(page)
    # Buttons shown and enabled, dice that answer taps, highlighted cells: exactly the
    # controller's table for this game and the page's choices (tests/unit/test_controls.py
    # holds the table to the rules).
    problems = controls_diff(v, game, choosing)
    assert not problems, "\n  ".join(["the page's controls are not the table's:", *problems])
    if game.phase is Phase.PLACING and not choosing:
        want_more = en("button.confirm.more", count=game.still_required)
        assert v["more"] == (want_more if game.still_required else ""), v["more"]
    # Line sums beside the board: what the board would score with the staged dice.
    want_sums = {
        f"{line.kind}-{line.index}": [str(line.total), line.bonus.value if line.bonus else ""]
        for line in game.preview.lines
    }
    assert v["sums"] == want_sums, (v["sums"], want_sums)
    if storage:
        assert v["storage"], "localStorage is not readable"
        assert v["saved"] is not None, "no saved game in localStorage"
        saved = Game.from_dict(json.loads(v["saved"]))
        assert saved.to_dict() == game.to_dict(), (saved.to_dict(), game.to_dict())
    return v


def her_data(values: dict[str, str]) -> dict[str, str]:
    """The values of ``values`` (localStorage) that are hers: all but the first frame kept for
    the next open (magdagdon/frame.py), a drawing of the others that the page redraws whenever
    they, the release, the day or the browser's languages changed (at an idle moment, at the
    latest when the page is hidden)."""
    return {key: value for key, value in values.items() if key != FRAME_KEY}


FRAME_TRUE_JS = """([frameKey, keys]) => {
  const get = (k) => Storage.prototype.getItem.call(localStorage, k);
  let frame;
  try { frame = JSON.parse(get(frameKey)); } catch (e) { return false; }
  if (frame === null || typeof frame !== "object") return false;
  const meta = document.querySelector('meta[name="magdagdon-release"]');
  return frame.release === (meta ? meta.content : null)
    && frame.languages === navigator.languages.join(",")
    && keys.every((k) => (frame.keys[k] ?? null) === get(k));
}"""


def expect_frame_kept(page: Page, timeout: float = WAIT_MS) -> None:
    """Wait until the first frame kept for the next open was drawn for exactly the values
    stored now, by this release, for this browser's languages (else the next open would
    start plainly, or paint something that is no longer so)."""
    try:
        wait_for(page, FRAME_TRUE_JS, [FRAME_KEY, list(FRAME_KEYS)], timeout=timeout)
    except PlaywrightTimeoutError:
        raw = page.evaluate(f"localStorage.getItem({FRAME_KEY!r})")
        raise AssertionError(f"the first frame kept is not the stored game's: {raw}") from None


# -- acting on the page --------------------------------------------------------------------------


def tap(page: Page, selector: str) -> None:
    """A finger tap (the context has touch); fails if something else would take the tap."""
    page.tap(selector, timeout=WAIT_MS)


def press(page: Page, action: str, where: str = ".controls") -> None:
    tap(page, f'{where} [data-action="{action}"]')


def tap_cell(page: Page, cell: int) -> None:
    tap(page, f'[data-cell="{cell}"]')


def tap_die(page: Page, die: int) -> None:
    tap(page, f'[data-die="{die}"]')


def dismiss_notices(page: Page) -> None:
    """Close every notice with its × (notices cover the controls at phone size: see
    test_phone.py::test_notices_leave_the_controls_usable)."""
    count = page.locator("#notices .notice").count()
    for left in range(count - 1, -1, -1):
        tap(page, "#notices .notice [data-action=dismiss]")
        wait_for(page, "n => document.querySelectorAll('#notices .notice').length === n", left)


def wait_for(page: Page, js: str, arg=None, timeout: float = WAIT_MS) -> None:
    page.wait_for_function(js, arg=arg, timeout=timeout)


def wait_phase(page: Page, phase: str) -> None:
    wait_for(page, "p => document.body.dataset.phase === p", phase)


def wait_dialog(page: Page, name: str | None) -> None:
    """Wait until ``#dialog-NAME`` is the one open dialog (None: no dialog open)."""
    wait_for(
        page,
        """n => { const open = [...document.querySelectorAll("dialog[open]")].map(d => d.id);
                  return n === null ? open.length === 0
                                    : open.length === 1 && open[0] === "dialog-" + n; }""",
        name,
    )


def select(page: Page, game: Game, die: int, **kwargs) -> dict:
    """Tap die ``die`` (unless it is already selected); its legal cells must light up."""
    if selected_on_page(view(page)) != [die]:
        tap_die(page, die)
        wait_for(
            page,
            "d => document.querySelector(`[data-die='${d}']`).dataset.state === 'selected'",
            die,
        )
    return expect_game(page, game, **kwargs)


def roll(page: Page, game: Game, **kwargs) -> Game:
    press(page, "roll")
    game = game.apply("roll")
    expect_game(page, game, **kwargs)
    return game


def stage(page: Page, game: Game, die: int, cell: int, **kwargs) -> Game:
    """Select ``die`` by tapping it, check its highlighted cells, tap ``cell``."""
    v = select(page, game, die, **kwargs)
    assert v["cells"][cell]["legal"], f"cell {cell} is not highlighted for die {die}"
    tap_cell(page, cell)
    game = game.apply(f"stage {die} {cell}")
    expect_game(page, game, **kwargs)
    return game


def confirm(page: Page, game: Game, **kwargs) -> Game:
    press(page, "confirm")
    game = game.apply("confirm")
    expect_game(page, game, **kwargs)
    return game


def accept(page: Page, game: Game, **kwargs) -> Game:
    press(page, "accept-magdagdon")
    game = game.apply("accept")
    expect_game(page, game, **kwargs)
    return game


def ruin(page: Page, game: Game, cell: int, **kwargs) -> Game:
    v = view(page)
    assert v["cells"][cell]["legal"], f"empty cell {cell} is not offered as a ruin"
    tap_cell(page, cell)
    game = game.apply(f"ruin {cell}")
    expect_game(page, game, **kwargs)
    return game


def offer_install(page: Page) -> None:
    """The browser offers to install the game, as Chromium does once it would (a
    ``beforeinstallprompt`` event of the tests' making: its ``prompt()`` does nothing), and the
    game is told (SETTINGS and ABOUT then offer it)."""
    page.evaluate(
        """() => { const e = new Event("beforeinstallprompt");
                   e.prompt = () => Promise.resolve(); window.dispatchEvent(e); }"""
    )
    wait_for(page, "() => window.magdagdonBrowser().how === 'prompt'")


def calm(page: Page) -> Page:
    """prefers-reduced-motion: the dice land at once, so taps need not wait for them to settle
    (halves the time of a whole game; the animated path is played by the other modules)."""
    page.emulate_media(reduced_motion="reduce")
    return page


def reload(page: Page) -> Page:
    page.reload()
    return wait_ready(page)


def clear_storage(page: Page) -> None:
    """Forget everything the site stored (only possible while on the site)."""
    if page.url.startswith("http"):
        page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")


def open_seeded(page: Page, site_url: str, seed: int, difficulty: str = "peaceful") -> Game:
    """A clean slate, then ``?seed=…&difficulty=…``: the page must start exactly that game."""
    clear_storage(page)
    open_game(page, site_url, f"?seed={seed}&difficulty={difficulty}")
    game = Game.new(difficulty, seed)
    v = expect_game(page, game)
    assert "seed=" not in v["url"] and "difficulty=" not in v["url"], v["url"]
    return game


def play_turn(page: Page, game: Game, **kwargs) -> Game:
    """One turn by taps: ROLL, then stage the plan and CONFIRM, or accept MAGDAGDON and ruin."""
    game = roll(page, game, **kwargs)
    if game.phase is Phase.MAGDAGDON:
        v = view(page)
        assert v["alert"], "the MAGDAGDON status line is not an alert"
        game = accept(page, game, **kwargs)
        return ruin(page, game, ruin_choice(game), **kwargs)
    for die, cell in plan_turn(game):
        game = stage(page, game, die, cell, **kwargs)
    return confirm(page, game, **kwargs)


def finish_by_taps(page: Page) -> None:
    """Taps until the game is over, in any language (a legal cell, CONFIRM, ROLL, ACCEPT or a
    ruin: whatever the screen asks for; the engine is not consulted)."""
    while (phase := page.evaluate("document.body.dataset.phase")) != "over":
        if phase == "roll":
            page.tap('[data-action="roll"]')
        elif phase == "ruin":
            page.tap('[data-cell][data-legal="true"]')
        elif page.locator('[data-action="confirm"]').is_enabled():
            page.tap('[data-action="confirm"]')
        elif phase == "magdagdon":
            page.tap('[data-action="accept-magdagdon"]')
        else:
            page.tap('[data-cell][data-legal="true"]')


def play_to_end(page: Page, game: Game, **kwargs) -> Game:
    for _ in range(17):  # every turn fills or ruins at least one of the 16 cells
        if game.is_over:
            return game
        game = play_turn(page, game, **kwargs)
    raise AssertionError("the game did not end after 16 turns")


def select_die(page: Page, die: int) -> None:
    """Die ``die`` selected (tapped unless it already is: a tap on it would let it go)."""
    sel = f'[data-die="{die}"]'
    if page.get_attribute(sel, "data-state") != "selected":
        tap_die(page, die)
        wait_for(page, "s => document.querySelector(s).dataset.state === 'selected'", sel)


def tap_actions(page: Page, position: Game, actions, wait_board) -> None:
    """Play the engine's ``actions`` from ``position`` by taps (dice and cells, CONFIRM, the
    Majda Powers, MAGDAGDON and its ruin), the board checked by ``wait_board(page, game)``
    after each one but the last (which commits: a dialog then comes)."""
    game = position
    *steps, last = actions
    for action in (*steps, last):
        verb, *args = action.split()
        cells = [int(a) for a in args]
        if verb == "stage":
            select_die(page, cells[0])
            tap_cell(page, cells[1])
        elif verb == "confirm":
            press(page, "confirm")
        elif verb in ("inc", "dec"):
            select_die(page, cells[0])
            press(page, f"power-{verb}")
        elif verb == "reroll":
            press(page, "power-reroll")
            wait_for(page, "() => !document.querySelector('[data-action=reroll-go]').hidden")
            for die in cells:
                tap_die(page, die)
                wait_for(
                    page,
                    "d => document.querySelector(`[data-die='${d}']`).dataset.chosen === 'true'",
                    die,
                )
            press(page, "reroll-go")
        elif verb == "accept":
            press(page, "accept-magdagdon")
        elif verb == "ruin":
            tap_cell(page, cells[0])
        elif verb == "clear":
            press(page, "undo")
        else:
            raise AssertionError(f"no taps for {action!r}")
        if action is not last:
            game = game.apply(action)
            wait_board(page, game)
