"""Drawing: one snapshot (the controller, its session and game) in, the DOM brought up to date.

Like 2048's actuator, it redraws from the snapshot alone. It remembers what it last wrote to
each element (Tatham's draw state), so a tap costs only the attributes that changed.
Every word comes from the translator; user-controlled text is only ever set as text.
"""

from __future__ import annotations

from typing import Any

from pyscript.ffi import to_js

from magdagdon.game import Phase
from magdagdon.i18n import Translator
from magdagdon.records import Entry
from magdagdon.rules import EMPTY, RUIN, SIZE, ScoreBreakdown
from magdagdon.ui import DIALOGS, Controller, Message

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
_ACTION_BUTTONS = (
    "roll",
    "confirm",
    "undo",
    "accept-magdagdon",
    "reroll-go",
    "cancel",
    "new-game",
    "details",
    "power-dec",
    "power-inc",
    "power-reroll",
)


def missing(value) -> bool:
    """None, or JavaScript's null (which Pyodide 314 hands over as a JsNull object)."""
    return value is None or type(value).__name__ == "JsNull"


def attr(el, name: str) -> str | None:
    """An attribute's text, or None (JS null arrives as jsnull, not None)."""
    value = el.getAttribute(name)
    return value if isinstance(value, str) else None


def number(n: int) -> str:
    """A score as shown: a true minus sign for negatives.

    >>> number(-39), number(0)
    ('−39', '0')
    """
    return f"−{-n}" if n < 0 else str(n)


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
        self.buttons = {a: q(f'.controls [data-action="{a}"]') for a in _ACTION_BUTTONS}
        self.confirm_more = q('[data-action="confirm"] .more')
        self.score = q("#score")
        self.status = q("#status")
        self.status_main = q("#status .status-main")
        self.status_detail = q("#status .status-detail")
        self.announcer = q("#announce")
        self.notices = q("#notices")
        self.difficulty_chip = q("#difficulty")
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
        self._set(
            "chip", self.difficulty_chip, "text", self.tr.t(f"difficulty.{game.difficulty.value}")
        )
        self._set("score", self.score, "text", number(game.score))
        self._set("score", self.score, "data-score", game.score)
        status = ui.status()
        self._set("status-main", self.status_main, "text", self.say(status))
        detail = self.tr.t(status.detail) if status.detail else ""
        self._set("status-detail", self.status_detail, "text", detail)
        self._set("status", self.status, "data-alert", "true" if status.alert else "false")
        self._draw_board(ui)
        self._draw_dice(ui)
        self._draw_controls(ui)
        self._draw_dialog(ui)

    def _draw_board(self, ui: Controller) -> None:
        if self._shaken is not None:  # the refusal's red outline lasts until the next tap
            self._shaken.classList.remove("shake")
            self._shaken = None
        game = ui.game
        staged = {cell for _, cell in game.placements}
        legal = set(ui.highlighted())
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
            self._set(key, el, "data-state", state)
            self._set(key, el, "data-value", max(value, 0))
            self._set(key, el, "data-legal", "true" if i in legal else "false")
            label = self.tr.t("cell.label", row=i // SIZE + 1, column=i % SIZE + 1, content=content)
            if i in legal:
                label += " — " + self.tr.t("cell.legal")
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

    def _draw_dice(self, ui: Controller) -> None:
        game = ui.game
        staged = game.staged
        chosen = ui.reroll or set()
        for d, el in enumerate(self.dice):
            key = f"die{d}"
            if d >= len(game.dice):
                state, value, label = "blank", 0, self.tr.t("die.blank", n=d + 1)
            else:
                value = game.dice[d]
                state = "staged" if d in staged else "selected" if d == ui.selected else "available"
                label = self.tr.t(
                    f"die.{'label' if state == 'available' else state}", n=d + 1, value=value
                )
            self._set(key, el, "data-state", state)
            self._set(key, el, "data-value", value)
            self._set(key, el, "data-chosen", "true" if d in chosen else "false")
            self._set(key, el, "aria-label", label)
            self._set(
                key, el, "aria-pressed", "true" if state == "selected" or d in chosen else "false"
            )
            usable = game.phase in (Phase.PLACING, Phase.MAGDAGDON) and d < len(game.dice)
            self._set(key, el, "disabled", not usable)

    def _draw_controls(self, ui: Controller) -> None:
        game = ui.game
        phase = game.phase
        choosing = ui.reroll is not None
        placing = phase is Phase.PLACING and not choosing
        shown = {
            "roll": phase is Phase.ROLL,
            "confirm": placing,
            "undo": phase is Phase.PLACING and not choosing,
            "accept-magdagdon": phase is Phase.MAGDAGDON and not choosing,
            "reroll-go": choosing,
            "cancel": choosing or phase is Phase.RUIN,
            "new-game": phase is Phase.OVER,
            "details": phase is Phase.OVER,
        }
        enabled = {
            "roll": phase is Phase.ROLL,
            "confirm": game.can_confirm,
            "undo": bool(game.placements),
            "reroll-go": bool(ui.reroll),
            "power-dec": not choosing
            and ui.selected is not None
            and game.can_change(ui.selected, -1),
            "power-inc": not choosing
            and ui.selected is not None
            and game.can_change(ui.selected, 1),
            "power-reroll": game.can_use_power and bool(game.available),
        }
        for action, el in self.buttons.items():
            if action in shown:
                self._set(action, el, "hidden", not shown[action])
            self._set(action, el, "disabled", not enabled.get(action, True))
        self._set(
            "reroll-pressed",
            self.buttons["power-reroll"],
            "aria-pressed",
            "true" if choosing else "false",
        )
        more = (
            self.tr.t("button.confirm.more", count=game.still_required)
            if game.still_required
            else ""
        )
        self._set("confirm-more", self.confirm_more, "text", more)
        count = len(ui.reroll or ())
        go = (
            self.tr.t("button.reroll.go", count=count) if count else self.tr.t("button.reroll.pick")
        )
        self._set("reroll-go-text", self.buttons["reroll-go"], "text", go)
        if game.difficulty.powers == 0:
            left = self.tr.t("label.no_powers")
        else:
            left = self.tr.t("label.powers_left", count=game.powers_left)
            if game.next_power_cost is not None and not game.is_over:
                left += " · " + self.tr.t("label.next_cost", cost=game.next_power_cost)
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

    def notice(self, text: str, action: str | None = None, label: str | None = None) -> None:
        """A message at the bottom of the screen until dismissed, with an optional button."""
        box = self._element("div", cls="notice")
        box.append(self._element("p", text))
        if action is not None:
            button = self._button(label or "", action)
            button.classList.add("notice-action")
            box.append(button)
        close = self._button("", "dismiss")
        close.classList.add("icon-btn", "close")
        close.setAttribute("aria-label", self.tr.t("button.close"))
        box.append(close)
        self.notices.append(box)

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

    def _fill_dialog(self, ui: Controller, name: str) -> None:
        if name == "settings":
            language = ui.session.settings.language or ""
            for el in self.doc.querySelectorAll("#dialog-settings [data-value]"):
                is_difficulty = attr(el, "data-action") == "difficulty"
                current = ui.game.difficulty.value if is_difficulty else language
                el.setAttribute("aria-pressed", str(attr(el, "data-value") == current).lower())
        elif name == "scores":
            for el in self.doc.querySelectorAll("#dialog-scores .tab"):
                selected = attr(el, "data-value") == ui.scores_tab.value
                el.setAttribute("aria-selected", str(selected).lower())
            table = ui.session.records.table(ui.scores_tab)
            self._fill_table(self.doc.querySelector("#scores-table"), ui.scores_tab, table, None)
        elif name == "rules" and self._rules_language != self.tr.language:
            self._fill_rules()
        elif name == "over":
            self._fill_over(ui)
        elif name == "confirm-url" and ui.session.pending is not None:
            difficulty = ui.session.pending[0]
            self.doc.querySelector("#confirm-url-body").textContent = self.tr.t(
                "confirm.url_game.body", difficulty=self.tr.t(f"difficulty.{difficulty.value}")
            )

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

    def _date(self, iso: str) -> str:
        try:
            date = self.window.Date.new(iso)
            options = to_js({"dateStyle": "short"})
            return self.window.Intl.DateTimeFormat.new(self.tr.language, options).format(date)
        except Exception:
            return iso

    def _fill_table(self, box, difficulty, entries: list[Entry], mine: int | None) -> None:
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
            cells = [
                (str(rank), None),
                (number(entry.score), None),
                (self._date(entry.date), None),
                (str(entry.turns), None),
                (str(entry.powers), None),
            ]
            row = self._row(cells, "mine" if rank == mine else None)
            cell = self._element("td", cls="replay")
            if entry.seed is not None:
                button = self._button("", "replay", f"{difficulty.value}:{entry.seed}")
                button.className = "link-btn"
                label = self.tr.t("scores.replay.label", rank=rank)
                button.setAttribute("aria-label", label)
                button.setAttribute("title", label)
                cell.append(button)
            row.append(cell)
            table.append(row)
        box.append(table)

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
        self.doc.querySelector("#final-score").textContent = number(final.total)
        rank = ui.session.rank
        rank_el = self.doc.querySelector("#over-rank")
        if rank == 1:
            rank_el.textContent = self.tr.t("gameover.new_best")
        elif rank is not None:
            rank_el.textContent = self.tr.t(
                "gameover.rank",
                rank=rank,
                difficulty=self.tr.t(f"difficulty.{game.difficulty.value}"),
            )
        else:
            rank_el.textContent = self.tr.t("gameover.unranked")
        rank_el.dataset.best = "true" if rank == 1 else "false"
        box = self.doc.querySelector("#over-breakdown")
        self._clear(box)
        table = self._element("table")
        table.append(self._row([(self.tr.t("gameover.base"), None), (str(final.base), None)]))
        bonus_lines = [line for line in final.lines if line.bonus]
        for line in bonus_lines:
            name = self.tr.t(f"line.{line.kind}", n=line.index + 1)
            table.append(
                self._row(
                    [
                        (f"{name} — {self.tr.t('bonus.' + line.bonus.value)}", "bonus-name"),
                        (f"+{line.bonus.points}", None),
                    ]
                )
            )
        if not bonus_lines:
            table.append(self._row([(self.tr.t("gameover.no_bonus"), None), ("+0", None)]))
        table.append(
            self._row(
                [
                    (self.tr.t("gameover.ruins", count=final.ruins), None),
                    (number(-final.ruin_penalty), "neg" if final.ruin_penalty else None),
                ]
            )
        )
        table.append(
            self._row(
                [
                    (self.tr.t("gameover.powers", count=final.powers_used), None),
                    (number(-final.power_penalty), "neg" if final.power_penalty else None),
                ]
            )
        )
        table.append(
            self._row([(self.tr.t("gameover.total"), None), (number(final.total), None)], "total")
        )
        box.append(table)
        title = self.doc.querySelector("#over-table-title")
        title.textContent = (
            f"{self.tr.t('scores.title')} — {self.tr.t('difficulty.' + game.difficulty.value)}"
        )
        table = ui.session.records.table(game.difficulty)
        self._fill_table(self.doc.querySelector("#over-table"), game.difficulty, table, rank)
