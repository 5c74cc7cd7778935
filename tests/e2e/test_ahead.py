"""Work done ahead in the page's idle time (magdagdon/ahead.py, run by web/app.py): once the
game is ready, every module a first use needs is imported and the best tables' games replayed,
one small step per idle period, without a page error; what the player then opens shows the
history the storage holds (the figures of finished games stored before the visit)."""

from __future__ import annotations

from magdagdon.coach import suggest
from magdagdon.records import MemoryStore
from magdagdon.rules import Difficulty
from magdagdon.session import Session

from .harness import open_ready, seed_storage
from .play import tap, wait_dialog
from .strategy import en
from .test_data import open_stats

AHEAD_DONE = "document.body.dataset.ahead === 'done'"


def stored_games(count: int) -> tuple[dict[str, str], list[int]]:
    """A store holding ``count`` SURVIVAL games played to their end by the coach, and their
    scores."""
    store, scores = MemoryStore(), []
    for seed in range(count):
        session = Session(store, today=lambda: "2026-12-01", seed=700 + seed,
                          difficulty=Difficulty.SURVIVAL)  # fmt: skip
        while not session.game.is_over:
            for action in suggest(session.game):
                session.apply(action)
        scores.append(session.game.score)
    return store.data, scores


def test_the_work_ahead_finishes_in_idle_time_and_the_history_is_the_stored_one(
    new_context, site_url
):
    data, scores = stored_games(4)
    page = seed_storage(new_context(), data).new_page()
    open_ready(page, site_url)
    page.wait_for_function(AHEAD_DONE, timeout=30_000)
    wait_dialog(page, "over")  # (the last game stored is the one on screen, at its end)
    tap(page, '#dialog-over [data-action="close"]')
    open_stats(page)
    body = page.locator("#stats-body")
    names, values = body.locator("dt").all_inner_texts(), body.locator("dd").all_inner_texts()
    figures = dict(zip(names, values, strict=True))
    assert figures[en("stats.games")] == "4"
    assert figures[en("stats.best")] == str(max(scores))
    tap(page, '#dialog-stats [data-action="close"]')
    wait_dialog(page, None)
