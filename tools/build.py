#!/usr/bin/env python3
"""Assemble the deployable site in build/site/ (stdlib only): only what the game needs.

    python3 tools/build.py [--out DIR] [--base-url URL]

- copies the page, catalogues, CSS, icons, the manifest and the vendored PyScript + Pyodide
  (no tests, no tools, no node_modules, no source maps);
- packs the Python package and the catalogues with the standard library's start-up part into
  one uncompressed zip, the start archive (START: the runtime's standard library, from which
  Python imports the game as it lies: nothing unpacks it), and drops pyscript.toml's [files];
  the start archive and the runtime's wasm travel gzipped whole (PACKED: NAME.gz beside NAME,
  by Zopfli: tightly_gzipped);
- writes sw.js from sw.template.js with the list of files to precache, each with the SHA-256 and
  size of its bytes (the install stores nothing else: precache_manifest), and a cache name
  derived from the files' contents (one cache per release, never edited by hand);
- stamps the release into index.html (<meta name="magdagdon-release">), which is also what
  tells the page to register the service worker (a page served from the sources has none);
  the release is a hash of the built bytes (release_of), and the same sources build the same
  bytes in any folder, with Node 18 or 20 (tools/snapshot.mjs keeps the machine out of the
  snapshot): the name changes exactly when a player's files do;
- makes the memory snapshot (tools/snapshot.mjs, with Node and the vendored Pyodide): Pyodide
  right after importing SNAPSHOT_MODULES, without its zero pages (SPARSE_MAGIC) and gzipped into
  static/snapshot-<tag>.gz, where the tag hashes everything the snapshot depends on (the
  archive, the runtime, the tool, the module list);
  index.html names it (<meta name="magdagdon-snapshot">) and static/start.mjs restores it, or
  starts Python the ordinary way when anything about it is wrong;
- names what boot.js preloads beyond the runtime's files and the start archive: the PyScript chunks
  every start imports (they would otherwise come one after another);
- writes the English texts into index.html's empty data-i18n elements and aria labels, so the
  first paint already reads (boot.js repaints them in another language at once);
- makes Pyodide's stray shared memory only under cross-origin isolation (SHARED_MEMORY);
- ships Pyodide's package list (pyodide-lock.json) without its packages: the game loads none, and
  the runtime reads the file on every start;
- splits Pyodide's standard library (one 2.5 MB zip, fetched on every start) in two: the files
  the game can load (what Python's start, the snapshot's modules and every module the game
  imports loaded, tools/snapshot.mjs --census: in START) and the rest (STDLIB_REST), which the
  game mounts once it is ready, in case something nobody foresaw is imported
  (magdagdon/stdlib.py); index.html names both (<meta name="magdagdon-stdlib">); Pyodide's
  package loader imports what unpacking needs on first use (PACKAGE_LOADER), so that none of
  it is in START;
- writes the constants the page's scripts share with the game's Python (shared_constants:
  languages, storage keys, the first-visit guide's flag, the placeholder pattern, the service
  worker's cache names) into boot.js, index.html's first script (its hash in the policy with
  it) and sw.js; ``--shared`` writes them into the sources instead, for the page served from
  them (tests/unit/test_shared_constants.py proves the sources up to date);
- adds .nojekyll so GitHub Pages serves magdagdon/__init__.py;
- writes the link previews into index.html's head (Open Graph, Twitter's card, a canonical link)
  and the gift link's own page, gift/index.html (its preview: the birthday card's picture; a
  refresh to ../?gift, which needs no script; precached, and served by the service worker for
  gift/). Crawlers take only absolute URLs: with --base-url (the site's public address, checked
  and given one trailing slash; the Pages workflow passes its own) the previews are whole,
  without it (a local build) they name the title and description only. The pictures and the
  manifest's screenshots (static/previews/, made by tools/pictures.py) ship unprecached.

Run tools/vendor.py first (scripts/serve.sh and scripts/test.sh do).

    python3 tools/build.py --shared     (after changing a constant shared_constants names)
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import functools
import gzip
import hashlib
import html
import io
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import urllib.parse
import zipfile
import zlib
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "site"
sys.path.insert(0, str(ROOT))  # (the game's own constants: shared_constants)

from magdagdon import frame, i18n, records, share  # noqa: E402

#: What the site is made of, as globs relative to the repository root.
SITE = (
    "index.html",
    "pyscript.toml",
    "manifest.webmanifest",
    "static/boot.js",
    "static/*.mjs",
    "static/css/*.css",
    "static/icons/*.svg",
    "static/icons/*.png",
    "static/previews/*.png",
    "i18n/*.json",
    "magdagdon/web/main.py",
    "static/vendor/pyodide/*",
    "static/vendor/pyscript/*",
)
SKIP_SUFFIXES = (".map",)
#: Python's files and the catalogues, packed into the start archive (START) beside the standard
#: library's start-up part: one request instead of one per module.
ARCHIVED = (
    "magdagdon/*.py",
    "magdagdon/ui/*.py",
    "magdagdon/ui/paint/*.py",
    "magdagdon/ui/shell/*.py",
    "magdagdon/web/*.py",
    "i18n/*.json",
)
#: The game's modules every start imports that the snapshot cannot hold (the web layer holds
#: JavaScript objects), and those imported on first use (the coach, the statistics, the
#: review...): the archive carries them compiled instead of their sources, by the runtime's own
#: Python (tools/snapshot.mjs --compile: NAME.pyc in NAME.py's place, without docstrings or
#: column positions), so that neither a start nor a first use compiles them (the coach's module
#: took 30 ms of the page's thread to compile, the plots' 55) and no module travels twice.
#: (main.py is PyScript's script, not an import.)
START_COMPILED = tuple(
    f"magdagdon/web/{name}.py" for name in ("__init__", "app", "render", "storage")
)
ON_FIRST_USE = tuple(
    f"magdagdon/{name}.py"
    for name in ("ahead", "answers", "backup", "coach", "daily", "hints", "history", "keeping",
                 "legacy", "moves", "picture", "played", "plots", "positions", "practice",
                 "puzzles", "replay", "review", "sounds", "stats", "stdlib", "web/audio",
                 "web/pictures")
)  # fmt: skip
COMPILED = START_COMPILED + ON_FIRST_USE
#: PyScript chunks of plugins the game turns off: shipped, but not precached.
NOT_PRECACHED = ("static/vendor/pyscript/codemirror", "static/vendor/pyscript/xterm")
#: ... nor are the link previews' pictures and the manifest's screenshots (static/previews/).
NOT_PRECACHED += ("static/previews/",)
#: A fixed date inside the archive, so the same sources make the same bytes (and release).
ZIP_DATE = (2026, 11, 29, 0, 0, 0)
RELEASE_META = '<meta name="magdagdon-release" content="{release}">'
#: Where the stamps go: after the Content-Security-Policy; the release before the page's first
#: script, which reads it (a first frame is painted only by the release that drew it).
ANCHOR = "<!-- The runtime's files"
RELEASE_ANCHOR = "<!-- The page's first script"
SNAPSHOT_META = '<meta name="magdagdon-snapshot" content="./{path}" data-tag="{tag}">'
#: The PyScript chunks that core.js's own chunk imports on every start (plugins turned off in
#: pyscript.toml are still fetched). boot.js preloads them from the list
#: in PRELOAD_META, so that they come in parallel instead of one after another.
PYSCRIPT = "static/vendor/pyscript"
PYSCRIPT_START_CHUNKS = (
    "toml", "error", "donkey", "deprecations-manager", "py-editor", "py-game", "py-terminal",
)  # fmt: skip
PRELOAD_META = '<meta name="magdagdon-preload" content="{paths}">'
#: An empty element with a data-i18n key, and an element with a data-i18n-aria key.
I18N_ELEMENT = re.compile(r'(<(\w+)\b[^>]*\sdata-i18n="([^"]+)"[^>]*>)(</\2>)')
I18N_ARIA = re.compile(r'(<\w+\b[^>]*\sdata-i18n-aria="([^"]+)")')
#: An empty element with a data-first-i18n key: a first visit's text, shown by boot.js before
#: Python (the guide's first step), which Python then owns; its data-first-NAME attributes
#: fill the text's {NAME} placeholders.
FIRST_PARAM = re.compile(r'\sdata-first-(?!i18n=)(\w+)="([^"]*)"')
I18N_FIRST = re.compile(r'(<(\w+)\b[^>]*\sdata-first-i18n="([^"]+)"[^>]*>)(</\2>)')
SNAPSHOT_TOOL = ROOT / "tools" / "snapshot.mjs"
PYODIDE = "static/vendor/pyodide"
#: Pyodide's standard library, and the two parts the site ships instead (see the docstring).
STDLIB = f"{PYODIDE}/python_stdlib.zip"
STDLIB_REST = f"{PYODIDE}/python_stdlib_rest.zip"
#: The start archive: the standard library's start-up part (census) and the game's archive (its
#: modules, compiled where COMPILED says, and catalogues) in one uncompressed zip, which the
#: runtime installs as its standard library: Python imports the game from it as it imports the
#: standard library (zipimport, Python's own: nothing unpacks it, so that nothing of the standard
#: library is there only to unpack). Shipped gzipped whole (PACKED): one request, compressed
#: across its files.
START = "static/python.zip"
STDLIB_META = '<meta name="magdagdon-stdlib" content="./{start}" data-rest="./{rest}">'
#: Files shipped gzipped whole, as NAME.gz beside NAME: the page asks for NAME.gz and inflates it
#: as it arrives (boot.js; the service worker keeps it inflated), NAME is for a browser without
#: DecompressionStream. The runtime's wasm goes gzipped as GitHub Pages would send it, but
#: compressed once at the strongest level.
PACKED = (START, f"{PYODIDE}/pyodide.asm.wasm")
PACKED_META = '<meta name="magdagdon-packed" content="{paths}">'
#: They are gzipped by Zopfli (tools/zopfli.mjs, in Node: 4% smaller than gzip -9, the same
#: format), ZOPFLI_ITERATIONS passes, once a machine: build/cache/ keeps each by its input's hash.
ZOPFLI = ROOT / "tools" / "zopfli.mjs"
ZOPFLI_ITERATIONS = 5
CACHE = ROOT / "build" / "cache" / "zopfli"
#: What the snapshot imports: the game's pure modules (everything the first ROLL needs but the
#: web layer, which holds JavaScript objects) and the standard-library modules that PyScript's
#: and the game's start import (read off sys.modules of the running game). A module that cannot
#: be imported in Node is left out (listed by the build); it is then imported at start as usual.
SNAPSHOT_MODULES = (
    "magdagdon", "magdagdon.api", "magdagdon.effects", "magdagdon.errors", "magdagdon.game",
    "magdagdon.i18n", "magdagdon.message", "magdagdon.records", "magdagdon.rules",
    "magdagdon.finished", "magdagdon.notices", "magdagdon.session", "magdagdon.share",
    "magdagdon.slots", "magdagdon.steps",
    "magdagdon.store", "magdagdon.frame",
    "magdagdon.ui", "magdagdon.ui.backup", "magdagdon.ui.controller", "magdagdon.ui.controls",
    "magdagdon.ui.daily", "magdagdon.ui.games", "magdagdon.ui.guide", "magdagdon.ui.hints",
    "magdagdon.ui.over", "magdagdon.ui.play", "magdagdon.ui.scores", "magdagdon.ui.settings",
    "magdagdon.ui.state", "magdagdon.ui.watch", "magdagdon.ui.review", "magdagdon.ui.practice",
    "magdagdon.ui.puzzles", "magdagdon.ui.keeping", "magdagdon.ui.shell", "magdagdon.ui.shell.base",
    "magdagdon.ui.shell.framing", "magdagdon.ui.shell.sharing", "magdagdon.ui.shell.work",
    "magdagdon.ui.commands", "magdagdon.ui.paint", "magdagdon.ui.paint.board",
    "magdagdon.ui.paint.boards", "magdagdon.ui.paint.first", "magdagdon.ui.paint.over",
    "magdagdon.ui.paint.puzzle",
    "magdagdon.ui.paint.said", "magdagdon.ui.paint.sheets", "magdagdon.ui.paint.tables",
    "magdagdon.ui.paint.words",
    "asyncio", "ast", "base64", "codeop", "concurrent.futures", "contextlib", "copy",
    "dataclasses", "dis", "hashlib", "html", "importlib.abc", "importlib.util",
    "inspect", "json", "linecache", "locale", "logging", "random", "re", "reprlib", "selectors",
    "signal", "socket", "ssl", "string", "struct", "subprocess", "textwrap", "threading",
    "tokenize", "traceback", "typing", "weakref",
    "pyodide.code", "pyodide.ffi", "pyodide.webloop",
)  # fmt: skip


class BuildError(Exception):
    pass


#: The service worker's caches: one per release, and the page a first visit hands over (boot.js),
#: which the install reads and the activation deletes because its name has the same prefix.
CACHE_PREFIX = "magdagdon-"
ARRIVAL_CACHE = CACHE_PREFIX + "arrival"
#: What boot.js asks a waiting service worker when the player accepts the update.
TAKE_OVER = "magdagdon:take-over"
#: The files whose scripts declare constants shared with Python, between SHARED_BEGIN and
#: SHARED_END, one ``const NAME = <JSON>;`` a line (index.html: in its first script).
SHARED_FILES = ("index.html", "static/boot.js", "sw.template.js")
SHARED_BEGIN = "// Shared with Python: tools/build.py --shared writes these lines (a test checks)."
SHARED_END = "// (end of the shared lines)"
SHARED_BLOCK = re.compile(
    re.escape(SHARED_BEGIN) + r"\n(.*?)\n[ \t]*" + re.escape(SHARED_END), re.S
)
SHARED_LINE = re.compile(r"([ \t]*)const ([A-Z_]+) = (.*);")


def shared_constants() -> dict[str, object]:
    """What the page's scripts share with the game, by their names in JavaScript: the values
    the game's Python (and this build, for the service worker's names) decides."""
    return {
        "LANGUAGES": list(i18n.LANGUAGES),
        "FALLBACK": i18n.FALLBACK,
        "KEY_PREFIX": records.KEY_PREFIX,
        "SETTINGS_KEY": records.SETTINGS_KEY,
        "GUIDED": records.GUIDED,
        "PLACEHOLDER": i18n.PLACEHOLDER,
        "CACHE_PREFIX": CACHE_PREFIX,
        "ARRIVAL_CACHE": ARRIVAL_CACHE,
        "TAKE_OVER": TAKE_OVER,
        "FRAME_KEY": frame.FRAME_KEY,
        "FRAME_FORMAT": frame.FORMAT,
        "FRAME_KEYS": list(frame.FRAME_KEYS),
        "FRAME_SHEET_KEYS": list(frame.SHEET_KEYS),
        "FRAME_ELEMENTS": frame.ELEMENTS,
        "FRAME_NAME": frame.NAME,
        "FRAME_ELEMENT": frame.ELEMENT,
        "FRAME_TAGS": list(frame.TAGS),
        "FRAME_ATTRIBUTE": frame.ATTRIBUTE,
        "FRAME_LOCALE": frame.LOCALE,
        "FRAME_STYLES": list(frame.STYLES),
        "LINK_PARAMETERS": list(share.LINK_PARAMETERS),
    }


def shared_declared(text: str) -> dict[str, object]:
    """The constants ``text`` declares in its shared lines, with the values written there."""
    block = SHARED_BLOCK.search(text)
    if not block:
        raise BuildError("no shared lines (SHARED_BEGIN ... SHARED_END)")
    declared = {}
    for line in block.group(1).split("\n"):
        found = SHARED_LINE.fullmatch(line)
        if not found:
            raise BuildError(f"not a shared constant: {line!r}")
        declared[found[2]] = json.loads(found[3])
    return declared


def with_shared(text: str, values: dict[str, object] | None = None) -> str:
    """``text`` with its shared lines giving each constant its value in ``values`` (by default
    :func:`shared_constants`); a name it does not know is a BuildError."""
    values = shared_constants() if values is None else values
    unknown = set(shared_declared(text)) - set(values)
    if unknown:
        raise BuildError(f"shared constants Python does not give: {sorted(unknown)}")

    def line(found: re.Match) -> str:
        indent, name, _ = found.groups()
        return f"{indent}const {name} = {json.dumps(values[name], ensure_ascii=False)};"

    def block(found: re.Match) -> str:
        return found[0].replace(found[1], SHARED_LINE.sub(line, found[1]))

    return SHARED_BLOCK.sub(block, text, count=1)


def with_shared_page(page: str, values: dict[str, object] | None = None) -> str:
    """index.html with its first script's shared lines written (:func:`with_shared`), and the
    policy's hash of that script changed with it (a script it did not allow stays refused)."""
    for kind, code in INLINE_SCRIPT.findall(page):
        if SHARED_BEGIN in code and "application/json" not in kind:
            written = with_shared(code, values)
            page = page.replace(code, written).replace(script_hash(code), script_hash(written))
            return page
    raise BuildError("index.html has no inline script with shared lines")


def write_shared(root: Path = ROOT) -> list[str]:
    """Write the shared constants into the sources (SHARED_FILES); returns those changed."""
    changed = []
    for name in SHARED_FILES:
        path = root / name
        text = path.read_text("utf-8")
        try:
            written = with_shared_page(text) if name == "index.html" else with_shared(text)
        except BuildError as error:
            raise BuildError(f"{name}: {error}") from None
        if written != text:
            path.write_text(written, "utf-8")
            changed.append(name)
    return changed


def site_files(root: Path = ROOT) -> list[Path]:
    """Every file of the site, relative to ``root``, sorted."""
    files: set[Path] = set()
    for pattern in SITE:
        matched = [p for p in root.glob(pattern) if p.is_file()]
        if not matched:
            raise BuildError(f"nothing matches {pattern!r}: run tools/vendor.py first?")
        files.update(p.relative_to(root) for p in matched if p.suffix not in SKIP_SUFFIXES)
    files.discard(Path(STDLIB))  # shipped as its two parts (census)
    return sorted(files)


def lean_source(source: str) -> str:
    """A module's ``source`` as it travels: without its docstrings and comments, every other
    line where it was (a traceback names the same lines; a body that was only a docstring is
    ``...``)."""
    import ast
    import tokenize

    lines = source.splitlines(keepends=True)
    dropped: dict[int, tuple[int, int, bool]] = {}  # first line → (last line, column, alone)
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        if (
            isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            doc = body[0]
            dropped[doc.lineno] = (doc.end_lineno or doc.lineno, doc.col_offset, len(body) == 1)
    kept: list[str] = []
    number = 1
    while number <= len(lines):
        if number in dropped:
            last, column, alone = dropped[number]
            kept += [" " * column + "...\n" if alone else "\n"] + ["\n"] * (last - number)
            number = last + 1
        else:
            kept.append(lines[number - 1])
            number += 1
    text = "".join(kept)
    comments = {token.start[0]: token.start[1]
                for token in tokenize.generate_tokens(io.StringIO(text).readline)
                if token.type == tokenize.COMMENT}  # fmt: skip
    return "".join(line[: comments[number]].rstrip() + "\n" if number in comments else line
                   for number, line in enumerate(text.splitlines(keepends=True), 1))  # fmt: skip


def archive(root: Path = ROOT, bytecode: dict[str, bytes] | None = None) -> bytes:
    """The zip of every module and catalogue, byte-for-byte the same for the same sources, and
    the ``bytecode`` files given (their paths in the archive → their bytes), each in its
    source's place (``NAME.pyc`` for ``NAME.py``). A module's source travels lean
    (lean_source)."""
    compiled = bytecode or {}
    members = sorted({p.relative_to(root).as_posix() for g in ARCHIVED for p in root.glob(g)})
    data = {path: (root / path).read_bytes() for path in members if path + "c" not in compiled}
    data |= {path: lean_source(text.decode("utf-8")).encode("utf-8")
             for path, text in data.items() if path.endswith(".py")}  # fmt: skip
    data |= compiled  # (a compiled module travels without its source)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in sorted(data):
            info = zipfile.ZipInfo(path, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data[path])
    return buffer.getvalue()


def site_config(root: Path = ROOT) -> str:
    """pyscript.toml without its [files]: the game's modules and catalogues are in START."""
    text = (root / "pyscript.toml").read_text("utf-8")
    head, marker, _ = text.partition("\n[files]\n")
    if not marker:
        raise BuildError("pyscript.toml has no [files] section")
    return (
        head.rstrip("\n")
        + "\n# No [files]: the game is inside the start archive (tools/build.py, START).\n"
    )


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)([^>]*)>(.*?)</script>", re.S)
POLICY = re.compile(r'http-equiv="Content-Security-Policy" content="([^"]*)"')


def script_hash(code: str) -> str:
    """A CSP source expression allowing the inline script ``code``."""
    digest = hashlib.sha256(code.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode() + "'"


def check_inline_scripts(page: str) -> int:
    """Raises BuildError unless the page's policy allows each inline script by its hash (a
    JSON data block is not run, and needs none); returns how many it allows."""
    policy = POLICY.search(page)
    if not policy:
        raise BuildError("index.html has no Content-Security-Policy")
    directives = {p.split()[0]: p.split()[1:] for p in policy.group(1).split(";") if p.strip()}
    allowed = set(directives.get("script-src", []))
    scripts = [code for kind, code in INLINE_SCRIPT.findall(page) if "application/json" not in kind]
    for code in scripts:
        if script_hash(code) not in allowed:
            raise BuildError(
                f"index.html: an inline script its policy does not allow: "
                f"{code[:60]!r}… (allow it with {script_hash(code)})"
            )
    return len(scripts)


def prefill(page: str, texts: dict[str, str]) -> str:
    """``page`` with each empty ``data-i18n`` (or ``data-first-i18n``) element holding its text
    and each ``data-i18n-aria`` element its aria-label, from ``texts`` (keys it lacks are left
    empty)."""

    def text(match: re.Match) -> str:
        opening, _, key, closing = match.groups()
        params = {name: html.unescape(value) for name, value in FIRST_PARAM.findall(opening)}
        words = i18n.fill(texts.get(key, ""), params)  # a first visit's {placeholders}
        return opening + html.escape(words, quote=False) + closing

    def label(match: re.Match) -> str:
        opening, key = match.groups()
        if key not in texts:
            return opening
        return f'{opening} aria-label="{html.escape(texts[key], quote=True)}"'

    return I18N_ARIA.sub(label, I18N_FIRST.sub(text, I18N_ELEMENT.sub(text, page)))


def core_chunk(folder: Path) -> str:
    """The file name of the chunk PyScript's core.js (in ``folder``) imports first."""
    core = re.search(r'from"\./(core-[\w-]+\.js)"', (folder / "core.js").read_text("utf-8"))
    if not core:
        raise BuildError("static/vendor/pyscript/core.js no longer names its core chunk")
    return core[1]


def pyscript_chunks(root: Path = ROOT) -> list[str]:
    """The PyScript chunks a start imports (see PYSCRIPT_START_CHUNKS), as site paths; core.js's
    own chunk is not one of them (the page's <script> fetches it at once)."""
    folder = root / PYSCRIPT
    imported = re.findall(
        r'import\("\./([\w-]+\.js)"\)', (folder / core_chunk(folder)).read_text("utf-8")
    )
    wanted = sorted({n for n in imported if n.rsplit("-", 1)[0] in PYSCRIPT_START_CHUNKS})
    if len(wanted) != len(PYSCRIPT_START_CHUNKS):
        raise BuildError(f"PyScript's start chunks changed: found {wanted}")
    return [f"{PYSCRIPT}/{name}" for name in wanted]


#: Pyodide's pyodide.asm.mjs makes a shared WebAssembly.Memory when it loads, only for
#: Atomics.wait (a sleep while a read is retried), which a browser's main thread may not call
#: anyway. Outside cross-origin isolation (as on GitHub Pages, which cannot send the headers) that
#: memory is a deprecated use of SharedArrayBuffer that Chromium reports on every visit. The built
#: site makes it only where it can be used; the sleep then fails as it does on the main thread.
SHARED_MEMORY = "new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer)"
ISOLATED_ONLY = f"(globalThis.crossOriginIsolated===!1?void 0:{SHARED_MEMORY})"


def without_stray_shared_memory(source: str) -> str:
    """pyodide.asm.mjs making its shared memory only under cross-origin isolation."""
    if source.count(SHARED_MEMORY) != 1:
        raise BuildError("pyodide.asm.mjs no longer makes its shared memory as expected: review")
    return source.replace(SHARED_MEMORY, ISOLATED_ONLY)


def package_free(lock: dict) -> dict:
    """Pyodide's lock file with no package: its ``info`` (checked by the runtime) and nothing
    else. The game loads no package (pyscript.toml has no ``packages``)."""
    return {"info": lock["info"], "packages": {}}


def snapshot_tag(root: Path = ROOT, packed: bytes | None = None) -> str:
    """A short hash of all a snapshot is made of: the archive it imports from (``packed``: the
    build passes the start archive; the game's archive made here if not given), the runtime that
    runs it and makes the snapshot, the tool and the module list."""
    digest = hashlib.sha256(archive(root) if packed is None else packed)
    for name in ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs", "python_stdlib.zip"):
        digest.update(hashlib.sha256((root / PYODIDE / name).read_bytes()).digest())
    digest.update(SNAPSHOT_TOOL.read_bytes())
    digest.update("\n".join([*SNAPSHOT_MODULES, *game_imports(root)]).encode())
    return digest.hexdigest()[:16]


def snapshot_path(tag: str) -> str:
    return f"static/snapshot-{tag}.gz"


#: The sparse form of a snapshot (most of Python's 30 MiB of memory is zero pages): SPARSE_MAGIC,
#: then little-endian u32s: the full length, the number of runs, (offset, length) per run; then
#: the runs' bytes in order. static/start.mjs expands it into a zeroed buffer of the full length.
SPARSE_MAGIC = b"MGDSPRS1"
SPARSE_PAGE = 4096
#: The same sparse form, of a snapshot whose heap was XOR-ed with the memory image of the wasm's
#: active data segments (``mixed``): where the heap still holds the bytes the wasm itself
#: initialises, it is zeros, and 6.6 MB on the wire become 5.1. static/snapshot.mjs rebuilds the
#: image from pyodide.asm.wasm (downloaded anyway) and XORs it back.
MIXED_MAGIC = b"MGDSPRX1"
WASM_DATA_SECTION = 11


def _leb(data: bytes, at: int, signed: bool = False) -> tuple[int, int]:
    """A LEB128 number at ``at``: (value, position after it)."""
    result = shift = 0
    while True:
        byte = data[at]
        at += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            break
    if signed and byte & 0x40:
        result -= 1 << shift
    return result, at


def data_image(wasm: bytes) -> bytes:
    """The memory image of a wasm module's active data segments (memory 0, constant offsets),
    as static/snapshot.mjs's dataImage rebuilds it."""
    if wasm[:4] != b"\0asm":
        raise BuildError("pyodide.asm.wasm is not a wasm module")
    at, segments = 8, []
    while at < len(wasm):
        section = wasm[at]
        size, at = _leb(wasm, at + 1)
        end = at + size
        if section == WASM_DATA_SECTION:
            count, p = _leb(wasm, at)
            for _ in range(count):
                flags, p = _leb(wasm, p)
                if flags == 1:  # passive: not in memory at start
                    length, p = _leb(wasm, p)
                    p += length
                    continue
                if flags == 2:
                    _, p = _leb(wasm, p)  # memory index
                if wasm[p] != 0x41 or flags not in (0, 2):  # i32.const
                    raise BuildError("a data segment of the wasm is not at a constant offset")
                offset, p = _leb(wasm, p + 1, signed=True)
                if wasm[p] != 0x0B:
                    raise BuildError("a data segment's offset is not a lone constant")
                length, p = _leb(wasm, p + 1)
                segments.append((offset, wasm[p : p + length]))
                p += length
        at = end
    image = bytearray(max((o + len(b) for o, b in segments), default=0))
    for offset, payload in segments:
        image[offset : offset + len(payload)] = payload
    return bytes(image)


def mixed(raw: bytes, image: bytes) -> bytes:
    """Pyodide's snapshot ``raw`` with its heap XOR-ed with ``image`` (its header as it is: the
    heap starts at the offset its second u32 gives). Its own inverse."""
    heap_at = struct.unpack_from("<I", raw, 4)[0]
    n = min(len(image), len(raw) - heap_at)
    heap = int.from_bytes(raw[heap_at : heap_at + n], "little")
    xored = (heap ^ int.from_bytes(image[:n], "little")).to_bytes(n, "little")
    return raw[:heap_at] + xored + raw[heap_at + n :]


def sparse(raw: bytes, page: int = SPARSE_PAGE, magic: bytes = SPARSE_MAGIC) -> bytes:
    """``raw`` without its all-zero pages (see SPARSE_MAGIC)."""
    runs: list[list[int]] = []
    zero = bytes(page)
    for offset in range(0, len(raw), page):
        chunk = raw[offset : offset + page]
        if chunk == zero[: len(chunk)]:
            continue
        if runs and runs[-1][0] + runs[-1][1] == offset:
            runs[-1][1] += len(chunk)
        else:
            runs.append([offset, len(chunk)])
    header = magic + struct.pack(f"<{2 + 2 * len(runs)}I", len(raw), len(runs),
                                        *(n for run in runs for n in run))  # fmt: skip
    return header + b"".join(raw[o : o + n] for o, n in runs)


def _run_snapshot_tool(
    root: Path, packed: bytes | None, flags: list[str], tag: str, modules: list[str]
) -> tuple[dict, bytes]:
    """tools/snapshot.mjs run in Node on the archive ``packed`` (None: the game is in the
    standard library its flags name): its report and its output."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is needed to make the snapshot (it runs the vendored Pyodide)")
    with tempfile.TemporaryDirectory(prefix="magdagdon-snapshot-") as tmp:
        zipped, out = Path(tmp) / "game.zip", Path(tmp) / "out.bin"
        if packed is not None:
            zipped.write_bytes(packed)
        command = [node, str(SNAPSHOT_TOOL), *flags, str(root / PYODIDE),
                   "-" if packed is None else str(zipped), str(out),
                   tag, *modules]  # fmt: skip
        done = subprocess.run(command, capture_output=True, text=True, timeout=300)
        if done.returncode != 0:
            raise BuildError(f"tools/snapshot.mjs failed:\n{done.stderr[-3000:]}")
        return json.loads(done.stdout.strip().splitlines()[-1]), out.read_bytes()


def make_snapshot(root: Path, tag: str, start: bytes) -> tuple[bytes, dict, bytes]:
    """The gzipped memory snapshot (tools/snapshot.mjs in Node) of the runtime whose standard
    library is the start archive ``start`` (START: the game is inside it), marked with ``tag``,
    what the tool reported, and the snapshot before gzip (its sparse form, which the service
    worker keeps)."""
    with tempfile.TemporaryDirectory(prefix="magdagdon-stdlib-") as tmp:
        path = Path(tmp) / "python.zip"
        path.write_bytes(start)
        report, raw = _run_snapshot_tool(root, None, ["--stdlib", str(path)], tag,
                                         list(SNAPSHOT_MODULES))  # fmt: skip
    packed = sparse(mixed(raw, data_image((root / PYODIDE / "pyodide.asm.wasm").read_bytes())),
                    magic=MIXED_MAGIC)  # fmt: skip
    report["sparse"] = len(packed)
    return gzip.compress(packed, compresslevel=9, mtime=0), report, packed


def game_imports(root: Path = ROOT) -> list[str]:
    """Every module the game may import after its start, beyond SNAPSHOT_MODULES: its own pure
    modules (those imported on first use: the coach, the statistics, the backup...) and every
    standard-library module any of its modules names in an import, at any depth (magdagdon.web's
    too, which cannot be imported in Node)."""
    import ast

    names: set[str] = set()
    for path in sorted((root / "magdagdon").rglob("*.py")):
        module = ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
        if not module.startswith("magdagdon.web"):
            names.add(module)
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return sorted(
        n for n in names
        if n.split(".")[0] in {"magdagdon", "pyodide", *sys.stdlib_module_names}
    )  # fmt: skip


#: Pyodide's package loader (pyodide/_package_loader.py), which the runtime imports as it starts,
#: imports at its top what unpacking a package takes (shutil, tempfile, zipfile, pyodide.common,
#: and through them bz2, lzma, compression: 80 KB on the wire) and registers the wheel format
#: with shutil there.
#: The game unpacks nothing (the start archive is imported as it lies): the build's copy imports
#: them where they are first used (lazy_loader), and the start archive goes without them.
PACKAGE_LOADER = "pyodide/_package_loader.py"
LAZY_IMPORTS = (
    ("import shutil\n", ""),
    ("from tempfile import NamedTemporaryFile\n", ""),
    ("from zipfile import ZipFile\n", ""),
    ("from .common import install_files\n", ""),
    ("\nif IN_PYODIDE:\n    shutil.register_archive_format(",
     "\ndef _register_formats(shutil):\n  if IN_PYODIDE:\n    shutil.register_archive_format("),
)  # fmt: skip
ON_FIRST_USE_CLASS = '''
import importlib as _importlib


class _OnFirstUse:
    """(tools/build.py) A module, or one of its attributes, imported when it is first used;
    ``then`` is called with the module once it is imported."""

    def __init__(self, module, then=None, attribute=None):
        self._module, self._then, self._attribute, self._found = module, then, attribute, None

    def _target(self):
        if self._found is None:
            module = _importlib.import_module(self._module)
            if self._then is not None:
                self._then(module)
            self._found = module if self._attribute is None else getattr(module, self._attribute)
        return self._found

    def __getattr__(self, name):
        return getattr(self._target(), name)

    def __call__(self, *args, **kwargs):
        return self._target()(*args, **kwargs)


shutil = _OnFirstUse("shutil", lambda module: _register_formats(module))
NamedTemporaryFile = _OnFirstUse("tempfile", attribute="NamedTemporaryFile")
ZipFile = _OnFirstUse("zipfile", attribute="ZipFile")
install_files = _OnFirstUse("pyodide.common", attribute="install_files")
'''


def lazy_loader(source: str) -> str:
    """pyodide/_package_loader.py's ``source`` with LAZY_IMPORTS made (a BuildError if it no
    longer reads as expected: a new Pyodide is to be reviewed)."""
    source = replaced(source, PACKAGE_LOADER, LAZY_IMPORTS)
    head, marker, tail = source.partition("\nfrom .ffi import")
    return head + ON_FIRST_USE_CLASS + marker + tail


#: html, imported at start for PyScript's display (its escape), imports its 2,000 named
#: character references (html.entities: 35 KB on the wire) for unescape: the build's copy
#: imports them when unescape first needs them.
HTML = "html/__init__.py"
LAZY_ENTITIES = (
    ("from html.entities import html5 as _html5\n", ""),
    ("def _replace_charref(s):\n",
     "def _replace_charref(s):\n    from html.entities import html5 as _html5\n"),
)  # fmt: skip


def replaced(source: str, path: str, changes: tuple[tuple[str, str], ...]) -> str:
    """``source`` (the standard library's ``path``) with each of ``changes`` made once (a
    BuildError if it no longer reads as expected: a new Pyodide is to be reviewed)."""
    for old, new in changes:
        if source.count(old) != 1:
            raise BuildError(f"{path} no longer reads as expected ({old.strip()!r}): review")
        source = source.replace(old, new)
    return source


def build_stdlib(root: Path = ROOT) -> bytes:
    """Pyodide's standard library (STDLIB) as the build uses it: PACKAGE_LOADER and HTML import
    what they import for what the game never does on first use."""
    with zipfile.ZipFile(root / STDLIB) as whole:
        members = [(info, whole.read(info)) for info in whole.infolist() if not info.is_dir()]
    lazy = {
        PACKAGE_LOADER: lazy_loader,
        HTML: lambda source: replaced(source, HTML, LAZY_ENTITIES),
    }
    return _zip_of([
        (info, lazy[info.filename](data.decode("utf-8")).encode("utf-8")
         if info.filename in lazy else data)
        for info, data in members
    ])  # fmt: skip


def _zip_of(members: list[tuple[zipfile.ZipInfo, bytes]], stored: bool = False) -> bytes:
    buffer = io.BytesIO()
    kind = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    with zipfile.ZipFile(buffer, "w", kind, compresslevel=None if stored else 9) as zf:
        for info, data in members:
            copy = zipfile.ZipInfo(info.filename, info.date_time)
            copy.compress_type = kind
            copy.external_attr = info.external_attr
            zf.writestr(copy, data)
    return buffer.getvalue()


def census(root: Path, packed: bytes) -> tuple[bytes, bytes, dict[str, bytes], dict]:
    """What the runtime's own Python makes of the archive ``packed`` (tools/snapshot.mjs
    --census): Pyodide's standard library as its start-up part (every file that Python's start,
    SNAPSHOT_MODULES and game_imports loaded, compiled: tools/snapshot.mjs --start-zip) and the
    rest (as it is), as two zips; the bytecode of COMPILED (its path in the archive → its
    bytes); the tool's report."""
    stdlib = build_stdlib(root)
    with tempfile.TemporaryDirectory(prefix="magdagdon-census-") as tmp:
        compiled, whole = Path(tmp) / "start.zip", Path(tmp) / "python_stdlib.zip"
        whole.write_bytes(stdlib)
        flags = ["--stdlib", str(whole), "--census", "--compile", ",".join(COMPILED),
                 "--start-zip", str(compiled)]  # fmt: skip
        report, listed = _run_snapshot_tool(root, packed, flags, "census",
                                            [*SNAPSHOT_MODULES, *game_imports(root)])  # fmt: skip
        start = compiled.read_bytes()
    found = json.loads(listed)
    loaded = set(found["files"])
    bytecode = {path: base64.b64decode(data) for path, data in found["compiled"].items()}
    where = {path.removesuffix("c") for path in bytecode}
    if where != set(COMPILED):
        raise BuildError(f"the bytecode made is not COMPILED's: {sorted(bytecode)}")
    with zipfile.ZipFile(io.BytesIO(stdlib)) as zf:
        members = [(info, zf.read(info)) for info in zf.infolist()]
    unknown = loaded - {info.filename for info, _ in members}
    if unknown or not loaded:
        raise BuildError(f"the census names files the standard library lacks: {sorted(unknown)}")
    with zipfile.ZipFile(io.BytesIO(start)) as made:
        names = {name.removesuffix("c") for name in made.namelist()}
    if names != loaded:
        raise BuildError(f"the start-up part is not the census's: {sorted(names ^ loaded)}")
    rest = [(info, data) for info, data in members if info.filename not in loaded]
    return start, _zip_of(rest), bytecode, report


def tightly_gzipped(data: bytes) -> bytes:
    """``data`` gzipped by Zopfli (no time, no name in its header: the same bytes for the same
    data), from build/cache/ when this machine made it before."""
    key = hashlib.sha256(data + f"zopfli {ZOPFLI_ITERATIONS}".encode()).hexdigest()
    kept = CACHE / f"{key}.gz"
    if kept.is_file():
        made = kept.read_bytes()
        with contextlib.suppress(OSError, EOFError, zlib.error):  # (a damaged copy: made again)
            if gzip.decompress(made) == data:
                return made
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is needed to gzip the packed files (tools/zopfli.mjs)")
    CACHE.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="magdagdon-zopfli-") as tmp:
        source, made_path = Path(tmp) / "in", Path(tmp) / "out.gz"
        source.write_bytes(data)
        command = [node, str(ZOPFLI), str(source), str(made_path), str(ZOPFLI_ITERATIONS)]
        done = subprocess.run(command, capture_output=True, text=True, timeout=900)
        if done.returncode != 0:
            raise BuildError(f"tools/zopfli.mjs failed (npm ci?):\n{done.stderr[-2000:]}")
        made = made_path.read_bytes()
    if gzip.decompress(made) != data:
        raise BuildError("tools/zopfli.mjs made a gzip that does not inflate to its input")
    partial = kept.with_suffix(f".{os.getpid()}.part")
    partial.write_bytes(made)
    partial.replace(kept)  # (whole or not at all: another build may read it at once)
    return made


def start_archive(stdlib_start: bytes, game: bytes) -> bytes:
    """START: the members of the zips ``stdlib_start`` and ``game`` in one uncompressed zip,
    sorted by name (a name in both is a BuildError)."""
    members: dict[str, tuple[zipfile.ZipInfo, bytes]] = {}
    for part in (stdlib_start, game):
        with zipfile.ZipFile(io.BytesIO(part)) as zf:
            for info in zf.infolist():
                if info.filename in members:
                    raise BuildError(f"the start archive would hold {info.filename} twice")
                if not info.is_dir():
                    members[info.filename] = (info, zf.read(info))
    return _zip_of([members[name] for name in sorted(members)], stored=True)


#: The release's place in index.html while the release is worked out (it names the bytes
#: around it).
RELEASE_PLACEHOLDER = "__RELEASE__"


def release_of(out: Path, worker: str) -> str:
    """A short hash of the built site ``out`` as it ships, but for the release's own two
    stamps: every file's path and bytes (index.html with RELEASE_PLACEHOLDER where the release
    goes) and ``worker``, sw.js's template (sw.js is that template with the release and the
    hashes of these very files). It changes exactly when a player's files do."""
    digest = hashlib.sha256()
    for path in sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()):
        digest.update(path.encode() + b"\0")
        digest.update(hashlib.sha256((out / path).read_bytes()).digest())
    digest.update(worker.encode())
    return digest.hexdigest()[:16]


def precache_manifest(
    out: Path, paths: list[Path], decompressed: dict[str, bytes], page: bool = True
) -> list:
    """One row per precached file of the built site ``out`` (``./`` first, unless not ``page``:
    the page, index.html's bytes), each ``[url, sha256, size]`` plus, for a file named in
    ``decompressed``, the SHA-256 of that form."""
    rows: list[list] = []
    first = [("./", "index.html")] if page else []
    for url, path in [*first, *((f"./{p.as_posix()}", p.as_posix()) for p in paths)]:
        data = (out / path).read_bytes()
        row: list = [url, hashlib.sha256(data).hexdigest(), len(data)]
        if path in decompressed:
            row.append(hashlib.sha256(decompressed[path]).hexdigest())
        rows.append(row)
    return rows


def _files_literal(rows: list) -> str:
    """The manifest as sw.js's FILES: a JSON array, one file a line."""
    return "[\n" + ",\n".join("  " + json.dumps(row) for row in rows) + "\n]"


def read_manifest(worker: str, name: str = "FILES") -> list:
    """The FILES of a built sw.js (what its install checks), or its EXTRAS, as lists."""
    found = re.search(rf"^const {name} = (\[\n.*?\n\]);$", worker, re.S | re.M)
    if not found:
        raise BuildError(f"sw.js has no {name} manifest")
    return json.loads(found.group(1))


#: What a first start downloads before the first ROLL can be tapped, beyond the page, its style
#: and boot.js (and what it sends gzipped, as GitHub Pages does): boot.js's progress bar counts
#: these, from DOWNLOADS_SCRIPT.
START_FILES = ("static/start.mjs", "static/choice.mjs", "static/snapshot.mjs",
               "static/snapshot-worker.mjs", "pyscript.toml", "magdagdon/web/main.py",
               f"{PYSCRIPT}/core.js",
               *(f"{PYODIDE}/{name}" for name in ("pyodide.mjs", "pyodide.asm.mjs",
                 "pyodide-lock.json")), *(f"{path}.gz" for path in PACKED))  # fmt: skip
GZIPPED = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".toml", ".py", ".svg")
DOWNLOADS_SCRIPT = '<script type="application/json" id="magdagdon-downloads">{json}</script>'


def start_downloads(out: Path, extra: list[str]) -> dict[str, list[int]]:
    """``./path`` → [its size, the bytes it takes on the wire] for each file a first start
    downloads (START_FILES, the PyScript core chunk and ``extra``) in the built site ``out``."""
    paths = [*START_FILES, f"{PYSCRIPT}/{core_chunk(out / PYSCRIPT)}", *extra]
    sizes = {}
    for path in paths:
        data = (out / path).read_bytes()
        wire = len(gzip.compress(data, 6)) if path.endswith(GZIPPED) else len(data)
        sizes[f"./{path}"] = [len(data), wire]
    return sizes


# -- what the world reads: link previews and the gift page (issue 41) ----------------------------

#: The pictures a link preview shows (tools/pictures.py makes them from the built page) and the
#: manifest's screenshots: shipped, never precached (a first visit does not download them).
PREVIEWS = "static/previews"
#: The gift link's own page: a path (a chat's crawler reads the static head of a page, the
#: same file for any query string), which opens the game with the birthday card (../?gift).
GIFT_PAGE = "gift/index.html"
#: The previews' language (English, the page's own) and her other languages.
PREVIEW_LOCALE = "en_US"
PREVIEW_ALTERNATES = ("lt_LT", "ca_ES", "ta_IN")
PREVIEW_ANCHOR = re.compile(r'\n([ \t]*)<meta name="description" content="([^"]*)">')
GIFT_LANGUAGES = ("lt", "ca", "ta")


class Preview(NamedTuple):
    """A link preview: its page's path under the base URL ("" the game, "gift/" the gift
    page), its title and description, its picture (a path of the site), that picture's size
    and its words for those who cannot see it (tools/pictures.py's table, which draws it)."""

    path: str
    title: str
    description: str
    picture: str
    size: tuple[int, int]
    alt: str


def checked_base_url(value: str) -> str:
    """The site's public address as an absolute http(s) URL ending in one slash (a BuildError
    names what is wrong with any other).

    >>> checked_base_url("https://example.github.io/magdagdon")
    'https://example.github.io/magdagdon/'
    >>> checked_base_url("example.github.io/magdagdon/")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tools.build.BuildError: --base-url must be an absolute http(s) URL such as ..., not 'exa...'
    """
    parts = urllib.parse.urlsplit(value.strip())
    bad = (parts.scheme not in ("http", "https") or not parts.hostname or parts.query
           or parts.fragment or parts.username or parts.password
           or " " in value.strip())  # fmt: skip
    if bad:
        raise BuildError(
            "--base-url must be an absolute http(s) URL such as https://USER.github.io/REPO/, "
            f"not {value!r}"
        )
    path = parts.path.rstrip("/") + "/"
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def previews(root: Path, description: str) -> dict[str, Preview]:
    """The game's link preview (its title and the page's ``description``) and the gift
    page's (the card's words), in English from the catalogue."""
    from tools.pictures import BY_NAME

    en = json.loads((root / "i18n" / "en.json").read_text("utf-8"))
    dedication = f"{en['app.name']}: {en['app.tagline']} dedicated to Majduška."
    game, gift = BY_NAME["game"], BY_NAME["gift"]
    return {
        "game": Preview("", en["app.title"], description, game.path, game.size, game.alt),
        "gift": Preview("gift/", en["gift.title"], f"{dedication} {en['gift.title']}",
                        gift.path, gift.size, gift.alt),
    }  # fmt: skip


def preview_tags(preview: Preview, base_url: str | None) -> list[str]:
    """The head's lines for ``preview``: Open Graph and Twitter's card, with the absolute URLs
    crawlers require under ``base_url``; without one (a local build) only what needs no URL."""
    e = functools.partial(html.escape, quote=True)
    meta = '<meta property="{}" content="{}">'.format
    lines = [meta("og:type", "website"), meta("og:site_name", "MAGDAGDON"),
             meta("og:title", e(preview.title)), meta("og:description", e(preview.description)),
             meta("og:locale", PREVIEW_LOCALE),
             *(meta("og:locale:alternate", other) for other in PREVIEW_ALTERNATES)]  # fmt: skip
    twitter = '<meta name="twitter:{}" content="{}">'.format
    if base_url is None:
        return [*lines, twitter("card", "summary"), twitter("title", e(preview.title)),
                twitter("description", e(preview.description))]  # fmt: skip
    url, image = base_url + preview.path, base_url + preview.picture
    return [
        f'<link rel="canonical" href="{e(url)}">', *lines, meta("og:url", e(url)),
        meta("og:image", e(image)), meta("og:image:type", "image/png"),
        meta("og:image:width", preview.size[0]), meta("og:image:height", preview.size[1]),
        meta("og:image:alt", e(preview.alt)),
        twitter("card", "summary_large_image"), twitter("title", e(preview.title)),
        twitter("description", e(preview.description)), twitter("image", e(image)),
        twitter("image:alt", e(preview.alt)),
    ]  # fmt: skip


def with_previews(page: str, root: Path, base_url: str | None) -> str:
    """index.html with the game's link preview after its description."""
    found = PREVIEW_ANCHOR.search(page)
    if not found:
        raise BuildError('index.html has no <meta name="description">')
    indent, description = found.groups()
    tags = preview_tags(previews(root, html.unescape(description))["game"], base_url)
    return page.replace(found[0], found[0] + "".join(f"\n{indent}{tag}" for tag in tags), 1)


GIFT_POLICY = "default-src 'none'; img-src 'self'; base-uri 'none'"
GIFT_LINE = '  <p lang="{lang}"><a href="../?gift">{words}</a></p>\n'
GIFT_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta http-equiv="Content-Security-Policy" content="{policy}">
  <meta http-equiv="refresh" content="0; url=../?gift">
  <title>{title}</title>
  <meta name="description" content="{description}">
  {tags}
  <meta name="theme-color" content="#f6e7d8">
  <link rel="icon" href="../static/icons/favicon.svg" type="image/svg+xml">
</head>
<body>
  <p><a href="../?gift">{title}</a></p>
{others}</body>
</html>
"""


def gift_page(root: Path, base_url: str | None, description: str) -> str:
    """gift/index.html: the gift link's preview, and at once the game with the birthday card
    (a refresh, which needs no script; the game reads ?gift and tidies it away)."""
    preview = previews(root, description)["gift"]
    tags = preview_tags(preview, base_url)
    others = ""
    for language in GIFT_LANGUAGES:
        texts = json.loads((root / "i18n" / f"{language}.json").read_text("utf-8"))
        others += GIFT_LINE.format(lang=language, words=html.escape(texts["gift.title"]))
    return GIFT_HTML.format(title=html.escape(preview.title), others=others, policy=GIFT_POLICY,
                            description=html.escape(preview.description, quote=True),
                            tags="\n  ".join(tags))  # fmt: skip


def write_gift_page(out: Path, root: Path, base_url: str | None) -> list[Path]:
    """The gift page written into the built site ``out``; returns its path (to precache)."""
    found = PREVIEW_ANCHOR.search((root / "index.html").read_text("utf-8"))
    if not found:
        raise BuildError('index.html has no <meta name="description">')
    target = out / GIFT_PAGE
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(gift_page(root, base_url, html.unescape(found[2])), "utf-8")
    return [Path(GIFT_PAGE)]


def build(
    out: Path = OUT, root: Path = ROOT, report: dict | None = None, base_url: str | None = None
) -> str:
    """Build the site into ``out``; returns the release id (``report`` receives the snapshot
    tool's figures; ``base_url``, the site's public address, makes the link previews whole)."""
    files = site_files(root)
    sources = archive(root)
    stdlib_start, stdlib_rest, bytecode, counted = census(root, sources)
    start = start_archive(stdlib_start, archive(root, bytecode))
    tag = snapshot_tag(root, start)  # (the snapshot is made of the start archive it restores)
    snapshot, made, sparse_form = make_snapshot(root, tag, start)
    if made["missing"]:
        print(f"build: not in the snapshot (imported at start): {made['missing']}", file=sys.stderr)
    if report is not None:
        report.update(
            made,
            gzipped=len(snapshot),
            tag=tag,
            stdlib_files=counted["files"],
            stdlib_start=len(stdlib_start),
            start=len(start),
            stdlib_rest=len(stdlib_rest),
        )
    if out.exists():
        shutil.rmtree(out)
    for path in files:
        target = out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / path, target)
    boot = out / "static" / "boot.js"
    boot.write_text(with_shared(boot.read_text("utf-8")), "utf-8")
    (out / START).write_bytes(start)
    inflated = {f"{path}.gz": (out / path).read_bytes() for path in PACKED}
    for path, data in inflated.items():
        (out / path).write_bytes(tightly_gzipped(data))
    asm = out / PYODIDE / "pyodide.asm.mjs"
    asm.write_text(without_stray_shared_memory(asm.read_text("utf-8")), "utf-8")
    lock = out / PYODIDE / "pyodide-lock.json"
    lock.write_text(json.dumps(package_free(json.loads(lock.read_text("utf-8")))), "utf-8")
    (out / snapshot_path(tag)).write_bytes(snapshot)
    (out / STDLIB_REST).write_bytes(stdlib_rest)
    (out / "pyscript.toml").write_text(site_config(root), "utf-8")
    page = (out / "index.html").read_text("utf-8")
    for anchor in (ANCHOR, RELEASE_ANCHOR):
        if anchor not in page:
            raise BuildError(f"index.html has no {anchor!r}")
    preloads = " ".join(f"./{path}" for path in pyscript_chunks(root))
    stamps = [SNAPSHOT_META.format(path=snapshot_path(tag), tag=tag),
              STDLIB_META.format(start=START, rest=STDLIB_REST),
              PACKED_META.format(paths=" ".join(f"./{path}" for path in PACKED)),
              PRELOAD_META.format(paths=preloads)]  # fmt: skip
    downloads = start_downloads(out, [snapshot_path(tag), *preloads.replace("./", "").split()])
    stamps.append(DOWNLOADS_SCRIPT.format(json=json.dumps(downloads, separators=(",", ":"))))
    page = with_shared_page(page)
    page = with_previews(page, root, base_url)  # (link previews: issue 41)
    page = prefill(page, json.loads((root / "i18n" / "en.json").read_text("utf-8")))
    page = page.replace(ANCHOR, "\n  ".join(stamps) + "\n  " + ANCHOR, 1)
    release_meta = RELEASE_META.format(release=RELEASE_PLACEHOLDER)
    page = page.replace(RELEASE_ANCHOR, release_meta + "\n  " + RELEASE_ANCHOR, 1)
    check_inline_scripts(page)  # (the page as shipped, its stamps included)
    (out / "index.html").write_text(page, "utf-8")
    gift = write_gift_page(out, root, base_url)  # (the gift page)
    worker = with_shared((root / "sw.template.js").read_text("utf-8"))
    release = release_of(out, worker)  # (every file but sw.js is written)
    page = page.replace(release_meta, RELEASE_META.format(release=release), 1)
    (out / "index.html").write_text(page, "utf-8")
    shipped = sorted([*files, Path(START), *map(Path, inflated), Path(snapshot_path(tag)),
                      Path(STDLIB_REST), *gift])  # fmt: skip
    # (a packed file is precached in the form the page asks for: NAME.gz, kept inflated; the
    # extras only when the page asks: sw.template.js)
    extras = [Path(snapshot_path(tag)), Path(STDLIB_REST)]
    precached = [p for p in shipped if not p.as_posix().startswith(NOT_PRECACHED)
                 and p.as_posix() not in PACKED and p not in extras]  # fmt: skip
    decompressed = {snapshot_path(tag): sparse_form, **inflated}
    manifest = precache_manifest(out, precached, decompressed)
    kept_later = precache_manifest(out, extras, decompressed, page=False)
    worker = worker.replace('"__RELEASE__"', json.dumps(release))
    worker = worker.replace("[/*__FILES__*/]", _files_literal(manifest))
    worker = worker.replace("[/*__EXTRAS__*/]", _files_literal(kept_later))
    if "__RELEASE__" in worker or "__FILES__" in worker or "__EXTRAS__" in worker:
        raise BuildError("sw.template.js lost its placeholders")
    (out / "sw.js").write_text(worker, "utf-8")
    (out / ".nojekyll").write_text("", "utf-8")
    return release


def _base_url_argument(value: str) -> str:
    try:
        return checked_base_url(value)
    except BuildError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where to build (default build/site)")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--base-url", type=_base_url_argument, default=None,
                        help="the site's public address (previews need absolute URLs)")  # fmt: skip
    parser.add_argument("--shared", action="store_true",
                        help="only write the shared constants into the sources")  # fmt: skip
    args = parser.parse_args(argv)
    try:
        if args.shared:
            changed = write_shared()
            print(f"build: shared constants written into {changed or 'nothing (up to date)'}")
            return 0
        release = build(args.out, base_url=args.base_url)
    except BuildError as error:
        print(f"build: {error}", file=sys.stderr)
        return 1
    if not args.quiet:
        size = sum(p.stat().st_size for p in args.out.rglob("*") if p.is_file())
        count = sum(1 for p in args.out.rglob("*") if p.is_file())
        print(f"build: release {release}: {count} files, {size / 1e6:.1f} MB in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
