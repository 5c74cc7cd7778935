"""The rules engine is pure: no module of magdagdon/ outside magdagdon/web/ imports the browser
(``js``, ``pyodide``, ``pyscript``) or the web layer, and each imports only the standard library
and magdagdon itself. Checked on the source (AST), so no import is executed."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from .import_check import (
    PACKAGE,
    dynamic_imports,
    engine_modules,
    forbidden,
    imported_modules,
    module_name,
    problems_of,
)
from .mutation_run import plain, reads_imports

#: (every test here reads the sources' import statements)
pytestmark = reads_imports


def test_the_engine_modules_are_all_found():
    names = {module_name(p) for p in engine_modules()}
    expected = {
        "magdagdon",
        "magdagdon.api",
        "magdagdon.errors",
        "magdagdon.game",
        "magdagdon.i18n",
        "magdagdon.records",
        "magdagdon.rules",
        "magdagdon.session",
    }
    assert expected <= names
    assert not any(n == "magdagdon.web" or n.startswith("magdagdon.web.") for n in names)


@pytest.mark.parametrize("path", engine_modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_engine_module_imports_only_the_standard_library_and_magdagdon(path):
    assert problems_of(path) == []


def test_the_walk_sees_the_engine_imports():
    game = PACKAGE / "game.py"
    found = imported_modules(game.read_text(encoding="utf-8"), "magdagdon.game")
    assert {"hashlib", "os", "magdagdon.rules", "magdagdon.errors"} <= found
    init = PACKAGE / "__init__.py"
    assert "magdagdon.api" in imported_modules(init.read_text(encoding="utf-8"), "magdagdon", True)
    # Imports inside functions count too (records.py imports datetime in a function).
    records = (PACKAGE / "records.py").read_text(encoding="utf-8")
    assert "datetime" in imported_modules(records, "magdagdon.records")


@pytest.mark.parametrize(
    ("source", "module", "why"),
    [
        ("import js", "magdagdon.rules", "browser"),
        ("import pyodide.ffi", "magdagdon.rules", "browser"),
        ("from pyscript import document", "magdagdon.rules", "browser"),
        ("def f():\n    import js", "magdagdon.rules", "browser"),
        ("from magdagdon.web import page", "magdagdon.rules", "web layer"),
        ("import magdagdon.web.page", "magdagdon.rules", "web layer"),
        ("from .web import page", "magdagdon.rules", "web layer"),
        ("from . import web", "magdagdon.rules", "web layer"),
        ("from .web.page import draw", "magdagdon.rules", "web layer"),
        ("from magdagdon import web", "magdagdon.rules", "web layer"),
        ("import numpy", "magdagdon.rules", "not the standard library"),
        ("from hypothesis import given", "magdagdon.rules", "not the standard library"),
    ],
    ids=plain,
)
def test_the_check_catches_forbidden_imports(source, module, why):
    found = imported_modules(source, module)
    assert why in {forbidden(m) for m in found}


def test_the_check_resolves_relative_imports_of_a_package():
    assert "magdagdon.web" in imported_modules("from . import web", "magdagdon", is_package=True)
    assert "magdagdon.web" in imported_modules("from .. import web", "magdagdon.sub.mod")


def test_the_check_flags_dynamic_imports():
    assert dynamic_imports("importlib.import_module('js')") == []  # harmless without the import
    assert dynamic_imports("import importlib")
    assert dynamic_imports("from importlib import import_module")
    assert dynamic_imports("__import__('js')")


@pytest.mark.parametrize(
    "module", ["json", "hashlib", "__future__", "collections.abc.Iterable", "magdagdon.rules"]
)
def test_the_check_allows_the_standard_library_and_magdagdon(module):
    assert forbidden(module) is None


# -- the house: no cycle, parts apart, the engine below the interface ---------------------------
ALL = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _parents(module: str) -> list[str]:
    """The packages importing ``module`` runs first (``magdagdon.ui`` for ``magdagdon.ui.play``)."""
    parts = module.split(".")
    return [".".join(parts[:n]) for n in range(1, len(parts))]


def import_graph(modules: dict[str, Path] = ALL) -> dict[str, set[str]]:
    """Module → the modules of magdagdon/ it imports (anywhere in it: lazy imports and
    ``TYPE_CHECKING`` ones count), each with the packages that importing it runs."""
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found = imported_modules(path.read_text("utf-8"), name, path.name == "__init__.py")
        targets = {m for m in found if m in modules}
        targets |= {p for m in targets for p in _parents(m) if p in modules}
        graph[name] = targets - {name, *_parents(name)}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import cycle of ``graph`` found by a depth-first walk (empty: none)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the walk's path, 2: done

    def walk(node: str, path: list[str]) -> None:
        state[node] = 1
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                found.append([*path[path.index(target) :], target])
            elif target not in state:
                walk(target, [*path, target])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            walk(node, [node])
    return found


def test_no_module_of_magdagdon_takes_part_in_an_import_cycle():
    assert cycles(import_graph()) == []


def test_the_cycle_check_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    # the cycle that hints.py and ui.py made before the interface became a package:
    sources = {"magdagdon.ui": "from .hints import Hint", "magdagdon.hints": "from .ui import M"}
    graph = {
        name: {m for m in imported_modules(src, name) if m in sources} - {name}
        for name, src in sources.items()
    }
    assert cycles(graph)


UI_PARTS = sorted(
    name
    for name in ALL
    if name.startswith("magdagdon.ui.")
    and not name.startswith(("magdagdon.ui.paint", "magdagdon.ui.shell"))
    and name.rpartition(".")[2] not in ("controller", "controls", "state", "commands")
)
PAINTERS = sorted(name for name in ALL if name.startswith("magdagdon.ui.paint"))


def test_the_interface_is_a_package_of_parts():
    from magdagdon.ui import PARTS

    assert len(UI_PARTS) == len(PARTS) >= 9
    assert {part.__module__ for part in PARTS} == set(UI_PARTS)


@pytest.mark.parametrize("part", UI_PARTS)
def test_no_part_of_the_interface_imports_another(part):
    others = set(UI_PARTS) - {part}
    assert import_graph()[part] & others == set()


def test_the_painters_sit_above_the_parts_and_no_part_imports_them():
    graph = import_graph()
    assert len(PAINTERS) >= 5
    for name in (*UI_PARTS, "magdagdon.ui.controller", "magdagdon.ui.state"):
        assert not {t for t in graph[name] if t.startswith("magdagdon.ui.paint")}, name
    for name in PAINTERS:  # (the first frame's painter makes a fresh start's view: resting)
        assert not {t for t in graph[name] if t.startswith("magdagdon.web")}, name


def test_the_engine_imports_nothing_of_the_interface():
    graph = import_graph()
    for name, targets in graph.items():
        if name.startswith(("magdagdon.ui", "magdagdon.web")):
            continue
        assert not {t for t in targets if t.startswith(("magdagdon.ui", "magdagdon.web"))}, name


# -- small pieces ---------------------------------------------------------------------------------
LONGEST_FUNCTION = 40
LONGEST_PART = 300


def long_functions(source: str) -> list[tuple[str, int]]:
    """Every function (method, nested function) of ``source`` over LONGEST_FUNCTION lines."""
    return [
        (node.name, node.end_lineno - node.lineno + 1)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno - node.lineno + 1 > LONGEST_FUNCTION
    ]


@pytest.mark.parametrize("name", sorted(ALL))
def test_every_function_is_at_most_40_lines(name):
    assert long_functions(ALL[name].read_text("utf-8")) == []


def test_the_length_check_counts_a_long_function():
    body = "\n".join(f"    x{i} = {i}" for i in range(LONGEST_FUNCTION))
    assert long_functions(f"def f():\n{body}\n") == [("f", LONGEST_FUNCTION + 1)]
    assert long_functions("def f():\n    return 1\n") == []


@pytest.mark.parametrize("name", [n for n in sorted(ALL) if n.startswith("magdagdon.ui")])
def test_no_module_of_the_interface_is_over_300_lines(name):
    assert len(ALL[name].read_text("utf-8").splitlines()) <= LONGEST_PART
