"""The painters of BEST SCORES and STATISTICS (magdagdon/ui/paint/tables.py), read in CPython:
for a view made by hand, exactly what each screen shows. The tabs and which one is selected;
the best-scores table (its head, each line's cells, the coach's mark, the buttons to replay,
watch and review with their labels and values, the player's own line marked); the figures with
their words and the tokens Intl writes; the plots; the last games; the practice lines; PRACTISE
and the reminder to back up in each dialog that offers them. Every expected text comes from the
English catalogue and the view, never from the painter."""

from __future__ import annotations

import re
from typing import Any

import pytest

from magdagdon.answers import Counts as Answered
from magdagdon.i18n import Translator
from magdagdon.played import Played
from magdagdon.plots import heatmap, histogram, over_time, progress
from magdagdon.practice import Counts
from magdagdon.records import DAILY, Entry
from magdagdon.rules import Bonus, Difficulty
from magdagdon.stats import BonusRate, DifficultyStats
from magdagdon.ui.controls import Control
from magdagdon.ui.paint import PAINTERS, Node, Token
from magdagdon.ui.paint.tables import best_table, offers
from magdagdon.ui.scores import ScoresView, StatsView

from .catalogues import CATALOGS
from .test_painters import actions, words

EN = CATALOGS["en"]
LOCALE = "en-GB"  # (what words() prefers)
NIGHTMARE = Difficulty.NIGHTMARE
T = Translator(CATALOGS, "en").t
TAB_NAMES = ("peaceful", "survival", "nightmare", "daily")


# -- what a screen should show, from the catalogue ---------------------------------------------
def fill(key: str, **params: Any) -> str:
    """The English text of ``key`` (its ``one`` or ``other`` form by ``count``), filled in."""
    text = EN[key]
    if isinstance(text, dict):
        text = text["one" if params.get("count") == 1 else "other"]
    for name, value in params.items():
        text = text.replace(f"{{{name}}}", str(value))
    assert "{" not in text
    return text


def pieces(key: str, **tokens: Token) -> tuple[str | Token, ...]:
    """The English text of ``key`` with each placeholder as its token (Intl writes them)."""
    parts = re.split(r"\{(\w+)\}", EN[key])
    said = [tokens[p] if n % 2 else p for n, p in enumerate(parts)]
    return tuple(p for p in said if p != "")


def decimal(value: float) -> Token:
    return Token("decimal", value, "", LOCALE)


def percent(share: float) -> Token:
    return Token("percent", share, "", LOCALE)


def day(iso: str) -> tuple[Token]:
    return (Token("date", iso, "short", LOCALE),)


def el(tag: str, text: Any = "", *children: Any, **attrs: str) -> tuple:
    """An element as :func:`shape` writes one (``cls``: ``class``, ``_``: ``-``)."""
    names = {("class" if k == "cls" else k.replace("_", "-")): v for k, v in attrs.items()}
    return (tag, text, tuple(sorted(names.items())), tuple(children))


def shape(node: Any) -> Any:
    """A node tree to compare (attributes in any order); anything else as it is."""
    if not isinstance(node, Node):
        return node
    return (node.tag, node.text, tuple(sorted(node.attrs)), tuple(map(shape, node.children)))


def button(action: str, value: str, label: str, *classes: str) -> tuple:
    """A small button of a table's line, labelled for a screen reader and on hover."""
    cls = " ".join(("link-btn", *classes))
    return el(
        "button",
        "",
        type="button",
        cls=cls,
        data_action=action,
        data_value=value,
        aria_label=label,
        title=label,
    )


def writes(dialog: str, view: object, acts: dict[str, Control]) -> dict[tuple[str, str], Any]:
    drawn = list(PAINTERS[dialog](words(), view, acts))
    found = {(e, w): v for e, w, v in drawn}
    assert len(found) == len(drawn)  # (each element's property written once)
    return found


# -- the tabs ------------------------------------------------------------------------------------
@pytest.mark.parametrize("tab", [*Difficulty, DAILY])
def test_each_dialog_selects_the_tab_on_show_and_no_other(tab):
    on_show = tab if tab == DAILY else tab.value
    for dialog, view in (("scores", ScoresView(tab, (), ())), ("stats", stats_view(tab=tab))):
        drawn = writes(dialog, view, actions())
        selected = {e: v for (e, w), v in drawn.items() if w == "aria-selected"}
        assert selected == {
            f"tab:{dialog}.{name}": "true" if name == on_show else "false" for name in TAB_NAMES
        }


# -- the best scores -----------------------------------------------------------------------------
HEAD = el(
    "tr",
    "",
    *(el("th", EN[f"scores.{k}"]) for k in ("rank", "score", "date", "turns", "powers")),
    el("th", "", el("span", EN["scores.replay"], cls="sr-only"), cls="replay"),
)


def hints_mark(count: int) -> tuple:
    label = fill("scores.hints", count=count)
    return el("span", "", cls="hints-mark ico ico-bulb", role="img", aria_label=label, title=label)


def watch_and_review(value: str, rank: int) -> tuple[tuple, tuple]:
    return (
        button("watch", value, fill("scores.watch.label", rank=rank), "watch-btn"),
        button("review", value, fill("scores.review.label", rank=rank), "review-btn"),
    )


def replay(value: str, rank: int) -> tuple:
    return button("replay", value, fill("scores.replay.label", rank=rank))


ENTRIES = (
    Entry(212, "2026-11-30", 14, 2, seed=11),
    Entry(180, "2026-11-02", 15, 0, hints=1),  # (carried over from an older release: no seed)
    Entry(150, "2026-10-05", 13, 1, seed=5, hints=2),
    Entry(-7, "2026-09-01", 16, 3, seed=8),  # (beyond what the view says of watching)
)
WATCHABLE = (True, False, True)


def mark(mine: bool) -> dict[str, str]:
    return {"cls": "mine"} if mine else {}


def nightmare_table(mine: int | None) -> tuple:
    """The table of :data:`ENTRIES` as NIGHTMARE's best scores (``mine``: the line marked)."""
    lines = (
        (
            el("td", "1"),
            el("td", "212"),
            el("td", day("2026-11-30")),
            el("td", "14"),
            el("td", "2"),
            el(
                "td",
                "",
                replay("nightmare:11", 1),
                *watch_and_review("nightmare:1", 1),
                cls="replay",
            ),
        ),
        (
            el("td", "2"),
            el("td", "180", hints_mark(1)),
            el("td", day("2026-11-02")),
            el("td", "15"),
            el("td", "0"),
            el("td", "", cls="replay"),  # (no seed to replay, not to be watched)
        ),
        (
            el("td", "3"),
            el("td", "150", hints_mark(2)),
            el("td", day("2026-10-05")),
            el("td", "13"),
            el("td", "1"),
            el(
                "td",
                "",
                replay("nightmare:5", 3),
                *watch_and_review("nightmare:3", 3),
                cls="replay",
            ),
        ),
        (
            el("td", "4"),
            el("td", "−7"),  # (a true minus sign)
            el("td", day("2026-09-01")),
            el("td", "16"),
            el("td", "3"),
            el("td", "", replay("nightmare:8", 4), cls="replay"),
        ),
    )
    rows = (el("tr", "", *cells, **mark(rank == mine)) for rank, cells in enumerate(lines, 1))
    return el("table", "", HEAD, *rows)


@pytest.mark.parametrize("mine", [2, 4])
def test_the_best_scores_of_a_difficulty_line_by_line_with_her_line_marked(mine):
    (table,) = best_table(words(), NIGHTMARE, ENTRIES, mine, WATCHABLE)
    assert shape(table) == nightmare_table(mine)


def test_a_daily_best_score_replays_its_day_and_is_watched_by_its_rank():
    entries = (Entry(190, "2026-11-29", 12, 1, seed=4242), Entry(170, "2026-11-27", 14, 0, seed=7))
    (table,) = best_table(words(), DAILY, entries, None, (False, True))
    _, _, _, (_, first, second) = shape(table)
    assert first[-1][-1] == el("td", "", replay("daily:2026-11-29", 1), cls="replay")
    assert second[-1][-1] == el(
        "td", "", replay("daily:2026-11-27", 2), *watch_and_review("daily:2", 2), cls="replay"
    )
    assert first[2] == second[2] == ()  # (the screen's BEST SCORES marks no line)


def test_the_best_scores_screen_writes_its_tabs_and_the_table_with_no_line_marked():
    drawn = writes("scores", ScoresView(NIGHTMARE, ENTRIES, WATCHABLE), actions())
    assert {e for e, _ in drawn} == {f"tab:scores.{n}" for n in TAB_NAMES} | {"id:scores-table"}
    (table,) = drawn[("id:scores-table", "children")]
    assert shape(table) == nightmare_table(None)


@pytest.mark.parametrize("tab", [NIGHTMARE, DAILY])
def test_no_best_score_yet_says_so(tab):
    empty = (el("p", EN["scores.empty"], cls="empty-table"),)
    assert tuple(map(shape, best_table(words(), tab, (), None, ()))) == empty
    table = writes("scores", ScoresView(tab, (), ()), actions())[("id:scores-table", "children")]
    assert tuple(map(shape, table)) == empty


# -- the statistics ------------------------------------------------------------------------------
FIGURES = DifficultyStats(
    difficulty=NIGHTMARE,
    games=5,
    mean=101.5,
    median=99.0,
    best=212,
    last10_mean=98.5,
    powers_per_game=1.25,
    hints_per_game=0.5,
    days=4,
    streak=3,
    longest_streak=7,
    detailed=4,
    bonuses=(
        BonusRate(Bonus.STRAIGHT, 3, 2, 0.75, 0.5),
        BonusRate(Bonus.FOUR_OF_A_KIND, 1, 1, 0.25, 0.25),
        BonusRate(Bonus.TWO_PAIRS, 6, 3, 1.5, 0.75),
    ),
    ruins_per_game=2.75,
    ruin_cells=(4, 1, 0, 2, 0, 0, 3, 0, 1, 0, 0, 0, 0, 0, 0, 0),
)
#: The daily rolls, carried over from an older release: no game told in detail.
DAILY_FIGURES = DifficultyStats(
    difficulty=None,
    games=2,
    mean=150.0,
    median=150.0,
    best=160,
    last10_mean=150.0,
    powers_per_game=0.5,
    hints_per_game=0.0,
    days=2,
    streak=0,
    longest_streak=2,
    detailed=0,
    bonuses=tuple(BonusRate(b, 0, 0, None, None) for b in Bonus),
    ruins_per_game=None,
    ruin_cells=(0,) * 16,
    daily=True,
)
SCORES = (150, 212, -12, 99, 60)
RECENT = (
    (9, Played(NIGHTMARE, 31, ("roll",), -12, "2026-11-30", 16, 1)),
    (4, Played(NIGHTMARE, 17, ("roll",), 212, "2026-11-12", 14, 2)),
)
PRACTICE = Counts(3, 1, (("2026-11-16", 0.5), ("2026-11-23", None), ("2026-11-30", 1.0)))
NO_GAME = DifficultyStats(None, 0, None, None, None, None, None, None, 0, 0, 0, 0, (), None, ())


PUZZLES = Answered(answered=12, matched=5, streak=3, best=7, today=None)


def stats_view(**changes: Any) -> StatsView:
    fields = {
        "tab": NIGHTMARE,
        "figures": FIGURES,
        "scores": SCORES,
        "recent": RECENT,
        "practice": PRACTICE,
        "puzzles": PUZZLES,
    }
    return StatsView(**(fields | changes))


def figure_lines(lines: list[tuple[str, Any]]) -> tuple:
    terms = [(el("dt", EN[key]), el("dd", value)) for key, value in lines]
    return el("dl", "", *(part for term in terms for part in term), cls="stats-figures")


def test_the_figures_of_a_difficulty_are_words_and_numbers_for_intl():
    body = writes("stats", stats_view(), actions())[("id:stats-body", "children")]
    figures, plots, *_ = map(shape, body)
    streak = pieces("stats.streak.value", current=decimal(3), longest=decimal(7))
    assert figures == figure_lines(
        [
            ("stats.games", (decimal(5),)),
            ("stats.mean", (decimal(101.5),)),
            ("stats.median", (decimal(99.0),)),
            ("stats.best", (decimal(212),)),
            ("stats.last10", (decimal(98.5),)),
            ("stats.straight", (percent(0.5),)),
            ("stats.four", (percent(0.25),)),
            ("stats.pairs", (percent(0.75),)),
            ("stats.ruins", (decimal(2.75),)),
            ("stats.powers", (decimal(1.25),)),
            ("stats.hints", (decimal(0.5),)),
            ("stats.streak", streak),
        ]
    )
    # the score distribution and the scores over time of the tab's scores, the ruins by cell
    drawn = (histogram(SCORES, T), over_time(SCORES, T), heatmap(FIGURES.ruin_cells, 4, T))
    assert all(drawn)
    assert plots == el("div", "", *(el("svg", svg) for svg in drawn))


def test_the_daily_figures_count_official_days_and_dash_what_no_game_tells():
    view = stats_view(tab=DAILY, figures=DAILY_FIGURES, scores=(140, 160), recent=())
    body = writes("stats", view, actions())[("id:stats-body", "children")]
    streak = pieces("stats.streak.value", current=decimal(0), longest=decimal(2))
    assert tuple(map(shape, body)) == (
        figure_lines(
            [
                ("stats.games", (decimal(2),)),
                ("stats.mean", (decimal(150.0),)),
                ("stats.median", (decimal(150.0),)),
                ("stats.best", (decimal(160),)),
                ("stats.last10", (decimal(150.0),)),
                ("stats.straight", "–"),
                ("stats.four", "–"),
                ("stats.pairs", "–"),
                ("stats.ruins", "–"),
                ("stats.powers", (decimal(0.5),)),
                ("stats.hints", (decimal(0.0),)),
                ("stats.daily.streak", streak),
            ]
        ),
        # no heat map of ruins without a game told in detail
        el("div", "", el("svg", histogram((140, 160), T)), el("svg", over_time((140, 160), T))),
    )


def test_the_last_games_each_have_their_day_score_and_buttons_to_watch_and_review():
    body = writes("stats", stats_view(), actions())[("id:stats-body", "children")]
    _, _, *recent = map(shape, body)

    def line(n: int, date: str, score: str) -> tuple:
        watch = button("watch", f"game:{n}", fill("stats.recent.watch", score=score), "watch-btn")
        review = fill("stats.recent.review", score=score)
        return el(
            "tr",
            "",
            el("td", day(date)),
            el("td", score),
            el("td", "", watch, button("review", f"game:{n}", review, "review-btn"), cls="replay"),
        )

    assert recent == [
        el("h3", EN["stats.recent"]),
        el("table", "", line(9, "2026-11-30", "−12"), line(4, "2026-11-12", "212"), cls="recent"),
    ]
    without = writes("stats", stats_view(recent=()), actions())[("id:stats-body", "children")]
    assert [n.tag for n in without] == ["dl", "div"]


def test_statistics_with_no_game_say_so_and_nothing_else():
    view = stats_view(figures=NO_GAME, scores=(), recent=())
    body = writes("stats", view, actions())[("id:stats-body", "children")]
    assert tuple(map(shape, body)) == (el("p", EN["stats.plot.empty"], cls="empty-table"),)


@pytest.mark.parametrize(("waiting", "learned"), [(3, 1), (1, 4)])
def test_the_practice_lines_count_positions_waiting_and_learned_and_plot_the_weeks(
    waiting, learned
):
    practice = Counts(waiting, learned, PRACTICE.progress)
    drawn = writes("stats", stats_view(practice=practice), actions(practise=True))
    said = fill(
        "practice.counts",
        waiting=fill("practice.waiting", count=waiting),
        learned=fill("practice.learned", count=learned),
    )
    assert drawn[("id:stats-practice-counts", "text")] == said
    label = fill("button.practise.label", count=waiting)
    assert drawn[("in:stats.practise", "aria-label")] == label
    plot = progress(PRACTICE.progress, T)
    assert plot and drawn[("id:stats-progress", "children")] == (Node("svg", plot),)
    weeks = (("2026-11-23", None), ("2026-11-30", None))  # (no game reviewed: no plot)
    idle = writes("stats", stats_view(practice=Counts(0, 0, weeks)), actions())
    assert idle[("id:stats-progress", "children")] == ()


def test_the_statistics_write_each_of_their_elements():
    drawn = writes("stats", stats_view(), actions(practise=True, **{"backup-now": True}))
    assert set(drawn) == {
        *((f"tab:stats.{n}", "aria-selected") for n in TAB_NAMES),
        ("id:stats-body", "children"),
        ("id:stats-practice-counts", "text"),
        ("in:stats.practise", "aria-label"),
        ("id:stats-progress", "children"),
        ("id:stats-puzzles", "text"),
        ("id:stats-puzzles", "data-streak"),
        ("id:stats-puzzles", "data-answered"),
        ("in:stats.practise", "hidden"),
        ("in:stats.practise", "disabled"),
        ("nudge:stats", "hidden"),
    }


# -- PRACTISE and the reminder -------------------------------------------------------------------
@pytest.mark.parametrize("practise", [True, False])
@pytest.mark.parametrize("nudge", [True, False])
def test_practise_and_the_reminder_in_each_dialog_that_offers_them(practise, nudge):
    # (PRACTISE: its being enabled counts, not its being shown; the reminder: its being shown)
    acts = {
        "practise": Control(shown=not practise, enabled=practise),
        "backup-now": Control(shown=nudge, enabled=not nudge),
        "puzzle": Control(shown=nudge, enabled=not nudge),  # (today's waits, or not)
    }
    for dialog in ("review", "over", "stats"):
        drawn = {(e, w): v for e, w, v in offers(dialog, acts)}
        expected = {
            # (always there in the statistics, disabled while nothing waits)
            (f"in:{dialog}.practise", "hidden"): dialog != "stats" and not practise,
            (f"in:{dialog}.practise", "disabled"): not practise,
        }
        if dialog != "review":
            expected[(f"nudge:{dialog}", "hidden")] = not nudge
        if dialog == "over":  # (its being shown counts)
            expected[("in:over.puzzle", "hidden")] = not nudge
        assert drawn == expected
