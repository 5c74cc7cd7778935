"""The browser layer is thin (the design card's "a thin Python DOM layer"): magdagdon/web/ binds
events, applies what pure code decided and adapts the browser's APIs. It is small, made of short
functions, imports of this project only the interface, the store's protocol and itself,
translates nothing and knows no dialog by name. Checked on the source (AST)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from magdagdon.ui import DIALOGS

from .import_check import PACKAGE, imported_modules, module_name

WEB = sorted((PACKAGE / "web").glob("*.py"))
MOST_LINES = 900
LONGEST_FUNCTION = 30
#: What web/ may import of this project.
ALLOWED = ("magdagdon.ui", "magdagdon.store", "magdagdon.web")


def lines(paths: list[Path]) -> int:
    return sum(len(path.read_text("utf-8").splitlines()) for path in paths)


def long_functions(source: str, most: int = LONGEST_FUNCTION) -> list[tuple[str, int]]:
    return [
        (node.name, node.end_lineno - node.lineno + 1)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > most
    ]


def project_imports(source: str, module: str, package: bool = False) -> set[str]:
    """The modules of magdagdon ``source`` imports (anywhere: lazy ones count)."""
    found = imported_modules(source, module, package)
    return {name for name in found if name == "magdagdon" or name.startswith("magdagdon.")}


def _a_module(name: str) -> bool:
    """Whether ``name`` is a module or package of magdagdon (not a name imported from one)."""
    path = PACKAGE.parent / name.replace(".", "/")
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def foreign(source: str, module: str) -> set[str]:
    """The modules ``source`` imports of this project beyond the interface, the store and
    web/ (``from X import y``: X, or X.y where it is a module)."""
    return {
        name
        for name in project_imports(source, module)
        if _a_module(name)
        and not any(name == allowed or name.startswith(allowed + ".") for allowed in ALLOWED)
    }


def translations(source: str) -> list[str]:
    """Where ``source`` translates: a ``Translator`` named, a ``.t(`` call."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name | ast.alias) and "Translator" in (
            getattr(node, "id", None),
            getattr(node, "name", None),
        ):
            found.append("Translator")
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "t"
        ):
            found.append(".t(")
    return found


def dialog_names(source: str) -> list[str]:
    """The strings of ``source`` that name a dialog, and its functions that fill one."""
    tree = ast.parse(source)
    named = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in DIALOGS
    ]
    fillers = [
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("fill")
    ]
    return named + fillers


def test_the_browser_layer_is_at_most_900_lines():
    assert WEB and lines(WEB) <= MOST_LINES, lines(WEB)


@pytest.mark.parametrize("path", WEB, ids=lambda p: p.name)
def test_no_function_of_the_browser_layer_is_over_30_lines(path):
    assert long_functions(path.read_text("utf-8")) == []


@pytest.mark.parametrize("path", WEB, ids=lambda p: p.name)
def test_the_browser_layer_imports_only_the_interface_the_store_and_itself(path):
    assert foreign(path.read_text("utf-8"), module_name(path)) == set()


@pytest.mark.parametrize("path", WEB, ids=lambda p: p.name)
def test_the_browser_layer_translates_nothing(path):
    assert translations(path.read_text("utf-8")) == []


@pytest.mark.parametrize("path", WEB, ids=lambda p: p.name)
def test_the_browser_layer_knows_no_dialog_by_name(path):
    assert dialog_names(path.read_text("utf-8")) == []


# -- the checks catch what they are for ---------------------------------------------------------
def test_the_checks_catch_a_layer_that_is_not_thin():
    source = (
        """
from magdagdon.game import Game
from magdagdon.i18n import Translator
from magdagdon.ui.paint import Painter

def fill_over(r, view):
    r.open("over")
    return r.tr.t("gameover.title")
"""
        + "def long():\n"
        + "    x = 1\n" * 31
    )
    assert foreign(source, "magdagdon.web.app") == {"magdagdon.game", "magdagdon.i18n"}
    assert sorted(translations(source)) == [".t(", "Translator"]
    assert dialog_names(source) == ["over", "fill_over"]
    assert long_functions(source) == [("long", 32)]
    lazy = "def f():\n    from magdagdon.rules import SIZE\n    from ..records import DAILY\n"
    assert foreign(lazy, "magdagdon.web.app") == {"magdagdon.rules", "magdagdon.records"}


def test_what_the_browser_layer_may_import_passes():
    source = "from magdagdon.ui.shell import Shell\nfrom magdagdon.store import StoreError\n"
    source += "from .render import Page\nimport asyncio\n"
    assert foreign(source, "magdagdon.web.app") == set()
    assert {m for m in project_imports(source, "magdagdon.web.app") if _a_module(m)} == {
        "magdagdon.ui.shell",
        "magdagdon.store",
        "magdagdon.web.render",
    }
