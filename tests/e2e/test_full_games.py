"""Whole seeded games played to the end by taps, one per difficulty.

Every move is the engine's choice (tests/e2e/strategy.py), but it must be offered by the page: the
die is tapped, its highlighted cells must be exactly the engine's legal cells, the cell is
tapped; after every tap the page must show the engine's game and have saved it. Each seed is
chosen so that the game meets at least one MAGDAGDON, which is accepted and ruined.
"""

from __future__ import annotations

import datetime
import json

import pytest

from magdagdon.game import Game, Phase
from magdagdon.history import History
from magdagdon.records import HISTORY_KEY, MemoryStore

from .harness import shot
from .play import (
    calm,
    expect_game,
    open_seeded,
    play_to_end,
    press,
    reload,
    view,
    wait_dialog,
)
from .strategy import (
    best_key,
    en,
    find_seed,
)

OVER_JS = """() => {
  const rows = (sel) => [...document.querySelectorAll(sel + " tr")]
    .map((tr) => ({mine: tr.classList.contains("mine"),
                   cells: [...tr.children].map((c) => c.textContent.trim())}));
  return {
    final: document.querySelector("#final-score").textContent.trim(),
    rank: document.querySelector("#over-rank").textContent.trim(),
    breakdown: rows("#over-breakdown"),
    table: rows("#over-table"),
  };
}"""

SCORES_JS = """() => ({
  tabs: [...document.querySelectorAll("#dialog-scores [data-action=scores-tab]")]
    .map((t) => [t.dataset.value, t.getAttribute("aria-selected")]),
  rows: [...document.querySelectorAll("#scores-table tr")]
    .map((tr) => [...tr.children].map((c) => c.textContent.trim())),
  empty: document.querySelector("#scores-table").textContent.trim(),
})"""


def today_candidates() -> set[str]:
    """The game writes the browser's local date; the test and the browser may straddle UTC."""
    now = datetime.datetime.now(datetime.UTC)
    return {(now + datetime.timedelta(hours=h)).date().isoformat() for h in (-14, 0, 14)}


def number(text: str) -> int:
    """A number as the page writes it: "154", "+40", "−15" (a minus sign), "0"."""
    return int(text.replace("−", "-").replace("+", ""))


def check_over_dialog(page, game: Game, rank: int) -> None:
    over = page.evaluate(OVER_JS)
    final = game.breakdown
    assert number(over["final"]) == game.score, over
    if rank == 1:
        assert over["rank"] == en("gameover.new_best"), over["rank"]
    # The breakdown: base, one row per line bonus (or "no bonus"), ruins, powers, total.
    values = [number(row["cells"][-1]) for row in over["breakdown"]]
    bonuses = [line.bonus.points for line in final.lines if line.bonus] or [0]
    want = [final.base, *bonuses, -final.ruin_penalty, -final.power_penalty, final.total]
    assert values == want, (over["breakdown"], want)
    # The best-scores table of this difficulty, with this game's row marked.
    mine = [row["cells"] for row in over["table"] if row["mine"]]
    assert len(mine) == 1, over["table"]
    assert mine[0][0] == str(rank), mine
    assert number(mine[0][1]) == game.score, mine
    assert mine[0][3:5] == [str(game.turn), str(game.powers_used)], mine


def stored_history(page) -> tuple:
    """The finished games in the page's stored history, as the game reads them."""
    text = page.evaluate(f"localStorage.getItem({HISTORY_KEY!r})")
    return History(MemoryStore({HISTORY_KEY: text})).records


@pytest.mark.parametrize(
    ("difficulty", "start"),
    [("peaceful", 1), ("survival", 200), ("nightmare", 1)],
)
def test_full_game_by_taps(shared_page, site_url, difficulty, start):
    page = calm(shared_page)
    seed = find_seed(difficulty, "a magdagdon", start)
    game = open_seeded(page, site_url, seed, difficulty)
    game = play_to_end(page, game)
    assert "accept" in game.moves, "the chosen seed should have met a MAGDAGDON"
    assert game.phase is Phase.OVER

    # Game over: the dialog opens by itself with the engine's final score, ranked first.
    wait_dialog(page, "over")
    v = view(page)
    assert v["status"] == en("status.over", score=game.score), v["status"]
    check_over_dialog(page, game, rank=1)
    shot(page, f"phone-over-{difficulty}", animations="disabled")

    # The game is stored in the history (the one truth of best scores) with its date, its turns
    # (MAGDAGDON turns included) and powers; no best-scores table is written.
    stored = stored_history(page)
    assert len(stored) == 1, stored
    entry = stored[0].entry()
    assert (entry.score, entry.turns, entry.powers) == (game.score, game.turn, 0), entry
    assert stored[0].moves == game.moves and entry.date in today_candidates(), entry
    for each in ("peaceful", "survival", "nightmare"):
        assert page.evaluate(f"localStorage.getItem({best_key(each)!r})") is None, each

    # A reload shows the finished game, the dialog and the table again: nothing is lost.
    reload(page)
    expect_game(page, game)
    wait_dialog(page, "over")
    check_over_dialog(page, game, rank=1)

    # The BEST SCORES dialog opens on this difficulty's table, which has the game.
    press(page, "close", "#dialog-over")
    wait_dialog(page, None)
    press(page, "scores", "header")
    wait_dialog(page, "scores")
    scores = page.evaluate(SCORES_JS)
    assert [v for v, selected in scores["tabs"] if selected == "true"] == [difficulty], scores
    assert len(scores["rows"]) == 2, scores  # the header and the one game
    assert scores["rows"][1][0] == "1", scores
    assert number(scores["rows"][1][1]) == game.score, scores
    assert scores["rows"][1][3:5] == [str(game.turn), "0"], scores
    press(page, "close", "#dialog-scores")
    wait_dialog(page, None)

    # "Score details" reopens the game-over dialog; its NEW GAME starts a game of the same
    # difficulty at once (nothing in progress to lose), and the best score stays.
    press(page, "details")
    wait_dialog(page, "over")
    press(page, "new-game", "#dialog-over")
    wait_dialog(page, None)
    fresh = Game.from_dict(json.loads(page.evaluate("localStorage.getItem('magdagdon.v1.game')")))
    assert fresh.difficulty.value == difficulty
    assert fresh.moves == () and fresh.phase is Phase.ROLL
    expect_game(page, fresh)
    assert stored_history(page) == stored
