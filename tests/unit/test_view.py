"""The frozen view the controller hands the renderer (``Controller.view``): what each dialog
shows, the decisions that were the renderer's (the confirm-new title, the won mark, the par),
and the renderer's source, walked to prove that it reads only the view."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest

from magdagdon.game import Game
from magdagdon.records import DAILY, MemoryStore
from magdagdon.rules import Difficulty
from magdagdon.session import Wish
from magdagdon.ui import DIALOGS, Controller, View
from magdagdon.ui.backup import BackupView
from magdagdon.ui.games import ConfirmNew, ConfirmUrl
from magdagdon.ui.keeping import InstallView
from magdagdon.ui.over import OverView
from magdagdon.ui.practice import PracticeView
from magdagdon.ui.puzzles import PuzzleView
from magdagdon.ui.scores import ScoresView, StatsView
from magdagdon.ui.settings import SettingsView
from magdagdon.ui.watch import WatchView

from .controllers import finish_on_screen, finished_ui
from .greedy import daily_game
from .sessions import TODAY, YESTERDAY, new_session

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "magdagdon" / "web"
NIGHTMARE = Difficulty.NIGHTMARE


def test_the_view_is_frozen_and_says_what_the_controller_says():
    ui = Controller(new_session(seed=2))
    ui.press("roll")
    view = ui.view()
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.dialog = "rules"  # type: ignore[misc]
    assert (view.game, view.status, view.selected, view.chosen) == (
        ui.game,
        ui.status(),
        ui.selected,
        None,
    )
    assert view.controls == ui.controls() and view.guide == ui.guide.words()
    assert (view.dialog, view.shows, view.hint) == (None, None, None)
    ui.press("power-reroll")
    ui.tap_die(1)
    assert ui.view().chosen == 1


def test_each_dialog_shows_its_own_view():
    ui = finished_ui(seed=3, difficulty=NIGHTMARE)
    kinds = {
        "over": OverView,
        "scores": ScoresView,
        "stats": StatsView,
        "settings": SettingsView,
        "backup": BackupView,
        "practice": PracticeView,
        "puzzle": PuzzleView,
        "install": InstallView,
    }
    for dialog, kind in kinds.items():
        ui.open(dialog)
        assert (ui.view().dialog, type(ui.view().shows)) == (dialog, kind), dialog
    for dialog in ("rules", "about", "gift"):
        ui.open(dialog)
        assert ui.view().shows is None
    assert set(kinds) | {
        "rules",
        "about",
        "gift",
        "watch",
        "review",
        "confirm-new",
        "confirm-url",
    } == set(DIALOGS)


def test_a_view_is_equal_until_what_it_shows_changes():
    ui = finished_ui(seed=3, difficulty=NIGHTMARE)
    ui.press("scores")
    first = ui.view().shows
    assert ui.view().shows == first  # (the page does not refill it)
    assert first.tab is NIGHTMARE and first.entries[0].score == ui.game.score
    ui.press("scores-tab", "survival")
    assert ui.view().shows != first and ui.view().shows.tab is Difficulty.SURVIVAL
    ui.press("watch", "nightmare:1")
    watched = ui.view().shows
    assert isinstance(watched, WatchView) and (watched.at, watched.back) == (0, False)
    ui.press("watch-forward")
    assert ui.view().shows != watched and ui.view().shows.at == 1


def test_the_settings_view_holds_the_difficulty_language_and_toggles():
    ui = Controller(new_session(seed=3, difficulty=NIGHTMARE))
    ui.press("settings")
    assert ui.view().shows == SettingsView("nightmare", "", True, True)
    ui.press("sound")
    ui.press("language", "lt")
    assert ui.view().shows == SettingsView("nightmare", "lt", False, True)


def test_the_confirm_new_view_names_the_daily_in_progress_or_none():
    ui = Controller(new_session(seed=3, difficulty=NIGHTMARE))
    ui.press("roll")
    ui.tap_cell(ui.highlighted()[0])
    ui.press("confirm")
    ui.press("difficulty", "survival")
    assert ui.view().shows == ConfirmNew(None)  # the ordinary game's title
    ui.press("confirm-no")
    store = MemoryStore()
    ui = Controller(new_session(store, day=YESTERDAY))
    ui.press("roll")
    ui.tap_cell(ui.highlighted()[0])
    ui.press("confirm")
    ui.press("new-game")
    ui.press("daily")
    assert (ui.dialog, ui.asked) == ("confirm-new", Wish(Difficulty.SURVIVAL, None, TODAY))
    assert ui.view().shows == ConfirmNew(YESTERDAY)  # the daily's title, with its day


def test_the_confirm_url_view_is_the_links_game():
    ui = Controller(new_session(seed=2))
    ui.press("roll")
    ui.tap_cell(ui.highlighted()[0])
    ui.press("confirm")
    linked = Controller(new_session(ui.session.records.store, seed=9, difficulty=NIGHTMARE))
    assert linked.dialog == "confirm-url"
    assert linked.view().shows == ConfirmUrl(None, NIGHTMARE)


@pytest.mark.parametrize(("offset", "won"), [(-7, True), (0, False), (5, False)])
def test_the_over_view_marks_a_won_challenge(offset, won):
    game = daily_game(YESTERDAY)
    ui = finish_on_screen(Controller(new_session(vs=game.score + offset, day=YESTERDAY)))
    shows = ui.view().shows
    assert isinstance(shows, OverView)
    assert (shows.won, shows.verdict) == (won, ui.over.verdict())
    assert (shows.day, shows.practice, shows.tab) == (YESTERDAY, True, DAILY)
    assert shows.again and not shows.resumes


def test_the_over_view_holds_the_coach_once_it_played():
    ui = finished_ui(seed=3, difficulty=NIGHTMARE)
    assert ui.view().shows.coach is None  # (still playing: the page says so)
    list(ui.hints.coach_steps())
    shows = ui.view().shows
    assert shows.coach == ui.session.coach is not None
    assert (shows.day, shows.rank, shows.entries[0].score) == (None, 1, ui.game.score)


def test_sharing_holds_the_daily_streak_only_for_an_official_daily():
    ui = finished_ui(day=TODAY)
    sharing = ui.over.sharing()
    assert (sharing.game, sharing.day, sharing.practice) == (ui.game, TODAY, False)
    assert sharing.streak == ui.session.streak()[0] == 1
    ordinary = finished_ui(seed=3, difficulty=NIGHTMARE).over.sharing()
    assert (ordinary.day, ordinary.streak) == (None, 0)
    assert isinstance(ordinary.game, Game)


# -- the renderer reads only the view --------------------------------------------------------------
PAINT = ROOT / "magdagdon" / "ui" / "paint"
DRAWING = {
    **{f"paint/{p.name}": p for p in sorted(PAINT.glob("*.py"))},
    "web/render.py": WEB / "render.py",
}


def _trees() -> dict[str, ast.Module]:
    return {name: ast.parse(path.read_text("utf-8")) for name, path in DRAWING.items()}


@pytest.mark.parametrize("name", sorted(DRAWING))
def test_the_renderer_never_sees_the_controller_nor_the_session(name):
    tree = _trees()[name]
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    attributes = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    imported = {
        alias.name
        for n in ast.walk(tree)
        if isinstance(n, ast.ImportFrom | ast.Import)
        for alias in n.names
    }
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not {"Controller", "Session", "ui", "session"} & (names | imported)
    assert "session" not in attributes
    assert not {"magdagdon.session", "magdagdon.ui.controller", "magdagdon.ui.state"} & modules


def test_the_renderers_draw_reads_only_fields_of_the_view():
    trees = _trees()
    fields = {f.name for f in dataclasses.fields(View)}
    read = set()
    for node in (n for tree in trees.values() for n in ast.walk(tree)):
        if isinstance(node, ast.FunctionDef):
            params = {
                a.arg
                for a in node.args.args
                if a.annotation is not None and re.search(r"\bView\b", ast.unparse(a.annotation))
            }
            read |= {
                n.attr
                for n in ast.walk(node)
                if isinstance(n, ast.Attribute)
                and isinstance(n.value, ast.Name)
                and n.value.id in params
            }
    assert read and read <= fields, read - fields
    assert {"game", "status", "controls", "mode", "dialog", "shows"} <= read
