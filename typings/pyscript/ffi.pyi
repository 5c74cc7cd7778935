"""PyScript's ``pyscript.ffi``, for the type checker: Pyodide's own, except that ``to_js`` makes
a dict a plain JavaScript object (``Object.fromEntries``) unless told otherwise."""

from typing import Any

from pyodide.ffi import create_proxy as create_proxy

def to_js(value: object, /, **kw: Any) -> Any: ...
