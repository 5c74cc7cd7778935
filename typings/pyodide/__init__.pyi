"""Pyodide's ``pyodide`` package, for the type checker (only ``pyodide.ffi`` is described)."""
