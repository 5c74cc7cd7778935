"""Drawing: one snapshot (the controller: its game, its table of what can be pressed, its status
line) in, the DOM brought up to date. It never reads the session and decides no rule.

Like 2048's actuator, it redraws from the snapshot alone. It remembers what it last wrote to
each element (Tatham's draw state), so a tap costs only the attributes that changed.
Every word comes from the translator; user-controlled text is only ever set as text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript.ffi import to_js

from magdagdon.game import Game, Phase
from magdagdon.i18n import Translator, date_locale
from magdagdon.records import Entry
from magdagdon.rules import EMPTY, RUIN, SIZE, ScoreBreakdown
from magdagdon.share import daily_share_text, number, share_text
from magdagdon.ui import BUTTONS, DAILY, DIALOGS, Control, Controller, Controls, Message

if TYPE_CHECKING:
    from magdagdon.hints import Hint

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


def _ghost(hint: Hint | None, cell: int) -> str | None:
    """What the coach's hint shows on ``cell``: a die's value, "ruin", or nothing."""
    if hint is None:
        return None
    if hint.ruin == cell:
        return "ruin"
    value = hint.ghosts.get(cell)
    return None if value is None else str(value)


def _tab(tab) -> str:
    """A scores or statistics tab's ``data-value``: a difficulty's name, or ``daily``."""
    return tab if tab == DAILY else tab.value


def missing(value) -> bool:
    """None, or JavaScript's null (which Pyodide 314 hands over as a JsNull object)."""
    return value is None or type(value).__name__ == "JsNull"


def attr(el, name: str) -> str | None:
    """An attribute's text, or None (JS null arrives as jsnull, not None)."""
    value = el.getAttribute(name)
    return value if isinstance(value, str) else None


class Renderer:
    def __init__(self, window, translator: Translator) -> None:
        self.window = window
        self.doc = window.document
        self.tr = translator
        q = self.doc.querySelector
        self.body = self.doc.body
        self.cells = [q(f'[data-cell="{i}"]') for i in range(SIZE * SIZE)]
        self.dice = [q(f'[data-die="{d}"]') for d in range(4)]
        self.sums = {
            f"{kind}-{i}": q(f'[data-line="{kind}-{i}"]')
            for kind in ("row", "column")
            for i in range(SIZE)
        }
        # each sum's <b> (the total) and <small> (the bonus), looked up once
        self.sum_parts = {
            key: (el.firstElementChild, el.lastElementChild) for key, el in self.sums.items()
        }
        self.buttons = {a: q(f'.controls [data-action="{a}"]') for a in BUTTONS}
        self.confirm_more = q('[data-action="confirm"] .more')
        self.score = q("#score")
        self.status = q("#status")
        self.status_main = q("#status .status-main")
        self.status_detail = q("#status .status-detail")
        self.announcer = q("#announce")
        self.notices = q("#notices")
        self.difficulty_chip = q("#difficulty")
        self.score_label = q("#score-label")
        self.daily_button = q('.menu [data-action="daily"]')
        self.guide_box = q("#guide")
        self.guide_step = q("#guide-step")
        self.guide_words = q("#guide-words")
        self._guide_news: str | None = None
        self.powers_left = q("#powers-left")
        self.dialogs = {name: q(f"#dialog-{name}") for name in DIALOGS}
        self.open_dialog: str | None = None
        self._shaken = None  # the cell showing a refusal
        self._drawn: dict[tuple[str, str], Any] = {}
        self._rules_language: str | None = None

    # -- low level: write only what changed ------------------------------------------------------
    def _set(self, key: str, el, name: str, value: Any) -> None:
        if self._drawn.get((key, name)) == value:
            return
        self._drawn[(key, name)] = value
        if name == "text":
            el.textContent = value
        elif name == "hidden":
            el.hidden = value
        elif name == "disabled":
            el.disabled = value
        elif value is None:
            el.removeAttribute(name)
        else:
            el.setAttribute(name, str(value))

    def say(self, message: Message) -> str:
        params = {
            k: self.tr.t(v[1:]) if isinstance(v, str) and v.startswith("@") else v
            for k, v in message.params.items()
        }
        return self.tr.t(message.key, **params)

    # -- language --------------------------------------------------------------------------------
    def set_translator(self, translator: Translator) -> None:
        """Speak another language from now on, the page's fixed texts included."""
        self.tr = translator
        self.translate_static()

    def translate_static(self) -> None:
        """Every ``data-i18n`` text and ``data-i18n-aria`` label, in the current language."""
        doc = self.doc
        doc.documentElement.lang = self.tr.language
        for el in doc.querySelectorAll("[data-i18n]"):
            el.textContent = self.tr.t(el.dataset.i18n)
        for el in doc.querySelectorAll("[data-i18n-aria]"):
            el.setAttribute("aria-label", self.tr.t(el.dataset.i18nAria))
        doc.title = self.tr.t("app.title")
        self._drawn.clear()
        self._rules_language = None

    # -- the whole screen ------------------------------------------------------------------------
    def draw(self, ui: Controller) -> None:
        game = ui.game
        self._set("body", self.body, "data-phase", game.phase.value)
        self._set("body", self.body, "data-powers", game.powers_left)
        self._set("body", self.body, "data-difficulty", game.difficulty.value)
        self._set("score", self.score, "text", number(game.score))
        self._set("score", self.score, "data-score", game.score)
        status = ui.status()
        self._set("status-main", self.status_main, "text", self.say(status))
        detail = self.tr.t(status.detail) if status.detail else ""
        self._set("status-detail", self.status_detail, "text", detail)
        self._set("status", self.status, "data-alert", "true" if status.alert else "false")
        controls = ui.controls()
        self._draw_mode(ui, controls.actions["daily"])
        self._draw_guide(ui)
        self._draw_board(game, controls, ui.hint)
        self._draw_dice(game, controls, ui.selected, ui.hint)
        self._draw_controls(game, controls, len(ui.reroll or ()))
        self._draw_dialog(ui)

    def _draw_mode(self, ui: Controller, daily: Control) -> None:
        """Which game is on screen: the chip (its difficulty, or the daily roll), the score's
        label (or the score a challenge asks to beat), the daily entry in the menu."""
        day = ui.daily_day
        if day is None:
            chip = self.tr.t(f"difficulty.{ui.game.difficulty.value}")
        else:
            chip = self.tr.t("daily.chip.practice" if ui.practice else "daily.chip")
        self._set("chip", self.difficulty_chip, "text", chip)
        self._set("body", self.body, "data-daily", None if day is None else "true")
        target = ui.target
        label = (
            self.tr.t("label.score")
            if target is None
            else self.tr.t("label.target", score=number(target))
        )
        self._set("score-label", self.score_label, "text", label)
        self._set("score-label", self.score_label, "data-target", target)
        button = self.daily_button
        self._set("daily", button, "aria-pressed", "true" if daily.pressed else "false")
        self._set("daily", button, "data-waiting", "true" if daily.marked else "false")
        self._set("daily", button, "aria-label", self.tr.t(f"nav.daily{'.waiting' * daily.marked}"))
        again = self.tr.t("button.your_game" if ui.new_game_resumes else "button.new_game")
        self._set("new-game", self.buttons["new-game"], "text", again)

    def _draw_guide(self, ui: Controller) -> None:
        """The first-game guide over the score and status: its step and words (said once
        for a screen reader when they change); the control it points at glows (CSS, by the
        body's ``data-guide``)."""
        message = ui.guide()
        step = None if message is None else message.key.removeprefix("guide.")
        self._set("body", self.body, "data-guide", step)
        self._set("guide", self.guide_box, "hidden", message is None)
        if message is None:
            return
        params = message.params
        counter = self.tr.t("guide.step", n=params["n"], total=params["total"])
        words = self.say(message)
        self._set("guide-step", self.guide_step, "text", counter)
        if self._drawn.get(("guide-words", "text")) != words:
            self._guide_news = words  # said after what just happened (play_effects)
        self._set("guide-words", self.guide_words, "text", words)

    def _draw_board(self, game: Game, controls: Controls, hint: Hint | None) -> None:
        if self._shaken is not None:  # the refusal's red outline lasts until the next tap
            self._shaken.classList.remove("shake")
            self._shaken = None
        staged = {cell for _, cell in game.placements}
        shown = game.staged_board
        for i, el in enumerate(self.cells):
            value = shown[i]
            if i in staged:
                state, content = "staged", self.tr.t("cell.staged", value=value)
            elif value == RUIN:
                state, content = "ruin", self.tr.t("cell.ruin")
            elif value == EMPTY:
                state, content = "empty", self.tr.t("cell.empty")
            else:
                state, content = "number", str(value)
            key = f"cell{i}"
            legal = controls.cells[i].marked
            ghost = _ghost(hint, i)
            self._set(key, el, "data-state", state)
            self._set(key, el, "data-value", max(value, 0))
            self._set(key, el, "data-legal", "true" if legal else "false")
            self._set(key, el, "data-ghost", ghost)
            label = self.tr.t("cell.label", row=i // SIZE + 1, column=i % SIZE + 1, content=content)
            if legal:
                label = self.tr.t("cell.label.note", label=label, note=self.tr.t("cell.legal"))
            if ghost is not None:
                kind = "ruin" if ghost == "ruin" else "die"
                note = self.tr.t(f"cell.ghost.{kind}", value=ghost)
                label = self.tr.t("cell.label.note", label=label, note=note)
            self._set(key, el, "aria-label", label)
        self._draw_lines(game.preview, bool(staged))

    def _draw_lines(self, preview: ScoreBreakdown, staging: bool) -> None:
        for line in preview.lines:
            key = f"{line.kind}-{line.index}"
            el = self.sums[key]
            bonus = line.bonus.value if line.bonus else ""
            self._set(key, el, "data-bonus", bonus)
            self._set(key, el, "data-full", "true" if line.full else "false")
            self._set(key, el, "data-preview", "true" if staging else "false")
            name = self.tr.t(f"line.{line.kind}", n=line.index + 1)
            small = f"+{line.bonus.points} {self.tr.t('bonus.' + bonus)}" if line.bonus else ""
            total, bonus_text = self.sum_parts[key]
            self._set(key + "b", total, "text", str(line.total))
            self._set(key + "s", bonus_text, "text", small)
            label = self.tr.t("line.sum", line=name, sum=line.total)
            if small:
                label = self.tr.t(
                    "bonus.line",
                    line=label,
                    bonus=self.tr.t("bonus." + bonus),
                    points=line.bonus.points,
                )
            self._set(key, el, "aria-label", label)
            self._set(key, el, "title", label)

    def _draw_dice(
        self, game: Game, controls: Controls, selected: int | None, hint: Hint | None
    ) -> None:
        for d, el in enumerate(self.dice):
            key = f"die{d}"
            control = controls.dice[d]
            if not control.shown:
                state, value, label = "blank", 0, self.tr.t("die.blank", n=d + 1)
            else:
                value = game.dice[d]
                state = (
                    "staged" if d in game.staged else "selected" if d == selected else "available"
                )
                label = self.tr.t(
                    f"die.{'label' if state == 'available' else state}", n=d + 1, value=value
                )
            self._set(key, el, "data-state", state)
            self._set(key, el, "data-value", value)
            self._set(key, el, "data-chosen", "true" if control.marked else "false")
            self._set(key, el, "data-hinted", "true" if hint and d in hint.dice else None)
            self._set(key, el, "aria-label", label)
            self._set(key, el, "aria-pressed", "true" if control.pressed else "false")
            self._set(key, el, "disabled", not control.enabled)

    def _draw_controls(self, game: Game, controls: Controls, chosen: int) -> None:
        for action, el in self.buttons.items():
            control = controls.actions[action]
            self._set(action, el, "hidden", not control.shown)
            self._set(action, el, "disabled", not control.enabled)
            if control.pressed is not None:
                self._set(action, el, "aria-pressed", "true" if control.pressed else "false")
        more = (
            self.tr.t("button.confirm.more", count=game.still_required)
            if game.still_required
            else ""
        )
        self._set("confirm-more", self.confirm_more, "text", more)
        go = (
            self.tr.t("button.reroll.go", count=chosen)
            if chosen
            else self.tr.t("button.reroll.pick")
        )
        self._set("reroll-go-text", self.buttons["reroll-go"], "text", go)
        if game.difficulty.powers == 0:
            left = self.tr.t("label.no_powers")
        else:
            left = self.tr.t("label.powers_left", count=game.powers_left)
            if game.next_power_cost is not None and not game.is_over:
                cost = self.tr.t("label.next_cost", cost=game.next_power_cost)
                left = self.tr.t("label.powers_next", left=left, next=cost)
        self._set("powers-left", self.powers_left, "text", left)

    # -- effects: motion and announcements -------------------------------------------------------
    def play_effects(self, ui: Controller, effects: list[str]) -> None:
        game = ui.game
        for effect in effects:
            if effect == "rolled":
                self._restart_animation(self.dice, "rolling")
                self.announce(self.tr.t("announce.roll", dice=", ".join(map(str, game.dice))))
                if game.phase is Phase.MAGDAGDON:
                    self.announce(self.tr.t("status.magdagdon"), append=True)
            elif effect == "power":
                self._restart_animation([self.dice[d] for d in game.available], "rolling")
                self.announce(self.tr.t("announce.power", dice=", ".join(map(str, game.dice))))
            elif effect.startswith("shake:"):
                self._shaken = self.cells[int(effect[6:])]
                self._restart_animation([self._shaken], "shake")
            elif effect == "confirmed":
                self.announce(self.tr.t("announce.confirm", score=game.score))
            elif effect == "ruined":
                self.announce(self.tr.t("status.ruin"))
            elif effect == "over":
                self.announce(self.tr.t("announce.over", score=game.score))
            elif effect == "hinted" and ui.hint is not None:
                self.announce(self._hint_words(ui.hint))
            elif effect == "guided":
                self.announce(self.tr.t("guide.done"), append=True)
        if self._guide_news:
            self.announce(self._guide_news, append=True)
            self._guide_news = None

    def _hint_words(self, hint: Hint) -> str:
        """The hint for a screen reader: the status line, then each die and where it goes."""
        words = [self.say(hint.say)]
        for cell, value in sorted(hint.ghosts.items()):
            row, column = cell // SIZE + 1, cell % SIZE + 1
            words.append(self.tr.t("hint.say.stage", value=value, row=row, column=column))
        if hint.why:
            words.append(self.tr.t(hint.why))
        return " ".join(words)

    def _restart_animation(self, elements, name: str) -> None:
        for el in elements:
            el.classList.remove(name)
        if elements:
            _ = elements[0].offsetWidth  # one reflow, so the animations start again
        for el in elements:
            el.classList.add(name)

    def announce(self, text: str, append: bool = False) -> None:
        """Say ``text`` through the polite live region (in the current language)."""
        if append:
            text = f"{self.announcer.textContent} {text}"
        self.announcer.textContent = text

    def notice(self, key: str, action: str | None = None, label: str | None = None, **params):
        """The text of ``key`` at the bottom of the screen until dismissed, with a button for
        ``action`` (labelled by the key ``label``) when there is one."""
        box = self._element("div", cls="notice")
        box.append(self._element("p", self.tr.t(key, **params)))
        if action is not None:
            button = self._button(self.tr.t(label) if label else "", action)
            button.classList.add("notice-action")
            box.append(button)
        close = self._button("", "dismiss")
        close.classList.add("icon-btn", "close")
        close.setAttribute("aria-label", self.tr.t("button.close"))
        box.append(close)
        self.notices.append(box)

    def share_text(self, ui: Controller, page: str) -> tuple[str, str]:
        """What SHARE hands over, in the current language (see :mod:`magdagdon.share`)."""
        day = ui.daily_day
        if day is None:
            return share_text(ui.game, self.tr, page)
        streak = 0 if ui.practice else ui.streak()[0]
        return daily_share_text(
            ui.game,
            self.tr,
            page,
            day=day,
            day_text=self._date(day, "medium"),
            practice=ui.practice,
            streak=streak,
        )

    def _button(self, text: str, action: str, value: str | None = None):
        button = self._element("button", text)
        button.type = "button"
        button.setAttribute("data-action", action)
        if value is not None:
            button.setAttribute("data-value", value)
        return button

    # -- dialogs ---------------------------------------------------------------------------------
    def _draw_dialog(self, ui: Controller) -> None:
        wanted = ui.dialog
        if wanted is not None:
            self._fill_dialog(ui, wanted)
        if wanted == self.open_dialog:
            return
        if self.open_dialog is not None:
            el = self.dialogs[self.open_dialog]
            self.open_dialog = None
            if el.open:
                el.close()
        if wanted is not None:
            self.open_dialog = wanted
            self.dialogs[wanted].showModal()

    def dialog_closed(self, name: str) -> bool:
        """The browser closed dialog ``name`` (Esc, or its form): True when it was the one this
        renderer had open (a late event for a dialog opened again since is not)."""
        if self.open_dialog != name:
            return False
        self.open_dialog = None
        return True

    def _fill_dialog(self, ui: Controller, name: str) -> None:
        if name == "settings":
            language = ui.language_choice
            for el in self.doc.querySelectorAll("#dialog-settings [data-value]"):
                is_difficulty = attr(el, "data-action") == "difficulty"
                current = ui.game.difficulty.value if is_difficulty else language
                el.setAttribute("aria-pressed", str(attr(el, "data-value") == current).lower())
            actions = ui.controls().actions
            for name in ("sound", "vibration"):
                el = self.doc.querySelector(f'#dialog-settings [data-action="{name}"]')
                el.setAttribute("aria-pressed", "true" if actions[name].pressed else "false")
        elif name == "scores":
            self._fill_tabs("#dialog-scores .tab", _tab(ui.scores_tab))
            table = ui.best_scores(ui.scores_tab)
            box = self.doc.querySelector("#scores-table")
            self._fill_table(box, ui.scores_tab, table, None, ui.watchable(ui.scores_tab))
        elif name == "rules" and self._rules_language != self.tr.language:
            self._fill_rules()
        elif name == "stats":
            self._fill_tabs("#dialog-stats .tab", _tab(ui.scores_tab))
            self._fill_stats(*ui.statistics())
            self._fill_recent(ui.recent())
        elif name == "backup":
            self._fill_backup(ui.backup_code, ui.backup_said)
        elif name == "watch" and ui.watched:
            self._fill_watch(ui.watched, ui.at, ui.controls())
        elif name == "over":
            self._fill_over(ui)
        elif name == "confirm-url" and ui.pending_day is not None:
            self.doc.querySelector("#confirm-url-body").textContent = self.tr.t(
                "confirm.url_daily.body", date=self._date(ui.pending_day, "medium")
            )
        elif name == "confirm-url" and ui.pending_difficulty is not None:
            difficulty = ui.pending_difficulty
            self.doc.querySelector("#confirm-url-body").textContent = self.tr.t(
                "confirm.url_game.body", difficulty=self.tr.t(f"difficulty.{difficulty.value}")
            )
        elif name == "confirm-new":
            self._fill_confirm_new(ui)

    def _fill_confirm_new(self, ui: Controller) -> None:
        """Ending a game in progress: an ordinary one, or another day's daily roll."""
        asked = ui.asked
        kept = ui.session.daily
        if asked is not None and asked.day is not None and kept is not None:
            title = self.tr.t("confirm.daily.title")
            body = self.tr.t("confirm.daily.body", date=self._date(kept.day or "", "medium"))
        else:
            title, body = self.tr.t("confirm.new_game.title"), self.tr.t("confirm.new_game.body")
        self.doc.querySelector("#confirm-new-title").textContent = title
        self.doc.querySelector("#confirm-new-body").textContent = body

    def _fill_tabs(self, selector: str, current: str) -> None:
        for el in self.doc.querySelectorAll(selector):
            el.setAttribute("aria-selected", str(attr(el, "data-value") == current).lower())

    def _fill_stats(self, figures, scores: list[int]) -> None:
        """The figures of one difficulty, then its plots (inline SVG, drawn on first use)."""
        from magdagdon.plots import heatmap, histogram, over_time

        box = self.doc.querySelector("#stats-body")
        self._clear(box)
        if not figures.games:
            box.append(self._element("p", self.tr.t("stats.plot.empty"), "empty-table"))
            return
        rows = self._element("dl", cls="stats-figures")
        for key, value in self._figure_rows(figures):
            rows.append(self._element("dt", self.tr.t(key)))
            rows.append(self._element("dd", value))
        box.append(rows)
        t = self.tr.t
        drawn = [
            histogram(scores, t),
            over_time(scores, t),
            heatmap(figures.ruin_cells, figures.detailed, t),
        ]
        holder = self._element("div")
        holder.innerHTML = "".join(svg for svg in drawn if svg)  # escaped by magdagdon.plots
        box.append(holder)

    def _fill_recent(self, recent: list) -> None:
        """The last games of the difficulty, each with a button to watch it."""
        if not recent:
            return
        box = self.doc.querySelector("#stats-body")
        box.append(self._element("h3", self.tr.t("stats.recent")))
        table = self._element("table", cls="recent")
        for n, played in recent:
            row = self._row([(self._date(played.date), None), (number(played.score), None)])
            cell = self._element("td", cls="replay")
            button = self._button("", "watch", f"game:{n}")
            button.classList.add("link-btn", "watch-btn")
            label = self.tr.t("stats.recent.watch", score=number(played.score))
            button.setAttribute("aria-label", label)
            button.setAttribute("title", label)
            cell.append(button)
            row.append(cell)
            table.append(row)
        box.append(table)

    def _figure_rows(self, f) -> list[tuple[str, str]]:
        """(i18n key, the figure as shown) for each line of the statistics."""
        n = self._decimal
        share = {rate.bonus.value: rate.share for rate in f.bonuses}
        return [
            ("stats.games", n(f.games)),
            ("stats.mean", n(f.mean)),
            ("stats.median", n(f.median)),
            ("stats.best", n(f.best)),
            ("stats.last10", n(f.last10_mean)),
            ("stats.straight", self._percent(share.get("straight"))),
            ("stats.four", self._percent(share.get("four-of-a-kind"))),
            ("stats.pairs", self._percent(share.get("two-pairs"))),
            ("stats.ruins", n(f.ruins_per_game)),
            ("stats.powers", n(f.powers_per_game)),
            ("stats.hints", n(f.hints_per_game)),
            (
                "stats.daily.streak" if f.daily else "stats.streak",
                self.tr.t("stats.streak.value", current=n(f.streak), longest=n(f.longest_streak)),
            ),
        ]

    def _decimal(self, value: float | None) -> str:
        """A figure in the player's language (one decimal at most; a dash when there is none)."""
        if value is None:
            return "–"
        options = to_js({"maximumFractionDigits": 1})
        return str(self.window.Intl.NumberFormat.new(self._locale(), options).format(value))

    def _percent(self, share: float | None) -> str:
        if share is None:
            return "–"
        options = to_js({"style": "percent", "maximumFractionDigits": 0})
        return str(self.window.Intl.NumberFormat.new(self._locale(), options).format(share))

    def _fill_watch(self, watched: list, at: int, controls: Controls) -> None:
        """One step of a game watched: its board and dice, its score, what the move was."""
        game = watched[at].game
        for i, el in enumerate(self.doc.querySelectorAll("[data-watch-cell]")):
            value = game.staged_board[i]
            state = "ruin" if value == RUIN else "empty" if value == EMPTY else "number"
            el.dataset.state, el.dataset.value = state, str(max(value, 0))
        for d, el in enumerate(self.doc.querySelectorAll("[data-watch-die]")):
            shown = d < len(game.dice) and d not in game.staged
            el.dataset.state = "available" if shown else "blank"
            el.dataset.value = str(game.dice[d]) if shown else "0"
        self.doc.querySelector("#watch-score").textContent = number(game.score)
        step = self.tr.t("watch.step", n=at, total=len(watched) - 1)
        self.doc.querySelector("#watch-step").textContent = step
        key, params = watched[at].said
        self.doc.querySelector("#watch-said").textContent = self.tr.t(key, **params)
        for action in ("watch-back", "watch-forward", "watch-play"):
            el = self.doc.querySelector(f'[data-action="{action}"]')
            el.disabled = not controls.actions[action].enabled
        play = self.doc.querySelector('[data-action="watch-play"]')
        playing = bool(controls.actions["watch-play"].pressed)
        play.textContent = self.tr.t(f"button.watch.{'pause' if playing else 'play'}")
        play.setAttribute("aria-pressed", str(playing).lower())

    def _fill_backup(self, code: str | None, said: Message | None) -> None:
        self.doc.querySelector("#backup-out").hidden = code is None
        self.doc.querySelector("[data-backup-code]").value = code or ""
        line = self.doc.querySelector("#backup-said")
        line.textContent = self.say(said) if said else ""
        line.dataset.alert = "true" if said and said.alert else "false"

    def _clear(self, el) -> None:
        while el.firstChild:
            el.removeChild(el.firstChild)

    def _element(self, tag: str, text: str | None = None, cls: str | None = None):
        el = self.doc.createElement(tag)
        if text is not None:
            el.textContent = text
        if cls:
            el.className = cls
        return el

    def _row(self, cells: list[tuple[str, str | None]], cls: str | None = None, head: bool = False):
        tr = self._element("tr", cls=cls)
        for text, cell_cls in cells:
            tr.append(self._element("th" if head else "td", text, cell_cls))
        return tr

    def _locale(self) -> str:
        """The locale of dates and numbers: the browser's own when it is a regional form of the
        game's language (``en-GB`` while playing in English), else the game's language."""
        try:
            navigator = self.window.navigator
            tags = [navigator.language, *navigator.languages]
        except Exception:  # (a browser without them: the game's language)
            tags = []
        return date_locale(self.tr.language, tags)

    def _date(self, iso: str, style: str = "short") -> str:
        """An ISO date as the player reads it (``style``: Intl's ``dateStyle``; the order and
        the separators of the player's region). A bare date is read as the local day it names
        (not as UTC midnight, which is the day before west of Greenwich)."""
        try:
            date = self.window.Date.new(iso + "T12:00" if len(iso) == 10 else iso)
            options = to_js({"dateStyle": style})
            return self.window.Intl.DateTimeFormat.new(self._locale(), options).format(date)
        except Exception:
            return iso

    def _fill_table(
        self, box, difficulty, entries: list[Entry], mine: int | None, watchable: list[bool]
    ) -> None:
        self._clear(box)
        if not entries:
            box.append(self._element("p", self.tr.t("scores.empty"), "empty-table"))
            return
        table = self._element("table")
        head = [
            (self.tr.t(k), None)
            for k in ("scores.rank", "scores.score", "scores.date", "scores.turns", "scores.powers")
        ]
        row = self._row(head, head=True)
        replay = self._element("th", cls="replay")
        replay.append(self._element("span", self.tr.t("scores.replay"), "sr-only"))
        row.append(replay)
        table.append(row)
        for rank, entry in enumerate(entries, 1):
            row = self._entry_row(rank, entry, difficulty, rank == mine)
            if rank <= len(watchable) and watchable[rank - 1]:
                button = self._button("", "watch", f"{_tab(difficulty)}:{rank}")
                button.classList.add("link-btn", "watch-btn")
                label = self.tr.t("scores.watch.label", rank=rank)
                button.setAttribute("aria-label", label)
                button.setAttribute("title", label)
                row.lastElementChild.append(button)
            table.append(row)
        box.append(table)

    def _entry_row(self, rank: int, entry: Entry, difficulty, mine: bool):
        """One best score: rank, score (marked when the coach helped), date, turns, powers,
        and a button that plays its dice again."""
        cells = [
            (str(rank), None),
            (number(entry.score), None),
            (self._date(entry.date), None),
            (str(entry.turns), None),
            (str(entry.powers), None),
        ]
        row = self._row(cells, "mine" if mine else None)
        if entry.hints:
            label = self.tr.t("scores.hints", count=entry.hints)
            mark = self._element("span", cls="hints-mark")
            mark.classList.add("ico", "ico-bulb")
            mark.setAttribute("role", "img")
            mark.setAttribute("aria-label", label)
            mark.setAttribute("title", label)
            row.children[1].append(mark)
        cell = self._element("td", cls="replay")
        if entry.seed is not None:
            # a daily roll's line plays its day again (as practice); another, its seed
            again = entry.date if difficulty == DAILY else entry.seed
            button = self._button("", "replay", f"{_tab(difficulty)}:{again}")
            button.className = "link-btn"
            label = self.tr.t("scores.replay.label", rank=rank)
            button.setAttribute("aria-label", label)
            button.setAttribute("title", label)
            cell.append(button)
        row.append(cell)
        return row

    def _fill_rules(self) -> None:
        box = self.doc.querySelector("#rules-text")
        self._clear(box)
        for section in RULE_SECTIONS:
            part = self._element("section")
            part.append(self._element("h3", self.tr.t(f"rules.{section}.title")))
            items = self._element("ul")
            for paragraph in self.tr.paragraphs(f"rules.{section}.body"):
                items.append(self._element("li", paragraph))
            part.append(items)
            box.append(part)
        self._rules_language = self.tr.language

    def _fill_over(self, ui: Controller) -> None:
        game = ui.game
        final = game.breakdown
        day = ui.daily_day
        t = self.tr.t
        self.doc.querySelector("#over-title").textContent = t(
            "gameover.title" if day is None else "gameover.daily.title"
        )
        self.doc.querySelector("#final-score").textContent = number(final.total)
        self._fill_daily(ui)
        verdict = ui.verdict()
        verdict_line = self.doc.querySelector("#over-verdict")
        verdict_line.textContent = "" if verdict is None else self.say(verdict)
        won = verdict is not None and verdict.key == "challenge.won"
        verdict_line.dataset.won = "true" if won else "false"
        rank = ui.rank
        self._fill_rank(rank, game.difficulty.value, day is not None)
        self._fill_coach(ui.coach_score, game.hints, day is not None)
        box = self.doc.querySelector("#over-breakdown")
        self._clear(box)
        box.append(self._breakdown_table(final))
        tab = ui.own_tab
        title = self.doc.querySelector("#over-table-title")
        if day is None:
            difficulty = t("difficulty." + game.difficulty.value)
            title.textContent = t("scores.title.difficulty", difficulty=difficulty)
        else:
            title.textContent = t("scores.daily.title")
        table = ui.best_scores(tab)
        box = self.doc.querySelector("#over-table")
        self._fill_table(box, tab, table, rank, ui.watchable(tab))
        again = self.dialogs["over"].querySelector('[data-action="daily-again"]')
        again.hidden = not ui.controls().actions["daily-again"].shown
        new_game = self.doc.querySelector("#over-new-game")
        new_game.textContent = self.buttons["new-game"].textContent  # (as _draw_mode says it)

    def _fill_daily(self, ui: Controller) -> None:
        """A daily roll's lines: official or practice, of which day, and the streak."""
        day = ui.daily_day
        line = self.doc.querySelector("#over-daily")
        streak_line = self.doc.querySelector("#over-streak")
        if day is None:
            line.textContent = streak_line.textContent = ""
            return
        key = "gameover.daily.practice" if ui.practice else "gameover.daily.official"
        line.textContent = self.tr.t(key, date=self._date(day, "medium"))
        current, longest = ui.streak()
        streak_line.textContent = self.tr.t("gameover.daily.streak", count=current, longest=longest)

    def _fill_coach(self, coach: int | None, hints: int, daily: bool = False) -> None:
        """The coach's score on the player's dice (or that it is still playing them: on a
        daily roll, its par), and the hints the player used."""
        line = self.doc.querySelector("#over-coach")
        if coach is None:
            line.textContent = self.tr.t(
                "gameover.daily.par.thinking" if daily else "gameover.coach.thinking"
            )
        elif daily:
            line.textContent = self.tr.t("gameover.daily.par", score=number(coach))
        else:
            line.textContent = self.tr.t("gameover.coach", score=number(coach))
        line.dataset.thinking = "true" if coach is None else "false"
        hints_line = self.doc.querySelector("#over-hints")
        hints_line.textContent = self.tr.t("gameover.hints", count=hints) if hints else ""

    def _fill_rank(self, rank: int | None, difficulty: str, daily: bool = False) -> None:
        """The line under the final score: a new best, the place in the table, or neither."""
        rank_el = self.doc.querySelector("#over-rank")
        if rank == 1:
            rank_el.textContent = self.tr.t("gameover.new_best")
        elif rank is not None:
            name = self.tr.t("scores.daily" if daily else f"difficulty.{difficulty}")
            rank_el.textContent = self.tr.t("gameover.rank", rank=rank, difficulty=name)
        else:
            rank_el.textContent = self.tr.t("gameover.unranked")
        rank_el.dataset.best = "true" if rank == 1 else "false"

    def _breakdown_table(self, final: ScoreBreakdown):
        """The final score taken apart: base, each line bonus, ruins, powers, total."""
        t = self.tr.t
        table = self._element("table")
        table.append(self._row([(t("gameover.base"), None), (str(final.base), None)]))
        bonus_lines = [line for line in final.lines if line.bonus]
        for line in bonus_lines:
            name = t(
                "gameover.bonus_line",
                line=t(f"line.{line.kind}", n=line.index + 1),
                bonus=t("bonus." + line.bonus.value),
            )
            table.append(self._row([(name, "bonus-name"), (f"+{line.bonus.points}", None)]))
        if not bonus_lines:
            table.append(self._row([(t("gameover.no_bonus"), None), ("+0", None)]))
        for label, count, penalty in (
            ("gameover.ruins", final.ruins, final.ruin_penalty),
            ("gameover.powers", final.powers_used, final.power_penalty),
        ):
            cells = [(t(label, count=count), None), (number(-penalty), "neg" if penalty else None)]
            table.append(self._row(cells))
        table.append(self._row([(t("gameover.total"), None), (number(final.total), None)], "total"))
        return table
