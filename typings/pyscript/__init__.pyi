"""The part of PyScript's ``pyscript`` module the game uses, for the type checker: the page's
``window`` and ``document``, JavaScript objects whose attributes only JavaScript knows."""

from typing import Any

window: Any
document: Any
