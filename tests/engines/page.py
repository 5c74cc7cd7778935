"""What every engine's driver asks the page and how it plays a turn (standard library only:
webkit_driver.py imports it under the system Python, firefox.py under the tests' one).

A driver gives ``play_turn`` three callables: ``evaluate(body)`` (an async function's body run
in the page, its value as JSON), ``click(selector)`` (a person's click at the element) and
``wait_for(condition)`` (until a JavaScript expression is true).
"""

from __future__ import annotations

from collections.abc import Callable

#: The first visit's game: the same dice every run (the turn's taps still follow the page).
SEEDED = "?seed=5&difficulty=peaceful"
#: Records what a person would see go wrong, and when Python said it was ready
#: (body[data-ready="true"]). WebKit installs it before the page's scripts; Marionette cannot,
#: so in Firefox it runs once the page has loaded (a page ready by then: REPORT's fallback).
WATCH = """(() => {
  const w = (window.__engines ??= { problems: [], ready: null });
  const say = (kind, text) => w.problems.push(`${kind}: ${text}`);
  addEventListener("error", (e) => say("uncaught", `${e.message} (${e.filename}:${e.lineno})`));
  addEventListener("unhandledrejection", (e) => say("unhandled rejection", String(e.reason)));
  const error = console.error.bind(console);
  console.error = (...args) => {
    say("console.error", args.map(String).join(" "));
    error(...args);
  };
  const isReady = () => document.body?.dataset.ready === "true";
  if (isReady()) w.ready = -1; // ready before this ran
  new MutationObserver(() => { if (w.ready === null && isReady()) w.ready = performance.now(); })
    .observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
})();"""
#: What a visit reports (smoke.py's docstring): Python's ready time, the page's errors, the
#: service worker, every file Resource Timing saw fetched (its path and who asked).
REPORT = """const here = new URL(".", document.baseURI).pathname;
  const w = window.__engines;
  const up = performance.getEntriesByName("magdagdon:python-up")[0]?.startTime ?? null;
  return { ready_ms: w.ready === -1 ? up : w.ready, problems: w.problems,
    py_errors: [...document.querySelectorAll(".py-error")].map((el) => el.textContent),
    controlled: Boolean(navigator.serviceWorker?.controller),
    user_agent: navigator.userAgent,
    resources: performance.getEntriesByType("resource").map((e) =>
      [new URL(e.name).pathname.slice(here.length), e.initiatorType]) };"""
#: Python ready, or failed visibly.
STARTED = (
    "(window.__engines && window.__engines.ready !== null)"
    " || document.querySelector('.py-error') !== null"
)
#: The game's state as a person would describe it (said when a turn cannot go on).
STATE = """return JSON.stringify({ phase: document.body.dataset.phase,
    status: document.getElementById("status")?.textContent, guide: document.body.dataset.guide,
    dialog: document.querySelector("dialog[open]")?.id,
    cells: [...document.querySelectorAll("#board [data-cell]")].map((c) =>
      `${c.dataset.state}${c.dataset.value}${c.dataset.legal === "true" ? "*" : ""}`).join(" "),
    dice: [...document.querySelectorAll("[data-die]")].map((d) =>
      `${d.dataset.state}${d.dataset.value}`).join(" ") });"""
#: What a player may tap next: the legal cells for the chosen die, the other dice in the tray,
#: and whether CONFIRM is on offer (the turn's minimum is on the board).
NEXT_TAPS = """return {
    confirm: !document.querySelector('[data-action="confirm"]').disabled,
    cells: [...document.querySelectorAll('[data-cell][data-legal="true"]')]
      .map((c) => `[data-cell="${c.dataset.cell}"]`),
    dice: [...document.querySelectorAll('[data-die][data-state="available"]')]
      .map((d) => `[data-die="${d.dataset.die}"]`) };"""
#: The board in view; its box and each placed die's (value, box), CSS pixels of the viewport.
BOARD = """const box = (el) => { const r = el.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height]; };
  document.getElementById("board").scrollIntoView({ block: "center" });
  return { board: box(document.getElementById("board")), width: innerWidth,
    dice: [...document.querySelectorAll('#board [data-cell][data-state="number"]')]
      .map((el) => ({ value: Number(el.dataset.value), box: box(el) })) };"""


def play_turn(evaluate: Callable, click: Callable, wait_for: Callable) -> None:
    """ROLL, then legal cells (another die when the chosen one has none) until CONFIRM is on
    offer, and CONFIRM; or MAGDAGDON accepted and a cell ruined. Clicks only."""
    click('[data-action="roll"]')
    wait_for("['placing', 'magdagdon'].includes(document.body.dataset.phase)")
    if evaluate("return document.body.dataset.phase;") == "magdagdon":
        click('[data-action="accept-magdagdon"]')
        click('[data-cell][data-legal="true"]')
    else:
        tried: set[str] = set()  # dice chosen since a die last went on the board
        for _ in range(16):
            taps = evaluate(NEXT_TAPS)
            if taps["confirm"]:
                break
            if taps["cells"]:
                tried.clear()
            fresh = [die for die in taps["dice"] if die not in tried]
            target = taps["cells"][0] if taps["cells"] else fresh[0] if fresh else None
            if target is None:
                raise AssertionError(f"no move left in {evaluate(STATE)}")
            tried.add(target)
            click(target)
        click('[data-action="confirm"]')
    try:
        wait_for("document.body.dataset.phase === 'roll'")
    except Exception as error:  # (each driver's own Timeout) said with what the page shows
        raise AssertionError(f"{error}: the page shows {evaluate(STATE)}") from None
