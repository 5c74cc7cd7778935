"""Drawing: a frozen view (:class:`magdagdon.ui.View`, made by the controller: the game, its
table of what can be pressed, its status line, the open dialog's own view) in, the DOM brought
up to date. It never sees the controller nor the session, and decides no rule.

Like 2048's actuator, it redraws from the view alone. The board screen is the painter's
(:class:`magdagdon.web.paint.Painter`, which remembers what it last wrote to each element:
Tatham's draw state), so a tap costs only the attributes that changed; a dialog is
filled (by its filler in :data:`magdagdon.web.dialogs.FILLERS`) only when what it shows
changed. Every word comes from the translator; user-controlled text is only ever set as text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from magdagdon.effects import Effect, Shake
from magdagdon.frame import ELEMENTS
from magdagdon.game import Phase
from magdagdon.i18n import Translator
from magdagdon.rules import SIZE
from magdagdon.share import daily_share_text, share_text
from magdagdon.ui import DIALOGS
from magdagdon.ui.controls import Held
from magdagdon.web import dialogs
from magdagdon.web.dialogs import attr, missing
from magdagdon.web.paint import Painter, Value

if TYPE_CHECKING:
    from magdagdon.hints import Hint
    from magdagdon.ui import Control, View
    from magdagdon.ui.over import Sharing

__all__ = ["Renderer", "attr", "missing"]


def _offers(doc: Any) -> list[tuple[Any, bool]]:
    """PRACTISE in the dialogs that offer it, and whether each is the statistics' one."""
    found = doc.querySelectorAll('dialog [data-action="practise"]')
    return [(el, not missing(el.closest("#dialog-stats"))) for el in found]


#: The invitation's and the reminder's elements, each shown as its row of the table says.
KEEPING = (
    ("invite", 'dialog [data-action="invite"]'),
    ("install", 'dialog [data-action="install"]'),
    ("backup-now", "[data-nudge]"),
)


class Renderer(Painter):
    """The painter's writes applied to the page's elements, and what only the page has: the
    dialogs, the motion and words of what just happened, the notices."""

    def __init__(self, window: Any, translator: Translator) -> None:
        super().__init__(translator)
        self.window = window
        self.doc = window.document
        q = self.doc.querySelector
        self.body = self.doc.body
        self.elements: dict[str, Any] = {}
        self.cells = [self.element(f"cell:{i}") for i in range(SIZE * SIZE)]
        self.dice = [self.element(f"die:{d}") for d in range(4)]
        self.practise_buttons = _offers(self.doc)
        found = self.doc.querySelectorAll
        self.keeping = [(action, el) for action, css in KEEPING for el in found(css)]
        self.announcer = q("#announce")
        self.notices = q("#notices")
        self.dialogs = {name: q(f"#dialog-{name}") for name in DIALOGS}
        self.open_dialog: str | None = None
        self._shaken: Any = None  # the cell showing a refusal
        #: What each dialog was last filled with (refilled only when its view changed).
        self._filled: dict[str, object] = {}

    def element(self, name: str) -> Any:
        """The page's element ``name`` (see :data:`~magdagdon.web.paint.ELEMENTS`)."""
        found = self.elements.get(name)
        if found is None:
            kind, _, which = name.partition(":")
            found = self.doc.querySelector(ELEMENTS[kind].replace("%", which))
            self.elements[name] = found
        return found

    # -- low level: write only what changed ------------------------------------------------------
    def write(self, element: str, what: str, value: Value) -> None:
        el = self.element(element)
        if what == "text":
            el.textContent = value
        elif what == "hidden":
            el.hidden = value
        elif what == "disabled":
            el.disabled = value
        elif value is None:
            el.removeAttribute(what)
        else:
            el.setAttribute(what, str(value))

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
        self.forget()
        self._filled.clear()

    # -- the whole screen ------------------------------------------------------------------------
    def draw(self, view: View) -> None:
        if self._shaken is not None:  # the refusal's red outline lasts until the next tap
            self._shaken.classList.remove("shake")
            self._shaken = None
        super().draw(view)
        self._draw_dialog(view.dialog, view.shows)
        self._draw_offers(view.controls.actions["practise"])
        self._draw_keeping(view.controls.actions)

    def _draw_keeping(self, actions: Mapping[str, Control]) -> None:
        """The invitation's buttons and the reminder's line, shown as the table says."""
        for n, (action, el) in enumerate(self.keeping):
            name = f"keeping:{n}"
            self.elements[name] = el
            self._set(name, "hidden", not actions[action].shown)

    def _draw_offers(self, practise: Control) -> None:
        """PRACTISE in the dialogs that offer it: shown in REVIEW's and the game's end while
        positions wait; in the statistics always there, enabled while they wait."""
        for n, (el, stats) in enumerate(self.practise_buttons):
            name = f"offer:{n}"
            self.elements[name] = el
            self._set(name, "hidden", not stats and not practise.enabled)
            self._set(name, "disabled", not practise.enabled)

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

    def picture(self, sharing: Sharing, today: str) -> str:
        """The picture SHARE hands over, as SVG, in the current language
        (:mod:`magdagdon.picture`, imported on first use); ``today``: an ordinary game's date."""
        from magdagdon.picture import picture

        day = sharing.day
        return picture(
            sharing.game,
            self.tr.t,
            date=dialogs.date(self, day or today, "long"),
            daily=day is not None,
            practice=sharing.practice,
            language=self.tr.language,
        )

    def offer_picture(self, url: str | None, name: str = "") -> None:
        """SAVE PICTURE in the game-over sheet: the picture at ``url`` saved as ``name``
        (None: not offered)."""
        offer = self.doc.querySelector("#over-picture")
        link = self.doc.querySelector("#over-save-picture")
        if url is None:
            offer.hidden = True
            link.removeAttribute("href")
            return
        link.href, link.download = url, name
        offer.hidden = False

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
