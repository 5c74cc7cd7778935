"""The painters (magdagdon/ui/paint/): each dialog's writes from the view its part made, in the
player's words, read in CPython: what a screen shows, where it was only seen through a browser."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from magdagdon.i18n import Translator
from magdagdon.message import Message
from magdagdon.practice import Counts
from magdagdon.rules import Difficulty
from magdagdon.ui import Controller
from magdagdon.ui.backup import BackupView
from magdagdon.ui.controls import Control
from magdagdon.ui.games import ConfirmNew, ConfirmUrl
from magdagdon.ui.keeping import InstallView
from magdagdon.ui.paint import PAINTERS, Node, Painter, Token, Words
from magdagdon.ui.paint.sheets import RULE_SECTIONS
from magdagdon.ui.paint.tables import TABS
from magdagdon.ui.paint.words import SAID_KEPT
from magdagdon.ui.practice import PracticeView
from magdagdon.ui.settings import SettingsView

from .catalogues import CATALOGS
from .controllers import finished_ui
from .sessions import TODAY, new_session

EN = CATALOGS["en"]
NIGHTMARE = Difficulty.NIGHTMARE


def words(language: str = "en") -> Words:
    return Words(Translator(CATALOGS, language), ["en-GB"])


def actions(**on: bool) -> dict[str, Control]:
    """The table's actions the painters read, each shown and enabled as ``on`` says."""
    names = ("invite", "install", "practise", "backup-now", "puzzle")
    return {name: Control(on.get(name, False), on.get(name, False)) for name in names}


def paint(dialog: str, view: object, **on: bool) -> dict[tuple[str, str], Any]:
    return {(e, w): v for e, w, v in PAINTERS[dialog](words(), view, actions(**on))}


def texts(nodes: object) -> list[str]:
    """Every plain text in a tree of nodes, in order."""
    found: list[str] = []
    for node in nodes if isinstance(nodes, tuple) else (nodes,):
        if isinstance(node, Node):
            if isinstance(node.text, str) and node.text:
                found.append(node.text)
            found += texts(node.children)
    return found


def find(nodes: object, tag: str) -> list[Node]:
    found: list[Node] = []
    for node in nodes if isinstance(nodes, tuple) else (nodes,):
        if isinstance(node, Node):
            found += [node] if node.tag == tag else []
            found += find(node.children, tag)
    return found


# -- the small sheets ---------------------------------------------------------------------------
@pytest.mark.parametrize("language", ["", "lt"])
def test_settings_presses_what_is_chosen_and_nothing_else(language):
    drawn = paint("settings", SettingsView("survival", language, False, True), invite=True)
    pressed = {e for (e, w), v in drawn.items() if w == "aria-pressed" and v == "true"}
    chosen = {"pick:difficulty.survival", "in:settings.vibration"}
    assert pressed == chosen | ({"auto"} if not language else {f"pick:language.{language}"})
    assert len([1 for (_, w) in drawn if w == "aria-pressed"]) == 3 + 1 + 4 + 2
    assert drawn[("in:settings.invite", "hidden")] is False
    assert paint("about", None)[("in:about.invite", "hidden")] is True


@pytest.mark.parametrize(
    ("told", "key"),
    [
        (None, "settings.storage.may-clear"),  # (the page has not said yet)
        ((False, "prompt", True, False), "settings.storage.kept"),
        ((False, "ios", False, True), "settings.storage.safari"),
        ((True, "ios", False, True), "settings.storage.may-clear"),  # (Safari, installed)
    ],
)
def test_settings_say_what_this_browser_may_do_with_her_data(told, key):
    # (what the page tells the keeping part reaches SETTINGS' words: the page only says whether
    # the browser promised to keep them, the words are Python's)
    ui = Controller(new_session())
    if told is not None:
        ui.keeping.tell(*told)
    ui.press("settings")
    drawn = paint("settings", ui.view().shows)
    assert drawn[("id:storage-state", "data-i18n")] == key
    assert drawn[("id:storage-state", "text")] == EN[key]


def test_rules_are_every_section_with_its_title_and_paragraphs():
    (sections,) = [v for (e, w), v in paint("rules", None).items() if e == "id:rules-text"]
    assert [s.tag for s in sections] == ["section"] * len(RULE_SECTIONS)
    first = sections[0]
    items = tuple(Node("li", p) for p in EN["rules.objective.body"])
    title = Node("h3", EN["rules.objective.title"])
    assert first == Node("section", "", (), (title, Node("ul", "", (), items)))
    assert texts(first.children[1]) == list(EN["rules.objective.body"])


def test_the_confirmations_name_the_day_for_intl_or_the_difficulty():
    day = paint("confirm-url", ConfirmUrl("2026-11-30", None))[("id:confirm-url-body", "text")]
    assert Token("date", "2026-11-30", "medium", "en-GB") in day
    game = paint("confirm-url", ConfirmUrl(None, NIGHTMARE))[("id:confirm-url-body", "text")]
    assert game == EN["confirm.url_game.body"].replace("{difficulty}", EN["difficulty.nightmare"])
    assert paint("confirm-url", ConfirmUrl(None, None)) == {}
    daily = paint("confirm-new", ConfirmNew("2026-11-30"))
    assert daily[("id:confirm-new-title", "text")] == EN["confirm.daily.title"]
    assert Token("date", "2026-11-30", "medium", "en-GB") in daily[("id:confirm-new-body", "text")]
    plain = paint("confirm-new", ConfirmNew(None))
    assert plain[("id:confirm-new-body", "text")] == EN["confirm.new_game.body"]
    assert plain[("id:confirm-new-title", "text")] == EN["confirm.new_game.title"]


def test_backup_shows_the_code_in_its_field_and_says_an_alert_as_one():
    shown = paint("backup", BackupView("MGD1.abc", Message("backup.error.damaged", alert=True)))
    assert shown[("id:backup-out", "hidden")] is False
    assert shown[("field:backup-code", "value")] == "MGD1.abc"
    assert shown[("id:backup-said", "text")] == EN["backup.error.damaged"]
    assert shown[("id:backup-said", "data-alert")] == "true"
    empty = paint("backup", BackupView(None, None))
    assert empty[("id:backup-out", "hidden")] is True and empty[("id:backup-said", "text")] == ""
    assert empty[("field:backup-code", "value")] == ""
    assert empty[("id:backup-said", "data-alert")] == "false"


def test_the_invitation_says_how_this_browser_installs_and_what_it_may_clear():
    shown = paint("install", InstallView("ios", "settings.storage.may-clear"), install=True)
    assert shown[("dialog:install", "data-how")] == "ios"
    assert shown[("id:install-storage", "text")] == EN["settings.storage.may-clear"]
    assert shown[("id:install-storage", "data-i18n")] == "settings.storage.may-clear"
    assert shown[("in:install.install", "hidden")] is False


# -- best scores and statistics -----------------------------------------------------------------
def test_best_scores_list_her_games_with_their_links_and_marks():
    ui = finished_ui(seed=3, difficulty=NIGHTMARE)
    ui.press("scores")
    view = ui.view().shows
    drawn = paint("scores", view)
    selected = {e for (e, w), v in drawn.items() if w == "aria-selected" and v == "true"}
    assert selected == {"tab:scores.nightmare"} and len(TABS) == 4
    (table,) = drawn[("id:scores-table", "children")]
    rows = find(table, "tr")
    assert len(rows) == 1 + len(view.entries)
    buttons = [dict(b.attrs) for b in find(rows[1], "button")]
    assert [b["data-action"] for b in buttons] == ["replay", "watch", "review"]
    assert buttons[0]["data-value"] == f"nightmare:{ui.game.seed}"
    assert buttons[1]["aria-label"] == EN["scores.watch.label"].replace("{rank}", "1")
    date = find(rows[1], "td")[2].text
    assert date == (Token("date", view.entries[0].date, "short", "en-GB"),)
    marked = replace(view, entries=(replace(view.entries[0], hints=2),))
    (table,) = paint("scores", marked)[("id:scores-table", "children")]
    (mark,) = find(table, "span")[1:]
    assert ("role", "img") in mark.attrs
    empty = paint("scores", replace(view, entries=(), watchable=()))
    assert texts(empty[("id:scores-table", "children")]) == [EN["scores.empty"]]


def test_a_daily_best_score_replays_its_day():
    ui = finished_ui(day=TODAY)
    ui.press("scores")
    (table,) = paint("scores", ui.view().shows)[("id:scores-table", "children")]
    replay = dict(find(find(table, "tr")[1], "button")[0].attrs)
    assert replay["data-value"] == f"daily:{TODAY}"


def test_statistics_show_figures_plots_recent_games_and_practice():
    ui = finished_ui(seed=3, difficulty=NIGHTMARE)
    ui.press("stats")
    view = ui.view().shows
    drawn = paint("stats", view, practise=True, **{"backup-now": True})
    body = drawn[("id:stats-body", "children")]
    (figures,) = find(body, "dl")
    assert [n.tag for n in figures.children] == ["dt", "dd"] * 12
    assert figures.children[0].text == EN["stats.games"]
    assert figures.children[1].text == (Token("decimal", 1, "", "en-GB"),)
    plots = find(body, "svg")
    assert plots and all(isinstance(p.text, str) and p.text.startswith("<svg") for p in plots)
    (recent,) = [t for t in find(body, "table") if ("class", "recent") in t.attrs]
    assert len(find(recent, "tr")) == len(view.recent)
    assert drawn[("in:stats.practise", "hidden")] is False  # (always there in the statistics)
    assert drawn[("in:stats.practise", "disabled")] is False
    assert drawn[("nudge:stats", "hidden")] is False
    waiting = view.practice.waiting
    label = drawn[("in:stats.practise", "aria-label")]
    assert label == Translator(CATALOGS, "en").t("button.practise.label", count=waiting)
    idle = paint("stats", replace(view, practice=Counts(0, 0, ())))
    assert idle[("in:stats.practise", "disabled")] is True
    assert idle[("id:stats-progress", "children")] == ()


def test_statistics_with_no_game_say_so():
    ui = Controller(new_session(seed=3))
    ui.press("stats")
    body = paint("stats", ui.view().shows)[("id:stats-body", "children")]
    assert texts(body) == [EN["stats.plot.empty"]]


# -- the little boards --------------------------------------------------------------------------
def test_watching_draws_the_step_its_dice_and_buttons():
    ui = finished_ui(seed=3, difficulty=NIGHTMARE)
    ui.press("watch", "nightmare:1")
    ui.press("watch-forward")
    view = ui.view().shows
    drawn = paint("watch", view)
    game = view.step.game
    states = [drawn[(f"mini:watch-cell.{i}", "data-state")] for i in range(16)]
    assert states.count("number") == sum(1 for v in game.staged_board if v > 0)
    assert drawn[("in:watch.watch-back", "disabled")] is False
    assert drawn[("in:watch.watch-play", "text")] == EN["button.watch.play"]
    assert drawn[("in:watch.watch-play", "aria-pressed")] == "false"
    ui.press("watch-play")
    playing = paint("watch", ui.view().shows)
    assert playing[("in:watch.watch-play", "text")] == EN["button.watch.pause"]


def test_a_review_shows_the_decision_beside_the_coachs_and_then_the_summary():
    ui = finished_ui(seed=3, difficulty=NIGHTMARE)
    ui.press("review")
    thinking = paint("review", ui.view().shows)
    assert thinking[("id:review-step", "text")] == EN["review.thinking"]
    assert thinking[("id:review-decision", "data-review-loss")] is None
    assert texts(thinking[("id:review-summary", "children")])[0].startswith(
        EN["review.working"].split("{")[0]
    )
    for _ in ui.review.steps():
        pass
    view = ui.view().shows
    drawn = paint("review", view)
    decision = view.decision
    assert drawn[("id:review-decision", "data-review-loss")] == str(decision.loss)
    assert drawn[("id:review-decision", "data-review-at")] == "0"
    ghosts = {i: drawn[(f"mini:review-coach.{i}", "data-ghost")] for i in range(16)}
    coach = decision.coach
    expected = {c: str(v) for c, v in coach.ghosts.items()}
    if coach.ruin is not None:
        expected[coach.ruin] = "ruin"
    assert {i: g for i, g in ghosts.items() if g is not None} == expected
    staged = [i for i in range(16) if drawn[(f"mini:review-cell.{i}", "data-state")] == "staged"]
    assert sorted(staged) == sorted(decision.player.ghosts)
    assert drawn[("id:review-summary", "data-review-total")] == str(view.summary.total)
    jumps = find(drawn[("id:review-summary", "children")], "button")
    assert len(jumps) == len(view.summary.costliest)
    assert drawn[("in:review.review-back", "disabled")] is True


def test_practice_says_grading_nothing_waiting_or_its_verdict():
    counts = Counts(0, 0, ())
    none = paint("practice", PracticeView(False, None, False, 0, None, counts))
    assert none[("dialog:practice", "data-state")] == "none"
    assert none[("id:practice-verdict", "text")] == EN["practice.none"]
    assert none[("in:practice.practice-next", "disabled")] is True
    grading = paint("practice", PracticeView(True, None, False, 0, None, counts))
    assert grading[("id:practice-verdict", "text")] == EN["practice.grading"]
    ui = finished_ui(seed=3, difficulty=NIGHTMARE)
    ui.press("review")
    for _ in ui.review.steps():
        pass
    decision = ui.view().shows.decision
    verdict = paint("practice", PracticeView(False, decision, False, 2, "2026-11-30", counts))
    assert verdict[("dialog:practice", "data-state")] == "verdict"
    assert verdict[("dialog:practice", "data-practice-loss")] == str(decision.loss)
    assert verdict[("dialog:practice", "data-solved")] == "false"
    day = verdict[("id:practice-from", "text")]
    assert Token("date", "2026-11-30", "medium", "en-GB") in day
    assert verdict[("in:practice.practice-next", "disabled")] is False
    solved = paint("practice", PracticeView(False, decision, True, 0, None, counts))
    assert solved[("id:practice-verdict", "text")] == EN["practice.solved"]
    assert solved[("in:practice.practice-next", "disabled")] is True
    assert solved[("id:practice-left", "text")] == ""


# -- the painter's memory -----------------------------------------------------------------------
def test_a_dialog_is_painted_again_only_when_its_view_or_the_table_changed():
    ui = finished_ui(seed=3, difficulty=NIGHTMARE)
    painter = Painter(words())
    first = painter.draw(ui.view())
    assert ("dialog:over", "open", True) in first
    assert painter.draw(ui.view()) == []
    ui.press("scores")
    switched = painter.draw(ui.view())
    assert ("dialog:over", "open", False) in switched
    assert ("dialog:scores", "open", True) in switched
    assert painter.closed("scores") and not painter.closed("scores")
    assert ("dialog:scores", "open", True) in painter.draw(ui.view())  # (opened again)
    painter.set_words(words("lt"))
    again = dict(((e, w), v) for e, w, v in painter.draw(ui.view()))
    assert again[("score", "text")] and again[("dialog:scores", "open")] is True


def test_a_text_asked_again_is_the_same_and_each_parameter_counts_with_its_kind():
    w = Words(Translator({"en": {"n": "{count} left", "k": "{a}-{b}"}}, "en"))
    assert w.s("n", count=1) == "1 left" and w.s("n", count=True) == "True left"
    assert w.s("n", count=1.0) == "1.0 left" and w.s("n", count=1) == "1 left"
    assert w.s("k", a=1, b=2) == "1-2" and w.s("k", b=2, a=1) == "1-2"
    assert w.s("n", count=[1]) == "[1] left"  # (a parameter that cannot be kept by)
    for n in range(SAID_KEPT + 5):  # (kept texts start again past their bound, still right)
        assert w.s("n", count=n) == f"{n} left"
    assert len(w._said) <= SAID_KEPT
