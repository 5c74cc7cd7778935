"""Before Python is ready: the board and a loading indicator are painted from plain HTML/CSS,
a tap on ROLL is kept and carried out, and a runtime that fails to load gets a clear,
translated message instead of a blank page."""

from __future__ import annotations

import json

from bench.loadbench.network import Profile, serve_pages
from tools import build as site_build

from .harness import REPO_ROOT, collect_errors, poll, seed_storage, shot, wait_ready


class HeldRuntime:
    """Holds the Pyodide runtime's download until :meth:`release`, so the page stays in its
    loading state exactly as long as the test needs (no sleeping, no race)."""

    def __init__(self, context) -> None:
        self.routes: list = []
        self.released = False
        context.route("**/pyodide.asm.wasm*", self._hold)

    def _hold(self, route) -> None:
        # (asked for twice: by the page, and by the snapshot's worker for its data image)
        if self.released:
            route.fallback()
        else:
            self.routes.append(route)

    def release(self, page) -> None:
        while not self.routes:
            page.wait_for_timeout(50)
        self.released = True
        for route in self.routes:
            route.fallback()


def test_board_and_loading_indicator_are_painted_before_python(site_url, new_context):
    context = new_context()
    runtime = HeldRuntime(context)
    page = context.new_page()
    page.goto(site_url + "index.html", wait_until="domcontentloaded")
    assert page.locator("[data-cell]").count() == 16
    assert page.locator("[data-cell]").first.is_visible()
    assert page.locator("#loading").is_visible()
    page.wait_for_function("document.querySelector('.loading-text').textContent.length > 0")
    assert page.evaluate("document.body.dataset.ready") is None
    runtime.release(page)
    wait_ready(page)
    assert not page.locator("#loading").is_visible()


LARGEST_PAINTS = """() => new Promise((resolve) => new PerformanceObserver((list) => resolve(
  list.getEntries().map((e) => ({ at: e.startTime, size: e.size,
    guide: Boolean(e.element?.closest('#guide')), what: e.element?.className })))).observe(
  { type: 'largest-contentful-paint', buffered: true }))"""


def test_a_first_visits_guide_is_in_the_first_paint_and_no_later_paint_is_larger(
    site_url, new_context
):
    # boot.js held back for good: the guide must not wait for any download (the page's own
    # script shows it), and is there, English, in the first frame.
    context = new_context()
    held = []
    context.route("**/static/boot.js", lambda route: held.append(route))
    page = context.new_page()
    page.goto(site_url + "index.html", wait_until="commit")
    page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0")
    assert page.locator("#guide").is_visible()
    catalog = json.loads((REPO_ROOT / "i18n" / "en.json").read_text("utf-8"))
    assert page.locator("#guide-words").inner_text() == catalog["guide.roll"]
    assert held  # (asked for, never answered)
    page.close()
    # An ordinary first visit: the largest paint is the guide's, from the first frame, and
    # Python's drawing of the same step (once it is up) paints nothing larger.
    page = context.new_page()
    context.unroute("**/static/boot.js")
    page.goto(site_url + "index.html")
    wait_ready(page)
    assert page.locator("#guide").is_visible()
    paints = page.evaluate(LARGEST_PAINTS)
    fcp = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
    assert paints[-1]["guide"], paints
    assert paints[-1]["at"] <= fcp + 1, (paints, fcp)
    # A returning player's data as an older release stored it (settings without the guide's
    # flag, a game) is not shown the guide before Python decides.
    # (once this page has kept its own first frame for the next open, in idle time: a frame
    # kept after the change would be this release's true frame of those values, which an older
    # release's data never has)
    page.wait_for_function("performance.getEntriesByName('magdagdon:frame').length > 0")
    page.evaluate("""() => {
      localStorage.setItem('magdagdon.v1.settings', JSON.stringify({schema: 1}));
      localStorage.removeItem('magdagdon.v1.frame');
    }""")
    runtime = HeldRuntime(context)
    page.reload(wait_until="domcontentloaded")
    assert not page.locator("#guide").is_visible()
    runtime.release(page)
    wait_ready(page)


#: Each frame the page renders, as its animation-frame callback sees the page just before the
#: frame is painted (nothing runs in between): its time, whether the parser was still at work,
#: whether the guide's element was parsed, and whether it was shown (displayed, with a size,
#: visible and opaque).
#: (A page whose rendering is blocked, by its stylesheet, runs no such callback.)
FRAMES = """(() => {
  const frames = (window.__frames = []);
  const look = (t) => {
    const guide = document.getElementById("guide");
    const style = guide && getComputedStyle(guide);
    frames.push({ t, parsing: document.readyState === "loading", parsed: Boolean(guide),
      shown: Boolean(style && guide.getBoundingClientRect().height > 0 && style.display !== "none"
        && style.visibility === "visible" && style.opacity === "1") });
    if (frames.length < 300) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""


def _first_frames_show_the_guide(frames: list[dict]) -> None:
    """The first frame the page painted showed the guide, and so did every one after; but for
    frames a loaded machine painted while the parser had not yet reached the guide (the
    header alone), which may come first."""
    partial = 0
    while partial < len(frames) and frames[partial]["parsing"] and not frames[partial]["parsed"]:
        partial += 1
    assert frames[partial:], frames
    assert all(frame["shown"] for frame in frames[partial:]), frames


def test_a_reload_before_the_first_confirm_paints_the_guide_in_its_first_frame(
    site_url, new_context
):
    # A first visit rolls and stages a die, and reloads before its first CONFIRM: the game is
    # stored, and so is the flag that says the guide is not done, which the page's first script
    # reads. boot.js held back (and so Python, whose script runs after it): only that script
    # can show the guide.
    context = new_context()
    page = context.new_page()
    page.goto(site_url + "index.html?seed=11")
    wait_ready(page)
    assert page.locator("#guide").is_visible()
    page.tap('[data-action="roll"]')
    page.wait_for_function("document.body.dataset.phase === 'placing'")
    page.locator("[data-die]").first.tap()
    page.locator('[data-cell][data-legal="true"]').first.tap()
    stored = json.loads(page.evaluate("localStorage.getItem('magdagdon.v1.settings')"))
    assert stored["guided"] is False
    held = []
    context.route("**/static/boot.js", lambda route: held.append(route))
    page.add_init_script(FRAMES)
    page.reload(wait_until="commit")
    page.wait_for_function("window.__frames?.length >= 10")
    assert page.locator("#guide").is_visible()
    _first_frames_show_the_guide(page.evaluate("window.__frames"))
    paints = page.evaluate(LARGEST_PAINTS)
    assert any(paint["guide"] for paint in paints), paints  # (and it was painted, the largest)
    assert held  # (asked for, never answered: nor is Python started, whose script waits for it)
    page.close()
    context.unroute("**/static/boot.js")
    # An ordinary reload: the guide from the first frame, Python then draws the step it is at.
    page = context.new_page()
    page.goto(site_url + "index.html")
    wait_ready(page)
    assert page.locator("#guide").is_visible()
    assert page.evaluate("document.body.dataset.guide") in ("minimum", "confirm")
    paints = page.evaluate(LARGEST_PAINTS)
    fcp = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
    assert paints[0]["guide"] and paints[0]["at"] <= fcp + 1, (paints, fcp)
    assert paints[-1]["guide"] and paints[-1]["at"] <= fcp + 1, (paints, fcp)  # none larger later


def test_a_roll_tapped_while_loading_is_carried_out(site_url, new_context):
    context = new_context()
    runtime = HeldRuntime(context)
    page = context.new_page()
    page.goto(site_url + "index.html?seed=5", wait_until="domcontentloaded")
    page.tap('[data-action="roll"]')
    page.tap('[data-action="roll"]')  # (a second tap: one ROLL is what the page offers)
    page.tap('[data-die="0"]')  # (a blank die: nothing to keep on the plain start)
    assert page.evaluate("window.magdagdonKept") == [
        {"action": "roll", "cell": None, "die": None, "value": None}
    ]
    assert page.locator('[data-action="roll"].queued').count() == 1
    runtime.release(page)
    wait_ready(page)
    page.wait_for_function("['placing', 'magdagdon'].includes(document.body.dataset.phase)")
    assert page.locator('[data-die][data-value="0"]').count() == 0
    assert page.locator(".queued").count() == 0


def test_a_runtime_that_fails_to_load_says_so_in_the_players_language(site_url, new_context):
    context = new_context()
    context.route("**/pyodide.asm.wasm*", lambda route: route.abort("failed"))
    settings = {"schema": 1, "difficulty": "peaceful", "language": "lt"}
    context.add_init_script(  # (init scripts also run on about:blank, which has no storage)
        "if (location.protocol.startsWith('http')) "
        f"localStorage.setItem('magdagdon.v1.settings', {json.dumps(json.dumps(settings))})"
    )
    page = context.new_page()
    page.goto(site_url + "index.html")
    failed = page.locator("#load-failed")
    failed.wait_for(state="visible", timeout=60_000)
    catalog = json.loads((REPO_ROOT / "i18n" / "lt.json").read_text("utf-8"))
    assert failed.inner_text().startswith(catalog["loading.failed"])
    assert page.locator("#reload").inner_text() == catalog["loading.reload"]
    assert page.evaluate("document.body.dataset.phase") == "failed"
    # The runtime may still ask for its wasm once more after the message (each refusal is one
    # more console error): the page is closed first, so that every error it will ever report is
    # in what is collected, however late the last request came.
    page.close()
    problems = collect_errors(context)  # the failure itself is reported in the console
    assert problems and all("pyodide" in p.lower() or "failed" in p.lower() for p in problems)


#: A link on which the snapshot costs more than it saves (a phone's 4 Mbit/s): a first visit
#: starts Python without it, in about fifteen seconds (the bench's throttled server).
SLOW_LINK = Profile("test-slow", "4 Mbit/s, 20 ms", 4e6, 0.020, 1, 1.0)
#: Lighthouse's "slow 4G" (the benchmark's slow profile, at the CPU's own speed): the load
#: takes about 25 s, and says after a few seconds that the connection is slow.
SLOWER_LINK = Profile("test-slow-4g", "1.6 Mbit/s, 150 ms", 1.6e6, 0.150, 1, 1.0)
SAYS = {"lt": ("iš", "Lėtas ryšys"), "ta": ("MB-இல்", "மெதுவான இணைப்பு")}
#: When the screenshots of a slow load are taken: seconds after it started.
SHOTS_S = (3, 15, 22)


def test_a_slow_first_visit_shows_its_progress_in_words(built_site, new_context):
    """Lithuanian and Tamil, each over a slow link of its own, loaded side by side (the
    waiting on the two links overlaps: one load's time for both)."""
    served = {language: serve_pages(built_site, SLOWER_LINK, lifetime_s=300) for language in SAYS}
    try:
        pages = {}
        for language in SAYS:
            context = new_context()
            settings = {"schema": 1, "language": language}
            seed_storage(context, {"magdagdon.v1.settings": json.dumps(settings)})
            pages[language] = context.new_page()
        for language, page in pages.items():
            page.goto(served[language].base, wait_until="commit")
        seen: dict[str, list] = {language: [] for language in SAYS}
        shots = {language: list(SHOTS_S) for language in SAYS}
        started = {language: page.evaluate("performance.now()") for language, page in pages.items()}
        loading = set(SAYS)
        while loading:
            for language in sorted(loading):
                page = pages[language]
                if page.evaluate("document.body.dataset.ready") == "true":
                    loading.discard(language)
                    continue
                bar = page.locator("#load-progress")
                if bar.is_visible():
                    seen[language].append((int(bar.get_attribute("aria-valuenow")),
                                           bar.get_attribute("aria-valuetext")))  # fmt: skip
                    due = shots[language]
                    took = page.evaluate("performance.now()") - started[language]
                    if due and took >= due[0] * 1000:
                        shot(page, f"loading-slow-{language}-{due.pop(0)}s")
            pages[next(iter(SAYS))].wait_for_timeout(500)
        for page in pages.values():
            wait_ready(page, timeout=120_000)
    finally:
        for each in served.values():
            each.stop()
    for language, page in pages.items():
        check_slow_progress(language, seen[language], shots[language])
        assert not page.locator("#load-progress").is_visible()


def check_slow_progress(language: str, seen: list, shots: list) -> None:
    """What a slow load's progress bar said in ``language``: it moved, said its figures in her
    words once her catalogue arrived, said the link was slow after seconds, and lasted past
    the last screenshot."""
    words, slow = SAYS[language]
    percents = [percent for percent, _ in seen]
    assert len(seen) >= 6, seen  # the bar was there for seconds
    assert percents == sorted(percents) and len(set(percents)) >= 4, percents  # it moved
    assert 0 <= percents[0] < 50 < percents[-1] <= 100, percents
    # Until the player's catalogue has arrived the line is the neutral "0.3 / 13.2 MB"; from
    # then on, her language's words.
    worded = [i for i, (_, text) in enumerate(seen) if words in text]
    assert worded and all(words in text and "MB" in text for _, text in seen[worded[0] :]), seen
    assert all(" / " in text for _, text in seen[: worded[0]]) and worded[0] <= 2, seen
    assert any(text.startswith(slow) for _, text in seen[8:]), seen  # said so after seconds
    assert not shots, shots  # the load lasted past the last screenshot


def test_a_link_too_slow_for_the_snapshot_never_fetches_it_and_a_fast_later_visit_keeps_it(
    built_site, disk_context
):
    served = serve_pages(built_site, SLOW_LINK, lifetime_s=300)
    try:
        context = disk_context()
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(served.base)
        wait_ready(page, timeout=120_000)
        first_visit = sum(n for _, n in list(served.log.sent))  # (the worker's install follows)
        root = page.evaluate("[document.documentElement.dataset.python, "
                             "document.documentElement.dataset.snapshot]")  # fmt: skip
        assert root == ["fresh", "later"]
        snapshot = page.get_attribute('meta[name="magdagdon-snapshot"]', "content")[2:]
        # The pace of the runtime's downloads said at once that the snapshot does not pay: not a
        # byte of it was asked for.
        assert not [hit for hit in served.log.hits if hit.path.lstrip("/") == snapshot]
        page.tap('[data-action="roll"]')
        page.wait_for_function("document.body.dataset.phase !== 'roll'")
        # Nor does its service worker fetch it, or the rest of the standard library, on this
        # visit: the game is installed without them, and plays offline.
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        page.wait_for_timeout(3_000)
        extras = (snapshot, site_build.STDLIB_REST)
        assert not [hit for hit in served.log.hits if hit.path.lstrip("/") in extras]
        assert page.evaluate(f"caches.match('./{snapshot}').then(Boolean)") is False
        # Offline afterwards, the game starts (the ordinary way) and plays.
        context.set_offline(True)
        page.reload()
        wait_ready(page)
        assert page.evaluate("document.documentElement.dataset.python") == "fresh"
        phase = page.evaluate("document.body.dataset.phase")  # (the turn rolled above, kept)
        assert phase in ("placing", "magdagdon")
        if phase == "placing":
            page.tap('[data-cell][data-legal="true"]')
            assert page.locator('[data-cell][data-state="staged"]').count() == 1
        context.set_offline(False)
        # A later visit on a fast link keeps them (in an idle moment, once it is ready); the
        # next starts from the snapshot.
        served.link.bucket = None  # (the link is fast now)
        page.reload()
        wait_ready(page)
        assert page.evaluate("document.documentElement.dataset.python") == "fresh"
        poll(page, f"caches.match('./{snapshot}').then(Boolean)")
        page.reload()
        wait_ready(page)
        assert page.evaluate("document.documentElement.dataset.python") == "snapshot"
        assert first_visit < 9e6, first_visit  # the first visit did without most of its bytes
    finally:
        served.stop()


def test_the_loading_card_leaves_the_dice_in_sight_on_a_landscape_phone(site_url, new_context):
    # Held sideways, the board is down the left and the dice beside it: the card that says the
    # game is waking up sits over the (empty) board, never over the tray.
    for viewport in ({"width": 844, "height": 390}, {"width": 740, "height": 360}):
        context = new_context()
        runtime = HeldRuntime(context)
        page = context.new_page()
        page.set_viewport_size(viewport)
        page.goto(site_url + "index.html", wait_until="domcontentloaded")
        card = page.locator("#loading").bounding_box()
        board = page.locator("#board").bounding_box()
        for die in range(4):
            box = page.locator(f'[data-die="{die}"]').bounding_box()
            apart = (
                box["x"] >= card["x"] + card["width"]
                or card["x"] >= box["x"] + box["width"]
                or box["y"] >= card["y"] + card["height"]
                or card["y"] >= box["y"] + box["height"]
            )
            assert apart, (viewport, die, box, card)
        assert board["x"] <= card["x"] and card["x"] + card["width"] <= board["x"] + board["width"]
        runtime.release(page)
        wait_ready(page)
        context.close()
