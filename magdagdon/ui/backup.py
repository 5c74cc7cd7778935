"""EXPORT and IMPORT: the backup code of everything the game keeps (to copy or download),
and a code pasted or a file read merged in. The backup module is imported on first use."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..effects import Effect
from ..message import Message
from .controls import Control
from .state import Part, Shared

if TYPE_CHECKING:
    from ..backup import Read

__all__ = ["Backup", "BackupView"]


@dataclass(frozen=True)
class BackupView:
    """The backup code made (None: none yet) and what the last import said."""

    code: str | None
    said: Message | None


class Backup(Part):
    ACTIONS = ("export", "import", "copy-code", "download", "import-go")
    DIALOGS = ("backup",)

    def __init__(self, ui: Shared) -> None:
        super().__init__(ui)
        #: The backup code made for the player, and what the last import said.
        self.code: str | None = None
        self.said: Message | None = None
        #: A backup read, its games being checked (:meth:`import_steps`) before it is merged.
        self.pending: Read | None = None

    def controls(self) -> dict[str, Control]:
        open_ = self.ui.dialog == "backup"
        return {
            "import-go": Control(enabled=open_ and self.pending is None),
            "copy-code": Control(enabled=self.code is not None),
            "download": Control(enabled=open_),
        }

    def view(self, dialog: str) -> BackupView:
        return BackupView(self.code, self.said)

    def _press_export(self, _: str | None) -> None:
        """The backup code of everything the game keeps (in the backup screen)."""
        from ..backup import code_of

        self.code = code_of(self.session)
        self.said = None
        self.ui.open("backup")

    def _press_import(self, _: str | None) -> None:
        """The backup screen, ready for a code to paste or a file to pick."""
        self.said = None
        self.ui.open("backup")
        self.ui.emit(Effect.FOCUS_IMPORT)

    def _press_copy_code(self, _: str | None) -> None:
        self.ui.emit(Effect.COPY_CODE)

    def _press_download(self, _: str | None) -> None:
        self.ui.emit(Effect.DOWNLOAD)

    def _press_import_go(self, value: str | None) -> None:
        """Read the backup pasted (or read from a file): one that cannot be read is said at
        once; the page then checks its games and merges it in (:meth:`import_steps`)."""
        from ..backup import BackupError, parse_any

        try:
            self.pending = parse_any(value)
        except BackupError as error:
            self.said = Message(f"backup.error.{error.problem}", alert=True)
            return
        self.said = Message("backup.importing")
        self.ui.emit(Effect.IMPORT)

    def import_steps(self) -> Generator[None, None, None]:
        """The backup read checked a game a step (the page answers taps in between), then
        merged in, whatever the screen shows meanwhile (nothing here is lost, nothing counted
        twice, whenever it lands); what came of it is said."""
        from ..backup import collect, import_read, verify_steps

        theirs = self.pending
        if theirs is None:
            return
        mine = collect(self.session.history().records)  # (only its games are compared)
        check = yield from verify_steps(mine, theirs)
        self.pending = None
        added, refused = import_read(self.session, theirs, check)
        self.said = Message("backup.imported", {"count": added, "refused": refused})
        self.ui.emit(Effect.IMPORTED)
