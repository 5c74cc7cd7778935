"""Self-test of the browser harness, on tests/e2e/fixtures/smoke/ (not the game)."""

from __future__ import annotations

import pytest

from .harness import collect_errors, open_ready, restart, shot

SMOKE = "tests/e2e/fixtures/smoke/smoke.html"


def test_smoke_page_runs_vendored_python_offline(shared_page, source_url):
    open_ready(shared_page, source_url + SMOKE)
    text = shared_page.locator("#out").text_content()
    assert text.startswith("Python 3.14"), text  # Pyodide 314 = Python 3.14
    assert text.endswith("on emscripten"), text
    assert shot(shared_page, "harness-smoke").stat().st_size > 0


def test_restart_gives_a_clean_slate(shared_page, source_url):
    open_ready(shared_page, source_url + SMOKE)
    shared_page.evaluate("localStorage.setItem('k', 'v')")
    restart(shared_page)
    assert shared_page.evaluate("localStorage.getItem('k')") is None


def test_python_error_is_caught(shared_page, source_url):
    with pytest.raises(AssertionError, match="smoke page failing on purpose"):
        open_ready(shared_page, source_url + SMOKE + "?raise")
    problems = collect_errors(shared_page)  # consumed: this test does not fail for them
    assert any(p.startswith(".py-error element:") for p in problems), problems
    # PyScript logs the traceback of a failing top-level script as a console error.
    console = [p for p in problems if p.startswith("console error: PythonError")]
    assert any("RuntimeError: smoke page failing on purpose" in p for p in console), problems


def test_other_hosts_are_blocked(page):
    page.set_content('<link rel="icon" href="data:,"><p>offline</p>')
    outcome = page.evaluate("fetch('https://example.com/x').then(() => 'fetched', () => 'failed')")
    assert outcome == "failed"
    problems = collect_errors(page)
    assert "blocked request to another host: GET https://example.com/x" in problems, problems


def test_default_context_is_a_phone(page):
    page.set_content('<link rel="icon" href="data:,">')
    assert page.viewport_size == {"width": 360, "height": 640}
    assert page.evaluate(
        "[devicePixelRatio, navigator.maxTouchPoints > 0, navigator.language]"
    ) == [
        2,
        True,
        "en-US",
    ]
