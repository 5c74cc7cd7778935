"""The smoke test every engine passes, whatever drives it: test_webkit.py and test_firefox.py
import these tests and give them a fixture ``run``, what their engine reported (see
webkit_driver.py) plus what its console said:

  engine            its name and version
  error             set when the visits could not be played to the end (what went wrong)
  first, second     each visit: ready_ms (Python ready, ms after the navigation), problems
                    (uncaught exceptions, rejections, console.error), py_errors, controlled (a
                    service worker served the page), resources ([path, initiator] per file
                    Resource Timing saw fetched); first: board (the screenshot: png, scale,
                    the board's box and each placed die's box and value, CSS pixels)
  second_started    time.time() when the second visit began (the server's log is read after)
  console_errors    the console's errors, as the engine prints them
  preload_warnings  the engine saying a preloaded file went unused
"""

from __future__ import annotations

from collections import Counter

from PIL import Image

from tests.e2e.pixels import face_and_mark

#: WCAG 1.4.11 (non-text contrast): a pip against its die's face.
PIPS_CONTRAST = 3.0
#: What a visit from the service worker may still ask the server for: the worker's own script
#: (the browser's update check).
UPDATE_CHECK = {"sw.js"}
#: The runtime's module and its wasm: no Python starts without them. The engine's warning that
#: a preload went unused comes a few seconds after the page's load, so a slow start (Python
#: ready later than that) draws it for these files too, though their preload was what the
#: runtime used: fetched once, by that preload, on a visit where Python became ready.
RUNTIME = ("static/vendor/pyodide/pyodide.asm.mjs", "static/vendor/pyodide/pyodide.asm.wasm")


def _played(run: dict) -> None:
    assert "error" not in run, f"{run['engine']}: {run['error']}"


def test_python_starts_and_a_turn_is_played_by_taps(run):
    _played(run)
    first, second = run["first"], run["second"]
    print(f"{run['engine']}: ready in {first['ready_ms']:.0f} ms, then {second['ready_ms']:.0f} ms")
    assert first["ready_ms"] is not None, f"{run['engine']}: Python never said it was ready"
    assert second["ready_ms"] is not None, f"{run['engine']}: not ready on the second visit"
    assert run["first"]["board"]["dice"], f"{run['engine']}: no die on the board after a turn"


def test_no_page_error(run):
    visits = [run.get("first", {}), run.get("second", {})]
    problems = [
        *run.get("console_errors", []),
        *(problem for visit in visits for problem in visit.get("problems", [])),
        *(f".py-error: {error}" for visit in visits for error in visit.get("py_errors", [])),
    ]
    assert not problems, f"{run['engine']}: " + "\n".join(problems)


def test_the_second_visit_is_served_by_the_service_worker(run, engine_site):
    _played(run)
    assert run["first"]["controlled"], f"{run['engine']}: no service worker after the first visit"
    assert run["second"]["controlled"], f"{run['engine']}: the second visit had no service worker"
    asked = set(engine_site.asked_since(run["second_started"])) - UPDATE_CHECK
    assert not asked, f"{run['engine']}: the second visit went to the network for {sorted(asked)}"


def test_the_second_visit_fetches_nothing_twice(run):
    # A preloaded file the runtime then asks for again is read twice from the service worker
    # (9.6 MB of wasm among them), and the engine says so on its console.
    _played(run)
    counted = Counter(path for path, _ in run["second"]["resources"])
    twice = {
        path: [who for p, who in run["second"]["resources"] if p == path]
        for path, n in counted.items()
        if n > 1
    }
    assert not twice, f"{run['engine']}: fetched twice (by whom): {twice}"
    unused = [line for line in run["preload_warnings"] if not _used(line, run["second"], counted)]
    assert not unused, f"{run['engine']}: " + "\n".join(unused)


def _used(warning: str, visit: dict, counted: Counter) -> bool:
    """Whether a preload the engine warned about was the runtime's file Python started from
    (see RUNTIME): fetched once, and Python ready."""
    named = [path for path in RUNTIME if f"/{path} " in warning]
    return bool(named) and visit["ready_ms"] is not None and counted[named[0]] == 1


def test_the_board_shows_each_placed_die_s_pips(run):
    _played(run)
    board = run["first"]["board"]
    image = Image.open(board["png"]).convert("RGB")
    scale = board["scale"]
    for die in board["dice"]:
        left, top, width, height = (round(v * scale) for v in die["box"])
        inset = round(0.12 * width)  # the face, without the die's edge and shadow
        box = (left + inset, top + inset, left + width - inset, top + height - inset)
        face, mark, ratio = face_and_mark(image, box)
        assert ratio >= PIPS_CONTRAST, (
            f"{run['engine']}: a placed {die['value']} at {die['box']}: pips {mark} on {face}, "
            f"{ratio:.2f} : 1 (want {PIPS_CONTRAST} : 1; screenshot {board['png']})"
        )
