"""The first frame (magdagdon/frame.py, magdagdon/ui/paint/first.py): what the next open paints
before Python starts. Its codec (every frame reads back, anything else is refused), its size,
when it holds, and the claim the page rests on: the frame made from the values stored under
FRAME_KEYS is exactly what a fresh start over the whole store draws, in every state a game
can be left in, the game-over sheet of a finished game among them."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from magdagdon.frame import (
    ELEMENTS,
    FORMAT,
    FRAME_KEY,
    FRAME_KEYS,
    MAX_FRAME,
    SHEET_KEYS,
    Frame,
    digest,
    keep,
)
from magdagdon.game import Phase
from magdagdon.i18n import Translator, pick_language
from magdagdon.records import DAILY_KEY, GAME_KEY, SETTINGS_KEY, MemoryStore
from magdagdon.rules import Difficulty
from magdagdon.session import Session
from magdagdon.store import Keeper
from magdagdon.ui import Controller, opened
from magdagdon.ui.paint import Painter, Words
from magdagdon.ui.paint.first import first_frame

from .catalogues import CATALOGS
from .controllers import finished_ui, play_to_the_end, play_turn_by_taps
from .greedy import daily_game, finished
from .sessions import TODAY, TOMORROW, YESTERDAY, FailingStore, new_session, player

PREFERRED = ["lt-LT", "en"]
WORDS = ["button.roll", "button.confirm", "label.score", "app.name"]
SHEET_WORDS = ["gameover.total", "button.share"]
LABELS = ["nav.rules", "power.inc"]


def digests_of(store: MemoryStore) -> dict[str, str]:
    return {key: digest(store.data.get(key)) for key in SHEET_KEYS}


def frame_of(store: MemoryStore, today: str = TODAY, preferred: list[str] = PREFERRED) -> Frame:
    """The frame a page over ``store`` keeps (it reads only the values under FRAME_KEYS; the
    sheet a fresh start opens, it takes from the page as it is, here a page over ``store``)."""
    page = Controller(Session(MemoryStore(dict(store.data)), today=lambda: today))
    return frame_with(store, page, today=today, preferred=preferred)


def frame_with(store: MemoryStore, page: Controller, **changed: Any) -> Frame:
    """The frame made for ``store``'s values, its sheet as ``page`` shows it, made as a page
    makes it but for what ``changed`` says."""
    made: dict[str, Any] = {
        "today": TODAY,
        "release": "r1",
        "preferred": PREFERRED,
        "catalogs": CATALOGS,
        "words": {"": WORDS, "over": SHEET_WORDS},
        "labels": {"": LABELS},
        "sheet": lambda dialog: opened(page, dialog),
        "digests": lambda: digests_of(store),
    }
    return first_frame({key: store.data.get(key) for key in FRAME_KEYS}, **(made | changed))


def fresh_start(store: MemoryStore, today: str = TODAY, preferred: list[str] = PREFERRED) -> Any:
    """What a page opened over the whole ``store`` draws first (as web/app.py starts): its
    painter, once it drew the first view."""
    copy = MemoryStore(dict(store.data))  # (a start writes; the store stays as the frame saw it)
    session = Session(copy, today=lambda: today, languages=tuple(CATALOGS))
    ui = Controller(session)
    tr = Translator(CATALOGS, pick_language(session.settings.language, preferred))
    painter = Painter(Words(tr, preferred))
    painter.draw(ui.view())
    return painter


def assert_painted_as_started(store: MemoryStore) -> Frame:
    frame = frame_of(store)
    start = fresh_start(store)
    assert frame.screen_on(TODAY) == start.screen()
    assert frame.screen == start.screen(sheet=False)
    tr = start.words.tr
    assert frame.lang == tr.language and frame.title == tr.t("app.title") != "app.title"
    words = [*WORDS, *SHEET_WORDS] if start.open == "over" else WORDS
    assert frame.texts == {key: tr.t(key) for key in words}
    assert frame.labels == {key: tr.t(key) for key in LABELS}
    assert Frame.parse(frame.to_json()) == frame
    return frame


# -- what a fresh start draws, in every state a game is left in ---------------------------------
def rolled() -> Controller:
    ui = Controller(new_session(seed=5))
    ui.press("roll")
    return ui


def staged() -> Controller:
    ui = rolled()
    ui.tap_cell(ui.highlighted()[0])
    return ui


def magdagdon() -> Controller:
    for seed in range(1, 400):
        ui = Controller(new_session(seed=seed, difficulty=Difficulty.NIGHTMARE))
        while not ui.game.is_over:
            ui.press("roll")
            if ui.game.phase is Phase.MAGDAGDON:
                return ui
            play_turn_by_taps(ui)
    raise AssertionError("no MAGDAGDON in 400 games")


def powered() -> Controller:
    ui = rolled()
    die = ui.game.available[0]
    ui.tap_die(die)
    ui.press("power-inc" if ui.game.dice[die] < 6 else "power-dec")
    assert ui.game.powers_left == 2
    return ui


def daily() -> Controller:
    ui = Controller(new_session())
    ui.press("daily")
    ui.press("roll")
    return ui


def drilling() -> Controller:
    """A practice position on screen (kept nowhere), in front of her game mid-turn."""
    ui = staged()
    ui.session.practise(finished(Difficulty.PEACEFUL, 3))
    assert ui.session.drilling
    return ui


def over() -> Controller:
    return finished_ui(seed=3)


def in_lithuanian() -> Controller:
    ui = staged()
    ui.press("language", "lt")
    return ui


def newcomer() -> Controller:
    """The first game, its guide on screen."""
    store = MemoryStore()
    ui = Controller(Session(store, today=lambda: TODAY))
    ui.press("roll")
    return ui


STATES = [rolled, staged, magdagdon, powered, daily, drilling, over, in_lithuanian, newcomer]


@pytest.mark.parametrize("made", STATES, ids=lambda f: f.__name__)
def test_the_frame_is_what_a_fresh_start_draws(made):
    ui = made()
    store = ui.session.records.store
    assert_painted_as_started(store)
    # Her finished games, best scores and the rest stored too: the frame never reads them.
    others = player([(Difficulty.NIGHTMARE, 1), (Difficulty.PEACEFUL, 2)]).session.records.store
    store.data.update({k: v for k, v in others.data.items() if k not in FRAME_KEYS})
    frame = assert_painted_as_started(store)
    shown = ui.session.slots.behind if ui.session.drilling else ui.session.slots.front
    assert frame.screen["body"]["data-phase"] == shown.game.phase.value


def test_the_frame_of_a_game_at_rest_is_the_board_the_tab_shows():
    ui = staged()  # (the chosen die: the first available, as a fresh start chooses it)
    painter = Painter(Words(Translator(CATALOGS, "en"), ["en"]))
    painter.draw(ui.view())
    assert frame_of(ui.session.records.store, preferred=["en"]).screen == painter.screen()


def test_a_practice_position_is_never_the_frame_her_game_behind_it_is():
    ui = drilling()
    frame = frame_of(ui.session.records.store)
    ui.session.end_practice()
    painter = Painter(Words(Translator(CATALOGS, "lt"), PREFERRED))
    painter.draw(ui.view())
    assert frame.screen == painter.screen()
    assert frame.screen["body"]["data-drill"] is None


def test_the_frame_shows_the_board_as_it_stands():
    ui = staged()
    cell = next(c for _, c in ui.game.placements)
    frame = frame_of(ui.session.records.store)
    assert frame.screen[f"cell:{cell}"]["data-state"] == "staged"
    assert frame.screen["button:confirm"]["hidden"] is False
    assert frame.screen["button:roll"]["hidden"] is True
    assert frame.lang == "lt" and frame.texts["button.roll"] == CATALOGS["lt"]["button.roll"]
    assert frame.keys == {key: ui.session.records.store.data.get(key) for key in FRAME_KEYS}
    assert frame.languages == "lt-LT,en" and frame.day == TODAY and frame.release == "r1"


@settings(max_examples=25, deadline=None)
@given(taps=st.lists(st.tuples(st.sampled_from(["cell", "die", "press"]), st.integers(0, 15))))
def test_after_any_taps_the_frame_is_what_a_fresh_start_draws(taps):
    ui = Controller(new_session(seed=11))
    actions = ["roll", "confirm", "undo", "power-inc", "power-dec", "power-reroll", "cancel"]
    for kind, n in taps:
        if kind == "cell":
            ui.tap_cell(n)
        elif kind == "die":
            ui.tap_die(n % 4)
        else:
            ui.press(actions[n % len(actions)])
    assert_painted_as_started(ui.session.records.store)


# -- when it holds -----------------------------------------------------------------------------
def test_the_frame_holds_only_for_the_values_day_release_and_languages_it_was_made_for():
    store = staged().session.records.store
    frame = frame_of(store)
    stored = {key: store.data.get(key) for key in FRAME_KEYS}
    now = {"day": TODAY, "release": "r1", "languages": "lt-LT,en"}
    assert frame.holds(stored, **now)
    for key in FRAME_KEYS:
        assert not frame.holds({**stored, key: (stored[key] or "") + " "}, **now), key
        assert not frame.holds({**stored, key: None}, **now) or stored[key] is None
    for name, other in (
        ("day", YESTERDAY),
        ("release", "r2"),
        ("languages", "en"),
        ("release", None),
    ):
        assert not frame.holds(stored, **{**now, name: other}), name
    assert frame.holds(stored, **{**now, "day": TOMORROW})  # (a later day: its later writes)


def finished_daily() -> Controller:
    ui = Controller(new_session())
    ui.press("daily")
    play_to_the_end(ui)
    return ui


@pytest.mark.parametrize("made", [staged, daily, finished_daily, over], ids=lambda f: f.__name__)
def test_on_every_later_day_the_frame_is_what_a_fresh_start_draws_then(made):
    # (a finished game's sheet is painted on the frame's day only: on a later one, the board
    # alone, as before Python opens the sheet over it)
    store = made().session.records.store
    frame = frame_of(store)
    for later in ("2026-12-02", "2026-12-03", "2027-01-10"):
        start = fresh_start(store, today=later)
        assert frame.screen_on(later) == start.screen(sheet=False), later
        assert "dialog:over" not in frame.screen_on(later)
    assert frame.screen_on(TODAY, sheet=False) == frame.screen


@pytest.mark.parametrize("made", [finished_daily, over], ids=lambda f: f.__name__)
def test_a_frame_holding_the_game_over_sheet_is_made_again_on_a_later_day(made):
    # (a later day may change what the sheet says: its streak, the reminder to back up)
    store = made().session.records.store
    frame = frame_of(store)
    stored = {key: store.data.get(key) for key in FRAME_KEYS}
    now = {"release": "r1", "languages": "lt-LT,en", "digests": digests_of(store)}
    assert frame.sheet["dialog:over"] == {"open": True}
    assert set(frame.digests) == set(SHEET_KEYS) and frame.holds(stored, day=TODAY, **now)
    for later in ("2026-12-02", "2027-01-10"):
        assert not frame.holds(stored, day=later, **now), later
    # her history, practice record or backups changed since (another tab): made again too
    for key in SHEET_KEYS:
        changed = {**now, "digests": {**now["digests"], key: digest("changed")}}
        assert not frame.holds(stored, day=TODAY, **changed), key
        assert not frame.sheet_holds(changed["digests"])
    assert frame.sheet_holds(now["digests"])


def test_the_game_over_sheet_in_the_frame_is_the_page_s_own():
    ui = over()
    ui.press("close")  # (closed on the page: a fresh start opens it again, as the frame shows)
    store = ui.session.records.store
    frame = frame_of(store)
    page = Controller(Session(MemoryStore(dict(store.data)), today=lambda: TODAY))
    painter = Painter(Words(Translator(CATALOGS, "lt"), PREFERRED))
    painter.draw(page.view())
    assert page.dialog == "over" and frame.sheet == painter.screen(board=False)
    assert frame.sheet["id:final-score"]["text"] == str(ui.game.score)
    assert frame.sheet["id:over-table"]["children"][0][0] == "table"
    assert frame.texts["gameover.total"] == CATALOGS["lt"]["gameover.total"]
    # a page showing another game gives no sheet: the board alone (Python opens the sheet)
    other = Controller(new_session(seed=9))
    alone = frame_with(store, other)
    assert alone.sheet == {} and alone.digests == {} and alone.screen == frame.screen
    assert "gameover.total" not in alone.texts
    # without the digests of what a sheet shows, no sheet either, nor its words and labels
    labels = {"": LABELS, "over": ["button.share"]}
    unsummed = frame_with(store, page, labels=labels, digests=None)
    assert (unsummed.sheet, unsummed.digests, unsummed.screen) == ({}, {}, frame.screen)
    assert set(unsummed.texts) == set(WORDS) and set(unsummed.labels) == set(LABELS)
    labelled = frame_with(store, page, labels=labels, words={"": WORDS})
    assert labelled.labels == {k: CATALOGS["lt"][k] for k in [*LABELS, "button.share"]}


def test_a_new_day_draws_the_daily_mark_anew():
    frame = frame_of(finished_daily().session.records.store)
    assert frame.screen["daily"]["data-waiting"] == "false"  # (today's daily done)
    assert frame.later["daily"]["data-waiting"] == "true"  # (tomorrow's waits)
    assert frame.screen_on(TOMORROW)["daily"]["data-waiting"] == "true"
    # (only what changes: the mark and the words that say it, nothing the day leaves as it is)
    waits = CATALOGS["lt"]["nav.daily.waiting"]
    assert frame.later == {"daily": {"data-waiting": "true", "aria-label": waits}}
    assert frame_of(staged().session.records.store).later == {}


# -- the codec -----------------------------------------------------------------------------------
ELEMENT_NAMES = st.one_of(
    st.sampled_from([k for k, v in ELEMENTS.items() if "%" not in v]),
    st.builds(
        lambda kind, which: f"{kind}:{which}",
        st.sampled_from([k for k, v in ELEMENTS.items() if "%" in v]),
        st.from_regex(r"[a-z0-9]{1,6}(-[a-z0-9]{1,4})?", fullmatch=True),
    ),
)
WRITES = st.dictionaries(
    st.one_of(
        st.sampled_from(["text", "hidden", "disabled", "title"]),
        st.from_regex(r"(data|aria)-[a-z]{1,8}(-[a-z]{1,5})?", fullmatch=True),
    ),
    st.one_of(st.none(), st.booleans(), st.integers(-(2**40), 2**40), st.text(max_size=30)),
    max_size=6,
)
TOKENS = st.one_of(
    st.fixed_dictionaries(
        {
            "date": st.dates().map(lambda d: d.isoformat()),
            "style": st.sampled_from(["short", "medium", "long", "full"]),
            "locale": st.sampled_from(["en", "en-GB", "lt-LT", "ca-ES-valencia", "ta"]),
        }
    ),
    st.fixed_dictionaries(
        {"decimal": st.floats(-1e6, 1e6) | st.integers(-99, 99), "locale": st.just("lt")}
    ),
    st.fixed_dictionaries({"percent": st.floats(0, 1), "locale": st.just("en-GB")}),
)
SAID = st.one_of(st.text(max_size=20), st.lists(st.text(max_size=8) | TOKENS, max_size=4))
NODES = st.recursive(
    st.just([]),
    lambda inner: st.lists(
        st.tuples(
            st.sampled_from(["p", "tr", "td", "th", "table", "button", "span"]),
            SAID,
            st.dictionaries(
                st.sampled_from(["class", "type", "data-action", "aria-label", "title"]),
                st.text(max_size=10),
                max_size=3,
            ),
            inner,
        ).map(list),
        max_size=3,
    ),
    max_leaves=8,
)
SHEETS = st.dictionaries(
    st.sampled_from(["id:over-table", "id:over-title", "dialog:over", "in:over.share"]),
    st.fixed_dictionaries({"children": NODES, "text": SAID, "open": st.booleans()}),
    max_size=4,
)
WORD_MAPS = st.dictionaries(
    st.from_regex(r"[a-z0-9_.-]{1,20}", fullmatch=True), st.text(max_size=20)
)
FRAMES = st.builds(
    Frame,
    release=st.one_of(st.none(), st.text(max_size=20)),
    day=st.text(max_size=12),
    languages=st.text(max_size=30),
    keys=st.fixed_dictionaries(
        {key: st.one_of(st.none(), st.text(max_size=60)) for key in FRAME_KEYS}
    ),
    lang=st.text(max_size=4),
    title=st.text(max_size=20),
    texts=WORD_MAPS,
    labels=WORD_MAPS,
    screen=st.dictionaries(ELEMENT_NAMES, WRITES, max_size=8),
    later=st.dictionaries(ELEMENT_NAMES, WRITES, max_size=3),
).flatmap(
    lambda frame: SHEETS.map(
        lambda sheet: Frame(
            **{
                **frame.__dict__,
                "sheet": sheet,
                "digests": {key: digest(key) for key in SHEET_KEYS} if sheet else {},
            }
        )
    )
)


@settings(max_examples=200, deadline=None)
@given(frame=FRAMES)
def test_every_frame_reads_back_as_it_was_written(frame):
    assert Frame.parse(frame.to_json()) == frame


def good() -> dict[str, Any]:
    return json.loads(frame_of(staged().session.records.store).to_json())


def nested(depth: int) -> list[Any]:
    """Elements ``depth`` deep, a paragraph in each."""
    nodes: list[Any] = []
    for _ in range(depth):
        nodes = [["p", "", {}, nodes]]
    return nodes


def test_elements_as_deep_as_a_painter_builds_them_are_read():
    data = good()
    data["screen"] = {
        "id:t": {"children": nested(8), "text": ["x", {"decimal": 2, "locale": "lt"}]}
    }
    frame = Frame.parse(json.dumps(data))
    assert frame is not None and frame.screen["id:t"]["children"] == nested(8)


def with_screen(writes: dict[str, Any]) -> dict[str, Any]:
    data = good()
    data["screen"] = writes
    return data


HOSTILE = {
    "a handler": with_screen({"cell:5": {"onclick": "alert(1)"}}),
    "a style": with_screen({"cell:5": {"style": "display:none"}}),
    "an address": with_screen({"body": {"src": "x"}}),
    "another kind of element": with_screen({"script": {"text": "alert(1)"}}),
    "a selector slipped in a name": with_screen({'cell:5"],script,[x="': {"text": "x"}}),
    "an upper-case attribute": with_screen({"cell:5": {"ONCLICK": "x"}}),
    "a list for a value": with_screen({"cell:5": {"data-value": [1]}}),
    "an object for a value": with_screen({"cell:5": {"data-value": {"a": 1}}}),
    "a fraction for a value": with_screen({"cell:5": {"data-value": 1.5}}),
    "writes that are not an object": with_screen({"cell:5": "text"}),
    "a screen that is a list": {**good(), "screen": []},
    "a later write of a handler": {**good(), "later": {"cell:1": {"onclick": "x"}}},
    "no later writes": {k: v for k, v in good().items() if k != "later"},
    "another format": {**good(), "format": FORMAT + 1},
    "an older format": {**good(), "format": FORMAT - 1},
    "no format": {k: v for k, v in good().items() if k != "format"},
    "a key missing": {**good(), "keys": {GAME_KEY: None, SETTINGS_KEY: None}},
    "a key more": {**good(), "keys": {**good()["keys"], "magdagdon.v1.history": "[]"}},
    "a day that is a number": {**good(), "day": 20261205},
    "a word key with a space": {**good(), "texts": {"button roll": "x"}},
    "a word that is not text": {**good(), "labels": {"nav.rules": None}},
    "a field missing": {k: v for k, v in good().items() if k != "screen"},
    "no sheet": {k: v for k, v in good().items() if k != "sheet"},
    "a sheet without digests": {**good(), "sheet": {"dialog:over": {"open": True}}},
    "digests without a sheet": {**good(), "digests": {key: "1" for key in SHEET_KEYS}},
    "a digest of another key": {
        **good(),
        "sheet": {"dialog:over": {"open": True}},
        "digests": {**{key: "1" for key in SHEET_KEYS[1:]}, "magdagdon.v1.game": "1"},
    },
    "a script built": with_screen({"id:over-table": {"children": [["script", "x", {}, []]]}}),
    "a plot built (markup)": with_screen(
        {"id:over-table": {"children": [["svg", "<g/>", {}, []]]}}
    ),
    "a built handler": with_screen(
        {"id:over-table": {"children": [["p", "", {"onclick": "alert(1)"}, []]]}}
    ),
    "a built address": with_screen({"id:over-table": {"children": [["p", "", {"href": "x"}, []]]}}),
    "a built element of three parts": with_screen({"id:over-table": {"children": [["p", "", {}]]}}),
    "a built attribute not text": with_screen(
        {"id:over-table": {"children": [["p", "", {"class": 1}, []]]}}
    ),
    "children that are text": with_screen({"id:over-table": {"children": "<p>x</p>"}}),
    "children too deep": with_screen({"id:t": {"children": nested(10)}}),
    "a token with a script for a locale": with_screen(
        {"id:x": {"text": [{"date": "2026-12-06", "style": "short", "locale": 'en"><x'}]}}
    ),
    "a token of another kind": with_screen({"id:x": {"text": [{"currency": 2, "locale": "en"}]}}),
    "a date that is no date": with_screen(
        {"id:x": {"text": [{"date": "tomorrow", "style": "short", "locale": "en"}]}}
    ),
    "a date style Intl does not take": with_screen(
        {"id:x": {"text": [{"date": "2026-12-06", "style": "huge", "locale": "en"}]}}
    ),
    "a figure that is a flag": with_screen({"id:x": {"text": [{"decimal": True, "locale": "en"}]}}),
    "a piece that is a number": with_screen({"id:x": {"text": ["a", 1]}}),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_or_damaged_frame_is_refused(name):
    assert Frame.parse(json.dumps(HOSTILE[name])) is None


@pytest.mark.parametrize(
    "text", [None, "", "{", "[]", "null", "1", '"frame"', "[" * 5000 + "]" * 5000]
)
def test_what_is_not_a_frame_is_refused(text):
    assert Frame.parse(text) is None


@settings(max_examples=200, deadline=None)
@given(
    data=st.recursive(
        st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text()),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
        max_leaves=20,
    )
)
def test_parsing_anything_never_raises(data):
    text = json.dumps(data)
    Frame.parse(text)
    if isinstance(data, dict):
        Frame.parse(json.dumps({**good(), **data}))


def test_a_frame_is_a_few_kilobytes_and_a_longer_one_is_not_read():
    ui = finished_ui(seed=3, difficulty=Difficulty.PEACEFUL)
    ui.press("language", "ta")  # (the longest words)
    store = ui.session.records.store
    ui.session.start_daily(TODAY)
    for move in daily_game(TODAY).moves[:20]:
        ui.session.apply(move)
    text = frame_of(store).to_json()
    assert len(text) < MAX_FRAME / 4, len(text)
    padded = text[:-1] + " " * (MAX_FRAME - len(text)) + "}"
    assert len(padded) == MAX_FRAME and Frame.parse(padded) == Frame.parse(text)
    assert Frame.parse(padded[:-1] + " }") is None  # one character over


def test_keeping_a_frame_writes_it_and_a_full_store_loses_nothing():
    store = staged().session.records.store
    frame = frame_of(store)
    keep(Keeper(store), frame)
    assert Frame.parse(store.data[FRAME_KEY]) == frame
    full = FailingStore(dict(store.data), fail_set=True)
    keeper = Keeper(full)
    keep(keeper, frame)  # (a cache: refused quietly, nothing else touched)
    assert not keeper.unsaved and full.data == store.data
    kept = Keeper(store)
    kept.keep(FRAME_KEY)
    keep(kept, Frame(**{**frame.__dict__, "day": YESTERDAY}))
    assert Frame.parse(store.data[FRAME_KEY]) == frame


def test_the_frame_is_never_one_of_the_values_it_is_made_from():
    assert FRAME_KEY not in FRAME_KEYS and set(FRAME_KEYS) == {SETTINGS_KEY, GAME_KEY, DAILY_KEY}
