// The game's Python runtime: Pyodide, started from a memory snapshot when the page has one.
//
// pyscript.toml's `interpreter` names this module; PyScript imports it and calls its
// `loadPyodide(options)` as it would Pyodide's own (polyscript/esm/interpreter/pyodide.js).
//
// A built site (tools/build.py) carries <meta name="magdagdon-snapshot" content=URL
// data-tag=TAG>: a gzipped memory snapshot of Pyodide taken right after the game's modules and
// the standard library the first ROLL needs were imported (tools/snapshot.mjs), made by the very
// same Pyodide. Restoring it skips Python's whole start and those imports. The snapshot is used
// only if everything checks out: it downloads and decompresses, Pyodide accepts it (its magic
// number and build id), and it is the game's own (magdagdon.__snapshot__ == TAG). Anything else
// (a stale cache, a damaged file, a browser without DecompressionStream) falls back to the
// ordinary start, which is what a page served from the sources always does.
import { loadPyodide as loadRuntime, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

// PyScript passes the folder of this module as indexURL: the runtime's files are elsewhere.
const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const meta = globalThis.document?.querySelector('meta[name="magdagdon-snapshot"]');

// The snapshot is fetched, decompressed and expanded off the main thread when the browser can
// run a module worker (snapshot-worker.mjs), on it otherwise (snapshot.mjs is the code of both).
function inWorker(url) {
  return new Promise((resolve, reject) => {
    let worker;
    try {
      worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    } catch (error) {
      reject(new Error(`snapshot worker: ${error.message}`));
      return;
    }
    worker.onmessage = ({ data }) => {
      if (data.arrived !== undefined) return arrived(url, data.arrived);
      worker.terminate();
      if (data.error) reject(new Error(data.error)); else resolve(data.bytes);
    };
    worker.onerror = (event) => {
      worker.terminate();
      event.preventDefault();
      reject(new Error(`snapshot worker: ${event.message || "failed"}`));
    };
    worker.postMessage(String(url));
  });
}

// How much of the snapshot has arrived, for boot.js's progress bar (a first visit's).
function arrived(url, bytes) {
  document.dispatchEvent(new CustomEvent("magdagdon:arrived", { detail: { url: String(url), bytes } }));
}

function fetchSnapshot(url) {
  return inWorker(url).catch((error) => {
    if (String(error.message).startsWith("snapshot worker")) {
      return import("./snapshot.mjs").then(({ download }) => download(url, (n) => arrived(url, n)));
    }
    throw error; // the worker ran: the snapshot itself is at fault
  });
}

// Started at once: boot.js imports this module as soon as the first frame is painted (at once on
// a visit served by the service worker), before PyScript has read its configuration; PyScript's
// own import later finds the same module. A failure is kept for loadPyodide to see.
// performance marks (read by bench/load.py): when the snapshot is in memory, when Python is up.
const mark = (name) => performance.mark(`magdagdon:${name}`);
const snapshot = meta ? fetchSnapshot(new URL(meta.content, document.baseURI)).then(
  (bytes) => { mark("snapshot-ready"); return { bytes }; },
  (error) => ({ error }),
) : null;

// Python run right after a restore: the snapshot must be this release's, and `random` (if the
// snapshot imported it) must not replay the same numbers on every visit.
const CHECK = `
import sys
_magdagdon = sys.modules.get("magdagdon")
if "random" in sys.modules:
    sys.modules["random"].seed()
getattr(_magdagdon, "__snapshot__", None)
`;

async function fromSnapshot(options) {
  // The runtime's own downloads and its JavaScript go on while the snapshot arrives.
  const bytes = snapshot.then(({ bytes, error }) => {
    if (error) throw error;
    return bytes;
  });
  // The runtime awaits it only after its own first steps: until then a failed download must not
  // count as an unhandled rejection (boot.js would take it for a failed start).
  bytes.catch(() => {});
  const pyodide = await loadRuntime({ ...options, _loadSnapshot: bytes });
  const tag = pyodide.runPython(CHECK);
  if (tag !== meta.dataset.tag) {
    throw new Error(`snapshot: made for ${tag}, this page is ${meta.dataset.tag}`);
  }
  return pyodide;
}

export async function loadPyodide(options = {}) {
  mark("runtime-asked");
  const settings = { ...options, indexURL: INDEX_URL };
  if (snapshot) {
    try {
      const pyodide = await fromSnapshot(settings);
      document.documentElement.dataset.python = "snapshot";
      mark("python-up");
      return pyodide;
    } catch (error) {
      console.warn("MAGDAGDON: starting Python without its snapshot:", error);
    }
  }
  document.documentElement.dataset.python = "fresh";
  const pyodide = await loadRuntime(settings);
  mark("python-up");
  return pyodide;
}
