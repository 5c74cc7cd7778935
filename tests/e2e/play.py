"""Playing MAGDAGDON through the page, with the engine (CPython) as the oracle.

The tests advance a :class:`Game` in parallel with every tap and, after each one, wait until
the page shows that game (:func:`expect_game`): phase, score, every cell, every die, the
highlighted cells, the controls and the saved game in localStorage.

    game = open_seeded(page, site_url, seed=12, difficulty="nightmare")
    game = roll(page, game)
    game = stage(page, game, die=2, cell=5)
    game = confirm(page, game)
    game = play_to_end(page, game)
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from magdagdon.game import Game, Phase
from magdagdon.i18n import Translator, load_catalog
from magdagdon.rules import EMPTY, RUIN

from .harness import REPO_ROOT, open_game, wait_ready

GAME_KEY = "magdagdon.v1.game"
SETTINGS_KEY = "magdagdon.v1.settings"
DIFFICULTIES = ("peaceful", "survival", "nightmare")
WAIT_MS = 10_000


def played(difficulty: str, seed: int, *, until_empty: int = 0) -> Game:
    """A game played in CPython with a plain strategy (first legal die on its first legal
    cell, MAGDAGDON accepted on the first empty cell) until it is over — or, with
    ``until_empty``, until at most that many cells are empty at a ROLL."""
    game = Game.new(difficulty, seed=seed)
    while game.phase is not Phase.OVER and game.board.count(EMPTY) > until_empty:
        game = game.apply("roll")
        if game.phase is Phase.MAGDAGDON:
            game = game.apply("accept").apply(f"ruin {game.board.index(EMPTY)}")
            continue
        while not game.can_confirm:
            die = next(d for d in game.available if game.legal[d])
            game = game.apply(f"stage {die} {game.legal[die][0]}")
        game = game.apply("confirm")
    return game


def best_key(difficulty: str) -> str:
    return f"magdagdon.v1.best.{difficulty}"


@functools.cache
def _english() -> Translator:
    catalog = load_catalog((REPO_ROOT / "i18n" / "en.json").read_text("utf-8"))
    return Translator({"en": catalog}, "en")


def en(key: str, **params) -> str:
    """The English text of an i18n key (what the page shows with locale en-US)."""
    return _english().t(key, **params)


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


def cell_view(game: Game) -> list[list]:
    """[state, value] of every cell as the page must show ``game``."""
    staged = {cell for _, cell in game.placements}
    cells = []
    for i, value in enumerate(game.staged_board):
        if i in staged:
            cells.append(["staged", value])
        elif value == RUIN:
            cells.append(["ruin", 0])
        elif value == EMPTY:
            cells.append(["empty", 0])
        else:
            cells.append(["number", value])
    return cells


def core_of(game: Game) -> list:
    dice = [[v, d in game.staged] for d, v in enumerate(game.dice)]
    dice += [[0, False]] * (4 - len(dice))
    return [game.phase.value, str(game.score), cell_view(game), dice]


def saved_game(page: Page) -> Game | None:
    raw = page.evaluate(f"localStorage.getItem({GAME_KEY!r})")
    return None if raw is None else Game.from_dict(json.loads(raw))


def legal_on_page(v: dict) -> list[int]:
    return [i for i, c in enumerate(v["cells"]) if c["legal"]]


def selected_on_page(v: dict) -> list[int]:
    return [d for d, die in enumerate(v["dice"]) if die["state"] == "selected"]


def core_diff(v: dict, game: Game) -> list[str]:
    """How the page's phase, score, cells and dice differ from ``game`` (empty: they agree)."""
    lines = []
    if v["phase"] != game.phase.value:
        lines.append(f"phase: page {v['phase']!r}, engine {game.phase.value!r}")
    if v["score"] != str(game.score):
        lines.append(f"score: page {v['score']!r}, engine {game.score}")
    for i, (cell, want) in enumerate(zip(v["cells"], cell_view(game), strict=True)):
        if [cell["state"], cell["value"]] != want:
            lines.append(f"cell {i}: page {cell['state']}/{cell['value']}, engine {want}")
    page_dice = [(d["value"], d["state"] == "staged") for d in v["dice"]]
    want_dice = [tuple(x) for x in core_of(game)[3]]
    if page_dice != want_dice:
        lines.append(f"dice (value, staged): page {page_dice}, engine {want_dice}")
    return lines


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
    placing = game.phase is Phase.PLACING
    magdagdon = game.phase is Phase.MAGDAGDON
    b = v["buttons"]
    legal = legal_on_page(v)
    selected = selected_on_page(v)
    assert len(selected) <= 1, f"more than one die selected: {selected}"
    for d in selected:
        assert d in game.available, f"die {d} is selected but not available"
    # Highlights: the selected die's legal cells; every empty cell while choosing the ruin.
    if game.phase is Phase.RUIN:
        empty = [i for i, value in enumerate(game.board) if value == EMPTY]
        assert legal == empty, f"ruin choice: highlighted {legal}, empty cells {empty}"
    elif placing and not choosing and selected:
        want = list(game.legal[selected[0]])
        assert legal == want, f"die {selected[0]} selected: highlighted {legal}, legal {want}"
    else:
        assert legal == [], f"nothing may be highlighted in {game.phase.value}: {legal}"
    # Dice chosen for REROLL exist only while choosing.
    chosen = [d for d, die in enumerate(v["dice"]) if die["chosen"]]
    if not choosing:
        assert chosen == [], f"dice marked for REROLL outside choosing mode: {chosen}"
    # Controls: shown and enabled only where the rules allow.
    assert b["roll"]["hidden"] is (game.phase is not Phase.ROLL), b["roll"]
    assert b["roll"]["disabled"] is (game.phase is not Phase.ROLL), b["roll"]
    assert b["confirm"]["hidden"] is not (placing and not choosing), b["confirm"]
    assert b["confirm"]["disabled"] is not game.can_confirm, (b["confirm"], game.placements)
    if placing and not choosing:
        want_more = en("button.confirm.more", count=game.still_required)
        assert v["more"] == (want_more if game.still_required else ""), v["more"]
    assert b["undo"]["disabled"] is not bool(game.placements), b["undo"]
    if b["undo"]["hidden"] is False:
        assert placing, f"undo shown in {game.phase.value}"
    assert b["accept-magdagdon"]["hidden"] is not (magdagdon and not choosing), b
    assert b["new-game"]["hidden"] is not game.is_over, b["new-game"]
    assert b["reroll-go"]["hidden"] is not choosing, b["reroll-go"]
    power = game.can_use_power and bool(game.available) and not choosing
    if not choosing:
        assert b["power-reroll"]["disabled"] is not power, (b["power-reroll"], game.powers_left)
    for action, delta in (("power-dec", -1), ("power-inc", 1)):
        allowed = bool(selected) and not choosing and game.can_change(selected[0], delta)
        assert b[action]["disabled"] is not allowed, (action, b[action], selected, game.dice)
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


# -- a strategy: the engine picks moves, the page must offer them ---------------------------------
def plan_turn(game: Game) -> list[tuple[int, int]]:
    """Stagings (die, cell) from PLACING that reach the minimum, then as many more as fit.

    Dice are tried from the last one, so the page's auto-selected die 0 is often not the
    one staged first and the player has to tap a die.
    """

    def reach(g: Game) -> Game | None:
        if len(g.placements) >= g.required:
            return g
        if g.dead_end:
            return None
        for d in reversed(g.available):
            for c in g.legal[d]:
                found = reach(g.apply(f"stage {d} {c}"))
                if found is not None:
                    return found
        return None

    done = reach(game)
    assert done is not None, f"no way to place {game.required} of {game.dice}: not PLACING?"
    more = True
    while more:
        more = False
        for d in reversed(done.available):
            if done.legal[d]:
                done = done.apply(f"stage {d} {done.legal[d][0]}")
                more = True
                break
    return list(done.placements)


def ruin_choice(game: Game) -> int:
    """The cell the strategy ruins: the last empty cell."""
    return max(i for i, value in enumerate(game.board) if value == EMPTY)


def next_turn(game: Game) -> Game:
    """The strategy's turn in CPython alone (for choosing seeds)."""
    game = game.apply("roll")
    if game.phase is Phase.MAGDAGDON:
        return game.apply("accept").apply(f"ruin {ruin_choice(game)}")
    for d, c in plan_turn(game):
        game = game.apply(f"stage {d} {c}")
    return game.apply("confirm")


def simulate(game: Game) -> list[Game]:
    """Every state after a ROLL of the strategy's game, to its end."""
    rolled = []
    while not game.is_over:
        rolled.append(game.apply("roll"))
        game = next_turn(game)
    rolled.append(game)
    return rolled


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


def play_to_end(page: Page, game: Game, **kwargs) -> Game:
    for _ in range(17):  # every turn fills or ruins at least one of the 16 cells
        if game.is_over:
            return game
        game = play_turn(page, game, **kwargs)
    raise AssertionError("the game did not end after 16 turns")


@functools.cache
def find_seed(difficulty: str, wish: str, start: int = 1) -> int:
    """The first seed from ``start`` whose game has the wished property (see WISHES)."""
    good = WISHES[wish]
    for seed in range(start, start + 3000):
        if good(Game.new(difficulty, seed)):
            return seed
    raise AssertionError(f"no {difficulty} seed in {start}..{start + 2999} with {wish}")


def _magdagdon_played(game: Game) -> bool:
    return any(g.phase is Phase.MAGDAGDON for g in simulate(game))


def _first_roll(test: Callable[[Game], bool]) -> Callable[[Game], bool]:
    return lambda game: test(game.apply("roll"))


WISHES: dict[str, Callable[[Game], bool]] = {
    "a magdagdon": _magdagdon_played,
    "a magdagdon first": _first_roll(lambda g: g.phase is Phase.MAGDAGDON),
    "four dice placeable": _first_roll(
        lambda g: g.phase is Phase.PLACING and len(plan_turn(g)) == 4
    ),
}


def near_end(difficulty: str, seed: int, turns_left: int = 1) -> Game:
    """The strategy's game of ``seed`` with ``turns_left`` turns to go (phase ROLL)."""
    states = [Game.new(difficulty, seed)]
    while not states[-1].is_over:
        states.append(next_turn(states[-1]))
    return states[-1 - turns_left]


def save_json(game: Game) -> str:
    return json.dumps(game.to_dict())
