"""Saving and resuming: a reload in every phase resumes exactly (same dice, same staged cells,
same phase: a reload never buys a new roll); seeded links; corrupted storage (garbage in every
key; valid best scores kept while a corrupted entry in the same table is dropped); storage that
refuses to write or cannot even be reached (the game plays on and says it cannot save)."""

from __future__ import annotations

import json

import pytest

from magdagdon.game import Game, Phase

from .harness import blank_slate, open_game, shot
from .play import (
    accept,
    calm,
    clear_storage,
    confirm,
    dismiss_notices,
    expect_game,
    open_seeded,
    play_to_end,
    press,
    reload,
    roll,
    ruin,
    saved_game,
    select,
    stage,
    tap,
    view,
    wait_dialog,
)
from .strategy import (
    GAME_KEY,
    SETTINGS_KEY,
    best_key,
    en,
    find_seed,
    near_end,
    plan_turn,
)


@pytest.fixture
def tab(shared_page, site_url):
    """A new tab in the module's browser context with nothing stored, for a test whose scripts
    must run before the page's own (page.add_init_script; they go with the tab): cheaper than a
    context of its own, whose caches are cold. Before and after, the module's page steps aside to
    a blank page of the site with the storage emptied (``blank_slate``); it is left blank (the
    tests on it open the game when not on the site)."""
    blank_slate(shared_page, site_url)
    page = shared_page.context.new_page()
    yield page
    page.close()
    blank_slate(shared_page, site_url)
    shared_page.goto("about:blank")
    shared_page.bring_to_front()


def resumed(page, game: Game, **kwargs) -> dict:
    """Reload the page: it must come back showing exactly ``game``."""
    reload(page)
    return expect_game(page, game, **kwargs)


def test_a_reload_resumes_every_phase(shared_page, site_url):
    page = calm(shared_page)
    seed = find_seed("peaceful", "four dice placeable")
    game = roll(page, open_seeded(page, site_url, seed, "peaceful"))

    # A power used and two dice staged, then a reload: the same dice (never a new roll), the
    # changed die, the spent use and the staged cells all come back.
    die = next(d for d in game.available if game.can_change(d, 1))
    select(page, game, die)
    press(page, "power-inc")
    game = game.apply(f"inc {die}")
    expect_game(page, game)
    plan = plan_turn(game)
    for die, cell in plan[:2]:
        game = stage(page, game, die, cell)
    v = resumed(page, game)
    assert [i for i, c in enumerate(v["cells"]) if c["state"] == "staged"] == sorted(
        c for _, c in plan[:2]
    )
    assert not v["buttons"]["confirm"]["disabled"]
    assert v["score"] == "-10"
    # The resumed turn goes on: the rest of the plan, CONFIRM; then ROLL survives a reload.
    for die, cell in plan[2:]:
        game = stage(page, game, die, cell)
    game = confirm(page, game)
    resumed(page, game)
    roll(page, game)

    # MAGDAGDON and the ruin choice survive a reload too.
    seed = find_seed("nightmare", "a magdagdon first")
    game = roll(page, open_seeded(page, site_url, seed, "nightmare"))
    assert game.phase is Phase.MAGDAGDON
    resumed(page, game)
    game = accept(page, game)
    v = resumed(page, game)
    assert all(c["legal"] for c in v["cells"]), "every empty cell offered after the reload"
    ruin(page, game, 0)


def test_a_link_resumes_its_own_game_and_asks_before_replacing_another(shared_page, site_url):
    page = calm(shared_page)
    game = roll(page, open_seeded(page, site_url, 21, "peaceful"))
    die, cell = plan_turn(game)[0]
    game = stage(page, game, die, cell)

    # The same link again: the game in progress resumes, no question asked.
    open_game(page, site_url, "?seed=21&difficulty=peaceful")
    v = expect_game(page, game)
    assert v["dialogs"] == [], v["dialogs"]

    # Another link: asked first; "keep playing" keeps the game, and a reload does not ask again.
    open_game(page, site_url, "?seed=22&difficulty=survival")
    wait_dialog(page, "confirm-url")
    assert "seed=" not in page.url
    body = page.locator("#confirm-url-body").text_content()
    assert en("difficulty.survival") in body, body
    press(page, "confirm-no", "#dialog-confirm-url")
    wait_dialog(page, None)
    expect_game(page, game)

    # Accepting starts the link's game, in the link's difficulty.
    open_game(page, site_url, "?seed=22&difficulty=survival")
    wait_dialog(page, "confirm-url")
    press(page, "confirm-yes", "#dialog-confirm-url")
    wait_dialog(page, None)
    game = Game.new("survival", 22)
    expect_game(page, game)
    settings = json.loads(page.evaluate(f"localStorage.getItem({SETTINGS_KEY!r})"))
    assert settings["difficulty"] == "survival", settings
    roll(page, game)


def test_a_bad_link_shows_notices_and_plays_a_normal_game(shared_page, site_url):
    page = calm(shared_page)
    clear_storage(page)
    open_game(page, site_url, "?seed=abc&difficulty=impossible")
    v = view(page)
    assert "seed=" not in v["url"] and "difficulty=" not in v["url"], v["url"]
    assert en("notice.bad-seed") in v["notices"][0], v["notices"]
    assert any(en("notice.bad-difficulty") in n for n in v["notices"]), v["notices"]
    assert v["phase"] == "roll"
    game = saved_game(page)
    assert game is not None and game.moves == () and game.difficulty.value == "peaceful"
    dismiss_notices(page)  # each × removes its notice
    roll(page, game)


# -- corrupted storage ---------------------------------------------------------------------------
def entry(score: int, date: str = "2026-11-01", turns: int = 9, powers: int = 0, **more) -> dict:
    return {"score": score, "date": date, "turns": turns, "powers": powers, **more}


VALID = [entry(88, "2026-10-02", 8, 1, seed=4), entry(120, "2026-11-01", 9, 0)]
CORRUPT = [
    entry("lots"),  # not a number
    entry(99_999),  # out of range
    entry(50, date="yesterday"),
    entry(40, powers=4),  # PEACEFUL has 3 powers
    entry(30, turns=0),
    "a row that is not an object",
    entry(20, board="12x4/..../..../...."),
]


def table_json(rows: list) -> str:
    return json.dumps({"schema": 1, "entries": rows})


def put(page, data: dict[str, str]) -> None:
    page.evaluate(
        "data => { localStorage.clear(); for (const [k, v] of Object.entries(data)) "
        "localStorage.setItem(k, v); }",
        data,
    )


def notices(page) -> list[str]:
    return view(page)["notices"]


def read_scores(page, difficulty: str) -> tuple[list[list[str]], str]:
    """Open BEST SCORES on ``difficulty``'s tab: its rows (header first) or its empty text."""
    if "dialog-scores" not in view(page)["dialogs"]:
        press(page, "scores", "header")
        wait_dialog(page, "scores")
    tap(page, f'#dialog-scores [data-action="scores-tab"][data-value="{difficulty}"]')
    page.wait_for_function(
        "d => document.querySelector(`#dialog-scores [data-value='${d}']`)"
        ".getAttribute('aria-selected') === 'true'",
        arg=difficulty,
    )
    return page.evaluate(
        """() => [[...document.querySelectorAll("#scores-table tr")]
                   .map((tr) => [...tr.children].map((c) => c.textContent.trim())),
                  document.querySelector("#scores-table").textContent.trim()]"""
    )


def test_garbage_in_every_key_is_survived(shared_page, site_url):
    page = calm(shared_page)
    if not page.url.startswith(site_url):
        open_game(page, site_url)
    put(
        page,
        {
            GAME_KEY: "{not json",
            SETTINGS_KEY: "garbage",
            best_key("peaceful"): table_json(VALID + CORRUPT),
            best_key("survival"): "[1, 2",
            best_key("nightmare"): json.dumps({"schema": 1, "entries": "none"}),
        },
    )
    reload(page)
    shown = notices(page)
    for code in ("dropped-game", "dropped-settings", "dropped-scores"):
        assert sum(en(f"notice.{code}") in n for n in shown) == 1, (code, shown)
    assert len(shown) == 3, shown
    shot(page, "phone-notices", animations="disabled")
    dismiss_notices(page)

    # A new PEACEFUL game (the default, the settings being garbage) that plays.
    game = saved_game(page)
    assert game is not None and game.moves == () and game.difficulty.value == "peaceful"
    expect_game(page, game)
    game = roll(page, game)
    for die, cell in plan_turn(game):
        game = stage(page, game, die, cell)
    game = confirm(page, game)

    # The valid best scores are kept, best first; the corrupted rows and tables are gone.
    rows, _ = read_scores(page, "peaceful")
    assert [r[1] for r in rows[1:]] == ["120", "88"], rows
    assert [r[3:5] for r in rows[1:]] == [["9", "0"], ["8", "1"]], rows
    shot(page, "phone-scores", animations="disabled")
    for difficulty in ("survival", "nightmare"):
        rows, text = read_scores(page, difficulty)
        assert rows == [] and text == en("scores.empty"), (difficulty, rows, text)
    press(page, "close", "#dialog-scores")
    wait_dialog(page, None)

    # A reload after all that: the damage was reported once; the game is saved again, and the
    # damaged values must not stay stored to be reported again at every visit.
    reload(page)
    expect_game(page, game)
    still = {
        key: page.evaluate("k => localStorage.getItem(k)", key)
        for key in (SETTINGS_KEY, best_key("peaceful"), best_key("survival"))
    }
    assert notices(page) == [], ("the same damage is reported again", notices(page), still)


GAME_GARBAGE = {
    "not-json": lambda good: "{not json",
    "tampered-dice": lambda good: json.dumps(
        {**json.loads(good), "state": {**json.loads(good)["state"], "dice": [6, 6, 6, 6]}}
    ),
    "bad-move": lambda good: json.dumps({**json.loads(good), "moves": ["roll", "ruin 99"]}),
    "huge": lambda good: "[" * 300_000,
}


@pytest.mark.parametrize("kind", GAME_GARBAGE)
def test_a_damaged_saved_game_is_dropped_with_a_notice(shared_page, site_url, kind):
    page = calm(shared_page)
    good = json.dumps(Game.new("survival", 31).apply("roll").to_dict())
    if not page.url.startswith(site_url):
        open_game(page, site_url)
    put(
        page,
        {
            GAME_KEY: GAME_GARBAGE[kind](good),
            SETTINGS_KEY: json.dumps({"schema": 1, "difficulty": "survival", "language": None}),
        },
    )
    reload(page)
    shown = notices(page)
    assert len(shown) == 1 and en("notice.dropped-game") in shown[0], shown
    fresh = saved_game(page)
    assert fresh is not None and fresh.moves == (), "a damaged game must not be resumed"
    assert fresh.difficulty.value == "survival", "the difficulty setting still holds"
    v = expect_game(page, fresh)
    assert v["phase"] == "roll"
    dismiss_notices(page)
    roll(page, fresh)


def test_corrupted_entries_are_dropped_and_a_new_score_ranks_among_the_valid(shared_page, site_url):
    page = calm(shared_page)
    game = near_end("peaceful", 3, turns_left=1)
    if not page.url.startswith(site_url):
        open_game(page, site_url)
    put(
        page,
        {
            GAME_KEY: json.dumps(game.to_dict()),
            best_key("peaceful"): table_json(VALID + CORRUPT),
            best_key("survival"): table_json([entry(77, "2026-09-09", 12, 1)]),
        },
    )
    reload(page)
    shown = notices(page)
    assert len(shown) == 1 and en("notice.dropped-scores") in shown[0], shown
    expect_game(page, game)
    dismiss_notices(page)
    game = play_to_end(page, game)
    wait_dialog(page, "over")
    # The table (an older release's) is cleaned of what is corrupt, and stays only read: the
    # new score is the history's.
    stored = json.loads(page.evaluate(f"localStorage.getItem({best_key('peaceful')!r})"))
    assert stored["entries"] == sorted(VALID, key=lambda e: -e["score"]), stored
    # The other table was not touched.
    survival = json.loads(page.evaluate(f"localStorage.getItem({best_key('survival')!r})"))
    assert survival["entries"] == [entry(77, "2026-09-09", 12, 1)]
    # The over dialog ranks the game among the valid scores only.
    rank = sorted([88, 120, game.score], reverse=True).index(game.score) + 1
    mine = page.evaluate(
        "() => [...document.querySelectorAll('#over-table tr.mine td')].map(c => c.textContent)"
    )
    assert mine and mine[0] == str(rank), mine
    assert page.evaluate("document.querySelectorAll('#over-table tr').length") == 4


# -- storage that cannot be used ---------------------------------------------------------------
QUOTA = """
(() => {
  const setItem = Storage.prototype.setItem;
  try {
    setItem.call(localStorage, "magdagdon.v1.best.peaceful",
                 JSON.stringify({schema: 1, entries: [
                   {score: 321, date: "2026-11-01", turns: 7, powers: 0}]}));
  } catch (e) {}
  Storage.prototype.setItem = function () {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
})();
"""
DENIED = """
Object.defineProperty(window, "localStorage", {
  configurable: true,
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});
"""


@pytest.mark.parametrize("broken", ["quota-exceeded", "access-denied"])
def test_unusable_storage_still_plays_and_says_it_cannot_save(tab, site_url, broken):
    page = calm(tab)
    page.add_init_script(QUOTA if broken == "quota-exceeded" else DENIED)
    open_game(page, site_url, "?seed=9&difficulty=peaceful")
    game = Game.new("peaceful", 9)
    v = expect_game(page, game, storage=False)
    assert [n for n in v["notices"] if en("notice.unsaved") in n], v["notices"]
    if broken == "quota-exceeded":
        assert page.evaluate(f"localStorage.getItem({GAME_KEY!r})") is None
    else:
        assert v["storage"] is False
    shot(page, f"phone-storage-{broken}", animations="disabled")
    dismiss_notices(page)
    game = play_to_end(page, game, storage=False)
    wait_dialog(page, "over")
    final = page.locator("#final-score").text_content().replace("−", "-")
    assert int(final) == game.score
    rows = page.evaluate(
        "() => [...document.querySelectorAll('#over-table tr')].map(tr => tr.className)"
    )
    if broken == "quota-exceeded":
        # The score already stored is read and shown beside the new one, never overwritten.
        assert len(rows) == 3, rows
        stored = json.loads(page.evaluate(f"localStorage.getItem({best_key('peaceful')!r})"))
        assert [e["score"] for e in stored["entries"]] == [321]
    else:
        assert len(rows) == 2, rows
    assert "mine" in rows, rows
    # The notice is said once, not after every failed write.
    assert view(page)["notices"] == [], view(page)["notices"]


#: navigator.storage as a browser that grants persistence (window.__grant) or not; the calls of
#: persist() are counted, and what was granted lasts the tab (sessionStorage).
PERSIST_JS = """
(() => {
  if (!self.StorageManager) return;  // not a secure context (about:blank)
  const granted = () => sessionStorage.persisted === "true";
  window.__persistCalls = 0;
  StorageManager.prototype.persisted = async () => granted();
  StorageManager.prototype.persist = async () => {
    window.__persistCalls += 1;
    if (window.__grant) sessionStorage.persisted = "true";
    return granted();
  };
})();
"""


@pytest.mark.parametrize("grant", [True, False], ids=["granted", "refused"])
def test_her_data_is_asked_to_be_kept_after_a_finished_game_and_settings_says_so(
    tab, site_url, grant
):
    page = tab
    page.add_init_script(PERSIST_JS + f"window.__grant = {str(grant).lower()};")
    game = open_seeded(page, site_url, 5)
    line = page.locator("#storage-state")
    may_clear = en("settings.storage.may-clear")
    assert line.text_content() == may_clear
    assert page.evaluate("window.__persistCalls") == 0  # nothing asked before a game is over
    play_to_end(page, game)
    page.wait_for_function("window.__persistCalls === 1")
    tap(page, '#dialog-over [data-action="close"]')
    press(page, "settings", ".top")
    wait_dialog(page, "settings")
    expected = en("settings.storage.kept") if grant else may_clear
    page.wait_for_function(
        "t => document.getElementById('storage-state').textContent === t", arg=expected
    )
    assert line.is_visible()
    # A visit that finds it granted says so in SETTINGS (Python's words: the page only tells
    # it what the browser promised), and asks nothing more.
    reload(page)
    wait_dialog(page, "over")
    tap(page, '#dialog-over [data-action="close"]')
    press(page, "settings", ".top")
    wait_dialog(page, "settings")
    page.wait_for_function(
        "t => document.getElementById('storage-state').textContent === t", arg=expected
    )
    assert page.evaluate("window.__persistCalls") == 0
