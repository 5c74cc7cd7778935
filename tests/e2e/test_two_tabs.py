"""Two tabs of the game in one browser: neither corrupts the other; the last action wins and
the other tab follows it (saying so); best scores from both are kept."""

from __future__ import annotations

import json

from .harness import open_game


def _dice(page) -> list[int]:
    return page.evaluate("[...document.querySelectorAll('[data-die]')].map(d => +d.dataset.value)")


def _saved(page) -> dict:
    return json.loads(page.evaluate("localStorage['magdagdon.v1.game']"))


def test_the_other_tab_follows_the_last_action(site_url, context):
    first = open_game(context.new_page(), site_url, "?seed=21")
    second = open_game(context.new_page(), site_url)
    first.tap('[data-action="roll"]')
    # polling by timer: a page in the background gets no animation frames
    second.wait_for_function(
        "['placing', 'magdagdon'].includes(document.body.dataset.phase)", polling=100
    )
    assert _dice(second) == _dice(first)
    assert second.locator("#status").inner_text().startswith("This game was played on")
    if second.evaluate("document.body.dataset.phase") == "placing":
        second.tap('[data-cell][data-legal="true"]')
        first.wait_for_function(
            "document.querySelectorAll('[data-cell][data-state=staged]').length === 1", polling=100
        )
        staged = '[data-cell][data-state="staged"]'
        assert first.get_attribute(staged, "data-cell") == second.get_attribute(staged, "data-cell")
    assert _saved(first) == _saved(second)


def test_best_scores_of_both_tabs_are_kept(site_url, context):
    entry = {"score": 321, "date": "2026-11-28", "turns": 12, "powers": 1, "seed": 5}
    first = open_game(context.new_page(), site_url)
    second = open_game(context.new_page(), site_url)
    first.evaluate(
        "localStorage['magdagdon.v1.best.peaceful'] = "
        + json.dumps(json.dumps({"schema": 1, "entries": [entry]}))
    )
    second.tap('.top [data-action="scores"]')
    second.wait_for_selector("#dialog-scores td")
    assert "321" in second.locator("#scores-table").inner_text()
