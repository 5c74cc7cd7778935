"""The rest of the standard library (magdagdon/stdlib.py): a module the start-up part lacks is
found in the rest and named; nothing else changes. Two small zips stand in for the two parts."""

from __future__ import annotations

import importlib
import sys
import zipfile
from pathlib import Path

import pytest

from magdagdon.stdlib import REST_NAME, RestOfStdlib, mount, start_zip

START = {
    "mgdsplit/__init__.py": "WHERE = 'start'\n",
    "mgdsplit/one.py": "VALUE = 1\n",
    "mgdtop_start.py": "VALUE = 'start'\n",
}
REST = {
    "mgdsplit/two.py": "from mgdsplit.one import VALUE\nVALUE = VALUE + 1\n",
    "mgdtop_rest.py": "VALUE = 'rest'\n",
    "mgdwhole/__init__.py": "",
    "mgdwhole/inner.py": "VALUE = 'inner'\n",
}
NAMES = ("mgdsplit", "mgdtop_start", "mgdtop_rest", "mgdwhole", "mgdnowhere")


def _zip(path, files: dict[str, str]) -> str:
    with zipfile.ZipFile(path, "w") as zf:
        for name, text in files.items():
            zf.writestr(name, text)
    return str(path)


@pytest.fixture
def parts(tmp_path, monkeypatch):
    """The start-up part on sys.path (as Pyodide puts its zip there), the rest's bytes; every
    module, finder and cache they add is gone afterwards."""
    start = _zip(tmp_path / "python314.zip", START)
    rest_bytes = Path(_zip(tmp_path / "rest-source.zip", REST)).read_bytes()
    monkeypatch.setattr(sys, "path", [str(tmp_path / "not-a-zip"), start, *sys.path])
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(sys, "path_importer_cache", dict(sys.path_importer_cache))
    yield start, rest_bytes
    for name in list(sys.modules):
        if name.split(".")[0] in NAMES:
            del sys.modules[name]


def test_the_runtime_zip_is_the_first_zip_on_the_path():
    path = ["/home/pyodide", "/lib/python314.zip", "/lib/other.zip"]
    assert start_zip(path) == "/lib/python314.zip"
    assert start_zip(["/home/pyodide", "/lib/python3.14"]) is None


def test_before_the_rest_is_mounted_its_modules_are_missing(parts):
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("mgdtop_rest")
    assert importlib.import_module("mgdtop_start").VALUE == "start"


def test_a_module_only_in_the_rest_is_found_there_and_named(parts):
    start, rest = parts
    said: list[str] = []
    finder = mount(rest, said.append)
    assert isinstance(finder, RestOfStdlib) and sys.meta_path[-1] is finder
    assert finder.rest == start.rsplit("/", 1)[0] + "/" + REST_NAME
    assert importlib.import_module("mgdtop_rest").VALUE == "rest"
    assert said == ["mgdtop_rest"]


def test_a_submodule_of_a_start_package_is_found_in_the_rest(parts):
    _, rest = parts
    said: list[str] = []
    mount(rest, said.append)
    two = importlib.import_module("mgdsplit.two")
    assert two.VALUE == 2  # it imports its sibling from the start-up part
    assert sys.modules["mgdsplit"].WHERE == "start"
    assert said == ["mgdsplit.two"]


def test_a_package_wholly_in_the_rest_is_named_once(parts):
    _, rest = parts
    said: list[str] = []
    mount(rest, said.append)
    assert importlib.import_module("mgdwhole.inner").VALUE == "inner"
    assert said == ["mgdwhole"]  # its submodules come through its own __path__


def test_what_the_start_up_part_has_is_never_named(parts):
    _, rest = parts
    said: list[str] = []
    mount(rest, said.append)
    assert importlib.import_module("mgdsplit.one").VALUE == 1
    assert importlib.import_module("mgdtop_start").VALUE == "start"
    assert said == []


def test_a_module_in_neither_part_is_still_missing(parts):
    _, rest = parts
    said: list[str] = []
    mount(rest, said.append)
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("mgdnowhere")
    assert said == []


def test_a_package_outside_the_start_up_part_is_not_looked_for_in_the_rest(parts, tmp_path):
    start, rest = parts
    finder = mount(rest, lambda name: None)
    assert finder.find_spec("mgdsplit.two", [str(tmp_path / "elsewhere" / "mgdsplit")]) is None
    assert finder.find_spec("mgdsplit.two", [start + "/mgdsplit"]) is not None
    assert finder.find_spec("mgdsplit.two", [start + "x/mgdsplit"]) is None  # a sibling file


def test_the_rest_is_mounted_once(parts):
    _, rest = parts
    first = mount(rest, lambda name: None)
    assert first is not None
    count = len(sys.meta_path)
    assert mount(rest, lambda name: None) is None
    assert len(sys.meta_path) == count


def test_nothing_is_mounted_without_a_runtime_zip(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    assert mount(b"PK", lambda name: None) is None
    assert not any(isinstance(f, RestOfStdlib) for f in sys.meta_path)
    assert list(tmp_path.iterdir()) == []


def test_a_missing_archive_finds_nothing(tmp_path):
    finder = RestOfStdlib(str(tmp_path / "start.zip"), str(tmp_path / "absent.zip"), print)
    assert finder.find_spec("anything") is None
