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

from ..message import Message
from ..records import DAILY
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
]
