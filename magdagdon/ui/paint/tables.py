"""BEST SCORES and STATISTICS: their tabs, the best-scores table (the game-over sheet shows it
too), the figures, the plots (SVG from :mod:`magdagdon.plots`, drawn on first use), the last
games and the practice lines."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from ...records import DAILY, Entry, Table
from ...rules import Difficulty
from ...share import number
from .words import Node, Said, Token, Words, Write, node, row

if TYPE_CHECKING:
    from ...answers import Counts as Answered
    from ...played import Played
    from ...practice import Counts
    from ...stats import DifficultyStats
    from ..controls import Control
    from ..scores import ScoresView, StatsView

__all__ = ["best_table", "offers", "scores", "stats", "tab_name"]

Actions = Mapping[str, "Control"]
#: The tabs of BEST SCORES and STATISTICS, as their ``data-value`` names them.
TABS = (*(d.value for d in Difficulty), DAILY)


def tab_name(tab: Table) -> str:
    """A scores or statistics tab's ``data-value``: a difficulty's name, or ``daily``."""
    return tab if tab == DAILY else tab.value


def _tabs(dialog: str, current: Table) -> Iterator[Write]:
    for tab in TABS:
        yield (
            f"tab:{dialog}.{tab}",
            "aria-selected",
            "true" if tab == tab_name(current) else "false",
        )


def offers(dialog: str, actions: Actions) -> Iterator[Write]:
    """PRACTISE in a dialog that offers it (shown in REVIEW's and the game's end while positions
    wait; in the statistics always there, enabled while they wait), the reminder to back up
    (shown as the table says) and, at a game's end, today's puzzle while it waits."""
    practise = actions["practise"].enabled
    yield (f"in:{dialog}.practise", "hidden", dialog != "stats" and not practise)
    yield (f"in:{dialog}.practise", "disabled", not practise)
    if dialog in ("stats", "over"):
        yield (f"nudge:{dialog}", "hidden", not actions["backup-now"].shown)
    if dialog == "over":  # (today's puzzle, while it waits)
        yield ("in:over.puzzle", "hidden", not actions["puzzle"].shown)


def _link(action: str, value: str, label: str, *classes: str) -> Node:
    """A small button in a table's line (to watch, review or replay its game), labelled for a
    screen reader and on hover (a plain text: an attribute holds no token)."""
    return node(
        "button",
        "",
        type="button",
        cls=" ".join(("link-btn", *classes)),
        data_action=action,
        data_value=value,
        aria_label=label,
        title=label,
    )


def best_table(
    w: Words, tab: Table, entries: Sequence[Entry], mine: int | None, watchable: Sequence[bool]
) -> tuple[Node, ...]:
    """The best scores of ``tab`` (``mine``: the rank to mark), or that there are none."""
    if not entries:
        return (node("p", w.s("scores.empty"), cls="empty-table"),)
    keys = ("scores.rank", "scores.score", "scores.date", "scores.turns", "scores.powers")
    replay = node("th", "", node("span", w.s("scores.replay"), cls="sr-only"), cls="replay")
    head = row([(w.s(k), None) for k in keys], head=True)
    lines = [Node("tr", "", head.attrs, (*head.children, replay))]
    name = tab_name(tab)
    for rank, entry in enumerate(entries, 1):
        links: list[Node] = []
        if rank <= len(watchable) and watchable[rank - 1]:
            label = w.s("scores.watch.label", rank=rank)
            links.append(_link("watch", f"{name}:{rank}", label, "watch-btn"))
            label = w.s("scores.review.label", rank=rank)
            links.append(_link("review", f"{name}:{rank}", label, "review-btn"))
        lines.append(_entry_row(w, rank, entry, tab, rank == mine, links))
    return (node("table", "", *lines),)


def _entry_row(
    w: Words, rank: int, entry: Entry, tab: Table, mine: bool, links: list[Node]
) -> Node:
    """One best score: rank, score (marked when the coach helped), date, turns, powers, and a
    button that plays its dice again (then those to watch and review it)."""
    score: list[Node] = []
    if entry.hints:
        label = w.s("scores.hints", count=entry.hints)
        mark = node(
            "span", cls="hints-mark ico ico-bulb", role="img", aria_label=label, title=label
        )
        score.append(mark)
    cells = [
        node("td", str(rank)),
        node("td", number(entry.score), *score),
        node("td", (w.date(entry.date),)),
        node("td", str(entry.turns)),
        node("td", str(entry.powers)),
    ]
    replay: list[Node] = []
    if entry.seed is not None:
        # a daily roll's line plays its day again (as practice); another, its seed
        again = entry.date if tab == DAILY else entry.seed
        label = w.s("scores.replay.label", rank=rank)
        replay.append(_link("replay", f"{tab_name(tab)}:{again}", label))
    cells.append(Node("td", "", (("class", "replay"),), (*replay, *links)))
    return Node("tr", "", (("class", "mine"),) if mine else (), tuple(cells))


def scores(w: Words, view: ScoresView, actions: Actions) -> Iterator[Write]:
    yield from _tabs("scores", view.tab)
    yield (
        "id:scores-table",
        "children",
        best_table(w, view.tab, view.entries, None, view.watchable),
    )


def stats(w: Words, view: StatsView, actions: Actions) -> Iterator[Write]:
    """The figures of one tab, then its plots, then its last games to watch; the practice
    lines; PRACTISE and the reminder."""
    from ...plots import heatmap, histogram, over_time

    yield from _tabs("stats", view.tab)
    figures, found = view.figures, list(view.scores)
    body: list[Node] = []
    if not figures.games:
        body.append(node("p", w.s("stats.plot.empty"), cls="empty-table"))
    else:
        lines: list[Node] = []
        for key, value in _figure_rows(w, figures):
            lines += [node("dt", w.s(key)), node("dd", value)]
        body.append(node("dl", "", *lines, cls="stats-figures"))
        t = w.tr.t
        drawn = (
            histogram(found, t),
            over_time(found, t),
            heatmap(figures.ruin_cells, figures.detailed, t),
        )
        body.append(node("div", "", *(node("svg", svg) for svg in drawn if svg)))
    body += _recent(w, view.recent)
    yield ("id:stats-body", "children", tuple(body))
    yield from _practice_counts(w, view.practice)
    yield from _puzzle_counts(w, view.puzzles)
    yield from offers("stats", actions)


def _recent(w: Words, recent: Sequence[tuple[int, Played]]) -> list[Node]:
    """The last games of the tab, each with buttons to watch and review it."""
    if not recent:
        return []
    lines: list[Node] = []
    for n, played in recent:
        score = number(played.score)
        watch = _link("watch", f"game:{n}", w.s("stats.recent.watch", score=score), "watch-btn")
        review = _link("review", f"game:{n}", w.s("stats.recent.review", score=score), "review-btn")
        cells = (
            node("td", (w.date(played.date),)),
            node("td", score),
            node("td", "", watch, review, cls="replay"),
        )
        lines.append(Node("tr", "", (), cells))
    return [node("h3", w.s("stats.recent")), node("table", "", *lines, cls="recent")]


def _figure_rows(w: Words, f: DifficultyStats) -> list[tuple[str, Said | Token]]:
    """(i18n key, the figure as shown) for each line of the statistics."""
    share = {rate.bonus.value: rate.share for rate in f.bonuses}
    n = w.decimal
    streak = w.t("stats.streak.value", current=n(f.streak), longest=n(f.longest_streak))

    return [
        ("stats.games", n(f.games)),
        ("stats.mean", n(f.mean)),
        ("stats.median", n(f.median)),
        ("stats.best", n(f.best)),
        ("stats.last10", n(f.last10_mean)),
        ("stats.straight", w.percent(share.get("straight"))),
        ("stats.four", w.percent(share.get("four-of-a-kind"))),
        ("stats.pairs", w.percent(share.get("two-pairs"))),
        ("stats.ruins", n(f.ruins_per_game)),
        ("stats.powers", n(f.powers_per_game)),
        ("stats.hints", n(f.hints_per_game)),
        ("stats.daily.streak" if f.daily else "stats.streak", streak),
    ]


def _puzzle_counts(w: Words, counts: Answered) -> Iterator[Write]:
    """The statistics' puzzle line: the days answered, how many as well as the coach, the
    streak and the best one."""
    answered = w.s("puzzle.answered", count=counts.answered)
    matched = w.s("puzzle.matched", count=counts.matched)
    streak = w.s("puzzle.streak.stats", count=counts.streak, best=counts.best)
    where = "id:stats-puzzles"
    yield (where, "text", w.s("puzzle.counts", answered=answered, matched=matched, streak=streak))
    yield (where, "data-streak", str(counts.streak))
    yield (where, "data-answered", str(counts.answered))


def _practice_counts(w: Words, counts: Counts) -> Iterator[Write]:
    """The statistics' practice lines: how many positions wait and are learned, PRACTISE's
    label, and the weekly share of decisions as good as the coach's."""
    from ...plots import progress

    waiting = w.s("practice.waiting", count=counts.waiting)
    learned = w.s("practice.learned", count=counts.learned)
    yield (
        "id:stats-practice-counts",
        "text",
        w.s("practice.counts", waiting=waiting, learned=learned),
    )
    yield ("in:stats.practise", "aria-label", w.s("button.practise.label", count=counts.waiting))
    drawn = progress(counts.progress, w.tr.t)
    yield ("id:stats-progress", "children", (node("svg", drawn),) if drawn else ())
