"""The first frame of the next open (:mod:`magdagdon.frame`): what a fresh start draws for the
values stored now, painted as the page paints it, with the sheet a fresh start opens (the
game-over sheet of a finished game) as the page shows it now."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

from ...frame import FRAME_KEYS, SHEET_KEYS, Frame
from ...i18n import LANGUAGES, Catalog, Translator, pick_language
from .. import resting
from . import Painter, Screen
from .words import Words

if TYPE_CHECKING:
    from ..controller import View

__all__ = ["first_frame", "frame_steps"]


def frame_steps(
    stored: Mapping[str, str | None],
    *,
    today: str,
    release: str | None,
    preferred: Sequence[str],
    catalogs: dict[str, Catalog],
    words: Mapping[str, Iterable[str]],
    labels: Mapping[str, Iterable[str]],
    sheet: Callable[[str], View | None] | None = None,
    digests: Callable[[], Mapping[str, str]] | None = None,
) -> Generator[None, None, Frame]:
    """The frame the next open paints while ``stored`` (the values under ``FRAME_KEYS``) is so:
    what a fresh start draws (:func:`magdagdon.ui.resting`) in its language, with the fixed
    ``words`` and aria ``labels`` (keys by screen, ``""`` the board's); its sheet as ``sheet``
    shows it now (None: another game), with the ``digests`` of SHEET_KEYS. Made in steps."""
    view, chosen = resting(stored, today=lambda: today, languages=LANGUAGES)
    yield
    tr = Translator(catalogs, pick_language(chosen, preferred))
    said, shown = Words(tr, preferred), _sheet(view, sheet) if digests is not None else None
    sums = {} if shown is None or digests is None else digests()
    (painter := Painter(said)).draw(view, shown)
    yield
    later = _later(stored, today, said)
    yield
    screen, open_ = painter.screen(sheet=False), "" if shown is None else str(shown.dialog)
    return Frame(
        release=release,
        day=today,
        languages=",".join(preferred),
        keys={key: stored.get(key) for key in FRAME_KEYS},
        lang=tr.language,
        title=tr.t("app.title"),
        texts={key: tr.t(key) for key in _keys(words, open_)},
        labels={key: tr.t(key) for key in _keys(labels, open_)},
        screen=screen,
        later=_changed(screen, later),
        sheet=painter.screen(board=False) if sums else {},
        digests={key: sums[key] for key in SHEET_KEYS} if sums else {},
    )


def _later(stored: Mapping[str, str | None], today: str, said: Words) -> Screen:
    """What a fresh start draws on the day after ``today``."""
    tomorrow = (date.fromisoformat(today) + timedelta(days=1)).isoformat()
    painter = Painter(said)
    painter.draw(resting(stored, today=lambda: tomorrow, languages=LANGUAGES)[0])
    return painter.screen(sheet=False)


def _sheet(view: View, sheet: Callable[[str], View | None] | None) -> View | None:
    """The page's view with the sheet ``view`` opens (None: it opens none, or the page shows
    another game)."""
    if view.dialog is None or sheet is None:
        return None
    shown = sheet(view.dialog)
    if shown is None or shown.game != view.game or shown.dialog != view.dialog:
        return None
    return replace(shown, dialog=view.dialog)


def _keys(keys: Mapping[str, Iterable[str]], dialog: str) -> list[str]:
    """The catalogue keys of the board screen's fixed words, and of the sheet open."""
    return list(dict.fromkeys([*keys.get("", ()), *(keys.get(dialog, ()) if dialog else ())]))


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
