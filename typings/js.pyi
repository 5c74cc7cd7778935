"""Pyodide's ``js`` module, for the type checker: the browser's global scope, every name in it a
JavaScript value whose type only JavaScript knows."""

from typing import Any

def __getattr__(name: str) -> Any: ...
