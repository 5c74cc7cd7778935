"""The shell (magdagdon/ui/shell/) event by event, command by command: what each event gives, to
the field (the catalogue's words, the page's element names, the sounds' own tables), where
test_shell.py holds the broad decisions. The sounds a redraw sets going and the throttle they go
through, the notices, SHARE's text and SAVE PICTURE, the frame kept and kept again only when it
changed, another tab's writes followed key by key, the rest of the standard library mounted."""

from __future__ import annotations

import importlib
import json
import sys
import zipfile
from pathlib import Path

import pytest

from magdagdon.effects import Effect
from magdagdon.frame import FRAME_KEY, SHEET_KEYS, Frame, digest
from magdagdon.game import Game
from magdagdon.keeping import BACKED_KEY, backed_up, change
from magdagdon.practice import Practice
from magdagdon.records import GAME_KEY, PRACTICE_KEY, MemoryStore
from magdagdon.rules import Difficulty
from magdagdon.session import Session
from magdagdon.share import compact_board, number
from magdagdon.sounds import (
    DESIGNS,
    MIX,
    Cue,
    Throttle,
    timeline,
    vibration_for,
    won_bonuses,
)
from magdagdon.stdlib import ABSENT, MISSED
from magdagdon.store import Keeper
from magdagdon.ui.commands import (
    Announce,
    Apply,
    Call,
    Copy,
    Download,
    Feel,
    Focus,
    Log,
    Notice,
    Picture,
    Share,
    Steps,
)
from magdagdon.ui.paint import Token, node_json
from magdagdon.ui.shell import Shell

from .catalogues import CATALOGS
from .greedy import daily_game, finished
from .sessions import TODAY
from .test_shell import (
    finish,
    finished_daily,
    framed_over,
    named,
    of,
    rolled_shell,
    run,
    shell_over,
    started,
    writes,
)

EN = CATALOGS["en"]
PAGE = "https://example.test/game/"  # (shell_over's page)
INDEX = (Path(__file__).resolve().parents[2] / "index.html").read_text("utf-8")


def texts(notice: Notice) -> list[object]:
    """A notice's words: its text, then each button's (the close button's is its label)."""
    return [child.text for child in notice.node.children]


def heard(commands: list[object]) -> list[object]:
    """What the "feel" steps of a redraw give once the page has drawn it."""
    return [c for s in of(Steps, commands) if s.name == "feel" for c in run(s)]


def sounded(played: list[Cue], sound: bool = True, vibration: bool = True) -> Feel:
    """The Feel of ``played`` all let through: each cue's design at its time, in the game's
    mix, the most important cue's vibration."""
    cues = tuple((at, DESIGNS[cue]) for at, cue in timeline(played))
    return Feel(cues, sound, tuple(vibration_for(played)) if vibration else (), MIX)


def last_move_by_tap(shell: Shell, difficulty: Difficulty, seed: int) -> dict[str, str]:
    """The greedy game of ``seed`` played on the shell's session up to its last move (drawn),
    and that move as her tap."""
    shell.session.new_game(difficulty, seed)
    moves = finished(difficulty, seed).moves
    for move in moves[:-1]:
        shell.session.apply(move)
    shell.refresh()
    last = moves[-1].split()
    return {"action": "confirm"} if last == ["confirm"] else {"cell": last[1]}


def played_to_the_end(shell: Shell, difficulty: Difficulty, seed: int) -> Picture:
    """The greedy game of ``seed`` played to its end on the shell's session, drawn: the
    picture it makes ahead."""
    shell.session.new_game(difficulty, seed)
    for move in finished(difficulty, seed).moves:
        shell.session.apply(move)
    (picture,) = of(Picture, shell.refresh())
    return picture


# -- the work ahead done ----------------------------------------------------------------------
@pytest.mark.parametrize("sound", [True, False])
def test_the_work_ahead_done_makes_the_audio_ahead_only_where_sound_is_on(sound):
    shell = shell_over()
    shell.session.change_settings(sound=sound)
    done = run(named(started(shell), "ahead"))
    marked = Apply((("body", "data-ahead", "done"),))
    assert done == ([marked, Feel((), prepare=True)] if sound else [marked])


# -- taps and keys kept while Python started --------------------------------------------------
def test_a_key_kept_while_python_started_is_pressed_as_a_key():
    shell = shell_over()
    started(shell)
    assert shell.ui.game.moves == ()
    commands = shell.kept([{"key": "r"}], None, False)
    assert shell.ui.game.moves == ("roll",) and not of(Log, commands)
    assert writes(commands)[("body", "data-phase")] == shell.ui.game.phase.value


def test_taps_kept_on_a_sheet_painted_that_is_no_longer_drawn_are_dropped():
    store = MemoryStore()
    painted = framed_over(store)
    reopened = shell_over(store)
    started(reopened)
    reopened.tap({"action": "close"}, None)  # (the board alone still holds)
    commands = reopened.kept([{"action": "rules"}], painted, True)
    assert reopened.ui.dialog is None
    assert writes(commands)[("status-main", "text")] == EN["status.dropped"]


# -- keys ---------------------------------------------------------------------------------------
def test_a_key_is_her_touch_the_sounds_of_what_it_did_follow_the_redraw():
    shell = shell_over()
    started(shell)
    shell.session.new_game(Difficulty.PEACEFUL, 1)
    shell.refresh()
    assert not shell.touched
    handled, commands = shell.key("r")
    assert handled and shell.touched
    assert heard(commands) == [sounded([Cue.ROLL])]


# -- another tab ------------------------------------------------------------------------------
def test_another_tabs_writes_are_followed_key_by_key():
    store = MemoryStore()
    shell = shell_over(store)
    started(shell)
    mine, backed = shell.ui.game, shell.ui.keeping.backed
    record = shell.ui.ui.practice.record
    other = Session(store, today=lambda: TODAY, languages=tuple(CATALOGS))
    other.apply("roll")
    theirs = Practice(Keeper(store), [])
    theirs.record.find(["p1.a.3"], TODAY)
    assert theirs.save()
    change(Keeper(store), None, lambda b: backed_up(b, TODAY))
    assert shell.ui.game == mine and other.game != mine
    commands = shell.storage(BACKED_KEY)
    assert shell.ui.game == mine and shell.ui.ui.practice.record == record
    assert shell.ui.keeping.backed != backed and shell.ui.keeping.backed.at == TODAY
    commands += shell.storage(PRACTICE_KEY)
    assert shell.ui.ui.practice.record == theirs.record != record
    assert shell.ui.game == mine
    commands += shell.storage(GAME_KEY)
    assert shell.ui.game == other.game
    assert not of(Log, commands)


def test_the_store_cleared_in_another_tab_reads_the_practice_record_again():
    store = MemoryStore()
    shell = shell_over(store)
    started(shell)
    record = shell.ui.ui.practice.record
    theirs = Practice(Keeper(store), [])
    theirs.record.find(["p1.a.3"], TODAY)
    assert theirs.save()
    commands = shell.storage(GAME_KEY)
    assert shell.ui.ui.practice.record == record
    commands += shell.storage(None)
    assert shell.ui.ui.practice.record == theirs.record != record
    assert not of(Log, commands)


def test_a_backup_made_in_another_tab_is_read_only_with_its_own_key():
    store = MemoryStore()
    shell = shell_over(store)
    started(shell)
    backed = shell.ui.keeping.backed
    change(Keeper(store), None, lambda b: backed_up(b, TODAY))
    commands = shell.storage(GAME_KEY)
    assert shell.ui.keeping.backed == backed and backed.at is None
    commands += shell.storage(BACKED_KEY)
    assert shell.ui.keeping.backed.at == TODAY
    assert not of(Log, commands)


# -- the page hidden ----------------------------------------------------------------------------
def test_the_page_shown_again_keeps_no_frame_it_only_wakes_the_sound():
    store = MemoryStore()
    shell = shell_over(store)
    started(shell)
    assert shell.hidden(False) == [Feel((), resume=True)]
    assert FRAME_KEY not in store.data and not shell.asleep


def rolling_shell() -> Shell:
    """A shell on a game of known dice, its first roll placeable, drawn, not yet rolled."""
    shell = shell_over()
    started(shell)
    shell.session.new_game(Difficulty.PEACEFUL, 1)
    shell.refresh()
    return shell


def test_while_the_page_is_hidden_nothing_sounds():
    shell = rolling_shell()
    shell.hidden(True)
    assert shell.asleep is True
    assert heard(shell.tap({"action": "roll"}, None)) == []


def test_the_page_shown_again_sounds_again():
    shell = rolling_shell()
    shell.hidden(True)
    shell.hidden(False)
    assert heard(shell.tap({"action": "roll"}, None)) == [sounded([Cue.ROLL])]


# -- sounds -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("sound", "vibration"), [(True, True), (True, False), (False, True), (False, False)]
)
def test_what_sounds_and_vibrates_follows_the_settings(sound, vibration):
    shell = rolling_shell()
    shell.session.change_settings(sound=sound, vibration=vibration)
    feel = heard(shell.tap({"action": "roll"}, None))
    assert feel == ([sounded([Cue.ROLL], sound, vibration)] if sound or vibration else [])


def test_a_finished_game_sounds_its_last_move_its_bonus_and_a_new_best_or_not():
    store = MemoryStore()
    first = shell_over(store)
    started(first)
    tap = last_move_by_tap(first, Difficulty.PEACEFUL, 1)
    before = first.ui.game
    commands = first.tap(tap, None)
    bonus = won_bonuses(before, first.ui.game)
    assert tap == {"action": "confirm"} and bonus and first.session.rank() == 1
    assert heard(commands) == [sounded([Cue.CONFIRM, *bonus, Cue.NEW_BEST])]
    second = shell_over(store)
    started(second)
    tap = last_move_by_tap(second, Difficulty.PEACEFUL, 2)
    commands = second.tap(tap, None)
    assert "cell" in tap and second.session.rank() == 2
    assert heard(commands) == [sounded([Cue.RUIN, Cue.OVER])]


def test_the_throttle_remembers_the_cues_of_earlier_redraws():
    now = [5000.0]
    shell = shell_over(clock=lambda: now[0])
    started(shell)
    shell.session.new_game(Difficulty.PEACEFUL, 1)
    shell.refresh()
    assert heard(shell.tap({"action": "roll"}, None)) == [sounded([Cue.ROLL])]
    game = shell.ui.game
    (die, cells), (other, _) = list(game.legal.items())[:2]
    shell.tap({"die": str(die)}, None)
    # (another cue at the same moment: let through)
    assert heard(shell.tap({"cell": str(cells[0])}, None)) == [sounded([Cue.PLACE])]
    now[0] += Throttle().gap_ms / 2  # (the same cue again, sooner than its gap: dropped)
    shell.tap({"die": str(other)}, None)
    placed = shell.tap({"cell": str(shell.ui.game.legal[other][0])}, None)
    assert shell.ui.game.staged and heard(placed) == []


@pytest.mark.parametrize(("gaps", "sounds"), [(0.5, False), (1.0, True)])
def test_a_cue_sounds_again_only_its_gap_after_its_last_start(gaps, sounds):
    """The throttle counts from when each cue of a redraw starts (its time on the timeline,
    s, after the page's clock, ms): CONFIRM set to start after PLACE sounds again only its gap
    later than that (``gaps`` of them later, and a hundredth of a ms: just past)."""
    now = [1000.0]
    shell = shell_over(clock=lambda: now[0])
    started(shell)
    game = shell.ui.game
    played = [Cue.PLACE, Cue.CONFIRM]
    assert shell._feel([Effect.STAGED, Effect.CONFIRMED], game) == [sounded(played)]
    confirm_at = dict((cue, at) for at, cue in timeline(played))[Cue.CONFIRM]
    assert confirm_at > 0
    now[0] += confirm_at * 1e3 + gaps * Throttle().gap_ms + 0.01
    again = shell._feel([Effect.CONFIRMED], game)
    assert again == ([sounded([Cue.CONFIRM])] if sounds else [])


# -- notices --------------------------------------------------------------------------------------
def test_the_update_offered_says_so_with_its_button():
    shell = shell_over()
    started(shell)
    (notice,) = shell.update()
    assert texts(notice) == [EN["update.ready"], EN["update.reload"], ""]
    assert dict(notice.node.children[2].attrs)["aria-label"] == EN["button.close"]


def test_share_failed_gives_the_link_and_the_clipboard_says_it_took_the_text():
    shell = shell_over()
    link = PAGE + "?seed=7&difficulty=peaceful&vs=12"
    (failed,) = shell.shared(True, link)
    assert texts(failed) == [EN["share.failed"].replace("{link}", link), ""]
    (copied,) = shell.shared(False, link)
    assert texts(copied) == [EN["share.copied"], ""]


def test_the_backup_code_copied_says_whether_the_clipboard_took_it():
    shell = shell_over()
    started(shell)
    shell.tap({"action": "export"}, None)
    (copy,) = of(Copy, shell.tap({"action": "copy-code"}, None))
    assert copy.text == shell.ui.backup.code and copy.text
    assert texts(copy.done) == [EN["backup.copied"], ""]
    assert texts(copy.failed) == [EN["backup.copy_failed"], ""]


# -- SHARE ----------------------------------------------------------------------------------
def test_share_of_an_ordinary_game_hands_over_its_text_its_link_and_its_picture():
    shell = shell_over()
    started(shell)
    picture = played_to_the_end(shell, Difficulty.PEACEFUL, 2)
    game = shell.ui.game
    assert game.score > 0
    link = f"{PAGE}?seed=2&difficulty=peaceful&vs={game.score}"
    text = "\n".join(
        [
            EN["share.text"].format(difficulty=EN["difficulty.peaceful"], score=number(game.score)),
            compact_board(game.board),
            EN["share.link"].format(link=link),
        ]
    )
    (share,) = of(Share, shell.tap({"action": "share"}, None))
    assert share == Share("MAGDAGDON", (text,), link, picture.key)


def daily_text(game: Game, day: str, title: str, streak: int) -> tuple[str, str]:
    """A daily's text around its day (before it, after it), as the catalogue words it; the
    streak said unless it is none."""
    before, after = EN[title].split("{date}")
    lines = [after.format(score=number(game.score)), compact_board(game.board)]
    if streak:
        form = EN["share.daily.streak"]["one" if streak == 1 else "other"]
        lines.append(form.format(count=streak))
    lines.append(EN["share.daily.link"].format(link=f"{PAGE}?daily={day}&vs={game.score}"))
    return before, "\n".join(lines)


def test_share_of_the_days_roll_writes_its_day_by_the_browser_and_its_streak():
    shell = finished_daily()
    (picture,) = of(Picture, shell.refresh())
    (share,) = of(Share, shell.tap({"action": "share"}, None))
    assert shell.ui.over.sharing().streak == 1  # (her first official daily)
    before, after = daily_text(shell.ui.game, TODAY, "share.daily", 1)
    day = Token("date", TODAY, "medium", "en-GB")
    link = f"{PAGE}?daily={TODAY}&vs={shell.ui.game.score}"
    assert share == Share("MAGDAGDON", (before, day, after), link, picture.key)


def test_share_of_a_past_days_roll_played_as_practice_says_so_without_a_streak():
    store = finished_daily().session.records.store
    past = "2026-11-30"
    shell = shell_over(store, wishes={"daily": past})
    started(shell)
    for move in daily_game(past).moves:
        shell.session.apply(move)
    (picture,) = of(Picture, shell.refresh())
    sharing = shell.ui.over.sharing()
    assert (sharing.day, sharing.practice, sharing.streak) == (past, True, 0)
    (share,) = of(Share, shell.tap({"action": "share"}, None))
    before, after = daily_text(shell.ui.game, past, "share.daily.practice", 0)
    day = Token("date", past, "medium", "en-GB")
    link = f"{PAGE}?daily={past}&vs={shell.ui.game.score}"
    assert share == Share("MAGDAGDON", (before, day, after), link, picture.key)


# -- SAVE PICTURE --------------------------------------------------------------------------------
def test_save_picture_is_offered_for_the_game_on_screen_and_withdrawn():
    shell = finished_daily()
    (picture,) = of(Picture, shell.refresh())
    assert 'id="over-picture"' in INDEX and 'id="over-save-picture"' in INDEX
    link = "id:over-save-picture"
    assert shell.offer(picture.key, "blob:x") == [
        Apply(
            (("id:over-picture", "hidden", False), (link, "href", "blob:x"), (link, "download", ""))
        )
    ]
    assert shell.offer(picture.key, None) == [
        Apply((("id:over-picture", "hidden", True), (link, "href", None)))
    ]


# -- a game watched -------------------------------------------------------------------------------
def test_a_watched_game_plays_on_step_after_step():
    shell = shell_over()
    started(shell)
    finish(shell, Difficulty.PEACEFUL, 2)
    shell.tap({"action": "watch", "value": "game:1"}, None)
    step = named(shell.tap({"action": "watch-play"}, None), "watch")
    at = shell.ui.watch.at
    following = named(run(step), "watch")
    assert shell.ui.watch.at == at + 1
    assert named(run(following), "watch").delay == step.delay
    assert shell.ui.watch.at == at + 2


# -- the statistics' scan --------------------------------------------------------------------
def test_the_statistics_opened_look_at_the_games_one_scan_at_a_time():
    shell = shell_over()
    started(shell)
    finish(shell, Difficulty.PEACEFUL, 2)  # (a finished game to look at)
    scan = named(shell.tap({"action": "stats"}, None), "practice-scan")
    assert scan.at_mark == "redraw"
    shell.tap({"action": "close"}, None)
    reopened = shell.tap({"action": "stats"}, None)
    assert "practice-scan" not in [s.name for s in of(Steps, reopened)]  # (one under way)
    run(scan)
    shell.tap({"action": "close"}, None)
    assert named(shell.tap({"action": "stats"}, None), "practice-scan").at_mark == "redraw"


# -- the frame ------------------------------------------------------------------------------------
class Writes(MemoryStore):
    """A store that notes the keys written."""

    def __init__(self) -> None:
        super().__init__()
        self.written: list[str] = []

    def set(self, key: str, value: str) -> None:
        self.written.append(key)
        super().set(key, value)


@pytest.mark.parametrize("over", [False, True])
def test_a_frame_that_still_holds_is_not_made_again(over):
    store = Writes()
    asked: list[str] = []

    def digest_of(key: str) -> str:
        asked.append(key)
        return digest(store.get(key))

    shell = shell_over(store, digest=digest_of)
    started(shell)
    if over:
        finish(shell, Difficulty.PEACEFUL, 2)
    list(shell._frame_steps())
    frame = Frame.parse(store.data[FRAME_KEY])
    assert frame is not None and bool(frame.digests) is over
    assert (frame.release, frame.languages) == ("r1", "en-GB,en")
    kept, asked[:] = store.written.count(FRAME_KEY), []
    again = named(shell.refresh(), "frame")  # (the next redraw sets the work going again)
    run(again)
    assert store.written.count(FRAME_KEY) == kept
    assert asked == (list(SHEET_KEYS) if over else [])  # (a sheet's digests: only to check it)


def test_a_frame_is_made_again_once_what_it_shows_changed():
    store = MemoryStore()
    shell = shell_over(store)
    started(shell)
    list(shell._frame_steps())
    shell.session.new_game(Difficulty.PEACEFUL, 1)
    run(named(shell.tap({"action": "roll"}, None), "frame"))
    frame = Frame.parse(store.data[FRAME_KEY])
    assert frame is not None and frame.keys[GAME_KEY] == store.data[GAME_KEY]


def test_the_frame_is_made_in_the_language_stored_read_for_it():
    asked: list[object] = []

    def read(language: str) -> dict | None:
        asked.append(language)
        return CATALOGS.get(language)

    store = MemoryStore()
    shell = shell_over(store, catalogs={"en": EN}, read=read)
    started(shell)
    assert asked == []
    shell.session.set_language("lt")  # (as a restore that brings her language does)
    list(shell._frame_steps())
    frame = Frame.parse(store.data[FRAME_KEY])
    assert asked == ["lt"] and frame is not None and frame.lang == "lt"
    assert frame.texts["button.roll"] == CATALOGS["lt"]["button.roll"] != EN["button.roll"]


def test_the_digests_of_the_sheets_values_are_of_the_values_stored():
    store = MemoryStore()
    shell = shell_over(store)
    for key in SHEET_KEYS:
        store.data[key] = f"[{key!r}]"
    sums = shell._sums()
    assert sums == {key: digest(f"[{key!r}]") for key in SHEET_KEYS}
    assert len(set(sums.values())) == len(SHEET_KEYS) and digest(None) not in sums.values()


# -- the rest of the standard library ------------------------------------------------------------
def test_the_rest_of_the_standard_library_absent_says_why_or_nothing():
    shell = shell_over()
    assert shell.stdlib(None, print) == [Log(ABSENT.format(error=""), warn=True)]
    assert shell.stdlib(None, print, "offline") == [Log(ABSENT.format(error="offline"), warn=True)]


@pytest.fixture
def runtime_zip(tmp_path, monkeypatch):
    """A start-up part on sys.path (as Pyodide puts its zip there) and the rest's bytes, with a
    module only the rest has; every module and finder they add is gone afterwards."""
    start = tmp_path / "python314.zip"
    with zipfile.ZipFile(start, "w") as zf:
        zf.writestr("mgdshell_start.py", "VALUE = 'start'\n")
    rest = tmp_path / "rest.zip"
    with zipfile.ZipFile(rest, "w") as zf:
        zf.writestr("mgdshell_rest.py", "VALUE = 'rest'\n")
    monkeypatch.setattr(sys, "path", [str(start), *sys.path])
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(sys, "path_importer_cache", dict(sys.path_importer_cache))
    yield rest.read_bytes()
    for name in ("mgdshell_start", "mgdshell_rest"):
        sys.modules.pop(name, None)


def test_the_rest_of_the_standard_library_mounted_names_what_is_found_only_there(runtime_zip):
    shell = shell_over()
    warned: list[str] = []
    assert shell.stdlib(runtime_zip, warned.append) == []
    assert warned == []
    assert importlib.import_module("mgdshell_rest").VALUE == "rest"
    assert warned == [MISSED.format(name="mgdshell_rest")]


def test_a_first_sound_has_its_module_and_noise_made_in_steps_before_it(monkeypatch):
    # (made at once within the first ROLL's sound, they took its task 28 ms)
    from magdagdon import sounds

    monkeypatch.setattr(sounds, "_NOISE", [])
    shell = rolled_shell()
    shell.touched = True
    shell.session.change_settings(sound=True, vibration=False)
    die, cells = next(iter(shell.ui.game.legal.items()))

    def placed() -> Steps:
        shell.tap({"die": str(die)}, None)
        (feel,) = [
            s for s in of(Steps, shell.tap({"cell": str(cells[0])}, None)) if s.name == "feel"
        ]
        shell.tap({"action": "undo"}, None)
        return feel

    feel = placed()
    parts = -(-int(sounds.NOISE_RATE * sounds.NOISE_SECONDS) // sounds.NOISE_STEP)
    assert sum(1 for _ in feel.steps) == parts  # (the module, then each part but the last)
    assert sounds._NOISE and of(Feel, feel.then())
    # made once: the next sound waits for nothing; with the sound off, nothing is made
    assert sum(1 for _ in placed().steps) == 1
    monkeypatch.setattr(sounds, "_NOISE", [])
    shell.session.change_settings(sound=False, vibration=True)
    assert list(placed().steps) == [] and not sounds._NOISE


# -- what a redraw sets going (mutants that survived in shell/__init__.py) -------------------------
def test_a_finished_game_sets_the_coach_playing_its_dice_once_and_redraws_when_it_is_done():
    shell = shell_over()
    started(shell)
    shell.session.new_game(Difficulty.PEACEFUL, 2)
    for move in finished(Difficulty.PEACEFUL, 2).moves:
        shell.session.apply(move)
    coach = named(shell.refresh(), "coach")
    assert [s.name for s in of(Steps, shell.refresh())].count("coach") == 0, "one at a time"
    assert coach.pace == "slices" and coach.then is not None
    drawn = run(coach)
    assert shell.session.coach is not None and of(Apply, drawn)
    assert [s.name for s in of(Steps, drawn)].count("coach") == 0, "its score is kept: done"


def test_the_frame_is_kept_in_an_idle_moment_and_a_notice_is_said_by_its_key():
    shell = shell_over()
    assert named(started(shell), "frame").pace == "idle"
    shell.session.notices.append("unsaved")
    (notice,) = of(Notice, shell.tap({"action": "roll"}, None))
    assert "notice.unsaved" not in json.dumps(node_json(notice.node))
    assert (
        json.dumps(node_json(notice.node), ensure_ascii=False).count(EN["notice.unsaved"][:12]) == 1
    )


def test_a_redraw_says_what_changed_in_the_live_region():
    shell = shell_over()
    started(shell)
    (said,) = of(Announce, shell.tap({"action": "roll"}, None))
    assert isinstance(said.text, str) and said.text and isinstance(said.fresh, bool)


def test_a_restore_is_checked_in_steps_then_drawn_and_one_that_fails_can_be_tried_again():
    mine = shell_over()
    started(mine)
    finish(mine, Difficulty.PEACEFUL, 2)
    mine.tap({"action": "export"}, None)
    code = mine.ui.backup.code
    other = shell_over()
    started(other)
    assert Focus("field:import-code") in other.tap({"action": "import"}, None)
    restore = named(other.tap({"action": "import-go", "value": code}, None), "restore")
    assert of(Apply, run(restore)) and len(other.session.history()) == 1
    again = named(other.tap({"action": "import-go", "value": code}, None), "restore")
    assert restore.failed is not None and of(Apply, again.failed())
    assert other.ui.backup.pending is None, "a failed restore can be tried again"


@pytest.mark.parametrize("downloads", [True, False])
def test_the_reminders_backup_is_saved_as_a_file_where_files_are_saved_else_copied(downloads):
    shell = shell_over(downloads=downloads)
    started(shell)
    for seed in range(1, 11):
        finish(shell, Difficulty.PEACEFUL, seed)
    shell.tap({"action": "close"}, None)
    shell.tap({"action": "stats"}, None)
    done = shell.tap({"action": "backup-now"}, None)
    if downloads:
        assert of(Download, done) and not of(Copy, done)
    else:
        (copied,) = of(Copy, done)
        assert copied.text == shell.ui.keeping.code and copied.text.startswith("MGD1.")


def test_install_asks_the_browsers_own_prompt():
    shell = shell_over()
    started(shell)
    shell.browser(False, "prompt", False, False)
    shell.tap({"action": "settings"}, None)
    shell.tap({"action": "invite"}, None)
    assert shell.ui.dialog == "install"
    assert Call("magdagdonInstall") in shell.tap({"action": "install"}, None)
