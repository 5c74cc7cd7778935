"""The part of Pyodide's ``pyodide.ffi`` the game uses, for the type checker (the runtime's full
signatures are in its ``_pyodide/_core_docs.py``). A JavaScript value seen from Python is a
:class:`JsProxy`: its attributes are whatever JavaScript gives, so they are ``Any``."""

from collections.abc import Callable
from typing import Any, Generic, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

class JsProxy:
    """A JavaScript value."""

    def __getattr__(self, name: str) -> Any: ...

class JsDoubleProxy(JsProxy, Generic[T]):
    """A Python value lent to JavaScript until :meth:`destroy` (:func:`create_proxy`)."""

    def destroy(self) -> None: ...
    def unwrap(self) -> T: ...

class JsOnceCallable(JsProxy, Generic[P, T]):
    """A Python function JavaScript may call once (:func:`create_once_callable`)."""

    __call__: Callable[P, T]
    def destroy(self) -> None: ...

def create_once_callable(obj: Callable[P, T], /) -> JsOnceCallable[P, T]: ...
def create_proxy(
    obj: T, /, *, capture_this: bool = False, roundtrip: bool = True
) -> JsDoubleProxy[T]: ...
def to_js(
    obj: object,
    /,
    *,
    depth: int = -1,
    create_pyproxies: bool = True,
    dict_converter: Callable[..., Any] | None = None,
) -> Any: ...
