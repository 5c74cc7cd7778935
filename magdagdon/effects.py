"""What just happened, as the interface tells it: typed effects instead of bare strings.

The interface's parts hear them (as 2048's managers hear "move") instead of calling each
other; those meant for the page (:data:`OUTWARD`) are also kept for the renderer's motion and
words, the page's jobs (share, think, download...) and the sounds.

>>> Effect.ROLLED == "rolled", Shake(5)
(True, Shake(cell=5))
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = ["Effect", "OUTWARD", "Shake"]


class Effect(enum.StrEnum):
    ROLLED = "rolled"
    STAGED = "staged"
    CONFIRMED = "confirmed"
    POWER = "power"
    RUINED = "ruined"
    OVER = "over"
    GUIDED = "guided"
    THINK = "think"
    HINTED = "hinted"
    COACHED = "coached"
    SHARE = "share"
    UPDATE = "update"
    FOCUS_IMPORT = "focus-import"
    COPY_CODE = "copy-code"
    DOWNLOAD = "download"
    WATCH_PLAY = "watch-play"
    #: a review opened: the page works its decisions out, one per browser task
    REVIEW = "review"
    #: a backup read: the page checks its games and merges it in, in steps
    IMPORT = "import"
    #: a practice answer is graded: the page works it out, in steps
    PRACTICE = "practice"
    #: the latest finished games are looked at for positions to practise, in steps
    PRACTICE_SCAN = "practice-scan"
    #: today's puzzle is worked out: the page finds it, in steps
    PUZZLE_FIND = "puzzle-find"
    #: a puzzle's answer is graded: the page works it out, in steps
    PUZZLE = "puzzle"
    #: SEND: a position handed to a friend (Web Share, or the clipboard), within her tap
    SEND_PUZZLE = "send-puzzle"
    #: the browser's own install prompt, called from her tap
    INSTALL = "install"
    #: the reminder's BACKUP: the page saves the backup as a file, or copies its code
    BACKUP_NOW = "backup-now"
    # heard by the interface's parts only (never kept for the page):
    #: a die was tapped
    TAPPED = "tapped"
    #: another game is on screen (a new one, the daily roll, the URL's)
    SHOWN = "shown"
    #: a dialog was opened (``dialog`` names it)
    OPENED = "opened"
    #: the open dialog is being closed (``dialog`` still names it while it is heard)
    CLOSING = "closing"
    #: a backup was merged in
    IMPORTED = "imported"
    #: a review was worked out to the end (:attr:`~magdagdon.ui.state.Shared.reviewed`)
    REVIEWED = "reviewed"


#: The effects the page hears (the others stay inside the interface).
OUTWARD = frozenset(Effect) - {
    Effect.TAPPED,
    Effect.SHOWN,
    Effect.OPENED,
    Effect.CLOSING,
    Effect.IMPORTED,
    Effect.REVIEWED,
}


@dataclass(frozen=True)
class Shake:
    """The rules refused a tap on ``cell`` while placing: the page shows where."""

    cell: int
