"""A seeded random player (a "monkey") in the real page.

It taps whatever a finger could reach — cells legal or not, dice, every visible control
enabled or not, dialogs and their buttons, settings (difficulty, language), best-score tabs
and replays, notices — presses the game's keys, reloads now and then and opens links, over
several games. After EVERY action the page must be sound:

* no console error, no uncaught page error, no ``.py-error``;
* the saved game on screen (localStorage: the ordinary game, or the daily roll when it says it
  is on screen) loads in the CPython engine (``Game.from_dict`` replays it), and is the game
  before the action, that game after ONE legal action, or a new game; switching between the
  ordinary game and the daily roll (the calendar) finds each as it was left;
* the page shows that game: phase, score, every cell, every die, the highlighted cells, the
  controls shown and enabled, the line sums; at most one die selected, at most one dialog;
* while a practice position is on screen (PRACTISE, once her finished games hold one), the
  game it stands in front of is stored untouched (that game is checked on screen again when
  the position ends).

MAGDAGDON_MONKEY_SEEDS sets the seeds, comma-separated (each printed, and in every failure;
"random" for a new one; default a few fixed walks so CI is repeatable; MAGDAGDON_MONKEY_SEED
still names one); MAGDAGDON_MONKEY_ACTIONS the number of actions of each walk (500 by
default); MAGDAGDON_MONKEY_CPU slows the page's CPU that many times (CDP, as a mid-range phone
is slower). The page's own randomness (the seeds of new games) comes from
crypto.getRandomValues, which an init script derives from the monkey's seed and the number of
page loads so far, and its calendar day (the daily roll's dice) is the seed's own
(:func:`day_of`): the same seed replays the same session, as far as the coach's timing allows.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from datetime import date, timedelta

import pytest
from playwright.sync_api import Page

from magdagdon.coach import suggest
from magdagdon.errors import MagdagdonError
from magdagdon.game import DICE, Game, Phase
from magdagdon.rules import CELLS

from .harness import Guard, open_game, wait_ready
from .strategy import controls_diff, core_diff

VERBOSE = bool(os.environ.get("MAGDAGDON_MONKEY_VERBOSE"))  # print every action
ACTIONS = int(os.environ.get("MAGDAGDON_MONKEY_ACTIONS", "500"))
CPU = float(os.environ.get("MAGDAGDON_MONKEY_CPU", "1"))
# CI replays a few fixed walks (a submission must not pass or fail by luck);
# MAGDAGDON_MONKEY_SEEDS picks others, "random" draws a fresh one (printed, so any failure can
# be replayed).
_SEEDS = os.environ.get("MAGDAGDON_MONKEY_SEEDS") or os.environ.get(
    "MAGDAGDON_MONKEY_SEED", "975814,31,424242"
)
SEEDS = [
    random.SystemRandom().randrange(10**6) if each.strip() == "random" else int(each)
    for each in _SEEDS.split(",")
]


def day_of(seed: int) -> str:
    """The calendar day a walk is played on (the daily roll's dice depend on it): the seed's."""
    return (date(2026, 1, 1) + timedelta(days=seed % 730)).isoformat()


def replay_line(seed: int) -> str:
    """The environment that replays the walk of ``seed``."""
    cpu = f" MAGDAGDON_MONKEY_CPU={CPU:g}" if CPU != 1 else ""
    return f"MAGDAGDON_MONKEY_SEEDS={seed} MAGDAGDON_MONKEY_ACTIONS={ACTIONS}{cpu}"


# Deterministic page randomness: a splitmix32 stream per page load (the counter lives in
# sessionStorage, which a reload keeps). Only on the site (init scripts also run on about:blank).
RANDOM_JS = """
if (location.protocol.startsWith("http")) {
  (() => {
    const loads = Number(sessionStorage.getItem("magdagdon-monkey.loads") || "0") + 1;
    sessionStorage.setItem("magdagdon-monkey.loads", String(loads));
    let state = (MONKEY_SEED * 1000003 + loads * 7919) >>> 0;
    const next = () => {
      state = (state + 0x9e3779b9) >>> 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    const fill = function (array) {
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 0xff;
      return array;
    };
    Object.defineProperty(Crypto.prototype, "getRandomValues", { value: fill });
  })();
}
"""

# Everything the checks and the next choice need, in one round trip.
SNAPSHOT_JS = """() => {
  const all = (s) => [...document.querySelectorAll(s)];
  const byIndex = (attr) => all(`[${attr}]`)
    .sort((a, b) => Number(a.getAttribute(attr)) - Number(b.getAttribute(attr)));
  let saved = null, daily = null;
  try {
    saved = localStorage.getItem("magdagdon.v1.game");
    daily = localStorage.getItem("magdagdon.v1.daily");
  } catch (e) { saved = "!" + e; }
  const buttons = {};
  for (const el of all(".controls [data-action]")) {
    buttons[el.dataset.action] = { hidden: el.hidden, disabled: el.disabled };
  }
  const W = window.innerWidth, H = window.innerHeight;
  const targets = [];
  for (const el of all("button, [data-action], [data-cell], [data-die]")) {
    if (el.hidden || el.getClientRects().length === 0) continue;
    const r = el.getBoundingClientRect();
    const left = Math.max(r.left, 0), right = Math.min(r.right, W);
    const top = Math.max(r.top, 0), bottom = Math.min(r.bottom, H);
    if (right - left < 4 || bottom - top < 4) continue;
    const x = (left + right) / 2, y = (top + bottom) / 2;
    const hit = document.elementFromPoint(x, y);
    if (hit === null || !el.contains(hit)) continue;  // covered (a modal dialog, a notice)
    const dialog = el.closest("dialog");
    const notice = el.closest(".notice");
    let name = el.dataset.action || "button";
    if (el.dataset.cell !== undefined) name = "cell";
    if (el.dataset.die !== undefined) name = "die";
    targets.push({
      name, x, y,
      where: dialog ? dialog.id : notice ? "notice" : el.closest("header") ? "header" : "page",
      value: el.dataset.cell ?? el.dataset.die ?? el.dataset.value ?? null,
      disabled: !!el.disabled,
      legal: el.dataset.legal === "true",
      state: el.dataset.state || null,
    });
  }
  return {
    ready: document.body.dataset.ready === "true",
    phase: document.body.dataset.phase,
    score: document.querySelector("#score").dataset.score,
    cells: byIndex("data-cell").map((e) => ({
      state: e.dataset.state, value: Number(e.dataset.value), legal: e.dataset.legal === "true",
    })),
    dice: byIndex("data-die").map((e) => ({
      state: e.dataset.state, value: Number(e.dataset.value), chosen: e.dataset.chosen === "true",
      disabled: e.disabled,
    })),
    sums: Object.fromEntries(all("[data-line]").map((e) => [
      e.dataset.line, [e.querySelector("b").textContent.trim(), e.dataset.bonus || ""],
    ])),
    buttons,
    dialogs: all("dialog[open]").map((d) => d.id),
    notices: all("#notices .notice").length,
    pyErrors: all(".py-error").map((e) => e.textContent.slice(0, 500)),
    language: document.documentElement.lang,
    difficulty: document.body.dataset.difficulty,
    drill: document.body.dataset.drill === "true",
    saved,
    daily,
    targets,
  };
}"""

KEYS = [
    *"1234rcuxadh",
    "Escape",
    "ArrowUp",
    "ArrowDown",
    "ArrowLeft",
    "ArrowRight",
    "Enter",
    "Tab",
    " ",
    "n",
    "-",
    "+",
    "Backspace",
]
# How much more often than a plain target the monkey taps what moves a game on.
WEIGHTS = {
    "roll": 10,
    "confirm": 12,
    "accept-magdagdon": 8,
    "reroll-go": 3,
    "new-game": 4,
    "undo": 1.5,
    "confirm-yes": 1,
    "confirm-no": 3,
    "close": 2,
    "dismiss": 2,
    "scores": 0.4,
    "rules": 0.3,
    "about": 0.3,
    "settings": 0.4,
    "share": 0.5,
    "replay": 0.7,
    "gift": 0.4,
}


def target_weight(t: dict, game: Game | None) -> float:
    """A tap's weight: legal moves first; a die that can go somewhere when the selected one
    cannot; a take-back at a dead end. Disabled controls are tapped too, less often."""
    placing = game is not None and game.phase is Phase.PLACING
    if t["name"] == "cell":
        return 8 if t["legal"] else 1.5 if t["state"] == "staged" else 0.7
    if t["name"] == "die":
        if placing and t["state"] == "available" and game.legal.get(int(t["value"])):
            return 6
        return 2 if t["state"] in ("available", "selected") else 1
    if t["name"] == "undo" and placing and game.dead_end and not t["disabled"]:
        return 12
    weight = WEIGHTS.get(t["name"], 1)
    return weight * (0.3 if t["disabled"] else 1)


@dataclass
class Monkey:
    page: Page
    site_url: str
    seed: int
    rng: random.Random = field(init=False)
    stats: Counter = field(default_factory=Counter)
    log: deque = field(default_factory=lambda: deque(maxlen=25))
    step: int = 0
    game: Game | None = None
    #: Which game is on screen ("game": the ordinary one, "daily": the daily roll), and the
    #: last seen game of each.
    place: str = "game"
    kept: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.guard = Guard.of(self.page)

    # -- reporting -----------------------------------------------------------------------------
    def fail(self, what: str) -> None:
        recent = "\n    ".join(self.log)
        raise AssertionError(
            f"monkey seed={self.seed} on {day_of(self.seed)} ({replay_line(self.seed)}) "
            f"step {self.step}: "
            f"{what}\n  last actions:\n    {recent}"
        )

    # -- acting ---------------------------------------------------------------------------------
    def act(self, snap: dict) -> str:
        roll = self.rng.random()
        if roll < 0.004:
            self.stats["reloads"] += 1
            self.page.reload()
            wait_ready(self.page)
            return "reload"
        if roll < 0.006:
            self.stats["links"] += 1
            difficulty = self.rng.choice(["peaceful", "survival", "nightmare", "bogus"])
            query = f"?seed={self.rng.randrange(10**6)}&difficulty={difficulty}"
            if self.rng.random() < 0.3:
                query += "&gift"
            open_game(self.page, self.site_url, query)
            return f"open link {query}"
        if roll < 0.13:
            key = self.rng.choice(KEYS)
            self.stats["keys"] += 1
            self.page.keyboard.press(key)
            return f"key {key!r}"
        if roll < 0.15 or not snap["targets"]:
            x, y = self.rng.uniform(0, 360), self.rng.uniform(0, 640)
            self.stats["random taps"] += 1
            self.page.touchscreen.tap(x, y)
            return f"tap at ({x:.0f}, {y:.0f})"
        targets = snap["targets"]
        weights = [target_weight(t, self.game) for t in targets]
        t = self.rng.choices(targets, weights=weights)[0]
        self.stats["taps"] += 1
        self.stats["taps on disabled"] += t["disabled"]
        self.page.touchscreen.tap(t["x"], t["y"])
        value = f"={t['value']}" if t["value"] is not None else ""
        flags = " (disabled)" if t["disabled"] else " (legal)" if t["legal"] else ""
        return f"tap {t['name']}{value} in {t['where']}{flags}"

    # -- checking -------------------------------------------------------------------------------
    def snapshot(self) -> dict:
        snap = self.page.evaluate(SNAPSHOT_JS)
        problems = (
            [f"console error: {e}" for e in self.guard.console_errors]
            + [f"uncaught page error: {e}" for e in self.guard.page_errors]
            + [f"blocked request: {e}" for e in self.guard.blocked]
            + [f".py-error: {e}" for e in snap["pyErrors"]]
        )
        if problems:
            self.fail("the page reported problems:\n  " + "\n  ".join(problems))
        if not snap["ready"]:
            self.fail("the page is not ready")
        return snap

    def on_screen(self, snap: dict) -> str:
        """Where the game on screen is kept: "daily" when the daily roll says it is on screen."""
        try:
            daily = json.loads(snap["daily"]) if snap["daily"] else None
        except ValueError:
            daily = None
        return "daily" if isinstance(daily, dict) and daily.get("front") is True else "game"

    def saved_game(self, snap: dict) -> Game:
        raw = snap["daily"] if self.on_screen(snap) == "daily" else snap["saved"]
        if raw is None or raw.startswith("!"):
            self.fail(f"no saved game in localStorage: {raw!r}")
        try:
            return Game.from_dict(json.loads(raw))
        except (ValueError, MagdagdonError) as error:
            self.fail(f"the saved game does not load in the engine: {error}\n  {raw}")
        raise AssertionError  # unreachable

    def one_action_away(self, before: Game, after: Game) -> str | None:
        """The action that turns ``before`` into ``after`` (None: there is none): one engine
        action, or "Play it" (the coach's move played whole, a hint on show). A hint the coach
        finished working out meanwhile may come first (it is shown a moment after HINT, unless
        the game changed since)."""
        found = self._one_action(before, after)
        deciding = before.phase in (Phase.PLACING, Phase.MAGDAGDON)
        on_show = before.moves[-1:] == ("hint",)
        if found is None and deciding and on_show and before.play(suggest(before)) == after:
            return "apply-hint"  # "Play it" tapped on purpose (or its key)
        if found is None and deciding:
            hinted = before.apply("hint")
            found = self._one_action(hinted, after)
            found = None if found is None else f"hint {found}".strip()
            if found is None and hinted.play(suggest(before)) == after:
                found = "hint apply-hint"  # (the hint appeared where the tap then landed)
        return found

    def _one_action(self, before: Game, after: Game) -> str | None:
        if before == after:
            return ""
        actions = ["roll", "clear", "confirm", "accept", "cancel", "hint"]
        actions += [f"{verb} {d}" for verb in ("unstage", "dec", "inc") for d in range(DICE)]
        actions += [f"stage {d} {c}" for d in range(DICE) for c in range(CELLS)]
        actions += [f"ruin {c}" for c in range(CELLS)]
        actions += [
            "reroll " + " ".join(str(d) for d in range(DICE) if mask >> d & 1)
            for mask in range(1, 2**DICE)
        ]
        for action in actions:
            try:
                if before.apply(action) == after:
                    return action
            except MagdagdonError:
                continue
        return None

    def check(self, snap: dict, action: str) -> None:
        game = self.saved_game(snap)
        place = self.on_screen(snap)
        if place != self.place:  # the calendar (or a link) switched games: each as it was left
            self.stats["switches"] += 1
            self.kept[self.place] = self.game
            left = self.kept.get(place)
            # (a hint asked for just before the switch may have landed before it, unseen: the
            # game it was asked for was still on screen; test_taps.py shows none lands after)
            hinted = left is not None and game.moves == (*left.moves, "hint")
            if left is not None and game != left and game.moves != () and not hinted:
                self.fail(
                    f"after {action}: the {place} game came back changed:\n  left "
                    f"{left.to_dict()}\n  found {game.to_dict()}"
                )
            self.place, self.game = place, left
        before = self.game
        if snap["drill"]:
            self.drilled(snap, action, before, game)
            return
        if before is not None and game != before:
            if game.moves == ():
                self.stats["games started"] += 1
            elif game.seed == before.seed and game.difficulty is before.difficulty:
                done = self.one_action_away(before, game)
                if done is None:
                    self.fail(
                        f"after {action}: the saved game is not one action away from the "
                        f"game before:\n  before {before.to_dict()}\n  after  {game.to_dict()}"
                    )
                self.stats["game actions"] += 1
                self.stats[
                    f"action {done.split()[-1] if done.startswith('hint ') else done.split()[0]}"
                ] += 1
            else:
                self.fail(f"after {action}: another game in progress appeared: {game.to_dict()}")
            if game.is_over and not before.is_over:
                self.stats["games finished"] += 1
                if "dialog-over" not in snap["dialogs"] and action != "reload":
                    self.fail(f"after {action}: the game is over but its dialog is not open")
        self.game = game
        diff = page_vs_engine(snap, game)
        if diff:
            self.fail(f"after {action}: the page does not show the engine's game:\n  " + diff)

    def drilled(self, snap: dict, action: str, before: Game | None, game: Game) -> None:
        """A practice position on screen (PRACTISE): kept nowhere, so the game it stands in
        front of is stored untouched, and shown again (checked then) once it ends."""
        self.stats["practice position"] += 1
        if before is not None and game != before:
            self.fail(
                f"after {action}: with a practice position on screen the game behind it "
                f"changed:\n  before {before.to_dict()}\n  after  {game.to_dict()}"
            )
        for problem in dialogs_diff(snap):
            self.fail(f"after {action}: {problem}")
        self.game = game

    def run(self, actions: int) -> None:
        snap = self.snapshot()
        self.check(snap, "start")
        for self.step in range(1, actions + 1):
            action = self.act(snap)
            self.log.append(f"{self.step}: {action}")
            self.stats["actions"] += 1
            snap = self.snapshot()
            self.check(snap, action)
            if VERBOSE:
                legal = [i for i, c in enumerate(snap["cells"]) if c["legal"]]
                print(f"{self.step}: {action} -> {snap['phase']}, legal {legal}, {snap['dialogs']}")
            self.stats[f"language {snap['language']}"] += 1
            self.stats[f"phase {snap['phase']}"] += 1
            for d in snap["dialogs"]:
                self.stats[d] += 1


def page_vs_engine(v: dict, game: Game) -> str:
    """What the page shows differently from ``game`` (empty: nothing), language aside."""
    lines = core_diff(v, game)
    if v["difficulty"] != game.difficulty.value:
        lines.append(f"difficulty: page {v['difficulty']}, engine {game.difficulty.value}")
    if lines:
        return "\n  ".join(lines)  # the rest follows from these

    choosing = not v["buttons"]["reroll-go"]["hidden"]
    if choosing and not game.can_use_power:
        lines.append(f"choosing dice for REROLL with no power to use ({game.phase.value})")
    lines += controls_diff(v, game, choosing)
    sums = {
        f"{line.kind}-{line.index}": [str(line.total), line.bonus.value if line.bonus else ""]
        for line in game.preview.lines
    }
    if v["sums"] != sums:
        lines.append(f"line sums {v['sums']}, engine {sums}")
    lines += dialogs_diff(v)
    return "\n  ".join(lines)


def dialogs_diff(v: dict) -> list[str]:
    """What is wrong with the page's open dialogs (at most one may be open)."""
    return [f"more than one dialog open: {v['dialogs']}"] if len(v["dialogs"]) > 1 else []


def monkey_page(new_context, seed: int) -> Page:
    """A phone page whose randomness and calendar day are the seed's, its CPU slowed by
    MAGDAGDON_MONKEY_CPU."""
    context = new_context(reduced_motion="reduce")  # no motion: the same seed, the same run
    context.clock.set_fixed_time(f"{day_of(seed)}T10:00:00")
    context.add_init_script(RANDOM_JS.replace("MONKEY_SEED", str(seed)))
    page = context.new_page()
    if CPU != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": CPU})
    return page


@pytest.mark.parametrize("seed", SEEDS)
def test_monkey(new_context, site_url, capsys, seed):
    page = monkey_page(new_context, seed)
    with capsys.disabled():
        print(f"\nmonkey: seed {seed} on {day_of(seed)}, {ACTIONS} actions, CPU {CPU:g}x")
        print(f"  replay: {replay_line(seed)}")
    started = time.monotonic()
    open_game(page, site_url)
    monkey = Monkey(page, site_url, seed)
    try:
        monkey.run(ACTIONS)
    finally:
        elapsed = time.monotonic() - started
        stats = monkey.stats
        summary = (
            f"monkey: seed {seed}: {stats['actions']} actions in {elapsed:.0f} s, "
            f"{stats['games finished']} games finished, {stats['games started']} started, "
            f"{stats['reloads']} reloads, {stats['links']} links, "
            f"{stats['game actions']} game actions, {stats['keys']} keys, "
            f"{stats['taps on disabled']} taps on disabled controls"
        )
        with capsys.disabled():
            print(summary)
            print("  " + ", ".join(f"{k}: {n}" for k, n in sorted(stats.items())))
    assert stats["games started"] >= 1 or ACTIONS < 500, f"seed {seed}: one game only"
