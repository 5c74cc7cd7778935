#!/usr/bin/env python3
"""Copy the browser runtime from node_modules/ into static/vendor/ (stdlib only).

    node_modules/@pyscript/core/dist/*  ->  static/vendor/pyscript/
    node_modules/pyodide/<PYODIDE_FILES> ->  static/vendor/pyodide/

The site is static and must work offline, so PyScript and Pyodide are served
from the site itself instead of a CDN.  npm (package.json / package-lock.json)
pins the versions; this script only copies.

Idempotent and fast: a file whose size and mtime already match is skipped
(copies keep the source mtime), and files that are no longer shipped (e.g.
PyScript's hashed chunks after an upgrade) are removed from the destination.

Usage:  python3 tools/vendor.py [--quiet]
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"

# What a page needs at run time from the pyodide npm package (checked by loading
# a page offline).  Since Pyodide 314 the emscripten module is pyodide.asm.mjs
# (not pyodide.asm.js).  pyodide.mjs's own imports of node:* and "ws" only run
# under Node, never in a browser.  The package wheels are not in the npm package
# at all: the game loads no packages (no `packages` key in pyscript.toml).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


class VendorError(Exception):
    pass


def installed_version(package: str) -> str:
    """Version of `package` in node_modules; checks it matches package-lock.json."""
    manifest = NODE_MODULES / package / "package.json"
    if not manifest.is_file():
        raise VendorError(f"{manifest.relative_to(ROOT)} is missing: run npm ci first")
    version = json.loads(manifest.read_text(encoding="utf-8"))["version"]
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    locked = lock["packages"][f"node_modules/{package}"]["version"]
    if version != locked:
        raise VendorError(
            f"node_modules has {package} {version} but package-lock.json pins "
            f"{locked}: run npm ci first"
        )
    return version


def up_to_date(src: Path, dst: Path) -> bool:
    try:
        s, d = src.stat(), dst.stat()
    except FileNotFoundError:
        return False
    return s.st_size == d.st_size and s.st_mtime_ns == d.st_mtime_ns


def sync(pairs: list[tuple[Path, Path]], dest_root: Path) -> tuple[int, int]:
    """Copy each (src, dst) pair that changed; remove other files under dest_root.

    Returns (copied, removed).
    """
    copied = removed = 0
    wanted = set()
    for src, dst in pairs:
        wanted.add(dst)
        if up_to_date(src, dst):
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        tmp = dst.with_name(dst.name + ".tmp")
        shutil.copy2(src, tmp)  # copy2 keeps the mtime that up_to_date() compares
        os.replace(tmp, dst)  # atomic: a server never sees half a file
        copied += 1
    if dest_root.exists():
        for path in sorted(dest_root.rglob("*"), reverse=True):  # children first
            if path.is_file() and path not in wanted:
                path.unlink()
                removed += 1
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
    return copied, removed


def main(argv: list[str]) -> int:
    quiet = "--quiet" in argv
    if not NODE_MODULES.is_dir():
        print("vendor.py: node_modules/ is missing: run npm ci first", file=sys.stderr)
        return 1
    try:
        pyscript_version = installed_version("@pyscript/core")
        pyodide_version = installed_version("pyodide")
    except VendorError as err:
        print(f"vendor.py: {err}", file=sys.stderr)
        return 1

    dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    pyscript_dest = VENDOR / "pyscript"
    pyscript_pairs = [
        (src, pyscript_dest / src.relative_to(dist))
        for src in sorted(dist.rglob("*"))
        if src.is_file()
    ]

    pyodide_src = NODE_MODULES / "pyodide"
    pyodide_dest = VENDOR / "pyodide"
    missing = [name for name in PYODIDE_FILES if not (pyodide_src / name).is_file()]
    if missing:
        print(f"vendor.py: pyodide {pyodide_version} lacks {missing}", file=sys.stderr)
        return 1
    pyodide_pairs = [(pyodide_src / name, pyodide_dest / name) for name in PYODIDE_FILES]

    for label, version, pairs, dest in (
        ("@pyscript/core", pyscript_version, pyscript_pairs, pyscript_dest),
        ("pyodide", pyodide_version, pyodide_pairs, pyodide_dest),
    ):
        copied, removed = sync(pairs, dest)
        if not quiet:
            print(
                f"vendor.py: {label} {version} -> {dest.relative_to(ROOT)}/ "
                f"({len(pairs)} files, {copied} copied, {removed} removed)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
