"""Screenshot comparisons (visual regression): the main screens, as the eye gets them, against
baselines kept in the repository (tests/visual/baselines/NAME.png).

Every screen in the light and the dark colour scheme, in English, Lithuanian and Tamil, on a
portrait (360×640) and a landscape (844×390) phone: play after ROLL with a staged die and a
hint on show, MAGDAGDON (choosing the ruin), the dialogs (settings, rules, best scores,
statistics, the gift card), game over, its review, and a first visit loading (the runtime's
download held at the server, so that the progress bar shows). Each screenshot is taken until
two in a row are the same (a screen still moving fails), at device scale 1, animations off.

One page per language (a context of its own: the language's locale and stored settings) walks
the screens, each reached once, in the language's first mode (light, portrait); there the page
is shown in each colour scheme and on each phone of its language in turn, live
(``emulate_media``, ``set_viewport_size``: a player switching her system's theme or turning her
phone), and screenshot. Each test compares the screenshot of its own screen and mode with its
own baseline. So the page's Python starts twice per language (the ``?seed=`` link, then the
visit that finds the finished game), not per mode. The loading screen: one first visit per
language, its runtime held, shown in each mode the same way. A screen not reached (or not
screenshot) fails its own tests only: the walk goes on to the next screen afresh.

Deterministic by construction: the games come from ``?seed=`` links and from storage written
by the engine's own Session in CPython (a history of finished games on fixed days), the page's
clock starts on a fixed day, motion is reduced, the fonts are Debian's (fonts-noto-core), and
the loading screen's download sizes are fixed round figures (so that a rebuilt game archive
does not move the bar).

Compared with pixelmatch (anti-aliased pixels ignored, colour threshold 0.1): a screen fails
when more than :data:`ALLOWED` pixels differ; ``test_a_missing_pip_fails_the_comparison``
proves that one pip fewer on one die is more than that (on the English page, light, portrait,
at the play screen and the review: a pip taken away, screenshot, and put back). A failure names
the screen, the count and where ``current.png`` and ``diff.png`` were written
(tests/visual/output/NAME/).

    bash scripts/test.sh tests/e2e/test_visual.py                      # compare
    bash scripts/test.sh tests/e2e/test_visual.py --update-baselines   # record on purpose
    python3 tools/gallery.py        # every baseline, screenshot and diff on one page
"""

from __future__ import annotations

import datetime
import functools
import io
import json
from pathlib import Path

import pytest
from PIL import Image
from pixelmatch.contrib.PIL import pixelmatch

from magdagdon.records import MemoryStore
from magdagdon.rules import Difficulty
from magdagdon.session import Session

from .harness import (
    REPO_ROOT,
    Guard,
    collect_errors,
    emulate_colours,
    format_problems,
    raise_errors,
    seed_storage,
    wait_ready,
    with_downloads,
)
from .strategy import GAME_KEY, SETTINGS_KEY, played

VISUAL = REPO_ROOT / "tests" / "visual"
BASELINES = VISUAL / "baselines"
OUTPUT = VISUAL / "output"  # git-ignored: current.png, diff.png and result.json per screen

#: pixelmatch's colour threshold (YIQ distance, 0..1; its default) and the differing pixels a
#: screen may have. Anti-aliased pixels are recognised by pixelmatch and not counted; one pip
#: fewer measured 52 pixels on a die of the tray (46 px) and 25 on the review's small board
#: (36 px), the smallest dice the game draws (test_a_missing_pip_fails_the_comparison).
THRESHOLD = 0.1
ALLOWED = 8

SCHEMES = ("light", "dark")
LANGUAGES = ("en", "lt", "ta")
PHONES = {"portrait": (360, 640), "landscape": (844, 390)}
#: English and Lithuanian in every scheme and orientation; Tamil (the longest words, another
#: script) on the portrait phone, where space is tightest: ~60 KB a baseline, so not all of it.
MODES = [(s, lang, o) for s in SCHEMES for lang in ("en", "lt") for o in PHONES] + [
    (s, "ta", "portrait") for s in SCHEMES
]
SCREENS = ("magdagdon", "play", "settings", "rules", "scores", "stats", "gift", "over", "review",
           "loading")  # fmt: skip
DIALOGS = ("settings", "rules", "scores", "stats", "gift")

#: The day the page believes it is (its clock starts here and runs).
TODAY = datetime.datetime(2026, 11, 30, 10, 0, tzinfo=datetime.UTC)
#: Finished games in the history (difficulty, seed, day); the last is the one on screen at
#: game over (NIGHTMARE's best: first in its table), its review six decisions long.
HISTORY = (("survival", 22, "2026-11-21"), ("nightmare", 4, "2026-11-23"),
           ("nightmare", 10, "2026-11-24"), ("nightmare", 19, "2026-11-26"),
           ("nightmare", 11, "2026-11-28"), ("nightmare", 21, "2026-11-29"))  # fmt: skip
#: Its first ROLL is MAGDAGDON; after a ruin in cell 15 the next ROLL places (all four dice).
SEED = 4
#: The coach prices every decision for the review in Pyodide (a few seconds; generous).
WORKED_OUT_MS = 60_000


def update_wanted(config: pytest.Config) -> bool:
    return bool(config.getoption("--update-baselines", default=False))


# -- what is stored before the first visit: made by the engine's own Session --------------------


@functools.cache
def stored(language: str) -> dict[str, str]:
    """localStorage after the games of :data:`HISTORY` were played, each on its day."""
    store = MemoryStore()
    for difficulty, seed, day in HISTORY:
        session = Session(store, today=lambda day=day: day, languages=LANGUAGES)
        session.new_game(Difficulty(difficulty), seed)
        for move in played(difficulty, seed).moves:
            session.apply(move)
    settings = json.loads(store.data[SETTINGS_KEY])
    store.data[SETTINGS_KEY] = json.dumps({**settings, "language": language})
    return store.data


# -- taking and comparing screenshots ------------------------------------------------------------


def settled(page) -> bytes:
    """A screenshot of the page once two taken one after the other are the same."""
    before = None
    for _ in range(8):
        png = page.screenshot(animations="disabled", caret="hide")
        if png == before:
            return png
        before = png
        page.wait_for_timeout(150)
    raise AssertionError(f"{page.url}: the screen is still changing after 8 screenshots")


def optimised(png: bytes) -> bytes:
    out = io.BytesIO()
    Image.open(io.BytesIO(png)).convert("RGB").save(out, "PNG", optimize=True)
    return out.getvalue()


#: The browser the baselines were recorded with: another one renders text a little otherwise.
RECORDED = BASELINES / "recorded.json"


def compare(name: str, png: bytes, update: bool, browser: str) -> None:
    """Compare screenshot ``png`` with baseline NAME (or record it, ``update``); the current
    screenshot, the diff and the result go to tests/visual/output/NAME/ either way."""
    folder, baseline = OUTPUT / name, BASELINES / f"{name}.png"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "current.png").write_bytes(png)
    (folder / "diff.png").unlink(missing_ok=True)
    if update:
        BASELINES.mkdir(parents=True, exist_ok=True)
        baseline.write_bytes(optimised(png))
        RECORDED.write_text(json.dumps({"chromium": browser}) + "\n", "utf-8")
    result = {"name": name, "allowed": ALLOWED, "differing": None, "size": None}
    if baseline.is_file():
        result.update(measure(baseline, png, folder / "diff.png"))
    (folder / "result.json").write_text(json.dumps(result), "utf-8")
    where = f"current: {_shown(folder / 'current.png')}"
    assert baseline.is_file(), (
        f"{name}: no baseline {_shown(baseline)} ({where}); record it on purpose with "
        "bash scripts/test.sh tests/e2e/test_visual.py --update-baselines"
    )
    assert result["size"] is None, f"{name}: {result['size']} ({where})"
    assert result["differing"] <= ALLOWED, (
        f"{name}: {result['differing']} pixels differ from the baseline (at most {ALLOWED} "
        f"allowed); {where}, diff: {_shown(folder / 'diff.png')}{_other_browser(browser)}"
    )


def _other_browser(browser: str) -> str:
    recorded = json.loads(RECORDED.read_text("utf-8"))["chromium"] if RECORDED.is_file() else "?"
    if recorded == browser:
        return ""
    return f" (the baselines were recorded with Chromium {recorded}, this is {browser})"


def measure(baseline: Path, png: bytes, diff_path: Path) -> dict:
    """pixelmatch's count of differing pixels (and the diff image), or why there is none."""
    want, got = Image.open(baseline).convert("RGBA"), Image.open(io.BytesIO(png)).convert("RGBA")
    if want.size != got.size:
        return {"size": f"the screenshot is {got.size}, the baseline {want.size}"}
    diff = Image.new("RGBA", want.size)
    count = pixelmatch(want, got, diff, threshold=THRESHOLD)
    diff.save(diff_path, optimize=True)
    return {"differing": count}


def _shown(path: Path) -> str:
    return str(path.relative_to(REPO_ROOT))


# -- reaching each screen ------------------------------------------------------------------------


def tap(page, selector: str) -> None:
    page.tap(selector, timeout=10_000)


def wait_phase(page, phase: str) -> None:
    page.wait_for_function("p => document.body.dataset.phase === p", arg=phase)


def wait_dialog(page, name: str | None) -> None:
    page.wait_for_function(
        """n => { const open = [...document.querySelectorAll("dialog[open]")].map(d => d.id);
                  return n === null ? !open.length : open.join() === "dialog-" + n; }""",
        arg=name,
    )


class Walk:
    """One page of one language, taken from screen to screen; ``at`` is where it is now."""

    def __init__(self, page, site_url: str, language: str) -> None:
        self.page, self.site_url, self.language = page, site_url, language
        self.at: str | None = None

    def reach(self, screen: str) -> None:
        try:
            getattr(self, f"_{screen}")()
        except BaseException:
            self.at = None  # (a screen not reached: the next one starts afresh)
            raise
        self.at = screen

    def _put_game(self, saved: str | None) -> None:
        """The game in storage (None: none), for the next visit."""
        if self.page.url.startswith("http"):  # (the first visit's storage is seeded)
            self.page.evaluate(
                "([k, v]) => v === null ? localStorage.removeItem(k) : localStorage.setItem(k, v)",
                [GAME_KEY, saved],
            )

    def _magdagdon(self) -> None:
        """A NIGHTMARE game from a link, its first ROLL a MAGDAGDON accepted: choose a ruin."""
        page = self.page
        self._put_game(None)  # (a game in progress would make the link ask first)
        page.goto(f"{self.site_url}index.html?seed={SEED}&difficulty=nightmare")
        wait_ready(page)
        tap(page, '.controls [data-action="roll"]')
        wait_phase(page, "magdagdon")
        tap(page, '.controls [data-action="accept-magdagdon"]')
        wait_phase(page, "ruin")

    def _play(self) -> None:
        """The ruin in cell 15, ROLL, the first die staged in cell 5, then HINT."""
        if self.at != "magdagdon":
            self._magdagdon()
        page = self.page
        tap(page, '[data-cell="15"]')
        wait_phase(page, "roll")
        tap(page, '.controls [data-action="roll"]')
        wait_phase(page, "placing")
        tap(page, '[data-cell="5"]')
        page.wait_for_selector('[data-cell="5"][data-state="staged"]')
        tap(page, '.controls [data-action="hint"]')
        page.wait_for_selector('.controls [data-action="apply-hint"]:not([hidden])')

    def _dialog(self, name: str) -> None:
        """Dialog ``name`` over the board of the play screen."""
        page = self.page
        if self.at not in ("play", *DIALOGS):
            self._play()
        for open_one in page.locator("dialog[open]").all():
            open_one.locator('header [data-action="close"]').tap()
        wait_dialog(page, None)
        if name == "stats":
            tap(page, '.top [data-action="scores"]')
            tap(page, '#dialog-scores [data-action="stats"]')
        elif name == "gift":
            tap(page, '.top [data-action="about"]')
            tap(page, '#dialog-about [data-action="gift"]')
        else:
            tap(page, f'.top [data-action="{name}"]')
        wait_dialog(page, name)
        if name == "stats":
            page.wait_for_selector("#stats-body svg[role=img]")

    def _settings(self) -> None:
        self._dialog("settings")

    def _rules(self) -> None:
        self._dialog("rules")

    def _scores(self) -> None:
        self._dialog("scores")

    def _stats(self) -> None:
        self._dialog("stats")

    def _gift(self) -> None:
        self._dialog("gift")

    def _over(self) -> None:
        """The last game of the history, finished, on screen again: its game over."""
        page = self.page
        self._put_game(stored(self.language)[GAME_KEY])
        page.goto(f"{self.site_url}index.html")
        wait_ready(page)
        wait_dialog(page, "over")

    def _review(self) -> None:
        if self.at != "over":
            self._over()
        page = self.page
        tap(page, '#dialog-over [data-action="review"]')
        wait_dialog(page, "review")
        page.wait_for_selector("#review-summary[data-review-total]", timeout=WORKED_OUT_MS)

    def _loading(self) -> None:
        raise NotImplementedError("the loading screen has a context of its own: first_visit()")


# -- a first visit, loading ------------------------------------------------------------------------

#: The loading screen's download sizes (bytes on the wire), fixed round figures near the real
#: ones: the real ones change with every build, and the bar would move with them. The snapshot
#: (.gz) is listed at 0: start.mjs then always waits for it (whether a first visit waits for it
#: is otherwise judged from the pace of the downloads so far, a race with the held runtime).
WIRE = {"pyodide.asm.wasm.gz": 3_500_000, "python.zip.gz": 1_800_000, ".gz": 0,
        "pyodide.asm.mjs": 300_000}  # fmt: skip
HELD = "**/pyodide.asm.wasm*"


def fixed_sizes(html: str) -> str:
    def fixed(files: dict) -> None:
        for path, (size, _) in files.items():
            files[path] = [size, next((w for end, w in WIRE.items() if path.endswith(end)), 20_000)]

    return with_downloads(html, fixed)


def first_visit(context, site_url: str):
    """A first visit whose runtime (the wasm) never arrives: the progress bar stays at what
    did arrive and, after four seconds, says that the connection is slow."""
    held = []
    context.route(HELD, lambda route: held.append(route))

    def page_with_fixed_sizes(route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=fixed_sizes(response.text()))

    context.route("**/index.html", page_with_fixed_sizes)
    page = context.new_page()
    page.goto(f"{site_url}index.html")
    bar = page.locator("#load-progress")
    seen: list[str | None] = []
    while len(seen) < 5 or len(set(seen[-5:])) > 1 or bar.get_attribute("data-slow") != "true":
        page.wait_for_timeout(250)  # (until it says "slow" and stays the same for a second)
        seen.append(bar.get_attribute("aria-valuetext"))
        assert len(seen) < 120, f"the progress bar never settled: {seen}"
    assert held, "the runtime's download was never asked for"
    return page


# -- one page per language, every mode of it shown live at each screen -----------------------


def _mode_id(mode: tuple[str, str, str]) -> str:
    return "-".join(mode)


def context_args(mode: tuple[str, str, str]) -> dict:
    scheme, language, orientation = mode
    width, height = PHONES[orientation]
    return {
        "viewport": {"width": width, "height": height},
        "device_scale_factor": 1,
        "is_mobile": True,
        "has_touch": True,
        "locale": {"en": "en-US", "lt": "lt-LT", "ta": "ta-IN", "ca": "ca-ES"}[language],
        "timezone_id": "UTC",
        "color_scheme": scheme,
        "reduced_motion": "reduce",
        "service_workers": "block",
    }


def show(page, mode: tuple[str, str, str]) -> None:
    """The page in ``mode``'s colour scheme and on its phone from its next frame on, as when a
    player switches her system's theme or turns her phone (the page's media queries checked)."""
    scheme, _, orientation = mode
    width, height = PHONES[orientation]
    page.set_viewport_size({"width": width, "height": height})
    emulate_colours(page, scheme)


#: A screenshot of each mode, or why there is none.
Shots = dict[tuple[str, str, str], bytes | Exception]
#: The page and mode of the pip proof: English, light, portrait (a first mode: screens are
#: reached in it, so that its screenshots are taken as the walk finds them).
PIP_MODE = ("light", "en", "portrait")
#: Where one pip is taken away: a die of the tray on the play screen, and one of the review's
#: small boards (the smallest dice the game draws).
PIPS = {"play": ".tray [data-die]", "review": "#dialog-review [data-review-cell]"}
ONE_PIP_FEWER_JS = """(selector) => {
  const dice = [...document.querySelectorAll(selector)];
  const at = dice.findIndex((e) => ["1", "3", "5"].includes(e.dataset.value)
                                   && e.getBoundingClientRect().width);
  const die = dice[at];
  die.dataset.value = String(Number(die.dataset.value) - 1);  // the centre pip goes
  return [at, die.getBoundingClientRect().width];
}"""
PIP_BACK_JS = """([selector, at]) => {
  const die = document.querySelectorAll(selector)[at];
  die.dataset.value = String(Number(die.dataset.value) + 1);
}"""


class Tour:
    """One language's screens. A page (a context of its own: the language's locale, its storage
    seeded with :func:`stored`) is taken by :class:`Walk` from screen to screen, each reached in
    the language's first mode; there every mode of the language is shown in turn (:func:`show`)
    and screenshot. The loading screen: a held first visit (a context of its own, its storage
    empty) shown in every mode the same way. Each screen is visited once, when a test first
    asks for it; what it gave is kept for the tests of its other modes."""

    def __init__(self, browser, site_url: str, language: str) -> None:
        self.browser, self.site_url, self.language = browser, site_url, language
        self.modes = [mode for mode in MODES if mode[1] == language]
        self.shots: dict[str, Shots] = {}
        #: screen → (before, after, the die's width) of the pip proof, or why there is none
        self.pips: dict[str, tuple[bytes, bytes, float] | Exception] = {}
        self.context = None
        self.walk: Walk | None = None

    def shot(self, screen: str, mode: tuple[str, str, str]) -> bytes:
        """The screenshot of ``screen`` in ``mode``; raises, named, when there is none."""
        if screen not in self.shots:
            self.visit(screen)
        got = self.shots[screen][mode]
        if isinstance(got, Exception):
            raise AssertionError(f"{screen}-{_mode_id(mode)}: no screenshot: {got}") from got
        return got

    def visit(self, screen: str) -> None:
        self.shots[screen] = self._loading() if screen == "loading" else self._walked_to(screen)
        if all(s in self.shots for s in SCREENS):
            self.close()

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
        self.context, self.walk = None, None

    def _page(self) -> Walk:
        if self.walk is None:
            self.context = context = self.browser.new_context(**context_args(self.modes[0]))
            Guard(context)
            context.clock.install(time=TODAY)
            seed_storage(context, stored(self.language))
            self.walk = Walk(context.new_page(), self.site_url, self.language)
        return self.walk

    def _walked_to(self, screen: str) -> Shots:
        walk, modes = self._page(), self.modes
        try:
            show(walk.page, modes[0])
            walk.reach(screen)
        except Exception as error:
            failure = _with_problems(error, walk.page)
            if self.modes[0] == PIP_MODE and screen in PIPS:
                self.pips[screen] = failure
            return dict.fromkeys(self.modes, failure)  # (the next screen starts afresh)
        shots = self._every_mode(walk.page, modes)
        try:
            show(walk.page, self.modes[0])
        except Exception:
            self.close()  # (the next screen on a new page, in the first mode)
            return shots
        if self.modes[0] == PIP_MODE and screen in PIPS:
            self.pips[screen] = self._pip(walk, screen)
        return shots

    def _every_mode(self, page, modes: list[tuple[str, str, str]]) -> Shots:
        """Each mode's screenshot of the page as it is (the page's errors fail them all)."""
        shots: Shots = {}
        for mode in modes:
            try:
                show(page, mode)
                shots[mode] = settled(page)
            except Exception as error:
                shots[mode] = error
        problems = collect_errors(page)
        if problems:
            return dict.fromkeys(self.modes, AssertionError(format_problems(problems)))
        return shots

    def _pip(self, walk: Walk, screen: str) -> tuple[bytes, bytes, float] | Exception:
        """The screen, then one pip fewer on one of its dice (then the pip back)."""
        page = walk.page
        try:
            before = settled(page)
            at, width = page.evaluate(ONE_PIP_FEWER_JS, PIPS[screen])
            after = settled(page)
            page.evaluate(PIP_BACK_JS, [PIPS[screen], at])
            raise_errors(page)
            if settled(page) != before:
                walk.at = None  # (the pip not back as it was: the next screen starts afresh)
        except Exception as error:
            walk.at = None
            return _with_problems(error, page)
        return before, after, width

    def _loading(self) -> Shots:
        context = self.browser.new_context(**context_args(self.modes[0]))
        try:
            Guard(context)
            context.clock.install(time=TODAY)
            return self._every_mode(first_visit(context, self.site_url), self.modes)
        except Exception as error:
            return dict.fromkeys(self.modes, error)
        finally:
            context.close()


def _with_problems(error: Exception, page) -> Exception:
    """``error``, with the browser's problems recorded meanwhile (if any) beside it."""
    problems = collect_errors(page)
    if not problems:
        return error
    return AssertionError(f"{type(error).__name__}: {error}\n{format_problems(problems)}")


class Tours:
    """A :class:`Tour` per language, each begun when a test first needs it."""

    def __init__(self, browser, site_url: str) -> None:
        self.browser, self.site_url = browser, site_url
        self.tours: dict[str, Tour] = {}

    def of(self, language: str) -> Tour:
        if language not in self.tours:
            self.tours[language] = Tour(self.browser, self.site_url, language)
        return self.tours[language]

    def close(self) -> None:
        for tour in self.tours.values():
            tour.close()


# -- the tests -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def tours(browser, site_url):
    """One page per language for the whole module (Python starts twice per language)."""
    tours = Tours(browser, site_url)
    yield tours
    tours.close()


@pytest.fixture(params=MODES, ids=_mode_id)
def mode(request) -> tuple[str, str, str]:
    return request.param


@pytest.mark.parametrize("screen", SCREENS)
def test_the_screen_looks_as_its_baseline(tours, mode, screen, browser, request):
    png = tours.of(mode[1]).shot(screen, mode)
    compare(f"{screen}-{_mode_id(mode)}", png, update_wanted(request.config), browser.version)


@pytest.mark.parametrize("screen", PIPS)
def test_a_missing_pip_fails_the_comparison(tours, screen, tmp_path):
    tour = tours.of(PIP_MODE[1])
    if screen not in tour.pips:
        tour.visit(screen)
    got = tour.pips.get(screen, AssertionError("the pip proof was not made"))
    if isinstance(got, Exception):
        raise AssertionError(f"{screen}: no pip proof: {got}") from got
    png, after, width = got
    before = tmp_path / "before.png"
    before.write_bytes(png)
    count = measure(before, after, tmp_path / "diff.png")["differing"]
    print(f"{screen}: a die {width:.0f} px wide, one pip fewer: {count} pixels differ")
    assert count > ALLOWED, f"{screen}: one pip fewer differs in {count} pixels only"
