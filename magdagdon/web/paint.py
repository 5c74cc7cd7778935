"""The board screen drawn from a frozen view (:class:`magdagdon.ui.View`) as writes to named
elements: no DOM here, so the same drawing makes the page (:class:`~magdagdon.web.render.
Renderer` applies each write to its element) and the first frame kept for the next open
(:mod:`magdagdon.frame`: the draw state of its elements, painted by the page's first script
before Python starts). Runs in CPython for the tests.

An element is named ``kind`` or ``kind:name`` (``cell:5``, ``button:roll``);
:data:`magdagdon.frame.ELEMENTS` gives each kind's CSS selector (``%`` stands for the name). A
write is ``(element, what, value)``: ``what`` is ``text`` (its text), ``hidden`` or
``disabled`` (a flag) or an attribute (a value, None: removed). Like Tatham's draw state, the
painter remembers what it last wrote to each, so a tap costs only what changed.

>>> from magdagdon.i18n import Translator
>>> painter = Painter(Translator({"en": {}}, "en"))
>>> painter._set("score", "text", "12"); painter._set("score", "text", "12")
>>> painter.drawn
{('score', 'text'): '12'}
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Mapping, Sequence
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

from magdagdon.frame import ELEMENTS, FRAME_KEYS, Frame, Screen
from magdagdon.i18n import LANGUAGES, Catalog, Translator, pick_language
from magdagdon.rules import EMPTY, RUIN, SIZE, ScoreBreakdown
from magdagdon.share import number
from magdagdon.ui import BUTTONS, Message, resting

if TYPE_CHECKING:
    from magdagdon.game import Game
    from magdagdon.hints import Hint
    from magdagdon.ui import Control, Controls, View
    from magdagdon.ui.games import Mode

__all__ = ["Painter", "Value", "first_frame", "frame_steps"]

#: What a write sets: a text, a flag, an attribute's value (None: the attribute removed).
Value = str | int | bool | None


def _ghost(hint: Hint | None, cell: int) -> str | None:
    """What the coach's hint shows on ``cell``: a die's value, "ruin", or nothing."""
    if hint is None:
        return None
    if hint.ruin == cell:
        return "ruin"
    value = hint.ghosts.get(cell)
    return None if value is None else str(value)


class Painter:
    """The board screen of a view, in the player's words, as writes (see the module)."""

    def __init__(self, translator: Translator) -> None:
        self.tr = translator
        #: What was last written to each element: (element, what) → value.
        self.drawn: dict[tuple[str, str], Value] = {}
        self._guide_news: str | None = None

    def _set(self, element: str, what: str, value: Value) -> None:
        if self.drawn.get((element, what)) == value and (element, what) in self.drawn:
            return
        self.drawn[(element, what)] = value
        self.write(element, what, value)

    def write(self, element: str, what: str, value: Value) -> None:
        """Write ``value`` to ``element`` (the page's; a painter only remembers it)."""

    def forget(self) -> None:
        """Draw everything again next time (the page's words changed)."""
        self.drawn.clear()

    def say(self, message: Message) -> str:
        params = {
            k: self.tr.t(v[1:]) if isinstance(v, str) and v.startswith("@") else v
            for k, v in message.params.items()
        }
        return self.tr.t(message.key, **params)

    # -- the whole screen ------------------------------------------------------------------------
    def draw(self, view: View) -> None:
        game = view.game
        self._set("body", "data-phase", game.phase.value)
        self._set("body", "data-powers", game.powers_left)
        self._set("body", "data-difficulty", game.difficulty.value)
        self._set("score", "text", number(game.score))
        self._set("score", "data-score", game.score)
        status = view.status
        self._set("status-main", "text", self.say(status))
        detail = self.tr.t(status.detail) if status.detail else ""
        self._set("status-detail", "text", detail)
        self._set("status", "data-alert", "true" if status.alert else "false")
        controls = view.controls
        self._draw_mode(game, view.mode, controls.actions["daily"])
        self._draw_guide(view.guide)
        self._draw_board(game, controls, view.hint)
        self._draw_dice(game, controls, view.selected, view.hint)
        self._draw_controls(game, controls, view.chosen or 0)

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
        self._set("chip", "text", chip)
        self._set("body", "data-daily", None if day is None else "true")
        self._set("body", "data-drill", "true" if mode.drill else None)
        target = mode.target
        label = (
            self.tr.t("label.score")
            if target is None
            else self.tr.t("label.target", score=number(target))
        )
        self._set("score-label", "text", label)
        self._set("score-label", "data-target", target)
        self._set("daily", "aria-pressed", "true" if daily.pressed else "false")
        self._set("daily", "data-waiting", "true" if daily.marked else "false")
        self._set("daily", "aria-label", self.tr.t(f"nav.daily{'.waiting' * daily.marked}"))
        again = self.tr.t("button.your_game" if mode.resumes else "button.new_game")
        self._set("button:new-game", "text", again)

    def _draw_guide(self, message: Message | None) -> None:
        """The first-game guide over the score and status: its step and words (said once
        for a screen reader when they change); the control it points at glows (CSS, by the
        body's ``data-guide``)."""
        step = None if message is None else message.key.removeprefix("guide.")
        self._set("body", "data-guide", step)
        self._set("guide", "hidden", message is None)
        if message is None:
            return
        params = message.params
        counter = self.tr.t("guide.step", n=params["n"], total=params["total"])
        words = self.say(message)
        self._set("guide-step", "text", counter)
        if self.drawn.get(("guide-words", "text")) != words:
            self._guide_news = words  # said after what just happened (the page's effects)
        self._set("guide-words", "text", words)

    def _draw_board(self, game: Game, controls: Controls, hint: Hint | None) -> None:
        staged = {cell for _, cell in game.placements}
        shown = game.staged_board
        for i in range(SIZE * SIZE):
            value = shown[i]
            if i in staged:
                state, content = "staged", self.tr.t("cell.staged", value=value)
            elif value == RUIN:
                state, content = "ruin", self.tr.t("cell.ruin")
            elif value == EMPTY:
                state, content = "empty", self.tr.t("cell.empty")
            else:
                state, content = "number", str(value)
            key = f"cell:{i}"
            legal = controls.cells[i].marked
            ghost = _ghost(hint, i)
            self._set(key, "data-state", state)
            self._set(key, "data-value", max(value, 0))
            self._set(key, "data-legal", "true" if legal else "false")
            self._set(key, "data-ghost", ghost)
            label = self.tr.t("cell.label", row=i // SIZE + 1, column=i % SIZE + 1, content=content)
            if legal:
                label = self.tr.t("cell.label.note", label=label, note=self.tr.t("cell.legal"))
            if ghost is not None:
                kind = "ruin" if ghost == "ruin" else "die"
                note = self.tr.t(f"cell.ghost.{kind}", value=ghost)
                label = self.tr.t("cell.label.note", label=label, note=note)
            self._set(key, "aria-label", label)
        self._draw_lines(game.preview, bool(staged))

    def _draw_lines(self, preview: ScoreBreakdown, staging: bool) -> None:
        for line in preview.lines:
            name = f"{line.kind}-{line.index}"
            key = f"line:{name}"
            won = line.bonus
            bonus = won.value if won else ""
            self._set(key, "data-bonus", bonus)
            self._set(key, "data-full", "true" if line.full else "false")
            self._set(key, "data-preview", "true" if staging else "false")
            small = f"+{won.points} {self.tr.t('bonus.' + bonus)}" if won else ""
            self._set(f"total:{name}", "text", str(line.total))
            self._set(f"bonus:{name}", "text", small)
            label = self.tr.t(
                "line.sum", line=self.tr.t(f"line.{line.kind}", n=line.index + 1), sum=line.total
            )
            if won:
                label = self.tr.t(
                    "bonus.line",
                    line=label,
                    bonus=self.tr.t("bonus." + bonus),
                    points=won.points,
                )
            self._set(key, "aria-label", label)
            self._set(key, "title", label)

    def _draw_dice(
        self, game: Game, controls: Controls, selected: int | None, hint: Hint | None
    ) -> None:
        for d, control in enumerate(controls.dice):
            key = f"die:{d}"
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
            self._set(key, "data-state", state)
            self._set(key, "data-value", value)
            self._set(key, "data-chosen", "true" if control.marked else "false")
            self._set(key, "data-hinted", "true" if hint and d in hint.dice else None)
            self._set(key, "aria-label", label)
            self._set(key, "aria-pressed", "true" if control.pressed else "false")
            self._set(key, "disabled", not control.enabled)

    def _draw_controls(self, game: Game, controls: Controls, chosen: int) -> None:
        for action in BUTTONS:
            control, key = controls.actions[action], f"button:{action}"
            self._set(key, "hidden", not control.shown)
            self._set(key, "disabled", not control.enabled)
            if control.pressed is not None:
                self._set(key, "aria-pressed", "true" if control.pressed else "false")
        more = (
            self.tr.t("button.confirm.more", count=game.still_required)
            if game.still_required
            else ""
        )
        self._set("confirm-more", "text", more)
        go = (
            self.tr.t("button.reroll.go", count=chosen)
            if chosen
            else self.tr.t("button.reroll.pick")
        )
        self._set("button:reroll-go", "text", go)
        if game.difficulty.powers == 0:
            left = self.tr.t("label.no_powers")
        else:
            left = self.tr.t("label.powers_left", count=game.powers_left)
            if game.next_power_cost is not None and not game.is_over:
                cost = self.tr.t("label.next_cost", cost=game.next_power_cost)
                left = self.tr.t("label.powers_next", left=left, next=cost)
        self._set("powers-left", "text", left)

    def screen(self) -> Screen:
        """What the board screen shows as drawn: each element of :data:`ELEMENTS`' kinds and
        what was written to it (the first frame's draw state)."""
        shown: Screen = {}
        for (element, what), value in self.drawn.items():
            if element.partition(":")[0] in ELEMENTS:
                shown.setdefault(element, {})[what] = value
        return shown


def frame_steps(
    stored: Mapping[str, str | None],
    *,
    today: str,
    release: str | None,
    preferred: Sequence[str],
    catalogs: dict[str, Catalog],
    words: Iterable[str] = (),
    labels: Iterable[str] = (),
) -> Generator[None, None, Frame]:
    """The frame the next open paints when ``stored`` (the values under
    :data:`~magdagdon.frame.FRAME_KEYS`) is still so on ``today``, with this ``release``, in a
    browser preferring the languages ``preferred``: what a fresh start draws then
    (:func:`magdagdon.ui.resting`), in the language it would speak (its catalogue among
    ``catalogs``), with the page's fixed ``words`` and aria ``labels`` (catalogue keys) of the
    board screen, and what differs on the days after ``today``. Made in a few steps (a yield
    between them), returned at the end."""
    view, chosen = resting(stored, today=lambda: today, languages=LANGUAGES)
    yield
    tr = Translator(catalogs, pick_language(chosen, preferred))
    painter = Painter(tr)
    painter.draw(view)
    yield
    tomorrow = (date.fromisoformat(today) + timedelta(days=1)).isoformat()
    later = Painter(tr)
    later.draw(resting(stored, today=lambda: tomorrow, languages=LANGUAGES)[0])
    yield
    screen = painter.screen()
    return Frame(
        release=release,
        day=today,
        languages=",".join(preferred),
        keys={key: stored.get(key) for key in FRAME_KEYS},
        lang=tr.language,
        title=tr.t("app.title"),
        texts={key: tr.t(key) for key in words},
        labels={key: tr.t(key) for key in labels},
        screen=screen,
        later=_changed(screen, later.screen()),
    )


def _changed(before: Screen, after: Screen) -> Screen:
    """The writes of ``after`` that ``before`` does not make."""
    changed: Screen = {}
    for element, writes in after.items():
        own = before.get(element, {})
        differ = {what: value for what, value in writes.items() if own.get(what, ...) != value}
        if differ:
            changed[element] = differ
    return changed


def first_frame(stored: Mapping[str, str | None], **made: Any) -> Frame:
    """:func:`frame_steps` made at once (the same arguments)."""
    steps = frame_steps(stored, **made)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            frame: Frame = done.value
            return frame
