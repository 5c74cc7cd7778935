// Make the game's memory snapshot with the vendored Pyodide running in Node (tools/build.py
// calls this; run by hand only to debug it):
//
//   node tools/snapshot.mjs PYODIDE_DIR ARCHIVE OUT TAG MODULE [MODULE ...]
//
// It starts Pyodide with `_makeSnapshot: true`, unpacks ARCHIVE (the game's Python and
// catalogues) into the working directory, imports every MODULE (one that cannot be imported here is
// listed as missing) (the game's pure modules and the
// standard-library modules the first ROLL needs), marks the snapshot with TAG
// (`magdagdon.__snapshot__`, checked by static/start.mjs after a restore), and writes Pyodide's
// memory snapshot to OUT. On stdout: one JSON line {bytes, modules, ms}.
//
// Nothing that holds a JavaScript object may be imported here (the snapshot keeps only Python's
// memory): no `js`, no `pyscript`, no magdagdon.web.
import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, archive, out, tag, ...modules] = process.argv.slice(2);
if (!pyodideDir || !archive || !out || !tag) {
  console.error("usage: node tools/snapshot.mjs PYODIDE_DIR ARCHIVE OUT TAG MODULE [MODULE ...]");
  process.exit(2);
}

const started = performance.now();
const indexURL = resolve(pyodideDir) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const pyodide = await loadPyodide({
  indexURL,
  _makeSnapshot: true,
  // The same hash seed in every build: the same sources make the same snapshot.
  env: { PYTHONHASHSEED: "0" },
  stdout: (line) => process.stderr.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
const bytes = await readFile(archive);
pyodide.unpackArchive(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), "zip");
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
// The lever measured by bench/snapshot_lever.py: a collection first, when GC=1.
if (process.env.GC === "1") pyodide.runPython("import gc; gc.collect(); gc.collect()");
const snapshot = pyodide.makeMemorySnapshot();
await writeFile(out, snapshot);
process.stdout.write(
  JSON.stringify({ bytes: snapshot.length, modules: count, missing, ms: Math.round(performance.now() - started) }) + "\n",
);
