"""Storage fault matrix: every key the game stores × every way its value can be wrong, and
every way localStorage itself can fail.

Value faults (garbage, a wrong JSON type, an old or a future schema, missing fields, a value
of several MB) are put in one key while every other key holds something valid; storage faults
(getItem throws, setItem throws QuotaExceededError, no localStorage at all, or a getter that
throws SecurityError) are injected by an init script. In every case the page must start, play
(a turn, or to the end where the fault bites at the end: best scores, failing writes), keep
every valid value of the other keys (in localStorage and in BEST SCORES), never overwrite a
value it could not read or one of a newer schema, say once that it cannot save, and say
nothing after a reload once nothing is wrong any more.

All cases share one page (one Pyodide start per case instead of one per browser): the init
script reads which fault to inject from sessionStorage, and keeps the real Storage methods in
``window.__storageFault`` so that the test can arrange and inspect localStorage behind the
fault's back.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page

from magdagdon.game import Game
from magdagdon.records import Settings

from .harness import open_game
from .play import (
    calm,
    dismiss_notices,
    expect_frame_kept,
    expect_game,
    her_data,
    play_to_end,
    play_turn,
    press,
    reload,
    tap,
    view,
    wait_dialog,
)
from .strategy import (
    GAME_KEY,
    SETTINGS_KEY,
    best_key,
    en,
    near_end,
    next_turn,
)

FAULT_SPEC = "magdagdon-test.fault"
FAULT_JS = """
if (location.protocol.startsWith("http")) {
  (() => {
    const proto = Storage.prototype;
    const real = { get: proto.getItem, set: proto.setItem, remove: proto.removeItem,
                   clear: proto.clear, key: proto.key };
    const local = window.localStorage;
    let spec = null;
    try {
      spec = JSON.parse(real.get.call(sessionStorage, "magdagdon-test.fault"));
    } catch (e) { spec = null; }
    // The test's way to the real storage, and a log of what the fault refused.
    const state = { real, local, spec, armed: !(spec && spec.later), refused: [] };
    window.__storageFault = state;
    if (!spec) return;
    const hits = (key) => state.armed && (spec.key === "all" || spec.key === key);
    if (spec.kind === "read") {
      proto.getItem = function (key) {
        if (this === local && hits(key)) {
          state.refused.push("get " + key);
          throw new DOMException("The storage cannot be read.", "UnknownError");
        }
        return real.get.call(this, key);
      };
    } else if (spec.kind === "write") {
      proto.setItem = function (key, value) {
        if (this === local && hits(key)) {
          state.refused.push("set " + key);
          throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        }
        return real.set.call(this, key, value);
      };
    } else if (spec.kind === "undefined") {
      Object.defineProperty(window, "localStorage", { configurable: true, value: undefined });
    } else if (spec.kind === "denied") {
      Object.defineProperty(window, "localStorage", {
        configurable: true,
        get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
      });
    }
  })();
}
"""

ARRANGE_JS = """({values, fault, spec}) => {
  const t = window.__storageFault;
  t.real.clear.call(t.local);
  for (const [k, v] of Object.entries(values)) t.real.set.call(t.local, k, v);
  if (fault) t.real.set.call(sessionStorage, spec, JSON.stringify(fault));
  else t.real.remove.call(sessionStorage, spec);
}"""
STORED_JS = """() => {
  const t = window.__storageFault, out = {};
  for (let i = 0; i < t.local.length; i++) {
    const k = t.real.key.call(t.local, i);
    out[k] = t.real.get.call(t.local, k);
  }
  return out;
}"""
SCORES_JS = """() => [...document.querySelectorAll("#scores-table tr")].slice(1)
  .map((tr) => [...tr.children].map((c) => c.textContent.trim()))"""
OVER_TABLE_JS = """() => [...document.querySelectorAll("#over-table tr")].slice(1)
  .map((tr) => [...tr.children].map((c) => c.textContent.trim()))"""

DIFFICULTIES = ("peaceful", "survival", "nightmare")
KEYS = {
    "settings": SETTINGS_KEY,
    "game": GAME_KEY,
    **{f"best.{d}": best_key(d) for d in DIFFICULTIES},
}
DEFAULT_SETTINGS = Settings().to_json(guide=False)  # (cleaned: the guide left to the session)
LINK_41 = "?seed=41&difficulty=survival"
DROPPED = {"settings": "dropped-settings", "game": "dropped-game", "best": "dropped-scores"}
ENORMOUS = 3_000_000  # characters: several MB, which Chromium still stores


def entry(score: int, date: str, turns: int, powers: int, **more) -> dict:
    return {"score": score, "date": date, "turns": turns, "powers": powers, **more}


# Valid best scores, seeded in every key the case does not damage (powers within each limit).
TABLES = {
    "peaceful": [entry(901, "2026-10-02", 9, 3, seed=4), entry(-12, "2026-10-03", 16, 1)],
    "survival": [entry(777, "2026-09-09", 12, 1, seed=8), entry(650, "2026-09-10T18:05", 8, 0)],
    "nightmare": [entry(555, "2026-08-01", 11, 0, seed=123456789), entry(0, "2026-08-02", 10, 0)],
}


def table_json(rows: list, schema: int = 1) -> str:
    return json.dumps({"schema": schema, "entries": rows})


def rows_of(entries: list[dict]) -> list[tuple[int, int, int]]:
    """(score, turns, powers) of a table, best first, as BEST SCORES must list it."""
    ranked = sorted(entries, key=lambda e: (-e["score"], e["date"]))
    return [(e["score"], e["turns"], e["powers"]) for e in ranked]


def shown_rows(rows: list[list[str]]) -> list[tuple[int, int, int]]:
    def number(text: str) -> int:
        return int(text.replace("−", "-"))

    return [(number(r[1]), number(r[3]), number(r[4])) for r in rows]


# -- the damaged values ---------------------------------------------------------------------------
def good_value(kind: str, difficulty: str, game: Game) -> dict:
    """The valid JSON object each kind of key holds."""
    if kind == "settings":
        return {"schema": 1, "difficulty": difficulty, "language": None}
    if kind == "game":
        return game.to_dict()
    return {"schema": 1, "entries": TABLES[difficulty]}


def missing_fields(kind: str, good: dict) -> dict:
    if kind == "settings":
        return {"schema": 1, "language": None}  # no difficulty
    if kind == "game":
        return {k: v for k, v in good.items() if k != "state"}  # no snapshot to check it by
    # One row without its date, beside a valid row that must be kept.
    rows = good["entries"]
    return {"schema": 1, "entries": [{k: v for k, v in rows[0].items() if k != "date"}, rows[1]]}


FAULTS = {
    "garbage": lambda kind, good: "}{ not json ☃ \x00",
    "list": lambda kind, good: json.dumps([good]),
    "number": lambda kind, good: "42",
    "string": lambda kind, good: json.dumps(json.dumps(good)),
    "null": lambda kind, good: "null",
    "schema-0": lambda kind, good: json.dumps({**good, "schema": 0}),
    "schema-2": lambda kind, good: json.dumps({**good, "schema": 2, "new": {"field": [1, 2]}}),
    "missing-fields": lambda kind, good: json.dumps(missing_fields(kind, good)),
    "enormous": lambda kind, good: json.dumps({**good, "padding": "x" * ENORMOUS}),
}


# -- the shared page ------------------------------------------------------------------------------
@pytest.fixture
def fpage(shared_page: Page, site_url: str) -> Page:
    """The module's page, with the fault injector installed (once) and on the site."""
    page = calm(shared_page)
    if not getattr(page.context, "_magdagdon_faults", False):
        page.context.add_init_script(FAULT_JS)
        page.context._magdagdon_faults = True  # type: ignore[attr-defined]
        open_game(page, site_url)
    elif not page.url.startswith(site_url):
        open_game(page, site_url)
    yield page
    # Leave no fault behind for the next test (the spec lives in sessionStorage).
    page.evaluate(f"sessionStorage.removeItem({FAULT_SPEC!r})")


def arrange(
    page: Page, values: dict[str, str], fault: dict | None = None, link: str | None = None
) -> dict:
    """Replace localStorage by ``values`` (behind any fault), set the fault, reload (or open
    ``link``, a query such as ``?seed=1``): the page starts on exactly that. Returns its view."""
    page.evaluate(ARRANGE_JS, {"values": values, "fault": fault, "spec": FAULT_SPEC})
    if link is None:
        reload(page)
    else:
        open_game(page, page.url.split("?")[0].removesuffix("index.html"), link)
    return view(page)


def stored(page: Page) -> dict[str, str]:
    """Everything in localStorage, read behind any fault."""
    return page.evaluate(STORED_JS)


def refused(page: Page) -> list[str]:
    return page.evaluate("window.__storageFault.refused")


def fault_off(page: Page) -> dict:
    """Nothing wrong any more: no fault, storage as the case left it; reload."""
    page.evaluate(f"sessionStorage.removeItem({FAULT_SPEC!r})")
    reload(page)
    return view(page)


def codes(shown: list[str]) -> list[str]:
    """The notice codes behind the texts shown (``unsaved``, ``dropped-scores``, …)."""
    known = ("unsaved", "dropped-game", "dropped-settings", "dropped-scores", "newer-scores")
    found = []
    for text in shown:
        matches = [c for c in known if en(f"notice.{c}") in text]
        assert len(matches) == 1, f"an unexpected notice: {text!r}"
        found.append(matches[0])
    return sorted(found)


def close_dialogs(page: Page) -> None:
    for name in view(page)["dialogs"]:
        press(page, "close", f"#{name}")
    wait_dialog(page, None)


def best_scores(page: Page) -> dict[str, list[tuple[int, int, int]]]:
    """Every tab of the BEST SCORES dialog: (score, turns, powers) per row."""
    close_dialogs(page)
    press(page, "scores", "header")
    wait_dialog(page, "scores")
    tables = {}
    for difficulty in DIFFICULTIES:
        tap(page, f'#dialog-scores [data-action="scores-tab"][data-value="{difficulty}"]')
        page.wait_for_function(
            "d => document.querySelector(`#dialog-scores [data-value='${d}']`)"
            ".getAttribute('aria-selected') === 'true'",
            arg=difficulty,
        )
        tables[difficulty] = shown_rows(page.evaluate(SCORES_JS))
    press(page, "close", "#dialog-scores")
    wait_dialog(page, None)
    return tables


def new_entry(game: Game) -> tuple[int, int, int]:
    return (game.score, game.turn, game.powers_used)


def finish(page: Page, game: Game, **kwargs) -> Game:
    """Play ``game`` to its end by taps; the game-over dialog must open, and the coach play the
    same dice (its score is then kept: what is stored after this is the game's for good)."""
    game = play_to_end(page, game, **kwargs)
    wait_dialog(page, "over")
    page.wait_for_selector('#over-coach[data-thinking="false"]', timeout=60_000)
    final = page.locator("#final-score").text_content().replace("−", "-")
    assert int(final) == game.score
    return game


# -- value faults -------------------------------------------------------------------------------
def with_new(rows: list[tuple[int, int, int]], game: Game) -> list[tuple[int, int, int]]:
    """A table's rows with the finished ``game`` ranked in (equal scores: the older first)."""
    return sorted([*rows, new_entry(game)], key=lambda r: -r[0])


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("key", KEYS)
def test_a_damaged_value(fpage, key, fault):
    page = fpage
    kind = key.split(".")[0]
    future = fault == "schema-2"  # a newer release's value: must stay byte-identical
    # The game: for a best-scores key, one turn from the end in that table's difficulty (the
    # damaged table is met when the score is added); else a SURVIVAL game one turn in.
    difficulty = key.split(".")[1] if kind == "best" else "survival"
    game = near_end(difficulty, 5, 1) if kind == "best" else next_turn(Game.new(difficulty, 41))
    values = {
        SETTINGS_KEY: json.dumps(good_value("settings", difficulty, game)),
        GAME_KEY: json.dumps(good_value("game", difficulty, game)),
        **{best_key(d): table_json(TABLES[d]) for d in DIFFICULTIES},
    }
    damaged = FAULTS[fault](kind, good_value(kind, difficulty, game))
    values[KEYS[key]] = damaged
    # The valid rows of the damaged table that must survive (only a row lacks a field).
    kept = rows_of([TABLES[difficulty][1]]) if kind == "best" and fault == "missing-fields" else []

    # When the saved game cannot be read back to learn a random seed, ask for a known one.
    v = arrange(page, values, link=LINK_41 if kind == "game" and future else None)
    assert v["ready"]
    before = stored(page)
    for other, value in values.items():
        if other not in (KEYS[key], GAME_KEY):
            assert before[other] == value, f"{other} was rewritten at the start"
    if future:
        assert before[KEYS[key]] == damaged, f"{key}: a newer schema's value was overwritten"
    # Told once what was dropped; when the game itself cannot be saved (a newer game holds
    # its key), told that too.
    # (a newer release's best scores are kept, not damaged: they have their own words)
    told = "newer-scores" if kind == "best" and future else DROPPED[kind]
    want = {told} | ({"unsaved"} if kind == "game" and future else set())
    assert codes(v["notices"]) == sorted(want), (key, fault, v["notices"])
    dismiss_notices(page)

    # Play: a turn of the resumed (or new) game; to the end for a best-scores key.
    if kind == "game":
        if future:
            game = Game.new("survival", 41)
        else:
            game = Game.from_dict(json.loads(stored(page)[GAME_KEY]))
            assert game.moves == () and game.difficulty.value == difficulty, "new, same setting"
        expect_game(page, game, storage=not future)
        game = play_turn(page, game, storage=not future)
    elif kind == "settings":
        expect_game(page, game)
        game = play_turn(page, game)
    else:
        expect_game(page, game)
        game = finish(page, game)
        over = shown_rows(page.evaluate(OVER_TABLE_JS))
        assert over == with_new(kept, game), ("game-over table", over)
    # Nothing more to say (a newer release's table holds its key: the score is the history's,
    # stored there, so nothing is unsaved).
    assert codes(view(page)["notices"]) == [], view(page)["notices"]

    # What is stored now: valid values untouched; the damaged one cleaned, unless newer (a
    # best-scores table only read: the new score is the history's, never written into it).
    after = stored(page)
    for d in DIFFICULTIES:
        if best_key(d) != KEYS[key]:
            assert after[best_key(d)] == values[best_key(d)], f"{d}: valid best scores changed"
    if kind != "settings":
        assert after[SETTINGS_KEY] == values[SETTINGS_KEY], "valid settings changed"
    if future:
        assert after[KEYS[key]] == damaged, f"{key}: a newer schema's value was overwritten"
    elif kind == "settings":
        assert after[SETTINGS_KEY] == DEFAULT_SETTINGS, after[SETTINGS_KEY]
    elif kind == "best":
        table = json.loads(after[KEYS[key]])
        assert table["schema"] == 1, table
        assert rows_of(table["entries"]) == kept, table

    # BEST SCORES lists every valid score.
    shown = best_scores(page)
    for d in DIFFICULTIES:
        want_rows = with_new(kept, game) if best_key(d) == KEYS[key] else rows_of(TABLES[d])
        assert shown[d] == want_rows, (d, shown[d], want_rows)

    # A reload: nothing is wrong any more (a newer value may still be there): nothing said,
    # nothing rewritten, the game as it was.
    v = fault_off(page)
    if kind == "best" and future:
        assert v["notices"] == [], ("a newer release's scores told again", v["notices"])
    elif future:
        assert codes(v["notices"]) in ([], [DROPPED[kind]], sorted(want)), v["notices"]
    else:
        assert v["notices"] == [], ("told again after a reload", v["notices"])
    if kind == "game" and future:
        # That game lived in memory only (its key belongs to the newer release): a reload
        # starts afresh, and says again why.
        assert page.evaluate("document.body.dataset.phase") == "roll"
        assert page.locator('[data-cell][data-state="number"]').count() == 0
    else:
        expect_game(page, game)
    assert her_data(stored(page)) == her_data(after), "a reload with nothing wrong rewrote her data"
    expect_frame_kept(page)


# -- storage faults -------------------------------------------------------------------------------
def valid_values(game: Game | None, difficulty: str = "peaceful") -> dict[str, str]:
    """Valid settings, best scores and (unless None) a saved game."""
    values = {
        SETTINGS_KEY: json.dumps({"schema": 1, "difficulty": difficulty, "language": None}),
        **{best_key(d): table_json(TABLES[d]) for d in DIFFICULTIES},
    }
    if game is not None:  # as the game writes it, so that resuming it rewrites the same text
        values[GAME_KEY] = json.dumps(game.to_dict(), separators=(",", ":"))
    return values


def told_unsaved_once(page: Page) -> None:
    """Exactly one notice, the one that says nothing can be saved; then closed (after any
    dialog, which would hold the taps)."""
    v = view(page)
    assert codes(v["notices"]) == ["unsaved"], v["notices"]
    close_dialogs(page)
    dismiss_notices(page)


def check_stored(page: Page, values: dict[str, str], changed: dict[str, Game | None]) -> None:
    """localStorage holds ``values`` byte for byte, except the keys in ``changed``: the game
    key then holds that game; a best-scores key, its table with that finished game added."""
    now = stored(page)
    for key, value in values.items():
        if key not in changed:
            assert now.get(key) == value, f"{key} was overwritten"
    for key, game in changed.items():
        if key == GAME_KEY:
            assert Game.from_dict(json.loads(now[key])) == game, "the saved game"
        else:
            table = json.loads(now[key])["entries"]
            assert rows_of(table) == with_new(rows_of(json.loads(values[key])["entries"]), game)


def check_best_scores(page: Page, want: dict[str, list[tuple[int, int, int]]]) -> None:
    shown = best_scores(page)
    assert shown == want, ("BEST SCORES", shown, want)


def seeded_rows(*unreadable: str) -> dict[str, list[tuple[int, int, int]]]:
    return {d: [] if d in unreadable else rows_of(TABLES[d]) for d in DIFFICULTIES}


FULL_SEED = 301  # a PEACEFUL game played whole under a storage fault (it meets a MAGDAGDON)
IN_PROGRESS = next_turn(Game.new("peaceful", 77))  # a saved game a fault must not destroy


@pytest.mark.parametrize("key", ["all", *KEYS])
def test_reading_throws(fpage, key):
    """getItem throws (for every key, or for one): the page plays from memory, says once that
    it cannot save, and never writes over what it could not read."""
    page = fpage
    kind = key.split(".")[0]
    difficulty = key.split(".")[1] if kind == "best" else "peaceful"
    saved = near_end(difficulty, 5, 1) if kind == "best" else IN_PROGRESS
    values = valid_values(saved, difficulty)
    game_unreadable = key in ("all", "game")
    # An unreadable game cannot be resumed: the link's game is played instead (to the end).
    link = f"?seed={FULL_SEED}&difficulty=peaceful" if game_unreadable else None
    v = arrange(page, values, {"kind": "read", "key": "all" if key == "all" else KEYS[key]}, link)
    assert v["ready"]
    told_unsaved_once(page)
    game = Game.new("peaceful", FULL_SEED) if game_unreadable else saved
    expect_game(page, game, storage=not game_unreadable)
    if key == "all" or kind == "best":
        game = finish(page, game, storage=not game_unreadable)
        # The table could not be read: this game alone, never mixed with guesses.
        assert shown_rows(page.evaluate(OVER_TABLE_JS)) == [new_entry(game)]
    else:
        game = play_turn(page, game, storage=not game_unreadable)
    assert view(page)["notices"] == [], "told more than once"
    assert refused(page), "the fault was never met"

    # Nothing it could not read was written over; what it could read is saved as usual.
    check_stored(page, values, {} if game_unreadable else {GAME_KEY: game})
    unreadable = DIFFICULTIES if key == "all" else [difficulty] if kind == "best" else []
    want = seeded_rows(*unreadable)
    if key == "all" or kind == "best":
        want[difficulty] = [new_entry(game)]
    check_best_scores(page, want)

    # Readable again: nothing to say; everything valid is there. The new score is stored only
    # where the game's history could be written: with a best table alone unreadable, the
    # history kept the game, and the table is worked out from it again.
    after = stored(page)
    v = fault_off(page)
    assert v["notices"] == [], ("told again after a reload", v["notices"])
    expect_game(page, saved if game_unreadable else game)
    assert her_data(stored(page)) == her_data(after), "a reload with nothing wrong rewrote her data"
    expect_frame_kept(page)
    final = seeded_rows()
    if kind == "best":
        final[difficulty] = with_new(final[difficulty], game)
    check_best_scores(page, final)


@pytest.mark.parametrize("key", ["all", "all-later", *KEYS])
def test_writing_throws(fpage, key):
    """setItem throws QuotaExceededError (from the start, or from the middle of a game, for
    every key or for one): the game goes on, the player is told once — when a write first
    fails — and the stored values stay as they were."""
    page = fpage
    kind = key.split(".")[0].removesuffix("-later")
    difficulty = key.split(".")[1] if kind == "best" else "peaceful"
    if kind == "all":
        saved = Game.new("peaceful", FULL_SEED)  # a whole game, from its first ROLL
    elif kind == "best":
        saved = near_end(difficulty, 5, 1)
    else:
        saved = IN_PROGRESS
    values = valid_values(saved, difficulty)
    later = key == "all-later"
    fault = {"kind": "write", "key": "all" if kind == "all" else KEYS[key], "later": later}
    v = arrange(page, values, fault)
    assert v["ready"]
    game = saved
    # The game is saved at the start: a refused game write is said at once.
    if key in ("all", "game"):
        told_unsaved_once(page)
    else:
        assert v["notices"] == [], v["notices"]
    game_saved = key not in ("all", "game")

    if later:
        for _ in range(3):
            game = play_turn(page, game)
        last_saved = game
        page.evaluate("window.__storageFault.armed = true")  # the storage is full from now on
        game = play_turn(page, game, storage=False)
        told_unsaved_once(page)
        game = finish(page, game, storage=False)
    elif kind in ("all", "best"):
        game = finish(page, game, storage=game_saved)
        # (A best-scores table is only read, never written: nothing refused, nothing to say.)
        # The table that was read is shown with the new score (the history's).
        want = with_new(rows_of(TABLES[difficulty]), game)
        assert shown_rows(page.evaluate(OVER_TABLE_JS)) == want
    elif kind == "settings":
        close_dialogs(page)
        press(page, "settings", "header")
        wait_dialog(page, "settings")
        tap(page, '#dialog-settings [data-action="language"][data-value="en"]')
        press(page, "close", "#dialog-settings")
        wait_dialog(page, None)
        game = play_turn(page, game)
        told_unsaved_once(page)  # at the latest with the next move
    else:
        game = play_turn(page, game, storage=False)
    assert view(page)["notices"] == [], "told more than once"
    assert refused(page) != (kind == "best"), "the fault was never met (or a table written)"

    # Nothing was written where writing failed; the rest is saved as usual.
    if kind == "all":
        check_stored(page, values, {GAME_KEY: last_saved} if later else {})
    elif kind == "game":
        check_stored(page, values, {})
    else:
        check_stored(page, values, {GAME_KEY: game})
    want = seeded_rows()
    if kind in ("all", "best"):
        want[difficulty] = with_new(want[difficulty], game)  # in memory
    check_best_scores(page, want)

    # Writable again: nothing to say; the last game saved resumes. The new score is stored only
    # where the game's history could be written (a best table alone refusing writes: the
    # history kept the game, and the table is worked out from it again).
    after = stored(page)
    v = fault_off(page)
    assert v["notices"] == [], ("told again after a reload", v["notices"])
    resumed = last_saved if later else saved if not game_saved else game
    expect_game(page, resumed)
    if resumed is game:
        assert her_data(stored(page)) == her_data(after), (
            "a reload with nothing wrong rewrote her data"
        )
    expect_frame_kept(page)
    final = seeded_rows()
    if kind == "best":
        final[difficulty] = with_new(final[difficulty], game)
    check_best_scores(page, final)


@pytest.mark.parametrize("how", ["undefined", "denied"])
def test_no_local_storage(fpage, how):
    """window.localStorage undefined, or its getter throwing SecurityError: a whole game from
    memory, said once; what was stored is all there again once storage is back."""
    page = fpage
    values = valid_values(IN_PROGRESS)
    v = arrange(page, values, {"kind": how}, link=f"?seed={FULL_SEED}&difficulty=peaceful")
    assert v["ready"] and v["storage"] is False
    told_unsaved_once(page)
    game = Game.new("peaceful", FULL_SEED)
    expect_game(page, game, storage=False)
    game = finish(page, game, storage=False)
    assert shown_rows(page.evaluate(OVER_TABLE_JS)) == [new_entry(game)]
    assert view(page)["notices"] == [], "told more than once"
    check_stored(page, values, {})
    want = seeded_rows(*DIFFICULTIES)
    want["peaceful"] = [new_entry(game)]
    check_best_scores(page, want)

    v = fault_off(page)
    assert v["notices"] == [], ("told again after a reload", v["notices"])
    expect_game(page, IN_PROGRESS)
    check_stored(page, values, {})
    check_best_scores(page, seeded_rows())
