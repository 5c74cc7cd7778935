"""Drawing: a frozen view (:class:`magdagdon.ui.View`, made by the controller: the game, its
table of what can be pressed, its status line, the open dialog's own view) in, the DOM brought
up to date. It never sees the controller nor the session, and decides no rule.

Like 2048's actuator, it redraws from the view alone. It remembers what it last wrote to each
element (Tatham's draw state), so a tap costs only the attributes that changed; a dialog is
filled (by its filler in :data:`magdagdon.web.dialogs.FILLERS`) only when what it shows
changed. Every word comes from the translator; user-controlled text is only ever set as text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from magdagdon.effects import Effect, Shake
from magdagdon.game import Phase
from magdagdon.i18n import Translator
from magdagdon.rules import EMPTY, RUIN, SIZE, ScoreBreakdown
from magdagdon.share import daily_share_text, number, share_text
from magdagdon.ui import BUTTONS, DIALOGS, Message
from magdagdon.ui.controls import Held
from magdagdon.web import dialogs
from magdagdon.web.dialogs import attr, missing

if TYPE_CHECKING:
    from magdagdon.game import Game
    from magdagdon.hints import Hint
    from magdagdon.ui import Control, Controls, View
    from magdagdon.ui.games import Mode
    from magdagdon.ui.over import Sharing

__all__ = ["Renderer", "attr", "missing"]


def _ghost(hint: Hint | None, cell: int) -> str | None:
    """What the coach's hint shows on ``cell``: a die's value, "ruin", or nothing."""
    if hint is None:
        return None
    if hint.ruin == cell:
        return "ruin"
    value = hint.ghosts.get(cell)
    return None if value is None else str(value)


def _offers(doc: Any) -> list[tuple[Any, bool]]:
    """PRACTISE in the dialogs that offer it, and whether each is the statistics' one."""
    found = doc.querySelectorAll('dialog [data-action="practise"]')
    return [(el, not missing(el.closest("#dialog-stats"))) for el in found]


class Renderer:
    def __init__(self, window: Any, translator: Translator) -> None:
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
        self.practise_buttons = _offers(self.doc)
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
        self._shaken: Any = None  # the cell showing a refusal
        self._drawn: dict[tuple[str, str], object] = {}
        #: What each dialog was last filled with (refilled only when its view changed).
        self._filled: dict[str, object] = {}

    # -- low level: write only what changed ------------------------------------------------------
    def _set(self, key: str, el: Any, name: str, value: object) -> None:
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
        self._filled.clear()

    # -- the whole screen ------------------------------------------------------------------------
    def draw(self, view: View) -> None:
        game = view.game
        self._set("body", self.body, "data-phase", game.phase.value)
        self._set("body", self.body, "data-powers", game.powers_left)
        self._set("body", self.body, "data-difficulty", game.difficulty.value)
        self._set("score", self.score, "text", number(game.score))
        self._set("score", self.score, "data-score", game.score)
        status = view.status
        self._set("status-main", self.status_main, "text", self.say(status))
        detail = self.tr.t(status.detail) if status.detail else ""
        self._set("status-detail", self.status_detail, "text", detail)
        self._set("status", self.status, "data-alert", "true" if status.alert else "false")
        controls = view.controls
        self._draw_mode(game, view.mode, controls.actions["daily"])
        self._draw_guide(view.guide)
        self._draw_board(game, controls, view.hint)
        self._draw_dice(game, controls, view.selected, view.hint)
        self._draw_controls(game, controls, view.chosen or 0)
        self._draw_dialog(view.dialog, view.shows)
        self._draw_offers(controls.actions["practise"])

    def _draw_mode(self, game: Game, mode: Mode, daily: Control) -> None:
        """Which game is on screen: the chip (its difficulty, or the daily roll), the score's
        label (or the score a challenge asks to beat), the daily entry in the menu."""
        day = mode.day
        if mode.drill:
            chip = self.tr.t("practice.chip")
        elif day is None:
            chip = self.tr.t(f"difficulty.{game.difficulty.value}")
        else:
            chip = self.tr.t("daily.chip.practice" if mode.practice else "daily.chip")
        self._set("chip", self.difficulty_chip, "text", chip)
        self._set("body", self.body, "data-daily", None if day is None else "true")
        self._set("body", self.body, "data-drill", "true" if mode.drill else None)
        target = mode.target
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
        again = self.tr.t("button.your_game" if mode.resumes else "button.new_game")
        self._set("new-game", self.buttons["new-game"], "text", again)

    def _draw_guide(self, message: Message | None) -> None:
        """The first-game guide over the score and status: its step and words (said once
        for a screen reader when they change); the control it points at glows (CSS, by the
        body's ``data-guide``)."""
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
            won = line.bonus
            bonus = won.value if won else ""
            self._set(key, el, "data-bonus", bonus)
            self._set(key, el, "data-full", "true" if line.full else "false")
            self._set(key, el, "data-preview", "true" if staging else "false")
            name = self.tr.t(f"line.{line.kind}", n=line.index + 1)
            small = f"+{won.points} {self.tr.t('bonus.' + bonus)}" if won else ""
            total, bonus_text = self.sum_parts[key]
            self._set(key + "b", total, "text", str(line.total))
            self._set(key + "s", bonus_text, "text", small)
            label = self.tr.t("line.sum", line=name, sum=line.total)
            if won:
                label = self.tr.t(
                    "bonus.line",
                    line=label,
                    bonus=self.tr.t("bonus." + bonus),
                    points=won.points,
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

    def _draw_offers(self, practise: Control) -> None:
        """PRACTISE in the dialogs that offer it: shown in REVIEW's and the game's end while
        positions wait; in the statistics always there, enabled while they wait."""
        for n, (el, stats) in enumerate(self.practise_buttons):
            name = f"practise-{n}"
            self._set(name, el, "hidden", not stats and not practise.enabled)
            self._set(name, el, "disabled", not practise.enabled)

    # -- effects: motion and announcements -------------------------------------------------------
    def play_effects(self, view: View, effects: list[Effect | Shake | Held]) -> None:
        """The motion and the words of what just happened (effects the page does not show
        are left to the others)."""
        for effect in effects:
            if isinstance(effect, Shake):
                self._shaken = self.cells[effect.cell]
                self._restart_animation([self._shaken], "shake")
            elif isinstance(effect, Held):  # a tap on a button that had only just appeared
                self.announce(self.say(view.status))
            elif effect in self._EFFECTS:
                self._EFFECTS[effect](self, view)
        if self._guide_news:
            self.announce(self._guide_news, append=True)
            self._guide_news = None

    def _rolled(self, view: View) -> None:
        game = view.game
        self._restart_animation(self.dice, "rolling")
        self.announce(self.tr.t("announce.roll", dice=", ".join(map(str, game.dice))))
        if game.phase is Phase.MAGDAGDON:
            self.announce(self.tr.t("status.magdagdon"), append=True)

    def _powered(self, view: View) -> None:
        game = view.game
        self._restart_animation([self.dice[d] for d in game.available], "rolling")
        self.announce(self.tr.t("announce.power", dice=", ".join(map(str, game.dice))))

    def _hinted(self, view: View) -> None:
        if view.hint is not None:
            self.announce(self._hint_words(view.hint))

    #: What each effect the page shows does (motion, words).
    _EFFECTS: ClassVar[dict[Effect, Callable[[Renderer, View], None]]] = {
        Effect.ROLLED: _rolled,
        Effect.POWER: _powered,
        Effect.CONFIRMED: lambda r, v: r.announce(r.tr.t("announce.confirm", score=v.game.score)),
        Effect.RUINED: lambda r, _: r.announce(r.tr.t("status.ruin")),
        Effect.OVER: lambda r, v: r.announce(r.tr.t("announce.over", score=v.game.score)),
        Effect.HINTED: _hinted,
        Effect.GUIDED: lambda r, _: r.announce(r.tr.t("guide.done"), append=True),
    }

    def _hint_words(self, hint: Hint) -> str:
        """The hint for a screen reader: the status line, then each die and where it goes."""
        words = [self.say(hint.say)]
        for cell, value in sorted(hint.ghosts.items()):
            row, column = cell // SIZE + 1, cell % SIZE + 1
            words.append(self.tr.t("hint.say.stage", value=value, row=row, column=column))
        if hint.why:
            words.append(self.tr.t(hint.why))
        return " ".join(words)

    def _restart_animation(self, elements: Sequence[Any], name: str) -> None:
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

    def notice(
        self, key: str, action: str | None = None, label: str | None = None, **params: object
    ) -> None:
        """The text of ``key`` at the bottom of the screen until dismissed, with a button for
        ``action`` (labelled by the key ``label``) when there is one."""
        box = dialogs.element(self, "div", cls="notice")
        box.append(dialogs.element(self, "p", self.tr.t(key, **params)))
        if action is not None:
            button = dialogs.button(self, self.tr.t(label) if label else "", action)
            button.classList.add("notice-action")
            box.append(button)
        close = dialogs.button(self, "", "dismiss")
        close.classList.add("icon-btn", "close")
        close.setAttribute("aria-label", self.tr.t("button.close"))
        box.append(close)
        self.notices.append(box)

    def share_text(self, sharing: Sharing, page: str) -> tuple[str, str]:
        """What SHARE hands over, in the current language (see :mod:`magdagdon.share`)."""
        day = sharing.day
        if day is None:
            return share_text(sharing.game, self.tr, page)
        return daily_share_text(
            sharing.game,
            self.tr,
            page,
            day=day,
            day_text=dialogs.date(self, day, "medium"),
            practice=sharing.practice,
            streak=sharing.streak,
        )

    # -- dialogs ---------------------------------------------------------------------------------
    def _draw_dialog(self, wanted: str | None, shows: object) -> None:
        """The open dialog (filled when what it shows changed), the others closed."""
        if wanted is not None and (wanted not in self._filled or self._filled[wanted] != shows):
            filler = dialogs.FILLERS.get(wanted)
            if filler is not None and (shows is not None or wanted in dialogs.UNVIEWED):
                filler(self, shows)
                self._filled[wanted] = shows
        if wanted == self.open_dialog:
            return
        if self.open_dialog is not None:
            el = self.dialogs[self.open_dialog]
            self.open_dialog = None
            if el.open:
                el.close()
        if wanted is not None:
            self.open_dialog = wanted
            dialog = self.dialogs[wanted]
            dialog.showModal()
            # At its top, where its title and what it says first are (its focused button, in
            # reach at its foot: a long dialog's actions stay there while it scrolls).
            dialog.scrollTop = 0

    def dialog_closed(self, name: str) -> bool:
        """The browser closed dialog ``name`` (Esc, or its form): True when it was the one this
        renderer had open (a late event for a dialog opened again since is not)."""
        if self.open_dialog != name:
            return False
        self.open_dialog = None
        return True
