"""SHARE: the finished game's picture made ahead, the text in her language (a daily roll's
day written by the browser), SAVE PICTURE offered after."""

from __future__ import annotations

from ..commands import Apply, Command, Picture, Share
from ..paint import Token
from .base import Base

__all__ = ["Sharing"]

#: Where a day written by the browser goes in a text made here (see :meth:`Sharing._with_day`).
_DAY = "\ue002"


class Sharing(Base):
    """SHARE (a part of the shell)."""

    def _picture_key(self) -> tuple[object, ...]:
        """What a picture is of: the game, a daily roll's day and practice, the language."""
        session = self.session
        return (self.ui.game, session.day, session.practice, self.painter.words.language)

    def _picture_ahead(self) -> list[Command]:
        """The picture of the finished game on screen, made ahead in idle moments (so that
        SHARE hands over a file at once, within her tap); asked again when the game or the
        language changed."""
        if not self.ui.game.is_over or self._picture == self._picture_key():
            return []
        withdrawn = self.offer(self._picture, None) if self._picture is not None else []
        self._picture = key = self._picture_key()
        sharing, words = self.ui.over.sharing(), self.painter.words
        day = sharing.day

        def draw(date: str) -> tuple[str, int, int]:
            from ...picture import HEIGHT, WIDTH, picture

            drawn = picture(
                sharing.game,
                words.tr.t,
                date=date,
                daily=day is not None,
                practice=sharing.practice,
                language=words.language,
            )
            return drawn, WIDTH, HEIGHT

        name = f"magdagdon-{day or sharing.game.seed}.png"
        return [*withdrawn, Picture(key, words.date(day or self.today(), "long"), draw, name)]

    def offer(self, key: object, url: str | None, name: str = "") -> list[Command]:
        """SAVE PICTURE in the game-over sheet, after SHARE: the picture of ``key`` at ``url``
        (None: no longer offered), while it is the finished game's on screen."""
        if url is None:
            hide = (("id:over-picture", "hidden", True), ("id:over-save-picture", "href", None))
            return [Apply(hide)]
        if key != self._picture_key():
            return []
        link = "id:over-save-picture"
        return [
            Apply(
                (
                    ("id:over-picture", "hidden", False),
                    (link, "href", url),
                    (link, "download", name),
                )
            )
        ]

    def _share(self) -> Share:
        """What SHARE hands over, in her language (:mod:`magdagdon.share`), with the picture
        made ahead of the game on screen."""
        from ...share import daily_share_text, share_text

        sharing, tr = self.ui.over.sharing(), self.painter.words.tr
        day = sharing.day
        if day is None:
            text, link = share_text(sharing.game, tr, self.page)
            return Share("MAGDAGDON", (text,), link, self._picture_key())
        made = daily_share_text(
            sharing.game,
            tr,
            self.page,
            day=day,
            day_text=_DAY,
            practice=sharing.practice,
            streak=sharing.streak,
        )
        return Share("MAGDAGDON", self._with_day(made[0], day), made[1], self._picture_key())

    def _send_puzzle(self) -> Share:
        """What SEND hands over: the position SEND was pressed for, in her language."""
        from ...share import puzzle_text

        puzzle = self.ui.puzzles.sending
        assert puzzle is not None  # (SEND_PUZZLE comes only with one)
        text, link = puzzle_text(puzzle, self.painter.words.tr, self.page)
        return Share("MAGDAGDON", (text,), link, None)

    def _with_day(self, text: str, day: str) -> tuple[str | Token, ...]:
        """``text`` with its day written by the browser (a token where :data:`_DAY` stands)."""
        token = self.painter.words.date(day, "medium")
        pieces: list[str | Token] = []
        for n, piece in enumerate(text.split(_DAY)):
            pieces += [token, piece] if n else [piece]
        return tuple(pieces)

    def shared(self, failed: bool, link: str) -> list[Command]:
        """SHARE could not hand anything over (``failed``: say so, with ``link``), or the
        clipboard took the text."""
        if failed:
            return [self._notice("share.failed", link=link)]
        return [self._notice("share.copied")]
