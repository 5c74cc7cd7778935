"""The first frame of the next open (:mod:`magdagdon.frame`), kept in idle moments."""

from __future__ import annotations

from collections.abc import Iterator

from ...frame import FRAME_KEYS, SHEET_KEYS, digest, keep
from ...i18n import pick_language
from ...store import StoreError
from .. import opened
from ..paint.first import frame_steps
from .base import Base

__all__ = ["Framing"]


class Framing(Base):
    """The first frame kept (a part of the shell)."""

    def _stored(self, key: str) -> str | None:
        try:
            return self.session.records.store.get(key)
        except StoreError:
            return None

    def _sums(self) -> dict[str, str]:
        """The digests of the values stored under SHEET_KEYS."""
        if self._digest is not None:
            return {key: self._digest(key) for key in SHEET_KEYS}
        return {key: digest(self._stored(key)) for key in SHEET_KEYS}

    def _frame_steps(self) -> Iterator[None]:
        """Keep what a fresh start would draw for the values stored now (magdagdon/frame.py),
        unless the frame kept already is that; not if they changed while it was made (the
        redraw that changed them keeps another)."""
        if not self._frame_due:
            return
        self._frame_due = False
        stored = {key: self._stored(key) for key in FRAME_KEYS}
        day, kept, languages = self.today(), self._framed, ",".join(self.preferred)
        if kept is not None and kept.holds(
            stored,
            day=day,
            release=self.release,
            languages=languages,
            digests=self._sums() if kept.digests else None,
        ):
            return
        self._catalog(pick_language(self.session.settings.language, self.preferred))
        frame = yield from frame_steps(
            stored,
            today=day,
            release=self.release,
            preferred=self.preferred,
            catalogs=self.catalogs,
            words=self.keys[0],
            labels=self.keys[1],
            sheet=lambda dialog: opened(self.ui, dialog),
            digests=self._sums,
        )
        if all(self._stored(key) == stored[key] for key in FRAME_KEYS):
            keep(self.session.keeper, frame)
            self._framed = frame
