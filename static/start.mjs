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

// The snapshot arrives gzipped from the server, and already decompressed from the service worker
// (sw.js keeps it so) or from a server that decoded it on the way: its first bytes say which.
function isGzip(chunk) {
  return chunk.length >= 2 && chunk[0] === 0x1f && chunk[1] === 0x8b;
}

async function download(url) {
  // Read straight from the service worker's cache when it has it (no trip through the worker).
  const cached = await globalThis.caches?.match(url).catch(() => undefined);
  const response = cached ?? await fetch(url);
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const first = await reader.read();
  if (first.done) throw new Error("snapshot: empty");
  const body = new ReadableStream({
    start(controller) { controller.enqueue(first.value); },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close(); else controller.enqueue(value);
    },
  });
  const stream = isGzip(first.value) ? body.pipeThrough(new DecompressionStream("gzip")) : body;
  return expand(new Uint8Array(await new Response(stream).arrayBuffer()));
}

// tools/build.py ships the snapshot without its zero pages: "MGDSPRS1", then little-endian u32s
// (full length, number of runs, offset and length of each run), then the runs' bytes.
const SPARSE = new TextEncoder().encode("MGDSPRS1");

function expand(packed) {
  if (!SPARSE.every((byte, i) => packed[i] === byte)) return packed; // a plain snapshot
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const u32 = (i) => view.getUint32(SPARSE.length + 4 * i, true);
  const memory = new Uint8Array(u32(0));
  const runs = u32(1);
  let from = SPARSE.length + 4 * (2 + 2 * runs);
  for (let r = 0; r < runs; r++) {
    const offset = u32(2 + 2 * r), length = u32(3 + 2 * r);
    if (offset + length > memory.length || from + length > packed.length) {
      throw new Error("snapshot: damaged");
    }
    memory.set(packed.subarray(from, from + length), offset);
    from += length;
  }
  if (from !== packed.length) throw new Error("snapshot: damaged");
  return memory;
}

// Started at once: boot.js imports this module as soon as the first frame is painted (at once on
// a visit served by the service worker), before PyScript has read its configuration; PyScript's
// own import later finds the same module. A failure is kept for loadPyodide to see.
// performance marks (read by bench/load.py): when the snapshot is in memory, when Python is up.
const mark = (name) => performance.mark(`magdagdon:${name}`);
const snapshot = meta ? download(new URL(meta.content, document.baseURI)).then(
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
