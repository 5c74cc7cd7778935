"""Updates as a player of the installed game meets them: two real builds published one after
the other at the same URL, on a browser profile kept on disk (its HTTP cache and Cache Storage
as a phone keeps them). After "Update now" every file the page uses is the new release's; a
deploy caught halfway or a network failing mid-install changes nothing and the update is
tried again; a second tab follows; the game and the records stay as they were."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tools import build as site_build

from .harness import CACHES_JS, Releases, build_release, copy_of_built, poll, wait_ready
from .play import expect_frame_kept, her_data

SW_CONTROLLED = "navigator.serviceWorker.controller !== null"
#: What release two changes, one of each kind of file: the start-up script, a catalogue (read by
#: boot.js over the network and by Python from the archive) and a Python module of the archive.
MARK = "two"
CHANGES = {
    "static/boot.js": lambda text: text + f'\ndocument.documentElement.dataset.build = "{MARK}";\n',
    "i18n/en.json": lambda text: text.replace('"button.roll": "ROLL"', '"button.roll": "ROLL ON"'),
    "magdagdon/web/app.py": lambda text: (
        text + f'\nwindow.document.documentElement.dataset.pythonBuild = "{MARK}"\n'
    ),
}
UPDATE_JS = "navigator.serviceWorker.getRegistration().then(r => r.update()).catch(() => {})"


class Release:
    def __init__(self, folder, release: str) -> None:
        self.folder, self.id = folder, release
        self.cache = f"magdagdon-{release}"
        worker = (folder / "sw.js").read_text("utf-8")
        manifest = site_build.read_manifest(worker)
        extras = site_build.read_manifest(worker, "EXTRAS")
        #: path → the hashes its cached copy may have (a gzipped file: as it travels or inflated)
        self.files = {"/" + row[0].removeprefix("./"): set(row[1:2] + row[3:]) for row in manifest}
        #: ... and those of the extras (the snapshot, the rest of the standard library)
        self.extras = {"/" + row[0].removeprefix("./"): set(row[1:2] + row[3:]) for row in extras}
        self.snapshot = next(row[0][2:] for row in extras if "/snapshot-" in row[0])

    def holds(self, cached: dict[str, str], extras: bool = False) -> bool:
        """Whether ``cached`` (path → hash) is exactly this release's files, with or without
        its extras (``extras``: with all of them)."""
        known = self.files | self.extras
        whole = self.files.keys() | (self.extras.keys() if extras else set())
        return whole <= cached.keys() <= known.keys() and not self.wrong(cached)

    def odd(self, cached: dict[str, str]) -> list[str]:
        """The paths this release has that ``cached`` lacks, and those it has that are not its."""
        return sorted((self.files.keys() | self.extras.keys()) ^ cached.keys())

    def wrong(self, cached: dict[str, str]) -> list[str]:
        """The cached paths whose bytes are not this release's."""
        known = self.files | self.extras
        return sorted(p for p, d in cached.items() if d not in known.get(p, ()))


@pytest.fixture(scope="module")
def releases(tmp_path_factory):
    """Release one (today's sources) and release two (CHANGES), built; and the server."""
    one_folder = tmp_path_factory.mktemp("release-one") / "site"
    one = Release(one_folder, copy_of_built(tmp_path_factory, one_folder))
    two_folder = tmp_path_factory.mktemp("release-two")
    two = Release(two_folder, build_release(two_folder, tmp_path_factory.mktemp("two"), CHANGES))
    assert one.id != two.id and one.snapshot != two.snapshot
    changed = {p for p in one.files if one.files[p] != two.files.get(p)}
    assert {"/static/boot.js", "/i18n/en.json", "/static/python.zip.gz"} <= changed
    assert (
        one.files["/static/vendor/pyodide/pyodide.asm.wasm.gz"]
        == two.files["/static/vendor/pyodide/pyodide.asm.wasm.gz"]
    )
    return one, two


@pytest.fixture
def server(tmp_path):
    releases = Releases(tmp_path / "server")
    yield releases
    releases.close()


def _install(disk_context, server: Releases, one: Release, query: str = "?seed=12"):
    """Release one, visited for the first time in a new on-disk profile until it is installed."""
    server.publish(one.folder)
    context = disk_context()
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(server.url + query)
    wait_ready(page)
    page.wait_for_function(SW_CONTROLLED, timeout=60_000)
    # (a first visit from the snapshot: the extras are kept once the worker is in charge)
    poll(
        page,
        f"caches.open({one.cache!r}).then((c) => c.keys())"
        f".then((keys) => keys.length === {len(one.files) + len(one.extras)})",
    )
    cached = page.evaluate(CACHES_JS)[one.cache]
    assert one.holds(cached, extras=True), (one.wrong(cached), one.odd(cached))
    return context, page


def _stage_a_die(page) -> None:
    page.tap('[data-action="roll"]')
    page.wait_for_function("['placing', 'magdagdon'].includes(document.body.dataset.phase)")
    if page.evaluate("document.body.dataset.phase") == "magdagdon":
        page.tap('[data-action="accept-magdagdon"]')
    else:
        page.tap('[data-cell][data-legal="true"]')


def _storage(page) -> dict[str, str]:
    """Her data in localStorage (the first frame kept for the next open is redrawn for each
    release: :func:`expect_frame_kept`)."""
    return her_data(page.evaluate("Object.fromEntries(Object.entries(localStorage))"))


def _board(page) -> list[tuple[str, str | None, str | None]]:
    return page.evaluate(
        """[...document.querySelectorAll('[data-cell]')].map(c =>
            [c.dataset.cell, c.dataset.state ?? null, c.dataset.value ?? null])"""
    )


def _dice(page) -> list[str]:
    return page.evaluate("[...document.querySelectorAll('[data-die]')].map(d => d.dataset.value)")


def _take_the_update(page) -> None:
    offer = page.locator('.notice [data-action="update"]')
    offer.wait_for(timeout=60_000)
    with page.expect_navigation(timeout=60_000):
        offer.tap()
    wait_ready(page)


def _runs(page, release: Release, two: Release, only: bool = True) -> None:
    """The page runs ``release`` whole: its page, start-up script, catalogue, Python archive
    and snapshot, from a cache holding exactly its bytes (``only``: the one cache left)."""
    is_two = release is two
    cached = page.evaluate(CACHES_JS)
    assert list(cached) == [release.cache] if only else release.cache in cached, list(cached)
    assert release.holds(cached[release.cache], extras=True), release.wrong(cached[release.cache])
    assert page.evaluate("document.documentElement.dataset.python") == "snapshot"
    assert page.evaluate("document.documentElement.dataset.build ?? null") == (
        MARK if is_two else None
    )
    assert page.evaluate("document.documentElement.dataset.pythonBuild ?? null") == (
        MARK if is_two else None
    )
    label = page.locator('[data-action="roll"]').inner_text()
    assert label == ("ROLL ON" if is_two else "ROLL")


def test_an_update_holds_exactly_the_new_release_and_keeps_the_game(releases, server, disk_context):
    one, two = releases
    context, page = _install(disk_context, server, one)
    # The first visit downloaded nothing twice: the install took the page's own downloads.
    downloads = Counter(path for path, code in server.requests if code == 200)
    assert downloads and max(downloads.values()) == 1, downloads.most_common(3)
    _stage_a_die(page)
    before, board, dice = _storage(page), _board(page), _dice(page)
    published = len(server.requests)
    server.publish(two.folder)
    page.evaluate(UPDATE_JS)
    page.locator('.notice [data-action="update"]').wait_for(timeout=60_000)
    # Installed and waiting, the new release has changed nothing yet.
    assert (
        _storage(page) == before
        and page.evaluate("document.documentElement.dataset.build ?? 0") == 0
    )
    _take_the_update(page)
    _runs(page, two, two)
    assert _storage(page) == before
    assert _board(page) == board and _dice(page) == dice
    # The update took from the network only what changed (the runtime came from the old cache).
    wasm = "static/vendor/pyodide/pyodide.asm.wasm.gz"
    assert (wasm, 200) in server.requests[:published]
    assert not any(path == wasm for path, _ in server.requests[published:])
    # Closed and opened again offline, the profile starts release two, the game as left.
    profile = context.profile
    context.close()
    again = disk_context(profile)
    again.set_offline(True)
    page = again.pages[0] if again.pages else again.new_page()
    page.goto(server.url)
    wait_ready(page)
    _runs(page, two, two)
    assert _board(page) == board and _dice(page) == dice
    expect_frame_kept(page)  # drawn again by release two, for the next open


def test_a_deploy_halfway_or_a_failing_network_changes_nothing_then_the_update_lands(
    releases, server, disk_context
):
    one, two = releases
    context, page = _install(disk_context, server, one)
    _stage_a_die(page)
    before, board = _storage(page), _board(page)
    offer = page.locator('.notice [data-action="update"]')

    def attempt() -> None:
        page.evaluate("delete document.body.dataset.update")
        page.evaluate(UPDATE_JS)
        page.wait_for_function("document.body.dataset.update === 'retrying'", timeout=60_000)
        assert offer.count() == 0
        cached = page.evaluate(CACHES_JS)
        assert one.holds(cached[one.cache]), one.wrong(cached[one.cache])
        # What the failed install kept for its next try is release two's own bytes, no other.
        partial = dict(cached.get(two.cache, {}))
        partial.pop("/magdagdon-install-unfinished", None)
        assert not two.wrong(partial)

    # Halfway through a deploy: the new sw.js, but some files still the old release's.
    stale = {p: one.folder for p in ("static/boot.js", "i18n/en.json", "static/python.zip.gz")}
    server.publish(two.folder, stale=stale)
    attempt()
    # The deploy done, the network fails in the middle of the install (on the files the first
    # try could not take, or the snapshot if that try had not reached it).
    server.stale = {}
    server.broken = {*stale, two.snapshot}
    attempt()
    assert {path for path, code in server.requests if code == 0} & server.broken
    # The installed release still works offline, whole, with the game as left.
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    _runs(page, one, two, only=False)  # beside it, what the failed install kept
    assert _storage(page) == before and _board(page) == board
    context.set_offline(False)
    # Once the server is whole, the update installs, and only then.
    server.finish()
    page.evaluate(UPDATE_JS)
    _take_the_update(page)
    _runs(page, two, two)
    assert _storage(page) == before and _board(page) == board
    expect_frame_kept(page)


def test_update_now_in_one_tab_brings_the_other_tab_along_with_its_staged_die(
    releases, server, disk_context
):
    one, two = releases
    context, first = _install(disk_context, server, one, "?seed=31")
    second = context.new_page()
    second.goto(server.url)
    wait_ready(second)
    _stage_a_die(second)
    first.wait_for_function(
        "document.querySelectorAll('[data-cell][data-state=staged]').length === 1", polling=100
    )
    board, saved = _board(second), json.loads(_storage(second)["magdagdon.v1.game"])
    server.publish(two.folder)
    first.evaluate(UPDATE_JS)
    _take_the_update(first)
    _runs(first, two, two)
    # The other tab is told: it reloads into release two at once if hidden, else offers it.
    second.wait_for_function(
        "document.documentElement.dataset.build === 'two'"
        " || document.querySelector('.notice [data-action=\"update\"]') !== null",
        polling=100,
        timeout=30_000,
    )
    if second.evaluate("document.documentElement.dataset.build ?? null") != MARK:
        _take_the_update(second)
    else:
        wait_ready(second)
    _runs(second, two, two)
    assert _board(second) == board
    assert json.loads(_storage(second)["magdagdon.v1.game"]) == saved
