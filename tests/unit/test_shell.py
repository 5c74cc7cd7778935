"""The shell (magdagdon/ui/shell/): what the page does for each event, decided in CPython. The
decisions the browser layer made before (kept taps, the arrow keys' focus, which stored key goes
where, what a redraw sets going, the jobs of each effect, SHARE's text and picture, the frame
kept when the page is hidden) are held here at the level where they now live."""

from __future__ import annotations

import json
from collections.abc import Iterable

import pytest

from magdagdon.frame import FRAME_KEY, FRAME_KEYS, SHEET_KEYS, Frame, digest
from magdagdon.game import Game
from magdagdon.records import GAME_KEY, SETTINGS_KEY, MemoryStore
from magdagdon.rules import Difficulty
from magdagdon.session import Session
from magdagdon.store import StoreError
from magdagdon.ui.commands import (
    Announce,
    Apply,
    Call,
    Copy,
    Dismiss,
    Download,
    Feel,
    Focus,
    Log,
    Notice,
    Picture,
    Relabel,
    Share,
    Steps,
)
from magdagdon.ui.paint import Token
from magdagdon.ui.shell import Shell

from .catalogues import CATALOGS
from .greedy import finished
from .sessions import TODAY

KEYS = ({"": ["button.roll"], "over": ["gameover.total"], "*": ["button.roll", "app.title"]}, {})


def shell_over(store: MemoryStore | None = None, **made: object) -> Shell:
    defaults: dict[str, object] = {
        "today": lambda: TODAY,
        "catalogs": dict(CATALOGS),
        "preferred": ["en-GB", "en"],
        "keys": KEYS,
        "page": "https://example.test/game/",
        "release": "r1",
    }
    return Shell(MemoryStore() if store is None else store, **{**defaults, **made})  # type: ignore[arg-type]


def of(kind: type, commands: Iterable[object]) -> list:
    return [c for c in commands if isinstance(c, kind)]


def writes(commands: Iterable[object]) -> dict[tuple[str, str], object]:
    return {(e, w): v for c in of(Apply, commands) for e, w, v in c.writes}


def named(commands: Iterable[object], name: str) -> Steps:
    (found,) = [c for c in of(Steps, commands) if c.name == name]
    return found


def run(steps: Steps) -> list[object]:
    """Steps run to their end as the page runs them (a redraw at each "redraw" mark)."""
    for _ in steps.steps:
        pass
    return steps.then() if steps.then else []


def finish(shell: Shell, difficulty: Difficulty, seed: int) -> None:
    """A game of ``difficulty`` dealt by ``seed`` played to its end on the shell's session."""
    shell.session.new_game(difficulty, seed)
    for move in finished(difficulty, seed).moves:
        shell.session.apply(move)
    shell.refresh()


def framed_over(store: MemoryStore) -> str:
    """The first frame kept (its record) for a finished game in ``store``: its sheet open."""
    page = shell_over(store)
    started(page)
    finish(page, Difficulty.SURVIVAL, 4)
    list(page._frame_steps())
    return store.data[FRAME_KEY]


def started(shell: Shell) -> list[object]:
    commands = shell.start()
    assert of(Relabel, commands) and of(Apply, commands)
    return commands


def rolled_shell() -> Shell:
    shell = shell_over()
    started(shell)
    shell.tap({"action": "roll"}, None)
    return shell


# -- a start ------------------------------------------------------------------------------------
def test_a_start_draws_says_its_words_and_sets_the_work_ahead_going():
    shell = shell_over()
    commands = started(shell)
    relabel = of(Relabel, commands)[0]
    assert relabel.lang == "en" and relabel.texts["button.roll"] == CATALOGS["en"]["button.roll"]
    assert relabel.title == CATALOGS["en"]["app.title"]
    assert writes(commands)[("button:roll", "hidden")] is False
    names = [s.name for s in of(Steps, commands)]
    assert names == ["frame", "ahead"]
    ahead = of(Steps, commands)[1]
    assert ahead.pace == "idle-each" and writes(run(ahead))[("body", "data-ahead")] == "done"


def test_a_missing_catalogue_is_said_once_and_english_stands_in():
    shell = shell_over(catalogs={"en": CATALOGS["en"]}, read=lambda language: None)
    shell.session.change_settings(language="lt")
    store = shell.session.records.store
    shell = shell_over(store, catalogs={"en": CATALOGS["en"]}, read=lambda _: None)
    notices = of(Notice, started(shell))
    assert [n.node.children[0].text for n in notices] == [CATALOGS["en"]["notice.catalog"]]
    assert shell.painter.words.s("button.roll") == CATALOGS["en"]["button.roll"]  # (English)


def test_the_language_tapped_relabels_the_page_and_redraws_in_it():
    shell = shell_over()
    started(shell)
    commands = shell.tap({"action": "language", "value": "lt"}, None)
    assert of(Relabel, commands)[0].lang == "lt"
    chip = CATALOGS["lt"][f"difficulty.{shell.ui.game.difficulty.value}"]
    assert writes(commands)[("chip", "text")] == chip


# -- taps kept while Python started -------------------------------------------------------------
def test_taps_kept_on_a_frame_that_holds_are_carried_out_in_order():
    store = MemoryStore()
    page = shell_over(store)
    started(page)
    page.tap({"action": "roll"}, None)
    list(page._frame_steps())  # (kept when idle)
    painted = store.data[FRAME_KEY]
    game = page.ui.game
    die, cells = next(iter(game.legal.items()))
    reopened = shell_over(store)
    reopened.start([{"die": str(die)}, {"cell": str(cells[0])}], painted, False)
    assert dict(reopened.ui.game.placements) == {die: cells[0]}


def test_taps_kept_on_a_frame_that_no_longer_holds_are_dropped_with_a_word():
    store = MemoryStore()
    page = shell_over(store)
    started(page)
    page.tap({"action": "roll"}, None)
    list(page._frame_steps())
    painted = store.data[FRAME_KEY]
    die = next(iter(page.ui.game.legal))
    page.tap({"die": str(die)}, None)  # (another tab moved on meanwhile)
    page.tap({"cell": str(page.ui.game.legal[die][0])}, None)
    reopened = shell_over(store)
    commands = reopened.start([{"action": "undo"}], painted, False)
    assert writes(commands)[("status-main", "text")] == CATALOGS["en"]["status.dropped"]
    assert reopened.ui.game == page.ui.game


def test_the_sheet_of_the_frame_is_compared_only_where_it_was_painted():
    store = MemoryStore()
    painted = framed_over(store)
    frame = Frame.parse(painted)
    assert frame is not None and frame.sheet["dialog:over"] == {"open": True}
    reopened = shell_over(store)
    started(reopened)
    assert reopened._holds(painted, True) and reopened._holds(painted, False)
    reopened.tap({"action": "close"}, None)  # (the sheet closed: the board alone still holds)
    assert not reopened._holds(painted, True) and reopened._holds(painted, False)


# -- keys -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("key", "cell", "to"),
    [("ArrowRight", "3", 0), ("ArrowLeft", "0", 3), ("ArrowDown", "13", 1), ("ArrowUp", "1", 13)],
)
def test_the_arrow_keys_move_the_focus_round_the_board(key, cell, to):
    shell = shell_over()
    started(shell)
    assert shell.key(key, cell) == (True, [Focus(f"cell:{to}")])


def test_a_key_that_plays_brings_the_focus_to_the_board_unless_it_is_there():
    shell = shell_over()
    started(shell)
    handled, commands = shell.key("r")
    assert handled and of(Focus, commands) == [Focus(f"cell:{shell.ui.highlighted()[0]}")]
    handled, commands = shell.key("1", cell="5")
    assert handled and not of(Focus, commands)
    assert shell.key("Enter") == (False, [])  # (buttons answer it)
    assert shell.key("F5")[0] is False


# -- another tab, the page hidden, a dialog closed ------------------------------------------------
def test_another_tabs_writes_are_followed_but_the_frame_and_strangers_are_not():
    store = MemoryStore()
    shell = shell_over(store)
    started(shell)
    assert shell.storage(FRAME_KEY) == [] and shell.storage("other.app") == []
    other = Session(store, today=lambda: TODAY, languages=tuple(CATALOGS))
    other.apply("roll")
    commands = shell.storage(GAME_KEY)
    assert shell.ui.game == other.game
    assert writes(commands)[("body", "data-phase")] == other.game.phase.value


def test_a_page_hidden_keeps_the_frame_due_at_once_and_sound_sleeps():
    store = MemoryStore()
    shell = shell_over(store)
    started(shell)
    assert FRAME_KEY not in store.data
    commands = shell.hidden(True)
    assert Frame.parse(store.data[FRAME_KEY]) is not None
    assert commands == [Feel(suspend=True)]
    assert shell.hidden(False) == [Feel(resume=True)]


def test_a_dialog_closed_by_the_browser_is_closed_once():
    shell = shell_over()
    started(shell)
    shell.tap({"action": "rules"}, None)
    assert shell.ui.dialog == "rules"
    assert shell.closed("settings") == []  # (a late event for another)
    commands = shell.closed("rules")
    assert shell.ui.dialog is None and writes(commands).get(("dialog:rules", "open")) is None
    assert shell.closed("rules") == []


def test_a_notices_close_button_dismisses_it():
    shell = shell_over()
    started(shell)
    assert shell.tap({"action": "dismiss"}, None) == [Dismiss()]


# -- what the effects set going ----------------------------------------------------------------
def test_hint_runs_the_coach_in_steps_letting_taps_in_before_it_lands():
    shell = rolled_shell()
    commands = shell.tap({"action": "hint"}, None)
    think = named(commands, "hint")
    assert (think.name, think.at_mark, think.delay) == ("hint", "taps", 0.05)
    landed = run(think)
    assert shell.ui.hint is not None
    assert of(Announce, landed) and writes(landed)


def test_a_review_redraws_at_each_decision_priced():
    shell = shell_over()
    started(shell)
    finish(shell, Difficulty.PEACEFUL, 2)
    commands = shell.tap({"action": "review", "value": "over"}, None)
    review = next(s for s in of(Steps, commands) if s.name == "review")
    assert review.at_mark == "redraw" and review.failed is not None
    run(review)
    assert shell.ui.view().shows.summary is not None


def test_a_watched_game_plays_on_until_paused():
    shell = shell_over()
    started(shell)
    finish(shell, Difficulty.PEACEFUL, 2)
    shell.tap({"action": "watch", "value": "game:1"}, None)
    assert shell.ui.dialog == "watch"
    commands = shell.tap({"action": "watch-play"}, None)
    step = named(commands, "watch")
    assert step.delay == pytest.approx(0.7)
    at = shell.ui.watch.at
    following = run(step)
    assert shell.ui.watch.at == at + 1
    shell.tap({"action": "watch-play"}, None)  # paused: the run under way stops
    assert run(named(following, "watch")) == []


def test_the_backups_gestures_copy_or_save_within_her_tap():
    shell = shell_over()
    started(shell)
    shell.tap({"action": "export"}, None)
    copied = of(Copy, shell.tap({"action": "copy-code"}, None))
    assert copied and copied[0].text == shell.ui.backup.code
    saved = of(Download, shell.tap({"action": "download"}, None))
    assert saved[0].name == "magdagdon-backup.json" and json.loads(saved[0].text)


def test_the_update_offered_and_taken():
    shell = shell_over()
    started(shell)
    notice = of(Notice, shell.update())[0].node
    assert [c.attrs for c in notice.children][1] == (
        ("type", "button"),
        ("class", "notice-action"),
        ("data-action", "update"),
    )
    assert Call("magdagdonTakeOver") in shell.tap({"action": "update"}, None)


def test_sounds_follow_the_settings_and_the_throttle():
    shell = rolled_shell()
    shell.touched = True
    shell.session.change_settings(sound=True, vibration=False)
    die, cells = next(iter(shell.ui.game.legal.items()))
    tapped = shell.tap({"die": str(die)}, None) + shell.tap({"cell": str(cells[0])}, None)
    assert not of(Feel, tapped)  # (right after the page is drawn: a task of their own)
    feel = of(Feel, [c for step in of(Steps, tapped) if step.name == "feel" for c in run(step)])
    assert feel and all(f.sound and f.pattern == () and f.cues for f in feel)
    shell.session.change_settings(sound=False, vibration=False)
    assert not [run(s) for s in of(Steps, shell.tap({"action": "undo"}, None)) if run(s)]
    shell.session.change_settings(sound=True)
    shell.hidden(True)
    undone = shell.tap({"action": "undo"}, None)
    assert not of(Feel, [c for s in of(Steps, undone) for c in run(s)])  # (hidden: no sound)


# -- SHARE -----------------------------------------------------------------------------------
def finished_daily() -> Shell:
    shell = shell_over(wishes={"daily": TODAY})
    started(shell)
    from .greedy import daily_game

    for move in daily_game(TODAY).moves:
        shell.session.apply(move)
    return shell


def test_the_picture_is_made_ahead_once_per_game_and_language():
    shell = finished_daily()
    pictures = of(Picture, shell.refresh())
    assert len(pictures) == 1 and pictures[0].date == Token("date", TODAY, "long", "en-GB")
    svg, width, height = pictures[0].draw("1 December 2026")
    assert svg.startswith("<svg") and f'viewBox="0 0 {width} {height}"' in svg
    assert not of(Picture, shell.refresh())
    again = shell.tap({"action": "language", "value": "lt"}, None)
    assert len(of(Picture, again)) == 1
    assert writes(again)[("id:over-picture", "hidden")] is True  # (the old offer withdrawn)


def test_share_hands_over_the_day_as_the_browser_writes_it_and_offers_the_picture_after():
    shell = finished_daily()
    shell.refresh()
    share = of(Share, shell.tap({"action": "share"}, None))[0]
    assert Token("date", TODAY, "medium", "en-GB") in share.text
    words = [p for p in share.text if not isinstance(p, Token)]
    assert all(isinstance(p, str) and "\ue002" not in p for p in words)
    assert share.link.startswith("https://example.test/game/?")
    offered = writes(shell.offer(share.picture, "blob:x", "p.png"))
    assert offered[("id:over-save-picture", "href")] == "blob:x"
    assert shell.offer(("another",), "blob:y") == []  # (not the game on screen)
    assert of(Notice, shell.shared(True, share.link))


# -- mistakes -----------------------------------------------------------------------------------
class Refusing(MemoryStore):
    def set(self, key: str, value: str) -> None:
        raise StoreError("full")


def test_a_bug_is_said_in_the_console_and_the_game_goes_on():
    shell = shell_over()
    started(shell)

    def broken(*_: object) -> None:
        raise RuntimeError("boom")

    shell.ui.tap_die = broken  # type: ignore[method-assign]
    commands = shell.tap({"die": "0"}, None)
    assert Log("MAGDAGDON: RuntimeError: boom") in commands and of(Apply, commands)


def test_a_store_that_refuses_is_no_bug():
    shell = shell_over(Refusing())
    commands = started(shell) + shell.tap({"action": "roll"}, None)
    assert not of(Log, commands) and shell.ui.game.dice


def test_the_rest_of_the_standard_library_absent_is_a_warning():
    shell = shell_over()
    warned: list[str] = []
    (said,) = shell.stdlib(None, warned.append, "offline")
    assert said.warn and "offline" in said.text and warned == []


def test_the_digests_of_a_sheet_come_from_the_page_where_it_gives_them():
    asked: list[str] = []

    def digest_of(key: str) -> str:
        asked.append(key)
        return digest(None)

    shell = shell_over(digest=digest_of)
    assert shell._sums() == {key: digest(None) for key in SHEET_KEYS} and asked == list(SHEET_KEYS)
    assert set(FRAME_KEYS) == {SETTINGS_KEY, GAME_KEY, FRAME_KEYS[2]}
    assert isinstance(shell.ui.game, Game)


def test_a_language_chosen_in_another_tab_is_followed_here():
    # (the page speaks the language the settings hold now, however they changed: in SETTINGS,
    # by a backup restored, or in another tab, as here)
    store = MemoryStore()
    here, there = shell_over(store), shell_over(store)
    started(here), started(there)
    there.tap({"action": "language", "value": "lt"}, None)
    commands = here.storage(SETTINGS_KEY)
    assert [r.lang for r in of(Relabel, commands)] == ["lt"]
    chip = CATALOGS["lt"][f"difficulty.{here.ui.game.difficulty.value}"]
    assert writes(commands)[("chip", "text")] == chip
    assert of(Relabel, here.storage(SETTINGS_KEY)) == []  # (once)
    there.tap({"action": "language", "value": ""}, None)  # (the browser's again: English)
    assert [r.lang for r in of(Relabel, here.storage(SETTINGS_KEY))] == ["en"]
