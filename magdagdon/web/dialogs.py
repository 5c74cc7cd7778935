"""The dialogs' fillers, one function each in :data:`FILLERS` (dialog → filler): each is
handed the renderer (its document, translator, window) and the frozen view the dialog's part
made (:mod:`magdagdon.ui`), and writes it into the dialog. The renderer calls a filler only
when what its dialog shows changed. With the few DOM helpers the renderer shares.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any, Protocol

from pyscript.ffi import to_js

from magdagdon.i18n import Translate, Translator, date_locale
from magdagdon.message import Message
from magdagdon.records import DAILY, Entry, Table
from magdagdon.rules import EMPTY, RUIN, ScoreBreakdown
from magdagdon.share import number

if TYPE_CHECKING:
    from magdagdon.played import Played
    from magdagdon.practice import Counts
    from magdagdon.review import Decision
    from magdagdon.stats import DifficultyStats
    from magdagdon.ui.backup import BackupView
    from magdagdon.ui.games import ConfirmNew, ConfirmUrl
    from magdagdon.ui.keeping import InstallView
    from magdagdon.ui.over import OverView
    from magdagdon.ui.practice import PracticeView
    from magdagdon.ui.review import ReviewView
    from magdagdon.ui.scores import ScoresView, StatsView
    from magdagdon.ui.settings import SettingsView
    from magdagdon.ui.watch import WatchView

__all__ = ["FILLERS", "UNVIEWED", "attr", "missing"]


class Renderer(Protocol):
    """What a filler is handed: the renderer's window, document and translator."""

    window: Any
    doc: Any
    tr: Translator

    def say(self, message: Message) -> str: ...


RULE_SECTIONS = (
    "objective",
    "turn",
    "difficulty",
    "placement",
    "powers",
    "magdagdon",
    "scoring",
    "end",
    "about",
    "keys",
)


def missing(value: object) -> bool:
    """None, or JavaScript's null (which Pyodide 314 hands over as a JsNull object)."""
    return value is None or type(value).__name__ == "JsNull"


def attr(el: Any, name: str) -> str | None:
    """An attribute's text, or None (JS null arrives as jsnull, not None)."""
    value = el.getAttribute(name)
    return value if isinstance(value, str) else None


def _tab(tab: Table) -> str:
    """A scores or statistics tab's ``data-value``: a difficulty's name, or ``daily``."""
    return tab if tab == DAILY else tab.value


# -- DOM helpers ----------------------------------------------------------------------------------
def element(r: Renderer, tag: str, text: str | None = None, cls: str | None = None) -> Any:
    el = r.doc.createElement(tag)
    if text is not None:
        el.textContent = text
    if cls:
        el.className = cls
    return el


def button(r: Renderer, text: str, action: str, value: str | None = None) -> Any:
    el = element(r, "button", text)
    el.type = "button"
    el.setAttribute("data-action", action)
    if value is not None:
        el.setAttribute("data-value", value)
    return el


def row(
    r: Renderer, cells: Sequence[tuple[str, str | None]], cls: str | None = None, head: bool = False
) -> Any:
    tr = element(r, "tr", cls=cls)
    for text, cell_cls in cells:
        tr.append(element(r, "th" if head else "td", text, cell_cls))
    return tr


def clear(el: Any) -> None:
    while el.firstChild:
        el.removeChild(el.firstChild)


def _q(r: Renderer, selector: str) -> Any:
    return r.doc.querySelector(selector)


def _locale(r: Renderer) -> str:
    """The locale of dates and numbers: the browser's own when it is a regional form of the
    game's language (``en-GB`` while playing in English), else the game's language."""
    try:
        navigator = r.window.navigator
        tags = [navigator.language, *navigator.languages]
    except Exception:  # (a browser without them: the game's language)
        tags = []
    return date_locale(r.tr.language, tags)


def date(r: Renderer, iso: str, style: str = "short") -> str:
    """An ISO date as the player reads it (``style``: Intl's ``dateStyle``; the order and
    the separators of the player's region). A bare date is read as the local day it names
    (not as UTC midnight, which is the day before west of Greenwich)."""
    try:
        when = r.window.Date.new(iso + "T12:00" if len(iso) == 10 else iso)
        options = to_js({"dateStyle": style})
        return str(r.window.Intl.DateTimeFormat.new(_locale(r), options).format(when))
    except Exception:
        return iso


def _decimal(r: Renderer, value: float | None) -> str:
    """A figure in the player's language (one decimal at most; a dash when there is none)."""
    if value is None:
        return "–"
    options = to_js({"maximumFractionDigits": 1})
    return str(r.window.Intl.NumberFormat.new(_locale(r), options).format(value))


def _percent(r: Renderer, share: float | None) -> str:
    if share is None:
        return "–"
    options = to_js({"style": "percent", "maximumFractionDigits": 0})
    return str(r.window.Intl.NumberFormat.new(_locale(r), options).format(share))


def _link(r: Renderer, action: str, value: str, label: str, *classes: str) -> Any:
    """A small button in a table's line (to watch or replay its game), labelled for a screen
    reader and on hover."""
    el = button(r, "", action, value)
    el.classList.add("link-btn", *classes)
    el.setAttribute("aria-label", label)
    el.setAttribute("title", label)
    return el


# -- SETTINGS, RULES, the confirmations --------------------------------------------------------
def fill_settings(r: Renderer, view: SettingsView) -> None:
    for el in r.doc.querySelectorAll("#dialog-settings [data-value]"):
        is_difficulty = attr(el, "data-action") == "difficulty"
        current = view.difficulty if is_difficulty else view.language
        el.setAttribute("aria-pressed", str(attr(el, "data-value") == current).lower())
    for name, on in (("sound", view.sound), ("vibration", view.vibration)):
        el = _q(r, f'#dialog-settings [data-action="{name}"]')
        el.setAttribute("aria-pressed", "true" if on else "false")


def fill_rules(r: Renderer, _: None) -> None:
    """The rules' sections, written in one go (their words escaped): an element at a time, the
    page's thread spent most of a frame on the calls into the browser."""
    _q(r, "#rules-text").innerHTML = "".join(
        f"<section><h3>{escape(r.tr.t(f'rules.{section}.title'))}</h3><ul>"
        + "".join(f"<li>{escape(p)}</li>" for p in r.tr.paragraphs(f"rules.{section}.body"))
        + "</ul></section>"
        for section in RULE_SECTIONS
    )


def fill_confirm_url(r: Renderer, view: ConfirmUrl) -> None:
    if view.day is not None:
        text = r.tr.t("confirm.url_daily.body", date=date(r, view.day, "medium"))
    elif view.difficulty is not None:
        name = r.tr.t(f"difficulty.{view.difficulty.value}")
        text = r.tr.t("confirm.url_game.body", difficulty=name)
    else:
        return
    _q(r, "#confirm-url-body").textContent = text


def fill_confirm_new(r: Renderer, view: ConfirmNew) -> None:
    """Ending a game in progress: an ordinary one, or another day's daily roll."""
    if view.day is not None:
        title = r.tr.t("confirm.daily.title")
        body = r.tr.t("confirm.daily.body", date=date(r, view.day, "medium"))
    else:
        title, body = r.tr.t("confirm.new_game.title"), r.tr.t("confirm.new_game.body")
    _q(r, "#confirm-new-title").textContent = title
    _q(r, "#confirm-new-body").textContent = body


# -- BEST SCORES and STATISTICS ----------------------------------------------------------------
def _fill_tabs(r: Renderer, selector: str, current: str) -> None:
    for el in r.doc.querySelectorAll(selector):
        el.setAttribute("aria-selected", str(attr(el, "data-value") == current).lower())


def fill_scores(r: Renderer, view: ScoresView) -> None:
    _fill_tabs(r, "#dialog-scores .tab", _tab(view.tab))
    box = _q(r, "#scores-table")
    fill_table(r, box, view.tab, view.entries, None, view.watchable)


def fill_table(
    r: Renderer,
    box: Any,
    tab: Table,
    entries: Sequence[Entry],
    mine: int | None,
    watchable: Sequence[bool],
) -> None:
    clear(box)
    if not entries:
        box.append(element(r, "p", r.tr.t("scores.empty"), "empty-table"))
        return
    table = element(r, "table")
    keys = ("scores.rank", "scores.score", "scores.date", "scores.turns", "scores.powers")
    head = row(r, [(r.tr.t(k), None) for k in keys], head=True)
    replay = element(r, "th", cls="replay")
    replay.append(element(r, "span", r.tr.t("scores.replay"), "sr-only"))
    head.append(replay)
    table.append(head)
    for rank, entry in enumerate(entries, 1):
        line = _entry_row(r, rank, entry, tab, rank == mine)
        if rank <= len(watchable) and watchable[rank - 1]:
            label = r.tr.t("scores.watch.label", rank=rank)
            watch = _link(r, "watch", f"{_tab(tab)}:{rank}", label, "watch-btn")
            label = r.tr.t("scores.review.label", rank=rank)
            review = _link(r, "review", f"{_tab(tab)}:{rank}", label, "review-btn")
            line.lastElementChild.append(watch, review)
        table.append(line)
    box.append(table)


def _entry_row(r: Renderer, rank: int, entry: Entry, tab: Table, mine: bool) -> Any:
    """One best score: rank, score (marked when the coach helped), date, turns, powers,
    and a button that plays its dice again."""
    cells = [
        (str(rank), None),
        (number(entry.score), None),
        (date(r, entry.date), None),
        (str(entry.turns), None),
        (str(entry.powers), None),
    ]
    line = row(r, cells, "mine" if mine else None)
    if entry.hints:
        label = r.tr.t("scores.hints", count=entry.hints)
        mark = element(r, "span", cls="hints-mark")
        mark.classList.add("ico", "ico-bulb")
        mark.setAttribute("role", "img")
        mark.setAttribute("aria-label", label)
        mark.setAttribute("title", label)
        line.children[1].append(mark)
    cell = element(r, "td", cls="replay")
    if entry.seed is not None:
        # a daily roll's line plays its day again (as practice); another, its seed
        again = entry.date if tab == DAILY else entry.seed
        link = _link(r, "replay", f"{_tab(tab)}:{again}", r.tr.t("scores.replay.label", rank=rank))
        link.className = "link-btn"
        cell.append(link)
    line.append(cell)
    return line


def fill_stats(r: Renderer, view: StatsView) -> None:
    """The figures of one tab, then its plots (inline SVG, drawn on first use), then its last
    games to watch."""
    from magdagdon.plots import heatmap, histogram, over_time

    _fill_tabs(r, "#dialog-stats .tab", _tab(view.tab))
    figures, scores, box = view.figures, list(view.scores), _q(r, "#stats-body")
    clear(box)
    if not figures.games:
        box.append(element(r, "p", r.tr.t("stats.plot.empty"), "empty-table"))
    else:
        rows = element(r, "dl", cls="stats-figures")
        for key, value in _figure_rows(r, figures):
            rows.append(element(r, "dt", r.tr.t(key)))
            rows.append(element(r, "dd", value))
        box.append(rows)
        t = r.tr.t
        drawn = [
            histogram(scores, t),
            over_time(scores, t),
            heatmap(figures.ruin_cells, figures.detailed, t),
        ]
        holder = element(r, "div")
        holder.innerHTML = "".join(svg for svg in drawn if svg)  # escaped by magdagdon.plots
        box.append(holder)
    _fill_recent(r, box, view.recent)
    _fill_practice_counts(r, view.practice)


def _fill_recent(r: Renderer, box: Any, recent: Sequence[tuple[int, Played]]) -> None:
    """The last games of the tab, each with a button to watch it."""
    if not recent:
        return
    box.append(element(r, "h3", r.tr.t("stats.recent")))
    table = element(r, "table", cls="recent")
    for n, played in recent:
        line = row(r, [(date(r, played.date), None), (number(played.score), None)])
        cell = element(r, "td", cls="replay")
        label = r.tr.t("stats.recent.watch", score=number(played.score))
        cell.append(_link(r, "watch", f"game:{n}", label, "watch-btn"))
        label = r.tr.t("stats.recent.review", score=number(played.score))
        cell.append(_link(r, "review", f"game:{n}", label, "review-btn"))
        line.append(cell)
        table.append(line)
    box.append(table)


def _figure_rows(r: Renderer, f: DifficultyStats) -> list[tuple[str, str]]:
    """(i18n key, the figure as shown) for each line of the statistics."""
    share = {rate.bonus.value: rate.share for rate in f.bonuses}

    def n(value: float | None) -> str:
        return _decimal(r, value)

    streak = r.tr.t("stats.streak.value", current=n(f.streak), longest=n(f.longest_streak))
    return [
        ("stats.games", n(f.games)),
        ("stats.mean", n(f.mean)),
        ("stats.median", n(f.median)),
        ("stats.best", n(f.best)),
        ("stats.last10", n(f.last10_mean)),
        ("stats.straight", _percent(r, share.get("straight"))),
        ("stats.four", _percent(r, share.get("four-of-a-kind"))),
        ("stats.pairs", _percent(r, share.get("two-pairs"))),
        ("stats.ruins", n(f.ruins_per_game)),
        ("stats.powers", n(f.powers_per_game)),
        ("stats.hints", n(f.hints_per_game)),
        ("stats.daily.streak" if f.daily else "stats.streak", streak),
    ]


# -- watching a game, the backup ---------------------------------------------------------------
def fill_watch(r: Renderer, view: WatchView) -> None:
    """One step of a game watched: its board and dice, its score, what the move was."""
    game = view.step.game
    for i, el in enumerate(r.doc.querySelectorAll("[data-watch-cell]")):
        value = game.staged_board[i]
        state = "ruin" if value == RUIN else "empty" if value == EMPTY else "number"
        el.dataset.state, el.dataset.value = state, str(max(value, 0))
    for d, el in enumerate(r.doc.querySelectorAll("[data-watch-die]")):
        shown = d < len(game.dice) and d not in game.staged
        el.dataset.state = "available" if shown else "blank"
        el.dataset.value = str(game.dice[d]) if shown else "0"
    _q(r, "#watch-score").textContent = number(game.score)
    _q(r, "#watch-step").textContent = r.tr.t("watch.step", n=view.at, total=view.last)
    key, params = view.step.said
    _q(r, "#watch-said").textContent = r.tr.t(key, **params)
    enabled = {"watch-back": view.back, "watch-forward": view.forward, "watch-play": True}
    for action, on in enabled.items():
        _q(r, f'[data-action="{action}"]').disabled = not on
    play = _q(r, '[data-action="watch-play"]')
    play.textContent = r.tr.t(f"button.watch.{'pause' if view.playing else 'play'}")
    play.setAttribute("aria-pressed", str(view.playing).lower())


def fill_review(r: Renderer, view: ReviewView) -> None:
    """REVIEW: the decision on show (the board before it, the player's dice staged, the
    coach's as ghost dice, its loss and mark, its words), and the summary once worked out."""
    t, decision = r.tr.t, view.decision
    box = _q(r, "#review-decision")
    for name in ("loss", "at", "mark"):
        box.removeAttribute(f"data-review-{name}")
    _fill_decision_board(r, "review", decision)
    if decision is None:
        step, said, mark = t("review.thinking"), "", ""
    else:
        box.setAttribute("data-review-loss", str(decision.loss))
        box.setAttribute("data-review-at", str(view.at))
        if decision.mark:
            box.setAttribute("data-review-mark", decision.mark)
        step = t("review.step", n=view.at + 1, total=view.total)
        mark = t(f"review.mark.{decision.mark}") if decision.mark else ""
        said = describe_decision(decision, t)
    _q(r, "#review-step").textContent = step
    _q(r, "#review-mark").textContent = mark
    _q(r, "#review-said").textContent = said
    _fill_review_summary(r, view)
    for action, on in {"review-back": view.back, "review-next": view.forward}.items():
        _q(r, f'[data-action="{action}"]').disabled = not on


def _fill_decision_board(r: Renderer, name: str, decision: Decision | None) -> None:
    """The board before ``decision`` twice (in the dialog's ``data-<name>-…`` cells): with
    the player's dice staged (her ruin ruined), and with the coach's move as ghost dice (a
    crossed cell for its ruin), as HINT draws it."""
    board = decision.before.board if decision else (EMPTY,) * 16
    player, coach = (decision.player, decision.coach) if decision else (None, None)
    for selector, move in ((f"[data-{name}-cell]", player), (f"[data-{name}-coach]", coach)):
        mine = move is player
        for i, el in enumerate(r.doc.querySelectorAll(selector)):
            value = board[i]
            state = "ruin" if value == RUIN else "empty" if value == EMPTY else "number"
            ghost = None
            if move is not None and mine and i in move.ghosts:
                state, value = "staged", move.ghosts[i]
            elif move is not None and mine and move.ruin == i:
                state = "ruin"
            elif move is not None and not mine:
                ghost = "ruin" if move.ruin == i else move.ghosts.get(i)
            el.dataset.state, el.dataset.value = state, str(max(value, 0))
            if ghost is None:
                el.removeAttribute("data-ghost")
            else:
                el.setAttribute("data-ghost", str(ghost))
    dice = decision.before.dice if decision else ()
    for d, el in enumerate(r.doc.querySelectorAll(f"[data-{name}-die]")):
        el.dataset.state = "available" if d < len(dice) else "blank"
        el.dataset.value = str(dice[d]) if d < len(dice) else "0"


def describe_decision(decision: Decision, t: Translate) -> str:
    """The decision in words (the review module is loaded by now: a review is on show)."""
    from magdagdon.review import describe

    return describe(decision, t)


def _fill_review_summary(r: Renderer, view: ReviewView) -> None:
    """The summary: the points given up in all, the share, the costliest (tap to go there);
    while it is worked out, how far it has come."""
    box = _q(r, "#review-summary")
    clear(box)
    summary = view.summary
    if summary is None:
        box.removeAttribute("data-review-total")
        said = r.tr.t("review.working", n=view.ready, total=view.total)
        box.append(element(r, "p", said, "review-working"))
        return
    from magdagdon.review import summary_words

    box.setAttribute("data-review-total", str(summary.total))
    for line in summary_words(summary, r.tr.t)[:2]:
        box.append(element(r, "p", line))
    if summary.costliest:
        items = element(r, "p", r.tr.t("review.costliest.label"), "review-costliest")
        for index in summary.costliest:
            decision = summary.decisions[index]
            points = r.tr.t("review.points", count=decision.loss)
            text = r.tr.t("review.costliest.item", turn=decision.turn, points=points)
            items.append(button(r, text, "review-jump", str(index)))
        box.append(items)


def fill_practice(r: Renderer, view: PracticeView) -> None:
    """PRACTICE: her answer being weighed, then the verdict (solved, or the points her move
    gave up, with the coach's move as ghost dice beside hers), or that nothing waits."""
    t, decision = r.tr.t, view.decision
    box = _q(r, "#dialog-practice")
    box.dataset.state = "grading" if view.grading else "none" if decision is None else "verdict"
    if decision is None:
        box.removeAttribute("data-practice-loss")
        verdict = t("practice.grading") if view.grading else t("practice.none")
    else:
        box.setAttribute("data-practice-loss", str(decision.loss))
        box.dataset.solved = "true" if view.solved else "false"
        verdict = t("practice.solved") if view.solved else t("practice.missed", count=decision.loss)
    _q(r, "#practice-verdict").textContent = verdict
    _q(r, "#practice-decision").hidden = decision is None
    _fill_decision_board(r, "drill", decision)
    day = "" if view.day is None else t("practice.from", date=date(r, view.day, "medium"))
    _q(r, "#practice-from").textContent = day
    _q(r, "#practice-said").textContent = "" if decision is None else describe_decision(decision, t)
    left = t("practice.left", count=view.left) if view.left and decision is not None else ""
    _q(r, "#practice-left").textContent = left
    for action in ("practice-again", "practice-next"):
        el = _q(r, f'#dialog-practice [data-action="{action}"]')
        el.hidden = decision is None
        el.disabled = decision is None or (action == "practice-next" and not view.left)


def _fill_practice_counts(r: Renderer, counts: Counts) -> None:
    """The statistics' practice lines: how many positions wait and are learned, PRACTISE,
    and the weekly share of decisions as good as the coach's."""
    from magdagdon.plots import progress

    t = r.tr.t
    waiting = t("practice.waiting", count=counts.waiting)
    learned = t("practice.learned", count=counts.learned)
    counts_line = t("practice.counts", waiting=waiting, learned=learned)
    _q(r, "#stats-practice-counts").textContent = counts_line
    go = _q(r, '#dialog-stats [data-action="practise"]')
    go.setAttribute("aria-label", t("button.practise.label", count=counts.waiting))
    _q(r, "#stats-progress").innerHTML = progress(counts.progress, t) or ""


def fill_backup(r: Renderer, view: BackupView) -> None:
    _q(r, "#backup-out").hidden = view.code is None
    _q(r, "[data-backup-code]").value = view.code or ""
    line, said = _q(r, "#backup-said"), view.said
    line.textContent = r.say(said) if said else ""
    line.dataset.alert = "true" if said and said.alert else "false"


# -- the game-over screen ----------------------------------------------------------------------
def fill_over(r: Renderer, view: OverView) -> None:
    game, t = view.game, r.tr.t
    final = game.breakdown
    daily = view.day is not None
    _q(r, "#over-title").textContent = t("gameover.daily.title" if daily else "gameover.title")
    _q(r, "#final-score").textContent = number(final.total)
    _fill_daily(r, view)
    verdict_line = _q(r, "#over-verdict")
    verdict_line.textContent = "" if view.verdict is None else r.say(view.verdict)
    verdict_line.dataset.won = "true" if view.won else "false"
    _fill_rank(r, view.rank, game.difficulty.value, daily)
    _fill_coach(r, view.coach, game.hints, daily)
    box = _q(r, "#over-breakdown")
    clear(box)
    box.append(_breakdown_table(r, final))
    if daily:
        title = t("scores.daily.title")
    else:
        title = t("scores.title.difficulty", difficulty=t("difficulty." + game.difficulty.value))
    _q(r, "#over-table-title").textContent = title
    fill_table(r, _q(r, "#over-table"), view.tab, view.entries, view.rank, view.watchable)
    _q(r, '#dialog-over [data-action="daily-again"]').hidden = not view.again
    again = "button.your_game" if view.resumes else "button.new_game"
    _q(r, "#over-new-game").textContent = t(again)  # (as the button under the board says it)


def _fill_daily(r: Renderer, view: OverView) -> None:
    """A daily roll's lines: official or practice, of which day, and the streak."""
    line, streak_line = _q(r, "#over-daily"), _q(r, "#over-streak")
    if view.day is None:
        line.textContent = streak_line.textContent = ""
        return
    key = "gameover.daily.practice" if view.practice else "gameover.daily.official"
    line.textContent = r.tr.t(key, date=date(r, view.day, "medium"))
    current, longest = view.streak
    streak_line.textContent = r.tr.t("gameover.daily.streak", count=current, longest=longest)


def _fill_coach(r: Renderer, coach: int | None, hints: int, daily: bool) -> None:
    """The coach's score on the player's dice (or that it is still playing them: on a
    daily roll, its par), and the hints the player used."""
    line = _q(r, "#over-coach")
    if coach is None:
        key = "gameover.daily.par.thinking" if daily else "gameover.coach.thinking"
        line.textContent = r.tr.t(key)
    else:
        key = "gameover.daily.par" if daily else "gameover.coach"
        line.textContent = r.tr.t(key, score=number(coach))
    line.dataset.thinking = "true" if coach is None else "false"
    hints_line = _q(r, "#over-hints")
    hints_line.textContent = r.tr.t("gameover.hints", count=hints) if hints else ""


def _fill_rank(r: Renderer, rank: int | None, difficulty: str, daily: bool) -> None:
    """The line under the final score: a new best, the place in the table, or neither."""
    rank_el = _q(r, "#over-rank")
    if rank == 1:
        rank_el.textContent = r.tr.t("gameover.new_best")
    elif rank is not None:
        name = r.tr.t("scores.daily" if daily else f"difficulty.{difficulty}")
        rank_el.textContent = r.tr.t("gameover.rank", rank=rank, difficulty=name)
    else:
        rank_el.textContent = r.tr.t("gameover.unranked")
    rank_el.dataset.best = "true" if rank == 1 else "false"


def _breakdown_table(r: Renderer, final: ScoreBreakdown) -> Any:
    """The final score taken apart: base, each line bonus, ruins, powers, total."""
    t = r.tr.t
    table = element(r, "table")
    table.append(row(r, [(t("gameover.base"), None), (str(final.base), None)]))
    bonus_lines = [(line, bonus) for line in final.lines if (bonus := line.bonus)]
    for line, bonus in bonus_lines:
        name = t(
            "gameover.bonus_line",
            line=t(f"line.{line.kind}", n=line.index + 1),
            bonus=t("bonus." + bonus.value),
        )
        table.append(row(r, [(name, "bonus-name"), (f"+{bonus.points}", None)]))
    if not bonus_lines:
        table.append(row(r, [(t("gameover.no_bonus"), None), ("+0", None)]))
    for label, count, penalty in (
        ("gameover.ruins", final.ruins, final.ruin_penalty),
        ("gameover.powers", final.powers_used, final.power_penalty),
    ):
        cells = [(t(label, count=count), None), (number(-penalty), "neg" if penalty else None)]
        table.append(row(r, cells))
    table.append(row(r, [(t("gameover.total"), None), (number(final.total), None)], "total"))
    return table


#: Each dialog's filler (a dialog without one, like ABOUT, has nothing of the game's). Each takes
#: the view its dialog's part makes (:attr:`magdagdon.ui.View.shows`): the dialog's name picks
#: the filler, a pairing the type checker cannot follow, so a filler's view is Any here.
def fill_install(r: Renderer, view: InstallView) -> None:
    """The invitation: the way this browser installs, and what it may do with her data."""
    _q(r, "#dialog-install").dataset.how = view.how
    line = _q(r, "#install-storage")
    line.dataset.i18n = view.storage
    line.textContent = r.tr.t(view.storage)


FILLERS: dict[str, Callable[[Renderer, Any], None]] = {
    "settings": fill_settings,
    "rules": fill_rules,
    "scores": fill_scores,
    "stats": fill_stats,
    "watch": fill_watch,
    "review": fill_review,
    "practice": fill_practice,
    "backup": fill_backup,
    "install": fill_install,
    "over": fill_over,
    "confirm-url": fill_confirm_url,
    "confirm-new": fill_confirm_new,
}
#: The dialogs filled without a view of the game (RULES: only the player's language).
UNVIEWED = frozenset({"rules"})
