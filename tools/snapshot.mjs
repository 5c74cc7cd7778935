// Make the game's memory snapshot with the vendored Pyodide running in Node (tools/build.py
// calls this; run by hand only to debug it):
//
//   node tools/snapshot.mjs [--stdlib ZIP] [--census [--compile PATHS] [--start-zip ZIP]]
//                           PYODIDE_DIR ARCHIVE OUT TAG MODULE [MODULE ...]
//
// It starts Pyodide with `_makeSnapshot: true` (its standard library from ZIP if given: the
// build's start archive, which holds the game too; ARCHIVE is then "-"), puts ARCHIVE (the
// game's Python and catalogues) on Python's path as it lies (zipimport: nothing is unpacked, so
// nothing the unpacking would import is counted), imports every MODULE (one that cannot be imported here is listed as
// missing) (the game's pure modules and the standard-library modules the first ROLL needs),
// marks the snapshot with TAG (`magdagdon.__snapshot__`, checked by static/start.mjs after a
// restore), and writes Pyodide's memory snapshot to OUT. On stdout: one JSON line
// {bytes, modules, missing, ms}.
//
// With --census no snapshot is made: OUT receives JSON: under "files" the list of the standard
// library's files (their names inside its zip) that Python's start and those imports loaded
// (tools/build.py makes the start-up part of the standard library from it), and under
// "compiled" the bytecode (a .pyc that is never checked against a source, base64, under the path
// of its source with a "c" added: the archive carries it in its source's place) of each of
// ARCHIVE's modules in PATHS (comma-separated), compiled by this very Python without docstrings
// or column positions. With --start-zip, ZIP receives those files of the standard library, each
// compiled the same way (its .pyc in place of its .py), as python -OO would: Python's fresh start
// then compiles none of them (a third of the time it otherwise takes).
//
// Nothing that holds a JavaScript object may be imported here (the snapshot keeps only Python's
// memory): no `js`, no `pyscript`, no magdagdon.web.
import nodeCrypto from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const flag = (name) => (args[0] === name ? (args.shift(), true) : false);
const stdlib = flag("--stdlib") ? resolve(args.shift()) : undefined;
const census = flag("--census");
const compile = flag("--compile") ? args.shift().split(",").filter(Boolean) : [];
const startZip = flag("--start-zip") ? resolve(args.shift()) : undefined;
const [pyodideDir, archive, out, tag, ...modules] = args;
const GAME_ZIP = "/tmp/magdagdon-game.zip";
if (!pyodideDir || !archive || !out || !tag) {
  console.error("usage: node tools/snapshot.mjs [--stdlib ZIP] [--census [--compile PATHS] [--start-zip ZIP]] PYODIDE_DIR ARCHIVE OUT TAG MODULE [MODULE ...]");
  process.exit(2);
}

// The same bytes from every build of the same sources (tools/build.py's release follows them):
// nothing of this machine may reach Python's memory. Emscripten names the program after this
// script's path (environ's `_`), and seeds the interpreter's
// randomness (os.urandom: the `random` module's state, the hash of a bytes' digest cache...)
// from the system: a fixed name, and numbers drawn from a fixed seed. (static/start.mjs
// reseeds `random` after every restore, so no two players share its numbers.)
process.argv = [process.argv[0], "/magdagdon/snapshot.mjs"];
// (and Python's sys._emscripten_info.runtime says which Node made it: not which one)
Object.defineProperty(process, "version", { value: "(the build's)", configurable: true });
let drawn = 0;
const fill = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let at = 0; at < bytes.length; ) {
    const block = nodeCrypto.createHash("sha256").update(`magdagdon ${drawn++}`).digest();
    for (let i = 0; i < block.length && at < bytes.length; i++) bytes[at++] = block[i];
  }
  return view;
};
nodeCrypto.randomFillSync = fill;
if (globalThis.crypto) {
  Object.defineProperty(globalThis.crypto, "getRandomValues", { value: fill, configurable: true });
}
// The allocator's keys are drawn from the clock too (mimalloc's weak random, before the
// system's randomness is asked): a clock that starts at a fixed moment and moves by the same
// step at every reading. (Only this run's JavaScript reads it: Node's own timers keep theirs.)
const now = performance.now.bind(performance);
const started = now();
let ticks = 0;
const EPOCH = Date.UTC(2026, 0, 1);
Date.now = () => EPOCH + ticks++;
Object.defineProperty(performance, "now", { value: () => ticks++, configurable: true });
const indexURL = resolve(pyodideDir) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const pyodide = await loadPyodide({
  indexURL,
  ...(stdlib ? { stdLibURL: stdlib } : {}),
  _makeSnapshot: !census,
  // The same hash seed in every build: the same sources make the same snapshot. The census
  // compiles without column positions (smaller bytecode; a traceback still names the line).
  env: { PYTHONHASHSEED: "0", ...(census ? { PYTHONNODEBUGRANGES: "1" } : {}) },
  stdout: (line) => process.stderr.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
// The game's archive is imported from where it lies, as the page imports it from its start-up
// archive (zipimport is Python's own: nothing of the standard library unpacks it). Without
// --census the game is inside --stdlib ZIP already, and ARCHIVE is "-".
if (archive !== "-") {
  pyodide.FS.writeFile(GAME_ZIP, await readFile(archive));
  pyodide.runPython(`import sys; sys.path.append(${JSON.stringify(GAME_ZIP)})`);
}
pyodide.globals.set("_wanted", pyodide.toPy(modules));
pyodide.globals.set("_tag", tag);
const [count, missing] = pyodide.runPython(`
import importlib, sys
_missing = []
for _name in _wanted:
    try:
        importlib.import_module(_name)
    except ImportError:
        _missing.append(_name)
import magdagdon
magdagdon.__snapshot__ = _tag
del _name, _wanted, _tag
[len(sys.modules), _missing]
`).toJs();
if (census) {
  // Each loaded module's file, as a name inside the standard library's zip.
  const files = JSON.parse(pyodide.runPython(`
import json, sys
_zip = next(p for p in sys.path if p.endswith(".zip")) + "/"
json.dumps(sorted({m.__spec__.origin[len(_zip):] for m in list(sys.modules.values())
                   if (getattr(getattr(m, "__spec__", None), "origin", None) or "").startswith(_zip)}))
`));
  // (after the census: py_compile's own imports are not the game's)
  pyodide.globals.set("_compile", pyodide.toPy(compile));
  const compiled = JSON.parse(pyodide.runPython(`
import ast, base64, importlib.util, json
from importlib._bootstrap_external import _code_to_hash_pyc

#: Kept whole (docstrings and assertions): Pyodide's own packages give their docstrings to the
#: JavaScript-made functions they describe (_pyodide.docstring).
_WHOLE = ("_pyodide/", "pyodide/")


def _without_docstrings(tree):
    """tree, each module's, class's and function's docstring taken out (a pass if that was all)."""
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass(lineno=body[0].lineno, col_offset=0)]
    return tree


def _unchecked_pyc(source, name, game=False):
    """path's bytecode, as this Python writes it: hash-based, never checked against a source;
    without docstrings (the game's own modules keep their assertions, the standard library's
    are compiled as python -OO does, Pyodide's packages whole) and without column positions
    (this Python runs with PYTHONNODEBUGRANGES: a traceback still names each line)."""
    whole = not game and name.rpartition(".zip/")[2].startswith(_WHOLE)
    if game:
        code = compile(_without_docstrings(ast.parse(source, name)), name, "exec", dont_inherit=True)
    else:
        code = compile(source, name, "exec", dont_inherit=True, optimize=0 if whole else 2)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))

# (a module without its source beside it: the import system loads NAME.pyc in NAME.py's place)
import zipimport
_game = zipimport.zipimporter(${JSON.stringify(GAME_ZIP)})
_compiled = {_path + "c": base64.b64encode(_unchecked_pyc(_game.get_data(_path), _path, game=True)).decode()
             for _path in _compile}
json.dumps(_compiled)
`));
  if (startZip) {
    pyodide.globals.set("_files", pyodide.toPy(files));
    pyodide.runPython(`
import sys, zipfile
_zip = next(p for p in sys.path if p.endswith(".zip"))
with zipfile.ZipFile(_zip) as _whole, zipfile.ZipFile("/tmp/start.zip", "w") as _start:
    for _name in sorted(_files):
        _info = _whole.getinfo(_name)
        _data = _whole.read(_info)
        if _name.endswith(".py"):
            _name, _data = _name + "c", _unchecked_pyc(_data, f"{_zip}/{_name}")
        _member = zipfile.ZipInfo(_name, _info.date_time)
        _member.compress_type = zipfile.ZIP_DEFLATED
        _member.external_attr = _info.external_attr
        _start.writestr(_member, _data, compresslevel=9)
`);
    await writeFile(startZip, pyodide.FS.readFile("/tmp/start.zip"));
  }
  await writeFile(out, JSON.stringify({ files, compiled }));
  process.stdout.write(JSON.stringify({ files: files.length, compiled: compile.length, modules: count, missing }) + "\n");
} else {
  const snapshot = pyodide.makeMemorySnapshot();
  await writeFile(out, snapshot);
  process.stdout.write(
    JSON.stringify({ bytes: snapshot.length, modules: count, missing, ms: Math.round(now() - started) }) + "\n",
  );
}
