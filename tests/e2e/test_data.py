"""Statistics and backup in the page, by taps: a played game shows in the statistics (figures
and plots, drawn on first use); a backup code made, the storage cleared, the code pasted and
restored brings the best scores and the history back; a bad code is said and changes nothing."""

from __future__ import annotations

from typing import Any

from magdagdon.game import Game

from .harness import fresh_start, shot
from .play import calm, open_seeded, play_to_end, reload, tap, wait_dialog
from .strategy import en
from .test_a11y import _axe, _describe

#: SURVIVAL 31 played to its end by taps, once for the module: the game and what it stored.
_PLAYED: dict[str, Any] = {}


def played_one(page, site_url) -> Game:
    """SURVIVAL 31 played to its end on ``page`` (the module's), its game over closed. The
    module's first test plays it by taps; the next ones start the page as a browser holding what
    that game stored would (the same history, best scores and settings: ``fresh_start``)."""
    calm(page)
    if not _PLAYED:
        game = play_to_end(page, open_seeded(page, site_url, 31, "survival"))
        _PLAYED.update(game=game, stored=page.evaluate("() => ({ ...localStorage })"))
    else:
        game = _PLAYED["game"]
        fresh_start(page, site_url, _PLAYED["stored"])
    wait_dialog(page, "over")
    tap(page, '#dialog-over [data-action="close"]')
    wait_dialog(page, None)
    return game


def open_scores(page, difficulty: str = "survival") -> None:
    tap(page, '.top [data-action="scores"]')
    wait_dialog(page, "scores")
    tap(page, f'#dialog-scores [data-action="scores-tab"][data-value="{difficulty}"]')


def open_backup(page, how: str) -> None:
    """SETTINGS, then its Back up (``export``) or Restore (``import``) button."""
    tap(page, '.top [data-action="settings"]')
    wait_dialog(page, "settings")
    tap(page, f'#dialog-settings [data-action="{how}"]')
    wait_dialog(page, "backup")


def open_stats(page) -> None:
    open_scores(page)
    tap(page, '#dialog-scores [data-action="stats"]')
    wait_dialog(page, "stats")


def test_a_played_game_shows_in_the_statistics(shared_page, site_url):
    page = shared_page
    game = played_one(page, site_url)
    open_stats(page)
    body = page.locator("#stats-body")
    names, values = body.locator("dt").all_inner_texts(), body.locator("dd").all_inner_texts()
    figures = dict(zip(names, values, strict=True))
    assert figures[en("stats.games")] == "1"
    assert figures[en("stats.best")] == f"{game.score}", figures  # one game: best = its score
    plots = body.locator("svg[role=img]")
    assert plots.count() >= 2
    labels = [plots.nth(i).get_attribute("aria-label") for i in range(plots.count())]
    assert any(str(game.score) in label for label in labels), labels
    shot(page, "phone-stats", animations="disabled")
    watch = body.locator('[data-action="watch"]')  # the last games, each to watch
    assert watch.count() == 1 and str(game.score) in watch.get_attribute("aria-label")
    tap(page, '#dialog-stats [data-action="scores-tab"][data-value="peaceful"]')
    page.wait_for_selector("#stats-body .empty-table")
    assert page.text_content("#stats-body") == en("stats.plot.empty")


def test_a_backup_code_restores_the_games_after_the_storage_is_cleared(shared_page, site_url):
    page = shared_page
    game = played_one(page, site_url)
    open_backup(page, "export")
    page.wait_for_selector("[data-backup-code]:visible")
    code = page.input_value("[data-backup-code]")
    assert code.startswith("MGD1."), code[:20]
    shot(page, "phone-backup", animations="disabled")

    page.evaluate("localStorage.clear()")
    reload(page)
    open_backup(page, "import")
    assert page.evaluate("document.activeElement.matches('[data-import-code]')")
    page.fill("[data-import-code]", "MGD1.not-a-real-code.00000000")
    tap(page, '[data-action="import-go"]')
    page.wait_for_selector('#backup-said[data-alert="true"]')
    assert page.text_content("#backup-said") == en("backup.error.damaged")

    page.fill("[data-import-code]", code)
    tap(page, '[data-action="import-go"]')
    want = en("backup.imported", count=1, refused=0)
    page.wait_for_function(
        "t => document.querySelector('#backup-said').textContent === t", arg=want
    )
    tap(page, '#dialog-backup [data-action="close"]')
    open_scores(page)
    first = page.locator("#scores-table tr").nth(1).locator("td").nth(1).inner_text()
    assert first.replace("−", "-") == str(game.score)


WATCH_BOARD_JS = """() => [...document.querySelectorAll('[data-watch-cell]')]
  .map((e) => e.dataset.state === 'ruin' ? -1 : Number(e.dataset.value))"""


def test_a_best_score_is_watched_to_its_final_board_by_taps_and_keys(shared_page, site_url):
    page = shared_page
    game = played_one(page, site_url)
    open_scores(page)
    tap(page, '#scores-table [data-action="watch"]')
    wait_dialog(page, "watch")
    assert page.evaluate(WATCH_BOARD_JS) == [0] * 16
    assert page.text_content("#watch-said") == en("replay.start")
    page.keyboard.press("ArrowRight")
    want = en("replay.roll", dice=", ".join(map(str, Game.new("survival", 31).apply("roll").dice)))
    page.wait_for_function("t => document.querySelector('#watch-said').textContent === t", arg=want)
    shot(page, "phone-watch", animations="disabled")
    found = _describe("watch", _axe(page))
    assert not found, "\n".join(found)
    tap(page, '[data-action="watch-play"]')
    page.wait_for_function(
        "() => document.querySelector('[data-action=watch-forward]').disabled", timeout=60_000
    )
    assert page.evaluate(WATCH_BOARD_JS) == list(game.board)
    assert page.text_content("#watch-score") == str(game.score)
    tap(page, '#dialog-watch [data-action="close"]')
    wait_dialog(page, None)


def test_a_downloaded_backup_file_restores_too(shared_page, site_url, tmp_path):
    page = shared_page
    played_one(page, site_url)
    open_backup(page, "export")
    with page.expect_download() as download:
        tap(page, '[data-action="download"]')
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name == "magdagdon-backup.json" and saved.read_text("utf-8").startswith("{")
    page.evaluate("localStorage.clear()")
    reload(page)
    open_backup(page, "import")
    page.set_input_files("[data-import-file]", str(saved))
    page.wait_for_function("() => document.querySelector('[data-import-code]').value.length > 0")
    tap(page, '[data-action="import-go"]')
    want = en("backup.imported", count=1, refused=0)
    page.wait_for_function(
        "t => document.querySelector('#backup-said').textContent === t", arg=want
    )
