"""The rest of Python's standard library, mounted once the game is ready.

A built site ships Pyodide's standard library in two parts (tools/build.py, ``census``):
the files the game loads (Python's start, the snapshot's modules, every module the game names in
an import), which the runtime installs as its zip (the start archive), and the rest, which the
game mounts once it is ready where the service worker keeps it (one of its extras, kept once a
visit could afford it: static/boot.js; it is never needed to play). ``mount`` writes the rest beside
the first part and puts a finder at the end of ``sys.meta_path``: a module the first part lacks
is then found in the rest, and the finder says so (``said``), because it means the build's
census missed it (the browser tests fail on that message). Before the rest has arrived such an
import fails as any missing module does.
"""

from __future__ import annotations

import sys
import zipimport
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (importlib.machinery's ModuleSpec: the engine names no importlib module)
    from _frozen_importlib import ModuleSpec
    from types import ModuleType

REST_NAME = "python_stdlib_rest.zip"
#: What the page logs (for developers, in English): a module the census missed, found in the
#: rest (the browser tests fail on this prefix); the rest not fetched (offline on a first visit).
MISSED = "MAGDAGDON: standard library: {name} is not in the start-up part"
ABSENT = "MAGDAGDON: the rest of the standard library is not here: {error}"


class RestOfStdlib:
    """A meta-path finder for the modules of the archive ``rest`` that the archive ``start``
    (on ``sys.path``) lacks: a top-level module, or a submodule of a package of ``start``
    (its ``__path__`` is inside ``start``; the same folder is looked for inside ``rest``)."""

    def __init__(self, start: str, rest: str, said: Callable[[str], None]) -> None:
        self.start = start.rstrip("/")
        self.rest = rest.rstrip("/")
        self.said = said
        self._importers: dict[str, zipimport.zipimporter | None] = {}

    def _importer(self, place: str) -> zipimport.zipimporter | None:
        if place not in self._importers:
            try:
                self._importers[place] = zipimport.zipimporter(place)
            except zipimport.ZipImportError:
                self._importers[place] = None
        return self._importers[place]

    def _places(self, path: Sequence[str] | None) -> list[str]:
        if path is None:
            return [self.rest]
        inside = [p for p in map(str, path) if p == self.start or p.startswith(self.start + "/")]
        return [self.rest + p[len(self.start) :] for p in inside]

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """The module's spec from the rest, or None."""
        for place in self._places(path):
            importer = self._importer(place)
            spec = importer.find_spec(name) if importer is not None else None
            if spec is not None:
                self.said(name)
                return spec
        return None

    def invalidate_caches(self) -> None:
        """Nothing to forget: the archives never change once mounted."""


def start_zip(path: list[str]) -> str | None:
    """The runtime's standard library: the first ``.zip`` on ``path`` (Pyodide puts it there)."""
    return next((p for p in path if p.endswith(".zip")), None)


def mount(data: bytes, said: Callable[[str], None]) -> RestOfStdlib | None:
    """Write the rest (``data``) beside the runtime's zip and find modules in it from now on;
    None (and nothing changed) where there is no runtime zip or the rest is mounted already."""
    start = start_zip(sys.path)
    if start is None or any(isinstance(f, RestOfStdlib) for f in sys.meta_path):
        return None
    rest = start.rsplit("/", 1)[0] + "/" + REST_NAME
    with open(rest, "wb") as file:
        file.write(data)
    finder = RestOfStdlib(start, rest, said)
    sys.meta_path.append(finder)
    return finder


__all__ = ["ABSENT", "MISSED", "REST_NAME", "RestOfStdlib", "mount", "start_zip"]
