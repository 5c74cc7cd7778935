"""Reading a module's imports from its source (AST), so no import is executed: what each
module of magdagdon/ imports, at import time or later, and which of those the rules engine
may not import (the browser, the web layer, anything beyond the standard library). Used by the
layering, deploy, sounds and statistics tests."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import magdagdon

PACKAGE = Path(magdagdon.__file__).resolve().parent
BROWSER = {"js", "pyodide", "pyscript"}


def engine_modules() -> list[Path]:
    """Every module of magdagdon/ except those under magdagdon/web/."""
    return sorted(
        path for path in PACKAGE.rglob("*.py") if "web" not in path.relative_to(PACKAGE).parts[:-1]
    )


def module_name(path: Path) -> str:
    parts = ("magdagdon", *path.relative_to(PACKAGE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _run_at_import(body: list[ast.stmt]) -> list[ast.AST]:
    """The import statements a module runs when it is imported: its top level, inside ``if``,
    ``try`` and ``with`` there, but not in functions (imported on first use) nor under
    ``if TYPE_CHECKING``."""
    found: list[ast.AST] = []
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If):
            if not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
                found += _run_at_import(node.body) + _run_at_import(node.orelse)
        elif isinstance(node, ast.Try):
            for part in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                found += _run_at_import(part)
        elif isinstance(node, ast.With):
            found += _run_at_import(node.body)
    return found


def imported_modules(
    source: str, name: str, is_package: bool = False, *, at_import: bool = False
) -> set[str]:
    """Absolute names of every module ``source`` imports (anywhere: top level, functions,
    ``if TYPE_CHECKING``; with ``at_import``, only those importing it runs at once), relative
    imports resolved against module ``name``; for ``from X import y`` both ``X`` and ``X.y``
    (y may be a submodule)."""
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    tree = ast.parse(source)
    for node in _run_at_import(tree.body) if at_import else ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names if alias.name != "*")
    return found


def dynamic_imports(source: str) -> list[str]:
    """Uses of ``__import__`` or ``importlib``: imports an AST walk could not see."""
    uses = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and node.id == "__import__":
            uses.append(node.id)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names = [getattr(node, "module", None) or "", *(alias.name for alias in node.names)]
            if any(name.split(".")[0] == "importlib" for name in names):
                uses.append(ast.unparse(node))
    return uses


def forbidden(module: str) -> str | None:
    """Why the engine may not import ``module``, or None if it may."""
    top = module.split(".")[0]
    if top in BROWSER:
        return "browser"
    if module == "magdagdon.web" or module.startswith("magdagdon.web."):
        return "web layer"
    if top != "magdagdon" and top not in sys.stdlib_module_names:
        return "not the standard library"
    return None


def problems_of(path: Path) -> list[str]:
    source = path.read_text(encoding="utf-8")
    name = module_name(path)
    found = imported_modules(source, name, path.name == "__init__.py")
    bad = [f"{module} ({why})" for module in sorted(found) if (why := forbidden(module))]
    return bad + [f"dynamic import: {use}" for use in dynamic_imports(source)]
