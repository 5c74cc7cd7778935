"""Browser-test fixtures: pytest-playwright driving Debian's /usr/bin/chromium.

Fixtures:
  site_url      session: the site as deployed (tools/build.py: snapshot, archive,
                preloads) built once into a temporary folder and served on
                http://127.0.0.1:PORT/
  source_url    session: the repository root served the same way (the page as a
                developer runs it: no snapshot, every module fetched on its own)
  page          (pytest-playwright's) fresh phone-sized context per test, guarded
  shared_page   one guarded page per test module: saves Pyodide's ~3 s start per
                test; use harness.restart(page) for a clean slate

Every context made here is guarded (see harness.Guard): requests to other hosts
are aborted, and a test fails if anything was blocked, logged as a console
error, thrown uncaught, or shown as a PyScript `.py-error`.  A test that
provokes an error on purpose consumes it with harness.collect_errors(page).

Every test under tests/e2e/ gets the `e2e` marker: `pytest -m "not e2e"` skips them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import (
    BLOCK_OTHER_HOSTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE,
    REPO_ROOT,
    Guard,
    built_once,
    format_problems,
    serve_directory,
)

HERE = Path(__file__).resolve().parent
# Pages and their browser-side Python: not importable under pytest (no `pyscript`),
# so keep --doctest-modules away from them.
collect_ignore = ["fixtures"]
_GUARDS = pytest.StashKey[list]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-baselines",
        action="store_true",
        help="test_visual.py: record every screenshot as its new baseline (tests/visual/baselines)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: browser test (Chromium + Pyodide), slow")
    # pytest-base-url (pulled in by pytest-playwright) trips a pytest 9 deprecation.
    config.addinivalue_line(
        "filterwarnings",
        "ignore:Session-scoped fixtures defined as instance methods"
        ":pytest.PytestRemovedIn10Warning",
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.e2e)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    """After the test body: fail it if its guarded contexts recorded any problem."""
    try:
        result = yield
    except BaseException:
        # The test failed anyway: show the browser's problems beside its own error.
        problems = [p for guard in item.stash.get(_GUARDS, []) for p in guard.take()]
        if problems:
            item.add_report_section("call", "browser", format_problems(problems))
        raise
    problems = [p for guard in item.stash.get(_GUARDS, []) for p in guard.take()]
    if problems:
        pytest.fail(format_problems(problems), pytrace=False)
    return result


def _register(request: pytest.FixtureRequest, guard: Guard) -> None:
    request.node.stash.setdefault(_GUARDS, []).append(guard)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """tools/build.py's output, built once for the whole run (shared by xdist's workers)."""
    return built_once(tmp_path_factory)


def _served(directory: Path):
    server, url = serve_directory(directory)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def site_url(built_site: Path):
    yield from _served(built_site)


@pytest.fixture(scope="session")
def source_url():
    yield from _served(REPO_ROOT)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict, browser_name: str) -> dict:
    if browser_name != "chromium":
        return browser_type_launch_args
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    # Phone by default; pytest-playwright's own options (e.g. --device) win. The built site
    # registers its service worker: blocked unless a test asks for it (test_pwa.py), so that
    # every request stays visible to the test's routes and no test inherits a cache.
    return {**PHONE, "service_workers": "block", **browser_context_args}


@pytest.fixture
def new_context(new_context, request: pytest.FixtureRequest):
    """pytest-playwright's context factory (behind `context` and `page`), guarded."""

    def guarded_new_context(**kwargs):
        context = new_context(**kwargs)
        _register(request, Guard(context))
        return context

    return guarded_new_context


@pytest.fixture
def disk_context(browser_type, browser_type_launch_args: dict, tmp_path_factory, request):
    """A factory of browsers on profiles kept on disk, as a phone's browser keeps its HTTP
    cache, code caches, service workers and Cache Storage: ``disk_context(profile=None, args=())``
    (a new profile, or the folder of an earlier one; more of Chromium's command-line switches).
    Service workers are allowed; the
    contexts are guarded without routing (routing would bypass the HTTP cache)."""
    opened = []

    def launch(profile: Path | None = None, args: tuple[str, ...] = ()):
        folder = profile or tmp_path_factory.mktemp("profile")
        launch_args = {**browser_type_launch_args}
        launch_args["args"] = [*launch_args.get("args", []), *BLOCK_OTHER_HOSTS, *args]
        context = browser_type.launch_persistent_context(
            str(folder), **launch_args, **PHONE, service_workers="allow"
        )
        context.profile = folder  # type: ignore[attr-defined]
        _register(request, Guard(context, route=False))
        opened.append(context)
        return context

    yield launch
    for context in opened:
        context.close()


@pytest.fixture(scope="module")
def _shared(browser, browser_context_args: dict):
    context = browser.new_context(**browser_context_args)
    guard = Guard(context)
    yield context.new_page(), guard
    context.close()


@pytest.fixture
def shared_page(_shared, request: pytest.FixtureRequest):
    """One page for the whole module (state carries over between its tests)."""
    page, guard = _shared
    _register(request, guard)
    return page
