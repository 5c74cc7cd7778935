"""What a tap means: the interface's own state and the translation of taps into game
actions, as a package of parts (one per feature) that a small controller dispatches to.
Pure, so CPython tests cover it; the browser layer only turns DOM events into calls here and
draws the frozen view it is handed.

UI state is kept apart from game state (as in Tatham's midend): undo, saving and replay know
nothing of which die is chosen or which dialog is open.

- :mod:`.controller`: :class:`Controller` (dispatch, the table, the view), the key table;
- :mod:`.state`: the shared state (Tatham's ``game_ui``) and the :class:`~.state.Part` base;
- :mod:`.controls`: the table's rows and the rules' refusals;
- one part per feature: :mod:`.play`, :mod:`.games`, :mod:`.daily`, :mod:`.hints`,
  :mod:`.guide`, :mod:`.over`, :mod:`.scores`, :mod:`.watch`, :mod:`.backup`,
  :mod:`.settings`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from ..message import Message
from ..records import DAILY
from ..session import Session
from ..store import MemoryStore
from .controller import ACTIONS, BUTTONS, DIALOGS, KEYS, PARTS, Controller, View
from .controls import Control, Controls
from .guide import GUIDE_STEPS

__all__ = [
    "ACTIONS",
    "BUTTONS",
    "DAILY",
    "DIALOGS",
    "GUIDE_STEPS",
    "KEYS",
    "PARTS",
    "Control",
    "Controller",
    "Controls",
    "Message",
    "View",
    "opened",
    "resting",
]


def resting(
    stored: Mapping[str, str | None], *, today: Callable[[], str], languages: Iterable[str]
) -> tuple[View, str | None]:
    """What a fresh start (a page opened with no link) draws when ``stored`` holds the values
    stored under the keys the board screen is made from (:data:`magdagdon.frame.FRAME_KEYS`;
    None: nothing there), and the language its settings chose (None: the browser's): the
    first frame of the next open. The values are copied: nothing is written anywhere."""
    store = MemoryStore({key: text for key, text in stored.items() if text is not None})
    session = Session(store, today=today, languages=languages)
    return Controller(session).view(), session.settings.language


def opened(controller: Controller, dialog: str) -> View:
    """``controller``'s view as it would be with ``dialog`` open now (nothing changes): what
    the first frame of the next open shows of the sheet a fresh start opens."""
    before = controller.ui.dialog
    controller.ui.dialog = dialog
    try:
        return controller.view()
    finally:
        controller.ui.dialog = before
